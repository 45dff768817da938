"""torch._functorch.deprecated: the standalone ``functorch`` package's
transforms, thin wrappers over cyautograd.func that warn (FutureWarning, in
torch's words) that ``functorch.<api>`` is deprecated in favour of
``torch.func.<api>`` (here cyautograd.func; ``vmap``: cyautograd.vmap).

>>> import warnings
>>> from cyautograd._functorch import deprecated
>>> with warnings.catch_warnings(record=True) as w:
...     warnings.simplefilter("always")
...     _ = deprecated.grad(torch.sin)
>>> w[0].category.__name__, "Please use `cyautograd.func.grad`" in str(w[0].message)
('FutureWarning', True)
"""
import warnings

from cyautograd import func as _impl
from cyautograd._functorch import make_functional as _nn_impl

__all__ = ["vmap", "grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "functionalize",
           "make_functional", "make_functional_with_buffers", "combine_state_for_ensemble"]


def get_warning(api, new_api=None, replace_newlines=False):
    if new_api is None:
        new_api = f"cyautograd.func.{api}"
    warning = (f"We've integrated functorch into PyTorch. As the final step of the \n"
               f"integration, `functorch.{api}` is deprecated as of PyTorch \n"
               f"2.0 and will be deleted in a future version of PyTorch >= 2.3. \n"
               f"Please use `{new_api}` instead; see the PyTorch 2.0 release notes \n"
               f"and/or the `torch.func` migration guide for more details \n"
               f"https://pytorch.org/docs/main/func.migrating.html")
    return warning.replace("\n", "") if replace_newlines else warning


def warn_deprecated(api, new_api=None):
    warnings.warn(get_warning(api, new_api, replace_newlines=True), FutureWarning, stacklevel=3)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    warn_deprecated("vmap", "cyautograd.vmap")
    return _impl.vmap(func, in_dims, out_dims, randomness, chunk_size=chunk_size)


def grad(func, argnums=0, has_aux=False):
    warn_deprecated("grad")
    return _impl.grad(func, argnums, has_aux)


def grad_and_value(func, argnums=0, has_aux=False):
    warn_deprecated("grad_and_value")
    return _impl.grad_and_value(func, argnums, has_aux)


def vjp(func, *primals, has_aux=False):
    warn_deprecated("vjp")
    return _impl.vjp(func, *primals, has_aux=has_aux)


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    warn_deprecated("jvp")
    return _impl.jvp(func, primals, tangents, strict=strict, has_aux=has_aux)


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    warn_deprecated("jacrev")
    return _impl.jacrev(func, argnums, has_aux=has_aux, chunk_size=chunk_size,
                        _preallocate_and_copy=_preallocate_and_copy)


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    warn_deprecated("jacfwd")
    return _impl.jacfwd(func, argnums, has_aux, randomness=randomness)


def hessian(func, argnums=0):
    warn_deprecated("hessian")
    return _impl.hessian(func, argnums=argnums)


def functionalize(func, *, remove="mutations"):
    warn_deprecated("functionalize")
    return _impl.functionalize(func, remove=remove)


def make_functional(model, disable_autograd_tracking=False):
    warn_deprecated("make_functional", "cyautograd.func.functional_call")
    return _nn_impl.make_functional(model, disable_autograd_tracking)


def make_functional_with_buffers(model, disable_autograd_tracking=False):
    warn_deprecated("make_functional_with_buffers", "cyautograd.func.functional_call")
    return _nn_impl.make_functional_with_buffers(model, disable_autograd_tracking)


def combine_state_for_ensemble(models):
    warn_deprecated("combine_state_for_ensemble", "cyautograd.func.stack_module_state")
    return _nn_impl.combine_state_for_ensemble(models)


for _f in (vmap, grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, functionalize):
    _f.__doc__ = getattr(_impl, _f.__name__).__doc__
del _f
