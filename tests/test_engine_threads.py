"""Backward calls that overlap: from two threads (one runs while the other
waits without the GIL) and from a hook (reentrant). Each execution keeps
its own dependency counts and buffers (NOTE [ Engine ] in engine.pyx), so
gradients are those of each backward, summed into the shared leaf."""
import threading
import time

import pytest

import cyautograd as cy

try:
    import torch
except ImportError:  # pragma: no cover
    torch = None

LIBS = [cy] + ([torch] if torch is not None else [])


def _slow_backward(T, x, scale_in, scale_out, started, delay, log, name):
    y = x * scale_in

    def hook(g):
        started.set()
        time.sleep(delay)     # releases the GIL: the other thread's backward runs meanwhile
        log.append(name)
        return g

    y.register_hook(hook)
    (y * scale_out).sum().backward()


@pytest.mark.parametrize("T", LIBS, ids=lambda T: T.__name__)
def test_overlapping_backward_from_two_threads(T):
    x = T.ones(3, requires_grad=True)
    a_started, b_started = threading.Event(), threading.Event()
    log = []
    errors = []

    def run(*args):
        try:
            _slow_backward(T, x, *args)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    a = threading.Thread(target=run, args=(2.0, 3.0, a_started, 0.3, log, "a"))
    b = threading.Thread(target=run, args=(5.0, 7.0, b_started, 0.6, log, "b"))
    a.start()
    assert a_started.wait(5)          # a has counted x's AccumulateGrad and sleeps in its hook
    b.start()                         # b counts the same AccumulateGrad and sleeps longer:
    a.join(10)                        # a delivers to it and finishes while b still runs
    b.join(10)
    assert not errors, errors
    assert log == ["a", "b"]
    assert x.grad.tolist() == [41.0, 41.0, 41.0]   # 2*3 + 5*7


@pytest.mark.parametrize("T", LIBS, ids=lambda T: T.__name__)
def test_many_threads_sharing_parameters(T):
    """Hogwild-style: every thread builds its own graph on shared leaves."""
    w = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    n_threads, steps = 4, 50
    errors = []

    def work(k):
        try:
            for _ in range(steps):
                (w * float(k)).sum().backward()
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(1, n_threads + 1)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(30)
    assert not errors, errors
    total = steps * sum(range(1, n_threads + 1))
    assert w.grad.tolist() == [float(total)] * 3


@pytest.mark.parametrize("T", LIBS, ids=lambda T: T.__name__)
def test_threads_accumulating_large_gradients(T):
    """numpy adds large arrays without the GIL: accumulating into one .grad
    from several threads must still lose nothing (torch locks AccumulateGrad)."""
    n = 1 << 20
    w = T.zeros(n, requires_grad=True)
    g = T.ones(n)
    steps, n_threads = 20, 4
    errors = []

    def work():
        try:
            for _ in range(steps):
                (w * 1.0).backward(g)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    ts = [threading.Thread(target=work) for _ in range(n_threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(60)
    assert not errors, errors
    assert float(w.grad.min()) == float(w.grad.max()) == float(steps * n_threads)
