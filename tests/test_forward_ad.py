"""Forward-mode AD (cyautograd.autograd.forward_ad) compared with torch --
live where torch is installed, always against golden data recorded from
torch (tests/record_golden.py) -- and every op's JVP against central finite
differences (no torch needed)."""
import numpy as np
import inspect

import pytest

import cyautograd as cy
import harness
from cases_forward_ad import CASES, OPS, inputs

fwAD = cy.autograd.forward_ad

# torch's hardsigmoid_backward multiplies by 1/6 rounded to float32 (its
# forward divides by 6), so its float64 tangents are 3e-8 off the exact t/6
# that cyautograd gives (checked against finite differences below).
TOL = {"jvp_hardsigmoid_float64": {"float64": 1e-7, "default": 1e-7}}

GOLDEN = harness.load_golden("forward_ad")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name):
    assert name in GOLDEN, f"no golden data for {name}: run tests/record_golden.py"
    harness.assert_same(harness.run(CASES[name], cy), GOLDEN[name], TOL.get(name, harness.RTOL))


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_live_torch(name):
    harness.assert_same(harness.run(CASES[name], cy), harness.run(CASES[name], harness.torch_module()),
                        TOL.get(name, harness.RTOL))


def _outputs(y):
    ys = list(y) if isinstance(y, (tuple, list)) else [y]
    return [o for o in ys if o.dtype.is_floating_point]


@pytest.mark.parametrize("name", sorted(set(OPS) - {"float"}))  # float: a float32 output
def test_jvp_matches_finite_differences(name):
    """J t by central differences of the plain op (float64) against the
    tangent forward AD gives."""
    fn, specs = OPS[name]
    pairs = inputs(specs, seed=len(name))
    with fwAD.dual_level():
        xs = [fwAD.make_dual(cy.tensor(p), cy.tensor(t)) for p, t in pairs]
        tangents = [fwAD.unpack_dual(o).tangent for o in _outputs(fn(cy, *xs))]
    eps = 1e-6
    plus = _outputs(fn(cy, *[cy.tensor(np.asarray(p + eps * t)) for p, t in pairs]))
    minus = _outputs(fn(cy, *[cy.tensor(np.asarray(p - eps * t)) for p, t in pairs]))
    assert len(tangents) == len(plus)
    for tg, a, b in zip(tangents, plus, minus):
        fd = (a.detach().numpy() - b.detach().numpy()) / (2 * eps)
        assert tg is not None
        np.testing.assert_allclose(tg.numpy(), fd, rtol=1e-5, atol=1e-6)


def test_ops_hooked_only_inside_a_level():
    """Forward AD hooks the op objects themselves (their call slot, or a
    Python op's code) while a level is open, so that a reference taken
    before the level sees it; on exit every op is as it was: same object,
    original slot and code (forward AD costs the hot path nothing)."""
    from cyautograd import _ops
    from cyautograd.ops import _common
    F = cy.nn.functional
    objs = (cy.add, cy.exp, _ops.mul, F.linear, F.gelu, cy.flip, cy.Tensor.__dict__["exp"])
    # a parser guard wraps some ops: the op hooked is the one it wraps
    gelu = inspect.unwrap(F.gelu)
    codes = {id(f): f.__code__ for f in objs + (gelu,) if hasattr(f, "__code__") and type(f).__name__ == "function"}
    assert not any(_common._fw_vc_is_hooked(f) for f in objs)
    x = cy.tensor([1.0, 2.0])
    with fwAD.dual_level():
        assert (cy.add, cy.exp, _ops.mul, F.linear, F.gelu, cy.flip, cy.Tensor.__dict__["exp"]) == objs
        # (cy.exp is the out= wrapper of NOTE [ out= ] in cyautograd/_out.py, a Python
        # function hooked by its code: the op it calls is the vectorcall-hooked one)
        assert _common._fw_vc_is_hooked(getattr(cy.exp, "__wrapped_out__", cy.exp))
        assert cy.exp.__code__ is not codes[id(cy.exp)] and gelu.__code__ is not codes[id(gelu)]
        y = fwAD.make_dual(x, cy.ones(2)) * 2
        assert fwAD.unpack_dual(y).tangent is not None
    assert not any(_common._fw_vc_is_hooked(f) for f in objs)
    assert all(f.__code__ is codes[id(f)] for f in objs + (gelu,) if id(f) in codes)
    assert fwAD.unpack_dual(x * 2).tangent is None


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_ops_bound_before_the_level(dtype):
    """torch's forward AD does not depend on how an op was reached: names
    imported before the level, ops kept as module attributes, bound
    methods, functools.partial, Tensor operators -- each gives the tangent
    the op reached through the namespace inside the level gives."""
    import functools
    F = cy.nn.functional
    dt = getattr(cy, dtype)
    sin, tanh, relu, gelu, flip, inv, softmax = (cy.sin, cy.tanh, F.relu, F.gelu, cy.flip, cy.linalg.inv,
                                                   F.softmax)
    part = functools.partial(cy.mul, other=3.0)

    class M(cy.nn.Module):
        def __init__(self):
            super().__init__()
            self.act = cy.tanh
            self.f = F.relu
            self.lin = cy.nn.Linear(3, 3).to(dt)

        def forward(self, x):
            return self.f(self.act(self.lin(x)))
    m = M()
    p = cy.tensor([0.5, -1.0, 2.0], dtype=dt)
    progs = [lambda d: sin(d), lambda d: tanh(d) * relu(d), lambda d: gelu(d), lambda d: flip(d, [0]),
             lambda d: inv(d.reshape(3, 1) * cy.eye(3, dtype=dt) + 1), lambda d: softmax(d, 0), lambda d: m(d),
             lambda d: part(d), lambda d: -d @ d + d ** 2, lambda d: d[1:] / d[:2]]
    held = []
    for prog in progs:
        with fwAD.dual_level():
            d = fwAD.make_dual(p, cy.tensor([1.0, 0.5, -2.0], dtype=dt))
            held.append(d.exp)   # a bound method taken inside one level, called in the next
            got = fwAD.unpack_dual(prog(d)).tangent
            assert got is not None
        # the same program with every op looked up inside the level, by finite differences
        eps = 1e-6
        fd = (prog(cy.tensor(p.numpy().astype("float64") + eps * np.array([1.0, 0.5, -2.0])).to(dt)).double()
              - prog(cy.tensor(p.numpy().astype("float64") - eps * np.array([1.0, 0.5, -2.0])).to(dt)).double())
        if dtype == "float64":
            np.testing.assert_allclose(got.detach().numpy(), (fd / (2 * eps)).detach().numpy(), rtol=1e-5, atol=1e-6)
    with fwAD.dual_level():
        d2 = fwAD.make_dual(p, cy.ones(3, dtype=dt))
        e = d2.exp
        np.testing.assert_allclose(fwAD.unpack_dual(e()).tangent.numpy(), np.exp(p.numpy()), rtol=1e-6)


def test_level_closed_on_error():
    x = cy.tensor([1.0, 2.0])
    with pytest.raises(ValueError):
        with fwAD.dual_level():
            raise ValueError("boom")
    with pytest.raises(RuntimeError, match="no level exists"):
        fwAD.make_dual(x, x)
    assert cy.exp.__module__ != __name__ and not hasattr(cy.exp, "__wrapped__")


@pytest.mark.parametrize("seed", range(8))
def test_generated_programs(seed):
    """Random compositions of ops, views and in-place ops: tangents against
    finite differences of the same program."""
    rng = np.random.default_rng(seed)
    steps = [lambda z: z.sin(), lambda z: z * z, lambda z: z.exp() / 3, lambda z: z.tanh(),
             lambda z: z.softmax(-1), lambda z: z.cumsum(-1), lambda z: z.t().contiguous().t() + 1,
             lambda z: cy.cat([z[:, :2], z[:, 2:] * 2], 1), lambda z: z @ z.t() @ z / 4]
    program = [int(i) for i in rng.integers(0, len(steps), 5)]
    view_at = int(rng.integers(0, 5))

    def f(x):
        z = x * 1
        for i, k in enumerate(program):
            z = steps[k](z)
            if i == view_at:
                v = z[:, 1]
                v.mul_(1.5)
        return z
    p = rng.uniform(-1, 1, (3, 3))
    t = rng.uniform(-1, 1, (3, 3))
    with fwAD.dual_level():
        tan = fwAD.unpack_dual(f(fwAD.make_dual(cy.tensor(p), cy.tensor(t)))).tangent.numpy()
    eps = 1e-6
    fd = (f(cy.tensor(p + eps * t)).numpy() - f(cy.tensor(p - eps * t)).numpy()) / (2 * eps)
    np.testing.assert_allclose(tan, fd, rtol=1e-5, atol=1e-6)


def _fd_grad(f, p, t, eps=1e-6):
    """(grad f(p + eps t) - grad f(p - eps t)) / 2 eps: the Hessian-vector product by differences."""
    def g(v):
        x = cy.tensor(v, dtype=cy.float64, requires_grad=True)
        return cy.autograd.grad(f(x), x)[0].numpy()
    return (g(p + eps * t) - g(p - eps * t)) / (2 * eps)


FOR_FUNCS = {
    "sin_mul": lambda x: (x.sin() * x).sum(),
    "exp_tanh": lambda x: (x.exp() * x.tanh()).sum(),   # saved outputs (exp, tanh)
    "softmax_pow": lambda x: cy.nn.functional.softmax(x, 0)[0] * x.pow(3).sum(),
    "outer_sin": lambda x: (x.reshape(3, 1) @ x.reshape(1, 3)).sin().sum(),
    "flip_cumsum_prod": lambda x: (cy.flip(x, [0]) * x).cumsum(0).prod(),
    "norm_sigmoid": lambda x: cy.linalg.norm(x) * x.sigmoid().sum(),
    "inv": lambda x: cy.linalg.inv(x.reshape(3, 1) * cy.eye(3, dtype=cy.float64) + 1).sum(),
    "det": lambda x: cy.linalg.det(x.reshape(3, 1) * cy.eye(3, dtype=cy.float64) + 1),
    "solve": lambda x: cy.linalg.solve(x.reshape(3, 1) * cy.eye(3, dtype=cy.float64) + 2, x.exp()).sum(),
    "layer_norm": lambda x: cy.nn.functional.layer_norm(x * x, (3,)).pow(2).mul(x).sum(),
    "logsumexp_var": lambda x: x.logsumexp(0) * x.var(),
}


@pytest.mark.parametrize("name", sorted(FOR_FUNCS))
def test_forward_over_reverse_matches_finite_differences(name):
    """A dual tensor flowing into autograd.grad(create_graph=True) / backward:
    the gradient's tangent is the Hessian-vector product (torch supports
    forward AD through backward graphs), as are func.jvp(func.grad(f)) and
    the Hessians by jacfwd(jacrev(f)) and functional.hessian(forward-mode)."""
    f = FOR_FUNCS[name]
    rng = np.random.default_rng(len(name))
    p = rng.uniform(0.2, 1.5, 3) * np.array([1, -1, 1])
    t = rng.uniform(-1, 1, 3)
    want = _fd_grad(f, p, t)
    x = cy.tensor(p, dtype=cy.float64, requires_grad=True)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, cy.tensor(t))
        g, = cy.autograd.grad(f(d), d, create_graph=True)
        got = fwAD.unpack_dual(g).tangent
    np.testing.assert_allclose(got.detach().numpy(), want, rtol=1e-5, atol=1e-6)
    leaf = cy.tensor(p, dtype=cy.float64, requires_grad=True)
    with fwAD.dual_level():
        f(fwAD.make_dual(leaf, cy.tensor(t))).backward(create_graph=True)
        np.testing.assert_allclose(fwAD.unpack_dual(leaf.grad).tangent.detach().numpy(), want, rtol=1e-5,
                                   atol=1e-6)
    _, hvp = cy.func.jvp(cy.func.grad(f), (cy.tensor(p),), (cy.tensor(t),))
    assert not hvp.requires_grad
    np.testing.assert_allclose(hvp.numpy(), want, rtol=1e-5, atol=1e-6)
    H = cy.func.jacfwd(cy.func.jacrev(f))(cy.tensor(p))
    np.testing.assert_allclose(H.numpy() @ t, want, rtol=1e-5, atol=1e-6)
    H2 = cy.autograd.functional.hessian(f, cy.tensor(p), outer_jacobian_strategy="forward-mode", vectorize=True)
    np.testing.assert_allclose(H2.numpy(), H.numpy(), rtol=1e-9, atol=1e-9)
    H3 = cy.autograd.functional.hessian(f, cy.tensor(p))
    np.testing.assert_allclose(H3.numpy(), H.numpy(), rtol=1e-9, atol=1e-9)


def test_outside_level_no_forward_state():
    """Ops outside a level never look at tangents: unpack_dual gives None,
    and a custom Function without jvp applies normally."""
    class F(cy.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2
    a = cy.tensor([1.0, 2.0], requires_grad=True)
    f = F.apply
    with fwAD.dual_level():
        d = fwAD.make_dual(a.detach(), cy.ones(2))
        with pytest.raises(NotImplementedError, match="You must implement the jvp function"):
            f(d)
    assert fwAD.unpack_dual(f(a)).tangent is None
    f(a).sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), [2.0, 2.0])


def test_level_bookkeeping_stays_flat():
    """A loop inside a level: tangents of dead tensors leave the level's
    registry (memory flat under gc.disable(), graphs free by refcount)."""
    import gc
    x = cy.rand(8, dtype=cy.float64)
    gc.disable()
    try:
        with fwAD.dual_level():
            d = fwAD.make_dual(x, cy.ones(8, dtype=cy.float64))
            for _ in range(3):
                (d * 2).sin()
            n = len(fwAD._registry)
            for _ in range(50):
                (d * 2).sin()
            assert len(fwAD._registry) == n
    finally:
        gc.enable()
    assert not fwAD._registry
