"""Forward-mode automatic differentiation, shaped like ``torch.autograd.forward_ad``.

Inside ``with dual_level():`` a tensor made by :func:`make_dual` carries a
*tangent* (its forward gradient at that level). Every differentiable op
applied to such a *dual tensor* returns a dual tensor whose tangent is the
Jacobian-vector product of the op at the primal values; :func:`unpack_dual`
reads primal and tangent back. Leaving the level drops every tangent made
inside it. As in torch, one level may be open at a time.

NOTE [ Forward grad layout ]
A tensor's tangents live in its AutogradMeta (``fw_grad_``: torch's
ForwardGrad, ``{level: tangent}``). As in torch's autograd_meta.cpp, a tangent
has its primal's metadata -- sizes, strides, storage offset and storage
size -- so that a view's tangent is the same view of its base's tangent:
``set_fw_grad`` copies a tangent of another layout into a zero storage laid
out like the primal's. A view whose tangent was never set reads it lazily
from its forward base (``fw_grad``: as_strided of the base's tangent, or the
view's view_fn), so a tangent given to a base after the view was taken is
seen by the view; an in-place op writes the new tangent into the existing
one, so a change made through a view reaches the base's tangent. An in-place
op on a view whose base has no tangent gives the base a zero tangent first.

NOTE [ Forward AD dispatch ]
torch runs forward formulas inside each op's autograd kernel, so how an op
was reached does not matter. cyautograd's ops run their metadata code inline
(no dispatcher), and the hot paths must not pay for forward AD outside a
level. So forward AD redirects the ops *themselves* while a level is open --
never the names they are reached by (an earlier design swapped namespace
and type-dict entries, and an op imported or bound before the level --
``from cyautograd import sin``, ``self.act = torch.tanh``, ``f = x.exp``,
``F.relu`` kept in a module -- silently gave no tangent):
- a C op (a Cython function) has its vectorcall slot pointed at a C
  trampoline (ops/_common.pyx); every call through any reference to that
  object -- module attribute, alias, bound method, functools.partial --
  lands there and is handed to ``_run`` with the original slot wrapped as a
  callable. Tensor operators go through Tensor's C dispatch table, whose
  entries are swapped for trampolines the same way; ``Function.apply``
  checks a module flag;
- a Python op has its ``__code__`` (and defaults) swapped for a trampoline
  into ``_run_composite``, with a clone of the original function to call;
- on exit every slot, code object and table entry is restored: outside a
  level the ops are byte-for-byte what they were, and nothing on the hot
  path checks anything (bench rows unchanged).

``_run`` runs a C op as before (values, backward history, views and version
counters are the op's own) and, when an argument has a tangent, computes the
output tangents:
- a view op's output reads its tangent lazily from its base (above);
- an op with an explicit formula (``_RULES``) uses it;
- every other op uses its backward formula, which is linear in the output
  gradient u: vjp(u) = J^T u, so J t = d<vjp(u), t>/du (the "double-vjp"
  trick), computed on detached copies of the inputs so that the real graph
  is not touched. Every differentiable op therefore has a JVP, exact to
  rounding (no finite differences). An op whose backward is not implemented
  raises torch's "Trying to use forward AD with <op> that does not support it."
Nested op calls made by a C op's own implementation run unwrapped (the outer
op's tangent covers them). A Python op is a composite (torch's
CompositeImplicitAutograd): it runs with its inner ops giving every
intermediate its tangent, and only an output the inner ops left without one
gets it from the double-vjp. cyautograd's own ops written as ``Function``s
(ops/extra.py, linalg.py) are C ops in this sense; a user's Function needs
its ``jvp``, as in torch.

Forward-over-reverse: a backward with create_graph inside a level runs
backward formulas made of ops, so the gradients get tangents like any other
result -- provided every tensor a formula reads carries its tangent. Saved
inputs are the tensors themselves; a saved output shares its ForwardGrad
dict with the output (NOTE [ Saved outputs and tangents ] in
saved_variable.pyx), and Function-based ops save their results with
``save_for_backward`` rather than stashing detached copies.
"""
import threading
import weakref
from collections import namedtuple
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual",
           "dual_level"]

# the current level: -1 when none is open (torch's _current_level)
_current_level = -1
# tensors given a tangent at the open level, cleared when it exits
# ({id: weakref}; a tensor that dies leaves, so a long loop inside a level
# keeps this flat, as torch's ForwardADLevel)
_registry = {}


def _register(t):
    k = id(t)
    if k not in _registry:
        _registry[k] = weakref.ref(t, lambda r, k=k: _registry.pop(k, None))
_state = threading.local()


# NOTE [ Forward grad mode ]
# torch's thread-local forward-grad switch (AutogradState's fw_grad_mode,
# torch._C._set_fwd_grad_enabled / _is_fwd_grad_enabled): while it is off a
# tensor reads as having no tangent -- ops give no tangents, unpack_dual's
# tangent is None, make_dual keeps none -- and the tangents already stored
# come back when it is on again. _fw_grad is the one reader, so it is the
# one place that tests it.
_fwd_mode = threading.local()


def _is_fwd_grad_enabled():
    """Whether forward-mode AD is enabled on this thread (torch's
    ``torch._C._is_fwd_grad_enabled``; on unless turned off).

    >>> torch._C._is_fwd_grad_enabled()
    True
    """
    return getattr(_fwd_mode, "off", False) is False


def _set_fwd_grad_enabled_c(enabled):
    """Turn forward-mode AD on or off on this thread (torch's
    ``torch._C._set_fwd_grad_enabled``): while off, tensors read as having
    no tangent and ops compute none (NOTE [ Forward grad mode ])."""
    if type(enabled) is not bool:
        raise TypeError(f"enabled must be a bool (got {type(enabled).__name__})")
    _fwd_mode.off = not enabled


class _set_fwd_grad_enabled:
    """Context manager and decorator that sets forward-mode AD on or off
    (NOTE [ Forward grad mode ]), as torch's
    ``torch.autograd.forward_ad._set_fwd_grad_enabled``: the mode changes
    when the object is made and the previous one comes back on exit.

    >>> import cyautograd.autograd.forward_ad as fwAD
    >>> with fwAD.dual_level():
    ...     x = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 1.]))
    ...     with fwAD._set_fwd_grad_enabled(False):
    ...         print(fwAD.unpack_dual(x * 3).tangent)
    ...     print(fwAD.unpack_dual(x * 3).tangent)
    None
    tensor([3., 3.])
    """

    def __init__(self, mode):
        self.prev = _is_fwd_grad_enabled()
        _set_fwd_grad_enabled_c(mode)
        self.mode = mode

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        _set_fwd_grad_enabled_c(self.prev)

    def __call__(self, fn):
        # torch's _DecoratorContextManager: each call of the decorated
        # function enters self.clone(), which for this class (its mode is a
        # required argument) raises TypeError in torch 2.13 -- kept as torch
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.clone():
                return fn(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


_common_mod = None
_Tensor = None


def _common():
    global _common_mod, _Tensor
    if _common_mod is None:
        from cyautograd.ops import _common as c
        from cyautograd.tensor import Tensor
        _common_mod, _Tensor = c, Tensor
    return _common_mod


# ---------------------------------------------------------------------------
# levels


def enter_dual_level():
    """Open a new forward-AD level and return its index. torch supports a
    single level: a nested one raises "Nested forward mode AD is not
    supported at the moment"."""
    global _current_level
    if _current_level >= 0:
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    _install("forward_ad")
    _current_level = 0
    return _current_level


def exit_dual_level(*, level=None):
    """Close the level ``level`` (default: the current one), dropping every
    tangent set at that level."""
    global _current_level
    if level is None:
        level = _current_level
    if level != _current_level:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one that was created. "
                           "This is not supported.")
    if level < 0:
        raise RuntimeError("Dual level must be a positive number.")
    c = _common()
    for ref in list(_registry.values()):
        t = ref()
        if t is not None:
            c._fw_store(t, level, None)
    _registry.clear()
    _current_level = level - 1
    _uninstall("forward_ad")


class dual_level:
    """Context manager for a forward-AD level: ``with dual_level():`` enters
    one (returning its index) and exits it at the end of the block, which
    drops the tangents made inside."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with dual_level():
                return fn(*args, **kwargs)
        return wrapper


# ---------------------------------------------------------------------------
# tangents in AutogradMeta (torch's AutogradMeta::fw_grad / set_fw_grad)


def _is_float(t):
    return t.dtype.is_floating_point or t.dtype.is_complex


def _has_same_meta(a, b):
    c = _common()
    # as torch's has_same_meta: the stride of a dimension of size 0 or 1
    # steps nowhere, and a tensor with no elements reads nothing at its offset
    if tuple(a.shape) != tuple(b.shape):
        return False
    if any(sa != sb and n > 1 for sa, sb, n in zip(a.stride(), b.stride(), a.shape)):
        return False
    if a.storage_offset() != b.storage_offset() and a.numel() != 0:
        return False
    na, nb = c._fw_storage_numel(a), c._fw_storage_numel(b)
    if na >= 0 and nb >= 0:
        # two C-ordered storages index their elements alike whatever their
        # array shapes ((4,) or (2, 2)): torch compares storage sizes
        return na == nb
    return c._fw_storage_key(a) == c._fw_storage_key(b)


def _new_with_same_meta(self, like):
    """Zeros of `like`'s dtype laid out exactly as `self` over a storage
    like self's (so that a view's geometry means the same on both)."""
    import cyautograd as _t
    c = _common()
    if c._fw_storage_numel(self) >= 0:
        flat = _t.zeros(c._fw_storage_numel(self), dtype=like.dtype)
        # not an autograd view of `flat` (torch builds it below autograd): the
        # tangent's _base is None and _is_view() False, as torch's
        return flat.as_strided(tuple(self.shape), self.stride(), self.storage_offset()).detach()
    g = c._fw_new_with_same_meta(self, like)
    if g is None:  # a storage layout that cannot be rebuilt: a dense tangent
        g = _t.zeros(tuple(self.shape), dtype=like.dtype)
    return g


def _relayout(self, src):
    """src's values laid out as `self` (NOTE [ Forward grad layout ]): a
    fresh tangent written by copy_, which counts as a write (version 1), as
    torch's new_with_same_meta + copy_ does."""
    g = _new_with_same_meta(self, src)
    g.copy_(src)
    return g


def _relayout_fresh(self, src):
    """A tangent an op computed, laid out as its primal: torch's forward
    formula writes it in that layout to begin with, so it is fresh (version
    0). A tangent with a graph (forward-over-reverse) is laid out by copy_,
    which keeps the graph."""
    c = _common()
    n = c._fw_storage_numel(self)
    if src.requires_grad or n < 0 or src.device.type != "cpu":
        return _relayout(self, src)
    import numpy as np
    import cyautograd as _t
    a = src.numpy()
    buf = np.zeros(n, dtype=a.dtype)
    shape, stride, off = tuple(self.shape), self.stride(), self.storage_offset()
    if a.size:
        np.lib.stride_tricks.as_strided(buf[off:], shape, [st * buf.itemsize for st in stride])[...] = a
    return _t.from_numpy(buf).as_strided(shape, stride, off).detach()


def _view_like(src, like):
    """The view of `src` (a tangent laid out as like's base) with like's
    geometry: as_strided, or for an F-ordered storage a raw view of it."""
    c = _common()
    if c._fw_storage_numel(src) >= 0:
        return src.as_strided(tuple(like.shape), like.stride(), like.storage_offset())
    v = c._fw_view_over(src, like)
    if v is None:
        raise RuntimeError("forward AD: cannot view the tangent of a tensor whose storage is not one dense block")
    return v


def _fw_grad(t, level):
    """The tangent of `t` at `level` (None if none): its own, or for a view
    whose forward base has one, the same view of the base's tangent."""
    if getattr(_fwd_mode, "off", False):   # NOTE [ Forward grad mode ]
        return None
    c = _common()
    d = c._fw_grads(t)
    if d is not None:
        g = d.get(level)
        if g is not None:
            return g
    info = c._fw_view_info(t)
    if info is None:
        return None
    base, view_fn = info
    bg = _fw_grad(base, level)
    if bg is None:
        return None
    with _unwrapped():
        g = view_fn(bg) if view_fn is not None else _view_like(bg, t)
    c._fw_store(t, level, g)
    _register(t)
    return g


def _set_fw_grad(self, new_grad, level, is_inplace_op, fresh=False):
    """AutogradMeta::set_fw_grad: store `new_grad` as self's tangent,
    enforcing the layout of NOTE [ Forward grad layout ]."""
    c = _common()
    if _fw_grad(new_grad, level) is not None:
        raise RuntimeError(f"Setting a forward grad that itself has a forward gradient at the same level{level} "
                           "is not supported.")
    if not (_is_float(new_grad) and _is_float(self)):
        raise RuntimeError("Expected both tensor and its forward grad to be floating point or complex")
    if tuple(self.shape) != tuple(new_grad.shape):
        raise RuntimeError("Trying to set a forward gradient that has a different size than that of the original "
                           f"Tensor, this is not supported. Tensor is of size {list(self.shape)} while the given "
                           f"forward gradient is of size {list(new_grad.shape)}.")
    with _unwrapped():
        if is_inplace_op:
            info = c._fw_view_info(self)
            if info is not None:
                base, view_fn = info
                if _fw_grad(base, level) is None:
                    if _has_same_meta(new_grad, base) and _has_same_meta(new_grad, self):
                        new_base_grad = new_grad
                    else:
                        new_base_grad = _new_with_same_meta(base, new_grad)
                        v = view_fn(new_base_grad) if view_fn is not None else _view_like(new_base_grad, self)
                        v.copy_(new_grad)
                        new_grad = v
                    _set_fw_grad(base, new_base_grad, level, False)
                    # the view's tangent is now a view of the base's: laying
                    # it out afresh would cut that link
                    fresh = False
        if not _has_same_meta(new_grad, self):
            new_grad = _relayout_fresh(self, new_grad) if fresh else _relayout(self, new_grad)
        elif fresh and (new_grad._is_view() or new_grad._version) and not new_grad.requires_grad:
            # a computed tangent that is a view of (or was written into) a
            # temporary: torch's formula result is a fresh tensor
            new_grad = _relayout_fresh(self, new_grad)
    c._fw_store(self, level, new_grad)
    _register(self)


# ---------------------------------------------------------------------------
# public API


UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])
UnpackedDualTensor.__doc__ = """Namedtuple returned by :func:`unpack_dual`: the primal (a view of the dual
tensor without its tangent) and the tangent (None if there is none)."""


def make_dual(tensor, tangent, *, level=None):
    """A dual tensor: a view of ``tensor`` whose tangent at ``level`` (default:
    the current level) is ``tangent``. The view records backward history as
    ``tensor.view_as(tensor)`` does (``ViewBackward0``) but is not a forward
    view: its tangent is its own, not one of ``tensor``'s."""
    from cyautograd.tensor import Tensor
    if level is None:
        level = _current_level
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level exists, make sure to "
                           "enter_dual_level() first.")
    if not isinstance(tensor, Tensor):
        raise TypeError(f"_make_dual(): argument 'primal' (position 1) must be Tensor, not {type(tensor).__name__}")
    if not isinstance(tangent, Tensor):
        raise TypeError(f"_make_dual(): argument 'tangent' (position 2) must be Tensor, not "
                        f"{type(tangent).__name__}")
    if not _is_float(tensor):
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not _is_float(tangent):
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    if _fw_grad(tensor, level) is not None:
        raise RuntimeError("Making a dual Tensor based on a Tensor that already has a forward gradient at the same "
                           f"level {level} is not supported.")
    if level != 0:
        raise RuntimeError("Invalid level given to _make_dual")
    if _fw_grad(tangent, level) is not None:
        raise RuntimeError(f"Setting a forward grad that itself has a forward gradient at the same level{level} "
                           "is not supported.")
    if tuple(tensor.shape) != tuple(tangent.shape):
        raise RuntimeError("Trying to set a forward gradient that has a different size than that of the original "
                           f"Tensor, this is not supported. Tensor is of size {list(tensor.shape)} while the given "
                           f"forward gradient is of size {list(tangent.shape)}.")
    with _unwrapped():
        out = tensor.view_as(tensor)
    _common()._fw_drop_view_info(out)
    if not _inference_mode() and _is_fwd_grad_enabled():
        # (as _run: no autograd kernel, no tangent; NOTE [ Forward grad mode ])
        _set_fw_grad(out, tangent, level, False)
    return out


def unpack_dual(tensor, *, level=None):
    """``UnpackedDualTensor(primal, tangent)`` of a dual tensor at ``level``
    (default: the current level): the primal is a view of ``tensor`` with no
    tangent, the tangent the stored forward gradient itself (None if the
    tensor has none, or no level is open)."""
    from cyautograd.tensor import Tensor
    if level is None:
        level = _current_level
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    if not isinstance(tensor, Tensor):
        raise TypeError(f"_unpack_dual(): argument 'tensor' (position 1) must be Tensor, not "
                        f"{type(tensor).__name__}")
    if level != 0:
        raise RuntimeError("Invalid level given to _fw_primal")
    from cyautograd.ops.shape import _fw_primal
    primal = _fw_primal(tensor)
    _common()._fw_drop_view_info(primal)
    return UnpackedDualTensor(primal, _fw_grad(tensor, level))


# ---------------------------------------------------------------------------
# op wrappers (NOTE [ Forward AD dispatch ])


class _unwrapped:
    """Run ops unwrapped (inside an op's own implementation, or while a
    tangent is being computed)."""

    def __enter__(self):
        self.prev = getattr(_state, "busy", False)
        _state.busy = True

    def __exit__(self, *exc):
        _state.busy = self.prev


def _flat_tensors(obj, out):
    Tensor = _Tensor
    if isinstance(obj, Tensor):
        out.append(obj)
    elif isinstance(obj, (list, tuple)):
        for o in obj:
            if isinstance(o, Tensor):
                out.append(o)
            elif isinstance(o, (list, tuple)):
                _flat_tensors(o, out)
    return out


def _replace(obj, table):
    """obj with every Tensor t replaced by table[id(t)] (a structural copy)."""
    Tensor = _Tensor
    if isinstance(obj, Tensor):
        return table.get(id(obj), obj)
    if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
        return tuple(_replace(o, table) for o in obj)
    if isinstance(obj, list):
        return [_replace(o, table) for o in obj]
    return obj


# ops that write their first argument (self) in place
_INPLACE_DISPATCH = {"iadd", "isub", "imul", "itruediv"}
# in-place ops that change only self's geometry
# in-place ops whose out-of-place op has its own forward formula
_INPLACE_OF = {"put_": "put", "scatter_": "scatter", "logit_": "logit", "xlogy_": "xlogy",
               "masked_fill_": "masked_fill"}
_INPLACE_VIEW = {"squeeze_", "unsqueeze_", "transpose_", "t_", "swapdims_", "swapaxes_", "as_strided_"}
# ops that never carry a tangent (their outputs do not depend on the values
# differentiably, or they are not ops)
_NO_FW = {"detach", "detach_", "set_data", "variable_data", "_base", "_is_view", "register_hook",
          "register_post_accumulate_grad_hook", "retain_grad", "backward", "array_module", "device_of",
          "new_empty", "new_full", "new_ones", "new_tensor", "new_zeros", "zeros_like", "ones_like",
          "empty_like", "full_like", "rand_like", "randn_like", "randint_like", "numel", "size",
          "equal", "allclose", "is_nonzero", "_scalar_like", "_wrap_dim", "is_floating_point",
          "is_complex", "item", "tolist", "numpy", "dim", "nonzero", "argmax", "argmin",
          "bernoulli", "multinomial", "normal"}


# ops torch 2.13 has no forward formula for: torch's NotImplementedError, word for word
_NOT_YET = ("Trying to use forward AD with {} that does not support it because it has not been implemented "
            "yet.\nPlease file an issue to PyTorch at https://github.com/pytorch/pytorch/issues/new?template="
            "feature-request.yml so that we can prioritize its implementation or submit a PR adding the "
            "implementation to derivatives.yaml")
# (the shorter words of torch's in-place ops whose forward formula is missing)
_NOT_YET_SHORT = ("Trying to use forward AD with {} that does not support it because it has not been implemented "
                  "yet.\nPlease file an issue to PyTorch at https://github.com/pytorch/pytorch/issues/new?template="
                  "feature-request.yml so that we can prioritize its implementation.")
_TORCH_REFUSES = {"cdist": _NOT_YET.format("_cdist_forward"), "pdist": _NOT_YET.format("_pdist_forward"),
                  "unique": _NOT_YET.format("_unique2"),
                  "unique_consecutive": _NOT_YET.format("unique_consecutive"),
                  "bincount": "Trying to use forward AD with aten::bincount that does not support it.",
                  "gcd": "Trying to use forward AD with aten::gcd that does not support it.",
                  "lcm": "Trying to use forward AD with aten::lcm that does not support it.",
                  "gcd_": "Trying to use forward AD with aten::gcd_ that does not support it.",
                  "lcm_": "Trying to use forward AD with aten::lcm_ that does not support it.",
                  "index_reduce": _NOT_YET.format("index_reduce"),
                  "index_reduce_": _NOT_YET_SHORT.format("index_reduce_"),
                  "heaviside_": "Trying to use forward AD with aten::heaviside_ that does not support it.",
                  "multi_margin_loss": _NOT_YET.format("multi_margin_loss"),
                  "multilabel_margin_loss": _NOT_YET.format("multilabel_margin_loss_forward"),
                  "embedding_bag": _NOT_YET.format("_embedding_bag"),
                  "ctc_loss": _NOT_YET.format("_ctc_loss"),
                  "asinh_": _NOT_YET_SHORT.format("asinh_"), "acosh_": _NOT_YET_SHORT.format("acosh_"),
                  "atanh_": _NOT_YET_SHORT.format("atanh_"), "arcsinh_": _NOT_YET_SHORT.format("asinh_"),
                  "arccosh_": _NOT_YET_SHORT.format("acosh_"), "arctanh_": _NOT_YET_SHORT.format("atanh_"),
                  "rrelu_": _NOT_YET_SHORT.format("rrelu_with_noise_"),
                  "igamma": _NOT_YET.format("igamma"), "igammac": _NOT_YET.format("igammac"),
                  "gammainc": _NOT_YET.format("igamma"), "gammaincc": _NOT_YET.format("igammac"),
                  "igamma_": _NOT_YET_SHORT.format("igamma_"), "igammac_": _NOT_YET_SHORT.format("igammac_")}
# torch's CPU attention kernel has no forward formula; with dropout it runs
# the composite math path, which has
_SDPA_REFUSES = _NOT_YET.format("_scaled_dot_product_flash_attention_for_cpu")


def _torch_refuses(name, args, kwargs):
    """torch's NotImplementedError message where torch 2.13 has no forward
    formula for this call of op `name`, else None."""
    msg = _TORCH_REFUSES.get(name)
    if msg is None and name == "scaled_dot_product_attention":
        p = kwargs.get("dropout_p", args[4] if len(args) > 4 else 0.0)
        if not p:
            return _SDPA_REFUSES
    if msg is None and name == "rrelu" and (kwargs.get("inplace") or (len(args) > 4 and args[4])):
        return _NOT_YET_SHORT.format("rrelu_with_noise_")
    if msg is None and name == "soft_margin_loss":
        # torch: with both input and target duals, the target's formula calls
        # soft_margin_loss_backward, which has none
        a = args[0] if args else kwargs.get("input")
        b = args[1] if len(args) > 1 else kwargs.get("target")
        if all(isinstance(t, _Tensor) and _fw_grad(t, _current_level) is not None for t in (a, b)):
            return _NOT_YET.format("soft_margin_loss_backward")
    return msg


def _torch_gives_no_tangent(name, args, kwargs):
    """Where torch 2.13 runs an op on a dual without giving its result a
    tangent (scatter_reduce with reduce="prod"): so does cyautograd."""
    if name in ("scatter_reduce", "scatter_reduce_"):
        red = kwargs.get("reduce", args[4] if len(args) > 4 else None)
        return red == "prod"
    return False


def _is_inplace(name):
    return name in _INPLACE_DISPATCH or (name.endswith("_") and not name.endswith("__")) or name == "setitem"


def _inference_mode():
    # busy while asking: the grad-mode query is itself a hooked callable
    from cyautograd.grad_mode import is_inference_mode_enabled
    prev = getattr(_state, "busy", False)
    _state.busy = True
    try:
        return is_inference_mode_enabled()
    finally:
        _state.busy = prev


def _run(name, fn, args, kwargs, formula=None):
    """Run op `fn` and give its outputs tangents (see the module docstring).
    `formula`: the op's own forward formula, if it has one (NOTE [ Forward
    formulas of Function-based ops ])."""
    if getattr(_state, "busy", False) or _current_level < 0 or _inference_mode():
        # (inference mode: torch's ops skip the autograd kernels, so no
        # tangent is computed or kept)
        return fn(*args, **kwargs)
    level = _current_level
    _common()
    tensors = _flat_tensors(args, [])
    if kwargs:
        _flat_tensors(tuple(kwargs.values()), tensors)
    duals = []
    seen = set()
    for t in tensors:
        if id(t) in seen:
            continue
        seen.add(id(t))
        g = _fw_grad(t, level)
        if g is not None:
            duals.append((t, g))
    if not duals:
        return fn(*args, **kwargs)
    msg = _torch_refuses(name, args, kwargs)
    if msg is not None:
        raise NotImplementedError(msg)
    if _torch_gives_no_tangent(name, args, kwargs):
        with _unwrapped():
            return fn(*args, **kwargs)
    if kwargs.get("out") is not None:
        # as torch: the out= kernel runs, then its forward-AD check refuses
        with _unwrapped():
            fn(*args, **kwargs)
        raise NotImplementedError(f"Trying to use forward AD with {name}_out that does not support it because "
                                  "it is an out= function")
    if name in _INPLACE_VIEW:
        # an in-place view op (x.squeeze_()): the tangent gets the same change
        # of geometry, as torch's forward formulas for these ops do
        self = args[0]
        cur = _fw_grad(self, level)
        with _unwrapped():
            out = fn(*args, **kwargs)
            if cur is not None and out is self:
                from cyautograd.grad_mode import no_grad
                with no_grad():
                    getattr(cur, name)(*args[1:], **kwargs)
        return out
    inplace = _is_inplace(name) or kwargs.get("inplace") is True
    if inplace:
        self = args[0]
        if name in _INPLACE_OF:
            # x.op_(...) is x.copy_(x.op(...)): the out-of-place op, run on the
            # unchanged self, gives the new tangent by its forward formula
            # (NOTE [ Forward formulas of Function-based ops ])
            y = getattr(self, _INPLACE_OF[name])(*args[1:], **kwargs)
            tg = _fw_grad(y, level) if isinstance(y, _Tensor) else None
            new_tangents = None if tg is None else [tg]
            with _unwrapped():
                out = fn(*args, **kwargs)
        else:
            with _unwrapped():
                new_tangents = _jvp(name, fn, args, kwargs, duals, True)
                out = fn(*args, **kwargs)
        if out is NotImplemented or new_tangents is None:
            return out
        nt = new_tangents[0]
        if nt is None:
            return out
        if out is not self and not _is_inplace(name):
            # inplace=True that the op did not honour: the result is new
            if isinstance(out, _Tensor) and _fw_grad(out, level) is None:
                _set_fw_grad(out, nt, level, False, fresh=True)
            return out
        cur = _fw_grad(self, level)
        with _unwrapped():
            if cur is not None:
                from cyautograd.grad_mode import no_grad
                with no_grad():
                    cur.copy_(nt)
            else:
                _set_fw_grad(self, nt, level, True, fresh=True)
        return out
    with _unwrapped():
        out = fn(*args, **kwargs)
    if out is NotImplemented:
        return out
    outs = [o for o in _flat_tensors(out, []) if _is_float(o)]
    if not outs:
        return out
    # a view of a dual reads its tangent from its base
    todo = [o for o in outs if _fw_grad(o, level) is None]
    if not todo:
        return out
    with _unwrapped():
        if formula is not None and not kwargs:
            tangents = _apply_formula(formula, args, out, level)
        else:
            rule = _RULES.get(name)
            tangents = rule(fn, args, kwargs, out, duals) if rule is not None and (
                rule is _rule_masked_fill or _rule_applies(args, out, duals)) else None
        if tangents is None:
            tangents = _jvp(name, fn, args, kwargs, duals, False)
    if tangents is None:
        return out
    for o, tg in zip(outs, tangents):
        if tg is not None and _fw_grad(o, level) is None:
            _set_fw_grad(o, tg, level, False, fresh=True)
    return out


# NOTE [ Forward formulas of Function-based ops ]
# The double-vjp trick gives J t exactly where the backward formula is the
# transpose of the forward derivative. It is not torch's tangent where torch's
# forward formula is not that transpose: a formula that puts a constant (nan)
# where the input is out of the domain (logit), a last-write-wins write whose
# transpose reads every write (scatter, put), a factorisation whose forward
# formula reads the whole tangent although the op reads one triangle
# (cholesky, eigh), a backward written in log space that is nan at a zero
# output gradient (logcumsumexp). Such a Function-based op carries torch's
# forward formula as a static method ``_jvp(args, out, tangents)``: `args` the
# positional arguments given to apply, `out` its result, `tangents` one per
# argument (None where it has none, or is not a tensor); it returns the
# tangent of each floating output, in order (a tensor where there is one).
# It runs unwrapped, in the op's grad mode, so that with create_graph its
# result is differentiable (forward-over-reverse).


def _apply_formula(formula, args, out, level):
    tans = [(_fw_grad(a, level) if isinstance(a, _Tensor) else None) for a in args]
    r = formula(args, out, tans)
    if r is None:
        return None
    rs = list(r) if isinstance(r, (list, tuple)) else [r]
    outs = [o for o in _flat_tensors(out, []) if _is_float(o)]
    return [t if t is None or t.dtype == o.dtype else t.to(o.dtype) for o, t in zip(outs, rs)]


def _run_composite(name, fn, args, kwargs):
    """Run a Python-level op (a composite of other ops) while a level is
    open: its inner ops give every intermediate and output its tangent, as
    torch's CompositeImplicitAutograd ops are differentiated through their
    decomposition -- so the tensors saved inside carry tangents too and a
    backward through them with create_graph differentiates correctly
    (forward-over-reverse). An output the inner ops left without a tangent
    although an input had one (math that reached no hooked op) gets it from
    the op's backward formula, as `_run` gives it."""
    if getattr(_state, "busy", False) or _current_level < 0 or _inference_mode():
        # (inference mode: torch's ops skip the autograd kernels, so no
        # tangent is computed or kept)
        return fn(*args, **kwargs)
    level = _current_level
    _common()
    tensors = _flat_tensors(args, [])
    if kwargs:
        _flat_tensors(tuple(kwargs.values()), tensors)
    duals = []
    seen = set()
    for t in tensors:
        if id(t) not in seen:
            seen.add(id(t))
            g = _fw_grad(t, level)
            if g is not None:
                duals.append((t, g))
    if duals and (_torch_refuses(name, args, kwargs) is not None or _torch_gives_no_tangent(name, args, kwargs)):
        return _run(name, fn, args, kwargs)
    if not duals:
        return fn(*args, **kwargs)
    if kwargs.get("out") is not None or _is_inplace(name) or kwargs.get("inplace") is True:
        # an in-place (or out=) composite writes self through internals that
        # carry no tangent: the op as a whole gets its tangent as a C op's does
        return _run(name, fn, args, kwargs)
    out = fn(*args, **kwargs)
    if out is NotImplemented:
        return out
    outs = [o for o in _flat_tensors(out, []) if _is_float(o)]
    if not outs or all(_fw_grad(o, level) is not None for o in outs):
        return out
    with _unwrapped():
        tangents = _jvp(name, fn, args, kwargs, duals, False)
    if tangents is not None:
        for o, tg in zip(outs, tangents):
            if tg is not None and _fw_grad(o, level) is None:
                _set_fw_grad(o, tg, level, False, fresh=True)
    return out


def _jvp(name, fn, args, kwargs, duals, inplace):
    """The tangents of fn's floating outputs (in order; None where an output
    does not depend on the inputs), by the double-vjp trick through the
    op's backward formula. With grad mode on and an input or tangent that
    requires grad, the tangents keep their graph (forward-over-reverse), as
    torch's forward formulas do."""
    import cyautograd as _t
    from cyautograd.engine import grad as _grad
    from cyautograd.grad_mode import enable_grad, is_grad_enabled
    table = {}
    leaves = []
    tans = []
    dual_tan = {id(t): g for t, g in duals}
    all_args = _flat_tensors(args, []) + _flat_tensors(tuple(kwargs.values()), [])
    keep_graph = is_grad_enabled() and (any(t.requires_grad for t in all_args)
                                        or any(g.requires_grad for _, g in duals))
    with enable_grad():
        for t in all_args:
            if id(t) in table:
                continue
            if id(t) in dual_tan:
                # the partial derivative in t alone: a fresh leaf, or (to keep the
                # graph to t) an alias node, so that gradient flowing to t
                # through another input (t.sin() * t) is not counted here
                leaf = t.view_as(t) if (keep_graph and t.requires_grad) else _rg_internal(t.detach())
                leaves.append(leaf)
                tans.append(dual_tan[id(t)])
                table[id(t)] = leaf
            else:
                table[id(t)] = t if (keep_graph and t.requires_grad) else t.detach()
        if inplace:
            s = args[0]
            table[id(s)] = table[id(s)].clone()
        sargs = _replace(args, table)
        skw = {k: _replace(v, table) for k, v in kwargs.items()}
        y = fn(*sargs, **skw)
        if inplace and (y is sargs[0] or _is_inplace(name)):
            y = sargs[0]   # (an op given inplace=True may still return a new tensor)
        ys = [o for o in _flat_tensors(y, []) if _is_float(o)]
        live = [o for o in ys if o.requires_grad]
        if not live:
            return None
        us = [_rg_internal(_t.zeros_like(o)) for o in live]
        try:
            gs = _grad(live, leaves, grad_outputs=us, create_graph=True, allow_unused=True)
        except RuntimeError as e:
            msg = str(e)
            if msg.startswith("derivative for ") and msg.endswith(" is not implemented"):
                op = msg[len("derivative for "):-len(" is not implemented")]
                raise NotImplementedError(f"Trying to use forward AD with {op} that does not support it.") from None
            raise
        pairs = [(g, tg) for g, tg in zip(gs, tans) if g is not None and g.requires_grad]
        if pairs:
            gouts = [tg if tg.dtype == g.dtype else tg.to(g.dtype) for g, tg in pairs]
            jv = _grad([g for g, _ in pairs], us, grad_outputs=gouts, create_graph=keep_graph,
                       allow_unused=True)
        else:
            jv = [None] * len(us)
    res = {}
    # a tangent of another dtype than its primal carries its dtype through
    # ops that keep the primal's dtype (t * 2 of a float64 t stays float64),
    # not through conversions (.float() gives a float32 tangent)
    keeps = all(o.dtype == t.dtype for o in live for t, _ in duals)
    tdt = [tg.dtype for tg in tans] if keeps else []
    for o, j in zip(live, jv):
        if j is None:
            j = _t.zeros_like(o)
        elif not keep_graph:
            j = j.detach()
        if not j.is_inference() and j._version:
            # written in place by the backward formulas that made it: a fresh
            # result, as torch's forward formulas give (version 0)
            j = j.clone()
        want = o.dtype
        for d in tdt:
            want = _t.promote_types(want, d)
        if j.dtype != want:
            j = j.to(want)
        res[id(o)] = j
    return [res.get(id(o)) for o in ys]


# ---------------------------------------------------------------------------
# explicit forward formulas for the commonest ops (torch's derivatives.yaml
# "result:" lines): the same tangents as the generic path without its two
# reverse passes. Each takes (fn, args, kwargs, out, duals) and returns the
# output tangents, or None to leave the op to the generic path. They run
# only when every tensor argument, tangent and the output share one dtype.


def _rule_applies(args, out, duals):
    if not isinstance(out, _Tensor):
        return False
    dt = out.dtype
    for a in args:
        if isinstance(a, _Tensor) and a.dtype != dt:
            return False
        if not isinstance(a, (_Tensor, int, float)) or isinstance(a, bool):
            return False
    return all(g.dtype == dt for _, g in duals)


def _tan(duals, a):
    for t, g in duals:
        if t is a:
            return g
    return None


def _fit(g, out):
    return g if tuple(g.shape) == tuple(out.shape) else g.expand(tuple(out.shape))


def _rule_add_sub(sign):
    def rule(fn, args, kwargs, out, duals):
        if len(args) != 2 or set(kwargs) - {"alpha"}:
            return None
        a, b = args
        alpha = kwargs.get("alpha", 1) * sign
        ta, tb = _tan(duals, a), _tan(duals, b)
        r = None if ta is None else ta
        if tb is not None:
            tb = tb if alpha == 1 else tb * alpha
            r = tb if r is None else r + tb
        return None if r is None else [_fit(r, out)]
    return rule


def _rule_mul(fn, args, kwargs, out, duals):
    if len(args) != 2 or kwargs:
        return None
    a, b = args
    ta, tb = _tan(duals, a), _tan(duals, b)
    r = None if ta is None else ta * b
    if tb is not None:
        r = tb * a if r is None else r + tb * a
    return None if r is None else [_fit(r, out)]


def _rule_div(fn, args, kwargs, out, duals):
    if len(args) != 2 or kwargs:
        return None
    a, b = args
    ta, tb = _tan(duals, a), _tan(duals, b)
    r = None if ta is None else ta / b
    if tb is not None:
        # torch's formula: self_t / other - other_t * (self / other) / other
        q = -tb * ((a / b) / b)
        r = q if r is None else r + q
    return None if r is None else [_fit(r, out)]


def _rule_pointwise(df):
    """t * df(x, out) for a unary op of one tensor argument."""
    def rule(fn, args, kwargs, out, duals):
        if len(args) != 1 or kwargs:
            return None
        return [duals[0][1] * df(args[0], out)]
    return rule


def _rule_linear(fn, args, kwargs, out, duals):
    """An op linear in its one tensor argument: the op of the tangent."""
    if sum(isinstance(a, _Tensor) for a in args) != 1 or not isinstance(args[0], _Tensor):
        return None
    if any(isinstance(v, _Tensor) for v in kwargs.values()):
        return None
    r = fn(duals[0][1], *args[1:], **kwargs)
    return [r] if isinstance(r, _Tensor) else None


def _rule_bilinear(fn, args, kwargs, out, duals):
    """matmul-like: f(ta, b) + f(a, tb)."""
    if len(args) != 2 or kwargs:
        return None
    a, b = args
    ta, tb = _tan(duals, a), _tan(duals, b)
    r = None if ta is None else fn(ta, b)
    if tb is not None:
        r = fn(a, tb) if r is None else r + fn(a, tb)
    return None if r is None else [r]


def _rule_masked_fill(fn, args, kwargs, out, duals):
    """masked_fill with a number: self's tangent masked to 0 (torch's
    self_t.masked_fill(mask, 0)); the double-vjp would give 0 * t there, NaN
    where the tangent is (std_backward's masked_fill_(result == 0, 0) of a
    0/0 under forward-over-reverse)."""
    if kwargs or len(args) != 3 or isinstance(args[2], _Tensor) or len(duals) != 1 or duals[0][0] is not args[0]:
        return None
    return [fn(duals[0][1], args[1], 0)]


_RULES = {
    "masked_fill": _rule_masked_fill,
    "add": _rule_add_sub(1), "sub": _rule_add_sub(-1), "mul": _rule_mul, "truediv": _rule_div,
    "div": _rule_div, "neg": _rule_linear, "negative": _rule_linear,
    "exp": _rule_pointwise(lambda x, y: y), "sin": _rule_pointwise(lambda x, y: x.cos()),
    "cos": _rule_pointwise(lambda x, y: -x.sin()), "tanh": _rule_pointwise(lambda x, y: 1 - y * y),
    "sigmoid": _rule_pointwise(lambda x, y: y * (1 - y)),
    "sum": _rule_linear, "mean": _rule_linear, "clone": _rule_linear, "contiguous": _rule_linear,
    "matmul": _rule_bilinear, "mm": _rule_bilinear, "bmm": _rule_bilinear, "mv": _rule_bilinear,
    "dot": _rule_bilinear,
}


# ---------------------------------------------------------------------------
# custom Functions: Function.jvp


class _JvpCtx:
    """The ctx a Function's jvp sees: the forward's ctx, whose saved_tensors
    are what forward gave save_for_forward."""

    def __init__(self, ctx):
        object.__setattr__(self, "_ctx", ctx)

    @property
    def saved_tensors(self):
        return tuple(getattr(self._ctx, "_cya_saved_for_forward", ()))

    def __getattr__(self, name):
        return getattr(self._ctx, name)

    def __setattr__(self, name, value):
        setattr(self._ctx, name, value)


def _function_apply(cls, args, kwargs):
    """Function.apply while a level is open: forward as usual, then the
    outputs' tangents from cls.jvp(ctx, *input_tangents)."""
    from cyautograd.function import _apply_with_ctx
    from cyautograd.tensor import Tensor
    level = _current_level
    if getattr(_state, "busy", False) or level < 0:
        return _apply_with_ctx(cls, args, kwargs)[0]
    tangents = [(_fw_grad(a, level) if isinstance(a, Tensor) else None) for a in args]
    if all(t is None for t in tangents):
        return _apply_with_ctx(cls, args, kwargs)[0]
    jvp = getattr(cls, "jvp", None)
    from cyautograd.function import Function
    if (jvp is None or jvp is Function.jvp) and cls.__module__.startswith("cyautograd."):
        # one of cyautograd's own ops written as a Function (ops/extra.py):
        # an op like any other, its JVP from its forward formula
        # (NOTE [ Forward formulas of Function-based ops ]) or else from its
        # backward formula
        return _run(cls.__name__, lambda *a, **k: _apply_with_ctx(cls, a, k)[0], args, kwargs,
                    getattr(cls, "_jvp", None))
    with _unwrapped():
        out, ctx = _apply_with_ctx(cls, args, kwargs)
    # an input returned as is keeps no tangent of its own: the jvp's result replaces it
    if jvp is None or jvp is Function.jvp:
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                  "with forward mode AD.")
    # what torch's _process_forward_mode_AD records before calling jvp: each
    # input tangent and its version (the in-place checks), and which input
    # each forward base belongs to (the view checks)
    given = {i: (t, t._version) for i, t in enumerate(tangents) if t is not None}
    c = _common()
    inputs_bases = {}
    for i, a in enumerate(args):
        if isinstance(a, Tensor):
            info = c._fw_view_info(a)
            inputs_bases.setdefault(id(info[0]) if info is not None else id(a), i)
    if getattr(ctx, "materialize_grads_", True):
        # as torch: a tensor input without a tangent gives jvp zeros (None
        # after ctx.set_materialize_grads(False)); non-tensors give None
        from cyautograd.creation import zeros_like
        with _unwrapped():
            tangents = [zeros_like(a) if t is None and isinstance(a, Tensor) and _is_float(a) else t
                        for a, t in zip(args, tangents)]
    with _unwrapped():
        res = jvp(_JvpCtx(ctx), *tangents)
    is_tuple = isinstance(out, tuple)
    outs = out if is_tuple else (out,)
    rs = res if isinstance(res, tuple) else (res,)
    if len(rs) != len(outs):
        raise RuntimeError(f"jvp() returned an incorrect number of forward gradients (expected {len(outs)}, "
                           f"but got {len(rs)})")
    non_diff = getattr(ctx, "non_differentiable_", None) or ()
    for i, (o, r) in enumerate(zip(outs, rs)):
        if r is not None and isinstance(o, Tensor) and (not _is_float(o) or any(o is t for t in non_diff)):
            raise RuntimeError(f"Function's jvp returned a gradient at position {i}, but  the corresponding "
                               "forward output is not a differentiable Tensor.You should return None at that "
                               "position instead.")
    try:
        delattr(ctx, "_cya_saved_for_forward")
    except AttributeError:
        pass
    from cyautograd.function import _ctx_dirty_tensors
    dirty = _ctx_dirty_tensors(ctx) or ()
    for o, r in zip(outs, rs):
        if not (isinstance(o, Tensor) and _is_float(o)) or any(o is t for t in non_diff):
            continue
        if any(o is d for d in dirty):
            # NOTE [ Forward grads of custom Function outputs ]: an input
            # modified in place keeps its tangent object, which jvp must
            # have modified in place and returned as is
            idx = next((j for j, a in enumerate(args) if a is o), None)
            if idx is None:
                raise RuntimeError("Only input Tensors should be given to ctx.mark_dirty(). If a Tensor is not an "
                                   "input, there is no need to pass it to mark_dirty().")
            if idx in given:
                g, ver = given[idx]
                if r is None or r._version == ver:
                    raise RuntimeError("An inplace custom Function is not modifying the forward mode gradients "
                                       "inplace. If the forward is modifying an input inplace, then the jvp "
                                       "function must modify the corresponding gradient inplace.")
                if r is not g:
                    raise RuntimeError("An inplace custom Function is not returning the forward mode gradients "
                                       "as-is. If the forward is modifying an input inplace, then the jvp "
                                       "function must modify the gradient inplace and return it as-is.")
            elif r is not None:
                _set_fw_grad(o, r, level, True)
            continue
        info = c._fw_view_info(o)
        if info is not None and id(info[0]) in inputs_bases:
            # a view of an input (or the input returned as is): its tangent
            # must be the same view of that input's tangent
            mg = _fw_grad(args[inputs_bases[id(info[0])]], level)
            if mg is not None:
                rinfo = c._fw_view_info(r) if isinstance(r, Tensor) else None
                if rinfo is None:
                    raise RuntimeError("A custom Function's forward is returning a view (or an input as-is) but "
                                       "the jvp is not returning a view.")
                minfo = c._fw_view_info(mg)
                if minfo is not None:
                    if minfo[0] is not rinfo[0]:
                        raise RuntimeError("A custom Function is returning a view but the jvp is not returning a "
                                           "view of the same base as the given grad input.")
                elif mg is not rinfo[0]:
                    raise RuntimeError("A custom Function is returning a view but the jvp is not returning a "
                                       "view of the given grad input.")
            elif r is not None:
                # torch treats this as an in-place op, and stops here
                _set_fw_grad(o, r, level, True)
                return out
        if r is not None:
            _set_fw_grad(o, r, level, False)
    return out


# ---------------------------------------------------------------------------
# forward-over-reverse and the transforms built on forward AD


class _ForwardOverReverse(NotImplementedError):
    """Forward AD asked for while a level is open already (a forward-mode
    transform nested in another): torch's forward AD has one level, so the
    transforms fall back to the double-backward trick there."""


_FOR_MSG = "Nested forward mode AD is not supported at the moment"


def _forward_jvp(func, inputs, tangents, diff_only=False, _flag=False):
    """(outputs, J v) by forward-mode AD, with the contract of
    autograd.functional._double_backward_jvp (which callers fall back to
    when this raises _ForwardOverReverse: inside an open level, or when func
    takes a reverse-mode gradient with create_graph)."""
    import cyautograd as torch
    from cyautograd.tensor import Tensor
    if _current_level >= 0:
        raise _ForwardOverReverse(_FOR_MSG)
    with dual_level():
        with torch.enable_grad():
            inps = []
            for t, v in zip(inputs, tangents):
                if isinstance(t, Tensor) and t.requires_grad:
                    t = _rg_internal(t.detach())
                    if v is not None:
                        t = make_dual(t, v)
                inps.append(t)
            raw = func(*inps)
            outs = raw if isinstance(raw, tuple) else (raw,)
            if diff_only:
                outs = tuple(o for o in outs if o.requires_grad)
            jv = []
            for o in outs:
                tg = _fw_grad(o, _current_level) if isinstance(o, Tensor) else None
                jv.append(torch.zeros_like(o).detach() if tg is None else tg.detach().clone())
    jv = tuple(jv)
    if _flag:
        return tuple(o.detach() for o in outs), jv, isinstance(raw, tuple)
    return outs, jv


def _jvp_any(func, inputs, tangents, diff_only=False, _flag=False):
    """Forward-mode AD where it applies, else the double-backward trick."""
    try:
        return _forward_jvp(func, inputs, tangents, diff_only, _flag)
    except _ForwardOverReverse:
        from cyautograd.autograd.functional import _double_backward_jvp
        return _double_backward_jvp(func, inputs, tangents, diff_only, _flag)


# ---------------------------------------------------------------------------
# hooking the ops (NOTE [ Forward AD dispatch ])


_plan = None          # (namespace sizes, [(name, op)]) from the last install
_installed = None     # [(kind, op, saved)] while a level is open
_tramp_codes = {}     # number of free variables -> trampoline code object
_py_cache = {}        # id(op) -> (op, code, defaults, kwdefaults, clone, trampoline) of a Python op


def _op_objects():
    """[(name, op)]: every differentiable callable of the op namespaces and
    Tensor's methods, each object once, under the first name it is found by."""
    import types
    import cyautograd
    from cyautograd import _ops, linalg
    from cyautograd.tensor import Tensor
    mods = [_ops, cyautograd, linalg]
    try:
        from cyautograd.nn import functional as F
        from cyautograd.nn import functional2 as F2
        # functional2's own functions too: nn.functional may hold a wrapper
        # of one (argument checking) while functional2's code calls the
        # inner one directly (multi_head_attention_forward -> sdpa)
        mods += [F, F2]
    except ImportError:
        pass
    seen = set()
    out = []

    sac_factories = _sac_factories()

    def take(k, v):
        # (a factory without a forward formula is still hooked for the
        # selective mode, which reports it as one op; forward AD runs it as a
        # composite: _py_hook)
        if k.startswith("_") or (k in _NO_FW and k not in sac_factories) or isinstance(v, (type, types.ModuleType)):
            return
        # a parser guard (NOTE [ Parser replay on the error path ]) wraps the
        # op: hook the op itself, which internal callers reach without the guard
        while type(v) is types.FunctionType and getattr(v, "__wrapped__", None) is not None:
            v = v.__wrapped__
        vname = getattr(v, "__name__", k)
        if (vname in _NO_FW and vname not in sac_factories) or id(v) in seen:
            return
        if type(v) is types.FunctionType:
            if v.__code__.co_flags & 0xA0:   # a generator or coroutine function: not an op
                return
        elif type(v).__name__ != "cython_function_or_method" or not _common()._fw_vc_hookable(v):
            return
        seen.add(id(v))
        out.append((k, v))
    for m in mods:
        for k, v in list(vars(m).items()):
            take(k, v)
    for k, v in list(Tensor.__dict__.items()):
        take(k, v)
    return out


def _swap_plan():
    """The ops to hook, rebuilt only when a namespace changed size since the
    last level (a module imported later, new ops registered)."""
    global _plan
    import cyautograd
    from cyautograd import _ops, linalg
    from cyautograd.tensor import Tensor
    try:
        from cyautograd.nn import functional as F
    except ImportError:
        F = None
    key = (len(vars(cyautograd)), len(vars(_ops)), len(vars(linalg)), len(vars(F)) if F else 0,
           len(Tensor.__dict__))
    if _plan is None or _plan[0] != key:
        _plan = (key, _op_objects())
    return _plan[1]


def _tramp_code(nfree):
    """A code object `(*args, _cya_fw_, **kwargs)` that calls
    _cya_fw_[0](_cya_fw_[1], _cya_fw_[2], args, kwargs), with `nfree` free
    variables so that it can replace the code of a closure of that many."""
    code = _tramp_codes.get(nfree)
    if code is None:
        names = [f"_cya_cell{i}" for i in range(nfree)]
        src = ["def _outer():"] + [f"    {n} = None" for n in names]
        src.append("    def _cya_forward_ad(*args, _cya_fw_=None, **kwargs):")
        if names:
            src.append("        if False:")   # makes the cells free variables without reading them
            src.append(f"            ({', '.join(names)},)")
        src.append("        return _cya_fw_[0](_cya_fw_[1], _cya_fw_[2], args, kwargs)")
        src.append("    return _cya_forward_ad")
        ns = {}
        exec("\n".join(src), ns)
        code = _tramp_codes[nfree] = ns["_outer"]().__code__
    return code


# NOTE [ Selective checkpoint dispatch ]
# Selective activation checkpointing (utils/checkpoint.py) sees every op a
# region runs through the same hooks: while its mode is active it sets
# _sac_hook, and each hooked C op, Tensor method and operator is handed to
# it as _sac_hook(name, op, args, kwargs); it calls _run(name, op, args,
# kwargs) (the forward-AD path, which runs the op as before outside a level)
# when it wants the op to run. Python ops stay composites (their inner ops
# are seen), as torch's CompositeImplicitAutograd ops are below its modes.
# The hooks are installed while a dual level is open or a selective mode is
# active (_install/_uninstall count their users); with neither, nothing is
# installed and the hot paths check nothing.
_sac_hook = None


def _set_sac_hook(hook):
    """Install (a callable, and the op hooks with it) or remove (None) the
    selective-checkpoint op hook (NOTE [ Selective checkpoint dispatch ])."""
    global _sac_hook
    if hook is not None:
        _install("sac")
        _sac_hook = hook
    else:
        _sac_hook = None
        _uninstall("sac")


# NOTE [ Profiler op dispatch ]
# A running profiler (autograd/profiler.py) times every op through the same
# hooks, outermost: _prof_hook(name, call, op, args, kwargs) times
# call(name, op, args, kwargs), which is what would have run without it
# (_next_hook: the selective-checkpoint hook or _run; _run_composite for a
# Python op). Installed while a profile is recording, like the others.
_prof_hook = None


def _set_prof_hook(hook):
    """Install (a callable, and the op hooks with it) or remove (None) the
    profiler's op hook (NOTE [ Profiler op dispatch ])."""
    global _prof_hook
    if hook is not None:
        _install("profiler")
        _prof_hook = hook
    else:
        _prof_hook = None
        _uninstall("profiler")


def _next_hook(name, fn, args, kwargs):
    if _sac_hook is not None:
        return _sac_hook(name, fn, args, kwargs)
    return _run(name, fn, args, kwargs)


def _vc_hook(entry, args, kwargs):
    if _prof_hook is not None:
        return _prof_hook(entry[0], _next_hook, entry[1], args, kwargs)
    if _sac_hook is not None:
        return _sac_hook(entry[0], entry[1], args, kwargs)
    return _run(entry[0], entry[1], args, kwargs)


def _py_hook(name, orig, args, kwargs):
    if _prof_hook is not None:
        return _prof_hook(name, _run_composite, orig, args, kwargs)
    if _sac_hook is not None and name in _sac_factories():
        # a Python-level factory is one ATen op to torch's modes
        return _sac_hook(name, orig, args, kwargs)
    return _run_composite(name, orig, args, kwargs)


def _sac_factories():
    from cyautograd.utils.checkpoint import _SAC_FACTORIES
    return _SAC_FACTORIES


# who needs the hooks: "forward_ad" (a dual level), "sac" (a selective mode), "profiler"
_users = set()


def _install(user):
    global _installed
    _users.add(user)
    if user == "forward_ad":
        from cyautograd import saved_variable as _sv
        _sv._set_fw_level_open(True)
    if _installed is not None:
        return
    import types
    c = _common()
    undo = []
    table = {}
    c._fw_vc_set_hook(_vc_hook, table)
    _installed = undo
    try:
        for name, f in _swap_plan():
            if type(f) is types.FunctionType:
                code = f.__code__
                hit = _py_cache.get(id(f))
                if hit is not None and hit[0] is f and hit[1] is code and hit[2] is f.__defaults__ \
                        and hit[3] == f.__kwdefaults__:
                    clone, tramp = hit[4], hit[5]
                else:
                    clone = types.FunctionType(code, f.__globals__, f.__name__, f.__defaults__, f.__closure__)
                    clone.__kwdefaults__ = None if f.__kwdefaults__ is None else dict(f.__kwdefaults__)
                    clone.__qualname__ = f.__qualname__
                    tramp = _tramp_code(len(code.co_freevars)).replace(
                        co_name=code.co_name, co_qualname=code.co_qualname, co_filename=code.co_filename,
                        co_firstlineno=code.co_firstlineno)
                    _py_cache[id(f)] = (f, code, f.__defaults__, f.__kwdefaults__, clone, tramp)
                undo.append(("py", f, (code, f.__defaults__, f.__kwdefaults__)))
                f.__code__ = tramp
                f.__defaults__ = None
                f.__kwdefaults__ = {"_cya_fw_": (_py_hook, name, clone)}
            else:
                orig = c._fw_vc_hook(f, name)
                table[id(f)] = (name, orig)
                undo.append(("vc", f, orig))
        # Tensor's in-place arithmetic methods are C methods of the type
        # (method descriptors, no vectorcall slot of their own to redirect):
        # their type-dict entries point at forward-aware wrappers while the
        # level is open
        from cyautograd.tensor import Tensor
        for mname in _TENSOR_C_METHODS:
            orig = Tensor.__dict__[mname]
            c._fw_set_tensor_method(mname, _method_wrapper(mname, orig))
            undo.append(("tdict", mname, orig))
        from cyautograd import function as _function_mod
        _function_mod._set_forward_ad_apply(_function_apply)
        c._fw_swap_dispatch(_dispatch_hook)
    except BaseException:
        _uninstall(user)
        raise


_TENSOR_C_METHODS = ("add_", "sub_", "mul_", "div_")


def _method_wrapper(name, orig):
    def method(self, *args, **kwargs):
        if _prof_hook is not None:
            return _prof_hook(name, _next_hook, orig, (self,) + args, kwargs)
        if _sac_hook is not None:
            return _sac_hook(name, orig, (self,) + args, kwargs)
        return _run(name, orig, (self,) + args, kwargs)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = orig.__doc__
    return method


def _dispatch_hook(name, fn, args):
    if _prof_hook is not None:
        return _prof_hook(name, _next_hook, fn, args, {})
    if _sac_hook is not None:
        return _sac_hook(name, fn, args, {})
    return _run(name, fn, args, {})


def _uninstall(user):
    global _installed
    _users.discard(user)
    if user == "forward_ad":
        from cyautograd import saved_variable as _sv
        _sv._set_fw_level_open(False)
    if _installed is None or _users:
        return
    c = _common()
    c._fw_swap_dispatch(None)
    from cyautograd import function as _function_mod
    _function_mod._set_forward_ad_apply(None)
    for kind, f, saved in reversed(_installed):
        if kind == "py":
            f.__code__, f.__defaults__, f.__kwdefaults__ = saved
        elif kind == "vc":
            c._fw_vc_unhook(saved)
        elif kind == "call":
            f(saved)
        elif kind == "tdict":
            c._fw_set_tensor_method(f, saved)
        else:
            setattr(f, saved[0], saved[1])
    c._fw_vc_set_hook(None, None)
    _installed = None
