"""cyautograd.compiler and cyautograd.compile, shaped like torch's.

NOTE [ compile ]
torch.compile traces a function or module into fused kernels; the result
computes what the original computes (up to rounding), with the same
autograd. This library has no graph compiler, so ``compile`` returns the
same computation: a function wrapped as it is, a module inside an
``OptimizedModule`` (torch's wrapper class: the original is its
``_orig_mod`` submodule, so ``state_dict`` keys gain the ``_orig_mod.``
prefix exactly as in torch). ``is_compiling()`` is always False."""
import functools

__all__ = ["compile", "is_compiling", "is_dynamo_compiling", "disable", "reset", "allow_in_graph",
           "assume_constant_result"]


def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None, options=None,
            disable=False):
    """Returns model (a function or nn.Module) ready to run as torch.compile's
    result would (NOTE [ compile ]); without model, a decorator.

    >>> f = torch.compile(lambda x: x * 2); f(torch.ones(2))
    """
    if model is None:
        def fn(model):
            if model is None:
                raise RuntimeError("Model can't be None")
            return compile(model, fullgraph=fullgraph, dynamic=dynamic, backend=backend, mode=mode,
                           options=options, disable=disable)
        return fn
    if mode is not None and options is not None:
        raise RuntimeError("Either mode or options can be specified, but both can't be specified at the same time.")
    from cyautograd import nn
    if isinstance(model, nn.Module):
        return OptimizedModule(model)
    if not callable(model):
        raise AssertionError(f"A callable function is expected, but {type(model)} is provided.")

    @functools.wraps(model)
    def compiled(*args, **kwargs):
        return model(*args, **kwargs)
    return compiled


def _optimized_module_class():
    from cyautograd import nn

    class OptimizedModule(nn.Module):
        """torch.compile's wrapper of a module (NOTE [ compile ]): calls the
        original, held as the submodule ``_orig_mod``; attributes it lacks are
        read from the original.

        >>> torch.compile(torch.nn.Linear(2, 1))._orig_mod
        """

        def __init__(self, mod):
            super().__init__()
            self._orig_mod = mod

        def forward(self, *args, **kwargs):
            return self._orig_mod(*args, **kwargs)

        def __getattr__(self, name):
            try:
                return super().__getattr__(name)
            except AttributeError:
                return getattr(self._modules["_orig_mod"], name)

    OptimizedModule.__module__ = "cyautograd._dynamo.eval_frame"
    return OptimizedModule


class _Lazy:
    cls = None


def OptimizedModule(mod):   # noqa: N802 - a class in torch; made on first use (nn imports late)
    """torch.compile's module wrapper (NOTE [ compile ])."""
    if _Lazy.cls is None:
        _Lazy.cls = _optimized_module_class()
    return _Lazy.cls(mod)


def is_compiling():
    """False: nothing here runs under a graph compiler."""
    return False


def is_dynamo_compiling():
    """False: nothing here runs under a graph compiler."""
    return False


def disable(fn=None, recursive=True, *, reason=None):
    """Marks fn to run uncompiled: it is returned as it is (a decorator without fn)."""
    if fn is None:
        return functools.partial(disable, recursive=recursive, reason=reason)
    return fn


def reset():
    """Clears compilation caches (there are none)."""


def allow_in_graph(fn):
    """Returns fn (there is no graph to allow it into)."""
    return fn


def assume_constant_result(fn):
    """Returns fn (there is no graph to fold its result into)."""
    return fn
