"""Attaches the docstrings of the public API at import time.

NOTE [ Where docstrings live ]
As torch's ``_torch_docs.py``/``_tensor_docs.py`` (``add_docstr``), the text of
most public docstrings is kept in tables, name -> text, beside the code:
cyautograd/_torch_docs.py (the ``cyautograd`` namespace: ops, which are also
Tensor methods, factories, grad modes), cyautograd/_tensor_docs.py (Tensor
methods that are not top-level functions), cyautograd/nn/_docs.py and
cyautograd/optim/_docs.py. A name is a dotted path under ``cyautograd``
(``"add"``, ``"Tensor.to"``, ``"nn.Linear.forward"``). ``attach`` writes each
text into the object's ``__doc__`` after Cython's embedded signature line (the
first line, which editors and ``help()`` show); a text that starts with
``>>>`` is an example appended to the docstring the object already has in its
source.

Only objects whose ``__doc__`` is writable can be documented this way: Cython
functions (module-level ``def``s and methods of Python classes), Python
functions and classes. Methods and properties of ``cdef class``es (Tensor.backward,
Tensor.grad, Node.name, ...) are method/getset descriptors with a read-only
``__doc__``: theirs are written in the .pyx source under the ``def``.

Every docstring says what the object does in torch's terms, its arguments, and
has an example line (``>>> ...``) written for ``import cyautograd as torch``,
``from cyautograd import nn`` and ``import cyautograd.nn.functional as F``.
tests/test_docstrings.py walks the public API and fails on a name without
both (it also runs every example and checks that every name in the tables
resolves), so a new public name needs an entry here (or a docstring in its
source) before the suite passes.

One exception: cyautograd.distributed, nn.parallel and utils.data.distributed
keep their examples in the source, in doctest form with the output shown:
tests/test_distributed.py runs those docstrings as doctests (with and without
a process group), and a table's appended example has no expected output.
"""
import sys as _sys

# the tables, in the order they are applied (a later table may override)
TABLES = ("cyautograd._torch_docs", "cyautograd._tensor_docs", "cyautograd.nn._docs",
          "cyautograd.optim._docs", "cyautograd.autograd._docs")
# modules that ``import cyautograd`` does not import: each attaches its own
# entries when it is imported (``attach(prefix)`` at its end)
ON_DEMAND = ("utils.checkpoint.",)

def _signature_line(obj, doc):
    """Cython's embedsignature line (``add(input, other, *, alpha=1)``,
    ``Tensor.view(self, size)``) when doc starts with one for obj, else ''."""
    if not doc:
        return ""
    first = doc.partition("\n")[0].strip()
    head, paren, _ = first.partition("(")
    if paren and " " not in head and (first.endswith(")") or "->" in first) and \
            head.rpartition(".")[2] == getattr(obj, "__name__", None):
        return first
    return ""


def add_docstr(obj, text):
    """Set obj's docstring to text (after its signature line), or append text
    when it is an example (``>>>``) for a docstring the source has. Returns
    False when obj's ``__doc__`` cannot be written."""
    old = obj.__doc__ or ""
    if text.startswith(">>>"):
        # indented as the source's docstring, so that inspect.cleandoc (help)
        # dedents both alike
        lines = old.expandtabs().split("\n")[1:]
        margin = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
        text = text.replace("\n", "\n" + " " * margin)
        if text in old:
            return True
        new = old.rstrip() + "\n\n" + " " * margin + text
    else:
        sig = _signature_line(obj, old)
        new = sig + "\n\n" + text if sig else text
    try:
        obj.__doc__ = new
    except (AttributeError, TypeError):
        return False
    return obj.__doc__ == new


def resolve(name):
    """The object a table name denotes (a dotted path under cyautograd), or
    None. A method is taken from its class's __dict__ (a staticmethod's or
    classmethod's function, a property itself), so its own __doc__ is set."""
    obj = _sys.modules["cyautograd"]
    parts = name.split(".")
    for i, p in enumerate(parts):
        if isinstance(obj, type):
            found = None
            for klass in obj.__mro__:
                if p in vars(klass):
                    found = vars(klass)[p]
                    break
            if found is None:
                return None
            obj = found.__func__ if isinstance(found, (staticmethod, classmethod)) else found
        else:
            sub = getattr(obj, p, None)
            if sub is None:
                mod = _sys.modules.get(f"{getattr(obj, '__name__', '')}.{p}")
                if mod is None:
                    return None
                sub = mod
            obj = sub
    return obj


def table_items():
    """(name, text) of every table entry, in application order."""
    import importlib
    for modname in TABLES:
        yield from importlib.import_module(modname).DOCS.items()


def attach(prefix=None):
    """Attach the docstrings of every table entry (whose name starts with
    prefix, when given); returns the names that could not be attached
    (unresolved, or a read-only __doc__): the test reports them."""
    failed = []
    for name, text in table_items():
        if prefix is not None and not name.startswith(prefix):
            continue
        if prefix is None and name.startswith(ON_DEMAND) and \
                f"cyautograd.{name.rpartition('.')[0]}" not in _sys.modules:
            continue
        obj = resolve(name)
        if obj is None or not add_docstr(obj, text.strip()):
            failed.append(name)
    return failed
