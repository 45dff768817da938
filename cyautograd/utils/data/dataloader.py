"""DataLoader and default_collate, as torch.utils.data.

Only num_workers=0 is supported: batches are loaded in the calling process
(there are no worker processes, no pinning, no prefetching)."""
import collections.abc
import re

import numpy as np

from cyautograd.tensor import Tensor
from cyautograd.utils.data.dataset import IterableDataset
from cyautograd.utils.data.sampler import (BatchSampler, RandomSampler, Sampler,
                                           SequentialSampler)

__all__ = ["DataLoader", "default_collate", "default_convert"]

default_collate_err_msg_format = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}")
_np_str_obj_array_pattern = re.compile(r"[SaUO]")


def _T():
    import cyautograd
    return cyautograd


def default_convert(data):
    T = _T()
    if isinstance(data, Tensor):
        return data
    if isinstance(data, np.ndarray):
        if data.dtype.kind in "SaUO":
            return data
        return T.as_tensor(data)
    if isinstance(data, np.generic):
        return T.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return type(data)({k: default_convert(v) for k, v in data.items()}) \
            if not isinstance(data, dict) or type(data) is not dict \
            else {k: default_convert(v) for k, v in data.items()}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        return [default_convert(d) for d in data]
    return data


def default_collate(batch):
    """Stacks a list of samples into a batch, as torch's default_collate: tensors and numpy
    arrays stack along a new dim 0, floats become a float64 tensor, ints an int64 tensor,
    strings stay a list, and mappings / namedtuples / sequences are collated per field."""
    T = _T()
    elem = batch[0]
    elem_type = type(elem)
    if isinstance(elem, Tensor):
        return T.stack(list(batch), 0)
    if elem_type.__module__ == "numpy" and elem_type.__name__ not in ("str_", "string_"):
        if elem_type.__name__ in ("ndarray", "memmap"):
            if _np_str_obj_array_pattern.search(elem.dtype.str) is not None:
                raise TypeError(default_collate_err_msg_format.format(elem.dtype))
            return default_collate([T.as_tensor(b) for b in batch])
        if elem.shape == ():
            return T.as_tensor(np.array(batch))
    if isinstance(elem, float):
        return T.tensor(batch, dtype=T.float64)
    if isinstance(elem, int):
        return T.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        try:
            if isinstance(elem, collections.abc.MutableMapping):
                clone = elem.copy()
                clone.update({key: default_collate([d[key] for d in batch]) for key in elem})
                return clone
            return elem_type({key: default_collate([d[key] for d in batch]) for key in elem})
        except TypeError:
            return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return elem_type(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        it = iter(batch)
        elem_size = len(next(it))
        if not all(len(e) == elem_size for e in it):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = list(zip(*batch))
        if isinstance(elem, tuple):
            return [default_collate(samples) for samples in transposed]
        try:
            if isinstance(elem, collections.abc.MutableSequence):
                clone = elem.copy()
                for i, samples in enumerate(transposed):
                    clone[i] = default_collate(samples)
                return clone
            return elem_type([default_collate(samples) for samples in transposed])
        except TypeError:
            return [default_collate(samples) for samples in transposed]
    raise TypeError(default_collate_err_msg_format.format(elem_type))


class _InfiniteConstantSampler(Sampler):
    def __iter__(self):
        while True:
            yield None


class DataLoader:
    """Combines a dataset and a sampler and iterates over batches, in this process only.

    ``num_workers`` must be 0 (there are no worker processes); ``pin_memory``,
    ``timeout``, ``prefetch_factor`` and ``persistent_workers`` are accepted for
    compatibility and have nothing to act on."""

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=None, persistent_workers=False, pin_memory_device="",
                 in_order=True):
        if not isinstance(num_workers, int) or num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to "
                             "disable multiprocessing.")
        if num_workers != 0:
            raise NotImplementedError(
                f"cyautograd's DataLoader loads in the calling process only: num_workers must be "
                f"0, got num_workers={num_workers}")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing."
                             "let num_workers > 0 to enable multiprocessing, otherwise set "
                             "prefetch_factor to None.")
        if persistent_workers:
            raise ValueError("persistent_workers option needs num_workers > 0")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.generator = generator

        if isinstance(dataset, IterableDataset):
            self._dataset_kind = 1
            if isinstance(shuffle, bool) and shuffle:
                raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle "
                                 f"option, but got shuffle={shuffle}")
            if sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified sampler "
                                 f"option, but got sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified "
                                 f"batch_sampler option, but got batch_sampler={batch_sampler}")
        else:
            self._dataset_kind = 0
            shuffle = bool(shuffle)

        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None:
            if drop_last:
                raise ValueError("batch_size=None option disables auto-batching and is mutually "
                                 "exclusive with drop_last")
        if sampler is None:
            if self._dataset_kind == 1:
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __iter__(self):
        # torch's _BaseDataLoaderIter draws its base seed (one int64 random_
        # from `generator` or the default generator) as the iterator is made,
        # before the sampler draws anything
        from cyautograd.random import Generator, _engine
        if self.generator is None or isinstance(self.generator, Generator):
            self._base_seed = int(_engine(self.generator, "DataLoader").random64() % (1 << 63))
        if self._dataset_kind == 1:
            return self._iter_iterable()
        return self._iter_map()

    def _iter_map(self):
        ds = self.dataset
        getitems = getattr(ds, "__getitems__", None)
        for index in self._index_sampler:
            if self._auto_collation:
                data = getitems(index) if callable(getitems) else [ds[i] for i in index]
            else:
                data = ds[index]
            yield self.collate_fn(data)

    def _iter_iterable(self):
        it = iter(self.dataset)
        if not self._auto_collation:
            for data in it:
                yield self.collate_fn(data)
            return
        while True:
            batch = []
            for data in it:
                batch.append(data)
                if len(batch) == self.batch_size:
                    break
            if not batch or (self.drop_last and len(batch) < self.batch_size):
                return
            yield self.collate_fn(batch)
            if len(batch) < self.batch_size:
                return

    def __len__(self):
        if self._dataset_kind == 1:
            length = len(self.dataset)
            if self.batch_size is not None:
                from math import ceil
                length = length // self.batch_size if self.drop_last else \
                    ceil(length / self.batch_size)
            return length
        return len(self._index_sampler)
