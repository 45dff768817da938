"""Graphs free by reference counting: flat memory under gc.disable(), deep
chains backpropagate and free without recursion."""
import gc
import sys
import tracemalloc
import weakref

import numpy as np
import pytest

import cyautograd as cy

F = cy.nn.functional


def _mlp_params(seed=0):
    rng = np.random.default_rng(seed)
    sizes = [8, 16, 16, 4]
    ps = []
    for i in range(len(sizes) - 1):
        ps.append(cy.tensor(rng.standard_normal((sizes[i + 1], sizes[i])).astype(np.float32) * 0.3,
                            requires_grad=True))
        ps.append(cy.zeros(sizes[i + 1], requires_grad=True))
    x = cy.tensor(rng.standard_normal((16, 8)).astype(np.float32))
    y = cy.tensor(rng.integers(0, 4, 16))
    return ps, x, y


def _step(ps, x, y, lr=0.05):
    h = x
    for i in range(0, len(ps) - 2, 2):
        h = F.relu(F.linear(h, ps[i], ps[i + 1]))
    out = F.linear(h, ps[-2], ps[-1])
    loss = F.cross_entropy(out, y)
    for p in ps:
        p.grad = None
    loss.backward()
    with cy.no_grad():
        for p in ps:
            p -= lr * p.grad
    return loss.item()


def _run_without_gc(step, steps, warmup=100):
    """Run step(i) `steps` times with the cyclic collector off; returns the
    traced memory growth after `warmup` steps and what gc.collect() then
    finds (0: no reference cycles were made). One step runs first, with the
    collector on: one-time work on first use (a lazy import, a cache filled
    by the first call of an op) may make cycles once; per-step cycles would
    show up once per step."""
    step(-1)
    gc.collect()
    gc.disable()
    try:
        tracemalloc.start()
        for i in range(steps):
            step(i)
            if i == warmup - 1:
                base, _ = tracemalloc.get_traced_memory()
        end, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        collected = gc.collect()
    finally:
        gc.enable()
    return end - base, collected


def test_training_loop_memory_flat_without_gc():
    ps, x, y = _mlp_params()
    losses = []
    growth, collected = _run_without_gc(lambda i: losses.append(_step(ps, x, y)), 1000)
    # no reference cycles were made: the collector finds nothing
    assert collected == 0
    assert growth < 64 * 1024, f"memory grew by {growth} bytes over 900 steps"
    assert losses[-1] < losses[0]



def test_graph_freed_when_output_dropped():
    gc.disable()
    try:
        x = cy.tensor([1.0, 2.0], requires_grad=True)
        y = (x * 2).exp().sum()
        node = weakref.ref(y.grad_fn)
        acc = weakref.ref(y.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0])
        del y
        assert node() is None
        assert acc() is None  # the leaf holds its AccumulateGrad weakly
    finally:
        gc.enable()


def test_saved_output_makes_no_cycle():
    gc.disable()
    try:
        x = cy.tensor([1.0, 2.0], requires_grad=True)
        y = x.exp()  # saves its own output
        r = weakref.ref(y)
        n = weakref.ref(y.grad_fn)
        del y
        assert r() is None and n() is None
    finally:
        gc.enable()


def test_grad_accumulator_created_once_while_graph_lives():
    x = cy.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    b = x * 3
    assert a.grad_fn.next_functions[0][0] is b.grad_fn.next_functions[0][0]
    assert a.grad_fn.next_functions[0][0].variable is x


def test_long_chain_backward_and_free():
    x = cy.tensor([1.0], requires_grad=True)
    y = x
    n = 100_000
    for _ in range(n):
        y = y * 1.0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        y.sum().backward()
        assert x.grad.tolist() == [1.0]
        del y  # freeing the chain must not overflow the C stack either
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("create_graph", [False, True])
def test_backward_frees_saved_tensors(create_graph):
    x = cy.tensor([1.0, 2.0], requires_grad=True)
    w = cy.tensor([3.0, 4.0], requires_grad=True)
    y = (x * w).sum()
    saved = weakref.ref(y.grad_fn.next_functions[0][0]._saved_self)
    y.backward(create_graph=create_graph, retain_graph=False)
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        y.grad_fn.next_functions[0][0]._saved_self
    assert saved is not None


def test_grad_mode_is_thread_local():
    import threading
    seen = {}

    def worker():
        seen["worker_start"] = cy.is_grad_enabled()
        with cy.no_grad():
            seen["worker_inside"] = cy.is_grad_enabled()
            ready.set()
            go.wait(5)

    ready, go = threading.Event(), threading.Event()
    th = threading.Thread(target=worker)
    th.start()
    ready.wait(5)
    main_during = cy.is_grad_enabled()  # the worker's no_grad does not leak here
    x = cy.tensor([1.0], requires_grad=True)
    y = x * 2
    go.set()
    th.join()
    assert seen == {"worker_start": True, "worker_inside": False}
    assert main_during is True and y.requires_grad


def test_inference_mode_is_thread_local():
    import threading
    seen = {}
    with cy.inference_mode():
        th = threading.Thread(target=lambda: seen.setdefault("other", cy.is_inference_mode_enabled()))
        th.start()
        th.join()
        assert cy.is_inference_mode_enabled()
    assert seen["other"] is False


@pytest.mark.parametrize("step", ["mul_tensor", "exp", "inplace"])
def test_long_chain_with_saved_tensors_frees(step):
    # the free path runs through SavedVariable -> Tensor -> meta -> node,
    # not only through next_edges_ tuples: it must not recurse unboundedly
    x = cy.tensor([0.5], requires_grad=True)
    w = cy.tensor([1.0], requires_grad=True)
    y = x
    for _ in range(50_000):
        if step == "mul_tensor":
            y = y * w
        elif step == "exp":
            y = (y * 0.0).exp()
        else:
            y = y * 1.0
            y.mul_(w)
    y.sum().backward()
    assert x.grad is not None
    del y


def test_training_loop_with_views_and_inplace_flat_without_gc():
    ps, x, y = _mlp_params()

    def step(i):
        h = F.linear(x, ps[0], ps[1])
        hv = h.view(-1)
        hv.mul_(1.0)
        h[:, 0].add_(0.0)
        h = h.t().t().relu()
        a, b = h.split(8, 1)
        h = cy.cat([a * 1, b], 1)
        h = F.relu(F.linear(h, ps[2], ps[3]))
        loss = F.cross_entropy(F.linear(h, ps[4], ps[5]), y)
        for p in ps:
            p.grad = None
        loss.backward()
        with cy.no_grad():
            for p in ps:
                p.view(-1).sub_(0.01 * p.grad.view(-1))

    growth, collected = _run_without_gc(step, 600)
    assert collected == 0
    assert growth < 64 * 1024, f"memory grew by {growth} bytes"


class _Square(cy.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * a

    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        return 2 * a * g


def test_training_loop_with_hooks_and_functions_flat_without_gc():
    """Hooks, retain_grad, custom Functions, saved-tensor hooks and anomaly
    mode's recorded stacks make no reference cycles."""
    ps, x, y = _mlp_params()
    seen = []

    def step(i):
        h = F.linear(x, ps[0], ps[1])
        h.retain_grad()
        h.register_hook(lambda g: g * 1.0)
        h.grad_fn.register_prehook(lambda go: None)
        h.grad_fn.register_hook(lambda gi, go: None)
        with cy.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: p):
            h = _Square.apply(F.relu(h))
        h = F.relu(F.linear(h, ps[2], ps[3]))
        with cy.autograd.set_detect_anomaly(i % 2 == 0):
            loss = F.cross_entropy(F.linear(h, ps[4], ps[5]), y)
        for p in ps:
            p.grad = None
        handle = ps[0].register_post_accumulate_grad_hook(lambda p: seen.append(1))
        loss.backward()
        handle.remove()
        with cy.no_grad():
            for p in ps:
                p.sub_(0.01 * p.grad)

    growth, collected = _run_without_gc(step, 400)
    assert collected == 0
    assert len(seen) == 401   # the first-use step too
    assert growth < 64 * 1024, f"memory grew by {growth} bytes"
