"""Legacy typed constructors, return types, Python types as dtypes, softmax's
required dim, __format__, x.T warnings and quiet floating point, compared with
torch: live where it is installed, and always against golden data recorded
from torch (tests/record_golden.py)."""
import pytest

import harness
from cases_dropin_lead import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("dropin_lead", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("dropin_lead")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
