# cython: language_level=3
"""VersionCounter: c10::VariableVersion, shared by a tensor, its views and detach()es."""
from cyautograd._fast cimport cya_tp_new
cimport cython


@cython.final
@cython.freelist(256)
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class VersionCounter:
    """VersionCounter()

    A counter bumped once by every in-place op on any tensor that shares it."""

    # No __cinit__: the allocator zeroes the object, so version starts at 0.

    def bump(self):
        self.c.version += 1

    def current_version(self):
        return self.c.version


cdef VersionCounter new_version_counter():
    return <VersionCounter>cya_tp_new(VersionCounter)
