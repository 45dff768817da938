"""Issue 3 (views and in-place ops) compared with torch: live where torch is
installed, and always against golden data recorded from torch."""
import harness
from cases_views import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("views", CASES)
