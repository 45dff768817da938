"""The 3-D pooling modules, ConvTranspose3d and the lazy modules (LazyLinear,
LazyConv*, LazyConvTranspose*, LazyBatchNorm*) of cyautograd.nn, as torch.nn's
(issue 15: what real programs use).

NOTE [ Lazy modules ]
A lazy module is its eager class built with zero input size, with its
parameters (and running statistics) replaced by Uninitialized ones. A forward
pre-hook reads the input's size on the first call, materializes them (the
Uninitialized object becomes a plain Parameter/Tensor in place, so references
held by an optimizer stay valid), runs the eager class's reset_parameters (so
the values are what torch draws from the same seed) and turns the module into
its eager class (``type(m)`` is then Linear, Conv2d, ...), as torch's
LazyModuleMixin does."""
from cyautograd.nn import functional as F
from cyautograd.nn.layers import _Adaptive, _ConvTransposeNd, BatchNorm3d
from cyautograd.nn.module import Module
from cyautograd.nn.modules import BatchNorm1d, BatchNorm2d, Conv1d, Conv2d, Linear, _AvgPoolNd, _PoolNd
from cyautograd.nn.layers import Conv3d, ConvTranspose1d, ConvTranspose2d
from cyautograd.nn.parameter import Parameter

__all__ = ["MaxPool3d", "AvgPool3d", "AdaptiveAvgPool3d", "AdaptiveMaxPool3d",
           "ConvTranspose3d", "LazyLinear", "LazyConv1d", "LazyConv2d", "LazyConv3d",
           "LazyConvTranspose1d", "LazyConvTranspose2d", "LazyConvTranspose3d",
           "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d"]


def _T():
    import cyautograd
    return cyautograd


# ============================================================== 3-D pools
class MaxPool3d(_PoolNd):
    """3-D max pooling over ``(N, C, D, H, W)`` inputs, as torch.nn.MaxPool3d.

    >>> nn.MaxPool3d(2)(torch.randn(1, 2, 4, 4, 4)).shape
    """

    def forward(self, input):
        return F.max_pool3d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class AvgPool3d(_AvgPoolNd):
    """3-D average pooling over ``(N, C, D, H, W)`` inputs, as torch.nn.AvgPool3d.

    >>> nn.AvgPool3d(2)(torch.randn(1, 2, 4, 4, 4)).shape
    """
    _avg_pool = staticmethod(F.avg_pool3d)


class AdaptiveAvgPool3d(_Adaptive):
    """Adaptive average pooling of ``(N, C, D, H, W)`` inputs, as torch.nn.AdaptiveAvgPool3d.

    >>> nn.AdaptiveAvgPool3d(2)(torch.randn(1, 2, 5, 5, 5)).shape
    """

    def __init__(self, output_size):
        super().__init__(output_size)
        del self.return_indices

    def forward(self, input):
        return F.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool3d(_Adaptive):
    """Adaptive max pooling of ``(N, C, D, H, W)`` inputs, as torch.nn.AdaptiveMaxPool3d.

    >>> nn.AdaptiveMaxPool3d(2)(torch.randn(1, 2, 5, 5, 5)).shape
    """

    def forward(self, input):
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)


# ============================================================== ConvTranspose3d
class ConvTranspose3d(_ConvTransposeNd):
    """3-D transposed convolution, as torch.nn.ConvTranspose3d (weight
    ``(in_channels, out_channels / groups, kd, kh, kw)``).

    >>> nn.ConvTranspose3d(2, 3, 2, stride=2)(torch.randn(1, 2, 2, 2, 2)).shape
    """
    _nd = 3

    def forward(self, input, output_size=None):
        op = self._output_padding(input, output_size)
        return F.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding, op,
                                  self.groups, self.dilation)


# ============================================================== lazy modules
_UNINIT_SHAPE = ("Can't access the shape of an uninitialized parameter or buffer. This error "
                 "usually happens in `load_state_dict` when trying to load an uninitialized "
                 "parameter into an initialized one. Call `forward` to initialize the parameters "
                 "before accessing their attributes.")


class _UninitializedMixin:
    cls_to_become = None

    def __repr__(self):
        return f"<{type(self).__name__}>"

    @property
    def shape(self):
        """Refused until the first forward gives the object its shape (torch's error).

        >>> m = nn.LazyLinear(3)
        >>> m(torch.randn(2, 5)).shape, m.weight.shape
        """
        raise RuntimeError(_UNINIT_SHAPE)

    def materialize(self, shape, device=None, dtype=None):
        """Give the object its data (uninitialized values, as torch.empty) and turn it
        into its eager class.

        >>> p = nn.UninitializedParameter()
        >>> p.materialize((2, 3))
        >>> type(p).__name__
        'Parameter'
        """
        T = _T()
        self.data = T.empty(tuple(shape), dtype=dtype or self.dtype, device=device or self.device)
        self.__class__ = self.cls_to_become


class UninitializedParameter(_UninitializedMixin, Parameter):
    """A Parameter whose shape is not known yet (torch.nn.parameter.UninitializedParameter);
    a lazy module materializes it on its first forward.

    >>> nn.UninitializedParameter()
    <UninitializedParameter>
    """
    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        T = _T()
        return Parameter.__new__(cls, T.empty(0, dtype=dtype, device=device), requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass


def _buffer_class():
    T = _T()

    class UninitializedBuffer(_UninitializedMixin, T.Tensor):
        """A buffer whose shape is not known yet (torch.nn.parameter.UninitializedBuffer).
        Tensor is a static type, so a buffer cannot change class in place: the lazy
        module registers the tensor ``materialize`` returns in its place.

        >>> nn.UninitializedBuffer()
        <UninitializedBuffer>
        """
        cls_to_become = T.Tensor

        def __new__(cls, requires_grad=False, device=None, dtype=None):
            b = T.Tensor.__new__(cls)
            b._cya_init(T.empty(0, dtype=dtype, device=device), requires_grad)
            return b

        def __init__(self, requires_grad=False, device=None, dtype=None):
            pass

        def materialize(self, shape, device=None, dtype=None):
            """A new tensor of ``shape`` (uninitialized values) to register in this
            buffer's place.

            >>> nn.UninitializedBuffer().materialize((2,)).shape
            """
            return T.empty(tuple(shape), dtype=dtype or self.dtype, device=device or self.device)
    return UninitializedBuffer


def _new_buffer(dtype=None, device=None):
    return UninitializedBuffer(device=device, dtype=dtype)


def _has_uninitialized(m):
    return any(isinstance(v, _UninitializedMixin) for v in
               list(m._parameters.values()) + list(m._buffers.values()))


class _LazyMixin:
    """NOTE [ Lazy modules ]"""
    cls_to_become = None

    def _lazy_setup(self):
        self._lazy_hook = self.register_forward_pre_hook(_LazyMixin._infer_parameters)

    def has_uninitialized_params(self):
        """Whether a parameter or buffer still waits for the first forward.

        >>> nn.LazyLinear(3).has_uninitialized_params()
        True
        """
        return _has_uninitialized(self)

    @staticmethod
    def _infer_parameters(module, args):
        module.initialize_parameters(*args)
        if _has_uninitialized(module):
            raise RuntimeError(f"module {module._get_name()} has not been fully initialized")
        module._lazy_hook.remove()
        del module._lazy_hook
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become


class LazyLinear(_LazyMixin, Linear):
    """A Linear whose in_features is inferred from the first input, as torch.nn.LazyLinear
    (it becomes a Linear then).

    >>> m = nn.LazyLinear(3)
    >>> m(torch.randn(2, 5)).shape, type(m).__name__
    """
    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        Linear.__init__(self, 0, 0, False)
        # torch's factory_kwargs: the device is parsed (and used) here, before bias is read
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)
        self._lazy_setup()

    def reset_parameters(self):
        """The eager class's reset_parameters, once the parameters have their shapes.

        >>> nn.LazyLinear(3).reset_parameters()
        """
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        """Read the input's size and materialize the parameters (the first forward's
        pre-hook calls this).

        >>> m = nn.LazyLinear(3)
        >>> m.initialize_parameters(torch.randn(2, 5))
        >>> m.has_uninitialized_params()
        False
        """
        if self.has_uninitialized_params():
            T = _T()
            with T.no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()


class _LazyConvMixin(_LazyMixin):
    def _lazy_conv_init(self, out_channels, bias, dtype, device=None):
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_channels = out_channels
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)
        self._lazy_setup()

    def reset_parameters(self):
        """The eager class's reset_parameters, once the parameters have their shapes.

        >>> nn.LazyConv2d(4, 3).reset_parameters()
        """
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args):
        """Read the input's size and materialize the parameters (the first forward's
        pre-hook calls this).

        >>> m = nn.LazyConv2d(4, 3)
        >>> m.initialize_parameters(torch.randn(1, 2, 5, 5))
        >>> m.has_uninitialized_params()
        False
        """
        if self.has_uninitialized_params():
            T = _T()
            nd = self._nd
            batched = input.dim() == nd + 2
            self.in_channels = input.shape[1] if batched else input.shape[0]
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            if self.transposed:
                shape = (self.in_channels, self.out_channels // self.groups) + self.kernel_size
            else:
                shape = (self.out_channels, self.in_channels // self.groups) + self.kernel_size
            with T.no_grad():
                self.weight.materialize(shape)
                if self.bias is not None:
                    self.bias.materialize((self.out_channels,))
                self.reset_parameters()


def _lazy_conv(name, eager, transposed):
    if transposed:
        def __init__(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                     groups=1, bias=True, dilation=1, padding_mode="zeros", device=None,
                     dtype=None):
            eager.__init__(self, 0, 0, kernel_size, stride, padding, output_padding, groups,
                           False, dilation, padding_mode)
            self._lazy_conv_init(out_channels, bias, dtype, device)
    else:
        def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                     bias=True, padding_mode="zeros", device=None, dtype=None):
            eager.__init__(self, 0, 0, kernel_size, stride, padding, dilation, groups, False,
                           padding_mode)
            self._lazy_conv_init(out_channels, bias, dtype, device)
    cls = type(name, (_LazyConvMixin, eager), {
        "__init__": __init__, "cls_to_become": eager, "__module__": __name__,
        "__doc__": f"A {eager.__name__} whose in_channels is inferred from the first input, as "
                   f"torch.nn.{name} (it becomes a {eager.__name__} then).\n\n"
                   f">>> nn.{name}(4, 2)(torch.randn(1, 3{', 4' * eager._nd})).shape\n"})
    return cls


LazyConv1d = _lazy_conv("LazyConv1d", Conv1d, False)
LazyConv2d = _lazy_conv("LazyConv2d", Conv2d, False)
LazyConv3d = _lazy_conv("LazyConv3d", Conv3d, False)
LazyConvTranspose1d = _lazy_conv("LazyConvTranspose1d", ConvTranspose1d, True)
LazyConvTranspose2d = _lazy_conv("LazyConvTranspose2d", ConvTranspose2d, True)
LazyConvTranspose3d = _lazy_conv("LazyConvTranspose3d", ConvTranspose3d, True)


class _LazyNormMixin(_LazyMixin):
    def _lazy_norm_init(self, eager, eps, momentum, affine, track_running_stats, dtype, device=None):
        eager.__init__(self, 0, eps, momentum, False, False)
        self.affine = affine
        self.track_running_stats = track_running_stats
        T = _T()
        if affine:
            self.weight = UninitializedParameter(device=device, dtype=dtype)
            self.bias = UninitializedParameter(device=device, dtype=dtype)
        if track_running_stats:
            self.register_buffer("running_mean", _new_buffer(dtype, device))
            self.register_buffer("running_var", _new_buffer(dtype, device))
            self.register_buffer("num_batches_tracked", T.tensor(0, dtype=T.long, device=device))
        self._lazy_setup()

    def reset_parameters(self):
        """The eager class's reset_parameters, once the parameters have their shapes.

        >>> nn.LazyBatchNorm1d().reset_parameters()
        """
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        """Read the input's size and materialize the parameters (the first forward's
        pre-hook calls this).

        >>> m = nn.LazyBatchNorm1d()
        >>> m.initialize_parameters(torch.randn(4, 3))
        >>> m.has_uninitialized_params()
        False
        """
        if self.has_uninitialized_params():
            T = _T()
            self.num_features = input.shape[1] if input.dim() > 1 else input.shape[0]
            with T.no_grad():
                if self.affine:
                    self.weight.materialize((self.num_features,))
                    self.bias.materialize((self.num_features,))
                if self.track_running_stats:
                    for name in ("running_mean", "running_var"):
                        self._buffers[name] = self._buffers[name].materialize(
                            (self.num_features,))
                self.reset_parameters()


_SPATIAL = {"1": 0, "2": 2, "3": 3}     # the example input's spatial dims per BatchNorm{1,2,3}d


def _lazy_norm(name, eager):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 device=None, dtype=None):
        self._lazy_norm_init(eager, eps, momentum, affine, track_running_stats, dtype, device)
    return type(name, (_LazyNormMixin, eager), {
        "__init__": __init__, "cls_to_become": eager, "__module__": __name__,
        "__doc__": f"A {eager.__name__} whose num_features is inferred from the first input, "
                   f"as torch.nn.{name} (it becomes a {eager.__name__} then).\n\n"
                   f">>> nn.{name}()(torch.randn(4, 3{', 2' * _SPATIAL[name[-2]]})).shape\n"})


UninitializedBuffer = _buffer_class()
LazyBatchNorm1d = _lazy_norm("LazyBatchNorm1d", BatchNorm1d)
LazyBatchNorm2d = _lazy_norm("LazyBatchNorm2d", BatchNorm2d)
LazyBatchNorm3d = _lazy_norm("LazyBatchNorm3d", BatchNorm3d)

# torch.nn.parameter's names
from cyautograd.nn import parameter as _parameter  # noqa: E402
_parameter.UninitializedParameter = UninitializedParameter
_parameter.UninitializedBuffer = UninitializedBuffer
