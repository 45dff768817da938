"""Divergence classes of the program fuzzer's fresh seeds (issue 12), compared
with torch: live where torch is installed, and always against golden data."""
import harness
from cases_fuzz2 import CASES

KNOWN_GAPS = {
    "reduction_layout_grad_unit_dims": "size-1 and empty dimensions' strides in reduction formulas' gradients",
}

test_matches_golden, test_matches_live_torch = harness.differential_tests("fuzz2", CASES, KNOWN_GAPS)
