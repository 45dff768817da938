# cython: language_level=3
from cyautograd.graph cimport Node
from cyautograd.saved_variable cimport SavedVariable

# A node that saves at most two tensors; formulas read them through v0/v1,
# which unpack as arrays or as Tensors to match the incoming gradient.
cdef class BinaryNode(Node):
    cdef SavedVariable sv0          # first saved tensor (or None)
    cdef SavedVariable sv1          # second saved tensor (or None)
    cdef object scalar              # a Python/numpy scalar operand or parameter
    cdef object scalar2             # a second scalar parameter
    cdef bint scalar_released       # NOTE [ A scalar operand is a saved tensor ] (pointwise.pyx)
    cdef object v0(self, object g)
    cdef object v1(self, object g)
