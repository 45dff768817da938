# cython: language_level=3
"""Differentiable views: ViewInfo, DifferentiableViewMeta, CreationMeta,
view grad_fn regeneration, handle_view_on_rebase and rebase of a view's
history through CopySlices (torch/csrc/autograd/variable.cpp)."""
cimport cython
from cyautograd._fast cimport cya_tp_new
from cyautograd._c cimport (cya_creation_meta_t, CYA_CREATION_META_DEFAULT, CYA_CREATION_META_IN_CUSTOM_FUNCTION,
                            CYA_CREATION_META_MULTI_OUTPUT_NODE, CYA_CREATION_META_NO_GRAD_MODE,
                            CYA_CREATION_META_INFERENCE_MODE)
from cyautograd.tensor cimport (Tensor, tensor_dispatch, tensor_requires_grad, version_counter_of,
                                TensorDispatch)
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.version_counter cimport VersionCounter
from cyautograd.graph cimport Node, new_node
from cyautograd.grad_mode cimport is_grad_enabled_c, is_inference_mode_c, set_grad_enabled_c
from cyautograd.variable cimport (set_gradient_edge, collect_next_edges, grad_fn_of,
                                  materialize_autograd_meta)
from cyautograd.functions.tensor cimport (CopySlices, AsStridedBackward0, TensorGeometry,
                                          geometry_of)

import enum
import re

from cyautograd import variable as _variable

# =============================================================================
# NOTE [ Autograd View Variables ]
# Mirrors torch/csrc/autograd/variable.h. Many ops return a tensor that
# shares storage with an input: a view of a base. A view shares its base's
# storage and version counter. When its dtype is differentiable it gets a
# DifferentiableViewMeta whose backward ViewInfo names the *root* base (a
# view of a view names the first base), so that an in-place op on any view
# can be expressed as an op on the root:
#
#   Have: base = x * 1; view = base[1]; view.mul_(2)
#   -> base.grad_fn is CopySlices(fn=MulBackward0): the gradient of base
#      passes through outside the slice and through MulBackward0 inside it;
#   -> view.grad_fn is regenerated on read as AsStridedBackward0 from base,
#      because view's version moved past attr_version.
#
# NOTE [ View + Inplace detection ]
# creation_meta records how the view was made. DEFAULT views may be
# modified in place; a view made under no_grad or inference_mode, returned
# by a multi-output op (unbind/split/chunk) or by a custom Function may not,
# when the modification is recorded (handle_view_on_rebase gives the seed's
# messages). A view of a view inherits a non-DEFAULT creation_meta
# (propagate_creation_meta).
# =============================================================================


class CreationMeta(enum.IntEnum):
    DEFAULT = CYA_CREATION_META_DEFAULT
    IN_CUSTOM_FUNCTION = CYA_CREATION_META_IN_CUSTOM_FUNCTION
    MULTI_OUTPUT_NODE = CYA_CREATION_META_MULTI_OUTPUT_NODE
    NO_GRAD_MODE = CYA_CREATION_META_NO_GRAD_MODE
    INFERENCE_MODE = CYA_CREATION_META_INFERENCE_MODE


cdef int propagate_creation_meta(int prev, int new) noexcept:
    if new == CYA_CREATION_META_DEFAULT:
        return prev
    if prev == CYA_CREATION_META_INFERENCE_MODE:
        return prev
    return new


@cython.final
cdef class ViewInfo:
    """ViewInfo(base, view_fn=None)"""

    def __init__(self, Tensor base, view_fn=None):
        self.base_ = base
        self.view_fn_ = view_fn

    cdef ViewInfo chain(self, Tensor base, Tensor tensor, object view_func):
        """ViewInfo of `tensor`, a view of `base`, which is a view of our root."""
        cdef ViewInfo r = ViewInfo.__new__(ViewInfo)
        r.base_ = self.base_
        if view_func is not None:
            if self.view_fn_ is not None:
                prev = self.view_fn_
                r.view_fn_ = lambda root: view_func(prev(root))
            else:
                size, stride, off = tuple(base.shape), base.stride(), base.storage_offset()
                r.view_fn_ = lambda root: view_func(root.as_strided(size, stride, off))
        elif self.view_fn_ is not None:
            prev = self.view_fn_
            size, stride, off = tuple(tensor.shape), tensor.stride(), tensor.storage_offset()
            r.view_fn_ = lambda root: prev(root).as_strided(size, stride, off)
        return r

    def has_view_fn(self):
        return self.view_fn_ is not None


cdef class DifferentiableViewMeta(AutogradMeta):
    """DifferentiableViewMeta: the AutogradMeta of a differentiable view."""

    @property
    def creation_meta(self):
        return CreationMeta(self.v.creation_meta)


cdef Tensor make_view(Tensor base, object arr, int creation_meta):
    """A view of `base` over `arr` (an ndarray viewing base's memory): same
    storage and version counter; a DifferentiableViewMeta when the dtype is
    differentiable. creation_meta is DEFAULT or MULTI_OUTPUT_NODE here; the
    grad mode turns it into NO_GRAD_MODE / INFERENCE_MODE."""
    cdef Tensor out = <Tensor>cya_tp_new(Tensor)
    cdef DifferentiableViewMeta meta, bm
    cdef AutogradMeta m = base.autograd_meta_
    out.data_ = arr
    out.storage_ = base.storage_
    out.is_inference_ = base.is_inference_
    out.version_counter_ = version_counter_of(base)
    if base.is_inference_:
        return out  # inference tensors carry no autograd metadata, views included
    if is_inference_mode_c():
        creation_meta = CYA_CREATION_META_INFERENCE_MODE
    elif not is_grad_enabled_c():
        creation_meta = CYA_CREATION_META_NO_GRAD_MODE
    meta = <DifferentiableViewMeta>cya_tp_new(DifferentiableViewMeta)
    meta.c.is_view = 1
    if m is not None and m.c.is_view and (<DifferentiableViewMeta>m).backward_info_ is not None:
        bm = <DifferentiableViewMeta>m
        meta.backward_info_ = bm.backward_info_.chain(base, out, None)
        creation_meta = propagate_creation_meta(bm.v.creation_meta, creation_meta)
    else:
        meta.backward_info_ = ViewInfo(base, None)
    meta.v.creation_meta = <cya_creation_meta_t>creation_meta
    meta.v.attr_version = 0 if out.version_counter_ is None else out.version_counter_.c.version
    out.autograd_meta_ = meta
    return out


cdef void set_view_history(Tensor view, Node fn, Py_ssize_t output_nr):
    """set_history for a view: keep its DifferentiableViewMeta."""
    cdef AutogradMeta m = view.autograd_meta_
    cdef DifferentiableViewMeta dm
    m.grad_fn_ = fn
    m.c.output_nr = output_nr
    fn.set_input_metadata_from(output_nr, view.data_)
    if m.c.is_view:
        dm = <DifferentiableViewMeta>m
        dm.v.attr_version = 0 if view.version_counter_ is None else view.version_counter_.c.version


cdef inline DifferentiableViewMeta _bw_view_meta(Tensor t):
    cdef AutogradMeta m = t.autograd_meta_
    if m is None or not m.c.is_view:
        return None
    if (<DifferentiableViewMeta>m).backward_info_ is None:
        return None
    return <DifferentiableViewMeta>m


cdef bint _view_base_requires_grad(object t) noexcept:
    cdef DifferentiableViewMeta dm = _bw_view_meta(<Tensor>t)
    if dm is None:
        return False
    return tensor_requires_grad(dm.backward_info_.base_)


cdef str _short(Node fn):
    return re.sub(r"Backward\d*$", "", fn.name())


cdef int handle_view_on_rebase(DifferentiableViewMeta dm, bint indirect) except -1:
    cdef int cm = dm.v.creation_meta
    cdef Node grad_fn = dm.grad_fn_
    if cm == CYA_CREATION_META_DEFAULT:
        return 0
    modified_obj = "its base or another view of its base has been" if indirect else "is being"
    if cm == CYA_CREATION_META_INFERENCE_MODE or cm == CYA_CREATION_META_NO_GRAD_MODE or grad_fn is None:
        if grad_fn is not None:
            prefix = (f"Output {dm.c.output_nr} of {_short(grad_fn)} is a view of a view which was "
                      "created in")
        else:
            prefix = "A view was created in"
        if cm == CYA_CREATION_META_INFERENCE_MODE:
            msg = f"{prefix} inference mode and {modified_obj} modified inplace in normal mode."
        else:
            msg = f"{prefix} no_grad mode and {modified_obj} modified inplace with grad mode enabled."
    else:
        msg = f"Output {dm.c.output_nr} of {_short(grad_fn)} is a view and {modified_obj} modified inplace."
    if cm == CYA_CREATION_META_MULTI_OUTPUT_NODE:
        msg += (" This view is the output of a function that returns multiple views. Such functions do not"
                " allow the output views to be modified inplace. You should replace the inplace operation by an"
                " out-of-place one.")
    elif cm == CYA_CREATION_META_NO_GRAD_MODE:
        msg += (" Given that this use case is ambiguous and error-prone, it is forbidden."
                " You can clarify your code by moving both the view and the inplace either both"
                " inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want"
                " the inplace to be tracked).")
    elif cm == CYA_CREATION_META_INFERENCE_MODE:
        msg += (" Given that this use case is ambiguous and error-prone, it is forbidden."
                " You can clarify your code by moving both the view and the inplace either both"
                " inside the inference_mode block (if you don't want the inplace to be tracked) or both outside (if you want"
                " the inplace to be tracked).")
    elif cm == CYA_CREATION_META_IN_CUSTOM_FUNCTION:
        msg += (" This view was created inside a custom Function (or because an input was returned as-is) and the"
                " autograd logic to handle view+inplace would override the custom backward associated with the custom"
                " Function, leading to incorrect gradients. This behavior is forbidden. You can fix this by"
                " cloning the output of the custom Function.")
    raise RuntimeError(msg)


cdef object _view_grad_fn(object obj):
    """VariableHooks::grad_fn for a view: regenerate after an in-place change
    of the view, its base or another view of the base (attr_version moved)."""
    cdef Tensor self = <Tensor>obj
    cdef DifferentiableViewMeta dm = _bw_view_meta(self)
    cdef AsStridedBackward0 fn
    cdef Tensor base
    cdef long long current
    if dm is None:
        return None if self.autograd_meta_ is None else self.autograd_meta_.grad_fn_
    base = dm.backward_info_.base_
    if dm.grad_fn_ is None and not tensor_requires_grad(base):
        return None
    current = 0 if self.version_counter_ is None else self.version_counter_.c.version
    if dm.v.attr_version != current:
        handle_view_on_rebase(dm, True)
        old_fn = dm.grad_fn_
        if dm.backward_info_.view_fn_ is not None:
            prev = is_grad_enabled_c()
            set_grad_enabled_c(True)
            try:
                diff_view = dm.backward_info_.view_fn_(base)
            finally:
                set_grad_enabled_c(prev)
            dm.grad_fn_ = diff_view.grad_fn
        else:
            fn = <AsStridedBackward0>new_node(AsStridedBackward0)
            fn.self_geometry = geometry_of(base)
            fn.view_geometry = geometry_of(self)
            fn.next_edges_ = collect_next_edges((base,))
            fn.set_input_metadata_from(0, self.data_)
            dm.grad_fn_ = fn
        dm.c.output_nr = 0
        dm.v.attr_version = current
        _variable._update_hooks_py(self, old_fn, dm.grad_fn_)
    return dm.grad_fn_


class _ViewHooks:
    """Installed into cyautograd.variable (see _set_view_hooks there)."""

    @staticmethod
    def handle_view_on_rebase(Tensor t):
        cdef DifferentiableViewMeta dm = _bw_view_meta(t)
        if dm is None:
            return
        handle_view_on_rebase(dm, False)
        base = dm.backward_info_.base_
        if tensor_requires_grad(t) and grad_fn_of(base) is None and tensor_requires_grad(base):
            raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                               "in-place operation.")

    @staticmethod
    def rebase_view_history(Tensor t, Node fn):
        cdef DifferentiableViewMeta dm = _bw_view_meta(t)
        cdef CopySlices cs
        cdef Tensor base
        if dm is None:
            # a non-differentiable view: plain history
            m = materialize_autograd_meta(t)
            m.grad_fn_ = fn
            m.c.output_nr = 0
            fn.set_input_metadata_from(0, t.data_)
            return
        if fn.num_inputs_ != 1:
            raise RuntimeError("Functions which modify views in-place must return a single Variable")
        base = dm.backward_info_.base_
        dm.c.output_nr = 0
        cs = <CopySlices>new_node(CopySlices)
        cs.base_geom = geometry_of(base)
        cs.view_geom = geometry_of(t)
        cs.view_fn = dm.backward_info_.view_fn_
        cs.fn = fn
        ne = fn.next_edges_
        base_edge = collect_next_edges((base,))
        cs.next_edges_ = base_edge + tuple(ne[2:])
        cs.set_input_metadata_from(0, base.data_)
        set_gradient_edge(base, cs, 0)
        t.grad_fn  # regenerate the view's grad_fn

    @staticmethod
    def has_bw_view(Tensor t):
        return _bw_view_meta(t) is not None

    @staticmethod
    def base(Tensor t):
        cdef DifferentiableViewMeta dm = _bw_view_meta(t)
        if dm is None:
            raise RuntimeError("Can't get base of non-backward view Tensor")
        return dm.backward_info_.base_


cdef TensorDispatch* _d = tensor_dispatch()
_d.grad_fn = _view_grad_fn
_d.view_base_requires_grad = _view_base_requires_grad
_variable._set_view_hooks(_ViewHooks)
