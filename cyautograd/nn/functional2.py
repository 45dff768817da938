"""More of torch.nn.functional: attention, the normalisations, resampling,
folding, the rarer activations and losses. Re-exported by
cyautograd.nn.functional (its last import block), so ``F.<name>`` is the way in.

Everything here is composite (NOTE [ Composite functionals ] in
nn/functional.py): values and gradients are torch's to float rounding, and
``grad_fn`` is the node of the last op used where torch has a fused kernel of
its own (``ScaledDotProductFlashAttentionForCpuBackward0``,
``NativeGroupNormBackward0``, ...).
"""
import math
import sys
import warnings

import numpy as np

from cyautograd.function import Function
from cyautograd.grad_mode import no_grad
from cyautograd.nn import functional as F

__all__ = ["scaled_dot_product_attention", "multi_head_attention_forward"]


def _on(like, t):
    """A host-made index or weight table t (computed from shapes, never from
    values) on tensor like's device: an explicit copy (NOTE [ Device backends ])."""
    return t if like.is_cpu else t.to(like.device)


def _T():
    import cyautograd
    return cyautograd


_C_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half",
            "bfloat16": "c10::BFloat16", "int64": "long int", "int32": "int", "int16": "short int",
            "int8": "signed char", "uint8": "unsigned char", "bool": "bool"}


def _check_alloc(shape, element_size):
    """torch's errors for an output too large to allocate, raised before any loop over
    the output (a huge output_size would otherwise run for ever)."""
    numel = 1
    for v in shape:
        if v < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {v}: "
                               f"{list(shape)}")
        numel *= v
    if numel > (1 << 63) - 1:
        raise RuntimeError("numel: integer multiplication overflow")
    nbytes = numel * element_size
    if nbytes > (1 << 40):
        raise RuntimeError(f"DefaultCPUAllocator: not enough memory: you tried to allocate "
                           f"{nbytes} bytes.")


# NOTE [ Argument types of the nn functionals ]
# Where torch's functional is (or first calls) a native op, its argument parser
# rejects a wrong type with TypeError before anything runs; _args does the same
# for the parameters that parser sees (Tensor, Tensor?, int, int[], float, bool),
# so bad input gets torch's exception type rather than whatever the composite's
# first op would raise.
def _tname(v):
    from cyautograd.tensor import Tensor
    return "Tensor" if isinstance(v, Tensor) else type(v).__name__


def _is_int(v):
    from cyautograd.tensor import Tensor
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, np.integer)):
        return True
    return isinstance(v, Tensor) and v.dim() == 0 and not v.is_floating_point() and \
        v.dtype != _T().bool


def _ok(kind, v):
    from cyautograd.tensor import Tensor
    if kind.endswith("?"):
        if v is None:
            return True
        kind = kind[:-1]
    if kind == "Tensor":
        return isinstance(v, Tensor)
    if kind == "int":
        return _is_int(v)
    if kind == "int[]":     # torch's sized int[N]: one int stands for N of them
        if _is_int(v):
            return True
        return isinstance(v, (tuple, list)) and all(_is_int(x) for x in v)
    if kind == "intlist":   # torch's unsized int[] (rms_norm's normalized_shape): no bare int
        return isinstance(v, (tuple, list)) and all(_is_int(x) for x in v)
    if kind == "float":
        if isinstance(v, (int, float, np.integer, np.floating)):
            return True
        return isinstance(v, Tensor) and v.dim() == 0
    if kind == "bool":
        return isinstance(v, (bool, np.bool_))
    return True


_KIND_WORDS = {"Tensor": "Tensor", "int": "int", "int[]": "tuple of ints", "intlist": "tuple of ints", "float": "float",
               "bool": "bool"}


def _args(fname, spec, *values):
    """Raise torch's TypeError when a value does not fit its parameter's kind
    (spec: "name:kind" strings, in the order of values)."""
    for pos, (item, v) in enumerate(zip(spec, values), 1):
        name, kind = item.split(":")
        if not _ok(kind, v):
            raise TypeError(f"{fname}(): argument '{name}' (position {pos}) must be "
                            f"{_KIND_WORDS[kind.rstrip('?')]}, not {_tname(v)}")
        if kind.rstrip("?") in ("int", "int[]", "intlist"):
            _int64_check(fname, name, v)


def _past_int64(v):
    return isinstance(v, (int, np.integer)) and not -(1 << 63) <= int(v) < (1 << 63)


def _int64_check(fname, name, v):
    """An int past int64 (NOTE [ An int past int64 unpacks as a ValueError ]):
    alone, THPUtils_unpackLong's ValueError; inside a list, the parser's
    TypeError naming its position."""
    if _past_int64(v):
        raise ValueError("Overflow when unpacking long long")
    if isinstance(v, (tuple, list)):
        for k, x in enumerate(v, 1):
            if _past_int64(x):
                raise TypeError(f"{fname}(): argument '{name}' failed to unpack the object at pos {k} with "
                                f"error \"Overflow when unpacking long long\"")


def _cname(dtype):
    s = str(dtype).split(".")[-1]
    return _C_NAMES.get(s, s)


# ================================================================ attention
def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    """Attention ``softmax(Q K^T * scale + mask) V``, as
    torch.nn.functional.scaled_dot_product_attention.

    Args:
        query (Tensor): ``(..., L, E)``.
        key (Tensor): ``(..., S, E)``.
        value (Tensor): ``(..., S, Ev)``.
        attn_mask (Tensor, optional): broadcastable to ``(..., L, S)``; bool (True: take
            part) or float (added to the scores).
        dropout_p (float): dropout on the attention weights.
        is_causal (bool): query ``i`` attends keys ``j <= i`` (top-left aligned).
        scale (float, optional): default ``1 / sqrt(E)``.
        enable_gqa (bool): grouped-query attention: key/value heads (dim -3) are repeated
            to the query's.

    A query row whose keys are all masked gives zeros, as torch's. The gradient
    is composite (torch's grad_fn is its fused ScaledDotProductFlashAttentionForCpuBackward0).

    >>> q = k = v = torch.randn(2, 4, 3, 8)
    >>> F.scaled_dot_product_attention(q, k, v, is_causal=True).shape
    torch.Size([2, 4, 3, 8])
    """
    _args("scaled_dot_product_attention", ("query:Tensor", "key:Tensor", "value:Tensor", "attn_mask:Tensor?", "dropout_p:float", "is_causal:bool"),
          query, key, value, attn_mask, dropout_p, is_causal)
    T = _T()
    if query.dim() < 2 or key.dim() < 2 or value.dim() < 2:
        raise RuntimeError("Expected query, key, and value to all be  at least 2 dimensional, but "
                           f"got query.dim: {query.dim()} key.dim: {key.dim()} and value.dim: "
                           f"{value.dim()} instead.")
    if not (query.dtype == key.dtype == value.dtype):
        raise RuntimeError("Expected query, key, and value to have the same dtype, but got "
                           f"query.dtype: {_cname(query.dtype)} key.dtype: {_cname(key.dtype)} and "
                           f"value.dtype: {_cname(value.dtype)} instead.")
    if attn_mask is not None and attn_mask.dtype != T.bool and \
            attn_mask.dtype != query.dtype:
        raise RuntimeError("Expected attn_mask dtype to be bool or float or to match query dtype, "
                           f"but got attn_mask.dtype: {_cname(attn_mask.dtype)} and  query.dtype: "
                           f"{_cname(query.dtype)} instead.")
    L, S, E = query.size(-2), key.size(-2), query.size(-1)
    if enable_gqa and query.dim() >= 3 and key.dim() >= 3:
        hq, hk, hv = query.size(-3), key.size(-3), value.size(-3)
        if hq % hk != 0 or hq % hv != 0:
            raise RuntimeError("Number of heads in key and value must divide the number of heads "
                               "in ")

        def rep(t, h):
            if h == hq:
                return t
            r = hq // h
            lead = tuple(t.shape[:-3])
            return t.unsqueeze(-3).expand(*lead, h, r, t.size(-2), t.size(-1)).reshape(
                *lead, hq, t.size(-2), t.size(-1))
        key, value = rep(key, hk), rep(value, hv)
    scale_factor = 1.0 / math.sqrt(E) if scale is None else scale
    bias = None
    masked = None       # bool, True where a key is masked out
    if is_causal:
        masked = T.ones((L, S), dtype=T.bool, device=query.device).tril(0).logical_not()
    if attn_mask is not None:
        if attn_mask.dtype == T.bool:
            m = attn_mask.logical_not()
            masked = m if masked is None else masked.logical_or(m)
        else:
            bias = attn_mask
    scores = query.matmul(key.transpose(-2, -1)) * scale_factor
    if bias is not None:
        scores = scores + bias
    if masked is not None:
        scores = scores.masked_fill(masked, float("-inf"))
    # a row with every key masked (-inf) gives zeros, as torch's _safe_softmax: its
    # scores are zeroed before the softmax so that no nan reaches the gradient
    if masked is not None or bias is not None:
        dead = (scores == float("-inf")).all(-1, keepdim=True)
        if bool(dead.any()):
            scores = scores.masked_fill(dead, 0.0)
            attn = F.softmax(scores, dim=-1).masked_fill(dead, 0.0)
        else:
            attn = F.softmax(scores, dim=-1)
    else:
        attn = F.softmax(scores, dim=-1)
    if dropout_p > 0.0:
        attn = F.dropout(attn, dropout_p, True)
    return attn.matmul(value)


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    if query.dim() == 3:
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D"
                                 f" but found {key.dim()}-D and {value.dim()}-D tensors "
                                 "respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 2-D but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, "
                                 f"2-D or 3-D but found {attn_mask.dim()}-D tensor instead")
        return True
    if query.dim() == 2:
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be "
                                 f"2-D but found {key.dim()}-D and {value.dim()}-D tensors "
                                 "respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 1-D but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be "
                                     f"`None`, 2-D or 3-D but found {attn_mask.dim()}-D tensor "
                                     "instead")
            if attn_mask.dim() == 3:
                expected = (num_heads, query.shape[0], key.shape[0])
                if tuple(attn_mask.shape) != expected:
                    raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got "
                                         f"{attn_mask.shape}")
        return False
    raise AssertionError("query should be unbatched 2D or batched 3D tensor but received "
                         f"{query.dim()}-D query tensor")


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    if mask is None:
        return None
    T = _T()
    is_float = mask.is_floating_point()
    if mask.dtype != T.bool and not is_float:
        raise AssertionError(f"only bool and floating types of {mask_name} are supported")
    if check_other and other_type is not None and mask.dtype != other_type:
        warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. Use "
                      "same type for both instead.", stacklevel=3)
    if not is_float:
        mask = T.zeros(tuple(mask.shape), dtype=target_type, device=mask.device).masked_fill(mask, float("-inf"))
    return mask


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight,
                                 in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p,
                                 out_proj_weight, out_proj_bias, training=True,
                                 key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None,
                                 k_proj_weight=None, v_proj_weight=None, static_k=None,
                                 static_v=None, average_attn_weights=True, is_causal=False):
    """The forward of nn.MultiheadAttention, as torch.nn.functional.multi_head_attention_forward:
    project query, key and value, attend per head, project the heads back.

    Args: as torch's (query ``(L, N, E)`` or ``(L, E)``, key/value ``(S, N, E)``; the
    projection weights and biases; masks; ``need_weights`` returns the attention
    weights, averaged over the heads when ``average_attn_weights``).

    >>> E, H = 8, 2
    >>> x = torch.randn(3, 1, E)
    >>> out, w = F.multi_head_attention_forward(x, x, x, E, H, torch.randn(3 * E, E),
    ...     torch.zeros(3 * E), None, None, False, 0.0, torch.randn(E, E), torch.zeros(E))
    >>> out.shape, w.shape
    (torch.Size([3, 1, 8]), torch.Size([1, 3, 3]))
    """
    T = _T()
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                       None if attn_mask is None else attn_mask.dtype,
                                       "attn_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to "
                           "create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but got "
                             f"{embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if tuple(key.shape[:2]) != tuple(value.shape[:2]):
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match "
                                 f"value's {value.shape[:2]}")
        b_q = b_k = b_v = None
        if in_proj_bias is not None:
            b_q, b_k, b_v = in_proj_bias.chunk(3)
        q = F.linear(query, q_proj_weight, b_q)
        k = F.linear(key, k_proj_weight, b_k)
        v = F.linear(value, v_proj_weight, b_v)
    else:
        if tuple(key.shape) != tuple(value.shape):
            raise AssertionError(f"key shape {key.shape} does not match value shape {value.shape}")
        w_q, w_k, w_v = in_proj_weight.chunk(3)
        b_q = b_k = b_v = None
        if in_proj_bias is not None:
            b_q, b_k, b_v = in_proj_bias.chunk(3)
        q = F.linear(query, w_q, b_q)
        k = F.linear(key, w_k, b_k)
        v = F.linear(value, w_v, b_v)
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            if tuple(attn_mask.shape) != (tgt_len, src_len):
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but "
                                   f"should be {(tgt_len, src_len)}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            want = (bsz * num_heads, tgt_len, src_len)
            if tuple(attn_mask.shape) != want:
                raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but "
                                   f"should be {want}.")
        else:
            raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")
    if bias_k is not None and bias_v is not None:
        k = T.cat([k, bias_k.repeat(1, bsz, 1)])
        v = T.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    q = q.reshape(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = (k.reshape(k.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
         if static_k is None else static_k)
    v = (v.reshape(v.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
         if static_v is None else static_v)
    if add_zero_attn:
        zeros = T.zeros((bsz * num_heads, 1, head_dim), dtype=k.dtype, device=k.device)
        k = T.cat([k, zeros], 1)
        v = T.cat([v, T.zeros((bsz * num_heads, 1, head_dim), dtype=v.dtype, device=v.device)], 1)
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    src_len = k.size(1)
    if key_padding_mask is not None:
        if key_padding_mask.shape[0] != bsz:
            raise AssertionError(f"Expected key_padded_mask.shape[0] to be {bsz}, but got "
                                 f"{key_padding_mask.shape[0]}")
        if key_padding_mask.shape[1] != src_len:
            raise AssertionError(f"Expected key_padded_mask.shape[1] to be {src_len}, but got "
                                 f"{key_padding_mask.shape[1]}")
        key_padding_mask = key_padding_mask.reshape(bsz, 1, 1, src_len).expand(
            -1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        q_scaled = q * math.sqrt(1.0 / float(head_dim))
        scores = q_scaled.bmm(k.transpose(-2, -1))
        if attn_mask is not None:
            scores = attn_mask + scores
        weights = F.softmax(scores, dim=-1)
        if dropout_p > 0.0:
            weights = F.dropout(weights, p=dropout_p)
        out = weights.bmm(v)
        out = out.transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        out = F.linear(out, out_proj_weight, out_proj_bias)
        out = out.view(tgt_len, bsz, out.size(1))
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not is_batched:
            out, weights = out.squeeze(1), weights.squeeze(0)
        return out, weights
    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.reshape(bsz, num_heads, -1, src_len)
    q = q.reshape(bsz, num_heads, tgt_len, head_dim)
    k = k.reshape(bsz, num_heads, src_len, head_dim)
    v = v.reshape(bsz, num_heads, src_len, head_dim)
    out = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    out = out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    out = F.linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.size(1))
    if not is_batched:
        out = out.squeeze(1)
    return out, None


__all__ += [
    "selu", "celu", "softmin", "softshrink", "hardshrink", "threshold", "rrelu", "prelu",
    "relu_", "elu_", "leaky_relu_", "hardtanh_", "threshold_", "selu_", "celu_", "rrelu_",
    "alpha_dropout", "feature_alpha_dropout", "dropout1d", "dropout2d", "dropout3d",
    "group_norm", "instance_norm", "rms_norm", "local_response_norm",
    "conv3d", "conv_transpose1d", "conv_transpose2d",
    "interpolate", "upsample", "upsample_nearest", "upsample_bilinear",
    "adaptive_avg_pool1d", "adaptive_max_pool1d", "adaptive_max_pool2d",
    "max_pool2d_with_indices", "max_pool1d_with_indices", "max_unpool1d", "max_unpool2d",
    "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "unfold", "fold",
    "embedding_bag",
]

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


# ================================================================ activations
def _neg_part(x):
    return x.clamp_max(0.0)


def selu(input, inplace=False):
    """SELU, ``scale * (max(0, x) + min(0, alpha * (exp(x) - 1)))`` with torch's
    constants, elementwise (as torch.nn.functional.selu).

    >>> F.selu(torch.tensor([-1., 0., 2.]))
    tensor([-1.1113,  0.0000,  2.1014])
    """
    _args("selu", ("input:Tensor",),
          input)
    F._not_for_ints(input, "elu_cpu")
    if inplace:
        return _inplace(input, selu)
    T = _T()
    return _SELU_SCALE * T.where(input > 0, input, _SELU_ALPHA * (_neg_part(input).exp() - 1))


def celu(input, alpha=1.0, inplace=False):
    """CELU, ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``, elementwise.

    >>> F.celu(torch.tensor([-1., 0., 2.]), alpha=2.0)
    tensor([-0.7869,  0.0000,  2.0000])
    """
    _args("celu", ("input:Tensor", "alpha:float"),
          input, alpha)
    F._not_for_ints(input, "elu_cpu")
    if inplace:
        return _inplace(input, lambda x: celu(x, alpha))
    T = _T()
    return T.where(input > 0, input, alpha * ((_neg_part(input) / alpha).exp() - 1))


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """``softmax(-input, dim)`` (as torch.nn.functional.softmin).

    >>> F.softmin(torch.tensor([1., 2., 3.]), dim=0)
    tensor([0.6652, 0.2447, 0.0900])
    """
    if dim is None:
        dim = F._implicit_dim("softmin", input)
    return F.softmax(-input, dim, dtype=dtype)


def softshrink(input, lambd=0.5):
    """``x - lambd`` above lambd, ``x + lambd`` below -lambd, 0 between.

    >>> F.softshrink(torch.tensor([-1., 0.2, 2.]))
    tensor([-0.5000,  0.0000,  1.5000])
    """
    _args("softshrink", ("input:Tensor", "lambd:float"),
          input, lambd)
    F._not_for_ints(input, "softshrink_check")
    if lambd < 0 or lambd != lambd:     # a nan lambd is out of torch's range too
        T = _T()
        big, name = (1.79769e+308, "Double") if input.dtype == T.float64 else \
            (3.40282e+38, "Float")
        raise RuntimeError(f"lambda must be in range [0, {big:g}] for input dtype {name}, but "
                           f"found {lambd:g}")
    T = _T()
    zero = T.zeros((), dtype=input.dtype)
    return T.where(input > lambd, input - lambd, T.where(input < -lambd, input + lambd, zero))


def hardshrink(input, lambd=0.5):
    """``x`` where ``|x| > lambd``, else 0.

    >>> F.hardshrink(torch.tensor([-1., 0.2, 2.]))
    tensor([-1.,  0.,  2.])
    """
    _args("hardshrink", ("input:Tensor", "lambd:float"),
          input, lambd)
    F._not_for_ints(input, "hardshrink_cpu")
    from cyautograd.ops.tensor_methods import hardshrink as _hardshrink   # torch.hardshrink: HardshrinkBackward0
    return _hardshrink(input, lambd)


def threshold(input, threshold, value, inplace=False):
    """``x`` where ``x > threshold``, else ``value`` (as torch.nn.functional.threshold).

    >>> F.threshold(torch.tensor([-1., 0.2, 2.]), 0.5, -3.0)
    tensor([-3., -3.,  2.])
    """
    _args("threshold", ("input:Tensor", "threshold:float", "value:float"),
          input, threshold, value)
    if inplace:
        return _inplace(input, lambda x: F_threshold(x, threshold, value))
    T = _T()
    return T.where(input > threshold, input, T.full((), value, dtype=input.dtype))


F_threshold = threshold


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """Randomized leaky ReLU: negative inputs times a slope drawn from U(lower, upper)
    per element in training, ``(lower + upper) / 2`` in evaluation.

    >>> F.rrelu(torch.tensor([-1., 0., 2.]))
    tensor([-0.2292,  0.0000,  2.0000])
    """
    _args("rrelu", ("input:Tensor", "lower:float", "upper:float", "training:bool"),
          input, lower, upper, training)
    for v, nm in ((lower, "lower"), (upper, "upper")):     # at::rrelu's checks
        if not math.isfinite(float(v)):
            raise RuntimeError(f"rrelu: {nm} bound must be finite, got {float(v)}")
    if not float(lower) <= float(upper):
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    F._not_for_ints(input, "rrelu_with_noise_out_cpu" if training else "leaky_relu_cpu")
    T = _T()
    from cyautograd.nn._named_nodes import named_composite
    # the noise is drawn once, outside the recorded function (a double
    # backward re-runs that function: it must see the same slopes)
    if training:
        slope = T.rand(tuple(input.shape), dtype=input.dtype, device=input.device) * (upper - lower) + lower
    else:
        slope = (lower + upper) / 2

    def fn(x):
        return T.where(x > 0, x, x * slope)
    if inplace:
        # torch's rrelu_with_noise_ (RreluWithNoiseBackward1)
        from cyautograd.ops.pointwise import _inplace_via
        return _inplace_via(input, lambda x: named_composite("RreluWithNoiseBackward1", fn, x))
    return named_composite("RreluWithNoiseBackward0", fn, input)


def prelu(input, weight):
    """``max(0, x) + weight * min(0, x)`` with one learnt slope per channel (dim 1)
    or one for all (as torch.nn.functional.prelu).

    >>> F.prelu(torch.tensor([[-1., 2.], [-3., 4.]]), torch.tensor([0.1, 0.2]))
    tensor([[-0.1000,  2.0000],
            [-0.3000,  4.0000]])
    """
    _args("prelu", ("input:Tensor", "weight:Tensor"),
          input, weight)
    from cyautograd.ops.tensor_methods import prelu as _prelu   # torch.prelu: PreluKernelBackward0
    return _prelu(input, weight)


def _inplace(input, fn):
    """fn(input) written into input as torch's in-place functionals (relu_, elu_...):
    the gradient flows through the write (CopyBackwards) to fn's graph, which reads a
    clone, so the write does not invalidate what fn saved."""
    from cyautograd.grad_mode import is_grad_enabled
    src = input.clone() if (input.requires_grad and is_grad_enabled()) else input
    out = fn(src)
    if input.requires_grad and is_grad_enabled():
        return input.copy_(out)
    with no_grad():
        return input.copy_(out)


def relu_(input):
    """In-place relu (as torch.nn.functional.relu_).

    >>> F.relu_(torch.tensor([-1., 2.]))
    tensor([0., 2.])
    """
    _args("relu_", ("input:Tensor",),
          input)
    return input.relu_()


def elu_(input, alpha=1.0, scale=1.0, input_scale=1.0):
    """In-place elu; ``scale`` and ``input_scale`` as torch's native elu_
    (``scale * elu(x * input_scale)`` below zero: selu and celu are elu_ with
    these).

    >>> F.elu_(torch.tensor([-1., 2.]))
    tensor([-0.6321,  2.0000])
    """
    _args("elu_", ("input:Tensor", "alpha:float", "scale:float", "input_scale:float"),
          input, alpha, scale, input_scale)
    if scale == 1 and input_scale == 1:
        return F.elu(input, alpha, True)   # torch's elu_: its node EluBackward1
    F._not_for_ints(input, "elu_cpu")
    return F._inplace_act(input, lambda x: F._elu(x, alpha, scale, input_scale), "EluBackward1",
                          ("EluBackwardBackward0", F._elu_result_vjp(alpha, scale, input_scale)))


def leaky_relu_(input, negative_slope=0.01):
    """In-place leaky_relu.

    >>> F.leaky_relu_(torch.tensor([-1., 2.]), 0.1)
    tensor([-0.1000,  2.0000])
    """
    _args("leaky_relu_", ("input:Tensor", "negative_slope:float"),
          input, negative_slope)
    return F.leaky_relu(input, negative_slope, True)   # LeakyReluBackward1, as torch's


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    """In-place hardtanh.

    >>> F.hardtanh_(torch.tensor([-3., 0.5, 2.]))
    tensor([-1.0000,  0.5000,  1.0000])
    """
    _args("hardtanh_", ("input:Tensor", "min_val:float", "max_val:float"),
          input, min_val, max_val)
    F._no_bool_hardtanh(input)
    # torch's hardtanh_ is the native op: no min_val > max_val check (F.hardtanh's
    # own); its node is F.hardtanh(inplace=True)'s, HardtanhBackward0
    from cyautograd.nn._named_nodes import _hardtanh_vjp
    return F._inplace_act(input, lambda x: F._clamp_open(x, min_val, max_val), "HardtanhBackward0",
                          self_op=("HardtanhBackwardBackward0", _hardtanh_vjp(min_val, max_val),
                                   {"min_val": min_val, "max_val": max_val}))


def threshold_(input, threshold, value):
    """In-place threshold.

    >>> F.threshold_(torch.tensor([-1., 2.]), 0.0, 5.0)
    tensor([5., 2.])
    """
    _args("threshold_", ("input:Tensor", "threshold:float", "value:float"),
          input, threshold, value)
    return F.threshold(input, threshold, value, True)   # ThresholdBackward1, as torch's


def selu_(input):
    """In-place selu.

    >>> F.selu_(torch.tensor([-1., 2.]))
    tensor([-1.1113,  2.1014])
    """
    _args("selu_", ("input:Tensor",),
          input)
    return F.selu(input, True)   # EluBackward1, as torch's


def celu_(input, alpha=1.0):
    """In-place celu.

    >>> F.celu_(torch.tensor([-1., 2.]))
    tensor([-0.6321,  2.0000])
    """
    _args("celu_", ("input:Tensor", "alpha:float"),
          input, alpha)
    return F.celu(input, alpha, True)   # CeluBackward1, as torch's


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    """In-place rrelu.

    >>> F.rrelu_(torch.tensor([-1., 2.]))
    tensor([-0.2292,  2.0000])
    """
    _args("rrelu_", ("input:Tensor", "lower:float", "upper:float", "training:bool"),
          input, lower, upper, training)
    return rrelu(input, lower, upper, training, True)


# ================================================================ dropout variants
def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _feature_mask(input, p, batched):
    T = _T()
    lead = 2 if batched else 1
    shape = tuple(input.shape[:lead]) + (1,) * (input.dim() - lead)
    return (T.rand(shape, dtype=input.dtype, device=input.device) >= p).to(input.dtype)


def _feature_dropout(input, p, training, inplace, batched):
    _check_p(p)
    F._native_dropout_args("feature_dropout_" if inplace else "feature_dropout", input, p, training)
    if input.dim() == 0:    # torch unsqueezes an unbatched input once: a 0-d one stays below 2-d
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    if not training or p == 0.0:
        return input
    ck = sys.modules.get("cyautograd.utils.checkpoint")
    if ck is not None and ck._sac_stack and input.is_cpu and (p == 1.0 or input.dtype.is_floating_point):
        i = ck._sac_active()
        if i >= 0:   # selective checkpointing sees torch's ops (NOTE [ Selective activation checkpointing ])
            return ck._sac_feature_dropout(i, input, p, inplace, batched)
    T = _T()
    if p == 1.0:
        out = input * T.zeros_like(input)
    else:
        if not input.dtype.is_floating_point:
            # torch's noise is input's dtype, scaled in place by 1 / (1 - p): a float
            # result into an integral tensor
            raise RuntimeError(f"result type Float can't be cast to the desired output type "
                               f"{input.dtype._cname}")
        out = input * _feature_mask(input, p, batched) * (1.0 / (1.0 - p))
    if inplace:
        with no_grad():
            return input.copy_(out)
    return out


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of a ``(N, C, L)`` or ``(C, L)`` input with probability p,
    scaling the rest by ``1/(1-p)`` (as torch.nn.functional.dropout1d).

    >>> F.dropout1d(torch.ones(2, 3, 4), 0.5, training=False).shape
    torch.Size([2, 3, 4])
    """
    _check_p(p)
    if input.dim() not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D "
                           "input. Note that dropout1d exists to provide channel-wise dropout on "
                           "inputs with 1 spatial dimension, a channel dimension, and an optional "
                           "batch dimension (i.e. 2D or 3D inputs).")
    return _feature_dropout(input, p, training, inplace, input.dim() == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of a ``(N, C, H, W)`` or ``(C, H, W)`` input with
    probability p (as torch.nn.functional.dropout2d; a 3-D input is taken as
    ``(N, C, L)`` with torch's warning).

    >>> F.dropout2d(torch.ones(2, 3, 4, 4), 0.5, training=False).shape
    torch.Size([2, 3, 4, 4])
    """
    _check_p(p)
    d = input.dim()
    if d not in (3, 4):
        warnings.warn(f"dropout2d: Received a {d}-D input to dropout2d, which is deprecated and "
                      "will result in an error in a future release. To retain the behavior and "
                      "silence this warning, please use dropout instead. Note that dropout2d "
                      "exists to provide channel-wise dropout on inputs with 2 spatial "
                      "dimensions, a channel dimension, and an optional batch dimension (i.e. 3D "
                      "or 4D inputs).", stacklevel=2)
    if d == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
                      "1D dropout behavior is desired - input is interpreted as shape (N, C, L), "
                      "where C is the channel dim. This behavior will change in a future release "
                      "to interpret the input as one without a batch dimension, i.e. shape (C, "
                      "H, W). To maintain the 1D channel-wise dropout behavior, please switch to "
                      "using dropout1d instead.", stacklevel=2)
    return _feature_dropout(input, p, training, inplace, d != 1)


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of a ``(N, C, D, H, W)`` or ``(C, D, H, W)`` input with
    probability p (as torch.nn.functional.dropout3d).

    >>> F.dropout3d(torch.ones(1, 2, 2, 2, 2), 0.5, training=False).shape
    torch.Size([1, 2, 2, 2, 2])
    """
    _check_p(p)
    d = input.dim()
    if d not in (4, 5):
        warnings.warn(f"dropout3d: Received a {d}-D input to dropout3d, which is deprecated and "
                      "will result in an error in a future release. To retain the behavior and "
                      "silence this warning, please use dropout instead. Note that dropout3d "
                      "exists to provide channel-wise dropout on inputs with 3 spatial "
                      "dimensions, a channel dimension, and an optional batch dimension (i.e. 4D "
                      "or 5D inputs).", stacklevel=2)
    batched = d == 5
    if d == 4:
        return _feature_dropout(input, p, training, inplace, False)
    return _feature_dropout(input, p, training, inplace, batched)


_ALPHA = 1.7580993408473766   # selu's alpha * scale


def _alpha_dropout(input, p, training, feature):
    from cyautograd.tensor import Tensor
    _check_p(p)
    if not isinstance(input, Tensor) or type(training) is not bool:
        # torch's native alpha_dropout parses (Tensor input, float p, bool train) even when it
        # returns the input as it is: the guard (FUNCTIONAL_ADAPTERS) words the error
        raise TypeError(f"alpha_dropout(): bad argument types ({type(input).__name__}, {type(training).__name__})")
    if not (p >= 0.0 and p <= 1.0):     # the native op's check: a nan p fails it
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0.0:
        return input
    T = _T()
    if p == 1.0:
        return input * T.zeros_like(input)
    if feature:
        keep = _feature_mask(input, p, True)
    else:
        keep = (T.rand(tuple(input.shape), dtype=input.dtype, device=input.device) >= p).to(input.dtype)
    a = 1.0 / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
    b = (keep - 1) * (_ALPHA * a) + _ALPHA * a * p
    return input * (keep * a) + b


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout that keeps SELU's self-normalising mean and variance (as
    torch.nn.functional.alpha_dropout).

    >>> F.alpha_dropout(torch.ones(3), 0.5, training=False)
    tensor([1., 1., 1.])
    """
    out = _alpha_dropout(input, p, training, False)
    if inplace and out is not input:
        with no_grad():
            return input.copy_(out)
    return out


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """alpha_dropout of whole channels (as torch.nn.functional.feature_alpha_dropout).

    >>> F.feature_alpha_dropout(torch.ones(2, 3, 4), 0.5, training=False).shape
    torch.Size([2, 3, 4])
    """
    out = _alpha_dropout(input, p, training, True)
    if inplace and out is not input:
        with no_grad():
            return input.copy_(out)
    return out


# ================================================================ normalisation
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Normalises each group of ``C / num_groups`` channels of every sample over the
    group's channels and spatial positions, then scales and shifts per channel (as
    torch.nn.functional.group_norm).

    >>> F.group_norm(torch.arange(8.).reshape(1, 4, 2), 2).shape
    torch.Size([1, 4, 2])
    """
    if input.dim() < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received "
                           f"{input.dim()}")
    # torch's _verify_batch_size, over the sizes it computes from num_groups
    size = [input.shape[0] * input.shape[1] // num_groups, num_groups] + list(input.shape[2:])
    prod = size[0]
    for d in size[2:]:
        prod *= d
    if prod == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")
    return _group_norm_op(input, num_groups, weight, bias, eps)


def _group_norm_op(input, num_groups, weight, bias, eps):
    """torch.group_norm (F.group_norm after its batch-size check): the
    binding's argument checks, then native_group_norm's."""
    Tensor = _T().Tensor
    if (type(num_groups) is not int or not -(1 << 63) <= num_groups < (1 << 63)
            or any(v is not None and not isinstance(v, Tensor) for v in (weight, bias))):
        # torch's group_norm binding refuses what is no int (a bool, an int past
        # int64), a weight or bias that is no Tensor, before the op reads num_groups
        from cyautograd._arg_parser import check
        check("group_norm", (input, num_groups, weight, bias, eps, True))
    N, C = input.size(0), input.size(1)     # a 0-d/1-d input: the dim wrap's IndexError
    if num_groups <= 0:
        raise RuntimeError(f"Expected num groups to be greater than 0, got {num_groups}")
    if C % num_groups != 0:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, "
                           f"but got input of shape {list(input.shape)} and "
                           f"num_groups={num_groups}")
    # torch's group_norm is native_group_norm: one NativeGroupNormBackward0
    # node (NOTE [ Composite functionals get torch's node ] in
    # nn/_named_nodes.py) with edges (input, weight, bias), an absent weight or bias a
    # (None, 0) edge: it travels as an empty placeholder tensor (as layer_norm's)
    from cyautograd.nn._named_nodes import named_composite
    has_w, has_b = weight is not None, bias is not None
    hxw = 1
    for d in input.shape[2:]:
        hxw *= d
    fn = lambda x, w, b: _group_norm(x, num_groups, w if has_w else None,  # noqa: E731
                                     b if has_b else None, eps, N, C)
    fn._saved_attrs = {"N": N, "C": C, "HxW": hxw, "group": num_groups, "eps": float(eps),
                       "has_weight": has_w}
    if has_w and has_b:
        return named_composite("NativeGroupNormBackward0", fn, input, weight, bias)
    e = input.new_empty((0,))
    return named_composite("NativeGroupNormBackward0", fn, input, weight if has_w else e,
                           bias if has_b else e)


def _group_norm(input, num_groups, weight, bias, eps, N, C):
    x = input.reshape(N, num_groups, -1)
    mean = x.mean(-1, keepdim=True)
    centered = x - mean
    var = (centered * centered).mean(-1, keepdim=True)
    out = (centered * (var + eps).rsqrt()).reshape(tuple(input.shape))
    shape = (1, C) + (1,) * (input.dim() - 2)
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    """Normalises every channel of every sample over its spatial positions (as
    torch.nn.functional.instance_norm); running statistics, when given, are the
    batch's averaged over the samples.

    >>> F.instance_norm(torch.arange(12.).reshape(1, 2, 6)).shape
    torch.Size([1, 2, 6])
    """
    if input.dim() < 3:
        raise ValueError(f"Expected 2D (unbatched) or 3D (batched) input to instance_norm, but "
                         f"got input of size: {list(input.shape)}")
    N, C = input.shape[0], input.shape[1]
    if use_input_stats:
        spatial = 1
        for s in input.shape[2:]:
            spatial *= s
        if spatial == 1:
            raise ValueError(f"Expected more than 1 spatial element when training, got input "
                             f"size {list(input.shape)}")
    x = input.reshape((1, N * C) + tuple(input.shape[2:]))
    rm = running_mean.repeat(N) if running_mean is not None else None
    rv = running_var.repeat(N) if running_var is not None else None
    # torch's: batch_norm over the (1, N * C, ...) view with the affine parameters
    # repeated per sample, viewed back (ViewBackward0 over NativeBatchNormBackward0)
    w = weight.repeat(N) if weight is not None else None
    b = bias.repeat(N) if bias is not None else None
    out = F.batch_norm(x, rm, rv, w, b, use_input_stats, momentum, eps)
    if use_input_stats and (running_mean is not None or running_var is not None):
        with no_grad():
            if running_mean is not None:
                running_mean.copy_(rm.reshape(N, C).mean(0))
            if running_var is not None:
                running_var.copy_(rv.reshape(N, C).mean(0))
    return out.view(tuple(input.shape))


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """``x / sqrt(mean(x^2) + eps) * weight`` over the trailing normalized_shape dims
    (as torch.nn.functional.rms_norm; eps None: the dtype's machine epsilon).

    >>> F.rms_norm(torch.tensor([[1., 2., 3.]]), (3,))
    tensor([[0.4629, 0.9258, 1.3887]])
    """
    _args("rms_norm", ("input:Tensor", "normalized_shape:intlist", "weight:Tensor?", "eps:float?"),
          input, normalized_shape, weight, eps)
    T = _T()
    normalized_shape = tuple(normalized_shape)
    n = len(normalized_shape)
    if n == 0 or input.dim() < n or tuple(input.shape[-n:]) != normalized_shape:
        raise RuntimeError(
            f"Given normalized_shape={list(normalized_shape)}, expected input with shape "
            f"[*{', '.join(str(s) for s in normalized_shape)}], but got input of size"
            f"{list(input.shape)}")
    if eps is None:
        eps = T.finfo(input.dtype).eps
    dims = tuple(range(-n, 0))
    out = input * ((input * input).mean(dims, keepdim=True) + eps).rsqrt()
    if weight is not None:
        out = out * weight
    return out


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """Normalises every element by the squares of its ``size`` neighbouring channels:
    ``x / (k + alpha * mean(x^2 over the window))^beta`` (as
    torch.nn.functional.local_response_norm).

    >>> F.local_response_norm(torch.ones(1, 4, 2), 3).shape
    torch.Size([1, 4, 2])
    """
    d = input.dim()
    if d < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {d} dimensions)")
    if input.numel() == 0:
        return input
    C = input.size(1)
    sq = input * input
    pads = [0, 0] * (d - 2) + [size // 2, (size - 1) // 2]
    padded = F.pad(sq, pads)
    acc = padded.narrow(1, 0, C)
    for j in range(1, size):
        acc = acc + padded.narrow(1, j, C)
    div = (acc / size * alpha + k) ** beta
    return input / div


# ================================================================ convolution
def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-D convolution of a ``(N, C, D, H, W)`` input (as torch.nn.functional.conv3d).

    >>> F.conv3d(torch.ones(1, 2, 4, 4, 4), torch.ones(3, 2, 2, 2, 2)).shape
    torch.Size([1, 3, 3, 3, 3])
    """
    _args("conv3d", ("input:Tensor", "weight:Tensor", "bias:Tensor?", "stride:int[]"),
          input, weight, bias, stride)
    return F._conv_nd(input, weight, bias, stride, padding, dilation, groups, 3)


def _dilate(x, dim, s):
    """Insert s - 1 zeros between the elements of x along dim."""
    if s == 1:
        return x
    T = _T()
    n = x.size(dim)
    shape = list(x.shape)
    shape.insert(dim + 1, s - 1)
    z = T.zeros(tuple(shape), dtype=x.dtype, device=x.device)
    y = T.cat([x.unsqueeze(dim + 1), z], dim + 1)
    shape = list(x.shape)
    shape[dim] = n * s
    return y.reshape(tuple(shape)).narrow(dim, 0, (n - 1) * s + 1)


def _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation,
                       nd):
    unbatched = input.dim() == nd + 1
    if unbatched:
        input = input.unsqueeze(0)
    if input.dim() != nd + 2:
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to "
                           f"conv_transpose{nd}d, but got input of size: {list(input.shape)}")
    if weight.dim() < 3:    # torch checks the weight's rank after the input's, before anything else
        raise RuntimeError("weight should have at least three dimensions")
    stride, padding = F._pair(stride, nd), F._pair(padding, nd)
    output_padding, dilation = F._pair(output_padding, nd), F._pair(dilation, nd)
    C = input.shape[1]
    if weight.shape[0] != C:
        raise RuntimeError(f"Given transposed=1, weight of size {list(weight.shape)}, expected "
                           f"input{list(input.shape)} to have {weight.shape[0]} channels, but got "
                           f"{C} channels instead")
    for op, s, d in zip(output_padding, stride, dilation):
        if op >= s and op >= d:
            raise RuntimeError("output padding must be smaller than either stride or dilation, "
                               f"but got output_padding_height: {output_padding[0]} "
                               f"output_padding_width: {output_padding[-1]} stride_height: "
                               f"{stride[0]} stride_width: {stride[-1]} dilation_height: "
                               f"{dilation[0]} dilation_width: {dilation[-1]}")
    k = tuple(weight.shape[2:])
    Og = weight.shape[1]
    G = groups
    # the transposed convolution is the convolution, with stride 1, of the input spread
    # out by the stride (zeros between its elements) and padded by d*(k-1)-p, with the
    # kernel flipped and its in/out channels swapped per group
    w = weight.reshape((G, C // G, Og) + k).transpose(1, 2).reshape((G * Og, C // G) + k)
    w = w.flip(tuple(range(2, 2 + nd)))
    x = input
    for i in range(nd):
        x = _dilate(x, 2 + i, stride[i])
    pads = []
    for i in reversed(range(nd)):
        p = dilation[i] * (k[i] - 1) - padding[i]
        pads += [p, p + output_padding[i]]
    if any(pads):
        x = F.pad(x, pads)
    out = F._conv_nd(x, w, bias, 1, 0, dilation, groups, nd)
    return out.squeeze(0) if unbatched else out


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """1-D transposed convolution ("deconvolution"), as torch.nn.functional.conv_transpose1d;
    weight is ``(C_in, C_out / groups, k)``.

    >>> F.conv_transpose1d(torch.ones(1, 2, 4), torch.ones(2, 3, 3), stride=2).shape
    torch.Size([1, 3, 9])
    """
    _args("conv_transpose1d", ("input:Tensor", "weight:Tensor", "bias:Tensor?", "stride:int[]", "padding:int[]", "output_padding:int[]", "groups:int", "dilation:int[]"),
          input, weight, bias, stride, padding, output_padding, groups, dilation)
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups,
                              dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """2-D transposed convolution, as torch.nn.functional.conv_transpose2d; weight is
    ``(C_in, C_out / groups, kH, kW)``.

    >>> F.conv_transpose2d(torch.ones(1, 2, 3, 3), torch.ones(2, 4, 2, 2), stride=2).shape
    torch.Size([1, 4, 6, 6])
    """
    _args("conv_transpose2d", ("input:Tensor", "weight:Tensor", "bias:Tensor?", "stride:int[]", "padding:int[]", "output_padding:int[]", "groups:int", "dilation:int[]"),
          input, weight, bias, stride, padding, output_padding, groups, dilation)
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups,
                              dilation, 2)


# ================================================================ resampling
def _np_float(dtype):
    return np.float64 if str(dtype).endswith("float64") else np.float32


def _scale_value(in_size, out_size, scale, npf):
    if scale is not None and scale > 0:
        return npf(1.0 / scale)
    return npf(in_size) / npf(out_size)


def _nearest_index(in_size, out_size, scale, exact, npf):
    if out_size == in_size and not exact:
        return np.arange(out_size)
    s = _scale_value(in_size, out_size, scale, npf)
    dst = np.arange(out_size).astype(npf)
    src = np.floor(((dst + npf(0.5)) if exact else dst) * s).astype(np.int64)
    return np.minimum(src, in_size - 1)


def _linear_weights(in_size, out_size, scale, align_corners, npf):
    if align_corners:
        s = npf(in_size - 1) / npf(out_size - 1) if out_size > 1 else npf(0)
        src = np.arange(out_size).astype(npf) * s
    else:
        s = _scale_value(in_size, out_size, scale, npf)
        src = (np.arange(out_size).astype(npf) + npf(0.5)) * s - npf(0.5)
        src = np.maximum(src, npf(0))
    i0 = src.astype(np.int64)
    i0 = np.minimum(i0, in_size - 1)
    lam = np.clip(src - i0.astype(npf), 0, 1).astype(npf)
    i1 = i0 + (i0 < in_size - 1)
    return i0, i1, lam


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Resizes the spatial dims of a ``(N, C, ...)`` input to size (or by scale_factor)
    by nearest, nearest-exact, (bi/tri)linear or area interpolation (as
    torch.nn.functional.interpolate; bicubic and antialias are not supported).

    >>> F.interpolate(torch.arange(4.).reshape(1, 1, 4), scale_factor=2, mode="linear")
    tensor([[[0.0000, 0.2500, 0.7500, 1.2500, 1.7500, 2.2500, 2.7500, 3.0000]]])
    """
    T = _T()
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError("Input and output must have the same number of spatial "
                                 "dimensions, but got input with spatial dimensions of "
                                 f"{list(input.shape[2:])} and output size of {size}. Please "
                                 "provide input tensor in (N, C, d1, d2, ...,dK) format and "
                                 "output size in (o1, o2, ...,oK) format.")
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in size):
                raise TypeError("expected size to be one of int or Tuple[int] or Tuple[int, int] "
                                "or Tuple[int, int, int], but got size with types "
                                f"{[type(x) for x in size]}")
            output_size = list(size)
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial "
                                 "dimensions, but got input with spatial dimensions of "
                                 f"{list(input.shape[2:])} and scale_factor of shape "
                                 f"{scale_factor}. Please provide input tensor in (N, C, d1, d2, "
                                 "...,dK) format and scale_factor in (s1, s2, ...,sK) format.")
            scale_factors = list(scale_factor)
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor:
        output_size = [math.floor(float(input.size(i + 2)) * scale_factors[i])
                       for i in range(dim)]
        scale_factors = None
    if antialias:
        raise NotImplementedError("interpolate: antialias=True is not supported")
    wanted = {"linear": 3, "bilinear": 4, "trilinear": 5}
    if mode in wanted and input.dim() != wanted[mode] and input.dim() in (3, 4, 5):
        raise NotImplementedError(f"Got {input.dim()}D input, but {mode} mode needs "
                                  f"{wanted[mode]}D input")
    if input.dim() not in (3, 4, 5) or mode not in ("nearest", "nearest-exact", "area",
                                                     "linear", "bilinear", "trilinear"):
        if mode == "bicubic" and input.dim() == 4:
            raise NotImplementedError("interpolate: mode='bicubic' is not supported")
        raise NotImplementedError(
            "Input Error: Only 3D, 4D and 5D input Tensors supported"
            f" (got {input.dim()}D) for the modes: nearest | linear | bilinear | bicubic | "
            f"trilinear | lanczos | area | nearest-exact (got {mode})")
    if output_size is None:
        output_size = [int(math.floor(float(input.size(i + 2)) * scale_factors[i]))
                       for i in range(dim)]
    _check_alloc(tuple(input.shape[:2]) + tuple(output_size), input.element_size())
    for i, o in enumerate(output_size):
        if o <= 0:
            raise RuntimeError(f"Input and output sizes should be greater than 0, but got input "
                               f"({', '.join(str(s) for s in input.shape[2:])}) and output "
                               f"({', '.join(str(s) for s in output_size)})")
    if mode == "area":
        if dim == 1:
            return adaptive_avg_pool1d(input, output_size)
        if dim == 2:
            return F.adaptive_avg_pool2d(input, output_size)
        raise NotImplementedError("interpolate: mode='area' of a 5-D input is not supported")
    npf = _np_float(input.dtype)
    out = input
    for i in range(dim):
        d = 2 + i
        n, o = input.size(d), output_size[i]
        sc = None if scale_factors is None else scale_factors[i]
        if mode in ("nearest", "nearest-exact"):
            idx = _nearest_index(n, o, sc, mode == "nearest-exact", npf)
            out = out.index_select(d, _on(input, T.from_numpy(np.ascontiguousarray(idx, dtype=np.int64))))
        else:
            i0, i1, lam = _linear_weights(n, o, sc, align_corners, npf)
            a = out.index_select(d, _on(input, T.from_numpy(i0)))
            b = out.index_select(d, _on(input, T.from_numpy(i1)))
            shape = [1] * out.dim()
            shape[d] = o
            lam_t = _on(input, T.from_numpy(lam.astype(npf))).to(input.dtype).reshape(shape)
            out = a * (1 - lam_t) + b * lam_t
    return out


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    """interpolate under its old name (as torch.nn.functional.upsample).

    >>> F.upsample(torch.ones(1, 1, 2), scale_factor=2).shape
    torch.Size([1, 1, 4])
    """
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    """Nearest interpolation (as torch.nn.functional.upsample_nearest).

    >>> F.upsample_nearest(torch.ones(1, 1, 2, 2), scale_factor=2).shape
    torch.Size([1, 1, 4, 4])
    """
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    """Bilinear interpolation with align_corners=True (as torch.nn.functional.upsample_bilinear).

    >>> F.upsample_bilinear(torch.ones(1, 1, 2, 2), scale_factor=2).shape
    torch.Size([1, 1, 4, 4])
    """
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


# ================================================================ pooling
def adaptive_avg_pool1d(input, output_size):
    """Average pooling of a ``(N, C, L)`` input to ``output_size`` positions, each over
    its adaptive window (as torch.nn.functional.adaptive_avg_pool1d).

    >>> F.adaptive_avg_pool1d(torch.arange(6.).reshape(1, 1, 6), 3)
    tensor([[[0.5000, 2.5000, 4.5000]]])
    """
    _args("adaptive_avg_pool1d", ("input:Tensor", "output_size:int[]"),
          input, output_size)
    if isinstance(output_size, (tuple, list)):
        if len(output_size) != 1:
            raise RuntimeError("adaptive_avg_pool1d: output_size must be 1")
        output_size = output_size[0]
    if input.dim() not in (2, 3):
        raise RuntimeError(f"adaptive_avg_pool1d(): Expected 2D or 3D tensor, but got "
                           f"{list(input.shape)}")
    return F.adaptive_avg_pool2d(input.unsqueeze(-2), (1, output_size)).squeeze(-2)


def _adaptive_bounds(n, o):
    return [((i * n) // o, -(-((i + 1) * n) // o)) for i in range(o)]


def _adaptive_max(input, output_size, nd, return_indices, name):
    T = _T()
    sizes = tuple(input.shape[-nd:])
    raw = output_size if isinstance(output_size, (list, tuple)) else F._pair(output_size, nd)
    outs = tuple(s if o is None else o for o, s in zip(raw, sizes))
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"{name}(): Expected {nd + 1}D or {nd + 2}D tensor, but got"
                           f"{':' if nd == 2 else ''} {list(input.shape)}")
    for s in sizes:
        if s == 0:
            raise RuntimeError(f"{name}(): Expected input to have non-zero size for non-batch "
                               f"dimensions, but input has sizes {list(input.shape)} with "
                               f"dimension {input.dim() - nd} being empty")
    if nd == 2 and len(raw) != 2:
        raise RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must be 2")
    lead = tuple(input.shape[:-nd])
    if 0 in outs:       # no window: empty values and indices
        empty = input[(Ellipsis,) + tuple(slice(0, min(o, 1)) for o in outs)].expand(lead + outs)
        return (empty, T.zeros(lead + outs, dtype=T.int64, device=input.device)) if return_indices else empty
    _check_alloc(lead + outs, input.element_size())
    flat = input.reshape(lead + (-1,))
    vals, idxs = [], []
    grid = np.arange(int(np.prod(sizes))).reshape(sizes)
    bounds = [_adaptive_bounds(n, o) for n, o in zip(sizes, outs)]
    import itertools
    for pos in itertools.product(*[range(o) for o in outs]):
        sl = tuple(slice(*bounds[d][pos[d]]) for d in range(nd))
        win = np.ascontiguousarray(grid[sl].reshape(-1))
        w = flat.index_select(flat.dim() - 1, _on(flat, T.from_numpy(win)))
        v, k = w.max(-1)
        vals.append(v)
        if return_indices:
            idxs.append(_on(flat, T.from_numpy(win)).index_select(0, k.reshape(-1)).reshape(tuple(k.shape)))
    out = T.stack(vals, -1).reshape(lead + outs)
    if return_indices:
        return out, T.stack(idxs, -1).reshape(lead + outs)
    return out


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """Max pooling of a ``(N, C, L)`` input to output_size positions over adaptive
    windows (as torch.nn.functional.adaptive_max_pool1d).

    >>> F.adaptive_max_pool1d(torch.arange(6.).reshape(1, 1, 6), 3)
    tensor([[[1., 3., 5.]]])
    """
    # torch's boolean_dispatch reads return_indices as a bool first (a tensor of
    # several values is ambiguous there), then the native binding parses and
    # checks the one output size
    return_indices = True if return_indices else False
    _args("adaptive_max_pool1d", ("input:Tensor", "output_size:int[]"),
          input, output_size)
    if isinstance(output_size, (tuple, list)) and len(output_size) != 1:
        raise RuntimeError(f"adaptive_max_pool1d() argument 'output_size' should contain one int "
                           f"(got {len(output_size)})")
    if (input.requires_grad and _T().is_grad_enabled()
            and input.dim() in (2, 3) and 0 not in tuple(input.shape[-1:])):
        # torch's: adaptive_max_pool2d over input.unsqueeze(-2), squeezed back
        # (SqueezeBackward1 / AdaptiveMaxPool2DBackward0 / UnsqueezeBackward0); the
        # indices (h * W + w with H == 1) are the 1-d positions
        o = output_size if isinstance(output_size, (list, tuple)) else (output_size,)
        if len(o) == 1:
            if return_indices:
                y, i = F.adaptive_max_pool2d(input.unsqueeze(-2), (1, o[0]), True)
                return y.squeeze(-2), i.squeeze(-2)
            return F.adaptive_max_pool2d(input.unsqueeze(-2), (1, o[0])).squeeze(-2)
    return _adaptive_max(input, output_size, 1, return_indices, "adaptive_max_pool1d")


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Max pooling of a ``(N, C, H, W)`` input to output_size over adaptive windows (as
    torch.nn.functional.adaptive_max_pool2d); return_indices gives the flat ``h * W + w``
    position of every maximum.

    >>> F.adaptive_max_pool2d(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    tensor([[[[ 5.,  7.],
              [13., 15.]]]])
    """
    from cyautograd.nn import _pool_args
    return_indices = bool(return_indices)   # torch's boolean_dispatch reads it first
    output_size = _pool_args.adaptive2d("adaptive_max_pool2d", input, output_size)
    return _adaptive_max(input, output_size, 2, return_indices, "adaptive_max_pool2d")


def _max_pool_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode, nd, name):
    from cyautograd.nn import _pool_args     # NOTE [ Pooling argument checks ]
    if nd == 1:
        _pool_args.pool1d("max_pool1d", input, kernel_size, stride, padding, dilation, ceil_mode)
    elif nd == 2:       # (max_pool3d_with_indices comes here too: its checks are not replayed)
        _pool_args.pool2d("max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode)
    T = _T()
    x, unbatched, k, stride_, padding_ = F._pool_windows(
        input, kernel_size, stride, padding, dilation, ceil_mode, float("-inf"), nd, name)
    src = input.unsqueeze(0) if unbatched else input
    sizes = tuple(src.shape[-nd:])
    dil = F._pair(dilation, nd)
    outs = tuple(x.shape[-2 * nd:-nd])
    kk = int(np.prod(k))
    y, arg = x.reshape(tuple(x.shape[:-nd]) + (kk,)).max(-1)
    # the input position (row-major over the unpadded plane) of each window element
    coords = np.zeros(outs + tuple(k), dtype=np.int64)
    for d in range(nd):
        o = np.arange(outs[d]) * stride_[d] - padding_[d]
        kd = np.arange(k[d]) * dil[d]
        shape_o = [1] * (2 * nd)
        shape_o[d] = outs[d]
        shape_k = [1] * (2 * nd)
        shape_k[nd + d] = k[d]
        pos = o.reshape(shape_o) + kd.reshape(shape_k)
        coords = coords * sizes[d] + pos
    table = _on(x, T.from_numpy(np.ascontiguousarray(coords.reshape(-1))))
    L = int(np.prod(outs))
    base = (T.arange(L, device=x.device) * kk).reshape(outs)
    flat_idx = (arg + base).reshape(-1)
    ind = table.index_select(0, flat_idx).reshape(tuple(arg.shape))
    if unbatched:
        y, ind = y.squeeze(0), ind.squeeze(0)
    return y, ind


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=True):
    """max_pool2d and the flat ``h * W + w`` input position of every maximum (as
    torch.nn.functional.max_pool2d_with_indices).

    >>> y, i = F.max_pool2d_with_indices(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    >>> i
    tensor([[[[ 5,  7],
              [13, 15]]]])
    """
    return _max_pool_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode, 2,
                                  "max_pool2d")


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=True):
    """max_pool1d and the input position of every maximum.

    >>> F.max_pool1d_with_indices(torch.tensor([[[1., 3., 2., 0.]]]), 2)[1]
    tensor([[[1, 2]]])
    """
    if input.requires_grad and _T().is_grad_enabled() and all(
            v is None or type(v) is int or (type(v) in (tuple, list) and all(type(e) is int for e in v))
            for v in (kernel_size, stride, padding, dilation)):
        # torch's: max_pool2d_with_indices over input.unsqueeze(-2), both outputs
        # squeezed back (SqueezeBackward1), as F.max_pool1d's gradient path
        from cyautograd.nn import _pool_args
        _pool_args.pool1d("max_pool1d", input, kernel_size, stride, padding, dilation, ceil_mode)
        e = _pool_args._expand
        k, d, pd = e(kernel_size, 1)[0], e(dilation, 1)[0], e(padding, 1)[0]
        st = [] if stride is None else e(stride, 1)
        st = st[0] if st else k
        y, i = F.max_pool2d(input.unsqueeze(-2), (1, k), (1, st), (0, pd), (1, d), ceil_mode, True)
        return y.squeeze(-2), i.squeeze(-2)
    return _max_pool_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode, 1,
                                  "max_pool1d")


def _ntuple(x, n):
    """torch.nn.modules.utils._ntuple's parse (_single, _pair): an iterable is
    taken as its tuple, whatever its length and items (a Tensor as its rows, a
    str as its characters), anything else repeated n times. torch's functionals
    written in Python build their native calls' int lists with it, so a bad
    size fails where torch's does (an IndexError reading the tuple, or the
    native parser's TypeError naming the native binding)."""
    import collections.abc
    if isinstance(x, collections.abc.Iterable):
        return tuple(x)
    return (x,) * n


def _check_value(cond, message):
    """torch._check_value: a cond that is not a bool (a Tensor from a Tensor
    size) is a TypeError."""
    if not isinstance(cond, bool):
        if isinstance(cond, _T().Tensor):
            raise TypeError("cond must be a bool, but got a Tensor. For tensor conditions, use "
                            "cyautograd._check_tensor_all() to assert that all elements are true.")
        raise TypeError(f"cond must be a bool, but got {type(cond)}")
    if not cond:
        raise ValueError(message())


def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    """torch.nn.functional._unpool_output_size, step by step (its errors are
    the ones its indexing and comparisons raise)."""
    input_size = input.size()
    default_size = []
    for d in range(len(kernel_size)):
        default_size.append((input_size[-len(kernel_size) + d] - 1) * stride[d] + kernel_size[d]
                            - 2 * padding[d])
    if output_size is None:
        ret = default_size
    else:
        if len(output_size) == len(kernel_size) + 2:
            output_size = output_size[2:]
        if len(output_size) != len(kernel_size):
            raise ValueError(f"output_size should be a sequence containing {len(kernel_size)} or "
                             f"{len(kernel_size) + 2} elements, but it has a length of '{len(output_size)}'")
        for d in range(len(kernel_size)):
            min_size = default_size[d] - stride[d]
            max_size = default_size[d] + stride[d]
            if not (min_size < output_size[d] < max_size):
                raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between '
                                 f"{min_size} and {max_size})")
        ret = output_size
    for d in range(len(kernel_size)):
        _check_value(ret[d] >= 0, lambda d=d: "max_unpooling: output_size must contain non-negative spatial "
                     f"dimensions, but got output_size[{d}]={ret[d]}")
    return ret


def _max_unpool2d_native(input, indices, output_size):
    """torch._C._nn.max_unpool2d: its parser, then its kernel's checks."""
    from cyautograd._arg_parser import check
    check("nn.max_unpool2d", (input, indices, output_size))
    T = _T()
    if indices.dtype is not T.int64:
        raise RuntimeError(f"elements in indices should be type int64 but got: {indices.dtype._cname}")
    if len(output_size) != 2:
        raise RuntimeError("There should be exactly two elements (height, width) in output_size, but got "
                           f"{len(output_size)} elements.")
    if input.dim() not in (3, 4):
        raise RuntimeError("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with "
                           f"{input.dim()} dimensions.")
    if tuple(indices.shape) != tuple(input.shape):
        raise RuntimeError(f"Expected shape of indices to be same as that of the input tensor "
                           f"({list(input.shape)}) but got indices tensor with shape: "
                           f"{list(indices.shape)}")
    for i in range(1, input.dim()):
        if input.shape[i] <= 0:
            raise RuntimeError("max_unpooling2d_forward_out_cpu(): Expected input to have non-zero size for "
                               f"non-batch dimensions, but got {list(input.shape)} with dimension {i} being empty.")
    out_sz = [int(v) for v in output_size]
    lead = tuple(input.shape[:-2])
    _check_alloc(lead + tuple(out_sz), input.element_size())
    total = out_sz[0] * out_sz[1]
    flat_in = input.reshape(lead + (-1,))
    flat_idx = indices.reshape(lead + (-1,))
    if flat_idx.numel():
        # the kernel goes on past an index outside the output plane and reports the
        # last one it met, in memory order
        a = flat_idx.detach().cpu().numpy().reshape(-1)
        bad = np.flatnonzero((a < 0) | (a >= total))
        if bad.size:
            raise RuntimeError(f"Found an invalid max index: {int(a[bad[-1]])} (output volumes are of size "
                               f"{out_sz[0]}x{out_sz[1]})")
    out = T.zeros(lead + (total,), dtype=input.dtype, device=input.device).scatter(-1, flat_idx, flat_in)
    return out.reshape(lead + tuple(out_sz))


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The partial inverse of max_pool1d: every value put back at its index, zeros
    elsewhere (as torch.nn.functional.max_unpool1d).

    >>> y, i = F.max_pool1d_with_indices(torch.tensor([[[1., 3., 2., 0.]]]), 2)
    >>> F.max_unpool1d(y, i, 2)
    tensor([[[0., 3., 2., 0.]]])
    """
    kernel_size = _ntuple(kernel_size, 1)
    stride = kernel_size if stride is None else _ntuple(stride, 1)
    padding = _ntuple(padding, 1)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    output_size = output_size + [1] if isinstance(output_size, list) else output_size + (1,)
    return _max_unpool2d_native(input.unsqueeze(-1), indices.unsqueeze(-1), output_size).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The partial inverse of max_pool2d (as torch.nn.functional.max_unpool2d).

    >>> y, i = F.max_pool2d_with_indices(torch.arange(16.).reshape(1, 1, 4, 4), 2)
    >>> F.max_unpool2d(y, i, 2).shape
    torch.Size([1, 1, 4, 4])
    """
    kernel_size = _ntuple(kernel_size, 2)
    stride = kernel_size if stride is None else _ntuple(stride, 2)
    padding = _ntuple(padding, 2)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    return _max_unpool2d_native(input, indices, output_size)


# ================================================================ rearranging
def pixel_shuffle(input, upscale_factor):
    """``(*, C * r^2, H, W)`` to ``(*, C, H * r, W * r)`` (as torch.nn.functional.pixel_shuffle).

    >>> F.pixel_shuffle(torch.arange(8.).reshape(1, 4, 1, 2), 2).shape
    torch.Size([1, 1, 2, 4])
    """
    _args("pixel_shuffle", ("input:Tensor", "upscale_factor:int"),
          input, upscale_factor)
    if input.dim() < 3:
        raise RuntimeError(f"pixel_shuffle expects input to have at least 3 dimensions, but got "
                           f"input with {input.dim()} dimension(s)")
    r = upscale_factor
    if r <= 0:
        raise RuntimeError(f"pixel_shuffle expects a positive upscale_factor, but got {r}")
    c, h, w = input.shape[-3:]
    if c % (r * r) != 0:
        raise RuntimeError("pixel_shuffle expects its input's 'channel' dimension to be divisible "
                           f"by the square of upscale_factor, but input.size(-3)={c} is not "
                           f"divisible by {r * r}")
    lead = tuple(input.shape[:-3])
    n = len(lead)
    oc = c // (r * r)
    from cyautograd.nn._named_nodes import named_composite

    def fn(x):
        x = x.reshape(lead + (oc, r, r, h, w))
        x = x.permute(*range(n), n, n + 3, n + 1, n + 4, n + 2)
        return x.reshape(lead + (oc, h * r, w * r))
    return named_composite("PixelShuffleBackward0", fn, input)


def pixel_unshuffle(input, downscale_factor):
    """``(*, C, H * r, W * r)`` to ``(*, C * r^2, H, W)`` (as torch.nn.functional.pixel_unshuffle).

    >>> F.pixel_unshuffle(torch.arange(8.).reshape(1, 1, 2, 4), 2).shape
    torch.Size([1, 4, 1, 2])
    """
    _args("pixel_unshuffle", ("input:Tensor", "downscale_factor:int"),
          input, downscale_factor)
    if input.dim() < 3:
        raise RuntimeError(f"pixel_unshuffle expects input to have at least 3 dimensions, but "
                           f"got input with {input.dim()} dimension(s)")
    r = downscale_factor
    if r <= 0:
        raise RuntimeError(f"pixel_unshuffle expects a positive downscale_factor, but got {r}")
    c, h, w = input.shape[-3:]
    if h % r != 0:
        raise RuntimeError("pixel_unshuffle expects height to be divisible by downscale_factor, "
                           f"but input.size(-2)={h} is not divisible by {r}")
    if w % r != 0:
        raise RuntimeError("pixel_unshuffle expects width to be divisible by downscale_factor, "
                           f"but input.size(-1)={w} is not divisible by {r}")
    lead = tuple(input.shape[:-3])
    n = len(lead)
    from cyautograd.nn._named_nodes import named_composite

    def fn(x):
        x = x.reshape(lead + (c, h // r, r, w // r, r))
        x = x.permute(*range(n), n, n + 2, n + 4, n + 1, n + 3)
        return x.reshape(lead + (c * r * r, h // r, w // r))
    return named_composite("PixelUnshuffleBackward0", fn, input)


def channel_shuffle(input, groups):
    """Interleaves the channels of ``groups`` groups (as torch.nn.functional.channel_shuffle).

    >>> F.channel_shuffle(torch.arange(4.).reshape(1, 4, 1), 2).flatten()
    tensor([0., 2., 1., 3.])
    """
    _args("channel_shuffle", ("input:Tensor", "groups:int"),
          input, groups)
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of "
                           f"groups:{groups}")
    c = input.shape[1]
    if c % groups != 0:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {c} channels "
                           f"and {groups} groups.")
    n = input.shape[0]
    rest = tuple(input.shape[2:])
    from cyautograd.nn._named_nodes import named_composite

    def fn(x):
        return x.reshape((n, groups, c // groups) + rest).transpose(1, 2).reshape(tuple(x.shape))
    return named_composite("ChannelShuffleBackward0", fn, input)


def _fold_geometry(sizes, kernel_size, dilation, padding, stride):
    k, d = F._pair(kernel_size), F._pair(dilation)
    p, s = F._pair(padding), F._pair(stride)
    outs = tuple((sizes[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(2))
    return k, d, p, s, outs


def _im2col_ints(name, input, sizes):
    """torch's F.unfold/fold hand their sizes through _pair (_ntuple) to
    torch._C._nn.im2col/col2im: that binding's parser, then the sizes as ints."""
    from cyautograd._arg_parser import check
    import operator
    check("nn." + name, (input,) + tuple(sizes))
    return [tuple(operator.index(e) for e in v) for v in sizes]


def _im2col_lengths(names, geo):
    for v, nm in zip(geo, names):
        if len(v) != 2:
            raise RuntimeError(f"It is expected {nm} equals to 2, but got size {len(v)}")


def _im2col_dtype(name, input):
    """im2col/col2im dispatch on the floating, complex and bool types only."""
    dt = input.dtype
    if not (dt.is_floating_point or dt.is_complex or dt is _T().bool):
        raise NotImplementedError(f"\"{name}_out_cpu\" not implemented for '{dt._cname}'")


def _im2col_check(input, kernel_size, dilation, padding, stride):
    """torch's im2col checks, in its order: each geometry argument has two
    items, then their signs, then the input's rank and sizes (a tensor of
    fewer than 3 dims fails on reading its size(2): an IndexError)."""
    geo = (kernel_size, dilation, padding, stride)
    _im2col_lengths(("kernel_size", "dilation", "padding", "stride"), geo)
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = geo
    if not (kw > 0 and kh > 0):
        raise RuntimeError(f"kernel size should be greater than zero, but got kernel_height: {kh} kernel_width: {kw}")
    if not (dw > 0 and dh > 0):
        raise RuntimeError(f"dilation should be greater than zero, but got dilation_height: {dh} "
                           f"dilation_width: {dw}")
    if not (pw >= 0 and ph >= 0):
        raise RuntimeError(f"padding should be non-negative, but got pad_height: {ph} pad_width: {pw}")
    if not (sw > 0 and sh > 0):
        raise RuntimeError(f"stride should be greater than zero, but got stride_height: {sh} stride_width: {sw}")
    n = input.dim()
    valid = input.size(1) != 0 and input.size(2) != 0
    if not ((n == 3 and input.size(0) != 0 and valid) or (n == 4 and valid and input.size(3) != 0)):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
                           f"dimensions for input, but got: {list(input.shape)}")


def _col2im_check(input, output_size, kernel_size, dilation, padding, stride):
    """torch's col2im checks, in its order (col2im_shape_check): the lengths,
    then the kernel, stride, dilation and padding signs, the input's rank, its
    channels against the kernel, its block count against the geometry's."""
    geo = (output_size, kernel_size, dilation, padding, stride)
    _im2col_lengths(("output_size", "kernel_size", "dilation", "padding", "stride"), geo)
    (oh, ow), (kh, kw), (dh, dw), (ph, pw), (sh, sw) = geo
    if not (kw > 0 and kh > 0):
        raise RuntimeError(f"kernel size should be greater than zero, but got kernel_height: {kh} kernel_width: {kw}")
    if not (sw > 0 and sh > 0):
        raise RuntimeError(f"stride should be greater than zero, but got stride_height: {sh} stride_width: {sw}")
    if not (dw > 0 and dh > 0):
        raise RuntimeError(f"dilation should be greater than zero, but got dilation_height: {dh} "
                           f"dilation_width: {dw}")
    if not (pw >= 0 and ph >= 0):
        raise RuntimeError(f"padding should be non-negative, but got pad_height: {ph} pad_width: {pw}")
    n = input.dim()
    if not ((n == 2 and input.size(0) != 0 and input.size(1) != 0) or
            (n == 3 and input.size(1) != 0 and input.size(2) != 0)):
        raise RuntimeError("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and "
                           f"non-zero dimensions for input, but got: {list(input.shape)}")
    b = 0 if n == 3 else -1
    planes = input.size(b + 1)
    if planes % (kw * kh) != 0:
        raise RuntimeError(f"Expected size of input's dimension 1 to be divisible by the product of "
                           f"kernel_size, but got input.size(1)={planes} and kernel_size=({kh}, {kw}).")
    length = input.size(b + 2)
    bh = (oh + 2 * ph - dh * (kh - 1) - 1) // sh + 1
    bw = (ow + 2 * pw - dw * (kw - 1) - 1) // sw + 1
    where = (f"Given output_size=({oh}, {ow}), kernel_size=({kh}, {kw}), dilation=({dh}, {dw}), "
             f"padding=({ph}, {pw}), stride=({sh}, {sw}), ")
    if length != bh * bw:
        raise RuntimeError(where + "expected size of input's dimension 2 to match the calculated number of "
                           f"sliding blocks {bh} * {bw} = {bh * bw}, but got input.size(2)={length}.")
    if not (bh >= 1 and bw >= 1):
        raise RuntimeError(where + f"calculated shape of the array of sliding blocks as ({bh}, {bw}), which is "
                           "too small (non-positive)")


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Extracts sliding blocks: ``(N, C, H, W)`` to ``(N, C * kH * kW, L)`` (im2col, as
    torch.nn.functional.unfold).

    >>> F.unfold(torch.arange(16.).reshape(1, 1, 4, 4), 2).shape
    torch.Size([1, 4, 9])
    """
    k, d, p, s = _im2col_ints("im2col", input, [_ntuple(v, 2) for v in (kernel_size, dilation, padding, stride)])
    _im2col_check(input, k, d, p, s)
    unbatched = input.dim() == 3
    x = input.unsqueeze(0) if unbatched else input
    N, C = x.shape[0], x.shape[1]
    k, d, p, s, outs = _fold_geometry(tuple(x.shape[2:]), k, d, p, s)
    if outs[0] <= 0 or outs[1] <= 0:
        raise RuntimeError(f"Given input with spatial size ({x.shape[2]}, {x.shape[3]}), "
                           f"kernel_size=({k[0]}, {k[1]}), dilation=({d[0]}, {d[1]}), "
                           f"padding=({p[0]}, {p[1]}), calculated shape of the array of sliding "
                           f"blocks as ({outs[0]}, {outs[1]}), but its components must be at "
                           "least one.")
    _im2col_dtype("im2col", input)
    if any(p):
        x = F.pad(x, (p[1], p[1], p[0], p[0]))
    w = F._windows(x, 2, k, s, d, outs)                 # (N, C, oh, ow, kh, kw)
    out = w.permute(0, 1, 4, 5, 2, 3).reshape(N, C * k[0] * k[1], outs[0] * outs[1])
    return out.squeeze(0) if unbatched else out


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sums sliding blocks back into a tensor: ``(N, C * kH * kW, L)`` to
    ``(N, C, H, W)`` (col2im, as torch.nn.functional.fold).

    >>> F.fold(torch.ones(1, 4, 9), (4, 4), 2)[0, 0]
    tensor([[1., 2., 2., 1.],
            [2., 4., 4., 2.],
            [2., 4., 4., 2.],
            [1., 2., 2., 1.]])
    """
    osz, k, d, p, s = _im2col_ints("col2im", input, [_ntuple(v, 2) for v in
                                                      (output_size, kernel_size, dilation, padding, stride)])
    _col2im_check(input, osz, k, d, p, s)
    _im2col_dtype("col2im", input)
    T = _T()
    unbatched = input.dim() == 2
    x = input.unsqueeze(0) if unbatched else input
    k, d, p, s, outs = _fold_geometry(osz, k, d, p, s)
    N, CK, L = x.shape
    kk = k[0] * k[1]
    C = CK // kk
    padded = (osz[0] + 2 * p[0], osz[1] + 2 * p[1])
    _check_alloc((N, C) + padded, input.element_size())
    idx = F._window_index(padded, k, s, d, outs)        # (oh, ow, kh, kw) flat positions
    cols = x.reshape(N, C, k[0], k[1], outs[0], outs[1]).permute(0, 1, 4, 5, 2, 3)
    cols = cols.reshape(N, C, outs[0] * outs[1] * kk)
    out = T.zeros((N, C, padded[0] * padded[1]), dtype=input.dtype, device=input.device).index_add(
        2, _on(cols, T.from_numpy(idx)), cols)
    out = out.reshape(N, C, padded[0], padded[1])
    if any(p):
        out = out[:, :, p[0]:p[0] + osz[0], p[1]:p[1] + osz[1]]
    return out.squeeze(0) if unbatched else out


# ================================================================ embedding_bag
def _embedding_bag_index_dtypes(input, offsets):
    """torch's F.embedding_bag builds a 2-D input's offsets with
    ``arange(..., dtype=input.dtype)`` (no bool arange), and the C op promotes
    indices with offsets and wants Long or Int (naming the promoted type
    'indices', whichever operand brought it)."""
    T = _T()
    if offsets is None:     # 2-D input
        if input.dtype is T.bool:
            raise NotImplementedError("\"arange_cpu\" not implemented for 'Bool'")
        common = input.dtype
    else:
        common = T.promote_types(input.dtype, offsets.dtype)
    if common is not T.int64 and common is not T.int32:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following scalar "
                           f"types: Long, Int; but got cyautograd.{common._legacy} instead (while checking "
                           "arguments for embedding_bag)")


def _embedding_bag_index_range(flat, n, mode):
    """torch's embedding_bag kernels refuse an index outside [0, n) with a
    RuntimeError, in the words of the kernel that meets it first: max mode's
    own check, else the range check of the sum/mean kernel (which some
    layouts of bags trip in an internal check of its index buffer first,
    "Expected i < index_size": not reproduced)."""
    if not flat.numel():
        return
    f = flat.reshape(-1)
    bad = ((f < 0) | (f >= n)).nonzero()
    if not bad.numel():
        return
    k = int(bad[0, 0])
    v = int(f[k])
    if mode == "max":
        raise RuntimeError(f"embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be {v}")
    raise RuntimeError(f"Index {k} of input takes value {v} which is not in the valid range [0, {n})")


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode="mean", sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    """Sums, averages or takes the max of bags of embeddings (as
    torch.nn.functional.embedding_bag): a 2-D input is one bag per row; a 1-D input is
    cut into bags at ``offsets``. Rows at padding_idx are left out; an empty bag gives zeros.

    >>> w = torch.arange(12.).reshape(4, 3)
    >>> F.embedding_bag(torch.tensor([0, 2, 1, 3]), w, torch.tensor([0, 2]))
    tensor([[3., 4., 5.],
            [6., 7., 8.]])
    """
    T = _T()
    # torch's Python reads weight first: the old argument order (weight, input) is swapped
    # back with a warning, then per_sample_weights' shape and weight's rank are checked
    if weight.dtype == T.int64 and input.is_floating_point():
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. Usage `embedding_bag(weight, "
                      "input, ...)` is deprecated, and should now be `embedding_bag(input, weight, ...)`.",
                      stacklevel=2)
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, "
                         f"then it must have the same shape as the input ({input.shape})")
    if not weight.dim() == 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}")
    if mode not in ("sum", "mean", "max"):
        raise ValueError(f"mode has to be one of sum, mean or max")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. "
                                  "per_sample_weights is only supported for mode='sum' (got "
                                  f"mode='{mode}'). Please open a feature request on GitHub.")
    if padding_idx is not None:
        if padding_idx < 0:
            padding_idx = weight.size(0) + padding_idx
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated "
                             "is a mini-batch of fixed length sequences. However, found offsets "
                             f"of type {type(offsets)}")
        B, Lb = input.shape
        offs = [i * Lb for i in range(B)] + [B * Lb]
        flat = input.reshape(-1)
        psw = per_sample_weights.reshape(-1) if per_sample_weights is not None else None
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
        offs = [int(o) for o in offsets.tolist()]
        if include_last_offset:
            offs = offs
        else:
            offs = offs + [input.numel()]
        flat = input
        psw = per_sample_weights
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension "
                         f"{input.dim()}")
    _embedding_bag_index_dtypes(input, offsets)
    _embedding_bag_index_range(flat, weight.size(0), mode)
    if max_norm is not None:
        F.embedding(flat, weight, max_norm=max_norm, norm_type=norm_type)
    def bag(weight, psw):
        rows = weight.index_select(0, flat.reshape(-1).long()) if flat.numel() else \
            weight.new_zeros((0, weight.size(1)))
        keep = None
        if padding_idx is not None:
            keep = (flat != padding_idx)
        if psw is not None:
            rows = rows * psw.unsqueeze(1)
        bags = []
        zero = T.zeros((weight.size(1),), dtype=weight.dtype, device=weight.device)
        for b in range(len(offs) - 1):
            lo, hi = offs[b], offs[b + 1]
            seg = rows[lo:hi]
            if keep is not None:
                kb = keep[lo:hi]
                sel = T.from_numpy(np.nonzero(kb.numpy())[0].astype(np.int64))
                seg = seg.index_select(0, sel)
            n = seg.size(0)
            if n == 0:
                bags.append(zero)
            elif mode == "sum":
                bags.append(seg.sum(0))
            elif mode == "mean":
                bags.append(seg.sum(0) / n)
            else:
                bags.append(seg.max(0)[0])
        if not bags:
            return weight.new_zeros((0, weight.size(1)))
        return T.stack(bags, 0)
    # torch's one node for the whole op (its grad_fn), over weight and per_sample_weights
    from cyautograd.nn._named_nodes import named_composite
    return named_composite("EmbeddingBagBackward0", bag, weight, psw)


# ================================================================ losses
__all__ += ["margin_ranking_loss", "hinge_embedding_loss", "soft_margin_loss",
            "cosine_embedding_loss", "triplet_margin_loss", "triplet_margin_with_distance_loss",
            "gaussian_nll_loss", "multilabel_soft_margin_loss", "multi_margin_loss",
            "multilabel_margin_loss"]


def _red(size_average, reduce, reduction):
    return F._legacy_reduction(size_average, reduce, reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                        reduction="mean"):
    """``max(0, -target * (input1 - input2) + margin)`` (as
    torch.nn.functional.margin_ranking_loss).

    >>> F.margin_ranking_loss(torch.tensor([1., 2.]), torch.tensor([2., 1.]), torch.tensor([1., 1.]))
    tensor(0.5000)
    """
    reduction = _red(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(f"margin_ranking_loss : All input tensors should have same dimension "
                           f"but got sizes: input1: {input1.size()}, input2: {input2.size()}, "
                           f"target: {target.size()} ")
    loss = (-target * (input1 - input2) + margin).clamp_min(0)
    return F._reduce(loss, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    """``x`` where target is 1, ``max(0, margin - x)`` where it is -1 (as
    torch.nn.functional.hinge_embedding_loss).

    >>> F.hinge_embedding_loss(torch.tensor([0.3, 2.]), torch.tensor([1., -1.]))
    tensor(0.1500)
    """
    _args("hinge_embedding_loss", ("input:Tensor", "target:Tensor", "margin:float"),
          input, target, margin)
    reduction = _red(size_average, reduce, reduction)
    T = _T()
    # torch's composite: `margin - self` is ATen's Scalar - Tensor, a tensor of self's
    # dtype filled with margin (an integral input truncates it; a bool one refuses the
    # subtraction), so an integral input gives an integral loss (and 'mean' refuses it)
    zeros = T.zeros_like(input)
    margin_clamp = T.empty_like(input).fill_(margin).sub_(input).clamp_min_(0)
    loss = T.where(target != 1, margin_clamp, zeros) + T.where(target != -1, input, zeros)
    return F._reduce(loss, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """``log(1 + exp(-target * input))`` (as torch.nn.functional.soft_margin_loss).

    >>> F.soft_margin_loss(torch.tensor([0.5, -1.]), torch.tensor([1., -1.]))
    tensor(0.3937)
    """
    _args("soft_margin_loss", ("input:Tensor", "target:Tensor"),
          input, target)
    reduction = _red(size_average, reduce, reduction)
    F._no_grad_arg(target, "soft_margin_loss", "target")
    T = _T()
    # torch writes neg(input).mul_(target).exp_().log1p_() into input's dtype
    if input.dtype is T.bool:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are "
                           "trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    F._broadcast_first(input, target)
    rd = T.result_type(input, target)
    if not F._can_cast(rd, input.dtype):
        raise RuntimeError(f"result type {rd._cname} can't be cast to the desired output type {input.dtype._cname}")
    if not input.dtype.is_floating_point:   # exp_ of an integral tensor
        raise RuntimeError(f"result type {T.get_default_dtype()._cname} can't be cast to the desired "
                           f"output type {input.dtype._cname}")
    if target.dtype is not input.dtype:
        target = target.to(input.dtype)
    return F._reduce(F._softplus_neg(input * target), reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                          reduction="mean"):
    """``1 - cos(x1, x2)`` where target is 1, ``max(0, cos(x1, x2) - margin)`` where it
    is -1 (as torch.nn.functional.cosine_embedding_loss).

    >>> F.cosine_embedding_loss(torch.tensor([[1., 0.]]), torch.tensor([[1., 1.]]), torch.tensor([1.]))
    tensor(0.2929)
    """
    _args("cosine_embedding_loss", ("input1:Tensor", "input2:Tensor", "target:Tensor", "margin:float"),
          input1, input2, target, margin)
    reduction = _red(size_average, reduce, reduction)
    T = _T()
    # the kernel's checks (Loss.cpp): the target's rank, then both inputs' rank against it
    if target.dim() not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input1.dim() != target.dim() + 1 or input2.dim() != target.dim() + 1:
        raise RuntimeError(f"{target.dim()}D target tensor expects {target.dim() + 1}D input "
                           f"tensors, but found inputs with sizes {list(input1.shape)} and "
                           f"{list(input2.shape)}.")
    d = input1.dim() - 1
    eps = 1e-12
    prod = (input1 * input2).sum(d)
    m1 = (input1 * input1).sum(d) + eps
    m2 = (input2 * input2).sum(d) + eps
    cos = prod / (m1 * m2).sqrt()
    zero = T.zeros((), dtype=cos.dtype)
    loss = T.where(target == 1, 1 - cos, zero) + T.where(target == -1, (cos - margin).clamp_min(0),
                                                          zero)
    return F._reduce(loss, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    """``max(0, d(a, p) - d(a, n) + margin)`` with the pairwise p-norm distance (as
    torch.nn.functional.triplet_margin_loss).

    >>> a = torch.tensor([[0., 0.]]); pos = torch.tensor([[1., 0.]]); neg = torch.tensor([[0., 1.5]])
    >>> F.triplet_margin_loss(a, pos, neg)
    tensor(0.5000)
    """
    reduction = _red(size_average, reduce, reduction)
    if reduction not in ("mean", "sum", "none"):    # _Reduction.get_enum, first
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    # then the native torch.triplet_margin_loss, whose parser checks the operands
    _args("triplet_margin_loss", ("anchor:Tensor", "positive:Tensor", "negative:Tensor", "margin:float",
                                  "p:float", "eps:float", "swap:bool"),
          anchor, positive, negative, margin, p, eps, swap)
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim == n_dim):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {a_dim}D, positive "
                           f"{p_dim}D, and negative {n_dim}D inputs")
    d_pos = F.pairwise_distance(anchor, positive, p, eps)
    d_neg = F.pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_neg = _T().minimum(d_neg, F.pairwise_distance(positive, negative, p, eps))
    return F._reduce((margin + d_pos - d_neg).clamp_min(0), reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean"):
    """triplet_margin_loss with any distance function (default pairwise_distance), as
    torch.nn.functional.triplet_margin_with_distance_loss.

    >>> a = torch.tensor([[0., 0.]]); pos = torch.tensor([[1., 0.]]); neg = torch.tensor([[0., 1.5]])
    >>> F.triplet_margin_with_distance_loss(a, pos, neg, margin=2.0).shape
    torch.Size([])
    """
    # torch's order: reduction, margin, then the operands' ndim (an AttributeError
    # on a non-Tensor) before any distance is computed
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim == n_dim):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {a_dim}D, positive "
                           f"{p_dim}D, and negative {n_dim}D inputs")
    dist = distance_function if distance_function is not None else F.pairwise_distance
    d_pos = dist(anchor, positive)
    d_neg = dist(anchor, negative)
    if swap:
        d_neg = _T().minimum(d_neg, dist(positive, negative))
    return F._reduce((margin + d_pos - d_neg).clamp_min(0), reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    """Poisson negative log likelihood: ``exp(input) - target * input`` (log_input) or
    ``input - target * log(input + eps)``, plus Stirling's term for target > 1 when
    full (as torch.nn.functional.poisson_nll_loss).

    >>> F.poisson_nll_loss(torch.tensor([0., 1.]), torch.tensor([1., 2.]))
    tensor(0.8591)
    """
    _args("poisson_nll_loss", ("input:Tensor", "target:Tensor", "log_input:bool", "full:bool"),
          input, target, log_input, full)
    reduction = _red(size_average, reduce, reduction)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    T = _T()
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        big = target > 1
        safe = T.where(big, target, T.full((), 2.0, dtype=target.dtype))
        stirling = safe * safe.log() - safe + 0.5 * (2 * math.pi * safe).log()
        loss = loss + stirling.masked_fill(big.logical_not(), 0)
    return F._reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """Gaussian negative log likelihood ``0.5 * (log(var) + (input - target)^2 / var)``
    (+ ``0.5 * log(2 pi)`` when full), var clamped at eps without stopping its
    gradient (as torch.nn.functional.gaussian_nll_loss).

    >>> F.gaussian_nll_loss(torch.tensor([1., 2.]), torch.tensor([1.5, 2.]), torch.tensor([1., 1.]))
    tensor(0.0625)
    """
    T = _T()
    # torch's order: only a Python float is broadcast (an int var reaches torch.any(var < 0)
    # as a bool, which any()'s parser refuses); then the size rules; then the reduction
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * T.ones_like(input)
    elif T.any(var < 0):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = T.unsqueeze(var, -1)
        elif input.dim() == var.dim() and sum(v for i, v in zip(input.size(), var.size()) if i != v) == 1:
            pass    # one mismatched dimension, of size 1 in var: homoscedastic, broadcast
        else:
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return F._reduce(loss, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    """One-vs-all logistic loss, averaged over the classes (as
    torch.nn.functional.multilabel_soft_margin_loss).

    >>> F.multilabel_soft_margin_loss(torch.tensor([[0.5, -1.]]), torch.tensor([[1., 0.]]))
    tensor(0.3937)
    """
    reduction = _red(size_average, reduce, reduction)
    loss = -(target * F.logsigmoid(input) + (1 - target) * F.logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    C = input.size(class_dim)
    loss = loss.sum(dim=class_dim) / C
    return F._reduce(loss, reduction)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None,
                      reduce=None, reduction="mean"):
    """Multi-class hinge loss ``sum_{i != y} max(0, margin - x[y] + x[i])^p / C`` (as
    torch.nn.functional.multi_margin_loss).

    >>> F.multi_margin_loss(torch.tensor([[0.1, 0.2, 0.4, 0.8]]), torch.tensor([3]))
    tensor(0.3250)
    """
    reduction = _red(size_average, reduce, reduction)
    T = _T()
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    # then torch._C._nn.multi_margin_loss: its parser, its shape check, its kernel's dtypes
    _args("multi_margin_loss", ("input:Tensor", "target:Tensor"), input, target)
    nd = input.dim()
    if not ((nd == 2 and input.size(1) != 0) or (nd == 1 and input.size(0) != 0) or nd == 0):
        raise RuntimeError(f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
                           f"{list(input.shape)}")
    nframe = 1 if nd <= 1 else input.size(0)
    if not (target.dim() <= 1 and target.numel() == nframe):
        raise RuntimeError(f"multi_margin_loss: target tensor should be 1-D with size equal to the number of "
                           f"input samples (batch size). Expected target size [{nframe}], but got "
                           f"{list(target.shape)}. Input has shape {list(input.shape)}.")
    if input.dtype is not T.float32 and input.dtype is not T.float64:   # AT_DISPATCH_FLOATING_TYPES
        raise NotImplementedError(f"\"multi_margin_loss_cpu_kernel\" not implemented for '{input.dtype._cname}'")
    if target.dtype is not T.int64:
        raise RuntimeError(f"expected scalar type Long but found {target.dtype._cname}")
    unbatched = input.dim() <= 1
    x = input.reshape(1, -1) if unbatched else input
    if x.dim() != 2:
        raise RuntimeError(f"Expected non-empty vector or matrix with optional 0-dim batch size, "
                           f"but got: {list(input.shape)}")
    N, C = x.shape
    y = target.reshape(-1)
    if y.numel() != N:
        raise RuntimeError(f"inconsistent target size, expected {N} but got {list(target.shape)}")
    if y.numel() and (int(y.min()) < 0 or int(y.max()) >= C):
        raise RuntimeError("target out of range")
    xy = x.gather(1, y.unsqueeze(1))
    m = (margin - xy + x).clamp_min(0)
    if p == 2:
        m = m * m
    if weight is not None:
        m = m * weight.index_select(0, y).unsqueeze(1)
    not_y = (T.arange(C, device=y.device).unsqueeze(0) != y.unsqueeze(1))
    loss = T.where(not_y, m, T.zeros((), dtype=m.dtype)).sum(1) / C
    if unbatched:
        loss = loss.reshape(tuple(target.shape))
    return F._reduce(loss, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Multi-label hinge loss: for every target class j (target lists them, ended by
    -1) and non-target class i, ``max(0, 1 - (x[j] - x[i]))``, summed and divided by C
    (as torch.nn.functional.multilabel_margin_loss).

    >>> F.multilabel_margin_loss(torch.tensor([[0.1, 0.2, 0.4, 0.8]]), torch.tensor([[3, 0, -1, 1]]))
    tensor(0.8500)
    """
    _args("multilabel_margin_loss", ("input:Tensor", "target:Tensor"),
          input, target)
    reduction = _red(size_average, reduce, reduction)
    T = _T()
    unbatched = input.dim() <= 1
    x = input.reshape(1, -1) if unbatched else input
    tg = target.reshape(1, -1) if unbatched else target
    if tuple(tg.shape) != tuple(x.shape):
        raise RuntimeError(f"inconsistent target size: {list(target.shape)} for input of size: "
                           f"{list(input.shape)}")
    if input.dtype is not T.float32 and input.dtype is not T.float64:   # AT_DISPATCH_FLOATING_TYPES
        raise NotImplementedError(f"\"multilabel_margin_loss_forward_out_frame\" not implemented for "
                                  f"'{input.dtype._cname}'")
    if target.dtype is not T.int64:
        raise RuntimeError(f"expected scalar type Long but found {target.dtype._cname}")
    N, C = x.shape
    if not tg.is_cpu:   # NOTE [ Device backends ]: the same masks from routed ops on the device
        tg = tg.detach().to(T.int64)
        valid = (tg >= 0).to(T.int64).cumprod(1) != 0       # the slots before the first -1
        if bool((valid & (tg >= C)).any()):
            raise RuntimeError(f"target index out of range")
        safe = T.where(valid, tg, T.zeros((), dtype=tg.dtype, device=tg.device))
        classes = T.arange(C, device=tg.device).view(1, 1, C)
        is_target = ((safe.unsqueeze(2) == classes) & valid.unsqueeze(2)).any(1)
        xj = x.gather(1, safe)
        pair = (1 - xj.unsqueeze(2) + x.unsqueeze(1)).clamp_min(0)
        mask = valid.unsqueeze(2) & ~is_target.unsqueeze(1)
        loss = T.where(mask, pair, T.zeros((), dtype=pair.dtype, device=pair.device)).sum((1, 2)) / C
        if unbatched:
            loss = loss.reshape(())
        return F._reduce(loss, reduction)
    tnp = tg.numpy()
    valid = np.zeros((N, C), dtype=bool)
    is_target = np.zeros((N, C), dtype=bool)
    for n in range(N):
        for j in range(C):
            t = int(tnp[n, j])
            if t < 0:
                break
            if t >= C:
                raise RuntimeError(f"target index out of range")
            valid[n, j] = True
            is_target[n, t] = True
    safe = T.from_numpy(np.where(valid, tnp, 0).astype(np.int64))
    xj = x.gather(1, safe)                                           # (N, slots)
    pair = (1 - xj.unsqueeze(2) + x.unsqueeze(1)).clamp_min(0)      # (N, slots, C)
    mask = T.from_numpy(valid[:, :, None] & ~is_target[:, None, :])
    loss = T.where(mask, pair, T.zeros((), dtype=pair.dtype)).sum((1, 2)) / C
    if unbatched:
        loss = loss.reshape(())
    return F._reduce(loss, reduction)


__all__ += ["lp_pool1d", "lp_pool2d"]


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Power-average pooling ``(sum over the window of x^p)^(1/p)`` of a ``(N, C, L)``
    input (as torch.nn.functional.lp_pool1d).

    >>> F.lp_pool1d(torch.tensor([[[1., 2., 3., 4.]]]), 2, 2)
    tensor([[[2.2361, 5.0000]]])
    """
    T = _T()
    if stride is not None:
        out = F.avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = F.avg_pool1d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    k = kernel_size[0] if isinstance(kernel_size, (tuple, list)) else kernel_size
    return (out.sign() * T.relu(out.abs())).mul(k).pow(1.0 / norm_type)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Power-average pooling of a ``(N, C, H, W)`` input (as torch.nn.functional.lp_pool2d).

    >>> F.lp_pool2d(torch.ones(1, 1, 4, 4), 2, 2)
    tensor([[[[2., 2.],
              [2., 2.]]]])
    """
    T = _T()
    # torch's _pair: any iterable (a Tensor too) is unpacked as it is
    import collections.abc
    kw, kh = tuple(kernel_size) if isinstance(kernel_size, collections.abc.Iterable) else (kernel_size,) * 2
    if stride is not None:
        out = F.avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = F.avg_pool2d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (out.sign() * T.relu(out.abs())).mul(kw * kh).pow(1.0 / norm_type)


# ================================================================ CTC
__all__ += ["ctc_loss"]


def _ctc_lse(*xs):
    m = np.maximum.reduce(xs)
    safe = np.where(np.isneginf(m), 0.0, m)
    with np.errstate(divide="ignore"):
        out = np.log(sum(np.exp(x - safe) for x in xs)) + safe
    return np.where(np.isneginf(m), -np.inf, out)


def _ctc_one(lp, tgt, blank):
    """log alpha and log beta, (T, 2S+1) each, of one sample: lp (T, C) float64."""
    T_, S = lp.shape[0], len(tgt)
    L = 2 * S + 1
    ext = np.full(L, blank, dtype=np.int64)
    ext[1::2] = tgt
    skip = np.zeros(L, dtype=bool)
    if L > 2:
        skip[2:] = (ext[2:] != ext[:-2]) & (ext[2:] != blank)
    lpe = lp[:, ext]                                # (T, L)
    ninf = -np.inf
    la = np.full((T_, L), ninf)
    la[0, 0] = lpe[0, 0]
    if L > 1:
        la[0, 1] = lpe[0, 1]
    for t in range(1, T_):
        p = la[t - 1]
        a2 = np.concatenate([[ninf], p[:-1]])
        a3 = np.where(skip, np.concatenate([[ninf, ninf], p[:-2]]) if L > 2 else ninf, ninf)
        la[t] = _ctc_lse(p, a2, a3) + lpe[t]
    lb = np.full((T_, L), ninf)
    lb[T_ - 1, L - 1] = lpe[T_ - 1, L - 1]
    if L > 1:
        lb[T_ - 1, L - 2] = lpe[T_ - 1, L - 2]
    skip_b = np.zeros(L, dtype=bool)
    if L > 2:
        skip_b[:-2] = skip[2:]
    for t in range(T_ - 2, -1, -1):
        q = lb[t + 1]
        b2 = np.concatenate([q[1:], [ninf]])
        b3 = np.where(skip_b, np.concatenate([q[2:], [ninf, ninf]]) if L > 2 else ninf, ninf)
        lb[t] = _ctc_lse(q, b2, b3) + lpe[t]
    nll = -(_ctc_lse(la[T_ - 1, L - 1], la[T_ - 1, L - 2]) if L > 1 else la[T_ - 1, 0])
    return ext, la, lb, float(nll)


class _CtcLoss(Function):
    @staticmethod
    def forward(ctx, log_probs, targets, input_lengths, target_lengths, blank, zero_infinity):
        lp = log_probs.detach().numpy().astype(np.float64)      # (T, N, C)
        N = lp.shape[1]
        nll = np.zeros(N)
        grad = np.zeros_like(lp)
        for n in range(N):
            Tn = input_lengths[n]
            ext, la, lb, v = _ctc_one(lp[:Tn, n], targets[n], blank)
            nll[n] = v
            if zero_infinity and v == np.inf:
                continue                   # zeroed below (WhereBackward0), no gradient
            # torch's gradient (LossCTC.cpp): exp(lp) - exp(log(sum of alpha*beta over the
            # positions labelled c) + nll - lp), zero past the input length
            lab = la + lb
            C = lp.shape[2]
            lcab = np.full((Tn, C), -np.inf)
            for s, c in enumerate(ext):
                lcab[:, c] = _ctc_lse(lcab[:, c], lab[:, s])
            with np.errstate(over="ignore", invalid="ignore"):
                g = np.exp(lp[:Tn, n]) - np.exp(lcab + v - lp[:Tn, n])
            grad[:Tn, n] = g
        ctx.grad = grad.astype(lp.dtype)
        ctx.dtype = log_probs.dtype
        return _T().from_numpy(nll).to(log_probs.dtype)

    @staticmethod
    def backward(ctx, g):
        gl = _T().from_numpy(ctx.grad).to(ctx.dtype) * g.reshape(1, -1, 1)
        return gl, None, None, None, None, None


_CtcLoss._backward_cls.__name__ = "CtcLossBackward0"


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    """Connectionist temporal classification loss (as torch.nn.functional.ctc_loss):
    the negative log likelihood of every alignment of the targets to the log
    probabilities ``(T, N, C)`` (or ``(T, C)``), blanks and repeats collapsed;
    ``"mean"`` divides each sample's loss by its target length, then averages. The
    gradient is torch's (its formula assumes log_softmax inputs, as torch's does).

    >>> lp = torch.randn(6, 2, 4).log_softmax(2)
    >>> F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3]]), [6, 5], [2, 2]).shape
    torch.Size([])
    """
    T = _T()
    _args("ctc_loss", ("log_probs:Tensor",), log_probs)
    unbatched = log_probs.dim() == 2
    lp = log_probs.unsqueeze(1) if unbatched else log_probs
    if lp.dim() != 3:
        raise RuntimeError(f"ctc_loss(): log_probs must be 2-D (unbatched) or 3-D, got "
                           f"{log_probs.dim()}-D")
    N = lp.size(1)

    def ints(v):
        if isinstance(v, T.Tensor):
            return [int(x) for x in v.reshape(-1).tolist()]
        if isinstance(v, int):
            return [v]
        return [int(x) for x in v]
    il, tl = ints(input_lengths), ints(target_lengths)
    if len(il) != N:
        raise RuntimeError(f"input_lengths must be of size batch_size")
    if len(tl) != N:
        raise RuntimeError(f"target_lengths must be of size batch_size")
    tg = targets.unsqueeze(0) if (unbatched and targets.dim() == 1) else targets
    tnp = tg.numpy().astype(np.int64)
    seqs = []
    if tg.dim() == 1:
        pos = 0
        for n in range(N):
            seqs.append(tnp[pos:pos + tl[n]])
            pos += tl[n]
    else:
        for n in range(N):
            if tl[n] > tnp.shape[1]:
                raise RuntimeError(f"Expected tensor to have size at least {max(tl)} at "
                                   f"dimension 1, but got size {tnp.shape[1]} for argument #2 "
                                   "'targets' (while checking arguments for ctc_loss_cpu)")
            seqs.append(tnp[n, :tl[n]])
    for n in range(N):
        if il[n] > lp.size(0) or il[n] < 0:
            raise RuntimeError(f"Expected input_lengths to have value at most {lp.size(0)}, but "
                               f"got value {il[n]} (while checking arguments for "
                               "ctc_loss_allocate_outputs)")
    nll = _CtcLoss.apply(lp, seqs, il, tl, blank, zero_infinity)
    if zero_infinity:
        nll = T.where(nll == float("inf"), T.zeros((), dtype=nll.dtype), nll)
    if unbatched:
        nll = nll.squeeze(0)
    if reduction == "mean":
        tlt = T.tensor(tl, dtype=T.int64).clamp_min(1).to(nll.dtype)
        if unbatched:
            tlt = tlt.squeeze(0)
        return (nll / tlt).mean()
    if reduction == "sum":
        return nll.sum()
    if reduction == "none":
        return nll
    raise ValueError(f"{reduction} is not a valid value for reduction")
