"""torch's argument-parser TypeErrors (fuzz class noneargs): live torch
where installed, golden data recorded from torch always (cases_argparser)."""
import harness
from cases_argparser import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("argparser", CASES)
