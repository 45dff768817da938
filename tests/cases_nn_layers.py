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


def _no_names(res):
    """These layers are composite here and one fused node in torch (NOTE [ Composite
    functionals ]): values and gradients are compared, not the grad_fn name."""
    for r in res:
        if isinstance(r, list) and len(r) == 2 and isinstance(r[1], (str, type(None))):
            r[1] = None
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


# ============================================================== functionals (values, grads)
def _fg(T, fn, shapes, dtype="float32", scale=2.0):
    xs = [_x(T, s, i, dtype, scale=scale, requires_grad=True) for i, s in enumerate(shapes)]
    y = fn(T, *xs)
    outs = _flat(y)
    loss = 0
    for i, o in enumerate(outs):
        if o.is_floating_point() and o.requires_grad:
            loss = loss + (o * _x(T, tuple(o.shape), 9 + i, dtype, scale=1.0)).sum()
    if not isinstance(loss, int):
        loss.backward()
    return [o.detach() for o in outs] + [x.grad for x in xs]


def _Fn(name):
    return lambda T: getattr(T.nn.functional, name)


_FUNCS = {
    "selu": (lambda T, x: T.nn.functional.selu(x * 3), [(3, 7)]),
    "celu": (lambda T, x: T.nn.functional.celu(x * 3, 1.5), [(3, 7)]),
    "softmin": (lambda T, x: T.nn.functional.softmin(x, 1), [(3, 7)]),
    "softshrink": (lambda T, x: T.nn.functional.softshrink(x, 0.7), [(3, 7)]),
    "hardshrink": (lambda T, x: T.nn.functional.hardshrink(x, 0.7), [(3, 7)]),
    "threshold": (lambda T, x: T.nn.functional.threshold(x, 0.3, -2.0), [(3, 7)]),
    "rrelu_eval": (lambda T, x: T.nn.functional.rrelu(x), [(3, 7)]),
    "prelu_channels": (lambda T, x, w: T.nn.functional.prelu(x, w), [(2, 3, 4), (3,)]),
    "prelu_one": (lambda T, x, w: T.nn.functional.prelu(x, w), [(2, 3, 4), (1,)]),
    "elu_inplace": (lambda T, x: T.nn.functional.elu_(x * 1.0, 0.7), [(3, 7)]),
    "leaky_relu_inplace": (lambda T, x: T.nn.functional.leaky_relu_(x * 1.0, 0.2), [(3, 7)]),
    "hardtanh_inplace": (lambda T, x: T.nn.functional.hardtanh_(x * 1.0, -0.5, 0.5), [(3, 7)]),
    "threshold_inplace": (lambda T, x: T.nn.functional.threshold_(x * 1.0, 0.1, 3.0), [(3, 7)]),
    "selu_inplace": (lambda T, x: T.nn.functional.selu_(x * 1.0), [(3, 7)]),
    "celu_inplace": (lambda T, x: T.nn.functional.celu_(x * 1.0, 2.0), [(3, 7)]),
    "relu_inplace": (lambda T, x: T.nn.functional.relu_(x * 1.0), [(3, 7)]),
    "group_norm": (lambda T, x, w, b: T.nn.functional.group_norm(x, 2, w, b), [(2, 4, 5), (4,),
                                                                              (4,)]),
    "group_norm_4d": (lambda T, x: T.nn.functional.group_norm(x, 3, eps=1e-3), [(2, 6, 2, 3)]),
    "instance_norm": (lambda T, x, w, b: T.nn.functional.instance_norm(x, weight=w, bias=b),
                      [(2, 3, 5), (3,), (3,)]),
    "rms_norm": (lambda T, x, w: T.nn.functional.rms_norm(x, (4,), w), [(3, 4), (4,)]),
    "rms_norm_eps": (lambda T, x: T.nn.functional.rms_norm(x, (2, 4), eps=0.1), [(3, 2, 4)]),
    "local_response_norm": (lambda T, x: T.nn.functional.local_response_norm(x, 3, 0.1, 0.75, 2.0),
                            [(2, 5, 4)]),
    "local_response_norm_4d": (lambda T, x: T.nn.functional.local_response_norm(x, 2),
                               [(1, 4, 3, 3)]),
    "conv3d": (lambda T, x, w, b: T.nn.functional.conv3d(x, w, b, stride=(1, 2, 1), padding=1),
               [(1, 2, 4, 5, 3), (3, 2, 2, 3, 2), (3,)]),
    "conv_transpose1d": (lambda T, x, w, b: T.nn.functional.conv_transpose1d(x, w, b, stride=2),
                         [(2, 3, 5), (3, 4, 3), (4,)]),
    "conv_transpose1d_groups_pad": (lambda T, x, w: T.nn.functional.conv_transpose1d(
        x, w, stride=3, padding=2, output_padding=1, groups=2, dilation=2),
        [(1, 4, 5), (4, 3, 3)]),
    "conv_transpose2d": (lambda T, x, w, b: T.nn.functional.conv_transpose2d(
        x, w, b, stride=2, padding=1, output_padding=1), [(2, 3, 4, 3), (3, 2, 3, 3), (2,)]),
    "conv_transpose2d_dil": (lambda T, x, w: T.nn.functional.conv_transpose2d(
        x, w, stride=(1, 2), dilation=(2, 1)), [(1, 2, 3, 3), (2, 3, 2, 2)]),
    "conv_transpose2d_unbatched": (lambda T, x, w: T.nn.functional.conv_transpose2d(x, w),
                                   [(2, 3, 3), (2, 3, 2, 2)]),
    "interp_nearest_1d": (lambda T, x: T.nn.functional.interpolate(x, scale_factor=2.5),
                          [(1, 2, 5)]),
    "interp_nearest_2d_size": (lambda T, x: T.nn.functional.interpolate(x, size=(5, 3)),
                               [(1, 2, 3, 4)]),
    "interp_nearest_exact": (lambda T, x: T.nn.functional.interpolate(x, size=7,
                                                                      mode="nearest-exact"),
                             [(1, 2, 5)]),
    "interp_linear": (lambda T, x: T.nn.functional.interpolate(x, scale_factor=1.7, mode="linear"),
                      [(2, 2, 5)]),
    "interp_linear_ac": (lambda T, x: T.nn.functional.interpolate(x, size=9, mode="linear",
                                                                  align_corners=True),
                         [(2, 2, 5)]),
    "interp_bilinear": (lambda T, x: T.nn.functional.interpolate(x, size=(5, 7), mode="bilinear"),
                        [(1, 2, 3, 4)]),
    "interp_bilinear_ac_down": (lambda T, x: T.nn.functional.interpolate(
        x, scale_factor=0.5, mode="bilinear", align_corners=True), [(1, 2, 6, 5)]),
    "interp_bilinear_recompute": (lambda T, x: T.nn.functional.interpolate(
        x, scale_factor=1.3, mode="bilinear", recompute_scale_factor=True), [(1, 1, 4, 5)]),
    "interp_trilinear": (lambda T, x: T.nn.functional.interpolate(x, scale_factor=2,
                                                                  mode="trilinear"),
                         [(1, 1, 2, 3, 2)]),
    "interp_area": (lambda T, x: T.nn.functional.interpolate(x, size=(2, 3), mode="area"),
                    [(1, 2, 5, 7)]),
    "interp_f64": (lambda T, x: T.nn.functional.interpolate(x.double(), scale_factor=1.5,
                                                            mode="bilinear"), [(1, 1, 3, 3)]),
    "adaptive_avg_pool1d": (lambda T, x: T.nn.functional.adaptive_avg_pool1d(x, 3), [(2, 3, 7)]),
    "adaptive_max_pool1d": (lambda T, x: T.nn.functional.adaptive_max_pool1d(x, 3, True),
                            [(2, 3, 7)]),
    "adaptive_max_pool2d": (lambda T, x: T.nn.functional.adaptive_max_pool2d(x, (2, 3), True),
                            [(2, 3, 5, 7)]),
    "adaptive_max_pool2d_none": (lambda T, x: T.nn.functional.adaptive_max_pool2d(x, (None, 2)),
                                 [(1, 2, 3, 5)]),
    "max_pool2d_indices": (lambda T, x: T.nn.functional.max_pool2d(x, 3, 2, 1,
                                                                   return_indices=True),
                           [(2, 3, 7, 6)]),
    "max_pool2d_indices_dil_ceil": (lambda T, x: T.nn.functional.max_pool2d(
        x, 2, 2, 0, 2, ceil_mode=True, return_indices=True), [(1, 2, 7, 7)]),
    "max_pool1d_indices": (lambda T, x: T.nn.functional.max_pool1d(x, 3, 2, 1,
                                                                   return_indices=True),
                           [(2, 3, 9)]),
    "max_unpool2d": (lambda T, x: T.nn.functional.max_unpool2d(
        *T.nn.functional.max_pool2d(x, 2, return_indices=True), 2), [(2, 3, 6, 4)]),
    "max_unpool2d_size": (lambda T, x: T.nn.functional.max_unpool2d(
        *T.nn.functional.max_pool2d(x, 2, return_indices=True), 2, output_size=(5, 5)),
        [(1, 2, 5, 5)]),
    "max_unpool1d": (lambda T, x: T.nn.functional.max_unpool1d(
        *T.nn.functional.max_pool1d(x, 3, 2, 1, return_indices=True), 3, 2, 1), [(2, 3, 9)]),
    "pixel_shuffle": (lambda T, x: T.nn.functional.pixel_shuffle(x, 2), [(2, 8, 3, 2)]),
    "pixel_unshuffle": (lambda T, x: T.nn.functional.pixel_unshuffle(x, 2), [(2, 2, 4, 6)]),
    "channel_shuffle": (lambda T, x: T.nn.functional.channel_shuffle(x, 3), [(2, 6, 2)]),
    "unfold": (lambda T, x: T.nn.functional.unfold(x, (2, 3), dilation=(1, 2), padding=1,
                                                   stride=(2, 1)), [(2, 3, 5, 6)]),
    "fold": (lambda T, x: T.nn.functional.fold(x, (4, 5), 2), [(2, 12, 12)]),
    "fold_pad_stride": (lambda T, x: T.nn.functional.fold(x, (5, 5), 3, padding=1, stride=2),
                        [(1, 18, 9)]),
    "margin_ranking_loss": (lambda T, a, b: T.nn.functional.margin_ranking_loss(
        a, b, T.tensor([1., -1., 1., -1.]), 0.3), [(4,), (4,)]),
    "hinge_embedding_loss": (lambda T, a: T.nn.functional.hinge_embedding_loss(
        a, T.tensor([[1., -1., 1.], [-1., -1., 1.]]), 0.8, reduction="sum"), [(2, 3)]),
    "soft_margin_loss": (lambda T, a: T.nn.functional.soft_margin_loss(
        a * 10, T.tensor([[1., -1., 1.], [-1., -1., 1.]])), [(2, 3)]),
    "cosine_embedding_loss": (lambda T, a, b: T.nn.functional.cosine_embedding_loss(
        a, b, T.tensor([1., -1., 1.]), 0.1, reduction="none"), [(3, 5), (3, 5)]),
    "triplet_margin_loss": (lambda T, a, p, n: T.nn.functional.triplet_margin_loss(
        a, p, n, margin=2.0), [(4, 5), (4, 5), (4, 5)]),
    "triplet_margin_loss_swap_p1": (lambda T, a, p, n: T.nn.functional.triplet_margin_loss(
        a, p, n, margin=2.0, p=1, swap=True, reduction="none"), [(4, 5), (4, 5), (4, 5)]),
    "triplet_margin_with_distance_loss": (
        lambda T, a, p, n: T.nn.functional.triplet_margin_with_distance_loss(
            a, p, n, distance_function=lambda u, v: (u - v).abs().sum(-1), margin=3.0, swap=True),
        [(4, 5), (4, 5), (4, 5)]),
    "poisson_nll_loss_full": (lambda T, a: T.nn.functional.poisson_nll_loss(
        a, T.tensor([[0., 1., 3.], [5., 2., 0.5]]), full=True), [(2, 3)]),
    "poisson_nll_loss_nolog": (lambda T, a: T.nn.functional.poisson_nll_loss(
        a.abs() + 0.1, T.tensor([[0., 1., 3.], [5., 2., 0.5]]), log_input=False, full=True,
        reduction="sum"), [(2, 3)]),
    "gaussian_nll_loss": (lambda T, a, t, v: T.nn.functional.gaussian_nll_loss(
        a, t, v.abs(), full=True), [(3, 4), (3, 4), (3, 4)]),
    "gaussian_nll_loss_hetero": (lambda T, a, t, v: T.nn.functional.gaussian_nll_loss(
        a, t, v.abs() * 0.01, reduction="none"), [(3, 4), (3, 4), (3, 1)]),
    "gaussian_nll_loss_var_short": (lambda T, a, t, v: T.nn.functional.gaussian_nll_loss(
        a, t, v.abs() + 0.5), [(3, 4), (3, 4), (3,)]),
    "multilabel_soft_margin_loss": (lambda T, a, w: T.nn.functional.multilabel_soft_margin_loss(
        a, T.tensor([[1., 0., 1., 0.], [0., 0., 1., 1.]]), weight=w.detach().abs()),
        [(2, 4), (4,)]),
    "multi_margin_loss": (lambda T, a: T.nn.functional.multi_margin_loss(a, T.tensor([3, 0, 2])),
                          [(3, 5)]),
    "multi_margin_loss_p2_w": (lambda T, a: T.nn.functional.multi_margin_loss(
        a, T.tensor([3, 0, 2]), p=2, margin=0.5, weight=T.tensor([1., 2., 0.5, 1., 3.]),
        reduction="none"), [(3, 5)]),
    "multi_margin_loss_1d": (lambda T, a: T.nn.functional.multi_margin_loss(a, T.tensor(2)),
                             [(5,)]),
    "multilabel_margin_loss": (lambda T, a: T.nn.functional.multilabel_margin_loss(
        a, T.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [-1, 0, 0, 0]])), [(3, 4)]),
    "multilabel_margin_loss_1d": (lambda T, a: T.nn.functional.multilabel_margin_loss(
        a, T.tensor([2, 2, -1, 0])), [(4,)]),
    "embedding_bag_2d_mean": (lambda T, w: T.nn.functional.embedding_bag(
        T.tensor([[1, 2, 4], [4, 3, 9]]), w), [(10, 3)]),
    "embedding_bag_offsets_sum_psw": (lambda T, w, p: T.nn.functional.embedding_bag(
        T.tensor([1, 2, 4, 5, 4, 3, 2, 9]), w, T.tensor([0, 3, 3]), mode="sum",
        per_sample_weights=p), [(10, 3), (8,)]),
    "embedding_bag_max_padding": (lambda T, w: T.nn.functional.embedding_bag(
        T.tensor([1, 0, 4, 0, 0, 3, 2, 9]), w, T.tensor([0, 3, 5]), mode="max", padding_idx=0),
        [(10, 3)]),
    "embedding_bag_mean_padding_last": (lambda T, w: T.nn.functional.embedding_bag(
        T.tensor([1, 0, 4, 0, 0, 3, 2, 9]), w, T.tensor([0, 3, 5, 8]), padding_idx=0,
        include_last_offset=True), [(10, 3)]),
}
for _n, (_f, _shapes) in _FUNCS.items():
    CASES["F_" + _n] = lambda T, f=_f, s=_shapes: _fg(T, f, s)
for _n in ("group_norm", "conv_transpose2d", "interp_bilinear", "unfold", "fold",
           "gaussian_nll_loss", "multi_margin_loss"):
    CASES["F_" + _n + "_f64"] = lambda T, f=_FUNCS[_n][0], s=_FUNCS[_n][1]: _fg(T, f, s,
                                                                                "float64")


# ============================================================== modules
def _mod(T, ctor, shapes, train=True, dtype="float32"):
    m = ctor(T)
    if dtype == "float64":
        m = m.double()
    if not train:
        m.eval()
    res = _run_module(T, m, [_inp(T, s, i, dtype) for i, s in enumerate(shapes)])
    return _no_names(res) + [repr(m), list(m.state_dict().keys()),
                  [[n, b] for n, b in m.named_buffers()]]


_MODS = {
    "GroupNorm": (lambda T: T.nn.GroupNorm(3, 6), [(2, 6, 4)]),
    "GroupNorm_noaffine": (lambda T: T.nn.GroupNorm(2, 4, affine=False), [(2, 4, 3, 2)]),
    "InstanceNorm1d": (lambda T: T.nn.InstanceNorm1d(3), [(2, 3, 5)]),
    "InstanceNorm1d_unbatched_affine": (lambda T: T.nn.InstanceNorm1d(3, affine=True),
                                        [(3, 5)]),
    "InstanceNorm2d_track": (lambda T: T.nn.InstanceNorm2d(3, affine=True,
                                                           track_running_stats=True),
                             [(2, 3, 4, 3)]),
    "InstanceNorm3d": (lambda T: T.nn.InstanceNorm3d(2), [(2, 2, 3, 2, 2)]),
    "BatchNorm3d": (lambda T: T.nn.BatchNorm3d(2), [(3, 2, 2, 3, 2)]),
    "RMSNorm": (lambda T: T.nn.RMSNorm(4), [(3, 4)]),
    "RMSNorm_2d_eps": (lambda T: T.nn.RMSNorm([2, 4], eps=1e-2), [(3, 2, 4)]),
    "LocalResponseNorm": (lambda T: T.nn.LocalResponseNorm(3, 0.2, 0.5, 1.5), [(2, 4, 3)]),
    "Conv3d": (lambda T: T.nn.Conv3d(2, 3, (2, 3, 2), stride=2, padding=(1, 0, 1)),
               [(1, 2, 5, 5, 4)]),
    "Conv3d_reflect": (lambda T: T.nn.Conv3d(2, 2, 3, padding=1, padding_mode="replicate",
                                             bias=False), [(1, 2, 3, 3, 3)]),
    "ConvTranspose1d": (lambda T: T.nn.ConvTranspose1d(4, 6, 3, stride=2, groups=2),
                        [(2, 4, 5)]),
    "ConvTranspose2d": (lambda T: T.nn.ConvTranspose2d(3, 2, (3, 2), stride=2, padding=1,
                                                       output_padding=1), [(2, 3, 4, 3)]),
    "Upsample_nearest": (lambda T: T.nn.Upsample(scale_factor=2), [(1, 2, 3, 3)]),
    "Upsample_bilinear": (lambda T: T.nn.Upsample(size=(5, 4), mode="bilinear",
                                                  align_corners=False), [(1, 2, 3, 3)]),
    "UpsamplingBilinear2d": (lambda T: T.nn.UpsamplingBilinear2d(scale_factor=2),
                             [(1, 2, 3, 3)]),
    "UpsamplingNearest2d": (lambda T: T.nn.UpsamplingNearest2d(size=(4, 5)), [(1, 2, 3, 3)]),
    "AdaptiveAvgPool1d": (lambda T: T.nn.AdaptiveAvgPool1d(4), [(2, 3, 9)]),
    "AdaptiveMaxPool2d": (lambda T: T.nn.AdaptiveMaxPool2d(2), [(2, 3, 5, 5)]),
    "AvgPool1d": (lambda T: T.nn.AvgPool1d(3, 2, 1), [(2, 3, 8)]),
    "PixelShuffle": (lambda T: T.nn.PixelShuffle(3), [(1, 9, 2, 2)]),
    "PixelUnshuffle": (lambda T: T.nn.PixelUnshuffle(2), [(1, 1, 4, 4)]),
    "Fold": (lambda T: T.nn.Fold((3, 4), 2), [(1, 8, 6)]),
    "Unfold": (lambda T: T.nn.Unfold(2, stride=2), [(1, 2, 4, 4)]),
    "ZeroPad2d": (lambda T: T.nn.ZeroPad2d((1, 2, 0, 1)), [(1, 2, 3, 3)]),
    "ConstantPad1d": (lambda T: T.nn.ConstantPad1d((2, 1), 0.5), [(2, 3)]),
    "ConstantPad3d": (lambda T: T.nn.ConstantPad3d(1, -1.0), [(1, 1, 2, 2, 2)]),
    "ReflectionPad1d": (lambda T: T.nn.ReflectionPad1d(2), [(1, 2, 4)]),
    "ReflectionPad2d": (lambda T: T.nn.ReflectionPad2d((1, 2, 2, 1)), [(1, 2, 4, 4)]),
    "ReplicationPad1d": (lambda T: T.nn.ReplicationPad1d((3, 1)), [(1, 2, 4)]),
    "ReplicationPad2d": (lambda T: T.nn.ReplicationPad2d(2), [(1, 2, 3, 3)]),
    "CircularPad1d": (lambda T: T.nn.CircularPad1d(2), [(1, 2, 4)]),
    "CircularPad2d": (lambda T: T.nn.CircularPad2d((1, 0, 2, 1)), [(1, 2, 3, 3)]),
    "PReLU": (lambda T: T.nn.PReLU(), [(2, 3, 4)]),
    "PReLU_channels": (lambda T: T.nn.PReLU(3, 0.1), [(2, 3, 4)]),
    "SELU": (lambda T: T.nn.SELU(), [(3, 4)]),
    "CELU": (lambda T: T.nn.CELU(0.5), [(3, 4)]),
    "Softmin": (lambda T: T.nn.Softmin(dim=1), [(3, 4)]),
    "Softshrink": (lambda T: T.nn.Softshrink(1.0), [(3, 4)]),
    "Hardshrink": (lambda T: T.nn.Hardshrink(), [(3, 4)]),
    "Threshold": (lambda T: T.nn.Threshold(0.2, 7.0), [(3, 4)]),
    "RReLU_eval": (lambda T: T.nn.RReLU(0.1, 0.3), [(3, 4)], False),
    "Softmax2d": (lambda T: T.nn.Softmax2d(), [(2, 3, 2, 2)]),
    "Dropout2d_eval": (lambda T: T.nn.Dropout2d(0.3), [(2, 3, 2, 2)], False),
    "Dropout1d_p0": (lambda T: T.nn.Dropout1d(0.0), [(2, 3, 4)]),
    "AlphaDropout_eval": (lambda T: T.nn.AlphaDropout(0.3), [(2, 3)], False),
    "AlphaDropout_p1": (lambda T: T.nn.AlphaDropout(1.0), [(2, 3)]),
    "FeatureAlphaDropout_eval": (lambda T: T.nn.FeatureAlphaDropout(0.3), [(2, 3, 2)], False),
    "PairwiseDistance": (lambda T: T.nn.PairwiseDistance(p=3.0, keepdim=True), [(3, 4), (3, 4)]),
    "MarginRankingLoss": (lambda T: T.nn.MarginRankingLoss(0.2), [(4,), (4,), (4,)]),
    "TripletMarginLoss": (lambda T: T.nn.TripletMarginLoss(margin=1.5), [(3, 4), (3, 4), (3, 4)]),
    "GaussianNLLLoss": (lambda T: T.nn.GaussianNLLLoss(eps=0.5), [(3, 4), (3, 4), (3, 4)]),
    "SoftMarginLoss": (lambda T: T.nn.SoftMarginLoss(reduction="sum"), [(3, 4), (3, 4)]),
    "PoissonNLLLoss": (lambda T: T.nn.PoissonNLLLoss(), [(3, 4), (3, 4)]),
}
for _n, _v in _MODS.items():
    _train = _v[2] if len(_v) > 2 else True
    CASES["M_" + _n] = lambda T, c=_v[0], s=_v[1], t=_train: _mod(T, c, s, t)
for _n in ("GroupNorm", "ConvTranspose2d", "Conv3d", "InstanceNorm2d_track", "RMSNorm"):
    CASES["M_" + _n + "_f64"] = lambda T, c=_MODS[_n][0], s=_MODS[_n][1]: _mod(T, c, s,
                                                                               dtype="float64")


def _embedding_bag_module(T):
    m = T.nn.EmbeddingBag(10, 3, mode="sum", padding_idx=2)
    return _no_names(_run_module(T, m, [T.tensor([1, 2, 4, 5, 4, 3, 2, 9]),
                                        T.tensor([0, 4])])) + [repr(m)]


def _instance_norm_running(T):
    m = T.nn.InstanceNorm1d(3, track_running_stats=True, momentum=0.3)
    for i in range(3):
        m(_x(T, (2, 3, 5), i))
    m.eval()
    return [m(_x(T, (2, 3, 5), 7)), m.running_mean, m.running_var, m.num_batches_tracked]


def _buffer(T):
    class M(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = T.nn.Buffer(T.ones(2))
            self.b = T.nn.Buffer(T.zeros(3), persistent=False)
            self.lin = T.nn.Linear(2, 2)
    m = M()
    return [list(m.state_dict()), [n for n, _ in m.named_buffers()],
            isinstance(m.a, T.nn.Buffer), isinstance(T.ones(1), T.nn.Buffer),
            type(T.nn.Buffer(T.ones(1))).__name__]


CASES["M_EmbeddingBag"] = _embedding_bag_module
CASES["M_InstanceNorm1d_running"] = _instance_norm_running
CASES["M_Buffer"] = _buffer
CASES["M_ConvTranspose2d_output_size"] = lambda T: _no_names(_run_module(
    T, _CT(T), [_inp(T, (1, 3, 4, 4))]))


def _CT(T):
    class M(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.c = T.nn.ConvTranspose2d(3, 2, 3, stride=2)

        def forward(self, x):
            return self.c(x, output_size=[1, 2, 10, 9])
    return M()


_LAYER_ERRORS = {
    "group_norm_err_groups": lambda T: T.nn.functional.group_norm(T.zeros(2, 6, 3), 4),
    "GroupNorm_err_ctor": lambda T: T.nn.GroupNorm(4, 6),
    "InstanceNorm1d_err_dim": lambda T: T.nn.InstanceNorm1d(3)(T.zeros(2, 3, 4, 5)),
    "InstanceNorm1d_err_affine_features": lambda T: T.nn.InstanceNorm1d(4, affine=True)(
        T.zeros(2, 3, 5)),
    "BatchNorm3d_err_dim": lambda T: T.nn.BatchNorm3d(3)(T.zeros(2, 3, 4, 5)),
    "rms_norm_err_shape": lambda T: T.nn.functional.rms_norm(T.zeros(2, 3), (4,)),
    "ConvTranspose2d_err_mode": lambda T: T.nn.ConvTranspose2d(2, 2, 3, padding_mode="reflect"),
    "ConvTranspose2d_err_output_size": lambda T: T.nn.ConvTranspose2d(3, 2, 3, stride=2)(
        T.zeros(1, 3, 4, 4), output_size=[20, 20]),
    "conv_transpose2d_err_channels": lambda T: T.nn.functional.conv_transpose2d(
        T.zeros(1, 3, 4, 4), T.zeros(2, 2, 3, 3)),
    "interp_err_both": lambda T: T.nn.functional.interpolate(T.zeros(1, 1, 4), size=3,
                                                             scale_factor=2),
    "interp_err_none": lambda T: T.nn.functional.interpolate(T.zeros(1, 1, 4)),
    "interp_err_align": lambda T: T.nn.functional.interpolate(T.zeros(1, 1, 4), size=3,
                                                              align_corners=True),
    "interp_err_mode_dim": lambda T: T.nn.functional.interpolate(T.zeros(1, 1, 4), size=3,
                                                                 mode="bilinear"),
    "interp_err_size_len": lambda T: T.nn.functional.interpolate(T.zeros(1, 1, 4, 4),
                                                                 size=(3, 3, 3)),
    "interp_err_recompute_size": lambda T: T.nn.functional.interpolate(
        T.zeros(1, 1, 4), size=3, recompute_scale_factor=True),
    "pixel_shuffle_err": lambda T: T.nn.functional.pixel_shuffle(T.zeros(1, 3, 2, 2), 2),
    "pixel_unshuffle_err": lambda T: T.nn.functional.pixel_unshuffle(T.zeros(1, 1, 3, 4), 2),
    "fold_err_blocks": lambda T: T.nn.functional.fold(T.zeros(1, 4, 7), (4, 4), 2),
    "fold_err_kernel": lambda T: T.nn.functional.fold(T.zeros(1, 5, 9), (4, 4), 2),
    "dropout1d_err_dim": lambda T: T.nn.functional.dropout1d(T.zeros(2, 3, 4, 5)),
    "dropout_err_p": lambda T: T.nn.Dropout2d(1.5),
    "softshrink_err": lambda T: T.nn.functional.softshrink(T.zeros(3), -1.0),
    "prelu_err_mismatch": lambda T: T.nn.functional.prelu(T.zeros(2, 3), T.zeros(4)),
    "multi_margin_err_p": lambda T: T.nn.functional.multi_margin_loss(T.zeros(2, 3),
                                                                      T.tensor([0, 1]), p=3),
    "gaussian_nll_err_var": lambda T: T.nn.functional.gaussian_nll_loss(
        T.zeros(3, 4), T.zeros(3, 4), T.ones(2, 4)),
    "gaussian_nll_err_neg": lambda T: T.nn.functional.gaussian_nll_loss(
        T.zeros(3, 4), T.zeros(3, 4), -T.ones(3, 4)),
    "margin_ranking_err_dims": lambda T: T.nn.functional.margin_ranking_loss(
        T.zeros(3), T.zeros(3, 1), T.zeros(3)),
    "triplet_err_dims": lambda T: T.nn.functional.triplet_margin_loss(
        T.zeros(3, 2), T.zeros(3, 2), T.zeros(2)),
    "Softmax2d_err_dim": lambda T: T.nn.Softmax2d()(T.zeros(2, 3)),
    "max_unpool2d_err_size": lambda T: T.nn.functional.max_unpool2d(
        T.zeros(1, 1, 2, 2), T.zeros(1, 1, 2, 2, dtype=T.int64), 2, output_size=(9, 9)),
    "embedding_bag_err_psw_mode": lambda T: T.nn.functional.embedding_bag(
        T.tensor([[1, 2]]), T.zeros(4, 2), per_sample_weights=T.ones(1, 2)),
}
for _n, _f in _LAYER_ERRORS.items():
    CASES[_n] = _err(_f)


def _dropout2d_warnings(T):
    import warnings
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        T.nn.functional.dropout2d(T.ones(2, 3, 4), 0.5, training=False)
        T.nn.functional.dropout2d(T.ones(2, 3), 0.5, training=False)
    return [str(x.message) for x in w]


CASES["dropout2d_warnings"] = _dropout2d_warnings


_LP = {
    "F_lp_pool1d": (lambda T, x: T.nn.functional.lp_pool1d(x, 2.0, 3, 2), [(2, 3, 8)]),
    "F_lp_pool1d_p3": (lambda T, x: T.nn.functional.lp_pool1d(x.abs() + 0.1, 3.0, 2), [(2, 3, 8)]),
    "F_lp_pool2d": (lambda T, x: T.nn.functional.lp_pool2d(x, 2.0, (2, 3), 1), [(1, 2, 5, 6)]),
}
for _n, (_f, _shapes) in _LP.items():
    CASES[_n] = lambda T, f=_f, s=_shapes: _fg(T, f, s)
CASES["M_LPPool2d"] = lambda T: _mod(T, lambda T: T.nn.LPPool2d(2, 2), [(1, 2, 4, 4)])
CASES["M_LPPool1d"] = lambda T: _mod(T, lambda T: T.nn.LPPool1d(1.5, 3, stride=1),
                                     [(1, 2, 6)])


# ============================================================== CTC
def _ctc(T, red="mean", zi=False, flat=False, dtype="float32", unb=False, module=False):
    x = _x(T, (7, 3, 5), 0, dtype, requires_grad=True)
    lp = x.log_softmax(2)
    lp.retain_grad()
    tg = T.tensor([[1, 2, 2], [3, 1, 0], [4, 4, 4]])   # the last needs 5 steps: infeasible
    il, tl = [7, 5, 3], [3, 2, 3]
    if flat:
        tg = T.tensor([1, 2, 2, 3, 1, 4, 4, 4])
    if unb:
        out = T.nn.functional.ctc_loss(lp[:, 0], T.tensor([1, 2, 2]), [7], [3], reduction=red)
    elif module:
        m = T.nn.CTCLoss(blank=0, reduction=red, zero_infinity=zi)
        out = m(lp, tg, T.tensor(il), T.tensor(tl))
    else:
        out = T.nn.functional.ctc_loss(lp, tg, il, tl, reduction=red, zero_infinity=zi)
    (out * _x(T, tuple(out.shape), 9, dtype, scale=1.0)).sum().backward()
    # lp.grad is torch's formula (it assumes log_softmax inputs), x.grad the true one
    return [out.detach(), _gf(out), x.grad, lp.grad]


_CTC = {"ctc_loss_mean_zero_inf": dict(zi=True), "ctc_loss_sum_zero_inf": dict(red="sum", zi=True),
        "ctc_loss_none": dict(red="none"), "ctc_loss_none_zero_inf": dict(red="none", zi=True),
        "ctc_loss_flat_targets": dict(flat=True, zi=True), "ctc_loss_f64": dict(dtype="float64",
                                                                                 zi=True),
        "ctc_loss_unbatched": dict(unb=True), "CTCLoss_module": dict(module=True, zi=True)}
for _n, _kw in _CTC.items():
    CASES[_n] = lambda T, kw=_kw: _ctc(T, **kw)
CASES["CTCLoss_repr"] = lambda T: [repr(T.nn.CTCLoss()), repr(T.nn.CTCLoss(blank=2))]
CASES["ctc_loss_err_input_length"] = _err(lambda T: T.nn.functional.ctc_loss(
    T.zeros(4, 1, 3).log_softmax(2), T.tensor([[1, 2]]), [5], [2]))
