"""torch.finfo / torch.iinfo: machine limits of a dtype."""
import numpy as np

from cyautograd import dtypes as _D


_OMITTED = object()     # finfo() without a type: the default dtype (a None type is refused)


def _dtype_arg(fname, type):
    """torch's parser reads finfo's/iinfo's `type` as a ScalarType: a dtype
    or Python's float/int/bool/complex."""
    t = _D.canonical(type) if type in (float, int, bool, complex) else type
    if not isinstance(t, _D.dtype):
        from cyautograd._arg_parser import tp_name
        raise TypeError(f"{fname}(): argument 'type' (position 1) must be torch.dtype, not {tp_name(type)}")
    return t


def _g(x):
    return float(f"{x:.6g}")


class finfo:
    """Machine limits of a floating point dtype (default: the default dtype)."""

    def __init__(self, type=_OMITTED):
        t = _D.get_default_dtype() if type is _OMITTED else _dtype_arg("finfo", type)
        if not t.is_floating_point:
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
        type = _dtype_arg("iinfo", type)
        if type.is_floating_point:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                            "'torch.iinfo'")
        if type is _D.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        ii = np.iinfo(type.np)
        self.bits, self.max, self.min = ii.bits, int(ii.max), int(ii.min)
        self.dtype = type.name

    def __repr__(self):
        return f"iinfo(min={self.min:.6g}, max={self.max:.6g}, dtype={self.dtype})"


finfo.__module__ = iinfo.__module__ = "cyautograd"
