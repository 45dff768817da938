"""A downstream extension written against cyautograd.capi."""
from cya_fused._fused import fused_mul_add, gelu_tanh, scale_, sum_versions  # noqa: F401
