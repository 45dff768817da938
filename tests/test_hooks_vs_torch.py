"""Issue 4 (hooks, retain_grad, data/detach, custom Functions, saved-tensor
hooks, anomaly detection) compared with torch: live where torch is
installed, and always against golden data recorded from torch."""
import harness
from cases_hooks import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("hooks", CASES)
