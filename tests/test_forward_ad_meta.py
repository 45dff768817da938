"""Tangent metadata (dtype, shape, strides, is-view-ness, versions) of forward
AD against torch: tests/cases_forward_ad_meta.py."""
import harness
from cases_forward_ad_meta import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("forward_ad_meta", CASES)
