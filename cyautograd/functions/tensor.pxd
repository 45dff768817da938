# cython: language_level=3
from cyautograd.graph cimport Node
from cyautograd.tensor cimport Tensor

# The geometry of a strided tensor relative to its storage, in elements.
cdef class TensorGeometry:
    cdef readonly tuple sizes
    cdef readonly tuple strides
    cdef readonly Py_ssize_t storage_offset

# torch's CopySlices: the base's new grad_fn after an in-place op on a view.
cdef class CopySlices(Node):
    cdef TensorGeometry base_geom    # the base at the time of the op
    cdef TensorGeometry view_geom    # the modified view
    cdef object view_fn              # None (as_strided replay) or callable
    cdef Node fn                     # the in-place op's node
    cdef list _apply_tensor(self, Tensor g)
    cdef int _check_slice_writable(self) except -1

# torch's AsStridedBackward0: a view's regenerated grad_fn.
cdef class AsStridedBackward0(Node):
    cdef TensorGeometry self_geometry   # the root base
    cdef TensorGeometry view_geometry   # the view

cdef TensorGeometry geometry_of(object tensor)
cdef object view_to_base_index(TensorGeometry base, TensorGeometry view)
