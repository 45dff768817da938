"""Issue 15, items 4-7 (factory overloads, seeding, finfo, assert_close, save/load,
copying, names) compared with torch: live where torch is installed,
and always against golden data recorded from torch (tests/record_golden.py):
values, gradients, grad_fn names, versions of in-place forms, errors."""
import pytest

import harness
from cases_api_extra import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("api_extra", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("api_extra")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
