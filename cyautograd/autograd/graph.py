"""cyautograd.autograd.graph, shaped like torch.autograd.graph: the abstract
Node type, gradient edges, multi-tensor gradient hooks, version bumps and
saved-tensor hooks (NOTE [ Saved tensor hooks ] in saved_variable.pyx)."""
import abc
import contextlib
import ctypes
import functools
import threading
import warnings
import weakref
from collections import defaultdict
from typing import NamedTuple, Optional

from cyautograd import graph as _cgraph
from cyautograd import saved_variable as _saved_variable
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402
from cyautograd.saved_variable import (_pop_saved_tensors_hooks, _push_saved_tensors_hooks,
                                       _set_hooks_disabled)

# torch's words for popping an empty saved-tensor hooks stack (an extra
# saved_tensors_hooks.__exit__): an internal assert of ATen/SavedTensorHooks.cpp
_EMPTY_HOOKS_STACK = ('is_initialized && !tls.stack.empty() INTERNAL ASSERT FAILED at '
                      '"/__w/pytorch/pytorch/aten/src/ATen/SavedTensorHooks.cpp":69, please report a bug to '
                      'PyTorch. ')


def _hooks_stack_depth():
    return len(getattr(_saved_variable._tls, "stack", None) or ())

__all__ = ["Node", "GradientEdge", "get_gradient_edge", "increment_version", "register_multi_grad_hook",
           "allow_mutation_on_saved_tensors", "saved_tensors_hooks", "save_on_cpu",
           "disable_saved_tensors_hooks", "Variable", "region_activation_memory_budget",
           "set_warn_on_accumulate_grad_stream_mismatch", "set_override_stale_capture_stream"]


class Node(abc.ABC):
    """The abstract type of every autograd graph node (``tensor.grad_fn``,
    gradient accumulators, custom Function backward nodes).

    The concrete nodes are Cython classes deriving from
    ``cyautograd.graph.Node``; this class is not in their MRO but
    ``isinstance(t.grad_fn, Node)`` is True for all of them (as torch's
    ``torch.autograd.graph.Node``, an ABC whose ``__subclasshook__`` admits
    the C++ node types)."""

    @abc.abstractmethod
    def name(self):
        """The node's name, e.g. ``"MulBackward0"``."""

    @property
    @abc.abstractmethod
    def next_functions(self):
        """Tuple of ``(node, input_nr)`` pairs: where this node's gradients go."""

    @abc.abstractmethod
    def metadata(self):
        """A dict for the user's own data about this node."""

    @abc.abstractmethod
    def register_hook(self, fn):
        """Register ``fn(grad_inputs, grad_outputs)`` to run after the node."""

    @abc.abstractmethod
    def register_prehook(self, fn):
        """Register ``fn(grad_outputs)`` to run before the node."""

    # torch's ABC declares these three abstract too (so instantiating Node
    # lists them in its TypeError)
    @abc.abstractmethod
    def _register_hook_dict(self, tensor):
        """Register a tensor's hooks dict on this node (torch internal)."""

    @property
    @abc.abstractmethod
    def _input_metadata(self):
        """The metadata of the node's inputs (torch internal)."""

    @abc.abstractmethod
    def _sequence_nr(self):
        """The node's sequence number (torch internal)."""

    @classmethod
    def __subclasshook__(cls, subclass):
        # as torch's: the node classes, and whatever torch._C._functions
        # holds under its own name (DelayedError, UndefinedGrad: callables
        # that make nodes, not Node subclasses)
        if cls is Node and isinstance(subclass, type) and (
                issubclass(subclass, _cgraph.Node) or subclass is _c_functions_member(subclass.__name__)):
            return True
        return NotImplemented


class _InputMetadata:
    """What a node recorded of one of its forward op's outputs
    (``node._input_metadata[k]``, torch's _InputMetadata)."""
    __slots__ = ("_meta",)

    def __init__(self, meta):
        self._meta = meta

    @property
    def shape(self):
        from cyautograd.tensor import Size
        return Size(() if self._meta is None else self._meta[0])

    @property
    def dtype(self):
        from cyautograd import dtypes
        if self._meta is None:
            return dtypes.float32
        return dtypes._FROM_NP[self._meta[1]]

    @property
    def device(self):
        import cyautograd
        return cyautograd.device("cpu")

    @property
    def is_nested_tensor(self):
        return False

    @property
    def is_cpp_nested_tensor(self):
        return False


def _c_functions_member(name):
    # the callables torch._C._functions holds besides node classes
    # (DelayedError, UndefinedGrad): its __all__, not what it imports
    from cyautograd._C import _functions
    return getattr(_functions, name, None) if name in _functions.__all__ else None


class GradientEdge(NamedTuple):
    """Where a tensor's gradient enters the graph: ``(node, output_nr)`` —
    its grad_fn and output number, or its gradient accumulator and 0 for a
    leaf."""
    node: object
    output_nr: int
    ownership_token: Optional[object] = None


def _get_grad_fn_or_grad_acc(t):
    if isinstance(t, GradientEdge):
        return t.node
    from cyautograd.variable import _grad_accumulator
    if t.requires_grad and t.grad_fn is None:
        return _grad_accumulator(t)
    node = t.grad_fn
    if node is None:
        raise AssertionError("Expected gradient function to be set")
    return node


def get_gradient_edge(tensor):
    """The :class:`GradientEdge` at which ``tensor``'s gradient is computed
    (for a leaf, its gradient accumulator)."""
    if not tensor.requires_grad:
        raise RuntimeError("It is not possible to get the gradient edge for a Tensor "
                           "that does not require gradients")
    return GradientEdge(_get_grad_fn_or_grad_acc(tensor), tensor.output_nr)


_bump_fn = []


def _bump(t):
    # cyautograd's public C API (capi.pyx) has cya_tensor_bump_version; its
    # capsule gives the function without a Python-level door into the counter
    if not _bump_fn:
        from cyautograd import capi
        cap = capi.__pyx_capi__["cya_tensor_bump_version"]
        get_name = ctypes.pythonapi.PyCapsule_GetName
        get_name.restype = ctypes.c_char_p
        get_name.argtypes = [ctypes.py_object]
        get_ptr = ctypes.pythonapi.PyCapsule_GetPointer
        get_ptr.restype = ctypes.c_void_p
        get_ptr.argtypes = [ctypes.py_object, ctypes.c_char_p]
        ptr = get_ptr(cap, get_name(cap))
        _bump_fn.append(ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object)(ptr))
    _bump_fn[0](t)


def increment_version(tensor):
    """Bump the version counter of a tensor (or of each tensor in an
    iterable), as an in-place op would: for data changed behind autograd's
    back, so that saved-tensor checks notice. Inference tensors have no
    counter and are left alone."""
    from cyautograd.tensor import Tensor
    try:
        tensors = (tensor,) if isinstance(tensor, Tensor) else tuple(tensor)
    except TypeError:
        tensors = (None,)
    for t in tensors:
        if not isinstance(t, Tensor):
            raise RuntimeError("increment_version expect a Iterable[Tensor] as input")
        if not t.is_inference():
            _bump(t)


class _MultiHandle:
    """Removes every tensor hook of one register_multi_grad_hook call."""

    def __init__(self, handles):
        self.handles = handles

    def remove(self):
        for h in self.handles:
            h.remove()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.remove()


def register_multi_grad_hook(tensors, fn, *, mode="all"):
    """Register one hook over several tensors.

    ``mode="all"``: ``fn(grads)`` runs once per backward, after the gradients
    of all the tensors that this backward reaches are computed; ``grads``
    has one entry per tensor (None for those it does not reach).
    ``mode="any"``: ``fn(grad)`` runs once per backward, on the first of the
    tensors' gradients to be computed. Returns a handle whose ``remove()``
    removes it. Which tensors a backward reaches comes from the engine
    (``_will_engine_execute_node``), as in torch."""
    from cyautograd import engine
    supported_modes = ("all", "any")
    lock = threading.Lock()
    if mode not in supported_modes:
        raise ValueError(f"Expects mode to be one of {supported_modes} but got {mode}")
    if mode == "all":
        count = {}
        buffer = {}
        nb_calls = {}
        grad_fns = [_get_grad_fn_or_grad_acc(t) for t in tensors]
        n = len(tensors)

        def inner(idx):
            def hook(grad):
                tid = engine._current_graph_task_id()
                if tid == -1:
                    raise AssertionError("expected this hook to be called inside a backward call")
                with lock:
                    cur = count.get(tid, 0)
                    count[tid] = cur + 1
                    if cur == 0:
                        buffer[tid] = [None] * n
                        nb_calls[tid] = sum(map(engine._will_engine_execute_node, grad_fns))
                buffer[tid][idx] = grad
                if cur == nb_calls[tid] - 1:
                    grads = buffer.pop(tid)
                    del count[tid]
                    del nb_calls[tid]
                    fn(grads)
            return hook

        handles = tuple(t.register_hook(inner(i)) for i, t in enumerate(tensors))
    else:
        ran = defaultdict(bool)

        @functools.wraps(fn)
        def wrapped(grad):
            tid = engine._current_graph_task_id()
            if tid == -1:
                raise AssertionError("expected this hook to be called inside a backward call")
            with lock:
                prev, ran[tid] = ran[tid], True
            if prev:
                return
            fn(grad)

        handles = tuple(t.register_hook(wrapped) for t in tensors if t.requires_grad)
    return _MultiHandle(handles)


class saved_tensors_hooks:
    """Context manager: every tensor saved for backward inside it goes
    through pack_hook(tensor) -> object, and comes back through
    unpack_hook(object) -> tensor when it is needed."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *args):
        if _hooks_stack_depth() == 0:
            raise RuntimeError(_EMPTY_HOOKS_STACK)
        _pop_saved_tensors_hooks()


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors are kept on the CPU and moved back to their device
    when unpacked (on the CPU this keeps them as they are)."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return (tensor.device, tensor.cpu())

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


class disable_saved_tensors_hooks:
    """Context manager in which registering saved-tensor hooks raises
    RuntimeError(error_message)."""

    def __init__(self, error_message):
        self.error_message = error_message

    def __enter__(self):
        # as ATen's SavedTensorDefaultHooks::disable: not while hooks are set
        if _hooks_stack_depth():
            raise RuntimeError(self.error_message)
        self.prev = _set_hooks_disabled(self.error_message)

    def __exit__(self, *args):
        _set_hooks_disabled(self.prev)


_allow_mutation_on_saved_tensors_enabled = False


def _get_tid(tensor):
    return (id(tensor), tensor.data_ptr(), tensor._version)


def _get_sid(tensor):
    return (tensor.data_ptr(), tensor._version)


class _Handle:
    """What a tensor saved inside allow_mutation_on_saved_tensors is packed
    into; the saved-tensor graph holds it, so it dies with the graph."""


class _AllowMutationOnSavedContext:
    """State of one allow_mutation_on_saved_tensors block, under torch's
    names: ``tid_to_weakhandle`` maps (id, data_ptr, version) of each saved
    tensor to its handle (weakly: entries go when the graph is freed),
    ``sid_to_tid`` groups them by (data_ptr, version), ``original`` holds the
    saved tensors not modified since, ``cloned`` the pre-modification copies
    of those that were (NOTE [ Mutation of saved tensors ])."""

    def __init__(self):
        self.tid_to_weakhandle = weakref.WeakValueDictionary()
        self.sid_to_tid = defaultdict(set)
        # handle -> (saved tensor, its version when saved, copy taken then)
        self._saved = weakref.WeakKeyDictionary()

    def _split(self, want_modified):
        out = weakref.WeakKeyDictionary()
        for handle, (t, version, copy) in list(self._saved.items()):
            if (t._version != version) == want_modified:
                out[handle] = copy if want_modified else t
        return out

    @property
    def original(self):
        """handle -> saved tensor, for the saved tensors not modified since."""
        return self._split(False)

    @property
    def cloned(self):
        """handle -> the value a saved tensor had when saved, for those
        modified in place since."""
        return self._split(True)

    def clear(self):
        """Forget every saved tensor (done when the block exits)."""
        self._saved.clear()
        self.tid_to_weakhandle.clear()
        self.sid_to_tid.clear()


# NOTE [ Mutation of saved tensors ]
# torch clones a saved tensor lazily, from a dispatch mode that sees every op
# about to write into a tensor whose (data_ptr, version) was saved.
# cyautograd has no dispatch modes and its in-place ops have no common
# pre-write point, so a pack hook copies each saved tensor when it is saved
# (same results, more memory) and keeps the tensor itself beside the copy.
# Unpacking gives the tensor itself while its version is the one it was saved
# at, the copy once it moved; the same tensor at the same version saved twice
# shares one handle (and one copy). A modification is recognised through the
# shared version counter, so views of the saved tensor count whatever their
# offset (torch compares data pointers).
@contextlib.contextmanager
def allow_mutation_on_saved_tensors():
    """Context manager under which tensors saved for backward may be
    modified in place afterwards: backward sees the values they had when
    saved instead of raising the "modified by an inplace operation" error.
    Forward and backward must both run inside the same block; blocks do not
    nest. Yields the block's state (``cloned``, ``original``,
    ``tid_to_weakhandle``), cleared when it exits."""
    global _allow_mutation_on_saved_tensors_enabled
    ctx = _AllowMutationOnSavedContext()
    msg = ("Trying to backward outside of the 'allow_mutation_on_saved_tensors' context"
           "in which the graph was originally recorded.")

    def pack(t):
        tid = _get_tid(t)
        ctx.sid_to_tid[_get_sid(t)].add(tid)
        handle = ctx.tid_to_weakhandle.get(tid)
        if handle is None:
            from cyautograd.grad_mode import no_grad
            handle = _Handle()
            ctx.tid_to_weakhandle[tid] = handle
            with no_grad():
                ctx._saved[handle] = (t, t._version, t.detach().clone())
        return handle

    def unpack(handle):
        if not _allow_mutation_on_saved_tensors_enabled:
            raise AssertionError(msg)
        entry = ctx._saved.get(handle)
        if entry is None:
            raise AssertionError(msg)
        t, version, copy = entry
        return t if t._version == version else copy

    with saved_tensors_hooks(pack, unpack):
        try:
            if _allow_mutation_on_saved_tensors_enabled:
                raise RuntimeError("allow_mutation_on_saved_tensors contexts cannot be nested")
            _allow_mutation_on_saved_tensors_enabled = True
            yield ctx
        finally:
            ctx.clear()
            _allow_mutation_on_saved_tensors_enabled = False


class _VariableMeta(type):
    def __instancecheck__(cls, other):
        from cyautograd.tensor import Tensor
        return isinstance(other, Tensor)


class _ImperativeEngine:
    """``Variable._execution_engine``: the backward engine's Python handle
    (torch's ``torch._C._ImperativeEngine``); only ``queue_callback``."""

    @staticmethod
    def queue_callback(callback):
        """Run ``callback()`` when the backward pass running on this thread
        has run every node (before it returns); RuntimeError outside backward."""
        from cyautograd.engine import _queue_callback
        _queue_callback(callback)


class Variable(metaclass=_VariableMeta):
    """The legacy ``Variable(tensor, requires_grad=False)`` constructor,
    still accepted by torch: returns a new leaf tensor sharing ``tensor``'s
    data (and version counter), with ``requires_grad`` as given.
    ``isinstance(t, Variable)`` is True for every tensor. ``volatile`` is
    accepted with torch's warning and has no effect."""

    def __new__(cls, data=None, requires_grad=False, volatile=False):
        import cyautograd
        from cyautograd.tensor import Tensor
        # torch parses both flags as C unsigned bytes ("b" of PyArg_ParseTupleAndKeywords)
        requires_grad = _unsigned_byte(requires_grad)
        volatile = _unsigned_byte(volatile)
        if volatile and requires_grad:
            raise ValueError("Variable can't be volatile and require_grad at the same time!")
        if volatile:
            warnings.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                          stacklevel=2)
        if data is None:
            data = cyautograd.empty(0)
        elif not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        return _rg_internal(data.detach(), bool(requires_grad))

    _execution_engine = _ImperativeEngine()


def _unsigned_byte(v):
    """CPython's "b" argument conversion: an integer (through __index__)
    in [0, 255], with its exception types and words."""
    import operator
    try:
        n = operator.index(v)
    except TypeError as e:
        if "cannot be interpreted" in str(e) or "__index__" in str(e):
            raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer") from None
        raise
    if n < 0:
        raise OverflowError("unsigned byte integer is less than minimum")
    if n > 255:
        raise OverflowError("unsigned byte integer is greater than maximum")
    return n


def region_activation_memory_budget(budget):
    """torch's annotation of a region's activation-memory budget (a ratio in
    [0, 1]) for torch.compile's min-cut partitioner. It only means something
    inside a compiled region; cyautograd never compiles, so after torch's
    argument checks it raises torch's eager-mode RuntimeError.

    >>> try:
    ...     torch.autograd.graph.region_activation_memory_budget(0.5)
    ... except RuntimeError as e:
    ...     print(str(e)[:60])
    """
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise TypeError(f"torch.autograd.graph.region_activation_memory_budget: expects a float, got "
                        f"{type(budget).__name__}")
    if not 0.0 <= budget <= 1.0:
        raise ValueError(f"torch.autograd.graph.region_activation_memory_budget: must be in [0, 1], "
                         f"got {budget}")
    raise RuntimeError("torch.autograd.graph.region_activation_memory_budget can only be used inside a "
                       "torch.compile region; it has no effect in eager mode.")


from cyautograd.utils.hooks import RemovableHandle  # noqa: E402,F401  (torch's graph module imports it too)


# the CUDA-stream switches: cyautograd's engine runs every node on the calling
# thread with no streams, so neither case they govern can arise; the flags
# are kept so that they read back as set
_stream_flags = {"warn_on_accumulate_grad_stream_mismatch": True, "override_stale_capture_stream": False}


def _bool_flag(key, enabled):
    if type(enabled) is not bool:
        raise RuntimeError(f"enabled must be a bool, but got {type(enabled).__name__}")
    _stream_flags[key] = enabled


def set_warn_on_accumulate_grad_stream_mismatch(enabled):
    """Whether to warn when an AccumulateGrad node's stream differs from the
    stream of the node that produced its gradient (never the case here: no
    streams).

    >>> torch.autograd.graph.set_warn_on_accumulate_grad_stream_mismatch(True)
    """
    _bool_flag("warn_on_accumulate_grad_stream_mismatch", enabled)


def set_override_stale_capture_stream(enabled):
    """What autograd does with a stale non-capturing stream during CUDA graph
    capture (no CUDA graphs here: the switch is recorded and has no effect).

    >>> torch.autograd.graph.set_override_stale_capture_stream(False)
    """
    _bool_flag("override_stale_capture_stream", enabled)
