"""Exponential(rate)."""
import numbers

import cyautograd as _t
from cyautograd.distributions import constraints
from cyautograd.distributions.exp_family import ExponentialFamily
from cyautograd.distributions.utils import broadcast_all

__all__ = ["Exponential"]


class Exponential(ExponentialFamily):
    arg_constraints = {"rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True
    _mean_carrier_measure = 0

    def __init__(self, rate, validate_args=None):
        (self.rate,) = broadcast_all(rate)
        super().__init__(_t.Size() if isinstance(rate, numbers.Number) else self.rate.size(),
                         validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expanded(Exponential, batch_shape, _instance, {"rate": ()})

    @property
    def mean(self):
        return self.rate.reciprocal()

    @property
    def mode(self):
        return _t.zeros_like(self.rate)

    @property
    def stddev(self):
        return self.rate.reciprocal()

    @property
    def variance(self):
        return self.rate.pow(-2)

    def rsample(self, sample_shape=_t.Size()):
        shape = self._extended_shape(sample_shape)
        return self.rate.new(shape).exponential_() / self.rate

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return self.rate.log() - self.rate * value

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return 1 - _t.exp(-self.rate * value)

    def icdf(self, value):
        return -_t.log1p(-value) / self.rate

    def entropy(self):
        return 1.0 - _t.log(self.rate)

    @property
    def _natural_params(self):
        return (-self.rate,)

    def _log_normalizer(self, x):
        return -_t.log(-x)
