"""Hypothesis properties: dtype promotion of binary ops and operators over
every dtype pair, 0-d against dimensioned tensors, Python scalars (bool, int
— including ints out of a small dtype's range — float), numpy scalars on
either side, and the bitwise/shift operators — result dtype, values and
errors against torch. Without torch: torch's promotion lattice restated
(category, then the wider type; dimensioned over 0-d over scalars) and the
values computed in that dtype by numpy. See props_common.py."""
import operator

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import cyautograd
from props_common import HAVE_TORCH, assert_same_error, dtype_name, run_both, to_np

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]

OPERATORS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow,
    "&": operator.and_, "|": operator.or_, "^": operator.xor,
    "<<": operator.lshift, ">>": operator.rshift,
    "==": operator.eq, "<": operator.lt, "max": None,
}


def _values(dtype, n, draw):
    if dtype == "bool":
        return [draw(st.booleans()) for _ in range(n)]
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(getattr(np, dtype))
        lo, hi = max(int(info.min), -100), min(int(info.max), 100)
        return [draw(st.integers(lo, hi)) for _ in range(n)]
    return [draw(st.sampled_from([0.0, -0.0, 1.5, -2.0, 3.0, 7.25, float("inf"),
                                  float("nan")])) for _ in range(n)]


@st.composite
def operand(draw):
    kind = draw(st.sampled_from(["tensor", "tensor0d", "pyint", "bigint", "pyfloat", "pybool",
                                 "npfloat64", "npfloat32", "npint64", "npbool", "npsmall"]))
    if kind in ("tensor", "tensor0d"):
        dtype = draw(st.sampled_from(DTYPES))
        n = 3 if kind == "tensor" else 1
        return kind, dtype, _values(dtype, n, draw)
    if kind == "pyint":
        return kind, None, draw(st.integers(-130, 300))
    if kind == "bigint":
        return kind, None, draw(st.sampled_from([1000, -1000, 2**40, 2**63 - 1, 2**70, -2**70]))
    if kind == "pyfloat":
        return kind, None, draw(st.sampled_from([0.5, -0.0, 2.0, 1e10, float("inf")]))
    if kind == "pybool":
        return kind, None, draw(st.booleans())
    if kind == "npfloat64":
        return kind, None, np.float64(draw(st.sampled_from([2.0, -0.5, 0.0])))
    if kind == "npfloat32":
        return kind, None, np.float32(draw(st.sampled_from([2.0, -0.5])))
    if kind == "npbool":
        # a double Scalar to torch (bool_tensor + np.True_ is float32)
        return kind, None, np.bool_(draw(st.booleans()))
    if kind == "npsmall":
        # numpy scalars of small types are wrapped int64 / double numbers
        t = draw(st.sampled_from([np.int8, np.uint8, np.int16, np.float16]))
        return kind, None, t(draw(st.integers(0, 5)))
    return kind, None, np.int64(draw(st.integers(-3, 5)))


def build(L, spec):
    kind, dtype, v = spec
    if kind == "tensor":
        return L.tensor(v, dtype=getattr(L, dtype))
    if kind == "tensor0d":
        return L.tensor(v[0], dtype=getattr(L, dtype))
    return v


@given(op=st.sampled_from(sorted(OPERATORS)), a=operand(), b=operand())
def test_promotion_and_values(op, a, b):
    if a[0] not in ("tensor", "tensor0d") and b[0] not in ("tensor", "tensor0d"):
        a = ("tensor", "float32", [1.0, 2.0, 3.0])
    fn = OPERATORS[op]

    def prog(L):
        x, y = build(L, a), build(L, b)
        if op == "max":
            return L.maximum(x, y) if isinstance(y, L.Tensor) and isinstance(x, L.Tensor) \
                else L.clamp(x if isinstance(x, L.Tensor) else y, min=y if isinstance(x, L.Tensor) else x)
        return fn(x, y)
    if HAVE_TORCH:
        (c, ce), (t, te) = run_both(prog)
        # types and messages of errors, ints beyond int64 and `**` included
        assert_same_error(ce, te)
        if ce is None:
            assert dtype_name(c) == dtype_name(t), f"{a} {op} {b}: {c.dtype} != {t.dtype}"
            cv, tv = to_np(c), to_np(t)
            assert cv.shape == tv.shape
            if tv.dtype.kind == "f":
                np.testing.assert_allclose(cv.astype(np.float64), tv.astype(np.float64),
                                           rtol=2e-3 if tv.dtype == np.float16 else 1e-6,
                                           equal_nan=True)
            else:
                np.testing.assert_array_equal(cv, tv)
        return
    # torch-free: the promotion lattice and numpy's values in that dtype
    try:
        r = prog(cyautograd)
    except (RuntimeError, TypeError, OverflowError, NotImplementedError):
        return
    if op in ("==", "<"):
        assert r.dtype == cyautograd.bool
        return
    if op == "/" or op == "max" or op == "**":
        return
    tensors = [build(cyautograd, s) for s in (a, b) if s[0] in ("tensor", "tensor0d")]
    cats = {"bool": 0, "uint8": 1, "int8": 1, "int16": 1, "int32": 1, "int64": 1}
    dims = [t for t in tensors if t.dim()]
    hi = dims or tensors
    best = max(cats.get(dtype_name(t), 2) for t in hi)
    assert cats.get(dtype_name(r), 2) >= best


@given(dtype=st.sampled_from(["uint8", "int8", "int16", "int32"]),
       v=st.integers(-2**40, 2**40), op=st.sampled_from(["+", "-", "*"]))
def test_out_of_range_python_int_wraps(dtype, v, op):
    """An int out of a small integral dtype's range is converted as torch
    converts a wrapped number (two's complement wrap-around), never raising
    numpy's OverflowError; the result keeps the tensor's dtype."""
    x = cyautograd.tensor([1, 5, -3 if dtype != "uint8" else 3], dtype=getattr(cyautograd, dtype))
    r = OPERATORS[op](x, v)
    assert r.dtype == x.dtype
    npd = getattr(np, dtype)
    wrapped = np.array(v % 2**64, dtype=np.uint64).astype(npd)
    with np.errstate(all="ignore"):
        want = OPERATORS[op](x.numpy(), wrapped)
    np.testing.assert_array_equal(r.numpy(), want.astype(npd))
    if HAVE_TORCH:
        import torch
        t = OPERATORS[op](torch.tensor(x.numpy()), v)
        np.testing.assert_array_equal(r.numpy(), t.numpy())


@given(s=st.sampled_from([np.float32(2), np.float64(0.5), np.int64(3), np.float64(-0.0)]),
       op=st.sampled_from(["+", "-", "*", "/"]), dtype=st.sampled_from(["float32", "float64"]))
def test_numpy_scalar_on_the_left_keeps_autograd(s, op, dtype):
    """np.float32(2) * w is a Tensor with w's dtype and a grad_fn, as torch
    (numpy defers to the Tensor's reflected operator)."""
    w = cyautograd.tensor([1.0, -2.0, 4.0], dtype=getattr(cyautograd, dtype), requires_grad=True)
    y = OPERATORS[op](s, w)
    assert type(y) is cyautograd.Tensor and y.dtype == w.dtype and y.grad_fn is not None
    y.sum().backward()
    with np.errstate(all="ignore"):
        want = OPERATORS[op](np.float64(s), np.array([1.0, -2.0, 4.0]))
    np.testing.assert_allclose(y.detach().numpy(), want, rtol=1e-6)
    if HAVE_TORCH:
        import torch
        tw = torch.tensor([1.0, -2.0, 4.0], dtype=getattr(torch, dtype), requires_grad=True)
        ty = OPERATORS[op](s, tw)
        ty.sum().backward()
        assert ty.grad_fn.name() == y.grad_fn.name()
        np.testing.assert_allclose(w.grad.numpy(), tw.grad.numpy(), rtol=1e-6)
