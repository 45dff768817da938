"""torch.backends.cpu."""


def get_cpu_capability():
    """The widest SIMD level numpy's kernels dispatch to on this CPU, in
    torch's words: "AVX512", "AVX2", or "DEFAULT"."""
    try:
        from numpy._core._multiarray_umath import __cpu_features__ as f
    except ImportError:       # numpy < 2
        try:
            from numpy.core._multiarray_umath import __cpu_features__ as f
        except ImportError:
            return "DEFAULT"
    if f.get("AVX512F") and f.get("AVX512BW") and f.get("AVX512VL") and f.get("AVX512DQ"):
        return "AVX512"
    if f.get("AVX2") and f.get("FMA3"):
        return "AVX2"
    return "DEFAULT"
