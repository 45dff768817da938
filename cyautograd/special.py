"""cyautograd.special: torch.special's common functions (expit, logit, erf,
erfc, erfcx, erfinv, gammaln, digamma/psi, polygamma, multigammaln, xlogy,
xlog1py, softmax, log_softmax, logsumexp, i0/i0e/i1/i1e, sinc, entr, ndtr,
ndtri, log_ndtr, log1p, expm1, exp2, round).

Most are the top-level functions under their special.* names, with torch's
node names (``special.gammaln`` is ``lgamma``: LgammaBackward0); the ones
torch has only here are custom Functions (see NOTE [ Extra ops are custom
Functions ] in ops/extra.py) named as torch's (SpecialXlog1PyBackward0,
SpecialEntrBackward0, SpecialNdtriBackward0, ...). They evaluate through
scipy.special (NOTE [ Special functions need scipy ] in ops/extra2.py).
"""
import math

import numpy as np

from cyautograd import _ops
from cyautograd.ops import extra2 as _x2
from cyautograd.ops.extra import _a, _check_tensor, _float_np, _sum_to, _w, _write_out
from cyautograd.function import Function

__all__ = ["expit", "logit", "erf", "erfc", "erfcx", "erfinv", "gammaln", "digamma", "psi", "polygamma",
           "multigammaln", "xlogy", "xlog1py", "softmax", "log_softmax", "logsumexp", "i0", "i0e", "i1", "i1e",
           "sinc", "entr", "ndtr", "ndtri", "log_ndtr", "log1p", "expm1", "exp2", "round", "gammainc",
           "gammaincc"]


def _alias(name, target, doc):
    from cyautograd._out import _accepts_out, with_out
    if not _accepts_out(target):
        # torch.special's functions all take out= (written as the op they alias writes it)
        target = with_out(getattr(target, "__name__", name), target)

    def f(*args, **kwargs):
        return target(*args, **kwargs)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


expit = _alias("expit", _ops.sigmoid, """expit(input, *, out=None) -> Tensor

The logistic sigmoid ``1 / (1 + exp(-input))`` (``torch.sigmoid``, SigmoidBackward0).

>>> torch.special.expit(torch.tensor([-1., 0., 1.]))
""")
logit = _alias("logit", _x2.logit, """logit(input, eps=None, *, out=None) -> Tensor

``log(p / (1 - p))``, ``torch.logit`` (``eps`` clamps the input first).

>>> torch.special.logit(torch.tensor([0.25, 0.5]))
""")
erf = _alias("erf", _ops.erf, """erf(input, *, out=None) -> Tensor

The error function (``torch.erf``).

>>> torch.special.erf(torch.tensor([0., 1.]))
""")
erfc = _alias("erfc", _x2.erfc, """erfc(input, *, out=None) -> Tensor

The complementary error function ``1 - erf(input)`` (``torch.erfc``).

>>> torch.special.erfc(torch.tensor([0., 1.]))
""")
gammainc = _alias("gammainc", _x2.igamma, """gammainc(input, other, *, out=None) -> Tensor

The regularised lower incomplete gamma function (``torch.igamma``, IgammaBackward0).

>>> torch.special.gammainc(torch.tensor([1., 2.]), torch.tensor([0.5, 3.]))
""")
gammaincc = _alias("gammaincc", _x2.igammac, """gammaincc(input, other, *, out=None) -> Tensor

The regularised upper incomplete gamma function (``torch.igammac``, IgammacBackward0).

>>> torch.special.gammaincc(torch.tensor([1., 2.]), torch.tensor([0.5, 3.]))
""")
erfinv = _alias("erfinv", _x2.erfinv, """erfinv(input, *, out=None) -> Tensor

The inverse error function (``torch.erfinv``).

>>> torch.special.erfinv(torch.tensor([0., 0.5]))
""")
gammaln = _alias("gammaln", _x2.lgamma, """gammaln(input, *, out=None) -> Tensor

The log of the absolute gamma function (``torch.lgamma``, LgammaBackward0).

>>> torch.special.gammaln(torch.tensor([0.5, 4.]))
""")
digamma = _alias("digamma", _x2.digamma, """digamma(input, *, out=None) -> Tensor

The digamma function, the logarithmic derivative of gamma (``torch.digamma``).

>>> torch.special.digamma(torch.tensor([1., 0.5]))
""")
psi = _alias("psi", _x2.digamma, """psi(input, *, out=None) -> Tensor

Alias of ``special.digamma``.

>>> torch.special.psi(torch.tensor([1.]))
""")
polygamma = _alias("polygamma", _x2.polygamma, """polygamma(n, input, *, out=None) -> Tensor

The ``n``-th derivative of digamma (``torch.polygamma``).

>>> torch.special.polygamma(1, torch.tensor([1.]))
""")
xlogy = _alias("xlogy", _x2.xlogy, """xlogy(input, other, *, out=None) -> Tensor

``input * log(other)``, 0 where ``input`` is 0 (``torch.xlogy``).

>>> torch.special.xlogy(torch.tensor([0., 2.]), torch.tensor([0., 3.]))
""")
log1p = _alias("log1p", _ops.log1p, """log1p(input, *, out=None) -> Tensor

``log(1 + input)``, accurate for small inputs (``torch.log1p``).

>>> torch.special.log1p(torch.tensor([1e-8, 1.]))
""")
expm1 = _alias("expm1", _ops.expm1, """expm1(input, *, out=None) -> Tensor

``exp(input) - 1``, accurate for small inputs (``torch.expm1``).

>>> torch.special.expm1(torch.tensor([1e-8, 1.]))
""")
exp2 = _alias("exp2", _ops.exp2, """exp2(input, *, out=None) -> Tensor

``2 ** input`` (``torch.exp2``).

>>> torch.special.exp2(torch.tensor([0., 3.]))
""")


@_x2._named("RoundBackward1")
class _RoundDecimals(Function):
    @staticmethod
    def forward(ctx, x, decimals):
        return _ops.round(x.detach(), decimals=decimals)

    @staticmethod
    def backward(ctx, g):
        return g * 0, None


def round(input, *, decimals=0, out=None):
    """round(input, *, decimals=0, out=None) -> Tensor

    Rounds half to even to ``decimals`` decimal places (``torch.round``; its
    node is the decimals overload's, RoundBackward1, with a zero gradient).

    >>> torch.special.round(torch.tensor([0.5, 1.5, 2.7]))
    """
    _check_tensor(input, "special_round")
    if not input.dtype.is_floating_point:
        return _ops.round(input, decimals=decimals)
    r = _RoundDecimals.apply(input, decimals)
    return r if out is None else _write_out("special_round", r.detach(), out, input)


i0 = _alias("i0", _x2.i0, """i0(input, *, out=None) -> Tensor

The modified Bessel function of the first kind, order 0 (``torch.i0``).

>>> torch.special.i0(torch.tensor([0., 1.]))
""")
sinc = _alias("sinc", _x2.sinc, """sinc(input, *, out=None) -> Tensor

The normalized sinc ``sin(pi x) / (pi x)`` (``torch.sinc``).

>>> torch.special.sinc(torch.tensor([0., 0.5]))
""")


def softmax(input, dim, *, dtype=None):
    """softmax(input, dim, *, dtype=None) -> Tensor

    ``exp(x) / exp(x).sum(dim)`` along ``dim`` (``torch.softmax``).

    >>> torch.special.softmax(torch.tensor([1., 2., 3.]), 0)
    """
    return _ops.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim, *, dtype=None):
    """log_softmax(input, dim, *, dtype=None) -> Tensor

    ``log(softmax(input, dim))`` computed stably (``torch.log_softmax``).

    >>> torch.special.log_softmax(torch.tensor([1., 2., 3.]), 0)
    """
    return _ops.log_softmax(input, dim, dtype=dtype)


def logsumexp(input, dim, keepdim=False, *, out=None):
    """logsumexp(input, dim, keepdim=False, *, out=None) -> Tensor

    ``log(exp(input).sum(dim))`` computed stably (``torch.logsumexp``).

    >>> torch.special.logsumexp(torch.tensor([1., 2., 3.]), 0)
    """
    r = _ops.logsumexp(input, dim, keepdim)
    return r if out is None else _write_out("special_logsumexp", r.detach(), out, input)


def _sp():
    return _x2._need_sp("special")


def _unary(name, node, npfn, grad, doc):
    @_x2._named(node)
    class _U(Function):
        @staticmethod
        def forward(ctx, x):
            npd = _float_np(x)
            if not x.is_cpu:   # NOTE [ Special functions on the device ] (ops/_xp.py); unrouted ones raise
                from cyautograd.ops import _xp
                from cyautograd.ops.extra import _darr, _dw
                r = _dw(_xp.named(name, [_darr(x)], npd))
            else:
                with np.errstate(all="ignore"):
                    r = _w(np.asarray(npfn(_a(x).astype(npd, copy=False))).astype(npd, copy=False), npd)
            ctx.save_for_backward(x)
            ctx.out = r.detach()
            return r

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            from cyautograd.grad_mode import is_grad_enabled
            # NOTE [ Results in backward formulas ] in ops/extra2.py
            return grad(g, x, _U.apply(x) if is_grad_enabled() else ctx.out)

    def op(input, *, out=None):
        _check_tensor(input, f"special_{name}")
        if out is not None:
            return _write_out(f"special_{name}", op(input.detach()), out, input)
        return _U.apply(input)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


_SQRT_2PI = math.sqrt(2 * math.pi)
_SQRT_PI = math.sqrt(math.pi)


def _entr_np(a):
    with np.errstate(all="ignore"):
        r = -a * np.log(a)
    return np.where(a > 0, r, np.where(a == 0, 0.0, np.where(np.isnan(a), np.nan, -np.inf)))


entr = _unary("entr", "SpecialEntrBackward0", _entr_np, lambda g, x, o: g * -(1 + x.log()),
              """entr(input, *, out=None) -> Tensor

The elementwise entropy ``-x * log(x)`` (0 at 0, -inf for negative x).

>>> torch.special.entr(torch.tensor([0., 0.5, 1.]))
""")


def _erfcx_grad(g, x, o):
    return g * (2 * x * o - 2 / _SQRT_PI)


erfcx = _unary("erfcx", "SpecialErfcxBackward0", lambda a: _sp().erfcx(a), _erfcx_grad,
               """erfcx(input, *, out=None) -> Tensor

The scaled complementary error function ``exp(x**2) * erfc(x)``.

>>> torch.special.erfcx(torch.tensor([0., 1., 10.]))
""")
i0e = _unary("i0e", "SpecialI0EBackward0", lambda a: _sp().i0e(a), lambda g, x, o: g * (i1e(x) - x.sgn() * o),
             """i0e(input, *, out=None) -> Tensor

The exponentially scaled ``i0``: ``exp(-|x|) * i0(x)``.

>>> torch.special.i0e(torch.tensor([0., 1.]))
""")


def _i1_grad(g, x, o):
    safe = x.masked_fill(x == 0, 1)
    return g * (_x2.i0(x) - o / safe).masked_fill(x == 0, 0.5)


i1 = _unary("i1", "SpecialI1Backward0", lambda a: _sp().i1(a), _i1_grad,
            """i1(input, *, out=None) -> Tensor

The modified Bessel function of the first kind, order 1.

>>> torch.special.i1(torch.tensor([0., 1.]))
""")


def _i1e_grad(g, x, o):
    safe = x.masked_fill(x == 0, 1)
    return g * (i0e(x) - o * (x.sgn() + safe.reciprocal())).masked_fill(x == 0, 0.5)


i1e = _unary("i1e", "SpecialI1EBackward0", lambda a: _sp().i1e(a), _i1e_grad,
             """i1e(input, *, out=None) -> Tensor

The exponentially scaled ``i1``: ``exp(-|x|) * i1(x)``.

>>> torch.special.i1e(torch.tensor([0., 1.]))
""")
ndtri = _unary("ndtri", "SpecialNdtriBackward0", lambda a: _sp().ndtri(a),
               lambda g, x, o: g * _SQRT_2PI * (o * o / 2).exp(),
               """ndtri(input, *, out=None) -> Tensor

The inverse of the standard normal CDF (the quantile function), on (0, 1).

>>> torch.special.ndtri(torch.tensor([0.5, 0.975]))
""")
log_ndtr = _unary("log_ndtr", "SpecialLogNdtrBackward0", lambda a: _sp().log_ndtr(a),
                  lambda g, x, o: g * (-(x * x) / 2 - o).exp() / _SQRT_2PI,
                  """log_ndtr(input, *, out=None) -> Tensor

The log of the standard normal CDF, accurate far in the lower tail.

>>> torch.special.log_ndtr(torch.tensor([-10., 0., 3.]))
""")


def ndtr(input, *, out=None):
    """ndtr(input, *, out=None) -> Tensor

    The standard normal CDF ``(1 + erf(x / sqrt(2))) / 2``, a composite as in
    torch (integers give the default float dtype).

    >>> torch.special.ndtr(torch.tensor([-1., 0., 1.]))
    """
    _check_tensor(input, "special_ndtr")
    x = input if input.dtype.is_floating_point else input.to(_x2._D.get_default_dtype())
    r = _x2._mul_scalar(1 + _ops.erf(_x2._mul_scalar(x, math.sqrt(0.5))), 0.5)
    return r if out is None else _write_out("special_ndtr", r.detach(), out, input)


@_x2._named("SpecialXlog1PyBackward0", saved=("self", "other"))
class _Xlog1py(Function):
    @staticmethod
    def forward(ctx, a, b):
        rd = _x2._result_np(a, b, True)
        ctx.save_for_backward(a, b)
        if not (a.is_cpu and b.is_cpu):   # NOTE [ Special functions on the device ] (ops/_xp.py)
            from cyautograd.ops import _xp
            from cyautograd.ops.extra import _dargs, _dw
            return _dw(_xp.named("xlog1py", _dargs(a, b), rd.np))
        x, y = _x2._operand(a, rd.np), _x2._operand(b, rd.np)
        with np.errstate(all="ignore"):
            r = np.where(np.isnan(y), np.nan, np.where(x == 0, 0, x * np.log1p(y)))
        return _w(np.asarray(r).astype(rd.np), rd.np)

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        ga = gb = None
        if ctx.needs_input_grad[0]:
            ga = _sum_to(xlog1py(g, b).masked_fill((a == 0) & (b <= -1), 0), a.shape)
        if ctx.needs_input_grad[1]:
            gb = _sum_to(g * a / (b + 1), b.shape)
        return ga, gb


def xlog1py(input, other, *, out=None):
    """xlog1py(input, other, *, out=None) -> Tensor

    ``input * log1p(other)``, 0 where ``input`` is 0 (nan where ``other`` is nan).

    >>> torch.special.xlog1py(torch.tensor([0., 2.]), torch.tensor([-1., 3.]))
    """
    from cyautograd import tensor as _t
    from cyautograd.tensor import Tensor
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        raise TypeError("special_xlog1py() received an invalid combination of arguments")
    a = input if isinstance(input, Tensor) else _t(input, dtype=other.dtype if other.dtype.is_floating_point
                                                   else _x2._D.get_default_dtype())
    b = other if isinstance(other, Tensor) else _t(other, dtype=a.dtype if a.dtype.is_floating_point
                                                   else _x2._D.get_default_dtype())
    _x2._bcast_ok(a, b)
    r = _Xlog1py.apply(a, b)
    return r if out is None else _write_out("special_xlog1py", r.detach(), out, a, b)


@_x2._named("MvlgammaBackward0")
class _Mvlgamma(Function):
    @staticmethod
    def forward(ctx, x, p):
        ctx.save_for_backward(x)
        ctx.p = p
        if not x.is_cpu:   # NOTE [ Device backends ]: the same (..., p) terms, each step routed
            from cyautograd.ops.extra import _composite
            args = _mvlgamma_terms(p, x)
            return _composite(lambda t: _ops.lgamma(t.unsqueeze(-1) + args).sum(-1)
                              + p * (p - 1) / 4 * math.log(math.pi), x)
        a = _a(x)
        sp = _x2._need_sp("multigammaln")
        # NOTE [ multigammaln's terms as one array ]
        # torch sums lgamma(x + args) over args = arange(-(p - 1) / 2, 0.5, 0.5)
        # (x's dtype) as one (..., p) array: a huge p fails allocating it, in
        # the allocator's words, instead of looping p times (a hang here)
        args = _mvlgamma_args(p, a.dtype)
        from cyautograd.creation import _alloc
        t = _alloc(lambda shape, dt: np.empty(shape, dt), a.shape + (p,), a.dtype)
        np.add(a[..., None], args, out=t)
        with np.errstate(all="ignore"):
            r = sp.gammaln(t, out=t).sum(-1) + p * (p - 1) / 4 * math.log(math.pi)
        return _w(np.asarray(r).astype(a.dtype))

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        args = _mvlgamma_terms(ctx.p, x)
        return g * _x2.digamma(x.unsqueeze(-1) + args).sum(-1), None


def _mvlgamma_terms(p, x):
    """_mvlgamma_args as a tensor on x's device (a host constant moved once:
    a device x never goes through numpy)."""
    args = _w(_mvlgamma_args(p, x.dtype.np))
    return args if x.is_cpu else args.to(x.device)


def _mvlgamma_args(p, dtype):
    """-(p - 1) / 2, ..., -0.5, 0 in `dtype` (NOTE [ multigammaln's terms as one array ])."""
    from cyautograd.creation import _alloc
    args = _alloc(lambda shape, dt: np.arange(shape[0], dtype=dt), (p,), dtype)
    args *= 0.5
    args -= (p - 1) / 2
    return args


def multigammaln(input, p, *, out=None):
    """multigammaln(input, p, *, out=None) -> Tensor

    The multivariate log-gamma function of dimension ``p`` (``torch.mvlgamma``;
    torch checks no domain: at or below ``(p - 1) / 2`` it gives lgamma's values).

    >>> torch.special.multigammaln(torch.tensor([2.5, 3.]), 2)
    """
    _check_tensor(input, "special_multigammaln")
    if not isinstance(p, (int, np.integer)) or isinstance(p, bool):
        raise TypeError(f"special_multigammaln(): argument 'p' (position 2) must be int, not {type(p).__name__}")
    # torch.mvlgamma: an integral input in the default float dtype, no domain check
    from cyautograd.ops.tensor_methods import mvlgamma
    r = mvlgamma(input, int(p))
    return r if out is None else _write_out("special_multigammaln", r.detach(), out, input)
