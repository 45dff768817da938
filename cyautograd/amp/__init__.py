"""cyautograd.amp, shaped like torch.amp: ``GradScaler`` (loss scaling with
torch's update rule, real on every device) and ``autocast`` (NOTE [ autocast ]
in autocast_mode.py: a disabled region everywhere this library can honour it)."""
from cyautograd.amp.autocast_mode import (autocast, custom_bwd, custom_fwd,  # noqa: F401
                                          is_autocast_available)
from cyautograd.amp.grad_scaler import GradScaler  # noqa: F401

__all__ = ["autocast", "custom_bwd", "custom_fwd", "is_autocast_available", "GradScaler"]
