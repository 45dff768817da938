# cython: language_level=3
"""Checked conversion of a user-provided argument to Tensor.

NOTE [ No None through a typed argument ]
A Cython `Tensor` variable (a typed def argument, `cdef Tensor t = x`, or a
`<Tensor>x` cast) accepts None, and with `nonecheck` off (setup.py: it costs a
test on every attribute access) reading a field of it reads the None object's
memory as a Tensor struct: a segfault, or worse. So every object that comes
from a user passes through `tensor_arg` (or a `Tensor x not None` argument)
before it is used as a Tensor; `<Tensor>` casts stay only where the code has
just proven the type (`type(x) is Tensor`, `isinstance(x, Tensor)`). The
check is one type compare on the hot path; the message is torch's argument
parser's: `neg(): argument 'input' (position 1) must be Tensor, not NoneType`.
"""
from cpython.object cimport PyTypeObject
from cyautograd.tensor cimport Tensor


cdef inline str type_name(object x):
    """The type's name as torch's argument parser prints it: CPython's
    tp_name, so `numpy.ndarray` for an extension type, `Foo` for a class."""
    cdef object t = type(x)
    if t is Tensor:
        return "Tensor"      # tp_name is "cyautograd.Tensor" (for its __module__); torch's parser says Tensor
    if (<PyTypeObject*>t).tp_flags & (1 << 9):   # a class: dtype/device/Size print as torch's C types
        from cyautograd._arg_parser import tp_name
        return tp_name(x)
    return (<bytes>(<PyTypeObject*>t).tp_name).decode()


cdef inline object _raise_not_tensor(object x, str fname, str argname, int pos):
    raise TypeError(f"{fname}(): argument '{argname}' (position {pos}) must be Tensor, "
                    f"not {type_name(x)}")


cdef inline Tensor tensor_arg(object x, str fname, str argname, int pos):
    """`x` as a Tensor, or torch's TypeError naming argument `argname`
    (1-based position `pos`) of `fname`."""
    if type(x) is Tensor or isinstance(x, Tensor):
        return <Tensor>x
    _raise_not_tensor(x, fname, argname, pos)
    return None


cdef inline object parser_check(str key, tuple args, dict kwargs=None):
    """Raise torch's argument-parser TypeError for a call of `key` (a torch
    function name, or "Tensor.<name>" for a method, args without self) that
    torch's parser would reject; return if it would bind. Failure paths only:
    NOTE [ Argument parser errors ] in cyautograd/_arg_parser.py."""
    from cyautograd._arg_parser import check
    check(key, args, kwargs)
