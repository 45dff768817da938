"""torch.backends.cuda: whether device support is built, and the matmul
precision switches (``matmul.allow_tf32`` is torch's float32 matmul
precision seen as a bool: True is "high", False "highest"; CuPy computes
float32 products in float32 whatever they say)."""


def is_built():
    """Whether the device path can load: CuPy importable (torch: built with CUDA)."""
    import importlib.util
    return importlib.util.find_spec("cupy") is not None


class cuBLASModule:
    """``torch.backends.cuda.matmul``: allow_tf32 and the reduced-precision
    reduction flags."""

    def __init__(self):
        object.__setattr__(self, "_flags", {"allow_fp16_reduced_precision_reduction": True,
                                            "allow_bf16_reduced_precision_reduction": True,
                                            "allow_fp16_accumulation": False})

    def __getattr__(self, name):
        if name == "allow_tf32":
            import cyautograd
            return cyautograd.get_float32_matmul_precision() != "highest"
        flags = object.__getattribute__(self, "_flags")
        if name in flags:
            return flags[name]
        raise AttributeError("Unknown attribute " + name)

    def __setattr__(self, name, value):
        if name == "allow_tf32":
            import cyautograd
            cyautograd.set_float32_matmul_precision("high" if value else "highest")
            return
        flags = object.__getattribute__(self, "_flags")
        if name in flags:
            flags[name] = value
            return
        raise AttributeError("Unknown attribute " + name)


matmul = cuBLASModule()


_sdp = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True}


def flash_sdp_enabled():
    """Whether scaled_dot_product_attention may use the flash kernel (a
    permission flag, True by default; the math form is what runs here)."""
    return _sdp["flash"]


def enable_flash_sdp(enabled):
    """Sets the flash_sdp_enabled permission flag."""
    _sdp["flash"] = bool(enabled)


def mem_efficient_sdp_enabled():
    """Whether the memory-efficient attention kernel is permitted (a flag)."""
    return _sdp["mem_efficient"]


def enable_mem_efficient_sdp(enabled):
    """Sets the mem_efficient_sdp_enabled permission flag."""
    _sdp["mem_efficient"] = bool(enabled)


def math_sdp_enabled():
    """Whether the math form of attention is permitted (a flag)."""
    return _sdp["math"]


def enable_math_sdp(enabled):
    """Sets the math_sdp_enabled permission flag."""
    _sdp["math"] = bool(enabled)


def cudnn_sdp_enabled():
    """Whether the cuDNN attention kernel is permitted (a flag)."""
    return _sdp["cudnn"]


def enable_cudnn_sdp(enabled):
    """Sets the cudnn_sdp_enabled permission flag."""
    _sdp["cudnn"] = bool(enabled)
