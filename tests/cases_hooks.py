"""Snippets run against both torch and cyautograd (issue 4: hooks, retain_grad,
data/detach/requires_grad_, custom Functions, saved-tensor hooks, anomaly
detection). Each takes the module and returns what to compare."""
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


X = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]


def leaf(T, v=X):
    return T.tensor(v, requires_grad=True)


def err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


# -- tensor hooks ------------------------------------------------------------------

@case
def hook_leaf_and_nonleaf(T):
    seen = []
    x = leaf(T)
    y = x * 2
    z = y.exp()
    x.register_hook(lambda g: seen.append(("x", g)))
    y.register_hook(lambda g: seen.append(("y", g)))
    z.register_hook(lambda g: seen.append(("z", g)))
    z.sum().backward()
    return [[n for n, _ in seen], [g for _, g in seen], x.grad]


@case
def hook_replaces_grad_in_order(T):
    calls = []
    x = leaf(T)
    y = x * x

    def h1(g):
        calls.append(1)
        return g * 2

    def h2(g):
        calls.append(2)
        return g + 1

    y.register_hook(h1)
    y.register_hook(h2)
    x.register_hook(lambda g: g * 10)
    y.sum().backward()
    return [calls, x.grad]


@case
def hook_handle_remove_and_context(T):
    x = leaf(T)
    y = x * 3
    h = y.register_hook(lambda g: g * 100)
    h.remove()
    h.remove()  # twice is fine
    with y.register_hook(lambda g: g * 2):
        pass
    y.sum().backward(retain_graph=True)
    first = x.grad.clone()
    with x.register_hook(lambda g: g * 5) as h2:
        y.sum().backward(retain_graph=True)
    second = x.grad.clone()
    y.sum().backward()
    return [first, second, x.grad, isinstance(h2.id, int)]


@case
def hook_errors(T):
    x = leaf(T)

    def bad_type(g):
        return g.double()

    def bad_size(g):
        return g[0]

    class Callable:
        def __call__(self, g):
            return g[:1]

    out = [err(lambda: T.ones(2).register_hook(lambda g: g))]
    for h in (bad_type, bad_size, lambda g: 3, Callable(), lambda g: "s"):
        y = x * 2
        y.register_hook(h)
        out.append(err(lambda: y.sum().backward()))
    out.append(x.grad)
    return out


@case
def hook_raises_graph_stays_usable(T):
    x = leaf(T)
    y = (x * x).sum()
    state = {"raise": True}

    def h(g):
        if state["raise"]:
            raise ValueError("boom from hook")
        return g

    x.register_hook(h)
    r = err(lambda: y.backward(retain_graph=True))
    state["raise"] = False
    y.backward()
    return [r, x.grad]


@case
def hook_removes_itself(T):
    x = leaf(T)
    y = x * 2
    calls = []
    handles = {}

    def h1(g):
        calls.append("h1")
        handles["h1"].remove()
        handles["h2"].remove()

    def h2(g):
        calls.append("h2")

    handles["h1"] = y.register_hook(h1)
    handles["h2"] = y.register_hook(h2)
    y.sum().backward(retain_graph=True)
    y.sum().backward()
    return [calls, x.grad]


@case
def hooks_across_retain_graph(T):
    x = leaf(T)
    y = x.exp()
    n = []
    y.register_hook(lambda g: n.append(1) or g * 2)
    s = y.sum()
    s.backward(retain_graph=True)
    s.backward(retain_graph=True)
    s.backward()
    return [len(n), x.grad]


@case
def hook_before_and_after_inplace(T):
    x = leaf(T)
    y = x * 2
    seen = []
    y.register_hook(lambda g: seen.append(("before", g)))
    y.mul_(3)
    y.register_hook(lambda g: seen.append(("after", g)) or g + 1)
    (y * y).sum().backward()
    return [[n for n, _ in seen], [g for _, g in seen], x.grad, type(y.grad_fn).__name__]


@case
def hook_on_view_then_base_inplace(T):
    x = leaf(T)
    b = x * 1
    v = b[0]
    seen = []
    v.register_hook(lambda g: seen.append(("v-old", g)))
    b.mul_(2)
    v.register_hook(lambda g: seen.append(("v-new", g)))
    (v * v).sum().backward()
    return [[n for n, _ in seen], [g for _, g in seen], x.grad]


@case
def hook_with_autograd_grad(T):
    x = leaf(T)
    y = x * x
    y.register_hook(lambda g: g * 3)
    x.register_hook(lambda g: g + 1)
    g, = T.autograd.grad(y.sum(), x)
    return [g, x.grad]


@case
def hook_create_graph(T):
    x = leaf(T)
    y = x ** 3
    y.register_hook(lambda g: g * x)
    g, = T.autograd.grad(y.sum(), x, create_graph=True)
    g2, = T.autograd.grad(g.sum(), x)
    return [g, g2]


# -- retain_grad ---------------------------------------------------------------------

@case
def retain_grad_basic(T):
    x = leaf(T)
    y = x * 2
    z = y.exp()
    y.retain_grad()
    y.retain_grad()
    x.retain_grad()
    out = [y.retains_grad, x.retains_grad, z.retains_grad, err(lambda: T.ones(2).retain_grad())]
    z.sum().backward(retain_graph=True)
    out.append(y.grad)
    z.sum().backward()
    out += [y.grad, x.grad, z.grad]
    return out


@case
def retain_grad_sees_hooked_grad(T):
    x = leaf(T)
    y = x * 2
    y.retain_grad()
    y.register_hook(lambda g: g * 10)
    (y * y).sum().backward()
    return [y.grad, x.grad]


@case
def retain_grad_moves_on_inplace(T):
    x = leaf(T)
    y = x * 2
    y.retain_grad()
    y.add_(1)
    (y * y).sum().backward()
    return [y.grad, y.retains_grad, type(y.grad_fn).__name__, x.grad]


@case
def retain_grad_view_inplace(T):
    x = leaf(T)
    b = x * 1
    v = b[1]
    v.retain_grad()
    b.retain_grad()
    v.mul_(3)
    (b * b).sum().backward()
    return [v.grad, b.grad, x.grad, v.retains_grad]


@case
def retain_grad_create_graph(T):
    x = leaf(T)
    y = x * x
    y.retain_grad()
    (y * y).sum().backward(create_graph=True)
    return [y.grad, y.grad.requires_grad, type(y.grad.grad_fn).__name__ if y.grad.grad_fn else None]


@case
def retain_grad_weak(T):
    import gc
    import weakref
    x = leaf(T)
    y = x * 2
    y.retain_grad()
    z = (y * 3).sum()
    r = weakref.ref(y)
    del y
    gc.collect()
    alive = r() is not None
    z.backward()
    return [alive, x.grad]


# -- node hooks ---------------------------------------------------------------------

@case
def node_hooks_order(T):
    x = leaf(T)
    y = x * 2
    z = y.sin()
    order = []
    y.register_hook(lambda g: order.append("tensor"))
    y.retain_grad()
    fn = y.grad_fn
    fn.register_prehook(lambda go: order.append(("pre", len(go))))
    fn.register_hook(lambda gi, go: order.append(("post", len(gi), len(go))))
    z.sum().backward()
    return [order, y.grad, x.grad, type(fn).__name__]


@case
def node_hooks_replace(T):
    x = leaf(T)
    y = x * 2
    h = y.grad_fn.register_prehook(lambda go: (go[0] * 0 + 1,))
    y.grad_fn.register_hook(lambda gi, go: (gi[0] * 3, gi[1]))
    (y * y).sum().backward(retain_graph=True)
    first = x.grad.clone()
    h.remove()
    x.grad = None
    (y * y).sum().backward()
    return [first, x.grad]


@case
def node_hook_errors(T):
    out = []
    x = leaf(T)
    for h in (lambda gi, go: (gi[0][:1], None), lambda gi, go: gi[0], lambda gi, go: (gi[0],),
              lambda gi, go: (gi[0], gi[0])):
        y = x * 2
        y.grad_fn.register_hook(h)
        out.append(err(lambda: y.sum().backward()))
    for h in (lambda go: go[0], lambda go: (go[0], go[0]), lambda go: (go[0].double(),)):
        y = x * 2
        y.grad_fn.register_prehook(h)
        out.append(err(lambda: y.sum().backward()))
    return out


@case
def post_accumulate_grad_hook(T):
    x = leaf(T)
    seen = []

    def h(t):
        seen.append(t.grad.clone())
        with T.no_grad():
            t.grad.mul_(2)

    handle = x.register_post_accumulate_grad_hook(h)
    (x * 3).sum().backward()
    (x * 3).sum().backward()
    handle.remove()
    (x * 3).sum().backward()
    return [seen, x.grad, err(lambda: (x * 2).register_post_accumulate_grad_hook(h)),
            err(lambda: T.ones(2).register_post_accumulate_grad_hook(h))]


@case
def accumulate_grad_node_hooks(T):
    x = leaf(T)
    y = x * 2
    acc = y.grad_fn.next_functions[0][0]
    calls = []
    acc.register_prehook(lambda go: calls.append("pre") or (go[0] * 2,))
    acc.register_hook(lambda gi, go: calls.append(("post", len(gi), len(go))))
    y.sum().backward()
    return [calls, x.grad, acc.name()]


# -- data, detach, requires_grad_ -----------------------------------------------------

@case
def requires_grad_rules(T):
    x = leaf(T)
    y = x * 2
    out = [err(lambda: y.requires_grad_(False)), y.requires_grad_(True).requires_grad,
           err(lambda: T.tensor([1, 2]).requires_grad_()), T.tensor([1, 2]).requires_grad_(False).requires_grad]
    z = T.ones(2)
    z.requires_grad = True
    out += [z.requires_grad, z.is_leaf, z.requires_grad_(False).requires_grad]

    def set_false():
        y.requires_grad = False
    out.append(err(set_false))
    out += [x.is_leaf, y.is_leaf, x.output_nr, y.output_nr, T.ones(2).is_leaf]
    a, b = (x * 1).unbind(0)
    out += [a.output_nr, b.output_nr, a.is_leaf, x.detach().is_leaf, x[0].is_leaf]
    return out


@case
def detach_forms(T):
    x = leaf(T)
    y = x * 2
    d = y.detach()
    d.add_(1)
    out = [d.requires_grad, d._version, y._version, d.grad_fn, d._base is None]
    y2 = x * 3
    y2.detach_()
    out += [y2.requires_grad, y2.grad_fn, y2.is_leaf, err(lambda: (x * 1)[0].detach_())]
    return out + [err(lambda: x.detach_().requires_grad)]


@case
def data_get_set(T):
    x = leaf(T)
    y = x * 2
    d = x.data
    d.add_(1)
    out = [d.requires_grad, x._version, d._version, x]
    x.data = T.zeros(4)
    out += [x.shape, x.requires_grad, x._version]
    # y's graph keeps x's AccumulateGrad, made for the old shape
    out.append(err(lambda: (x * 2).sum().backward()))
    del y
    (x * 2).sum().backward()
    out.append(x.grad)
    out.append(err(lambda: setattr(x, "data", T.tensor([1, 2]))))
    out.append(err(lambda: setattr(x, "data", [1.0])))
    x.data = T.zeros(4, dtype=T.float64)
    x.grad = None
    (x * 2).sum().backward()
    out += [x.grad, x.dtype]
    return out


@case
def nonleaf_grad_warning(T):
    import warnings
    x = leaf(T)
    y = x * 2
    z = x * 3
    z.retain_grad()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = [x.grad, y.grad, z.grad]
    # torch appends where in its C++ sources the warning was raised
    return [r, [str(m.message).split(" (Triggered internally")[0] for m in w],
            [m.category.__name__ for m in w]]


# -- custom Functions ------------------------------------------------------------------

def _functions(T):
    Function = T.autograd.Function

    class Scale(Function):
        @staticmethod
        def forward(ctx, a, k, b):
            ctx.save_for_backward(a, b)
            ctx.k = k
            ctx.seen = (ctx.needs_input_grad, T.is_grad_enabled())
            return 1, a * k, b

        @staticmethod
        def backward(ctx, g0, g1, g2):
            a, b = ctx.saved_tensors
            ctx.bw = [g0 is None, g1, g2, T.is_grad_enabled()]
            return g1 * ctx.k * b.sum(), None, g2 + a

    class Exp(Function):
        @staticmethod
        def forward(ctx, a):
            r = a.exp()
            ctx.save_for_backward(r)
            return r

        @staticmethod
        def backward(ctx, g):
            r, = ctx.saved_tensors
            return g * r

    class Views(Function):
        @staticmethod
        def forward(ctx, a):
            return a.view(-1), a[0]

        @staticmethod
        def backward(ctx, g, h):
            out = g.view(2, 3).clone()
            out[0] += h
            return out

    class ViewOne(Function):
        @staticmethod
        def forward(ctx, a):
            return a.view(-1)

        @staticmethod
        def backward(ctx, g):
            return g.view(2, 3)

    class Identity(Function):
        @staticmethod
        def forward(ctx, a):
            return a

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class AddOne_(Function):
        @staticmethod
        def forward(ctx, a):
            a.add_(1)
            ctx.mark_dirty(a)
            return a

        @staticmethod
        def backward(ctx, g):
            return g * 3

    class ArgmaxAndValue(Function):
        @staticmethod
        def forward(ctx, a):
            idx = a.argmax()
            ctx.mark_non_differentiable(idx)
            ctx.save_for_backward(a, idx)
            return a.max(), idx

        @staticmethod
        def backward(ctx, g, gi):
            a, idx = ctx.saved_tensors
            out = T.zeros_like(a).view(-1)
            out[idx] = g
            return out.view(a.shape)

    class NoMaterialize(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.set_materialize_grads(False)
            return a * 2, a * 3

        @staticmethod
        def backward(ctx, g1, g2):
            ctx.got = [g1 is None, g2 is None]
            r = 0
            if g1 is not None:
                r = r + g1 * 2
            if g2 is not None:
                r = r + g2 * 3
            return r

    class Once(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a ** 2

        @staticmethod
        @T.autograd.function.once_differentiable
        def backward(ctx, g):
            a, = ctx.saved_tensors
            return g * 2 * a

    class Setup(Function):
        @staticmethod
        def forward(a, p):
            return a * p

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.p = inputs[1]

        @staticmethod
        def backward(ctx, g):
            return g * ctx.p, None

    return dict(Scale=Scale, Exp=Exp, Views=Views, ViewOne=ViewOne, Identity=Identity, AddOne_=AddOne_,
                ArgmaxAndValue=ArgmaxAndValue, NoMaterialize=NoMaterialize, Once=Once, Setup=Setup)


@case
def function_basic(T):
    F = _functions(T)
    x = leaf(T)
    y = T.ones(2, 3)
    o = F["Scale"].apply(x, 3.0, y)
    fn = o[1].grad_fn
    out = [o[0], o[1].output_nr, o[2].output_nr, o[2] is y, o[2]._is_view(), o[2].requires_grad,
           type(fn).__name__, fn.name(), fn.k, fn.seen, [f is None for f, _ in fn.next_functions],
           len(fn.next_functions), o[1]._version]
    o[1].sum().backward()
    return out + [fn.bw, x.grad]


@case
def function_needs_input_grad_and_no_grad(T):
    F = _functions(T)
    x = leaf(T)
    b = T.ones(2, 3, requires_grad=True)
    o = F["Scale"].apply(x, 2.0, b)
    r = [o[1].grad_fn.seen, o[2]._is_view(), o[2].grad_fn is o[1].grad_fn, o[2]._base is b]
    with T.no_grad():
        p = F["Scale"].apply(x, 2.0, b)
    r += [p[1].requires_grad, p[1].grad_fn, p[2] is b, p[2]._is_view(), p[2].requires_grad]
    q = F["Scale"].apply(T.ones(2, 3), 2.0, T.ones(2, 3))
    return r + [q[1].requires_grad, q[1].grad_fn]


@case
def function_saved_output_and_versions(T):
    F = _functions(T)
    x = leaf(T)
    y = F["Exp"].apply(x)
    z = F["Exp"].apply(x * 1)
    z.add_(1)
    r = [err(lambda: z.sum().backward())]
    y.sum().backward(retain_graph=True)
    r.append(x.grad)
    y.sum().backward()
    r.append(x.grad)
    r.append(err(lambda: y.grad_fn.saved_tensors))
    r.append(err(lambda: y.sum().backward()))
    return r


@case
def function_views_and_inplace(T):
    F = _functions(T)
    x = leaf(T)
    b = x * 1
    v, w = F["Views"].apply(b)
    r = [v._is_view(), w._is_view(), v._base is b, type(v.grad_fn).__name__, w.output_nr]
    r.append(err(lambda: v.mul_(2)))
    r.append(err(lambda: w.mul_(2)))
    u = F["ViewOne"].apply(b)
    r.append(err(lambda: u.mul_(2)))
    i = F["Identity"].apply(b)
    r += [i is b, i._is_view(), type(i.grad_fn).__name__, err(lambda: i.add_(1))]
    (v.sum() + w.sum() * 2 + u.sum() * 3 + i.sum() * 4).backward()
    return r + [x.grad, b._version]


@case
def function_mark_dirty(T):
    F = _functions(T)
    x = leaf(T)
    b = x * 2
    r = F["AddOne_"].apply(b)
    out = [r is b, b._version, type(b.grad_fn).__name__, b]
    (b * b).sum().backward()
    out.append(x.grad)
    out.append(err(lambda: F["AddOne_"].apply(leaf(T))))
    y = x * 1
    v = y[0]
    F["AddOne_"].apply(v)
    out += [type(y.grad_fn).__name__, type(v.grad_fn).__name__, y]
    x.grad = None
    y.sum().backward()
    return out + [x.grad]


@case
def function_non_differentiable(T):
    F = _functions(T)
    x = leaf(T)
    m, i = F["ArgmaxAndValue"].apply(x)
    out = [m, i, m.requires_grad, i.requires_grad, i.grad_fn, m.output_nr]
    (m * 2).backward()
    return out + [x.grad]


@case
def function_materialize(T):
    F = _functions(T)
    x = leaf(T)
    a, b = F["NoMaterialize"].apply(x)
    a.sum().backward()
    got = a.grad_fn.got
    return [got, x.grad]


@case
def function_once_differentiable(T):
    F = _functions(T)
    x = leaf(T)
    y = F["Once"].apply(x)
    g, = T.autograd.grad(y.sum(), x, create_graph=True)
    out = [g, g.requires_grad, type(g.grad_fn).__name__]
    out.append(err(lambda: g.sum().backward()))
    x2 = leaf(T)
    g2, = T.autograd.grad(F["Once"].apply(x2).sum(), x2)
    return out + [g2, g2.requires_grad]


@case
def function_setup_context_and_double_backward(T):
    F = _functions(T)
    x = leaf(T)
    y = F["Setup"].apply(x, 3.0)
    out = [y, type(y.grad_fn).__name__, y.grad_fn.p]
    e = F["Exp"].apply(x)
    g, = T.autograd.grad(e.sum(), x, create_graph=True)
    g2, = T.autograd.grad(g.sum(), x)
    return out + [g, g2]


@case
def function_errors(T):
    Function = T.autograd.Function

    def make(bw, fw=None, nargs=1):
        class Bad(Function):
            @staticmethod
            def forward(ctx, a, *rest):
                if fw is not None:
                    return fw(ctx, a)
                return a * 2

            @staticmethod
            def backward(ctx, g):
                return bw(g)
        return Bad

    out = []
    x = T.ones(2, requires_grad=True)
    out.append(err(lambda: make(lambda g: (g, g)).apply(x).sum().backward()))
    out.append(err(lambda: make(lambda g: (g, g)).apply(x, 3).sum().backward()))
    out.append(err(lambda: make(lambda g: 3).apply(x).sum().backward()))
    out.append(err(lambda: make(lambda g: g[:1]).apply(x).sum().backward()))
    out.append(err(lambda: make(lambda g: g, lambda c, a: c.save_for_backward(3)).apply(x)))
    out.append(err(lambda: make(lambda g: g, lambda c, a: c.mark_dirty(a) or a * 2).apply(x * 1)))
    out.append(err(lambda: make(lambda g: (g, None, None)).apply(x).sum().backward()))
    x.grad = None

    class NoBackward(Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

    out.append(err(lambda: NoBackward.apply(x).sum().backward()))

    class NoForward(Function):
        pass

    out.append(err(lambda: NoForward.apply(x)))
    return out + [x.grad]


# -- saved-tensor hooks and grad_fn._saved_* --------------------------------------------

@case
def saved_tensors_hooks_basic(T):
    log = []

    def pack(t):
        log.append(("pack", list(t.shape), t.requires_grad))
        return t.detach().clone() * 1

    def unpack(p):
        log.append(("unpack", list(p.shape)))
        return p

    x = leaf(T)
    with T.autograd.graph.saved_tensors_hooks(pack, unpack):
        y = x * x
        z = y.exp()
        w = (z * 2).sum()
    w.backward()
    return [log, x.grad]


@case
def saved_tensors_hooks_nested_and_versions(T):
    log = []
    x = leaf(T)
    outer = T.autograd.graph.saved_tensors_hooks(lambda t: log.append("outer") or t, lambda p: p)
    inner = T.autograd.graph.saved_tensors_hooks(lambda t: log.append("inner") or t, lambda p: p)
    with outer:
        a = x * x
        with inner:
            b = a.sin()
        c = b * x
    y = x * 1
    with T.autograd.graph.saved_tensors_hooks(lambda t: t.detach().clone(), lambda p: p):
        s = y.exp()
    y.add_(1)  # the hooks own the saved value: no version error
    s.sum().backward()
    c.sum().backward()
    return [log, x.grad]


@case
def saved_tensors_hooks_errors(T):
    x = leaf(T)
    out = []
    with T.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: 3):
        y = x.exp()
    out.append(err(lambda: y.sum().backward()))

    def modify(t):
        t.add_(1)
        return t

    b = x * 1
    with T.autograd.graph.saved_tensors_hooks(modify, lambda p: p):
        out.append(err(lambda: b * b))
    with T.autograd.graph.disable_saved_tensors_hooks("no hooks here"):
        out.append(err(lambda: T.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: p).__enter__()))
    with T.autograd.graph.save_on_cpu():
        z = (x * x).sum()
    z.backward()
    return out + [x.grad]


@case
def saved_tensors_hooks_custom_function(T):
    log = []

    class Sq(T.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a * a

        @staticmethod
        def backward(ctx, g):
            a, = ctx.saved_tensors
            return 2 * a * g

    x = leaf(T)
    with T.autograd.graph.saved_tensors_hooks(lambda t: log.append("pack") or t, lambda p: log.append("unpack") or p):
        y = Sq.apply(x)
    y.sum().backward()
    return [log, x.grad]


@case
def saved_attributes(T):
    x = leaf(T)
    y = x * x
    e = x.exp()
    s = x.sin()
    out = [y.grad_fn._saved_self, y.grad_fn._saved_other, e.grad_fn._saved_result, s.grad_fn._saved_self,
           hasattr(e.grad_fn, "_saved_self"), hasattr(s.grad_fn, "_saved_result"),
           y.grad_fn._saved_self is x, e.grad_fn._saved_result.grad_fn is e.grad_fn]
    (y.sum() + e.sum() + s.sum()).backward()
    out.append(err(lambda: y.grad_fn._saved_self))
    out.append(err(lambda: e.grad_fn._saved_result))
    return out


# -- anomaly detection, and no floating-point warnings ------------------------------------

def _caught(f):
    import warnings
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = err(f)
    return r, [(m.category.__name__, str(m.message).split(" (Triggered internally")[0]) for m in w]


@case
def anomaly_nan_check(T):
    out = [T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()]
    x = T.tensor([0.0, 1.0], requires_grad=True)

    def run():
        with T.autograd.detect_anomaly():
            out.extend([T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()])
            (x.sqrt() * 0).sum().backward()

    r, w = _caught(run)
    out += [r, [c for c, _ in w], [m.split("\n")[0] for _, m in w], T.is_anomaly_enabled()]
    with T.autograd.set_detect_anomaly(True, check_nan=False):
        out += [T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()]
        z = (x.sqrt() * 0).sum()
        z.backward()
    return out + [x.grad, T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()]


@case
def anomaly_forward_trace(T):
    class Bad(T.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 1

        @staticmethod
        def backward(ctx, g):
            raise ValueError("bad backward")

    x = T.ones(2, requires_grad=True)
    r0, w0 = _caught(lambda: T.autograd.detect_anomaly())
    with T.autograd.set_detect_anomaly(True):
        y = Bad.apply(x).sum()  # the line the trace must show
        r, w = _caught(lambda: y.backward())
    first = [m.split("\n")[0] for _, m in w]
    shows_line = ["Bad.apply(x).sum()  # the line the trace must show" in m for _, m in w]
    # without anomaly mode: the error alone, and the version hint names anomaly detection
    z = x * 1
    s = z.exp()
    z.add_(1)
    r2, w2 = _caught(lambda: s.sum().backward())
    with T.autograd.set_detect_anomaly(True):
        z = x * 1
        s = z.exp()
        z.add_(1)
        r3, w3 = _caught(lambda: s.sum().backward())
    return [w0, r, first, shows_line, r2, w2, r3, [m.split("\n")[0] for _, m in w3]]


@case
def no_floating_point_warnings(T):
    y = T.tensor([0.0, 1.0])
    fs = [lambda: 1 / y, lambda: y / y, lambda: y.log(), lambda: (y - 1).sqrt(), lambda: y.pow(-1),
          lambda: T.tensor([2.0]) ** 2000, lambda: T.tensor([]).mean(), lambda: y // 0, lambda: y % 0,
          lambda: T.tensor([[float("inf"), 0.0]]).softmax(1), lambda: T.tensor([-8.0]) ** 0.5,
          lambda: y.reciprocal(), lambda: T.tensor([1000.0]).exp()]
    out = [_caught(f) for f in fs]
    for f in (lambda x: x.sqrt(), lambda x: x.log(), lambda x: x / x, lambda x: x ** 0.5,
              lambda x: x.reciprocal(), lambda x: x.rsqrt(), lambda x: x.norm()):
        x = T.tensor([0.0, 1.0], requires_grad=True)
        out.append(_caught(lambda: f(x).sum().backward()))
        out.append(x.grad)
    return out


@case
def saved_attributes_more(T):
    x = T.tensor([[1.0, 2.0], [3.0, -1.0]], requires_grad=True)
    v = T.tensor([0.5, 2.0], requires_grad=True)
    nodes = [(x @ x).grad_fn, T.nn.functional.linear(x, x, v).grad_fn, (x @ v).grad_fn, x.max().grad_fn,
             x.log_softmax(1).grad_fn, x.softmax(1).grad_fn, T.nn.functional.mse_loss(x, x.detach()).grad_fn,
             x.prod().grad_fn, x.logsumexp(1).grad_fn, (x * v).grad_fn, x.exp().grad_fn, x.tanh().grad_fn,
             (x ** 2).grad_fn, x.sigmoid().grad_fn, x.relu().grad_fn]
    out = []
    for fn in nodes:
        row = [type(fn).__name__]
        for name in ("self", "other", "result", "mat1", "mat2", "vec", "target"):
            a = "_saved_" + name
            row.append([name, hasattr(fn, a)] + ([getattr(fn, a)] if hasattr(fn, a) else []))
        out.append(row)
    return out


@case
def hooks_misc(T):
    out = []
    x = leaf(T)
    y = x * 2
    seen = []
    y.register_hook(lambda g: seen.append(g.clone()))
    (y * 3 + y * 4).sum().backward()   # the hook sees the summed gradient once
    out += [len(seen), seen[0], x.grad]
    x = leaf(T)
    a, b = (x * 1).unbind(0)
    sb = []
    b.register_hook(lambda g: sb.append(g) or g * 10)
    a.retain_grad()
    (a * b).sum().backward()
    out += [sb, a.grad, x.grad]
    x = leaf(T)
    v = (x * 1)[1:]
    v.retain_grad()
    v.register_hook(lambda g: g + 1)
    (v ** 2).sum().backward()
    out += [v.grad, x.grad, v.retains_grad, x.retains_grad]
    x = leaf(T)
    z = x.exp()
    z.register_hook(lambda g: g * z)  # the replacement depends on z under create_graph
    g, = T.autograd.grad(z.sum(), x, create_graph=True)
    out += [g, g.requires_grad]
    return out


@case
def reentrant_backward_in_hook(T):
    """A hook that runs backward through nodes the running backward has
    counted but not yet run (the engine keeps both executions' state)."""
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    z = y * 3
    w = y * 4
    seen = []

    def hook(g):
        with T.enable_grad():   # backward runs hooks with grad mode off
            (y * 5).sum().backward(retain_graph=True)
        seen.append(x.grad.clone())
        return g * 10

    z.register_hook(hook)
    (z.sum() + w.sum()).backward()
    return [x.grad, seen, y.grad_fn is not None]


@case
def backward_after_a_failed_backward(T):
    """A backward that fails half way leaves nothing behind: the same graph
    runs again and gives the gradient of that run alone."""
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    z = y * 3
    w = y * 4
    out = (z.sum() + w.sum())

    def bad(g):
        raise RuntimeError("hook failed")

    h = w.register_hook(bad)
    try:
        out.backward(retain_graph=True)
        r = "no error"
    except RuntimeError as e:
        r = str(e)
    h.remove()
    g1 = None if x.grad is None else x.grad.clone()
    out.backward()
    return [r, g1, x.grad]


@case
def hook_gradient_is_a_view_as_torchs(T):
    """NOTE [ A hook's gradient is a view when the engine's is ]
    (python_hook.pyx): sum's expanded gradient, view/unsqueeze backward's
    reshapes are views in the hook; a product's gradient is not."""
    rec = []

    def h(tag):
        def f(g):
            rec.append([tag, g._is_view(), g._base is not None, g.requires_grad, list(g.shape), g.is_contiguous()])
        return f
    x = T.ones(2, 3, requires_grad=True)
    x.register_hook(h("leaf"))
    y = x * 2
    y.register_hook(h("nonleaf"))
    v = y[0]
    v.register_hook(h("view"))
    w = y.t()
    w.register_hook(h("tview"))
    e = x.expand(4, 2, 3)
    e.register_hook(h("expand"))
    (v.sum() + w.sum() + e.sum()).backward()
    s = T.ones(3, requires_grad=True)
    s.register_hook(h("sumleaf"))
    s.sum().backward()
    m = T.ones(3, 4, requires_grad=True)
    m.register_hook(h("mmleaf"))
    (m @ T.ones(4, 2)).sum().backward()
    r = T.ones(4, requires_grad=True)
    r.register_hook(h("reshape"))
    r2 = r.view(2, 2)
    r2.register_hook(h("view2"))
    (r2 * 3).sum().backward()
    u = T.ones(2, 2, requires_grad=True)
    u.register_hook(h("unbind"))
    a, b = u.unbind(0)
    a.register_hook(h("unbind_a"))
    (a * 2 + b).sum().backward()
    c = T.ones(3, 2, requires_grad=True)
    c.register_hook(h("select"))
    c[1].sum().backward()
    k = T.ones(2, requires_grad=True)
    k2 = k * 1
    k2.register_hook(h("chain"))
    k3 = k2.unsqueeze(0).expand(3, 2)
    k3.register_hook(h("expand2"))
    k3.sum().backward()
    return rec
