"""Tensor methods torch has beside its torch.* functions: the in-place forms
and aliases the other op modules lack (bitwise_and_, logical_not_, cumsum_,
divide_, ...), the real-dtype answers of the complex/conjugate surface (conj,
resolve_conj, real, imag), the layout predicates (is_meta, is_quantized, ...)
and the sparse accessors' refusals for a strided tensor, the legacy resize /
resize_as, and the removed APIs' errors (eig, lstsq, solve, symeig,
reinforce, volatile).

NOTE [ Real dtypes only ]
cyautograd has no complex dtypes, so every tensor is real: conj(),
resolve_conj() and resolve_neg() return self (torch returns self for a real
tensor too, no node recorded), is_conj()/is_neg() are False, ``.real`` is
self and ``.imag`` torch's refusal for a non-complex dtype.

The in-place forms go through extra2's _make_inplace (the in-place protocol
of pointwise's _inplace_via: argument checks first, check_inplace, one
version bump, rebase_history/CopySlices, and torch's "result type X can't be
cast to the desired output type Y" when the op's result dtype is of a higher
category than self's).
"""
import math

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.function import Function
from cyautograd.ops import extra2 as _x2
from cyautograd.ops.extra import _a, _inplace, _sum_to, _tname, _w, _w_ti
from cyautograd.tensor import Tensor

__all__ = ["METHODS", "hardshrink", "prelu", "mvlgamma"]

METHODS = {}
_NOT_GIVEN = object()


def _method(name=None):
    def deco(f):
        METHODS[name or f.__name__] = f
        f.__qualname__ = "Tensor." + (name or f.__name__)
        return f
    return deco


def _self_check(name, self):
    if not isinstance(self, Tensor):
        raise TypeError(f"descriptor '{name}' for 'torch._C.TensorBase' objects doesn't apply to a "
                        f"'{_tname(self)}' object")


def _tensor_arg(fname, pname, v, pos):
    if not isinstance(v, Tensor):
        raise TypeError(f"{fname}(): argument '{pname}' (position {pos}) must be Tensor, not {_tname(v)}")


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def _is_number(v):
    return isinstance(v, (int, float, np.integer, np.floating)) or (
        isinstance(v, Tensor) and v.dim() == 0)


def _float_of(v):
    return float(v.item()) if isinstance(v, Tensor) else float(v)


def _refusal_example(expr):
    return (f"\n\n>>> try:\n...     {expr}\n... except RuntimeError as e:\n...     print(str(e).splitlines()[0])")


# -- in-place forms and aliases ----------------------------------------------------------------

def _ptw(name):
    from cyautograd.ops import pointwise
    return getattr(pointwise, name)


# NOTE [ TensorIterator's checks of a binary in-place op ]
# torch's binary in-place kernels build a TensorIterator with self as the
# output: it first refuses an `other` that would broadcast self to a larger
# shape ("output with shape [] doesn't match the broadcast shape [3]"), then
# a common dtype that self's cannot hold ("result type Float can't be cast to
# the desired output type Long") -- both before the kernel's own dtype refusal
# ("bitwise_and_cpu" not implemented for 'Float'). The logical ops write a
# truth value in self's dtype: no cast check; atan2 computes in a floating
# type. So these checks run here, after the argument parse and before the op.
def _binary_inplace(name, op, *, tensor_only=False, cast_check=True, floating=False):
    base = _x2._make_inplace(name, op) if cast_check else _logical_inplace(name, op)

    def f(self, *args, **kwargs):
        _self_check(name, self)
        other = args[0] if len(args) == 1 and not kwargs else kwargs.get("other") if len(kwargs) == 1 and \
            not args else None
        if tensor_only and other is not None and not isinstance(other, Tensor):
            raise TypeError(f"{name}(): argument 'other' (position 1) must be Tensor, not {_tname(other)}")
        if not tensor_only and len(args) == 1 and not kwargs and not isinstance(other, Tensor) and \
                not _is_number(other) and not isinstance(other, bool):
            # torch's parser: neither overload (Tensor other) nor (Number other) binds
            from cyautograd._arg_parser import tp_name
            got = tp_name(other)
            if isinstance(other, (list, tuple)):
                got = f"{type(other).__name__} of [{', '.join(sorted(set(tp_name(e) for e in other)))}]"
            raise TypeError(f"{name}() received an invalid combination of arguments - got ({tp_name(other)}), but "
                            f"expected one of:\n * (Tensor other)\n      didn't match because some of the "
                            f"arguments have invalid types: (!{got}!)\n * (Number other)\n      didn't match "
                            f"because some of the arguments have invalid types: (!{got}!)\n")
        if isinstance(other, Tensor) or _is_number(other):
            if isinstance(other, Tensor):
                import cyautograd as _torch
                a, b = tuple(self.shape), tuple(other.shape)
                n = max(len(a), len(b))
                a1, b1 = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
                for d in range(n - 1, -1, -1):
                    if a1[d] != b1[d] and a1[d] != 1 and b1[d] != 1:
                        raise RuntimeError(f"The size of tensor a ({a1[d]}) must match the size of tensor b "
                                           f"({b1[d]}) at non-singleton dimension {d}")
                bshape = tuple(_torch.broadcast_shapes(a, b))
                if bshape != a:
                    raise RuntimeError(f"output with shape {list(self.shape)} doesn't match the broadcast shape "
                                       f"{list(bshape)}")
            if cast_check:
                rt = _D.result_type(self, other)
                if floating and not rt.is_floating_point:
                    rt = _D.get_default_dtype()
                if rt.category > self.dtype.category:
                    raise RuntimeError(f"result type {rt._cname} can't be cast to the desired output type "
                                       f"{self.dtype._cname}")
        return base(self, *args, **kwargs)
    f.__name__ = name
    f.__qualname__ = "Tensor." + name
    f.__doc__ = f"In-place ``{name[:-1]}``: the result written into self (its dtype must hold it).\n\n" \
                f">>> torch.tensor([5, 6]).{name}(torch.tensor([3, 1]))"
    METHODS[name] = f


# NOTE [ In-place logical ops record nothing ]
# logical_and_/or_/xor_/not_ have no derivative formula and torch does not
# treat them as differentiable: no check_inplace (a leaf that requires grad
# takes the write), no node (self keeps its grad_fn), one version bump.
def _logical_inplace(name, op):
    import inspect
    sig = inspect.signature(op)

    def f(self, *args, **kwargs):
        try:
            sig.bind(self, *args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{name}() {e}") from None
        with _no_grad():
            self.detach().copy_(op(self.detach(), *args, **kwargs))
        return self
    f.__name__ = name
    return f


for _n in ("bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift",
           "floor_divide"):
    _binary_inplace(_n + "_", _ptw(_n))
for _n in ("logical_and", "logical_or", "logical_xor"):
    _binary_inplace(_n + "_", _ptw(_n), tensor_only=True, cast_check=False)
METHODS["bitwise_not_"] = _x2._make_inplace("bitwise_not_", _ptw("bitwise_not"))
METHODS["bitwise_not_"].__doc__ = ("In-place ``bitwise_not`` of an integral or bool tensor.\n\n"
                                   ">>> torch.tensor([True, False]).bitwise_not_()")


def logical_not_(self):
    """In-place ``logical_not`` in self's dtype (NOTE [ In-place logical ops record nothing ]).

    >>> torch.tensor([0., 2.]).logical_not_()
    """
    _self_check("logical_not_", self)
    return _logical_inplace("logical_not_", _ptw("logical_not"))(self)


METHODS["logical_not_"] = logical_not_


def _atan2(input, other):
    from cyautograd.ops.extra import atan2
    return atan2(input, other)


_atan2.__name__ = "atan2"
_binary_inplace("arctan2_", _atan2, tensor_only=True, floating=True)
METHODS["arctan2_"].__doc__ = "In-place ``atan2`` (alias ``atan2_``).\n\n>>> torch.tensor([1., 2.]).arctan2_(torch.tensor([1., 1.]))"


@_method()
def multiply_(self, other):
    """Alias of ``mul_``.

    >>> torch.ones(2).multiply_(3)
    """
    _self_check("multiply_", self)
    return Tensor.mul_(self, other)


@_method()
def subtract_(self, other, *args, alpha=_NOT_GIVEN):
    """Alias of ``sub_``; a Number ``other`` may take ``alpha`` positionally
    (torch's second overload, ``(Number other, Number alpha=1)``).

    >>> torch.ones(2).subtract_(1, alpha=2)
    """
    _self_check("subtract_", self)
    if args:
        from cyautograd._arg_parser import reject
        reject("Tensor.subtract_", (other,) + args, None if alpha is _NOT_GIVEN else {"alpha": alpha})
        if len(args) != 1 or isinstance(other, Tensor) or alpha is not _NOT_GIVEN:
            raise TypeError("subtract_() received an invalid combination of arguments")
        alpha = args[0]
    return Tensor.sub_(self, other, alpha=1 if alpha is _NOT_GIVEN else alpha)


@_method()
def divide_(self, other, *, rounding_mode=None):
    """Alias of ``div_``.

    >>> torch.tensor([5., 7.]).divide_(2, rounding_mode="floor")
    """
    _self_check("divide_", self)
    if rounding_mode is None:
        return Tensor.div_(self, other)
    return Tensor.div_(self, other, rounding_mode=rounding_mode)


@_method()
def true_divide_(self, other):
    """Alias of ``div_`` without a rounding mode.

    >>> torch.tensor([5., 7.]).true_divide_(2)
    """
    _self_check("true_divide_", self)
    return Tensor.div_(self, other)


def _cpp(dt):
    return _x2._SCALAR_TYPE_CPP.get(str(dt).split(".")[-1], str(dt).split(".")[-1])


@_method()
def cumsum_(self, dim, *, dtype=None):
    """In-place ``cumsum`` along ``dim``; ``dtype``, when given, must be self's.

    >>> torch.tensor([1., 2., 3.]).cumsum_(0)
    """
    _self_check("cumsum_", self)
    from cyautograd.ops.reduction import cumsum
    if not _is_int(dim):
        raise TypeError(f"cumsum_(): argument 'dim' (position 1) must be int, not {_tname(dim)}")
    if dtype is not None and not isinstance(dtype, _D.dtype):
        raise TypeError(f"cumsum_(): argument 'dtype' must be torch.dtype, not {_tname(dtype)}")
    if self.dtype is _D.bool and dtype in (None, _D.bool) and self.dim() > 0 and self.numel() > 0:
        raise NotImplementedError("\"cumsum_out_cpu\" not implemented for 'Bool'")
    if dtype is not None and dtype != self.dtype:
        # torch's structured kernel: the result dtype is `dtype`, and set_output
        # refuses an in-place self of another dtype
        raise RuntimeError(f"Bad in-place call: input tensor dtype {_cpp(self.dtype)} and output tensor dtype "
                           f"{_cpp(dtype)} should match")
    return _inplace(self, lambda x, d: cumsum(x, d, dtype=self.dtype), dim)


# -- mvlgamma ----------------------------------------------------------------------------------

def _mvlgamma_checks(input, p):
    if input.dtype is _D.bool:
        raise RuntimeError("The input tensor may not be a boolean tensor.")
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")


def mvlgamma(input, p):
    """The multivariate log-gamma function of dimension ``p`` (torch.mvlgamma,
    MvlgammaBackward0); an integral input is computed in the default float
    dtype. torch checks no domain: arguments at or below ``(p - 1) / 2`` give
    lgamma's values there (inf at the poles).

    >>> torch.tensor([2.5, 3.]).mvlgamma(2)
    """
    from cyautograd.special import _Mvlgamma
    _tensor_arg("mvlgamma", "input", input, 1)
    if not _is_int(p):
        raise TypeError(f"mvlgamma(): argument 'p' (position 1) must be int, not {_tname(p)}")
    _mvlgamma_checks(input, p)
    if not input.dtype.is_floating_point:
        input = input.to(_D.get_default_dtype())
    from cyautograd.creation import _storage_check
    # torch's kernel allocates p terms: the byte count's overflow first, then an
    # allocation no machine gives (refused here rather than attempted)
    nbytes = _storage_check((int(p),), input.dtype.np)
    if nbytes > (1 << 40):
        raise RuntimeError(f"[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate "
                           f"memory: you tried to allocate {nbytes} bytes. Error code 12 (Cannot allocate memory)")
    return _Mvlgamma.apply(input, int(p))


@_method("mvlgamma")
def _mvlgamma_method(self, *args, **kwargs):
    _self_check("mvlgamma", self)
    if len(args) + len(kwargs) != 1 or (kwargs and "p" not in kwargs):
        raise TypeError('mvlgamma() missing 1 required positional arguments: "p"' if not args and not kwargs
                        else "mvlgamma() received an invalid combination of arguments")
    p = args[0] if args else kwargs["p"]
    if not _is_int(p):
        where = " (position 1)" if args else ""
        raise TypeError(f"mvlgamma(): argument 'p'{where} must be int, not {_tname(p)}")
    return mvlgamma(self, p)


_mvlgamma_method.__doc__ = mvlgamma.__doc__


@_method()
def mvlgamma_(self, p=None):
    """In-place ``mvlgamma``; self must be floating point.

    >>> torch.tensor([2.5, 3.]).mvlgamma_(2)
    """
    _self_check("mvlgamma_", self)
    if p is None:
        raise TypeError('mvlgamma_() missing 1 required positional arguments: "p"')
    if not _is_int(p):
        raise TypeError(f"mvlgamma_(): argument 'p' (position 1) must be int, not {_tname(p)}")
    _mvlgamma_checks(self, p)
    if not self.dtype.is_floating_point:
        # torch's mvlgamma_ computes in self's dtype and names the two the other way round
        raise RuntimeError(f"mvlgamma: result type {self.dtype._cname} can't be cast to the desired output "
                           f"type {_D.get_default_dtype()._cname}")
    return _inplace(self, mvlgamma, p)


# -- activations that are Tensor methods -------------------------------------------------------

@_x2._named("HardshrinkBackward0")
class _Hardshrink(Function):
    @staticmethod
    def forward(ctx, x, lambd):
        ctx.save_for_backward(x)
        ctx.lambd = lambd
        if not x.is_cpu:   # NOTE [ Device backends ]
            from cyautograd.ops.extra import _composite
            return _composite(lambda t: t.where((t < -lambd) | (t > lambd), t.new_zeros(())), x)
        a = _a(x)
        return _w_ti(np.where((a >= -lambd) & (a <= lambd), np.zeros((), a.dtype), a), a.dtype, a)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        lambd = ctx.lambd
        return g * ((x < -lambd) | (x > lambd)).to(g.dtype), None


def hardshrink(input, lambd=0.5):
    """``x`` where ``|x| > lambd``, else 0 (torch.hardshrink, HardshrinkBackward0).

    >>> torch.tensor([-1., 0.2, 2.]).hardshrink()
    """
    _tensor_arg("hardshrink", "input", input, 1)
    if not _is_number(lambd):
        raise TypeError(f"hardshrink(): argument 'lambd' (position 2) must be Number, not {_tname(lambd)}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"hardshrink_cpu\" not implemented for '{input.dtype._cname}'")
    return _Hardshrink.apply(input, _float_of(lambd))


@_method("hardshrink")
def _hardshrink_method(self, lambd=0.5):
    _self_check("hardshrink", self)
    if not _is_number(lambd):
        raise TypeError(f"hardshrink(): argument 'lambd' (position 1) must be Number, not {_tname(lambd)}")
    return hardshrink(self, lambd)


_hardshrink_method.__doc__ = hardshrink.__doc__


@_x2._named("PreluKernelBackward0")
class _PreluKernel(Function):
    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        if not x.is_cpu or not w.is_cpu:   # NOTE [ Device backends ]
            from cyautograd.ops.extra import _composite
            return _composite(lambda x, v: x.where(x > 0, x * v), x, w)
        a, b = _a(x), _a(w)
        return _w(np.where(a > 0, a, a * b).astype(a.dtype, copy=False))

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        pos = x > 0
        gx = g.where(pos, g * w)
        gw = _sum_to((x * g).where(~pos, g.new_zeros(())), tuple(w.shape))
        return gx, gw


def prelu(input, weight):
    """``max(0, x) + weight * min(0, x)``, one slope per channel (dim 1) or one
    for all (torch.prelu: a reshape of ``weight`` to self's rank, then
    PreluKernelBackward0).

    >>> torch.tensor([[-1., 2.], [-3., 4.]]).prelu(torch.tensor([0.1, 0.2]))
    """
    _tensor_arg("prelu", "input", input, 1)
    _tensor_arg("prelu", "weight", weight, 2)
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {input.dtype._cname} and "
                           f"{weight.dtype._cname}")
    nd = input.dim()
    if weight.numel() != 1:
        if nd == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if nd > 1 else 1
        if channels != weight.numel():
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers "
                               f"= {weight.numel()} and channel size = {channels}.")
    if weight.dim() > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.dim()}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"prelu_cpu\" not implemented for '{input.dtype._cname}'")
    w = weight
    if nd != weight.dim():
        shape = [1] * nd
        if nd > 1:
            shape[1] = weight.numel()
        w = weight.reshape(shape)
    return _PreluKernel.apply(input, w)


@_method("prelu")
def _prelu_method(self, weight):
    _self_check("prelu", self)
    _tensor_arg("prelu", "weight", weight, 1)
    return prelu(self, weight)


_prelu_method.__doc__ = prelu.__doc__


# -- views and copies --------------------------------------------------------------------------

@_method()
def adjoint(self):
    """The conjugate transpose of the last two dimensions (a real tensor: the
    transpose, a view).

    >>> torch.ones(2, 3).adjoint().shape
    """
    _self_check("adjoint", self)
    if self.dim() < 2:
        raise RuntimeError(f"tensor.adjoint() is only supported on matrices or batches of matrices. "
                           f"Got {self.dim()}-D tensor.")
    return self.transpose(-2, -1)


@_method()
def short(self, *, memory_format=None):
    """``self.to(torch.int16)``.

    >>> torch.tensor([1.5, -2.]).short()
    """
    _self_check("short", self)
    if memory_format is None:
        return self.to(_D.int16)
    return self.to(_D.int16, memory_format=memory_format)


@_method()
def conj(self):
    """Self (NOTE [ Real dtypes only ]).

    >>> torch.ones(2).conj()
    """
    _self_check("conj", self)
    return self


def _returns_self(name):
    def f(self):
        _self_check(name, self)
        return self
    f.__name__ = name
    f.__doc__ = f"Self (NOTE [ Real dtypes only ]).\n\n>>> torch.ones(2).{name}()"
    return f


def _returns_false(name):
    def f(self):
        _self_check(name, self)
        return False
    f.__name__ = name
    f.__doc__ = f"False for every tensor here.\n\n>>> torch.ones(2).{name}()"
    return f


for _n in ("resolve_conj", "resolve_neg"):
    _method(_n)(_returns_self(_n))
for _n in ("is_conj", "is_neg", "is_distributed"):
    _method(_n)(_returns_false(_n))


def _false_prop(name):
    def get(self):
        return False
    get.__name__ = name
    return property(get, doc=f"False: cyautograd tensors are strided CPU or device arrays.\n\n"
                             f">>> torch.ones(2).{name}")


for _n in ("is_meta", "is_quantized", "is_nested", "is_sparse_csr", "is_mkldnn", "is_mps", "is_xpu", "is_xla",
           "is_ipu", "is_maia", "is_mtia", "is_vulkan"):
    METHODS[_n] = _false_prop(_n)


def _real(self):
    return self


def _imag(self):
    raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")


def _set_real(self, value):
    from cyautograd.ops.extra2 import _is_scalar
    if not isinstance(value, Tensor) and not _is_scalar(value):
        legacy = getattr(self.dtype, "_legacy", str(self.dtype))
        raise TypeError(f"can't assign a {type(value).__name__} to a cyautograd.{legacy}")
    self.copy_(value) if isinstance(value, Tensor) else self.fill_(value)


def _set_imag(self, value):
    _imag(self)


METHODS["real"] = property(_real, _set_real, doc="Self for a real tensor (NOTE [ Real dtypes only ]).\n\n"
                                      ">>> torch.ones(2).real")
METHODS["imag"] = property(_imag, _set_imag, doc="torch's refusal for a real tensor (NOTE [ Real dtypes only ])."
                                      + _refusal_example("torch.ones(2).imag"))


def _volatile(self):
    from cyautograd._warn import warn_user
    warn_user("volatile was removed (Variable.volatile is always False)")
    return False


METHODS["volatile"] = property(_volatile, doc="Removed: always False (torch warns).\n\n>>> torch.ones(2).volatile")


# -- predicates --------------------------------------------------------------------------------

@_method()
def is_signed(self):
    """Whether self's dtype is signed (False for uint8 and bool).

    >>> torch.ones(2).is_signed()
    """
    _self_check("is_signed", self)
    return bool(self.dtype.is_signed)


@_method()
def is_nonzero(self):
    """The truth of a one-element tensor (torch's refusals for others).

    >>> torch.tensor([2.]).is_nonzero()
    """
    _self_check("is_nonzero", self)
    n = self.numel()
    if n == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if n > 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(self.detach().reshape(()).item() != 0)


@_method()
def is_same_size(self, other):
    """Whether ``other`` has self's sizes.

    >>> torch.ones(2).is_same_size(torch.zeros(2))
    """
    _self_check("is_same_size", self)
    _tensor_arg("is_same_size", "other", other, 1)
    return tuple(self.shape) == tuple(other.shape)


@_method()
def is_set_to(self, tensor):
    """Whether ``tensor`` looks at the same memory with the same geometry.

    >>> x = torch.ones(2); x.is_set_to(x[:])
    """
    _self_check("is_set_to", self)
    _tensor_arg("is_set_to", "tensor", tensor, 1)
    from cyautograd.variable import _storage_array
    a, b = _storage_array(self), _storage_array(tensor)
    same_storage = a is b or (a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
                              if isinstance(a, np.ndarray) and isinstance(b, np.ndarray) else False)
    return bool(same_storage and self.storage_offset() == tensor.storage_offset()
                and tuple(self.shape) == tuple(tensor.shape) and tuple(self.stride()) == tuple(tensor.stride()))


@_method()
def const_data_ptr(self):
    """``data_ptr()`` (read-only in torch's contract).

    >>> x = torch.ones(2); x.const_data_ptr() == x.data_ptr()
    """
    _self_check("const_data_ptr", self)
    return self.data_ptr()


def _is_contig_as(t, fmt):
    try:
        return bool(t.is_contiguous(memory_format=fmt))
    except (RuntimeError, TypeError):
        return False


def _elementwise_perm(t, ambiguity_check):
    """torch._prims_common's compute_elementwise_output_logical_to_physical_perm
    for one tensor: (perm outermost first, whether the order is ambiguous)."""
    import cyautograd as _torch
    sizes, strides = tuple(t.shape), tuple(t.stride())
    nd = len(sizes)
    if nd == 0:
        return [], False
    if nd == 1:
        return [0], False
    contig = t.is_contiguous()
    fmt = getattr(_torch, "channels_last", None)     # (no memory formats here yet: never channels-last)
    cl = nd == 4 and fmt is not None and _is_contig_as(t, fmt)
    if contig and not cl:
        return list(range(nd)), False
    if cl and not contig:
        return [0, *range(2, nd), 1], False

    def ge(a, b):
        return b == 0 or (a != 0 and (a >= b or a % b == 0))

    def should_swap(ia, ib):
        sa, sb = strides[ia], strides[ib]
        if sa == 0 or sb == 0:
            return 0
        if sa == sb:
            return 0 if ge(sizes[ib], sizes[ia]) else 1
        if ge(sb, sa):
            return -1
        if ge(sa, sb):
            return 1
        return 0
    from cyautograd._ti_loop import insertion_sort_dims
    perm = insertion_sort_dims(list(range(nd - 1, -1, -1)), should_swap)
    ambiguous = bool(ambiguity_check) and any(should_swap(perm[i], perm[i + 1]) != -1 for i in range(nd - 1))
    return list(reversed(perm)), ambiguous


@_method()
def dim_order(self, *, ambiguity_check=False):
    """The dimensions from outermost to innermost in memory (torch's
    elementwise-output permutation); ``ambiguity_check`` (True, or a list of
    memory formats one of which must fit exactly) refuses a tensor whose order
    is not unique.

    >>> torch.zeros(2, 3).t().dim_order()
    """
    import cyautograd as _torch     # (torch's is Python code: a non-Tensor self fails on its first attribute)
    bad = TypeError("The ambiguity_check argument must be a bool or a list of memory formats.")
    if not isinstance(ambiguity_check, bool):
        if not isinstance(ambiguity_check, list):
            raise bad
        mf = getattr(_torch, "memory_format", None)
        if mf is not None and not all(isinstance(f, mf) for f in ambiguity_check):
            raise bad
    sizes, strides = tuple(self.shape), tuple(self.stride())
    formats = ambiguity_check if isinstance(ambiguity_check, list) else []
    check_multiple = ambiguity_check if isinstance(ambiguity_check, bool) else True
    multiple = any(a == b for a, b in zip(strides, strides[1:])) or any(s == 1 for s in sizes)
    if check_multiple and multiple and sum(_is_contig_as(self, f) for f in formats) != 1:
        raise RuntimeError("The tensor does not have unique dim order, or cannot map to exact one of the given "
                           "memory formats.")
    perm, ambiguous = _elementwise_perm(self, ambiguity_check)
    if ambiguous:
        raise RuntimeError("The tensor does not have unique dim order.")
    return tuple(perm)


# -- sparse and storage accessors of a strided tensor ------------------------------------------

def _sparse_refusal(name, layout):
    def f(self):
        _self_check(name, self)
        raise RuntimeError(f"{name} expected {layout} tensor layout but got Strided")
    f.__name__ = name
    f.__doc__ = ("A sparse tensor's accessor: torch's refusal for a strided tensor."
                 + _refusal_example(f"torch.ones(2).{name}()"))
    return f


for _n, _layout in (("crow_indices", "sparse row compressed"), ("col_indices", "sparse row compressed"),
                    ("ccol_indices", "sparse column compressed"), ("row_indices", "sparse column compressed"),
                    ("indices", "sparse coordinate"), ("values", "sparse"),
                    ("is_coalesced", "sparse coordinate"), ("coalesce", "sparse coordinate")):
    _method(_n)(_sparse_refusal(_n, _layout))


@_method()
def dense_dim(self):
    """The number of dense dimensions: all of a strided tensor's.

    >>> torch.ones(2, 3).dense_dim()
    """
    _self_check("dense_dim", self)
    return self.dim()


@_method()
def sparse_dim(self):
    """The number of sparse dimensions: 0 for a strided tensor.

    >>> torch.ones(2, 3).sparse_dim()
    """
    _self_check("sparse_dim", self)
    return 0


@_method()
def to_dense(self, dtype=None, *, masked_grad=None):
    """Self for a strided tensor (a copy in ``dtype`` when it differs).

    >>> torch.ones(2).to_dense()
    """
    _self_check("to_dense", self)
    if dtype is not None and not isinstance(dtype, _D.dtype):
        raise TypeError(f"to_dense(): argument 'dtype' (position 1) must be torch.dtype, not {_tname(dtype)}")
    if dtype is not None and dtype != self.dtype:
        return self.to(dtype)
    return self


# -- removed APIs ------------------------------------------------------------------------------

_REMOVED = "This function was deprecated since version 1.9 and is now removed. "


@_method()
def solve(self, other):
    """Removed (torch.linalg.solve): raises torch's error.

    >>> try:
    ...     torch.eye(2).solve(torch.eye(2))
    ... except RuntimeError as e:
    ...     print(str(e).splitlines()[0])
    """
    raise RuntimeError(
        _REMOVED + "`torch.solve` is deprecated in favor of `torch.linalg.solve`. `torch.linalg.solve` has its "
        "arguments reversed and does not return the LU factorization.\n\nTo get the LU factorization see "
        "`torch.lu`, which can be used with `torch.lu_solve` or `torch.lu_unpack`.\nX = torch.solve(B, A).solution "
        "should be replaced with:\nX = torch.linalg.solve(A, B)")


@_method()
def lstsq(self, other):
    """Removed (torch.linalg.lstsq): raises torch's error.

    >>> try:
    ...     torch.eye(2).lstsq(torch.eye(2))
    ... except RuntimeError as e:
    ...     print(str(e).splitlines()[0])
    """
    raise RuntimeError(
        _REMOVED + "`torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n`torch.linalg.lstsq` has "
        "reversed arguments and does not return the QR decomposition in the returned tuple (although it returns "
        "other information about the problem).\n\nTo get the QR decomposition consider using `torch.linalg.qr`."
        "\n\nThe returned solution in `torch.lstsq` stored the residuals of the solution in the last m - n columns "
        "of the returned value whenever m > n. In torch.linalg.lstsq, the residuals are in the field 'residuals' "
        "of the returned named tuple.\n\nThe unpacking of the solution, as in\nX, _ = torch.lstsq(B, A).solution"
        "[:A.size(1)]\nshould be replaced with:\nX = torch.linalg.lstsq(A, B).solution")


@_method()
def eig(self, eigenvectors=False):
    """Removed (torch.linalg.eig): raises torch's error.

    >>> try:
    ...     torch.eye(2).eig()
    ... except RuntimeError as e:
    ...     print(str(e).splitlines()[0])
    """
    raise RuntimeError(
        _REMOVED + "`torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real "
        "tensors mimicking complex tensors.\n\nL, _ = torch.eig(A) should be replaced with:\nL_complex = "
        "torch.linalg.eigvals(A)\n\nand\n\nL, V = torch.eig(A, eigenvectors=True) should be replaced with:\n"
        "L_complex, V_complex = torch.linalg.eig(A)")


@_method()
def symeig(self, eigenvectors=False):
    """Removed (torch.linalg.eigh): raises torch's error.

    >>> try:
    ...     torch.eye(2).symeig()
    ... except RuntimeError as e:
    ...     print(str(e).splitlines()[0])
    """
    raise RuntimeError(
        _REMOVED + "The default behavior has changed from using the upper triangular portion of the matrix by "
        "default to using the lower triangular portion.\n\nL, _ = torch.symeig(A, upper=upper) should be replaced "
        "with:\nL = torch.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n\nand\n\nL, V = torch.symeig(A, "
        "eigenvectors=True) should be replaced with:\nL, V = torch.linalg.eigh(A, UPLO='U' if upper else 'L')")


@_method()
def reinforce(self, reward):
    """Removed (torch.distributions): raises torch's error.

    >>> try:
    ...     torch.ones(2).reinforce(1.)
    ... except RuntimeError as e:
    ...     print(str(e).splitlines()[0])
    """
    raise RuntimeError(
        "reinforce() was removed.\nUse torch.distributions instead.\nSee "
        "https://pytorch.org/docs/main/distributions.html\n\nInstead of:\n\nprobs = policy_network(state)\n"
        "action = probs.multinomial()\nnext_state, reward = env.step(action)\naction.reinforce(reward)\n"
        "action.backward()\n\nUse:\n\nprobs = policy_network(state)\n# NOTE: categorical is equivalent to what "
        "used to be called multinomial\nm = torch.distributions.Categorical(probs)\naction = m.sample()\n"
        "next_state, reward = env.step(action)\nloss = -m.log_prob(action) * reward\nloss.backward()\n")


# -- legacy element-wise Python maps -----------------------------------------------------------

@_method()
def map2_(self, x, y, callable):
    """Sets each element of ``self`` to ``callable(self_elem, x_elem, y_elem)``,
    ``x`` and ``y`` expanded to self's shape, in place (CPU, no grad).

    >>> torch.ones(2).map2_(torch.ones(2), torch.tensor([1., 2.]), lambda a, b, c: a + b * c)
    """
    _self_check("map2_", self)
    _tensor_arg("map2_", "x", x, 1)
    _tensor_arg("map2_", "y", y, 2)
    x1, x2 = x, y
    if self.requires_grad or x1.requires_grad or x2.requires_grad:
        raise RuntimeError("Can't call map2_() on Variable that requires grad. Use var.detach().map2_() instead.")
    shape = tuple(self.shape)
    b1 = x1.detach().expand(shape)
    b2 = x2.detach().expand(shape)
    a = _a(self)
    flat = [callable(u, v, w) for u, v, w in zip(a.reshape(-1).tolist(), _a(b1).reshape(-1).tolist(),
                                                  _a(b2).reshape(-1).tolist())]
    from cyautograd.grad_mode import no_grad
    with no_grad():
        self.copy_(_w(np.asarray(flat, dtype=a.dtype).reshape(a.shape)))
    return self


# -- new_empty_strided, nonzero_static ---------------------------------------------------------

@_method()
def new_empty_strided(self, size=None, stride=None, *, dtype=None, layout=None, device=None, pin_memory=False,
                      requires_grad=False):
    """An uninitialised tensor of ``size`` with ``stride`` (zeros here), of
    self's dtype and device unless given.

    >>> torch.ones(2).new_empty_strided((2, 3), (1, 2)).stride()
    """
    _self_check("new_empty_strided", self)
    missing = [n for n, v in (("size", size), ("stride", stride)) if v is None]
    if missing:
        raise TypeError(f"new_empty_strided() missing {len(missing)} required positional arguments: "
                        + ", ".join(f'"{n}"' for n in missing))
    import cyautograd as _torch
    return _torch.empty_strided(size, stride, dtype=dtype or self.dtype,
                                device=self.device if device is None else device,
                                requires_grad=requires_grad)


@_method()
def nonzero_static(self, *args, size=None, fill_value=-1):
    """``nonzero()`` padded with ``fill_value`` rows (or cut) to exactly ``size`` rows.

    >>> torch.tensor([0., 1., 2., 0.]).nonzero_static(size=3)
    """
    _self_check("nonzero_static", self)
    if args:   # torch's parser takes no positional argument after self
        raise TypeError(f"nonzero_static() takes from 1 to 0 positional arguments but {len(args)} were given")
    if size is None:
        raise TypeError('nonzero_static() missing 1 required keyword-only argument: "size"')
    if not _is_int(size):
        raise TypeError(f"nonzero_static(): argument 'size' must be int, not {_tname(size)}")
    if not _is_int(fill_value):
        raise TypeError(f"nonzero_static(): argument 'fill_value' must be int, not {_tname(fill_value)}")
    if size < 0:
        raise RuntimeError("nonzero_static: 'size' must be an non-negative integer")
    nz = self.detach().nonzero()
    k = nz.shape[0]
    nd = self.dim()
    if k >= size:
        return nz[:size].contiguous()
    import cyautograd as _torch
    pad = _torch.full((size - k, nd), fill_value, dtype=_D.int64, device=self.device)
    return _torch.cat([nz, pad], 0)


# -- as_strided_, as_strided_scatter -----------------------------------------------------------

def _dense_like(t):
    """A fresh copy of t whose strides are ordered as t's (torch's clone with
    preserve_format, storage offset 0): as_strided_scatter reads its window
    against that storage."""
    strides = t.stride()
    perm = sorted(range(t.dim()), key=lambda d: -strides[d])
    inv = [0] * len(perm)
    for i, d in enumerate(perm):
        inv[d] = i
    out = t.permute(perm).contiguous()
    if out is t or out.data_ptr() == t.data_ptr():
        out = out.clone()
    return out.permute(inv)


@_x2._named("AsStridedScatterBackward0")
class _AsStridedScatter(Function):
    @staticmethod
    def forward(ctx, x, src, size, stride, offset):
        out = _dense_like(x.detach())
        out.as_strided(size, stride, offset).copy_(src.detach())
        ctx.geom = (size, stride, offset)
        return out

    @staticmethod
    def backward(ctx, g):
        size, stride, offset = ctx.geom
        gl = _dense_like(g)
        gsrc = gl.as_strided(size, stride, offset).clone()
        gself = _AsStridedScatter.apply(g, g.new_zeros(()).expand(size), size, stride, offset) \
            if g.requires_grad else _dense_like(g)
        if not g.requires_grad:
            gself.as_strided(size, stride, offset).zero_()
        return gself, gsrc, None, None, None


def _no_grad():
    from cyautograd.grad_mode import no_grad
    return no_grad()


def _geometry_args(fname, size, stride, storage_offset):
    from cyautograd.tensor import Size
    for pname, v, pos in (("size", size, 2), ("stride", stride, 3)):
        if not isinstance(v, (tuple, list, Size)) or not all(_is_int(e) for e in v):
            raise TypeError(f"{fname}(): argument '{pname}' (position {pos}) must be tuple of ints, but found "
                            f"element of type {_tname(next((e for e in v if not _is_int(e)), v))} at pos 0"
                            if isinstance(v, (tuple, list)) else
                            f"{fname}(): argument '{pname}' (position {pos}) must be tuple of ints, not {_tname(v)}")
    if storage_offset is not None and not _is_int(storage_offset):
        raise TypeError(f"{fname}(): argument 'storage_offset' (position 4) must be int, not "
                        f"{_tname(storage_offset)}")
    return tuple(int(s) for s in size), tuple(int(s) for s in stride), storage_offset


@_method()
def as_strided_scatter(self, src, size, stride, storage_offset=None):
    """A copy of self (its strides' order kept) with ``src`` written into its
    ``as_strided(size, stride, storage_offset)`` window (AsStridedScatterBackward0).

    >>> torch.zeros(3).as_strided_scatter(torch.tensor([1., 2.]), (2,), (2,))
    """
    _self_check("as_strided_scatter", self)
    _tensor_arg("as_strided_scatter", "src", src, 1)
    size, stride, storage_offset = _geometry_args("as_strided_scatter", size, stride, storage_offset)
    if self.requires_grad and not self.is_contiguous():
        # torch's kernel asserts it (its words, the internal assert's)
        raise RuntimeError('!self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at '
                           '"/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp":4754, please report a bug '
                           'to PyTorch. as_strided_scatter is currently only supported for contiguous inputs')
    off = 0 if storage_offset is None else storage_offset   # the copy's own offset
    with _no_grad():
        window = _dense_like(self.detach()).as_strided(size, stride, off)   # torch's bounds checks
    if tuple(window.shape) != tuple(src.shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(src.shape)}, slice size = {list(window.shape)}")
    return _AsStridedScatter.apply(self, src, size, stride, off)


@_x2._named("AsStridedBackward1")
class _AsStridedInplace(Function):
    """The history as_strided_ gives self: the gradient of the new geometry
    reaches the old one as as_strided's backward does."""
    @staticmethod
    def forward(ctx, x, size, stride, offset):
        ctx.geom = (tuple(x.shape), tuple(x.stride()), x.storage_offset(), size, stride, offset)
        return x.detach().as_strided(size, stride, offset).clone()   # only its node is kept

    @staticmethod
    def backward(ctx, g):
        import cyautograd as _torch
        shape, ostride, ooff, size, stride, offset = ctx.geom
        # scatter into a zero buffer over the storage, read back with the old geometry
        n = max([ooff + sum((s - 1) * st for s, st in zip(shape, ostride)) + 1 if all(shape) else 0,
                 offset + sum((s - 1) * st for s, st in zip(size, stride)) + 1 if all(size) else 0, 0])
        idx = _torch.arange(n, device=g.device).as_strided(size, stride, offset).reshape(-1)
        buf = _torch.zeros(n, dtype=g.dtype, device=g.device).index_add(0, idx, g.reshape(-1))
        return buf.as_strided(shape, ostride, ooff), None, None, None


@_method()
def as_strided_(self, size, stride, storage_offset=None):
    """Gives self the geometry ``size``/``stride``/``storage_offset`` on its own
    storage, in place (a version bump; AsStridedBackward1 when recorded).

    >>> torch.arange(4.).as_strided_((2,), (2,))
    """
    _self_check("as_strided_", self)
    size, stride, storage_offset = _geometry_args("as_strided_", size, stride, storage_offset)
    off = self.storage_offset() if storage_offset is None else storage_offset
    from cyautograd.grad_mode import is_grad_enabled, no_grad
    from cyautograd.variable import _set_
    record = is_grad_enabled() and self.requires_grad
    if record and self.is_leaf:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    with no_grad():
        window = self.detach().as_strided(size, stride, off)   # torch's checks, self unchanged on failure
    if not record:
        return _set_(self, window)
    node_out = _AsStridedInplace.apply(self, size, stride, off)
    with no_grad():
        _set_(self, window)
    from cyautograd.graph import Edge
    from cyautograd.variable import _set_gradient_edge
    _set_gradient_edge(self, Edge(node_out.grad_fn, 0))
    return self


# -- legacy out-of-place resize ----------------------------------------------------------------

class _Resize(Function):
    """torch.autograd._functions.Resize: only the shape changes (the element
    count must stay), the result a view of an alias of self when self is
    contiguous."""
    @staticmethod
    def forward(ctx, tensor, sizes):
        numel = 1
        for s in sizes:
            numel = numel * s
        ctx.sizes = sizes
        if tensor.numel() != numel:
            raise RuntimeError(
                f"requested resize to {'x'.join(map(str, sizes))} ({numel} elements in total), but the given "
                f"tensor has a size of {'x'.join(map(str, tensor.size()))} ({tensor.numel()} elements). "
                f"autograd's resize can only change the shape of a given tensor, while preserving the number "
                f"of elements. ")
        ctx.input_sizes = tensor.size()
        return tensor.contiguous().view(*sizes)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.contiguous().view(ctx.input_sizes), None


_Resize._backward_cls.__name__ = _Resize._backward_cls.__qualname__ = "ResizeBackward"


@_method()
def resize(self, *sizes):
    """Deprecated out-of-place resize: the same elements in the shape ``sizes``
    (ResizeBackward); the element count must not change.

    >>> torch.arange(6.).resize(2, 3).shape
    """
    from cyautograd._warn import warn_user
    warn_user("non-inplace resize is deprecated")
    return _Resize.apply(self, sizes)


@_method()
def resize_as(self, tensor):
    """Deprecated out-of-place ``resize(tensor.size())``.

    >>> torch.arange(6.).resize_as(torch.ones(3, 2)).shape
    """
    from cyautograd._warn import warn_user
    warn_user("non-inplace resize_as is deprecated")
    return _Resize.apply(self, tensor.size())


del _n


# -- addbmm_ on a self of another (expandable) shape -------------------------------------------

_addbmm_same_shape = _x2.METHODS["addbmm_"]


def addbmm_(self, batch1, batch2, *, beta=1, alpha=1):
    """In-place ``addbmm``. NOTE [ addbmm_ resizes self ]: torch's addbmm_ is
    addbmm_out with self as the output: self only has to expand to the
    result's (n x p) and is then resized to it (a 0-d or (1, p) self grows; one
    version bump; the gradient reaching self's history is summed back to its
    old shape, as the engine does for a broadcast input). Unlike addmm_
    (NOTE [ Structured in-place kernels refuse a broadcast self ]).

    >>> torch.zeros(()).addbmm_(torch.ones(3, 2, 1), torch.ones(3, 1, 2))
    """
    _self_check("addbmm_", self)
    if not (isinstance(batch1, Tensor) and isinstance(batch2, Tensor)) or batch1.dim() != 3 or \
            batch2.dim() != 3:
        return _addbmm_same_shape(self, batch1, batch2, beta=beta, alpha=alpha)
    size = (batch1.shape[1], batch2.shape[2])
    if tuple(self.shape) == size:
        return _addbmm_same_shape(self, batch1, batch2, beta=beta, alpha=alpha)
    from cyautograd.grad_mode import is_grad_enabled
    from cyautograd.variable import _set_, _set_gradient_edge, _unsafe_set_version
    from cyautograd.graph import Edge
    from cyautograd.ops.linalg2 import TOP
    addbmm = TOP["addbmm"]
    record = is_grad_enabled() and (self.requires_grad or batch1.requires_grad or batch2.requires_grad)
    if record and self.requires_grad and self.is_leaf:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    self.expand(size)      # torch's expand_size check, its words
    if not record:
        with _no_grad():
            r = addbmm(self, batch1, batch2, beta=beta, alpha=alpha)
            v0 = self._version
            self.resize_(size)         # keeps self's storage where it holds (n x p) elements
            self.copy_(r)
        _unsafe_set_version(self, v0 + 1)
        return self
    r = addbmm(self, batch1, batch2, beta=beta, alpha=alpha)
    with _no_grad():
        _set_(self, r.detach())        # one version bump; self takes the result's memory
    _set_gradient_edge(self, Edge(r.grad_fn, 0))
    return self


METHODS["addbmm_"] = addbmm_
