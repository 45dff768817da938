"""cyautograd.nn.functional, as torch.nn.functional."""
from cyautograd.ops.linalg import linear  # noqa: F401
from cyautograd.ops.loss import binary_cross_entropy, mse_loss, nll_loss  # noqa: F401
from cyautograd.ops.pointwise import relu as _relu, sigmoid, tanh  # noqa: F401
from cyautograd.ops.reduction import log_softmax as _log_softmax, softmax as _softmax


def relu(input, inplace=False):
    if inplace:
        return input.relu_()
    return _relu(input)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax(input, dim, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _log_softmax(input, dim, dtype)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    from cyautograd.tensor import Tensor
    for pos, (argname, x) in enumerate((("input", input), ("target", target), ("weight", weight)), 1):
        if not isinstance(x, Tensor) and not (x is None and argname == "weight"):
            raise TypeError(f"cross_entropy_loss(): argument '{argname}' (position {pos}) must be "
                            f"Tensor, not {type(x).__name__}")
    if label_smoothing != 0.0:
        raise NotImplementedError("label_smoothing is not supported")
    if input.dim() == 1 and target.dim() == 0:
        return nll_loss(_log_softmax(input.unsqueeze(0), 1), target.unsqueeze(0), weight,
                        ignore_index=ignore_index, reduction=reduction)
    dim = 0 if input.dim() == 1 else 1
    return nll_loss(_log_softmax(input, dim), target, weight, ignore_index=ignore_index,
                    reduction=reduction)
