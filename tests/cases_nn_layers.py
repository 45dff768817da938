"""Snippets run against both torch and cyautograd for the recurrent,
attention/transformer, normalisation, misc layers and losses of nn
(cyautograd/nn/rnn.py, transformer.py, layers.py, functional2.py). Parameters are
filled with the same deterministic values in both libraries (tests/cases_nn.py's
_fill), so outputs, the gradients of inputs and parameters, grad_fn names,
state_dict keys, reprs and errors are compared."""
from cases_nn import _err, _fill, _x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _gf(t):
    if t.grad_fn is None:
        return None
    name = type(t.grad_fn).__name__
    # torch runs a float32 LSTM without projection through oneDNN, whose layer is
    # one node; ours stacks the steps (NOTE [ Recurrent layers over the existing ops ])
    return "StackBackward0" if name == "MkldnnRnnLayerBackward0" else name


def _flat(out):
    if isinstance(out, (tuple, list)):
        r = []
        for o in out:
            r += _flat(o)
        return r
    return [out] if out is not None else []


def _run_module(T, m, inputs, seed=0):
    """m's outputs (with grad_fn names) and the gradients of its tensor inputs
    and parameters after a fixed weighted sum of every output."""
    _fill(T, m, seed)
    outs = _flat(m(*inputs))
    loss = 0
    for i, o in enumerate(outs):
        if o.is_floating_point() and o.requires_grad:
            loss = loss + (o * _x(T, tuple(o.shape), 9 + i, str(o.dtype).split(".")[-1],
                                  scale=1.0)).sum()
    if not isinstance(loss, int):
        loss.backward()
    res = [[o.detach(), _gf(o)] for o in outs]
    res += [x.grad for x in _flat(list(inputs)) if isinstance(x, T.Tensor) and x.requires_grad]
    res += [[n, p.grad] for n, p in m.named_parameters()]
    return res


def _inp(T, shape, seed=0, dtype="float32", rg=True):
    return _x(T, shape, seed, dtype, requires_grad=rg)


# ============================================================== recurrent
_RNN_CONFIGS = {
    "1l": dict(),
    "2l": dict(num_layers=2),
    "bi": dict(bidirectional=True),
    "2l_bi_bf": dict(num_layers=2, bidirectional=True, batch_first=True),
    "nobias": dict(bias=False),
}
for _cls in ("RNN", "LSTM", "GRU"):
    for _cn, _kw in _RNN_CONFIGS.items():
        def _c(T, cls=_cls, kw=_kw):
            m = getattr(T.nn, cls)(3, 4, **kw)
            shape = (2, 5, 3) if kw.get("batch_first") else (5, 2, 3)
            return _run_module(T, m, [_inp(T, shape)])
        CASES[f"{_cls.lower()}_{_cn}"] = _c

        def _c64(T, cls=_cls, kw=_kw):
            m = getattr(T.nn, cls)(3, 4, **kw).double()
            shape = (2, 5, 3) if kw.get("batch_first") else (5, 2, 3)
            return _run_module(T, m, [_inp(T, shape, dtype="float64")])
        CASES[f"{_cls.lower()}_{_cn}_f64"] = _c64

    def _unb(T, cls=_cls):
        m = getattr(T.nn, cls)(3, 4, num_layers=2)
        return _run_module(T, m, [_inp(T, (5, 3))])
    CASES[f"{_cls.lower()}_unbatched"] = _unb

    def _repr(T, cls=_cls):
        kw = dict(num_layers=2, dropout=0.25, bidirectional=True, batch_first=True, bias=False)
        if cls == "LSTM":
            kw["proj_size"] = 2
        m = getattr(T.nn, cls)(3, 4, **kw)
        return [repr(m), list(m.state_dict().keys()),
                [[n, list(p.shape)] for n, p in m.named_parameters()],
                [[list(w.shape) for w in ws] for ws in m.all_weights]]
    CASES[f"{_cls.lower()}_repr_keys"] = _repr

    def _eval_dropout(T, cls=_cls):
        m = getattr(T.nn, cls)(3, 4, num_layers=2, dropout=0.5).eval()
        return _run_module(T, m, [_inp(T, (4, 2, 3))])
    CASES[f"{_cls.lower()}_eval_dropout"] = _eval_dropout


def _rnn_hx(T):
    m = T.nn.RNN(3, 4, num_layers=2, nonlinearity="relu")
    return _run_module(T, m, [_inp(T, (5, 2, 3)), _inp(T, (2, 2, 4), 3)])


def _gru_hx_unbatched(T):
    m = T.nn.GRU(3, 4, bidirectional=True)
    return _run_module(T, m, [_inp(T, (5, 3)), _inp(T, (2, 4), 3)])


def _lstm_hx(T):
    m = T.nn.LSTM(3, 4, num_layers=2, bidirectional=True)
    return _run_module(T, m, [_inp(T, (5, 2, 3)), (_inp(T, (4, 2, 4), 3), _inp(T, (4, 2, 4), 4))])


def _lstm_proj(T):
    m = T.nn.LSTM(3, 4, num_layers=2, proj_size=2, bidirectional=True, batch_first=True)
    return _run_module(T, m, [_inp(T, (2, 5, 3)), (_inp(T, (4, 2, 2), 3), _inp(T, (4, 2, 4), 4))])


def _lstm_proj_unbatched(T):
    m = T.nn.LSTM(3, 4, proj_size=3)
    return _run_module(T, m, [_inp(T, (5, 3))])


def _lstm_empty_seq(T):
    try:
        T.nn.LSTM(3, 4)(_inp(T, (0, 2, 3), rg=False))
    except RuntimeError as e:
        return str(e)


def _gru_empty_batch(T):
    return _run_module(T, T.nn.GRU(3, 4, 2), [_inp(T, (3, 0, 3))])


for _f in (_rnn_hx, _gru_hx_unbatched, _lstm_hx, _lstm_proj, _lstm_proj_unbatched, _lstm_empty_seq,
           _gru_empty_batch):
    CASES[_f.__name__[1:]] = _f

for _cls, _nc in (("RNNCell", ""), ("LSTMCell", ""), ("GRUCell", "")):
    def _cell(T, cls=_cls):
        m = getattr(T.nn, cls)(3, 4)
        return _run_module(T, m, [_inp(T, (2, 3))])
    CASES[f"{_cls.lower()}"] = _cell

    def _cell_unb(T, cls=_cls):
        m = getattr(T.nn, cls)(3, 4, bias=False)
        hx = (_inp(T, (4,), 3), _inp(T, (4,), 4)) if cls == "LSTMCell" else _inp(T, (4,), 3)
        return _run_module(T, m, [_inp(T, (3,)), hx])
    CASES[f"{_cls.lower()}_unbatched_hx"] = _cell_unb

    def _cell_repr(T, cls=_cls):
        kw = dict(bias=False)
        if cls == "RNNCell":
            kw["nonlinearity"] = "relu"
        m = getattr(T.nn, cls)(3, 4, **kw)
        return [repr(m), repr(getattr(T.nn, cls)(5, 6)), list(m.state_dict().keys())]
    CASES[f"{_cls.lower()}_repr"] = _cell_repr


def _rnncell_relu(T):
    return _run_module(T, T.nn.RNNCell(3, 4, nonlinearity="relu"), [_inp(T, (2, 3)),
                                                                    _inp(T, (2, 4), 2)])


CASES["rnncell_relu"] = _rnncell_relu

_RNN_ERRORS = {
    "rnn_err_input_3d": lambda T: T.nn.RNN(3, 4)(T.zeros(2, 2, 2, 3)),
    "lstm_err_input_1d": lambda T: T.nn.LSTM(3, 4)(T.zeros(3)),
    "gru_err_input_1d": lambda T: T.nn.GRU(3, 4)(T.zeros(3)),
    "rnn_err_feature": lambda T: T.nn.RNN(3, 4)(T.zeros(5, 2, 2)),
    "gru_err_hidden_shape": lambda T: T.nn.GRU(3, 4, 2)(T.zeros(5, 2, 3), T.zeros(1, 2, 4)),
    "rnn_err_hidden_dim": lambda T: T.nn.RNN(3, 4)(T.zeros(5, 2, 3), T.zeros(2, 4)),
    "rnn_err_hidden_dim_unbatched": lambda T: T.nn.RNN(3, 4)(T.zeros(5, 3), T.zeros(1, 2, 4)),
    "lstm_err_hidden0": lambda T: T.nn.LSTM(3, 4)(T.zeros(5, 2, 3), (T.zeros(1, 3, 4),
                                                                      T.zeros(1, 2, 4))),
    "lstm_err_hidden1": lambda T: T.nn.LSTM(3, 4, proj_size=2)(T.zeros(5, 2, 3), (
        T.zeros(1, 2, 2), T.zeros(1, 2, 2))),
    "lstm_err_hx_dims": lambda T: T.nn.LSTM(3, 4)(T.zeros(5, 2, 3), (T.zeros(2, 4),
                                                                      T.zeros(1, 2, 4))),
    "lstm_err_hx_dims_unbatched": lambda T: T.nn.LSTM(3, 4)(T.zeros(5, 3), (T.zeros(1, 2, 4),
                                                                             T.zeros(1, 4))),
    "lstm_err_dtype": lambda T: T.nn.LSTM(3, 4)(T.zeros(5, 2, 3, dtype=T.float64)),
    "rnn_err_nonlinearity": lambda T: T.nn.RNN(3, 4, nonlinearity="gelu"),
    "gru_err_proj": lambda T: T.nn.GRU(3, 4, proj_size=2),
    "lstm_err_proj_big": lambda T: T.nn.LSTM(3, 4, proj_size=4),
    "lstm_err_proj_neg": lambda T: T.nn.LSTM(3, 4, proj_size=-1),
    "lstm_err_dropout": lambda T: T.nn.LSTM(3, 4, dropout=1.5),
    "lstm_err_dropout_bool": lambda T: T.nn.LSTM(3, 4, dropout=True),
    "lstm_err_hidden_zero": lambda T: T.nn.LSTM(3, 0),
    "lstm_err_input_zero": lambda T: T.nn.LSTM(0, 3),
    "lstm_err_layers_zero": lambda T: T.nn.LSTM(3, 4, 0),
    "lstm_err_input_float": lambda T: T.nn.LSTM(3.0, 4),
    "lstm_err_bias_type": lambda T: T.nn.LSTM(3, 4, bias=1),
    "lstm_err_batch_first_type": lambda T: T.nn.LSTM(3, 4, batch_first=None),
    "rnncell_err_input_3d": lambda T: T.nn.RNNCell(3, 4)(T.zeros(1, 2, 3)),
    "rnncell_err_hidden_3d": lambda T: T.nn.RNNCell(3, 4)(T.zeros(2, 3), T.zeros(1, 2, 4)),
    "grucell_err_input_size": lambda T: T.nn.GRUCell(3, 4)(T.zeros(2, 5)),
    "grucell_err_batch": lambda T: T.nn.GRUCell(3, 4)(T.zeros(2, 3), T.zeros(3, 4)),
    "grucell_err_hidden_size": lambda T: T.nn.GRUCell(3, 4)(T.zeros(2, 3), T.zeros(2, 5)),
    "lstmcell_err_hx_dim": lambda T: T.nn.LSTMCell(3, 4)(T.zeros(2, 3), (T.zeros(2, 4),
                                                                          T.zeros(1, 2, 4))),
    "lstmcell_err_hidden1": lambda T: T.nn.LSTMCell(3, 4)(T.zeros(2, 3), (T.zeros(2, 4),
                                                                           T.zeros(2, 5))),
}
for _n, _f in _RNN_ERRORS.items():
    CASES[_n] = _err(_f)


def _rnn_dropout_warns(T):
    import warnings
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        T.nn.GRU(3, 4, dropout=0.5)
    return [str(x.message) for x in w]


CASES["rnn_dropout_warns"] = _rnn_dropout_warns


# ============================================================== attention
def _sdpa(T, shapes, dtype="float32", **kw):
    q, k, v = (_inp(T, s, i, dtype) for i, s in enumerate(shapes))
    mask = kw.pop("mask", None)
    if mask == "bool":
        L, S = shapes[0][-2], shapes[1][-2]
        kw["attn_mask"] = (T.arange(L).unsqueeze(1) * 3 + T.arange(S)) % 4 != 1
    elif mask == "bool_deadrow":
        L, S = shapes[0][-2], shapes[1][-2]
        m = (T.arange(L).unsqueeze(1) * 3 + T.arange(S)) % 4 != 1
        m[0] = False
        kw["attn_mask"] = m
    elif mask == "float":
        L, S = shapes[0][-2], shapes[1][-2]
        kw["attn_mask"] = _x(T, (L, S), 5, dtype)
    out = T.nn.functional.scaled_dot_product_attention(q, k, v, **kw)
    (out * _x(T, tuple(out.shape), 9, dtype, scale=1.0)).sum().backward()
    return [out.detach(), q.grad, k.grad, v.grad]


_SDPA = {
    "sdpa": dict(shapes=[(2, 3, 4, 8), (2, 3, 5, 8), (2, 3, 5, 6)]),
    "sdpa_f64": dict(shapes=[(2, 3, 4, 8), (2, 3, 5, 8), (2, 3, 5, 6)], dtype="float64"),
    "sdpa_3d": dict(shapes=[(3, 4, 8), (3, 5, 8), (3, 5, 8)]),
    "sdpa_2d": dict(shapes=[(4, 8), (5, 8), (5, 8)]),
    "sdpa_causal": dict(shapes=[(2, 2, 5, 4), (2, 2, 5, 4), (2, 2, 5, 4)], is_causal=True),
    "sdpa_causal_rect": dict(shapes=[(1, 2, 6, 4), (1, 2, 4, 4), (1, 2, 4, 4)], is_causal=True),
    "sdpa_bool_mask": dict(shapes=[(2, 2, 4, 4), (2, 2, 5, 4), (2, 2, 5, 4)], mask="bool"),
    "sdpa_bool_dead_row": dict(shapes=[(2, 2, 4, 4), (2, 2, 5, 4), (2, 2, 5, 4)],
                               mask="bool_deadrow"),
    "sdpa_float_mask": dict(shapes=[(2, 2, 4, 4), (2, 2, 5, 4), (2, 2, 5, 4)], mask="float"),
    "sdpa_scale": dict(shapes=[(2, 4, 4), (2, 5, 4), (2, 5, 4)], scale=0.3),
    "sdpa_gqa": dict(shapes=[(2, 4, 3, 4), (2, 2, 5, 4), (2, 2, 5, 4)], enable_gqa=True),
    "sdpa_dropout_one": dict(shapes=[(2, 4, 3, 4), (2, 4, 5, 4), (2, 4, 5, 4)], dropout_p=1.0),
}
for _n, _kw in _SDPA.items():
    CASES[_n] = lambda T, kw=_kw: _sdpa(T, **dict(kw))

_SDPA_ERRORS = {
    "sdpa_err_dtype": lambda T: T.nn.functional.scaled_dot_product_attention(
        T.zeros(2, 3, 4), T.zeros(2, 3, 4), T.zeros(2, 3, 4, dtype=T.float64)),
    "sdpa_err_mask_dtype": lambda T: T.nn.functional.scaled_dot_product_attention(
        T.zeros(2, 3, 4), T.zeros(2, 3, 4), T.zeros(2, 3, 4),
        attn_mask=T.zeros(3, 3, dtype=T.int64)),
    "sdpa_err_1d": lambda T: T.nn.functional.scaled_dot_product_attention(
        T.zeros(4), T.zeros(3, 4), T.zeros(3, 4)),
}
for _n, _f in _SDPA_ERRORS.items():
    CASES[_n] = _err(_f)


def _mha(T, kw, shapes=((4, 2, 8), (5, 2, 8), (5, 2, 8)), call=None, self_attn=False, dtype=None):
    m = T.nn.MultiheadAttention(**kw)
    if dtype == "float64":
        m = m.double()
    dt = dtype or "float32"
    if self_attn:
        x = _inp(T, shapes[0], 0, dt)
        inputs = [x, x, x]
    else:
        inputs = [_inp(T, s, i, dt) for i, s in enumerate(shapes)]
    call = dict(call or {})
    for name in ("key_padding_mask", "attn_mask"):
        if call.get(name) == "bool":
            shp = call.pop(name + "_shape")
            n = 1
            for s in shp:
                n *= s
            call[name] = (T.arange(n).reshape(shp) % 3 == 2)
        elif call.get(name) == "float":
            call[name] = _x(T, call.pop(name + "_shape"), 7, dt)
        elif call.get(name) == "causal":
            call[name] = T.nn.Transformer.generate_square_subsequent_mask(call.pop(name + "_shape"))

    class Wrap(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.m = m

        def forward(self, *xs):
            return self.m(*xs, **call)
    return _run_module(T, Wrap(), inputs) + [repr(m), list(m.state_dict().keys())]


_MHA = {
    "mha": (dict(embed_dim=8, num_heads=2), {}),
    "mha_f64": (dict(embed_dim=8, num_heads=2), {"dtype": "float64"}),
    "mha_self": (dict(embed_dim=8, num_heads=4), {"self_attn": True}),
    "mha_no_weights": (dict(embed_dim=8, num_heads=2), {"call": {"need_weights": False}}),
    "mha_per_head_weights": (dict(embed_dim=8, num_heads=2),
                             {"call": {"average_attn_weights": False}}),
    "mha_batch_first": (dict(embed_dim=8, num_heads=2, batch_first=True),
                        {"shapes": ((2, 4, 8), (2, 5, 8), (2, 5, 8))}),
    "mha_batch_first_no_weights": (dict(embed_dim=8, num_heads=2, batch_first=True),
                                   {"shapes": ((2, 4, 8), (2, 5, 8), (2, 5, 8)),
                                    "call": {"need_weights": False}}),
    "mha_kdim_vdim": (dict(embed_dim=8, num_heads=2, kdim=3, vdim=5),
                      {"shapes": ((4, 2, 8), (6, 2, 3), (6, 2, 5))}),
    "mha_nobias_biaskv_zeroattn": (dict(embed_dim=8, num_heads=2, bias=False, add_bias_kv=True,
                                        add_zero_attn=True), {}),
    "mha_biaskv_masks": (dict(embed_dim=8, num_heads=2, add_bias_kv=True, add_zero_attn=True),
                         {"call": {"key_padding_mask": "bool", "key_padding_mask_shape": (2, 5),
                                   "attn_mask": "bool", "attn_mask_shape": (4, 5)}}),
    "mha_kpm_bool": (dict(embed_dim=8, num_heads=2),
                     {"call": {"key_padding_mask": "bool", "key_padding_mask_shape": (2, 5)}}),
    "mha_kpm_bool_no_weights": (dict(embed_dim=8, num_heads=2),
                                {"call": {"key_padding_mask": "bool",
                                          "key_padding_mask_shape": (2, 5),
                                          "need_weights": False}}),
    "mha_attn_mask_float_3d": (dict(embed_dim=8, num_heads=2),
                               {"call": {"attn_mask": "float", "attn_mask_shape": (4, 4, 5)}}),
    "mha_causal": (dict(embed_dim=8, num_heads=2),
                   {"self_attn": True, "call": {"attn_mask": "causal", "attn_mask_shape": 4,
                                                "is_causal": True, "need_weights": False}}),
    "mha_unbatched": (dict(embed_dim=8, num_heads=2), {"shapes": ((4, 8), (5, 8), (5, 8))}),
    "mha_unbatched_kpm": (dict(embed_dim=8, num_heads=2),
                          {"shapes": ((4, 8), (5, 8), (5, 8)),
                           "call": {"key_padding_mask": "bool", "key_padding_mask_shape": (5,)}}),
}
for _n, (_kw, _opts) in _MHA.items():
    CASES[_n] = lambda T, kw=_kw, opts=_opts: _mha(T, kw, **opts)

_MHA_ERRORS = {
    "mha_err_divisible": lambda T: T.nn.MultiheadAttention(7, 2),
    "mha_err_zero": lambda T: T.nn.MultiheadAttention(0, 2),
    "mha_err_query_dim": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(1, 2, 3, 8), T.zeros(1, 2, 3, 8), T.zeros(1, 2, 3, 8)),
    "mha_err_key_dim": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(3, 8), T.zeros(3, 2, 8)),
    "mha_err_embed": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 6), T.zeros(3, 2, 6), T.zeros(3, 2, 6)),
    "mha_err_mask_2d_shape": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(4, 2, 8), T.zeros(4, 2, 8), attn_mask=T.zeros(3, 3)),
    "mha_err_mask_3d_shape": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(4, 2, 8), T.zeros(4, 2, 8), attn_mask=T.zeros(2, 3, 4)),
    "mha_err_mask_int": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(4, 2, 8), T.zeros(4, 2, 8),
        attn_mask=T.zeros(3, 4, dtype=T.int64)),
    "mha_err_kpm_shape": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(4, 2, 8), T.zeros(4, 2, 8),
        key_padding_mask=T.zeros(2, 3, dtype=T.bool)),
    "mha_err_causal_no_mask": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(3, 2, 8), T.zeros(3, 2, 8), is_causal=True),
    "mha_err_kv_shape": lambda T: T.nn.MultiheadAttention(8, 2)(
        T.zeros(3, 2, 8), T.zeros(4, 2, 8), T.zeros(5, 2, 8)),
}
for _n, _f in _MHA_ERRORS.items():
    CASES[_n] = _err(_f)


# ============================================================== transformer
def _tf_layer(T, cls, kw, inputs, call=None, train=True):
    import warnings
    kw = dict(kw)
    kw.setdefault("dropout", 0.0)
    m = getattr(T.nn, cls)(**kw)
    if not train:
        m.eval()
    call = dict(call or {})
    for k, v in list(call.items()):
        if v == "causal":
            call[k] = T.nn.Transformer.generate_square_subsequent_mask(call.pop(k + "_size"))
        elif v == "kpm":
            shp = call.pop(k + "_shape")
            call[k] = (T.arange(shp[0] * shp[1]).reshape(shp) % 4 == 3)
    xs = [_inp(T, s, i) for i, s in enumerate(inputs)]

    class Wrap(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.m = m

        def forward(self, *a):
            return self.m(*a, **call)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = _run_module(T, Wrap(), xs)
    # torch's layer norm is one node (NativeLayerNormBackward0), ours composite
    # (NOTE [ Composite functionals ]): compare values and gradients, not that name
    res[0][1] = None
    return res + [repr(m), list(m.state_dict().keys())]


_TF = {
    "tenc_layer": ("TransformerEncoderLayer", dict(d_model=8, nhead=2, dim_feedforward=16),
                   [(5, 2, 8)], None),
    "tenc_layer_norm_first_gelu_bf": ("TransformerEncoderLayer",
                                      dict(d_model=8, nhead=2, dim_feedforward=16,
                                           norm_first=True, activation="gelu", batch_first=True),
                                      [(2, 5, 8)], None),
    "tenc_layer_masks": ("TransformerEncoderLayer", dict(d_model=8, nhead=2, dim_feedforward=16),
                         [(5, 2, 8)], {"src_mask": "causal", "src_mask_size": 5,
                                       "src_key_padding_mask": "kpm",
                                       "src_key_padding_mask_shape": (2, 5)}),
    "tenc_layer_nobias": ("TransformerEncoderLayer", dict(d_model=8, nhead=2, dim_feedforward=16,
                                                          bias=False), [(5, 2, 8)], None),
    "tenc_layer_unbatched": ("TransformerEncoderLayer",
                             dict(d_model=8, nhead=2, dim_feedforward=16), [(5, 8)], None),
    "tdec_layer": ("TransformerDecoderLayer", dict(d_model=8, nhead=2, dim_feedforward=16),
                   [(4, 2, 8), (5, 2, 8)], {"tgt_mask": "causal", "tgt_mask_size": 4}),
    "tdec_layer_norm_first_bf": ("TransformerDecoderLayer",
                                 dict(d_model=8, nhead=2, dim_feedforward=16, norm_first=True,
                                      batch_first=True),
                                 [(2, 4, 8), (2, 5, 8)],
                                 {"memory_key_padding_mask": "kpm",
                                  "memory_key_padding_mask_shape": (2, 5)}),
    "transformer": ("Transformer", dict(d_model=8, nhead=2, num_encoder_layers=2,
                                        num_decoder_layers=2, dim_feedforward=16),
                    [(5, 2, 8), (4, 2, 8)], {"tgt_mask": "causal", "tgt_mask_size": 4}),
    "transformer_bf_norm_first": ("Transformer", dict(d_model=8, nhead=2, num_encoder_layers=1,
                                                      num_decoder_layers=1, dim_feedforward=16,
                                                      batch_first=True, norm_first=True),
                                  [(2, 5, 8), (2, 4, 8)],
                                  {"src_key_padding_mask": "kpm",
                                   "src_key_padding_mask_shape": (2, 5)}),
}
for _n, (_cls, _kw, _shapes, _call) in _TF.items():
    CASES[_n] = lambda T, c=_cls, kw=_kw, s=_shapes, call=_call: _tf_layer(T, c, kw, s, call)


def _tencoder(T, eval_mode=False, kpm=True, bf=True, norm=True):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        layer = T.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=bf)
        enc = T.nn.TransformerEncoder(layer, 2, T.nn.LayerNorm(8) if norm else None)
    _fill(T, enc)
    if eval_mode:
        enc.eval()
    x = _x(T, (2, 5, 8) if bf else (5, 2, 8), 1)
    mask = T.tensor([[False, False, False, True, True], [False, False, False, False, True]]) \
        if kpm else None
    with T.no_grad():
        out = enc(x, src_key_padding_mask=mask)
    return [out, repr(enc), list(enc.state_dict().keys())]


CASES["tencoder_train"] = lambda T: _tencoder(T)
CASES["tencoder_eval_kpm_nested_zeros"] = lambda T: _tencoder(T, eval_mode=True)
CASES["tencoder_eval_kpm_no_norm"] = lambda T: _tencoder(T, eval_mode=True, norm=False)
CASES["tencoder_eval_not_batch_first"] = lambda T: _tencoder(T, eval_mode=True, bf=False)
CASES["tencoder_eval_no_kpm"] = lambda T: _tencoder(T, eval_mode=True, kpm=False)


def _tf_warnings(T):
    import warnings
    out = []
    for kw in (dict(), dict(batch_first=True), dict(batch_first=True, norm_first=True),
               dict(batch_first=True, bias=False), dict(batch_first=True, activation=T.tanh)):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            T.nn.TransformerEncoder(T.nn.TransformerEncoderLayer(8, 2, 16, **kw), 1)
        out.append([str(x.message) for x in w])
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        T.nn.TransformerEncoder(T.nn.TransformerEncoderLayer(8, 3 - 2, 16, batch_first=True), 1)
    out.append([str(x.message) for x in w])
    return out


CASES["tencoder_nested_warnings"] = _tf_warnings
CASES["square_subsequent_mask"] = lambda T: [
    T.nn.Transformer.generate_square_subsequent_mask(4),
    T.nn.Transformer.generate_square_subsequent_mask(3, dtype=T.float64)]
CASES["transformer_err_batch"] = _err(lambda T: T.nn.Transformer(8, 2, 1, 1, 16)(
    T.zeros(5, 2, 8), T.zeros(4, 3, 8)))
CASES["transformer_err_feature"] = _err(lambda T: T.nn.Transformer(8, 2, 1, 1, 16)(
    T.zeros(5, 2, 8), T.zeros(4, 2, 6)))
CASES["tenc_layer_err_activation"] = _err(lambda T: T.nn.TransformerEncoderLayer(
    8, 2, 16, activation="tanh"))
