"""cyautograd.profiler, shaped like torch.profiler: the step-scheduled
front end over ``cyautograd.autograd.profiler``.

``profile`` records what the autograd profiler records (every backward node
the engine runs, each backward execution as a whole, and every
``record_function`` region; see that module's docstring) while the
``schedule`` says RECORD, hands itself to ``on_trace_ready`` at the end of
each active cycle, and exports Chrome traces (``export_chrome_trace``,
``tensorboard_trace_handler``). There is no Kineto and no device activity:
``supported_activities()`` is ``{ProfilerActivity.CPU}`` and
``kineto_available()`` is False. Options that only Kineto uses
(``record_shapes``, ``profile_memory``, ``with_stack``, ``with_flops``,
``with_modules``, ``experimental_config``, ...) are accepted and ignored.

NOTE [ Profiler schedule transitions ]
The state machine is torch's: each (previous action, next action) pair of
``ProfilerAction`` maps to a list of steps (prepare/start/stop the trace,
call ``on_trace_ready``); ``stop()`` transits to "no action". With a
schedule, every step is wrapped in a ``ProfilerStep#N`` region, so the table
shows one row per recorded step.
"""
import enum
import os
import warnings

from cyautograd.autograd import profiler as _autograd_profiler
from cyautograd.autograd.profiler import record_function

__all__ = ["profile", "schedule", "supported_activities", "tensorboard_trace_handler",
           "ProfilerAction", "ProfilerActivity", "kineto_available", "record_function"]


class ProfilerActivity(enum.Enum):
    """The kinds of activity a profiler can record (only CPU is recorded here)."""
    CPU = 0
    XPU = 1
    CUDA = 2
    HPU = 3
    MTIA = 4
    PrivateUse1 = 5


class ProfilerAction(enum.Enum):
    """What the profiler does at a step: nothing, warm up, record, or record
    and then hand the trace to ``on_trace_ready``."""
    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


def supported_activities():
    """The activities this build can profile: ``{ProfilerActivity.CPU}``."""
    return {ProfilerActivity.CPU}


def kineto_available():
    """False: there is no Kineto tracer; events come from the engine's hook."""
    return False


def schedule(*, wait, warmup, active, repeat=0, skip_first=0, skip_first_wait=0):
    """A step -> ``ProfilerAction`` function for ``profile(schedule=...)``:
    skip ``skip_first`` steps, then cycle through ``wait`` idle steps,
    ``warmup`` steps and ``active`` recorded steps (the last one
    RECORD_AND_SAVE), ``repeat`` times (0: until profiling stops).
    ``skip_first_wait`` drops the first cycle's wait."""
    if wait < 0 or warmup < 0 or active <= 0 or repeat < 0 or skip_first < 0:
        raise AssertionError(
            f"Invalid profiler schedule arguments. Got wait={wait} (need >= 0), warmup={warmup} "
            f"(need >= 0), active={active} (need > 0), repeat={repeat} (need >= 0), "
            f"skip_first={skip_first} (need >= 0).")
    if warmup == 0:
        warnings.warn("Profiler won't be using warmup, this can skew profiler results", stacklevel=2)
    cycle = wait + warmup + active

    def schedule_fn(step):
        if step < 0:
            raise AssertionError(f"Step must be non-negative. Got {step}.")
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        if skip_first_wait != 0:
            step += wait
        if repeat > 0 and step / cycle >= repeat:
            return ProfilerAction.NONE
        pos = step % cycle
        if pos < wait:
            return ProfilerAction.NONE
        if pos < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD if pos < cycle - 1 else ProfilerAction.RECORD_AND_SAVE
    return schedule_fn


def _always_record(step):
    return ProfilerAction.RECORD


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False, use_python_export=False):
    """An ``on_trace_ready`` callback writing each trace to ``dir_name`` as
    ``<worker_name>.<ns>.pt.trace.json[.gz]`` (worker name by default
    ``<hostname>_<pid>``), the layout TensorBoard's profiler plugin reads."""
    import socket
    import time

    def handler_fn(prof):
        nonlocal worker_name
        if not os.path.isdir(dir_name):
            try:
                os.makedirs(dir_name, exist_ok=True)
            except Exception as e:
                raise RuntimeError("Can't create directory: " + dir_name) from e
        if not worker_name:
            worker_name = f"{socket.gethostname()}_{os.getpid()}"
        name = f"{worker_name}.{time.time_ns()}.pt.trace.json" + (".gz" if use_gzip else "")
        prof.export_chrome_trace(os.path.join(dir_name, name))
    return handler_fn


class profile:
    """Profiler context manager with a step schedule (see the module
    docstring). Use as ``with profile(...) as p: ...; p.step()`` or with
    explicit ``start()``/``stop()``; read the last trace with
    ``key_averages()``, ``events()`` or ``export_chrome_trace(path)``."""

    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False,
                 use_cuda=None, custom_trace_id_callback=None, post_processing_timeout_s=None):
        self.activities = set(activities) if activities else supported_activities()
        self.record_steps = schedule is not None
        self.schedule = schedule if schedule is not None else _always_record
        self.on_trace_ready = on_trace_ready
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)
        self.step_rec_fn = None
        self.profiler = None
        self._metadata = {}
        A = ProfilerAction
        prep, start, stop, ready = self._prepare_trace, self._start_trace, self._stop_trace, self._trace_ready

        def warn_(msg):
            return lambda: warnings.warn(msg)
        self._action_map = {
            (A.NONE, A.NONE): [], (A.NONE, A.WARMUP): [prep], (A.NONE, A.RECORD): [prep, start],
            (A.NONE, A.RECORD_AND_SAVE): [prep, start],
            (A.WARMUP, A.NONE): [warn_("Incorrect schedule: WARMUP followed by NONE"), start, stop],
            (A.WARMUP, A.WARMUP): [], (A.WARMUP, A.RECORD): [start], (A.WARMUP, A.RECORD_AND_SAVE): [start],
            (A.RECORD, A.NONE): [warn_("Incorrect schedule: RECORD followed by NONE"), stop],
            (A.RECORD, A.WARMUP): [warn_("Incorrect schedule: RECORD followed by WARMUP"), stop],
            (A.RECORD, A.RECORD): [], (A.RECORD, A.RECORD_AND_SAVE): [],
            (A.RECORD_AND_SAVE, A.NONE): [stop, ready],
            (A.RECORD_AND_SAVE, A.WARMUP): [stop, ready, prep],
            (A.RECORD_AND_SAVE, A.RECORD): [stop, ready, prep, start],
            (A.RECORD_AND_SAVE, A.RECORD_AND_SAVE): [stop, ready, prep, start],
            (A.WARMUP, None): [start, stop], (A.RECORD, None): [stop, ready],
            (A.RECORD_AND_SAVE, None): [stop, ready],
        }

    # the steps of NOTE [ Profiler schedule transitions ]
    def _prepare_trace(self):
        self.profiler = _autograd_profiler.profile()

    def _start_trace(self):
        if self.profiler is None:
            self._prepare_trace()
        self.profiler.__enter__()

    def _stop_trace(self):
        if self.profiler is not None and self.profiler.entered and self.profiler.function_events is None:
            self.profiler.__exit__(None, None, None)

    def _trace_ready(self):
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)

    def _transit(self, prev, cur):
        for act in self._action_map.get((prev, cur), ()):
            act()

    def start(self):
        """Begin profiling at the current step."""
        self._transit(ProfilerAction.NONE, self.current_action)
        if self.record_steps:
            self.step_rec_fn = record_function("ProfilerStep#" + str(self.step_num))
            self.step_rec_fn.__enter__()

    def stop(self):
        """End profiling (the last active cycle's trace goes to ``on_trace_ready``)."""
        if self.record_steps and self.step_rec_fn is not None:
            self.step_rec_fn.__exit__(None, None, None)
            self.step_rec_fn = None
        self._transit(self.current_action, None)

    def step(self):
        """Signal that the next profiling step has started."""
        if self.record_steps and self.step_rec_fn is not None:
            self.step_rec_fn.__exit__(None, None, None)
            self.step_rec_fn = None
        prev = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        self._transit(prev, self.current_action)
        if self.record_steps:
            self.step_rec_fn = record_function("ProfilerStep#" + str(self.step_num))
            self.step_rec_fn.__enter__()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.stop()

    def _last(self):
        if self.profiler is None:
            raise AssertionError("Profiler must be initialized before getting events")
        return self.profiler

    def events(self):
        """The events of the last recorded trace (an EventList)."""
        return self._last().events()

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        """The last trace's events grouped by name (see
        ``autograd.profiler.EventList.table``)."""
        return self._last().key_averages(group_by_input_shape, group_by_stack_n, group_by_overload_name)

    def add_metadata(self, key, value):
        """Attach a key/value string to the exported traces."""
        self._metadata[key] = value

    def add_metadata_json(self, key, value):
        """Attach a key/JSON-text value to the exported traces."""
        import json
        self._metadata[key] = json.loads(value)

    def export_chrome_trace(self, path):
        """Write the last trace as a Chrome trace JSON file (``.gz``: gzipped)."""
        prof = self._last()
        prof._check_finish()
        _autograd_profiler._write_chrome_trace(path, prof.function_events, self._metadata)
