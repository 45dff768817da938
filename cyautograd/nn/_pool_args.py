"""torch's argument checks of the pooling kernels (aten/src/ATen/native/
Pool.h, Pooling.cpp, DilatedMaxPool2d.cpp, AveragePool2d.cpp), replayed in
their order before our composite pooling (nn/functional.py) runs.

NOTE [ Pooling argument checks ]
Our pooling ops are built from pad + windows + a reduction, which answer
for any sizes: a kernel larger than the input gave an empty result, a huge
stride a nan, a 2-D input to avg_pool2d a result. torch's kernels refuse
those calls first -- each size list's length, then each value narrowed to a
C int (huge: "value cannot be converted to type int without overflow"), the
input's dimensions, pooling_output_shape's stride/pad checks and
pool2d_shape_check's -- and the 1-d ops check their own arguments, then run
the 2-d kernel over ``input.unsqueeze(-2)``. These functions raise the first
error torch raises, in its words, or return the normalized sizes.
"""
import operator

_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1


def _expand(v, n):
    """int[n]: torch's parser repeats a single int n times."""
    if isinstance(v, (list, tuple)):
        return [operator.index(e) for e in v]
    return [operator.index(v)] * n


def _int(v):
    """c10::safe_downcast<int, int64_t>."""
    if v < _INT_MIN or v > _INT_MAX:
        raise RuntimeError("value cannot be converted to type int without overflow")
    return v


def _cdiv(a, b):
    """C++ integer division (rounds toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _output_shape(n, k, pad, stride, dilation, ceil_mode):
    """at::native::pooling_output_shape."""
    if stride == 0:
        raise RuntimeError("stride should not be zero")
    if pad < 0:
        raise RuntimeError(f"pad must be non-negative, but got pad: {pad}")
    if pad > _cdiv((k - 1) * dilation + 1, 2):
        raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={pad}, "
                           f"kernel_size={k} and dilation={dilation}")
    num = n + 2 * pad - dilation * (k - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = num // stride + 1
    if ceil_mode and (out - 1) * stride >= n + pad:
        out -= 1
    return out


def _sizes(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def _dim(shape, d):
    """input.size(d), with torch's IndexError for a dim out of range."""
    n = len(shape)
    if not -n <= d < n:
        lo, hi = (-n, n - 1) if n else (-1, 0)
        raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {d})")
    return shape[d]


def pool2d(name, input, kernel_size, stride, padding, dilation=1, ceil_mode=False, divisor_override=None):
    """max_pool2d_with_indices' / avg_pool2d's meta function: the checked
    (kernel, stride, padding, dilation) pairs."""
    ks = _expand(kernel_size, 2)
    if len(ks) not in (1, 2):
        raise RuntimeError(f"{name}: kernel_size must either be a single int, or a tuple of two ints")
    kH = _int(ks[0])
    kW = kH if len(ks) == 1 else _int(ks[1])
    st = [] if stride is None else _expand(stride, 2)
    if len(st) not in (0, 1, 2):
        raise RuntimeError(f"{name}: stride must either be omitted, a single int, or a tuple of two ints")
    dH = kH if not st else _int(st[0])
    dW = kW if not st else (dH if len(st) == 1 else _int(st[1]))
    pd = _expand(padding, 2)
    if len(pd) not in (1, 2):
        raise RuntimeError(f"{name}: padding must either be a single int, or a tuple of two ints")
    padH = _int(pd[0])
    padW = padH if len(pd) == 1 else _int(pd[1])
    if name == "max_pool2d":
        dl = _expand(dilation, 2)
        if len(dl) not in (1, 2):
            raise RuntimeError("max_pool2d: dilation must be either a single int, or a tuple of two ints")
        dilH = _int(dl[0])
        dilW = dilH if len(dl) == 1 else _int(dl[1])
    else:
        dilH = dilW = 1
        if divisor_override is not None and divisor_override == 0:
            raise RuntimeError("divisor must be not zero")
    shape = tuple(input.shape)
    ndim = len(shape)
    if name == "max_pool2d" and ndim not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    planes = _dim(shape, -3)
    H, W = _dim(shape, -2), _dim(shape, -1)
    oH = _output_shape(H, kH, padH, dH, dilH, ceil_mode)
    oW = _output_shape(W, kW, padW, dW, dilW, ceil_mode)
    # pool2d_shape_check
    if not (kW > 0 and kH > 0):
        raise RuntimeError(f"kernel size should be greater than zero, but got kH: {kH} kW: {kW}")
    if not (dW > 0 and dH > 0):
        raise RuntimeError(f"stride should be greater than zero, but got dH: {dH} dW: {dW}")
    if not (dilH > 0 and dilW > 0):
        raise RuntimeError(f"dilation should be greater than zero, but got dilationH: {dilH} dilationW: {dilW}")
    valid = shape[1] != 0 and shape[2] != 0
    if not ((ndim == 3 and shape[0] != 0 and valid) or (ndim == 4 and valid and shape[3] != 0)):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, "
                           f"but got:{_sizes(shape)}")
    if not (kW // 2 >= padW and kH // 2 >= padH):
        raise RuntimeError(f"pad should be smaller than or equal to half of kernel size, but got padW = {padW}, "
                           f"padH = {padH}, kW = {kW}, kH = {kH}")
    if oW < 1 or oH < 1:
        raise RuntimeError(f"Given input size: ({planes}x{H}x{W}). Calculated output size: "
                           f"({planes}x{oH}x{oW}). Output size is too small")
    return (kH, kW), (dH, dW), (padH, padW), (dilH, dilW)


def _check1d(fname, arg, v):
    if len(v) != 1:
        raise RuntimeError(f"{fname}() argument '{arg}' should contain one int (got {len(v)})")


def pool1d(name, input, kernel_size, stride, padding, dilation=1, ceil_mode=False):
    """avg_pool1d / max_pool1d_with_indices: their own checks, then the 2-d
    kernel's over input.unsqueeze(-2)."""
    ks = _expand(kernel_size, 1)
    st = [] if stride is None else _expand(stride, 1)
    if not st:
        st = ks
    pd = _expand(padding, 1)
    dl = _expand(dilation, 1)
    ndim = input.dim()
    if not 2 <= ndim < 4:
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {ndim}-dimensional tensor for argument "
                           f"#1 'self' (while checking arguments for {name})")
    _check1d(name, "kernel_size", ks)
    _check1d(name, "stride", st)
    _check1d(name, "padding", pd)
    if name == "max_pool1d":
        _check1d(name, "dilation", dl)
    shape = tuple(input.shape)
    x2 = _Shape(shape[:-1] + (1,) + shape[-1:])
    pool2d("max_pool2d" if name == "max_pool1d" else "avg_pool2d", x2, [1, ks[0]], [1, st[0]], [0, pd[0]],
           [1, dl[0]], ceil_mode)
    return ks[0], st[0], pd[0], dl[0]


def max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode):
    """max_pool1d's own checks (check_max_pool1d); then torch runs
    max_pool1d_with_indices (pool1d) where a gradient is wanted."""
    ks = _expand(kernel_size, 1)
    st = [] if stride is None else _expand(stride, 1)
    pd = _expand(padding, 1)
    dl = _expand(dilation, 1)
    shape = tuple(input.shape)
    ndim = len(shape)
    if not ((ndim == 2 and shape[0] != 0 and shape[1] != 0) or (ndim == 3 and shape[1] != 0 and shape[2] != 0)):
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
                           f"input, but got:{_sizes(shape)}")
    if len(ks) != 1:
        raise RuntimeError("max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 "
                           f"but got size {len(ks)}")
    if len(st) > 1:
        raise RuntimeError("max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 "
                           f"but got size {len(st)}")
    if len(pd) != 1:
        raise RuntimeError("max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but "
                           f"got size {len(pd)}")
    if len(dl) != 1:
        raise RuntimeError("max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but "
                           f"got size {len(dl)}")
    if not st:
        st = ks
    k, s, p, d = ks[0], st[0], pd[0], dl[0]
    if k <= 0:
        raise RuntimeError(f"max_pool1d() kernel_size must be greater than zero, but got {k}")
    if s <= 0:
        raise RuntimeError(f"max_pool1d() stride must be greater than zero, but got {s}")
    if p < 0:
        raise RuntimeError(f"max_pool1d() padding must be non-negative, but got {p}")
    if p > _cdiv(k, 2):
        raise RuntimeError(f"max_pool1d() padding should be at most half of kernel size, but got padding={p} "
                           f"and kernel_size={k}")
    if d <= 0:
        raise RuntimeError(f"max_pool1d() dilation must be greater than zero, but got {d}")
    # the window arithmetic is narrowed to a C int on the way (an observed
    # bound: a kernel of 2**31 passes, one of 2**40 overflows)
    _int(shape[-1] + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0))
    ow = _output_shape(shape[-1], k, p, s, d, ceil_mode)
    if ow <= 0:
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {ow}")
    pool1d("max_pool1d", input, ks, st, pd, dl, ceil_mode)


class _Shape:
    """Stands for input.unsqueeze(-2) in pool2d (which reads only .shape)."""
    __slots__ = ("shape",)

    def __init__(self, shape):
        self.shape = shape


def list_with_default(out_size, shape):
    """torch.nn.functional's _list_with_default: an int stays, a list's None
    items take the input's trailing sizes."""
    if isinstance(out_size, int):
        return out_size
    if len(shape) <= len(out_size):
        raise ValueError(f"Input dimension should be at least {len(out_size) + 1}")
    return [d if v is None else v for v, d in zip(out_size, tuple(shape)[-len(out_size):])]


def adaptive2d(name, input, output_size):
    """F.adaptive_{avg,max}_pool2d's preamble and torch's parser over the
    native call: the output size as a list of two ints."""
    from cyautograd._arg_parser import check
    out = list_with_default(output_size, input.shape)
    check("nn." + name, (input, out))
    return _expand(out, 2)


def adaptive_avg2d_native(input, oh, ow):
    """_adaptive_avg_pool2d's checks (after the composite's (1, 1) mean)."""
    shape = tuple(input.shape)
    if len(shape) not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {_sizes(shape)}")
    for i in (-2, -1):
        if shape[i] <= 0:
            raise RuntimeError("adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
                               f"dimensions, but input has sizes {_sizes(shape)} with dimension {i + len(shape)} "
                               "being empty")
