"""cyautograd.cuda: torch.cuda's surface over the device backend (CuPy, or
the test backend; see NOTE [ Device backends ] in cyautograd/backend.py).

Without CuPy these behave as a CPU-only torch build: is_available() is
False, device_count() is 0, manual_seed is accepted and does nothing, and
whatever needs a device raises "Torch not compiled with CUDA enabled"."""
from cyautograd import backend as _backend
from cyautograd._device import device as _device

__all__ = ["is_available", "device_count", "current_device", "set_device", "synchronize",
           "manual_seed", "manual_seed_all", "is_initialized", "init", "get_device_name", "empty_cache",
           "memory_allocated", "memory_reserved", "max_memory_allocated", "max_memory_reserved",
           "reset_peak_memory_stats", "is_bf16_supported", "amp"]


def is_available():
    """True only when a cuda device really works: the backend imported and a
    real allocation and kernel ran on it."""
    return _backend.is_available()


def device_count():
    return _backend.device_count()


def is_initialized():
    return _backend.is_initialized()


def init():
    _backend.check_device(_device("cuda"))


def current_device():
    return _backend.current_device()


def _index(dev, optional=False):
    """torch.cuda._utils._get_device_index: int, "cuda:N" or device."""
    if dev is None and optional:
        return None
    if isinstance(dev, (str, _device)):
        dev = _device(dev)
        if dev.type != "cuda":
            raise ValueError(f"Expected a cuda device, but got: {dev}")
        return dev.index if dev.index is not None else (None if optional else _backend.current_device())
    if type(dev) is int:
        return dev
    raise ValueError(f"Expected a torch.device with a specified index or an integer, but got:{dev}")


def set_device(device):
    idx = _index(device)
    if idx is not None and idx >= 0:
        _backend.set_device(idx)


def synchronize(device=None):
    idx = _index(device, optional=True)
    _backend.synchronize(idx)


def manual_seed(seed):
    """Seeds the current cuda device's generator (cyautograd.cuda tensors
    made by rand/randn/randint/randperm); accepted and ignored without one,
    as torch's lazy seeding."""
    from cyautograd import creation
    seed = int(seed)
    creation._seed_device(seed, None)
    _backend.manual_seed(seed)


def manual_seed_all(seed):
    from cyautograd import creation
    seed = int(seed)
    creation._seed_device(seed, "all")
    _backend.manual_seed(seed)


def get_device_name(device=None):
    idx = _index(device, optional=True)
    _backend.check_device(_device("cuda", idx) if idx is not None else _device("cuda"))
    return _backend.provider_name()


def _pool():
    """CuPy's default memory pool when a CuPy device is in use, else None."""
    p = _backend._provider
    cp = getattr(p, "cp", None)
    return None if cp is None else cp.get_default_memory_pool()


def empty_cache():
    """Releases the cached, unused device memory (CuPy's pool); nothing to do
    without a device, as torch's."""
    pool = _pool()
    if pool is not None:
        pool.free_all_blocks()


def memory_allocated(device=None):
    """Bytes held by live device arrays (CuPy's pool); 0 without a device, as torch's."""
    pool = _pool()
    return 0 if pool is None else int(pool.used_bytes())


def memory_reserved(device=None):
    """Bytes the device allocator holds, used or cached; 0 without a device."""
    pool = _pool()
    return 0 if pool is None else int(pool.total_bytes())


def max_memory_allocated(device=None):
    """The peak of memory_allocated is not tracked by CuPy's pool: the
    current figure (0 without a device, as torch's)."""
    return memory_allocated(device)


def max_memory_reserved(device=None):
    """As max_memory_allocated, for memory_reserved."""
    return memory_reserved(device)


def reset_peak_memory_stats(device=None):
    """Accepted (the peaks are the current figures here)."""


def is_bf16_supported(including_emulation=True):
    """False: this library has no bfloat16 dtype."""
    return False


from cyautograd.cuda import amp  # noqa: E402,F401
