"""Deterministic regression cases for what the hypothesis property suites
found (tests/cases_props_regress.py), compared with torch: live where torch
is installed, and always against golden data recorded from torch."""
import harness
from cases_props_regress import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("props_regress", CASES)
