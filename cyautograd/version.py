"""cyautograd.version, shaped like torch.version: this library's version and
what it is built with (no CUDA toolkit, no ROCm: the device path is CuPy's)."""
from cyautograd import __version__  # noqa: F401

cuda = None
hip = None
xpu = None
debug = False
git_version = "unknown"

__all__ = ["__version__", "cuda", "hip", "xpu", "debug", "git_version"]
