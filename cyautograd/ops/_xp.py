"""The Array API path of the op families routed through a device namespace
(NOTE [ Device backends ] in backend.py): what an op does when its data is
not an ndarray. The ops test `type(x) is np.ndarray` on their existing slow
paths and call here; numpy arrays never arrive. Everything here speaks only
the Array API standard (xp = backend.namespace(x)), so it runs on CuPy and on
array-api-strict alike, and a missing route fails loudly instead of falling
back to numpy.

Routed: add/sub/mul/div (tensors and scalars, either order), neg and the
unary math of pointwise._unary, sign/abs, relu, comparisons; sum and mean
(all or some dims) and their backward; mm/matmul of 2-d operands; clone; the
kernels' fallbacks (k_binary, k_unary) used by backward formulas; AccumulateGrad;
strided views (backend.strided_view) and their gradients; order statistics
(NOTE [ Order statistics from argsort ]); special functions (NOTE [ Special
functions on the device ]); counting, searching, integer math and the linalg
composites. What the standard cannot express raises a clear error: float16
on a namespace without it (backend.xp_dtype)."""
import operator

import numpy as np

from cyautograd import backend
from cyautograd import dtypes as _D

_ndarray = np.ndarray


def npdtype(arr):
    return arr.dtype if type(arr) is _ndarray else backend.np_dtype(arr.dtype)


def same_device(*arrays):
    """torch's TensorIterator check over the operands' arrays (None for a
    scalar): every one on one device, a 0-d CPU tensor excepted (it takes
    part as a scalar)."""
    common = None
    for arr in arrays:
        if arr is None:
            continue
        d = backend.device_of(arr)
        if d.type == "cpu" and arr.ndim == 0:
            continue
        if common is None:
            common = d
        elif d != common:
            raise RuntimeError("Expected all tensors to be on the same device, but found at least two "
                               f"devices, {common} and {d}!")
    return common


def _full_like(x, value, npd):
    # full, not asarray: on a GPU asarray of a host scalar is a blocking
    # host-to-device copy (a sync per scalar operand), full a fill kernel.
    # The value is first cast on the host as torch casts a wrapped scalar to
    # the op's dtype: integers wrap, floats overflow to inf.
    xp = backend.namespace(x)
    if npd.kind in "iub" or not isinstance(value, (bool, int, float)):
        try:
            with np.errstate(all="ignore"):
                value = np.asarray(value).astype(npd).item()
        except (OverflowError, TypeError, ValueError):
            pass
    elif npd.kind == "f" and npd.itemsize < 8 and isinstance(value, float):
        with np.errstate(all="ignore"):
            value = float(np.asarray(value).astype(npd))
    return xp.full((), value, dtype=backend.xp_dtype(xp, npd), device=x.device)


# NOTE [ Scalar operands on the device ]
# A Python scalar (or a 0-d CPU tensor's value) meets a device array as a
# Python scalar wherever the op's dtype is the array's own: the namespace's
# operators and elementwise functions take it as a kernel argument (CuPy: no
# fill kernel, no host-to-device copy; ~5-10 us each on a GPU), and the
# standard converts it to the array's dtype, as torch converts a wrapped
# number to the op's dtype. Only values whose conversion is torch's exactly
# go this way (py_scalar): float32 and float64 arrays (the value rounded to
# float32 on the host first, an integer only up to 2**53), integer arrays
# with an integer inside the dtype's range. Anything else -- bool, float16
# and complex arrays, out-of-range integers, floats that overflow float32,
# a float meeting an integer array -- keeps _full_like's 0-d array, whose
# host-side cast wraps and overflows as torch's does.
_F32_MAX = float(np.finfo(np.float32).max)
_INT_RANGE = {np.dtype(t): (int(np.iinfo(t).min), int(np.iinfo(t).max))
              for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)}


def py_scalar(value, npd):
    """`value` as a Python scalar a device op of numpy dtype `npd` may take
    (NOTE [ Scalar operands on the device ]), or None."""
    t = type(value)
    k = npd.kind
    if k == "f":
        if t is float:
            pass
        elif t is int or t is bool:
            if not -9007199254740992 <= value <= 9007199254740992:
                return None
            value = float(value)
        else:
            return None
        if npd.itemsize == 8:
            return value
        if npd.itemsize == 4 and (value != value or -_F32_MAX <= value <= _F32_MAX
                                  or value == float("inf") or value == float("-inf")):
            return float(np.float32(value))
        return None
    if k in "iu" and (t is int or t is bool):
        lo, hi = _INT_RANGE[npd]
        if lo <= value <= hi:
            return int(value)
    return None


def operands(a, xa, b, xb):
    """(x, y, result dtype) for a binary op with at least one device operand
    (xa, xb: the operands' arrays, None for a scalar): arrays of torch's
    result dtype on one device."""
    same_device(xa, xb)
    rd = _D.result_type(a, b)
    npd = rd.np
    like = xa if xa is not None and type(xa) is not _ndarray else xb
    return _as(a, xa, like, npd), _as(b, xb, like, npd), rd


def _as(v, arr, like, npd):
    from cyautograd.ops.device import cast
    if arr is None:
        return _full_like(like, v, npd)
    if type(arr) is _ndarray:             # a 0-d CPU tensor with a device tensor
        return _full_like(like, arr.item(), npd)
    return cast(arr, npd)


def _operand(v, arr, like, npd):
    """_as, with a scalar kept a Python scalar where it may be (NOTE [ Scalar
    operands on the device ])."""
    if arr is None or type(arr) is _ndarray:
        s = py_scalar(v if arr is None else arr.item(), npd)
        if s is not None:
            return s
    return _as(v, arr, like, npd)


_BINARY = (operator.add, operator.sub, operator.mul, operator.truediv)


def arith(a, xa, b, xb, op, alpha):
    """The array of a op b (op: 0 add, 1 sub, 2 mul, 3 div): one namespace
    call where the operands have the op's dtype and a scalar stays a scalar."""
    same_device(xa, xb)
    npd = _D.result_type(a, b).np
    if op == 3 and npd.kind != "f":
        # true division computes in the default float dtype: a Python int
        # converts to it directly (1000 / uint8 is 1000 / x, never 232 / x)
        npd = _D.get_default_dtype().np
    like = xa if xa is not None and type(xa) is not _ndarray else xb
    x = _operand(a, xa, like, npd)
    scaled = alpha is not None and alpha != 1
    # alpha scales b in the op's dtype (torch's a + alpha * b): a scalar b is
    # a 0-d array then, so the product rounds as torch's does
    y = _as(b, xb, like, npd) if scaled else _operand(b, xb, like, npd)
    if scaled:
        y = y * alpha
    return _BINARY[op](x, y)


def inplace_operand(x, b, xb, op, alpha, rd):
    """For self.add_/sub_/mul_/div_(b, alpha) on device array x: the operand
    to apply straight into x's memory (a Python scalar, or a device array of
    x's dtype whose shape broadcasts to x's, alpha already applied), or None
    when the values must go through arith and fit (a cast, a broadcast that
    does not fit, a dtype the write refuses: their errors come from there)."""
    npd = npdtype(x)
    if rd.np != npd or npd.kind not in "fiu" or (op == 3 and npd.kind != "f"):
        return None
    scaled = alpha is not None and alpha != 1
    if xb is None or type(xb) is _ndarray:
        if scaled:
            return None
        same_device(x, xb)
        return py_scalar(b if xb is None else xb.item(), npd)
    same_device(x, xb)
    if npdtype(xb) != npd:
        return None
    if tuple(xb.shape) != tuple(x.shape):
        try:
            if np.broadcast_shapes(tuple(xb.shape), tuple(x.shape)) != tuple(x.shape):
                return None
        except ValueError:
            return None
    return xb * alpha if scaled else xb


_INPLACE = (operator.iadd, operator.isub, operator.imul, operator.itruediv)


def apply_inplace(x, y, op):
    """x op= y in x's own memory (one namespace call): y from inplace_operand."""
    _INPLACE[op](x, y)


def fit(vals, x):
    """In-place values cast to self's dtype and broadcast to its shape, with
    TensorIterator's error for a shape that does not fit the output."""
    from cyautograd.ops.device import cast
    vals = cast(vals, npdtype(x))
    if tuple(vals.shape) != tuple(x.shape):
        try:
            out = np.broadcast_shapes(tuple(vals.shape), tuple(x.shape))
        except ValueError:
            out = None
        if out != tuple(x.shape):
            dims = ", ".join(str(s) for s in x.shape)
            raise RuntimeError(f"output with shape [{dims}] doesn't match the broadcast shape "
                               f"[{', '.join(str(s) for s in (out or vals.shape))}]")
        vals = backend.namespace(vals).broadcast_to(vals, tuple(x.shape))
    return vals


def where(c, a, xa, b, xb):
    same_device(c, xa, xb)
    x, y, _ = operands(a, xa, b, xb)
    if type(c) is _ndarray:                 # a 0-d CPU condition
        c = _full_like(x, bool(c), np.dtype(np.bool_))
    return backend.namespace(x).where(c, x, y)


def _truth(x):
    """x as bool (torch's logical ops take any dtype: nonzero is true)."""
    return x if npdtype(x).kind == "b" else x != 0


def compare(a, xa, b, xb, name):
    if name.startswith("logical_"):
        x, y, _ = operands(a, xa, b, xb)
        x, y = _truth(x), _truth(y)
        return getattr(backend.namespace(x), name)(x, y)
    # a scalar side stays a Python scalar (NOTE [ Scalar operands on the device ])
    same_device(xa, xb)
    npd = _D.result_type(a, b).np
    like = xa if xa is not None and type(xa) is not _ndarray else xb
    return getattr(backend.namespace(like), name)(_operand(a, xa, like, npd), _operand(b, xb, like, npd))


# -- binary ops beyond arithmetic (pointwise.pyx, operands from prep_binary) ----

def check_int_zero_division(y):
    """NOTE [ integer division by zero ] (pointwise.pyx) on a device array."""
    if npdtype(y).kind in "iub" and not bool(backend.namespace(y).all(y)):
        raise RuntimeError("ZeroDivisionError")


def _host_0d(x, y):
    """A 0-d host operand (a saved Python scalar) as an array on the other's device."""
    if type(x) is _ndarray:
        x = _full_like(y, x.item(), npdtype(y))
    if type(y) is _ndarray:
        y = _full_like(x, y.item(), npdtype(x))
    return x, y


def floor_divide(x, y):
    x, y = _host_0d(x, y)
    return backend.namespace(x).floor_divide(x, y)


def trunc_divide(x, y):
    xp = backend.namespace(x)
    if npdtype(x).kind == "f":
        return xp.trunc(x / y)
    q = xp.floor_divide(x, y)
    # C's truncating division: floor, plus one where the signs differ and the division is inexact
    fix = ((x < 0) != (y < 0)) & (q * y != x)
    return xp.where(fix, q + 1, q)


def remainder(x, y):
    """torch's remainder: Python's modulo; a zero result of a floating
    division keeps the sign of self (pointwise.remainder)."""
    xp = backend.namespace(x)
    r = xp.remainder(x, y)
    if npdtype(x).kind == "f":
        r = xp.where(r == 0, xp.copysign(r, x), r)
    return r


def pow_tensors(x, y):
    """Tensor ** tensor (operands of the result dtype): integer bases with
    negative exponents as torch's kernel (1 stays 1, -1 alternates, else 0)."""
    xp = backend.namespace(x)
    npd = npdtype(x)
    if npd.kind == "b":
        return xp.astype(xp.pow(xp.astype(x, xp.int8), xp.astype(y, xp.int8)), xp.bool)
    if npd.kind not in "iu":
        return xp.pow(x, y)
    x, y = xp.broadcast_arrays(x, y)
    neg = y < 0
    r = xp.pow(x, xp.where(neg, xp.zeros_like(y), y))
    one = xp.ones_like(r)
    alt = xp.where(y % 2 == 0, one, -one)
    return xp.where(neg, xp.where(x == 1, one, xp.where(x == -1, alt, xp.zeros_like(r))), r)


_BITWISE = {"bitwise_and": "and", "bitwise_or": "or", "bitwise_xor": "xor"}


def bitwise(kernel, x, y):
    """bitwise_and/or/xor and the shifts: a shift by the type's width or
    more gives 0 (left) or the sign fill (right), as torch's."""
    xp = backend.namespace(x)
    if kernel in _BITWISE:
        if npdtype(x).kind == "b":
            return getattr(xp, "logical_" + _BITWISE[kernel])(x, y)
        return getattr(xp, kernel)(x, y)
    if kernel not in ("lshift", "rshift"):
        raise RuntimeError(f"{kernel}: not routed through the device namespace (cyautograd issue 14)")
    npd = npdtype(x)
    bits = npd.itemsize * 8
    big = (y >= bits) | (y < 0)
    ys = xp.where(big, xp.zeros_like(y), y)
    zero = xp.zeros_like(x)
    if kernel == "lshift":
        return xp.where(big, zero, xp.bitwise_left_shift(x, ys))
    fill = xp.bitwise_right_shift(x, xp.full_like(x, bits - 1)) if npd.kind == "i" else zero
    return xp.where(big, fill, xp.bitwise_right_shift(x, ys))


def bitwise_not(x):
    xp = backend.namespace(x)
    return xp.logical_not(x) if npdtype(x).kind == "b" else xp.bitwise_invert(x)


# -- unary ---------------------------------------------------------------------

def _sigmoid(xp, x):
    r = xp.exp(-xp.abs(x))
    return xp.where(x >= 0, 1 / (1 + r), r / (1 + r))


def sign(x):
    xp = backend.namespace(x)
    npd = npdtype(x)
    if npd.kind == "b":
        return xp.asarray(x, copy=True)
    dt = x.dtype
    r = xp.astype(x > 0, dt)
    if npd.kind != "u":
        r = r - xp.astype(x < 0, dt)
    return r


_UNARY = {
    "neg": lambda xp, x: xp.negative(x), "negative": lambda xp, x: xp.negative(x),
    "exp": lambda xp, x: xp.exp(x), "log": lambda xp, x: xp.log(x), "log2": lambda xp, x: xp.log2(x),
    "log10": lambda xp, x: xp.log10(x), "log1p": lambda xp, x: xp.log1p(x),
    "sqrt": lambda xp, x: xp.sqrt(x), "rsqrt": lambda xp, x: 1.0 / xp.sqrt(x),
    "reciprocal": lambda xp, x: 1.0 / x, "sin": lambda xp, x: xp.sin(x), "cos": lambda xp, x: xp.cos(x),
    "tan": lambda xp, x: xp.tan(x), "tanh": lambda xp, x: xp.tanh(x), "sigmoid": _sigmoid,
    "abs": lambda xp, x: xp.abs(x), "sign": lambda xp, x: sign(x),
    # torch's relu keeps the operand unless 0 wins strictly (-0. and nan stay)
    "relu": lambda xp, x: xp.where(x < 0, _zero(x), x),
}


def _zero(x):
    """0 in x's dtype for a where(): a Python scalar (NOTE [ Scalar operands on
    the device ]), a zero array where the dtype takes none."""
    z = py_scalar(0, npdtype(x))
    return backend.namespace(x).zeros_like(x) if z is None else z


def unary(name, x, to_float):
    """The forward of pointwise._unary's op `name` on a device array."""
    fn = _UNARY.get(name)
    if fn is None:
        raise RuntimeError(f"{name}: not routed through the device namespace yet (cyautograd issue 14)")
    if to_float and npdtype(x).kind != "f":
        from cyautograd.ops.device import cast
        x = cast(x, _D.get_default_dtype().np)
    return fn(backend.namespace(x), x)


# the kernels' fallbacks, by KernelOp number (kernels.pxd)
_K_UNARY = {4: "negative", 5: "exp", 6: "log", 7: "sin", 8: "cos", 9: "tanh", 10: "sqrt", 11: "abs"}
_K_BINARY = {0: "add", 1: "subtract", 2: "multiply", 3: "divide", 12: "greater", 13: "maximum"}


def full_like(like, value):
    return backend.namespace(like).full(like.shape, value, dtype=like.dtype, device=like.device)


def k_unary(op, x):
    return getattr(backend.namespace(x), _K_UNARY[op])(x)


_K_OPERATOR = {0: operator.add, 1: operator.sub, 2: operator.mul, 3: operator.truediv, 12: operator.gt}


def k_binary(op, x, y):
    # a 0-d CPU operand (a saved CPU scalar tensor) takes part as a scalar
    if type(x) is _ndarray and x.ndim == 0:
        x = x.item()
    if type(y) is _ndarray and y.ndim == 0:
        y = y.item()
    sx = type(x) in (int, float, bool)
    arr = y if sx else x
    xp = backend.namespace(arr)
    if sx or type(y) in (int, float, bool):
        # the scalar in the array's dtype: a Python scalar where the
        # conversion is exact (NOTE [ Scalar operands on the device ])
        s = py_scalar(x if sx else y, npdtype(arr))
        if s is not None and op in _K_OPERATOR:
            return _K_OPERATOR[op](s, y) if sx else _K_OPERATOR[op](x, s)
    if type(x) in (int, float, bool):
        x = xp.asarray(x, dtype=arr.dtype, device=arr.device)
    if type(y) in (int, float, bool):
        y = xp.asarray(y, dtype=arr.dtype, device=arr.device)
    dx, dy = npdtype(x), npdtype(y)
    if dx != dy:
        # the standard promotes no mixed kinds: a backward formula's saved
        # integer operand takes the float one's dtype, as torch's promotion
        if dx.kind == "f" and dy.kind != "f":
            y = cast(y, dx)
        elif dy.kind == "f" and dx.kind != "f":
            x = cast(x, dy)
        else:
            rd = np.promote_types(dx, dy)
            x, y = cast(x, rd), cast(y, rd)
    return getattr(xp, _K_BINARY[op])(x, y)


# -- reductions ----------------------------------------------------------------

def sum(x, dims, keepdim, npd):
    xp = backend.namespace(x)
    if npd is None and npdtype(x).kind in "biu":
        npd = np.dtype(np.int64)
    if npd is not None and npdtype(x) != npd:
        from cyautograd.ops.device import cast
        x = cast(x, npd)
    return xp.sum(x, axis=dims, keepdims=keepdim)


def mean(x, dims, keepdim, npd):
    xp = backend.namespace(x)
    if npd is not None and npdtype(x) != npd:
        from cyautograd.ops.device import cast
        x = cast(x, npd)
    return xp.mean(x, axis=dims, keepdims=keepdim)


def expand_reduced(g, self_shape, dims, keepdim):
    """A reduction's gradient unsqueezed at the reduced dims and broadcast
    to the input's shape (ReduceNode.expand)."""
    xp = backend.namespace(g)
    if not keepdim and dims is not None:
        shape = list(self_shape)
        for d in dims:
            shape[d] = 1
        g = xp.reshape(g, tuple(shape))
    elif dims is None and not keepdim:
        g = xp.reshape(g, (1,) * len(self_shape))
    return xp.broadcast_to(g, tuple(self_shape))


# -- linalg, copies ------------------------------------------------------------

def matmul(x, y):
    return backend.namespace(x).matmul(x, y)


def transpose2d(x):
    return backend.namespace(x).matrix_transpose(x)


def permute(x, perm):
    return backend.namespace(x).permute_dims(x, tuple(perm))


def reshape(x, shape):
    return backend.namespace(x).reshape(x, tuple(shape))


def reshape_view(x, shape):
    """x reshaped as a view of its memory (a contiguous array), else None."""
    if not backend.geometry(x)[2]:
        return None
    return backend.namespace(x).reshape(x, tuple(shape))


def _is_basic(item):
    return item is None or item is Ellipsis or isinstance(item, (int, slice)) and not isinstance(item, bool)


def _full_key(idx, ndim):
    """The Array API wants every axis indexed or an ellipsis: add one."""
    items = idx if isinstance(idx, tuple) else (idx,)
    if Ellipsis not in items:
        items = items + (Ellipsis,)
    return items


def basic_index(x, idx):
    """x[idx] for basic indices (ints, slices, None, ...): a view."""
    items = idx if isinstance(idx, tuple) else (idx,)
    if not all(_is_basic(i) for i in items):
        raise RuntimeError("advanced indexing of a device tensor is not routed through the device "
                           "namespace yet (cyautograd issue 14)")
    for i in items:
        if isinstance(i, slice) and i.step is not None and i.step < 0:
            raise ValueError("step must be greater than zero")
    return x[_full_key(idx, x.ndim)]


def index_backward(g, self_shape, idx):
    """The gradient of a basic-index view: g written into zeros of the
    input's shape (a basic index never repeats an element). Axes a None
    added are dropped from g first (the key without them selects the rest)."""
    xp = backend.namespace(g)
    items = idx if isinstance(idx, tuple) else (idx,)
    key = tuple(i for i in items if i is not None)
    z = xp.zeros(tuple(self_shape), dtype=g.dtype, device=g.device)
    target = z[_full_key(key, len(self_shape))]
    z[_full_key(key, len(self_shape))] = xp.reshape(g, tuple(target.shape))
    return z


def expand_dims(x, d):
    return backend.namespace(x).expand_dims(x, axis=d)


def sum_to(g, axes, shape):
    """at::sum_to for a device gradient: sum the broadcast axes, then reshape.
    Summing only the leading axes gives `shape` itself, with no reshape: a
    fresh array, which AccumulateGrad can take over without a copy (a
    reshape's view it must copy)."""
    xp = backend.namespace(g)
    shape = tuple(shape)
    if axes:
        axes = tuple(axes)
        if axes == tuple(range(g.ndim - len(shape))):
            return xp.sum(g, axis=axes)
        g = xp.sum(g, axis=axes, keepdims=True)
    return g if tuple(g.shape) == shape else xp.reshape(g, shape)


def _device_index(idx, like):
    """A host index array (geometry, computed on the host) on like's device."""
    xp = backend.namespace(like)
    return xp.asarray(np.ascontiguousarray(idx, dtype=np.int64), device=like.device)


def place(flat, idx, vals):
    """flat (1-d) with the distinct positions idx (host int64) replaced by
    vals (1-d, len(idx)): gathers only (the standard has no scatter)."""
    xp = backend.namespace(flat)
    n = flat.shape[0]
    src = np.arange(n, dtype=np.int64)
    src[idx] = n + np.arange(idx.size, dtype=np.int64)
    return xp.take(xp.concat([flat, vals]), _device_index(src, flat))


def scatter_add_flat(g, idx, base_sizes):
    """zeros(base) with g's elements added at the flat positions idx (host
    int64, one per element of g): the gradient of a strided view
    (AsStridedBackward0, DiagonalBackward0, UnfoldBackward0). The standard
    has no scatter: positions hit once are placed by one gather; where view
    elements alias (unfold with step < size, an overlapping as_strided) the
    j-th hit of every position is placed in pass j -- the grouping is
    geometry, computed on the host, and the passes are as many as the most
    hits of one position."""
    xp = backend.namespace(g)
    idx = np.asarray(idx, dtype=np.int64).reshape(-1)
    n = int(np.prod(base_sizes)) if len(base_sizes) else 1
    z = xp.zeros(n, dtype=g.dtype, device=g.device)
    gf = xp.reshape(g, (-1,))
    if idx.size == 0:
        return xp.reshape(z, tuple(base_sizes))
    order = np.argsort(idx, kind="stable")
    srt = idx[order]
    start = np.flatnonzero(np.concatenate([[True], srt[1:] != srt[:-1]]))
    rank = np.arange(srt.size) - np.repeat(start, np.diff(np.append(start, srt.size)))
    if rank.max() == 0:
        return xp.reshape(place(z, idx, gf), tuple(base_sizes))
    out = None
    for j in range(int(rank.max()) + 1):
        src = order[rank == j]
        part = place(z, idx[src], xp.take(gf, _device_index(src, g)))
        out = part if out is None else out + part
    return xp.reshape(out, tuple(base_sizes))


def slice_of(g, idx, view_sizes):
    """CopySlices, device gradient: (g flattened into a copy, the view's slice)."""
    xp = backend.namespace(g)
    flat = xp.reshape(backend.copy(g), (-1,))
    return flat, xp.reshape(xp.take(flat, _device_index(idx, g)), tuple(view_sizes))


def put_slice(flat, idx, res, view_sizes, base_sizes):
    """CopySlices, device gradient: fn's gradient for the view written back
    over the slice; the rest passes through. fn's undefined gradient leaves
    the base's undefined (NOTE [ CopySlices' arrays ] in functions/tensor.pyx)."""
    xp = backend.namespace(flat)
    r0 = res[0]
    if r0 is None:
        out = [None]
        out.extend(res[1:])
        return out
    vals = xp.reshape(xp.broadcast_to(r0, tuple(view_sizes)), (-1,))
    out = [xp.reshape(place(flat, idx, vals), tuple(base_sizes))]
    out.extend(res[1:])
    return out


def is_device(x):
    return type(x) is not _ndarray and backend.is_device_array(x)


def strides(x):
    return backend.geometry(x)[0]


def broadcast_to(x, shape):
    return backend.namespace(x).broadcast_to(x, tuple(shape))


def squeeze(x, axes):
    return backend.namespace(x).squeeze(x, axis=tuple(axes)) if axes else x[...]


def cast(x, npd):
    from cyautograd.ops.device import cast as _cast
    return _cast(x, npd)


def concat(arrays, axis):
    return backend.namespace(arrays[0]).concat(list(arrays), axis=axis)


def stack(arrays, axis):
    return backend.namespace(arrays[0]).stack(list(arrays), axis=axis)


def pow_scalar(x, e):
    """x ** e for a Python scalar e, as torch's kernel (-0.5 is rsqrt)."""
    if e == -0.5:
        return 1.0 / backend.namespace(x).sqrt(x)
    return x ** e


def copy(x):
    return backend.copy(x)


# -- torch's generated device check --------------------------------------------

def check_args(method, *named):
    """torch's codegen device check (c10::impl::check_and_update_common_device)
    for ops that are not TensorIterator ops: the first defined tensor argument
    names the common device; `named` is (argument name, array or None) pairs."""
    common = None
    for name, arr in named:
        if arr is None:
            continue
        d = backend.device_of(arr)
        if common is None:
            common = d
        elif d != common:
            raise RuntimeError(f"Expected all tensors to be on the same device, but got {name} is on {d}, "
                               f"different from other tensors on {common} (when checking argument in method "
                               f"{method})")
    return common


def _xd(x, npd):
    return backend.xp_dtype(backend.namespace(x), npd)


def zeros(like, shape, npd=None):
    xp = backend.namespace(like)
    return xp.zeros(tuple(shape), dtype=like.dtype if npd is None else _xd(like, npd), device=like.device)


def arange_along(like, n, d, ndim):
    """int64 0..n-1 laid along axis d of an ndim-d array (ones elsewhere)."""
    xp = backend.namespace(like)
    shape = [1] * ndim
    shape[d] = n
    return xp.reshape(xp.arange(n, dtype=xp.int64, device=like.device), tuple(shape))


# -- reductions beyond sum/mean ------------------------------------------------

def _real(x):
    """A bool array as uint8 for max/min/argmax (the standard's max wants a
    real dtype), with the dtype to return to."""
    if npdtype(x).kind == "b":
        return cast(x, np.dtype(np.uint8)), np.dtype(np.bool_)
    return x, None


def minmax_all(x, is_max):
    xp = backend.namespace(x)
    xr, back = _real(x)
    r = xp.max(xr) if is_max else xp.min(xr)
    return r if back is None else cast(r, back)


def minmax_dim(x, d, keepdim, is_max):
    """(values, int64 indices) of max/min along d; torch's NaN is the max and the min."""
    xp = backend.namespace(x)
    xr, back = _real(x)
    if npdtype(x).kind == "f":
        nan = xp.isnan(xr)
        # a NaN wins: search the NaN mask first where a slice has one
        has = xp.any(nan, axis=d, keepdims=True)
        pick = xp.argmax(xr, axis=d, keepdims=True) if is_max else xp.argmin(xr, axis=d, keepdims=True)
        idx = xp.where(has, xp.argmax(cast(nan, np.dtype(np.uint8)), axis=d, keepdims=True), pick)
    else:
        idx = xp.argmax(xr, axis=d, keepdims=True) if is_max else xp.argmin(xr, axis=d, keepdims=True)
    idx = cast(idx, np.dtype(np.int64))
    vals = xp.take_along_axis(x, idx, axis=d)
    if not keepdim:
        idx = xp.squeeze(idx, axis=d)
        vals = xp.squeeze(vals, axis=d)
    return vals, idx


def argminmax(x, dim, keepdim, is_max):
    xp = backend.namespace(x)
    xr, _ = _real(x)
    f = xp.argmax if is_max else xp.argmin
    if dim is None:
        r = f(xp.reshape(xr, (-1,)))
        if keepdim:
            r = xp.reshape(r, (1,) * x.ndim)
    else:
        r = f(xr, axis=dim, keepdims=keepdim) if x.ndim else xp.zeros((), dtype=xp.int64, device=x.device)
    return cast(r, np.dtype(np.int64))


def amaxmin(x, dims, keepdim, is_max):
    xp = backend.namespace(x)
    xr, back = _real(x)
    r = (xp.max if is_max else xp.min)(xr, axis=dims, keepdims=keepdim)
    return r if back is None else cast(r, back)


def max_backward_all(g, s, r):
    """evenly_distribute_backward: the gradient shared among the elements
    equal to the result (the NaN elements when the result is NaN)."""
    xp = backend.namespace(g)
    mask = xp.where(xp.isnan(r), xp.isnan(s), s == r) if npdtype(s).kind == "f" else (s == r)
    cnt = xp.sum(cast(mask, npdtype(g)))
    return xp.where(mask, g / cnt, xp.zeros_like(s))


def max_backward_dim(g, idx, self_shape, d, keepdim):
    """value_selecting_reduction_backward: g at the selected indices, zeros
    elsewhere (a one-hot mask along d: the standard has no scatter)."""
    xp = backend.namespace(g)
    if len(self_shape) == 0:
        return xp.reshape(g, ())
    gk = g if keepdim else xp.expand_dims(g, axis=d)
    ik = idx if keepdim else xp.expand_dims(idx, axis=d)
    mask = arange_along(g, self_shape[d], d, len(self_shape)) == ik
    return xp.where(mask, gk, xp.zeros(tuple(self_shape), dtype=g.dtype, device=g.device))


def amax_backward(g, s, r, dims):
    """scale_grad_by_count: (g / count) * mask (NaN where no element equals a NaN result)."""
    xp = backend.namespace(g)
    mask = cast(s == r, npdtype(g))
    cnt = xp.sum(mask, axis=dims, keepdims=True)
    return (g / cnt) * mask


def prod(x, dims, keepdim, npd):
    xp = backend.namespace(x)
    if npd is None and npdtype(x).kind in "biu":
        npd = np.dtype(np.int64)
    if npd is not None:
        x = cast(x, npd)
    if x.ndim == 0:
        return xp.asarray(x, copy=True)
    return xp.prod(x, axis=dims, keepdims=keepdim)


def _exclusive_cumprod(xm):
    """Along the last axis: the product of the elements before each one."""
    xp = backend.namespace(xm)
    return xp.cumulative_prod(xm, axis=xm.ndim - 1, include_initial=True)[..., :-1]


def prod_backward(g, x, dims):
    """g * the product of the other elements (exact where x has zeros): the
    exclusive products from the left and from the right."""
    xp = backend.namespace(x)
    if x.ndim == 0:
        return g
    if dims is None:
        flat = xp.reshape(x, (-1,))
        pre = _exclusive_cumprod(flat)
        post = xp.flip(_exclusive_cumprod(xp.flip(flat, axis=0)), axis=0)
        return g * xp.reshape(pre * post, tuple(x.shape))
    d = dims[0]
    xm = xp.moveaxis(x, d, -1)
    pre = _exclusive_cumprod(xm)
    post = xp.flip(_exclusive_cumprod(xp.flip(xm, axis=-1)), axis=-1)
    return g * xp.moveaxis(pre * post, -1, d)


def var_std(x, dims, correction, keepdim, is_std):
    """torch's var/std, accumulated in float64 for narrower floats."""
    xp = backend.namespace(x)
    npd = npdtype(x)
    xa = cast(x, np.dtype(np.float64)) if npd.itemsize < 8 else x
    if x.ndim == 0:
        dims = None
    r = xp.var(xa, axis=dims, correction=correction, keepdims=keepdim)
    if is_std:
        r = xp.sqrt(r)
    return cast(r, npd)


def mean_keep(s, dims):
    return backend.namespace(s).mean(s, axis=dims, keepdims=True)


def std_backward_scale(gk, r):
    """gk / (2 r), 0 where r is 0 (a constant slice)."""
    xp = backend.namespace(gk)
    return xp.where(r == 0, xp.zeros_like(gk), gk / (r * 2))


def softmax(x, d, log):
    xp = backend.namespace(x)
    if x.ndim == 0:
        r = x - x
        return r if log else xp.exp(r)
    if x.size == 0:
        return xp.asarray(x, copy=True)
    m = xp.max(x, axis=d, keepdims=True)
    z = x - m
    e = xp.exp(z)
    s = xp.sum(e, axis=d, keepdims=True)
    return (z - xp.log(s)) if log else (e / s)


def softmax_backward(g, r, d, log):
    xp = backend.namespace(g)
    if log:
        return g - xp.exp(r) * xp.sum(g, axis=d, keepdims=True)
    return r * (g - xp.sum(g * r, axis=d, keepdims=True))


def logsumexp(x, dims, keepdim):
    xp = backend.namespace(x)
    if x.size:
        m = xp.max(x, axis=dims, keepdims=True)
        m = xp.where(xp.isfinite(m), m, xp.zeros_like(m))
    else:
        m = xp.zeros((1,) * x.ndim, dtype=x.dtype, device=x.device)
    r = xp.log(xp.sum(xp.exp(x - m), axis=dims, keepdims=True)) + m
    if not keepdim and dims:
        r = xp.squeeze(r, axis=tuple(dims))
    return r


def exp_diff(s, r):
    return backend.namespace(s).exp(s - r)


def all_any(x, dim, keepdim, is_all):
    xp = backend.namespace(x)
    r = (xp.all if is_all else xp.any)(x, axis=dim, keepdims=keepdim)
    # torch's all/any of a uint8 tensor is uint8, of anything else bool
    return cast(r, np.dtype(np.uint8)) if npdtype(x) == np.uint8 else r


def cumsum(x, d, npd):
    xp = backend.namespace(x)
    if npd is None and npdtype(x).kind in "biu":
        npd = np.dtype(np.int64)
    if npd is not None:
        x = cast(x, npd)
    if x.ndim == 0:
        return xp.asarray(x, copy=True)
    return xp.cumulative_sum(x, axis=d)


def cumsum_backward(g, d):
    xp = backend.namespace(g)
    return xp.flip(xp.cumulative_sum(xp.flip(g, axis=d), axis=d), axis=d)


def vector_norm(x, p, dims, keepdim):
    xp = backend.namespace(x)
    ax = xp.abs(x)
    if p == float("inf"):
        return xp.max(ax, axis=dims, keepdims=keepdim) if x.ndim else ax
    if p == -float("inf"):
        return xp.min(ax, axis=dims, keepdims=keepdim) if x.ndim else ax
    if p == 0:
        return cast(xp.sum(cast(ax != 0, npdtype(x)), axis=dims, keepdims=keepdim), npdtype(x))
    if p == 1:
        return xp.sum(ax, axis=dims, keepdims=keepdim)
    if p == 2:
        return xp.sqrt(xp.sum(x * x, axis=dims, keepdims=keepdim))
    return xp.sum(ax ** p, axis=dims, keepdims=keepdim) ** (1.0 / p)


def abs_(x):
    return backend.namespace(x).abs(x)


def sum_keep(x, dims):
    xp = backend.namespace(x)
    if npdtype(x).kind == "b":
        x = cast(x, np.dtype(np.int64))
    return xp.sum(x, axis=dims, keepdims=True)


# -- pointwise beyond arithmetic -----------------------------------------------

def broadcast_error(xs, ys):
    """TensorIterator's size-mismatch message for two shapes."""
    xs, ys = tuple(xs), tuple(ys)
    n = max(len(xs), len(ys))
    xs2 = (1,) * (n - len(xs)) + xs
    ys2 = (1,) * (n - len(ys)) + ys
    for i in range(n - 1, -1, -1):
        if xs2[i] != ys2[i] and xs2[i] != 1 and ys2[i] != 1:
            return RuntimeError(f"The size of tensor a ({xs2[i]}) must match the size of tensor b "
                                f"({ys2[i]}) at non-singleton dimension {i}")
    return RuntimeError("shape mismatch")


def _check_broadcast(*shapes):
    try:
        return np.broadcast_shapes(*[tuple(s) for s in shapes])
    except ValueError:
        raise broadcast_error(shapes[0], shapes[1]) from None


def rounding(name, x, decimals=0):
    xp = backend.namespace(x)
    if npdtype(x).kind != "f":
        return xp.asarray(x, copy=True)
    if name == "round" and decimals:
        p = 10.0 ** abs(decimals)
        return xp.round(x * p) / p if decimals > 0 else xp.round(x / p) * p
    return getattr(xp, name)(x)


def _bound(like, v, npd):
    """A clamp bound (array or None) as an array of like's dtype on its device."""
    if v is None:
        return None
    if type(v) is _ndarray:          # a 0-d CPU tensor takes part as a scalar
        return _full_like(like, v.item(), npd)
    return cast(v, npd)


def clamp_tensors(x, lo, hi):
    same_device(x, lo, hi)
    xp = backend.namespace(x)
    npd = npdtype(x)
    lo, hi = _bound(x, lo, npd), _bound(x, hi, npd)
    _check_broadcast(x.shape, *[b.shape for b in (lo, hi) if b is not None])
    r = x
    if lo is not None:
        r = xp.maximum(lo, r)
    if hi is not None:
        r = xp.minimum(hi, r)
    return r if r is not x else xp.asarray(x, copy=True)


def clamp_scalars(x, lo, hi):
    xp = backend.namespace(x)
    npd = npdtype(x)
    if npd.kind != "f" and (isinstance(lo, float) or isinstance(hi, float)):
        npd = _D.get_default_dtype().np
    elif npd.kind == "b" and any(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)):
        npd = np.dtype(np.int64)
    r = cast(x, npd)
    if lo is not None:
        r = xp.maximum(_full_like(r, lo, npd), r)
    if hi is not None:
        r = xp.minimum(_full_like(r, hi, npd), r)
    return r if r is not x else xp.asarray(x, copy=True)


def maxmin(a, xa, b, xb, is_max):
    x, y, _ = operands(a, xa, b, xb)
    _check_broadcast(x.shape, y.shape)
    xp = backend.namespace(x)
    return xp.maximum(x, y) if is_max else xp.minimum(x, y)


def nonzero(x, as_tuple):
    xp = backend.namespace(x)
    if x.ndim == 0:
        k = int(xp.sum(cast(x != 0, np.dtype(np.int64))))
        if as_tuple:
            return (xp.zeros(k, dtype=xp.int64, device=x.device),)
        return xp.zeros((k, 0), dtype=xp.int64, device=x.device)
    idx = [cast(i, np.dtype(np.int64)) for i in xp.nonzero(x)]
    if as_tuple:
        return tuple(idx)
    return xp.stack(idx, axis=1)


def equal(x, y):
    same_device(x, y)
    if tuple(x.shape) != tuple(y.shape):
        return False
    xp = backend.namespace(x)
    rd = np.promote_types(npdtype(x), npdtype(y))
    return bool(xp.all(cast(x, rd) == cast(y, rd)))


def all_of(x):
    return backend.namespace(x).all(x)


def isclose(x, y, rtol, atol, equal_nan):
    same_device(x, y)
    xp = backend.namespace(x)
    rd = np.promote_types(npdtype(x), npdtype(y))
    x, y = cast(x, rd), cast(y, rd)
    if rd.kind != "f":
        return x == y
    close = (x == y) | (xp.abs(x - y) <= atol + rtol * xp.abs(y))
    close = close & xp.isfinite(x - y) | (x == y)
    if equal_nan:
        close = close | (xp.isnan(x) & xp.isnan(y))
    return close


def elementwise(name, x):
    if name == "logical_not":
        x = _truth(x)
    return getattr(backend.namespace(x), name)(x)


def device_of(arr):
    return backend.device_of(arr)


def copy_values(x, vals):
    """copy_'s source values on self's device, in self's dtype and shape."""
    vals = backend.transfer(vals, backend.device_of(x))
    xd, vd = npdtype(x), npdtype(vals)
    if type(vals) is _ndarray:       # a device source copied into a CPU self
        if xd.kind in "iu" and vd.kind == "f":
            vals = np.trunc(vals)
        vals = vals.astype(xd)
        if vals.shape != tuple(x.shape):
            _check_broadcast(x.shape, vals.shape)
            vals = np.broadcast_to(vals, x.shape)
        return vals
    if xd.kind in "iu" and vd.kind == "f":
        vals = backend.namespace(vals).trunc(vals)
    return fit(vals, x)


def to_device_dtype(g, dev, npd):
    if dev is not None:
        g = backend.transfer(g, dev)
    if type(g) is _ndarray:
        return g if g.dtype == npd else g.astype(npd)
    return cast(g, npd)


def masked_fill(x, mask, v):
    same_device(x, mask, v if type(v) is not int and type(v) is not float and type(v) is not bool else None)
    xp = backend.namespace(x)
    npd = npdtype(x)
    if type(v) is _ndarray or isinstance(v, (int, float, bool, np.generic)):
        val = _full_like(x, v.item() if type(v) is _ndarray else v, npd)
    else:
        val = cast(v, npd)
    _check_broadcast(x.shape, mask.shape)
    return xp.where(mask, val, x)


# -- linalg --------------------------------------------------------------------

class HostMeta:
    """A device array's metadata (shape, ndim, size, numpy dtype, byte
    strides) for the host-side checks and messages the numpy path computes
    from an ndarray; swap: as the array with its last two dims swapped."""
    __slots__ = ("shape", "ndim", "size", "dtype", "strides")

    def __init__(self, arr, swap=False):
        shape = tuple(arr.shape)
        strides = strides_of(arr)
        if swap and len(shape) >= 2:
            shape = shape[:-2] + (shape[-1], shape[-2])
            strides = strides[:-2] + (strides[-1], strides[-2])
        self.shape, self.ndim, self.strides = shape, len(shape), strides
        n = 1
        for s in shape:
            n *= s
        self.size = n
        self.dtype = npdtype(arr)


def strides_of(arr):
    return tuple(arr.strides) if type(arr) is _ndarray else backend.geometry(arr)[0]


def matmul_nd(x, y):
    """mm, bmm, mv and dot of device arrays (no broadcasting: matmul's
    composite expands and reshapes before it reaches here)."""
    xp = backend.namespace(x)
    if x.ndim == 1 and y.ndim == 1:
        return xp.sum(x * y)
    return xp.matmul(x, y)


def matmul_backward(g, a, b, need_a, need_b):
    """dot/mv/mm/bmm's gradients; an operand is saved only for the other's
    gradient (None otherwise), so the kind is read from the one present and g."""
    xp = backend.namespace(g)
    ga = gb = None
    if need_a and b is not None:
        if b.ndim == 1 and g.ndim == 0:       # dot
            ga = g * b
        elif b.ndim == 1:                     # mv: ger
            ga = xp.expand_dims(g, axis=1) * xp.expand_dims(b, axis=0)
        else:
            ga = xp.matmul(g, xp.matrix_transpose(b))
    if need_b and a is not None:
        gb = g * a if a.ndim == 1 and g.ndim == 0 else xp.matmul(xp.matrix_transpose(a), g)
    return [ga, gb]


def linear(x, w, bias):
    """addmm(bias, x, w.t()) of device arrays."""
    xp = backend.namespace(x)
    r = xp.matmul(x, xp.matrix_transpose(w))
    bs = tuple(bias.shape)
    try:
        np.broadcast_shapes(bs, tuple(r.shape))
    except ValueError:
        raise RuntimeError(f"The size of tensor a ({bs[-1]}) must match the size of tensor b ({r.shape[-1]}) "
                           "at non-singleton dimension 1") from None
    return r + bias


def addmm_backward(g, x, w, bias_shape, need_b, need_x, need_w):
    """AddmmBackward0 of a device gradient: bias (summed to its shape), x
    (g @ w) and mat2 = w.t() (x.T @ g, which TBackward0 transposes)."""
    xp = backend.namespace(g)
    rb = None
    if need_b:
        lead = g.ndim - len(bias_shape)
        axes = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(bias_shape)
                                          if s == 1 and g.shape[lead + i] != 1)
        rb = sum_to(g, axes, bias_shape)
    rx = xp.matmul(g, w) if need_x else None
    rw = xp.matmul(xp.matrix_transpose(x), g) if need_w else None
    return [rb, rx, rw]


# -- indexing, gathers ---------------------------------------------------------

def is_contiguous(x):
    return backend.geometry(x)[2]


def contiguous(x):
    return backend.contiguous(x)


def _on(like, idx):
    """An index (device array, host ndarray, list) as int64/bool on like's device."""
    if type(idx) is _ndarray or isinstance(idx, list):
        host = np.asarray(idx)
        if host.dtype.kind in "iu":
            host = host.astype(np.int64)
        return backend.from_host(host, backend.device_of(like))
    return idx


def _norm_idx(xp, idx, n):
    idx = cast(idx, np.dtype(np.int64))
    if idx.size:
        lo, hi = int(xp.min(idx)), int(xp.max(idx))
        if lo < -n or hi >= n:
            bad = hi if hi >= n else lo
            return None, bad
    return xp.where(idx < 0, idx + n, idx), None


def is_advanced(idx):
    items = idx if isinstance(idx, tuple) else (idx,)
    return not all(_is_basic(i) for i in items)


def _split_advanced(x, idx):
    """(dim, index) for an index of one integer array (the other items whole
    slices or an ellipsis), ("mask", array) for a sole boolean mask, else
    None: the forms routed so far."""
    items = idx if isinstance(idx, tuple) else (idx,)
    adv = [k for k, i in enumerate(items) if not _is_basic(i)]
    if len(adv) != 1:
        return None
    k = adv[0]
    a = _on(x, items[k])
    if isinstance(a, (bool, np.bool_)):
        return None
    if npdtype(a).kind == "b":
        return ("mask", a) if len(items) == 1 else None
    for j, i in enumerate(items):
        if j != k and not (isinstance(i, slice) and i == slice(None)) and i is not Ellipsis:
            return None
    if Ellipsis in items[:k]:
        d = x.ndim - (len(items) - 1 - k) - 1
    else:
        d = k
    return d, a


def _leading_ints(shape, idx, like):
    """For an index of k >= 2 integer arrays on x's leading dims (the rest
    whole slices): (linear index into x's first k dims flattened, k), with
    each component wrapped and bounds-checked; else None. x[i0, i1] is
    then x.reshape(N, *rest)[lin] (NOTE [ Several index tensors ])."""
    items = idx if isinstance(idx, tuple) else (idx,)
    k = 0
    while k < len(items) and not _is_basic(items[k]) and not isinstance(items[k], (bool, np.bool_)):
        k += 1
    if k < 2 or any(not (isinstance(i, slice) and i == slice(None)) for i in items[k:]) or k > len(shape):
        return None
    comps = [_on(like, items[j]) for j in range(k)]
    if any(npdtype(c).kind not in "iu" for c in comps):
        return None
    xp = backend.namespace(like)
    same_device(like, *comps)
    lin = None
    for j, c in enumerate(comps):
        cj, bad = _norm_idx(xp, c, shape[j])
        if cj is None:
            if shape[j] == 0:   # NOTE [ Advanced index bounds ] in shape.pyx
                raise IndexError("index is out of bounds for dimension with size 0")
            raise IndexError(f"index {bad} is out of bounds for dimension {j} with size {shape[j]}")
        stride = 1
        for s in shape[j + 1:k]:
            stride *= s
        term = cj * stride if stride != 1 else cj
        if lin is None:
            lin = term
        else:
            try:
                lin = lin + term
            except ValueError:
                shapes = ", ".join(f"[{', '.join(str(v) for v in cc.shape)}]" for cc in comps)
                raise IndexError(f"shape mismatch: indexing tensors could not be broadcast together with "
                                 f"shapes {shapes}") from None
    return lin, k


def _flat_lead(shape, k):
    n = 1
    for s in shape[:k]:
        n *= s
    return (n,) + tuple(shape[k:])


# NOTE [ Several index tensors ]
# x[i0, i1, ...] with k integer index tensors on the leading dims (the rest
# whole slices) is one index into x with those k dims flattened:
# lin = i0 * (n1 * ... ) + i1 * (...) + ..., after wrapping each component
# and checking it against its own dim (torch's error names that dim). The
# one-index routes (a gather forward, a one-hot scatter backward and
# index_put) then serve it unchanged.

def advanced_index(x, idx):
    multi = _leading_ints(tuple(x.shape), idx, x)
    if multi is not None:
        lin, k = multi
        xf = backend.namespace(x).reshape(x, _flat_lead(tuple(x.shape), k))
        return advanced_index(xf, (lin,))
    sp = _split_advanced(x, idx)
    if sp is None:
        raise RuntimeError("this advanced index of a device tensor is not routed through the device namespace "
                           "yet (cyautograd issue 14): one integer index tensor or one boolean mask is")
    xp = backend.namespace(x)
    if sp[0] == "mask":
        same_device(x, sp[1])
        return x[sp[1]]
    d, a = sp
    n = x.shape[d]
    ai, bad = _norm_idx(xp, a, n)
    if ai is None:
        if n == 0:   # NOTE [ Advanced index bounds ] in shape.pyx
            raise IndexError("index is out of bounds for dimension with size 0")
        # the one index tensor is tensor 0 (NOTE [ Advanced index error numbering ] in shape.pyx)
        raise IndexError(f"index {bad} is out of bounds for dimension 0 with size {n}")
    r = xp.take(x, xp.reshape(ai, (-1,)), axis=d)
    return xp.reshape(r, tuple(x.shape[:d]) + tuple(a.shape) + tuple(x.shape[d + 1:]))


def advanced_index_backward(g, self_shape, idx):
    """IndexBackward0: zeros with g added at the index (repeats add up)."""
    xp = backend.namespace(g)
    multi = _leading_ints(tuple(self_shape), idx, g)
    if multi is not None:
        lin, k = multi
        flat = _flat_lead(tuple(self_shape), k)
        return xp.reshape(advanced_index_backward(g, flat, (lin,)), tuple(self_shape))
    sp = _split_advanced(g, idx)
    if sp[0] == "mask":
        z = xp.zeros(tuple(self_shape), dtype=g.dtype, device=g.device)
        z[sp[1]] = g
        return z
    d, a = sp
    n = self_shape[d]
    ai = xp.reshape(xp.where(cast(a, np.dtype(np.int64)) < 0, a + n, a), (-1,))
    gshape = tuple(self_shape[:d]) + (ai.shape[0],) + tuple(self_shape[d + 1:])
    return index_add(self_shape, d, ai, xp.reshape(g, gshape))


def index_add(self_shape, d, idx, g):
    """zeros(self_shape) with g's slices along d added at positions idx (1-d,
    in range; repeats add up): a one-hot matrix product, as the standard has
    no scatter."""
    xp = backend.namespace(g)
    n = self_shape[d] if len(self_shape) else 1
    if len(self_shape) == 0:
        return xp.reshape(xp.sum(g), ())
    gm = xp.moveaxis(g, d, 0)
    rest = tuple(gm.shape[1:])
    k = gm.shape[0]
    r = 1
    for s in rest:
        r *= s
    onehot = cast(xp.expand_dims(xp.arange(n, dtype=xp.int64, device=g.device), axis=1)
                  == xp.expand_dims(idx, axis=0), npdtype(g))
    z = xp.matmul(onehot, xp.reshape(gm, (k, r)))
    return xp.moveaxis(xp.reshape(z, (n,) + rest), 0, d)


def index_select(x, d, index):
    check_args("wrapper_CUDA__index_select", ("self", x), ("index", index))
    xp = backend.namespace(x)
    n = x.shape[d] if x.ndim else 1
    idx = xp.reshape(cast(index, np.dtype(np.int64)), (-1,))
    if idx.size:
        lo, hi = int(xp.min(idx)), int(xp.max(idx))
        if lo < 0 or hi >= n:
            raise IndexError("index out of range in self")
    if x.ndim == 0:
        return xp.reshape(xp.take(xp.reshape(x, (1,)), idx, axis=0), ()), idx
    return xp.take(x, idx, axis=d), idx


def gather(x, d, index):
    check_args("wrapper_CUDA_gather", ("self", x), ("index", index))
    xp = backend.namespace(x)
    if x.ndim == 0 and index.ndim <= 1:       # a 0-d self is one element along dim 0
        ai, bad = _norm_idx(xp, xp.reshape(index, (-1,)), 1)
        if ai is None:
            raise RuntimeError(f"index {bad} is out of bounds for dimension 0 with size 1")
        return xp.reshape(xp.take(xp.reshape(x, (1,)), ai), tuple(index.shape))
    if x.ndim == 0 or index.ndim != x.ndim:
        raise RuntimeError("gather of a 0-d or rank-changing index on a device tensor is not routed through "
                           "the device namespace yet (cyautograd issue 14)")
    for k in range(index.ndim):
        if k != d and index.shape[k] > x.shape[k]:
            ishape = ", ".join(str(s) for s in index.shape)
            xshape = ", ".join(str(s) for s in x.shape)
            raise RuntimeError(f"Size does not match at dimension {k} expected index [{ishape}] "
                               f"to be no larger than self [{xshape}] apart from dimension {d}")
    n = x.shape[d]
    ai, bad = _norm_idx(xp, index, n)
    if ai is None:
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    key = tuple(slice(None) if k == d else slice(0, index.shape[k]) for k in range(x.ndim))
    return xp.take_along_axis(x[key], ai, axis=d)


def gather_backward(g, self_shape, d, index):
    """zeros(self) with g scatter-added along d at index (repeats add up)."""
    xp = backend.namespace(g)
    if len(self_shape) == 0:                  # every index names the one element
        return xp.reshape(xp.sum(g), ())
    n = self_shape[d]
    ai = xp.where(index < 0, index + n, index)
    onehot = cast(xp.expand_dims(ai, axis=-1) == xp.arange(n, dtype=xp.int64, device=g.device), npdtype(g))
    contrib = xp.moveaxis(xp.sum(xp.expand_dims(g, axis=-1) * onehot, axis=d), -1, d)
    if tuple(contrib.shape) == tuple(self_shape):
        return contrib
    z = xp.zeros(tuple(self_shape), dtype=g.dtype, device=g.device)
    z[tuple(slice(0, s) for s in contrib.shape)] = contrib
    return z


def to_host_scalar(v):
    """A 0-d array's value as a Python number (a transfer for a device array)."""
    return backend.to_host(v).item()


# -- losses --------------------------------------------------------------------

def loss_diff(x, y):
    same_device(x, y)
    _check_broadcast(x.shape, y.shape)
    rd = np.promote_types(npdtype(x), npdtype(y))
    return cast(x, rd) - cast(y, rd)


def reduce_loss(v, red, npd):
    xp = backend.namespace(v)
    r = v if red == 0 else (xp.mean(v) if red == 1 else xp.sum(v))
    return cast(r, npd)


def _nll_weights(ta, w, ignore_index, npd, like, valid=None, safe=None):
    """(valid, safe, weights) of nll_loss: which targets count, the targets
    with ignored ones as class 0, and each target's weight (0 where ignored)."""
    xp = backend.namespace(like)
    if valid is None:
        valid = ta != ignore_index
        safe = xp.where(valid, ta, _zero(ta))
    if w is None:
        return valid, safe, xp.astype(valid, like.dtype)
    wv = cast(xp.reshape(xp.take(w, xp.reshape(safe, (-1,)), axis=0), tuple(safe.shape)), npd)
    return valid, safe, xp.where(valid, wv, _zero(wv))


def nll_loss(xa, ta, w, ignore_index, red, C):
    """(loss, total weight) of nll_loss on the device (the total stays a
    device 0-d array for the backward)."""
    xp = backend.namespace(xa)
    npd = npdtype(xa)
    ta = cast(ta, np.dtype(np.int64))
    valid = ta != ignore_index
    safe = xp.where(valid, ta, _zero(ta))
    # an ignored target is class 0 in safe: in range, unless there is no class
    badm = ((safe < 0) | (safe >= C)) if C else valid
    # the one check torch's CUDA kernel makes on the device (an assert): here
    # a synchronisation, so that a bad target raises instead of counting as 0
    if bool(xp.any(badm)):
        bad = int(xp.reshape(ta[badm], (-1,))[0])
        raise IndexError(f"Target {bad} is out of bounds.")
    valid, safe, wv = _nll_weights(ta, w, ignore_index, npd, xa, valid, safe)
    # each row's target entry: one gather (a one-hot product and sum would be
    # five calls, and nan where a row holds -inf)
    cdim = 1 if xa.ndim >= 2 else 0
    picked = xp.reshape(xp.take_along_axis(xa, xp.expand_dims(safe, axis=cdim), axis=cdim),
                        tuple(safe.shape))
    losses = -wv * picked
    total = xp.sum(wv)
    if red == 0:
        return losses, total
    if red == 2:
        return xp.sum(losses), total
    return xp.sum(losses) / total, total


def nll_backward(g, tgt, w, shape, red, ignore_index, total):
    xp = backend.namespace(g)
    npd = npdtype(g)
    tgt = cast(tgt, np.dtype(np.int64))
    _, safe, wv = _nll_weights(tgt, w, ignore_index, npd, g)
    coef = -wv * (g / total) if red == 1 else -wv * g
    # coef at each row's target, +0 elsewhere (torch's zeros; a one-hot
    # product would make -0 next to a positive coef, and take two calls more)
    cdim = 1 if len(shape) >= 2 else 0
    hit = arange_along(g, shape[cdim], cdim, len(shape)) == xp.expand_dims(safe, axis=cdim)
    return xp.where(hit, xp.expand_dims(coef, axis=cdim), _zero(coef))


def bce_log_term(s):
    xp = backend.namespace(s)
    lo = _full_like(s, -100.0, npdtype(s))
    return xp.maximum(xp.log1p(-s), lo) - xp.maximum(xp.log(s), lo)


def bce(xa, ta, wa, red):
    same_device(xa, ta, wa)
    xp = backend.namespace(xa)
    if xa.size and bool(xp.any((xa < 0) | (xa > 1))):
        raise RuntimeError("all elements of input should be between 0 and 1")
    lo = _full_like(xa, -100.0, npdtype(xa))
    l = -(ta * xp.maximum(xp.log(xa), lo) + (1 - ta) * xp.maximum(xp.log1p(-xa), lo))
    if wa is not None:
        l = l * wa
    return reduce_loss(l, red, npdtype(xa))


# -- the Python-level ops' forwards (ops/extra.py, nn/functional.py) ----------

def repeat(x, reps):
    xp = backend.namespace(x)
    x = xp.reshape(x, (1,) * (len(reps) - x.ndim) + tuple(x.shape))
    return xp.tile(x, tuple(reps))


def flip(x, dims):
    xp = backend.namespace(x)
    if not dims or x.ndim == 0:
        return xp.asarray(x, copy=True)
    return xp.flip(x, axis=tuple(dims))


def roll(x, shifts, dims):
    xp = backend.namespace(x)
    if not dims:
        return xp.reshape(xp.roll(xp.reshape(x, (-1,)), shift=shifts[0]), tuple(x.shape))
    return xp.roll(x, shift=tuple(shifts), axis=tuple(dims))


def tri(x, k, name):
    xp = backend.namespace(x)
    return (xp.tril if name == "tril" else xp.triu)(x, k=k)


def cumprod(x, dim, npd):
    xp = backend.namespace(x)
    x = cast(x, np.dtype(npd))
    if x.ndim == 0:
        return xp.asarray(x, copy=True)
    return xp.cumulative_prod(x, axis=dim)


def sort(x, dim, descending):
    """(values, int64 indices), stable as torch's."""
    xp = backend.namespace(x)
    if x.ndim == 0:
        return xp.asarray(x, copy=True), xp.zeros((), dtype=xp.int64, device=x.device)
    idx = cast(xp.argsort(x, axis=dim, descending=descending, stable=True), np.dtype(np.int64))
    return xp.take_along_axis(x, idx, axis=dim), idx


def topk(x, k, dim, largest):
    xp = backend.namespace(x)
    if x.ndim == 0:
        return xp.asarray(x, copy=True), xp.zeros((), dtype=xp.int64, device=x.device)
    _, idx = sort(x, dim, largest)
    idx = idx[tuple(slice(None) if d != dim else slice(0, k) for d in range(x.ndim))]
    return xp.take_along_axis(x, idx, axis=dim), idx


def erf(x):
    """erf from standard primitives (the standard has none): the series
    erf(x) = 2/sqrt(pi) exp(-x^2) sum_n 2^n x^(2n+1) / (1*3*...*(2n+1)),
    whose terms are all positive (no cancellation), on |x| clipped at 6
    (erf(6) is 1 to double precision)."""
    xp = backend.namespace(x)
    npd = npdtype(x)
    lim = _full_like(x, 6.0, npd)
    a = xp.minimum(xp.abs(x), lim)
    a2 = a * a
    term = a
    total = a
    for n in range(1, 160):
        term = term * (2.0 * a2 / (2 * n + 1))
        total = total + term
    r = (2.0 / float(np.sqrt(np.pi))) * xp.exp(-a2) * total
    r = xp.minimum(r, _full_like(x, 1.0, npd))
    r = xp.where(x < 0, -r, r)
    return xp.where(xp.isnan(x), x, r)


_EXTRA_UNARY = {
    "expm1": lambda xp, x: xp.expm1(x), "erf": lambda xp, x: erf(x), "sinh": lambda xp, x: xp.sinh(x),
    "cosh": lambda xp, x: xp.cosh(x), "asin": lambda xp, x: xp.asin(x), "acos": lambda xp, x: xp.acos(x),
    "atan": lambda xp, x: xp.atan(x), "asinh": lambda xp, x: xp.asinh(x), "acosh": lambda xp, x: xp.acosh(x),
    "atanh": lambda xp, x: xp.atanh(x), "exp2": lambda xp, x: xp.pow(_full_like(x, 2.0, npdtype(x)), x),
    "frac": lambda xp, x: x - xp.trunc(x),
}


def _sinc(xp, x):
    px = x * float(np.pi)
    safe = xp.where(x == 0, xp.ones_like(x), px)
    return xp.where(x == 0, xp.ones_like(x), xp.sin(safe) / safe)


def _fmax(xp, x, y, is_max):
    m = xp.maximum(x, y) if is_max else xp.minimum(x, y)
    return xp.where(xp.isnan(y), x, xp.where(xp.isnan(x), y, m))


def _logaddexp2(xp, x, y):
    m = xp.maximum(x, y)
    d = -xp.abs(x - y)
    r = m + xp.log1p(xp.pow(_full_like(x, 2.0, npdtype(x)), d)) / float(np.log(2.0))
    return xp.where(x == y, x + 1, r)


def _fmod(xp, x, y):
    """C's fmod from the standard's remainder (Python's modulo): they differ
    by other where the signs differ and the result is not 0."""
    r = xp.remainder(x, y)
    fix = (r != 0) & ((r < 0) != (x < 0))
    r = xp.where(fix, r - y, r)
    if npdtype(x).kind == "f":
        r = xp.where(r == 0, xp.copysign(r, x), r)
    return r


def _xlogy(xp, x, y):
    r = x * xp.log(y)
    zero = xp.zeros_like(r)
    return xp.where(xp.isnan(y), y, xp.where(x == 0, zero, r))


def _heaviside(xp, x, v):
    x, v = xp.broadcast_arrays(x, v)
    return xp.where(x == 0, v, xp.astype(x > 0, x.dtype))


def _no_inf(xp, x, positive):
    if npdtype(x).kind != "f":
        return xp.zeros(x.shape, dtype=xp.bool, device=x.device)
    return xp.isinf(x) & ((x > 0) if positive else (x < 0))


# the forwards of ops/extra.py's and extra2.py's pointwise ops by torch name:
# fn(xp, *operands), the operands arrays of the compute dtype on one device
_NAMED = {
    "atan2": lambda xp, y, x: xp.atan2(y, x), "hypot": lambda xp, x, y: xp.hypot(x, y),
    "copysign": lambda xp, x, y: xp.copysign(x, y), "nextafter": lambda xp, x, y: xp.nextafter(x, y),
    "fmax": lambda xp, x, y: _fmax(xp, x, y, True), "fmin": lambda xp, x, y: _fmax(xp, x, y, False),
    "logaddexp": lambda xp, x, y: xp.logaddexp(x, y), "logaddexp2": _logaddexp2, "fmod": _fmod,
    "xlogy": _xlogy, "ldexp": lambda xp, x, y: x * xp.pow(_full_like(y, 2.0, npdtype(y)), y),
    "float_power": lambda xp, x, y: xp.pow(x, y), "heaviside": _heaviside,
    "signbit": lambda xp, x: (xp.signbit(x) if npdtype(x).kind == "f" else x < 0) if npdtype(x).kind in "fi"
    else xp.zeros(x.shape, dtype=xp.bool, device=x.device),
    "isposinf": lambda xp, x: _no_inf(xp, x, True), "isneginf": lambda xp, x: _no_inf(xp, x, False),
    "sinc": _sinc, "deg2rad": lambda xp, x: x * (np.pi / 180), "rad2deg": lambda xp, x: x * (180 / np.pi),
    "erfc": lambda xp, x: 1.0 - erf(x),
}


def named(name, args, npd):
    """ops/extra*.py's pointwise op `name` on device operands: args are
    arrays (at least one on a device) or Python numbers, computed in numpy
    dtype npd (None: the first array's); raises for an op not routed."""
    fn = _NAMED.get(name)
    if fn is None:
        raise RuntimeError(f"{name}: not routed through the device namespace yet (cyautograd issue 14)")
    arrays = [a for a in args if not isinstance(a, (bool, int, float, np.number)) and type(a) is not _ndarray]
    same_device(*[a for a in args if not isinstance(a, (bool, int, float, np.number))])
    like = arrays[0]
    if npd is None:
        npd = npdtype(like)
    ops = []
    for a in args:
        if isinstance(a, (bool, int, float, np.number)):
            ops.append(_full_like(like, a, np.dtype(npd)))
        elif type(a) is _ndarray:                   # a 0-d CPU tensor with a device tensor
            ops.append(_full_like(like, a.item(), np.dtype(npd)))
        else:
            ops.append(cast(a, np.dtype(npd)))
    return fn(backend.namespace(like), *ops)


def unary_extra(name, x, npd):
    """The forward of ops/extra.py's unary op `name` in float dtype npd."""
    fn = _EXTRA_UNARY.get(name)
    if fn is None:
        raise RuntimeError(f"{name}: not routed through the device namespace yet (cyautograd issue 14)")
    x = cast(x, np.dtype(npd))
    return fn(backend.namespace(x), x)


def index_put(x, idx, v, accumulate):
    """x with v written (or added) at the advanced index idx, as a new array
    (the caller stores it): one integer index tensor along a dim -- a
    one-hot product, the standard having no scatter; repeated indices add
    up (without accumulate torch keeps one of them, unspecified which) --
    or one boolean mask; several integer index tensors on the leading dims
    (NOTE [ Several index tensors ])."""
    multi = _leading_ints(tuple(x.shape), idx, x)
    if multi is not None:
        lin, k = multi
        xp = backend.namespace(x)
        xf = xp.reshape(x, _flat_lead(tuple(x.shape), k))
        return xp.reshape(index_put(xf, (lin,), v, accumulate), tuple(x.shape))
    sp = _split_advanced(x, idx)
    if sp is None:
        raise RuntimeError("this index_put_ / advanced setitem of a device tensor is not routed through the "
                           "device namespace yet (cyautograd issue 14): one integer index tensor or one "
                           "boolean mask is")
    xp = backend.namespace(x)
    if sp[0] == "mask":
        same_device(x, sp[1], v)
        z = xp.asarray(x, copy=True)
        z[sp[1]] = (z[sp[1]] + v) if accumulate else v
        return z
    d, a = sp
    same_device(x, a, v)
    n = x.shape[d]
    ai, bad = _norm_idx(xp, a, n)
    if ai is None:   # the one index tensor is tensor 0 (NOTE [ Advanced index error numbering ])
        raise IndexError(f"index {bad} is out of bounds for dimension 0 with size {n}")
    ai = xp.reshape(ai, (-1,))
    k = ai.shape[0]
    target = tuple(x.shape[:d]) + tuple(a.shape) + tuple(x.shape[d + 1:])
    _check_broadcast(target, v.shape)
    vb = xp.reshape(xp.broadcast_to(v, target), tuple(x.shape[:d]) + (k,) + tuple(x.shape[d + 1:]))
    npd = npdtype(x)
    work = np.dtype(np.float64) if npd.kind == "b" else npd
    onehot = cast(xp.expand_dims(xp.arange(n, dtype=xp.int64, device=x.device), axis=1)
                  == xp.expand_dims(ai, axis=0), work)
    xm = xp.moveaxis(cast(x, work), d, 0)
    rest = tuple(xm.shape[1:])
    r = 1
    for s in rest:
        r *= s
    placed = xp.reshape(xp.matmul(onehot, xp.reshape(xp.moveaxis(cast(vb, work), d, 0), (k, r))), (n,) + rest)
    if accumulate:
        new = xm + placed
    else:
        hit = xp.reshape(xp.any(onehot != 0, axis=1), (n,) + (1,) * len(rest))
        new = xp.where(hit, placed, xm)
    return cast(xp.moveaxis(new, 0, d), npd)


def index_put_backward_self(g, idx, accumulate):
    """IndexPutBackward0's gradient for self: g, zero where values were written."""
    if accumulate:
        return g
    return index_put(g, idx, zeros(g, ()), False)


# -- the scatter family (ops/extra.py) ---------------------------------------------
# NOTE [ Scatter without scatter ]
# The standard has gathers (take, take_along_axis) and no scatter. A scatter
# along d is a reduction over a one-hot comparison: onehot[..., t] is
# index[...] == t for every target position t < n along d; summing (or
# multiplying, max-ing) the values where it holds over index's own axis d
# gives each target's contribution, and the position of the last hit gives
# plain scatter's "last write wins" (what the host path's sequential
# assignment leaves). Memory is index.size * n: fine for the sizes the
# device path is tested on, and the shape a GPU kernel would vectorise.

def _scatter_region(x, index, d):
    return tuple(slice(None) if k == d else slice(0, index.shape[k]) for k in range(x.ndim))


def scatter(x, d, index, src, reduce_):
    """x (copied) with src -- an array of at least index's shape, or a
    number -- written at index along d: reduce_ None (last write wins),
    "add"/"sum", "multiply"/"prod", "amax", "amin" (combined with x)."""
    xp = backend.namespace(x)
    arr_src = not isinstance(src, (bool, int, float, np.number))
    same_device(x, index, src if arr_src else None)
    zero_d = x.ndim == 0
    if zero_d:
        x = xp.reshape(x, (1,))
    if index.ndim == 0:
        index = xp.reshape(index, (1,))
    out = backend.copy(x)
    if index.size == 0:
        return xp.reshape(out, ()) if zero_d else out
    box = tuple(slice(0, s) for s in index.shape)
    npd = npdtype(x)
    if arr_src:
        s = xp.reshape(src, (1,)) if src.ndim == 0 else src
        vals = cast(s[box], npd)
    else:
        vals = xp.full(tuple(index.shape), src, dtype=x.dtype, device=x.device)
    n = x.shape[d]
    oh = xp.expand_dims(index, axis=-1) == xp.arange(n, dtype=index.dtype, device=x.device)
    key = _scatter_region(x, index, d)
    region = x[key]
    ve = xp.expand_dims(vals, axis=-1)
    if reduce_ is None:
        m = index.shape[d]
        pshape = [1] * (index.ndim + 1)
        pshape[d] = m
        pos = xp.reshape(xp.arange(m, dtype=xp.int64, device=x.device), tuple(pshape))
        last = xp.moveaxis(xp.max(xp.where(oh, pos, -1), axis=d), -1, d)
        picked = xp.take_along_axis(vals, xp.where(last < 0, xp.zeros_like(last), last), axis=d)
        new = xp.where(last >= 0, picked, region)
    elif reduce_ in ("add", "sum"):
        new = region + xp.moveaxis(xp.sum(xp.where(oh, ve, xp.zeros_like(ve)), axis=d), -1, d)
    elif reduce_ in ("multiply", "prod"):
        new = region * xp.moveaxis(xp.prod(xp.where(oh, ve, xp.ones_like(ve)), axis=d), -1, d)
    elif reduce_ in ("amax", "amin"):
        big = reduce_ == "amin"
        lim = (np.inf if big else -np.inf) if npd.kind == "f" else (
            np.iinfo(npd).max if big else np.iinfo(npd).min)
        fill = xp.full(ve.shape, lim, dtype=x.dtype, device=x.device)
        red = xp.min if big else xp.max
        c = xp.moveaxis(red(xp.where(oh, ve, fill), axis=d), -1, d)
        hit = xp.moveaxis(xp.any(oh, axis=d), -1, d)
        new = xp.where(hit, (xp.minimum if big else xp.maximum)(region, c), region)
    else:
        raise RuntimeError(f"scatter reduce {reduce_!r}: not routed through the device namespace (cyautograd "
                           "issue 14)")
    out[key] = cast(new, npd)
    return xp.reshape(out, ()) if zero_d else out


def check_index_range(index, size, d):
    """scatter/gather's bounds check of a device index (a host answer: the
    error needs the offending value)."""
    xp = backend.namespace(index)
    if index.size == 0:
        return
    bad = (index < 0) | (index >= size)
    if bool(xp.any(bad)):
        flat = xp.reshape(index, (-1,))
        first = int(xp.argmax(xp.astype(xp.reshape(bad, (-1,)), xp.int8)))
        raise RuntimeError(f"index {int(flat[first])} is out of bounds for dimension {d} with size {size}")


def index_along(x, d, idx, src, mode):
    """index_add ("add"; src already scaled by alpha), index_copy ("copy")
    and index_fill ("fill", src a number) of x along d at the 1-d positions
    idx (in range, negative ones wrapped by the caller), as a new array."""
    xp = backend.namespace(x)
    same_device(x, idx, None if isinstance(src, (bool, int, float, np.number)) else src)
    zero_d = x.ndim == 0
    if zero_d:
        x = xp.reshape(x, (1,))
        if mode != "fill":
            src = xp.reshape(src, (1,))
    idx = xp.reshape(idx, (-1,))
    n = x.shape[d]
    npd = npdtype(x)
    oh = xp.expand_dims(xp.arange(n, dtype=idx.dtype, device=x.device), axis=1) == xp.expand_dims(idx, axis=0)
    hit = xp.any(oh, axis=1)                                   # (n,)
    shape = [1] * x.ndim
    shape[d] = n
    hitb = xp.reshape(hit, tuple(shape))
    if mode == "fill":
        return _zero_d(xp, xp.where(hitb, xp.full_like(x, src), x), zero_d)
    sm = xp.moveaxis(cast(src, npd), d, 0)
    k = sm.shape[0]
    rest = tuple(sm.shape[1:])
    flat = xp.reshape(sm, (k, -1))
    if mode == "add":
        c = xp.matmul(cast(oh, npd), flat) if npd.kind == "f" else xp.sum(
            xp.where(xp.expand_dims(oh, axis=2), xp.expand_dims(flat, axis=0), xp.zeros_like(flat[:1])), axis=1)
        c = xp.moveaxis(xp.reshape(c, (n,) + rest), 0, d)
        return _zero_d(xp, x + c, zero_d)
    # copy: the last write wins
    pos = xp.arange(k, dtype=xp.int64, device=x.device)
    last = xp.max(xp.where(oh, xp.expand_dims(pos, axis=0), -1), axis=1)       # (n,)
    picked = xp.take(flat, xp.where(last < 0, xp.zeros_like(last), last), axis=0)
    picked = xp.moveaxis(xp.reshape(picked, (n,) + rest), 0, d)
    return _zero_d(xp, xp.where(hitb, picked, x), zero_d)


def _zero_d(xp, r, zero_d):
    return xp.reshape(r, ()) if zero_d else r


def masked_select(x, mask):
    xp = backend.namespace(x)
    same_device(x, mask)
    shape = np.broadcast_shapes(tuple(x.shape), tuple(mask.shape))
    xb = xp.broadcast_to(x, shape)
    mb = xp.broadcast_to(mask, shape)
    return xp.reshape(xb, (-1,))[xp.reshape(mb, (-1,))]


def masked_scatter(x, mask, src):
    """x with the masked positions (row-major) taking src's leading
    elements in order: cumulative counts pick them, a gather."""
    xp = backend.namespace(x)
    same_device(x, mask, src)
    mb = xp.reshape(xp.broadcast_to(mask, tuple(x.shape)), (-1,))
    k = xp.cumulative_sum(xp.astype(mb, xp.int64)) - 1
    flat_src = xp.reshape(src, (-1,))
    picked = xp.take(flat_src, xp.where(mb, k, xp.zeros_like(k)))
    return xp.reshape(xp.where(mb, cast(picked, npdtype(x)), xp.reshape(x, (-1,))), tuple(x.shape))


def take_flat(x, idx):
    """torch.take: x's elements (row-major) at idx (in range, wrapped), in idx's shape."""
    xp = backend.namespace(x)
    same_device(x, idx)
    r = xp.take(xp.reshape(x, (-1,)), xp.reshape(idx, (-1,)))
    return xp.reshape(r, tuple(idx.shape))


# -- diagonals as copies (torch.diag, trace, diag_embed: never views) ------------

def diag_extract(x, k):
    """The k-th diagonal of a 2-d array, as a new 1-d array (a gather)."""
    xp = backend.namespace(x)
    n, m = x.shape
    r0, c0 = max(-k, 0), max(k, 0)
    cnt = max(min(n - r0, m - c0), 0)
    flat = np.arange(cnt, dtype=np.int64) * (m + 1) + (r0 * m + c0)
    return xp.take(xp.reshape(x, (-1,)), _device_index(flat, x))


def diag_embed_last(v, k):
    """Arrays (..., n) -> (..., n+|k|, n+|k|) with v on the k-th diagonal of
    the last two dims, zeros elsewhere."""
    xp = backend.namespace(v)
    n = v.shape[-1]
    size = n + abs(k)
    if n == 0:       # nothing to place (take cannot gather from an empty axis)
        return xp.zeros(tuple(v.shape[:-1]) + (size, size), dtype=v.dtype, device=v.device)
    r = xp.arange(size, dtype=xp.int64, device=v.device)
    on = xp.expand_dims(r, axis=1) + k == xp.expand_dims(r, axis=0)          # (size, size)
    # the value for cell (i, j) on the diagonal: v[min(i, j)]
    src = xp.minimum(xp.expand_dims(r, axis=1), xp.expand_dims(r, axis=0))
    src = xp.where(on, src, xp.zeros_like(src))
    src = xp.where(src < n, src, xp.zeros_like(src))
    vals = xp.take(v, xp.reshape(src, (-1,)), axis=v.ndim - 1)
    vals = xp.reshape(vals, tuple(v.shape[:-1]) + (size, size))
    return xp.where(on, vals, xp.zeros_like(vals))


# -- strided views (diagonal, unfold, as_strided) ----------------------------------

def strided(x, shape, strides, byte_offset):
    """A view of device array x's memory (strides and offset in bytes from
    x's first element): backend.strided_view, the standard having none."""
    return backend.strided_view(x, shape, strides, byte_offset)


def itemsize(x):
    return npdtype(x).itemsize


# -- order statistics (ops/extra.py, extra2.py) ------------------------------------
# NOTE [ Order statistics from argsort ]
# The standard has a stable argsort and gathers (take_along_axis), and no
# partition, cumulative max or unique-with-axis. Medians, kth values and
# quantiles pick positions of the stably sorted slice (NaN sorts last, as in
# numpy and CuPy); cummax/cummin and mode's run lengths are inclusive scans
# of an idempotent op (max, min) in log2(n) shifted steps (Hillis-Steele),
# so nothing falls back to the host and every step is a whole-array op.

def _sl(nd, d, s):
    return tuple(s if k == d else slice(None) for k in range(nd))


def argsort(x, dim, descending):
    return sort(x, dim, descending)[1]


def _nan_mask(x):
    xp = backend.namespace(x)
    if npdtype(x).kind == "f":
        return xp.isnan(x)
    return None


def _first_true(mask, d):
    xp = backend.namespace(mask)
    return cast(xp.argmax(cast(mask, np.dtype(np.uint8)), axis=d, keepdims=True), np.dtype(np.int64))


def pick_sorted(x, dim, k):
    """(value, index) of the k-th smallest along dim (keepdim; k an int or
    an int64 array of keepdim shape)."""
    xp = backend.namespace(x)
    if x.ndim == 0:
        return xp.asarray(x, copy=True), xp.zeros((), dtype=xp.int64, device=x.device)
    _, order = sort(x, dim, False)
    if isinstance(k, int):
        idx = order[_sl(x.ndim, dim, slice(k, k + 1))]
    else:
        idx = xp.take_along_axis(order, k, axis=dim)
    return xp.take_along_axis(x, idx, axis=dim), idx


def pick_median(x, dim):
    xp = backend.namespace(x)
    if x.ndim == 0:
        return pick_sorted(x, dim, 0)
    v, idx = pick_sorted(x, dim, (x.shape[dim] - 1) // 2)
    nan = _nan_mask(x)
    if nan is not None:     # a NaN is the median of its slice: the first one
        idx = xp.where(xp.any(nan, axis=dim, keepdims=True), _first_true(nan, dim), idx)
        v = xp.take_along_axis(x, idx, axis=dim)
    return v, idx


def pick_nanmedian(x, dim):
    xp = backend.namespace(x)
    if x.ndim == 0:
        return pick_sorted(x, dim, 0)
    nan = _nan_mask(x)
    if nan is None:
        return pick_sorted(x, dim, (x.shape[dim] - 1) // 2)
    valid = xp.sum(cast(xp.logical_not(nan), np.dtype(np.int64)), axis=dim, keepdims=True)
    k = xp.maximum((valid - 1) // 2, xp.zeros_like(valid))
    return pick_sorted(x, dim, k)


def pick_kth(x, dim, k):
    return pick_sorted(x, dim, k - 1)


def median_all(x):
    """The lower median of all elements (the first NaN when there is one), 0-d."""
    xp = backend.namespace(x)
    flat = xp.reshape(x, (-1,))
    order = argsort(flat, 0, False)
    i = order[(flat.shape[0] - 1) // 2:(flat.shape[0] - 1) // 2 + 1]
    nan = _nan_mask(flat)
    if nan is not None:
        i = xp.where(xp.any(nan), _first_true(nan, 0), i)
    return xp.reshape(xp.take(flat, i), ())


def nanmedian_all(x):
    xp = backend.namespace(x)
    flat = xp.reshape(x, (-1,))
    nan = _nan_mask(flat)
    if nan is not None:
        flat = flat[xp.logical_not(nan)]
    if flat.shape[0] == 0:
        return xp.full((), float("nan"), dtype=x.dtype, device=x.device)
    s = xp.sort(flat, stable=True)
    k = (flat.shape[0] - 1) // 2
    return xp.reshape(s[k:k + 1], ())


def _scan(x, op, reverse=False):
    """The inclusive scan of the idempotent op (maximum, minimum, fmax, ...)
    along the last axis: log2(n) steps of op(x, x shifted)."""
    xp = backend.namespace(x)
    n = x.shape[-1]
    if reverse:
        x = xp.flip(x, axis=-1)
    s = 1
    while s < n:
        x = op(x, xp.concat([x[..., :s], x[..., :n - s]], axis=-1))
        s *= 2
    return xp.flip(x, axis=-1) if reverse else x


def cumext(x, dim, is_max):
    """cummax/cummin along dim: (values, int64 indices), as the host path:
    NaN is skipped by the running extreme (numpy's fmax/fmin) and an index
    is the last element equal to it (or a NaN)."""
    xp = backend.namespace(x)
    if x.ndim == 0:
        return xp.asarray(x, copy=True), xp.zeros((), dtype=xp.int64, device=x.device)
    am = xp.moveaxis(x, dim, -1)
    base = xp.maximum if is_max else xp.minimum
    nan = _nan_mask(am)
    if nan is not None:
        def op(a, b):
            return xp.where(xp.isnan(a), b, xp.where(xp.isnan(b), a, base(a, b)))
    else:
        op = base
    v = _scan(am, op)
    n = am.shape[-1]
    pos = xp.broadcast_to(xp.arange(n, dtype=xp.int64, device=x.device), tuple(am.shape))
    hit = am == v
    if nan is not None:
        hit = hit | nan
    i = _scan(xp.where(hit, pos, xp.zeros_like(pos)), xp.maximum)
    return xp.moveaxis(v, -1, dim), xp.moveaxis(i, -1, dim)


def _runs_start(sorted_last, nan_equal=True):
    """For a slice sorted along the last axis: (new-run flags, the run's
    first and last positions for every element); NaNs make one run unless
    nan_equal is False (unique keeps each NaN, as torch's)."""
    xp = backend.namespace(sorted_last)
    s = sorted_last
    n = s.shape[-1]
    diff = s[..., 1:] != s[..., :-1]
    if nan_equal and npdtype(s).kind == "f":
        diff = diff & xp.logical_not(xp.isnan(s[..., 1:]) & xp.isnan(s[..., :-1]))
    lead = xp.ones(tuple(s.shape[:-1]) + (1,), dtype=xp.bool, device=s.device)
    new = xp.concat([lead, diff], axis=-1)
    end = xp.concat([diff, lead], axis=-1)
    pos = xp.broadcast_to(xp.arange(n, dtype=xp.int64, device=s.device), tuple(s.shape))
    first = _scan(xp.where(new, pos, xp.zeros_like(pos)), xp.maximum)
    last = _scan(xp.where(end, pos, xp.full_like(pos, n - 1)), xp.minimum, reverse=True)
    return new, first, last


def pick_mode(x, dim):
    """The most frequent value along dim (the smallest on a tie) and the
    index of its last occurrence (keepdim)."""
    xp = backend.namespace(x)
    if x.ndim == 0:
        return pick_sorted(x, dim, 0)
    am = xp.moveaxis(x, dim, -1)
    s, order = sort(am, am.ndim - 1, False)
    _, first, last = _runs_start(s)
    length = last - first + 1
    best = xp.max(length, axis=-1, keepdims=True)
    p = _first_true(length == best, am.ndim - 1)          # the smallest value among the longest runs
    idx = xp.take_along_axis(order, xp.take_along_axis(last, p, axis=-1), axis=-1)   # its last occurrence
    v = xp.take_along_axis(am, idx, axis=-1)
    return xp.moveaxis(v, -1, dim), xp.moveaxis(idx, -1, dim)


def unique_flat(x):
    """(sorted unique values, inverse in x's shape, counts) of all elements."""
    xp = backend.namespace(x)
    flat = xp.reshape(x, (-1,))
    n = flat.shape[0]
    if n == 0:
        z = xp.zeros(0, dtype=xp.int64, device=x.device)
        return flat, xp.reshape(z, tuple(x.shape)), z
    s, order = sort(flat, 0, False)
    new, first, last = _runs_start(s, nan_equal=False)
    u = s[new]
    gid = xp.cumulative_sum(cast(new, np.dtype(np.int64))) - 1
    inv = xp.take(gid, argsort(order, 0, False))
    counts = (last - first + 1)[new]
    return u, xp.reshape(inv, tuple(x.shape)), counts


def unique_consecutive_flat(x):
    xp = backend.namespace(x)
    a = xp.reshape(x, (-1,))
    n = a.shape[0]
    if n == 0:
        z = xp.zeros(0, dtype=xp.int64, device=x.device)
        return a, xp.reshape(z, tuple(x.shape)), z
    keep = xp.concat([xp.ones(1, dtype=xp.bool, device=x.device), a[1:] != a[:-1]])
    u = a[keep]
    inv = xp.reshape(xp.cumulative_sum(cast(keep, np.dtype(np.int64))) - 1, tuple(x.shape))
    pos = xp.nonzero(keep)[0]
    ends = xp.concat([cast(pos, np.dtype(np.int64)), xp.asarray([n], dtype=xp.int64, device=x.device)])
    return u, inv, ends[1:] - ends[:-1]


def quantile_ranks(sorted_, qv, ignore_nan, npd, interpolation):
    """quantile's ranks in an array sorted along its last axis (numpy or a
    device's): (below, above, weight) -- int64, int64 and npd arrays of shape
    lead + (len(qv),). torch rounds the rank to the input's dtype first; a nan
    in a slice puts quantile's rank at the end, nanquantile's counts only the
    non-nan values."""
    xp = backend.namespace(sorted_)
    f64 = np.dtype(np.float64)
    sa = cast(sorted_, f64)
    n = sa.shape[-1]
    lead = tuple(sa.shape[:-1])
    nq = qv.size
    q = xp.asarray(np.asarray(qv, dtype=np.float64).reshape(-1), device=sorted_.device)
    nan = xp.isnan(sa)
    if ignore_nan:
        valid = cast(xp.sum(cast(xp.logical_not(nan), np.dtype(np.int64)), axis=-1, keepdims=True), f64)
        ranks = q * (valid - 1)
        ranks = xp.where(ranks < 0, xp.zeros_like(ranks), ranks)
    else:
        ranks = xp.broadcast_to(q * float(n - 1), lead + (nq,))
        ranks = xp.where(xp.any(nan, axis=-1, keepdims=True), xp.full_like(ranks, float(n - 1)), ranks)
    ranks = cast(cast(xp.broadcast_to(ranks, lead + (nq,)), np.dtype(npd)), f64)
    if interpolation == "lower":
        ranks = xp.floor(ranks)
    elif interpolation == "higher":
        ranks = xp.ceil(ranks)
    elif interpolation == "nearest":
        ranks = xp.round(ranks)
    below = cast(xp.floor(ranks), np.dtype(np.int64))
    above = cast(xp.ceil(ranks), np.dtype(np.int64))
    if interpolation == "linear":
        w = ranks - cast(below, f64)
    else:
        w = xp.where(ranks - cast(below, f64) > 0, xp.full_like(ranks, 0.5), xp.zeros_like(ranks))
    return below, above, cast(w, np.dtype(npd))


def unique_dim(x, dim):
    """unique along dim: the slices sorted lexicographically (stable
    argsorts from the last key to the first), kept where they differ from
    the one before; (values, inverse, counts)."""
    xp = backend.namespace(x)
    if x.ndim == 0:
        raise np.exceptions.AxisError(dim, 0)   # the host path's (numpy's) error
    am = xp.moveaxis(x, dim, 0)
    n = am.shape[0]
    rest = tuple(am.shape[1:])
    m = 1
    for v in rest:
        m *= v
    a2 = xp.reshape(am, (n, m))
    order = xp.arange(n, dtype=xp.int64, device=x.device)
    for k in range(m - 1, -1, -1):
        col = xp.take(a2[:, k], order)
        order = xp.take(order, argsort(col, 0, False))
    if n == 0:
        z = xp.zeros(0, dtype=xp.int64, device=x.device)
        return xp.moveaxis(am, 0, dim), z, z
    s = xp.take(a2, order, axis=0)
    diff = xp.any(s[1:, :] != s[:-1, :], axis=1) if m else xp.zeros(n - 1, dtype=xp.bool, device=x.device)
    new = xp.concat([xp.ones(1, dtype=xp.bool, device=x.device), diff])
    pos = cast(xp.nonzero(new)[0], np.dtype(np.int64))
    u = xp.reshape(xp.take(s, pos, axis=0), (pos.shape[0],) + rest)
    gid = xp.cumulative_sum(cast(new, np.dtype(np.int64))) - 1
    inv = xp.take(gid, argsort(order, 0, False))
    ends = xp.concat([pos, xp.asarray([n], dtype=xp.int64, device=x.device)])
    return xp.moveaxis(u, 0, dim), inv, ends[1:] - ends[:-1]


# -- special functions from the standard's elementary ones ------------------------
# NOTE [ Special functions on the device ]
# The standard has exp/log/sin/... and no special functions. digamma and
# trigamma follow the host path's formulas step by step (Cephes' psi and
# torch's trigamma: reflection, a recurrence to x >= 10 -- a fixed number of
# masked steps instead of a loop on the host -- and the asymptotic series),
# so they agree to rounding. lgamma is the same recurrence and Stirling's
# series; i0/i1 their power series below 20 and the asymptotic series above;
# erfinv Giles' approximation polished by Newton steps on erf; i0e/i1e the
# same series scaled; erfcx and log_ndtr erf's series below 2 and erfc's
# continued fraction above (in its log for log_ndtr: no underflow); ndtri a
# rational start polished by Newton steps on them. Each works
# elementwise on whole arrays, the answer for inputs a branch does not take
# computed from a harmless stand-in value and discarded by where().

def _f(x, v):
    return _full_like(x, v, npdtype(x))


def digamma(xp, a):
    x = a
    neg = x < 0
    frac = x - xp.trunc(x)
    refl = xp.where(neg, -float(np.pi) / xp.tan(float(np.pi) * frac), xp.zeros_like(x))
    x = xp.where(neg, 1 - x, x)
    res = xp.zeros_like(x)
    for _ in range(11):          # x >= 0 reaches 10 in at most 10 steps
        small = (x < 10) & xp.isfinite(x)
        res = xp.where(small, res - 1 / xp.where(small, x, xp.ones_like(x)), res)
        x = xp.where(small, x + 1, x)
    z = 1.0 / (x * x)
    coef = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
            -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
            8.33333333333333333333E-2)
    poly = xp.zeros_like(z)
    for c in coef:
        poly = poly * z + c
    y = xp.where(x < 1.0e17, z * poly, xp.zeros_like(z))
    out = xp.where(x == 10, res + 2.25175258906672110764, res + xp.log(x) - 0.5 / x - y)
    out = out + refl
    out = xp.where(a == 0, xp.copysign(_f(a, float("inf")), -a), out)
    out = xp.where(neg & (a == xp.trunc(a)), _f(a, float("nan")), out)
    out = xp.where(xp.isnan(a), a, out)
    return xp.where(a == float("inf"), a, out)


def trigamma(xp, a):
    x = a
    low = x < 0.5
    sign = xp.where(low, _f(x, -1.0), _f(x, 1.0))
    s = xp.sin(float(np.pi) * x)
    res = xp.where(low, -float(np.pi * np.pi) / (s * s), xp.zeros_like(x))
    x = xp.where(low, 1 - x, x)
    for _ in range(6):
        res = res + 1 / (x * x)
        x = x + 1
    ixx = 1 / (x * x)
    res = res + (1 + 1 / (2 * x) + ixx * (1. / 6 - ixx * (1. / 30 - ixx * (1. / 42)))) / x
    return sign * res


# B_2k / (2k) for Stirling's series of lgamma, and B_2k for polygamma's
_BERN = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510, 43867 / 798, -174611 / 330)


def lgamma(xp, a):
    """log|Gamma(a)|: the reflection formula below 1/2, the recurrence to
    x >= 10 and Stirling's series (error below 1e-17 there)."""
    refl = a < 0.5
    x = xp.where(refl, 1 - a, a)
    acc = xp.zeros_like(x)
    for _ in range(10):
        small = (x < 10) & xp.isfinite(x)
        acc = acc + xp.where(small, xp.log(xp.where(small, x, xp.ones_like(x))), xp.zeros_like(x))
        x = xp.where(small, x + 1, x)
    z = 1 / (x * x)
    series = xp.zeros_like(x)
    for k in range(len(_BERN) - 1, -1, -1):
        series = series * z + _BERN[k] / ((2 * k + 2) * (2 * k + 1))
    st = (x - 0.5) * xp.log(x) - x + 0.5 * float(np.log(2 * np.pi)) + series / x
    st = xp.where(xp.isinf(x), x, st)
    r = st - acc
    # reflection: log(pi / |sin(pi a)|) - lgamma(1 - a), sin(pi a) from a reduced mod 2
    red = a - xp.round(a)          # exact: |sin(pi a)| = |sin(pi red)|, red in [-1/2, 1/2]
    s = xp.abs(xp.sin(float(np.pi) * red))
    rr = float(np.log(np.pi)) - xp.log(s) - r
    out = xp.where(refl, rr, r)
    pole = (a <= 0) & (a == xp.floor(a))
    out = xp.where(pole, _f(a, float("inf")), out)
    out = xp.where((a == 1) | (a == 2), xp.zeros_like(out), out)   # exact zeros, as torch's
    out = xp.where(xp.isinf(a), _f(a, float("inf")), out)   # torch's lgamma(-inf) is inf
    return xp.where(xp.isnan(a), a, out)


def polygamma_n(xp, n, a):
    """polygamma(n, a) for n >= 2: the recurrence
    psi_n(x) = psi_n(x + 1) + (-1)^(n+1) n! / x^(n+1) up to x >= 20 (the
    steps read from the data on the host: one scalar), then the asymptotic
    series (-1)^(n+1) [(n-1)!/x^n + n!/(2 x^(n+1)) + sum_k B_2k (2k+n-1)!/((2k)! x^(2k+n))]."""
    import math
    x = a
    fin = xp.isfinite(x)
    lo = float(xp.min(xp.where(fin, x, _f(x, 20.0)))) if x.size else 20.0
    if lo < -1e5:
        raise RuntimeError("polygamma(n, x) with n >= 2 on a device tensor is computed by a recurrence up to "
                           "x >= 20, one step per unit: elements below -1e5 are not supported on the device")
    steps = max(int(math.ceil(20.0 - lo)), 0)
    sgn = -1.0 if n % 2 == 0 else 1.0
    nf = float(math.factorial(n))
    acc = xp.zeros_like(x)
    for _ in range(steps):
        small = x < 20
        xs = xp.where(small, x, xp.ones_like(x))
        acc = acc + xp.where(small, nf / xs ** (n + 1), xp.zeros_like(x))
        x = xp.where(small, x + 1, x)
    series = float(math.factorial(n - 1)) / x ** n + nf / (2 * x ** (n + 1))
    for k in range(1, len(_BERN) + 1):
        c = _BERN[k - 1] * math.factorial(2 * k + n - 1) / math.factorial(2 * k)
        series = series + c / x ** (2 * k + n)
    out = sgn * (series + acc)
    pole = (a <= 0) & (a == xp.floor(a))       # a pole of zeta(n + 1, a), and -inf: the host path's sgn * inf
    out = xp.where(pole, _f(a, sgn * float("inf")), out)
    return xp.where(xp.isnan(a), a, out)


def _bessel_series(xp, a, nu):
    """The two halves of I_nu(a), nu 0 or 1, that _bessel_i and _bessel_ie
    share: (small, xs, power series at xs = |a| where |a| <= 20, xl, the
    asymptotic series without its exp(xl) / sqrt(2 pi xl) at xl = |a| above)."""
    ax = xp.abs(a)
    small = ax <= 20
    xs = xp.where(small, ax, xp.zeros_like(ax))
    h = xs / 2
    h2 = h * h
    term = xp.ones_like(xs) if nu == 0 else h
    total = term
    for k in range(1, 80):
        term = term * h2 / (k * (k + nu))
        total = total + term
    xl = xp.where(small, _f(ax, 20.0), ax)
    asym = xp.ones_like(xl)
    coef = 1.0
    mu = 4.0 * nu * nu
    for k in range(1, 40):
        coef = coef * (mu - (2 * k - 1) ** 2) / (k * 8.0)
        asym = asym + ((-1) ** k) * coef / xl ** k
    return small, xs, total, xl, asym


def _bessel_odd_nan(xp, a, nu, r):
    if nu == 1:
        r = xp.where(a < 0, -r, r)
    return xp.where(xp.isnan(a), a, r)


def _bessel_i(xp, a, nu):
    """I_nu(a) for nu 0 or 1: the power series for |a| <= 20, the
    asymptotic series above."""
    small, xs, total, xl, asym = _bessel_series(xp, a, nu)
    big = xp.exp(xl) / xp.sqrt(2 * float(np.pi) * xl) * asym
    return _bessel_odd_nan(xp, a, nu, xp.where(small, total, big))


def _erfc_cf(xp, z):
    """erfc(z) for z >= 2: the continued fraction
    exp(-z^2)/sqrt(pi) / (z + (1/2)/(z + 1/(z + (3/2)/(z + ...)))), evaluated
    from the tail (90 terms: 1e-16 at z = 2)."""
    k = z
    for n in range(90, 0, -1):
        k = z + (n / 2) / k
    return xp.exp(-z * z) / float(np.sqrt(np.pi)) / k


def erfinv(xp, a):
    """Giles' single-precision approximation, then Newton steps on erf."""
    one = xp.ones_like(a)
    inside = xp.abs(a) < 1
    x = xp.where(inside, a, xp.zeros_like(a))
    w = -xp.log((one - x) * (one + x))
    wa = w - 2.5
    p1 = _f(a, 2.81022636e-08)
    for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
              -0.00417768164, 0.246640727, 1.50140941):
        p1 = c + p1 * wa
    wb = xp.sqrt(w) - 3
    p2 = _f(a, -0.000200214257)
    for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
              0.00943887047, 1.00167406, 2.83297682):
        p2 = c + p2 * wb
    y = xp.where(w < 5, p1, p2) * x
    k = 2.0 / float(np.sqrt(np.pi))
    # Newton on erf(y) = x; in the tails (|y| > 2) on erfc(|y|) = 1 - |x|
    # instead (1 - |x| is exact there and erfc keeps its relative precision)
    tail = xp.abs(y) > 2
    ay = xp.where(tail, xp.abs(y), _f(a, 3.0))
    rest = 1 - xp.abs(x)
    for _ in range(3):   # from Giles' ~1e-7: quadratic convergence
        y = y - (erf(y) - x) / (k * xp.exp(-y * y))
    for _ in range(5 if bool(xp.any(tail)) else 0):   # on log(erfc), nearly linear in the tail
        c = _erfc_cf(xp, ay)
        ay = ay + (xp.log(c) - xp.log(rest)) * c / (k * xp.exp(-ay * ay))
    y = xp.where(tail, xp.where(x < 0, -ay, ay), y)
    inf = _f(a, float("inf"))
    out = xp.where(inside, y, _f(a, float("nan")))
    out = xp.where(a == 1, inf, xp.where(a == -1, -inf, out))
    return xp.where(xp.isnan(a), a, out)


def _in_f64(fn):
    """fn computed in float64 and rounded back (as the host's scipy loops
    compute narrower floats): the series and Newton steps need the digits."""
    def run(xp, x, *rest):
        npd = npdtype(x)
        if npd == np.float64:
            return fn(xp, x, *rest)
        return cast(fn(xp, cast(x, np.dtype(np.float64)), *rest), npd)
    return run


def _bessel_ie(xp, a, nu):
    """exp(-|a|) I_nu(a) for nu 0 or 1 (scipy's i0e/i1e): _bessel_i's power
    series times exp(-|a|) for |a| <= 20, its asymptotic series without the
    exp(|a|) above (no overflow: i0e(1e300) is 1/sqrt(2 pi 1e300))."""
    small, xs, total, xl, asym = _bessel_series(xp, a, nu)
    big = asym / xp.sqrt(2 * float(np.pi) * xl)
    return _bessel_odd_nan(xp, a, nu, xp.where(small, xp.exp(-xs) * total, big))


def _erf_series(xp, z):
    """exp(z^2) erf(z) for 0 <= z <= 2 (erf's positive series without its
    exp(-z^2) factor): 2/sqrt(pi) sum_n 2^n z^(2n+1) / (1*3*...*(2n+1))."""
    z2 = z * z
    term = z
    total = z
    for n in range(1, 60):
        term = term * (2.0 * z2 / (2 * n + 1))
        total = total + term
    return (2.0 / float(np.sqrt(np.pi))) * total


def _cf_k(z):
    """The continued fraction K(z) with erfc(z) = exp(-z^2) / (sqrt(pi) K(z))
    for z >= 2 (_erfc_cf's, without the exp: K(inf) is inf, K(z) ~ z)."""
    k = z
    for n in range(90, 0, -1):
        k = z + (n / 2) / k
    return k


def erfcx(xp, a):
    """exp(a^2) erfc(a): exp(z^2) - the series for 0 <= z < 2, the continued
    fraction 1 / (sqrt(pi) K(z)) for z >= 2 (z = |a|); a negative a is
    2 exp(a^2) - erfcx(|a|) (inf once exp(a^2) overflows, as scipy's)."""
    z = xp.abs(a)
    near = z < 2
    zs = xp.where(near, z, xp.zeros_like(z))
    zl = xp.where(near, _f(z, 2.0), z)
    e2 = xp.exp(zs * zs)
    pos = xp.where(near, e2 - _erf_series(xp, zs), 1 / (float(np.sqrt(np.pi)) * _cf_k(zl)))
    neg = xp.where(near, e2 + _erf_series(xp, zs), 2 * xp.exp(z * z) - pos)
    out = xp.where(a < 0, neg, pos)
    return xp.where(xp.isnan(a), a, out)


def _log_erfc(xp, z):
    """log(erfc(z)) for z >= 0: log1p(-erf(z)) below 2, the continued
    fraction's -z^2 - log(sqrt(pi) K(z)) from 2 on (no underflow)."""
    near = z < 2
    zs = xp.where(near, z, xp.zeros_like(z))
    zl = xp.where(near, _f(z, 2.0), z)
    lo = xp.log1p(-xp.exp(-zs * zs) * _erf_series(xp, zs))
    hi = -zl * zl - xp.log(float(np.sqrt(np.pi)) * _cf_k(zl))
    return xp.where(near, lo, hi)


def _erfc_pos(xp, z):
    """erfc(z) for z >= 0, relative precision kept in the tail."""
    return xp.exp(_log_erfc(xp, z))


def log_ndtr(xp, a):
    """log(Phi(a)), Phi(a) = erfc(-a / sqrt 2) / 2: log1p(-erfc(a / sqrt 2) / 2)
    for a >= 0, log(erfc(-a / sqrt 2)) - log 2 below (the continued fraction's
    asymptotic form far in the lower tail)."""
    t = xp.abs(a) * float(np.sqrt(0.5))
    tu = xp.where(a >= 0, t, xp.zeros_like(t))
    # Cephes' erfc (the host's) is 0 once t^2 passes MAXLOG = log(DBL_MAX): -0. from a = 37.68 on
    q = xp.where(tu * tu > 709.782712893384, xp.zeros_like(t), 0.5 * _erfc_pos(xp, tu))
    upper = xp.log1p(-q)
    lower = _log_erfc(xp, xp.where(a < 0, t, xp.zeros_like(t))) - float(np.log(2.0))
    out = xp.where(a >= 0, upper, lower)
    return xp.where(xp.isnan(a), a, out)


def ndtri(xp, p):
    """The standard normal quantile on (0, 1). By symmetry on q = min(p, 1 - p)
    (1 - p is exact for p >= 1/2): Abramowitz and Stegun's 26.2.23 start
    (error below 5e-4), then Newton steps -- on Phi(x) - 1/2 = q - 1/2 (exact)
    with erf's series for q >= 1/4, so that x keeps its relative precision
    near p = 1/2, and on log(Phi(x)) = log(q) in the tail (down to the
    smallest subnormal q)."""
    inside = (p > 0) & (p < 1)
    hi = p > 0.5
    q = xp.where(hi, 1 - p, p)
    q = xp.where(inside, q, _f(p, 0.5))
    t = xp.sqrt(-2 * xp.log(q))
    x = -(t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308))))
    central = q >= 0.25
    k = 1 / float(np.sqrt(2 * np.pi))
    xc = xp.where(central, x, _f(p, -0.5))
    d = q - 0.5                                    # exact: q in [1/4, 1/2]
    for _ in range(5):   # quadratic convergence from A&S's 5e-4
        z = -xc * float(np.sqrt(0.5))              # z in [0, 1]: erf's series
        phi = -0.5 * xp.exp(-z * z) * _erf_series(xp, z)     # Phi(xc) - 1/2
        xc = xc - (phi - d) / (k * xp.exp(-xc * xc / 2))
    xt = xp.where(central, _f(p, -1.0), x)
    lq = xp.log(xp.where(central, _f(p, 0.125), q))
    # log(Phi) is concave: after the first step every iterate is at most the
    # root (below -0.67), so only log_ndtr's lower branch is evaluated
    for _ in range(6):
        ln = _log_erfc(xp, xp.maximum(-xt, xp.zeros_like(xt)) * float(np.sqrt(0.5))) - float(np.log(2.0))
        xt = xt - (ln - lq) / (k * xp.exp(-xt * xt / 2 - ln))
    x = xp.where(central, xc, xt)
    x = xp.where(hi, -x, x)
    inf = _f(p, float("inf"))
    out = xp.where(inside, x, _f(p, float("nan")))
    out = xp.where(p == 0, -inf, xp.where(p == 1, inf, out))
    return xp.where(xp.isnan(p), p, out)


def entr(xp, a):
    """-a log(a); 0 at 0, -inf below it (nan stays)."""
    pos = a > 0
    r = -a * xp.log(xp.where(pos, a, xp.ones_like(a)))
    out = xp.where(pos, r, xp.where(a == 0, xp.zeros_like(a), _f(a, -float("inf"))))
    return xp.where(xp.isnan(a), a, out)


def _xlog1py(xp, x, y):
    safe = xp.where(y >= -1, y, xp.zeros_like(y))
    r = xp.where(y >= -1, x * xp.log1p(safe), _f(y, float("nan")))   # log1p below -1 is nan
    r = xp.where(x == 0, xp.zeros_like(r), r)
    return xp.where(xp.isnan(y), y, r)


_NAMED.update({
    "digamma": _in_f64(digamma), "lgamma": _in_f64(lgamma), "erfinv": _in_f64(erfinv),
    "i0": _in_f64(lambda xp, x: _bessel_i(xp, x, 0)), "i1": _in_f64(lambda xp, x: _bessel_i(xp, x, 1)),
    "i0e": _in_f64(lambda xp, x: _bessel_ie(xp, x, 0)), "i1e": _in_f64(lambda xp, x: _bessel_ie(xp, x, 1)),
    "erfcx": _in_f64(erfcx), "log_ndtr": _in_f64(log_ndtr), "ndtri": _in_f64(ndtri), "entr": entr,
    "xlog1py": _xlog1py,
})


def polygamma(n, x):
    """polygamma(n, x) of a device float array."""
    xp = backend.namespace(x)
    if n == 0:
        return _in_f64(digamma)(xp, x)
    if n == 1:
        return _in_f64(trigamma)(xp, x)
    return _in_f64(lambda xp, a: polygamma_n(xp, n, a))(xp, x)


def block_diag(arrays, npd):
    """The block-diagonal matrix of 0-, 1- and 2-d arrays (slices written
    into zeros), with the blocks' (row, col, h, w, shape) for the backward."""
    xp = backend.namespace(arrays[0])
    mats = []
    for a in arrays:
        m = xp.reshape(a, (1, 1)) if a.ndim == 0 else (xp.reshape(a, (1, -1)) if a.ndim == 1 else a)
        mats.append(cast(m, np.dtype(npd)))
    R = 0
    C = 0
    for m in mats:
        R += m.shape[0]
        C += m.shape[1]
    like = mats[0]
    out = xp.zeros((R, C), dtype=like.dtype, device=like.device)
    r = c = 0
    blocks = []
    for m, a in zip(mats, arrays):
        h, w = m.shape
        out[r:r + h, c:c + w] = m
        blocks.append((r, c, h, w, tuple(a.shape)))
        r += h
        c += w
    return out, blocks


# -- linalg beyond the extension's own functions (ops/linalg2.py) ----------------
# The standard's linalg extension has svd, svdvals, solve, inv, pinv and
# matrix_rank; the host formulas are followed step by step with them
# (solve_triangular and the Cholesky solves as a general solve of the
# triangle, matrix_exp by scaling and squaring a Taylor series).

def _eye_mask(xp, n, like):
    r = xp.arange(n, dtype=xp.int64, device=like.device)
    return xp.expand_dims(r, axis=1) == xp.expand_dims(r, axis=0)


def pinv(a, rtol, atol):
    xp = backend.namespace(a)
    u, s, vh = xp.linalg.svd(a, full_matrices=False)
    if s.shape[-1]:
        smax = xp.max(s, axis=-1, keepdims=True)
    else:
        smax = xp.zeros(tuple(s.shape[:-1]) + (1,), dtype=a.dtype, device=a.device)
    tol = xp.maximum(_f(smax, atol), rtol * smax)
    big = s > tol
    sinv = xp.where(big, 1 / xp.where(big, s, xp.ones_like(s)), xp.zeros_like(s))
    return xp.matmul(xp.matrix_transpose(vh), xp.expand_dims(sinv, axis=-1) * xp.matrix_transpose(u))


def matrix_rank(a, rtol, atol):
    xp = backend.namespace(a)
    if a.size:
        s = xp.linalg.svdvals(a)
    else:
        s = xp.zeros(tuple(a.shape[:-2]) + (0,), dtype=a.dtype, device=a.device)
    if s.shape[-1]:
        smax = xp.max(s, axis=-1, keepdims=True)
    else:
        smax = xp.zeros(tuple(s.shape[:-1]) + (1,), dtype=a.dtype, device=a.device)
    tol = xp.maximum(_f(smax, atol), rtol * smax)
    return xp.sum(cast(s > tol, np.dtype(np.int64)), axis=-1)


def _triangle(xp, a, upper, unit):
    t = xp.triu(a) if upper else xp.tril(a)
    if unit:
        t = xp.where(_eye_mask(xp, a.shape[-1], a), xp.ones_like(t), t)
    return t


def solve_triangular(a, b, upper, left, unit):
    """Substitution, row by row, as BLAS trsm (torch's kernel): it never
    checks the diagonal, so a singular triangle gives inf and nan as
    torch's does, where a general solver raises (numpy) or returns nan
    everywhere (CuPy). X A = B is solved as A^T X^T = B^T."""
    xp = backend.namespace(a)
    same_device(a, b)
    if not left:
        return xp.matrix_transpose(solve_triangular(xp.matrix_transpose(a), xp.matrix_transpose(b),
                                                    not upper, True, unit))
    n = a.shape[-1]
    batch = tuple(np.broadcast_shapes(tuple(a.shape[:-2]), tuple(b.shape[:-2])))
    dt = xp.result_type(a, b)
    a = xp.broadcast_to(xp.astype(a, dt), batch + (n, n))
    b = xp.broadcast_to(xp.astype(b, dt), batch + tuple(b.shape[-2:]))
    if n == 0 or 0 in b.shape:
        return xp.asarray(b, copy=True)
    rows = [None] * n
    order = range(n - 1, -1, -1) if upper else range(n)
    with np.errstate(all="ignore"):    # the test backend computes with numpy
        done = None                     # the solved rows, in index order
        for i in order:
            r = b[..., i:i + 1, :]
            if done is not None:
                cols = a[..., i:i + 1, i + 1:] if upper else a[..., i:i + 1, :i]
                r = r - xp.matmul(cols, done)
            if not unit:
                r = r / a[..., i:i + 1, i:i + 1]
            rows[i] = r
            done = r if done is None else (xp.concat([r, done], axis=-2) if upper
                                           else xp.concat([done, r], axis=-2))
    return xp.concat(rows, axis=-2)


def _chol_product(xp, l, upper):
    lt = xp.triu(l) if upper else xp.tril(l)
    return xp.matmul(xp.matrix_transpose(lt), lt) if upper else xp.matmul(lt, xp.matrix_transpose(lt))


def cholesky_solve(b, l, upper):
    xp = backend.namespace(b)
    same_device(b, l)
    A = _chol_product(xp, l, upper)
    return xp.linalg.solve(A, b) if A.shape[-1] else xp.asarray(b, copy=True)


def cholesky_inverse(l, upper):
    xp = backend.namespace(l)
    A = _chol_product(xp, l, upper)
    return xp.linalg.inv(A) if A.shape[-1] else xp.asarray(A, copy=True)


def getrf(a):
    """NOTE [ LU on the device ]: LAPACK getrf's partial pivoting spelled in
    the standard, a column per step over the whole batch: the pivot is the
    first entry of largest magnitude on or below the diagonal (idamax), its
    row swapped up (the pivots read on the host, one sync per column), the
    column below scaled by the pivot's reciprocal (getrf's dscal) and the
    trailing block updated. A zero pivot leaves its column and sets info to
    its 1-based index, as getrf does. The numbers agree with LAPACK's to
    rounding, not bit for bit (getrf blocks its updates). Returns (LU,
    1-based int32 pivots, int32 info) as ops/linalg_lu._getrf."""
    xp = backend.namespace(a)
    m, n = a.shape[-2:]
    k = min(m, n)
    batch = tuple(a.shape[:-2])
    nb = 1
    for d in batch:
        nb *= d
    dev = a.device
    lu = xp.reshape(xp.asarray(a, copy=True), (nb, m, n))
    piv = np.tile(np.arange(1, k + 1, dtype=np.int32), (nb, 1))
    info = np.zeros(nb, np.int32)
    for j in range(k if nb and m and n else 0):
        p = np.asarray(backend.to_host(xp.argmax(xp.abs(lu[:, j:, j]), axis=1))).reshape(-1) + j
        for b in range(nb):
            pb = int(p[b])
            piv[b, j] = pb + 1
            if pb != j:
                row = xp.asarray(lu[b, j, :], copy=True)
                lu[b, j, :] = lu[b, pb, :]
                lu[b, pb, :] = row
        d = lu[:, j, j]
        zero = d == 0
        zh = np.asarray(backend.to_host(zero)).reshape(-1)
        for b in np.nonzero(zh & (info == 0))[0]:
            info[b] = j + 1
        if j + 1 < m:
            r = 1 / xp.where(zero, xp.ones_like(d), d)
            col = xp.where(xp.expand_dims(zero, axis=1), lu[:, j + 1:, j], lu[:, j + 1:, j] * xp.expand_dims(r, axis=1))
            lu[:, j + 1:, j] = col
            if j + 1 < n:
                lu[:, j + 1:, j + 1:] = lu[:, j + 1:, j + 1:] - \
                    xp.expand_dims(col, axis=2) * xp.expand_dims(lu[:, j, j + 1:], axis=1)
    lu = xp.reshape(lu, batch + (m, n))
    return (lu, backend.from_host(piv.reshape(batch + (k,)), backend.device_of(a)),
            backend.from_host(info.reshape(batch), backend.device_of(a)))


def matrix_exp(a):
    """Scaling and squaring: the 1-norm brought below 1/2 (one scale for the
    whole batch, read on the host), a Taylor series of 20 terms, squared back."""
    import math
    xp = backend.namespace(a)
    if a.size == 0:
        return xp.asarray(a, copy=True)
    nrm = float(xp.max(xp.sum(xp.abs(a), axis=-2)))
    s = int(max(0, math.ceil(math.log2(nrm)) + 1)) if nrm > 0 and math.isfinite(nrm) else 0
    x = a / float(2 ** s)
    eye = xp.broadcast_to(cast(_eye_mask(xp, a.shape[-1], a), npdtype(a)), tuple(a.shape))
    term = eye
    res = eye
    for k in range(1, 20):
        term = xp.matmul(term, x) / k
        res = res + term
    for _ in range(s):
        res = xp.matmul(res, res)
    return res


# -- integers, counting, searching -------------------------------------------------

def gcd(x, y):
    """Euclid's algorithm on whole arrays: a step while any remainder is
    nonzero (at most ~92 steps for int64)."""
    xp = backend.namespace(x)
    x, y = _host_0d(x, y)
    a, b = xp.broadcast_arrays(xp.abs(x), xp.abs(y))
    while bool(xp.any(b != 0)):
        z = b == 0
        safe = xp.where(z, xp.ones_like(b), b)
        a, b = xp.where(z, a, b), xp.where(z, xp.zeros_like(b), a % safe)
    return a


def lcm(x, y):
    """numpy's lcm: |x // gcd(x, y) * y| (0 where gcd is 0)."""
    xp = backend.namespace(x)
    x, y = _host_0d(x, y)
    g = gcd(x, y)
    z = g == 0
    q = x // xp.where(z, xp.ones_like(g), g)
    return xp.where(z, xp.zeros_like(g), xp.abs(q * y))


def frexp(x):
    """(mantissa in [0.5, 1), int32 exponent): the exponent from log2,
    corrected by one where rounding put the mantissa outside [0.5, 1);
    subnormals scaled up by 2**64 first; 0, inf and NaN as numpy's. A
    narrower float is split in float64, where its subnormals are normal
    numbers: a GPU may treat float32 subnormals as zero (seen on CuPy), and
    the mantissa is exact in the narrower type."""
    xp = backend.namespace(x)
    npd = npdtype(x)
    if npd != np.float64:
        m, e = frexp(cast(x, np.dtype(np.float64)))
        return cast(m, npd), e
    ax = xp.abs(x)
    fin = xp.isfinite(x) & (x != 0)
    tiny = fin & (ax < float(np.finfo(npd).tiny))
    scaled = xp.where(tiny, ax * float(2.0 ** 64), xp.where(fin, ax, xp.ones_like(ax)))
    e = xp.floor(xp.log2(scaled)) + 1
    two = _f(x, 2.0)
    # 2**(e - 1) then a halving: exact, and 2**e would overflow for e = 1024
    m = scaled / xp.pow(two, e - 1) * 0.5
    e = xp.where(m >= 1, e + 1, xp.where(m < 0.5, e - 1, e))
    m = scaled / xp.pow(two, e - 1) * 0.5
    e = xp.where(tiny, e - 64, e)
    m = xp.where(x < 0, -m, m)
    m = xp.where(fin, m, x)
    return m, cast(xp.where(fin, e, xp.zeros_like(e)), np.dtype(np.int32))


def bincount(x, w, minlength):
    """Counts (int64), or sums of w in float64, of the values of the
    non-negative 1-d x: a one-hot matrix product (NOTE [ Scatter without scatter ])."""
    xp = backend.namespace(x)
    same_device(x, w)
    n = max(int(xp.max(x)) + 1 if x.size else 0, minlength)
    idx = cast(x, np.dtype(np.int64))
    vals = cast(w, np.dtype(np.float64)) if w is not None else xp.ones(x.shape, dtype=xp.float64, device=x.device)
    r = index_add((n,), 0, idx, vals)
    return r if w is not None else cast(r, np.dtype(np.int64))


def histc(a, bins, lo, hi):
    """np.histogram's equal bins: the bin index from the scaled offset,
    corrected against the linspace edges as numpy does; counts in a's dtype."""
    xp = backend.namespace(a)
    a = xp.reshape(a, (-1,))
    npd = npdtype(a)
    keep = (a >= lo) & (a <= hi)
    v = xp.where(keep, a, _f(a, lo))
    edges = xp.linspace(lo, hi, bins + 1, dtype=a.dtype, device=a.device)
    f = (v - lo) / (hi - lo) * bins
    idx = cast(f, np.dtype(np.int64))
    idx = xp.where(idx == bins, idx - 1, idx)
    idx = xp.where(v < xp.take(edges, idx), idx - 1, idx)
    inc = (v >= xp.take(edges, idx + 1)) & (idx != bins - 1)
    idx = xp.where(inc, idx + 1, idx)
    counts = index_add((bins,), 0, idx, cast(keep, np.dtype(np.float64)))
    return cast(counts, npd)


def histogram(a, edges, w):
    """torch.histogram's counting for sorted edges (float64 sums)."""
    xp = backend.namespace(a)
    a = xp.reshape(a, (-1,))
    nb = edges.shape[0] - 1
    if nb <= 0 or a.size == 0:
        return xp.zeros(max(nb, 0), dtype=xp.float64, device=a.device)
    inside = (a >= edges[0]) & (a <= edges[-1])
    idx = cast(xp.searchsorted(edges, a, side="right"), np.dtype(np.int64)) - 1
    idx = xp.where(idx == nb, idx - 1, idx)
    idx = xp.where(inside, idx, xp.zeros_like(idx))
    vals = cast(inside, np.dtype(np.float64))
    if w is not None:
        vals = vals * cast(xp.reshape(w, (-1,)), np.dtype(np.float64))
    return index_add((nb,), 0, idx, vals)


def histogramdd(a, edges, w):
    """torch.histogramdd's counting of the rows of a (n, D) float64 array in
    the sorted float64 edges of each coordinate (np.histogramdd's bins: the
    last one closed), float64 sums in row-major bin order."""
    xp = backend.namespace(a)
    nbs = [e.shape[0] - 1 for e in edges]
    total = 1
    for nb in nbs:
        total *= nb
    n = a.shape[0]
    if total <= 0 or n == 0:
        return xp.zeros(tuple(nbs), dtype=xp.float64, device=a.device)
    inside = xp.ones((n,), dtype=xp.bool, device=a.device)
    flat = xp.zeros((n,), dtype=xp.int64, device=a.device)
    for d, (e, nb) in enumerate(zip(edges, nbs)):
        col = a[:, d]
        inside = inside & (col >= e[0]) & (col <= e[-1])
        idx = cast(xp.searchsorted(e, col, side="right"), np.dtype(np.int64)) - 1
        idx = xp.clip(idx, 0, nb - 1)       # the last edge closes the last bin (outside rows are masked)
        flat = flat * nb + idx
    flat = xp.where(inside, flat, xp.zeros_like(flat))
    vals = cast(inside, np.dtype(np.float64))
    if w is not None:
        vals = vals * cast(xp.reshape(w, (-1,)), np.dtype(np.float64))
    return xp.reshape(index_add((total,), 0, flat, vals), tuple(nbs))


def searchsorted(seq, vals, right, sorter):
    """The insertion positions (int64) of vals in the sorted last axis of
    seq: the standard's searchsorted for a 1-d seq, else per batch row."""
    xp = backend.namespace(seq)
    side = "right" if right else "left"
    if sorter is not None:
        seq = xp.take_along_axis(seq, cast(sorter, np.dtype(np.int64)), axis=-1)
    if seq.ndim == 1:
        return cast(xp.searchsorted(seq, vals, side=side), np.dtype(np.int64))
    lead = tuple(seq.shape[:-1])
    s2 = xp.reshape(seq, (-1, seq.shape[-1]))
    v2 = xp.reshape(vals, (-1, vals.shape[-1]))
    rows = [cast(xp.searchsorted(s2[i, :], v2[i, :], side=side), np.dtype(np.int64)) for i in range(s2.shape[0])]
    if not rows:
        return xp.zeros(lead + (vals.shape[-1],), dtype=xp.int64, device=seq.device)
    return xp.reshape(xp.stack(rows), lead + (vals.shape[-1],))
