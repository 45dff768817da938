"""torch.device: a device type and an optional index, parsed as c10::Device.

Only the parsing and the value semantics live here; which array namespace a
device maps to is backend.py's business (the only place that knows)."""
import re

__all__ = ["device"]

# c10/core/DeviceType.cpp's list, in its order: a string naming none of these
# gets torch's "Expected one of ..." message word for word
DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                "privateuseone")
_TYPE_RE = re.compile(r"([a-zA-Z_]+)(?::([1-9]\d*|0))?\Z")
_INDEX_MAX = (1 << 31) - 1

_INVALID_ARGS = ("device() received an invalid combination of arguments - got ({}), but expected one "
                 "of:\n * (torch.device device)\n * (str type, int index = -1)\n")


def _type_name(x):
    return "NoneType" if x is None else type(x).__name__


def _parse(s):
    """(type, index or None) of a device string, with c10::Device's errors."""
    if not s:
        raise RuntimeError("Device string must not be empty")
    m = _TYPE_RE.match(s)
    if m is None:
        head = re.match(r"[a-zA-Z_]+", s)
        if head is not None and head.group(0) not in DEVICE_TYPES and (
                len(head.group(0)) == len(s) or s[len(head.group(0))] == ":"):
            raise RuntimeError(_expected_one_of(head.group(0)))
        raise RuntimeError(f"Invalid device string: '{s}'")
    typ, idx = m.group(1), m.group(2)
    if typ not in DEVICE_TYPES:
        raise RuntimeError(_expected_one_of(typ))
    if idx is None:
        return typ, None
    if int(idx) > _INDEX_MAX:
        raise RuntimeError(f"Could not parse device index '{idx}' in device string '{s}'")
    return typ, int(idx)


def _expected_one_of(typ):
    return ("Expected one of " + ", ".join(DEVICE_TYPES)
            + f" device type at start of device string: {typ}")


class device:
    """device(type, index=None) / device("cuda:1") / device(other_device) /
    device(int): where a tensor's memory lives (torch.device).

    Equality is exact, as torch's: device("cuda") != device("cuda:0") and a
    device never equals a string."""
    __slots__ = ("_type", "_index")

    def __init__(self, *args, **kwargs):
        if kwargs:
            unknown = set(kwargs) - {"type", "index"}
            if unknown or len(args) + len(kwargs) > 2 or ("type" in kwargs and args):
                raise TypeError(_INVALID_ARGS.format(", ".join(
                    [_type_name(a) for a in args] + [f"{k}={_type_name(v)}" for k, v in kwargs.items()])))
            args = args + tuple(kwargs[k] for k in ("type", "index") if k in kwargs)
        if len(args) == 0 or len(args) > 2:
            raise TypeError(_INVALID_ARGS.format(", ".join([_type_name(a) for a in args])))
        first = args[0]
        index = args[1] if len(args) == 2 else None
        if isinstance(first, device) and len(args) == 1:
            self._type, self._index = first._type, first._index
            return
        if isinstance(first, bytes):
            first = first.decode()
        if type(first) is int and len(args) == 1:
            # an integer is an index on the current accelerator
            if not -(1 << 63) <= first < (1 << 63):   # NOTE [ An int past int64 unpacks as a ValueError ]
                raise ValueError("Overflow when unpacking long long")
            if first < 0:
                raise RuntimeError("Device index must not be negative")
            from cyautograd import backend
            backend.require_accelerator()
            self._type, self._index = "cuda", first
            return
        if not isinstance(first, str):
            if len(args) == 1:
                raise TypeError(_INVALID_ARGS.format(_type_name(first)).replace(
                    " * (torch.device device)\n", " * (torch.device device)\n      didn't match because some "
                    f"of the arguments have invalid types: (!{_type_name(first)}!)\n"))
            raise TypeError(_INVALID_ARGS.format(", ".join([_type_name(a) for a in args])))
        if index is not None and (type(index) is not int):
            raise TypeError(f"device(): argument 'index' (position 2) must be int, not {_type_name(index)}")
        typ, parsed = _parse(first)
        if index is not None:
            if parsed is not None:
                raise RuntimeError("type (string) must not include an index because index was passed "
                                   f"explicitly: {first}")
            if index < 0:
                raise RuntimeError("Device index must not be negative")
            parsed = index
        self._type, self._index = typ, parsed

    @property
    def type(self):
        """The kind of device, ``'cpu'`` or ``'cuda'``.

        >>> torch.device("cuda:1").type
        """
        return self._type

    @property
    def index(self):
        """The device's index (``1`` for ``cuda:1``), or None when not given.

        >>> torch.device("cuda:1").index
        """
        return self._index

    def __eq__(self, other):
        if not isinstance(other, device):
            return False
        return self._type == other._type and self._index == other._index

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self._type, self._index))

    def __str__(self):
        return self._type if self._index is None else f"{self._type}:{self._index}"

    def __repr__(self):
        if self._index is None:
            return f"device(type='{self._type}')"
        return f"device(type='{self._type}', index={self._index})"

    def __reduce__(self):
        return (device, (self._type,) if self._index is None else (self._type, self._index))

    def __setattr__(self, name, value):
        if name in ("type", "index"):
            raise AttributeError(f"attribute '{name}' of 'cyautograd.device' objects is not writable")
        object.__setattr__(self, name, value)


CPU = device("cpu")
