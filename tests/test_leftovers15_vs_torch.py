"""Issue 15's leftovers (zero-size strides, embedding, layer_norm, rnn packing)
compared with torch: live where torch is installed, and always against golden
data recorded from torch (tests/record_golden.py, suite "leftovers15")."""
import pytest

import harness
from cases_leftovers15 import CASES

test_matches_golden, test_matches_live_torch = harness.differential_tests("leftovers15", CASES)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    """The recorded data is what this torch gives today (re-record with tests/record_golden.py)."""
    T = harness.torch_module()
    golden = harness.load_golden("leftovers15")
    assert sorted(golden) == sorted(CASES)
    for name in sorted(CASES):
        harness.assert_same(harness.run(CASES[name], T), golden[name], harness.RTOL, name)


def _composite_layer_norm(x, n, w, b, eps):
    dims = tuple(range(x.dim() - n, x.dim()))
    xc = x - x.mean(dims, keepdim=True)
    out = xc * ((xc * xc).mean(dims, keepdim=True) + eps).rsqrt()
    return out * w + b


@pytest.mark.parametrize("shape,n", [((3, 5), 1), ((2, 3, 4), 2)])
def test_layer_norm_third_order_is_the_composite_math(shape, n):
    """Third derivatives go on through the double backward's re-entrant grad: they
    equal those of the same math written in plain ops (torch's own native
    layer_norm gets this one wrong -- its third derivative of a row-invariant
    quantity is not 0 -- so the exact math is the reference here)."""
    import cyautograd as T
    ns = shape[len(shape) - n:]
    x0 = (T.arange(int(T.tensor(shape).prod()), dtype=T.float64) * 0.71).sin().reshape(shape)
    w0 = (T.arange(int(T.tensor(ns).prod()), dtype=T.float64) * 0.37 + 1).cos().reshape(ns)
    res = []
    for f in (lambda x, w, b: T.nn.functional.layer_norm(x, ns, w, b),
              lambda x, w, b: _composite_layer_norm(x, n, w, b, 1e-5)):
        x = x0.clone().requires_grad_()
        w = w0.clone().requires_grad_()
        b = (w0 * 0.5).requires_grad_()
        o = f(x, w, b)
        gx, gw = T.autograd.grad((o * o * o).sum(), (x, w), create_graph=True)
        gxx, gxw = T.autograd.grad((gx.sin().sum() + (gw * gw).sum()), (x, w), create_graph=True)
        res.append([gx, gw, gxx, gxw] + list(T.autograd.grad((gxx * gxx).sum() + gxw.sum(), (x, w, b),
                                                             allow_unused=True, materialize_grads=True)))
    for a, c in zip(*res):
        assert T.allclose(a, c, rtol=1e-9, atol=1e-9), (a, c)


def test_layer_norm_gradgradcheck():
    import cyautograd as T
    x = (T.arange(12, dtype=T.float64) * 0.9).sin().reshape(3, 4).requires_grad_()
    w = T.linspace(0.5, 1.5, 4, dtype=T.float64).requires_grad_()
    b = T.linspace(-1, 1, 4, dtype=T.float64).requires_grad_()
    f = lambda x, w, b: T.nn.functional.layer_norm(x, (4,), w, b)  # noqa: E731
    assert T.autograd.gradcheck(f, (x, w, b))
    assert T.autograd.gradgradcheck(f, (x, w, b))
