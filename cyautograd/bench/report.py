"""Output of the suite: the terminal table, markdown, JSON, the comparison
with an earlier run, and the chart (SVG written directly; PNG through
matplotlib when it is installed)."""
import json
import math

from cyautograd.bench.workloads import CATEGORIES

LIBS = ("cyautograd", "torch", "mygrad", "autograd")
LIB_TITLES = {"cyautograd": "cyautograd", "torch": "torch", "mygrad": "MyGrad", "autograd": "HIPS autograd"}


def fmt_time(s):
    if s is None:
        return "-"
    if s < 1e-6:
        return f"{s * 1e9:.0f} ns"
    if s < 1e-3:
        return f"{s * 1e6:.2f} us"
    return f"{s * 1e3:.2f} ms"


def fmt_ratio(r):
    return "-" if r is None else f"{r:.3f}"


def median(row, lib):
    t = row["times"].get(lib)
    return None if t is None else t["median"]


def ratio(a, b):
    if a is None or b is None or b <= 0:
        return None
    return a / b


def spread(row, lib):
    """Half the interquartile range, relative to the median."""
    t = row["times"].get(lib)
    if t is None or t["median"] <= 0:
        return None
    return (t["q3"] - t["q1"]) / 2 / t["median"]


# a row whose samples spread more than this (half the interquartile range over
# the median, for any library) is re-measured once, then flagged if it still is
NOISY = 0.10
NOISY_NOTE = (f"! = samples spread more than {NOISY:.0%} (half the IQR over the median) "
              f"even after a re-measure: read that row's figures as rough")


def worst_spread(row):
    """The largest spread of any library's samples in the row (None when no
    figure has one)."""
    sp = [spread(row, k) for k in row["times"]]
    sp = [s for s in sp if s is not None]
    return max(sp) if sp else None


def is_noisy(row, threshold=NOISY):
    """Spread above the threshold, or a median at or below zero once the
    harness overhead is taken off (noise larger than the figure itself)."""
    if any(t["median"] <= 0 for t in row["times"].values()):
        return True
    w = worst_spread(row)
    return w is not None and w > threshold


def _md(cell):
    """A table cell in markdown: the characters markdown would read escaped."""
    for ch in ("\\", "|", "*", "_", "[", "]"):
        cell = cell.replace(ch, "\\" + ch)
    return cell


def table_lines(result, markdown=False):
    libs = result["libraries"]
    extra = [k for k in ("mygrad", "autograd") if libs.get(k)]
    head = ["workload", "cyautograd", "±", "torch", "cy/torch"]
    head += [LIB_TITLES[k] for k in extra] + ["floor", "cy/floor", "floor is"]
    rows = []
    for cat, title in CATEGORIES:
        sel = [r for r in result["rows"] if r["category"] == cat]
        if not sel:
            continue
        rows.append(("cat", title))
        for r in sel:
            if cat == "floors":
                line = [r["name"], "-", "", "-", "-"] + ["-"] * len(extra) + [
                    fmt_time(median(r, "floor")), "-", r["floor_name"]]
            else:
                sp = spread(r, "cyautograd")
                line = [("! " if r.get("noisy") else "") + r["name"][:46], fmt_time(median(r, "cyautograd")),
                        "" if sp is None else f"{sp * 100:.0f}%",
                        fmt_time(median(r, "torch")), fmt_ratio(r["ratio_torch"])]
                line += [fmt_time(median(r, k)) for k in extra]
                line += [fmt_time(median(r, "floor")), fmt_ratio(r["ratio_floor"]), r["floor_name"] or ""]
            rows.append(("row", line))
    noisy = any(r.get("noisy") for r in result["rows"])
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for kind, v in rows:
            if kind == "cat":
                out.append(f"| **{v}** |" + " |" * (len(head) - 1))
            else:
                out.append("| " + " | ".join(_md(c) for c in v) + " |")
        return out + (["", _md(NOISY_NOTE)] if noisy else [])
    if not rows:
        return [f"(no rows match --filter {result['settings']['filter']!r})"]
    widths = [max([len(head[i])] + [len(v[i]) for k, v in rows if k == "row"]) for i in range(len(head))]
    widths[0] = min(widths[0], 48)   # a 46-character name and the noisy flag
    out = ["  ".join(h.ljust(w) if i in (0, len(head) - 1) else h.rjust(w)
                     for i, (h, w) in enumerate(zip(head, widths)))]
    out.append("-" * len(out[0]))
    for kind, v in rows:
        if kind == "cat":
            out.append(f"[{v}]")
        else:
            out.append("  ".join((c[:w].ljust(w) if i in (0, len(head) - 1) else c.rjust(w))
                                 for i, (c, w) in enumerate(zip(v, widths))))
    return out + ([NOISY_NOTE] if noisy else [])


def scaling_lines(result, markdown=False):
    sc = result.get("scaling") or {}
    out = []
    for key, title, unit in (("chain", "chain length (shape (4,), fwd+bwd)", "ops"),
                             ("size", f"tensor size ({sc.get('size_chain', 10)}-op chain, fwd+bwd)",
                              "elements")):
        pts = sc.get(key) or []
        if not pts:
            continue
        head = [unit, "cyautograd", "per op", "torch", "cy/torch", "numpy by hand", "cy/numpy"]
        lines = []
        for p in pts:
            c, t, f = p.get("cyautograd"), p.get("torch"), p.get("floor")
            lines.append([f"{p['n']:,}", fmt_time(c), fmt_time(c / p["ops"]) if c else "-", fmt_time(t),
                          fmt_ratio(ratio(c, t)), fmt_time(f), fmt_ratio(ratio(c, f))])
        if markdown:
            out += [f"**Scaling: {title}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            out += ["| " + " | ".join(l) + " |" for l in lines] + [""]
        else:
            widths = [max([len(head[i])] + [len(l[i]) for l in lines]) for i in range(len(head))]
            out.append(f"[scaling: {title}]")
            out.append("  ".join(h.rjust(w) for h, w in zip(head, widths)))
            out += ["  ".join(c.rjust(w) for c, w in zip(l, widths)) for l in lines]
    return out


def header_lines(result):
    m = result["machine"]
    s = result["settings"]
    libs = ", ".join(f"{LIB_TITLES[k]} " + ("not installed" if not m.get(k) else m[k] if
                                             result["libraries"].get(k) else f"{m[k]} (not measured)")
                     for k in LIBS)
    th = ", ".join(f"{k}={v}" for k, v in m["threads"].items() if v is not None)
    if m.get("torch"):
        th += "; torch.set_num_threads(1)"
    return [
        f"machine: {m['cpu']}; {m['cores']} cores ({m['usable_cores']} usable); {m['platform']}",
        f"python {m['python']}, numpy {m['numpy']} (BLAS: {m['blas']}); {libs}",
        f"one thread for the math libraries ({th})",
        f"medians of {s['repeat']} interleaved samples of ~{s['sample_ms']:g} ms each; "
        f"± is half the interquartile range; harness overhead taken off: "
        f"{result['overhead_ns']['loop']:.0f} ns per loop iteration, "
        f"{result['overhead_ns']['call']:.0f} ns per call",
        device_line(result.get("device")),
    ]


def device_line(dev):
    """Which device the device rows ran on (cli.select_device), or why none."""
    if not dev:
        return "device rows: none (no device backend available; --device cuda to require one)"
    if dev.get("label") is None:
        return f"device rows: none ({dev.get('why', 'not asked for')})"
    return (f"device rows: {dev['label']} on {dev['provider']}"
            + (" (the array-api-strict test backend: CPU arrays, not GPU figures)"
               if dev["provider"] == "array_api_strict" else ""))


def write_json(result, path):
    with open(path, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")


def compare_lines(result, old):
    """Rows in both runs: cyautograd's time then and now, and the ratio to
    torch then and now."""
    prev = {(r["category"], r["key"]): r for r in old.get("rows", [])}
    head = ["workload", "before", "now", "change", "cy/torch before", "cy/torch now"]
    lines = []
    for r in result["rows"]:
        o = prev.get((r["category"], r["key"]))
        if o is None or r["category"] == "floors":
            continue
        a, b = median(o, "cyautograd"), median(r, "cyautograd")
        ch = "-" if not a or b is None else f"{(b / a - 1) * 100:+.0f}%"
        lines.append([r["name"][:46], fmt_time(a), fmt_time(b), ch, fmt_ratio(o.get("ratio_torch")),
                      fmt_ratio(r.get("ratio_torch"))])
    if not lines:
        return ["(no rows in common with the earlier run)"]
    widths = [max([len(head[i])] + [len(l[i]) for l in lines]) for i in range(len(head))]
    out = ["  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths)))]
    out += ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(l, widths)))
            for l in lines]
    return out


# -- chart --------------------------------------------------------------------------------

def _chart_rows(result):
    """(category title, rows) with a ratio to chart, and which ratio: to
    torch, or to the floor when torch was not measured."""
    key = "ratio_torch" if any(r["ratio_torch"] is not None for r in result["rows"]) else "ratio_floor"
    out = []
    for cat, title in CATEGORIES:
        sel = [r for r in result["rows"] if r["category"] == cat and r[key] is not None]
        if sel:
            out.append((title, sel))
    return out, key


def measured_marks(result):
    """The other libraries (MyGrad, HIPS autograd) with at least one figure
    on the chart: the only ones its legend names."""
    groups, key = _chart_rows(result)
    ref = "torch" if key == "ratio_torch" else "floor"
    return [lib for lib in ("mygrad", "autograd")
            if any(ratio(median(r, lib), median(r, ref)) is not None for _, sel in groups for r in sel)]


PNG_NEEDS = ('--chart {path}: a PNG chart needs matplotlib, which is not installed; '
             'install the bench extra (pip install "cyautograd[bench]", or pip install matplotlib), '
             'or write an SVG chart (--chart {stem}.svg), which needs nothing')


def png_missing_message(path):
    """The error for a .png chart without matplotlib, or None when it can be made."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return PNG_NEEDS.format(path=path, stem=path[:-4] if path.endswith(".png") else path)
    return None


def _esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_svg(result, path):
    """Horizontal bars of time relative to torch (log scale, 1 = torch):
    left of the line is faster than torch. MyGrad and HIPS autograd, where
    measured, are marks on the same row."""
    groups, key = _chart_rows(result)
    ref = "torch" if key == "ratio_torch" else "the floor (torch not installed)"
    lo, hi = 1 / 32, 32.0
    label_w, plot_w, row_h, top = 330, 520, 16, 58
    n = sum(len(s) + 1 for _, s in groups)
    height = top + n * row_h + 40
    width = label_w + plot_w + 30

    def x(r):
        r = min(max(r, lo), hi)
        return label_w + plot_w * (math.log(r) - math.log(lo)) / (math.log(hi) - math.log(lo))

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="DejaVu Sans, Arial, sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">'
           f'time relative to {ref} (log scale; left of 1 = faster)</text>',
           f'<rect x="{label_w}" y="28" width="10" height="10" fill="#2a7ab0"/>'
           f'<text x="{label_w + 14}" y="37">cyautograd</text>']
    lx = label_w + 105   # the legend names only the libraries this run measured
    if "mygrad" in measured_marks(result):
        svg.append(f'<circle cx="{lx}" cy="33" r="4" fill="#d9822b"/>'
                   f'<text x="{lx + 8}" y="37">MyGrad</text>')
        lx += 70
    if "autograd" in measured_marks(result):
        svg.append(f'<path d="M{lx},28 l5,5 l-5,5 l-5,-5 z" fill="#7a4fb0"/>'
                   f'<text x="{lx + 9}" y="37">HIPS autograd</text>')
    ticks = [1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4, 8, 16, 32]
    for t in ticks:
        xt = x(t)
        svg.append(f'<line x1="{xt:.1f}" y1="{top - 6}" x2="{xt:.1f}" y2="{height - 30}" '
                   f'stroke="{"#333" if t == 1 else "#ddd"}" stroke-width="{1.5 if t == 1 else 1}"/>')
        lab = f"1/{round(1 / t)}" if t < 1 else f"{t:g}"
        svg.append(f'<text x="{xt:.1f}" y="{height - 16}" text-anchor="middle">{lab}</text>')
    y = top
    for title, sel in groups:
        svg.append(f'<text x="4" y="{y + 12}" font-weight="bold">{_esc(title)}</text>')
        y += row_h
        for r in sel:
            rt = r[key]
            x0, x1 = x(1.0), x(rt)
            color = "#2a7ab0" if rt <= 1 else "#c0392b"
            svg.append(f'<text x="14" y="{y + 12}">{_esc(r["name"][:52])}</text>')
            svg.append(f'<rect x="{min(x0, x1):.1f}" y="{y + 3}" width="{abs(x1 - x0):.1f}" '
                       f'height="{row_h - 6}" fill="{color}"/>')
            tx = x1 - 4 if rt <= 1 else x1 + 4
            svg.append(f'<text x="{tx:.1f}" y="{y + 12}" text-anchor="{"end" if rt <= 1 else "start"}" '
                       f'font-size="9">{rt:.2f}</text>')
            t_ref = median(r, "torch" if key == "ratio_torch" else "floor")
            for lib, shape in (("mygrad", "circle"), ("autograd", "diamond")):
                rl = ratio(median(r, lib), t_ref)
                if rl is None:
                    continue
                xm, ym = x(rl), y + row_h / 2
                if shape == "circle":
                    svg.append(f'<circle cx="{xm:.1f}" cy="{ym:.1f}" r="4" fill="#d9822b"/>')
                else:
                    svg.append(f'<path d="M{xm:.1f},{ym - 5:.1f} l5,5 l-5,5 l-5,-5 z" fill="#7a4fb0"/>')
            y += row_h
    svg.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(svg) + "\n")


def write_png(result, path):
    msg = png_missing_message(path)
    if msg:
        raise RuntimeError(msg)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    groups, key = _chart_rows(result)
    names, vals = [], []
    for title, sel in groups:
        for r in sel:
            names.append(f"{title}: {r['name']}")
            vals.append(r[key])
    fig, ax = plt.subplots(figsize=(10, 0.25 * len(names) + 1.5))
    ax.barh(range(len(names)), [v - 1 for v in vals], left=1,
            color=["#2a7ab0" if v <= 1 else "#c0392b" for v in vals], label="cyautograd")
    ref = "torch" if key == "ratio_torch" else "floor"
    rows = [r for _, sel in groups for r in sel]
    for lib, marker, color in (("mygrad", "o", "#d9822b"), ("autograd", "D", "#7a4fb0")):
        if lib not in measured_marks(result):
            continue
        pts = [(i, ratio(median(r, lib), median(r, ref))) for i, r in enumerate(rows)]
        pts = [(i, v) for i, v in pts if v is not None]
        ax.scatter([v for _, v in pts], [i for i, _ in pts], marker=marker, color=color, s=16,
                   zorder=3, label=LIB_TITLES[lib])
    ax.legend(loc="lower right", fontsize=7)
    ax.set_xscale("log")
    ax.axvline(1, color="#333")
    ax.set_yticks(range(len(names)), names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("time relative to " + ("torch" if key == "ratio_torch" else "the floor")
                  + " (log scale)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def write_chart(result, path):
    if path.endswith(".png"):
        write_png(result, path)
    else:
        write_svg(result, path)
