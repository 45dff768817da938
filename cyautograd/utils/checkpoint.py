"""cyautograd.utils.checkpoint, shaped like torch.utils.checkpoint:
activation checkpointing — trade compute for memory by not keeping the
tensors a region saves for backward, and recomputing them when backward
needs them.

NOTE [ Non-reentrant checkpoint ]
The default-recommended variant (``use_reentrant=False``) follows torch's
design. A region's run gets a _CheckpointFrame. Its tensor inputs are saved
as saved tensors of the *enclosing* region (so an outer checkpoint manages
them: an inner region's inputs are tensors its parent saved, and unpacking
them recomputes the parent first). While the region runs, a pack hook
replaces every tensor it saves by an empty _Holder, and the frame keeps only
a weak reference to each holder, in save order.

The first unpack inside one backward execution (keyed by the engine's graph
task id; outside any backward each access gets a fresh key) re-runs the
region under a recomputation hook that walks the holders in the same order:
the k-th tensor saved now belongs to the k-th holder still alive, and is
filed under a fresh _Handle for that key. Recomputation stops as soon as the
last holder is filled (early stop), by raising _StopRecomputationError out
of the pack hook. The unpack hook then hands the holder's tensor out once:
its handle is cleared, so the recomputed tensor dies as soon as the node that
unpacked it lets go of it, even with retain_graph=True, and a second unpack
in the same backward raises. Holders freed by the graph (a backward without
retain_graph released them) are skipped. The counts and the shape, dtype and
device of what the region saved are checked against the recomputation
(``determinism_check="default"``).

The reentrant variant (``use_reentrant=True``) is a custom Function that runs
the region under no_grad and, in its backward, re-runs it with grad and calls
backward on it. It cannot serve an execution that captures gradients for
given inputs (autograd.grad, backward(inputs=...)): the engine marks those
(NOTE [ Checkpoint validity ] in engine.pyx) and its backward raises.

torch 2.13 still defaults to ``use_reentrant=True`` with a warning when the
argument is not given; so does this module. Autocast state is not replayed
(cyautograd has no autocast), and ``debug=True`` does not add operator logs
to the errors (no dispatch-level operator log exists here).
"""
import contextlib
import enum
import threading
import uuid
import warnings
import weakref
from collections import defaultdict

import cyautograd as torch
from cyautograd import engine as _engine
from cyautograd.autograd.graph import saved_tensors_hooks
from cyautograd.function import Function
from cyautograd.saved_variable import SavedVariable as _SavedTensor
from cyautograd.saved_variable import _make_saved_tensor
from cyautograd.tensor import Tensor
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointError", "CheckpointFunction",
           "check_backward_validity", "detach_variable", "get_device_states", "set_device_states",
           "noop_context_fn", "set_checkpoint_early_stop", "DefaultDeviceType",
           "set_checkpoint_debug_enabled", "GraphExecGroup", "CheckpointPolicy", "SelectiveCheckpointContext",
           "create_selective_checkpoint_contexts"]

_DEFAULT_DETERMINISM_MODE = "default"


class CheckpointError(RuntimeError):
    """Raised when a checkpointed region does not save the same tensors when
    it is recomputed, or a recomputed tensor is unpacked twice."""


def noop_context_fn():
    """The default ``context_fn``: two contexts that do nothing."""
    return contextlib.nullcontext(), contextlib.nullcontext()


def _get_rng_state():
    from cyautograd.random import default_generator
    return default_generator._impl.get_state()


def _set_rng_state(state):
    from cyautograd.random import default_generator
    default_generator._impl.set_state(state)


class _fork_rng:
    """Run a block with the generator set to `state`, restoring the current
    state afterwards (torch.random.fork_rng)."""

    def __init__(self, state, enabled):
        self.state = state
        self.enabled = enabled

    def __enter__(self):
        if self.enabled:
            self.saved = _get_rng_state()
            _set_rng_state(self.state)

    def __exit__(self, *args):
        if self.enabled:
            _set_rng_state(self.saved)


class DefaultDeviceType:
    """The device type whose RNG state checkpoint saves when no input names
    one ("cuda" as in torch; cyautograd draws every random number from its
    one CPU generator, so only the CPU state is ever replayed)."""

    _default_device_type = "cuda"

    @staticmethod
    def set_device_type(device="cuda"):
        """Set the default device type."""
        DefaultDeviceType._default_device_type = device

    @staticmethod
    def get_device_type():
        """The default device type."""
        return DefaultDeviceType._default_device_type


class CheckpointFunction(Function):
    """The reentrant checkpoint (use_reentrant=True)."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        check_backward_validity(args)
        ctx.run_function = run_function
        ctx.preserve_rng_state = preserve_rng_state
        if preserve_rng_state:
            ctx.rng_state = _get_rng_state()
        ctx.inputs = []
        ctx.tensor_indices = []
        tensor_inputs = []
        for i, arg in enumerate(args):
            if isinstance(arg, Tensor):
                tensor_inputs.append(arg)
                ctx.tensor_indices.append(i)
                ctx.inputs.append(None)
            else:
                ctx.inputs.append(arg)
        ctx.save_for_backward(*tensor_inputs)
        with torch.no_grad():
            outputs = run_function(*args)
        return outputs

    @staticmethod
    def backward(ctx, *args):
        if not _engine._is_checkpoint_valid():
            raise RuntimeError(
                "When use_reentrant=True, torch.utils.checkpoint is incompatible"
                " with .grad() or passing an `inputs` parameter to .backward()."
                " To resolve this error, you can either set use_reentrant=False,"
                " or call .backward() without passing the `inputs` argument.")
        inputs = list(ctx.inputs)
        tensors = ctx.saved_tensors
        for i, idx in enumerate(ctx.tensor_indices):
            inputs[idx] = tensors[i]
        with _fork_rng(getattr(ctx, "rng_state", None), ctx.preserve_rng_state):
            detached = detach_variable(tuple(inputs))
            with torch.enable_grad():
                outputs = ctx.run_function(*detached)
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        outs, grads = [], []
        for o, g in zip(outputs, args):
            if isinstance(o, Tensor) and o.requires_grad:
                outs.append(o)
                grads.append(g)
        if len(outs) == 0:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is not necessary")
        torch.autograd.backward(outs, grads)
        return (None, None) + tuple(x.grad if isinstance(x, Tensor) else None for x in detached)


def _internal_assert(cond):
    if not cond:
        raise AssertionError("Something went unexpectedly wrong in activation checkpoint. "
                             "Please report this bug by filing an issue to PyTorch.")


_debug_tip_msg = """
Tip: To see a more detailed error message, either pass `debug=True` to
`torch.utils.checkpoint.checkpoint(...)` or wrap the code block
with `with torch.utils.checkpoint.set_checkpoint_debug_enabled(True):` to
enable checkpoint\u2011debug mode globally.

If this error occurs under torch.compile with automatic_dynamic_shapes enabled,
it may be because the recomputation selected a different compiled graph than the
forward pass (e.g., a dynamic graph instead of the original static graph).
To fix this, either:
  - Use torch._dynamo.mark_dynamic() to explicitly mark varying dimensions as
    dynamic upfront, avoiding the static-to-dynamic transition.
  - Call torch._C._dynamo.eval_frame._set_lru_cache(False) to disable LRU cache
    reordering, which can change which graph is checked first between forward
    and recompute.
See https://github.com/pytorch/pytorch/issues/166926 for more details and
workaround examples.
"""

_enable_checkpoint_early_stop = None
_checkpoint_debug_enabled = None


@contextlib.contextmanager
def set_checkpoint_early_stop(enable):
    """Whether non-reentrant recomputation stops as soon as every tensor the
    backward needs is recomputed (overrides ``checkpoint``'s ``early_stop``
    for the checkpoints whose forward runs inside the block)."""
    global _enable_checkpoint_early_stop
    prev = _enable_checkpoint_early_stop
    _enable_checkpoint_early_stop = enable
    try:
        yield
    finally:
        _enable_checkpoint_early_stop = prev


@contextlib.contextmanager
def set_checkpoint_debug_enabled(enabled):
    """Override ``checkpoint``'s ``debug`` flag inside the block (None: use
    each call's own)."""
    global _checkpoint_debug_enabled
    prev = _checkpoint_debug_enabled
    _checkpoint_debug_enabled = enabled
    try:
        yield
    finally:
        _checkpoint_debug_enabled = prev


class _Handle:
    """The key under which one recomputed tensor is filed for one backward."""


class _Holder:
    """What the graph keeps for a tensor a checkpointed region saved: per
    backward key, the handle of its recomputed tensor (None once unpacked)."""

    def __init__(self):
        self.handles = {}


class _CheckpointFrame:
    """One run of a non-reentrant region (NOTE [ Non-reentrant checkpoint ])."""

    def __init__(self, recompute_fn, early_stop, unpack_error_cb, metadata_fn):
        self.recompute_fn = recompute_fn
        self.saved_args = []
        self.weak_holders = []
        self.recomputed = defaultdict(weakref.WeakKeyDictionary)
        self.recomp_counter = defaultdict(int)
        self.is_recomputed = defaultdict(bool)
        self.early_stop = early_stop
        self.metadata_fn = metadata_fn
        self.unpack_error_cb = unpack_error_cb
        self.x_metadatas = []
        self.forward_completed = False
        self.ignore_saved_mismatch = False

    def save_inputs(self, *args):
        # saved under the enclosing region's hooks (its Rule 2)
        self.saved_args = [_make_saved_tensor(a, is_output=False) if isinstance(a, Tensor) else a
                           for a in args]

    def get_inputs(self):
        return [a.unpack() if isinstance(a, _SavedTensor) else a for a in self.saved_args]

    def check_recomputed_tensors_match(self, gid):
        if self.ignore_saved_mismatch:
            return
        if len(self.weak_holders) != self.recomp_counter[gid]:
            raise CheckpointError(
                "torch.utils.checkpoint: A different number of tensors was saved "
                "during the original forward and recomputation.\n"
                f"Number of tensors saved during forward: {len(self.weak_holders)}\n"
                f"Number of tensors saved during recomputation: {self.recomp_counter[gid]}.\n"
                f"{_debug_tip_msg}")
        different = []
        for idx, weak_holder in enumerate(self.weak_holders):
            holder = weak_holder()
            if holder is None:
                continue
            _internal_assert(gid in holder.handles)
            _internal_assert(holder.handles[gid] is not None)
            _internal_assert(holder.handles[gid] in self.recomputed[gid])
            x_meta = self.x_metadatas[idx]
            recomputed_meta = self.metadata_fn(self.recomputed[gid][holder.handles[gid]])
            if x_meta != recomputed_meta:
                different.append((idx, x_meta, recomputed_meta))
        if different:
            listing = "".join(f"tensor at position {idx}:\nsaved metadata: {a}\nrecomputed metadata: {b}\n"
                              for idx, a, b in different)
            raise CheckpointError(
                "torch.utils.checkpoint: Recomputed values for the following tensors "
                "have different metadata than during the forward pass.\n"
                f"{listing}.\n{_debug_tip_msg}")


def _default_meta_extractor(x):
    return {"shape": x.shape, "dtype": x.dtype, "device": x.device}


_allowed_determinism_checks_to_fns = {
    _DEFAULT_DETERMINISM_MODE: _default_meta_extractor,
    "none": lambda _: None,
}


class _StopRecomputationError(Exception):
    pass


class _recomputation_hook(saved_tensors_hooks):
    """The hooks a recomputation runs under: file each saved tensor under
    the matching holder of the frame being recomputed."""

    def __init__(self, target_frame_ref, gid):
        def pack_hook(x):
            x = x.detach() if x.requires_grad else x
            frame = target_frame_ref()
            _internal_assert(frame is not None)
            idx = frame.recomp_counter[gid]
            frame.recomp_counter[gid] += 1
            if idx >= len(frame.weak_holders):
                _internal_assert(not frame.early_stop)
                if not frame.forward_completed:
                    # a backward inside the region's own forward, without
                    # early stop: the region is still running
                    frame.ignore_saved_mismatch = True
                    return x
                raise CheckpointError(
                    "torch.utils.checkpoint: trying to save more tensors during "
                    "recomputation than during the original forward pass.\n"
                    f"{_debug_tip_msg}")
            holder = frame.weak_holders[idx]()
            if holder is not None:
                # (a holder the graph already freed needs nothing)
                _internal_assert(holder.handles.get(gid, None) is None)
                holder.handles[gid] = _Handle()
                frame.recomputed[gid][holder.handles[gid]] = x
            if frame.early_stop and frame.recomp_counter[gid] == len(frame.weak_holders):
                raise _StopRecomputationError
            return x

        def unpack_hook(x):
            return x

        super().__init__(pack_hook, unpack_hook)


class GraphExecGroup:
    """Context manager: every checkpointed region that backward calls inside
    the same instance reach is recomputed at most once, however many backward
    calls there are (their graphs must not need the same saved activation)."""

    _tls = threading.local()

    def __enter__(self):
        cur = getattr(GraphExecGroup._tls, "group", None)
        if cur is not None:
            raise RuntimeError(f"GraphExecGroup contexts cannot be nested. Already inside group {cur}")
        GraphExecGroup._tls.group = self
        return self

    def __exit__(self, *args):
        GraphExecGroup._tls.group = None

    @classmethod
    def _get_current_group(cls):
        return getattr(GraphExecGroup._tls, "group", None)


class _checkpoint_hook(saved_tensors_hooks):
    """The hooks a region's forward runs under (NOTE [ Non-reentrant checkpoint ])."""

    def __init__(self, frame):
        def pack_hook(x):
            holder = _Holder()
            frame.weak_holders.append(weakref.ref(holder))
            if frame.metadata_fn is not None:
                with torch.no_grad():
                    frame.x_metadatas.append(frame.metadata_fn(x))
            return holder

        def unpack_hook(holder):
            gid = GraphExecGroup._get_current_group()
            if gid is None:
                gid = _engine._current_graph_task_id()
                if gid == -1:
                    # outside backward: every access is its own recomputation
                    gid = int(uuid.uuid4())
            if not frame.is_recomputed[gid]:
                args = frame.get_inputs()
                try:
                    with _recomputation_hook(weakref.ref(frame), gid), torch.enable_grad():
                        frame.recompute_fn(*args)
                except _StopRecomputationError:
                    pass
                frame.is_recomputed[gid] = True
                frame.check_recomputed_tensors_match(gid)
            _internal_assert(gid in holder.handles)
            if holder.handles[gid] is None:
                extra = ""
                if GraphExecGroup._get_current_group() is not None:
                    extra = ("Performing two backward calls that overlap (i.e. require the same "
                             "saved activation in order to compute gradients) is not allowed while "
                             "under the torch.utils.checkpoint.GraphExecGroup context. ")
                raise CheckpointError(
                    "torch.utils.checkpoint: Unpack is being triggered for a tensor that was already "
                    f"unpacked once. {extra}If you are calling ctx.saved_tensors in backward, make sure "
                    "to do so only once. Otherwise please open an issue with details on your use case.")
            _internal_assert(holder.handles[gid] in frame.recomputed[gid])
            ret = frame.recomputed[gid][holder.handles[gid]]
            holder.handles[gid] = None
            return ret

        if frame.unpack_error_cb is not None:
            def unpack_hook_with_error_cb(holder):
                try:
                    return unpack_hook(holder)
                except CheckpointError as e:
                    frame.unpack_error_cb(e)
            super().__init__(pack_hook, unpack_hook_with_error_cb)
        else:
            super().__init__(pack_hook, unpack_hook)


# ---------------------------------------------------------------------------
# selective activation checkpointing

# NOTE [ Selective activation checkpointing ]
# create_selective_checkpoint_contexts(policy) returns the pair of contexts
# checkpoint(..., context_fn=...) enters around the region's forward
# (_CachingTorchDispatchMode) and around each recomputation
# (_CachedTorchDispatchMode), torch's names. While one is active, every op
# the region runs reaches _sac_dispatch through the op hooks of forward AD
# (NOTE [ Selective checkpoint dispatch ] in autograd/forward_ad.py; outside
# these contexts nothing is hooked, so plain ops and checkpoints pay
# nothing).
# - Op identity: each op is reported to the policy as the ATen overload
#   torch's modes would see (NOTE [ Op identity ] in ops/aten.py): a C op by
#   its name (_ATEN_NAMES maps the few that differ: x / y is aten.div,
#   x.reshape(...) aten.view, ...); Python ops and matmul are composites, as
#   torch's CompositeImplicitAutograd ops are: their inner ops are reported
#   (x @ w on matrices is aten.mm, linear with a bias on a matrix aten.t and
#   aten.addmm). Ops called inside a reported op's own implementation are
#   not reported. An op whose result is no tensor (is_grad_enabled, size) or
#   one of its inputs (x.to(x.dtype), contiguous on a contiguous tensor) is
#   not reported: torch dispatches no op for those.
# - Forward: the op runs, then policy_fn(SelectiveCheckpointContext(
#   is_recompute=False, op_output=out), op, *args, **kwargs) decides (a bool
#   is MUST_SAVE / PREFER_RECOMPUTE, as torch's _policy_from_bool); a saved
#   op's outputs are kept detached (sharing the version counter, to detect
#   mutation) under (op, n-th call of that op), as torch's storage.
# - Recomputation (the policy is not asked again; ``is_recompute`` is always
#   False, as in torch 2.13): a recomputed op runs; a cached op must still
#   leave the graph and the saved tensors torch's autograd kernel leaves
#   around the cached value (the non-reentrant checkpoint matches the
#   recomputed saved tensors to the forward's by order). torch's modes sit
#   below autograd, so its autograd kernel records the node over the cached
#   output. Here an op records its node in the same step as it computes, so
#   a cached op runs with its cached result handed to the kernel where the
#   op family can take one (mm, bmm, mv, dot, addmm: _sac_precompute in
#   ops/linalg.pyx, the matmul itself skipped) and otherwise computes, after
#   which the cached values are written into its (fresh, non-view) output
#   array without a version bump. Either way the op's node saves what it
#   always saves, in its order, over values equal to the cached ones.
#   A cached op that records no history (no input requiring grad) and
#   cannot be a pass-through (in-place, *_like, factory) is not run: an
#   out-of-place one gives the cached tensors themselves, as torch's mode
#   does; an in-place one gives its self, version bumped and values
#   unchanged (torch's ADInplaceOrView kernel returns self whatever the
#   mode returned). In-place outputs are cached before their own version
#   bump, as torch's mode (below ADInplaceOrView) sees them, so they read
#   as mutated at recomputation unless allow_cache_entry_mutation.
# - Decomposed ops: F.dropout (training, CPU) is torch's _dropout_impl op by
#   op (_sac_dropout: empty_like, bernoulli_.float, div_.Scalar, mul).
# - Errors are torch's: a cached entry mutated since ("... has been
#   mutated", unless allow_cache_entry_mutation), an entry used by an
#   earlier recomputation ("Trying to backward an extra time ..."), an op
#   or call index the forward did not see.

class SelectiveCheckpointContext:
    """Passed to a selective-checkpoint policy function: ``is_recompute``
    (always False: the policy is asked during the forward only) and
    ``op_output``, what the op returned.

    Example::

        >>> from cyautograd.utils.checkpoint import SelectiveCheckpointContext
        >>> SelectiveCheckpointContext(is_recompute=False).is_recompute
        False
    """

    def __init__(self, *, is_recompute, op_output=None):
        self.is_recompute = is_recompute
        self.op_output = op_output


class CheckpointPolicy(enum.Enum):
    """What a selective-checkpoint policy returns for an op: ``MUST_SAVE`` /
    ``PREFER_SAVE`` keep its output from the forward (not recomputed);
    ``MUST_RECOMPUTE`` / ``PREFER_RECOMPUTE`` recompute it (``*_CPU_OFFLOAD``
    too: there is no device memory to offload from).

    Example::

        >>> from cyautograd.utils.checkpoint import CheckpointPolicy
        >>> CheckpointPolicy.MUST_SAVE, CheckpointPolicy.PREFER_RECOMPUTE.value
        (<CheckpointPolicy.MUST_SAVE: 0>, 3)
    """
    MUST_SAVE = 0
    PREFER_SAVE = 1
    MUST_RECOMPUTE = 2
    PREFER_RECOMPUTE = 3
    MUST_CPU_OFFLOAD = 4
    PREFER_CPU_OFFLOAD = 5


def _policy_from_bool(b):
    return CheckpointPolicy.MUST_SAVE if b else CheckpointPolicy.PREFER_RECOMPUTE


def _aten():
    from cyautograd.ops import aten
    return aten


SAC_IGNORED_OPS = {_aten().detach.default}

# hooked names whose ATen op is named otherwise (shared with the profiler)
from cyautograd.ops.aten import ATEN_NAMES as _ATEN_NAMES  # noqa: E402
_BINARY = frozenset(("add", "sub", "mul", "div", "add_", "sub_", "mul_", "div_", "rsub", "eq", "ne", "lt",
                     "le", "gt", "ge", "remainder", "floor_divide", "maximum", "minimum"))
# ops whose kernel takes a precomputed result (NOTE [ Selective activation checkpointing ])
_PRECOMPUTABLE = frozenset(("mm", "bmm", "mv", "dot", "addmm"))
_RECOMPUTE = object()
_CONSUMED = object()

_SAC_MISMATCH_MSG = ("This can happen if the operations in the checkpointed region are "
                     "nondeterministic or depend on global state that changed between "
                     "forward and backward.")


def _overload_name(aname, args, kwargs):
    if aname in _BINARY:
        other = args[1] if len(args) > 1 else kwargs.get("other")
        # (a Python number is a wrapped-number tensor to torch's Python
        # bindings: add.Tensor, add_.Tensor; rsub is torch's rsub.Scalar, and
        # the comparisons and remainder have Scalar overloads of their own)
        if aname in _SCALAR_OVERLOADS:
            return "Tensor" if isinstance(other, Tensor) else "Scalar"
        return "Tensor"
    if aname in _FACTORY_OVERLOADS:
        return _FACTORY_OVERLOADS[aname](args, kwargs)
    if aname in _VALUE_OVERLOADS:
        k = _VALUE_OVERLOADS[aname]
        v = args[k] if len(args) > k else kwargs.get("value")
        return "Tensor" if isinstance(v, Tensor) else "Scalar"
    if aname == "pow":
        a0 = args[0] if args else None
        a1 = args[1] if len(args) > 1 else kwargs.get("exponent")
        if not isinstance(a0, Tensor):
            return "Scalar"
        return "Tensor_Tensor" if isinstance(a1, Tensor) else "Tensor_Scalar"
    if aname in ("sum", "mean") and (len(args) > 1 or kwargs.get("dim") is not None):
        return "dim_IntList"
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    if aname == "squeeze" and dim is not None:
        return "dims" if isinstance(dim, (tuple, list)) else "dim"
    if aname in ("max", "min") and dim is not None:
        return "dim"
    if aname in ("std", "var"):
        return "correction"
    return _OVERLOADS.get(aname, "default")


_SCALAR_OVERLOADS = frozenset(("rsub", "eq", "ne", "lt", "le", "gt", "ge", "remainder"))
# ops whose value argument picks the overload: a number is .Scalar, a tensor .Tensor
_VALUE_OVERLOADS = {"fill_": 1, "masked_fill": 2, "masked_fill_": 2}

# factories: torch's overload by the arguments given (arange(end) is
# arange.default, arange(start, end[, step]) start / start_step, ...)
_FACTORY_OVERLOADS = {
    "empty": lambda a, k: "memory_format",
    "arange": lambda a, k: ("start_step" if len(a) >= 3 or "step" in k else "start" if len(a) == 2 or "end" in k
                            else "default"),
    "randint": lambda a, k: "low" if len(a) >= 3 or (len(a) == 2 and not isinstance(a[1], (tuple, list))) else "default",
    "eye": lambda a, k: "m" if len(a) >= 2 or "m" in k else "default",
    "randint_like": lambda a, k: "low_dtype" if len(a) >= 3 or "high" in k else "default",
}


_NEW_FACTORIES = frozenset(("new_zeros", "new_ones", "new_empty", "new_full"))
_LIKE_FACTORIES = frozenset(("zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like",
                             "randint_like"))


def _policy_args(name, args, kwargs, out):
    """The (args, kwargs) torch's modes hand the policy for the Python-level
    ops reported as one ATen op (_SAC_FACTORIES), in the ATen schema's order
    with its trailing defaults left out: torch.tensor/new_tensor's
    lift_fresh gets the fresh tensor; the new_*/*_like factories a size
    list and the pin_memory=False torch's binding fills in; embedding
    (weight, indices[, padding_idx[, scale_grad_by_freq[, sparse]]]) with a
    negative padding_idx wrapped. Any other op: as called."""
    if name in ("tensor", "new_tensor"):
        return (out,), {}
    if name in _NEW_FACTORIES or name in _LIKE_FACTORIES:
        args = list(args)
        if name in _NEW_FACTORIES:
            if name == "new_full":
                size = args[1]
            else:
                size = args[1] if len(args) == 2 and isinstance(args[1], (tuple, list)) else args[1:]
            size = list(size if not isinstance(size, int) else (size,))
            args = [args[0], size] + (args[2:3] if name == "new_full" else [])
        kw = {k: v for k, v in kwargs.items() if k != "requires_grad" and v is not None}
        kw.setdefault("pin_memory", False)
        return tuple(args), kw
    if name == "embedding":
        names = ("input", "weight", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse")
        p = dict(zip(names, args))
        p.update(kwargs)
        weight = p.get("weight")
        pad = p.get("padding_idx")
        pad = -1 if pad is None else (pad + weight.size(0) if pad < 0 else pad)
        tail = [pad, bool(p.get("scale_grad_by_freq", False)), bool(p.get("sparse", False))]
        while tail and tail[-1] == (-1, False, False)[len(tail) - 1]:
            tail.pop()
        return (weight, p.get("input"), *tail), {}
    return args, kwargs
# Python-level factories (and the other Python ops) torch dispatches as one
# op each (the selective mode sees them, not their inner ops: NOTE [
# Selective checkpoint dispatch ] in forward_ad.py)
_SAC_FACTORIES = frozenset(("zeros", "ones", "empty", "full", "arange", "rand", "randn", "randint", "eye",
                            "linspace", "logspace",
                            # the *_like and new_* factories are one ATen op each too (no
                            # forward formula: NOTE [ Selective checkpoint dispatch ]), and
                            # torch.tensor / Tensor.new_tensor reach the modes as lift_fresh
                            "zeros_like", "ones_like", "empty_like", "full_like", "rand_like",
                            "randn_like", "randint_like", "new_zeros", "new_ones", "new_empty",
                            "new_full", "new_tensor", "tensor",
                            # Python ops here that are one native op to torch
                            "embedding"))

# ATen overloads torch's Python bindings reach that are not .default
_OVERLOADS = {"transpose": "int", "select": "int", "unbind": "int", "split": "Tensor", "where": "self",
              "slice": "Tensor"}


def _getitem_ops(x, index):
    """The ATen ops torch's indexing (applySlicing) dispatches for x[index],
    in order: select.int per integer, slice.Tensor per slice that is not
    the whole dimension, unsqueeze per None, then index.Tensor when a tensor
    or list indexes; None for an index this does not model."""
    aten = _aten()
    if not isinstance(index, tuple):
        index = (index,)
    real = sum(1 for i in index if i is not None and i is not Ellipsis)
    ops, dim, adv = [], 0, False
    for i in index:
        if i is None:
            ops.append(aten.unsqueeze.default)
            dim += 1
        elif i is Ellipsis:
            dim += x.dim() - real
        elif isinstance(i, bool):
            return None
        elif isinstance(i, int):
            ops.append(aten.select.int)
        elif isinstance(i, slice):
            if dim >= x.dim():
                return None
            n = x.shape[dim]
            if not (i.start in (None, 0) and (i.stop is None or (isinstance(i.stop, int) and i.stop >= n))
                    and i.step in (None, 1)):
                ops.append(aten.slice.Tensor)
            dim += 1
        elif isinstance(i, (Tensor, list)):
            adv = True
            dim += 1
        else:
            return None
    if adv:
        ops.append(aten.index.Tensor)
    return ops


def _op_for(name, args, kwargs):
    """The ATen overload to report for hooked op `name`; None for a
    composite whose inner ops are reported instead."""
    if name == "matmul":
        if (len(args) == 2 and isinstance(args[0], Tensor) and isinstance(args[1], Tensor)
                and args[0].dim() == 2 and args[1].dim() == 2):
            name = "mm"
        else:
            return None
    elif name == "linear":
        return None
    elif name == "narrow":
        name = "slice"     # torch's narrow is a composite over slice
    aname = _ATEN_NAMES.get(name, name)
    return getattr(getattr(_aten(), aname), _overload_name(aname, args, kwargs))


_sac_tls = threading.local()
_sac_stack = []   # the active selective modes, innermost last


def _flat_tensors(out, acc):
    if isinstance(out, Tensor):
        acc.append(out)
    elif isinstance(out, (tuple, list)):
        for o in out:
            _flat_tensors(o, acc)
    return acc


def _tree_map(fn, out):
    if isinstance(out, Tensor):
        return fn(out)
    if isinstance(out, (tuple, list)):
        r = [_tree_map(fn, o) for o in out]
        return type(out)(r) if type(out) in (tuple, list) else type(out)(*r)
    return out


def _unwrap_cached(entry, allow_mutation):
    if isinstance(entry, _VersionWrapper):
        return entry.get_val(allow_mutation)
    if isinstance(entry, (tuple, list)):
        r = [_unwrap_cached(e, allow_mutation) for e in entry]
        return type(entry)(r) if type(entry) in (tuple, list) else type(entry)(*r)
    return entry


def _inside(call):
    """call() with the ops it reaches not reported."""
    prev = getattr(_sac_tls, "inside", False)
    _sac_tls.inside = True
    try:
        return call()
    finally:
        _sac_tls.inside = prev


def _run_op(name, fn, args, kwargs):
    """Run a hooked op as if no selective mode were active; the ops its own
    implementation calls are not reported."""
    from cyautograd.autograd import forward_ad
    return _inside(lambda: forward_ad._run(name, fn, args, kwargs))


def _is_passthrough(op, out, args):
    """An op torch dispatches nothing for: no tensor result, or one of its
    inputs given back by an op that is not in-place (x.to(x.dtype))."""
    if not _flat_tensors(out, []):
        return True
    return (isinstance(out, Tensor) and not op.overloadpacket.__name__.endswith("_")
            and any(out is a for a in args))


def _sac_dispatch(name, fn, args, kwargs):
    """The op hook while a selective mode is active (NOTE [ Selective
    activation checkpointing ])."""
    if getattr(_sac_tls, "inside", False) or not _sac_stack or _sac_stack[-1].thread != threading.get_ident():
        from cyautograd.autograd import forward_ad
        return forward_ad._run(name, fn, args, kwargs)
    if name == "linear":
        return _linear(len(_sac_stack) - 1, fn, args, kwargs)
    if name in _RESHAPES:
        return _reshape(len(_sac_stack) - 1, name, fn, args, kwargs)
    if name == "getitem" and len(args) == 2 and not kwargs and isinstance(args[0], Tensor):
        ops = _getitem_ops(args[0], args[1])
        if ops is not None:
            return _getitem(len(_sac_stack) - 1, ops, fn, args)
    op = _op_for(name, args, kwargs)
    if op is None:
        from cyautograd.autograd import forward_ad
        if name != "matmul" or getattr(_sac_tls, "in_matmul", False):
            return forward_ad._run(name, fn, args, kwargs)
        _sac_tls.in_matmul = True    # (x @ y reaches matmul twice: the operator, then the function)
        try:
            out = forward_ad._run(name, fn, args, kwargs)
        finally:
            _sac_tls.in_matmul = False
        if (len(args) == 2 and isinstance(args[0], Tensor) and isinstance(args[1], Tensor)
                and args[0].dim() >= 3 and args[1].dim() >= 1 and isinstance(out, Tensor)):
            # torch's matmul gives its folded mm / bmm result back through
            # _unsafe_view (a C call inside linalg.matmul here, unseen)
            i = len(_sac_stack) - 1
            for mode in reversed(_sac_stack[:i + 1]):
                mode._note(_aten()._unsafe_view.default, (args[0],), {}, lambda: out)
        return out
    return _dispatch_at(len(_sac_stack) - 1, op, name, fn, args, kwargs)


def _dispatch_at(i, op, name, fn, args, kwargs):
    if i < 0:
        return _run_op(name, fn, args, kwargs)
    return _sac_stack[i]._handle(op, name, fn, args, kwargs,
                                 lambda: _dispatch_at(i - 1, op, name, fn, args, kwargs))


def _linear(i, fn, args, kwargs):
    """linear on a matrix with a bias is torch's t + addmm (one fused kernel
    here); the other shapes are composites of reported ops."""
    from cyautograd.autograd import forward_ad
    params = list(args) + [kwargs.get(k) for k in ("input", "weight", "bias")[len(args):]]
    x, w, b = (params + [None, None, None])[:3]
    if not (isinstance(x, Tensor) and isinstance(w, Tensor) and isinstance(b, Tensor)
            and x.dim() == 2 and w.dim() == 2):
        return forward_ad._run("linear", fn, args, kwargs)
    aten = _aten()
    for mode in reversed(_sac_stack[:i + 1]):
        mode._note(aten.t.default, (w,), {}, lambda: _inside(w.t))
    return _dispatch_at(i, aten.addmm.default, "linear", fn, args, kwargs)


def _getitem(i, ops, fn, args):
    """x[index] as torch's indexing dispatches it (_getitem_ops): an
    advanced index alone is one op (a copy: cached as any op); otherwise the
    view is made once and each op is reported over it."""
    aten = _aten()
    if ops == [aten.index.Tensor]:
        return _dispatch_at(i, ops[0], "getitem", fn, args, {})
    out = _run_op("getitem", fn, args, {})
    for op in ops:
        for mode in reversed(_sac_stack[:i + 1]):
            mode._note(op, (args[0],), {}, lambda: out)
    return out


def _dispatch_composite(i, op, fn, args, kwargs):
    """A Python composite that torch dispatches as the one ATen op `op`
    (gelu, silu, native_layer_norm): reported and cached as that op, its
    inner ops unseen."""
    if i < 0:
        return _inside(lambda: fn(*args, **kwargs))
    return _sac_stack[i]._handle(op, op.overloadpacket.__name__, fn, args, kwargs,
                                 lambda: _dispatch_composite(i - 1, op, fn, args, kwargs))


_RESHAPES = frozenset(("reshape", "reshape_as", "flatten", "unflatten"))


def _reshape(i, name, fn, args, kwargs):
    """reshape is torch's view when the result can be one, else clone +
    _unsafe_view: reported after running (the copy decides)."""
    out = _run_op(name, fn, args, kwargs)
    x = args[0] if args else kwargs.get("input", kwargs.get("self"))
    if not isinstance(out, Tensor) or out is x:
        return out
    aten = _aten()
    ops = [aten.view.default] if out._base is not None else [aten.clone.default, aten._unsafe_view.default]
    for op in ops:
        for mode in reversed(_sac_stack[:i + 1]):
            mode._note(op, (x,), {}, lambda: out)
    return out


class _VersionWrapper:
    """A cached output and the version it had (mutation check)."""

    def __init__(self, val, bumped=0):
        self.val = val
        self.version = val._version - bumped if isinstance(val, Tensor) else None

    def get_val(self, allow_cache_entry_mutation):
        if self.version is not None and not allow_cache_entry_mutation:
            if self.val._version != self.version:
                raise RuntimeError("Tensor cached during selective activation checkpoint has been mutated")
        return self.val


class _SACMode:
    def __enter__(self):
        from cyautograd.autograd import forward_ad
        self.thread = threading.get_ident()
        _sac_stack.append(self)
        if len(_sac_stack) == 1:
            forward_ad._set_sac_hook(_sac_dispatch)
        return self

    def __exit__(self, *exc):
        from cyautograd.autograd import forward_ad
        _internal_assert(_sac_stack and _sac_stack[-1] is self)
        _sac_stack.pop()
        if not _sac_stack:
            forward_ad._set_sac_hook(None)


class _CachingTorchDispatchMode(_SACMode):
    """The forward context of selective checkpointing: asks the policy about
    each op and keeps the outputs of the ops it saves."""

    def __init__(self, policy_fn, storage):
        self.policy_fn = policy_fn
        self.storage = storage
        self.func_counter = defaultdict(int)

    def _note(self, op, args, kwargs, run, name=None):
        out = run()
        if op in SAC_IGNORED_OPS or _is_passthrough(op, out, args):
            return out
        idx = self.func_counter[op]
        self.func_counter[op] += 1
        # (torch's modes see the output below autograd: no history)
        seen_out = _inside(lambda: _tree_map(lambda t: t.detach(), out))
        if name in _SAC_FACTORIES:
            args, kwargs = _policy_args(name, args, kwargs, seen_out)
        # (torch calls the policy inside its mode's __torch_dispatch__, with
        # the mode off: ops the policy runs are not seen)
        ctx = SelectiveCheckpointContext(is_recompute=False, op_output=seen_out)
        policy = _inside(lambda: self.policy_fn(ctx, op, *args, **kwargs))
        if isinstance(policy, bool):
            policy = _policy_from_bool(policy)
        if policy in (CheckpointPolicy.MUST_SAVE, CheckpointPolicy.PREFER_SAVE):
            # torch's mode runs below ADInplaceOrView: an in-place op's
            # output is cached before its own version bump, so it reads as
            # mutated at recomputation (unless allow_cache_entry_mutation)
            bumped = 1 if op.overloadpacket.__name__.endswith("_") else 0
            with torch.no_grad():
                self.storage[op][idx] = _tree_map(lambda x: _VersionWrapper(x.detach(), bumped), out)
        else:
            self.storage[op][idx] = _RECOMPUTE
        return out

    def _handle(self, op, name, fn, args, kwargs, run):
        return self._note(op, args, kwargs, run, name)


class _CachedTorchDispatchMode(_SACMode):
    """The recomputation context of selective checkpointing: ops the forward
    saved give their cached outputs, the others are recomputed."""

    def __init__(self, policy_fn, storage, allow_cache_entry_mutation=False):
        self.storage = storage
        self.allow_cache_entry_mutation = allow_cache_entry_mutation
        self.func_counter = defaultdict(int)

    def __enter__(self):
        # a second recomputation (retain_graph) meets the consumed entries
        self.func_counter.clear()
        return super().__enter__()

    def _entry(self, op):
        idx = self.func_counter[op]
        self.func_counter[op] += 1
        func_storage = self.storage.get(op)
        if func_storage is None:
            raise RuntimeError(f"{op} encountered during backward but not found in storage. {_SAC_MISMATCH_MSG}")
        entry = func_storage.get(idx)
        if entry is None:
            raise RuntimeError(f"{op} invocation index {idx} encountered during backward but not found in "
                               f"storage. {_SAC_MISMATCH_MSG}")
        if entry is _CONSUMED:
            raise RuntimeError("Trying to backward an extra time. You are only allowed to backward once "
                               "on any region computed under selective activation checkpoint.")
        if entry is _RECOMPUTE:
            return None
        func_storage[idx] = _CONSUMED
        return _unwrap_cached(entry, self.allow_cache_entry_mutation)

    def _peek(self, op):
        """The cached entry _entry would consume next for op, else None."""
        entry = self.storage.get(op, {}).get(self.func_counter[op])
        return None if entry is None or entry is _RECOMPUTE or entry is _CONSUMED else entry

    def _note(self, op, args, kwargs, run):
        out = run()
        if op in SAC_IGNORED_OPS or _is_passthrough(op, out, args):
            return out
        cached = self._entry(op)
        if cached is not None:
            _write_cached(out, cached, args, kwargs)
        return out

    def _handle(self, op, name, fn, args, kwargs, run):
        if op in SAC_IGNORED_OPS:
            return run()
        if op.overloadpacket.__name__ in _PRECOMPUTABLE:
            cached = self._entry(op)
            if cached is None:
                return run()
            from cyautograd.ops import linalg
            linalg._sac_precompute(cached)
            try:
                out = run()
            finally:
                linalg._sac_precompute(None)
            return out
        if _direct_cache_ok(op, args, kwargs):
            # torch hands the cached value itself back (the same tensor: a
            # later in-place op changes it, and a mutation since the forward
            # raises); nothing here needs a node over it, so the op is not run
            cached = self._peek(op)
            if cached is not None:
                cached = self._entry(op)
                if op.overloadpacket.__name__.endswith("_"):
                    # an in-place op returns self whatever its kernel gave
                    # (ADInplaceOrView), bumped but unchanged: the op is skipped
                    from cyautograd.autograd.graph import increment_version
                    self_ = args[0] if args else kwargs.get("self")
                    _inside(lambda: increment_version(self_))
                    return self_
                return cached
        # a cached op draws no random numbers in torch's recomputation: the
        # generator is put back after it
        rng = _get_rng_state()
        out = run()
        if _is_passthrough(op, out, args):
            return out
        cached = self._entry(op)
        if cached is not None:
            _set_rng_state(rng)
            _write_cached(out, cached, args, kwargs)
        return out


def _direct_cache_ok(op, args, kwargs):
    """Whether a cached op's recomputation may just return the cached
    tensors: it records no history (no input requiring grad under grad
    mode) and it is never a pass-through op (_is_passthrough), so the cache
    index it takes is the forward's: an in-place op, a *_like op or a
    factory (no tensor argument)."""
    tensors = _flat_tensors((args, tuple(kwargs.values())), [])
    if _inside(torch.is_grad_enabled) and any(t.requires_grad for t in tensors):
        return False
    name = op.overloadpacket.__name__
    return name.endswith("_") or name.endswith("_like") or not tensors


def _sac_active():
    """The index of the innermost selective mode that sees an op called here
    (not inside another reported op, on the mode's thread), else -1."""
    if getattr(_sac_tls, "inside", False) or not _sac_stack or _sac_stack[-1].thread != threading.get_ident():
        return -1
    return len(_sac_stack) - 1


def _sac_dropout(i, input, p, inplace):
    """F.dropout (training, CPU) while selective mode i is active: torch's
    _dropout_impl op by op, as its modes see it - zeros + mul for p = 1,
    else empty_like, bernoulli_(1 - p), div_(1 - p) (a C++ Scalar: div_.Scalar)
    and mul (mul_ in place) - so a policy is asked about, and caches, those
    ops (a cached empty_like or bernoulli_ output is mutated by the next op:
    torch's "has been mutated" error in backward)."""
    aten = _aten()
    if p == 1.0:
        noise = _dispatch_at(i, aten.zeros.default, "zeros", torch.zeros, ((),),
                             {"dtype": input.dtype, "device": input.device})
    else:
        q = 1.0 - p
        noise = _dispatch_at(i, aten.empty_like.default, "empty_like", torch.empty_like, (input,), {})
        noise = _dispatch_at(i, aten.bernoulli_.float, "bernoulli_", Tensor.bernoulli_, (noise, q), {})
        noise = _dispatch_at(i, aten.div_.Scalar, "div_", Tensor.div_, (noise, q), {})
    if inplace:
        return _dispatch_at(i, aten.mul_.Tensor, "mul_", Tensor.mul_, (input, noise), {})
    return _dispatch_at(i, aten.mul.Tensor, "mul", Tensor.mul, (input, noise), {})


def _sac_feature_dropout(i, input, p, inplace, batched):
    """dropout1d/2d/3d (training, CPU) while selective mode i is active:
    torch's feature_dropout op by op - an unbatched input unsqueezed, the
    noise new_empty((N, C, 1, ...)), bernoulli_(1 - p), div_(1 - p), mul
    (mul_ in place), squeezed back (zeros + mul for p = 1) - so a policy is
    asked about those ops, as _sac_dropout does for dropout."""
    aten = _aten()
    x = input
    if not batched:
        x = _dispatch_at(i, aten.unsqueeze.default, "unsqueeze", Tensor.unsqueeze, (input, 0), {})
    if p == 1.0:
        noise = _dispatch_at(i, aten.zeros.default, "zeros", torch.zeros, ((),),
                             {"dtype": input.dtype, "device": input.device})
    else:
        q = 1.0 - p
        shape = tuple(x.shape[:2]) + (1,) * (x.dim() - 2)
        noise = _dispatch_at(i, aten.new_empty.default, "new_empty", Tensor.new_empty, (x, shape), {})
        noise = _dispatch_at(i, aten.bernoulli_.float, "bernoulli_", Tensor.bernoulli_, (noise, q), {})
        noise = _dispatch_at(i, aten.div_.Scalar, "div_", Tensor.div_, (noise, q), {})
    if inplace:
        out = _dispatch_at(i, aten.mul_.Tensor, "mul_", Tensor.mul_, (x, noise), {})
    else:
        out = _dispatch_at(i, aten.mul.Tensor, "mul", Tensor.mul, (x, noise), {})
    if not batched:
        if inplace:
            return input
        out = _dispatch_at(i, aten.squeeze.dim, "squeeze", Tensor.squeeze, (out, 0), {})
    return out


def _write_cached(out, cached, args, kwargs):
    """Give a recomputed op's fresh outputs the cached values (not views of
    an input, not an input itself: those are the input's values)."""
    from cyautograd.ops import _common
    outs = _flat_tensors(out, [])
    vals = _flat_tensors(cached, [])
    inputs = [id(a) for a in _flat_tensors((args, tuple(kwargs.values())), [])]
    for o, v in zip(outs, vals):
        if id(o) in inputs or o._base is not None or o is v:
            continue
        dst = _common._sac_array(o)
        src = _common._sac_array(v)
        if dst is src:
            continue
        dst[...] = src


def create_selective_checkpoint_contexts(policy_fn_or_list, allow_cache_entry_mutation=False):
    """The two contexts of selective activation checkpointing, for
    ``checkpoint(fn, *args, use_reentrant=False, context_fn=partial(
    create_selective_checkpoint_contexts, policy))``.

    ``policy_fn_or_list``: a function ``policy_fn(ctx, op, *args, **kwargs)``
    returning a :class:`CheckpointPolicy` for each op the region runs (``op``
    is a ``cyautograd.ops.aten`` overload such as
    ``cyautograd.ops.aten.mm.default``, ``ctx`` a
    :class:`SelectiveCheckpointContext`), or a list of such ops to save (the
    others are recomputed). Ops saved are not recomputed in backward; their
    outputs are kept from the forward. ``allow_cache_entry_mutation``: do not
    raise when a kept output was changed in place before backward.

    Example::

        >>> import functools
        >>> import cyautograd as torch
        >>> from cyautograd.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts
        >>> x = torch.ones(3, 3, requires_grad=True)
        >>> ctx_fn = functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mm.default])
        >>> out = checkpoint(lambda x: torch.sin(x @ x).sum(), x, use_reentrant=False, context_fn=ctx_fn)
        >>> out.backward()
        >>> x.grad.shape
        torch.Size([3, 3])
    """
    aten = _aten()
    if isinstance(policy_fn_or_list, list):
        for op in policy_fn_or_list:
            if not isinstance(op, aten.OpOverload):
                extra = ("Please update the OpOverloadPacket to a specific OpOverload."
                         "For example, if you have `torch.ops.aten.mm`, change it to `torch.ops.aten.mm.default`."
                         ) if isinstance(op, aten.OpOverloadPacket) else ""
                raise ValueError(f"Expected op in `op_list` to be an OpOverload but got: {op} "
                                 f"of type {type(op)}. {extra}")

        def policy_fn(ctx, op, *args, **kwargs):
            if op in policy_fn_or_list:
                return CheckpointPolicy.MUST_SAVE
            return CheckpointPolicy.PREFER_RECOMPUTE
    elif callable(policy_fn_or_list):
        policy_fn = policy_fn_or_list
    else:
        raise TypeError("policy_fn_or_list must be either a function or a list of ops.")
    storage = defaultdict(dict)
    return (_CachingTorchDispatchMode(policy_fn, storage),
            _CachedTorchDispatchMode(None, storage, allow_cache_entry_mutation))


def _checkpoint_without_reentrant_generator(fn, preserve_rng_state=True, context_fn=noop_context_fn,
                                            determinism_check=_DEFAULT_DETERMINISM_MODE, debug=False,
                                            early_stop=True, *args, **kwargs):
    """The non-reentrant checkpoint as a generator that yields once: the
    caller runs the region's forward at the yield (torch's shape of it)."""
    if _checkpoint_debug_enabled if _checkpoint_debug_enabled is not None else debug:
        if context_fn is not noop_context_fn:
            raise ValueError("debug=True is incompatible with non-default context_fn")
    if determinism_check in _allowed_determinism_checks_to_fns:
        metadata_fn = _allowed_determinism_checks_to_fns[determinism_check]
    else:
        raise ValueError(f"determinism_check should be one of {list(_allowed_determinism_checks_to_fns.keys())}, "
                         f"but got {determinism_check}")
    forward_context, recompute_context = context_fn()
    fwd_rng_state = _get_rng_state() if preserve_rng_state else None

    def recompute_fn(*inputs):
        with _fork_rng(fwd_rng_state, preserve_rng_state), recompute_context:
            fn(*inputs, **kwargs)

    frame = _CheckpointFrame(
        recompute_fn,
        _enable_checkpoint_early_stop if _enable_checkpoint_early_stop is not None else early_stop,
        None, metadata_fn)
    if not torch.is_grad_enabled():
        yield
        return
    frame.save_inputs(*args)
    suppressed = False
    with _checkpoint_hook(frame), forward_context:
        try:
            yield
        except BaseException:
            suppressed = True
            raise
    if suppressed:
        raise RuntimeError(
            "torch.utils.checkpoint: the forward context provided by "
            "context_fn suppressed an exception raised during the "
            "checkpointed forward. This is not supported because checkpoint "
            "cannot return a value for a failed forward.")
    frame.forward_completed = True


def checkpoint(function, *args, use_reentrant=None, context_fn=noop_context_fn, determinism_check="default",
               debug=False, early_stop=True, **kwargs):
    """Run ``function(*args, **kwargs)`` without keeping the tensors it saves
    for backward; they are recomputed by running it again when backward
    needs them (NOTE [ Non-reentrant checkpoint ]).

    ``use_reentrant`` should be passed: ``False`` selects the saved-tensor
    hook implementation (recommended; works with autograd.grad, nested
    checkpoints, keyword arguments and ``context_fn``), ``True`` the
    reentrant Function. Left out, it warns and uses ``True``, as torch 2.13
    does. ``preserve_rng_state`` (default True) replays the random generator
    so that random ops draw the same numbers in the recomputation.
    ``context_fn`` returns two context managers, entered around the forward
    run and the recomputation respectively. ``determinism_check``
    ("default": shapes, dtypes and devices of the recomputed tensors must
    match; "none") and ``early_stop`` (stop recomputing once every needed
    tensor is back) apply to the non-reentrant variant."""
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint: the use_reentrant parameter should be "
            "passed explicitly. Starting in PyTorch 2.9, calling checkpoint "
            "without use_reentrant will raise an exception. use_reentrant=False is "
            "recommended, but if you need to preserve the current default "
            "behavior, you can pass use_reentrant=True. Refer to docs for more "
            "details on the differences between the two variants.",
            stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError("Passing `context_fn` or `debug` is only supported when use_reentrant=False.")
        return CheckpointFunction.apply(function, preserve, *args)
    gen = _checkpoint_without_reentrant_generator(function, preserve, context_fn, determinism_check, debug,
                                                  early_stop, *args, **kwargs)
    next(gen)
    try:
        ret = function(*args, **kwargs)
    except BaseException as e:
        try:
            gen.throw(e)
        except StopIteration as stop:
            raise RuntimeError(
                "torch.utils.checkpoint: the forward context provided by "
                "context_fn suppressed an exception raised during the "
                "checkpointed forward. This is not supported because "
                "checkpoint cannot return a value for a failed forward.") from stop
        raise
    try:
        next(gen)
    except StopIteration:
        return ret
    raise AssertionError("torch.utils.checkpoint: expected context_fn generator to yield "
                         "exactly twice, but it yielded more than twice.")


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Checkpoint a sequence of functions (a list, or a module whose
    ``children()`` are run in order) in ``segments`` chunks: every chunk but
    the last runs under :func:`checkpoint`, so only the chunk boundaries'
    activations are kept. ``use_reentrant`` as in :func:`checkpoint` (warns
    and defaults to True when left out)."""
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint.checkpoint_sequential: the use_reentrant "
            "parameter should be passed explicitly. "
            "In version 2.9 we will raise an exception if use_reentrant "
            "is not passed. use_reentrant=False is "
            "recommended, but if you need to preserve the current default "
            "behavior, you can pass use_reentrant=True. Refer to docs for more "
            "details on the differences between the two variants.", stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))

    def run_function(start, end, functions):
        def forward(inp):
            for j in range(start, end + 1):
                inp = functions[j](inp)
            return inp
        return forward

    if not isinstance(functions, (list, tuple)) and hasattr(functions, "children"):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(run_function(start, end, functions), input, use_reentrant=use_reentrant,
                           preserve_rng_state=preserve)
    return run_function(end + 1, len(functions) - 1, functions)(input)


def detach_variable(inputs):
    """A tuple like ``inputs`` with each tensor detached, keeping its
    requires_grad (non-tensors pass through)."""
    if not isinstance(inputs, tuple):
        raise RuntimeError("Only tuple of tensors is supported. Got Unsupported input type: "
                           f"{type(inputs).__name__}")
    return tuple(_rg_internal(x.detach(), x.requires_grad) if isinstance(x, Tensor) else x for x in inputs)


def check_backward_validity(inputs):
    """Warn when no tensor among ``inputs`` requires grad (a checkpoint of
    them would give no gradients)."""
    if not any(isinstance(x, Tensor) and x.requires_grad for x in inputs):
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None", stacklevel=2)


def get_device_states(*args):
    """Accelerator RNG states of the devices of ``args``: ([], []) here —
    cyautograd's random numbers come from one CPU generator."""
    return [], []


def set_device_states(devices, states, *, device_type=None):
    """Restore states from :func:`get_device_states` (nothing to restore)."""


from cyautograd import _docs  # noqa: E402  (NOTE [ Where docstrings live ])
_docs.attach("utils.checkpoint.")
del _docs
