"""save / load: pickle-based, as torch.save / torch.load, in torch's file format.

NOTE [ torch's file format ]
``save`` writes torch's zip archive (``_use_new_zipfile_serialization``): a
stored (uncompressed) zip whose records sit under one folder (the file's
base name, or "archive"): ``data.pkl`` (pickle protocol 2), ``byteorder``,
``version``, ``.format_version``, ``.storage_alignment`` and one record
``data/<key>`` per storage holding its raw bytes, each aligned to 64 bytes
as torch aligns them. In the pickle a tensor is
``torch._utils._rebuild_tensor_v2(storage, offset, size, stride,
requires_grad, OrderedDict())`` whose storage is a persistent id
``("storage", torch.<Type>Storage, key, "cpu", numel)``; a Parameter is
``torch._utils._rebuild_parameter(tensor, requires_grad, OrderedDict())``;
dtypes, Size and device are torch's globals. So ``torch.load`` reads what
``cyautograd.save`` writes (tensors, Parameters, state_dicts, containers),
and ``cyautograd.load`` reads files ``torch.save`` wrote: torch's globals
map to this library's objects and views of one storage stay views of one
buffer. Objects of other classes (whole modules) pickle by their own
classes, so only this library loads them. ``load`` still reads the older
``CYAUTOGRAD1`` files, and ``_use_new_zipfile_serialization=False`` writes
them.

``load`` with ``weights_only=True`` (torch's default since 2.6) unpickles
through an allow-list: tensors, Parameters, dtypes, Size, devices, the
numpy pieces a tensor's storage needs, and plain containers (dict,
OrderedDict, list, tuple, set) and scalars. Anything else raises
``pickle.UnpicklingError`` with torch's "Weights only load failed" opening;
``weights_only=False`` unpickles anything (only for files you trust).
"""
import collections
import io
import os
import pickle
import struct
import zipfile

import numpy as np

__all__ = ["save", "load", "add_safe_globals", "get_safe_globals", "clear_safe_globals"]

_MAGIC = b"CYAUTOGRAD1\n"

_SAFE = {
    ("cyautograd.tensor", "_rebuild"), ("cyautograd.tensor", "Size"), ("cyautograd.nn.parameter", "_rebuild_parameter"),
("collections", "OrderedDict"), ("builtins", "set"), ("builtins", "frozenset"),
    ("builtins", "slice"), ("builtins", "complex"), ("numpy", "ndarray"), ("numpy", "dtype"),
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"), ("_codecs", "encode"),
    ("cyautograd.serialization", "_dtype"),
}
for _n in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"):
    _SAFE.add(("cyautograd.dtypes", _n))
_user_safe = set()


def add_safe_globals(safe_globals):
    """Allow these classes/functions in weights_only loads (torch.serialization.add_safe_globals)."""
    for g in safe_globals:
        obj = g[0] if isinstance(g, tuple) else g
        _user_safe.add((obj.__module__, obj.__qualname__))


def get_safe_globals():
    return sorted(_user_safe)


def clear_safe_globals():
    _user_safe.clear()


def _dtype(name):
    from cyautograd import dtypes
    return getattr(dtypes, name)


def _weights_only_error(module, name):
    return pickle.UnpicklingError(
            "Weights only load failed. This file can still be loaded, to do so you have two options, do those "
            "steps only if you trust the source of the checkpoint. \n\t(1) Re-running `cyautograd.load` with "
            "`weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. "
            "Do it only if you got the file from a trusted source.\n\t(2) Alternatively, to load with "
            "`weights_only=True` please check the recommended steps in the following error message.\n\t"
            f"WeightsUnpickler error: Unsupported global: GLOBAL {module}.{name} was not an allowed global by "
            f"default. Please use `cyautograd.serialization.add_safe_globals([{name}])` to allowlist this "
            "global if you trust this class/function.")


class _WeightsUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) in _SAFE or (module, name) in _user_safe:
            return super().find_class(module, name)
        raise _weights_only_error(module, name)


def _open(f, mode):
    if isinstance(f, (str, bytes, os.PathLike)):
        return open(f, mode), True
    return f, False


def save(obj, f, pickle_module=pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Write obj to a path or a writable binary file object, in torch's zip
    format (NOTE [ torch's file format ]): torch.load reads it."""
    fh, owned = _open(f, "wb")
    try:
        if not _use_new_zipfile_serialization:
            fh.write(_MAGIC)
            pickle_module.dump(obj, fh, protocol=max(pickle_protocol, 2))
            return
        name = "archive"
        if isinstance(f, (str, os.PathLike)):
            name = os.path.splitext(os.path.basename(os.fspath(f)))[0] or "archive"
        _save_zip(obj, fh, name, _disable_byteorder_record)
    finally:
        if owned:
            fh.close()


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Read an object written by save or by torch.save. weights_only defaults to True, as torch's."""
    if weights_only is None:
        weights_only = os.environ.get("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "0") in ("0", "")
    if weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    fh, owned = _open(f, "rb")
    try:
        start = fh.tell() if fh.seekable() else 0
        head = fh.read(len(_MAGIC))
        if head[:4] == b"PK\x03\x04":
            fh.seek(start)
            obj = _load_zip(fh, weights_only, pickle_load_args)
        elif head != _MAGIC:
            raise RuntimeError("Invalid magic number; corrupt file? (not written by cyautograd.save or torch.save)")
        elif weights_only:
            obj = _WeightsUnpickler(fh, **pickle_load_args).load()
        else:
            obj = (pickle_module or pickle).load(fh, **pickle_load_args)
    finally:
        if owned:
            fh.close()
    if map_location is not None and str(map_location) not in ("cpu",) and not callable(map_location) \
            and not isinstance(map_location, dict):
        obj = _to_device(obj, map_location)
    return obj


# -- torch's zip format ------------------------------------------------------------------------

# torch's typed storage class names by numpy dtype
_STORAGE_NAMES = {np.dtype(np.float32): "FloatStorage", np.dtype(np.float64): "DoubleStorage",
                  np.dtype(np.float16): "HalfStorage", np.dtype(np.int64): "LongStorage",
                  np.dtype(np.int32): "IntStorage", np.dtype(np.int16): "ShortStorage",
                  np.dtype(np.int8): "CharStorage", np.dtype(np.uint8): "ByteStorage",
                  np.dtype(np.bool_): "BoolStorage"}
_STORAGE_DTYPES = {v: k for k, v in _STORAGE_NAMES.items()}
_DTYPE_NAMES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool")


class _TorchGlobal:
    """A name in torch's namespace, pickled as that GLOBAL without torch installed."""

    def __init__(self, module, name):
        self.module, self.name = module, name
        self.__name__ = name

    def __call__(self, *args):   # pickle's save_reduce wants a callable; only its name is written
        raise TypeError(f"{self.module}.{self.name} is a placeholder for torch's global")


_G_REBUILD_TENSOR = _TorchGlobal("torch._utils", "_rebuild_tensor_v2")
_G_REBUILD_PARAMETER = _TorchGlobal("torch._utils", "_rebuild_parameter")
_G_ORDERED_DICT = _TorchGlobal("collections", "OrderedDict")
_G_SIZE = _TorchGlobal("torch", "Size")
_G_DEVICE = _TorchGlobal("torch", "device")
_G_STORAGE = {dt: _TorchGlobal("torch", n) for dt, n in _STORAGE_NAMES.items()}
_G_DTYPE = {n: _TorchGlobal("torch", n) for n in _DTYPE_NAMES}


class _StorageRef:
    """The flat buffer behind one or more saved tensors."""

    def __init__(self, arr, key):
        self.arr, self.key = arr, key


class _TorchPickler(pickle._Pickler):
    """pickle's Python pickler writing tensors, Parameters, dtypes, Size and
    devices as torch's globals, and storages as persistent ids."""

    def __init__(self, fh):
        super().__init__(fh, protocol=2)
        self.storages = {}     # id(root buffer) -> (key, _StorageRef)
        self.records = []      # (key, bytes)

    def save(self, obj, save_persistent_id=True):
        from cyautograd import dtypes as D
        if isinstance(obj, D.dtype):
            obj = _G_DTYPE[obj.name if hasattr(obj, "name") else str(obj).split(".")[-1]]
        if isinstance(obj, _TorchGlobal):
            x = self.memo.get(id(obj))
            if x is not None:
                self.write(self.get(x[0]))
                return
            self.write(pickle.GLOBAL + obj.module.encode() + b"\n" + obj.name.encode() + b"\n")
            self.memoize(obj)
            return
        return super().save(obj, save_persistent_id)

    def persistent_id(self, obj):
        if isinstance(obj, _StorageRef):
            return ("storage", _G_STORAGE[obj.arr.dtype], obj.key, "cpu", int(obj.arr.size))
        return None

    def _storage(self, arr):
        """(storage ref, offset, stride) for numpy array arr: its root buffer
        when arr is a view of a contiguous one (shared storages stay shared)."""
        root = arr
        while isinstance(root.base, np.ndarray):
            root = root.base
        item = arr.dtype.itemsize
        ok = (root.flags.c_contiguous and root.dtype == arr.dtype
              and all(st >= 0 and st % item == 0 for st in arr.strides))
        if ok:
            off = arr.__array_interface__["data"][0] - root.__array_interface__["data"][0]
            ok = off >= 0 and off % item == 0
        if not ok:
            root = np.ascontiguousarray(arr)
            off = 0
            strides = tuple(int(s) for s in _contiguous_strides(arr.shape))
        else:
            strides = tuple(st // item for st in arr.strides)
        ent = self.storages.get(id(root))
        if ent is None:
            key = str(len(self.storages))
            flat = root.reshape(-1)
            ent = self.storages[id(root)] = (key, _StorageRef(flat, key), root)   # root kept alive: ids stay unique
            self.records.append((key, flat))
        return ent[1], off // item, strides

    def reducer_override(self, obj):
        from cyautograd.tensor import Size, Tensor, device
        from cyautograd.nn.parameter import Parameter
        if isinstance(obj, Parameter):
            return (_G_REBUILD_PARAMETER, (obj.detach(), bool(obj.requires_grad), collections.OrderedDict()))
        if isinstance(obj, Tensor):
            arr = obj.detach().cpu().numpy()
            ref, off, stride = self._storage(arr)
            return (_G_REBUILD_TENSOR, (ref, off, tuple(arr.shape), stride, bool(obj.requires_grad),
                                        collections.OrderedDict()))
        if isinstance(obj, Size):
            return (_G_SIZE, (tuple(int(v) for v in obj),))
        if isinstance(obj, device):
            return (_G_DEVICE, (str(obj),))
        if type(obj) is collections.OrderedDict:
            # as OrderedDict's own reduce, with torch's GLOBAL spelling
            st = dict(vars(obj)) or None
            return (_G_ORDERED_DICT, (), st, None, iter(obj.items()))
        return NotImplemented


def _contiguous_strides(shape):
    out, acc = [], 1
    for n in reversed(shape):
        out.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(out))


def _aligned_record(zf, fh, name, data):
    """Write one stored record with its data at a 64-byte boundary (torch's
    alignment: an "FB" extra field of padding)."""
    zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_STORED
    offset = zf.fp.tell() if hasattr(zf, "fp") and zf.fp is not None else fh.tell()
    header = 30 + len(name.encode("utf-8"))
    pad = (-(offset + header + 4)) % 64
    zi.extra = struct.pack("<HH", 0x4246, pad) + b"Z" * pad
    zf.writestr(zi, data)


def _save_zip(obj, fh, name, no_byteorder):
    buf = io.BytesIO()
    p = _TorchPickler(buf)
    p.dump(obj)
    with zipfile.ZipFile(fh, "w", zipfile.ZIP_STORED) as zf:
        _aligned_record(zf, fh, f"{name}/data.pkl", buf.getvalue())
        _aligned_record(zf, fh, f"{name}/.format_version", b"1")
        _aligned_record(zf, fh, f"{name}/.storage_alignment", b"64")
        if not no_byteorder:
            _aligned_record(zf, fh, f"{name}/byteorder", b"little")
        for key, flat in p.records:
            data = flat.astype(flat.dtype.newbyteorder("<"), copy=False).tobytes()
            _aligned_record(zf, fh, f"{name}/data/{key}", data)
        _aligned_record(zf, fh, f"{name}/version", b"3\n")
        _aligned_record(zf, fh, f"{name}/.data/serialization_id",
                        str(int.from_bytes(os.urandom(16), "little")).zfill(40)[:40].encode())


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None):
    from cyautograd.tensor import _wrap_storage_view
    arr = storage
    item = arr.dtype.itemsize
    size, stride = tuple(size), tuple(stride)
    span = 1 + sum((n - 1) * st for n, st in zip(size, stride)) if all(size) else 0
    if storage_offset < 0 or any(st < 0 for st in stride) or storage_offset + span > arr.size:
        raise RuntimeError(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage offset "
                           f"{storage_offset} out of bounds for storage of size {arr.size}")
    view = np.ndarray(size, arr.dtype, buffer=arr, offset=storage_offset * item,
                      strides=tuple(st * item for st in stride))
    # a view of the loaded storage, as torch's set_: tensors saved sharing a
    # storage share it again, offsets and strides kept, version 1
    t = _wrap_storage_view(view, arr)
    if requires_grad:
        t.requires_grad = True
    return t


def _rebuild_parameter(data, requires_grad, backward_hooks, state=None):
    from cyautograd.nn.parameter import Parameter
    p = Parameter(data, requires_grad)
    if state:
        p.__dict__.update(state)
    return p


class _StorageType:
    def __init__(self, dtype):
        self.dtype = dtype


def _torch_globals():
    from cyautograd import dtypes as D
    from cyautograd.tensor import Size, device
    g = {("torch._utils", "_rebuild_tensor_v2"): _rebuild_tensor_v2,
         ("torch._utils", "_rebuild_parameter"): _rebuild_parameter,
         ("torch._utils", "_rebuild_parameter_with_state"): _rebuild_parameter,
         ("torch", "Size"): Size, ("torch", "device"): device,
         ("collections", "OrderedDict"): collections.OrderedDict}
    for n in _DTYPE_NAMES:
        g[("torch", n)] = getattr(D, n)
    for dt, n in _STORAGE_NAMES.items():
        g[("torch", n)] = _StorageType(dt)
    return g


class _ZipUnpickler(pickle.Unpickler):
    def __init__(self, fh, zf, prefix, weights_only, swap, **kw):
        super().__init__(fh, **kw)
        self.zf, self.prefix, self.weights_only, self.swap = zf, prefix, weights_only, swap
        self.loaded = {}
        self.globals = _torch_globals()

    def find_class(self, module, name):
        g = self.globals.get((module, name))
        if g is not None:
            return g
        if module == "torch" and name.endswith("Storage"):
            raise pickle.UnpicklingError(f"cyautograd.load: torch.{name} (that dtype) is not supported")
        if self.weights_only and (module, name) not in _SAFE and (module, name) not in _user_safe:
            raise _weights_only_error(module, name)
        return super().find_class(module, name)

    def persistent_load(self, pid):
        if not (isinstance(pid, tuple) and len(pid) == 5 and pid[0] == "storage"
                and isinstance(pid[1], _StorageType)):
            raise pickle.UnpicklingError(f"unsupported persistent id {pid!r}")
        _, stype, key, location, numel = pid
        arr = self.loaded.get(key)
        if arr is None:
            raw = self.zf.read(f"{self.prefix}/data/{key}")
            dt = stype.dtype.newbyteorder(">" if self.swap else "<")
            arr = np.frombuffer(raw, dtype=dt, count=int(numel)).astype(stype.dtype)
            self.loaded[key] = arr
        return arr


def _load_zip(fh, weights_only, kw):
    with zipfile.ZipFile(fh) as zf:
        names = zf.namelist()
        pkl = [n for n in names if n.endswith("/data.pkl") and n.count("/") == 1] or \
              [n for n in names if n == "data.pkl"]
        if not pkl:
            raise RuntimeError("PytorchStreamReader failed locating file data.pkl: file not found")
        prefix = pkl[0].rsplit("/", 1)[0] if "/" in pkl[0] else ""
        order = f"{prefix}/byteorder"
        swap = order in names and zf.read(order).strip() == b"big"
        with zf.open(pkl[0]) as data:
            return _ZipUnpickler(io.BytesIO(data.read()), zf, prefix, weights_only, swap, **kw).load()


def _to_device(obj, dev):
    from cyautograd.tensor import Tensor
    if isinstance(obj, Tensor):
        return obj.to(dev)
    if isinstance(obj, collections.OrderedDict):
        return collections.OrderedDict((k, _to_device(v, dev)) for k, v in obj.items())
    if isinstance(obj, dict):
        return {k: _to_device(v, dev) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(_to_device(v, dev) for v in obj)
    return obj

