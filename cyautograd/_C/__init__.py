"""``cyautograd._C``: the ``torch._C``-level autograd names that PyTorch's own
tests and libraries reach for (``torch._C._functions``, ``torch._C._autograd``,
the engine queries, the forward-grad switch, ``_WeakTensorRef``).

torch's ``_C`` is its C++ extension; here each name is a thin entry to the
part of cyautograd that does the work (the engine, the saved-tensor hooks
state, forward AD), with torch's arguments, results and errors. What is here
and what is not is listed in docs/autograd_api.md.

>>> torch._C._current_graph_task_id()   # no backward runs now
-1
"""
import weakref as _weakref

from cyautograd._C import _autograd, _functions  # noqa: F401

__all__ = ["_functions", "_autograd", "_will_engine_execute_node", "_current_graph_task_id", "_WeakTensorRef",
           "_set_fwd_grad_enabled", "_is_fwd_grad_enabled", "is_grad_enabled", "_set_grad_enabled"]


def is_grad_enabled(*args):
    """Whether grad mode is on (torch._C.is_grad_enabled, the C entry of
    torch.is_grad_enabled).

    >>> torch._C.is_grad_enabled()
    True
    """
    if args:
        raise TypeError(f"cyautograd.is_grad_enabled() takes no arguments ({len(args)} given)")
    from cyautograd.grad_mode import is_grad_enabled as _is
    return _is()


def _set_grad_enabled(enabled):
    """Turns grad mode on or off (torch._C._set_grad_enabled: a bool only).

    >>> torch._C._set_grad_enabled(True)
    """
    if type(enabled) is not bool:
        from cyautograd._arg_parser import tp_name
        raise TypeError(f"set_grad_enabled(): argument 'enabled' (position 1) must be bool, not "
                        f"{tp_name(enabled)}")
    from cyautograd.grad_mode import set_grad_enabled
    set_grad_enabled(enabled)


def _no_args(name, args):
    if args:
        raise TypeError(f"cyautograd._C.{name}() takes no arguments ({len(args)} given)")


def _current_graph_task_id(*args):
    """The id of the backward execution (graph task) running on this thread,
    -1 outside backward (torch's ``torch._C._current_graph_task_id``). Each
    execution -- ``backward()`` or ``autograd.grad()`` -- gets a new id, so
    hooks can tell one backward pass from the next.

    >>> x = torch.ones(2, requires_grad=True)
    >>> ids = []
    >>> h = x.register_hook(lambda g: ids.append(torch._C._current_graph_task_id()))
    >>> (x * 2).sum().backward(); (x * 3).sum().backward()
    >>> ids[1] - ids[0], torch._C._current_graph_task_id()
    (1, -1)
    """
    _no_args("_current_graph_task_id", args)
    from cyautograd import engine
    return engine._current_graph_task_id()


def _will_engine_execute_node(node):
    """Whether the backward running on this thread will execute ``node`` (a
    ``grad_fn`` or a gradient accumulator), torch's
    ``torch._C._will_engine_execute_node``: with ``inputs`` (``autograd.grad``
    or ``backward(inputs=...)``) only the nodes on a path to an input run.
    Only callable during backward (from a hook).

    >>> x = torch.ones(2, requires_grad=True)
    >>> y = x * 2
    >>> seen = []
    >>> h = y.register_hook(lambda g: seen.append(torch._C._will_engine_execute_node(y.grad_fn)))
    >>> y.sum().backward(); seen
    [True]
    """
    from cyautograd import engine
    return engine._will_engine_execute_node(node)


def _is_fwd_grad_enabled(*args):
    """Whether forward-mode AD is on for this thread (torch's
    ``torch._C._is_fwd_grad_enabled``; on unless turned off).

    >>> torch._C._is_fwd_grad_enabled()
    True
    """
    _no_args("_is_fwd_grad_enabled", args)
    from cyautograd.autograd import forward_ad
    return forward_ad._is_fwd_grad_enabled()


def _set_fwd_grad_enabled(enabled):
    """Turn forward-mode AD on or off for this thread (torch's
    ``torch._C._set_fwd_grad_enabled``; a bool only). While off, tensors
    read as having no tangent and ops compute none; the tangents already
    stored come back when it is on again. The context-manager form is
    ``autograd.forward_ad._set_fwd_grad_enabled(mode)``.

    >>> torch._C._set_fwd_grad_enabled(False); torch._C._is_fwd_grad_enabled()
    False
    >>> torch._C._set_fwd_grad_enabled(True); torch._C._is_fwd_grad_enabled()
    True
    """
    from cyautograd.autograd import forward_ad
    forward_ad._set_fwd_grad_enabled_c(enabled)


class _WeakTensorRef:
    """A weak reference to a tensor that says whether the tensor is gone
    (torch's ``torch._C._WeakTensorRef``; its one method is ``expired()``).
    torch's refers to the TensorImpl, ours to the Tensor object, which is
    what cyautograd's tensor is: a view keeps its base alive in both, but a
    tensor whose Python object died while the graph still saves its values
    is expired here and alive in torch. torch crashes on a non-tensor
    argument; ours raises TypeError.

    >>> t = torch.ones(2)
    >>> r = torch._C._WeakTensorRef(t)
    >>> r.expired()
    False
    >>> del t
    >>> r.expired()
    True
    """

    __slots__ = ("_ref",)

    def __init__(self, t):
        from cyautograd.tensor import Tensor
        if not isinstance(t, Tensor):
            raise TypeError("__init__(): incompatible constructor arguments. The following argument types are "
                            f"supported:\n    1. cyautograd._C._WeakTensorRef(arg0: object)\n\nInvoked with: "
                            f"{t!r}")
        self._ref = _weakref.ref(t)

    def expired(self):
        """True once the tensor has been freed.

        >>> torch._C._WeakTensorRef(torch.ones(1)).expired()   # a temporary, freed at once
        True
        """
        return self._ref() is None


def _set_grad_layout_enforcement_enabled(enabled):
    """``torch._C._set_grad_layout_enforcement_enabled``: see
    ``autograd.enforce_grad_layout_policy``.

    >>> torch._C._set_grad_layout_enforcement_enabled(True)
    """
    from cyautograd.functions import accumulate_grad
    if type(enabled) is not bool:
        from cyautograd._arg_parser import tp_name
        raise TypeError(f"set_grad_layout_enforcement_enabled(): argument 'enabled' (position 1) must be bool, "
                        f"not {tp_name(enabled)}")
    accumulate_grad._set_grad_layout_enforcement_enabled(enabled)


def _is_grad_layout_enforcement_enabled():
    """``torch._C._is_grad_layout_enforcement_enabled``.

    >>> torch._C._is_grad_layout_enforcement_enabled()
    True
    """
    from cyautograd.functions import accumulate_grad
    return accumulate_grad._is_grad_layout_enforcement_enabled()


__all__ += ["_set_grad_layout_enforcement_enabled", "_is_grad_layout_enforcement_enabled"]


def _set_view_replay_enabled(enabled):
    """``torch._C._set_view_replay_enabled``: views made while it is on
    regenerate their grad_fn by replaying their view ops (NOTE [ View
    replay ] in cyautograd/view_meta.pyx); see
    ``autograd._force_original_view_tracking``.

    >>> torch._C._set_view_replay_enabled(False)
    """
    from cyautograd import view_meta
    if type(enabled) is not bool:
        from cyautograd._arg_parser import tp_name
        raise TypeError(f"set_view_replay_enabled(): argument 'enabled' (position 1) must be bool, "
                        f"not {tp_name(enabled)}")
    view_meta._set_view_replay_enabled(enabled)


def _is_view_replay_enabled(*args, **kwargs):
    """``torch._C._is_view_replay_enabled``.

    >>> torch._C._is_view_replay_enabled()
    False
    """
    if kwargs:
        raise TypeError("torch._C._is_view_replay_enabled() takes no keyword arguments")
    if args:
        raise TypeError(f"torch._C._is_view_replay_enabled() takes no arguments ({len(args)} given)")
    from cyautograd import view_meta
    return view_meta._is_view_replay_enabled()


__all__ += ["_set_view_replay_enabled", "_is_view_replay_enabled"]
