"""Issue 12 (bad input): the calls torch refuses that we used to answer, and
their neighbours, compared with torch word for word (live where installed,
else tests/golden/hostile_fixes.json). The sweep over every public callable
is tests/test_hostile_inputs.py."""
import harness
from cases_hostile_fixes import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("hostile_fixes", CASES)
