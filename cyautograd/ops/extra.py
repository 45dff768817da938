"""The everyday ops real programs use beyond the core families (issue 15,
item 4): flip/roll/repeat/tril, sort/topk/median, scatter/index_* and their
in-place forms, the remaining unary math, addmm/addcmul/lerp, cumprod,
var_mean, cdist/cross/trace/diag, einsum and the stack variants.

NOTE [ Extra ops are custom Functions ]
Each differentiable op here is a custom ``Function`` whose backward class
carries torch's node name (``FlipBackward0``, ``SortBackward0``, ...), so
``grad_fn`` reads as torch's. The forward is numpy on plain arrays (no
autograd metadata is touched by the math); the backward is written with
differentiable ops on Tensors, so ``create_graph=True`` gives higher
derivatives. Composites of existing ops (``broadcast_to`` is ``expand``,
``hstack`` is ``cat``, ``outer`` is ``mul``) are left as composites, as
torch does, so their node names are torch's too. In-place forms go through
pointwise's ``_inplace_via`` (the in-place protocol: check_inplace, one
version bump, rebase_history / CopySlices on views). These ops are not on
the per-op hot path the bench measures; they trade a few microseconds of
Python for breadth.
"""
import builtins as _b
import functools
import math

import numpy as np

from cyautograd import dtypes as _D
from cyautograd._warn import warn_invalid_dof, warn_user
from cyautograd.function import Function
from cyautograd.grad_mode import is_grad_enabled
from cyautograd.tensor import Tensor
from cyautograd.ops._saved_attrs import add_raw

__all__ = []


def _export(f):
    __all__.append(f.__name__)
    return f


# -- helpers -------------------------------------------------------------------

def _quiet(fn):
    """``fn`` run under numpy's all-"ignore" error state (NOTE [ Quiet floating point ])."""
    @functools.wraps(fn)
    def run(*args):
        with np.errstate(all="ignore"):
            return fn(*args)
    return staticmethod(run)


def _saved_props(bcls, saved=(), attrs=None):
    """grad_fn._saved_<name> of a Function-made node under torch's names:
    `saved` names ctx.saved_tensors by position (None: not one of torch's;
    a slot the forward left unsaved reads None), `attrs` maps torch's name
    to the ctx attribute holding the value."""
    def tensor(i):
        def get(node):
            st = node._cya_saved_user
            return st[i] if i < len(st) else None
        return property(get)
    for i, n in enumerate(saved):
        if n is not None:
            setattr(bcls, "_saved_" + n, tensor(i))
            setattr(bcls, "_raw_saved_" + n, property(lambda node, i=i: node._cya_raw_saved(i)))
    for n, a in (attrs or {}).items():
        # a ctx attribute's name, or a function of the node deriving the value
        setattr(bcls, "_saved_" + n, property(a if callable(a) else (lambda node, a=a: getattr(node, a))))


def _unpack_order(saved):
    """The positions of a node's saved tensors (torch's names, by position;
    None: not one of torch's) in the order torch's formula unpacks them:
    torchgen declares the saved inputs sorted by name, then the saved
    outputs (result...), so a version error names the first modified in
    that order (NOTE [ Unpack order of Function-made nodes ] in
    function.pyx). None when that is the order they were saved in."""
    named = sorted([i for i, n in enumerate(saved) if n is not None],
                   key=lambda i: (saved[i].startswith("result"), saved[i]))
    order = tuple(named + [i for i, n in enumerate(saved) if n is None])
    return None if order == tuple(range(len(saved))) else order


def _named(node_name, saved=(), attrs=None):
    """Give a Function's backward class torch's node name; its forward and
    backward compute without numpy's floating-point warnings, as torch's do.
    saved/attrs: its grad_fn._saved_* (_saved_props)."""
    def deco(cls):
        _saved_props(cls._backward_cls, saved, attrs)
        cls._backward_cls.__name__ = node_name
        cls._backward_cls.__qualname__ = node_name
        cls._backward_cls.__module__ = "cyautograd.ops.extra"
        # torch's op: its history check (NOTE [ Integral tensors with history ])
        cls._backward_cls._torch_op = True
        cls._backward_cls._cya_unpack_order = _unpack_order(saved)
        cls.forward = _quiet(cls.__dict__["forward"].__func__)
        if "backward" in cls.__dict__:
            cls.backward = _quiet(cls.__dict__["backward"].__func__)
        return cls
    return deco


def _tname(x):
    t = type(x)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"


def _check_tensor(x, fname, arg="input", pos=1):
    if not isinstance(x, Tensor):
        raise TypeError(f"{fname}(): argument '{arg}' (position {pos}) must be Tensor, not {_tname(x)}")
    return x


def _a(t):
    """The ndarray of a Tensor (no copy)."""
    return t.detach().numpy()


def _w(arr, dtype=None):
    """A new contiguous Tensor owning a copy of arr."""
    from cyautograd.creation import _wrap
    a = np.array(arr, dtype=dtype, order="C", copy=True)
    return _wrap(a)


def _w_ti(arr, dtype, *operands):
    """A new Tensor owning a copy of arr, an elementwise result of the arrays
    (or scalars) operands, in the layout torch's TensorIterator gives it
    (NOTE [ Elementwise output layout ] in kernels.pyx): a permuted input
    makes a permuted result, where _w's C-order copy made it contiguous."""
    from cyautograd.creation import _wrap
    from cyautograd.kernels import _ti_layout
    return _wrap(_ti_layout(np.array(arr, dtype=dtype, order="K", copy=True), *operands))


def _dev(t):
    """Whether t's array is a device array (NOTE [ Device backends ]: the
    forward then runs through ops/_xp.py, never numpy)."""
    return not t.is_cpu


def _darr(t):
    from cyautograd.ops.device import tensor_array
    return tensor_array(t)


def _anydev(*vals):
    """Whether any Tensor among vals is on a device (its forward then runs
    through ops/_xp.py)."""
    return _b.any(isinstance(v, Tensor) and not v.is_cpu for v in vals)


def _dargs(*vals):
    """The device path's operands: a Tensor's array, a number as itself."""
    return [_darr(v) if isinstance(v, Tensor) else v for v in vals]


def _composite(fn, *args):
    """A device forward computed from routed Tensor ops, recording nothing
    (NOTE [ Device backends ]: every step runs through the namespace); a
    fresh tensor, as a Function's forward returns."""
    from cyautograd.grad_mode import no_grad
    with no_grad():
        return fn(*[a.detach() if isinstance(a, Tensor) else a for a in args]).clone()


def _host_index(t):
    """An index tensor's values for a bounds check on the host: its own
    array on the CPU; a device index is copied explicitly (the error needs
    the offending value; the op itself then computes on the device)."""
    return _a(t) if t.is_cpu else t.detach().cpu().numpy()


def _dw(arr):
    """A new Tensor over a (fresh) device array."""
    from cyautograd.variable import _wrap_array
    return _wrap_array(arr)


def _dt(np_dtype):
    return _D._FROM_NP[np.dtype(np_dtype)]


def _floating(t):
    return t.dtype.is_floating_point


def _float_np(t):
    """The numpy dtype a unary float op computes in: the input's if floating,
    else the default dtype (torch's int-to-float promotion)."""
    return t.dtype.np if _floating(t) else _D.get_default_dtype().np


def _wrap_dim(dim, ndim):
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        raise TypeError(f"dim must be an int, got {_tname(dim)}")
    n = ndim if ndim > 0 else 1
    if dim < -n or dim >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return int(dim) + n if dim < 0 else int(dim)


def _dims(dims, ndim, fname="flip"):
    if isinstance(dims, (int, np.integer)):
        dims = (dims,)
    out = [_wrap_dim(d, ndim) for d in dims]
    seen = set()
    for d in out:
        if d in seen:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        seen.add(d)
    return tuple(out)


def _sum_to(g, shape):
    """Sum a gradient down to a broadcast operand's shape (at::sum_to)."""
    shape = tuple(shape)
    if tuple(g.shape) == shape:
        return g
    lead = g.dim() - len(shape)
    axes = list(range(lead)) + [lead + i for i, s in enumerate(shape) if s == 1 and g.shape[lead + i] != 1]
    if axes:
        g = g.sum(dim=tuple(axes), keepdim=True)
    return g.reshape(shape)


def _write_out(name, result, out, *inputs):
    """out=: torch's rules (NOTE [ out= ] in cyautograd/_out.py)."""
    from cyautograd._out import write_out
    return write_out(name, result, out, inputs)


def _write_out_tuple(name, results, out, *inputs):
    if not isinstance(out, (tuple, list)) or len(out) != len(results):
        raise TypeError(f"{name}(): argument 'out' must be tuple of Tensors")
    from cyautograd._out import write_out
    write_out(name, tuple(results), tuple(out), inputs)
    return type(results)(*out) if hasattr(results, "_fields") else tuple(out)


def _inplace(self, op, *args, **kwargs):
    from cyautograd.ops.pointwise import _inplace_via
    return _inplace_via(self, op, *args, **kwargs)


def _return_type(name, fields):
    from cyautograd.return_types import return_type
    return return_type(name, fields)   # NOTE [ Return types are structseqs ]


# -- unary math ----------------------------------------------------------------

def _erf_np(a):
    try:
        from scipy.special import erf
        return erf(a)
    except ImportError:  # pragma: no cover - scipy is optional
        return np.vectorize(math.erf, otypes=[np.float64])(a)


def _unary_fn(name, node, npfn, grad, result=False):
    """An elementwise op as a Function; grad(g, self) is its formula, or
    grad(g, self, result) with result=True (the output saved as torch's
    formula saves it, so that under create_graph the formula reaches the
    op's own node)."""
    @_named(node)
    class _U(Function):
        @staticmethod
        def forward(ctx, x):
            if _dev(x):
                from cyautograd.ops import _xp
                r = _dw(_xp.unary_extra(name, _darr(x), _float_np(x)))
            else:
                a = _a(x)
                with np.errstate(all="ignore"):
                    r = _w_ti(npfn(a.astype(_float_np(x), copy=False)), _float_np(x), a)
            if result:
                ctx.save_for_backward(x, r)
            else:
                ctx.save_for_backward(x)
            return r

        @staticmethod
        def backward(ctx, g):
            return grad(g, *ctx.saved_tensors)
    _U.__name__ = _U.__qualname__ = name.capitalize()

    def op(input, *, out=None):
        _check_tensor(input, name)
        if out is not None:
            return _write_out(name, op(input.detach()), out, input)
        return _U.apply(input)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"torch.{name}: elementwise, {node} as its backward."
    # grad_fn._saved_self / _saved_result under torch's names: the nodes
    # whose torch formula reads only the output save the result
    if node in _SAVES_RESULT_ONLY:
        _U._backward_cls._saved_result = property(
            (lambda n: n.saved_tensors[1]) if result else (lambda n: op(n.saved_tensors[0].detach())))
        if result:
            _U._backward_cls._raw_saved_result = property(lambda n: n._cya_raw_saved(1))
        else:
            add_raw(_U._backward_cls, ("result",))
    else:
        _U._backward_cls._saved_self = property(lambda n: n.saved_tensors[0])
        _U._backward_cls._raw_saved_self = property(lambda n: n._cya_raw_saved(0))
    return _export(op)


_SAVES_RESULT_ONLY = frozenset({"Exp2Backward0", "Expm1Backward0"})


def _formula(grad):
    """A built-in backward formula written as a custom Function's backward:
    under create_graph its arithmetic with Python numbers makes torch's
    Scalar-overload nodes (NOTE [ Scalar overloads inside backward formulas ]
    in _formula_mode.pyx); without grad mode it runs as it is."""
    from cyautograd._formula_mode import _swap_formula_mode

    def run(*args):
        if not is_grad_enabled():
            return grad(*args)
        prev = _swap_formula_mode(True)
        try:
            return grad(*args)
        finally:
            _swap_formula_mode(prev)
    return run


# NOTE [ Unary formulas in torch's op order ]
# The formulas below are derivatives.yaml's, op for op, so that under
# create_graph the gradient's grad_fn graph is torch's (expm1's
# grad * (result + 1) is MulBackward0 -> AddBackward1 -> Expm1Backward0,
# the saved result's own node).
expm1 = _unary_fn("expm1", "Expm1Backward0", np.expm1,
                  _formula(lambda g, x, r: g * (r + 1)), result=True)
erf = _unary_fn("erf", "ErfBackward0", _erf_np,
                _formula(lambda g, x: 2.0 / math.sqrt(math.pi) * (-(x.pow(2))).exp() * g))
sinh = _unary_fn("sinh", "SinhBackward0", np.sinh, lambda g, x: g * cosh(x))
cosh = _unary_fn("cosh", "CoshBackward0", np.cosh, lambda g, x: g * sinh(x))
asin = _unary_fn("asin", "AsinBackward0", np.arcsin, _formula(lambda g, x: g * (-x * x + 1).rsqrt()))
acos = _unary_fn("acos", "AcosBackward0", np.arccos, _formula(lambda g, x: g * -((-x * x + 1).rsqrt())))
atan = _unary_fn("atan", "AtanBackward0", np.arctan, _formula(lambda g, x: g / (x * x + 1)))
asinh = _unary_fn("asinh", "AsinhBackward0", np.arcsinh, lambda g, x: g * (x * x + 1).rsqrt())
acosh = _unary_fn("acosh", "AcoshBackward0", np.arccosh, lambda g, x: g * (x * x - 1).rsqrt())
atanh = _unary_fn("atanh", "AtanhBackward0", np.arctanh, lambda g, x: g / (1 - x * x))
exp2 = _unary_fn("exp2", "Exp2Backward0", np.exp2, lambda g, x: g * exp2(x) * math.log(2.0))
arcsin, arccos, arctan, arcsinh, arccosh, arctanh = asin, acos, atan, asinh, acosh, atanh
__all__ += ["arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh"]


@_named("FracBackward0")
class _Frac(Function):
    @staticmethod
    def forward(ctx, x):
        if _dev(x):
            from cyautograd.ops import _xp
            return _dw(_xp.unary_extra("frac", _darr(x), _float_np(x)))
        a = _a(x)
        return _w_ti(a - np.trunc(a), a.dtype, a)

    @staticmethod
    def backward(ctx, g):
        return g


@_export
def frac(input):
    _check_tensor(input, "frac")
    if not _floating(input):
        raise NotImplementedError(f"\"frac_cpu\" not implemented for '{input.dtype._cname}'")
    return _Frac.apply(input)


@_named("Atan2Backward0", saved=("other", "self"))
class _Atan2(Function):
    @staticmethod
    def forward(ctx, y, x):
        ctx.save_for_backward(x, y)   # torch's pack order: other, then self
        rd = _D.result_type(y, x)
        npd = rd.np if rd.is_floating_point else _D.get_default_dtype().np
        if _anydev(y, x):
            from cyautograd.ops import _xp
            return _dw(_xp.named("atan2", _dargs(y, x), npd))
        return _w_ti(np.arctan2(_a(y).astype(npd), _a(x).astype(npd)), npd, _a(y), _a(x))

    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        # torch's atan2_backward: (self * self + other * other).reciprocal(),
        # in that order (a broadcast error names self as tensor a); the
        # engine's validate_outputs sums each gradient to its input's shape
        recip = (y * y + x * x).reciprocal()
        return (g * x * recip if ctx.needs_input_grad[0] else None,
                g * -y * recip if ctx.needs_input_grad[1] else None)


@_export
def atan2(input, other, *, out=None):
    _check_tensor(input, "atan2")
    _check_tensor(other, "atan2", "other", 2)
    if out is not None:
        return _write_out("atan2", atan2(input.detach(), other.detach()), out, input, other)
    _bcast_ok(input, other)
    return _Atan2.apply(input, other)


arctan2 = atan2
__all__.append("arctan2")


def infer_size(a, b):
    """at::infer_size: the shape that shapes `a` (the operands' so far) and `b`
    (the next operand's) broadcast to, compared from the last dimension; torch's
    RuntimeError where they do not (numpy's broadcast raises a ValueError)."""
    a, b = tuple(a), tuple(b)
    n = _b.max(len(a), len(b))
    a2, b2 = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = list(a2)
    for i in range(n - 1, -1, -1):
        if a2[i] != b2[i] and b2[i] != 1:
            if a2[i] != 1:
                raise RuntimeError(f"The size of tensor a ({a2[i]}) must match the size of tensor b "
                                   f"({b2[i]}) at non-singleton dimension {i}")
            out[i] = b2[i]
    return tuple(out)


def _bcast_ok(a, b):
    infer_size(a.shape, b.shape)
    return True


def _cpp_type_name(dt):
    """A dtype as c10's TypeMeta prints it ("float", "long int"), which torch's
    dtype-mismatch messages show."""
    from cyautograd.ops.extra2 import _SCALAR_TYPE_CPP
    return _SCALAR_TYPE_CPP.get(np.dtype(dt.np).name, dt._cname)


@_named("NanToNumBackward0", saved=("self",))
class _NanToNum(Function):
    @staticmethod
    def forward(ctx, x, nan, posinf, neginf):
        ctx.save_for_backward(x)
        if _anydev(x):
            fd = np.finfo(x.dtype.np)
            hi, lo = fd.max if posinf is None else posinf, fd.min if neginf is None else neginf
            return _composite(lambda x: x.masked_fill(x.isnan(), nan).masked_fill(x.isinf() & (x > 0), hi)
                              .masked_fill(x.isinf() & (x < 0), lo), x)
        a = _a(x)
        fi = np.finfo(a.dtype)
        return _w_ti(np.nan_to_num(a, nan=nan, posinf=fi.max if posinf is None else posinf,
                                   neginf=fi.min if neginf is None else neginf), a.dtype, a)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x.isfinite(), None, None, None


@_export
def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    _check_tensor(input, "nan_to_num")
    if out is not None:
        return _write_out("nan_to_num", nan_to_num(input.detach(), nan, posinf, neginf), out, input)
    if not _floating(input):
        return input.clone()
    return _NanToNum.apply(input, nan, posinf, neginf)


# -- ternary pointwise -------------------------------------------------------------

def _scalar_value(v, name):
    if isinstance(v, Tensor):
        if v.dim() != 0:
            raise TypeError(f"{name}(): argument 'value' must be Number, not Tensor")
        return v.item()
    return v


@_named("AddcmulBackward0", saved=("tensor1", "tensor2"), attrs={"value": "value"})
class _Addcmul(Function):
    @staticmethod
    def forward(ctx, x, t1, t2, value):
        # torch saves tensor1 only for tensor2's gradient and tensor2 only for
        # tensor1's: with neither needed nothing is saved, so a second backward
        # (or an in-place change of t1/t2) does not fail
        n = ctx.needs_input_grad
        if n[1] or n[2]:
            ctx.save_for_backward(t1 if n[2] else None, t2 if n[1] else None)
        ctx.value = value
        ctx.shapes = (tuple(x.shape), tuple(t1.shape), tuple(t2.shape))
        dt = _D.promote_types(x.dtype, _D.promote_types(t1.dtype, t2.dtype))
        if _anydev(x, t1, t2):
            return _composite(lambda x, t1, t2: x.to(dt) + value * (t1.to(dt) * t2.to(dt)), x, t1, t2)
        npd = dt.np
        return _w_ti(_a(x).astype(npd) + value * (_a(t1).astype(npd) * _a(t2).astype(npd)), npd,
                     _a(x), _a(t1), _a(t2))

    @staticmethod
    def backward(ctx, g):
        n = ctx.needs_input_grad
        t1, t2 = ctx.saved_tensors if (n[1] or n[2]) else (None, None)
        return _addcmul_backward(g, t1, t2, ctx.value, ctx.shapes, n)


@_named("AddcdivBackward0", saved=("tensor1", "tensor2"), attrs={"value": "value"})
class _Addcdiv(Function):
    @staticmethod
    def forward(ctx, x, t1, t2, value):
        ctx.save_for_backward(t1, t2)
        ctx.value = value
        ctx.shapes = (tuple(x.shape), tuple(t1.shape), tuple(t2.shape))
        dt = _D.promote_types(x.dtype, _D.promote_types(t1.dtype, t2.dtype))
        if _anydev(x, t1, t2):
            return _composite(lambda x, t1, t2: x.to(dt) + value * (t1.to(dt) / t2.to(dt)), x, t1, t2)
        npd = dt.np
        with np.errstate(all="ignore"):
            return _w_ti(_a(x).astype(npd) + value * (_a(t1).astype(npd) / _a(t2).astype(npd)), npd,
                         _a(x), _a(t1), _a(t2))

    @staticmethod
    def backward(ctx, g):
        t1, t2 = ctx.saved_tensors
        return _addcdiv_backward(g, t1, t2, ctx.value, ctx.shapes, ctx.needs_input_grad)


# derivatives.yaml's addcmul/addcdiv/lerp formulas, op for op (NOTE [ Unary
# formulas in torch's op order ]). C++'s Scalar - Tensor and Scalar / Tensor
# are the Tensor overloads with a filled tensor as self (SubBackward0 /
# DivBackward0 with a None first edge): here a 0-d tensor of the operand's
# dtype.

@_formula
def _addcmul_backward(g, t1, t2, value, shapes, n):
    sx, s1, s2 = shapes
    return (_sum_to(g, sx) if n[0] else None,
            _sum_to(g * (t2 * value), s1) if n[1] else None,
            _sum_to(g * (t1 * value), s2) if n[2] else None, None)


@_formula
def _addcdiv_backward(g, t1, t2, value, shapes, n):
    sx, s1, s2 = shapes
    return (_sum_to(g, sx) if n[0] else None,
            _sum_to(g * (t2.new_full((), value) / t2), s1) if n[1] else None,
            _sum_to(-g * (value * t1 / (t2 * t2)), s2) if n[2] else None, None)


@_formula
def _lerp_scalar_backward(g, w, shapes, n):
    return (_sum_to(g * (1 - w), shapes[0]) if n[0] else None,
            _sum_to(g * w, shapes[1]) if n[1] else None, None)


@_formula
def _lerp_tensor_backward(g, x, end, w, n):
    return (_sum_to(g * (w.new_ones(()) - w), x.shape) if n[0] else None,
            _sum_to(g * w, end.shape) if n[1] else None,
            _sum_to(g * (end - x), w.shape) if n[2] else None)


def _ternary_check(name, x, t1, t2):
    _check_tensor(x, name)
    _check_tensor(t1, name, "tensor1", 2)
    _check_tensor(t2, name, "tensor2", 3)
    _bcast_ok(t1, t2)
    shape = np.broadcast_shapes(tuple(t1.shape), tuple(t2.shape))
    from cyautograd.creation import empty
    _bcast_ok(x, empty(shape))


@_export
def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    _ternary_check("addcmul", input, tensor1, tensor2)
    value = _scalar_value(value, "addcmul")
    if out is not None:
        return _write_out("addcmul", addcmul(input.detach(), tensor1.detach(), tensor2.detach(), value=value),
                          out, input, tensor1, tensor2)
    return _Addcmul.apply(input, tensor1, tensor2, value)


@_export
def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    _ternary_check("addcdiv", input, tensor1, tensor2)
    if not tensor1.dtype.is_floating_point and not tensor2.dtype.is_floating_point:
        raise RuntimeError("Integer division with addcdiv is no longer supported, and in a future  release "
                           "addcdiv will perform a true division of tensor1 and tensor2. The historic "
                           "addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / "
                           "tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
                           "tensor2) for float inputs. The future addcdiv behavior is just the latter "
                           "implementation: (input + value * tensor1 / tensor2), for all dtypes.")
    value = _scalar_value(value, "addcdiv")
    if out is not None:
        return _write_out("addcdiv", addcdiv(input.detach(), tensor1.detach(), tensor2.detach(), value=value),
                          out, input, tensor1, tensor2)
    return _Addcdiv.apply(input, tensor1, tensor2, value)


@_named("LerpBackward0", attrs={"weight": "w"})
class _LerpScalar(Function):
    @staticmethod
    def forward(ctx, x, end, w):
        ctx.w = w
        ctx.shapes = (tuple(x.shape), tuple(end.shape))
        if _anydev(x, end):
            return _composite(lambda a, b: a + w * (b - a), x, end)
        a, b = _a(x), _a(end)
        npd = _D.promote_types(x.dtype, end.dtype).np
        return _w_ti(a + w * (b - a), npd, a, b)

    @staticmethod
    def backward(ctx, g):
        return _lerp_scalar_backward(g, ctx.w, ctx.shapes, ctx.needs_input_grad)


@_named("LerpBackward1", saved=("self", "end", "weight"))
class _LerpTensor(Function):
    @staticmethod
    def forward(ctx, x, end, w):
        ctx.save_for_backward(x, end, w)
        if _anydev(x, end, w):
            return _composite(lambda a, b, c: a + c * (b - a), x, end, w)
        a, b, c = _a(x), _a(end), _a(w)
        npd = _D.promote_types(x.dtype, end.dtype).np
        return _w_ti(a + c * (b - a), npd, a, b, c)

    @staticmethod
    def backward(ctx, g):
        x, end, w = ctx.saved_tensors
        return _lerp_tensor_backward(g, x, end, w, ctx.needs_input_grad)


@_export
def lerp(input, end, weight, *, out=None):
    _check_tensor(input, "lerp")
    _check_tensor(end, "lerp", "end", 2)
    # torch's lerp meta: the dtypes, then the operands' broadcast (TensorIterator),
    # then the kernel's dtype dispatch
    if input.dtype != end.dtype:
        raise RuntimeError(f"expected dtype {_cpp_type_name(input.dtype)} for `end` but got dtype "
                           f"{_cpp_type_name(end.dtype)}")
    wt = isinstance(weight, Tensor)
    if wt and weight.dtype != input.dtype:
        raise RuntimeError(f"expected dtype {_cpp_type_name(input.dtype)} for `weight` but got dtype "
                           f"{_cpp_type_name(weight.dtype)}")
    shape = infer_size(input.shape, end.shape)
    if wt:
        infer_size(shape, weight.shape)
    if not _floating(input):
        raise NotImplementedError(f"\"lerp_kernel_{'tensor' if wt else 'scalar'}\" not implemented for "
                                  f"'{input.dtype._cname}'")
    if out is not None:
        w = weight.detach() if isinstance(weight, Tensor) else weight
        return _write_out("lerp", lerp(input.detach(), end.detach(), w), out, input, end, weight)
    if wt:
        return _LerpTensor.apply(input, end, weight)
    return _LerpScalar.apply(input, end, weight)



def _saved_geometry(node, i, what):
    """addmm's saved mat1/mat2 sizes or strides, read off the saved operand
    (None where it was not saved: torch keeps them for the other's gradient)."""
    st = node.saved_tensors if len(node.saved_tensors) > i else ()
    t = st[i] if i < len(st) else None
    if t is None:
        return None
    return tuple(t.shape) if what == "shape" else tuple(t.stride())


@_named("AddmmBackward0", saved=("mat1", "mat2"), attrs={
    "beta": lambda n: n.ba[0], "alpha": lambda n: n.ba[1],
    "mat1_sym_sizes": lambda n: _saved_geometry(n, 0, "shape"), "mat1_sym_strides": lambda n: _saved_geometry(n, 0, "stride"),
    "mat2_sym_sizes": lambda n: _saved_geometry(n, 1, "shape"), "mat2_sym_strides": lambda n: _saved_geometry(n, 1, "stride")})
class _Addmm(Function):
    @staticmethod
    def forward(ctx, x, m1, m2, beta, alpha):
        # mat1 is saved only for mat2's gradient, mat2 only for mat1's (torch)
        n = ctx.needs_input_grad
        if n[1] or n[2]:
            ctx.save_for_backward(m1 if n[2] else None, m2 if n[1] else None)
        ctx.ba = (beta, alpha)
        ctx.xshape = tuple(x.shape)
        # NOTE [ mm's gradient for a column-major operand ] (ops/linalg.pyx)
        ctx.cols = (_col_major2d(m1), _col_major2d(m2))
        dt = _D.promote_types(x.dtype, _D.promote_types(m1.dtype, m2.dtype))
        if _anydev(x, m1, m2):
            def f(x, m1, m2):
                p = m1.to(dt).mm(m2.to(dt))
                p = alpha * p if alpha != 1 else p
                r = p if beta == 0 else p + (beta * x.to(dt) if beta != 1 else x.to(dt))
                return r.expand(tuple(p.shape))
            return _composite(f, x, m1, m2)
        npd = dt.np
        p = _a(m1).astype(npd) @ _a(m2).astype(npd)
        base = _a(x).astype(npd)
        r = (alpha * p if alpha != 1 else p) + (0 if beta == 0 else (beta * base if beta != 1 else base))
        return _w(np.broadcast_to(r, p.shape), npd)

    @staticmethod
    def backward(ctx, g):
        n = ctx.needs_input_grad
        m1, m2 = ctx.saved_tensors if (n[1] or n[2]) else (None, None)
        beta, alpha = ctx.ba
        c1, c2 = ctx.cols
        g1 = g2 = None
        # torch's mm_mat1_backward / mm_mat2_backward: the transpose of a
        # product for a column-major operand, times alpha by mul.Scalar
        # (MulBackward1) when alpha is not 1
        if n[1]:
            g1 = m2.mm(g.t()).t() if c1 else g.mm(m2.t())
            if alpha != 1:
                from cyautograd.ops.extra2 import _mul_scalar
                g1 = _mul_scalar(g1, alpha)
        if n[2]:
            g2 = g.t().mm(m1).t() if c2 else m1.t().mm(g)
            if alpha != 1:
                from cyautograd.ops.extra2 import _mul_scalar
                g2 = _mul_scalar(g2, alpha)
        return (_sum_to(g * beta if beta != 1 else g, ctx.xshape) if n[0] else None, g1, g2, None, None)


def _col_major2d(t):
    """torch's column-major test of mm's backward: strides (1, size0)."""
    st = t.stride()
    return st[0] == 1 and st[1] == t.shape[0]


def _addmm_meta(input, mat1, mat2, **kwargs):
    """addmm's meta function: its dtype and shape checks; the result's size."""
    if not (input.dtype == mat1.dtype == mat2.dtype):   # addmm's meta checks dtypes first
        from cyautograd.ops.linalg import addmm_dtype_error
        raise RuntimeError(addmm_dtype_error(input.dtype.np, mat1.dtype.np, mat2.dtype.np))
    if mat1.dim() != 2:
        raise RuntimeError(f"mat1 must be a matrix, got {mat1.dim()}-D tensor")
    if mat2.dim() != 2:
        raise RuntimeError(f"mat2 must be a matrix, got {mat2.dim()}-D tensor")
    if mat1.shape[1] != mat2.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({mat1.shape[0]}x{mat1.shape[1]} "
                           f"and {mat2.shape[0]}x{mat2.shape[1]})")
    return (mat1.shape[0], mat2.shape[1])


@_export
def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    _check_tensor(input, "addmm")
    _check_tensor(mat1, "addmm", "mat1", 2)
    _check_tensor(mat2, "addmm", "mat2", 3)
    _addmm_meta(input, mat1, mat2)
    from cyautograd.creation import empty
    _bcast_ok(input, empty((mat1.shape[0], mat2.shape[1])))
    if input.dim() > 2 or np.broadcast_shapes(tuple(input.shape), (mat1.shape[0], mat2.shape[1])) != \
            (mat1.shape[0], mat2.shape[1]):
        raise RuntimeError(f"The expanded size of the tensor ({mat2.shape[1]}) must match the existing size "
                           f"({input.shape[-1]}) at non-singleton dimension 1.  Target sizes: "
                           f"[{mat1.shape[0]}, {mat2.shape[1]}].  Tensor sizes: {list(input.shape)}")
    if out is not None:
        return _write_out("addmm", addmm(input.detach(), mat1.detach(), mat2.detach(), beta=beta, alpha=alpha),
                          out, input, mat1, mat2)
    return _Addmm.apply(input, mat1, mat2, beta, alpha)


@_export
def outer(input, vec2, *, out=None):
    _check_tensor(input, "outer")
    _check_tensor(vec2, "outer", "vec2", 2)
    if input.dim() != 1 or vec2.dim() != 1:
        raise RuntimeError(f"outer: Expected 1-D argument self, but got {input.dim()}-D"
                           if input.dim() != 1 else f"outer: Expected 1-D argument vec2, but got {vec2.dim()}-D")
    if out is not None:
        return _write_out("outer", outer(input.detach(), vec2.detach()), out, input, vec2)
    return input.reshape(-1, 1) * vec2


ger = outer
__all__.append("ger")


# -- shape: repeat, flip, roll, tril/triu, stacks, splits --------------------------------

@_named("RepeatBackward0", attrs={"repeats": lambda n: tuple(n.reps), "self_sym_sizes": "xshape"})
class _Repeat(Function):
    @staticmethod
    def forward(ctx, x, reps):
        ctx.reps = reps
        ctx.xshape = tuple(x.shape)
        if _dev(x):
            from cyautograd.ops import _xp
            return _dw(_xp.repeat(_darr(x), reps))
        a = _a(x)
        a = a.reshape((1,) * (len(reps) - a.ndim) + a.shape)
        return _w(np.tile(a, reps))

    @staticmethod
    def backward(ctx, g):
        reps, xs = ctx.reps, ctx.xshape
        padded = (1,) * (len(reps) - len(xs)) + xs
        inter = []
        for r, s in zip(reps, padded):
            inter += [r, s]
        if 0 in inter:
            from cyautograd.creation import zeros
            return zeros(xs, dtype=g.dtype, device=g.device), None
        # torch's repeat_backward: sum the leading (unsqueezed) dims away one
        # at a time, then one reshape + sum over the dims repeated more than
        # once -- none: the gradient as it is (so never a view of a reshape)
        for _ in range(len(reps) - len(xs)):
            g = g.sum(0)
        size, sum_dims = [], []
        for r, n in zip(reps[len(reps) - len(xs):], xs):
            if r != 1:
                size.append(r)
                sum_dims.append(len(size) - 1)
            size.append(n)
        if sum_dims:
            g = g.reshape(tuple(size)).sum(tuple(sum_dims))
        return g, None


@_export
def repeat(input, *sizes):
    _check_tensor(input, "repeat")
    if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)):
        sizes = tuple(sizes[0])
    for s in sizes:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
            raise TypeError(f"repeat(): argument 'repeats' must be tuple of ints, but found element of type "
                            f"{_tname(s)} at pos 0")
    if len(sizes) < input.dim():
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions "
                           "of tensor")
    # torch's sizes of the result: the padded shape times the counts, in int64 (wrapping)
    shape = (1,) * (len(sizes) - input.dim()) + tuple(input.shape)
    target = [((a * int(b) + (1 << 63)) % (1 << 64)) - (1 << 63) for a, b in zip(shape, sizes)]
    for v in target:
        if v == -(1 << 63):
            raise RuntimeError(f"IntArrayRef contains an int that cannot be represented as a SymInt: {v}")
    for v in target:
        if v < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {v}: {target}")
    from cyautograd.creation import _storage_check
    _storage_check(target, input.dtype.np)
    return _Repeat.apply(input, tuple(int(s) for s in sizes))


@_export
def tile(input, dims):
    _check_tensor(input, "tile")
    dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    if len(dims) < input.dim():
        dims = (1,) * (input.dim() - len(dims)) + dims
    return repeat(input, dims)


@_named("FlipBackward0", attrs={"dims": lambda n: tuple(n.dims)})
class _Flip(Function):
    @staticmethod
    def forward(ctx, x, dims):
        ctx.dims = dims
        if _dev(x):
            from cyautograd.ops import _xp
            return _dw(_xp.flip(_darr(x), dims))
        a = _a(x)
        return _w(np.flip(a, dims) if dims else a)

    @staticmethod
    def backward(ctx, g):
        return flip(g, ctx.dims), None


@_export
def flip(input, *dims):
    _check_tensor(input, "flip")
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    return _Flip.apply(input, _dims(dims, input.dim()))


@_export
def fliplr(input):
    if input.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, (1,))


@_export
def flipud(input):
    if input.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, (0,))


@_named("RollBackward0", attrs={"shifts": lambda n: tuple(n.sd[0]) if isinstance(n.sd[0], (tuple, list)) else (n.sd[0],),
                                         "dims": lambda n: tuple(n.sd[1]) if isinstance(n.sd[1], (tuple, list)) else (() if n.sd[1] is None else (n.sd[1],))})
class _Roll(Function):
    @staticmethod
    def forward(ctx, x, shifts, dims):
        ctx.sd = (shifts, dims)
        if _dev(x):
            from cyautograd.ops import _xp
            return _dw(_xp.roll(_darr(x), shifts, dims))
        a = _a(x)
        if not dims:
            return _w(np.roll(a.reshape(-1), shifts[0]).reshape(a.shape))
        return _w(np.roll(a, shifts, dims))

    @staticmethod
    def backward(ctx, g):
        shifts, dims = ctx.sd
        return _Roll.apply(g, tuple(-s for s in shifts), dims), None, None


@_export
def roll(input, shifts, dims=None):
    _check_tensor(input, "roll")
    shifts = tuple(shifts) if isinstance(shifts, (tuple, list)) else (shifts,)
    if dims is None or (isinstance(dims, (tuple, list)) and len(dims) == 0):
        if len(shifts) != 1:
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:0")
        return _Roll.apply(input, shifts, ())
    dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    if len(shifts) != len(dims):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    return _Roll.apply(input, shifts, tuple(_wrap_dim(d, input.dim()) for d in dims))


def _tri(name, node, npfn):
    # torch's int64 getters read a negative value as unsigned (-1: 2**64 - 1)
    @_named(node, attrs={"diagonal": lambda n: n.k + 2 ** 64 if n.k < 0 else n.k})
    class _T(Function):
        @staticmethod
        def forward(ctx, x, k):
            ctx.k = k
            if _dev(x):
                from cyautograd.ops import _xp
                return _dw(_xp.tri(_darr(x), k, name))
            return _w(npfn(_a(x), k))

        @staticmethod
        def backward(ctx, g):
            return op(g, ctx.k), None

    def op(input, diagonal=0, *, out=None):
        _check_tensor(input, name)
        if input.dim() < 2:
            raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
        if out is not None:
            return _write_out(name, op(input.detach(), diagonal), out, input)
        return _T.apply(input, int(diagonal))
    op.__name__ = op.__qualname__ = name
    return _export(op)


tril = _tri("tril", "TrilBackward0", np.tril)
triu = _tri("triu", "TriuBackward0", np.triu)


@_export
def broadcast_to(input, size, *more):
    if more:    # x.broadcast_to(2, 3): NOTE [ Varargs int lists ] (the function's guard refuses it)
        try:
            return broadcast_to(input, (size,) + more)
        except Exception:
            if isinstance(input, Tensor):
                from cyautograd._arg_parser import reject
                reject("Tensor.broadcast_to", (size,) + more)
            raise
    _check_tensor(input, "broadcast_to")
    if isinstance(size, bool):     # an int to Python, not to torch's parser
        raise TypeError("broadcast_to(): argument 'size' (position 1) must be tuple of ints, not bool")
    return input.expand(tuple(size)) if isinstance(size, (tuple, list)) else input.expand(size)


@_export
def broadcast_tensors(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    shape = ()
    for t in tensors:
        _bcast_ok(t, _shape_probe(shape))
        shape = np.broadcast_shapes(shape, tuple(t.shape))
    # as torch's expand_outplace: a tensor already of the broadcast shape is
    # returned itself (no view, no ExpandBackward0: a leaf stays a leaf);
    # expand takes the shape as one tuple, so 0-d () works too
    return tuple(t if tuple(t.shape) == shape else t.expand(shape) for t in tensors)


def _shape_probe(shape):
    from cyautograd.creation import empty
    return empty(shape)


@_export
def broadcast_shapes(*shapes):
    """The shape the given shapes broadcast to, as torch.broadcast_shapes
    (torch._refs._broadcast_shapes: its checks in its order, so a bad shape
    fails with torch's exception and words)."""
    from collections.abc import Sequence
    from cyautograd.tensor import Size
    shapes = tuple((x,) if isinstance(x, int) else x for x in shapes if x is not None)
    if not shapes:
        return Size([])
    for shape in shapes:
        if not isinstance(shape, Sequence):
            raise RuntimeError(f"Input shapes should be of type ints, a tuple of ints, or a list of ints, "
                               f"got {shape}")
    common = [1] * _b.max(len(shape) for shape in shapes)
    for arg_idx, shape in enumerate(shapes):
        for idx in range(-1, -1 - len(shape), -1):
            if shape[idx] == common[idx]:
                continue
            if common[idx] == 1:
                if shape[idx] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[idx] = shape[idx]
            if shape[idx] == 1:
                continue
            if not common[idx] == shape[idx]:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {shape[idx]} at {idx}! "
                                   f"Mismatching argument at index {arg_idx} had {shape}; but expected shape "
                                   f"should be broadcastable to {common}")
    for i, v in enumerate(common):     # torch.Size's own check of its items
        if isinstance(v, (float, str)) or not hasattr(type(v), "__index__"):
            raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{type(v).__name__}')")
    return Size(common)


@_export
def tensor_split(input, indices_or_sections, dim=0):
    _check_tensor(input, "tensor_split")
    if input.dim() == 0:
        raise RuntimeError("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
    if isinstance(indices_or_sections, Tensor):
        # torch's tensor_split(Tensor, Tensor) checks the sections tensor next
        if indices_or_sections.dtype is not _D.int64:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to have dtype of long, but got "
                               f"{indices_or_sections.dtype._cname}")
        if indices_or_sections.dim() > 1:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                               f"one-dimensional tensor, but got a tensor with {indices_or_sections.dim()} dims")
    d = _wrap_dim(dim, input.dim())
    n = input.shape[d]
    if isinstance(indices_or_sections, Tensor):
        if indices_or_sections.dim() == 0:
            indices_or_sections = int(indices_or_sections.item())
        else:
            indices_or_sections = [int(v) for v in indices_or_sections.tolist()]
    if isinstance(indices_or_sections, (int, np.integer)):
        k = int(indices_or_sections)
        if not -(1 << 63) <= k < (1 << 63):
            raise ValueError("Overflow when unpacking long long")
        if k <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {k}")
        if k > (1 << 32):
            raise RuntimeError("std::bad_alloc")   # torch's vector of k outputs cannot be allocated
        q, r = divmod(n, k)
        bounds, start = [], 0
        for i in range(k):
            size = q + (1 if i < r else 0)
            bounds.append((start, start + size))
            start += size
    else:
        idx = [int(i) for i in indices_or_sections]
        for i in idx:
            if not -(1 << 63) <= i < (1 << 63):
                raise ValueError("Overflow when unpacking long long")
        bounds, start = [], 0
        for i in idx + [n]:
            i = _b.min(_b.max(i + n if i < 0 else i, 0), n)
            bounds.append((start, _b.max(i, start)))
            start = i
    return tuple(input.narrow(d, s, e - s) for s, e in bounds)


@_export
def split_with_sizes(input, split_sizes, dim=0):
    _check_tensor(input, "split_with_sizes")
    from cyautograd.ops.shape import split
    return split(input, list(split_sizes), dim)


@_export
def atleast_1d(*tensors):
    ts = tensors[0] if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)) else tensors
    r = tuple(t.reshape(1) if t.dim() == 0 else t for t in ts)
    return r[0] if len(tensors) == 1 and isinstance(tensors[0], Tensor) else r


@_export
def atleast_2d(*tensors):
    ts = tensors[0] if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)) else tensors
    r = tuple(t.reshape(1, 1) if t.dim() == 0 else (t.unsqueeze(0) if t.dim() == 1 else t) for t in ts)
    return r[0] if len(tensors) == 1 and isinstance(tensors[0], Tensor) else r


@_export
def atleast_3d(*tensors):
    def f(t):
        if t.dim() == 0:
            return t.reshape(1, 1, 1)
        if t.dim() == 1:
            return t.unsqueeze(0).unsqueeze(-1)
        if t.dim() == 2:
            return t.unsqueeze(-1)
        return t
    ts = tensors[0] if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)) else tensors
    r = tuple(f(t) for t in ts)
    return r[0] if len(tensors) == 1 and isinstance(tensors[0], Tensor) else r


def _stack_arg(tensors, name):
    if isinstance(tensors, Tensor) or not isinstance(tensors, (tuple, list)):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                        f"{_tname(tensors)}")
    if len(tensors) == 0:
        raise RuntimeError(f"{name} expects a non-empty TensorList")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {_tname(t)}")
    return list(tensors)


def _cat_out(parts, dim, out, name, tensors):
    from cyautograd.ops.shape import cat
    if out is not None:
        return _write_out(name, cat([p.detach() for p in parts], dim), out, *tensors)
    return cat(parts, dim)


@_export
def hstack(tensors, *, out=None):
    ts = atleast_1d(_stack_arg(tensors, "hstack"))
    return _cat_out(list(ts), 0 if ts[0].dim() == 1 else 1, out, "hstack", tuple(tensors))


@_export
def vstack(tensors, *, out=None):
    ts = atleast_2d(_stack_arg(tensors, "vstack"))
    return _cat_out(list(ts), 0, out, "vstack", tuple(tensors))


row_stack = vstack
__all__.append("row_stack")


@_export
def dstack(tensors, *, out=None):
    ts = atleast_3d(_stack_arg(tensors, "dstack"))
    return _cat_out(list(ts), 2, out, "dstack", tuple(tensors))


@_export
def column_stack(tensors, *, out=None):
    ts = _stack_arg(tensors, "column_stack")
    ts = [t.reshape(t.numel(), 1) if t.dim() <= 1 else t for t in ts]
    return _cat_out(ts, 1, out, "column_stack", tuple(tensors))


@_export
def meshgrid(*tensors, indexing=None):
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warn_user("torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
                      "argument.")
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(f"torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {indexing}")
    for t in tensors:
        _check_tensor(t, "meshgrid")
        if t.dim() > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {t}")
    if len(tensors) == 0:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    ts = list(tensors)
    swap = indexing == "xy" and len(ts) >= 2
    if swap:
        ts[0], ts[1] = ts[1], ts[0]
    shape = tuple(t.numel() for t in ts)
    out = []
    for i, t in enumerate(ts):
        view = [1] * len(ts)
        view[i] = -1
        out.append(t.view(*view).expand(*shape))
    if swap:
        out[0], out[1] = out[1], out[0]
    return tuple(out)


# -- reductions: cumprod, median, nansum, var_mean, sort family -------------------------------

def _cumprod_grad_np(x, g, out):
    """d(cumprod)/dx applied to g along the last axis, exact where x has zeros."""
    with np.errstate(all="ignore"):
        rev = np.flip(np.cumsum(np.flip(g * out, -1), -1), -1)
        res = np.where(x != 0, rev / np.where(x != 0, x, 1), 0).astype(x.dtype)
    zero_rows = np.nonzero((x == 0).any(-1).reshape(-1))[0]
    if zero_rows.size:
        x2 = x.reshape(-1, x.shape[-1])
        g2 = g.reshape(-1, x.shape[-1])
        r2 = res.reshape(-1, x.shape[-1])
        for row in zero_rows:
            xr, gr = x2[row], g2[row]
            z = int(np.nonzero(xr == 0)[0][0])
            pre = np.prod(xr[:z]) if z else np.ones((), xr.dtype)
            suf = np.concatenate([np.ones(1, xr.dtype), np.cumprod(xr[z + 1:])])
            r2[row, z] = pre * np.sum(gr[z:] * suf)
            r2[row, z + 1:] = np.where(xr[z + 1:] == 0, 0, r2[row, z + 1:])
            # after the first zero every output is 0: only the zero's slot and earlier ones get gradient
            r2[row, z + 1:] = 0
        res = r2.reshape(x.shape)
    return res


def _cumprod_grad_graph(x, g, d):
    """dx_k = sum_{j >= k} g_j prod_{i <= j, i != k} x_i, for every k along d,
    from differentiable ops (torch's cumprod_backward under grad mode)."""
    import cyautograd as T
    n = x.shape[d]
    grad_input = T.zeros(tuple(x.shape), dtype=g.dtype, device=None if x.is_cpu else x.device)
    for k in range(n):
        if k == 0:
            ones = T.ones_like(x.narrow(d, 0, 1))
            omitted = T.cat([ones, x.narrow(d, 1, n - 1).cumprod(d)], d)
        else:
            until = x.narrow(d, 0, k).prod(d, keepdim=True)
            if k == n - 1:
                omitted = until
            else:
                after = x.narrow(d, k + 1, n - k - 1).cumprod(d)
                omitted = T.cat([until, until * after], d)
        # written slice by slice as torch does (its result's node is CopySlices)
        grad_input.select(d, k).copy_((g.narrow(d, k, n - k) * omitted).sum(d))
    return grad_input


@_named("CumprodBackward0", saved=("self", "result"), attrs={"dim": "dim"})
class _Cumprod(Function):
    @staticmethod
    def forward(ctx, x, dim, npd):
        # torch saves self and the result (cumprod_backward(grad, self, dim,
        # result)): the no-zeros formula reads the saved result, not a
        # cumprod of self recomputed (they differ once self's .data changed)
        ctx.dim = dim
        if _dev(x):
            from cyautograd.ops import _xp
            r = _xp.cumprod(_darr(x), dim, npd)
            ctx.out = None
            res = _dw(r)
            ctx.save_for_backward(x, res)
            return res
        a = _a(x).astype(npd)
        if a.ndim:
            # accumulate as torch's CPU scan does (float16 -> float32, float32 -> float64)
            acc = {"e": np.float32, "f": np.float64}.get(a.dtype.char)
            with np.errstate(over="ignore", invalid="ignore"):
                r = np.cumprod(a, axis=dim, dtype=acc).astype(a.dtype, copy=False) if acc else np.cumprod(a, axis=dim)
        else:
            r = a.copy()
        ctx.out = r
        res = _w(r, npd)
        ctx.save_for_backward(x, res)
        return res

    @staticmethod
    def backward(ctx, g):
        x, out = ctx.saved_tensors
        d = ctx.dim
        if x.dim() == 0 or x.numel() <= 1 or x.shape[d] == 1:
            # torch's cumprod_backward returns grad itself there (constant in x)
            return g.clone(), None, None
        if not bool((x == 0).any()):
            # no zeros: the differentiable formula (create_graph works through it)
            rev = (g * out).flip(d).cumsum(d).flip(d)
            return (rev / x).to(x.dtype), None, None
        from cyautograd.grad_mode import is_grad_enabled
        if is_grad_enabled() or _dev(x):
            # NOTE [ Device backends ]: a device input takes this formula too
            # (its steps are routed ops; the host one below is numpy's)
            # create_graph: torch's O(n^2) formula of differentiable ops, so
            # that double backward exists at inputs with zeros
            return _cumprod_grad_graph(x, g, d), None, None
        xa = np.moveaxis(_a(x).astype(ctx.out.dtype), d, -1)
        ga = np.moveaxis(_a(g), d, -1)
        oa = np.moveaxis(_a(out), d, -1)
        r = _cumprod_grad_np(xa, ga, oa)
        return _w(np.moveaxis(r, -1, d)).to(x.dtype), None, None


@_export
def cumprod(input, dim=None, *, dtype=None, out=None, axis=None):
    dim, _ = _np_alias(dim, False, axis, None)
    if dim is None:
        raise TypeError('cumprod() missing 1 required positional arguments: "dim"')
    _check_tensor(input, "cumprod")
    d = _wrap_dim(dim, input.dim())
    if dtype is not None:
        npd = dtype.np
    elif input.dtype.category != _D.float32.category:
        npd = np.int64
    else:
        npd = input.dtype.np
    if out is not None:
        return _write_out("cumprod", cumprod(input.detach(), d, dtype=dtype), out, input)
    return _Cumprod.apply(input, d, np.dtype(npd))


@_named("MedianBackward0", saved=("self",))
class _MedianAll(Function):
    @staticmethod
    def forward(ctx, x):
        if _dev(x):   # NOTE [ Order statistics from argsort ] (ops/_xp.py)
            from cyautograd.ops import _xp
            ctx.save_for_backward(x)
            if x.numel() == 0:   # as the host's: NaN (the lowest integer), still MedianBackward0
                from cyautograd.creation import full
                fill = float("nan") if x.dtype.is_floating_point else int(np.iinfo(x.dtype.np).min)
                r = full((), fill, dtype=x.dtype, device=x.device)
            else:
                r = _dw(_xp.median_all(_darr(x)))
            ctx.result = r.detach()
            return r
        a = _a(x).reshape(-1)
        if a.size == 0:   # torch: NaN (the lowest integer for an integral input)
            ctx.save_for_backward(x)
            r = _w(np.array(np.nan if a.dtype.kind == "f" else np.iinfo(a.dtype).min, a.dtype))
            ctx.result = r.detach()
            return r
        if np.isnan(a).any() if a.dtype.kind == "f" else False:
            i = int(np.nonzero(np.isnan(a))[0][0])
        else:
            order = np.argsort(a, kind="stable")
            i = int(order[(a.size - 1) // 2])
        ctx.save_for_backward(x)   # torch's MedianBackward0 saves self (and result)
        r = _w(a[i])
        ctx.result = r.detach()
        return r

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return _evenly_distribute(g, x.detach(), ctx.result)


def _evenly_distribute(g, xd, r):
    """torch's evenly_distribute_backward (CPU): the gradient split evenly
    over the elements of xd equal to r (a NaN r: over the NaNs), written by
    masked_fill_ into fresh zeros (contiguous whatever xd's layout; version 1)."""
    mask = xd.isnan() if bool(r.isnan()) else xd == r
    z = xd.new_zeros(tuple(xd.shape), dtype=g.dtype)
    return z.masked_fill_(mask, g / mask.sum())


def _index_reduce_grad(g, idx, shape, dim, keepdim):
    """Scatter g into zeros(shape) at idx along dim (value_selecting_reduction_backward)."""
    from cyautograd.creation import zeros
    if _dev(g):
        from cyautograd.ops import _xp
        ga, ia = _darr(g), _darr(idx)
        if not keepdim:
            ga, ia = _xp.expand_dims(ga, dim), _xp.expand_dims(ia, dim)
        return _dw(_xp.gather_backward(ga, tuple(shape), dim, ia))
    if not keepdim and len(shape):
        g = g.unsqueeze(dim)
        idx = idx.unsqueeze(dim)
    # torch's value_selecting_reduction_backward: zeros, then scatter_ into
    # them -- version 2 as torch leaves it (as MaxBackward0's in reduction.pyx),
    # a 0-d input too (a fresh tensor, not a view of the gradient)
    z = zeros(shape, dtype=g.dtype, device=g.device)
    z.zero_()
    return z.scatter_(dim, idx, g)


def _selecting(node):
    @_named(node, saved=("indices",), attrs={"dim": lambda n: n.info[1], "keepdim": lambda n: bool(n.info[2]),
                                             "self_sym_sizes": lambda n: n.info[0]})
    class _Sel(Function):
        @staticmethod
        def forward(ctx, x, dim, keepdim, pick):
            if _dev(x):   # NOTE [ Order statistics from argsort ] (ops/_xp.py)
                from cyautograd.ops import _xp
                v, i = pick.device(_darr(x), dim)
                if not keepdim and x.dim():
                    v, i = _xp.squeeze(v, (dim,)), _xp.squeeze(i, (dim,))
                iv = _dw(i)
                ctx.mark_non_differentiable(iv)
                ctx.info = (tuple(x.shape), dim, keepdim)
                ctx.save_for_backward(iv)
                return _dw(v), iv
            a = _a(x)
            v, i = pick(a, dim)
            if not keepdim and a.ndim:
                v = np.squeeze(v, dim)
                i = np.squeeze(i, dim)
            iv = _w(i, np.int64)
            ctx.mark_non_differentiable(iv)
            ctx.info = (tuple(x.shape), dim, keepdim)
            ctx.save_for_backward(iv)
            return _w(v), iv

        @staticmethod
        def backward(ctx, g, gi):
            iv, = ctx.saved_tensors
            shape, dim, keepdim = ctx.info
            return _index_reduce_grad(g, iv, shape, dim, keepdim), None, None, None
    return _Sel


def _pick_median(a, dim):
    if a.ndim == 0:
        return a.copy(), np.zeros((), np.int64)
    order = np.argsort(a, axis=dim, kind="stable")
    n = a.shape[dim]
    k = (n - 1) // 2
    idx = np.take(order, [k], axis=dim)
    if a.dtype.kind == "f":
        nanpos = np.isnan(a)
        hasnan = nanpos.any(axis=dim, keepdims=True)
        first_nan = np.argmax(nanpos, axis=dim)
        idx = np.where(hasnan, np.expand_dims(first_nan, dim), idx)
    return np.take_along_axis(a, idx, dim), idx


def _pick_median_dev(a, dim):
    from cyautograd.ops import _xp
    return _xp.pick_median(a, dim)


_pick_median.device = _pick_median_dev
_MedianDim = _selecting("MedianBackward1")


def _np_alias(dim, keepdim, axis, keepdims):
    """numpy's names torch's argument parser accepts: axis for dim, keepdims for keepdim."""
    if axis is not None:
        dim = axis
    if keepdims is not None:
        keepdim = keepdims
    return dim, keepdim


@_export
def median(input, dim=None, keepdim=False, *, out=None, axis=None, keepdims=None):
    dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    _check_tensor(input, "median")
    if input.dtype is _D.bool:
        raise NotImplementedError(f"\"{'median_cpu' if dim is None else 'median_out'}\" not implemented for 'Bool'")
    if dim is None:
        return _MedianAll.apply(input)   # an empty input: NaN, with MedianBackward0 as torch's
    d = _wrap_dim(dim, input.dim())
    if input.dim() and input.shape[d] == 0:
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    v, i = _MedianDim.apply(input, d, bool(keepdim), _pick_median)
    r = _return_type("median", ["values", "indices"])(v, i)
    if out is not None:
        return _write_out_tuple("median", r, out, input)
    return r


def _pick_kth(k):
    def pick(a, dim):
        if a.ndim == 0:
            return a.copy(), np.zeros((), np.int64)
        order = np.argsort(a, axis=dim, kind="stable")
        idx = np.take(order, [k - 1], axis=dim)
        return np.take_along_axis(a, idx, dim), idx

    def pick_dev(a, dim):
        from cyautograd.ops import _xp
        return _xp.pick_kth(a, dim, k)
    pick.device = pick_dev
    return pick


_Kth = _selecting("KthvalueBackward0")


@_export
def kthvalue(input, k, dim=-1, keepdim=False, *, out=None):
    _check_tensor(input, "kthvalue")
    d = _wrap_dim(dim, input.dim())
    n = input.shape[d] if input.dim() else 1
    if n == 0:   # torch's zero_numel_check_dims comes before the k check
        raise IndexError(f"kthvalue(): Expected reduction dim {d} to have non-zero size.")
    if not 1 <= k <= n:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    v, i = _Kth.apply(input, d, bool(keepdim), _pick_kth(int(k)))
    r = _return_type("kthvalue", ["values", "indices"])(v, i)
    if out is not None:
        return _write_out_tuple("kthvalue", r, out, input)
    return r


@_named("NansumBackward0", saved=("self",), attrs={
    "dim": lambda n: () if n.info[0] is None else tuple(n.info[0]), "keepdim": lambda n: bool(n.info[1])})
class _Nansum(Function):
    @staticmethod
    def forward(ctx, x, dims, keepdim, npd):
        ctx.save_for_backward(x)
        ctx.info = (dims, keepdim)
        if _anydev(x):   # NOTE [ Device backends ]
            dt = _dt(npd)
            return _composite(lambda x: x.to(dt).masked_fill(x.isnan(), 0).sum(
                dim=dims if dims is not None else tuple(range(x.dim())), keepdim=keepdim), x)
        return _w(np.nansum(_a(x).astype(npd), axis=dims, keepdims=keepdim), npd)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        dims, keepdim = ctx.info
        if dims is not None and not keepdim:
            for d in sorted(dims):
                g = g.unsqueeze(d)
        elif dims is None and not keepdim:
            g = g.reshape((1,) * x.dim())
        return g.expand(tuple(x.shape)) * x.isnan().logical_not(), None, None, None


def _reduce_dims(dim, ndim):
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return None
    if isinstance(dim, (tuple, list)):
        return _dims(dim, ndim)
    return (_wrap_dim(dim, ndim),)


@_export
def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None, axis=None, keepdims=None):
    dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    _check_tensor(input, "nansum")
    dims = _reduce_dims(dim, input.dim())
    if input.dim() == 0:
        dims = None   # dim 0 / -1 of a 0-d input: checked above, one element to sum
    if dtype is not None:
        npd = dtype.np
    elif input.dtype.category != _D.float32.category:
        npd = np.dtype(np.int64)
    else:
        npd = input.dtype.np
    if out is not None:
        return _write_out("nansum", nansum(input.detach(), dim, keepdim, dtype=dtype), out, input)
    return _Nansum.apply(input, dims, bool(keepdim), npd)


@_export
def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None, axis=None, keepdims=None):
    dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    _check_tensor(input, "nanmean")
    if not _floating(input):
        raise RuntimeError(f"nanmean(): expected input to have floating point or complex dtype but got "
                           f"{input.dtype._cname}")
    cnt = input.isnan().logical_not().sum(dim=dim if dim is not None else None, keepdim=keepdim) \
        if dim is not None else input.isnan().logical_not().sum()
    r = nansum(input, dim, keepdim, dtype=dtype) / cnt
    if out is not None:
        return _write_out("nanmean", r.detach(), out, input)
    return r


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    if unbiased is None:
        return 1
    return 1 if unbiased else 0


def _var_mean_save(ctx, x, info, r0, mean_, is_std):
    """var_mean/std_mean's forward saves: self, and for std_mean the std
    result itself (std_backward reads it, so under create_graph the formula
    reaches this node's output 0); var_mean saves self only, as torch's
    VarMeanBackward0 (no _saved_result0), so an in-place change of its var
    output leaves its backward valid. Gradients of an unused output stay
    undefined, as torch's (its formula then skips that term)."""
    ctx.set_materialize_grads(False)
    if is_std:
        ctx.save_for_backward(x, r0)
    else:
        ctx.save_for_backward(x)
    ctx.info = info
    return r0, mean_


@_formula
def _var_mean_backward(g0, g1, x, r0, info, is_std):
    """torch's var_mean_backward / std_mean_backward, op for op (NOTE [
    var/std formulas on Tensors ] in ops/reduction.pyx): var_backward(gvar)
    (std_backward(gstd): gvar = (gstd / (std * 2)).masked_fill_(std == 0, 0))
    plus mean_backward(gmean) = sum_backward(gmean) / n."""
    dims, corr, keepdim, n = info
    if dims is not None and len(dims) == 0:
        dims = None
    gself = None
    if g0 is not None:
        if is_std:
            g0 = (g0 / (r0 * 2)).masked_fill_(r0 == 0, 0)
        if dims is None or x.dim() == 0:
            mean = x.mean()
            dof = float(x.numel()) - float(corr)
            if dof <= 0:
                from cyautograd.ops.pointwise import where
                gself = g0 * where(x == mean, float("nan"), float("inf")).to(x.dtype)
            else:
                gself = (2.0 / dof) * g0 * (x - mean)
        else:
            if not keepdim and x.dim() > 1:
                for d in sorted(dims):
                    g0 = g0.unsqueeze(d)
            dof = float(n) - float(corr)
            gself = (2.0 / dof if dof != 0 else float("inf")) * g0 * (x - x.mean(dim=dims, keepdim=True))
    if g1 is not None:
        if not keepdim and x.dim() > 0 and dims is not None:
            for d in sorted(dims):
                g1 = g1.unsqueeze(d)
        ga = g1.expand(tuple(x.shape)) / (n if dims is not None else x.numel())
        gself = ga if gself is None else gself + ga
    return gself


def _var_mean_impl(node, is_std):
    @_named(node, saved=("self", "result0") if is_std else ("self",), attrs={
        "dim": lambda n: None if n.info[0] is None else tuple(n.info[0]), "correction": lambda n: n.info[1],
        "keepdim": lambda n: bool(n.info[2])})
    class _VM(Function):
        @staticmethod
        def forward(ctx, x, dims, corr, keepdim):
            if _anydev(x):   # NOTE [ Device backends ]: var and mean are routed
                from cyautograd.grad_mode import no_grad
                ax = dims if dims is not None else tuple(range(x.dim()))
                n = x.numel() if dims is None else int(np.prod([x.shape[d] for d in dims]))
                with no_grad():
                    xd = x.detach()
                    v = xd.var(dim=ax, correction=corr, keepdim=keepdim)
                    r0 = (v.sqrt() if is_std else v).clone()
                    mean_ = xd.mean(dim=ax, keepdim=keepdim).clone()
                return _var_mean_save(ctx, x, (dims, corr, keepdim, n), r0.detach(), mean_, is_std)
            a = _a(x)
            npd = a.dtype
            acc = np.float64 if npd == np.float32 else npd
            ax = dims
            m = np.mean(a, axis=ax, keepdims=True, dtype=acc)
            n = a.size if ax is None else int(np.prod([a.shape[d] for d in ax]))
            with np.errstate(all="ignore"):
                v = np.sum((a.astype(acc) - m) ** 2, axis=ax, keepdims=keepdim) / _b.max(n - corr, 0)
            mean_ = m if keepdim else (np.squeeze(m, ax) if ax is not None else m.reshape(()))
            out0 = np.sqrt(v) if is_std else v
            return _var_mean_save(ctx, x, (dims, corr, keepdim, n), _w(out0, npd), _w(mean_, npd), is_std)

        @staticmethod
        def backward(ctx, g0, g1):
            saved = ctx.saved_tensors
            x, r0 = saved[0], (saved[1] if is_std else None)
            return _var_mean_backward(g0, g1, x, r0, ctx.info, is_std), None, None, None
    return _VM


_VarMean = _var_mean_impl("VarMeanBackward0", False)
_StdMean = _var_mean_impl("StdMeanBackward0", True)


def _vm(name, fn, input, dim, unbiased, keepdim, correction):
    _check_tensor(input, name)
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    dims = _reduce_dims(dim, input.dim())
    if not _floating(input):
        raise RuntimeError(f"{name.split('_')[0]}(): input dtype should be either floating point or "
                           f"complex. Got {input.dtype._cname} instead.")
    corr = _correction(unbiased, correction)
    out_numel = 1
    if dims is not None:
        for i in range(input.dim()):
            if i not in dims:
                out_numel *= input.shape[i]
    warn_invalid_dof(name, input.numel(), out_numel, corr)
    return fn.apply(input, dims, corr, bool(keepdim))


@_export
def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None, axis=None, keepdims=None):
    dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    return _vm("var_mean", _VarMean, input, dim, unbiased, keepdim, correction)


@_export
def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None, axis=None, keepdims=None):
    dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    return _vm("std_mean", _StdMean, input, dim, unbiased, keepdim, correction)


def _sort_np(a, dim, descending, stable=True):
    if a.ndim == 0:
        return a.copy(), np.zeros((), np.int64)
    if descending:
        rev = np.flip(a, dim)
        idx = np.flip(np.argsort(rev, axis=dim, kind="stable"), dim)
        idx = a.shape[dim] - 1 - idx
    else:
        idx = np.argsort(a, axis=dim, kind="stable")
    return np.take_along_axis(a, idx, dim), idx


def _sort_layout(a, dim, descending):
    """_sort_np in the layout of torch's sort outputs (sort's meta function,
    aten/src/ATen/native/Sorting.cpp): values and indices take self's strides
    when self is non-overlapping and dense (a permuted input sorts into a
    permuted result), else dense strides in self's order (empty_like's
    layout, kernels' k_like_layout), as Tensors."""
    from cyautograd.kernels import _like_layout
    from cyautograd.creation import _wrap
    v, i = _sort_np(a, dim, descending)
    return _wrap(_like_layout(v, a)), _wrap(_like_layout(i.astype(np.int64, copy=False), a))


def _sort_fn(node):
    @_named(node, saved=("indices",), attrs={"dim": lambda n: n.info[1], "self_sym_sizes": lambda n: n.info[0]})
    class _S(Function):
        @staticmethod
        def forward(ctx, x, dim, descending):
            if _dev(x):
                from cyautograd.ops import _xp
                v, i = _xp.sort(_darr(x), dim, descending)
                v, iv = _dw(v), _dw(i)
            else:
                v, iv = _sort_layout(_a(x), dim, descending)
            ctx.mark_non_differentiable(iv)
            ctx.save_for_backward(iv)
            ctx.info = (tuple(x.shape), dim)
            return v, iv

        @staticmethod
        def backward(ctx, g, gi):
            iv, = ctx.saved_tensors
            shape, dim = ctx.info
            return _index_reduce_grad(g, iv, shape, dim, True), None, None
    return _S


_Sort0 = _sort_fn("SortBackward0")
_Sort1 = _sort_fn("SortBackward1")


def _sort_common(name, input, dim, descending, stable):
    _check_tensor(input, name)
    if input.dtype is _D.bool and False:
        pass
    d = _wrap_dim(dim, input.dim())
    fn = _Sort1 if stable is not None and stable is not False and name == "sort" and stable else _Sort0
    if stable is not None and name == "sort":
        fn = _Sort1
    return fn.apply(input, d, bool(descending))


@_export
def sort(input, dim=-1, descending=False, *, stable=None, out=None):
    if isinstance(dim, bool):   # sort(stable, dim, descending) overload: sort(x, True)
        raise TypeError("sort() received an invalid combination of arguments")
    v, i = _sort_common("sort", input, dim, descending, stable)
    r = _return_type("sort", ["values", "indices"])(v, i)
    if out is not None:
        return _write_out_tuple("sort", r, out, input)
    return r


@_export
def argsort(input, dim=-1, descending=False, *, stable=False):
    _check_tensor(input, "argsort")
    d = _wrap_dim(dim, input.dim())
    if _dev(input):
        from cyautograd.ops import _xp
        return _dw(_xp.argsort(_darr(input), d, bool(descending)))
    return _sort_layout(_a(input), d, descending)[1]


@_export
def msort(input, *, out=None):
    return sort(input, 0, out=out).values if out is None else sort(input, 0, out=out)[0]


@_named("TopkBackward0", saved=("indices",), attrs={"dim": lambda n: n.info[1],
                                                      "self_sym_sizes": lambda n: n.info[0]})
class _Topk(Function):
    @staticmethod
    def forward(ctx, x, k, dim, largest, sorted_):
        if _dev(x):
            from cyautograd.ops import _xp
            v, i = _xp.topk(_darr(x), k, dim, largest)
            v, iv = _dw(v), _dw(i)
        else:
            a = _a(x)
            if a.ndim == 0:
                v, i = a.copy(), np.zeros((), np.int64)
            else:
                _, order = _sort_np(a, dim, largest)
                i = np.take(order, np.arange(k), axis=dim)
                v = np.take_along_axis(a, i, dim)
            v, iv = _w(v), _w(i, np.int64)
        ctx.mark_non_differentiable(iv)
        ctx.save_for_backward(iv)
        ctx.info = (tuple(x.shape), dim)
        return v, iv

    @staticmethod
    def backward(ctx, g, gi):
        iv, = ctx.saved_tensors
        shape, dim = ctx.info
        return _index_reduce_grad(g, iv, shape, dim, True), None, None, None, None


@_export
def topk(input, k, dim=-1, largest=True, sorted=True, *, out=None):
    _check_tensor(input, "topk")
    d = _wrap_dim(dim, input.dim())
    n = input.shape[d] if input.dim() else 1
    if not 0 <= k <= n:
        raise RuntimeError("selected index k out of range")
    v, i = _Topk.apply(input, int(k), d, bool(largest), bool(sorted))
    r = _return_type("topk", ["values", "indices"])(v, i)
    if out is not None:
        return _write_out_tuple("topk", r, out, input)
    return r


def _cumext(node, name, ufunc):
    @_named(node, saved=("self", "indices"), attrs={"dim": "info"})
    class _C(Function):
        @staticmethod
        def forward(ctx, x, dim):
            if _dev(x):   # NOTE [ Order statistics from argsort ] (ops/_xp.py)
                from cyautograd.ops import _xp
                v, i = _xp.cumext(_darr(x), dim, ufunc is np.fmax)
                iv = _dw(i)
                ctx.mark_non_differentiable(iv)
                ctx.save_for_backward(x, iv)
                ctx.info = dim
                return _dw(v), iv
            a = _a(x)
            if a.ndim == 0:
                v, i = a.copy(), np.zeros((), np.int64)
            else:
                am = np.moveaxis(a, dim, -1)
                v = ufunc.accumulate(am, axis=-1)
                n = am.shape[-1]
                pos = np.broadcast_to(np.arange(n), am.shape)
                hit = (am == v) | (np.isnan(am) if am.dtype.kind == "f" else False)
                # the index of the last element equal to the running extreme (torch keeps the latest tie)
                i = np.maximum.accumulate(np.where(hit, pos, 0), axis=-1)
                v = np.moveaxis(v, -1, dim)
                i = np.moveaxis(i, -1, dim)
            iv = _w(i, np.int64)
            ctx.mark_non_differentiable(iv)
            # torch saves self and indices: cummaxmin_backward reads self's
            # sizes when it runs (a .data change of another shape shows), and
            # the saved self's version and history are checked
            ctx.save_for_backward(x, iv)
            ctx.info = dim
            return _w(v), iv

        @staticmethod
        def backward(ctx, g, gi):
            x, iv = ctx.saved_tensors
            shape, dim = tuple(x.shape), ctx.info
            if x.numel() == 0:
                return x, None   # torch's cummaxmin_backward hands an empty self back as its gradient
            from cyautograd.creation import zeros
            # torch's cummaxmin_backward (a 0-d input too): zeros, then scatter_add_ into them (version 2)
            z = zeros(shape, dtype=g.dtype, device=g.device)
            z.zero_()
            return z.scatter_add_(dim, iv, g), None

    def op(input, dim):
        _check_tensor(input, name)
        d = _wrap_dim(dim, input.dim())
        v, i = _C.apply(input, d)
        return _return_type(name, ["values", "indices"])(v, i)
    op.__name__ = name
    return _export(op)


cummax = _cumext("CummaxBackward0", "cummax", np.fmax)
cummin = _cumext("CumminBackward0", "cummin", np.fmin)


# NOTE [ The unique family ]
# torch records each of its unique ops with its own node, none of which has a
# derivative (the backward raises naming the op): torch.unique without dim
# and _unique2 -> Unique2Backward0, with dim and _VF.unique_dim ->
# UniqueDimBackward0, _unique -> UniqueBackward0, unique_consecutive ->
# UniqueConsecutiveBackward0. The values are differentiable outputs (so they
# require grad), the inverse indices and counts are not. Along a dim, an
# empty tensor must have exactly one zero-sized dim, the one selected.

def _unique_dim_checks(x, dim):
    shape = tuple(x.shape)
    if x.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    dim = _wrap_dim(dim, x.dim())
    if x.numel() == 0:
        if sum(1 for v in shape if v == 0) != 1:
            raise RuntimeError("Number of zero sized dimensions is more than one, so unique cannot be applied ")
        if shape[dim] != 0:
            raise RuntimeError("There are 0 sized dimensions, and they aren't selected, so unique cannot be "
                               "applied")
    return dim


def _unique_arrays(x, dim):
    """(values, inverse, counts) of unique over all elements (dim None; the
    inverse in x's shape) or along dim (the inverse 1-d)."""
    if _dev(x):   # NOTE [ Order statistics from argsort ] (ops/_xp.py)
        from cyautograd.ops import _xp
        u, inv, cnt = _xp.unique_flat(_darr(x)) if dim is None else _xp.unique_dim(_darr(x), dim)
        return _dw(u), _dw(inv), _dw(cnt)
    a = _a(x)
    if dim is None:
        # NaNs are distinct values to torch (numpy merges them by default)
        u, inv, cnt = np.unique(a.reshape(-1), return_inverse=True, return_counts=True, equal_nan=False)
        inv = inv.reshape(a.shape)
    elif a.shape[dim] == 0:
        u, inv, cnt = a, np.zeros(0, np.int64), np.zeros(0, np.int64)
    else:
        u, inv, cnt = np.unique(a, return_inverse=True, return_counts=True, axis=dim)
        inv = inv.reshape(-1)
    return _w(u, a.dtype), _w(inv, np.int64), _w(cnt, np.int64)


def _unique_consecutive_arrays(x, dim):
    """(values, inverse, counts) of runs of equal elements (dim None: over
    the flattened tensor, the inverse in x's shape) or of equal slices along
    dim (the inverse 1-d). NaNs never equal each other."""
    if dim is None and _dev(x):
        from cyautograd.ops import _xp
        u, inv, cnt = _xp.unique_consecutive_flat(_darr(x))
        return _dw(u), _dw(inv), _dw(cnt)
    if _dev(x):
        # along a dim on a device: the host computes the run boundaries of
        # the (small) comparison result only
        from cyautograd.ops import _xp
        arr = _darr(x)
        n = arr.shape[dim]
        if n == 0:
            return x.clone(), _w(np.zeros(0, np.int64)).to(x.device), _w(np.zeros(0, np.int64)).to(x.device)
        flat = x.movedim(dim, 0).reshape(n, -1)
        diff = (flat[1:] != flat[:-1]).any(1) if n > 1 else None
        keep = np.concatenate([[True], diff.cpu().numpy()]) if diff is not None else np.ones(1, bool)
        pos = np.nonzero(keep)[0]
        from cyautograd.creation import tensor as _tensor
        u = x.detach().index_select(dim, _tensor(pos, dtype=None).to(x.device))
        inv = _w(np.cumsum(keep) - 1, np.int64).to(x.device)
        cnt = _w(np.diff(np.append(pos, n)), np.int64).to(x.device)
        return u.clone(), inv, cnt
    a = _a(x)
    if dim is None:
        flat = a.reshape(-1)
        keep = np.concatenate([[True], flat[1:] != flat[:-1]]) if flat.size else np.zeros(0, bool)
        n = flat.size
        u = flat[keep]
        inv = (np.cumsum(keep) - 1).reshape(a.shape)
    else:
        n = a.shape[dim]
        if n == 0:
            return _w(a), _w(np.zeros(0, np.int64)), _w(np.zeros(0, np.int64))
        rows = np.moveaxis(a, dim, 0).reshape(n, -1)
        keep = np.concatenate([[True], (rows[1:] != rows[:-1]).any(axis=1)])
        u = np.take(a, np.nonzero(keep)[0], axis=dim)
        inv = np.cumsum(keep) - 1
    pos = np.nonzero(keep)[0]
    return _w(u, a.dtype), _w(inv, np.int64), _w(np.diff(np.append(pos, n)), np.int64)


def _unique_node(node_name, opname):
    @_named(node_name)
    class _UniqueOp(Function):
        @staticmethod
        def forward(ctx, x, compute):
            outs = compute(x)
            if len(outs) > 1:
                ctx.mark_non_differentiable(*outs[1:])
            return tuple(outs) if len(outs) > 1 else outs[0]

        @staticmethod
        def backward(ctx, *grads):
            raise NotImplementedError(f"the derivative for '{opname}' is not implemented.")
    return _UniqueOp


_Unique2 = _unique_node("Unique2Backward0", "_unique2")
_UniqueDim = _unique_node("UniqueDimBackward0", "unique_dim")
_UniqueOld = _unique_node("UniqueBackward0", "_unique")
_UniqueConsecutive = _unique_node("UniqueConsecutiveBackward0", "unique_consecutive")


def _empty_index(like):
    z = _w(np.zeros(0, np.int64))
    return z if not _dev(like) else z.to(like.device)


@_export
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    _check_tensor(input, "unique")
    if dim is not None:
        dim = _unique_dim_checks(input, dim)

    def compute(x):
        u, inv, cnt = _unique_arrays(x, dim)
        return [u] + ([inv] if return_inverse else []) + ([cnt] if return_counts else [])
    return (_Unique2 if dim is None else _UniqueDim).apply(input, compute)


def _unique(input, sorted=True, return_inverse=False):
    """torch._unique: (values, inverse) -- the inverse empty unless asked
    for -- recorded as UniqueBackward0."""
    _check_tensor(input, "_unique")

    def compute(x):
        u, inv, _ = _unique_arrays(x, None)
        return [u, inv if return_inverse else _empty_index(x)]
    return _UniqueOld.apply(input, compute)


def _unique2(input, sorted=True, return_inverse=False, return_counts=False):
    """torch._unique2: (values, inverse, counts), each index output empty
    unless asked for."""
    _check_tensor(input, "_unique2")

    def compute(x):
        u, inv, cnt = _unique_arrays(x, None)
        return [u, inv if return_inverse else _empty_index(x), cnt if return_counts else _empty_index(x)]
    return _Unique2.apply(input, compute)


def unique_dim(input, dim, sorted=True, return_inverse=False, return_counts=False):
    """torch._VF.unique_dim: (values, inverse, counts) along dim, all three
    always."""
    _check_tensor(input, "unique_dim")
    dim = _unique_dim_checks(input, dim)
    return _UniqueDim.apply(input, lambda x: list(_unique_arrays(x, dim)))


@_export
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    _check_tensor(input, "unique_consecutive")
    if dim is not None:
        dim = _unique_dim_checks(input, dim)

    def compute(x):
        u, inv, cnt = _unique_consecutive_arrays(x, dim)
        return [u] + ([inv] if return_inverse else []) + ([cnt] if return_counts else [])
    return _UniqueConsecutive.apply(input, compute)


@_named("MaskedSelectBackward0", saved=("mask",))
class _MaskedSelect(Function):
    @staticmethod
    def forward(ctx, x, mask):
        if _anydev(x, mask):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            ctx.save_for_backward(mask)
            shape = np.broadcast_shapes(tuple(x.shape), tuple(mask.shape))
            ctx.info = (tuple(x.shape), shape)
            return _dw(_xp.masked_select(_darr(x), _darr(mask)))
        a, m = _a(x), _a(mask)
        shape = np.broadcast_shapes(a.shape, m.shape)
        mb = np.broadcast_to(m, shape)
        ctx.save_for_backward(mask)
        ctx.info = (tuple(x.shape), shape)
        return _w(np.broadcast_to(a, shape)[mb])

    @staticmethod
    def backward(ctx, g, *_):
        mask, = ctx.saved_tensors
        xshape, shape = ctx.info
        from cyautograd.creation import zeros
        z = zeros(shape, dtype=g.dtype, device=g.device)
        z = z.index_put((mask.expand(*shape),), g)
        return _sum_to(z, xshape), None


@_export
def masked_select(input, mask, *, out=None):
    _check_tensor(input, "masked_select")
    _check_tensor(mask, "masked_select", "mask", 2)
    if mask.dtype is not _D.bool:
        raise RuntimeError(f"masked_select: expected BoolTensor for mask")
    _bcast_ok(input, mask)
    if out is not None:
        return _write_out("masked_select", masked_select(input.detach(), mask), out, input)
    return _MaskedSelect.apply(input, mask)


# -- scatter / index_* ------------------------------------------------------------------------

def _check_index(name, input, dim, index, src=None, gather_like=True):
    if not isinstance(index, Tensor):
        raise TypeError(f"{name}(): argument 'index' (position 3) must be Tensor, not {_tname(index)}")
    if index.dtype is not _D.int64 and index.dtype is not _D.int32:
        # torch 2.13's scatter_gather_dtype_check: int32 or int64, one
        # message for every scatter variant
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    d = _wrap_dim(dim, input.dim())
    nd = _b.max(input.dim(), 1)
    if index.numel() == 0:
        return d
    if _b.max(index.dim(), 1) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    if src is not None and _b.max(src.dim(), 1) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as src tensor")
    ishape = tuple(index.shape) or (1,)
    sshape = tuple(input.shape) or (1,)
    for k in range(nd):
        bad = (k != d and ishape[k] > sshape[k]) or \
            (src is not None and ishape[k] > ((tuple(src.shape) or (1,))[k]))
        if bad:
            if src is None:
                raise RuntimeError(f"Expected index {list(index.shape)} to be no larger than self "
                                   f"{list(input.shape)} apart from dimension {d}")
            raise RuntimeError(f"Expected index {list(index.shape)} to be no larger than self "
                               f"{list(input.shape)} apart from dimension {d} and to be no larger size than "
                               f"src {list(src.shape)}")
    size = sshape[d]
    if _dev(index):   # NOTE [ Device backends ]
        from cyautograd.ops import _xp
        _xp.check_index_range(_darr(index), size, d)
        return d
    ia = _a(index)
    if ia.size and (ia.min() < 0 or ia.max() >= size):
        bad = int(ia[(ia < 0) | (ia >= size)].reshape(-1)[0])
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {size}")
    return d


def _coords(index, d):
    """Target coordinates of every index element: its own position with
    dimension d replaced by the index value."""
    ia = _a(index)
    if ia.ndim == 0:
        ia = ia.reshape(1)
    grid = list(np.indices(ia.shape, sparse=True))
    grid[d] = ia
    return tuple(grid), tuple(slice(0, s) for s in ia.shape)


def _scatter_np(a, d, index, src, reduce_):
    out = np.array(a, copy=True, order="C")
    zero_d = out.ndim == 0
    if zero_d:
        out = out.reshape(1)
    if index.numel():
        tgt, box = _coords(index, d)
        if isinstance(src, np.ndarray):
            s = src.reshape(1) if src.ndim == 0 else src
            vals = s[box].astype(out.dtype)
        else:
            vals = np.asarray(src).astype(out.dtype)
            vals = np.broadcast_to(vals, _a(index).reshape(-1).shape if _a(index).ndim == 0 else _a(index).shape)
        if reduce_ is None:
            out[tgt] = vals
        elif reduce_ in ("add", "sum"):
            np.add.at(out, tgt, vals)
        elif reduce_ in ("multiply", "prod"):
            np.multiply.at(out, tgt, vals)
        elif reduce_ == "amax":
            np.maximum.at(out, tgt, vals)
        elif reduce_ == "amin":
            np.minimum.at(out, tgt, vals)
    return out.reshape(()) if zero_d else out


# NOTE [ Ops without a derivative record NotImplemented ]
# torch records a NotImplemented node for an op that has no derivative
# formula (scatter with reduce=) when an input requires grad; its next edges
# are those of the inputs that require grad only, and backward through it
# raises "derivative for aten::<op> is not implemented" (aten::scatter_ for
# the in-place form: the node's opname, which the in-place method renames).
@_named("NotImplemented")
class _NoDerivativeNode(Function):
    @staticmethod
    def forward(ctx, *args):
        opname, compute = args[-1]
        ctx.opname = opname
        return compute()

    @staticmethod
    def backward(ctx, *grads):
        raise RuntimeError(f"derivative for aten::{ctx.opname} is not implemented")


def _no_derivative(opname, compute, *inputs):
    edges = [t for t in inputs if isinstance(t, Tensor) and t.requires_grad]
    if not edges or not is_grad_enabled():
        return compute()
    return _NoDerivativeNode.apply(*edges, (opname, compute))


def _scatter_any(x, d, index, src, reduce_):
    """_scatter_np on the host, ops/_xp.py's one-hot scatter on a device."""
    if _anydev(x, index, src):   # NOTE [ Device backends ]
        from cyautograd.ops import _xp
        return _dw(_xp.scatter(_darr(x), d, _darr(index), _darr(src) if isinstance(src, Tensor) else src,
                               reduce_))
    return _w(_scatter_np(_a(x), d, index, _a(src) if isinstance(src, Tensor) else src, reduce_))


# NOTE [ Index arguments are not edges ]
# torch's scatter/scatter_add/index_add/index_copy/index_fill nodes have next
# edges for their differentiable inputs only (derivatives.yaml marks index
# non_differentiable): ScatterAddBackward0's are (self, src). A custom
# Function makes an edge for every Tensor argument, so these pass the index
# boxed in a 1-tuple and unbox it in forward (it is still saved, so an
# in-place change of it is caught as torch's is).

@_named("ScatterBackward0", saved=("index",), attrs={"dim": "d"})
class _Scatter(Function):
    @staticmethod
    def forward(ctx, x, src, d, index_box):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        ctx.save_for_backward(index)
        ctx.d = d
        return _scatter_any(x, d, index, src, None)

    @staticmethod
    def backward(ctx, g):
        index, = ctx.saved_tensors
        n = ctx.needs_input_grad
        return (g.scatter(ctx.d, index, 0) if n[0] else None,
                g.gather(ctx.d, index) if n[1] else None, None, None)

    @staticmethod
    def _jvp(args, out, tans):
        # the scatter of the tangents (NOTE [ Forward formulas of Function-based
        # ops ] in autograd/forward_ad.py): a repeated index keeps one write
        from cyautograd import zeros_like
        x, src, d, index_box = args
        tx = tans[0] if tans[0] is not None else zeros_like(x)
        ts = tans[1] if tans[1] is not None else zeros_like(src)
        return _Scatter.apply(tx, ts, d, index_box)


@_named("ScatterBackward1", saved=("index",), attrs={"dim": "d"})
class _ScatterValue(Function):
    @staticmethod
    def forward(ctx, x, d, index_box, value):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        ctx.save_for_backward(index)
        ctx.d = d
        return _scatter_any(x, d, index, value, None)

    @staticmethod
    def backward(ctx, g):
        index, = ctx.saved_tensors
        return g.scatter(ctx.d, index, 0), None, None, None


@_named("ScatterAddBackward0", saved=("index",), attrs={"dim": "d"})
class _ScatterAdd(Function):
    @staticmethod
    def forward(ctx, x, src, d, index_box):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        ctx.save_for_backward(index)
        ctx.d = d
        return _scatter_any(x, d, index, src, "add")

    @staticmethod
    def backward(ctx, g):
        index, = ctx.saved_tensors
        n = ctx.needs_input_grad
        return (g if n[0] else None, g.gather(ctx.d, index) if n[1] else None, None, None)


@_export
def scatter(input, dim, index, src=None, *, value=None, reduce=None, out=None):
    _check_tensor(input, "scatter")
    if src is None:
        src = value
    if out is not None:
        return _write_out("scatter", scatter(input.detach(), dim, index,
                                             src.detach() if isinstance(src, Tensor) else src, reduce=reduce),
                          out, input, src if isinstance(src, Tensor) else None)
    if isinstance(src, Tensor):
        d = _check_index("scatter", input, dim, index, src)
        if src.dtype != input.dtype:
            raise RuntimeError(f"scatter(): Expected self.dtype to be equal to src.dtype")
        if reduce is not None:
            if reduce not in ("add", "multiply"):
                raise RuntimeError(f"reduce argument must be either add or multiply. Got {reduce}")
            warn_user("The reduce argument of torch.scatter with Tensor src is deprecated and will be removed "
                          "in a future PyTorch release. Use torch.scatter_reduce instead for more reduction "
                          "options.")
            return _no_derivative("scatter", lambda: _scatter_any(input.detach(), d, index, src.detach(), reduce),
                                  input, src)
        return _Scatter.apply(input, src, d, (index,))
    d = _check_index("scatter", input, dim, index)
    if reduce is not None:
        if reduce not in ("add", "multiply"):
            raise RuntimeError(f"reduce argument must be either add or multiply. Got {reduce}")
        return _no_derivative("scatter", lambda: _scatter_any(input.detach(), d, index, src, reduce), input)
    return _ScatterValue.apply(input, d, (index,), src)


@_export
def scatter_add(input, dim, index, src, *, out=None):
    _check_tensor(input, "scatter_add")
    _check_tensor(src, "scatter_add", "src", 4)
    if out is not None:
        return _write_out("scatter_add", scatter_add(input.detach(), dim, index, src.detach()), out, input, src)
    d = _check_index("scatter_add", input, dim, index, src)
    if src.dtype != input.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    return _ScatterAdd.apply(input, src, d, (index,))


def _scatter_reduce_dev(x, d, index, src, reduce_, include_self, ctx):
    """_ScatterReduce's forward on a device (ops/_xp.py's scatter)."""
    from cyautograd.ops import _xp
    a, ia, s = _darr(x), _darr(index), _darr(src)
    base = a
    if not include_self:
        npd = x.dtype.np
        fill = {"sum": 0, "mean": 0, "prod": 1,
                "amax": -np.inf if npd.kind == "f" else np.iinfo(npd).min,
                "amin": np.inf if npd.kind == "f" else np.iinfo(npd).max}[reduce_]
        base = _xp.scatter(a, d, ia, fill, None)
    if reduce_ != "mean":
        return _dw(_xp.scatter(base, d, ia, s, reduce_))
    r = _dw(_xp.scatter(base, d, ia, s, "sum"))
    from cyautograd.creation import full, ones
    cnt0 = full(tuple(x.shape), 1 if include_self else 0, dtype=_D.int64, device=x.device)
    cnt = _dw(_xp.scatter(_darr(cnt0), d, ia, _darr(ones(tuple(src.shape), dtype=_D.int64, device=x.device)),
                          "sum")).clamp_min(1)
    ctx.cnt = cnt
    return r / cnt.to(r.dtype) if x.dtype.is_floating_point else r.div(cnt, rounding_mode="floor")


@_named("ScatterReduceBackward0")
class _ScatterReduce(Function):
    @staticmethod
    def forward(ctx, x, d, index, src, reduce_, include_self):
        if _anydev(x, index, src):   # NOTE [ Device backends ]
            ctx.info = (d, reduce_, include_self)
            res = _scatter_reduce_dev(x, d, index, src, reduce_, include_self, ctx)
            ctx.save_for_backward(x, index, src, res)
            return res
        a, s = _a(x), _a(src)
        ctx.info = (d, reduce_, include_self)
        base = np.array(a, copy=True)
        if not include_self and index.numel():
            tgt, _ = _coords(index, d)
            fill = {"sum": 0, "mean": 0, "prod": 1,
                    "amax": -np.inf if a.dtype.kind == "f" else np.iinfo(a.dtype).min,
                    "amin": np.inf if a.dtype.kind == "f" else np.iinfo(a.dtype).max}[reduce_]
            b2 = base.reshape(1) if base.ndim == 0 else base
            b2[tgt] = fill
        if reduce_ == "mean":
            r = _scatter_np(base, d, index, s, "sum")
            cnt = _scatter_np(np.full(a.shape, 1 if include_self else 0, np.int64), d, index,
                              np.ones(s.shape, np.int64), "sum")
            cnt = np.maximum(cnt, 1)
            r = (r / cnt).astype(a.dtype) if a.dtype.kind == "f" else (r // cnt).astype(a.dtype)
            ctx.cnt = cnt
        else:
            r = _scatter_np(base, d, index, s, reduce_)
        res = _w(r, a.dtype)
        ctx.save_for_backward(x, index, src, res)   # the result as an output: differentiable in a double backward
        return res

    @staticmethod
    def backward(ctx, g):
        x, index, src, res = ctx.saved_tensors
        d, reduce_, include_self = ctx.info
        if reduce_ == "sum":
            gs = g if include_self else g.scatter(d, index, 0)
            return gs, None, None, g.gather(d, index), None, None
        if reduce_ == "mean":
            gc = g / (ctx.cnt if isinstance(ctx.cnt, Tensor) else _w(ctx.cnt, np.int64)).to(g.dtype)
            gs = gc if include_self else gc.scatter(d, index, 0)
            return gs, None, None, gc.gather(d, index), None, None
        if reduce_ == "prod":
            # torch's scatter_reduce_backward for prod: zeros are divided
            # around (self's masked to 1; a src zero alone at its position
            # gets the product of the others, several zeros at one position
            # give zero gradients, not 0/0, and refuse a double backward)
            from cyautograd import _ops
            masked_self = x.masked_fill(x == 0, 1)
            masked_self_result = masked_self.scatter_reduce(d, index, src, "prod", include_self=include_self)
            gs = g * masked_self_result / masked_self
            if not include_self:
                gs = gs.scatter(d, index, 0)
            src_zero = src == 0
            nz = _ops.zeros_like(x).scatter_add(d, index, src_zero.to(x.dtype)).gather(d, index)
            single = src_zero.logical_and(nz == 1)
            masked_src_result = x.scatter_reduce(d, index, src.masked_fill(single, 1), "prod",
                                                 include_self=include_self)
            gsrc = _ops.where(single, (g * masked_src_result).gather(d, index),
                              (g * res).gather(d, index) / src.masked_fill(src_zero, 1))
            gsrc = _refuse_double_backward_if(gsrc, nz, "scatter_reduce(): Double backward is unsupported for "
                                              "src when >1 zeros in src are scattered to the same position in self")
            return gs, None, None, gsrc, None, None
        # amax / amin: the gradient is shared evenly among the values equal to the result
        self_hit = (x == res).to(g.dtype) if include_self else g.new_zeros(tuple(x.shape))
        src_hit = (src == res.gather(d, index)).to(g.dtype)
        cnt = self_hit.scatter_add(d, index, src_hit)
        # places nothing reached divide by 1, not 0: differentiating this
        # formula (double backward, forward AD) must not meet 0/0 there
        gd = g / cnt.masked_fill(cnt == 0, 1)
        gs = gd * self_hit if include_self else g.scatter(d, index, 0)
        return gs, None, None, gd.gather(d, index) * src_hit, None, None


def _refuse_double_backward_if(grad, zeros_at, msg):
    """torch's prod-reduction backward: where more than one zero meets at a
    position, the gradient (recorded under create_graph) goes through a
    DelayedError node, so differentiating it again raises ``msg``."""
    if is_grad_enabled() and bool((zeros_at > 1).any()):
        from cyautograd._C._functions import DelayedError
        return DelayedError(msg, 1)(grad)
    return grad


@_export
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True, out=None):
    _check_tensor(input, "scatter_reduce")
    _check_tensor(src, "scatter_reduce", "src", 4)
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    if out is not None:
        return _write_out("scatter_reduce", scatter_reduce(input.detach(), dim, index, src.detach(), reduce,
                                                           include_self=include_self), out, input, src)
    d = _check_index("scatter_reduce", input, dim, index, src)
    if src.dtype != input.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    return _ScatterReduce.apply(input, d, index, src, reduce, bool(include_self))


def _check_index_1d(name, input, dim, index, source=None):
    if not isinstance(index, Tensor):
        raise TypeError(f"{name}(): argument 'index' (position 3) must be Tensor, not {_tname(index)}")
    d = _wrap_dim(dim, input.dim())
    if index.dim() > 1:
        raise IndexError(f"{name}(): Index is supposed to be a vector")
    if index.dtype not in (_D.int64, _D.int32):
        raise IndexError(f"{name}(): Expected dtype int32/int64 for index" if name != "index_copy" else
                         f"{name}(): Expected a long tensor for index, but got {index.dtype._cname}")
    size = input.shape[d] if input.dim() else 1
    if _dev(index):   # NOTE [ Device backends ]: only its size is read below
        ia = np.empty(index.numel())
    else:
        ia = _a(index).reshape(-1)
    if source is not None:
        ss = tuple(source.shape) or (1,)
        xs = list(tuple(input.shape) or (1,))
        xs[d] = ia.size
        if source.dim() and tuple(ss) != tuple(xs) and name != "index_add":
            raise RuntimeError(f"{name}(): Source/destination tensor must have same slice shapes. "
                               f"Destination slice shape: {list(input.shape)} at dimension {d} and source "
                               f"slice shape: {list(source.shape)} at dimension {d}.")
        if name == "index_add" and source.numel() != 0 and (source.dim() and ss[d] != ia.size):
            raise RuntimeError(f"index_add_(): Number of indices ({ia.size}) should be equal to "
                               f"source.size(dim): ({ss[d]}), for dim: {d}")
    return d, ia


# NOTE [ index_add / index_fill / index_copy bound messages ]
# torch's CPU kernels check the indices after every shape and dtype check, and
# each in its own words, naming the first index out of range:
# - index_fill: IndexError "index N is out of bounds for dimension D with size
#   S", negative indices down to -S allowed (a 0-d self counts as size 1);
# - index_copy: IndexError with the "index_copy_(): " prefix, no negatives;
# - index_add: a self of 2+ dimensions with alpha 1 and an int64 index goes
#   through scatter_add, whose RuntimeError has the same words as
#   index_fill's; otherwise (1-d or 0-d self, alpha != 1, an int32 index) the
#   loop says IndexError "index out of range in self". An empty index checks
#   nothing, nor does an empty self of 2+ dims for index_add, nor (for
#   index_fill/index_copy, TensorIterator loops) an empty dimension other
#   than the indexed one.
def _check_index_1d_bounds(name, input, d, index, alpha=1):
    size = input.shape[d] if input.dim() else 1
    if index.numel() == 0:
        return
    if name == "index_add":
        if input.dim() > 1 and input.numel() == 0:
            return
    elif any(n == 0 for k, n in enumerate(input.shape) if k != d):
        return    # index_fill/index_copy iterate over self's other dimensions: nothing to check
    elif input.dim() and input.shape[d] == 0:
        # torch restrides self to the index's length along d (stride 0) before
        # its loop, and as_strided refuses the empty storage in its own words
        sizes = list(input.shape)
        sizes[d] = index.numel()
        strides = list(input.stride())
        strides[d] = 0
        item = input.element_size()
        need = item * (1 + sum((n - 1) * st for n, st in zip(sizes, strides)))
        have = input.untyped_storage().nbytes()
        raise RuntimeError(f"setStorage: sizes [{', '.join(map(str, sizes))}], strides "
                           f"[{', '.join(map(str, strides))}], storage offset 0, and itemsize {item} requiring a "
                           f"storage size of {need} are out of bounds for storage of size {have}")
    # NOTE [ Device backends ]: the checks' answers come to the host
    ia = _a(index.detach().cpu()).reshape(-1) if _dev(index) else _a(index).reshape(-1)
    lo = -size if name == "index_fill" else 0
    bad = (ia < lo) | (ia >= size)
    if not bad.any():
        return
    v = int(ia[int(np.argmax(bad))])
    words = f"index {v} is out of bounds for dimension {d} with size {size}"
    if name == "index_copy":
        raise IndexError("index_copy_(): " + words)
    if name == "index_add":
        if input.dim() > 1 and index.dtype == _D.int64 and not isinstance(alpha, bool) and alpha == 1:
            raise RuntimeError(words)
        raise IndexError("index out of range in self")
    raise IndexError(words)


def _index_np(a, d, ia, src, mode):
    out = np.array(a, copy=True, order="C")
    zero_d = out.ndim == 0
    if zero_d:
        out = out.reshape(1)
    if out.size == 0 and out.ndim > 1:
        return out    # an empty self of 2+ dims: torch's kernels read no index
    om = np.moveaxis(out, d, 0)
    if mode == "fill":
        om[ia] = src
    else:
        s = np.asarray(src)
        s = s.reshape(1) if s.ndim == 0 else s
        sm = np.moveaxis(s, d, 0).astype(out.dtype)
        if mode == "copy":
            om[ia] = sm
        else:
            np.add.at(om, ia, sm)
    return out.reshape(()) if zero_d else out


@_named("IndexAddBackward0", saved=("index",), attrs={
    "dim": lambda n: n.info[0], "alpha": lambda n: n.info[1], "source_dim": lambda n: len(n.info[2])})
class _IndexAdd(Function):
    @staticmethod
    def forward(ctx, x, d, index_box, source, alpha):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        if ctx.needs_input_grad[3]:
            ctx.save_for_backward(index)   # torch saves index only for source's gradient
        ctx.info = (d, alpha, tuple(source.shape))
        if _anydev(x, index, source):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            s = _darr(source * alpha if alpha != 1 else source)
            return _dw(_xp.index_along(_darr(x), d, _darr(index), s, "add"))
        s = _a(source) * alpha if alpha != 1 else _a(source)
        return _w(_index_np(_a(x), d, _a(index).reshape(-1), s, "add"))

    @staticmethod
    def backward(ctx, g):
        d, alpha, sshape = ctx.info
        n = ctx.needs_input_grad
        gs = None
        if n[3]:
            index, = ctx.saved_tensors
            gs = g.index_select(d, index.reshape(-1)) if g.dim() else g.reshape(1)
            gs = (gs * alpha if alpha != 1 else gs).reshape(sshape)
        return (g if n[0] else None, None, None, gs, None)


@_named("IndexCopyBackward0", saved=("index",), attrs={
    "dim": lambda n: n.info[0], "source_dim": lambda n: len(n.info[1])})
class _IndexCopy(Function):
    @staticmethod
    def forward(ctx, x, d, index_box, source):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        ctx.save_for_backward(index)
        ctx.info = (d, tuple(source.shape))
        if _anydev(x, index, source):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            return _dw(_xp.index_along(_darr(x), d, _darr(index), _darr(source), "copy"))
        return _w(_index_np(_a(x), d, _a(index).reshape(-1), _a(source), "copy"))

    @staticmethod
    def backward(ctx, g):
        index, = ctx.saved_tensors
        d, sshape = ctx.info
        n = ctx.needs_input_grad
        gs = None
        if n[3]:
            gs = (g.index_select(d, index.reshape(-1)) if g.dim() else g.reshape(1)).reshape(sshape)
        return (index_fill(g, d, index, 0) if n[0] else None, None, None, gs)


@_named("IndexFillBackward0", saved=("index",), attrs={"dim": "d"})
class _IndexFill(Function):
    @staticmethod
    def forward(ctx, x, d, index_box, value):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        ctx.save_for_backward(index)
        ctx.d = d
        n = x.shape[d] if x.dim() else 1
        if _anydev(x, index):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            ia = index.detach().reshape(-1)
            return _dw(_xp.index_along(_darr(x), d, _darr(ia.where(ia >= 0, ia + n)), value, "fill"))
        ia = _a(index).reshape(-1)
        return _w(_index_np(_a(x), d, np.where(ia < 0, ia + n, ia), value, "fill"))

    @staticmethod
    def backward(ctx, g):
        index, = ctx.saved_tensors
        return index_fill(g, ctx.d, index, 0), None, None, None


@_named("IndexFillBackward1")
class _IndexFillTensor(Function):
    """index_fill with a 0-d Tensor value (torch's index_fill.int_Tensor):
    next edges (self, value); value's gradient is the sum of grad at the
    (distinct) filled indices."""
    @staticmethod
    def forward(ctx, x, d, index_box, value):
        index, = index_box   # NOTE [ Index arguments are not edges ]
        ctx.save_for_backward(index)
        ctx.d = d
        v = value.item()
        n = x.shape[d] if x.dim() else 1
        ia = _a(index).reshape(-1)
        return _w(_index_np(_a(x), d, np.where(ia < 0, ia + n, ia), v, "fill"))

    @staticmethod
    def backward(ctx, g):
        index, = ctx.saved_tensors
        n = ctx.needs_input_grad
        gv = None
        if n[3]:
            size = g.shape[ctx.d] if g.dim() else 1
            ia = _a(index).reshape(-1)
            uniq = _w(np.unique(np.where(ia < 0, ia + size, ia)), np.int64)
            gv = (g.index_select(ctx.d, uniq) if g.dim() else g).sum()
        return index_fill(g, ctx.d, index, 0) if n[0] else None, None, None, gv


@_export
def index_add(input, dim, index, source, *, alpha=1, out=None):
    _check_tensor(input, "index_add")
    _check_tensor(source, "index_add", "source", 4)
    if out is not None:
        return _write_out("index_add", index_add(input.detach(), dim, index, source.detach(), alpha=alpha),
                          out, input, source)
    d, _ = _check_index_1d("index_add", input, dim, index, source)
    if source.dtype != input.dtype:
        raise RuntimeError(f"index_add_(): self ({input.dtype._cname}) and source ({source.dtype._cname}) "
                           f"must have the same scalar type")
    _check_index_1d_bounds("index_add", input, d, index, alpha)
    return _IndexAdd.apply(input, d, (index,), source, alpha)


@_export
def index_copy(input, dim, index, source, *, out=None):
    _check_tensor(input, "index_copy")
    _check_tensor(source, "index_copy", "source", 4)
    if out is not None:
        return _write_out("index_copy", index_copy(input.detach(), dim, index, source.detach()),
                          out, input, source)
    d, _ = _check_index_1d("index_copy", input, dim, index, source)
    if source.dtype != input.dtype:
        raise RuntimeError(f"index_copy_(): self and source expected to have the same dtype, but got "
                           f"(self) {input.dtype._cname} and (source) {source.dtype._cname}")
    _check_index_1d_bounds("index_copy", input, d, index)
    return _IndexCopy.apply(input, d, (index,), source)


@_export
def index_fill(input, dim, index, value):
    _check_tensor(input, "index_fill")
    d, _ = _check_index_1d("index_fill", input, dim, index)
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(f"index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                               f"{value.dim()} dimension(s).")
        _check_index_1d_bounds("index_fill", input, d, index)
        if not _anydev(input, index, value) and value.dtype.is_floating_point and input.dtype == value.dtype:
            return _IndexFillTensor.apply(input, d, (index,), value)
        value = value.item()
    else:
        _check_index_1d_bounds("index_fill", input, d, index)
    return _IndexFill.apply(input, d, (index,), value)


# -- matrices: trace, diag, cross, cdist, einsum -----------------------------------------------

@_named("TraceBackward0", attrs={"self_sym_sizes": "shape"})
class _Trace(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.shape = tuple(x.shape)
        if _anydev(x):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            dt = _D.int64 if not _floating(x) else x.dtype
            return _composite(lambda d: d.to(dt).sum(), _dw(_xp.diag_extract(_darr(x), 0)))
        a = _a(x)
        npd = np.int64 if a.dtype.kind in "biu" else a.dtype
        return _w(np.trace(a).astype(npd), npd)

    @staticmethod
    def backward(ctx, g):
        from cyautograd.creation import eye
        n, m = ctx.shape
        if is_grad_enabled() and not _anydev(g):
            # create_graph: torch's trace_backward, zeros(n * m).index_fill(0,
            # the diagonal's flat indices, grad).view(n, m): IndexFillBackward1
            # then ViewBackward0
            from cyautograd.creation import arange, zeros
            flat = zeros(n * m, dtype=g.dtype)
            return flat.index_fill(0, arange(_b.min(n, m)) * (m + 1), g).view(n, m)
        return eye(n, m, dtype=g.dtype, device=g.device) * g


@_export
def trace(input):
    _check_tensor(input, "trace")
    if input.dtype is _D.bool:
        raise NotImplementedError("\"trace\" not implemented for 'Bool'")
    if input.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {input.dim()}")
    return _Trace.apply(input)


@_named("DiagEmbedBackward0")
class _DiagEmbed(Function):
    @staticmethod
    def forward(ctx, v, k):
        ctx.k = k
        if _anydev(v):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            return _dw(_xp.diag_embed_last(_darr(v), k))
        return _w(np.diag(_a(v), k))

    @staticmethod
    def backward(ctx, g):
        if is_grad_enabled():   # create_graph: torch's grad.diagonal(offset) (a view)
            return g.diagonal(ctx.k), None
        return _DiagCopy.apply(g, ctx.k), None


@_named("DiagonalBackward0_copy", attrs={"offset": lambda n: n.info[1] + 2 ** 64 if n.info[1] < 0 else n.info[1], "dim1": lambda n: 0, "dim2": lambda n: 1,
                                         "self_sym_sizes": lambda n: n.info[0]})
class _DiagCopy(Function):
    @staticmethod
    def forward(ctx, m, k):
        ctx.info = (tuple(m.shape), k)
        if _anydev(m):   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            return _dw(_xp.diag_extract(_darr(m), k))
        return _w(np.diag(_a(m), k))

    @staticmethod
    def backward(ctx, g):
        shape, k = ctx.info
        if is_grad_enabled() and not _anydev(g):
            # create_graph: torch's diagonal_backward (DiagonalBackwardBackward0)
            from cyautograd.ops.shape import diag_backward_2d
            return diag_backward_2d(g, shape, k), None
        from cyautograd.creation import zeros
        z = zeros(shape, dtype=g.dtype, device=g.device)
        n = g.shape[0]
        if n == 0:
            return z, None
        if _anydev(g):   # NOTE [ Device backends ]: one flat index tensor (routed index_put)
            from cyautograd.creation import arange
            r = arange(n, device=g.device) + _b.max(-k, 0)
            c = arange(n, device=g.device) + _b.max(k, 0)
            return z.reshape(-1).index_put((r * shape[1] + c,), g).reshape(shape), None
        rows = _w(np.arange(n) + _b.max(-k, 0), np.int64)
        cols = _w(np.arange(n) + _b.max(k, 0), np.int64)
        return z.index_put((rows, cols), g), None


@_export
def diag(input, diagonal=0, *, out=None):
    _check_tensor(input, "diag")
    if out is not None:
        return _write_out("diag", diag(input.detach(), diagonal), out, input)
    if input.dim() == 1:
        return _DiagEmbed.apply(input, int(diagonal))
    if input.dim() == 2:
        return _DiagCopy.apply(input, int(diagonal))
    raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " + f"{input.dim()}D")


@_named("LinalgCrossBackward0", saved=("self", "other"), attrs={"dim": "dim"})
class _Cross(Function):
    @staticmethod
    def forward(ctx, a, b, dim):
        ctx.save_for_backward(a, b)
        ctx.dim = dim
        npd = _D.promote_types(a.dtype, b.dtype).np
        if _anydev(a, b):   # NOTE [ Device backends ]: the linalg extension's cross
            from cyautograd.ops import _xp
            _xp.same_device(_darr(a), _darr(b))
            x, y = _xp.cast(_darr(a), npd), _xp.cast(_darr(b), npd)
            xp = _xp.backend.namespace(x)
            x, y = xp.broadcast_arrays(x, y)
            return _dw(xp.linalg.cross(x, y, axis=dim - x.ndim if dim >= 0 else dim))
        x, y = np.broadcast_arrays(_a(a), _a(b))
        return _w(np.cross(x, y, axis=dim), npd)

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        d = ctx.dim
        n = ctx.needs_input_grad
        return (_sum_to(_Cross.apply(b, g, d), a.shape) if n[0] else None,
                _sum_to(_Cross.apply(g, a, d), b.shape) if n[1] else None, None)


@_export
def cross(input, other, dim=None, *, out=None):
    _check_tensor(input, "cross")
    _check_tensor(other, "cross", "other", 2)
    if input.dtype is _D.bool:      # the kernel dispatches on input's dtype, then reads other's as it
        raise NotImplementedError("\"cross\" not implemented for 'Bool'")
    if input.dtype is not other.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._cname} but found {other.dtype._cname}")
    if input.dim() != other.dim():
        raise RuntimeError(f"linalg.cross: inputs must have the same number of dimensions.")
    _bcast_ok(input, other)
    shape = np.broadcast_shapes(tuple(input.shape), tuple(other.shape))
    if dim is None:
        warn_user("Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass "
                      "the dim explicitly or simply use torch.linalg.cross.\nThe default value of dim will "
                      "change to agree with that of linalg.cross in a future release.")
        dims3 = [i for i, s in enumerate(shape) if s == 3]
        if not dims3:
            raise RuntimeError("no dimension of size 3 in input")
        d = dims3[0]
    else:
        d = _wrap_dim(dim, len(shape))
    if shape[d] != 3 or input.shape[d] != 3 or other.shape[d] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {d} must have length 3. Got "
                           f"{input.shape[d]} and {other.shape[d]}")
    if out is not None:
        return _write_out("cross", cross(input.detach(), other.detach(), d), out, input, other)
    return _Cross.apply(input, other, d)


@_named("CdistBackward0", saved=("x1", "x2", "result"), attrs={"p": "p"})
class _Cdist(Function):
    @staticmethod
    def forward(ctx, x1, x2, p):
        if _anydev(x1, x2):   # NOTE [ Device backends ]: the host formula with routed ops
            def f(u, v):
                diff = u.unsqueeze(-2) - v.unsqueeze(-3)
                if p == 0:
                    return (diff != 0).sum(-1).to(u.dtype)
                if p == math.inf:
                    return diff.abs().amax(-1) if diff.shape[-1] else diff.abs().sum(-1)
                return (diff.abs() ** p).sum(-1) ** (1.0 / p)
            res = _composite(f, x1, x2)
            ctx.save_for_backward(x1, x2, res)
            ctx.p = p
            return res
        a, b = _a(x1), _a(x2)
        diff = a[..., :, None, :] - b[..., None, :, :]
        with np.errstate(all="ignore"):
            if p == 0:
                r = (diff != 0).sum(-1).astype(a.dtype)
            elif p == math.inf:
                r = np.abs(diff).max(-1, initial=0) if diff.shape[-1] == 0 else np.abs(diff).max(-1)
            else:
                r = (np.abs(diff) ** p).sum(-1) ** (1.0 / p)
        res = _w(r, a.dtype)
        ctx.save_for_backward(x1, x2, res)   # the result as an output: differentiable in a double backward
        ctx.p = p
        return res

    @staticmethod
    def backward(ctx, g):
        x1, x2, res = ctx.saved_tensors
        p = ctx.p
        diff = x1.unsqueeze(-2) - x2.unsqueeze(-3)
        d = res.unsqueeze(-1)
        gg = g.unsqueeze(-1)
        if p == 0:
            w = diff * 0
        elif p == 1:
            w = diff.sign()
        elif p == math.inf:
            w = diff.sign() * (diff.abs() == d)
        else:
            safe = d.masked_fill(d == 0, 1)
            w = diff.sign() * diff.abs().pow(p - 1) / safe.pow(p - 1)
            w = w.masked_fill(d == 0, 0)
        full = gg * w
        n = ctx.needs_input_grad
        return (full.sum(-2) if n[0] else None, (-full).sum(-3) if n[1] else None, None)


@_export
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    _check_tensor(x1, "cdist", "x1")
    _check_tensor(x2, "cdist", "x2", 2)
    if x1.dim() < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X1 got: {x1.dim()}D")
    if x2.dim() < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X2 got: {x2.dim()}D")
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} "
                           f"X2: {x2.shape[-1]}")
    if not _floating(x1):
        raise RuntimeError(f"cdist only supports floating-point dtypes, X1 got: {x1.dtype._cname}")
    if not _floating(x2):
        raise RuntimeError(f"cdist only supports floating-point dtypes, X2 got: {x2.dtype._cname}")
    if x1.dtype is not x2.dtype:
        raise RuntimeError(f"expected scalar type {x1.dtype._cname} but found {x2.dtype._cname}")
    if p < 0:
        raise RuntimeError(f"cdist only supports non-negative p values")
    return _Cdist.apply(x1, x2, float(p))


@_export
def einsum(*args):
    """torch.einsum: the equation (or the sublist form) is read as torch's
    Python wrapper reads it (torch/functional.py), then the native call's
    arguments fail, if they do, with torch's parser words."""
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, "
                         "or at least one operand and its subscripts list")
    if isinstance(args[0], Tensor):
        def parse_subscript(n):
            if n == Ellipsis:
                return "..."
            if n >= 0 and n < 26:
                return chr(ord("A") + n)
            if n >= 26 and n < 52:
                return chr(ord("a") + n - 26)
            raise ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)")
        equation = ",".join("".join(parse_subscript(s) for s in sub) for sub in args[1::2])
        if len(args) % 2 == 1:
            equation += "->" + "".join(parse_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        return einsum(equation, *operands[0])
    try:
        return _einsum(equation, operands)
    except Exception:
        from cyautograd._arg_parser import reject
        reject("einsum", (equation, operands))
        raise


# NOTE [ einsum's decomposition ]
# einsum builds the graph torch's native einsum builds (aten's Linear.cpp), so
# node names, their order and the views between them are torch's:
#   1. parse: every operand's labels as subscripts 0..51 (A-Z, then a-z) or the
#      ellipsis; the output's labels (explicit after "->", or the ellipsis then
#      the labels seen once, in subscript order) take the first places of one
#      common "permuted" order, the ellipsis (when not in the output) and the
#      contracted labels the places after them;
#   2. align: each operand takes diagonals of repeated labels (diagonal, then
#      movedim back to the first place: DiagonalBackward0, PermuteBackward0),
#      unsqueezes the labels it lacks at its end and is permuted into the
#      common order (always a PermuteBackward0, an identity one included);
#   3. contract left to right: a pair first sums (keepdim) the dimensions no
#      other operand has, then `_sumproduct_pair` multiplies it (MulBackward0
#      when nothing is summed) or reduces it to one bmm between permutes and
#      reshapes; the result goes to the front of the list;
#   4. the contracted (size-1, kept) dimensions are viewed away at the end
#      (ViewBackward0), or, for one operand, summed (SumBackward1).
# Sizes of 1 broadcast; dim_counts counts the operands whose dimension is not
# 1, which decides when a dimension can be summed.

_EINSUM_ELLIPSIS = 52


def _einsum_subscript(c):
    return ord(c) - 65 if c <= "Z" else ord(c) - 97 + 26


def _einsum_label(s):
    return chr(s + 65) if s < 26 else chr(s - 26 + 97)


def _einsum_is_alpha(c):
    return ("a" <= c <= "z") or ("A" <= c <= "Z")


def _sumproduct_pair(left, right, sum_dims):
    """(left * right).sum(sum_dims, keepdim=True) through permute, reshape and
    one bmm, as torch's sumproduct_pair; both have the same number of dims."""
    if not sum_dims:
        return left * right
    dim = left.dim()
    summed = set(sum_dims)
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(dim):
        sl = left.shape[i] != 1
        sr = right.shape[i] != 1
        if i in summed:
            if sl and sr:
                if left.shape[i] != right.shape[i]:
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.shape[i] != right.shape[i]:
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    out_size = ([left.shape[d] for d in lro] + [left.shape[d] for d in lo] + [1] * len(sum_dims)
                + [right.shape[d] for d in ro])
    order = lro + lo + list(sum_dims) + ro
    operm = [0] * len(order)
    for k, d in enumerate(order):
        operm[d] = k
    left = left.permute(order).reshape(lro_size, lo_size, sum_size)
    right = right.permute(lro + list(sum_dims) + ro + lo).reshape(lro_size, sum_size, ro_size)
    return left.bmm(right).view(out_size).permute(operm)


def _einsum(equation, operands):
    if not isinstance(equation, str):
        raise TypeError(f"einsum(): argument 'equation' (position 1) must be str, not {_tname(equation)}")
    for op in operands:
        _check_tensor(op, "einsum", "tensors")
    num_ops = len(operands)
    if num_ops == 0:
        raise RuntimeError("einsum(): must provide at least one operand")
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    # 1. parse the operands' labels
    op_labels = [[] for _ in range(num_ops)]
    ell_in_input = False
    curr = 0
    i = 0
    n = len(lhs)
    while i < n:
        c = lhs[i]
        if c == " ":
            pass
        elif c == ".":
            if ell_in_input:
                raise RuntimeError(f"einsum(): found '.' for operand {curr} for which an ellipsis was already found")
            if not (i + 2 < n and lhs[i + 1] == "." and lhs[i + 2] == "."):
                raise RuntimeError(f"einsum(): found '.' for operand {curr} that is not part of any ellipsis")
            i += 2
            op_labels[curr].append(_EINSUM_ELLIPSIS)
            ell_in_input = True
        elif c == ",":
            curr += 1
            if curr >= num_ops:
                raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
            ell_in_input = False
        else:
            if not _einsum_is_alpha(c):
                raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation string, "
                                   "subscripts must be in [a-zA-Z]")
            op_labels[curr].append(_einsum_subscript(c))
        i += 1
    if curr != num_ops - 1:
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    label_count = [0] * 52
    ell_num_dim = 0
    for k in range(num_ops):
        ndims = operands[k].dim()
        nlabels = len(op_labels[k])
        has_ell = False
        for s in op_labels[k]:
            if s == _EINSUM_ELLIPSIS:
                nlabels -= 1
                has_ell = True
                ell_num_dim = _b.max(ell_num_dim, ndims - nlabels)
            else:
                label_count[s] += 1
        if (nlabels > ndims) if has_ell else (nlabels != ndims):
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({nlabels}) "
                + ("is more than the number of dimensions (" if has_ell else "does not match the number of dimensions (")
                + f"{ndims}) for operand {k}" + ("" if has_ell else " and no ellipsis was given"))
    # the output's labels take the first places of the permuted order
    label_perm_index = [-1] * 52
    perm_index = 0
    ell_index = 0
    ell_in_output = False
    if arrow < 0:
        perm_index = ell_num_dim
        ell_in_output = True
        for s in range(52):
            if label_count[s] == 1:
                label_perm_index[s] = perm_index
                perm_index += 1
    else:
        rhs = equation[arrow + 2:]
        i = 0
        n = len(rhs)
        while i < n:
            c = rhs[i]
            if c == " ":
                pass
            elif c == ".":
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if not (i + 2 < n and rhs[i + 1] == "." and rhs[i + 2] == "."):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                i += 2
                ell_index = perm_index
                perm_index += ell_num_dim
                ell_in_output = True
            else:
                if not _einsum_is_alpha(c):
                    raise RuntimeError(f"einsum(): invalid subscript given at index {len(lhs) + 2 + i} in the "
                                       "equation string, subscripts must be in [a-zA-Z]")
                s = _einsum_subscript(c)
                if not (label_count[s] > 0 and label_perm_index[s] == -1):
                    raise RuntimeError(f"einsum(): output subscript {c}" + (
                        " appears more than once in the output" if label_perm_index[s] > -1
                        else " does not appear in the equation for any input operand"))
                label_perm_index[s] = perm_index
                perm_index += 1
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:
        ell_index = perm_index
        perm_index += ell_num_dim
    for s in range(52):
        if label_count[s] > 0 and label_perm_index[s] == -1:
            label_perm_index[s] = perm_index
            perm_index += 1
    # 2. align every operand to the permuted order
    label_size = [1] * 52
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * perm_index
    ops = []
    for k in range(num_ops):
        op = operands[k]
        permutation = [-1] * perm_index
        dim = 0
        for s in op_labels[k]:
            if s == _EINSUM_ELLIPSIS:
                ndim = operands[k].dim() - (len(op_labels[k]) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    size = op.shape[dim]
                    if size != 1:
                        if ell_sizes[j] != 1 and ell_sizes[j] != size:
                            raise RuntimeError(
                                f"einsum(): dimension {dim} covered by ellipsis in operand {k}has size {size} "
                                f"which does not broadcast with previously seen ellipsis with size {ell_sizes[j]} "
                                "for the respective dimension")
                        ell_sizes[j] = size
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[label_perm_index[s]] == -1:
                size = op.shape[dim]
                if size != 1:
                    if label_size[s] != 1 and label_size[s] != size:
                        raise RuntimeError(
                            f"einsum(): subscript {_einsum_label(s)} has size {size} for operand {k} which does "
                            f"not broadcast with previously seen size {label_size[s]}")
                    label_size[s] = size
                    dim_counts[label_perm_index[s]] += 1
                permutation[label_perm_index[s]] = dim
                dim += 1
            else:   # a repeated label: its diagonal, moved to the label's first place
                prev_dim = permutation[label_perm_index[s]]
                if op.shape[dim] != op.shape[prev_dim]:
                    raise RuntimeError(
                        f"einsum(): subscript {_einsum_label(s)} is repeated for operand {k} but the sizes "
                        f"don't match, {op.shape[dim]} != {op.shape[prev_dim]}")
                op = op.diagonal(0, prev_dim, dim).movedim(-1, prev_dim)
        for p in range(perm_index):
            if permutation[p] == -1:
                op = op.unsqueeze(dim)
                permutation[p] = dim
                dim += 1
        ops.append(op.permute(permutation))
    # 3. contract left to right
    while len(ops) > 1:
        a = ops.pop(0)
        b = ops.pop(0)
        sum_dims, a_dims, b_dims = [], [], []
        for d in range(out_num_dim, perm_index):
            if a.shape[d] != 1 and b.shape[d] != 1:
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if a.shape[d] != 1:
                    a_dims.append(d)
                    dim_counts[d] = 0
                elif b.shape[d] != 1:
                    b_dims.append(d)
                    dim_counts[d] = 0
        if a_dims:
            a = a.sum(a_dims, True)
        if b_dims:
            b = b.sum(b_dims, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))
    # 4. drop the contracted dimensions
    if perm_index > out_num_dim:
        if num_ops > 1:
            return ops[0].view(list(ops[0].shape[:out_num_dim]))
        return ops[0].sum(list(range(out_num_dim, perm_index)))
    return ops[0]


# -- counting: histc, bincount -----------------------------------------------------------------

@_export
def histc(input, bins=100, min=0, max=0, *, out=None):
    _check_tensor(input, "histc")
    if not _floating(input):
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{input.dtype._cname}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    from cyautograd.creation import _alloc
    _alloc(np.empty, (int(bins) + 1,), input.dtype.np)    # torch makes the edges first: its size errors
    if _dev(input):   # NOTE [ Device backends ]: the range's checks on the host, the counting on the device
        from cyautograd.ops import _xp
        lo, hi = float(min), float(max)
        if lo == hi and input.numel():
            lo, hi = float(input.detach().min()), float(input.detach().max())
        if lo == hi:
            lo, hi = lo - 1, hi + 1
        if lo > hi:
            raise RuntimeError("torch.histc: max must be larger than min")
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise RuntimeError(f"torch.histc: range of [{lo:g}, {hi:g}] is not finite")
        r = _dw(_xp.histc(_darr(input), int(bins), lo, hi))
        return r if out is None else _write_out("histc", r, out, input)
    a = _a(input).reshape(-1)
    lo, hi = float(min), float(max)
    if lo == hi and a.size:
        lo, hi = float(a.min()), float(a.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise RuntimeError(f"torch.histc: range of [{lo:g}, {hi:g}] is not finite")
    h, _ = np.histogram(a[(a >= lo) & (a <= hi)], bins=bins, range=(lo, hi))
    r = _w(h, input.dtype.np)
    if out is not None:
        return _write_out("histc", r, out, input)
    return r


@_export
def bincount(input, weights=None, minlength=0):
    _check_tensor(input, "bincount")
    if input.dtype.category != _D.int64.category:
        raise NotImplementedError(f"\"bincount_cpu\" not implemented for '{input.dtype._cname}'")
    if input.dim() != 1:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if _anydev(input, weights):   # NOTE [ Device backends ]: the sign check's answer on the host
        from cyautograd.ops import _xp
        if input.numel() and int(input.detach().min()) < 0:
            raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
        if weights is not None and (weights.dim() != 1 or weights.shape[0] != input.shape[0]):
            raise RuntimeError("weights should be 1-d and have the same length as input")
        r = _dw(_xp.bincount(_darr(input), None if weights is None else _darr(weights.detach()), int(minlength)))
        if weights is not None and weights.dtype is _D.float32:
            r = r.to(_D.float32)
        return r
    a = _a(input)
    if a.size and a.min() < 0:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if weights is not None:
        if weights.dim() != 1 or weights.shape[0] != a.shape[0]:
            raise RuntimeError("weights should be 1-d and have the same length as input")
        w = _a(weights)
        npd = np.float32 if weights.dtype is _D.float32 else np.float64
        return _w(np.bincount(a, weights=w.astype(np.float64), minlength=minlength), npd)
    return _w(np.bincount(a, minlength=minlength), np.int64)


def _clamp_one(name, node, npfn, keep):
    @_named(node, saved=("self",), attrs={"max" if "Max" in node else "min": "v"})
    class _C(Function):
        @staticmethod
        def forward(ctx, x, v):
            ctx.save_for_backward(x)
            ctx.v = v
            if _dev(x):
                from cyautograd.ops import _xp
                lo, hi = (v, None) if name == "clamp_min" else (None, v)
                return _dw(_xp.clamp_scalars(_darr(x), lo, hi))
            a = _a(x)
            rd = _D.result_type(x, v)
            with np.errstate(invalid="ignore"):
                return _w_ti(npfn(a.astype(rd.np), np.asarray(v, rd.np)), rd.np, a)

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            # torch's where(self >= min, grad, 0): self's layout first (NOTE [
            # Elementwise output layout ]); the mask first gives it, the same
            # values as g * mask
            return keep(x, ctx.v) * g, None

    def op(input, *args, **kwargs):
        from cyautograd.ops import pointwise
        v = args[0] if args else kwargs.get(name.split("_")[1], kwargs.get("min", kwargs.get("max")))
        if isinstance(input, Tensor) and not isinstance(v, Tensor) and isinstance(v, (int, float)) \
                and not isinstance(v, bool) and len(args) + len(kwargs) == 1 and \
                (input.dtype.is_floating_point or isinstance(v, int)):
            return _C.apply(input, v)
        return getattr(pointwise, name)(input, *args, **kwargs)
    op.__name__ = op.__qualname__ = name
    return _export(op)


clamp_min = _clamp_one("clamp_min", "ClampMinBackward0", np.maximum, lambda x, v: x >= v)
clamp_max = _clamp_one("clamp_max", "ClampMaxBackward0", np.minimum, lambda x, v: x <= v)


# -- in-place forms --------------------------------------------------------------------------

def _reject(key, args, kwargs):
    from cyautograd._arg_parser import reject
    reject(key, args, kwargs)


def _make_inplace(name, op):
    import inspect
    sig = inspect.signature(op)

    key = "Tensor." + name

    def f(self, *args, **kwargs):
        # the arguments are checked before the in-place checks, as torch's parser
        # does; a bad call gets torch's parser words for the method (NOTE [ Argument
        # parser errors ]), not the out-of-place op's or inspect's
        try:
            sig.bind(self, *args, **kwargs)
        except TypeError as e:
            _reject(key, args, kwargs)
            raise TypeError(f"{name}() {e}") from None
        try:
            return _inplace(self, op, *args, **kwargs)
        except TypeError:
            _reject(key, args, kwargs)
            raise
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"In-place {op.__name__}."
    return _export(f)


def _pointwise(name):
    from cyautograd.ops import pointwise
    return getattr(pointwise, name)


# NOTE [ Structured in-place kernels refuse a broadcast self ]
# torch's structured kernels (addmm, addmv, baddbmm) compute their result's
# size in their meta function, after its checks, and set_output then refuses
# an in-place self of any other size -- one that would only broadcast to it
# too (a 0-d or (1, p) self of addmm_): "Bad in-place call". The out-of-place
# op broadcasts its input, so the in-place form runs the meta checks (`meta`,
# returning the size) and that size check first, inside the in-place protocol
# (after check_inplace, as torch's VariableType runs it before the kernel).
def _bad_inplace_call(self, size):
    if tuple(self.shape) != tuple(size):
        raise RuntimeError(f"Bad in-place call: input tensor size {list(self.shape)} and output tensor size "
                           f"{list(size)} should match")


def _inplace_sized(op, meta):
    import functools

    @functools.wraps(op)
    def sized(input, *args, **kwargs):
        _bad_inplace_call(input, meta(input, *args, **kwargs))
        return op(input, *args, **kwargs)
    return sized


for _n, _op in (("expm1_", expm1), ("erf_", erf), ("sinh_", sinh), ("cosh_", cosh), ("asin_", asin),
                ("acos_", acos), ("atan_", atan), ("asinh_", asinh), ("acosh_", acosh),
                ("exp2_", exp2), ("frac_", frac), ("atan2_", atan2), ("nan_to_num_", nan_to_num),
                ("addcmul_", addcmul), ("addcdiv_", addcdiv), ("lerp_", lerp), ("tril_", tril), ("triu_", triu),
                ("addmm_", _inplace_sized(addmm, _addmm_meta)), ("index_add_", index_add), ("index_copy_", index_copy),
                ("index_fill_", index_fill), ("scatter_", scatter), ("scatter_add_", scatter_add),
                ("scatter_reduce_", scatter_reduce), ("arcsin_", asin), ("arccos_", acos), ("arctan_", atan),
                ("clamp_min_", clamp_min), ("clamp_max_", clamp_max)):
    globals()[_n] = _make_inplace(_n, _op)

@_export
def atanh_(self):
    if is_grad_enabled() and isinstance(self, Tensor) and self.requires_grad:
        raise NotImplementedError("the derivative for 'inplace version of atanh' is not implemented.")
    return _inplace(self, atanh)


for _n in ("sin", "cos", "tan", "floor", "ceil", "round", "trunc", "sign", "reciprocal", "rsqrt", "log1p",
           "log2", "log10", "square", "negative"):
    globals()[_n + "_"] = _make_inplace(_n + "_", _pointwise(_n))
del _n, _op

cumprod_ = _make_inplace("cumprod_", cumprod)


def _new(self, *args, dtype=None, device=None, requires_grad=False):
    """Tensor.new (legacy constructor): new(*sizes) uninitialised (zeros here) of
    self's dtype, new(data) a copy of data, new(tensor) that tensor, new() empty."""
    if not isinstance(self, Tensor):   # a method of TensorBase in torch: the descriptor's own check
        raise TypeError(f"descriptor 'new' for 'Tensor' objects doesn't apply to a '{type(self).__name__}' object")
    from cyautograd.creation import tensor, zeros
    from cyautograd.tensor import Size
    dt = dtype or self.dtype
    dev = self.device if device is None else device    # torch's legacy constructor keeps self's device
    if len(args) == 0:
        return zeros(0, dtype=dt, device=dev)
    if len(args) == 1 and isinstance(args[0], Tensor):
        if args[0].dtype != self.dtype:
            raise TypeError(f"expected {self.dtype._legacy if hasattr(self.dtype, '_legacy') else self.dtype} "
                            f"(got {args[0].dtype._legacy})")
        return args[0].detach()
    if len(args) == 1 and isinstance(args[0], Size):
        return zeros(tuple(args[0]), dtype=dt, device=dev, requires_grad=requires_grad)
    if len(args) == 1 and (type(args[0]) is bool or not isinstance(args[0], (int, np.integer))):
        from cyautograd.tensor import _legacy_data
        _legacy_data(args[0])
        return tensor(args[0], dtype=dt, device=dev, requires_grad=requires_grad)
    _new_parse(args)
    return zeros(*args, dtype=dt, device=dev, requires_grad=requires_grad)


def _new_parse(args):
    """torch's legacy-constructor parser errors for new(a, b, ...): sizes
    after an int must be ints; anything else matches no signature."""
    def is_int(v):
        return isinstance(v, (int, np.integer)) and not isinstance(v, bool)
    if is_int(args[0]):
        for k, v in enumerate(args):
            if not is_int(v):
                raise TypeError(f"new(): argument 'size' failed to unpack the object at pos "
                                f"{k + 1} with error \"type must be tuple of ints,but got "
                                f"{type(v).__name__}\"")
            if not -(1 << 63) <= int(v) < (1 << 63):
                raise TypeError(f"new(): argument 'size' failed to unpack the object at pos "
                                f"{k + 1} with error \"Overflow when unpacking long long\"")
        return

    def desc(v):
        if isinstance(v, Tensor):
            return "Tensor"
        if isinstance(v, (list, tuple)):
            inner = ", ".join(sorted(set("Tensor" if isinstance(e, Tensor) else type(e).__name__
                                         for e in v)))
            return f"{type(v).__name__} of [{inner}]"
        return type(v).__name__
    got = ", ".join("Tensor" if isinstance(v, Tensor) else type(v).__name__ for v in args)
    marked = ", ".join(f"!{desc(v)}!" for v in args)
    raise TypeError(f"new() received an invalid combination of arguments - got ({got}), but "
                    "expected one of:\n * (*, torch.device device = None)\n      didn't match "
                    f"because some of the arguments have invalid types: ({marked})\n"
                    " * (torch.Storage storage)\n * (Tensor other)\n"
                    " * (tuple of ints size, *, torch.device device = None)\n"
                    " * (object data, *, torch.device device = None)\n")


# -- argument types, checked first as torch's parser does ---------------------------------------
# NOTE [ Argument types of the extra ops ]
# torch's argument parser rejects a wrong type (a str for dim, a list for a
# Tensor) with TypeError before the op runs; the ops above check values.
# Each exported op is wrapped once with a check of the parameters whose
# names say their type; the check runs in the op's own argument order.

_TENSOR_ARGS = frozenset(("input", "other", "tensor1", "tensor2", "end", "mat1", "mat2", "index", "source",
                          "mask", "vec2", "x1", "x2", "weights"))
_INT_ARGS = frozenset(("dim", "k", "diagonal", "bins", "minlength", "num_samples"))
_NUM_ARGS = frozenset(("value", "alpha", "beta", "nan", "posinf", "neginf", "p"))
_DIM_LIST_OK = frozenset(("nansum", "nanmean", "var_mean", "std_mean", "nansum_", "roll"))


def _is_int(v):
    return isinstance(v, (int, np.integer)) or (isinstance(v, Tensor) and v.dim() == 0 and
                                                not v.dtype.is_floating_point)


def _is_num(v):
    return isinstance(v, (int, float, np.number)) or (isinstance(v, Tensor) and v.dim() == 0)


def _type_checked(fn):
    import functools
    import inspect
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # pragma: no cover
        return fn
    params = list(sig.parameters.values())
    name = fn.__name__.rstrip("_") if fn.__name__.endswith("_") else fn.__name__
    checks = []
    for pos, prm in enumerate(params):
        if prm.kind in (prm.VAR_POSITIONAL, prm.VAR_KEYWORD):
            continue
        kind = "T" if prm.name in _TENSOR_ARGS else "I" if prm.name in _INT_ARGS else \
            "N" if prm.name in _NUM_ARGS else None
        if kind is not None:
            checks.append((prm.name, pos + 1, kind, prm.default is None))
    if not checks:
        return fn
    lists_ok = fn.__name__ in _DIM_LIST_OK

    @functools.wraps(fn)
    def checked(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{fn.__name__}() {e}") from None
        got = bound.arguments
        for pname, pos, kind, none_ok in checks:
            if pname not in got:
                continue
            v = got[pname]
            if v is None and none_ok:
                continue
            if kind == "T":
                ok = isinstance(v, Tensor) or (pname == "weights" and v is None)
                want = "Tensor"
            elif kind == "I":
                ok = _is_int(v) or (lists_ok and isinstance(v, (tuple, list)) and _b.all(_is_int(d) for d in v))
                want = "int"
            else:
                ok = _is_num(v) or (pname == "value" and fn.__name__.startswith("scatter") and isinstance(v, Tensor))
                want = "Number"
            if not ok:
                raise TypeError(f"{name}(): argument '{pname}' (position {pos}) must be {want}, not {_tname(v)}")
        return fn(*args, **kwargs)
    return checked


for _n in list(__all__):
    _f = globals().get(_n)
    if callable(_f) and not isinstance(_f, type):
        globals()[_n] = _type_checked(_f)
del _n, _f


# torch's MedianBackward0 also saves its result (kept as ctx.result here)
_MedianAll._backward_cls._saved_result = property(lambda n: (n.saved_tensors, n.result)[1])
add_raw(_MedianAll._backward_cls, ("result",))
