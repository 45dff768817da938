"""Issue 15's leftovers (zero-size strides, embedding, layer_norm, rnn packing)
compared with torch: live where torch is installed, and always against golden
data recorded from torch (tests/record_golden.py, suite "leftovers15")."""
import pytest

import harness
from cases_leftovers15 import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("leftovers15", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("leftovers15")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
