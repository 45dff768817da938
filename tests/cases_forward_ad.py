"""Forward-mode AD (issue 13 item 1) run against both torch and cyautograd:
the JVP of every differentiable op (primal and tangent of each output), in
float64 and float32, plus tangents through views and in-place ops, custom
Function.jvp and the errors of forward_ad, each taking the module and
returning what to compare.

OPS maps a name to (fn(T, *duals), input specs); specs are shapes, or
("pos", shape) for a positive domain, ("unit", shape) for (0.1, 0.9). The
inputs and tangents are fixed pseudo-random arrays, so the cases are plain
data for tests/record_golden.py."""
import importlib

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def fw(T):
    return importlib.import_module(T.__name__ + ".autograd.forward_ad")


def F(T):
    return T.nn.functional


def err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


def _array(spec, seed):
    rng = np.random.default_rng(seed)
    if isinstance(spec, tuple) and spec and isinstance(spec[0], str):
        kind, shape = spec
        if kind == "pos":
            return rng.uniform(0.3, 2.0, size=shape)
        if kind == "unit":
            return rng.uniform(0.1, 0.9, size=shape)
        raise ValueError(kind)
    a = rng.uniform(-2.0, 2.0, size=spec)
    # keep values away from the kinks of abs/relu/clamp/round and from ties
    return np.where(np.abs(a) < 0.05, 0.37, a)


def inputs(specs, seed):
    """[(primal, tangent)] arrays for the specs."""
    return [(_array(s, seed * 31 + 2 * i), np.random.default_rng(seed * 17 + i).uniform(-1.0, 1.0,
                                                                                      size=np.shape(_array(s, 0))))
            for i, s in enumerate(specs)]


def jvp_outputs(T, fn, specs, dtype, seed):
    """[[primal, tangent], ...] of fn's outputs at duals made from the specs."""
    fwAD = fw(T)
    dt = getattr(T, dtype)
    with fwAD.dual_level():
        xs = [fwAD.make_dual(T.tensor(p, dtype=dt), T.tensor(t, dtype=dt)) for p, t in inputs(specs, seed)]
        y = fn(T, *xs)
        ys = list(y) if isinstance(y, (tuple, list)) else [y]
        return [list(fwAD.unpack_dual(o)) for o in ys]


def _l(T, *vals):
    return T.tensor(list(vals))


M34 = (3, 4)
OPS = {
    # -- pointwise unary
    "neg": (lambda T, x: -x, [M34]), "abs": (lambda T, x: x.abs(), [M34]),
    "exp": (lambda T, x: x.exp(), [M34]), "sin": (lambda T, x: x.sin(), [M34]),
    "cos": (lambda T, x: T.cos(x), [M34]), "tan": (lambda T, x: (x * 0.5).tan(), [M34]),
    "tanh": (lambda T, x: x.tanh(), [M34]), "sigmoid": (lambda T, x: x.sigmoid(), [M34]),
    "relu": (lambda T, x: x.relu(), [M34]), "square": (lambda T, x: x.square(), [M34]),
    "reciprocal": (lambda T, x: x.reciprocal(), [M34]), "sign": (lambda T, x: x.sign(), [M34]),
    "floor": (lambda T, x: x.floor(), [M34]), "ceil": (lambda T, x: x.ceil(), [M34]),
    "round": (lambda T, x: x.round(), [M34]), "trunc": (lambda T, x: x.trunc(), [M34]),
    "log": (lambda T, x: x.log(), [("pos", M34)]), "log1p": (lambda T, x: x.log1p(), [("pos", M34)]),
    "log2": (lambda T, x: x.log2(), [("pos", M34)]), "log10": (lambda T, x: x.log10(), [("pos", M34)]),
    "sqrt": (lambda T, x: x.sqrt(), [("pos", M34)]), "rsqrt": (lambda T, x: x.rsqrt(), [("pos", M34)]),
    "clamp": (lambda T, x: x.clamp(-1.0, 1.0), [M34]), "clamp_min": (lambda T, x: x.clamp(min=0.3), [M34]),
    "clamp_max": (lambda T, x: T.clamp_max(x, 0.5), [M34]),
    "pow_scalar": (lambda T, x: x ** 3, [M34]), "pow_frac": (lambda T, x: x ** 0.5, [("pos", M34)]),
    "rpow": (lambda T, x: 2.0 ** x, [M34]), "rdiv": (lambda T, x: 2.0 / x, [("pos", M34)]),
    "rsub": (lambda T, x: 1.5 - x, [M34]), "add_scalar": (lambda T, x: x + 2, [M34]),
    "mul_scalar": (lambda T, x: x * 2.5, [M34]), "div_scalar": (lambda T, x: x / 4, [M34]),
    "pos": (lambda T, x: +x, [M34]),
    # -- pointwise binary (broadcasting)
    "add": (lambda T, x, y: x + y, [M34, (4,)]), "add_alpha": (lambda T, x, y: x.add(y, alpha=1.5), [M34, M34]),
    "sub": (lambda T, x, y: x - y, [M34, (3, 1)]), "sub_alpha": (lambda T, x, y: T.sub(x, y, alpha=2), [M34, M34]),
    "mul": (lambda T, x, y: x * y, [M34, (4,)]), "div": (lambda T, x, y: x / y, [M34, ("pos", (3, 1))]),
    "pow": (lambda T, x, y: x ** y, [("pos", M34), M34]), "rsub_t": (lambda T, x, y: T.rsub(x, y), [M34, M34]),
    "maximum": (lambda T, x, y: T.maximum(x, y), [M34, M34]),
    "minimum": (lambda T, x, y: T.minimum(x, y), [M34, M34]),
    "where": (lambda T, x, y: T.where(x > y, x, y), [M34, M34]),
    "remainder": (lambda T, x: T.remainder(x, 0.7), [M34]),
    "masked_fill": (lambda T, x: x.masked_fill(T.tensor([[True, False, True, False]] * 3), 1.5), [M34]),
    "masked_fill_t": (lambda T, x, v: x.masked_fill(T.tensor([[True, False, True, False]] * 3), v), [M34, ()]),
    # -- reductions
    "sum": (lambda T, x: x.sum(), [M34]), "sum_dim": (lambda T, x: x.sum(1), [M34]),
    "sum_keep": (lambda T, x: x.sum((0, 1), keepdim=True), [M34]),
    "mean": (lambda T, x: x.mean(), [M34]), "mean_dim": (lambda T, x: x.mean(-1), [M34]),
    "prod": (lambda T, x: x.prod(), [M34]), "prod_dim": (lambda T, x: x.prod(1), [M34]),
    "max": (lambda T, x: x.max(), [M34]), "max_dim": (lambda T, x: x.max(1), [M34]),
    "min": (lambda T, x: x.min(), [M34]), "min_dim": (lambda T, x: x.min(0, keepdim=True), [M34]),
    "amax": (lambda T, x: x.amax(1), [M34]), "amin": (lambda T, x: x.amin(), [M34]),
    "var": (lambda T, x: x.var(), [M34]), "var_dim": (lambda T, x: x.var(1), [M34]),
    "std": (lambda T, x: x.std(), [M34]), "std_dim": (lambda T, x: x.std(0, keepdim=True), [M34]),
    "softmax": (lambda T, x: x.softmax(1), [M34]), "log_softmax": (lambda T, x: x.log_softmax(0), [M34]),
    "logsumexp": (lambda T, x: x.logsumexp(1), [M34]), "cumsum": (lambda T, x: x.cumsum(1), [M34]),
    "norm": (lambda T, x: x.norm(), [M34]), "norm_p1_dim": (lambda T, x: x.norm(p=1, dim=1), [M34]),
    "norm_p3": (lambda T, x: x.norm(p=3), [M34]),
    # -- linalg
    "matmul": (lambda T, x, y: x @ y, [M34, (4, 2)]), "matmul_vec": (lambda T, x, y: x @ y, [M34, (4,)]),
    "matmul_batch": (lambda T, x, y: T.matmul(x, y), [(2, 3, 4), (4, 5)]),
    "mm": (lambda T, x, y: x.mm(y), [(2, 3), (3, 2)]), "bmm": (lambda T, x, y: T.bmm(x, y), [(2, 2, 3), (2, 3, 2)]),
    "mv": (lambda T, x, y: T.mv(x, y), [M34, (4,)]), "dot": (lambda T, x, y: T.dot(x, y), [(3,), (3,)]),
    "linear": (lambda T, x, w, b: F(T).linear(x, w, b), [M34, (2, 4), (2,)]),
    "bilinear": (lambda T, x, y, w: F(T).bilinear(x, y, w), [(2, 3), (2, 4), (5, 3, 4)]),
    # -- shapes and views
    "view": (lambda T, x: x.view(4, 3), [M34]), "reshape": (lambda T, x: x.t().reshape(-1), [M34]),
    "flatten": (lambda T, x: x.flatten(), [M34]), "unflatten": (lambda T, x: x.unflatten(1, (2, 2)), [M34]),
    "t": (lambda T, x: x.t(), [M34]), "T": (lambda T, x: x.T, [M34]), "mT": (lambda T, x: x.mT, [(2, 3, 4)]),
    "transpose": (lambda T, x: x.transpose(0, 1), [M34]), "permute": (lambda T, x: x.permute(1, 0), [M34]),
    "unsqueeze": (lambda T, x: x.unsqueeze(1), [M34]), "squeeze": (lambda T, x: x.squeeze(1), [(3, 1, 4)]),
    "expand": (lambda T, x: x.unsqueeze(0).expand(2, 3, 4), [M34]),
    "expand_as": (lambda T, x, y: x.expand_as(y), [(4,), M34]),
    "getitem": (lambda T, x: x[1:, ::2], [M34]), "getitem_int": (lambda T, x: x[1], [M34]),
    "getitem_adv": (lambda T, x: x[T.tensor([0, 2, 0])], [M34]),
    "getitem_mask": (lambda T, x: x[x > 0], [M34]),
    "select": (lambda T, x: x.select(1, 2), [M34]), "narrow": (lambda T, x: x.narrow(1, 1, 2), [M34]),
    "diagonal": (lambda T, x: x.diagonal(), [M34]), "movedim": (lambda T, x: x.movedim(0, 1), [(2, 3, 4)]),
    "as_strided": (lambda T, x: x.as_strided((2, 2), (1, 2), 1), [M34]),
    "unfold": (lambda T, x: x.unfold(1, 2, 1), [M34]),
    "unbind": (lambda T, x: x.unbind(1), [M34]), "split": (lambda T, x: x.split(3, 1), [M34]),
    "split_sizes": (lambda T, x: x.split([1, 3], 1), [M34]), "chunk": (lambda T, x: x.chunk(2, 0), [M34]),
    "cat": (lambda T, x, y: T.cat([x, y], 1), [M34, (3, 2)]), "stack": (lambda T, x, y: T.stack([x, y]), [M34, M34]),
    "clone": (lambda T, x: x.clone(), [M34]), "contiguous": (lambda T, x: x.t().contiguous(), [M34]),
    "gather": (lambda T, x: x.gather(1, T.tensor([[0, 3], [1, 1], [2, 0]])), [M34]),
    "index_select": (lambda T, x: x.index_select(1, T.tensor([3, 0, 3])), [M34]),
    "index_put": (lambda T, x, v: T.index_put(x, (T.tensor([0, 2]),), v), [M34, (4,)]),
    "to_double": (lambda T, x: x.to(T.float64), [M34]), "double": (lambda T, x: x.double(), [M34]),
    "float": (lambda T, x: x.float(), [M34]), "type_as": (lambda T, x, y: x.type_as(y), [M34, M34]),
    "view_as": (lambda T, x, y: x.view_as(y), [M34, (4, 3)]),
    "reshape_as": (lambda T, x, y: x.reshape_as(y), [M34, (12,)]),
    # -- nn functionals
    "elu": (lambda T, x: F(T).elu(x), [M34]), "gelu": (lambda T, x: F(T).gelu(x), [M34]),
    "gelu_tanh": (lambda T, x: F(T).gelu(x, approximate="tanh"), [M34]),
    "glu": (lambda T, x: F(T).glu(x), [M34]), "hardsigmoid": (lambda T, x: F(T).hardsigmoid(x), [M34]),
    "hardswish": (lambda T, x: F(T).hardswish(x), [M34]), "hardtanh": (lambda T, x: F(T).hardtanh(x), [M34]),
    "leaky_relu": (lambda T, x: F(T).leaky_relu(x, 0.1), [M34]), "logsigmoid": (lambda T, x: F(T).logsigmoid(x), [M34]),
    "mish": (lambda T, x: F(T).mish(x), [M34]), "relu6": (lambda T, x: F(T).relu6(x * 4), [M34]),
    "silu": (lambda T, x: F(T).silu(x), [M34]), "softplus": (lambda T, x: F(T).softplus(x), [M34]),
    "softsign": (lambda T, x: F(T).softsign(x), [M34]), "tanhshrink": (lambda T, x: F(T).tanhshrink(x), [M34]),
    "F_softmax": (lambda T, x: F(T).softmax(x, dim=0), [M34]),
    "F_log_softmax": (lambda T, x: F(T).log_softmax(x, dim=1), [M34]),
    "normalize": (lambda T, x: F(T).normalize(x), [M34]),
    "cosine_similarity": (lambda T, x, y: F(T).cosine_similarity(x, y), [M34, M34]),
    "pairwise_distance": (lambda T, x, y: F(T).pairwise_distance(x, y), [M34, M34]),
    "pad": (lambda T, x: F(T).pad(x, (1, 2)), [M34]),
    "dropout_eval": (lambda T, x: F(T).dropout(x, 0.5, training=False), [M34]),
    "embedding": (lambda T, w: F(T).embedding(T.tensor([[0, 2], [1, 0]]), w), [(3, 4)]),
    "layer_norm": (lambda T, x, w, b: F(T).layer_norm(x, (4,), w, b), [M34, (4,), (4,)]),
    "batch_norm_train": (lambda T, x, w, b: F(T).batch_norm(x, None, None, w, b, training=True),
                         [(4, 3), (3,), (3,)]),
    "batch_norm_eval": (lambda T, x: F(T).batch_norm(x, T.zeros(3, dtype=x.dtype), T.ones(3, dtype=x.dtype)),
                        [(4, 3)]),
    "conv1d": (lambda T, x, w, b: F(T).conv1d(x, w, b, padding=1), [(2, 3, 5), (4, 3, 2), (4,)]),
    "conv2d": (lambda T, x, w: F(T).conv2d(x, w, stride=1), [(1, 2, 4, 4), (3, 2, 2, 2)]),
    "avg_pool1d": (lambda T, x: F(T).avg_pool1d(x, 2), [(2, 3, 6)]),
    "avg_pool2d": (lambda T, x: F(T).avg_pool2d(x, 2), [(1, 2, 4, 4)]),
    "max_pool1d": (lambda T, x: F(T).max_pool1d(x, 2), [(2, 3, 6)]),
    "max_pool2d": (lambda T, x: F(T).max_pool2d(x, 2), [(1, 2, 4, 4)]),
    "adaptive_avg_pool2d": (lambda T, x: F(T).adaptive_avg_pool2d(x, (2, 2)), [(1, 2, 4, 4)]),
    # -- losses
    "mse_loss": (lambda T, x, y: F(T).mse_loss(x, y), [M34, M34]),
    "mse_loss_sum": (lambda T, x, y: F(T).mse_loss(x, y, reduction="sum"), [M34, M34]),
    "l1_loss": (lambda T, x, y: F(T).l1_loss(x, y), [M34, M34]),
    "smooth_l1_loss": (lambda T, x, y: F(T).smooth_l1_loss(x, y), [M34, M34]),
    "huber_loss": (lambda T, x, y: F(T).huber_loss(x, y, delta=0.5), [M34, M34]),
    "kl_div": (lambda T, x, y: F(T).kl_div(x, y, reduction="batchmean"), [M34, ("unit", M34)]),
    "bce": (lambda T, x, y: F(T).binary_cross_entropy(x, y), [("unit", M34), ("unit", M34)]),
    "bce_logits": (lambda T, x, y: F(T).binary_cross_entropy_with_logits(x, y), [M34, ("unit", M34)]),
    "cross_entropy": (lambda T, x: F(T).cross_entropy(x, T.tensor([1, 0, 3])), [M34]),
    "cross_entropy_none": (lambda T, x: F(T).cross_entropy(x, T.tensor([1, 0, 3]), reduction="none"), [M34]),
    "nll_loss": (lambda T, x: F(T).nll_loss(x, T.tensor([1, -100, 3])), [M34]),
    "poisson_nll_loss": (lambda T, x, y: F(T).poisson_nll_loss(x, y), [M34, ("pos", M34)]),
    # -- setitem and in-place ops (on a non-leaf copy)
    "setitem_slice": (lambda T, x, v: _setitem(x, (slice(None), slice(1, 3)), v), [M34, (3, 2)]),
    "setitem_int": (lambda T, x, v: _setitem(x, 1, v), [M34, (4,)]),
    "setitem_scalar": (lambda T, x: _setitem(x, (0, 0), 5.0), [M34]),
    "setitem_adv": (lambda T, x, v: _setitem(x, T.tensor([2, 0]), v), [M34, (2, 4)]),
    "setitem_mask": (lambda T, x, v: _setitem(x, x > 0.5, v), [M34, ()]),
    "add_": (lambda T, x, y: _ip(x, lambda z: z.add_(y, alpha=2)), [M34, M34]),
    "sub_": (lambda T, x, y: _ip(x, lambda z: z.sub_(y)), [M34, (4,)]),
    "mul_": (lambda T, x, y: _ip(x, lambda z: z.mul_(y)), [M34, M34]),
    "div_": (lambda T, x, y: _ip(x, lambda z: z.div_(y)), [M34, ("pos", M34)]),
    "iadd": (lambda T, x, y: _ip(x, lambda z: z.__iadd__(y)), [M34, M34]),
    "imul_scalar": (lambda T, x: _ip(x, lambda z: z.__imul__(3.0)), [M34]),
    "itruediv": (lambda T, x, y: _ip(x, lambda z: z.__itruediv__(y)), [M34, ("pos", M34)]),
    "isub": (lambda T, x, y: _ip(x, lambda z: z.__isub__(y)), [M34, M34]),
    "pow_": (lambda T, x: _ip(x.abs() + 0.5, lambda z: z.pow_(2.5)), [M34]),
    "exp_": (lambda T, x: _ip(x, lambda z: z.exp_()), [M34]),
    "log_": (lambda T, x: _ip(x, lambda z: z.log_()), [("pos", M34)]),
    "sqrt_": (lambda T, x: _ip(x, lambda z: z.sqrt_()), [("pos", M34)]),
    "neg_": (lambda T, x: _ip(x, lambda z: z.neg_()), [M34]), "abs_": (lambda T, x: _ip(x, lambda z: z.abs_()), [M34]),
    "sigmoid_": (lambda T, x: _ip(x, lambda z: z.sigmoid_()), [M34]),
    "tanh_": (lambda T, x: _ip(x, lambda z: z.tanh_()), [M34]), "relu_": (lambda T, x: _ip(x, lambda z: z.relu_()), [M34]),
    "clamp_": (lambda T, x: _ip(x, lambda z: z.clamp_(-0.5, 0.5)), [M34]),
    "zero_": (lambda T, x: _ip(x, lambda z: z.zero_()), [M34]), "fill_": (lambda T, x: _ip(x, lambda z: z.fill_(2.0)), [M34]),
    "copy_": (lambda T, x, y: _ip(x, lambda z: z.copy_(y)), [M34, (4,)]),
    "masked_fill_": (lambda T, x: _ip(x, lambda z: z.masked_fill_(z > 0, 0.5)), [M34]),
    "index_put_": (lambda T, x, v: _ip(x, lambda z: z.index_put_((T.tensor([1]),), v, accumulate=True)), [M34, (4,)]),
    "relu_inplace_kw": (lambda T, x: _ip(x, lambda z: F(T).relu(z, inplace=True)), [M34]),
    "add_on_view": (lambda T, x, y: _ip_view(x, lambda v: v.add_(y)), [M34, (4,)]),
    "mul_on_view_col": (lambda T, x, y: _ip_view(x, lambda v: v.mul_(y), col=True), [M34, (3,)]),
}


def _setitem(x, index, v):
    y = x * 1
    y[index] = v
    return y


def _ip(x, f):
    y = x * 1
    r = f(y)
    return [y, r]


def _ip_view(x, f, col=False):
    """In place on a view of a non-leaf: the base's tangent follows."""
    y = x * 1
    v = y[:, 1] if col else y[1]
    f(v)
    return [y, v]


def _op_case(name, dtype):
    fn, specs = OPS[name]

    def run(T):
        return jvp_outputs(T, fn, specs, dtype, seed=len(name))
    run.__name__ = f"jvp_{name}_{dtype}"
    return run


for _name in OPS:
    CASES[f"jvp_{_name}_float64"] = _op_case(_name, "float64")
for _name in ["neg", "exp", "sin", "tanh", "sigmoid", "relu", "log", "sqrt", "pow_scalar", "add", "mul", "div",
              "pow", "sum_dim", "mean", "prod_dim", "max_dim", "var", "softmax", "log_softmax", "logsumexp",
              "matmul", "bmm", "linear", "getitem", "cat", "gelu", "layer_norm", "conv2d", "mse_loss",
              "cross_entropy", "bce", "setitem_slice", "mul_", "add_on_view"]:
    CASES[f"jvp_{_name}_float32"] = _op_case(_name, "float32")


# -- views and in-place: the forward grad layout ---------------------------------

def _duals(T):
    fwAD = fw(T)
    p = T.tensor([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]], dtype=T.float64)
    t = T.tensor([[0.5, 1.0, -1.5], [2.0, -0.25, 0.75]], dtype=T.float64)
    return fwAD, p, t


@case
def view_tangent_is_view_of_base_tangent(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        v = x[0]
        tv = fwAD.unpack_dual(v).tangent
        tx = fwAD.unpack_dual(x).tangent
        return [tv, tv._base is tx, tx is t, v._base is p, x._base is p, tv.stride(), tv.storage_offset()]


@case
def inplace_on_view_updates_base_tangent(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        base = T.zeros(2, 3, dtype=T.float64)
        v = base[:, 1]
        before = fwAD.unpack_dual(base).tangent
        v.copy_(fwAD.make_dual(T.tensor([1.0, 2.0], dtype=T.float64), T.tensor([3.0, 4.0], dtype=T.float64)))
        return [before, fwAD.unpack_dual(base).tangent, fwAD.unpack_dual(v).tangent, base, base._version]


@case
def inplace_on_base_seen_by_older_view(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        base = T.zeros(2, 3, dtype=T.float64)
        v = base[1, 1:]
        base.copy_(fwAD.make_dual(p, t))
        return [fwAD.unpack_dual(v).tangent, fwAD.unpack_dual(base).tangent, v]


@case
def inplace_on_dual_view_modifies_base_tangent(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t) * 1
        v = x[:, 0]
        v.mul_(3.0)
        w = x.t()[2]
        w.add_(fwAD.make_dual(T.ones(2, dtype=T.float64), T.full((2,), 10.0, dtype=T.float64)))
        return [fwAD.unpack_dual(x).tangent, fwAD.unpack_dual(v).tangent, fwAD.unpack_dual(w).tangent, x]


@case
def inplace_on_make_dual_modifies_given_tangent(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p.clone(), t)
        x.mul_(2.0)
        return [t, fwAD.unpack_dual(x).tangent is t, x]


@case
def noncontiguous_primal_tangent_layout(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        nc = p.t()
        x = fwAD.make_dual(nc, t.t().contiguous())
        tx = fwAD.unpack_dual(x).tangent
        y = x[1:, 0]
        return [tx, tx.stride(), tx.is_contiguous(), fwAD.unpack_dual(y).tangent]


@case
def offset_primal_view_tangent(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p[1, 1:], t[0, :2].clone())
        y = x[1:]
        return [fwAD.unpack_dual(y).tangent, fwAD.unpack_dual(x).tangent, y]


@case
def tangent_dtype_kept(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p.float(), t)
        return [fwAD.unpack_dual(x).tangent, fwAD.unpack_dual(x * 2).tangent]


@case
def no_tangent_cases(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        return [fwAD.unpack_dual(x.detach()).tangent, fwAD.unpack_dual(T.zeros_like(x)).tangent,
                fwAD.unpack_dual(x.argmax()).tangent, fwAD.unpack_dual(x > 0).tangent,
                fwAD.unpack_dual(x.int()).tangent, fwAD.unpack_dual(p * 2).tangent,
                fwAD.unpack_dual(x.data).tangent, fwAD.unpack_dual(x.new_zeros(2)).tangent]


@case
def dual_requires_grad_and_backward(T):
    fwAD, p, t = _duals(T)
    a = p.clone().requires_grad_()
    with fwAD.dual_level():
        x = fwAD.make_dual(a, t)
        y = (x * x).sin().sum()
        tan = fwAD.unpack_dual(y).tangent
        g, = T.autograd.grad(y, a)
        # the tangent keeps its graph to the primal (forward-over-reverse);
        # its grad_fn's name depends on how the formula is written
        gt, = T.autograd.grad(tan, a)
        return [x.requires_grad, type(x.grad_fn).__name__, y.requires_grad, tan.detach(), tan.requires_grad,
                g, gt]


@case
def tangents_dropped_after_exit(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        y = x.exp()
    with fwAD.dual_level():
        after = [fwAD.unpack_dual(x).tangent, fwAD.unpack_dual(y).tangent]
    return [after, fwAD.unpack_dual(y), y]


@case
def no_grad_keeps_forward_ad(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        with T.no_grad():
            y = x * x
        return fwAD.unpack_dual(y).tangent


@case
def chain_of_ops(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        y = (x.exp() * x.sin()).sum(1).softmax(0)
        z = y @ T.tensor([1.0, 2.0], dtype=T.float64)
        return [fwAD.unpack_dual(y).tangent, fwAD.unpack_dual(z).tangent]


@case
def two_duals_mixed(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        y = fwAD.make_dual(p.t().contiguous(), t.t().contiguous() * 2)
        return [fwAD.unpack_dual(x @ y).tangent, fwAD.unpack_dual(x @ p.t()).tangent]


@case
def decorator_dual_level(T):
    fwAD, p, t = _duals(T)

    @fwAD.dual_level()
    def f():
        return fwAD.unpack_dual(fwAD.make_dual(p, t).cos()).tangent
    return f()


# -- custom Function.jvp ---------------------------------------------------------

def _custom(T):
    class Cube(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_forward(x)
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 3 * x * x * g

        @staticmethod
        def jvp(ctx, t):
            x, = ctx.saved_tensors
            return 3 * x * x * t
    return Cube


@case
def custom_function_jvp(T):
    fwAD, p, t = _duals(T)
    Cube = _custom(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        y = Cube.apply(x)
        z = Cube.apply(p)
        return [fwAD.unpack_dual(y), fwAD.unpack_dual(z).tangent]


@case
def custom_function_setup_context_jvp(T):
    fwAD, p, t = _duals(T)

    class Scale(T.autograd.Function):
        @staticmethod
        def forward(x, k):
            return x * k

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.k = inputs[1]

        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None

        @staticmethod
        def jvp(ctx, tx, tk):
            return tx * ctx.k
    with fwAD.dual_level():
        return fwAD.unpack_dual(Scale.apply(fwAD.make_dual(p, t), 2.5))


@case
def custom_function_without_jvp(T):
    fwAD, p, t = _duals(T)

    class NoJvp(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2
    with fwAD.dual_level():
        return [err(lambda: NoJvp.apply(fwAD.make_dual(p, t))), fwAD.unpack_dual(NoJvp.apply(p))]


# -- errors ----------------------------------------------------------------------

@case
def errors_outside_level(T):
    fwAD, p, t = _duals(T)
    return [err(lambda: fwAD.make_dual(p, t)), fwAD.unpack_dual(p), err(lambda: fwAD.exit_dual_level()),
            err(lambda: fwAD.exit_dual_level(level=0))]


@case
def errors_make_dual(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level() as lvl:
        x = fwAD.make_dual(p, t)
        return [lvl,
                err(lambda: fwAD.make_dual(p, T.ones(3, dtype=T.float64))),
                err(lambda: fwAD.make_dual(p, T.ones(2, 3, dtype=T.int64))),
                err(lambda: fwAD.make_dual(p.long(), t)),
                err(lambda: fwAD.make_dual(x, t)),
                err(lambda: fwAD.make_dual(p, x)),
                err(lambda: fwAD.make_dual(p, t, level=3)),
                err(lambda: fwAD.unpack_dual(x, level=3)),
                err(lambda: fwAD.enter_dual_level()),
                err(lambda: fwAD.exit_dual_level(level=5)),
                err(lambda: fwAD.unpack_dual(x * 1)[1])]


@case
def errors_not_implemented(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        return [err(lambda: T.floor_divide(x, 2)), err(lambda: x // 2)]


@case
def unpack_dual_fields(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        u = fwAD.unpack_dual(fwAD.make_dual(p, t))
        return [list(u._fields), u.primal, u.tangent, u.primal._is_view(), type(u).__name__]


@case
def dual_level_enter_returns_level(T):
    fwAD, p, t = _duals(T)
    lv = fwAD.enter_dual_level()
    try:
        x = fwAD.make_dual(p, t)
        r = fwAD.unpack_dual(x.sin()).tangent
    finally:
        fwAD.exit_dual_level()
    return [lv, r, fwAD.unpack_dual(x).tangent]


@case
def dual_requires_grad_cross_paths(T):
    """Inputs that require grad: each op's tangent uses partial derivatives
    (x.sin() * x reaches x twice), and the tangent keeps its graph."""
    fwAD, p, t = _duals(T)
    a = p.clone().requires_grad_()
    with fwAD.dual_level():
        x = fwAD.make_dual(a, t)
        s = x.sin()
        y = s * x + (x.exp() @ x.t()).sum() * x
        tan = fwAD.unpack_dual(y).tangent
        gt, = T.autograd.grad(tan.sum(), a)
        return [tan.detach(), fwAD.unpack_dual(s * x).tangent.detach(), gt]


@case
def out_argument_with_dual(T):
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        x = fwAD.make_dual(p, t)
        buf = T.empty(2, 3, dtype=T.float64)
        return [err(lambda: T.add(x, 1, out=buf)), err(lambda: T.mul(p, 2, out=x)),
                T.add(p, 1, out=buf), fwAD.unpack_dual(buf).tangent]


@case
def copy_dual_into_primal_view(T):
    """unpack_dual's primal is a view that carries no tangent of the dual:
    writing a dual into it gives the primal view its own tangent and leaves
    the dual's tangent alone (torch 2.13 accepts this)."""
    fwAD, p, t = _duals(T)
    with fwAD.dual_level():
        b = fwAD.make_dual(T.zeros(2, 3, dtype=T.float64), T.ones(2, 3, dtype=T.float64))
        pv = fwAD.unpack_dual(b).primal
        pv.copy_(fwAD.make_dual(p, t))
        return [fwAD.unpack_dual(b).tangent, fwAD.unpack_dual(pv).tangent, b, pv._version]


@case
def transforms_use_forward_ad(T):
    """func.jvp, func.jacfwd, functional.jacobian(forward-mode) and
    gradcheck(check_forward_ad) run the Function's jvp (its backward is
    deliberately wrong), as torch's forward-mode transforms do."""
    fwAD, p, t = _duals(T)

    class Sq(T.autograd.Function):
        generate_vmap_rule = True

        @staticmethod
        def forward(x):
            return x * x

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_forward(inputs[0])
            ctx.save_for_backward(inputs[0])

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * x * 10

        @staticmethod
        def jvp(ctx, tx):
            x, = ctx.saved_tensors
            return 2 * x * tx
    x = p[0].clone()
    v = t[0].clone()
    return [T.func.jvp(Sq.apply, (x,), (v,)), T.func.jacfwd(Sq.apply)(x),
            T.autograd.functional.jacobian(Sq.apply, x, strategy="forward-mode", vectorize=True),
            T.autograd.gradcheck(Sq.apply, (x.requires_grad_(),), check_forward_ad=True, check_backward_ad=False)]


@case
def hessian_through_forward_over_reverse(T):
    f = lambda x: (x.sin() * x.exp()).sum()   # noqa: E731
    x = T.tensor([0.5, -1.0, 2.0], dtype=T.float64)
    return [T.func.hessian(f)(x), T.func.jacfwd(T.func.grad(f))(x), T.func.jacfwd(T.func.jacrev(f))(x)]


# -- how an op was reached does not matter (NOTE [ Forward AD dispatch ]) ----------

@case
def ops_bound_before_the_level(T):
    """Ops imported, stored or bound before the level opened give the same
    tangents as ops looked up inside it (torch dispatches on the tensor)."""
    import functools
    fwAD = fw(T)
    sin, relu, gelu, flip, inv, softmax, cumprod = (T.sin, F(T).relu, F(T).gelu, T.flip, T.linalg.inv,
                                                    F(T).softmax, T.cumprod)
    part = functools.partial(T.mul, other=3.0)
    p = T.tensor([0.5, -1.0, 2.0], dtype=T.float64)
    x0 = T.tensor([0.25, 1.5, -0.75], dtype=T.float64)
    held = x0.exp
    lin = functools.partial(F(T).linear, weight=T.tensor([[0.5, -0.25, 1.0], [0.75, 0.5, -1.5]], dtype=T.float64),
                            bias=T.tensor([0.1, -0.2], dtype=T.float64))
    act = T.nn.Tanh()
    act.fn = T.tanh
    out = []
    with fwAD.dual_level():
        d = fwAD.make_dual(p, T.tensor([1.0, 0.5, -2.0], dtype=T.float64))
        for y in (sin(d), relu(d) * gelu(d), flip(d, [0]), inv(d.reshape(3, 1) * T.eye(3, dtype=T.float64) + 1),
                  softmax(d, 0), cumprod(d, 0), part(d), act.fn(lin(d)), -d @ d + d ** 2, d[1:] / d[:2],
                  held()):
            out.append(fwAD.unpack_dual(y).tangent)
    return out


def _for_funcs(T):
    return [lambda x: (x.sin() * x).sum(), lambda x: (x.exp() * x.tanh()).sum(),
            lambda x: F(T).softmax(x, 0)[0] * x.pow(3).sum(),
            lambda x: (T.flip(x, [0]) * x).cumsum(0).prod(), lambda x: T.linalg.norm(x) * x.sigmoid().sum(),
            lambda x: T.linalg.inv(x.reshape(3, 1) * T.eye(3, dtype=T.float64) + 1).sum(),
            lambda x: T.linalg.det(x.reshape(3, 1) * T.eye(3, dtype=T.float64) + 1),
            lambda x: F(T).layer_norm(x * x, (3,)).pow(2).mul(x).sum()]


@case
def forward_over_reverse_grad(T):
    """A dual tensor flowing into autograd.grad(create_graph=True): the
    gradient's tangent is the Hessian-vector product."""
    fwAD = fw(T)
    out = []
    for f in _for_funcs(T):
        x = T.tensor([0.5, -1.0, 2.0], dtype=T.float64, requires_grad=True)
        with fwAD.dual_level():
            d = fwAD.make_dual(x, T.tensor([1.0, 0.5, -2.0], dtype=T.float64))
            g, = T.autograd.grad(f(d), d, create_graph=True)
            pr, tg = fwAD.unpack_dual(g)
            # (the tangent's own history: requires_grad as torch; its node
            # name can differ where the tangent is a view -- AsStrided here)
            out.append([pr.detach(), tg.detach(), tg.requires_grad])
    return out


@case
def forward_over_reverse_backward(T):
    """backward(create_graph=True) inside a level: the leaf's .grad carries the tangent."""
    fwAD = fw(T)
    out = []
    for f in _for_funcs(T)[:4]:
        x = T.tensor([0.5, -1.0, 2.0], dtype=T.float64, requires_grad=True)
        with fwAD.dual_level():
            f(fwAD.make_dual(x, T.tensor([1.0, 0.5, -2.0], dtype=T.float64))).backward(create_graph=True)
            out.append(fwAD.unpack_dual(x.grad).tangent.detach())
    return out


@case
def forward_over_reverse_transforms(T):
    """func.jvp(func.grad(f)) and jacfwd(jacrev(f)) by forward-over-reverse;
    functional.hessian with the forward-mode outer Jacobian (compared
    detached: torch's result keeps a ReshapeAliasBackward0 history)."""
    out = []
    x = T.tensor([0.5, -1.0, 2.0], dtype=T.float64)
    v = T.tensor([1.0, 0.5, -2.0], dtype=T.float64)
    for f in _for_funcs(T):
        out.append(T.func.jvp(T.func.grad(f), (x,), (v,)))
        out.append(T.func.jacfwd(T.func.jacrev(f))(x))
        out.append(T.autograd.functional.hessian(f, x, outer_jacobian_strategy="forward-mode",
                                                 vectorize=True).detach())
    return out


@case
def zerotensor_never_escapes(T):
    """torch's ZeroTensors (undefined tangents inside forward-AD formulas)
    never reach the public API: every tangent, Jacobian and gradient here
    answers _is_zerotensor() False (NOTE [ No ZeroTensors ])."""
    import importlib
    fwAD = importlib.import_module(T.__name__ + ".autograd.forward_ad")

    def iz(t):
        return None if t is None else [t._is_zerotensor(), t.tolist()]

    out = []
    x = T.tensor([1.0, -2.0, 0.5], dtype=T.float64)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, T.ones(3, dtype=T.float64))
        y = T.tensor([0.5, 0.25, 2.0], dtype=T.float64)
        for f in [lambda: d * y, lambda: d.sum(), lambda: T.where(T.tensor([True, False, True]), d, y),
                  lambda: T.cat([d, y]), lambda: T.stack([y, d]), lambda: T.addcmul(y, d, y), lambda: d.floor(),
                  lambda: d.sign(), lambda: T.relu(d - 5), lambda: d.clamp(5, 6), lambda: T.maximum(y, d),
                  lambda: T.atan2(y, d), lambda: T.pow(y, d), lambda: d.index_fill(0, T.tensor([0]), 2.0),
                  lambda: d.masked_fill(T.tensor([True, False, True]), 1.0), lambda: y * 2, lambda: d.detach()]:
            out.append(iz(fwAD.unpack_dual(f()).tangent))
    out.append(iz(T.func.jvp(lambda v: T.ones(3, dtype=T.float64) + 0 * v.detach(), (x,), (x,))[1]))
    out.append(iz(T.func.hessian(lambda v: v.sum())(x)))
    out.append(iz(T.autograd.functional.jvp(lambda v: T.ones(3, dtype=T.float64), x, x)[1]))
    xr = x.clone().requires_grad_()
    out.append(iz(T.autograd.grad((xr * 2).sum(), xr, create_graph=True)[0]))
    out.append(T.ones(2)._is_zerotensor())
    return out
