"""torch.set_default_device / get_default_device: factories without device=
use the default; *_like keep their input's device (torch's rules). Without a
GPU a cuda default fails where a factory uses it, with torch's error; on the
array-api-strict test backend the factories land on the device."""
import pytest

import cyautograd as cy
from cyautograd import backend

try:
    import torch
except ImportError:
    torch = None

FACTORIES = {
    "tensor": lambda T: T.tensor([1.0, 2.0]),
    "zeros": lambda T: T.zeros(2, 3),
    "ones": lambda T: T.ones(2),
    "full": lambda T: T.full((2,), 3.0),
    "rand": lambda T: T.rand(2),
    "randn": lambda T: T.randn(2),
    "randint": lambda T: T.randint(5, (3,)),
    "arange": lambda T: T.arange(3),
    "empty": lambda T: T.empty(2),
    "eye": lambda T: T.eye(2),
}

# what torch 2.13's CPU build does with set_default_device("cuda") (recorded)
NO_GPU = ("AssertionError", "Torch not compiled with CUDA enabled")


def _outcome(T, fn):
    try:
        return ("ok", str(fn(T).device))
    except Exception as e:  # noqa: BLE001 - the exception is the result
        return (type(e).__name__, str(e))


@pytest.fixture
def restore_default():
    yield
    cy.set_default_device(None)
    if torch is not None:
        torch.set_default_device(None)


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_cuda_default_without_gpu(name, restore_default):
    cy.set_default_device("cuda")
    got = _outcome(cy, FACTORIES[name])
    assert got == NO_GPU
    if torch is not None and not torch.cuda.is_available():
        torch.set_default_device("cuda")
        assert got == _outcome(torch, FACTORIES[name])


def test_like_keeps_input_device_and_cpu_default(restore_default):
    x = cy.ones(2)
    cy.set_default_device("cuda")
    assert str(cy.zeros_like(x).device) == "cpu"
    cy.set_default_device("cpu")
    assert str(cy.zeros(1).device) == "cpu" and str(cy.get_default_device()) == "cpu"
    cy.set_default_device(None)
    assert str(cy.get_default_device()) == "cpu"


def test_get_default_device(restore_default):
    cy.set_default_device("cuda:1")
    assert repr(cy.get_default_device()) == "device(type='cuda', index=1)"
    cy.set_default_device("cuda")
    with pytest.raises(AssertionError, match="Torch not compiled with CUDA enabled"):
        cy.get_default_device()


@pytest.fixture
def strict_backend():
    pytest.importorskip("array_api_strict", reason="the test extra installs array-api-strict")
    prev = backend._test_provider_cls
    backend.use_test_backend("array_api_strict")
    yield
    cy.set_default_device(None)
    backend._test_provider_cls = prev
    backend._provider = backend._provider_error = None


@pytest.mark.parametrize("name", ["tensor", "zeros", "ones", "full", "rand", "randn", "arange"])
def test_factories_land_on_the_default_device(name, strict_backend):
    cy.set_default_device("cuda")
    t = FACTORIES[name](cy)
    assert t.is_cuda and str(t.device) == "cuda:0"
    assert str(cy.get_default_device()) == "cuda:0"
