# cython: language_level=3
from libc.stdint cimport int64_t
from cyautograd._c cimport cya_version_counter_t

# c10::VariableVersion. See NOTE [ Version Counter Sharing ] in tensor.pyx.
cdef class VersionCounter:
    cdef cya_version_counter_t c    # the counter itself; bumped in place

cdef inline void version_bump(VersionCounter vc) noexcept:
    vc.c.version += 1

cdef inline int64_t version_current(VersionCounter vc) noexcept:
    return vc.c.version

cdef VersionCounter new_version_counter()
