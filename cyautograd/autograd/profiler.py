"""cyautograd.autograd.profiler, shaped like torch.autograd.profiler:
``profile`` records timed events, ``record_function`` labels a region, and
``key_averages().table()`` prints them in torch's table format.

What is timed: every node the backward engine runs (its ``apply``: the
backward formula, mostly array math; row named like the node, e.g.
``MulBackward0``; gradient accumulators ``torch::autograd::AccumulateGrad``
as in torch) and every backward execution as a whole
(``autograd::engine::execute``). Node rows nest inside the execution, so the
execution row's *Self CPU* is the engine's own bookkeeping (graph walk,
dependency counts, input buffers, hook dispatch, gradient validation) and
its *CPU total* the whole backward: bookkeeping versus math at a glance.
Regions labelled with ``record_function`` get rows too; "Self" time always
excludes the events nested inside.

The engine side is a C-level flag (NOTE [ Profiler hook ] in engine.pyx):
with no profile active, the cost is one test of a C int per node.

Forward ops are timed too, each as a row named like torch's
(``aten::mul``, ``aten::div`` for ``/``, ``aten::matmul``): while a profile
records, the ops are reached through the op hooks of forward AD (NOTE
[ Profiler op dispatch ] in forward_ad.py), installed when the first profile
starts and removed when the last one stops -- outside a profile the ops are
untouched. An op row's time includes the hook's own cost (about a
microsecond per op), as torch's includes its RecordFunction's; ops that an
op calls inside itself nest in its row.
"""
import json
import os
import threading

from cyautograd import engine as _engine

__all__ = ["profile", "record_function", "EventList", "FunctionEventAvg", "FunctionEvent"]

# the names torch's profiler gives its memory events (cyautograd's profiler
# records none: profile_memory is accepted and ignored)
MEMORY_EVENT_NAME = "[memory]"
OUT_OF_MEMORY_EVENT_NAME = "[OutOfMemory]"


def kineto_available():
    """False: cyautograd's profiler has no Kineto tracer."""
    return False

_active = []          # the profile objects recording, innermost last
_lock = threading.Lock()


class FunctionEvent:
    """One timed event: name, start and end (ns, engine clock), depth."""

    def __init__(self, name, start_ns, end_ns):
        self.name = name
        # the steps of torch.profiler.profile's schedule average as one row
        self.key = "ProfilerStep*" if name.startswith("ProfilerStep#") else name
        self.start_ns = start_ns
        self.end_ns = end_ns
        self.children = []
        self.cpu_parent = None
        self.thread = threading.get_ident()

    @property
    def cpu_time_total(self):
        """Wall time of the event, in microseconds."""
        return (self.end_ns - self.start_ns) / 1000.0

    @property
    def self_cpu_time_total(self):
        """Wall time minus the time of the events nested inside, in us."""
        return self.cpu_time_total - sum(c.cpu_time_total for c in self.children)

    def __repr__(self):
        return f"<FunctionEvent name={self.name} cpu_time_total={self.cpu_time_total:.3f}us>"


class FunctionEventAvg:
    """Events with the same name, summed: count, total and self time."""

    def __init__(self, key):
        self.key = key
        self.count = 0
        self.cpu_time_total = 0.0
        self.self_cpu_time_total = 0.0

    def add(self, ev):
        self.count += 1
        self.cpu_time_total += ev.cpu_time_total
        self.self_cpu_time_total += ev.self_cpu_time_total
        return self

    @property
    def cpu_time(self):
        """Average time per call, in microseconds."""
        return self.cpu_time_total / max(self.count, 1)

    def __repr__(self):
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={self.self_cpu_time_total:.3f}us "
                f"cpu_time={self.cpu_time_total:.3f}us count={self.count}>")


def _fmt_time(us):
    if us >= 1e6:
        return f"{us / 1e6:.3f}s"
    if us >= 1e3:
        return f"{us / 1e3:.3f}ms"
    return f"{us:.3f}us"


class EventList(list):
    """A list of events (FunctionEvent or FunctionEventAvg) that can print
    itself as torch's profiler table."""

    def __init__(self, *args, total_self_us=None):
        super().__init__(*args)
        self._total_self_us = total_self_us

    def key_averages(self):
        return _average(self)

    @property
    def self_cpu_time_total(self):
        """Sum of self times, in microseconds."""
        if self._total_self_us is not None:
            return self._total_self_us
        return sum(e.self_cpu_time_total for e in self)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              header=None, top_level_events_only=False):
        """The events as torch's text table: Name, Self CPU %, Self CPU,
        CPU total %, CPU total, CPU time avg, # of Calls, sorted by
        ``sort_by`` ("self_cpu_time_total", "cpu_time_total", "cpu_time",
        "count"; descending) and cut to ``row_limit`` rows."""
        rows = list(self)
        keys = {"self_cpu_time_total": lambda e: e.self_cpu_time_total,
                "cpu_time_total": lambda e: e.cpu_time_total,
                "cpu_time": lambda e: getattr(e, "cpu_time", e.cpu_time_total),
                "count": lambda e: getattr(e, "count", 1)}
        if sort_by is not None:
            if sort_by not in keys:
                raise AttributeError(f"'FunctionEventAvg' object has no attribute '{sort_by}'")
            rows.sort(key=keys[sort_by], reverse=True)
        if row_limit is not None and row_limit > 0:
            rows = rows[:row_limit]
        total = self.self_cpu_time_total or 1e-30
        name_w = max([len(r.key) for r in rows] + [4]) + 4
        name_w = min(name_w, max_name_column_width)
        w = 12
        sep = "-" * name_w + "  " + "  ".join(["-" * w] * 6) + "  "
        heads = ["Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg", "# of Calls"]
        lines = [sep, "Name".rjust(name_w) + "  " + "  ".join(h.rjust(w) for h in heads) + "  ", sep]
        for r in rows:
            name = r.key if len(r.key) <= name_w else r.key[:name_w - 3] + "..."
            count = getattr(r, "count", 1)
            vals = [f"{100.0 * r.self_cpu_time_total / total:.2f}%", _fmt_time(r.self_cpu_time_total),
                    f"{100.0 * r.cpu_time_total / total:.2f}%", _fmt_time(r.cpu_time_total),
                    _fmt_time(r.cpu_time_total / max(count, 1)), str(count)]
            lines.append(name.rjust(name_w) + "  " + "  ".join(v.rjust(w) for v in vals) + "  ")
        lines.append(sep)
        lines.append(f"Self CPU time total: {_fmt_time(self.self_cpu_time_total)}")
        return "\n".join(lines) + "\n"

    def __str__(self):
        return self.table()

    def export_chrome_trace(self, path):
        """Write the events as a Chrome trace (the JSON that chrome://tracing,
        Perfetto and TensorBoard read): one complete ("X") event per row, with
        start and duration in microseconds.

        >>> import os, tempfile
        >>> x = torch.ones(2, requires_grad=True)
        >>> with torch.autograd.profiler.profile() as prof:
        ...     (x * 2).sum().backward()
        >>> with tempfile.TemporaryDirectory() as d:
        ...     prof.events().export_chrome_trace(os.path.join(d, "t.json"))
        ...     os.path.getsize(os.path.join(d, "t.json")) > 0
        True
        """
        _write_chrome_trace(path, self)


def _write_chrome_trace(path, events, metadata=None):
    pid = os.getpid()
    trace = [{"ph": "X", "cat": "cpu_op", "name": e.name, "pid": pid, "tid": e.thread,
              "ts": e.start_ns / 1000.0, "dur": (e.end_ns - e.start_ns) / 1000.0, "args": {}}
             for e in events if isinstance(e, FunctionEvent)]
    doc = {"schemaVersion": 1, "traceEvents": trace, "displayTimeUnit": "ms"}
    if metadata:
        doc.update(metadata)
    if str(path).endswith(".gz"):
        import gzip
        with gzip.open(path, "wt") as f:
            json.dump(doc, f)
    else:
        with open(path, "w") as f:
            json.dump(doc, f)


def _average(events):
    avgs = {}
    for ev in events:
        avgs.setdefault(ev.key, FunctionEventAvg(ev.key)).add(ev)
    total = sum(e.self_cpu_time_total for e in events)
    return EventList(avgs.values(), total_self_us=total)


def _nest(events):
    """Set children/parents by time containment (events on one thread)."""
    stack = []
    for ev in sorted(events, key=lambda e: (e.start_ns, -e.end_ns)):
        while stack and stack[-1].end_ns <= ev.start_ns:
            stack.pop()
        if stack and ev.end_ns <= stack[-1].end_ns:
            ev.cpu_parent = stack[-1]
            stack[-1].children.append(ev)
        stack.append(ev)


# Tensor operators reach the hooks under their slot names; torch's rows
# name the ATen op
_OP_ROW = {"truediv": "div", "rtruediv": "div", "rpow": "pow", "rsub": "rsub", "iadd": "add_",
           "isub": "sub_", "imul": "mul_", "itruediv": "div_", "view1": "view", "negative": "neg",
           "subtract": "sub", "multiply": "mul", "divide": "div", "getitem": "index"}


_op_tls = threading.local()   # .row: the op row being timed on this thread


def _record_op(name, call, fn, args, kwargs):
    """The profiler's op hook (NOTE [ Profiler op dispatch ]). An op that
    goes straight on to the op of the same name (the ``@`` operator to
    ``matmul``) makes one row."""
    row = "aten::" + _OP_ROW.get(name, name)
    outer = getattr(_op_tls, "row", None)
    if outer == row:
        return call(name, fn, args, kwargs)
    _op_tls.row = row
    start = _engine._profiler_now_ns()
    try:
        return call(name, fn, args, kwargs)
    finally:
        end = _engine._profiler_now_ns()
        _op_tls.row = outer
        with _lock:
            for p in _active:
                p._events.append(FunctionEvent(row, start, end))


def _record_node(node, start, end):
    # node None: a whole backward execution; its self time (its wall time
    # minus the node applies nested in it) is the engine's bookkeeping
    name = "autograd::engine::execute" if node is None else node.name()
    with _lock:
        for p in _active:
            p._events.append(FunctionEvent(name, start, end))


class profile:
    """Context manager recording timed events while active (``enabled``);
    ``key_averages()`` groups them by name, ``events()`` lists them. Options
    that only make sense for torch's CUDA/Kineto profiler (``use_cuda``,
    ``record_shapes``, ``profile_memory``, ``with_stack``, ...) are accepted
    and ignored."""

    def __init__(self, enabled=True, *, use_cuda=False, use_device=None, record_shapes=False,
                 with_flops=False, profile_memory=False, with_stack=False, with_modules=False,
                 use_kineto=False, use_cpu=True, experimental_config=None, acc_events=False,
                 custom_trace_id_callback=None, post_processing_timeout_s=None, activity_filters=None):
        self.enabled = enabled
        self.entered = False
        self._events = []
        self.function_events = None

    def __enter__(self):
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError("Profiler context manager is not reentrant")
        self.entered = True
        with _lock:
            _active.append(self)
            first = len(_active) == 1
            _engine._set_profiler(_record_node)
        if first:
            from cyautograd.autograd import forward_ad
            forward_ad._set_prof_hook(_record_op)
        return self

    def __exit__(self, *args):
        if not self.enabled:
            return False
        with _lock:
            _active.remove(self)
            last = not _active
            if last:
                _engine._set_profiler(None)
        if last:
            from cyautograd.autograd import forward_ad
            forward_ad._set_prof_hook(None)
        _nest(self._events)
        self.function_events = EventList(self._events)
        return False

    def _check_finish(self):
        if self.function_events is None:
            if self.entered:
                raise RuntimeError("Profiler didn't finish running")
            # never entered: nothing recorded (as torch)
            self.function_events = EventList([])

    def events(self):
        """The recorded events (an EventList)."""
        self._check_finish()
        return self.function_events

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        """The events grouped by name (an EventList of FunctionEventAvg)."""
        self._check_finish()
        return _average(self.function_events)

    def table(self, sort_by=None, row_limit=100, **kwargs):
        """Shorthand for ``key_averages().table(...)``."""
        return self.key_averages().table(sort_by=sort_by, row_limit=row_limit, **kwargs)

    def export_chrome_trace(self, path):
        """Write the recorded events as a Chrome trace (see
        ``EventList.export_chrome_trace``).

        >>> import os, tempfile
        >>> x = torch.ones(2, requires_grad=True)
        >>> with torch.autograd.profiler.profile() as prof:
        ...     (x * 2).sum().backward()
        >>> with tempfile.TemporaryDirectory() as d:
        ...     prof.export_chrome_trace(os.path.join(d, "t.json"))
        ...     os.path.getsize(os.path.join(d, "t.json")) > 0
        True
        """
        self._check_finish()
        self.function_events.export_chrome_trace(path)

    @property
    def self_cpu_time_total(self):
        """Sum of all events' self time, in microseconds."""
        self._check_finish()
        return sum(e.self_cpu_time_total for e in self.function_events)


class record_function:
    """Label a region (context manager or decorator): while a profile is
    active, the region shows as a row named ``name``."""

    def __init__(self, name, args=None):
        self.name = name
        self.args = args

    def __enter__(self):
        self.start = _engine._profiler_now_ns()
        return self

    def __exit__(self, *exc):
        end = _engine._profiler_now_ns()
        with _lock:
            for p in _active:
                p._events.append(FunctionEvent(self.name, self.start, end))
        return False

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*a, **k):
            with record_function(self.name):
                return fn(*a, **k)
        return wrapper
