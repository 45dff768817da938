"""Attention and transformer layers, as torch.nn's MultiheadAttention,
TransformerEncoderLayer/Encoder, TransformerDecoderLayer/Decoder and
Transformer: the same submodules, parameter names, initialisation, reprs,
checks and warnings, over F.multi_head_attention_forward and
F.scaled_dot_product_attention (nn/functional2.py).

torch's inference fast paths (``_transformer_encoder_layer_fwd``,
``_native_multi_head_attention``) compute the same values as the ordinary
path; the one observable difference, padded positions of a
TransformerEncoder's output coming back as zeros when it runs in eval mode on
a batch with a key padding mask (its nested-tensor path), is reproduced.
"""
import copy
import warnings

from cyautograd.nn import functional as F
from cyautograd.nn import init
from cyautograd.nn.module import Module
from cyautograd.nn.modules import Dropout, LayerNorm, Linear, ModuleList
from cyautograd.nn.parameter import Parameter
from cyautograd.nn.functional2 import _canonical_mask

__all__ = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerEncoder",
           "TransformerDecoderLayer", "TransformerDecoder", "Transformer"]


def _T():
    import cyautograd
    return cyautograd


class NonDynamicallyQuantizableLinear(Linear):
    """The Linear of MultiheadAttention's ``out_proj`` (torch's name, which its repr shows).

    >>> NonDynamicallyQuantizableLinear(4, 4)
    NonDynamicallyQuantizableLinear(in_features=4, out_features=4, bias=True)
    """


class MultiheadAttention(Module):
    """Multi-head attention, as torch.nn.MultiheadAttention:
    ``concat(head_1, ..., head_h) W_O`` with ``head_i = attention(Q W_i^Q, K W_i^K, V W_i^V)``.

    Args:
        embed_dim (int): model dimension (split over the heads).
        num_heads (int): parallel heads; must divide embed_dim.
        dropout (float): dropout on the attention weights (training).
        bias (bool): biases of the input and output projections.
        add_bias_kv (bool): learnt ``bias_k``/``bias_v`` appended to key and value.
        add_zero_attn (bool): a zero key/value appended.
        kdim, vdim (int): key/value feature sizes (default embed_dim; different sizes
            give separate ``q_proj_weight``/``k_proj_weight``/``v_proj_weight``).
        batch_first (bool): ``(batch, seq, feature)`` inputs and output.

    ``forward(query, key, value, key_padding_mask=None, need_weights=True,
    attn_mask=None, average_attn_weights=True, is_causal=False)`` returns
    ``(attn_output, attn_weights)`` (weights None when ``need_weights=False``).

    >>> mha = nn.MultiheadAttention(8, 2)
    >>> x = torch.randn(5, 3, 8)
    >>> out, w = mha(x, x, x)
    >>> out.shape, w.shape
    (torch.Size([5, 3, 8]), torch.Size([3, 5, 5]))
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None,
                 dtype=None):
        if embed_dim <= 0 or num_heads <= 0:
            raise ValueError(f"embed_dim and num_heads must be greater than 0, got "
                             f"embed_dim={embed_dim} and num_heads={num_heads} instead")
        super().__init__()
        T = _T()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(T.empty((embed_dim, embed_dim), dtype=dtype))
            self.k_proj_weight = Parameter(T.empty((embed_dim, self.kdim), dtype=dtype))
            self.v_proj_weight = Parameter(T.empty((embed_dim, self.vdim), dtype=dtype))
            self.register_parameter("in_proj_weight", None)
        else:
            self.in_proj_weight = Parameter(T.empty((3 * embed_dim, embed_dim), dtype=dtype))
            self.register_parameter("q_proj_weight", None)
            self.register_parameter("k_proj_weight", None)
            self.register_parameter("v_proj_weight", None)
        if bias:
            self.in_proj_bias = Parameter(T.empty(3 * embed_dim, dtype=dtype))
        else:
            self.register_parameter("in_proj_bias", None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias,
                                                        dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(T.empty((1, 1, embed_dim), dtype=dtype))
            self.bias_v = Parameter(T.empty((1, 1, embed_dim), dtype=dtype))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        if self._qkv_same_embed_dim:
            init.xavier_uniform_(self.in_proj_weight)
        else:
            init.xavier_uniform_(self.q_proj_weight)
            init.xavier_uniform_(self.k_proj_weight)
            init.xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.0)
            init.constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            init.xavier_normal_(self.bias_k)
        if self.bias_v is not None:
            init.xavier_normal_(self.bias_v)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True,
                attn_mask=None, average_attn_weights=True, is_causal=False):
        is_batched = query.dim() == 3
        key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                           None if attn_mask is None else attn_mask.dtype,
                                           "attn_mask", query.dtype)
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, False)
        if self.batch_first and is_batched:
            query, key, value = (x.transpose(1, 0) for x in (query, key, value))
        out, weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight,
            self.in_proj_bias, self.bias_k, self.bias_v, self.add_zero_attn, self.dropout,
            self.out_proj.weight, self.out_proj.bias, training=self.training,
            key_padding_mask=key_padding_mask, need_weights=need_weights, attn_mask=attn_mask,
            use_separate_proj_weight=not self._qkv_same_embed_dim,
            q_proj_weight=self.q_proj_weight, k_proj_weight=self.k_proj_weight,
            v_proj_weight=self.v_proj_weight, average_attn_weights=average_attn_weights,
            is_causal=is_causal)
        if self.batch_first and is_batched:
            return out.transpose(1, 0), weights
        return out, weights

    def merge_masks(self, attn_mask, key_padding_mask, query):
        """attn_mask and key_padding_mask merged into one float mask of shape
        ``(batch, num_heads, L, S)`` and its type (0: attn_mask only, 1: key padding
        only, 2: both), as torch's.

        >>> mha = nn.MultiheadAttention(4, 2)
        >>> m, t = mha.merge_masks(None, torch.tensor([[False, True]]), torch.zeros(1, 2, 4))
        >>> m.shape, t
        (torch.Size([1, 2, 2, 2]), 1)
        """
        mask_type = None
        merged = None
        if key_padding_mask is not None:
            mask_type = 1
            merged = key_padding_mask
        if attn_mask is not None:
            batch_size, seq_len, _ = query.shape
            mask_type = 2
            if attn_mask.dim() == 3:
                attn_mask_expanded = attn_mask.view(batch_size, -1, seq_len, seq_len)
            else:
                attn_mask_expanded = attn_mask.view(1, 1, seq_len, seq_len).expand(
                    batch_size, self.num_heads, -1, -1)
            merged = attn_mask_expanded
            if key_padding_mask is not None:
                kpm = key_padding_mask.view(batch_size, 1, 1, seq_len).expand(
                    -1, self.num_heads, -1, -1)
                merged = attn_mask_expanded + kpm
        return merged, mask_type


def _get_activation_fn(activation):
    if activation == "relu":
        return F.relu
    if activation == "gelu":
        return F.gelu
    raise RuntimeError(f"activation should be relu/gelu, not {activation}")


def _get_clones(module, n):
    return ModuleList([copy.deepcopy(module) for _ in range(n)])


def _generate_square_subsequent_mask(sz, device=None, dtype=None):
    T = _T()
    return T.full((sz, sz), float("-inf"), dtype=dtype or T.get_default_dtype(), device=device).triu(1)


def _get_seq_len(src, batch_first):
    if src.dim() == 2:
        return src.size(0)
    return src.size(1 if batch_first else 0)


def _detect_is_causal_mask(mask, is_causal=None, size=None):
    make_causal = is_causal is True
    if is_causal is None and mask is not None:
        sz = size if size is not None else mask.size(-2)
        causal = _generate_square_subsequent_mask(sz, dtype=mask.dtype)
        if tuple(mask.size()) == tuple(causal.size()):
            make_causal = bool((mask == causal).all())
        else:
            make_causal = False
    return make_causal


class TransformerEncoderLayer(Module):
    """Self-attention and a feed-forward block, each with a residual connection and
    LayerNorm, as torch.nn.TransformerEncoderLayer.

    Args:
        d_model (int): features of the input.
        nhead (int): attention heads.
        dim_feedforward (int): width of the feed-forward block (default 2048).
        dropout (float): dropout (default 0.1).
        activation: ``"relu"`` (default), ``"gelu"`` or a callable.
        layer_norm_eps (float): the LayerNorms' eps.
        batch_first (bool): ``(batch, seq, feature)`` input.
        norm_first (bool): LayerNorm before attention and feed-forward (pre-norm).
        bias (bool): biases in the Linear and LayerNorm layers.

    ``forward(src, src_mask=None, src_key_padding_mask=None, is_causal=False)``.

    >>> layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
    >>> layer(torch.randn(5, 3, 8)).shape
    torch.Size([5, 3, 8])
    """

    __constants__ = ["norm_first"]

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu,
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, bias=True,
                 device=None, dtype=None):
        super().__init__()
        from cyautograd.nn.modules import GELU, ReLU
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias,
                                            batch_first=batch_first, dtype=dtype)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        if isinstance(activation, str):
            activation = _get_activation_fn(activation)
        if activation is F.relu or isinstance(activation, ReLU):
            self.activation_relu_or_gelu = 1
        elif activation is F.gelu or isinstance(activation, GELU):
            self.activation_relu_or_gelu = 2
        else:
            self.activation_relu_or_gelu = 0
        self.activation = activation

    def forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False):
        src_key_padding_mask = _canonical_mask(
            src_key_padding_mask, "src_key_padding_mask",
            None if src_mask is None else src_mask.dtype, "src_mask", src.dtype)
        src_mask = _canonical_mask(src_mask, "src_mask", None, "", src.dtype, False)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask, is_causal)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask, is_causal))
            x = self.norm2(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal=False):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                           need_weights=False, is_causal=is_causal)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout2(x)


class TransformerEncoder(Module):
    """A stack of ``num_layers`` copies of an encoder layer (and an optional final
    norm), as torch.nn.TransformerEncoder.

    Args:
        encoder_layer (TransformerEncoderLayer): the layer copied.
        num_layers (int): how many copies.
        norm (Module, optional): applied to the last layer's output.
        enable_nested_tensor (bool): torch's sparsity fast path switch (its warning
            when the layer does not allow it is given as torch's).
        mask_check (bool): accepted for torch's signature.

    ``forward(src, mask=None, src_key_padding_mask=None, is_causal=None)``.

    >>> layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
    >>> enc = nn.TransformerEncoder(layer, num_layers=2)
    >>> enc(torch.randn(3, 5, 8)).shape
    torch.Size([3, 5, 8])
    """

    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True,
                 mask_check=True):
        super().__init__()
        self.layers = _get_clones(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.use_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check
        enc = "encoder_layer"
        why = ""
        if not isinstance(encoder_layer, TransformerEncoderLayer):
            why = f"{enc} was not TransformerEncoderLayer"
        elif encoder_layer.norm_first:
            why = f"{enc}.norm_first was True"
        elif not encoder_layer.self_attn.batch_first:
            why = (f"{enc}.self_attn.batch_first was not True"
                   "(use batch_first for better inference performance)")
        elif not encoder_layer.self_attn._qkv_same_embed_dim:
            why = f"{enc}.self_attn._qkv_same_embed_dim was not True"
        elif encoder_layer.self_attn.in_proj_bias is None:
            why = f"{enc}.self_attn was passed bias=False"
        elif not encoder_layer.activation_relu_or_gelu:
            why = f"{enc}.activation_relu_or_gelu was not True"
        elif encoder_layer.norm1.eps != encoder_layer.norm2.eps:
            why = f"{enc}.norm1.eps was not equal to {enc}.norm2.eps"
        elif encoder_layer.self_attn.num_heads % 2 == 1:
            why = f"{enc}.self_attn.num_heads is odd"
        if enable_nested_tensor and why:
            warnings.warn(f"enable_nested_tensor is True, but self.use_nested_tensor is False "
                          f"because {why}", stacklevel=2)
            self.use_nested_tensor = False

    def _nested_path(self, src, mask, key_padding_mask):
        """Whether torch would run this call through its nested-tensor path (which gives
        zeros at the padded positions)."""
        from cyautograd.grad_mode import is_grad_enabled
        first = self.layers[0]
        if not getattr(self, "use_nested_tensor", False) or first.training or src.dim() != 3 \
                or key_padding_mask is None or mask is not None:
            return False
        keep = key_padding_mask.logical_not()
        # left aligned: every row's kept positions come first
        if self.mask_check:
            lengths = keep.sum(1, keepdim=True)
            pos = _T().arange(keep.size(1)).unsqueeze(0)
            if not bool((keep == (pos < lengths)).all()):
                return False
        if is_grad_enabled() and (src.requires_grad or any(
                p.requires_grad for p in first.parameters())):
            return False
        return True

    def forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None):
        src_key_padding_mask = _canonical_mask(
            src_key_padding_mask, "src_key_padding_mask",
            None if mask is None else mask.dtype, "mask", src.dtype)
        mask = _canonical_mask(mask, "mask", None, "", src.dtype, False)
        nested = self._nested_path(src, mask, src_key_padding_mask)
        batch_first = self.layers[0].self_attn.batch_first
        seq_len = _get_seq_len(src, batch_first)
        is_causal = _detect_is_causal_mask(mask, is_causal, seq_len)
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=mask, is_causal=is_causal,
                         src_key_padding_mask=src_key_padding_mask)
        if nested:
            pad = src_key_padding_mask != 0          # (N, S), True where padded
            if not batch_first:
                pad = pad.t()
            output = output.masked_fill(pad.unsqueeze(-1), 0.0)
        if self.norm is not None:
            output = self.norm(output)
        return output


class TransformerDecoderLayer(Module):
    """Self-attention, attention over the encoder's memory and a feed-forward block,
    each with a residual connection and LayerNorm, as torch.nn.TransformerDecoderLayer.

    Args: as :class:`TransformerEncoderLayer`.

    ``forward(tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None, tgt_is_causal=False, memory_is_causal=False)``.

    >>> layer = nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
    >>> layer(torch.randn(4, 3, 8), torch.randn(5, 3, 8)).shape
    torch.Size([4, 3, 8])
    """

    __constants__ = ["norm_first"]

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu,
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, bias=True,
                 device=None, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first, bias=bias, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                                 batch_first=batch_first, bias=bias, dtype=dtype)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm3 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        if isinstance(activation, str):
            activation = _get_activation_fn(activation)
        self.activation = activation

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=False, memory_is_causal=False):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask, tgt_is_causal)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask,
                                    memory_is_causal)
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask,
                                               memory_is_causal))
            x = self.norm3(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal=False):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                           is_causal=is_causal, need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask, is_causal=False):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask,
                                key_padding_mask=key_padding_mask, is_causal=is_causal,
                                need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout3(x)


class TransformerDecoder(Module):
    """A stack of ``num_layers`` copies of a decoder layer (and an optional final
    norm), as torch.nn.TransformerDecoder.

    ``forward(tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
    memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal=False)``.

    >>> layer = nn.TransformerDecoderLayer(8, 2, 16)
    >>> dec = nn.TransformerDecoder(layer, num_layers=2)
    >>> dec(torch.randn(4, 3, 8), torch.randn(5, 3, 8)).shape
    torch.Size([4, 3, 8])
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _get_clones(decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal=False):
        output = tgt
        seq_len = _get_seq_len(tgt, self.layers[0].self_attn.batch_first)
        tgt_is_causal = _detect_is_causal_mask(tgt_mask, tgt_is_causal, seq_len)
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask,
                         memory_key_padding_mask=memory_key_padding_mask,
                         tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Module):
    """The encoder-decoder transformer of "Attention Is All You Need", as
    torch.nn.Transformer: a TransformerEncoder and a TransformerDecoder (each with a
    final LayerNorm), every matrix initialised with xavier_uniform_.

    Args:
        d_model (int): model dimension (default 512).
        nhead (int): attention heads (default 8).
        num_encoder_layers, num_decoder_layers (int): default 6 each.
        dim_feedforward (int): default 2048.
        dropout (float): default 0.1.
        activation: ``"relu"``, ``"gelu"`` or a callable.
        custom_encoder, custom_decoder (Module, optional): used instead of the built ones.
        layer_norm_eps (float), batch_first (bool), norm_first (bool), bias (bool).

    ``forward(src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
    src_key_padding_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None,
    src_is_causal=None, tgt_is_causal=None, memory_is_causal=False)``.

    >>> model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1,
    ...                        num_decoder_layers=1, dim_feedforward=16)
    >>> tgt_mask = nn.Transformer.generate_square_subsequent_mask(4)
    >>> model(torch.randn(5, 3, 8), torch.randn(4, 3, 8), tgt_mask=tgt_mask).shape
    torch.Size([4, 3, 8])
    """

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation=F.relu, custom_encoder=None,
                 custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
                 bias=True, device=None, dtype=None):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            encoder_layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout,
                                                    activation, layer_norm_eps, batch_first,
                                                    norm_first, bias, dtype=dtype)
            encoder_norm = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
            self.encoder = TransformerEncoder(encoder_layer, num_encoder_layers, encoder_norm)
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            decoder_layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout,
                                                    activation, layer_norm_eps, batch_first,
                                                    norm_first, bias, dtype=dtype)
            decoder_norm = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
            self.decoder = TransformerDecoder(decoder_layer, num_decoder_layers, decoder_norm)
        self._reset_parameters()
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
                src_key_padding_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None,
                memory_is_causal=False):
        is_batched = src.dim() == 3
        if not self.batch_first and src.size(1) != tgt.size(1) and is_batched:
            raise RuntimeError("the batch number of src and tgt must be equal")
        if self.batch_first and src.size(0) != tgt.size(0) and is_batched:
            raise RuntimeError("the batch number of src and tgt must be equal")
        if src.size(-1) != self.d_model or tgt.size(-1) != self.d_model:
            raise RuntimeError("the feature number of src and tgt must be equal to d_model")
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask,
                              is_causal=src_is_causal)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask,
                            tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)

    @staticmethod
    def generate_square_subsequent_mask(sz, device=None, dtype=None):
        """A causal mask for a sequence of length sz: ``-inf`` above the diagonal, 0
        elsewhere (float; masked positions are ``-inf``).

        >>> nn.Transformer.generate_square_subsequent_mask(3)
        tensor([[0., -inf, -inf],
                [0., 0., -inf],
                [0., 0., 0.]])
        """
        return _generate_square_subsequent_mask(sz, device, dtype)

    def _reset_parameters(self):
        for p in self.parameters():
            if p.dim() > 1:
                init.xavier_uniform_(p)
