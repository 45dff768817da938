"""torch.finfo / torch.iinfo: machine limits of a dtype."""
import numpy as np

from cyautograd import dtypes as _D


def _g(x):
    return float(f"{x:.6g}")


class finfo:
    """Machine limits of a floating point dtype (default: the default dtype)."""

    def __init__(self, type=None):
        t = _D.get_default_dtype() if type is None else type
        if not isinstance(t, _D.dtype) or not t.is_floating_point:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        fi = np.finfo(t.np)
        self.bits = fi.bits
        self.eps = float(fi.eps)
        self.max = float(fi.max)
        self.min = float(fi.min)
        self.tiny = float(fi.tiny)
        self.smallest_normal = float(fi.smallest_normal)
        self.resolution = float(fi.resolution)
        self.dtype = t.name

    def __repr__(self):
        return (f"finfo(resolution={_g(self.resolution)}, min={_g(self.min)}, max={_g(self.max)}, "
                f"eps={_g(self.eps)}, smallest_normal={_g(self.smallest_normal)}, tiny={_g(self.tiny)}, "
                f"dtype={self.dtype})")


class iinfo:
    """Machine limits of an integer dtype."""

    def __init__(self, type):
        if not isinstance(type, _D.dtype) or type.is_floating_point:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                            "'torch.iinfo'")
        if type is _D.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        ii = np.iinfo(type.np)
        self.bits, self.max, self.min = ii.bits, int(ii.max), int(ii.min)
        self.dtype = type.name

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"


finfo.__module__ = iinfo.__module__ = "cyautograd"
