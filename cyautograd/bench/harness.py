"""Timing: calibrated inner loops, interleaved samples, robust statistics,
and a description of the machine.

A workload is a statement (a string run in a namespace, so that a metadata
read is timed without a function call around it) or a callable. Each is
compiled into a plain `for` loop; the cost of the empty loop (for statements)
or of calling an empty function (for callables) is measured the same way and
taken off, so figures compare libraries rather than the loop around them.
"""
import os
import platform
import statistics
import sys
import time


class Workload:
    """`stmt` run in `ns` (a dict of names it uses)."""
    __slots__ = ("stmt", "ns", "loop")

    def __init__(self, stmt, ns):
        self.stmt = stmt
        self.ns = dict(ns)
        # names from ns are globals of the loop (so `a += 1` updates ns);
        # names the statement binds itself are fast locals
        glob = ("    global " + ", ".join(sorted(self.ns)) + "\n") if self.ns else ""
        src = "def _loop(_n):\n" + glob + "    for _ in range(_n):\n" + "".join(
            "        " + line + "\n" for line in stmt.splitlines())
        exec(compile(src, "<bench:" + stmt.splitlines()[0] + ">", "exec"), self.ns)
        self.loop = self.ns["_loop"]

    @classmethod
    def of(cls, obj):
        if obj is None or isinstance(obj, Workload):
            return obj
        if callable(obj):
            return cls("_f()", {"_f": obj})
        stmt, ns = obj
        return cls(stmt, ns)

    @property
    def is_call(self):
        return self.stmt == "_f()"

    def sample(self, n):
        """Seconds per iteration over n iterations."""
        t0 = time.perf_counter()
        self.loop(n)
        return (time.perf_counter() - t0) / n


def calibrate(w, target):
    """Iterations that make one sample last about `target` seconds."""
    w.sample(1)  # warm-up (first-call costs, caches)
    n = 1
    while True:
        dt = w.sample(n) * n
        if dt >= target / 4 or n >= 1 << 22:
            return max(1, int(n * target / max(dt, 1e-9)))
        n *= 4


def summarize(samples, overhead=0.0):
    """Median, quartiles, min and max of per-iteration times, net of the
    harness's own overhead. The overhead is itself a noisy estimate: on a
    loaded machine it can exceed a sample of a few-nanosecond workload, so a
    net time never drops below 5% of its gross sample (a positive time keeps
    every ratio defined)."""
    xs = sorted(max(s - overhead, 0.05 * s) for s in samples)
    if len(xs) >= 4:
        q1, _, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    else:
        q1, q3 = xs[0], xs[-1]
    return {"median": statistics.median(xs), "q1": q1, "q3": q3, "min": xs[0], "max": xs[-1],
            "samples": len(xs)}


def measure(workloads, repeat, sample_time, overheads):
    """Time the workloads {label: Workload} interleaved: every round takes
    one sample of each, so a burst of noise from the machine's neighbours
    spoils a few samples of every library rather than all of one."""
    inner = {k: calibrate(w, sample_time) for k, w in workloads.items()}
    samples = {k: [] for k in workloads}
    for _ in range(repeat):
        for k, w in workloads.items():
            samples[k].append(w.sample(inner[k]))
    out = {}
    for k, w in workloads.items():
        s = summarize(samples[k], overheads["call" if w.is_call else "loop"])
        s["inner"] = inner[k]
        out[k] = s
    return out


def harness_overheads(repeat, sample_time):
    """The empty loop and the empty call, timed like any workload."""
    ws = {"loop": Workload("pass", {}), "call": Workload.of(lambda: None)}
    res = measure(ws, max(repeat, 5), sample_time, {"loop": 0.0, "call": 0.0})
    return {k: v["median"] for k, v in res.items()}


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _blas(np):
    try:
        cfg = np.show_config(mode="dicts")
        b = cfg["Build Dependencies"]["blas"]
        return f"{b.get('name', '?')} {b.get('version', '')}".strip()
    except Exception:
        return "unknown"


def _version(mod):
    if mod is None:
        return None
    v = getattr(mod, "__version__", None)
    if v is None:
        try:
            from importlib.metadata import version
            v = version(mod.__name__)
        except Exception:
            v = "?"
    return str(v)


def describe_machine(np, libs):
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    d = {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "numpy": np.__version__,
        "blas": _blas(np),
        "threads": {k: os.environ.get(k) for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS",
                                                  "MKL_NUM_THREADS")},
    }
    for name, mod in libs.items():
        d[name] = _version(mod) if mod is not None else _installed_version(name)
    return d


def _installed_version(name):
    """The version of a distribution that is installed but was not loaded."""
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:
        return None
