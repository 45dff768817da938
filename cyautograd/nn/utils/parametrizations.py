"""Parametrizations, as torch.nn.utils.parametrizations: ``weight_norm`` and
``spectral_norm`` registered through nn.utils.parametrize (NOTE [ How a parametrized
module is built ] in parametrize.py), and ``orthogonal``."""
from cyautograd.grad_mode import no_grad
from cyautograd.nn.module import Module
from cyautograd.nn.utils import parametrize
from cyautograd.nn.utils.weight_norm import _weight_norm, norm_except_dim
from cyautograd.tensor import Tensor

__all__ = ["orthogonal", "weight_norm", "spectral_norm"]


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


# ------------------------------------------------------------------ orthogonal
def _mH(x):
    return x.mT.conj() if x.is_complex() else x.mT


def _householder_product(A, tau):
    """The first k columns of H_1 ... H_k, H_i = I - tau_i v_i v_i^H with v_i the i-th column
    of A below the diagonal and 1 on it (as torch.linalg.householder_product), composed from
    differentiable ops (batched over leading dimensions)."""
    T = _T()
    n, k = A.size(-2), A.size(-1)
    eye = T.eye(n, dtype=A.dtype)
    V = A.tril(-1) + eye[:, :k]
    Q = eye.expand(*A.shape[:-2], n, n)
    for i in range(k):
        v = V[..., :, i:i + 1]
        t = tau[..., i:i + 1].unsqueeze(-1)
        # Q <- Q (I - t v v^H)
        Q = Q - (Q @ v) @ (t * _mH(v))
    return Q[..., :k]


def _is_orthogonal(Q):
    T = _T()
    n, k = Q.size(-2), Q.size(-1)
    Id = T.eye(k, dtype=Q.dtype)
    eps = 10.0 * n * T.finfo(Q.dtype).eps
    return T.allclose(_mH(Q) @ Q, Id, atol=eps)


def _make_orthogonal(A):
    T = _T()
    X, tau = T.geqrf(A)
    Q = _householder_product(X, tau)
    Q *= X.diagonal(dim1=-2, dim2=-1).sgn().unsqueeze(-2)
    return Q


_ORTH_MAPS = ("matrix_exp", "cayley", "householder")


class _Orthogonal(Module):
    def __init__(self, weight, orthogonal_map, *, use_trivialization=True):
        super().__init__()
        if weight.is_complex() and orthogonal_map == "householder":
            raise ValueError("The householder parametrization does not support complex "
                             "tensors.")
        self.shape = weight.shape
        self.orthogonal_map = orthogonal_map
        if use_trivialization:
            self.register_buffer("base", None)

    def forward(self, X):
        T = _T()
        n, k = X.size(-2), X.size(-1)
        transposed = n < k
        if transposed:
            X = X.mT
            n, k = k, n
        if self.orthogonal_map in ("matrix_exp", "cayley"):
            X = X.tril()
            if n != k:
                X = T.cat([X, X.new_zeros(n, n - k).expand(*X.shape[:-2], -1, -1)], dim=-1)
            A = X - _mH(X)
            if self.orthogonal_map == "matrix_exp":
                Q = T.matrix_exp(A)
            else:
                Id = T.eye(n, dtype=A.dtype)
                Q = T.linalg.solve(T.add(Id, A, alpha=-0.5), T.add(Id, A, alpha=0.5))
            if n != k:
                Q = Q[..., :k]
        else:
            A = X.tril(diagonal=-1)
            tau = 2.0 / (1.0 + (A * A).sum(dim=-2))
            Q = _householder_product(A, tau)
            Q = Q * X.diagonal(dim1=-2, dim2=-1).int().unsqueeze(-2)
        if "base" in self._buffers:
            Q = self.base @ Q
        if transposed:
            Q = Q.mT
        return Q

    def right_inverse(self, Q):
        T = _T()
        with no_grad():
            if Q.shape != self.shape:
                raise ValueError(f"Expected a matrix or batch of matrices of shape {self.shape}. "
                                 f"Got a tensor of shape {Q.shape}.")
            Q_init = Q
            n, k = Q.size(-2), Q.size(-1)
            transpose = n < k
            if transpose:
                Q = Q.mT
                n, k = k, n
            if "base" not in self._buffers:
                if self.orthogonal_map in ("cayley", "matrix_exp"):
                    raise NotImplementedError(
                        "It is not possible to assign to the matrix exponential or the Cayley "
                        "parametrizations when use_trivialization=False.")
                A, tau = T.geqrf(Q)
                d = A.diagonal(dim1=-2, dim2=-1)
                d.sign_()
                d[tau == 0.0] *= -1
                return A.mT if transpose else A
            if n == k:
                Q = _make_orthogonal(Q) if not _is_orthogonal(Q) else Q.clone()
            else:
                N = T.randn(*(Q.size()[:-2] + (n, n - k)), dtype=Q.dtype)
                Q = _make_orthogonal(T.cat([Q, N], dim=-1))
            self.base = Q
            neg_Id = T.zeros_like(Q_init)
            neg_Id.diagonal(dim1=-2, dim2=-1).fill_(-1.0)
            return neg_Id


def orthogonal(module, name="weight", orthogonal_map=None, *, use_trivialization=True):
    """``module.<name>`` becomes an orthogonal (unitary) matrix, or a batch of them: the image
    of the unconstrained original under ``orthogonal_map`` (``"matrix_exp"`` — the default
    for square or complex — ``"cayley"`` or ``"householder"``), times the buffer ``base``
    with ``use_trivialization`` (assignment sets ``base``).

    >>> m = torch.nn.utils.parametrizations.orthogonal(torch.nn.Linear(3, 3)); (m.weight @ m.weight.T).diagonal()
    """
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if weight.ndim < 2:
        raise ValueError("Expected a matrix or batch of matrices. Got a tensor of "
                         f"{weight.ndim} dimensions.")
    if orthogonal_map is None:
        orthogonal_map = ("matrix_exp" if weight.size(-2) == weight.size(-1)
                          or weight.is_complex() else "householder")
    if orthogonal_map not in _ORTH_MAPS:
        raise ValueError('orthogonal_map has to be one of "matrix_exp", "cayley", '
                         f'"householder". Got: {orthogonal_map}')
    orth = _Orthogonal(weight, orthogonal_map, use_trivialization=use_trivialization)
    parametrize.register_parametrization(module, name, orth, unsafe=True)
    return module
