# cython: language_level=3
# Helpers shared by the op modules: operand preparation (dtype promotion,
# scalars) and the polymorphic namespace used by backward formulas.
cimport numpy as cnp
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.graph cimport Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.variable cimport gradient_edge, gradient_edge_fast, set_history
from cyautograd.view_meta cimport DifferentiableViewMeta

cdef inline object as_array(object r):
    """numpy returns scalars from 0-d math; tensors always hold arrays."""
    if cnp.PyArray_CheckExact(r):
        return r
    return as_array_slow(r)

cdef object as_array_slow(object r)
cdef object xp_of(object g)
cdef object ops_ns()
cdef object scalar_array(object v, object npd)
cdef tuple prep_binary(object a, object b, str opname)
cdef object promote_result(object a, object b)
cdef Tensor to_tensor(object x, Tensor like)
cdef object broadcast_error(object x, object y)
cdef inline bint grad_needed(Tensor t) noexcept:
    return tensor_requires_grad(t) and is_grad_enabled_c()
cdef inline int edges_first(Tensor t) except -1:
    """NOTE [ Gradient edges before kernel checks ]: torch's autograd kernel
    (VariableType) collects its inputs' gradient edges before it calls the
    op's kernel, so a view whose base was modified in place raises the
    view's rebase error (its grad_fn cannot be rebuilt) before the kernel
    checks dims, shapes or dtypes. Ops whose own checks come first here call
    this before them: only a view that needs a gradient in grad mode does
    any work (its gradient edge, as the node would take it). A view whose
    grad_fn is current (its version has not moved past attr_version) cannot
    raise and has nothing to rebuild: the edge is skipped (the common case)."""
    cdef DifferentiableViewMeta dm
    if t.autograd_meta_ is not None and t.autograd_meta_.c.is_view and grad_needed(t):
        if type(t.autograd_meta_) is DifferentiableViewMeta:
            dm = <DifferentiableViewMeta>t.autograd_meta_
            if dm.grad_fn_ is not None and dm.v.attr_version == (
                    0 if t.version_counter_ is None else t.version_counter_.c.version):
                return 0
        gradient_edge(t)
    return 0
cdef inline Edge edge_of(Tensor t):
    if tensor_requires_grad(t):
        return gradient_edge_fast(t)
    return make_edge(None, 0)
cdef object unbroadcast(object g, object shape)
cdef tuple wrap_dims(object dim, Py_ssize_t ndim)
cdef Py_ssize_t wrap_dim(object dim, Py_ssize_t ndim) except -1
