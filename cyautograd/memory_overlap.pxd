# cython: language_level=3
# at::MemoryOverlap (aten/src/ATen/MemoryOverlap.h): may an in-place op write
# into a tensor while reading another that shares its memory?
# See NOTE [ Memory overlap ] in memory_overlap.pyx.
from cyautograd.tensor cimport Tensor

cdef enum MemOverlap:
    MEM_OVERLAP_NO = 0
    MEM_OVERLAP_YES = 1
    MEM_OVERLAP_TOO_HARD = 2

cdef enum MemOverlapStatus:
    OVERLAP_STATUS_NO = 0
    OVERLAP_STATUS_FULL = 1
    OVERLAP_STATUS_PARTIAL = 2
    OVERLAP_STATUS_TOO_HARD = 3

cdef MemOverlap has_internal_overlap(Tensor t) except *
cdef int assert_no_internal_overlap(Tensor t) except -1
cdef MemOverlapStatus get_overlap_status(Tensor a, Tensor b) except *
cdef int assert_no_partial_overlap(Tensor a, Tensor b) except -1
cdef int assert_no_overlap(Tensor a, Tensor b) except -1
