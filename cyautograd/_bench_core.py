"""Issue 2 benchmark: cyautograd against torch (and hand-written numpy) in one
run, interleaved, one thread each. Prints medians and ratios.

    python bench/bench_core.py [--quick]   (or: python -m cyautograd._bench_core)
"""
import argparse
import os
import statistics
import sys
import time

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

import numpy as np  # noqa: E402

import cyautograd as cy  # noqa: E402

try:
    import torch
    torch.set_num_threads(1)
except Exception:  # pragma: no cover
    torch = None


def timeit(fn, inner, repeat):
    """Median seconds per call over `repeat` samples of `inner` calls."""
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - t0) / inner)
    return statistics.median(samples)


def calibrate(fn, target=0.02):
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt > target or n > 1 << 20:
            return max(1, int(n * target / max(dt, 1e-9)))
        n *= 4


# -- workloads -------------------------------------------------------------------

def mul_with_grad(T):
    a = T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    b = T.tensor([0.5, 1.5, -1.0, 2.0], requires_grad=True)
    return lambda: a * b


def chain100(T):
    x = T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    w = T.tensor([0.999, 1.001, 0.998, 1.002])

    def run():
        y = x
        for i in range(50):
            y = y * w
            y = y + w
        y.sum().backward()
    return run


def mlp(T, batch, sizes, seed=0):
    rng = np.random.default_rng(seed)
    params = []
    for i in range(len(sizes) - 1):
        w = rng.standard_normal((sizes[i + 1], sizes[i])).astype(np.float32) / np.float32(np.sqrt(sizes[i]))
        b = np.zeros(sizes[i + 1], np.float32)
        params += [T.tensor(w, requires_grad=True), T.tensor(b, requires_grad=True)]
    x = T.tensor(rng.standard_normal((batch, sizes[0])).astype(np.float32))
    y = T.tensor(rng.integers(0, sizes[-1], batch))
    F = T.nn.functional
    lr = 0.01

    def step():
        h = x
        for i in range(0, len(params) - 2, 2):
            h = F.relu(F.linear(h, params[i], params[i + 1]))
        out = F.linear(h, params[-2], params[-1])
        loss = F.cross_entropy(out, y)
        for p in params:
            p.grad = None
        loss.backward()
        with T.no_grad():
            for p in params:
                p -= lr * p.grad
    return step


def mlp_numpy(batch, sizes, seed=0):
    """The same model, forward+backward+SGD written by hand in numpy."""
    rng = np.random.default_rng(seed)
    Ws, bs = [], []
    for i in range(len(sizes) - 1):
        Ws.append(rng.standard_normal((sizes[i + 1], sizes[i])).astype(np.float32) / np.float32(np.sqrt(sizes[i])))
        bs.append(np.zeros(sizes[i + 1], np.float32))
    x = rng.standard_normal((batch, sizes[0])).astype(np.float32)
    y = rng.integers(0, sizes[-1], batch)
    lr = np.float32(0.01)

    def step():
        hs = [x]
        h = x
        for i in range(len(Ws)):
            z = h @ Ws[i].T + bs[i]
            h = np.maximum(z, 0) if i < len(Ws) - 1 else z
            hs.append(h)
        m = h.max(1, keepdims=True)
        e = np.exp(h - m)
        p = e / e.sum(1, keepdims=True)
        g = p
        g[np.arange(batch), y] -= 1
        g /= batch
        for i in range(len(Ws) - 1, -1, -1):
            if i < len(Ws) - 1:
                g = g * (hs[i + 1] > 0)
            gW = g.T @ hs[i]
            gb = g.sum(0)
            g = g @ Ws[i]
            Ws[i] -= lr * gW
            bs[i] -= lr * gb
    return step


def add_plain(T):
    x = T.tensor([1.0, 2.0, 3.0, 4.0])
    return lambda: x.add_(1)


def sgd_update(T):
    p = T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    g = T.tensor([0.1, 0.2, 0.3, 0.4])
    lr = 0.01

    def run():
        with T.no_grad():
            p.sub_(lr * g)
    return run


def view_op(T, which, requires_grad=True):
    x = T.randn(4, 4, requires_grad=requires_grad)
    return {"select": lambda: x[0], "view": lambda: x.view(-1), "t": lambda: x.t()}[which]


def inplace_view_grad_fn(T):
    x = T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)

    def run():
        b = x * 1
        v = b[0]
        v.mul_(2)
        return b.grad_fn, v.grad_fn
    return run


def hooked_chain(T, retain=False):
    """Forward and backward through a 50-tensor chain, a hook (or
    retain_grad) on every tensor."""
    x = T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)

    def hook(g):
        return None

    def run():
        h = x
        for _ in range(50):
            h = h * 1.0001
            if retain:
                h.retain_grad()
            else:
                h.register_hook(hook)
        h.sum().backward()
    return run


def custom_function_call(T):
    class Scale(T.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    return lambda: Scale.apply(x)


def metadata_read(T, which):
    x = T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y = x * 2
    return {"version": lambda: y._version, "grad_fn": lambda: y.grad_fn,
            "leaf_grad_fn": lambda: x.grad_fn}[which]


ROWS = [
    ("a*b with grad, shape (4,)", mul_with_grad, None, 0.25),
    ("100-op chain fwd+bwd, shape (4,)", chain100, None, 0.34),
    ("MLP step 32x64-64-10", lambda T: mlp(T, 32, [64, 64, 10]), None, 0.5),
    ("MLP step 256x1024-1024-10", lambda T: mlp(T, 256, [1024, 1024, 10]),
     lambda: mlp_numpy(256, [1024, 1024, 10]), None),
    ("x.add_(1), plain shape (4,)", add_plain, None, 0.34),
    ("no_grad SGD p.sub_(lr*g)", sgd_update, None, 0.34),
    ("x[0], requires-grad (4,4) leaf", lambda T: view_op(T, "select"), None, 0.25),
    ("x.view(-1), requires-grad (4,4)", lambda T: view_op(T, "view"), None, 0.25),
    ("x.t(), requires-grad (4,4)", lambda T: view_op(T, "t"), None, 0.25),
    ("x[0], plain (4,4)", lambda T: view_op(T, "select", False), None, None),
    ("x.view(-1), plain (4,4)", lambda T: view_op(T, "view", False), None, None),
    ("x.t(), plain (4,4)", lambda T: view_op(T, "t", False), None, None),
    ("in-place on view + both grad_fn", inplace_view_grad_fn, None, 0.34),
    ("50-tensor chain, a hook on each, fwd+bwd", hooked_chain, None, 0.34),
    ("50-tensor chain, retain_grad each, fwd+bwd", lambda T: hooked_chain(T, True), None, None),
    ("custom Function call, with grad", custom_function_call, None, None),
    ("read y._version", lambda T: metadata_read(T, "version"), None, 0.5),
    ("read y.grad_fn (non-leaf)", lambda T: metadata_read(T, "grad_fn"), None, 0.5),
    ("read x.grad_fn (leaf)", lambda T: metadata_read(T, "leaf_grad_fn"), None, 0.5),
]


def _one_thread_or_reexec(argv):
    """numpy's BLAS reads its thread count when first loaded; if this process
    did not start with one thread, run the benchmark in one that does."""
    if os.environ.get("OPENBLAS_NUM_THREADS") == "1" or os.environ.get("_CYA_BENCH_CHILD"):
        return False
    import subprocess
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
               _CYA_BENCH_CHILD="1")
    # run from a neutral folder: from a source checkout, the working directory
    # on sys.path would shadow the installed (compiled) package
    import tempfile
    subprocess.run([sys.executable, "-m", "cyautograd._bench_core"] + list(argv), env=env,
                   check=True, cwd=tempfile.gettempdir())
    return True


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    if _one_thread_or_reexec(argv):
        return None
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="few repeats (smoke run)")
    ap.add_argument("--repeat", type=int, default=41)
    ap.add_argument("--filter", default="", help="only the rows whose name contains this text")
    args = ap.parse_args(argv)
    repeat = 3 if args.quick else args.repeat
    # the harness's own cost per call (a Python call of an empty closure),
    # measured the same way and taken off every figure, so that ratios
    # compare the libraries and not the loop around them
    nop = (lambda: None)
    floor = statistics.median([timeit(nop, calibrate(nop, 0.01), 1) for _ in range(repeat)])
    print(f"numpy {np.__version__}, torch {torch.__version__ if torch else 'not installed'}, "
          f"cyautograd {cy.__version__}; medians of {repeat}; "
          f"harness overhead {floor * 1e9:.0f} ns/call subtracted")
    hdr = f"{'workload':36s} {'cyautograd':>12s} {'torch':>12s} {'cy/torch':>9s} {'numpy':>12s} {'cy/numpy':>9s} {'target':>8s}"
    print(hdr)
    print("-" * len(hdr))
    results = []
    for name, make, make_np, target in ROWS:
        if args.filter not in name:
            continue
        fc = make(cy)
        ft = make(torch) if torch else None
        fnp = make_np() if make_np else None
        # short samples, many of them, interleaved: a burst of noise from the
        # machine's neighbours then spoils a few samples, not a whole figure
        inner = calibrate(fc, 0.01)
        tc, tt, tn = [], [], []
        for _ in range(repeat):  # interleave so both see the same conditions
            tc.append(timeit(fc, inner, 1))
            if ft:
                tt.append(timeit(ft, inner, 1))
            if fnp:
                tn.append(timeit(fnp, inner, 1))
        c = statistics.median(tc) - floor
        t = statistics.median(tt) - floor if tt else None
        n = statistics.median(tn) - floor if tn else None
        results.append((name, c, t, n))
        fmt = lambda v: f"{v * 1e6:10.2f}us" if v is not None else f"{'-':>12s}"
        r = f"{c / t:9.3f}" if t else f"{'-':>9s}"
        rn = f"{c / n:9.3f}" if n else f"{'-':>9s}"
        tg = f"{'<=' + str(target):>8s}" if target else (f"{'<=1.05np':>8s}" if n else "")
        print(f"{name:36s} {fmt(c)} {fmt(t)} {r} {fmt(n)} {rn} {tg}")
    return results


if __name__ == "__main__":
    main()
