"""More of torch.nn's layers: normalisations, transposed and 3-D convolutions,
resampling, pooling, padding, rearranging, the rarer activations and dropouts,
EmbeddingBag, PairwiseDistance, Buffer and the remaining losses. Each is a thin
Module over nn.functional (most of it in nn/functional2.py) with torch's
attributes, parameters, buffers, initialisation and repr (extra_repr).
"""
import math
import numbers
import warnings

from cyautograd.nn import functional as F
from cyautograd.nn import init
from cyautograd.nn.module import Module
from cyautograd.nn.modules import _AvgPoolNd, _BatchNorm, _ConvNd, _InplaceAct, _Loss, _WeightedLoss, _ntuple
from cyautograd.nn.parameter import Parameter
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

__all__ = [
    "GroupNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "BatchNorm3d", "RMSNorm",
    "LocalResponseNorm", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "Upsample",
    "UpsamplingNearest2d", "UpsamplingBilinear2d", "AdaptiveAvgPool1d", "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d", "AvgPool1d", "MaxUnpool1d", "MaxUnpool2d", "PixelShuffle",
    "PixelUnshuffle", "ChannelShuffle", "Fold", "Unfold", "ZeroPad1d", "ZeroPad2d", "ZeroPad3d",
    "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d",
    "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d",
    "CircularPad1d", "CircularPad2d", "CircularPad3d", "PReLU", "SELU", "CELU", "Softmin",
    "Softshrink", "Hardshrink", "Threshold", "RReLU", "Softmax2d", "AlphaDropout",
    "FeatureAlphaDropout", "Dropout1d", "Dropout2d", "Dropout3d", "EmbeddingBag",
    "PairwiseDistance", "Buffer", "MarginRankingLoss", "HingeEmbeddingLoss",
    "CosineEmbeddingLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss",
    "PoissonNLLLoss", "GaussianNLLLoss", "SoftMarginLoss", "MultiLabelSoftMarginLoss",
    "MultiMarginLoss", "MultiLabelMarginLoss",
]


def _T():
    import cyautograd
    return cyautograd


# ============================================================== normalisation
class GroupNorm(Module):
    """Group normalisation, as torch.nn.GroupNorm: the channels of every sample are
    split into ``num_groups`` groups, each normalised over its channels and positions,
    then scaled and shifted per channel (weight ones, bias zeros).

    Args:
        num_groups (int): groups (must divide num_channels).
        num_channels (int): channels of the input (dim 1).
        eps (float): added to the variance.
        affine (bool): learnt per-channel weight and bias.

    >>> gn = nn.GroupNorm(2, 4)
    >>> gn(torch.randn(3, 4, 5)).shape
    torch.Size([3, 4, 5])
    """

    __constants__ = ["num_groups", "num_channels", "eps", "affine"]

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, bias=True, device=None,
                 dtype=None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f"num_channels ({num_channels}) must be divisible by num_groups "
                             f"({num_groups})")
        T = _T()
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        if affine:
            self.weight = Parameter(T.empty(num_channels, dtype=dtype))
            if bias:
                self.bias = Parameter(T.empty(num_channels, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Weight to ones and bias to zeros.

        >>> nn.GroupNorm(2, 4).reset_parameters()
        """
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return "{num_groups}, {num_channels}, eps={eps}, affine={affine}, bias={b}".format(
            b=self.bias is not None, **self.__dict__)


class _InstanceNorm(_BatchNorm):
    _nd = 1

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False,
                 track_running_stats=False, device=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype=dtype)

    def _get_no_batch_dim(self):
        return self._nd + 1

    def _check_input_dim(self, input):
        nd = self._nd
        if input.dim() not in (nd + 1, nd + 2):
            raise ValueError(f"expected {nd + 1}D or {nd + 2}D input (got {input.dim()}D input)")

    def _apply_instance_norm(self, input):
        return F.instance_norm(input, self.running_mean, self.running_var, self.weight,
                               self.bias, self.training or not self.track_running_stats,
                               self.momentum if self.momentum is not None else 0.0, self.eps)

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.dim() - self._get_no_batch_dim()
        if input.size(feature_dim) != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim={feature_dim} to match "
                                 f"num_features ({self.num_features}), but got: "
                                 f"{input.size(feature_dim)}.")
            warnings.warn(f"input's size at dim={feature_dim} does not match num_features. You "
                          "can silence this warning by not passing in num_features, which is not "
                          "used because affine=False", stacklevel=3)
        if input.dim() == self._get_no_batch_dim():
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm):
    """Instance normalisation of ``(N, C, L)`` or ``(C, L)`` inputs, as
    torch.nn.InstanceNorm1d: every channel of every sample normalised over its
    positions (affine and running statistics off by default).

    >>> nn.InstanceNorm1d(3)(torch.randn(2, 3, 5)).shape
    torch.Size([2, 3, 5])
    """
    _nd = 1


class InstanceNorm2d(_InstanceNorm):
    """Instance normalisation of ``(N, C, H, W)`` or ``(C, H, W)`` inputs, as
    torch.nn.InstanceNorm2d.

    >>> nn.InstanceNorm2d(3, affine=True)(torch.randn(2, 3, 4, 4)).shape
    torch.Size([2, 3, 4, 4])
    """
    _nd = 2


class InstanceNorm3d(_InstanceNorm):
    """Instance normalisation of ``(N, C, D, H, W)`` or ``(C, D, H, W)`` inputs, as
    torch.nn.InstanceNorm3d.

    >>> nn.InstanceNorm3d(2)(torch.randn(1, 2, 3, 3, 3)).shape
    torch.Size([1, 2, 3, 3, 3])
    """
    _nd = 3


class BatchNorm3d(_BatchNorm):
    """Batch normalisation of ``(N, C, D, H, W)`` inputs, as torch.nn.BatchNorm3d.

    >>> nn.BatchNorm3d(2)(torch.randn(3, 2, 2, 2, 2)).shape
    torch.Size([3, 2, 2, 2, 2])
    """

    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError(f"expected 5D input (got {input.dim()}D input)")


class RMSNorm(Module):
    """Root mean square normalisation, as torch.nn.RMSNorm:
    ``x / sqrt(mean(x^2) + eps) * weight`` over the trailing normalized_shape dims
    (eps None: the dtype's machine epsilon; weight ones).

    >>> nn.RMSNorm(4)(torch.randn(2, 4)).shape
    torch.Size([2, 4])
    """

    __constants__ = ["normalized_shape", "eps", "elementwise_affine"]

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None,
                 dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(_T().empty(self.normalized_shape, dtype=dtype))
        else:
            self.register_parameter("weight", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Weight to ones.

        >>> nn.RMSNorm(3).reset_parameters()
        """
        if self.elementwise_affine:
            init.ones_(self.weight)

    def forward(self, x):
        return F.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return "{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}".format(
            **self.__dict__)


class LocalResponseNorm(Module):
    """Local response normalisation across channels, as torch.nn.LocalResponseNorm.

    >>> nn.LocalResponseNorm(2)(torch.randn(1, 4, 3)).shape
    torch.Size([1, 4, 3])
    """

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)


# ============================================================== convolution
class Conv3d(_ConvNd):
    """3-D convolution over ``(N, C, D, H, W)`` inputs, as torch.nn.Conv3d.

    >>> nn.Conv3d(2, 4, 3)(torch.randn(1, 2, 5, 5, 5)).shape
    torch.Size([1, 4, 3, 3, 3])
    """
    _nd = 3

    def forward(self, input):
        if self.padding_mode != "zeros" and not isinstance(self.padding, str):
            pads = []
            for p in reversed(self.padding):
                pads += [p, p]
            return F.conv3d(F.pad(input, pads, mode=self.padding_mode), self.weight, self.bias,
                            self.stride, 0, self.dilation, self.groups)
        return F.conv3d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)


class _ConvTransposeNd(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 device=None, dtype=None):
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for '
                             f"{self.__class__.__name__}")
        nd = self._nd
        Module.__init__(self)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = _ntuple(kernel_size, nd)
        self.stride = _ntuple(stride, nd)
        self.padding = _ntuple(padding, nd)
        self.dilation = _ntuple(dilation, nd)
        self.transposed = True
        self.output_padding = _ntuple(output_padding, nd)
        self.groups = groups
        self.padding_mode = padding_mode
        T = _T()
        self.weight = Parameter(T.empty((in_channels, out_channels // groups) + self.kernel_size,
                                        dtype=dtype))
        if bias:
            self.bias = Parameter(T.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def _output_padding(self, input, output_size):
        nd = self._nd
        if output_size is None:
            return self.output_padding
        has_batch = input.dim() == nd + 2    # (output_size is printed as given, as torch's)
        if len(output_size) == nd + (2 if has_batch else 1):
            output_size = output_size[-nd:]
        if len(output_size) != nd:
            raise ValueError(f"ConvTranspose{nd}D: for {input.dim()}D input, output_size must "
                             f"have {nd} or {nd + (2 if has_batch else 1)} elements (got "
                             f"{len(output_size)})")
        min_sizes, max_sizes = [], []
        for d in range(nd):
            dim_size = input.size(input.dim() - nd + d)
            min_sizes.append((dim_size - 1) * self.stride[d] - 2 * self.padding[d] +
                             self.dilation[d] * (self.kernel_size[d] - 1) + 1)
            max_sizes.append(min_sizes[d] + self.stride[d] - 1)
        for d in range(nd):
            if not min_sizes[d] <= output_size[d] <= max_sizes[d]:
                raise ValueError(f"requested an output size of {output_size}, but valid sizes "
                                 f"range from {min_sizes} to {max_sizes} (for an input of "
                                 f"{_T().Size(input.shape[-nd:])})")
        return tuple(output_size[d] - min_sizes[d] for d in range(nd))

    def forward(self, input, output_size=None):
        op = self._output_padding(input, output_size)
        fn = F.conv_transpose2d if self._nd == 2 else F.conv_transpose1d
        return fn(input, self.weight, self.bias, self.stride, self.padding, op, self.groups,
                  self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    """1-D transposed convolution, as torch.nn.ConvTranspose1d (weight
    ``(in_channels, out_channels / groups, k)``; ``forward(input, output_size=None)``).

    >>> nn.ConvTranspose1d(2, 3, 3, stride=2)(torch.randn(1, 2, 4)).shape
    torch.Size([1, 3, 9])
    """
    _nd = 1


class ConvTranspose2d(_ConvTransposeNd):
    """2-D transposed convolution, as torch.nn.ConvTranspose2d.

    >>> up = nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1)
    >>> up(torch.randn(1, 4, 5, 5)).shape
    torch.Size([1, 2, 10, 10])
    """
    _nd = 2


# ============================================================== resampling, pooling
class Upsample(Module):
    """Upsamples by interpolation, as torch.nn.Upsample (modes nearest, nearest-exact,
    linear, bilinear, trilinear, area).

    >>> nn.Upsample(scale_factor=2, mode="nearest")(torch.ones(1, 1, 2, 2)).shape
    torch.Size([1, 1, 4, 4])
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple(float(f) for f in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        if self.scale_factor is not None:
            info = "scale_factor=" + repr(self.scale_factor)
        else:
            info = "size=" + repr(self.size)
        info += ", mode=" + repr(self.mode)
        return info


class UpsamplingNearest2d(Upsample):
    """Nearest upsampling of ``(N, C, H, W)`` inputs, as torch.nn.UpsamplingNearest2d.

    >>> nn.UpsamplingNearest2d(scale_factor=2)(torch.ones(1, 1, 2, 2)).shape
    torch.Size([1, 1, 4, 4])
    """

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """Bilinear upsampling with align_corners=True, as torch.nn.UpsamplingBilinear2d.

    >>> nn.UpsamplingBilinear2d(scale_factor=2)(torch.ones(1, 1, 2, 2)).shape
    torch.Size([1, 1, 4, 4])
    """

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


class _Adaptive(Module):
    _fn = None

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_Adaptive):
    """Adaptive average pooling of ``(N, C, L)`` inputs, as torch.nn.AdaptiveAvgPool1d.

    >>> nn.AdaptiveAvgPool1d(3)(torch.randn(1, 2, 7)).shape
    torch.Size([1, 2, 3])
    """

    def __init__(self, output_size):
        super().__init__(output_size)
        del self.return_indices

    def forward(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveMaxPool1d(_Adaptive):
    """Adaptive max pooling of ``(N, C, L)`` inputs, as torch.nn.AdaptiveMaxPool1d.

    >>> nn.AdaptiveMaxPool1d(3)(torch.randn(1, 2, 7)).shape
    torch.Size([1, 2, 3])
    """

    def forward(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_Adaptive):
    """Adaptive max pooling of ``(N, C, H, W)`` inputs, as torch.nn.AdaptiveMaxPool2d.

    >>> nn.AdaptiveMaxPool2d((2, 3))(torch.randn(1, 2, 5, 7)).shape
    torch.Size([1, 2, 2, 3])
    """

    def forward(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AvgPool1d(_AvgPoolNd):
    """Average pooling of ``(N, C, L)`` inputs, as torch.nn.AvgPool1d.

    >>> nn.AvgPool1d(2)(torch.arange(4.).reshape(1, 1, 4))
    tensor([[[0.5000, 2.5000]]])
    """

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        Module.__init__(self)
        self.kernel_size = _ntuple(kernel_size, 1)
        self.stride = _ntuple(stride if (stride is not None) else kernel_size, 1)
        self.padding = _ntuple(padding, 1)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


class _MaxUnpoolNd(Module):
    _nd = 2

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        nd = self._nd
        self.kernel_size = _ntuple(kernel_size, nd)
        self.stride = _ntuple(stride if (stride is not None) else kernel_size, nd)
        self.padding = _ntuple(padding, nd)

    def forward(self, input, indices, output_size=None):
        fn = F.max_unpool2d if self._nd == 2 else F.max_unpool1d
        return fn(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpoolNd):
    """The partial inverse of MaxPool1d, as torch.nn.MaxUnpool1d.

    >>> pool, unpool = nn.MaxPool1d(2, return_indices=True), nn.MaxUnpool1d(2)
    >>> unpool(*pool(torch.tensor([[[1., 3., 2., 0.]]])))
    tensor([[[0., 3., 2., 0.]]])
    """
    _nd = 1


class MaxUnpool2d(_MaxUnpoolNd):
    """The partial inverse of MaxPool2d, as torch.nn.MaxUnpool2d.

    >>> pool, unpool = nn.MaxPool2d(2, return_indices=True), nn.MaxUnpool2d(2)
    >>> unpool(*pool(torch.randn(1, 1, 4, 4))).shape
    torch.Size([1, 1, 4, 4])
    """
    _nd = 2


# ============================================================== rearranging
class PixelShuffle(Module):
    """``(*, C * r^2, H, W)`` to ``(*, C, H * r, W * r)``, as torch.nn.PixelShuffle.

    >>> nn.PixelShuffle(2)(torch.randn(1, 8, 3, 3)).shape
    torch.Size([1, 2, 6, 6])
    """

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """``(*, C, H * r, W * r)`` to ``(*, C * r^2, H, W)``, as torch.nn.PixelUnshuffle.

    >>> nn.PixelUnshuffle(2)(torch.randn(1, 2, 6, 6)).shape
    torch.Size([1, 8, 3, 3])
    """

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f"downscale_factor={self.downscale_factor}"


class ChannelShuffle(Module):
    """Interleaves the channels of ``groups`` groups, as torch.nn.ChannelShuffle.

    >>> nn.ChannelShuffle(2)(torch.arange(4.).reshape(1, 4, 1)).flatten()
    tensor([0., 2., 1., 3.])
    """

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return F.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f"groups={self.groups}"


class Fold(Module):
    """Sums sliding blocks into a tensor (col2im), as torch.nn.Fold.

    >>> nn.Fold((4, 4), 2)(torch.ones(1, 4, 9)).shape
    torch.Size([1, 1, 4, 4])
    """

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding,
                      self.stride)

    def extra_repr(self):
        return ("output_size={output_size}, kernel_size={kernel_size}, dilation={dilation}, "
                "padding={padding}, stride={stride}".format(**self.__dict__))


class Unfold(Module):
    """Extracts sliding blocks (im2col), as torch.nn.Unfold.

    >>> nn.Unfold(2)(torch.randn(1, 3, 4, 4)).shape
    torch.Size([1, 12, 9])
    """

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return ("kernel_size={kernel_size}, dilation={dilation}, padding={padding}, "
                "stride={stride}".format(**self.__dict__))


# ============================================================== padding
class _PadNd(Module):
    _nd = 1
    _mode = "constant"

    def __init__(self, padding):
        super().__init__()
        # torch's _ntuple(2 * nd): an iterable as its tuple whatever its length
        # and items (a wrong one fails in F.pad at the first forward, as
        # torch's), anything else repeated
        from cyautograd.nn.functional2 import _ntuple
        self.padding = _ntuple(padding, 2 * self._nd)

    def forward(self, input):
        if self._mode == "constant":
            return F.pad(input, self.padding, "constant", self.value)
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding)
        self.value = value

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


def _pad_class(name, nd, mode, doc, constant=False, zero=False):
    # each class its own __init__, so a bad call is worded with its name
    # ("ReflectionPad1d.__init__() takes 2 positional arguments ...")
    if zero:
        def __init__(self, padding):
            _ConstantPadNd.__init__(self, padding, 0.0)
        body = {"extra_repr": _PadNd.extra_repr}
        base = _ConstantPadNd
    elif constant:
        def __init__(self, padding, value):
            _ConstantPadNd.__init__(self, padding, value)
        body = {}
        base = _ConstantPadNd
    else:
        def __init__(self, padding):
            _PadNd.__init__(self, padding)
        body = {}
        base = _PadNd
    __init__.__qualname__ = f"{name}.__init__"
    body["__init__"] = __init__
    body.update({"_nd": nd, "_mode": mode, "__doc__": doc, "__module__": __name__,
                 "__qualname__": name})
    return type(name, (base,), body)


_PAD_INPUTS = {1: "torch.ones(1, 1, 3)", 2: "torch.ones(1, 1, 3, 3)", 3: "torch.ones(1, 1, 3, 3, 3)"}
for _nd in (1, 2, 3):
    for _kind, _mode, _how in (("Zero", "constant", "with zeros"),
                               ("Constant", "constant", "with a constant value"),
                               ("Reflection", "reflect", "with the reflection of the input"),
                               ("Replication", "replicate", "by repeating the edge values"),
                               ("Circular", "circular", "circularly (wrapping around)")):
        _name = f"{_kind}Pad{_nd}d"
        _args = "1, 2.0" if _kind == "Constant" else "1"
        _doc = (f"Pads the last {_nd} dim(s) {_how}, as torch.nn.{_name} (padding: an int or "
                f"a {2 * _nd}-tuple (left, right, ...)).\n\n"
                f">>> nn.{_name}({_args})({_PAD_INPUTS[_nd]}).shape\n")
        globals()[_name] = _pad_class(_name, _nd, _mode, _doc, constant=_kind == "Constant",
                                      zero=_kind == "Zero")


# ============================================================== activations
class PReLU(Module):
    """``max(0, x) + a * min(0, x)`` with a learnt slope ``a`` (one, or one per
    channel), as torch.nn.PReLU (init 0.25).

    >>> nn.PReLU()(torch.tensor([-1., 2.]))
    tensor([-0.2500,  2.0000], grad_fn=<WhereBackward0>)
    """

    __constants__ = ["num_parameters"]

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(_T().empty(num_parameters, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        """The slopes back to ``init``.

        >>> nn.PReLU(3).reset_parameters()
        """
        init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"


class SELU(_InplaceAct):
    """SELU, elementwise, as torch.nn.SELU.

    >>> nn.SELU()(torch.tensor([-1., 2.]))
    tensor([-1.1113,  2.1014])
    """

    def forward(self, input):
        return F.selu(input, self.inplace)


class CELU(Module):
    """CELU, elementwise, as torch.nn.CELU.

    >>> nn.CELU()(torch.tensor([-1., 2.]))
    tensor([-0.6321,  2.0000])
    """

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f"alpha={self.alpha}{', inplace=True' if self.inplace else ''}"


class Softmin(Module):
    """softmax of the negated input along dim, as torch.nn.Softmin.

    >>> nn.Softmin(dim=0)(torch.tensor([1., 2.]))
    tensor([0.7311, 0.2689])
    """

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmin(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f"dim={self.dim}"


class Softshrink(Module):
    """Soft shrinkage, elementwise, as torch.nn.Softshrink.

    >>> nn.Softshrink(0.5)(torch.tensor([-1., 0.2, 2.]))
    tensor([-0.5000,  0.0000,  1.5000])
    """

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.softshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class Hardshrink(Module):
    """Hard shrinkage, elementwise, as torch.nn.Hardshrink.

    >>> nn.Hardshrink(0.5)(torch.tensor([-1., 0.2, 2.]))
    tensor([-1.,  0.,  2.])
    """

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def extra_repr(self):
        return f"{self.lambd}"


class Threshold(Module):
    """``x`` above threshold, ``value`` elsewhere, as torch.nn.Threshold.

    >>> nn.Threshold(0.5, -1.0)(torch.tensor([0.2, 2.]))
    tensor([-1.,  2.])
    """

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        inplace_str = ", inplace=True" if self.inplace else ""
        return f"threshold={self.threshold}, value={self.value}{inplace_str}"


class RReLU(Module):
    """Randomized leaky ReLU, as torch.nn.RReLU.

    >>> nn.RReLU().eval()(torch.tensor([-1., 2.]))
    tensor([-0.2292,  2.0000])
    """

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        inplace_str = ", inplace=True" if self.inplace else ""
        return f"lower={self.lower}, upper={self.upper}{inplace_str}"


class Softmax2d(Module):
    """softmax over the channels of ``(N, C, H, W)`` or ``(C, H, W)`` inputs, as
    torch.nn.Softmax2d.

    >>> nn.Softmax2d()(torch.zeros(1, 2, 1, 1)).flatten()
    tensor([0.5000, 0.5000])
    """

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D "
                             "instead")
        return F.softmax(input, -3, _stacklevel=5)


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    """Zeroes whole channels, as torch.nn.Dropout1d.

    >>> nn.Dropout1d(0.5).eval()(torch.ones(2, 3, 4)).shape
    torch.Size([2, 3, 4])
    """

    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    """Zeroes whole channels, as torch.nn.Dropout2d.

    >>> nn.Dropout2d(0.5).eval()(torch.ones(2, 3, 4, 4)).shape
    torch.Size([2, 3, 4, 4])
    """

    def forward(self, input):
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    """Zeroes whole channels, as torch.nn.Dropout3d.

    >>> nn.Dropout3d(0.5).eval()(torch.ones(1, 2, 2, 2, 2)).shape
    torch.Size([1, 2, 2, 2, 2])
    """

    def forward(self, input):
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    """Alpha dropout (keeps SELU's mean and variance), as torch.nn.AlphaDropout.

    >>> nn.AlphaDropout(0.2).eval()(torch.ones(3))
    tensor([1., 1., 1.])
    """

    def forward(self, input):
        return F.alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    """Alpha dropout of whole channels, as torch.nn.FeatureAlphaDropout.

    >>> nn.FeatureAlphaDropout(0.2).eval()(torch.ones(2, 3, 4)).shape
    torch.Size([2, 3, 4])
    """

    def forward(self, input):
        return F.feature_alpha_dropout(input, self.p, self.training)


# ============================================================== embedding, distance, buffer
class EmbeddingBag(Module):
    """Sums, averages or takes the max of bags of embeddings without building the
    intermediate embeddings' tensor, as torch.nn.EmbeddingBag (weight from N(0, 1)).

    ``forward(input, offsets=None, per_sample_weights=None)``.

    >>> bag = nn.EmbeddingBag(10, 3, mode="sum")
    >>> bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]), torch.tensor([0, 4])).shape
    torch.Size([2, 3])
    """

    def __init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, mode="mean", sparse=False, _weight=None,
                 include_last_offset=False, padding_idx=None, device=None, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < self.num_embeddings, \
                    "padding_idx must be within num_embeddings"
            elif padding_idx < 0:
                assert padding_idx >= -self.num_embeddings, \
                    "padding_idx must be within num_embeddings"
                padding_idx = self.num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(_T().empty((num_embeddings, embedding_dim), dtype=dtype))
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = Parameter(_weight)
        self.mode = mode
        self.sparse = sparse
        self.include_last_offset = include_last_offset

    def reset_parameters(self):
        """Weight from N(0, 1), the padding row zeroed.

        >>> nn.EmbeddingBag(4, 2).reset_parameters()
        """
        init.normal_(self.weight)
        if self.padding_idx is not None:
            from cyautograd.grad_mode import no_grad
            with no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input, offsets=None, per_sample_weights=None):
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type,
                               self.scale_grad_by_freq, self.mode, self.sparse,
                               per_sample_weights, self.include_last_offset, self.padding_idx)

    def extra_repr(self):
        s = "{num_embeddings}, {embedding_dim}"
        if self.max_norm is not None:
            s += ", max_norm={max_norm}"
        if self.norm_type != 2:
            s += ", norm_type={norm_type}"
        if self.scale_grad_by_freq is not False:
            s += ", scale_grad_by_freq={scale_grad_by_freq}"
        s += ", mode={mode}"
        if self.padding_idx is not None:
            s += ", padding_idx={padding_idx}"
        return s.format(**{k: (repr(v) if k == "mode" else v) for k, v in self.__dict__.items()})


class PairwiseDistance(Module):
    """The p-norm distance between the rows of two inputs, as torch.nn.PairwiseDistance.

    >>> nn.PairwiseDistance()(torch.tensor([[0., 0.]]), torch.tensor([[3., 4.]]))
    tensor([5.0000])
    """

    def __init__(self, p=2.0, eps=1e-6, keepdim=False):
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class _BufferMeta(type):
    def __instancecheck__(cls, instance):
        return getattr(instance, "_is_buffer", False) is True and \
            isinstance(instance, _T().Tensor)


class Buffer(metaclass=_BufferMeta):
    """A tensor that a Module registers as a buffer when assigned as an attribute, as
    torch.nn.Buffer (``persistent=False``: left out of the state_dict). ``Buffer(t)``
    returns a detached Tensor so marked.

    >>> m = nn.Module()
    >>> m.steps = nn.Buffer(torch.zeros(1))
    >>> list(m.state_dict())
    ['steps']
    """

    def __new__(cls, data=None, *, persistent=True):
        if data is None:
            data = _T().empty(0)
        t = _rg_internal(data.detach(), data.requires_grad)
        t.persistent = persistent
        t._is_buffer = True
        return t


# ============================================================== losses
class MarginRankingLoss(_Loss):
    """``max(0, -y * (x1 - x2) + margin)``, as torch.nn.MarginRankingLoss.

    >>> nn.MarginRankingLoss()(torch.tensor([1.]), torch.tensor([2.]), torch.tensor([1.]))
    tensor(1.)
    """

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return F.margin_ranking_loss(input1, input2, target, margin=self.margin,
                                     reduction=self.reduction)


class HingeEmbeddingLoss(_Loss):
    """Hinge embedding loss, as torch.nn.HingeEmbeddingLoss.

    >>> nn.HingeEmbeddingLoss()(torch.tensor([0.3, 2.]), torch.tensor([1., -1.]))
    tensor(0.1500)
    """

    def __init__(self, margin=1.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input, target):
        return F.hinge_embedding_loss(input, target, margin=self.margin, reduction=self.reduction)


class CosineEmbeddingLoss(_Loss):
    """Cosine embedding loss, as torch.nn.CosineEmbeddingLoss.

    >>> nn.CosineEmbeddingLoss()(torch.tensor([[1., 0.]]), torch.tensor([[1., 1.]]), torch.tensor([1.]))
    tensor(0.2929)
    """

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return F.cosine_embedding_loss(input1, input2, target, margin=self.margin,
                                       reduction=self.reduction)


class TripletMarginLoss(_Loss):
    """Triplet margin loss, as torch.nn.TripletMarginLoss.

    >>> a, p, n = torch.zeros(1, 2), torch.tensor([[1., 0.]]), torch.tensor([[0., 1.5]])
    >>> nn.TripletMarginLoss()(a, p, n)
    tensor(0.5000)
    """

    def __init__(self, margin=1.0, p=2.0, eps=1e-6, swap=False, size_average=None, reduce=None,
                 reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        if margin <= 0:
            raise ValueError(f"TripletMarginLoss: expected margin to be greater than 0, got "
                             f"{margin} instead")
        self.margin = margin
        self.p = p
        self.eps = eps
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return F.triplet_margin_loss(anchor, positive, negative, margin=self.margin, p=self.p,
                                     eps=self.eps, swap=self.swap, reduction=self.reduction)


class TripletMarginWithDistanceLoss(_Loss):
    """Triplet margin loss with any distance function, as
    torch.nn.TripletMarginWithDistanceLoss.

    >>> a, p, n = torch.zeros(1, 2), torch.tensor([[1., 0.]]), torch.tensor([[0., 1.5]])
    >>> nn.TripletMarginWithDistanceLoss(margin=2.0)(a, p, n).shape
    torch.Size([])
    """

    def __init__(self, *, distance_function=None, margin=1.0, swap=False, reduction="mean"):
        super().__init__(size_average=None, reduce=None, reduction=reduction)
        if margin <= 0:
            raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than "
                             f"0, got {margin} instead")
        self.distance_function = distance_function if distance_function is not None \
            else PairwiseDistance()
        self.margin = margin
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return F.triplet_margin_with_distance_loss(
            anchor, positive, negative, distance_function=self.distance_function,
            margin=self.margin, swap=self.swap, reduction=self.reduction)


class PoissonNLLLoss(_Loss):
    """Poisson negative log likelihood, as torch.nn.PoissonNLLLoss.

    >>> nn.PoissonNLLLoss()(torch.tensor([0., 1.]), torch.tensor([1., 2.]))
    tensor(0.8591)
    """

    def __init__(self, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                 reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def forward(self, log_input, target):
        return F.poisson_nll_loss(log_input, target, log_input=self.log_input, full=self.full,
                                  eps=self.eps, reduction=self.reduction)


class GaussianNLLLoss(_Loss):
    """Gaussian negative log likelihood, as torch.nn.GaussianNLLLoss;
    ``forward(input, target, var)``.

    >>> nn.GaussianNLLLoss()(torch.tensor([1., 2.]), torch.tensor([1.5, 2.]), torch.ones(2))
    tensor(0.0625)
    """

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__(None, None, reduction)
        self.full = full
        self.eps = eps

    def forward(self, input, target, var):
        return F.gaussian_nll_loss(input, target, var, full=self.full, eps=self.eps,
                                   reduction=self.reduction)


class SoftMarginLoss(_Loss):
    """Two-class logistic loss, as torch.nn.SoftMarginLoss.

    >>> nn.SoftMarginLoss()(torch.tensor([0.5, -1.]), torch.tensor([1., -1.]))
    tensor(0.3937)
    """

    def forward(self, input, target):
        return F.soft_margin_loss(input, target, reduction=self.reduction)


class MultiLabelSoftMarginLoss(_WeightedLoss):
    """One-vs-all logistic loss, as torch.nn.MultiLabelSoftMarginLoss.

    >>> nn.MultiLabelSoftMarginLoss()(torch.tensor([[0.5, -1.]]), torch.tensor([[1., 0.]]))
    tensor(0.3937)
    """

    def forward(self, input, target):
        return F.multilabel_soft_margin_loss(input, target, weight=self.weight,
                                             reduction=self.reduction)


class MultiMarginLoss(_WeightedLoss):
    """Multi-class hinge loss, as torch.nn.MultiMarginLoss.

    >>> nn.MultiMarginLoss()(torch.tensor([[0.1, 0.2, 0.4, 0.8]]), torch.tensor([3]))
    tensor(0.3250)
    """

    def __init__(self, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                 reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        if p not in (1, 2):
            raise ValueError("only p == 1 and p == 2 supported")
        if weight is not None and weight.dim() != 1:
            raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got "
                             f"{weight.dim()}D instead")
        self.p = p
        self.margin = margin

    def forward(self, input, target):
        return F.multi_margin_loss(input, target, p=self.p, margin=self.margin,
                                   weight=self.weight, reduction=self.reduction)


class MultiLabelMarginLoss(_Loss):
    """Multi-label hinge loss, as torch.nn.MultiLabelMarginLoss.

    >>> nn.MultiLabelMarginLoss()(torch.tensor([[0.1, 0.2, 0.4, 0.8]]), torch.tensor([[3, 0, -1, 1]]))
    tensor(0.8500)
    """

    def forward(self, input, target):
        return F.multilabel_margin_loss(input, target, reduction=self.reduction)


class _LPPoolNd(Module):
    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return ("norm_type={norm_type}, kernel_size={kernel_size}, stride={stride}, "
                "ceil_mode={ceil_mode}".format(**self.__dict__))


class LPPool1d(_LPPoolNd):
    """Power-average pooling of ``(N, C, L)`` inputs, as torch.nn.LPPool1d.

    >>> nn.LPPool1d(2, 2)(torch.ones(1, 1, 4))
    tensor([[[1.4142, 1.4142]]])
    """

    def forward(self, input):
        return F.lp_pool1d(input, float(self.norm_type), self.kernel_size, self.stride,
                           self.ceil_mode)


class LPPool2d(_LPPoolNd):
    """Power-average pooling of ``(N, C, H, W)`` inputs, as torch.nn.LPPool2d.

    >>> nn.LPPool2d(2, 2)(torch.ones(1, 1, 4, 4)).shape
    torch.Size([1, 1, 2, 2])
    """

    def forward(self, input):
        return F.lp_pool2d(input, float(self.norm_type), self.kernel_size, self.stride,
                           self.ceil_mode)


__all__ += ["LPPool1d", "LPPool2d"]


class CTCLoss(_Loss):
    """Connectionist temporal classification loss, as torch.nn.CTCLoss;
    ``forward(log_probs, targets, input_lengths, target_lengths)``.

    >>> lp = torch.randn(6, 2, 4).log_softmax(2)
    >>> nn.CTCLoss()(lp, torch.tensor([[1, 2], [3, 3]]), [6, 5], [2, 2]).shape
    torch.Size([])
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction=reduction)
        self.blank = blank
        self.zero_infinity = zero_infinity

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank,
                          self.reduction, self.zero_infinity)


__all__ += ["CTCLoss"]
