"""The collectives of torch.distributed (distributed_c10d.py) over MPI.

NOTE [ MPI transport ]
One process group, the world, over ``mpi4py``'s ``MPI.COMM_WORLD``: the
processes are the ranks ``mpiexec -n N`` starts. Every collective hands MPI
the tensor's own numpy buffer (``Tensor.numpy(force=True)`` is a view of the
tensor's elements, no copy), so a tensor must be contiguous and on the CPU, as
torch's MPI backend requires, and the result lands in the tensor's memory.
``async_op=True`` starts MPI's non-blocking call (``Iallreduce``, ``Ibcast``,
...) and returns a ``Work`` whose ``wait()`` completes it; the buffers stay
referenced by the Work until then. Collectives must be called in the same
order on every rank (MPI's rule, and torch's).

mpi4py is imported on first use (``init_process_group``), so importing
cyautograd needs no MPI; without mpi4py, ``is_mpi_available()`` is False and
``init_process_group`` raises.

NOTE [ Abort on error ]
An MPI job whose rank dies of an uncaught exception leaves the other ranks
blocked in their next collective for ever. When the world has more than one
rank, ``init_process_group`` chains ``sys.excepthook``: the traceback is
printed as usual, then ``MPI_Abort`` ends every rank of the job with exit code
1 (what ``python -m mpi4py`` does). ``destroy_process_group`` removes the hook.
"""
import enum
import os
import sys
import warnings

__all__ = ["ReduceOp", "Work", "ProcessGroup", "GroupMember", "group", "is_available",
           "is_mpi_available", "is_nccl_available", "is_gloo_available", "is_initialized",
           "init_process_group", "destroy_process_group", "get_rank", "get_world_size",
           "get_backend", "barrier", "all_reduce", "broadcast", "all_gather",
           "all_gather_into_tensor", "reduce_scatter_tensor", "send", "recv", "isend", "irecv"]

_NOT_INITIALIZED = ("Default process group has not been initialized, please make sure to call "
                    "init_process_group.")


class RedOpType(enum.Enum):
    """The reduction kinds, numbered as torch's ``ReduceOp.RedOpType``
    (``ReduceOp.SUM`` is ``RedOpType.SUM``).

    >>> import cyautograd.distributed as dist
    >>> dist.ReduceOp.RedOpType.SUM.value
    0
    """
    SUM = 0
    AVG = 1
    PRODUCT = 2
    MIN = 3
    MAX = 4
    BAND = 5
    BOR = 6
    BXOR = 7
    PREMUL_SUM = 8


class ReduceOp:
    """The reductions ``all_reduce`` and ``reduce_scatter_tensor`` accept:
    ``ReduceOp.SUM``, ``AVG``, ``PRODUCT``, ``MIN``, ``MAX`` (and ``BAND``,
    ``BOR``, ``BXOR`` on integer tensors), as torch.distributed.ReduceOp.

    >>> import cyautograd.distributed as dist
    >>> dist.ReduceOp.SUM
    <RedOpType.SUM: 0>
    """
    RedOpType = RedOpType
    SUM = RedOpType.SUM
    AVG = RedOpType.AVG
    PRODUCT = RedOpType.PRODUCT
    MIN = RedOpType.MIN
    MAX = RedOpType.MAX
    BAND = RedOpType.BAND
    BOR = RedOpType.BOR
    BXOR = RedOpType.BXOR
    PREMUL_SUM = RedOpType.PREMUL_SUM


def is_available():
    """True: the distributed package is there (as in a torch built with
    c10d). Whether its one backend can run — mpi4py and an MPI installed —
    is ``is_mpi_available()``.

    >>> import cyautograd.distributed as dist
    >>> dist.is_available()
    True
    """
    return True


def is_mpi_available():
    """True when the ``mpi`` backend can be used: mpi4py (and through it an
    MPI library) can be imported.

    >>> import cyautograd.distributed as dist
    >>> isinstance(dist.is_mpi_available(), bool)
    True
    """
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return False
    return True


def is_nccl_available():
    """False: cyautograd.distributed has only the MPI backend.

    >>> import cyautograd.distributed as dist
    >>> dist.is_nccl_available()
    False
    """
    return False


def is_gloo_available():
    """False: cyautograd.distributed has only the MPI backend.

    >>> import cyautograd.distributed as dist
    >>> dist.is_gloo_available()
    False
    """
    return False


def _mpi():
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise RuntimeError("cyautograd.distributed needs mpi4py and an MPI library: "
                           "pip install 'cyautograd[distributed]' (mpi4py and mpich)") from e
    return MPI


class ProcessGroup:
    """A group of ranks that run collectives together: here only the world
    (``MPI.COMM_WORLD``), made by ``init_process_group``.

    >>> import cyautograd.distributed as dist
    >>> pg = dist.group.WORLD      # None until init_process_group
    >>> pg is None or isinstance(pg, dist.ProcessGroup)
    True
    """

    def __init__(self, comm):
        self._comm = comm
        self._rank = comm.Get_rank()
        self._size = comm.Get_size()

    def rank(self):
        """This process's rank in the group (``dist.get_rank()`` for the world).

        >>> import cyautograd.distributed as dist
        >>> rank = dist.group.WORLD.rank() if dist.is_initialized() else 0
        """
        return self._rank

    def size(self):
        """The number of ranks in the group (``dist.get_world_size()`` for the
        world).

        >>> import cyautograd.distributed as dist
        >>> world = dist.group.WORLD.size() if dist.is_initialized() else 1
        """
        return self._size

    def name(self):
        """The backend's name, ``"mpi"``.

        >>> import cyautograd.distributed as dist
        >>> dist.group.WORLD.name() if dist.is_initialized() else 'mpi'
        'mpi'
        """
        return "mpi"

    def __repr__(self):
        return f"<ProcessGroup mpi rank={self._rank} size={self._size}>"


class GroupMember:
    """``GroupMember.WORLD`` (also ``group.WORLD``): the default process
    group once ``init_process_group`` ran, else None.

    >>> import cyautograd.distributed as dist
    >>> dist.GroupMember.WORLD is dist.group.WORLD
    True
    """
    WORLD = None
    NON_GROUP_MEMBER = -100


group = GroupMember

_default_pg = None
_prev_excepthook = None


class Work:
    """A collective or point-to-point operation started with
    ``async_op=True`` (or ``isend``/``irecv``): MPI requests on the tensors'
    own buffers. ``wait()`` blocks until it is done and returns True;
    ``is_completed()`` asks without blocking. The tensors hold the result
    only after one of them saw it complete.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     t = torch.ones(4)
    ...     work = dist.all_reduce(t, async_op=True)
    ...     # ... compute something else meanwhile ...
    ...     _ = work.wait()
    """

    def __init__(self, requests, buffers, finish=None, outputs=None):
        self._requests = requests
        self._buffers = buffers        # the arrays MPI reads/writes: alive until done
        self._finish = finish          # post-processing (AVG's division, version bumps)
        self._outputs = outputs or []
        self._done = not requests
        self._status = None
        if self._done:
            self._complete()

    def _complete(self):
        self._done = True
        self._buffers = None
        if self._finish is not None:
            f, self._finish = self._finish, None
            f()

    def is_completed(self):
        """Whether the operation finished (tests the MPI requests, no wait).

        >>> import cyautograd.distributed as dist
        >>> if dist.is_initialized():
        ...     work = dist.all_reduce(torch.ones(2), async_op=True)
        ...     while not work.is_completed():
        ...         pass
        """
        if self._done:
            return True
        MPI = _mpi()
        if self._status is None:
            self._status = MPI.Status()
        if MPI.Request.Testall(self._requests):
            self._complete()
        return self._done

    def wait(self, timeout=None):
        """Block until the operation finished; returns True. ``timeout`` is
        accepted for torch's signature and not used (MPI has no timed wait;
        see NOTE [ Abort on error ] for what ends a stuck job).

        >>> import cyautograd.distributed as dist
        >>> if dist.is_initialized():
        ...     t = torch.ones(2)
        ...     done = dist.all_reduce(t, async_op=True).wait()   # t holds the sum now
        """
        if not self._done:
            MPI = _mpi()
            self._status = MPI.Status()
            if len(self._requests) == 1:
                self._requests[0].Wait(self._status)
            else:
                MPI.Request.Waitall(self._requests)
            self._complete()
        return True

    def is_success(self):
        """True once completed (MPI errors raise instead); before, it raises.

        >>> import cyautograd.distributed as dist
        >>> if dist.is_initialized():
        ...     work = dist.all_reduce(torch.ones(2), async_op=True)
        ...     ok = work.wait() and work.is_success()
        """
        if not self._done:
            raise RuntimeError("Invalid call to AsyncWork::isSuccess before work has completed")
        return True

    def result(self):
        """The output tensors of the operation (read them after ``wait()``).

        >>> import cyautograd.distributed as dist
        >>> if dist.is_initialized():
        ...     work = dist.all_reduce(torch.ones(2), async_op=True)
        ...     _ = work.wait(); out = work.result()   # [the reduced tensor]
        """
        return list(self._outputs)

    def _source_rank(self):
        if self._status is None:
            return -1
        return self._status.Get_source()


def _excepthook(exc_type, exc, tb):
    prev = _prev_excepthook or sys.__excepthook__
    try:
        prev(exc_type, exc, tb)
    finally:
        try:
            sys.stderr.flush()
            sys.stdout.flush()
        except Exception:
            pass
        pg = _default_pg
        if pg is not None and pg._size > 1:
            # give mpiexec's output forwarding time to drain the traceback
            # before MPI_Abort kills the job (its tail was lost now and then)
            import time
            time.sleep(0.5)
            pg._comm.Abort(1)


def is_initialized():
    """Whether the default process group was initialised.

    >>> import cyautograd.distributed as dist
    >>> dist.is_initialized()      # False until init_process_group
    False
    """
    return _default_pg is not None


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1,
                       store=None, group_name="", pg_options=None, device_id=None):
    """Initialise the default process group over MPI: the ranks are those
    ``mpiexec -n N`` started (``backend`` ``"mpi"`` or None). MPI assigns
    rank and world size; ``world_size``/``rank`` are ignored with torch's
    warning. torch's ``RANK`` / ``WORLD_SIZE`` environment variables are set
    from MPI when absent, and must agree with it when present (a
    WORLD_SIZE > 1 in a process MPI started alone means the job was not
    launched with mpiexec: RuntimeError). ``init_method``, ``timeout``,
    ``store``, ``group_name``, ``pg_options`` and ``device_id`` are accepted
    for torch's signature and not used: MPI's launcher does the rendezvous.
    Installs the abort-on-error hook (NOTE [ Abort on error ]).

    >>> import cyautograd.distributed as dist
    >>> # in each process of `mpiexec -n N python train.py`:
    >>> if dist.is_initialized():
    ...     rank, world = dist.get_rank(), dist.get_world_size()
    """
    global _default_pg, _prev_excepthook
    if _default_pg is not None:
        raise ValueError("trying to initialize the default process group twice!")
    if backend is None:
        backend = "mpi"
    if not isinstance(backend, str) or backend.lower() != "mpi":
        raise ValueError(f"cyautograd.distributed supports only the 'mpi' backend, got {backend!r}")
    if world_size != -1 or rank != -1:
        warnings.warn(f"For MPI backend, world_size ({world_size}) and rank ({rank}) "
                      "are ignored since they are assigned by the MPI runtime.", stacklevel=2)
    MPI = _mpi()
    pg = ProcessGroup(MPI.COMM_WORLD)
    for var, value in (("RANK", pg._rank), ("WORLD_SIZE", pg._size)):
        env = os.environ.get(var)
        if env is None or env == "":
            os.environ[var] = str(value)
        elif env.strip() != str(value):
            if var == "WORLD_SIZE" and pg._size == 1:
                raise RuntimeError(
                    f"WORLD_SIZE={env} but MPI started this process alone: launch the job with "
                    f"`mpiexec -n {env} python ...` so that MPI connects its processes")
            raise ValueError(f"environment variable {var}={env} disagrees with MPI's {value}")
    _default_pg = pg
    GroupMember.WORLD = pg
    if pg._size > 1 and sys.excepthook is not _excepthook:
        _prev_excepthook = sys.excepthook
        sys.excepthook = _excepthook


def destroy_process_group(group=None):
    """Forget the default process group (MPI itself stays initialised, so
    ``init_process_group`` may be called again).

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     dist.destroy_process_group()
    """
    global _default_pg, _prev_excepthook
    if _default_pg is None:
        raise AssertionError("Process group cannot be None")
    if group is not None and group is not _default_pg:
        raise ValueError("Invalid process group specified")
    _default_pg = None
    GroupMember.WORLD = None
    if sys.excepthook is _excepthook:
        sys.excepthook = _prev_excepthook or sys.__excepthook__
    _prev_excepthook = None


def _pg(group):
    if _default_pg is None:
        raise ValueError(_NOT_INITIALIZED)
    if group is None or group is _default_pg:
        return _default_pg
    raise ValueError("Invalid process group specified")


def get_rank(group=None):
    """This process's rank in the default group.

    >>> import cyautograd.distributed as dist
    >>> rank = dist.get_rank() if dist.is_initialized() else 0
    """
    return _pg(group)._rank


def get_world_size(group=None):
    """The number of ranks in the default group.

    >>> import cyautograd.distributed as dist
    >>> world = dist.get_world_size() if dist.is_initialized() else 1
    """
    return _pg(group)._size


def get_backend(group=None):
    """The backend's name, ``"mpi"``.

    >>> import cyautograd.distributed as dist
    >>> dist.get_backend() if dist.is_initialized() else 'mpi'
    'mpi'
    """
    _pg(group)
    return "mpi"


# -- argument checks (torch's words) ----------------------------------------------------

def _type_repr(x):
    from cyautograd.tensor import Tensor
    return "<class 'cyautograd.Tensor'>" if type(x) is Tensor else repr(type(x))


def _check_single_tensor(param, param_name):
    from cyautograd.tensor import Tensor
    if not isinstance(param, Tensor):
        raise TypeError(f"""Invalid function argument. Expected parameter `{param_name}` of type cyautograd.Tensor
             but got {_type_repr(param)} instead.""")


def _check_tensor_list(param, param_name):
    from cyautograd.tensor import Tensor
    if not isinstance(param, list):
        raise TypeError(f"""Invalid function argument. Expected parameter `{param_name}` of type List[cyautograd.Tensor]
             but got {_type_repr(param)} instead.""")
    if not all(isinstance(p, Tensor) for p in param):
        raise TypeError(f"""Invalid function argument. Expected parameter `{param_name}` of type List[cyautograd.Tensor]
             but got {_type_repr(param)} with elements of type [{', '.join(_type_repr(p) for p in param)}].""")


def _ensure_same_dtype(*tensors):
    last = None
    for t in tensors:
        if last is None:
            last = t.dtype
        elif t.dtype != last:
            raise ValueError("Invalid usage of tensors with different dtypes"
                             f"Found {last} and  {t.dtype}")


def _buffer(t):
    """The tensor's own elements as a C-contiguous ndarray (no copy), checked
    as torch's MPI backend checks its tensors."""
    if t.device.type != "cpu":
        raise RuntimeError("CUDA tensor detected and the MPI used doesn't have CUDA-aware MPI support")
    if not t.is_contiguous():
        raise RuntimeError("input tensor has to be contiguous")
    arr = t.numpy(force=True)
    if not arr.flags.c_contiguous:   # a size-1 dimension with an odd stride: same memory
        arr = arr.reshape(-1)
    return arr


def _check_op(op):
    if not isinstance(op, RedOpType):
        raise TypeError(f"op must be a cyautograd.distributed.ReduceOp, not {type(op).__name__}")


def _mpi_op(MPI, op, arr):
    """The MPI operation for `op` on `arr`'s dtype, and whether the result
    must then be divided by the world size (AVG, a SUM first)."""
    kind = arr.dtype.kind
    if op in (RedOpType.BAND, RedOpType.BOR, RedOpType.BXOR):
        if kind not in "iub":
            raise RuntimeError(f"Cannot use ReduceOp.{op.name} with non-integral dtype")
        if kind == "b":
            return {RedOpType.BAND: MPI.LAND, RedOpType.BOR: MPI.LOR,
                    RedOpType.BXOR: MPI.LXOR}[op], False
        return {RedOpType.BAND: MPI.BAND, RedOpType.BOR: MPI.BOR,
                RedOpType.BXOR: MPI.BXOR}[op], False
    if op is RedOpType.PREMUL_SUM:
        raise RuntimeError("ReduceOp.PREMUL_SUM needs a scalar: use SUM after scaling")
    if kind == "b":     # bool: SUM/MAX are "any", PRODUCT/MIN are "all" (as torch's CPU)
        if op is RedOpType.AVG:
            raise RuntimeError("Cannot use ReduceOp.AVG with boolean inputs")
        return (MPI.LOR if op in (RedOpType.SUM, RedOpType.MAX) else MPI.LAND), False
    if op is RedOpType.AVG:
        if kind not in "fc":
            raise RuntimeError("Cannot use ReduceOp.AVG with integral dtype")
        return MPI.SUM, True
    return {RedOpType.SUM: MPI.SUM, RedOpType.PRODUCT: MPI.PROD, RedOpType.MIN: MPI.MIN,
            RedOpType.MAX: MPI.MAX}[op], False


def _bump(*tensors):
    from cyautograd.autograd.graph import increment_version
    for t in tensors:
        increment_version(t)


def _run(async_op, blocking, nonblocking, buffers, finish=None, outputs=None):
    """Run a blocking MPI call, or start its non-blocking twin and return a Work."""
    if async_op:
        req = nonblocking()
        return Work([req], buffers, finish, outputs)
    blocking()
    if finish is not None:
        finish()
    return None


def _root(pg, rank, what):
    if not isinstance(rank, int) or isinstance(rank, bool):
        raise TypeError(f"{what} must be an int, not {type(rank).__name__}")
    if rank < 0 or rank >= pg._size:
        raise ValueError(f"Invalid {what} rank {rank}: the world has ranks 0..{pg._size - 1}")
    return rank


# -- collectives ----------------------------------------------------------------------

def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    """Reduce ``tensor`` across all ranks in place (MPI_Allreduce on its own
    buffer): every rank ends with the same result. ``op``: a ``ReduceOp``;
    ``AVG`` sums then divides by the world size. Returns a ``Work`` with
    ``async_op=True``, else None.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     t = torch.ones(3) * (dist.get_rank() + 1)
    ...     dist.all_reduce(t, op=dist.ReduceOp.SUM)     # 2 ranks: tensor([3., 3., 3.])
    ...     w = dist.all_reduce(t, op=dist.ReduceOp.AVG, async_op=True)
    ...     _ = w.wait()
    """
    _check_single_tensor(tensor, "tensor")
    _check_op(op)
    pg = _pg(group)
    MPI = _mpi()
    arr = _buffer(tensor)
    mop, avg = _mpi_op(MPI, op, arr)
    finish = None
    if avg:
        size = pg._size

        def finish():
            arr[...] /= size
    comm = pg._comm
    return _run(async_op, lambda: comm.Allreduce(MPI.IN_PLACE, arr, op=mop),
                lambda: comm.Iallreduce(MPI.IN_PLACE, arr, op=mop), [arr], finish, [tensor])


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    """Copy rank ``src``'s ``tensor`` into ``tensor`` on every other rank
    (MPI_Bcast on its own buffer).

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     t = torch.full((2,), float(dist.get_rank()))
    ...     dist.broadcast(t, src=0)                     # every rank: tensor([0., 0.])
    """
    _check_single_tensor(tensor, "tensor")
    pg = _pg(group)
    if src is None:
        src = group_src if group_src is not None else 0
    src = _root(pg, src, "root")
    arr = _buffer(tensor)
    comm = pg._comm
    return _run(async_op, lambda: comm.Bcast(arr, root=src),
                lambda: comm.Ibcast(arr, root=src), [arr], None, [tensor])


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Gather every rank's ``tensor`` into ``tensor_list`` (one tensor per
    rank, in rank order) on every rank.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     out = [torch.zeros(2) for _ in range(dist.get_world_size())]
    ...     dist.all_gather(out, torch.ones(2) * dist.get_rank())   # out[r] == r
    """
    _check_tensor_list(tensor_list, "tensor_list")
    _check_single_tensor(tensor, "tensor")
    _ensure_same_dtype(*tensor_list, tensor)
    pg = _pg(group)
    MPI = _mpi()
    if len(tensor_list) != pg._size:
        raise RuntimeError("All gather: number of output tensors should equal to the world size")
    for t in tensor_list:
        if t.numel() != tensor.numel() or t.dtype != tensor.dtype:
            raise RuntimeError("Tensors are not equal in size or data type")
    src = _buffer(tensor)
    outs = [_buffer(t) for t in tensor_list]
    import numpy as np
    flat = np.empty((pg._size, src.size), dtype=src.dtype)
    comm = pg._comm

    def finish():
        for i, o in enumerate(outs):
            o.reshape(-1)[...] = flat[i]
        _bump(*tensor_list)
    return _run(async_op, lambda: comm.Allgather(src, flat),
                lambda: comm.Iallgather(src, flat), [src, flat], finish, tensor_list)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Gather every rank's ``input_tensor`` into ``output_tensor``, rank
    after rank along the first dimension (or stacked): ``output_tensor``
    holds world_size times input's elements (MPI_Allgather straight into
    its buffer).

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     out = torch.zeros(2 * dist.get_world_size())
    ...     dist.all_gather_into_tensor(out, torch.ones(2) * dist.get_rank())
    """
    _check_single_tensor(input_tensor, "input_tensor")
    _check_single_tensor(output_tensor, "output_tensor")
    pg = _pg(group)
    if output_tensor.dtype != input_tensor.dtype:
        raise RuntimeError("output tensor must have the same type as input tensor")
    if output_tensor.numel() != input_tensor.numel() * pg._size:
        raise RuntimeError("output tensor size must be equal to world_size times input tensor size")
    src = _buffer(input_tensor)
    dst = _buffer(output_tensor)
    comm = pg._comm
    return _run(async_op, lambda: comm.Allgather(src, dst), lambda: comm.Iallgather(src, dst),
                [src, dst], lambda: _bump(output_tensor), [output_tensor])


def reduce_scatter_tensor(output, input, op=ReduceOp.SUM, group=None, async_op=False):
    """Reduce ``input`` across ranks and give rank r the r-th of world_size
    equal chunks of the result in ``output`` (MPI_Reduce_scatter_block).

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     out = torch.zeros(2)
    ...     dist.reduce_scatter_tensor(out, torch.ones(2 * dist.get_world_size()))
    """
    _check_single_tensor(output, "output")
    _check_single_tensor(input, "input")
    _check_op(op)
    pg = _pg(group)
    MPI = _mpi()
    if output.dtype != input.dtype:
        raise RuntimeError("input tensor must be the same type as the output tensor.")
    if input.numel() != output.numel() * pg._size:
        raise RuntimeError("input tensor must be the same size as output size times world size")
    src = _buffer(input)
    dst = _buffer(output)
    mop, avg = _mpi_op(MPI, op, src)
    size = pg._size

    def finish():
        if avg:
            dst[...] /= size
        _bump(output)
    comm = pg._comm
    return _run(async_op, lambda: comm.Reduce_scatter_block(src, dst, op=mop),
                lambda: comm.Ireduce_scatter_block(src, dst, op=mop), [src, dst], finish, [output])


def barrier(group=None, async_op=False, device_ids=None, timeout=None):
    """Block until every rank reached the barrier (MPI_Barrier).

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized():
    ...     dist.barrier()
    """
    pg = _pg(group)
    comm = pg._comm
    return _run(async_op, comm.Barrier, comm.Ibarrier, [], None, [])


# -- point to point -----------------------------------------------------------------

def _peer(pg, rank, group_rank, what):
    if rank is None:
        rank = group_rank
    if rank is None:
        raise ValueError(f"Either {'dst' if what == 'destination' else 'src'} or "
                         f"group_{'dst' if what == 'destination' else 'src'} must be specified")
    rank = _root(pg, rank, what)
    if rank == pg._rank:
        raise ValueError(f"Invalid {what} rank: {what} rank should not be the same as "
                         "the rank of the current process.")
    return rank


def isend(tensor, dst=None, group=None, tag=0, group_dst=None):
    """Start sending ``tensor`` to rank ``dst`` (MPI_Isend); returns a Work.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized() and dist.get_world_size() > 1 and dist.get_rank() == 0:
    ...     _ = dist.isend(torch.ones(2), dst=1).wait()
    """
    _check_single_tensor(tensor, "tensor")
    pg = _pg(group)
    dst = _peer(pg, dst, group_dst, "destination")
    arr = _buffer(tensor)
    return Work([pg._comm.Isend(arr, dest=dst, tag=tag)], [arr], None, [])


def irecv(tensor, src=None, group=None, tag=0, group_src=None):
    """Start receiving into ``tensor`` from rank ``src`` (any rank if None;
    MPI_Irecv); returns a Work.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized() and dist.get_world_size() > 1 and dist.get_rank() == 1:
    ...     t = torch.zeros(2)
    ...     _ = dist.irecv(t, src=0).wait()
    """
    _check_single_tensor(tensor, "tensor")
    pg = _pg(group)
    MPI = _mpi()
    if src is None and group_src is None:
        src = MPI.ANY_SOURCE
    else:
        src = _peer(pg, src, group_src, "source")
    arr = _buffer(tensor)
    return Work([pg._comm.Irecv(arr, source=src, tag=tag)], [arr], None, [tensor])


def send(tensor, dst=None, group=None, tag=0, group_dst=None):
    """Send ``tensor`` to rank ``dst`` and wait until its buffer may be reused.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized() and dist.get_world_size() > 1:
    ...     t = torch.arange(3.0)
    ...     if dist.get_rank() == 0:
    ...         dist.send(t, dst=1)
    ...     elif dist.get_rank() == 1:
    ...         src = dist.recv(t, src=0)
    """
    isend(tensor, dst, group, tag, group_dst).wait()


def recv(tensor, src=None, group=None, tag=0, group_src=None):
    """Receive into ``tensor`` from rank ``src`` (any rank if None); returns
    the sender's rank.

    >>> import cyautograd.distributed as dist
    >>> if dist.is_initialized() and dist.get_world_size() > 1:
    ...     t = torch.zeros(3)
    ...     if dist.get_rank() == 1:
    ...         sender = dist.recv(t)          # from any rank; returns its rank
    ...     elif dist.get_rank() == 0:
    ...         dist.send(torch.arange(3.0), dst=1)
    """
    w = irecv(tensor, src, group, tag, group_src)
    w.wait()
    return w._source_rank()
