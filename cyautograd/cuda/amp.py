"""torch.cuda.amp: the deprecated spellings of torch.amp's CUDA pieces, with
torch's FutureWarnings."""
import warnings

from cyautograd import amp as _amp

__all__ = ["GradScaler", "autocast", "custom_fwd", "custom_bwd"]


class GradScaler(_amp.GradScaler):
    """``torch.amp.GradScaler("cuda", ...)`` under its deprecated name."""

    def __init__(self, init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000,
                 enabled=True):
        warnings.warn("`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use "
                      "`torch.amp.GradScaler('cuda', args...)` instead.", FutureWarning, stacklevel=2)
        super().__init__("cuda", init_scale=init_scale, growth_factor=growth_factor,
                         backoff_factor=backoff_factor, growth_interval=growth_interval, enabled=enabled)


class autocast(_amp.autocast):
    """``torch.amp.autocast("cuda", ...)`` under its deprecated name."""

    def __init__(self, enabled=True, dtype=None, cache_enabled=True):
        import cyautograd
        warnings.warn("`torch.cuda.amp.autocast(args...)` is deprecated. Please use "
                      "`torch.amp.autocast('cuda', args...)` instead.", FutureWarning, stacklevel=2)
        super().__init__("cuda", enabled=enabled, dtype=cyautograd.float16 if dtype is None else dtype,
                         cache_enabled=cache_enabled)


def custom_fwd(fwd=None, *, cast_inputs=None):
    """``torch.amp.custom_fwd(device_type="cuda")`` under its deprecated name."""
    warnings.warn("`torch.cuda.amp.custom_fwd(args...)` is deprecated. Please use "
                  "`torch.amp.custom_fwd(args..., device_type='cuda')` instead.", FutureWarning, stacklevel=2)
    return _amp.custom_fwd(fwd, device_type="cuda", cast_inputs=cast_inputs)


def custom_bwd(bwd):
    """``torch.amp.custom_bwd(device_type="cuda")`` under its deprecated name."""
    warnings.warn("`torch.cuda.amp.custom_bwd(args...)` is deprecated. Please use "
                  "`torch.amp.custom_bwd(args..., device_type='cuda')` instead.", FutureWarning, stacklevel=2)
    return _amp.custom_bwd(bwd, device_type="cuda")
