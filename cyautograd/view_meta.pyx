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
                                  materialize_autograd_meta, next_edges1, ViewHooks, view_hooks,
                                  update_tensor_hooks_on_new_gradfn)
from cyautograd.functions.tensor cimport (CopySlices, AsStridedBackward0, TensorGeometry,
                                          geometry_of)

import enum
import re

import numpy as _np
# numpy's C API: set_history and the other variable.pxd inlines read array
# types through it (NOTE [ Integral tensors with history ] in variable.pyx)
cimport numpy as _cnp_api
_cnp_api.import_array()

# =============================================================================
# NOTE [ View replay ]
# torch's AutogradState view_replay_enabled (torch._C._set_view_replay_enabled,
# torch.autograd._force_original_view_tracking): a thread-local flag read when
# a view is made. On, the view op records a view_func that replays the op
# (as_view's view_func in VariableTypeUtils.h), chained onto the base's own
# view_fn (ViewInfo::chain), so a view whose base (or a sibling view) was
# modified in place regenerates its grad_fn by replaying the original view
# ops from the root: SliceBackward0, TBackward0 <- SliceBackward0, ... instead
# of one AsStridedBackward0. Off (the default) the view_fn stays None unless
# as_strided cannot rebuild the view.
# The replayed ops here (ops/shape.pyx's ViewReplay) rebuild the view over
# the root's storage from its absolute geometry with a node of the original
# op's class and parameters: valid for the root (same storage) and for
# anything with the root's layout, which is all the backward side passes
# (_view_grad_fn). CopySlices maps gradients by geometry and never calls it,
# and the forward (tangent) ViewInfo keeps the view_fn it had without replay
# (a tangent may have another layout): record_view_func unshares it.
# =============================================================================
cdef extern from "cyautograd/config.h":
    pass

cdef extern from *:
    """
    static CYA_THREAD_LOCAL int cya_view_replay_tls = 0;
    static int *cya_view_replay_ptr(void) { return &cya_view_replay_tls; }
    """
    int* cya_view_replay_ptr() noexcept nogil


cdef bint view_replay_enabled() noexcept nogil:
    return cya_view_replay_ptr()[0]


def _set_view_replay_enabled(bint enabled):
    cya_view_replay_ptr()[0] = enabled


def _is_view_replay_enabled():
    return bool(cya_view_replay_ptr()[0])


cdef int record_view_func(Tensor view, Tensor base, object view_func) except -1:
    """as_view with a view_func: `view` (just made from `base` by the op that
    view_func replays) gets the chained view_fn (NOTE [ View replay ])."""
    cdef AutogradMeta m = view.autograd_meta_
    cdef DifferentiableViewMeta dm, bm
    if m is None or not m.c.is_view or (<DifferentiableViewMeta>m).bw_base_ is None:
        return 0
    dm = <DifferentiableViewMeta>m
    if dm.v.shared_view_info:
        # the tangent side keeps its ViewInfo as it was (see the NOTE)
        dm.v.shared_view_info = 0
        dm.fw_base_ = dm.bw_base_
        dm.fw_view_fn_ = dm.bw_view_fn_
    bm = _bw_view_meta(base)
    if bm is None:
        dm.bw_view_fn_ = view_func
    else:
        dm.bw_view_fn_ = chain_view_fn(bm.bw_base_, bm.bw_view_fn_, base, view, view_func)
    return 0


cdef object _ndarray = _np.ndarray
cdef object _np_generic = _np.generic


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
# NOTE [ Forward view info ]
# A view also has a forward ViewInfo, the base whose tangent its own tangent
# views (forward-mode AD). Almost always it is the backward one:
# shared_view_info = 1 and fw_base_ stays None (as the seed's constructor
# asserts). They differ below a view that is not forward-differentiable
# (make_dual's output, unpack_dual's primal: a view of the primal for
# backward but not for tangents): a view of it names it as its forward
# base, while its backward base stays the root.
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
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class ViewInfo:
    """ViewInfo(base, view_fn=None)"""

    def __init__(self, Tensor base not None, view_fn=None):
        self.base_ = base
        self.view_fn_ = view_fn

    def chain(self, Tensor base not None, Tensor tensor not None, view_func=None):
        """ViewInfo of `tensor`, a view of `base`, which is a view of our root."""
        return ViewInfo(self.base_, chain_view_fn(self.base_, self.view_fn_, base, tensor, view_func))

    def has_view_fn(self):
        return self.view_fn_ is not None


cdef object chain_view_fn(Tensor root, object root_view_fn, Tensor base, Tensor tensor,
                          object view_func):
    """ViewInfo::chain: the view_fn that rebuilds `tensor` (a view of `base`,
    itself a view of `root` rebuilt by root_view_fn) from the root."""
    if view_func is not None:
        if root_view_fn is not None:
            prev = root_view_fn
            return lambda r: view_func(prev(r))
        size, stride, off = tuple(base.shape), base.stride(), base.storage_offset()
        return lambda r: view_func(r.as_strided(size, stride, off))
    if root_view_fn is not None:
        prev = root_view_fn
        size, stride, off = tuple(tensor.shape), tensor.stride(), tensor.storage_offset()
        return lambda r: prev(r).as_strided(size, stride, off)
    return None


@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class DifferentiableViewMeta(AutogradMeta):
    """DifferentiableViewMeta: the AutogradMeta of a differentiable view."""

    @property
    def creation_meta(self):
        return CreationMeta(self.v.creation_meta)

    @property
    def backward_info(self):
        return None if self.bw_base_ is None else ViewInfo(self.bw_base_, self.bw_view_fn_)

    @property
    def forward_info(self):
        if self.v.shared_view_info:
            return self.backward_info
        return None if self.fw_base_ is None else ViewInfo(self.fw_base_, self.fw_view_fn_)

    @property
    def shared_view_info(self):
        return bool(self.v.shared_view_info)


cdef Tensor make_view(Tensor base, object arr, int creation_meta):
    """A view of `base` over `arr` (an ndarray viewing base's memory): same
    storage and version counter; a DifferentiableViewMeta when the dtype is
    differentiable. creation_meta is DEFAULT or MULTI_OUTPUT_NODE here; the
    grad mode turns it into NO_GRAD_MODE / INFERENCE_MODE."""
    cdef Tensor out = <Tensor>cya_tp_new(Tensor)
    cdef DifferentiableViewMeta meta, bm
    cdef AutogradMeta m = base.autograd_meta_
    if type(arr) is not _ndarray and isinstance(arr, _np_generic):
        # NOTE [ 0-d tensors are views ] in tensor.pyx: a scalar is a copy
        raise SystemError("internal error: a view over a numpy scalar (make 0-d views with a[i, ...])")
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
    if m is not None and m.c.is_view and (<DifferentiableViewMeta>m).bw_base_ is not None:
        bm = <DifferentiableViewMeta>m
        meta.bw_base_ = bm.bw_base_
        if bm.bw_view_fn_ is not None:
            meta.bw_view_fn_ = chain_view_fn(bm.bw_base_, bm.bw_view_fn_, base, out, None)
        creation_meta = propagate_creation_meta(bm.v.creation_meta, creation_meta)
        # the forward ViewInfo: the same as the backward one (shared) unless
        # base's forward view differs (NOTE [ Forward view info ])
        if bm.v.shared_view_info:
            meta.v.shared_view_info = 1
        elif bm.fw_base_ is not None:
            meta.fw_base_ = bm.fw_base_
            if bm.fw_view_fn_ is not None:
                meta.fw_view_fn_ = chain_view_fn(bm.fw_base_, bm.fw_view_fn_, base, out, None)
        else:
            meta.fw_base_ = base
    else:
        meta.bw_base_ = base
        meta.v.shared_view_info = 1
    meta.v.creation_meta = <cya_creation_meta_t>creation_meta
    meta.v.attr_version = 0 if out.version_counter_ is None else out.version_counter_.c.version
    out.autograd_meta_ = meta
    return out


cdef void set_view_history(Tensor view, Node fn, Py_ssize_t output_nr):
    """set_history for a view: keep its DifferentiableViewMeta."""
    cdef AutogradMeta m = view.autograd_meta_
    cdef DifferentiableViewMeta dm
    if m is None:
        # a view of an inference tensor is an inference tensor (make_view
        # gives it no metadata): it records no history, as in torch, even
        # when its base requires grad and grad mode is on
        return
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
    if (<DifferentiableViewMeta>m).bw_base_ is None:
        return None
    return <DifferentiableViewMeta>m


cdef bint _view_base_requires_grad(object t) noexcept:
    cdef DifferentiableViewMeta dm = _bw_view_meta(<Tensor>t)
    if dm is None:
        return False
    return tensor_requires_grad(dm.bw_base_)


cdef str _short(Node fn):
    # torch names the view op after its node, "Backward0" dropped and another
    # overload's number kept: SqueezeBackward0 -> Squeeze, SqueezeBackward1
    # (squeeze.dim) -> Squeeze1, SqueezeBackward2 (squeeze.dims) -> Squeeze2
    return re.sub(r"Backward(\d*)$", lambda m: "" if m.group(1) in ("", "0") else m.group(1), fn.name())


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
    base = dm.bw_base_
    if dm.grad_fn_ is None and not tensor_requires_grad(base):
        return None
    current = 0 if self.version_counter_ is None else self.version_counter_.c.version
    if dm.v.attr_version != current:
        handle_view_on_rebase(dm, True)
        old_fn = dm.grad_fn_
        if dm.bw_view_fn_ is not None:
            prev = is_grad_enabled_c()
            set_grad_enabled_c(True)
            try:
                diff_view = dm.bw_view_fn_(base)
            finally:
                set_grad_enabled_c(prev)
            dm.grad_fn_ = diff_view.grad_fn
            dm.c.output_nr = 0
            dm.v.attr_version = current
            update_tensor_hooks_on_new_gradfn(self, dm, old_fn, dm.grad_fn_)
        else:
            _set_as_strided_grad_fn(self, dm, geometry_of(base), geometry_of(self), next_edges1(base))
    return dm.grad_fn_


cdef int _set_as_strided_grad_fn(Tensor self, DifferentiableViewMeta dm, TensorGeometry base_geom,
                                 TensorGeometry view_geom, tuple base_edges) except -1:
    """A view's regenerated grad_fn: AsStridedBackward0 from its base."""
    cdef AsStridedBackward0 fn = <AsStridedBackward0>new_node(AsStridedBackward0)
    old_fn = dm.grad_fn_
    fn.self_geometry = base_geom
    fn.view_geometry = view_geom
    fn.next_edges_ = base_edges
    fn.set_input_metadata_from(0, self.data_)
    dm.grad_fn_ = fn
    dm.c.output_nr = 0
    dm.v.attr_version = 0 if self.version_counter_ is None else self.version_counter_.c.version
    update_tensor_hooks_on_new_gradfn(self, dm, old_fn, fn)
    return 0


cdef int _handle_view_on_rebase(Tensor t) except -1:
    """check_inplace's part for a view (installed into variable's ViewHooks)."""
    cdef DifferentiableViewMeta dm = _bw_view_meta(t)
    if dm is None:
        return 0
    handle_view_on_rebase(dm, False)
    base = dm.bw_base_
    # torch's can_mutate_inplace: the view requires grad and its base is a
    # leaf - whether or not the base itself requires grad (a view of a plain
    # tensor that was given requires_grad_() afterwards is one too)
    if tensor_requires_grad(t) and grad_fn_of(base) is None:
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.")
    return 0


cdef int _rebase_view_history(Tensor t, Node fn) except -1:
    """rebase_history for a view: CopySlices on the base, then the view's
    grad_fn regenerated from it."""
    cdef DifferentiableViewMeta dm = _bw_view_meta(t)
    cdef CopySlices cs
    cdef Tensor base
    if dm is None:
        # a non-differentiable view: plain history
        m = materialize_autograd_meta(t)
        m.grad_fn_ = fn
        m.c.output_nr = 0
        fn.set_input_metadata_from(0, t.data_)
        return 0
    if fn.num_inputs_ != 1:
        raise RuntimeError("Functions which modify views in-place must return a single Variable")
    base = dm.bw_base_
    dm.c.output_nr = 0
    cs = <CopySlices>new_node(CopySlices)
    cs.base_geom = geometry_of(base)
    cs.view_geom = geometry_of(t)
    cs.view_fn = dm.bw_view_fn_
    cs.fn = fn
    ne = fn.next_edges_
    cs.next_edges_ = next_edges1(base) + ne[2:]
    cs.set_input_metadata_from(0, base.data_)
    if tensor_requires_grad(t):
        # the base's hooks stay with its old grad_fn; its retain_grad moves
        update_tensor_hooks_on_new_gradfn(base, materialize_autograd_meta(base), grad_fn_of(base), cs)
    set_gradient_edge(base, cs, 0)
    if dm.bw_view_fn_ is None:
        # the view's new grad_fn: AsStridedBackward0 over the same geometry
        # (what reading t.grad_fn would regenerate below)
        _set_as_strided_grad_fn(t, dm, cs.base_geom, cs.view_geom, next_edges1(base))
    else:
        _view_grad_fn(t)  # regenerate the view's grad_fn by replaying view_fn
    return 0


cdef object _view_base(Tensor t):
    cdef DifferentiableViewMeta dm = _bw_view_meta(t)
    return None if dm is None else dm.bw_base_


cdef ViewHooks* _vh = view_hooks()
_vh.handle_view_on_rebase = _handle_view_on_rebase
_vh.rebase_view_history = _rebase_view_history
_vh.base = _view_base


cdef TensorDispatch* _d = tensor_dispatch()
_d.grad_fn = _view_grad_fn
_d.view_base_requires_grad = _view_base_requires_grad
