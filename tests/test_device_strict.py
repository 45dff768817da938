"""Issue 14 (3): the device path on a CPU-only machine. "cuda" is served by
the test backend (backend.use_test_backend: array-api-strict arrays on its
non-default devices, which refuse numpy conversion and device mixing), and
the differential programs of cases_device_strict.py (values, gradients,
versions, views, in-place, hooks) are compared with torch on the CPU, live
where torch is installed and always against tests/golden/device_strict.json.
Every tensor a program made on the device must still be there: an op that
fell back to numpy would have raised (strict refuses) or left the device."""
import numpy as np
import pytest

pytest.importorskip("array_api_strict")

import cyautograd  # noqa: E402
import harness  # noqa: E402
from cases_device_strict import CASES  # noqa: E402
from cyautograd import backend  # noqa: E402

GOLDEN = harness.load_golden("device_strict")


@pytest.fixture(autouse=True)
def strict_cuda():
    prev = backend._test_provider_cls
    backend.use_test_backend("array_api_strict")
    yield
    backend._test_provider_cls = prev
    backend._provider = backend._provider_error = None


def _run_cy(name):
    kept = []
    res = harness.run(lambda T: CASES[name](T, "cuda", kept.append), cyautograd)
    return res, kept


def _check_on_device(name, kept):
    for t in kept:
        if name == "grad_to_cpu" and t.is_cpu:
            continue
        assert t.is_cuda, f"{name}: a tensor left the device"


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name):
    assert name in GOLDEN, f"no golden data for {name}: run tests/record_golden.py"
    got, kept = _run_cy(name)
    assert "raises" not in got or "raises" in GOLDEN[name], got
    _check_on_device(name, kept)
    harness.assert_same(got, GOLDEN[name], harness.RTOL)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_live_torch(name):
    T = harness.torch_module()
    want = harness.run(lambda T: CASES[name](T, "cpu", lambda t: None), T)
    got, kept = _run_cy(name)
    _check_on_device(name, kept)
    harness.assert_same(got, want, harness.RTOL)


# -- hand-written: what only the device path has -----------------------------

C = cyautograd


def _err(f):
    try:
        f()
    except Exception as e:  # noqa: BLE001 - errors are observables
        return type(e).__name__, str(e)
    return None


@harness.test_backend_only
def test_cuda_module_sees_the_test_device():
    assert C.cuda.is_available() and C.cuda.device_count() == 2
    assert C.cuda.current_device() == 0
    C.cuda.set_device(1)
    try:
        assert C.cuda.current_device() == 1
        assert C.zeros(2, device="cuda").device == C.device("cuda", 1)
    finally:
        C.cuda.set_device(0)
    C.cuda.synchronize()
    assert C.device(1) == C.device("cuda:1")
    assert _err(lambda: C.zeros(1, device="cuda:2"))[1].startswith("CUDA error: invalid device ordinal")


@harness.test_backend_only
def test_mixed_devices_raise_torchs_message():
    a = C.ones(2, 3, device="cuda")
    b = C.ones(2, 3)
    c = C.ones(2, 3, device="cuda:1")
    msg = "Expected all tensors to be on the same device, but found at least two devices, {} and {}!"
    assert _err(lambda: a + b) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert _err(lambda: b * a) == ("RuntimeError", msg.format("cpu", "cuda:0"))
    assert _err(lambda: a - c) == ("RuntimeError", msg.format("cuda:0", "cuda:1"))
    assert _err(lambda: a.add_(b)) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert _err(lambda: a > b) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert _err(lambda: C.maximum(a, b)) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert _err(lambda: a.clamp(b)) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert _err(lambda: C.where(a > 0, a, b)) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert _err(lambda: C.nn.functional.mse_loss(a, b)) == ("RuntimeError", msg.format("cuda:0", "cpu"))
    assert a._version == 0          # a failed in-place op changed nothing


# ops that are not TensorIterator ops fail torch's generated device check
# (c10::impl::check_and_update_common_device), which names the argument and
# the CUDA kernel's wrapper
GENERATED = {
    "mm": (lambda a, c: a @ c.ones(3, 2), "mat2", "cpu", "cuda:0", "wrapper_CUDA_mm"),
    "mm_cpu_self": (lambda a, c: c.ones(2, 3) @ a.t(), "mat2", "cuda:0", "cpu", "wrapper_CUDA_mm"),
    "bmm": (lambda a, c: c.bmm(a[None], c.ones(1, 3, 2)), "mat2", "cpu", "cuda:0", "wrapper_CUDA_bmm"),
    "dot": (lambda a, c: c.dot(a[0], c.ones(3)), "tensor", "cpu", "cuda:0", "wrapper_CUDA__dot"),
    "mv": (lambda a, c: a.mv(c.ones(3)), "vec", "cpu", "cuda:0", "wrapper_CUDA_addmv_"),
    "linear": (lambda a, c: c.nn.functional.linear(a, c.ones(4, 3), c.ones(4, device="cuda")), "mat2", "cpu",
               "cuda:0", "wrapper_CUDA_addmm"),
    "index_select": (lambda a, c: a.index_select(0, c.tensor([0])), "index", "cpu", "cuda:0",
                     "wrapper_CUDA__index_select"),
    "gather": (lambda a, c: a.gather(1, c.tensor([[0], [1]])), "index", "cpu", "cuda:0", "wrapper_CUDA_gather"),
    "nll_loss": (lambda a, c: c.nn.functional.nll_loss(a, c.tensor([0, 1])), "target", "cpu", "cuda:0",
                 "wrapper_CUDA_nll_loss_forward"),
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_device_check_messages(name):
    fn, arg, got, common, method = GENERATED[name]
    a = C.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]], device="cuda", requires_grad=True)
    want = (f"Expected all tensors to be on the same device, but got {arg} is on {got}, different from other "
            f"tensors on {common} (when checking argument in method {method})")
    assert _err(lambda: fn(a, C)) == ("RuntimeError", want)
    assert a._version == 0 and a.grad is None
    # a 0-d CPU tensor takes part as a scalar, as in torch
    assert (a * C.tensor(2.0)).device == C.device("cuda", 0)


@harness.test_backend_only
def test_numpy_of_a_device_tensor_raises_torchs_message():
    a = C.ones(2, device="cuda:1")
    want = ("TypeError", "can't convert cuda:1 device type tensor to numpy. Use Tensor.cpu() to copy "
            "the tensor to host memory first.")
    assert _err(a.numpy) == want
    assert _err(lambda: np.asarray(a)) == want
    assert _err(lambda: C.ones(2, device="cuda", requires_grad=True).numpy())[0] == "TypeError"
    assert a.numpy(force=True).tolist() == [1.0, 1.0]
    assert a.cpu().numpy().tolist() == [1.0, 1.0] and a.tolist() == [1.0, 1.0]


@harness.test_backend_only
def test_to_and_back_keeps_history_and_devices():
    x = C.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x.to("cuda")
    z = y.to("cuda:1", C.float64)
    w = z.cpu()
    assert [t.grad_fn.name() for t in (y, z, w)] == ["ToCopyBackward0"] * 3
    assert (y.get_device(), z.get_device(), w.get_device()) == (0, 1, -1)
    assert y.cuda() is y and y.to("cuda:0") is y and y.cuda(0) is y
    assert y.to("cuda", copy=True) is not y
    (w * w).sum().backward()
    assert x.grad.device == C.device("cpu") and x.grad.dtype == C.float32
    assert x.grad.tolist() == [2.0, 4.0, 6.0]
    assert repr(y) == "tensor([1., 2., 3.], device='cuda:0', grad_fn=<ToCopyBackward0>)"


def test_factories_make_device_tensors():
    C.cuda.manual_seed(7)
    r1 = C.randn(3, device="cuda")
    C.cuda.manual_seed(7)
    r2 = C.randn(3, device="cuda")
    assert r1.tolist() == r2.tolist() and r1.is_cuda
    made = [C.zeros(2, device="cuda"), C.ones(2, device="cuda"), C.full((2,), 3.0, device="cuda"),
            C.arange(3, device="cuda"), C.eye(2, device="cuda"), C.rand(2, device="cuda"),
            C.randint(0, 4, (2,), device="cuda"), C.tensor([1, 2], device="cuda"),
            C.zeros_like(r1), C.ones(2).new_zeros(2, device="cuda"), r1.new_ones(2),
            C.empty(2, device="cuda"), C.linspace(0, 1, 3, device="cuda"), C.randperm(3, device="cuda")]
    assert all(t.is_cuda and t.get_device() == 0 for t in made)
    assert C.zeros(2, 3, device="cuda").stride() == (3, 1) and C.zeros(2, device="cuda").is_contiguous()


@harness.test_backend_only
def test_grad_stays_on_the_leafs_device():
    a = C.ones(2, 2, device="cuda:1", requires_grad=True)
    (a * 2).sum().backward()
    (a * 3).sum().backward()
    assert a.grad.device == C.device("cuda", 1) and a.grad.tolist() == [[5.0, 5.0], [5.0, 5.0]]
    assert _err(lambda: setattr(a, "grad", C.zeros(2, 2)))[1].startswith(
        "attempting to assign a gradient located on device with index")


def test_set_data_device_change_resets_the_grad_accumulator():
    x = C.ones(2, requires_grad=True)
    (x * 2).sum().backward()
    y = x * 1
    acc = y.grad_fn.next_functions[0][0]
    x.data = C.zeros(2, device="cuda")
    assert x.is_cuda and x.requires_grad
    y2 = x * 1
    acc2 = y2.grad_fn.next_functions[0][0]
    assert acc2 is not acc
    x.grad = None
    y2.sum().backward()
    assert x.grad.is_cuda and x.grad.tolist() == [1.0, 1.0]
    # same device and dtype: the accumulator stays
    x.data = C.ones(2, device="cuda")
    assert (x * 1).grad_fn.next_functions[0][0] is acc2


def test_dlpack_of_a_device_tensor():
    a = C.arange(4.0, device="cuda")
    kind, idx = a.__dlpack_device__()
    assert (int(kind), idx) == tuple(int(v) for v in backend._load().xp.asarray([0]).__dlpack_device__())


# what the device namespace cannot do (README "The device path"): float16,
# which the standard (and array-api-strict) lacks. tests/test_device_audit.py
# holds every public op to this (tests/golden/device_audit_known.json lists
# the unrouted ones)
UNROUTED = {
    "half": lambda a: a.half(), "to_float16": lambda a: a.to(C.float16),
}


@harness.test_backend_only
@pytest.mark.parametrize("name", sorted(UNROUTED))
def test_unrouted_ops_fail_loudly_never_fall_back(name):
    """An op not routed yet must raise, never compute on the host and hand
    back a CPU result (or a device result computed from host copies); one
    that stops raising is routed and belongs in the generated programs."""
    a = C.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]], device="cuda", requires_grad=True)
    with pytest.raises((RuntimeError, TypeError, AttributeError, IndexError)):
        UNROUTED[name](a)
    assert a._version == 0 and a.grad is None


@harness.test_backend_only
def test_environment_variable_selects_the_test_backend():
    """CYAUTOGRAD_TEST_DEVICE=array_api_strict, set before import, serves cuda
    from the test backend in a fresh process (the running cyautograd's
    package, never a source tree)."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(C.__file__)))
    env = dict(os.environ, CYAUTOGRAD_TEST_DEVICE="array_api_strict",
               PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code = ("import cyautograd as c; t = c.ones(2, device='cuda'); "
            "print(c.cuda.is_available(), c.cuda.device_count(), t.device, (t * 2).sum().item())")
    out = subprocess.run([sys.executable, "-P", "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "2", "cuda:0", "4.0"]
