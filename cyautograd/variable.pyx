# cython: language_level=3
"""The impl:: functions of torch/csrc/autograd/variable.cpp."""
from cyautograd._fast cimport cya_tp_new
cimport cython
cimport numpy as cnp
import numpy as np
from libc.stdint cimport UINT64_MAX
from cpython.weakref cimport PyWeakref_NewRef, PyWeakref_GetObject
from cpython.ref cimport PyObject

cnp.import_array()

from cyautograd.tensor cimport (Tensor, wrap_array, tensor_requires_grad, tensor_dispatch,
                                version_counter_of)
from cyautograd.argcheck cimport tensor_arg
from cyautograd.version_counter cimport VersionCounter
from cyautograd.autograd_meta cimport AutogradMeta, new_autograd_meta
from cyautograd.graph cimport new_node, Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c, is_inference_mode_c
from cyautograd.functions.accumulate_grad cimport AccumulateGrad
from cyautograd.functions cimport basic_ops

# =============================================================================
# NOTE [ Lazy AutogradMeta ]
# Mirrors torch/csrc/autograd/variable.h. A tensor that never needed
# autograd has autograd_meta_ None, and every reader treats None as
# "requires_grad False, no grad_fn, output_nr 0, no grad". Writers call
# materialize_autograd_meta first.
#
# WARNING: Tensor.autograd_meta_ may be None. If you require AutogradMeta to
# exist, use materialize_autograd_meta instead.
# =============================================================================


# NOTE [ Integral tensors with history ]
# An integral or bool tensor can require grad in torch: an in-place op
# records history on it from a float that requires grad (fill_ with a 0-d
# float that requires grad). torch's set_history (VariableTypeUtils.h)
# then refuses every op that would record history with an integral or
# bool differentiable output: "Autograd not support dtype: Long", after
# the op computed. Ours: set_history (variable.pxd) checks the output's
# dtype for every Cython op; an op must therefore make its node whenever
# an input requires grad, whatever the output's dtype, and leave the
# check to set_history (an op that skipped the node for an integral
# output would return it silently without history). The Python ops
# written as Functions (ops/extra.py's _named) get the same check in
# function.pyx's _wrap_outputs. Ops whose outputs are never
# differentiable (argmax, comparisons, sort's indices) make no node.
#
# An in-place op is not refused: torch's rebase_history has no such check,
# so x.neg_() on an int64 tensor with history computes and records
# NegBackward0. Unless its formula saves self: the autograd kernel then
# saves original_self = self.clone() first, and that clone's set_history
# refuses before the kernel runs (x.sin_(), x.clamp_(...)). Our in-place
# ops compute through the out-of-place op (pointwise.pyx _inplace_via_c),
# which holds integral_history_allowed while it runs.
cdef bint _integral_history_ok = False


cdef bint allow_integral_history(bint on) noexcept:
    """Set whether set_history accepts an integral output; returns the old value."""
    global _integral_history_ok
    cdef bint old = _integral_history_ok
    _integral_history_ok = on
    return old


cdef bint integral_history_allowed() noexcept:
    return _integral_history_ok


cdef int differentiable_type_check(object x) except -1:
    """Raise torch's set_history error unless x (an array) is floating or complex."""
    from cyautograd.ops import _xp
    from cyautograd import dtypes as _D
    npd = _xp.npdtype(x)
    if npd.kind in "fc" or _integral_history_ok:
        return 0
    raise RuntimeError(f"Autograd not support dtype: {_D._FROM_NP[npd]._cname}")


cdef AutogradMeta materialize_autograd_meta(Tensor self):
    if self.autograd_meta_ is None:
        self.autograd_meta_ = new_autograd_meta()
    return self.autograd_meta_


# =============================================================================
# NOTE [ Weak grad accumulator ]
# torch's AutogradMeta holds its AccumulateGrad as a weak_ptr: the graph owns
# the accumulator, the accumulator owns the leaf, and the leaf must not own
# the accumulator back (a cycle only the GC could free). We keep the weak
# link as a borrowed pointer rather than a weakref object: the accumulator
# holds its leaf strongly, so while it lives the leaf (and its meta) lives,
# and its __dealloc__ clears the pointer if the leaf's meta still names it.
# AccumulateGrad is no_gc_clear so that __dealloc__ still sees its variable.
# =============================================================================

# =============================================================================
# NOTE [ Gradient Edge ]
# Mirrors torch's gradient_edge. The edge through which a gradient reaches
# a tensor is (grad_fn, output_nr) for a non-leaf, and (its AccumulateGrad,
# 0) for a leaf that requires grad. The leaf holds its AccumulateGrad only
# weakly: the graph owns it, so a leaf never keeps a graph alive, and a new
# one is made when the old graph has died. For a leaf that does not require
# grad the edge is invalid (function None).
# =============================================================================
cdef Node grad_accumulator(Tensor self):
    cdef AutogradMeta m = self.autograd_meta_
    cdef PyObject* p
    cdef AccumulateGrad acc
    if m is None:
        return None
    if m.grad_fn_ is not None:
        raise RuntimeError("grad_accumulator() should be only called on leaf Variables")
    if not m.c.requires_grad:
        return None
    if m.grad_accumulator_ != NULL:
        return <Node>m.grad_accumulator_
    acc = <AccumulateGrad>new_node(AccumulateGrad)
    acc.sequence_nr_ = UINT64_MAX
    acc.variable = self
    if m.hooks_:
        acc.has_hooks_ = True   # the leaf's tensor hooks (NOTE [ Hook dicts ])
    x = self.data_
    acc.dtype_at_creation = (<object>cnp.PyArray_DESCR(<cnp.ndarray>x) if cnp.PyArray_CheckExact(x)
                             else x.dtype)
    # the leaf's shape now: a later set_data of another shape (same dtype)
    # keeps this accumulator, and backward reports the mismatch, as torch
    acc.set_input_metadata_from(0, x)
    m.grad_accumulator_ = <PyObject*>acc
    return acc


cdef Node grad_fn_of(Tensor self):
    cdef AutogradMeta m = self.autograd_meta_
    if m is None:
        return None
    if m.c.is_view:
        return tensor_dispatch().grad_fn(self)
    return m.grad_fn_


cdef Edge gradient_edge(Tensor self):
    cdef Node fn = grad_fn_of(self)
    if fn is not None:
        return make_edge(fn, self.autograd_meta_.c.output_nr)
    return make_edge(grad_accumulator(self), 0)


cdef int set_gradient_edge(Tensor self, Node fn, Py_ssize_t output_nr) except -1:
    cdef AutogradMeta m = materialize_autograd_meta(self)
    m.grad_fn_ = fn
    m.c.output_nr = output_nr
    return 0


cdef object edge_function_slow(Tensor t):
    cdef Node fn = grad_fn_of(t)
    if fn is not None:
        return fn
    return grad_accumulator(t)


cdef tuple collect_next_edges(tuple tensors):
    """Flat (function, input_nr) pairs for the given tensors (None entries
    give an invalid edge). See NOTE [ Edges ] in graph.pyx."""
    cdef list edges = []
    for t in tensors:
        f = None if t is None else edge_function(<Tensor>t)
        edges.append(f)
        edges.append(0 if f is None else (<Tensor>t).autograd_meta_.c.output_nr)
    return tuple(edges)


cdef int bump_version(Tensor self) except -1:
    if self.is_inference_:
        if not is_inference_mode_c():
            raise RuntimeError(
                "Inplace update to inference tensor outside InferenceMode is not allowed."
                "You can make a clone to get a normal tensor before doing inplace update."
                "See https://github.com/pytorch/rfcs/pull/17 for more details.")
        return 0
    cdef VersionCounter vc = version_counter_of(self)
    vc.c.version += 1
    return 0


cdef int check_inplace(Tensor self, bint requires_grad) except -1:
    """Checks an in-place op on `self` may proceed; `requires_grad` is whether
    the op will be recorded (grad mode on and some input requires grad)."""
    cdef AutogradMeta m = self.autograd_meta_
    if requires_grad and is_grad_enabled_c() and m is not None:
        if m.c.is_view:
            _view_hooks.handle_view_on_rebase(self)
        if m.c.requires_grad and grad_fn_of(self) is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    # after the autograd checks, as torch's ADInplaceOrView kernel runs after VariableType's
    if self.is_inference_ and not is_inference_mode_c():
        raise RuntimeError(
            "Inplace update to inference tensor outside InferenceMode is not allowed."
            "You can make a clone to get a normal tensor before doing inplace update."
            "See https://github.com/pytorch/rfcs/pull/17 for more details.")
    return 0


cdef int rebase_history(Tensor self, Node fn) except -1:
    """Make `fn` the history of `self` after an in-place op (output 0)."""
    cdef AutogradMeta m = materialize_autograd_meta(self)
    cdef Node old_fn = m.grad_fn_
    if m.c.is_view:
        return _view_hooks.rebase_view_history(self, fn)
    m.grad_fn_ = fn
    m.c.output_nr = 0
    fn.set_input_metadata_from(0, self.data_)
    update_tensor_hooks_on_new_gradfn(self, m, old_fn, fn)
    return 0


cdef int update_tensor_hooks_on_new_gradfn(Tensor self, AutogradMeta m, Node old_fn, Node new_fn) except -1:
    # Hooks registered so far stay with old_fn; a retains_grad hook moves.
    m.cpp_hooks_list_ = None
    if (m.c.retains_grad and old_fn is not None and old_fn.extras_ is not None
            and old_fn.extras_.retains_grad_hooks_ is not None):
        hook = old_fn.extras_.retains_grad_hooks_.pop(m.c.output_nr, None)
        if hook is not None:
            if new_fn.extras().retains_grad_hooks_ is None:
                new_fn.extras_.retains_grad_hooks_ = {}
            new_fn.extras_.retains_grad_hooks_[0] = hook
            new_fn.has_hooks_ = True
    return 0


cdef int _no_view_check(Tensor t) except -1:
    return 0


cdef int _no_view_rebase(Tensor t, Node fn) except -1:
    raise RuntimeError("in-place on a differentiable view needs cyautograd.view_meta")


cdef object _no_view_base(Tensor t):
    return None


cdef ViewHooks _view_hooks
_view_hooks.handle_view_on_rebase = _no_view_check
_view_hooks.rebase_view_history = _no_view_rebase
_view_hooks.base = _no_view_base


cdef ViewHooks* view_hooks() noexcept:
    return &_view_hooks


cdef Tensor tensor_data(Tensor self):
    """detach(): same storage and version counter, no autograd history."""
    cdef Tensor t = Tensor.__new__(type(self) if type(self) is Tensor else Tensor)
    t.data_ = self.data_
    t.storage_ = self.storage_
    t.version_counter_ = version_counter_of(self)
    t.is_inference_ = self.is_inference_
    return t


cdef Tensor variable_data(Tensor self):
    """.data: same storage, a fresh version counter, no autograd metadata."""
    cdef Tensor t = <Tensor>cya_tp_new(Tensor)
    t.data_ = self.data_
    t.storage_ = self.storage_
    t.is_inference_ = self.is_inference_

    return t


# -- Python wrappers (tests and the functional namespace use these) ----------

# NOTE [ Versions of gradient arrays ]
# Without create_graph the engine passes gradients as plain arrays, which
# carry no version counter; torch's gradient tensors do, and autograd.grad
# returns them with the count their formula's in-place ops left
# (masked_fill_/scatter_ into zeros in max/min backward, index_put_ in
# index backward, add_ when the engine accumulates into a gradient it owns).
# A formula that bumps notes the array here; autograd.grad gives the tensor
# it wraps that version, and the outermost engine run forgets them all.
cdef dict _grad_versions = {}


cdef int note_grad_version(object arr, Py_ssize_t version) except -1:
    _grad_versions[id(arr)] = (arr, version)   # holds arr: the id stays its own
    return 0


cdef Py_ssize_t grad_version(object arr) except -1:
    if not _grad_versions:
        return 0
    entry = _grad_versions.get(id(arr))
    if entry is None or entry[0] is not arr:
        return 0
    return entry[1]


# The user's root gradients of the running backward (arrays the engine passes
# without create_graph), by id of their array: a view formula's result that
# aliases one is stolen by AccumulateGrad with that tensor's version counter
# (NOTE [ The version of a leaf's first gradient ] in accumulate_grad.pyx).
cdef dict _root_grads = {}


cdef int note_root_grad(object arr, Tensor t) except -1:
    _root_grads[id(arr)] = (arr, t)
    base = getattr(arr, "base", None)
    if base is not None:
        # numpy's views of a view name the owner as base: register it too (all
        # views of one storage share the tensor's version counter anyway)
        _root_grads[id(base)] = (base, t)
    return 0


cdef int note_implicit_root_grad(object arr) except -1:
    """The engine's own implicit root gradient (ones for a scalar output):
    nobody else can see it, so a view of it is stolen as torch steals an
    expand of its ones (the Tensor sharing its version counter is made on
    the first steal, NOTE [ The version of a leaf's first gradient ])."""
    _root_grads[id(arr)] = (arr, None)
    return 0


def _unsafe_set_version(Tensor t not None, Py_ssize_t version):
    """torch._C._autograd._unsafe_set_version_counter's write, one tensor
    (checked by the caller: not an inference tensor, version >= 0)."""
    cdef VersionCounter vc = version_counter_of(t)
    vc.c.version = version


def _grad_versions_dict():
    """The registries themselves (one dict each for the process; cleared,
    never replaced), for AccumulateGrad, which cannot cimport this module."""
    return _grad_versions, _root_grads


cdef int forget_grad_versions() except -1:
    if _grad_versions:
        _grad_versions.clear()
    if _root_grads:
        _root_grads.clear()
    return 0


def _materialize_autograd_meta(Tensor t not None):
    materialize_autograd_meta(t)


def _gradient_edge(Tensor t not None):
    return gradient_edge(t)


def _grad_accumulator(Tensor t not None):
    return grad_accumulator(t)


def _collect_next_edges(*tensors):
    flat = collect_next_edges(tensors)
    return tuple([make_edge(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)])


def _set_gradient_edge(Tensor t not None, Edge e not None):
    set_gradient_edge(t, e.function, e.input_nr)


def detach(input):
    cdef Tensor t = tensor_arg(input, "detach", "input", 1)
    return tensor_data(t)


def detach_(input):
    cdef Tensor t = tensor_arg(input, "detach_", "input", 1)
    cdef AutogradMeta m = t.autograd_meta_
    if m is not None and m.c.is_view:
        raise RuntimeError("Can't detach views in-place. Use detach() instead. If you are using "
                           "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view "
                           "is set as True, gradients are views of DDP buckets, and hence detach_() "
                           "cannot be called on these gradients. To fix this error, please refer to "
                           "the Optimizer.zero_grad() function in torch/optim/optimizer.py as the "
                           "solution.")
    if m is not None:
        m.grad_fn_ = None
        m.c.requires_grad = 0
        m.c.output_nr = 0
        m.fw_grad_ = None     # torch's detach_ drops the forward grads too
    return t


def _variable_data(input):
    cdef Tensor t = tensor_arg(input, "variable_data", "input", 1)
    return variable_data(t)


def set_data(input, new_data):
    cdef Tensor self = tensor_arg(input, "set_data", "self", 1)
    cdef Tensor nd
    cdef AutogradMeta m = self.autograd_meta_
    if not isinstance(new_data, Tensor):
        raise TypeError(f"Variable data has to be a tensor, but got {type(new_data).__name__}")
    nd = new_data
    cdef bint same_type = type(nd.data_) is type(self.data_)
    if not same_type:
        # numpy and a device backend's arrays are both dense strided tensors
        # (torch's CPU and CUDA TensorImpls are compatible shallow-copy types)
        from cyautograd import backend
        if not all([type(a) is np.ndarray or backend.is_device_array(a) for a in (self.data_, nd.data_)]):
            raise RuntimeError("Attempted to call `variable.set_data(tensor)`, but `variable` and "
                               "`tensor` have incompatible tensor type.")
    if tensor_requires_grad(self) and not nd.is_floating_point():
        raise RuntimeError("data set to a tensor that requires gradients must be floating point "
                           "or complex dtype")
    if m is not None and m.grad_accumulator_ != NULL:
        acc = <object>m.grad_accumulator_
        # the seed: a dtype or device change makes the accumulator stale
        if not same_type or self.device != nd.device or (
                (<AccumulateGrad>acc).dtype_at_creation != nd.data_.dtype):
            m.grad_accumulator_ = NULL
    self.data_ = nd.data_
    self.storage_ = nd.storage_


def _is_view(Tensor t not None):
    cdef AutogradMeta m = t.autograd_meta_
    return m is not None and bool(m.c.is_view) and _view_hooks.base(t) is not None


def _base(Tensor t not None):
    cdef AutogradMeta m = t.autograd_meta_
    if m is not None and m.c.is_view:
        return _view_hooks.base(t)
    return None


def _wrap_array(arr):
    return wrap_array(arr)


def _set_(input, source):
    """Tensor.set_'s metadata part (NOTE [ set_ ] in ops/extra2.py): `input`
    takes `source`'s data and storage (geometry already chosen by the
    caller), keeps its own version counter and bumps it, and forgets its
    gradient accumulator (a later one is a new node, as torch's). When grad
    mode records the op (either tensor requires grad) the result's history is
    a NotImplemented node: set_ has no derivative."""
    cdef Tensor self = tensor_arg(input, "set_", "self", 1)
    cdef Tensor src = tensor_arg(source, "set_", "source", 2)
    cdef AutogradMeta m
    cdef basic_ops.NotImplemented fn = None
    cdef bint record = is_grad_enabled_c() and (tensor_requires_grad(self) or tensor_requires_grad(src))
    check_inplace(self, record)
    if record:
        fn = <basic_ops.NotImplemented>new_node(basic_ops.NotImplemented)
        fn.op_name = "set_"
        fn.next_edges_ = collect_next_edges((self, src))
    bump_version(self)
    m = self.autograd_meta_
    if m is not None:
        m.grad_accumulator_ = NULL
    self.data_ = src.data_
    self.storage_ = src.storage_
    if fn is not None:
        rebase_history(self, fn)
    return self


def _storage_array(Tensor t not None):
    """The array owning `t`'s memory (Tensor.storage()/untyped_storage())."""
    return t.storage_
