"""Double backward of nn ops compared with torch (issue 13).

Under ``create_graph=True`` torch computes the gradient of many nn ops with a
dedicated backward op that is itself differentiable, so the gradient's
``grad_fn`` is that op's node (``MseLossBackwardBackward0``,
``ConvolutionBackwardBackward0``, ...) with edges only to the tensors the
backward op reads. Each case runs ``f(*inputs).sum()``, takes the gradients
with ``create_graph=True`` and returns:

* the gradients (values),
* each gradient's whole ``grad_fn`` graph, breadth-first (``_graph``): node
  type names with the positions of their next edges (None for an absent edge),
* the second derivatives ``autograd.grad(sum of the gradients' sums, inputs,
  allow_unused=True)`` (or the error it raises, where no gradient has a graph).

Inputs are deterministic (the two libraries' generators differ)."""
import harness

CASES = {}


def _x(T, shape, seed=0, dtype="float32", scale=2.0, requires_grad=False):
    n = 1
    for s in shape:
        n *= s
    t = ((T.arange(n, dtype=T.float64) * 0.7311 + seed * 1.37).sin() * scale)
    t = t.reshape(tuple(shape)).to(getattr(T, dtype))
    return t.requires_grad_() if requires_grad else t


def _graph(fn):
    """The graph below node fn, breadth-first: [[type name, [child index or None, ...]], ...]."""
    if fn is None:
        return None
    return [[type(node).__name__, [k for _, _, k in edges]] for node, edges in harness.graph_bfs(fn)]


def _dense(T, d):
    # torch answers some second derivatives with a ZeroTensor (l1_loss's), which
    # has no numpy(): compared as the zeros it stands for
    if d is not None and getattr(d, "_is_zerotensor", lambda: False)():
        return T.zeros(d.shape, dtype=d.dtype)
    return d


def _double(T, f, xs):
    """f(*xs).sum()'s gradients under create_graph, their graphs, and the
    second derivatives."""
    ins = [x for x in xs if isinstance(x, T.Tensor) and x.requires_grad]
    y = f(T, *xs)
    gs = T.autograd.grad(y.sum(), ins, create_graph=True, allow_unused=True)
    res = [y.detach(), [g if g is None else g.detach() for g in gs],
           [None if g is None else _graph(g.grad_fn) for g in gs]]
    live = [g for g in gs if g is not None and g.requires_grad]
    if not live:
        return res + ["no graph"]
    s = live[0].sum()
    for g in live[1:]:
        s = s + g.sum()
    try:
        res.append([_dense(T, d) for d in T.autograd.grad(s, ins, allow_unused=True)])
    except RuntimeError as e:       # an op torch says is not twice differentiable
        res.append([type(e).__name__, str(e)])
    return res


def _double_v(T, f, xs):
    """As _double with a grad_output v that itself requires grad: the second
    derivatives also in v (the backward op's derivative in grad_output)."""
    ins = [x for x in xs if isinstance(x, T.Tensor) and x.requires_grad]
    y = f(T, *xs)
    v = _x(T, tuple(y.shape), 7, str(y.dtype).split(".")[-1], 1.0, True)
    gs = T.autograd.grad(y, ins, v, create_graph=True, allow_unused=True)
    res = [[g if g is None else g.detach() for g in gs],
           [None if g is None else _graph(g.grad_fn) for g in gs]]
    live = [g for g in gs if g is not None and g.requires_grad]
    if not live:
        return res + ["no graph"]
    s = (live[0] * live[0]).sum()
    for g in live[1:]:
        s = s + (g * g).sum()
    try:
        res.append([_dense(T, d) for d in T.autograd.grad(s, ins + [v], allow_unused=True)])
    except RuntimeError as e:
        res.append([type(e).__name__, str(e)])
    return res


def _t(T, shape, seed, dtype, grad=True, scale=2.0):
    return _x(T, shape, seed, dtype, scale, grad)


def _add(name, f, make, dtypes=("float32", "float64")):
    for dt in dtypes:
        CASES[f"{name}_{dt}"] = (lambda f, make, dt: lambda T: _double(T, f, make(T, dt)))(
            f, make, dt)
    # the grad_output requiring grad too (squared gradients: the second
    # derivatives are not all zero where the backward is linear in its input)
    dt = dtypes[-1]
    CASES[f"{name}_v_{dt}"] = (lambda f, make, dt: lambda T: _double_v(T, f, make(T, dt)))(
        f, make, dt)


def _unary(name, f, shapes, scale=2.0, dtypes=("float32", "float64")):
    for i, s in enumerate(shapes):
        _add(f"{name}_{i}", f, (lambda s: lambda T, dt: [_t(T, s, 0, dt, scale=scale)])(s),
             dtypes)


def _F(T):
    return T.nn.functional


# ------------------------------------------------------------------ activations
_SH = [(3, 7), (2, 3, 4)]
_unary("hardswish", lambda T, x: _F(T).hardswish(x), _SH, 4.0)
_unary("hardsigmoid", lambda T, x: _F(T).hardsigmoid(x), _SH, 4.0, ("float32",))
_unary("hardtanh", lambda T, x: _F(T).hardtanh(x), _SH)
_unary("hardtanh_bounds", lambda T, x: _F(T).hardtanh(x, -0.5, 1.5), _SH)
_unary("relu6", lambda T, x: _F(T).relu6(x * 4), _SH)
_unary("elu", lambda T, x: _F(T).elu(x), _SH)
_unary("elu_alpha", lambda T, x: _F(T).elu(x, 0.5), _SH)
_unary("selu", lambda T, x: _F(T).selu(x), _SH)
_unary("celu", lambda T, x: _F(T).celu(x, 1.5), _SH)
_unary("leaky_relu", lambda T, x: _F(T).leaky_relu(x, 0.2), _SH)
_unary("softplus", lambda T, x: _F(T).softplus(x * 6), _SH)
_unary("softplus_beta", lambda T, x: _F(T).softplus(x * 6, beta=2.0, threshold=5.0), _SH)
_unary("logsigmoid", lambda T, x: _F(T).logsigmoid(x * 3), _SH)
_unary("gelu", lambda T, x: _F(T).gelu(x), _SH)
_unary("gelu_tanh", lambda T, x: _F(T).gelu(x, approximate="tanh"), _SH)
_unary("silu", lambda T, x: _F(T).silu(x), _SH)
# the activations' kinks exactly (first and second derivatives there)
_add("kinks", lambda T, x: (_F(T).elu(x) + _F(T).selu(x) + _F(T).celu(x, 0.5) + _F(T).hardtanh(x)
                            + _F(T).relu6(x) + _F(T).hardswish(x) + _F(T).logsigmoid(x)
                            + _F(T).leaky_relu(x) + _F(T).softplus(x) + _F(T).mish(x)),
     lambda T, dt: [T.tensor([-4., -3., -1., 0., 1e-3, 1., 3., 6., 25.],
                             dtype=getattr(T, dt)).requires_grad_()])
_add("kinks_hardsigmoid", lambda T, x: _F(T).hardsigmoid(x),
     lambda T, dt: [T.tensor([-4., -3., 0., 3., 4.], dtype=getattr(T, dt)).requires_grad_()],
     ("float32",))
# in-place forms (torch's elu_ saves the result: EluBackward1)
_unary("elu_inplace", lambda T, x: _F(T).elu(x * 1, inplace=True), _SH[:1])
_unary("hardtanh_inplace", lambda T, x: _F(T).hardtanh(x * 1, inplace=True), _SH[:1])
_unary("leaky_relu_inplace", lambda T, x: _F(T).leaky_relu(x * 1, 0.2, inplace=True), _SH[:1])
_unary("elu_fn_inplace", lambda T, x: _F(T).elu_(x * 1, 0.7), _SH[:1])
_unary("selu_fn_inplace", lambda T, x: _F(T).selu_(x * 1), _SH[:1])
_unary("celu_fn_inplace", lambda T, x: _F(T).celu_(x * 1, 1.5), _SH[:1])
_unary("leaky_relu_fn_inplace", lambda T, x: _F(T).leaky_relu_(x * 1, 0.3), _SH[:1])
_unary("mish", lambda T, x: _F(T).mish(x), _SH)


# ------------------------------------------------------------------ losses
def _pair(shape, reduction, f):
    return (lambda T, x, t: f(T)(x, t, reduction=reduction),
            lambda T, dt: [_t(T, shape, 0, dt), _t(T, shape, 1, dt)])


for _red in ("mean", "sum", "none"):
    for _i, _s in enumerate([(3, 5), (2, 3, 4)]):
        for _name, _lf in [("mse_loss", lambda T: _F(T).mse_loss),
                           ("l1_loss", lambda T: _F(T).l1_loss),
                           ("smooth_l1_loss", lambda T: _F(T).smooth_l1_loss),
                           ("huber_loss", lambda T: _F(T).huber_loss)]:
            _add(f"{_name}_{_red}_{_i}", *_pair(_s, _red, _lf))
    _add(f"smooth_l1_loss_beta_{_red}",
         lambda T, x, t, r=_red: _F(T).smooth_l1_loss(x, t, reduction=r, beta=0.5),
         lambda T, dt: [_t(T, (3, 5), 0, dt), _t(T, (3, 5), 1, dt)])
    _add(f"huber_loss_delta_{_red}",
         lambda T, x, t, r=_red: _F(T).huber_loss(x, t, reduction=r, delta=0.7),
         lambda T, dt: [_t(T, (3, 5), 0, dt), _t(T, (3, 5), 1, dt)])
    _add(f"bce_{_red}",
         lambda T, x, t, r=_red: _F(T).binary_cross_entropy(x.sigmoid(), t, reduction=r),
         lambda T, dt: [_t(T, (3, 5), 0, dt), _t(T, (3, 5), 1, dt, scale=0.5) + 0.5])
    _add(f"bce_weight_{_red}",
         lambda T, x, t, w, r=_red: _F(T).binary_cross_entropy(x.sigmoid(), t, w, reduction=r),
         lambda T, dt: [_t(T, (3, 5), 0, dt), _t(T, (3, 5), 1, dt, scale=0.5) + 0.5,
                        _t(T, (5,), 2, dt, False).abs()])
    _add(f"bce_logits_{_red}",
         lambda T, x, t, r=_red: _F(T).binary_cross_entropy_with_logits(x, t, reduction=r),
         lambda T, dt: [_t(T, (3, 5), 0, dt), _t(T, (3, 5), 1, dt, scale=0.5) + 0.5])
    _add(f"bce_logits_pw_{_red}",
         lambda T, x, t, w, pw, r=_red: _F(T).binary_cross_entropy_with_logits(
             x, t, w, reduction=r, pos_weight=pw),
         lambda T, dt: [_t(T, (3, 5), 0, dt), _t(T, (3, 5), 1, dt, scale=0.5) + 0.5,
                        _t(T, (5,), 2, dt, False).abs(), _t(T, (5,), 3, dt, False).abs()])


def _tgt(T, vals, shape):
    return T.tensor(vals, dtype=T.long).reshape(shape)


for _red in ("mean", "sum", "none"):
    _add(f"nll_loss_1d_{_red}",
         lambda T, x, r=_red: _F(T).nll_loss(x, _tgt(T, [2], ()), reduction=r),
         lambda T, dt: [_t(T, (5,), 0, dt)])
    _add(f"nll_loss_2d_{_red}",
         lambda T, x, r=_red: _F(T).nll_loss(x, _tgt(T, [0, 3, 1, 4], (4,)), reduction=r),
         lambda T, dt: [_t(T, (4, 5), 0, dt)])
    _add(f"nll_loss_weight_{_red}",
         lambda T, x, w, r=_red: _F(T).nll_loss(x, _tgt(T, [0, 3, 1, 3], (4,)), w, reduction=r,
                                                ignore_index=1),
         lambda T, dt: [_t(T, (4, 5), 0, dt), _t(T, (5,), 2, dt, False).abs()])
    _add(f"nll_loss_4d_{_red}",
         lambda T, x, r=_red: _F(T).nll_loss(x, _tgt(T, [0, 2, 1, 2, 2, 0, 1, 1], (2, 2, 2)),
                                             reduction=r),
         lambda T, dt: [_t(T, (2, 3, 2, 2), 0, dt)])
    _add(f"nll_loss_4d_weight_{_red}",
         lambda T, x, w, r=_red: _F(T).nll_loss(
             x, _tgt(T, [0, 2, 1, 2, 2, 0, 1, 1], (2, 2, 2)), w, reduction=r, ignore_index=0),
         lambda T, dt: [_t(T, (2, 3, 2, 2), 0, dt), _t(T, (3,), 2, dt, False).abs()])
    _add(f"cross_entropy_{_red}",
         lambda T, x, r=_red: _F(T).cross_entropy(x, _tgt(T, [0, 3, 1, 4], (4,)), reduction=r),
         lambda T, dt: [_t(T, (4, 5), 0, dt)])
    _add(f"cross_entropy_4d_weight_{_red}",
         lambda T, x, w, r=_red: _F(T).cross_entropy(
             x, _tgt(T, [0, 2, 1, 2, 2, 0, 1, 1], (2, 2, 2)), w, reduction=r),
         lambda T, dt: [_t(T, (2, 3, 2, 2), 0, dt), _t(T, (3,), 2, dt, False).abs()])


# ------------------------------------------------------------------ convolution
def _conv(nd, xs, ws, bias, **kw):
    def f(T, x, w, *b):
        return getattr(_F(T), f"conv{nd}d")(x, w, b[0] if b else None, **kw)

    def make(T, dt):
        r = [_t(T, xs, 0, dt), _t(T, ws, 1, dt)]
        return r + [_t(T, (ws[0],), 2, dt)] if bias else r
    return f, make


_add("conv1d", *_conv(1, (2, 3, 9), (4, 3, 3), True))
_add("conv1d_nobias_stride", *_conv(1, (2, 3, 9), (4, 3, 2), False, stride=2, padding=1))
_add("conv1d_groups", *_conv(1, (2, 4, 8), (6, 2, 3), True, groups=2, dilation=2))
_add("conv2d", *_conv(2, (2, 3, 6, 5), (4, 3, 3, 2), True))
_add("conv2d_stride_pad", *_conv(2, (1, 2, 7, 6), (3, 2, 3, 3), True, stride=2, padding=1))
_add("conv2d_dil_groups", *_conv(2, (2, 4, 7, 7), (4, 2, 2, 3), False, dilation=(2, 1),
                                 groups=2))


_add("conv3d", *_conv(3, (1, 2, 4, 3, 3), (2, 2, 2, 2, 2), True))


def _conv_t(nd, xs, ws, bias, **kw):
    def f(T, x, w, *b):
        return getattr(_F(T), f"conv_transpose{nd}d")(x, w, b[0] if b else None, **kw)

    def make(T, dt):
        r = [_t(T, xs, 0, dt), _t(T, ws, 1, dt)]
        return r + [_t(T, (ws[1] * kw.get("groups", 1),), 2, dt)] if bias else r
    return f, make


_add("conv_transpose1d", *_conv_t(1, (2, 3, 5), (3, 2, 3), True, stride=2))
_add("conv_transpose2d", *_conv_t(2, (1, 4, 3, 3), (4, 1, 2, 2), False, groups=2, padding=1))


# ------------------------------------------------------------------ pooling
_unary("max_pool1d", lambda T, x: _F(T).max_pool1d(x, 3, 2), [(2, 3, 9)])
_unary("max_pool2d", lambda T, x: _F(T).max_pool2d(x, 2), [(2, 3, 6, 5)])
_unary("max_pool2d_pad", lambda T, x: _F(T).max_pool2d(x, 3, 2, 1), [(2, 3, 7, 6)])
_unary("avg_pool1d", lambda T, x: _F(T).avg_pool1d(x, 3, 2), [(2, 3, 9)])
_unary("avg_pool2d", lambda T, x: _F(T).avg_pool2d(x, 2), [(2, 3, 6, 5)])
_unary("avg_pool2d_pad", lambda T, x: _F(T).avg_pool2d(x, 3, 2, 1, count_include_pad=False),
       [(2, 3, 7, 6)])
_unary("adaptive_avg_pool1d", lambda T, x: _F(T).adaptive_avg_pool1d(x, 4), [(2, 3, 9)])
_unary("adaptive_avg_pool2d", lambda T, x: _F(T).adaptive_avg_pool2d(x, (2, 3)), [(2, 3, 6, 6)])
_unary("adaptive_max_pool1d", lambda T, x: _F(T).adaptive_max_pool1d(x, 4), [(2, 3, 9)])
_unary("adaptive_max_pool2d", lambda T, x: _F(T).adaptive_max_pool2d(x, (2, 3)), [(2, 3, 6, 6)])


# ------------------------------------------------------------------ normalization
def _bn(training, affine):
    def f(T, x, *wb):
        c = x.shape[1]
        rm = T.linspace(-0.5, 0.5, c, dtype=x.dtype)
        rv = T.linspace(0.5, 1.5, c, dtype=x.dtype)
        return _F(T).batch_norm(x, rm, rv, *(wb or (None, None)), training=training)

    def make(T, dt):
        r = [_t(T, (4, 3, 2), 0, dt)]
        return r + [_t(T, (3,), 1, dt), _t(T, (3,), 2, dt)] if affine else r
    return f, make


_add("batch_norm_train", *_bn(True, True))
_add("batch_norm_train_noaffine", *_bn(True, False))
_add("batch_norm_eval", *_bn(False, True))
_add("layer_norm", lambda T, x, w, b: _F(T).layer_norm(x, (4,), w, b),
     lambda T, dt: [_t(T, (3, 4), 0, dt), _t(T, (4,), 1, dt), _t(T, (4,), 2, dt)])
_add("layer_norm_noaffine", lambda T, x: _F(T).layer_norm(x, (3, 4)),
     lambda T, dt: [_t(T, (2, 3, 4), 0, dt)])
_add("group_norm", lambda T, x, w, b: _F(T).group_norm(x, 2, w, b),
     lambda T, dt: [_t(T, (2, 4, 3), 0, dt), _t(T, (4,), 1, dt), _t(T, (4,), 2, dt)])
_add("group_norm_noaffine", lambda T, x: _F(T).group_norm(x, 3),
     lambda T, dt: [_t(T, (2, 6, 2, 2), 0, dt)])
