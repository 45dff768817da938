"""Issue 16: the type stubs (.pyi) ship, cover the public API, match what
tools/gen_stubs.py writes from the build, and a typed program passes
`mypy --strict` against them."""
import ast
import json
import os
import subprocess
import sys
import sysconfig

import pytest

import cyautograd as cy

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.dirname(os.path.abspath(cy.__file__))
ROOT = os.path.dirname(PKG)
STUBS = {
    "cyautograd": "__init__.pyi",
    "cyautograd.tensor": "tensor.pyi",
    "cyautograd.autograd": os.path.join("autograd", "__init__.pyi"),
    "cyautograd.nn": os.path.join("nn", "__init__.pyi"),
    "cyautograd.optim": os.path.join("optim", "__init__.pyi"),
}


def _stub_tree(mod):
    with open(os.path.join(PKG, STUBS[mod])) as f:
        return ast.parse(f.read())


def _defined(body):
    """Names a stub body defines: defs, classes, annotated names, imports."""
    out = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            out.update(a.asname or a.name for a in node.names)
    return out


def test_py_typed_and_stubs_ship():
    assert os.path.exists(os.path.join(PKG, "py.typed"))
    for rel in STUBS.values():
        assert os.path.exists(os.path.join(PKG, rel)), rel


@pytest.mark.parametrize("modname", sorted(STUBS))
def test_every_public_name_has_a_stub(modname):
    # dir() of a fresh import: submodules other tests import (cyautograd.bench,
    # cyautograd.capi) become attributes of the package in this process
    code = f"import importlib, json; print(json.dumps(dir(importlib.import_module({modname!r}))))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=HERE,
                       env={**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")})
    assert r.returncode == 0, r.stderr
    have = _defined(_stub_tree(modname).body)
    missing = [n for n in json.loads(r.stdout) if not n.startswith("_") and n not in have]
    assert not missing, f"{STUBS[modname]} lacks {missing}: run python tools/gen_stubs.py"


def test_every_tensor_attribute_has_a_stub():
    tree = _stub_tree("cyautograd.tensor")
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tensor")
    have = _defined(cls.body)
    missing = [n for n in dir(cy.Tensor) if not n.startswith("_") and n not in have]
    assert not missing, f"tensor.pyi's Tensor lacks {missing}: run python tools/gen_stubs.py"
    for n in ("__add__", "__getitem__", "__matmul__", "_version", "backward", "grad", "shape"):
        assert n in have


def test_stubs_are_what_the_generator_writes():
    gen = os.path.join(ROOT, "tools", "gen_stubs.py")
    if not os.path.exists(gen):
        pytest.skip("tools/gen_stubs.py is not beside this cyautograd (an installed copy): "
                    "the coverage tests above still check the shipped stubs")
    r = subprocess.run([sys.executable, gen, "--check"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_stubs_parse_as_python_3_10():
    for rel in STUBS.values():
        with open(os.path.join(PKG, rel)) as f:
            ast.parse(f.read(), feature_version=(3, 10))


def test_typed_example_runs():
    r = subprocess.run([sys.executable, os.path.join(HERE, "typing", "typed_example.py")],
                       capture_output=True, text=True, cwd=HERE,
                       env={**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")})
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_on_a_typed_example(tmp_path):
    try:
        import mypy.api  # noqa: F401
    except ImportError:
        pytest.skip("mypy is not installed (it is in the test extra: pip install '.[test]')")
    env = dict(os.environ)
    site = {os.path.realpath(p) for p in (sysconfig.get_paths()["purelib"],
                                          sysconfig.get_paths()["platlib"])}
    if os.path.realpath(ROOT) not in site:
        # a checkout (PYTHONPATH, in-place build): mypy does not read PYTHONPATH,
        # nor follow an editable install's import hook
        env["MYPYPATH"] = ROOT
    example = os.path.join(HERE, "typing", "typed_example.py")
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                        "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
                        "--python-executable", sys.executable, example],
                       capture_output=True, text=True, cwd=str(tmp_path), env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    # and the stubs really are what mypy read: a wrong use is caught
    bad = tmp_path / "bad.py"
    bad.write_text("import cyautograd as torch\n"
                   "x: torch.Tensor = torch.ones(2)\n"
                   "n: str = x.dim()\n"
                   "x.no_such_method()\n")
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                        "--cache-dir", str(tmp_path / "cache"), "--python-executable",
                        sys.executable, str(bad)], capture_output=True, text=True,
                       cwd=str(tmp_path), env=env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert 'Incompatible types in assignment (expression has type "int", variable has type "str")' \
        in r.stdout, r.stdout
    assert '"Tensor" has no attribute "no_such_method"' in r.stdout, r.stdout
