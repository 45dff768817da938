# cython: language_level=3
# Only `cdef extern` declarations of the C headers in include/cyautograd/.
from libc.stdint cimport int64_t

cdef extern from "cyautograd/config.h":
    int CYA_DEBUG
    int CYA_ABI_VERSION

cdef extern from "cyautograd/version_counter.h":
    ctypedef struct cya_version_counter_t:
        int64_t version
    void cya_version_bump(cya_version_counter_t* vc) noexcept nogil
    int64_t cya_version_current(const cya_version_counter_t* vc) noexcept nogil

cdef extern from "cyautograd/creation_meta.h":
    ctypedef enum cya_creation_meta_t:
        CYA_CREATION_META_DEFAULT
        CYA_CREATION_META_IN_CUSTOM_FUNCTION
        CYA_CREATION_META_MULTI_OUTPUT_NODE
        CYA_CREATION_META_NO_GRAD_MODE
        CYA_CREATION_META_INFERENCE_MODE

cdef extern from "cyautograd/autograd_meta.h":
    ctypedef struct cya_autograd_meta_t:
        int requires_grad
        int retains_grad
        int is_view
        int64_t output_nr
    ctypedef struct cya_view_meta_t:
        int shared_view_info
        int64_t attr_version
        cya_creation_meta_t creation_meta

cdef extern from "cyautograd/grad_mode.h":
    ctypedef struct cya_grad_mode_t:
        int grad_enabled
        int inference_mode
