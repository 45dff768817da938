import os
import sys

sys.path.insert(0, os.path.dirname(__file__))


# NOTE [ The device suite on a real GPU ]
# The device tests run "cuda" on the array-api-strict test backend, which
# proves on a CPU-only machine that no op falls back to numpy. On a machine
# with a GPU, CYAUTOGRAD_DEVICE_SUITE=cupy runs the same tests on CuPy: every
# request for the test backend serves the real provider instead
# (tools/gpu_check.sh). Tests that need the test backend's two devices or its
# refusals skip there (harness.test_backend_only), and say why.
import harness  # noqa: E402

if harness.REAL_DEVICE:
    from cyautograd import backend as _backend
    _use_test_backend = _backend.use_test_backend

    def _serve_cupy(name="array_api_strict"):
        _use_test_backend(None)

    _backend.use_test_backend = _serve_cupy
