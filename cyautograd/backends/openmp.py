"""torch.backends.openmp."""


def is_available():
    """False: this library runs no OpenMP parallel regions of its own."""
    return False
