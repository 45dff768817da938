"""DistributedSampler, as torch.utils.data.distributed.DistributedSampler:
each rank reads its own strided share of a dataset, and with ``shuffle``
the same permutation as torch's for the same ``seed + epoch``."""
import math

import numpy as np

from cyautograd.utils.data.sampler import Sampler

__all__ = ["DistributedSampler"]


def _torch_randperm(n, seed):
    """``torch.randperm(n, generator=torch.Generator().manual_seed(seed))``
    on the CPU, index for index: torch's generator is an mt19937 seeded with
    the seed's low 32 bits (numpy's legacy RandomState seeds the same way),
    and its randperm swaps element i with element i + (draw % (n - i)), one
    32-bit draw per position."""
    r = list(range(n))
    if n < 2:
        return r
    draws = np.random.RandomState(int(seed) & 0xFFFFFFFF).randint(
        0, 2 ** 32, size=n - 1, dtype=np.uint64).tolist()
    for i in range(n - 1):
        z = i + draws[i] % (n - i)
        r[i], r[z] = r[z], r[i]
    return r


class DistributedSampler(Sampler):
    """Sampler that gives rank ``rank`` of ``num_replicas`` (default: the
    default process group's) every ``num_replicas``-th index of the
    (optionally shuffled) dataset indices, so the ranks read disjoint
    shares of equal length: without ``drop_last`` the index list is padded
    by repeating its start; with it the tail is dropped. ``shuffle`` uses
    the permutation torch's generator gives for ``seed + epoch``; call
    ``set_epoch(epoch)`` at the start of each epoch to reshuffle.

    >>> from cyautograd.utils.data.distributed import DistributedSampler
    >>> list(DistributedSampler(range(7), num_replicas=2, rank=1, shuffle=False))
    [1, 3, 5, 0]
    >>> s = DistributedSampler(range(10), num_replicas=2, rank=0, seed=0)
    >>> len(s), s.total_size
    (5, 10)
    """

    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0,
                 drop_last=False):
        from cyautograd import distributed as dist
        if num_replicas is None:
            if not dist.is_available():
                raise RuntimeError("Requires distributed package to be available")
            num_replicas = dist.get_world_size()
        if rank is None:
            if not dist.is_available():
                raise RuntimeError("Requires distributed package to be available")
            rank = dist.get_rank()
        if rank >= num_replicas or rank < 0:
            raise ValueError(
                f"Invalid rank {rank}, rank should be in the interval [0, {num_replicas - 1}]")
        self.dataset = dataset
        self.num_replicas = num_replicas
        self.rank = rank
        self.epoch = 0
        self.drop_last = drop_last
        if self.drop_last and len(self.dataset) % self.num_replicas != 0:
            self.num_samples = math.ceil((len(self.dataset) - self.num_replicas) / self.num_replicas)
        else:
            self.num_samples = math.ceil(len(self.dataset) / self.num_replicas)
        self.total_size = self.num_samples * self.num_replicas
        self.shuffle = shuffle
        self.seed = seed

    def __iter__(self):
        n = len(self.dataset)
        indices = _torch_randperm(n, self.seed + self.epoch) if self.shuffle else list(range(n))
        if not self.drop_last:
            padding = self.total_size - len(indices)
            if padding <= len(indices):
                indices += indices[:padding]
            else:
                indices += (indices * math.ceil(padding / len(indices)))[:padding]
        else:
            indices = indices[:self.total_size]
        if len(indices) != self.total_size:
            raise AssertionError(f"Number of indices ({len(indices)}) does not match total_size "
                                 f"({self.total_size})")
        indices = indices[self.rank:self.total_size:self.num_replicas]
        if len(indices) != self.num_samples:
            raise AssertionError(f"Number of subsampled indices ({len(indices)}) does not match "
                                 f"num_samples ({self.num_samples})")
        return iter(indices)

    def __len__(self):
        """The number of indices this rank reads per epoch.

        >>> from cyautograd.utils.data.distributed import DistributedSampler
        >>> len(DistributedSampler(range(7), num_replicas=2, rank=0, drop_last=True))
        3
        """
        return self.num_samples

    def set_epoch(self, epoch):
        """Set the epoch: with ``shuffle``, each epoch gets its own
        permutation (the same on every rank).

        >>> from cyautograd.utils.data.distributed import DistributedSampler
        >>> s = DistributedSampler(range(6), num_replicas=2, rank=0, seed=1)
        >>> s.set_epoch(3)
        >>> len(set(s))
        3
        """
        self.epoch = epoch
