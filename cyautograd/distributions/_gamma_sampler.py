"""Standard-gamma draws with implicit reparameterization gradients.

NOTE [ Gamma rsample gradient ]
A draw x ~ Gamma(alpha, 1) has no closed-form inverse CDF, so its gradient
in alpha is the implicit one (Figurnov et al. 2018), as torch's
_standard_gamma_grad: x = F^-1(u; alpha) with u fixed gives
dx/dalpha = -(dF/dalpha)(x; alpha) / p(x; alpha), F the regularised lower
incomplete gamma function. dF/dalpha is taken by a central difference of
scipy's gammainc in float64 (its truncation error is far below float32
rounding); without scipy, the Wilson–Hilferty transform (x ≈ alpha (1 - 1/(9
alpha) + z / (3 sqrt alpha))^3 with z fixed) stands in, which is exact in the
large-alpha limit. Draws use numpy's sampler seeded from cyautograd's default
generator, as cyautograd.poisson does (torch's CPU sampler is not reproduced).
Dirichlet draws are normalised standard-gamma draws, so their gradient follows
by the chain rule.
"""

import numpy as np

import cyautograd as _t
from cyautograd.autograd import Function


def _draw(alpha):
    from cyautograd import random as _r
    g = np.random.Generator(np.random.PCG64(_r._engine(None).random64()))
    return np.asarray(g.standard_gamma(alpha))   # numpy gives a scalar for 0-d


def _dx_dalpha(x, a):
    x = np.asarray(x, np.float64)
    a = np.asarray(a, np.float64)
    try:
        from scipy import special as sp
    except ImportError:  # pragma: no cover - scipy is in the test extras
        sp = None
    with np.errstate(all="ignore"):
        if sp is not None:
            h = 1e-5 * np.maximum(a, 1e-3)
            dF = (sp.gammainc(a + h, x) - sp.gammainc(np.maximum(a - h, 1e-300), x)) / (2 * h)
            logpdf = (a - 1) * np.log(x) - x - sp.gammaln(a)
            out = -dF / np.exp(logpdf)
        else:
            r = np.cbrt(x / a)
            z = (r - 1 + 1 / (9 * a)) * 3 * np.sqrt(a)
            dr = 1 / (9 * a * a) + z / 3 * (-0.5) * a ** -1.5
            out = r ** 3 + 3 * a * r ** 2 * dr
        out = np.where(np.isfinite(out), out, 0.0)
    return out


class _StandardGamma(Function):
    @staticmethod
    def forward(ctx, alpha):
        a = alpha.detach().cpu().numpy()
        x = _draw(a.astype(np.float64)).astype(a.dtype)
        x = np.asarray(np.maximum(x, np.finfo(a.dtype).tiny))
        out = _t.from_numpy(x)
        ctx.save_for_backward(out, alpha)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, alpha = ctx.saved_tensors
        d = _dx_dalpha(x.detach().numpy(), alpha.detach().numpy())
        return grad * _t.from_numpy(np.asarray(d.astype(x.detach().numpy().dtype)))


def _standard_gamma(alpha):
    """Gamma(alpha, 1) draws of alpha's shape, differentiable in alpha."""
    return _StandardGamma.apply(alpha)


