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
