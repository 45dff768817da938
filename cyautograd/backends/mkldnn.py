"""torch.backends.mkldnn: oneDNN, which this library does not use."""
import contextlib

enabled = True
deterministic = False


def is_available():
    """False: this library's kernels are numpy's, not oneDNN's."""
    return False


@contextlib.contextmanager
def flags(enabled=False, deterministic=False):
    """Sets the (recorded, ineffective) mkldnn flags inside the block."""
    import sys
    mod = sys.modules[__name__]
    prev = (mod.enabled, mod.deterministic)
    mod.enabled, mod.deterministic = enabled, deterministic
    try:
        yield
    finally:
        mod.enabled, mod.deterministic = prev
