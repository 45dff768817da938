"""Issue 14 (1): devices without a GPU, compared with torch's CPU build (live
where torch is installed, golden data recorded from it otherwise): device
parsing and errors, cuda requests failing with torch's words, the cuda
module, to()/cpu()/cuda(). Runs with the default backend (no test device)."""
import pytest

import harness
from cases_device import CASES
from cyautograd import backend


@pytest.fixture(autouse=True)
def _no_test_device():
    """These cases describe a machine without CUDA: CuPy's provider (absent
    here) stands for cuda, whatever another module switched on."""
    prev = backend._test_provider_cls
    backend.use_test_backend(None)
    if backend.is_available():   # a real GPU: the CPU-build cases do not apply
        pytest.skip("a working cuda device is present")
    yield
    backend._test_provider_cls = prev
    backend._provider = backend._provider_error = None


test_matches_golden, test_matches_live_torch = harness.differential_tests("device", CASES)
