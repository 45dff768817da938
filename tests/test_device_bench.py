"""Issue 14 (5): the bench runs its rows on the device backend when one is
available and labels them. On a machine without a GPU the selection and
labelling logic is proven with the array-api-strict test backend serving
"cuda" (its figures are CPU arrays: no GPU numbers are claimed or checked).
Nothing here asserts on a time."""
import pytest

pytest.importorskip("array_api_strict")

from cyautograd import backend  # noqa: E402
from cyautograd.bench import cli, report  # noqa: E402


@pytest.fixture
def strict_cuda():
    prev = backend._test_provider_cls
    backend.use_test_backend("array_api_strict")
    yield
    backend._test_provider_cls = prev
    backend._provider = backend._provider_error = None


@pytest.fixture
def no_device():
    prev = backend._test_provider_cls

    class _Missing:
        def __init__(self):
            raise ImportError("no device here")
    backend._test_provider_cls = _Missing
    backend._provider = backend._provider_error = None
    yield
    backend._test_provider_cls = prev
    backend._provider = backend._provider_error = None


def test_auto_selects_the_device_backend_when_one_works(strict_cuda):
    dev = cli.select_device("auto")
    assert dev == {"label": "cuda:0", "provider": "array_api_strict", "why": None}
    assert "cuda:0 on array_api_strict" in report.device_line(dev)
    assert "not GPU figures" in report.device_line(dev)
    assert cli.select_device("cpu")["label"] is None


def test_without_a_device_auto_runs_cpu_rows_only_and_cuda_refuses(no_device):
    dev = cli.select_device("auto")
    assert dev["label"] is None and dev["why"] == "no device backend available"
    assert report.device_line(dev) == "device rows: none (no device backend available)"
    with pytest.raises(AssertionError, match="Torch not compiled with CUDA enabled"):
        cli.select_device("cuda")


def test_device_rows_run_on_the_device_and_are_labelled(strict_cuda):
    import cyautograd
    args = cli.parse_args(["--quick", "--repeat", "1", "--filter", "training", "--libs", "cyautograd"])
    libs = cli.load_libraries({"cyautograd"})
    dev = cli.select_device("auto")
    rows = cli.run_device_rows(args, libs, {"loop": 0.0, "call": 0.0}, 0.0002, lambda c: None, dev)
    assert rows, "no device rows for the training category"
    for r in rows:
        assert r["category"] == "device" and r["device"] == "cuda:0" and r["provider"] == "array_api_strict"
        assert r["name"].endswith("[cuda:0 array_api_strict]") and r["key"].endswith("@cuda:0")
        # measured on the device, or kept with the reason it could not be
        assert ("cyautograd" in r["times"]) != ("cyautograd" in r.get("errors", {}))
    assert any("cyautograd" in r["times"] for r in rows)
    assert cyautograd.get_default_device().type == "cpu"   # the default device is restored
    lines = report.table_lines({"rows": rows, "libraries": {"cyautograd": True},
                                "settings": {"filter": "training"}})
    assert any("on the device backend" in line for line in lines)
