"""Issue 11 (memory safety of view geometry) compared with torch: live where
torch is installed, and always against golden data recorded from torch."""
import os
import subprocess
import sys

import pytest

import cyautograd
import harness
from cases_geometry import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("geometry", CASES)

# The reproducers that used to kill the process, each in its own interpreter
# so a regression shows as a signal rather than taking pytest down with it.
REPRODUCERS = {
    "unfold_loop": "x = torch.ones(1000)\nfor i in range(10): x.unfold(0, 2, 1)",
    "wide_view_mul_": ("w = torch.ones(40, 300, requires_grad=True)\n"
                       "for i in range(20):\n    h = torch.ones(8, 40) @ w\n    h[:, :150].mul_(0.5)\n"
                       "    h.sum().backward()"),
    "as_strided_neg_offset": "t = torch.ones(4)\ntry: t.as_strided((5,), (1,), -2**62).fill_(1)\nexcept RuntimeError: pass",
    "unfold_huge_step": "x = torch.arange(12.).reshape(3, 4)\nprint(x.unfold(1, 4, 10**18).sum())",
    "pow_true": "x = torch.ones(3, requires_grad=True)\n(x ** True).sum().backward()",
    "inference_view": ("with torch.inference_mode():\n    a = torch.ones(3, 4, requires_grad=True)\n"
                       "a.view(12); a[0]; a.transpose(0, 1); a.unsqueeze(0)"),
    "diagonal_int64_min": "x = torch.ones(3, 4)\nx.diagonal(-2**63)",
}


@pytest.mark.parametrize("name", sorted(REPRODUCERS))
def test_reproducer_exits_cleanly(name):
    # the child imports the cyautograd this process runs (installed, in-place or
    # sanitizer build), never an unbuilt source tree in the current folder (-P)
    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(cyautograd.__file__)))
    env = dict(os.environ, PYTHONPATH=pkg_parent + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.run([sys.executable, "-P", "-c", "import cyautograd as torch\n" + REPRODUCERS[name]],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, f"rc={p.returncode}\n{p.stderr[-2000:]}"
