"""Issue 13 (gradcheck, autograd.functional, torch.func, autograd.graph,
checkpoint, profiler) compared with torch: live where torch is installed,
and always against golden data recorded from torch (tests/record_golden.py)."""
import harness
from cases_autograd_api import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("autograd_api", CASES)
