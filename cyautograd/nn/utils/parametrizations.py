"""Parametrizations, as torch.nn.utils.parametrizations: ``weight_norm`` and
``spectral_norm`` registered through nn.utils.parametrize (NOTE [ How a parametrized
module is built ] in parametrize.py).  ``orthogonal`` is not provided yet."""
from cyautograd.grad_mode import no_grad
from cyautograd.nn.module import Module
from cyautograd.nn.utils import parametrize
from cyautograd.nn.utils.weight_norm import _weight_norm, norm_except_dim
from cyautograd.tensor import Tensor

__all__ = ["weight_norm", "spectral_norm"]


def _T():
    import cyautograd
    return cyautograd


def _normalize(x, eps):
    from cyautograd.nn import functional as F
    return F.normalize(x, dim=0, eps=eps)


class _WeightNorm(Module):
    def __init__(self, dim=0):
        super().__init__()
        if dim is None:
            dim = -1
        self.dim = dim

    def forward(self, weight_g, weight_v):
        return _weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        return norm_except_dim(weight, 2, self.dim), weight


def weight_norm(module, name="weight", dim=0):
    """``module.<name>`` becomes ``g * v / ||v||`` of ``parametrizations.<name>.original0``
    (g) and ``original1`` (v).  (torch also loads state_dicts of the deprecated hook form,
    ``<name>_g``/``<name>_v``, through a load_state_dict pre-hook; nn.Module has no such
    hooks here yet, so those keys are not renamed.)

    >>> m = torch.nn.utils.parametrizations.weight_norm(torch.nn.Linear(3, 2)); sorted(m.state_dict())
    """
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    return module


class _SpectralNorm(Module):
    def __init__(self, weight, n_power_iterations=1, dim=0, eps=1e-12):
        super().__init__()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError("Dimension out of range (expected to be in range of "
                             f"[-{ndim}, {ndim - 1}] but got {dim})")
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:
            self.n_power_iterations = n_power_iterations
            weight_mat = self._reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer("_u", _normalize(u, self.eps))
            self.register_buffer("_v", _normalize(v, self.eps))
            self._power_method(weight_mat, 15)

    def _reshape_weight_to_matrix(self, weight):
        if self.dim != 0:
            weight = weight.permute(self.dim, *(d for d in range(weight.dim()) if d != self.dim))
        return weight.flatten(1)

    def _power_method(self, weight_mat, n_power_iterations):
        # u, v: the leading singular vectors, refined in place (the buffers stay the same
        # tensors, as torch's out= updates keep them)
        T = _T()
        with no_grad():
            for _ in range(n_power_iterations):
                self._u.copy_(_normalize(T.mv(weight_mat, self._v), self.eps))
                mat_h = weight_mat.t().conj() if weight_mat.is_complex() else weight_mat.t()
                self._v.copy_(_normalize(T.mv(mat_h, self._u), self.eps))

    def forward(self, weight):
        T = _T()
        if weight.ndim == 1:
            return _normalize(weight, self.eps)
        weight_mat = self._reshape_weight_to_matrix(weight)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        u = self._u.clone()
        v = self._v.clone()
        sigma = T.vdot(u, T.mv(weight_mat, v))
        return weight / sigma

    def right_inverse(self, value):
        return value


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """``module.<name>`` becomes the original divided by its largest singular value,
    estimated by power iteration (15 iterations at registration, ``n_power_iterations``
    per access in training mode) on the buffers ``_u``/``_v`` of the parametrization.

    >>> m = torch.nn.utils.parametrizations.spectral_norm(torch.nn.Linear(3, 2)); sorted(m.state_dict())
    """
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if dim is None:
        nn = _T().nn
        transposed = tuple(getattr(nn, n) for n in ("ConvTranspose1d", "ConvTranspose2d",
                                                     "ConvTranspose3d") if hasattr(nn, n))
        dim = 1 if isinstance(module, transposed) else 0
    parametrize.register_parametrization(
        module, name, _SpectralNorm(weight, n_power_iterations, dim, eps))
    return module
