"""Snippets run against both torch and cyautograd: the legacy typed
constructors (FloatTensor, ...), return types as structseqs, Python types
as dtypes, softmax's required dim, Tensor.__format__, the x.T deprecation
warnings, numpy-free floating-point warnings."""
import copy
import pickle
import warnings

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _n(s):
    return str(s).replace("cyautograd", "torch")


def _try(f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the observable
        return [type(e).__name__, _n(e)]
    return _n(repr(r))


# ------------------------------------------------------------ legacy constructors
_LEGACY = [
    "T.FloatTensor(2, 3).shape", "T.FloatTensor()", "T.LongTensor([1.7, 2])", "T.FloatTensor(np.array([1, 2]))",
    "T.FloatTensor(T.Size([2])).shape", "T.FloatTensor((2, 3))", "isinstance(T.ones(2), T.FloatTensor)",
    "isinstance(T.ones(2).double(), T.FloatTensor)", "isinstance(3, T.FloatTensor)",
    "T.ones(2).type(T.DoubleTensor).dtype", "T.ones(2).type('torch.LongTensor').dtype", "T.FloatTensor.dtype",
    "T.FloatTensor([1], requires_grad=True)", "T.BoolTensor([1, 0])", "T.FloatTensor(2, dtype=T.float64)",
    "T.FloatTensor('a')", "T.FloatTensor(-1)", "issubclass(T.FloatTensor, T.Tensor)", "T.DoubleTensor(2.5)",
    "T.IntTensor([[1, 2], [3, 4]]).dtype", "T.FloatTensor(2, 0).shape", "T.ByteTensor([1]).dtype",
    "T.HalfTensor([1.5])", "T.ShortTensor([1]).dtype", "T.CharTensor([1]).dtype",
    "T.FloatTensor(T.ones(2)).requires_grad", "T.FloatTensor(T.ones(2, dtype=T.int64))",
]


@case
def legacy_constructors(T):
    return [_try(lambda e=e: eval(e, {"T": T, "np": np})) for e in _LEGACY]


# ------------------------------------------------------------ return types
@case
def return_types(T):
    x = T.tensor([[3., 1., 2.], [0., 5., 4.]])
    out = []
    for r in (x.max(1), x.min(0), x.sort(1), x.topk(2), x.median(1), x.kthvalue(1, 1), T.max(x, 1, keepdim=True)):
        out.append([_n(repr(r)), _n(str(r)), len(r), r.n_fields, isinstance(r, tuple),
                    _n(type(r).__name__), list(r[0].shape), _n(repr(pickle.loads(pickle.dumps(r)))),
                    _n(type(copy.copy(r)).__name__), r == tuple(r)])
    R = type(x.max(1))
    out.append(_try(lambda: R((1, 2))))
    out.append(_try(lambda: R(1)))
    out.append(_try(lambda: R((1, 2, 3))))
    v, i = x.max(0)
    out.append([v.tolist(), i.tolist()])
    return out


# ------------------------------------------------------------ Python types as dtypes
_PYDT = [
    "T.zeros(2, dtype=float).dtype", "T.ones(2, dtype=int).dtype", "T.tensor([1], dtype=bool).dtype",
    "T.arange(3, dtype=float).dtype", "T.tensor([1]).to(dtype=float).dtype", "T.tensor([1.]).sum(dtype=float).dtype",
    "T.tensor([1.]).new_zeros(2, dtype=int).dtype", "T.full((1,), 2, dtype=float).dtype",
    "T.tensor([1.]).to(T.device('cpu'), float).dtype", "T.tensor([1]).to(float).dtype",
    "T.randint(0, 3, (2,), dtype=float).dtype", "T.rand(2, dtype=float).dtype",
    "T.tensor([1.]).cumsum(0, dtype=float).dtype", "T.zeros_like(T.tensor([1]), dtype=float).dtype",
    "T.as_tensor([1], dtype=float).dtype", "T.tensor([1.]).to(float, copy=True).dtype",
    "T.tensor([1.]).to(int).dtype", "T.tensor([1.]).to(bool).dtype", "T.zeros(2, dtype='x')",
    "T.zeros_like(T.ones(1), dtype='x')", "T.tensor([1.]).type(float)",
]


@case
def python_types_as_dtypes(T):
    return [_try(lambda e=e: eval(e, {"T": T})) for e in _PYDT]


# ------------------------------------------------------------ softmax's dim, __format__
@case
def softmax_dim_and_format(T):
    x = T.tensor([1., 2.])
    exprs = [lambda: T.softmax(x), lambda: x.softmax(), lambda: T.log_softmax(x), lambda: x.log_softmax(),
             lambda: T.softmax(x, dim=None), lambda: T.softmax(x, 0, T.float64).dtype, lambda: x.softmax(0),
             lambda: f"{T.tensor(1.5):.2f}", lambda: f"{x:.2f}", lambda: f"{x}", lambda: format(T.tensor(3), "04d")]
    return [_try(f) for f in exprs]


# ------------------------------------------------------------ warnings
def _warned(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            f()
        except Exception:  # noqa: BLE001
            pass
    return [[x.category.__name__, _n(str(x.message).split(" (Triggered internally")[0])] for x in w]


@case
def transpose_T_warnings(T):
    # TORCH_WARN_ONCE: made repeatable for the comparison with set_warn_always
    T.set_warn_always(True)
    try:
        return [_warned(lambda s=s: T.ones(*s).T if s else T.tensor(1.).T) for s in ((), (2,), (2, 3), (2, 3, 4))]
    finally:
        T.set_warn_always(False)


@case
def fp_exceptions_do_not_warn(T):
    exprs = [lambda: T.tensor([float("inf"), float("-inf")] * 100).sum(), lambda: T.tensor([1e300], dtype=T.float64).float(),
             lambda: T.tensor([3e38]).half(), lambda: T.full((70000,), 2., dtype=T.float16).sum(),
             lambda: T.tensor([1e30, 1e30]).norm(),
             lambda: T.tensor([1.]).var(), lambda: T.std_mean(T.tensor([1.])), lambda: T.ones(2, 0).var(0),
             lambda: T.tensor([0., 1.]).log(), lambda: T.tensor([1.]) / 0]
    return [_warned(f) for f in exprs]


@case
def python_int_scalar_range(T):
    """Python ints beyond int64/uint64 raise torch's OverflowError with any tensor dtype."""
    out = []
    for v in (2 ** 63, 2 ** 64 - 1, 2 ** 64, -2 ** 63, -2 ** 63 - 1, 2 ** 70):
        for x in (T.tensor([1.]), T.tensor([1]), T.tensor([1], dtype=T.uint8), T.tensor([1.], dtype=T.float16)):
            out.append(_try(lambda: x * v))
            out.append(_try(lambda: v + x))
    return out


@case
def tuple_index_slice_skipping(T):
    """Inside a tuple index torch skips a slice written as start 0, stop >= size, step 1
    (before negative wrapping): the view is then an alias, else a slice."""
    x = T.ones(3, 4, requires_grad=True).clone()
    e = T.ones(0, 3, requires_grad=True).clone()
    idx = [(slice(None), slice(None)), (slice(0, 10), slice(None)), (slice(-3, None), slice(None)),
           (slice(0, 3, 1), Ellipsis), (slice(None), slice(-4, None)), (slice(None), slice(None, -0)),
           (slice(None), slice(0, 2 ** 70)), (slice(0, -1 + 4), slice(None)), (slice(0, 10), slice(0, 4)),
           (slice(0, 10), None), (Ellipsis, slice(0, 4))]
    out = [[x[i].grad_fn.name(), list(x[i].shape)] for i in idx]
    eidx = [(slice(0, -1), slice(None)), (slice(0, 0), slice(None)), (slice(0, 5), slice(None)),
            (slice(-1, None), slice(None)), (slice(None), slice(0, 3)), (slice(0, -1), Ellipsis)]
    out += [[e[i].grad_fn.name(), list(e[i].shape)] for i in eidx]
    return out


@case
def forward_over_reverse_through_formula_nodes(T):
    """jacfwd(jacrev(f)): the backward formulas that record torch's
    *BackwardBackward0 nodes must give their results tangents too."""
    fs = [lambda x: x.tanh(), lambda x: x.sigmoid(), lambda x: x.relu() * x, lambda x: x.log_softmax(-1),
          lambda x: x.softmax(0) * x, lambda x: x[0] * x[0], lambda x: x[:, 1:] ** 3, lambda x: x.diagonal() ** 3,
          lambda x: x.unfold(1, 2, 1) ** 3, lambda x: x.as_strided((2,), (1,)) ** 3,
          lambda x: x.gather(1, T.tensor([[0], [2]])) ** 3, lambda x: x.index_select(1, T.tensor([0, 2])) ** 3,
          lambda x: x[[0, 1], [1, 2]] ** 3, lambda x: x[x > 0.2] ** 3, lambda x: x.max() ** 3 + x.amax(1).sum() ** 2,
          lambda x: x.cumsum(1) ** 3, lambda x: x.prod(1) ** 2, lambda x: (x @ x.T) ** 2,
          lambda x: x.max(1).values ** 3 + x.min(0)[0] ** 2]
    out = []
    for f in fs:
        x = T.tensor([[0.3, 0.5, -0.2], [0.1, 0.2, 0.3]], dtype=T.float64)
        out.append(T.func.jacfwd(T.func.jacrev(lambda x, f=f: f(x).sum()))(x).reshape(-1).tolist())
        out.append(T.func.hessian(lambda x, f=f: f(x).sum())(x).reshape(-1).tolist())
    return out


@case
def integral_result_dtype_of_grad_input(T):
    """sum/prod/cumsum/mean asked for an integral or bool result of an input
    that requires grad: torch's "Autograd not support dtype" (mean: its own words)."""
    out = []
    for rg in (True, False):
        x = T.ones(3, 4, requires_grad=rg)
        for f in (lambda: x.sum(dtype=T.bool), lambda: x.sum(dtype=T.int64), lambda: x.sum(0, dtype=T.int32),
                  lambda: x.cumsum(0, dtype=T.int64), lambda: x.prod(dtype=int), lambda: x.mean(dtype=T.int64),
                  lambda: x.t().sum(1, dtype=T.int16), lambda: x.sum(dtype=float).dtype):
            out.append(_try(f))
        with T.no_grad():
            out.append(_try(lambda: x.sum(dtype=T.int64)))
    return out


@case
def set_from_storage(T):
    """Tensor.set_ with a storage source (NOTE [ set_ ]): the whole block in
    this tensor's dtype (an UntypedStorage reinterpreted), offsets from the
    block's start, versions kept apart, torch's errors; a strided from_numpy
    array's storage spans its gaps."""
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y = T.arange(6.)
        for f in (lambda: T.empty(0).set_(y[2:].untyped_storage()),
                  lambda: T.empty(0, dtype=T.float64).set_(y.untyped_storage()),
                  lambda: T.empty(0).set_(y.untyped_storage(), 1, (2, 2)),
                  lambda: T.empty(0).set_(y.untyped_storage(), storage_offset=1, size=(2,), stride=(2,)),
                  lambda: T.empty(0).set_(source=y.storage()),
                  lambda: T.empty(0, dtype=T.int16).set_(T.arange(3, dtype=T.int8).untyped_storage()),
                  lambda: T.empty(0, dtype=T.int64).set_(y.storage()),
                  lambda: T.empty(0).set_(y.untyped_storage(), -1, (2,)),
                  lambda: T.zeros(2, requires_grad=True).set_(y.untyped_storage()),
                  lambda: T.from_numpy(np.arange(21.)[::3]).untyped_storage().nbytes(),
                  lambda: len(T.from_numpy(np.arange(21.)[::3]).storage()),
                  lambda: T.from_numpy(np.arange(21.)[::3]).storage().tolist()):
            out.append(_try(f))
        a = T.empty(0)
        a.set_(y.untyped_storage())
        y.add_(1)
        out.append([a.tolist(), a._version, y._version, a._base is None])
        b = T.zeros(2, requires_grad=True)
        with T.no_grad():
            b.set_(y.untyped_storage(), 1, (3,))
        out.append([b.tolist(), b._version, b.is_leaf, b.requires_grad, b.storage_offset()])
    return out


@case
def lu_family_of_empty_matrices(T):
    """lu_factor_ex / linalg.lu / lu_unpack / geqrf of (batches of) empty
    matrices: torch's empty factors and identity permutations (reshape's -1
    made this a ValueError)."""
    out = []
    for s in [(3, 0), (0, 3), (2, 3, 0), (0, 0), (0, 2, 2)]:
        z = T.zeros(s, requires_grad=True)
        for f in (lambda: T.linalg.lu_factor_ex(z), lambda: T.linalg.lu(z),
                  lambda: T.lu_unpack(*T.linalg.lu_factor(z)), lambda: T.geqrf(z)):
            r = _try(lambda: [[tuple(t.shape), str(t.dtype), t.tolist()] for t in f()])
            out.append(r)
        out.append(_try(lambda: tuple(T.autograd.grad(T.linalg.lu(z).L.sum(), z)[0].shape)))
    return out


def _warned_r(f):
    """(result or error, [(category, message)]) of f() with every warning recorded."""
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        r = _try(f)
    return [r, [[w.category.__name__, _n(str(w.message).split(" (Triggered internally")[0])] for w in ws
                if "TypedStorage" not in str(w.message) and "script_method" not in str(w.message)]]


@case
def grad_scaler_on_the_cpu(T):
    """amp.GradScaler("cpu"): scale, unscale_, a skipped step and backoff on
    an inf gradient, growth after growth_interval clean steps, state_dict."""
    out = []
    T.manual_seed(0)
    lin = T.nn.Linear(3, 2)
    with T.no_grad():
        lin.weight.copy_(T.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]]))
        lin.bias.copy_(T.tensor([0.01, -0.02]))
    opt = T.optim.SGD(lin.parameters(), lr=0.1, momentum=0.9)
    s = T.amp.GradScaler("cpu", init_scale=1024.0, growth_interval=2)
    out.append([s.get_scale(), s.state_dict(), s.is_enabled()])
    x = T.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
    for i in range(6):
        opt.zero_grad()
        loss = lin(x).pow(2).sum() * (float("inf") if i == 2 else 1.0)
        scaled = s.scale(loss)
        scaled.backward()
        s.unscale_(opt)
        grads = [p.grad.tolist() for p in lin.parameters()]
        r = s.step(opt)
        s.update()
        out.append([scaled.item(), grads, r, s.get_scale(), s.state_dict(),
                    [p.detach().tolist() for p in lin.parameters()]])
    out.append([type(s.scale([loss, (loss, loss)])).__name__, _try(lambda: s.scale(3))])
    s2 = T.amp.GradScaler("cpu")
    s2.load_state_dict(s.state_dict())
    out.append(s2.state_dict())
    return out


@case
def grad_scaler_errors_and_disabled(T):
    out = []
    lin = T.nn.Linear(2, 1)
    opt = T.optim.SGD(lin.parameters(), lr=0.1)
    s = T.amp.GradScaler("cpu")
    out.append(_try(lambda: s.unscale_(opt)))
    out.append(_try(lambda: s.update()))
    s.scale(lin(T.ones(2)).sum()).backward()
    s.unscale_(opt)
    out.append(_try(lambda: s.unscale_(opt)))
    s.step(opt)
    out.append(_try(lambda: s.step(opt)))
    out.append(_try(lambda: s.unscale_(opt)))
    out.append(_try(lambda: s.step(opt, closure=lambda: 0)))
    s.update(8.0)
    out.append(s.get_scale())
    out.append(_try(lambda: s.update(T.ones(2))))
    out.append(_try(lambda: T.amp.GradScaler("cpu", growth_factor=1.0)))
    out.append(_try(lambda: T.amp.GradScaler("cpu", backoff_factor=1.0)))
    out.append(_try(lambda: T.amp.GradScaler("cpu").load_state_dict({})))
    d, ws = _warned_r(lambda: T.amp.GradScaler("cuda").is_enabled())
    out += [d, ws]
    dis = T.amp.GradScaler("cpu", enabled=False)
    loss = lin(T.ones(2)).sum()
    out.append([dis.scale(loss) is loss, dis.get_scale(), dis.state_dict(), dis.unscale_(opt), dis.update()])
    out.append(_warned_r(lambda: T.cuda.amp.GradScaler().is_enabled()))
    return out


@case
def autocast_regions_torch_runs_as_plain_code(T):
    out = []
    for dev, kw in (("cuda", {}), ("cpu", {"enabled": False}), ("cpu", {"dtype": T.float32}),
                    ("cuda", {"enabled": False})):
        def f():
            with T.autocast(dev, **kw):
                return [T.is_autocast_enabled(dev), (T.ones(2, 3) @ T.ones(3)).dtype]
        out.append(_warned_r(f))
    out.append(_try(lambda: T.autocast(3)))
    out.append(_try(lambda: T.autocast("foo")))
    out.append(_try(lambda: T.autocast("cuda", enabled=False)(3)))
    out.append(_try(lambda: T.autocast("cuda", enabled=False)(lambda x: x + 1)(1)))

    class Twice(T.autograd.Function):
        @staticmethod
        @T.amp.custom_fwd(device_type="cpu")
        def forward(ctx, a):
            return a * 2

        @staticmethod
        @T.amp.custom_bwd(device_type="cpu")
        def backward(ctx, g):
            return g * 2

    a = T.ones(2, requires_grad=True)
    Twice.apply(a).sum().backward()
    out.append(a.grad.tolist())
    out.append(_try(lambda: T.amp.custom_fwd(lambda a: a, device_type=3)))
    out.append([T.is_autocast_enabled(), T.is_autocast_enabled("cpu")])
    return out


@case
def process_switches(T):
    """Determinism, float32 matmul precision, backends flags, compile,
    typename/is_storage, set_default_tensor_type, cuda memory queries."""
    out = []
    out.append(_try(lambda: T.use_deterministic_algorithms(1)))
    out.append(_try(lambda: T.use_deterministic_algorithms(True, warn_only=1)))
    T.use_deterministic_algorithms(True, warn_only=True)
    out.append([T.are_deterministic_algorithms_enabled(), T.is_deterministic_algorithms_warn_only_enabled(),
                T.get_deterministic_debug_mode()])
    for m in ("error", 0, "bad", 1.5, 7):
        out.append([_try(lambda: T.set_deterministic_debug_mode(m)), T.get_deterministic_debug_mode()])
    T.use_deterministic_algorithms(False)
    T.set_float32_matmul_precision("highest")     # the default; other tests may have set it
    out.append(T.get_float32_matmul_precision())
    out.append(_warned_r(lambda: T.set_float32_matmul_precision("bad")))
    out.append(_try(lambda: T.set_float32_matmul_precision(3)))
    T.set_float32_matmul_precision("high")
    out.append([T.get_float32_matmul_precision(), T.backends.cuda.matmul.allow_tf32])
    T.set_float32_matmul_precision("highest")
    out.append(T.backends.cuda.matmul.allow_tf32)
    out.append(_try(lambda: T.backends.cuda.matmul.nope))
    out.append([T.backends.mps.is_available(), T.backends.mps.is_built(), T.backends.cudnn.is_available(),
                T.backends.cudnn.enabled, T.backends.cudnn.benchmark, T.backends.cudnn.deterministic,
                T.backends.cudnn.version(), T.backends.cuda.flash_sdp_enabled(),
                T.backends.cuda.math_sdp_enabled()])
    T.backends.cudnn.benchmark = True
    with T.backends.cudnn.flags(enabled=False, deterministic=True):
        inside = [T.backends.cudnn.enabled, T.backends.cudnn.deterministic, T.backends.cudnn.benchmark]
    out.append([inside, T.backends.cudnn.enabled, T.backends.cudnn.benchmark])
    T.backends.cudnn.benchmark = False
    T.manual_seed(0)
    lin = T.nn.Linear(2, 1)
    # not called: torch would compile then, and its compiler's threads and
    # garbage outlive the case (test_engine_memory counts garbage)
    m = T.compile(lin, backend="eager")
    out.append([list(m.state_dict()), tuple(m.weight.shape), _n(repr(m)), type(m).__name__,
                m._orig_mod is lin, callable(m)])
    out.append(callable(T.compile(backend="eager")(lambda v: v * 3)))
    out.append(_try(lambda: T.compile(lin, mode="max-autotune", options={})))
    out.append(_try(lambda: T.compile(3)))
    out.append([T.compiler.is_compiling(), T.compiler.disable(lambda v: v + 1)(1), T.compiler.reset()])
    out.append([T.typename(3), T.typename(None), T.typename(T.ones(2).double()).split(".")[-1],
                T.is_storage(T.ones(1)), T.is_storage(T.ones(1).untyped_storage())])
    T.set_warn_always(True)       # TORCH_WARN_ONCE, made repeatable
    try:
        out.append(_warned_r(lambda: T.set_default_tensor_type(T.DoubleTensor)))
    finally:
        T.set_warn_always(False)
    out.append(str(T.ones(1).dtype))
    out.append(_try(lambda: T.set_default_tensor_type(T.IntTensor)))
    out.append(_try(lambda: T.set_default_tensor_type(3)))
    T.set_default_tensor_type("torch.FloatTensor")
    out.append(str(T.ones(1).dtype))
    out.append([T.cuda.memory_allocated(), T.cuda.memory_reserved(), T.cuda.max_memory_allocated(),
                T.cuda.empty_cache(), T.cuda.is_bf16_supported(), T.version.cuda, T.version.hip])
    return out


@case
def size_slicing_and_arithmetic(T):
    """torch.Size sliced, concatenated or repeated stays a Size
    (``x.shape[1:].numel()`` in flattening code); int indexing, bounds and
    the errors of tuple."""
    s = T.ones(2, 3, 4).shape
    out = []
    for f in (lambda: s[1:], lambda: s[::-1], lambda: s + (5,), lambda: (5,) + s, lambda: s * 2, lambda: 2 * s,
              lambda: s[1:].numel(), lambda: s[-1], lambda: s[0], lambda: s[np.int64(1)], lambda: s[True],
              lambda: s[3], lambda: s[-4], lambda: s[2 ** 70], lambda: s["a"], lambda: s + [1], lambda: s * 1.5,
              lambda: type(s[1:]).__name__, lambda: s[:0], lambda: T.Size([]) + T.Size([1])):
        out.append(_try(f))
    return out


@case
def pow_of_signed_zero_by_tensor_exponents(T):
    """(-0.) ** 0.5: torch's tensor-exponent kernel is C's pow (+0.), its
    scalar-exponent one sqrt (-0.); 0-d, one-element, several-element and
    non-contiguous exponents, under no_grad, and the gradients."""
    out = []
    for dt in (T.float32, T.float64):
        x = T.tensor([-0.0, 0.0, 4.0, -0.0], dtype=dt)
        for e in (T.tensor(0.5, dtype=dt), T.tensor([0.5], dtype=dt), T.tensor([0.5, 0.5, 2.0, 0.25], dtype=dt),
                  T.tensor([[0.5, 1.0], [0.5, 3.0]], dtype=dt).t().reshape(-1), 0.5):
            r = x ** e
            out.append([str(r.dtype), [repr(v) for v in r.tolist()]])
            with T.no_grad():
                out.append([repr(v) for v in T.pow(x, e).tolist()])
        a = T.tensor([-0.0, 4.0], dtype=dt, requires_grad=True)
        b = T.tensor(0.5, dtype=dt, requires_grad=True)
        y = a ** b
        y.sum().backward()
        out.append([[repr(v) for v in y.tolist()], type(y.grad_fn).__name__, [repr(v) for v in a.grad.tolist()],
                    repr(b.grad.item())])
    out.append(repr(T.pow(T.tensor(-0.0), T.tensor(0.5)).item()))
    return out


def _splitmix(seed):
    s = seed & 0xFFFFFFFFFFFFFFFF

    def nxt(n):
        nonlocal s
        s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (z ^ (z >> 31)) % n
    return nxt


_IDX_ITEMS = [None, Ellipsis, 0, 1, -1, 2, -3, slice(None), slice(1, None), slice(2, 2), slice(None, None, 2),
              slice(-1, None), slice(3, 1), slice(10, 20), slice(None, -10), slice(1, 5, 3), slice(None, None, -1),
              slice(0, 0, 3), slice(4, None, 2), slice(-2, -2)]
_IDX_SHAPES = [(), (0,), (5,), (3, 4), (0, 3), (2, 0, 3), (4, 1, 3), (3, 300)]


@case
def basic_indexing_geometry_generated(T):
    """NOTE [ Basic indexing geometry ]: 1500 generated basic indexes (ints,
    slices with steps, empty and out-of-range slices, None, one or several
    Ellipses, negative steps) on contiguous and transposed tensors of every
    rank, including zero-size ones: each view's shape, strides, storage
    offset, values and node (or the error), and an as_strided read from an
    empty slice's offset; plus narrow/split/chunk/tensor_split/unfold pieces
    that come out empty."""
    rnd = _splitmix(2412)
    out = []
    for _ in range(1500):
        shape = _IDX_SHAPES[rnd(len(_IDX_SHAPES))]
        k = rnd(5)
        idx = tuple(_IDX_ITEMS[rnd(len(_IDX_ITEMS))] for _ in range(k))
        if k == 1 and rnd(3) == 0:
            idx = idx[0]
        n = 1
        for s in shape:
            n *= s
        x = T.arange(float(n), requires_grad=True)
        y = (x * 1).reshape(shape)
        if rnd(3) == 0 and y.dim() > 1:
            y = y.transpose(0, -1)
        try:
            v = y[idx]
            out.append([tuple(v.shape), v.stride(), v.storage_offset(), v.tolist(), type(v.grad_fn).__name__])
        except Exception as e:  # noqa: BLE001 - the error is the observable
            out.append([type(e).__name__, _n(e)])
    x = T.arange(24.).view(4, 6)
    pieces = [x[2:2], x[4:], x[10:12], x[:, 3:3], x[-1:-1], x[3:1], x[2:2:2], x[1:, 2:][1:1], x.narrow(0, 3, 0),
              x.narrow(1, 6, 0), x.narrow(1, -2, 0), x.split([4, 2, 0], 1)[2], x.split([0, 6], 1)[1],
              x.tensor_split([2, 2], 1)[1], T.zeros(0, 3).chunk(2, 1)[1], x.unfold(1, 6, 1)[1:1], x[1, 3:3],
              x[None, 2:2, ..., 1], x[..., 5:5], x[2:2][:, 1], x[2:2].view(0, 3), x[:, 3:3].t(), x[3:3, 2:],
              x[None], x[:, None], x[1, None], x[None, :, None, 1:3], x[..., None]]
    for v in pieces:
        out.append([tuple(v.shape), v.stride(), v.storage_offset()])
    out.append(_try(lambda: x[2:2].as_strided((2,), (1,)).tolist()))
    out.append(_try(lambda: x[4:].as_strided((2,), (1,)).tolist()))
    out.append(_try(lambda: x[::-1]))
    out.append(_try(lambda: T.tensor(1.)[::-1]))
    return out


@case
def index_tensor_dtypes_and_masks(T):
    """Index tensors as torch reads them: int64/int32 are indices, bool and
    (deprecated, warning) uint8 are masks, other dtypes an IndexError; a
    mask's shape mismatch in torch's words; index_put_/setitem of a
    one-element value through a single uint8 mask goes to masked_fill_,
    which refuses it."""
    out = []
    m = T.tensor([1, 0, 0, 1], dtype=T.uint8)
    x3 = T.zeros(2, 4, 3)
    fs = [lambda: T.arange(4.)[m], lambda: T.arange(8.).view(2, 4)[:, m],
          lambda: T.arange(4.)[T.tensor(1, dtype=T.uint8)].shape, lambda: T.arange(4.)[T.tensor(0, dtype=T.uint8)].shape,
          lambda: T.arange(4.)[T.tensor([1, 0], dtype=T.uint8)], lambda: T.arange(4.)[T.tensor(1.5)],
          lambda: T.arange(4.)[T.tensor([1.5])], lambda: T.arange(4.).index_put_((m,), T.tensor([5., 6.])),
          lambda: T.arange(4.).index_put_((m,), T.tensor(5.)), lambda: T.arange(4.).index_put((m,), T.tensor([5.])),
          lambda: T.arange(4.).index_put_((T.tensor([1., 2.]),), T.tensor(5.)),
          lambda: T.arange(4.).index_put_((m,), T.tensor(5.), accumulate=True),
          lambda: x3[T.ones(2, 3, dtype=T.bool)], lambda: x3[:, T.ones(4, 2, dtype=T.bool)],
          lambda: x3[T.ones(3, dtype=T.bool)], lambda: x3[0, T.ones(4, 2, dtype=T.bool)],
          lambda: x3[..., T.ones(2, dtype=T.bool)], lambda: x3[1:, None, T.ones(3, 3, dtype=T.bool)],
          lambda: T.zeros(2, 4, 3).index_put_((T.ones(2, 3, dtype=T.bool),), T.tensor(1.))]
    for dt in (T.int8, T.int16, T.int32, T.int64, T.float16, T.float64, T.bool, T.uint8):
        fs.append(lambda dt=dt: T.arange(4.)[T.tensor([1, 0], dtype=dt)])
        fs.append(lambda dt=dt: T.arange(4.).index_put_((T.tensor([1, 0], dtype=dt),), T.tensor(5.)))
    for f in fs:
        r = _try(lambda: f().tolist() if not isinstance(f(), tuple) else tuple(f()))
        out.append([r, _warned(f)])
    for v in (T.tensor([5., 6.]), 5., T.tensor(7.), T.tensor([9.])):
        x = T.arange(4.)
        out.append([_try(lambda: x.__setitem__(m, v)), x.tolist(), x._version])
    x = T.arange(4.)
    x[T.tensor(1, dtype=T.uint8)] = 3.
    out.append(x.tolist())
    x = T.arange(8.).view(2, 4)
    out.append([_try(lambda: x.__setitem__((slice(None), m), 7.)), x.tolist(), x._version])
    y = T.zeros(4, requires_grad=True) * 1
    y[m.bool()] = 3.
    out.append([type(y.grad_fn).__name__, y.tolist()])
    return out


@case
def sgn_of_nan_and_abs_gradient(T):
    """torch's sign/sgn of NaN is 0 (not NaN), so abs's gradient (grad * sgn)
    at a NaN is a signed zero, at every size and dtype."""
    out = []
    for dt in (T.float32, T.float64):
        for n in (1, 7, 40, 300):
            v = T.tensor([float("nan"), -0.0, 0.0, -3.0, 2.5, float("inf")] * n, dtype=dt)
            out.append([[repr(a) for a in T.sgn(v)[:6].tolist()], [repr(a) for a in v.sgn()[:6].tolist()]])
            x = v.clone().requires_grad_()
            x.abs().backward(T.full_like(v, -2.0))
            out.append([repr(a) for a in x.grad[:6].tolist()])
            x2 = v.clone().requires_grad_()
            (g,) = T.autograd.grad(x2.abs().sum(), x2, create_graph=True)
            out.append([repr(a) for a in g[:6].tolist()])
    return out


def _graph_names(t):
    out, q, seen = [], [t.grad_fn], set()
    while q and len(out) < 16:
        f = q.pop(0)
        if f is None or id(f) in seen:
            continue
        seen.add(id(f))
        out.append(type(f).__name__)
        q.extend(nf for nf, _ in f.next_functions)
    return out


@case
def mm_bmm_double_backward_graphs(T):
    """Under create_graph, mm's and bmm's gradients are torch's formulas
    (grad.mm(mat2.t()), self.transpose(1, 2).bmm(grad), ...): the gradient
    graphs' node names, values and second derivatives (fuzzer seed 14094)."""
    out = []
    a = T.linspace(-1, 1, 24, dtype=T.float64).reshape(2, 3, 4).requires_grad_()
    b = T.linspace(-2, 1, 24, dtype=T.float64).reshape(2, 4, 3).requires_grad_()
    y = T.bmm(a, b).amin(1, keepdim=True)
    ga, gb = T.autograd.grad(y.sum(), [a, b], create_graph=True)
    out.append([_graph_names(ga), _graph_names(gb), ga.tolist(), gb.tolist()])
    (gga,) = T.autograd.grad((ga * gb.transpose(1, 2)).sum(), [a], allow_unused=True)
    out.append(None if gga is None else gga.tolist())
    a2 = T.linspace(-1, 1, 12, dtype=T.float64).reshape(3, 4).requires_grad_()
    b2 = T.linspace(0, 2, 20, dtype=T.float64).reshape(4, 5).requires_grad_()
    for f in (lambda: a2 @ b2, lambda: T.mm(a2, b2), lambda: a2.mm(b2)):
        ga, gb = T.autograd.grad(f().pow(2).sum(), [a2, b2], create_graph=True)
        out.append([_graph_names(ga), _graph_names(gb), ga.tolist(), gb.tolist()])
        h = T.autograd.grad((ga.sum() + gb.sum()), [a2, b2])
        out.append([x.tolist() for x in h])
    return out


@case
def cat_output_layout(T):
    """torch's cat writes a contiguous result unless its inputs are
    channels_last; numpy's concatenate follows its inputs' order (so a
    later reshape was ReshapeAliasBackward0 where torch's is ViewBackward0;
    fuzzer seed 16411)."""
    out = []
    v2 = T.linspace(-1, 1, 24, dtype=T.float64).reshape(4, 2, 3).requires_grad_()
    v3 = v2.permute(2, 0, 1)
    v5 = T.cat([v3 - 1, v3])
    out.append([v5.stride(), type(v5.reshape(6, 8).grad_fn).__name__, v5.is_contiguous()])
    cl = T.zeros(2, 3, 4, 5).permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
    for ts, d in (([v3.detach()], 0), ([T.zeros(3, 4).t(), T.zeros(3, 4).t()], 1),
                  ([T.zeros(2, 3, 4, 5).permute(0, 2, 3, 1)] * 2, 0), ([cl, cl], 0), ([cl, cl], 1),
                  ([cl, T.zeros(2, 3, 4, 5)], 0), ([T.zeros(4, 3)[::2], T.zeros(2, 3)], 0),
                  ([T.zeros(2, 1, 3).transpose(0, 2)] * 3, 1)):
        r = T.cat(ts, d)
        out.append([tuple(r.shape), r.stride(), r.is_contiguous()])
    return out
