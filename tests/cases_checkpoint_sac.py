"""Selective activation checkpointing (torch.utils.checkpoint's
CheckpointPolicy, SelectiveCheckpointContext,
create_selective_checkpoint_contexts), run against both torch and
cyautograd: generated programs (linear layers, matmuls, pointwise ops,
dropout) checkpointed under generated policies, comparing the output, every
gradient, the ops the policy was asked about (in order, with their
SelectiveCheckpointContext) and the errors; plus hand-written cases for the
error paths and for the cache being really used (a cached output mutated
with allow_cache_entry_mutation=True changes the gradient exactly as in
torch). Each case takes the module and returns what to compare."""
import functools
import importlib

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _cp(T):
    return importlib.import_module(T.__name__ + ".utils.checkpoint")


def _t(T, rs, *shape, grad=True):
    return T.tensor(rs.uniform(-1.0, 1.0, shape), dtype=T.float64, requires_grad=grad)




def _policies(T, P):
    aten = T.ops.aten
    mm_like = [aten.mm.default, aten.addmm.default, aten.bmm.default]

    def save_pointwise(ctx, op, *args, **kwargs):
        if op in (aten.sin.default, aten.relu.default, aten.tanh.default):
            return P.PREFER_SAVE
        return P.MUST_RECOMPUTE

    def every_other():
        n = [0]

        def policy(ctx, op, *args, **kwargs):
            n[0] += 1
            return P.MUST_SAVE if n[0] % 2 else P.PREFER_RECOMPUTE
        return policy

    def shape_based(ctx, op, *args, **kwargs):
        # a policy reading the op's output (ctx.op_output) and its arguments
        out = ctx.op_output
        return bool(isinstance(out, T.Tensor) and out.dim() == 2 and out.shape[-1] == 5)

    return {
        "list_mm": lambda: mm_like,
        "list_empty": lambda: [],
        "all_save": lambda: (lambda ctx, op, *a, **k: P.MUST_SAVE),
        "all_recompute": lambda: (lambda ctx, op, *a, **k: P.PREFER_RECOMPUTE),
        "bool_mm": lambda: (lambda ctx, op, *a, **k: op == aten.mm.default or op == aten.addmm.default),
        "pointwise": lambda: save_pointwise,
        "every_other": every_other,
        "shape_based": lambda: shape_based,
        "cpu_offload": lambda: (lambda ctx, op, *a, **k: P.PREFER_CPU_OFFLOAD),
    }


_LAYERS = ("linear_b", "linear_nb", "matmul", "relu", "sin", "tanh", "sigmoid", "scale", "add_param",
           "dropout", "linear_3d", "inplace", "t_reshape")


def _program(seed):
    rs = np.random.RandomState(seed)
    n = 2 + rs.randint(4)
    return [_LAYERS[rs.randint(len(_LAYERS))] for _ in range(n)]


def _run_program(T, seed, policy_name, preserve_rng_state=True):
    cp = _cp(T)
    P = cp.CheckpointPolicy
    rs = np.random.RandomState(1000 + seed)
    layers = _program(seed)
    x = _t(T, rs, 4, 5)
    params = []

    def param(*shape):
        p = _t(T, rs, *shape)
        params.append(p)
        return p

    built = []
    for kind in layers:
        if kind in ("linear_b", "linear_3d"):
            built.append((kind, param(5, 5), param(5)))
        elif kind in ("linear_nb", "matmul"):
            built.append((kind, param(5, 5), None))
        elif kind == "add_param":
            built.append((kind, param(4, 5), None))
        else:
            built.append((kind, None, None))

    def fn(h):
        F = T.nn.functional
        for kind, w, b in built:
            if kind == "linear_b":
                h = F.linear(h, w, b)
            elif kind == "linear_3d":
                h = F.linear(h.reshape(2, 2, 5), w, b).reshape(4, 5)
            elif kind == "linear_nb":
                h = F.linear(h, w)
            elif kind == "matmul":
                h = h @ w
            elif kind == "relu":
                h = F.relu(h)
            elif kind == "scale":
                h = h * 0.5 + 0.25
            elif kind == "add_param":
                h = h + w
            elif kind == "inplace":
                h = (h + 0.0).mul_(0.5)
            elif kind == "t_reshape":
                h = h.t().reshape(4, 5)   # not viewable: clone + _unsafe_view
            elif kind == "dropout":
                h = F.dropout(h, 0.3, training=True)
            else:
                h = getattr(T, kind)(h)
        return (h * h).sum()

    seen = []
    policy = _policies(T, P)[policy_name]()
    if callable(policy):
        inner = policy

        def policy(ctx, op, *args, **kwargs):
            seen.append([str(op), ctx.is_recompute, type(ctx).__name__])
            return inner(ctx, op, *args, **kwargs)
    T.manual_seed(seed)
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy)
    out = cp.checkpoint(fn, x, use_reentrant=False, context_fn=ctx_fn, preserve_rng_state=preserve_rng_state)
    n_forward = len(seen)
    out.backward()
    return [layers, out, x.grad, [p.grad for p in params], seen, n_forward, len(seen) - n_forward]


def _gen_case(seed, policy_name):
    def f(T):
        return _run_program(T, seed, policy_name)
    f.__name__ = f"gen_{seed}_{policy_name}"
    return f


_POLICY_NAMES = ("list_mm", "list_empty", "all_save", "all_recompute", "bool_mm", "pointwise", "every_other",
                 "shape_based", "cpu_offload")
for _seed in range(24):
    for _k, _pname in enumerate(_POLICY_NAMES):
        if (_seed + _k) % 3 == 0:
            case(_gen_case(_seed, _pname))


def _err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


# -- hand-written cases ----------------------------------------------------------


@case
def sac_docstring_example(T):
    cp = _cp(T)
    rs = np.random.RandomState(3)
    x = _t(T, rs, 10, 10)
    y = _t(T, rs, 10, 10)
    ops_to_save = [T.ops.aten.mm.default]
    seen = []

    def policy_fn(ctx, op, *args, **kwargs):
        seen.append(str(op))
        return cp.CheckpointPolicy.MUST_SAVE if op in ops_to_save else cp.CheckpointPolicy.PREFER_RECOMPUTE

    def fn(x, y):
        return T.sigmoid(T.matmul(T.matmul(x, y), y)) * y

    r = []
    for ctx_fn in (functools.partial(cp.create_selective_checkpoint_contexts, policy_fn),
                   functools.partial(cp.create_selective_checkpoint_contexts, ops_to_save)):
        out = cp.checkpoint(fn, x, y, use_reentrant=False, context_fn=ctx_fn)
        out.sum().backward()
        r.append([out, x.grad, y.grad])
        x.grad = None
        y.grad = None
    return [r, seen]


def _mutating(T, allow, cached_op):
    cp = _cp(T)
    rs = np.random.RandomState(7)
    x = _t(T, rs, 3, 3)
    w = _t(T, rs, 3, 3)

    def fn(x):
        y = x @ w if cached_op == "mm" else T.sin(x)
        y.mul_(2.0)      # the cached output changes in place
        return (y.tanh() * x).sum()

    op = T.ops.aten.mm.default if cached_op == "mm" else T.ops.aten.sin.default
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, [op], allow_cache_entry_mutation=allow)

    def go():
        out = cp.checkpoint(fn, x, use_reentrant=False, context_fn=ctx_fn)
        out.backward()
        return [out, x.grad, w.grad]
    return _err(go)


@case
def sac_mutated_cache_raises_mm(T):
    return _mutating(T, False, "mm")


@case
def sac_mutated_cache_raises_sin(T):
    return _mutating(T, False, "sin")


@case
def sac_mutated_cache_allowed_mm(T):
    # torch hands the mutated cache back: the recomputation doubles it again,
    # so the gradient is not the uncheckpointed one -- proof the cache is used
    return _mutating(T, True, "mm")


@case
def sac_mutated_cache_allowed_sin(T):
    return _mutating(T, True, "sin")


def _twice(T, policy_kind, retain):
    cp = _cp(T)
    rs = np.random.RandomState(11)
    x = _t(T, rs, 3, 4)
    w = _t(T, rs, 4, 4)
    if policy_kind == "list":
        pol = [T.ops.aten.mm.default]
    else:
        pol = (lambda ctx, op, *a, **k: cp.CheckpointPolicy.PREFER_SAVE if op == T.ops.aten.mm.default
               else cp.CheckpointPolicy.PREFER_RECOMPUTE)
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, pol)
    out = cp.checkpoint(lambda x: T.cos(x @ w).sum(), x, use_reentrant=False, context_fn=ctx_fn)
    r = [_err(lambda: out.backward(retain_graph=retain)), x.grad]
    r.append(_err(lambda: out.backward()))
    return r + [x.grad, w.grad]


@case
def sac_backward_twice_list(T):
    return _twice(T, "list", True)


@case
def sac_backward_twice_policy(T):
    return _twice(T, "fn", True)


@case
def sac_backward_twice_nothing_saved(T):
    cp = _cp(T)
    rs = np.random.RandomState(12)
    x = _t(T, rs, 3, 3)
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, [])
    out = cp.checkpoint(lambda x: T.cos(x @ x).sum(), x, use_reentrant=False, context_fn=ctx_fn)
    out.backward(retain_graph=True)
    out.backward()
    return x.grad


@case
def sac_bad_policy_arguments(T):
    cp = _cp(T)
    C = cp.create_selective_checkpoint_contexts
    r = [_err(lambda: C([T.ops.aten.mm])), _err(lambda: C("mm")), _err(lambda: C((T.ops.aten.mm.default,))),
         _err(lambda: C(None)), _err(lambda: C(3))]
    # only the words: the type's module differs (torch._ops / cyautograd.ops.aten)
    r[0][1] = r[0][1].split(" of type")[0] + r[0][1].split(">.")[-1]
    ok = C([T.ops.aten.mm.default, T.ops.aten.add.Tensor])
    return [r, len(ok), type(ok[0]).__name__, type(ok[1]).__name__]


@case
def sac_policy_and_context_objects(T):
    cp = _cp(T)
    P = cp.CheckpointPolicy
    ctx = cp.SelectiveCheckpointContext(is_recompute=False)
    return [[p.name for p in P], [p.value for p in P], ctx.is_recompute, ctx.op_output,
            _err(lambda: cp.SelectiveCheckpointContext(False)),
            str(T.ops.aten.mm.default), str(T.ops.aten.add.Tensor), T.ops.aten.mm.default.name(),
            T.ops.aten.add.Tensor.name(), T.ops.aten.mm.default in [T.ops.aten.mm.default],
            T.ops.aten.mm.default == T.ops.aten.bmm.default, T.ops.aten.mm.default.__name__,
            T.ops.aten.mm.__name__, str(T.ops.aten.mm)]


@case
def sac_op_output_and_args(T):
    cp = _cp(T)
    rs = np.random.RandomState(5)
    x = _t(T, rs, 2, 3)
    w = _t(T, rs, 3, 4)
    seen = []

    def policy(ctx, op, *args, **kwargs):
        seen.append([str(op), [list(a.shape) if isinstance(a, T.Tensor) else a for a in args],
                     list(ctx.op_output.shape), ctx.op_output.requires_grad])
        return op == T.ops.aten.mm.default

    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy)
    out = cp.checkpoint(lambda x: (T.relu(x @ w) * 3.0).sum(), x, use_reentrant=False, context_fn=ctx_fn)
    out.backward()
    return [seen, x.grad, w.grad]


@case
def sac_dropout_preserved_rng(T):
    cp = _cp(T)
    rs = np.random.RandomState(9)
    x = _t(T, rs, 6, 5)
    w = _t(T, rs, 5, 5)
    T.manual_seed(123)
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, [T.ops.aten.mm.default])

    def fn(x):
        h = T.nn.functional.dropout(x @ w, 0.5, training=True)
        return T.nn.functional.dropout(h.sin() @ w, 0.25, training=True).sum()
    out = cp.checkpoint(fn, x, use_reentrant=False, context_fn=ctx_fn)
    out.backward()
    return [out, x.grad, w.grad]


@case
def sac_multiple_outputs_and_kwargs(T):
    cp = _cp(T)
    rs = np.random.RandomState(21)
    x = _t(T, rs, 4, 6)
    seen = []

    def policy(ctx, op, *args, **kwargs):
        seen.append(str(op))
        return cp.CheckpointPolicy.MUST_SAVE

    def fn(x, scale=1.0):
        a, b = x.chunk(2, 1)
        return ((a.exp() * b.sin()) * scale).sum()
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy)
    out = cp.checkpoint(fn, x, use_reentrant=False, context_fn=ctx_fn, scale=2.0)
    out.backward()
    return [out, x.grad, [s for s in seen if "split" not in s]]


@case
def sac_no_grad_region(T):
    cp = _cp(T)
    rs = np.random.RandomState(4)
    x = _t(T, rs, 3, 3)
    seen = []
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts,
                               lambda ctx, op, *a, **k: seen.append(str(op)) or True)
    with T.no_grad():
        out = cp.checkpoint(lambda x: (x @ x).sin().sum(), x, use_reentrant=False, context_fn=ctx_fn)
    return [out, seen]


@case
def sac_reentrant_refuses_context_fn(T):
    cp = _cp(T)
    x = T.ones(2, 2, requires_grad=True)
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, [T.ops.aten.mm.default])
    return _err(lambda: cp.checkpoint(lambda x: (x @ x).sum(), x, use_reentrant=True, context_fn=ctx_fn))


@case
def sac_nested_checkpoints(T):
    cp = _cp(T)
    rs = np.random.RandomState(31)
    x = _t(T, rs, 3, 3)
    w = _t(T, rs, 3, 3)
    seen = []

    def pol(tag):
        def policy(ctx, op, *a, **k):
            seen.append([tag, str(op)])
            return op == T.ops.aten.mm.default
        return functools.partial(cp.create_selective_checkpoint_contexts, policy)

    def inner(h):
        return (h @ w).tanh()

    def outer(h):
        h = cp.checkpoint(inner, h.sin(), use_reentrant=False, context_fn=pol("inner"))
        return (h @ w).sum()
    out = cp.checkpoint(outer, x, use_reentrant=False, context_fn=pol("outer"))
    out.backward()
    return [out, x.grad, w.grad, seen]


@case
def sac_inplace_and_noop_ops_seen(T):
    cp = _cp(T)
    rs = np.random.RandomState(41)
    x = _t(T, rs, 3, 4)
    w = _t(T, rs, 4, 4)
    seen = []

    def policy(ctx, op, *a, **k):
        seen.append(str(op))
        return op in (T.ops.aten.mm.default, T.ops.aten.exp.default)

    def fn(x):
        h = (x @ w).exp()
        h = h.to(T.float64).contiguous()   # no-ops: nothing dispatched
        h.add_(1.0)                        # mutates the cached exp output
        h = h.t().reshape(2, 6)
        return (h * h).sum()
    ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy, allow_cache_entry_mutation=True)
    out = cp.checkpoint(fn, x, use_reentrant=False, context_fn=ctx_fn)
    r = _err(lambda: out.backward())
    return [r, seen, x.grad, w.grad]


@case
def sac_dropout_ops_and_cache(T):
    """F.dropout is torch's _dropout_impl to a policy: empty_like,
    bernoulli_.float, div_.Scalar, mul (zeros + mul for p = 1, mul_ in
    place); a cached empty_like/bernoulli_/div_ output reads as mutated (in
    place ops are cached before their own version bump); with
    allow_cache_entry_mutation a cached in-place op is skipped in the
    recomputation (its self is returned, bumped but unchanged). (Caching
    bernoulli_ with allow_cache_entry_mutation leaves empty_like's
    uninitialised memory in torch: not compared.)"""
    cp = _cp(T)
    P = cp.CheckpointPolicy
    F = T.nn.functional
    rs = np.random.RandomState(21)
    res = []

    def run(fn, save, allow=False):
        x = _t(T, rs, 4, 5)
        seen = []

        def policy(ctx, op, *args, **kwargs):
            seen.append(str(op))
            return P.MUST_SAVE if str(op) in save else P.PREFER_RECOMPUTE
        ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy,
                                   allow_cache_entry_mutation=allow)
        T.manual_seed(7)
        try:
            out = cp.checkpoint(fn, x, use_reentrant=False, context_fn=ctx_fn)
            out.sum().backward()
            return [seen, out, x.grad]
        except RuntimeError as e:
            return [seen, "RuntimeError", str(e)]

    drop = lambda t: F.dropout(t, 0.4, training=True).sin()   # noqa: E731
    for op in ("aten.empty_like.default", "aten.bernoulli_.float", "aten.div_.Scalar", "aten.mul.Tensor"):
        res.append(run(drop, (op,)))
        if op != "aten.bernoulli_.float":
            res.append(run(drop, (op,), allow=True))
    res.append(run(drop, ("aten.mul.Tensor", "aten.sin.default")))
    res.append(run(lambda t: F.dropout(t, 1.0, training=True), ("aten.zeros.default",)))
    res.append(run(lambda t: F.dropout(t * 1, 0.3, training=True, inplace=True), ()))
    res.append(run(lambda t: T.nn.Dropout(0.3)(t) * 2, ("aten.empty_like.default",), allow=True))
    res.append(run(lambda t: F.dropout(t, 0.3, training=False), ()))
    return res


@case
def sac_op_names_of_layers(T):
    """The ATen ops a policy is asked about for common layers and indexing:
    torch's names and overloads (gelu, silu and layer_norm are one op each:
    gelu.default, silu.default, native_layer_norm.default; x[i] is
    select.int, x[a:b] slice.Tensor, x[None] unsqueeze, x[idx] index.Tensor;
    transpose.int, squeeze.dim, std/var.correction, max.dim, split.Tensor,
    unbind.int, where.self, narrow is slice.Tensor), and the values and
    gradients with every one of them saved."""
    cp = _cp(T)
    P = cp.CheckpointPolicy
    F = T.nn.functional
    rs = np.random.RandomState(5)
    idx = T.tensor([0, 2])
    w = _t(T, rs, 5, 5, grad=False)
    ln_w, ln_b = _t(T, rs, 5), _t(T, rs, 5)
    layers = [
        ("linear", lambda t: F.linear(t, w, ln_b)), ("relu", F.relu), ("softmax", lambda t: t.softmax(-1)),
        ("log_softmax", lambda t: F.log_softmax(t, dim=-1)), ("matmul", lambda t: t @ w),
        ("gelu", F.gelu), ("gelu_tanh", lambda t: F.gelu(t, approximate="tanh")), ("silu", F.silu),
        ("layer_norm", lambda t: F.layer_norm(t, (5,), ln_w, ln_b, 1e-3)),
        ("layer_norm_plain", lambda t: F.layer_norm(t, [5])),
        ("int", lambda t: t[0]), ("slice", lambda t: t[1:]), ("colint", lambda t: t[:, 0]),
        ("none", lambda t: t[None]), ("tensor", lambda t: t[idx]), ("int_slice", lambda t: t[0, 1:]),
        ("ellipsis", lambda t: t[..., 1]), ("transpose", lambda t: t.transpose(0, 1)),
        ("squeeze_dim", lambda t: t.unsqueeze(0).squeeze(0)), ("split", lambda t: t.split(2)[0]),
        ("select", lambda t: t.select(0, 1)), ("narrow", lambda t: t.narrow(0, 1, 2)),
        ("unbind", lambda t: t.unbind(0)[1]), ("std", lambda t: t.std(0)), ("var", lambda t: t.var()),
        ("max_dim", lambda t: t.max(0)[0]), ("bmm", lambda t: t.reshape(2, 2, 5) @ t.reshape(2, 5, 2)),
    ]
    res = []
    for name, layer in layers:
        for save in (False, True):
            x = _t(T, rs, 4, 5)
            seen = []

            def policy(ctx, op, *args, **kwargs):
                seen.append(str(op))
                return P.MUST_SAVE if save else P.PREFER_RECOMPUTE
            ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy)
            out = cp.checkpoint(lambda t: (layer(t).sin() * 2).sum(), x, use_reentrant=False, context_fn=ctx_fn)
            out.backward()
            res.append([name, save, seen, out, x.grad])
    return res


@case
def sac_factories_comparisons_feature_dropout(T):
    """Ops torch's modes see that are no Tensor method of an input: the
    factories (zeros, ones, empty.memory_format, full, arange.default /
    start / start_step, rand, randn, randint.low, eye, linspace), the
    comparisons with a Python number (gt.Scalar; x > y is gt.Tensor, as the
    operators too), fill_.Scalar and masked_fill.Scalar, and dropout1d as
    torch's feature_dropout (new_empty, bernoulli_.float, div_.Scalar, mul;
    an unbatched input unsqueezed and squeezed back). Each program saved
    (its values and gradients then come from the cache) and recomputed."""
    cp = _cp(T)
    P = cp.CheckpointPolicy
    F = T.nn.functional
    rs = np.random.RandomState(13)
    progs = [
        ("zeros", lambda t: t + T.zeros(4, 5, dtype=T.float64)), ("ones", lambda t: t * T.ones(5, dtype=T.float64)),
        ("empty_fill", lambda t: t + T.empty(4, 5, dtype=T.float64).fill_(2.0)),
        ("full", lambda t: t + T.full((4, 5), 0.5, dtype=T.float64)),
        ("arange", lambda t: t * T.arange(5)), ("arange_start", lambda t: t * T.arange(1, 6)),
        ("arange_step", lambda t: t * T.arange(0.0, 2.5, 0.5)), ("eye", lambda t: t[:, :4] @ T.eye(4, dtype=T.float64)),
        ("linspace", lambda t: t * T.linspace(0, 1, 5, dtype=T.float64)),
        ("rand", lambda t: t * T.rand(4, 5, dtype=T.float64)), ("randn", lambda t: t * T.randn(5, dtype=T.float64)),
        ("randint", lambda t: t * T.randint(0, 4, (4, 5))),
        ("gt_scalar", lambda t: t * (t > 0.25)), ("gt_tensor", lambda t: t * (t > t.detach().cos())),
        ("le_fn", lambda t: t * T.le(t, 0.0)), ("eq_method", lambda t: t * t.eq(0.5)),
        ("masked_fill", lambda t: t.masked_fill(t < 0, 0.0)),
        ("dropout1d", lambda t: F.dropout1d(t[None], 0.4)), ("dropout1d_unbatched", lambda t: F.dropout1d(t, 0.4)),
        ("dropout1d_p1", lambda t: F.dropout1d(t[None], 1.0)),
        ("dropout2d", lambda t: F.dropout2d(t.reshape(1, 2, 2, 5), 0.3)),
    ]
    res = []
    for name, prog in progs:
        for save in (False, True):
            x = _t(T, rs, 4, 5)
            seen = []

            def policy(ctx, op, *args, **kwargs):
                seen.append(str(op))
                return P.MUST_SAVE if save else P.PREFER_RECOMPUTE
            ctx_fn = functools.partial(cp.create_selective_checkpoint_contexts, policy)
            T.manual_seed(3)
            try:
                out = cp.checkpoint(lambda t: (prog(t).sin() * 2).sum(), x, use_reentrant=False, context_fn=ctx_fn)
                out.backward()
                res.append([name, save, seen, out, x.grad])
            except RuntimeError as e:
                res.append([name, save, seen, "RuntimeError", str(e)])
    return res


def _rep(a):
    if hasattr(a, "shape"):
        return ["T", list(a.shape), str(a.dtype).split(".")[-1], a.detach().double().flatten().tolist()[:4]]
    if isinstance(a, (list, tuple)):
        return [_rep(x) for x in a]
    return repr(a).replace("torch.", "").replace("cyautograd.", "")


@case
def sac_sees_factories_embedding_and_lift_fresh(T):
    """The *_like / new_* factories, torch.tensor / new_tensor (aten.lift_fresh)
    and embedding reach the policy as the one ATen op torch's modes see, with
    the schema's arguments (a size list, pin_memory=False, embedding's
    (weight, indices, wrapped padding_idx, ...)), under both policies; the
    gradients come out the same."""
    cp = _cp(T)
    F = T.nn.functional
    out = []
    progs = [
        lambda x: (x * 0 + x.new_zeros(2, 3) + x.new_zeros((2, 3), dtype=T.float32) + x.new_ones([2, 3])
                   + x.new_empty(2, 3).zero_() + x.new_full((2, 3), 2.) + x.new_tensor([1., 2., 3.])
                   + x.new_tensor(5., dtype=T.float64)),
        lambda x: (x * 0 + T.zeros_like(x) + T.ones_like(x, dtype=T.float32) + T.empty_like(x).zero_()
                   + T.full_like(x, 2.) + T.rand_like(x) * 0 + T.randn_like(x) * 0 + T.randint_like(x, 5) * 0
                   + T.randint_like(x, 1, 5) * 0),
        lambda x: x * T.tensor([1., 2., 3.]) + T.tensor(2.0, dtype=T.float64),
        lambda x: (F.embedding(T.tensor([0, 1]), x, scale_grad_by_freq=True) * 2
                   + F.embedding(T.tensor([[1, 0]]), x, padding_idx=-1)
                   + F.embedding(T.tensor([1, 1]), x, padding_idx=0)).exp(),
    ]
    state = T.get_rng_state()
    try:
        for pol in (cp.CheckpointPolicy.MUST_SAVE, cp.CheckpointPolicy.PREFER_RECOMPUTE):
            for prog in progs:
                seen = []

                def policy(ctx, op, *args, **kwargs):
                    if not ctx.is_recompute:
                        seen.append([str(op), _rep(list(args)), {k: _rep(v) for k, v in sorted(kwargs.items())}])
                    return pol
                T.manual_seed(0)
                x = T.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], requires_grad=True)
                y = cp.checkpoint(prog, x, use_reentrant=False,
                                  context_fn=functools.partial(cp.create_selective_checkpoint_contexts, policy))
                y.sum().backward()
                out.append([[s for s in seen if "rand" not in s[0]], [s[0] for s in seen], x.grad.tolist()])
    finally:
        T.set_rng_state(state)
    return out
