"""Forward-mode AD of every differentiable op over generated inputs
(tests/cases_forward_ad_gen.py): shapes from 0-d and zero-size up, values in
each op's domain, primal and tangent each contiguous, transposed or strided.
Tangents (and torch's errors where it refuses an op) against torch live,
against golden data recorded from torch, and against central differences."""
import numpy as np
import pytest

import cyautograd as cy
import harness
from cases_forward_ad_gen import GEN_CASES, SEEDS64, SPECS, fd_check

GOLDEN = harness.load_golden("forward_ad_gen")
# ops torch refuses forward AD for, or runs without giving a tangent
# (scatter_reduce "prod"): no finite-difference check
REFUSED = {"unique", "bincount", "cdist", "pdist", "scatter_reduce_prod"}


@pytest.mark.parametrize("name", sorted(GEN_CASES))
def test_matches_golden(name):
    assert name in GOLDEN, f"no golden data for {name}: record tests/golden/forward_ad_gen.json"
    harness.assert_same(harness.run(GEN_CASES[name], cy), GOLDEN[name], harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", sorted(GEN_CASES))
def test_matches_live_torch(name):
    harness.assert_same(harness.run(GEN_CASES[name], cy), harness.run(GEN_CASES[name], harness.torch_module()),
                        harness.RTOL)


@pytest.mark.parametrize("name", sorted(set(SPECS) - REFUSED))
def test_jvp_matches_finite_differences(name):
    for seed in SEEDS64:
        tans, fds = fd_check(name, seed, cy)
        assert len(tans) == len(fds)
        for tg, fd in zip(tans, fds):
            assert tg is not None
            np.testing.assert_allclose(tg.detach().numpy(), fd, rtol=1e-5, atol=1e-6)


def test_every_case_is_recorded():
    """The golden file holds exactly the generated cases (no stale ones)."""
    if GOLDEN:
        assert set(GOLDEN) == set(GEN_CASES)
