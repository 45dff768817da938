"""torch.cpu: the CPU's share of the device-agnostic API that ``cyautograd.cuda``
has (``is_available``, ``device_count``, ``synchronize``, streams, events), so
code written as ``getattr(torch, device_type).synchronize()`` runs on "cpu".
Everything here is a no-op or a constant, as in torch: the CPU is one device
that runs every kernel synchronously.

NOTE [ torch.cpu is a module ]
``torch.cpu`` is this module, never a function: ``torch.cpu(x)`` is a
TypeError ("'module' object is not callable"), and ``Tensor.cpu`` (the method,
bound from ``cyautograd._ops``) is unaffected. ``cyautograd/__init__.py``
imports this package after the star import of ``_ops``, so the package
attribute ``cyautograd.cpu`` is this module and not ``_ops.cpu``.
"""
import os as _os
import platform as _platform
from contextlib import AbstractContextManager as _AbstractContextManager
from functools import lru_cache as _lru_cache
from types import MappingProxyType as _MappingProxyType

from cyautograd.cpu import amp  # noqa: F401

__all__ = ["is_available", "is_initialized", "synchronize", "current_device", "current_stream",
           "stream", "set_device", "device_count", "Stream", "StreamContext", "Event",
           "get_capabilities"]

# /proc/cpuinfo flag -> the capability name torch.cpu.get_capabilities() reports (x86)
_X86_FLAGS = {"sse": "sse", "sse2": "sse2", "pni": "sse3", "ssse3": "ssse3", "sse4_1": "sse4_1",
              "sse4_2": "sse4_2", "sse4a": "sse4a", "avx": "avx", "avx2": "avx2", "avx_vnni": "avx_vnni",
              "avx512f": "avx512_f", "avx512cd": "avx512_cd", "avx512dq": "avx512_dq",
              "avx512bw": "avx512_bw", "avx512vl": "avx512_vl", "avx512ifma": "avx512_ifma",
              "avx512vbmi": "avx512_vbmi", "avx512_vbmi2": "avx512_vbmi2",
              "avx512_bitalg": "avx512_bitalg", "avx512_vpopcntdq": "avx512_vpopcntdq",
              "avx512_vnni": "avx512_vnni", "avx512_bf16": "avx512_bf16", "avx512_fp16": "avx512_fp16",
              "avx512_vp2intersect": "avx512_vp2intersect", "avx512_4vnniw": "avx512_4vnniw",
              "avx512_4fmaps": "avx512_4fmaps", "amx_bf16": "amx_bf16", "amx_tile": "amx_tile",
              "amx_int8": "amx_int8", "amx_fp16": "amx_fp16", "fma": "fma3", "fma4": "fma4",
              "f16c": "f16c", "bmi1": "bmi", "bmi2": "bmi2", "popcnt": "popcnt", "abm": "lzcnt",
              "aes": "aes", "sha_ni": "sha", "clflush": "clflush", "clflushopt": "clflushopt",
              "clwb": "clwb"}


@_lru_cache(None)
def get_capabilities():
    """An immutable mapping of what this CPU supports: ``architecture`` and, on an
    x86 Linux host, the instruction-set flags (torch's names, from /proc/cpuinfo).

    >>> torch.cpu.get_capabilities()["architecture"] != ""
    True
    """
    caps = {"architecture": _platform.machine(), "num_logical_cores": _os.cpu_count() or 1}
    if caps["architecture"] in ("x86_64", "AMD64", "i386", "i686"):
        flags = set()
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.startswith("flags"):
                        flags = set(line.split(":", 1)[1].split())
                        break
        except OSError:
            pass
        for flag, name in _X86_FLAGS.items():
            caps[name] = flag in flags
    return _MappingProxyType(caps)


def is_available():
    """Whether the CPU is available: always True (for device-agnostic code).

    >>> torch.cpu.is_available()
    True
    """
    return True


def is_initialized():
    """Whether the CPU is initialized: always True.

    >>> torch.cpu.is_initialized()
    True
    """
    return True


def synchronize(device=None):
    """Waits for every kernel on the CPU: they all ran already (``device`` is ignored).

    >>> torch.cpu.synchronize()
    """


def device_count():
    """The number of CPU devices (not cores): always 1.

    >>> torch.cpu.device_count()
    1
    """
    return 1


def current_device():
    """The current CPU device: always ``'cpu'``.

    >>> torch.cpu.current_device()
    'cpu'
    """
    return "cpu"


def set_device(device):
    """Selects the CPU device: nothing to do, there is one."""


class Stream:
    """A CPU stream: only for device-agnostic code (every method does nothing)."""

    def __init__(self, priority=-1):
        pass

    def wait_stream(self, stream):
        pass

    def record_event(self):
        pass

    def wait_event(self, event):
        pass


class Event:
    """A CPU event: always complete."""

    def query(self):
        return True

    def record(self, stream=None):
        pass

    def synchronize(self):
        pass

    def wait(self, stream=None):
        pass


_default_cpu_stream = Stream()
_current_stream = _default_cpu_stream


def current_stream(device=None):
    """The selected :class:`Stream` (``device`` is ignored).

    >>> isinstance(torch.cpu.current_stream(), torch.cpu.Stream)
    True
    """
    return _current_stream


class StreamContext(_AbstractContextManager):
    """Selects ``stream`` as the current CPU stream inside the block (None: no change)."""

    def __init__(self, stream):
        self.stream = stream
        self.prev_stream = _default_cpu_stream

    def __enter__(self):
        global _current_stream
        if self.stream is None:
            return
        self.prev_stream = _current_stream
        _current_stream = self.stream

    def __exit__(self, type, value, traceback):
        global _current_stream
        if self.stream is None:
            return
        _current_stream = self.prev_stream


def stream(stream):
    """A :class:`StreamContext` selecting ``stream``.

    >>> with torch.cpu.stream(torch.cpu.Stream()): pass
    """
    return StreamContext(stream)
