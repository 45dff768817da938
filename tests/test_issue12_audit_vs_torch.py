"""The issue 12 audit (section 3's example classes, tests/cases_issue12_audit.py),
compared with torch: live where torch is installed, and always against golden
data (tests/golden/issue12_audit.json)."""
import harness
from cases_issue12_audit import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("issue12_audit", CASES)
