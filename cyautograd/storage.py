"""cyautograd.storage, shaped like torch.storage: the memory a tensor and
its views share, as ``Tensor.untyped_storage()`` (bytes) and
``Tensor.storage()`` (elements of the tensor's dtype).

A storage here is a read-only window on that memory for inspection: its
size, its address (``data_ptr``, to tell whether two tensors share memory),
its elements. cyautograd's tensors own numpy (or device) arrays, so storages
cannot be made or resized from Python; ``Tensor.set_`` takes them as sources
(NOTE [ set_ ] in ops/extra2.py)."""
import numpy as np

__all__ = ["UntypedStorage", "TypedStorage"]

_warned_typed = []


class _StorageBase:
    def __init__(self, tensor):
        from cyautograd.variable import _storage_array
        self._tensor = tensor
        self._array = _storage_array(tensor)

    def nbytes(self):
        """The storage's size in bytes."""
        if isinstance(self._array, np.ndarray):
            return len(_block_bytes(self._array))
        return int(self._array.nbytes)

    def data_ptr(self):
        """The address of the storage's first byte, an int."""
        t = self._tensor
        return t.data_ptr() - t.storage_offset() * t.element_size()

    @property
    def device(self):
        """The device of the memory."""
        return self._tensor.device

    def is_shared(self):
        """Whether the memory is shared between processes (never here)."""
        return False

    def _flat(self, dtype):
        arr = self._array
        if not isinstance(arr, np.ndarray):
            from cyautograd import backend
            arr = backend.to_numpy(arr) if hasattr(backend, "to_numpy") else np.asarray(arr)
            return np.ascontiguousarray(arr).reshape(-1).view(dtype)
        return _reinterpret(_block_bytes(arr), np.dtype(dtype))


def _block_bytes(arr):
    """The bytes of a numpy storage array as torch counts them (NOTE [ A
    storage's extent ] in ops/shape.pyx): from the first element to the last,
    gaps included, as a writable uint8 view sharing the memory."""
    if arr.flags.c_contiguous or arr.flags.f_contiguous:
        return arr.reshape(-1, order="A").view(np.uint8)
    if arr.size == 0:
        return np.empty(0, np.uint8)
    span = arr.itemsize + sum((d - 1) * s for d, s in zip(arr.shape, arr.strides))
    first = arr[(slice(0, 1),) * arr.ndim].reshape(-1).view(np.uint8)
    return np.lib.stride_tricks.as_strided(first, (span,), (1,))


def _reinterpret(block, npdt):
    """`block`'s whole elements of `npdt` (a trailing partial one dropped, as
    torch sizes a storage viewed through another dtype)."""
    n = len(block) // npdt.itemsize
    return block[:n * npdt.itemsize].view(npdt)


class UntypedStorage(_StorageBase):
    """The bytes under a tensor (``Tensor.untyped_storage()``).

    >>> torch.arange(4.)[1:].untyped_storage().nbytes()
    """

    def __len__(self):
        return self.nbytes()

    def size(self):
        """The size in bytes, as ``nbytes()``."""
        return self.nbytes()

    def element_size(self):
        """1: an untyped storage counts bytes."""
        return 1

    def __getitem__(self, i):
        return int(self._flat(np.uint8)[i])

    def tolist(self):
        """The bytes as a list of ints."""
        return self._flat(np.uint8).tolist()


class TypedStorage(_StorageBase):
    """The elements under a tensor, in its dtype (``Tensor.storage()``;
    deprecated in torch, with its warning).

    >>> len(torch.arange(5.)[1:4].storage())
    """

    def __len__(self):
        return self.nbytes() // self._tensor.element_size()

    def size(self):
        """The number of elements, as ``len()``."""
        return len(self)

    def element_size(self):
        """The size of one element in bytes."""
        return self._tensor.element_size()

    @property
    def dtype(self):
        """The element type."""
        return self._tensor.dtype

    def _np(self):
        return self._tensor.detach().cpu().numpy().dtype

    def __getitem__(self, i):
        return self._flat(self._np())[i].item()

    def tolist(self):
        """The elements as a list of Python numbers."""
        return self._flat(self._np()).tolist()

    def untyped(self):
        """The same memory as an :class:`UntypedStorage`."""
        return UntypedStorage(self._tensor)


def _stacklevel():
    # the first frame outside cyautograd: the user's call of storage()
    import sys
    f, level = sys._getframe(2), 2
    while f is not None and "cyautograd" in (f.f_globals.get("__name__") or ""):
        f, level = f.f_back, level + 1
    return level


def _typed_storage_warning():
    if not _warned_typed:
        _warned_typed.append(True)
        import warnings
        warnings.warn(
            "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only "
            "storage class. This should only matter to you if you are using storages directly.  To access "
            "UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()", UserWarning,
            stacklevel=_stacklevel())
