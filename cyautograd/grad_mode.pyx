# cython: language_level=3
"""Grad modes: no_grad, enable_grad, set_grad_enabled, inference_mode."""
import functools
import inspect
import sys
import types

from cyautograd._c cimport cya_grad_mode_t

# =============================================================================
# NOTE [ Thread-local grad mode ]
# Mirrors c10/core/GradMode.h and c10/core/InferenceMode.h. Each OS thread
# (so each Python thread) has its own flags, defined here once as a C
# thread-local; every other module reads them through grad_mode_state(),
# a cimported C function. Defining the variable in a shared header would give
# every extension module its own copy, and a `with no_grad()` here would not
# be seen by the ops module.
# =============================================================================
cdef extern from "cyautograd/config.h":
    pass

cdef extern from *:
    """
    static CYA_THREAD_LOCAL cya_grad_mode_t cya_grad_mode_tls = {1, 0};
    static cya_grad_mode_t *cya_grad_mode_ptr(void) { return &cya_grad_mode_tls; }
    """
    cya_grad_mode_t* cya_grad_mode_ptr() noexcept nogil


cdef cya_grad_mode_t* grad_mode_state() noexcept nogil:
    return cya_grad_mode_ptr()


cdef bint is_grad_enabled_c() noexcept nogil:
    return cya_grad_mode_ptr().grad_enabled


cdef void set_grad_enabled_c(bint enabled) noexcept nogil:
    cya_grad_mode_ptr().grad_enabled = enabled


cdef bint is_inference_mode_c() noexcept nogil:
    return cya_grad_mode_ptr().inference_mode


def is_grad_enabled():
    """Returns True if grad mode is currently enabled."""
    return bool(cya_grad_mode_ptr().grad_enabled)


def is_inference_mode_enabled():
    """Returns True if inference mode is currently enabled."""
    return bool(cya_grad_mode_ptr().inference_mode)


def _set_grad_enabled(mode):
    cya_grad_mode_ptr().grad_enabled = bool(mode)


def _wrap_generator(ctx_factory, func):
    """A generator function whose body runs under a fresh context manager at
    every resumption (torch.utils._contextlib's generator wrapping): the mode
    holds inside the generator and is restored whenever it yields."""
    @functools.wraps(func)
    def generator_context(*args, **kwargs):
        gen = func(*args, **kwargs)
        try:
            with ctx_factory():
                response = gen.send(None)
            while True:
                try:
                    request = yield response
                except GeneratorExit:
                    with ctx_factory():
                        gen.close()
                    raise
                except BaseException:
                    with ctx_factory():
                        response = gen.throw(*sys.exc_info())
                else:
                    with ctx_factory():
                        response = gen.send(request)
        except StopIteration as e:
            return e.value     # the generator's own return value
    return generator_context


# a missing __exit__ argument (its defaults keep the three-argument call of
# every `with` on the fast path, where a *args tuple would cost)
cdef object _MISSING = object()


def _exit_arity(str owner, tuple args):
    """The TypeError Python gives a pure-Python __exit__(self, exc_type,
    exc_value, traceback) called with too few arguments (torch's are Python)."""
    args = tuple([a for a in args if a is not _MISSING])
    n = len(args)
    if n > 3:
        return TypeError(f"{owner}.__exit__() takes 4 positional arguments but {n + 1} were given")
    names = ["'exc_type'", "'exc_value'", "'traceback'"][n:]
    listed = names[0] if len(names) == 1 else \
        (" and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + ", and " + names[-1])
    return TypeError(f"{owner}.__exit__() missing {len(names)} required positional argument"
                     f"{'' if len(names) == 1 else 's'}: {listed}")


# NOTE [ Decorating without parentheses ]
# torch's no_grad and enable_grad also decorate without parentheses
# (`@torch.no_grad`, `torch.no_grad(func)`) through a __new__ that returns
# the wrapper function. A Python-level __new__ costs about 0.8us on every
# `with no_grad()` (measured: the bench's add_no_grad/sgd rows would slow by
# far more than 5%), so here the constructor takes the function instead and
# the instance becomes the wrapper: calling it runs the function under a
# fresh copy of the mode (generator functions at every resumption, as the
# parenthesised decorator), it carries the function's __name__, __doc__ and
# __wrapped__, and it binds as a method when it decorates one (__get__).
# The only difference left: the wrapper is a no_grad instance, not a plain
# function.
class _DecoratorContextManager:
    """Context manager that also works as a function decorator (torch's
    _DecoratorContextManager): a fresh clone() guards every call, generator
    functions at every resumption; a decorated class becomes a function
    making its instances under the mode, with torch's FutureWarning."""

    _decorated = None   # the wrapper, on an instance made as no_grad(func)

    def _decorate_self(self, orig_func):
        self._decorated = _DecoratorContextManager.__call__(self.clone(), orig_func)
        functools.update_wrapper(self, orig_func)

    def __get__(self, obj, objtype=None):
        if self._decorated is None or obj is None:
            return self
        return types.MethodType(self, obj)

    def __call__(self, *args, **kwargs):
        if self._decorated is not None:
            return self._decorated(*args, **kwargs)
        if kwargs or len(args) != 1:
            # Python's words for a call of torch's __call__(self, orig_func)
            extra = [k for k in kwargs if k != "orig_func"]
            if extra:
                raise TypeError(f"_DecoratorContextManager.__call__() got an unexpected keyword argument "
                                f"'{extra[0]}'")
            if len(args) > 1:
                raise TypeError(f"_DecoratorContextManager.__call__() takes 2 positional arguments but "
                                f"{len(args) + 1} were given")
            if args and kwargs:
                raise TypeError("_DecoratorContextManager.__call__() got multiple values for argument "
                                "'orig_func'")
            if kwargs:
                args = (kwargs["orig_func"],)
            elif not args:
                raise TypeError("_DecoratorContextManager.__call__() missing 1 required positional argument: "
                                "'orig_func'")
            else:
                raise TypeError(f"_DecoratorContextManager.__call__() takes 2 positional arguments but "
                                f"{len(args) + 1} were given")
        orig_func = args[0]
        if inspect.isclass(orig_func):
            from cyautograd._warn import warn_user
            warn_user("Decorating classes is deprecated and will be disabled in "
                      "future versions. You should only decorate functions or methods. "
                      "To preserve the current behavior of class decoration, you can "
                      "directly decorate the `__init__` method and nothing else.", FutureWarning)
            func = lambda *args, **kwargs: orig_func(*args, **kwargs)
        else:
            func = orig_func
        ctx_factory = self.clone
        if inspect.isgeneratorfunction(func):
            return _wrap_generator(ctx_factory, func)

        @functools.wraps(func)
        def decorate_context(*args, **kwargs):
            with ctx_factory():
                return func(*args, **kwargs)
        return decorate_context

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    """Context manager (and decorator) that disables gradient calculation."""

    def __init__(self, orig_func=_MISSING):
        self.prev = False
        if orig_func is not _MISSING:   # NOTE [ Decorating without parentheses ]
            if orig_func is None:
                # torch's no_grad.__init__ takes no argument (its __new__ does)
                raise TypeError("no_grad.__init__() takes 1 positional argument but 2 were given")
            self._decorate_self(orig_func)

    def __enter__(self):
        self.prev = bool(cya_grad_mode_ptr().grad_enabled)
        cya_grad_mode_ptr().grad_enabled = 0

    def __exit__(self, exc_type=_MISSING, exc_value=_MISSING, traceback=_MISSING):
        if traceback is _MISSING:
            raise _exit_arity("no_grad", (exc_type, exc_value))
        cya_grad_mode_ptr().grad_enabled = self.prev


class enable_grad(_DecoratorContextManager):
    """Context manager (and decorator) that enables gradient calculation."""

    def __init__(self, orig_func=None):
        if orig_func is not None:   # NOTE [ Decorating without parentheses ]
            self._decorate_self(orig_func)

    def __enter__(self):
        self.prev = bool(cya_grad_mode_ptr().grad_enabled)
        cya_grad_mode_ptr().grad_enabled = 1

    def __exit__(self, exc_type=_MISSING, exc_value=_MISSING, traceback=_MISSING):
        if traceback is _MISSING:
            raise _exit_arity("enable_grad", (exc_type, exc_value))
        cya_grad_mode_ptr().grad_enabled = self.prev


class set_grad_enabled(_DecoratorContextManager):
    """set_grad_enabled(mode): sets grad mode on construction, so it works as a
    plain function call, a context manager (restoring on exit) or a decorator."""

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError("set_grad_enabled(): argument 'mode' (position 1) must be bool, "
                            f"not {type(mode).__name__}")
        self.prev = bool(cya_grad_mode_ptr().grad_enabled)
        self.mode = mode
        cya_grad_mode_ptr().grad_enabled = mode

    def __call__(self, func):
        cya_grad_mode_ptr().grad_enabled = self.prev
        return super().__call__(func)

    def __enter__(self):
        pass

    def __exit__(self, exc_type=_MISSING, exc_value=_MISSING, traceback=_MISSING):
        if traceback is _MISSING:
            raise _exit_arity("set_grad_enabled", (exc_type, exc_value))
        cya_grad_mode_ptr().grad_enabled = self.prev

    def clone(self):
        return self.__class__(self.mode)


class inference_mode(_DecoratorContextManager):
    """Context manager (and decorator) that enables or disables inference mode.
    Tensors made inside are inference tensors: no version counter, no
    autograd metadata."""

    def __init__(self, mode=True):
        self.mode = mode

    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)

    def __enter__(self):
        cdef cya_grad_mode_t* s = cya_grad_mode_ptr()
        self.prev = (s.grad_enabled, s.inference_mode)
        # c10::InferenceMode(enabled) sets grad mode to !enabled: so
        # inference_mode(False) turns grad mode on, even inside no_grad or
        # inference_mode()
        if self.mode:
            s.inference_mode = 1
            s.grad_enabled = 0
        else:
            s.inference_mode = 0
            s.grad_enabled = 1

    def __exit__(self, exc_type=_MISSING, exc_value=_MISSING, traceback=_MISSING):
        if traceback is _MISSING:
            raise _exit_arity("inference_mode", (exc_type, exc_value))
        cdef cya_grad_mode_t* s = cya_grad_mode_ptr()
        s.grad_enabled, s.inference_mode = self.prev

    def clone(self):
        return self.__class__(self.mode)
