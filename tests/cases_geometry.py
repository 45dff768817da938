"""Geometry safety (issue 11): every reproducer that crashed the process or
read/wrote outside a tensor, and the validation of sizes, strides, offsets,
steps and dims before they reach numpy's C API. Run against torch and
cyautograd; each case reduces to plain data (harness.plain)."""
import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def attempt(f):
    """The result of f() or the error it raised (type, first line of the
    message: torch appends a C++ trace to some)."""
    try:
        return {"ok": f()}
    except Exception as e:  # noqa: BLE001 - errors are observables
        msg = str(e).split("\n")[0].rstrip('"')
        return {"raises": type(e).__name__, "msg": msg.replace("torch.", "cyautograd.")}


def geom(t):
    """shape, strides of dims that move (size > 1), offset, values."""
    return {"shape": list(t.shape), "stride": [s for s, n in zip(t.stride(), t.shape) if n > 1],
            "offset": t.storage_offset(), "t": t}


def x34(T, **kw):
    return T.arange(12.0, **kw).reshape(3, 4)


# ---- 1. sizes/strides above the small-int cache (TensorGeometry) ----------

@case
def unfold_loop_1000(T):
    x = T.ones(1000)
    out = None
    for _ in range(10):
        out = x.unfold(0, 2, 1)
    return [list(out.shape), list(out.stride()), float(out.sum())]


@case
def unfold_large_grad(T):
    x = T.arange(3000.0, dtype=T.float64, requires_grad=True)
    y = x.unfold(0, 700, 300)
    (y * y).sum().backward()
    g = x.grad.numpy()
    return [list(y.shape), list(y.stride()), y.grad_fn, float(g.sum()), float((g * np.arange(3000)).sum())]


@case
def inplace_on_wide_view_training_loop(T):
    w = T.tensor(np.linspace(-1, 1, 40 * 300).reshape(40, 300), requires_grad=True)
    xin = T.tensor(np.linspace(0, 1, 8 * 40).reshape(8, 40))
    for _ in range(5):
        h = xin @ w           # a 300-wide hidden layer
        h[:, :150].mul_(0.5)  # in place on a view: CopySlices
        loss = (h * h).sum()
        loss.backward()
    return [h.grad_fn, h._version, float(loss), float(w.grad.sum()), float((w.grad * w.grad).sum())]


@case
def inplace_on_view_regenerated_grad_fn_large(T):
    base = T.zeros(600, 500, dtype=T.float64, requires_grad=True) * 1
    v = base[100:400, 260:499]
    d = base.diagonal()
    v.add_(1.5)
    d.mul_(2.0)
    r = [v.grad_fn, d.grad_fn, base.grad_fn, v._version, list(v.stride()), v.storage_offset()]
    return r + [float(base.sum()), float((base * base).sum())]


# ---- 2. as_strided inside the storage ------------------------------------

AS_STRIDED = {
    "neg_offset": ((5,), (1,), -5),
    "neg_stride": ((5,), (-1,), 5),
    "neg_stride_neg_offset": ((5,), (-1,), -5),
    "neg_size_neg_offset": ((-1,), (1,), -5),
    "huge_neg_offset": ((5,), (1,), -2 ** 62),
    "past_end": ((5,), (1,), 10),
    "huge_offset": ((5,), (1,), 2 ** 62),
    "huge_size": ((2 ** 62,), (1,), 0),
    "neg_size": ((-1,), (1,), 0),
    "overflow_2d": ((2, 2 ** 62), (1, 2 ** 62), 0),
    "big_in_range_check": ((3, 2 ** 40, 2 ** 40), (1, 1, 1), 0),
    "stride_max": ((2,), (2 ** 63 - 1,), 0),
    "size1_big_stride_ok": ((1, 2), (2 ** 40, 1), 0),
    "empty_wide_stride": ((0, 5), (1, 100), 0),
    "empty_at_end": ((0,), (1,), 12),
    "empty_past_end": ((0,), (1,), 13),
    "zero_stride_last": ((1, 2), (0, 0), 11),
    "zero_stride_past": ((1, 2), (0, 0), 12),
    "scalar_last": ((), (), 11),
    "scalar_past": ((), (), 12),
    "len_mismatch": ((5,), (1, 2), 0),
    "size_unpack_overflow": ((2 ** 63,), (1,), 0),
    "stride_unpack_overflow": ((5,), (2 ** 63,), 0),
    "float_stride": ((5,), (1.0,), 1),
    "bool_size": ((True,), (1,), 0),
    "bool_offset": ((5,), (1,), True),
    "float_offset": ((5,), (1,), 1.5),
    "int_size": (5, 1, 0),
    "ok_overlapping": ((3, 3), (1, 1), 2),
    "ok_transposed": ((4, 3), (1, 4), 0),
}


def _as_strided_case(args):
    def f(T):
        x = x34(T)
        return attempt(lambda: geom(x.as_strided(*args)))
    return f


for _k, _a in AS_STRIDED.items():
    CASES["as_strided_" + _k] = _as_strided_case(_a)


@case
def as_strided_of_view_default_offset(T):
    x = x34(T)
    return geom(x[1:].as_strided((5,), (1,)))


@case
def as_strided_neg_offset_fill_leaves_memory(T):
    x = x34(T)
    before = x.clone()
    r = attempt(lambda: x.as_strided((5,), (1,), -5).fill_(7.0))
    return [r, x, bool((x == before).all()), x._version]


@case
def as_strided_valid_fill_and_grad(T):
    leaf = T.arange(20.0, dtype=T.float64, requires_grad=True)
    base = leaf * 1
    v = base.as_strided((3, 4), (5, 1), 3)
    v.mul_(3.0)
    base.sum().backward()
    return [v.grad_fn, base.grad_fn, v._version, leaf.grad, base]


# ---- unfold / diagonal / expand / view / narrow / select -----------------

GEOMETRY_OPS = {
    "unfold_step_1e18": lambda x: x.unfold(1, 4, 10 ** 18),
    "unfold_step_2_62_dim0": lambda x: x.unfold(0, 1, 2 ** 62),
    "unfold_step_unpack_overflow": lambda x: x.unfold(1, 4, 2 ** 63),
    "unfold_size_unpack_overflow": lambda x: x.unfold(1, 2 ** 63, 1),
    "unfold_neg_size": lambda x: x.unfold(1, -1, 1),
    "unfold_size_too_big": lambda x: x.unfold(1, 5, 1),
    "unfold_size0": lambda x: x.unfold(1, 0, 1),
    "unfold_step0": lambda x: x.unfold(1, 2, 0),
    "unfold_neg_step": lambda x: x.unfold(1, 2, -1),
    "unfold_bad_dim": lambda x: x.unfold(5, 2, 1),
    "unfold_bool_step": lambda x: x.unfold(1, 2, True),
    "unfold_float_step": lambda x: x.unfold(1, 2, 2.0),
    "unfold_0d": lambda x: x[0, 0].unfold(0, 1, 1),
    "unfold_0d_too_big": lambda x: x[0, 0].unfold(0, 2, 1),
    "unfold_0d_size0": lambda x: x[0, 0].unfold(0, 0, 5),
    "unfold_0d_bad_dim": lambda x: x[0, 0].unfold(1, 1, 1),
    "diagonal_huge_pos": lambda x: x.diagonal(2 ** 62),
    "diagonal_huge_neg": lambda x: x.diagonal(-2 ** 62),
    "diagonal_int64_min": lambda x: x.diagonal(-2 ** 63),
    "diagonal_int64_max": lambda x: x.diagonal(2 ** 63 - 1),
    "diagonal_unpack_overflow": lambda x: x.diagonal(2 ** 63),
    "diagonal_same_dims": lambda x: x.diagonal(0, 0, 0),
    "diagonal_bad_dim": lambda x: x.diagonal(0, 0, 5),
    "diagonal_neg_offset": lambda x: x.diagonal(-1),
    "diagonal_pos_offset": lambda x: x.diagonal(2),
    "expand_leading_huge": lambda x: x.expand(2 ** 62, 3, 4),
    "expand_two_huge": lambda x: x.expand(2 ** 62, 2 ** 62, 3, 4),
    "expand_leading_neg2": lambda x: x.expand(-2, 3, 4),
    "expand_leading_neg1": lambda x: x.expand(-1, 3, 4),
    "expand_mismatch_neg": lambda x: x.expand(3, -2),
    "expand_singleton_neg2": lambda x: x[:1, :1].expand(-2, 1),
    "expand_unpack_overflow": lambda x: x[:1, :1].expand(2 ** 63, 1),
    "expand_huge_then_zero": lambda x: x[:1, :1].expand(2 ** 62, 4, 0),
    "expand_ok": lambda x: x[:1].expand(5, 3, 4),
    "view_numel_overflow_empty": lambda x: x[:0].view(2 ** 62, 4, 0),
    "view_two_huge_empty": lambda x: x[:0].view(2 ** 62, 2 ** 62, 0),
    "view_stride_overflow_empty": lambda x: x[:0].view(0, 2 ** 62, 2),
    "view_unpack_overflow": lambda x: x.view(2 ** 63, 0),
    "view_unpack_overflow_pos2": lambda x: x.view(1, 2 ** 63),
    "view_infer_ambiguous": lambda x: x[:0].view(0, -1),
    "view_neg2": lambda x: x.view(-2),
    "view_neg3_at_1": lambda x: x.view(2, -3),
    "view_two_infer": lambda x: x.view(-1, -1),
    "view_bad_numel": lambda x: x.view(5, -1),
    "view_big_dims_product_overflow": lambda x: x.view(2 ** 40, 2 ** 40, -1),
    "reshape_infer_ambiguous": lambda x: x[:0].reshape(0, -1),
    "reshape_neg2": lambda x: x.reshape(3, -2),
    "narrow_start_past": lambda x: x.narrow(0, 4, 0),
    "narrow_start_end": lambda x: x.narrow(0, 3, 0).shape,
    "narrow_neg_start": lambda x: x.narrow(0, -3, 1),
    "narrow_neg_start_oob": lambda x: x.narrow(0, -4, 1),
    "narrow_neg_length": lambda x: x.narrow(0, 1, -1),
    "narrow_huge_start": lambda x: x.narrow(0, 2 ** 62, 1),
    "narrow_huge_length": lambda x: x.narrow(0, 0, 2 ** 62),
    "narrow_0d": lambda x: x[0, 0].narrow(0, 0, 1),
    "select_unpack_overflow": lambda x: x.select(0, 2 ** 63),
    "getitem_unpack_overflow": lambda x: x[2 ** 63],
    "getitem_huge": lambda x: x[2 ** 62],
    "getitem_int64_min": lambda x: x[-2 ** 63],
    "movedim_bad": lambda x: x.movedim(5, 0),
    "movedim_unpack_overflow": lambda x: x.movedim(0, 2 ** 63),
    "unsqueeze_unpack_overflow": lambda x: x.unsqueeze(2 ** 63),
    "transpose_unpack_overflow": lambda x: x.transpose(0, 2 ** 63),
}


def _geometry_case(op):
    def f(T):
        x = x34(T)
        r = attempt(lambda: op(x))
        if "ok" in r and isinstance(r["ok"], T.Tensor):
            r["ok"] = geom(r["ok"])
        elif "ok" in r:
            r["ok"] = list(r["ok"])
        return r
    return f


for _k, _op in GEOMETRY_OPS.items():
    CASES["geometry_" + _k] = _geometry_case(_op)


@case
def unfold_huge_step_grad(T):
    x = x34(T, dtype=T.float64).requires_grad_()
    y = x.unfold(1, 4, 10 ** 18)
    (y * y).sum().backward()
    return [geom(y), y.grad_fn, x.grad]


@case
def unfold_huge_step_inplace(T):
    x = x34(T, dtype=T.float64).requires_grad_()
    b = x * 1
    y = b.unfold(1, 4, 10 ** 18)
    y.add_(1.0)
    b.sum().backward()
    return [y.grad_fn, b.grad_fn, b, x.grad, y._version]


# ---- 3. pow with a bool exponent; views of inference tensors --------------

@case
def pow_bool_exponent_grad(T):
    out = []
    for e in (True, False):
        x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = x ** e
        y.sum().backward()
        out += [y, x.grad]
    return out


@case
def pow_numpy_bool_exponent_grad(T):
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x ** np.True_
    y.sum().backward()
    return [y, x.grad, T.pow(x, True)]


@case
def pow_bool_exponent_create_graph(T):
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    (g,) = T.autograd.grad((x ** True).sum(), x, create_graph=True)
    return [g]


@case
def pow_bool_exponent_int_and_bool_tensors(T):
    xi = T.tensor([1, 2, 3])
    xb = T.tensor([True, False])
    return [xi ** True, xi ** False, xb ** True, True ** T.tensor([1.0, 2.0], requires_grad=True)]


INFERENCE_VIEWS = {
    "view": lambda a: a.view(12),
    "select": lambda a: a[0],
    "transpose": lambda a: a.transpose(0, 1),
    "unsqueeze": lambda a: a.unsqueeze(0),
    "t": lambda a: a.t(),
    "reshape": lambda a: a.reshape(-1),
    "slice": lambda a: a[:, :2],
    "expand": lambda a: a.expand(2, 3, 4),
    "unfold": lambda a: a.unfold(0, 2, 1),
    "diagonal": lambda a: a.diagonal(),
    "as_strided": lambda a: a.as_strided((2,), (1,)),
    "unbind": lambda a: a.unbind(0)[1],
}


def _inference_view_case(op):
    def f(T):
        with T.inference_mode():
            a = T.ones(3, 4, requires_grad=True)
        b = op(a)
        return [a.requires_grad, a.is_inference(), b.requires_grad, b.is_inference(), b.is_leaf,
                b.grad_fn, b._base is None, attempt(lambda: b._version), b]
    return f


for _k, _op in INFERENCE_VIEWS.items():
    CASES["inference_tensor_" + _k] = _inference_view_case(_op)


@case
def inference_tensor_functional_op_tracks(T):
    with T.inference_mode():
        a = T.ones(3, 4, requires_grad=True)
    c = a * 2
    return [c.requires_grad, c.is_inference(), c.grad_fn, attempt(lambda: a.add_(1)),
            attempt(lambda: a.requires_grad_(True) is a)]


# ---- unchecked casts found by the audit ----------------------------------

@case
def nll_loss_list_weight(T):
    F = T.nn.functional
    return [attempt(lambda: F.nll_loss(T.zeros(2, 3), T.tensor([0, 1]), weight=[1.0, 1.0, 1.0])),
            attempt(lambda: F.nll_loss(T.zeros(2, 3), T.tensor([0, 1]), weight=np.ones(3, np.float32))),
            F.nll_loss(T.zeros(2, 3), T.tensor([0, 1]), weight=T.ones(3))]


@case
def bce_list_weight(T):
    F = T.nn.functional
    return attempt(lambda: F.binary_cross_entropy(T.full((3,), 0.5), T.ones(3), weight=[1.0, 1.0, 1.0]))
