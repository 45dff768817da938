"""cyautograd.nn.functional, as torch.nn.functional.

NOTE [ Composite functionals ]
Everything here that has no op of its own is written in Python over the
existing differentiable ops, so gradients (and double backward) come from
their nodes: the values agree with torch's to float rounding and the
gradients are the same functions, but ``grad_fn`` is the node of the last op
used (e.g. ``AddBackward0`` for batch_norm, not torch's
``NativeBatchNormBackward0``); embedding and layer_norm are one node each, as
torch's (NOTE [ Embedding is one node ], NOTE [ layer_norm is one node ]).  Branches that could overflow in the branch a
``where`` does not pick are fed clamped inputs, so no 0 * inf = nan reaches a
gradient.  erf (for the exact GELU) is the one new primitive: an autograd
Function whose backward is itself composite.
"""
import functools
import math
import warnings

import numpy as np

from cyautograd.ops.linalg import linear  # noqa: F401
from cyautograd.ops.loss import binary_cross_entropy, mse_loss, nll_loss  # noqa: F401
from cyautograd.ops.pointwise import relu as _relu, sigmoid as _sigmoid, tanh as _tanh  # noqa: F401
from cyautograd.ops.reduction import log_softmax as _log_softmax, softmax as _softmax
from cyautograd.grad_mode import no_grad
from cyautograd.function import Function
from cyautograd.nn import _pool_args     # NOTE [ Pooling argument checks ]
from cyautograd import _flags
from cyautograd.tensor import Tensor as _Tensor
from cyautograd.tensor import _detached_leaf as _leaf_of

_mod = None


def _T():
    global _mod
    if _mod is None:
        import cyautograd
        _mod = cyautograd
    return _mod


def _pair(v, n=2):
    if isinstance(v, (tuple, list)):
        if len(v) == 1:
            return tuple(v) * n
        return tuple(v)
    return (v,) * n


def _reduce(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _legacy_reduction(size_average, reduce, reduction):
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    if size_average and reduce:
        return "mean"
    if reduce:
        return "sum"
    return "none"


# ---------------------------------------------------------------- activations
def relu(input, inplace=False):
    if inplace:
        return input.relu_()
    return _relu(input)


def relu6(input, inplace=False):
    # (torch's relu6_ calls hardtanh_(self, 0, 6): the node saves int bounds)
    return hardtanh(input, 0, 6, inplace)


def _clamp_open(input, lo, hi):
    """clamp whose gradient is zero at the bounds themselves, as torch's hardtanh_backward
    (grad passes only where lo < x < hi). An integral input stays integral:
    torch's kernel casts the bounds to its dtype (truncating)."""
    if (not input.is_floating_point() and not input.is_complex()
            and all(isinstance(b, (int, float)) for b in (lo, hi))):
        if not all(-2.0 ** 63 <= b < 2.0 ** 63 for b in (lo, hi)):   # nan and inf too
            raise RuntimeError("value cannot be converted to type int64_t without overflow")
        if input.dtype == _T().uint8 and (lo < 0 or hi < 0):
            raise RuntimeError("cannot do hardtanh on an unsigned type with negative limits")
        return input.clamp(int(lo), int(hi))
    out = input.clamp(lo, hi)
    inside = (input > lo).logical_and(input < hi)
    return _T().where(inside, input, out.detach())


def _no_bool_hardtanh(input):
    from cyautograd.tensor import Tensor
    if isinstance(input, Tensor) and input.dtype._cname == "Bool":    # hardtanh (and relu6) takes ints, not bools
        raise RuntimeError("Bool inputs not supported for hardtanh")


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:   # torch's F.hardtanh compares first (a Tensor bound fails its bool())
        raise ValueError("min_val cannot be greater than max_val")
    _no_bool_hardtanh(input)
    if inplace:
        from cyautograd.nn._named_nodes import _hardtanh_vjp
        return _inplace_act(input, lambda x: _clamp_open(x, min_val, max_val), "HardtanhBackward0",
                            self_op=("HardtanhBackwardBackward0", _hardtanh_vjp(min_val, max_val),
                                     {"min_val": min_val, "max_val": max_val}))
    return _clamp_open(input, min_val, max_val)


# NOTE [ In-place activations ]
# F.elu(x, inplace=True) and friends are torch's elu_ etc.: they write into
# x, return x itself, bump its version once and record one node with the
# name torch's in-place kernel has (EluBackward1, LeakyReluBackward1, ...).
# The node's gradient is the composite out-of-place function's, taken at
# x's old values (saved by _inplace_via's copy), by autograd.grad; under
# create_graph that runs on the saved tensor itself, so double backward
# reaches x's history. elu_ (selu_, celu_) and leaky_relu_ are torch's
# formulas over the saved result instead, as torch's nodes, and under
# create_graph torch's backward op (EluBackwardBackward0, ...) with an edge to
# that result (_named_nodes.result_backward_op).
_ACT_NODES = {}


def _act_node(name):
    cls = _ACT_NODES.get(name)
    if cls is None:
        class _Act(Function):
            @staticmethod
            def forward(ctx, x, fn, result_op=None, self_op=None):
                ctx.fn = fn
                ctx.result_op = result_op
                ctx.self_op = self_op
                out = fn(x.detach()).detach()
                if self_op is not None:
                    # torch's hardtanh_ saves self: a clone of the input made
                    # before the write (CloneBackward0 on its old history)
                    ctx.save_for_backward(self_op[3])
                    ctx._cya_attrs = self_op[2]
                elif result_op is not None:
                    # torch's elu_ / leaky_relu_ save the result (not the input):
                    # their backward is a formula over it, their double
                    # backward's edge is it (NOTE [ In-place activations ])
                    ctx.save_for_backward(out)
                else:
                    ctx.save_for_backward(x)
                return out

            @staticmethod
            def backward(ctx, g):
                from cyautograd.autograd import grad as _grad
                from cyautograd.grad_mode import enable_grad, is_grad_enabled
                create = is_grad_enabled()
                if ctx.self_op is not None:
                    s, = ctx.saved_tensors
                    name, vjp, attrs = ctx.self_op[:3]
                    if create:
                        from cyautograd.nn._named_nodes import self_backward_op
                        return self_backward_op((name, vjp), g, s, attrs), None, None, None
                    return vjp(g, s)[0], None, None, None
                if ctx.result_op is not None:
                    r, = ctx.saved_tensors
                    if create:
                        from cyautograd.nn._named_nodes import result_backward_op
                        return result_backward_op(ctx.result_op, g, r), None, None, None
                    return ctx.result_op[1](g, r)[0], None, None, None
                x = ctx.saved_tensors[0]
                with enable_grad():
                    xi = x if create and x.requires_grad else _leaf_of(x)
                    y = ctx.fn(xi)
                gx, = _grad(y, xi, g, create_graph=create)
                return gx, None, None, None
        _Act._backward_cls.__name__ = _Act._backward_cls.__qualname__ = name
        _saved_attr_properties(_Act._backward_cls)
        cls = _ACT_NODES[name] = _Act
    return cls


def _act_args(fname, input, inplace, **nums):
    """torch's order for an activation's arguments: ``if inplace:`` first (a
    many-element tensor there is ambiguous), then the parser's input Tensor
    and real numbers (a sequence for a Scalar is torch's RuntimeError)."""
    from cyautograd.random import _real
    from cyautograd.tensor import Tensor
    inplace = bool(inplace)
    if not isinstance(input, Tensor):
        raise TypeError(f"{fname}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    out = []
    for k, v in nums.items():
        if isinstance(v, tuple) and v:
            raise RuntimeError(f"{fname}(): argument '{k}' cannot be a sequence")
        out.append(_real(v, fname, k))
    return inplace, out


def _inplace_act(input, fn, name, result_op=None, self_op=None):
    """input <- fn(input) in place (NOTE [ In-place activations ]); result_op:
    (backward op name, vjp(g, result)) for a node whose backward torch writes
    over the result, so its double backward too; self_op: (backward op name,
    vjp(g, self), {saved scalar name: value}) for one whose backward reads
    the input as it was (hardtanh_), which torch saves as a clone of it."""
    from cyautograd.ops.pointwise import _inplace_via
    from cyautograd.tensor import Tensor
    node = _act_node(name)
    if self_op is not None:
        if isinstance(input, Tensor) and input.requires_grad and _T().is_grad_enabled():
            self_op = tuple(self_op) + (input.clone(),)
        else:
            self_op = None
    return _inplace_via(input, lambda t: node.apply(t, fn, result_op, self_op))


# the saved scalars torch's node of each name has (grad_fn._saved_<name>)
_SAVED_SCALARS = {"HardtanhBackward0": ("min_val", "max_val"),
                  "HardtanhBackwardBackward0": ("min_val", "max_val"),
                  "ThresholdBackward0": ("threshold",), "ThresholdBackward1": ("threshold",),
                  "ThresholdBackwardBackward0": ("threshold",)}


def _saved_attr_properties(cls):
    """grad_fn._saved_self and the saved scalars (ctx._cya_attrs) of a
    Function-made node, under torch's names, where the node has them."""
    def saved_self(node):
        return node.saved_tensors[-1]

    def attr(key):
        def get(node):
            attrs = getattr(node, "_cya_attrs", None)
            if not attrs or key not in attrs:
                raise AttributeError(f"'{type(node).__name__}' object has no attribute '_saved_{key}'")
            return attrs[key]
        return property(get)
    cls._saved_self = property(saved_self)
    for key in _SAVED_SCALARS.get(cls.__name__, ()):
        setattr(cls, "_saved_" + key, attr(key))


def _implicit_dim(name, input):
    """torch's _get_softmax_dim: the deprecated default dim, with its warning."""
    from cyautograd._warn import warn_user
    warn_user(f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X "
              f"as an argument.")
    return 0 if input.dim() in (0, 1, 3) else 1


def _method_of(input, name, dim, dtype):
    """torch's F.softmax/log_softmax call input.<name>(dim[, dtype=dtype]): a
    non-Tensor input fails there, with Python's AttributeError, and a bad dim
    or dtype in that method's parser (checked on the failure path only: these
    are hot)."""
    from cyautograd.tensor import Tensor
    if not isinstance(input, Tensor):
        getattr(input, name)
    from cyautograd import _arg_parser
    _arg_parser.reject("Tensor." + name, (dim,), None if dtype is None else {"dtype": dtype})


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("softmax", input)
    try:
        return _softmax(input, dim, dtype)
    except TypeError:
        _method_of(input, "softmax", dim, dtype)
        raise


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("log_softmax", input)
    try:
        return _log_softmax(input, dim, dtype)
    except TypeError:
        _method_of(input, "log_softmax", dim, dtype)
        raise


def _erf_array(a):
    try:
        from scipy.special import erf as _sp_erf
        return _sp_erf(a).astype(a.dtype, copy=False)
    except ImportError:  # pragma: no cover - scipy is optional
        return np.vectorize(math.erf, otypes=[np.float64])(a).astype(a.dtype, copy=False)


class _Erf(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        if not x.is_cpu:   # NOTE [ Device backends ]
            from cyautograd.ops import _xp
            from cyautograd.ops.device import tensor_array
            from cyautograd.variable import _wrap_array
            return _wrap_array(_xp.erf(tensor_array(x)))
        return _T().from_numpy(np.ascontiguousarray(_erf_array(x.detach().numpy())))

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * (2.0 / math.sqrt(math.pi)) * (-(x * x)).exp()


_Erf._backward_cls.__name__ = "ErfBackward0"


def _erf(x):
    return _Erf.apply(x)


_NOT_SAC = object()


def _sac_as_one_op(aten_name, overload, impl, args, kwargs):
    """Under selective checkpointing, run impl(*args, **kwargs) reported as
    the one ATen op torch dispatches for it (NOTE [ Selective activation
    checkpointing ] in utils/checkpoint.py); _NOT_SAC when no selective mode
    sees this call."""
    ck = _sys.modules.get("cyautograd.utils.checkpoint")
    if ck is None or not ck._sac_stack:
        return _NOT_SAC
    i = ck._sac_active()
    if i < 0:
        return _NOT_SAC
    from cyautograd.ops import aten
    return ck._dispatch_composite(i, getattr(getattr(aten, aten_name), overload), impl, args, kwargs)


def gelu(input, approximate="none"):
    r = _sac_as_one_op("gelu", "default", gelu, (input,), {} if approximate == "none" else
                       {"approximate": approximate})
    if r is not _NOT_SAC:
        return r
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    _not_for_ints(input, "GeluKernelImpl")
    if approximate == "tanh":
        inner = math.sqrt(2.0 / math.pi) * (input + 0.044715 * input * input * input)
        return 0.5 * input * (1.0 + inner.tanh())
    if approximate != "none":
        raise RuntimeError("approximate argument must be either none or tanh.")
    return input * 0.5 * (1.0 + _erf(input * (1.0 / math.sqrt(2.0))))


def silu(input, inplace=False):
    inplace = bool(inplace)     # torch reads `if inplace:` first
    r = _sac_as_one_op("silu_" if inplace else "silu", "default", lambda x: silu(x, inplace), (input,), {})
    if r is not _NOT_SAC:
        return r
    _not_for_ints(input, "silu_cpu")
    if inplace:
        return _inplace_act(input, lambda x: x * x.sigmoid(), "SiluBackward0")
    return input * input.sigmoid()


def mish(input, inplace=False):
    inplace = bool(inplace)     # torch reads `if inplace:` first
    _not_for_ints(input, "mish_cpu")
    if inplace:
        return _inplace_act(input, lambda x: x * softplus(x).tanh(), "MishBackward0")
    return input * softplus(input).tanh()


def softplus(input, beta=1.0, threshold=20.0):
    _not_for_ints(input, "softplus_cpu")
    bx = input * beta
    # exp's input clamped at the threshold: the branch where() drops stays finite
    soft = bx.clamp_max(threshold).exp().log1p() / beta
    return _T().where(bx > threshold, input, soft)


def _softplus_neg(x):
    """log(1 + exp(-x)), stable both ways and smooth at 0."""
    T = _T()
    zero = T.zeros((), dtype=x.dtype)
    xp = T.where(x >= 0, x, zero)
    xn = T.where(x < 0, x, zero)
    return T.where(x >= 0, (-xp).exp().log1p(), (xn.exp()).log1p() - xn)


def logsigmoid(input):
    _not_for_ints(input, "log_sigmoid_cpu")
    return -_softplus_neg(input)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    inplace, (negative_slope,) = _act_args("leaky_relu", input, inplace, negative_slope=negative_slope)
    _not_for_ints(input, "leaky_relu_cpu")
    if inplace:
        return _inplace_act(input, lambda x: _T().where(x > 0, x, x * negative_slope), "LeakyReluBackward1",
                            ("LeakyReluBackwardBackward0", _leaky_result_vjp(negative_slope)))
    return _T().where(input > 0, input, input * negative_slope)


def _elu(input, alpha, scale=1.0, input_scale=1.0):
    T = _T()
    neg = T.where(input > 0, T.zeros((), dtype=input.dtype), input)
    if input_scale != 1.0:
        neg = neg * input_scale
    out = T.where(input > 0, input, alpha * (neg.exp() - 1))
    return out if scale == 1.0 else out * scale


def _not_for_ints(input, kernel):
    """torch's floating-point-only activation kernels (AT_DISPATCH_FLOATING_TYPES,
    named `kernel`) reject an integral or bool input before they compute: ours
    compose ops that would answer one."""
    from cyautograd.tensor import Tensor
    if isinstance(input, Tensor) and not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype._cname}'")


def elu(input, alpha=1.0, inplace=False):
    inplace, (alpha,) = _act_args("elu", input, inplace, alpha=alpha)
    _not_for_ints(input, "elu_cpu")
    if inplace:
        return _inplace_act(input, lambda x: _elu(x, alpha), "EluBackward1",
                            ("EluBackwardBackward0", _elu_result_vjp(alpha)))
    return _elu(input, alpha)


def _elu_result_vjp(alpha, scale=1.0, input_scale=1.0):
    """torch's elu_backward over the result (is_result): input_scale * (result +
    alpha * scale) * grad where result <= 0, scale * grad elsewhere; its slope
    in the result only where result < 0 (elu_double_backward)."""
    def vjp(g, r):
        T = _T()
        rn = T.where(r < 0, r, r.detach())
        return (T.where(r <= 0, g * input_scale * (rn + alpha * scale), g * scale),)
    return vjp


def _leaky_result_vjp(slope):
    def vjp(g, r):
        return (_T().where(r > 0, g, g * slope),)
    return vjp


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def selu(input, inplace=False):
    inplace, _ = _act_args("selu", input, inplace)
    _not_for_ints(input, "elu_cpu")
    if inplace:
        return _inplace_act(input, lambda x: _elu(x, _SELU_ALPHA, _SELU_SCALE), "EluBackward1",
                            ("EluBackwardBackward0", _elu_result_vjp(_SELU_ALPHA, _SELU_SCALE)))
    return _elu(input, _SELU_ALPHA, _SELU_SCALE)


def celu(input, alpha=1.0, inplace=False):
    inplace, (alpha,) = _act_args("celu", input, inplace, alpha=alpha)
    _not_for_ints(input, "elu_cpu")
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    if inplace:
        return _inplace_act(input, lambda x: _elu(x, alpha, 1.0, 1.0 / alpha), "CeluBackward1",
                            ("EluBackwardBackward0", _elu_result_vjp(alpha, 1.0, 1.0 / alpha)))
    return _elu(input, alpha, 1.0, 1.0 / alpha)


def threshold(input, threshold, value, inplace=False):
    inplace, (threshold, value) = _act_args("threshold", input, inplace, threshold=threshold, value=value)

    def f(x):
        T = _T()
        return T.where(x > threshold, x, T.full((), value, dtype=x.dtype))
    if inplace:
        # torch's threshold_ saves self (a clone made before the write) and
        # the threshold; its double backward is threshold_backward's node
        from cyautograd.nn._named_nodes import _threshold_vjp
        return _inplace_act(input, f, "ThresholdBackward1",
                            self_op=("ThresholdBackwardBackward0", _threshold_vjp(threshold),
                                     {"threshold": threshold}))
    return f(input)


def softsign(input):
    return input / (1 + input.abs())


def tanhshrink(input):
    return input - input.tanh()


def sigmoid(input):
    """``input.sigmoid()``: torch's F.sigmoid is that Python line, so a non-Tensor
    fails with Python's AttributeError.

    >>> F.sigmoid(torch.tensor([0.]))
    tensor([0.5000])
    """
    return input.sigmoid()


def tanh(input):
    """``input.tanh()`` (torch's F.tanh is that Python line).

    >>> F.tanh(torch.tensor([0.]))
    tensor([0.])
    """
    return input.tanh()


def _native_input(input, name):
    """A native torch._C._nn binding's parser: input must be a Tensor."""
    from cyautograd.tensor import Tensor
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")


def hardsigmoid(input, inplace=False):
    inplace = bool(inplace)     # torch reads `if inplace:` first
    _native_input(input, "hardsigmoid_" if inplace else "hardsigmoid")
    _not_for_ints(input, "hardsigmoid_cpu")
    if inplace:
        return _inplace_act(input, lambda x: _clamp_open(x + 3, 0.0, 6.0) / 6, "HardsigmoidBackward0")
    return _clamp_open(input + 3, 0.0, 6.0) / 6


def hardswish(input, inplace=False):
    inplace = bool(inplace)     # torch reads `if inplace:` first
    _native_input(input, "hardswish_" if inplace else "hardswish")
    _not_for_ints(input, "hardswish_cpu")
    if inplace:
        return _inplace_act(input, lambda x: x * _hardsigmoid(x), "HardswishBackward0")
    return input * _hardsigmoid(input)


def _hardsigmoid(x):
    # the composite itself (F.hardsigmoid is rebound to a named node by _named_nodes)
    return _clamp_open(x + 3, 0.0, 6.0) / 6


def glu(input, dim=-1):
    # torch's checks first (F.glu's scalar check, then the native op's dim and halving checks)
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    if type(dim) is int:
        n = input.dim()
        if not -n <= dim < n:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
        d = dim + n if dim < 0 else dim
        if input.shape[d] % 2:
            raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {input.shape[d]}")
    a, b = input.chunk(2, dim)
    return a * b.sigmoid()


# ---------------------------------------------------------------- dropout, one_hot
def dropout(input, p=0.5, training=True, inplace=False):
    """torch's CPU dropout: noise = empty_like(input).bernoulli_(1 - p) / (1 - p)
    and input * noise (in place: input.mul_(noise)), so the masks are
    torch's for the same seed and the node is MulBackward0."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    _native_dropout_args("dropout_" if inplace else "dropout", input, p, training)
    if not training or p == 0.0 or input.numel() == 0:
        return input
    if p != 1.0 and not (input.is_floating_point() or input.is_complex()):
        # torch's noise is input's dtype, divided in place by 1 - p
        raise RuntimeError(f"result type {_T().get_default_dtype()._cname} can't be cast to the desired "
                           f"output type {input.dtype._cname}")
    ck = _sys.modules.get("cyautograd.utils.checkpoint")
    if ck is not None and ck._sac_stack and input.is_cpu:
        i = ck._sac_active()
        if i >= 0:   # selective checkpointing sees torch's ops (NOTE [ Selective activation checkpointing ])
            return ck._sac_dropout(i, input, p, inplace)
    T = _T()
    if p == 1.0:
        noise = T.zeros((), dtype=input.dtype, device=input.device)
    else:
        if input.is_cpu:
            noise = _dropout_noise(input, 1.0 - p)
        else:   # a device tensor: NOTE [ Device backends ]
            noise = (T.rand(input.shape, dtype=input.dtype, device=input.device) >= p).to(input.dtype) * (1.0 / (1.0 - p))
    return input.mul_(noise) if inplace else input * noise


def _native_dropout_args(name, input, p, training):
    """What torch's native dropout (and feature_dropout, alpha_dropout) checks
    after F's own p check: its parser's bool train, then p in [0, 1] -- a nan
    p passes F's Python comparison but not this one -- whatever train is."""
    from cyautograd.tensor import Tensor
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if training is not True and training is not False and not isinstance(training, np.bool_):
        raise TypeError(f"{name}(): argument 'train' (position 3) must be bool, not {type(training).__name__}")
    if not (p >= 0.0 and p <= 1.0):
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")


def _dropout_noise(input, q):
    """bernoulli(q) in input's dtype and layout, divided by q in that dtype."""
    from cyautograd.creation import _dense_order, _wrap
    from cyautograd.random import _draw, _engine
    dt = input.dtype
    perm = _dense_order(input)
    keep = _draw(_engine(None), tuple(input.shape), dt, "bernoulli", (q,), perm)
    if dt.is_floating_point:
        work = np.float32 if dt.itemsize < 4 else np.dtype(dt.np).type
        keep = (keep.astype(work, copy=False) / work(q)).astype(dt.np, copy=False)
    dev = None if input.is_cpu else input.device
    return _wrap(keep, False, dev)


def one_hot(tensor, num_classes=-1):
    T = _T()
    if tensor.dtype != T.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return T.empty(tuple(tensor.shape) + (num_classes,), dtype=T.int64, device=tensor.device)
    if int(tensor.min()) < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = int(tensor.max()) + 1
    elif int(tensor.max()) >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return (tensor.unsqueeze(-1) == T.arange(num_classes, device=tensor.device)).long()


# ---------------------------------------------------------------- normalization
# NOTE [ layer_norm is one node ]
# torch's layer_norm is native_layer_norm: one NativeLayerNormBackward0 node
# with three edges (input, weight, bias; an absent weight or bias is a
# (None, 0) edge), whose gradients are native_layer_norm_backward -- itself an
# op with a node, NativeLayerNormBackwardBackward0, under create_graph, with
# torch's six edges (grad_out, input, mean, rstd, weight, bias: mean and rstd
# never require grad, so theirs are (None, 0); bias is an edge though no
# gradient flows to it). Both
# are custom Functions here (an absent weight/bias travels as an empty
# placeholder tensor so the edges line up with torch's). The gradients are
# written once, in differentiable ops (_layer_norm_grads); the double
# backward is the vector-Jacobian product of that same math, taken by a
# re-entrant autograd.grad over the saved tensors (so a third derivative
# goes on through their graphs).
def _ln_mean(t, dims):
    # an empty normalized shape: nothing to average (numpy's mean would warn)
    return t.sum(dims, keepdim=True) if t.numel() == 0 else t.mean(dims, keepdim=True)


def _layer_norm_grads(g, x, w, n, eps, want):
    """(grad_input, grad_weight, grad_bias) of layer_norm over the last n dims,
    each only where want[k]; differentiable in g, x and w."""
    dims = tuple(range(x.dim() - n, x.dim()))
    bdims = tuple(range(x.dim() - n))
    mean = _ln_mean(x, dims)
    xc = x - mean
    rstd = (_ln_mean(xc * xc, dims) + eps).rsqrt()
    xhat = xc * rstd
    gx = gw = gb = None
    if want[0]:
        gy = g if w is None else g * w
        gx = rstd * (gy - _ln_mean(gy, dims) - xhat * _ln_mean(gy * xhat, dims))
    if want[1]:
        gw = (g * xhat).sum(bdims) if bdims else g * xhat
    if want[2]:
        gb = g.sum(bdims) if bdims else g * 1
    return gx, gw, gb


class _Alias(Function):
    @staticmethod
    def forward(ctx, t):
        return t.detach()

    @staticmethod
    def backward(ctx, g):
        return g


class _NativeLayerNormBackward(Function):
    @staticmethod
    def forward(ctx, g, x, mean, rstd, w, b, n, eps, want, has_w):
        # mean, rstd: empty placeholders for torch's edges (NOTE [ layer_norm is one node ])
        ctx.save_for_backward(g, x, w)
        ctx.n, ctx.eps, ctx.want, ctx.has_w = n, eps, want, has_w
        gx, gw, gb = _layer_norm_grads(g, x, w if has_w else None, n, eps, want)
        return gx, gw, gb

    @staticmethod
    def backward(ctx, ggx, ggw, ggb):
        T = _T()
        g, x, w = ctx.saved_tensors
        create = T.is_grad_enabled()
        need = ctx.needs_input_grad
        needs = (need[0], need[1], need[4])
        grads = iter(())
        if any(needs):
            with T.enable_grad():
                # partial derivatives: each saved tensor enters through its own
                # _Alias node, so a path from one to another (g is usually a
                # function of x) is not followed, while create_graph still
                # reaches their histories through the aliases
                g, x, w = [_Alias.apply(t) if k else t for t, k in zip((g, x, w), needs)]
                inputs = [t for t, k in zip((g, x, w), needs) if k]
                outs = _layer_norm_grads(g, x, w if ctx.has_w else None, ctx.n, ctx.eps, ctx.want)
                pairs = [(o, gg) for o, gg in zip(outs, (ggx, ggw, ggb))
                         if o is not None and gg is not None and o.requires_grad]
                if pairs:
                    grads = iter(T.autograd.grad([o for o, _ in pairs], inputs,
                                                 [gg for _, gg in pairs], create_graph=create,
                                                 allow_unused=True))
        got = [next(grads, None) if k else None for k in needs]
        # bias: an edge, never a gradient (native_layer_norm_backward does not read it)
        return got[0], got[1], None, None, got[2], None, None, None, None, None


_NativeLayerNormBackward._backward_cls.__name__ = "NativeLayerNormBackwardBackward0"
_NativeLayerNormBackward._backward_cls.__qualname__ = "NativeLayerNormBackwardBackward0"


class _NativeLayerNorm(Function):
    @staticmethod
    def forward(ctx, x, w, b, n, eps, has_w, has_b):
        ctx.save_for_backward(x, w, b)
        ctx.n, ctx.eps, ctx.has_w = n, eps, has_w
        dims = tuple(range(x.dim() - n, x.dim()))
        with np.errstate(all="ignore"):
            xc = x - _ln_mean(x, dims)
            out = xc * (_ln_mean(xc * xc, dims) + eps).rsqrt()
            if has_w:
                out = out * w
            if has_b:
                out = out + b
        return out

    @staticmethod
    def backward(ctx, g):
        x, w, b = ctx.saved_tensors
        need = ctx.needs_input_grad
        want = (bool(need[0]), bool(need[1]), bool(need[2]))
        e = x.new_empty((0,))
        gx, gw, gb = _NativeLayerNormBackward.apply(g, x, e, e, w, b, ctx.n, ctx.eps, want,
                                                    ctx.has_w)
        return gx, gw, gb, None, None, None, None


_NativeLayerNorm._backward_cls.__name__ = "NativeLayerNormBackward0"
_NativeLayerNorm._backward_cls.__qualname__ = "NativeLayerNormBackward0"


def _layer_norm_dtypes(input, weight, bias):
    """torch's mixed-dtype rule (layer_norm_cpu): parameters of another dtype
    than the input are allowed only as float32 ones of a float16/bfloat16
    input (they are then used in the input's dtype here)."""
    T = _T()
    params = [t for t in (weight, bias) if t is not None]
    if not params or params[0].dtype == input.dtype:
        return weight, bias
    if any(t.dtype != params[0].dtype for t in params) or params[0].dtype != T.float32:
        raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
    if input.dtype is not T.float16 and str(input.dtype) != "cyautograd.bfloat16":
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    return tuple([None if t is None else t.to(input.dtype) for t in (weight, bias)])


def _layer_norm_args(input, normalized_shape, weight, bias, eps):
    """torch's argument parser's TypeErrors for layer_norm's arguments."""
    from cyautograd._arg_parser import tp_name
    T = _T()
    if not isinstance(input, T.Tensor):
        raise TypeError(f"layer_norm(): argument 'input' (position 1) must be Tensor, not "
                        f"{tp_name(input)}")
    if not isinstance(normalized_shape, (tuple, list, T.Size)):
        raise TypeError("layer_norm(): argument 'normalized_shape' (position 2) must be tuple of "
                        f"ints, not {tp_name(normalized_shape)}")
    for i, v in enumerate(normalized_shape):
        if not isinstance(v, int) and not (isinstance(v, T.Tensor) and v.dim() == 0
                                           and not v.dtype.is_floating_point):
            raise TypeError("layer_norm(): argument 'normalized_shape' (position 2) must be tuple "
                            f"of ints, but found element of type {tp_name(v)} at pos {i}")
    for name, pos, t in (("weight", 3, weight), ("bias", 4, bias)):
        if t is not None and not isinstance(t, T.Tensor):
            raise TypeError(f"layer_norm(): argument '{name}' (position {pos}) must be Tensor, "
                            f"not {tp_name(t)}")
    if not isinstance(eps, (int, float)):
        raise TypeError(f"layer_norm(): argument 'eps' (position 5) must be float, not "
                        f"{tp_name(eps)}")
    return tuple([int(v) for v in normalized_shape])


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    r = _sac_as_one_op("native_layer_norm", "default", layer_norm,
                       (input, list(normalized_shape) if isinstance(normalized_shape, (tuple, list))
                        else normalized_shape, weight, bias, eps), {})
    if r is not _NOT_SAC:
        return r
    T = _T()
    normalized_shape = _layer_norm_args(input, normalized_shape, weight, bias, eps)
    n = len(normalized_shape)
    weight, bias = _layer_norm_dtypes(input, weight, bias)
    if n == 0:
        raise RuntimeError("Expected normalized_shape to be at least 1-dimensional, i.e., "
                           "containing at least one element, but got normalized_shape = []")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != normalized_shape:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but got "
                               f"{name} of shape {list(t.shape)} and normalized_shape = "
                               f"{list(normalized_shape)}")
    if input.dim() < n or tuple(input.shape[-n:]) != normalized_shape:
        raise RuntimeError(
            f"Given normalized_shape={list(normalized_shape)}, expected input with shape "
            f"[*, {', '.join(str(s) for s in normalized_shape)}], but got input of size"
            f"{list(input.shape)}")
    if weight is not None and bias is not None and bias.dtype != weight.dtype:
        raise RuntimeError(f"expected scalar type {weight.dtype._cname} but found "
                           f"{bias.dtype._cname}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"LayerNormKernelImpl\" not implemented for "
                                  f"'{input.dtype._cname}'")
    if weight is None or bias is None:   # an absent weight/bias: a (None, 0) edge, as torch's
        ph = T.empty(0, dtype=input.dtype, device=input.device)
        weight_, bias_ = (ph if weight is None else weight), (ph if bias is None else bias)
    else:
        weight_, bias_ = weight, bias
    return _NativeLayerNorm.apply(input, weight_, bias_, n, eps, weight is not None,
                                  bias is not None)


def _batch_norm_dtypes(input, weight, bias, running_mean, running_var):
    """torch's batch_norm_cpu dtype rule: the call is "mixed" when the first given
    of weight, bias, running_mean, running_var has another dtype than the input;
    then every parameter must be float32 and the input float16/bfloat16. Otherwise
    a parameter of another dtype fails as the kernel reads it."""
    T = _T()
    params = [t for t in (weight, bias, running_mean, running_var) if t is not None]
    if not params:
        return
    if params[0].dtype != input.dtype:
        if any(t.dtype is not T.float32 for t in params):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        if input.dtype is not T.float16 and str(input.dtype) != "cyautograd.bfloat16":
            raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
        return
    for t in params:
        if t.dtype != input.dtype:
            raise RuntimeError(f"expected scalar type {input.dtype._cname} but found "
                               f"{t.dtype._cname}")


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    if input.dim() < 2:
        raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")
    for pos, name, t in ((2, "weight", weight), (3, "bias", bias), (4, "running_mean", running_mean),
                         (5, "running_var", running_var)):
        if t is not None and not isinstance(t, _Tensor):   # the native torch.batch_norm's parser
            raise TypeError(f"batch_norm(): argument '{name}' (position {pos}) must be Tensor, not {type(t).__name__}")
    C = input.shape[1]
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != C:
            raise RuntimeError(f"{name} should contain {C} elements not {t.numel()}")
    _batch_norm_dtypes(input, weight, bias, running_mean, running_var)
    shape = [1] * input.dim()
    shape[1] = C
    dims = tuple(d for d in range(input.dim()) if d != 1)
    if training:
        count = input.numel() // C if C else 0
        if count == 1:
            raise ValueError("Expected more than 1 value per channel when training, got input "
                             f"size {input.shape}")
        mean = input.mean(dims, keepdim=True)
        centered = input - mean
        var = (centered * centered).mean(dims, keepdim=True)
        if running_mean is not None or running_var is not None:
            # torch's kernel updates the running statistics in place without a
            # version bump (native_batch_norm's ADInplaceOrView bumps nothing)
            from cyautograd.ops._common import _sac_array as _elements
            with no_grad():
                if running_mean is not None:
                    new = running_mean.mul(1 - momentum).add(mean.reshape(C) * momentum)
                    _elements(running_mean)[...] = _elements(new)
                if running_var is not None:
                    unbiased = var.reshape(C) * (count / (count - 1))
                    new = running_var.mul(1 - momentum).add(unbiased * momentum)
                    _elements(running_var)[...] = _elements(new)
        out = centered * (var + eps).rsqrt()
    else:
        out = (input - running_mean.reshape(shape)) * (running_var.reshape(shape) + eps).rsqrt()
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    from cyautograd.ops.extra import infer_size
    shape = infer_size(x1.shape, x2.shape)     # torch's expand_outplace
    x1 = x1.expand(*shape) if tuple(x1.shape) != shape else x1
    x2 = x2.expand(*shape) if tuple(x2.shape) != shape else x2
    n1 = x1.norm(2, dim, keepdim=True).clamp_min(eps)
    n2 = x2.norm(2, dim, keepdim=True).clamp_min(eps)
    return ((x1 / n1) * (x2 / n2)).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    return (x1 - x2 + eps).norm(p, -1, keepdim=keepdim)


# ---------------------------------------------------------------- embedding
# NOTE [ Embedding is one node ]
# torch's embedding is an op of its own: its output's grad_fn is
# EmbeddingBackward0, whose gradient for the weight is embedding_dense_backward
# (a zero matrix with each index's gradient row added in; none for padding_idx,
# each row divided by how often its index occurs with scale_grad_by_freq).
# That is an op with its own node too, EmbeddingDenseBackwardBackward0, whose
# gradient gathers the rows back (padding rows zero, the frequency scale
# ignored, as torch's embedding_dense_double_backward). Both are custom
# Functions here; their math is the existing differentiable ops, so
# create_graph works through them. max_norm is torch's embedding_renorm_: one
# in-place update of the weight (one version bump, even when no row changes)
# under no_grad, before the lookup. The gradient is always dense: sparse=True
# is accepted and gives the dense gradient (cyautograd has no sparse tensors).
def _embedding_rows_backward(g, flat, num_weights, padding_idx, scale_grad_by_freq):
    T = _T()
    d = g.shape[-1]
    rows = g.reshape(-1, d)
    if scale_grad_by_freq and flat.numel():
        ones = T.ones(flat.shape, dtype=T.float64, device=g.device)
        counts = T.zeros(num_weights, dtype=T.float64, device=g.device).index_put(
            (flat,), ones, accumulate=True).index_select(0, flat)
        rows = rows * (1.0 / counts).to(rows.dtype).unsqueeze(1)
    if padding_idx >= 0:
        rows = rows * (flat != padding_idx).to(rows.dtype).unsqueeze(1)
    return T.zeros(num_weights, d, dtype=g.dtype, device=g.device).index_put(
        (flat,), rows, accumulate=True)


class _EmbeddingDenseBackward(Function):
    @staticmethod
    def forward(ctx, g, indices, num_weights, padding_idx, scale_grad_by_freq):
        indices, = indices  # boxed: no edge for the indices, as torch's node
        ctx.save_for_backward(indices)
        ctx.padding_idx = padding_idx
        return _embedding_rows_backward(g, indices.reshape(-1), num_weights, padding_idx,
                                        scale_grad_by_freq)

    @staticmethod
    def backward(ctx, gg):
        indices, = ctx.saved_tensors
        flat = indices.reshape(-1)
        rows = gg.index_select(0, flat)
        if ctx.padding_idx >= 0:
            rows = rows * (flat != ctx.padding_idx).to(rows.dtype).unsqueeze(1)
        # torch's embedding_dense_double_backward views as indices.shape + (-1,),
        # which raises for empty indices (-1 is ambiguous there)
        return rows.reshape(tuple(indices.shape) + (-1,)), None, None, None, None


_EmbeddingDenseBackward._backward_cls.__name__ = "EmbeddingDenseBackwardBackward0"
_EmbeddingDenseBackward._backward_cls.__qualname__ = "EmbeddingDenseBackwardBackward0"


class _Embedding(Function):
    @staticmethod
    def forward(ctx, weight, indices, padding_idx, scale_grad_by_freq):
        indices, = indices  # boxed: the weight's is the node's one edge, as torch's
        ctx.save_for_backward(indices)
        ctx.num_weights = weight.shape[0]
        ctx.padding_idx = padding_idx
        ctx.scale_grad_by_freq = scale_grad_by_freq
        out = weight.index_select(0, indices.reshape(-1))
        return out.reshape(tuple(indices.shape) + (weight.shape[1],))

    @staticmethod
    def backward(ctx, g):
        indices, = ctx.saved_tensors
        gw = _EmbeddingDenseBackward.apply(g, (indices,), ctx.num_weights, ctx.padding_idx,
                                           ctx.scale_grad_by_freq)
        return gw, None, None, None


_Embedding._backward_cls.__name__ = "EmbeddingBackward0"
_Embedding._backward_cls.__qualname__ = "EmbeddingBackward0"


def _check_indices(input, arg, fname):
    T = _T()
    if not isinstance(input, T.Tensor):
        raise TypeError(f"embedding(): argument 'indices' (position {arg}) must be Tensor, not "
                        f"{type(input).__name__}")
    if input.dtype not in (T.int64, T.int32):
        raise RuntimeError(f"Expected tensor for argument #{arg} 'indices' to have one of the "
                           "following scalar types: Long, Int; but got "
                           f"{input.type()} instead (while checking arguments for {fname})")


def _embedding_renorm_(weight, input, max_norm, norm_type):
    """torch's embedding_renorm_: every row the input names whose norm exceeds
    max_norm is scaled to max_norm / (norm + 1e-7), in place (one version bump)."""
    T = _T()
    weight.detach()     # torch's _no_grad_embedding_renorm_ renorms weight.detach()
    if not isinstance(input, T.Tensor):
        from cyautograd._arg_parser import tp_name
        raise TypeError(f"embedding_renorm_(): argument 'indices' (position 2) must be Tensor, "
                        f"not {tp_name(input)}")
    if weight.dim() != 2:
        raise RuntimeError(f"Expected 2-dimensional tensor, but got {weight.dim()}-dimensional "
                           "tensor for argument #1 'self' (while checking arguments for "
                           "embedding_renorm_)")
    _check_indices(input, 2, "embedding_renorm_")
    if not (weight.dtype.is_floating_point or weight.dtype.is_complex):
        raise RuntimeError("norm(): input dtype should be either floating point or complex. "
                           f"Got {weight.dtype._cname} instead.")
    n = weight.shape[0]
    with no_grad():
        uniq = T.unique(input.reshape(-1).long())
        bad = ((uniq < -n) | (uniq >= n)).nonzero()
        if bad.numel():
            i = int(uniq[int(bad[0, 0])])
            raise IndexError(f"select(): index {i} out of range for tensor of size "
                             f"{list(weight.shape)} at dimension 0")
        uniq = T.where(uniq < 0, uniq + n, uniq)
        rows = weight.index_select(0, uniq)
        norms = rows.norm(norm_type, 1).to(T.float64)
        need = norms > max_norm
        scale = T.where(need, max_norm / (norms + 1e-7), T.ones_like(norms)).to(weight.dtype)
        weight.index_copy_(0, uniq, rows * scale.unsqueeze(1))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    from cyautograd._arg_parser import tp_name
    T = _T()
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        _embedding_renorm_(weight, input.contiguous(), max_norm, norm_type)
    # torch.embedding(weight, indices, ...)'s argument parser
    for name, pos, t in (("weight", 1, weight), ("indices", 2, input)):
        if not isinstance(t, T.Tensor):
            raise TypeError(f"embedding(): argument '{name}' (position {pos}) must be Tensor, not "
                            f"{tp_name(t)}")
    if weight.dim() != 2:
        raise RuntimeError("'weight' must be 2-D")
    _check_indices(input, 1, "embedding")
    if weight.shape[0] == 0 and input.numel():
        raise RuntimeError("index_select(): self indexing axis dim should be positive")
    return _Embedding.apply(weight, (input,), padding_idx, bool(scale_grad_by_freq))


# ---------------------------------------------------------------- padding
def _pad_indices(n, before, after, mode):
    idx = np.arange(-before, n + after)
    if mode == "replicate":
        idx = np.clip(idx, 0, n - 1)
    elif mode == "reflect":
        if before >= n or after >= n:
            raise RuntimeError(f"Argument #4: Padding size should be less than the corresponding "
                               f"input dimension, but got: padding ({before}, {after}) at "
                               f"dimension of input {n}")
        idx = np.abs(idx)
        idx = np.where(idx > n - 1, 2 * (n - 1) - idx, idx)
    elif mode == "circular":
        idx = idx % n
    return idx


def _pad_parser_check(input, pad, mode, value):
    from cyautograd._arg_parser import check
    check("nn.pad", (input, pad, mode, value))


def pad(input, pad, mode="constant", value=None):
    if _flags._det["mode"]:
        # torch's pad (Python) reads input.is_cuda (then .is_xpu) under deterministic
        # algorithms, before its native call: a non-Tensor input fails there
        input.is_cuda
    if type(pad) is not list and type(pad) is not tuple or not isinstance(input, _Tensor) or \
            type(mode) is not str or (value is not None and type(value) is not float and type(value) is not int):
        _pad_parser_check(input, pad, mode, value)
    for p in pad:
        if type(p) is not int:      # torch's pad binding takes ints only (no float, no bool)
            _pad_parser_check(input, pad, mode, value)
            break
    T = _T()
    if len(pad) % 2 != 0:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.dim():
        raise RuntimeError("Padding length should be less than or equal to two times the input "
                           "dimension but got padding length "
                           f"{len(pad)} and input of dimension {input.dim()}")
    if mode not in ("constant", "reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    out = input
    for i in range(len(pad) // 2):
        dim = input.dim() - 1 - i
        before, after = int(pad[2 * i]), int(pad[2 * i + 1])
        if mode == "constant":
            n = out.shape[dim]
            if before < 0 or after < 0:
                start = -before if before < 0 else 0
                stop = n + after if after < 0 else n
                out = out.narrow(dim, start, max(stop - start, 0))
                before, after = max(before, 0), max(after, 0)
            parts = []
            fill = 0 if value is None else value
            for k in (before, after):
                shape = list(out.shape)
                shape[dim] = k
                parts.append(T.full(shape, fill, dtype=out.dtype, device=out.device) if k else None)
            pieces = [p for p in (parts[0], out, parts[1]) if p is not None]
            out = T.cat(pieces, dim) if len(pieces) > 1 else out
        else:
            if value is not None and value != 0:
                raise RuntimeError(f"Padding mode \"{mode}\" doesn't take in value argument.")
            idx = _pad_indices(out.shape[dim], before, after, mode)
            out = out.index_select(dim, _index_on(idx.astype(np.int64), out))
    return out


# ---------------------------------------------------------------- convolution and pooling
# NOTE [ im2col by index ]
# conv and pooling windows are gathered with one index_select over the
# flattened spatial dims (the flat input position of every (output position,
# kernel offset) pair, computed once per geometry and cached), giving
# (N, C, out..., k...) as Tensor.unfold would.  The gather's backward is a
# scatter-add, so overlapping windows accumulate their gradients.  (unfold's
# own backward goes through TensorGeometry; gathering avoids that path and
# handles stride and dilation in the same index.)
@functools.lru_cache(maxsize=512)
def _window_index(sizes, k, stride, dilation, outs):
    nd = len(sizes)
    axes = [np.arange(o) * s for o, s in zip(outs, stride)] + \
           [np.arange(kk) * d for kk, d in zip(k, dilation)]
    grids = np.meshgrid(*axes, indexing="ij", sparse=True)
    flat = np.zeros([1] * (2 * nd), dtype=np.int64)
    for dim in range(nd):
        flat = flat * sizes[dim] + (grids[dim] + grids[nd + dim])
    return np.ascontiguousarray(np.broadcast_to(flat, tuple(outs) + tuple(k)).reshape(-1))


def _index_on(idx, like):
    """A host index array as a Tensor on like's device."""
    t = _T().from_numpy(idx)
    return t if like.is_cpu else t.to(like.device)


def _windows_cl(x, nd, k, stride, dilation, outs):
    """channels-last x (N, s1..snd, C) -> (N, o1..ond, k1..knd, C)."""
    N, C = x.shape[0], x.shape[-1]
    sizes = tuple(x.shape[1:1 + nd])
    idx = _window_index(sizes, tuple(k), tuple(stride), tuple(dilation), tuple(outs))
    flat = x.reshape(N, int(np.prod(sizes)), C)
    cols = flat.index_select(1, _index_on(idx, flat))
    return cols.reshape((N,) + tuple(outs) + tuple(k) + (C,))


def _windows(x, nd, k, stride, dilation, outs):
    """x (..., s1..snd) -> (..., o1..ond, k1..knd): every window, gathered by index."""
    lead = tuple(x.shape[:x.dim() - nd])
    sizes = tuple(x.shape[x.dim() - nd:])
    idx = _window_index(sizes, tuple(k), tuple(stride), tuple(dilation), tuple(outs))
    flat = x.reshape(lead + (int(np.prod(sizes)),))
    cols = flat.index_select(len(lead), _index_on(idx, flat))
    return cols.reshape(lead + tuple(outs) + tuple(k))


def _conv_nd(input, weight, bias, stride, padding, dilation, groups, nd):
    unbatched = input.dim() == nd + 1
    if unbatched:
        input = input.unsqueeze(0)
    if input.dim() != nd + 2:
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to "
                           f"conv{nd}d, but got input of size: {list(input.shape)}")
    if weight.dim() < 3:    # torch checks the weight's rank after the input's, before anything else
        raise RuntimeError("weight should have at least three dimensions")
    stride, dilation = _pair(stride, nd), _pair(dilation, nd)
    k = tuple(weight.shape[2:])
    if isinstance(padding, str):
        if padding == "valid":
            padding = (0,) * nd
        elif padding == "same":
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            total = [d * (kk - 1) for d, kk in zip(dilation, k)]
            pads = []
            for tt in reversed(total):
                pads += [tt // 2, tt - tt // 2]
            input = globals()["pad"](input, pads)
            padding = (0,) * nd
        else:
            raise ValueError(f"Invalid padding string '{padding}'")
    padding = _pair(padding, nd)
    N, C = input.shape[0], input.shape[1]
    O = weight.shape[0]
    if C != weight.shape[1] * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {list(weight.shape)}, expected input"
            f"{list(input.shape)} to have {weight.shape[1] * groups} channels, but got {C} "
            "channels instead")
    if any(padding):
        pads = []
        for p in reversed(padding):
            pads += [p, p]
        input = globals()["pad"](input, pads)
    outs = []
    for d in range(nd):
        span = dilation[d] * (k[d] - 1) + 1
        if input.shape[2 + d] < span:
            raise RuntimeError(
                f"Calculated padded input size per channel: "
                f"({' x '.join(str(s) for s in input.shape[2:])}). Kernel size: "
                f"({' x '.join(str(s) for s in k)}). Kernel size can't be greater than actual "
                "input size")
        outs.append((input.shape[2 + d] - span) // stride[d] + 1)
    outs = tuple(outs)
    G, Cg, Og = groups, C // groups, O // groups
    L, KK = int(np.prod(outs)), int(np.prod(k))
    # channels-last gather: rows are output positions, columns (kernel offset, channel), so
    # the big im2col matrix comes out of the gather contiguous and each group is one 2-D mm
    # (numpy's batched matmul over broadcast, strided operands is far off BLAS speed)
    xl = input.permute(0, *range(2, 2 + nd), 1)                  # (N, s..., C)
    cols = _windows_cl(xl, nd, k, stride, dilation, outs)
    cols = cols.reshape(N * L, KK, C)                            # (N*L, k..., C)
    ys = []
    for g in range(G):
        cg = cols if G == 1 else cols[:, :, g * Cg:(g + 1) * Cg]
        wg = weight if G == 1 else weight[g * Og:(g + 1) * Og]
        wg = wg.permute(0, *range(2, 2 + nd), 1).reshape(Og, KK * Cg)   # (Og, k... * Cg)
        ys.append(cg.reshape(N * L, KK * Cg).mm(wg.t()))
    y = ys[0] if G == 1 else _T().cat(ys, 1)                     # (N*L, O)
    y = y.reshape((N,) + outs + (O,)).permute(0, 1 + nd, *range(1, 1 + nd)).contiguous()
    if bias is not None:
        y = y + bias.reshape((1, O) + (1,) * nd)
    if unbatched:
        y = y.squeeze(0)
    return y


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv_nd(input, weight, bias, stride, padding, dilation, groups, 2)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv_nd(input, weight, bias, stride, padding, dilation, groups, 1)


def _pool_out(n, k, s, p, d, ceil_mode):
    num = n + 2 * p - d * (k - 1) - 1
    out = (-(-num // s) if ceil_mode else num // s) + 1
    if ceil_mode and (out - 1) * s >= n + p:
        out -= 1
    return out


def _pool_windows(input, kernel_size, stride, padding, dilation, ceil_mode, fill, nd, name):
    k = _pair(kernel_size, nd)
    stride = k if (stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0)) \
        else _pair(stride, nd)
    padding, dilation = _pair(padding, nd), _pair(dilation, nd)
    for kk, p in zip(k, padding):
        if p > kk // 2:
            raise RuntimeError(f"{name}: pad should be at most half of effective kernel size, but "
                               f"got pad={p}, kernel_size={kk} and dilation=1")
    unbatched = input.dim() == nd + 1
    x = input.unsqueeze(0) if unbatched else input
    lead = x.dim() - nd
    sizes = tuple(x.shape[lead:])
    outs = [_pool_out(n, kk, s, p, d, ceil_mode)
            for n, kk, s, p, d in zip(sizes, k, stride, padding, dilation)]
    pads = []
    for i in reversed(range(nd)):
        need = (outs[i] - 1) * stride[i] + dilation[i] * (k[i] - 1) + 1
        extra = max(need - sizes[i] - 2 * padding[i], 0)
        pads += [padding[i], padding[i] + extra]
    if any(pads):
        x = pad(x, pads, value=fill)
    x = _windows(x, nd, k, stride, dilation, outs)
    return x, unbatched, k, stride, padding


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if return_indices:
        return _f2.max_pool2d_with_indices(input, kernel_size, stride, padding, dilation,
                                           ceil_mode)
    _pool_args.pool2d("max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode)
    x, unbatched, k, _, _ = _pool_windows(input, kernel_size, stride, padding, dilation,
                                          ceil_mode, float("-inf"), 2, "max_pool2d")
    # max over the flattened window (row-major, as torch's scan): the gradient goes to
    # the first maximal element, as torch's max_pool2d_backward
    y = x.reshape(tuple(x.shape[:-2]) + (k[0] * k[1],)).max(-1)[0]
    return y.squeeze(0) if unbatched else y


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if return_indices:
        return _f2.max_pool1d_with_indices(input, kernel_size, stride, padding, dilation,
                                           ceil_mode)
    _pool_args.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode)
    if input.requires_grad and _T().is_grad_enabled() and all(
            v is None or type(v) is int or (type(v) in (tuple, list) and
                                            all(type(e) is int for e in v))
            for v in (kernel_size, stride, padding, dilation)):
        # torch's max_pool1d where a gradient is wanted: max_pool2d_with_indices over
        # input.unsqueeze(-2), squeezed back (SqueezeBackward1 over
        # MaxPool2DWithIndicesBackward0 over UnsqueezeBackward0), so also its double backward
        e = _pool_args._expand
        k, d, pd = e(kernel_size, 1)[0], e(dilation, 1)[0], e(padding, 1)[0]
        st = [] if stride is None else e(stride, 1)
        st = st[0] if st else k
        return max_pool2d(input.unsqueeze(-2), (1, k), (1, st), (0, pd), (1, d),
                          ceil_mode).squeeze(-2)
    x, unbatched, k, _, _ = _pool_windows(input, kernel_size, stride, padding, dilation,
                                          ceil_mode, float("-inf"), 1, "max_pool1d")
    y = x.max(-1)[0]
    return y.squeeze(0) if unbatched else y


def _avg_divide(s, input, k, stride, padding, count_include_pad, divisor_override):
    """The window sums s (..., *outs) divided as torch's avg_pool kernels
    divide them: by divisor_override, else by the window's size clipped to the
    padded input (count_include_pad, a ceil_mode window hanging past the
    padding counts less) or to the input itself. 1-, 2- and 3-D pools share it."""
    if divisor_override is not None:
        return s / divisor_override
    nd = len(k)
    sizes, outs = tuple(input.shape[-nd:]), tuple(s.shape[-nd:])
    div = np.ones((), np.int64)
    for n, kk, st, p, o in zip(sizes, k, stride, padding, outs):
        lo = np.arange(o, dtype=np.int64) * st - p
        hi = np.minimum(lo + kk, n + p)
        c = hi - lo if count_include_pad else np.minimum(hi, n) - np.maximum(lo, 0)
        div = np.multiply.outer(div, np.maximum(c, 1))   # an empty window sums 0 (torch writes 0)
    if div.size and (div == div.flat[0]).all():
        return s / int(div.flat[0])
    return s / _T().tensor(div, dtype=s.dtype, device=s.device)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    # torch's checks in its order and words (avg_pool2d's meta function)
    k, st, pd, _ = _pool_args.pool2d("avg_pool2d", input, kernel_size, stride, padding, 1, ceil_mode,
                                     divisor_override)
    outs = [_pool_out(n, kk, s_, p, 1, ceil_mode) for n, kk, s_, p in zip(input.shape[-2:], k, st, pd)]
    if min(outs) < 1:
        C, H, W = input.shape[-3], input.shape[-2], input.shape[-1]
        raise RuntimeError(f"Given input size: ({C}x{H}x{W}). Calculated output size: "
                           f"({C}x{outs[0]}x{outs[1]}). Output size is too small")
    return _avg_pool2d(input, k, st, pd, ceil_mode, count_include_pad, divisor_override)


def _avg_pool2d(input, k, st, pd, ceil_mode, count_include_pad, divisor_override):
    x, unbatched, k, st, pd = _pool_windows(input, k, st, pd, 1, ceil_mode, 0.0, 2, "avg_pool2d")
    y = _avg_divide(x.sum((-2, -1)), input, k, st, pd, count_include_pad, divisor_override)
    return y.squeeze(0) if unbatched else y


def _one(v, what):
    if isinstance(v, (tuple, list)):
        if len(v) != 1:
            raise RuntimeError(f"avg_pool1d() argument '{what}' should contain one int (got {len(v)})")
        return v[0]
    return v


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    # torch's composite: avg_pool2d over an unsqueezed row (SqueezeBackward1 over
    # AvgPool2DBackward0), whose checks speak for it after avg_pool1d's own
    # torch's order: checkDimRange, then check1d of kernel_size, stride, padding
    if not isinstance(input, _T().Tensor):
        raise TypeError(f"avg_pool1d(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    if input.dim() not in (2, 3):
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional tensor "
                           "for argument #1 'self' (while checking arguments for avg_pool1d)")
    k = _one(kernel_size, "kernel_size")
    st = k if (stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0)) \
        else _one(stride, "stride")
    p = _one(padding, "padding")
    return _T().nn.functional.avg_pool2d(input.unsqueeze(-2), (1, k), (1, st), (0, p), ceil_mode,
                                         count_include_pad).squeeze(-2)


def adaptive_avg_pool2d(input, output_size):
    sizes = _pool_args.adaptive2d("adaptive_avg_pool2d", input, output_size)
    if len(sizes) != 2:
        raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")
    oh, ow = sizes
    if oh < 0 or ow < 0:
        raise RuntimeError("adaptive_avg_pool2d: elements of output_size must be greater than or "
                           f"equal to 0 but received {{{oh}, {ow}}}")
    if oh == 1 and ow == 1:     # torch: the mean over the last two dims, of any input
        return input.mean((-1, -2), keepdim=True)
    _pool_args.adaptive_avg2d_native(input, oh, ow)
    H, W = input.shape[-2], input.shape[-1]
    # the output's size is checked before the windows are walked (a huge
    # output_size would otherwise loop for ever), as torch's allocation does
    numel = oh * ow
    for s in input.shape[:-2]:
        numel *= s
    if numel > (1 << 63) - 1:
        raise RuntimeError("numel: integer multiplication overflow")
    nbytes = numel * input.element_size()
    if nbytes > (1 << 40):
        raise RuntimeError(f"DefaultCPUAllocator: not enough memory: you tried to allocate {nbytes} bytes.")
    if oh == 0 or ow == 0:   # an empty output (no window to average)
        return input[..., :min(oh, 1), :min(ow, 1)].expand(*input.shape[:-2], oh, ow)
    if H % oh == 0 and W % ow == 0:
        return _avg_pool2d(input, (H // oh, W // ow), (H // oh, W // ow), (0, 0), False, True, None)
    rows = []
    for i in range(oh):
        h0, h1 = (i * H) // oh, -(-((i + 1) * H) // oh)
        cols = []
        for j in range(ow):
            w0, w1 = (j * W) // ow, -(-((j + 1) * W) // ow)
            cols.append(input[..., h0:h1, w0:w1].mean((-2, -1)))
        rows.append(_T().stack(cols, -1))
    return _T().stack(rows, -2)


# ---------------------------------------------------------------- bilinear
def bilinear(input1, input2, weight, bias=None):
    _bilinear_checks(input1, input2, weight, bias)
    O, I1, I2 = weight.shape
    lead = tuple(input1.shape[:-1])
    w = weight.permute(1, 0, 2).reshape(I1, O * I2)
    t = input1.matmul(w).reshape(lead + (O, I2))
    out = (t * input2.unsqueeze(-2)).sum(-1)
    if bias is not None:
        out = out + bias
    return out


def _bilinear_checks(input1, input2, weight, bias):
    """torch's bilinear checks, in its order: the dtypes, the input dims, the
    batch dims, then the sizes against weight.size(1), weight.size(2) (an
    IndexError for a weight of too few dims) and bias.size(0)."""
    from cyautograd.ops.extra import _cpp_type_name as cn
    from cyautograd.ops.linalg2 import _size_at
    ts = [input1, input2, weight] + ([bias] if bias is not None else [])
    if any(t.dtype != input1.dtype for t in ts):
        names = ("input1", "input2", "weight", "bias")
        raise RuntimeError("All tensors must have the same dtype, got " +
                           ", ".join(f"{n}: {cn(t.dtype)}" for n, t in zip(names, ts)))
    if input1.dim() != input2.dim():
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.dim()} and {input2.dim()}")
    for i in range(input1.dim() - 1):
        if input1.shape[i] != input2.shape[i]:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {i}: got {input1.shape[i]} and "
                               f"{input2.shape[i]}")
    if _size_at(input1, input1.dim() - 1) != _size_at(weight, 1):
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {input1.shape[-1]} but "
                           f"expected {weight.shape[1]}")
    if _size_at(input2, input2.dim() - 1) != _size_at(weight, 2):
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got {input2.shape[-1]} but "
                           f"expected {weight.shape[2]}")
    if bias is not None and _size_at(bias, 0) != weight.shape[0]:
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got {bias.shape[0]} but "
                           f"expected {weight.shape[0]}")


# ---------------------------------------------------------------- losses
def _no_grad_arg(t, fname, arg="weight"):
    from cyautograd.grad_mode import is_grad_enabled
    if t is not None and t.requires_grad and is_grad_enabled():
        raise RuntimeError(f"The function '{fname}' is not differentiable with respect to "
                           f"argument '{arg}'. This input cannot have requires_grad True.")

def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    if (weight is None and size_average is None and reduce is None and type(input) is _Tensor
            and type(target) is _Tensor and label_smoothing == 0.0 and input.dim() == 2
            and target.dim() == 1):
        # the common case (a batch of logits, class indices, no weights or
        # smoothing) without the general checks below: the shapes cannot be
        # class probabilities, and nll_loss checks the rest in torch's order
        return nll_loss(_log_softmax(input, 1), target, None, ignore_index=ignore_index, reduction=reduction)
    from cyautograd.tensor import Tensor
    for pos, (argname, x) in enumerate((("input", input), ("target", target), ("weight", weight)), 1):
        if not isinstance(x, Tensor) and not (x is None and argname == "weight"):
            raise TypeError(f"cross_entropy_loss(): argument '{argname}' (position {pos}) must be "
                            f"Tensor, not {type(x).__name__}")
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if label_smoothing < 0.0 or label_smoothing > 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    T = _T()
    _no_grad_arg(weight, "nll_loss_forward")
    class_dim = 0 if input.dim() == 1 else 1
    C = input.shape[class_dim]
    wshape = [1] * input.dim()
    wshape[class_dim] = C
    if tuple(target.shape) == tuple(input.shape):
        # class probabilities: torch picks them by shape (same as input's), then wants a
        # floating target; any other shape is class indices (nll_loss checks their dtype)
        if not target.is_floating_point():
            raise RuntimeError(f"Expected floating point type for target with class probabilities, "
                               f"got {target.dtype._cname}")
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        lp = _log_softmax(input, class_dim)
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / C
        prod = lp * target
        if weight is not None:
            prod = prod * weight.reshape(wshape)
        loss = -prod.sum(class_dim)
        if reduction == "mean":
            return loss.sum() / (input.numel() / C) if input.dim() > 1 else loss
        return _reduce(loss, reduction)
    if input.dim() == 1 and target.dim() == 0:
        lp = _log_softmax(input.unsqueeze(0), 1)
        target = target.unsqueeze(0)
        class_dim, wshape = 1, [1, C]
        squeeze = True
    else:
        lp = _log_softmax(input, class_dim)
        squeeze = False
    nll = nll_loss(lp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if label_smoothing == 0.0:
        return nll
    if weight is not None:
        smooth = -(lp * weight.reshape(wshape)).sum(class_dim)
    else:
        smooth = -lp.sum(class_dim)
    ignore = target == ignore_index
    smooth = smooth.masked_fill(ignore, 0.0)
    if reduction == "mean":
        if weight is not None:
            safe = T.where(ignore, T.zeros((), dtype=target.dtype), target)
            wsum = (weight.index_select(0, safe.reshape(-1)) * (~ignore).reshape(-1).to(
                weight.dtype)).sum()
            ret = smooth.sum() / wsum
        else:
            ret = smooth.sum() / (~ignore).sum()
    elif reduction == "sum":
        ret = smooth.sum()
    else:
        ret = smooth.squeeze(0) if squeeze else smooth
    return (1 - label_smoothing) * nll + ret * (label_smoothing / C)


def _broadcast_first(input, target):
    """torch's Python losses call torch.broadcast_tensors(input, target) before
    their kernel: a shape mismatch is reported before any dtype error."""
    if tuple(input.shape) != tuple(target.shape):
        try:
            np.broadcast_shapes(tuple(input.shape), tuple(target.shape))
        except ValueError:
            from cyautograd.ops._xp import broadcast_error
            raise broadcast_error(input.shape, target.shape) from None


def _can_cast(frm, to):
    """c10::canCast: no floating to integral or bool, no non-bool to bool (the
    check of a TensorIterator writing into an existing output)."""
    if frm.is_floating_point and not to.is_floating_point:
        return False
    return not (to is _T().bool and frm is not to)


def _loss_into_input_dtype(kernel, input, target):
    """NOTE [ Losses written into input's dtype ]
    torch's huber_loss (and the composite losses that end in an in-place op on
    input's dtype) run a TensorIterator whose output is ``empty_like(input)``:
    the promoted dtype must cast to input's ("result type Float can't be cast
    to the desired output type Long"), and the kernel, dispatched on input's
    dtype, takes floating types only."""
    rd = _T().result_type(input, target)
    if not _can_cast(rd, input.dtype):
        raise RuntimeError(f"result type {rd._cname} can't be cast to the desired output type "
                           f"{input.dtype._cname}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype._cname}'")


def _loss_in_promoted_dtype(kernel, input, target):
    """NOTE [ Pointwise losses compute in the promoted dtype ] (ops/loss.pyx), for
    the Python losses: both operands in result_type(input, target), which must be
    floating for the kernel."""
    rd = _T().result_type(input, target)
    if not rd.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{rd._cname}'")
    return (input if input.dtype is rd else input.to(rd)), (target if target.dtype is rd else target.to(rd))


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(f"Target size ({target.shape}) must be the same as input size "
                         f"({input.shape})")
    # then torch.binary_cross_entropy_with_logits(input, target, weight, pos_weight,
    # reduction): its parser takes a Tensor or None there
    for v, arg, pos in ((weight, "weight", 3), (pos_weight, "pos_weight", 4)):
        if v is not None and not isinstance(v, _Tensor):
            from cyautograd._arg_parser import tp_name
            raise TypeError(f"binary_cross_entropy_with_logits(): argument '{arg}' (position {pos}) must be "
                            f"Tensor, not {tp_name(v)}")
    _no_grad_arg(weight, "binary_cross_entropy_with_logits")
    _no_grad_arg(pos_weight, "binary_cross_entropy_with_logits", "pos_weight")
    # torch's kernel order: log_sigmoid(input) (floating only), then
    # (1 - target).mul_(input) in target's dtype: a bool target cannot be
    # subtracted from, an integral one cannot hold the floating product
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"log_sigmoid_cpu\" not implemented for '{input.dtype._cname}'")
    if target.dtype is _T().bool:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                           "Use the `^` or `logical_xor()` operator instead.")
    if not target.dtype.is_floating_point:
        raise RuntimeError(f"result type {input.dtype._cname} can't be cast to the desired output type "
                           f"{target.dtype._cname}")
    if input.dtype is not target.dtype:     # the loss is written in target's dtype
        input = input.to(target.dtype)
    sp = _softplus_neg(input)              # -log(sigmoid(x))
    if pos_weight is not None:
        log_weight = (pos_weight - 1) * target + 1
        loss = (1 - target) * input + log_weight * sp
    else:
        loss = (1 - target) * input + sp
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if tuple(target.shape) != tuple(input.shape):
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size "
                      f"({input.shape}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=2)
    _broadcast_first(input, target)
    loss = (input - target).abs()
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def _check_target_size(input, target):
    """torch's loss preamble, ``if not (target.size() == input.size()): warn``:
    a target that is not a Tensor (a number) fails there, with Python's own
    AttributeError -- it never broadcasts."""
    if not (target.size() == input.size()):
        warnings.warn(f"Using a target size ({target.size()}) that is different to the input size "
                      f"({input.size()}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=3)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _check_target_size(input, target)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _broadcast_first(input, target)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    input, target = _loss_in_promoted_dtype("smooth_l1_cpu", input, target)
    d = (input - target).abs()
    if beta == 0.0:
        return _reduce(d, reduction)
    loss = _T().where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
    return _reduce(loss, reduction)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _check_target_size(input, target)
    _broadcast_first(input, target)
    if weight is not None and weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    if not delta > 0:   # nan too
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    _loss_into_input_dtype("huber_cpu", input, target)
    if target.dtype is not input.dtype:
        target = target.to(input.dtype)
    d = (input - target).abs()
    loss = _T().where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    from cyautograd.tensor import Tensor
    reduction = _legacy_reduction(size_average, reduce, reduction)
    T = _T()
    for v, nm, pos in ((input, "input", 1), (target, "target", 2)):     # torch.kl_div's parser
        if not isinstance(v, Tensor):
            raise TypeError(f"kl_div(): argument '{nm}' (position {pos}) must be Tensor, not {type(v).__name__}")
    if isinstance(input, Tensor) and isinstance(target, Tensor) and (
            not (input.is_floating_point() or input.is_complex()) or
            not (target.is_floating_point() or target.is_complex())):
        raise RuntimeError("kl_div: Integral inputs not supported.")
    if log_target:
        loss = target.exp() * (target - input)
    else:
        # torch's composite: xlogy(t, t) - t * input (0 where t == 0, nan where t < 0)
        loss = T.xlogy(target, target) - target * input
    if reduction == "mean":
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the "
                      "support size.'batchmean' divides only by the batch size, and aligns with "
                      "the KL div math definition.'mean' will be changed to behave the same as "
                      "'batchmean' in the next major release.", stacklevel=2)
        return loss.mean()
    if reduction == "batchmean":
        return loss.sum() / input.shape[0] if input.dim() != 0 else loss.sum()
    return _reduce(loss, reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    return _reduce(loss, _legacy_reduction(size_average, reduce, reduction))


# the functionals of nn/functional2.py (attention, normalisations, resampling, rarer
# activations and losses), kept in their own file
# (a name this file already defines keeps its definition here; poisson_nll_loss is
# replaced: functional2's has torch's full=True Stirling term)
from cyautograd.nn import functional2 as _f2  # noqa: E402
for _name in _f2.__all__:
    globals().setdefault(_name, getattr(_f2, _name))
poisson_nll_loss = _f2.poisson_nll_loss
_canonical_mask = _f2._canonical_mask
del _name

# the 3-D pools, conv_transpose3d, grid_sample and affine_grid (nn/functional3.py)
from cyautograd.nn import functional3 as _f3  # noqa: E402
for _name in _f3.__all__:
    globals().setdefault(_name, getattr(_f3, _name))
del _name

# one torch-named node per composite functional (NOTE [ Composite functionals get
# torch's node ] in nn/_named_nodes.py)
import sys as _sys  # noqa: E402
from cyautograd.nn import _named_nodes  # noqa: E402
_named_nodes.install(_sys.modules[__name__])
