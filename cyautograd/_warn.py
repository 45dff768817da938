"""Warnings attributed to the user's line.

NOTE [ Warnings point at the caller ]
A warning raised inside the library names the first frame outside the
cyautograd package: compiled (Cython) functions have no Python frames and
Python helpers of the package do, so a fixed ``stacklevel`` is wrong on
some paths (x[idx] = v reaches index_put_ through _ops.setitem; a direct
x.index_put_ does not). This walk is only paid when a warning is issued.
"""
import os
import sys
import warnings

_PKG = os.path.dirname(os.path.abspath(__file__)) + os.sep


def warn_user(message, category=UserWarning):
    frame = sys._getframe(1)
    level = 2
    while frame is not None and frame.f_code.co_filename.startswith(_PKG):
        frame = frame.f_back
        level += 1
    warnings.warn(message, category, stacklevel=level)


def warn_invalid_dof(fname, in_numel, out_numel, correction):
    """torch's var/std warning when ``correction`` leaves no degrees of freedom.

    The reduction factor is input numel / output numel (0 when the output is
    empty), as torch counts it; returns True when it warned."""
    factor = in_numel // out_numel if out_numel else 0
    if factor - correction <= 0:
        warn_user(f"{fname}(): degrees of freedom is <= 0. Correction should be strictly less "
                  "than the reduction factor (input numel divided by output numel).")
        return True
    return False


_WARNED = set()


def warn_once(key, message, category=UserWarning):
    """torch's TORCH_WARN_ONCE: the first time per process, or every time
    while ``set_warn_always(True)`` is in effect."""
    import cyautograd
    if key in _WARNED and not cyautograd.is_warn_always_enabled():
        return
    _WARNED.add(key)
    warn_user(message, category)
