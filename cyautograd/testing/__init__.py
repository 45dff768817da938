"""cyautograd.testing: assert_close as torch.testing's (same default
tolerances per dtype, same messages)."""
import collections.abc as _abc
import math

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.tensor import Tensor

__all__ = ["assert_close", "assert_allclose", "make_tensor"]

_TOLS = {"float16": (1e-3, 1e-5), "float32": (1.3e-6, 1e-5), "float64": (1e-7, 1e-7)}


class _Fail(AssertionError):
    pass


def _tols(dtype, rtol, atol):
    if (rtol is None) != (atol is None):
        raise ValueError(f"Both 'rtol' and 'atol' must be either specified or omitted, but got no "
                         f"{'rtol' if rtol is None else 'atol'}.")
    if rtol is not None:
        return rtol, atol
    return _TOLS.get(dtype.name, (0.0, 0.0))


def _fmt_idx(i):
    return "(" + ", ".join(str(int(k)) for k in i) + ("," if len(i) == 1 else "") + ")"


def _num(v, floating):
    return repr(float(v)) if floating else repr(int(v))


def _compare_tensors(a, e, rtol, atol, equal_nan, check_dtype, msg):
    if tuple(a.shape) != tuple(e.shape):
        raise _Fail(msg or f"The values for attribute 'shape' do not match: {a.shape} != {e.shape}.")
    if check_dtype and a.dtype != e.dtype:
        raise _Fail(msg or f"The values for attribute 'dtype' do not match: {a.dtype} != {e.dtype}.")
    dt = a.dtype if a.dtype == e.dtype else _D.promote_types(a.dtype, e.dtype)
    rtol, atol = _tols(dt, rtol, atol)
    x = a.detach().numpy().astype(np.float64 if dt.is_floating_point else np.int64)
    y = e.detach().numpy().astype(x.dtype)
    if dt is _D.bool:
        x, y = x.astype(np.int64), y.astype(np.int64)
    with np.errstate(all="ignore"):
        close = np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan) if dt.is_floating_point else \
            (np.abs(x - y) <= atol + rtol * np.abs(y))
    if x.size == 0 or close.all():
        return
    if msg:
        raise _Fail(msg)
    n_bad, n = int((~close).sum()), x.size
    with np.errstate(all="ignore"):
        diff = np.abs(x - y).astype(np.float64)
        rel = diff / np.abs(y)
    diff = np.where(close, 0, diff)
    rel = np.where(close, 0, rel)
    ia = np.unravel_index(int(np.nanargmax(diff)) if not np.isnan(diff).all() else 0, x.shape) if x.ndim else ()
    ir = np.unravel_index(int(np.nanargmax(rel)) if not np.isnan(rel).all() else 0, x.shape) if x.ndim else ()
    da, dr = diff[ia] if x.ndim else diff, rel[ir] if x.ndim else rel
    if np.isnan(x).any() or np.isnan(y).any():
        nanpos = np.argwhere(~close)[0] if x.ndim else ()
        ia = ir = tuple(nanpos)
        da = dr = float("nan")
    floating = dt.is_floating_point
    if floating:
        da_s = repr(float(np.float32(da))) if dt is _D.float32 and not math.isnan(da) else repr(float(da))
        dr_s = repr(float(np.float32(dr))) if not math.isnan(dr) and dt is not _D.float64 else repr(float(dr))
        head = "Tensor-likes are not close!"
        tail_a, tail_r = f" (up to {atol} allowed)", f" (up to {rtol} allowed)"
    else:
        da_s = str(int(da))
        dr_s = repr(float(np.float32(dr)))
        head = "Tensor-likes are not equal!"
        tail_a = tail_r = ""
    raise _Fail(f"{head}\n\nMismatched elements: {n_bad} / {n} ({100.0 * n_bad / n:.1f}%)\n"
                f"Greatest absolute difference: {da_s} at index {_fmt_idx(ia)}{tail_a}\n"
                f"Greatest relative difference: {dr_s} at index {_fmt_idx(ir)}{tail_r}")


def _compare(actual, expected, path, **kw):
    if isinstance(actual, Tensor) and isinstance(expected, Tensor):
        try:
            _compare_tensors(actual, expected, kw["rtol"], kw["atol"], kw["equal_nan"], kw["check_dtype"], kw["msg"])
        except _Fail as f:
            raise AssertionError(str(f) + (f"\n\nThe failure occurred for item {path}" if path else "")) from None
        return
    if isinstance(actual, (bool, int, float)) and isinstance(expected, (bool, int, float)):
        if type(actual) is not type(expected):
            raise AssertionError(f"The (d)types do not match: {type(actual)} != {type(expected)}.")
        rtol, atol = kw["rtol"], kw["atol"]
        if (rtol is None) != (atol is None):
            _tols(_D.float64, rtol, atol)
        if rtol is None:
            rtol, atol = (1e-7, 1e-7) if isinstance(actual, float) else (0.0, 0.0)
        if math.isnan(actual) and math.isnan(expected) and kw["equal_nan"]:
            return
        if abs(actual - expected) <= atol + rtol * abs(expected):
            return
        if kw["msg"]:
            raise AssertionError(kw["msg"])
        d = abs(actual - expected)
        r = d / abs(expected) if expected else math.inf
        raise AssertionError(f"Scalars are not close!\n\nExpected {expected} but got {actual}.\n"
                             f"Absolute difference: {d} (up to {atol} allowed)\n"
                             f"Relative difference: {r} (up to {rtol} allowed)" +
                             (f"\n\nThe failure occurred for item {path}" if path else ""))
    if isinstance(actual, _abc.Mapping) and isinstance(expected, _abc.Mapping):
        if set(actual) != set(expected):
            raise AssertionError(f"The keys of the mappings do not match:\nMissing keys in the actual mapping: "
                                 f"{sorted(set(expected) - set(actual))}\nAdditional keys in the actual mapping: "
                                 f"{sorted(set(actual) - set(expected))}")
        for k in expected:
            _compare(actual[k], expected[k], f"{path}[{k!r}]", **kw)
        return
    if isinstance(actual, _abc.Sequence) and isinstance(expected, _abc.Sequence) and \
            not isinstance(actual, str) and not isinstance(expected, str):
        if len(actual) != len(expected):
            raise AssertionError(f"The length of the sequences mismatch: {len(actual)} != {len(expected)}"
                                 + (f"\n\nThe failure occurred for item {path}" if path else ""))
        for i, (a, e) in enumerate(zip(actual, expected)):
            _compare(a, e, f"{path}[{i}]", **kw)
        return
    if isinstance(actual, np.ndarray) and isinstance(expected, np.ndarray):
        from cyautograd.creation import from_numpy
        return _compare(from_numpy(actual), from_numpy(expected), path, **kw)
    if actual is None and expected is None:
        return
    ta = "cyautograd.Tensor" if isinstance(actual, Tensor) else repr(type(actual))[8:-2]
    te = "cyautograd.Tensor" if isinstance(expected, Tensor) else repr(type(expected))[8:-2]
    raise TypeError(f"No comparison pair was able to handle inputs of type <class '{ta}'> and <class '{te}'>.")


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    """Assert that actual and expected are close: |actual - expected| <= atol + rtol * |expected|
    elementwise, with torch's default tolerances per dtype."""
    if (rtol is None) != (atol is None):
        _tols(_D.float32, rtol, atol)
    _compare(actual, expected, "", rtol=rtol, atol=atol, equal_nan=equal_nan, check_dtype=check_dtype,
             msg=msg)


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=""):
    from cyautograd.creation import as_tensor
    a = actual if isinstance(actual, Tensor) else as_tensor(actual)
    e = expected if isinstance(expected, Tensor) else as_tensor(expected, dtype=a.dtype)
    assert_close(a, e, rtol=rtol, atol=atol, equal_nan=equal_nan, check_dtype=False, msg=msg or None)


def make_tensor(*shape, dtype, device=None, low=None, high=None, requires_grad=False, noncontiguous=False,
                exclude_zero=False, memory_format=None):
    from cyautograd.creation import randint, rand
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    if dtype is _D.bool:
        t = randint(0, 2, shape).to(_D.bool)
    elif not dtype.is_floating_point:
        lo = -9 if low is None else int(low)
        hi = 10 if high is None else int(high)
        t = randint(lo if dtype is not _D.uint8 else max(lo, 0), hi, shape, dtype=dtype)
    else:
        lo = -9.0 if low is None else low
        hi = 9.0 if high is None else high
        t = (rand(*shape, dtype=dtype) * (hi - lo) + lo)
    if exclude_zero:
        t = t.masked_fill(t == 0, 1)
    if requires_grad:
        t.requires_grad_(True)
    return t
