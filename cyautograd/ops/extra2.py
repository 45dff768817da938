"""More of the torch functions real programs use (issue 15, item 4, second
round): the remaining pointwise math (fmod, xlogy, logaddexp, hypot, the
special functions lgamma/digamma/erfinv/i0, ...), comparisons' aliases,
indexing helpers (repeat_interleave, take, take_along_dim, searchsorted),
products (tensordot, kron, addmv, baddbmm, ...), reductions (quantile, mode,
aminmax, logcumsumexp, cov) and the *_scatter family.

Same pattern as ops/extra.py (NOTE [ Extra ops are custom Functions ]):
each differentiable op that torch gives its own node is a custom Function
whose backward class carries torch's node name (``FmodBackward1``,
``XlogyBackward0``, ...), the forward is numpy on plain arrays and the
backward is written with differentiable Tensor ops (so double backward
works). Ops that torch implements as composites (``diff`` is ``narrow`` and
``sub``, ``take_along_dim`` is ``gather``, ``tensordot``/``kron`` end in a
view, ``quantile`` in a squeeze) are composites here too, so their grad_fn
names are torch's.

NOTE [ Special functions need scipy ]
lgamma, digamma, polygamma, erfinv, i0/i1 and the special.* functions
evaluate through scipy.special when it is installed (it is in the ``test``
and ``special`` extras); without it the functions that math/numpy can do
(lgamma, erfc, i0) fall back to them and the rest raise a RuntimeError that
says scipy is needed.
"""
import builtins as _b
import math

import collections.abc as _abc
import re

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.function import Function
from cyautograd.grad_mode import is_grad_enabled
from cyautograd.ops._saved_attrs import add_raw
from cyautograd.grad_mode import is_inference_mode_enabled as _is_inference_mode_enabled
from cyautograd.ops.extra import (_a, _bcast_ok, _check_tensor, _dims, _float_np, _floating,
                                  _inplace, _named as _named_x, _return_type, _sum_to, _tname, _w, _w_ti,
                                  _wrap_dim, _write_out, _write_out_tuple)
from cyautograd.tensor import Tensor
from cyautograd.ops import _xp
from cyautograd.ops.extra import _formula  # noqa: E402
from cyautograd.ops.extra import _anydev, _composite, _dargs, _darr, _dw, _host_index
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

__all__ = []
# names torch has only as functions (not Tensor methods): kept off the Tensor type
FUNCTION_ONLY = set()


def _export(f, method=True):
    __all__.append(f.__name__)
    if not method:
        FUNCTION_ONLY.add(f.__name__)
    return _type_checked(f)


# -- argument types, checked first as torch's parser does ---------------------------------------
# As NOTE [ Argument types of the extra ops ] in ops/extra.py: a parameter's
# name says its type (per op where a name means two things), and a value of
# another type is a TypeError in torch's words before the op runs.

_T, _TO, _I, _IO, _IL, _N, _NO, _B, _S = "Tensor", "Tensor?", "int", "int?", "int[]", "Number", "Number?", \
    "bool", "str"
_PARAM_KINDS = {
    "input": _T, "other": _T, "values": _T, "indices": _T, "index": _T, "source": _T, "src": _T, "mask": _T,
    "boundaries": _T, "sorted_sequence": _T, "mat": _T, "vec": _T, "vec1": _T, "vec2": _T, "batch1": _T,
    "batch2": _T, "the_template": _T, "A": _T, "B": _T, "prepend": _TO, "append": _TO, "sorter": _TO,
    "fweights": _TO, "aweights": _TO,
    "n": _I, "k": _I, "r": _I, "row": _I, "col": _I, "offset": _I, "dim1": _I, "dim2": _I, "length": _I,
    "dim": _I, "start": _IO, "end": _IO, "step": _I, "N": _IO, "correction": _I,
    "value": _N, "alpha": _N, "beta": _N, "eps": _NO, "maxnorm": _N, "rcond": _N, "fill_value": _N,
    "keepdim": _B, "right": _B, "out_int32": _B, "accumulate": _B, "wrap": _B, "some": _B, "compute_uv": _B,
    "upper": _B, "left": _B, "unitriangular": _B, "full_matrices": _B, "increasing": _B,
    "with_replacement": _B, "invert": _B, "assume_unique": _B, "hermitian": _B,
    "interpolation": _S, "side": "str?", "UPLO": _S,
}
# per op: the parameters whose type differs from the table's, or that take several types
_PARAM_OVERRIDES = {
    "unravel_index": {"indices": None},     # torch's is Python: no parser (see unravel_index)
    "select_scatter": {"index": _I}, "count_nonzero": {"dim": "int[]?"}, "aminmax": {"dim": _IO},
    "nanmedian": {"dim": _IO}, "quantile": {"dim": _IO}, "nanquantile": {"dim": _IO},
    "take_along_dim": {"dim": _IO}, "repeat_interleave": {"dim": _IO}, "rot90": {"dims": _IL},
    "diff": {"dim": _I}, "trapezoid": {"dim": _I}, "trapz": {"dim": _I}, "cumulative_trapezoid": {"dim": _I},
    "logit": {"eps": _NO}, "dist": {"p": _N}, "renorm": {"p": _N}, "concatenate": {"dim": _IO},
    "isin": {"elements": None}, "vander": {"x": _T}, "slice_scatter": {"end": _IO},
    "matrix_power": {"n": _I}, "polygamma": {"input": _T}, "searchsorted": {"input": None},
    "bucketize": {"input": None},
    # linalg.pinv(A, rcond): a Number or a Tensor (torch's parser, through the linalg guards)
    "pinv": {"rcond": None},
    # a Tensor or a Number: the body checks a Tensor's rank (torch's RuntimeError), the guard the rest
    "logspace": {"start": None, "end": None},
    # the binary ops check their own overloads (a Number where torch takes one)
    "fmod": {"input": None, "other": None}, "copysign": {"input": None, "other": None},
    "xlogy": {"input": None, "other": None}, "float_power": {"input": None},
}


def _int_list(fname, arg, vals, pos=1):
    """A list of ints as torch's parser reads it (a TypeError in its words otherwise)."""
    if isinstance(vals, Tensor) or not isinstance(vals, (tuple, list)) and not hasattr(vals, "__iter__"):
        vals = (vals,)
    out = []
    for v in vals:
        if not _is_int_like(v):
            raise TypeError(f"{fname}(): argument '{arg}' (position {pos}) must be tuple of ints, but found "
                            f"element of type {_tname(v)} at pos {len(out)}")
        out.append(int(v))
    return tuple(out)


def _is_int_like(v):
    return (isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))) or \
        (isinstance(v, Tensor) and v.dim() == 0 and not v.dtype.is_floating_point and v.dtype is not _D.bool)


def _kind_ok(kind, v):
    if kind.endswith("?"):
        if v is None:
            return True
        kind = kind[:-1]
    if kind == _T:
        return isinstance(v, Tensor)
    if kind == _I:
        return _is_int_like(v)
    if kind == _IL:
        return _is_int_like(v) or (isinstance(v, (tuple, list)) and _b.all(_is_int_like(d) for d in v))
    if kind == "int[]":
        return _is_int_like(v) or (isinstance(v, (tuple, list)) and _b.all(_is_int_like(d) for d in v))
    if kind == _N:
        return (isinstance(v, (int, float, np.number)) and not isinstance(v, (bool, np.bool_))) or \
            isinstance(v, bool) or (isinstance(v, Tensor) and v.dim() == 0)
    if kind == _B:
        return isinstance(v, (bool, np.bool_))
    if kind == _S:
        return isinstance(v, str)
    return True


def _type_checked(fn):
    import functools
    import inspect
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # pragma: no cover
        return fn
    name = fn.__name__
    over = _PARAM_OVERRIDES.get(name.rstrip("_"), {})
    checks = []
    for pos, prm in enumerate(sig.parameters.values()):
        if prm.kind in (prm.VAR_POSITIONAL, prm.VAR_KEYWORD) or prm.name == "out":
            continue
        kind = over.get(prm.name, _PARAM_KINDS.get(prm.name)) if prm.name in over or prm.name in _PARAM_KINDS \
            else None
        if kind is not None:
            if prm.default is None and not kind.endswith("?"):
                kind += "?"
            checks.append((prm.name, pos + 1, kind, prm.kind == prm.KEYWORD_ONLY))
    if not checks:
        if not hasattr(fn, "_check_args"):
            fn._check_args = lambda *a, **k: sig.bind(*a, **k)
        return fn
    label = name.rstrip("_")

    def check_args(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{name}() {e}") from None
        got = bound.arguments
        for pname, pos, kind, kwonly in checks:
            if pname in got and not _kind_ok(kind, got[pname]):
                want = {_IL: "tuple of ints", "int[]": "tuple of ints"}.get(kind.rstrip("?"), kind.rstrip("?"))
                where = "" if kwonly else f" (position {pos})"
                raise TypeError(f"{label}(): argument '{pname}'{where} must be {want}, not "
                                f"{_tname(got[pname])}")

    @functools.wraps(fn)
    def checked(*args, **kwargs):
        check_args(*args, **kwargs)
        return fn(*args, **kwargs)
    inner = getattr(fn, "_check_args", None)
    if inner is not None:
        def both(*args, **kwargs):
            check_args(*args, **kwargs)
            inner(*args, **kwargs)
        checked._check_args = both
    else:
        checked._check_args = check_args
    return checked


def _fn_only(f):
    return _export(f, method=False)


def _named(node_name, saved=(), attrs=None):
    def deco(cls):
        cls = _named_x(node_name, saved, attrs)(cls)
        cls._backward_cls.__module__ = "cyautograd.ops.extra2"
        return cls
    return deco


_SCALARS = (bool, int, float, np.bool_, np.integer, np.floating)


def _is_scalar(v):
    return isinstance(v, _SCALARS)


def _sp():
    try:
        import scipy.special as sp
        return sp
    except ImportError:  # pragma: no cover - scipy is optional
        return None


def _need_sp(name):
    sp = _sp()
    if sp is None:  # pragma: no cover - scipy is optional
        raise RuntimeError(f"{name}: cyautograd evaluates this special function with scipy.special; "
                           "install scipy (pip install scipy)")
    return sp


def _not_impl(name, dt):
    raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{dt._cname}'")


def _invalid_combination(name, args, sigs):
    got = ", ".join("Tensor" if isinstance(a, Tensor) else _tname(a) for a in args)
    lines = "\n".join(f" * ({s})" for s in sigs)
    raise TypeError(f"{name}() received an invalid combination of arguments - got ({got}), "
                    f"but expected one of:\n{lines}\n")


def _operand(v, npd):
    """An operand's array in the compute dtype (a Python number as a 0-d array)."""
    if isinstance(v, Tensor):
        a = _a(v)
        return a if a.dtype == npd else a.astype(npd)
    return np.asarray(v, dtype=npd)


def _ti_arg(v):
    """An operand as NOTE [ Elementwise output layout ] (_w_ti) takes it: a
    Tensor's array as given (before casting), a number as itself."""
    return _a(v) if isinstance(v, Tensor) else v


def _result_np(a, b, floating):
    """torch's result dtype of a binary op: promoted; a float op gives the
    default float dtype for integral operands."""
    rd = _D.result_type(a, b)
    if floating and not rd.is_floating_point:
        rd = _D.get_default_dtype()
    return rd


# -- binary pointwise -------------------------------------------------------------
# NOTE [ Binary ops and their overloads ]
# torch numbers a binary op's nodes by overload: fmod(Tensor, Scalar) is
# FmodBackward0 and fmod(Tensor, Tensor) FmodBackward1; xlogy has three
# (Tensor-Tensor, Scalar-Tensor, Tensor-Scalar). _binary makes one Function
# per overload; a Python number operand is passed through as a constant.

# nodes whose gradient for self is grad itself (fmod: `self: grad`): torch
# saves the operands only for other's gradient, so with other a number or not
# requiring grad nothing is saved -- a second backward runs again and an
# in-place change of an operand is no version error
_SELF_GRAD_IS_GRAD = frozenset({"FmodBackward0", "FmodBackward1"})


# torch's saved values of the binary nodes whose formulas do not read both
# operands (the others save self and other)
_BINARY_SAVED = {"CopysignBackward0": ("self", "result"), "CopysignBackward1": ("self", "result"),
                 "HypotBackward0": ("self", "other", "result"), "FmodBackward0": ()}


# nodes whose formula for each operand reads that operand only (and the
# result): torch saves other only when other requires grad
_SAVED_PER_GRADIENT = frozenset({"HypotBackward0"})


def _binary_saved_props(bcls, node, kind):
    """grad_fn._saved_self/_other/_result of a _binary node: a tensor
    operand as saved (None where the formula did not need it), a number
    operand as the Scalar it is, the result."""
    def operand(k):
        def get(n):
            consts = getattr(n, "consts", (None, None))
            if consts[k] is not None:
                return consts[k]
            st = n.saved_tensors
            j = k if consts[0] is None else k - 1   # the tensors were saved in order
            return st[j] if 0 <= j < len(st) else None
        return property(get)
    names = _BINARY_SAVED.get(node, ("self", "other"))
    if "self" in names:
        bcls._saved_self = operand(0)
    if "other" in names:
        bcls._saved_other = operand(1)
    if "result" in names:
        # (the result is kept as ctx.out; a saved tensor in torch's node, it
        # raises the backward-twice error once freed)
        bcls._saved_result = property(lambda n: (n.saved_tensors, n.out)[1])
    # the tensor operands' SavedTensor objects (a number operand of a Scalar
    # overload is a Scalar in torch: no raw object)
    add_raw(bcls, [n for n in names if n == "result" or (n == "self" and kind != "st")
                   or (n == "other" and kind != "ts")])


def _binary(name, nodes, npfn, grad_a, grad_b, floating=False, check=None, jvp=None):
    """nodes: {'tt': node, 'ts': node, 'st': node} (the overloads torch has).
    grad_a(g, a, b, out), grad_b(g, a, b, out): a, b are Tensors or numbers.
    jvp(args, out, tangents): torch's forward formula where the double-vjp
    of the backward is not it (NOTE [ Forward formulas of Function-based ops ])."""
    # one class per overload, made in its own scope: `node` and `_F` in the
    # formulas are that overload's (a loop variable would be the last one's)
    def one(kind, node):
        @_named(node)
        class _F(Function):
            @staticmethod
            def forward(ctx, a, b):
                rd = _result_np(a, b, floating)
                if _anydev(a, b):   # NOTE [ Device backends ]
                    r = _dw(_xp.named(name, _dargs(a, b), rd.np))
                else:
                    with np.errstate(all="ignore"):
                        r = _w_ti(npfn(_operand(a, rd.np), _operand(b, rd.np)), rd.np, _ti_arg(a), _ti_arg(b))
                if node in _SELF_GRAD_IS_GRAD and not ctx.needs_input_grad[1]:
                    ctx.a_shape = tuple(a.shape)
                else:
                    ctx.save_for_backward(*[t for t in (a, b) if isinstance(t, Tensor)])
                    if node in _SAVED_PER_GRADIENT and not ctx.needs_input_grad[1]:
                        # torch saves other for its own gradient only: self
                        # is unpacked first
                        ctx._cya_unpack_order = None
                ctx.consts = (a if not isinstance(a, Tensor) else None, b if not isinstance(b, Tensor) else None)
                ctx.out = r.detach()
                return r

            @staticmethod
            def backward(ctx, g):
                if node in _SELF_GRAD_IS_GRAD and not ctx.needs_input_grad[1]:
                    return _sum_to(g, ctx.a_shape), None
                saved = list(ctx.saved_tensors)
                ca, cb = ctx.consts
                a = saved.pop(0) if ca is None else ca
                b = saved.pop(0) if cb is None else cb
                # NOTE [ Results in backward formulas ]: under create_graph the
                # result is recomputed as a function of the inputs, so that the
                # second derivative sees its dependence on them
                o = _F.apply(a, b) if is_grad_enabled() else ctx.out
                ga = _sum_to(grad_a(g, a, b, o), a.shape) if ctx.needs_input_grad[0] else None
                gb = _sum_to(grad_b(g, a, b, o), b.shape) if ctx.needs_input_grad[1] else None
                return ga, gb
        if jvp is not None:
            _F._jvp = staticmethod(jvp)
        _F.__name__ = _F.__qualname__ = f"_{name}_{kind}"
        _binary_saved_props(_F._backward_cls, node, kind)
        if kind == "tt":
            # saved (self, other); torch's formula unpacks other first (NOTE
            # [ Unpack order of Function-made nodes ] in function.pyx)
            _F._backward_cls._cya_unpack_order = (1, 0)
        return _F

    return {kind: one(kind, node) for kind, node in nodes.items()}


def _binary_op(name, fns, floating=False, check=None, arg2="other"):
    sigs = ["Tensor input, Tensor other, *, Tensor out = None"]
    if "st" in fns:
        sigs.append("Number self, Tensor other, *, Tensor out = None")
    if "ts" in fns:
        sigs.append("Tensor input, Number other, *, Tensor out = None")

    def check_args(input, other, *, out=None):
        if not isinstance(input, Tensor):
            if "st" in fns and _is_scalar(input) and isinstance(other, Tensor):
                return "st"
            if "ts" in fns:
                _invalid_combination(name, (input, other), sigs)
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {_tname(input)}")
        if isinstance(other, Tensor):
            return "tt"
        if "ts" in fns and _is_scalar(other):
            return "ts"
        if "ts" in fns:
            _invalid_combination(name, (input, other), sigs)
        raise TypeError(f"{name}(): argument '{arg2}' (position 2) must be Tensor, not {_tname(other)}")

    def op(input, other, *, out=None):
        if not isinstance(input, Tensor):
            if "st" in fns and _is_scalar(input) and isinstance(other, Tensor):
                kind = "st"
            elif "ts" in fns:
                _invalid_combination(name, (input, other), sigs)
            else:
                raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {_tname(input)}")
        elif isinstance(other, Tensor):
            kind = "tt"
        elif "ts" in fns and _is_scalar(other):
            kind = "ts"
        elif "ts" in fns:
            _invalid_combination(name, (input, other), sigs)
        else:
            raise TypeError(f"{name}(): argument '{arg2}' (position 2) must be Tensor, not {_tname(other)}")
        if isinstance(input, Tensor) and isinstance(other, Tensor):
            _bcast_ok(input, other)
        rd = _D.result_type(input, other)
        if check is not None:
            check(rd, input, other)
        if out is not None:
            d = [t.detach() if isinstance(t, Tensor) else t for t in (input, other)]
            return _write_out(name, op(*d), out, *[t for t in (input, other) if isinstance(t, Tensor)])
        return fns[kind].apply(input, other)
    op.__name__ = op.__qualname__ = name
    op._check_args = check_args
    return op


def _no_bool(name):
    def check(rd, a, b):
        if rd is _D.bool:
            _not_impl(name, rd)
    return check


def _float_only(name):
    def check(rd, a, b):
        if not rd.is_floating_point:
            _not_impl(name, rd)
    return check


def _int_only(name):
    def check(rd, a, b):
        if rd.is_floating_point or rd is _D.bool:
            _not_impl(name, rd)
    return check


def _zero(g, *_):
    return g * 0


def _fmod_np(x, y):
    if x.dtype.kind in "iu":
        if np.any(y == 0):
            raise RuntimeError("ZeroDivisionError")
        return np.fmod(x, y)
    return np.fmod(x, y)


def _fmod_check(rd, a, b):
    if rd is _D.bool:
        _not_impl("fmod", rd)
    if not rd.is_floating_point:
        if _anydev(b):   # NOTE [ Device backends ]
            if bool((b.detach() == 0).any()):
                raise RuntimeError("ZeroDivisionError")
            return
        bb = _a(b) if isinstance(b, Tensor) else np.asarray(b)
        if np.any(bb == 0):
            raise RuntimeError("ZeroDivisionError")


fmod = _export(_binary_op("fmod", _binary(
    "fmod", {"tt": "FmodBackward1", "ts": "FmodBackward0"}, _fmod_np,
    lambda g, a, b, o: g,
    lambda g, a, b, o: -g * a.div(b, rounding_mode="trunc")), check=_fmod_check))
fmod.__doc__ = """fmod(input, other, *, out=None) -> Tensor

The C-style remainder of ``input / other``, elementwise (the result has the
sign of ``input``; ``torch.remainder`` takes the sign of ``other``). ``other``
may be a Tensor (broadcast) or a Number; the dtype is the promoted one, and an
integral division by zero raises. Also a Tensor method: ``x.fmod(other)``.

>>> torch.fmod(torch.tensor([-3., -2, 2, 3]), 2)
"""


def _logaddexp_np(x, y):
    return np.logaddexp(x, y)


logaddexp = _export(_binary_op("logaddexp", _binary(
    "logaddexp", {"tt": "LogaddexpBackward0"}, np.logaddexp,
    lambda g, a, b, o: g / (1 + (b - a).exp()),
    lambda g, a, b, o: g / (1 + (a - b).exp())), check=_float_only("logaddexp")))
logaddexp.__doc__ = """logaddexp(input, other, *, out=None) -> Tensor

``log(exp(input) + exp(other))`` elementwise, computed without overflow.
Both operands are floating-point Tensors (broadcast). Also a Tensor method.

>>> torch.logaddexp(torch.tensor([-1.0, 1000.0]), torch.tensor([-1.0, 1000.0]))
"""

logaddexp2 = _export(_binary_op("logaddexp2", _binary(
    "logaddexp2", {"tt": "Logaddexp2Backward0"}, np.logaddexp2,
    lambda g, a, b, o: g / (1 + (b - a).exp2()),
    lambda g, a, b, o: g / (1 + (a - b).exp2())), check=_float_only("logaddexp2")))
logaddexp2.__doc__ = """logaddexp2(input, other, *, out=None) -> Tensor

``log2(2**input + 2**other)`` elementwise, without overflow. Also a Tensor method.

>>> torch.logaddexp2(torch.tensor([1.0, 3.0]), torch.tensor([1.0, 2.0]))
"""


def _xlogy_np(x, y):
    with np.errstate(all="ignore"):
        r = x * np.log(y)
    return np.where(np.isnan(y), np.nan, np.where(x == 0, 0, r)).astype(x.dtype, copy=False)


def _xlogy_ga(g, a, b, o):
    # torch: xlogy(grad, other), 0 where self == 0 and other <= 0
    from cyautograd import tensor as _t
    bt = b if isinstance(b, Tensor) else _t(b, dtype=o.dtype)
    r = xlogy(g, bt)
    if isinstance(a, Tensor):
        return r.masked_fill((a == 0) & (bt <= 0), 0)
    return r if a != 0 else r.masked_fill(bt <= 0, 0)


def _xlogy_fw(args, out, tans):
    # torch: xlogy(self_t, other) (0 where self == 0 and other <= 0) + other_t *
    # self / other: the backward's formula of the tangent, nan where other < 0
    # (the double-vjp sees the mask of the zero output gradient instead)
    a, b = args
    ta, tb = tans
    r = None
    if ta is not None:
        r = _xlogy_ga(ta, a, b, out)
    if tb is not None:
        q = tb * a / b
        r = q if r is None else r + q
    return r if tuple(r.shape) == tuple(out.shape) else r.expand(tuple(out.shape))


xlogy = _export(_binary_op("xlogy", _binary(
    "xlogy", {"tt": "XlogyBackward0", "st": "XlogyBackward1", "ts": "XlogyBackward2"}, _xlogy_np,
    _xlogy_ga, lambda g, a, b, o: g * a / b, floating=True, jvp=_xlogy_fw)))
xlogy.__doc__ = """xlogy(input, other, *, out=None) -> Tensor

``input * log(other)`` elementwise, with 0 where ``input`` is 0 (and nan where
``other`` is nan). Either operand may be a Number; integers give the default
float dtype. Also a Tensor method (``x.xlogy(y)``, in place ``x.xlogy_(y)``).

>>> torch.xlogy(torch.tensor([0., 1., 2.]), torch.tensor([0., 3., 4.]))
"""


def _xlogy_check(rd, a, b):
    pass


hypot = _export(_binary_op("hypot", _binary(
    "hypot", {"tt": "HypotBackward0"}, np.hypot,
    lambda g, a, b, o: g * a / o, lambda g, a, b, o: g * b / o), check=_float_only("hypot")))
hypot.__doc__ = """hypot(input, other, *, out=None) -> Tensor

``sqrt(input**2 + other**2)`` elementwise, for floating-point Tensors.

>>> torch.hypot(torch.tensor([3.0, 5.0]), torch.tensor([4.0, 12.0]))
"""


def _copysign_ga(g, a, b, o):
    ratio = o / a
    return g * ratio.masked_fill(a == 0, 0)


copysign = _export(_binary_op("copysign", _binary(
    "copysign", {"tt": "CopysignBackward0", "ts": "CopysignBackward1"}, np.copysign,
    _copysign_ga, _zero, floating=True)))
copysign.__doc__ = """copysign(input, other, *, out=None) -> Tensor

The magnitude of ``input`` with the sign of ``other`` (a Tensor or a Number),
elementwise; the result is floating point. Also a Tensor method.

>>> torch.copysign(torch.tensor([1.0, -2.0, 3.0]), -1)
"""


def _fmax_ga(g, a, b, o):
    return g.masked_fill(((a >= b) | b.isnan()).logical_not(), 0)


def _fmax_gb(g, a, b, o):
    return g.masked_fill((a >= b) | b.isnan(), 0)


def _fmin_ga(g, a, b, o):
    return g.masked_fill(((a <= b) | b.isnan()).logical_not(), 0)


def _fmin_gb(g, a, b, o):
    return g.masked_fill((a <= b) | b.isnan(), 0)


fmax = _export(_binary_op("fmax", _binary("fmax", {"tt": "FmaxBackward0"}, np.fmax, _fmax_ga, _fmax_gb)))
fmax.__doc__ = """fmax(input, other, *, out=None) -> Tensor

The elementwise maximum that ignores nan (the other value wins; nan only
where both are nan), as numpy's ``fmax``. Also a Tensor method.

>>> torch.fmax(torch.tensor([1.0, float('nan')]), torch.tensor([2.0, 0.5]))
"""
fmin = _export(_binary_op("fmin", _binary("fmin", {"tt": "FminBackward0"}, np.fmin, _fmin_ga, _fmin_gb)))
fmin.__doc__ = """fmin(input, other, *, out=None) -> Tensor

The elementwise minimum that ignores nan, as numpy's ``fmin``. Also a Tensor method.

>>> torch.fmin(torch.tensor([1.0, float('nan')]), torch.tensor([2.0, 0.5]))
"""


@_named("NotImplemented")
class _NoDerivative(Function):
    """The node torch records for an op without a derivative formula: the
    result requires grad, and a backward through it raises."""
    @staticmethod
    def forward(ctx, value, opname, *inputs):
        ctx.opname = opname
        return value.detach().clone()

    @staticmethod
    def backward(ctx, *grads):
        raise RuntimeError(f"derivative for aten::{ctx.opname} is not implemented")


@_named("NotImplemented")
class _Heaviside(Function):
    @staticmethod
    def forward(ctx, a, b):
        if _anydev(a, b):   # NOTE [ Device backends ]
            return _dw(_xp.named("heaviside", _dargs(a, b), a.dtype.np))
        x, v = _a(a), _a(b)
        return _w_ti(np.where(x == 0, v, (x > 0)), x.dtype, x, v)

    @staticmethod
    def backward(ctx, g):
        raise RuntimeError("derivative for aten::heaviside is not implemented")


@_export
def heaviside(input, values, *, out=None):
    """heaviside(input, values, *, out=None) -> Tensor

    The Heaviside step function: 0 where ``input < 0``, 1 where ``input > 0``
    and ``values`` where ``input == 0``. Both are Tensors of the same dtype.
    torch has no derivative for it (a backward through it raises).

    >>> torch.heaviside(torch.tensor([-1.5, 0, 2.0]), torch.tensor([0.5]))
    """
    _check_tensor(input, "heaviside")
    _check_tensor(values, "heaviside", "values", 2)
    if input.dtype != values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes.")
    _bcast_ok(input, values)
    if out is not None:
        return _write_out("heaviside", heaviside(input.detach(), values.detach()), out, input, values)
    return _Heaviside.apply(input, values)


def _int_binary(name, npfn):
    def op(input, other, *, out=None):
        _check_tensor(input, name)
        _check_tensor(other, name, "other", 2)
        rd = _D.result_type(input, other)
        _bcast_ok(input, other)     # TensorIterator broadcasts before the kernel picks a dtype
        if rd.is_floating_point or rd is _D.bool:
            _not_impl(name, rd)
        if _anydev(input, other):   # NOTE [ Device backends ]
            _xp.same_device(_darr(input), _darr(other))
            r = _dw(getattr(_xp, name)(_xp.cast(_darr(input), rd.np), _xp.cast(_darr(other), rd.np)))
        else:
            r = _w_ti(npfn(_operand(input, rd.np), _operand(other, rd.np)), rd.np, _ti_arg(input), _ti_arg(other))
        if out is not None:
            return _write_out(name, r, out, input, other)
        return r
    op.__name__ = op.__qualname__ = name
    return _export(op)


gcd = _int_binary("gcd", np.gcd)
gcd.__doc__ = """gcd(input, other, *, out=None) -> Tensor

The elementwise greatest common divisor of two integer Tensors (non-negative).

>>> torch.gcd(torch.tensor([5, 10, 15]), torch.tensor([3, 4, 5]))
"""
lcm = _int_binary("lcm", np.lcm)


def _int_binary_inplace(op):
    """op for gcd_/lcm_: TensorIterator's in-place checks come before the
    kernel's dtype dispatch -- the broadcast shape must be self's, then the
    common dtype must cast to self's -- so an integral self with a float
    other is "result type Float can't be cast ...", not "gcd_cpu" not implemented."""
    from cyautograd._out import _can_cast
    from cyautograd.ops.extra import infer_size

    def f(input, other, *, out=None):
        _check_tensor(other, op.__name__, "other", 2)
        shape = tuple(infer_size(input.shape, other.shape))
        if shape != tuple(input.shape):
            raise RuntimeError(f"output with shape {list(input.shape)} doesn't match the broadcast shape "
                               f"{list(shape)}")
        rd = _D.result_type(input, other)
        if not _can_cast(rd, input.dtype):
            raise RuntimeError(f"result type {rd._cname} can't be cast to the desired output type "
                               f"{input.dtype._cname}")
        return op(input, other)
    f.__name__ = f.__qualname__ = op.__name__
    return f
lcm.__doc__ = """lcm(input, other, *, out=None) -> Tensor

The elementwise least common multiple of two integer Tensors.

>>> torch.lcm(torch.tensor([5, 10, 15]), torch.tensor([3, 4, 5]))
"""


def _ldexp_np(x, y):
    return x * np.exp2(y)


def _ldexp_check(rd, a, b):
    # torch's ldexp of a floating input runs a kernel with no bool exponent
    # (an integral or bool input is promoted first and takes one)
    if b.dtype is _D.bool and isinstance(a, Tensor) and a.dtype.is_floating_point:
        raise NotImplementedError("\"ldexp_cpu_exp\" not implemented for 'Bool'")

ldexp = _export(_binary_op("ldexp", _binary(
    "ldexp", {"tt": "LdexpBackward0"}, _ldexp_np,
    lambda g, a, b, o: g * b.exp2(), lambda g, a, b, o: g * a * b.exp2() * math.log(2.0), floating=True),
    check=_ldexp_check))
ldexp.__doc__ = """ldexp(input, other, *, out=None) -> Tensor

``input * 2**other`` elementwise; the result is floating point.

>>> torch.ldexp(torch.tensor([1.0]), torch.tensor([1, 2, 3]))
"""

nextafter = _export(_binary_op("nextafter", _binary(
    "nextafter", {"tt": "NextafterBackward0"}, np.nextafter,
    lambda g, a, b, o: g, _zero), check=_float_only("nextafter")))
nextafter.__doc__ = """nextafter(input, other, *, out=None) -> Tensor

The next floating-point value after ``input`` towards ``other``, elementwise.

>>> torch.nextafter(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 1.0])) - torch.tensor([1.0, 2.0])
"""


def _float_power_np(x, y):
    return np.power(x, y)


def _fp_ga(g, a, b, o):
    return g * b * a.pow(b - 1) if isinstance(b, Tensor) else (g * b * a.pow(b - 1) if b != 0 else g * 0)


def _fp_gb(g, a, b, o):
    from cyautograd import tensor as _t
    at = a if isinstance(a, Tensor) else _t(a, dtype=_D.float64)
    return g * (o * at.log()).masked_fill((at == 0) & (b >= 0), 0)


_fp_fns = _binary("float_power", {"tt": "PowBackward1", "ts": "PowBackward0", "st": "PowBackward2"},
                  _float_power_np, _fp_ga, _fp_gb, floating=True)


@_export
def float_power(input, exponent, *, out=None):
    """float_power(input, exponent, *, out=None) -> Tensor

    ``input ** exponent`` computed in double precision (the result is float64
    whatever the operands' dtypes). Either operand may be a Number.
    Also a Tensor method (``x.float_power(2)``, in place ``x.float_power_(2)``,
    which needs a float64 ``x``).

    >>> torch.float_power(torch.tensor([2, 3]), 2)
    """
    if isinstance(input, Tensor) and isinstance(exponent, Tensor):
        kind = "tt"
        _bcast_ok(input, exponent)
    elif isinstance(input, Tensor) and _is_scalar(exponent):
        kind = "ts"
    elif _is_scalar(input) and isinstance(exponent, Tensor):
        kind = "st"
    else:
        _invalid_combination("float_power", (input, exponent),
                             ["Tensor input, Tensor exponent, *, Tensor out = None",
                              "Number self, Tensor exponent, *, Tensor out = None",
                              "Tensor input, Number exponent, *, Tensor out = None"])
    a = input.double() if isinstance(input, Tensor) else float(input)
    b = exponent.double() if isinstance(exponent, Tensor) else float(exponent)
    if out is not None:
        return _write_out("float_power", float_power(a.detach() if isinstance(a, Tensor) else a,
                                                     b.detach() if isinstance(b, Tensor) else b),
                          out, *[t for t in (input, exponent) if isinstance(t, Tensor)])
    return _fp_fns[kind].apply(a, b)


# -- unary pointwise ---------------------------------------------------------------

def _unary(name, node, npfn, grad, int_ok=True, doc=""):
    @_named(node)
    class _U(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            npd = _float_np(x)
            if _anydev(x):   # NOTE [ Device backends ]
                r = _dw(_xp.named(name, _dargs(x), npd))
            else:
                with np.errstate(all="ignore"):
                    a = _a(x)
                    r = _w_ti(np.asarray(npfn(a.astype(npd, copy=False))), npd, a)
            ctx.out = r.detach()
            return r

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            # NOTE [ Results in backward formulas ]
            return grad(g, x, _U.apply(x) if is_grad_enabled() else ctx.out)
    _U.__name__ = _U.__qualname__ = "_" + name
    if node not in ("Deg2RadBackward0", "Rad2DegBackward0"):   # (a constant factor: nothing saved)
        _U._backward_cls._saved_self = property(lambda n: n.saved_tensors[0])   # torch's formulas read self
        _U._backward_cls._raw_saved_self = property(lambda n: n._cya_raw_saved(0))

    def op(input, *, out=None):
        _check_tensor(input, name)
        if out is not None:
            return _write_out(name, op(input.detach()), out, input)
        return _U.apply(input)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return _export(op)


def _erfc_np(a):
    sp = _sp()
    if sp is not None:
        return sp.erfc(a)
    return np.vectorize(math.erfc, otypes=[np.float64])(a)  # pragma: no cover


def _lgamma_np(a):
    sp = _sp()
    if sp is not None:
        r = sp.gammaln(a)
        return np.where(np.isneginf(a), np.inf, r)   # torch's lgamma(-inf) is inf (scipy's is -inf)
    return np.vectorize(lambda v: math.lgamma(v) if not (v <= 0 and v == math.floor(v)) else math.inf,
                        otypes=[np.float64])(a)  # pragma: no cover


def _digamma_np(a):
    """digamma as torch's CPU kernel computes it (Cephes' psi: the reflection
    formula below 0, the recurrence up to 10, then the asymptotic series), so
    that float64 results agree to the last bits; no scipy needed."""
    x = np.array(a, dtype=np.float64, copy=True)
    out = np.zeros_like(x)
    neg = x < 0
    with np.errstate(all="ignore"):
        # reflection: psi(x) = psi(1 - x) - pi / tan(pi * frac(x))
        refl = np.where(neg, -math.pi / np.tan(math.pi * np.modf(x)[0]), 0.0)
        x = np.where(neg, 1 - x, x)
        res = np.zeros_like(x)
        small = x < 10
        while np.any(small & np.isfinite(x)):
            res = np.where(small, res - 1 / x, res)
            x = np.where(small, x + 1, x)
            small = x < 10
        z = 1.0 / (x * x)
        coef = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
                8.33333333333333333333E-2)
        poly = np.zeros_like(z)
        for c in coef:
            poly = poly * z + c
        y = np.where(x < 1.0e17, z * poly, 0.0)
        out = np.where(x == 10, res + 2.25175258906672110764, res + np.log(x) - 0.5 / x - y)
        out = out + refl
        orig = np.asarray(a, dtype=np.float64)
        out = np.where(orig == 0, np.copysign(np.inf, -orig), out)
        out = np.where(neg & (orig == np.trunc(orig)), np.nan, out)
        out = np.where(np.isnan(orig), np.nan, out)
        out = np.where(orig == np.inf, np.inf, out)
    return out


def _trigamma_np(a):
    """polygamma(1, x) as torch's kernel computes it (a recurrence of six
    steps, then the asymptotic series; the reflection formula below 1/2)."""
    x = np.array(a, dtype=np.float64, copy=True)
    with np.errstate(all="ignore"):
        sign = np.where(x < 0.5, -1.0, 1.0)
        s = np.sin(math.pi * x)
        res = np.where(x < 0.5, -(math.pi * math.pi) / (s * s), 0.0)
        x = np.where(x < 0.5, 1 - x, x)
        for _ in range(6):
            res = res + 1 / (x * x)
            x = x + 1
        ixx = 1 / (x * x)
        res = res + (1 + 1 / (2 * x) + ixx * (1. / 6 - ixx * (1. / 30 - ixx * (1. / 42)))) / x
    return sign * res


def _erfinv_np(a):
    return _need_sp("erfinv").erfinv(a)


def _i0_np(a):
    sp = _sp()
    return sp.i0(a) if sp is not None else np.i0(a)


def _i1_np(a):
    return _need_sp("i1").i1(a)


def _sinc_np(a):
    return np.sinc(a)


_SQRT_PI = math.sqrt(math.pi)

erfc = _unary("erfc", "ErfcBackward0", _erfc_np,
              _formula(lambda g, x, o: -2.0 / _SQRT_PI * (-(x.pow(2))).exp() * g), doc="""erfc(input, *, out=None) -> Tensor

The complementary error function ``1 - erf(input)``, elementwise; integers give
the default float dtype. Also a Tensor method (in place: ``x.erfc_()``).

>>> torch.erfc(torch.tensor([0.0, -1.0, 10.0]))
""")
erfinv = _unary("erfinv", "ErfinvBackward0", _erfinv_np,
                _formula(lambda g, x, o: 0.5 * _SQRT_PI * o.pow(2).exp() * g), doc="""erfinv(input, *, out=None) -> Tensor

The inverse error function, elementwise, defined on (-1, 1) (±inf at ±1, nan
outside). Also a Tensor method (in place: ``x.erfinv_()``).

>>> torch.erfinv(torch.tensor([0.0, 0.5, -1.0]))
""")
lgamma = _unary("lgamma", "LgammaBackward0", _lgamma_np,
                lambda g, x, o: g * digamma(x), doc="""lgamma(input, *, out=None) -> Tensor

The natural log of the absolute value of the gamma function, elementwise.
Also a Tensor method (in place: ``x.lgamma_()``).

>>> torch.lgamma(torch.arange(0.5, 2, 0.5))
""")
digamma = _unary("digamma", "DigammaBackward0", _digamma_np,
                 lambda g, x, o: g * polygamma(1, x), doc="""digamma(input, *, out=None) -> Tensor

The logarithmic derivative of the gamma function, elementwise (``-inf`` at 0,
as torch). Also a Tensor method (in place: ``x.digamma_()``).

>>> torch.digamma(torch.tensor([1.0, 0.5]))
""")


def _i1_grad(g, x, o):
    # d/dx i1(x) = i0(x) - i1(x)/x, with the limit 1/2 at 0
    safe = x.masked_fill(x == 0, 1)
    return g * (i0(x) - o / safe).masked_fill(x == 0, 0.5)


_i1 = _unary("i1", "SpecialI1Backward0", _i1_np, _i1_grad)
__all__.remove("i1")
i0 = _unary("i0", "I0Backward0", _i0_np, lambda g, x, o: g * _i1(x), doc="""i0(input, *, out=None) -> Tensor

The modified Bessel function of the first kind of order zero, elementwise.
Also a Tensor method (in place: ``x.i0_()``).

>>> torch.i0(torch.arange(3.0))
""")


def _sinc_grad(g, x, o):
    # torch's sinc_backward is where(self_squared_pi == 0, 0, grad * ...):
    # its first operand, a function of self, lays the gradient out as self
    # (NOTE [ Elementwise output layout ]). d (self's layout: in-place
    # masked_fill_ keeps it) times g, d first, gives that layout with the same
    # values and forward-AD tangents as g * d (IEEE products and sums commute);
    # torch's where itself broke forward AD at x == 0 here.
    px = x * math.pi
    d = ((px * px.cos() - px.sin()) / (px * x)).masked_fill_(x == 0, 0)
    return d * g


sinc = _unary("sinc", "SincBackward0", _sinc_np, _sinc_grad, doc="""sinc(input, *, out=None) -> Tensor

The normalized sinc function ``sin(pi x) / (pi x)`` (1 at 0), elementwise.
Also a Tensor method (in place: ``x.sinc_()``).

>>> torch.sinc(torch.tensor([0.0, 0.5, 1.0]))
""")
deg2rad = _unary("deg2rad", "Deg2RadBackward0", lambda a: a * (math.pi / 180),
                 lambda g, x, o: g * (math.pi / 180), doc="""deg2rad(input, *, out=None) -> Tensor

Degrees to radians, elementwise. Also a Tensor method (in place: ``x.deg2rad_()``).

>>> torch.deg2rad(torch.tensor([180.0, 90.0]))
""")
rad2deg = _unary("rad2deg", "Rad2DegBackward0", lambda a: a * (180 / math.pi),
                 lambda g, x, o: g * (180 / math.pi), doc="""rad2deg(input, *, out=None) -> Tensor

Radians to degrees, elementwise. Also a Tensor method (in place: ``x.rad2deg_()``).

>>> torch.rad2deg(torch.tensor([3.141592653589793, 1.0]))
""")


@_named("PolygammaBackward0", saved=("self",), attrs={"n": "n"})
class _Polygamma(Function):
    @staticmethod
    def forward(ctx, n, x):
        ctx.save_for_backward(x)
        ctx.n = n
        npd = _float_np(x)
        if _anydev(x):   # NOTE [ Special functions on the device ] (ops/_xp.py)
            return _dw(_xp.polygamma(n, _xp.cast(_darr(x), np.dtype(npd))))
        a = _a(x).astype(npd, copy=False)
        sp = _need_sp("polygamma") if n > 1 else None
        with np.errstate(all="ignore"):
            r = _digamma_np(a) if n == 0 else _trigamma_np(a) if n == 1 else sp.polygamma(n, a)
        return _w(np.asarray(r).astype(npd), npd)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return None, g * polygamma(ctx.n + 1, x)


@_export
def polygamma(n, input, *, out=None):
    """polygamma(n, input, *, out=None) -> Tensor

    The ``n``-th derivative of the digamma function, elementwise (``n`` >= 0;
    ``polygamma(0, x)`` is ``digamma(x)``). As a Tensor method the order comes
    first as well: ``x.polygamma(n)``; in place ``x.polygamma_(n)``.

    >>> torch.polygamma(1, torch.tensor([1.0, 0.5]))
    """
    if isinstance(n, Tensor) or isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        if isinstance(n, Tensor) and not isinstance(input, Tensor):
            raise TypeError(f"polygamma(): argument 'n' (position 1) must be int, not Tensor")
        raise TypeError(f"polygamma(): argument 'n' (position 1) must be int, not {_tname(n)}")
    _check_tensor(input, "polygamma", "input", 2)
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    if out is not None:
        return _write_out("polygamma", polygamma(n, input.detach()), out, input)
    return _Polygamma.apply(int(n), input)


def _polygamma_method(self, n):
    return polygamma(n, self)


@_named("LogitBackward0", saved=("self",), attrs={"eps": "eps"})
class _Logit(Function):
    @staticmethod
    def forward(ctx, x, eps):
        ctx.save_for_backward(x)
        ctx.eps = eps
        npd = _float_np(x)
        if _anydev(x):   # NOTE [ Device backends ]
            dt = _D._FROM_NP[np.dtype(npd)]

            def f(x):
                z = x.to(dt)
                if eps is not None:   # NOTE [ logit's clamp tests the low end first ]
                    z = z.where(z >= eps, eps).where((z < eps) | (z <= 1 - eps), 1 - eps)
                return (z / (1 - z)).log()
            return _composite(f, x)
        a = _a(x).astype(npd, copy=False)
        if eps is not None:
            # NOTE [ logit's clamp tests the low end first ]
            # torch's kernel clamps x below eps to eps, else above 1 - eps to
            # 1 - eps: with eps > 0.5 (True is 1.0) every x goes to eps, where
            # np.clip / clamp would answer 1 - eps; NaN stays NaN
            lo, hi = npd.type(eps), npd.type(1) - npd.type(eps)
            a = np.where(a < lo, lo, np.where(a > hi, hi, a))
        with np.errstate(all="ignore"):
            return _w_ti(np.log(a / (1 - a)), npd, _a(x))

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        eps = ctx.eps
        d = g / (x * (1 - x))
        if eps is None:
            return d.masked_fill((x < 0) | (x > 1), math.nan), None
        return d.masked_fill((x < eps) | (x > 1 - eps), 0), None

    @staticmethod
    def _jvp(args, out, tans):
        # torch's forward formula is its backward one applied to the tangent: nan
        # (no eps) or 0 (eps) outside the domain whatever the tangent
        # (NOTE [ Forward formulas of Function-based ops ] in autograd/forward_ad.py)
        x, eps = args
        t = tans[0]
        d = t / (x * (1 - x))
        if eps is None:
            return d.masked_fill((x < 0) | (x > 1), math.nan)
        return d.masked_fill((x < eps) | (x > 1 - eps), 0)


@_export
def logit(input, eps=None, *, out=None):
    """logit(input, eps=None, *, out=None) -> Tensor

    ``log(p / (1 - p))`` elementwise; with ``eps``, ``input`` is first clamped to
    ``[eps, 1 - eps]`` (and the gradient is 0 outside it). Also a Tensor method
    (in place: ``x.logit_()``).

    >>> torch.logit(torch.tensor([0.25, 0.5, 0.9]))
    """
    _check_tensor(input, "logit")
    # eps is a `double?` to torch's parser (THPUtils_checkDouble): a float, an
    # int -- a bool too, True being 1.0 -- or a 0-d Tensor without grad
    if eps is not None:
        if isinstance(eps, Tensor) and eps.dim() == 0 and not eps.requires_grad:
            eps = eps.item()
        elif not isinstance(eps, (int, float, np.integer, np.floating)):
            raise TypeError(f"logit(): argument 'eps' (position 2) must be float, not {_tname(eps)}")
    if out is not None:
        return _write_out("logit", logit(input.detach(), eps), out, input)
    return _Logit.apply(input, None if eps is None else float(eps))


@_named("SgnBackward0")
class _Sgn(Function):
    @staticmethod
    def forward(ctx, x):
        if _anydev(x):   # NOTE [ Device backends ]
            out = _composite(lambda x: x if x.dtype is _D.bool else x.sign(), x)
        else:
            a = _a(x)
            if a.dtype == np.bool_:
                return _w(a)
            r = np.array(np.sign(a), dtype=a.dtype)
            if r.dtype.kind == "f":
                np.copyto(r, 0, where=np.isnan(r))   # torch's sign of NaN is 0
            out = _w_ti(r, r.dtype, a)
        # torch's SgnBackward0 saves self and result (sgn_backward(self, grad,
        # result), which reads them only for complex inputs)
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, g):
        # a real sgn's derivative is zeros_like(grad): a fresh tensor with no
        # history, so under create_graph the gradient has no grad_fn and does
        # not require grad (not g * 0, whose graph reaches grad's producers);
        # the saved tensors are still unpacked, with their version checks
        ctx.saved_tensors
        return g.new_zeros(g.shape)


_Sgn._backward_cls._saved_self = property(lambda node: node.saved_tensors[0])
_Sgn._backward_cls._saved_result = property(lambda node: node.saved_tensors[1])
_Sgn._backward_cls._raw_saved_self = property(lambda node: node._cya_raw_saved(0))
_Sgn._backward_cls._raw_saved_result = property(lambda node: node._cya_raw_saved(1))


@_export
def sgn(input, *, out=None):
    """sgn(input, *, out=None) -> Tensor

    The sign of each element (-1, 0 or 1; for real tensors the same as
    ``torch.sign``), keeping ``input``'s dtype; its gradient is zero. Also a
    Tensor method (in place: ``x.sgn_()``).

    >>> torch.sgn(torch.tensor([-2.0, 0.0, 3.5]))
    """
    _check_tensor(input, "sgn")
    if out is not None:
        return _write_out("sgn", sgn(input.detach()), out, input)
    return _Sgn.apply(input)


@_export
def positive(input):
    """positive(input) -> Tensor

    Returns ``input`` itself (unary ``+``); a bool tensor is refused as torch does.
    Also a Tensor method.

    >>> x = torch.tensor([1.0, -2.0]); torch.positive(x) is x
    """
    _check_tensor(input, "positive")
    if input.dtype is _D.bool:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


@_export
def absolute(input, *, out=None):
    """absolute(input, *, out=None) -> Tensor

    Alias of ``torch.abs`` (AbsBackward0). Also a Tensor method, in place
    ``x.absolute_()``.

    >>> torch.absolute(torch.tensor([-1.0, 2.0]))
    """
    from cyautograd import _ops
    _check_tensor(input, "absolute")
    if input.dtype is _D.bool:
        raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
    if out is not None:
        return _write_out("absolute", _ops.abs(input.detach()), out, input)
    return _ops.abs(input)


@_export
def fix(input, *, out=None):
    """fix(input, *, out=None) -> Tensor

    Alias of ``torch.trunc``: rounds towards zero (TruncBackward0). Also a
    Tensor method, in place ``x.fix_()``.

    >>> torch.fix(torch.tensor([-1.7, 2.5]))
    """
    from cyautograd import _ops
    _check_tensor(input, "fix")
    if input.dtype is _D.bool:
        raise NotImplementedError("\"trunc_vml_cpu\" not implemented for 'Bool'")
    if out is not None:
        return _write_out("fix", _ops.trunc(input.detach()), out, input)
    return _ops.trunc(input)


def _bool_unary(name, npfn, doc):
    def op(input, *, out=None):
        _check_tensor(input, name)
        if _anydev(input):   # NOTE [ Device backends ]
            r = _dw(_xp.named(name, _dargs(input), None))
        else:
            r = _w_ti(npfn(_a(input)), np.bool_, _a(input))
        if out is not None:
            return _write_out(name, r, out, input)
        return r
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return _export(op)


signbit = _bool_unary("signbit", lambda a: np.signbit(a) if a.dtype.kind in "fi" else np.zeros(a.shape, bool),
                      """signbit(input, *, out=None) -> Tensor

Whether each element's sign bit is set (true for -0.0 and negative values), a
bool tensor. Also a Tensor method.

>>> torch.signbit(torch.tensor([-0.0, 0.0, -1.0, 2.0]))
""")
isneginf = _bool_unary("isneginf", lambda a: np.isneginf(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool),
                       """isneginf(input, *, out=None) -> Tensor

Whether each element is negative infinity, a bool tensor. Also a Tensor method.

>>> torch.isneginf(torch.tensor([-float('inf'), float('inf'), 1.0]))
""")
isposinf = _bool_unary("isposinf", lambda a: np.isposinf(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool),
                       """isposinf(input, *, out=None) -> Tensor

Whether each element is positive infinity, a bool tensor. Also a Tensor method.

>>> torch.isposinf(torch.tensor([-float('inf'), float('inf'), 1.0]))
""")


@_export
def isreal(input):
    """isreal(input) -> Tensor

    Whether each element is real-valued: all true for this library's (real) dtypes.
    Also a Tensor method.

    >>> torch.isreal(torch.tensor([1.0, 2.0]))
    """
    _check_tensor(input, "isreal")
    from cyautograd.creation import ones_like
    return ones_like(input, dtype=_D.bool)   # torch's ones_like: the input's layout


@_named("FrexpBackward0")
class _Frexp(Function):
    @staticmethod
    def forward(ctx, x):
        if _anydev(x):   # NOTE [ Device backends ]
            m, e = _xp.frexp(_darr(x))
            mt, et = _dw(m), _dw(e)
            ctx.mark_non_differentiable(et)
            ctx.save_for_backward(et)
            return mt, et
        m, e = np.frexp(_a(x))
        mt, et = _w(m.astype(_a(x).dtype)), _w(e.astype(np.int32))
        ctx.mark_non_differentiable(et)
        ctx.save_for_backward(et)
        return mt, et

    @staticmethod
    def backward(ctx, gm, ge):
        e, = ctx.saved_tensors
        return gm / e.to(gm.dtype).exp2()


@_export
def frexp(input, *, out=None):
    """frexp(input, *, out=None) -> (Tensor mantissa, Tensor exponent)

    Splits each element into a mantissa in [0.5, 1) (by magnitude) and an
    int32 power of two: ``input == mantissa * 2 ** exponent``. A named tuple
    ``(mantissa, exponent)``. Also a Tensor method.

    >>> torch.frexp(torch.tensor([8.0, -0.75, 0.0]))
    """
    _check_tensor(input, "frexp")
    if not _floating(input):
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    rt = _return_type("frexp", ["mantissa", "exponent"])
    if out is not None:
        return _write_out_tuple("frexp", frexp(input.detach()), out, input)
    m, e = _Frexp.apply(input)
    return rt(m, e)


# -- aliases torch keeps -----------------------------------------------------------------

def _alias(name, target, doc, method=True):
    def check_args(input, other, *, out=None):
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {_tname(input)}")
        if not isinstance(other, Tensor) and not _is_scalar(other):
            raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not {_tname(other)}")

    def op(input, other, *, out=None):
        from cyautograd import _ops
        check_args(input, other)
        r = getattr(_ops, target)(input, other)
        return r if out is None else _write_out(name, r, out, input)
    op._check_args = check_args
    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    globals()[name] = op
    return _export(op, method)


for _n, _t, _sym in (("not_equal", "ne", "!="), ("greater", "gt", ">"), ("greater_equal", "ge", ">="),
                     ("less", "lt", "<"), ("less_equal", "le", "<=")):
    _alias(_n, _t, f"""{_n}(input, other, *, out=None) -> Tensor

Alias of ``torch.{_t}``: ``input {_sym} other`` elementwise (broadcast), a bool
tensor. Also a Tensor method, in place ``x.{_n}_(other)``.

>>> torch.{_n}(torch.tensor([1, 2, 3]), 2)
""")


@_fn_only
def concatenate(tensors, axis=0, *, out=None, dim=None):
    """concatenate(tensors, axis=0, *, out=None) -> Tensor

    Alias of ``torch.cat`` (numpy's name): joins tensors along an existing
    dimension (``axis``; ``dim=`` is accepted too).

    >>> torch.concatenate([torch.ones(2), torch.zeros(1)])
    """
    from cyautograd import _ops
    return _ops.cat(tensors, axis if dim is None else dim, out=out)


# -- differences, repeats, indexing ------------------------------------------------------

def _O():
    from cyautograd import _ops
    return _ops


@_export
def diff(input, n=1, dim=-1, prepend=None, append=None):
    """diff(input, n=1, dim=-1, prepend=None, append=None) -> Tensor

    The ``n``-th forward difference along ``dim`` (``out[i] = input[i+1] - input[i]``),
    after ``prepend``/``append`` are joined on (as numpy's ``diff``). A
    composite of ``narrow`` and ``sub`` as in torch (grad_fn SubBackward0; bool
    tensors use ``logical_xor``). Also a Tensor method.

    >>> torch.diff(torch.tensor([1, 3, 6, 10]))
    """
    O = _O()
    _check_tensor(input, "diff")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"diff(): argument 'n' (position 2) must be int, not {_tname(n)}")
    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    d = _wrap_dim(dim, input.dim())
    parts = []
    for extra, nm in ((prepend, "prepend"), (append, "append")):
        if extra is not None and not isinstance(extra, Tensor):
            raise TypeError(f"diff(): argument '{nm}' must be Tensor, not {_tname(extra)}")
        if extra is not None and extra.dim() != input.dim():
            raise RuntimeError(f"diff expects prepend or append to be the same dimension as input")
    x = input
    if prepend is not None or append is not None:
        x = O.cat([t for t in (prepend, input, append) if t is not None], d)
    for _ in range(int(n)):
        length = x.shape[d]
        if length == 0:
            break
        hi = x.narrow(d, 1, length - 1)
        lo = x.narrow(d, 0, length - 1)
        x = O.logical_xor(hi, lo) if x.dtype is _D.bool else hi - lo
    return x


@_export
def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """repeat_interleave(input, repeats, dim=None, *, output_size=None) -> Tensor

    Repeats each element (each slice along ``dim``; of the flattened input when
    ``dim`` is None) ``repeats`` times: an int, or a 1-d Tensor of one count per
    element. ``repeat_interleave(repeats)`` alone gives the indices
    ``[0]*repeats[0] + [1]*repeats[1] + ...``. Also a Tensor method.

    >>> torch.repeat_interleave(torch.tensor([[1, 2], [3, 4]]), 2, dim=0)
    """
    O = _O()
    _check_tensor(input, "repeat_interleave")
    if repeats is None:
        # repeat_interleave(repeats): the index form
        r = input
        if r.dtype not in (_D.int64, _D.int32):     # torch's kernel dispatch first
            raise NotImplementedError(f"\"repeat_interleave_cpu\" not implemented for '{r.dtype._cname}'")
        if r.dim() != 1:
            raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
        ra = _a(r)
        if ra.size and ra.min() < 0:
            raise RuntimeError("repeats can not be negative")
        return _w(np.repeat(np.arange(ra.size, dtype=ra.dtype), ra))
    x = input
    if isinstance(repeats, Tensor) and repeats.dim() > 1:    # before the dim is read, as torch's
        raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
    if dim is None:
        x = x.flatten()
        d = 0
    else:
        d = _wrap_dim(dim, x.dim())
    if isinstance(repeats, Tensor):
        if repeats.dtype not in (_D.int64, _D.int32):
            raise NotImplementedError(f"\"repeat_interleave_cpu\" not implemented for '{repeats.dtype._cname}'")
        if repeats.dim() == 0 or repeats.numel() == 1:
            repeats = int(repeats.reshape(-1)[0].item())
        else:
            ra = _a(repeats)
            size = x.shape[d] if x.dim() else 1
            if ra.size != size:
                raise RuntimeError("repeats must have the same size as input along dim, but got "
                                   f"repeats.size(0) = {ra.size} and input.size({d}) = {size}")
            if ra.min() < 0:
                raise RuntimeError("repeats can not be negative")
            idx = _w(np.repeat(np.arange(ra.size, dtype=np.int64), ra))
            return O.index_select(x, d, idx)
    if isinstance(repeats, bool) or not isinstance(repeats, (int, np.integer)):
        raise TypeError(f"repeat_interleave(): argument 'repeats' (position 2) must be Tensor, "
                        f"not {_tname(repeats)}")
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    if x.dim() == 0:
        x = x.reshape(1)
    shape = list(x.shape)
    e = x.unsqueeze(d + 1)
    big = shape[:d + 1] + [int(repeats)] + shape[d + 1:]
    from cyautograd.creation import _storage_check
    _storage_check(big, x.dtype.np)     # the expanded copy's size: torch's overflow error
    e = e.expand(tuple(big)).contiguous()
    shape[d] *= int(repeats)
    return e.view(tuple(shape))


@_named("TakeBackward0", saved=("index",))
class _Take(Function):
    @staticmethod
    def forward(ctx, x, idx):
        ctx.shape = tuple(x.shape)
        ctx.save_for_backward(idx)
        if _anydev(x, idx):   # NOTE [ Device backends ]
            n = x.numel()
            i = idx.detach()
            return _dw(_xp.take_flat(_darr(x), _darr(i.where(i >= 0, i + n))))
        return _w(_a(x).reshape(-1)[_a(idx)])

    @staticmethod
    def backward(ctx, g):
        idx, = ctx.saved_tensors
        from cyautograd import zeros
        z = zeros(int(np.prod(ctx.shape, dtype=np.int64)), dtype=g.dtype, device=g.device)
        return z.index_add(0, idx.reshape(-1), g.reshape(-1)).reshape(ctx.shape), None


@_export
def take(input, index, *, out=None):
    """take(input, index, *, out=None) -> Tensor

    The elements of ``input`` (read as flattened) at ``index``, in ``index``'s
    shape; negative indices count from the end. Also a Tensor method.

    >>> torch.take(torch.tensor([[4, 3, 5], [6, 7, 8]]), torch.tensor([0, 2, 5]))
    """
    _check_tensor(input, "take")
    _check_tensor(index, "take", "index", 2)
    if index.dtype is not _D.int64:
        raise RuntimeError(f"take(): Expected a long tensor for index, but got {index.dtype._cname}")
    n = input.numel()
    ia = _host_index(index)
    if ia.size:
        if n == 0:
            raise IndexError("take(): tried to take from an empty tensor")
        bad = ia[(ia >= n) | (ia < -n)]
        if bad.size:
            raise IndexError(f"out of range: tried to access index {int(bad.reshape(-1)[0])} on a tensor of "
                             f"{n} elements.")
    if out is not None:
        return _write_out("take", take(input.detach(), index), out, input)
    if _anydev(input, index):   # NOTE [ Device backends ]: wrapped on the device
        idx = index.detach()
        idx = idx.where(idx >= 0, idx + n)
    else:
        idx = _w(np.where(ia < 0, ia + n, ia).astype(np.int64))
    return _Take.apply(input, idx)


@_export
def take_along_dim(input, indices, dim=None, *, out=None):
    """take_along_dim(input, indices, dim=None, *, out=None) -> Tensor

    ``gather`` along ``dim`` with ``indices`` broadcast against ``input`` in the
    other dimensions (numpy's ``take_along_axis``); with ``dim=None`` from the
    flattened input. Pairs with ``argsort``/``argmax(keepdim=True)``. Also a
    Tensor method.

    >>> x = torch.tensor([[10., 30., 20.], [60., 40., 50.]])
    >>> torch.take_along_dim(x, x.argsort(dim=1), dim=1)
    """
    O = _O()
    _check_tensor(input, "take_along_dim")
    _check_tensor(indices, "take_along_dim", "indices", 2)
    if indices.dtype is not _D.int64:
        raise RuntimeError(f"torch.take_along_dim(): dtype of indices should be Long but got {indices.dtype._cname}")
    if out is not None:
        return _write_out("take_along_dim", take_along_dim(input.detach(), indices, dim), out, input)
    if dim is None:
        return O.gather(input.reshape(-1), 0, indices.reshape(-1))
    if input.dim() != indices.dim():
        raise RuntimeError(f"torch.take_along_dim(): input and indices should have the same number of "
                           f"dimensions, but got {input.dim()} dimensions for input, and {indices.dim()} "
                           f"dimensions for indices")
    d = _wrap_dim(dim, input.dim())
    si, sx = list(indices.shape), list(input.shape)
    si[d] = sx[d] = 1
    from cyautograd.ops.extra import broadcast_shapes
    b = list(broadcast_shapes(tuple(si), tuple(sx)))
    bi, bx = list(b), list(b)
    bi[d], bx[d] = indices.shape[d], input.shape[d]
    return O.gather(input.expand(tuple(bx)), d, indices.expand(tuple(bi)))


def _searchsorted_np(seq, vals, right, sorter=None):
    if seq.ndim == 1:
        if sorter is not None:
            seq = seq[sorter]
        return np.searchsorted(seq, vals, side="right" if right else "left")
    lead = seq.shape[:-1]
    s2 = seq.reshape(-1, seq.shape[-1])
    v2 = vals.reshape(-1, vals.shape[-1])
    out = np.empty(v2.shape, dtype=np.int64)
    for i in range(s2.shape[0]):
        s = s2[i] if sorter is None else s2[i][sorter.reshape(-1, seq.shape[-1])[i]]
        out[i] = np.searchsorted(s, v2[i], side="right" if right else "left")
    return out.reshape(lead + (vals.shape[-1],))


@_fn_only
def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None):
    """searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None) -> Tensor

    For each value of ``input``, the index where it would be inserted into the
    innermost dimension of ``sorted_sequence`` to keep it sorted (``right=True``
    or ``side='right'``: after equal values). ``sorted_sequence`` is 1-d, or has
    ``input``'s leading dimensions; ``input`` may be a Number. The result is
    int64 (int32 with ``out_int32``) and has no gradient.

    >>> torch.searchsorted(torch.tensor([1, 3, 5, 7, 9]), torch.tensor([3, 6, 9]))
    """
    _check_tensor(sorted_sequence, "searchsorted", "sorted_sequence", 1)
    scalar = not isinstance(input, Tensor)
    if scalar and not _is_scalar(input):
        raise TypeError(f"searchsorted(): argument 'input' (position 2) must be Tensor, not {_tname(input)}")
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
        if right and side == "left":
            raise RuntimeError("torch.searchsorted(): side and right can't be set to opposites, got side of "
                               "left while right was True")
        right = side == "right"
    if _anydev(sorted_sequence, input, sorter):   # NOTE [ Device backends ]
        return _searchsorted_dev(sorted_sequence, input, scalar, out_int32, right, sorter, out)
    seq = _a(sorted_sequence)
    vals = np.asarray(input) if scalar else _a(input)
    if seq.ndim == 0:
        raise RuntimeError("torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
                           "dimension")
    if seq.ndim > 1 and (scalar or vals.ndim != seq.ndim or vals.shape[:-1] != seq.shape[:-1]):
        if scalar:
            raise RuntimeError("torch.searchsorted(): input value can be a scalar only when boundaries tensor "
                               f"dimension is 1, but we got boundaries tensor dim({seq.ndim}) and input value's "
                               f"dim(0) numel(1)")
        raise RuntimeError("torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
                           "dimensions of boundaries tensor and input value tensor must match, but we got "
                           f"boundaries tensor {list(seq.shape)} and input value tensor {list(vals.shape)}")
    sa = None
    if sorter is not None:
        _check_tensor(sorter, "searchsorted", "sorter", 5)
        if tuple(sorter.shape) != tuple(sorted_sequence.shape):
            raise RuntimeError("torch.searchsorted(): boundary and sorter must have the same size, but got "
                               f"boundary tensor {list(sorted_sequence.shape)}and got sorter tensor "
                               f"{list(sorter.shape)}")
        sa = _a(sorter)
    if not scalar and input.dtype != sorted_sequence.dtype:
        rd = _D.promote_types(input.dtype, sorted_sequence.dtype)
        seq, vals = seq.astype(rd.np), vals.astype(rd.np)
    r = _searchsorted_np(seq, vals, right, sa)
    r = _w(np.asarray(r).astype(np.int32 if out_int32 else np.int64))
    if out is not None:
        return _write_out("searchsorted", r, out)
    return r


def _searchsorted_dev(seq_t, input, scalar, out_int32, right, sorter, out):
    """searchsorted's checks on the shapes, its search on the device."""
    if seq_t.dim() == 0:
        raise RuntimeError("torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
                           "dimension")
    vshape = () if scalar else tuple(input.shape)
    if seq_t.dim() > 1 and (scalar or len(vshape) != seq_t.dim() or vshape[:-1] != tuple(seq_t.shape[:-1])):
        if scalar:
            raise RuntimeError("torch.searchsorted(): input value can be a scalar only when boundaries tensor "
                               f"dimension is 1, but we got boundaries tensor dim({seq_t.dim()}) and input value's "
                               f"dim(0) numel(1)")
        raise RuntimeError("torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
                           "dimensions of boundaries tensor and input value tensor must match, but we got "
                           f"boundaries tensor {list(seq_t.shape)} and input value tensor {list(vshape)}")
    if sorter is not None:
        _check_tensor(sorter, "searchsorted", "sorter", 5)
        if tuple(sorter.shape) != tuple(seq_t.shape):
            raise RuntimeError("torch.searchsorted(): boundary and sorter must have the same size, but got "
                               f"boundary tensor {list(seq_t.shape)}and got sorter tensor {list(sorter.shape)}")
    seq = _darr(seq_t.detach())
    if scalar:
        from cyautograd import tensor as _tensor
        vals = _darr(_tensor(input, dtype=seq_t.dtype, device=seq_t.device))
    else:
        _xp.same_device(seq, _darr(input))
        rd = _D.promote_types(input.dtype, seq_t.dtype)
        seq, vals = _xp.cast(seq, rd.np), _xp.cast(_darr(input.detach()), rd.np)
    r = _dw(_xp.searchsorted(seq, vals, right, None if sorter is None else _darr(sorter)))
    if out_int32:
        r = r.to(_D.int32)
    if out is not None:
        return _write_out("searchsorted", r, out)
    return r


@_fn_only
def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    """bucketize(input, boundaries, *, out_int32=False, right=False, out=None) -> Tensor

    The index of the bucket each value of ``input`` falls in, for the sorted 1-d
    ``boundaries`` (``searchsorted(boundaries, input)``): with ``right=False``
    ``boundaries[i-1] < x <= boundaries[i]``. Also a Tensor method.

    >>> torch.bucketize(torch.tensor([1, 5, 9]), torch.tensor([1, 3, 5, 7, 9]))
    """
    _check_tensor(boundaries, "bucketize", "boundaries", 2)
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right, out=out)


@_export
def count_nonzero(input, dim=None):
    """count_nonzero(input, dim=None) -> Tensor

    The number of non-zero elements (int64), in all of ``input`` or along
    ``dim`` (an int or a tuple of ints). Also a Tensor method.

    >>> torch.count_nonzero(torch.tensor([[0, 1, 7], [0, 0, 3]]), dim=1)
    """
    _check_tensor(input, "count_nonzero")
    if _anydev(input):   # NOTE [ Device backends ]
        nz = (input.detach() != 0).to(_D.int64)
        if dim is None or input.dim() == 0:
            return nz.sum()
        return nz.sum(dim=_dims(dim, input.dim()))
    a = _a(input)
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
        # an empty dim list counts over everything, as torch's
        return _w(np.asarray(np.count_nonzero(a), dtype=np.int64))
    dims = _dims(dim, input.dim())
    return _w(np.asarray((a != 0).sum(axis=dims) if a.ndim else np.count_nonzero(a), dtype=np.int64))


@_export
def argwhere(input):
    """argwhere(input) -> Tensor

    The indices of the non-zero elements, one row per element (``nonzero``).
    Also a Tensor method.

    >>> torch.argwhere(torch.tensor([[1, 0], [0, 3]]))
    """
    _check_tensor(input, "argwhere")
    return _O().nonzero(input)


@_fn_only
def isin(elements, test_elements, *, assume_unique=False, invert=False):
    """isin(elements, test_elements, *, assume_unique=False, invert=False) -> Tensor

    Whether each element of ``elements`` is in ``test_elements`` (either may be
    a Number), a bool tensor of ``elements``'s shape; ``invert=True`` negates.

    >>> torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2, 3]))
    """
    if not isinstance(elements, Tensor) and not isinstance(test_elements, Tensor):
        _invalid_combination("isin", (elements, test_elements),
                             ["Tensor elements, Tensor test_elements, *, bool assume_unique = False, "
                              "bool invert = False, Tensor out = None",
                              "Number element, Tensor test_elements, *, bool assume_unique = False, "
                              "bool invert = False, Tensor out = None",
                              "Tensor elements, Number test_element, *, bool assume_unique = False, "
                              "bool invert = False, Tensor out = None"])
    if _anydev(elements, test_elements):   # NOTE [ Device backends ]: a broadcast comparison
        from cyautograd.creation import tensor as _tensor
        dev = (elements if isinstance(elements, Tensor) and not elements.is_cpu else test_elements).device
        e = elements.detach() if isinstance(elements, Tensor) else _tensor(elements, device=dev)
        t = test_elements.detach() if isinstance(test_elements, Tensor) else _tensor(test_elements, device=dev)
        hit = (e.unsqueeze(-1) == t.reshape(-1)).any(-1) if t.numel() else e.new_zeros(tuple(e.shape), dtype=_D.bool)
        return hit.logical_not() if invert else hit
    for v in (elements, test_elements):
        if (v.dtype is _D.bool) if isinstance(v, Tensor) else isinstance(v, (bool, np.bool_)):
            raise RuntimeError("Unsupported input type encountered for isin(): Bool")
    _isin_default_kernel_view(elements, test_elements)
    e = _a(elements) if isinstance(elements, Tensor) else np.asarray(elements)
    t = _a(test_elements) if isinstance(test_elements, Tensor) else np.asarray(test_elements)
    return _w(np.isin(e, t, invert=bool(invert)), np.bool_)


def _isin_default_kernel_view(elements, test_elements):
    """NOTE [ isin's flat view of test_elements ]
    torch's isin picks its kernel by size (numpy's heuristic): when test_elements
    has fewer than ``10 * numel(elements) ** 0.145`` elements it loops over
    ``test_elements.to(common_dtype).view(-1)``; ``.to`` keeps a dense layout, so a
    transposed test_elements cannot be viewed flat and torch raises view's error.
    The sorting kernel (bigger test_elements) and empty elements view nothing."""
    if not isinstance(test_elements, Tensor):
        return
    n = elements.numel() if isinstance(elements, Tensor) else 1
    if n == 0 or test_elements.numel() >= int(10.0 * n ** 0.145):
        return
    t = test_elements.detach()
    common = _D.result_type(elements, test_elements)
    if t.dtype is not common:
        t = t.to(common)
    t.view(-1)


# -- products ----------------------------------------------------------------------------

def _tensordot_dtypes(a, b):
    """at::tensordot's dtype check: after the dims lists' lengths, before
    their wrapping and the contracted sizes."""
    if a.dtype != b.dtype:
        raise RuntimeError("both inputs should have same dtype")


@_fn_only
def tensordot(a, b, dims=2, out=None):
    """tensordot(a, b, dims=2, out=None) -> Tensor

    The sum of products over the last ``dims`` dimensions of ``a`` and the first
    ``dims`` of ``b`` (an int), or over the dimension lists ``dims = (dims_a,
    dims_b)``. A composite of permute, reshape and ``mm`` as in torch.

    >>> torch.tensordot(torch.arange(6.).reshape(2, 3), torch.arange(6.).reshape(3, 2), dims=1)
    """
    if isinstance(dims, (int, np.integer)) and not isinstance(dims, bool):
        # torch's Python tensordot: an int dims' sign, then min(a.dim(), b.dim())
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        for t in (a, b):
            if not isinstance(t, Tensor):
                raise AttributeError(f"'{_tname(t)}' object has no attribute 'dim'")
    # other dims: _VF.tensordot's parser
    _check_tensor(a, "tensordot", "input", 1)
    _check_tensor(b, "tensordot", "other", 2)
    if isinstance(dims, Tensor):
        dims = dims.tolist() if dims.dim() else int(dims.item())
    if isinstance(dims, (int, np.integer)) and not isinstance(dims, bool):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > a.dim() or dims > b.dim():
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        da = list(range(a.dim() - dims, a.dim()))
        db = list(range(dims))
        _tensordot_dtypes(a, b)
    else:
        if not isinstance(dims, (list, tuple)) or len(dims) != 2:
            raise RuntimeError("tensordot expects dims to be a pair of lists or an int")
        da, db = dims
        da = [da] if isinstance(da, int) else list(da)
        db = [db] if isinstance(db, int) else list(db)
        if len(da) != len(db):
            raise RuntimeError(f"both dimension lists should have same length")
        _tensordot_dtypes(a, b)
        da = [_wrap_dim(d, a.dim()) for d in da]
        db = [_wrap_dim(d, b.dim()) for d in db]
    for i, j in zip(da, db):
        if a.shape[i] != b.shape[j]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {a.shape[i]} in dim {i} "
                               f"and second has size {b.shape[j]} in dim {j}")
    ra = [d for d in range(a.dim()) if d not in da]
    rb = [d for d in range(b.dim()) if d not in db]
    k = int(np.prod([a.shape[d] for d in da], dtype=np.int64))
    m = int(np.prod([a.shape[d] for d in ra], dtype=np.int64))
    n = int(np.prod([b.shape[d] for d in rb], dtype=np.int64))
    pa = a.permute(*(ra + da)).reshape(m, k)
    pb = b.permute(*(db + rb)).reshape(k, n)
    r = pa.mm(pb).reshape(tuple([a.shape[d] for d in ra] + [b.shape[d] for d in rb]))
    if out is not None:
        return _write_out("tensordot", r.detach(), out, a, b)
    return r


@_export
def kron(input, other, *, out=None):
    """kron(input, other, *, out=None) -> Tensor

    The Kronecker product: block ``(i, j)`` of the result is ``input[i, j] * other``
    (in any number of dimensions). Also a Tensor method.

    >>> torch.kron(torch.eye(2), torch.ones(2, 2))
    """
    _check_tensor(input, "kron")
    _check_tensor(other, "kron", "other", 2)
    nd = _b.max(input.dim(), other.dim())
    a = input.reshape((1,) * (nd - input.dim()) + tuple(input.shape))
    b = other.reshape((1,) * (nd - other.dim()) + tuple(other.shape))
    ea, eb = [], []
    for i in range(nd):
        ea += [a.shape[i], 1]
        eb += [1, b.shape[i]]
    r = (a.reshape(tuple(ea)) * b.reshape(tuple(eb)))
    shape = tuple(a.shape[i] * b.shape[i] for i in range(nd))
    from cyautograd.ops.shape import _unsafe_view
    # NOTE [ kron views its product ]: torch's KronImpl _unsafe_views the product
    # of the two reshaped operands, whose layout follows the operands' strides
    # (TensorIterator's, which mul reproduces): a non-contiguous operand can give a
    # product no view reaches, and then torch raises view's error -- so do we
    # (our _unsafe_view reshapes a contiguous array; view() checks the others).
    if not r.is_contiguous():
        r.detach().view(shape)
    r = _unsafe_view(r, shape)
    if out is not None:
        return _write_out("kron", r.detach(), out, input, other)
    return r


@_export
def inner(input, other, *, out=None):
    """inner(input, other, *, out=None) -> Tensor

    The inner product over the last dimension of both (``tensordot`` with
    ``dims=([-1], [-1])``); a 0-d operand multiplies. Also a Tensor method.

    >>> torch.inner(torch.tensor([1., 2., 3.]), torch.tensor([0., 2., 1.]))
    """
    _check_tensor(input, "inner")
    _check_tensor(other, "inner", "other", 2)
    if input.dim() == 0 or other.dim() == 0:
        r = input * other
    else:
        if input.shape[-1] != other.shape[-1]:
            raise RuntimeError(f"inner() the last dimension must match on both input tensors but got shapes "
                               f"{list(input.shape)} and {list(other.shape)}")
        r = tensordot(input, other, ([-1], [-1]))
    if out is not None:
        return _write_out("inner", r.detach(), out, input, other)
    return r


@_named("VdotBackward0", saved=("self", "other"))
class _Vdot(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        if _anydev(a, b):   # NOTE [ Device backends ]
            return _composite(lambda a, b: (a * b).sum(), a, b)
        return _w(np.asarray(np.dot(_a(a), _a(b))))

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return (g * b if ctx.needs_input_grad[0] else None,
                g * a if ctx.needs_input_grad[1] else None)


def _dot_check(name, a, b):
    _check_tensor(a, name)
    _check_tensor(b, name, "other", 2)
    if a.dim() != 1 or b.dim() != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.dim()}D and {b.dim()}D tensors")
    if a.dtype != b.dtype:
        # (at::native's dot_check, shared by dot and vdot: "dot" in both)
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                           f"{a.dtype._cname} and {b.dtype._cname}")
    if a.shape[0] != b.shape[0]:
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] "
                           f"to have the same number of elements, but got {a.shape[0]} and {b.shape[0]} "
                           f"elements respectively")


@_export
def vdot(input, other, *, out=None):
    """vdot(input, other, *, out=None) -> Tensor

    The dot product of two 1-d tensors of one dtype (the first conjugated, a
    no-op for real dtypes). Also a Tensor method.

    >>> torch.vdot(torch.tensor([2., 3.]), torch.tensor([2., 1.]))
    """
    _dot_check("vdot", input, other)
    if out is not None:
        return _write_out("vdot", vdot(input.detach(), other.detach()), out, input, other)
    return _Vdot.apply(input, other)


@_named("Rot90Backward0", attrs={"k": "k", "dims": lambda n: tuple(n.dims)})
class _Rot90(Function):
    @staticmethod
    def forward(ctx, x, k, dims):
        ctx.k, ctx.dims = k, dims
        if _anydev(x):   # NOTE [ Device backends ]: numpy's rot90 as flips and a transpose
            d0, d1 = dims
            fn = {0: lambda t: t, 1: lambda t: t.flip(d1).transpose(d0, d1),
                  2: lambda t: t.flip(d0).flip(d1), 3: lambda t: t.transpose(d0, d1).flip(d1)}[k]
            return _composite(lambda t: fn(t).contiguous(), x)
        return _w(np.rot90(_a(x), k, axes=dims))

    @staticmethod
    def backward(ctx, g):
        return rot90(g, -ctx.k, list(ctx.dims)), None, None


@_export
def rot90(input, k=1, dims=(0, 1)):
    """rot90(input, k=1, dims=[0, 1]) -> Tensor

    Rotates ``input`` by 90 degrees ``k`` times in the plane of ``dims`` (from the
    first towards the second). Also a Tensor method.

    >>> torch.rot90(torch.arange(4).view(2, 2), 1, [0, 1])
    """
    _check_tensor(input, "rot90")
    dims = list(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if input.dim() < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {input.dim()}")
    d0, d1 = _wrap_dim(dims[0], input.dim()), _wrap_dim(dims[1], input.dim())
    if d0 == d1:
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {d0} and dim1 = {d1}")
    return _Rot90.apply(input, int(k) % 4, (d0, d1))


@_export
def ravel(input):
    """ravel(input) -> Tensor

    ``input`` as a contiguous 1-d tensor (a view when ``input`` is contiguous,
    else a copy). Also a Tensor method.

    >>> torch.ravel(torch.tensor([[1, 2], [3, 4]]).t())
    """
    _check_tensor(input, "ravel")
    return input.contiguous().view(-1)


@_fn_only
def cartesian_prod(*tensors):
    """cartesian_prod(*tensors) -> Tensor

    The cartesian product of 1-d tensors: one row per combination (as
    ``itertools.product``); a single tensor is returned as is.

    >>> torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4]))
    """
    O = _O()
    for t in tensors:
        if not isinstance(t, Tensor):
            raise TypeError(f"cartesian_prod(): argument 'tensors' (position 1) must be tuple of Tensors, "
                            f"not {_tname(t)}")
    for t in tensors:
        if t.dim() != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    grids = O.meshgrid(*tensors, indexing="ij")
    return O.stack([g.flatten() for g in grids], 1)


@_fn_only
def combinations(input, r=2, with_replacement=False):
    """combinations(input, r=2, with_replacement=False) -> Tensor

    The length-``r`` combinations of the elements of a 1-d tensor, one per row
    (as ``itertools.combinations``, or ``combinations_with_replacement``).

    >>> torch.combinations(torch.tensor([1, 2, 3]), r=2)
    """
    import itertools
    O = _O()
    _check_tensor(input, "combinations")
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return input.new_empty((0,)) if hasattr(input, "new_empty") else _w(np.empty(0, _a(input).dtype))
    f = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.array(list(f(range(input.shape[0]), r)), dtype=np.int64).reshape(-1, r)
    cols = [O.index_select(input, 0, _w(idx[:, j]) if input.is_cpu else _w(idx[:, j]).to(input.device))
            for j in range(r)]
    return O.stack(cols, 1)


def _tri_indices(row, col, offset, dtype, lower, name):
    from cyautograd.creation import _wrap
    for v, nm in ((row, "row"), (col, "col"), (offset, "offset")):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name}(): argument '{nm}' must be int, not {_tname(v)}")
    if row < 0:
        raise RuntimeError(f"row must be non-negative, got{row}")
    if col < 0:
        raise RuntimeError(f"col must be non-negative, got{col}")
    dt = dtype or _D.int64
    if dt not in (_D.int64, _D.int32):
        raise RuntimeError("\"tril_indices\" not implemented for '" + dt._cname + "'") if lower else \
            RuntimeError("\"triu_indices\" not implemented for '" + dt._cname + "'")
    i, j = (np.tril_indices if lower else np.triu_indices)(row, offset, col)
    return _wrap(np.ascontiguousarray(np.stack([i, j]).astype(dt.np).reshape(2, -1)))


@_fn_only
def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    """tril_indices(row, col, offset=0, *, dtype=torch.long) -> Tensor

    The (row, column) coordinates of the lower triangle of a ``row x col``
    matrix (at and below diagonal ``offset``), a ``2 x N`` tensor in row-major order.

    >>> torch.tril_indices(3, 3)
    """
    return _tri_indices(row, col, offset, dtype, True, "tril_indices")


@_fn_only
def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    """triu_indices(row, col, offset=0, *, dtype=torch.long) -> Tensor

    The (row, column) coordinates of the upper triangle of a ``row x col``
    matrix (at and above diagonal ``offset``), a ``2 x N`` tensor.

    >>> torch.triu_indices(3, 3, 1)
    """
    return _tri_indices(row, col, offset, dtype, False, "triu_indices")


@_named("BlockDiagBackward0")
class _BlockDiag(Function):
    @staticmethod
    def forward(ctx, npd, *ts):
        if _anydev(*ts):   # NOTE [ Device backends ]
            _xp.same_device(*[_darr(t) for t in ts])
            out, ctx.blocks = _xp.block_diag([_darr(t) for t in ts], npd)
            return _dw(out)
        mats = [_a(t).reshape(1, -1) if t.dim() == 1 else (_a(t).reshape(1, 1) if t.dim() == 0 else _a(t))
                for t in ts]
        R = _b.sum(m.shape[0] for m in mats)
        C = _b.sum(m.shape[1] for m in mats)
        out = np.zeros((R, C), dtype=npd)
        r = c = 0
        ctx.blocks = []
        for m, t in zip(mats, ts):
            out[r:r + m.shape[0], c:c + m.shape[1]] = m
            ctx.blocks.append((r, c, m.shape[0], m.shape[1], tuple(t.shape)))
            r += m.shape[0]
            c += m.shape[1]
        return _w(out)

    @staticmethod
    def backward(ctx, g):
        return (None,) + tuple(g[r:r + h, c:c + w].reshape(shape) for r, c, h, w, shape in ctx.blocks)


@_fn_only
def block_diag(*tensors):
    """block_diag(*tensors) -> Tensor

    A block-diagonal matrix with the given tensors (0-, 1- or 2-d) on its
    diagonal; the dtype is the promoted one.

    >>> torch.block_diag(torch.ones(2, 2), torch.tensor([[5.]]))
    """
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"block_diag(): argument 'tensors' (position 1) must be tuple of Tensors, "
                            f"not {_tname(t)}")
        if t.dim() > 2:
            raise RuntimeError(f"torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {i} has "
                               f"{t.dim()} dimensions")
    if not tensors:
        return _w(np.zeros((1, 0), dtype=_D.get_default_dtype().np))
    dt = tensors[0].dtype
    for t in tensors[1:]:
        dt = _D.promote_types(dt, t.dtype)
    return _BlockDiag.apply(dt.np, *tensors)


@_named("DiagEmbedBackward0")
class _DiagEmbed(Function):
    @staticmethod
    def forward(ctx, x, offset, d1, d2):
        ctx.args = (offset, d1, d2)
        out_nd = x.dim() + 1
        if _anydev(x):   # NOTE [ Device backends ]
            out = _dw(_xp.diag_embed_last(_darr(x.reshape(1) if x.dim() == 0 else x), offset))
        else:
            a = _a(x)
            n = a.shape[-1] + abs(offset) if a.ndim else abs(offset) + 1
            lead = a.shape[:-1]
            out = np.zeros(lead + (n, n), dtype=a.dtype)
            i = np.arange(a.shape[-1])
            rows, cols = (i, i + offset) if offset >= 0 else (i - offset, i)
            out[..., rows, cols] = a
        # move the two last dims to d1, d2
        rest = [k for k in range(out_nd) if k not in (d1, d2)]
        perm = [0] * out_nd
        for src, dst in zip(list(range(out_nd - 2)) + [out_nd - 2, out_nd - 1], rest + [d1, d2]):
            perm[dst] = src
        if isinstance(out, Tensor):
            return out.permute(*perm).contiguous()
        return _w(np.transpose(out, perm))

    @staticmethod
    def backward(ctx, g):
        offset, d1, d2 = ctx.args
        return g.diagonal(offset, d1, d2), None, None, None


@_export
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """diag_embed(input, offset=0, dim1=-2, dim2=-1) -> Tensor

    A tensor whose diagonals (planes ``dim1``, ``dim2``; diagonal ``offset``) are
    filled from the last dimension of ``input``, zeros elsewhere (the inverse of
    ``diagonal``). Also a Tensor method.

    >>> torch.diag_embed(torch.tensor([[1., 2.], [3., 4.]]))
    """
    _check_tensor(input, "diag_embed")
    nd = input.dim() + 1
    d1, d2 = _wrap_dim(dim1, nd), _wrap_dim(dim2, nd)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    x = input if input.dim() else input.reshape(1)
    n = x.shape[-1] + abs(int(offset))
    sizes = list(x.shape[:-1])
    for d in sorted((d1, d2)):
        sizes.insert(d, n)
    from cyautograd.creation import _storage_check
    _storage_check(sizes, x.dtype.np)     # torch's overflow error, not numpy's ValueError
    return _DiagEmbed.apply(x, int(offset), d1, d2)


@_export
def diagflat(input, offset=0):
    """diagflat(input, offset=0) -> Tensor

    A 2-d tensor with the flattened ``input`` on diagonal ``offset``. Also a
    Tensor method.

    >>> torch.diagflat(torch.tensor([[1, 2], [3, 4]]))
    """
    _check_tensor(input, "diagflat")
    return diag_embed(input.contiguous().view(-1), offset, 0, 1)


# -- the *_scatter family ------------------------------------------------------------

def _scatter_fn(node, region):
    """region(t, *args) -> the view of t that src fills."""
    @_named(node)
    class _S(Function):
        @staticmethod
        def forward(ctx, x, src, *args):
            ctx.args = args
            ctx.src_shape = tuple(src.shape)
            out = x.detach().clone()
            v = region(out, *args)
            if tuple(v.shape) != tuple(src.shape):
                raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                                   f"{list(src.shape)}, slice size = {list(v.shape)}")
            if _anydev(x, src):   # NOTE [ Device backends ]: a routed copy_ into the view
                from cyautograd.grad_mode import no_grad
                with no_grad():
                    v.copy_(src.detach())
                return out
            _a(v)[...] = _a(src).astype(_a(v).dtype)
            return out

        @staticmethod
        def backward(ctx, g):
            gi = gs = None
            if ctx.needs_input_grad[0]:
                from cyautograd import zeros
                gi = _scatter_ops[node](g, zeros(ctx.src_shape, dtype=g.dtype, device=g.device), *ctx.args)
            if ctx.needs_input_grad[1]:
                gs = region(g, *ctx.args)
                if not isinstance(gs, Tensor):  # pragma: no cover
                    gs = None
            return (gi, gs) + (None,) * len(ctx.args)
    return _S


_scatter_ops = {}


def _diag_region(t, offset, d1, d2):
    return t.diagonal(offset, d1, d2)


def _select_region(t, d, i):
    return t.select(d, i)


def _slice_region(t, d, start, end, step):
    sl = [slice(None)] * t.dim()
    sl[d] = slice(start, end, step)
    return t[tuple(sl)]


_DiagScatter = _scatter_fn("DiagonalScatterBackward0", _diag_region)
_SelectScatter = _scatter_fn("SelectScatterBackward0", _select_region)
_SliceScatter = _scatter_fn("SliceScatterBackward0", _slice_region)


def _scatter_common(name, input, src):
    _check_tensor(input, name)
    _check_tensor(src, name, "src", 2)


@_export
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """diagonal_scatter(input, src, offset=0, dim1=0, dim2=1) -> Tensor

    A copy of ``input`` with its diagonal (``offset``, planes ``dim1``/``dim2``)
    replaced by ``src`` (out of place; differentiable in both). Also a Tensor method.

    >>> torch.diagonal_scatter(torch.zeros(3, 3), torch.ones(3))
    """
    _scatter_common("diagonal_scatter", input, src)
    d1, d2 = _wrap_dim(dim1, input.dim()), _wrap_dim(dim2, input.dim())
    return _DiagScatter.apply(input, src, int(offset), d1, d2)


@_export
def select_scatter(input, src, dim, index):
    """select_scatter(input, src, dim, index) -> Tensor

    A copy of ``input`` with ``input.select(dim, index)`` replaced by ``src``.
    Also a Tensor method.

    >>> torch.select_scatter(torch.zeros(2, 2), torch.ones(2), 0, 0)
    """
    _scatter_common("select_scatter", input, src)
    d = _wrap_dim(dim, input.dim())
    n = input.shape[d]
    if index < -n or index >= n:
        raise IndexError(f"select(): index {index} out of range for tensor of size {list(input.shape)} at "
                         f"dimension {d}")
    return _SelectScatter.apply(input, src, d, int(index) % n if n else int(index))


@_export
def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    """slice_scatter(input, src, dim=0, start=None, end=None, step=1) -> Tensor

    A copy of ``input`` with the slice ``start:end:step`` along ``dim`` replaced
    by ``src``. Also a Tensor method.

    >>> torch.slice_scatter(torch.zeros(4, 2), torch.ones(2, 2), start=2)
    """
    _scatter_common("slice_scatter", input, src)
    if src.requires_grad and is_grad_enabled() and not input.dtype.is_floating_point:
        # the result takes input's dtype, and autograd takes none but floating ones
        raise RuntimeError(f"Autograd not support dtype: {input.dtype._cname}")
    d = _wrap_dim(dim, input.dim())
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    return _SliceScatter.apply(input, src, d, start, end, int(step))


_scatter_ops["DiagonalScatterBackward0"] = lambda g, z, o, d1, d2: diagonal_scatter(g, z, o, d1, d2)
_scatter_ops["SelectScatterBackward0"] = lambda g, z, d, i: select_scatter(g, z, d, i)
_scatter_ops["SliceScatterBackward0"] = lambda g, z, d, s, e, st: slice_scatter(g, z, d, s, e, st)


# NOTE [ masked_scatter's edges ]
# torch's MaskedScatterBackward0 has two next edges, self's and source's (the
# mask is no differentiable input, and self is not expanded through an
# ExpandBackward0 node: the engine sums self's gradient back to its shape).
# The mask reaches the Function inside a tuple so that it takes no edge.
@_named("MaskedScatterBackward0", saved=("mask",), attrs={"source_sym_sizes": "src_shape"})
class _MaskedScatter(Function):
    @staticmethod
    def forward(ctx, x, src, mask_box, shape):
        mask, = mask_box
        ctx.save_for_backward(mask)
        ctx.src_shape = tuple(src.shape)
        ctx.in_shape = tuple(x.shape)
        if _anydev(x, mask, src):   # NOTE [ Device backends ]
            return _dw(_xp.masked_scatter(_darr(x.expand(shape)), _darr(mask), _darr(src)))
        a = np.broadcast_to(_a(x), shape)
        m = np.broadcast_to(_a(mask), shape)
        out = a.copy()
        k = int(m.sum())
        out[m] = _a(src).reshape(-1)[:k].astype(a.dtype)
        return _w(out)

    @staticmethod
    def backward(ctx, g):
        mask, = ctx.saved_tensors
        gi = gs = None
        if ctx.needs_input_grad[0]:
            gi = _sum_to(g.masked_fill(mask, 0), ctx.in_shape)
        if ctx.needs_input_grad[1]:
            sel = g.masked_select(mask)
            n = int(np.prod(ctx.src_shape, dtype=np.int64))
            from cyautograd import zeros
            pad = zeros(n - sel.numel(), dtype=g.dtype, device=g.device)
            gs = _O().cat([sel, pad]).reshape(ctx.src_shape)
        return gi, gs, None, None


@_export
def masked_scatter(input, mask, source):
    """masked_scatter(input, mask, source) -> Tensor

    A copy of ``input`` whose elements where the bool ``mask`` (broadcast) is
    True are taken, in order, from ``source``. Also a Tensor method; in place
    ``x.masked_scatter_(mask, source)``.

    >>> torch.masked_scatter(torch.zeros(2, 3), torch.tensor([[True, False, True], [False, True, False]]),
    ...                      torch.arange(1., 7.).view(2, 3))
    """
    _check_tensor(input, "masked_scatter")
    _check_tensor(mask, "masked_scatter", "mask", 2)
    _check_tensor(source, "masked_scatter", "source", 3)
    if mask.dtype is not _D.bool:
        raise RuntimeError(f"masked_scatter_ only supports boolean masks, but got mask with dtype "
                           f"{mask.dtype._cname}")
    if input.dtype != source.dtype:
        raise RuntimeError(f"masked_scatter: expected self and source to have same dtypes but got "
                           f"{input.dtype._cname} and {source.dtype._cname}")
    from cyautograd.ops.extra import broadcast_shapes
    shape = broadcast_shapes(tuple(input.shape), tuple(mask.shape))
    shape = tuple(shape)
    k = int(mask.detach().expand(shape).sum()) if _anydev(mask) else int(np.broadcast_to(_a(mask), shape).sum())
    if k > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    return _MaskedScatter.apply(input, source, (mask.detach(),), shape)   # NOTE [ masked_scatter's edges ]


# -- reductions --------------------------------------------------------------------------

from cyautograd.ops.extra import _selecting  # noqa: E402


def _evenly(g, x, res):
    """evenly_distribute_backward: g shared among the elements equal to res."""
    mask = (x == res) | (x.isnan() & res.isnan()) if x.dtype.is_floating_point else (x == res)
    mask = mask.to(g.dtype)
    return mask * (g / mask.sum())


@_named("AminmaxBackward0", saved=("self", "min", "max"), attrs={
    "dim": lambda n: n.info[0], "keepdim": lambda n: bool(n.info[1])})
class _Aminmax(Function):
    @staticmethod
    def forward(ctx, x, dim, keepdim):
        if _anydev(x):   # NOTE [ Device backends ]: amin / amax are routed
            from cyautograd.grad_mode import no_grad
            with no_grad():
                xd = x.detach()
                if x.dim() == 0:
                    tn, tx = xd.clone(), xd.clone()
                else:
                    ax = tuple(range(x.dim())) if dim is None else dim
                    tn, tx = xd.amin(dim=ax, keepdim=keepdim).clone(), xd.amax(dim=ax, keepdim=keepdim).clone()
            ctx.save_for_backward(x, tn, tx)
            ctx.info = (dim, keepdim)
            return tn, tx
        a = _a(x)
        ax = None if dim is None else dim
        if a.ndim == 0:
            mn, mx = a.copy(), a.copy()
        else:
            mn = a.min(axis=ax, keepdims=keepdim)
            mx = a.max(axis=ax, keepdims=keepdim)
        tn, tx = _w(mn, a.dtype), _w(mx, a.dtype)
        ctx.save_for_backward(x, tn, tx)
        ctx.info = (dim, keepdim)
        return tn, tx

    @staticmethod
    def backward(ctx, gmin, gmax):
        x, mn, mx = ctx.saved_tensors
        dim, keepdim = ctx.info
        out = None
        for g, r in ((gmin, mn), (gmax, mx)):
            if g is None:
                continue
            if dim is not None and not keepdim and x.dim():
                g, r = g.unsqueeze(dim), r.unsqueeze(dim)
            if dim is None:
                part = _evenly(g, x, r)
            else:
                mask = (x == r) | (x.isnan() & r.isnan())
                mask = mask.to(g.dtype)
                part = mask * g / mask.sum(dim, keepdim=True)
            out = part if out is None else out + part
        return out, None, None


@_export
def aminmax(input, *, dim=None, keepdim=False, out=None):
    """aminmax(input, *, dim=None, keepdim=False, out=None) -> (Tensor min, Tensor max)

    The minimum and maximum of ``input`` (of all elements, or along ``dim``), as a
    named tuple ``(min, max)``; the gradient is shared among ties as ``amin``/``amax``.
    Also a Tensor method.

    >>> torch.aminmax(torch.tensor([[1., 5.], [3., -2.]]), dim=0)
    """
    _check_tensor(input, "aminmax")
    rt = _return_type("aminmax", ["min", "max"])
    if dim is None and input.numel() == 0:
        raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the operation has "
                           "no identity.")
    d = None if dim is None else _wrap_dim(dim, input.dim())
    if d is not None and input.dim() and input.shape[d] == 0:
        raise IndexError(f"aminmax: Expected reduction dim {d} to have non-zero size.")   # torch's words
    if out is not None:
        return _write_out_tuple("aminmax", aminmax(input.detach(), dim=dim, keepdim=keepdim), out, input)
    if d is not None and input.dim() == 0:
        d = None if not keepdim else None
    mn, mx = _Aminmax.apply(input, d, bool(keepdim))
    return rt(mn, mx)


def _pick_mode(a, dim):
    if a.ndim == 0:
        return a.copy(), np.zeros((), np.int64)
    am = np.moveaxis(a, dim, -1)
    flat = am.reshape(-1, am.shape[-1])
    vals = np.empty(flat.shape[0], dtype=a.dtype)
    idxs = np.empty(flat.shape[0], dtype=np.int64)
    for r in range(flat.shape[0]):
        row = flat[r]
        u, cnt = np.unique(row, return_counts=True)
        v = u[np.argmax(cnt)]          # the smallest of the most frequent values
        vals[r] = v
        hit = np.nonzero((row == v) | (np.isnan(row) & np.isnan(v)) if row.dtype.kind == "f" else (row == v))[0]
        idxs[r] = hit[-1]               # torch reports its last occurrence
    shape = am.shape[:-1]
    v = np.expand_dims(vals.reshape(shape), dim)
    i = np.expand_dims(idxs.reshape(shape), dim)
    return v, i


_pick_mode.device = lambda a, dim: _xp.pick_mode(a, dim)
_Mode = _selecting("ModeBackward0")
_Mode._backward_cls.__module__ = "cyautograd.ops.extra2"


@_export
def mode(input, dim=-1, keepdim=False, *, out=None):
    """mode(input, dim=-1, keepdim=False, *, out=None) -> (Tensor values, Tensor indices)

    The most frequent value along ``dim`` (the smallest one on a tie of counts)
    and the index of its last occurrence, a named tuple ``(values, indices)``.
    Also a Tensor method.

    >>> torch.mode(torch.tensor([[1, 2, 2], [3, 3, 1]]), 1)
    """
    _check_tensor(input, "mode")
    d = _wrap_dim(dim, input.dim())
    if input.dim() and input.shape[d] == 0:
        raise IndexError(f"mode(): Expected reduction dim {d} to have non-zero size.")
    rt = _return_type("mode", ["values", "indices"])
    if out is not None:
        return _write_out_tuple("mode", mode(input.detach(), dim, keepdim), out, input)
    v, i = _Mode.apply(input, d, bool(keepdim), _pick_mode)
    return rt(v, i)


def _pick_nanmedian(a, dim):
    if a.ndim == 0:
        return a.copy(), np.zeros((), np.int64)
    order = np.argsort(a, axis=dim, kind="stable")   # nan last
    valid = (~np.isnan(a)).sum(axis=dim, keepdims=True) if a.dtype.kind == "f" else \
        np.full(np.take(a, [0], axis=dim).shape, a.shape[dim])
    k = np.maximum((valid - 1) // 2, 0)
    idx = np.take_along_axis(order, k, dim)
    return np.take_along_axis(a, idx, dim), idx


_pick_nanmedian.device = lambda a, dim: _xp.pick_nanmedian(a, dim)
_NanmedianDim = _selecting("NanmedianBackward1")
_NanmedianDim._backward_cls.__module__ = "cyautograd.ops.extra2"


@_named("NanmedianBackward0")
class _NanmedianAll(Function):
    @staticmethod
    def forward(ctx, x):
        if _anydev(x):   # NOTE [ Order statistics from argsort ] (ops/_xp.py)
            t = _dw(_xp.nanmedian_all(_darr(x)))
            ctx.save_for_backward(x, t)
            return t
        a = _a(x).reshape(-1)
        v = a[~np.isnan(a)] if a.dtype.kind == "f" else a
        r = np.sort(v)[(v.size - 1) // 2] if v.size else np.array(np.nan, a.dtype)
        t = _w(np.asarray(r, dtype=a.dtype))
        ctx.save_for_backward(x, t)
        return t

    @staticmethod
    def backward(ctx, g):
        x, r = ctx.saved_tensors
        if _anydev(x):
            return _evenly(g, x, r)
        from cyautograd.ops.extra import _evenly_distribute
        return _evenly_distribute(g, x.detach(), r.detach())


@_export
def nanmedian(input, dim=None, keepdim=False, *, out=None):
    """nanmedian(input, dim=None, keepdim=False, *, out=None) -> Tensor or (Tensor values, Tensor indices)

    The median ignoring nan (the lower of the two middle values; nan only when a
    slice is all nan): of all elements, or along ``dim`` with the index of the
    median, a named tuple ``(values, indices)``. Also a Tensor method.

    >>> torch.nanmedian(torch.tensor([1., float('nan'), 3., 2.]))
    """
    _check_tensor(input, "nanmedian")
    if input.dtype is _D.bool:
        raise NotImplementedError(f"\"{'median_cpu' if dim is None else 'nanmedian_out'}\" not implemented for 'Bool'")
    if dim is None:
        if out is not None:
            return _write_out("nanmedian", nanmedian(input.detach()), out, input)
        return _NanmedianAll.apply(input)
    d = _wrap_dim(dim, input.dim())
    if input.dim() and input.shape[d] == 0:
        # torch's nanmedian shares median's check, and its words
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    rt = _return_type("nanmedian", ["values", "indices"])
    if out is not None:
        return _write_out_tuple("nanmedian", nanmedian(input.detach(), dim, keepdim), out, input)
    v, i = _NanmedianDim.apply(input, d, bool(keepdim), _pick_nanmedian)
    return rt(v, i)


_INTERP = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(name, input, q, dim, keepdim, interpolation, out, ignore_nan):
    O = _O()
    _check_tensor(input, name)
    if not isinstance(interpolation, str):
        raise TypeError(f"{name}(): argument 'interpolation' must be str, not {_tname(interpolation)}")
    if input.numel() == 0:
        raise RuntimeError(f"{name}() input tensor must be non-empty")
    if not input.dtype.is_floating_point or input.dtype is _D.float16:
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    if isinstance(q, Tensor):
        if q.dim() > 1:
            raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
        if q.dtype != input.dtype:
            raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
        qa = (_a(q) if q.is_cpu else q.detach().cpu().numpy()).astype(np.float64)   # the range check's values
        qt = q.detach()
        scalar_q = q.dim() == 0
    else:
        if isinstance(q, bool) or not isinstance(q, (int, float, np.number)):
            raise TypeError(f"{name}(): argument 'q' (position 2) must be float, not {_tname(q)}")
        qa = np.asarray(float(q))
        scalar_q = True
        qt = None
    if qa.size and (np.any(qa < 0) or np.any(qa > 1) or np.any(np.isnan(qa))):
        if scalar_q and qt is None:
            raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {float(q)}")
        raise RuntimeError(f"{name}() q values must be in the range [0, 1]")
    if interpolation not in _INTERP:
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, midpoint or nearest, "
                           f"but got {interpolation}")
    # the reduced dimension moved last (or the flattened input), then sorted
    if dim is None:
        x = input.reshape(-1)
        d = 0
        out_shape = [1] * input.dim() if keepdim else []
    else:
        d = _wrap_dim(dim, input.dim())
        x = input if input.dim() else input.reshape(1)
        out_shape = list(input.shape)
        if keepdim:
            out_shape[d] = 1
        elif input.dim():
            del out_shape[d]
        if d != x.dim() - 1:
            x = x.unsqueeze(-1).transpose(d, -1).squeeze(d)
    sorted_ = O.sort(x, -1)[0]
    n = sorted_.shape[-1]
    nq = 1 if scalar_q else qa.size
    qv = qa.reshape(-1)
    # the ranks, on the host or (NOTE [ Order statistics from argsort ] in ops/_xp.py) the device
    dev = _anydev(sorted_)
    wrap = _dw if dev else _w
    below, above, w = _xp.quantile_ranks(_darr(sorted_) if dev else _a(sorted_), qv, ignore_nan,
                                         input.dtype.np, interpolation)
    res = O.gather(sorted_, -1, wrap(below))
    if interpolation in ("linear", "midpoint"):
        res = O.lerp(res, O.gather(sorted_, -1, wrap(above)), wrap(w))
    return _quantile_finish(name, res, nq, out_shape, scalar_q, out, input)


def _quantile_finish(name, res, nq, out_shape, scalar_q, out, input):
    # res: lead + (nq,) -> (nq,) + out_shape, then the q dimension squeezed for a scalar q
    res = res.unsqueeze(0).transpose(0, -1).squeeze(-1) if res.dim() > 1 else res
    res = res.reshape(tuple([nq] + out_shape))
    if res._base is not None:
        res = res.clone()   # squeeze_ of a view is refused here; torch's result is not one either
    if scalar_q:
        res.squeeze_(0)
    else:
        res = res.unsqueeze(-1).clone()
        res.squeeze_(-1)
    if out is not None:
        return _write_out(name, res.detach(), out, input)
    return res


@_export
def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    """quantile(input, q, dim=None, keepdim=False, *, interpolation='linear', out=None) -> Tensor

    The ``q``-th quantiles (``q`` a float or a 1-d tensor in [0, 1]) of all of
    ``input`` or along ``dim``; between two data points ``interpolation`` is
    ``linear``, ``lower``, ``higher``, ``midpoint`` or ``nearest``. A tensor
    ``q`` adds a leading dimension. A slice with nan gives nan. Also a Tensor method.

    >>> torch.quantile(torch.tensor([1., 2., 3., 4.]), torch.tensor([0.25, 0.5]))
    """
    return _quantile("quantile", input, q, dim, keepdim, interpolation, out, False)


@_export
def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    """nanquantile(input, q, dim=None, keepdim=False, *, interpolation='linear', out=None) -> Tensor

    ``quantile`` that ignores nan (a slice that is all nan gives nan). Also a
    Tensor method.

    >>> torch.nanquantile(torch.tensor([1., float('nan'), 3.]), 0.5)
    """
    return _quantile("nanquantile", input, q, dim, keepdim, interpolation, out, True)


@_named("LogcumsumexpBackward0", saved=("self", "result"), attrs={"dim": "dim"})
class _Logcumsumexp(Function):
    @staticmethod
    def forward(ctx, x, dim):
        if _anydev(x):   # NOTE [ Device backends ]: shifted by the running max's end value, a cumsum
            def f(t):
                if t.dim() == 0:
                    return t
                m = t.amax(dim=dim, keepdim=True)
                m = m.masked_fill(m.isinf(), 0)
                return (t - m).exp().cumsum(dim).log() + m
            t = _composite(f, x)
        else:
            a = _a(x)
            if a.ndim == 0:
                r = a.copy()
            else:
                with np.errstate(all="ignore"):
                    r = np.logaddexp.accumulate(a, axis=dim)
            t = _w(r, a.dtype)
        ctx.save_for_backward(x, t)
        ctx.dim = dim
        return t

    @staticmethod
    def _jvp(args, out, tans):
        # torch's formula: cumsum(exp(x - max) * t) / (cumsum(exp(x - max)) + 1e-13),
        # the numerator 0 where the denominator underflows (the backward, in log
        # space, is nan at g = 0)
        x, dim = args
        t = tans[0]
        if x.dim() == 0:
            return t.clone()
        e = (x - x.amax(dim, keepdim=True)).exp() if x.numel() else x.exp()
        c = e.cumsum(dim)
        return (e * t).cumsum(dim).masked_fill(c < 1e-13, 0.0) / (c + 1e-13)

    @staticmethod
    def backward(ctx, g):
        x, r = ctx.saved_tensors
        dim = ctx.dim
        if x.dim() == 0 or x.numel() == 0:
            return g, None
        if is_grad_enabled():       # NOTE [ Results in backward formulas ]
            r = logcumsumexp(x, dim)
        from cyautograd.ops.extra import flip
        from cyautograd import tensor as _t
        # grad_i = sum_{j >= i} g_j exp(x_i - r_j), in log space split by the sign of g
        # (the TensorFlow formula torch uses; log 0 stands in as the lowest float)
        lowest = _t(float(np.finfo(g.dtype.np).min), dtype=g.dtype)
        lg = g.abs().log()
        O = _O()
        pos = O.where(g > 0, lg, lowest)
        neg = O.where(g < 0, lg, lowest)

        def rev(v):
            return flip(logcumsumexp(flip(v, [dim]), dim), [dim])
        return (rev(pos - r) + x).exp() - (rev(neg - r) + x).exp(), None


@_export
def logcumsumexp(input, dim, *, out=None):
    """logcumsumexp(input, dim, *, out=None) -> Tensor

    ``log(cumsum(exp(input), dim))`` computed without overflow. Also a Tensor method.

    >>> torch.logcumsumexp(torch.tensor([0., 0., 1000.]), 0)
    """
    _check_tensor(input, "logcumsumexp")
    d = _wrap_dim(dim, input.dim())
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"logcumsumexp_out_cpu\" not implemented for '{input.dtype._cname}'")
    x = input
    if out is not None:
        return _write_out("logcumsumexp", logcumsumexp(input.detach(), dim), out, input)
    return _Logcumsumexp.apply(x, d)


@_export
def cov(input, *, correction=1, fweights=None, aweights=None):
    """cov(input, *, correction=1, fweights=None, aweights=None) -> Tensor

    The covariance matrix of the variables in the rows of ``input`` (observations
    in columns; a 1-d input is one variable), with ``correction`` degrees of
    freedom subtracted and optional integer frequency weights and float
    observation weights. Also a Tensor method.

    >>> torch.cov(torch.tensor([[0., 1., 2.], [2., 1., 0.]]))
    """
    O = _O()
    _check_tensor(input, "cov")
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    x = input.view(1, -1) if input.dim() < 2 else input
    nobs = x.shape[1]
    w = None
    if fweights is not None:
        _check_tensor(fweights, "cov", "fweights")
        if fweights.dim() > 1:
            raise RuntimeError(f"cov(): expected fweights to have one or fewer dimensions but got fweights with "
                               f"{fweights.dim()} dimensions")
        if fweights.dtype.is_floating_point or fweights.dtype is _D.bool:
            raise RuntimeError(f"cov(): expected fweights to have integral dtype but got fweights with "
                               f"{fweights.dtype._cname} dtype")
        if fweights.numel() != nobs:
            raise RuntimeError(f"cov(): expected fweights to have the same numel as there are observations in "
                               f"the input but got {fweights.numel()} != {nobs}")
        if fweights.numel() and bool((fweights < 0).any()):
            raise RuntimeError("cov(): fweights cannot be negative")
        w = fweights
    if aweights is not None:
        _check_tensor(aweights, "cov", "aweights")
        if aweights.dim() > 1:
            raise RuntimeError(f"cov(): expected aweights to have one or fewer dimensions but got aweights with "
                               f"{aweights.dim()} dimensions")
        if not aweights.dtype.is_floating_point:
            raise RuntimeError(f"cov(): expected aweights to have floating point dtype but got aweights with "
                               f"{aweights.dtype._cname} dtype")
        if aweights.numel() != nobs:
            raise RuntimeError(f"cov(): expected aweights to have the same numel as there are observations in "
                               f"the input but got {aweights.numel()} != {nobs}")
        if aweights.numel() and bool((aweights < 0).any()):
            raise RuntimeError("cov(): aweights cannot be negative")
        w = aweights if w is None else w * aweights
    if w is None:
        from cyautograd import tensor as _t
        w_sum = _t(nobs, dtype=_D.int64)
    else:
        w_sum = w.sum()
    avg = (x * w if w is not None else x).sum(1) / w_sum
    if w is not None and aweights is not None and correction != 0:
        norm_factor = w_sum - correction * (w * aweights).sum() / w_sum
    else:
        norm_factor = w_sum - correction
    if bool((norm_factor <= 0).item()):
        from cyautograd._warn import warn_user
        warn_user("cov(): degrees of freedom is <= 0. Correction should be strictly less than the number "
                  "of observations.")
        norm_factor = norm_factor.clamp_min(0) if hasattr(norm_factor, "clamp_min") else norm_factor
        norm_factor = norm_factor * 0
    x = x - avg.unsqueeze(1)
    c = O.mm(x, (x * w if w is not None else x).t())
    return O.true_divide(c, norm_factor).squeeze() if hasattr(O, "true_divide") else (c / norm_factor).squeeze()


@_export
def corrcoef(input):
    """corrcoef(input) -> Tensor

    The Pearson correlation coefficients of the variables in the rows of
    ``input`` (``cov`` normalised by the standard deviations, clipped to [-1, 1]).
    Also a Tensor method.

    >>> torch.corrcoef(torch.tensor([[0., 1., 2.], [2., 1., 0.5]]))
    """
    _check_tensor(input, "corrcoef")
    if input.dim() > 2:
        raise RuntimeError(f"corrcoef(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:
        return c / c
    d = c.diagonal()
    std = d.sqrt()
    c = c / std.view(-1, 1)
    c = c / std.view(1, -1)
    return c.clamp(-1, 1)


@_named("DistBackward0", saved=("self", "other", "result"), attrs={"p": "p"})
class _Dist(Function):
    @staticmethod
    def forward(ctx, a, b, p):
        from cyautograd import linalg
        d = (a.detach() - b.detach())
        r = linalg.vector_norm(d, p)
        res = r.detach().clone()
        # torch saves self, other and the result: norm_backward(grad, self -
        # other, p, result) reads the recorded result (a .data change of an
        # input does not recompute it; an in-place change of it is a version error)
        ctx.save_for_backward(a, b, res)
        ctx.p = p
        return res

    @staticmethod
    def backward(ctx, g):
        a, b, r = ctx.saved_tensors
        diff_ = a - b
        # the norm's derivative, written out (norm_backward)
        p = ctx.p
        if p == 0:
            # torch's norm_backward returns an undefined gradient for p=0, which
            # DistBackward0 then passes on: its backward raises
            raise RuntimeError("Expected a proper Tensor but got None (or an undefined Tensor in C++) for "
                               "argument #0 'self'")
        elif p == 1:
            gx = g * diff_.sign()
        elif p == math.inf or p == -math.inf:
            hit = (diff_.abs() == r).to(diff_.dtype)
            gx = g * diff_.sign() * hit / hit.sum()
        elif p == 2:
            gx = (g * diff_ / r).masked_fill(r == 0, 0)
        else:
            gx = (g * diff_.sign() * diff_.abs().pow(p - 1) / r.pow(p - 1)).masked_fill(r == 0, 0)
        return (_sum_to(gx, a.shape) if ctx.needs_input_grad[0] else None,
                _sum_to(-gx, b.shape) if ctx.needs_input_grad[1] else None, None)

    @staticmethod
    def _jvp(args, out, tans):
        # torch's norm_jvp gives p=0 a zero tangent (its backward raises); any
        # other p: the double-vjp of the backward (None)
        if args[2] == 0:
            from cyautograd import zeros_like
            return zeros_like(out)
        return None


@_export
def dist(input, other, p=2):
    """dist(input, other, p=2) -> Tensor

    The ``p``-norm of ``input - other`` (broadcast), a 0-d tensor. Also a Tensor method.

    >>> torch.dist(torch.tensor([1., 2.]), torch.tensor([4., 6.]))
    """
    _check_tensor(input, "dist")
    _check_tensor(other, "dist", "other", 2)
    if isinstance(p, Tensor):
        p = p.item()
    if isinstance(p, bool) or not isinstance(p, (int, float, np.number)):
        raise TypeError(f"dist(): argument 'p' (position 3) must be Number, not {_tname(p)}")
    _bcast_ok(input, other)
    if not _D.result_type(input, other).is_floating_point:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long")
    return _Dist.apply(input, other, float(p))


@_named("RenormBackward0", saved=("self",), attrs={
    "p": lambda n: n.info[0], "dim": lambda n: n.info[1], "maxnorm": lambda n: n.info[2]})
class _Renorm(Function):
    @staticmethod
    def forward(ctx, x, p, dim, maxnorm):
        ctx.save_for_backward(x)
        ctx.info = (p, dim, maxnorm)
        if _anydev(x):   # NOTE [ Device backends ]: the host formula with routed ops
            axes = tuple(i for i in range(x.dim()) if i != dim)

            def f(t):
                if p == math.inf:
                    norms = t.abs().amax(axes, keepdim=True)
                else:
                    norms = (t.double().abs() ** p).sum(axes, keepdim=True) ** (1.0 / p)
                factor = (maxnorm / (norms + 1e-7)).where(norms > maxnorm, 1.0).to(t.dtype)
                return t * factor
            return _composite(f, x)
        a = _a(x)
        axes = tuple(i for i in range(a.ndim) if i != dim)
        with np.errstate(all="ignore"):
            if p == math.inf:
                norms = np.abs(a).max(axis=axes, keepdims=True) if a.size else np.zeros(1)
            else:
                norms = (np.abs(a.astype(np.float64)) ** p).sum(axis=axes, keepdims=True) ** (1.0 / p)
            factor = np.where(norms > maxnorm, maxnorm / (norms + 1e-7), 1.0).astype(a.dtype)
        ctx.save_for_backward(x)
        ctx.info = (p, dim, maxnorm)
        return _w(a * factor)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        p, dim, maxnorm = ctx.info
        from cyautograd import linalg
        axes = tuple(i for i in range(x.dim()) if i != dim)
        norm = linalg.vector_norm(x, p, dim=axes, keepdim=True)
        invnorm = (norm + 1e-7).reciprocal()
        factor = invnorm * maxnorm
        grad_norm = maxnorm * invnorm * invnorm * ((g * x).sum(axes, keepdim=True))
        # d norm / dx (vector_norm's backward)
        if p == 2:
            dn = x / norm
        elif p == 1:
            dn = x.sign()
        else:
            dn = x.sign() * x.abs().pow(p - 1) / norm.pow(p - 1)
        gx = g * factor - dn * grad_norm
        return gx.where(norm > maxnorm, g), None, None, None


@_export
def renorm(input, p, dim, maxnorm, *, out=None):
    """renorm(input, p, dim, maxnorm, *, out=None) -> Tensor

    Each slice ``input.select(dim, i)`` whose ``p``-norm exceeds ``maxnorm`` is
    scaled down to norm ``maxnorm``; the others are kept. Also a Tensor method
    (in place ``x.renorm_(p, dim, maxnorm)``).

    >>> torch.renorm(torch.tensor([[1., 1.], [3., 4.]]), 2, 0, 2.)
    """
    _check_tensor(input, "renorm")
    if not isinstance(p, (int, float, np.number)) or isinstance(p, bool):
        raise TypeError(f"renorm(): argument 'p' (position 2) must be Number, not {_tname(p)}")
    if p <= 0:
        raise RuntimeError(f"renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    if input.dim() <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {input.dim()} dimensions")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"renorm_out\" not implemented for '{input.dtype._cname}'")
    d = _wrap_dim(dim, input.dim())
    if out is not None:
        return _write_out("renorm", renorm(input.detach(), p, dim, maxnorm), out, input)
    return _Renorm.apply(input, float(p), d, float(maxnorm))


def _trap_dx(y, dx, d):
    if y.shape[d] == 0:
        from cyautograd import zeros
        shape = list(y.shape)
        del shape[d]
        return zeros(tuple(shape), dtype=y.dtype if y.dtype.is_floating_point else _D.get_default_dtype(),
                     device=y.device)
    return _mul_scalar(y.sum(d) - _mul_scalar(y.select(d, 0) + y.select(d, -1), 0.5), dx)



# NOTE [ Scalar arithmetic inside composites ]
# torch's C++ composites multiply by a C++ double through mul.Scalar, whose
# node is MulBackward1 (DivBackward1 for div.Scalar); Python's ``t * 0.5``
# reaches mul.Tensor (MulBackward0). These two give composites torch's names.

@_named("MulBackward1")
class _MulScalar(Function):
    @staticmethod
    def forward(ctx, x, s):
        ctx.s = s
        rd = _D.result_type(x, s)
        if _anydev(x):   # NOTE [ Device backends ]
            return _composite(lambda t: t.to(rd) * s, x)
        r = _operand(x, rd.np) * np.asarray(s, dtype=rd.np)
        if type(r) is np.ndarray and r.base is None and r.dtype == rd.np:
            # numpy's fresh result keeps a dense operand's layout, as torch's
            # TensorIterator does (a transposed operand: a transposed result)
            from cyautograd.creation import _wrap
            return _wrap(r)
        return _w(r, rd.np)

    @staticmethod
    def backward(ctx, g):
        return g * ctx.s, None


@_named("DivBackward1")
class _DivScalar(Function):
    @staticmethod
    def forward(ctx, x, s):
        ctx.s = s
        rd = _result_np(x, s, True)
        if _anydev(x):   # NOTE [ Device backends ]
            return _composite(lambda t: t.to(rd) / s, x)
        with np.errstate(all="ignore"):
            return _w(_operand(x, rd.np) / np.asarray(s, dtype=rd.np), rd.np)

    @staticmethod
    def backward(ctx, g):
        return g / ctx.s, None


def _mul_scalar(t, s):
    return _MulScalar.apply(t, s)


def _div_scalar(t, s):
    return _DivScalar.apply(t, s)


@_fn_only
def trapezoid(y, x=None, *, dx=None, dim=-1):
    """trapezoid(y, x=None, *, dx=None, dim=-1) -> Tensor

    The trapezoidal rule along ``dim``: the integral of ``y`` sampled at the
    points ``x`` (a tensor), or at spacing ``dx`` (a number, default 1).

    >>> torch.trapezoid(torch.tensor([1., 5., 10.]))
    """
    _check_tensor(y, "trapezoid", "y")
    if x is not None and not isinstance(x, Tensor):
        raise TypeError(f"trapezoid(): argument 'x' (position 2) must be Tensor, not {_tname(x)}")
    if dx is not None and (isinstance(dx, Tensor) or not _is_scalar(dx)):
        raise TypeError(f"trapezoid(): argument 'dx' must be Number, not {_tname(dx)}")
    d = _wrap_dim(dim, y.dim())
    if x is not None and dx is not None:
        raise TypeError("trapezoid() received an invalid combination of arguments")
    _no_bool_trapezoid("trapezoid", y, x)
    if x is None:
        return _trap_dx(y, 1 if dx is None else dx, d)
    if not isinstance(x, Tensor):
        return _trap_dx(y, x, d)
    if y.shape[d] == 0:
        return _trap_dx(y, 1, d)
    if x.dim() == 1:
        if x.shape[0] != y.shape[d]:
            raise RuntimeError("trapezoid: There must be one `x` value for each sample point")
        shape = [1] * y.dim()
        shape[d] = x.shape[0] - 1
        xd = diff(x).view(tuple(shape))
    else:
        xd = diff(x, dim=dim)
    n = y.shape[d]
    return _div_scalar((xd * (y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1))).sum(d), 2.)


def _no_bool_trapezoid(name, y, x):
    if isinstance(x, Tensor):
        if y.dtype is _D.bool or x.dtype is _D.bool:
            raise RuntimeError(f"{name}: received a bool input for `x` or `y`, but bool is not supported")
    elif y.dtype is _D.bool:
        raise RuntimeError(f"{name}: received a bool input for `y`, but bool is not supported")


@_fn_only
def trapz(y, x=None, *, dx=None, dim=-1):
    """trapz(y, x=None, *, dx=None, dim=-1) -> Tensor

    Alias of ``torch.trapezoid``.

    >>> torch.trapz(torch.tensor([1., 5., 10.]), dx=0.5)
    """
    return trapezoid(y, x, dx=dx, dim=dim)


@_fn_only
def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """cumulative_trapezoid(y, x=None, *, dx=None, dim=-1) -> Tensor

    The running trapezoidal integral of ``y`` along ``dim`` (one element fewer
    than ``y`` there), at points ``x`` or spacing ``dx``.

    >>> torch.cumulative_trapezoid(torch.tensor([1., 5., 10.]))
    """
    _check_tensor(y, "cumulative_trapezoid", "y")
    if x is not None and not isinstance(x, Tensor):
        raise TypeError(f"cumulative_trapezoid(): argument 'x' (position 2) must be Tensor, not {_tname(x)}")
    if dx is not None and (isinstance(dx, Tensor) or not _is_scalar(dx)):
        raise TypeError(f"cumulative_trapezoid(): argument 'dx' must be Number, not {_tname(dx)}")
    d = _wrap_dim(dim, y.dim())
    _no_bool_trapezoid("cumulative_trapezoid", y, x)
    n = y.shape[d]
    if n == 0:
        return _O().cumsum(y.narrow(d, 0, 0) * 0.5, d)
    if x is None or not isinstance(x, Tensor):
        step = x if x is not None else (1 if dx is None else dx)
        return _O().cumsum(_mul_scalar(y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1), step / 2.), d)
    if x.dim() == 1:
        shape = [1] * y.dim()
        shape[d] = x.shape[0] - 1
        xd = diff(x).view(tuple(shape))
    else:
        xd = diff(x, dim=dim)
    return _div_scalar(_O().cumsum(xd * (y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1)), d), 2.)


@_fn_only
def vander(x, N=None, increasing=False):
    """vander(x, N=None, increasing=False) -> Tensor

    The Vandermonde matrix of the 1-d ``x``: columns ``x**(N-1), ..., x, 1``
    (reversed with ``increasing=True``); ``N`` defaults to ``len(x)``. Integer
    inputs give int64.

    >>> torch.vander(torch.tensor([1, 2, 3]), N=3)
    """
    O = _O()
    _check_tensor(x, "vander", "x")
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.shape[0] if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    dt = _D.promote_types(x.dtype, _D.int64)
    from cyautograd import ones
    res = ones((x.shape[0], n), dtype=dt, device=x.device)
    if n > 1:
        rest = O.cumprod(x.unsqueeze(1).expand(x.shape[0], n - 1), 1)
        res = O.cat([ones((x.shape[0], 1), dtype=dt, device=x.device), rest.to(dt) if rest.dtype != dt else rest], 1)
    if not increasing:
        from cyautograd.ops.extra import flip
        res = flip(res, [1])
    return res


@_fn_only
def unravel_index(indices, shape):
    """unravel_index(indices, shape) -> tuple of Tensors

    Converts flat indices into coordinate tensors for ``shape`` (one tensor per
    dimension), as numpy's ``unravel_index``.

    >>> torch.unravel_index(torch.tensor([4, 1]), (2, 3))
    """
    # torch's unravel_index is Python (torch/functional.py): it reads
    # indices.is_complex() first (a non-Tensor fails there), then checks
    # shape's type and its items' before their values
    if indices.is_complex() or indices.dtype.is_floating_point or indices.dtype is _D.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if isinstance(shape, (int, np.integer)):
        shape = (int(shape),)
    elif not isinstance(shape, _abc.Sequence):
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    for s_ in shape:
        if not isinstance(s_, (int, np.integer)):
            raise TypeError(f"expected 'shape' sequence to only contain ints, but got {type(s_)}")
    shape = tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError("'shape' cannot have negative values, but got " + str(shape))
    n = int(np.prod(shape, dtype=np.int64))
    if not indices.is_cpu:   # NOTE [ Device backends ]: the range check's answer on the host, the math on the device
        it = indices.detach().to(_D.int64)
        if it.numel() and (int(it.min()) < -n or int(it.max()) >= n):
            raise RuntimeError("'indices' must be in range [-{0}, {1}]".format(n, n - 1) if n else
                               "'indices' must be in range [0, 0)")
        it = it.where(it >= 0, it + n)
        coords = []
        for k in range(len(shape) - 1, -1, -1):
            coords.append(it.remainder(shape[k]) if shape[k] else it)
            it = it.div(shape[k], rounding_mode="floor") if shape[k] else it
        return tuple(c.contiguous() for c in reversed(coords))
    ia = _a(indices).astype(np.int64)
    if ia.size and (ia.min() < -n or ia.max() >= n):
        raise RuntimeError("'indices' must be in range [-{0}, {1}]".format(n, n - 1) if n else
                           "'indices' must be in range [0, 0)")
    ia = np.where(ia < 0, ia + n, ia)
    coords = np.unravel_index(ia, shape) if shape else ()
    return tuple(_w(np.asarray(c, dtype=np.int64)) for c in coords)


@_named("NarrowCopyBackward0")
class _NarrowCopy(Function):
    @staticmethod
    def forward(ctx, x, dim, start, length):
        ctx.info = (tuple(x.shape), dim, start, length)
        if _anydev(x):   # NOTE [ Device backends ]: a routed narrow, copied
            return _composite(lambda t: t.narrow(dim, start, length).contiguous(), x)
        return _w(np.take(_a(x), np.arange(start, start + length), axis=dim))

    @staticmethod
    def backward(ctx, g):
        shape, dim, start, length = ctx.info
        from cyautograd import zeros
        return slice_scatter(zeros(shape, dtype=g.dtype, device=g.device), g, dim, start, start + length), None, None, None


@_export
def narrow_copy(input, dim, start, length, *, out=None):
    """narrow_copy(input, dim, start, length, *, out=None) -> Tensor

    A copy of ``input.narrow(dim, start, length)`` (not a view). Also a Tensor method.

    >>> torch.narrow_copy(torch.arange(6).view(2, 3), 1, 1, 2)
    """
    _check_tensor(input, "narrow_copy")
    v = input.narrow(dim, start, length)     # torch's checks and words
    d = _wrap_dim(dim, input.dim())
    s = int(start) + (input.shape[d] if start < 0 else 0)
    if out is not None:
        return _write_out("narrow_copy", v.detach().clone(), out, input)
    return _NarrowCopy.apply(input, d, s, int(length))


def _xsplit(name, dim_of, need, input, indices_or_sections):
    _check_tensor(input, name)
    ios = indices_or_sections
    if not (_is_int_like(ios) or (isinstance(ios, (tuple, list)) and _b.all(_is_int_like(v) for v in ios))):
        raise TypeError(f"{name}() received an invalid combination of arguments - got (Tensor, {_tname(ios)}), "
                        f"but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints "
                        f"indices)\n")
    if input.dim() < need:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {need} dimension, but got a tensor with "
                           f"{input.dim()} dimensions!")
    d = dim_of(input)
    if isinstance(indices_or_sections, (int, np.integer)) and not isinstance(indices_or_sections, bool):
        s = int(indices_or_sections)
        if s <= 0 or input.shape[d] % s != 0:
            raise RuntimeError(f"torch.{name} attempted to split along dimension {d}, but the size of the "
                               f"dimension {input.shape[d]} is not divisible by the split_size {s}!")
    return _O().tensor_split(input, indices_or_sections, d)


@_export
def hsplit(input, indices_or_sections):
    """hsplit(input, indices_or_sections) -> tuple of Tensors

    Splits horizontally: along dimension 1 (0 for a 1-d tensor), into equal
    sections or at the given indices (``tensor_split``). Also a Tensor method.

    >>> torch.hsplit(torch.arange(8.).view(2, 4), 2)
    """
    return _xsplit("hsplit", lambda t: 1 if t.dim() > 1 else 0, 1, input, indices_or_sections)


@_export
def vsplit(input, indices_or_sections):
    """vsplit(input, indices_or_sections) -> tuple of Tensors

    Splits along dimension 0 of a tensor of at least 2 dimensions. Also a Tensor method.

    >>> torch.vsplit(torch.arange(8.).view(4, 2), [1, 3])
    """
    return _xsplit("vsplit", lambda t: 0, 2, input, indices_or_sections)


@_export
def dsplit(input, indices_or_sections):
    """dsplit(input, indices_or_sections) -> tuple of Tensors

    Splits along dimension 2 of a tensor of at least 3 dimensions. Also a Tensor method.

    >>> torch.dsplit(torch.arange(8.).view(1, 2, 4), 2)
    """
    return _xsplit("dsplit", lambda t: 2, 3, input, indices_or_sections)


@_fn_only
def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    """logspace(start, end, steps, base=10.0, *, dtype=None, requires_grad=False) -> Tensor

    ``steps`` points evenly spaced on a log scale: ``base ** linspace(start, end, steps)``.

    >>> torch.logspace(0, 2, 3)
    """
    from cyautograd import linspace
    bad = [f"{nm} with {v.dim()} dimension(s)" for v, nm in ((start, "start"), (end, "end"))
           if isinstance(v, Tensor) and v.dim() != 0]
    if bad:
        raise RuntimeError(f"logspace only supports 0-dimensional start and end tensors, but got "
                           f"{' and '.join(bad)}.")
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)):
        raise TypeError(f"logspace(): argument 'steps' (position 3) must be int, not {_tname(steps)}")
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    dt = dtype or _D.get_default_dtype()
    from cyautograd.creation import _storage_check
    _storage_check((int(steps),), dt.np)
    s = start.item() if isinstance(start, Tensor) else start
    e = end.item() if isinstance(end, Tensor) else end
    pts = np.linspace(float(s), float(e), int(steps), dtype=np.float64)
    with np.errstate(all="ignore"):
        vals = np.power(float(base), pts)
    r = _w(vals.astype(dt.np) if dt.is_floating_point else np.trunc(vals).astype(dt.np))
    if requires_grad:
        _rg_internal(r)
    if out is not None:
        return _write_out("logspace", r, out)
    return r


@_fn_only
def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False):
    """empty_strided(size, stride, *, dtype=None, device=None, requires_grad=False) -> Tensor

    A tensor of ``size`` with the given ``stride`` (elements; its content is
    unspecified: zeros here), as ``as_strided`` over fresh storage.

    >>> torch.empty_strided((2, 3), (1, 2)).stride()
    """
    from cyautograd import zeros
    size, stride = _int_list("empty_strided", "size", size), _int_list("empty_strided", "stride", stride, 2)
    if len(size) != len(stride):
        raise RuntimeError(f"mismatch in length of strides and shape")
    if any(s < 0 for s in size):
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(size)}: {list(size)}")
    n = 1 + _b.sum((s - 1) * st for s, st in zip(size, stride)) if all(size) else 0
    base = zeros(n, dtype=dtype or _D.get_default_dtype())
    r = base.as_strided(size, stride).detach() if n else zeros(size, dtype=dtype or _D.get_default_dtype())
    if requires_grad:
        _rg_internal(r)
    return r


# -- histogram ----------------------------------------------------------------------------

@_export
def histogram(input, bins=100, *, range=None, weight=None, density=False, out=None):
    """histogram(input, bins=100, *, range=None, weight=None, density=False, out=None) -> (Tensor hist, Tensor bin_edges)

    The histogram of the values of a floating-point ``input``: ``bins`` equal
    bins over ``range`` (default: the data's min and max), or the given sorted
    bin edges (a 1-d Tensor); values outside are not counted, the last bin is
    closed. ``weight`` weights each value; ``density`` normalises to unit area.
    A named tuple ``(hist, bin_edges)``; no gradient. Also a Tensor method.

    >>> torch.histogram(torch.tensor([1., 2., 1., 4.]), bins=3)
    """
    _check_tensor(input, "histogram")
    if isinstance(bins, Tensor) and bins.dtype is not input.dtype:
        # torch checks the pair's dtypes before its kernel's dispatch on input's
        nm = _SCALAR_TYPE_CPP.get
        raise RuntimeError(f"torch.histogramdd: input tensor and bins tensors should have the same dtype, but got "
                           f"input with dtype {nm(np.dtype(input.dtype.np).name, input.dtype._cname)} and bins for "
                           f"dimension 0 with dtype {nm(np.dtype(bins.dtype.np).name, bins.dtype._cname)}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"histogramdd\" not implemented for '{input.dtype._cname}'")
    if _anydev(input, weight, bins if isinstance(bins, Tensor) else None):   # NOTE [ Device backends ]
        return _histogram_dev(input, bins, range, weight, density, out)
    a = _a(input).reshape(-1)
    npd = a.dtype
    w = None
    if weight is not None:
        _check_tensor(weight, "histogram", "weight")
        if tuple(weight.shape) != tuple(input.shape):
            raise RuntimeError("torch.histogramdd: if weight tensor is provided it should have the same shape "
                               "as the input tensor excluding its innermost dimension, but got input with shape "
                               f"{[input.numel(), 1]} and weight with shape {list(weight.shape)}")
        w = _a(weight).reshape(-1)
    if isinstance(bins, Tensor):
        if bins.dim() != 1:
            raise RuntimeError(f"torch.histogramdd: bins tensor should have one dimension, but got "
                               f"{bins.dim()} dimensions in the bins tensor for dimension 0")
        edges = _a(bins).astype(npd)
        if edges.size < 1:
            raise RuntimeError("torch.histogramdd: bins tensor should have at least 1 element, but got 0 "
                               "elements in the bins tensor for dimension 0")
    else:
        if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)):
            raise TypeError(f"histogram(): argument 'bins' must be int or Tensor, not {_tname(bins)}")
        if bins <= 0:
            raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
        from cyautograd.creation import _alloc
        _alloc(np.empty, (int(bins) + 1,), npd)    # torch makes the edges first: its size errors
        if range is not None:
            lo, hi = float(range[0]), float(range[1])
        elif a.size:
            lo, hi = float(a.min()), float(a.max())
        else:
            lo, hi = 0.0, 0.0
        if lo > hi:
            raise RuntimeError(f"torch.histogramdd: min should not exceed max, but got min {lo:g} max {hi:g} for "
                               f"dimension 0")
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise RuntimeError(f"torch.histogramdd: dimension 0's range [{lo:g}, {hi:g}] is not finite")
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5   # as torch (and numpy) widen an empty range
        edges = np.linspace(lo, hi, int(bins) + 1).astype(npd)
    nb = edges.size - 1
    hist = np.zeros(_b.max(nb, 0), dtype=np.float64)
    if nb > 0 and a.size:
        inside = (a >= edges[0]) & (a <= edges[-1])
        idx = np.searchsorted(edges, a, side="right") - 1
        idx = np.where(idx == nb, nb - 1, idx)
        np.add.at(hist, idx[inside], 1.0 if w is None else w[inside].astype(np.float64))
    if density and nb > 0:
        widths = np.diff(edges.astype(np.float64))
        total = hist.sum()
        with np.errstate(all="ignore"):
            hist = hist / (total * widths)
    rt = _return_type("histogram", ["hist", "bin_edges"])
    ht = _w(hist.astype(npd))
    if is_grad_enabled() and (input.requires_grad or (weight is not None and weight.requires_grad)):
        ht = _NoDerivative.apply(ht, "histogram", input)   # torch records a node that cannot go back
    r = rt(ht, _w(edges))
    if out is not None:
        return _write_out_tuple("histogram", r, out, input)
    return r


def _histogram_dev(input, bins, range, weight, density, out):
    """histogram's checks (the data's range read on the host), its counting on the device."""
    npd = input.dtype.np
    if weight is not None:
        _check_tensor(weight, "histogram", "weight")
        if tuple(weight.shape) != tuple(input.shape):
            raise RuntimeError("torch.histogramdd: if weight tensor is provided it should have the same shape "
                               "as the input tensor excluding its innermost dimension, but got input with shape "
                               f"{[input.numel(), 1]} and weight with shape {list(weight.shape)}")
    if isinstance(bins, Tensor):
        if bins.dim() != 1:
            raise RuntimeError(f"torch.histogramdd: bins tensor should have one dimension, but got "
                               f"{bins.dim()} dimensions in the bins tensor for dimension 0")
        if bins.numel() < 1:
            raise RuntimeError("torch.histogramdd: bins tensor should have at least 1 element, but got 0 "
                               "elements in the bins tensor for dimension 0")
        edges = bins.detach().to(input.dtype)
    else:
        if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)):
            raise TypeError(f"histogram(): argument 'bins' must be int or Tensor, not {_tname(bins)}")
        if bins <= 0:
            raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
        from cyautograd.creation import _alloc
        _alloc(np.empty, (int(bins) + 1,), npd)    # torch makes the edges first: its size errors
        if range is not None:
            lo, hi = float(range[0]), float(range[1])
        elif input.numel():
            lo, hi = float(input.detach().min()), float(input.detach().max())
        else:
            lo, hi = 0.0, 0.0
        if lo > hi:
            raise RuntimeError(f"torch.histogramdd: min should not exceed max, but got min {lo:g} max {hi:g} for "
                               f"dimension 0")
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise RuntimeError(f"torch.histogramdd: dimension 0's range [{lo:g}, {hi:g}] is not finite")
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        edges = _w(np.linspace(lo, hi, int(bins) + 1).astype(npd)).to(input.device)
    _xp.same_device(_darr(input), _darr(edges), None if weight is None else _darr(weight))
    hist = _dw(_xp.histogram(_darr(input.detach()), _darr(edges),
                             None if weight is None else _darr(weight.detach())))
    nb = edges.shape[0] - 1
    if density and nb > 0:
        widths = edges.double().diff()
        hist = hist / (hist.sum() * widths)
    ht = hist.to(input.dtype)
    if is_grad_enabled() and (input.requires_grad or (weight is not None and weight.requires_grad)):
        ht = _NoDerivative.apply(ht, "histogram", input)
    r = _return_type("histogram", ["hist", "bin_edges"])(ht, edges.contiguous())
    if out is not None:
        return _write_out_tuple("histogram", r, out, input)
    return r


# -- functions torch has removed (their calls raise torch's explanation) -------------------

# torch 2.13 keeps these as plain Python functions (torch/_linalg_utils.py)
# that raise at once, whatever the arguments: only Python's own binding of
# their signatures can fail first (symeig's is named _symeig there).
def _symeig(input, eigenvectors=False, upper=True, *, out=None):
    raise RuntimeError(_REMOVED_TEXT["symeig"])


def _eig(self, eigenvectors=False, *, e=None, v=None):
    raise RuntimeError(_REMOVED_TEXT["eig"])


def _lstsq(input, A, *, out=None):
    raise RuntimeError(_REMOVED_TEXT["lstsq"])


_REMOVED_TEXT = {}
_REMOVED_FN = {"symeig": (_symeig, "_symeig"), "eig": (_eig, "eig"), "lstsq": (_lstsq, "lstsq")}


def _removed(name, text, doc):
    _REMOVED_TEXT[name] = "This function was deprecated since version 1.9 and is now removed. " + text
    f, qualname = _REMOVED_FN[name]
    f.__name__ = f.__qualname__ = qualname
    f.__doc__ = doc
    globals()[name] = f
    FUNCTION_ONLY.add(name)
    __all__.append(name)
    return f


_removed("symeig", "The default behavior has changed from using the upper triangular portion of the matrix by "
         "default to using the lower triangular portion.\n\nL, _ = torch.symeig(A, upper=upper) should be replaced "
         "with:\nL = torch.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n\nand\n\nL, V = torch.symeig(A, "
         "eigenvectors=True) should be replaced with:\nL, V = torch.linalg.eigh(A, UPLO='U' if upper else 'L')",
         """symeig(input, eigenvectors=False, upper=True) -- removed from torch (1.9): raises with torch's
advice (use ``torch.linalg.eigh`` / ``eigvalsh``).

>>> torch.linalg.eigvalsh(torch.eye(2))
""")
_removed("eig", "`torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real "
         "tensors mimicking complex tensors.\n\nL, _ = torch.eig(A) should be replaced with:\nL_complex = "
         "torch.linalg.eigvals(A)\n\nand\n\nL, V = torch.eig(A, eigenvectors=True) should be replaced with:\n"
         "L_complex, V_complex = torch.linalg.eig(A)",
         """eig(input, eigenvectors=False) -- removed from torch (1.9): raises with torch's advice.
(cyautograd has no complex dtypes, so ``linalg.eig`` is not provided; ``linalg.eigh`` is.)

>>> torch.linalg.eigh(torch.eye(2)).eigenvalues
""")
_removed("lstsq", "`torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n`torch.linalg.lstsq` has "
         "reversed arguments and does not return the QR decomposition in the returned tuple (although it returns "
         "other information about the problem).\n\nTo get the QR decomposition consider using "
         "`torch.linalg.qr`.\n\nThe returned solution in `torch.lstsq` stored the residuals of the solution in "
         "the last m - n columns of the returned value whenever m > n. In torch.linalg.lstsq, the residuals are "
         "in the field 'residuals' of the returned named tuple.\n\nThe unpacking of the solution, as in\nX, _ = "
         "torch.lstsq(B, A).solution[:A.size(1)]\nshould be replaced with:\nX = torch.linalg.lstsq(A, B).solution",
         """lstsq(input, A) -- removed from torch (1.9): raises with torch's advice (use ``torch.linalg.lstsq``).

>>> torch.linalg.lstsq(torch.eye(2), torch.ones(2, 1)).solution
""")


# -- index_reduce ---------------------------------------------------------------------------

_IR_IDENTITY = {"prod": 1, "mean": 0, "amax": -np.inf, "amin": np.inf}


def _index_reduce_np(a, dim, idx, s, reduce, include_self):
    out = np.array(a, copy=True)
    om = np.moveaxis(out, dim, 0)
    sm = np.moveaxis(s, dim, 0).astype(out.dtype, copy=False)
    if not include_self and idx.size:
        ident = _IR_IDENTITY[reduce]
        if out.dtype.kind in "iub" and not math.isfinite(ident):
            info = np.iinfo(out.dtype)
            ident = info.min if ident < 0 else info.max
        om[idx] = ident
    if reduce == "prod":
        np.multiply.at(om, idx, sm)
    elif reduce == "amax":
        np.maximum.at(om, idx, sm)
    elif reduce == "amin":
        np.minimum.at(om, idx, sm)
    else:
        np.add.at(om, idx, sm)
        counts = np.full(om.shape[0], 1 if include_self else 0, dtype=np.int64)
        np.add.at(counts, idx, 1)
        counts[counts == 0] = 1
        c = counts.reshape((-1,) + (1,) * (om.ndim - 1))
        if out.dtype.kind in "iu":
            om[...] = np.floor_divide(om, c)
        else:
            om[...] = om / c
    return out


@_named("IndexReduceBackward0")
class _IndexReduce(Function):
    @staticmethod
    def forward(ctx, x, dim, index, src, reduce, include_self):
        if _anydev(x, index, src):   # NOTE [ Device backends ]: scatter_reduce with the index along dim
            shape = [1] * src.dim()
            shape[dim] = -1
            r = _composite(lambda t, i, s: t.scatter_reduce(dim, i.view(tuple(shape)).expand(tuple(s.shape)), s,
                                                            reduce, include_self=include_self), x, index, src)
            ctx.save_for_backward(x, index, src)
            ctx.info = (dim, reduce, include_self)
            ctx.out = r.detach()
            return r
        r = _w(_index_reduce_np(_a(x), dim, _a(index).astype(np.int64), _a(src), reduce, include_self))
        ctx.save_for_backward(x, index, src)
        ctx.info = (dim, reduce, include_self)
        ctx.out = r.detach()
        return r

    @staticmethod
    def backward(ctx, g):
        x, index, src = ctx.saved_tensors
        dim, reduce, include_self = ctx.info
        result = _IndexReduce.apply(x, dim, index, src, reduce, include_self) if is_grad_enabled() else ctx.out
        O = _O()
        if reduce == "prod":
            masked_self = x.masked_fill(x == 0, 1)
            masked_self_result = index_reduce(masked_self, dim, index, src, reduce, include_self=include_self)
            gx = g * masked_self_result / masked_self
            src_zero = src == 0
            from cyautograd import zeros_like
            nz = zeros_like(x).index_add(dim, index, src_zero.to(x.dtype)).index_select(dim, index)
            single = src_zero & (nz == 1)
            masked_src = src.masked_fill(single, 1)
            masked_src_result = index_reduce(x, dim, index, masked_src, reduce, include_self=include_self)
            gs = O.where(single, (g * masked_src_result).index_select(dim, index),
                         (g * result).index_select(dim, index) / src.masked_fill(src_zero, 1))
            gs = _extra._refuse_double_backward_if(
                gs, nz, "index_reduce(): Double backward is unsupported for source when >1 zeros in source "
                "are scattered to the same position in self")
        elif reduce == "mean":
            from cyautograd import ones_like, zeros_like
            N = ones_like(g) if include_self else zeros_like(g)
            N = N.index_add(dim, index, ones_like(src))
            N = N.masked_fill(N == 0, 1)
            gx = g / N
            gs = g.index_select(dim, index) / N.index_select(dim, index)
        else:
            value = result.index_select(dim, index)
            self_is = (x == result).to(x.dtype)
            src_is = (src == value).to(x.dtype)
            n = self_is.index_add(dim, index, src_is)
            gd = g / n
            gx = self_is * gd
            gs = src_is * gd.index_select(dim, index)
        if not include_self:
            gx = gx.index_fill(dim, index, 0)
        return (gx if ctx.needs_input_grad[0] else None, None, None,
                gs if ctx.needs_input_grad[3] else None, None, None)


_INDEX_REDUCE_WARNED = [False]


@_export
def index_reduce(input, dim, index, source, reduce, *, include_self=True, out=None):
    """index_reduce(input, dim, index, source, reduce, *, include_self=True, out=None) -> Tensor

    A copy of ``input`` where each slice ``source.select(dim, i)`` is reduced
    into ``input.select(dim, index[i])`` with ``reduce`` (``'prod'``,
    ``'mean'``, ``'amax'`` or ``'amin'``); ``include_self=False`` leaves
    ``input``'s own values out of the reduction for the slices ``index`` names.
    (In beta in torch, which warns once.) Also a Tensor method; in place
    ``x.index_reduce_(...)``.

    >>> torch.ones(3, 2).index_reduce(0, torch.tensor([0, 0, 2]), torch.tensor([[2., 3.], [4., 5.], [6., 7.]]), 'prod')
    """
    _check_tensor(input, "index_reduce")
    _check_tensor(index, "index_reduce", "index", 3)
    _check_tensor(source, "index_reduce", "source", 4)
    if not isinstance(reduce, str):
        raise TypeError(f"index_reduce(): argument 'reduce' (position 5) must be str, not {_tname(reduce)}")
    if not _INDEX_REDUCE_WARNED[0]:
        _INDEX_REDUCE_WARNED[0] = True
        from cyautograd._warn import warn_user
        warn_user("index_reduce() is in beta and the API may change at any time.")
    if reduce not in _IR_IDENTITY:
        raise RuntimeError(f"index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got "
                           f"{reduce}.")
    d = _wrap_dim(dim, input.dim())
    if index.dtype not in (_D.int64, _D.int32):
        raise RuntimeError(f"index_reduce_(): Expected dtype int32/int64 for index but got: {index.dtype._cname}")
    if index.dim() > 1:
        raise IndexError("index_reduce_(): Index is supposed to be a vector")
    if input.dtype != source.dtype:
        raise RuntimeError(f"index_reduce_(): self ({input.dtype._cname}) and source ({source.dtype._cname}) "
                           f"must have the same scalar type")
    n = index.numel()
    ssize = source.shape[d] if source.dim() else 1
    if n != ssize:
        raise RuntimeError(f"index_reduce_(): Number of indices ({n}) should be equal to source.size(dim): "
                           f"({ssize}), for dim: {d}")
    size = input.shape[d] if input.dim() else 1
    if _anydev(input, index, source):   # NOTE [ Device backends ]: the range check's answer on the host
        it = index.detach().reshape(-1).to(_D.int64)
        if it.numel() and (int(it.min()) < -size or int(it.max()) >= size):
            raise IndexError("index out of range in self")
        idx = it.where(it >= 0, it + size)
    else:
        ia = _a(index).reshape(-1)
        if ia.size and (ia.min() < -size or ia.max() >= size):
            raise IndexError("index out of range in self")
        idx = None
    if out is not None:
        return _write_out("index_reduce", index_reduce(input.detach(), dim, index, source.detach(), reduce,
                                                       include_self=include_self), out, input, source)
    if idx is None:
        idx = _w(np.where(ia < 0, ia + size, ia).astype(np.int64))
    x, s = (input, source) if input.dim() else (input.reshape(1), source.reshape(1))
    r = _IndexReduce.apply(x, d, idx, s, reduce, bool(include_self))
    return r if input.dim() else r.reshape(())


# -- the torch.* forms of ops/linalg2.py (addmv, svd, slogdet, ...) -------------------------
from cyautograd.ops import linalg2 as _linalg2  # noqa: E402

for _n in list(_linalg2.TOP):
    _linalg2.TOP[_n] = _type_checked(_linalg2.TOP[_n])
for _n in list(_linalg2.LINALG_FUNCS):
    if _n != "LinAlgError":
        _linalg2.LINALG_FUNCS[_n] = _type_checked(_linalg2.LINALG_FUNCS[_n])
del _n
globals().update(_linalg2.TOP)
__all__ += list(_linalg2.TOP)
FUNCTION_ONLY |= _linalg2.FUNCTION_ONLY


# -- put / put_ --------------------------------------------------------------------------

@_named("PutBackward0")
class _Put(Function):
    @staticmethod
    def forward(ctx, x, idx, src, accumulate):
        if _anydev(x, idx, src):   # NOTE [ Device backends ]
            ctx.save_for_backward(idx)
            ctx.info = (accumulate, tuple(src.shape))
            n = x.numel()
            i = idx.detach().reshape(-1)
            flat = _xp.index_along(_darr(x.detach().reshape(-1)), 0, _darr(i.where(i >= 0, i + n)),
                                   _darr(src.detach().reshape(-1).to(x.dtype)), "add" if accumulate else "copy")
            return _dw(flat).reshape(tuple(x.shape)).clone()
        out = _a(x).copy()
        flat = out.reshape(-1)
        ia = _a(idx).reshape(-1)
        sa = _a(src).reshape(-1).astype(out.dtype)
        if accumulate:
            np.add.at(flat, ia, sa)
        else:
            flat[ia] = sa
        ctx.save_for_backward(idx)
        ctx.info = (accumulate, tuple(src.shape))
        return _w(out)

    @staticmethod
    def backward(ctx, g):
        idx, = ctx.saved_tensors
        accumulate, sshape = ctx.info
        gi = gs = None
        if ctx.needs_input_grad[0]:
            if accumulate:
                gi = g
            else:
                from cyautograd import zeros
                gi = put(g, idx, zeros(sshape, dtype=g.dtype, device=g.device))
        if ctx.needs_input_grad[2]:
            gs = take(g, idx).reshape(sshape)
        return gi, None, gs, None

    @staticmethod
    def _jvp(args, out, tans):
        # the put of the tangents (a repeated index: the last write, as the
        # primal), not the transpose of the backward, which reads every write
        from cyautograd import zeros_like
        x, idx, src, accumulate = args
        tx = tans[0] if tans[0] is not None else zeros_like(x)
        ts = tans[2] if tans[2] is not None else zeros_like(src)
        return _Put.apply(tx, idx, ts, accumulate)


@_export
def put(input, index, source, accumulate=False):
    """put(input, index, source, accumulate=False) -> Tensor

    A copy of ``input`` with the elements at the flat positions ``index`` set to
    (or, with ``accumulate=True``, increased by) the elements of ``source``.
    Also a Tensor method; in place ``x.put_(index, source)``.

    >>> torch.zeros(2, 3).put(torch.tensor([0, 4]), torch.tensor([1., 2.]))
    """
    _check_tensor(input, "put")
    _check_tensor(index, "put", "index", 2)
    _check_tensor(source, "put", "source", 3)
    if index.dtype is not _D.int64:
        raise RuntimeError(f"put_(): Expected a long tensor for index, but got {index.dtype._cname}")
    if source.dtype != input.dtype:
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got "
                           f"self.dtype = {input.dtype._cname} and source.dtype = {source.dtype._cname}")
    if index.numel() != source.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, but got "
                         f"source.numel() = {source.numel()}, index.numel() = {index.numel()}")
    n = input.numel()
    ia = _host_index(index)
    if ia.size:
        if n == 0:
            raise IndexError("put_(): Tried to put elements into an empty tensor")
        bad = ia[(ia >= n) | (ia < -n)]
        if bad.size:
            raise IndexError(f"out of range: tried to access index {int(bad.reshape(-1)[0])} on a tensor of "
                             f"{n} elements.")
    if _anydev(input, index, source):   # NOTE [ Device backends ]: the wrap happens on the device
        return _Put.apply(input, index.detach(), source, bool(accumulate))
    idx = _w(np.where(ia < 0, ia + n, ia).astype(np.int64))
    return _Put.apply(input, idx, source, bool(accumulate))


# -- in-place forms -------------------------------------------------------------------------
# Each goes through extra's _make_inplace (the in-place protocol of pointwise's
# _inplace_via: check_inplace, one version bump, rebase_history/CopySlices);
# they are Tensor methods only, as in torch.

from cyautograd.ops import extra as _extra  # noqa: E402

# name -> (op, the receiver and arguments of its docstring example)
_INPLACE_SPEC = {
    "fmod_": (fmod, "torch.tensor([-3., 3.])", "2"),
    "xlogy_": (xlogy, "torch.tensor([0., 2.])", "torch.tensor([3., 4.])"),
    "hypot_": (hypot, "torch.tensor([3., 5.])", "torch.tensor([4., 12.])"),
    "copysign_": (copysign, "torch.tensor([1., 2.])", "-1"),
    "lgamma_": (lgamma, "torch.tensor([0.5, 3.])", ""),
    "digamma_": (digamma, "torch.tensor([0.5, 3.])", ""),
    "erfc_": (erfc, "torch.tensor([0., 1.])", ""),
    "erfinv_": (erfinv, "torch.tensor([0., 0.5])", ""),
    "i0_": (i0, "torch.tensor([0., 1.])", ""),
    "sinc_": (sinc, "torch.tensor([0., 0.5])", ""),
    "logit_": (logit, "torch.tensor([0.25, 0.5])", ""),
    "deg2rad_": (deg2rad, "torch.tensor([180., 90.])", ""),
    "rad2deg_": (rad2deg, "torch.tensor([3.14159, 1.])", ""),
    "heaviside_": (heaviside, "torch.tensor([-1., 0., 2.])", "torch.tensor([0.5])"),
    "gcd_": (_int_binary_inplace(gcd), "torch.tensor([4, 6])", "torch.tensor([6, 9])"),
    "lcm_": (_int_binary_inplace(lcm), "torch.tensor([4, 6])", "torch.tensor([6, 9])"),
    "ldexp_": (ldexp, "torch.tensor([1., 2.])", "torch.tensor([2, 3])"),
    "nextafter_": (nextafter, "torch.tensor([1., 2.])", "torch.tensor([2., 1.])"),
    "sgn_": (sgn, "torch.tensor([-2., 0., 3.])", ""),
    "absolute_": (absolute, "torch.tensor([-2., 3.])", ""),
    "fix_": (fix, "torch.tensor([-1.5, 2.7])", ""),
    "renorm_": (renorm, "torch.tensor([[3., 4.], [0.3, 0.4]])", "2, 0, 1."),
    "masked_scatter_": (masked_scatter, "torch.zeros(3)", "torch.tensor([True, False, True]), torch.ones(3)"),
    "put_": (put, "torch.zeros(2, 2)", "torch.tensor([3]), torch.tensor([9.])"),
    "index_reduce_": (index_reduce, "torch.ones(3)", "0, torch.tensor([0, 0]), torch.tensor([2., 3.]), 'prod'"),
    "remainder_": (_extra._pointwise("remainder"), "torch.tensor([-3., 3.])", "2"),
    "addmv_": (_extra._inplace_sized(_linalg2.TOP["addmv"], _linalg2.addmv_meta), "torch.zeros(2)",
               "torch.eye(2), torch.ones(2)"),
    "addr_": (_extra._inplace_sized(_linalg2.TOP["addr"], _linalg2.addr_inplace_checks), "torch.zeros(2, 2)",
              "torch.ones(2), torch.ones(2)"),
    "addbmm_": (_linalg2.TOP["addbmm"], "torch.zeros(2, 2)", "torch.ones(3, 2, 1), torch.ones(3, 1, 2)"),
    "baddbmm_": (_extra._inplace_sized(_linalg2.TOP["baddbmm"], _linalg2.baddbmm_meta), "torch.zeros(3, 2, 2)",
                 "torch.ones(3, 2, 1), torch.ones(3, 1, 2)"),
}


def _float_power_(self, exponent):
    _self_check("float_power_", self)
    if not isinstance(exponent, Tensor) and not _is_scalar(exponent):
        raise TypeError(f"float_power_(): argument 'exponent' must be Tensor or Number, not {_tname(exponent)}")
    if isinstance(self, Tensor) and self.dtype is not _D.float64:
        raise RuntimeError(f"the base given to float_power_ has dtype {self.dtype._cname} but the operation's "
                           f"result requires dtype Double")
    return _inplace(self, float_power, exponent)


def _polygamma_(self, n):
    _self_check("polygamma_", self)
    polygamma._check_args(n, self)
    return _inplace(self, lambda x, n: polygamma(n, x), n)


def _polygamma_method(self, n):
    _self_check("polygamma", self)
    return polygamma(n, self)


def _self_check(name, self):
    if not isinstance(self, Tensor):
        raise TypeError(f"descriptor '{name}' for 'Tensor' objects doesn't apply to a "
                        f"'{_tname(self)}' object")


def _make_inplace(name, op):
    """extra's in-place form, with the op's argument types checked first (torch
    parses the arguments before the in-place checks run)."""
    base = _extra._make_inplace(name, op)
    chk = getattr(op, "_check_args", None)

    def f(self, *args, **kwargs):
        _self_check(name, self)
        if chk is not None:
            try:
                chk(self, *args, **kwargs)
            except TypeError as e:
                _extra._reject("Tensor." + name, args, kwargs)
                # the op's words, as the method's: its name, and positions
                # counted without self (torch's method parser does not count it)
                msg = str(e).replace(f"{op.__name__}()", f"{name}()", 1)
                msg = re.sub(r"\(position (\d+)\)", lambda m: f"(position {int(m.group(1)) - 1})", msg)
                raise TypeError(msg) from None
        return base(self, *args, **kwargs)
    f.__name__ = f.__qualname__ = name
    return f


METHODS = {}
for _n, (_op, _recv, _args) in _INPLACE_SPEC.items():
    METHODS[_n] = _make_inplace(_n, _op)
    if _n in _extra.__all__:          # _make_inplace lists it in extra's exports: it is a method only
        _extra.__all__.remove(_n)
    METHODS[_n].__doc__ = (f"In-place ``{_n[:-1]}``: writes the result into ``self`` (its dtype must hold "
                           f"it) and returns ``self``; the version counter is bumped, so autograd detects a "
                           f"later use of the old value.\n\n>>> {_recv}.{_n}({_args})")


# NOTE [ In-place comparisons ]
# self.eq_(other) (ne_, lt_, le_, gt_, ge_ and the greater_/less_/not_equal_
# aliases) writes the comparison into self in self's dtype. torch records
# EqBackward0 (a number `other`) or EqBackward1 (a tensor `other`), whose
# gradients are zeros (derivatives.yaml: self: zeros_like(self), other:
# zeros_like(other)); a plain out-of-place comparison records nothing.
def _cmp_nodes(node):
    @_named(node + "Backward0")
    class _CmpScalar(Function):
        @staticmethod
        def forward(ctx, x, other, op):
            return getattr(x, op)(other).to(x.dtype)

        @staticmethod
        def backward(ctx, g):
            from cyautograd.creation import zeros_like
            return zeros_like(g), None, None

    @_named(node + "Backward1")
    class _CmpTensor(Function):
        @staticmethod
        def forward(ctx, x, other, op):
            ctx.other_shape = tuple(other.shape)
            return getattr(x, op)(other).to(x.dtype)

        @staticmethod
        def backward(ctx, g):
            from cyautograd.creation import zeros_like
            return zeros_like(g), g.new_zeros(ctx.other_shape), None
    return _CmpScalar, _CmpTensor


def _make_cmp_(name, node, op):
    scalar_fn, tensor_fn = _cmp_nodes(node)

    def f(self, *args, **kwargs):
        from cyautograd._arg_parser import _format_invalid_args
        if len(args) + len(kwargs) == 1 and (not kwargs or "other" in kwargs):
            other = args[0] if args else kwargs["other"]
            if isinstance(other, Tensor):
                return _inplace(self, tensor_fn.apply, other, op)
            if _is_scalar(other):
                return _inplace(self, scalar_fn.apply, other, op)
        raise TypeError(_format_invalid_args(name, ["(Tensor other)", "(Number other)"], args, kwargs))
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"In-place ``{node.lower()}``: writes ``self {node.lower()} other`` into ``self`` in "
                 f"self's dtype and returns ``self`` (autograd: {node}Backward0/1, zero gradients).\n\n"
                 f">>> torch.tensor([1., 2.]).{name}(2)")
    return f


for _n, _node, _opn in (("eq_", "Eq", "eq"), ("ne_", "Ne", "ne"), ("lt_", "Lt", "lt"), ("le_", "Le", "le"),
                        ("gt_", "Gt", "gt"), ("ge_", "Ge", "ge"), ("not_equal_", "Ne", "ne"),
                        ("greater_", "Gt", "gt"), ("greater_equal_", "Ge", "ge"), ("less_", "Lt", "lt"),
                        ("less_equal_", "Le", "le")):
    METHODS[_n] = _make_cmp_(_n, _node, _opn)
del _node, _opn

METHODS["float_power_"] = _float_power_
METHODS["polygamma_"] = _polygamma_
METHODS["polygamma"] = _polygamma_method
FUNCTION_ONLY.add("polygamma")   # Tensor.polygamma(n) takes the order after self: METHODS has it
_float_power_.__doc__ = """In-place ``float_power``: ``self`` must be float64 (the result's dtype).

>>> torch.tensor([2., 3.], dtype=torch.float64).float_power_(2)"""
_polygamma_.__doc__ = """In-place ``polygamma``: ``x.polygamma_(n)`` is ``x = torch.polygamma(n, x)``.

>>> torch.tensor([1., 2.]).polygamma_(1)"""
_polygamma_method.__doc__ = """Tensor.polygamma(n): ``torch.polygamma(n, self)`` (the order comes first in torch.*).

>>> torch.tensor([1., 2.]).polygamma(1)"""
for _n, _f in (("float_power_", _float_power_), ("polygamma_", _polygamma_), ("polygamma", _polygamma_method)):
    _f.__name__ = _f.__qualname__ = _n
del _n, _op, _recv, _args, _f


# -- Tensor-only methods ----------------------------------------------------------------------

def _method(f):
    import functools
    inner = _type_checked(f)

    @functools.wraps(f)
    def m(self, *args, **kwargs):
        _self_check(f.__name__, self)
        return inner(self, *args, **kwargs)
    METHODS[f.__name__] = m
    return f


@_method
def fill_diagonal_(self, fill_value, wrap=False):
    """Fills the main diagonal of ``self`` (2-d, or n-d with all dimensions equal)
    with ``fill_value`` in place; for a tall matrix ``wrap=True`` continues the
    diagonal after every ``ncols + 1`` rows, as numpy's ``fill_diagonal``.

    >>> torch.zeros(3, 3).fill_diagonal_(5.)
    """
    if self.dim() < 2:
        raise RuntimeError("dimensions must larger than 1")
    if self.dim() > 2 and len(set(self.shape)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    n = min(self.shape)
    if self.dim() > 2:
        view = self.as_strided((n,), (_b.sum(self.stride()),), self.storage_offset())
        view.fill_(fill_value)
        return self
    rows, cols = self.shape
    step = cols + 1 if wrap and rows > cols + 1 else rows
    start = 0
    while start < rows:
        self.narrow(0, start, min(rows - start, cols)).diagonal().fill_(fill_value) if start else \
            self.diagonal().fill_(fill_value)
        if not (wrap and rows > cols):
            break
        start += step
    return self


@_method
def sum_to_size(self, *size):
    """Sums ``self`` down to ``size`` (a shape ``self`` is expandable from):
    the reverse of ``expand``.

    >>> torch.ones(2, 3).sum_to_size(1, 3)
    """
    from cyautograd.tensor import Size
    if len(size) == 1 and isinstance(size[0], (tuple, list, Size)):
        size = tuple(size[0])
    size = _int_list("sum_to_size", "size", size)
    shape = tuple(self.shape)
    ok = len(size) <= len(shape) and all(s == t or s == 1 for s, t in zip(size[::-1], shape[::-1]))
    if not ok:
        raise RuntimeError(f"size {{{list(size)}}} is not expandable to size {{{list(shape)}}}.")
    lead = len(shape) - len(size)
    dims = [i for i in range(lead)] + [lead + i for i, s in enumerate(size) if s == 1 and shape[lead + i] != 1]
    if not dims:
        return self
    if lead == 0:                # at::sum_to: a keepdim sum, a view only to drop leading dims
        return self.sum(tuple(dims), keepdim=True)
    return self.sum(tuple(dims), keepdim=True).view(size)


def _resize(self, size):
    # torch's check is its autograd kernel's, which inference mode skips
    # (for inference and normal tensors alike); grad mode does not matter
    if self.requires_grad and not _is_inference_mode_enabled():
        raise RuntimeError("cannot resize variables that require grad")
    size = _int_list("resize_", "size", size)
    if any(s < 0 for s in size):
        if 0 not in size:
            # torch's resize_ computes the storage size first (unsigned)
            raise RuntimeError("numel: integer multiplication overflow")
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(size)}: {list(size)}")
    if tuple(size) == tuple(self.shape):
        return self     # torch: resizing to the sizes it has is a no-op (no version bump)
    # NOTE [ resize_ keeps the storage ]: torch's resize_ gives self contiguous
    # strides at its storage offset and keeps its storage whenever that holds
    # the new elements (a view stays a view of it: writes show in its base);
    # only a larger request grows the storage. numpy memory cannot grow under
    # the other tensors that share it, so that case takes new memory holding
    # the old storage's elements in their places and self at its offset (the
    # rest zeros, where torch's are uninitialised): self no longer aliases
    # the tensors that shared the old storage, where torch's still do.
    stride, acc = [], 1
    for sz in reversed(size):
        stride.insert(0, acc)
        acc *= max(sz, 1)
    from cyautograd.variable import _set_
    try:
        with _no_grad():
            window = self.detach().as_strided(tuple(size), tuple(stride), self.storage_offset())
    except RuntimeError:
        window = None
    if window is not None:
        with _no_grad():
            return _set_(self, window)    # one version bump
    from cyautograd.variable import _storage_array
    st = _storage_array(self)
    if type(st) is np.ndarray and st.dtype == _a(self).dtype and st.ndim == 1:
        # the grown storage: the old elements in their places, self's offset kept
        off = self.storage_offset()
        n = int(np.prod(size, dtype=np.int64))
        grown = np.zeros(max(off + n, st.size), dtype=st.dtype)
        grown[:st.size] = st
        with _no_grad():
            from cyautograd.creation import from_numpy
            return _set_(self, from_numpy(grown).as_strided(tuple(size), tuple(stride), off))
    n = int(np.prod(size, dtype=np.int64))
    flat = _a(self).reshape(-1)
    new = np.zeros(n, dtype=flat.dtype)
    k = min(n, flat.size)
    new[:k] = flat[:k]
    self.data = _w(new.reshape(size))
    # an in-place op: torch bumps the version whenever the sizes change
    from cyautograd.autograd.graph import increment_version
    increment_version(self)
    return self


@_method
def resize_(self, *sizes, memory_format=None):
    """Gives ``self`` the shape ``sizes`` in place, keeping its first elements in
    row-major order (new elements are zeros here; torch leaves them
    uninitialised). Refused for a tensor that requires grad.

    >>> torch.arange(6.).resize_(2, 2)
    """
    from cyautograd.tensor import Size
    if not sizes:
        raise TypeError("resize_() missing 1 required positional arguments: \"size\"")
    if len(sizes) == 1 and isinstance(sizes[0], (tuple, list, Size)):
        sizes = tuple(sizes[0])
    return _resize(self, sizes)


@_method
def resize_as_(self, the_template, memory_format=None):
    """``self.resize_(the_template.shape)``.

    >>> torch.zeros(4).resize_as_(torch.ones(2, 2))
    """
    _check_tensor(the_template, "resize_as_", "the_template", 1)
    return _resize(self, tuple(the_template.shape))


@_method
def apply_(self, callable):
    """Applies the Python ``callable`` to each element in place (slow; CPU
    tensors that do not require grad only).

    >>> torch.tensor([1., 2.]).apply_(lambda v: v * 10)
    """
    if self.requires_grad:
        raise RuntimeError("Can't call apply_() on Variable that requires grad. Use var.detach().apply_() instead.")
    if not _b.callable(callable):
        raise TypeError(f"'{_tname(callable)}' object is not callable")
    a = _a(self)
    flat = [callable(v) for v in a.reshape(-1).tolist()]
    with _no_grad():
        self.copy_(_w(np.asarray(flat, dtype=a.dtype).reshape(a.shape)))
    return self


@_method
def map_(self, tensor, callable):
    """Sets each element of ``self`` to ``callable(self_elem, other_elem)`` with
    ``tensor`` broadcast to ``self``'s shape, in place.

    >>> torch.tensor([1., 2.]).map_(torch.tensor([10., 20.]), lambda a, b: a + b)
    """
    _check_tensor(tensor, "map_", "other", 1)    # torch's parser: map_(Tensor other, PyObject* callable)
    if self.requires_grad or tensor.requires_grad:
        raise RuntimeError("Can't call map_() on Variable that requires grad. Use var.detach().map_() instead.")
    a = _a(self)
    b = np.broadcast_to(_a(tensor), a.shape)
    flat = [callable(x, y) for x, y in zip(a.reshape(-1).tolist(), b.reshape(-1).tolist())]
    with _no_grad():
        self.copy_(_w(np.asarray(flat, dtype=a.dtype).reshape(a.shape)))
    return self


def _no_grad():
    from cyautograd.grad_mode import no_grad
    return no_grad()


@_method
def byte(self, *, memory_format=None):
    """``self.to(torch.uint8)``.

    >>> torch.tensor([1.7, 300.]).byte()
    """
    return self.to(_D.uint8)


@_method
def char(self, *, memory_format=None):
    """``self.to(torch.int8)``.

    >>> torch.tensor([1.7, -3.]).char()
    """
    return self.to(_D.int8)


@_method
def bfloat16(self, *, memory_format=None):
    """torch's ``bfloat16()``: cyautograd has no bfloat16 dtype (numpy cannot
    represent it), so this raises a TypeError that says so.

    >>> try:
    ...     torch.ones(2).bfloat16()
    ... except TypeError as e:
    ...     print(e)
    """
    raise TypeError("cyautograd has no bfloat16 dtype (numpy cannot represent bfloat16); use float32 or float16")


@_method
def is_shared(self):
    """Whether the storage is in shared memory (for torch.multiprocessing): never here.

    >>> torch.ones(2).is_shared()
    """
    return False


@_method
def share_memory_(self):
    """Moves the storage to shared memory (for torch.multiprocessing): a no-op
    here, returning ``self``.

    >>> x = torch.ones(2); x.share_memory_() is x
    """
    return self


@_method
def is_pinned(self, device=None):
    """Whether the tensor is in page-locked (pinned) host memory: never here.

    >>> torch.ones(2).is_pinned()
    """
    if device is not None:      # torch parses it as a device (an index names an accelerator)
        from cyautograd._device import device as _device
        _device(device)
    return False


@_method
def pin_memory(self, device=None):
    """Copies the tensor into pinned memory for fast accelerator transfers; as in
    torch on a machine without an accelerator, this raises.

    >>> try:
    ...     torch.ones(2).pin_memory()
    ... except RuntimeError as e:
    ...     print(e)
    """
    if device is not None:      # torch parses it as a device first (is_pinned's parse)
        from cyautograd._device import device as _device
        if isinstance(device, (float, bool)) or not isinstance(device, (str, int, np.integer, _device)):
            raise TypeError(f"pin_memory(): argument 'device' (position 1) must be torch.device, not "
                            f"{_tname(device)}")
        if _device(device).type == "cpu":
            raise RuntimeError("CPU device type not an accelerator.")
    raise RuntimeError("Cannot access accelerator device when none is available.")


@_method
@_export
def clip_(self, min=None, max=None):
    """Alias of ``clamp_``.

    >>> torch.tensor([-2., 0.5, 3.]).clip_(-1, 1)
    """
    _check_tensor(self, "clip_")
    for v, nm in ((min, "min"), (max, "max")):
        if v is not None and not isinstance(v, Tensor) and not _is_scalar(v):
            raise TypeError(f"clip_(): argument '{nm}' must be Number, not {_tname(v)}")
    return self.clamp_(min, max)



# -- unsafe_split / unsafe_chunk / unsafe_split_with_sizes ----------------------
# NOTE [ Unsafe splits ]
# torch's unsafe_* splits share the input's memory like split/chunk but are
# not views for autograd: each output gets its own version counter and an
# ordinary grad_fn (UnsafeSplitBackward0 / UnsafeSplitWithSizesBackward0), so
# in-place ops on the outputs are allowed without the multi-output view
# error. As torch warns, modifying both the input and an output in place
# makes the gradients silently wrong. Here the outputs are the pieces'
# `.data` (shared memory, fresh counter, no view relation), returned from a
# Function whose backward concatenates the gradients.

def _unsafe_split_fn(node_name):
    @_named(node_name)
    class _UnsafeSplit(Function):
        @staticmethod
        def forward(ctx, t, how, arg, dim):
            pieces = getattr(t.detach(), how)(arg, dim)
            ctx.dim = dim if dim >= 0 else dim + t.dim()
            ctx.sizes = [p.shape[ctx.dim] for p in pieces]
            ctx.like = t
            ctx.set_materialize_grads(False)
            return tuple(p.data for p in pieces)

        @staticmethod
        def backward(ctx, *grads):
            import cyautograd as torch
            like = ctx.like
            parts = []
            for g, n in zip(grads, ctx.sizes):
                if g is None:
                    shape = list(like.shape)
                    shape[ctx.dim] = n
                    g = torch.zeros(shape, dtype=like.dtype, device=like.device)
                parts.append(g)
            return torch.cat(parts, ctx.dim), None, None, None
    return _UnsafeSplit


_UnsafeSplit = _unsafe_split_fn("UnsafeSplitBackward0")
_UnsafeSplitWithSizes = _unsafe_split_fn("UnsafeSplitWithSizesBackward0")


def _unsafe_int(op, name, v, pos):
    from cyautograd._arg_parser import tp_name
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{op}(): argument '{name}' (position {pos}) must be int, not {tp_name(v)}")
    if not -2 ** 63 <= int(v) < 2 ** 63:
        raise ValueError("Overflow when unpacking long long")
    return int(v)


def _unsafe(fn, how, input, arg, dim):
    from cyautograd._arg_parser import tp_name
    op = "unsafe_" + how
    _check_tensor(input, op)
    # torch's parser: int arguments (not bool), a tuple of ints for the sizes
    if how == "split_with_sizes":
        if not isinstance(arg, (tuple, list)):
            raise TypeError(f"{op}(): argument 'split_sizes' (position 2) must be tuple of ints, not {tp_name(arg)}")
        for i, v in enumerate(arg):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise TypeError(f"{op}(): argument 'split_sizes' failed to unpack the object at pos {i + 1} with "
                                f"error \"type must be tuple of ints,but got {tp_name(v)}\"")
        arg = [int(v) for v in arg]
    else:
        arg = _unsafe_int(op, "split_size" if how == "split" else "chunks", arg, 2)
    dim = _unsafe_int(op, "dim", dim, 3)
    if how == "split" and arg < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={arg}")
    if input.dim() == 0:
        # split's own error for a 0-d tensor, under this op's name
        getattr(input.detach(), how)(arg, dim)
    return list(fn.apply(input, how, arg, int(dim)))


@_export
def unsafe_split(input, split_size, dim=0):
    """unsafe_split(input, split_size, dim=0) -> list of Tensors

    As ``split`` with an int ``split_size``, but the pieces are not views for
    autograd: in-place ops on them are allowed (NOTE [ Unsafe splits ]). Also
    a Tensor method.

    >>> a, b = torch.unsafe_split(torch.arange(4.), 2); a.mul_(2)
    """
    return _unsafe(_UnsafeSplit, "split", input, split_size, dim)


@_export
def unsafe_chunk(input, chunks, dim=0):
    """unsafe_chunk(input, chunks, dim=0) -> list of Tensors

    As ``chunk``, but the pieces are not views for autograd (NOTE [ Unsafe
    splits ]). Also a Tensor method.

    >>> torch.unsafe_chunk(torch.arange(6.), 3)
    """
    return _unsafe(_UnsafeSplit, "chunk", input, chunks, dim)


@_export
def unsafe_split_with_sizes(input, split_sizes, dim=0):
    """unsafe_split_with_sizes(input, split_sizes, dim=0) -> list of Tensors

    As ``split_with_sizes``, but the pieces are not views for autograd (NOTE
    [ Unsafe splits ]). Also a Tensor method.

    >>> torch.unsafe_split_with_sizes(torch.arange(5.), [2, 3])
    """
    return _unsafe(_UnsafeSplitWithSizes, "split_with_sizes", input, split_sizes, dim)


# -- set_ ----------------------------------------------------------------------
# NOTE [ set_ ]
# torch's Tensor.set_ makes a tensor look at another tensor's memory:
# set_() gives it an empty storage, set_(source) source's storage and
# geometry, set_(source, storage_offset, size, stride) a strided window on
# source's storage, the offset counted from source's first element. The
# tensor keeps its own version counter (bumped once), and a leaf forgets its
# gradient accumulator, so a graph recorded before no longer reaches it
# through a new edge. torch grows the storage when the window reaches past
# its end; numpy memory cannot grow under other tensors, so that raises
# as_strided's out-of-bounds error here. A storage source (``untyped_storage()``
# or ``storage()``) is its whole memory block seen as this tensor's dtype,
# offsets counted from the block's start: an UntypedStorage may be read as
# any dtype (its bytes reinterpreted, a trailing partial element dropped), a
# TypedStorage only as its own.
_SET_SIGNATURES = [   # (signature, the arg count torch explains a mismatch for)
    ("()", 1), ("(torch.Storage source)", 1),
    ("(torch.Storage source, int storage_offset, tuple of ints size, tuple of ints stride = None)", None),
    ("(Tensor source)", 1),
    ("(Tensor source, int storage_offset, tuple of ints size, tuple of ints stride = None)", None)]

_SCALAR_TYPE_CPP = {"float32": "float", "float64": "double", "int64": "long int", "int32": "int", "bool": "bool",
                    "float16": "c10::Half", "uint8": "unsigned char", "int8": "signed char",
                    "int16": "short int", "bfloat16": "c10::BFloat16"}


def _set_type_error(args):
    from cyautograd._arg_parser import tp_name
    got = ", ".join(tp_name(a) if not isinstance(a, Tensor) else "Tensor" for a in args)
    lines = [f"set_() received an invalid combination of arguments - got ({got}), but expected one of:"]
    for sig, n in _SET_SIGNATURES:
        lines.append(f" * {sig}")
        if n is not None and n == len(args) and n:
            marked = ", ".join(f"!{tp_name(a)}!" for a in args)
            lines.append(f"      didn't match because some of the arguments have invalid types: ({marked})")
    return TypeError("\n".join(lines) + "\n")


@_method
def set_(self, *args, **kwargs):
    """Makes this tensor look at another tensor's memory, in place
    (NOTE [ set_ ]): ``set_()`` an empty one, ``set_(source)`` all of
    ``source``, ``set_(source, storage_offset, size, stride=None)`` a strided
    window on ``source``'s storage. Returns this tensor.

    >>> x = torch.zeros(3); y = torch.arange(4.); x.set_(y); y[0] = 7; x
    """
    import cyautograd as torch
    from cyautograd.variable import _set_
    names = ("source", "storage_offset", "size", "stride")
    if len(args) > 4 or any(k not in names for k in kwargs):
        raise _set_type_error(args + tuple(kwargs.values()))
    bound = dict(zip(names, args))
    for k, v in kwargs.items():
        if k in bound:
            raise _set_type_error(args + tuple(kwargs.values()))
        bound[k] = v
    if not bound:
        with torch.no_grad():
            empty = torch.empty(0, dtype=self.dtype, device=self.device)
        return _set_(self, empty)
    source = bound.get("source")
    from cyautograd.storage import _StorageBase
    if isinstance(source, _StorageBase):
        source = _storage_source(self, source)
    if not isinstance(source, Tensor) or (len(bound) > 1 and not {"storage_offset", "size"} <= set(bound)):
        raise _set_type_error(args + tuple(kwargs.values()))
    if source.dtype != self.dtype:
        def cpp(d):
            return _SCALAR_TYPE_CPP.get(str(d).split(".")[-1], str(d).split(".")[-1])
        raise RuntimeError(f"Could not set tensor of type {cpp(source.dtype)} to a tensor of type {cpp(self.dtype)}")
    if len(bound) == 1:
        return _set_(self, source)
    offset, size, stride = bound["storage_offset"], bound["size"], bound.get("stride")
    if not isinstance(offset, (int, np.integer)) or isinstance(offset, bool) or \
            not isinstance(size, (tuple, list, torch.Size)) or \
            not (stride is None or isinstance(stride, (tuple, list, torch.Size))):
        raise _set_type_error(args + tuple(kwargs.values()))
    size = [int(s) for s in size]
    if stride is not None and len(stride) != len(size):
        raise RuntimeError(f"unequal size length ({len(size)}) and stride length ({len(stride)})")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    if any(s < 0 for s in size):
        raise RuntimeError("numel: integer multiplication overflow")
    if stride is None:
        stride, acc = [], 1
        for s in reversed(size):
            stride.insert(0, acc)
            acc *= max(s, 1)
    with torch.no_grad():
        base = source.detach()
        window = torch.as_strided(base, size, [int(s) for s in stride], base.storage_offset() + int(offset))
    return _set_(self, window)


def _storage_source(self, storage):
    """set_'s storage source as a 1-d tensor over the storage's whole block,
    in self's dtype (NOTE [ set_ ])."""
    import cyautograd as torch
    from cyautograd.storage import TypedStorage, _block_bytes, _reinterpret
    from cyautograd.variable import _storage_array
    owner = storage._tensor
    if isinstance(storage, TypedStorage) and storage.dtype != self.dtype:
        name = str(self.dtype).split(".")[-1]
        raise RuntimeError(f"Expected a Storage of type {_SCALAR_TYPE_CPP.get(name, name)} or an UntypedStorage, "
                           f"but got type {storage.dtype._cname} "
                           f"for argument 1 'storage'")
    arr = _storage_array(owner)
    with torch.no_grad():
        if isinstance(arr, np.ndarray):
            return torch.from_numpy(_reinterpret(_block_bytes(arr), self.dtype.np))
        if owner.dtype != self.dtype:
            raise RuntimeError(f"set_: a {owner.device.type} storage of {owner.dtype} cannot be reinterpreted "
                               f"as {self.dtype} here (only CPU storages can)")
        n = storage.nbytes() // owner.element_size()
        return torch.as_strided(owner.detach(), (n,), (1,), 0)


@_method
def untyped_storage(self):
    """The memory under this tensor (shared by its views) as bytes: an
    ``UntypedStorage`` with ``nbytes()`` and ``data_ptr()``.

    >>> torch.arange(4.)[1:].untyped_storage().nbytes()
    """
    from cyautograd.storage import UntypedStorage
    return UntypedStorage(self)


def storage(self):
    """The memory under this tensor as elements of its dtype (a
    ``TypedStorage``; torch warns that it is deprecated, once).

    >>> len(torch.arange(5.)[1:4].storage())
    """
    from cyautograd.storage import TypedStorage, _typed_storage_warning
    _typed_storage_warning()
    if not isinstance(self, Tensor):
        # torch's storage() is Python code asking self for _typed_storage()
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '_typed_storage'")
    return TypedStorage(self)


METHODS["storage"] = storage   # (no self check: torch's is Python code, see above)


# -- igamma / igammac: regularised incomplete gamma functions ------------------------------------
# torch differentiates them in `other` (x) only: d/dx P(a, x) = x^(a-1) e^(-x) / Gamma(a), and
# -that for Q; the derivative in `input` (a) is torch's NotImplementedError at backward.

def _igamma_check(name):
    def check(rd, a, b):
        if not rd.is_floating_point:
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{rd._cname}'")
    return check


def _igamma_np(fn):
    def f(a, x):
        return getattr(_need_sp("igamma"), fn)(a, x)
    return f


def _igamma_grad_a(name):
    def grad(g, a, b, o):
        raise NotImplementedError(f"the derivative for '{name}: input' is not implemented.")
    return grad


def _igamma_density(g, a, x):
    from cyautograd import _ops
    return g * _ops.exp((a - 1) * _ops.log(x) - x - _ops.lgamma(a))


igamma = _export(_binary_op("igamma", _binary(
    "igamma", {"tt": "IgammaBackward0"}, _igamma_np("gammainc"), _igamma_grad_a("igamma"),
    lambda g, a, b, o: _igamma_density(g, a, b)), check=_igamma_check("igamma")))
igamma.__doc__ = """igamma(input, other, *, out=None) -> Tensor

The regularised lower incomplete gamma function ``P(input, other)``
(``torch.special.gammainc``); differentiable in ``other`` only, as torch's
(IgammaBackward0). Also a Tensor method (``a.igamma(x)``).

>>> torch.igamma(torch.tensor([1., 2.]), torch.tensor([0.5, 3.]))
"""

igammac = _export(_binary_op("igammac", _binary(
    "igammac", {"tt": "IgammacBackward0"}, _igamma_np("gammaincc"), _igamma_grad_a("igammac"),
    lambda g, a, b, o: -_igamma_density(g, a, b)), check=_igamma_check("igammac")))
igammac.__doc__ = """igammac(input, other, *, out=None) -> Tensor

The regularised upper incomplete gamma function ``Q(input, other) = 1 - P``
(``torch.special.gammaincc``); differentiable in ``other`` only, as torch's
(IgammacBackward0). Also a Tensor method (``a.igammac(x)``).

>>> torch.igammac(torch.tensor([1., 2.]), torch.tensor([0.5, 3.]))
"""

# their in-place forms (Tensor methods only, as torch's): self is `input`, so
# the result is differentiable in `other` only and a self that requires grad
# gets IgammaBackward0 whose backward raises torch's "not implemented for
# 'igamma: input'" (NOTE above)
for _n, _op, _recv, _args in (("igamma_", igamma, "torch.tensor([1., 2.])", "torch.tensor([0.5, 3.])"),
                              ("igammac_", igammac, "torch.tensor([1., 2.])", "torch.tensor([0.5, 3.])")):
    METHODS[_n] = _make_inplace(_n, _op)
    if _n in _extra.__all__:
        _extra.__all__.remove(_n)
    METHODS[_n].__doc__ = (f"In-place ``{_n[:-1]}``: writes the result into ``self`` (its dtype must hold "
                           f"it) and returns ``self``; the version counter is bumped, so autograd detects a "
                           f"later use of the old value.\n\n>>> {_recv}.{_n}({_args})")
del _n, _op, _recv, _args
