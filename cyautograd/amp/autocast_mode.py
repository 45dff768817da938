"""torch.autocast / torch.amp.autocast and the custom_fwd/custom_bwd decorators.

NOTE [ autocast ]
torch's autocast runs chosen ops (matmul, linear, conv, ...) in a lower
precision inside the region: bfloat16 or float16 on the CPU, float16 on CUDA.
This library has no lower-precision kernels behind those ops, so a region
that would really autocast refuses to start (a RuntimeError that says so)
instead of silently computing in float32. Every region torch itself runs as
plain code is honoured exactly: ``enabled=False``; a CUDA region on a machine
without a working device (torch warns "CUDA is not available ... Disabling
autocast." and disables it); a dtype the device does not autocast to (torch's
warning, disabled). ``is_autocast_enabled`` reports the region, as torch."""
import functools
import warnings

_SUPPORTED = ("cpu", "cuda", "ipu", "xpu", "maia", "xla", "mps", "hpu", "mtia", "privateuseone")
_DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia",
                 "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")


def _check_type(device_type):
    # torch parses the string as a device type first
    if device_type not in _DEVICE_TYPES:
        raise RuntimeError(f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start of device "
                           f"string: {device_type}")
_enabled = {}


def is_autocast_available(device_type):
    """Whether autocast accepts this device type (torch's list)."""
    if not isinstance(device_type, str):
        raise TypeError(f"_is_autocast_available(): argument 'device_type' (position 1) must be str, "
                        f"not {type(device_type).__name__}")
    _check_type(device_type)
    return device_type in _SUPPORTED


_NO_ARG = object()


def is_autocast_enabled(device_type=_NO_ARG):
    """Whether an enabled autocast region is active for device_type (CUDA when omitted).

    >>> torch.is_autocast_enabled("cpu")
    """
    if device_type is _NO_ARG:
        device_type = "cuda"
    elif not isinstance(device_type, str):
        raise TypeError(f"is_autocast_enabled(): argument 'device_type' (position 1) must be str, "
                        f"not {type(device_type).__name__}")
    _check_type(device_type)
    if device_type not in _SUPPORTED:
        raise RuntimeError("unknown device type for autocast in get_autocast_dispatch_key_from_device_type")
    return bool(_enabled.get(device_type, False))


def _dtype_name(d):
    return "torch." + str(d).split(".")[-1]


class autocast:
    """A region whose matmul-like ops torch runs in lower precision (NOTE [
    autocast]): honoured where torch runs it as plain code (``enabled=False``,
    CUDA without a device, a dtype the device does not support); a region that
    would really lower precision raises, since no such kernels exist here.
    Usable as a context manager and as a decorator.

    >>> with torch.autocast("cpu", enabled=False): y = torch.ones(2) @ torch.ones(2)
    """

    def __init__(self, device_type, dtype=None, enabled=True, cache_enabled=None):
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        _check_type(device_type)
        if device_type not in _SUPPORTED:
            raise RuntimeError(f"User specified an unsupported autocast device_type '{device_type}'")
        import cyautograd
        self.device = device_type
        self.fast_dtype = dtype
        self._cache_enabled = True if cache_enabled is None else cache_enabled
        if enabled:
            if device_type == "cuda":
                if not cyautograd.cuda.is_available():
                    warnings.warn("CUDA is not available or torch_xla is imported. Disabling autocast.",
                                  stacklevel=2)
                    enabled = False
            elif dtype is not None and dtype is not cyautograd.float16:
                name = device_type.upper()
                warnings.warn(f"In {name} autocast, but the target dtype is not supported. Disabling autocast.\n"
                              f"{name} Autocast only supports dtypes of torch.bfloat16, torch.float16 currently.",
                              stacklevel=2)
                enabled = False
        if enabled:
            what = "bfloat16" if dtype is None and device_type == "cpu" else \
                "float16" if dtype is None else str(dtype).split(".")[-1]
            raise RuntimeError(
                f"cyautograd: autocast to {what} on '{device_type}' is not supported: this library has no "
                "lower-precision kernels for the ops autocast lowers (NOTE [ autocast ]); run the region "
                "with enabled=False to compute it in full precision")
        self._enabled = enabled

    def __enter__(self):
        self.prev = _enabled.get(self.device, False)
        _enabled[self.device] = self._enabled
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        _enabled[self.device] = self.prev
        return False

    def __call__(self, func):
        if not callable(func):
            raise TypeError(
                f"autocast()(func) requires a callable, but got {type(func).__name__}. "
                f"Did you mean to use autocast as a context manager? For example:\n"
                f"    with torch.autocast(device_type=...):\n"
                f"        output = model(input)")

        @functools.wraps(func)
        def decorate_autocast(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return decorate_autocast


def custom_fwd(fwd=None, *, device_type, cast_inputs=None):
    """Decorator for a custom Function's forward: under an enabled autocast
    region torch runs it with autocast's state (or casts its inputs with
    ``cast_inputs``); such regions never run here (NOTE [ autocast ]), so the
    forward runs as written.

    >>> f = torch.amp.custom_fwd(lambda ctx, x: x, device_type="cpu")
    """
    if not isinstance(device_type, str):
        raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
    if fwd is None:
        return functools.partial(custom_fwd, device_type=device_type, cast_inputs=cast_inputs)

    @functools.wraps(fwd)
    def decorate_fwd(*args, **kwargs):
        return fwd(*args, **kwargs)
    return decorate_fwd


def custom_bwd(bwd=None, *, device_type):
    """Decorator for a custom Function's backward: runs it with the forward's
    autocast state, which is always disabled here (NOTE [ autocast ]).

    >>> b = torch.amp.custom_bwd(lambda ctx, g: g, device_type="cpu")
    """
    if not isinstance(device_type, str):
        raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
    if bwd is None:
        return functools.partial(custom_bwd, device_type=device_type)

    @functools.wraps(bwd)
    def decorate_bwd(*args, **kwargs):
        return bwd(*args, **kwargs)
    return decorate_bwd
