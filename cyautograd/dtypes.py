"""dtype objects named as torch's, each over a numpy dtype, and torch's
type-promotion rules (c10/core/ScalarType.h, ATen's ResultTypeState)."""
import numpy as np

__all__ = ["dtype", "float16", "float32", "float64", "int8", "int16", "int32", "int64",
           "uint8", "bool", "half", "float", "double", "short", "int", "long",
           "get_default_dtype", "set_default_dtype", "promote_types", "result_type"]

_builtin_bool = bool
_builtin_int = int
_builtin_float = float

# category: 0 bool, 1 integral, 2 floating
_BOOL, _INT, _FLOAT = 0, 1, 2


class dtype:
    """A tensor element type (torch.dtype)."""
    # a dict: its values are the attributes' docstrings (help(torch.dtype))
    __slots__ = {
        "name": "The dtype's name without the module (``\"float32\"``).\n\n>>> torch.float32.name",
        "np": "The numpy dtype that holds this dtype's elements.\n\n>>> torch.float32.np",
        "category": "The kind used by type promotion: bool, integral or floating.\n\n"
                    ">>> torch.int64.category",
        "itemsize": "The size of one element in bytes.\n\n>>> torch.float64.itemsize",
        "is_signed": "Whether the dtype can hold negative values.\n\n>>> torch.uint8.is_signed",
        "_legacy": "", "_cname": ""}

    def __init__(self, name, npdt, category, legacy, cname):
        self.name = name
        self.np = np.dtype(npdt)
        self.category = category
        self.itemsize = self.np.itemsize
        self.is_signed = self.np.kind in "fi"
        self._legacy = legacy
        self._cname = cname

    @property
    def is_floating_point(self):
        return self.category == _FLOAT

    @property
    def is_complex(self):
        return False

    def to_real(self):
        return self

    def __repr__(self):
        return "cyautograd." + self.name

    def __reduce__(self):
        return self.name


float16 = dtype("float16", np.float16, _FLOAT, "HalfTensor", "Half")
float32 = dtype("float32", np.float32, _FLOAT, "FloatTensor", "Float")
float64 = dtype("float64", np.float64, _FLOAT, "DoubleTensor", "Double")
int8 = dtype("int8", np.int8, _INT, "CharTensor", "Char")
int16 = dtype("int16", np.int16, _INT, "ShortTensor", "Short")
int32 = dtype("int32", np.int32, _INT, "IntTensor", "Int")
int64 = dtype("int64", np.int64, _INT, "LongTensor", "Long")
uint8 = dtype("uint8", np.uint8, _INT, "ByteTensor", "Byte")
bool = dtype("bool", np.bool_, _BOOL, "BoolTensor", "Bool")  # noqa: A001
half, float, double = float16, float32, float64  # noqa: A001
short, int, long = int16, int32, int64  # noqa: A001

ALL = (float16, float32, float64, int8, int16, int32, int64, uint8, bool)
_FROM_NP = {d.np: d for d in ALL}

# torch's Python layer prints these eight as torch.<Legacy>Tensor; every other
# type keeps at::Tensor::toString()'s "CPU<Name>Type" (CPUBoolType)
_LEGACY_TENSOR_NAMES = frozenset(["ByteTensor", "CharTensor", "ShortTensor", "IntTensor", "LongTensor",
                                  "HalfTensor", "FloatTensor", "DoubleTensor"])


def _type_string(d, device=False):
    """A tensor's type as torch's messages print it: "cyautograd.FloatTensor",
    "CPUBoolType" (CUDA<Name>Type for a device tensor)."""
    if d._legacy in _LEGACY_TENSOR_NAMES:
        return "cyautograd." + d._legacy
    return ("CUDA" if device else "CPU") + d._cname + "Type"
_FROM_NP.update({d.np.type: d for d in ALL})

_default = [float32]


_PY_TYPES = {_builtin_float: float64, _builtin_int: int64, _builtin_bool: bool}


def canonical(d):
    """A dtype argument as torch's argument parser reads it: the builtin types
    ``float``, ``int`` and ``bool`` stand for float64, int64 and bool."""
    if d is None or d.__class__ is dtype:
        return d
    return _PY_TYPES.get(d, d) if isinstance(d, type) else d


def get_default_dtype():
    return _default[0]


def set_default_dtype(d):
    if not isinstance(d, dtype) or d.category != _FLOAT:
        raise TypeError("only floating-point types are supported as the default type")
    _default[0] = d


def from_numpy_dtype(npdt):
    """Our dtype for a numpy dtype (or scalar type); TypeError if unsupported."""
    try:
        return _FROM_NP[npdt]
    except (KeyError, TypeError):
        pass
    try:
        return _FROM_NP[np.dtype(npdt)]
    except (KeyError, TypeError):
        raise TypeError(
            f"can't convert np.ndarray of type numpy.{np.dtype(npdt).name}. The only supported "
            "types are: float64, float32, float16, complex64, complex128, int64, int32, int16, "
            "int8, uint64, uint32, uint16, uint8, and bool.") from None


def to_numpy_dtype(d):
    if d is None:
        return None
    if isinstance(d, dtype):
        return d.np
    return from_numpy_dtype(d).np


def promote_types(a, b):
    """torch.promote_types for our dtypes: ints with floats give the float,
    uint8 with int8 gives int16, otherwise the wider of the same category."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if a.category == _BOOL:
        return a
    if a.category == _FLOAT:
        return a if a.itemsize >= b.itemsize else b
    # integral
    if a.is_signed == b.is_signed:
        return a if a.itemsize >= b.itemsize else b
    u, s = (a, b) if not a.is_signed else (b, a)
    if s.itemsize > u.itemsize:
        return s
    return {1: int16, 2: int32, 4: int64, 8: int64}[u.itemsize]


def scalar_dtype(v):
    """The dtype torch gives a Python scalar wrapped into an op."""
    if isinstance(v, _builtin_bool):
        return bool
    if isinstance(v, np.bool_):
        # torch's Scalar of a numpy bool is a double (is_numpy_scalar ->
        # THPUtils_unpackDouble): bool_tensor + np.True_ is float32
        return _default[0]
    if isinstance(v, (_builtin_int, np.integer)):
        return int64
    if isinstance(v, (_builtin_float, np.floating)):
        return _default[0]
    raise TypeError(f"unsupported scalar type {type(v).__name__}")


def _combine(higher, lower):
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.category == _FLOAT:
        return higher
    if higher is bool or lower.category == _FLOAT:
        return promote_types(higher, lower)
    return higher


def result_type(*args):
    """torch.result_type over tensors and Python scalars: dimensioned tensors
    take precedence over zero-dim ones, which take precedence over scalars,
    unless a lower class is of a higher category (ResultTypeState)."""
    dim_r = zero_r = wrapped_r = None
    for a in args:
        d = getattr(a, "_cya_dtype", None)
        if d is not None:
            if a.dim() == 0:
                zero_r = d if zero_r is None else promote_types(zero_r, d)
            else:
                dim_r = d if dim_r is None else promote_types(dim_r, d)
        else:
            d = scalar_dtype(a)
            wrapped_r = d if wrapped_r is None else promote_types(wrapped_r, d)
    return _combine(dim_r, _combine(zero_r, wrapped_r))
