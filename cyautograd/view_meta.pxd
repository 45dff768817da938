# cython: language_level=3
# Differentiable views (torch/csrc/autograd/variable.h): ViewInfo,
# DifferentiableViewMeta, CreationMeta. See NOTE [ Autograd View Variables ].
from cyautograd._c cimport cya_view_meta_t
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.tensor cimport Tensor
from cyautograd.graph cimport Node

# How to rebuild a view from its root base (torch's ViewInfo, a value type
# held inside the meta): base is always the root (a view of a view names the
# first base); view_fn is None when as_strided on the view's geometry
# replays it (every strided view here). ViewInfo objects are made only for
# Python-level inspection; the meta keeps the two fields inline.
cdef class ViewInfo:
    cdef readonly Tensor base_       # the root base
    cdef readonly object view_fn_    # callable(root) -> view, or None

cdef object chain_view_fn(Tensor root, object root_view_fn, Tensor base, Tensor tensor,
                          object view_func)

cdef class DifferentiableViewMeta(AutogradMeta):
    cdef cya_view_meta_t v           # shared_view_info / attr_version / creation_meta
    cdef Tensor bw_base_             # backward ViewInfo's base; None: not a backward view
    cdef object bw_view_fn_          # backward ViewInfo's view_fn
    cdef Tensor fw_base_             # forward ViewInfo's base when not shared (NOTE [ Forward view info ])
    cdef object fw_view_fn_          # forward ViewInfo's view_fn

cdef Tensor make_view(Tensor base, object arr, int creation_meta)
cdef void set_view_history(Tensor view, Node fn, Py_ssize_t output_nr)
cdef int propagate_creation_meta(int prev, int new) noexcept

# NOTE [ View replay ] in view_meta.pyx
cdef bint view_replay_enabled() noexcept nogil
cdef int record_view_func(Tensor view, Tensor base, object view_func) except -1
