"""Floating-point exceptions never warn, as in torch (NOTE [ Quiet floating point ]).

numpy reports overflow, inf - inf, 0/0 and out-of-range casts as
RuntimeWarnings; torch computes the same inf/nan quietly. Every op here runs
on inputs made of those values (forward, backward, float16/32/64), and no
RuntimeWarning may escape. var/std with no degrees of freedom warn torch's
UserWarning instead of numpy's. Compared live with torch where installed.
"""
import warnings

import numpy as np
import pytest

import cyautograd

try:
    import torch
except ImportError:  # pragma: no cover
    torch = None

VALS = [0., -0., float("inf"), float("-inf"), float("nan"), 3e38, -3e38, 1., -1., 0.5, 1e-45, 100.]
UNARY = ("abs neg exp exp2 expm1 log log2 log10 log1p sqrt rsqrt sin cos tan asin acos atan sinh cosh "
         "tanh asinh acosh atanh sigmoid relu erf reciprocal sign floor ceil round trunc frac square "
         "nan_to_num").split()
BINARY = "add sub mul div pow remainder atan2 maximum minimum floor_divide".split()
REDUCE = "sum mean prod amax amin norm std var".split()
DIMRED = "cumsum cumprod softmax log_softmax logsumexp".split()
DTYPES = ("float16", "float32", "float64")


def _warnings(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            fn()
        except Exception:  # noqa: BLE001 - only the warnings matter here
            pass
    return [(x.category.__name__, str(x.message).split(" (Triggered internally")[0]) for x in w]


def _program(lib, kind, name, dt):
    D = getattr(lib, dt)

    def run():
        x = lib.tensor(VALS, dtype=D, requires_grad=True)
        if kind == "unary":
            y = getattr(lib, name)(x)
        elif kind == "binary":
            z = lib.tensor(VALS[::-1], dtype=D, requires_grad=True)
            y = getattr(lib, name)(x, z)
        elif kind == "dim":
            y = getattr(lib, name)(x, 0)
        else:
            y = getattr(lib, name)(x)
        if y.requires_grad:
            y.sum().backward()
    return run


CASES = ([("unary", n) for n in UNARY] + [("binary", n) for n in BINARY]
         + [("dim", n) for n in DIMRED] + [("reduce", n) for n in REDUCE if n not in ("std", "var")])


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("kind,name", CASES)
def test_no_numpy_fp_warnings(kind, name, dt):
    got = _warnings(_program(cyautograd, kind, name, dt))
    assert not [w for w in got if w[0] == "RuntimeWarning"], got
    if torch is not None:
        assert got == _warnings(_program(torch, kind, name, dt))


@pytest.mark.parametrize("expr", [
    "L.tensor([1e300], dtype=L.float64).float()", "L.tensor([3e38, 1e10]).half()",
    "L.tensor([float('nan'), 1e30]).long()", "L.tensor([1e10], dtype=L.float16)",
    "L.full((70000,), 2., dtype=L.float16).sum()", "L.full((70000,), 2., dtype=L.float16).mean()",
"L.tensor([1e30, 1e30]).norm()",
])
def test_no_numpy_fp_warnings_misc(expr):
    got = _warnings(lambda: eval(expr, {"L": cyautograd}))
    assert not [w for w in got if w[0] == "RuntimeWarning"], got


DOF = ("var(): degrees of freedom is <= 0. Correction should be strictly less than the reduction "
       "factor (input numel divided by output numel).")


@pytest.mark.parametrize("expr,fname", [
    ("L.tensor([1.]).var()", "var"), ("L.tensor([1.]).std()", "std"), ("L.ones(0).var()", "var"),
    ("L.ones(2, 0).var(1)", "var"), ("L.ones(2, 0).var(0)", "var"), ("L.var_mean(L.tensor([1.]))", "var_mean"),
    ("L.std_mean(L.tensor([1.]))", "std_mean"), ("L.tensor([1., 2]).var(correction=2)", "var"),
    ("L.tensor([1., 2]).var(correction=5)", "var"), ("L.tensor(1.).var()", "var"),
    ("L.tensor(1.).std(correction=0)", None), ("L.ones(3, 2).var(dim=(0, 1), correction=6)", "var"),
    ("L.ones(3, 2).var(dim=0)", None), ("L.ones(3, 1).std(dim=1)", "std"),
])
def test_dof_warning(expr, fname):
    got = _warnings(lambda: eval(expr, {"L": cyautograd}))
    want = [] if fname is None else [("UserWarning", DOF.replace("var()", fname + "()"))]
    assert got == want
    r = eval(expr, {"L": cyautograd})
    if torch is not None:
        assert _warnings(lambda: eval(expr, {"L": torch})) == want
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t = eval(expr, {"L": torch})
        rs = r if isinstance(r, tuple) else (r,)
        ts = t if isinstance(t, tuple) else (t,)
        for a, b in zip(rs, ts):
            np.testing.assert_array_equal(a.numpy(), b.numpy())


@pytest.mark.parametrize("n", [1, 7, 300, 70000])
@pytest.mark.parametrize("dt", ["float16", "float32"])
def test_scan_accumulates_as_torch(n, dt):
    """cumsum/cumprod accumulate in torch's CPU acc type and round each step."""
    rng = np.random.default_rng(n)
    base = (rng.random(n) * 0.02 + 0.995).astype(dt)
    for op, a in (("cumsum", base * 2), ("cumprod", base)):
        got = getattr(cyautograd.tensor(a), op)(0).numpy()
        acc = np.float32 if dt == "float16" else np.float64
        with np.errstate(over="ignore"):
            want = getattr(np, op)(a.astype(acc)).astype(dt)
        np.testing.assert_array_equal(got, want)
        if torch is not None:
            np.testing.assert_array_equal(got, getattr(torch.tensor(a), op)(0).numpy())


def test_quiet_state_nested_and_restored():
    """Kernels inside the engine's backward skip setting the quiet state the
    engine already set (NOTE [ Quiet floating point ]); a hook's own
    np.errstate(all="raise") does not leak into the ops it runs (they quiet
    themselves again, as torch never raises there), and numpy's state is the
    caller's again after backward."""
    before = np.geterr()
    seen = []

    def hook(g):
        with np.errstate(all="raise"):
            seen.append(((g.expand(2, 3) / 0.) - float("inf")).isnan().all().item())
        return g

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x = cyautograd.tensor([1., 0., -1.], requires_grad=True)
        x.register_hook(hook)
        (x.expand(2, 3) / 0.).sum().backward()
    assert seen == [True]
    assert [v for v in x.grad.tolist()] == [float("inf")] * 3
    assert np.geterr() == before
