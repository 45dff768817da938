"""cyautograd.utils, shaped like torch.utils (hooks, data, checkpoint, dlpack)."""
from cyautograd.utils import dlpack  # noqa: F401
