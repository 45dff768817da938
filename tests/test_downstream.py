"""Issue 5: a downstream Cython extension (tests/downstream) built against
the installed cyautograd through its C-level API (cyautograd.capi), then
checked against the same math written with built-in ops."""
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import cyautograd as cy

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="module")
def F(tmp_path_factory):
    """Build tests/downstream in a temporary folder with pip (no build
    isolation: it must compile against the cyautograd installed here)."""
    work = tmp_path_factory.mktemp("downstream")
    src = work / "src"
    shutil.copytree(os.path.join(HERE, "downstream"), src)
    site = work / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps",
                        "-q", "-t", str(site), str(src)], cwd=str(work), capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    sys.path.insert(0, str(site))
    try:
        import cya_fused
        yield cya_fused
    finally:
        sys.path.remove(str(site))


def _leaves(shape_c=(4,), dtype=cy.float32):
    a = cy.tensor([1.0, 2.0, -3.0, 0.5], dtype=dtype, requires_grad=True)
    b = cy.tensor([0.5, 1.5, -1.0, 2.0], dtype=dtype, requires_grad=True)
    c = cy.tensor(np.linspace(0.1, 0.4, int(np.prod(shape_c))).reshape(shape_c), dtype=dtype,
                  requires_grad=True)
    return a, b, c


@pytest.mark.parametrize("shape_c", [(4,), (1,), (3, 4)])
def test_fused_matches_composed(F, shape_c):
    got, want = _leaves(shape_c), _leaves(shape_c)
    y1 = F.fused_mul_add(*got)
    y2 = want[0] * want[1] + want[2]
    assert np.array_equal(y1.detach().numpy(), y2.detach().numpy())
    assert type(y1.grad_fn).__name__ == "FusedMulAddBackward0"
    assert [f is not None for f, _ in y1.grad_fn.next_functions] == [True, True, True]
    w = cy.tensor(np.arange(y1.numel(), dtype=np.float32).reshape(y1.shape))
    (y1 * w).sum().backward()
    (y2 * w).sum().backward()
    for g, h in zip(got, want):
        assert g.grad.shape == h.grad.shape
        assert np.allclose(g.grad.numpy(), h.grad.numpy())


def test_fused_double_backward_and_no_grad(F):
    a, b, c = _leaves(dtype=cy.float64)
    ga, gb = cy.autograd.grad((F.fused_mul_add(a, b, c) ** 2).sum(), (a, b), create_graph=True)
    a2, b2, c2 = _leaves(dtype=cy.float64)
    ha, hb = cy.autograd.grad(((a2 * b2 + c2) ** 2).sum(), (a2, b2), create_graph=True)
    assert np.allclose(ga.detach().numpy(), ha.detach().numpy())
    g1 = cy.autograd.grad((ga * gb).sum(), (a, b, c))
    g2 = cy.autograd.grad((ha * hb).sum(), (a2, b2, c2))
    for x, y in zip(g1, g2):
        assert np.allclose(x.numpy(), y.numpy())
    with cy.no_grad():
        y = F.fused_mul_add(a, b, c)
    assert y.grad_fn is None and not y.requires_grad
    y = F.fused_mul_add(*[t.detach() for t in (a, b, c)])
    assert y.grad_fn is None and y.is_leaf


def test_fused_saved_tensor_version_check(F):
    a, b, c = _leaves()
    a1 = a * 1
    y = F.fused_mul_add(a1, b, c)
    a1.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


def test_fused_errors(F):
    a, b, c = _leaves()
    with pytest.raises(TypeError, match="one dtype"):
        F.fused_mul_add(a, b, c.double())
    with pytest.raises(TypeError, match="Tensor"):
        F.fused_mul_add(a, 2.0, c)
    with pytest.raises(ValueError):
        F.fused_mul_add(a, b, cy.ones(3))


GELU_K, GELU_A = 0.7978845608028654, 0.044715


def _gelu_composed(x):
    """gelu_tanh in built-in ops (nine of them)."""
    return 0.5 * x * (1.0 + (GELU_K * (x + GELU_A * x * x * x)).tanh())


@pytest.mark.parametrize("dtype", [cy.float32, cy.float64])
@pytest.mark.parametrize("strided", [False, True])
def test_gelu_tanh_matches_composed(F, dtype, strided):
    data = np.linspace(-4.0, 4.0, 24).reshape(4, 6)
    x1 = cy.tensor(data, dtype=dtype, requires_grad=True)
    x2 = cy.tensor(data, dtype=dtype, requires_grad=True)
    v1, v2 = (x1[:, ::2], x2[:, ::2]) if strided else (x1, x2)
    y1, y2 = F.gelu_tanh(v1), _gelu_composed(v2)
    assert y1.dtype == dtype and y1.shape == y2.shape
    assert type(y1.grad_fn).__name__ == "GeluTanhBackward0"
    tol = 1e-6 if dtype == cy.float32 else 1e-12
    assert np.allclose(y1.detach().numpy(), y2.detach().numpy(), atol=tol)
    w = cy.tensor(np.arange(y1.numel()).reshape(y1.shape), dtype=dtype)
    (y1 * w).sum().backward()
    (y2 * w).sum().backward()
    assert np.allclose(x1.grad.numpy(), x2.grad.numpy(), atol=tol * 100)


def test_gelu_tanh_double_backward_and_errors(F):
    x1 = cy.tensor([1.0, -2.0, 0.3, 4.0], dtype=cy.float64, requires_grad=True)
    x2 = cy.tensor([1.0, -2.0, 0.3, 4.0], dtype=cy.float64, requires_grad=True)
    g1, = cy.autograd.grad(F.gelu_tanh(x1).sum(), x1, create_graph=True)
    g2, = cy.autograd.grad(_gelu_composed(x2).sum(), x2, create_graph=True)
    assert np.allclose(g1.detach().numpy(), g2.detach().numpy())
    h1, = cy.autograd.grad((g1 * g1).sum(), x1)
    h2, = cy.autograd.grad((g2 * g2).sum(), x2)
    assert np.allclose(h1.numpy(), h2.numpy())
    with pytest.raises(TypeError, match="expected a floating point tensor"):
        F.gelu_tanh(cy.tensor([1, 2]))
    y = x1 * 1
    z = F.gelu_tanh(y)
    y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        z.sum().backward()
    assert x1.grad is None


def test_scale_inplace_versions_and_history(F):
    x = cy.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 1
    v0 = y._version
    assert F.scale_(y, 3.0) is y
    assert y._version == v0 + 1
    assert type(y.grad_fn).__name__ == "ScaleBackward0"
    (y * y).sum().backward()
    x2 = cy.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y2 = x2 * 1
    y2.mul_(3.0)
    (y2 * y2).sum().backward()
    assert np.allclose(x.grad.numpy(), x2.grad.numpy())
    t = cy.ones(3)
    F.scale_(t, 2.0)
    assert t._version == 1 and t.grad_fn is None and t.tolist() == [2.0, 2.0, 2.0]


def test_scale_on_a_view_rebases_the_base(F):
    x = cy.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    b = x * 1
    v = b[1]
    F.scale_(v, 5.0)
    assert b._version == v._version == 1
    assert type(b.grad_fn).__name__ == "CopySlices"
    assert type(v.grad_fn).__name__ == "AsStridedBackward0"
    assert v._base is b
    (b * b).sum().backward()
    x2 = cy.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    b2 = x2 * 1
    b2[1].mul_(5.0)
    (b2 * b2).sum().backward()
    assert np.allclose(x.grad.numpy(), x2.grad.numpy())


def test_scale_errors_leave_state_unchanged(F):
    x = cy.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        F.scale_(x, 2.0)
    assert x._version == 0 and x.tolist() == [1.0, 2.0]
    b = x * 1
    with cy.no_grad():
        v = b[0]
    with pytest.raises(RuntimeError, match="A view was created in no_grad mode"):
        F.scale_(v, 2.0)
    assert b._version == 0 and b.tolist() == [1.0, 2.0]
    with pytest.raises(TypeError):
        F.scale_([1.0], 2.0)


def test_metadata_read_from_c(F):
    ts = [cy.ones(2) for _ in range(5)]
    for i, t in enumerate(ts):
        for _ in range(i):
            t.add_(1)
    assert F.sum_versions(ts) == sum(t._version for t in ts) == 10
    with pytest.raises(TypeError):
        F.sum_versions([cy.ones(1), 3])


def test_capsule_api_and_include_dirs():
    from cyautograd import capi
    t = cy.ones(2, requires_grad=True)
    assert capi._selftest(t) == (0, 1, 1)
    assert capi._selftest((t * 2).detach().add_(1)) == (1, 0, 1)
    dirs = cy.get_include()
    assert any(os.path.exists(os.path.join(d, "cyautograd", "autograd_meta.h")) for d in dirs)
    assert any(os.path.exists(os.path.join(d, "cyautograd", "capi_api.h")) for d in dirs)
    assert np.get_include() in dirs
    pkg = os.path.dirname(cy.__file__)
    # only our headers and numpy's: never the folder holding the package (site-packages)
    assert len(dirs) == 2 and os.path.dirname(pkg) not in dirs
    assert os.path.basename(os.path.normpath(dirs[0])) == "include"
    for name in ("capi.pxd", "tensor.pxd", "graph.pxd", "autograd_meta.pxd", "view_meta.pxd",
                 "saved_variable.pxd", "variable.pxd"):
        assert os.path.exists(os.path.join(pkg, name)), name


# torch.nn.functional.gelu(x, approximate='tanh') on these inputs, recorded from torch 2.13.0
# (float64): values, then gradients of sum()
GELU_X = [-3.0, -1.0, -0.25, 0.0, 0.5, 2.0]
GELU_TORCH = ([-0.0036373920817729943, -0.15880800939172324, -0.100324649298315, 0.0,
               0.34571400982514394, 1.954597694087775],
              [-0.011584166630969648, -0.08296408384578252, 0.30464590484893955, 0.5,
               0.8673699035346424, 1.0860992566236183])


def test_gelu_tanh_matches_torch(F):
    x = cy.tensor(GELU_X, dtype=cy.float64, requires_grad=True)
    y = F.gelu_tanh(x)
    y.sum().backward()
    want_y, want_g = GELU_TORCH
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:   # the recorded numbers are torch's own
        tx = torch.tensor(GELU_X, dtype=torch.float64, requires_grad=True)
        ty = torch.nn.functional.gelu(tx, approximate="tanh")
        ty.sum().backward()
        want_y, want_g = ty.detach().tolist(), tx.grad.tolist()
        assert np.allclose(want_y, GELU_TORCH[0], atol=1e-12) and np.allclose(want_g, GELU_TORCH[1], atol=1e-12)
    assert np.allclose(y.detach().numpy(), want_y, atol=1e-12)
    assert np.allclose(x.grad.numpy(), want_g, atol=1e-12)
