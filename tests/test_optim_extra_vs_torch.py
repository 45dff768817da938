"""Issue 15, the rest of torch.optim and utils.data (Adamax, NAdam, RAdam, Adadelta, ASGD,
Rprop, LBFGS; ReduceLROnPlateau, SequentialLR, ChainedScheduler,
CosineAnnealingWarmRestarts, CyclicLR, PolynomialLR; WeightedRandomSampler and the seeded
sampler streams) compared with torch: live where torch is installed, and always against
golden data recorded from torch (tests/record_golden.py).  The optimizers agree with
torch's to float32 rounding over 100 steps (harness.RTOL)."""
import pytest

import harness
from cases_optim_extra import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("optim_extra", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("optim_extra")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
