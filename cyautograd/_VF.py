"""``torch._VF``: the native functions under their own names, including the
ones torch's Python wrappers hide (``unique_dim``). Any other name is looked
up on the top-level module, where cyautograd keeps every function."""
import cyautograd as _top
from cyautograd.ops.extra import unique_dim  # noqa: F401  (torch._VF.unique_dim)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        return getattr(_top, name)
    except AttributeError:
        raise AttributeError(f"module 'cyautograd._VF' has no attribute '{name}'") from None
