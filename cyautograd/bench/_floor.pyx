# cython: language_level=3
"""The benchmark's floor for metadata reads: a bare attribute of a Cython
extension type (a typed slot read through its member descriptor), the least
any `tensor.attr` read can cost from Python."""


cdef class Slot:
    cdef public object value

    def __init__(self, value=None):
        self.value = value
