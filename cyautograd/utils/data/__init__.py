"""cyautograd.utils.data, as torch.utils.data (in-process loading: num_workers=0 only)."""
from cyautograd.utils.data.dataloader import (DataLoader, default_collate,  # noqa: F401
                                              default_convert)
from cyautograd.utils.data.dataset import (ConcatDataset, Dataset, IterableDataset,  # noqa: F401
                                           Subset, TensorDataset, random_split)
from cyautograd.utils.data.sampler import (BatchSampler, RandomSampler, Sampler,  # noqa: F401
                                           SequentialSampler, SubsetRandomSampler,
                                           WeightedRandomSampler)
from cyautograd.utils.data.distributed import DistributedSampler  # noqa: F401,E402
