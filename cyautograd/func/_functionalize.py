"""torch.func.functionalize, run eagerly over the tape.

NOTE [ Eager functionalize ]
torch's functionalize wraps every tensor input in a FunctionalTensorWrapper:
inside the function each in-place op is replaced by its out-of-place twin
(and, with remove='mutations_and_views', each view by its *_copy twin), and
after the function returns every input the function "should have" mutated
gets the new data copied back (at::_propagate_functional_input_mutation:
resize_ when the byte size changed, as_strided_ when the sizes changed, then
one copy_). There is no graph capture here (no make_fx), so removing
mutations from the program buys nothing; what callers observe is kept:

* each tensor input is replaced, for the call, by a copy with fresh storage
  that carries the input's gradient edge (so gradients reach the input's
  history as in torch, and mutating it leaves the caller's tensor alone
  until the end). A leaf that requires grad under grad mode is passed as
  itself: torch's wrapper is a leaf too, so an in-place op on it (or on a
  view of it) raises "a leaf Variable that requires grad is being used in
  an in-place operation." at the op, before anything changed;
* two arguments that alias each other get separate copies: the function
  does not see a mutation of one through the other (torch does not either:
  the wrappers do not know they alias);
* after the call, each input whose copy was mutated (its version moved)
  gets torch's fix-up: resize_/as_strided_ if needed, then one copy_ (so the
  caller's version moves by one and a non-leaf's grad_fn becomes
  CopyBackwards, as in torch); a leaf that requires grad which the function
  mutated under no_grad gets torch's leaf error from that copy_ - here the
  mutation was already applied to it (documented difference);
* outputs never alias an input that was mutated; an output that is an
  unmutated input copy itself is the caller's tensor (torch returns the
  input object); an unmutated view of one is rebuilt over the caller's
  tensor when it needs no gradient (with gradient it stays a view of the
  copy: its grad_fn is the view op's, as torch's, but its _base differs);
* remove='mutations_and_views': an output that is a view becomes a tensor
  with its own storage and the view's gradient edge (torch: a *_copy op's
  node, e.g. ViewBackward0_copy; here the view op's node, e.g.
  ViewBackward0).

Also as torch: ``.backward()`` inside raises "backward() called inside a
functorch transform..." (cyautograd.engine keeps the transform depth).
Differs: torch.autograd.grad inside the function works here (torch's
wrappers do not require grad there), and each call pays one copy of every
tensor input that is not a grad-requiring leaf.
"""
import functools

import cyautograd as torch
from cyautograd import engine as _engine
from cyautograd.tensor import Tensor
from cyautograd.variable import _gradient_edge, _set_gradient_edge

_REMOVE_ERROR = (
    "functionalize(f, remove='mutations'): received invalid argument for remove={}."
    " Valid options are:\n"
    "     remove='mutations': all inplace and out= operators will be removed from the program, and replaced"
    " with their out-of-place equivalents.\n"
    "     remove='mutations_and_views': In addition to the above, all aliasing operators {{view}} will be"
    " replaced with their non-aliasing counterparts, {{view}}_copy.\n")


def _copy_with_edge(t):
    """A tensor with t's values (and layout) in its own storage, carrying t's
    gradient edge when t requires grad under grad mode."""
    with torch.no_grad():
        c = t.clone()
    if t.requires_grad and torch.is_grad_enabled():
        _set_gradient_edge(c, _gradient_edge(t))
    return c


def _functional_input(x):
    if x.requires_grad and x.is_leaf and torch.is_grad_enabled():
        return x    # torch's wrapper of a grad-requiring leaf is a leaf: see the NOTE
    return _copy_with_edge(x)


def _propagate_input_mutation(x, inner):
    """at::_propagate_functional_input_mutation: bring x up to date."""
    if x.numel() * x.element_size() != inner.numel() * inner.element_size():
        x.resize_(inner.shape)
    if tuple(x.shape) != tuple(inner.shape):
        # torch: x.as_strided_(sizes, strides); the copy_ below overwrites
        # every element, so re-striding x's storage in place is the same
        with torch.no_grad():
            x.set_(x.untyped_storage(), x.storage_offset(), inner.shape, inner.stride())
    x.copy_(inner)


def _unwrap_output(out, originals, reapply_views):
    """An output as torch's _unwrap_functional_tensor gives it back."""
    if not isinstance(out, Tensor):
        return out
    x = originals.get(id(out))
    if x is not None and x[1]._version == 0:
        return x[0]     # an unmutated input: torch hands back the input itself
    if out._is_view():
        base = out._base
        src = originals.get(id(base)) if base is not None else None
        if (reapply_views and src is not None and src[1]._version == 0 and not out.requires_grad
                and src[0].stride() == base.stride()):
            x, inner = src
            return x.as_strided(out.shape, out.stride(),
                                x.storage_offset() + out.storage_offset() - inner.storage_offset())
        if not reapply_views:
            return _copy_with_edge(out)
    return out


def functionalize(func, *, remove="mutations"):
    """Run ``func`` as torch.func.functionalize does: in-place changes that
    ``func`` makes to its tensor inputs reach the caller's tensors once, at
    the end (one ``copy_`` each), and the outputs never alias a mutated
    input. Eager: nothing is traced (NOTE [ Eager functionalize ]).

    >>> def f(a):
    ...     b = a.view(-1)
    ...     b.add_(1)
    ...     return a
    >>> x = torch.zeros(2, 2)
    >>> out = torch.func.functionalize(f)(x)
    >>> x.tolist(), x._version, out is x
    ([[1.0, 1.0], [1.0, 1.0]], 1, False)
    """
    if remove == "mutations":
        reapply_views = True
    elif remove == "mutations_and_views":
        reapply_views = False
    else:
        raise RuntimeError(_REMOVE_ERROR.format(remove))

    from cyautograd.func import _flatten, _unflatten

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        a_leaves, a_spec = _flatten(tuple(args))
        k_leaves, k_spec = _flatten(dict(kwargs))
        leaves = a_leaves + k_leaves
        inners = [_functional_input(x) if isinstance(x, Tensor) else x for x in leaves]
        originals = {id(i): (x, i) for x, i in zip(leaves, inners) if isinstance(x, Tensor) and i is not x}
        leaf_versions = [x._version if isinstance(x, Tensor) and i is x else None for x, i in zip(leaves, inners)]
        _engine._enter_functorch_transform()
        try:
            out = func(*_unflatten(inners[:len(a_leaves)], a_spec), **_unflatten(inners[len(a_leaves):], k_spec))
        finally:
            _engine._exit_functorch_transform()
        o_leaves, o_spec = _flatten(out)
        result = _unflatten([_unwrap_output(o, originals, reapply_views) for o in o_leaves], o_spec)
        for x, inner, v in zip(leaves, inners, leaf_versions):
            if isinstance(x, Tensor):
                if inner is x:
                    # mutated under no_grad: torch's copy_ back into the leaf
                    if x._version != v and x.requires_grad and torch.is_grad_enabled():
                        raise RuntimeError("a leaf Variable that requires grad is being used in an "
                                           "in-place operation.")
                    continue
                if inner._version != 0:
                    _propagate_input_mutation(x, inner)
        return result
    return wrapped
