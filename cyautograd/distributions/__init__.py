"""torch.distributions: parameterizable probability distributions and
sampling, written over cyautograd's Tensor ops so that log_prob, entropy,
cdf, kl_divergence and rsample are differentiable in the parameters.
See NOTE [ Distribution shapes ] in distribution.py."""
from cyautograd.distributions import constraints
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
from cyautograd.distributions.kl import kl_divergence, register_kl
from cyautograd.distributions.laplace import Laplace
from cyautograd.distributions.log_normal import LogNormal
from cyautograd.distributions.multivariate_normal import MultivariateNormal
from cyautograd.distributions.normal import Normal
from cyautograd.distributions.one_hot_categorical import (OneHotCategorical,
                                                          OneHotCategoricalStraightThrough)
from cyautograd.distributions.poisson import Poisson
from cyautograd.distributions.transformed_distribution import TransformedDistribution
from cyautograd.distributions.transforms import (AffineTransform, ComposeTransform, ExpTransform,
                                                 SigmoidTransform, Transform, identity_transform)
from cyautograd.distributions.uniform import Uniform
from cyautograd.distributions import kl, transforms, utils  # noqa: F401

__all__ = ["Bernoulli", "Beta", "Binomial", "Categorical", "Dirichlet", "Distribution",
           "ExponentialFamily", "Exponential", "Gamma", "Independent", "Laplace", "LogNormal",
           "MultivariateNormal", "Normal", "OneHotCategorical", "OneHotCategoricalStraightThrough",
           "Poisson", "TransformedDistribution", "Uniform", "constraints", "kl_divergence", "register_kl",
           "Transform", "AffineTransform", "ComposeTransform", "ExpTransform", "SigmoidTransform",
           "identity_transform", "transforms"]
