"""Issue 15 (nn, nn.functional, nn.init, nn.utils) compared with torch: live where
torch is installed, and always against golden data recorded from torch
(tests/record_golden.py)."""
import harness
from cases_nn import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("nn", CASES)
