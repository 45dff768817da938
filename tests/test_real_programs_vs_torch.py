"""Real-program idioms (tests/cases_real_programs.py) run unchanged on both
libraries: live against torch where it is installed, and always against
golden data recorded from torch (tests/record_golden.py, suite
"real_programs"). The gaps they found and leave are listed in
cases_real_programs.KNOWN_GAPS and expected to fail (strictly: a fixed one
must come off the list)."""
import pytest

import harness
from cases_real_programs import CASES, KNOWN_GAPS

_NAMES = [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[n]))
          if n in KNOWN_GAPS else n for n in sorted(CASES)]
_golden = harness.load_golden("real_programs")


@pytest.mark.parametrize("name", _NAMES)
def test_matches_golden(name):
    import cyautograd
    assert name in _golden, f"no golden data for {name}: run tests/record_golden.py"
    harness.assert_same(harness.run(CASES[name], cyautograd), _golden[name], harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", _NAMES)
def test_matches_live_torch(name):
    import cyautograd
    harness.assert_same(harness.run(CASES[name], cyautograd),
                        harness.run(CASES[name], harness.torch_module()), harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    assert sorted(_golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), _golden[name], harness.RTOL, name)
