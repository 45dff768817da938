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
torch's TypeError if torch's parser would reject the call. Nothing here runs
unless a call has already failed: the fast path is untouched.
"""
import os

from cyautograd._arg_signatures import SIGNATURES

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


def _is_index(x):
    import numpy as np
    return (isinstance(x, int) and not isinstance(x, bool)) or isinstance(x, np.integer)


def _is_scalar(x):
    import numpy as np
    return isinstance(x, (int, float, complex, np.number, np.bool_))


def _tensor_check(x):
    from cyautograd.tensor import Tensor
    return isinstance(x, Tensor)


_SIZED_LISTS = frozenset({"dim", "kernel_size", "stride", "padding", "dilation", "output_padding",
                          "output_size"})


def _check(ptype, x, numbers_as_tensors, name=""):
    """FunctionParameter::check for the parameter types torch prints."""
    if ptype == "Tensor":
        return _tensor_check(x) or (numbers_as_tensors and _is_scalar(x))
    if ptype in ("Number", "complex", "float"):
        if ptype == "Number" and _is_scalar(x):
            return True
        if ptype in ("Number", "complex") and isinstance(x, complex):
            return True
        if isinstance(x, (int, float)) or _is_scalar(x) and not isinstance(x, complex):
            return True
        if _tensor_check(x):
            return not x.requires_grad and x.dim() == 0
        return False
    if ptype == "int":
        if _is_index(x):
            return True
        if _tensor_check(x):
            return (not x.is_floating_point() and x.dtype.__repr__() != "cyautograd.bool"
                    and not x.requires_grad and x.dim() == 0)
        return False
    if ptype == "bool":
        return isinstance(x, bool)
    if ptype == "tuple of ints":
        # a sized list (`int[1] dim`) takes a single int too; printed
        # signatures drop the size, so it is known by the parameter's name
        return (isinstance(x, (tuple, list)) and (len(x) == 0 or _is_index(x[0]))) or \
            (name in _SIZED_LISTS and _is_index(x))
    if ptype == "tuple of Tensors":
        return isinstance(x, (tuple, list)) and all(_tensor_check(e) for e in x)
    if ptype == "torch.dtype":
        from cyautograd.dtypes import dtype
        return isinstance(x, dtype) or x in (int, float, bool, complex)
    if ptype == "str":
        return isinstance(x, str)
    if ptype == "torch.device":
        from cyautograd._device import device
        return _is_index(x) or isinstance(x, (str, device))
    if ptype == "torch.Generator":
        return type(x).__name__ == "Generator"
    return True     # types we never hand junk through (layout, memory_format, ...)


class _Param:
    __slots__ = ("type", "name", "optional", "allow_none", "kw_only")

    def __init__(self, text, kw_only):
        decl, eq, default = text.partition(" = ")
        self.type, _, self.name = decl.rpartition(" ")
        self.optional = bool(eq)
        self.allow_none = default == "None"
        self.kw_only = kw_only


class Signature:
    """One overload as torch prints it: ``(Tensor input, *, Number alpha = 1)``;
    ``|hidden`` stands for torch's deprecated overloads, which it parses but
    never lists (they bind none of the calls that reach here)."""

    def __init__(self, name, text):
        self.name = name
        self.opaque = text == "|hidden"
        if self.opaque:
            text = "()|hidden"
        self.hidden = text.endswith("|hidden")
        self.text = text[:-len("|hidden")] if self.hidden else text
        self.params = []
        kw = False
        body = self.text[1:-1]
        for p in (body.split(", ") if body else ()):
            if p == "*":
                kw = True
            else:
                self.params.append(_Param(p, kw))
        if any(p.name == "keepdim" for p in self.params):
            for p in self.params:
                # printed signatures drop the "?" of optional types: a
                # reduction's `int[1]? dim` prints as "tuple of ints dim"
                # yet takes None
                if p.type == "tuple of ints" and p.name == "dim":
                    p.allow_none = True
        self.min_args = sum(not p.optional for p in self.params)
        self.max_args = len(self.params)
        self.max_pos = sum(not p.kw_only for p in self.params)
        self.numbers_as_tensors = name in _NUMBERS_AS_TENSORS

    def parse(self, args, kwargs, raise_exception):
        """FunctionSignature::parse: True if the call binds, else False (or
        torch's TypeError when raise_exception)."""
        if self.opaque:
            return False
        name = self.name
        nargs = len(args)
        varargs = self.max_pos == 1 and self.params[0].type == "tuple of ints"
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
                is_kwd = True
                key = p.name if p.name in kwargs else next(
                    (k for k in _NUMPY_NAMES.get(p.name, ()) if k in kwargs), None)
                have = key is not None
                obj = kwargs.get(key) if have else None
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
            elif _check(p.type, obj, self.numbers_as_tensors, p.name):
                pass
            elif varargs and arg_pos == 0 and not is_kwd and all(_is_index(a) for a in args):
                return True
            elif raise_exception:
                if is_kwd:
                    raise TypeError(f"{name}(): argument '{p.name}' must be {p.type}, not {tp_name(obj)}")
                raise TypeError(f"{name}(): argument '{p.name}' (position {arg_pos + 1}) must be "
                                f"{p.type}, not {tp_name(obj)}")
            else:
                return False
            if not is_kwd:
                arg_pos += 1
            elif have:
                remaining -= 1
        if remaining > 0:
            if raise_exception:
                for k in kwargs:
                    idx = next((j for j, q in enumerate(self.params)
                                if q.name == k or k in _NUMPY_NAMES.get(q.name, ())), -1)
                    if idx < 0:
                        raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
                    if idx < nargs:
                        raise TypeError(f"{name}() got multiple values for argument '{k}'")
                raise TypeError("invalid keyword arguments")
            return False
        return True

    def _extra_args(self, nargs):
        if self.min_args != self.max_pos:
            raise TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos} positional "
                            f"arguments but {nargs} were given")
        raise TypeError(f"{self.name}() takes {self.max_pos} positional argument"
                        f"{'' if self.max_pos == 1 else 's'} but {nargs} {'was' if nargs == 1 else 'were'} given")


_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"), "other": ("x2",)}
_CACHE = {}


def _signatures(key):
    sigs = _CACHE.get(key)
    if sigs is None:
        name = key.rpartition(".")[2]
        sigs = _CACHE[key] = [Signature(name, s) for s in SIGNATURES[key]]
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
    if key not in SIGNATURES:
        return
    kwargs = dict(kwargs) if kwargs else {}
    args = tuple(args)
    sigs = _signatures(key)
    if len(sigs) == 1:
        sigs[0].parse(args, kwargs, True)
        return
    for s in sigs:
        if s.parse(args, kwargs, False):
            return
    n = len(args) + len(kwargs)
    plausible = [s for s in sigs if s.min_args <= n <= s.max_args and not s.hidden]
    if len(plausible) == 1:
        plausible[0].parse(args, kwargs, True)
    options = [s.text for s in sigs if not s.hidden]
    raise TypeError(_format_invalid_args(sigs[0].name, options, args, kwargs))


def fail(key, args, kwargs=None, fallback=None):
    """:func:`check`, then raise `fallback` (an exception) if torch's parser
    would have accepted the call: for a failure site that knows the call is
    bad but not which of torch's messages describes it."""
    check(key, args, kwargs)
    if fallback is not None:
        raise fallback
