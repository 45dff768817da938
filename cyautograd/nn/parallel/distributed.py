"""DistributedDataParallel, with torch.nn.parallel.DistributedDataParallel's
semantics, over cyautograd.distributed (MPI).

NOTE [ DDP gradient reduction ]
Every rank holds a replica of the module; rank 0's parameters and buffers
are broadcast to the others at construction. Parameters that require grad are
grouped into buckets (at most ``bucket_cap_mb`` each, one dtype each) in
reverse registration order, the order their gradients usually become ready
in backward (torch first buckets by size in that order after its first
iteration; the first bucket is capped at 1 MiB when ``bucket_cap_mb`` is not
given, so its reduction starts early). Each bucket owns one flat buffer.

A ``register_post_accumulate_grad_hook`` on every such parameter runs right
after backward accumulated its ``.grad``: the gradient, scaled by
1/world_size, is copied into its place in the bucket buffer. When every
gradient of a bucket is in, the bucket is ready; ready buckets are
all-reduced (SUM, non-blocking ``MPI_Iallreduce`` on the bucket buffer) in
bucket order — the same order on every rank, as MPI requires — while
backward goes on computing the gradients of earlier layers. When the last
bucket has been launched, an end-of-backward callback (``queue_callback``,
NOTE [ Final callbacks ] in engine.pyx) waits for the all-reduces and writes
the averaged gradients back into each parameter's ``.grad``.

The reduction is armed by the forward pass (``prepare_for_backward``): hooks
do nothing for a backward that did not come from a DDP forward, or from one run
under ``no_sync()`` (then gradients just accumulate locally and the next synced
backward reduces the sum). If a backward leaves some bucket unfilled (a
parameter got no gradient), nothing is written back and the next forward
raises torch's "Expected to have finished reduction" error; with
``find_unused_parameters=True`` the forward walks the autograd graph from the
outputs, and parameters it cannot reach count as ready at the first hook
(contributing the .grad they hold from no_sync steps, else zero); parameters
unused on every rank keep their ``.grad`` untouched.

Differences from torch, none visible in the gradients: torch reduces its
first iteration in one bucket and then rebuilds the buckets in the order the
gradients arrived; here the buckets are laid out once, in reverse
registration order with torch's size limits, which is the order torch
arrives at for a model whose layers run in registration order.
``gradient_as_bucket_view`` and ``static_graph`` are accepted and change
nothing (``.grad`` is always a tensor of its own).
"""
import contextlib
import threading
import time

import numpy as np

from cyautograd.nn.module import Module

__all__ = ["DistributedDataParallel"]

_DEFAULT_BUCKET_CAP_MB = 25
_DEFAULT_FIRST_BUCKET_BYTES = 1024 * 1024
_MB_TO_BYTES = 1024 * 1024


def _compute_bucket_assignment_by_size(tensors, bucket_size_limits, expect_sparse_gradient=None,
                                       tensor_indices=None):
    """Group tensors into buckets of at most the current size limit (bytes),
    one dtype per bucket, as torch's ``_compute_bucket_assignment_by_size``:
    walk the tensors in order, keep one open bucket per dtype, close it once
    it reaches its limit (the limits are used in turn, the last one repeats).
    ``tensor_indices`` names the tensors (their index in the caller's list);
    without it the buckets are sorted by their smallest index. Returns
    (bucket index lists, per-bucket size limits)."""
    if not tensors:
        raise RuntimeError("Expected at least one tensor to bucket")
    result = []
    open_buckets = {}    # dtype -> [indices, size, limit]
    limit_pos = {}
    for i, t in enumerate(tensors):
        index = i if not tensor_indices else tensor_indices[i]
        if expect_sparse_gradient and expect_sparse_gradient[index]:
            result.append(([index], 0))
            continue
        key = t.dtype
        b = open_buckets.get(key)
        if b is None:
            b = open_buckets[key] = [[], 0, 0]
        pos = limit_pos.setdefault(key, 0)
        b[0].append(index)
        b[1] += t.numel() * t.element_size()
        b[2] = bucket_size_limits[pos]
        if b[1] >= b[2]:
            result.append((b[0], b[2]))
            open_buckets[key] = [[], 0, 0]
            if pos + 1 < len(bucket_size_limits):
                limit_pos[key] = pos + 1
    for b in open_buckets.values():
        if b[0]:
            result.append((b[0], b[2]))
    if not tensor_indices:
        result.sort(key=lambda r: min(r[0]))
    return [r[0] for r in result], [r[1] for r in result]


def _find_tensors(obj):
    """The tensors inside a forward's output (tensors, lists, tuples, dicts)."""
    from cyautograd.tensor import Tensor
    if isinstance(obj, Tensor):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [t for o in obj for t in _find_tensors(o)]
    if isinstance(obj, dict):
        return [t for o in obj.values() for t in _find_tensors(o)]
    return []


class _Bucket:
    __slots__ = ("params", "offsets", "buffer", "pending", "ready", "request")

    def __init__(self, params, offsets, buffer):
        self.params = params          # indices into the reducer's parameter list
        self.offsets = offsets        # (start, stop) of each in buffer
        self.buffer = buffer          # the flat array MPI reduces in place
        self.pending = len(params)
        self.ready = False
        self.request = None


# NOTE [ DDP progress thread ]
# MPICH moves a non-blocking collective on only while some thread is inside an
# MPI call; a backward busy in numpy's matmuls makes none, so an Iallreduce
# launched early would mostly run during the final wait — no overlap. When MPI
# runs with MPI_THREAD_MULTIPLE (mpi4py's default), each reducer has a daemon
# thread that, while reductions are in flight, tests them every _POLL_S
# seconds (mpi4py releases the GIL inside MPI calls and numpy inside its
# kernels, so it runs while backward computes). MPI forbids two threads to
# test or wait on one request at once: the thread touches the requests only
# under its lock, and the end-of-backward callback takes them away (under the
# lock) before it waits. Without THREAD_MULTIPLE the hooks test the bucket in
# flight whenever a gradient arrives instead.
_POLL_S = 0.0002


class _Progress:
    """The progress thread's shared state: the requests in flight."""

    def __init__(self, MPI):
        self.MPI = MPI
        self.cond = threading.Condition()
        self.inflight = []
        self.thread = None

    def add(self, request):
        with self.cond:
            self.inflight.append(request)
            if self.thread is None:
                self.thread = threading.Thread(target=_progress_loop, args=(self,), daemon=True,
                                               name="cyautograd-ddp-progress")
                self.thread.start()
            self.cond.notify()

    def take(self):
        with self.cond:
            self.inflight = []


def _progress_loop(st):
    MPI = st.MPI
    while True:
        with st.cond:
            while not st.inflight:
                st.cond.wait()
            if MPI.Request.Testall(st.inflight):
                st.inflight = []
        time.sleep(_POLL_S)


class _Reducer:
    """The bucket bookkeeping of NOTE [ DDP gradient reduction ]."""

    def __init__(self, params, bucket_indices, pg, find_unused_parameters):
        self.params = params
        self.pg = pg
        self.find_unused = find_unused_parameters
        self.buckets = []
        self.locate = [None] * len(params)     # param index -> (bucket, slot)
        for bi, idx in enumerate(bucket_indices):
            offsets, n = [], 0
            for slot, pi in enumerate(idx):
                k = params[pi].numel()
                offsets.append((n, n + k))
                self.locate[pi] = (bi, slot)
                n += k
            dtype = params[idx[0]].numpy(force=True).dtype
            self.buckets.append(_Bucket(list(idx), offsets, np.zeros(n, dtype=dtype)))
        self.expect_hooks = False
        self.require_finalize = False
        self.next_bucket = 0
        self.marked = [False] * len(params)
        self.unused = []
        self.has_marked_unused = False
        self.used = np.zeros(len(params), dtype=np.int32)
        self.inv_world = 1.0 / pg.size()
        self.last_wait_s = 0.0     # time the last backward waited for its all-reduces
        self.progress = None
        if pg.size() > 1:
            from cyautograd.distributed.distributed_c10d import _mpi
            MPI = _mpi()
            if MPI.Query_thread() == MPI.THREAD_MULTIPLE:
                self.progress = _Progress(MPI)

    def prepare_for_backward(self, outputs):
        """Arm the hooks for the backward of this forward's outputs."""
        self.expect_hooks = True
        self.require_finalize = True
        self.next_bucket = 0
        self.has_marked_unused = False
        for b in self.buckets:
            b.pending = len(b.params)
            b.ready = False
            b.request = None
        self.marked = [False] * len(self.params)
        self.unused = []
        if self.find_unused:
            self.unused = self._search_unused(outputs)

    def _search_unused(self, outputs):
        from cyautograd.variable import _grad_accumulator
        seen = set()
        stack = [t.grad_fn for t in outputs if t.grad_fn is not None]
        reached = set()
        while stack:
            fn = stack.pop()
            if id(fn) in seen:
                continue
            seen.add(id(fn))
            reached.add(id(fn))
            for nf, _ in fn.next_functions:
                if nf is not None and id(nf) not in seen:
                    stack.append(nf)
        acc = [_grad_accumulator(p) for p in self.params]
        return [i for i, a in enumerate(acc) if id(a) not in reached]

    def autograd_hook(self, index):
        """A parameter's gradient was accumulated: copy it into its bucket;
        launch every bucket that became ready, in order."""
        if not self.expect_hooks or self.marked[index]:
            return
        if self.find_unused and not self.has_marked_unused:
            self.has_marked_unused = True
            for u in self.unused:
                self._mark_ready(u)
        if self.params[index].grad is not None:   # as torch: a hook with no gradient is no use
            self.used[index] = 1
        self._mark_ready(index)

    def _mark_ready(self, index):
        from cyautograd.distributed.distributed_c10d import _mpi
        self.marked[index] = True
        bi, slot = self.locate[index]
        b = self.buckets[bi]
        lo, hi = b.offsets[slot]
        view = b.buffer[lo:hi]
        g = self.params[index].grad
        if g is None:
            view[...] = 0
        else:
            np.multiply(g.numpy(force=True).reshape(-1), self.inv_world, out=view, casting="unsafe")
        b.pending -= 1
        if b.pending == 0:
            b.ready = True
        MPI = None
        while self.next_bucket < len(self.buckets) and self.buckets[self.next_bucket].ready:
            if MPI is None:
                MPI = _mpi()
            nb = self.buckets[self.next_bucket]
            nb.request = self.pg._comm.Iallreduce(MPI.IN_PLACE, nb.buffer, op=MPI.SUM)
            if self.progress is not None:
                self.progress.add(nb.request)
            self.next_bucket += 1
            if self.next_bucket == len(self.buckets):
                from cyautograd.engine import _queue_callback
                _queue_callback(self.finalize_backward)
        if MPI is None and self.progress is None and self.next_bucket > 0:
            # nothing launched now and no progress thread: let MPI move the
            # reductions in flight on (NOTE [ DDP progress thread ])
            self.buckets[self.next_bucket - 1].request.Test()

    def finalize_backward(self):
        """End of backward: wait for the reductions, write the averaged
        gradients into .grad (NOTE [ DDP gradient reduction ])."""
        from cyautograd.distributed.distributed_c10d import _mpi
        from cyautograd.autograd.graph import increment_version
        from cyautograd.creation import from_numpy
        self.expect_hooks = False
        MPI = _mpi()
        t0 = time.perf_counter()
        if self.progress is not None:
            self.progress.take()     # the thread lets go of the requests before we wait
        MPI.Request.Waitall([b.request for b in self.buckets])
        self.last_wait_s = time.perf_counter() - t0   # bench/ddp_bench.py reads it
        globally_used = None
        if self.find_unused:
            globally_used = self.used.copy()
            self.pg._comm.Allreduce(MPI.IN_PLACE, globally_used, op=MPI.MAX)
            self.used[...] = 0
        for b in self.buckets:
            b.request = None
            for slot, pi in enumerate(b.params):
                if globally_used is not None and not globally_used[pi]:
                    continue
                p = self.params[pi]
                lo, hi = b.offsets[slot]
                reduced = b.buffer[lo:hi].reshape(tuple(p.shape))
                g = p.grad
                if g is None:
                    p.grad = from_numpy(reduced.copy())
                else:
                    g.numpy(force=True)[...] = reduced
                    increment_version(g)
        self.require_finalize = False

    def unfinished_message(self):
        missing = [i for i, m in enumerate(self.marked) if not m]
        return ("Expected to have finished reduction in the prior iteration before starting a "
                "new one. This error indicates that your module has parameters that were not "
                "used in producing loss. You can enable unused parameter detection by passing "
                "the keyword argument `find_unused_parameters=True` to "
                "`cyautograd.nn.parallel.DistributedDataParallel`, and by \nmaking sure all "
                "`forward` function outputs participate in calculating loss. \nIf you already "
                "have done the above, then the distributed data parallel module wasn't able to "
                "locate the output tensors in the return value of your module's `forward` "
                "function. Please include the loss function and the structure of the return "
                "value of `forward` of your module when reporting this issue (e.g. list, dict, "
                "iterable).\nParameter indices which did not receive grad for rank "
                f"{self.pg.rank()}: {' '.join(str(i) for i in missing)}")


class DistributedDataParallel(Module):
    """Data parallelism across the ranks of ``cyautograd.distributed``
    (MPI), with torch.nn.parallel.DistributedDataParallel's semantics: wrap
    the model on every rank, feed each rank its share of the batch, and
    backward leaves every rank with the gradient averaged over all ranks —
    the gradient of the mean loss over the concatenated batch — reduced in
    buckets while backward runs (NOTE [ DDP gradient reduction ]).

    ``module``: the replica (``.module``); ``broadcast_buffers``: copy rank
    0's buffers to all ranks before each forward; ``bucket_cap_mb``: bucket
    size (25 MiB default); ``find_unused_parameters``: allow parameters that
    take no part in the loss; ``init_sync``: broadcast rank 0's parameters
    and buffers at construction. ``device_ids``/``output_device``/``dim``
    are accepted for compatibility (CPU only); ``gradient_as_bucket_view``
    and ``static_graph`` change nothing observable here.

    >>> import cyautograd.distributed as dist
    >>> from cyautograd.nn.parallel import DistributedDataParallel as DDP
    >>> if dist.is_initialized():                  # under mpiexec -n N
    ...     model = DDP(torch.nn.Linear(4, 2))
    ...     opt = torch.optim.SGD(model.parameters(), lr=0.1)
    ...     model(torch.randn(8, 4)).sum().backward()   # .grad: the average over ranks
    ...     opt.step()
    """

    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True,
                 init_sync=True, process_group=None, bucket_cap_mb=None,
                 find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False):
        super().__init__()
        from cyautograd.distributed import distributed_c10d as c10d
        pg = c10d._pg(process_group)
        if device_ids is not None and len(device_ids) > 1:
            raise ValueError("device_ids can only be None or contain a single element.")
        self.module = module
        object.__setattr__(self, "process_group", pg)
        object.__setattr__(self, "device_ids", device_ids)
        object.__setattr__(self, "output_device", output_device)
        object.__setattr__(self, "dim", dim)
        object.__setattr__(self, "broadcast_buffers", True if broadcast_buffers is None
                           else broadcast_buffers)
        object.__setattr__(self, "find_unused_parameters", find_unused_parameters)
        object.__setattr__(self, "gradient_as_bucket_view", gradient_as_bucket_view)
        object.__setattr__(self, "static_graph", static_graph)
        object.__setattr__(self, "require_backward_grad_sync", True)
        object.__setattr__(self, "require_forward_param_sync", True)
        params = [p for _, p in module.named_parameters()]
        if not any(p.requires_grad for p in params):
            raise RuntimeError("DistributedDataParallel is not needed when a module "
                               "doesn't have any parameter that requires a gradient.")
        self._verify_param_shapes(params)
        if bucket_cap_mb is None:
            cap = _DEFAULT_BUCKET_CAP_MB * _MB_TO_BYTES
            first = _DEFAULT_FIRST_BUCKET_BYTES
        else:
            cap = first = int(bucket_cap_mb * _MB_TO_BYTES)
        object.__setattr__(self, "bucket_bytes_cap", cap)
        if init_sync:
            self._sync_module_states()
        grad_params = [p for p in params if p.requires_grad]
        order = list(range(len(grad_params)))[::-1]
        buckets, _ = _compute_bucket_assignment_by_size(
            [grad_params[i] for i in order], [first, cap] if first < cap else [cap],
            None, order)
        reducer = _Reducer(grad_params, buckets, pg, find_unused_parameters)
        object.__setattr__(self, "reducer", reducer)
        handles = []
        for i, p in enumerate(grad_params):
            handles.append(p.register_post_accumulate_grad_hook(_make_hook(reducer, i)))
        object.__setattr__(self, "_hook_handles", handles)

    def _verify_param_shapes(self, params):
        comm = self.process_group._comm
        mine = [tuple(p.shape) for p in params]
        everyone = comm.allgather(mine)
        rank = self.process_group.rank()
        for r, theirs in enumerate(everyone):
            if len(theirs) != len(mine):
                raise RuntimeError(f"DDP expects same model across all ranks, but Rank {rank} has "
                                   f"{len(mine)} params, while rank {r} has inconsistent "
                                   f"{len(theirs)} params.")
            for i, (a, b) in enumerate(zip(mine, theirs)):
                if a != b:
                    raise RuntimeError(f"DDP expects same model across all ranks, but Rank {rank}"
                                       f" has a param with index {i} of shape {list(a)}, while "
                                       f"rank {r} has its param of shape {list(b)}.")

    def _sync_module_states(self):
        """Broadcast rank 0's parameters and buffers to every rank."""
        from cyautograd.grad_mode import no_grad
        from cyautograd.distributed.distributed_c10d import _mpi
        if self.process_group.size() == 1:
            return
        with no_grad():
            for t in list(self.module.parameters()) + list(self.module.buffers()):
                _bcast_into(t, self.process_group, _mpi())

    def _sync_buffers(self):
        from cyautograd.distributed.distributed_c10d import _mpi
        for b in self.module.buffers():
            _bcast_into(b, self.process_group, _mpi())

    def forward(self, *inputs, **kwargs):
        """Run the replica; arm the gradient reduction of the coming backward
        (unless under ``no_sync()`` or grad mode is off).

        >>> import cyautograd.distributed as dist
        >>> from cyautograd.nn.parallel import DistributedDataParallel as DDP
        >>> if dist.is_initialized():
        ...     model = DDP(torch.nn.Linear(4, 2))
        ...     out = model(torch.randn(8, 4))               # runs model.module
        """
        from cyautograd.grad_mode import is_grad_enabled
        reducer = self.reducer
        if is_grad_enabled() and reducer.require_finalize:
            raise RuntimeError(reducer.unfinished_message())
        if (self.require_forward_param_sync and self.broadcast_buffers
                and self.process_group.size() > 1):
            self._sync_buffers()
        output = self.module(*inputs, **kwargs)
        if is_grad_enabled() and self.require_backward_grad_sync:
            object.__setattr__(self, "require_forward_param_sync", True)
            reducer.prepare_for_backward(_find_tensors(output) if self.find_unused_parameters
                                         else [])
        else:
            object.__setattr__(self, "require_forward_param_sync", False)
        return output

    @contextlib.contextmanager
    def no_sync(self):
        """Within this context, backward accumulates gradients locally
        without reducing them; the first synced backward after it reduces
        the accumulated sum.

        >>> import cyautograd.distributed as dist
        >>> from cyautograd.nn.parallel import DistributedDataParallel as DDP
        >>> if dist.is_initialized():
        ...     model = DDP(torch.nn.Linear(4, 2))
        ...     with model.no_sync():
        ...         model(torch.randn(8, 4)).sum().backward()   # accumulated locally
        ...     model(torch.randn(8, 4)).sum().backward()       # reduces the sum of both
        """
        old = self.require_backward_grad_sync
        object.__setattr__(self, "require_backward_grad_sync", False)
        try:
            yield
        finally:
            object.__setattr__(self, "require_backward_grad_sync", old)

    def _bucket_param_indices(self):
        """The buckets, as lists of indices into the parameters that require
        grad (in registration order); bucket 0 is reduced first."""
        return [list(b.params) for b in self.reducer.buckets]


def _make_hook(reducer, index):
    def hook(param):
        reducer.autograd_hook(index)
    return hook


def _bcast_into(t, pg, MPI):
    arr = t.numpy(force=True)
    if arr.flags.c_contiguous:
        pg._comm.Bcast(arr, root=0)
    else:
        tmp = np.ascontiguousarray(arr)
        pg._comm.Bcast(tmp, root=0)
        arr[...] = tmp
