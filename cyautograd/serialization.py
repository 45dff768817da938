"""save / load: pickle-based, as torch.save / torch.load.

Objects (tensors, Parameters, nested containers, state_dicts, whole modules)
are written with pickle to a path or a binary file object. ``load`` with
``weights_only=True`` (torch's default since 2.6) unpickles through an
allow-list: tensors, Parameters, dtypes, Size, the numpy pieces a tensor's
storage needs, and plain containers (dict, OrderedDict, list, tuple, set)
and scalars. Anything else raises ``pickle.UnpicklingError`` with torch's
"Weights only load failed" opening; ``weights_only=False`` unpickles
anything (only for files you trust). The format is this library's own: it
does not read torch's zip archives, and torch does not read it.
"""
import collections
import io
import os
import pickle

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


class _WeightsUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) in _SAFE or (module, name) in _user_safe:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(
            "Weights only load failed. This file can still be loaded, to do so you have two options, do those "
            "steps only if you trust the source of the checkpoint. \n\t(1) Re-running `cyautograd.load` with "
            "`weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. "
            "Do it only if you got the file from a trusted source.\n\t(2) Alternatively, to load with "
            "`weights_only=True` please check the recommended steps in the following error message.\n\t"
            f"WeightsUnpickler error: Unsupported global: GLOBAL {module}.{name} was not an allowed global by "
            f"default. Please use `cyautograd.serialization.add_safe_globals([{name}])` to allowlist this "
            "global if you trust this class/function.")


def _open(f, mode):
    if isinstance(f, (str, bytes, os.PathLike)):
        return open(f, mode), True
    return f, False


def save(obj, f, pickle_module=pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Write obj to a path or a writable binary file object."""
    fh, owned = _open(f, "wb")
    try:
        fh.write(_MAGIC)
        pickle_module.dump(obj, fh, protocol=max(pickle_protocol, 2))
    finally:
        if owned:
            fh.close()


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Read an object written by save. weights_only defaults to True, as torch's."""
    if weights_only is None:
        weights_only = os.environ.get("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "0") in ("0", "")
    if weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    fh, owned = _open(f, "rb")
    try:
        head = fh.read(len(_MAGIC))
        if head != _MAGIC:
            raise RuntimeError("Invalid magic number; corrupt file? (not written by cyautograd.save)")
        if weights_only:
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


_ = io
