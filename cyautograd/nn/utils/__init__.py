"""cyautograd.nn.utils: gradient clipping and parameter/vector conversion, as torch.nn.utils."""
import math

from cyautograd.grad_mode import no_grad
from cyautograd.tensor import Tensor
from cyautograd.nn.utils import rnn  # noqa: F401  (torch.nn.utils.rnn)

__all__ = ["clip_grad_norm_", "clip_grad_value_", "get_total_norm", "clip_grads_with_norm_",
           "parameters_to_vector", "vector_to_parameters"]


def _T():
    import cyautograd
    return cyautograd


def _as_list(parameters):
    if isinstance(parameters, Tensor):
        return [parameters]
    return list(parameters)


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    T = _T()
    tensors = _as_list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return T.tensor(0.0)
    with no_grad():
        norms = [t.detach().norm(norm_type) for t in tensors]
        if norm_type == math.inf:
            total = T.stack(norms).max() if len(norms) > 1 else norms[0]
        else:
            total = T.stack(norms).norm(norm_type)
    if error_if_nonfinite and (bool(total.isnan()) or bool(total.isinf())):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, "
            "so it cannot be clipped. To disable this error and scale the gradients by the "
            "non-finite norm anyway, set `error_if_nonfinite=False`")
    return total


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    grads = [p.grad for p in _as_list(parameters) if p.grad is not None]
    if not grads:
        return
    with no_grad():
        clip_coef = float(max_norm) / (total_norm + 1e-6)
        clip_coef_clamped = clip_coef.clamp(max=1.0)
        for g in grads:
            g.mul_(clip_coef_clamped.to(g.dtype))


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scales the gradients in place so their joint norm is at most max_norm; returns that
    norm (before clipping), as torch."""
    parameters = _as_list(parameters)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


def clip_grad_value_(parameters, clip_value, foreach=None):
    clip_value = float(clip_value)
    with no_grad():
        for p in _as_list(parameters):
            if p.grad is not None:
                p.grad.clamp_(min=-clip_value, max=clip_value)


def _check_param_device(param, old_param_device):
    return -1


def parameters_to_vector(parameters):
    T = _T()
    if isinstance(parameters, Tensor):
        raise TypeError(f"expected an iterable of Tensors, but got {type(parameters).__name__}")
    return T.cat([p.reshape(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {type(vec).__name__}")
    pointer = 0
    for param in parameters:
        n = param.numel()
        param.data = vec[pointer:pointer + n].view_as(param).data
        pointer += n


# the normalizations and parametrizations (after the names above: parametrize imports nn)
from cyautograd.nn.utils import parametrizations, parametrize  # noqa: E402,F401
from cyautograd.nn.utils.spectral_norm import remove_spectral_norm, spectral_norm  # noqa: E402,F401
from cyautograd.nn.utils.weight_norm import remove_weight_norm, weight_norm  # noqa: E402,F401

__all__ += ["weight_norm", "remove_weight_norm", "spectral_norm", "remove_spectral_norm",
            "parametrize", "parametrizations"]
