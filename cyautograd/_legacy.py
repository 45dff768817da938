"""The legacy typed constructors: ``FloatTensor``, ``LongTensor``, ... (torch's
``torch.FloatTensor([1, 2])``, ``torch.LongTensor(2, 3)``,
``isinstance(x, torch.FloatTensor)``).

NOTE [ Legacy tensor types ]
In torch these are not subclasses of Tensor: each is a class whose instances
are plain tensors, ``isinstance(x, FloatTensor)`` asks whether ``x`` is a CPU
float32 tensor, and calling one runs the legacy ``new()`` overloads: no
argument gives an empty tensor, ints (or a ``Size``) give that shape, a
sequence, array or scalar gives a tensor of that data, a tensor of the same
dtype gives an alias of it. Here a metaclass gives each class those answers;
shapes are filled with zeros (torch leaves them uninitialised).
"""
import numpy as np

from cyautograd import dtypes as _D

__all__ = []

_SIGS = (" * (*, torch.device device = None)\n"
         " * (torch.Storage storage)\n"
         " * (Tensor other)\n"
         " * (tuple of ints size, *, torch.device device = None)\n"
         " * (object data, *, torch.device device = None)\n")


def _arg_name(a):
    from cyautograd.tensor import Size, Tensor
    if isinstance(a, Tensor):
        return "Tensor"
    if isinstance(a, Size):
        return "torch.Size"
    if isinstance(a, _D.dtype):
        return "torch.dtype"
    return type(a).__name__


def _invalid(args, kwargs):
    got = ", ".join([_arg_name(a) for a in args] + [f"{k}={_arg_name(v)}" for k, v in kwargs.items()])
    bad = ", ".join(k for k in kwargs if k != "device")
    sigs = _SIGS.replace("device = None)\n", "device = None)\n      didn't match because some of the keywords "
                         f"were incorrect: {bad}\n", 1) if bad else _SIGS
    return TypeError(f"new() received an invalid combination of arguments - got ({got}), but expected one of:\n{sigs}")


def legacy_new(_dtype, *args, **kwargs):
    """torch's legacy ``new()`` for a typed constructor of ``_dtype``."""
    dtype = _dtype
    from cyautograd.creation import tensor, zeros
    from cyautograd.tensor import Size, Tensor
    if any(k != "device" for k in kwargs):
        raise _invalid(args, kwargs)
    device = kwargs.get("device")
    if not args:
        return zeros(0, dtype=dtype, device=device)
    if len(args) == 1:
        a = args[0]
        if isinstance(a, Tensor):
            if a.dtype is not dtype:
                raise TypeError(f"expected {_options(dtype)} (got {_options(a.dtype)})")
            return a.detach()
        if isinstance(a, str):
            raise TypeError("new(): invalid data type 'str'")
        if isinstance(a, Size):
            return zeros(_checked_shape(tuple(a)), dtype=dtype, device=device)
        if isinstance(a, (int, np.integer)) and not isinstance(a, bool):
            return zeros(_checked_shape((int(a),)), dtype=dtype, device=device)
        if not (isinstance(a, (list, tuple, np.ndarray)) or hasattr(a, "__array__") or hasattr(a, "__len__")):
            raise TypeError(f"new(): data must be a sequence (got {type(a).__name__})")
        return tensor(a, dtype=dtype, device=device)
    if all(isinstance(a, (int, np.integer)) and not isinstance(a, bool) for a in args):
        return zeros(_checked_shape(tuple(int(a) for a in args)), dtype=dtype, device=device)
    raise _invalid(args, kwargs)


_CTYPE = {"float16": "c10::Half", "float32": "float", "float64": "double", "int8": "signed char",
          "int16": "short int", "int32": "int", "int64": "long int", "uint8": "unsigned char", "bool": "bool"}


def _options(d):
    return (f"TensorOptions(dtype={_CTYPE[d.name]}, device=cpu, layout=Strided, requires_grad=false "
            "(default), pinned_memory=false (default), memory_format=(nullopt))")


def _checked_shape(shape):
    for i, s in enumerate(shape):
        if not -(1 << 63) <= s < (1 << 63):   # the parser's unpack of the size list
            raise TypeError(f"new(): argument 'size' failed to unpack the object at pos {i + 1} with error "
                            "\"Overflow when unpacking long long\"")
    for s in shape:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {list(shape)}")
    return shape


class _LegacyType(type):
    def __instancecheck__(cls, obj):
        from cyautograd.tensor import Tensor
        return isinstance(obj, Tensor) and obj.dtype is cls.dtype and obj.is_cpu

    def __call__(cls, *args, **kwargs):
        return legacy_new(cls.dtype, *args, **kwargs)

    def __repr__(cls):
        return f"<class 'cyautograd.{cls.__name__}'>"


def _make(d):
    t = _LegacyType(d._legacy, (), {"dtype": d, "is_cuda": False, "__module__": "cyautograd",
                                     "__doc__": f"The legacy constructor of CPU {d.name} tensors: data, "
                                                "a shape, or nothing; also an isinstance check for them.\n\n"
                                                f"    >>> torch.{d._legacy}([1, 0])\n"
                                                f"    >>> isinstance(torch.zeros(2, dtype=torch.{d.name}), "
                                                f"torch.{d._legacy})\n"})
    __all__.append(d._legacy)
    globals()[d._legacy] = t
    return t


for _d in _D.ALL:
    _make(_d)
