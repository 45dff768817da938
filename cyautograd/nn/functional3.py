"""The 3-D pools, conv_transpose3d, grid_sample and affine_grid of
cyautograd.nn.functional (issue 15: what real programs use), each composite over
the existing ops (NOTE [ Composite functionals ] in functional.py) with torch's
node as grad_fn (NOTE [ Composite functionals get torch's node ] in
_named_nodes.py)."""
import warnings

import numpy as np

from cyautograd.nn._named_nodes import _attrs, named_composite

__all__ = ["max_pool3d", "max_pool3d_with_indices", "avg_pool3d", "adaptive_avg_pool3d",
           "adaptive_max_pool3d", "conv_transpose3d", "grid_sample", "affine_grid"]


def _F():
    from cyautograd.nn import functional
    return functional


def _f2():
    from cyautograd.nn import functional2
    return functional2


def _args(fname, spec, *values):
    """torch's parser TypeError for an argument of the wrong kind (functional2._args)."""
    _f2()._args(fname, spec, *values)


_POOL_SPEC = ("input:Tensor", "kernel_size:int[]", "stride:int[]", "padding:int[]",
              "dilation:int[]", "ceil_mode:bool")


def _list_with_default(out_size, defaults):
    """torch.nn.modules.utils._list_with_default: None entries of output_size take
    the input's sizes."""
    if isinstance(out_size, int) and not isinstance(out_size, bool):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError(f"Input dimension should be at least {len(out_size) + 1}")
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def _T():
    import cyautograd
    return cyautograd


# ---------------------------------------------------------------- pools
def _windows3(F, input, kernel_size, stride, padding, dilation, ceil_mode, fill, name):
    try:
        return F._pool_windows(input, kernel_size, stride, padding, dilation, ceil_mode, fill, 3,
                               name)
    except RuntimeError as e:
        # torch's 3-D pools say it without the function's name
        msg = str(e)
        if msg.startswith(name + ": pad should"):
            raise RuntimeError(msg[len(name) + 2:]) from None
        raise


def _max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode):
    F = _F()
    if input.dim() not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    x, unbatched, k, _, _ = _windows3(F, input, kernel_size, stride, padding, dilation,
                                      ceil_mode, float("-inf"), "max_pool3d")
    y = x.reshape(tuple(x.shape[:-3]) + (k[0] * k[1] * k[2],)).max(-1)[0]
    return y.squeeze(0) if unbatched else y


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=True):
    """max_pool3d's values and the flat (D*H*W) input position of each maximum.

    >>> F.max_pool3d_with_indices(torch.arange(8.).reshape(1, 1, 2, 2, 2), 2)
    """
    if not hasattr(input, "is_cuda"):         # torch's wrapper reads input.is_cuda first
        raise AttributeError(f"'{type(input).__name__}' object has no attribute 'is_cuda'")
    _args("max_pool3d_with_indices", _POOL_SPEC, input, kernel_size,
          [] if stride is None else stride, padding, dilation, ceil_mode)
    if input.dim() not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    def f(x):
        _windows3(_F(), x, kernel_size, stride, padding, dilation, ceil_mode, float("-inf"),
                  "max_pool3d")     # torch's message for a bad padding first
        return _f2()._max_pool_with_indices(x, kernel_size, stride, padding, dilation,
                                            ceil_mode, 3, "max_pool3d")
    return named_composite("MaxPool3DWithIndicesBackward0", f, input)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """3-D max pooling over a ``(N, C, D, H, W)`` or ``(C, D, H, W)`` input, as
    torch.nn.functional.max_pool3d (the gradient goes to the first maximal element of
    each window).

    >>> F.max_pool3d(torch.arange(8.).reshape(1, 1, 2, 2, 2), 2)
    """
    if return_indices:
        return max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    _args("max_pool3d", _POOL_SPEC, input, kernel_size, [] if stride is None else stride, padding,
          dilation, ceil_mode)
    return named_composite(
        "MaxPool3DWithIndicesBackward0",
        lambda x: _max_pool3d(x, kernel_size, stride, padding, dilation, ceil_mode), input)


def _avg_pool3d(input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override):
    F = _F()
    if input.dim() not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    kt, kh, kw = F._pair(kernel_size, 3)
    it, ih, iw = input.shape[-3:]
    if it < kt or ih < kh or iw < kw:   # torch's pool3d_shape_check(check_input_size=True)
        raise RuntimeError(f"input image (T: {it} H: {ih} W: {iw}) smaller than kernel size "
                           f"(kT: {kt} kH: {kh} kW: {kw})")
    x, unbatched, k, stride, padding = _windows3(F, input, kernel_size, stride, padding, 1, ceil_mode,
                                                 0.0, "avg_pool3d")
    y = F._avg_divide(x.sum((-3, -2, -1)), input, k, stride, padding, count_include_pad,
                      divisor_override)
    return y.squeeze(0) if unbatched else y


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    """3-D average pooling, as torch.nn.functional.avg_pool3d.

    >>> F.avg_pool3d(torch.arange(8.).reshape(1, 1, 2, 2, 2), 2)
    """
    _args("avg_pool3d", ("input:Tensor", "kernel_size:int[]", "stride:int[]", "padding:int[]",
                         "ceil_mode:bool", "count_include_pad:bool", "divisor_override:int?"),
          input, kernel_size, [] if stride is None else stride, padding, ceil_mode,
          count_include_pad, divisor_override)
    return named_composite(
        "AvgPool3DBackward0",
        lambda x: _avg_pool3d(x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                              divisor_override), input)


def _out_alloc_check(shape, npdt):
    """torch allocates the output before it computes a window: its numel's
    overflow, the byte count's, then an allocation no machine gives (refused
    here: the windows below are a Python loop per output position)."""
    from cyautograd.creation import _storage_check
    n = 1
    for v in shape:
        n *= v
    if n >= 1 << 63:
        raise RuntimeError("numel: integer multiplication overflow")
    nbytes = _storage_check(shape, npdt)
    if nbytes > (1 << 40):
        raise RuntimeError("[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate "
                           f"memory: you tried to allocate {nbytes} bytes. Error code 12 (Cannot allocate memory)")


def _adaptive_avg3(input, output_size):
    T = _T()
    if input.dim() not in (4, 5):
        raise RuntimeError(f"adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got "
                           f"{list(input.shape)}")
    sizes = tuple(input.shape[-3:])
    outs = _F()._pair(output_size, 3)
    outs = tuple(s if o is None else o for o, s in zip(outs, sizes))
    _out_alloc_check(tuple(input.shape[:-3]) + tuple(outs), input.dtype.np)
    b = [_f2()._adaptive_bounds(n, o) for n, o in zip(sizes, outs)]
    planes = []
    for i in range(outs[0]):
        rows = []
        for j in range(outs[1]):
            cols = []
            for k in range(outs[2]):
                cols.append(input[..., b[0][i][0]:b[0][i][1], b[1][j][0]:b[1][j][1],
                                  b[2][k][0]:b[2][k][1]].mean((-3, -2, -1)))
            rows.append(T.stack(cols, -1))
        planes.append(T.stack(rows, -2))
    return T.stack(planes, -3)


def adaptive_avg_pool3d(input, output_size):
    """Average pooling of a ``(N, C, D, H, W)`` input to output_size over adaptive
    windows, as torch.nn.functional.adaptive_avg_pool3d.

    >>> F.adaptive_avg_pool3d(torch.arange(27.).reshape(1, 1, 3, 3, 3), 2).shape
    """
    output_size = _list_with_default(output_size, input.size())     # torch's wrapper's order
    _args("adaptive_avg_pool3d", ("input:Tensor", "output_size:int[]"), input, output_size)
    if isinstance(output_size, (tuple, list)) and len(output_size) != 3:
        raise RuntimeError("adaptive_avg_pool3d: output_size must be 3")
    o = _F()._pair(output_size, 3)
    if tuple(o) == (1, 1, 1):      # torch takes a mean (MeanBackward1)
        return input.mean((-3, -2, -1), keepdim=True)
    return named_composite("AdaptiveAvgPool3DBackward0",
                           lambda x: _adaptive_avg3(x, output_size), input)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Max pooling of a ``(N, C, D, H, W)`` input to output_size over adaptive windows,
    as torch.nn.functional.adaptive_max_pool3d.

    >>> F.adaptive_max_pool3d(torch.arange(27.).reshape(1, 1, 3, 3, 3), 2).shape
    """
    return_indices = True if return_indices else False     # torch's boolean_dispatch reads it first
    output_size = _list_with_default(output_size, input.size())     # torch's wrapper's order
    _args("adaptive_max_pool3d", ("input:Tensor", "output_size:int[]"), input, output_size)
    return named_composite(
        "AdaptiveMaxPool3DBackward0",
        lambda x: _f2()._adaptive_max(x, output_size, 3, return_indices, "adaptive_max_pool3d"),
        input)


# ---------------------------------------------------------------- conv_transpose3d
def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """3-D transposed convolution, as torch.nn.functional.conv_transpose3d (the
    convolution of the stride-spread, padded input with the flipped kernel).

    >>> F.conv_transpose3d(torch.ones(1, 2, 2, 2, 2), torch.ones(2, 3, 2, 2, 2), stride=2).shape
    """
    _args("conv_transpose3d", ("input:Tensor", "weight:Tensor", "bias:Tensor?", "stride:int[]",
                               "padding:int[]", "output_padding:int[]", "groups:int",
                               "dilation:int[]"),
          input, weight, bias, stride, padding, output_padding, groups, dilation)
    from cyautograd.tensor import Tensor
    unb = isinstance(input, Tensor) and input.dim() == 4     # as torch: SqueezeBackward1 after
    y = named_composite(
        "ConvolutionBackward0",
        lambda x, w, b: _f2()._conv_transpose_nd(x, w, b, stride, padding, output_padding,
                                                 groups, dilation, 3),
        input.unsqueeze(0) if unb else input, weight, bias)
    return y.squeeze(0) if unb else y


# ---------------------------------------------------------------- affine_grid
_ALIGN_WARNING = ("Default grid_sample and affine_grid behavior has changed to "
                  "align_corners=False since 1.3.0. Please specify align_corners=True if the "
                  "old behavior is desired. See the documentation of grid_sample for details.")


def _base_coords(T, n, align_corners, like):
    if n <= 1:
        return T.zeros(n, dtype=like.dtype, device=like.device)
    r = T.linspace(-1, 1, n, dtype=like.dtype, device=like.device)
    return r if align_corners else r * ((n - 1) / n)


def _affine_grid(theta, size, align_corners):
    T = _T()
    N = size[0]
    spatial = list(size[2:])
    coords = [_base_coords(T, n, align_corners, theta) for n in reversed(spatial)]  # x, y(, z)
    nd = len(spatial)
    cols = []
    for i, c in enumerate(coords):       # coordinate i varies along spatial dim nd-1-i
        shape = [1] * nd
        shape[nd - 1 - i] = spatial[nd - 1 - i]
        cols.append(c.reshape(shape).expand(*spatial))
    cols.append(T.ones(spatial, dtype=theta.dtype, device=theta.device))
    base = T.stack(cols, -1).reshape(1, -1, nd + 1).expand(N, -1, -1)
    grid = base.bmm(theta.transpose(1, 2))
    return grid.reshape([N] + spatial + [nd])


def affine_grid(theta, size, align_corners=None):
    """The sampling grid of the affine maps theta (``(N, 2, 3)`` or ``(N, 3, 4)``) for an
    output of ``size``, as torch.nn.functional.affine_grid.

    >>> F.affine_grid(torch.tensor([[[1., 0., 0.], [0., 1., 0.]]]), [1, 1, 2, 2], align_corners=False)
    """
    if align_corners is None:
        warnings.warn(_ALIGN_WARNING, stacklevel=2)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    size_s = size      # printed as given, as torch's messages do
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(f"Expected a batch of 2D affine matrices of shape Nx2x3 for size "
                             f"{size_s}. Got {theta.shape}.")
        spatial = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(f"Expected a batch of 3D affine matrices of shape Nx3x4 for size "
                             f"{size_s}. Got {theta.shape}.")
        spatial = size[-3:]
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D "
                                  f"affine transforms, respectively. Got size {size_s}.")
    if align_corners and min(spatial) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size "
                      "grids when align_corners=True. This is not an intended use case of "
                      "affine_grid. See the documentation of affine_grid for details.",
                      stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size_s}")
    if theta.shape[0] != size[0]:
        raise RuntimeError(f"Expected theta batch size {theta.shape[0]} to match size[0] "
                           f"{size[0]}")
    return named_composite("AffineGridGeneratorBackward0",
                           _attrs(lambda t: _affine_grid(t, list(size), align_corners),
                                  size=tuple(size), align_corners=bool(align_corners)), theta)


# ---------------------------------------------------------------- grid_sample
def _unnormalize(c, n, align_corners):
    return (c + 1) / 2 * (n - 1) if align_corners else ((c + 1) * n - 1) / 2


def _reflect(c, lo2, hi2):
    """torch's reflect_coordinates: c reflected into [lo2/2, hi2/2]."""
    if lo2 == hi2:
        return c * 0
    mn = lo2 / 2
    span = (hi2 - lo2) / 2
    a = (c - mn).abs()
    extra = a.fmod(span)
    flips = (a / span).floor().detach()
    even = flips.fmod(2) == 0
    return _T().where(even, extra + mn, span - extra + mn)


def _source_index(c, n, padding_mode, align_corners):
    return _pad_coordinates(_unnormalize(c, n, align_corners), n, padding_mode, align_corners)


def _pad_coordinates(c, n, padding_mode, align_corners):
    """torch's compute_coordinates: c moved inside [0, n - 1] by the padding mode
    ('zeros' leaves it, so out-of-range reads give 0)."""
    if padding_mode == "border":
        c = c.clamp(0, n - 1)
    elif padding_mode == "reflection":
        c = _reflect(c, 0, 2 * (n - 1)) if align_corners else _reflect(c, -1, 2 * n - 1)
        c = c.clamp(0, n - 1)
    return c


def _grid_sample(input, grid, mode, padding_mode, align_corners):
    T = _T()
    nd = input.dim() - 2
    N, C = input.shape[0], input.shape[1]
    sizes = list(input.shape[2:])            # (H, W) or (D, H, W)
    out_sp = list(grid.shape[1:-1])
    L = int(np.prod(out_sp)) if out_sp else 0
    g = grid.reshape(N, L, nd)
    # grid's last dim is (x, y[, z]): x indexes the last spatial dim
    coords = [_source_index(g[..., i], sizes[nd - 1 - i], padding_mode, align_corners)
              for i in range(nd)]
    coords = coords[::-1]                   # now in spatial-dim order (z, y, x)
    flat = input.reshape(N, C, -1)
    strides = [int(np.prod(sizes[d + 1:])) for d in range(nd)]

    def gather(idx_list):
        inb = None
        lin = None
        for d, ix in enumerate(idx_list):
            ok = (ix >= 0) & (ix <= sizes[d] - 1)
            inb = ok if inb is None else inb & ok
            term = ix.clamp(0, max(sizes[d] - 1, 0)).long() * strides[d]
            lin = term if lin is None else lin + term
        vals = flat.gather(2, lin.unsqueeze(1).expand(N, C, L))
        return vals, inb.unsqueeze(1)

    if mode == "bicubic":
        return _bicubic(g, sizes, gather, padding_mode, align_corners).reshape([N, C] + out_sp)
    if mode == "nearest":
        idx = [c.detach().round() for c in coords]
        vals, inb = gather(idx)
        out = T.where(inb, vals, T.zeros((), dtype=vals.dtype))
    else:
        lo = [c.detach().floor() for c in coords]
        out = None
        import itertools
        for corner in itertools.product((0, 1), repeat=nd):
            idx = [l + k for l, k in zip(lo, corner)]
            w = None
            for c, l, k in zip(coords, lo, corner):
                wd = (c - l) if k else (l + 1 - c)
                w = wd if w is None else w * wd
            vals, inb = gather(idx)
            term = T.where(inb, vals * w.unsqueeze(1), T.zeros((), dtype=vals.dtype))
            out = term if out is None else out + term
    return out.reshape([N, C] + out_sp)


def _cubic_weights(t):
    """torch's get_cubic_upsample_coefficients (A = -0.75) of the fraction t:
    the weights of the 4 taps at floor - 1 .. floor + 2."""
    A = -0.75

    def conv1(x):    # |x| <= 1
        return ((A + 2) * x - (A + 3)) * x * x + 1

    def conv2(x):    # 1 < |x| < 2
        return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A
    u = 1 - t
    return [conv2(t + 1), conv1(t), conv1(u), conv2(u + 1)]


def _bicubic(g, sizes, gather, padding_mode, align_corners):
    """grid_sample's bicubic mode (2-D only), as torch's kernel: the coordinates
    are unnormalized without padding, the 4x4 taps around them are each moved
    by the padding mode (a tap outside reads 0), and the result is the cubic
    convolution over x then y. Gradients reach the grid through the fractions
    only (the taps are integers), as torch's backward."""
    T = _T()
    H, W = sizes
    ix = _unnormalize(g[..., 0], W, align_corners)
    iy = _unnormalize(g[..., 1], H, align_corners)
    x0, y0 = ix.detach().floor(), iy.detach().floor()
    wx, wy = _cubic_weights(ix - x0), _cubic_weights(iy - y0)
    out = None
    for j in range(4):
        ty = _pad_coordinates(y0 + (j - 1), H, padding_mode, align_corners)
        row = None
        for i in range(4):
            tx = _pad_coordinates(x0 + (i - 1), W, padding_mode, align_corners)
            vals, inb = gather([ty.trunc(), tx.trunc()])
            term = T.where(inb, vals * wx[i].unsqueeze(1), T.zeros((), dtype=vals.dtype))
            row = term if row is None else row + term
        term = row * wy[j].unsqueeze(1)
        out = term if out is None else out + term
    return out


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Samples input (``(N, C, H, W)`` or ``(N, C, D, H, W)``) at the normalized
    positions of grid, as torch.nn.functional.grid_sample; modes 'bilinear',
    'nearest' and 'bicubic' (4-D input only, as torch), padding 'zeros',
    'border', 'reflection'.

    >>> img = torch.arange(4.).reshape(1, 1, 2, 2)
    >>> F.grid_sample(img, torch.zeros(1, 1, 1, 2), align_corners=False)
    """
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', "
                         f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warnings.warn(_ALIGN_WARNING, stacklevel=2)
        align_corners = False
    _args("grid_sampler", ("input:Tensor", "grid:Tensor", "align_corners:bool"), input, grid,
          align_corners)
    if input.dim() == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    nd = input.dim() - 2
    if grid.shape[-1] != nd:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {nd} in last dimension, "
                           f"but got grid with sizes {list(grid.shape)}")
    if input.dim() not in (4, 5) or grid.dim() != input.dim():
        raise RuntimeError(f"grid_sampler(): expected {'4D' if input.dim() == 4 else '5D'} input "
                           "and grid with same number of dimensions, but got input with sizes "
                           f"{list(input.shape)} and grid with sizes {list(grid.shape)}")
    if input.shape[0] != grid.shape[0]:
        raise RuntimeError("grid_sampler(): expected grid and input to have same batch size, "
                           f"but got input with sizes {list(input.shape)} and grid with sizes "
                           f"{list(grid.shape)}")
    for i in range(2, input.dim()):
        if input.shape[i] <= 0:
            raise RuntimeError(f"grid_sampler(): expected input to have non-empty spatial "
                               f"dimensions, but input has sizes {list(input.shape)} with "
                               f"dimension {i} being empty")
    if input.dtype != grid.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._cname} but found "
                           f"{grid.dtype._cname}")
    if mode == "bicubic" and nd == 3:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    name = "GridSampler2DBackward0" if nd == 2 else "GridSampler3DBackward0"
    # torch's GridSamplerInterpolation / GridSamplerPadding enums
    f = _attrs(lambda x, gr: _grid_sample(x, gr, mode, padding_mode, align_corners),
               interpolation_mode={"bilinear": 0, "nearest": 1, "bicubic": 2}.get(mode, mode),
               padding_mode={"zeros": 0, "border": 1, "reflection": 2}.get(padding_mode, padding_mode),
               align_corners=bool(align_corners))
    return named_composite(name, f, input, grid, zero_unused=True)
