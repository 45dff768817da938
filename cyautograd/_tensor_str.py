"""repr of a Tensor in torch's form (torch/_tensor_str.py, default options:
precision 4, threshold 1000, edgeitems 3, linewidth 80)."""
import math

import numpy as np

PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = 4, 1000, 3, 80
SCI_MODE = None   # None: chosen per tensor; True/False: forced by set_printoptions


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None,
                     sci_mode=None):
    """torch.set_printoptions: options of Tensor's repr (profile "default", "short" or "full")."""
    global PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH, SCI_MODE
    if profile is not None:
        if profile == "default":
            PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = 4, 1000, 3, 80
        elif profile == "short":
            PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = 2, 1000, 2, 80
        elif profile == "full":
            PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = 4, math.inf, 3, 80
    if precision is not None:
        PRECISION = precision
    if threshold is not None:
        THRESHOLD = threshold
    if edgeitems is not None:
        EDGEITEMS = edgeitems
    if linewidth is not None:
        LINEWIDTH = linewidth
    SCI_MODE = sci_mode


def get_printoptions():
    return {"precision": PRECISION, "threshold": THRESHOLD, "edgeitems": EDGEITEMS, "linewidth": LINEWIDTH,
            "sci_mode": SCI_MODE}


class _Formatter:
    def __init__(self, values, floating):
        self.floating = floating
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        vals = np.asarray(values).ravel()
        if not floating:
            for v in vals:
                self.max_width = max(self.max_width, len(str(v.item() if hasattr(v, "item") else v)))
            return
        vals = vals.astype(np.float64)
        nzs = vals[np.isfinite(vals) & (vals != 0)]
        nz = np.abs(nzs)
        if nz.size == 0:
            return
        lo, hi = nz.min(), nz.max()
        for v in nz:
            if v != math.ceil(v):
                self.int_mode = False
                break
        if self.int_mode:
            if hi / lo > 1000.0 or hi > 1.0e8:
                self.sci_mode = True
        else:
            if hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4:
                self.sci_mode = True
        if SCI_MODE is not None:
            self.sci_mode = SCI_MODE
        for v in nzs:
            self.max_width = max(self.max_width, len(self._fmt(v)))

    def _fmt(self, v):
        if not self.floating:
            return str(v)
        v = float(v)
        if self.sci_mode:
            return f"{v:.{PRECISION}e}"
        if self.int_mode:
            s = f"{v:.0f}"
            if not (math.isinf(v) or math.isnan(v)):
                s += "."
            return s
        return f"{v:.{PRECISION}f}"

    def width(self):
        return self.max_width

    def format(self, v):
        s = self._fmt(v.item() if hasattr(v, "item") else v)
        return " " * (self.max_width - len(s)) + s


def _summarized(a):
    if a.ndim == 0:
        return a
    if a.shape[0] > 2 * EDGEITEMS:
        a = np.concatenate([a[:EDGEITEMS], a[-EDGEITEMS:]])
    return np.stack([_summarized(x) for x in a]) if a.ndim > 1 else a


def _vector_str(a, indent, fmt, summarize):
    elem_w = fmt.width() + 2
    per_line = max(math.floor((LINEWIDTH - indent) / elem_w), 1)
    if summarize and a.shape[0] > 2 * EDGEITEMS:
        data = ([fmt.format(v) for v in a[:EDGEITEMS]] + [" ..."]
                + [fmt.format(v) for v in a[-EDGEITEMS:]])
    else:
        data = [fmt.format(v) for v in a]
    lines = [", ".join(data[i:i + per_line]) for i in range(0, len(data), per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str_rec(a, indent, fmt, summarize):
    if a.ndim == 0:
        return fmt.format(a)
    if a.ndim == 1:
        return _vector_str(a, indent, fmt, summarize)
    if summarize and a.shape[0] > 2 * EDGEITEMS:
        parts = ([_tensor_str_rec(a[i], indent + 1, fmt, summarize) for i in range(EDGEITEMS)]
                 + ["..."]
                 + [_tensor_str_rec(a[i], indent + 1, fmt, summarize)
                    for i in range(a.shape[0] - EDGEITEMS, a.shape[0])])
    else:
        parts = [_tensor_str_rec(a[i], indent + 1, fmt, summarize) for i in range(a.shape[0])]
    sep = "," + "\n" * (a.ndim - 1) + " " * (indent + 1)
    return "[" + sep.join(parts) + "]"


def tensor_str(arr, floating, indent):
    if arr.size == 0:
        return "[]"
    summarize = arr.size > THRESHOLD
    vals = _summarized(arr) if summarize else arr
    fmt = _Formatter(vals, floating)
    return _tensor_str_rec(arr, indent, fmt, summarize)


def tensor_repr(t, arr, dtype, default_dtype, grad_fn_name, requires_grad_leaf, device, prefix="tensor("):
    from cyautograd import dtypes as D
    indent = len(prefix)
    suffixes = []
    if device != "cpu":
        suffixes.append(f"device='{device}'")
    body = tensor_str(arr, dtype.is_floating_point, indent)
    implicit = dtype in (default_dtype, D.int64, D.bool)
    if arr.size == 0 and arr.shape != (0,):
        suffixes.append("size=" + str(tuple(arr.shape)))
    if arr.size == 0 and dtype is not default_dtype:
        suffixes.append("dtype=" + repr(dtype))
    elif not implicit:
        suffixes.append("dtype=" + repr(dtype))
    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad_leaf:
        suffixes.append("requires_grad=True")
    tangent = _tangent_of(t)
    if tangent is not None:
        # a dual tensor shows its tangent last
        suffixes.append(f"tangent={tangent!r}")
    return _add_suffixes(prefix + body, suffixes, indent)


def _tangent_of(t):
    """The tensor's tangent at the open forward-AD level, or None."""
    from cyautograd.autograd import forward_ad as fwAD
    if fwAD._current_level < 0 or t is None:
        return None
    try:
        return fwAD._fw_grad(t, fwAD._current_level)
    except TypeError:
        return None


def _add_suffixes(text, suffixes, indent):
    """torch's _add_suffixes: a suffix that would take the last line past
    linewidth goes on its own line, indented. Lengths count torch's spelling
    ("torch.uint8"), so the lines break where torch's break."""
    out = [text]
    last = len(text) - text.rfind("\n") + 1
    for suf in suffixes:
        n = len(suf.replace("cyautograd.", "torch."))
        if last + n + 2 > LINEWIDTH:
            out.append(",\n" + " " * indent + suf)
            last = indent + n
        else:
            out.append(", " + suf)
            last += n + 2
    out.append(")")
    return "".join(out)
