"""Generated in-place ops between seeded random pairs of views of one
storage (issue 11 item 5): sizes past 256, zero-size, transposed, strided,
expanded and 0-d operands. Plain data in, plain data out, so that torch's
outcomes can be recorded (tests/record_golden.py) for torch-absent runs."""
import hashlib
import random

import numpy as np

import harness

N_GENERATED = 400
GEN_SEED = 20261203


def _recipe(rng, n_storage):
    """A view of a 1-D storage of n_storage elements: a contiguous block at
    `off` viewed as `shape`, then sliced, permuted, maybe expanded."""
    nd = rng.choice([1, 1, 2, 2, 3])
    big = rng.random() < 0.5
    dims = []
    budget = n_storage // 2
    for _ in range(nd):
        hi = max(1, int(budget ** (1.0 / nd)))
        if big and nd == 1 and budget >= 257:
            d = rng.randint(257, min(2000, budget))
        else:
            d = rng.randint(0 if rng.random() < 0.05 else 1, hi)
        dims.append(d)
    numel = int(np.prod(dims))
    off = rng.randint(0, max(0, n_storage - numel))
    slices = []
    for d in dims:
        if rng.random() < 0.3 and d > 1:
            step = rng.choice([1, 1, 2, 3])
            start = rng.randint(0, d - 1)
            slices.append([start, d, step])
        else:
            slices.append(None)
    perm = list(range(nd))
    if rng.random() < 0.3:
        rng.shuffle(perm)
    return {"off": off, "dims": dims, "slices": slices, "perm": perm, "expand": None}


def _strided_recipe(rng, n_storage, size=None):
    """An arbitrary as_strided geometry inside the storage (any stride,
    zero and overlapping ones included), every number below 256."""
    if size is None:
        size = [rng.randint(0, 6) for _ in range(rng.choice([0, 1, 2, 2, 3]))]
    nd = len(size)
    stride = [rng.choice([0, 1, 1, 2, 3, 5, 8, 13]) for _ in range(nd)]
    extent = sum((z - 1) * st for z, st in zip(size, stride) if z > 0)
    off = rng.randint(0, max(0, min(255, n_storage - 1 - extent)))
    return {"as_strided": [size, stride, off]}


def _build(T, base, r):
    if "as_strided" in r:
        size, stride, off = r["as_strided"]
        return base.as_strided(size, stride, off)
    numel = int(np.prod(r["dims"]))
    v = base[r["off"]:r["off"] + numel].view(*r["dims"])
    if any(s is not None for s in r["slices"]):
        v = v[tuple(slice(None) if s is None else slice(*s) for s in r["slices"])]
    if r["perm"] != list(range(len(r["dims"]))):
        v = v.permute(*r["perm"])
    if r["expand"] is not None:
        d, n = r["expand"]
        v = v.unsqueeze(d)
        shape = list(v.shape)
        shape[d] = n
        v = v.expand(*shape)
    return v


def _generated_case(i):
    rng = random.Random(GEN_SEED * 1000 + i)
    n_storage = rng.choice([16, 64, 300, 1000, 3000, 5000])
    a = _recipe(rng, n_storage)
    kind = rng.choice(["shift", "shift", "shift", "same", "transpose", "elem", "expand_out", "expand_in",
                       "strided", "strided"])
    b = dict(a, slices=list(a["slices"]), perm=list(a["perm"]))
    if kind == "shift":
        numel = int(np.prod(a["dims"]))
        span = max(1, numel)
        b["off"] = min(max(0, a["off"] + rng.randint(-span, span)), max(0, n_storage - numel))
    elif kind == "transpose":
        n = rng.randint(1, max(1, min(60, int((n_storage // 2) ** 0.5))))
        a = {"off": rng.randint(0, n_storage - n * n), "dims": [n, n], "slices": [None, None],
             "perm": [0, 1], "expand": None}
        b = dict(a, perm=[1, 0], off=min(n_storage - n * n, max(0, a["off"] + rng.randint(-2, 2))))
    elif kind == "elem":
        b = {"elem": rng.randint(0, n_storage - 1), "slice1": rng.random() < 0.5}
    elif kind == "expand_out":
        a = dict(a, expand=[rng.randint(0, len(a["dims"])), rng.choice([0, 1, 2, 300])])
        b = {"elem": rng.randint(0, n_storage - 1), "slice1": False}
    elif kind == "strided":
        n_storage = 200
        a = _strided_recipe(rng, n_storage)
        # half of them with a's sizes: compared rather than broadcast
        b = _strided_recipe(rng, n_storage, list(a["as_strided"][0]) if rng.random() < 0.5 else None)
        if extent_of(b) >= n_storage:
            b = {"elem": 0, "slice1": True}
    elif kind == "expand_in":
        # a size-1 leading dim on both: still dense, still compared
        numel = int(np.prod(a["dims"]))
        a = dict(a, expand=[0, 1])
        b = dict(a, off=min(max(0, a["off"] + rng.randint(-numel, numel)), max(0, n_storage - numel)))
    op = rng.choice(["add_", "mul_", "sub_", "copy_", "setitem", "iadd"])
    return {"n": n_storage, "a": a, "b": b, "op": op, "kind": kind}


def extent_of(r):
    size, stride, off = r["as_strided"]
    return off + sum((z - 1) * st for z, st in zip(size, stride) if z > 0)


def _run_generated(T, c):
    base = T.arange(c["n"], dtype=T.float64)
    a = _build(T, base, c["a"])
    if "elem" in c["b"]:
        j = c["b"]["elem"]
        b = base[j:j + 1] if c["b"]["slice1"] else base[j]
    else:
        b = _build(T, base, c["b"])
    op = c["op"]
    try:
        if op == "setitem":
            a[...] = b
        elif op == "iadd":
            a += b
        else:
            getattr(a, op)(b)
        r = "ok"
    except Exception as e:  # noqa: BLE001 - the error is the observable
        r = [type(e).__name__, harness.normalize_msg(str(e))]
    arr = base.detach().numpy()
    return {"r": r, "version": base._version, "md5": hashlib.md5(np.ascontiguousarray(arr).tobytes()).hexdigest()}, a, b



def record_generated(T):
    return {str(i): _run_generated(T, _generated_case(i))[0] for i in range(N_GENERATED)}
