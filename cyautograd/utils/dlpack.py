"""DLPack interchange (torch.utils.dlpack): zero-copy tensors shared with
numpy, torch, CuPy and any library that speaks the protocol.

NOTE [ DLPack and the version counter ]
As torch's: a tensor made by from_dlpack shares the producer's *memory*, not
its version counter. The new tensor starts at version 0 with a counter of
its own (a new TensorImpl in torch), so an in-place op through one side is
seen in the other's values but bumps only its own counter. A tensor that
requires grad refuses to export (torch's BufferError), since the consumer
could write behind autograd's back; export `t.detach()` instead, which
shares t's counter as detach() always does."""
import ctypes
import enum

import numpy as np

__all__ = ["DLDeviceType", "to_dlpack", "from_dlpack"]


class DLDeviceType(enum.IntEnum):
    """The device types of dlpack.h (those torch names)."""
    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLOpenCL = 4
    kDLVulkan = 7
    kDLMetal = 8
    kDLVPI = 9
    kDLROCM = 10
    kDLROCMHost = 11
    kDLExtDev = 12
    kDLCUDAManaged = 13
    kDLOneAPI = 14
    kDLWebGPU = 15
    kDLHexagon = 16
    kDLMAIA = 17


_INVALID_CAPSULE = ("from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed "
                    "only once, so you might have already constructed a tensor from it once.")


def dlpack_device(t, arr):
    """Tensor.__dlpack_device__: (DLDeviceType, index)."""
    from cyautograd import backend
    dev = t.device
    if dev.type == "cpu":
        return (DLDeviceType.kDLCPU, 0)
    if backend.provider_name() == "cupy":
        return (DLDeviceType.kDLCUDA, dev.index)
    # the test backend's arrays say what their namespace says
    kind, idx = arr.__dlpack_device__()
    return (DLDeviceType(int(kind)), int(idx))


def dlpack(t, arr, stream=None, max_version=None, dl_device=None, copy=None):
    """Tensor.__dlpack__: the capsule of the tensor's array (zero-copy unless
    copy=True)."""
    if t.requires_grad:
        raise BufferError("Can't export tensors that require gradient, use tensor.detach()")
    if type(arr) is np.ndarray and stream is not None:
        raise AssertionError("stream should be None on cpu.")
    kwargs = {}
    if max_version is not None:
        kwargs["max_version"] = max_version
    if dl_device is not None:
        kwargs["dl_device"] = dl_device
    if copy is not None:
        kwargs["copy"] = copy
    if stream is not None:
        kwargs["stream"] = stream
    if type(arr) is np.ndarray and not arr.flags.writeable:
        # numpy exports a read-only array only versioned (with its flag);
        # a tensor's memory is always writable by the consumer, as torch's
        arr = arr.view()
        arr.flags.writeable = True
    try:
        return arr.__dlpack__(**kwargs)
    except TypeError:
        if not kwargs:
            raise
        # an older producer without the 2023 keywords: legacy capsule
        return arr.__dlpack__()


def to_dlpack(tensor):
    """A DLPack capsule sharing the tensor's memory (legacy, unversioned:
    it can be consumed once).

    >>> torch.from_dlpack(torch.to_dlpack(torch.arange(3.)))
    """
    from cyautograd.tensor import Tensor
    if not isinstance(tensor, Tensor):
        raise TypeError(f"to_dlpack(): argument 'data' (position 1) must be Tensor, not "
                        f"{type(tensor).__name__}")
    return tensor.__dlpack__()


# -- reading a capsule's device (dlpack.h's structs, for legacy capsules) ------

class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLTensorHead(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice)]


class _DLManagedTensorVersionedHead(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32),
                ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p),
                ("flags", ctypes.c_uint64), ("dl_tensor", _DLTensorHead)]


_capsule_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get_pointer.restype = ctypes.c_void_p
_capsule_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_is_valid = ctypes.pythonapi.PyCapsule_IsValid
_capsule_is_valid.restype = ctypes.c_int
_capsule_is_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _capsule_device(capsule):
    """(device_type, device_id) of an unconsumed DLPack capsule; raises
    torch's invalid-capsule error for anything else (a used one included)."""
    if type(capsule).__name__ != "PyCapsule":
        raise RuntimeError(_INVALID_CAPSULE)
    if _capsule_is_valid(capsule, b"dltensor"):
        ptr = _capsule_get_pointer(capsule, b"dltensor")
        head = _DLTensorHead.from_address(ptr)          # DLManagedTensor starts with its DLTensor
        return head.device.device_type, head.device.device_id
    if _capsule_is_valid(capsule, b"dltensor_versioned"):
        ptr = _capsule_get_pointer(capsule, b"dltensor_versioned")
        head = _DLManagedTensorVersionedHead.from_address(ptr)
        return head.dl_tensor.device.device_type, head.dl_tensor.device.device_id
    raise RuntimeError(_INVALID_CAPSULE)


class _Capsule:
    """An object with the protocol's two methods, over a capsule already made."""
    __slots__ = ("capsule", "device")

    def __init__(self, capsule, device):
        self.capsule = capsule
        self.device = device

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return self.device


class _Writable:
    """The array interface of `ro` made writable; holds `ro` (and through it
    the producer's capsule and deleter) for as long as the view lives."""
    __slots__ = ("ro", "__array_interface__")

    def __init__(self, ro):
        self.ro = ro
        iface = dict(ro.__array_interface__)
        iface["data"] = (iface["data"][0], False)
        self.__array_interface__ = iface


def _import_array(ext):
    """The array of a DLPack producer (or capsule), zero-copy: numpy's for
    the CPU, the cuda backend's namespace for a cuda device."""
    if type(ext).__name__ == "PyCapsule":
        ext = _Capsule(ext, _capsule_device(ext))
    elif not hasattr(ext, "__dlpack__"):
        raise RuntimeError(_INVALID_CAPSULE)
    kind, idx = ext.__dlpack_device__()
    if int(kind) in (DLDeviceType.kDLCPU, DLDeviceType.kDLCUDAHost):
        arr = np.from_dlpack(ext)
        if not arr.flags.writeable:
            if isinstance(ext, np.ndarray) and not ext.flags.writeable:
                return arr.copy()   # a read-only ndarray (a broadcast, a read-only map)
            # numpy marks every import of a legacy (unversioned) capsule
            # read-only; the producer's memory is writable (a tensor's
            # always is), so view it writable, keeping the import alive
            arr = np.asarray(_Writable(arr))
        return arr
    if int(kind) in (DLDeviceType.kDLCUDA, DLDeviceType.kDLCUDAManaged):
        from cyautograd import backend
        from cyautograd._device import device
        backend.check_device(device("cuda", int(idx)))
        return backend.from_dlpack(ext)
    raise RuntimeError(f"Unsupported device_type: {int(kind)}")


def from_dlpack(ext_tensor):
    """A tensor sharing the memory of a DLPack producer (an object with
    __dlpack__, or a capsule from to_dlpack). See NOTE [ DLPack and the
    version counter ]."""
    from cyautograd.variable import _wrap_array
    # a cyautograd tensor too: its memory under a fresh counter, as torch's
    # from_dlpack(torch_tensor) (detach() would share the counter)
    return _wrap_array(_import_array(ext_tensor))


def _foreign_to_host(data):
    """Another library's tensor as a cyautograd tensor over its memory, for
    cyautograd.tensor(x) to copy from (as torch.tensor(np_array) copies):
    through DLPack, detached first when the producer refuses to export a
    tensor that requires grad (torch's do)."""
    from cyautograd.variable import _wrap_array
    try:
        return _wrap_array(_import_array(data))
    except BufferError:
        if hasattr(data, "detach"):
            return _wrap_array(_import_array(data.detach()))
        raise
