"""Gradient metadata the program fuzzer (tests/fuzz) compares after every
step, for the backward formulas whose results torch makes in a particular
way (issue 12, class 'cgver'): each gradient's values, _version, _is_view(),
whether it has a _base, its grad_fn name, and -- under create_graph -- the
second-order gradients through it. Compared with torch live and against
golden data (tests/golden/fidelity.json, recorded with
``python tests/record_golden.py``)."""
import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def leaf(T, shape=(4, 4), dtype=None):
    n = int(np.prod(shape))
    v = (np.arange(n, dtype=np.float64) / 4 - 1.9).reshape(shape)
    return T.tensor(v, dtype=dtype or T.float64, requires_grad=True)


def meta(g):
    if g is None:
        return None
    return {"v": g, "ver": g._version, "view": g._is_view(), "has_base": g._base is not None,
            "fn": None if g.grad_fn is None else type(g.grad_fn).__name__}


def _grads(T, f, shape=(4, 4)):
    """For one op: the gradient of sum(f(x)) without create_graph, with it
    (a constant seed), and with a seed that requires grad (so the formula
    records its own backward), then the second-order gradients."""
    out = []
    x = leaf(T, shape)
    y = f(x)
    out.append(meta(T.autograd.grad(y.sum(), [x])[0]))
    x = leaf(T, shape)
    y = f(x)
    out.append(meta(T.autograd.grad(y.sum(), [x], create_graph=True)[0]))
    x = leaf(T, shape)
    y = f(x)
    n = max(1, int(np.prod(tuple(y.shape))))
    w = T.tensor(np.linspace(-1.0, 1.5, n).reshape(tuple(y.shape)), dtype=y.dtype, requires_grad=True)
    g, = T.autograd.grad(y, [x], grad_outputs=w * 1, create_graph=True)
    out.append(meta(g))
    g2 = T.autograd.grad((g * g).sum(), [x, w], allow_unused=True)
    out.append([None if t is None else t for t in g2])
    return out


VIEW_OPS = {
    "narrow": lambda x: x.narrow(-1, 1, 2),
    "narrow_full": lambda x: x.narrow(1, 0, 4),
    "narrow_full0": lambda x: x.narrow(0, 0, 4),
    "slice_step": lambda x: x[::2],
    "slice_full": lambda x: x[0:4],
    "slice_tuple": lambda x: x[1:3, ::3],
    "slice_tuple_full": lambda x: x[:, 1:],
    "select": lambda x: x[1],
    "select_neg": lambda x: x.select(1, -1),
    "select_slice": lambda x: x[1:3, 0],
    "ellipsis": lambda x: x[...],
    "ellipsis_select": lambda x: x[..., 2],
    "none": lambda x: x[None],
    "none_mid": lambda x: x[:, None],
    "none_select": lambda x: x[None, 1, 2:],
    "full_tuple": lambda x: x[:, ...],
    "diagonal": lambda x: x.diagonal(),
    "diagonal_off": lambda x: x.diagonal(1, 1, 0),
    "unfold": lambda x: x.unfold(0, 2, 1),
    "unfold_step": lambda x: x.unfold(-1, 2, 3),
    "as_strided": lambda x: x.as_strided((2, 2), (1, 2), 1),
    "as_strided_0d": lambda x: x.as_strided((), (), 7),
    "as_strided_overlap": lambda x: x.as_strided((3, 2), (0, 1), 2),
    "as_strided_of_result": lambda x: (x * 2).as_strided((2,), (3,), 5),
    "unsqueeze": lambda x: x.unsqueeze(1),
    "squeeze_dim": lambda x: x[None].squeeze(0),
    "squeeze_all": lambda x: x[:, None, :, None].squeeze(),
    "squeeze_noop": lambda x: x.squeeze(0),
    "transpose": lambda x: x.transpose(0, 1),
    "t": lambda x: x.t(),
    "unbind": lambda x: x.unbind(1)[2],
    "split": lambda x: x.split(3)[1],
    "chunk": lambda x: x.chunk(2, 1)[0],
    "expand": lambda x: x[:1].expand(3, 4),
    "advidx_list": lambda x: x[[0, 2, 2]],
    "advidx_mask": lambda x: x[x > 0],
}

GATHER_OPS = {
    "gather": lambda T: lambda x: x.gather(1, T.tensor([[0], [1], [2], [3]])),
    "index_select": lambda T: lambda x: x.index_select(0, T.tensor([1, 1, 3])),
}

REDUCE_OPS = {
    "max": lambda x: x.max(),
    "min": lambda x: x.min(),
    "max_dim": lambda x: x.max(1)[0],
    "max_dim_keep": lambda x: x.max(1, keepdim=True)[0],
    "min_dim": lambda x: x.min(0)[0],
    "prod": lambda x: x.prod(),
    "prod_dim": lambda x: x.prod(1, keepdim=True),
    "norm": lambda x: x.norm(),
    "cumsum": lambda x: x.cumsum(0),
    "cumsum_trivial": lambda x: x[:1].cumsum(0),
    "softmax": lambda x: x.softmax(1),
    "log_softmax": lambda x: x.log_softmax(0),
}

ACT_OPS = {
    "tanh": lambda x: x.tanh(),
    "sigmoid": lambda x: x.sigmoid(),
    "relu": lambda x: x.relu(),
    "relu_fn": lambda x: T_relu(x),
}


def T_relu(x):
    return x.relu() * 1


def _register(prefix, ops, shape=(4, 4)):
    for name, f in ops.items():
        def fn(T, f=f):
            return _grads(T, f, shape)
        fn.__name__ = f"{prefix}_{name}"
        CASES[fn.__name__] = fn


_register("cg_view", VIEW_OPS)
_register("cg_reduce", REDUCE_OPS)
_register("cg_act", ACT_OPS)
for _name, _mk in GATHER_OPS.items():
    def _fn(T, _mk=_mk):
        return _grads(T, _mk(T))
    _fn.__name__ = f"cg_gather_{_name}"
    CASES[_fn.__name__] = _fn


@case
def cg_max_dim_0d(T):
    # a 0-d input: value_selecting_reduction_backward scatters into a 0-d zeros
    out = []
    for keep in (False, True):
        x = leaf(T, ())
        v, i = x.min(-1, keepdim=keep)
        g, = T.autograd.grad(v, [x], create_graph=True)
        out.append(meta(g))
        x = leaf(T, ())
        v, i = x.max(0, keepdim=keep)
        out.append(meta(T.autograd.grad(v, [x])[0]))
    return out


@case
def cg_masked_fill_tensor_value(T):
    x = leaf(T, (3,))
    v = T.tensor(2.0, requires_grad=True)
    y = x.masked_fill(x > 0, v)
    z = x.masked_fill(x > 0, 2.0)
    y.sum().backward()
    return [type(y.grad_fn).__name__, type(z.grad_fn).__name__, x.grad, v.grad]


@case
def cg_triple_backward_slice(T):
    # slice_backward's backward is the slice again: third order through it
    x = leaf(T, (5,))
    y = (x[1:4] ** 3).sum()
    g, = T.autograd.grad(y, [x], create_graph=True)
    g2, = T.autograd.grad(g.sum(), [x], create_graph=True)
    g3, = T.autograd.grad(g2.sum(), [x])
    return [meta(g), meta(g2), g3]
