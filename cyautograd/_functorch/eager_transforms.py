"""torch._functorch.eager_transforms: the transforms (defined in
cyautograd.func) and their argnums helper ``_slice_argnums``."""
from cyautograd.func import (_check_argnums, grad, grad_and_value, hessian, jacfwd, jacrev, jvp,  # noqa: F401
                             linearize, vjp)


def _slice_argnums(args, argnums, as_tuple=True):
    """The positional ``args`` that ``argnums`` selects, as grad/jacrev read
    them: an int picks one argument (a 1-tuple unless ``as_tuple=False``), a
    tuple picks several in its order. Negative argnums count from the end;
    raises torch's RuntimeErrors for a non-int, out-of-range, empty or repeated
    argnums.

    >>> from cyautograd._functorch.eager_transforms import _slice_argnums
    >>> _slice_argnums(("a", "b", "c"), (2, -3))
    ('c', 'a')
    """
    argnums = _check_argnums(argnums, len(args))
    if isinstance(argnums, int):
        return (args[argnums],) if as_tuple else args[argnums]
    return tuple(args[i] for i in argnums)
