"""The command line of the suite (python -m cyautograd.bench --help)."""
import argparse
import datetime
import json
import os
import sys
import tempfile

THREAD_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="python -m cyautograd.bench",
        description="Autograd metadata overhead: cyautograd against torch (and MyGrad, HIPS autograd "
                    "when installed), measured in one process, interleaved.")
    ap.add_argument("--filter", default="", metavar="TEXT",
                    help="only rows whose category, key or name contains TEXT (case-insensitive)")
    ap.add_argument("--repeat", type=int, default=None, metavar="N",
                    help="samples per library and row (default 15; 3 with --quick)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: few short samples, a short scaling sweep (CI uses it)")
    ap.add_argument("--json", metavar="OUT.json", help="write every figure and the machine to a JSON file")
    ap.add_argument("--compare", metavar="OLD.json", help="show the change against an earlier --json run")
    ap.add_argument("--chart", metavar="OUT.svg", help="write the chart of ratios to torch (.svg, or .png "
                                                       "with matplotlib installed)")
    ap.add_argument("--markdown", metavar="OUT.md", help="write the tables as markdown")
    ap.add_argument("--no-scaling", action="store_true", help="skip the scaling tables")
    ap.add_argument("--device", default="auto", choices=("auto", "cpu", "cuda"),
                    help="also run the rows on the device backend: auto when one works (default), cpu never, "
                         "cuda always (an error without one)")
    ap.add_argument("--libs", default="cyautograd,torch,mygrad,autograd",
                    help="comma-separated libraries to run when installed (default: all)")
    args = ap.parse_args(argv)
    if args.repeat is None:
        args.repeat = 3 if args.quick else 15
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    unknown = set(args.libs.split(",")) - {"cyautograd", "torch", "mygrad", "autograd"}
    if unknown:
        ap.error(f"--libs: unknown {', '.join(sorted(unknown))} (choose from cyautograd, torch, mygrad, autograd)")
    if args.chart and args.chart.lower().endswith(".png"):
        from cyautograd.bench.report import png_missing_message
        msg = png_missing_message(args.chart)
        if msg:   # said now, not after the whole run
            ap.error(msg)
    if args.compare:
        try:
            with open(args.compare) as f:
                old = json.load(f)
        except (OSError, ValueError) as e:
            ap.error(f"--compare: cannot read {args.compare}: {e}")
        if not isinstance(old, dict) or "rows" not in old:
            ap.error(f"--compare: {args.compare} is not a JSON file written by --json")
    return args


def _absolute_paths(argv):
    """The child runs in a neutral folder: make file arguments absolute."""
    out = list(argv)
    for i, a in enumerate(out):
        for flag in ("--json", "--compare", "--chart", "--markdown"):
            if a == flag and i + 1 < len(out):
                out[i + 1] = os.path.abspath(out[i + 1])
            elif a.startswith(flag + "="):
                out[i] = flag + "=" + os.path.abspath(a[len(flag) + 1:])
    return out


def one_thread_or_reexec(argv):
    """numpy's BLAS reads its thread count when it is first loaded, which
    importing cyautograd already did: if this process did not start with one
    thread, run the suite in a child that does. The child runs from a
    neutral folder, where a source checkout cannot shadow the installed
    package."""
    if all(os.environ.get(v) == "1" for v in THREAD_VARS) or os.environ.get("_CYA_BENCH_CHILD"):
        return None
    import subprocess
    env = dict(os.environ, _CYA_BENCH_CHILD="1", **{v: "1" for v in THREAD_VARS})
    r = subprocess.run([sys.executable, "-m", "cyautograd.bench"] + _absolute_paths(argv), env=env,
                       cwd=tempfile.gettempdir())
    return r.returncode


def _optional(name):
    try:
        return __import__(name)
    except Exception:
        return None


def load_libraries(wanted):
    import cyautograd
    libs = {"cyautograd": cyautograd, "torch": None, "mygrad": None, "autograd": None}
    if "torch" in wanted:
        libs["torch"] = _optional("torch")
        if libs["torch"] is not None:
            libs["torch"].set_num_threads(1)
    if "mygrad" in wanted:
        libs["mygrad"] = _optional("mygrad")
    if "autograd" in wanted:
        if _optional("autograd") is not None:
            import autograd
            import autograd.numpy
            libs["autograd"] = autograd
    return libs


def _selected(row, text):
    t = text.lower()
    return not t or t in row.category.lower() or t in row.key.lower() or t in row.name.lower()


def build_workloads(row, libs):
    """{library: Workload} for one row; a library without the concept (or
    whose build of the workload fails) is left out."""
    from cyautograd.bench.harness import Workload
    ws, errors = {}, {}
    if row.make is not None:
        ws["cyautograd"] = Workload.of(row.make(libs["cyautograd"]))
        if libs["torch"] is not None:
            ws["torch"] = Workload.of(row.make(libs["torch"]))
    for lib, make in (("mygrad", row.mygrad), ("autograd", row.hips)):
        if make is None or libs[lib] is None:
            continue
        try:
            ws[lib] = Workload.of(make(libs[lib]) if lib == "mygrad"
                                  else make(libs[lib].numpy, libs[lib].grad))
            ws[lib].sample(1)
        except Exception as e:  # another library's API: report, do not stop the suite
            ws.pop(lib, None)
            errors[lib] = f"{type(e).__name__}: {e}"
    if row.floor is not None:
        ws["floor"] = Workload.of(row.floor())
    return ws, errors


def _steadiness(row):
    """The row's worst spread; a row without one (a median at or below zero once
    the harness overhead is taken off) counts as the least steady."""
    from cyautograd.bench.report import worst_spread
    w = worst_spread(row)
    return float("inf") if w is None else w


def run_rows(args, libs, overheads, sample_time, progress):
    from cyautograd.bench.harness import measure
    from cyautograd.bench.report import is_noisy, median, ratio
    from cyautograd.bench.workloads import ROWS
    rows = []
    for row in ROWS:
        if not _selected(row, args.filter):
            continue
        ws, errors = build_workloads(row, libs)
        times = measure(ws, args.repeat, sample_time, overheads)
        r = {"category": row.category, "key": row.key, "name": row.name, "floor_name": row.floor_name,
             "times": times}
        if is_noisy(r):
            # a burst from the machine's neighbours: measure the row once more and keep
            # the steadier of the two; flagged in the tables if even that one is noisy
            again = dict(r, times=measure(ws, args.repeat, sample_time, overheads))
            r["remeasured"] = True
            if _steadiness(again) < _steadiness(r):
                r["times"] = again["times"]
        r["noisy"] = is_noisy(r)
        if errors:
            r["errors"] = errors
        r["ratio_torch"] = ratio(median(r, "cyautograd"), median(r, "torch"))
        r["ratio_floor"] = ratio(median(r, "cyautograd"), median(r, "floor"))
        rows.append(r)
        progress(".")
    return rows


def select_device(choice):
    """{"label": "cuda:N" or None, "provider": ..., "why": ...}: where the
    device rows run. auto picks the cuda device when a backend works
    (backend.is_available: CuPy on a GPU, or the test backend), cpu never,
    cuda insists (RuntimeError with torch's error when none works)."""
    from cyautograd import backend
    if choice == "cpu":
        return {"label": None, "provider": None, "why": "--device cpu"}
    if not backend.is_available():
        if choice == "cuda":
            backend.check_device("cuda")   # raises torch's error
        return {"label": None, "provider": None, "why": "no device backend available"}
    return {"label": f"cuda:{backend.current_device()}", "provider": backend.provider_name(), "why": None}


class _default_device:
    """Factories without device= make tensors on `label` inside the block."""

    def __init__(self, T, label):
        self.T, self.label = T, label

    def __enter__(self):
        self.T.set_default_device(self.label)

    def __exit__(self, *exc):
        self.T.set_default_device(None)


def run_device_rows(args, libs, overheads, sample_time, progress, dev):
    """Every row with a torch-API workload, built and measured with the
    device as the default device (cyautograd; torch too when torch.cuda
    works), labelled with the device and its provider. A row whose workload
    does not build or run there is kept with its error, unmeasured."""
    from cyautograd.bench.harness import Workload, measure
    from cyautograd.bench.report import median, ratio
    from cyautograd.bench.workloads import ROWS
    rows = []
    torch = libs.get("torch")
    tdev = torch is not None and torch.cuda.is_available() and dev["provider"] == "cupy"
    for row in ROWS:
        if row.make is None or row.category == "floors" or not _selected(row, args.filter):
            continue
        ws, errors = {}, {}
        for lib, T in (("cyautograd", libs["cyautograd"]), ("torch", torch if tdev else None)):
            if T is None:
                continue
            try:
                with _default_device(T, dev["label"]):
                    w = Workload.of(row.make(T))
                    w.sample(1)
                ws[lib] = (T, w)
            except Exception as e:  # an op not routed on the device: report, do not stop the suite
                errors[lib] = f"{type(e).__name__}: {e}"
        times = {}
        for lib, (T, w) in ws.items():
            with _default_device(T, dev["label"]):
                times.update(measure({lib: w}, args.repeat, sample_time, overheads))
        r = {"category": "device", "key": row.key + "@" + dev["label"],
             "name": f"{row.name} [{dev['label']} {dev['provider']}]", "floor_name": None,
             "device": dev["label"], "provider": dev["provider"], "times": times, "noisy": False}
        if errors:
            r["errors"] = errors
        r["ratio_torch"] = ratio(median(r, "cyautograd"), median(r, "torch"))
        r["ratio_floor"] = None
        rows.append(r)
        progress(".")
    return rows


def run_scaling(args, libs, overheads, progress):
    from cyautograd.bench.harness import Workload, measure
    from cyautograd.bench.workloads import SCALING_CHAIN, SCALING_SIZE, SCALING_SIZE_CHAIN, _np_chain, chain
    chains = SCALING_CHAIN[:2] if args.quick else SCALING_CHAIN
    sizes = SCALING_SIZE[:2] if args.quick else SCALING_SIZE
    repeat = max(1, min(args.repeat, 5))
    out = {"chain": [], "size": [], "size_chain": SCALING_SIZE_CHAIN}
    for key, points in (("chain", [(n, 4, n) for n in chains]),
                        ("size", [(SCALING_SIZE_CHAIN, s, s) for s in sizes])):
        for n, size, label in points:
            ws = {"cyautograd": Workload.of(chain(n, size)(libs["cyautograd"]))}
            if libs["torch"] is not None:
                ws["torch"] = Workload.of(chain(n, size)(libs["torch"]))
            ws["floor"] = Workload.of(_np_chain(n, size))
            res = measure(ws, repeat, 0.002 if args.quick else 0.02, overheads)
            p = {"n": label, "ops": n, "size": size}
            p.update({k: v["median"] for k, v in res.items()})
            out[key].append(p)
            progress(".")
    return out


def run(args):
    import numpy as np

    from cyautograd.bench import report
    from cyautograd.bench.harness import describe_machine, harness_overheads
    libs = load_libraries(set(args.libs.split(",")))
    sample_time = 0.001 if args.quick else 0.004
    overheads = harness_overheads(args.repeat, sample_time)
    result = {
        "schema": 1,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": describe_machine(np, libs),
        "libraries": {k: v is not None for k, v in libs.items()},
        "settings": {"repeat": args.repeat, "sample_ms": sample_time * 1e3, "quick": args.quick,
                     "filter": args.filter},
        "overhead_ns": {k: v * 1e9 for k, v in overheads.items()},
    }
    result["device"] = select_device(args.device)
    for line in report.header_lines(result):
        print(line)

    def progress(c):
        if sys.stderr.isatty():
            sys.stderr.write(c)
            sys.stderr.flush()

    result["rows"] = run_rows(args, libs, overheads, sample_time, progress)
    if result["device"]["label"] is not None:
        result["rows"] += run_device_rows(args, libs, overheads, sample_time, progress, result["device"])
    if not args.no_scaling and not args.filter:
        result["scaling"] = run_scaling(args, libs, overheads, progress)
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    print()
    for line in report.table_lines(result):
        print(line)
    if result.get("scaling"):
        print()
        for line in report.scaling_lines(result):
            print(line)
    if args.compare:
        with open(args.compare) as f:
            old = json.load(f)
        print()
        print(f"change against {args.compare} ({old.get('created', '?')}):")
        for line in report.compare_lines(result, old):
            print(line)
    if args.json:
        report.write_json(result, args.json)
        print(f"\nwrote {args.json}")
    if args.chart:
        report.write_chart(result, args.chart)
        print(f"wrote {args.chart}")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(report.header_lines(result)) + "\n\n")
            f.write("\n".join(report.table_lines(result, markdown=True)) + "\n\n")
            f.write("\n".join(report.scaling_lines(result, markdown=True)) + "\n")
        print(f"wrote {args.markdown}")
    return result


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    args = parse_args(argv)   # --help and bad flags answer here, before any re-run
    rc = one_thread_or_reexec(argv)
    if rc is not None:
        if rc:
            raise SystemExit(rc)
        return None
    return run(args)
