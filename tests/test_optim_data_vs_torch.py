"""Issue 15 (optim, lr_scheduler, utils.data, end-to-end training) compared with
torch: live where torch is installed, and always against golden data recorded
from torch (tests/record_golden.py).  Optimizer updates agree with torch's to
float32 rounding over 100 steps (harness.RTOL)."""
import pytest

import harness
from cases_optim import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("optim", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("optim")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
