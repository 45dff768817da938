"""The Distribution base class (torch.distributions.Distribution).

NOTE [ Distribution shapes ]
A distribution has a ``batch_shape`` (independent, differently parametrised
copies) and an ``event_shape`` (the shape of one draw: () for scalar
distributions, (k,) for Categorical-over-one-hot, Dirichlet, MultivariateNormal).
``sample(sample_shape)`` returns ``sample_shape + batch_shape + event_shape``;
``log_prob(value)`` reduces the event dims and broadcasts the rest. Sampling
draws from cyautograd's generators, whose streams differ from torch's by
design; every deterministic quantity (log_prob, entropy, cdf, moments, kl and
their gradients) follows torch's formulas and so its values.
"""
import warnings

import cyautograd as _t
from cyautograd.distributions import constraints
from cyautograd.distributions.utils import _size, lazy_property

__all__ = ["Distribution"]


class Distribution:
    """The abstract base class for probability distributions."""
    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value):
        """Turn argument validation on or off for every distribution made
        without ``validate_args`` (on by default, off under ``python -O``)."""
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=_t.Size(), event_shape=_t.Size(), validate_args=None):
        # Size() again: slices and sums of a cyautograd Size are plain tuples
        self._batch_shape = _t.Size(batch_shape)
        self._event_shape = _t.Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            try:
                arg_constraints = self.arg_constraints
            except NotImplementedError:
                arg_constraints = {}
                warnings.warn(f"{self.__class__} does not define `arg_constraints`. "
                              "Please set `arg_constraints = {}` or initialize the distribution "
                              "with `validate_args=False` to turn off validation.", stacklevel=2)
            for param, constraint in arg_constraints.items():
                if constraints.is_dependent(constraint):
                    continue
                if param not in self.__dict__ and isinstance(getattr(type(self), param), lazy_property):
                    continue   # not built yet: the parameter it derives from was checked
                value = getattr(self, param)
                if not bool(constraint.check(value).all()):
                    raise ValueError(
                        f"Expected parameter {param} ({type(value).__name__} of shape "
                        f"{tuple(value.shape)}) of distribution {self!r} to satisfy the constraint "
                        f"{constraint!r}, but found invalid values:\n{value}")
        super().__init__()

    def expand(self, batch_shape, _instance=None):
        """A new distribution with batch dims expanded to ``batch_shape``
        (parameters are expanded views, nothing is re-validated)."""
        raise NotImplementedError

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def arg_constraints(self):
        raise NotImplementedError

    @property
    def support(self):
        raise NotImplementedError

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def mode(self):
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=_t.Size()):
        """A draw of shape sample_shape + batch_shape + event_shape, without grad."""
        with _t.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=_t.Size()):
        """A reparameterized draw: differentiable in the parameters."""
        raise NotImplementedError

    def sample_n(self, n):
        warnings.warn("`sample_n(n)` will be deprecated. Use `sample((n,))` instead.",
                      FutureWarning, stacklevel=2)
        return self.sample(_t.Size((n,)))

    def log_prob(self, value):
        raise NotImplementedError

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def perplexity(self):
        return _t.exp(self.entropy())

    def _extended_shape(self, sample_shape=_t.Size()):
        return _size(sample_shape, self._batch_shape, self._event_shape)

    def _validate_sample(self, value):
        """torch's checks of a value given to log_prob/cdf: a Tensor, whose
        rightmost dims are event_shape, broadcastable with the batch, inside
        the support."""
        if not isinstance(value, _t.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        start = len(value.size()) - len(self._event_shape)
        if _t.Size(value.size()[start:]) != self._event_shape:
            raise ValueError("The right-most size of value must match event_shape: "
                             f"{value.size()} vs {self._event_shape}.")
        actual = value.size()
        expected = _size(self._batch_shape, self._event_shape)
        for i, j in zip(reversed(actual), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError("Value is not broadcastable with batch_shape+event_shape: "
                                 f"{actual} vs {expected}.")
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(f"{self.__class__} does not define `support` to enable sample validation. "
                          "Please initialize the distribution with `validate_args=False` to turn off "
                          "validation.", stacklevel=2)
            return
        if support is None:
            raise AssertionError("support is unexpectedly None")
        if not bool(support.check(value).all()):
            raise ValueError(f"Expected value argument ({type(value).__name__} of shape "
                             f"{tuple(value.shape)}) to be within the support ({support!r}) of the "
                             f"distribution {self!r}, but found invalid values:\n{value}")

    def _get_checked_instance(self, cls, _instance=None):
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom "
                "__init__ method must also define a custom .expand() method.")
        return self.__new__(type(self)) if _instance is None else _instance

    def _expanded(self, cls, batch_shape, _instance, params, event_shape=None):
        """expand() of a distribution whose parameters are ``params``
        (name -> trailing non-batch shape), those present on self."""
        new = self._get_checked_instance(cls, _instance)
        batch_shape = _t.Size(batch_shape)
        for name, tail in params.items():
            if name in self.__dict__:
                setattr(new, name, getattr(self, name).expand(_size(batch_shape, tail)))
        Distribution.__init__(new, batch_shape, self._event_shape if event_shape is None else event_shape,
                              validate_args=False)
        new._validate_args = self._validate_args
        return new

    def __repr__(self):
        names = [k for k in self.arg_constraints if k in self.__dict__]
        args = ", ".join(f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
                         for p in names)
        return type(self).__name__ + "(" + args + ")"
