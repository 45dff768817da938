"""DistributedDataParallel step throughput with 1 and 2 MPI processes, and the
share of the gradient communication that backward hides (issue 17).

    python bench/ddp_bench.py                 # runs mpiexec -n 1 and -n 2 itself
    python bench/ddp_bench.py --steps 40 --sizes 256,1024,1024,1024,10 --batch 64

Each process trains an MLP (float32, SGD) on its own batch of ``--batch``
samples (weak scaling: the global batch grows with the processes). Per
configuration, rank 0 reports the medians over the timed steps of:

- step: forward + backward + optimizer step; throughput = global samples / step;
- backward: ``loss.backward()`` including DDP's end-of-backward wait;
- local backward: the same backward under ``no_sync()`` (no communication);
- comm: the same buckets all-reduced with blocking ``MPI_Allreduce`` after
  backward, one after the other: what the communication costs when nothing
  overlaps it;
- wait: the time backward's final callback waited for the non-blocking
  all-reduces (NOTE [ DDP gradient reduction ]).

overlap = 1 - wait / comm: the share of the communication time that ran while
backward was still computing (1: fully hidden, 0: none). MPICH moves a
non-blocking collective on only inside MPI calls; DDP's hooks call
``MPI_Test`` on the bucket in flight each time a gradient arrives, which is
what lets the reduction progress during backward.

Timings are wall-clock on a shared machine; read them as one measurement.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def worker(args):
    import numpy as np
    import cyautograd as torch
    import cyautograd.distributed as dist
    from cyautograd.nn.parallel import DistributedDataParallel as DDP
    from mpi4py import MPI

    dist.init_process_group("mpi")
    rank, world = dist.get_rank(), dist.get_world_size()
    sizes = [int(s) for s in args.sizes.split(",")]
    torch.manual_seed(0)
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
    model = DDP(torch.nn.Sequential(*layers), bucket_cap_mb=args.bucket_cap_mb)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    rng = np.random.default_rng(rank)
    x = torch.from_numpy(rng.standard_normal((args.batch, sizes[0])).astype(np.float32))
    y = torch.from_numpy(rng.standard_normal((args.batch, sizes[-1])).astype(np.float32))
    lossf = torch.nn.functional.mse_loss
    reducer = model.reducer

    def step(sync=True):
        opt.zero_grad()
        if sync:
            loss = lossf(model(x), y)
            t0 = time.perf_counter()
            loss.backward()
            t1 = time.perf_counter()
        else:
            with model.no_sync():
                loss = lossf(model(x), y)
                t0 = time.perf_counter()
                loss.backward()
                t1 = time.perf_counter()
        opt.step()
        return t1 - t0

    for _ in range(args.warmup):
        step()
    steps, bws, waits, local, comms = [], [], [], [], []
    for _ in range(args.steps):
        dist.barrier()
        t0 = time.perf_counter()
        bws.append(step())
        steps.append(time.perf_counter() - t0)
        waits.append(reducer.last_wait_s)
        dist.barrier()
        local.append(step(sync=False))
        dist.barrier()
        c0 = time.perf_counter()
        for b in reducer.buckets:
            model.process_group._comm.Allreduce(MPI.IN_PLACE, b.buffer, op=MPI.SUM)
        comms.append(time.perf_counter() - c0)
    med = statistics.median
    res = {"processes": world, "bucket_cap_mb": args.bucket_cap_mb,
           "buckets": len(reducer.buckets),
           "params": sum(p.numel() for p in model.parameters()),
           "step_ms": med(steps) * 1e3, "samples_per_s": world * args.batch / med(steps),
           "backward_ms": med(bws) * 1e3, "local_backward_ms": med(local) * 1e3,
           "comm_ms": med(comms) * 1e3, "wait_ms": med(waits) * 1e3}
    res["overlap"] = (max(0.0, min(1.0, 1 - res["wait_ms"] / res["comm_ms"]))
                      if world > 1 and res["comm_ms"] > 0 else None)
    if rank == 0:
        print("RESULT " + json.dumps(res), flush=True)
    dist.destroy_process_group()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--sizes", default="256,1024,1024,1024,10")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--bucket-cap-mb", type=float, default=None)
    ap.add_argument("--caps", default="default,1",
                    help="bucket_cap_mb values to run (comma list; 'default' = 25 MiB, first 1 MiB)")
    ap.add_argument("--procs", default="1,2")
    args = ap.parse_args()
    if args.worker:
        return worker(args)
    import cyautograd
    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(cyautograd.__file__)))
    env = dict(os.environ, PYTHONPATH=pkg_parent + os.pathsep + os.environ.get("PYTHONPATH", ""),
               OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    local = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    mpiexec = local if os.path.exists(local) else "mpiexec"
    rows = []
    for cap in args.caps.split(","):
        for n in [int(p) for p in args.procs.split(",")]:
            cmd = [mpiexec, "-n", str(n), sys.executable, "-P", os.path.abspath(__file__),
                   "--worker", "--sizes", args.sizes, "--batch", str(args.batch),
                   "--steps", str(args.steps), "--warmup", str(args.warmup)]
            if cap != "default":
                cmd += ["--bucket-cap-mb", cap]
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
            line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
            if out.returncode != 0 or not line:
                raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stdout}\n{out.stderr}")
            rows.append(json.loads(line[0][7:]))
    print(f"MLP {args.sizes} float32, batch {args.batch} per process, SGD; "
          f"median of {args.steps} steps")
    hdr = ("procs", "cap MiB", "buckets", "samples/s", "step ms", "backward ms",
           "local bw ms", "comm ms", "wait ms", "overlap")
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for r in rows:
        ov = "-" if r["overlap"] is None else f"{100 * r['overlap']:.0f}%"
        cap = "25 (1st: 1)" if r["bucket_cap_mb"] is None else f"{r['bucket_cap_mb']:g}"
        print(f"| {r['processes']} | {cap} | {r['buckets']} | {r['samples_per_s']:.0f} | "
              f"{r['step_ms']:.2f} | {r['backward_ms']:.2f} | {r['local_backward_ms']:.2f} | "
              f"{r['comm_ms']:.2f} | {r['wait_ms']:.2f} | {ov} |")


if __name__ == "__main__":
    main()
