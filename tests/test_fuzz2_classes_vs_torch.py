"""Divergence classes of the program fuzzer's fresh seeds (issue 12), compared
with torch: live where torch is installed, and always against golden data."""
import harness
from cases_fuzz2 import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("fuzz2", CASES)
