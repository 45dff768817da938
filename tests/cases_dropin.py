"""Small drop-in gaps of issue 15, compared with torch: factories' ``size=``
keyword, numpy scalars keeping their dtype in ``tensor``, ``Tensor.where``
(self is the input), and nn.functional's in-place activations (the same
tensor back, one version bump, torch's node names, gradients at the old
values, torch's error on a leaf)."""
import numpy as np


def _np_scalars(T):
    return [T.tensor(v) for v in (np.float64(0.5), np.float32(0.25), np.float16(0.5), np.int32(3), np.int8(-2),
                                  np.uint8(7), np.int64(5), np.bool_(True), [np.float64(0.5)],
                                  [np.float32(0.5), 1.0], [np.int32(1), 2], (np.float64(1), np.float64(2)),
                                  [1, np.float64(2.0)], [[np.float32(1), np.float32(2)]])] + \
        [T.as_tensor(np.float64(1.5)), T.as_tensor([np.int16(2)])]


def _sizes(T):
    x = T.ones(2, dtype=T.float64)
    return [T.zeros(size=(2, 3)), T.ones(size=[3]), T.empty(size=(0, 2)).shape, T.zeros(size=()),
            T.rand(size=(2, 2)).shape, T.randn(size=(4,)).shape, x.new_zeros(size=(1, 2)), x.new_ones(size=(2,)),
            x.new_empty(size=(3,)).shape, T.zeros((2,), dtype=T.int32)]


def _where_method(T):
    x = T.tensor([1.5, -2.0, 3.0], requires_grad=True)
    y = x.where(x > 0, T.zeros(3))
    y.sum().backward()
    return [y, x.grad, T.tensor([1, -1]).where(T.tensor([True, False]), T.tensor([7, 8])),
            x.detach().where(x.detach() < 0, 9.0)]


_ACTS = [("relu", {}), ("relu6", {}), ("elu", {"alpha": 1.3}), ("selu", {}), ("celu", {"alpha": 0.7}),
         ("leaky_relu", {"negative_slope": 0.2}), ("hardtanh", {"min_val": -0.5, "max_val": 0.5}),
         ("silu", {}), ("hardswish", {}), ("hardsigmoid", {}), ("mish", {})]


def _act(name, kw, dtype):
    def case(T):
        F = T.nn.functional
        base = T.tensor([[-1.5, -0.2, 0.0], [0.3, 1.0, 2.5]], dtype=getattr(T, dtype), requires_grad=True)
        x = base * 1.0
        v = x._version
        y = getattr(F, name)(x, inplace=True, **kw)
        out = [y is x, x._version - v, y]
        y.pow(2).sum().backward()
        out.append(base.grad)
        z = T.tensor([-1.0, 2.0], dtype=getattr(T, dtype))
        w = getattr(F, name)(z, inplace=True, **kw)
        out += [w is z, z, getattr(F, name)(T.tensor([-1.0, 0.5, 2.0]), **kw)]
        return out
    return case


def _act_double(T):
    base = T.tensor([-1.5, -0.2, 0.3, 2.5], dtype=T.float64, requires_grad=True)
    x = base * 1.0
    T.nn.functional.elu(x, alpha=0.5, inplace=True)
    g, = T.autograd.grad(x.sum(), base, create_graph=True)
    g2, = T.autograd.grad(g.sum(), base)
    return [g, g2]


def _act_leaf(T):
    return T.nn.functional.elu(T.ones(2, requires_grad=True), inplace=True)


def _threshold(T):
    base = T.tensor([-1.5, 0.1, 0.3, 2.5], requires_grad=True)
    x = base * 2
    y = T.nn.functional.threshold(x, 0.25, -3.0, inplace=True)
    y.sum().backward()
    return [y, base.grad, y is x, T.nn.functional.threshold(T.tensor([0.1, 0.5]), 0.2, 7.0)]


def _module_inplace(T):
    T.manual_seed(0)
    m = T.nn.Sequential(T.nn.Linear(4, 5), T.nn.ReLU(inplace=True), T.nn.Linear(5, 3), T.nn.ELU(inplace=True)) \
        if hasattr(T.nn, "ELU") else T.nn.Sequential(T.nn.Linear(4, 5), T.nn.ReLU(inplace=True), T.nn.Linear(5, 3))
    x = T.randn(2, 4)
    y = m(x)
    y.sum().backward()
    return [y, m[0].weight.grad, m[2].bias.grad]


def _cumprod_double(vals, dim):
    def case(T):
        x = T.tensor(vals, dtype=T.float64, requires_grad=True)
        y = T.cumprod(x, dim)
        w = T.linspace(-1.0, 2.0, y.numel(), dtype=T.float64).reshape(y.shape)
        g, = T.autograd.grad((y * w).sum(), x, create_graph=True)
        g2, = T.autograd.grad((g * w.flip(0)).sum(), x)
        first, = T.autograd.grad((T.cumprod(x, dim) * w).sum(), x)
        return [y, g, g2, first]
    return case


CASES = {"numpy_scalars": _np_scalars, "size_keyword": _sizes, "tensor_where_method": _where_method,
         "inplace_act_double_backward": _act_double, "inplace_act_leaf_error": _act_leaf,
         "threshold_inplace": _threshold, "module_inplace": _module_inplace}
# torch's float64 celu_/hardsigmoid_ backward kernels use float32 constants (1/alpha, 1/6): their
# gradients differ from the exact ones by ~1e-8 relative; those two are compared in float32 only
_F32_ONLY = {"celu", "hardsigmoid"}
for _n, _kw in _ACTS:
    for _d in ("float32",) if _n in _F32_ONLY else ("float32", "float64"):
        CASES[f"inplace_{_n}_{_d}"] = _act(_n, _kw, _d)

for _i, (_v, _dim) in enumerate([([2., 0., 3., 4.], 0), ([0., 2., 0., 5.], 0), ([1.5, -2., 0.5, 0.], 0),
                                 ([0., 0., 1.], 0), ([3., 1., 2.], 0), ([[1., 0., 2.], [3., 4., 0.]], 1),
                                 ([[1., 0., 2.], [0., 4., 5.]], 0), ([7.], 0), ([[0.], [2.]], 1)]):
    CASES[f"cumprod_double_backward_{_i}"] = _cumprod_double(_v, _dim)
