"""Record torch's argument-parser signatures into cyautograd/_arg_signatures.py.

torch binds the arguments of its native functions with one parser
(NOTE [ Argument parser errors ], cyautograd/_arg_parser.py) over signature
strings that its code generator derives from native_functions.yaml
(tools/autograd/gen_python_functions.py). The same generator ships with
torch as ``torchgen`` (with the yaml files): this script runs it to get, for
every public function of cyautograd (``torch.X``, ``Tensor.X``,
``nn.functional.X`` where torch's is a native binding, and ``linalg.X``,
``special.X`` and ``fft.X``: SUBMODULES), the parser's
signature strings in the parser's order, exactly as the C++ parser reads
them (``(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *,
ScalarType? dtype=None, Tensor out=None)``, ``|deprecated`` ones last). The
printed forms these give are checked against live torch's listings by
tests/test_argparser_vs_torch.py. HAND declares the few bindings torch writes
by hand (python_variable_methods.cpp), in the same syntax.

    python tools/gen_arg_signatures.py        # needs torch 2.13 (and its torchgen)
"""
import collections
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "cyautograd", "_arg_signatures.py")

# bindings torch writes by hand (torch/csrc/autograd/python_variable_methods.cpp),
# in the parser's syntax; "|hidden" stands for an overload it never lists
HAND = {
    "Tensor.copy_": ["(Tensor other, bool non_blocking=False)", "(Tensor other, bool async=False)|deprecated"],
    "Tensor.cuda": ["(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
                    "(Device? device=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated"],
    "Tensor.nonzero": ["()", "(*, bool as_tuple)"],
    "Tensor.contiguous": ["(*, MemoryFormat memory_format=contiguous_format)"],
    "Tensor.is_contiguous": ["(*, MemoryFormat memory_format=contiguous_format)"],
    "Tensor.requires_grad_": ["(bool requires_grad=True)"],
    "Tensor.to": [
        "(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, "
        "MemoryFormat? memory_format=None)",
        "(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
        "(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)"],
    "Tensor.type": ["(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
                    "(PyObject* dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated"],
}


def torchgen_tables():
    """{name: [signature strings]} for torch.X, Tensor.X and torch._C._nn.X,
    as torch's generated bindings declare them."""
    import torchgen
    g = os.path.dirname(torchgen.__file__)
    sys.path.insert(0, os.path.join(g, "packaged"))
    from torchgen.gen import parse_native_yaml
    from autograd import gen_python_functions as gpf
    native = parse_native_yaml(os.path.join(g, "packaged/ATen/native/native_functions.yaml"),
                               os.path.join(g, "packaged/ATen/native/tags.yaml")).native_functions
    native = [f for f in native if gpf.should_generate_py_binding(f)]
    deprecated = os.path.join(g, "packaged/autograd/deprecated.yaml")

    def table(method, pred):
        grouped = collections.defaultdict(list)
        for p in gpf.load_signatures(native, deprecated, method=method):
            if pred(p.function):
                grouped[str(p.function.func.name.name)].append(p)
        out = {}
        for name, overloads in grouped.items():
            sigs = [s.signature.signature_str(symint=True) for s in gpf.group_overloads(overloads)]
            sigs = [s[s.index("("):] for s in sigs]
            # PythonArgParser tries deprecated signatures last (a stable partition)
            out[name] = [s for s in sigs if not s.endswith("|deprecated")] + \
                [s for s in sigs if s.endswith("|deprecated")]
        return out

    return (table(False, gpf.is_py_torch_function), table(True, gpf.is_py_variable_method),
            table(False, gpf.is_py_nn_function),
            {ns: table(False, getattr(gpf, f"is_py_{ns}_function")) for ns in SUBMODULES})


# torch's submodules whose functions are native bindings of torch._C._<ns>
# named "<ns>_<name>" (torch.linalg.inv is torch._C._linalg.linalg_inv, whose
# parser names itself linalg_inv): their tables are keyed "<ns>.<binding>"
# and mapped from cyautograd.<ns>'s names in the dict named <NS>
SUBMODULES = ("linalg", "special", "fft")


def main():
    import torch
    import torch.nn.functional as TF
    sys.path.insert(0, ROOT)
    import cyautograd as C
    import cyautograd.nn.functional as CF
    functions, methods, nn, subs = torchgen_tables()
    table = {}
    builtin = type(torch.add)
    for n in sorted(dir(C)):
        f = getattr(torch, n, None)
        if not n.startswith("_") and isinstance(f, builtin) and n in functions:
            table[n] = functions[n]
    # torch binds is_vulkan_available by hand without its parser: it takes and
    # ignores any arguments (the only torch.X that accepts junk; checked by calling them)
    table.pop("is_vulkan_available", None)
    for n in sorted(dir(C.Tensor)):
        m = getattr(torch.Tensor, n, None)
        # methods torch defines in Python (torch/_tensor.py) parse their own arguments
        # the operators (__and__, ...) answer NotImplemented instead of a parser error
        if n in methods and m is not None and type(m).__name__ == "method_descriptor" and \
                not n.startswith("__"):
            table["Tensor." + n] = methods[n]
    functional = {}
    for n in sorted(dir(CF)):
        f = getattr(TF, n, None)
        if n.startswith("_") or not isinstance(f, builtin):
            continue
        own = getattr(f, "__self__", None)
        if own is not None and getattr(own, "__name__", "") == "torch._C._nn" and f.__name__ in nn:
            functional[n] = "nn." + f.__name__
            table["nn." + f.__name__] = nn[f.__name__]
        elif f.__name__ in functions:
            functional[n] = f.__name__
            table[f.__name__] = functions[f.__name__]
    # torch functions written in Python that hand their arguments on to the
    # native binding of the same name (torch/functional.py: atleast_1d, ...);
    # cyautograd/_arg_parser.py's ADAPTERS rebuild that call
    for n in ("atleast_1d", "atleast_2d", "atleast_3d", "broadcast_tensors", "meshgrid", "einsum"):
        table[n] = functions[n]
    # ... and the native calls of those that hand them on under another name
    # (torch.unique: _unique2 or unique_dim) or by keyword (unique_consecutive)
    for n in ("_unique2", "unique_dim", "unique_consecutive"):
        table[n] = functions[n]
    # torch's Tensor.split (Python) hands an int split_size to _VF.split, whose
    # parser refuses a bool (ops/shape.pyx's _split_parser_check replays it)
    table["_VF.split"] = functions["split"]
    # the native calls of the nn.functional functions torch writes in Python
    # (cyautograd/_arg_parser.py's FUNCTIONAL_ADAPTERS rebuild them)
    for n in ("max_pool1d", "max_pool2d", "max_pool1d_with_indices", "layer_norm", "group_norm", "alpha_dropout",
              "alpha_dropout_", "feature_alpha_dropout", "feature_alpha_dropout_"):
        table[n] = functions[n]
    for n in ("max_pool2d_with_indices", "silu", "silu_", "relu6", "relu6_", "hardtanh", "hardtanh_", "glu",
              "adaptive_avg_pool2d", "adaptive_max_pool2d", "pad", "max_unpool2d", "im2col", "col2im"):
        table["nn." + n] = nn[n]
    # torch.linalg.X, torch.special.X, torch.fft.X: the bindings of the
    # functions cyautograd has in those submodules
    maps = {}
    for ns in SUBMODULES:
        ours = getattr(C, ns, None)
        theirs = getattr(torch, ns)
        maps[ns] = {}
        for n in sorted(dir(ours)) if ours is not None else ():
            f = getattr(theirs, n, None)
            if n.startswith("_") or not isinstance(f, builtin) or f.__name__ not in subs[ns]:
                continue
            maps[ns][n] = f"{ns}.{f.__name__}"
            table[f"{ns}.{f.__name__}"] = subs[ns][f.__name__]
    for k, v in HAND.items():
        table[k] = v
    with open(OUT, "w") as fh:
        fh.write('"""torch 2.13\'s argument-parser signatures, as its generated bindings declare\n'
                 'them (NOTE [ Argument parser errors ], cyautograd/_arg_parser.py): "name" for\n'
                 'torch.name, "Tensor.name" for the method, "nn.name" for torch._C._nn.name;\n'
                 'FUNCTIONAL maps cyautograd.nn.functional names to their binding; LINALG,\n'
                 'SPECIAL and FFT map cyautograd.<ns> names to theirs ("<ns>.<binding>").\n'
                 'Written by tools/gen_arg_signatures.py from torch; do not edit."""\n\n')
        fh.write("SIGNATURES = {\n")
        for k in sorted(table):
            fh.write(f"    {k!r}: [\n")
            for s in table[k]:
                fh.write(f"        {s!r},\n")
            fh.write("    ],\n")
        fh.write("}\n\nFUNCTIONAL = {\n")
        for k in sorted(functional):
            fh.write(f"    {k!r}: {functional[k]!r},\n")
        fh.write("}\n")
        for ns in SUBMODULES:
            fh.write(f"\n{ns.upper()} = {{\n")
            for k in sorted(maps[ns]):
                fh.write(f"    {k!r}: {maps[ns][k]!r},\n")
            fh.write("}\n")
    print(f"{len(table)} functions -> {OUT}")


if __name__ == "__main__":
    main()
