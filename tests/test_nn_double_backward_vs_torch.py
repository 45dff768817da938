"""Issue 13: double backward of nn ops compared with torch (tests/cases_nn_double_backward.py):
the gradients' grad_fn graphs under create_graph, their values and the second derivatives,
live where torch is installed, and always against golden data recorded from torch."""
import pytest

import harness
from cases_nn_double_backward import CASES


def _gaps():
    """Families whose double-backward graph is still not torch's (left open, see the
    report of issue 13): expected to fail, strictly."""
    why = {
        "group_norm": "group_norm is one NativeGroupNormBackward0 node, but under create_graph its "
                      "gradient re-runs the composite: torch's is "
                      "infinitely_differentiable_native_group_norm_backward over the node's own "
                      "saved mean/rstd outputs (result1/result2), not built",
    }
    out = {}
    for name in CASES:
        for prefix, reason in why.items():
            if name.startswith(prefix):
                out[name] = reason
    return out


KNOWN_GAPS = _gaps()

test_matches_golden, test_matches_live_torch = harness.differential_tests(
    "nn_double_backward", CASES, KNOWN_GAPS)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today."""
    T = harness.torch_module()
    golden = harness.load_golden("nn_double_backward")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)
