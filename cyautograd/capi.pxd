# cython: language_level=3
# The public C-level API of cyautograd: what a downstream Cython extension
# cimports to write ops and nodes at C speed. Stable within a minor version:
# the names below, their signatures and the typed fields of the extension
# types they expose (Tensor, AutogradMeta, DifferentiableViewMeta, Node,
# SavedVariable). Everything not named here is internal. See docs/embedding.md.
#
#     from cyautograd.capi cimport Tensor, Node, new_node, ...
#
cimport numpy as cnp
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad, version_counter_of
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.view_meta cimport DifferentiableViewMeta
from cyautograd.graph cimport Node, Edge, new_node
from cyautograd.saved_variable cimport SavedVariable, save_variable
from cyautograd.version_counter cimport VersionCounter
from cyautograd.variable cimport (gradient_edge, collect_next_edges, set_gradient_edge, check_inplace,
                                  rebase_history, bump_version, grad_fn_of, next_edges1, next_edges2,
                                  next_edges3, set_history)
from cyautograd.grad_mode cimport is_grad_enabled_c
# array kernels (numpy arrays in, numpy array out; numpy's own inner loops
# called directly for same-shape contiguous operands, numpy's ufuncs otherwise)
from cyautograd.kernels cimport k_add, k_sub, k_mul, k_div


cdef inline long long tensor_version(Tensor t) noexcept:
    """t._version: the shared version counter's value (0 before any bump)."""
    return 0 if t.version_counter_ is None else t.version_counter_.c.version


cdef inline bint tensor_is_leaf(Tensor t) noexcept:
    """t.is_leaf. A view's regenerated grad_fn is not consulted: a view of
    a leaf that requires grad is not a leaf."""
    cdef AutogradMeta m = t.autograd_meta_
    return m is None or (m.grad_fn_ is None and not m.c.is_view)


cdef inline Tensor tensor_from_array(object arr):
    """A new tensor over the numpy array `arr`, without a copy."""
    return wrap_array(arr)


cdef inline object tensor_data(Tensor t):
    """The ndarray a tensor views (no copy; writing to it bypasses the
    version counter: bump_version yourself)."""
    return t.data_


cdef inline bint compute_requires_grad(Tensor t) noexcept:
    """Whether an op on t must record history: grad mode on and t requires grad."""
    return is_grad_enabled_c() and tensor_requires_grad(t)
