"""Forward-mode AD of every op, functional and layer of the second round
(tests/cases_forward_ad_ops.py, generated from the op tables those are
tested by): primal and tangent, or torch's error, against torch live and
against golden data recorded from torch; the tangents against central
differences."""
import numpy as np
import pytest

import cyautograd as cy
import harness
from cases_forward_ad_ops import CASES, FD_SKIP, HARVESTED, fd_check

test_matches_golden, test_matches_live_torch = harness.differential_tests("forward_ad_ops", CASES)


@pytest.mark.parametrize("name", sorted(set(HARVESTED) - set(FD_SKIP)))
def test_jvp_matches_finite_differences(name):
    try:
        tans, fds = fd_check(name, cy)
    except NotImplementedError as e:   # torch refuses forward AD here (its words: the cases above)
        assert str(e).startswith("Trying to use forward AD with")
        return
    assert len(tans) == len(fds)
    for tg, fd in zip(tans, fds):
        assert tg is not None
        t = tg.detach().numpy()
        ok = np.isfinite(fd)
        np.testing.assert_allclose(t[ok], fd[ok], rtol=1e-5, atol=1e-6)


def test_every_case_is_recorded():
    golden = harness.load_golden("forward_ad_ops")
    if golden:
        assert set(golden) == set(CASES)
