# cython: language_level=3
# Thread-local GradMode / InferenceMode flags. See NOTE [ Thread-local grad mode ].
from cyautograd._c cimport cya_grad_mode_t

cdef cya_grad_mode_t* grad_mode_state() noexcept nogil
cdef bint is_grad_enabled_c() noexcept nogil
cdef void set_grad_enabled_c(bint enabled) noexcept nogil
cdef bint is_inference_mode_c() noexcept nogil
