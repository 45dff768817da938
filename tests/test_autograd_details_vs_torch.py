"""Autograd API details (issue 12): live torch where installed, golden data
recorded from torch always (cases_autograd_details)."""
import harness
from cases_autograd_details import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("autograd_details", CASES)
