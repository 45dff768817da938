"""Issue 12: autograd API details compared with torch -- custom Function
ctx flags (set_materialize_grads, _materialize_non_diff_grads), setup_context
Functions whose forward has defaulted arguments, and the grad-mode context
managers used as decorators (generators, coroutines, classes, without
parentheses) and called by hand (__exit__ with the wrong argument count,
clone()). Each case returns plain data."""
import asyncio
import inspect
import warnings

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - the exception is the observable
        return [type(e).__name__, str(e).replace("torch.", "cyautograd.")]


def _kind(g):
    return None if g is None else [type(g).__name__, g.tolist()]


@case
def materialize_grads_and_non_diff_grads(T):
    out = []
    for mg in (True, False):
        for nd in (True, False, None):
            seen = []

            class G(T.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    ctx.set_materialize_grads(mg)
                    if nd is not None:
                        ctx._materialize_non_diff_grads = nd
                    y = x.detach() * 2
                    ctx.mark_non_differentiable(y)
                    return x.clone(), y, x * 3, (x > 0).long()

                @staticmethod
                def backward(ctx, g1, g2, g3, g4):
                    seen.append([_kind(g1), _kind(g2), _kind(g3), _kind(g4), ctx._materialize_non_diff_grads])
                    return g1

            x = T.ones(2, requires_grad=True)
            a, b, c, d = G.apply(x)
            a.sum().backward()
            out.append(seen + [x.grad.tolist()])
    return out


@case
def setup_context_sees_defaulted_arguments(T):
    seen = []

    class S(T.autograd.Function):
        @staticmethod
        def forward(x, k=3, scale=2.0):
            return x * k * scale

        @staticmethod
        def setup_context(ctx, inputs, output):
            seen.append([type(i).__name__ for i in inputs] + [i for i in inputs[1:]])
            ctx.k = inputs[1] * inputs[2]

        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None, None

    out = []
    for call in (lambda x: S.apply(x), lambda x: S.apply(x, 5), lambda x: S.apply(x, k=4),
                 lambda x: S.apply(x, scale=0.5), lambda x: S.apply(x, 1, 1.0), lambda x: S.apply()):
        x = T.ones(2, requires_grad=True)
        r = _err(lambda: call(x))
        if r[0] == "ok":
            r[1].sum().backward()
            r = [r[1].tolist(), x.grad.tolist()]
        out.append(r)
    return [out, seen]


@case
def grad_mode_decorators_on_generators(T):
    @T.no_grad()
    def gen():
        a = yield T.is_grad_enabled()
        yield [a, T.is_grad_enabled()]
        return "done"

    @T.enable_grad()
    def gen2():
        yield T.is_grad_enabled()

    @T.inference_mode()
    def gen3():
        yield T.is_inference_mode_enabled()

    @T.set_grad_enabled(False)
    def gen4():
        yield T.is_grad_enabled()

    g = gen()
    first = next(g)
    outside = T.is_grad_enabled()
    second = g.send(7)
    try:
        next(g)
        ret = None
    except StopIteration as e:
        ret = e.value
    with T.no_grad():
        inner = list(gen2())
    return [first, outside, second, ret, inner, list(gen3()), list(gen4()), T.is_grad_enabled(),
            inspect.isgeneratorfunction(gen), gen.__name__]


@case
def grad_mode_decorators_on_coroutines_and_functions(T):
    @T.no_grad()
    async def coro():
        return T.is_grad_enabled()

    @T.inference_mode
    def bare3():
        return T.is_inference_mode_enabled()

    # torch wraps a coroutine function as a plain function: the mode holds
    # while the coroutine object is made, not while it runs
    return [asyncio.run(coro()), inspect.iscoroutinefunction(coro), coro.__name__, bare3(),
            T.is_grad_enabled()]


@case
def grad_mode_decorators_on_classes(T):
    out = []
    for mk in (lambda: T.no_grad(), lambda: T.enable_grad(), lambda: T.set_grad_enabled(False),
               lambda: T.inference_mode()):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")

            class K:
                def __init__(self):
                    self.mode = T.is_grad_enabled()

            dec = mk()(K)
        k = dec()
        out.append([inspect.isclass(dec), isinstance(k, K), k.mode, T.is_grad_enabled(),
                    [(x.category.__name__, str(x.message)) for x in w]])
    return out


@case
def grad_mode_exit_arity_and_clone(T):
    out = []
    for name, mk in (("no_grad", lambda: T.no_grad()), ("enable_grad", lambda: T.enable_grad()),
                     ("set_grad_enabled", lambda: T.set_grad_enabled(True)),
                     ("inference_mode", lambda: T.inference_mode())):
        for args in ((), (None,), (None, None), (None, None, None)):
            cm = mk()
            cm.__enter__()
            r = _err(lambda: cm.__exit__(*args))
            if r[0] != "ok":
                cm.__exit__(None, None, None)
            out.append([name, len(args), r[0], r[1] if r[0] != "ok" else None,
                        T.is_grad_enabled(), T.is_inference_mode_enabled()])
        c = mk().clone()
        out.append([type(c).__name__, getattr(c, "mode", None)])
        T.set_grad_enabled(True)
    return out


# -- saved tensors --------------------------------------------------------------

def _pack_ops(T):
    a = T.tensor([1., 2., 3.], requires_grad=True)
    b = T.tensor([[4.], [5.]], requires_grad=True)
    m1 = T.ones(2, 3, requires_grad=True)
    m2 = T.full((3, 4), 2., requires_grad=True)
    v = T.full((3,), 3., requires_grad=True)
    b3 = T.ones(2, 2, 3, requires_grad=True)
    c3 = T.ones(2, 3, 1, requires_grad=True)
    c = T.tensor([1., 2., 3.])
    return {"mul": lambda: a * b, "div": lambda: a / b, "add": lambda: a + b, "sub": lambda: a - b,
            "pow": lambda: a ** b, "rpow": lambda: 2 ** a, "powsc": lambda: a ** 2, "mulsc": lambda: a * 2,
            "mul_one_side": lambda: a * c, "mul_other_side": lambda: c * a, "div_other_side": lambda: c / a,
            "mm": lambda: m1 @ m2, "mv": lambda: m1 @ v, "dot": lambda: v @ v, "bmm": lambda: T.bmm(b3, c3),
            "vecmat": lambda: v @ m2, "maximum": lambda: T.maximum(a, b), "minimum": lambda: T.minimum(a, b),
            "exp": lambda: a.exp(), "sin": lambda: a.sin(), "tanh": lambda: a.tanh(),
            "sigmoid": lambda: a.sigmoid(), "log": lambda: a.log(), "sqrt": lambda: a.sqrt(),
            "relu": lambda: a.relu(), "abs": lambda: a.abs(), "prod": lambda: a.prod(),
            "max": lambda: a.max(), "logsumexp": lambda: a.logsumexp(0), "std": lambda: a.std(),
            "addmm": lambda: T.addmm(T.ones(2, 4), m1, m2), "mul_": lambda: (a * 1).mul_(b)}


@case
def saved_tensors_hooks_pack_order_and_count(T):
    out = {}
    for name, f in _pack_ops(T).items():
        packed = []

        def pack(t):
            packed.append(list(t.shape))
            return t

        with T.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            r = f()
        out[name] = [type(r.grad_fn).__name__, packed]
    return out


_SAVED_NAMES_OPS = ("mul", "div", "pow", "mm", "mv", "dot", "bmm", "maximum", "minimum", "exp", "sin",
                    "tanh", "sigmoid", "log", "sqrt", "relu", "abs")


@case
def saved_attribute_names_in_dir(T):
    ops = _pack_ops(T)
    out = {}
    for name in _SAVED_NAMES_OPS:
        fn = ops[name]().grad_fn
        names = sorted(n for n in dir(fn) if (n.startswith("_saved_") or n.startswith("_raw_saved_"))
                       and not n.endswith(("_sym_sizes", "_sym_strides")) and n != "_saved_exponent")
        out[name] = [names, [getattr(fn, n).tolist() for n in names if n.startswith("_saved_")]]
    return out


@case
def raw_saved_tensor_register_hooks(T):
    a = T.tensor([1., 2.], requires_grad=True)
    b = T.tensor([3., 4.], requires_grad=True)
    calls = []
    c = a * b
    raw = c.grad_fn._raw_saved_self
    same = raw is c.grad_fn._raw_saved_self
    raw.register_hooks(lambda t: calls.append(["pack", t.tolist(), t is a, t.requires_grad]) or t * 10,
                       lambda p: calls.append(["unpack", p.tolist()]) or p / 10)
    after_register = list(calls)
    again = _err(lambda: raw.register_hooks(lambda t: t, lambda t: t))
    one_arg = _err(lambda: c.grad_fn._raw_saved_other.register_hooks(lambda t: t))
    not_callable = _err(lambda: c.grad_fn._raw_saved_other.register_hooks(1, 2))
    peek = c.grad_fn._saved_self.tolist()
    c.sum().backward()
    freed = _err(lambda: c.grad_fn._raw_saved_other.register_hooks(lambda t: t, lambda t: t))
    freed_read = _err(lambda: c.grad_fn._saved_other)
    freed_raw = _err(lambda: c.grad_fn._raw_saved_self is not None)
    return [same, after_register, again, [one_arg[0], one_arg[1].splitlines()[0]],
            [not_callable[0], not_callable[1].splitlines()[0]], peek, calls, a.grad.tolist(), b.grad.tolist(),
            freed, freed_read, freed_raw]


@case
def raw_saved_tensor_under_context_hooks(T):
    a = T.tensor([1., 2.], requires_grad=True)
    with T.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        d = a.exp()
    r = _err(lambda: d.grad_fn._raw_saved_result.register_hooks(lambda t: t, lambda t: t))
    e = a.exp()
    e.grad_fn._raw_saved_result.register_hooks(lambda t: t * 2, lambda t: t / 2)
    e.sum().backward()
    return [r, a.grad.tolist()]


@case
def saved_slot_not_needed_reads_none(T):
    a = T.ones(2, requires_grad=True)
    c = T.full((2,), 3.0)
    out = []
    for r in (a * c, c * a, a / c, c / a, T.maximum(a, c)):
        fn = r.grad_fn
        names = sorted(n for n in dir(fn) if n.startswith("_saved_") or n.startswith("_raw_saved_"))
        out.append([type(fn).__name__, names,
                    [None if getattr(fn, n) is None else getattr(fn, n).tolist()
                     for n in names if n.startswith("_saved_")]])
    return out


@case
def saved_tensors_hooks_stack_misuse(T):
    G = T.autograd.graph
    h = G.saved_tensors_hooks(lambda t: t, lambda t: t)
    h.__enter__()
    h.__exit__(None, None, None)
    extra = _err(lambda: h.__exit__(None, None, None))
    extra_noargs = _err(lambda: h.__exit__())
    with G.saved_tensors_hooks(lambda t: t, lambda t: t):
        inside = _err(lambda: G.disable_saved_tensors_hooks("no hooks here").__enter__())
    with G.disable_saved_tensors_hooks("hooks are off"):
        blocked = _err(lambda: G.saved_tensors_hooks(lambda t: t, lambda t: t).__enter__())
        with G.disable_saved_tensors_hooks("inner"):
            blocked_inner = _err(lambda: G.saved_tensors_hooks(lambda t: t, lambda t: t).__enter__())
        blocked_after = _err(lambda: G.saved_tensors_hooks(lambda t: t, lambda t: t).__enter__())
    ok = _err(lambda: G.saved_tensors_hooks(lambda t: t, lambda t: t).__enter__())
    if ok[0] == "ok":
        h.__exit__(None, None, None)
    a = T.ones(2, requires_grad=True)
    with G.save_on_cpu():
        y = (a * a).sum()
    y.backward()
    return [extra, extra_noargs, inside, blocked, blocked_inner, blocked_after, ok, a.grad.tolist()]


@case
def class_decoration_warning_names_the_user_line(T):
    import sys
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        line = sys._getframe().f_lineno + 1
        T.no_grad()(type("K", (), {}))
    return [[x.category.__name__, x.lineno - line, x.filename == __file__] for x in w]


@case
def fast_path_boundaries(T):
    """The edges of the hot paths' C shortcuts (wrap_dim's plain-int test,
    setup_context found in the MRO, matmul's dtype test, a full sum's 0-d
    gradient, _make_grads' float test, AccumulateGrad's shape test): values,
    grad_fn names and errors as torch's on both sides of each shortcut."""
    import numpy as np
    out = []
    x = T.arange(6.).reshape(2, 3).requires_grad_()
    for d0, d1 in ((0, 1), (np.int64(0), np.int64(-1)), (-2, np.int32(1))):
        y = x.transpose(d0, d1)
        out.append([list(y.shape), type(y.grad_fn).__name__])
    out.append(_err(lambda: x.transpose(0, 2)))
    out.append(_err(lambda: x.unsqueeze(0).squeeze(np.int64(0)).shape))
    out.append([list(p.shape) for p in x.split(1, np.int64(1))])

    class Base(T.autograd.Function):
        @staticmethod
        def forward(a, k=2.0):
            return a * k

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.k = inputs[1]

        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None

    class Child(Base):          # setup_context inherited, not Function's own
        pass

    class Plain(T.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 3

        @staticmethod
        def backward(ctx, g):
            return g * 3

    for cls in (Base, Child, Plain):
        v = T.ones(3, requires_grad=True)
        cls.apply(v).sum().backward()
        out.append(v.grad.tolist())

    a = T.ones(2, 3, requires_grad=True)
    out.append(_err(lambda: (a @ T.ones(3, 2, dtype=T.float64)).shape))
    out.append(type((a @ T.ones(3, 2)).grad_fn).__name__)
    out.append(_err(lambda: (a.double() @ T.ones(3, dtype=T.float64)).tolist()))

    for shape in ((), (4,), (2, 3)):
        s = T.ones(shape, requires_grad=True)
        s.sum().backward()
        out.append([s.grad.tolist(), list(s.grad.shape), list(s.grad.stride())])
        s.sum(dim=-1 if shape else 0, keepdim=True).sum().backward()
        out.append(s.grad.tolist())
    out.append(_err(lambda: T.ones(1, dtype=T.int64).sum().backward()))
    f64 = T.ones(1, dtype=T.float64, requires_grad=True)
    f64.sum().backward()
    out.append([f64.grad.tolist(), str(f64.grad.dtype).replace("torch.", "cyautograd.")])

    w = T.ones(3, requires_grad=True)
    (w * 2).sum().backward()
    (w * 3).sum().backward()
    out.append([w.grad.tolist(), w.grad._version])
    return out


# ---------------------------------------------------------------- issue 13 gaps (h26d)
def _graph(T, fn):
    """The graph below fn, breadth first: [[node name, [[next index or None,
    input_nr], ...], saved attribute names], ...]."""
    import harness
    return [[type(n).__name__, [[k, nr] for _, nr, k in edges],
             sorted(a for a in dir(n) if a.startswith("_saved_") and a != "_saved_exponent"
                    and a != "_saved_alpha" and not a.endswith(("_sym_sizes", "_sym_strides")))]
            for n, edges in harness.graph_bfs(fn)]


def _zt(g):
    # torch's real sgn gradient is a ZeroTensor (no numpy view): its data
    # through an addition
    return [g.requires_grad, g.grad_fn is None, (g + 0).tolist()]


@case
def sgn_double_backward_edges(T):
    # a real sgn's derivative is zeros_like(grad): under create_graph the
    # gradient has no history (no edge to grad's producers)
    out = []
    for f in (lambda x: x.sgn() * x ** 2, lambda x: T.sgn(x * 3), lambda x: x.abs() ** 2,
              lambda x: x.sgn().sgn() * x, lambda x: x.sign() * x ** 2):
        x = T.tensor([1.5, -2.0, 0.0], requires_grad=True)
        y = f(x)
        g, = T.autograd.grad(y.sum(), x, create_graph=True)
        row = [_graph(T, y.grad_fn), _zt(g), _graph(T, g.grad_fn)]
        if g.requires_grad:
            h, = T.autograd.grad(g.sum(), x, allow_unused=True, create_graph=True)
            row.append([None if h is None else _zt(h), None if h is None else _graph(T, h.grad_fn)])
        out.append(row)
    x = T.tensor([1.5, -2.0, 0.0], requires_grad=True)
    v = T.tensor([1., 2., 3.], requires_grad=True)
    g, = T.autograd.grad(x.sgn(), x, v, create_graph=True)
    out.append(_zt(g))
    # the saved self and result, and their version checks
    a = T.tensor([1.5, -2.0, 0.0], requires_grad=True)
    x = a * 1
    y = x.sgn()
    out.append([y.grad_fn._saved_self, y.grad_fn._saved_result])
    x.add_(1)
    out.append(_err(lambda: y.sum().backward()))
    y = a.sgn()
    y.mul_(2)
    out.append(_err(lambda: y.sum().backward()))
    return out


def _grad_meta(p):
    g = p.grad
    return None if g is None else [list(g.shape), list(g.stride()), g._version, g.tolist()]


def _backward_of(y, T):
    if y.dim() == 0:
        y.backward()
    else:
        y.backward(T.ones_like(y))


@case
def leaf_first_grad_version_0d_1d_expand(T):
    # torch steals an expand/view of the engine's implicit ones when nothing
    # else holds that tensor (a 0-d leaf's sum: version 0), copies the ones
    # themselves (p.backward(), a 0-d prod's gradient: version 1)
    mk0 = lambda: T.tensor(2., requires_grad=True)  # noqa: E731
    mk1 = lambda: T.tensor([2., 3.], requires_grad=True)  # noqa: E731
    progs = [
        (mk0, lambda p: p.sum()), (mk0, lambda p: p.sum(0)), (mk0, lambda p: p.mean()),
        (mk0, lambda p: p), (mk0, lambda p: p.clone()), (mk0, lambda p: p.expand(3).sum()),
        (mk0, lambda p: p.view(1).sum()), (mk0, lambda p: p.reshape(1, 1).sum()),
        (mk0, lambda p: p.unsqueeze(0).sum()), (mk0, lambda p: p.squeeze()),
        (mk0, lambda p: p.prod()), (mk0, lambda p: p.amax()), (mk0, lambda p: p.nansum()),
        (mk0, lambda p: p.sum((), keepdim=True)), (mk0, lambda p: (p * T.ones(4, 2)).sum()),
        (lambda: T.tensor([2.], requires_grad=True), lambda p: p.sum()),
        (lambda: T.tensor([2.], requires_grad=True), lambda p: p.expand(3).sum()),
        (mk1, lambda p: p.sum()), (mk1, lambda p: p.mean()), (mk1, lambda p: p.sum(0)),
        (mk1, lambda p: p.expand(4, 2).sum()), (mk1, lambda p: p[0]),
        (lambda: T.ones(2, 3, requires_grad=True), lambda p: p.sum(1, keepdim=True).sum()),
        (lambda: T.tensor([[2.]], requires_grad=True), lambda p: p.squeeze().sum()),
    ]
    out = []
    for mk, f in progs:
        p = mk()
        row = []
        for _ in range(2):
            _backward_of(f(p), T)
            row.append(_grad_meta(p))
        out.append(row)
    # two 0-d leaves stealing views of one implicit ones share it, as in torch
    p = T.tensor(2., requires_grad=True)
    q = T.tensor(3., requires_grad=True)
    (p.sum() + q.sum()).backward()
    out.append([_grad_meta(p), _grad_meta(q)])
    p.sum().backward()
    out.append([_grad_meta(p), _grad_meta(q)])
    # a user's root gradient is aliased
    p = T.tensor(2., requires_grad=True)
    go = T.tensor(5.)
    p.sum().backward(go)
    out.append([_grad_meta(p), go._version])
    p.sum().backward()
    out.append([go.tolist(), go._version])
    y = p.sum()
    p.grad = None
    y.backward(retain_graph=True)
    y.backward()
    out.append(_grad_meta(p))
    out.append([T.autograd.grad(p.sum(), p)[0]._version, T.autograd.grad(p.view(1).sum(), p)[0]._version])
    return out


@case
def zero_size_permuted_leaf_grad_strides(T):
    out = []
    for mk in (lambda: T.zeros(0, 3).t(), lambda: T.zeros(3, 0).t(),
               lambda: T.zeros(2, 0, 3).permute(2, 0, 1), lambda: T.zeros(0, 3, 2).permute(1, 2, 0),
               lambda: T.zeros(0, 1).t(), lambda: T.zeros(4, 0, 1).transpose(0, 2),
               lambda: T.zeros(0, 3)[:, ::2], lambda: T.zeros(2, 3).t()[:0]):
        for f in (lambda p: p.sum(), lambda p: (p * 2).sum(), lambda p: p.clone().sum(),
                  lambda p: p.exp().sum()):
            p = mk().requires_grad_()
            f(p).backward()
            out.append([list(p.stride()), _grad_meta(p)])
        p = mk().requires_grad_()
        out.append(list(T.autograd.grad((p * 2).sum(), p)[0].stride()))
        p = mk().requires_grad_()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            (p * 2).sum().backward(create_graph=True)
        out.append([_grad_meta(p), p.grad.grad_fn is not None])
        p.grad = None
    return out


@case
def grad_layout_enforcement_off_steals(T):
    out = []
    T._C._set_grad_layout_enforcement_enabled(False)
    try:
        for mk, f in [
                (lambda: T.ones(3), lambda p: p.sum()), (lambda: T.ones(2, 3), lambda p: p.sum()),
                (lambda: T.ones(2, 3), lambda p: p.sum(1).sum()), (lambda: T.ones(1), lambda p: p.sum()),
                (lambda: T.ones(3), lambda p: (p + T.ones(2, 3)).sum()),
                (lambda: T.ones(2, 3).t(), lambda p: (p * 2).sum()), (lambda: T.ones(2, 3).t(), lambda p: p.sum()),
                (lambda: T.ones(1, 3), lambda p: p.expand(2, 3).sum()), (lambda: T.ones(2, 3), lambda p: p.mean()),
                (lambda: T.ones(2, 3), lambda p: p), (lambda: T.tensor(1.), lambda p: p.sum()),
                (lambda: T.ones(4, 6)[:, ::2], lambda p: (p * 2).sum()),
                (lambda: T.ones(4, 6)[:, ::2], lambda p: p.sum())]:
            p = mk().requires_grad_()
            row = []
            for _ in range(3):
                row.append(_err(lambda: _backward_of(f(p), T)))
                row.append(_grad_meta(p) + [p.grad.is_contiguous()])
            out.append(row)
        p = T.ones(3, requires_grad=True)
        go = T.tensor(5.)
        p.sum().backward(go)
        out.append([_grad_meta(p), go._version, _err(lambda: p.sum().backward()), go.tolist(), go._version])
    finally:
        T._C._set_grad_layout_enforcement_enabled(True)
    out.append(T._C._is_grad_layout_enforcement_enabled())
    return out


@case
def unsafe_preserve_version_counter(T):
    gm = T.autograd.grad_mode
    s = T._C._autograd._unsafe_set_version_counter
    x = T.ones(2)
    out = [_err(lambda: s((x,), (5,))), x._version]
    for args in (((x,), (5, 6)), (x, 5), ((x,), (-1,)), ([x], [True]), ((x,), (1.5,)), ((x,), (2 ** 63,)),
                 ((x, 1), (1, 1)), ((x,),)):
        r = _err(lambda: s(*args))
        out.append([r[0], r[1].split("\n")[0]] if r[0] == "TypeError" else r)
        out.append(x._version)
    with T.inference_mode():
        y = T.ones(2)
    out.append(_err(lambda: s((y,), (3,))))
    with gm._unsafe_preserve_version_counter(x):
        x.add_(1)
        out.append(x._version)
    out.append(x._version)
    with T.autograd._unsafe_preserve_version_counter((x, x[0])):
        x.add_(1)
        out.append(x._version)
    out.append([x._version, x.tolist()])
    out.append(_err(lambda: gm._unsafe_preserve_version_counter([x])))
    out.append(_err(lambda: gm._unsafe_preserve_version_counter(5)))
    # a mutation hidden from a saved tensor's version check
    a = T.tensor([1., 2.], requires_grad=True)
    b = a * 1
    c = b * b
    with gm._unsafe_preserve_version_counter(b):
        with T.no_grad():
            b.mul_(10)
    c.sum().backward()
    out.append([a.grad.tolist(), b._version])
    m = gm._unsafe_preserve_version_counter(x)
    out.append([m.prev_versions, m.__enter__(), len(m.tensors)])
    return out


@case
def hardtanh_inplace_double_backward(T):
    # torch's hardtanh_ saves a clone of its input (CloneBackward0): under
    # create_graph its gradient is HardtanhBackwardBackward0(grad, that clone)
    F = T.nn.functional
    out = []
    for f in (lambda t: F.hardtanh(t, inplace=True), lambda t: T.nn.Hardtanh(-0.5, 0.5, inplace=True)(t),
              lambda t: F.relu6(t, inplace=True), lambda t: T.nn.ReLU6(inplace=True)(t),
              lambda t: F.hardtanh(t), lambda t: F.relu6(t)):
        a = T.tensor([-2., -0.3, 0.2, 0.7, 3., 7.], requires_grad=True)
        c = f(a * 2)
        fn = c.grad_fn
        row = [c._version, _graph(T, fn), fn._saved_self, fn._saved_min_val, fn._saved_max_val]
        g, = T.autograd.grad((c * c).sum(), a, create_graph=True)
        hb = g.grad_fn.next_functions[0][0]
        row += [g, _graph(T, g.grad_fn), hb._saved_self, hb._saved_min_val, hb._saved_max_val]
        h, = T.autograd.grad((g * g).sum(), a, allow_unused=True)
        row.append(h)
        out.append(row)
    x = T.tensor([-2., 0.5, 3.])
    out.append([F.hardtanh(x, inplace=True), x._version])
    return out


@case
def nested_io_function_legacy_api(T):
    import importlib
    N = importlib.import_module(T.__name__ + ".autograd.function").NestedIOFunction
    out = []

    class F(N):
        def forward_extended(self, a, b):
            self.save_for_backward(a, b)
            return a * b

        def backward_extended(self, g):
            a, b = self.saved_tensors
            return g * b, g * a

    a = T.ones(2, requires_grad=True)
    b = T.ones(2, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out.append(_err(lambda: F()(a, b)))
        out.append(_err(lambda: F.apply(a, b)))
        out.append(issubclass(N, T.autograd.Function))
        n = N()
        n.save_for_backward(T.ones(1), [T.zeros(1), None])
        out.append([list(n.to_save), [n._to_save_nested[0], n._to_save_nested[1]]])
        out.append(_err(lambda: n.saved_tensors))
        out.append(_err(lambda: n.backward(T.ones(1))))
        out.append(_err(lambda: n.forward(T.ones(1))))
        out.append(_err(lambda: n._do_backward((T.ones(1),), False)))
        out.append(_err(lambda: n.mark_dirty(T.ones(1), 3)))
        n.mark_dirty(a, x=[b])
        n.mark_non_differentiable(a)
        out.append([list(n.dirty_tensors), list(n.non_differentiable)])
        out.append([_err(lambda: N().forward_extended(1)), _err(lambda: N().backward_extended(1))])
        f = F()
        f._nested_input = (a, [b])
        out.append(_err(lambda: f.forward()))

        class G(N):
            def backward_extended(self, x, y):
                return (x * 2, None), [y[0] * 3]
        g = G()
        g._nested_output = [T.ones(1), (T.ones(1), None)]
        out.append(list(g.backward(T.ones(1), T.ones(1))))
        out.append(_err(lambda: N().save_for_backward(1)))
        out.append(N.__call__ is N._do_forward)
    return out


@case
def group_norm_one_node_saved(T):
    F = T.nn.functional
    out = []
    g = T.Generator().manual_seed(0)
    x0 = T.randn(2, 4, 3, generator=g)
    w0 = T.randn(4, generator=g)
    b0 = T.randn(4, generator=g)
    # (no weight with a bias: torch's backward raises "tensor does not have a
    # device" there, left open)
    for use_w, use_b, rg in ((True, True, (1, 1, 1)), (False, False, (1, 0, 0)), (True, False, (0, 1, 0)),
                             (True, True, (0, 0, 1)), (True, False, (1, 1, 0))):
        x = x0.clone().requires_grad_(bool(rg[0]))
        w = w0.clone().requires_grad_(bool(rg[1])) if use_w else None
        b = b0.clone().requires_grad_(bool(rg[2])) if use_b else None
        y = F.group_norm(x, 2, w, b)
        fn = y.grad_fn
        row = [type(fn).__name__, [[None if n is None else type(n).__name__, k] for n, k in fn.next_functions]]
        row += [fn._saved_N, fn._saved_C, fn._saved_HxW, fn._saved_group, fn._saved_eps, fn._saved_input,
                fn._saved_weight, fn._saved_result1.detach(), fn._saved_result2.detach()]
        ins = [t for t in (x, w, b) if t is not None and t.requires_grad]
        row.append(list(T.autograd.grad((y * y).sum(), ins)))
        out.append(row)
    return out


def _saved_value(v, T):
    """A grad_fn._saved_* value as plain data, its Python type kept (torch's
    int dims and Scalars are ints, a wrapped number is a 0-d tensor)."""
    if isinstance(v, T.Tensor):
        return ["Tensor", str(v.dtype).split(".")[-1], list(v.shape), v.detach().tolist()]
    if isinstance(v, (tuple, list)):
        return [type(v).__name__, [_saved_value(x, T) for x in v]]
    return [type(v).__name__, v]


def _saved_graph(T, y):
    """Every node below y.grad_fn: its name, its _saved_* names and values."""
    import harness
    out = []
    for node, _ in harness.graph_bfs(y.grad_fn):
        names = sorted(n for n in dir(node) if n.startswith("_saved_"))
        out.append([type(node).__name__, names, [_saved_value(getattr(node, n), T) for n in names]])
    return out


def _saved_ops(T):
    def X(*shape, seed=0, rg=True, pos=False):
        n = 1
        for s in shape:
            n *= s
        vals = [((i * 7 + seed * 3) % 11) / 4.0 - (0.0 if pos else 1.25) + 0.125 for i in range(n)]
        return T.tensor(vals).reshape(shape).requires_grad_(rg)
    F = T.nn.functional
    idx = T.tensor([0, 2])
    return {
        # pointwise: Scalars (alpha, exponent, min/max), wrapped numbers
        "add": lambda: X(3, 4) + X(4, seed=1), "add_alpha": lambda: T.add(X(3, 4), X(4), alpha=2),
        "add_scalar": lambda: X(3, 4) + 2.5, "sub_alpha": lambda: T.sub(X(3, 4), X(4), alpha=3),
        "rsub": lambda: T.rsub(X(3, 4), X(4), alpha=2), "rsub_scalar": lambda: 2 - X(3, 4),
        "mul": lambda: X(3, 4) * X(4, seed=1), "mul_float": lambda: X(3, 4) * 2.5, "mul_int": lambda: X(3, 4) * 3,
        "div_float": lambda: X(3, 4) / 2.5, "div_int": lambda: X(3, 4) / 4, "mul_bool": lambda: X(3, 4) * True,
        "pow_int": lambda: X(3, 4) ** 3, "pow_float": lambda: X(3, 4, pos=True) ** 2.5,
        "pow_tensor": lambda: X(3, 4, pos=True) ** X(4, seed=1), "rpow": lambda: 2.0 ** X(3, 4),
        "square": lambda: X(3, 4).square(), "clamp": lambda: X(3, 4).clamp(-0.5, 0.5),
        "clamp_int": lambda: X(3, 4).clamp(-1, 1), "clamp_min": lambda: X(3, 4).clamp(min=0.25),
        "clamp_tensor": lambda: X(3, 4).clamp(X(4, seed=1), X(4, seed=2, pos=True)),
        "clamp_tensor_max": lambda: X(3, 4).clamp(max=X(4, seed=2)), "where": lambda: T.where(X(3, 4, rg=False) > 0, X(3, 4), X(4, seed=1)),
        "masked_fill": lambda: X(3, 4).masked_fill(X(3, 4, rg=False) > 0, 2.0),
        "exp": lambda: X(3, 4).exp(), "expm1": lambda: X(3, 4).expm1(), "exp2": lambda: X(3, 4).exp2(),
        "asin": lambda: (X(3, 4) * 0.3).asin(), "atan2": lambda: T.atan2(X(3, 4), X(4, seed=1)),
        "addcmul": lambda: T.addcmul(X(3, 4), X(4, seed=2), X(4, seed=3), value=0.5),
        "addcdiv": lambda: T.addcdiv(X(3, 4), X(4, seed=2), X(4, seed=3, pos=True), value=2),
        "lerp": lambda: T.lerp(X(3, 4), X(4, seed=2), 0.25), "lerp_tensor": lambda: T.lerp(X(3, 4), X(4, seed=2), X(4, seed=3)),
        "erfc": lambda: X(3, 4).erfc(), "lgamma": lambda: X(3, 4, pos=True).lgamma(), "sinc": lambda: X(3, 4).sinc(),
        "deg2rad": lambda: X(3, 4).deg2rad(), "fmax": lambda: T.fmax(X(3, 4), X(4, seed=1)),
        "hypot": lambda: T.hypot(X(3, 4), X(4, seed=1)), "copysign": lambda: T.copysign(X(3, 4), X(4, seed=1)),
        "copysign_scalar": lambda: T.copysign(X(3, 4), -1.5), "xlogy_scalar": lambda: T.xlogy(X(3, 4), 2.5),
        "xlogy_self_scalar": lambda: T.xlogy(2.5, X(3, 4, pos=True)), "fmod_scalar": lambda: T.fmod(X(3, 4), 0.75),
        "logaddexp": lambda: T.logaddexp(X(3, 4), X(4, seed=1)),
        # reductions: dim lists, keepdim, sizes, numel, correction, ord
        "sum": lambda: X(3, 4).sum(), "sum_dim": lambda: X(3, 4).sum(1), "sum_dims_keep": lambda: X(2, 3, 4).sum((0, 2), keepdim=True),
        "sum_empty": lambda: X(3, 4).sum([]), "mean": lambda: X(3, 4).mean(), "mean_dim": lambda: X(3, 4).mean(0, keepdim=True),
        "prod": lambda: X(3, 4).prod(), "prod_dim": lambda: X(3, 4).prod(1, keepdim=True), "amax": lambda: X(3, 4).amax(1),
        "amin": lambda: X(3, 4).amin((0, 1), keepdim=True), "max": lambda: X(3, 4).max(), "max_dim": lambda: X(3, 4).max(1, keepdim=True)[0],
        "min_dim": lambda: X(3, 4).min(0)[0], "logsumexp": lambda: X(3, 4).logsumexp(1), "std": lambda: X(3, 4).std(),
        "std_dim": lambda: X(3, 4).std(1, keepdim=True), "var_dim": lambda: X(3, 4).var(0, correction=0),
        "norm": lambda: X(3, 4).norm(), "norm_p": lambda: X(3, 4).norm(p=3, dim=1), "softmax": lambda: X(3, 4).softmax(1),
        "log_softmax": lambda: X(3, 4).log_softmax(0), "cumsum": lambda: X(3, 4).cumsum(1),
        # views: sizes, dims, select/slice items, split sizes
        "view": lambda: X(3, 4).view(4, 3), "reshape_copy": lambda: X(3, 4).t().reshape(12),
        "expand": lambda: X(3, 1).expand(2, 3, 4), "t": lambda: X(3, 4).t(), "transpose": lambda: X(2, 3, 4).transpose(0, 2),
        "permute": lambda: X(2, 3, 4).permute(2, 0, 1), "squeeze": lambda: X(3, 1, 4).squeeze(), "squeeze_dim": lambda: X(3, 1, 4).squeeze(1),
        "squeeze_ones": lambda: X(1, 2, 1, 3).squeeze(2), "unsqueeze": lambda: X(3, 4).unsqueeze(1), "select": lambda: X(3, 4).select(1, 2),
        "index_int": lambda: X(3, 4)[1], "index_neg": lambda: X(3, 4)[-1], "slice": lambda: X(3, 4)[:, 1:3],
        "slice_neg": lambda: X(3, 4)[:, -3:-1], "slice_step": lambda: X(3, 4)[::2], "slice_open": lambda: X(3, 4)[1:],
        "narrow": lambda: X(3, 4).narrow(1, 1, 2), "diagonal": lambda: X(3, 4).diagonal(1), "unfold": lambda: X(3, 4).unfold(1, 2, 1),
        "as_strided": lambda: X(3, 4).as_strided((2, 2), (1, 2)), "as_strided_offset": lambda: X(3, 4).as_strided((2, 2), (1, 2), 1),
        "split": lambda: X(3, 4).split(3, 1)[1], "split_sizes": lambda: X(3, 4).split([1, 3], 1)[1], "chunk": lambda: X(3, 4).chunk(2)[0],
        "unbind": lambda: X(3, 4).unbind(1)[2], "cat": lambda: T.cat([X(3, 4), X(2, 4, seed=1)]),
        "stack": lambda: T.stack([X(3, 4), X(3, 4, seed=1)], 1), "index_select": lambda: X(3, 4).index_select(1, idx),
        # matmul family, losses
        "mm": lambda: T.mm(X(3, 4), X(4, 2, seed=1)), "mm_one": lambda: T.mm(X(3, 4), X(4, 2, seed=1, rg=False)),
        "mm_transposed": lambda: T.mm(X(4, 3, rg=False).t(), X(2, 4, seed=1).t()), "matmul_3d": lambda: X(2, 3, 4) @ X(4, 2, seed=1),
        "mv": lambda: T.mv(X(3, 4), X(4, seed=1)), "dot": lambda: T.dot(X(4), X(4, seed=1)),
        "linear": lambda: F.linear(X(3, 4), X(2, 4, seed=1), X(2, seed=2)),
        "linear_frozen_weight": lambda: F.linear(X(3, 4), X(2, 4, seed=1, rg=False), X(2, seed=2)),
        "mse": lambda: F.mse_loss(X(3, 4), X(3, 4, seed=1, rg=False)), "mse_sum": lambda: F.mse_loss(X(3, 4), X(3, 4, seed=1), reduction="sum"),
        "nll": lambda: F.nll_loss(X(3, 4), T.tensor([0, 3, 1])),
        "nll_weight": lambda: F.nll_loss(X(3, 4), T.tensor([0, 3, 1]), weight=X(4, pos=True, rg=False), ignore_index=1, reduction="sum"),
        "cross_entropy": lambda: F.cross_entropy(X(3, 4), T.tensor([0, 3, 1])),
        "bce": lambda: F.binary_cross_entropy(X(3, 4).sigmoid(), X(3, 4, seed=1, rg=False).sigmoid()),
        "bce_weight": lambda: F.binary_cross_entropy(X(3, 4).sigmoid(), X(3, 4, seed=1, rg=False).sigmoid(), weight=X(4, pos=True, rg=False)),
    }


@case
def saved_values_of_nodes(T):
    """grad_fn._saved_* of the whole graph of a broad list of ops: the names
    dir() lists and every value (tensors, Scalars, dims, sizes, bools)."""
    return {name: _saved_graph(T, f()) for name, f in _saved_ops(T).items()}


@case
def saved_values_after_backward(T):
    """Non-tensor saved values outlive backward; a saved tensor (or a
    wrapped number) read after the graph was freed raises."""
    x = T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    out = []
    for y in (x.sum(1), x * 2.5, x[1], x.view(4), x ** 2, T.mm(x, x)):
        fn = y.grad_fn
        y.sum().backward()
        row = []
        for n in sorted(n for n in dir(fn) if n.startswith("_saved_")):
            row.append([n] + _err(lambda: _saved_value(getattr(fn, n), T)))
        out.append([type(fn).__name__, row])
    return out


@case
def mixed_basic_and_advanced_index_graphs(T):
    """An index mixing ints/slices/None with tensors is torch's basic steps
    first (SelectBackward0, SliceBackward0, UnsqueezeBackward0 views) and
    then index.Tensor over the view: the result's shape (x[1, :, j] keeps
    the sliced dim first), the graph, the saved values and the gradient."""
    x = T.arange(60.).reshape(3, 4, 5).requires_grad_()
    j = T.tensor([1, 2])
    m = T.tensor([True, False, True])
    out = []
    for f in (lambda: x[1, :, j], lambda: x[j, :, 1], lambda: x[:, 1, j], lambda: x[1, j], lambda: x[1:, j, None],
              lambda: x[None, j, 1:], lambda: x[..., 1, j], lambda: x[m, 1], lambda: x[m, :, 2:4], lambda: x[[0, 2], 1],
              lambda: x[j, j], lambda: x[:, j], lambda: x[m], lambda: x[..., j, None], lambda: x[1, j, j],
              lambda: x[0:2, [1, 3]], lambda: x[-1, :, [0, -1]]):
        y = f()
        x.grad = None
        row = [list(y.shape), y, _graph(T, y.grad_fn), _saved_graph(T, y)]
        (y * T.arange(y.numel(), dtype=y.dtype).reshape(y.shape)).sum().backward()
        out.append(row + [x.grad])
    return out


def _saved_ops_functions(T):
    """The ops whose nodes are custom Functions here (named composites,
    layer_norm, embedding, the scatter family, ...): torch's saved names."""
    def X(*shape, seed=0, rg=True, pos=False):
        n = 1
        for s in shape:
            n *= s
        vals = [((i * 7 + seed * 3) % 11) / 5.0 - (0 if pos else 1.0) + (0.1 if pos else 0.05) for i in range(n)]
        return T.tensor(vals).reshape(shape).requires_grad_(rg)
    F = T.nn.functional
    idx = T.tensor([[0], [1], [2]])
    return {
        "leaky_relu": lambda: F.leaky_relu(X(3, 4), 0.2), "elu": lambda: F.elu(X(3, 4), 1.5),
        "selu": lambda: F.selu(X(3, 4)), "celu": lambda: F.celu(X(3, 4), 1.5), "gelu": lambda: F.gelu(X(3, 4)),
        "gelu_tanh": lambda: F.gelu(X(3, 4), approximate="tanh"), "silu": lambda: F.silu(X(3, 4)),
        "mish": lambda: F.mish(X(3, 4)), "softplus": lambda: F.softplus(X(3, 4), 2, 10),
        "hardsigmoid": lambda: F.hardsigmoid(X(3, 4)), "hardswish": lambda: F.hardswish(X(3, 4)),
        "logsigmoid": lambda: F.logsigmoid(X(3, 4)), "hardtanh": lambda: F.hardtanh(X(3, 4), -0.5, 0.5),
        "conv1d": lambda: F.conv1d(X(1, 2, 6), X(3, 2, 3, seed=1), X(3, seed=2), stride=2, padding=1),
        "conv2d": lambda: F.conv2d(X(1, 2, 5, 5), X(3, 2, 3, 3, seed=1), X(3, seed=2), padding=1),
        "conv2d_groups": lambda: F.conv2d(X(1, 2, 5, 5), X(2, 1, 3, 3, seed=1), stride=(2, 1), groups=2),
        "conv_transpose2d": lambda: F.conv_transpose2d(X(1, 2, 3, 3), X(2, 3, 3, 3, seed=1), stride=2),
        "max_pool2d": lambda: F.max_pool2d(X(1, 1, 4, 4), 2), "max_pool2d_stride": lambda: F.max_pool2d(X(1, 1, 5, 5), 3, 2, 1),
        "avg_pool2d": lambda: F.avg_pool2d(X(1, 1, 4, 4), 2, ceil_mode=True, count_include_pad=False),
        "adaptive_avg_pool2d": lambda: F.adaptive_avg_pool2d(X(1, 1, 4, 4), 2),
        "adaptive_max_pool2d": lambda: F.adaptive_max_pool2d(X(1, 1, 4, 4), 2),
        "layer_norm": lambda: F.layer_norm(X(3, 4), (4,), X(4, seed=1), X(4, seed=2)),
        "layer_norm_no_affine": lambda: F.layer_norm(X(3, 4), (4,)),
        "batch_norm": lambda: F.batch_norm(X(3, 4), T.zeros(4), T.ones(4), X(4, seed=1), X(4, seed=2), training=True),
        "batch_norm_eval": lambda: F.batch_norm(X(3, 4), T.zeros(4), T.ones(4), X(4, seed=1), X(4, seed=2)),
        "group_norm": lambda: F.group_norm(X(2, 4, 3), 2, X(4, seed=1), X(4, seed=2)),
        "embedding": lambda: F.embedding(T.tensor([[0, 2], [1, 0]]), X(3, 4)),
        "embedding_pad": lambda: F.embedding(T.tensor([[0, 2], [1, 0]]), X(3, 4), padding_idx=1, scale_grad_by_freq=True),
        "bce_logits": lambda: F.binary_cross_entropy_with_logits(X(3, 4), X(3, 4, seed=1, pos=True, rg=False) / 3),
        "bce_logits_pw": lambda: F.binary_cross_entropy_with_logits(X(3, 4), X(3, 4, seed=1, pos=True, rg=False) / 3,
                                                                    pos_weight=X(4, pos=True, rg=False)),
        "smooth_l1": lambda: F.smooth_l1_loss(X(3, 4), X(3, 4, seed=1), beta=0.5),
        "huber": lambda: F.huber_loss(X(3, 4), X(3, 4, seed=1), reduction="sum", delta=0.5),
        "pad": lambda: F.pad(X(3, 4), (1, 2)), "pad_reflect": lambda: F.pad(X(1, 3, 4), (1, 2), mode="reflect"),
        "pad_replicate": lambda: F.pad(X(1, 3, 4), (1, 2), mode="replicate"),
        "scatter": lambda: X(3, 4).scatter(1, idx, X(3, 1, seed=1)), "scatter_add": lambda: X(3, 4).scatter_add(1, idx, X(3, 1, seed=1)),
        "scatter_value": lambda: X(3, 4).scatter(1, idx, 2.0),
        "index_fill": lambda: X(3, 4).index_fill(0, T.tensor([0, 2]), 1.5),
        "masked_scatter": lambda: X(3, 4).masked_scatter(X(3, 4, rg=False) > 0, X(12, seed=1)),
        "flip": lambda: X(3, 4).flip(1), "roll": lambda: X(3, 4).roll(1, 0), "rot90": lambda: X(3, 4).rot90(),
        "trace": lambda: X(3, 4).trace(), "nansum": lambda: X(3, 4).nansum(1), "median": lambda: X(3, 4).median(),
        "cumprod": lambda: X(3, 4).cumprod(0), "polygamma": lambda: T.polygamma(1, X(3, 4, pos=True)),
        "logit": lambda: (X(3, 4, pos=True) * 0.3).logit(), "vdot": lambda: T.vdot(X(4), X(4, seed=1)),
        "nan_to_num": lambda: T.nan_to_num(X(3, 4), 0.0, 1.0, -1.0), "aminmax": lambda: T.aminmax(X(3, 4), dim=1)[0],
        "cdist": lambda: T.cdist(X(3, 4), X(2, 4, seed=1)), "erfc": lambda: X(3, 4).erfc(),
        "atan2": lambda: T.atan2(X(3, 4), X(4, seed=1)), "xlogy_scalar": lambda: T.xlogy(X(3, 4), 2.5),
        "sgn": lambda: X(3, 4).sgn(), "mul_number": lambda: X(3, 4) * 2.5,
        "mm_frozen": lambda: T.mm(X(3, 4, rg=False), X(4, 2, seed=1)),
        "sort": lambda: X(3, 4).sort(1)[0], "topk": lambda: X(3, 4).topk(2, 1)[0], "kthvalue": lambda: X(3, 4).kthvalue(2, 1)[0],
        "mode": lambda: X(3, 4).mode(1)[0], "median_dim": lambda: X(3, 4).median(1)[0],
        "var_mean": lambda: T.var_mean(X(3, 4), 1)[0], "std_mean": lambda: T.std_mean(X(3, 4), 1)[0],
        "vector_norm": lambda: T.linalg.vector_norm(X(3, 4), 1.0, dim=0), "logcumsumexp": lambda: X(3, 4).logcumsumexp(1),
        "tril": lambda: X(3, 4).tril(1), "triu_neg": lambda: X(3, 4).triu(-1),
        "repeat": lambda: X(3, 4).repeat(2, 1), "diag": lambda: X(3, 4).diag(1),
        "cross": lambda: T.linalg.cross(X(2, 3), X(2, 3, seed=1), dim=1),
        "addmm": lambda: T.addmm(X(3, 2, seed=2), X(3, 4), X(4, 2, seed=1), beta=0.5, alpha=2),
        "addmv": lambda: T.addmv(X(3, seed=2), X(3, 4), X(4, seed=1), beta=0.5, alpha=2),
        "addr": lambda: T.addr(X(3, 4, seed=2), X(3), X(4, seed=1), beta=0.5, alpha=2),
        "baddbmm": lambda: T.baddbmm(X(2, 3, 2, seed=2), X(2, 3, 4), X(2, 4, 2, seed=1), beta=0.5, alpha=2),
        "addbmm": lambda: T.addbmm(X(3, 2, seed=2), X(2, 3, 4), X(2, 4, 2, seed=1)),
        "clamp_min": lambda: X(3, 4).clamp_min(0.25), "clamp_max": lambda: X(3, 4).clamp_max(0.5),
        "inv": lambda: T.linalg.inv(X(3, 3) + 2 * T.eye(3)), "det": lambda: T.linalg.det(X(3, 3) + 2 * T.eye(3)),
        "logdet": lambda: T.logdet(X(3, 3) + 3 * T.eye(3)),
        "cholesky": lambda: T.linalg.cholesky(T.eye(3) * 2 + X(3, 3) * 0.1 + (X(3, 3) * 0.1).t()),
        "grid_sample": lambda: F.grid_sample(X(1, 1, 3, 3), X(1, 2, 2, 2, seed=1) / 4, align_corners=False),
        "grid_sample_nearest": lambda: F.grid_sample(X(1, 1, 3, 3), X(1, 2, 2, 2, seed=1) / 4, mode="nearest",
                                                     padding_mode="border", align_corners=True),
        "affine_grid": lambda: F.affine_grid(X(1, 2, 3), (1, 1, 2, 2), align_corners=False),
        "xlog1py": lambda: T.special.xlog1py(X(3, 4), X(3, 4, seed=1, pos=True)),
        "gather": lambda: X(3, 4).gather(1, idx), "index_select": lambda: X(3, 4).index_select(1, T.tensor([0, 2])),
        "index_tensor": lambda: X(3, 4)[:, T.tensor([0, 2])], "linear": lambda: F.linear(X(3, 4), X(2, 4, seed=1), X(2, seed=2)),
        "nll": lambda: F.nll_loss(X(3, 4), T.tensor([0, 3, 1])),
        "bce_weight": lambda: F.binary_cross_entropy(X(3, 4, pos=True) / 3, X(3, 4, seed=1, pos=True, rg=False) / 3,
                                                     weight=X(4, pos=True, rg=False)),
    }


def _saved_raw_graph(T, y):
    """Every node below y.grad_fn: its name, its _saved_*/_raw_saved_* names,
    the values, and whether each raw object unpacks to None."""
    import harness
    out = []
    for node, _ in harness.graph_bfs(y.grad_fn):
        names = sorted(n for n in dir(node) if n.startswith("_saved_") or n.startswith("_raw_saved_"))
        vals = []
        for n in names:
            v = getattr(node, n)
            vals.append(["raw", v is None] if n.startswith("_raw_saved_") else _saved_value(v, T))
        out.append([type(node).__name__, names, vals])
    return out


@case
def saved_values_of_function_nodes(T):
    """grad_fn._saved_* and _raw_saved_* of the ops whose nodes are custom
    Functions here: names (dir), values, the raw objects (never None; an
    undefined one unpacks to None)."""
    return {name: _saved_raw_graph(T, f()) for name, f in _saved_ops_functions(T).items()}


@case
def undefined_raw_saved_tensors(T):
    """A slot the node did not save (mul's self for a number other, mm's
    frozen operand, nll_loss's absent weight) reads None as _saved_<name>;
    its _raw_saved_<name> is a SavedTensor that unpacks to None and refuses
    register_hooks, before and after backward."""
    x = T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    out = []
    for y in (x * 2.5, T.mm(x.detach(), x)):
        fn = y.grad_fn
        row = []
        for when in range(2):
            for n in sorted(n for n in dir(fn) if n.startswith("_raw_saved_")):
                r = getattr(fn, n)
                row.append([n, r is None, _err(lambda: getattr(fn, "_saved_" + n[11:]) is None)])
                if getattr(fn, "_saved_" + n[11:]) is None if when == 0 else False:
                    row.append([_err(lambda: r.unpack()),
                                _err(lambda: r.register_hooks(lambda t: t, lambda t: t))])
            if when == 0:
                y.sum().backward()
        out.append([type(fn).__name__, row])
    return out


@case
def saved_values_read_around_backward(T):
    """Every _saved_*/_raw_saved_* read before backward, after a
    retain_graph backward and after the graph is freed: tensors raise the
    backward-twice error once freed (an undefined one reads None), scalars
    outlive backward, raw objects read but cannot be unpacked."""
    out = {}
    for name, f in _saved_ops_functions(T).items():
        if name in ("sgn", "addmm", "addbmm"):
            # torch's second backward of sgn raises (its ZeroTensor grad);
            # addmm/addbmm's sizes are read off their saved operands here,
            # so they do not outlive backward as torch's do
            continue
        y = f()
        fn = y.grad_fn
        names = sorted(n for n in dir(fn) if n.startswith("_saved_") or n.startswith("_raw_saved_"))

        def read():
            row = []
            for n in names:
                if n.startswith("_raw_saved_"):
                    row.append([n] + _err(lambda: getattr(fn, n) is None))
                else:
                    row.append([n] + _err(lambda: _saved_value(getattr(fn, n), T)))
            return row
        rows = [read()]
        y.sum().backward(retain_graph=True)
        rows.append(read())
        y.sum().backward()
        rows.append(read())
        out[name] = rows
    return out
