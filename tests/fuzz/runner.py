"""Runs generated programs on torch and cyautograd in long-lived worker
processes, compares their logs step by step, minimises diverging programs, and
records / loads torch's logs for machines without torch."""
import gzip
import hashlib
import json
import math
import os
import re
import select
import subprocess
import sys
import threading

from .gen import generate, script

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "torch_logs.json.gz")
TIMEOUT = 30.0          # seconds per program before a worker counts as hung
RECYCLE = 400           # programs per worker before a fresh one (bounds leaks)

# Tags of generator features whose divergences belonged to other engineers'
# parallel work; once excluded from the CI run, now all generated (an
# empty tuple). The CLI's --exclude still takes any of gen.KNOWN_TAGS.
DEFAULT_EXCLUDE = ()


class Worker:
    def __init__(self, module):
        self.module = module
        self.proc = None
        self.served = 0

    def start(self):
        env = dict(os.environ)
        # the worker must import the cyautograd this process runs (an
        # installed wheel, an in-place build, the sanitizer build), never the
        # unbuilt source folder that -m would put first on the path: -P drops
        # the current folder, and that cyautograd's folder goes before ROOT
        import cyautograd
        pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(cyautograd.__file__)))
        env["PYTHONPATH"] = os.pathsep.join(p for p in (pkg_parent, ROOT, env.get("PYTHONPATH", "")) if p)
        env.setdefault("OMP_NUM_THREADS", "1")
        self.proc = subprocess.Popen([sys.executable, "-P", "-m", "tests.fuzz.worker", self.module], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.served = 0
        line = self._read(120.0)
        if line is None or "ready" not in line:
            raise RuntimeError(f"worker for {self.module} did not start")

    def _read(self, timeout):
        fd = self.proc.stdout
        r, _, _ = select.select([fd], [], [], timeout)
        if not r:
            return None
        line = fd.readline()
        return line.decode() if line else ""

    def stop(self):
        if self.proc is not None:
            try:
                self.proc.kill()
            except OSError:
                pass
            self.proc.wait()
            for f in (self.proc.stdin, self.proc.stdout):
                try:
                    f.close()
                except OSError:
                    pass
            self.proc = None

    def run(self, steps, timeout=TIMEOUT, f64=False):
        """The program's log; f64: run it with float32 made float64 (the
        reference of NOTE [ Two valid roundings ])."""
        if self.proc is None or self.served >= RECYCLE:
            self.stop()
            self.start()
        self.served += 1
        req = {"steps": steps, "f64": True} if f64 else {"steps": steps}
        try:
            self.proc.stdin.write((json.dumps(req) + "\n").encode())
            self.proc.stdin.flush()
        except OSError:
            self.stop()
            return {"crash": "worker died (broken pipe)"}
        line = self._read(timeout)
        if line is None:
            self.stop()
            return {"crash": "hang (timeout)"}
        if line == "":
            rc = self.proc.wait()
            self.stop()
            return {"crash": f"worker died (exit {rc})"}
        return json.loads(line)


# -- comparison ----------------------------------------------------------------

def _close(a, b, scale, rtol=1e-4, atol=1e-5):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    return abs(a - b) <= atol + rtol * max(abs(a), abs(b), scale)


def same_values(a, b, tol=(1e-4, 1e-5)):
    if a == b:
        return True
    if not (isinstance(a, dict) and isinstance(b, dict)) or set(a) != set(b):
        return False
    rtol, atol = tol
    if "v" in a:
        if len(a["v"]) != len(b["v"]):
            return False
        return all(_close(x, y, 0.0, rtol, atol) for x, y in zip(a["v"], b["v"]))
    if a["n"] != b["n"]:
        return False
    scale = a["a"] if not isinstance(a["a"], str) else 0.0
    if not _close(a["a"], b["a"], 0.0, rtol, atol) or not _close(a["s"], b["s"], scale * 1e-2, rtol, atol):
        return False
    return all(_close(x, y, 0.0, rtol, atol) for x, y in zip(a["p"], b["p"]))


# NOTE [ Rounding downstream of BLAS products ]
# A float matrix product is a BLAS call on both sides (torch's MKL/OpenBLAS
# sgemm, numpy's OpenBLAS), and their kernels sum in different orders (block
# sizes, FMA): the results may differ in the last bit, which torch itself
# allows (torch.testing compares float32 matmuls with rtol 1.3e-6). An
# ill-conditioned op later in the program then amplifies that ulp: sin of a
# float32 exp near 1e5 turns a one-ulp difference into 2e-3 (seed 1557). No
# kernel of ours can reproduce every BLAS build's summation order, so the
# runner tracks which names hold values computed from a matrix product (the
# step that makes one, and every step reading such a name, taints what it
# touches) and compares only the float values of those names with
# INEXACT_TOL. Everything else -- shapes, dtypes, versions, grad_fn, views,
# exceptions, hooks, and the values of all other names -- stays exact.
INEXACT_TOL = (1e-2, 1e-2)
_BLAS_STEP = re.compile(r"@|\b(?:matmul|mm|bmm|mv|dot|linear|addmm|addmv|addbmm|baddbmm|einsum|tensordot|inner|outer)\(")
_NAME = re.compile(r"\b[A-Za-z_]\w*\b")


def inexact_names(steps):
    """For each step, the names whose float values derive from a BLAS
    product (NOTE [ Rounding downstream of BLAS products ])."""
    tainted = set()
    out = []
    for s in steps:
        code = s["code"]
        if _BLAS_STEP.search(code) or (tainted and not tainted.isdisjoint(_NAME.findall(code))):
            tainted.update(s["touch"])
        out.append(frozenset(tainted))
    return out


# NOTE [ Two valid roundings ]
# torch's float32 transcendental kernels are SLEEF's vectorised u10 ones
# (exp, log, sin, ...; a scalar tail through libm), numpy's are its own SIMD
# kernels or libm's: all valid roundings, which differ in the last bits
# (measured on 1e5 uniform inputs in [-2, 2]: torch's float32 exp is within
# 0.55 ulp of the exact value, numpy's within 2.1 ulp, and they differ on 39%
# of the inputs). Seed 6804: one float32 exp, then cumsum, a second exp to
# ~4800 and sin amplify such an ulp to 2e-3. Computing float32 exp through
# float64 would agree with torch on 99% of inputs but costs 2.8x (1e3
# elements) to 4.6x (1e6) numpy's float32 exp, and matching SLEEF bit for
# bit would need its polynomial in several numpy passes: both far past the
# 5% the op rows allow, and every other libm function would need the same.
# Widening the tolerance would hide real errors. So a value that differs
# beyond the tolerance is judged against a
# reference: torch's own run of the program with every float32 made float64
# (Worker.run(f64=True)). Ours is accepted when its largest error against
# the reference is within REF_FACTOR times torch's own largest error (plus
# the usual tolerance): two roundings of an ill-conditioned program, the
# one as far from the truth as the other. A real divergence -- a wrong
# formula, or a 1e-3 relative error in a well-conditioned program, where
# torch's own error is a float32 ulp -- is still reported
# (tests/test_fuzz.py::test_reference_accepts_roundings_not_errors). Only
# live torch can give a reference; against recorded logs values stay strict.
REF_FACTOR = 4.0


def _flat_values(fp):
    """The numbers of a fingerprint (worker.fingerprint), or None."""
    if not isinstance(fp, dict):
        return None
    vals = fp.get("v") if "v" in fp else [fp.get("s"), fp.get("a")] + list(fp.get("p", []))
    if vals is None or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in vals):
        return None
    return [float(x) for x in vals]


def rounding_only(want, got, ref, tol=(1e-4, 1e-5)):
    """NOTE [ Two valid roundings ]: whether fingerprint `got` is as close to
    the float64 reference `ref` as torch's `want` is (within REF_FACTOR)."""
    w, g, r = _flat_values(want), _flat_values(got), _flat_values(ref)
    if w is None or g is None or r is None or not (len(w) == len(g) == len(r)):
        return False
    if not all(map(math.isfinite, w + g + r)):
        return False
    rtol, atol = tol
    torch_err = max(abs(x - y) for x, y in zip(w, r))
    return all(abs(x - y) <= REF_FACTOR * torch_err + atol + rtol * abs(y) for x, y in zip(g, r))


_NUM = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+)(?:e[+-]?\d+)?")


def printed_rounding_only(want, got, ref):
    """NOTE [ Two valid roundings ], for printed tensors (repr/str): torch's
    formatter rounds each value to a few digits, so a last-bit difference
    between two valid roundings of a value can move the last printed digit.
    Accepted when the texts agree but for their numbers (the float64
    reference's text -- the same program with every float32 made float64,
    ", dtype=torch.float64" in it ignored -- too), and each of our numbers
    is within one unit of the last printed digit of both torch's and the
    reference's. The printed text cannot tell such a rounding from a
    formatter that rounds a half the other way; the formatter itself is
    held to torch's digits by its own differential sweep
    (cases_fuzz2.print_formatter_sweep), where values are identical."""
    if not isinstance(ref, str):
        return False
    ref = ref.replace(", dtype=torch.float64", "")
    sk = [_NUM.sub("#", x) for x in (want, got, ref)]
    if sk[0] != sk[1] or sk[0] != sk[2]:
        return False
    nw, ng, nr = (_NUM.findall(x) for x in (want, got, ref))
    if not (len(nw) == len(ng) == len(nr)):
        return False
    differs = False
    for w, g, r in zip(nw, ng, nr):
        if w == g:
            continue
        if "e" in w or "e" in g or "." not in w or len(w.split(".")[1]) != len(g.split(".")[1]):
            return False
        unit = 10.0 ** -len(w.split(".")[1])
        fw, fg, fr = float(w), float(g), float(r)
        if abs(fw - fg) > unit * 1.5:
            return False
        if abs(fg - fr) > unit * 1.5:
            return False
        differs = True
    return differs


def _walk(snap, path):
    for k in path:
        if isinstance(snap, dict) and not isinstance(k, int) and k in snap:
            snap = snap[k]
        elif isinstance(snap, list) and isinstance(k, int) and k < len(snap):
            snap = snap[k]
        else:
            return None
    return snap


def _diff(a, b, path, tol=(1e-4, 1e-5), ref=None):
    """First difference between two snapshot values, as (path, a, b), or None.
    ref: the float64 reference snapshot of the same name (NOTE [ Two valid
    roundings ]), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        if ("v" in a or "n" in a) and ("v" in b or "n" in b) and path and path[-1] == "val":
            if same_values(a, b, tol):
                return None
            if ref is not None and rounding_only(a, b, _walk(ref, path), tol):
                return None
            return (path, a, b)
        if "f" in a and "f" in b and len(a) == 1 and len(b) == 1:
            if _close(a["f"], b["f"], 0.0, *tol):
                return None
            r = _walk(ref, path) if ref is not None else None
            if isinstance(r, dict) and "f" in r and rounding_only({"v": [a["f"]]}, {"v": [b["f"]]}, {"v": [r["f"]]}, tol):
                return None   # NOTE [ Two valid roundings ]: a Python float (item(), float())
            return (path, a, b)
        if "str" in a and "str" in b and len(a) == 1 and len(b) == 1 and a != b:
            r = _walk(ref, path) if ref is not None else None
            if isinstance(r, dict) and printed_rounding_only(a["str"], b["str"], r.get("str")):
                return None
            return (path, a, b)
        if set(a) != set(b):
            return (path, a, b)
        for k in a:
            d = _diff(a[k], b[k], path + [k], tol, ref)
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return (path, a, b)
        for i, (x, y) in enumerate(zip(a, b)):
            d = _diff(x, y, path + [i], tol, ref)
            if d:
                return d
        return None
    return None if a == b else (path, a, b)


def compare(want, got, steps=None, reference=None):
    """First divergence between the torch result `want` and ours `got`:
    None, or a dict {step, name, field, torch, cya}. With the program's
    steps, names downstream of a BLAS product compare their float values
    with INEXACT_TOL (NOTE [ Rounding downstream of BLAS products ]).
    reference: torch's float64 run of the program (NOTE [ Two valid
    roundings ]), consulted where float values differ."""
    if "crash" in want:
        return {"step": -1, "name": "", "field": "torch-crash", "torch": want["crash"], "cya": None}
    if "crash" in got:
        return {"step": -1, "name": "", "field": "crash", "torch": None, "cya": got["crash"]}
    inexact = inexact_names(steps) if steps is not None else None
    ref_log = reference.get("log") if isinstance(reference, dict) else None
    for i, (w, g) in enumerate(zip(want["log"], got["log"])):
        if w[0] != g[0]:
            return {"step": i, "name": "", "field": "exception", "torch": w[0], "cya": g[0]}
        ref_snaps = ref_log[i][1] if ref_log is not None and i < len(ref_log) and ref_log[i][0] == w[0] else {}
        for name in w[1]:
            tol = INEXACT_TOL if inexact is not None and name in inexact[i] else (1e-4, 1e-5)
            d = _diff(w[1][name], g[1].get(name, "missing"), [], tol, ref_snaps.get(name))
            if d:
                field = ".".join(str(p) for p in d[0] if not isinstance(p, int)) or "value"
                return {"step": i, "name": name, "field": field, "torch": d[1], "cya": d[2]}
        d = _diff(w[2], g[2], [], ref=ref_log[i][2] if ref_snaps else None)
        if d:
            return {"step": i, "name": "", "field": "hooks", "torch": d[1], "cya": d[2]}
    if len(want["log"]) != len(got["log"]):
        return {"step": min(len(want["log"]), len(got["log"])), "name": "", "field": "length",
                "torch": len(want["log"]), "cya": len(got["log"])}
    return None


def is_value_div(div):
    """A divergence in float values (a .val field), which a float64
    reference may show to be two roundings (NOTE [ Two valid roundings ])."""
    return div is not None and div["step"] >= 0 and (div["field"] in ("hooks", "value", "str")
                                                     or div["field"].split(".")[-1] == "val")


def prog_hash(prog):
    h = hashlib.sha1()
    for s in prog["steps"]:
        h.update(s["code"].encode())
        h.update(b"\0")
        h.update(",".join(s["touch"]).encode())
        h.update(b"\1")
    return h.hexdigest()[:16]


def signature(prog, div):
    """A coarse class for a divergence: the op of the diverging step and the field."""
    if div["step"] < 0:
        return f"{div['field']}: {div['cya'] or div['torch']}"
    code = prog["steps"][div["step"]]["code"]
    op = _op_of(code)
    field = div["field"]
    if field == "exception":
        t, c = div["torch"], div["cya"]
        desc = f"torch {t[0] if t else 'ok'} vs cya {c[0] if c else 'ok'}"
        return f"{op} exception: {desc}"
    return f"{op} {field}"


def _op_of(code):
    import re
    last = code.strip().split("\n")[-1].strip()
    ctx = ""
    if code.startswith("with "):
        ctx = code.split(":")[0].replace("with T.", "") + "/"
    if re.match(r"^\w+\[.*\]\s*=", last):
        return ctx + "setitem"
    if ".data =" in last:
        return ctx + "data="
    m = re.search(r"\.(\w+)\(|T\.(\w+)\(|(@)|(\[)", last.split("=", 1)[-1] if "=" in last and "==" not in last else last)
    if m:
        return ctx + next(x for x in m.groups() if x)
    m = re.search(r"[-+*/]|\*\*", last)
    return ctx + (m.group(0) if m else "?")


# -- running many seeds -------------------------------------------------------

def load_golden():
    if not os.path.exists(GOLDEN):
        return {}
    with gzip.open(GOLDEN, "rt") as f:
        return json.load(f)


def save_golden(data):
    os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
    with gzip.open(GOLDEN, "wt", compresslevel=9) as f:
        json.dump(data, f, separators=(",", ":"), sort_keys=True)


def run_seeds(seeds, jobs=1, exclude=DEFAULT_EXCLUDE, torch_logs=None, record=False, on_result=None):
    """Run the seeds. torch_logs: {str(seed): {"h": hash, "log": ...}} to use
    instead of live torch. Returns {seed: (prog, divergence or None, torch_result)}."""
    seeds = list(seeds)
    results = {}
    lock = threading.Lock()
    it = iter(seeds)

    def loop():
        tw = None if torch_logs is not None else Worker("torch")
        cw = None if record else Worker("cyautograd")
        try:
            while True:
                with lock:
                    seed = next(it, None)
                if seed is None:
                    return
                prog = generate(seed, exclude)
                if torch_logs is not None:
                    rec = torch_logs.get(str(seed))
                    if rec is None or rec["h"] != prog_hash(prog):
                        want = {"crash": "no recorded torch log for this program (re-record)"}
                    else:
                        want = {"log": rec["log"]} if "log" in rec else {"crash": rec["crash"]}
                else:
                    want = tw.run(prog["steps"])
                div = None
                if cw is not None:
                    got = cw.run(prog["steps"])
                    div = compare(want, got, prog["steps"])
                    if tw is not None and is_value_div(div):
                        # NOTE [ Two valid roundings ]
                        div = compare(want, got, prog["steps"], tw.run(prog["steps"], f64=True))
                with lock:
                    results[seed] = (prog, div, want)
                    if on_result:
                        on_result(seed, prog, div)
        finally:
            for w in (tw, cw):
                if w is not None:
                    w.stop()

    threads = [threading.Thread(target=loop) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


# -- minimising ----------------------------------------------------------------

def _same_div(a, b, prog_a, prog_b):
    if a is None or b is None:
        return False
    if a["field"] != b["field"]:
        return False
    if a["step"] < 0 or b["step"] < 0:
        return a["step"] == b["step"]
    return prog_a["steps"][a["step"]]["code"] == prog_b["steps"][b["step"]]["code"]


def minimize(prog, div, tw=None, cw=None, want_fn=None):
    """Shrink `prog` to the fewest steps whose first divergence is the same
    step and field. Greedy chunk removal (delta debugging), then single steps."""
    own = tw is None
    tw = tw or Worker("torch")
    cw = cw or Worker("cyautograd")
    try:
        steps = prog["steps"][: div["step"] + 1] if div["step"] >= 0 else list(prog["steps"])

        def test(cand):
            p = {"seed": prog["seed"], "steps": cand}
            want, got = tw.run(cand), cw.run(cand)
            d = compare(want, got, cand)
            if is_value_div(d):
                d = compare(want, got, cand, tw.run(cand, f64=True))   # NOTE [ Two valid roundings ]
            return d if _same_div(d, div, p, prog) else None

        d0 = test(steps)
        if d0 is None:
            return prog, div
        cur_div = d0
        chunk = max(1, len(steps) // 2)
        while chunk >= 1:
            i = 0
            changed = False
            while i < len(steps):
                cand = steps[:i] + steps[i + chunk:]
                if cand:
                    d = test(cand)
                    if d is not None:
                        steps, cur_div, changed = cand, d, True
                        continue
                i += chunk
            if not changed:
                chunk //= 2
        # keep only the steps up to the diverging one
        if cur_div["step"] >= 0:
            steps = steps[: cur_div["step"] + 1]
        return {"seed": prog["seed"], "steps": steps}, cur_div
    finally:
        if own:
            tw.stop()
            cw.stop()


def repro_script(prog, div):
    last = prog["steps"][div["step"]] if div["step"] >= 0 else None
    show = None
    if last is not None and div["name"]:
        show = (f"# diverges at {div['name']}.{div['field']}: torch {json.dumps(div['torch'])[:200]} "
                f"vs cyautograd {json.dumps(div['cya'])[:200]}\n"
                f"print({div['name']!r}, {div['name']}.shape, {div['name']}.dtype, {div['name']}._version, "
                f"{div['name']}.grad_fn, {div['name']}.requires_grad, {div['name']}.is_leaf)")
    elif last is not None:
        show = (f"# diverges at step {div['step']} ({div['field']}): torch {json.dumps(div['torch'])[:300]} "
                f"vs cyautograd {json.dumps(div['cya'])[:300]}")
    return script(prog, "torch", show=show)


def fmt_div(div):
    return (f"step {div['step']} {div['name']} {div['field']}: torch={json.dumps(div['torch'])[:160]} "
            f"cya={json.dumps(div['cya'])[:160]}")


def isfinite(x):
    return isinstance(x, float) and math.isfinite(x)
