"""Audit of the autograd namespaces against torch (issue 13).

Lists every public name torch has in torch.autograd, torch.autograd.graph,
torch.autograd.forward_ad, torch.autograd.functional, torch.autograd.gradcheck,
torch.autograd.profiler, torch.profiler, torch.func and torch.utils.checkpoint
(``__all__`` plus the public names a module defines itself, not those it
merely imports from the standard library or typing), and says which of them
cyautograd lacks and which it has with a different signature (parameter
names, kinds and defaults, compared with inspect.signature; annotations are
ignored, a default that is a function compares by name). Also the public
attributes of torch.autograd.graph.Node.

    python tools/autograd_namespace_audit.py            # the report
    python tools/autograd_namespace_audit.py --json     # machine-readable

Run it from the repository root so that this checkout's cyautograd is
imported. Needs torch.
"""
import importlib
import inspect
import json
import sys
import warnings

MODULES = ["autograd", "autograd.graph", "autograd.forward_ad", "autograd.functional",
           "autograd.gradcheck", "autograd.profiler", "profiler", "func", "utils.checkpoint"]

# modules whose objects are re-exported helpers rather than the namespace's own API
_FOREIGN = ("typing", "typing_extensions", "collections", "collections.abc", "contextlib", "functools",
            "enum", "abc", "dataclasses", "warnings", "builtins", "weakref", "logging", "itertools",
            "threading", "os", "sys", "uuid", "copy", "math", "time", "contextvars")


def _module(name):
    """The module object even where a package attribute shadows it (as
    torch.autograd.gradcheck, the function, shadows its module)."""
    importlib.import_module(name)
    return sys.modules[name]


def public_names(tmod):
    """(own, imported): the namespace's own public names (``__all__`` and
    what the module itself defines: classes and functions whose __module__
    is this module, constants), and the public names it only imports from
    elsewhere in torch (re-exports such as torch._C enums)."""
    import __future__
    declared = set(getattr(tmod, "__all__", ()))
    own, imported = set(declared), set()
    for n in dir(tmod):
        if n.startswith("_") or n in declared or n == "TYPE_CHECKING":
            continue
        o = getattr(tmod, n, None)
        if inspect.ismodule(o) or isinstance(o, __future__._Feature):
            continue
        mod = getattr(o, "__module__", None)
        if mod in _FOREIGN or getattr(type(o), "__module__", None) == "typing":
            continue
        if inspect.isclass(o) or inspect.isroutine(o):
            (own if mod == tmod.__name__ else imported).add(n)
        else:
            own.add(n)     # a constant the module defines
    return sorted(own), sorted(imported)


def _param_key(p):
    d = p.default
    if d is inspect.Parameter.empty:
        d = "<required>"
    elif callable(d):
        d = "<fn %s>" % getattr(d, "__name__", type(d).__name__)
    elif isinstance(d, object.__class__) or type(d).__module__ not in ("builtins",):
        d = repr(d).replace("torch.", "").replace("cyautograd.", "")
        if " at 0x" in d:
            d = d.split(" at 0x")[0]
    else:
        d = repr(d)
    return (p.name, p.kind.name, d)


def signature_key(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return [_param_key(p) for p in sig.parameters.values()]


def audit():
    rows = []
    for short in MODULES:
        tmod = _module("torch." + short)
        try:
            cmod = _module("cyautograd." + short)
        except ImportError as e:
            rows.append({"module": "torch." + short, "missing_module": str(e)})
            continue
        own, imported = public_names(tmod)
        missing, differ = [], []
        for n in own:
            tobj = getattr(tmod, n)
            if not hasattr(cmod, n):
                missing.append(n)
                continue
            tk, ck = signature_key(tobj), signature_key(getattr(cmod, n))
            if tk is not None and ck is not None and tk != ck:
                differ.append({"name": n, "torch": tk, "cyautograd": ck})
        rows.append({"module": "torch." + short, "names": len(own), "missing": missing,
                     "imports_missing": [n for n in imported if not hasattr(cmod, n)],
                     "signature_differs": differ})
    import torch
    import cyautograd
    tnode, cnode = torch.autograd.graph.Node, cyautograd.autograd.graph.Node
    rows.append({"module": "torch.autograd.graph.Node (attributes)",
                 "missing": sorted(n for n in dir(tnode) if not n.startswith("_") and not hasattr(cnode, n)),
                 "signature_differs": []})
    return rows


def main(argv):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows = audit()
    if "--json" in argv:
        print(json.dumps(rows, indent=1))
        return 0
    for r in rows:
        if "missing_module" in r:
            print(f"{r['module']}: MODULE MISSING ({r['missing_module']})")
            continue
        head = f"{r['module']}" + (f" ({r['names']} public names)" if "names" in r else "")
        print(head)
        print("  missing: " + (", ".join(r["missing"]) or "-"))
        if r.get("imports_missing"):
            print("  re-exported imports missing: " + ", ".join(r["imports_missing"]))
        for d in r["signature_differs"]:
            print(f"  signature differs: {d['name']}")
            print(f"    torch:      {d['torch']}")
            print(f"    cyautograd: {d['cyautograd']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
