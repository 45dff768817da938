"""Real-program idioms (tests/cases_real_programs.py) run unchanged on both
libraries: live against torch where it is installed, and always against
golden data recorded from torch (tests/record_golden.py, suite
"real_programs"). The gaps they found and leave are listed in
cases_real_programs.KNOWN_GAPS and expected to fail (strictly: a fixed one
must come off the list)."""
import pytest

import harness
from cases_real_programs import CASES, KNOWN_GAPS

test_matches_golden, test_matches_live_torch = harness.differential_tests("real_programs", CASES, KNOWN_GAPS)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("real_programs")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
