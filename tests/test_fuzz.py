"""The differential program fuzzer (tests/fuzz) on a fixed seed range: every
generated program must leave the same observable trace on cyautograd as on
torch -- live where torch is installed, else against torch's recorded logs
(tests/fuzz/golden/torch_logs.json.gz, written by
`python -m tests.fuzz --record --seeds 0:<CI_SEEDS>`)."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(ROOT)   # for tests.fuzz; last, so the repo's unbuilt cyautograd/ never shadows the installed one

from tests.fuzz import runner  # noqa: E402
from tests.fuzz.gen import generate, script  # noqa: E402
from tests.fuzz.prng import SplitMix64  # noqa: E402

try:
    import torch  # noqa: F401
    HAVE_TORCH = True
except Exception:  # pragma: no cover - torch is optional
    HAVE_TORCH = False

CI_SEEDS = range(0, int(os.environ.get("CYA_FUZZ_SEEDS", "2000")))
JOBS = 2


def _report(res):
    lines = []
    for seed in sorted(res):
        prog, div, _ = res[seed]
        if div is not None:
            lines.append(f"seed {seed}: {runner.signature(prog, div)} -- {runner.fmt_div(div)}")
    return lines


def test_generator_is_a_function_of_the_seed():
    a = [generate(s) for s in range(40)]
    b = [generate(s) for s in range(40)]
    assert a == b
    assert len({runner.prog_hash(p) for p in a}) == 40
    assert all(5 <= len(p["steps"]) <= 45 for p in a)
    # independent of hash randomisation: a fresh interpreter with another seed agrees
    code = ("import sys; sys.path.insert(0, %r); from tests.fuzz.gen import generate; "
            "from tests.fuzz.runner import prog_hash; print([prog_hash(generate(s)) for s in range(20)])" % ROOT)
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONHASHSEED="12345"),
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == str([runner.prog_hash(p) for p in a[:20]])


def test_prng_is_splitmix64():
    r = SplitMix64(0)
    # reference values of SplitMix64 seeded with the fuzzer's state transform
    vals = [r.next64() for _ in range(3)]
    assert len(set(vals)) == 3 and all(0 <= v < 2 ** 64 for v in vals)
    assert [SplitMix64(7).below(10) for _ in range(5)] == [SplitMix64(7).below(10)] * 5


def test_generated_programs_cover_the_features():
    text = "\n".join(s["code"] for seed in range(300) for s in generate(seed, ())["steps"])
    for needle in ["narrow(", "select(", "::", "[:]", "[...]", "[None]", "unbind(", "split(", "chunk(",
                   "expand(", "diagonal(", "unfold(", "as_strided(", ".detach()", ".data =", ".data\nv", "T.rsub(",
                   "] = ", "add_(", "copy_(", "no_grad", "enable_grad", "inference_mode()",
                   "inference_mode(False)", "retain_grad()", "register_hook(hrec", "register_hook(hdbl",
                   "requires_grad_(", "FSave.apply", "FDirty.apply", "FNonDiff.apply", "FView.apply", "FIdent.apply", ".backward(",
                   "autograd.grad(", "retain_graph=True", "create_graph=True", "inputs=[",
                   "allow_unused=True", "@", "T.mm(", "T.bmm(", "T.mv(", "T.dot(", "keepdim=True",
                   "np.float64(", "mk((", "'int64'", "'bool'", "'float64'"]:
        assert needle in text, needle
    assert any(int(d) > 256 for d in __import__("re").findall(r"mk\(\(.*?(\d{3})", text))


def test_compare_finds_the_first_divergent_field():
    want = {"log": [[None, {"a": {"ver": 0, "val": {"v": [1.0, 2.0]}}}, []]]}
    same = {"log": [[None, {"a": {"ver": 0, "val": {"v": [1.0, 2.0000001]}}}, []]]}
    other = {"log": [[None, {"a": {"ver": 1, "val": {"v": [1.0, 2.0]}}}, []]]}
    assert runner.compare(want, same) is None
    d = runner.compare(want, other)
    assert (d["step"], d["name"], d["field"], d["torch"], d["cya"]) == (0, "a", "ver", 0, 1)
    d = runner.compare(want, {"crash": "worker died (exit -11)"})
    assert d["field"] == "crash"


def test_a_crashing_worker_is_a_divergence_and_the_run_goes_on():
    w = runner.Worker("cyautograd")
    try:
        res = w.run([{"code": "import os; os._exit(3)", "touch": [], "tags": []}])
        assert res == {"crash": "worker died (exit 3)"}
        res = w.run([{"code": "x = T.ones(2)", "touch": ["x"], "tags": []}])
        assert res["log"][0][1]["x"]["val"] == {"v": [1.0, 1.0]}
        res = w.run([{"code": "while True: pass", "touch": [], "tags": []}], timeout=3)
        assert res == {"crash": "hang (timeout)"}
    finally:
        w.stop()


@pytest.mark.skipif(not HAVE_TORCH, reason="needs torch: the minimiser runs both")
def test_minimiser_shrinks_to_the_diverging_step():
    # a program with a planted divergence: the last step differs by module name
    steps = [{"code": f"x{i} = T.ones({i + 1})", "touch": [f"x{i}"], "tags": []} for i in range(12)]
    steps.insert(5, {"code": "s = T.__name__ == 'torch'", "touch": ["s"], "tags": []})
    prog = {"seed": -1, "steps": steps}
    tw, cw = runner.Worker("torch"), runner.Worker("cyautograd")
    try:
        div = runner.compare(tw.run(steps), cw.run(steps))
        assert div["name"] == "s"
        small, sdiv = runner.minimize(prog, div, tw, cw)
    finally:
        tw.stop()
        cw.stop()
    assert [s["code"] for s in small["steps"]] == ["s = T.__name__ == 'torch'"]
    text = runner.repro_script(small, sdiv)
    assert text.startswith("import torch as T") and "s = T.__name__" in text
    compile(text, "<repro>", "exec")


# Seeds of the CI range that still diverge, by class (see the README's fuzzer
# section); a fix makes its seeds pass, then they are taken off this list.
# Any other diverging seed fails the test. None are left: seed 1094 (as_strided
# of an F-ordered storage) is fixed, seed 1557 (a one-ulp BLAS difference
# amplified by sin) passes under NOTE [ Rounding downstream of BLAS products ].
KNOWN_CLASSES = {}
KNOWN_DIVERGING = {}


def test_values_downstream_of_a_blas_product_compare_with_its_rounding():
    steps = [{"code": "a = T.ones(2)", "touch": ["a"], "tags": []},
             {"code": "m = a @ a", "touch": ["m"], "tags": []},
             {"code": "s = m.exp().sin()", "touch": ["s"], "tags": []},
             {"code": "a.add_(1)", "touch": ["a"], "tags": []},
             {"code": "b = a.sin()", "touch": ["b"], "tags": []}]
    assert runner.inexact_names(steps) == [set(), {"m"}, {"m", "s"}, {"m", "s"}, {"m", "s"}]
    log = lambda s, b: {"log": [[None, {}, []], [None, {}, []], [None, {"s": {"ver": 0, "val": {"v": [s]}}}, []],  # noqa: E731
                                [None, {}, []], [None, {"b": {"ver": 0, "val": {"v": [b]}}}, []]]}
    # s: 0.7218 vs 0.7194 (seed 1557) is within the BLAS tolerance; b is exact
    assert runner.compare(log(0.7218434, 0.5), log(0.7194737, 0.5), steps) is None
    assert runner.compare(log(0.7218434, 0.5), log(0.7194737, 0.5))["name"] == "s"
    assert runner.compare(log(0.7218434, 0.5), log(0.9, 0.5), steps)["name"] == "s"
    assert runner.compare(log(0.7, 0.5), log(0.7, 0.5001), steps)["name"] == "b"
    # metadata stays exact downstream of a product
    other = log(0.7, 0.5)
    other["log"][2][1]["s"]["ver"] = 1
    assert runner.compare(log(0.7, 0.5), other, steps)["field"] == "ver"


def test_reference_judges_roundings_not_errors():
    """NOTE [ Two valid roundings ] (runner.py), on fingerprints: ours is
    accepted when it is as close to the float64 reference as torch's is."""
    ok = runner.rounding_only
    # an amplified ulp (seed 6804: -0.9308286 vs -0.9324256): both 1e-3 off
    # the reference, on either side
    assert ok({"v": [-0.9308, 1.0]}, {"v": [-0.9324, 1.0]}, {"v": [-0.9316, 1.0]})
    # torch right to float32 precision, ours off by 1e-3 relative: an error
    assert not ok({"v": [2.718282, 1.0]}, {"v": [2.721, 1.0]}, {"v": [2.718282, 1.0]})
    # ours much further from the reference than torch's own error
    assert not ok({"v": [0.1547, 1.0]}, {"v": [0.16, 1.0]}, {"v": [0.15471, 1.0]})
    # summaries of large tensors: sum, |sum| and the sample all checked
    big = lambda s, p: {"n": 100, "s": s, "a": abs(s), "p": [p] * 12}  # noqa: E731
    assert ok(big(10.0, 0.5), big(10.00002, 0.5), big(10.00001, 0.5))
    assert not ok(big(10.0, 0.5), big(10.0, 0.5005), big(10.0, 0.5))
    # no usable reference, a non-finite value, or another length: not accepted
    assert not ok({"v": [1.0]}, {"v": [1.1]}, None)
    assert not ok({"v": [1.0]}, {"v": [1.1]}, {"v": [1.0, 2.0]})
    assert not ok({"v": ["nan"]}, {"v": [1.0]}, {"v": [1.0]})
    want = {"log": [[None, {"a": {"ver": 0, "val": {"v": [-0.9308]}}}, []]]}
    got = {"log": [[None, {"a": {"ver": 0, "val": {"v": [-0.9324]}}}, []]]}
    ref = {"log": [[None, {"a": {"ver": 0, "val": {"v": [-0.9316]}}}, []]]}
    assert runner.compare(want, got)["field"] == "val"
    assert runner.compare(want, got, reference=ref) is None
    assert runner.is_value_div(runner.compare(want, got))


def test_reference_judges_printed_and_python_float_roundings():
    """NOTE [ Two valid roundings ] for a printed tensor (seed 47304: one
    float32 exp ulp moves repr's 4th decimal) and an item() float (seed
    27370: a float32 sum in another order, amplified by a division)."""
    ok = runner.printed_rounding_only
    t = "tensor(673.1294, grad_fn=<ExpBackward0>)"
    c = "tensor(673.1295, grad_fn=<ExpBackward0>)"
    r = "tensor(673.1294, dtype=torch.float64, grad_fn=<ExpBackward0>)"
    assert ok(t, c, r)
    assert not ok(t, c, None)
    assert not ok(t, "tensor(673.1297, grad_fn=<ExpBackward0>)", r)           # two units
    assert not ok(t, "tensor(673.1295, grad_fn=<MulBackward0>)", r)           # other text
    assert not ok(t, "tensor(673.12950, grad_fn=<ExpBackward0>)", r)          # other digits
    assert not ok(t, c, "tensor(673.1292, dtype=torch.float64, grad_fn=<ExpBackward0>)")
    assert not ok("tensor([1.0000e+00, 2.0000e+05])", "tensor([1.0001e+00, 2.0000e+05])",
                  "tensor([1.0000e+00, 2.0000e+05])")                         # scientific: exact
    want = {"log": [[None, {"s": {"f": 45.63663}}, []]]}
    got = {"log": [[None, {"s": {"f": 45.64532}}, []]]}
    assert runner.compare(want, got)["field"] == "value"
    assert runner.is_value_div(runner.compare(want, got))
    assert runner.compare(want, got, reference={"log": [[None, {"s": {"f": 45.641}}, []]]}) is None
    assert runner.compare(want, got, reference={"log": [[None, {"s": {"f": 45.63663}}, []]]}) is not None


# seed 6804 minimised: a one-ulp difference between torch's (SLEEF) and
# numpy's float32 exp, amplified by cumsum, a second exp and sin
_SEED_6804 = ["v1 = mk((3, 5), 835, 'float32', False)", "v3 = T.exp(v1)", "v7 = v3.cumsum(-1)",
              "v16 = v7.exp()", "v29 = v16.sin()"]


@pytest.mark.skipif(not HAVE_TORCH, reason="the float64 reference is torch's own run")
def test_reference_accepts_seed_6804_and_catches_injected_errors():
    names = ["v1", "v3", "v7", "v16", "v29"]
    steps = [{"code": c, "touch": [n], "tags": []} for c, n in zip(_SEED_6804, names)]
    tw, cw = runner.Worker("torch"), runner.Worker("cyautograd")
    try:
        want, got, ref = tw.run(steps), cw.run(steps), tw.run(steps, f64=True)
        # the reference really is float64: the same values, to float32 precision
        assert ref["log"][0][1]["v1"]["dt"] == "cyautograd.float64"
        d = runner.compare(want, got, steps)
        assert d is not None and d["name"] == "v29"      # beyond the tolerance ...
        assert runner.compare(want, got, steps, ref) is None   # ... but two roundings
        # 1e-3 relative error injected into each well-conditioned step in turn
        # (the exp, the cumsum, the large exp): still caught with the reference
        for i, name in ((1, "v3"), (2, "v7"), (3, "v16")):
            bad = json.loads(json.dumps(got))
            vals = bad["log"][i][1][name]["val"]["v"]
            vals[7] = vals[7] * (1 + 1e-3)
            d = runner.compare(want, bad, steps, ref)
            assert d is not None and (d["step"], d["name"], d["field"]) == (i, name, "val"), (name, d)
        # and a wrong formula at the end (cos for sin) as well
        wrong = steps[:4] + [{"code": "v29 = v16.cos()", "touch": ["v29"], "tags": []}]
        d = runner.compare(want, cw.run(wrong), steps, ref)
        assert d is not None and d["name"] == "v29"
    finally:
        tw.stop()
        cw.stop()


def test_fuzz_seed_range():
    logs = None if HAVE_TORCH else runner.load_golden()
    res = runner.run_seeds(CI_SEEDS, JOBS, runner.DEFAULT_EXCLUDE, torch_logs=logs)
    assert len(res) == len(CI_SEEDS)
    bad = [line for line in _report(res) if int(line.split(":")[0].split()[1]) not in KNOWN_DIVERGING]
    assert not bad, f"{len(bad)} diverging programs:\n" + "\n".join(bad[:30])


def test_recorded_torch_logs_cover_the_ci_range():
    logs = runner.load_golden()
    missing = [s for s in CI_SEEDS
               if str(s) not in logs or logs[str(s)]["h"] != runner.prog_hash(generate(s, runner.DEFAULT_EXCLUDE))]
    assert not missing, (f"{len(missing)} seeds have no current torch log: run "
                         f"python -m tests.fuzz --record --seeds 0:{len(CI_SEEDS)}")
    assert os.path.getsize(runner.GOLDEN) < 5 * 2 ** 20


@pytest.mark.skipif(not HAVE_TORCH, reason="the recorded logs are torch's own; needs torch to check them")
def test_recorded_torch_logs_match_live_torch():
    logs = runner.load_golden()
    seeds = list(CI_SEEDS)[:20]
    res = runner.run_seeds(seeds, 1, runner.DEFAULT_EXCLUDE, record=True)
    for s in seeds:
        want = {"log": logs[str(s)]["log"]} if "log" in logs[str(s)] else {"crash": logs[str(s)]["crash"]}
        assert runner.compare(want, res[s][2]) is None, s
    assert script(res[seeds[0]][0]).startswith("import torch as T")


def test_known_divergences_are_classified():
    assert set(KNOWN_DIVERGING.values()) <= set(KNOWN_CLASSES)
    assert all(s in CI_SEEDS for s in KNOWN_DIVERGING)
