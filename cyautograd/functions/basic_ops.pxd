# cython: language_level=3
from cyautograd.graph cimport Node


cdef class NotImplemented(Node):
    cdef str op_name
