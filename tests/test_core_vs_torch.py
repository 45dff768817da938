"""Issue 2 behaviour compared with torch: live where torch is installed, and
always against golden data recorded from torch (tests/record_golden.py)."""
import pytest

import cyautograd
import harness
from cases_core import CASES

GOLDEN = harness.load_golden("core")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name):
    assert name in GOLDEN, f"no golden data for {name}: run tests/record_golden.py"
    got = harness.run(CASES[name], cyautograd)
    harness.assert_same(got, GOLDEN[name], harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_live_torch(name):
    T = harness.torch_module()
    want = harness.run(CASES[name], T)
    got = harness.run(CASES[name], cyautograd)
    harness.assert_same(got, want, harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    T = harness.torch_module()
    for name in sorted(CASES):
        if name in ("random_shapes",):
            continue
        harness.assert_same(harness.run(CASES[name], T), GOLDEN.get(name), harness.RTOL, name)
