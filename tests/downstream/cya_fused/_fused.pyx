# cython: language_level=3
"""fused_mul_add(a, b, c) = a * b + c with its own node; gelu_tanh(x), the
tanh approximation of GELU (nine built-in ops) as one C loop and one node;
scale_(t, s), an in-place op; sum_versions(tensors), metadata read from C in
a loop."""
cimport cython
cimport numpy as cnp
from libc.math cimport tanh
from cyautograd.capi cimport (Tensor, Node, new_node, SavedVariable, save_variable, next_edges3,
                              next_edges1, set_history, tensor_from_array, compute_requires_grad,
                              tensor_version, check_inplace, bump_version, rebase_history,
                              tensor_data, k_add, k_mul)

import numpy as np

cnp.import_array()


@cython.final
cdef class FusedMulAddBackward0(Node):
    """grad a = g * b, grad b = g * a, grad c = g (summed to each shape by
    the engine when the forward broadcast)."""
    cdef SavedVariable a_
    cdef SavedVariable b_

    cdef list apply(self, list grads):
        g = grads[0]
        as_tensor = not isinstance(g, np.ndarray)   # Tensors under create_graph
        ga = gb = None
        if self.should_compute_output(0):
            b = self.b_.unpack(self, as_tensor)
            ga = g * b if as_tensor else k_mul(g, b)
        if self.should_compute_output(1):
            a = self.a_.unpack(self, as_tensor)
            gb = g * a if as_tensor else k_mul(g, a)
        return [ga, gb, g if self.should_compute_output(2) else None]

    cdef void release_variables(self):
        if self.a_ is not None:
            self.a_.release()
        if self.b_ is not None:
            self.b_.release()


def fused_mul_add(Tensor a, Tensor b, Tensor c):
    cdef FusedMulAddBackward0 fn
    x = tensor_data(a)
    y = tensor_data(b)
    if x.dtype != y.dtype or x.dtype != tensor_data(c).dtype:
        raise TypeError("fused_mul_add: a, b and c must have one dtype")
    r = k_add(k_mul(x, y), tensor_data(c))
    cdef Tensor out = tensor_from_array(r)
    if compute_requires_grad(a) or compute_requires_grad(b) or compute_requires_grad(c):
        fn = <FusedMulAddBackward0>new_node(FusedMulAddBackward0)
        fn.next_edges_ = next_edges3(a, b, c)
        set_history(out, fn, 0)
        fn.a_ = save_variable(a, False)
        fn.b_ = save_variable(b, False)
    return out


# gelu_tanh(x) = 0.5 x (1 + tanh(K (x + A x^3))), K = sqrt(2 / pi)
cdef double GELU_K = 0.7978845608028654
cdef double GELU_A = 0.044715


ctypedef fused real:
    float
    double


cdef inline int _c_real(object arr):
    """The numpy type number of a C-contiguous float32/float64 ndarray (the
    C loops below handle those), or -1."""
    if not cnp.PyArray_CheckExact(arr) or not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>arr):
        return -1
    cdef int t = cnp.PyArray_TYPE(<cnp.ndarray>arr)
    return t if t == cnp.NPY_DOUBLE or t == cnp.NPY_FLOAT else -1


def _gelu_np(x):
    return 0.5 * x * (1.0 + np.tanh(GELU_K * (x + GELU_A * x * x * x)))


def _dgelu(x):
    """d gelu_tanh / dx, with operators that work on ndarrays and Tensors."""
    u = GELU_K * (x + GELU_A * x * x * x)
    t = np.tanh(u) if isinstance(x, np.ndarray) else u.tanh()
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * GELU_K * (1.0 + 3.0 * GELU_A * x * x)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
cdef void _gelu_loop(real* x, real* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef double v
    for i in range(n):
        v = x[i]
        out[i] = <real>(0.5 * v * (1.0 + tanh(GELU_K * (v + GELU_A * v * v * v))))


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _gelu_backward_loop(real* g, real* x, real* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef double v, t
    for i in range(n):
        v = x[i]
        t = tanh(GELU_K * (v + GELU_A * v * v * v))
        out[i] = <real>(g[i] * (0.5 * (1.0 + t) + 0.5 * v * (1.0 - t * t) * GELU_K
                                * (1.0 + 3.0 * GELU_A * v * v)))


cdef object _gelu_c(cnp.ndarray x, int typenum):
    cdef cnp.ndarray out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(x), cnp.PyArray_DIMS(x), typenum, 0)
    if typenum == cnp.NPY_DOUBLE:
        _gelu_loop(<double*>cnp.PyArray_DATA(x), <double*>cnp.PyArray_DATA(out), cnp.PyArray_SIZE(x))
    else:
        _gelu_loop(<float*>cnp.PyArray_DATA(x), <float*>cnp.PyArray_DATA(out), cnp.PyArray_SIZE(x))
    return out


cdef object _gelu_backward_c(cnp.ndarray g, cnp.ndarray x, int typenum):
    cdef cnp.ndarray out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(x), cnp.PyArray_DIMS(x), typenum, 0)
    if typenum == cnp.NPY_DOUBLE:
        _gelu_backward_loop(<double*>cnp.PyArray_DATA(g), <double*>cnp.PyArray_DATA(x),
                            <double*>cnp.PyArray_DATA(out), cnp.PyArray_SIZE(x))
    else:
        _gelu_backward_loop(<float*>cnp.PyArray_DATA(g), <float*>cnp.PyArray_DATA(x),
                            <float*>cnp.PyArray_DATA(out), cnp.PyArray_SIZE(x))
    return out


@cython.final
cdef class GeluTanhBackward0(Node):
    """grad x = g * gelu_tanh'(x)."""
    cdef SavedVariable self_

    cdef list apply(self, list grads):
        g = grads[0]
        if not self.should_compute_output(0):
            return [None]
        as_tensor = not isinstance(g, np.ndarray)   # Tensors under create_graph
        x = self.self_.unpack(self, as_tensor)
        cdef int typenum = -1 if as_tensor else _c_real(x)
        if typenum >= 0 and _c_real(g) == typenum and g.shape == x.shape:
            return [_gelu_backward_c(g, x, typenum)]
        return [g * _dgelu(x)]

    cdef void release_variables(self):
        if self.self_ is not None:
            self.self_.release()


def gelu_tanh(Tensor x):
    """0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x**3))), as
    torch.nn.functional.gelu(x, approximate='tanh'), fused."""
    cdef GeluTanhBackward0 fn
    a = tensor_data(x)
    if a.dtype.kind != "f":
        raise TypeError(f"gelu_tanh: expected a floating point tensor, got {a.dtype}")
    cdef int typenum = _c_real(a)
    r = _gelu_c(a, typenum) if typenum >= 0 else _gelu_np(a).astype(a.dtype, copy=False)
    cdef Tensor out = tensor_from_array(r)
    if compute_requires_grad(x):
        fn = <GeluTanhBackward0>new_node(GeluTanhBackward0)
        fn.next_edges_ = next_edges1(x)
        set_history(out, fn, 0)
        fn.self_ = save_variable(x, False)
    return out


@cython.final
cdef class ScaleBackward0(Node):
    cdef double s

    cdef list apply(self, list grads):
        return [grads[0] * self.s]


def scale_(Tensor t, double s):
    """t *= s in place: the checks, one version bump, and t's history
    rebased onto the new node (through CopySlices when t is a view)."""
    cdef ScaleBackward0 fn = None
    cdef bint rg = compute_requires_grad(t)
    check_inplace(t, rg)
    if rg:
        fn = <ScaleBackward0>new_node(ScaleBackward0)
        fn.s = s
        fn.next_edges_ = next_edges1(t)
    x = tensor_data(t)
    x *= s
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


@cython.boundscheck(False)
@cython.wraparound(False)
def sum_versions(list tensors):
    """The sum of the tensors' _version, read from C."""
    cdef long long total = 0
    cdef Py_ssize_t i
    for i in range(len(tensors)):
        total += tensor_version(<Tensor?>tensors[i])
    return total
