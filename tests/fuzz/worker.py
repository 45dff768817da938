"""A long-lived worker: runs programs on one module (torch or cyautograd) and
writes, per program, the log of what every step did.

Protocol: one JSON object per line on stdin ({"steps": [...]}), one JSON log
per line on the original stdout (the program's own prints go to stderr).

Log of a program: a list with one entry per step, [exc, snaps, hooks]:
  exc   -- None, or [exception type name, normalised message]
  snaps -- {name: snapshot} for every variable the step touches
  hooks -- [[tag, fingerprint of the gradient], ...] hook calls in the step
"""
import importlib
import json
import math
import os
import re
import sys
import warnings

import numpy as np

from .gen import PRELUDE

_ADDR = re.compile(r"0x[0-9a-fA-F]+")


def norm(msg):
    msg = str(msg).replace("torch::", "cyautograd::").replace("torch.", "cyautograd.")
    # Python's own messages name a type by tp_name: torch's 'Tensor', ours
    # 'cyautograd.Tensor' (its module is cyautograd, issue 15 item 7)
    msg = msg.replace("'cyautograd.Tensor'", "'Tensor'")
    return _ADDR.sub("0x?", msg).strip()


def num(v):
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return float(f"{v:.7g}")


def fingerprint(arr):
    """Values of an array, whole when small, else count, sum, |sum| and a sample."""
    arr = np.asarray(arr)
    flat = arr.reshape(-1)
    if arr.dtype.kind == "f":
        conv = num
    elif arr.dtype.kind == "b":
        conv = bool
    else:
        conv = int
    if flat.size <= 24:
        return {"v": [conv(x) for x in flat.tolist()]}
    f64 = flat.astype(np.float64)
    with np.errstate(all="ignore"):
        out = {"n": int(flat.size), "s": num(f64.sum()), "a": num(np.abs(f64).sum())}
    out["p"] = [conv(flat[i * flat.size // 12]) for i in range(12)]
    return out


def _field(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the exception is the observable
        return "!" + type(e).__name__ + ": " + norm(e)


def _tensor_values(t):
    return fingerprint(t.detach().numpy())


class Snapshotter:
    def __init__(self, T):
        self.T = T

    def snap(self, x, ids, depth=0):
        T = self.T
        if isinstance(x, T.Tensor):
            return self.tensor(x, ids)
        if isinstance(x, (tuple, list)) and depth < 2:
            if len(x) > 12:
                return {"seq": len(x)}
            return {"seq": [self.snap(y, ids, depth + 1) for y in x]}
        if isinstance(x, (bool, np.bool_)):
            return bool(x)
        if isinstance(x, (int, np.integer)):
            return int(x)
        if isinstance(x, (float, np.floating)):
            return {"f": num(x)}
        if x is None:
            return None
        if isinstance(x, str):
            return {"str": norm(x)}
        return {"type": type(x).__name__}

    def tensor(self, t, ids):
        def base():
            b = t._base
            if b is None:
                return None
            return ids.get(id(b), "?")

        def gfn():
            g = t.grad_fn
            return None if g is None else type(g).__name__

        def gname():
            g = t.grad_fn
            return None if g is None else norm(g.name())

        def grad():
            g = t.grad
            if g is None:
                return None
            return {"sh": list(g.shape), "dt": norm(g.dtype), "val": _tensor_values(g)}

        return {
            "sh": _field(lambda: list(t.shape)),
            "dt": _field(lambda: norm(t.dtype)),
            "ver": _field(lambda: t._version),
            "leaf": _field(lambda: bool(t.is_leaf)),
            "rg": _field(lambda: bool(t.requires_grad)),
            "gf": _field(gfn),
            "gn": _field(gname),
            "vw": _field(lambda: bool(t._is_view())),
            "base": _field(base),
            "val": _field(lambda: _tensor_values(t)),
            "grad": _field(grad),
            "rgr": _field(lambda: bool(t.retains_grad)),
        }


def run_program(T, steps):
    ns = {"T": T, "__name__": "fuzzprog"}
    exec(compile(PRELUDE, "<prelude>", "exec"), ns)
    snapper = Snapshotter(T)
    log = []
    for i, step in enumerate(steps):
        ns["H"].clear()
        exc = None
        try:
            exec(compile(step["code"], f"<step {i}>", "exec"), ns)
        except Exception as e:  # noqa: BLE001 - the exception is the observable
            exc = [type(e).__name__, norm(e)]
        ids = {id(v): k for k, v in ns.items() if isinstance(v, T.Tensor)}
        snaps = {}
        for name in step["touch"]:
            if name in ns:
                snaps[name] = snapper.snap(ns[name], ids)
            else:
                snaps[name] = "undefined"
        hooks = [[tag, _field(lambda g=g: {"sh": list(g.shape), "dt": norm(g.dtype), "val": _tensor_values(g)})]
                 for tag, g in ns["H"]]
        log.append([exc, snaps, hooks])
    return log


def as_float64(steps):
    """The program with every float32 made float64 (NOTE [ Two valid
    roundings ] in runner.py): mk's dtype, .float(), T.float32, and the
    default dtype the caller sets."""
    out = []
    for st in steps:
        code = st["code"].replace("'float32'", "'float64'").replace("T.float32", "T.float64")
        out.append(dict(st, code=code.replace(".float()", ".double()")))
    return out


def main(modname):
    proto = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    warnings.simplefilter("ignore")
    T = importlib.import_module(modname)
    # one intra-op thread on both sides: an in-place write that reads memory
    # it writes has one answer then (NOTE [ Sequential in-place writes ])
    T.set_num_threads(1)
    proto.write(json.dumps({"ready": modname}) + "\n")
    proto.flush()
    for line in sys.stdin:
        req = json.loads(line)
        T.set_grad_enabled(True)
        f64 = bool(req.get("f64"))
        try:
            if f64:
                T.set_default_dtype(T.float64)
            log = run_program(T, as_float64(req["steps"]) if f64 else req["steps"])
            out = {"log": log}
        except BaseException as e:  # noqa: BLE001 - report, keep serving
            out = {"crash": "worker error: " + type(e).__name__ + ": " + norm(e)}
        finally:
            if f64:
                T.set_default_dtype(T.float32)
        proto.write(json.dumps(out, separators=(",", ":")) + "\n")
        proto.flush()


if __name__ == "__main__":
    main(sys.argv[1])
