"""torch.distributions on a device (issue 15 over issue 14's backends): on a
CPU-only machine "cuda" is served by the test backend (array-api-strict
arrays, which refuse numpy conversion and device mixing). Every quantity a
distribution computes from device parameters -- log_prob, entropy, cdf, kl,
draws and their gradients -- must stay on the device and equal the CPU
run's values."""
import pytest

pytest.importorskip("array_api_strict")

import cyautograd as torch  # noqa: E402
from cyautograd import backend  # noqa: E402
from cyautograd import distributions as D  # noqa: E402


@pytest.fixture(autouse=True)
def strict_cuda():
    prev = backend._test_provider_cls
    backend.use_test_backend("array_api_strict")
    yield
    backend._test_provider_cls = prev
    backend._provider = backend._provider_error = None


def _leaf(v, dev):
    return torch.tensor(v, dtype=torch.float64).to(dev).requires_grad_()


def _makers():
    return {
        "Normal": (lambda a, b: D.Normal(a, b), [[0.5, -1.0], [1.0, 2.0]], [0.3, 1.5]),
        "Laplace": (lambda a, b: D.Laplace(a, b), [[0.5, -1.0], [1.0, 2.0]], [0.3, 1.5]),
        "Uniform": (lambda a, b: D.Uniform(a, b), [[0.0, -1.0], [1.0, 2.0]], [0.3, 1.5]),
        "Exponential": (lambda a: D.Exponential(a), [[0.5, 2.0]], [0.3, 1.5]),
        "Gamma": (lambda a, b: D.Gamma(a, b), [[0.5, 2.0], [1.0, 3.0]], [0.3, 1.5]),
        "Beta": (lambda a, b: D.Beta(a, b), [[0.5, 2.0], [1.0, 3.0]], [0.3, 0.6]),
        "Bernoulli": (lambda a: D.Bernoulli(logits=a), [[0.5, -2.0]], [1.0, 0.0]),
        "Poisson": (lambda a: D.Poisson(a), [[0.5, 2.0]], [1.0, 3.0]),
        "Categorical": (lambda a: D.Categorical(logits=a), [[[0.5, -2.0, 1.0]]], [2]),
        "Dirichlet": (lambda a: D.Dirichlet(a), [[0.5, 2.0, 1.0]], [0.2, 0.3, 0.5]),
        "MultivariateNormal": (lambda a, b: D.MultivariateNormal(a, scale_tril=b.tril()),
                               [[0.5, -1.0], [[1.0, 0.0], [0.3, 2.0]]], [0.1, 0.2]),
    }


def _quantities(name, dev):
    make, params, value = _makers()[name]
    ps = [_leaf(p, dev) for p in params]
    d = make(*ps)
    vdt = torch.long if name == "Categorical" else torch.float64
    v = torch.tensor(value, dtype=vdt).to(dev)
    out = {"log_prob": d.log_prob(v)}
    if name != "Poisson":
        out["entropy"] = d.entropy()
    if name in ("Normal", "Laplace", "Uniform", "Exponential"):
        out["cdf"] = d.cdf(v)
        out["icdf"] = d.icdf(v * 0 + 0.3)
    out["kl"] = D.kl_divergence(d, make(*[(p * 0.9 + 0.05).detach() for p in ps]))
    grads = {k: torch.autograd.grad(q.sum(), ps, allow_unused=True, retain_graph=True)
             for k, q in out.items()}
    torch.manual_seed(0)
    s = d.sample((3,))
    r = d.rsample((3,)) if d.has_rsample else None
    rg = torch.autograd.grad(r.sum(), ps, allow_unused=True) if r is not None else None
    return out, grads, s, r, rg


@pytest.mark.parametrize("name", sorted(_makers()))
def test_distribution_stays_on_the_device(name):
    cpu = _quantities(name, "cpu")
    dev = _quantities(name, "cuda")
    for k, q in dev[0].items():
        assert q.is_cuda, (name, k)
        assert torch.allclose(q.cpu(), cpu[0][k], equal_nan=True), (name, k)
        for g, gc in zip(dev[1][k], cpu[1][k]):
            assert (g is None) == (gc is None)
            if g is not None:
                assert g.is_cuda and torch.allclose(g.cpu(), gc, equal_nan=True), (name, k)
    s, r, rg = dev[2], dev[3], dev[4]
    assert s.is_cuda and tuple(s.shape) == tuple(cpu[2].shape) and s.dtype == cpu[2].dtype
    if r is not None:
        assert r.is_cuda and r.requires_grad
        assert all(g is None or g.is_cuda for g in rg)
