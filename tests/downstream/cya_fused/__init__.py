"""A downstream extension written against cyautograd.capi."""
from cya_fused._fused import fused_mul_add, scale_, sum_versions  # noqa: F401
