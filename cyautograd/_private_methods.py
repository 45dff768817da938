"""Private Tensor methods torch's own Python code and libraries call:
_view_func / _view_func_unsafe (replaying a view on another base) and
_is_zerotensor.

NOTE [ View func replay ]
A backward-differentiable view records how to rebuild itself from its root
base (its backward ViewInfo, NOTE [ Autograd View Variables ] in
view_meta.pyx). ``view._view_func(new_base)`` applies that recipe to
``new_base``, as torch's DifferentiableViewMeta view_fn does for
functionalization and AOTAutograd: with view replay on
(torch.autograd._force_original_view_tracking) the recorded view ops are
replayed (SliceBackward0, TBackward0, ... when new_base requires grad);
otherwise ``new_base.as_strided(view.size(), view.stride(),
view.storage_offset())`` (AsStridedBackward0). The checked form answers None
unless new_base has the root's metadata (torch's has_same_meta: dimensions,
sizes, the strides of dimensions longer than 1, storage offset, storage size
in elements; torch also compares the lazy conj/neg bits, which cyautograd's
materialised conj() never sets); ``_view_func_unsafe`` skips that check. A tensor
that is not a backward-differentiable view (not a view, a detached tensor, a
dtype view) answers None. The visitor functions torch passes to a replayed
view_fn's SymInts and captured tensors are accepted; eager views capture
neither here, so they are not called.
"""
from cyautograd.ops._common import _bw_view_info
from cyautograd.tensor import Tensor

__all__ = ["install", "has_same_meta"]

_PARAMS = ("new_base", "symint_visitor_fn", "tensor_visitor_fn")


def _parse(name, args, kwargs):
    if len(args) > 3:
        raise TypeError(f"{name}() takes from 1 to 3 positional arguments but {len(args)} were given")
    vals = dict(zip(_PARAMS, args))
    for k, v in kwargs.items():
        if k not in _PARAMS:
            raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
        if k in vals:
            raise TypeError(f"{name}() got multiple values for argument '{k}'")
        vals[k] = v
    if "new_base" not in vals:
        raise TypeError(f'{name}() missing 1 required positional arguments: "new_base"')
    nb = vals["new_base"]
    if not isinstance(nb, Tensor):
        raise TypeError(f"{name}(): argument 'new_base' (position 1) must be Tensor, not {type(nb).__name__}")
    return nb


def _storage_numel(t):
    return t.untyped_storage().nbytes() // t.element_size()


def has_same_meta(base, other):
    """torch's autograd::utils::has_same_meta (NOTE [ View func replay ])."""
    if base.dim() != other.dim() or tuple(base.shape) != tuple(other.shape):
        return False
    if any(n > 1 and s != o for n, s, o in zip(base.shape, base.stride(), other.stride())):
        return False
    return (base.storage_offset() == other.storage_offset()
            and _storage_numel(base) == _storage_numel(other))


def _replay(self, new_base, check_meta):
    info = _bw_view_info(self)
    if info is None:
        return None
    base, view_fn = info
    if check_meta and not has_same_meta(new_base, base):
        return None
    if view_fn is not None:
        return view_fn(new_base)
    return new_base.as_strided(tuple(self.shape), self.stride(), self.storage_offset())


def _view_func(self, *args, **kwargs):
    """This view rebuilt on ``new_base``, a tensor with the metadata of this
    view's root base; None when this is not a differentiable view or the
    metadata differ (NOTE [ View func replay ]).

    >>> a = torch.arange(6.).reshape(2, 3).clone()
    >>> a[:, 1]._view_func(torch.full((2, 3), 7.))
    """
    return _replay(self, _parse("_view_func", args, kwargs), True)


def _view_func_unsafe(self, *args, **kwargs):
    """``_view_func`` without the check that ``new_base`` has the root
    base's metadata."""
    # torch's argument parser for both methods is named _view_func
    return _replay(self, _parse("_view_func", args, kwargs), False)


# NOTE [ No ZeroTensors ]
# torch's ZeroTensor (torch._efficientzerotensor; a dispatch key whose
# tensors are immutable, read as zeros and have no storage) is made only by
# that private factory and inside generated forward-AD formulas, where it
# stands for an undefined tangent and is materialised before anyone can see
# it: in torch 2.13 unpack_dual(...).tangent, torch.func.jvp/jacfwd/hessian,
# autograd.functional and autograd.grad never hand one out (make_dual even
# materialises one passed in). cyautograd has no such tensors, so every
# tensor answers False, as every tensor reachable through torch's public API
# does; the factory itself is not provided.
def _is_zerotensor(self):
    """False: cyautograd makes no ZeroTensors (NOTE [ No ZeroTensors ])."""
    if not isinstance(self, Tensor):
        raise TypeError(f"descriptor '_is_zerotensor' for 'cyautograd.Tensor' objects doesn't apply to a "
                        f"'{type(self).__name__}' object")
    return False


def install():
    from cyautograd.tensor import _register_method_override
    for f in (_view_func, _view_func_unsafe, _is_zerotensor):
        f.__module__, f.__qualname__ = "cyautograd", "Tensor." + f.__name__
        _register_method_override(f.__name__, f)
