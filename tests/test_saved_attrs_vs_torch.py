"""grad_fn._saved_*/_raw_saved_* of a broad list of ops (cases_saved_attrs):
live torch where installed, golden data recorded from torch always."""
import harness
from cases_saved_attrs import CASES, KNOWN

test_matches_golden, test_matches_live_torch = harness.differential_tests("saved_attrs", CASES, KNOWN)
