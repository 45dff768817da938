# cython: language_level=3
"""C functions for plain-C consumers, exported through a capsule (Cython's
`api`): a C extension includes "cyautograd/capi_api.h", calls
import_cyautograd__capi() once, then these. Cython code should cimport
cyautograd.capi instead (capi.pxd)."""
from cyautograd.tensor cimport Tensor
from cyautograd.capi cimport (tensor_version, tensor_is_leaf, tensor_from_array, bump_version,
                              tensor_requires_grad)


cdef api long long cya_tensor_version(object t) except? -1:
    return tensor_version(<Tensor?>t)


cdef api int cya_tensor_bump_version(object t) except -1:
    return bump_version(<Tensor?>t)


cdef api int cya_tensor_requires_grad(object t) except -1:
    return tensor_requires_grad(<Tensor?>t)


cdef api int cya_tensor_is_leaf(object t) except -1:
    return tensor_is_leaf(<Tensor?>t)


cdef api object cya_tensor_from_array(object arr):
    return tensor_from_array(arr)


def _selftest(t):
    """(tests) the api functions called from C on one tensor."""
    return (cya_tensor_version(t), cya_tensor_requires_grad(t), cya_tensor_is_leaf(t))
