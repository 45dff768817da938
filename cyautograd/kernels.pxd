# cython: language_level=3
# Array kernels (no autograd metadata here). See NOTE [ Small-array fast path ].
cdef enum KernelOp:
    K_ADD = 0
    K_SUB = 1
    K_MUL = 2
    K_DIV = 3
    K_NEG = 4
    K_EXP = 5
    K_LOG = 6
    K_SIN = 7
    K_COS = 8
    K_TANH = 9
    K_SQRT = 10
    K_ABS = 11
    K_GT = 12
    K_MAX = 13
    K_NOPS = 14

cdef object k_binary(int op, object x, object y)
cdef object k_unary(int op, object x)
cdef object k_add(object x, object y)
cdef object k_sub(object x, object y)
cdef object k_mul(object x, object y)
cdef object k_div(object x, object y)
cdef object k_full(object shape_like, double value)
cdef object k_ones_like(object x)
cdef object k_filled(tuple shape, object dtype, object value)
cdef bint k_into_ok(int op, object x, object y)
cdef void k_binary_into(int op, object x, object y)
cdef object k_reduce2d(int op, object x, int axis, bint keepdims)
cdef object k_threshold_backward(object g, object r)
cdef object k_sum_small(object x)
# x ** y as torch's CPU pow kernel rounds it, or None: NOTE [ pow as torch's CPU kernel rounds it ]
cdef object k_pow(object x, object y)
cimport numpy as cnp
cdef object k_np_view(object x, int nd, cnp.npy_intp* dims, cnp.npy_intp* strides,
                      cnp.npy_intp byte_offset)
cdef object k_strided(object x, tuple shape, tuple strides, Py_ssize_t byte_offset)
cdef object k_broadcast_to(object x, tuple shape)
# torch's strides for an elementwise result: NOTE [ Elementwise output layout ]
cdef object k_ti_layout(object out, object x, object y, object z)

cdef object k_like_layout(object out, object x)
cdef object k_reduce_layout(object out, object x)

# numpy's floating-point error reporting off (torch never warns on 0/0,
# log(0), overflow): token = fp_quiet_begin(); ...; fp_quiet_end(token)
cdef object fp_quiet_begin()
cdef void fp_quiet_end(object token) noexcept
