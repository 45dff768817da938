# cython: language_level=3
"""AutogradMeta: the autograd fields of a tensor (torch/csrc/autograd/variable.h)."""
from cyautograd._fast cimport cya_tp_new
cimport cython


@cython.freelist(256)
cdef class AutogradMeta:
    """AutogradMeta: created lazily by materialize_autograd_meta."""

    def __cinit__(self):
        self.c.requires_grad = 0
        self.c.retains_grad = 0
        self.c.is_view = 0
        self.c.output_nr = 0
        self.grad_accumulator_ = NULL


cdef AutogradMeta new_autograd_meta():
    return <AutogradMeta>cya_tp_new(AutogradMeta)
