"""kl_divergence(p, q) and register_kl: a registry of closed forms keyed by
(type(p), type(q)), looked up by the most specific registered pair of base
classes (torch's rule: order by p's class first, warn when p-first and
q-first orders disagree)."""
import functools
import math
import warnings

import cyautograd as _t
from cyautograd.distributions.bernoulli import Bernoulli
from cyautograd.distributions.beta import Beta
from cyautograd.distributions.binomial import Binomial
from cyautograd.distributions.categorical import Categorical
from cyautograd.distributions.dirichlet import Dirichlet
from cyautograd.distributions.distribution import Distribution
from cyautograd.distributions.exp_family import ExponentialFamily
from cyautograd.distributions.exponential import Exponential
from cyautograd.distributions.gamma import Gamma
from cyautograd.distributions.independent import Independent
from cyautograd.distributions.laplace import Laplace
from cyautograd.distributions.multivariate_normal import MultivariateNormal, _batch_mahalanobis
from cyautograd.distributions.normal import Normal
from cyautograd.distributions.one_hot_categorical import OneHotCategorical
from cyautograd.distributions.poisson import Poisson
from cyautograd.distributions.transformed_distribution import TransformedDistribution
from cyautograd.distributions.uniform import Uniform
from cyautograd.distributions.utils import _sum_rightmost, euler_constant

__all__ = ["register_kl", "kl_divergence"]

_KL_REGISTRY = {}   # (type_p, type_q) -> function: what was registered
_KL_MEMOIZE = {}    # (type(p), type(q)) -> function: resolved lookups


def register_kl(type_p, type_q):
    """Decorator registering ``fun(p, q)`` as KL(p || q) for p, q instances of
    (subclasses of) ``type_p``, ``type_q``."""
    if not isinstance(type_p, type) and issubclass(type_p, Distribution):
        raise TypeError(f"Expected type_p to be a Distribution subclass but got {type_p}")
    if not isinstance(type_q, type) and issubclass(type_q, Distribution):
        raise TypeError(f"Expected type_q to be a Distribution subclass but got {type_q}")

    def decorator(fun):
        _KL_REGISTRY[type_p, type_q] = fun
        _KL_MEMOIZE.clear()
        return fun
    return decorator


@functools.total_ordering
class _Match:
    """Orders registered type pairs lexicographically by subclass-ness."""
    __slots__ = ["types"]

    def __init__(self, *types):
        self.types = types

    def __eq__(self, other):
        return self.types == other.types

    def __le__(self, other):
        for x, y in zip(self.types, other.types):
            if not issubclass(x, y):
                return False
            if x is not y:
                break
        return True


def _dispatch_kl(type_p, type_q):
    matches = [(bp, bq) for bp, bq in _KL_REGISTRY if issubclass(type_p, bp) and issubclass(type_q, bq)]
    if not matches:
        return NotImplemented
    left_p, left_q = min(_Match(*m) for m in matches).types
    right_q, right_p = min(_Match(*reversed(m)) for m in matches).types
    left, right = _KL_REGISTRY[left_p, left_q], _KL_REGISTRY[right_p, right_q]
    if left is not right:
        warnings.warn(f"Ambiguous kl_divergence({type_p.__name__}, {type_q.__name__}). "
                      f"Please register_kl({left_p.__name__}, {right_q.__name__})",
                      RuntimeWarning, stacklevel=2)
    return left


def kl_divergence(p, q):
    """KL(p || q), batched over the distributions' batch shape."""
    try:
        fun = _KL_MEMOIZE[type(p), type(q)]
    except KeyError:
        fun = _dispatch_kl(type(p), type(q))
        _KL_MEMOIZE[type(p), type(q)] = fun
    if fun is NotImplemented:
        raise NotImplementedError(f"No KL(p || q) is implemented for p type {p.__class__.__name__} "
                                  f"and q type {q.__class__.__name__}")
    return fun(p, q)


def _infinite_like(t):
    return _t.full_like(t, _t.inf)


def _batch_trace_XXT(bmat):
    n, m = bmat.size(-1), bmat.size(-2)
    return bmat.reshape(-1, m * n).pow(2).sum(-1).reshape(tuple(bmat.shape[:-2]))


def _softplus(x):
    from cyautograd.nn.functional import softplus
    return softplus(x)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p, q):
    t1 = p.probs * (_softplus(-q.logits) - _softplus(-p.logits))
    t1[q.probs == 0] = _t.inf
    t1[p.probs == 0] = 0
    t2 = (1 - p.probs) * (_softplus(q.logits) - _softplus(p.logits))
    t2[q.probs == 1] = _t.inf
    t2[p.probs == 1] = 0
    return t1 + t2


@register_kl(Beta, Beta)
def _kl_beta_beta(p, q):
    sp = p.concentration1 + p.concentration0
    sq = q.concentration1 + q.concentration0
    t1 = q.concentration1.lgamma() + q.concentration0.lgamma() + sp.lgamma()
    t2 = p.concentration1.lgamma() + p.concentration0.lgamma() + sq.lgamma()
    t3 = (p.concentration1 - q.concentration1) * _t.digamma(p.concentration1)
    t4 = (p.concentration0 - q.concentration0) * _t.digamma(p.concentration0)
    t5 = (sq - sp) * _t.digamma(sp)
    return t1 - t2 + t3 + t4 + t5


@register_kl(Binomial, Binomial)
def _kl_binomial_binomial(p, q):
    if (p.total_count < q.total_count).any():
        raise NotImplementedError("KL between Binomials where q.total_count > p.total_count is not implemented")
    kl = p.total_count * (p.probs * (p.logits - q.logits) + (-p.probs).log1p() - (-q.probs).log1p())
    inf_idxs = p.total_count > q.total_count
    kl[inf_idxs] = _infinite_like(kl[inf_idxs])
    return kl


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p, q):
    t = p.probs * (p.logits - q.logits)
    t[(q.probs == 0).expand_as(t)] = _t.inf
    t[(p.probs == 0).expand_as(t)] = 0
    return t.sum(-1)


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p, q):
    sum_p = p.concentration.sum(-1)
    sum_q = q.concentration.sum(-1)
    t1 = sum_p.lgamma() - sum_q.lgamma()
    t2 = (p.concentration.lgamma() - q.concentration.lgamma()).sum(-1)
    t3 = p.concentration - q.concentration
    t4 = p.concentration.digamma() - sum_p.digamma().unsqueeze(-1)
    return t1 - t2 + (t3 * t4).sum(-1)


@register_kl(Exponential, Exponential)
def _kl_exponential_exponential(p, q):
    ratio = q.rate / p.rate
    return -ratio.log() + ratio - 1


@register_kl(ExponentialFamily, ExponentialFamily)
def _kl_expfamily_expfamily(p, q):
    if type(p) is not type(q):
        raise NotImplementedError("The cross KL-divergence between different exponential families cannot \
                            be computed using Bregman divergences")
    p_np = [n.detach().requires_grad_() for n in p._natural_params]
    q_np = q._natural_params
    lg = p._log_normalizer(*p_np)
    grads = _t.autograd.grad(lg.sum(), p_np, create_graph=True)
    result = q._log_normalizer(*q_np) - lg
    for pn, qn, g in zip(p_np, q_np, grads):
        result = result - _sum_rightmost((qn - pn) * g, len(q.event_shape))
    return result


@register_kl(Gamma, Gamma)
def _kl_gamma_gamma(p, q):
    t1 = q.concentration * (p.rate / q.rate).log()
    t2 = _t.lgamma(q.concentration) - _t.lgamma(p.concentration)
    t3 = (p.concentration - q.concentration) * _t.digamma(p.concentration)
    t4 = (q.rate - p.rate) * (p.concentration / p.rate)
    return t1 + t2 + t3 + t4


@register_kl(Laplace, Laplace)
def _kl_laplace_laplace(p, q):
    scale_ratio = p.scale / q.scale
    loc_abs_diff = (p.loc - q.loc).abs()
    return -scale_ratio.log() + loc_abs_diff / q.scale + scale_ratio * _t.exp(-loc_abs_diff / p.scale) - 1


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_mvn_mvn(p, q):
    if p.event_shape != q.event_shape:
        raise ValueError("KL-divergence between two Multivariate Normals with\
                          different event shapes cannot be computed")
    Lp, Lq = p._unbroadcasted_scale_tril, q._unbroadcasted_scale_tril
    half_term1 = (Lq.diagonal(dim1=-2, dim2=-1).log().sum(-1)
                  - Lp.diagonal(dim1=-2, dim2=-1).log().sum(-1))
    batch = tuple(_t.broadcast_shapes(Lq.shape[:-2], Lp.shape[:-2]))
    n = p.event_shape[0]
    term2 = _batch_trace_XXT(_t.linalg.solve_triangular(Lq.expand(batch + (n, n)),
                                                        Lp.expand(batch + (n, n)), upper=False))
    term3 = _batch_mahalanobis(Lq, q.loc - p.loc)
    return half_term1 + 0.5 * (term2 + term3 - n)


@register_kl(Normal, Normal)
def _kl_normal_normal(p, q):
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


@register_kl(OneHotCategorical, OneHotCategorical)
def _kl_onehotcategorical_onehotcategorical(p, q):
    return _kl_categorical_categorical(p._categorical, q._categorical)


@register_kl(Poisson, Poisson)
def _kl_poisson_poisson(p, q):
    return p.rate * (p.rate.log() - q.rate.log()) - (p.rate - q.rate)


@register_kl(TransformedDistribution, TransformedDistribution)
def _kl_transformed_transformed(p, q):
    # the same (bijective) transforms on both sides leave the divergence of the bases
    if p.transforms != q.transforms:
        raise NotImplementedError
    if p.event_shape != q.event_shape:
        raise NotImplementedError
    return kl_divergence(p.base_dist, q.base_dist)


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p, q):
    result = ((q.high - q.low) / (p.high - p.low)).log()
    result[(q.low > p.low) | (q.high < p.high)] = _t.inf
    return result


@register_kl(Bernoulli, Poisson)
def _kl_bernoulli_poisson(p, q):
    return -p.entropy() - (p.probs * q.rate.log() - q.rate)


@register_kl(Independent, Independent)
def _kl_independent_independent(p, q):
    if p.reinterpreted_batch_ndims != q.reinterpreted_batch_ndims:
        raise NotImplementedError
    return _sum_rightmost(kl_divergence(p.base_dist, q.base_dist), p.reinterpreted_batch_ndims)


# -- between families: closed forms from E_p[log p] = -H(p) and E_p[log q];
# infinite where p's support is not inside q's

def _x_log_x(t):
    return _t.special.xlogy(t, t)   # 0 at t == 0


def _kl_infinite(attr):
    def fun(p, q):
        return _infinite_like(getattr(p, attr))
    return fun


for _p_type, _attr, _q_types in ((Exponential, "rate", (Beta, Uniform)),
                                 (Gamma, "concentration", (Beta, Uniform)),
                                 (Laplace, "loc", (Beta, Exponential, Gamma, Uniform)),
                                 (Normal, "loc", (Beta, Exponential, Gamma, Uniform)),
                                 (Poisson, "rate", (Bernoulli, Binomial))):
    for _q_type in _q_types:
        register_kl(_p_type, _q_type)(_kl_infinite(_attr))
del _p_type, _attr, _q_types, _q_type


@register_kl(Beta, Exponential)
def _kl_beta_exponential(p, q):
    return -p.entropy() - q.rate.log() + q.rate * (p.concentration1 / (p.concentration1 + p.concentration0))


@register_kl(Beta, Gamma)
def _kl_beta_gamma(p, q):
    a, b = p.concentration1, p.concentration0
    t2 = q.concentration.lgamma() - q.concentration * q.rate.log()
    t3 = (q.concentration - 1) * (a.digamma() - (a + b).digamma())
    return -p.entropy() + t2 - t3 + q.rate * a / (a + b)


@register_kl(Beta, Normal)
def _kl_beta_normal(p, q):
    a, b = p.concentration1, p.concentration0
    m = a / (a + b)
    var = q.scale.pow(2)
    t2 = 0.5 * (var * 2 * math.pi).log()
    t3 = (m * (1 - m) / (a + b + 1) + m.pow(2)) * 0.5
    return -p.entropy() + t2 + (t3 - q.loc * m + q.loc.pow(2) * 0.5) / var


@register_kl(Beta, Uniform)
def _kl_beta_uniform(p, q):
    result = -p.entropy() + (q.high - q.low).log()
    result[(q.low > p.support.lower_bound) | (q.high < p.support.upper_bound)] = _t.inf
    return result


@register_kl(Exponential, Gamma)
def _kl_exponential_gamma(p, q):
    ratio = q.rate / p.rate
    return (-q.concentration * _t.log(ratio) + ratio + q.concentration.lgamma()
            + q.concentration * euler_constant - (1 + euler_constant))


@register_kl(Exponential, Normal)
def _kl_exponential_normal(p, q):
    var = q.scale.pow(2)
    r2 = p.rate.pow(2)
    t1 = 0.5 * _t.log(r2 * var * 2 * math.pi)
    return t1 - 1 + (r2.reciprocal() - q.loc / p.rate + q.loc.pow(2) * 0.5) / var


@register_kl(Gamma, Exponential)
def _kl_gamma_exponential(p, q):
    return -p.entropy() - q.rate.log() + q.rate * p.concentration / p.rate


@register_kl(Gamma, Normal)
def _kl_gamma_normal(p, q):
    c = p.concentration
    var = q.scale.pow(2)
    b2 = p.rate.pow(2)
    t1 = 0.5 * _t.log(b2 * var * 2 * math.pi) - c - c.lgamma()
    t2 = 0.5 * (c.pow(2) + c) / b2
    t3 = q.loc * c / p.rate
    return t1 + (c - 1) * c.digamma() + (t2 - t3 + 0.5 * q.loc.pow(2)) / var


@register_kl(Laplace, Normal)
def _kl_laplace_normal(p, q):
    var = q.scale.pow(2)
    ratio = p.scale.pow(2) / var
    t1 = 0.5 * _t.log(2 * ratio / math.pi)
    return -t1 + ratio + (0.5 * p.loc.pow(2) - p.loc * q.loc + 0.5 * q.loc.pow(2)) / var - 1


@register_kl(Normal, Laplace)
def _kl_normal_laplace(p, q):
    d = p.loc - q.loc
    t1 = _t.log(p.scale / q.scale)
    t2 = math.sqrt(2 / math.pi) * p.scale * _t.exp(-0.5 * (d / p.scale).pow(2))
    t3 = d * _t.erf(math.sqrt(0.5) * (d / p.scale))
    return -t1 + (t2 + t3) / q.scale - (0.5 * (1 + math.log(0.5 * math.pi)))


@register_kl(Uniform, Beta)
def _kl_uniform_beta(p, q):
    w = p.high - p.low
    t1 = _t.log(w)
    t2 = (q.concentration1 - 1) * (_x_log_x(p.high) - _x_log_x(p.low) - w) / w
    t3 = (q.concentration0 - 1) * (_x_log_x(1 - p.high) - _x_log_x(1 - p.low) + w) / w
    t4 = (q.concentration1.lgamma() + q.concentration0.lgamma()
          - (q.concentration1 + q.concentration0).lgamma())
    result = t3 + t4 - t1 - t2
    result[(p.high > q.support.upper_bound) | (p.low < q.support.lower_bound)] = _t.inf
    return result


@register_kl(Uniform, Exponential)
def _kl_uniform_exponential(p, q):
    result = q.rate * (p.high + p.low) / 2 - ((p.high - p.low) * q.rate).log()
    result[p.low < q.support.lower_bound] = _t.inf
    return result


@register_kl(Uniform, Gamma)
def _kl_uniform_gamma(p, q):
    w = p.high - p.low
    t2 = q.concentration.lgamma() - q.concentration * q.rate.log()
    t3 = (1 - q.concentration) * (_x_log_x(p.high) - _x_log_x(p.low) - w) / w
    result = -w.log() + t2 + t3 + q.rate * (p.high + p.low) / 2
    result[p.low < q.support.lower_bound] = _t.inf
    return result


@register_kl(Uniform, Normal)
def _kl_uniform_normal(p, q):
    w = p.high - p.low
    t1 = (math.sqrt(math.pi * 2) * q.scale / w).log()
    t2 = w.pow(2) / 12
    t3 = ((p.high + p.low - 2 * q.loc) / 2).pow(2)
    return t1 + 0.5 * (t2 + t3) / q.scale.pow(2)
