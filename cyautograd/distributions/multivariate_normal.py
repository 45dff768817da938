"""MultivariateNormal(loc, covariance_matrix | precision_matrix | scale_tril).

Everything is computed from the (unbroadcast) lower Cholesky factor L of the
covariance, as torch does: log_prob's Mahalanobis term by a triangular solve,
log det from L's diagonal, draws as loc + L @ eps."""
import math

import cyautograd as _t
from cyautograd.distributions import constraints
from cyautograd.distributions.distribution import Distribution
from cyautograd.distributions.utils import _size, _standard_normal, lazy_property

__all__ = ["MultivariateNormal"]


def _batch_mv(bmat, bvec):
    return _t.matmul(bmat, bvec.unsqueeze(-1)).squeeze(-1)


def _batch_mahalanobis(bL, bx):
    """x^T (L L^T)^-1 x for x of shape (..., n) against factors L of shape
    (b..., n, n), b broadcastable into x's batch: solved as one triangular
    solve with right-hand sides stacked, not by expanding L."""
    n = bx.size(-1)
    bx_batch = tuple(bx.shape[:-1])
    L_batch_dims = bL.dim() - 2
    outer = len(bx_batch) - L_batch_dims
    old_dims = outer + L_batch_dims
    new_dims = outer + 2 * L_batch_dims
    # split each of x's batch dims matched to one of L's into (repeat, L's size)
    new_shape = bx_batch[:outer]
    for sL, sx in zip(bL.shape[:-2], bx.shape[outer:-1]):
        new_shape += (sx // sL, sL)
    bx = bx.reshape(new_shape + (n,))
    perm = (list(range(outer)) + list(range(outer, new_dims, 2))
            + list(range(outer + 1, new_dims, 2)) + [new_dims])
    bx = bx.permute(perm)
    flat_L = bL.reshape(-1, n, n)
    flat_x = bx.reshape(-1, flat_L.size(0), n)
    M = _t.linalg.solve_triangular(flat_L, flat_x.permute(1, 2, 0), upper=False).pow(2).sum(-2).t()
    M = M.reshape(tuple(bx.shape[:-1]))
    inv = list(range(outer))
    for i in range(L_batch_dims):
        inv += [outer + i, old_dims + i]
    return M.permute(inv).reshape(bx_batch)


def _precision_to_scale_tril(P):
    # the Cholesky factor of P^-1 without inverting P: flip, factor, invert a triangle
    Lf = _t.linalg.cholesky(_t.flip(P, (-2, -1)))
    L_inv = _t.transpose(_t.flip(Lf, (-2, -1)), -2, -1)
    Id = _t.eye(P.shape[-1], dtype=P.dtype, device=P.device)
    return _t.linalg.solve_triangular(L_inv, Id, upper=False)


class MultivariateNormal(Distribution):
    arg_constraints = {"loc": constraints.real_vector,
                       "covariance_matrix": constraints.positive_definite,
                       "precision_matrix": constraints.positive_definite,
                       "scale_tril": constraints.lower_cholesky}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None,
                 validate_args=None):
        if loc.dim() < 1:
            raise ValueError("loc must be at least one-dimensional.")
        if (covariance_matrix is not None) + (scale_tril is not None) + (precision_matrix is not None) != 1:
            raise ValueError("Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
        for name, m in (("scale_tril", scale_tril), ("covariance_matrix", covariance_matrix),
                        ("precision_matrix", precision_matrix)):
            if m is not None:
                if m.dim() < 2:
                    what = "scale_tril matrix" if name == "scale_tril" else name
                    raise ValueError(f"{what} must be at least two-dimensional, "
                                     "with optional leading batch dimensions")
                batch_shape = _t.broadcast_shapes(m.shape[:-2], loc.shape[:-1])
                setattr(self, name, m.expand(_size(batch_shape, (-1, -1))))
                break
        self.loc = loc.expand(_size(batch_shape, (-1,)))
        super().__init__(batch_shape, self.loc.shape[-1:], validate_args=validate_args)
        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = _t.linalg.cholesky(covariance_matrix)
        else:
            self._unbroadcasted_scale_tril = _precision_to_scale_tril(precision_matrix)

    def expand(self, batch_shape, _instance=None):
        e = tuple(self.event_shape)
        new = self._expanded(MultivariateNormal, batch_shape, _instance,
                             {"loc": e, "covariance_matrix": e + e, "scale_tril": e + e,
                              "precision_matrix": e + e})
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril
        return new

    def _matrix_shape(self):
        return _size(self._batch_shape, self._event_shape, self._event_shape)

    @lazy_property
    def scale_tril(self):
        return self._unbroadcasted_scale_tril.expand(self._matrix_shape())

    @lazy_property
    def covariance_matrix(self):
        L = self._unbroadcasted_scale_tril
        return _t.matmul(L, L.mT).expand(self._matrix_shape())

    @lazy_property
    def precision_matrix(self):
        return _t.cholesky_inverse(self._unbroadcasted_scale_tril).expand(self._matrix_shape())

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @property
    def variance(self):
        return self._unbroadcasted_scale_tril.pow(2).sum(-1).expand(_size(self._batch_shape, self._event_shape))

    def rsample(self, sample_shape=_t.Size()):
        shape = self._extended_shape(sample_shape)
        eps = _standard_normal(shape, dtype=self.loc.dtype, device=self.loc.device)
        return self.loc + _batch_mv(self._unbroadcasted_scale_tril, eps)

    def _half_log_det(self):
        return self._unbroadcasted_scale_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        M = _batch_mahalanobis(self._unbroadcasted_scale_tril, value - self.loc)
        return -0.5 * (self._event_shape[0] * math.log(2 * math.pi) + M) - self._half_log_det()

    def entropy(self):
        H = 0.5 * self._event_shape[0] * (1.0 + math.log(2 * math.pi)) + self._half_log_det()
        return H if len(self._batch_shape) == 0 else H.expand(self._batch_shape)
