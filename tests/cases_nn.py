"""Snippets run against both torch and cyautograd (issue 15: nn, nn.functional,
nn.init, nn.utils).  Each takes the module (torch or cyautograd) and returns
what to compare.  Parameters are filled with deterministic values (the two
libraries' generators differ), so values and gradients can be compared.

Composite functionals are compared on values and gradients with the outputs
detached: their grad_fn is the node of the last op used (see NOTE [ Composite
functionals ] in cyautograd/nn/functional.py)."""
import math

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _x(T, shape, seed=0, dtype="float32", scale=2.0, requires_grad=False):
    n = 1
    for s in shape:
        n *= s
    t = ((T.arange(n, dtype=T.float64) * 0.7311 + seed * 1.37).sin() * scale)
    t = t.reshape(tuple(shape)).to(getattr(T, dtype))
    return t.requires_grad_() if requires_grad else t


def _fill(T, m, seed=0):
    """Deterministic parameter values, the same in both libraries."""
    with T.no_grad():
        for i, (_, p) in enumerate(m.named_parameters()):
            n = p.numel()
            v = ((T.arange(n, dtype=T.float64) * 0.377 + i + seed).sin() * 0.5)
            p.copy_(v.reshape(tuple(p.shape)).to(p.dtype))
    return m


def _fgrad(T, fn, shapes, dtype="float32", seed=0):
    """Runs fn(T, *inputs) and backward with a fixed weighting; returns the
    detached output and every input's gradient."""
    xs = [_x(T, s, seed + i, dtype, requires_grad=True) for i, s in enumerate(shapes)]
    y = fn(T, *xs)
    w = _x(T, tuple(y.shape), 9, dtype, scale=1.0)
    (y * w).sum().backward()
    return [y.detach()] + [x.grad for x in xs]


def _mgrad(T, m, shapes, dtype="float32"):
    """A module's output and the gradients of its inputs and parameters."""
    _fill(T, m)
    xs = [_x(T, s, i, dtype, requires_grad=True) for i, s in enumerate(shapes)]
    y = m(*xs)
    w = _x(T, tuple(y.shape), 9, dtype, scale=1.0)
    (y * w).sum().backward()
    return [y.detach()] + [x.grad for x in xs] + \
        [[n, p.grad] for n, p in m.named_parameters()]


def _err(fn):
    def run(T):
        try:
            fn(T)
        except Exception as e:  # noqa: BLE001 - the error is the observable
            return [type(e).__name__, str(e)]
        return "no error"
    return run


# ============================================================== functional: activations
for _dt in ("float32", "float64"):
    for _name, _f, _shape in [
        ("gelu", lambda T, x: T.nn.functional.gelu(x), (3, 7)),
        ("gelu_tanh", lambda T, x: T.nn.functional.gelu(x, approximate="tanh"), (3, 7)),
        ("silu", lambda T, x: T.nn.functional.silu(x), (3, 7)),
        ("softplus", lambda T, x: T.nn.functional.softplus(x * 12), (3, 7)),
        ("softplus_beta", lambda T, x: T.nn.functional.softplus(x * 6, beta=2.0, threshold=5.0),
         (3, 7)),
        ("leaky_relu", lambda T, x: T.nn.functional.leaky_relu(x, 0.2), (3, 7)),
        ("elu", lambda T, x: T.nn.functional.elu(x), (3, 7)),
        ("logsigmoid", lambda T, x: T.nn.functional.logsigmoid(x * 30), (3, 7)),
        ("relu6", lambda T, x: T.nn.functional.relu6(x * 4), (3, 7)),
        ("hardtanh", lambda T, x: T.nn.functional.hardtanh(x), (3, 7)),
        ("softsign", lambda T, x: T.nn.functional.softsign(x), (3, 7)),
        ("mish", lambda T, x: T.nn.functional.mish(x), (3, 7)),
        ("hardswish", lambda T, x: T.nn.functional.hardswish(x * 2), (3, 7)),
        ("glu", lambda T, x: T.nn.functional.glu(x, 1), (3, 8)),
        ("relu", lambda T, x: T.nn.functional.relu(x), (3, 7)),
        ("softmax", lambda T, x: T.nn.functional.softmax(x, dim=1), (3, 7)),
        ("log_softmax", lambda T, x: T.nn.functional.log_softmax(x, dim=0), (3, 7)),
        ("normalize", lambda T, x: T.nn.functional.normalize(x), (3, 7)),
        ("normalize_p1", lambda T, x: T.nn.functional.normalize(x, p=1.0, dim=0), (3, 7)),
        ("layer_norm", lambda T, x: T.nn.functional.layer_norm(x, (7,)), (3, 7)),
        ("layer_norm_2d", lambda T, x: T.nn.functional.layer_norm(x, (3, 4)), (2, 3, 4)),
        ("pad_constant", lambda T, x: T.nn.functional.pad(x, (1, 2, 0, 1), value=0.5), (2, 3, 4)),
        ("pad_negative", lambda T, x: T.nn.functional.pad(x, (-1, 2, 1, -1)), (2, 3, 4)),
        ("pad_reflect", lambda T, x: T.nn.functional.pad(x, (2, 1, 1, 2), mode="reflect"),
         (1, 2, 3, 4)),
        ("pad_replicate", lambda T, x: T.nn.functional.pad(x, (2, 1, 3, 0), mode="replicate"),
         (1, 2, 3, 4)),
        ("pad_circular", lambda T, x: T.nn.functional.pad(x, (2, 1, 1, 2), mode="circular"),
         (1, 2, 3, 4)),
        ("max_pool2d", lambda T, x: T.nn.functional.max_pool2d(x, 2), (2, 3, 6, 5)),
        ("max_pool2d_ties", lambda T, x: T.nn.functional.max_pool2d(x.relu(), 3, 2, 1),
         (2, 3, 7, 6)),
        ("max_pool2d_ceil", lambda T, x: T.nn.functional.max_pool2d(x, 2, 2, ceil_mode=True),
         (1, 2, 5, 5)),
        ("max_pool2d_dil", lambda T, x: T.nn.functional.max_pool2d(x, 2, 1, dilation=2),
         (1, 2, 6, 6)),
        ("max_pool2d_unbatched", lambda T, x: T.nn.functional.max_pool2d(x, (2, 3)), (2, 6, 6)),
        ("avg_pool2d", lambda T, x: T.nn.functional.avg_pool2d(x, 2), (2, 3, 6, 5)),
        ("avg_pool2d_pad", lambda T, x: T.nn.functional.avg_pool2d(x, 3, 2, 1), (2, 3, 7, 6)),
        ("avg_pool2d_nopad_count",
         lambda T, x: T.nn.functional.avg_pool2d(x, 3, 2, 1, count_include_pad=False),
         (2, 3, 7, 6)),
        ("avg_pool2d_divisor", lambda T, x: T.nn.functional.avg_pool2d(x, 2, divisor_override=3),
         (1, 2, 4, 4)),
        ("max_pool1d", lambda T, x: T.nn.functional.max_pool1d(x, 3, 2), (2, 3, 9)),
        ("avg_pool1d", lambda T, x: T.nn.functional.avg_pool1d(x, 3, 2), (2, 3, 9)),
        ("adaptive_avg_pool2d", lambda T, x: T.nn.functional.adaptive_avg_pool2d(x, (2, 3)),
         (2, 3, 6, 6)),
        ("adaptive_avg_pool2d_uneven",
         lambda T, x: T.nn.functional.adaptive_avg_pool2d(x, (3, 2)), (1, 2, 5, 7)),
    ]:
        def _mk(f=_f, shape=_shape, dt=_dt):
            return lambda T: _fgrad(T, f, [shape], dt)
        CASES[f"F_{_name}_{_dt}"] = _mk()

# torch's hardsigmoid_backward scales by a float32 1/6 even for float64: float32 only
CASES["F_hardsigmoid_float32"] = lambda T: _fgrad(
    T, lambda T, x: T.nn.functional.hardsigmoid(x * 2), [(3, 7)])
CASES["F_hardtanh_bounds"] = lambda T: _fgrad(
    T, lambda T, x: T.nn.functional.hardtanh(x.round(), -1.0, 1.0), [(3, 7)])

# zero-size and 0-d inputs
for _name, _f, _shape in [
    ("gelu", lambda T, x: T.nn.functional.gelu(x), (0, 3)),
    ("silu", lambda T, x: T.nn.functional.silu(x), ()),
    ("softplus", lambda T, x: T.nn.functional.softplus(x), ()),
    ("layer_norm", lambda T, x: T.nn.functional.layer_norm(x, (3,)), (0, 3)),
    ("leaky_relu", lambda T, x: T.nn.functional.leaky_relu(x), (0,)),
]:
    CASES[f"F_{_name}_edge"] = (lambda f, s: (lambda T: _fgrad(T, f, [s])))(_f, _shape)


@case
def F_exact_kinks(T):
    """Gradients at the points where the composite pieces meet."""
    F = T.nn.functional
    x = T.tensor([-1.0, 0.0, 1e-30, 20.0, 20.5, -20.0, 100.0, -100.0], requires_grad=True)
    outs = [F.softplus(x), F.leaky_relu(x), F.logsigmoid(x), F.gelu(x), F.silu(x), F.elu(x)]
    gs = [T.autograd.grad(o.sum(), x)[0] for o in outs]
    return [o.detach() for o in outs] + gs


@case
def F_one_hot(T):
    F = T.nn.functional
    t = T.tensor([[0, 2], [1, 3]])
    return [F.one_hot(t), F.one_hot(t, 6), F.one_hot(T.tensor(2), 4),
            F.one_hot(T.zeros(0, dtype=T.long), 3)]


CASES["F_one_hot_float_err"] = _err(lambda T: T.nn.functional.one_hot(T.tensor([1.0])))
CASES["F_one_hot_neg_err"] = _err(lambda T: T.nn.functional.one_hot(T.tensor([-1])))
CASES["F_one_hot_big_err"] = _err(lambda T: T.nn.functional.one_hot(T.tensor([5]), 3))
CASES["F_one_hot_empty_err"] = _err(lambda T: T.nn.functional.one_hot(T.zeros(0, dtype=T.long)))
CASES["F_pad_odd_err"] = _err(lambda T: T.nn.functional.pad(T.zeros(2, 2), (1,)))
CASES["F_pad_long_err"] = _err(lambda T: T.nn.functional.pad(T.zeros(2), (1, 1, 1, 1)))
CASES["F_dropout_p_err"] = _err(lambda T: T.nn.functional.dropout(T.zeros(2), 1.5))
CASES["F_gelu_approx_err"] = _err(lambda T: T.nn.functional.gelu(T.zeros(2), approximate="x"))
CASES["F_layer_norm_shape_err"] = _err(
    lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (4,)))
CASES["F_smooth_l1_beta_err"] = _err(
    lambda T: T.nn.functional.smooth_l1_loss(T.zeros(2), T.zeros(2), beta=-1.0))
CASES["F_bce_logits_shape_err"] = _err(
    lambda T: T.nn.functional.binary_cross_entropy_with_logits(T.zeros(2), T.zeros(3)))
CASES["F_bce_logits_weight_grad_err"] = _err(
    lambda T: T.nn.functional.binary_cross_entropy_with_logits(
        T.zeros(2), T.zeros(2), weight=T.ones(2, requires_grad=True)))
CASES["F_ce_weight_grad_err"] = _err(
    lambda T: T.nn.functional.cross_entropy(T.zeros(2, 3), T.tensor([0, 1]),
                                            weight=T.ones(3, requires_grad=True),
                                            label_smoothing=0.1))
CASES["F_bce_logits_pos_weight_grad_err"] = _err(
    lambda T: T.nn.functional.binary_cross_entropy_with_logits(
        T.zeros(2), T.zeros(2), pos_weight=T.ones(2, requires_grad=True)))
CASES["F_batch_norm_size_err"] = _err(
    lambda T: T.nn.functional.batch_norm(T.zeros(2, 3), T.zeros(2), T.ones(3)))
CASES["F_label_smoothing_err"] = _err(
    lambda T: T.nn.functional.cross_entropy(T.zeros(2, 3), T.tensor([0, 1]),
                                            label_smoothing=1.5))


@case
def F_dropout_modes(T):
    F = T.nn.functional
    x = _x(T, (4, 5), requires_grad=True)
    a = F.dropout(x, 0.5, training=False)
    b = F.dropout(x, 0.0)
    c = F.dropout(x, 1.0)
    c.sum().backward()
    return [a is x, b is x, c.detach(), x.grad]


@case
def F_dropout_scaling(T):
    """Kept entries are scaled by 1/(1-p); the count kept is random, the scale is not."""
    T.manual_seed(0)
    x = T.ones(2000)
    y = T.nn.functional.dropout(x, 0.25)
    kept = y[y != 0]
    return [bool((kept - 1 / 0.75).abs().max() < 1e-6), 1200 < int((y != 0).sum()) < 1800]


# ============================================================== functional: conv
for _dt in ("float32", "float64"):
    for _name, _kw, _xs, _ws, _bias in [
        ("basic", {}, (2, 3, 7, 6), (4, 3, 3, 3), True),
        ("stride_pad", dict(stride=2, padding=1), (2, 3, 7, 6), (4, 3, 3, 2), True),
        ("dilation", dict(dilation=2, padding=(2, 1)), (1, 2, 8, 7), (3, 2, 3, 3), False),
        ("groups", dict(groups=2, stride=(1, 2)), (2, 4, 6, 6), (6, 2, 2, 3), True),
        ("same", dict(padding="same"), (1, 2, 6, 5), (3, 2, 4, 3), True),
        ("valid", dict(padding="valid"), (1, 2, 6, 5), (3, 2, 2, 2), True),
        ("unbatched", {}, (3, 5, 5), (2, 3, 3, 3), True),
        ("1x1", {}, (2, 5, 3, 3), (7, 5, 1, 1), True),
    ]:
        def _mkc(kw=_kw, xs=_xs, ws=_ws, bias=_bias, dt=_dt):
            def f(T):
                shapes = [xs, ws] + ([(ws[0],)] if bias else [])
                return _fgrad(T, lambda T, x, w, *b: T.nn.functional.conv2d(
                    x, w, b[0] if b else None, **kw), shapes, dt)
            return f
        CASES[f"F_conv2d_{_name}_{_dt}"] = _mkc()
    for _name, _kw, _xs, _ws in [
        ("basic", {}, (2, 3, 9), (4, 3, 3)),
        ("stride_pad_dil", dict(stride=2, padding=2, dilation=2), (2, 3, 11), (4, 3, 3)),
        ("groups", dict(groups=3), (1, 6, 7), (6, 2, 2)),
        ("same", dict(padding="same"), (1, 2, 8), (3, 2, 4)),
    ]:
        def _mkc1(kw=_kw, xs=_xs, ws=_ws, dt=_dt):
            return lambda T: _fgrad(T, lambda T, x, w, b: T.nn.functional.conv1d(x, w, b, **kw),
                                    [xs, ws, (ws[0],)], dt)
        CASES[f"F_conv1d_{_name}_{_dt}"] = _mkc1()

CASES["F_conv2d_channels_err"] = _err(
    lambda T: T.nn.functional.conv2d(T.zeros(1, 3, 5, 5), T.zeros(2, 2, 3, 3)))
CASES["F_conv2d_kernel_err"] = _err(
    lambda T: T.nn.functional.conv2d(T.zeros(1, 2, 2, 2), T.zeros(2, 2, 3, 3)))
CASES["F_conv2d_dim_err"] = _err(
    lambda T: T.nn.functional.conv2d(T.zeros(5, 5), T.zeros(2, 2, 3, 3)))


# ============================================================== functional: embedding, bilinear
@case
def F_embedding(T):
    F = T.nn.functional
    w = _x(T, (6, 3), requires_grad=True)
    idx = T.tensor([[0, 2, 2], [5, 1, 0]])
    y = F.embedding(idx, w)
    (y * _x(T, (2, 3, 3), 3)).sum().backward()
    return [y.detach(), w.grad]


@case
def F_embedding_padding(T):
    F = T.nn.functional
    w = _x(T, (6, 3), requires_grad=True)
    idx = T.tensor([[0, 2, 2], [5, 1, 0]])
    y = F.embedding(idx, w, padding_idx=2)
    (y * _x(T, (2, 3, 3), 3)).sum().backward()
    return [y.detach(), w.grad]


CASES["F_embedding_float_idx_err"] = _err(
    lambda T: T.nn.functional.embedding(T.tensor([1.0]), T.zeros(3, 2)))


@case
def F_bilinear(T):
    return _fgrad(T, lambda T, a, b, w, bias: T.nn.functional.bilinear(a, b, w, bias),
                  [(4, 3), (4, 5), (2, 3, 5), (2,)])


@case
def F_cosine_similarity(T):
    F = T.nn.functional
    out = _fgrad(T, lambda T, a, b: F.cosine_similarity(a, b), [(4, 5), (4, 5)])
    out += _fgrad(T, lambda T, a, b: F.cosine_similarity(a, b, dim=-1), [(3, 1, 5), (4, 5)])
    return out


@case
def F_pairwise_distance(T):
    return _fgrad(T, lambda T, a, b: T.nn.functional.pairwise_distance(a, b), [(4, 5), (4, 5)])


# ============================================================== functional: norms
@case
def F_batch_norm_train(T):
    F = T.nn.functional
    rm, rv = T.zeros(3), T.ones(3)
    out = _fgrad(T, lambda T, x, w, b: F.batch_norm(x, rm, rv, w, b, training=True,
                                                    momentum=0.2), [(4, 3, 5), (3,), (3,)])
    return out + [rm, rv]


@case
def F_batch_norm_running_stats_versions(T):
    """torch's kernel updates the running statistics without a version bump."""
    F = T.nn.functional
    rm, rv = T.zeros(3), T.ones(3)
    x = T.arange(24.).reshape(4, 3, 2)
    F.batch_norm(x, rm, rv, training=True, momentum=0.3)
    F.batch_norm(x * 2, rm, rv, training=True)
    bn = T.nn.BatchNorm1d(3)
    v0 = [bn.running_mean._version, bn.running_var._version, bn.num_batches_tracked._version]
    bn(x)
    return [rm, rv, rm._version, rv._version, v0, bn.running_mean, bn.running_var, bn.running_mean._version,
            bn.running_var._version, bn.num_batches_tracked._version]


@case
def F_batch_norm_eval(T):
    F = T.nn.functional
    rm, rv = _x(T, (3,), 4), _x(T, (3,), 5).abs() + 0.5
    return _fgrad(T, lambda T, x, w, b: F.batch_norm(x, rm, rv, w, b), [(4, 3), (3,), (3,)])


CASES["F_batch_norm_single_err"] = _err(
    lambda T: T.nn.functional.batch_norm(T.zeros(1, 3), T.zeros(3), T.ones(3), training=True))


# ============================================================== functional: losses
def _loss_case(name, fn, shapes, dtype="float32"):
    CASES[f"L_{name}_{dtype}"] = lambda T: _fgrad(T, fn, shapes, dtype)


for _dt in ("float32", "float64"):
    for _red in ("mean", "sum", "none"):
        _loss_case(f"l1_{_red}", lambda T, a, b, r=_red: T.nn.functional.l1_loss(a, b, reduction=r),
                   [(3, 4), (3, 4)], _dt)
        _loss_case(f"mse_{_red}", lambda T, a, b, r=_red: T.nn.functional.mse_loss(a, b,
                                                                                 reduction=r),
                   [(3, 4), (3, 4)], _dt)
        _loss_case(f"smooth_l1_{_red}",
                   lambda T, a, b, r=_red: T.nn.functional.smooth_l1_loss(a, b, reduction=r,
                                                                          beta=0.5),
                   [(3, 4), (3, 4)], _dt)
        _loss_case(f"huber_{_red}",
                   lambda T, a, b, r=_red: T.nn.functional.huber_loss(a, b, reduction=r,
                                                                      delta=0.7),
                   [(3, 4), (3, 4)], _dt)
        _loss_case(f"bce_logits_{_red}",
                   lambda T, a, b, r=_red: T.nn.functional.binary_cross_entropy_with_logits(
                       a * 10, b.sigmoid(), reduction=r), [(3, 4), (3, 4)], _dt)
        _loss_case(f"bce_logits_posw_{_red}",
                   lambda T, a, b, w, pw, r=_red: T.nn.functional.binary_cross_entropy_with_logits(
                       a, b.sigmoid(), weight=w.detach(), pos_weight=pw.detach().abs(),
                       reduction=r),
                   [(3, 4), (3, 4), (4,), (4,)], _dt)
        _loss_case(f"kl_div_log_target_{_red}",
                   lambda T, a, b, r=_red: T.nn.functional.kl_div(a, b, reduction=r,
                                                                  log_target=True),
                   [(3, 4), (3, 4)], _dt)
        _loss_case(f"ce_ls_{_red}",
                   lambda T, a, r=_red: T.nn.functional.cross_entropy(
                       a, T.tensor([0, 2, 1, 3]), reduction=r, label_smoothing=0.2),
                   [(4, 5)], _dt)
        _loss_case(f"ce_ls_ignore_weight_{_red}",
                   lambda T, a, w, r=_red: T.nn.functional.cross_entropy(
                       a, T.tensor([0, 2, -100, 3]), weight=w.detach().abs() + 0.1, reduction=r,
                       label_smoothing=0.3),
                   [(4, 5), (5,)], _dt)
        _loss_case(f"ce_probs_{_red}",
                   lambda T, a, b, r=_red: T.nn.functional.cross_entropy(
                       a, b.softmax(1), reduction=r, label_smoothing=0.1),
                   [(4, 5), (4, 5)], _dt)
        _loss_case(f"ce_nd_{_red}",
                   lambda T, a, r=_red: T.nn.functional.cross_entropy(
                       a, T.tensor([[0, 2, 1], [3, 3, 0]]), reduction=r, ignore_index=3),
                   [(2, 4, 3)], _dt)
    _loss_case("bce_logits_zero",
               lambda T, a: T.nn.functional.binary_cross_entropy_with_logits(
                   a * 0, T.tensor([0.0, 0.25, 1.0]).to(a.dtype)), [(3,)], _dt)
    _loss_case("kl_div_batchmean",
               lambda T, a, b: T.nn.functional.kl_div(a.log_softmax(1), b.softmax(1),
                                                      reduction="batchmean"), [(3, 4), (3, 4)],
               _dt)
    _loss_case("ce_1d", lambda T, a: T.nn.functional.cross_entropy(a, T.tensor(2),
                                                                   label_smoothing=0.1),
               [(5,)], _dt)
    _loss_case("nll", lambda T, a: T.nn.functional.nll_loss(a.log_softmax(1),
                                                            T.tensor([1, 0, 3])), [(3, 4)], _dt)


@case
def L_kl_div_zero_target(T):
    F = T.nn.functional
    x = _x(T, (2, 3), requires_grad=True)
    t = T.tensor([[0.0, 0.5, 0.5], [1.0, 0.0, 0.0]])
    y = F.kl_div(x, t, reduction="sum")
    y.backward()
    return [y.detach(), x.grad]


# ============================================================== modules: forward/backward
_MODULES = {
    "Linear": (lambda nn: nn.Linear(4, 3), [(5, 4)]),
    "Linear_nobias": (lambda nn: nn.Linear(4, 3, bias=False), [(2, 5, 4)]),
    "Linear_1d": (lambda nn: nn.Linear(4, 3), [(4,)]),
    "Bilinear": (lambda nn: nn.Bilinear(3, 2, 4), [(5, 3), (5, 2)]),
    "Conv2d": (lambda nn: nn.Conv2d(2, 3, 3, stride=2, padding=1), [(2, 2, 7, 6)]),
    "Conv2d_reflect": (lambda nn: nn.Conv2d(2, 3, 3, padding=1, padding_mode="reflect"),
                       [(1, 2, 5, 5)]),
    "Conv2d_circular": (lambda nn: nn.Conv2d(2, 3, (2, 3), padding=(1, 2),
                                             padding_mode="circular", bias=False),
                        [(1, 2, 5, 5)]),
    "Conv1d": (lambda nn: nn.Conv1d(2, 4, 3, padding=1), [(3, 2, 8)]),
    "Conv1d_replicate": (lambda nn: nn.Conv1d(2, 4, 3, padding=2, padding_mode="replicate",
                                              dilation=2), [(3, 2, 8)]),
    "LayerNorm": (lambda nn: nn.LayerNorm(5), [(3, 5)]),
    "LayerNorm_noaffine": (lambda nn: nn.LayerNorm([2, 5], elementwise_affine=False),
                           [(3, 2, 5)]),
    "LayerNorm_nobias": (lambda nn: nn.LayerNorm(5, bias=False), [(3, 5)]),
    "BatchNorm1d": (lambda nn: nn.BatchNorm1d(4), [(6, 4)]),
    "BatchNorm1d_3d": (lambda nn: nn.BatchNorm1d(4, momentum=None), [(3, 4, 5)]),
    "BatchNorm2d": (lambda nn: nn.BatchNorm2d(3), [(2, 3, 4, 4)]),
    "BatchNorm1d_nobias": (lambda nn: nn.BatchNorm1d(4, bias=False), [(6, 4)]),
    "Sequential_mlp": (lambda nn: nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 8),
                                                nn.SiLU(), nn.LayerNorm(8), nn.Linear(8, 2)),
                       [(6, 4)]),
    "Sequential_cnn": (lambda nn: nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.MaxPool2d(2),
                                                nn.Flatten(), nn.Linear(4 * 3 * 3, 5),
                                                nn.LogSoftmax(dim=1)), [(2, 1, 8, 8)]),
}
for _act in ("ReLU", "GELU", "Tanh", "Sigmoid", "SiLU", "LeakyReLU", "ELU", "Softplus",
             "Hardtanh", "ReLU6", "Mish", "Identity", "Flatten", "LogSigmoid"):
    _MODULES[_act] = ((lambda a: lambda nn: getattr(nn, a)())(_act), [(3, 4, 2)])
_MODULES["Softmax"] = (lambda nn: nn.Softmax(dim=-1), [(3, 4)])
_MODULES["LogSoftmax"] = (lambda nn: nn.LogSoftmax(dim=0), [(3, 4)])

for _name, (_make, _shapes) in _MODULES.items():
    CASES[f"M_{_name}"] = (lambda mk, sh: lambda T: _mgrad(T, mk(T.nn), sh))(_make, _shapes)
    CASES[f"M_{_name}_float64"] = (lambda mk, sh: lambda T: _mgrad(T, mk(T.nn).double(), sh,
                                                                   "float64"))(_make, _shapes)


@case
def M_Embedding(T):
    m = _fill(T, T.nn.Embedding(7, 3, padding_idx=1))
    y = m(T.tensor([[1, 2], [6, 1]]))
    (y * _x(T, (2, 2, 3), 2)).sum().backward()
    return [y.detach(), m.weight.grad, repr(m)]


@case
def M_Embedding_from_pretrained(T):
    m = T.nn.Embedding.from_pretrained(_x(T, (4, 2)))
    return [m(T.tensor([3, 0])), m.weight.requires_grad, repr(m)]


@case
def M_losses(T):
    nn = T.nn
    a, b = _x(T, (4, 5), requires_grad=True), _x(T, (4, 5), 1)
    tgt = T.tensor([0, 4, 2, 2])
    w = T.tensor([1.0, 2.0, 0.5, 1.0, 3.0])
    losses = [nn.MSELoss()(a, b), nn.L1Loss(reduction="sum")(a, b),
              nn.CrossEntropyLoss()(a, tgt),
              nn.CrossEntropyLoss(weight=w, label_smoothing=0.1)(a, tgt),
              nn.NLLLoss(weight=w)(a.log_softmax(1), tgt),
              nn.BCELoss()(a.sigmoid(), b.sigmoid()),
              nn.BCEWithLogitsLoss(pos_weight=w)(a, b.sigmoid()),
              nn.SmoothL1Loss(beta=0.5)(a, b), nn.HuberLoss(delta=2.0)(a, b),
              nn.KLDivLoss(reduction="batchmean", log_target=True)(a.log_softmax(1),
                                                                    b.log_softmax(1))]
    gs = [T.autograd.grad(l, a, retain_graph=True)[0] for l in losses]
    return [l.detach() for l in losses] + gs + [repr(m) for m in (
        nn.MSELoss(), nn.CrossEntropyLoss(weight=w), nn.BCEWithLogitsLoss())] + \
        [sorted(nn.CrossEntropyLoss(weight=w).state_dict().keys()),
         sorted(nn.BCEWithLogitsLoss(weight=w, pos_weight=w).state_dict().keys())]


# ============================================================== Module semantics
def _net(T):
    nn = T.nn

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)
            self.norm = nn.BatchNorm1d(3)
            self.register_buffer("scale", T.ones(3))
            self.register_buffer("tmp", T.zeros(1), persistent=False)
            self.act = nn.ReLU()

        def forward(self, x):
            return self.act(self.norm(self.fc(x))) * self.scale

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(10, 3)
            self.blocks = nn.ModuleList([Block(), Block()])
            self.heads = nn.ModuleDict({"a": nn.Linear(3, 2), "b": nn.Linear(3, 1, bias=False)})
            self.extra = nn.Parameter(T.zeros(2))
            self.seq = nn.Sequential(nn.Dropout(0.1), nn.Identity())

        def forward(self, idx):
            h = self.embed(idx)
            for b in self.blocks:
                h = b(h)
            return self.heads["a"](self.seq(h)) + self.extra
    return _fill(T, Net())


@case
def module_names(T):
    m = _net(T)
    return [[n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()],
            [n for n, _ in m.named_modules()], [type(c).__name__ for c in m.children()],
            [n for n, _ in m.named_children()], len(list(m.parameters())),
            len(list(m.modules())), [n for n, _ in m.named_parameters(recurse=False)],
            [n for n, _ in m.blocks.named_parameters(prefix="blocks")],
            list(m.state_dict().keys()), list(m.state_dict(keep_vars=True).keys())]


@case
def module_repr(T):
    nn = T.nn
    m = _net(T)
    big = nn.Sequential(
        nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False),
        nn.Conv2d(8, 8, (3, 1), dilation=2, groups=4, padding_mode="reflect", padding=1),
        nn.Conv1d(2, 3, 5, padding="same"), nn.BatchNorm1d(4, affine=False),
        nn.BatchNorm1d(2, bias=False), nn.BatchNorm2d(3, momentum=None), nn.LayerNorm((2, 3)),
        nn.LayerNorm(3, bias=False), nn.LayerNorm(2, elementwise_affine=False),
        nn.LeakyReLU(0.2, inplace=True),
        nn.ReLU(inplace=True), nn.GELU(approximate="tanh"), nn.Softmax(dim=1), nn.LogSoftmax(),
        nn.Dropout(), nn.Flatten(0, 2), nn.Identity(), nn.Embedding(5, 2, padding_idx=0),
        nn.Bilinear(2, 3, 4), nn.MaxPool2d(2), nn.AvgPool2d(3, 1), nn.ELU(), nn.Softplus(beta=2),
        nn.Hardtanh(), nn.SiLU(), nn.Tanh(), nn.Sigmoid(), nn.Unflatten(1, (2, 3)),
        nn.AdaptiveAvgPool2d(2), nn.ModuleList(), nn.ModuleList([nn.ReLU(), nn.ReLU(),
                                                                 nn.Tanh(), nn.ReLU()]),
        nn.ModuleDict({"x": nn.Linear(2, 2)}), nn.Sequential())
    return [repr(m), repr(big), repr(nn.Linear(2, 3)), str(nn.CrossEntropyLoss())]


@case
def module_state_dict_roundtrip(T):
    a, b = _net(T), _net(T)
    with T.no_grad():
        for p in b.parameters():
            p.mul_(0)
    res = b.load_state_dict(a.state_dict())
    same = all(bool((pa == pb).all()) for pa, pb in zip(a.parameters(), b.parameters()))
    sd = a.state_dict()
    return [str(res), same, [v.requires_grad for v in sd.values()],
            [v.requires_grad for v in a.state_dict(keep_vars=True).values()],
            sd["blocks.0.norm.num_batches_tracked"], repr(res)]


CASES["module_load_missing_unexpected_err"] = _err(lambda T: _net(T).load_state_dict(
    {**{k: v for k, v in _net(T).state_dict().items() if not k.startswith("heads.a")},
     "blocks.0.fc.foo": T.zeros(1), "bar": T.zeros(1), "heads.c.weight": T.zeros(1)}))
CASES["module_load_size_err"] = _err(lambda T: T.nn.Linear(2, 3).load_state_dict(
    {"weight": T.zeros(3, 3), "bias": T.zeros(3)}))
CASES["module_load_not_dict_err"] = _err(lambda T: T.nn.Linear(2, 3).load_state_dict([1]))


@case
def module_load_nonstrict(T):
    m = T.nn.Sequential(T.nn.Linear(2, 2), T.nn.Linear(2, 1))
    r = m.load_state_dict({"0.weight": T.ones(2, 2), "2.bias": T.zeros(1)}, strict=False)
    return [list(r.missing_keys), list(r.unexpected_keys), m[0].weight.detach()]


def _setattr_err(value_fn, name="weight"):
    def f(T):
        m = T.nn.Linear(2, 2)
        setattr(m, name, value_fn(T))
    return _err(f)


CASES["module_set_param_tensor_err"] = _setattr_err(lambda T: T.zeros(2, 2))
CASES["module_set_param_int_err"] = _setattr_err(lambda T: 3)
CASES["module_register_buffer_err"] = _err(
    lambda T: T.nn.Linear(2, 2).register_buffer("weight", T.zeros(1)))
CASES["module_register_buffer_dot_err"] = _err(
    lambda T: T.nn.Linear(2, 2).register_buffer("a.b", T.zeros(1)))
CASES["module_register_buffer_type_err"] = _err(
    lambda T: T.nn.Linear(2, 2).register_buffer("b", 3))
CASES["module_register_param_type_err"] = _err(
    lambda T: T.nn.Linear(2, 2).register_parameter("p", T.zeros(1)))
CASES["module_add_module_type_err"] = _err(lambda T: T.nn.Linear(2, 2).add_module("x", 3))
CASES["module_add_module_empty_err"] = _err(
    lambda T: T.nn.Linear(2, 2).add_module("", T.nn.ReLU()))
CASES["module_getattr_err"] = _err(lambda T: T.nn.Linear(2, 2).nope)
CASES["module_set_child_err"] = _err(lambda T: setattr(_net(T), "blocks", 3))
CASES["module_set_buffer_err"] = _err(lambda T: setattr(_net(T).blocks[0], "scale", 3))
CASES["module_forward_missing_err"] = _err(lambda T: T.nn.Module()(1))
CASES["module_to_int_err"] = _err(lambda T: T.nn.Linear(2, 2).to(T.int64))
CASES["module_train_arg_err"] = _err(lambda T: T.nn.Linear(2, 2).train("yes"))


@case
def module_setattr_routing(T):
    nn = T.nn
    m = nn.Linear(2, 2)
    m.bias = None
    m.foo = nn.Parameter(T.ones(1))
    m.sub = nn.ReLU()
    m.register_buffer("buf", T.zeros(1))
    m.buf = T.ones(1)
    m.plain = 5
    names = [[n for n, _ in m.named_parameters()], list(m._modules), list(m._buffers),
             m.bias is None, float(m.buf.sum())]
    del m.foo
    del m.sub
    del m.buf
    m.sub = nn.Tanh()
    m.sub = None
    return names + [[n for n, _ in m.named_parameters()], list(m._modules), list(m._buffers),
                    m.plain, "bias" in m.state_dict()]


@case
def module_train_eval(T):
    m = _net(T)
    m.eval()
    flags = [mod.training for mod in m.modules()]
    m.train()
    flags2 = [mod.training for mod in m.modules()]
    r = m.blocks.train(False)
    return [flags, flags2, r is m.blocks, [mod.training for mod in m.modules()]]


@case
def module_batchnorm_running(T):
    m = T.nn.BatchNorm1d(3, momentum=0.3)
    _fill(T, m)
    for i in range(3):
        m(_x(T, (5, 3), i))
    m.eval()
    y = m(_x(T, (4, 3), 7))
    m2 = T.nn.BatchNorm1d(3, momentum=None)
    for i in range(3):
        m2(_x(T, (5, 3), i))
    m3 = T.nn.BatchNorm1d(3, track_running_stats=False)
    m3.eval()
    y3 = m3(_x(T, (5, 3)))
    return [m.running_mean, m.running_var, m.num_batches_tracked, y.detach(), m2.running_mean,
            m2.running_var, m2.num_batches_tracked, y3.detach(),
            list(m3.state_dict().keys())]


CASES["module_batchnorm_dim_err"] = _err(lambda T: T.nn.BatchNorm1d(3)(T.zeros(2, 3, 4, 5)))
CASES["module_batchnorm_one_err"] = _err(lambda T: T.nn.BatchNorm1d(3)(T.zeros(1, 3)))


@case
def module_dropout_eval(T):
    m = T.nn.Dropout(0.7)
    m.eval()
    x = _x(T, (3, 4))
    return [m(x), repr(m)]


@case
def module_conversions(T):
    m = _net(T)
    p = m.heads["a"].weight
    p.grad = T.ones(2, 3)
    r = m.double()
    out = [r is m, m.heads["a"].weight is p, p.dtype, p.grad.dtype,
           [b.dtype for b in m.buffers()], m.embed.weight.dtype]
    m.float()
    out += [p.dtype, m.blocks[0].norm.num_batches_tracked.dtype]
    m.to(T.float64)
    out += [p.dtype]
    m.to(dtype=T.float32)
    out += [p.dtype, p.requires_grad, p.is_leaf]
    m.to("cpu")
    y = m(T.tensor([1, 2, 3, 4]))
    return out + [y.dtype, list(y.shape)]


@case
def module_zero_grad_and_apply(T):
    m = _net(T)
    m(T.tensor([1, 2, 3, 4])).sum().backward()
    m.zero_grad(set_to_none=False)
    zeros = [None if p.grad is None else float(p.grad.abs().sum()) for p in m.parameters()]
    m.zero_grad()
    nones = [p.grad is None for p in m.parameters()]
    seen = []
    r = m.apply(lambda mod: seen.append(type(mod).__name__))
    m.requires_grad_(False)
    return [zeros, nones, seen, r is m, [p.requires_grad for p in m.parameters()]]


@case
def module_shared_params(T):
    nn = T.nn
    lin = nn.Linear(2, 2)
    m = nn.Sequential(lin, nn.ReLU(), lin)
    return [[n for n, _ in m.named_parameters()], list(m.state_dict().keys()),
            [n for n, _ in m.named_modules()],
            [n for n, _ in m.named_parameters(remove_duplicate=False)],
            [n for n, _ in m.named_modules(remove_duplicate=False)]]


@case
def module_get_submodule(T):
    m = _net(T)
    return [type(m.get_submodule("blocks.1.fc")).__name__,
            list(m.get_parameter("blocks.1.fc.bias").shape),
            list(m.get_buffer("blocks.0.scale").shape)]


CASES["module_get_submodule_err"] = _err(lambda T: _net(T).get_submodule("blocks.7"))


@case
def module_forward_hooks(T):
    nn = T.nn
    m = _fill(T, nn.Linear(3, 2))
    log = []

    def pre(mod, args):
        log.append(("pre", len(args)))
        return (args[0] * 2,)

    def pre_kw(mod, args, kwargs):
        log.append(("pre_kw", sorted(kwargs)))

    def post(mod, args, out):
        log.append(("post", list(out.shape)))
        return out + 1

    h1 = m.register_forward_pre_hook(pre)
    h2 = m.register_forward_hook(post)
    h3 = m.register_forward_pre_hook(pre_kw, with_kwargs=True)
    h4 = m.register_forward_hook(lambda mod, a, o: log.append("first"), prepend=True)
    x = _x(T, (4, 3))
    y1 = m(x)
    for h in (h1, h2, h3, h4):
        h.remove()
    y2 = m(x)
    return [log, y1.detach(), y2.detach()]


@case
def module_full_backward_hook(T):
    nn = T.nn
    m = _fill(T, nn.Linear(3, 2))
    log = []

    def hook(mod, gin, gout):
        log.append([None if g is None else g.clone() for g in gin] +
                   [None if g is None else g.clone() for g in gout])
        return (gin[0] * 3,)

    h = m.register_full_backward_hook(hook)
    x = _x(T, (4, 3), requires_grad=True)
    y = m(x)
    (y * _x(T, (4, 2), 2)).sum().backward()
    gx = x.grad.clone()
    # inputs that do not require grad: the hook sees grad_input None
    m(_x(T, (4, 3))).sum().backward()
    h.remove()
    x.grad = None
    m(x).sum().backward()
    return [log, gx, x.grad, y.grad_fn.name()]


@case
def module_sequential_ops(T):
    nn = T.nn
    s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    out = [len(s), type(s[-1]).__name__, type(s[1:]).__name__, len(s[1:]), repr(s[:1])]
    s.append(nn.Tanh())
    s.insert(1, nn.Sigmoid())
    del s[0]
    out += [[type(c).__name__ for c in s], list(s._modules)]
    s2 = s + nn.Sequential(nn.Identity())
    out += [len(s2), list(s2._modules)]
    s[0] = nn.GELU()
    out += [type(s[0]).__name__, type(s.pop(0)).__name__, len(s)]
    from collections import OrderedDict
    od = nn.Sequential(OrderedDict([("a", nn.Linear(1, 1)), ("b", nn.ReLU())]))
    out += [list(od._modules), repr(od)]
    return out


CASES["module_sequential_index_err"] = _err(lambda T: T.nn.Sequential(T.nn.ReLU())[3])
CASES["module_modulelist_index_err"] = _err(lambda T: T.nn.ModuleList([T.nn.ReLU()])[-2])


@case
def module_modulelist_dict_ops(T):
    nn = T.nn
    ml = nn.ModuleList([nn.Linear(1, 1), nn.ReLU()])
    ml.append(nn.Tanh())
    ml.extend([nn.ReLU(), nn.ReLU()])
    ml.insert(0, nn.Identity())
    out = [len(ml), [type(c).__name__ for c in ml], type(ml[-1]).__name__, repr(ml),
           type(ml[1:3]).__name__, len(ml[1:3])]
    del ml[1]
    out += [list(ml._modules), [type(c).__name__ for c in ml]]
    ml += [nn.GELU()]
    out += [len(ml), type(ml.pop(0)).__name__, len(ml)]
    md = nn.ModuleDict({"b": nn.ReLU(), "a": nn.Tanh()})
    md["c"] = nn.Linear(2, 2)
    md.update([("d", nn.Identity())])
    out += [list(md.keys()), "a" in md, len(md), type(md.pop("a")).__name__, list(md),
            [type(v).__name__ for v in md.values()], repr(md),
            [n for n, _ in md.named_parameters()]]
    return out


@case
def module_parameter_containers(T):
    nn = T.nn
    pl = nn.ParameterList([nn.Parameter(T.ones(2)), T.zeros(3)])
    pd = nn.ParameterDict({"a": nn.Parameter(T.ones(1))})
    pd["b"] = nn.Parameter(T.zeros(2))
    return [len(pl), [n for n, _ in pl.named_parameters()], type(pl[1]).__name__,
            [n for n, _ in pd.named_parameters()], len(pd), list(pd.keys())]


@case
def parameter_basics(T):
    p = T.nn.Parameter(T.tensor([1.0, 2.0]))
    q = T.nn.Parameter(T.tensor([1.0]), requires_grad=False)
    return [repr(p), p.requires_grad, p.is_leaf, q.requires_grad, type(p).__name__,
            isinstance(p, T.Tensor), type(p * 2).__name__]


# ============================================================== init
@case
def init_gains(T):
    init = T.nn.init
    return [init.calculate_gain(n) for n in ("linear", "conv2d", "sigmoid", "tanh", "relu",
                                             "selu")] + \
        [init.calculate_gain("leaky_relu"), init.calculate_gain("leaky_relu", 0.2)]


CASES["init_gain_err"] = _err(lambda T: T.nn.init.calculate_gain("foo"))
CASES["init_gain_slope_err"] = _err(lambda T: T.nn.init.calculate_gain("leaky_relu", "x"))
CASES["init_fan_err"] = _err(lambda T: T.nn.init.xavier_uniform_(T.zeros(3)))
CASES["init_mode_err"] = _err(lambda T: T.nn.init.kaiming_uniform_(T.zeros(3, 3), mode="x"))


@case
def init_deterministic(T):
    init = T.nn.init
    a, b, c, d = T.empty(2, 3), T.empty(3, 3), T.empty(4, 2, 3), T.empty(2)
    return [init.constant_(a, 0.3), init.zeros_(T.empty(2)), init.ones_(d), init.eye_(b),
            init.dirac_(c), init.dirac_(T.empty(4, 2, 3, 3), groups=2),
            init._calculate_fan_in_and_fan_out(T.empty(5, 4, 3, 2))]


@case
def init_random_bounds(T):
    """Draws differ between the libraries; the bounds, spreads and dtypes do not."""
    init = T.nn.init
    T.manual_seed(0)
    w = T.empty(200, 300)
    out = []
    for fn, bound in [(lambda: init.uniform_(w, -0.5, 0.25), None),
                      (lambda: init.xavier_uniform_(w, gain=2.0), 2.0 * math.sqrt(6 / 500)),
                      (lambda: init.kaiming_uniform_(w, a=math.sqrt(5)), 1 / math.sqrt(300)),
                      (lambda: init.kaiming_uniform_(w, mode="fan_out", nonlinearity="relu"),
                       math.sqrt(2) * math.sqrt(3 / 200))]:
        fn()
        if bound is None:
            out.append([bool(w.min() >= -0.5), bool(w.max() <= 0.25),
                        abs(float(w.mean()) + 0.125) < 0.01])
        else:
            out.append([bool(w.abs().max() <= bound), bool(w.abs().max() > 0.98 * bound),
                        abs(float(w.std()) - bound / math.sqrt(3)) < 0.02 * bound])
    for fn, std in [(lambda: init.normal_(w, 1.0, 0.5), 0.5),
                    (lambda: init.xavier_normal_(w), math.sqrt(2 / 500)),
                    (lambda: init.kaiming_normal_(w, nonlinearity="relu"), math.sqrt(2 / 300))]:
        fn()
        out.append(abs(float(w.std()) - std) < 0.03 * std)
    init.trunc_normal_(w, 0.5, 1.0, -1.0, 1.5)
    out.append([bool(w.min() >= -1.0), bool(w.max() <= 1.5), abs(float(w.mean()) - 0.33) < 0.03])
    r = init.orthogonal_(T.empty(4, 6))
    out.append(bool(((r @ r.t()) - T.eye(4)).abs().max() < 1e-5))
    out.append([init.uniform_(T.empty(3, dtype=T.float64)).dtype, w.requires_grad])
    p = T.nn.Parameter(T.empty(3, 3))
    init.kaiming_uniform_(p)
    out.append([p.requires_grad, p.is_leaf, p.grad_fn is None])
    return out


# ============================================================== nn.utils
@case
def utils_clip_grad_norm(T):
    U = T.nn.utils
    ps = [T.nn.Parameter(_x(T, (3, 4), i)) for i in range(3)]
    for i, p in enumerate(ps):
        p.grad = _x(T, (3, 4), 5 + i) * (i + 1)
    ps[2].grad = None
    n = U.clip_grad_norm_(ps, 1.5)
    g = [ps[0].grad.clone(), ps[1].grad.clone()]
    ninf = U.clip_grad_norm_(ps, 0.1, norm_type="inf")
    g2 = [ps[0].grad.clone()]
    n1 = U.clip_grad_norm_(ps[0], 100.0, norm_type=1)
    return [n, g, ninf, g2, n1, ps[0].grad]


CASES["utils_clip_nonfinite_err"] = _err(lambda T: T.nn.utils.clip_grad_norm_(
    [_grad_param(T, float("inf"))], 1.0, error_if_nonfinite=True))


def _grad_param(T, v):
    p = T.nn.Parameter(T.zeros(2))
    p.grad = T.tensor([v, 1.0])
    return p


@case
def utils_clip_grad_value(T):
    p = T.nn.Parameter(_x(T, (3, 4)))
    p.grad = _x(T, (3, 4), 2) * 3
    T.nn.utils.clip_grad_value_(p, 1.25)
    return p.grad


@case
def utils_vector_roundtrip(T):
    U = T.nn.utils
    m = _fill(T, T.nn.Sequential(T.nn.Linear(2, 3), T.nn.Linear(3, 1)))
    v = U.parameters_to_vector(m.parameters())
    U.vector_to_parameters(v * 2, m.parameters())
    return [v.detach(), [p.detach() for p in m.parameters()],
            [type(p).__name__ for p in m.parameters()], v.grad_fn is not None]


@case
def F_kl_div_target_signs(T):
    """torch's composite xlogy(t, t) - t * input: nan at a negative target,
    0 at a zero one, and xlogy's gradients (0 where the upstream is 0)."""
    out = []
    for dt in (T.float32, T.float64):
        v = [-0.5, 0.3, 0.0, 2.0, float("nan"), 1e-30]
        x = T.tensor(v, dtype=dt, requires_grad=True)
        t = T.tensor(v, dtype=dt, requires_grad=True)
        loss = T.nn.functional.kl_div(x, t, reduction="none")
        loss[1:4].sum().backward()
        out += [loss, x.grad, t.grad, T.nn.functional.kl_div(x, t), T.nn.functional.kl_div(x[1:4], t[1:4], reduction="batchmean")]
    return out


@case
def F_hardtanh_integral_inputs(T):
    """hardtanh/relu6 of an integral tensor keep its dtype: torch's kernel casts
    the bounds to it (0.5 -> 0, 2.5 -> 2), in place too."""
    F = T.nn.functional
    out = []
    for dt in (T.int64, T.int32, T.int8):
        x = T.tensor([1, 5, -3, 0, 2, 7]).to(dt)
        y = x.clone()
        F.hardtanh(y, -1.5, 1.5, inplace=True)
        out += [F.hardtanh(x), F.hardtanh(x, 0.5, 2.5), F.relu6(x), F.hardtanh(x, -2, 3), y, y._version]
    u = T.tensor([1, 5, 253, 0, 2, 7], dtype=T.uint8)
    return out + [F.hardtanh(u, 0.5, 2.5), F.relu6(u)]


CASES["F_hardtanh_unsigned_negative_limits_err"] = _err(
    lambda T: T.nn.functional.hardtanh(T.tensor([1, 5], dtype=T.uint8)))


@case
def F_huber_loss_node(T):
    """huber_loss records torch's HuberLossBackward0 (its weighted form is composite)."""
    F = T.nn.functional
    x = T.tensor([0.1, -2.0, 0.6, 3.0], dtype=T.float64, requires_grad=True)
    t = T.tensor([0.3, 0.5, -0.2, 3.0], dtype=T.float64, requires_grad=True)
    out = []
    for r in ("mean", "sum", "none"):
        loss = F.huber_loss(x, t, reduction=r, delta=0.7)
        gx, gt = T.autograd.grad(loss.sum(), (x, t))
        out += [loss, loss.grad_fn.name(), gx, gt]
    w = F.huber_loss(x, t, weight=T.tensor([1.0, 2.0, 0.5, 1.0], dtype=T.float64))
    return out + [w, w.grad_fn.name()]


CASES["F_hardtanh_integral_bound_overflow_err"] = _err(
    lambda T: T.nn.functional.hardtanh(T.tensor([1, 2], dtype=T.int32), float("-inf"), 1.0))
CASES["F_hardtanh_integral_nan_bound_err"] = _err(
    lambda T: T.nn.functional.hardtanh(T.tensor([1, 2]), float("nan"), 1.0))
CASES["F_huber_loss_nonpositive_delta_err"] = _err(
    lambda T: T.nn.functional.huber_loss(T.ones(2, requires_grad=True), T.zeros(2), delta=0.0))
CASES["F_huber_loss_nan_delta_err"] = _err(
    lambda T: T.nn.functional.huber_loss(T.ones(2), T.zeros(2), delta=float("nan")))
