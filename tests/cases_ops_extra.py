"""Snippets run against both torch and cyautograd (issue 15, item 4: the
everyday tensor ops in cyautograd/ops/extra.py).  Each takes the module
(torch or cyautograd) and returns what to compare: values, gradients, the
grad_fn name, versions, errors.  Inputs are deterministic (the two
libraries' generators differ).  Shapes are generated per op: 0-d where the
op takes it, zero-size, non-contiguous (a transposed input) and sizes in the
thousands (compared through weighted sums, to keep the golden data small)."""
import math

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _x(T, shape, seed=0, dtype="float32", scale=2.0, requires_grad=False, t=False):
    """Deterministic values; t=True makes the tensor non-contiguous (a transposed copy)."""
    shape = tuple(shape)
    if t and len(shape) >= 2:
        base = _x(T, shape[:-2] + (shape[-1], shape[-2]), seed, dtype, scale)
        x = base.transpose(-1, -2)
        return x.requires_grad_() if requires_grad else x
    n = 1
    for s in shape:
        n *= s
    x = ((T.arange(n, dtype=T.float64) * 0.7311 + seed * 1.37).sin() * scale)
    if dtype in ("int64", "int32", "uint8", "int16", "int8"):
        x = (x * 3).round().abs() if dtype == "uint8" else (x * 3).round()
    if dtype == "bool":
        x = x > 0
    else:
        x = x.reshape(shape).to(getattr(T, dtype))
    x = x.reshape(shape)
    return x.requires_grad_() if requires_grad else x


def _summ(T, t):
    """A large tensor as its shape, dtype and two weighted sums."""
    if t is None:
        return None
    d = t.detach().double()
    n = d.numel()
    w = (T.arange(n, dtype=T.float64) * 0.013).cos().reshape(tuple(d.shape)) if n else d
    return [list(t.shape), str(t.dtype).split(".")[-1], d.sum(), (d * w).sum()]


def _run(T, fn, shapes, dtype="float32", t=False, big=False, grad=True, nontensor_out=False):
    """fn(T, *inputs): outputs (and grad_fn names) and, with grad, every input's gradient
    under a fixed weighting of the (first) output."""
    fl = dtype.startswith("float")
    xs = [_x(T, s, i, dtype, requires_grad=grad and fl, t=t) for i, s in enumerate(shapes)]
    y = fn(T, *xs)
    outs = list(y) if isinstance(y, (tuple, list)) else [y]
    names = [None if (not isinstance(o, T.Tensor) or o.grad_fn is None) else type(o.grad_fn).__name__
             for o in outs]
    res = [names, [(_summ(T, o) if big else o.detach()) if isinstance(o, T.Tensor) else o for o in outs]]
    if grad and fl and isinstance(outs[0], T.Tensor) and outs[0].requires_grad:
        w = _x(T, tuple(outs[0].shape), 9, dtype, scale=1.0)
        (outs[0] * w).sum().backward()
        res.append([(_summ(T, x.grad) if big else x.grad) for x in xs])
    return res


def _err(fn):
    def run(T):
        try:
            fn(T)
        except Exception as e:  # noqa: BLE001 - the error is the observable
            return [type(e).__name__, str(e)]
        return "no error"
    return run


def _add(name, fn, shapes, dtypes=("float32", "float64"), t=False, big=False, grad=True):
    for dt in dtypes:
        CASES[f"{name}_{dt}{'_t' if t else ''}{'_big' if big else ''}"] = \
            (lambda T, fn=fn, shapes=shapes, dt=dt, t=t, big=big, grad=grad:
             _run(T, fn, shapes, dt, t, big, grad))


ALL = ("float32", "float64", "int64", "int32", "uint8", "bool")
FL = ("float32", "float64")

# ============================================================== unary math (values + grads)
for _n, _scale in (("expm1", 1), ("erf", 1), ("sinh", 1), ("cosh", 1), ("asin", 0.45), ("acos", 0.45),
                   ("atan", 1), ("asinh", 1), ("atanh", 0.45), ("exp2", 1), ("frac", 1)):
    _f = (lambda n, s: lambda T, x: getattr(T, n)(x * s))(_n, _scale)
    _add(_n, _f, [(3, 5)])
    _add(_n + "_0d", _f, [()], ("float32",))
    _add(_n + "_empty", _f, [(0, 4)], ("float32",))
    _add(_n, _f, [(4, 6)], ("float32",), t=True)
    _add(_n, _f, [(3, 1500)], ("float64",), big=True)
    _add(_n + "_method", (lambda n, s: lambda T, x: getattr(x * s, n)())(_n, _scale), [(2, 3)], ("float32",))
for _n in ("expm1", "erf", "sinh", "cosh", "atan", "exp2"):
    _add(_n + "_int", (lambda n: lambda T, x: getattr(T, n)(x))(_n), [(2, 3)], ("int64", "int32", "uint8", "bool"))
_add("acosh", lambda T, x: T.acosh(x.abs() + 1.5), [(3, 4)])
_add("atan2", lambda T, y, x: T.atan2(y, x), [(3, 4), (3, 4)])
_add("atan2_bcast", lambda T, y, x: T.atan2(y, x), [(3, 1), (1, 4)])
_add("atan2_int", lambda T, y, x: T.atan2(y, x), [(3, 4), (3, 4)], ("int64",))
_add("nan_to_num", lambda T, x: T.nan_to_num(T.log(x) * (x - 0.5).sign() / (x + 1 - x)), [(3, 4)])
_add("nan_to_num_args", lambda T, x: T.nan_to_num(x.log() / (x - x), nan=1.5, posinf=2.0, neginf=-3.0),
     [(3, 4)])
_add("nan_to_num_int", lambda T, x: T.nan_to_num(x), [(3, 4)], ("int64",))
case(_err(lambda T: T.frac(T.tensor([1, 2]))))
case(_err(lambda T: T.atan2(T.ones(2, 3), T.ones(4))))
case(_err(lambda T: T.erf([1.0])))

# ============================================================== addcmul / addcdiv / lerp / addmm / outer
_add("addcmul", lambda T, a, b, c: T.addcmul(a, b, c, value=0.5), [(3, 4), (3, 4), (3, 4)])
_add("addcmul_bcast", lambda T, a, b, c: T.addcmul(a, b, c), [(3, 4), (1, 4), (3, 1)])
_add("addcdiv", lambda T, a, b, c: T.addcdiv(a, b, c + 3, value=-2), [(3, 4), (3, 4), (3, 4)])
_add("addcmul_method", lambda T, a, b, c: a.addcmul(b, c), [(2, 3), (2, 3), (2, 3)])
_add("lerp_scalar", lambda T, a, b: T.lerp(a, b, 0.3), [(3, 4), (3, 4)])
_add("lerp_tensor", lambda T, a, b, w: T.lerp(a, b, w), [(3, 4), (3, 4), (3, 4)])
_add("lerp_bcast", lambda T, a, b: T.lerp(a, b, 0.7), [(3, 4), (4,)])
_add("addmm", lambda T, a, b, c: T.addmm(a, b, c), [(3, 5), (3, 4), (4, 5)])
_add("addmm_ab", lambda T, a, b, c: T.addmm(a, b, c, beta=0.5, alpha=2), [(5,), (3, 4), (4, 5)])
_add("addmm", lambda T, a, b, c: T.addmm(a, b, c), [(6, 5), (6, 4), (4, 5)], ("float32",), t=True)
_add("addmm_beta0", lambda T, a, b, c: T.addmm(a, b, c, beta=0), [(3, 5), (3, 4), (4, 5)], ("float64",))
_add("outer", lambda T, a, b: T.outer(a, b), [(3,), (4,)])
_add("outer_int", lambda T, a, b: T.outer(a, b), [(3,), (4,)], ("int64",))
case(_err(lambda T: T.addcmul(T.ones(2), T.ones(3), T.ones(2))))
case(_err(lambda T: T.addcdiv(T.ones(2), T.ones(2, dtype=T.int64), T.ones(2, dtype=T.int64))))
case(_err(lambda T: T.addmm(T.ones(2, 2), T.ones(2, 3), T.ones(2, 2))))
case(_err(lambda T: T.addmm(T.ones(2, 2), T.ones(3), T.ones(3, 2))))
case(_err(lambda T: T.lerp(T.ones(2), T.ones(2, dtype=T.float64), 0.5)))
case(_err(lambda T: T.outer(T.ones(2, 2), T.ones(2))))

# ============================================================== shape: repeat, flip, roll, tril, splits
for _dt in ALL:
    _add("repeat", lambda T, x: x.repeat(2, 1, 3), [(2, 3)], (_dt,))
    _add("flip", lambda T, x: x.flip(0, -1), [(3, 4)], (_dt,))
    _add("roll", lambda T, x: x.roll((1, -2), (0, 1)), [(3, 4)], (_dt,))
    _add("tril", lambda T, x: x.tril(), [(3, 4)], (_dt,))
_add("repeat_0d", lambda T, x: x.repeat(3), [()])
_add("repeat_zero", lambda T, x: x.repeat(0, 2), [(2, 3)])
_add("repeat_empty", lambda T, x: x.repeat(2, 2), [(0, 3)], ("float32",))
_add("repeat_t", lambda T, x: x.repeat(2, 2), [(3, 4)], ("float32",), t=True)
_add("repeat_big", lambda T, x: x.repeat(3, 2), [(2, 1200)], ("float64",), big=True)
_add("tile", lambda T, x: x.tile((2,)), [(2, 3)])
_add("flip_0d", lambda T, x: x.flip(()), [()], ("float32",))
_add("flip_t", lambda T, x: T.flip(x, [1]), [(3, 5)], ("float32",), t=True)
_add("flip_big", lambda T, x: x.flip(1), [(2, 2000)], ("float64",), big=True)
_add("fliplr", lambda T, x: T.fliplr(x), [(2, 3)])
_add("flipud", lambda T, x: T.flipud(x), [(2, 3)])
_add("roll_flat", lambda T, x: x.roll(5), [(3, 4)])
_add("roll_t", lambda T, x: x.roll(1, 1), [(3, 4)], ("float32",), t=True)
_add("roll_empty", lambda T, x: x.roll(1, 0), [(0, 4)], ("float32",))
_add("roll_big", lambda T, x: x.roll(700, 0), [(3000,)], ("float64",), big=True)
_add("triu_k", lambda T, x: T.triu(x, 1), [(2, 3, 4)])
_add("tril_neg", lambda T, x: T.tril(x, -1), [(4, 3)])
_add("triu_t", lambda T, x: T.triu(x), [(4, 5)], ("float32",), t=True)
_add("broadcast_to", lambda T, x: T.broadcast_to(x, (2, 3, 4)), [(3, 1)])
_add("broadcast_to_method", lambda T, x: x.broadcast_to((3, 4)), [(4,)])
_add("tensor_split_n", lambda T, x: x.tensor_split(3), [(7, 2)])
_add("tensor_split_idx", lambda T, x: T.tensor_split(x, [1, 4], dim=1), [(2, 6)])
_add("tensor_split_idx_oob", lambda T, x: T.tensor_split(x, [3, 1, 9], dim=0), [(5,)])
_add("split_with_sizes", lambda T, x: x.split_with_sizes([1, 3], dim=1), [(2, 4)])
_add("hstack", lambda T, a, b: T.hstack([a, b]), [(2, 3), (2, 1)])
_add("hstack_1d", lambda T, a, b: T.hstack((a, b)), [(3,), (2,)])
_add("vstack", lambda T, a, b: T.vstack([a, b]), [(3,), (3,)])
_add("vstack_2d", lambda T, a, b: T.vstack([a, b]), [(2, 3), (1, 3)])
_add("dstack", lambda T, a, b: T.dstack([a, b]), [(2, 3), (2, 3)])
_add("column_stack", lambda T, a, b: T.column_stack([a, b]), [(3,), (3, 2)])
_add("meshgrid_ij", lambda T, a, b: T.meshgrid(a, b, indexing="ij"), [(3,), (4,)])
_add("meshgrid_xy", lambda T, a, b: T.meshgrid([a, b], indexing="xy"), [(3,), (4,)])
_add("atleast", lambda T, a: [T.atleast_1d(a), T.atleast_2d(a), T.atleast_3d(a)], [()])
case(_err(lambda T: T.ones(2, 3).repeat(2)))
case(_err(lambda T: T.ones(2, 3).flip(0, 0)))
case(_err(lambda T: T.ones(2, 3).flip(2)))
case(_err(lambda T: T.ones(2, 3).roll((1, 2), 0)))
case(_err(lambda T: T.ones(3).tril()))
case(_err(lambda T: T.ones(3).tensor_split(0)))
case(_err(lambda T: T.ones(3, 2).broadcast_to((2, 2))))
case(_err(lambda T: T.meshgrid(T.ones(2), T.ones(2), indexing="yx")))
case(_err(lambda T: T.hstack([])))
case(_err(lambda T: T.vstack(T.ones(2))))

# ============================================================== sort family, reductions
_SORTV = lambda T, s: _x(T, s, 3)  # noqa: E731 (distinct values)
for _dt in ("float32", "float64", "int64", "int32", "uint8"):
    _add("sort", lambda T, x: T.sort(x * 7, stable=True), [(3, 5)], (_dt,))
    _add("argsort", lambda T, x: T.argsort(x * 7, dim=0, stable=True), [(3, 5)], (_dt,), grad=False)
_add("sort_desc", lambda T, x: x.sort(dim=0, descending=True), [(4, 3)])
_add("sort_desc_stable", lambda T, x: x.round().sort(descending=True, stable=True), [(3, 7)])
_add("sort_0d", lambda T, x: x.sort(), [()], ("float32",))
_add("sort_empty", lambda T, x: x.sort(), [(0,)], ("float32",))
_add("sort_t", lambda T, x: x.sort(1), [(4, 5)], ("float32",), t=True)
_add("sort_big", lambda T, x: x.sort(), [(2, 3000)], ("float64",), big=True)
_add("sort_nan", lambda T, x: T.sort(x.log(), stable=True), [(2, 6)], ("float64",), grad=False)
_add("sort_nan_desc", lambda T, x: T.sort(x.log(), descending=True, stable=True), [(2, 6)], ("float64",),
     grad=False)
_add("msort", lambda T, x: T.msort(x), [(4, 2)])
_add("topk", lambda T, x: x.topk(2), [(3, 5)])
_add("topk_small", lambda T, x: T.topk(x, 3, dim=0, largest=False), [(4, 3)])
_add("topk_int", lambda T, x: T.topk(x * 100 + T.arange(6), 2), [(6,)], ("int64",))
_add("topk_big", lambda T, x: x.topk(10), [(3000,)], ("float64",), big=True)
_add("kthvalue", lambda T, x: x.kthvalue(2, 1), [(3, 5)])
_add("kthvalue_keep", lambda T, x: T.kthvalue(x, 1, 0, keepdim=True), [(3, 5)])
_add("median", lambda T, x: x.median(), [(3, 5)])
_add("median_even", lambda T, x: T.median(x), [(4,)])
_add("median_dim", lambda T, x: x.median(1), [(3, 5)])
_add("median_dim_keep", lambda T, x: T.median(x, 0, keepdim=True), [(4, 3)])
_add("median_int", lambda T, x: x.median(), [(3, 5)], ("int64",))
_add("median_0d", lambda T, x: x.median(), [()], ("float32",))
_add("median_big", lambda T, x: x.median(0), [(1001, 3)], ("float64",), big=True)
_add("median_nan", lambda T, x: [x.log().median()], [(2, 3)], ("float64",), grad=False)
for _dt in ("float32", "float64", "int64", "int32"):
    _add("cumprod", lambda T, x: x.cumprod(1), [(3, 4)], (_dt,))
_add("cumprod_zeros", lambda T, x: (x * (x.abs() > 0.5)).cumprod(1), [(3, 6)], ("float64",))
_add("cumprod_0d", lambda T, x: x.cumprod(0), [()], ("float64",))
_add("cumprod_t", lambda T, x: T.cumprod(x, 0), [(4, 3)], ("float64",), t=True)
_add("cumprod_dtype", lambda T, x: T.cumprod(x, 0, dtype=T.float64), [(4,)], ("float32",))
_add("nansum", lambda T, x: x.log().nansum(), [(3, 4)])
_add("nansum_dim", lambda T, x: T.nansum(x.log(), 1, keepdim=True), [(3, 4)])
_add("nansum_int", lambda T, x: T.nansum(x), [(3, 4)], ("int64", "int32", "bool"))
_add("nanmean", lambda T, x: x.log().nanmean(0), [(3, 4)], ("float64",))
_add("var_mean", lambda T, x: T.var_mean(x), [(3, 4)])
_add("var_mean_dim", lambda T, x: T.var_mean(x, 1, keepdim=True), [(3, 4)])
_add("var_mean_corr", lambda T, x: T.var_mean(x, (0, 1), correction=0), [(2, 3, 4)])
_add("std_mean", lambda T, x: T.std_mean(x, 0), [(3, 4)])
_add("std_mean_unbiased", lambda T, x: T.std_mean(x, False), [(5,)])
_add("var_mean_big", lambda T, x: T.var_mean(x, 0), [(2000, 2)], ("float64",), big=True)
_add("cummax", lambda T, x: T.cummax(x, 1), [(3, 5)])
_add("cummin", lambda T, x: x.cummin(0), [(4, 3)])
_add("unique", lambda T, x: T.unique((x * 2).round(), return_inverse=True, return_counts=True), [(3, 5)],
     grad=False)
_add("unique_int", lambda T, x: x.unique(), [(3, 5)], ("int64", "bool"))
_add("unique_dim", lambda T, x: T.unique(T.cat([x, x]), dim=0), [(2, 3)], ("float32",), grad=False)
_add("unique_consecutive", lambda T, x: T.unique_consecutive(T.tensor([1, 1, 2, 2, 3, 1]), return_counts=True,
                                                               return_inverse=True), [()], ("int64",))
case(_err(lambda T: T.ones(3).topk(4)))
case(_err(lambda T: T.ones(3).kthvalue(0)))
case(_err(lambda T: T.ones(3, 0).median(1)))
case(_err(lambda T: T.ones(3).sort(1)))
case(_err(lambda T: T.var_mean(T.ones(3, dtype=T.int64))))
case(_err(lambda T: T.nanmean(T.ones(3, dtype=T.int64))))
case(lambda T: [T.ones(3, requires_grad=True).unique().grad_fn is not None])

# ============================================================== masked_select, scatter, index_*
_add("masked_select", lambda T, x: T.masked_select(x, x > 0), [(3, 4)])
_add("masked_select_bcast", lambda T, x, m: x.masked_select(m > 0), [(3, 1), (3, 4)])
_add("masked_select_int", lambda T, x: T.masked_select(x, x > 0), [(3, 4)], ("int64",))
_add("masked_select_big", lambda T, x: x.masked_select(x > 0), [(3000,)], ("float64",), big=True)
_IDX = lambda T: T.tensor([[2, 0, 1, 2], [0, 1, 2, 1]])  # noqa: E731 (no duplicate targets per column)
_add("scatter_src", lambda T, x, s: x.scatter(0, _IDX(T), s), [(3, 4), (2, 5)])
_add("scatter_value", lambda T, x: T.scatter(x, 0, _IDX(T), 1.5), [(3, 4)])
_add("scatter_dim1", lambda T, x, s: x.scatter(1, T.tensor([[3, 0], [1, 2]]), s), [(2, 4), (2, 2)])
_add("scatter_int", lambda T, x, s: x.scatter(0, _IDX(T), s), [(3, 4), (2, 4)], ("int64",))
_add("scatter_add", lambda T, x, s: x.scatter_add(0, T.tensor([[0, 0, 1, 2], [0, 1, 1, 1]]), s),
     [(3, 4), (2, 4)])
_add("scatter_reduce_add", lambda T, x, s: x.scatter(0, T.tensor([[0, 0, 1, 2], [0, 1, 1, 1]]), s,
                                                      reduce="add"), [(3, 4), (2, 4)], grad=False)
for _r in ("sum", "mean", "amax", "amin", "prod"):
    for _inc in (True, False):
        _add(f"scatter_reduce_{_r}_{_inc}",
             (lambda r, inc: lambda T, x, s: x.scatter_reduce(0, T.tensor([[0, 0, 1, 2], [0, 1, 1, 1]]), s + 1.5,
                                                              r, include_self=inc))(_r, _inc),
             [(3, 4), (2, 4)], ("float64",))
_add("scatter_reduce_amax_ties", lambda T, x, s: x.round().scatter_reduce(0, T.tensor([[0, 0], [0, 0]]),
                                                                          s.round(), "amax"), [(2, 2), (2, 2)],
     ("float64",))
_add("index_add", lambda T, x, s: x.index_add(0, T.tensor([0, 2, 0]), s, alpha=2), [(3, 4), (3, 4)])
_add("index_add_dim1", lambda T, x, s: T.index_add(x, 1, T.tensor([1, 1]), s), [(3, 4), (3, 2)])
_add("index_copy", lambda T, x, s: x.index_copy(1, T.tensor([3, 0]), s), [(3, 4), (3, 2)])
_add("index_fill", lambda T, x: x.index_fill(1, T.tensor([3, 0]), -1.0), [(3, 4)])
_add("index_fill_neg", lambda T, x: x.index_fill(0, T.tensor([-1]), 2), [(3, 4)])
_add("index_fill_int", lambda T, x: x.index_fill(0, T.tensor([1]), 7), [(3, 4)], ("int64",))
case(_err(lambda T: T.ones(3).masked_select(T.ones(3))))
case(_err(lambda T: T.ones(3).masked_select(T.ones(2) > 0)))
case(_err(lambda T: T.ones(3, 4).scatter(0, T.tensor([[5]]), 1.0)))
case(_err(lambda T: T.ones(3, 4).scatter(0, T.tensor([[1]], dtype=T.int32), 1.0)))
case(_err(lambda T: T.ones(3, 4).scatter(0, T.tensor([1]), 1.0)))
case(_err(lambda T: T.ones(3, 4).scatter(2, T.tensor([[1]]), 1.0)))
case(_err(lambda T: T.ones(3, 4).scatter_reduce(0, T.tensor([[1]]), T.ones(1, 1), "max")))
case(_err(lambda T: T.ones(3, 4).index_add(0, T.tensor([5]), T.ones(1, 4))))
case(_err(lambda T: T.ones(3, 4).index_add(0, T.tensor([[0]]), T.ones(1, 4))))
case(_err(lambda T: T.ones(3, 4).index_fill(0, T.tensor([3]), 1.0)))
case(_err(lambda T: T.ones(3, 4).index_copy(0, T.tensor([0]), T.ones(1, 4, dtype=T.float64))))

# ============================================================== matrices, einsum, counting
_add("trace", lambda T, x: x.trace(), [(3, 4)])
_add("trace_int", lambda T, x: T.trace(x), [(3, 3)], ("int64", "int32"))
_add("diag_embed", lambda T, x: T.diag(x), [(3,)])
_add("diag_embed_k", lambda T, x: T.diag(x, -1), [(3,)])
_add("diag_mat", lambda T, x: x.diag(), [(3, 4)])
_add("diag_mat_k", lambda T, x: T.diag(x, 2), [(3, 4)])
_add("diag_mat_t", lambda T, x: T.diag(x), [(4, 3)], ("float32",), t=True)
_add("cross", lambda T, a, b: T.cross(a, b, dim=1), [(4, 3), (4, 3)])
_add("cross_linalg_bcast", lambda T, a, b: T.linalg.cross(a, b), [(2, 3), (1, 3)])
for _p in (2.0, 1.0, 0.5, 3.0, float("inf"), 0.0):
    _add(f"cdist_p{_p}", (lambda p: lambda T, a, b: T.cdist(a, b, p=p))(_p), [(4, 3), (5, 3)])
_add("cdist_batch", lambda T, a, b: T.cdist(a, b), [(2, 3, 2), (2, 4, 2)], ("float64",))
for _eq, _shapes in (("ij,jk->ik", [(3, 4), (4, 5)]), ("ij,jk", [(3, 4), (4, 5)]), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
                     ("ii->i", [(3, 3)]), ("ii", [(3, 3)]), ("ij->ji", [(2, 3)]), ("i,j->ij", [(3,), (4,)]),
                     ("i,i->", [(4,), (4,)]), ("...ij,...jk->...ik", [(2, 3, 4), (4, 2)]),
                     ("bn,anm,bm->ba", [(2, 3), (4, 3, 5), (2, 5)]), ("ij->", [(3, 4)]), ("ijk->kj", [(2, 3, 4)])):
    _add("einsum_" + _eq.replace(",", "_").replace("->", "_to_").replace(".", "E"),
         (lambda eq: lambda T, *xs: T.einsum(eq, *xs).detach())(_eq), _shapes, ("float64",), grad=False)
    _add("einsum_grad_" + _eq.replace(",", "_").replace("->", "_to_").replace(".", "E"),
         (lambda eq: lambda T, *xs: [T.einsum(eq, *xs) * 1])(_eq), _shapes, ("float64",))
_add("einsum_list", lambda T, a, b: [T.einsum("ij,jk->ik", [a, b]) * 1], [(3, 4), (4, 2)])
_add("histc", lambda T, x: T.histc(x, bins=5), [(40,)], ("float32", "float64"), grad=False)
_add("histc_range", lambda T, x: T.histc(x, 4, min=-1, max=1), [(40,)], ("float32",), grad=False)
_add("bincount", lambda T, x: T.bincount(x.abs()), [(20,)], ("int64", "int32", "uint8"))
_add("bincount_w", lambda T, x: T.bincount(x.abs(), weights=T.arange(20.0), minlength=12), [(20,)], ("int64",))
case(_err(lambda T: T.ones(3).trace()))
case(_err(lambda T: T.ones(2, 2, 2).diag()))
case(_err(lambda T: T.cross(T.ones(2, 4), T.ones(2, 4), dim=1)))
case(_err(lambda T: T.cdist(T.ones(3), T.ones(3, 3))))
case(_err(lambda T: T.cdist(T.ones(2, 3), T.ones(2, 4))))
case(_err(lambda T: T.einsum("ij,jk", T.ones(2, 3))))
case(_err(lambda T: T.einsum("ijk", T.ones(2, 3))))
case(_err(lambda T: T.histc(T.ones(3, dtype=T.int64))))
case(_err(lambda T: T.bincount(T.tensor([-1, 2]))))
case(_err(lambda T: T.bincount(T.ones(3))))

# ============================================================== in-place forms: values, grad_fn, version, errors


def _inplace(name, args=(), base=lambda T, x: x, dtype="float32"):
    def run(T):
        leaf = _x(T, (3, 4), 0, dtype, requires_grad=dtype.startswith("float"))
        y = base(T, leaf * 1 if dtype.startswith("float") else leaf.clone())
        v0 = y._version
        r = getattr(y, name)(*[a(T) if callable(a) else a for a in args])
        out = [r is y, y._version - v0, None if y.grad_fn is None else type(y.grad_fn).__name__, y.detach()]
        if y.requires_grad:
            y.sum().backward()
            out.append(leaf.grad)
        return out
    CASES[f"inplace_{name}_{dtype}"] = run


for _n in ("sin_", "cos_", "tan_", "expm1_", "erf_", "sinh_", "cosh_", "atan_", "floor_", "ceil_", "round_",
           "trunc_", "frac_", "sign_", "reciprocal_", "log1p_", "exp2_", "square_", "neg_", "exp_", "sigmoid_",
           "tanh_", "relu_", "abs_", "nan_to_num_"):
    _inplace(_n)
for _n in ("asin_", "acos_", "atanh_"):
    _inplace(_n, base=lambda T, x: x * 0.4)
for _n in ("rsqrt_", "log2_", "log10_", "sqrt_", "log_"):
    _inplace(_n, base=lambda T, x: x.abs() + 0.5)
_inplace("clamp_min_", (0.1,))
_inplace("clamp_max_", (0.1,))
_inplace("atan2_", (lambda T: _x(T, (3, 4), 2),))
_inplace("addcmul_", (lambda T: _x(T, (3, 4), 2), lambda T: _x(T, (4,), 3)))
_inplace("addcdiv_", (lambda T: _x(T, (3, 4), 2), lambda T: _x(T, (4,), 3) + 3))
_inplace("lerp_", (lambda T: _x(T, (3, 4), 2), 0.25))
_inplace("tril_", (1,))
_inplace("triu_", ())
_inplace("addmm_", (lambda T: _x(T, (3, 2), 2), lambda T: _x(T, (2, 4), 3)))
_inplace("index_add_", (0, lambda T: T.tensor([2, 0]), lambda T: _x(T, (2, 4), 2)))
_inplace("index_copy_", (1, lambda T: T.tensor([2, 0]), lambda T: _x(T, (3, 2), 2)))
_inplace("index_fill_", (1, lambda T: T.tensor([2, 0]), 3.0))
_inplace("scatter_", (0, lambda T: T.tensor([[2, 0, 1, 2]]), lambda T: _x(T, (1, 4), 2)))
_inplace("scatter_", (0, lambda T: T.tensor([[2, 0, 1, 2]]), 3.0), dtype="float64")
_inplace("scatter_add_", (0, lambda T: T.tensor([[2, 0, 1, 2]]), lambda T: _x(T, (1, 4), 2)))
_inplace("scatter_reduce_", (0, lambda T: T.tensor([[2, 0, 1, 2]]), lambda T: _x(T, (1, 4), 2), "amax"))
for _n in ("sin_", "floor_", "square_", "clamp_min_"):
    _inplace(_n, (0,) if _n == "clamp_min_" else (), dtype="float64")
_inplace("index_fill_", (0, lambda T: T.tensor([1]), 5), dtype="int64")
_inplace("sin_", base=lambda T, x: x[1:, ::2])          # on a view: CopySlices on the base
_inplace("cumprod_", (1,), base=lambda T, x: x + 0)
case(_err(lambda T: T.ones(2, requires_grad=True).sin_()))
case(_err(lambda T: T.ones(2, dtype=T.int64).sin_()))
case(_err(lambda T: T.ones(2, dtype=T.int64).addcdiv_(T.ones(2), T.ones(2))))
case(_err(lambda T: T.ones(2).expand(3, 2).sin_()))


@case
def inplace_view_grad(T):
    leaf = _x(T, (3, 4), requires_grad=True)
    base = leaf * 1
    v = base[:, 1]
    v.exp2_()
    (base * _x(T, (3, 4), 5)).sum().backward()
    return [type(base.grad_fn).__name__, type(v.grad_fn).__name__, base._version, leaf.grad]


@case
def inplace_saved_modified(T):
    x = _x(T, (3,), requires_grad=True)
    y = x * 1
    z = y.sinh()
    y.cosh_()
    try:
        z.sum().backward()
    except RuntimeError as e:
        return str(e)
    return "no error"


# ============================================================== out=
@case
def out_ok(T):
    o = T.empty(0)
    r = T.cumprod(_x(T, (3,)), 0, out=o)
    o2 = T.zeros(3, 4)
    T.addmm(_x(T, (3, 4)), _x(T, (3, 2)), _x(T, (2, 4)), out=o2)
    o3 = (T.empty(0), T.empty(0, dtype=T.int64))
    T.sort(_x(T, (5,)), out=o3)
    return [r is o, o, o2, o2._version, list(o3)]


case(_err(lambda T: T.cumprod(T.ones(3, requires_grad=True), 0, out=T.empty(3))))
case(_err(lambda T: T.addmm(T.ones(2, 2), T.ones(2, 2, requires_grad=True), T.ones(2, 2), out=T.empty(2, 2))))
case(_err(lambda T: T.erf(T.ones(2), out=[1])))


# ============================================================== gradcheck / double backward


@case
def gradcheck_ops(T):
    d = T.float64
    res = []
    for f, shapes in ((lambda a: a.flip(0).roll(1, 1).repeat(2, 1).tril(), [(3, 4)]),
                      (lambda a: a.sinh() * a.erf() + a.atan() + a.expm1(), [(3,)]),
                      (lambda a, b: T.addcdiv(a, a, b.abs() + 1) + T.lerp(a, b, 0.3), [(3,), (3,)]),
                      (lambda a, b: T.addmm(a, a, b) + T.einsum("ij,jk->ik", a, b), [(2, 2), (2, 2)]),
                      (lambda a: a.sort(1).values * a.topk(2).values.sum(), [(2, 3)]),
                      (lambda a: a.cumprod(0) + a.median() + T.var_mean(a, 0)[0], [(3, 2)]),
                      (lambda a, b: T.cdist(a, b) + T.cross(a[:, :3], b[:, :3], dim=1).sum(), [(2, 3), (2, 3)]),
                      (lambda a: a.scatter_reduce(0, T.tensor([[0, 1, 0]]), a[:1] * 2, "amax"), [(2, 3)])):
        xs = [_x(T, s, i, "float64", 1.0).detach().requires_grad_() for i, s in enumerate(shapes)]
        res.append(T.autograd.gradcheck(f, tuple(xs)))
        res.append(T.autograd.gradgradcheck(f, tuple(xs)) if f is not None and len(res) < 8 else True)
    return res


# ============================================================== linalg
_SPD = lambda T, a: a.matmul(a.transpose(-1, -2)) + 3 * T.eye(a.shape[-1], dtype=a.dtype)  # noqa: E731
for _o in (None, 2, 1, 3.5, float("inf"), -float("inf"), 0):
    _add(f"vector_norm_{_o}", (lambda o: lambda T, x: T.linalg.vector_norm(x, 2 if o is None else o))(_o), [(3, 4)])
_add("vector_norm_dim", lambda T, x: T.linalg.vector_norm(x, dim=1, keepdim=True), [(3, 4)])
_add("vector_norm_dims", lambda T, x: T.linalg.vector_norm(x, 3, dim=(0, 2)), [(2, 3, 4)])
_add("vector_norm_zero", lambda T, x: T.linalg.vector_norm(x * 0), [(3,)])
_add("vector_norm_big", lambda T, x: T.linalg.vector_norm(x, dim=0), [(2500, 2)], ("float64",), big=True)
_add("vector_norm_t", lambda T, x: T.linalg.vector_norm(x, 1, dim=1), [(4, 3)], ("float32",), t=True)
# the generated (3, 4) input is rank 2 (rows of one sinusoid), where the
# smallest singular value is 0 and its singular vectors -- so the gradients
# of "nuc" and -2 -- are whatever LAPACK picks on that CPU: a diagonal makes
# those two full rank
for _o in ("fro", "nuc", 2, -2, 1, -1, float("inf"), -float("inf")):
    _add(f"matrix_norm_{_o}", (lambda o: lambda T, x: T.linalg.matrix_norm(
        x + T.eye(3, 4, dtype=x.dtype) * 0.5 if o in ("nuc", -2) else x, o))(_o), [(3, 4)], ("float64",))
_add("matrix_norm_batch_keep", lambda T, x: T.linalg.matrix_norm(x, keepdim=True), [(2, 3, 4)])
_add("norm_default", lambda T, x: T.linalg.norm(x), [(2, 3, 4)])
_add("norm_ord_mat", lambda T, x: T.linalg.norm(x, 1), [(3, 4)], ("float64",))
_add("norm_ord_vec", lambda T, x: T.linalg.norm(x, 3, dim=0), [(3, 4)], ("float64",))
_add("norm_fro", lambda T, x: T.linalg.norm(x, "fro"), [(3, 4)], ("float64",))
_add("inv", lambda T, x: T.linalg.inv(_SPD(T, x)), [(3, 3)])
_add("inv_batch", lambda T, x: T.linalg.inv(_SPD(T, x)), [(2, 3, 3)], ("float64",))
_add("inverse", lambda T, x: T.inverse(_SPD(T, x)), [(3, 3)], ("float64",))
_add("inverse_method", lambda T, x: _SPD(T, x).inverse(), [(2, 2)], ("float64",))
_add("det", lambda T, x: T.linalg.det(_SPD(T, x) - 2), [(3, 3)])
_add("det_batch", lambda T, x: T.det(x), [(2, 3, 3)], ("float64",))
_add("det_method", lambda T, x: x.det(), [(3, 3)], ("float64",))
_add("solve", lambda T, a, b: T.linalg.solve(_SPD(T, a), b), [(3, 3), (3, 2)])
_add("solve_vec", lambda T, a, b: T.linalg.solve(_SPD(T, a), b), [(3, 3), (3,)], ("float64",))
_add("solve_batch", lambda T, a, b: T.linalg.solve(_SPD(T, a), b), [(2, 3, 3), (2, 3, 1)], ("float64",))
case(_err(lambda T: T.linalg.inv(T.ones(2, 3))))
case(_err(lambda T: T.linalg.inv(T.ones(3, 3))))
case(_err(lambda T: T.linalg.inv(T.ones(3))))
case(_err(lambda T: T.linalg.inv(T.ones(2, 2, dtype=T.int64))))
case(_err(lambda T: T.linalg.det(T.ones(2, 3))))
case(_err(lambda T: T.linalg.solve(T.eye(3), T.ones(2))))
case(_err(lambda T: T.linalg.solve(T.eye(3), T.ones(3, dtype=T.float64))))
case(_err(lambda T: T.linalg.vector_norm(T.ones(3, dtype=T.int64))))
case(_err(lambda T: T.linalg.norm(T.ones(2, 2, 2), 2)))
case(_err(lambda T: T.linalg.matrix_norm(T.ones(3))))


@case
def gradcheck_linalg(T):
    a = (_x(T, (3, 3), 1, "float64", 1.0) + 3 * T.eye(3, dtype=T.float64)).detach().requires_grad_()
    b = _x(T, (3, 2), 2, "float64", 1.0).detach().requires_grad_()
    return [T.autograd.gradcheck(lambda a, b: T.linalg.solve(a, b) + T.linalg.inv(a).sum() + T.linalg.det(a),
                                 (a, b)),
            T.autograd.gradcheck(lambda a: T.linalg.vector_norm(a, 3) + T.linalg.matrix_norm(a, "nuc"), (a,))]


# ============================================================== in-place view ops (geometry changes in place)
def _geo(name, args, shape=(2, 1, 3), dtype="float32"):
    def run(T):
        leaf = _x(T, shape, 0, dtype, requires_grad=dtype.startswith("float"))
        y = leaf * 1 if dtype.startswith("float") else leaf.clone()
        v0 = y._version
        r = getattr(y, name)(*args)
        out = [r is y, y._version - v0, None if y.grad_fn is None else type(y.grad_fn).__name__, list(y.shape),
               y.stride(), y.is_contiguous(), y.detach()]
        if y.requires_grad:
            (y * _x(T, tuple(y.shape), 4)).sum().backward()
            out.append(leaf.grad)
        return out
    CASES[f"geo_{name}_{'_'.join(map(str, args))}_{len(shape)}d_{dtype}"] = run


for _dt in ("float32", "int64"):
    _geo("unsqueeze_", (0,), dtype=_dt)
    _geo("squeeze_", (), dtype=_dt)
    _geo("transpose_", (0, 2), dtype=_dt)
_geo("unsqueeze_", (-1,))
_geo("squeeze_", (1,))
_geo("squeeze_", (0,))
_geo("squeeze_", ((1, 0),))
_geo("swapdims_", (2, 1))
_geo("swapaxes_", (0, 1))
_geo("t_", (), shape=(2, 3))
_geo("t_", (), shape=(3,))
_geo("t_", (), shape=())
_geo("unsqueeze_", (0,), shape=())
_geo("squeeze_", (), shape=(1, 1))
case(_err(lambda T: T.ones(2, 3, 4).t_()))
case(_err(lambda T: T.ones(2, 3).transpose_(0, 2)))
case(_err(lambda T: T.ones(2, 3, requires_grad=True).unsqueeze_(0)))
case(_err(lambda T: T.ones(2, 3).unsqueeze_(3)))


@case
def geo_then_inplace(T):
    leaf = _x(T, (2, 3), requires_grad=True)
    y = leaf * 2
    y.t_()
    y.mul_(_x(T, (3, 2), 1))
    y.unsqueeze_(0)
    y.sum().backward()
    return [type(y.grad_fn).__name__, y._version, leaf.grad]
