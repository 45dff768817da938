"""cyautograd.backends, shaped like torch.backends: the switches and
questions real programs ask about the kernels underneath. The answers
describe this library: its kernels are numpy's (CuPy's on a device), so
there is no MPS, cuDNN, oneDNN (mkldnn) or OpenMP backend to report, and
the flags that tune those backends are recorded, read back, and change
nothing (as torch's cuDNN flags on a machine without cuDNN)."""
from cyautograd.backends import cpu, cuda, cudnn, mkldnn, mps, openmp  # noqa: F401

__all__ = ["cpu", "cuda", "cudnn", "mkldnn", "mps", "openmp"]
