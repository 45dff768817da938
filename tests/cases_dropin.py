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


# -- setitem with boolean scalars and mixed basic/advanced indices: torch slices first (views:
# CopySlices on the tensor, unless every basic item covers its dimension), then writes by copy_
# or index_put_ into the sliced tensor; a Python False writes nothing
def _setitem_index(T, k):
    return [T.tensor(True), T.tensor(False), True, False, (True,), (False,), (0, T.tensor(True)),
            (T.tensor(True), 1), None, (Ellipsis, True), (True, True), (slice(1, None), T.tensor([0])),
            (0, T.tensor([0, 2])), (T.tensor([0]), slice(None)), (Ellipsis, T.tensor([1])),
            (None, T.tensor([1])), (T.tensor(1),), T.tensor(1), (T.tensor(False),),
            (slice(None), T.tensor(True)), (T.tensor([True, False]), T.tensor(True)),
            (T.tensor([1, 0]), 0, slice(None)), (slice(None), T.tensor([2, 0]), 1),
            (T.tensor([[True, False, True], [False, True, False]]),), (0, T.tensor(True), T.tensor([1])),
            (T.tensor(1, dtype=T.uint8),), (T.tensor(True), T.tensor([0]), slice(0, 2)),
            slice(None), slice(1, None), slice(0, 5), 1, -1, T.tensor([1, 0]), T.tensor([True, False]), Ellipsis,
            (slice(None), slice(None), 0), T.tensor([[0], [1]]), 5, (0, 0, 0, 0)][k]


def _setitem_case(k, value):
    def case(T):
        x = T.arange(12., dtype=T.float64).reshape(2, 3, 2).requires_grad_()
        v = T.tensor(value, dtype=T.float64, requires_grad=True) if value is not None else 5.0
        y = x * 1
        try:
            y[_setitem_index(T, k)] = v
        except Exception as e:  # noqa: BLE001 - the error is the observable (and y unchanged)
            return ["raises", type(e).__name__, str(e), y._version, y]
        out = [type(y.grad_fn).__name__, y._version, y]
        (y * T.arange(12., dtype=T.float64).reshape(2, 3, 2)).sum().backward()
        return out + [x.grad, v.grad if isinstance(v, T.Tensor) else None]
    return case


for _k in range(39):
    CASES[f"setitem_index_{_k}"] = _setitem_case(_k, None)
    CASES[f"setitem_index_tensor_value_{_k}"] = _setitem_case(_k, 7.0)


def _getitem_bool(T):
    x = T.arange(6., dtype=T.float64).reshape(2, 3).requires_grad_()
    out = []
    for idx in [T.tensor(True), T.tensor(False), True, False, (0, T.tensor(True)), (Ellipsis, True), None]:
        z = (x * 1)[idx]
        out.append([list(z.shape), type(z.grad_fn).__name__, z])
        (z * 2).sum().backward()
        out.append(x.grad.clone())
        x.grad = None
    return out


CASES["getitem_bool_scalars"] = _getitem_bool


# -- torch.Size: items as torch's THPSize keeps them (numpy ints kept, bools and one-element
# integral tensors made ints), its errors, numel, pickling, concatenation
def _size_items(T):
    S = T.Size
    out = []
    for items in ([2, 3], [np.int64(2), 3], [np.int32(2)], [np.uint8(4)], [T.tensor(2)], [T.tensor([2])],
                  [True], [T.tensor(True)], [T.tensor(2, dtype=T.uint8)], [], [-1]):
        s = S(items)
        out.append([list(s), [type(i).__name__ for i in s], s.numel(), type(s.numel()).__name__, repr(s)[-9:]])
    for bad in ([2.0], [2.5], ["a"], [T.tensor(2.0)], [np.float64(2)], [None], [np.bool_(True)], 3,
                [T.tensor([1, 2])]):
        try:
            S(bad)
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the error is the observable
            out.append([type(e).__name__, str(e)])
    s = S([2, 3, 2])
    import pickle
    r = s.__reduce__()
    out += [s.count(2), s.index(3), hash(s) == hash((2, 3, 2)), s == (2, 3, 2), list(s + (4,)),
            type(s + (4,)).__name__, type((4,) + s).__name__, list(s[1:]), type(s[1:]).__name__,
            type(s * 2).__name__, r[0] is S, list(r[1][0]), type(r[1][0]).__name__,
            type(pickle.loads(pickle.dumps(s))).__name__, list(pickle.loads(pickle.dumps(s)))]
    return out


CASES["size_items"] = _size_items


# -- Tensor.view(dtype): the bytes reinterpreted (torch's size rules and words), no autograd
# (not differentiable, no view of autograd's: _base None), the version counter shared
def _view_dtype(T):
    out = []
    x = T.tensor([[1.5, -2.0, 0.0], [3.25, 1e-3, -7.0]])
    for dt in (T.int32, T.float32, T.uint8, T.int16, T.bool, T.float64, T.int64):
        try:
            out.append(x.view(dt) if dt is not T.bool else x.view(dt).shape)
        except Exception as e:  # noqa: BLE001 - the error is the observable
            out.append([type(e).__name__, str(e)])
    b = T.arange(24, dtype=T.uint8).reshape(4, 6)
    for f in (lambda: b.view(T.int16), lambda: b.view(T.int32), lambda: b.view(T.float64),
              lambda: b[:, 1:5].view(T.int16), lambda: b[:, 2:6].view(T.int16), lambda: b[1:].view(T.int32),
              lambda: b.t().view(T.int16), lambda: b[:, :3].view(T.int16), lambda: T.tensor(1.).view(T.uint8),
              lambda: T.tensor(1.).view(T.int32), lambda: b[:, ::2].view(T.int16),
              lambda: T.zeros(0, 4, dtype=T.uint8).view(T.int32).shape,
              lambda: T.zeros(2, 3).t().view(T.int32).stride(), lambda: b.view(T.bool).shape,
              lambda: T.zeros(4, 2).t()[:, :1].view(T.uint8)):
        try:
            out.append(f())
        except Exception as e:  # noqa: BLE001 - the error is the observable
            out.append([type(e).__name__, str(e)])
    w = T.arange(6., requires_grad=True)
    y = w.view(T.float32)
    z = (w * 1).view(T.int32)
    out += [y.requires_grad, y.grad_fn is None, y._base is None, y.is_leaf, z.requires_grad, z._is_view()]
    p = T.arange(4.)
    q = p.view(T.int32)
    q.add_(1)
    out += [p._version, q._version, p]
    return out


CASES["view_dtype"] = _view_dtype


# -- Tensor.mH / .H / .mT (real tensors: the transposes), their node names and errors
def _matrix_transposes(T):
    out = []
    x = T.arange(6., requires_grad=True).reshape(2, 3)
    b = T.arange(24.).reshape(2, 3, 4)
    for f in (lambda: x.mH, lambda: x.H, lambda: x.mT, lambda: x.T, lambda: b.mH, lambda: b.mT,
              lambda: b.H, lambda: T.zeros(3).mH, lambda: T.zeros(3).H, lambda: T.zeros(3).mT):
        try:
            r = f()
            out.append([r, type(r.grad_fn).__name__ if r.grad_fn is not None else None, r._is_view()])
        except Exception as e:  # noqa: BLE001 - the error is the observable
            out.append([type(e).__name__, str(e)])
    return out


CASES["matrix_transposes"] = _matrix_transposes


# -- nn.Module's state_dict hooks: order of the calls, what they see, return handling, strict
def _state_dict_hooks(T):
    nn = T.nn
    log = []
    m = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
    with T.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(T.arange(p.numel(), dtype=p.dtype).reshape(p.shape) * 0.1 + i)
    m.register_state_dict_pre_hook(lambda mod, prefix, keep_vars: log.append(["pre", type(mod).__name__, prefix,
                                                                            keep_vars]))
    m[0].register_state_dict_pre_hook(lambda mod, prefix, keep_vars: log.append(["pre0", prefix]))

    def post(mod, sd, prefix, meta):
        log.append(["post", prefix, sorted(sd), meta])
        sd[prefix + "extra"] = T.tensor(1.)
    m[1].register_state_dict_post_hook(post)
    h = m._register_state_dict_hook(lambda mod, sd, prefix, meta: {"only": sd["0.weight"]})
    sd = m.state_dict()
    out = [log[:], list(sd), sd["only"]]
    h.remove()
    sd = m.state_dict(keep_vars=True)
    out.append(list(sd))
    bad = m.register_state_dict_post_hook(lambda mod, sd, prefix, meta: sd)
    try:
        m.state_dict()
    except Exception as e:  # noqa: BLE001 - the error is the observable
        out.append([type(e).__name__, str(e)])
    bad.remove()

    def fn(mod, sd, prefix, meta):
        return None
    m.register_state_dict_post_hook(fn)
    try:
        m._register_state_dict_hook(fn)
    except Exception as e:  # noqa: BLE001 - the error is the observable
        out.append([type(e).__name__, str(e)])
    # load: pre-hooks see the module's slice of the dict and strict; post-hooks edit the keys
    log.clear()
    m2 = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))

    def lpre(mod, sd, prefix, meta, strict, missing, unexpected, errors):
        log.append(["lpre", type(mod).__name__, prefix, sorted(sd), strict, list(missing)])
        if prefix + "w" in sd:
            sd[prefix + "weight"] = sd.pop(prefix + "w")
    m2[0].register_load_state_dict_pre_hook(lpre)
    m2._register_load_state_dict_pre_hook(
        lambda sd, prefix, meta, strict, missing, unexpected, errors: log.append(["lpre_private", prefix]))

    def lpost(mod, keys):
        log.append(["lpost", type(mod).__name__, list(keys.missing_keys), list(keys.unexpected_keys)])
        if "1.bias" in keys.missing_keys:
            keys.missing_keys.remove("1.bias")
        keys.unexpected_keys[:] = [k for k in keys.unexpected_keys if k != "junk"]
    m2.register_load_state_dict_post_hook(lpost)
    state = {"0.w": T.ones(2, 2), "0.bias": T.zeros(2), "1.weight": T.full((1, 2), 2.), "junk": T.ones(1)}
    r = m2.load_state_dict(state)
    out += [log[:], repr(r), m2[0].weight, m2[1].weight]
    log.clear()
    r = m2.load_state_dict({"0.w": T.ones(2, 2), "0.bias": T.zeros(2), "1.weight": T.ones(1, 2),
                            "other": T.ones(1)}, strict=False)
    out += [log[:], list(r.missing_keys), list(r.unexpected_keys)]
    try:
        m2.load_state_dict({"0.w": T.ones(2, 2), "0.bias": T.zeros(2), "1.weight": T.ones(1, 2),
                            "other": T.ones(1)})
    except Exception as e:  # noqa: BLE001 - the error is the observable
        out.append([type(e).__name__, str(e)])
    bad = m2.register_load_state_dict_post_hook(lambda mod, keys: keys)
    try:
        m2.load_state_dict(state)
    except Exception as e:  # noqa: BLE001 - the error is the observable
        out.append([type(e).__name__, str(e)])
    bad.remove()
    return out


CASES["state_dict_hooks"] = _state_dict_hooks
