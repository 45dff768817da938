"""Gradient metadata of backward formulas (issue 12, fuzzer class 'cgver'),
compared with torch: live where torch is installed, and always against
golden data."""
import harness
from cases_fidelity import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("fidelity", CASES)
