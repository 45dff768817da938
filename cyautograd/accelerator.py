"""torch.accelerator: the current accelerator, if any. cyautograd's only
accelerator is CUDA through CuPy (see backend.py)."""


def is_available():
    from cyautograd.backend import is_available as _avail
    return _avail()


def current_accelerator(check_available=False):
    """device('cuda') when CuPy sees a GPU, else None (torch's answer on a CPU-only build)."""
    if is_available():
        from cyautograd.tensor import device
        return device("cuda")
    return None


def device_count():
    if not is_available():
        return 0
    from cyautograd.backend import cupy
    return int(cupy().cuda.runtime.getDeviceCount())


def current_device_index():
    return 0 if is_available() else -1


current_device_idx = current_device_index


def synchronize(device=None):
    if is_available():
        from cyautograd.backend import cupy
        cupy().cuda.runtime.deviceSynchronize()
