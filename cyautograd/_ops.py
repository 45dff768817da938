"""The functional namespace: every op by its torch name. Tensor methods and
backward formulas running under create_graph reach ops through here."""
import builtins as _b

import numpy as _np

from cyautograd import dtypes as _D

from cyautograd.tensor import Tensor

from cyautograd.backend import array_module, device_of  # noqa: F401
from cyautograd.creation import (new_empty, new_full, new_ones, new_tensor,  # noqa: F401
                                 new_zeros, zeros_like)
from cyautograd.engine import _tensor_backward as backward  # noqa: F401
from cyautograd.ops.linalg import bmm, dot, linear, matmul, mm, mv  # noqa: F401
from cyautograd.ops.pointwise import (  # noqa: F401
    abs, add, add_, allclose, bitwise_and, bitwise_left_shift, bitwise_not, bitwise_or,
    bitwise_right_shift, bitwise_xor, ceil, clamp, clamp_max, clamp_min, clip, copy_, cos,
    div, div_, divide, eq, equal, exp, fill_, floor, floor_divide, ge, gt, isclose, isfinite,
    isinf, isnan, le, log, log1p, log2, log10, logical_and, logical_not, logical_or,
    logical_xor, lt, maximum, minimum, mul, mul_, multiply, ne, neg, negative, nonzero, pow,
    reciprocal, relu, remainder, round, rsqrt, rsub, sigmoid, sign, sin, sqrt, square, sub,
    sub_, subtract, tan, tanh, true_divide, trunc, where, zero_)
from cyautograd.ops.reduction import (all, amax, amin, any, argmax, argmin,  # noqa: F401
                                      log_softmax, logsumexp, max, mean, min, prod, softmax,
                                      std, sum, var)
from cyautograd.ops.shape import (bool_ as bool, cat, clone, concat, contiguous, cpu,  # noqa: F401
                                  double_ as double, expand, expand_as, flatten, float_ as float,
                                  gather, getitem, half_ as half, index_select, int_ as int,
                                  long_ as long, numpy_T, permute, reshape,
                                  reshape_as, squeeze, stack, swapaxes, t, to, transpose,
                                  type_as, unflatten, unsqueeze, view, view_as, unbind, split,
                                  chunk)
from cyautograd.variable import (_base, _is_view, detach, detach_, set_data,  # noqa: F401
                                 _variable_data as variable_data)


from cyautograd.python_hook import (register_hook, register_post_accumulate_grad_hook,  # noqa: F401,E402
                                    retain_grad)


def _wrap_dim(dim, ndim):
    n = ndim if ndim > 0 else 1
    if dim < -n or dim >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim + n if dim < 0 else dim


def select(t, dim, index):
    try:
        return _select(t, dim, index)
    except Exception:
        # (a hot method, unguarded: torch's parser words a dim or index that is no int)
        if isinstance(t, Tensor):
            from cyautograd._arg_parser import reject
            reject("Tensor.select", (dim, index))
        raise


def _select(t, dim, index):
    if not -(1 << 63) <= index < (1 << 63):
        raise ValueError("Overflow when unpacking long long")
    _edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    if t.dim() == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = _wrap_dim(dim, t.dim())
    n = t.shape[d]
    if index < -n or index >= n:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{list(t.shape)} at dimension {d}")
    return getitem(t, (slice(None),) * d + (index,))


from cyautograd.ops.shape import _edges_first, narrow  # noqa: E402,F401


from cyautograd.ops.pointwise import masked_fill  # noqa: E402,F401
from cyautograd.ops.reduction import cumsum, norm  # noqa: E402,F401


def _scalar_like(value, t, wrapped=False):
    """A scalar on the left of an operator as a tensor: of t's dtype, or
    (wrapped) a 0-d tensor of the scalar's own type, as torch wraps it."""
    from cyautograd.creation import tensor
    from cyautograd.tensor import Tensor
    if isinstance(value, Tensor):
        return value
    if wrapped:
        return tensor(value)
    return tensor(value, dtype=t.dtype)


def _not_yet(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"{name} is not implemented yet")
    f.__name__ = name
    return f


from cyautograd.ops.pointwise import (abs_, clamp_, exp_, log_, masked_fill_, neg_,  # noqa: E402,F401
                                      pow_, relu_, sigmoid_, sqrt_, tanh_)


def _copy_to(dst, src):
    """The write of setitem (torch's copy_to): same sizes copy_, a 0-d value
    fill_, else the value without its leading unit dims, expanded, copy_."""
    if tuple(dst.shape) == tuple(src.shape):
        dst.copy_(src)
        return
    if src.dim() == 0:
        dst.fill_(src)
        return
    shape = tuple(src.shape)
    k = 0
    while k < len(shape) and shape[k] == 1:
        k += 1
    src = src.view(shape[k:])
    if tuple(src.shape) != tuple(dst.shape):
        src = src.expand(tuple(dst.shape))
    dst.copy_(src)


def _bool_index(it):
    """Whether an index item is a boolean scalar: Python's bool or a 0-d bool
    (or uint8) tensor, which torch's indexing reads as an unsqueeze
    of a new dimension indexed by [0] (true) or [] (false)."""
    if type(it) is _b.bool:
        return True
    return isinstance(it, Tensor) and it.dim() == 0 and it.dtype in (_D.bool, _D.uint8)


def _apply_slicing(t, items):
    """torch's applySlicing for setitem: the basic items (integers, 0-d
    integer tensors, slices, None, Ellipsis and the unsqueeze of a boolean
    scalar) applied one dimension at a time as views (a slice covering its
    dimension, like Ellipsis, makes none); returns the sliced tensor and the
    advanced indices as (dim of the sliced tensor, index) pairs."""
    from cyautograd.creation import tensor as _tensor
    from cyautograd.ops.shape import getitem
    nd = t.dim()
    specified = 0
    for it in items:
        if it is None or it is Ellipsis or _bool_index(it):
            continue
        if isinstance(it, Tensor) and it.dtype in (_D.bool, _D.uint8):
            specified += it.dim()
        else:
            specified += 1
    result = t
    adv = []
    dim = 0
    for it in items:
        if it is Ellipsis:
            dim += nd - specified
        elif it is None:
            result = result.unsqueeze(dim)
            dim += 1
        elif _bool_index(it):
            result = result.unsqueeze(dim)
            adv.append((dim, _tensor([0] if _b.bool(it) else [], dtype=_D.int64, device=t.device)))
            dim += 1
        elif isinstance(it, (_b.int, _np.integer)) or (isinstance(it, Tensor) and it.dim() == 0 and
                                                     not it.dtype.is_floating_point and not it.dtype.is_complex):
            result = getitem(result, (slice(None),) * dim + (_b.int(it) if isinstance(it, Tensor) else it,))
        elif type(it) is slice:
            if dim >= result.dim() or it.indices(result.shape[dim]) != (0, result.shape[dim], 1) or \
                    (it.step is not None and it.step != 1):
                result = getitem(result, (slice(None),) * dim + (it,))
            dim += 1
        else:
            adv.append((dim, it))
            if isinstance(it, Tensor) and it.dtype in (_D.bool, _D.uint8):
                dim += it.dim()
            elif isinstance(it, (list, _np.ndarray)) and _np.asarray(it).dtype == _np.bool_:
                dim += _np.asarray(it).ndim
            else:
                dim += 1
    return result, adv


def setitem(t, index, value):
    """t[index] = value as torch's THPVariable_setitem: a Python False writes
    nothing; a Python True or None writes into t.unsqueeze(0); any other
    index is sliced first (_apply_slicing: views, so the write is CopySlices on
    t, unless every basic item covers its dimension), then the value is copied
    in (_copy_to), or, with advanced indices (tensors, sequences, boolean
    scalars), written by index_put_ into the sliced tensor (IndexPutBackward0
    when that is t itself, else CopySlices around it).

    >>> y = torch.zeros(2, 3, requires_grad=True) * 1
    >>> y[torch.tensor(True)] = 5.; y.grad_fn.name()
    'cyautograd::autograd::CopySlices'
    >>> y[False] = 7.; y[0, 0].item()
    5.0
    """
    from cyautograd.creation import tensor as _tensor
    from cyautograd.ops.shape import normalize_index
    if value is None:
        # torch converts the value before it looks at the index
        raise TypeError(f"can't assign a NoneType to a {t.type()}")
    index = normalize_index(t, index)
    if not isinstance(value, Tensor):
        # the number on t's device, as torch's scalar_to_tensor + copy_
        if t.is_cpu:
            from cyautograd.ops.pointwise import checked_scalar
            npd = _np.dtype(t.dtype.np)
            if isinstance(value, (_b.int, _b.float)) and not isinstance(value, _b.bool) and npd.char != "e":
                # scalar_to_tensor fills with the number: fill_'s checked
                # conversion (torch's scalar_tensor_static lets a float16
                # overflow to inf)
                value = checked_scalar(npd, value)
            value = _tensor(value, dtype=t.dtype)
        else:
            value = _tensor(value, dtype=t.dtype, device=t.device)
    ti = type(index)
    if ti is _b.bool:
        if index:
            _copy_to(t.unsqueeze(0), value)
        return
    # the common single indices without the general walk: an integer (a select view), a slice
    # (a view, or t itself when it covers the dimension), a tensor of indices or a mask (no view)
    if ti is _b.int or ti is slice:
        if ti is slice and t.dim() and index.indices(t.shape[0]) == (0, t.shape[0], 1) and \
                (index.step is None or index.step == 1):
            _copy_to(t, value)
        else:
            _copy_to(getitem(t, index), value)
        return
    if ti is Tensor and index.dim() and index.dtype is not _D.uint8:
        sliced, adv = t, [(0, index)]
    else:
        sliced, adv = _apply_slicing(t, index if isinstance(index, tuple) else (index,))
    if not adv:
        _copy_to(sliced, value)
        return
    # a Tensor value keeps its dtype: index_put_ refuses a mismatch
    shape = tuple(value.shape)
    k = 0
    while k < len(shape) and shape[k] == 1:   # torch strips leading unit dims here too
        k += 1
    if k:
        value = value.view(shape[k:])
    indices = [slice(None)] * (adv[-1][0] + 1)
    for d, it in adv:
        indices[d] = it
    index_put_(sliced, tuple(indices), value)


from cyautograd.ops.shape import (as_strided, diagonal, index_put, index_put_,  # noqa: E402,F401
                                  movedim, moveaxis, unfold)


from cyautograd.ops.extra import *  # noqa: E402,F401,F403
from cyautograd.ops.extra2 import *  # noqa: E402,F401,F403
from cyautograd.ops.shape import (squeeze_, swapaxes_, swapdims, swapdims_, t_, transpose_,  # noqa: E402,F401,E501
                                  unsqueeze_)

from cyautograd.linalg import det, inv as inverse  # noqa: E402,F401


def _where_method(self, condition, y):
    """Tensor.where(condition, y): ``torch.where(condition, self, y)``; self is
    the input picked where condition is True, not the condition.

    >>> x = torch.tensor([1., -2.]); x.where(x > 0, torch.zeros(2))"""
    return where(condition, self, y)


_where_method.__name__ = _where_method.__qualname__ = "where"
