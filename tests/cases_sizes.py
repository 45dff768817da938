"""Views, in-place ops on views and strided geometry at real sizes (issue 11):
0 to 2,000 per dimension and 10^6-element tensors, so that paths which only
show past CPython's small-int cache (257+), numpy's small-array fast paths or
cache sizes run. Shapes and op parameters are generated from a fixed seed.
Large results are reduced to a summary (shape, moving strides, offset, and
two checksums -- a plain and a position-weighted sum) rather than all values;
values are multiples of 1/4 in float64, so the sums are exact on both sides.
"""
import random

import numpy as np

CASES = {}


def _vals(shape):
    n = int(np.prod(shape)) if len(shape) else 1
    return ((np.arange(n) % 97) * 0.25 - 12.0).reshape(shape)


def summ(t):
    """A checksum summary of a tensor (or None)."""
    if t is None:
        return None
    a = np.asarray(t.detach().numpy(), dtype=np.float64).reshape(-1)
    w = np.arange(a.size) % 17 + 1.0
    r = {"shape": list(t.shape), "sum": float(a.sum()), "wsum": float((a * w).sum()),
         "dtype": str(t.dtype).split(".")[-1]}
    if a.size:
        # an empty tensor's strides and offset are not compared: numpy keeps
        # its own convention for them (see the report on issue 11)
        r.update(stride=[s for s, n in zip(t.stride(), t.shape) if n > 1], offset=t.storage_offset())
    return r


def gname(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__


def attempt(f):
    try:
        return {"ok": f()}
    except Exception as e:  # noqa: BLE001 - errors are observables
        return {"raises": type(e).__name__, "msg": str(e).split("\n")[0].replace("torch.", "cyautograd.")}


# ---- view ops, their parameters chosen from the shape ----------------------

def _make_op(kind, shape, rng):
    """(description, fn) of a view op valid-ish for `shape` (errors are fine:
    they are compared too)."""
    nd = len(shape)
    if kind == "slice":
        n0 = shape[0]
        a = rng.randint(0, max(n0, 0))
        b = rng.randint(a, n0) if n0 else 0
        st = rng.choice([1, 1, 2, 3, 7])
        return f"[{a}:{b}:{st}]", lambda t: t[a:b:st]
    if kind == "slice_last":
        n = shape[-1]
        a = rng.randint(0, n)
        b = rng.randint(a, n)
        return f"[..., {a}:{b}]", lambda t: t[..., a:b]
    if kind == "select":
        i = rng.randint(-shape[0], shape[0] - 1) if shape[0] else 0
        return f"[{i}]", lambda t: t[i]
    if kind == "transpose":
        return "transpose(0,-1)", lambda t: t.transpose(0, -1)
    if kind == "unfold":
        d = rng.randrange(nd)
        n = shape[d]
        size = rng.randint(0, min(n, 600))
        # windows that do not overlap: an in-place op on overlapping windows
        # is order-dependent in torch (read-only overlap: big_unfold_* below)
        step = max(1, size) + rng.choice([0, 1, 257, 300, n // 3, 10 ** 12])
        return f"unfold({d},{size},{step})", lambda t: t.unfold(d, size, step)
    if kind == "diagonal":
        off = rng.randint(-shape[0], shape[1]) if nd >= 2 else 0
        return f"diagonal({off})", lambda t: t.diagonal(off)
    if kind == "as_strided":
        numel = int(np.prod(shape))
        if numel == 0:
            return "as_strided((0,),(1,),0)", lambda t: t.as_strided((0,), (1,), 0)
        c = rng.randint(1, min(numel, 2000))
        s0 = rng.randint(c, max(c, min(numel, 3000)))      # rows never overlap
        r = rng.randint(1, max(1, (numel - c) // s0 + 1))
        off = rng.randint(0, numel - ((r - 1) * s0 + c))
        return (f"as_strided(({r},{c}),({s0},1),{off})",
                lambda t: t.as_strided((r, c), (s0, 1), off))
    if kind == "view":
        return "view(-1)", lambda t: t.view(-1)
    if kind == "reshape_split":
        n0 = shape[0]
        k = next((k for k in (2, 3, 5, 7) if n0 % k == 0), 1)
        rest = tuple(shape[1:])
        return f"view({k},-1,...)", lambda t: t.view((k, -1) + rest)
    if kind == "unsqueeze":
        d = rng.randint(-nd - 1, nd)
        return f"unsqueeze({d})", lambda t: t.unsqueeze(d)
    if kind == "movedim":
        return "movedim(0,-1)", lambda t: t.movedim(0, -1)
    if kind == "narrow":
        d = rng.randrange(nd)
        n = shape[d]
        s = rng.randint(0, n)
        ln = rng.randint(0, n - s)
        return f"narrow({d},{s},{ln})", lambda t: t.narrow(d, s, ln)
    raise AssertionError(kind)


KINDS_2D = ["slice", "slice_last", "select", "transpose", "unfold", "diagonal", "as_strided", "view",
            "reshape_split", "unsqueeze", "movedim", "narrow"]
KINDS_ND = ["slice", "slice_last", "select", "transpose", "unfold", "as_strided", "view", "unsqueeze",
            "movedim", "narrow"]
DIMS = [0, 1, 2, 3, 17, 255, 256, 257, 300, 511, 1000, 1999, 2000]


def _shape(rng, nd, cap):
    while True:
        s = tuple(rng.choice(DIMS) if rng.random() < 0.6 else rng.randint(0, 2000) for _ in range(nd))
        if int(np.prod(s)) <= cap:
            return s


def _scenario(shape, desc, op):
    def f(T):
        leaf = T.tensor(_vals(shape), requires_grad=True)
        base = leaf * 1
        r = attempt(lambda: op(base))
        if "raises" in r:
            return r
        v = r["ok"]
        out = {"view": summ(v), "view_fn": gname(v), "base_version": base._version}
        # in place on the view: the base's grad_fn becomes CopySlices and the
        # view's is regenerated (AsStridedBackward0 or a replayed view op)
        res = attempt(lambda: (v.mul_(2.0), v.add_(1.5)))
        out["inplace"] = None if "ok" in res else res
        out.update(view_after=summ(v), view_fn_after=gname(v), base_fn_after=gname(base),
                   base_version_after=base._version, view_version_after=v._version, base_after=summ(base))
        w = T.tensor(np.arange(int(np.prod(shape))).reshape(shape) % 5 - 2.0)
        (base * w).sum().backward()
        out["leaf_grad"] = summ(leaf.grad)
        # a second graph through the view only (its own backward formula)
        leaf.grad = None
        base2 = leaf * 1
        v2 = op(base2)
        (v2 * v2).sum().backward()
        out["leaf_grad_view_only"] = summ(leaf.grad)
        return out
    f.__doc__ = f"{shape} {desc}"
    return f


def _generate():
    rng = random.Random(11)
    for i in range(30):
        nd = 2 if i < 18 else rng.choice([1, 3])
        kinds = KINDS_2D if nd == 2 else [k for k in KINDS_ND if nd > 1 or k not in ("transpose", "movedim")]
        shape = _shape(rng, nd, 600_000)
        kind = kinds[i % len(kinds)] if nd == 2 else rng.choice(kinds)
        desc, op = _make_op(kind, shape, rng)
        CASES[f"gen{i:02d}_{kind}"] = _scenario(shape, desc, op)
    # 10^6 elements, the same scenario per op
    for kind in ["slice", "select", "transpose", "unfold", "diagonal", "as_strided", "view", "narrow"]:
        desc, op = _make_op(kind, (1000, 1000), rng)
        CASES[f"big1e6_{kind}"] = _scenario((1000, 1000), desc, op)
    desc, op = _make_op("unfold", (10 ** 6,), rng)
    CASES["big1e6_1d_unfold"] = _scenario((10 ** 6,), desc, op)


_generate()


def _case(fn):
    CASES[fn.__name__] = fn
    return fn


@_case
def big1e6_inplace_on_half_columns(T):
    """A 10^6-element hidden layer updated in place through a view of half
    its columns, five times (the loop that corrupted the heap)."""
    w = T.tensor(_vals((50, 1000)) / 16, requires_grad=True)
    x = T.tensor(_vals((1000, 50)) / 16)
    for _ in range(5):
        h = x @ w
        h[:, :500].mul_(0.5)
        h[:, 257:300].add_(1.0)
        loss = (h * h).sum()
        loss.backward()
    return [gname(h), h._version, summ(h), summ(w.grad)]


@_case
def big_unfold_sizes_past_small_ints(T):
    x = T.tensor(_vals((5000,)), requires_grad=True)
    out = []
    for size, step in [(257, 1), (300, 300), (1000, 999), (2000, 257), (5000, 10 ** 12)]:
        y = x.unfold(0, size, step)
        out.append([summ(y), gname(y)])
    (x.unfold(0, 300, 7) * 2).sum().backward()
    out.append(summ(x.grad))
    return out


@_case
def big_expand_and_view_geometry(T):
    x = T.tensor(_vals((1, 2000)), requires_grad=True)
    e = x.expand(500, 2000)
    v = e.reshape(-1)[:700_000:3]
    (v * 2).sum().backward()
    return [summ(e), gname(e), summ(v), gname(v), summ(x.grad)]
