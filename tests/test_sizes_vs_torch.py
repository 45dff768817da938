"""Views, in-place ops on views and strided geometry at sizes from 0 to 2,000
per dimension and 10^6 elements (issue 11), compared with torch: live where
torch is installed, and always against golden summaries recorded from torch."""
import harness
from cases_sizes import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("sizes", CASES)
