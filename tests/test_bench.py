"""Issue 6: the benchmark suite's --quick mode runs end to end and its JSON
holds every category, every row's figures and the machine. No timing is
asserted (speed is measured in bench/, never judged by tests)."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cyautograd.bench.workloads import CATEGORIES, ROWS

try:
    import torch
except ImportError:  # pragma: no cover
    torch = None


def _run(args, cwd):
    env = dict(os.environ)
    env.pop("_CYA_BENCH_CHILD", None)
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench"] + args, cwd=str(cwd), env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def _have(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    d = tmp_path_factory.mktemp("bench")
    out = _run(["--quick", "--json", "run.json", "--chart", "run.svg", "--markdown", "run.md"], d)
    with open(d / "run.json") as f:
        return d, out, json.load(f)


def test_quick_json_has_every_category_and_row(quick):
    _, _, res = quick
    cats = {r["category"] for r in res["rows"]}
    # device rows (issue 14, item 5) only where a device backend works: tests/test_device_bench.py
    no_device = res["device"]["label"] is None
    assert cats == {c for c, _ in CATEGORIES} - ({"device"} if no_device else set())
    assert [(r["category"], r["key"]) for r in res["rows"] if r["category"] != "device"] == \
        [(r.category, r.key) for r in ROWS]
    for r in res["rows"]:
        t = r["times"]
        if r["category"] == "floors":
            assert set(t) == {"floor"}
            continue
        assert "cyautograd" in t
        for lib, s in t.items():
            assert set(s) >= {"median", "q1", "q3", "min", "max", "samples", "inner"}
            assert s["samples"] == 3 and s["inner"] >= 1
            assert s["min"] <= s["q1"] <= s["median"] <= s["q3"] <= s["max"]
        assert ("torch" in t) == (torch is not None)
        if torch is not None:
            assert r["ratio_torch"] == pytest.approx(t["cyautograd"]["median"] / t["torch"]["median"])
        if "floor" in t:
            assert r["floor_name"]
        assert "errors" not in r, r["errors"]


def test_quick_json_describes_the_machine_and_settings(quick):
    _, _, res = quick
    m = res["machine"]
    for k in ("cpu", "cores", "python", "numpy", "blas", "cyautograd", "threads"):
        assert m[k], k
    assert m["threads"]["OPENBLAS_NUM_THREADS"] == "1"
    assert m["torch"] == (torch.__version__ if torch else None)
    assert res["libraries"]["torch"] == (torch is not None)
    assert res["settings"]["quick"] is True and res["settings"]["repeat"] == 3
    assert set(res["overhead_ns"]) == {"loop", "call"}
    assert res["libraries"]["mygrad"] == _have("mygrad")
    assert res["libraries"]["autograd"] == _have("autograd")


@pytest.mark.skipif(not _have("mygrad") or not _have("autograd"), reason="needs MyGrad and HIPS autograd")
def test_other_libraries_where_they_have_the_concept(quick):
    _, _, res = quick
    by_key = {r["key"]: r for r in res["rows"]}
    for key in ("grad_fn", "select", "mul", "chain_10", "mlp_small"):
        assert "mygrad" in by_key[key]["times"], key
    for key in ("chain_10", "fan_in_100", "mlp_small"):
        assert "autograd" in by_key[key]["times"], key
    for key in ("version", "leaf_hooks_1", "custom_function"):
        assert "mygrad" not in by_key[key]["times"] and "autograd" not in by_key[key]["times"]


def test_quick_scaling_tables(quick):
    _, out, res = quick
    sc = res["scaling"]
    assert [p["n"] for p in sc["chain"]] == [10, 100]
    assert [p["n"] for p in sc["size"]] == [4, 100]
    for p in sc["chain"] + sc["size"]:
        assert p["cyautograd"] > 0 and p["floor"] > 0
        assert ("torch" in p) == (torch is not None)
    assert "[scaling: chain length" in out and "[scaling: tensor size" in out


def test_terminal_table_chart_and_markdown(quick):
    d, out, res = quick
    for cat, title in CATEGORIES:
        if cat == "device" and res["device"]["label"] is None:
            assert f"[{title}]" not in out and "device rows: none" in out
            continue
        assert f"[{title}]" in out
    for r in ROWS:
        assert r.name[:46] in out
    assert "machine:" in out and "medians of 3 interleaved samples" in out
    root = ET.parse(d / "run.svg").getroot()
    assert root.tag.endswith("svg")
    rects = [e for e in root.iter() if e.tag.endswith("rect")]
    if torch is not None:   # one bar per row measured against torch, plus background and legend
        assert len(rects) == 2 + sum(1 for r in res["rows"] if r["ratio_torch"] is not None)
    md = (d / "run.md").read_text()
    assert "| workload | cyautograd |" in md and "**Scaling: chain length" in md


def test_filter_and_compare(quick, tmp_path):
    d, _, res = quick
    out = _run(["--quick", "--filter", "views", "--json", "f.json", "--compare", str(d / "run.json")],
               tmp_path)
    with open(tmp_path / "f.json") as f:
        fres = json.load(f)
    assert {r["category"] for r in fres["rows"]} == {"views"}
    assert "scaling" not in fres
    assert "change against" in out and "x.diagonal()" in out
    assert _run(["--quick", "--filter", "no-such-row"], tmp_path).count("\n") < 12


def test_bad_arguments(tmp_path):
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench", "--repeat", "0"], cwd=str(tmp_path),
                       capture_output=True, text=True)
    assert r.returncode == 2 and "--repeat must be at least 1" in r.stderr
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench", "--nope"], cwd=str(tmp_path),
                       capture_output=True, text=True)
    assert r.returncode == 2 and "unrecognized arguments: --nope" in r.stderr
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench", "--libs", "cyautograd,jax"],
                       cwd=str(tmp_path), capture_output=True, text=True)
    assert r.returncode == 2 and "--libs: unknown jax" in r.stderr
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench", "--compare", "missing.json"],
                       cwd=str(tmp_path), capture_output=True, text=True)
    assert r.returncode == 2 and "--compare: cannot read missing.json" in r.stderr
    (tmp_path / "other.json").write_text("[1, 2]")
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench", "--compare", "other.json"],
                       cwd=str(tmp_path), capture_output=True, text=True)
    assert r.returncode == 2 and "is not a JSON file written by --json" in r.stderr


def test_without_torch(tmp_path):
    """--libs cyautograd stands for a machine without torch: no torch column,
    and the chart falls back to ratios against the floor."""
    # node-creation rows: their floors (a numpy call, ~0.3 us) stay well above
    # the harness overhead subtracted from every sample, even on a loaded or
    # sanitizer-instrumented machine (a 17 ns attribute-read floor does not)
    out = _run(["--quick", "--libs", "cyautograd", "--filter", "nodes", "--json", "n.json",
                "--chart", "n.svg"], tmp_path)
    with open(tmp_path / "n.json") as f:
        res = json.load(f)
    assert res["libraries"] == {"cyautograd": True, "torch": False, "mygrad": False, "autograd": False}
    for r in res["rows"]:
        assert set(r["times"]) == {"cyautograd", "floor"}
        assert r["ratio_torch"] is None and r["ratio_floor"] > 0
    assert ("torch not installed" if torch is None else f"torch {torch.__version__} (not measured)") in out
    svg = (tmp_path / "n.svg").read_text()
    assert "relative to the floor" in svg
    assert svg.count("<rect") == 2 + len(res["rows"])


# -- issue 16: output a user trusts -----------------------------------------------------------

def _t(median, spread=0.0):
    """One library's figures with the given relative spread (half the IQR)."""
    return {"median": median, "q1": median * (1 - spread), "q3": median * (1 + spread),
            "min": median * (1 - spread), "max": median * (1 + spread), "samples": 5, "inner": 1}


def _result(rows, libs=("cyautograd", "torch")):
    from cyautograd.bench.report import ratio
    out = []
    for cat, _ in CATEGORIES[:1]:
        for i, times in enumerate(rows):
            r = {"category": cat, "key": f"k{i}", "name": f"row {i}", "floor_name": "np", "times": times}
            r["ratio_torch"] = ratio(times["cyautograd"]["median"], times.get("torch", {}).get("median"))
            r["ratio_floor"] = ratio(times["cyautograd"]["median"], times["floor"]["median"])
            out.append(r)
    return {"rows": out, "libraries": {k: k in libs for k in ("cyautograd", "torch", "mygrad", "autograd")},
            "settings": {"filter": ""}}


def test_noisy_rows_are_flagged_in_both_tables():
    from cyautograd.bench import report
    steady = {"cyautograd": _t(1e-6, 0.02), "torch": _t(2e-6, 0.03), "floor": _t(5e-7, 0.01)}
    noisy = {"cyautograd": _t(1e-6, 0.02), "torch": _t(2e-6, 0.30), "floor": _t(5e-7, 0.01)}
    assert not report.is_noisy({"times": steady}) and report.is_noisy({"times": noisy})
    assert abs(report.worst_spread({"times": noisy}) - 0.30) < 1e-12
    # a median at or below zero after the overhead is taken off is noise too
    assert report.is_noisy({"times": dict(steady, floor=_t(0.0))})
    res = _result([steady, noisy])
    for r in res["rows"]:
        r["noisy"] = report.is_noisy(r)
    for md in (False, True):
        lines = report.table_lines(res, markdown=md)
        text = "\n".join(lines)
        flagged = [l for l in lines if "row 1" in l]
        assert len(flagged) == 1 and "!" in flagged[0]
        assert not any("!" in l for l in lines if "row 0" in l)
        assert "even after a re-measure" in text
    res["rows"][1]["noisy"] = False
    assert "even after a re-measure" not in "\n".join(report.table_lines(res))


@pytest.mark.parametrize("second_spread,kept,flagged", [(0.01, "second", False), (0.5, "first", True)])
def test_noisy_rows_are_remeasured_once(monkeypatch, second_spread, kept, flagged):
    """The first measurement of the row is noisy: it is measured exactly once
    more, the steadier of the two kept, and the row flagged only if that one
    is still noisy."""
    import argparse

    from cyautograd.bench import cli, harness
    from cyautograd.bench.workloads import ROWS
    row = next(r for r in ROWS if r.category != "floors")
    calls = []

    def fake_measure(ws, repeat, sample_time, overheads):
        calls.append(repeat)
        first = len(calls) % 2 == 1   # every row: a noisy measurement, then one more
        return {"cyautograd": _t(1e-6 if first else 2e-6, 0.2 if first else second_spread),
                "floor": _t(5e-7)}

    monkeypatch.setattr(harness, "measure", fake_measure)
    monkeypatch.setattr(cli, "build_workloads", lambda r, libs: ({"cyautograd": None, "floor": None}, {}))
    args = argparse.Namespace(filter=row.key, repeat=5)
    rows = cli.run_rows(args, {}, {}, 0.001, lambda c: None)
    assert rows and calls == [5, 5] * len(rows)
    r = next(r for r in rows if r["key"] == row.key)
    assert r["remeasured"] is True and r["noisy"] is flagged
    assert r["times"]["cyautograd"]["median"] == (1e-6 if kept == "first" else 2e-6)


def test_chart_legend_lists_only_measured_libraries(tmp_path):
    from cyautograd.bench import report
    base = {"cyautograd": _t(1e-6), "torch": _t(2e-6), "floor": _t(5e-7)}
    for extra, want in (({}, []), ({"mygrad": _t(4e-6)}, ["MyGrad"]),
                        ({"mygrad": _t(4e-6), "autograd": _t(8e-6)}, ["MyGrad", "HIPS autograd"])):
        res = _result([dict(base, **extra)], libs=("cyautograd", "torch") + tuple(extra))
        path = tmp_path / "c.svg"
        report.write_svg(res, str(path))
        texts = [e.text for e in ET.parse(path).getroot().iter() if e.tag.endswith("text")]
        for name in ("MyGrad", "HIPS autograd"):
            assert (name in texts) == (name in want), (extra, texts)
        assert "cyautograd" in texts


def test_quick_chart_legend_matches_the_run(quick):
    d, _, res = quick
    texts = [e.text for e in ET.parse(d / "run.svg").getroot().iter() if e.tag.endswith("text")]
    assert ("MyGrad" in texts) == bool(res["libraries"]["mygrad"])
    assert ("HIPS autograd" in texts) == bool(res["libraries"]["autograd"])


def test_png_chart_without_matplotlib_names_the_extra(tmp_path):
    """Said at once, before the run, with the extra to install; matplotlib is
    hidden from the child so this runs whether or not it is installed."""
    code = ("import sys\n"
            "class _NoMpl:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'matplotlib' or name.startswith('matplotlib.'):\n"
            "            raise ImportError('No module named ' + repr(name))\n"
            "sys.meta_path.insert(0, _NoMpl())\n"
            "from cyautograd.bench.cli import main\n"
            "main(['--quick', '--chart', 'x.png'])\n")
    env = dict(os.environ)
    env.pop("_CYA_BENCH_CHILD", None)
    r = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert 'pip install "cyautograd[bench]"' in r.stderr and "--chart x.svg" in r.stderr
    assert not (tmp_path / "x.png").exists() and "machine:" not in r.stdout
    with pytest.raises(RuntimeError, match=r"cyautograd\[bench\]"):
        import builtins
        real = builtins.__import__

        def no_mpl(name, *a, **k):
            if name.split(".")[0] == "matplotlib":
                raise ImportError(name)
            return real(name, *a, **k)
        from cyautograd.bench import report
        builtins.__import__ = no_mpl
        try:
            report.write_png(_result([{"cyautograd": _t(1e-6), "torch": _t(2e-6),
                                       "floor": _t(5e-7)}]), str(tmp_path / "y.png"))
        finally:
            builtins.__import__ = real
