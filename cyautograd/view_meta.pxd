# cython: language_level=3
# Differentiable views (torch/csrc/autograd/variable.h): ViewInfo,
# DifferentiableViewMeta, CreationMeta. See NOTE [ Autograd View Variables ].
from cyautograd._c cimport cya_view_meta_t
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.tensor cimport Tensor
from cyautograd.graph cimport Node

# How to rebuild a view from its root base: base_ is always the root (a view
# of a view names the first base); view_fn_ is None when as_strided on the
# view's geometry replays it (every strided view here).
cdef class ViewInfo:
    cdef readonly Tensor base_       # the root base
    cdef readonly object view_fn_    # callable(root) -> view, or None
    cdef ViewInfo chain(self, Tensor base, Tensor tensor, object view_func)

cdef class DifferentiableViewMeta(AutogradMeta):
    cdef cya_view_meta_t v           # shared_view_info / attr_version / creation_meta
    cdef ViewInfo backward_info_     # None: not a backward-differentiable view
    cdef ViewInfo forward_info_      # forward-mode AD slot (unused yet)

cdef Tensor make_view(Tensor base, object arr, int creation_meta)
cdef void set_view_history(Tensor view, Node fn, Py_ssize_t output_nr)
cdef int propagate_creation_meta(int prev, int new) noexcept
