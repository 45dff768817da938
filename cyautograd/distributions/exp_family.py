"""ExponentialFamily: distributions p(x; θ) = exp(<t(x), θ> - F(θ) + k(x)).
Their entropy and same-family KL follow from the log normalizer F by
autograd (Bregman divergence), as torch computes them."""
import cyautograd as _t
from cyautograd.distributions.distribution import Distribution
from cyautograd.distributions.utils import _size

__all__ = ["ExponentialFamily"]


class ExponentialFamily(Distribution):
    @property
    def _natural_params(self):
        raise NotImplementedError

    def _log_normalizer(self, *natural_params):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        result = -self._mean_carrier_measure
        nparams = [p.detach().requires_grad_() for p in self._natural_params]
        lg = self._log_normalizer(*nparams)
        grads = _t.autograd.grad(lg.sum(), nparams, create_graph=True)
        result = result + lg
        for p, g in zip(nparams, grads):
            result = result - (p * g).reshape(_size(self._batch_shape, (-1,))).sum(-1)
        return result
