"""cyautograd.nn.parallel, as torch.nn.parallel: DistributedDataParallel
over cyautograd.distributed (MPI)."""
from cyautograd.nn.parallel.distributed import DistributedDataParallel  # noqa: F401

__all__ = ["DistributedDataParallel"]
