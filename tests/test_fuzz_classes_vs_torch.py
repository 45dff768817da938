"""Divergence classes found by the program fuzzer (issue 12), compared with
torch: live where torch is installed, and always against golden data."""
import harness
from cases_fuzz import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("fuzz", CASES)
