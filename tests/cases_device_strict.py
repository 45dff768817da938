"""Issue 14 (3): differential programs for the device path. Each case is
prog(T, dev, keep): built with device=dev, it runs ops, views, in-place ops,
hooks and backward and returns plain observables (values, gradients,
versions, grad_fn names, flags). tests/test_device_strict.py runs it on
cyautograd with dev="cuda" served by array-api-strict arrays (which refuse
numpy conversion and device mixing) and compares with torch on the CPU, live
or recorded (tests/golden/device_strict.json). keep(t) collects the tensors
the program made so the test can check every one stayed on the device.

The op families here are the ones routed through the device namespace
(ops/_xp.py); README "The device path" lists those that are not yet."""


def _obs(t, version=True):
    """A tensor's observables: values (through .cpu(), the one sanctioned way
    off the device), dtype, shape, flags, grad_fn name, version (not for a
    .grad: how AccumulateGrad makes its buffer is no part of this issue)."""
    if t is None:
        return None
    return {"v": t.detach().cpu().tolist(), "dtype": str(t.dtype).split(".")[-1],
            "shape": list(t.shape), "requires_grad": bool(t.requires_grad), "is_leaf": bool(t.is_leaf),
            "grad_fn": None if t.grad_fn is None else type(t.grad_fn).__name__,
            "version": t._version if version else None}


def _leaf(T, dev, keep, data, dtype=None):
    t = T.tensor(data, device=dev, dtype=dtype or T.float64, requires_grad=True)
    keep(t)
    return t


A = [[0.5, -1.25, 2.0], [3.0, 0.75, -0.5]]
B = [[1.5, 2.0, -0.25], [-1.0, 0.5, 4.0]]
POS = [[0.5, 1.25, 2.0], [3.0, 0.75, 0.25]]
UNIT = [[0.5, -0.25, 0.125], [-0.75, 0.375, 0.0625]]


def _binary(op, scalar=None, left=False, shape_b=None):
    def prog(T, dev, keep):
        a = _leaf(T, dev, keep, A)
        if scalar is not None:
            out = op(scalar, a) if left else op(a, scalar)
        else:
            b = _leaf(T, dev, keep, B if shape_b is None else shape_b)
            out = op(a, b)
        keep(out)
        out.sum().backward()
        res = [_obs(out), _obs(a.grad, False)]
        if scalar is None:
            res.append(_obs(b.grad, False))
        return res
    return prog


def _unary(name, data=A):
    def prog(T, dev, keep):
        a = _leaf(T, dev, keep, data)
        out = getattr(a, name)()
        keep(out)
        (out * out).sum().backward()
        return [_obs(out), _obs(a.grad, False)]
    return prog


def _reduce(name, **kw):
    def prog(T, dev, keep):
        a = _leaf(T, dev, keep, A)
        out = getattr(a, name)(**kw)
        keep(out)
        (out * 3).sum().backward()
        return [_obs(out), _obs(a.grad, False)]
    return prog


def _int_div(T, dev, keep):
    a = T.tensor([[1, 2, 3], [4, 5, 6]], device=dev)
    b = T.tensor([[2, 2, 2], [3, 3, 3]], device=dev)
    keep(a)
    r = [a / b, a + b, a * 2, a - 1, a / 2]
    for t in r:
        keep(t)
    return [_obs(t) for t in r]


def _mixed_dtypes(T, dev, keep):
    a = _leaf(T, dev, keep, A, T.float32)
    b = _leaf(T, dev, keep, B)
    out = a * b + a
    keep(out)
    out.sum().backward()
    return [_obs(out), _obs(a.grad, False), _obs(b.grad, False)]


def _mm(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    b = _leaf(T, dev, keep, [[1.0, 2.0], [0.5, -1.0], [3.0, 0.25]])
    out = a @ b
    out2 = a.mm(b)
    keep(out)
    keep(out2)
    (out * out2).sum().backward()
    return [_obs(out), _obs(out2), _obs(a.grad, False), _obs(b.grad, False)]


def _views(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    vs = [a.t(), a.transpose(0, 1), a[1], a[:, 1:], a[0, 2], a[None], a.reshape(3, 2), a.view(6),
          a.view(-1), a[..., 0], a.unsqueeze(1), a.t().reshape(6), a[::2, 1::2]]
    for v in vs:
        keep(v)
    total = sum((v * (i + 1)).sum() for i, v in enumerate(vs))
    total.backward()
    return [_obs(v) for v in vs] + [_obs(a.grad, False), [v._base is a for v in vs], [v._is_view() for v in vs]]


def _more_views(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    vs = [a.permute(1, 0), a[None].squeeze(), a[:, None].squeeze(1), a[:1].expand(4, 3),
          a[:, :1].expand(2, 5), a.unsqueeze(0).expand(2, 2, 3)]
    for v in vs:
        keep(v)
    total = sum((v * (i + 2)).sum() for i, v in enumerate(vs))
    total.backward()
    return [_obs(v) for v in vs] + [_obs(a.grad, False)]


def _cat_stack(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    b = _leaf(T, dev, keep, B)
    f = T.tensor([[1.0, 2.0, 3.0]], device=dev, dtype=T.float32)
    rs = [T.cat([a, b]), T.cat([a, b], dim=1), T.cat([a, f]), T.stack([a, b]), T.stack([a, b], dim=2)]
    for r in rs:
        keep(r)
    sum((r * (i + 1)).sum() for i, r in enumerate(rs)).backward()
    return [_obs(r) for r in rs] + [_obs(a.grad, False), _obs(b.grad, False)]


def _pow(T, dev, keep):
    a = _leaf(T, dev, keep, POS)
    rs = [a ** 2, a ** 0.5, a ** -0.5, a ** 3.0, a ** 0, a.pow(-1), a.square()]
    for r in rs:
        keep(r)
    sum((r * (i + 1)).sum() for i, r in enumerate(rs)).backward()
    i = T.tensor([[1, 2], [3, 4]], device=dev)
    keep(i)
    return [_obs(r) for r in rs] + [_obs(a.grad, False), _obs(i ** 2), _obs(i ** 0.5)]


def _where(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    b = _leaf(T, dev, keep, B)
    rs = [T.where(a > b, a, b), T.where(a > 0, a, 0.0), T.where(b < 1, 2.5, b), T.where(a > 1, a, b * 2)]
    for r in rs:
        keep(r)
    sum((r * (i + 1)).sum() for i, r in enumerate(rs)).backward()
    return [_obs(r) for r in rs] + [_obs(a.grad, False), _obs(b.grad, False)]


def _clone_detach(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    c = a.clone()
    d = a.detach()
    e = a.data
    keep(c)
    keep(d)
    keep(e)
    (c * 2).sum().backward()
    return [_obs(c), _obs(d), _obs(e), _obs(a.grad, False), d._version, e._version]


def _inplace(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    x = a * 1
    keep(x)
    x.add_(1)
    x.mul_(a)
    x.sub_(0.5)
    x.div_(2)
    x += a
    x *= 3
    x.add_(a, alpha=2)
    x.sum().backward()
    return [_obs(x), _obs(a.grad, False)]


def _inplace_no_grad(T, dev, keep):
    x = T.ones(2, 3, device=dev)
    keep(x)
    x.add_(1)
    x.mul_(T.full((2, 3), 3.0, device=dev))
    v = x[0]
    keep(v)
    v.sub_(1)
    with T.no_grad():
        x.div_(2)
    return [_obs(x), _obs(v), x._version, v._version]


def _inplace_on_view(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    x = a * 1
    v = x[1]
    keep(x)
    keep(v)
    v.mul_(2)
    v.add_(a[0])
    (x * x).sum().backward()
    return [_obs(x), _obs(v), _obs(a.grad, False), x._version, v._version]


def _leaf_inplace_error(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    try:
        a.add_(1)
    except RuntimeError as e:
        return [str(e), a._version]
    return "no error"


def _saved_version_error(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    x = a.exp()
    keep(x)
    x.add_(1)
    try:
        x.sum().backward()
    except RuntimeError as e:
        return str(e).replace("torch.", "cyautograd.").split("; expected")[0]
    return "no error"


def _hooks(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    seen = []
    h = a * 2
    keep(h)
    h.register_hook(lambda g: seen.append(g.detach().cpu().tolist()))
    h.retain_grad()
    handle = h.register_hook(lambda g: g * 10)
    out = (h * h).sum()
    out.backward(retain_graph=True)
    handle.remove()
    g1 = _obs(a.grad, False)
    out.backward()
    acc = []
    a.register_post_accumulate_grad_hook(lambda p: acc.append(p.grad.detach().cpu().tolist()))
    (a * 3).sum().backward()
    return [seen, _obs(h.grad, False), g1, _obs(a.grad, False), acc]


def _accumulate(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    for k in range(3):
        (a * (k + 1)).sum().backward()
    g = a.grad
    keep(g)
    return [_obs(g, False)]


def _autograd_grad(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    b = _leaf(T, dev, keep, B)
    out = (a.sin() * b.exp()).sum()
    ga, gb = T.autograd.grad(out, (a, b))
    keep(ga)
    keep(gb)
    return [_obs(ga), _obs(gb), a.grad is None]


def _double_backward(T, dev, keep):
    a = _leaf(T, dev, keep, POS)
    y = a * a * a
    (g,) = T.autograd.grad(y, a, grad_outputs=T.ones_like(y), create_graph=True)
    keep(g)
    g.sum().backward()
    return [_obs(g), _obs(a.grad, False)]


def _comparisons(T, dev, keep):
    a = T.tensor(A, device=dev)
    b = T.tensor(B, device=dev)
    rs = [a > b, a >= 0.5, a < b, a <= 0, a == a, a != b]
    for r in rs:
        keep(r)
    return [_obs(r) for r in rs]


def _grad_to_cpu(T, dev, keep):
    """A device tensor made from a CPU leaf: the gradient comes back to the CPU."""
    a = T.tensor(A, requires_grad=True)
    x = a.to(dev)
    keep(x)
    y = (x * x).sum()
    y.backward()
    return [_obs(x)["v"], _obs(a.grad, False), str(a.grad.device)]


def _cpu_scalar_operand(T, dev, keep):
    a = _leaf(T, dev, keep, A)
    s = T.tensor(2.5, dtype=T.float64)
    out = a * s + s
    keep(out)
    out.sum().backward()
    return [_obs(out), _obs(a.grad, False)]


CASES = {
    "add": _binary(lambda a, b: a + b), "sub": _binary(lambda a, b: a - b),
    "mul": _binary(lambda a, b: a * b), "div": _binary(lambda a, b: a / b),
    "add_alpha": _binary(lambda a, b: a.add(b, alpha=-2)),
    "add_broadcast": _binary(lambda a, b: a + b, shape_b=[[1.0, -2.0, 0.5]]),
    "mul_broadcast": _binary(lambda a, b: a * b, shape_b=[[2.0], [-3.0]]),
    "add_scalar": _binary(lambda a, s: a + s, 1.5), "mul_scalar": _binary(lambda a, s: a * s, -2),
    "sub_scalar": _binary(lambda a, s: a - s, 0.25), "div_scalar": _binary(lambda a, s: a / s, 4),
    "rsub_scalar": _binary(lambda s, a: s - a, 3.0, True), "rdiv_scalar": _binary(lambda s, a: s / a, 2.0, True),
    "radd_scalar": _binary(lambda s, a: s + a, 1, True), "rmul_scalar": _binary(lambda s, a: s * a, 0.5, True),
    "int_arith": _int_div, "mixed_dtypes": _mixed_dtypes,
    "neg": _unary("neg"), "exp": _unary("exp"), "log": _unary("log", POS), "log2": _unary("log2", POS),
    "log10": _unary("log10", POS), "log1p": _unary("log1p", POS), "sqrt": _unary("sqrt", POS),
    "rsqrt": _unary("rsqrt", POS), "reciprocal": _unary("reciprocal", POS), "sin": _unary("sin"),
    "cos": _unary("cos"), "tan": _unary("tan", UNIT), "tanh": _unary("tanh"), "sigmoid": _unary("sigmoid"),
    "relu": _unary("relu"), "abs": _unary("abs"), "sign": _unary("sign"),
    "sum": _reduce("sum"), "sum_dim": _reduce("sum", dim=1), "sum_keepdim": _reduce("sum", dim=0, keepdim=True),
    "sum_dims": _reduce("sum", dim=(0, 1)), "mean": _reduce("mean"), "mean_dim": _reduce("mean", dim=-1),
    "mean_keepdim": _reduce("mean", dim=1, keepdim=True),
    "mm": _mm, "views": _views, "more_views": _more_views, "cat_stack": _cat_stack, "pow": _pow, "where": _where, "clone_detach": _clone_detach,
    "inplace": _inplace, "inplace_no_grad": _inplace_no_grad, "inplace_on_view": _inplace_on_view,
    "leaf_inplace_error": _leaf_inplace_error, "saved_version_error": _saved_version_error,
    "hooks": _hooks, "accumulate": _accumulate, "autograd_grad": _autograd_grad,
    "double_backward": _double_backward, "comparisons": _comparisons, "grad_to_cpu": _grad_to_cpu,
    "cpu_scalar_operand": _cpu_scalar_operand,
}


# -- generated: one program per (op, arguments) --------------------------------
# Each entry is run by _gen: the arguments built on the device (F: a float64
# leaf that requires grad, F32: float32 leaf, I: int64, Bo: bool, anything else
# passed as is), the op applied, every output observed, and the gradients of
# sum(o * o + o) over the differentiable outputs taken to every leaf.

import math as _math  # noqa: E402


def _vals(shape, k=1.0, off=0.0):
    n = 1
    for s in shape:
        n *= s
    flat = [round(_math.sin(k * 1.37 * i + 0.3 + off) * 2, 4) for i in range(n)]

    def nest(f, sh):
        if not sh:
            return f[0]
        step = len(f) // sh[0] if sh[0] else 0
        return [nest(f[i * step:(i + 1) * step], sh[1:]) for i in range(sh[0])]
    return nest(flat, list(shape))


class _Arg:
    def __init__(self, kind, data):
        self.kind, self.data = kind, data


def F(*shape, pos=False, off=0.0):
    v = _vals(shape, off=off)
    if pos:
        v = _abs_nested(v)
    return _Arg("f", v)


def F32(*shape):
    return _Arg("f32", _vals(shape))


def _abs_nested(v):
    return [_abs_nested(x) for x in v] if isinstance(v, list) else abs(v) + 0.25


def I(data):  # noqa: E743 - an int64 index tensor
    return _Arg("i", data)


def Bo(data):
    return _Arg("b", data)


def _arg(T, dev, keep, a):
    if not isinstance(a, _Arg):
        return a
    if a.kind == "f":
        t = T.tensor(a.data, device=dev, dtype=T.float64, requires_grad=True)
    elif a.kind == "f32":
        t = T.tensor(a.data, device=dev, dtype=T.float32, requires_grad=True)
    elif a.kind == "i":
        t = T.tensor(a.data, device=dev, dtype=T.int64)
    else:
        t = T.tensor(a.data, device=dev, dtype=T.bool)
    keep(t)
    return t


def _gen(fn, *specs):
    def prog(T, dev, keep):
        args = [_arg(T, dev, keep, s) for s in specs]
        leaves = [a for a in args if isinstance(a, T.Tensor) and a.requires_grad]
        r = fn(T, *args)
        r = list(r) if isinstance(r, (tuple, list)) else [r]
        outs = [o for o in r if isinstance(o, T.Tensor)]
        for o in outs:
            keep(o)
        res = [_obs(o) if isinstance(o, T.Tensor) else o for o in r]
        diff = [o for o in outs if o.requires_grad]
        if diff:
            sum((o * o).sum() + o.sum() for o in diff).backward()
            res += [_obs(leaf.grad, False) for leaf in leaves]
        return res
    return prog


GEN = {
    # reductions
    "max_all": (lambda T, a: a.max(), F(2, 3)), "min_all": (lambda T, a: a.min(), F(2, 3)),
    "max_dim": (lambda T, a: a.max(1), F(2, 3)), "min_dim_keep": (lambda T, a: a.min(0, keepdim=True), F(2, 3)),
    "max_dim3": (lambda T, a: T.max(a, dim=-1), F(2, 3, 4)), "max_0d": (lambda T, a: a.max(0), F()),
    "amax": (lambda T, a: a.amax(1), F(2, 3)), "amin_dims": (lambda T, a: a.amin((0, 2)), F(2, 3, 4)),
    "amax_keep": (lambda T, a: a.amax(0, keepdim=True), F(2, 3)),
    "argmax": (lambda T, a: [a.argmax(), a.argmax(1), a.argmin(0, keepdim=True)], F(2, 3)),
    "prod_all": (lambda T, a: a.prod(), F(2, 3)), "prod_dim": (lambda T, a: a.prod(1), F(2, 3)),
    "prod_keep": (lambda T, a: a.prod(0, keepdim=True), F(2, 3, 4)),
    "prod_zero": (lambda T, a: (a * T.tensor([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], dtype=T.float64,
                                              device=a.device)).prod(1), F(2, 3)),
    "prod_int": (lambda T, a: a.prod(), I([[1, 2], [3, 4]])),
    "softmax": (lambda T, a: a.softmax(1), F(2, 3)), "softmax0": (lambda T, a: a.softmax(0), F(2, 3, 4)),
    "log_softmax": (lambda T, a: a.log_softmax(-1), F(2, 3)),
    "log_softmax_f32": (lambda T, a: T.log_softmax(a, 1, dtype=T.float64), F32(2, 3)),
    "logsumexp": (lambda T, a: a.logsumexp(1), F(2, 3)), "logsumexp_keep": (lambda T, a: a.logsumexp((0, 1), keepdim=True), F(2, 3, 4)),
    "var": (lambda T, a: a.var(), F(2, 3)), "var_dim": (lambda T, a: a.var(1, keepdim=True), F(2, 3)),
    "std": (lambda T, a: a.std(0), F(2, 3)), "std_corr0": (lambda T, a: a.std(1, correction=0), F(2, 3, 4)),
    "var_f32": (lambda T, a: a.var(0), F32(2, 3)),
    "all_any": (lambda T, a: [(a > 0).all(), (a > 0).any(1), (a > -5).all(0, keepdim=True)], F(2, 3)),
    "cumsum": (lambda T, a: a.cumsum(1), F(2, 3)), "cumsum_int": (lambda T, a: a.cumsum(0), I([[1, 2], [3, 4]])),
    "norm": (lambda T, a: [a.norm(), a.norm(1), a.norm(float("inf"), dim=1), a.norm(3, dim=0)], F(2, 3)),
    # pointwise beyond arithmetic
    "clamp": (lambda T, a: [a.clamp(-0.5, 0.75), a.clamp(min=0.1), a.clamp(max=-0.2), T.clamp(a, 1.0, -1.0)], F(2, 3)),
    "clamp_tensor": (lambda T, a, b: [a.clamp(b), a.clamp(max=b), a.clamp(b - 1, b)], F(2, 3), F(2, 3, off=1.0)),
    "clamp_int": (lambda T, a: [a.clamp(1, 3), a.clamp(min=0.5), T.clamp(a, max=2)], I([[0, 1, 2], [3, 4, 5]])),
    "clamp_": (lambda T, a: (a * 1).clamp_(-0.5, 0.5), F(2, 3)),
    "maximum": (lambda T, a, b: [T.maximum(a, b), T.minimum(a, b), T.max(a, b)], F(2, 3), F(3, off=2.0)),
    # round(decimals=) is RoundBackward1 in torch, RoundBackward0 here on every device (not issue 14's)
    "rounding": (lambda T, a: [a.floor(), a.ceil(), a.trunc(), a.round(), (a * 3).round()],
                 F(2, 3)),
    "rounding_int": (lambda T, a: [a.floor(), a.round()], I([[1, -2], [3, 4]])),
    "isnan": (lambda T, a: [(a * float("nan")).isnan(), T.where(a > 0, a * float("inf"), a).isinf(),
                            T.where(a > 0, a * float("inf"), a * float("nan")).isfinite(), (a > 0).logical_not()],
              F(2, 3)),
    # isclose is left out: torch's result has version 1 (built in place), ours 0 on every device
    "equal_close": (lambda T, a, b: [T.equal(a, a), T.equal(a, b), T.allclose(a, a + 1e-9), T.allclose(a, b),
                                     T.isclose(a, a + 1e-9).tolist(), a.isclose(b).tolist()], F(2, 3), F(2, 3, off=1.0)),
    "nonzero": (lambda T, a: [(a > 0).nonzero(), *T.nonzero(a > 0, as_tuple=True), T.where(a > 0)[0]], F(2, 3)),
    "masked_fill": (lambda T, a: [a.masked_fill(a > 0, 0.5), a.masked_fill(T.tensor([True, False, True], device=a.device), -1.0)],
                    F(2, 3)),
    "masked_fill_": (lambda T, a: (a * 2).masked_fill_(a < 0, 3.0), F(2, 3)),
    "copy_": (lambda T, a, b: (a * 1).copy_(b), F(2, 3), F(2, 3, off=1.0)),
    "copy_broadcast": (lambda T, a, b: (a * 1).copy_(b), F(2, 3), F(3, off=1.0)),
    "copy_dtype": (lambda T, a, b: (a * 1).copy_(b), F(2, 3), F32(2, 3)),
    "copy_int": (lambda T, a, b: [a.detach().clone().copy_(b), b.detach().clone().copy_(a)], I([[1, 2, 3], [4, 5, 6]]), F(2, 3)),
    "inplace_unary": (lambda T, a: [(a * 1).exp_(), (a * 1).neg_(), (a * 1).abs_(), (a * 1).relu_(),
                                    (a * 1).sigmoid_(), (a * 1).tanh_(), (a * 1).pow_(2)], F(2, 3)),
    # linalg
    "bmm": (lambda T, a, b: T.bmm(a, b), F(2, 3, 4), F(2, 4, 2, off=1.0)),
    "matmul_batched": (lambda T, a, b: [a @ b, T.matmul(a, b[0])], F(2, 3, 4), F(2, 4, 2, off=1.0)),
    "matmul_broadcast": (lambda T, a, b: a @ b, F(3, 4), F(2, 4, 2, off=1.0)),
    "matmul_vec": (lambda T, a, v: [a @ v, v @ a.t(), T.matmul(a.reshape(1, 3, 4), v)], F(3, 4), F(4, off=1.0)),
    "mv_dot": (lambda T, a, v, w: [a.mv(v), v.dot(w), T.dot(v, v)], F(3, 4), F(4, off=1.0), F(4, off=2.0)),
    "linear": (lambda T, x, w, b: [T.nn.functional.linear(x, w, b), T.nn.functional.linear(x, w)],
               F(2, 3), F(4, 3, off=1.0), F(4, off=2.0)),
    # (a 3-d input with a bias ends in ViewBackward0 in torch, AddBackward0 here on every device: not issue 14's)
    "linear_3d": (lambda T, x, w: T.nn.functional.linear(x, w), F(2, 2, 3), F(4, 3, off=1.0)),
    # indexing, gathers, splits
    "contiguous": (lambda T, a: [a.t().contiguous(), a.contiguous(), a.t().is_contiguous(),
                                 a.t().contiguous().is_contiguous()], F(2, 3)),
    "index_select": (lambda T, a: [a.index_select(1, T.tensor([2, 0, 2], device=a.device)),
                                   T.index_select(a, 0, T.tensor([1], device=a.device))], F(2, 3)),
    "adv_index": (lambda T, a: [a[T.tensor([1, 0, 1], device=a.device)], a[:, T.tensor([[0, 2], [-1, 0]], device=a.device)],
                                a[..., T.tensor([1], device=a.device)], a[[0, 0]]], F(2, 3)),
    "mask_index": (lambda T, a: [a[a > 0], a[T.tensor([[True, False, True], [False, False, True]], device=a.device)]],
                   F(2, 3)),
    "gather": (lambda T, a: [a.gather(1, T.tensor([[0, 0], [2, 1]], device=a.device)),
                             T.gather(a, 0, T.tensor([[1, 0, 1]], device=a.device))], F(2, 3)),
    "split_chunk": (lambda T, a: [*a.split(2, 1), *a.split([1, 3], 1), *a.chunk(2, 0), *T.chunk(a, 3, 1)], F(2, 4)),
    "unbind": (lambda T, a: [*a.unbind(1), *T.unbind(a)], F(2, 3)),
    "split_partial_grad": (lambda T, a: a.split(1, 1)[1], F(2, 3)),
    "setitem": (lambda T, a: _setitems(T, a), F(2, 3)),
    "setitem_advanced": (lambda T, a, v: _setitems_adv(T, a, v), F(3, 3), F(3, off=1.0)),
    "index_put": (lambda T, a, v: [(a * 1).index_put_((T.tensor([2, 0], device=a.device),), v, accumulate=True),
                                   # (index_put's result has version 1 here on every device, 0 in torch:
                                   # not issue 14's; .clone() compares the rest)
                                   a.index_put((T.tensor([1, 1], device=a.device),), v[:1], accumulate=True).clone(),
                                   a.index_put((a > 0,), T.tensor(0.5, dtype=a.dtype, device=a.device)).clone()],
                  F(3, 3), F(2, 3, off=1.0)),
    # losses
    "mse": (lambda T, a, b: [T.nn.functional.mse_loss(a, b), T.nn.functional.mse_loss(a, b, reduction="sum"),
                             T.nn.functional.mse_loss(a, b, reduction="none")], F(2, 3), F(2, 3, off=1.0)),
    "nll": (lambda T, a: [T.nn.functional.nll_loss(a, T.tensor([2, 0], device=a.device)),
                          T.nn.functional.nll_loss(a, T.tensor([1, -100], device=a.device), reduction="sum"),
                          T.nn.functional.nll_loss(a, T.tensor([1, 2], device=a.device), reduction="none")], F(2, 3)),
    "nll_weight": (lambda T, a, w: T.nn.functional.nll_loss(a, T.tensor([2, 0], device=a.device), w.detach()),
                   F(2, 3), F(3, pos=True)),
    # (a 3-d input is NllLoss2DBackward0 in torch, NllLossBackward0 here on every device: not issue 14's)
    "nll_nd": (lambda T, a: _value_and_grad(T, T.nn.functional.nll_loss(a, T.tensor([[0, 2], [1, 1]], device=a.device)),
                                            a), F(2, 3, 2)),
    "cross_entropy": (lambda T, a: [T.nn.functional.cross_entropy(a, T.tensor([2, 0], device=a.device)),
                                    T.nn.functional.cross_entropy(a, T.tensor([1, 1], device=a.device),
                                                                  label_smoothing=0.1)], F(2, 3)),
    # nn.functional composites (_vg: values and gradients only where the composite's node names are
    # not torch's on any device yet -- GeluBackward0, SoftplusBackward0, ...: not issue 14's)
    "gelu": (lambda T, a: _vg(T, [T.nn.functional.gelu(a * 2), T.nn.functional.gelu(a, approximate="tanh")], a),
             F(2, 3)),
    "softplus_silu": (lambda T, a: _vg(T, [T.nn.functional.softplus(a), T.nn.functional.silu(a),
                                           T.nn.functional.leaky_relu(a, 0.1), T.nn.functional.logsigmoid(a)], a),
                      F(2, 3)),
    "normalize_cos": (lambda T, a, b: [T.nn.functional.normalize(a), T.nn.functional.cosine_similarity(a, b)],
                      F(2, 3), F(2, 3, off=1.0)),
    "layer_batch_norm": (lambda T, a, w, b: _vg(T, [T.nn.functional.layer_norm(a, (3,), w, b),
                                                    T.nn.functional.batch_norm(a, None, None, w, b, training=True)],
                                                a, w, b),
                         F(4, 3), F(3, off=1.0), F(3, off=2.0)),
    "one_hot_embedding": (lambda T, w: [T.nn.functional.one_hot(T.tensor([0, 2, 1], device=w.device), 3).tolist(),
                                        *_vg(T, [T.nn.functional.embedding(T.tensor([[1, 0], [1, 1]], device=w.device), w)],
                                             w)],
                          F(2, 3)),
    "pad": (lambda T, a: _vg(T, [T.nn.functional.pad(a, (1, 2)), T.nn.functional.pad(a, (1, 1, 1, 0), value=0.5),
                                 T.nn.functional.pad(a[None], (2, 1), mode="reflect"),
                                 T.nn.functional.pad(a[None], (1, 1), mode="replicate")], a), F(2, 3)),
    "conv_pool": (lambda T, x, w, b: _vg(T, [T.nn.functional.conv2d(x, w, b, padding=1), T.nn.functional.max_pool2d(x, 2),
                                             T.nn.functional.avg_pool2d(x, 2),
                                             T.nn.functional.conv1d(x[0], w[:, :, 0], b)], x, w, b),
                  F(1, 2, 4, 4), F(3, 2, 3, 3, off=1.0), F(3, off=2.0)),
    "smooth_l1_kl": (lambda T, a, b: _vg(T, [T.nn.functional.smooth_l1_loss(a, b), T.nn.functional.l1_loss(a, b),
                                             T.nn.functional.kl_div(a.log_softmax(1), b.softmax(1), reduction="sum"),
                                             T.nn.functional.binary_cross_entropy_with_logits(a, b.sigmoid())], a, b),
                     F(2, 3), F(2, 3, off=1.0)),
    # issue 15's ops
    "flip_roll": (lambda T, a: [a.flip(0), a.flip(0, 1), a.roll(1, 1), a.roll(2), T.roll(a, (1, -1), (0, 1))], F(2, 3)),
    "repeat_tri": (lambda T, a: [a.repeat(2, 1), a.repeat(1, 2, 1), a.tril(), a.triu(1), T.tril(a, -1)], F(2, 3)),
    "sort_topk": (lambda T, a: [*a.sort(1), *a.sort(0, descending=True), *a.topk(2), *T.topk(a, 1, 0, largest=False)],
                  F(2, 3)),
    "cumprod": (lambda T, a: [a.cumprod(1), a.cumprod(0)], F(2, 3)),
    "unary_extra": (lambda T, a, u: [a.expm1(), T.erf(a), a.sinh(), a.cosh(), u.asin(), u.acos(), a.atan(),
                                     a.asinh(), (a.abs() + 1.5).acosh(), u.atanh(), a.exp2(), a.frac()],
                    F(2, 3), _Arg("f", UNIT)),
    "unary_extra_int": (lambda T, i: [i.expm1(), i.sinh(), i.exp2()], I([[0, 1], [2, -1]])),
    "einsum": (lambda T, a, b: _vg(T, [T.einsum("ij,kj->ik", a, b), T.einsum("ij->j", a)], a, b),
               F(2, 3), F(4, 3, off=1.0)),
    "clamp_min_max": (lambda T, a: [T.clamp_min(a, 0.1), T.clamp_max(a, -0.2)], F(2, 3)),
    "bce": (lambda T, a, b: T.nn.functional.binary_cross_entropy(a.sigmoid(), b.sigmoid()), F(2, 3), F(2, 3, off=1.0)),
}


def _vg(T, outs, *leaves):
    """Values of outs and the gradients of sum(o * o + o) to leaves, without node names."""
    loss = sum((o * o).sum() + o.sum() for o in outs)
    return [o.detach() for o in outs] + [_obs(g, False) for g in T.autograd.grad(loss, leaves)]


def _value_and_grad(T, out, leaf):
    return [out.detach(), T.autograd.grad(out, leaf)[0]]


def _setitems_adv(T, a, v):
    x = a * 1
    x[T.tensor([0, 2], device=a.device)] = v * 2
    x[:, T.tensor([1], device=a.device)] = 4.0
    x[x > 3] = 0.0
    y = a.detach().clone()
    y[T.tensor([[1], [-1]], device=a.device)] = v.detach()
    return [x, y, x._version, y._version]


def _setitems(T, a):
    x = a * 1
    x[0] = 5.0
    x[:, 1] = a[1, :2] * 2
    x[1, 2] = a[0, 0]
    y = a.detach().clone()
    y[1] = T.tensor([7.0, 8.0, 9.0], dtype=T.float64, device=a.device)
    y[...] = y * 2
    return [x, y, x._version, y._version]


def _optim(kind):
    def prog(T, dev, keep):
        w = T.tensor(_vals((2, 3)), dtype=T.float64, device=dev, requires_grad=True)
        b = T.tensor(_vals((3,), off=1.0), dtype=T.float64, device=dev, requires_grad=True)
        keep(w)
        keep(b)
        opt = {"sgd": lambda p: T.optim.SGD(p, lr=0.1, momentum=0.9, weight_decay=0.01, nesterov=True),
               "adam": lambda p: T.optim.Adam(p, lr=0.05, weight_decay=0.01),
               "adamw": lambda p: T.optim.AdamW(p, lr=0.05, amsgrad=True)}[kind]([w, b])
        losses = []
        for _ in range(3):
            opt.zero_grad()
            loss = ((w * b).sum(1) ** 2).sum() + (w.tanh() * 2).sum()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        return [losses, _obs(w), _obs(b), _obs(w.grad, False)]
    return prog


def _train_mlp(T, dev, keep):
    """A module moved to the device, trained two steps with cross-entropy and SGD."""
    model = T.nn.Sequential(T.nn.Linear(3, 4), T.nn.ReLU(), T.nn.Linear(4, 3))
    with T.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(T.tensor(_vals(tuple(p.shape), off=float(i)), dtype=p.dtype))
    model = model.to(dev)
    for p in model.parameters():
        keep(p)
    x = T.tensor(_vals((5, 3), off=3.0), device=dev)
    y = T.tensor([0, 2, 1, 1, 0], device=dev)
    opt = T.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(2):
        opt.zero_grad()
        out = model(x)
        keep(out)
        loss = T.nn.functional.cross_entropy(out, y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return [losses] + [_obs(p) for p in model.parameters()] + [_obs(p.grad, False) for p in model.parameters()]


CASES.update({"optim_sgd": _optim("sgd"), "optim_adam": _optim("adam"), "optim_adamw": _optim("adamw"),
              "train_mlp": _train_mlp})


for _name, (_fn, *_specs) in GEN.items():
    CASES["gen_" + _name] = _gen(_fn, *_specs)


def _scalar_casts(T, dev, keep):
    """A Python scalar operand is cast to the op's dtype as torch casts a
    wrapped scalar: integers wrap, a float overflows to inf (the device path
    makes it with a fill on the device)."""
    i8 = T.tensor([1, -3, 100], dtype=T.int8, device=dev)
    u8 = T.tensor([1, 2, 250], dtype=T.uint8, device=dev)
    f = T.tensor([1.0, -2.0], device=dev)
    outs = [i8 + 300, i8 * 1000, u8 - 3, u8 + 10, f * 1e40, f + True, i8.clone().add_(255), T.where(f > 0, f, 7)]
    for t in outs:
        keep(t)
    return [_obs(t) for t in outs]


CASES["scalar_casts"] = _scalar_casts


def _scalar_operands(T, dev, keep):
    """NOTE [ Scalar operands on the device ] (ops/_xp.py): a Python scalar
    that stays a Python scalar, in-place ops written straight into self, and
    the cases that keep the 0-d array (a float meeting integers, a scalar
    scaled by alpha, float16-free overflow) or the computed values (another
    dtype, a broadcast operand)."""
    f32 = T.tensor([1.0, -2.5, 3.25], device=dev)
    f64 = T.tensor([1.0, -2.5, 3.25], dtype=T.float64, device=dev)
    i32 = T.tensor([7, -9, 2147483000], dtype=T.int32, device=dev)
    u8 = T.tensor([3, 7, 250], dtype=T.uint8, device=dev)
    cpu0 = T.tensor(0.1, dtype=T.float64)
    outs = [f32 + 0.1, f32 * 0.1, 0.1 - f32, 1 / f32, f32 / 3, f64 * 0.1, f32 + 2 ** 60, f32 - 3.5e38,
            f32.add(0.1, alpha=3), f32 * cpu0, i32 + 7, i32 * -3, 5 - i32, i32 / 4, 1000 / u8, u8 / 1000,
            u8 // 3, i32 > 5, f32 < 0.5, 0.1 < f32, f32 == 0.1, u8 == 250, u8 > -1, i32 >= 2.5]
    a = f32.clone()
    a.add_(0.1)
    a.sub_(2)
    a.mul_(0.3)
    a.div_(7)
    a.add_(cpu0)
    a.add_(f32[:1])                      # a broadcast operand, straight into self
    a.add_(f64)                          # another dtype: computed, then cast
    a.sub_(f32, alpha=0.5)
    b = i32.clone()
    b.add_(5)
    b.mul_(3)
    b.sub_(T.tensor(2, dtype=T.int64))  # a 0-d CPU tensor of another dtype
    c = T.tensor([[0.5, -1.0], [2.0, 4.0]], device=dev, requires_grad=True)
    d = c * 1.0
    d.mul_(0.25).add_(3).div_(d.detach() + 1)
    (d * d).sum().backward()
    errs = []
    for f in (lambda: i32.clone().div_(2), lambda: i32.clone().add_(0.5), lambda: f32.clone().add_(f32.new_ones(2, 3))):
        try:
            f()
            errs.append(None)
        except RuntimeError as e:
            errs.append(str(e))
    # AccumulateGrad takes a fresh gradient over (version 0, as torch) and copies a shared one
    p = T.tensor([1.0, 2.0], device=dev, requires_grad=True)
    q = T.tensor([3.0, 4.0], device=dev, requires_grad=True)
    ((p + q) * 2.0).sum().backward()
    p.grad.add_(1)
    errs += [p.grad.tolist(), q.grad.tolist(), p.grad._version, q.grad._version]
    lp = T.tensor([[0.5, float("-inf"), 2.0], [1.0, 2.0, 3.0]], device=dev)   # nll: a -inf off the target
    outs += [a, b, d, c.grad, T.nn.functional.nll_loss(lp, T.tensor([0, 1], device=dev), reduction="none")]
    for t in outs:
        keep(t)
    return [_obs(t, version=t is not c.grad) for t in outs] + [a._version, b._version, c.grad._version, errs]


CASES["scalar_operands"] = _scalar_operands
