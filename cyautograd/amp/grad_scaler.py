"""torch.amp.GradScaler: dynamic loss scaling, with torch's update rule and
errors. It works on every device here (on the CPU too, as torch's
``GradScaler("cpu")``); a CUDA scaler on a machine without a working device
disables itself with torch's warning, as torch's does."""
import math
import warnings
from collections import defaultdict
from enum import Enum

import numpy as np


class OptState(Enum):
    READY = 0
    UNSCALED = 1
    STEPPED = 2


def _refresh_per_optimizer_state():
    return {"stage": OptState.READY, "found_inf_per_device": {}}


class GradScaler:
    """Scales a loss before backward so small float16 gradients do not
    underflow, unscales the gradients before the optimizer step (skipping the
    step when any is inf or NaN), and grows or backs off the scale (torch's
    ``_amp_update_scale_`` rule).

    >>> scaler = torch.amp.GradScaler("cpu"); scaler.get_scale()
    """

    def __init__(self, device="cuda", init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5,
                 growth_interval=2000, enabled=True):
        self._device = device
        self._enabled = enabled
        if self._device == "cuda":
            import cyautograd
            if enabled and not cyautograd.cuda.is_available():
                warnings.warn("torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.",
                              stacklevel=2)
                self._enabled = False
        if self._enabled:
            if growth_factor <= 1.0:
                raise AssertionError("The growth factor must be > 1.0.")
            if backoff_factor >= 1.0:
                raise AssertionError("The backoff factor must be < 1.0.")
            self._init_scale = init_scale
            self._scale = None            # made on the first scale(), on the outputs' device
            self._growth_factor = growth_factor
            self._backoff_factor = backoff_factor
            self._growth_interval = growth_interval
            self._init_growth_tracker = 0
            self._growth_tracker = None
            self._per_optimizer_states = defaultdict(_refresh_per_optimizer_state)

    def _lazy_init_scale_growth_tracker(self, dev):
        import cyautograd
        self._scale = cyautograd.full((), self._init_scale, dtype=cyautograd.float32, device=dev)
        self._growth_tracker = cyautograd.full((), self._init_growth_tracker, dtype=cyautograd.int32, device=dev)

    def scale(self, outputs):
        """outputs (a tensor or nested lists/tuples of tensors) times the scale."""
        import cyautograd
        if not self._enabled:
            return outputs

        def apply(val):
            if isinstance(val, cyautograd.Tensor):
                if self._scale is None:
                    self._lazy_init_scale_growth_tracker(val.device)
                return val * self._scale.to(device=val.device)
            if isinstance(val, (list, tuple)):
                return type(val)(map(apply, val))
            if hasattr(val, "__iter__"):
                return map(apply, val)
            raise ValueError("outputs must be a Tensor or an iterable of Tensors")
        return apply(outputs)

    def _check_scale_growth_tracker(self, funcname):
        fix = "This may indicate your script did not use scaler.scale(loss or outputs) earlier in the iteration."
        if self._scale is None:
            raise AssertionError(f"Attempted {funcname} but _scale is None.  " + fix)
        if self._growth_tracker is None:
            raise AssertionError(f"Attempted {funcname} but _growth_tracker is None.  " + fix)
        return self._scale, self._growth_tracker

    def _unscale_grads_(self, optimizer, inv_scale, allow_fp16):
        """Every gradient times inv_scale, in place; per device, a 0-d float32
        1.0 when any gradient there has an inf or NaN (torch's
        _amp_foreach_non_finite_check_and_unscale_)."""
        import cyautograd
        found = {}
        with cyautograd.no_grad():
            for group in optimizer.param_groups:
                for param in group["params"]:
                    if not isinstance(param, cyautograd.Tensor):
                        raise AssertionError(f"expected param to be torch.Tensor, got {type(param).__name__}")
                    g = param.grad
                    if g is None:
                        continue
                    if not allow_fp16 and g.dtype is cyautograd.float16:
                        raise ValueError("Attempting to unscale FP16 gradients.")
                    dev = g.device
                    if dev not in found:
                        found[dev] = cyautograd.full((), 0.0, dtype=cyautograd.float32, device=dev)
                    if not bool(g.isfinite().all()):
                        found[dev].fill_(1.0)
                    g.mul_(inv_scale.to(device=dev))
        return found

    def unscale_(self, optimizer):
        """Divides optimizer's gradients by the scale, once per step (before
        clipping them, say), recording whether any is inf or NaN."""
        if not self._enabled:
            return
        self._check_scale_growth_tracker("unscale_")
        state = self._per_optimizer_states[id(optimizer)]
        if state["stage"] is OptState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        elif state["stage"] is OptState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        inv_scale = self._scale.double().reciprocal().float()
        state["found_inf_per_device"] = self._unscale_grads_(optimizer, inv_scale, False)
        state["stage"] = OptState.UNSCALED

    def step(self, optimizer, *args, **kwargs):
        """optimizer.step(*args, **kwargs) unless a gradient was inf or NaN
        (unscaling first if unscale_ was not called); returns step's result."""
        if not self._enabled:
            return optimizer.step(*args, **kwargs)
        if "closure" in kwargs:
            raise RuntimeError("Closure use is not currently supported if GradScaler is enabled.")
        self._check_scale_growth_tracker("step")
        state = self._per_optimizer_states[id(optimizer)]
        if state["stage"] is OptState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if state["stage"] is OptState.READY:
            self.unscale_(optimizer)
        if len(state["found_inf_per_device"]) == 0:
            raise AssertionError("No inf checks were recorded for this optimizer.")
        retval = None
        if not sum(v.item() for v in state["found_inf_per_device"].values()):
            retval = optimizer.step(*args, **kwargs)
        state["stage"] = OptState.STEPPED
        return retval

    def update(self, new_scale=None):
        """Backs the scale off after a step with inf/NaN gradients, grows it
        after growth_interval clean steps (or sets new_scale)."""
        if not self._enabled:
            return
        _scale, _growth_tracker = self._check_scale_growth_tracker("update")
        if new_scale is not None:
            if isinstance(new_scale, float):
                self._scale.fill_(new_scale)
            else:
                reason = ("new_scale should be a float or a 1-element torch.cuda.FloatTensor or "
                          "torch.FloatTensor with requires_grad=False.")
                if new_scale.device.type != self._device:
                    raise AssertionError(reason)
                if new_scale.numel() != 1:
                    raise AssertionError(reason)
                if new_scale.requires_grad is True:
                    raise AssertionError(reason)
                self._scale.copy_(new_scale)
        else:
            found = [f for st in self._per_optimizer_states.values() for f in st["found_inf_per_device"].values()]
            if len(found) == 0:
                raise AssertionError("No inf checks were recorded prior to update.")
            self._update_scale(sum(f.item() for f in found) != 0)
        self._per_optimizer_states = defaultdict(_refresh_per_optimizer_state)

    def _update_scale(self, found_inf):
        # torch's _amp_update_scale_: float32 scale, int32 tracker
        scale = float(self._scale.item())
        tracker = int(self._growth_tracker.item())
        if found_inf:
            self._scale.fill_(float(np.float32(scale * self._backoff_factor)))
            self._growth_tracker.fill_(0)
            return
        successful = tracker + 1
        if successful == self._growth_interval:
            grown = np.float32(scale * self._growth_factor)
            if math.isfinite(float(grown)):
                self._scale.fill_(float(grown))
            self._growth_tracker.fill_(0)
        else:
            self._growth_tracker.fill_(successful)

    def _get_scale_async(self):
        return self._scale

    def get_scale(self):
        """The current scale as a Python float (1.0 when disabled)."""
        if self._enabled:
            return self._init_scale if self._scale is None else float(self._scale.item())
        return 1.0

    def get_growth_factor(self):
        """The factor the scale grows by after growth_interval clean steps."""
        return self._growth_factor

    def set_growth_factor(self, new_factor):
        """Sets the growth factor."""
        self._growth_factor = new_factor

    def get_backoff_factor(self):
        """The factor the scale shrinks by after a step with inf/NaN gradients."""
        return self._backoff_factor

    def set_backoff_factor(self, new_factor):
        """Sets the backoff factor."""
        self._backoff_factor = new_factor

    def get_growth_interval(self):
        """The number of clean steps between growths."""
        return self._growth_interval

    def set_growth_interval(self, new_interval):
        """Sets the growth interval."""
        self._growth_interval = new_interval

    def _get_growth_tracker(self):
        if self._enabled:
            return self._init_growth_tracker if self._growth_tracker is None else int(self._growth_tracker.item())
        return 0

    def is_enabled(self):
        """Whether this scaler scales (False after disabling itself)."""
        return self._enabled

    def state_dict(self):
        """scale, growth_factor, backoff_factor, growth_interval and
        _growth_tracker ({} when disabled)."""
        if self._enabled:
            return {"scale": self.get_scale(), "growth_factor": self._growth_factor,
                    "backoff_factor": self._backoff_factor, "growth_interval": self._growth_interval,
                    "_growth_tracker": self._get_growth_tracker()}
        return {}

    def load_state_dict(self, state_dict):
        """Restores a state_dict() of an enabled scaler."""
        if not self._enabled:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The source state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._init_scale = state_dict["scale"]
        if self._scale is not None:
            self._scale.fill_(state_dict["scale"])
        self._growth_factor = state_dict["growth_factor"]
        self._backoff_factor = state_dict["backoff_factor"]
        self._growth_interval = state_dict["growth_interval"]
        self._init_growth_tracker = state_dict["_growth_tracker"]
        if self._growth_tracker is not None:
            self._growth_tracker.fill_(state_dict["_growth_tracker"])
