"""Issue 3 (views and in-place ops) compared with torch: live where torch is
installed, and always against golden data recorded from torch."""
import pytest

import cyautograd
import harness
from cases_views import CASES

GOLDEN = harness.load_golden("views")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name):
    assert name in GOLDEN, f"no golden data for {name}: run tests/record_golden.py"
    harness.assert_same(harness.run(CASES[name], cyautograd), GOLDEN[name], harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_live_torch(name):
    T = harness.torch_module()
    harness.assert_same(harness.run(CASES[name], cyautograd), harness.run(CASES[name], T), harness.RTOL)
