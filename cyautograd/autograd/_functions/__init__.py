"""cyautograd.autograd._functions, shaped like torch.autograd._functions:
the two legacy custom Functions PyTorch still ships (``Resize``, ``Type``)."""
from cyautograd.autograd._functions.tensor import Resize, Type  # noqa: F401

__all__ = ["Resize", "Type"]
