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
