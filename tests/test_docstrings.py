"""Issue 16 item 5: every public function, class, method and property of the
API has a docstring that says more than its signature and shows an example
(``>>> ...``), so ``help(torch.Tensor.backward)`` tells a torch user what to
write; every example runs; every name in the docstring tables
(NOTE [ Where docstrings live ] in cyautograd/_docs.py) still names an object.

The walk: the public names (``__all__``, else ``dir()`` without a leading
underscore) of the modules below that cyautograd defines (imports such as
``typing.Optional`` are skipped), and the public attributes of every such
class, including the inherited ones of classes of ours (a method documented
on a base class counts for an override, as ``inspect.getdoc`` does)."""
import contextlib
import doctest
import importlib
import inspect
import io
import sys
import types
import warnings

import pytest

import cyautograd
from cyautograd import _docs

MODULES = ["cyautograd", "cyautograd.autograd", "cyautograd.autograd.graph",
           "cyautograd.autograd.functional", "cyautograd.autograd.forward_ad",
           "cyautograd.autograd.anomaly_mode", "cyautograd.autograd.profiler",
           "cyautograd.nn", "cyautograd.nn.functional", "cyautograd.nn.init", "cyautograd.nn.utils",
           "cyautograd.nn.utils.rnn",
           "cyautograd.optim", "cyautograd.optim.lr_scheduler", "cyautograd.utils.data",
           "cyautograd.utils.checkpoint", "cyautograd.utils.hooks", "cyautograd.func",
           "cyautograd.distributed", "cyautograd.nn.parallel", "cyautograd.linalg",
           "cyautograd.random", "cyautograd.testing", "cyautograd.utils.data.distributed",
           "cyautograd.accelerator", "cyautograd.special",
           "cyautograd._C", "cyautograd._C._functions", "cyautograd._C._autograd"]

# Internal helpers still visible on Tensor and in the namespace: another
# change hides them, so they need no docstring (nor a table entry that resolves).
INTERNAL = {"array_module", "device_of", "variable_data", "numpy_T", "getitem", "setitem"}
# Node's C fields, readable for the engine's tests (torch has no such names)
INTERNAL |= {"next_edges_", "sequence_nr_"}
# The device methods and properties of Tensor and torch.device are being
# rewritten in tensor.pyx by a parallel change (cdef methods and properties
# take their docstrings in the .pyx source): their docstrings come with it.
PENDING = set()

DESCRIPTORS = ("getset_descriptor", "member_descriptor")


def _ours(v):
    m = getattr(v, "__module__", None) or ""
    if m.startswith("cyautograd"):
        return True
    # a cdef class: Cython leaves its __module__ as "builtins"
    return isinstance(v, type) and m == "builtins" and any(
        getattr(mod, v.__name__, None) is v for name, mod in list(sys.modules.items())
        if name.startswith("cyautograd") and mod is not None)


def public_api():
    """[(qualified name, the object as stored, the object as looked up)],
    each object once."""
    seen = {}
    for mn in MODULES:
        try:
            mod = importlib.import_module(mn)
        except ImportError:   # a module another change adds
            continue
        names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
        for n in sorted(names):
            v = getattr(mod, n, None)
            if isinstance(v, types.ModuleType) or not callable(v) or not _ours(v) or n in INTERNAL:
                continue
            seen.setdefault(id(v), (f"{mn}.{n}", v))
    out = [(qn, v, v) for qn, v in seen.values()]
    walked = set()
    for qn, cls in list(seen.values()):
        if not isinstance(cls, type):
            continue
        for c in cls.__mro__:
            if c is object or not _ours(c) or id(c) in walked or (c is not cls and id(c) in seen):
                continue
            walked.add(id(c))
            cq = qn if c is cls else f"{c.__module__}.{c.__qualname__}"
            for n, s in sorted(vars(c).items()):
                if n.startswith("_") or n in INTERNAL:
                    continue
                if isinstance(s, (staticmethod, classmethod)):
                    s = s.__func__
                if not (callable(s) or isinstance(s, property) or type(s).__name__ in DESCRIPTORS):
                    continue
                if id(s) in seen:
                    continue
                seen[id(s)] = (f"{cq}.{n}", s)
                out.append((f"{cq}.{n}", s, getattr(c, n, s)))
    return sorted(out, key=lambda t: t[0])


def docstring(stored, looked_up):
    if isinstance(stored, property) or type(stored).__name__ in DESCRIPTORS:
        slots = getattr(getattr(stored, "__objclass__", None), "__slots__", None)
        if not stored.__doc__ and isinstance(slots, dict):
            # __slots__ as a dict: its values are the docstrings (pydoc shows them)
            return slots.get(stored.__name__) or ""
        return stored.__doc__ or ""
    return inspect.getdoc(looked_up) or ""


def text_of(obj, doc):
    """The docstring without Cython's embedded signature line."""
    sig = _docs._signature_line(obj, doc)
    return doc[len(sig):] if sig else doc


API = public_api()


def test_the_walk_sees_the_api():
    names = {qn for qn, _, _ in API}
    for n in ("cyautograd.add", "cyautograd.Tensor.backward", "cyautograd.Tensor.grad",
              "cyautograd.nn.Linear", "cyautograd.nn.Module.parameters", "cyautograd.optim.SGD",
              "cyautograd.nn.functional.cross_entropy", "cyautograd.autograd.grad"):
        assert n in names, n
    # a Tensor method that is a namespace function is reported once, by that name
    assert "cyautograd.Tensor.add" not in names
    assert len(API) > 500


def test_every_public_name_has_a_docstring_and_an_example():
    no_text, no_example = [], []
    for qn, stored, looked_up in API:
        if qn in PENDING:
            continue
        doc = docstring(stored, looked_up)
        text = text_of(looked_up, doc)
        if not text.strip() or text.strip().startswith(">>>"):
            no_text.append(qn)
        elif not any(line.lstrip().startswith(">>> ") for line in text.splitlines()):
            no_example.append(qn)
    msg = []
    if no_text:
        msg.append(f"{len(no_text)} public names have no docstring beyond their signature "
                   f"(add an entry to a table: cyautograd/_torch_docs.py, _tensor_docs.py, "
                   f"nn/_docs.py, optim/_docs.py or autograd/_docs.py, see NOTE [ Where "
                   f"docstrings live ] in cyautograd/_docs.py; a cdef class's method or "
                   f"property takes its docstring in the .pyx, under the def):\n  " + "\n  ".join(no_text))
    if no_example:
        msg.append(f"{len(no_example)} docstrings lack an example line (>>> ...):\n  "
                   + "\n  ".join(no_example))
    assert not msg, "\n".join(msg)


def test_docstring_tables_name_objects():
    failed = [n for n in _docs.attach() if n.rsplit(".", 1)[-1] not in INTERNAL]
    assert not failed, ("docstring table entries that name nothing (renamed or removed?) "
                        f"or an object whose __doc__ is read-only: {failed}")


def test_signature_line_stays_first():
    # editors show the first line: Cython's embedded signature is kept
    assert cyautograd.add.__doc__.startswith("add(input, other, *, alpha=1")
    assert cyautograd.Tensor.backward.__doc__.startswith("Tensor.backward(self, gradient=None")
    assert "accumulates" in cyautograd.Tensor.backward.__doc__


def test_examples_run():
    ns = {"torch": cyautograd, "nn": cyautograd.nn, "F": cyautograd.nn.functional}
    parser = doctest.DocTestParser()
    failures, ran, done = [], 0, set()
    state = cyautograd.get_default_dtype()
    # examples draw random numbers and call manual_seed: the global generator
    # is put back afterwards, so that the tests after this one see no change
    # (torch's state layout holds the seed too: initial_seed comes back with it)
    fork = cyautograd.random.fork_rng()
    fork.__enter__()
    for qn, stored, looked_up in API:
        doc = docstring(stored, looked_up)
        if doc in done:
            continue
        done.add(doc)
        env = dict(ns)
        cyautograd.set_grad_enabled(True)
        for ex in parser.get_examples(doc):
            ran += 1
            try:
                with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    exec(compile(ex.source, f"<example of {qn}>", "exec"), env)
            except Exception as e:   # noqa: BLE001 -- reported below
                failures.append(f"{qn}: {ex.source.strip()!r} raised {type(e).__name__}: {e}")
                break
    cyautograd.set_default_dtype(state)
    fork.__exit__(None, None, None)
    cyautograd.set_grad_enabled(True)
    assert ran > 400
    assert not failures, f"{len(failures)} examples fail:\n  " + "\n  ".join(failures)


@pytest.mark.parametrize("obj", [cyautograd.Tensor.backward, cyautograd.autograd.grad,
                                 cyautograd.nn.Linear, cyautograd.optim.SGD])
def test_help_says_what_a_torch_user_needs(obj):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        help(obj)
    text = out.getvalue()
    assert ">>>" in text and "Args:" in text, text
