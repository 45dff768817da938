"""Selective activation checkpointing (issue 13 item 6) compared with torch:
generated checkpointed programs under generated policies, and the error
paths; live where torch is installed, and always against golden data
recorded from torch."""
import harness
from cases_checkpoint_sac import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("checkpoint_sac", CASES)
