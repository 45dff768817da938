"""torch's Python argument parser, for its error messages only.

NOTE [ Argument parser errors ]
torch binds every native function's Python arguments with one parser
(torch/csrc/utils/python_arg_parser.cpp) that tries each declared signature
of the function in turn; when none binds it raises a TypeError whose words
depend on all the signatures, the arguments given and how they were given:

* one signature, or exactly one visible signature whose argument count fits
  the call: the first parameter that fails names itself --
  ``add(): argument 'other' (position 2) must be Tensor, not NoneType`` (a
  keyword argument has no position), or ``sum() takes from 2 to 3 positional
  arguments but 4 were given``, ``... missing 1 required positional
  arguments: "dim"``, ``... got an unexpected keyword argument 'foo'``;
* otherwise every visible signature is listed
  (torch/csrc/utils/invalid_arguments.cpp): ``narrow() received an invalid
  combination of arguments - got (NoneType, int, int, int), but expected one
  of:\\n * (Tensor input, int dim, Tensor start, int length)\\n      didn't
  match because some of the arguments have invalid types: (!NoneType!, int,
  !int!, int)\\n ...`` -- the "didn't match" line only under a signature whose
  argument count (its ``*`` marker counted, defaults not) equals the call's,
  and mismatches marked ``!x!`` (colours when stdout and stderr are ttys).

Our ops bind their arguments with Cython/Python signatures and check types
where they use them, so they cannot produce these messages on their own.
Instead the failing check calls :func:`check` with the call's arguments: it
replays torch's parser over the function's signatures as torch prints them
(``SIGNATURES``, recorded from torch 2.13 by tools/gen_arg_signatures.py;
checked against live torch by tests/test_argparser_vs_torch.py) and raises
torch's TypeError if torch's parser would reject the call. The guards that
install() puts around the public callables replay it before the call too,
once per shape of call (NOTE [ Parser guard before the call ]); the hot
callables are not guarded.
"""
import os

from cyautograd._arg_signatures import SIGNATURES
from cyautograd._parser_guard import shape_seen, type_key

__all__ = ["check", "fail"]

# torch's parser lets a Python number bind to a Tensor parameter of these
# functions (should_allow_numbers_as_tensors in python_arg_parser.cpp)
_NUMBERS_AS_TENSORS = frozenset(
    n + s for n in ("add", "div", "divide", "mul", "multiply", "sub", "subtract", "true_divide",
                    "floor_divide") for s in ("", "_", "_out")) | {"to", "_to_copy", "copy_"}


_C_TYPE_NAMES = None


def _c_type_names():
    """Our Python classes that stand for torch's C types, by torch's tp_name
    (``torch.dtype``, ``torch._C.Generator``), which torch's messages print."""
    global _C_TYPE_NAMES
    if _C_TYPE_NAMES is None:
        import cyautograd
        from cyautograd.dtypes import dtype
        _C_TYPE_NAMES = {dtype: "cyautograd.dtype", cyautograd.device: "cyautograd.device",
                         cyautograd.Size: "cyautograd.Size", cyautograd.Generator: "cyautograd._C.Generator"}
    return _C_TYPE_NAMES


def tp_name(x):
    """CPython's tp_name of type(x), as torch's messages print it; our Tensor
    prints as torch's (its tp_name carries our module name)."""
    from cyautograd.tensor import Tensor
    t = type(x)
    if t is Tensor:
        return "Tensor"
    named = _c_type_names().get(t)
    if named is not None:
        return named
    mod = getattr(t, "__module__", "builtins")
    if mod == "builtins" or not getattr(t, "__flags__", 0) & (1 << 9):   # Py_TPFLAGS_HEAPTYPE: a class
        return t.__name__ if mod == "builtins" else f"{mod}.{t.__name__}"
    return t.__name__


def _tensor_check(x):
    from cyautograd.tensor import Tensor
    return isinstance(x, Tensor)


# the parser's type names (python_arg_parser.cpp's type_map) -> how
# FunctionParameter::type_name prints them
_TYPE_NAMES = {
    "Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "SymInt": "int", "double": "float",
    "complex": "complex", "TensorList": "tuple of Tensors",
    "c10::List<::std::optional<Tensor>>": "tuple of Tensors", "IntArrayRef": "tuple of ints",
    "SymIntArrayRef": "tuple of ints", "ArrayRef<double>": "tuple of floats",
    "Generator": "torch.Generator", "bool": "bool", "Storage": "torch.Storage", "PyObject*": "object",
    "ScalarType": "torch.dtype", "Layout": "torch.layout", "MemoryFormat": "torch.memory_format",
    "QScheme": "torch.qscheme", "Device": "torch.device", "Stream": "torch.Stream",
    "c10::string_view": "str", "std::string": "str", "Dimname": "name", "DimnameList": "tuple of names",
    "ScalarList": "tuple of Scalars",
}


def _is_long(x):
    """THPUtils_checkLong: an int that is not a bool, or a numpy integer."""
    import numpy as np
    return (isinstance(x, int) and not isinstance(x, bool)) or isinstance(x, np.integer)


def _check_index(x, strict=False):
    """THPUtils_checkIndex: checkLong, or anything with __index__ but a bool
    (a 0-d integral Tensor has one)."""
    if _is_long(x):
        return True
    if isinstance(x, bool) or isinstance(x, (float, str)):
        return False
    if _tensor_check(x):
        return not strict and x.dim() == 0 and not x.is_floating_point() and x.dtype.__repr__() != "cyautograd.bool"
    return hasattr(type(x), "__index__")


def _check_double(x):
    """THPUtils_checkDouble: a float or an int (bools are ints) or a numpy
    float/int."""
    import numpy as np
    return isinstance(x, (int, float)) or isinstance(x, (np.floating, np.integer))


def _check_scalar(x):
    """THPUtils_checkScalar."""
    import numpy as np
    return isinstance(x, (int, float, complex, np.number, np.bool_))


def _int_list(x, size, sym, strict=False):
    """is_int_list / is_int_or_symint_list: (ok, failed index or -1)."""
    if isinstance(x, (tuple, list)):
        if len(x) == 0 or _check_index(x[0], strict):
            return True, -1
        return False, 0
    return size > 0 and (_check_index(x, strict) if sym else _is_long(x)), -1


def _check(p, x, numbers_as_tensors, strict=False):
    """FunctionParameter::check: (ok, failed index of a list or -1). With
    `strict`, a Tensor binds only a Tensor parameter (the answer then
    depends on the argument types alone: NOTE [ Parser guard before the
    call ])."""
    t = p.raw_type
    if strict and t not in ("Tensor", "TensorList", "c10::List<::std::optional<Tensor>>") and _tensor_check(x):
        return False, -1
    if t == "Tensor":
        return _tensor_check(x) or (numbers_as_tensors and _check_scalar(x)), -1
    if t in ("Scalar", "complex", "double"):
        if t == "Scalar" and _check_scalar(x):
            return True, -1
        if t != "double" and isinstance(x, complex):
            return True, -1
        if _check_double(x):
            return True, -1
        if _tensor_check(x):
            return (not x.requires_grad and x.dim() == 0), -1
        return False, -1
    if t == "int64_t":
        if _is_long(x):
            return True, -1
        if _tensor_check(x):
            return (not x.is_floating_point() and x.dtype.__repr__() != "cyautograd.bool"
                    and not x.requires_grad and x.dim() == 0), -1
        return False, -1
    if t == "SymInt":
        return _check_index(x), -1
    if t in ("IntArrayRef", "SymIntArrayRef"):
        return _int_list(x, p.size, t == "SymIntArrayRef", strict)
    if t in ("TensorList", "c10::List<::std::optional<Tensor>>"):
        if not isinstance(x, (tuple, list)):
            return False, -1
        for i, e in enumerate(x):
            if not _tensor_check(e):        # None too, even in an optional-Tensor list
                raise TypeError(f"expected Tensor as element {i} in argument {p.index}, "
                                f"but got {tp_name(e)}")
        return True, -1
    if t == "ArrayRef<double>":
        return isinstance(x, (tuple, list)) and (len(x) == 0 or _check_double(x[0])
                                                 or isinstance(x[0], complex)), -1
    if t == "ScalarList":
        return isinstance(x, (tuple, list)) and all(_check_scalar(e) for e in x), -1
    if t == "bool":
        return isinstance(x, bool), -1
    if t == "ScalarType":
        from cyautograd.dtypes import dtype
        return isinstance(x, dtype) or x in (int, float, bool, complex), -1
    if t in ("c10::string_view", "std::string"):
        return isinstance(x, str), -1
    if t == "Device":
        from cyautograd._device import device
        return _is_long(x) or isinstance(x, (str, device)), -1
    if t == "Generator":
        return type(x).__name__ == "Generator", -1
    if t == "Layout":
        return type(x).__name__ == "layout", -1
    if t == "MemoryFormat":
        return type(x).__name__ == "memory_format", -1
    if t in ("Dimname", "DimnameList"):
        # torch's named-tensor names: str (or None), never anything we are handed junk as
        ok = x is None or isinstance(x, str) or (t == "DimnameList" and isinstance(x, (tuple, list)) and
                                                 all(e is None or isinstance(e, str) for e in x))
        return ok, -1
    return True, -1     # PyObject*, Storage, QScheme, Stream: never junk we can tell apart


class _Param:
    __slots__ = ("raw_type", "type", "name", "optional", "allow_none", "kw_only", "size", "default",
                 "index")

    def __init__(self, text, kw_only, index):
        # FunctionParameter's constructor: "Type?[n] name=default"
        t, _, rest = text.partition(" ")
        self.allow_none = "?" in t
        t = t.replace("?", "")
        self.size = 0
        if "[" in t:
            t, _, n = t.partition("[")
            self.size = int(n[:-1] or 0)
        self.raw_type = t
        self.type = _TYPE_NAMES.get(t, t)
        self.name, eq, self.default = rest.partition("=")
        self.optional = bool(eq)
        if self.default == "None":
            self.allow_none = True
        self.kw_only = kw_only
        self.index = index

    def printed(self):
        return f"{self.type} {self.name}" + (f" = {self.default}" if self.optional else "")


class Signature:
    """One overload as torch's parser reads it (``(Tensor input, *, Scalar
    alpha=1)``); ``|deprecated``/``|hidden`` ones are parsed but never
    listed."""

    def __init__(self, name, text):
        self.name = name
        self.deprecated = text.endswith("|deprecated")
        self.hidden = self.deprecated or text.endswith("|hidden")
        body = text[:text.rindex(")")][text.index("(") + 1:]
        self.params = []
        kw = False
        for p in (body.split(", ") if body else ()):
            if p == "*":
                kw = True
            else:
                self.params.append(_Param(p, kw, len(self.params)))
        self.min_args = sum(not p.optional for p in self.params)
        self.max_args = len(self.params)
        self.max_pos = sum(not p.kw_only for p in self.params)
        self.numbers_as_tensors = name in _NUMBERS_AS_TENSORS
        parts = []
        for p in self.params:
            if p.kw_only and "*" not in parts:
                parts.append("*")
            parts.append(p.printed())
        self.text = "(" + ", ".join(parts) + ")"

    def parse(self, args, kwargs, raise_exception, strict=False):
        """FunctionSignature::parse: True if the call binds, else False (or
        torch's TypeError when raise_exception); `strict`: see _check."""
        name = self.name
        nargs = len(args)
        varargs = self.max_pos == 1 and self.params[0].raw_type in ("IntArrayRef", "SymIntArrayRef")
        if nargs > self.max_pos and not varargs:
            if raise_exception:
                self._extra_args(nargs)
            return False
        remaining = len(kwargs)
        arg_pos = 0
        for i, p in enumerate(self.params):
            is_kwd = False
            have = True
            if arg_pos < nargs:
                if p.kw_only:
                    if raise_exception:
                        self._extra_args(nargs)
                    return False
                obj = args[arg_pos]
            else:
                is_kwd = bool(kwargs)
                key = p.name if p.name in kwargs else next(
                    (k for k in _NUMPY_NAMES.get(p.name, ()) if k in kwargs), None)
                have = key is not None
                obj = kwargs.get(key) if have else None
            varargs_eligible = varargs and arg_pos == 0 and not is_kwd
            if (not have and p.optional) or (have and obj is None and p.allow_none):
                pass
            elif not have:
                if raise_exception:
                    missing = [q.name for q in self.params[i:] if not q.optional]
                    # torch's message puts the plural "s" on a single missing argument
                    raise TypeError(f"{name}() missing {len(missing)} required positional argument"
                                    f"{'s' if len(missing) == 1 else ''}: "
                                    + ", ".join(f'"{m}"' for m in missing))
                return False
            else:
                ok, failed = _check(p, obj, self.numbers_as_tensors, strict)
                if ok:
                    pass
                else:
                    if varargs_eligible:
                        vok, vfailed = _int_list(tuple(args), p.size, p.raw_type == "SymIntArrayRef", strict)
                        if vok:
                            # permute(1, 0) is permute((1, 0)): every positional argument binds here
                            arg_pos = nargs
                            continue
                        if vfailed != -1:
                            failed = vfailed
                    if not raise_exception:
                        return False
                    if is_kwd:
                        raise TypeError(f"{name}(): argument '{p.name}' must be {p.type}, not {tp_name(obj)}")
                    if varargs_eligible and not isinstance(obj, (tuple, list)):
                        # zeros(1.5, 2): the arguments are not an int list either
                        if nargs > self.max_pos:
                            self._extra_args(nargs)
                        failed = -1
                    if failed != -1:
                        seq = obj
                        raise TypeError(f"{name}(): argument '{p.name}' (position {arg_pos + 1}) must be "
                                        f"{p.type}, but found element of type {tp_name(seq[failed])} "
                                        f"at pos {failed}")
                    raise TypeError(f"{name}(): argument '{p.name}' (position {arg_pos + 1}) must be "
                                    f"{p.type}, not {tp_name(obj)}")
            if not is_kwd:
                arg_pos += 1
            elif have:
                remaining -= 1
        if remaining > 0:
            if raise_exception:
                for k in kwargs:
                    if not isinstance(k, str):
                        raise TypeError("keywords must be strings")
                    idx = next((j for j, q in enumerate(self.params) if q.name == k), -1)
                    if idx < 0:
                        raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
                    if idx < nargs:
                        raise TypeError(f"{name}() got multiple values for argument '{k}'")
                raise TypeError("invalid keyword arguments")
            return False
        return True

    def unpack(self, args, kwargs, strict=False):
        """What PythonArgs does with a bound call before the op runs: an int
        list whose later items are not ints fails to unpack."""
        bound = {}
        nargs = len(args)
        varargs = self.max_pos == 1 and self.params[0].raw_type in ("IntArrayRef", "SymIntArrayRef")
        for i, p in enumerate(self.params):
            if i < nargs and not p.kw_only:
                bound[i] = args if (varargs and not isinstance(args[0], (tuple, list)) and
                                    (nargs > 1 or p.size == 0)) else args[i]
            elif p.name in kwargs:
                bound[i] = kwargs[p.name]
        for i, v in bound.items():
            p = self.params[i]
            if p.raw_type in ("IntArrayRef", "SymIntArrayRef") and isinstance(v, (tuple, list)):
                for j, e in enumerate(v):
                    if not _check_index(e, strict):
                        raise TypeError(f"{self.name}(): argument '{p.name}' failed to unpack the object at "
                                        f"pos {j + 1} with error \"type must be tuple of ints,but got "
                                        f"{tp_name(e)}\"")
                    if type(e) is int and not -_INT64_LIMIT <= e < _INT64_LIMIT:
                        # THPUtils_unpackLong (torch's message goes on with its C++ stack)
                        raise TypeError(f"{self.name}(): argument '{p.name}' failed to unpack the object at "
                                        f"pos {j + 1} with error \"Overflow when unpacking long long\"")
            elif p.raw_type in ("int64_t", "SymInt", "IntArrayRef", "SymIntArrayRef") and type(v) is int \
                    and not -_INT64_LIMIT <= v < _INT64_LIMIT:
                # NOTE [ An int past int64 unpacks as a ValueError ]
                raise unpack_overflow()

    def _extra_args(self, nargs):
        if self.min_args != self.max_pos:
            raise TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos} positional "
                            f"arguments but {nargs} were given")
        raise TypeError(f"{self.name}() takes {self.max_pos} positional argument"
                        f"{'' if self.max_pos == 1 else 's'} but {nargs} {'was' if nargs == 1 else 'were'} given")


_INT64_LIMIT = 1 << 63


# NOTE [ An int past int64 unpacks as a ValueError ]
# torch's parser binds any Python int to an int64 parameter (an int list's
# `int[1]` too) and only unpacks it when the op reads it: THPUtils_unpackLong
# then raises ValueError("Overflow when unpacking long long") for a value
# past int64 -- after the signature matched, so not as the parser's
# TypeError. (An item of an int list fails as a TypeError naming its
# position instead: unpack's loop above.) unpack raises (unpack_overflow()) a
# plain ValueError marked as the unpack's, which the guards (prevalidate
# before the call, reject on the failure path) let through where they
# swallow the replay's other errors: x.roll(2 ** 63), x.topk(2 ** 63),
# x.narrow(0, 2 ** 63, 1) were answered or failed in other words.
def unpack_overflow():
    e = ValueError("Overflow when unpacking long long")
    e.unpack_overflow = True
    return e


_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"), "other": ("x2",)}
_CACHE = {}


def _signatures(key):
    sigs = _CACHE.get(key)
    if sigs is None:
        name = key.rpartition(".")[2]
        texts = SIGNATURES[key] if key in SIGNATURES else NATIVE_SIGNATURES[key]
        sigs = _CACHE[key] = [Signature(name, s) for s in texts]
    return sigs


# -- invalid_arguments.cpp: the listing of every visible signature -------------

def _simple_match(type_name, x):
    """invalid_arguments.cpp's Type::is_matching: by tp_name only."""
    n = tp_name(x)
    if type_name == "float":
        return n in ("float", "int", "long")
    if type_name == "int":
        return n in ("int", "long")
    return n == type_name


def _option_args(text):
    """_parseOption: (type, name) per ", "-separated item, "*" included --
    and one empty item for "()", as torch's string split gives."""
    out = []
    for a in text[1:-1].split(", "):
        t, _, n = a.rpartition(" ")
        out.append((t if t else a, n))
    return out


def _joined(parts, args):
    # torch trims the last ", " only when there were positional arguments
    return "(" + "".join(p + ", " for p in parts)[:-2 if args else None] + ")"


def _arg_desc(args, kwargs):
    return _joined([tp_name(a) for a in args] + [f"{k}={tp_name(v)}" for k, v in kwargs.items()], args)


def _seq_desc(x):
    inner = ", ".join(tp_name(e) for e in x)
    if isinstance(x, tuple):
        return f"{tp_name(x)} of ({inner}{',' if len(x) == 1 else ''})"
    return f"{tp_name(x)} of [{inner}]"


def _formatted_desc(opt, args, kwargs):
    if os.isatty(1) and os.isatty(2):
        red, reset_red, green, reset_green = "\33[31;1m", "\33[0m", "\33[32;1m", "\33[0m"
    else:
        red, reset_red, green, reset_green = "!", "!", "", ""
    items = list(args) + list(kwargs.values())
    parts = []
    for i, x in enumerate(items):
        is_kwarg = i >= len(args)
        ok = i < len(opt) and _simple_match(opt[i][0], x)
        s = green if ok else red
        if is_kwarg:
            s += list(kwargs)[i - len(args)] + "="
        s += _seq_desc(x) if isinstance(x, (tuple, list)) else tp_name(x)
        s += reset_green if ok else reset_red
        parts.append(s)
    return _joined(parts, args)


def _argcount_match(opt, args, kwargs):
    return len(opt) == len(args) + len(kwargs)


def _unmatched_kwargs(opt, kwargs):
    start = max(0, len(opt) - len(kwargs))
    names = [n for _, n in opt[start:]]
    return [k for k in kwargs if k not in names]


def _format_invalid_args(name, options, args, kwargs):
    msg = f"{name}() received an invalid combination of arguments - "
    if len(options) == 1:
        opt = _option_args(options[0])
        bad = _unmatched_kwargs(opt, kwargs) if kwargs else []
        if bad:
            return msg + "got unrecognized keyword arguments: " + ", ".join(bad)
        desc = _formatted_desc(opt, args, kwargs) if _argcount_match(opt, args, kwargs) else _arg_desc(args, kwargs)
        return msg + f"got {desc}, but expected {options[0]}"
    msg += f"got {_arg_desc(args, kwargs)}, but expected one of:\n"
    for text in options:
        opt = _option_args(text)
        msg += f" * {text}\n"
        if _argcount_match(opt, args, kwargs):
            bad = _unmatched_kwargs(opt, kwargs) if kwargs else []
            if bad:
                msg += "      didn't match because some of the keywords were incorrect: " + ", ".join(bad) + "\n"
            else:
                msg += ("      didn't match because some of the arguments have invalid types: "
                        + _formatted_desc(opt, args, kwargs) + "\n")
    return msg


def check(key, args, kwargs=None):
    """Replay torch's parser for function `key` (``"narrow"``, or
    ``"Tensor.narrow"`` for the method, `args` then without self) over the
    call's positional `args` and keyword `kwargs` (only those the caller
    gave). Raises torch's TypeError if torch's parser rejects the call;
    returns normally if it would bind (or `key` has no recorded signatures)."""
    if key not in SIGNATURES and key not in NATIVE_SIGNATURES:
        return
    kwargs = dict(kwargs) if kwargs else {}
    args = tuple(args)
    sigs = _signatures(key)
    if len(sigs) == 1 and not sigs[0].params and key.startswith("Tensor."):
        # a method of no arguments is METH_NOARGS: CPython's own words, naming
        # the method as x.abs(1) reaches it (TensorBase's method descriptor)
        name = "TensorBase." + key[len("Tensor."):]
        if kwargs:
            raise TypeError(f"{name}() takes no keyword arguments")
        if args:
            raise TypeError(f"{name}() takes no arguments ({len(args)} given)")
        return
    if len(sigs) == 1:
        sigs[0].parse(args, kwargs, True)
        sigs[0].unpack(args, kwargs)
        return
    for s in sigs:
        if s.parse(args, kwargs, False):
            s.unpack(args, kwargs)
            if s.deprecated:
                _warn_deprecated(s, sigs)
            return
    n = len(args) + len(kwargs)
    plausible = [s for s in sigs if s.min_args <= n <= s.max_args and not s.hidden]
    if len(plausible) == 1:
        plausible[0].parse(args, kwargs, True)
    options = [s.text for s in sigs if not s.hidden]
    raise TypeError(_format_invalid_args(sigs[0].name, options, args, kwargs))


_WARNED_DEPRECATED = []


def _warn_deprecated(sig, sigs):
    """torch's parser binding a deprecated overload (x.add_(2, y): add_(Scalar
    alpha, Tensor other)) warns, once per process for all of them
    (TORCH_WARN_ONCE at its one call site in python_arg_parser.cpp)."""
    if _WARNED_DEPRECATED:
        return
    _WARNED_DEPRECATED.append(sig.name)
    msg = f"This overload of {sig.name} is deprecated:\n\t{sig.name}{sig.text}"
    visible = [s.text for s in sigs if not s.hidden]
    if visible:
        msg += "\nConsider using one of the following signatures instead:" + "".join(
            f"\n\t{sig.name}{t}" for t in visible)
    import warnings
    warnings.warn(msg, UserWarning, stacklevel=4)


def fail(key, args, kwargs=None, fallback=None):
    """:func:`check`, then raise `fallback` (an exception) if torch's parser
    would have accepted the call: for a failure site that knows the call is
    bad but not which of torch's messages describes it."""
    check(key, args, kwargs)
    if fallback is not None:
        raise fallback


# -- the error-path hook of the public callables ----------------------------------

# NOTE [ Parser replay on the error path ]
# Our ops bind their arguments themselves and fail wherever a bad argument
# first gets in the way (a numpy ValueError, an AttributeError on None, our
# own RuntimeError), while torch's parser rejects the call before the op runs.
# install() wraps every public function and Tensor method that has torch
# parser signatures (SIGNATURES) so that, when the call raises, check()
# replays torch's parser over the same arguments and raises torch's TypeError
# if torch would have; otherwise the original exception propagates
# unchanged. The guard also replays the parser before the call, as torch
# does (NOTE [ Parser guard before the call ]). A call that succeeds costs
# one Python frame and one lookup of its shape (try costs nothing in CPython
# 3.11); the methods and functions that the benchmark rows, the
# optimizers and the engine call (HOT_METHODS, HOT_FUNCTIONS) and the
# operators are not wrapped at all, and keep their own parser_check calls on
# their failure paths (argcheck.pxd).
# Tensor methods the benchmark rows, the optimizers and the engine call (and
# the metadata queries): never wrapped
HOT_METHODS = frozenset((
    "add", "add_", "sub", "sub_", "mul", "mul_", "div", "div_", "matmul", "mm", "bmm", "dot", "mv",
    "sum", "mean", "prod", "max", "min", "maximum", "minimum", "exp", "log", "sqrt", "relu",
    "sigmoid", "tanh", "neg", "pow", "backward", "view", "reshape", "t", "transpose", "permute",
    "expand", "narrow", "unsqueeze", "squeeze", "flatten", "movedim", "moveaxis", "swapaxes",
    "diagonal", "as_strided", "unfold", "unbind", "split", "chunk", "detach", "detach_", "copy_",
    "zero_", "fill_", "clone", "contiguous", "broadcast_to", "retain_grad", "register_hook",
    "requires_grad_", "size", "dim", "numel", "item", "to", "type_as", "view_as", "expand_as",
    "reshape_as", "select", "addcmul_", "addcdiv_", "lerp_", "mul_", "sqrt_", "div_", "clamp_",
    "is_floating_point", "is_complex", "is_contiguous", "stride", "element_size", "dim", "ndimension",
    "nelement", "get_device", "data_ptr", "is_set_to", "is_same_size", "cpu", "float", "double", "half", "long", "int", "bool",
    "type", "masked_fill_", "index_select", "gather", "amax", "exp_", "log_softmax", "softmax"))
# top-level functions the benchmark rows call, and the arithmetic a training loop calls
HOT_FUNCTIONS = frozenset((
    "tensor", "stack", "cat", "ones_like", "zeros_like", "add", "sub", "mul", "div", "matmul", "mm",
    "bmm", "sum", "mean", "exp", "log", "relu", "sigmoid", "tanh", "maximum", "minimum",
    "linear", "cross_entropy", "softmax", "log_softmax", "is_tensor", "is_floating_point", "numel",
    "dropout"))


def reject(key, args, kwargs=None):
    """Raise torch's parser TypeError for a failed call that torch's parser
    rejects; return (the caller re-raises its own error) otherwise."""
    try:
        check(key, args, kwargs)
    except TypeError as e:
        e.__traceback__ = None
        raise e from None
    except ValueError as e:
        if getattr(e, "unpack_overflow", False):   # NOTE [ An int past int64 unpacks as a ValueError ]
            e.__traceback__ = None
            raise e from None
    except Exception:       # the replay itself must never hide the op's own error
        return


# NOTE [ Parser guard before the call ]
# torch's parser rejects a call before its op runs, whatever the op would
# have made of the arguments; ours bind them loosely (a bool is an int, any
# truthy value a keepdim, a number a tensor) and so used to *answer* calls
# that torch rejects -- the silent-acceptance class of the hostile sweep.
# So the guard of every non-hot native-bound callable replays torch's parser
# *before* the call too. Replaying it costs microseconds, so it runs once per
# callable and shape of call: the types of the arguments (and of the items of
# list/tuple arguments) and the keyword names. When a call binds a signature
# by those types alone -- every Tensor to a Tensor parameter (`strict`
# parsing): a Tensor bound to a Scalar or int parameter binds by its value
# (0-d, integral, no grad) -- every later call of those types binds too, and
# costs the guard one tuple of types and one set lookup. Calls that torch
# rejects are replayed every time (they raise). The hot callables
# (HOT_METHODS, HOT_FUNCTIONS) keep no guard at all: they check their own
# arguments where they read them.
_CACHE_MAX = 64      # shapes of call remembered per callable
# Our own code calls a public method with our internal forms of its
# arguments (a normalized index of arrays and lists for index_put_) where it
# must go through the public entry (forward AD hooks it): such a call is made
# inside `internal_call()`, and the guard does not hold it to torch's parser.
import threading as _threading
_INTERNAL = _threading.local()


class internal_call:
    """Context: the guarded calls made inside come from cyautograd itself."""

    def __enter__(self):
        _INTERNAL.depth = getattr(_INTERNAL, "depth", 0) + 1

    def __exit__(self, *exc):
        _INTERNAL.depth -= 1


_type_key = type_key     # cyautograd/_parser_guard.pyx


def _binds_by_type(key, args, kwargs):
    """True if some signature of `key` binds this call whatever the values of
    its arguments (strict parsing, see _check)."""
    if any(type(e) is type for a in list(args) + list(kwargs.values()) if isinstance(a, (tuple, list))
           for e in a):
        return False
    try:
        for s in _signatures(key):
            if s.parse(args, kwargs, False, True):
                s.unpack(args, kwargs, True)
                return True
    except TypeError:
        pass
    return False


def prevalidate(key, args, kwargs, seen):
    """The guard's check before the call: raise torch's parser TypeError if
    torch rejects the call; remember the call's shape in `seen` if every call
    of that shape binds. (The shape of a call without keywords, lists or
    tuples is its plain tuple of argument types: the guard's first test.)"""
    tk = _type_key(args, kwargs)
    if tk is not None and tk in seen:
        return
    try:
        check(key, args, kwargs)
    except (TypeError, ValueError) as e:
        if getattr(_INTERNAL, "depth", 0) or (type(e) is ValueError and not getattr(e, "unpack_overflow", False)):
            return
        e.__traceback__ = None
        raise e from None
    except Exception:       # a replay that fails on its own: let the op answer
        return
    if tk is not None and len(seen) < _CACHE_MAX and _binds_by_type(key, args, kwargs):
        seen.add(tk)


def _declined(key, args, kwargs):
    """A function call answered NotImplemented (the operator protocol's "try
    the other operand"), which no torch function returns: torch's parser
    rejected those arguments."""
    reject(key, args, kwargs)
    raise TypeError(f"{key.rpartition('.')[2]}(): unsupported argument types "
                    f"{_arg_desc(args, kwargs or {})}")


# (None: Python's own binding of the function fails first, in the words our
# function's def gives too)
def _single_or_all(args, kwargs):
    # atleast_1d(*tensors): one argument is passed on as it is, several as a tuple
    return None if kwargs else (((args[0],) if len(args) == 1 else (args,)), kwargs)


def _all(args, kwargs):
    return None if kwargs else ((args,), kwargs)


def _meshgrid_args(args, kwargs):
    if any(k != "indexing" for k in kwargs):
        return None
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = args[0]
    return (args,), {k: v for k, v in kwargs.items() if v is not None}


# torch functions written in Python (torch/functional.py) that call the
# native binding of their name: how they hand their arguments on to it
ADAPTERS = {"atleast_1d": _single_or_all, "atleast_2d": _single_or_all, "atleast_3d": _single_or_all,
            "broadcast_tensors": _all, "meshgrid": _meshgrid_args}


def _bind(names, defaults, args, kwargs):
    """Python's binding of a def's parameters (names, defaults) to a call, or
    None where Python itself rejects the call (our def then says so too)."""
    if len(args) > len(names) or any(k not in names for k in kwargs):
        return None
    b = dict(zip(names, args))
    for k, v in kwargs.items():
        if k in b:
            return None
        b[k] = v
    for n in names:
        if n not in b:
            if n not in defaults:
                return None
            b[n] = defaults[n]
    return b


_POOL = (("input", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"),
         {"stride": None, "padding": 0, "dilation": 1, "ceil_mode": False, "return_indices": False})


def _max_pool(key, key_with_indices):
    def adapt(args, kwargs):
        b = _bind(*_POOL, args, kwargs)
        if b is None:
            return None
        # boolean_dispatch on return_indices (its truth value), then stride None -> []
        k = key_with_indices if key_with_indices is not None and b["return_indices"] else key
        return k, (b["input"], b["kernel_size"], [] if b["stride"] is None else b["stride"], b["padding"],
                   b["dilation"], b["ceil_mode"]), {}
    return adapt


def _layer_norm(args, kwargs):
    b = _bind(("input", "normalized_shape", "weight", "bias", "eps"),
              {"weight": None, "bias": None, "eps": 1e-5}, args, kwargs)
    return None if b is None else ("layer_norm", (b["input"], b["normalized_shape"], b["weight"], b["bias"],
                                                  b["eps"], True), {})


def _dropout_like(key):
    def adapt(args, kwargs):
        b = _bind(("input", "p", "training", "inplace"), {"p": 0.5, "training": False, "inplace": False},
                  args, kwargs)
        if b is None:
            return None
        p = b["p"]
        if p < 0.0 or p > 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        return (key + "_" if b["inplace"] else key), (b["input"], p, b["training"]), {}
    return adapt


def _activation(key):
    def adapt(args, kwargs):
        b = _bind(("input", "inplace"), {"inplace": False}, args, kwargs)
        return None if b is None else ((key + "_" if b["inplace"] else key), (b["input"],), {})
    return adapt


def _hardtanh(args, kwargs):
    b = _bind(("input", "min_val", "max_val", "inplace"), {"min_val": -1.0, "max_val": 1.0, "inplace": False},
              args, kwargs)
    if b is None:
        return None
    if b["min_val"] > b["max_val"]:
        raise ValueError("min_val cannot be greater than max_val")
    return ("nn.hardtanh_" if b["inplace"] else "nn.hardtanh"), (b["input"], b["min_val"], b["max_val"]), {}


def _glu(args, kwargs):
    b = _bind(("input", "dim"), {"dim": -1}, args, kwargs)
    if b is None:
        return None
    if b["input"].dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    return "nn.glu", (b["input"], b["dim"]), {}


# nn.functional functions torch writes in Python over a native call: each
# replays torch's Python preamble (its own checks, in its order) and returns
# the native call (key, args, kwargs) to replay the parser over
FUNCTIONAL_ADAPTERS = {
    "max_pool1d": _max_pool("max_pool1d", "max_pool1d_with_indices"),
    "max_pool2d": _max_pool("max_pool2d", "nn.max_pool2d_with_indices"),
    "max_pool1d_with_indices": _max_pool("max_pool1d_with_indices", None),
    "max_pool2d_with_indices": _max_pool("nn.max_pool2d_with_indices", None),
    "layer_norm": _layer_norm,
    "alpha_dropout": _dropout_like("alpha_dropout"),
    "feature_alpha_dropout": _dropout_like("feature_alpha_dropout"),
    "silu": _activation("nn.silu"), "relu6": _activation("nn.relu6"), "hardtanh": _hardtanh,
    "glu": _glu,
}


def _unique_call(args, kwargs):
    # torch.unique: boolean_dispatch reads the truth of return_counts, then of
    # return_inverse; then the native call, by keyword
    b = _bind(("input", "sorted", "return_inverse", "return_counts", "dim"),
              {"sorted": True, "return_inverse": False, "return_counts": False, "dim": None}, args, kwargs)
    if b is None:
        return None
    bool(b["return_counts"])
    bool(b["return_inverse"])
    kw = {"sorted": b["sorted"], "return_inverse": b["return_inverse"], "return_counts": b["return_counts"]}
    if b["dim"] is not None:
        return "unique_dim", (b["input"], b["dim"]), kw
    return "_unique2", (b["input"],), kw


def _unique_consecutive_call(args, kwargs):
    b = _bind(("input", "return_inverse", "return_counts", "dim"),
              {"return_inverse": False, "return_counts": False, "dim": None}, args, kwargs)
    if b is None:
        return None
    bool(b["return_counts"])
    bool(b["return_inverse"])
    return "unique_consecutive", (b["input"],), {"return_inverse": b["return_inverse"],
                                                 "return_counts": b["return_counts"], "dim": b["dim"]}


# The torch._C._linalg bindings that torch.norm (Python) calls: the generated
# table (SIGNATURES) lists the torch, Tensor and torch._C._nn bindings only.
# Torch's declarations (native_functions.yaml); kept apart from SIGNATURES,
# which lists exactly what the generator read (tests sample it).
NATIVE_SIGNATURES = {
    "linalg_vector_norm": ["(Tensor input, Scalar ord=2, IntArrayRef[1]? dim=None, bool keepdim=False, *, "
                           "ScalarType? dtype=None, Tensor out=None)"],
    "linalg_matrix_norm": ["(Tensor input, Scalar ord, IntArrayRef dim={-2,-1}, bool keepdim=False, *, "
                           "ScalarType? dtype=None, Tensor out=None)",
                           "(Tensor input, c10::string_view ord=\"fro\", IntArrayRef dim={-2,-1}, "
                           "bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"],
    # TensorBase.unflatten, which torch's Tensor.unflatten (torch/_tensor.py) calls
    # (NOTE [ Tensor methods torch writes in Python ] in _python_methods.py)
    "TensorBase.unflatten": ["(int64_t dim, SymIntArrayRef sizes)",
                             "(Dimname dim, SymIntArrayRef sizes, DimnameList names)"]}


def _norm_call(args, kwargs, method=False):
    # torch.norm (torch/functional.py) and Tensor.norm (torch/_tensor.py, no
    # `out`): reads input.layout first (a non-Tensor input fails there, in
    # Python's words), then hands p, dim, keepdim and dtype on to
    # linalg_vector_norm -- or linalg_matrix_norm for a string p other than
    # "fro" over at most two dims -- whose parser checks them
    names = ("input", "p", "dim", "keepdim", "dtype") if method else ("input", "p", "dim", "keepdim", "out", "dtype")
    b = _bind(names, {"p": "fro", "dim": None, "keepdim": False, "out": None, "dtype": None}, args, kwargs)
    if b is None:
        return None
    input, p, dim, keepdim = b["input"], b["p"], b["dim"], b["keepdim"]
    input.layout
    _dim = [dim] if isinstance(dim, int) else dim
    kw = {"dtype": b["dtype"]}
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, int) or len(dim) <= 2):
            return "linalg_vector_norm", (input, 2, _dim, keepdim), kw
        if _dim is None:
            _dim = list(range(input.ndim))
        return "linalg_matrix_norm", (input, p, _dim, keepdim), kw
    return "linalg_vector_norm", (input, 2.0 if p is None else p, _dim, keepdim), kw


def _norm_method_call(args, kwargs):
    return _norm_call(args, kwargs, True)


# torch functions (and the Tensor methods that call them) written in Python
# over a native call whose arguments they only hand on: the native call
# (key, args, kwargs) of a call, with self first for the method; replayed
# before the call and on its failure as the native functions' own (the
# method's own adapter where its parameters differ: METHOD_ADAPTERS)
PYTHON_FUNCTIONS = {"unique": _unique_call, "unique_consecutive": _unique_consecutive_call, "norm": _norm_call}
METHOD_ADAPTERS = {"norm": _norm_method_call}


def _guard_python(name, f, adapt, tensor_type=None):
    """The guard of a torch function written in Python over a native call
    (PYTHON_FUNCTIONS), or with `tensor_type` of the Tensor method that calls
    it."""
    import functools
    seen = {}

    def native_call(args, kwargs):
        call = adapt(args, kwargs)      # torch's own preamble may fail first, in its words
        if call is not None:
            prevalidate(call[0], call[1], call[2], seen.setdefault(call[0], set()))

    if tensor_type is None:
        def guarded(*args, **kwargs):
            native_call(args, kwargs)
            try:
                return f(*args, **kwargs)
            except Exception:
                call = adapt(args, kwargs)
                if call is not None:
                    reject(*call)
                raise
    else:
        def guarded(self, *args, **kwargs):
            native_call((self,) + args, kwargs)     # torch's method is Python: a non-Tensor self reaches it
            if not isinstance(self, tensor_type):
                raise TypeError(f"descriptor '{name}' for 'torch._C.TensorBase' objects doesn't apply to a "
                                f"'{tp_name(self)}' object")
            try:
                return f(self, *args, **kwargs)
            except Exception:
                call = adapt((self,) + args, kwargs)
                if call is not None:
                    reject(*call)
                raise
    try:
        functools.update_wrapper(guarded, f)
    except Exception:
        guarded.__name__ = name
    return guarded


def _guard_functional(name, f, adapt):
    import functools

    def guarded(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except Exception:
            call = adapt(args, kwargs)      # torch's own preamble may fail first, in its words
            if call is not None:
                reject(*call)
            raise
    try:
        functools.update_wrapper(guarded, f)
    except Exception:
        guarded.__name__ = name
    return guarded


# functions that replay the parser themselves, over the arguments of the
# native call their torch counterpart makes (einsum's equation and operand list)
SELF_CHECKED = frozenset(("einsum",))


def _guard_function(key, f):
    import functools
    adapt = ADAPTERS.get(key)
    seen = set()

    def guarded(*args, **kwargs):
        if adapt is None:
            if not shape_seen(args, kwargs, seen):
                prevalidate(key, args, kwargs, seen)
        else:
            call = adapt(args, kwargs)
            if call is not None:
                prevalidate(key, *call, seen)
        try:
            r = f(*args, **kwargs)
        except Exception:
            if adapt is None:
                reject(key, args, kwargs)
            else:
                call = adapt(args, kwargs)
                if call is not None:
                    reject(key, *call)
            raise
        if r is NotImplemented:     # an operator's implementation declining the argument
            _declined(key, args, kwargs)
        return r
    try:
        functools.update_wrapper(guarded, f)
    except Exception:       # a builtin without some attribute: names are enough
        guarded.__name__ = getattr(f, "__name__", key)
        guarded.__doc__ = getattr(f, "__doc__", None)
    return guarded


# NOTE [ Varargs int lists ]
# torch's parser binds the positional arguments of a method whose only
# positional parameter is an int list as that list: x.tile(2, 3) is
# x.tile((2, 3)), x.squeeze(0, 1) is x.squeeze((0, 1)), x.count_nonzero(0, 1)
# (python_arg_parser.cpp, allow_varargs_intlist). Ops written with one
# parameter there (tile(input, dims)) would see extra arguments, so the guard
# of such a method packs them when the varargs signature is the one that
# binds the call: only calls of two or more positional arguments pay the
# parse, and only for methods whose op takes no *args of its own. The hot
# methods (squeeze, broadcast_to) take *args themselves.
def _is_varargs(sig):
    return sig.max_pos == 1 and sig.params[0].raw_type in ("IntArrayRef", "SymIntArrayRef")


def _needs_packing(key, f):
    """True if method `key` has a varargs int-list signature and its op `f`
    no *args to take the arguments."""
    if key not in SIGNATURES or not any(_is_varargs(s) for s in _signatures(key)):
        return False
    import inspect
    try:
        params = inspect.signature(f).parameters.values()
    except (TypeError, ValueError):
        return False
    return not any(p.kind is p.VAR_POSITIONAL for p in params)


def _packed(key, args, kwargs):
    """`args` as the op takes them: one tuple where the binding signature is
    the varargs one (NOTE [ Varargs int lists ])."""
    for s in _signatures(key):
        try:
            if s.parse(args, kwargs, False):
                return (tuple(args),) if _is_varargs(s) else args
        except Exception:       # the replay must not hide the op's own answer
            return args
    return args


def _guard_method(key, name, f, tensor_type):
    import functools
    seen = set()
    pack = _needs_packing(key, f)

    def guarded(self, *args, **kwargs):
        if not isinstance(self, tensor_type):
            # torch's methods are C method descriptors of TensorBase
            raise TypeError(f"descriptor '{name}' for 'torch._C.TensorBase' objects doesn't apply to a "
                            f"'{tp_name(self)}' object")
        if not shape_seen(args, kwargs, seen):
            prevalidate(key, args, kwargs, seen)
        if pack and len(args) > 1:
            args = _packed(key, args, kwargs)
        try:
            r = f(self, *args, **kwargs)
        except Exception:
            reject(key, args, kwargs)
            raise
        if r is NotImplemented:
            _declined(key, args, kwargs)
        return r
    try:
        functools.update_wrapper(guarded, f)
    except Exception:
        guarded.__name__ = name
        guarded.__doc__ = getattr(f, "__doc__", None)
    return guarded


def install():
    """Wrap the public callables (NOTE [ Parser replay on the error path ]);
    called once at the end of cyautograd/__init__.py."""
    import cyautograd
    import cyautograd.nn.functional as F
    from cyautograd._arg_signatures import FUNCTIONAL
    from cyautograd.tensor import Tensor, _register_method_override
    for n, adapt in PYTHON_FUNCTIONS.items():
        g = _guard_python(n, getattr(cyautograd, n), adapt)
        g.__module__, g.__qualname__ = "cyautograd", n
        setattr(cyautograd, n, g)
        g = _guard_python(n, Tensor.__dict__[n], METHOD_ADAPTERS.get(n, adapt), Tensor)
        g.__module__, g.__qualname__ = "cyautograd", "Tensor." + n
        _register_method_override(n, g)
    for n in dir(cyautograd):
        if n.startswith("_") or n in HOT_FUNCTIONS or n not in SIGNATURES or n in SELF_CHECKED \
                or n in PYTHON_FUNCTIONS:
            continue
        f = getattr(cyautograd, n)
        if callable(f) and not isinstance(f, type):
            g = _guard_function(n, f)
            # pickled by name, as torch.zeros is: cyautograd.<n> is the guard itself
            g.__module__, g.__qualname__ = "cyautograd", n
            setattr(cyautograd, n, g)
    for n in list(Tensor.__dict__):
        key = "Tensor." + n
        if n.startswith("_") or n in HOT_METHODS or key not in SIGNATURES or n in PYTHON_FUNCTIONS:
            continue
        f = Tensor.__dict__[n]
        if callable(f) and not isinstance(f, (type, staticmethod, classmethod)):
            g = _guard_method(key, n, f, Tensor)
            g.__module__, g.__qualname__ = "cyautograd", "Tensor." + n
            _register_method_override(n, g)
    for n, key in FUNCTIONAL.items():
        f = getattr(F, n, None)
        if f is not None and n not in HOT_FUNCTIONS and callable(f):
            g = _guard_function(key, f)
            g.__module__, g.__qualname__ = F.__name__, n
            setattr(F, n, g)
    for n, adapt in FUNCTIONAL_ADAPTERS.items():
        f = getattr(F, n, None)
        if f is not None and callable(f):
            g = _guard_functional(n, f, adapt)
            g.__module__, g.__qualname__ = F.__name__, n
            setattr(F, n, g)
    # torch.linalg.X, torch.special.X: native bindings of torch._C._linalg /
    # _special whose parser names them linalg_X / special_X (the tables
    # tools/gen_arg_signatures.py records as LINALG, SPECIAL)
    import importlib
    from cyautograd import _arg_signatures as recorded
    for ns in ("linalg", "special", "fft"):
        table = getattr(recorded, ns.upper(), None)
        if not table:
            continue
        mod = importlib.import_module("cyautograd." + ns)
        for n, key in table.items():
            f = mod.__dict__.get(n)
            if f is not None and callable(f) and not isinstance(f, type):
                g = _guard_function(key, f)
                g.__module__, g.__qualname__ = mod.__name__, n
                setattr(mod, n, g)
