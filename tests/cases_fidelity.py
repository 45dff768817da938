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


# -- single-program classes the fuzzer found (issue 12) ---------------------------

def _err(f):
    try:
        f()
    except Exception as e:  # noqa: BLE001 - the exception is the observable
        return [type(e).__name__, str(e)]
    return None


@case
def leaf_requires_grad_turned_off_gets_no_grad(T):
    # AccumulateGrad of a leaf whose requires_grad was switched off after the
    # graph was built does nothing (torch returns early)
    x = leaf(T, (4, 3))
    v = x[::1]
    x.requires_grad_(False)
    v.backward(T.ones(4, 3), create_graph=True)
    return [x.grad, x.requires_grad]


@case
def reductions_over_dim_of_0d(T):
    out = []
    for f in (lambda x: x.std(0, keepdim=True), lambda x: x.std(0), lambda x: x.var(0), lambda x: x.var(-1),
              lambda x: x.mean(0), lambda x: x.sum(0), lambda x: x.amax(0), lambda x: x.norm(dim=0),
              lambda x: T.logsumexp(x, 0), lambda x: x.max(0)[0], lambda x: x.softmax(0)):
        x = leaf(T, ())
        out.append(T.autograd.grad(f(x), [x])[0])
    return out


@case
def logsumexp_checks_dim_of_0d(T):
    x = T.tensor(1.0)
    return [T.logsumexp(x, 0), T.logsumexp(x, -1), T.logsumexp(x, (0,)), _err(lambda: T.logsumexp(x, 1)),
            _err(lambda: T.logsumexp(x, -2)), _err(lambda: T.logsumexp(T.ones(2, 2), (0, 0))),
            _err(lambda: T.ones(2, 2).sum((1, -1)))]


@case
def getitem_out_of_range_names_index_position(T):
    out = []
    for shape, idx in [((1, 5, 0), (Ellipsis, 0)), ((2, 5, 3), (Ellipsis, 7)), ((2, 5, 0), (0, Ellipsis, 0)),
                       ((2, 0, 3), (slice(None), 0)), ((3, 0), (None, 0, 0)), ((3, 0), (Ellipsis, None, 0)),
                       ((3, 0), (slice(1, 2), 0)), ((3,), (5,)), ((3,), -4), ((0, 3), (None, 0))]:
        x = T.zeros(shape)
        out.append(_err(lambda: x[idx]))
    return out


@case
def version_error_names_node_as_torch(T):
    out = []
    for mod in (lambda y: y.clamp_(min=-0.5), lambda y: y.__setitem__(slice(None, None, 1), 1.5),
                lambda y: y.mul_(2), lambda y: y.fill_(1.0)):
        x = leaf(T, (3, 2))
        y = (x + 1).exp()
        z = y * T.ones(3, 2, requires_grad=True)
        mod(y)
        out.append(_err(lambda: z.sum().backward()))
    return out


@case
def matmul_saves_only_what_the_other_gradient_needs(T):
    # torch's mm/mv/dot/bmm save self only for mat2's gradient and mat2 only
    # for self's: an operand nobody differentiates may change in place
    out = []
    for sa, sb in [((5,), (5, 1)), ((4, 4, 4), (4, 3)), ((3, 4), (4,)), ((4,), (4,)), ((2, 3, 4), (2, 4, 5))]:
        a = leaf(T, sa)
        b = T.ones(sb, dtype=T.float64)
        r = T.matmul(a, b)
        with T.no_grad():
            b.mul_(2)
        g1 = _err(lambda: T.autograd.grad(r.sum(), [a]))
        a = T.ones(sa, dtype=T.float64)
        b = leaf(T, sb)
        r = T.matmul(a, b)
        with T.no_grad():
            b.mul_(2)
        g2, = T.autograd.grad(r.sum(), [b])
        a.add_(1)
        out.append([g1, g2])
    return out


@case
def saved_results_are_version_checked(T):
    out = []
    # pow of two tensors saves its result (the exponent's gradient uses it)
    x = leaf(T, (1, 1))
    e = T.tensor([[1.5]], dtype=T.float64, requires_grad=True)
    y = x.abs() ** e
    y.mul_(2)
    out.append(_err(lambda: y.sum().backward()))
    # prod saves its result even where its formula would not need it
    x = leaf(T, (4,))
    p = x.prod()
    p.masked_fill_(p > 0, -1.5)
    out.append(_err(lambda: p.backward(T.tensor(1.0, dtype=T.float64))))
    return out


@case
def grad_captures_before_tensor_hooks_of_a_node_that_runs(T):
    # autograd.grad captures a non-leaf's gradient before its tensor hooks
    # when its grad_fn also runs (other inputs need it); the hooked value
    # flows on
    out = []
    for extra in (True, False):
        x = leaf(T, (3, 4))
        y = x * 3
        y.register_hook(lambda g: g * 2)
        ins = [x, y] if extra else [y]
        gs = T.autograd.grad(y.sum(), ins)
        out.append([meta(g) for g in gs])
    return out


@case
def accumulation_in_place_when_an_output_is_its_input(T):
    # add(x, x, alpha=2) returns the incoming gradient itself and 2 * it: the
    # buffer owns the first once the node's inputs are consumed and adds in
    # place (version 1) -- when the incoming gradient is a fresh tensor
    out = []
    for alpha in (1, 2):
        x = leaf(T, (5, 3, 2))
        y = T.add(x * 3, x * 3, alpha=alpha)
        z = T.add(y.exp(), y.exp(), alpha=alpha)
        out.append(meta(T.autograd.grad(z.sum(), [x])[0]))
        x = leaf(T, (5, 3, 2))
        y = T.add(x, x, alpha=alpha) * 3
        out.append(meta(T.autograd.grad(y.sum(), [x])[0]))
    return out


@case
def regenerated_view_grad_fn_backward(T):
    # a view's grad_fn after its base changed under no_grad
    out = []
    for mk in (lambda x: x[1:3], lambda x: x.as_strided((2,), (1,), 1), lambda x: x.diagonal(), lambda x: x[0],
               lambda x: x.unfold(0, 2, 1)):
        x = leaf(T, (3, 3))
        y = x * 1
        v = mk(y)
        with T.no_grad():
            v.mul_(2)
        g, = T.autograd.grad(v.sum(), [y])
        out.append([type(v.grad_fn).__name__, meta(g)])
    return out


@case
def squeeze_checks_dim_of_0d(T):
    x = T.tensor(1.5)
    return [x.squeeze(0), x.squeeze(-1), x.squeeze((0,)), x.squeeze(()), _err(lambda: x.squeeze(1)),
            _err(lambda: x.squeeze((1,))), _err(lambda: x.squeeze((0, 0)))]


@case
def root_gradient_checked_against_the_recorded_shape(T):
    # .data replaced on a non-leaf output: the root edge keeps the shape it
    # recorded, and validate_outputs checks the root gradient against it
    out = []
    x = leaf(T, (3, 5))
    y = (x + 1)[1:1, 3:]
    y.data = T.ones(1, dtype=T.float64)
    out.append(_err(lambda: y.backward(T.ones(1, dtype=T.float64))))
    a = T.ones(2)
    b = T.ones(1, 2, 1, requires_grad=True)
    r = T.matmul(a, b)
    r.data = T.tensor(2.0)
    w = T.tensor(1.0, requires_grad=True)
    out.append(_err(lambda: T.autograd.grad(r, [w], retain_graph=True)))
    # a broadcastable root gradient is summed to the recorded shape
    x = leaf(T, (3,))
    y = x * 2
    y.data = T.ones(2, 3, dtype=T.float64)
    y.backward(T.ones(2, 3, dtype=T.float64))
    out.append(x.grad)
    return out
