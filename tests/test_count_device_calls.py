"""tools/count_device_calls.py (issue 14): it counts what the device path
asks of its namespace per bench row, and puts array-api-strict back as it
found it. The counts asserted are the floors torch's CUDA path sets (one
kernel for an in-place add of a scalar, no host sync in an optimizer step
but Adam's one read of its step counts), not timings."""
import os
import sys

import pytest

pytest.importorskip("array_api_strict")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
import count_device_calls  # noqa: E402


def test_counts_and_restores(capsys):
    import array_api_strict as xs
    from array_api_strict._array_object import Array
    from cyautograd import backend
    before = (xs.full, Array.__add__, Array.__bool__, backend.StrictProvider.copy, backend._provider)
    res = count_device_calls.main(["--filter", "^(add_plain|sgd|optim_sgd|optim_adam)$", "--iters", "2"])
    assert (xs.full, Array.__add__, Array.__bool__, backend.StrictProvider.copy, backend._provider) == before
    assert set(res) == {"add_plain", "sgd", "optim_sgd", "optim_adam"}, res
    assert res["add_plain"]["calls"] == 1 and res["add_plain"]["syncs"] == 0, res["add_plain"]
    assert res["add_plain"]["by_name"] == {"x.__iadd__": 1, "provider.geometry": 1}
    assert res["sgd"]["calls"] == 2 and res["sgd"]["syncs"] == 0
    assert res["optim_sgd"]["syncs"] == 0
    assert res["optim_adam"]["syncs"] == 1 and res["optim_adam"]["by_name"]["provider.to_host"] == 1
    assert "add_plain" in capsys.readouterr().out
