"""Issue 14 (2): DLPack. Zero-copy both ways with numpy and torch, shown by
writing through one side and reading the other; capsules; the version
counter semantics torch has (an import shares memory, never the counter);
tensor(foreign) and foreign.tensor(ours) copy as torch<->numpy conversions do.
Errors compared with torch's words (live where installed)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import cyautograd as cy
from cyautograd.utils import dlpack as cy_dlpack
import harness

T = harness.torch_module()
needs_torch = pytest.mark.skipif(T is None, reason="torch not installed")

DTYPES = ["float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]


def _err(f):
    try:
        f()
    except Exception as e:  # noqa: BLE001 - errors are observables
        return type(e).__name__, str(e)
    return None


def _sample(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    return np.asarray(rng.standard_normal(shape) * 10).astype(dtype)


# -- numpy ---------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_to_cyautograd_shares_memory(dtype):
    a = _sample(dtype, (3, 4))
    t = cy.from_dlpack(a)
    assert t.dtype == cy.from_numpy(a).dtype and tuple(t.shape) == a.shape
    assert t.data_ptr() == a.ctypes.data
    a[1, 2] = 1                       # numpy writes, the tensor reads
    assert t[1, 2].item() == a[1, 2]
    t[0, 0] = 0                       # the tensor writes, numpy reads
    assert a[0, 0] == 0


@pytest.mark.parametrize("dtype", DTYPES)
def test_cyautograd_to_numpy_shares_memory(dtype):
    t = cy.from_numpy(_sample(dtype, (2, 5)))
    a = np.from_dlpack(t)
    assert a.ctypes.data == t.data_ptr() and a.dtype == t.numpy().dtype
    t[1, 1] = 1
    assert a[1, 1] == t[1, 1].item()
    assert np.shares_memory(np.asarray(t), a)


def test_views_export_their_geometry():
    base = cy.arange(24.).reshape(4, 6)
    for v in (base.t(), base[1:, 2:], base[::2], base[:, 3], base[2, 4], base[:0]):
        a = np.from_dlpack(v)
        np.testing.assert_array_equal(a, v.numpy())
        assert a.strides == tuple(s * v.element_size() for s in v.stride())
        if v.numel():
            assert a.ctypes.data == v.data_ptr()


def test_capsule_round_trip_and_single_use():
    t = cy.arange(6.).reshape(2, 3)
    cap = cy_dlpack.to_dlpack(t)
    u = cy_dlpack.from_dlpack(cap)
    assert u.data_ptr() == t.data_ptr()
    u[0, 0] = 42
    assert t[0, 0].item() == 42
    # a capsule is consumed once; anything else is not a capsule
    for bad in (cap, 5, [1, 2], "x"):
        assert _err(lambda: cy_dlpack.from_dlpack(bad)) == (
            "RuntimeError", cy_dlpack._INVALID_CAPSULE)
    assert _err(lambda: cy_dlpack.to_dlpack(np.ones(2)))[0] == "TypeError"


def test_import_has_its_own_version_counter():
    """torch: from_dlpack makes a new tensor over the same memory; an in-place
    op through one side is seen in the other's values, not its _version."""
    t = cy.ones(3)
    u = cy.from_dlpack(t)
    u.add_(1)
    assert t.tolist() == [2.0, 2.0, 2.0]
    assert (t._version, u._version) == (0, 1)
    t.mul_(2)
    assert (t._version, u._version) == (1, 1)
    d = t.detach()                       # detach shares the counter, as ever
    w = cy.from_dlpack(d)
    d.add_(1)
    assert (t._version, d._version, w._version) == (2, 2, 0)


@needs_torch
def test_version_semantics_match_torch():
    def prog(M):
        t = M.ones(3)
        u = M.from_dlpack(t)
        u.add_(1)
        t.mul_(2)
        return t.tolist(), u.tolist(), t._version, u._version
    assert prog(cy) == prog(T)


def test_requires_grad_refuses_export():
    x = cy.ones(2, requires_grad=True)
    want = ("BufferError", "Can't export tensors that require gradient, use tensor.detach()")
    assert _err(lambda: x.__dlpack__()) == want
    assert _err(lambda: cy.from_dlpack(x)) == want
    assert _err(lambda: np.from_dlpack(x)) == want
    y = cy.from_dlpack(x.detach())
    assert y.data_ptr() == x.data_ptr() and not y.requires_grad


@needs_torch
def test_errors_match_torch():
    for make in (lambda M: M.ones(2, requires_grad=True).__dlpack__(),
                 lambda M: M.from_dlpack(M.ones(2, requires_grad=True)),
                 lambda M: M.utils.dlpack.from_dlpack(5),
                 lambda M: M.ones(2).__dlpack__(stream=1)):
        assert _err(lambda: make(cy)) == _err(lambda: make(T))
    assert repr(cy.ones(2).__dlpack_device__()) == repr(T.ones(2).__dlpack_device__())


def test_read_only_numpy_is_copied_not_written():
    a = np.arange(4.)
    a.flags.writeable = False
    t = cy.from_dlpack(a)
    t.add_(1)
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0] and t.tolist() == [1.0, 2.0, 3.0, 4.0]


# -- torch ---------------------------------------------------------------------

@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
def test_torch_round_trip_shares_memory(dtype):
    t = cy.from_numpy(_sample(dtype, (3, 2)))
    pt = T.from_dlpack(t)
    assert pt.data_ptr() == t.data_ptr() and str(pt.dtype).split(".")[-1] == dtype
    pt[0, 1] = 1
    assert t[0, 1].item() == pt[0, 1].item()
    back = cy.from_dlpack(pt)
    assert back.data_ptr() == t.data_ptr()
    back[2, 0] = 0
    assert pt[2, 0].item() == 0 and t[2, 0].item() == 0
    cap = T.utils.dlpack.to_dlpack(pt)
    assert cy_dlpack.from_dlpack(cap).data_ptr() == t.data_ptr()
    assert T.utils.dlpack.from_dlpack(cy_dlpack.to_dlpack(t)).data_ptr() == t.data_ptr()


@needs_torch
def test_tensor_of_foreign_copies_like_torch_of_numpy():
    pt = T.arange(4, dtype=T.float64)
    c = cy.tensor(pt)
    assert c.dtype == cy.float64 and c.tolist() == pt.tolist() and c.data_ptr() != pt.data_ptr()
    c.add_(1)
    assert pt.tolist() == [0.0, 1.0, 2.0, 3.0]
    g = cy.tensor(T.ones(2, requires_grad=True), requires_grad=True)
    assert g.requires_grad and g.is_leaf and g.tolist() == [1.0, 1.0]
    assert cy.tensor(pt, dtype=cy.float32).dtype == cy.float32
    t = cy.arange(3.)
    p = T.tensor(t)
    assert p.tolist() == t.tolist() and p.data_ptr() != t.data_ptr()
    a = np.asarray(t)
    assert np.shares_memory(a, t.numpy())


@needs_torch
@settings(max_examples=40, deadline=None)
@given(shape=st.lists(st.integers(0, 5), min_size=0, max_size=3),
       dtype=st.sampled_from(DTYPES), data=st.data())
def test_generated_views_round_trip_through_torch(shape, dtype, data):
    base = cy.from_numpy(_sample(dtype, tuple(shape)))
    v = base
    for d in range(len(shape)):
        if shape[d] > 1 and data.draw(st.booleans()):
            v = v.narrow(d, 1, shape[d] - 1) if hasattr(v, "narrow") else v[(slice(None),) * d + (slice(1, None),)]
    if len(shape) >= 2 and data.draw(st.booleans()):
        v = v.t() if len(shape) == 2 else v.transpose(0, 1)
    pt = T.from_dlpack(v)
    np.testing.assert_array_equal(pt.numpy(), v.numpy())
    if v.numel():
        assert pt.stride() == v.stride() and pt.data_ptr() == v.data_ptr()
        back = cy.from_dlpack(pt)
        assert back.stride() == v.stride() and back.data_ptr() == v.data_ptr()
