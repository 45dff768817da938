"""Issue 15 (optim, lr_scheduler, utils.data, end-to-end training) compared with
torch: live where torch is installed, and always against golden data recorded
from torch (tests/record_golden.py).  Optimizer updates agree with torch's to
float32 rounding over 100 steps (harness.RTOL)."""
import harness
from cases_optim import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("optim", CASES)
