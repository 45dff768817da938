"""Forward-mode AD of the ops, functionals and layers added after the first
JVP table (tests/cases_forward_ad_gen.py): ops/extra.py, ops/extra2.py,
ops/linalg2.py, special.py, nn/functional2.py, the recurrent, attention and
transformer layers and the CTC loss (issue 13 item 1).

The cases are *generated from* the differential op tables those files are
tested by (cases_ops_extra, cases_ops_extra2, cases_nn_layers): every entry
there made by their ``_add`` helper is (fn(T, *inputs), input shapes, layout),
and each becomes a forward-AD case here: the inputs, in float64 and in the
table's layout (contiguous or transposed), are made duals with deterministic
tangents, fn runs inside a dual level, and every output's primal and tangent
are compared with torch (live and from golden data, ``forward_ad_ops.json``),
or torch's error, type and words, where torch refuses forward AD for the op.
So an op added to those tables gets its JVP checked here with no new line.
The layers, which those tables run as modules, are listed by hand (LAYERS).

fd_check(name) compares the same tangents with central differences of the
plain function (no torch needed); FD_SKIP names the cases where that is not
meaningful, each with its reason.

Where torch's tangent is an efficient ZeroTensor (the sign of slogdet), which
cannot be read back, both sides record a dense zero tensor of its shape.
"""
import importlib

import numpy as np

from cases_nn import _fill
from cases_ops_extra import _x

SOURCES = ("cases_ops_extra", "cases_ops_extra2", "cases_nn_layers")

# torch and cyautograd differ here on purpose, or at a point of measure zero:
# not generated (each reason stated)
EXCLUDED = {
    # F.prelu at an input exactly 0: torch's forward formula takes the x >= 0
    # branch (tangent t) while its backward takes x > 0 (weight * grad); one
    # composite cannot give both, and ours keeps the backward's choice
    "nn_layers:F_prelu_channels", "nn_layers:F_prelu_one", "nn_layers:M_PReLU", "nn_layers:M_PReLU_channels",
}


def _module_fn(ctor, train):
    def fn(T, *xs):
        m = _fill(T, ctor(T).double())
        if not train:
            m.eval()
        return m(*xs)
    return fn


def _harvest():
    out = {}
    seen = set()
    for src in SOURCES:
        mod = importlib.import_module(src)
        for k, f in mod.CASES.items():
            d = getattr(f, "__defaults__", None)
            if not (d and len(d) >= 2 and callable(d[0]) and isinstance(d[1], (list, tuple))):
                continue
            fn, shapes = d[0], d[1]
            t = d[3] if len(d) > 3 and isinstance(d[3], bool) else False
            if k.startswith("M_"):   # cases_nn_layers' modules: (ctor(T), shapes, train)
                fn = _module_fn(fn, d[2] if len(d) > 2 and isinstance(d[2], bool) else True)
                t = False
            elif d[-1] is False:     # grad=False: an op without gradients
                continue
            key = (id(d[0]), tuple(map(tuple, shapes)), t)
            name = src.replace("cases_", "") + ":" + k
            if key in seen or name in EXCLUDED or k.endswith("_big"):   # (the same ops, only larger)
                continue
            seen.add(key)
            out[name] = (fn, [tuple(s) for s in shapes], t)
    return out


def _flat(o):
    if isinstance(o, (list, tuple)):
        r = []
        for x in o:
            r += _flat(x)
        return r
    return [o]


def _fw(T):
    return importlib.import_module(T.__name__ + ".autograd.forward_ad")


def _dense(T, tg):
    if tg is not None and getattr(tg, "_is_zerotensor", None) is not None and tg._is_zerotensor():
        return T.zeros(tuple(tg.shape), dtype=tg.dtype)
    if tg is not None and tg.requires_grad:
        # a tangent with a graph to the parameters (forward-over-reverse): that
        # graph is torch's formulas' own; its values and requires_grad are compared,
        # not its grad_fn names
        return [tg.detach(), True]
    return tg


def _primals(T, shapes, t):
    return [_x(T, s, i, "float64", t=t) for i, s in enumerate(shapes)]


def _tangents(T, shapes):
    return [_x(T, s, i + 11, "float64", scale=1.0) for i, s in enumerate(shapes)]


def _op_case(fn, shapes, t):
    def run(T):
        fw = _fw(T)
        with fw.dual_level():
            xs = [fw.make_dual(p, g) for p, g in zip(_primals(T, shapes, t), _tangents(T, shapes))]
            res = []
            for o in _flat(fn(T, *xs)):
                if isinstance(o, T.Tensor):
                    p, tg = fw.unpack_dual(o)
                    res.append([p, _dense(T, tg)])
                else:
                    res.append(o)
            return res
    return run


# -- layers: the input is a dual, the parameters (filled as cases_nn does) are not;
# name -> (build(T) -> module, input shapes, extra call args(T))
def _mha(T):
    return T.nn.MultiheadAttention(8, 2)


LAYERS = {
    "rnn_tanh": (lambda T: T.nn.RNN(3, 4), [(5, 2, 3)]),
    "rnn_relu_2l_bi": (lambda T: T.nn.RNN(3, 4, num_layers=2, bidirectional=True, nonlinearity="relu"),
                       [(5, 2, 3)]),
    "lstm": (lambda T: T.nn.LSTM(3, 4), [(5, 2, 3)]),
    "lstm_bf_proj": (lambda T: T.nn.LSTM(3, 4, batch_first=True, proj_size=2), [(2, 5, 3)]),
    "gru_2l": (lambda T: T.nn.GRU(3, 4, num_layers=2), [(5, 2, 3)]),
    "rnn_cell": (lambda T: T.nn.RNNCell(3, 4), [(2, 3)]),
    "lstm_cell": (lambda T: T.nn.LSTMCell(3, 4), [(2, 3)]),
    "gru_cell": (lambda T: T.nn.GRUCell(3, 4), [(2, 3)]),
    "mha_self": (lambda T: _SelfAttn(T), [(5, 2, 8)]),
    "mha_kv": (_mha, [(4, 2, 8), (5, 2, 8), (5, 2, 8)]),
    "tenc_layer": (lambda T: T.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0),
                   [(5, 2, 8)]),
    "tenc_layer_norm_first_gelu": (lambda T: T.nn.TransformerEncoderLayer(
        d_model=8, nhead=2, dim_feedforward=16, dropout=0.0, norm_first=True, activation="gelu",
        batch_first=True), [(2, 5, 8)]),
    "tdec_layer": (lambda T: T.nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0),
                   [(4, 2, 8), (5, 2, 8)]),
}


def _SelfAttn(T):
    class M(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = T.nn.MultiheadAttention(8, 2)

        def forward(self, x):
            return self.a(x, x, x)
    return M()


def _layer_case(build, shapes):
    def run(T):
        import warnings
        fw = _fw(T)
        m = _fill(T, build(T).double())
        m.eval()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with fw.dual_level():
                xs = [fw.make_dual(p, g) for p, g in zip(_primals(T, shapes, False), _tangents(T, shapes))]
                res = []
                for o in _flat(m(*xs)):
                    if isinstance(o, T.Tensor):
                        p, tg = fw.unpack_dual(o)
                        res.append([p, _dense(T, tg)])
        return res
    return run


def _ctc_case(reduction, zero_infinity):
    def run(T):
        fw = _fw(T)
        lp0 = _x(T, (7, 2, 5), 0, "float64")
        with fw.dual_level():
            lp = fw.make_dual(lp0, _x(T, (7, 2, 5), 11, "float64", scale=1.0))
            lp = lp.log_softmax(2)
            tg = T.tensor([[1, 2, 2], [3, 1, 0]])
            out = T.nn.functional.ctc_loss(lp, tg, [7, 6], [3, 2], reduction=reduction,
                                           zero_infinity=zero_infinity)
            p, t = fw.unpack_dual(out)
            return [p, _dense(T, t)]
    return run


# -- the ops the tables above do not reach: in-place forms, aliases and a few
# others (found by recording which hooked ops a forward-AD case ran: the
# in-place method of an op, the alias of a name). fn(T, *inputs), shapes.
def _u(x):   # into (0.1, 0.9): every unary op's domain
    return x.abs() * 0.4 + 0.1


_UNARY_INPLACE = ("absolute_ acos_ arccos_ arcsin_ arctan_ asin_ asinh_ atan_ atanh_ ceil_ cos_ cosh_ deg2rad_ "
                  "digamma_ erf_ erfc_ erfinv_ exp2_ expm1_ fix_ floor_ frac_ i0_ lgamma_ log10_ log1p_ log2_ logit_ "
                  "nan_to_num_ negative_ rad2deg_ reciprocal_ round_ rsqrt_ sgn_ sign_ sin_ sinc_ sinh_ square_ tan_ "
                  "trunc_ sigmoid_ exp_ log_ sqrt_ tanh_ abs_ neg_ relu_").split()
_BINARY_INPLACE = "atan2_ copysign_ div_ float_power_ fmod_ hypot_ mul_ nextafter_ remainder_ sub_ xlogy_".split()
_UNARY_ALIAS = "arccos arccosh arcsin arcsinh arctan arctanh negative".split()
HAND = {}
for _n in _UNARY_INPLACE:
    HAND[f"inplace_{_n}"] = ((lambda n: lambda T, x: getattr(_u(x), n)())(_n), [(3, 4)])
HAND["inplace_acosh_"] = (lambda T, x: (x.abs() + 1.2).acosh_(), [(3, 4)])
for _n in _BINARY_INPLACE:
    HAND[f"inplace_{_n}"] = ((lambda n: lambda T, x, y: getattr(x * 1, n)(_u(y)))(_n), [(3, 4), (3, 4)])
for _n in _UNARY_ALIAS:
    HAND[f"alias_{_n}"] = ((lambda n: lambda T, x: getattr(T, n)(_u(x) + (1.2 if n == "arccosh" else 0)))(_n),
                           [(3, 4)])
HAND.update({
    "alias_arctan2": (lambda T, x, y: T.arctan2(x, y), [(3, 4), (3, 4)]),
    "alias_ger": (lambda T, x, y: T.ger(x, y), [(3,), (4,)]),
    "inplace_lerp_": (lambda T, x, y: (x * 1).lerp_(y, 0.3), [(3, 4), (3, 4)]),
    "inplace_clamp_max_": (lambda T, x: (x * 1).clamp_max_(0.5), [(3, 4)]),
    "inplace_clamp_min_": (lambda T, x: (x * 1).clamp_min_(0.2), [(3, 4)]),
    "inplace_clip_": (lambda T, x: (x * 1).clip_(-0.6, 0.7), [(3, 4)]),
    "inplace_addcdiv_": (lambda T, x, y, z: (x * 1).addcdiv_(y, _u(z), value=0.5), [(3, 4)] * 3),
    "inplace_addcmul_": (lambda T, x, y, z: (x * 1).addcmul_(y, z, value=-2.0), [(3, 4)] * 3),
    "inplace_addmm_": (lambda T, x, a, b: (x * 1).addmm_(a, b, beta=0.5, alpha=2.0), [(2, 4), (2, 3), (3, 4)]),
    "inplace_addbmm_": (lambda T, x, a, b: (x * 1).addbmm_(a, b), [(2, 4), (3, 2, 3), (3, 3, 4)]),
    "inplace_baddbmm_": (lambda T, x, a, b: (x * 1).baddbmm_(a, b, alpha=0.5), [(3, 2, 4), (3, 2, 3), (3, 3, 4)]),
    "inplace_addmv_": (lambda T, x, a, b: (x * 1).addmv_(a, b), [(2,), (2, 3), (3,)]),
    "inplace_addr_": (lambda T, x, a, b: (x * 1).addr_(a, b), [(2, 3), (2,), (3,)]),
    "inplace_index_add_": (lambda T, x, s: (x * 1).index_add_(0, T.tensor([2, 0, 2]), s, alpha=2.0),
                           [(3, 4), (3, 4)]),
    "inplace_index_copy_": (lambda T, x, s: (x * 1).index_copy_(0, T.tensor([2, 0]), s), [(3, 4), (2, 4)]),
    "inplace_index_fill_": (lambda T, x: (x * 1).index_fill_(1, T.tensor([1, 3]), 0.5), [(3, 4)]),
    "inplace_masked_scatter_": (lambda T, x, s: (x * 1).masked_scatter_(T.tensor([[True, False, True, False]]), s),
                                [(3, 4), (3, 4)]),
    "inplace_put_": (lambda T, x, s: (x * 1).put_(T.tensor([0, 5, 5]), s), [(3, 4), (3,)]),
    "inplace_put_acc": (lambda T, x, s: (x * 1).put_(T.tensor([0, 5, 5]), s, accumulate=True), [(3, 4), (3,)]),
    "inplace_scatter_": (lambda T, x, s: (x * 1).scatter_(0, T.tensor([[2, 0, 1, 2]]), s), [(3, 4), (1, 4)]),
    "inplace_scatter_add_": (lambda T, x, s: (x * 1).scatter_add_(0, T.tensor([[2, 0, 2, 2]]), s),
                             [(3, 4), (1, 4)]),
    "inplace_scatter_reduce_": (lambda T, x, s: (x * 1).scatter_reduce_(0, T.tensor([[2, 0, 2, 2]]), s, "amax"),
                                [(3, 4), (1, 4)]),
    "inplace_fill_diagonal_": (lambda T, x: (x * 1).fill_diagonal_(0.5), [(3, 4)]),
    "inplace_renorm_": (lambda T, x: (x * 1).renorm_(2, 0, 1.0), [(3, 4)]),
    "inplace_tril_": (lambda T, x: (x * 1).tril_(), [(3, 4)]),
    "inplace_triu_": (lambda T, x: (x * 1).triu_(1), [(3, 4)]),
    "inplace_cumprod_": (lambda T, x: (x * 1).cumprod_(1), [(3, 4)]),
    "inplace_polygamma_": (lambda T, x: _u(x).polygamma_(1), [(3, 4)]),
    "inplace_t_": (lambda T, x: (x * 1).t_(), [(3, 4)]),
    "inplace_swapaxes_": (lambda T, x: (x * 1).swapaxes_(0, 1), [(3, 4)]),
    "inplace_unsqueeze_": (lambda T, x: (x * 1).unsqueeze_(1), [(3, 4)]),
    "inplace_squeeze_": (lambda T, x: (x * 1).squeeze_(1), [(3, 1)]),
    "inplace_transpose_": (lambda T, x: (x * 1).transpose_(0, 1), [(3, 4)]),
    "broadcast_tensors": (lambda T, x, y: T.broadcast_tensors(x, y), [(3, 1), (1, 4)]),
    "cholesky_ex": (lambda T, a: T.linalg.cholesky_ex(a @ a.mT + T.eye(3, dtype=a.dtype)).L, [(3, 3)]),
    "inv_ex": (lambda T, a: T.linalg.inv_ex(a + 3 * T.eye(3, dtype=a.dtype)).inverse, [(3, 3)]),
    "vander": (lambda T, x: T.linalg.vander(x, N=4), [(3,)]),
    "upsample_bilinear": (lambda T, x: T.nn.functional.upsample_bilinear(x, scale_factor=2), [(1, 2, 2, 3)]),
    "upsample_nearest": (lambda T, x: T.nn.functional.upsample_nearest(x, scale_factor=2), [(1, 2, 3)]),
    "upsample": (lambda T, x: T.nn.functional.upsample(x, scale_factor=2, mode="linear"), [(1, 2, 3)]),
    "dropout3d_eval": (lambda T, x: T.nn.functional.dropout3d(x, 0.5, training=False), [(2, 2, 2, 3)]),
    "rrelu_inplace_eval": (lambda T, x: T.nn.functional.rrelu(x * 1, training=False, inplace=True), [(3, 4)]),
    "one_hot_times": (lambda T, x: T.nn.functional.one_hot(T.tensor([0, 2, 1])).to(x.dtype) * x, [(3, 3)]),
    "histc": (lambda T, x: T.histc(x, 4), [(3, 4)]),
    "matrix_rank_times": (lambda T, x: T.linalg.matrix_rank(x) * x, [(3, 3)]),
})
def _tangent_of(T, y):
    """Only y's tangent (random in-place ops: the values are each library's own draw)."""
    return T.autograd.forward_ad.unpack_dual(y).tangent


for _n, _a in (("normal_", ()), ("uniform_", ()), ("bernoulli_", (0.5,)), ("cauchy_", ()), ("exponential_", ()),
               ("geometric_", (0.5,)), ("log_normal_", ()), ("random_", (0, 5)), ("zero_", ()), ("fill_", (1.5,))):
    HAND[f"inplace_{_n}"] = ((lambda n, a: lambda T, x: _tangent_of(T, getattr(x * 1, n)(*a)))(_n, _a), [(3, 4)])
HAND.update({
    # (a non-negative exponent: torch's tangent is 0 where an integer exponent is
    # negative although its value is not -- not reproduced)
    "inplace_ldexp_": (lambda T, x: (x * 1).ldexp_(T.tensor([1, 2, 0, 3])), [(3, 4)]),
    "inplace_heaviside_": (lambda T, x, y: (x * 1).heaviside_(y), [(3, 4), (3, 4)]),
    "inplace_gcd_": (lambda T, x: (x * 1).gcd_(x), [(3, 4)]),
    "inplace_lcm_": (lambda T, x: (x * 1).lcm_(x), [(3, 4)]),
    "inplace_index_reduce_": (lambda T, x, s: (x * 1).index_reduce_(0, T.tensor([0, 0, 2]), s, "prod"),
                              [(3, 4), (3, 4)]),
    "inplace_rrelu_": (lambda T, x: T.nn.functional.rrelu_(x * 1, training=False), [(3, 4)]),
    "to_half": (lambda T, x: x.half(), [(3, 4)]),
    "to_float32_method": (lambda T, x: x.to(T.float32), [(3, 4)]),
    "cpu": (lambda T, x: x.cpu(), [(3, 4)]),
})
HARVESTED = _harvest()
for _k, (_f, _s) in HAND.items():
    HARVESTED["hand:" + _k] = (_f, [tuple(s) for s in _s], False)
CASES = {f"fwop_{k}": _op_case(*v) for k, v in HARVESTED.items()}
for _k, (_b, _s) in LAYERS.items():
    CASES[f"fwlayer_{_k}"] = _layer_case(_b, _s)
for _red in ("mean", "sum", "none"):
    CASES[f"fwlayer_ctc_loss_{_red}"] = _ctc_case(_red, False)
CASES["fwlayer_ctc_loss_zero_inf"] = _ctc_case("mean", True)


def fd_check(name, T):
    """(forward-AD tangents, central differences) of harvested case `name`
    (its float64 floating outputs), both from cyautograd."""
    fn, shapes, t = HARVESTED[name]
    fw = _fw(T)
    ps, ts = _primals(T, shapes, t), _tangents(T, shapes)
    with fw.dual_level():
        outs = _flat(fn(T, *[fw.make_dual(p, g) for p, g in zip(ps, ts)]))
        tans = [fw.unpack_dual(o).tangent for o in outs if isinstance(o, T.Tensor) and o.dtype.is_floating_point]
    eps = 1e-6
    plus = _flat(fn(T, *[p + eps * g for p, g in zip(ps, ts)]))
    minus = _flat(fn(T, *[p - eps * g for p, g in zip(ps, ts)]))
    with np.errstate(all="ignore"):
        fds = [(a.detach().numpy() - b.detach().numpy()) / (2 * eps)
               for a, b in zip(plus, minus) if isinstance(a, T.Tensor) and a.dtype.is_floating_point]
    return tans, fds


# harvested cases whose tangent is not the derivative of the function on both
# sides of the difference (a reason each): not compared with central differences
_KINK = "an input exactly at a kink or jump (0 or an integer), where the one-sided limits differ"
_NONFINITE = "nan/inf inputs or outputs, where a difference quotient means nothing"
_TORCH_FORMULA = ("torch's forward formula reads the whole tangent of an op that reads one triangle (or the "
                  "factor as given): torch's tangent, compared with torch above, is not the derivative of the "
                  "function along a non-symmetric direction")
FD_SKIP = {
    "ops_extra:atan2_bcast_float32": "atan2 at its branch cut (x < 0, y = 0)",
    "ops_extra2:sgn_int_int64": _KINK, "ops_extra2:frexp_float32": _KINK, "ops_extra2:frexp_0d_float32": _KINK,
    "ops_extra2:masked_scatter_float32": "the mask is drawn from the values, so a difference moves the mask",
    "nn_layers:F_selu": _KINK, "nn_layers:F_rrelu_eval": _KINK, "nn_layers:F_elu_inplace": _KINK,
    "nn_layers:F_leaky_relu_inplace": _KINK, "nn_layers:F_selu_inplace": _KINK, "nn_layers:F_relu_inplace": _KINK,
    "nn_layers:M_SELU": _KINK, "nn_layers:M_RReLU_eval": _KINK,
    "ops_extra:nan_to_num_float32": _NONFINITE, "ops_extra:nan_to_num_args_float32": _NONFINITE,
    "ops_extra:nansum_float32": _NONFINITE, "ops_extra:nansum_dim_float32": _NONFINITE,
    "ops_extra:nanmean_float64": _NONFINITE, "ops_extra2:xlogy_zeros_float32": _NONFINITE,
    "ops_extra2:special_xlog1py_zeros_float32": _NONFINITE, "ops_extra2:lgamma_int_int64": _NONFINITE,
    "ops_extra2:digamma_int_int64": _NONFINITE, "ops_extra2:special_gammaln_int_int64": _NONFINITE,
    "ops_extra2:special_digamma_int_int64": _NONFINITE, "ops_extra2:special_psi_int_int64": _NONFINITE,
    "ops_extra2:addmv_beta0_float32": "beta=0 ignores nan in the input, its tangent does not (as torch)",
    "ops_extra:masked_select_float32": "the mask is drawn from the values (the output size moves)",
    "ops_extra:masked_select_int_int64": "the mask is drawn from the values (the output size moves)",
    "ops_extra:scatter_reduce_prod_True_float64": "torch gives scatter_reduce prod no tangent",
    "ops_extra:scatter_reduce_prod_False_float64": "torch gives scatter_reduce prod no tangent",
    "ops_extra2:trapezoid_empty_float32": "an empty input: torch gives no tangent",
    "ops_extra2:svd_top_no_uv_float64": "torch.svd(compute_uv=False) returns zero U and V without a tangent",
    "ops_extra2:diag_embed_0d_float32": "the op refuses a 0-d input (torch's error, compared above)",
    "ops_extra2:cholesky_lower_only_float64": _TORCH_FORMULA, "ops_extra2:eigh_upper_float64": _TORCH_FORMULA,
    "ops_extra2:eigvalsh_float32": _TORCH_FORMULA, "ops_extra2:cholesky_inverse_float32": _TORCH_FORMULA,
    "ops_extra2:cholesky_inverse_upper_float64": _TORCH_FORMULA,
    "nn_layers:F_multilabel_soft_margin_loss": "the target's tangent: torch's value (compared above) differs from "
                                               "the derivative in the target",
    "hand:inplace_remainder_": _KINK, "hand:histc": "not differentiable: no tangent (as torch)",
    "hand:to_half": "a half-precision result: a 1e-6 difference is below its resolution",
    "hand:to_float32_method": "a float32 result: a 1e-6 difference is below its resolution",
    **{f"hand:inplace_{_n}": "a random or constant fill: the case records the tangent itself (zero, as torch)"
       for _n in ("normal_", "uniform_", "bernoulli_", "cauchy_", "exponential_", "geometric_", "log_normal_",
                  "random_", "zero_", "fill_")},
    "nn_layers:M_GaussianNLLLoss": "a difference makes the variance input negative (the op refuses it)",
}


# -- second order through the singular value decomposition (issue 13 item 3):
# svdvals and everything built on it (matrix_norm 'nuc' / 2, cond), svd, pinv:
# the double backward, func.jacfwd(func.jacrev(f)) (forward-over-reverse) and
# func.hessian, against torch
def _well_conditioned(T, shape):
    m, n = shape[-2:]
    a = _x(T, shape, 0, "float64") + 2 * T.eye(m, n, dtype=T.float64)
    return a + T.arange(a.numel(), dtype=T.float64).reshape(shape) * 0.1


SECOND_ORDER = {
    "svdvals": lambda T, A: T.linalg.svdvals(A),
    "svd_S": lambda T, A: T.linalg.svd(A, full_matrices=False).S,
    "svd_UV": lambda T, A: (lambda r: (r.U * r.U).sum(-2) * r.S + (r.Vh[..., :1, :] ** 2).sum())(
        T.linalg.svd(A, full_matrices=False)),
    "svd_top": lambda T, A: T.svd(A).S,
    "matrix_norm_nuc": lambda T, A: T.linalg.matrix_norm(A, "nuc").reshape(-1),
    "matrix_norm_2": lambda T, A: T.linalg.matrix_norm(A, 2).reshape(-1),
    "cond": lambda T, A: T.linalg.cond(A).reshape(-1),
    "pinv": lambda T, A: T.linalg.pinv(A).sum(-2),
}


def _second_order_case(f, shape):
    def run(T):
        A0 = _well_conditioned(T, shape)
        A = A0.clone().requires_grad_()
        y = f(T, A)
        g, = T.autograd.grad((y * _x(T, tuple(y.shape), 7, "float64", scale=1.0)).sum(), A, create_graph=True)
        h, = T.autograd.grad((g * _x(T, shape, 8, "float64", scale=1.0)).sum(), A)
        res = [y.detach(), g.detach(), h]
        if len(shape) == 2:
            res.append(T.func.jacfwd(T.func.jacrev(lambda a: f(T, a)))(A0))
            res.append(T.func.hessian(lambda a: f(T, a).sum())(A0))
        return res
    return run


for _k, _f in SECOND_ORDER.items():
    for _shape in ((4, 3), (3, 4), (2, 3, 3)):
        CASES[f"fwrev_{_k}_{'x'.join(map(str, _shape))}"] = _second_order_case(_f, _shape)


# -- func.jacfwd(func.jacrev(f)) through the ops given torch's forward formulas
# here (NOTE [ Forward formulas of Function-based ops ]): the formula's tangent
# keeps its graph, so forward-over-reverse is exact
def _sym(T, a):
    return a @ a.mT + T.eye(3, dtype=a.dtype)


FORMULA_OPS = {
    "logit": (lambda T, a: T.logit(a.abs() * 0.4 + 0.1), (2, 3)),
    "logit_eps": (lambda T, a: T.logit(a.abs() * 0.4 + 0.1, 0.2), (2, 3)),
    "xlogy": (lambda T, a: T.xlogy(a, a.abs() + 0.5), (2, 3)),
    "put": (lambda T, a: a.put(T.tensor([0, 4]), a[0, :2] ** 2), (2, 3)),
    "scatter": (lambda T, a: a.scatter(0, T.tensor([[1, 0, 1]]), a[:1] ** 2), (2, 3)),
    "logcumsumexp": (lambda T, a: T.logcumsumexp(a, 1), (2, 3)),
    "dist3": (lambda T, a: T.dist(a, a.flip(0) * 0.5, 3).reshape(1), (2, 3)),
    "cholesky": (lambda T, a: T.linalg.cholesky(_sym(T, a)), (3, 3)),
    "cholesky_upper": (lambda T, a: T.linalg.cholesky(_sym(T, a), upper=True), (3, 3)),
    "eigh": (lambda T, a: (lambda r: r[0] + (r[1] ** 2).sum(0))(T.linalg.eigh(_sym(T, a))), (3, 3)),
    "eigvalsh": (lambda T, a: T.linalg.eigvalsh(_sym(T, a)), (3, 3)),
    "cholesky_inverse": (lambda T, a: T.cholesky_inverse(T.linalg.cholesky(_sym(T, a))), (3, 3)),
}


def _fwrev_case(f, shape):
    def run(T):
        a = _x(T, shape, 0, "float64") + (2 * T.eye(3, dtype=T.float64) if shape == (3, 3) else 0)
        return T.func.jacfwd(T.func.jacrev(lambda x: f(T, x)))(a)
    return run


for _k, (_f, _shape) in FORMULA_OPS.items():
    CASES[f"fwrev_formula_{_k}"] = _fwrev_case(_f, _shape)


def _logcumsumexp_extremes(T):
    """logcumsumexp's tangent where exp underflows (the lowest float, -inf)."""
    fw = _fw(T)
    lo = T.finfo(T.float64).min
    res = []
    for v in ([lo, lo - 1.0, 0.5], [lo, lo, lo], [float("-inf"), 1.0, 2.0], [-1.7e308, -1.7e308, 0.3]):
        with fw.dual_level():
            d = fw.make_dual(T.tensor(v, dtype=T.float64), T.tensor([1.0, 2.0, 3.0], dtype=T.float64))
            res.append(list(fw.unpack_dual(T.logcumsumexp(d, 0))))
    return res


CASES["fwop_logcumsumexp_extremes"] = _logcumsumexp_extremes
