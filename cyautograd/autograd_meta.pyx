# cython: language_level=3
"""AutogradMeta: the autograd fields of a tensor (torch/csrc/autograd/variable.h)."""
from cyautograd._fast cimport cya_tp_new
cimport cython


@cython.freelist(256)
cdef class AutogradMeta:
    """AutogradMeta: created lazily by materialize_autograd_meta.

    No __cinit__: the allocator zeroes the object, which is the initial
    state of every C field (flags 0, output_nr 0, grad_accumulator_ NULL),
    and a __cinit__ would cost a Python-style call per op output."""


cdef AutogradMeta new_autograd_meta():
    return <AutogradMeta>cya_tp_new(AutogradMeta)
