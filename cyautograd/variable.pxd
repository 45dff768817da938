# cython: language_level=3
# The impl:: functions of torch/csrc/autograd/variable.cpp.
from cyautograd.tensor cimport Tensor
from cyautograd.autograd_meta cimport AutogradMeta, new_autograd_meta
from cyautograd.graph cimport Node, Edge, make_edge

cdef AutogradMeta materialize_autograd_meta(Tensor self)
cdef Node grad_accumulator(Tensor self)
cdef Edge gradient_edge(Tensor self)
cdef int set_gradient_edge(Tensor self, Node fn, Py_ssize_t output_nr) except -1
cdef tuple collect_next_edges(tuple tensors)
cdef int check_inplace(Tensor self, bint requires_grad) except -1
cdef int bump_version(Tensor self) except -1
cdef int rebase_history(Tensor self, Node fn) except -1
cdef Node grad_fn_of(Tensor self)
cdef Tensor tensor_data(Tensor self)
cdef Tensor variable_data(Tensor self)

cdef inline Edge gradient_edge_fast(Tensor t):
    """gradient_edge for the common non-view case, inlined into ops."""
    cdef AutogradMeta m = t.autograd_meta_
    if m is not None and not m.c.is_view and m.grad_fn_ is not None:
        return make_edge(m.grad_fn_, m.c.output_nr)
    return gradient_edge(t)

cdef inline void set_history(Tensor out, Node fn, Py_ssize_t output_nr):
    """Make `out` the output_nr-th output of `fn` (a fresh, non-view tensor)."""
    cdef AutogradMeta m = new_autograd_meta()
    m.grad_fn_ = fn
    m.c.output_nr = output_nr
    out.autograd_meta_ = m
    fn.set_input_metadata_from(output_nr, out.data_)
