"""Process-wide switches torch programs set and read: deterministic
algorithms, float32 matmul precision, the legacy default tensor type.

The kernels here are numpy's (CuPy's on a device) and deterministic on the
CPU, and float32 products are computed in float32 whatever the precision
says; the switches are recorded with torch's checks and words so programs
that set and read them run unchanged."""
import builtins as _b
import warnings

_det = {"mode": False, "warn_only": False}
_matmul = ["highest"]
_warned_tensor_type = [False]


def use_deterministic_algorithms(mode, *, warn_only=False):
    """Asks for deterministic algorithms (``warn_only``: warn instead of
    raising where an op has none). Recorded: every kernel here is
    deterministic on the CPU.

    >>> torch.use_deterministic_algorithms(False); torch.are_deterministic_algorithms_enabled()
    """
    if type(mode) is not _b.bool:
        raise TypeError(f"_set_deterministic_algorithms(): argument 'mode' (position 1) must be bool, "
                        f"not {type(mode).__name__}")
    if type(warn_only) is not _b.bool:
        raise TypeError(f"_set_deterministic_algorithms(): argument 'warn_only' must be bool, "
                        f"not {type(warn_only).__name__}")
    _det["mode"], _det["warn_only"] = mode, warn_only


def are_deterministic_algorithms_enabled():
    """Whether use_deterministic_algorithms(True) is in effect.

    >>> torch.are_deterministic_algorithms_enabled()
    """
    return _det["mode"]


def is_deterministic_algorithms_warn_only_enabled():
    """Whether use_deterministic_algorithms(..., warn_only=True) is in effect.

    >>> torch.is_deterministic_algorithms_warn_only_enabled()
    """
    return _det["warn_only"]


def set_deterministic_debug_mode(debug_mode):
    """The same switch as an int or name: 0/"default" off, 1/"warn" warn only, 2/"error" on.

    >>> torch.set_deterministic_debug_mode("default")
    """
    if not isinstance(debug_mode, (_b.int, str)):
        raise TypeError(f"debug_mode must be str or int, but got {type(debug_mode)}")
    if isinstance(debug_mode, str):
        names = {"default": 0, "warn": 1, "error": 2}
        if debug_mode not in names:
            raise RuntimeError("invalid value of debug_mode, expected one of `default`, `warn`, `error`, "
                               f"but got {debug_mode}")
        debug_mode = names[debug_mode]
    if debug_mode == 0:
        use_deterministic_algorithms(False)
    elif debug_mode == 1:
        use_deterministic_algorithms(True, warn_only=True)
    elif debug_mode == 2:
        use_deterministic_algorithms(True)
    else:
        raise RuntimeError(f"invalid value of debug_mode, expected 0, 1, or 2, but got {debug_mode}")


def get_deterministic_debug_mode():
    """0, 1 or 2, as set_deterministic_debug_mode takes them.

    >>> torch.get_deterministic_debug_mode()
    """
    if _det["mode"]:
        return 1 if _det["warn_only"] else 2
    return 0


def set_float32_matmul_precision(precision):
    """Records "highest", "high" or "medium" (torch may then use TF32 or
    bfloat16 passes on some hardware; float32 products here stay float32).
    Another string warns and changes nothing, as torch.

    >>> torch.set_float32_matmul_precision("highest"); torch.get_float32_matmul_precision()
    """
    if not isinstance(precision, str):
        raise RuntimeError(f"set_float32_matmul_precision expects a str, but got {type(precision).__name__}")
    if precision not in ("highest", "high", "medium"):
        warnings.warn(f"{precision} is not one of 'highest', 'high', or 'medium'; the current"
                      "setFloat32MatmulPrecision call has no effect.", UserWarning, stacklevel=2)
        return
    _matmul[0] = precision


def get_float32_matmul_precision():
    """The recorded float32 matmul precision ("highest" by default).

    >>> torch.get_float32_matmul_precision()
    """
    return _matmul[0]


def set_default_tensor_type(t):
    """Deprecated in torch for set_default_dtype: a floating legacy type
    (``torch.DoubleTensor`` or its name) sets the default dtype.

    >>> torch.set_default_tensor_type(torch.FloatTensor)
    """
    import importlib
    import cyautograd
    from cyautograd import _legacy
    if not _warned_tensor_type[0] or cyautograd.is_warn_always_enabled():   # TORCH_WARN_ONCE
        _warned_tensor_type[0] = True
        warnings.warn("torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                      "torch.set_default_dtype() and torch.set_default_device() as alternatives.",
                      UserWarning, stacklevel=2)
    if isinstance(t, str):
        path = t.split(".")
        if path[0] == "torch":
            path[0] = "cyautograd"
        obj = importlib.import_module(path[0])
        for i, part in enumerate(path[1:], 1):
            if not hasattr(obj, part):
                obj = importlib.import_module(".".join(path[:i + 1]))
            else:
                obj = getattr(obj, part)
        t = obj
    if not isinstance(t, type):
        raise TypeError("invalid type object: only floating-point types are supported as the default type")
    dt = t.dtype if isinstance(t, _legacy._LegacyType) else None
    if dt is None or not dt.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    cyautograd.set_default_dtype(dt)
