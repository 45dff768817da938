"""Issue 11: None and wrong types where a Tensor is expected raise torch's
exception with torch's words (no segfault): live torch where installed,
golden data recorded from torch always. The exhaustive sweep over every
public callable is tests/test_hostile_inputs.py."""
import harness
from cases_argcheck import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("argcheck", CASES)
