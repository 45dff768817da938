"""Snippets run against both torch and cyautograd (issue 13, items 2-7):
gradcheck/gradgradcheck, autograd.functional, torch.func, autograd.graph
utilities, checkpointing, the profiler's table. Each takes the module and
returns what to compare (values, Jacobians, Hessians, error types and
words)."""
import importlib
import warnings

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


A = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]
B = [0.3, -0.7, 1.1]


def a(T, rg=False):
    return T.tensor(A, dtype=T.float64, requires_grad=rg)


def b(T, rg=False):
    return T.tensor(B, dtype=T.float64, requires_grad=rg)


def F(T):
    return T.autograd.functional


def ckpt(T):
    return importlib.import_module(T.__name__ + ".utils.checkpoint")


def G(T):
    return importlib.import_module(T.__name__ + ".autograd.graph")


# -- generated programs: compositions of differentiable ops ---------------------

UNARY = [lambda x: x.sin(), lambda x: x.exp(), lambda x: x.tanh(), lambda x: x * x, lambda x: x.sigmoid(),
         lambda x: (x * x + 1).log(), lambda x: x.cos() * 2, lambda x: x.softmax(-1), lambda x: x.cumsum(-1),
         lambda x: x.clamp(-1.0, 1.5) * 3]
BINARY = [lambda x, y: x * y, lambda x, y: x + y * 2, lambda x, y: x / (y * y + 1), lambda x, y: x - y.exp()]


def program(seed):
    """A random composition of ops on (x, y) with x: (2, 3), y: (3,)."""
    rng = np.random.default_rng(seed)
    steps = [(int(rng.integers(2)), int(rng.integers(len(UNARY))), int(rng.integers(len(BINARY))))
             for _ in range(int(rng.integers(2, 6)))]

    def f(x, y):
        h = x
        for kind, u, bi in steps:
            h = UNARY[u](h) if kind == 0 else BINARY[bi](h, y)
        return h
    return f


def _gen(seed):
    f = program(seed)

    def run(T):
        x, y = a(T), b(T)
        jac = F(T).jacobian(f, (x, y))
        jfwd = F(T).jacobian(f, (x, y), strategy="forward-mode", vectorize=True)
        hes = F(T).hessian(lambda x, y: f(x, y).sum(), (x, y))
        return [jac, jfwd, hes]
    run.__name__ = f"generated_program_{seed}"
    return run


for _s in range(12):
    CASES[f"generated_program_{_s:02d}"] = _gen(_s)


def _gen_func(seed):
    f = program(100 + seed)

    def run(T):
        x, y = a(T), b(T)
        fn = T.func
        s = lambda x, y: f(x, y).sum()  # noqa: E731
        return [fn.grad(s, argnums=(0, 1))(x, y), fn.jacrev(f, argnums=(0, 1))(x, y),
                fn.jacfwd(f, argnums=1)(x, y), fn.hessian(s)(x, y),
                fn.vmap(f, in_dims=(0, None))(x, y), fn.vmap(fn.grad(s), in_dims=(0, None))(x, y),
                fn.jvp(f, (x, y), (x * 0 + 1, y * 2)), fn.vjp(f, x, y)[1](f(x, y) * 0 + 1)]
    return run


for _s in range(8):
    CASES[f"generated_func_{_s:02d}"] = _gen_func(_s)


# -- gradcheck --------------------------------------------------------------------

def _bad_square(T):
    class BadSquare(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * x       # should be 2 * g * x
    return BadSquare


def _bad_double_backward(T):
    class Cube(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * 3 * x.detach() * x.detach()   # right value, no double backward
    return Cube


@case
def gradcheck_passes(T):
    gc = T.autograd.gradcheck
    x = a(T, True)
    y = b(T, True)
    return [gc(lambda x: x.sin() * x, x), gc(lambda x, y: (x * y, (x @ y).exp()), (x, y)),
            gc(lambda x, y: x * y, (x, y), fast_mode=True), gc(lambda x: x.tanh(), x, check_forward_ad=True),
            gc(lambda x: x.exp(), (x,), check_batched_grad=True),
            gc(lambda x, n: x * n, (x, 3)), gc(lambda x, y: x * y, (x, b(T)))]


@case
def gradcheck_mismatch_message(T):
    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    return [err(lambda: T.autograd.gradcheck(_bad_square(T).apply, (x,))),
            T.autograd.gradcheck(_bad_square(T).apply, (x,), raise_exception=False)]


@case
def gradcheck_mismatch_second_output(T):
    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    y = T.tensor([0.5, -1.0], dtype=T.float64, requires_grad=True)
    bad = _bad_square(T).apply
    return err(lambda: T.autograd.gradcheck(lambda x, y: (x * y, bad(y)), (x, y)))


@case
def gradcheck_fast_mode_message(T):
    x = T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True)
    kind, msg = err(lambda: T.autograd.gradcheck(_bad_square(T).apply, (x,), fast_mode=True))
    # the first lines hold v^T J u for random u, v (torch's generator vs ours);
    # the slow-mode recomputation that follows is deterministic
    head = msg.split("\n")[0]
    slow = msg[msg.index("Below, we recompute"):msg.index("The max per-element")]
    return [kind, head, slow]


@case
def gradcheck_errors(T):
    x = a(T, True)
    gc = T.autograd.gradcheck
    return [err(lambda: gc(lambda x: x * 2, (a(T),))),
            err(lambda: gc(lambda x: x * 2, (b(T, True).detach().expand(2, 3).requires_grad_(),))),
            err(lambda: gc(lambda x: x.detach() * 2, (x,))),
            err(lambda: gc(lambda x: x * 2, (x,), check_forward_ad=False, check_backward_ad=False)),
            err(lambda: gc(lambda x: x * 2, (x,), check_batched_grad=True, check_backward_ad=False,
                           check_forward_ad=True)),
            issubclass(importlib.import_module(T.__name__ + ".autograd.gradcheck").GradcheckError, RuntimeError)]


@case
def gradcheck_float32_warns(T):
    x = T.tensor(B, dtype=T.float32, requires_grad=True)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        ok = T.autograd.gradcheck(lambda x: x * 2, (x,), eps=1e-2, atol=1e-2, rtol=1e-2)
    return [ok, [str(m.message) for m in w if "double precision" in str(m.message)]]


@case
def gradgradcheck_cases(T):
    x = a(T, True)
    y = b(T, True)
    ggc = T.autograd.gradgradcheck
    cube = _bad_double_backward(T).apply
    go = T.tensor([[1.0, -0.5, 0.25], [2.0, 0.0, -1.0]], dtype=T.float64, requires_grad=True)
    return [ggc(lambda x: x.sin() * x, x), ggc(lambda x, y: x * y.exp(), (x, y)),
            ggc(lambda x: (x * x).sum(), x, gen_non_contig_grad_outputs=True),
            ggc(lambda x: x.tanh(), x, go),
            ggc(lambda x: x.exp(), x, fast_mode=True),
            ggc(cube, T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True), raise_exception=False),
            err(lambda: ggc(lambda x: x, x, check_rev_over_rev=False))]


@case
def gradcheck_module_and_function(T):
    import sys
    mod = sys.modules[T.__name__ + ".autograd.gradcheck"]
    return [callable(T.autograd.gradcheck), type(T.autograd.gradcheck).__name__,
            mod.gradcheck is T.autograd.gradcheck, mod.gradgradcheck is T.autograd.gradgradcheck]


# -- autograd.functional ---------------------------------------------------------

@case
def functional_values(T):
    f = lambda x: (x.sin() * x).sum(1)   # noqa: E731
    s = lambda x: (x.exp() * x).sum()    # noqa: E731
    x = a(T)
    v1 = T.tensor([1.0, -2.0], dtype=T.float64)
    return [F(T).vjp(f, x, v1), F(T).jvp(f, x, x * 0.5), F(T).jacobian(f, x), F(T).hessian(s, x),
            F(T).hvp(s, x, x), F(T).vhp(s, x, x), F(T).jacobian(f, x, vectorize=True),
            F(T).jacobian(f, x, strategy="forward-mode", vectorize=True),
            F(T).hessian(s, x, vectorize=True, outer_jacobian_strategy="reverse-mode")]


@case
def functional_tuples(T):
    f = lambda x, y: (x * y, (x @ y).exp())   # noqa: E731
    s = lambda x, y: ((x @ y) ** 2).sum()     # noqa: E731
    x, y = a(T), b(T)
    return [F(T).vjp(f, (x, y), (x, T.ones(2, dtype=T.float64))), F(T).jvp(f, (x, y), (x, y)),
            F(T).jacobian(f, (x, y)), F(T).hessian(s, (x, y)), F(T).hvp(s, (x, y), (x, y)),
            F(T).vhp(s, (x, y), (x, y)), F(T).jacobian(lambda x: x * 2, (x,))]


@case
def functional_create_graph(T):
    x = a(T, True)
    out, g = F(T).vjp(lambda x: (x ** 3).sum(), x, create_graph=True)
    (gg,) = T.autograd.grad(g.sum(), x)
    jac = F(T).jacobian(lambda x: x ** 3, x, create_graph=True)
    h = F(T).hessian(lambda x: (x ** 3).sum(), x)
    return [out, g.requires_grad, gg, jac.requires_grad, h.requires_grad,
            F(T).vjp(lambda x: (x ** 3).sum(), x)[1].requires_grad]


@case
def functional_strict_and_unused(T):
    x, y = a(T), b(T)
    return [F(T).jacobian(lambda x, y: x * 2, (x, y)),
            err(lambda: F(T).jacobian(lambda x, y: x * 2, (x, y), strict=True)),
            err(lambda: F(T).vjp(lambda x: x.detach(), x, x, strict=True)),
            err(lambda: F(T).jvp(lambda x, y: x * 2, (x, y), (x, y), strict=True)),
            err(lambda: F(T).hessian(lambda x: x.sum(), x, strict=True)),
            err(lambda: F(T).hvp(lambda x, y: (x * 2).sum() + y.sum(), (x, y), (x, y), strict=True)),
            err(lambda: F(T).vhp(lambda x: (x * 2).sum(), x, x, strict=True)),
            err(lambda: F(T).jacobian(lambda x: x * x, x, create_graph=True, strict=True)),
            F(T).vjp(lambda x, y: x.sum(), (x, y), T.tensor(1.0, dtype=T.float64)),
            F(T).hvp(lambda x: (x * 2).sum(), x, x)]


@case
def functional_errors(T):
    x = a(T)
    return [err(lambda: F(T).vjp(lambda x: x * 2, x)),
            err(lambda: F(T).jvp(lambda x: x * 2, x)),
            err(lambda: F(T).jvp(lambda x: x * 2, x, T.ones(2))),
            err(lambda: F(T).vjp(lambda x, y: (x, y), (x, x), (x,))),
            err(lambda: F(T).vjp(lambda x: x, x, (x, x))),
            err(lambda: F(T).vjp(lambda x, y: (x, y), (x, x), (x, T.ones(3, dtype=T.float64)))),
            err(lambda: F(T).jacobian(lambda x: x, 3)),
            err(lambda: F(T).jacobian(lambda x: x, (x, 3))),
            err(lambda: F(T).jacobian(lambda x: 3, x)),
            err(lambda: F(T).hessian(lambda x: x * 2, x)),
            err(lambda: F(T).hessian(lambda x: (x.sum(), x.sum()), x)),
            err(lambda: F(T).hvp(lambda x: x * 2, x, x)),
            err(lambda: F(T).vhp(lambda x: (x.sum(),), x, x)),
            err(lambda: F(T).jacobian(lambda x: x, x, strategy="sideways")),
            err(lambda: F(T).jacobian(lambda x: x, x, strategy="forward-mode")),
            err(lambda: F(T).jacobian(lambda x: x, x, strategy="forward-mode", vectorize=True, strict=True)),
            err(lambda: F(T).jacobian(lambda x: x, x, strategy="forward-mode", vectorize=True,
                                      create_graph=True)),
            err(lambda: F(T).jacobian(lambda x: x, x, vectorize=True, strict=True)),
            err(lambda: F(T).hessian(lambda x: x.sum(), x, outer_jacobian_strategy="x"))]


@case
def functional_edge_shapes(T):
    s0 = T.tensor(0.7, dtype=T.float64)
    e = T.zeros(0, dtype=T.float64)
    x = a(T)
    return [F(T).jacobian(lambda x: x.sin(), s0), F(T).hessian(lambda x: x.exp(), s0),
            F(T).vjp(lambda x: x * x, s0), F(T).jvp(lambda x: x * x, s0), F(T).hvp(lambda x: x ** 3, s0),
            err(lambda: F(T).jacobian(lambda x: x * 2, e)), F(T).jacobian(lambda x: x.sum(), e),
            F(T).jacobian(lambda x: x.t(), x), F(T).jacobian(lambda x: x[:, ::2] * 2, x)]


# -- torch.func ------------------------------------------------------------------

@case
def func_grad_family(T):
    fn = T.func
    x, y = a(T), b(T)
    s = lambda x: (x.sin() * x).sum()   # noqa: E731
    return [fn.grad(s)(x), fn.grad(lambda x, y: (x * y).sum(), argnums=1)(x, y),
            fn.grad(lambda x, y: (x * y).sum(), argnums=(0, 1))(x, y),
            fn.grad(lambda x, y: (x * y).sum(), argnums=-1)(x, y),
            fn.grad_and_value(s)(x), fn.grad(lambda x: (s(x), x * 2), has_aux=True)(x),
            fn.grad_and_value(lambda x: (s(x), {"k": x.sum()}), has_aux=True)(x),
            fn.grad(fn.grad(lambda t: t ** 4))(T.tensor(1.5, dtype=T.float64)),
            fn.grad(fn.grad(fn.grad(lambda t: t.sin())))(T.tensor(0.3, dtype=T.float64)),
            fn.grad(lambda d: (d["w"] * d["b"][0]).sum())({"w": x, "b": [y]}),
            fn.grad(lambda p: (p[0] * p[1]).sum())((x, x * 2)),
            fn.grad(s)(a(T, True)).requires_grad, fn.grad(s)(x).requires_grad]


@case
def func_grad_composes_with_autograd(T):
    x = a(T, True)
    g = T.func.grad(lambda t: (t ** 3).sum())(x)
    g.sum().backward()
    return [g, x.grad]


@case
def func_grad_errors(T):
    fn = T.func
    x = a(T)
    return [err(lambda: fn.grad(lambda t: t * 2)(x)),
            err(lambda: fn.grad(lambda t: (t.sum(), 1))(x)),
            err(lambda: fn.grad(lambda t: t.sum(), has_aux=True)(x)),
            err(lambda: fn.grad(lambda t: t.sum(), argnums=1)(x)),
            err(lambda: fn.grad(lambda t: t.sum())(3.0)),
            err(lambda: fn.grad(lambda t: 3)(x))]


@case
def func_vjp_jvp(T):
    fn = T.func
    x, y = a(T), b(T)
    out, vjp_fn = fn.vjp(lambda x, y: (x * y, x.sum()), x, y)
    out2, vjp2, aux = fn.vjp(lambda x: (x.exp(), x * 3), x, has_aux=True)
    return [out, vjp_fn((x, T.tensor(2.0, dtype=T.float64))), out2, vjp2(x), aux,
            fn.jvp(lambda x, y: x * y.exp(), (x, y), (x, y)),
            fn.jvp(lambda x: (x.sin(), x * 2), (x,), (x,), has_aux=True),
            fn.jvp(lambda x: {"s": x.sin()}, (x,), (x,)),
            err(lambda: fn.jvp(lambda x: x, x, x)),
            err(lambda: fn.jvp(lambda x: x, (x,), x)),
            err(lambda: fn.jvp(lambda x: x, (x,), (y,))),
            err(lambda: vjp_fn(x)), err(lambda: vjp_fn([x, x]))]


@case
def func_jacobians(T):
    fn = T.func
    x, y = a(T), b(T)
    f = lambda x, y: (x @ y).sin() * y.sum()   # noqa: E731
    return [fn.jacrev(f)(x, y), fn.jacrev(f, argnums=(0, 1))(x, y), fn.jacfwd(f)(x, y),
            fn.jacfwd(f, argnums=(0, 1))(x, y), fn.jacrev(lambda x: {"a": x * 2, "b": x.sum()})(y),
            fn.jacrev(lambda x: (x.exp(), x * 2), has_aux=True)(y),
            fn.jacfwd(lambda x: (x.exp(), x * 2), has_aux=True)(y),
            fn.hessian(lambda x: (x.sin() * x).sum())(y), fn.hessian(lambda x, y: (x @ y).sum() ** 2, argnums=1)(x, y),
            fn.jacrev(fn.jacrev(lambda x: x.sin()))(y), fn.jacfwd(fn.jacrev(lambda x: x.exp().sum()))(y),
            err(lambda: fn.jacrev(lambda x: x, argnums=2)(y))]


@case
def func_vmap(T):
    fn = T.func
    x, y = a(T), b(T)
    m = T.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=T.float64)
    return [fn.vmap(lambda r: r * 2)(x), fn.vmap(lambda r, s: r @ s, in_dims=(0, None))(x, y),
            fn.vmap(lambda c: c.sum(), in_dims=1)(x), fn.vmap(lambda c: c * 2, in_dims=-1, out_dims=1)(x),
            fn.vmap(fn.vmap(lambda e: e * e))(x), fn.vmap(lambda r: (r, r.sum()), out_dims=(1, 0))(x),
            fn.vmap(lambda r, s: r + s, in_dims=(1, 0))(x, m), fn.vmap(lambda d: d["u"] * d["v"])({"u": x, "v": x}),
            fn.vmap(lambda r, k: r * k, in_dims=(0, None))(x, 3.0),
            fn.vmap(lambda r: r * 2, out_dims=None)(T.ones(2, 1)) if False else fn.vmap(lambda r: r.sum())(x),
            fn.vmap(fn.grad(lambda r: (r.sin() * r).sum()))(x), fn.vmap(fn.jacrev(lambda r: r.exp()))(x),
            fn.vmap(lambda r: r.unsqueeze(0), out_dims=2)(x), fn.vmap(lambda r: [r, r * 2])(x)]


@case
def func_vmap_errors(T):
    fn = T.func
    x, y = a(T), b(T)
    return [err(lambda: fn.vmap(lambda p, q: p + q)(x, T.ones(3, 3))),
            err(lambda: fn.vmap(lambda p: p, in_dims=2)(x)),
            err(lambda: fn.vmap(lambda p: p, in_dims=None)(x)),
            err(lambda: fn.vmap(lambda p: p, in_dims=[0])(x)),
            err(lambda: fn.vmap(lambda p: p, in_dims=(0, 0))(x)),
            err(lambda: fn.vmap(lambda p: 3)(x)),
            err(lambda: fn.vmap(lambda p: p, in_dims=0)(3.0)),
            err(lambda: fn.vmap(lambda p: p)(T.tensor(1.0))),
            err(lambda: fn.vmap(lambda p: p, out_dims=(0, 1))(x)),
            err(lambda: fn.vmap(lambda p: p, randomness="foo")(x)),
            err(lambda: fn.vmap(lambda p: p + T.rand(3))(x)),
            err(lambda: fn.vmap(lambda p: p)())]


@case
def func_vmap_randomness(T):
    fn = T.func
    x = T.zeros(4, 3)
    same = fn.vmap(lambda r: r + T.rand(3), randomness="same")(x)
    diff = fn.vmap(lambda r: r + T.rand(3), randomness="different")(x)
    return [bool((same == same[0]).all()), bool((diff == diff[0]).all()), list(same.shape)]


def _linear_module(T):
    w = T.tensor([[1.0, -1.0, 0.5], [0.25, 2.0, -0.5]], dtype=T.float64)
    bias = T.tensor([0.1, -0.2], dtype=T.float64)
    if T.__name__ == "torch":
        class Lin(T.nn.Module):
            def __init__(self):
                super().__init__()
                self.weight = T.nn.Parameter(w.clone())
                self.register_buffer("bias", bias.clone())
                self.inner = T.nn.Module()
                self.inner.scale = T.nn.Parameter(T.tensor(2.0, dtype=T.float64))

            def forward(self, x, shift=0.0):
                return (x @ self.weight.t() + self.bias) * self.inner.scale + shift
        return Lin()

    class Inner:
        def __init__(self):
            self._parameters = {"scale": T.tensor(2.0, dtype=T.float64, requires_grad=True)}

        def __getattr__(self, k):
            d = self.__dict__["_parameters"]
            if k in d:
                return d[k]
            raise AttributeError(k)

    class Lin:   # duck-typed: named parameters/buffers and attribute access
        def __init__(self):
            self.weight = w.clone().requires_grad_()
            self.bias = bias.clone()
            self.inner = Inner()

        def named_parameters(self):
            return [("weight", self.weight), ("inner.scale", self.inner.scale)]

        def named_buffers(self):
            return [("bias", self.bias)]

        def __call__(self, x, shift=0.0):
            return (x @ self.weight.t() + self.bias) * self.inner.scale + shift
    return Lin()


@case
def func_functional_call(T):
    fn = T.func
    mod = _linear_module(T)
    x = a(T)
    w2 = T.tensor([[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]], dtype=T.float64)
    out1 = fn.functional_call(mod, {"weight": w2}, (x,))
    out2 = fn.functional_call(mod, ({"weight": w2}, {"bias": T.zeros(2, dtype=T.float64)}), x,
                              {"shift": 1.0})
    out3 = fn.functional_call(mod, {"inner.scale": T.tensor(-1.0, dtype=T.float64)}, (x,))
    after = mod(x)
    g = fn.grad(lambda p: fn.functional_call(mod, p, (x,)).sum())({"weight": w2})
    # (the gradient's grad_fn name is left out: TBackward0's double backward
    # is recorded as PermuteBackward0 here, a view-op naming difference)
    return [out1, out2, out3, after, g["weight"].detach(), g["weight"].requires_grad,
            err(lambda: fn.functional_call(mod, ({"weight": w2}, {"weight": w2}), (x,))),
            err(lambda: fn.functional_call(mod, {"weight": w2}, (x,), strict=True)),
            fn.functional_call(mod, {"weight": w2, "bias": T.zeros(2, dtype=T.float64),
                                     "inner.scale": T.tensor(1.0, dtype=T.float64)}, (x,), strict=True)]


# -- autograd.graph ----------------------------------------------------------------

@case
def graph_node_abc(T):
    Node = G(T).Node
    x = a(T, True)
    y = (x * 2).sum()

    class Sq(T.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * t

        @staticmethod
        def backward(ctx, g):
            return g
    z = Sq.apply(x)
    acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
    return [isinstance(y.grad_fn, Node), isinstance(acc, Node), type(acc).__name__, isinstance(z.grad_fn, Node),
            Node in type(y.grad_fn).__mro__, isinstance(x, Node), issubclass(int, Node),
            isinstance(G(T).get_gradient_edge(x).node, Node)]


@case
def graph_gradient_edge(T):
    x = a(T, True)
    parts = (x * 2).unbind(0)
    e0 = G(T).get_gradient_edge(x)
    e1 = G(T).get_gradient_edge(parts[1])
    g = T.autograd.grad(parts[1].sum(), x)
    return [type(e0.node).__name__, e0.output_nr, type(e1.node).__name__, e1.output_nr, len(e1), g,
            e1.node is parts[1].grad_fn, err(lambda: G(T).get_gradient_edge(a(T)))]


@case
def graph_increment_version(T):
    x = a(T, True)
    y = x.exp()
    G(T).increment_version(y)
    G(T).increment_version([x.detach(), x.detach()])
    with T.inference_mode():
        inf = T.ones(2)
    G(T).increment_version(inf)
    return [y._version, x._version, err(lambda: y.sum().backward()),
            err(lambda: G(T).increment_version(3))[0]]


@case
def graph_multi_grad_hook_all(T):
    x, y = a(T, True), b(T, True)
    calls = []
    h = G(T).register_multi_grad_hook((x, y), lambda gs: calls.append(list(gs)))
    (x * y).sum().backward()
    (x * 2).sum().backward()
    leaf_in_grad = err(lambda: T.autograd.grad((x * y).sum(), y))
    xx, yy = x * 1, y * 1
    calls3 = []
    G(T).register_multi_grad_hook((xx, yy), lambda gs: calls3.append(list(gs)))
    T.autograd.grad((xx * yy).sum(), yy)
    T.autograd.grad((xx * yy).sum(), (x, y))
    z = x * 3
    w = z.exp()
    calls2 = []
    G(T).register_multi_grad_hook((z, w), lambda gs: calls2.append(list(gs)))
    w.sum().backward()
    h.remove()
    (x * y).sum().backward()
    return [calls, calls2, leaf_in_grad, calls3,
            err(lambda: G(T).register_multi_grad_hook((x,), print, mode="some"))]


@case
def graph_multi_grad_hook_any(T):
    x, y = a(T, True), b(T, True)
    calls = []
    G(T).register_multi_grad_hook((x, y), lambda g: calls.append(g), mode="any")
    (x * y).sum().backward()
    (y * 2).sum().backward()
    G(T).register_multi_grad_hook((x, a(T)), lambda g: calls.append(("second", g)), mode="any")
    (x * 5).sum().backward()
    return calls


@case
def graph_allow_mutation(T):
    x = a(T, True)
    with G(T).allow_mutation_on_saved_tensors():
        y = x * 1
        out = (y ** 2).sum()
        y.mul_(3)
        out.backward()
    err_nested = None
    with G(T).allow_mutation_on_saved_tensors():
        err_nested = err(lambda: G(T).allow_mutation_on_saved_tensors().__enter__())
    with G(T).allow_mutation_on_saved_tensors():
        out2 = (x * x).sum()
    return [x.grad, err_nested, err(lambda: out2.backward())]


@case
def graph_variable_and_misc(T):
    V = T.autograd.Variable
    x = a(T, True)
    v1 = V(a(T))
    v2 = V(a(T), requires_grad=True)
    v3 = V(x * 2)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        V(a(T), volatile=True)
    with T.inference_mode():
        inf = T.ones(2)
    with T.autograd.set_multithreading_enabled(False):
        inside = (x * 2).sum()
    prev = T.is_warn_always_enabled()
    T.set_warn_always(True)
    now = T.is_warn_always_enabled()
    T.set_warn_always(prev)
    return [v1.requires_grad, v2.requires_grad, v2.is_leaf, v3.grad_fn is None, v3.requires_grad,
            isinstance(x, V), isinstance(3, V), V().shape, err(lambda: V(3)), [str(m.message) for m in w],
            T.is_inference(inf), T.is_inference(x), err(lambda: T.is_inference(3)), inside, now]


# -- checkpoint ----------------------------------------------------------------------

def _region(x, w):
    return ((x @ w).tanh() * x.sin()).exp()


W = [[0.5, -0.25, 1.0], [0.75, 0.1, -0.3], [0.2, 0.4, 0.6]]


@case
def checkpoint_grads(T):
    cp = ckpt(T)
    res = []
    for use_reentrant in (False, True):
        x = a(T, True)
        w = T.tensor(W, dtype=T.float64, requires_grad=True)
        y = cp.checkpoint(_region, x, w, use_reentrant=use_reentrant)
        y.sum().backward()
        res.append([y, x.grad, w.grad])
    x = a(T, True)
    w = T.tensor(W, dtype=T.float64, requires_grad=True)
    res.append(T.autograd.grad(cp.checkpoint(_region, x, w, use_reentrant=False).sum(), (x, w)))
    res.append(T.autograd.grad(_region(x, w).sum(), (x, w)))
    return res


@case
def checkpoint_nested_and_sequential(T):
    cp = ckpt(T)
    x = a(T, True)

    def outer(t):
        return cp.checkpoint(lambda u: u.sin() * u, t * 2, use_reentrant=False).exp()
    g1 = T.autograd.grad(cp.checkpoint(outer, x, use_reentrant=False).sum(), x)
    seq = [lambda t: t.sin(), lambda t: t * 3, lambda t: t.exp(), lambda t: t.tanh(), lambda t: t * t]
    outs = []
    for ur in (False, True):
        x.grad = None
        y = cp.checkpoint_sequential(seq, 2, x, use_reentrant=ur)
        y.sum().backward()
        outs.append([y, x.grad])
    gg = T.autograd.grad(T.autograd.grad(cp.checkpoint(lambda t: (t ** 3).sum(), x, use_reentrant=False), x,
                                         create_graph=True)[0].sum(), x)
    return [g1, outs, gg]


@case
def checkpoint_kwargs_context_and_errors(T):
    cp = ckpt(T)
    x = a(T, True)
    entered = []

    class Ctx:
        def __init__(self, tag):
            self.tag = tag

        def __enter__(self):
            entered.append(self.tag)

        def __exit__(self, *args):
            return False
    y = cp.checkpoint(lambda t, k=1.0: t * k, x, k=3.0, use_reentrant=False,
                      context_fn=lambda: (Ctx("fwd"), Ctx("recompute")))
    y.sum().backward()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        cp.checkpoint(lambda t: t * 2, x)
        cp.checkpoint(lambda t: t * 2, a(T), use_reentrant=True)
    return [x.grad, entered, [str(m.message) for m in w],
            err(lambda: cp.checkpoint(lambda t, k=1.0: t * k, x, k=3.0, use_reentrant=True)),
            err(lambda: cp.checkpoint(lambda t: t, x, use_reentrant=True, context_fn=lambda: (Ctx(1), Ctx(2)))),
            err(lambda: cp.checkpoint_sequential([lambda t: t], 1, x, use_reentrant=False, foo=1))]


@case
def checkpoint_preserves_rng(T):
    cp = ckpt(T)
    res = []
    for ur in (False, True):
        x = T.ones(50, dtype=T.float64, requires_grad=True)
        masks = []

        def drop(t):
            m = (T.rand(50) > 0.5).to(T.float64)
            masks.append(m)
            return t * m * 2
        y = cp.checkpoint(drop, x, use_reentrant=ur, preserve_rng_state=True)
        y.sum().backward()
        res.append([bool((x.grad == masks[0] * 2).all()), len(masks), bool((masks[0] == masks[-1]).all())])
    return res


# -- profiler -------------------------------------------------------------------------

@case
def profiler_rows(T):
    prof_mod = T.autograd.profiler
    x = T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    with prof_mod.profile() as prof:
        with prof_mod.record_function("my_region"):
            y = (x * 2).sin().sum()
        y.backward()
        (x * x).sum().backward()
    avg = prof.key_averages()
    counts = {e.key: e.count for e in avg}
    table = avg.table(sort_by="self_cpu_time_total", row_limit=50)
    lines = table.split("\n")
    names = ["my_region", "MulBackward0", "SinBackward0", "SumBackward0", "torch::autograd::AccumulateGrad",
             "AccumulateGrad"]
    return [[counts.get(n) for n in names], lines[1].split(), lines[0] == lines[2],
            lines[-2].startswith("Self CPU time total:"),
            err(lambda: prof_mod.profile().key_averages())]


@case
def gradcheck_shapes_and_layouts(T):
    """0-d, zero-size, one-element and non-contiguous inputs."""
    gc, ggc = T.autograd.gradcheck, T.autograd.gradgradcheck
    res = []
    for shape in [(), (0,), (2, 0), (1,), (3, 1), (2, 3, 2)]:
        n = int(np.prod(shape)) if shape else 1
        x = T.tensor(np.linspace(-1.0, 1.5, n).reshape(shape), dtype=T.float64, requires_grad=True)
        res.append([gc(lambda t: t.sin() * t, x), ggc(lambda t: t.exp() * t, x),
                    F(T).jacobian(lambda t: t.sin() * t, x).shape if n else None])
    base = T.tensor(np.linspace(-1.0, 1.0, 12).reshape(3, 4), dtype=T.float64)
    nc = base.t().detach().requires_grad_()
    res.append([nc.is_contiguous(), gc(lambda t: t.tanh() * 2, nc), gc(lambda t: t[:, ::2].exp(), nc),
                F(T).jacobian(lambda t: t.exp(), nc)])
    return res


@case
def func_linearize_and_stack_state(T):
    fn = T.func
    x = a(T)
    out, jfn = fn.linearize(lambda t: t.sin() * t, x)
    m1, m2 = _linear_module(T), _linear_module(T)
    params, buffers = fn.stack_module_state([m1, m2])
    return [out, jfn(x), jfn(x * 0 + 1), sorted(params), params["weight"].shape,
            params["weight"].requires_grad, params["weight"].is_leaf, buffers["bias"],
            err(lambda: fn.stack_module_state([]))]


@case
def checkpoint_helpers(T):
    cp = ckpt(T)
    x = a(T, True)
    d = cp.detach_variable((x, 3, a(T)))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        cp.check_backward_validity((a(T), 1))
        cp.check_backward_validity((x,))
    with cp.set_checkpoint_early_stop(False):
        y = cp.checkpoint(lambda t: t.exp(), x, use_reentrant=False)
    y.sum().backward()
    return [d[0].requires_grad, d[0].is_leaf, d[1], d[2].requires_grad, [str(m.message) for m in w],
            err(lambda: cp.detach_variable([x])), x.grad]


# -- double backward: torch's node names for the formulas' own arithmetic -------

def _walk(fn, depth=0):
    """grad_fn's graph as nested names (N for no edge), a few levels deep."""
    if fn is None:
        return "N"
    name = type(fn).__name__
    if depth >= 4:
        return name
    return name + "(" + ",".join(_walk(n, depth + 1) for n, _ in fn.next_functions) + ")"


DOUBLE_BACKWARD_OPS = {
    "mul": (lambda x, y: x * y, 2), "square_by_mul": (lambda x, y: x * x * 3, 1),
    "div": (lambda x, y: x / y, 2), "div_by_number": (lambda x, y: (x * x) / 3, 1),
    "pow_number": (lambda x, y: x.pow(3), 1), "pow_tensor": (lambda x, y: x.pow(y), 2),
    "rpow": (lambda x, y: 2 ** x, 1), "exp": (lambda x, y: x.exp(), 1), "log": (lambda x, y: x.log(), 1),
    "tanh": (lambda x, y: x.tanh(), 1), "sigmoid": (lambda x, y: x.sigmoid(), 1),
    "sum_dim": (lambda x, y: x.sum(1) ** 2, 1), "mean": (lambda x, y: x.mean() * x, 1),
    "mean_dim": (lambda x, y: x.mean(1) ** 2, 1), "softmax": (lambda x, y: x.softmax(1) ** 2, 1),
    "log_softmax": (lambda x, y: x.log_softmax(1) ** 2, 1), "relu": (lambda x, y: (x - 1).relu() ** 2, 1),
    "view": (lambda x, y: x.view(12) ** 2, 1), "t": (lambda x, y: x.t() ** 2, 1),
    "select": (lambda x, y: x[1] ** 2, 1), "sqrt": (lambda x, y: x.sqrt(), 1), "sin": (lambda x, y: x.sin(), 1),
    "clamp": (lambda x, y: x.clamp(0.7, 1.2) ** 2, 1), "cumsum": (lambda x, y: x.cumsum(1) ** 2, 1),
    "max": (lambda x, y: x.max() ** 2, 1), "amax": (lambda x, y: x.amax(1) ** 2, 1),
    "square": (lambda x, y: x.square(), 1), "sub_add": (lambda x, y: (x - y) ** 2 + (x + y) ** 2, 2),
    "gelu": (lambda x, y: _nnF(x).gelu(x), 1), "gelu_tanh": (lambda x, y: _nnF(x).gelu(x, approximate="tanh"), 1),
    "softplus": (lambda x, y: _nnF(x).softplus(x * 3, beta=2, threshold=1), 1),
    "leaky_relu": (lambda x, y: _nnF(x).leaky_relu(x - 1, 0.2) ** 2, 1), "silu": (lambda x, y: _nnF(x).silu(x), 1),
    "abs": (lambda x, y: (x - 1).abs() ** 2, 1),
}


def _nnF(x):
    return importlib.import_module(type(x).__module__.split(".")[0] + ".nn.functional")


def _double_backward(T, f, n):
    g = T.Generator().manual_seed(0)
    x = (T.rand(3, 4, dtype=T.float64, generator=g) + 0.5).requires_grad_()
    y = (T.rand(3, 4, dtype=T.float64, generator=g) + 0.5).requires_grad_()
    ins = [x, y][:n]
    gs = T.autograd.grad(f(x, y).sum(), ins, create_graph=True)
    second = T.autograd.grad(sum((gi * gi).sum() for gi in gs), ins)
    return [[_walk(gi.grad_fn) for gi in gs], [gi.detach() for gi in gs], list(second)]


def _register_double_backward():
    for name, (f, n) in DOUBLE_BACKWARD_OPS.items():
        def fn(T, f=f, n=n):
            return _double_backward(T, f, n)
        fn.__name__ = f"double_backward_names_{name}"
        CASES[fn.__name__] = fn


_register_double_backward()


@case
def double_backward_scalar_overload_nodes(T):
    """A formula's `grad * 2` is mul.Scalar (MulBackward1, one edge, the
    number as _saved_other); a forward `x * 2` keeps mul.Tensor's node under
    create_graph; a custom Function's backward and a saved-tensor unpack hook
    are Python, so their arithmetic stays mul.Tensor too."""
    x = T.tensor([1.5, -0.5, 2.0], dtype=T.float64, requires_grad=True)
    out = []
    (g,) = T.autograd.grad((x ** 3).sum(), x, create_graph=True)
    m1 = g.grad_fn.next_functions[1][0]
    out.append([type(m1).__name__, len(m1.next_functions), m1._saved_other])
    seed = T.ones(3, dtype=T.float64, requires_grad=True)
    (g2,) = T.autograd.grad(x * 2, x, seed, create_graph=True)
    out.append([type(g2.grad_fn).__name__, len(g2.grad_fn.next_functions)])
    (g3,) = T.autograd.grad(x / 4, x, seed, create_graph=True)
    out.append([type(g3.grad_fn).__name__, len(g3.grad_fn.next_functions)])

    class Twice(T.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * 2

        @staticmethod
        def backward(ctx, gr):
            return gr * 2

    (g4,) = T.autograd.grad(Twice.apply(x), x, seed, create_graph=True)
    out.append(type(g4.grad_fn).__name__)
    names = []

    def unpack(t):
        names.append(type((t * 2).grad_fn).__name__)
        return t

    with T.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
        y = (x * x).sum()
    T.autograd.grad(y, x, create_graph=True)
    out.append(names)
    # an int tensor's rounding division: DivBackward2, torch's div.Tensor_mode
    out.append(type(T.div(x, 2, rounding_mode="floor").grad_fn).__name__)
    # triple backward through MulBackward1
    (h,) = T.autograd.grad(g.sum(), x, create_graph=True)
    (k,) = T.autograd.grad(h.sum(), x)
    out.append([_walk(h.grad_fn), k])
    return out


# -- torch._C names (issue 13 item 5) --------------------------------------------

def _names(t):
    return None if t is None else [type(t.grad_fn).__name__ if t.grad_fn is not None else None,
                                   t.requires_grad, t.detach()]


@case
def c_functions_delayed_error(T):
    Fn = T._C._functions
    x = T.tensor([1.0, -2.0, 3.0], requires_grad=True)
    out = []
    y = Fn.DelayedError("not twice", 1)(x)
    out.append([_names(y), y is x, y._base is None, y.data_ptr() == x.data_ptr(),
                y.grad_fn.name().split("::")[-1]])
    out.append(err(lambda: y.sum().backward()))
    ys = Fn.DelayedError("boom", 2)(x, x * 2)
    out.append([_names(t) for t in ys])
    out.append(err(lambda: T.autograd.grad(ys[1].sum(), x)))
    z = T.ones(2)
    w = Fn.DelayedError("m", 1)(z)
    out.append([_names(w), w is z, w.data_ptr() == z.data_ptr()])
    out.append(Fn.DelayedError("m", 2)(None, x)[0])
    with T.no_grad():
        out.append(_names(Fn.DelayedError("m", 1)(x)))
    out.append(err(lambda: Fn.DelayedError("m", 2)(x)))
    out.append(err(lambda: Fn.DelayedError("m", 1)(3)))
    out.append(err(lambda: Fn.DelayedError("m")))
    out.append(err(lambda: Fn.DelayedError(1, 1)))
    out.append(err(lambda: Fn.DelayedError("a", "b")))
    return out


@case
def c_functions_undefined_grad(T):
    Fn = T._C._functions
    x = T.tensor([1.0, -2.0, 3.0], requires_grad=True)
    u = Fn.UndefinedGrad()
    out = []
    z = u(x)
    out.append([_names(z), z is x, z.data_ptr() == x.data_ptr(), z.grad_fn.name().split("::")[-1],
                [type(n).__name__ for n, _ in z.grad_fn.next_functions]])
    (u(x * 2) * 3).sum().backward()
    out.append(x.grad)
    out.append(T.autograd.grad(u(x * 1).sum(), x, allow_unused=True))
    out.append(T.autograd.grad(u(x * 2).sum(), x, allow_unused=True, materialize_grads=True))
    w = x * 2
    out.append(T.autograd.grad(u(w).sum(), w, create_graph=True, allow_unused=True))
    x2 = T.ones(3)
    z2 = u(x2)
    out.append([_names(z2), z2 is x2])
    with T.no_grad():
        out.append(_names(u(x)))
    out.append(u(None))
    out.append(err(lambda: u(x, x)))
    out.append(err(lambda: u()))
    out.append(err(lambda: u(3)))
    out.append(err(lambda: Fn.UndefinedGrad(1)))
    return out


@case
def c_functions_node_classes(T):
    Fn = T._C._functions
    x = T.tensor([1.0, 2.0], requires_grad=True)
    acc = (x * 2).grad_fn.next_functions[0][0]
    return [type(acc) is Fn.AccumulateGrad, isinstance(acc, Fn.AccumulateGrad),
            type((x * 2).grad_fn) is Fn.MulBackward0, type((x * 2).grad_fn) is Fn.MulBackward1,
            isinstance(x.exp().grad_fn, Fn.ExpBackward0), Fn.AccumulateGrad.__name__,
            Fn.DelayedError("m", 1)(x).grad_fn.__class__ is Fn.Error]


@case
def c_engine_queries(T):
    C = T._C
    x = T.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    out = [C._current_graph_task_id()]
    for node in [y.grad_fn, None, 3]:
        out.append(err(lambda: C._will_engine_execute_node(node)))
    seen = []
    z = y * 1
    w = x.exp()

    def hook(g):
        seen.append([C._will_engine_execute_node(y.grad_fn), C._will_engine_execute_node(w.grad_fn),
                     C._current_graph_task_id() >= 0,
                     err(lambda: C._will_engine_execute_node(None))])
        ids.append(C._current_graph_task_id())
        return g

    ids = []
    y.register_hook(hook)
    (z.sum() + w.sum()).backward(retain_graph=True)
    T.autograd.grad(z.sum(), x, retain_graph=True)
    leaf_acc = y.grad_fn.next_functions[0][0]

    def hook2(g):
        seen.append(err(lambda: C._will_engine_execute_node(leaf_acc)))
        return g

    y.register_hook(hook2)
    T.autograd.grad(z.sum(), x)
    out.append(seen)
    out.append([ids[1] - ids[0], ids[1] != ids[0]])
    out.append(err(lambda: C._current_graph_task_id(1)))
    return out


@case
def c_weak_tensor_ref(T):
    import gc
    C = T._C
    t = T.ones(2)
    r = C._WeakTensorRef(t)
    out = [r.expired()]
    v = t.view(2)
    del t
    gc.collect()
    out.append(r.expired())   # the view keeps its base alive
    del v
    gc.collect()
    out.append(r.expired())
    x = T.ones(3, requires_grad=True)
    r2 = C._WeakTensorRef(x)
    y = (x * 2).sum()
    del x
    gc.collect()
    out.append(r2.expired())  # the graph holds the leaf
    del y
    gc.collect()
    out.append(r2.expired())
    out.append([n for n in dir(C._WeakTensorRef) if not n.startswith("_")])
    return out


@case
def c_saved_tensors_hooks_switches(T):
    A = T._C._autograd
    hooks = T.autograd.graph.saved_tensors_hooks
    out = [A._saved_tensors_hooks_is_enabled(), A._saved_tensors_hooks_get_disabled_error_message()]
    with T.autograd.graph.disable_saved_tensors_hooks("nope"):
        out.append([A._saved_tensors_hooks_is_enabled(), A._saved_tensors_hooks_get_disabled_error_message()])
    out.append(A._saved_tensors_hooks_is_enabled())
    A._saved_tensors_hooks_disable("m1")
    try:
        out.append([A._saved_tensors_hooks_is_enabled(), A._saved_tensors_hooks_get_disabled_error_message()])

        def enter():
            with hooks(lambda x: x, lambda x: x):
                pass
        out.append(err(enter))
    finally:
        A._saved_tensors_hooks_enable()
    out.append(A._saved_tensors_hooks_is_enabled())
    with hooks(lambda x: x, lambda x: x):
        try:
            out.append(err(lambda: A._saved_tensors_hooks_disable("m2")))
            out.append(A._saved_tensors_hooks_is_enabled())   # set before the check
            A._saved_tensors_hooks_enable()
            A._saved_tensors_hooks_disable("m3", False)
            out.append(A._saved_tensors_hooks_get_disabled_error_message())
        finally:
            A._saved_tensors_hooks_enable()
    A._push_saved_tensors_default_hooks(lambda t: t * 1, lambda t: t * 2)
    try:
        out.append(A._top_saved_tensors_default_hooks(False) is not None)
        x = T.tensor([1.0, 2.0], requires_grad=True)
        y = (x * x).sum()
    finally:
        A._pop_saved_tensors_default_hooks()
    out.append(T.autograd.grad(y, x))
    out.append(A._top_saved_tensors_default_hooks(False))
    out.append(err(lambda: A._saved_tensors_hooks_is_enabled(1))[0])
    return out


@case
def c_fwd_grad_enabled(T):
    C = T._C
    fwAD = importlib.import_module(T.__name__ + ".autograd.forward_ad")
    x = T.tensor([0.5, -1.0, 2.0], dtype=T.float64)
    t = T.ones(3, dtype=T.float64)
    out = [C._is_fwd_grad_enabled()]
    with fwAD.dual_level():
        d = fwAD.make_dual(x, t)
        C._set_fwd_grad_enabled(False)
        try:
            out.append(C._is_fwd_grad_enabled())
            out.append([fwAD.unpack_dual(d * 2).tangent, fwAD.unpack_dual(d).tangent,
                        fwAD.unpack_dual(fwAD.make_dual(x, t)).tangent, fwAD.unpack_dual(d.sin()).tangent])
        finally:
            C._set_fwd_grad_enabled(True)
        out.append(fwAD.unpack_dual(d.sin()).tangent)
        with fwAD._set_fwd_grad_enabled(False):
            out.append([fwAD.unpack_dual(d.exp()).tangent, C._is_fwd_grad_enabled()])
        out.append([fwAD.unpack_dual(d.exp()).tangent, C._is_fwd_grad_enabled()])

    for bad in [1, None, "a"]:
        out.append(err(lambda: C._set_fwd_grad_enabled(bad)))
    out.append(C._is_fwd_grad_enabled())
    return out


# -- torch.profiler: schedule, traces, export --------------------------------------------

def _schedule_grid():
    """Schedule parameters from a fixed generator: every small combination."""
    out = []
    for wait in range(3):
        for warmup in range(3):
            for active in range(1, 4):
                for repeat in range(3):
                    for skip_first in (0, 2):
                        out.append((wait, warmup, active, repeat, skip_first, (wait + repeat) % 2))
    return out


@case
def profiler_schedule_actions(T):
    P = T.profiler
    res = []
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        for wait, warmup, active, repeat, skip, skw in _schedule_grid():
            fn = P.schedule(wait=wait, warmup=warmup, active=active, repeat=repeat, skip_first=skip,
                            skip_first_wait=skw)
            res.append("".join(fn(s).name[0] + fn(s).name[-1] for s in range(24)))
    res.append(sorted({str(m.message) for m in w}))
    res.append([err(lambda: P.schedule(wait=-1, warmup=1, active=1)),
                err(lambda: P.schedule(wait=0, warmup=1, active=0)),
                err(lambda: P.schedule(wait=0, warmup=1, active=1)(-1)),
                [a.name for a in P.ProfilerAction if a.name != "DEVICE_STOPPED"],
                sorted((n, int(v.value)) for n, v in P.ProfilerActivity.__members__.items()), str(P.ProfilerActivity.CPU),
                sorted(a.name for a in P.supported_activities())])
    return res


_PROF_ROWS = ("MulBackward0", "SinBackward0", "SumBackward0", "ExpBackward0", "ProfilerStep*", "fwd",
              "torch::autograd::AccumulateGrad")


@case
def profiler_schedule_traces(T):
    P = T.profiler
    x = T.tensor([0.5, -1.0, 2.0], requires_grad=True)
    res = []
    for wait, warmup, active, repeat in [(1, 1, 2, 1), (0, 1, 1, 2), (2, 0, 3, 0), (0, 1, 2, 0)]:
        seen = []

        def ready(p):
            rows = {e.key: e.count for e in p.key_averages() if e.key in _PROF_ROWS}
            seen.append([p.step_num, sorted(rows.items())])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sched = P.schedule(wait=wait, warmup=warmup, active=active, repeat=repeat)
        with P.profile(activities=[P.ProfilerActivity.CPU], schedule=sched, on_trace_ready=ready) as p:
            for i in range(7):
                with P.record_function("fwd"):
                    y = (x * 2).sin().sum() if i % 2 else x.exp().sum()
                y.backward()
                p.step()
        res.append([seen, p.step_num])
    # no schedule: everything recorded, the trace handed over once at exit
    seen = []
    with P.profile(on_trace_ready=lambda p: seen.append(sorted(
            e.key for e in p.key_averages() if e.key in _PROF_ROWS))):
        (x * 3).sum().backward()
    res.append(seen)
    return res


@case
def profiler_chrome_trace(T):
    import json
    import os
    import tempfile
    P = T.profiler
    x = T.tensor([1.0, 2.0], requires_grad=True)
    res = []
    with tempfile.TemporaryDirectory() as d:
        with P.profile(schedule=P.schedule(wait=0, warmup=1, active=1, repeat=1),
                       on_trace_ready=P.tensorboard_trace_handler(d, worker_name="w0")) as p:
            for _ in range(3):
                (x * x).sum().backward()
                p.step()
        files = sorted(os.listdir(d))
        res.append([len(files), [f.startswith("w0.") and f.endswith(".pt.trace.json") for f in files]])
        doc = json.load(open(os.path.join(d, files[0])))
        ev = [e for e in doc["traceEvents"] if e.get("ph") == "X"]
        names = {e["name"] for e in ev}
        res.append(["traceEvents" in doc, "MulBackward0" in names, "ProfilerStep#1" in names,
                    all(e["dur"] >= 0 and "ts" in e and "pid" in e and "tid" in e for e in ev)])
        path = os.path.join(d, "t.json")
        with T.autograd.profiler.profile() as ap:
            (x * 2).sum().backward()
        ap.export_chrome_trace(path)
        ev = [e for e in json.load(open(path))["traceEvents"] if e.get("ph") == "X"]
        res.append("MulBackward0" in {e["name"] for e in ev})
    return res


@case
def autograd_module_names(T):
    """Names real code reaches after a bare ``import torch``."""
    gm = T.autograd.grad_mode
    with gm.no_grad():
        a = T.ones(2, requires_grad=True) * 2
    with gm.set_grad_enabled(False):
        b = T.ones(2, requires_grad=True) * 2
    return [sorted(gm.__all__), a.requires_grad, b.requires_grad, callable(T.utils.checkpoint.checkpoint),
            callable(T.utils.checkpoint.checkpoint_sequential),
            err(lambda: T.autograd.variable(T.ones(2))), err(lambda: T.autograd.variable()),
            gm.set_multithreading_enabled is T.autograd.set_multithreading_enabled,
            T.profiler.record_function is T.autograd.profiler.record_function]


@case
def profiler_forward_ops(T):
    """Forward ops get rows named as torch's (aten::<op>), one per call,
    with the operator and the function forms alike. (aten::sum is left out:
    torch's mean calls it inside.)"""
    names = ("aten::mul", "aten::sin", "aten::div", "aten::matmul", "aten::relu", "aten::exp",
             "aten::add", "aten::neg", "aten::mean", "aten::tanh")
    x = T.tensor([[1.0, 2.0], [3.0, -4.0]], requires_grad=True)
    res = []
    for prof in (T.autograd.profiler.profile, T.profiler.profile):
        with prof() as p:
            y = (x @ x / 2).sin().sum()
            z = T.nn.functional.relu(T.mul(x, 3) + x.exp()).mean()
            w = -x.tanh() * 2
        counts = {e.key: e.count for e in p.key_averages()}
        res.append([[n, counts.get(n)] for n in names])
        res.append([float(y), float(z), w.grad_fn.name()])
    # outside a profile the ops are as before
    res.append([T.sin(x).grad_fn.name(), (x * 2).grad_fn.name(), (x @ x).grad_fn.name()])
    return res


@case
def func_batch_norm_replacement(T):
    nn = T.nn
    m = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Sequential(nn.BatchNorm2d(2)),
                      nn.BatchNorm1d(4, track_running_stats=False))
    r = T.func.replace_all_batch_norm_modules_(m)
    bns = [mod for mod in m.modules() if "BatchNorm" in type(mod).__name__]
    x = T.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
    y = m[1](m[0](x))
    single = nn.BatchNorm1d(2)
    return [r is m, [[b.running_mean, b.running_var, b.num_batches_tracked, b.track_running_stats] for b in bns],
            sorted(k for k, v in m.state_dict().items()), y.shape, T.func.replace_all_batch_norm_modules_(single)
            is single, single.track_running_stats, T.func.debug_unwrap(x) is x,
            T.func.debug_unwrap(x, recurse=False) is x]


def _layout_leaves(T):
    """Leaves of the layouts AccumulateGrad distinguishes: C-contiguous,
    permuted, transposed, sliced (not dense), expanded (overlapping), 0-d."""
    base = T.arange(24.0, dtype=T.float64)
    return [base.reshape(2, 3, 4), base.reshape(2, 3, 4).permute(2, 0, 1), base.reshape(4, 6).t(),
            base.reshape(4, 6)[:, ::2], base[:3].reshape(3, 1).expand(3, 4), T.tensor(2.0)]


@case
def grad_layout_policy(T):
    """Known gaps, left out here: with enforcement off torch also steals an
    expanded (stride-0) gradient and a fully broadcast product's
    column-major result for a leaf that is not dense; a transposed
    zero-size leaf's gradient strides; a 0-d leaf's ``p.sum()`` gradient
    (torch steals the root's gradient: version 0; ours is a copy, 1)."""
    res = []
    ops = [lambda p: (p * 2).sum(), lambda p: (p * p).sum(), lambda p: (p + p).sum(),
           lambda p: (p.t() if p.dim() == 2 else p).sum()]
    for enforce in (True, False):
        with T.autograd.enforce_grad_layout_policy(enforce):
            for i, leaf in enumerate(_layout_leaves(T)):
                for j, f in enumerate(ops):
                    if (not enforce and (j == 3 or i in (3, 4))) or (i == 5 and j == 3):
                        continue
                    p = leaf.clone() if leaf.dim() == 0 else leaf.detach()
                    p = p.requires_grad_()
                    f(p).backward()
                    res.append([enforce, i, j, tuple(p.shape), p.grad.stride(), p.grad._version, p.grad])
        res.append(T._C._is_grad_layout_enforcement_enabled())
    dec = T.autograd.enforce_grad_layout_policy(False)(lambda: T._C._is_grad_layout_enforcement_enabled())
    res += [T._C._is_grad_layout_enforcement_enabled(), dec(), T._C._is_grad_layout_enforcement_enabled(),
            sorted(T.autograd.grad_mode.__all__), err(lambda: T._C._set_grad_layout_enforcement_enabled(1))]
    return res


# -- torch.func.functionalize (NOTE [ Eager functionalize ]) ---------------------

def _fz_walk(T, fn, *args, remove="mutations"):
    """Run functionalize(fn)(*args): the outputs, then every tensor input's
    values and version afterwards, and whether an output is an input."""
    def body():
        out = T.func.functionalize(fn, remove=remove)(*args)
        outs = out if isinstance(out, (tuple, list)) else [out]
        ins = [x for x in args if isinstance(x, T.Tensor)]
        return [list(outs), [[x, x._version] for x in ins],
                [[o is x for x in ins] for o in outs if isinstance(o, T.Tensor)],
                # torch's 'mutations' outputs may be views of its internal tensors
                [o._base is None for o in outs if isinstance(o, T.Tensor) and remove != "mutations"]]
    return err(body)


@case
def func_functionalize_input_mutation(T):
    def f_view(a):
        b = a.view(-1)
        b.add_(1)
        return a

    def f_three(a):
        a.add_(1)
        a.mul_(2)
        a.sub_(1)
        return a.view(-1)

    def f_intermediate(a):
        b = a + 1
        c = b.view(-1)
        c.add_(1)
        return b

    def f_setitem(a):
        a[0] = 5
        return a[1]

    def f_kw(a, b=None, *, c):
        a[0].add_(b)
        c["k"].mul_(2)
        return [a, {"x": c["k"]}]

    res = []
    for remove in ("mutations", "mutations_and_views"):
        res.append(_fz_walk(T, f_view, T.zeros(2, 2), remove=remove))
        res.append(_fz_walk(T, f_three, T.zeros(2, 2), remove=remove))
        res.append(_fz_walk(T, f_intermediate, T.tensor(A), remove=remove))
        res.append(_fz_walk(T, f_setitem, T.zeros(2, 2), remove=remove))
    a, c = T.ones(2, 2), {"k": T.ones(3)}
    res.append([T.func.functionalize(f_kw)(a, 5, c=c), a, a._version, c["k"], c["k"]._version])
    # an unmutated input comes back as itself; aliased arguments do not see each other's mutations
    x = T.ones(3)
    res.append(T.func.functionalize(lambda t: t)(x) is x)
    res.append(T.func.functionalize(lambda t: t, remove="mutations_and_views")(x) is x)
    res.append(T.func.functionalize(lambda t: t.add(1))(x)._version)
    z = T.zeros(2)
    res.append([T.func.functionalize(lambda p, q: (p.add_(1), q.clone())[1])(z, z), z, z._version])
    big = T.zeros(4)
    res.append([T.func.functionalize(lambda p, q: (p.add_(1), q.clone())[1])(big, big[:2]), big, big._version])
    # metadata mutation of an input: torch's as_strided_ fix-up, then one copy_
    m = T.arange(6.).reshape(2, 3)
    res.append([T.func.functionalize(lambda t: t.t_())(m), list(m.shape), list(m.stride()), m])
    r = T.empty(0)
    res.append([T.func.functionalize(lambda t: t.resize_(5).fill_(2))(r), r])
    res.append(T.func.functionalize(lambda t: (1, "s", None, t.sum().item()))(T.ones(2)))
    return res


@case
def func_functionalize_autograd(T):
    res = []

    def f4(x):
        y = x * 2
        y.add_(1)
        z = y[0]
        z.mul_(3)
        return y
    x = T.tensor(B, requires_grad=True)
    out = T.func.functionalize(f4)(x)
    out.sum().backward()
    res.append([out.detach(), out.requires_grad, x.grad])   # its grad_fn: torch's functional ops' nodes
    # a non-leaf input mutated: one copy_ back, through which gradients flow
    x = T.tensor(B, requires_grad=True)
    y = x * 1
    o = T.func.functionalize(lambda t: t.mul_(3))(y)
    res.append([y._version, type(y.grad_fn).__name__, o is y])
    (o * 2 + y).sum().backward()
    res.append(x.grad)
    # views of an unmutated grad-requiring leaf are views of it, with the view op's node
    x = T.tensor(A, requires_grad=True)
    for fn in (lambda t: t.t(), lambda t: t[0], lambda t: t.view(6)):
        o = T.func.functionalize(fn)(x)
        res.append([o._base is x, type(o.grad_fn).__name__])
    o = T.func.functionalize(lambda t: t.view(6), remove="mutations_and_views")(x)
    res.append([o._base is None, o._is_view()])
    o.sum().backward()
    res.append(x.grad)
    # composes with grad transforms
    res.append(T.func.functionalize(T.func.grad(lambda t: (t * t).sum()))(T.ones(2)))
    res.append(T.func.grad(T.func.functionalize(lambda t: (t * 2).add_(1).sum()))(T.ones(2)))
    return res


@case
def func_functionalize_errors(T):
    fz = T.func.functionalize
    leaf = T.ones(2, requires_grad=True)
    w = T.ones(2, requires_grad=True)

    def bw(t):
        (t * 2).sum().backward()
        return t

    def bw_api(t):
        T.autograd.backward((t * 2).sum())
        return t
    a = T.ones(2)
    res = [err(lambda: fz(lambda t: t, remove="views")),
           err(lambda: fz(lambda t: t.add_(1))(leaf)), [leaf, leaf._version],
           err(lambda: fz(bw)(w)), err(lambda: fz(bw_api)(w)), w.grad,
           err(lambda: T.func.grad(fz(lambda t: t.mul_(3).sum()))(a)), [a, a._version],
           err(lambda: fz(3)(a))]
    # backward works again after the transform (the depth was restored on the error)
    (w * 2).sum().backward()
    res.append(w.grad)
    return res


# -- session 28: gradcheck's batched forward-grad check, the deprecated Jacobian helpers

@case
def gradcheck_batched_forward_grad(T):
    x = a(T, True)
    y = b(T, True)[:2]

    def f(p, q):
        return p.sin() * q.unsqueeze(-1), (p.t() @ q).exp()

    out = [err(lambda: T.autograd.gradcheck(f, (x, y), check_forward_ad=True, check_batched_forward_grad=True)),
           err(lambda: T.autograd.gradcheck(f, (x, y), check_forward_ad=True, check_backward_ad=False,
                                            check_batched_forward_grad=True)),
           err(lambda: T.autograd.gradcheck(f, (x, y), check_batched_forward_grad=True)),
           err(lambda: T.autograd.gradcheck(f, (x, y), check_batched_grad=True))]
    # a random op under vmap: torch's gradcheck runs the legacy vmap, whose
    # error gets the batched-grad advice appended
    state = T.get_rng_state()
    try:
        T.manual_seed(0)
        out.append(err(lambda: T.autograd.gradcheck(
            lambda p: p * (T.rand(()) > 2), (x,), check_forward_ad=True, check_batched_forward_grad=True,
            check_undefined_grad=False)))
        out.append(err(lambda: T.autograd.gradcheck(
            lambda p: p * (T.rand(()) > 2), (x,), check_batched_grad=True, check_undefined_grad=False)))
    finally:
        T.set_rng_state(state)
    return out


@case
def gradcheck_numerical_jacobian_helpers(T):
    gc = importlib.import_module(T.__name__ + ".autograd.gradcheck")
    x = a(T, True)
    y = b(T, True)
    out = []
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = gc.get_numerical_jacobian(lambda i: (i[0] * i[1], i[0].sum()), (x, y), eps=1e-6)
        out.append([type(r).__name__, [t.tolist() for t in r]])
        r = gc.get_numerical_jacobian(lambda i: i[0] * i[1], (x, y), target=(x,), eps=1e-6)
        out.append([t.tolist() for t in r])
        out.append(err(lambda: gc.get_numerical_jacobian(lambda i: i[0] * 2, (x,), grad_out=2.0)))
        r = gc.get_analytical_jacobian((x, y), x * y)
        out.append([[t.tolist() for t in r[0]], list(r[1:])])
        out.append(sorted({(c.category.__name__, str(c.message)) for c in w}))
    # the perturbed tensor is ``input``; fn still gets ``inputs`` (so a
    # tensor outside them gives zero Jacobians)
    z = T.tensor([5.0, 6.0, 7.0], dtype=T.float64, requires_grad=True)
    r = gc.get_numerical_jacobian_wrt_specific_input(lambda p, q: (p * q, q.sum()), 1, (x, y), (x * y, y.sum()),
                                                     1e-6)
    out.append([t.tolist() for t in r])
    r = gc.get_numerical_jacobian_wrt_specific_input(lambda p, q: (p * q,), 1, (x, y), (x * y,), 1e-6, input=z)
    out.append([t.tolist() for t in r])
    out.append(err(lambda: gc.get_numerical_jacobian_wrt_specific_input(lambda p: p, 0, (x.detach(),),
                                                                        (x,), 1e-6)))
    return out


@case
def graph_and_profiler_leftover_names(T):
    """torch.autograd.graph's compile-only budget annotation (refused in
    eager mode, after its argument checks), its CUDA-stream switches (bool
    only), and the profiler's memory-event names."""
    g = G(T)
    prof = importlib.import_module(T.__name__ + ".autograd.profiler")
    out = []
    for b in (0.5, 0, 1.5, -0.1, True, "x"):
        def enter(b=b):
            with g.region_activation_memory_budget(b):
                return "entered"
        out.append(err(enter))
    for f in (g.set_warn_on_accumulate_grad_stream_mismatch, g.set_override_stale_capture_stream):
        for v in (True, "x", 1, 1.0, None):
            out.append(err(lambda f=f, v=v: f(v)))
    g.set_warn_on_accumulate_grad_stream_mismatch(True)
    g.set_override_stale_capture_stream(False)
    out.append([prof.MEMORY_EVENT_NAME, prof.OUT_OF_MEMORY_EVENT_NAME])   # (kineto_available: a build property)
    with prof.profile(post_processing_timeout_s=None, activity_filters=None) as p:
        T.ones(2).sum()
    out.append(type(p.key_averages()).__name__)
    out.append(g.RemovableHandle.__name__)
    return out
