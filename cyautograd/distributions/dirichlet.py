"""Dirichlet(concentration): a point of the simplex over the last dim."""
import cyautograd as _t
from cyautograd.distributions import constraints
from cyautograd.distributions._gamma_sampler import _sample_dirichlet
from cyautograd.distributions.exp_family import ExponentialFamily

__all__ = ["Dirichlet"]


def _one_hot(idx, n):
    from cyautograd.nn.functional import one_hot
    return one_hot(idx, n)


class Dirichlet(ExponentialFamily):
    arg_constraints = {"concentration": constraints.independent(constraints.positive, 1)}
    support = constraints.simplex
    has_rsample = True

    def __init__(self, concentration, validate_args=None):
        if concentration.dim() < 1:
            raise ValueError("`concentration` parameter must be at least one-dimensional.")
        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:], validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expanded(Dirichlet, batch_shape, _instance, {"concentration": self.event_shape})

    def rsample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        # NOTE [ Gamma rsample gradient ]: normalised gamma draws
        return _sample_dirichlet(self.concentration.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        c = self.concentration
        return _t.xlogy(c - 1.0, value).sum(-1) + _t.lgamma(c.sum(-1)) - _t.lgamma(c).sum(-1)

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, True)

    @property
    def mode(self):
        cm1 = (self.concentration - 1).clamp(min=0.0)
        mode = cm1 / cm1.sum(-1, True)
        mask = (self.concentration < 1).all(dim=-1)
        mode[mask] = _one_hot(mode[mask].argmax(dim=-1), cm1.shape[-1]).to(mode)
        return mode

    @property
    def variance(self):
        c0 = self.concentration.sum(-1, True)
        return self.concentration * (c0 - self.concentration) / (c0.pow(2) * (c0 + 1))

    def entropy(self):
        c = self.concentration
        k = c.size(-1)
        a0 = c.sum(-1)
        return (_t.lgamma(c).sum(-1) - _t.lgamma(a0) - (k - a0) * _t.digamma(a0)
                - ((c - 1.0) * _t.digamma(c)).sum(-1))

    @property
    def _natural_params(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - _t.lgamma(x.sum(-1))
