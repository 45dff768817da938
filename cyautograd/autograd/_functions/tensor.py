"""The legacy ``Resize`` and ``Type`` Functions of torch.autograd._functions.tensor.

``Resize.apply(t, sizes)`` reshapes ``t`` to ``sizes`` (the element count must
stay the same; a contiguous ``t`` shares its memory with the result, another is
copied first), and its backward reshapes the gradient back;
``Type.apply(t, dest_type)`` is ``t.type(dest_type)`` with a FutureWarning, its
backward casts the gradient back to ``t``'s tensor type.

>>> x = torch.arange(6.).requires_grad_()
>>> y = torch.autograd._functions.Resize.apply(x, (2, 3))
>>> y.shape, type(y.grad_fn).__name__
(cyautograd.Size([2, 3]), 'ResizeBackward')
"""
import math
import warnings

from cyautograd.function import Function

__all__ = ["Resize", "Type"]


class Type(Function):
    @staticmethod
    def forward(ctx, i, dest_type):
        warnings.warn("`torch.autograd._functions.Type` is deprecated as of PyTorch 2.1, please use "
                      "`torch.tensor.to(dtype=dtype)` instead.", FutureWarning, stacklevel=3)
        ctx.input_type = type(i) if not hasattr(i, "type") else i.type()
        return i.type(dest_type)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.type(ctx.input_type), None


class Resize(Function):
    @staticmethod
    def forward(ctx, tensor, sizes):
        ctx.sizes = sizes
        ctx.numel = math.prod(sizes)
        if tensor.numel() != ctx.numel:
            raise RuntimeError(
                f"requested resize to {'x'.join(str(s) for s in sizes)} ({ctx.numel} elements in total), "
                f"but the given tensor has a size of {'x'.join(str(s) for s in tensor.size())} "
                f"({tensor.numel()} elements). autograd's resize can only change the shape of a given "
                "tensor, while preserving the number of elements. ")
        ctx.input_sizes = tensor.size()
        # a contiguous input is reshaped in place: the result shares its memory
        return tensor.contiguous().view(*sizes)

    @staticmethod
    def backward(ctx, grad_output):
        if grad_output.numel() != ctx.numel:
            raise AssertionError(f"Expected grad_output to have {ctx.numel} elements, but got "
                                 f"{grad_output.numel()}")
        return grad_output.contiguous().view(ctx.input_sizes), None
