"""cyautograd.nn: functional ops and Parameter."""
from cyautograd.nn import functional  # noqa: F401
from cyautograd.nn.parameter import Parameter  # noqa: F401
