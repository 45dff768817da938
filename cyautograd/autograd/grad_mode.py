"""cyautograd.autograd.grad_mode, shaped like torch.autograd.grad_mode: the
grad-mode context managers under their torch module path (the classes live
in cyautograd.grad_mode and cyautograd.autograd)."""
from cyautograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from cyautograd.grad_mode import _DecoratorContextManager
from cyautograd.autograd import set_multithreading_enabled  # noqa: F401

import functools

from cyautograd.functions import accumulate_grad as _acc


class _ModeSetter:
    """A process setting made when the manager is constructed (as
    ``set_grad_enabled``) and restored on exit; as a decorator the
    constructor's change is undone and each call runs under a fresh manager.
    Subclasses give ``_get``, ``_set`` (restore) and ``_set_checked`` (the
    constructor's, with torch's argument check); ``_SET_ON_ENTER`` makes
    ``__enter__`` set the mode again (torch's view-replay manager does)."""
    _SET_ON_ENTER = False

    def __init__(self, mode):
        self.prev = self._get()
        self._set_checked(mode)
        self.mode = mode

    def __call__(self, orig_func):
        self._set(self.prev)
        mode = self.mode

        @functools.wraps(orig_func)
        def wrapper(*args, **kwargs):
            with self.__class__(mode):
                return orig_func(*args, **kwargs)
        return wrapper

    def __enter__(self):
        if self._SET_ON_ENTER:
            self._set(self.mode)

    def __exit__(self, exc_type, exc_value, traceback):
        self._set(self.prev)


class enforce_grad_layout_policy(_ModeSetter):
    """Whether a leaf's first gradient must take the leaf's memory layout
    (strides), as a context manager, a decorator or a plain call (it takes
    effect when constructed, as ``set_grad_enabled``).

    On (the default), AccumulateGrad steals an incoming gradient only when
    its strides obey the leaf's layout, and copies it into that layout
    otherwise. Off, a gradient nothing else holds is stolen whatever its
    strides (no copy); copies still take the leaf's layout.

    Example::

        >>> import cyautograd as torch
        >>> p = torch.zeros(2, 3, 4).permute(2, 0, 1).requires_grad_()
        >>> (p * 2).sum().backward(); p.grad.stride()
        (1, 12, 4)
        >>> p.grad = None
        >>> with torch.autograd.enforce_grad_layout_policy(False):
        ...     (p * 2).sum().backward()
        >>> p.grad.stride()
        (6, 3, 1)
    """

    _get = staticmethod(_acc._is_grad_layout_enforcement_enabled)
    _set = staticmethod(_acc._set_grad_layout_enforcement_enabled)

    def __init__(self, enable=True):
        super().__init__(enable)

    @staticmethod
    def _set_checked(mode):
        from cyautograd import _C
        _C._set_grad_layout_enforcement_enabled(mode)   # (torch's parser: a bool only)

    def clone(self):
        """A new manager with the same setting (it takes effect at once).

        >>> with torch.autograd.enforce_grad_layout_policy(True).clone():
        ...     torch._C._is_grad_layout_enforcement_enabled()
        True
        """
        return self.__class__(self.mode)


class _force_original_view_tracking(_ModeSetter):
    """Whether views regenerate their ``grad_fn`` after an in-place change by
    replaying the original view ops (``True``) or with one ``as_strided``
    (``False``, the default), as a context manager, a decorator or a plain
    call (it takes effect when constructed, as ``set_grad_enabled``). The
    setting is per thread (NOTE [ View replay ] in cyautograd/view_meta.pyx).

    Example::

        >>> import cyautograd as torch
        >>> b = torch.ones(3, 3, requires_grad=True) * 1
        >>> with torch.autograd._force_original_view_tracking(True):
        ...     v = b[1:].t()
        >>> b.mul_(2)
        tensor(...)
        >>> type(v.grad_fn).__name__, type(v.grad_fn.next_functions[0][0]).__name__
        ('TBackward0', 'SliceBackward0')
    """

    _SET_ON_ENTER = True

    @staticmethod
    def _get():
        from cyautograd import _C
        return _C._is_view_replay_enabled()

    @staticmethod
    def _set(mode):
        from cyautograd import _C
        _C._set_view_replay_enabled(mode)

    _set_checked = _set

    def clone(self):
        return self.__class__(self.mode)
class _unsafe_preserve_version_counter(_DecoratorContextManager):
    r"""Hides the in-place changes made inside the block from autograd: on
    exit, each given tensor's version counter is set back to the value it had
    when the manager was made (as torch's, which warns: DO NOT USE THIS
    UNLESS YOU KNOW EXACTLY WHAT YOU'RE DOING -- a saved tensor changed this
    way is not caught by the version check, so gradients can be silently
    wrong). ``tensors``: one Tensor or a tuple of them. Tensors sharing a
    counter (views) are set in order, the last one's value winning.

    >>> x = torch.ones(2)
    >>> with torch.autograd.grad_mode._unsafe_preserve_version_counter(x):
    ...     _ = x.add_(1)
    >>> x._version, x.tolist()
    (0, [2.0, 2.0])
    """

    def __init__(self, tensors):
        from cyautograd.tensor import Tensor
        self.tensors = (tensors,) if isinstance(tensors, Tensor) else tensors
        if not isinstance(self.tensors, tuple):
            raise AssertionError("Expected tensors to be a tuple")
        self.prev_versions = tuple(t._version for t in self.tensors)

    def __enter__(self):
        pass

    def __exit__(self, *args):
        from cyautograd._C import _autograd
        _autograd._unsafe_set_version_counter(self.tensors, self.prev_versions)


__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode", "set_multithreading_enabled",
           "enforce_grad_layout_policy"]
