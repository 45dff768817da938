# cython: language_level=3
"""Error nodes (torch/csrc/autograd/functions/basic_ops.h). In a module of
their own: a class named NotImplemented would shadow the builtin of that name
in any module that defines it."""
from cyautograd.graph cimport Node


cdef class NotImplemented(Node):
    """An op with no derivative formula (floor_divide): backward through it
    raises torch's error."""

    cdef list apply(self, list grads):
        raise RuntimeError(f"derivative for {self.op_name} is not implemented")
