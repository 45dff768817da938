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
