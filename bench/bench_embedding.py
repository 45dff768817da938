"""Issue 5 benchmark: the downstream example (tests/downstream) built against
the installed cyautograd, against the same work done with built-in ops: the
fused GELU (tanh form; nine built-in ops), the fused a*b+c (two), and the
C-level metadata loop.

    python bench/bench_embedding.py [--repeat N]

Builds the example into a temporary folder first (pip, no build isolation;
needs Cython), then prints medians of interleaved samples.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
HERE = os.path.dirname(os.path.abspath(__file__))


def build_downstream(work):
    src = os.path.join(work, "src")
    shutil.copytree(os.path.join(HERE, "..", "tests", "downstream"), src)
    site = os.path.join(work, "site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "-q",
                    "-t", site, os.path.abspath(src)], cwd=work, check=True)
    sys.path.insert(0, site)


def sample(fn, inner):
    t0 = time.perf_counter()
    for _ in range(inner):
        fn()
    return (time.perf_counter() - t0) / inner


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=41)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        os.chdir(work)  # a source checkout on sys.path must not shadow the installed package
        build_downstream(work)
        import cyautograd as cy
        import cya_fused as F

        a = cy.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
        b = cy.tensor([0.5, 1.5, -1.0, 2.0], requires_grad=True)
        c = cy.tensor([0.1, 0.2, 0.3, 0.4], requires_grad=True)
        g = cy.ones(4)
        u = cy.tensor([1.0, -2.0, 0.3, 4.0], requires_grad=True)
        K, A = 0.7978845608028654, 0.044715
        ts = [cy.ones(4) for _ in range(100)]
        rows = [
            ("gelu_tanh fwd+bwd, shape (4,)", lambda: F.gelu_tanh(u).backward(g),
             "same in 9 built-in ops, fwd+bwd", lambda: (0.5 * u * (1.0 + (K * (u + A * u * u * u)).tanh())).backward(g)),
            ("gelu_tanh forward only", lambda: F.gelu_tanh(u),
             "same in 9 built-in ops, forward", lambda: 0.5 * u * (1.0 + (K * (u + A * u * u * u)).tanh())),
            ("fused_mul_add fwd+bwd, shape (4,)", lambda: F.fused_mul_add(a, b, c).backward(g),
             "a*b+c fwd+bwd (built-in ops)", lambda: (a * b + c).backward(g)),
            ("fused_mul_add forward only", lambda: F.fused_mul_add(a, b, c),
             "a*b+c forward (built-in ops)", lambda: a * b + c),
            ("sum of 100 _version, C loop", lambda: F.sum_versions(ts),
             "sum of 100 _version, Python", lambda: sum([t._version for t in ts])),
        ]
        print(f"cyautograd {cy.__version__}; medians of {args.repeat} interleaved samples")
        print(f"{'workload':36s} {'time':>10s}   {'baseline':32s} {'time':>10s} {'ratio':>7s}")
        for name, f, bname, bf in rows:
            inner = max(1, int(0.01 / max(sample(f, 200) , 1e-9)))
            x, y = [], []
            for _ in range(args.repeat):
                x.append(sample(f, inner))
                y.append(sample(bf, inner))
            mx, my = statistics.median(x), statistics.median(y)
            print(f"{name:36s} {mx * 1e6:8.2f}us   {bname:32s} {my * 1e6:8.2f}us {mx / my:7.3f}")


if __name__ == "__main__":
    main()
