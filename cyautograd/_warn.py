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
