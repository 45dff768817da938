"""Session 28's missing top-level torch functions (cyautograd/_names28.py)
compared with torch: live where torch is installed, and always against golden
data recorded from torch (tests/record_golden.py, suite "torchfns28")."""
import pytest

import harness
from cases_torchfns28 import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("torchfns28", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("torchfns28")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)

