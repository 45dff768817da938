"""Issue 13 properties that are not a differential snapshot: checkpointing
saves memory (measured with tracemalloc), the profiler only records while
active, the engine's current graph task is per thread, gradcheck catches
wrong gradients generated at random, and the API modules import as torch's
do."""
import gc
import importlib
import sys
import threading
import tracemalloc

import numpy as np
import pytest

import cyautograd as cy
from cyautograd.autograd import graph as G
from cyautograd.autograd import profiler
from cyautograd.autograd.gradcheck import GradcheckError
from cyautograd.utils.checkpoint import checkpoint


def _chain(t):
    for _ in range(12):
        t = (t * 1.01).tanh()
    return t


@pytest.mark.parametrize("use_reentrant", [False, True])
def test_checkpoint_saves_memory(use_reentrant):
    """Arrays kept alive between forward and backward: a 12-op chain on a
    256x256 float64 input keeps ~24 arrays of 512 KiB; checkpointed it keeps
    only its input and output. Gradients are the same."""
    x = cy.tensor(np.linspace(-1, 1, 256 * 256).reshape(256, 256), requires_grad=True)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        y = _chain(x)
        plain = tracemalloc.get_traced_memory()[0] - base
        y.sum().backward()
        g_plain = x.grad.clone()
        x.grad = None
        del y
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        y = checkpoint(_chain, x, use_reentrant=use_reentrant)
        ckpt = tracemalloc.get_traced_memory()[0] - base
        y.sum().backward()
    finally:
        tracemalloc.stop()
    one = 256 * 256 * 8
    assert plain > 12 * one
    assert ckpt < 3 * one, (plain, ckpt)
    np.testing.assert_allclose(x.grad.numpy(), g_plain.numpy(), rtol=1e-12)


def test_checkpoint_recomputes_once_per_backward():
    calls = []

    def f(t):
        calls.append(1)
        return (t.sin() * t).exp()
    x = cy.tensor([0.5, -1.0, 2.0], requires_grad=True)
    y = checkpoint(f, x, use_reentrant=False)
    assert len(calls) == 1
    y.sum().backward()
    assert len(calls) == 2
    y = checkpoint(f, x, use_reentrant=False)
    y.sum().backward(retain_graph=True)
    assert len(calls) == 4
    y.sum().backward()
    # a second backward over a retained graph is another graph task, which
    # recomputes again (torch 2.13 counts 2, 4, 5 for this program as well)
    assert len(calls) == 5


def test_profiler_records_only_while_active():
    x = cy.tensor([1.0, 2.0], requires_grad=True)
    with profiler.profile() as outer:
        with profiler.profile() as inner:
            (x * x).sum().backward()
        (x.exp()).sum().backward()
    (x * 3).sum().backward()   # after both exits: recorded nowhere
    names_outer = [e.key for e in outer.key_averages()]
    names_inner = [e.key for e in inner.key_averages()]
    assert "MulBackward0" in names_inner and "ExpBackward0" not in names_inner
    assert "MulBackward0" in names_outer and "ExpBackward0" in names_outer
    ev = {e.key: e for e in outer.key_averages()}
    assert ev["autograd::engine::execute"].count == 2
    # node events nest in the execution, whose self time is the bookkeeping
    exe = [e for e in outer.events() if e.key == "autograd::engine::execute"]
    assert all(c.cpu_parent is e for e in exe for c in e.children) and all(e.children for e in exe)
    assert all(e.self_cpu_time_total <= e.cpu_time_total for e in exe)
    with pytest.raises(RuntimeError, match="Profiler context manager is not reentrant"):
        with outer:
            pass


def test_current_graph_task_is_per_thread():
    from cyautograd import engine
    seen = {}
    x = cy.tensor([1.0, 2.0], requires_grad=True)

    def hook(g):
        seen["here"] = engine._current_graph_task_id()
        t = threading.Thread(target=lambda: seen.__setitem__("other", engine._current_graph_task_id()))
        t.start()
        t.join()
        # a nested backward from a hook has its own task, then ours is back
        inner = cy.tensor([3.0], requires_grad=True)
        with cy.enable_grad():   # hooks run under the backward's grad mode
            (inner * 2).sum().backward()
        seen["after_nested"] = engine._current_graph_task_id()
        return g
    y = x * 2
    y.register_hook(hook)
    y.sum().backward()
    assert seen["here"] > 0 and seen["other"] == -1 and seen["after_nested"] == seen["here"]
    assert engine._current_graph_task_id() == -1
    with pytest.raises(RuntimeError, match="only be called during the backward pass"):
        engine._will_engine_execute_node(y.grad_fn)


@pytest.mark.parametrize("seed", range(6))
def test_gradcheck_catches_perturbed_gradients(seed):
    """A Function whose backward is off by a random factor on a random
    element fails gradcheck with the mismatch message; the exact one passes."""
    rng = np.random.default_rng(seed)
    shape = tuple(int(s) for s in rng.integers(1, 4, size=int(rng.integers(1, 3))))
    k = int(rng.integers(int(np.prod(shape))))
    factor = float(rng.uniform(1.5, 3.0))

    class F(cy.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.sin()

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            scale = np.ones(shape)
            scale.reshape(-1)[k] = factor
            return g * x.cos() * cy.tensor(scale)

    x = cy.tensor(rng.uniform(-1, 1, shape), requires_grad=True)
    with pytest.raises(GradcheckError, match="Jacobian mismatch for output 0 with respect to input 0,"):
        cy.autograd.gradcheck(F.apply, (x,))
    assert cy.autograd.gradcheck(F.apply, (x,), raise_exception=False) is False
    assert cy.autograd.gradcheck(lambda t: t.sin(), (x,))


def test_increment_version_matches_inplace_bump():
    x = cy.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    v = y._version
    G.increment_version(y)
    assert y._version == v + 1
    view = y[0]
    G.increment_version([view])
    assert y._version == v + 2   # shared with views


def test_modules_import_like_torch():
    mod = importlib.import_module("cyautograd.autograd.gradcheck")
    assert sys.modules["cyautograd.autograd.gradcheck"] is mod
    assert callable(cy.autograd.gradcheck) and cy.autograd.gradcheck is mod.gradcheck
    import cyautograd.autograd.gradcheck as g  # noqa: F401  (the function, as in torch)
    assert callable(g)
    import cyautograd.func as f
    assert f.vmap and cy.func is f
    assert issubclass(GradcheckError, RuntimeError)


def test_public_names_have_docstrings():
    import cyautograd.func
    import cyautograd.utils.checkpoint as ck
    from cyautograd.autograd import functional, gradcheck as _gc  # noqa: F401
    gcmod = sys.modules["cyautograd.autograd.gradcheck"]
    import cyautograd.profiler as tprof
    for mod in (gcmod, functional, cyautograd.func, ck, profiler, G, tprof, cy.autograd.grad_mode):
        assert mod.__doc__
        for name in mod.__all__:
            assert getattr(mod, name).__doc__, f"{mod.__name__}.{name} has no docstring"


def test_gradcheck_leaves_inputs_untouched():
    """Perturbation goes through .data: values restored bit for bit, the
    version counter never moves, no .grad is left behind."""
    rng = np.random.default_rng(7)
    arr = rng.uniform(-1, 1, (3, 4))
    x = cy.tensor(arr, requires_grad=True)
    y = cy.tensor(arr[0], requires_grad=True)
    assert cy.autograd.gradcheck(lambda a, b: (a * b).exp(), (x, y), fast_mode=True)
    assert cy.autograd.gradgradcheck(lambda a, b: (a * b).exp(), (x, y))
    assert x._version == 0 and y._version == 0
    assert x.grad is None and y.grad is None
    np.testing.assert_array_equal(x.detach().numpy(), arr)
    np.testing.assert_array_equal(y.detach().numpy(), arr[0])


def test_gradcheck_forward_mode():
    """check_forward_ad builds J column by column from forward-mode JVPs: a
    Function whose jvp is wrong fails with torch's forward-mode wording, one
    without a jvp raises torch's NotImplementedError, a right one passes."""
    class Half(cy.autograd.Function):   # d(x^2) given as t * x: wrong by 2
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_forward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            return g

        @staticmethod
        def jvp(ctx, t):
            x, = ctx.saved_tensors
            return t * x

    class NoJvp(cy.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * x

        @staticmethod
        def backward(ctx, g):
            return g
    x = cy.tensor([1.0, 2.0, -0.5], dtype=cy.float64, requires_grad=True)
    with pytest.raises(GradcheckError, match="Jacobian computed with forward mode mismatch for output 0 "
                                             "with respect to input 0,"):
        cy.autograd.gradcheck(Half.apply, (x,), check_forward_ad=True, check_backward_ad=False)
    with pytest.raises(GradcheckError, match="Jacobian computed with forward mode mismatch"):
        cy.autograd.gradcheck(Half.apply, (x,), check_forward_ad=True, check_backward_ad=False,
                              fast_mode=True)
    with pytest.raises(NotImplementedError, match="You must implement the jvp function"):
        cy.autograd.gradcheck(NoJvp.apply, (x,), check_forward_ad=True, check_backward_ad=False)
    assert cy.autograd.gradcheck(lambda t: (t * t).exp(), (x,), check_forward_ad=True)
    assert cy.autograd.gradgradcheck(lambda t: (t * t).exp(), (x,), check_fwd_over_rev=True)
