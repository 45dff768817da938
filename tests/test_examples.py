"""Issue 15, item 8: every program in examples/ runs on cyautograd and, where
torch is installed, on torch (its `import cyautograd` lines rewritten to
`import torch`), and the two print the same lines: the same words, and
numbers equal to a relative 1e-4 (float rounding may differ in the last
digits). Without torch, the cyautograd run is compared with the output
recorded from torch in tests/golden/examples.json."""
import json
import os
import re
import subprocess
import sys

import pytest

import harness

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(HERE), "examples")
# ddp_*.py need mpiexec and are run by tests/test_distributed.py
NAMES = sorted(f for f in os.listdir(EXAMPLES)
               if f.endswith(".py") and not f.startswith("ddp_")) if os.path.isdir(EXAMPLES) else []
GOLDEN = os.path.join(harness.GOLDEN_DIR, "examples.json")
_NUM = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?|-?\d+")


def _as_torch(src):
    src = re.sub(r"^import cyautograd as torch$", "import torch", src, flags=re.M)
    src = re.sub(r"^import cyautograd\.", "import torch.", src, flags=re.M)
    src = re.sub(r"^from cyautograd", "from torch", src, flags=re.M)
    return src


def run_example(name, lib):
    """The example's stdout, run in a child on `lib` ("cyautograd": the one
    this process imports; "torch")."""
    with open(os.path.join(EXAMPLES, name)) as f:
        src = f.read()
    env = dict(os.environ)
    if lib == "torch":
        src = _as_torch(src)
    else:
        import cyautograd
        env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(cyautograd.__file__)))
    r = subprocess.run([sys.executable, "-P", "-c", src], capture_output=True, text=True, env=env, timeout=300,
                       cwd=EXAMPLES)
    assert r.returncode == 0, f"{name} on {lib} failed:\n{r.stderr[-3000:]}"
    return r.stdout


def normalize(out):
    return out.replace("torch.", "cyautograd.")


def same_output(got, want):
    gl, wl = normalize(got).splitlines(), normalize(want).splitlines()
    assert len(gl) == len(wl), f"{len(gl)} lines != {len(wl)} lines:\n{got}\n---\n{want}"
    for g, w in zip(gl, wl):
        assert _NUM.sub("#", g) == _NUM.sub("#", w), f"line differs:\n  {g}\n  {w}"
        for a, b in zip(_NUM.findall(g), _NUM.findall(w)):
            fa, fb = float(a), float(b)
            assert abs(fa - fb) <= 1e-4 * max(abs(fa), abs(fb)) + 1e-6, f"number differs:\n  {g}\n  {w}"


def test_examples_exist():
    assert {"polynomial_fit.py", "mlp_classifier.py", "char_lm.py", "custom_function.py"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_example_matches_golden(name):
    with open(GOLDEN) as f:
        golden = json.load(f)
    assert name in golden, "no recorded output: run `python tests/test_examples.py --record`"
    same_output(run_example(name, "cyautograd"), golden[name])


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", NAMES)
def test_example_matches_live_torch(name):
    same_output(run_example(name, "cyautograd"), run_example(name, "torch"))


def record():
    data = {n: run_example(n, "torch") for n in NAMES}
    with open(GOLDEN, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    return len(data)


if __name__ == "__main__" and "--record" in sys.argv:
    print(f"{record()} examples recorded")
