"""cyautograd.autograd.function, shaped like torch.autograd.function."""
from cyautograd.function import (BackwardCFunction, Function, FunctionMeta,  # noqa: F401
                                 once_differentiable)

FunctionCtx = BackwardCFunction
