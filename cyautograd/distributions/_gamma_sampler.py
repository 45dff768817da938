"""Standard-gamma draws with implicit reparameterization gradients.

NOTE [ Gamma rsample gradient ]
A draw x ~ Gamma(alpha, 1) has no closed-form inverse CDF, so its gradient
in alpha is the implicit one (Figurnov et al. 2018), as torch's
_standard_gamma_grad: x = F^-1(u; alpha) with u fixed gives
dx/dalpha = -(dF/dalpha)(x; alpha) / p(x; alpha), F the regularised lower
incomplete gamma function. dF/dalpha is taken by a central difference of
scipy's gammainc in float64 (its truncation error is far below float32
rounding). Without scipy, F comes from a 64-point Gauss–Legendre quadrature of
F(alpha, x) = x^alpha / (alpha Gamma(alpha)) * int_0^1 exp(-x v^(1/alpha)) dv
(v = s^2 smooths the end point; relative error < 1e-6 for alpha < 4, 2e-4
at alpha = 8) for alpha < 8, and the Wilson–Hilferty transform (x ≈ alpha (1
- 1/(9 alpha) + z / (3 sqrt alpha))^3 with z fixed; error < 1e-4 there and
shrinking) above. Draws use numpy's sampler seeded from cyautograd's default
generator, as cyautograd.poisson does (torch's CPU sampler is not reproduced).
Dirichlet draws are normalised standard-gamma draws, so their gradient follows
by the chain rule.
"""

import math

import numpy as np

import cyautograd as _t
from cyautograd.autograd import Function


def _host_rng(t, fname):
    """numpy's generator seeded from the engine t's samplers draw from (a
    device tensor's from its device's generator), as cyautograd.poisson."""
    from cyautograd import random as _r
    return np.random.Generator(np.random.PCG64(_r._engine_for(t, None, fname).random64()))


def _on_device_of(t, arr):
    from cyautograd import random as _r
    return _r._on_device_of(t, _t.from_numpy(np.ascontiguousarray(arr)))


_GL_S, _GL_W = np.polynomial.legendre.leggauss(64)
_GL_S = (_GL_S + 1) / 2
_GL_W = _GL_W / 2 * 2 * _GL_S          # dv = 2 s ds
_lgamma = np.vectorize(math.lgamma, otypes=[np.float64])


def _gammainc_quad(a, x):
    """The regularised lower incomplete gamma function by quadrature (a < 8)."""
    v = (_GL_S ** 2)[None, :]
    integral = (np.exp(-x[:, None] * v ** (1 / a[:, None])) * _GL_W).sum(-1)
    return np.exp(a * np.log(x) - np.log(a) - _lgamma(a)) * integral


def _dx_dalpha(x, a, use_scipy=True):
    """d x / d alpha of a standard-gamma draw x at fixed cdf value."""
    x, a = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(a, np.float64))
    shape = x.shape
    x, a = x.ravel(), a.ravel()
    sp = None
    if use_scipy:
        try:
            from scipy import special as sp
        except ImportError:  # pragma: no cover - scipy is in the test extras
            sp = None
    h = 1e-5 * np.maximum(a, 1e-3)
    with np.errstate(all="ignore"):
        if sp is not None:
            dF = (sp.gammainc(a + h, x) - sp.gammainc(np.maximum(a - h, 1e-300), x)) / (2 * h)
            logpdf = (a - 1) * np.log(x) - x - sp.gammaln(a)
            out = -dF / np.exp(logpdf)
        else:
            out = np.empty_like(x)
            small = a < 8
            xs, as_, hs = x[small], a[small], h[small]
            dF = (_gammainc_quad(as_ + hs, xs) - _gammainc_quad(as_ - hs, xs)) / (2 * hs)
            out[small] = -dF / np.exp((as_ - 1) * np.log(xs) - xs - _lgamma(as_))
            xl, al = x[~small], a[~small]
            r = np.cbrt(xl / al)
            z = (r - 1 + 1 / (9 * al)) * 3 * np.sqrt(al)
            dr = 1 / (9 * al * al) - z / (6 * al ** 1.5)
            out[~small] = r ** 3 + 3 * al * r ** 2 * dr
        out = np.where(np.isfinite(out), out, 0.0)
    return out.reshape(shape)


class _StandardGamma(Function):
    @staticmethod
    def forward(ctx, alpha):
        a = alpha.detach().cpu().numpy()
        x = _host_rng(alpha, "_standard_gamma").standard_gamma(a.astype(np.float64))
        x = np.asarray(np.maximum(np.asarray(x).astype(a.dtype), np.finfo(a.dtype).tiny))  # 0-d: a scalar
        out = _on_device_of(alpha, x)
        ctx.save_for_backward(out, alpha)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, alpha = ctx.saved_tensors
        xs = x.detach().cpu().numpy()
        d = _dx_dalpha(xs, alpha.detach().cpu().numpy())
        return grad * _on_device_of(x, np.asarray(d.astype(xs.dtype)))


def _standard_gamma(alpha):
    """Gamma(alpha, 1) draws of alpha's shape, differentiable in alpha."""
    return _StandardGamma.apply(alpha)




class _Dirichlet(Function):
    """Dirichlet draws (normalised standard-gamma draws, the last dim) as one
    node, named as torch's (_DirichletBackward). The gradient is the chain
    rule through the normalisation, d x_j / d g_i = (delta_ij - x_j) / sum(g),
    and each gamma draw's implicit gradient: an unbiased pathwise gradient
    like torch's (which differentiates the marginal Beta cdfs instead)."""
    @staticmethod
    def forward(ctx, alpha):
        a = alpha.detach().cpu().numpy()
        g = _host_rng(alpha, "_sample_dirichlet").standard_gamma(a.astype(np.float64))
        g = np.maximum(np.asarray(g), np.finfo(np.float64).tiny)
        total = g.sum(-1, keepdims=True)
        x = np.maximum(g / total, np.finfo(a.dtype).tiny).astype(a.dtype)
        ctx.dgda = (_dx_dalpha(g, a) / total).astype(a.dtype)   # d g_i/d alpha_i / sum(g)
        out = _on_device_of(alpha, x)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        dgda = _on_device_of(x, ctx.dgda)
        return (grad - (grad * x).sum(-1, True)) * dgda


def _sample_dirichlet(alpha):
    """Dirichlet(alpha) draws of alpha's shape, differentiable in alpha."""
    return _Dirichlet.apply(alpha)
