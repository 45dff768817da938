"""Issue 15's small drop-in gaps (cases_dropin.py) compared with torch: live
where torch is installed, and always against golden data recorded from torch
(``python tests/test_dropin_vs_torch.py --record``)."""
import sys

import pytest

import harness
from cases_dropin import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("dropin", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    T = harness.torch_module()
    golden = harness.load_golden("dropin")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)


if __name__ == "__main__" and "--record" in sys.argv:
    T = harness.torch_module()
    harness.save_golden("dropin", {name: harness.run(CASES[name], T) for name in sorted(CASES)})
