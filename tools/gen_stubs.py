"""Write the type stubs (.pyi) of cyautograd's public API from the built package.

    python tools/gen_stubs.py           # rewrite the stubs
    python tools/gen_stubs.py --check   # exit 1 (and list them) if any stub is out of date

Every public name (``dir()`` without a leading underscore) of the stubbed
modules, and every public attribute of ``Tensor``, gets an entry; parameters come
from the runtime signatures (Cython's ``binding`` gives them), return types from
the tables below (``Any`` where a name is not listed: an honest "not typed yet",
which mypy accepts). tests/test_stubs.py runs ``--check``, so a name added to the
API without regenerating fails the suite. Run it against a build of this
checkout (``python setup.py build_ext --inplace`` first).
"""
import argparse
import importlib
import inspect
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# module -> stub file, relative to the checkout
STUBS = {
    "cyautograd": "cyautograd/__init__.pyi",
    "cyautograd.tensor": "cyautograd/tensor.pyi",
    "cyautograd.autograd": "cyautograd/autograd/__init__.pyi",
    "cyautograd.nn": "cyautograd/nn/__init__.pyi",
    "cyautograd.optim": "cyautograd/optim/__init__.pyi",
}

T = "Tensor"
B = "builtins.bool"
I = "builtins.int"

# return types of functions and methods, by name (both Tensor methods and the
# functions of the same name); names ending in "_" (in-place ops) return Tensor
TENSOR_RESULT = """
abs add all amax amin any argmax argmin as_strided bitwise_not bmm bool cat ceil clamp clamp_max
clamp_min clip clone concat contiguous cos cpu cuda cumsum detach diagonal div divide dot double eq
exp expand expand_as flatten float floor floor_divide gather ge getitem gt half index_put
index_select int isclose isfinite isinf isnan le linear log log10 log1p log2 log_softmax
logical_and logical_not logical_or logical_xor logsumexp long lt masked_fill matmul maximum mean
minimum mm moveaxis movedim mul multiply mv narrow ne neg negative new_empty new_full new_ones
new_tensor new_zeros norm numpy_T permute pow prod reciprocal relu remainder reshape reshape_as
round rsqrt rsub scatter select sigmoid sign sin softmax sqrt square squeeze stack std sub subtract
sum swapaxes t tan tanh to transpose true_divide trunc type_as unflatten unfold unsqueeze var
variable_data view view_as
arange as_tensor empty empty_like eye from_numpy full full_like linspace ones ones_like rand
rand_like randint randn randn_like randperm tensor zeros zeros_like
""".split()
RETURNS = {n: T for n in TENSOR_RESULT}
RETURNS.update({
    "allclose": B, "equal": B, "is_complex": B, "is_contiguous": B, "is_floating_point": B,
    "is_inference": B, "is_tensor": B, "is_grad_enabled": B, "is_inference_mode_enabled": B,
    "is_anomaly_enabled": B, "is_anomaly_check_nan_enabled": B, "is_warn_always_enabled": B,
    "data_ptr": I, "get_device": I, "dim": I, "element_size": I, "ndimension": I, "nelement": I, "numel": I,
    "storage_offset": I, "initial_seed": I,
    "tolist": "Any", "type": "Any", "numpy": "Any", "item": "Any",
    "backward": "None", "retain_grad": "None", "set_data": "None", "set_warn_always": "None",
    "set_default_dtype": "None",
    "get_default_dtype": "dtype", "promote_types": "dtype", "result_type": "dtype",
    "get_include": "list[builtins.str]",
    "chunk": "tuple[Tensor, ...]", "split": "tuple[Tensor, ...]", "unbind": "tuple[Tensor, ...]",
    "grad": "tuple[Tensor, ...]",
    "__init__": "None", "__setitem__": "None", "__delitem__": "None", "__bool__": B,
    "__len__": I, "__int__": I, "__index__": I, "__hash__": I, "__float__": "builtins.float",
    "__repr__": "builtins.str", "__str__": "builtins.str", "__iter__": "Iterator[Any]",
    "__contains__": B,
    "__exit__": "None",
    # nn.Module and optim.Optimizer (the rest of their methods stay Any)
    "parameters": "Iterator[Any]", "named_parameters": "Iterator[tuple[builtins.str, Any]]",
    "zero_grad": "None", "state_dict": "dict[builtins.str, Any]",
})
TENSOR_RETURNS = {   # Tensor only (the functions of these names return other things)
    "__iter__": "Iterator[Tensor]", "__enter__": "Any", "size": "Any", "stride": "Any",
    "register_hook": "Any", "register_post_accumulate_grad_hook": "Any",
    "max": "Any", "min": "Any", "where": "Any", "nonzero": "Any", "array_module": "Any",
    "device_of": "Any", "setitem": "None",
}
TENSOR_DUNDERS = """__abs__ __add__ __and__ __floordiv__ __getitem__ __iadd__ __imul__ __invert__
__isub__ __itruediv__ __matmul__ __mod__ __mul__ __neg__ __or__ __pos__ __pow__ __radd__ __rand__
__rfloordiv__ __rmatmul__ __rmod__ __rmul__ __ror__ __rpow__ __rsub__ __rtruediv__ __rxor__ __sub__
__truediv__ __xor__ __eq__ __ne__ __lt__ __le__ __gt__ __ge__ __deepcopy__""".split()
TENSOR_RETURNS.update({n: T for n in TENSOR_DUNDERS})
# comparisons return a Tensor, as torch's do: object's bool-returning ones are overridden
# (step: LBFGS.step takes a required closure where Optimizer.step's is optional, as torch's)
IGNORE_OVERRIDE = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "step"}
# Tensor's data attributes: (type, settable)
TENSOR_ATTRS = {
    "T": (T, False), "mT": (T, False), "data": (T, True), "device": ("device", False),
    "dtype": ("dtype", False), "grad": ("Tensor | None", True), "grad_fn": ("Any", False),
    "is_cuda": (B, False), "is_cpu": (B, False), "is_leaf": (B, False), "is_sparse": (B, False),
    "itemsize": (I, False), "layout": ("Any", False), "name": ("Any", True),
    "nbytes": (I, False), "ndim": (I, False), "output_nr": (I, False),
    "requires_grad": (B, True), "retains_grad": (B, False), "shape": ("Size", False),
    # private in name, public in use (torch's stubs have them too)
    "_version": (I, False), "_base": ("Tensor | None", False),
}
# dunders worth a stub entry when a class defines them
DUNDERS = ("__init__", "__call__", "__enter__", "__exit__", "__iter__", "__len__", "__getitem__",
           "__setitem__", "__delitem__", "__contains__", "__getattr__", "__bool__")


def public(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def _params(fn, method, rename_first):
    """The parameter list of fn's signature, every parameter Any-typed."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return ("self, " if method else "") + "*args: Any, **kwargs: Any"
    ps = list(sig.parameters.values())
    out = []
    if method:
        if ps and ps[0].kind in (ps[0].POSITIONAL_ONLY, ps[0].POSITIONAL_OR_KEYWORD) and (
                rename_first or ps[0].name in ("self", "cls")):
            ps = ps[1:]
        out.append("self")
    star = slash = False
    for p in ps:
        if p.kind is p.POSITIONAL_ONLY:
            slash = True
        elif slash:
            out.append("/")
            slash = False
        if p.kind is p.KEYWORD_ONLY and not star:
            out.append("*")
            star = True
        if p.kind is p.VAR_POSITIONAL:
            out.append(f"*{p.name}: Any")
            star = True
        elif p.kind is p.VAR_KEYWORD:
            out.append(f"**{p.name}: Any")
        else:
            out.append(f"{p.name}: Any" + (" = ..." if p.default is not p.empty else ""))
    if slash:
        out.append("/")
    if method and out[1:2] == ["/"]:
        out.pop(1)
    return ", ".join(out)


# methods of every other class: only these are typed (a name like clone or
# requires_grad_ means something else on a Module than on a Tensor)
CLASS_RETURNS = {k: RETURNS[k] for k in RETURNS if k.startswith("__") or k in (
    "parameters", "named_parameters", "zero_grad", "state_dict")}


def _ret(name, table=None):
    if table is not None and name in table:
        return table[name]
    if table is not None and table is not TENSOR_RETURNS:
        return "Any"
    if name in RETURNS:
        return RETURNS[name]
    if name.endswith("_") and not name.startswith("_"):
        return T
    return "Any"


UNARY = {"__abs__", "__neg__", "__pos__", "__invert__"}


def function_stub(name, fn, indent="", method=False, table=None, rename_first=False, deco=None):
    lines = []
    if deco:
        lines.append(f"{indent}@{deco}")
    if table is TENSOR_RETURNS and name in TENSOR_DUNDERS:
        # Cython's operator slots have no signature: written out as Python sees them
        params = "self" if name in UNARY else "self, other: Any, /"
    else:
        params = _params(fn, method and deco != "staticmethod", rename_first)
    if deco == "classmethod":
        params = "cls" + params[4:] if params.startswith("self") else params
    ign = "  # type: ignore[override, unused-ignore]" if name in IGNORE_OVERRIDE else ""
    lines.append(f"{indent}def {name}({params}) -> {_ret(name, table)}: ...{ign}")
    return lines


def _base_names(cls, known):
    bases = [b.__name__ for b in cls.__bases__ if b is not object and b.__name__ in known]
    return f"({', '.join(bases)})" if bases else ""


def _defined(cls, known):
    """The names cls defines itself or inherits from our classes that get
    no stub of their own (a private base such as grad_mode's _ModeSetter):
    what those bases give must be written in each subclass's stub."""
    names = set(vars(cls))
    for b in cls.__mro__[1:]:
        if b.__name__ in known or not b.__module__.startswith("cyautograd"):
            continue
        names.update(vars(b))
    return names


def class_stub(cls, known, table=None, attrs=None, rename_first=False):
    name = cls.__name__
    mine = _defined(cls, known)
    if issubclass(cls, tuple) and cls is not tuple and not _base_names(cls, known):
        head = f"class {name}(tuple[{I}, ...]):"
    else:
        head = f"class {name}{_base_names(cls, known)}:"
    body = []
    names = [d for d in DUNDERS if d in mine]
    if table is TENSOR_RETURNS:
        names += [d for d in TENSOR_DUNDERS if d in mine and d not in names]
    own = public(cls)
    if _base_names(cls, known):   # what the stubbed base class has is inherited in the stub too
        own = [n for n in own if n in mine]
    names += own
    if attrs is not None:
        names += [n for n in attrs if n.startswith("_") and hasattr(cls, n)]
    for n in names:
        static = inspect.getattr_static(cls, n)
        if attrs is not None and n in attrs:
            typ, settable = attrs[n]
            if settable:
                body.append(f"    {n}: {typ}")
            else:
                body += ["    @property", f"    def {n}(self) -> {typ}: ..."]
            continue
        if isinstance(static, staticmethod):
            body += function_stub(n, static.__func__, "    ", True, table, deco="staticmethod")
        elif isinstance(static, classmethod):
            body += function_stub(n, static.__func__, "    ", True, table, deco="classmethod")
        elif isinstance(static, property) or type(static).__name__ in ("getset_descriptor",
                                                                      "member_descriptor"):
            body += ["    @property", f"    def {n}(self) -> Any: ..."]
        elif callable(static):
            body += function_stub(n, getattr(cls, n), "    ", True, table,
                                  rename_first=rename_first and n not in vars(object))
        else:
            body.append(f"    {n}: Any")
    return [head] + (body or ["    ..."])


HEADER = ('# Generated by tools/gen_stubs.py from the built package: edit the tables there and\n'
          '# rerun it (tests/test_stubs.py fails when this file is out of date).\n'
          'import builtins\nfrom typing import Any, Iterator\n')


def module_stub(modname):
    mod = importlib.import_module(modname)
    names = public(mod)
    out = [HEADER.rstrip("\n")]
    imports, values, body = [], [], []
    known = set(names)
    for n in names:
        v = getattr(mod, n)
        if isinstance(v, types.ModuleType):
            if v.__name__.startswith("cyautograd.") and (v.__name__ in STUBS or (
                    getattr(v, "__file__", "") or "").endswith(".py")):
                imports.append(f"from {v.__name__.rpartition('.')[0]} import "
                               f"{v.__name__.rpartition('.')[2]} as {n}")
            else:   # a compiled module with no stub of its own
                values.append(f"{n}: types.ModuleType")
        elif isinstance(v, type):
            home = v.__module__
            if v is getattr(sys.modules.get("cyautograd.tensor"), v.__name__, None):
                home = "cyautograd.tensor"   # Cython gives Tensor no __module__
            if modname != "cyautograd.tensor" and home == "cyautograd.tensor":
                imports.append(f"from cyautograd.tensor import {v.__name__} as {n}")
            elif home.startswith("cyautograd.dtypes"):
                imports.append(f"from cyautograd.dtypes import {v.__name__} as {n}")
            elif v.__name__ != n or home.startswith("cyautograd.nn") and modname == "cyautograd.optim":
                values.append(f"{n}: type[Any]")
            else:
                tensor = n == "Tensor"
                body += [""] + class_stub(v, known | {"Tensor"},
                                          TENSOR_RETURNS if tensor else CLASS_RETURNS,
                                          TENSOR_ATTRS if tensor else None, rename_first=tensor)
        elif callable(v):
            body += [""] + function_stub(n, v)
        else:
            typ = type(v)
            if typ.__module__ == "cyautograd.dtypes":
                values.append(f"{n}: dtype")
            elif typ in (bool, int, float, str):
                values.append(f"{n}: builtins.{typ.__name__}")
            else:
                values.append(f"{n}: Any")
    if any("types.ModuleType" in v for v in values):
        out.append("import types")
    if modname != "cyautograd.tensor" and any(" Tensor" in b or "(Tensor" in b or "[Tensor" in b
                                              for b in body) and "Tensor" not in known:
        imports.append("from cyautograd.tensor import Tensor")
    if modname == "cyautograd.tensor":
        imports.append("from cyautograd.dtypes import dtype")
    out += sorted(set(imports)) + [""] + values + body
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report stubs that are out of date")
    args = ap.parse_args(argv)
    sys.path.insert(0, ROOT)
    stale = []
    for modname, rel in STUBS.items():
        path = os.path.join(ROOT, rel)
        text = module_stub(modname)
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            stale.append(rel)
            if not args.check:
                with open(path, "w") as f:
                    f.write(text)
    if args.check and stale:
        print("out of date (run python tools/gen_stubs.py): " + ", ".join(stale))
        return 1
    for rel in stale:
        print("wrote " + rel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
