"""Worker for tests/test_hostile_inputs.py: calls public callables of one
library (cyautograd or torch) with hostile arguments and reports, per call,
the exception type (or success) and whether a failed call changed any
argument tensor.

    python tests/hostile_worker.py MODULE START < names.json

reads the callable names (a JSON list of [namespace, name, kind]), builds the
same deterministic list of calls for either library (``calls()``), runs them
from index START and writes one line per call to stdout:

    S <i>                       before call i (so a signal names its call)
    R <i> <code> <mutated>      after it

A process killed by a signal or a hang thus always leaves the index of the
call that did it as the last ``S`` line without its ``R``; the parent
restarts the worker after it. A call interrupted by the per-call alarm is
reported as a hang and ends the worker, which the parent also restarts.
"""
import json
import math
import os
import resource
import signal
import sys
import warnings

# one letter per outcome, so a callable's outcomes are one short string in the
# golden file: "." success, "-" the name does not exist on that library
CODES = {"TypeError": "T", "RuntimeError": "R", "IndexError": "I", "ValueError": "V",
         "AttributeError": "A", "NotImplementedError": "N", "KeyError": "K",
         "MemoryError": "M", "OverflowError": "O", "ZeroDivisionError": "Z",
         "AssertionError": "!", "Timeout": "H"}
OTHER = "X"
OK = "."
MISSING = "-"
CRASH = "S"       # set by the parent: the process died by a signal
HANG = "H"

PER_CALL_S = 10   # a call taking longer is a hang (generous: CI machines are loaded, and
                  # torch starts its autograd threads on the first backward)


class Timeout(Exception):
    pass


# -- the hostile values -------------------------------------------------------------
# Each is built fresh for every call from the library under test, so a call
# that mutates its arguments cannot leak into the next one.

def _f(T, rg=False):
    return T.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.25]], requires_grad=rg)


HOSTILE = [
    ("none", lambda T: None),
    ("str", lambda T: "abc"),
    ("list", lambda T: [1.0, 2.0]),
    ("object", lambda T: object()),
    ("neg_int", lambda T: -1),
    ("zero", lambda T: 0),
    ("huge_int", lambda T: 2 ** 62),
    ("huge_neg", lambda T: -(2 ** 62)),
    ("past_int64", lambda T: 2 ** 63),   # NOTE [ An int past int64 unpacks as a ValueError ]
    ("float", lambda T: 1.5),
    ("nan", lambda T: math.nan),
    ("bool", lambda T: True),
    ("empty_tuple", lambda T: ()),
    ("int_tensor", lambda T: T.arange(6).reshape(2, 3)),
    ("bool_tensor", lambda T: T.tensor([[True, False, True], [False, False, True]])),
    ("zero_d", lambda T: T.tensor(1.5)),
    ("zero_size", lambda T: T.zeros(0, 3)),
    ("noncontig", lambda T: T.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]).t()),
    ("f64_leaf", lambda T: T.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=T.float64,
                                    requires_grad=True)),
    ("leaf", lambda T: _f(T, True)),
]
H = dict(HOSTILE)

# receivers for Tensor methods and properties
RECEIVERS = ["leaf", "int_tensor", "bool_tensor", "zero_d", "zero_size", "noncontig"]

# second arguments naming a dim or an index out of range, or huge
OUT_OF_RANGE = [(5,), (-10,), (0, 10 ** 18), (10 ** 18,), (-1, -10 ** 18)]


def _x(T):
    return _f(T, True)


def function_calls():
    """(label, build) for a free function f: build(T) -> (args, kwargs)."""
    out = []
    for n, h in HOSTILE:
        out.append((f"f({n})", lambda T, h=h: ((h(T),), {})))
    for n, h in HOSTILE:
        out.append((f"f(x,{n})", lambda T, h=h: ((_x(T), h(T)), {})))
    for n in ("none", "str", "list", "int_tensor", "zero_d", "zero_size", "bool_tensor"):
        out.append((f"f({n},x)", lambda T, h=H[n]: ((h(T), _x(T)), {})))
    for extra in OUT_OF_RANGE:
        out.append((f"f(x,{extra})", lambda T, e=extra: ((_x(T),) + e, {})))
    for n in ("none", "str", "huge_int", "int_tensor", "zero_size"):
        out.append((f"f(x,x,{n})", lambda T, h=H[n]: ((_x(T), _x(T), h(T)), {})))
    return out


def method_calls():
    """(label, build) for a Tensor method m: build(T) -> (receiver, args)."""
    out = []
    for r in RECEIVERS:
        out.append((f"{r}.m()", lambda T, r=H[r]: (r(T), ())))
    for n, h in HOSTILE:
        out.append((f"x.m({n})", lambda T, h=h: (_x(T), (h(T),))))
    for extra in OUT_OF_RANGE:
        out.append((f"x.m{extra}", lambda T, e=extra: (_x(T), e)))
    for n in ("none", "str", "huge_int", "int_tensor", "zero_size"):
        out.append((f"x.m(x,{n})", lambda T, h=H[n]: (_x(T), (_x(T), h(T)))))
    # unbound, with something that is not a Tensor as self
    for n in ("none", "str", "list", "neg_int"):
        out.append((f"Tensor.m({n})", lambda T, h=H[n]: (None, (h(T),))))
    return out


def property_calls():
    """(label, build) for a Tensor property p: build(T) -> (receiver, value)
    with value _GET for a read."""
    out = []
    for r in RECEIVERS:
        out.append((f"{r}.p", lambda T, r=H[r]: (r(T), _GET)))
    for n in ("none", "str", "list", "neg_int", "float", "int_tensor", "zero_size", "f64_leaf",
              "noncontig"):
        out.append((f"x.p={n}", lambda T, h=H[n]: (_x(T), h(T))))
    return out


_GET = object()
FUNCTION_CALLS = function_calls()
METHOD_CALLS = method_calls()
PROPERTY_CALLS = property_calls()


def forms(kind):
    return {"function": FUNCTION_CALLS, "method": METHOD_CALLS, "property": PROPERTY_CALLS}[kind]


# -- resolving a name on either library ---------------------------------------------

def namespace(T, ns):
    if ns == "top":
        return T
    if ns == "Tensor":
        return T.Tensor
    if ns == "functional":
        return T.nn.functional
    if ns == "autograd":
        return T.autograd
    if ns in ("linalg", "special", "optim"):
        return getattr(T, ns)
    if ns == "nn":          # the layer constructors
        return T.nn
    raise ValueError(ns)


def calls(names):
    """The flat call list: (namespace, name, kind, form index)."""
    out = []
    for ns, name, kind in names:
        for k in range(len(forms(kind))):
            out.append((ns, name, kind, k))
    return out


# -- snapshots: a failed call must leave every argument tensor as it was --------------

def _tensors(obj, T, acc):
    if isinstance(obj, T.Tensor):
        acc.append(obj)
    elif isinstance(obj, (list, tuple)):
        for o in obj:
            _tensors(o, T, acc)
    elif isinstance(obj, dict):
        for o in obj.values():
            _tensors(o, T, acc)
    return acc


def _state(t):
    g = t.grad
    return (t.detach().numpy().tolist() if t.numel() else None, tuple(t.shape), tuple(t.stride()),
            str(t.dtype), t._version, bool(t.requires_grad),
            None if g is None else (g.detach().numpy().tolist(), g._version))


def snapshot(args, T):
    return [(t, _state(t)) for t in _tensors(args, T, [])]


def changed(snap):
    for t, s in snap:
        if _state(t) != s:
            return True
    return False


# -- one call ------------------------------------------------------------------------

def run_one(T, item):
    ns, name, kind, k = item
    space = namespace(T, ns)
    if not hasattr(space, name):
        return MISSING, False
    label, build = forms(kind)[k]
    if kind == "function":
        args, kwargs = build(T)
        target = getattr(space, name)
        call = lambda: target(*args, **kwargs)  # noqa: E731
        held = (args, kwargs)
    elif kind == "method":
        recv, args = build(T)
        if recv is None:
            target = getattr(T.Tensor, name)
            call = lambda: target(*args)  # noqa: E731
            held = args
        else:
            call = lambda: getattr(recv, name)(*args)  # noqa: E731
            held = (recv, args)
    else:
        recv, value = build(T)
        if value is _GET:
            call = lambda: getattr(recv, name)  # noqa: E731
        else:
            call = lambda: setattr(recv, name, value)  # noqa: E731
        held = (recv, value)
    snap = snapshot(held, T)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = call()
        del r
        return OK, False
    except BaseException as e:  # noqa: BLE001 - the exception type is the observable
        if isinstance(e, (KeyboardInterrupt, SystemExit)) and not isinstance(e, Timeout):
            raise
        code = CODES.get(type(e).__name__, OTHER)
        for base in type(e).__mro__:      # torch.OutOfMemoryError etc.: report the builtin
            if code == OTHER and base.__name__ in CODES:
                code = CODES[base.__name__]
        return code, changed(snap)


# NOTE [ The worker restores every process-wide setting ]
# A call that succeeds with a hostile argument may change process-wide state
# (torch.use_deterministic_algorithms(1), set_default_dtype(float64),
# set_num_threads(5), manual_seed(-1), set_default_device("meta"), ...), and
# every later call of the worker would then run under it: one case would
# decide the next's outcome. So the worker records each setting once, before
# the first call, and puts it back after every call. A setting one library
# lacks is left out of its record (the other library's getter may exist).
def _settings(T):
    """(name, getter, setter) for each process-wide setting of library T."""
    ag = T.autograd
    out = [
        ("default_dtype", T.get_default_dtype, T.set_default_dtype),
        ("grad_mode", T.is_grad_enabled, T.set_grad_enabled),
        ("anomaly", lambda: (T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()),
         lambda v: ag.set_detect_anomaly(v[0], v[1])),
        ("deterministic", lambda: (T.are_deterministic_algorithms_enabled(),
                                   T.is_deterministic_algorithms_warn_only_enabled()),
         lambda v: T.use_deterministic_algorithms(v[0], warn_only=v[1])),
        ("deterministic_debug_mode", T.get_deterministic_debug_mode, T.set_deterministic_debug_mode),
        ("warn_always", T.is_warn_always_enabled, T.set_warn_always),
        ("num_threads", T.get_num_threads, T.set_num_threads),
        ("matmul_precision", T.get_float32_matmul_precision, T.set_float32_matmul_precision),
        ("default_device", lambda: str(T.get_default_device()),
         lambda v: T.set_default_device(None if v == "cpu" else v)),
        ("multithreading", ag.is_multithreading_enabled, ag.set_multithreading_enabled),
        ("rng_state", T.get_rng_state, T.set_rng_state),
        ("printoptions", lambda: None, lambda v: T.set_printoptions(profile="default")),
        ("autocast_cpu", lambda: T.is_autocast_enabled("cpu"), lambda v: T.set_autocast_enabled("cpu", v)),
    ]
    return out


_SAVED = []


def save_global_state(T):
    """Record the settings reset_global_state puts back (called once, before
    the first call)."""
    del _SAVED[:]
    for name, get, put in _settings(T):
        try:
            _SAVED.append((name, get(), put))
        except Exception:  # noqa: BLE001 - a setting this library lacks
            pass


def reset_global_state(T):
    """Put back every process-wide setting that a call may have changed
    (NOTE [ The worker restores every process-wide setting ])."""
    for name, value, put in _SAVED:
        try:
            put(value)
        except Exception:  # noqa: BLE001 - never let the reset hide the next call
            pass


def _alarm(signum, frame):
    raise Timeout()


def main():
    modname = sys.argv[1]
    start = int(sys.argv[2])
    names = json.load(sys.stdin)
    # a huge allocation fails fast instead of swapping the machine
    # (under AddressSanitizer, whose shadow memory needs terabytes of address
    # space, tools/sanitize.sh caps single allocations instead)
    if os.environ.get("CYAUTOGRAD_SANITIZED") != "1":
        limit = int(os.environ.get("HOSTILE_AS_LIMIT", str(8 << 30)))
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    import numpy as np
    np.seterr(all="ignore")
    T = __import__(modname)
    if modname == "torch":
        T.set_num_threads(1)
    signal.signal(signal.SIGALRM, _alarm)
    save_global_state(T)
    items = calls(names)
    out = sys.stdout
    for i in range(start, len(items)):
        out.write(f"S {i}\n")
        out.flush()
        signal.alarm(PER_CALL_S)
        try:
            code, mutated = run_one(T, items[i])
        except Timeout:
            code, mutated = HANG, False
        finally:
            signal.alarm(0)
        out.write(f"R {i} {code} {int(mutated)}\n")
        if code == HANG:
            # interrupted inside the library: its state is not to be trusted
            # any more (torch's engine after an interrupted backward), so the
            # parent carries on in a fresh process
            out.flush()
            os._exit(0)
        reset_global_state(T)
    out.flush()


if __name__ == "__main__":
    main()
