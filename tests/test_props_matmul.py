"""Hypothesis properties: matmul for every rank pairing (1-d .. 4-d on each
side, batch broadcasting, zero-size and mismatched inner dimensions), mm, mv,
dot, bmm — values, gradients, double-backward gradients and errors against
torch. Without torch: numpy's matmul, finite differences of the gradient.
See props_common.py."""
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import cyautograd
from props_common import (HAVE_TORCH, arrays, assert_close_dt, assert_same_error,
                          finite_diff_grad, finite_small, isclose_num, make, run_both)


@st.composite
def matmul_shapes(draw):
    ra = draw(st.integers(1, 4))
    rb = draw(st.integers(1, 4))
    n = draw(st.integers(0, 4))
    m = draw(st.integers(0, 4))
    k = draw(st.integers(0, 4))
    if draw(st.integers(0, 11)) == 0:
        k = draw(st.sampled_from([300, 1000]))  # a long inner dimension
    kb = k if draw(st.integers(0, 9)) else k + 1  # sometimes mismatched
    batch = [draw(st.integers(0, 3)) for _ in range(2)]
    ba = batch[:max(ra - 2, 0)]
    bb = batch[:max(rb - 2, 0)]
    bb = [1 if draw(st.booleans()) else s for s in bb]  # broadcast
    sa = tuple(ba) + ((n, k) if ra >= 2 else (k,))
    sb = tuple(bb) + ((kb, m) if rb >= 2 else (kb,))
    return sa, sb


def _as_good_rounding(x, y, a, b, dtype, rtol):
    """x with torch's value wherever the two differ by no more than a dot
    product's a-priori error bound, rtol * (|a| @ |b|): terms of 1e30 that
    cancel leave the small ones to the summation order (BLAS kernels order a
    dot product differently; [-1e30, 1e30, 4.5, -2.19] . [1, 1, 0, 1] is
    -2.19 summed left to right, 0.0 with the huge terms paired last), and
    both are valid roundings of the same sum (the long run's seed found it)."""
    xv = np.asarray(x.detach().numpy(), dtype=np.float64)
    yv = np.asarray(y.detach().numpy(), dtype=np.float64)
    a_, b_ = np.abs(a.astype(dtype).astype(np.float64)), np.abs(b.astype(dtype).astype(np.float64))
    with np.errstate(all="ignore"):
        bound = np.nan_to_num(np.matmul(a_, b_), nan=np.inf)
        ok = np.isfinite(xv) & np.isfinite(yv) & (np.abs(xv - yv) <= rtol * bound)
    if xv.shape != bound.shape or not ok.any():
        return x
    return cyautograd.tensor(np.where(ok, yv, xv).astype(x.detach().numpy().dtype))


OPS = {
    "matmul": lambda L, a, b: a @ b,
    "matmul_fn": lambda L, a, b: L.matmul(a, b),
    "mm": lambda L, a, b: L.mm(a, b),
    "mv": lambda L, a, b: L.mv(a, b),
    "dot": lambda L, a, b: L.dot(a, b),
    "bmm": lambda L, a, b: L.bmm(a, b),
}


@given(shapes=matmul_shapes(), data=st.data(), op=st.sampled_from(sorted(OPS)),
       dtype=st.sampled_from(["float32", "float64"]),
       layouts=st.tuples(st.sampled_from(["contiguous", "transposed"]),
                         st.sampled_from(["contiguous", "transposed"])))
def test_matmul(shapes, data, op, dtype, layouts):
    sa, sb = shapes
    a = data.draw(arrays(sa, special=data.draw(st.booleans())))
    b = data.draw(arrays(sb, special=False))
    call = OPS[op]
    if HAVE_TORCH:
        def prog(L):
            la, xa = make(L, a, dtype, layouts[0], True)
            lb, xb = make(L, b, dtype, layouts[1], True)
            y = call(L, xa, xb)
            ga, gb = L.autograd.grad((y * y).sum() if y.numel() < 10**6 else y.sum(),
                                     [la, lb], create_graph=True, allow_unused=True)
            gga, ggb = L.autograd.grad((ga * ga).sum() + gb.sum(), [la, lb], allow_unused=True)
            return y, ga, gb, gga, ggb
        (c, ce), (t, te) = run_both(prog)
        assert_same_error(ce, te, check_msg=False)
        if ce is None:
            tol = {"float32": (2e-4, 1e-3), "float64": (1e-9, 1e-9)}[dtype]
            # a 1e30 in `a` makes float32 products of the backward (a * 2y
            # in grad b: 1e30 * 1e31) overflow; beside an infinite term the
            # BLAS's order and fused multiply-add decide NaN (the product
            # rounded to -inf first, torch's kernel) or inf (inf + x*y fused:
            # numpy's OpenBLAS): both valid roundings of one dot product
            fin = np.abs(a[np.isfinite(a)])
            overflow = dtype == "float32" and fin.size > 0 and fin.max() >= 1e15
            for what, x, y in zip(("forward", "grad a", "grad b", "gg a", "gg b"), c, t):
                if what == "forward":
                    x = _as_good_rounding(x, y, a, b, dtype, tol[0])
                # normwise: a dot product's cancellation error scales with its largest terms
                yv = np.abs(np.asarray(y.detach().numpy(), dtype=np.float64)) if y is not None else np.zeros(0)
                yv = yv[np.isfinite(yv)]
                assert_close_dt(x, y, dtype, f"{op} {what}", tol=tol, scale=float(yv.max()) if yv.size else None,
                                overflow_order=overflow)
        return
    # torch-free: numpy matmul on the same operands, gradients by differences
    la, xa = make(cyautograd, a, "float64", layouts[0])
    lb, xb = make(cyautograd, b, "float64", layouts[1])
    try:
        with np.errstate(all="ignore"):
            want = np.matmul(a, b)
        ok = True
    except ValueError:
        ok = False
    if op != "matmul" and op != "matmul_fn":
        return  # their rank rules are checked against torch
    if not ok:
        try:
            call(cyautograd, xa, xb)
        except RuntimeError:
            return
        raise AssertionError("matmul of mismatched shapes did not raise RuntimeError")
    got = call(cyautograd, xa, xb).numpy()
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9, equal_nan=True)
    if a.size * b.size > 400 or a.size == 0 or b.size == 0:
        return
    fa = np.ascontiguousarray(finite_small(a, 2.0))
    fb = np.ascontiguousarray(finite_small(b, 2.0))
    ta = cyautograd.tensor(fa.tolist(), dtype=cyautograd.float64, requires_grad=True)
    tb = cyautograd.tensor(fb.tolist(), dtype=cyautograd.float64, requires_grad=True)
    ga, = cyautograd.autograd.grad((call(cyautograd, ta, tb) ** 2).sum(), [ta])

    def f(v):
        return float((np.matmul(v, fb) ** 2).sum())
    assert isclose_num(ga.numpy(), finite_diff_grad(f, fa.copy()), rtol=1e-4, atol=1e-4)
