# cython: language_level=3
# The impl:: functions of torch/csrc/autograd/variable.cpp.
cimport numpy as cnp
from cyautograd.tensor cimport Tensor
from cyautograd.autograd_meta cimport AutogradMeta, new_autograd_meta
from cyautograd.graph cimport Node, Edge, make_edge

cdef AutogradMeta materialize_autograd_meta(Tensor self)
cdef Node grad_accumulator(Tensor self)
cdef Edge gradient_edge(Tensor self)
cdef int set_gradient_edge(Tensor self, Node fn, Py_ssize_t output_nr) except -1
cdef tuple collect_next_edges(tuple tensors)
cdef object edge_function_slow(Tensor t)
cdef int check_inplace(Tensor self, bint requires_grad) except -1
cdef int bump_version(Tensor self) except -1
cdef int rebase_history(Tensor self, Node fn) except -1
cdef Node grad_fn_of(Tensor self)
cdef Tensor tensor_data(Tensor self)
cdef Tensor variable_data(Tensor self)
cdef int note_grad_version(object arr, Py_ssize_t version) except -1
cdef Py_ssize_t grad_version(object arr) except -1
cdef int forget_grad_versions() except -1
cdef int note_root_grad(object arr, Tensor t) except -1
cdef int note_implicit_root_grad(object arr) except -1
cdef int update_tensor_hooks_on_new_gradfn(Tensor self, AutogradMeta m, Node old_fn, Node new_fn) except -1

# What cyautograd.view_meta installs at import (the view half of torch's
# VariableHooks), so that this module need not cimport it.
ctypedef int (*view_check_fn)(Tensor) except -1
ctypedef int (*view_rebase_fn)(Tensor, Node) except -1
ctypedef object (*view_base_fn)(Tensor)
cdef struct ViewHooks:
    view_check_fn handle_view_on_rebase   # check_inplace's part for a view
    view_rebase_fn rebase_view_history    # rebase_history's part for a view
    view_base_fn base                     # the root base of a backward view, or None

cdef ViewHooks* view_hooks() noexcept

cdef inline Edge gradient_edge_fast(Tensor t):
    """gradient_edge for the common non-view case, inlined into ops."""
    cdef AutogradMeta m = t.autograd_meta_
    if m is not None and not m.c.is_view and m.grad_fn_ is not None:
        return make_edge(m.grad_fn_, m.c.output_nr)
    return gradient_edge(t)

cdef int differentiable_type_check(object x) except -1
cdef bint allow_integral_history(bint on) noexcept
cdef bint integral_history_allowed() noexcept

cdef inline int set_history(Tensor out, Node fn, Py_ssize_t output_nr) except -1:
    """Make `out` the output_nr-th output of `fn` (a fresh, non-view tensor).
    As torch's set_history, refuses an integral or bool `out`
    (NOTE [ Integral tensors with history ] in variable.pyx)."""
    cdef char k
    x = out.data_
    if cnp.PyArray_CheckExact(x):
        k = (<cnp.dtype>cnp.PyArray_DESCR(<cnp.ndarray>x)).kind
        if k != b'f' and k != b'c':
            differentiable_type_check(x)
    else:
        differentiable_type_check(x)
    cdef AutogradMeta m = new_autograd_meta()
    m.grad_fn_ = fn
    m.c.output_nr = output_nr
    out.autograd_meta_ = m
    fn.set_input_metadata_from(output_nr, out.data_)
    return 0

cdef inline object edge_function(Tensor t):
    """The function of gradient_edge(t), or None when t needs no gradient;
    the edge's input_nr is t's output_nr (0 for leaves)."""
    cdef AutogradMeta m
    if t is None:
        return None
    m = t.autograd_meta_
    if m is None:
        return None
    if not m.c.is_view:
        if m.grad_fn_ is not None:
            return m.grad_fn_
        if m.grad_accumulator_ != NULL and m.c.requires_grad:
            return <object>m.grad_accumulator_   # a leaf whose accumulator lives
    return edge_function_slow(t)

cdef inline Py_ssize_t edge_nr(Tensor t, object fn):
    return 0 if fn is None else t.autograd_meta_.c.output_nr

cdef inline tuple next_edges1(Tensor a):
    """next_edges_ for a node of one input (see NOTE [ Edges ] in graph.pyx)."""
    f = edge_function(a)
    return (f, edge_nr(a, f))

cdef inline tuple next_edges2(Tensor a, Tensor b):
    fa = edge_function(a)
    fb = edge_function(b)
    return (fa, edge_nr(a, fa), fb, edge_nr(b, fb))

cdef inline tuple next_edges3(Tensor a, Tensor b, Tensor c):
    fa = edge_function(a)
    fb = edge_function(b)
    fc = edge_function(c)
    return (fa, edge_nr(a, fa), fb, edge_nr(b, fb), fc, edge_nr(c, fc))
