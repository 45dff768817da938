"""Session 28's missing top-level torch functions (cyautograd/_names28.py)
compared with torch: live where torch is installed, and always against golden
data recorded from torch (tests/record_golden.py, suite "torchfns28")."""
import pytest

import harness
from cases_torchfns28 import CASES

# torch 2.13's as_strided_scatter backward gives the input the gradient of the
# scattered positions and zero elsewhere, the reverse of the op's derivative
# (repro: x = torch.zeros(4, requires_grad=True); torch.as_strided_scatter(x,
# torch.ones(2), (2,), (2,)).sum().backward(); x.grad -> [1, 0, 1, 0]);
# cyautograd gives the mathematical gradient [0, 1, 0, 1]
_AS_STRIDED_SCATTER = "torch's as_strided_scatter input gradient is the complement of the true one"
KNOWN_GAPS = {"as_strided_scatter_float32": _AS_STRIDED_SCATTER, "as_strided_scatter_float64": _AS_STRIDED_SCATTER}

test_matches_golden, test_matches_live_torch = harness.differential_tests("torchfns28", CASES, KNOWN_GAPS)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("torchfns28")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)

