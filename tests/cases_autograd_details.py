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

    @T.no_grad
    def bare():
        return T.is_grad_enabled()

    @T.enable_grad
    def bare2():
        return T.is_grad_enabled()

    @T.inference_mode
    def bare3():
        return T.is_inference_mode_enabled()

    with T.no_grad():
        b2 = bare2()
    # torch wraps a coroutine function as a plain function: the mode holds
    # while the coroutine object is made, not while it runs
    return [asyncio.run(coro()), inspect.iscoroutinefunction(coro), coro.__name__, bare(), b2, bare3(),
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
        for args in ((), (None,), (None, None), (None, None, None), (1, 2, 3, 4)):
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
