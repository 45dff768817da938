"""Array-module dispatch: the only place that knows numpy from cupy."""
import numpy as np

_cupy = None


def cupy():
    """The cupy module, imported on first use; RuntimeError when unavailable."""
    global _cupy
    if _cupy is None:
        try:
            import cupy as cp  # noqa: F401
            cp.cuda.runtime.getDeviceCount()
        except Exception as e:  # ImportError, or no driver/device
            raise RuntimeError("Torch not compiled with CUDA enabled" if isinstance(e, ImportError)
                               else f"No CUDA GPUs are available ({e})") from None
        _cupy = cp
    return _cupy


def array_module(arr):
    if type(arr) is np.ndarray or isinstance(arr, np.generic):
        return np
    return cupy()


def device_of(arr):
    from cyautograd.tensor import device
    if type(arr) is np.ndarray:
        return device("cpu")
    return device("cuda", arr.device.id)


def is_available():
    try:
        cupy()
        return True
    except RuntimeError:
        return False


def to_device(t, dev, dtype=None):
    from cyautograd.ops.device import to_device as _to
    return _to(t, dev, dtype)
