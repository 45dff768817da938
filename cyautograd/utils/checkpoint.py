"""cyautograd.utils.checkpoint, shaped like torch.utils.checkpoint:
activation checkpointing — trade compute for memory by not keeping the
tensors a region saves for backward, and recomputing them when backward
needs them.

NOTE [ Non-reentrant checkpoint ]
The default-recommended variant (``use_reentrant=False``) runs the region
once under saved-tensor hooks whose pack hook keeps only a number (the
position of the saved tensor in the region's save order), so nothing the
region saves stays alive. The first unpack during backward re-runs the region
(same inputs, the random generator's state of the first run when
``preserve_rng_state``) under hooks that record what it saves, in the same
order, and hands the recorded tensors out by number; the recomputed graph
itself is dropped. Nested checkpoints work because each region's hooks are
on top of the stack while it runs.

The reentrant variant (``use_reentrant=True``) is a custom Function that runs
the region under no_grad and, in its backward, re-runs it with grad and calls
backward on it (so it cannot serve autograd.grad with inputs, as in torch).

torch 2.13 still defaults to ``use_reentrant=True`` with a warning when the
argument is not given; so does this module.
"""
import warnings

import cyautograd as torch
from cyautograd.autograd.graph import saved_tensors_hooks
from cyautograd.function import Function
from cyautograd.tensor import Tensor

__all__ = ["checkpoint", "checkpoint_sequential", "noop_context_fn", "CheckpointError", "detach_variable",
           "check_backward_validity", "set_checkpoint_early_stop", "set_checkpoint_debug_enabled",
           "get_device_states", "set_device_states"]


class CheckpointError(RuntimeError):
    """Raised when a checkpointed region does not save the same tensors when
    it is recomputed."""


def noop_context_fn():
    """The default ``context_fn``: two contexts that do nothing."""
    import contextlib
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


class CheckpointFunction(Function):
    """The reentrant checkpoint (use_reentrant=True)."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
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
        inputs = list(ctx.inputs)
        tensors = ctx.saved_tensors
        for i, idx in enumerate(ctx.tensor_indices):
            inputs[idx] = tensors[i]
        detached = [x.detach().requires_grad_(x.requires_grad) if isinstance(x, Tensor) else x
                    for x in inputs]
        with _fork_rng(getattr(ctx, "rng_state", None), ctx.preserve_rng_state), torch.enable_grad():
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


class _Holder:
    """One run of a non-reentrant region: what the recomputation saved."""

    def __init__(self, fn, args, kwargs, preserve, context_fn):
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.preserve = preserve
        self.context_fn = context_fn
        self.rng_state = _get_rng_state() if preserve else None
        self.count = 0           # tensors the first run saved
        self.recomputed = None   # list of saved tensors, after the recomputation
        self.grad_enabled = torch.is_grad_enabled()

    def pack(self, t):
        k = self.count
        self.count += 1
        return (self, k)

    def recompute(self):
        saved = []

        def pack(t):
            saved.append(t)
            return len(saved) - 1

        def unpack(k):
            return saved[k]

        _, recompute_ctx = self.context_fn()
        with _fork_rng(self.rng_state, self.preserve), torch.enable_grad(), recompute_ctx, \
                saved_tensors_hooks(pack, unpack):
            self.fn(*self.args, **self.kwargs)
        if len(saved) < self.count:
            raise CheckpointError(
                "torch.utils.checkpoint: A different number of tensors was saved during the original "
                f"forward and recomputation.\nNumber of tensors saved during forward: {self.count}\n"
                f"Number of tensors saved during recomputation: {len(saved)}.")
        self.recomputed = saved


def _unpack(packed):
    holder, k = packed
    if holder.recomputed is None:
        holder.recompute()
    t = holder.recomputed[k]
    return t


def _checkpoint_without_reentrant(function, preserve, context_fn, args, kwargs):
    holder = _Holder(function, args, kwargs, preserve, context_fn)
    forward_ctx, _ = context_fn()
    with saved_tensors_hooks(holder.pack, _unpack), forward_ctx:
        return function(*args, **kwargs)


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
    run and the recomputation respectively. ``determinism_check``, ``debug``
    and ``early_stop`` are accepted as in torch; the count of saved tensors
    is always checked and recomputation always runs the whole region."""
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
        if torch.is_grad_enabled() and not any(isinstance(a, Tensor) and a.requires_grad for a in args):
            warnings.warn("None of the inputs have requires_grad=True. Gradients will be None",
                          stacklevel=2)
        return CheckpointFunction.apply(function, preserve, *args)
    if determinism_check not in ("default", "none"):
        raise ValueError(f"determinism_check should be one of ['default', 'none'], "
                         f"but got {determinism_check}")
    return _checkpoint_without_reentrant(function, preserve, context_fn, args, kwargs)


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
    return tuple(x.detach().requires_grad_(x.requires_grad) if isinstance(x, Tensor) else x for x in inputs)


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


class _Flag:
    """Context manager that sets a module flag for its block (or for good
    when used as a plain call)."""

    def __init__(self, name, value):
        self.name = name
        self.prev = globals()[name]
        globals()[name] = value

    def __enter__(self):
        return None

    def __exit__(self, *args):
        globals()[self.name] = self.prev


_checkpoint_early_stop = True
_checkpoint_debug_enabled = None


def set_checkpoint_early_stop(enable):
    """Whether recomputation may stop once every needed tensor is
    recomputed. Recorded for compatibility; cyautograd always recomputes the
    whole region."""
    return _Flag("_checkpoint_early_stop", bool(enable))


def set_checkpoint_debug_enabled(enabled):
    """Override ``checkpoint``'s ``debug`` flag in a block (recorded only:
    cyautograd's checkpoint has no debug trace)."""
    return _Flag("_checkpoint_debug_enabled", enabled)


from cyautograd import _docs  # noqa: E402  (NOTE [ Where docstrings live ])
_docs.attach("utils.checkpoint.")
del _docs
