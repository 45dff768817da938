# cython: language_level=3
"""Operand preparation and polymorphic helpers shared by the op modules."""
cimport numpy as cnp
from cyautograd.tensor cimport Tensor, wrap_array

import numpy as np
from cyautograd import dtypes as _D

cnp.import_array()

_OPS = None


def _set_ops(ns):
    global _OPS
    _OPS = ns


cdef object ops_ns():
    return _OPS


cdef object as_array_slow(object r):
    if isinstance(r, np.generic):
        return np.asarray(r)
    return r


cdef object xp_of(object g):
    """The namespace for a backward formula: numpy for arrays, the
    differentiable ops for Tensors (create_graph)."""
    if isinstance(g, Tensor):
        return _OPS
    if type(g) is np.ndarray or isinstance(g, np.generic):
        return np
    return _OPS.array_module(g)


cdef object _scalar_types = (bool, int, float, np.bool_, np.integer, np.floating)


cdef object broadcast_error(object x, object y):
    xs, ys = tuple(x.shape), tuple(y.shape)
    n = max(len(xs), len(ys))
    xs2 = (1,) * (n - len(xs)) + xs
    ys2 = (1,) * (n - len(ys)) + ys
    for i in range(n - 1, -1, -1):
        if xs2[i] != ys2[i] and xs2[i] != 1 and ys2[i] != 1:
            return RuntimeError(f"The size of tensor a ({xs2[i]}) must match the size of tensor b "
                                f"({ys2[i]}) at non-singleton dimension {i}")
    return RuntimeError("shape mismatch")


cdef object promote_result(object a, object b):
    return _D.result_type(a, b)


cdef Tensor to_tensor(object x, Tensor like):
    if isinstance(x, Tensor):
        return x
    if isinstance(x, _scalar_types):
        return wrap_array(np.asarray(x))
    raise TypeError(f"expected Tensor as element 1 in argument 0, but got {type(x).__name__}")


cdef object scalar_array(object v, object npd):
    """A Python/numpy scalar as a 0-d array of dtype `npd`, as torch converts a
    wrapped number: an int outside a small integral dtype wraps around
    (uint8 + 300 adds 44), an int outside int64 raises OverflowError."""
    if type(v) is int and npd.kind in "iu":
        if v < -0x8000000000000000 or v > 0xFFFFFFFFFFFFFFFF:
            raise OverflowError("int too big to convert")
        info = np.iinfo(npd)
        if v < info.min or v > info.max:
            v = v % (1 << (8 * npd.itemsize))
            if npd.kind == "i" and v > info.max:
                v -= 1 << (8 * npd.itemsize)
    elif type(v) is int and (v < -0x8000000000000000 or v > 0xFFFFFFFFFFFFFFFF):
        raise OverflowError("int too big to convert")
    return np.asarray(v, dtype=npd)


cdef tuple prep_binary(object a, object b, str opname):
    """(ta, tb, x, y, out_dtype): operands as Tensors (None for a scalar) and
    arrays already converted to the torch result dtype."""
    cdef Tensor ta = None, tb = None
    if isinstance(a, Tensor):
        ta = a
    elif not isinstance(a, _scalar_types):
        return None
    if isinstance(b, Tensor):
        tb = b
    elif not isinstance(b, _scalar_types):
        return None
    rd = _D.result_type(a, b)
    npd = rd.np
    if ta is not None:
        x = ta.data_
        if x.dtype != npd:
            x = x.astype(npd)
    else:
        x = scalar_array(a, npd)
    if tb is not None:
        y = tb.data_
        if y.dtype != npd:
            y = y.astype(npd)
    else:
        y = scalar_array(b, npd)
    return (ta, tb, x, y, rd)


cdef object unbroadcast(object g, object shape):
    """Sum `g` down to `shape` (at::sum_to)."""
    gshape = tuple(g.shape)
    shape = tuple(shape)
    if gshape == shape:
        return g
    lead = len(gshape) - len(shape)
    axes = list(range(lead))
    for i in range(len(shape)):
        if shape[i] == 1 and gshape[lead + i] != 1:
            axes.append(lead + i)
    if isinstance(g, Tensor):
        if axes:
            g = g.sum(dim=tuple(axes), keepdim=True)
        return g.reshape(shape)
    if type(g) is not np.ndarray and not isinstance(g, np.generic):
        from cyautograd.ops import _xp   # a device array: NOTE [ Device backends ]
        return _xp.sum_to(g, tuple(axes), shape)
    if axes:
        g = g.sum(axis=tuple(axes), keepdims=True)
    return as_array(g).reshape(shape)


cdef Py_ssize_t wrap_dim(object dim, Py_ssize_t ndim) except -1:
    cdef Py_ssize_t d
    cdef Py_ssize_t n = ndim if ndim > 0 else 1
    if not isinstance(dim, (int, np.integer)):
        raise TypeError(f"dim must be an int, got {type(dim).__name__}")
    try:
        d = dim
    except OverflowError:
        raise ValueError("Overflow when unpacking long long") from None
    if d < -n or d >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
    return d + n if d < 0 else d


cdef tuple wrap_dims(object dim, Py_ssize_t ndim):
    if isinstance(dim, (list, tuple)):
        out = tuple(sorted(set([wrap_dim(d, ndim) for d in dim])))
        if len(out) != len(dim):
            raise RuntimeError("dim appears multiple times in the list of dims")
        return out
    return (wrap_dim(dim, ndim),)
