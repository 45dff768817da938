"""Device dispatch: the only place that maps a device to an array namespace.

NOTE [ Device backends ]
`device("cpu")` is numpy, and numpy arrays keep their C fast paths: every op
tests `type(x) is np.ndarray` first and never reaches this module for them.
Every other array speaks the Array API standard through its namespace
(`array_api_compat.array_namespace(x)`), and this module answers the three
questions the rest of the library may ask about such an array: which
namespace (`namespace`), which device (`device_of`), and how to move data
between the host and a device (`from_host`, `to_host`, `move`). Beyond the
standard, a provider answers only geometry: an array's strides and address
(`geometry`) and a strided view of its memory (`strided_view`, for
as_strided, diagonal and unfold, which the standard cannot express); all
array math stays in the namespace.

A device type other than cpu is served by a *provider*:
  - "cuda" is CuPy (`_CuPyProvider`), imported only when a cuda device is
    first asked for. It counts as available only when a real allocation and
    a kernel succeed on device 0 (`cuda.is_available()` must never say yes
    and then crash).
  - tests may install `StrictProvider` for "cuda" (`use_test_backend()`, or
    the environment variable CYAUTOGRAD_TEST_DEVICE=array_api_strict before
    import): cuda:N tensors then hold `array-api-strict` arrays on its
    non-default devices, which refuse conversion to numpy and mixing with
    arrays of another device. The op/autograd suite run on it proves on a
    CPU-only machine that no op silently falls back to numpy or drops the
    device.
Without a provider that works, asking for cuda raises torch's own errors
("Torch not compiled with CUDA enabled" without CuPy, "No CUDA GPUs are
available" with CuPy and no usable GPU)."""
import os

import numpy as np

from cyautograd._device import CPU, device

_ndarray = np.ndarray
_NOT_COMPILED = "Torch not compiled with CUDA enabled"
_NO_GPU = "No CUDA GPUs are available"


class _CuPyProvider:
    """cuda:N on CuPy."""
    name = "cupy"

    def __init__(self):
        import cupy as cp   # ImportError: not compiled with CUDA
        self.cp = cp
        n = cp.cuda.runtime.getDeviceCount()
        if n <= 0:
            raise RuntimeError(_NO_GPU)
        # a real allocation and a kernel, read back: a driver that imports
        # but cannot run kernels (wrong CUDA version, no device) fails here
        with cp.cuda.Device(0):
            probe = cp.arange(4, dtype=cp.float32) * 2
            if float(probe.sum().get()) != 12.0:
                raise RuntimeError(_NO_GPU)
        self.count = n
        try:
            import array_api_compat.cupy as xp
        except ImportError:   # without the compat layer CuPy's own module is close enough
            xp = cp
        self.xp = xp

    def owns(self, arr):
        return isinstance(arr, self.cp.ndarray)

    def device_count(self):
        return self.count

    def index_of(self, arr):
        return arr.device.id

    def from_host(self, host, index):
        with self.cp.cuda.Device(index):
            return self.cp.asarray(host)

    def to_host(self, arr):
        return self.cp.asnumpy(arr)

    def move(self, arr, index):
        with self.cp.cuda.Device(index):
            return self.cp.array(arr, copy=True)

    def current_device(self):
        return self.cp.cuda.runtime.getDevice()

    def set_device(self, index):
        self.cp.cuda.runtime.setDevice(index)

    def synchronize(self, index):
        with self.cp.cuda.Device(index):
            self.cp.cuda.runtime.deviceSynchronize()

    def manual_seed(self, seed, index=None):
        if index is None:
            self.cp.random.seed(seed)
        else:
            with self.cp.cuda.Device(index):
                self.cp.random.seed(seed)

    def namespace(self):
        return self.xp

    def xp_device(self, index):
        return self.cp.cuda.Device(index)

    def geometry(self, arr):
        return tuple(arr.strides), arr.data.ptr, bool(arr.flags.c_contiguous)

    def copy(self, arr):
        return arr.copy()

    def contiguous(self, arr):
        return self.cp.ascontiguousarray(arr)

    def owns_dense(self, arr):
        return arr.base is None and bool(arr.flags.c_contiguous)

    def strided_view(self, arr, shape, strides, byte_offset):
        return self.cp.ndarray(shape, arr.dtype, memptr=arr.data + byte_offset, strides=strides)


class _Interface:
    """An array interface over another array's memory (keeps it alive)."""

    def __init__(self, iface, base):
        self.__array_interface__ = iface
        self.base = base


class StrictProvider:
    """cuda:N on array-api-strict's devices "device1", "device2" (tests)."""
    name = "array_api_strict"

    def __init__(self):
        import array_api_strict as xs
        from array_api_strict._array_object import Array
        self.xp = xs
        self.array_type = Array
        self.devices = (xs.Device("device1"), xs.Device("device2"))
        self.host = xs.__array_namespace_info__().default_device()
        self.current = 0
        self.seed = None

    def owns(self, arr):
        return isinstance(arr, self.array_type)

    def device_count(self):
        return len(self.devices)

    def index_of(self, arr):
        return self.devices.index(arr.device)

    def from_host(self, host, index):
        return self.xp.asarray(np.array(host, copy=True), device=self.devices[index])

    def to_host(self, arr):
        # the one sanctioned way off the device: an explicit transfer
        return np.array(self.xp.asarray(arr, device=self.host, copy=True), copy=True)

    def move(self, arr, index):
        return self.xp.asarray(arr, device=self.devices[index], copy=True)

    def current_device(self):
        return self.current

    def set_device(self, index):
        self.current = index

    def synchronize(self, index):
        pass

    def manual_seed(self, seed, index=None):
        self.seed = seed

    def namespace(self):
        return self.xp

    def xp_device(self, index):
        return self.devices[index]

    def geometry(self, arr):
        # array-api-strict hides its buffer; its geometry is read from the
        # wrapped ndarray here, in the test provider only (never its values)
        inner = arr._array
        return tuple(inner.strides), inner.ctypes.data, bool(inner.flags.c_contiguous)

    def copy(self, arr):
        return self.xp.asarray(arr, copy=True)

    def owns_dense(self, arr):
        inner = arr._array
        return inner.base is None and bool(inner.flags.c_contiguous)

    def contiguous(self, arr):
        # a C-ordered copy on arr's device (the standard has no layouts; the
        # test provider makes it from the wrapped ndarray, as geometry reads it)
        return self.array_type._new(np.ascontiguousarray(arr._array), device=arr.device)

    def strided_view(self, arr, shape, strides, byte_offset):
        # a numpy view of the wrapped ndarray's memory (as_strided's own
        # array-interface construction, from a shifted start), re-wrapped on
        # arr's device: writes through it reach arr, as a CuPy view's do
        inner = arr._array
        iface = {"data": (inner.ctypes.data + byte_offset, False), "shape": tuple(shape),
                 "strides": tuple(strides), "typestr": inner.dtype.str, "version": 3}
        view = np.asarray(_Interface(iface, inner))
        return self.array_type._new(view, device=arr.device)


_provider = None          # the working provider for "cuda", once asked for
_provider_error = None    # the exception to raise again when none works
_test_provider_cls = None


def _load():
    global _provider, _provider_error
    if _provider is not None:
        return _provider
    if _provider_error is not None:
        raise _provider_error
    cls = _test_provider_cls or _CuPyProvider
    try:
        _provider = cls()
    except ImportError:
        _provider_error = AssertionError(_NOT_COMPILED)
    except Exception:   # CuPy without a driver, a device or a working kernel
        _provider_error = RuntimeError(_NO_GPU)
    if _provider is None:
        raise _provider_error
    return _provider


def use_test_backend(name="array_api_strict"):
    """Serve "cuda" from the test-only array-api-strict provider (or, with
    name None, go back to CuPy). Tensors made before the switch keep their
    arrays."""
    global _provider, _provider_error, _test_provider_cls
    _test_provider_cls = {"array_api_strict": StrictProvider, None: None}[name]
    _provider = _provider_error = None


def provider_name():
    """"cupy" or "array_api_strict" when cuda works, else None."""
    try:
        return _load().name
    except (AssertionError, RuntimeError):
        return None


if os.environ.get("CYAUTOGRAD_TEST_DEVICE") == "array_api_strict":
    use_test_backend("array_api_strict")


# -- availability -------------------------------------------------------------

def is_available():
    try:
        _load()
        return True
    except (AssertionError, RuntimeError):
        return False


def device_count():
    try:
        return _load().device_count()
    except (AssertionError, RuntimeError):
        return 0


def require_accelerator():
    """torch.device(int) and friends: an accelerator index needs one."""
    if not is_available():
        raise RuntimeError("Cannot access accelerator device when none is available.")


def check_device(dev):
    """A device argument (device, str, int or None) as a device, checked as
    torch's factories check it: cuda needs a working provider and an index
    below the device count."""
    if dev is None:
        return None
    if type(dev) is not device:
        if type(dev) is int:
            if not -(1 << 63) <= dev < (1 << 63):   # NOTE [ An int past int64 unpacks as a ValueError ]
                raise ValueError("Overflow when unpacking long long")
            if dev < 0:
                raise RuntimeError("Device index must not be negative")
            require_accelerator()
            dev = device("cuda", dev)
        elif isinstance(dev, str):
            dev = device(dev)
        else:
            raise TypeError(f"expected a device (cyautograd.device, str or int), got {type(dev).__name__}")
    if dev.type == "cpu":
        return dev
    if dev.type != "cuda":
        raise AssertionError(f"Torch not compiled with {dev.type.upper()} enabled")
    p = _load()
    if dev.index is not None and dev.index >= p.device_count():
        raise RuntimeError("CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously "
                           "reported at some other API call, so the stacktrace below might be incorrect.\n"
                           "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with "
                           "`TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
    return dev


def index_of(dev):
    """The concrete index of a checked cuda device (None -> current)."""
    return _load().current_device() if dev.index is None else dev.index


# -- arrays -------------------------------------------------------------------

def is_device_array(arr):
    return _provider is not None and _provider.owns(arr)


def namespace(arr):
    """The Array API namespace of an array (numpy's compat namespace for
    numpy arrays)."""
    if type(arr) is _ndarray or isinstance(arr, np.generic):
        return np
    if _provider is not None and _provider.owns(arr):
        return _provider.namespace()
    from array_api_compat import array_namespace
    return array_namespace(arr)


def array_module(arr):
    return namespace(arr)


def device_of(arr):
    if type(arr) is _ndarray or isinstance(arr, np.generic):
        return CPU
    if _provider is not None and _provider.owns(arr):
        return device("cuda", _provider.index_of(arr))
    raise TypeError(f"cyautograd: an array of type {type(arr).__name__} has no known device")


def from_host(host, dev):
    """A copy of numpy array `host` on cuda device `dev` (checked)."""
    return _load().from_host(host, index_of(dev))


def to_host(arr):
    """A numpy array with arr's values (arr itself when it is one)."""
    if type(arr) is _ndarray:
        return arr
    return _load().to_host(arr)


def transfer(arr, dev):
    """arr's values on device dev (checked): arr itself when it is there."""
    src = device_of(arr)
    if dev.type == "cpu":
        return arr if src.type == "cpu" else to_host(arr)
    idx = index_of(dev)
    if src.type == "cpu":
        return from_host(arr, dev)
    if src.index == idx:
        return arr
    return _load().move(arr, idx)


def from_dlpack(ext):
    """A cuda DLPack producer's array in the cuda namespace (zero-copy)."""
    return _load().namespace().from_dlpack(ext)


def xp_device(dev):
    """The namespace's own device object for a cuda device."""
    return _load().xp_device(index_of(dev))


def np_dtype(arr_dtype):
    """numpy's dtype for a namespace dtype (CuPy's are numpy's already)."""
    if isinstance(arr_dtype, np.dtype):
        return arr_dtype
    inner = getattr(arr_dtype, "_np_dtype", None)   # array-api-strict's DType
    if inner is not None:
        return np.dtype(inner)
    return np.dtype(str(arr_dtype).rsplit(".", 1)[-1])


def xp_dtype(xp, npd):
    """The namespace's dtype for a numpy dtype."""
    if xp is np:
        return npd
    name = np.dtype(npd).name
    dt = getattr(xp, name, None)
    if dt is None:
        # the standard has no float16 (CuPy has it; array-api-strict does
        # not): refused in the words torch uses for a dtype a backend lacks
        raise TypeError(f"Cannot convert a CUDA tensor to {name} dtype as the device namespace "
                        f"({getattr(xp, '__name__', type(xp).__name__)}) doesn't support {name}.")
    return dt


def to_device(t, dev, dtype=None, copy=False):
    """Tensor t on device dev (and dtype): the differentiable move (its node is
    ToCopyBackward0, whose backward moves the gradient back)."""
    from cyautograd.ops.device import to_device as _to
    return _to(t, check_device(dev), dtype, copy)


# -- the cuda module's state --------------------------------------------------

def current_device():
    return _load().current_device()


def set_device(index):
    p = _load()
    if index >= p.device_count():
        check_device(device("cuda", index))
    p.set_device(index)


def synchronize(index=None):
    p = _load()
    p.synchronize(p.current_device() if index is None else index)


def manual_seed(seed, index=None):
    if _provider is not None:
        _provider.manual_seed(seed, index)


def is_initialized():
    return _provider is not None


# -- geometry (metadata only: no array math) ----------------------------------

def geometry(arr):
    """(strides in bytes, data address, C-contiguous) of a device array."""
    return _load().geometry(arr)


def copy(arr):
    """A fresh copy of a device array on its device."""
    return _load().copy(arr)


def contiguous(arr):
    """A C-contiguous copy of a device array on its device."""
    return _load().contiguous(arr)


def owns_dense(arr):
    """Whether a device array is no view of another array and is C-contiguous:
    a gradient AccumulateGrad may take over as a leaf's .grad (NOTE [ Stealing
    the incoming gradient ] in functions/accumulate_grad.pyx)."""
    return _load().owns_dense(arr)


def strided_view(arr, shape, strides, byte_offset):
    """A view of a device array's memory with this geometry (strides and
    offset in bytes, the offset from arr's first element; the caller has
    checked that it stays inside arr's storage). The standard has no strided
    views (as_strided, diagonal, unfold): a provider makes them from its
    own array's geometry, as `geometry` reads it."""
    return _load().strided_view(arr, tuple(shape), tuple(strides), byte_offset)