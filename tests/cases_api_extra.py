"""Snippets run against both torch and cyautograd (issue 15, items 4-7):
factory overloads and numpy-style argument names, Tensor.new, seeding and
Generator behaviour that does not depend on the stream's values, finfo /
iinfo, set_printoptions, testing.assert_close, save/load, deepcopy and
pickling, type names, custom attributes, the random samplers' shapes,
dtypes, grad_fn names and errors."""
import copy
import io
import math
import pickle

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _err(fn):
    def run(T):
        try:
            fn(T)
        except Exception as e:  # noqa: BLE001 - the error is the observable
            return [type(e).__name__, str(e)]
        return "no error"
    return run


def _x(T, shape, seed=0, dtype="float32", requires_grad=False):
    n = 1
    for s in shape:
        n *= s
    t = (T.arange(n, dtype=T.float64) * 0.7311 + seed * 1.37).sin().reshape(tuple(shape)).to(getattr(T, dtype))
    return t.requires_grad_() if requires_grad else t


# ============================================================== factory overloads
@case
def factory_overloads(T):
    r = [T.randint(10, (64,)), T.randint(3, 10, (2, 3)), T.randint(10, size=(4,)), T.randint(0, 5, [2]),
         T.randint(high=5, size=(3,)), T.randint(2, 9, (5,), dtype=T.int32)]
    out = [[list(t.shape), str(t.dtype), bool(((t >= 0) & (t < 10)).all())] for t in r]
    out.append([list(T.zeros(2, 3).shape), list(T.zeros((2, 3)).shape), list(T.zeros([2, 3]).shape),
                list(T.zeros(T.Size([2, 3])).shape), list(T.empty(0).shape),
                list(T.rand(2, 3).shape), list(T.randn((4,)).shape), list(T.rand([]).shape)])
    out.append([str(T.randperm(5).dtype), sorted(T.randperm(7).tolist()), list(T.randint_like(T.ones(2, 3), 4).shape),
                str(T.randint_like(T.ones(2), 3, 9).dtype)])
    return out


case(_err(lambda T: T.randint(10)))
case(_err(lambda T: T.randint(5, 5, (2,))))
case(_err(lambda T: T.rand(2, generator=3)))
case(_err(lambda T: T.randint(3, (2,), requires_grad=True)))


@case
def numpy_style_names(T):
    x = _x(T, (2, 3, 4), requires_grad=True)
    outs = [x.sum(axis=1), x.sum(axis=(0, 2), keepdims=True), T.sum(x, axis=0), x.mean(axis=-1, keepdims=True),
            x.std(axis=0), x.var(axis=2, keepdims=True), x.prod(axis=1), x.amax(axis=1, keepdims=True),
            x.amin(axis=0), x.max(axis=1).values, x.min(axis=2, keepdims=True).values, x.argmax(axis=1),
            x.argmin(axis=2, keepdims=True), (x > 0).all(axis=0), (x > 0).any(axis=1, keepdims=True),
            x.logsumexp(axis=1), x.cumsum(axis=1), T.median(x, axis=1).values, T.nansum(x, axis=2),
            x.sum(dim=1, keepdims=True)]
    return [[type(o.grad_fn).__name__ if o.grad_fn is not None else None, o.detach()] for o in outs]


@case
def tensor_new(T):
    x = _x(T, (2, 3), dtype="float64")
    i = T.tensor([1, 2])
    a, b, c, d, e = x.new(2, 3), x.new([1, 2]), x.new(), i.new(T.Size([2])), x.new(x)
    return [[list(t.shape), str(t.dtype)] for t in (a, b, c, d)] + [b, e is x,
                                                                     [str(t.dtype) for t in (x.new_zeros(2),
                                                                                             x.new_ones((1, 2)),
                                                                                             x.new_full((2,), 3),
                                                                                             x.new_empty(3),
                                                                                             x.new_tensor([1]))]]


# ============================================================== seeding, generators
@case
def generator_semantics(T):
    g = T.Generator()
    r = [g.manual_seed(7) is g, g.initial_seed(), str(g.device), type(T.manual_seed(3)).__name__,
         T.manual_seed(3) is T.default_generator, T.initial_seed(), str(g.get_state().dtype),
         g.get_state().dim()]
    g.manual_seed(11)
    a = T.rand(5, generator=g)
    s = g.get_state()
    b = T.randn(3, generator=g)
    g.set_state(s)
    b2 = T.randn(3, generator=g)
    g2 = T.Generator().manual_seed(11)
    a2 = T.rand(5, generator=g2)
    T.manual_seed(5)
    c = T.rand(4)
    st = T.get_rng_state()
    d = T.randint(0, 100, (6,))
    T.set_rng_state(st)
    d2 = T.randint(0, 100, (6,))
    T.manual_seed(5)
    c2 = T.rand(4)
    p = T.randperm(10, generator=T.Generator().manual_seed(1))
    p2 = T.randperm(10, generator=T.Generator().manual_seed(1))
    return r + [bool(T.equal(b, b2)), bool(T.equal(a, a2)), bool(T.equal(d, d2)), bool(T.equal(c, c2)),
                bool(T.equal(p, p2)), bool(((a >= 0) & (a < 1)).all())]


case(_err(lambda T: T.Generator().set_state(T.zeros(3))))
case(_err(lambda T: T.Generator().manual_seed("a")))
case(_err(lambda T: T.Generator().manual_seed(1.5)))


@case
def generator_seed_random(T):
    g = T.Generator()
    s = g.seed()
    return [isinstance(s, int), g.initial_seed() == s, isinstance(T.seed(), int)]


# ============================================================== random ops
@case
def random_samplers(T):
    g = T.Generator().manual_seed(0)
    x = _x(T, (3, 4), requires_grad=True)
    out = []
    for name, args in (("uniform_", (-1, 2)), ("normal_", (0.5, 2)), ("bernoulli_", (0.3,)), ("random_", (0, 7)),
                       ("random_", (5,)), ("random_", ()), ("exponential_", ()), ("geometric_", (0.4,)),
                       ("cauchy_", ()), ("log_normal_", ())):
        y = x * 1
        v = y._version
        r = getattr(y, name)(*args, generator=g)
        y.sum().backward()
        out.append([name, r is y, y._version - v, type(y.grad_fn).__name__, str(y.dtype), list(y.shape),
                    x.grad.abs().sum().item()])
        x.grad = None
    u = T.ones(1000).uniform_(-1, 2, generator=g)
    out.append([bool(((u >= -1) & (u < 2)).all()), abs(u.mean().item() - 0.5) < 0.2])
    ri = T.zeros(1000, dtype=T.int64).random_(3, 6, generator=g)
    out.append([ri.min().item(), ri.max().item()])
    return out


@case
def random_functions(T):
    g = T.Generator().manual_seed(0)
    p = _x(T, (3, 4)).abs() / 2
    m = _x(T, (3,), requires_grad=True)
    s = (_x(T, (3,), 1).abs() + 0.1).requires_grad_()
    b = T.bernoulli(p, generator=g)
    n1, n2, n3 = T.normal(m, 1.0, generator=g), T.normal(0.0, s, generator=g), T.normal(m, s, generator=g)
    n4 = T.normal(2.0, 3.0, (2, 5), generator=g)
    (n1.sum() + n2.sum() + n3.sum()).backward()
    mn = T.multinomial(T.tensor([[0.0, 1.0, 0.0], [0.0, 0.0, 2.0]]), 4, replacement=True, generator=g)
    mn2 = T.multinomial(T.tensor([1.0, 2.0, 3.0, 4.0]), 4, generator=g)
    return [[str(b.dtype), list(b.shape), bool(((b == 0) | (b == 1)).all())],
            [type(t.grad_fn).__name__ for t in (n1, n2, n3)], [list(n4.shape), str(n4.dtype)], m.grad,
            list(s.grad.shape), mn, sorted(mn2.tolist()), str(mn.dtype),
            type(T.bernoulli(_x(T, (3,)).abs().requires_grad_()).grad_fn).__name__]


case(_err(lambda T: T.multinomial(T.tensor([0.5, 0.5]), 3)))
case(_err(lambda T: T.multinomial(T.tensor([-0.5, 0.5]), 1)))
case(_err(lambda T: T.multinomial(T.tensor([0.0, 0.0]), 1)))
case(_err(lambda T: T.multinomial(T.ones(2, 2, 2), 1)))
case(_err(lambda T: T.ones(2).uniform_(2, 1)))
case(_err(lambda T: T.ones(2).normal_(0, -1)))
case(_err(lambda T: T.ones(2, requires_grad=True).uniform_()))
case(_err(lambda T: T.normal(T.zeros(2), -1.0)))


# ============================================================== small top-level names
@case
def constants_and_info(T):
    fi, fi2, ii = T.finfo(T.float32), T.finfo(), T.iinfo(T.int8)
    return [T.inf, T.pi, T.e, math.isnan(T.nan), fi.eps, fi.max, fi.min, fi.tiny, fi.bits, fi.resolution, fi.dtype,
            repr(fi), repr(fi2), fi2.eps, repr(ii), ii.max, ii.min, ii.bits, T.iinfo(T.int64).max,
            T.finfo(T.float16).tiny, T.finfo(T.float64).eps, T.iinfo(T.uint8).max, T.finfo(T.float16).bits,
            T.is_complex(T.ones(1)), T.numel(T.ones(2, 3)), T.ones(2).is_complex(), T.accelerator.is_available(),
            T.accelerator.current_accelerator(), str(T.get_default_device()), T.get_num_threads() >= 1]


case(_err(lambda T: T.finfo(T.int64)))
case(_err(lambda T: T.iinfo(T.float32)))
case(_err(lambda T: T.is_complex(1)))
case(_err(lambda T: T.numel([1])))


@case
def num_threads(T):
    n = T.get_num_threads()
    T.set_num_threads(1)
    one = T.get_num_threads()
    T.set_num_threads(n)
    return [one, T.get_num_threads() == n]


@case
def printoptions(T):
    x = T.tensor([1.123456789, 2.5, 1000.25])
    out = []
    for kw in (dict(precision=2), dict(precision=6), dict(sci_mode=True), dict(profile="short"),
               dict(threshold=5, edgeitems=2), dict(profile="default")):
        T.set_printoptions(**kw)
        out.append(repr(x))
        out.append(repr(T.arange(12.0)))
    T.set_printoptions(profile="default")
    return out


def _ac(fn):
    def run(T):
        try:
            fn(T)
        except Exception as e:  # noqa: BLE001
            return [type(e).__name__, str(e).replace("torch.", "cyautograd.")]
        return "ok"
    return run


for _name, _f in (
        ("close_ok", lambda T: T.testing.assert_close(T.tensor([1.0, 2.0]), T.tensor([1.0, 2.0 + 1e-7]))),
        ("float", lambda T: T.testing.assert_close(T.tensor([1., 2., 3.]), T.tensor([1., 2.5, 3.]))),
        ("int", lambda T: T.testing.assert_close(T.tensor([[1, 2], [3, 4]]), T.tensor([[1, 2], [3, 5]]))),
        ("dtype", lambda T: T.testing.assert_close(T.tensor([1.]), T.tensor([1.], dtype=T.float64))),
        ("shape", lambda T: T.testing.assert_close(T.tensor([1.]), T.tensor([1., 2]))),
        ("scalar", lambda T: T.testing.assert_close(1.0, 1.5)),
        ("scalar_type", lambda T: T.testing.assert_close(1, 1.0)),
        ("seq", lambda T: T.testing.assert_close([T.ones(2)], [T.ones(2) * 2])),
        ("map", lambda T: T.testing.assert_close({"a": T.ones(2)}, {"a": T.ones(2) * 2})),
        ("nan", lambda T: T.testing.assert_close(T.tensor([float("nan")]), T.tensor([float("nan")]))),
        ("nan_eq", lambda T: T.testing.assert_close(T.tensor([float("nan")]), T.tensor([float("nan")]),
                                                    equal_nan=True)),
        ("tol", lambda T: T.testing.assert_close(T.ones(2), T.ones(2) * 1.1, rtol=0.2, atol=0)),
        ("tol_half", lambda T: T.testing.assert_close(T.ones(2), T.ones(2) * 1.1, rtol=0.2)),
        ("msg", lambda T: T.testing.assert_close(T.ones(2), T.ones(2) * 2, msg="boom")),
        ("f64", lambda T: T.testing.assert_close(T.ones(3, dtype=T.float64), T.ones(3, dtype=T.float64) + 1e-6)),
        ("dtype_off", lambda T: T.testing.assert_close(T.tensor([1.]), T.tensor([1.], dtype=T.float64),
                                                       check_dtype=False))):
    CASES["assert_close_" + _name] = _ac(_f)


# ============================================================== persistence and copying
@case
def save_load_roundtrip(T):
    x = _x(T, (2, 3), requires_grad=True)
    p = T.nn.Parameter(_x(T, (3,), 1))
    m = T.nn.Linear(3, 2)
    obj = {"x": x, "list": [T.tensor([1, 2]), (T.ones(2, dtype=T.float64), 3.5)], "p": p, "sd": m.state_dict(),
           "s": "text", "n": None, "dt": T.float16}
    buf = io.BytesIO()
    T.save(obj, buf)
    buf.seek(0)
    got = T.load(buf)
    return [got["x"], got["x"].requires_grad, got["x"].is_leaf, type(got["p"]).__name__, got["p"].requires_grad,
            got["list"], sorted(got["sd"]), type(got["sd"]).__name__, got["s"], got["n"], str(got["dt"]),
            bool(T.equal(got["sd"]["weight"], m.weight))]


@case
def save_load_path_module(T):
    import os
    import tempfile
    m = T.nn.Sequential(T.nn.Linear(2, 3), T.nn.ReLU())
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, "m.pt")
        T.save(m.state_dict(), f)
        sd = T.load(f, weights_only=True)
        m2 = T.nn.Sequential(T.nn.Linear(2, 3), T.nn.ReLU())
        r = m2.load_state_dict(sd)
        T.save(m, f)
        whole = T.load(f, weights_only=False)
        try:
            T.load(f)
            refused = None
        except Exception as e:  # noqa: BLE001
            refused = [type(e).__name__, str(e).split(".")[0]]
    return [list(r.missing_keys), bool(T.equal(m2[0].weight, m[0].weight)), type(whole).__name__,
            bool(T.equal(whole[0].bias, m[0].bias)), refused]


@case
def deepcopy_and_pickle(T):
    x = _x(T, (2, 2), requires_grad=True)
    x.grad = T.ones(2, 2)
    y = copy.deepcopy(x)
    p = T.nn.Parameter(_x(T, (2,)))
    p2 = copy.deepcopy(p)
    m = T.nn.Linear(2, 2)
    m2 = copy.deepcopy(m)
    with T.no_grad():
        m2.weight.add_(1)
    q = pickle.loads(pickle.dumps(x))
    pp = pickle.loads(pickle.dumps(p))
    nl = pickle.loads(pickle.dumps(T.ones(2, requires_grad=False)))
    mp = pickle.loads(pickle.dumps(m))
    return [y, y.requires_grad, y.grad, y is x, type(p2).__name__, p2.requires_grad,
            bool(T.equal(m2.weight, m.weight)), type(m2.weight).__name__, q.requires_grad, q.is_leaf,
            type(pp).__name__, pp.requires_grad, nl.requires_grad, type(mp.weight).__name__,
            bool(T.equal(mp.weight, m.weight))]


case(_err(lambda T: copy.deepcopy(_x(T, (2,), requires_grad=True) * 2)))


# ============================================================== names
@case
def type_names(T):
    x = T.ones(2)
    lib = T.__name__
    return [str(type(x)).replace(lib, "LIB"), type(x).__module__.replace(lib, "LIB"), type(x).__name__,
            type(x) is T.Tensor, isinstance(x, T.Tensor), str(x.dtype).replace(lib, "LIB"), repr(T.float64).replace(lib, "LIB"),
            [n for n in ("array_module", "device_of", "getitem", "setitem", "numpy_T", "variable_data", "set_data",
                         "einsum", "hstack", "cat", "stack", "linear", "zeros_like", "var_mean")
             if hasattr(x, n)],
            [n for n in ("new", "sort", "topk", "flip", "scatter_", "index_add_", "uniform_", "normal_", "sin_",
                         "t_", "unsqueeze_", "masked_select", "cumprod", "median", "expm1", "lerp_", "addmm",
                         "new_zeros", "bernoulli", "multinomial", "det", "inverse", "atan2", "diag", "trace")
             if not hasattr(x, n)]]


@case
def custom_attributes(T):
    x = T.ones(2, requires_grad=True)
    x.foo = 1
    x.tag = "bar"
    y = copy.deepcopy(x)
    z = pickle.loads(pickle.dumps(x))
    p = T.nn.Parameter(T.ones(2))
    p.extra = [1, 2]
    p2 = copy.deepcopy(p)
    return [x.foo, x.tag, y.foo, z.tag, hasattr(T.ones(1), "foo"), p.extra, getattr(p2, "extra", None)]
