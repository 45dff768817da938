"""Divergences found with PyTorch's own autograd tests (issues 12/13): live
torch where installed, golden data recorded from torch always
(cases_torch_suite)."""
import harness
from cases_torch_suite import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("torch_suite", CASES)
