"""cyautograd.autograd.function, shaped like torch.autograd.function."""
from cyautograd.function import (BackwardCFunction, Function, FunctionMeta,  # noqa: F401
                                 once_differentiable)

FunctionCtx = BackwardCFunction


class InplaceFunction(Function):
    """A Function that records whether it runs in place (``inplace``); kept
    for old code written against it, as torch keeps it. New code uses
    :class:`Function` (and ``ctx.mark_dirty`` for in-place outputs).

    >>> from cyautograd.autograd.function import InplaceFunction
    >>> class AddOne(InplaceFunction):
    ...     @staticmethod
    ...     def forward(ctx, a):
    ...         ctx.mark_dirty(a)
    ...         return a.add_(1)
    ...     @staticmethod
    ...     def backward(ctx, g):
    ...         return g
    >>> AddOne.apply(torch.zeros(2))
    """

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


def _nested_tensors(obj, allow_none=False):
    """The tensors of a nest of lists/tuples/dicts of tensors, depth first
    (None skipped, or kept with allow_none); anything else is torch's
    ValueError for the auto nesting."""
    from cyautograd.tensor import Tensor
    if isinstance(obj, Tensor) or (allow_none and obj is None):
        yield obj
    elif obj is None:
        return
    elif isinstance(obj, (list, tuple)):
        for o in obj:
            yield from _nested_tensors(o, allow_none)
    elif isinstance(obj, dict):
        for o in obj.values():
            yield from _nested_tensors(o, allow_none)
    else:
        raise ValueError("Auto nesting doesn't know how to process an input object of type "
                         f"{_typename(obj)}. Accepted types: Tensors, or lists/tuples of them")


def _typename(obj):
    t = type(obj)
    return t.__qualname__ if t.__module__ in ("builtins", None) else f"{t.__module__}.{t.__qualname__}"


def _regroup(flat, proto):
    """flat's items in the nesting of proto (lists/tuples; None stays None)."""
    def take(flat, proto):
        if not isinstance(proto, (list, tuple)):
            return flat[0], flat[1:]
        out = []
        for e in proto:
            if e is None:
                out.append(None)
            else:
                item, flat = take(flat, e)
                out.append(item)
        return type(proto)(out), flat
    return take(flat, proto)[0]


class NestedIOFunction(Function):
    r"""
    This class is here only for backward compatibility reasons.
    Use :class:`Function` instead of this for any new use case.

    The legacy API: an instance whose ``forward_extended``/``backward_extended``
    take and return nests of tensors, with instance-method
    ``save_for_backward``, ``mark_dirty`` and ``mark_non_differentiable``
    that record what they are given (``to_save``, ``dirty_tensors``,
    ``non_differentiable``). As in torch 2.x, calling an instance no longer
    runs it: the legacy ``Function._do_forward`` it relies on is gone, so the
    call raises AttributeError.

    >>> from cyautograd.autograd.function import NestedIOFunction
    >>> f = NestedIOFunction()
    >>> f.save_for_backward(torch.ones(1), [torch.zeros(1), None]); len(f.to_save)
    2
    """

    def _do_forward(self, *input):
        self._nested_input = input
        flat_input = tuple(_nested_tensors(input))
        # torch's legacy Function._do_forward no longer exists (nor here):
        # torch raises this AttributeError, and so does this line
        flat_output = super()._do_forward(*flat_input)
        return _regroup(flat_output, self._nested_output)

    def _do_backward(self, gradients, retain_variables):
        self.retain_variables = retain_variables
        result = super()._do_backward(gradients, retain_variables)   # gone, as in torch
        if not retain_variables:
            del self._nested_output
            del self._to_save_nested
        return result

    def backward(self, *gradients):
        """Regroups the gradients as the outputs were nested, calls
        backward_extended, and flattens what it returns (None kept)."""
        nested_gradients = _regroup(gradients, self._nested_output)
        result = self.backward_extended(*nested_gradients)
        return tuple(_nested_tensors(result, allow_none=True))

    __call__ = _do_forward

    def forward(self, *args):
        """Calls forward_extended on the detached nested inputs; returns its
        outputs flattened."""
        nested_tensors = _map_nested_data(self._nested_input)
        result = self.forward_extended(*nested_tensors)
        del self._nested_input
        self._nested_output = result
        return tuple(_nested_tensors(result))

    def save_for_backward(self, *args):
        """Records the tensors of the nested arguments (``to_save``) and the nesting."""
        self.to_save = tuple(_nested_tensors(args))
        self._to_save_nested = args

    @property
    def saved_tensors(self):
        """The saved tensors regrouped as they were given (an instance that
        did not run saved none: torch's IndexError then)."""
        return _regroup((), self._to_save_nested)

    def mark_dirty(self, *args, **kwargs):
        """Records the tensors given (``dirty_tensors``)."""
        self.dirty_tensors = tuple(_nested_tensors((args, kwargs)))

    def mark_non_differentiable(self, *args, **kwargs):
        """Records the tensors given (``non_differentiable``)."""
        self.non_differentiable = tuple(_nested_tensors((args, kwargs)))

    def forward_extended(self, *input):
        """User defined forward (a subclass overrides it)."""
        raise NotImplementedError

    def backward_extended(self, *grad_output):
        """User defined backward (a subclass overrides it)."""
        raise NotImplementedError


def _map_nested_data(obj):
    from cyautograd.tensor import Tensor
    if isinstance(obj, Tensor):
        return obj.data
    if obj is None:
        return None
    if isinstance(obj, (list, tuple)):
        mapped = [_map_nested_data(x) for x in obj]
        return type(obj)(*mapped) if hasattr(obj, "_fields") else type(obj)(mapped)
    if isinstance(obj, dict):
        return {k: _map_nested_data(v) for k, v in obj.items()}
    raise ValueError("Auto nesting doesn't know how to process an input object of type "
                     f"{_typename(obj)}. Accepted types: Tensors, or lists/tuples of them")
