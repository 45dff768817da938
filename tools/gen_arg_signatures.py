"""Record torch's argument-parser signatures into cyautograd/_arg_signatures.py.

For every public function of cyautograd (and method of cyautograd.Tensor)
that torch has, torch is called with twenty junk arguments; where torch's
argument parser answers with its listing ("... but expected one of: * (...)"
or "... but expected (...)"), the signatures it prints are recorded, as
NOTE [ Argument parser errors ] (cyautograd/_arg_parser.py) uses them.
Functions torch implements in Python, and single-signature functions (whose
parser names the failing argument without listing), are not recorded here;
HAND below declares the few of those our ops need, as torch prints them.

    python tools/gen_arg_signatures.py        # needs torch 2.13
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "cyautograd", "_arg_signatures.py")

# single-signature functions (torch lists nothing for them), as torch prints
# them in its "did you mean" form (torch/csrc/utils/python_arg_parser.cpp's
# FunctionSignature::toString)
HAND = {
    "square": ["(Tensor input, *, Tensor out = None)"],
    "maximum": ["(Tensor input, Tensor other, *, Tensor out = None)"],
    "minimum": ["(Tensor input, Tensor other, *, Tensor out = None)"],
    "Tensor.maximum": ["(Tensor other)"],
    "Tensor.minimum": ["(Tensor other)"],
}

_LISTING = re.compile(r"received an invalid combination of arguments - got \(.*?\), but expected "
                      r"(?:one of:\n((?: \* \(.*\)\n)+)|(\(.*\)))$", re.S)


def probe(fn):
    try:
        fn(*[object()] * 20)
    except TypeError as e:
        m = _LISTING.search(str(e))
        if m is None:
            return None
        if m.group(2):
            # one listed signature, yet a listing: torch has hidden (deprecated) ones too
            return [m.group(2), "|hidden"]
        return [line[3:] for line in m.group(1).splitlines()]
    except Exception:
        return None
    return None


def main():
    import torch
    sys.path.insert(0, ROOT)
    import cyautograd as C
    table = {}
    for n in sorted(dir(C)):
        if n.startswith("_") or not hasattr(torch, n) or isinstance(getattr(torch, n), type):
            continue
        f = getattr(torch, n)
        if callable(f):
            sigs = probe(f)
            if sigs:
                table[n] = sigs
    x = torch.ones(2, 3)
    for n in sorted(dir(C.Tensor)):
        if n.startswith("_") or n == "new" or not hasattr(torch.Tensor, n):
            continue
        m = getattr(x, n, None)
        if callable(m):
            sigs = probe(m)
            if sigs:
                table["Tensor." + n] = sigs
    for k, v in HAND.items():
        table.setdefault(k, v)
    with open(OUT, "w") as fh:
        fh.write('"""torch 2.13\'s argument-parser signatures of the functions whose parse\n'
                 'errors list them (NOTE [ Argument parser errors ], cyautograd/_arg_parser.py).\n'
                 'Written by tools/gen_arg_signatures.py from torch; do not edit."""\n\n')
        fh.write("SIGNATURES = {\n")
        for k in sorted(table):
            fh.write(f"    {k!r}: [\n")
            for s in table[k]:
                fh.write(f"        {s!r},\n")
            fh.write("    ],\n")
        fh.write("}\n")
    print(f"{len(table)} functions -> {OUT}")


if __name__ == "__main__":
    main()
