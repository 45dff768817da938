"""Count what the device path asks of its array namespace, per bench row.

On a GPU every namespace call that computes is (at least) one kernel launch,
and every conversion of a device array to a host value (bool(x), float(x),
x.item(), a copy to the host) is a device-to-host synchronisation; CuPy's
launch overhead is ~5-10 us each, so these counts predict the device rows'
time far better than wall time on a CPU (NOTE [ Device backends ] in
cyautograd/backend.py; issue 14). This tool runs the bench's device rows
(cli.run_device_rows: every row with a torch-API workload, built with "cuda"
as the default device) on the array-api-strict test backend with every
entry into array_api_strict counted:

  - calls: a function of the namespace (xp.full, xp.astype, ...), a method
    or operator of an array (x + y, x[i], x.T, ...), or a provider array
    operation (backend.copy / contiguous / strided_view / from_host)
  - views: the calls among them that make no kernel on CuPy (reshape,
    broadcast_to, permute_dims, expand_dims, squeeze, matrix_transpose,
    .T/.mT, strided_view): cheap, but not free
  - geometry: reads of a device array's strides and address
    (backend.geometry): host work only, no kernel (not in calls)
  - syncs: conversions to host values (__bool__, __float__, __int__,
    __index__, __complex__, item, __array__, __dlpack__, __iter__,
    to_device to the host device, backend.to_host)

Calls made inside array_api_strict itself (one of its functions calling
another) are not counted: only what cyautograd asks for.

    python tools/count_device_calls.py                      # every device row
    python tools/count_device_calls.py --filter "add_|Adam" # rows whose key or name matches
    python tools/count_device_calls.py -v                   # plus the calls by name
    python tools/count_device_calls.py --json out.json      # counts as JSON
"""
import argparse
import collections
import functools
import json
import os
import re
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(_HERE))

VIEWS = {"reshape", "broadcast_to", "broadcast_arrays", "permute_dims", "expand_dims", "squeeze",
         "matrix_transpose", "T", "mT", "strided_view", "__getitem__:view"}
SYNCS = {"__bool__", "__float__", "__int__", "__index__", "__complex__", "item", "__array__",
         "__dlpack__", "__iter__", "to_host", "to_device:host"}
# array attributes that are metadata, free on CuPy (not counted)
_META = {"shape", "dtype", "device", "ndim", "size", "__array_namespace__", "__dlpack_device__",
         "__repr__", "__str__", "__format__", "__hash__", "__sizeof__"}


class Counter:
    def __init__(self):
        self.depth = 0
        self.on = False
        self.counts = collections.Counter()

    def wrap(self, label, fn, classify=None):
        counter = self

        @functools.wraps(fn)
        def counted(*args, **kwargs):
            if counter.depth == 0 and counter.on:
                counter.counts[classify(args, kwargs) if classify else label] += 1
            counter.depth += 1
            try:
                return fn(*args, **kwargs)
            finally:
                counter.depth -= 1
        return counted


def _basic_index(key):
    keys = key if isinstance(key, tuple) else (key,)
    return all(k is None or k is Ellipsis or isinstance(k, (int, slice)) for k in keys)


def install(counter):
    """Wrap array_api_strict's namespace functions, its Array's methods,
    operators and view properties, and the test provider's array operations.
    Returns a function that puts every one back."""
    import array_api_strict as xs
    from array_api_strict._array_object import Array
    from cyautograd import backend
    saved = []

    def replace(obj, name, value):
        saved.append((obj, name, vars(obj)[name]))
        setattr(obj, name, value)
    for name in dir(xs):
        fn = getattr(xs, name)
        if name.startswith("_") or not callable(fn) or isinstance(fn, type):
            continue
        if getattr(fn, "__module__", "") and not fn.__module__.startswith("array_api_strict"):
            continue
        replace(xs, name, counter.wrap("xp." + name, fn))
    for sub in ("linalg", "fft"):
        mod = getattr(xs, sub, None)
        if mod is None:
            continue
        for name in dir(mod):
            fn = getattr(mod, name)
            if not name.startswith("_") and callable(fn) and not isinstance(fn, type):
                replace(mod, name, counter.wrap(f"xp.{sub}.{name}", fn))
    host = xs.__array_namespace_info__().default_device()
    for name, attr in list(vars(Array).items()):
        if name in _META or name in ("__init__", "__new__", "__getattribute__", "__setattr__",
                                     "__delattr__", "__init_subclass__", "__subclasshook__",
                                     "__reduce__", "__reduce_ex__", "__getstate__", "_new"):
            continue
        if isinstance(attr, property):
            if name in ("T", "mT"):
                replace(Array, name, property(counter.wrap("x." + name, attr.fget)))
            continue
        if isinstance(attr, (staticmethod, classmethod)) or not callable(attr):
            continue
        if name.startswith("_") and not name.startswith("__"):
            continue
        if name == "to_device":
            cls = (lambda a, k: "sync:to_device:host" if (a[1] if len(a) > 1 else k.get("device")) == host
                   else "x.to_device")
            replace(Array, name, counter.wrap(name, attr, cls))
        elif name == "__getitem__":
            cls = (lambda a, k: "view:x.__getitem__:view" if _basic_index(a[1]) else "x.__getitem__")
            replace(Array, name, counter.wrap(name, attr, cls))
        else:
            replace(Array, name, counter.wrap(("sync:x." if name in SYNCS else "x.") + name, attr))
    P = backend.StrictProvider
    replace(P, "geometry", counter.wrap("meta:provider.geometry", P.geometry))
    for name in ("copy", "contiguous", "strided_view", "from_host", "move", "to_host"):
        label = "provider." + name
        if name in SYNCS:
            label = "sync:" + label
        replace(P, name, counter.wrap(label, getattr(P, name)))

    def uninstall():
        for obj, name, value in reversed(saved):
            setattr(obj, name, value)
    return uninstall


def kind(label):
    if label.startswith("sync:"):
        return "syncs"
    if label.startswith("meta:"):
        return "geometry"
    base = label.rsplit(".", 1)[-1]
    if label.startswith("view:") or base in VIEWS:
        return "views"
    return "kernels"


def summarize(counts, n):
    out = {"calls": 0, "kernels": 0, "views": 0, "syncs": 0, "geometry": 0, "by_name": {}}
    for label, c in sorted(counts.items()):
        v = c / n
        k = kind(label)
        out[k] += v
        if k in ("kernels", "views"):
            out["calls"] += v
        out["by_name"][label.split(":", 1)[-1] if label.startswith(("sync:", "view:", "meta:")) else label] = v
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--filter", default=None, help="regex on a row's key or name")
    ap.add_argument("--iters", type=int, default=3, help="iterations counted per row (default 3)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list the calls by name")
    ap.add_argument("--json", default=None, help="write the counts to this file")
    args = ap.parse_args(argv)

    from cyautograd import backend
    prev = (backend._test_provider_cls, backend._provider, backend._provider_error)
    backend.use_test_backend("array_api_strict")
    counter = Counter()
    uninstall = install(counter)
    try:
        return _run(args, counter, backend)
    finally:
        uninstall()
        backend._test_provider_cls, backend._provider, backend._provider_error = prev


def _run(args, counter, backend):
    import cyautograd as T
    from cyautograd.bench.harness import Workload
    from cyautograd.bench.workloads import ROWS
    label = f"cuda:{backend.current_device()}"
    pat = re.compile(args.filter) if args.filter else None
    result = {}
    print(f"{'row':<18} {'calls':>7} {'kernels':>7} {'views':>6} {'syncs':>6} {'geom':>5}  "
          f"per iteration, on {backend.provider_name()}")
    for row in ROWS:
        if row.make is None or row.category == "floors":
            continue
        if pat and not (pat.search(row.key) or pat.search(row.name)):
            continue
        T.set_default_device(label)
        try:
            w = Workload.of(row.make(T))
            w.sample(1)                      # warm-up: first-call state (optimizer buffers, caches)
            counter.counts.clear()
            counter.on = True
            try:
                w.loop(args.iters)
            finally:
                counter.on = False
        except Exception as e:
            print(f"{row.key:<18} error: {type(e).__name__}: {e}")
            result[row.key] = {"error": f"{type(e).__name__}: {e}"}
            continue
        finally:
            T.set_default_device(None)
        s = summarize(counter.counts, args.iters)
        result[row.key] = s
        print(f"{row.key:<18} {s['calls']:>7.4g} {s['kernels']:>7.4g} {s['views']:>6.4g} {s['syncs']:>6.4g} "
              f"{s['geometry']:>5.4g}  {row.name}")
        if args.verbose:
            for name, c in sorted(s["by_name"].items(), key=lambda kv: -kv[1]):
                print(f"{'':<20}{c:>7.4g}  {name}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    return result


if __name__ == "__main__":
    main()
