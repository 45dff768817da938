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


# ---- issue 12 leftovers (session 28): engine and semantics divergences -------

def _try(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - errors are observables
        return f"{type(e).__name__}: {e}"


@case
def detach_inplace_saved_nonleaf(T):
    """A non-leaf saved for backward and detached in place since: the
    formulas' unpack raises torch's error; the getters and a custom
    Function's saved_tensors hand out the detached tensor; with hooks, or
    for a saved output, no error (NOTE [ A saved non-leaf detached in place ])."""
    out = []
    ops = [("mul", lambda y: y * y), ("sin", lambda y: y.sin()), ("pow", lambda y: y ** 2),
           ("exp", lambda y: y.exp()), ("div", lambda y: 1 / y), ("sum", lambda y: y.sum()),
           ("prod", lambda y: y.prod()), ("max", lambda y: y.max()), ("cummax", lambda y: y.cummax(0)[0]),
           ("dist", lambda y: T.dist(y, y * 0)), ("norm", lambda y: y.norm()),
           ("mm", lambda y: y[None] @ y[:, None]),
           ("mse", lambda y: T.nn.functional.mse_loss(y, T.zeros(2, dtype=T.float64)))]
    for name, f in ops:
        x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
        y = x * 2
        z = f(y)
        y.detach_()
        out.append([name, _try(lambda: (z.sum().backward(), x.grad)[1])])
    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    y = x * 2
    z = y * x
    y.detach_()
    out.append(_try(lambda: z.grad_fn._saved_self))
    out.append(_try(lambda: z.grad_fn._raw_saved_self.unpack()))
    out.append(_try(lambda: T.autograd.grad(z.sum(), [x])))
    y.add_(1)
    out.append(_try(lambda: z.sum().backward()))

    class F(T.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a * 3

        @staticmethod
        def backward(ctx, g):
            a, = ctx.saved_tensors
            return g * a

    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    y = x * 2
    z = F.apply(y)
    y.detach_()
    out.append(_try(lambda: (z.sum().backward(), x.grad)[1]))
    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    with T.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        y = x * 2
        z = y * y
    y.detach_()
    out.append(_try(lambda: (z.sum().backward(), x.grad)[1]))
    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    y = x * 2
    z = y * y
    out.append(_try(lambda: y.requires_grad_(False)))
    y.data = T.zeros(2, dtype=T.float64)
    out.append(_try(lambda: (z.sum().backward(), x.grad)[1]))
    return out


@case
def functorch_requires_grad_inside(T):
    """requires_grad_() (any tensor, True or False) and backward() inside a
    function a torch.func transform runs raise torch's errors; the
    attribute setter and factories with requires_grad= are allowed
    (NOTE [ Functorch transform depth ] in tensor.pyx)."""
    F = T.func
    ones = lambda *s: T.ones(*s, dtype=T.float64)  # noqa: E731
    runs = [
        lambda: F.grad(lambda x: (x.requires_grad_() * x).sum())(ones(3)),
        lambda: F.vmap(lambda x: x.requires_grad_())(ones(2, 3)),
        lambda: F.jacrev(lambda x: x.requires_grad_() * 2)(ones(3)),
        lambda: F.jacfwd(lambda x: x.requires_grad_() * 2)(ones(3)),
        lambda: F.vjp(lambda x: x.requires_grad_() * 2, ones(3))[0],
        lambda: F.jvp(lambda x: x.requires_grad_() * 2, (ones(3),), (ones(3),)),
        lambda: F.grad(lambda x: (x.requires_grad_(False) * x).sum())(ones(3)),
        lambda: F.grad(lambda x: (ones(3).requires_grad_() * x).sum())(ones(3)),
        lambda: F.grad(lambda x: T.autograd.functional.jacobian(lambda y: y * x, ones(2)).sum())(ones(2)),
        lambda: F.grad(lambda x: ((x * 1).sum().backward(), x.sum())[1])(ones(2)),
        lambda: F.vmap(lambda x: ((x * 1).sum().backward(), x)[1])(T.ones(2, 2, dtype=T.float64,
                                                                          requires_grad=True)),
        lambda: F.grad(lambda x: (T.ones(3, dtype=T.float64, requires_grad=True) * x).sum())(ones(3)).tolist(),
        lambda: F.grad(lambda x: F.grad(lambda y: (y ** 3).sum())(x).sum())(ones(2)),
        lambda: F.jacfwd(F.jacrev(lambda x: (x ** 3).sum()))(ones(2)),
        lambda: F.vmap(F.grad(lambda x: (x.sin() * x).sum()))(ones(2, 3)),
        lambda: F.grad(lambda x: (setattr(x, "requires_grad", True), x.sum())[1])(ones(3)),
        lambda: F.functionalize(lambda x: x.requires_grad_())(ones(2)),
    ]
    out = [_try(r) for r in runs]
    # outside any transform again
    out.append(ones(2).requires_grad_().requires_grad)
    return out


def _half_bits(T, f):
    """f's float16 result, bit-exact but compact: its dtype, a digest of its
    bit patterns, and how many of them are odd (a live run shows the values)."""
    import hashlib
    r = f()
    bits = np.ascontiguousarray(r.numpy()).view(np.uint16)
    return [str(r.dtype).split(".")[-1], hashlib.sha1(bits.tobytes()).hexdigest(), int((bits & 1).sum())]


_HALF_VALS = np.concatenate([np.linspace(-4, 4, 211), np.geomspace(1e-4, 6e4, 160),
                             -np.geomspace(3e-7, 2e3, 60), [0.0, -0.0, 1.0, 65504.0]]).astype(np.float16)
_HALF_SCALARS = [0.1, 1.1, 3.3333333, 1e-5, 1e5, 0.3, -0.7, 1 / 3, 7e-8, 2.0, 70000, 3]


def _half_case(name, f):
    def fn(T):
        out = []
        for s in _HALF_SCALARS:
            a = T.tensor(_HALF_VALS, dtype=T.float16)
            out.append(_half_bits(T, lambda: f(T, a, s)))
        return out
    fn.__name__ = "half_scalar_" + name
    CASES[fn.__name__] = fn


# NOTE [ Half times a scalar ] (ops/pointwise.pyx): mul/div with the scalar
# second in float32 opmath; add/sub, a scalar first, s / x as
# x.reciprocal() * s
for _n, _f in {
    "mul": lambda T, a, s: a * s, "rmul": lambda T, a, s: s * a, "div": lambda T, a, s: a / s,
    "rdiv": lambda T, a, s: s / a, "add": lambda T, a, s: a + s, "sub": lambda T, a, s: a - s,
    "rsub": lambda T, a, s: s - a, "mul_": lambda T, a, s: a.mul_(s), "div_": lambda T, a, s: a.div_(s),
    "imul": lambda T, a, s: a.__imul__(s), "torch_mul": lambda T, a, s: T.mul(a, s),
    "mul_np64": lambda T, a, s: a * np.float64(s), "np64_mul": lambda T, a, s: np.float64(s) * a,
    "mul_0d64": lambda T, a, s: a * T.tensor(s, dtype=T.float64),
    "mul_0d32": lambda T, a, s: a * T.tensor(float(s), dtype=T.float32),
    "0d32_mul": lambda T, a, s: T.mul(T.tensor(float(s), dtype=T.float32), a),
    "div_0d64": lambda T, a, s: a / T.tensor(s, dtype=T.float64),
    "mul_0d16": lambda T, a, s: a * T.tensor(s, dtype=T.float16),
    "mul_grad": lambda T, a, s: (a.requires_grad_() * s).detach(),
    "add_alpha": lambda T, a, s: a.add(a.flip(0), alpha=s),
    "add_alpha_np": lambda T, a, s: a.add(a.flip(0), alpha=np.float64(s)),
    "add_alpha_scalar": lambda T, a, s: T.add(a, 2.5, alpha=s),
    "sub_alpha": lambda T, a, s: a.sub(a.flip(0), alpha=s),
    "add_alpha_": lambda T, a, s: a.add_(a.flip(0), alpha=s),
    "sub_alpha_": lambda T, a, s: a.sub_(a.flip(0), alpha=s),
    "floordiv": lambda T, a, s: a // s,
    "floor_divide_0d64": lambda T, a, s: T.floor_divide(a, T.tensor(s, dtype=T.float64)),
}.items():
    _half_case(_n, _f)


@case
def index_put_through_shared_memory(T):
    """NOTE [ index_put_ through shared memory ] (ops/shape.pyx): a self
    whose elements alias (as_strided with stride 0, expand) takes each value
    element as torch's loop reads it, after the earlier writes (fuzz seed
    70739); a provable partial overlap is refused."""
    import warnings
    out = []

    def run(f):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            r = _try(f)
        return [r, [str(x.message).split(" (Triggered")[0] for x in w]]

    v6 = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    v7 = T.tensor([[1.0, 2.0], [3.0, -4.0]], dtype=T.float64, requires_grad=True)
    v8 = v6 @ v7
    v13 = v8.as_strided((2,), (0,), 1)

    def w1():
        with T.no_grad():
            v13[[0, 1]] = v8
        return v8
    out.append(run(w1))
    a = T.arange(6.0)
    b = a.as_strided((3,), (0,), 2)
    out.append(run(lambda: (b.__setitem__([2, 0, 1], a[:3]), a)[1]))
    a = T.arange(6.0)
    b = a.as_strided((4,), (1,), 0).as_strided((3,), (0,), 1)
    out.append(run(lambda: (b.index_put_((T.tensor([0, 2, 1]),), a[1:4], accumulate=True), a)[1]))
    a = T.arange(6.0)
    out.append(run(lambda: (a.__setitem__([1, 2, 3], a[:3]), a)[1]))
    a = T.arange(8.0)
    e = a[:2].expand(3, 2)
    out.append(run(lambda: (e.__setitem__([[0, 2]], a[1:3].expand(2, 2)), a)[1]))
    a = T.arange(6.0)
    b = a.as_strided((3,), (0,), 2)
    out.append(run(lambda: (b.__setitem__([0, 1], a[4]), a)[1]))
    return out


_LAYOUT_SNIPPET = r"""
import warnings, sys
import {mod} as torch
res = []
def show(p, loss, pre=None, cg=False):
    if pre is not None:
        p.grad = pre
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        loss(p).backward(create_graph=cg)
    res.append([list(p.grad.stride()), [str(x.message).split(" (Triggered")[0] for x in w
                                          if "layout" in str(x.message)]])
mkt = lambda: torch.arange(20.0, dtype=torch.float64).reshape(5, 4).t().requires_grad_()
mkp = lambda: torch.arange(120.0, dtype=torch.float64).reshape(2, 4, 5, 3).permute(0, 3, 1, 2).requires_grad_()
w = torch.arange(20.0, dtype=torch.float64).reshape(4, 5)
show(mkt(), lambda p: (p * w).sum())
show(mkt(), lambda p: p.sum())
show(mkp(), lambda p: (p * 2).sum())
show(mkt(), lambda p: (p * w).sum(), pre=torch.zeros(4, 5, dtype=torch.float64).t().contiguous().t())
show(mkt(), lambda p: (p * w).sum(), pre=torch.zeros(4, 5, dtype=torch.float64))
show(mkt(), lambda p: (p * w).sum(), pre=torch.zeros(4, 5, dtype=torch.float64))
show(mkt(), lambda p: (p * w).sum(), pre=torch.zeros(4, 5, dtype=torch.float64), cg=True)
show(mkp(), lambda p: (p * 2).sum(), pre=torch.zeros(2, 3, 4, 5, dtype=torch.float64), cg=True)
show(mkp(), lambda p: (p * 2).sum(), pre=torch.zeros(2, 3, 4, 5, dtype=torch.float64))
print(repr(res))
"""


@case
def grad_layout_contract_warning(T):
    """NOTE [ The gradient layout contract warning ] (accumulate_grad.pyx):
    .grad's strides after backward into permuted leaves, and the once-per-
    process warning of each accumulation site. Run in a fresh interpreter,
    since the warning's once-flag is process state."""
    import ast
    import os
    import subprocess
    import sys
    import tempfile
    # the child imports the very package this process runs (an installed one, or a
    # source tree built in place), from a neutral folder, so that an unbuilt source
    # tree in the working directory cannot shadow it
    home = os.path.dirname(os.path.dirname(os.path.abspath(T.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = home + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", _LAYOUT_SNIPPET.format(mod=T.__name__)], cwd=tempfile.gettempdir(),
                       env=env, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return ["failed", r.stderr[-2000:]]
    return ast.literal_eval(r.stdout.strip().splitlines()[-1])


@case
def saved_cumext_dist_after_data_change(T):
    """cummax/cummin save self and indices, dist self, other and result, as
    torch's: a detach_(), a .data change (of the same or another shape) or
    an in-place change of the saved tensor shows as torch's does."""
    out = []
    for name, f in [("cummax", lambda y: y.cummax(0)[0]), ("cummin", lambda y: y.cummin(0)[0]),
                    ("dist", lambda y: T.dist(y, y.detach() * 0)), ("dist_b", lambda y: T.dist(y.detach() * 0 + 1, y))]:
        for mode in ("detach_", "data", "data_shape", "inplace", "none"):
            x = T.tensor([1.0, 3.0, 2.0], dtype=T.float64, requires_grad=True)
            y = x * 2
            z = f(y)
            if mode == "detach_":
                y.detach_()
            elif mode == "data":
                y.data = T.tensor([5.0, -1.0, 7.0], dtype=T.float64)
            elif mode == "data_shape":
                y.data = T.tensor([5.0, -1.0], dtype=T.float64)
            elif mode == "inplace":
                with T.no_grad():
                    y.mul_(2)
            out.append([name, mode, _try(lambda: (z.sum().backward(), x.grad)[1])])
    x = T.tensor([1.0, 3.0, 2.0], dtype=T.float64, requires_grad=True)
    r = (x * 1).cummax(0)
    out.append([r.values.grad_fn._saved_self, r.values.grad_fn._saved_indices, r.values.grad_fn._saved_dim])
    return out


# ---- session 28 (h28j): small autograd-fidelity divergences ------------------

@case
def saved_tensor_type_names(T):
    """grad_fn._raw_saved_* is torch._C._autograd.SavedTensor by every name
    Python shows (__name__, __qualname__, __module__ under the package)."""
    a = T.ones(3, dtype=T.float64, requires_grad=True)
    r = a * a
    t = type(r.grad_fn._raw_saved_self)
    return [t.__name__, t.__qualname__, t.__module__.split(".", 1)[1], t is T._C._autograd.SavedTensor,
            _try(lambda: r.grad_fn._raw_saved_self.nonexistent)]


@case
def function_apply_refuses_keyword_arguments(T):
    """A custom Function's apply takes positional arguments only: a keyword
    argument, or a keyword-only parameter's default once setup_context's
    binding applied it, is torch's TypeError naming forward() (under a
    grad-like transform custom_function_call_grad(); vmap alone passes it)."""
    class Old(T.autograd.Function):
        @staticmethod
        def forward(ctx, x, **kw):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g

    class KwOnly(T.autograd.Function):
        generate_vmap_rule = True

        @staticmethod
        def forward(x, *, m=2):
            return x * m

        @staticmethod
        def setup_context(ctx, inputs, output):
            pass

        @staticmethod
        def backward(ctx, g):
            return g

        @staticmethod
        def jvp(ctx, g):
            return g

    class Pos(T.autograd.Function):
        @staticmethod
        def forward(x, m=2):
            return x * m

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.m = inputs[1]

        @staticmethod
        def backward(ctx, g):
            return g * ctx.m, None

    ones = lambda *s: T.ones(*s, dtype=T.float64)  # noqa: E731
    x = T.ones(2, dtype=T.float64, requires_grad=True)
    F = T.func
    runs = [
        lambda: Old.apply(x, b=1, a=2),
        lambda: Old.apply(x).tolist(),
        lambda: KwOnly.apply(x, m=3),
        lambda: KwOnly.apply(x),
        lambda: Pos.apply(x, m=3).tolist(),
        lambda: F.grad(lambda y: KwOnly.apply(y).sum())(ones(2)),
        lambda: F.vjp(lambda y: KwOnly.apply(y), ones(2))[0],
        lambda: F.vmap(lambda y: KwOnly.apply(y))(ones(2, 2)).tolist(),
    ]
    out = [_try(r) for r in runs]
    out.append([x._version, x.grad])
    return out


@case
def version_error_order_of_two_operand_ops(T):
    """Both saved operands modified in place: the error names the one
    torch's formula unpacks first -- saved inputs sorted by name, then the
    result -- for ops made as custom Functions (NOTE [ Unpack order of
    Function-made nodes ]) and pow/remainder of two tensors, through
    backward() and autograd.grad; remainder unpacks both even when only
    self's gradient is wanted."""
    out = []
    ops = [("atan2", T.atan2), ("hypot", T.hypot), ("fmax", T.fmax), ("fmin", T.fmin), ("xlogy", T.xlogy),
           ("dist", T.dist), ("fmod", T.fmod), ("logaddexp", T.logaddexp), ("logaddexp2", T.logaddexp2),
           ("pow", T.pow), ("remainder", T.remainder), ("mul", T.mul), ("lerp", lambda a, b: T.lerp(a, b, b)),
           ("cross", lambda a, b: T.linalg.cross(a, b.expand(2, 3)))]
    for name, f in ops:
        for how in ("backward", "grad", "self_only"):
            p = T.tensor([[1.5, 2.0, 2.5], [3.0, 1.25, 0.5]], dtype=T.float64, requires_grad=True)
            q = T.tensor([0.75, 1.5, 2.25], dtype=T.float64, requires_grad=how != "self_only")
            r = f(p, q)
            with T.no_grad():
                p.add_(1)
                q.add_(1)
            if how == "grad":
                out.append([name, how, _try(lambda: T.autograd.grad(r.sum(), [p])[0])])
            else:
                out.append([name, how, _try(lambda: (r.sum().backward(), p.grad)[1])])
    return out


@case
def transform_results_of_leaves_made_inside(T):
    """A leaf made with requires_grad=True inside grad/vjp/jacrev belongs to
    the transform's level: results reaching only it are plain tensors once
    the transform returns (captured outer leaves keep theirs). vmap has no
    level: a leaf made inside it stays one, but its own batched input set to
    require grad inside gives a plain result."""
    F = T.func
    ones = lambda *s: T.ones(*s, dtype=T.float64)  # noqa: E731
    rg = lambda *s: T.ones(*s, dtype=T.float64, requires_grad=True)  # noqa: E731
    w = rg(3)
    v2 = w * 2

    def aux(x):
        v = rg(3)
        return (v * x).sum(), v

    def meta(t):
        # (no node names: vmap's results are stacked here, torch's batched)
        return [t.detach().tolist(), t.requires_grad, t.grad_fn is None, t.is_leaf]

    runs = [
        lambda: F.grad(lambda x: (w * x).sum())(ones(3)),
        lambda: F.grad(lambda x: (rg(3) * x).sum())(ones(3)),
        lambda: F.grad(lambda x: (rg(3) * x * x).sum())(ones(3)),
        lambda: F.grad(aux, has_aux=True)(ones(3))[1],
        lambda: F.grad(aux, has_aux=True)(ones(3))[0],
        lambda: F.grad(lambda x: (v2 * x).sum())(ones(3)),
        lambda: F.vmap(lambda x: x * rg(3))(ones(2, 3)),
        lambda: F.vmap(lambda x: x * w)(ones(2, 3)),
        lambda: F.vjp(lambda x: x * rg(3), ones(3))[0],
        lambda: F.vjp(lambda x: x * rg(3), ones(3))[1](ones(3))[0],
        lambda: F.jacrev(lambda x: x * rg(3))(ones(3)),
        lambda: F.vmap(lambda x: (setattr(x, "requires_grad", True), x)[1])(ones(2, 3)),
        lambda: F.vmap(lambda x: (setattr(x, "requires_grad", True), x * 2)[1])(ones(2, 3)),
        lambda: F.vmap(lambda x: (setattr(x, "requires_grad", True), x * w)[1])(ones(2, 3)),
        lambda: F.grad(lambda x: F.grad(lambda y: (rg(3) * y * x).sum())(x).sum())(ones(3)),
    ]
    out = []
    for r in runs:
        try:
            out.append(meta(r()))
        except Exception as e:  # noqa: BLE001
            out.append(f"{type(e).__name__}: {e}")
    return out
