"""``cyautograd._C._autograd``: torch's ``torch._C._autograd`` switches for
saved-tensor hooks (what ``autograd.graph.saved_tensors_hooks`` and
``disable_saved_tensors_hooks`` are built on), per thread.

>>> torch._C._autograd._saved_tensors_hooks_is_enabled()
True
"""
from cyautograd import saved_variable as _sv
from cyautograd.autograd.graph import _EMPTY_HOOKS_STACK, _hooks_stack_depth
# torch._C._autograd.SavedTensor: the type of grad_fn._raw_saved_* (also
# torch.autograd.SavedTensor); not constructible from Python
from cyautograd.saved_variable import SavedVariable as SavedTensor  # noqa: F401

__all__ = ["_saved_tensors_hooks_is_enabled", "_saved_tensors_hooks_enable", "_saved_tensors_hooks_disable",
           "_saved_tensors_hooks_get_disabled_error_message", "_push_saved_tensors_default_hooks",
           "_pop_saved_tensors_default_hooks", "_top_saved_tensors_default_hooks",
           "_unsafe_set_version_counter"]


def _incompatible(name, sig, args):
    shown = ", ".join(repr(a) for a in args)
    return TypeError(f"{name}(): incompatible function arguments. The following argument types are supported:\n"
                     f"    1. {sig}\n\nInvoked with: {shown}")


def _saved_tensors_hooks_is_enabled(*args):
    """False while saved-tensor hooks are disabled on this thread
    (``autograd.graph.disable_saved_tensors_hooks``), else True.

    >>> with torch.autograd.graph.disable_saved_tensors_hooks("not here"):
    ...     torch._C._autograd._saved_tensors_hooks_is_enabled()
    False
    """
    if args:
        raise _incompatible("_saved_tensors_hooks_is_enabled", "() -> bool", args)
    return getattr(_sv._tls, "disabled", None) is None


def _saved_tensors_hooks_get_disabled_error_message(*args):
    """The message registering hooks raises with while they are disabled,
    None while they are enabled.

    >>> torch._C._autograd._saved_tensors_hooks_get_disabled_error_message() is None
    True
    """
    if args:
        raise _incompatible("_saved_tensors_hooks_get_disabled_error_message", "() -> Optional[str]", args)
    return getattr(_sv._tls, "disabled", None)


def _saved_tensors_hooks_disable(message, fail_if_non_empty=True):
    """Disable saved-tensor hooks on this thread: registering one raises
    RuntimeError(message). As torch's, hooks already registered make it raise
    that message too (unless ``fail_if_non_empty=False``) -- after the
    switch is set, so they stay disabled.

    >>> torch._C._autograd._saved_tensors_hooks_disable("no hooks")
    >>> torch._C._autograd._saved_tensors_hooks_is_enabled()
    False
    >>> torch._C._autograd._saved_tensors_hooks_enable()
    """
    if type(message) is not str or type(fail_if_non_empty) not in (bool, int):
        raise _incompatible("_saved_tensors_hooks_disable",
                            "(message: str, fail_if_non_empty: bool = True) -> None", (message, fail_if_non_empty))
    _sv._set_hooks_disabled(message)
    if fail_if_non_empty and _hooks_stack_depth():
        raise RuntimeError(message)


def _saved_tensors_hooks_enable(*args):
    """Enable saved-tensor hooks on this thread again (after
    ``_saved_tensors_hooks_disable``).

    >>> torch._C._autograd._saved_tensors_hooks_enable()
    >>> torch._C._autograd._saved_tensors_hooks_is_enabled()
    True
    """
    if args:
        raise _incompatible("_saved_tensors_hooks_enable", "() -> None", args)
    _sv._set_hooks_disabled(None)


def _push_saved_tensors_default_hooks(pack_hook, unpack_hook):
    """Push (pack_hook, unpack_hook) as the innermost saved-tensor hooks of
    this thread (what ``saved_tensors_hooks.__enter__`` does); raises the
    disabled message while hooks are disabled.

    >>> torch._C._autograd._push_saved_tensors_default_hooks(lambda t: t, lambda t: t)
    >>> torch._C._autograd._top_saved_tensors_default_hooks(False) is not None
    True
    >>> torch._C._autograd._pop_saved_tensors_default_hooks()
    """
    _sv._push_saved_tensors_hooks(pack_hook, unpack_hook)


def _pop_saved_tensors_default_hooks(*args):
    """Pop the innermost saved-tensor hooks of this thread (torch's internal
    assert when there are none): what ``saved_tensors_hooks.__exit__`` does.

    >>> torch._C._autograd._push_saved_tensors_default_hooks(lambda t: t, lambda t: t)
    >>> torch._C._autograd._pop_saved_tensors_default_hooks()
    >>> torch._C._autograd._top_saved_tensors_default_hooks(False) is None
    True
    """
    if args:
        raise _incompatible("_pop_saved_tensors_default_hooks", "() -> None", args)
    if not _hooks_stack_depth():
        raise RuntimeError(_EMPTY_HOOKS_STACK)
    _sv._pop_saved_tensors_hooks()


def _top_saved_tensors_default_hooks(ignore_is_tracing):
    """The innermost (pack_hook, unpack_hook) of this thread, None if none.
    ``ignore_is_tracing`` is torch's flag for its tracer, which cyautograd
    does not have: the answer is the same either way.

    >>> with torch.autograd.graph.saved_tensors_hooks(abs, abs):
    ...     torch._C._autograd._top_saved_tensors_default_hooks(False) == (abs, abs)
    True
    """
    if type(ignore_is_tracing) is not bool:
        raise _incompatible("_top_saved_tensors_default_hooks",
                            "(ignore_is_tracing: bool) -> Optional[tuple[object, object]]", (ignore_is_tracing,))
    stack = getattr(_sv._tls, "stack", None)
    return tuple(stack[-1]) if stack else None


_SET_VC_SIG = ("(arg0: collections.abc.Sequence[cyautograd.Tensor], arg1: "
               "collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None")


def _unsafe_set_version_counter(*args):
    """Sets each tensor's version counter to the matching version (torch's
    binding behind autograd.grad_mode._unsafe_preserve_version_counter): two
    sequences of equal length, the versions ints in [0, 2**63).

    >>> x = torch.ones(2); torch._C._autograd._unsafe_set_version_counter((x,), (3,)); x._version
    3
    """
    import operator
    from cyautograd.tensor import Tensor
    from cyautograd.variable import _unsafe_set_version
    ok = len(args) == 2
    if ok:
        tensors, versions = args
        try:
            if isinstance(tensors, (str, bytes, Tensor)) or isinstance(versions, (str, bytes, Tensor)):
                raise TypeError
            tensors, versions = list(tensors), list(versions)
            versions = [operator.index(v) for v in versions]
        except TypeError:
            ok = False
        else:
            ok = all(isinstance(t, Tensor) for t in tensors) and \
                all(-2 ** 63 <= v < 2 ** 63 for v in versions)   # (an int64 each)
    if not ok:
        raise _incompatible("_unsafe_set_version_counter", _SET_VC_SIG, args)
    if len(tensors) != len(versions):
        raise RuntimeError(f"tensors_len={len(tensors)}, versions_len={len(versions)}")
    for t, v in zip(tensors, versions):
        if t.is_inference():
            raise RuntimeError("Tried to call cyautograd.autograd._unsafe_set_version() on a tensor that does "
                               "not have a version counter. Was it created in inference mode?")
        if v < 0:
            raise RuntimeError(f"Cannot set a version_counter to a value below 0: {v}")
        _unsafe_set_version(t, v)
