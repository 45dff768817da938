"""Issue 17: cyautograd.distributed (MPI), nn.parallel.DistributedDataParallel and
utils.data.distributed.DistributedSampler.

Two halves:
- in this process, compared with torch (live where installed, else golden data
  recorded from it, tests/golden/distributed.json): DistributedSampler's index
  lists, DDP's bucket assignment, the errors of uninitialised use and
  Variable._execution_engine.queue_callback;
- under ``mpiexec -n 2`` (this file is also the worker: ``python -P
  tests/test_distributed.py worker SCENARIO...``): every collective against
  numpy on every rank, DDP against one process training on the concatenated
  batch, no_sync, uneven buckets, find_unused_parameters, and a rank raising
  in backward ending the job (MPI abort) instead of hanging. These need
  mpi4py and an MPI (the ``distributed`` extra; CI installs it) and are
  skipped, saying so, only where mpi4py cannot be imported.

    python tests/test_distributed.py record    # re-record the golden data (needs torch)
"""
import os
import random
import subprocess
import sys
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


# =============================================================================
# Differential cases (in-process): run on torch and on cyautograd
# =============================================================================

def _sampler_case(n, replicas, rank, shuffle, seed, epoch, drop_last):
    def case(T):
        s = T.utils.data.distributed.DistributedSampler(list(range(n)), num_replicas=replicas,
                                                          rank=rank, shuffle=shuffle, seed=seed,
                                                          drop_last=drop_last)
        s.set_epoch(epoch)
        return [list(s), len(s), s.total_size, s.num_samples]
    return case


def _bucket_fn(T):
    if T.__name__ == "torch":
        return T.distributed._compute_bucket_assignment_by_size
    from cyautograd.nn.parallel.distributed import _compute_bucket_assignment_by_size
    return _compute_bucket_assignment_by_size


def _bucket_case(sizes, dtypes, limits, indexed):
    def case(T):
        ts = [T.zeros(s, dtype=getattr(T, d)) for s, d in zip(sizes, dtypes)]
        fn = _bucket_fn(T)
        sparse = [False] * len(ts)
        if indexed:   # DDP's order: reverse registration order, indices given
            order = list(range(len(ts)))[::-1]
            idx, lim = fn([ts[i] for i in order], limits, sparse, order)
        else:
            idx, lim = fn(ts, limits, sparse)
        idx = [list(map(int, b)) for b in idx]
        if len(set(dtypes)) > 1 and indexed:
            # torch emits the buckets left open at the end in hash-map order
            return sorted([b, int(l)] for b, l in zip(idx, lim))
        return [idx, [int(x) for x in lim]]
    return case


def _uninit(call):
    def case(T):
        d = T.distributed
        x = T.ones(3)
        return {"get_rank": lambda: d.get_rank(),
                "get_world_size": lambda: d.get_world_size(),
                "all_reduce": lambda: d.all_reduce(x),
                "all_reduce_not_tensor": lambda: d.all_reduce(3),
                "broadcast": lambda: d.broadcast(x, 0),
                "all_gather": lambda: d.all_gather([x], x),
                "all_gather_not_list": lambda: d.all_gather(x, x),
                "all_gather_into_tensor": lambda: d.all_gather_into_tensor(x, x),
                "reduce_scatter_tensor": lambda: d.reduce_scatter_tensor(x, x),
                "barrier": lambda: d.barrier(),
                "send": lambda: d.send(x, 1),
                "recv": lambda: d.recv(x, 1),
                "destroy": lambda: d.destroy_process_group(),
                "is_initialized": lambda: d.is_initialized(),
                "sampler_default_replicas": lambda: T.utils.data.distributed.DistributedSampler([1, 2]),
                "sampler_bad_rank": lambda: T.utils.data.distributed.DistributedSampler(
                    [1, 2], num_replicas=2, rank=2),
                "sampler_negative_rank": lambda: T.utils.data.distributed.DistributedSampler(
                    [1, 2], num_replicas=2, rank=-1),
                }[call]()
    return case


def _queue_callback_outside(T):
    T.autograd.Variable._execution_engine.queue_callback(lambda: None)


def _queue_callback_order(T):
    log = []
    x = T.ones(3, requires_grad=True)
    q = T.autograd.Variable._execution_engine.queue_callback

    def hook(p):
        log.append(["hook", p.grad.tolist()])
        q(lambda: (log.append(["cb", p.grad.tolist()]), q(lambda: log.append(["cb2"]))))
    x.register_post_accumulate_grad_hook(hook)
    (x * 2).sum().backward()
    (x * 3).sum().backward()
    return log


def _build_cases():
    cases = {}
    rng = random.Random(17)
    for k in range(120):
        n = rng.choice([0, 1, 2, 3, 5, 7, 10, 16, 33, 100, 257])
        replicas = rng.choice([1, 2, 3, 4, 8])
        rank = rng.randrange(replicas)
        shuffle = rng.random() < 0.7
        seed = rng.choice([0, 1, 7, 42, -3, 2 ** 32 + 5])
        epoch = rng.choice([0, 1, 2, 9])
        drop_last = rng.random() < 0.4
        cases[f"sampler_{k:03d}_n{n}_r{rank}of{replicas}_s{int(shuffle)}_seed{seed}_e{epoch}"
              f"_d{int(drop_last)}"] = _sampler_case(n, replicas, rank, shuffle, seed, epoch,
                                                     drop_last)
    cases["sampler_big_shuffled"] = _sampler_case(5000, 3, 1, True, 11, 4, False)
    for k in range(40):
        m = rng.randint(1, 12)
        sizes = [tuple(rng.randint(0, 40) for _ in range(rng.randint(0, 2))) for _ in range(m)]
        mixed = k % 4 == 3
        dtypes = [rng.choice(["float32", "float64"]) if mixed else "float32" for _ in range(m)]
        limits = rng.choice([[64], [128, 1024], [1, 256], [400, 100], [2 ** 62]])
        cases[f"buckets_{k:02d}_{'indexed' if k % 2 else 'sorted'}"] = _bucket_case(
            sizes, dtypes, limits, k % 2 == 1)
    for call in ["get_rank", "get_world_size", "all_reduce", "all_reduce_not_tensor", "broadcast",
                 "all_gather", "all_gather_not_list", "all_gather_into_tensor",
                 "reduce_scatter_tensor", "barrier", "send", "recv", "destroy", "is_initialized",
                 "sampler_default_replicas", "sampler_bad_rank",
                 "sampler_negative_rank"]:
        cases["uninit_" + call] = _uninit(call)
    cases["queue_callback_outside_backward"] = _queue_callback_outside
    cases["queue_callback_order"] = _queue_callback_order
    return cases


CASES = _build_cases()


def _run(fn, T):
    import harness
    if T.__name__ == "torch":
        import torch.utils.data.distributed  # noqa: F401
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return harness.run(fn, T)
    import cyautograd.utils.data.distributed  # noqa: F401
    return harness.run(fn, T)


def record():
    import harness
    T = harness.torch_module()
    if T is None:
        raise SystemExit("torch is not installed")
    data = {k: _run(fn, T) for k, fn in sorted(CASES.items())}
    harness.save_golden("distributed", data)
    print(f"distributed: {len(data)} cases recorded from torch {T.__version__}")


# =============================================================================
# pytest: in-process differential tests
# =============================================================================

if __name__ != "__main__":
    import pytest
    import harness
    import cyautograd

    _GOLDEN = harness.load_golden("distributed")

    @pytest.mark.parametrize("name", sorted(CASES))
    def test_matches_golden(name):
        assert name in _GOLDEN, f"no golden data for {name}: run tests/test_distributed.py record"
        harness.assert_same(_run(CASES[name], cyautograd), _GOLDEN[name], harness.RTOL)

    @pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
    @pytest.mark.parametrize("name", sorted(CASES))
    def test_matches_live_torch(name):
        harness.assert_same(_run(CASES[name], cyautograd), _run(CASES[name], harness.torch_module()),
                            harness.RTOL)

    def test_docstring_examples_run_uninitialised():
        """Every docstring example runs in a process that never joined a group
        (the MPI job runs them initialised: scenario docstring_examples)."""
        import doctest
        import cyautograd.distributed.distributed_c10d as c10d
        import cyautograd.nn.parallel.distributed as ddp_mod
        import cyautograd.utils.data.distributed as sampler_mod
        runner = doctest.DocTestRunner()
        for mod in (c10d, ddp_mod, sampler_mod):
            for t in doctest.DocTestFinder().find(mod, extraglobs={"torch": cyautograd}):
                runner.run(t)
        res = runner.summarize(verbose=False)
        assert res.attempted > 30 and res.failed == 0, res
        assert not c10d.is_initialized()

    @pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
    def test_golden_is_current():
        """The recorded data is what this torch gives today."""
        T = harness.torch_module()
        assert sorted(_GOLDEN) == sorted(CASES)
        for name in sorted(CASES):
            harness.assert_same(_run(CASES[name], T), _GOLDEN[name], harness.RTOL, name)


# =============================================================================
# pytest: the MPI jobs
# =============================================================================

def _have_mpi4py():
    try:
        import mpi4py  # noqa: F401
        return True
    except ImportError:
        return False


_NO_MPI = ("mpi4py is not importable: the distributed tests need the `distributed` extra "
           "(pip install mpi4py mpich); CI installs it")


def _mpiexec():
    import shutil
    local = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    return local if os.path.exists(local) else shutil.which("mpiexec")


def _launch(scenarios, n=2, timeout=120, script=None):
    """Run this file's worker under ``mpiexec -n n``, importing the running
    cyautograd (its folder first on PYTHONPATH, ``python -P``)."""
    import cyautograd
    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(cyautograd.__file__)))
    env = dict(os.environ, PYTHONPATH=pkg_parent + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    for var in ("RANK", "WORLD_SIZE", "LOCAL_RANK"):
        env.pop(var, None)
    mpiexec = _mpiexec()
    assert mpiexec, "mpi4py is installed but no mpiexec was found (pip install mpich)"
    cmd = [mpiexec, "-n", str(n)]
    # a sanitizer run preloads ASan: the ranks need it, mpiexec itself not
    preload = env.pop("LD_PRELOAD", None)
    if preload:
        cmd += ["-genv", "LD_PRELOAD", preload]
    if script is None:
        cmd += [sys.executable, "-P", os.path.abspath(__file__), "worker", *scenarios]
    else:
        cmd += [sys.executable, "-P", script]
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout,
                           start_new_session=True)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"mpiexec did not finish in {timeout}s: {e.stdout}\n{e.stderr}")
    return p.returncode, p.stdout, p.stderr


_MPI_SCENARIOS = ["init_env", "all_reduce", "all_reduce_async", "broadcast", "all_gather",
                  "all_gather_into_tensor", "reduce_scatter_tensor", "send_recv", "barrier",
                  "shape_errors", "ddp_matches_single_process", "ddp_adam_uneven_buckets",
                  "ddp_no_sync", "ddp_find_unused", "ddp_unfinished_reduction",
                  "ddp_buffers_and_init_broadcast",
                  "ddp_overlap", "sampler_shards", "docstring_examples"]

_job = {}


def _job_result():
    if "out" not in _job:
        _job["out"] = _launch(_MPI_SCENARIOS, timeout=240)
    return _job["out"]


if __name__ != "__main__":
    needs_mpi = pytest.mark.skipif(not _have_mpi4py(), reason=_NO_MPI)

    @needs_mpi
    @pytest.mark.parametrize("scenario", _MPI_SCENARIOS)
    def test_under_mpiexec(scenario):
        rc, out, err = _job_result()
        for rank in (0, 1):
            # (the ranks share one pipe: their lines may interleave)
            want = f"SCENARIO {scenario} rank {rank} ok"
            assert want in out, (f"{want!r} missing (mpiexec exit {rc}):\n{out[-6000:]}\n"
                                   f"{err[-6000:]}")
        assert rc == 0, f"mpiexec exit {rc}:\n{out[-3000:]}\n{err[-3000:]}"

    @needs_mpi
    def test_rank_raising_in_backward_aborts_the_job():
        """Rank 1 raises inside backward while rank 0 waits in its gradient
        all-reduce: the job must end with an error (MPI_Abort from the
        excepthook), with the traceback shown, in bounded time — not hang."""
        rc, out, err = _launch(["raise_in_backward"], timeout=90)
        assert rc != 0, f"the job should have failed:\n{out}\n{err}"
        assert "ValueError: rank 1 fails in backward" in err, err[-4000:]
        assert "SCENARIO raise_in_backward rank 0 ok" not in out

    @needs_mpi
    def test_example_trains_under_mpiexec():
        """examples/ddp_train.py, as the README launches it, runs to the end."""
        example = os.path.join(os.path.dirname(HERE), "examples", "ddp_train.py")
        rc, out, err = _launch([], timeout=120, script=example)
        assert rc == 0, out + err
        assert "epoch 4: mean loss" in out and "(2 processes, 512 samples each)" in out, out + err

    @needs_mpi
    def test_env_conventions_without_mpiexec():
        """torch's RANK/WORLD_SIZE: set from MPI when absent; a WORLD_SIZE of 2 in
        a process MPI started alone (no mpiexec) is refused with the launch command;
        world_size/rank arguments are ignored with torch's warning."""
        import cyautograd
        pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(cyautograd.__file__)))
        script = "\n".join([
            "import os, warnings",
            "import cyautograd.distributed as d",
            "os.environ.update(WORLD_SIZE='2', RANK='0')",
            "try:",
            "    d.init_process_group('mpi')",
            "except RuntimeError as e:",
            "    print('ERR', e)",
            "del os.environ['WORLD_SIZE'], os.environ['RANK']",
            "with warnings.catch_warnings(record=True) as w:",
            "    warnings.simplefilter('always')",
            "    d.init_process_group('mpi', world_size=1, rank=0)",
            "print('WARN', [str(x.message) for x in w])",
            "print('ENV', os.environ['RANK'], os.environ['WORLD_SIZE'], d.get_rank(), d.get_world_size())",
            "try:",
            "    d.init_process_group('gloo')",
            "except ValueError as e:",
            "    print('TWICE', e)",
        ])
        env = dict(os.environ, PYTHONPATH=pkg_parent + os.pathsep + os.environ.get("PYTHONPATH", ""))
        for var in ("RANK", "WORLD_SIZE"):
            env.pop(var, None)
        p = subprocess.run([sys.executable, "-P", "-c", script], env=env, capture_output=True,
                           text=True, timeout=90)
        assert p.returncode == 0, p.stdout + p.stderr
        assert ("ERR WORLD_SIZE=2 but MPI started this process alone: launch the job with "
                "`mpiexec -n 2 python ...` so that MPI connects its processes") in p.stdout
        assert ("WARN ['For MPI backend, world_size (1) and rank (0) are ignored since they are "
                "assigned by the MPI runtime.']") in p.stdout
        assert "ENV 0 1 0 1" in p.stdout
        assert "TWICE trying to initialize the default process group twice!" in p.stdout

    @needs_mpi
    def test_single_process_world():
        """mpiexec -n 1: a world of one; collectives are the identity, DDP
        trains as the plain module."""
        rc, out, err = _launch(["single_world"], n=1, timeout=90)
        assert rc == 0 and "SCENARIO single_world rank 0 ok" in out, out + err


# =============================================================================
# The worker: runs under mpiexec, one process per rank
# =============================================================================

class _W:
    """Shared state of a worker process."""
    T = None
    dist = None
    rank = 0
    size = 1


def _inputs(rank, shape, dtype, salt=0):
    """Rank `rank`'s deterministic input (every rank can rebuild every rank's)."""
    rng = np.random.default_rng(1000 * rank + 17 * salt + 3)
    if np.dtype(dtype).kind == "f":
        return rng.uniform(0.5, 2.0, size=shape).astype(dtype)
    return rng.integers(-3, 4, size=shape).astype(dtype)


_SHAPES = [(), (0,), (1,), (5,), (3, 4), (2, 0, 3), (1000,)]
_DTYPES = ["float32", "float64", "int32", "int64", "float16", "int8", "uint8"]


def _close(got, want, dtype):
    tol = {"float16": 2e-3, "float32": 1e-6, "float64": 1e-12}.get(str(dtype), 0)
    np.testing.assert_allclose(np.asarray(got, dtype=np.float64), np.asarray(want, np.float64),
                               rtol=tol, atol=tol)


def sc_init_env():
    d = _W.dist
    assert d.is_initialized() and d.get_backend() == "mpi"
    assert os.environ["RANK"] == str(_W.rank) and os.environ["WORLD_SIZE"] == str(_W.size)
    assert d.group.WORLD is not None and d.group.WORLD.size() == _W.size
    try:
        d.init_process_group("mpi")
    except ValueError as e:
        assert str(e) == "trying to initialize the default process group twice!"
    else:
        raise AssertionError("second init_process_group did not raise")


def sc_all_reduce():
    T, d = _W.T, _W.dist
    red = {"SUM": lambda a: np.sum(a, axis=0), "MAX": lambda a: np.max(a, axis=0),
           "MIN": lambda a: np.min(a, axis=0), "PRODUCT": lambda a: np.prod(a, axis=0),
           "AVG": lambda a: np.sum(a, axis=0) / len(a)}
    for dtype in _DTYPES:
        for shape in _SHAPES:
            for salt, op in enumerate(red):
                if op == "AVG" and np.dtype(dtype).kind != "f":
                    continue
                allin = np.stack([_inputs(r, shape, dtype, salt) for r in range(_W.size)])
                want = red[op](allin).astype(dtype)
                t = T.from_numpy(_inputs(_W.rank, shape, dtype, salt).copy())
                ptr, version = t.data_ptr(), t._version
                view = t.view(-1)[1:] if t.numel() > 1 else None
                assert d.all_reduce(t, op=getattr(d.ReduceOp, op)) is None
                _close(t.numpy(), want, dtype)
                assert t.data_ptr() == ptr and t._version == version   # in place, as torch
                if view is not None:   # zero-copy: a view made before sees the result
                    _close(view.numpy(), want.reshape(-1)[1:], dtype)
    # a tensor that requires grad is reduced too (as torch), a non-contiguous one refused
    w = T.ones(4, requires_grad=True)
    d.all_reduce(w)
    assert w.detach().tolist() == [float(_W.size)] * 4 and w.is_leaf
    nc = T.ones(4, 2).t()
    _expect(RuntimeError, "input tensor has to be contiguous", lambda: d.all_reduce(nc))
    b = T.tensor([True, False, _W.rank == 0])
    d.all_reduce(b, op=d.ReduceOp.MAX)
    assert b.tolist() == [True, False, True]
    i = T.tensor([6, 3], dtype=T.int64) + _W.rank
    d.all_reduce(i, op=d.ReduceOp.BAND)
    want = np.bitwise_and.reduce(np.array([[6 + r, 3 + r] for r in range(_W.size)]), axis=0)
    assert i.tolist() == want.tolist()
    _expect(RuntimeError, "Cannot use ReduceOp.BAND with non-integral dtype",
            lambda: d.all_reduce(T.ones(2), op=d.ReduceOp.BAND))


def sc_all_reduce_async():
    T, d = _W.T, _W.dist
    works, tensors = [], []
    for k in range(8):
        t = T.from_numpy(_inputs(_W.rank, (257,), "float32", k).copy())
        op = d.ReduceOp.AVG if k % 2 else d.ReduceOp.SUM
        works.append(d.all_reduce(t, op=op, async_op=True))
        tensors.append((t, k, op))
    for w, (t, k, op) in zip(works, tensors):
        assert isinstance(w, d.Work)
        assert w.wait() is True and w.is_completed() and w.is_success()
        allin = np.stack([_inputs(r, (257,), "float32", k) for r in range(_W.size)])
        want = allin.sum(0) / (_W.size if op is d.ReduceOp.AVG else 1)
        _close(t.numpy(), want.astype(np.float32), "float32")
    t = T.ones(3)
    w = d.all_reduce(t, async_op=True)
    while not w.is_completed():
        pass
    assert t.tolist() == [float(_W.size)] * 3
    assert w.wait() is True


def sc_broadcast():
    T, d = _W.T, _W.dist
    for src in range(_W.size):
        for dtype in _DTYPES:
            for shape in _SHAPES:
                t = T.from_numpy(_inputs(_W.rank, shape, dtype, 5).copy())
                w = d.broadcast(t, src=src, async_op=(dtype == "float64"))
                if w is not None:
                    w.wait()
                _close(t.numpy(), _inputs(src, shape, dtype, 5), dtype)
    _expect(ValueError, None, lambda: d.broadcast(T.ones(2), src=_W.size))


def sc_all_gather():
    T, d = _W.T, _W.dist
    for dtype in _DTYPES:
        for shape in _SHAPES:
            x = T.from_numpy(_inputs(_W.rank, shape, dtype, 7).copy())
            outs = [T.zeros(shape, dtype=getattr(T, dtype)) for _ in range(_W.size)]
            w = d.all_gather(outs, x, async_op=(dtype == "int32"))
            if w is not None:
                w.wait()
            for r, o in enumerate(outs):
                _close(o.numpy(), _inputs(r, shape, dtype, 7), dtype)
                assert o._version == 1     # written by copy, as torch's
    x = T.ones(3)
    _expect(RuntimeError, "All gather: number of output tensors should equal to the world size",
            lambda: d.all_gather([T.zeros(3)] * (_W.size + 1), x))
    _expect(RuntimeError, "Tensors are not equal in size or data type",
            lambda: d.all_gather([T.zeros(4) for _ in range(_W.size)], x))
    _expect(ValueError, "Invalid usage of tensors with different dtypesFound cyautograd.float64 "
            "and  cyautograd.float32",
            lambda: d.all_gather([T.zeros(3, dtype=T.float64) for _ in range(_W.size)], x))


def sc_all_gather_into_tensor():
    T, d = _W.T, _W.dist
    for dtype in _DTYPES:
        for shape in [(0,), (1,), (3, 4), (1000,)]:
            x = T.from_numpy(_inputs(_W.rank, shape, dtype, 9).copy())
            out = T.zeros((_W.size * shape[0],) + shape[1:], dtype=getattr(T, dtype))
            ptr = out.data_ptr()
            w = d.all_gather_into_tensor(out, x, async_op=(dtype == "float32"))
            if w is not None:
                w.wait()
            want = np.concatenate([_inputs(r, shape, dtype, 9) for r in range(_W.size)])
            _close(out.numpy(), want, dtype)
            assert out.data_ptr() == ptr
    stacked = T.zeros(_W.size, 2)
    d.all_gather_into_tensor(stacked, T.ones(2) * _W.rank)
    assert stacked.tolist() == [[float(r)] * 2 for r in range(_W.size)]


def sc_reduce_scatter_tensor():
    T, d = _W.T, _W.dist
    for dtype in ["float32", "float64", "int64"]:
        for op in ["SUM", "MAX", "MIN", "AVG"]:
            if op == "AVG" and dtype == "int64":
                continue
            chunk = 6
            allin = np.stack([_inputs(r, (_W.size * chunk,), dtype, 11) for r in range(_W.size)])
            red = {"SUM": allin.sum(0), "MAX": allin.max(0), "MIN": allin.min(0),
                   "AVG": allin.sum(0) / _W.size}[op].astype(dtype)
            out = T.zeros(chunk, dtype=getattr(T, dtype))
            w = d.reduce_scatter_tensor(out, T.from_numpy(allin[_W.rank].copy()),
                                        op=getattr(d.ReduceOp, op), async_op=(op == "MAX"))
            if w is not None:
                w.wait()
            _close(out.numpy(), red[_W.rank * chunk:(_W.rank + 1) * chunk], dtype)


def sc_send_recv():
    T, d = _W.T, _W.dist
    r, n = _W.rank, _W.size
    peer = (r + 1) % n
    prev = (r - 1) % n
    x = T.arange(5, dtype=T.float32) + 10 * r
    y = T.zeros(5)
    # ring: even ranks send first (blocking calls), odd ranks receive first
    if r % 2 == 0:
        d.send(x, peer)
        src = d.recv(y, prev)
    else:
        src = d.recv(y, prev)
        d.send(x, peer)
    assert src == prev and y.tolist() == (np.arange(5) + 10 * prev).tolist()
    z = T.zeros(5)
    rw = d.irecv(z)                       # any source
    sw = d.isend(x, peer)
    sw.wait()
    rw.wait()
    assert rw._source_rank() == prev and z.tolist() == (np.arange(5) + 10 * prev).tolist()
    _expect(ValueError, "Invalid destination rank: destination rank should not be the same as "
            "the rank of the current process.", lambda: d.send(x, r))
    _expect(ValueError, "Invalid source rank: source rank should not be the same as "
            "the rank of the current process.", lambda: d.recv(x, r))


def sc_barrier():
    d = _W.dist
    assert d.barrier() is None
    w = d.barrier(async_op=True)
    w.wait()
    assert w.is_completed()


def sc_shape_errors():
    T, d = _W.T, _W.dist
    _expect(RuntimeError, "output tensor size must be equal to world_size times input tensor size",
            lambda: d.all_gather_into_tensor(T.zeros(3 * _W.size + 1), T.ones(3)))
    _expect(RuntimeError, "output tensor must have the same type as input tensor",
            lambda: d.all_gather_into_tensor(T.zeros(3 * _W.size, dtype=T.float64), T.ones(3)))
    _expect(RuntimeError, "input tensor must be the same size as output size times world size",
            lambda: d.reduce_scatter_tensor(T.zeros(2), T.ones(2 * _W.size + 1)))
    _expect(RuntimeError, "input tensor must be the same type as the output tensor.",
            lambda: d.reduce_scatter_tensor(T.zeros(2), T.ones(2 * _W.size, dtype=T.float64)))
    _expect(TypeError, "Invalid function argument. Expected parameter `tensor` of type "
            "cyautograd.Tensor\n             but got <class 'list'> instead.",
            lambda: d.all_reduce([1.0]))
    # a failed collective leaves its tensors as they were
    out = T.full((3 * _W.size + 1,), 7.0)
    try:
        d.all_gather_into_tensor(out, T.ones(3))
    except RuntimeError:
        pass
    assert out.tolist() == [7.0] * (3 * _W.size + 1) and out._version == 0


def _expect(exc, msg, fn):
    try:
        fn()
    except exc as e:
        if msg is not None:
            assert str(e) == msg, f"{str(e)!r} != {msg!r}"
        return
    raise AssertionError(f"no {exc.__name__} raised (wanted {msg!r})")


def _mlp(T, sizes, seed):
    T.manual_seed(seed)
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(T.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(T.nn.Tanh())
    return T.nn.Sequential(*layers)


def _copy_params(T, dst, src):
    with T.no_grad():
        for p, q in zip(dst.parameters(), src.parameters()):
            p.copy_(q)


def _data(steps, batch, d_in, d_out, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((steps, batch, d_in)).astype(np.float32)
    Y = rng.standard_normal((steps, batch, d_out)).astype(np.float32)
    return X, Y


def _max_param_diff(a, b):
    return max(float(np.max(np.abs(p.detach().numpy() - q.detach().numpy())))
               for p, q in zip(a.parameters(), b.parameters()))


def _train_pair(make_opt, bucket_cap_mb, sizes, steps=50, per_rank=4):
    """DDP over the ranks vs one process on the concatenated batch."""
    T, d = _W.T, _W.dist
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    model = _mlp(T, sizes, seed=100 + _W.rank)      # different on purpose: DDP broadcasts rank 0's
    ddp = DDP(model, bucket_cap_mb=bucket_cap_mb)
    ref = _mlp(T, sizes, seed=100)                   # rank 0's initial weights
    assert _max_param_diff(ref, model) == 0.0
    opt, ropt = make_opt(ddp.parameters()), make_opt(ref.parameters())
    X, Y = _data(steps, per_rank * _W.size, sizes[0], sizes[-1])
    lo, hi = _W.rank * per_rank, (_W.rank + 1) * per_rank
    for s in range(steps):
        opt.zero_grad()
        loss = T.nn.functional.mse_loss(ddp(T.from_numpy(X[s, lo:hi])), T.from_numpy(Y[s, lo:hi]))
        loss.backward()
        opt.step()
        ropt.zero_grad()
        T.nn.functional.mse_loss(ref(T.from_numpy(X[s])), T.from_numpy(Y[s])).backward()
        ropt.step()
    diff = _max_param_diff(ref, model)
    assert diff < 1e-5, f"DDP drifted from single-process training by {diff}"
    # every rank holds the same parameters
    for p in model.parameters():
        g = [T.zeros_like(p) for _ in range(_W.size)]
        d.all_gather(g, p.detach().contiguous())
        for o in g[1:]:
            assert np.array_equal(o.numpy(), g[0].numpy())
    return ddp


def sc_ddp_matches_single_process():
    T = _W.T
    ddp = _train_pair(lambda ps: T.optim.SGD(ps, lr=0.05, momentum=0.9), None, [6, 32, 16, 3])
    assert ddp._bucket_param_indices() == [[5, 4, 3, 2, 1, 0]]   # 25 MiB: one bucket
    assert isinstance(ddp.module, T.nn.Sequential)
    assert sorted(ddp.state_dict()) == sorted("module." + k for k in ddp.module.state_dict())


def sc_ddp_adam_uneven_buckets():
    T = _W.T
    # 0.0002 MiB = 209 bytes: buckets of uneven sizes, filled from the last layer back
    ddp = _train_pair(lambda ps: T.optim.Adam(ps, lr=1e-2), 0.0002, [5, 12, 9, 6, 4])
    buckets = ddp._bucket_param_indices()
    assert buckets == [[7, 6, 5, 4], [3, 2], [1, 0]], buckets
    sizes = [p.numel() * 4 for p in ddp.module.parameters()]
    for b in buckets:   # each bucket closed when it reached the cap
        assert sum(sizes[i] for i in b) >= 209 > sum(sizes[i] for i in b[:-1])


def sc_ddp_no_sync():
    T, d = _W.T, _W.dist
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    sizes = [4, 8, 2]
    model = _mlp(T, sizes, seed=7)
    ddp = DDP(model, bucket_cap_mb=0.0001)
    ref = _mlp(T, sizes, seed=7)
    X, Y = _data(3, 3 * _W.size, 4, 2, seed=5)
    lo, hi = _W.rank * 3, (_W.rank + 1) * 3
    with ddp.no_sync():
        for s in range(2):
            T.nn.functional.mse_loss(ddp(T.from_numpy(X[s, lo:hi])), T.from_numpy(Y[s, lo:hi])).backward()
    # inside no_sync the gradients stay local: they differ between ranks
    g = [T.zeros_like(model[0].weight) for _ in range(_W.size)]
    d.all_gather(g, model[0].weight.grad)
    assert not np.allclose(g[0].numpy(), g[1].numpy())
    T.nn.functional.mse_loss(ddp(T.from_numpy(X[2, lo:hi])), T.from_numpy(Y[2, lo:hi])).backward()
    for s in range(3):
        T.nn.functional.mse_loss(ref(T.from_numpy(X[s])), T.from_numpy(Y[s])).backward()
    for p, q in zip(model.parameters(), ref.parameters()):
        np.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), rtol=1e-5, atol=1e-6)


class _TwoHeads:
    @staticmethod
    def make(T):
        class TwoHeads(T.nn.Module):
            def __init__(self):
                super().__init__()
                T.manual_seed(3)
                self.body = T.nn.Linear(4, 4)
                self.head_a = T.nn.Linear(4, 2)
                self.head_b = T.nn.Linear(4, 2)     # used only by rank 0
                self.never = T.nn.Linear(4, 2)      # used by nobody

            def forward(self, x, use_b):
                h = self.body(x).tanh()
                out = self.head_a(h)
                if use_b:
                    out = out + self.head_b(h)
                return out
        return TwoHeads()


def sc_ddp_find_unused():
    T = _W.T
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    model = _TwoHeads.make(T)
    ddp = DDP(model, find_unused_parameters=True, bucket_cap_mb=0.0001)
    ref = _TwoHeads.make(T)
    X, Y = _data(4, 2 * _W.size, 4, 2, seed=9)
    for s in range(4):
        for p in list(model.parameters()) + list(ref.parameters()):
            p.grad = None
        lo, hi = _W.rank * 2, (_W.rank + 1) * 2
        T.nn.functional.mse_loss(ddp(T.from_numpy(X[s, lo:hi]), _W.rank == 0),
                                 T.from_numpy(Y[s, lo:hi])).backward()
        # reference: the average of every rank's loss, each with its own head use
        total = 0
        for r in range(_W.size):
            a, b = r * 2, (r + 1) * 2
            total = total + T.nn.functional.mse_loss(ref(T.from_numpy(X[s, a:b]), r == 0),
                                                     T.from_numpy(Y[s, a:b]))
        (total / _W.size).backward()
        assert model.never.weight.grad is None and model.never.bias.grad is None
        for name in ["body", "head_a", "head_b"]:
            for p, q in zip(getattr(model, name).parameters(), getattr(ref, name).parameters()):
                np.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), rtol=1e-5, atol=1e-6)


def sc_ddp_unfinished_reduction():
    T = _W.T
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    model = _TwoHeads.make(T)
    ddp = DDP(model)
    x = T.ones(2, 4)
    ddp(x, False).sum().backward()
    try:
        ddp(x, False)
    except RuntimeError as e:
        msg = str(e)
        assert msg.startswith("Expected to have finished reduction in the prior iteration before "
                              "starting a new one."), msg
        assert msg.endswith(f"Parameter indices which did not receive grad for rank {_W.rank}: "
                            "4 5 6 7"), msg
    else:
        raise AssertionError("no error for a parameter that got no gradient")


def sc_ddp_buffers_and_init_broadcast():
    T = _W.T
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    T.manual_seed(50 + _W.rank)
    model = T.nn.Sequential(T.nn.Linear(3, 4), T.nn.BatchNorm1d(4))
    with T.no_grad():
        model[1].running_mean.fill_(float(_W.rank + 1))
    ddp = DDP(model)
    assert model[1].running_mean.tolist() == [1.0] * 4      # rank 0's, after construction
    ddp(T.ones(5, 3) * (_W.rank + 1)).sum().backward()
    # buffers are broadcast from rank 0 before each forward: after this one they differ,
    # the next forward starts from rank 0's again
    with T.no_grad():
        ddp.eval()
        ddp(T.ones(1, 3))
    want = T.zeros(4)
    if _W.rank == 0:
        want = model[1].running_mean.detach().clone()
    _W.dist.broadcast(want, 0)
    assert model[1].running_mean.tolist() == want.tolist()
    try:
        DDP(T.nn.Linear(2, 2).requires_grad_(False))
    except RuntimeError as e:
        assert str(e) == ("DistributedDataParallel is not needed when a module doesn't have any "
                          "parameter that requires a gradient.")
    else:
        raise AssertionError("DDP of a frozen module did not raise")


def sc_ddp_overlap():
    """Bucket reductions start inside backward: the first bucket's all-reduce
    is launched before the first layer's gradient exists."""
    T = _W.T
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    model = _mlp(T, [8, 16, 16, 4], seed=1)
    ddp = DDP(model, bucket_cap_mb=0.0001)
    launched = []     # buckets launched when the first layer's first gradient arrives
    for p in model[0].parameters():
        p.register_post_accumulate_grad_hook(lambda p: launched.append(ddp.reducer.next_bucket))
    ddp(T.ones(2, 8)).sum().backward()
    n = len(ddp.reducer.buckets)
    assert n >= 3 and 0 < launched[0] < n, (launched, n)
    assert ddp.reducer.next_bucket == n and not ddp.reducer.require_finalize


def sc_sampler_shards():
    T = _W.T
    from cyautograd.utils.data.distributed import DistributedSampler
    data = list(range(23))
    s = DistributedSampler(data, shuffle=True, seed=4)
    assert s.num_replicas == _W.size and s.rank == _W.rank
    mine = T.tensor(list(s))
    allidx = [T.zeros_like(mine) for _ in range(_W.size)]
    _W.dist.all_gather(allidx, mine)
    got = sorted(i for t in allidx for i in t.tolist())
    assert set(got) == set(data) and len(got) == s.total_size


def sc_docstring_examples():
    """The docstring examples run initialised, on every rank (outside
    mpiexec they do nothing), and print what they show."""
    import doctest
    import cyautograd.distributed.distributed_c10d as c10d
    import cyautograd.nn.parallel.distributed as ddp_mod
    import cyautograd.utils.data.distributed as sampler_mod
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    skip = ("destroy_process_group", "is_initialized")   # would end the group / show False
    for mod in (c10d, ddp_mod, sampler_mod):
        for t in finder.find(mod, extraglobs={"torch": _W.T}):
            if t.examples and not t.name.endswith(skip):
                runner.run(t)
    res = runner.summarize(verbose=False)
    assert res.attempted > 30 and res.failed == 0, res


def sc_raise_in_backward():
    T = _W.T
    from cyautograd.nn.parallel import DistributedDataParallel as DDP

    class Boom(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, g):
            if _W.rank == 1:
                raise ValueError("rank 1 fails in backward")
            return g
    model = _mlp(T, [4, 8, 8, 2], seed=0)
    ddp = DDP(model, bucket_cap_mb=0.0001)
    out = ddp(T.ones(2, 4))
    # rank 0 reduces the last layers' buckets, then waits for rank 1, which raised
    (Boom.apply(out[:, :1]).sum() + out.sum()).backward()
    for _ in range(3):
        ddp(T.ones(2, 4)).sum().backward()


def sc_single_world():
    T, d = _W.T, _W.dist
    assert d.get_world_size() == 1 and d.get_rank() == 0
    x = T.arange(4.0)
    d.all_reduce(x, op=d.ReduceOp.AVG)
    assert x.tolist() == [0.0, 1.0, 2.0, 3.0]
    _train_pair(lambda ps: T.optim.SGD(ps, lr=0.1), 0.0001, [3, 5, 2], steps=5)


def _worker(names):
    import cyautograd as T
    import cyautograd.distributed as dist
    import cyautograd.utils.data.distributed  # noqa: F401
    dist.init_process_group("mpi")
    _W.T, _W.dist = T, dist
    _W.rank, _W.size = dist.get_rank(), dist.get_world_size()
    for name in names:
        if name == "raise_in_backward":
            sc_raise_in_backward()     # not caught: the excepthook aborts the job
        else:
            try:
                globals()["sc_" + name]()
            except BaseException:
                print(f"SCENARIO {name} rank {_W.rank} FAILED\n{traceback.format_exc()}",
                      flush=True)
                # the other ranks may wait in a collective for ever: end the job
                dist.distributed_c10d._default_pg._comm.Abort(1)
        dist.barrier()
        print(f"\nSCENARIO {name} rank {_W.rank} ok", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        _worker(sys.argv[2:])
    elif sys.argv[1:2] == ["record"]:
        record()
    else:
        raise SystemExit(__doc__)
