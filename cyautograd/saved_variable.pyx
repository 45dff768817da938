# cython: language_level=3
"""SavedVariable: torch/csrc/autograd/saved_variable.cpp."""
from cyautograd._formula_mode cimport set_formula_mode
from cyautograd._fast cimport cya_tp_new
cimport cython
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad, version_counter_of
from cyautograd.autograd_meta cimport AutogradMeta, new_autograd_meta
from cyautograd.graph cimport Node, anomaly_enabled
from cyautograd.variable cimport gradient_edge
from cyautograd.version_counter cimport VersionCounter
from cyautograd.grad_mode cimport grad_mode_state
from cyautograd._c cimport cya_grad_mode_t

from cpython.weakref cimport PyWeakref_NewRef
import threading

import re as _re

from cyautograd import dtypes as _D
# numpy's C API: set_history and the other variable.pxd inlines read array
# types through it (NOTE [ Integral tensors with history ] in variable.pyx)
cimport numpy as _cnp_api
_cnp_api.import_array()

# =============================================================================
# NOTE [ Saved outputs without cycles ]
# Mirrors torch's SavedVariable. A node that saves one of its own forward
# outputs (exp saves its result) must not hold that output Tensor: the
# output holds the node as grad_fn, and the pair would be a reference cycle
# that only the cyclic GC frees. So an output is saved as its array plus
# version counter, and unpack() builds a fresh Tensor whose grad_fn is the
# node being run. Inputs are saved as the Tensor itself.
#
# An output of an in-place op on a view is different (is_inplace_on_view):
# the op's node is not in the graph itself but runs inside the base's
# CopySlices, so the unpacked tensor's grad_fn is the view's grad_fn after
# the rebase (AsStridedBackward0, leading to CopySlices), held weakly as
# torch does (the view's grad_fn reaches this node through CopySlices).
#
# Invariants:
#   - exactly one of tensor_ / data_ is set until release();
#   - unpack() checks vc_ against saved_version_ on every call, so an
#     in-place change after saving is caught at backward.
# =============================================================================

_ERR_BACKWARD_TWICE = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


_ERR_PACK_INPLACE = (
    "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack "
    "hook cannot be modified by in-place operations as this can lead to unexpected side-effects. "
    "Please open an issue if you need to perform in-place operations on the input to a pack hook.")


cdef object _call_pack_hook(object pack_hook, Tensor t):
    """pack_hook(t) with grad mode off, as torch's (a NoGradGuard around
    the call): what the hook computes records no graph."""
    cdef cya_grad_mode_t* gm = grad_mode_state()
    cdef int prev = gm.grad_enabled
    gm.grad_enabled = 0
    try:
        return pack_hook(t)
    finally:
        gm.grad_enabled = prev


cdef object err_backward_twice():
    return RuntimeError(_ERR_BACKWARD_TWICE)


def _safe_repr(o):
    # the argument list of an error message must not raise in its turn
    try:
        return repr(o)
    except Exception:  # noqa: BLE001
        return f"<{type(o).__name__} object>"


@cython.final
@cython.freelist(512)
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class SavedVariable:
    """A tensor saved for backward (torch's SavedTensor): made by the ops
    and by save_for_backward, never from Python."""

    def __init__(self, *args, **kwargs):
        # only reached by a call of the type: the factories use tp_new alone
        if args or kwargs:   # pybind11's words for a constructor of no arguments
            invoked = ", ".join([_safe_repr(a) for a in args])
            if kwargs:
                invoked += ("; " if invoked else "") + "kwargs: " + ", ".join(
                    [f"{k}={_safe_repr(v)}" for k, v in kwargs.items()])
            raise TypeError("__init__(): incompatible constructor arguments. The following argument types are "
                            "supported:\n    1. cyautograd._C._autograd.SavedTensor()\n\nInvoked with: " + invoked)
        raise RuntimeError("Trying to create a SavedTensor object from Python is forbidden.")

    def __getattr__(self, name):
        # torch's SavedTensor.unpack(); the name is taken by the cdef method
        # the nodes call, so Python finds it here
        if name == "unpack":
            return self._unpack_py
        # pybind11's words: the type's full name
        raise AttributeError(f"'{type(self).__module__}.{type(self).__name__}' object has no attribute '{name}'")

    def _unpack_py(self):
        """The saved tensor (through the unpack hook when one was set); None
        for an undefined one (undefined_saved_tensor)."""
        if self.vc_ is None and not self.released_:
            return None
        return self.unpack(None, True)

    cdef object unpack(self, Node saved_for, bint as_tensor):
        """The saved tensor for a backward formula (torch's unpack() with no
        node: NOTE [ A saved non-leaf detached in place ])."""
        if self.grad_fn_ is not None and self.tensor_ is not None and self.unpack_hook_ is None:
            self._check_not_detached()
        return self.unpack_user(saved_for, as_tensor)

    cdef int _check_not_detached(self) except -1:
        # NOTE [ A saved non-leaf detached in place ]
        # torch's SavedVariable::unpack finds a saved input's grad_fn through
        # the tensor itself (saved_original_); a non-leaf detached in place
        # since (detach_()) has none, and the formulas' unpack(), given no
        # node, raises rather than hand out a tensor cut from the graph. The
        # getters (grad_fn._saved_*) and a custom Function's saved_tensors
        # pass their node and get the detached tensor (unpack_user); with
        # hooks the grad_fn recorded at save time is used, no error.
        cdef AutogradMeta m = self.tensor_.autograd_meta_
        if m is None or (m.grad_fn_ is None and self.tensor_.grad_fn is None):
            raise RuntimeError(
                "Trying to use a saved tensor that has been detached in-place, i.e. with .detach_()."
                "This is not supported, please use out-of-place `.detach()` instead")
        return 0

    cdef object unpack_user(self, Node saved_for, bint as_tensor):
        cdef Tensor t
        cdef AutogradMeta m
        if self.released_:
            raise RuntimeError(_ERR_BACKWARD_TWICE)
        if self.unpack_hook_ is not None:
            t = self._unpack_with_hook(saved_for)
            return t if as_tensor else t.data_
        if self.vc_ is not None and self.vc_.c.version != self.saved_version_:
            raise RuntimeError(self._version_message(saved_for))
        if not as_tensor:
            return self.data_ if self.tensor_ is None else self.tensor_.data_
        if self.tensor_ is not None:
            return self.tensor_
        t = wrap_array(self.data_)
        t.version_counter_ = self.vc_
        if self.requires_grad_:
            m = new_autograd_meta()
            m.grad_fn_ = saved_for
            if self.weak_grad_fn_ is not None:
                fn = self.weak_grad_fn_()
                if fn is not None:
                    m.grad_fn_ = fn
            m.c.output_nr = self.output_nr_
            t.autograd_meta_ = m
        if self.fw_grad_:
            # the output's tangent, as torch's SavedVariable::unpack sets it
            if t.autograd_meta_ is None:
                t.autograd_meta_ = new_autograd_meta()
            (<AutogradMeta>t.autograd_meta_).fw_grad_ = dict(self.fw_grad_)
        return t

    cdef int check_unpack(self, Node saved_for) except -1:
        """Raise what unpack would (freed; modified in place when no hooks
        own the value), without unpacking (NOTE [ Outputs a node computes ]
        in graph.pyx)."""
        if self.released_:
            raise RuntimeError(_ERR_BACKWARD_TWICE)
        if self.grad_fn_ is not None and self.tensor_ is not None and self.unpack_hook_ is None:
            self._check_not_detached()
        if self.unpack_hook_ is None and self.vc_ is not None and self.vc_.c.version != self.saved_version_:
            raise RuntimeError(self._version_message(saved_for))
        return 0

    def _version_message(self, Node saved_for):
        arr = self.data_ if self.tensor_ is None else self.tensor_.data_
        from cyautograd import backend
        legacy = _D._FROM_NP[backend.np_dtype(arr.dtype)]._legacy
        # NOTE [ type names in the version message ]
        # torch prints at::Tensor::toString() ("CPUFloatType") and its Python
        # layer rewrites only the eight legacy types (Byte, Char, Short, Int,
        # Long, Half, Float, Double) to "torch.FloatTensor"; Bool is left as
        # "CPUBoolType" (CUDA: "CUDABoolType").
        if legacy == "BoolTensor":
            tname = ("CUDA" if backend.is_device_array(arr) else "CPU") + "BoolType"
        else:
            tname = "cyautograd." + legacy
        desc = "[%s [%s]]" % (tname, ", ".join([str(s) for s in arr.shape]))
        if self.is_output_:
            # torch's unpack names the view's grad_fn of an output saved in
            # place on a view (is_inplace_on_view: weak_grad_fn_, while it
            # lives), else the node it was saved for (seed 90506)
            fn = self.weak_grad_fn_() if self.weak_grad_fn_ is not None else None
            if fn is None:
                fn = saved_for
        else:
            fn = self.grad_fn_ if self.tensor_ is None else self.tensor_.grad_fn
        if fn is not None:
            # torch names the node without "Backward" and a trailing 0 here
            # (ExpBackward0 -> Exp, FillBackward3 -> Fill3)
            desc += ", which is output %d of %s," % (self.output_nr_, _re.sub(r"Backward(?:0|(\d+))?$", r"\1", fn.name()))
        if anomaly_enabled():
            hint = ("Hint: the backtrace further above shows the operation that failed to compute its "
                    "gradient. The variable in question was changed in there or anywhere later. Good luck!")
        else:
            hint = ("Hint: enable anomaly detection to find the operation that failed to compute its "
                    "gradient, with cyautograd.autograd.set_detect_anomaly(True, check_nan=False).")
        return ("one of the variables needed for gradient computation has been modified by an "
                "inplace operation: %s is at version %d; expected version %d instead. %s"
                % (desc, self.vc_.c.version, self.saved_version_, hint))

    cdef Tensor _unpack_with_hook(self, Node saved_for):
        """NOTE [ Saved tensor hooks ]: the unpack hook's tensor, given the
        saved tensor's place in the graph (no version check: the hooks own
        the value)."""
        cdef Tensor r, t
        cdef AutogradMeta m
        # user code: Python's arithmetic, not a formula's (NOTE [ Scalar
        # overloads inside backward formulas ] in _formula_mode.pyx)
        cdef int prev_mode = set_formula_mode(0)
        try:
            res = self.unpack_hook_(self.packed_)
        finally:
            set_formula_mode(prev_mode)
        if not isinstance(res, Tensor):
            raise TypeError(f"Output of saved tensor unpack_hook expected to be a Tensor but got result "
                            f"of type {type(res).__name__}")
        r = res
        if self.leaf_ is not None and r is self.leaf_:
            return r
        if not self.requires_grad_ and not tensor_requires_grad(r):
            # as torch's SavedVariable::unpack: no place in the graph to give
            # it, so the unpack hook's own tensor is handed out as it is
            return r
        t = wrap_array(r.data_)
        t.storage_ = r.storage_
        if self.requires_grad_:
            m = new_autograd_meta()
            if self.leaf_ is not None:
                # gradients reach the saved leaf through its accumulator
                m.grad_fn_ = gradient_edge(<Tensor>self.leaf_).function
                m.c.output_nr = 0
            else:
                m.grad_fn_ = saved_for if self.is_output_ or self.grad_fn_ is None else self.grad_fn_
                m.c.output_nr = self.output_nr_
            t.autograd_meta_ = m
        return t

    cdef void set_inplace_on_view(self, Node view_grad_fn):
        self.weak_grad_fn_ = PyWeakref_NewRef(view_grad_fn, None)
        self.output_nr_ = 0

    cdef void release(self) noexcept:
        self.released_ = True
        self.tensor_ = None
        self.data_ = None
        self.packed_ = None
        self.unpack_hook_ = None
        self.leaf_ = None
        self.fw_grad_ = None

    @property
    def released(self):
        return self.released_

    def register_hooks(self, *args):
        """torch's SavedTensor.register_hooks(pack_hook, unpack_hook): pack
        the saved tensor now (a new Tensor sharing its data and version
        counter, as torch's tensor_data()), keep only what pack returns, and
        unpack it when backward or grad_fn._saved_* needs it."""
        cdef Tensor t
        if len(args) != 2 or not callable(args[0]) or not callable(args[1]):
            raise TypeError(
                "register_hooks(): incompatible function arguments. The following argument types are "
                "supported:\n    1. (self: cyautograd._C._autograd.SavedTensor, arg0: collections.abc.Callable, "
                "arg1: collections.abc.Callable) -> None\n\nInvoked with: "
                + ", ".join([repr(self)] + [repr(a) for a in args]))
        if self.vc_ is None and not self.released_:
            raise RuntimeError("Calling register_hooks on a saved tensor with value None is forbidden")
        if self.released_:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor after it has been freed. Saved intermediate values "
                "of the graph are freed when you call .backward() or autograd.grad(). Specify "
                "retain_graph=True if you need to backward through the graph a second time or if you need "
                "to access saved variables after calling backward.")
        if self.unpack_hook_ is not None:
            raise RuntimeError("Calling register_hooks on a saved tensor whose hooks have already been set. "
                               "Hint: only one pair of hooks is allowed at a time.")
        pack_hook, unpack_hook = args
        src = self.tensor_
        t = wrap_array(self.data_ if src is None else (<Tensor>src).data_)
        t.version_counter_ = self.vc_
        if src is not None:
            t.storage_ = (<Tensor>src).storage_
        version = self.vc_.c.version
        packed = _call_pack_hook(pack_hook, t)
        self.packed_ = packed
        self.unpack_hook_ = unpack_hook
        if self.vc_.c.version != version:
            # as torch: the hooks stay set, the saved data too
            raise RuntimeError(_ERR_PACK_INPLACE)
        if src is not None and self.grad_fn_ is None and self.requires_grad_ and not self.is_output_:
            self.leaf_ = src      # gradients still reach the saved leaf
        self.tensor_ = None
        self.data_ = None


cdef extern from *:
    """
    /* a static type's __name__, __qualname__ and __module__ all come from
       its tp_name (see below) */
    static void cya_sv_set_tp_name(PyObject *type, const char *name) {
        ((PyTypeObject *)type)->tp_name = name;
        PyType_Modified((PyTypeObject *)type);
    }
    """
    void cya_sv_set_tp_name(object type, const char* name)


# torch's SavedVariable is seen from Python as torch._C._autograd.SavedTensor
# (type(grad_fn._raw_saved_self).__name__ == 'SavedTensor'); the class keeps
# its C++ name here, and shows torch's (cyautograd._C._autograd re-exports it)
cya_sv_set_tp_name(SavedVariable, "cyautograd._C._autograd.SavedTensor")


cdef SavedVariable save_variable(Tensor t, bint is_output):
    cdef SavedVariable s = <SavedVariable>cya_tp_new(SavedVariable)
    cdef AutogradMeta m = t.autograd_meta_
    if t.is_inference_:
        raise RuntimeError(
            "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
            "inference mode in computation tracked by autograd. To work around this, you can make "
            "a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` "
            "instead of `torch.inference_mode()`.")
    s.vc_ = version_counter_of(t)
    s.saved_version_ = s.vc_.c.version
    s.is_output_ = is_output
    if m is not None:
        s.output_nr_ = m.c.output_nr
        s.requires_grad_ = m.c.requires_grad or m.grad_fn_ is not None
        if not is_output:
            s.grad_fn_ = m.grad_fn_
    if _hooks_active and _saved_tensors_hooks_top() is not None:
        _pack(s, t, m)
        return s
    if is_output:
        s.data_ = t.data_
        if _fw_level_open and m is not None:
            # NOTE [ Saved outputs and tangents ]: an op saves its output
            # before forward AD gives that output its tangent (the tangent is
            # computed from the finished op). Share the output's ForwardGrad
            # dict instead of copying a tangent: the tangent stored into it
            # afterwards is what unpack() hands the backward formula, so a
            # backward run with create_graph inside the level (forward-over-
            # reverse) differentiates through saved outputs as torch's does.
            if m.fw_grad_ is None:
                m.fw_grad_ = {}
            s.fw_grad_ = m.fw_grad_
    else:
        s.tensor_ = t
    return s


def undefined_saved_tensor():
    """torch's default-constructed SavedVariable: what grad_fn._raw_saved_<name>
    gives for a slot the node did not save (mul's self when other needs no
    gradient, an absent weight). torch's raw getters never give None; this one
    unpacks to None and refuses register_hooks. Made only when read."""
    return <SavedVariable>cya_tp_new(SavedVariable)


def saved_tensor_of(tensor, bint freed=False):
    """A SavedTensor for grad_fn._raw_saved_<name> where the node derives the
    value when read (NOTE [ Saved values are derived when read ] in
    pointwise.pyx) instead of keeping a SavedVariable: holding `tensor` (an
    undefined one for None), or, freed=True, one already freed as torch's is
    after backward. No pack hook runs: nothing is saved by reading."""
    cdef SavedVariable s
    if freed:
        s = <SavedVariable>cya_tp_new(SavedVariable)
        s.released_ = True
        return s
    if tensor is None:
        return undefined_saved_tensor()
    s = <SavedVariable>cya_tp_new(SavedVariable)
    s.vc_ = version_counter_of(tensor)
    s.saved_version_ = s.vc_.c.version
    s.tensor_ = tensor
    return s


def _make_saved_tensor(tensor, *, is_output):
    """torch._C._autograd._make_saved_tensor: save ``tensor`` as an op would
    (through the active saved-tensor pack hook, if any); ``.unpack()`` gives
    it back with the version check."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"_make_saved_tensor(): argument 'obj' must be Tensor, not {type(tensor).__name__}")
    return save_variable(<Tensor>tensor, bool(is_output))


cdef bint _fw_level_open = False


cdef bint fw_level_open() noexcept:
    """Whether a forward-AD dual level is open. The array-level gradient
    formulas that record torch's *BackwardBackward0 nodes produce no tangent,
    so while a level is open their callers take the composite (Tensor-op)
    formulas, whose ops carry tangents (forward-over-reverse)."""
    return _fw_level_open


def _set_fw_level_open(bint is_open):
    """Told by cyautograd.autograd.forward_ad when a dual level opens and closes."""
    global _fw_level_open
    _fw_level_open = is_open


# =============================================================================
# NOTE [ Saved tensor hooks ]
# torch.autograd.graph.saved_tensors_hooks(pack, unpack): while active (per
# thread, innermost wins), every tensor saved for backward is passed to
# pack and only what pack returns is kept; unpack turns it back into a
# tensor when backward (or grad_fn._saved_*) needs it. The saved tensor's
# place in the graph is kept beside it: its grad_fn (non-leaf inputs), the
# node that saved it (outputs), or the leaf itself (leaves that require
# grad, so gradients still reach .grad). _hooks_active counts the active
# contexts of every thread so that saving without hooks pays one C check.
# =============================================================================

cdef int _hooks_active = 0
cdef unsigned long _hooks_epoch = 0   # NOTE [ The engine restores the saved tensor hooks state ]
cdef int _hooks_disabled = 0         # threads inside disable_saved_tensors_hooks
_tls = threading.local()


def _push_saved_tensors_hooks(pack_hook, unpack_hook):
    global _hooks_active, _hooks_epoch
    msg = getattr(_tls, "disabled", None)
    if msg is not None:
        raise RuntimeError(msg)
    stack = getattr(_tls, "stack", None)
    if stack is None:
        stack = _tls.stack = []
    stack.append((pack_hook, unpack_hook))
    _hooks_active += 1
    _hooks_epoch += 1


def _pop_saved_tensors_hooks():
    global _hooks_active, _hooks_epoch
    _tls.stack.pop()
    _hooks_active -= 1
    _hooks_epoch += 1


def _set_hooks_disabled(msg):
    global _hooks_disabled, _hooks_epoch
    prev = getattr(_tls, "disabled", None)
    _tls.disabled = msg
    _hooks_disabled += (msg is not None) - (prev is not None)
    _hooks_epoch += 1
    return prev


def _suspend_saved_tensors_hooks():
    """Take this thread's saved-tensor hooks off (tensors saved until
    _resume_saved_tensors_hooks are kept as they are); returns the stack to
    give back. For graphs torch would not build (NOTE [ Composite
    functionals get torch's node ] in nn/_named_nodes.py)."""
    global _hooks_active, _hooks_epoch
    stack = getattr(_tls, "stack", None)
    if not stack:
        return None
    _tls.stack = []
    _hooks_active -= len(stack)
    _hooks_epoch += 1
    return stack


def _resume_saved_tensors_hooks(stack):
    global _hooks_active, _hooks_epoch
    if stack is None:
        return
    cur = getattr(_tls, "stack", None)
    _hooks_active += len(stack) - (len(cur) if cur else 0)
    _tls.stack = stack
    _hooks_epoch += 1


# NOTE [ The engine restores the saved tensor hooks state ]
# torch's engine runs every node under a ThreadLocalStateGuard holding the
# thread-local state captured when backward started, and puts the previous
# state back afterwards: a hook context entered (or left) inside a backward
# function or an unpack hook does not outlive that node. The engine takes
# saved_hooks_state() when it starts and, after a node ran, compares
# saved_hooks_epoch() (bumped by every push, pop and disable) with the value
# it had then; only when they differ does it put the snapshot back. With no
# hooks active on any thread the snapshot is None (an empty state) and the
# check is one C call per node.
cdef unsigned long saved_hooks_epoch() noexcept:
    return _hooks_epoch


cdef object saved_hooks_state():
    if _hooks_active == 0 and _hooks_disabled == 0:
        return None
    stack = getattr(_tls, "stack", None)
    return (list(stack) if stack else [], getattr(_tls, "disabled", None))


cdef void restore_saved_hooks_state(object snap) except *:
    global _hooks_active, _hooks_disabled, _hooks_epoch
    cdef list want = [] if snap is None else snap[0]
    disabled = None if snap is None else snap[1]
    stack = getattr(_tls, "stack", None)
    _hooks_active += len(want) - (len(stack) if stack else 0)
    _tls.stack = list(want)
    prev = getattr(_tls, "disabled", None)
    _hooks_disabled += (disabled is not None) - (prev is not None)
    _tls.disabled = disabled
    _hooks_epoch += 1


cdef object _saved_tensors_hooks_top():
    stack = getattr(_tls, "stack", None)
    return stack[-1] if stack else None


cdef void _pack(SavedVariable s, Tensor t, AutogradMeta m) except *:
    pack_hook, unpack_hook = _saved_tensors_hooks_top()
    version = s.saved_version_
    s.packed_ = _call_pack_hook(pack_hook, t)
    if s.vc_.c.version != version:
        raise RuntimeError(_ERR_PACK_INPLACE)
    s.unpack_hook_ = unpack_hook
    if m is not None and m.grad_fn_ is None and m.c.requires_grad and not s.is_output_:
        s.leaf_ = t
