"""torch.backends.cudnn: cuDNN, which this library does not use (its device
kernels are CuPy's). The flags are recorded and read back; they change
nothing, as torch's on a machine without cuDNN."""
import contextlib
import sys

enabled = True
benchmark = False
benchmark_limit = 10
deterministic = False
allow_tf32 = True


def is_available():
    """False: this library does not call cuDNN."""
    return False


def version():
    """None: no cuDNN library is loaded."""
    return None


def is_acceptable(tensor):
    """False: cuDNN never runs here."""
    return False


@contextlib.contextmanager
def flags(enabled=False, benchmark=False, benchmark_limit=10, deterministic=False, allow_tf32=True):
    """Sets the (recorded) cuDNN flags inside the block, restoring them after."""
    mod = sys.modules[__name__]
    names = ("enabled", "benchmark", "benchmark_limit", "deterministic", "allow_tf32")
    prev = tuple(getattr(mod, n) for n in names)
    for n, v in zip(names, (enabled, benchmark, benchmark_limit, deterministic, allow_tf32)):
        setattr(mod, n, v)
    try:
        yield
    finally:
        for n, v in zip(names, prev):
            setattr(mod, n, v)
