"""Forward-mode AD of every differentiable op over *generated* inputs (issue 13
item 1): for each op a generator draws, from a seed, the shapes (0-d and
zero-size where the op takes them), the values (inside the op's domain, away
from kinks and ties) and the layouts of primal and tangent (contiguous, a
transposed view, a strided slice -- chosen independently for each), so each
case is plain data run the same way on torch and on cyautograd:

* GEN_CASES[name](T) -> [[primal, tangent], ...] per output, compared with
  torch live and with golden data recorded from torch
  (``forward_ad_gen.json``), to 1e-10 (float64) / 1e-5 (float32);
* fd_check(name) compares the same tangents with central differences of the
  plain op in float64 (no torch needed);
* where torch refuses forward AD for an op (cdist, pdist, unique, bincount) the
  case records torch's error, type and words.

SPECS maps an op name to (fn(T, xs, extra), gen(rng) -> (inputs, extra)),
inputs being [(shape, domain)], domain one of "r" (|x| in [0.1, 2]),
"pos" ([0.3, 2]), "unit" ([0.1, 0.9]), "gt1" ([1.1, 3]); extra is plain
data (dims, index lists) the op needs.
"""
import importlib
import math

import numpy as np

SEEDS64 = (0, 1)
SEEDS32 = (2,)


def fw(T):
    return importlib.import_module(T.__name__ + ".autograd.forward_ad")


def F(T):
    return T.nn.functional


def _L(T):
    return T.linalg


# -- shape generators ------------------------------------------------------------

def _shape(rng, lo=0, hi=3, zero=True, maxn=4):
    nd = int(rng.integers(lo, hi + 1))
    return tuple(int(rng.integers(0, 3)) if zero and rng.random() < 0.1 else int(rng.integers(1, maxn + 1))
                 for _ in range(nd))


def _bshape(rng, shape):
    """A shape broadcastable against `shape` (trailing dims, some set to 1)."""
    k = int(rng.integers(0, len(shape) + 1))
    tail = shape[len(shape) - k:]
    return tuple(1 if rng.random() < 0.3 else s for s in tail)


def _dim(rng, shape):
    n = max(len(shape), 1)
    return int(rng.integers(-n, n))


def _nonempty(rng, lo=1, hi=3, maxn=4):
    return _shape(rng, lo, hi, zero=False, maxn=maxn)


def unary(domain="r", zero=True):
    return lambda rng: ([(_shape(rng, zero=zero), domain)], {})


def binary(d1="r", d2="r"):
    def gen(rng):
        s = _shape(rng)
        if rng.random() < 0.5:
            return [(s, d1), (_bshape(rng, s), d2)], {}
        return [(_bshape(rng, s), d1), (s, d2)], {}
    return gen


def reduce_dim(domain="r", nonempty=False, keep=True):
    def gen(rng):
        s = _nonempty(rng, 0, 3) if nonempty else _shape(rng)
        return [(s, domain)], {"dim": _dim(rng, s), "keepdim": bool(keep and rng.random() < 0.5)}
    return gen


def reduce_dim_nd(domain="r"):
    """A dim of a tensor of at least one dimension with at least one element."""
    def gen(rng):
        s = _nonempty(rng, 1, 3)
        return [(s, domain)], {"dim": _dim(rng, s), "keepdim": bool(rng.random() < 0.5)}
    return gen


def matrices(rng, n=None):
    n = n or int(rng.integers(1, 4))
    batch = _nonempty(rng, 0, 1, maxn=2)
    return batch + (n, n)


def square(rng):
    return [(matrices(rng), "sq")], {}


def _index(rng, size, count):
    return [int(v) for v in rng.integers(0, size, count)] if size else []


def gather_gen(rng):
    s = _nonempty(rng, 1, 3)
    d = _dim(rng, s)
    ishape = tuple(int(rng.integers(1, n + 1)) for n in s)
    idx = rng.integers(0, s[d], ishape).tolist()
    return [(s, "r")], {"dim": d, "index": idx}


def scatter_gen(src_shape_from_index=True, unique=False):
    def gen(rng):
        s = _nonempty(rng, 1, 3)
        d = _dim(rng, s)
        ishape = list(int(rng.integers(1, n + 1)) for n in s)
        if unique:   # no two writes to one place (torch's scatter leaves those undefined)
            ishape[d] = min(ishape[d], s[d])
            full = list(ishape)
            full[d] = s[d]
            idx = np.take(np.argsort(rng.random(full), axis=d), range(ishape[d]), axis=d)
        else:
            idx = rng.integers(0, s[d], ishape)
        return [(s, "r"), (tuple(ishape), "r")], {"dim": d, "index": idx.tolist()}
    return gen


def index_gen(src=True):
    def gen(rng):
        s = _nonempty(rng, 1, 3)
        d = _dim(rng, s)
        n = int(rng.integers(1, s[d] + 1))
        idx = [int(v) for v in rng.permutation(s[d])[:n]]
        ins = [(s, "r")]
        if src:
            ss = list(s)
            ss[d] = n
            ins.append((tuple(ss), "r"))
        return ins, {"dim": d, "index": idx}
    return gen


def _mask(T, extra):
    return T.tensor(extra["mask"], dtype=T.bool)


def mask_gen(with_value=False):
    def gen(rng):
        s = _shape(rng)
        m = (rng.random(s) < 0.5).tolist() if s else bool(rng.random() < 0.5)
        ins = [(s, "r")] + ([((), "r")] if with_value else [])
        return ins, {"mask": m}
    return gen


def loss_gen(d1="r", d2="r"):
    def gen(rng):
        s = _shape(rng, 0, 3, zero=False)
        return [(s, d1), (s, d2)], {"reduction": ["mean", "sum", "none"][int(rng.integers(0, 3))]}
    return gen


def ce_gen(rng):
    n, c = int(rng.integers(1, 4)), int(rng.integers(2, 5))
    return [((n, c), "r")], {"target": [int(v) for v in rng.integers(0, c, n)],
                             "reduction": ["mean", "sum", "none"][int(rng.integers(0, 3))],
                             "smoothing": float(rng.choice([0.0, 0.2]))}


def mm_gen(kind):
    def gen(rng):
        n, k, m = (int(v) for v in rng.integers(1, 5, 3))
        b = int(rng.integers(1, 3))
        return {
            "mm": [((n, k), "r"), ((k, m), "r")],
            "bmm": [((b, n, k), "r"), ((b, k, m), "r")],
            "mv": [((n, k), "r"), ((k,), "r")],
            "dot": [((k,), "r"), ((k,), "r")],
            "outer": [((n,), "r"), ((m,), "r")],
            "addmm": [((n, m), "r"), ((n, k), "r"), ((k, m), "r")],
            "matmul": [(((b,) if rng.random() < 0.5 else ()) + (n, k), "r"), ((k, m) if rng.random() < 0.7 else (k,), "r")],
            "einsum": [((n, k), "r"), ((m, k), "r")],
            "linear": [((b, n, k), "r"), ((m, k), "r"), ((m,), "r")],
            "cdist": [((n, 2), "r"), ((m, 2), "r")],
        }[kind], {}
    return gen


def lerp_gen(tensor_weight):
    def gen(rng):
        s = _shape(rng)
        ins = [(s, "r"), (_bshape(rng, s), "r")]
        if tensor_weight:
            ins.append((_bshape(rng, s), "unit"))
        return ins, {"w": float(rng.uniform(0.1, 0.9))}
    return gen


def addc_gen(rng):
    s = _shape(rng)
    return [(s, "r"), (_bshape(rng, s), "r"), (_bshape(rng, s), "pos")], {"value": float(rng.choice([1.0, 0.5, -2.0]))}


def flip_gen(rng):
    s = _shape(rng, 1, 3)
    dims = sorted(set(int(d) for d in rng.integers(0, len(s), int(rng.integers(1, len(s) + 1)))))
    return [(s, "r")], {"dims": dims}


def roll_gen(rng):
    s = _shape(rng, 1, 3)
    return [(s, "r")], {"shifts": int(rng.integers(-3, 4)), "dim": _dim(rng, s)}


def repeat_gen(rng):
    s = _shape(rng, 0, 2)
    reps = [int(v) for v in rng.integers(1, 3, len(s) + int(rng.integers(0, 2)))] or [2]
    return [(s, "r")], {"reps": reps}


def tri_gen(rng):
    return [(_nonempty(rng, 2, 3), "r")], {"diagonal": int(rng.integers(-2, 3))}


def cat_gen(rng):
    s = _nonempty(rng, 1, 3)
    d = _dim(rng, s)
    s2 = list(s)
    s2[d] = int(rng.integers(0, 3))
    return [(s, "r"), (tuple(s2), "r")], {"dim": d}


def stack_gen(rng):
    s = _shape(rng)
    return [(s, "r"), (s, "r")], {"dim": int(rng.integers(-len(s) - 1, len(s) + 1))}


def cross_gen(rng):
    b = _nonempty(rng, 0, 1, maxn=3)
    return [(b + (3,), "r"), (b + (3,), "r")], {}


def solve_gen(rng):
    A = matrices(rng)
    return [(A, "sq"), (A[:-1] + (int(rng.integers(1, 3)),), "r")], {}


def sort_gen(rng):
    s = _shape(rng)
    return [(s, "r")], {"dim": _dim(rng, s), "descending": bool(rng.random() < 0.5)}


def topk_gen(rng):
    s = _nonempty(rng, 0, 3)
    d = _dim(rng, s)
    n = s[d] if s else 1
    return [(s, "r")], {"dim": d, "k": int(rng.integers(0, n + 1)), "largest": bool(rng.random() < 0.5)}


def kth_gen(rng):
    s = _nonempty(rng, 0, 3)
    d = _dim(rng, s)
    n = s[d] if s else 1
    return [(s, "r")], {"dim": d, "k": int(rng.integers(1, n + 1)), "keepdim": bool(rng.random() < 0.5)}


def norm_gen(rng):
    s = _nonempty(rng, 1, 3)
    return [(s, "r")], {"ord": [2, 1, 3, math.inf, 0.5][int(rng.integers(0, 5))], "dim": _dim(rng, s)}


def diag_gen(rng):
    s = _nonempty(rng, 1, 2)
    return [(s, "r")], {"diagonal": int(rng.integers(-1, 2))}


def norm_layer_gen(rng):
    s = _nonempty(rng, 1, 3)
    k = int(rng.integers(1, len(s) + 1))
    return [(s, "r"), (s[len(s) - k:], "r"), (s[len(s) - k:], "r")], {"k": k}


def sr_gen(reduce_):
    base = scatter_gen()

    def gen(rng):
        ins, extra = base(rng)
        extra["reduce"] = reduce_
        extra["include_self"] = bool(rng.random() < 0.5)
        return ins, extra
    return gen


def pad_gen(rng):
    s = _nonempty(rng, 1, 3)
    return [(s, "r")], {"pad": [int(v) for v in rng.integers(0, 3, 2)]}


def t_idx(T, extra, key="index"):
    return T.tensor(extra[key], dtype=T.int64)


SPECS = {
    # -- pointwise unary
    "exp": (lambda T, x, e: x[0].exp(), unary()),
    "expm1": (lambda T, x, e: T.expm1(x[0]), unary()),
    "exp2": (lambda T, x, e: T.exp2(x[0]), unary()),
    "log": (lambda T, x, e: x[0].log(), unary("pos")),
    "log2": (lambda T, x, e: T.log2(x[0]), unary("pos")),
    "log10": (lambda T, x, e: x[0].log10(), unary("pos")),
    "log1p": (lambda T, x, e: x[0].log1p(), unary("pos")),
    "sqrt": (lambda T, x, e: x[0].sqrt(), unary("pos")),
    "rsqrt": (lambda T, x, e: T.rsqrt(x[0]), unary("pos")),
    "reciprocal": (lambda T, x, e: x[0].reciprocal(), unary("pos")),
    "sin": (lambda T, x, e: T.sin(x[0]), unary()),
    "cos": (lambda T, x, e: x[0].cos(), unary()),
    "tan": (lambda T, x, e: (x[0] * 0.5).tan(), unary()),
    "asin": (lambda T, x, e: T.asin(x[0]), unary("unit")),
    "acos": (lambda T, x, e: x[0].acos(), unary("unit")),
    "atan": (lambda T, x, e: T.atan(x[0]), unary()),
    "sinh": (lambda T, x, e: T.sinh(x[0]), unary()),
    "cosh": (lambda T, x, e: x[0].cosh(), unary()),
    "tanh": (lambda T, x, e: x[0].tanh(), unary()),
    "asinh": (lambda T, x, e: T.asinh(x[0]), unary()),
    "acosh": (lambda T, x, e: T.acosh(x[0]), unary("gt1")),
    "atanh": (lambda T, x, e: T.atanh(x[0]), unary("unit")),
    "sigmoid": (lambda T, x, e: T.sigmoid(x[0]), unary()),
    "erf": (lambda T, x, e: T.erf(x[0]), unary()),
    "abs": (lambda T, x, e: x[0].abs(), unary()),
    "neg": (lambda T, x, e: -x[0], unary()),
    "square": (lambda T, x, e: x[0].square(), unary()),
    "relu": (lambda T, x, e: T.relu(x[0]), unary()),
    "frac": (lambda T, x, e: T.frac(x[0]), unary()),
    "nan_to_num": (lambda T, x, e: T.nan_to_num(x[0]), unary()),
    "clamp": (lambda T, x, e: x[0].clamp(-0.7, 0.8), unary()),
    "clamp_min": (lambda T, x, e: T.clamp_min(x[0], 0.3), unary()),
    "pow_scalar": (lambda T, x, e: x[0] ** 3, unary()),
    "pow_frac": (lambda T, x, e: x[0].pow(1.5), unary("pos")),
    "rpow": (lambda T, x, e: 1.7 ** x[0], unary()),
    # -- pointwise binary (broadcasting both ways)
    "add": (lambda T, x, e: x[0] + x[1], binary()),
    "sub_alpha": (lambda T, x, e: T.sub(x[0], x[1], alpha=1.5), binary()),
    "mul": (lambda T, x, e: x[0] * x[1], binary()),
    "div": (lambda T, x, e: x[0] / x[1], binary("r", "pos")),
    "pow": (lambda T, x, e: x[0] ** x[1], binary("pos", "r")),
    "atan2": (lambda T, x, e: T.atan2(x[0], x[1]), binary()),
    "maximum": (lambda T, x, e: T.maximum(x[0], x[1]), binary()),
    "minimum": (lambda T, x, e: T.minimum(x[0], x[1]), binary()),
    "where": (lambda T, x, e: T.where(x[0] > 0, x[0], x[1]), binary()),
    "lerp_scalar": (lambda T, x, e: T.lerp(x[0], x[1], e["w"]), lerp_gen(False)),
    "lerp_tensor": (lambda T, x, e: T.lerp(x[0], x[1], x[2]), lerp_gen(True)),
    "addcmul": (lambda T, x, e: T.addcmul(x[0], x[1], x[2], value=e["value"]), addc_gen),
    "addcdiv": (lambda T, x, e: T.addcdiv(x[0], x[1], x[2], value=e["value"]), addc_gen),
    # -- reductions and scans
    "sum": (lambda T, x, e: x[0].sum(), unary()),
    "sum_dim": (lambda T, x, e: x[0].sum(e["dim"], keepdim=e["keepdim"]), reduce_dim()),
    "mean_dim": (lambda T, x, e: x[0].mean(e["dim"], keepdim=e["keepdim"]), reduce_dim(nonempty=True)),
    "prod_dim": (lambda T, x, e: x[0].prod(e["dim"], keepdim=e["keepdim"]), reduce_dim()),
    "prod": (lambda T, x, e: x[0].prod(), unary(zero=False)),
    "nansum": (lambda T, x, e: T.nansum(x[0]), unary()),
    "var": (lambda T, x, e: x[0].var(e["dim"], keepdim=e["keepdim"]), reduce_dim_nd()),
    "std": (lambda T, x, e: x[0].std(e["dim"], keepdim=e["keepdim"], correction=0), reduce_dim_nd()),
    "var_mean": (lambda T, x, e: T.var_mean(x[0], e["dim"], keepdim=e["keepdim"]), reduce_dim_nd()),
    "std_mean": (lambda T, x, e: T.std_mean(x[0], e["dim"]), reduce_dim_nd()),
    "amax": (lambda T, x, e: x[0].amax(e["dim"], keepdim=e["keepdim"]), reduce_dim(nonempty=True)),
    "amin": (lambda T, x, e: T.amin(x[0], e["dim"]), reduce_dim(nonempty=True)),
    "max_dim": (lambda T, x, e: x[0].max(e["dim"], keepdim=e["keepdim"]), reduce_dim(nonempty=True)),
    "min_dim": (lambda T, x, e: x[0].min(e["dim"]), reduce_dim(nonempty=True)),
    "max": (lambda T, x, e: x[0].max(), unary(zero=False)),
    "median_dim": (lambda T, x, e: x[0].median(e["dim"], keepdim=e["keepdim"]), reduce_dim(nonempty=True)),
    "median": (lambda T, x, e: T.median(x[0]), unary(zero=False)),
    "kthvalue": (lambda T, x, e: x[0].kthvalue(e["k"], e["dim"], keepdim=e["keepdim"]), kth_gen),
    "logsumexp": (lambda T, x, e: x[0].logsumexp(e["dim"], keepdim=e["keepdim"]), reduce_dim()),
    "softmax": (lambda T, x, e: x[0].softmax(e["dim"]), reduce_dim()),
    "log_softmax": (lambda T, x, e: T.log_softmax(x[0], e["dim"]), reduce_dim()),
    "cumsum": (lambda T, x, e: x[0].cumsum(e["dim"]), reduce_dim()),
    "cumprod": (lambda T, x, e: T.cumprod(x[0], e["dim"]), reduce_dim()),
    "cummax": (lambda T, x, e: T.cummax(x[0], e["dim"]), reduce_dim()),
    "cummin": (lambda T, x, e: x[0].cummin(e["dim"]), reduce_dim()),
    "norm": (lambda T, x, e: x[0].norm(), unary(zero=False)),
    "sort": (lambda T, x, e: T.sort(x[0], e["dim"], descending=e["descending"]), sort_gen),
    "msort": (lambda T, x, e: T.msort(x[0]), lambda rng: ([(_shape(rng, 1, 3), "r")], {})),
    "topk": (lambda T, x, e: T.topk(x[0], e["k"], e["dim"], largest=e["largest"]), topk_gen),
    # -- linear algebra
    "mm": (lambda T, x, e: x[0].mm(x[1]), mm_gen("mm")),
    "bmm": (lambda T, x, e: T.bmm(x[0], x[1]), mm_gen("bmm")),
    "mv": (lambda T, x, e: T.mv(x[0], x[1]), mm_gen("mv")),
    "dot": (lambda T, x, e: x[0].dot(x[1]), mm_gen("dot")),
    "outer": (lambda T, x, e: T.outer(x[0], x[1]), mm_gen("outer")),
    "addmm": (lambda T, x, e: T.addmm(x[0], x[1], x[2], beta=0.5, alpha=2.0), mm_gen("addmm")),
    "matmul": (lambda T, x, e: x[0] @ x[1], mm_gen("matmul")),
    "einsum": (lambda T, x, e: T.einsum("ik,jk->ij", x[0], x[1]), mm_gen("einsum")),
    "linear": (lambda T, x, e: F(T).linear(x[0], x[1], x[2]), mm_gen("linear")),
    "trace": (lambda T, x, e: T.trace(x[0]), lambda rng: ([(_nonempty(rng, 2, 2), "r")], {})),
    "diag": (lambda T, x, e: T.diag(x[0], e["diagonal"]), diag_gen),
    "cross": (lambda T, x, e: T.cross(x[0], x[1], dim=-1), cross_gen),
    "linalg_cross": (lambda T, x, e: _L(T).cross(x[0], x[1]), cross_gen),
    "inv": (lambda T, x, e: _L(T).inv(x[0]), square),
    "det": (lambda T, x, e: _L(T).det(x[0]), square),
    "solve": (lambda T, x, e: _L(T).solve(x[0], x[1]), solve_gen),
    "linalg_norm": (lambda T, x, e: _L(T).norm(x[0]), lambda rng: ([(_nonempty(rng, 1, 2), "r")], {})),
    "vector_norm": (lambda T, x, e: _L(T).vector_norm(x[0], e["ord"], e["dim"]), norm_gen),
    "matrix_norm": (lambda T, x, e: _L(T).matrix_norm(x[0]), lambda rng: ([(_nonempty(rng, 2, 3), "r")], {})),
    "cdist": (lambda T, x, e: T.cdist(x[0], x[1]), mm_gen("cdist")),
    "pdist": (lambda T, x, e: T.pdist(x[0]), lambda rng: ([(_nonempty(rng, 2, 2), "r")], {})),
    # -- shapes, indexing, scatter/gather
    "flip": (lambda T, x, e: T.flip(x[0], e["dims"]), flip_gen),
    "roll": (lambda T, x, e: x[0].roll(e["shifts"], e["dim"]), roll_gen),
    "repeat": (lambda T, x, e: x[0].repeat(*e["reps"]), repeat_gen),
    "tile": (lambda T, x, e: T.tile(x[0], e["reps"]), repeat_gen),
    "tril": (lambda T, x, e: x[0].tril(e["diagonal"]), tri_gen),
    "triu": (lambda T, x, e: T.triu(x[0], e["diagonal"]), tri_gen),
    "cat": (lambda T, x, e: T.cat([x[0], x[1]], e["dim"]), cat_gen),
    "stack": (lambda T, x, e: T.stack([x[0], x[1]], e["dim"]), stack_gen),
    "hstack": (lambda T, x, e: T.hstack([x[0], x[1]]), lambda rng: ([((2, 3), "r"), ((2, 1), "r")], {})),
    "gather": (lambda T, x, e: x[0].gather(e["dim"], t_idx(T, e)), gather_gen),
    "scatter": (lambda T, x, e: x[0].scatter(e["dim"], t_idx(T, e), x[1]), scatter_gen(unique=True)),
    "scatter_add": (lambda T, x, e: T.scatter_add(x[0], e["dim"], t_idx(T, e), x[1]), scatter_gen()),
    "scatter_reduce_sum": (lambda T, x, e: x[0].scatter_reduce(e["dim"], t_idx(T, e), x[1], e["reduce"],
                                                                include_self=e["include_self"]), sr_gen("sum")),
    "scatter_reduce_mean": (lambda T, x, e: x[0].scatter_reduce(e["dim"], t_idx(T, e), x[1], e["reduce"],
                                                                 include_self=e["include_self"]), sr_gen("mean")),
    "scatter_reduce_amax": (lambda T, x, e: x[0].scatter_reduce(e["dim"], t_idx(T, e), x[1], e["reduce"],
                                                                 include_self=e["include_self"]), sr_gen("amax")),
    "scatter_reduce_prod": (lambda T, x, e: x[0].scatter_reduce(e["dim"], t_idx(T, e), x[1], e["reduce"],
                                                                 include_self=e["include_self"]), sr_gen("prod")),
    "index_select": (lambda T, x, e: x[0].index_select(e["dim"], t_idx(T, e)), index_gen(False)),
    "index_add": (lambda T, x, e: T.index_add(x[0], e["dim"], t_idx(T, e), x[1], alpha=2.0), index_gen()),
    "index_copy": (lambda T, x, e: x[0].index_copy(e["dim"], t_idx(T, e), x[1]), index_gen()),
    "index_fill": (lambda T, x, e: x[0].index_fill(e["dim"], t_idx(T, e), 1.5), index_gen(False)),
    "masked_fill": (lambda T, x, e: x[0].masked_fill(_mask(T, e), -1.0), mask_gen()),
    "masked_fill_t": (lambda T, x, e: x[0].masked_fill(_mask(T, e), x[1]), mask_gen(True)),
    "masked_select": (lambda T, x, e: T.masked_select(x[0], _mask(T, e)), mask_gen()),
    "getitem_adv": (lambda T, x, e: x[0][t_idx(T, e)], lambda rng: ([((4, 3), "r")], {"index": [3, 0, 3]})),
    "index_put_acc": (lambda T, x, e: x[0].index_put((t_idx(T, e),), x[1], accumulate=True),
                      lambda rng: ([((4, 3), "r"), ((3, 3), "r")], {"index": [3, 0, 3]})),
    "permute_contig": (lambda T, x, e: x[0].permute(*range(x[0].dim() - 1, -1, -1)).contiguous(), unary()),
    "unfold": (lambda T, x, e: x[0].unfold(0, 2, 1), lambda rng: ([((int(rng.integers(2, 5)), 2), "r")], {})),
    # -- nn functionals and losses
    "gelu": (lambda T, x, e: F(T).gelu(x[0]), unary()),
    "gelu_tanh": (lambda T, x, e: F(T).gelu(x[0], approximate="tanh"), unary()),
    "silu": (lambda T, x, e: F(T).silu(x[0]), unary()),
    "elu": (lambda T, x, e: F(T).elu(x[0], 0.7), unary()),
    "softplus": (lambda T, x, e: F(T).softplus(x[0], beta=2.0), unary()),
    "leaky_relu": (lambda T, x, e: F(T).leaky_relu(x[0], 0.2), unary()),
    "hardtanh": (lambda T, x, e: F(T).hardtanh(x[0], -0.8, 0.9), unary()),
    "logsigmoid": (lambda T, x, e: F(T).logsigmoid(x[0]), unary()),
    "mish": (lambda T, x, e: F(T).mish(x[0]), unary()),
    "softsign": (lambda T, x, e: F(T).softsign(x[0]), unary()),
    "tanhshrink": (lambda T, x, e: F(T).tanhshrink(x[0]), unary()),
    "hardswish": (lambda T, x, e: F(T).hardswish(x[0]), unary()),
    "F_softmax": (lambda T, x, e: F(T).softmax(x[0], dim=e["dim"]), reduce_dim()),
    "F_log_softmax": (lambda T, x, e: F(T).log_softmax(x[0], dim=e["dim"]), reduce_dim()),
    "normalize": (lambda T, x, e: F(T).normalize(x[0], dim=e["dim"]), reduce_dim_nd()),
    "layer_norm": (lambda T, x, e: F(T).layer_norm(x[0], x[1].shape, x[1], x[2]), norm_layer_gen),
    "pad": (lambda T, x, e: F(T).pad(x[0], e["pad"]), pad_gen),
    "cosine_similarity": (lambda T, x, e: F(T).cosine_similarity(x[0], x[1], dim=-1),
                          lambda rng: ([(_nonempty(rng, 1, 2), "r")] * 2, {})),
    "mse_loss": (lambda T, x, e: F(T).mse_loss(x[0], x[1], reduction=e["reduction"]), loss_gen()),
    "l1_loss": (lambda T, x, e: F(T).l1_loss(x[0], x[1], reduction=e["reduction"]), loss_gen()),
    "smooth_l1_loss": (lambda T, x, e: F(T).smooth_l1_loss(x[0], x[1], reduction=e["reduction"]), loss_gen()),
    "huber_loss": (lambda T, x, e: F(T).huber_loss(x[0], x[1], reduction=e["reduction"], delta=0.7), loss_gen()),
    "kl_div": (lambda T, x, e: F(T).kl_div(x[0], x[1], reduction=e["reduction"]), loss_gen("r", "unit")),
    "bce": (lambda T, x, e: F(T).binary_cross_entropy(x[0], x[1], reduction=e["reduction"]), loss_gen("unit", "unit")),
    "bce_logits": (lambda T, x, e: F(T).binary_cross_entropy_with_logits(x[0], x[1], reduction=e["reduction"]),
                   loss_gen("r", "unit")),
    "poisson_nll": (lambda T, x, e: F(T).poisson_nll_loss(x[0], x[1], reduction=e["reduction"]), loss_gen("r", "pos")),
    "cross_entropy": (lambda T, x, e: F(T).cross_entropy(x[0], t_idx(T, e, "target"), reduction=e["reduction"],
                                                         label_smoothing=e["smoothing"]), ce_gen),
    "nll_loss": (lambda T, x, e: F(T).nll_loss(x[0], t_idx(T, e, "target"), reduction=e["reduction"]), ce_gen),
    # -- ops torch refuses forward AD for (its error, type and words)
    "unique": (lambda T, x, e: T.unique(x[0]), unary()),
    "bincount": (lambda T, x, e: T.bincount(T.tensor([0, 2, 2]), weights=x[0]), lambda rng: ([((3,), "r")], {})),
}


# -- inputs -------------------------------------------------------------------------

def _values(rng, shape, domain):
    if domain == "pos":
        return rng.uniform(0.3, 2.0, shape)
    if domain == "unit":
        return rng.uniform(0.1, 0.9, shape)
    if domain == "gt1":
        return rng.uniform(1.1, 3.0, shape)
    if domain == "sq":   # well-conditioned square matrices
        n = shape[-1]
        return rng.uniform(-1.0, 1.0, shape) + 3.0 * np.eye(n)
    a = rng.uniform(0.1, 2.0, shape) * rng.choice([-1.0, 1.0], shape)
    return a


def draw(name, seed):
    """([(primal, tangent, primal layout, tangent layout)], extra) for op `name`."""
    rng = np.random.default_rng([seed, sum(map(ord, name)), len(name)])
    ins, extra = SPECS[name][1](rng)
    out = []
    for shape, domain in ins:
        p = np.asarray(_values(rng, shape, domain), dtype=np.float64)
        t = rng.uniform(-1.0, 1.0, shape)
        out.append((p, t, int(rng.integers(0, 3)), int(rng.integers(0, 3))))
    return out, extra


def make(T, arr, layout, dt):
    """arr as a tensor of dtype dt laid out as asked: 0 contiguous, 1 a
    transposed view (2-d and up), 2 a strided slice (1-d and up)."""
    if layout == 1 and arr.ndim >= 2:
        return T.tensor(np.ascontiguousarray(np.swapaxes(arr, -1, -2)), dtype=dt).transpose(-1, -2)
    if layout == 2 and arr.ndim >= 1:
        return T.tensor(np.repeat(arr, 2, axis=-1), dtype=dt)[..., ::2]
    return T.tensor(arr, dtype=dt)


def _outputs(y):
    return list(y) if isinstance(y, (tuple, list)) else [y]


def gen_case(name, dtype, seed):
    def run(T):
        fwAD = fw(T)
        dt = getattr(T, dtype)
        ins, extra = draw(name, seed)
        with fwAD.dual_level():
            xs = [fwAD.make_dual(make(T, p, lp, dt), make(T, t, lt, dt)) for p, t, lp, lt in ins]
            ys = _outputs(SPECS[name][0](T, xs, extra))
            return [list(fwAD.unpack_dual(o)) for o in ys]
    run.__name__ = f"gen_{name}_{dtype}_{seed}"
    return run


GEN_CASES = {}
for _name in SPECS:
    for _s in SEEDS64:
        GEN_CASES[f"gen_{_name}_float64_{_s}"] = gen_case(_name, "float64", _s)
    for _s in SEEDS32:
        GEN_CASES[f"gen_{_name}_float32_{_s}"] = gen_case(_name, "float32", _s)
CASES = GEN_CASES


def fd_check(name, seed, T):
    """(tangents by forward AD, central differences) in float64 for op
    `name` at the inputs of `seed`, one pair per floating output."""
    fwAD = fw(T)
    ins, extra = draw(name, seed)
    fn = SPECS[name][0]
    with fwAD.dual_level():
        xs = [fwAD.make_dual(make(T, p, lp, T.float64), make(T, t, lt, T.float64)) for p, t, lp, lt in ins]
        tans = [fwAD.unpack_dual(o).tangent for o in _outputs(fn(T, xs, extra)) if o.dtype.is_floating_point]
    eps = 1e-6
    plus = _outputs(fn(T, [T.tensor(np.asarray(p + eps * t), dtype=T.float64) for p, t, _, _ in ins], extra))
    minus = _outputs(fn(T, [T.tensor(np.asarray(p - eps * t), dtype=T.float64) for p, t, _, _ in ins], extra))
    fds = [(a.detach().numpy() - b.detach().numpy()) / (2 * eps)
           for a, b in zip(plus, minus) if a.dtype.is_floating_point]
    return tans, fds
