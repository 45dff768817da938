"""Numerical gradient checks in float64 for every differentiable op, through
cyautograd.autograd.gradcheck / gradgradcheck: central differences against
the engine's analytic Jacobians (first and second order)."""
import numpy as np
import pytest

import cyautograd as cy

F = cy.nn.functional
RNG = np.random.default_rng(1234)


def _rand(*shape, positive=False, low=-2.0, high=2.0):
    a = RNG.uniform(0.2 if positive else low, high, size=shape)
    return a


def gradcheck(fn, arrays, atol=1e-6, rtol=1e-5):
    """cyautograd.autograd.gradcheck (full Jacobians by central differences
    against the engine's, torch's algorithm and messages) on float64 leaves."""
    ts = [cy.tensor(a, requires_grad=True) for a in arrays]
    assert cy.autograd.gradcheck(fn, ts, atol=atol, rtol=rtol)


def gradgradcheck(fn, arrays):
    """Second order: cyautograd.autograd.gradgradcheck, random grad_outputs
    that require grad, so the backward of every backward is checked too."""
    ts = [cy.tensor(a, requires_grad=True) for a in arrays]
    assert cy.autograd.gradgradcheck(fn, ts, atol=1e-5, rtol=1e-4)


UNARY = {
    "neg": lambda x: -x, "abs": lambda x: x.abs(), "exp": lambda x: x.exp(),
    "sin": lambda x: x.sin(), "cos": lambda x: x.cos(), "tanh": lambda x: x.tanh(),
    "sigmoid": lambda x: x.sigmoid(), "relu": lambda x: x.relu(),
    "clamp": lambda x: x.clamp(-1.0, 1.0), "clamp_min": lambda x: x.clamp(min=0.3),
    "pow_scalar": lambda x: x ** 3, "rpow": lambda x: 2.0 ** x,
    "sum": lambda x: x.sum(), "sum_dim": lambda x: x.sum(1), "sum_keep": lambda x: x.sum(0, keepdim=True),
    "mean": lambda x: x.mean(), "mean_dim": lambda x: x.mean(-1), "prod": lambda x: x.prod(),
    "prod_dim": lambda x: x.prod(1), "max": lambda x: x.max(), "max_dim": lambda x: x.max(1)[0],
    "min": lambda x: x.min(), "min_dim": lambda x: x.min(0).values, "amax": lambda x: x.amax(1),
    "amin": lambda x: x.amin(), "var": lambda x: x.var(), "var_dim": lambda x: x.var(1),
    "std": lambda x: x.std(), "std_dim": lambda x: x.std(0, keepdim=True),
    "softmax": lambda x: x.softmax(1), "log_softmax": lambda x: x.log_softmax(0),
    "logsumexp": lambda x: x.logsumexp(1), "clone": lambda x: x.clone(),
    "to_same_dtype": lambda x: x.to(cy.float64), "reshape": lambda x: x.reshape(-1),
    "flatten": lambda x: x.flatten(), "t": lambda x: x.t(), "T": lambda x: x.T,
    "transpose": lambda x: x.transpose(0, 1), "permute": lambda x: x.permute(1, 0),
    "unsqueeze": lambda x: x.unsqueeze(1), "expand": lambda x: x.unsqueeze(0).expand(2, 3, 4),
    "getitem": lambda x: x[1:, ::2], "getitem_adv": lambda x: x[cy.tensor([0, 2, 0])],
    "gather": lambda x: x.gather(1, cy.tensor([[0, 3], [1, 1], [2, 0]])),
    "index_select": lambda x: x.index_select(1, cy.tensor([3, 0, 3])),
    "contiguous_T": lambda x: x.T.contiguous(),
    "unbind": lambda x: x.unbind(1)[2] * 2 + x.unbind(1)[0], "split": lambda x: x.split(3, 1)[1],
    "split_sizes": lambda x: x.split([1, 3], 1)[1], "chunk": lambda x: x.chunk(2, 0)[0],
    "masked_fill": lambda x: x.masked_fill(cy.tensor([[True, False, True, False]] * 3), 1.5),
    "square": lambda x: x.square(), "cumsum": lambda x: x.cumsum(1), "norm": lambda x: x.norm(),
    "norm_p1_dim": lambda x: x.norm(p=1, dim=1), "norm_p3": lambda x: x.norm(p=3),
}
POSITIVE = {
    "log": lambda x: x.log(), "log1p": lambda x: x.log1p(), "sqrt": lambda x: x.sqrt(),
    "rsqrt": lambda x: x.rsqrt(), "pow_frac": lambda x: x ** 0.5, "div_scalar_left": lambda x: 2.0 / x,
}
BINARY = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "div": lambda a, b: a / (b.abs() + 0.5), "pow": lambda a, b: (a.abs() + 0.5) ** b,
    "maximum": lambda a, b: cy.maximum(a, b), "minimum": lambda a, b: cy.minimum(a, b),
    "where": lambda a, b: cy.where(a > b, a, b), "add_alpha": lambda a, b: a.add(b, alpha=1.5),
    "cat": lambda a, b: cy.cat([a, b], 1), "stack": lambda a, b: cy.stack([a, b]),
    "mse": lambda a, b: F.mse_loss(a, b), "matmul_T": lambda a, b: a @ b.T,
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary(name):
    gradcheck(UNARY[name], [_rand(3, 4)])


@pytest.mark.parametrize("name", sorted(POSITIVE))
def test_positive(name):
    gradcheck(POSITIVE[name], [_rand(3, 4, positive=True)])


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary(name):
    gradcheck(BINARY[name], [_rand(3, 4), _rand(3, 4)])


def test_broadcasting():
    gradcheck(lambda a, b: a * b + a / (b * b + 1) - b, [_rand(3, 1), _rand(4)])


@pytest.mark.parametrize("shapes", [((3, 4), (4, 2)), ((4,), (4,)), ((3, 4), (4,)), ((4,), (4, 2)),
                                    ((2, 3, 4), (2, 4, 5)), ((2, 3, 4), (4, 5)), ((3, 4), (2, 4, 5))])
def test_matmul(shapes):
    gradcheck(lambda a, b: a @ b, [_rand(*shapes[0]), _rand(*shapes[1])])


def test_mm_bmm_dot():
    gradcheck(lambda a, b: a.mm(b), [_rand(2, 3), _rand(3, 2)])
    gradcheck(lambda a, b: cy.bmm(a, b), [_rand(2, 2, 3), _rand(2, 3, 2)])
    gradcheck(lambda a, b: cy.dot(a, b), [_rand(3), _rand(3)])


def test_prod_with_zeros():
    a = _rand(3, 4)
    a[0, 1] = 0.0
    a[2, 2] = 0.0
    a[2, 3] = 0.0
    gradcheck(lambda x: x.prod(), [a])
    gradcheck(lambda x: x.prod(1), [a])


def test_nn_functional():
    tgt = cy.tensor([1, 0, 3])
    gradcheck(lambda x, w, b: F.linear(x, w, b), [_rand(3, 4), _rand(2, 4), _rand(2)])
    gradcheck(lambda x, w: F.linear(x, w), [_rand(3, 4), _rand(2, 4)])
    gradcheck(lambda x: F.cross_entropy(x, tgt), [_rand(3, 4)])
    gradcheck(lambda x: F.cross_entropy(x, tgt, reduction="sum"), [_rand(3, 4)])
    gradcheck(lambda x: F.nll_loss(x, tgt, reduction="none"), [_rand(3, 4)])
    gradcheck(lambda x: F.nll_loss(x, cy.tensor([1, -100, 3])), [_rand(3, 4)])
    gradcheck(lambda x: F.relu(x), [_rand(3, 4)])
    gradcheck(lambda x, t: F.binary_cross_entropy(x, t), [RNG.uniform(0.1, 0.9, (3, 4)),
                                                          RNG.uniform(0, 1, (3, 4))])
    gradcheck(lambda x, t: F.mse_loss(x, t, reduction="sum"), [_rand(3, 4), _rand(3, 4)])


def test_inplace_ops():
    def f(a, b):
        y = a * 1
        y.add_(b)
        y.mul_(b)
        y.sub_(a, alpha=0.5)
        y.div_(b * b + 1)
        y += a
        y *= 2
        return y
    gradcheck(f, [_rand(3, 4), _rand(3, 4)])


@pytest.mark.parametrize("name", ["exp", "sin", "tanh", "sigmoid", "log_softmax", "softmax",
                                  "var", "std", "logsumexp", "pow_scalar"])
def test_second_order_unary(name):
    gradgradcheck(UNARY[name], [_rand(3, 4)])


@pytest.mark.parametrize("name", ["mul", "div", "pow", "matmul_T", "mse"])
def test_second_order_binary(name):
    gradgradcheck(BINARY[name], [_rand(3, 4), _rand(3, 4)])
