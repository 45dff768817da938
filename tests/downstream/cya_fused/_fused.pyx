# cython: language_level=3
"""fused_mul_add(a, b, c) = a * b + c with its own node; scale_(t, s), an
in-place op; sum_versions(tensors), metadata read from C in a loop."""
cimport cython
cimport numpy as cnp
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
