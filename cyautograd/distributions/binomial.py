"""Binomial(total_count, probs | logits)."""
import numpy as np

import cyautograd as _t
from cyautograd.distributions import constraints
from cyautograd.distributions.distribution import Distribution
from cyautograd.distributions.utils import (broadcast_all, lazy_property, logits_to_probs,
                                            probs_to_logits)

__all__ = ["Binomial"]


def _clamp_by_zero(x):
    # max(x, 0) with gradient 1/2 at 0 (as torch: so logits == 0 is smooth)
    return (x.clamp(min=0) + x - x.clamp(max=0)) / 2


def _draw_binomial(count, probs):
    """Binomial draws with numpy's sampler seeded from cyautograd's generator
    (as cyautograd.poisson does: torch's CPU sampler is not reproduced)."""
    from cyautograd.distributions._gamma_sampler import _host_rng, _on_device_of
    n = count.detach().cpu().numpy()
    p = probs.detach().cpu().numpy()
    draws = np.asarray(_host_rng(probs, "binomial").binomial(n.astype(np.int64), np.clip(p, 0, 1)))
    return _on_device_of(probs, draws.astype(p.dtype))


class Binomial(Distribution):
    arg_constraints = {"total_count": constraints.nonnegative_integer,
                       "probs": constraints.unit_interval, "logits": constraints.real}
    has_enumerate_support = True

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            self.total_count, self.probs = broadcast_all(total_count, probs)
            self.total_count = self.total_count.type_as(self.probs)
        else:
            self.total_count, self.logits = broadcast_all(total_count, logits)
            self.total_count = self.total_count.type_as(self.logits)
        self._param = self.probs if probs is not None else self.logits
        super().__init__(self._param.size(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._expanded(Binomial, batch_shape, _instance,
                             {"total_count": (), "probs": (), "logits": ()})
        new._param = new.__dict__["logits" if "logits" in self.__dict__ else "probs"]
        return new

    def _new(self, *args, **kwargs):
        return self._param.new(*args, **kwargs)

    @constraints.dependent_property(is_discrete=True, event_dim=0)
    def support(self):
        return constraints.integer_interval(0, self.total_count)

    @property
    def mean(self):
        return self.total_count * self.probs

    @property
    def mode(self):
        return ((self.total_count + 1) * self.probs).floor().clamp(max=self.total_count)

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        return logits_to_probs(self.logits, is_binary=True)

    @property
    def param_shape(self):
        return self._param.size()

    def sample(self, sample_shape=_t.Size()):
        shape = self._extended_shape(sample_shape)
        with _t.no_grad():
            return _draw_binomial(self.total_count.expand(shape), self.probs.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        n = self.total_count
        normalize = (n * _clamp_by_zero(self.logits) + n * _t.log1p(_t.exp(-_t.abs(self.logits)))
                     - _t.lgamma(n + 1))
        return value * self.logits - _t.lgamma(value + 1) - _t.lgamma(n - value + 1) - normalize

    def _homogeneous_count(self, what):
        total = int(self.total_count.max())
        if not self.total_count.min() == total:
            raise NotImplementedError(f"Inhomogeneous total count not supported by `{what}`.")
        return total

    def entropy(self):
        self._homogeneous_count("entropy")
        log_prob = self.log_prob(self.enumerate_support(False))
        return -(_t.exp(log_prob) * log_prob).sum(0)

    def enumerate_support(self, expand=True):
        total = self._homogeneous_count("enumerate_support")
        values = _t.arange(1 + total, dtype=self._param.dtype, device=self._param.device)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + tuple(self._batch_shape))
        return values
