"""torch.backends.mps: Apple's Metal backend, which this library does not have."""


def is_available():
    """False: there is no MPS backend here."""
    return False


def is_built():
    """False: this library is not built with MPS."""
    return False


def is_macos_or_newer(major, minor):
    """False: there is no MPS backend here."""
    return False
