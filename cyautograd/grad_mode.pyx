# cython: language_level=3
"""Grad modes: no_grad, enable_grad, set_grad_enabled, inference_mode."""
import functools
import inspect

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


class _DecoratorContextManager:
    """Context manager that also works as a function decorator."""

    def __call__(self, func):
        if inspect.isclass(func):
            raise RuntimeError("Decorating classes is deprecated and will be disabled in "
                               "future versions. You should only decorate functions or methods. "
                               "To preserve the current behavior of class decoration, you can "
                               "directly decorate the `__init__` method and nothing else.")
        if inspect.isgeneratorfunction(func):
            @functools.wraps(func)
            def gen_wrapper(*args, **kwargs):
                gen = func(*args, **kwargs)
                with self.clone():
                    response = gen.send(None)
                while True:
                    try:
                        request = yield response
                    except GeneratorExit:
                        with self.clone():
                            gen.close()
                        raise
                    except BaseException:
                        with self.clone():
                            response = gen.throw(*__import__("sys").exc_info())
                    else:
                        with self.clone():
                            response = gen.send(request)
            return gen_wrapper

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    """Context manager (and decorator) that disables gradient calculation."""

    def __init__(self):
        self.prev = False

    def __enter__(self):
        self.prev = bool(cya_grad_mode_ptr().grad_enabled)
        cya_grad_mode_ptr().grad_enabled = 0

    def __exit__(self, exc_type, exc_value, traceback):
        cya_grad_mode_ptr().grad_enabled = self.prev


class enable_grad(_DecoratorContextManager):
    """Context manager (and decorator) that enables gradient calculation."""

    def __enter__(self):
        self.prev = bool(cya_grad_mode_ptr().grad_enabled)
        cya_grad_mode_ptr().grad_enabled = 1

    def __exit__(self, exc_type, exc_value, traceback):
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

    def __exit__(self, exc_type, exc_value, traceback):
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

    def __exit__(self, exc_type, exc_value, traceback):
        cdef cya_grad_mode_t* s = cya_grad_mode_ptr()
        s.grad_enabled, s.inference_mode = self.prev

    def clone(self):
        return self.__class__(self.mode)
