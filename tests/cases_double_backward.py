"""Double backward fidelity (issue 13), run against torch and cyautograd.

Under ``create_graph=True`` torch computes each node's gradient formula
(tools/autograd/derivatives.yaml, FunctionsManual.cpp) with differentiable
ops, so the returned gradient has a grad_fn graph that follows the formula.
Each case here takes an op ``f`` and an input (float32/float64; 0-d, 1-d,
2-d, non-contiguous), computes ``g, = grad(f(x).sum(), x, create_graph=True)``
and records g's whole grad_fn graph (breadth first: each node's type name
and its next_functions as (type name or None, input_nr)), g's values and
the second derivative ``grad(g.sum(), x)``."""
import harness

CASES = {}


def graph(t):
    """t.grad_fn's graph, breadth first: [name(), [[next type, input_nr], ...]]
    per node, each node once (by identity)."""
    fn = t.grad_fn
    if fn is None:
        return None
    return [[type(node).__name__, node.name(),
             [[None, nr] if nxt is None else [type(nxt).__name__, nr, k] for nxt, nr, k in edges]]
            for node, edges in harness.graph_bfs(fn)]


def _inputs(T, dtype, kind, positive=False, unit=False):
    """A leaf of the given kind: '0d', '1d', '2d', 'nc' (a non-contiguous
    view's values made into a leaf through .t())."""
    base = [[0.3, -0.7, 0.55, 0.1], [0.9, -0.2, -0.45, 0.65], [0.15, 0.4, -0.85, -0.05]]
    if positive:
        base = [[abs(v) + 0.2 for v in r] for r in base]
    if unit:
        base = [[v * 0.9 for v in r] for r in base]
    if kind == "0d":
        return T.tensor(base[0][0], dtype=dtype, requires_grad=True)
    if kind == "1d":
        return T.tensor(base[1], dtype=dtype, requires_grad=True)
    if kind == "2d":
        return T.tensor(base, dtype=dtype, requires_grad=True)
    # a non-contiguous leaf: the transpose of a contiguous one
    return T.tensor(base, dtype=dtype).t().detach().requires_grad_(True)


def double_backward(T, f, x, *others):
    y = f(x, *others)
    g, = T.autograd.grad(y.sum(), x, create_graph=True)
    out = [graph(g), g]
    if g.requires_grad:
        gg, = T.autograd.grad(g.sum(), x, allow_unused=True)
        # torch's sgn_backward is an efficient ZeroTensor (not readable as
        # numpy): its values, added to plain zeros
        out.append(gg if gg is None else T.zeros_like(x) + gg)
    return out


def _T(x):
    """The module (torch or cyautograd) that x's type comes from."""
    import sys
    return sys.modules[type(x).__module__.split(".")[0]]


# (name, f, input options, kinds)
ALL = ("0d", "1d", "2d", "nc")
ND = ("1d", "2d", "nc")
OPS = [
    ("std", lambda x: x.std(), {}, ND),
    ("std_dim", lambda x: x.std(-1), {}, ("2d", "nc")),
    ("std_dim_keepdim_corr0", lambda x: x.std(0, correction=0, keepdim=True), {}, ("2d", "nc")),
    ("var", lambda x: x.var(), {}, ND),
    ("var_dim", lambda x: x.var(-1), {}, ("2d", "nc")),
    ("var_unbiased_false", lambda x: x.var(0, unbiased=False), {}, ("2d",)),
    ("std_mean", lambda x: sum(_T(x).std_mean(x, 0)), {}, ("2d",)),
    ("var_mean", lambda x: sum(_T(x).var_mean(x, 0)), {}, ("2d",)),
    ("maximum", lambda x: x.maximum(x.flip(-1) * 0.5), {}, ND),
    ("minimum", lambda x: x.minimum(x.flip(-1) * 0.5), {}, ND),
    ("fmax", lambda x: x.fmax(x.flip(-1) * 0.5), {}, ND),
    ("fmin", lambda x: x.fmin(x.flip(-1) * 0.5), {}, ND),
    ("norm", lambda x: x.norm(), {}, ALL),
    ("norm_dim", lambda x: x.norm(dim=-1), {}, ("2d", "nc")),
    ("norm_p1", lambda x: x.norm(p=1), {}, ND),
    ("norm_p3", lambda x: x.norm(p=3), {}, ND),
    ("norm_inf", lambda x: x.norm(p=float("inf")), {}, ND),
    ("vector_norm", lambda x: _T(x).linalg.vector_norm(x), {}, ND),
    ("vector_norm_dim", lambda x: _T(x).linalg.vector_norm(x, 3, dim=0), {}, ("2d", "nc")),
    ("prod", lambda x: x.prod(), {}, ALL),
    ("prod_dim", lambda x: x.prod(-1), {}, ("2d", "nc")),
    ("logsumexp", lambda x: x.logsumexp(-1), {}, ND),
    ("expm1", lambda x: x.expm1(), {}, ALL),
    ("atan", lambda x: x.atan(), {}, ALL),
    ("erf", lambda x: x.erf(), {}, ALL),
    ("erfc", lambda x: x.erfc(), {}, ALL),
    ("erfinv", lambda x: x.erfinv(), {"unit": True}, ALL),
    ("asin", lambda x: x.asin(), {"unit": True}, ALL),
    ("acos", lambda x: x.acos(), {"unit": True}, ALL),
    ("lerp_scalar", lambda x: x.lerp(x.flip(-1) * 2, 0.3), {}, ND),
    ("lerp_tensor", lambda x: x.lerp(x.flip(-1) * 2, x * 0.5), {}, ND),
    ("addcmul", lambda x: x.addcmul(x.flip(-1), x * 2, value=0.5), {}, ND),
    ("addcdiv", lambda x: x.addcdiv(x.flip(-1), x * 2 + 3, value=0.5), {"positive": True}, ND),
    ("trace", lambda x: x.trace(), {}, ("2d", "nc")),
    ("trace_column", lambda x: x[:, :1].trace(), {}, ("2d", "nc")),
    ("diag_1d", lambda x: x.diag(), {}, ("1d",)),
    ("diag_2d", lambda x: x.diag(1), {}, ("2d", "nc")),
    ("diagonal", lambda x: x.diagonal(), {}, ("2d", "nc")),
    ("gather", lambda x: x.gather(-1, (x.detach() * 0).long() + 1), {}, ("2d", "nc")),
    ("index_select", lambda x: x.index_select(0, (x.detach()[0] * 0).long()[:2]), {}, ("2d",)),
    ("scatter", lambda x: x.scatter(0, (x.detach()[:1] * 0).long(), x[:1] * 2), {}, ("2d",)),
    ("scatter_add", lambda x: x.scatter_add(0, (x.detach()[:1] * 0).long(), x[:1] * 2), {}, ("2d",)),
]


def _make(f, opts, dtype_name, kind):
    def c(T):
        x = _inputs(T, getattr(T, dtype_name), kind, **opts)
        return double_backward(T, f, x)
    return c


def _pow_sum(f):
    # (f(x) ** 2).sum(): the upstream gradient is not all ones, so formulas that
    # special-case a ones grad are exercised too
    return lambda x: f(x) ** 2


for _name, _f, _opts, _kinds in OPS:
    for _dt in ("float32", "float64"):
        for _k in _kinds:
            CASES[f"{_name}_{_k}_{_dt}"] = _make(_f, _opts, _dt, _k)
    CASES[f"{_name}_sq_{_kinds[-1]}_float64"] = _make(_pow_sum(_f), _opts, "float64", _kinds[-1])


def _prod_zeros(n_zero, dim):
    def c(T):
        v = [[0.5, -1.5, 2.0], [1.25, 0.75, -0.5]]
        for i in range(n_zero):
            v[0][i] = 0.0
        x = T.tensor(v, dtype=T.float64, requires_grad=True)
        f = (lambda t: t.prod()) if dim is None else (lambda t: t.prod(dim))
        return double_backward(T, f, x)
    return c


for _nz in (1, 2):
    CASES[f"prod_zeros{_nz}"] = _prod_zeros(_nz, None)
    CASES[f"prod_dim_zeros{_nz}"] = _prod_zeros(_nz, 1)
