"""Data-parallel training with cyautograd over MPI, written as for torch.

    pip install "cyautograd[distributed]"        # mpi4py + the mpich wheel (mpiexec)
    mpiexec -n 2 python examples/ddp_train.py

Every process runs this script: it joins the process group, wraps the same
model in DistributedDataParallel (rank 0's initial weights are broadcast to
the others), reads its own share of the data through DistributedSampler, and
after each backward holds the gradient averaged over all processes, so the
replicas stay identical. Only rank 0 prints. Replace ``import cyautograd as
torch`` by ``import torch`` (and run under ``torchrun`` with ``backend="gloo"``)
and the same code trains with PyTorch.
"""
import numpy as np

import cyautograd as torch
import cyautograd.distributed as dist
from cyautograd.nn.parallel import DistributedDataParallel as DDP
from cyautograd.utils.data import DataLoader, TensorDataset
from cyautograd.utils.data.distributed import DistributedSampler


def main():
    dist.init_process_group(backend="mpi")
    rank, world = dist.get_rank(), dist.get_world_size()

    # a regression problem every process builds identically
    rng = np.random.default_rng(0)
    X = rng.standard_normal((1024, 20)).astype(np.float32)
    w_true = rng.standard_normal((20, 1)).astype(np.float32)
    Y = np.tanh(X @ w_true) + 0.05 * rng.standard_normal((1024, 1)).astype(np.float32)
    dataset = TensorDataset(torch.from_numpy(X), torch.from_numpy(Y))
    sampler = DistributedSampler(dataset, shuffle=True, seed=0)
    loader = DataLoader(dataset, batch_size=32, sampler=sampler)

    torch.manual_seed(rank)          # different on purpose: DDP broadcasts rank 0's weights
    model = torch.nn.Sequential(torch.nn.Linear(20, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))
    ddp = DDP(model)
    opt = torch.optim.Adam(ddp.parameters(), lr=1e-2)
    loss_fn = torch.nn.MSELoss()

    for epoch in range(5):
        sampler.set_epoch(epoch)     # a new shuffle each epoch, the same on every rank
        total, batches = torch.zeros(1), 0
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(ddp(xb), yb)
            loss.backward()          # gradients all-reduced while backward runs
            opt.step()
            total += loss.detach()
            batches += 1
        dist.all_reduce(total, op=dist.ReduceOp.SUM)
        if rank == 0:
            print(f"epoch {epoch}: mean loss {total.item() / (batches * world):.4f} "
                  f"({world} processes, {len(sampler)} samples each)")

    # the replicas are identical: check one weight against rank 0's
    w = model[0].weight.detach().clone()
    dist.broadcast(w, src=0)
    assert bool((w == model[0].weight.detach()).all())
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
