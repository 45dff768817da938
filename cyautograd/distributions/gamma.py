"""Gamma(concentration, rate)."""
import numbers

import cyautograd as _t
from cyautograd.distributions import constraints
from cyautograd.distributions._gamma_sampler import _standard_gamma
from cyautograd.distributions.exp_family import ExponentialFamily
from cyautograd.distributions.utils import broadcast_all

__all__ = ["Gamma"]


class Gamma(ExponentialFamily):
    arg_constraints = {"concentration": constraints.positive, "rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True
    _mean_carrier_measure = 0

    def __init__(self, concentration, rate, validate_args=None):
        self.concentration, self.rate = broadcast_all(concentration, rate)
        scalar = isinstance(concentration, numbers.Number) and isinstance(rate, numbers.Number)
        super().__init__(_t.Size() if scalar else self.concentration.size(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expanded(Gamma, batch_shape, _instance, {"concentration": (), "rate": ()})

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def mode(self):
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def rsample(self, sample_shape=_t.Size()):
        shape = self._extended_shape(sample_shape)
        value = _standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)
        value.detach().clamp_(min=_t.finfo(value.dtype).tiny)   # never 0: log_prob stays finite
        return value

    def log_prob(self, value):
        value = _t.as_tensor(value, dtype=self.rate.dtype, device=self.rate.device)
        if self._validate_args:
            self._validate_sample(value)
        c, r = self.concentration, self.rate
        return _t.xlogy(c, r) + _t.xlogy(c - 1, value) - r * value - _t.lgamma(c)

    def entropy(self):
        c = self.concentration
        return c - _t.log(self.rate) + _t.lgamma(c) + (1.0 - c) * _t.digamma(c)

    @property
    def _natural_params(self):
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x, y):
        return _t.lgamma(x + 1) + (x + 1) * _t.log(-y.reciprocal())

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return _t.special.gammainc(self.concentration, self.rate * value)
