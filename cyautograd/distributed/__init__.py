"""cyautograd.distributed, the subset of torch.distributed that data-parallel
training uses, over MPI (mpi4py): launch N processes with
``mpiexec -n N python train.py`` and call ``init_process_group("mpi")`` in
each. See NOTE [ MPI transport ] in distributed_c10d.py."""
from cyautograd.distributed.distributed_c10d import (  # noqa: F401
    GroupMember, ProcessGroup, ReduceOp, Work, all_gather, all_gather_into_tensor, all_reduce,
    barrier, broadcast, destroy_process_group, get_backend, get_rank, get_world_size, group,
    init_process_group, irecv, is_available, is_gloo_available, is_initialized,
    is_mpi_available, is_nccl_available, isend, recv, reduce_scatter_tensor, send)
from cyautograd.distributed.distributed_c10d import __all__  # noqa: F401
