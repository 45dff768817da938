"""cyautograd.autograd.anomaly_mode, shaped like torch.autograd.anomaly_mode
(NOTE [ Anomaly mode ] in graph.pyx)."""
import warnings

from cyautograd.graph import _set_anomaly_enabled, is_anomaly_check_nan_enabled, is_anomaly_enabled

__all__ = ["detect_anomaly", "set_detect_anomaly"]


class detect_anomaly:
    """Context manager (and decorator) that enables anomaly detection: the
    forward traceback of a node that fails in backward is printed, and
    (check_nan) a backward output holding NaN raises."""

    def __init__(self, check_nan=True):
        self.prev = is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = is_anomaly_check_nan_enabled()
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime and should "
                      "only be enabled for debugging.", stacklevel=2)

    def __enter__(self):
        _set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args):
        _set_anomaly_enabled(self.prev, self.prev_check_nan)

    def __call__(self, func):
        def wrapper(*args, **kwargs):
            with self.__class__(self.check_nan):
                return func(*args, **kwargs)
        return wrapper


class set_detect_anomaly:
    """Turns anomaly detection on or off; as a context manager, restores
    the previous setting on exit."""

    def __init__(self, mode, check_nan=True):
        from cyautograd._arg_parser import tp_name
        # torch hands both to torch.set_anomaly_enabled, whose parser takes bools only
        for pos, (name, v) in enumerate((("enabled", mode), ("check_nan", check_nan))):
            if type(v) is not bool:
                raise TypeError(f"set_anomaly_enabled(): argument '{name}' (position {pos + 1}) must be bool, "
                                f"not {tp_name(v)}")
        self.prev = is_anomaly_enabled()
        self.prev_check_nan = is_anomaly_check_nan_enabled()
        _set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *args):
        _set_anomaly_enabled(self.prev, self.prev_check_nan)
