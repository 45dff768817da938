# cython: language_level=3
"""Moves between devices (Tensor.to(device), .cuda(), .cpu()) and dtype casts
of device arrays: the copy and its backward node, ToCopyBackward0, which
moves the gradient back to the source device and dtype. Array math goes
through backend.py (NOTE [ Device backends ])."""
cimport cython
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.graph cimport new_node, Node
from cyautograd.variable cimport next_edges1, set_history
from cyautograd.ops._common cimport grad_needed

import numpy as np
from cyautograd import backend as _backend
from cyautograd import dtypes as _D
# numpy's C API: set_history and the other variable.pxd inlines read array
# types through it (NOTE [ Integral tensors with history ] in variable.pyx)
cimport numpy as _cnp_api
_cnp_api.import_array()

cdef object _ndarray = np.ndarray


@cython.final
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class ToCopyBackward0(Node):
    """Backward of a copy to another device and/or dtype: the gradient goes
    back to the source's device and dtype."""
    cdef object src_device
    cdef object src_dtype      # numpy dtype

    cdef list apply(self, list grads):
        g = grads[0]
        if g is None:
            return [None]
        if isinstance(g, Tensor):
            return [g.to(self.src_device, _D._FROM_NP[self.src_dtype])]
        return [cast(_backend.transfer(g, self.src_device), self.src_dtype)]


cdef object np_dtype_of(object arr):
    if type(arr) is _ndarray:
        return arr.dtype
    return _backend.np_dtype(arr.dtype)


cpdef object cast(object arr, object npd):
    """arr as numpy dtype npd, on its own device (arr itself when it has it)."""
    if type(arr) is _ndarray:
        return arr if arr.dtype == npd else arr.astype(npd)
    if np_dtype_of(arr) == npd:
        return arr
    xp = _backend.namespace(arr)
    return xp.astype(arr, _backend.xp_dtype(xp, npd))


def to_device(Tensor t, dev, dtype, bint copy):
    """t on device `dev` (a checked device, or None: t's own) as `dtype`
    (None: t's). Returns None when both t and the target are numpy: the
    caller's CPU path handles that."""
    arr = t.data_
    src = _backend.device_of(arr)
    if dev is None:
        dev = src
    if dev.type == "cpu" and type(arr) is _ndarray:
        return None
    src_npd = np_dtype_of(arr)
    npd = src_npd if dtype is None else dtype.np
    moved = _backend.transfer(arr, dev)
    if moved is arr and npd == src_npd:
        if not copy:
            return t
        moved = _backend.copy(arr)
    out_arr = cast(moved, npd)
    if out_arr is arr:
        out_arr = _backend.copy(arr)
    cdef Tensor out = wrap_array(out_arr)
    cdef ToCopyBackward0 fn
    if grad_needed(t) and npd.kind == "f":
        fn = <ToCopyBackward0>new_node(ToCopyBackward0)
        fn.src_device = src
        fn.src_dtype = src_npd
        fn.next_edges_ = next_edges1(t)
        set_history(out, fn, 0)
    return out


def tensor_array(Tensor t):
    """t's array (for the Python-level ops' device branches, which compute on
    it through ops/_xp.py; never for numpy arrays, which keep their paths)."""
    return t.data_
