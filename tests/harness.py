"""Differential harness: run one snippet against torch and cyautograd and
reduce each result to plain data (values, dtypes, versions, grad_fn names,
error type and text) so the two can be compared, or the torch side recorded
as golden data for machines without torch."""
import json
import math
import os

import numpy as np

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "golden")

# NOTE [ Which torch is the specification ]
# The golden data was recorded from the torch that .ci/constraints.txt pins
# (SPEC_TORCH), and live comparisons hold us to the same release: another
# release words some errors differently (torch 2.11 says "output 0 of
# ExpBackward0" where 2.13 says "of Exp"), so comparing with it would test
# torch's history, not us. With another release installed (the GPU machine
# has 2.11), the live tests skip and the golden-data tests run, as on a
# machine without torch; CYAUTOGRAD_LIVE_TORCH=1 compares with it anyway.
SPEC_TORCH = "2.13."
try:
    import torch as _torch
    HAVE_TORCH = (_torch.__version__.startswith(SPEC_TORCH)
                  or os.environ.get("CYAUTOGRAD_LIVE_TORCH") == "1")
    if not HAVE_TORCH:
        _torch = None
except Exception:  # pragma: no cover - torch is optional
    _torch = None
    HAVE_TORCH = False


def torch_module():
    if _torch is not None:
        _torch.set_num_threads(1)
    return _torch


def normalize_msg(msg):
    # Python's own messages name a type by tp_name: torch's is 'Tensor', ours
    # 'cyautograd.Tensor' (its module is cyautograd, issue 15 item 7)
    return msg.replace("torch.", "cyautograd.").replace("at::", "").replace(
        "'cyautograd.Tensor'", "'Tensor'").strip()


def plain(x, T):
    """Reduce a result to JSON-able data."""
    if isinstance(x, T.Tensor):
        arr = x.detach().cpu().numpy() if hasattr(x, "cpu") else x.detach().numpy()
        d = {"t": _vals(arr), "dtype": str(x.dtype).split(".")[-1], "shape": list(x.shape),
             "requires_grad": bool(x.requires_grad), "is_leaf": bool(x.is_leaf),
             "grad_fn": None if x.grad_fn is None else type(x.grad_fn).__name__}
        return d
    if isinstance(x, (list, tuple)):
        return [plain(y, T) for y in x]
    if isinstance(x, dict):
        return {k: plain(v, T) for k, v in x.items()}
    if isinstance(x, T.dtype):
        return "dtype:" + str(x).split(".")[-1]
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return _f(float(x))
    if x is None:
        return x
    if isinstance(x, str):
        return normalize_msg(x)
    if hasattr(x, "name") and callable(getattr(x, "name")) and hasattr(x, "next_functions"):
        return "node:" + type(x).__name__
    raise TypeError(f"cannot reduce {type(x)}")


def _f(v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def _vals(arr):
    if arr.dtype.kind == "f":
        return np.vectorize(_f, otypes=[object])(arr.astype(np.float64)).tolist() if arr.size else arr.tolist()
    return arr.tolist()


def graph_bfs(fn):
    """The graph below node fn, breadth first, each node once (by identity):
    [(node, [(next node or None, input_nr, its index in the list or None),
    ...]), ...]; [] for None. Cases format it as their golden data needs."""
    if fn is None:
        return []
    order, index, out = [fn], {id(fn): 0}, []
    k = 0
    while k < len(order):
        node = order[k]
        k += 1
        edges = []
        for nxt, nr in node.next_functions:
            if nxt is not None and id(nxt) not in index:
                index[id(nxt)] = len(order)
                order.append(nxt)
            edges.append((nxt, nr, None if nxt is None else index[id(nxt)]))
        out.append((node, edges))
    return out


def run(fn, T):
    try:
        return {"ok": plain(fn(T), T)}
    except Exception as e:  # noqa: BLE001 - errors are observables
        return {"raises": type(e).__name__, "msg": normalize_msg(str(e))}


def assert_same(got, want, rtol, path="result"):
    if isinstance(want, dict):
        assert isinstance(got, dict), f"{path}: got {got!r}, want {want!r}"
        assert set(got) == set(want), f"{path}: keys {sorted(got)} != {sorted(want)}"
        for k in want:
            tol = rtol.get(want.get("dtype"), rtol["default"]) if isinstance(rtol, dict) else rtol
            assert_same(got[k], want[k], tol if k == "t" else rtol, f"{path}.{k}")
        return
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: got {got!r}, want {want!r}"
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, rtol, f"{path}[{i}]")
        return
    if isinstance(want, float) and isinstance(got, (float, int)) and not isinstance(got, bool):
        tol = rtol if isinstance(rtol, float) else rtol["default"]
        assert math.isclose(got, want, rel_tol=tol, abs_tol=tol), f"{path}: got {got!r}, want {want!r}"
        return
    assert got == want, f"{path}: got {got!r}, want {want!r}"


# NOTE [ The device suite on a real GPU ] (conftest.py)
REAL_DEVICE = os.environ.get("CYAUTOGRAD_DEVICE_SUITE") == "cupy"


def test_backend_only(fn):
    """Skip a device test on a real GPU: it needs the test backend's two
    devices or its refusals."""
    import pytest
    return pytest.mark.skipif(REAL_DEVICE, reason="needs the array-api-strict test backend "
                                                  "(its two devices, its refusals)")(fn)

RTOL = {"float32": 1e-5, "float64": 1e-10, "float16": 1e-2, "default": 1e-5}


def load_golden(name):
    p = os.path.join(GOLDEN_DIR, name + ".json")
    if not os.path.exists(p):
        return {}
    with open(p) as f:
        return json.load(f)


def save_golden(name, data):
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    with open(os.path.join(GOLDEN_DIR, name + ".json"), "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")


def differential_tests(golden_name, cases, known_gaps=None):
    """The two tests every case file gets: against golden data recorded from
    torch, and against live torch where it is installed. Use as
    ``test_matches_golden, test_matches_live_torch = differential_tests(...)``.
    known_gaps ({case name: reason}): divergences a suite records and leaves,
    expected to fail strictly (a fixed one must come off the list)."""
    import pytest
    import cyautograd

    golden = load_golden(golden_name)
    gaps = known_gaps or {}
    names = [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=gaps[n])) if n in gaps else n
             for n in sorted(cases)]

    @pytest.mark.parametrize("name", names)
    def test_matches_golden(name):
        assert name in golden, f"no golden data for {name}: run tests/record_golden.py"
        assert_same(run(cases[name], cyautograd), golden[name], RTOL)

    @pytest.mark.skipif(not HAVE_TORCH, reason="torch not installed")
    @pytest.mark.parametrize("name", names)
    def test_matches_live_torch(name):
        assert_same(run(cases[name], cyautograd), run(cases[name], torch_module()), RTOL)

    return test_matches_golden, test_matches_live_torch
