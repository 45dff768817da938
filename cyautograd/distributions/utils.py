"""Helpers shared by the distributions (torch.distributions.utils)."""
import functools
import numbers

import cyautograd as _t

__all__ = ["broadcast_all", "logits_to_probs", "clamp_probs", "probs_to_logits", "lazy_property",
           "tril_matrix_to_vec", "vec_to_tril_matrix"]

euler_constant = 0.57721566490153286060  # Euler–Mascheroni


def _is_number(v):
    return isinstance(v, numbers.Number) and not isinstance(v, _t.Tensor)


def broadcast_all(*values):
    """Broadcast tensors and numbers to one shape; numbers become tensors of
    the first tensor's dtype (the default dtype when all are numbers)."""
    if not all(isinstance(v, _t.Tensor) or _is_number(v) for v in values):
        raise ValueError("Input arguments must all be instances of Number, torch.Tensor or "
                         "objects implementing __torch_function__.")
    if not all(isinstance(v, _t.Tensor) for v in values):
        opts = {"dtype": _t.get_default_dtype()}
        for v in values:
            if isinstance(v, _t.Tensor):
                opts = {"dtype": v.dtype, "device": v.device}
                break
        values = [v if isinstance(v, _t.Tensor) else _t.tensor(v, **opts) for v in values]
    return _t.broadcast_tensors(*values)


def _size(*parts):
    """The concatenation of shapes as a Size."""
    out = ()
    for p in parts:
        out += tuple(p)
    return _t.Size(out)


def _standard_normal(shape, dtype, device):
    return _t.empty(_t.Size(shape), dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    """Sum out the ``dim`` rightmost dims."""
    if dim == 0:
        return value
    return value.reshape(tuple(value.shape[:-dim]) + (-1,)).sum(-1)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return _t.sigmoid(logits)
    return _t.softmax(logits, dim=-1)


def clamp_probs(probs):
    eps = _t.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    p = clamp_probs(probs)
    if is_binary:
        return _t.log(p) - _t.log1p(-p)
    return _t.log(p)


class lazy_property:
    """Computed (with grad enabled) on first access, then stored on the
    instance so later reads are plain attribute reads. Validation skips
    parameters that are still lazy."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        functools.update_wrapper(self, wrapped)

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return _lazy_property_and_property(self.wrapped)
        with _t.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class _lazy_property_and_property(lazy_property, property):
    """What the class attribute reads as: still a lazy_property (so checks
    see it), and a property (so documentation tools see one)."""

    def __init__(self, wrapped):
        property.__init__(self, wrapped)


def _tril_mask(n, diag, device):
    r = _t.arange(n, device=device)
    return r < r.view(-1, 1) + (diag + 1)


def tril_matrix_to_vec(mat, diag=0):
    """The lower triangle (from diagonal ``diag``) of a (batch of) square
    matrices, row by row."""
    n = mat.shape[-1]
    if diag < -n or diag >= n:
        raise ValueError(f"diag ({diag}) provided is outside [{-n}, {n - 1}].")
    return mat[..., _tril_mask(n, diag, mat.device)]


def vec_to_tril_matrix(vec, diag=0):
    """The inverse of tril_matrix_to_vec."""
    k = vec.shape[-1]
    n = (-(1 + 2 * diag) + ((1 + 2 * diag) ** 2 + 8 * k + 4 * abs(diag) * (diag + 1)) ** 0.5) / 2
    if round(n) - n > _t.finfo(vec.dtype).eps:
        raise ValueError(f"The size of last dimension is {k} which cannot be expressed as "
                         "the lower triangular part of a square D x D matrix.")
    n = round(n)
    mat = vec.new_zeros(tuple(vec.shape[:-1]) + (n, n))
    mat[..., _tril_mask(n, diag, vec.device)] = vec
    return mat
