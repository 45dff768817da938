"""Deterministic regression cases for the divergence classes the hypothesis
property suites (tests/test_props_*.py) found (issue 12), so each stays
checked against torch without hypothesis and without torch (golden data:
tests/golden/props_regress.json).

Each case is prog(T) -> plain data; T is torch or cyautograd."""
import warnings

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _grad(T, y, x, create_graph=False):
    (g,) = T.autograd.grad(y.sum() if y.dim() else y, [x], allow_unused=True,
                           create_graph=create_graph)
    return g


def _grads(T, vals, dtype, f, create_graph=False):
    x = T.tensor(vals, dtype=getattr(T, dtype), requires_grad=True)
    y = f(x)
    g = _grad(T, y, x, create_graph)
    out = [y, g]
    if create_graph:
        out.append(None if g is None else g.grad_fn is not None)
    return out


# ---- prod: torch's prod_backward is grad * (result / input) where the input
# has no zero (an overflowed / underflowed result shows in the gradient), the
# exclusive products where it has zeros, plain zeros for a full reduction over
# two or more zeros outside grad mode; a 0-d input passes the gradient -----

@case
def prod_grad_result_overflows_float32(T):
    return _grads(T, [1e30, 1e30, 2.0], "float32", lambda x: x.prod())


@case
def prod_grad_result_underflows_float32(T):
    return _grads(T, [1e-30, 1e-30, 3.0, 0.5], "float32", lambda x: x.prod())


@case
def prod_grad_with_inf_input(T):
    return _grads(T, [float("inf"), 2.0, 3.0], "float64", lambda x: x.prod())


@case
def prod_grad_with_nan_input_dim(T):
    return _grads(T, [[float("nan"), 2.0], [3.0, 4.0]], "float64", lambda x: x.prod(1))


@case
def prod_grad_two_zeros_and_inf_full(T):
    return _grads(T, [0.0, 0.0, float("inf"), 2.0], "float64", lambda x: x.prod())


@case
def prod_grad_two_zeros_and_inf_full_create_graph(T):
    return _grads(T, [0.0, 0.0, float("inf"), 2.0], "float64", lambda x: x.prod(), True)


@case
def prod_grad_one_zero_full_create_graph(T):
    x = T.tensor([0.0, 3.0, -2.0, 5.0], dtype=T.float64, requires_grad=True)
    (g,) = T.autograd.grad(x.prod(), [x], create_graph=True)
    (gg,) = T.autograd.grad(g.sum(), [x])
    return [g, gg]


@case
def prod_grad_zeros_dim_keepdim(T):
    return _grads(T, [[0.0, 2.0, 3.0], [0.0, 0.0, 4.0], [1.0, 2.0, 3.0]], "float64",
                  lambda x: x.prod(1, keepdim=True))


@case
def prod_grad_zeros_dim_create_graph(T):
    return _grads(T, [[0.0, 2.0, 3.0], [1e30, 1e30, 4.0]], "float32", lambda x: x.prod(0), True)


@case
def prod_grad_0d_create_graph(T):
    return _grads(T, 1.5, "float32", lambda x: x.prod(), True)


@case
def prod_grad_0d_dim_create_graph(T):
    return _grads(T, 0.0, "float64", lambda x: x.prod(-1), True)


@case
def prod_grad_single_zero_element_shape(T):
    return _grads(T, [[0.0]], "float64", lambda x: x.prod())


@case
def prod_grad_zero_size(T):
    x = T.zeros((2, 0), dtype=T.float64, requires_grad=True)
    return [_grad(T, x.prod(), x), _grad(T, x.prod(0), x), _grad(T, x.prod(1), x)]


# ---- var / std: torch's var_backward -----------------------------------------

@case
def var_grad_0d_create_graph(T):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _grads(T, 1.0, "float32", lambda x: x.var(), True)


@case
def var_grad_0d_nan_is_inf(T):
    # no degrees of freedom: grad * (NaN where self == mean, else inf); a NaN
    # never equals its mean
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [_grads(T, float("nan"), "float64", lambda x: x.var()),
                _grads(T, float("inf"), "float32", lambda x: x.var()),
                _grads(T, [2.5], "float64", lambda x: x.var())]


@case
def var_grad_correction_above_numel_full(T):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _grads(T, [[1.0, 2.0, 4.0]], "float64", lambda x: x.var(correction=4))


@case
def var_grad_correction_above_size_dim(T):
    # over a dim: (2 / (n - correction)) in double: negative, not inf
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [_grads(T, [[1.0, 2.0, 4.0]], "float64", lambda x: x.var(dim=0, correction=2)),
                _grads(T, [[1.0, 2.0, 4.0]], "float64", lambda x: x.var(dim=1, correction=3)),
                _grads(T, [[1.0, 2.0, 4.0]], "float64", lambda x: x.std(dim=0, correction=2))]


@case
def var_std_empty_dim_list(T):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = []
        for shape in [(2, 3), (3,), (2, 0)]:
            for k in (False, True):
                for f in ("var", "std"):
                    x = T.arange(1.0, 1.0 + (shape[0] * shape[-1] if len(shape) == 2 else shape[0])
                                 ).reshape(shape).requires_grad_()
                    y = getattr(x, f)(dim=[], keepdim=k)
                    out.append([y, _grad(T, y, x)])
        return out


@case
def var_std_grad_zero_size_no_warning(T):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        x = T.zeros((0, 3), requires_grad=True)
        r = [_grad(T, x.var(0), x), _grad(T, x.std(1), x), _grad(T, x.var(), x)]
    return [r, [str(m.message) for m in w if "empty" in str(m.message).lower()]]


# ---- an empty dim list reduces everything (mean, norm, count_nonzero,
# logsumexp's own failure), reduces nothing for all/any ---------------------

@case
def mean_norm_count_nonzero_empty_dim_list(T):
    out = []
    for shape in [(), (3,), (2, 3), (2, 0), (0,)]:
        n = 1
        for s in shape:
            n *= s
        for k in (False, True):
            x = (T.arange(1.0, 1.0 + n) ** 1.5).reshape(shape).requires_grad_()
            for y in (x.mean(dim=[], keepdim=k), x.norm(dim=[], keepdim=k),
                      T.nansum(x, dim=[], keepdim=k)):
                out.append([y, _grad(T, y, x)])
            out.append(T.count_nonzero(x.detach(), dim=[]))
    return out


@case
def logsumexp_empty_dim_list(T):
    out = []
    for shape in [(), (3,), (2, 3), (2, 0), (0,)]:
        for k in (False, True):
            x = T.ones(shape, requires_grad=True)
            try:
                y = T.logsumexp(x, dim=[], keepdim=k)
                out.append([y, _grad(T, y, x)])
            except RuntimeError as e:
                out.append(str(e))
    return out


@case
def all_any_dim_lists(T):
    x = T.tensor([[0, 1, 2], [3, 4, 5]], dtype=T.uint8)
    b = T.tensor([[True, False], [True, True]])
    z = T.tensor(1.0)
    out = [x.all(), x.any(0), x.all((0, 1)), x.any([]), x.all([-1], keepdim=True),
           b.all((1,)), b.any([0, 1], keepdim=True), z.all([0]), z.any(()), T.zeros((2, 0)).all((1,)),
           T.zeros((2, 0)).any([-1])]
    for bad in ((0, -1), [2]):
        try:
            b.all(bad)
        except (RuntimeError, IndexError) as e:
            out.append([type(e).__name__, str(e)])
    return out


@case
def nansum_0d_with_dim(T):
    x = T.tensor(float("nan"), requires_grad=True)
    y = T.tensor(2.5, requires_grad=True)
    return [T.nansum(x, -1), T.nansum(y, 0, keepdim=True), _grad(T, T.nansum(y, [-1]), y),
            _grad(T, T.nansum(x, 0), x)]


@case
def mean_dim_of_empty_slice_is_quiet(T):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = [T.zeros((0, 3)).mean(0), T.zeros((0, 3)).mean(1), T.zeros((2, 0)).mean((0, 1), keepdim=True)]
    return [r, len(w)]


# ---- zero-size reductions: torch's zero_numel_check_dims words ------------

@case
def amax_amin_zero_size_dim_words(T):
    out = []
    for shape, d in [((0,), -1), ((2, 0), -1), ((2, 0), [-1]), ((2, 0), (0, -1)),
                     ((0,), (0, -1)), ((0,), (-1, -1)), ((0, 3), (1, 0, 1)), ((0, 3), (-2,)),
                     ((2, 0), (1, 5)), ((2, 0), (0, 5)), ((0,), ())]:
        for f in ("amax", "amin"):
            try:
                out.append(getattr(T.zeros(shape), f)(d))
            except (RuntimeError, IndexError) as e:
                out.append([type(e).__name__, str(e)])
    return out


@case
def kthvalue_aminmax_nanmedian_zero_size_words(T):
    out = []
    for f in (lambda x: x.kthvalue(1, -1), lambda x: x.kthvalue(5, 1), lambda x: x.aminmax(dim=1),
              lambda x: x.nanmedian(-1), lambda x: x.median(1), lambda x: x.mode(-1)):
        try:
            out.append(f(T.zeros((2, 0))))
        except (RuntimeError, IndexError) as e:
            out.append([type(e).__name__, str(e)])
    return out


@case
def prod_grad_overflowed_prefix_times_zero_float32(T):
    # torch's cumprod accumulates float32 in double: a prefix past float32's
    # range, later times 0, is 0 (NaN in float32 arithmetic)
    out = []
    for cg in (False, True):
        x = T.tensor([1e30, 1e30, 0.0, 2.0, 1e-30, 1e-30, 1e-30, 5.0], dtype=T.float32, requires_grad=True)
        out.append(_grad(T, x.prod(), x, cg))
        y = T.tensor([[1e30, 1e30, 0.0, 2.0]], dtype=T.float32, requires_grad=True)
        out.append(_grad(T, y.prod(1), y, cg))
    return out


@case
def norm_of_one_element_is_its_magnitude(T):
    # one element per result: |x|, not sqrt(x * x) (float32 1e30 and 1e-30
    # survive); a 0-d input reduced over dim 0 squares
    out = []
    for dt in (T.float32, T.float64):
        for v in ([1e-30], [[1e30], [-1e-30]], [[1e30]], 1e30, 1e-30, [1e30, 0.0]):
            x = T.tensor(v, dtype=dt)
            for kw in ({}, {"dim": 0}, {"dim": -1}, {"dim": []}, {"p": 3}, {"p": 0.5}, {"dim": 1, "keepdim": True}):
                try:
                    out.append(x.norm(**kw))
                except IndexError as e:
                    out.append(str(e))
    x = T.tensor([[1e30], [-2e30]], dtype=T.float32, requires_grad=True)
    out.append(_grad(T, x.norm(dim=1), x))
    return out


# ---- numpy scalars and out-of-range Python ints as operands ------------------

def _binop_table(T, scalars, ops, dtypes=("bool", "uint8", "int8", "int32", "int64", "float32", "float64")):
    import operator as O
    fns = {"+": O.add, "-": O.sub, "*": O.mul, "/": O.truediv, "//": O.floordiv, "%": O.mod,
           "**": O.pow, "<<": O.lshift, ">>": O.rshift, "&": O.and_, "|": O.or_, "^": O.xor,
           "<": O.lt, "==": O.eq}
    out = []
    for dt in dtypes:
        for sc in scalars:
            for name in ops:
                for t in (T.tensor([1, 2], dtype=getattr(T, dt)), T.tensor(3, dtype=getattr(T, dt))):
                    for left in (False, True):
                        try:
                            r = fns[name](sc, t) if left else fns[name](t, sc)
                            out.append([r.dtype, r])
                        except (RuntimeError, TypeError, OverflowError, NotImplementedError,
                                ZeroDivisionError) as e:
                            out.append([type(e).__name__, str(e).split("\n")[0]])
    return out


@case
def numpy_scalar_operands(T):
    # numpy scalars are wrapped numbers of their category (np.bool_ a double)
    import numpy as np
    return _binop_table(T, [np.float64(2.0), np.float32(2.0), np.int64(3), np.int8(3), np.uint8(3),
                            np.True_], ["+", "-", "*", "/", "**", "<<", ">>", "&", "==", "<"])


@case
def python_int_operands_out_of_range(T):
    return _binop_table(T, [300, -129, 2 ** 70, 2, 0, True], ["+", "-", "*", "**", "<<", ">>", "&", "<"])


@case
def pow_scalar_exponent_conversion(T):
    out = []
    for dt, e in [("float32", 2 ** 64 - 1), ("int8", 200), ("int8", -200), ("int32", 2 ** 40),
                  ("bool", 300), ("bool", 2), ("int64", 2 ** 63), ("float16", 1e6), ("uint8", True),
                  ("float16", float("inf")), ("uint8", 255), ("bool", False)]:
        try:
            r = T.tensor([2], dtype=getattr(T, dt)) ** e
            out.append([r.dtype, r])
        except (RuntimeError, OverflowError) as ex:
            out.append([type(ex).__name__, str(ex)])
    b = T.tensor([True, False])
    for f in (lambda: b ** b, lambda: True ** b, lambda: T.pow(True, b), lambda: 2 ** b, lambda: 2.5 ** b,
              lambda: b.pow(False)):
        try:
            out.append(f())
        except NotImplementedError as ex:
            out.append(str(ex))
    return out


@case
def log1p_of_subnormal_range(T):
    # torch's vectorised log1p rounds x / 2 to the subnormal grid below twice
    # the smallest normal: 1e-45 -> 0, float32 2e-38 -> 1.99999987e-38, a
    # tiny negative -> +0 (the values compared as float64 bit patterns)
    import numpy as np
    out = []
    for npd, dt in ((np.float32, T.float32), (np.float64, T.float64)):
        tiny = np.finfo(npd).tiny
        v = (np.linspace(-2.5, 2.5, 41) * tiny).astype(npd).tolist() + [
            float(np.finfo(npd).smallest_subnormal), -float(np.finfo(npd).smallest_subnormal),
            -0.0, 0.0, 1e-20, 1.0]   # not 0.5: numpy's float32 log1p is an ulp off there on some CPUs
        x = T.tensor(v, dtype=dt)
        r = T.log1p(x).numpy()
        out.append([float(a).hex() for a in r.astype(np.float64)])
        out.append(float(T.log1p(T.tensor(v[-6], dtype=dt))).hex())
    return out


@case
def clamp_scalar_bounds_types_and_errors(T):
    import numpy as np
    b = T.tensor([True, False])
    u = T.tensor([0, 200], dtype=T.uint8)
    out = []
    for f in (lambda: b.clamp(min=False), lambda: b.clamp(max=True), lambda: b.clamp(False, True),
              lambda: b.clamp(min=1), lambda: b.clamp(min=0.5), lambda: b.clamp(min=np.True_),
              lambda: b.clamp(min=np.float32(0.5)), lambda: T.clamp_min(b, False),
              lambda: u.clamp(min=1000), lambda: u.clamp(max=-1), lambda: u.clamp(min=3, max=255),
              lambda: T.tensor([1.0], dtype=T.float16).clamp(max=1e6), lambda: u.clamp(min=2 ** 70),
              lambda: u.clamp(max=-2 ** 70), lambda: T.tensor([1.5]).clamp(min=2 ** 64 - 1)):
        try:
            r = f()
            out.append([r.dtype, r])
        except (RuntimeError, NotImplementedError, OverflowError) as e:
            out.append([type(e).__name__, str(e)])
    return out


@case
def big_int_scalar_words(T):
    out = []
    for v in (2 ** 70, -2 ** 70, 2 ** 64, 2 ** 64 - 1, -2 ** 63 - 1):
        for f in (lambda: T.tensor([1, 2]) ** v, lambda: T.tensor([True]) - v, lambda: v - T.tensor([True]),
                  lambda: T.tensor([1.0]) + v, lambda: v << T.tensor([1]), lambda: T.tensor([1.0]).clamp(min=v)):
            try:
                r = f()
                out.append([r.dtype, r])
            except (RuntimeError, OverflowError) as e:
                out.append([type(e).__name__, str(e)])
    return out


@case
def pow_tensor_grads_mixed_float_dtypes(T):
    # the exponent's gradient takes log(self) in the result type (a float32
    # base with a float64 exponent: log 2 in double), grad * (result * log)
    out = []
    for da, db in (("float32", "float64"), ("float64", "float32"), ("float32", "float32")):
        a = T.tensor([0.0, 2.0, 0.5, 3.0], dtype=getattr(T, da), requires_grad=True)
        b = T.tensor([0.0, 1.0, -1.5, 0.3], dtype=getattr(T, db), requires_grad=True)
        y = a ** b
        ga, gb = T.autograd.grad(y, [a, b], T.tensor([1.0, 1.0, 3.0, -2.0], dtype=y.dtype))
        out.append([y, ga, gb])
    return out


@case
def pow_one_element_half_exponent_is_c_pow(T):
    # a one-element exponent tensor of 0.5 is C's pow in torch's kernel, not
    # sqrt as numpy's ** takes it: (-inf) ** 0.5 is +inf, (-0.) ** 0.5 is
    # +0. (NOTE [ A one-element 0.5 exponent is not sqrt ]); x ** 0.5 with a
    # Python number is torch's sqrt shortcut (NaN, -0.), kept beside them
    out = []
    vals = [float("-inf"), -0.0, 0.0, float("inf"), 4.0, -4.0, float("nan")]
    for dt in ("float32", "float64"):
        for shape in ((), (1,), (1, 1)):
            a = T.tensor(vals, dtype=getattr(T, dt), requires_grad=True)
            e = T.full(shape, 0.5, dtype=getattr(T, dt), requires_grad=True)
            y = a ** e
            ga, ge = T.autograd.grad(y, [a, e], T.ones_like(y))
            out.append([y, [str(v) for v in y.detach().reshape(-1).tolist()], ga, ge])
        x = T.tensor(vals, dtype=getattr(T, dt))
        out.append([x ** 0.5, T.pow(x, 0.5), T.pow(x.double(), T.tensor(0.5, dtype=T.float32))])
    return out
