"""Snippets run against both torch and cyautograd (issue 2: the core).
Each takes the module (torch or cyautograd) and returns what to compare."""
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


X = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]
Y = [[1.0, 2.0, -0.5], [0.25, -3.0, 1.5]]
POS = [[0.5, 1.25, 2.0], [1.5, 0.25, 0.75]]


def leaf(T, v=X, dtype=None):
    if isinstance(dtype, str):
        dtype = getattr(T, dtype)
    return T.tensor(v, dtype=dtype or T.float32, requires_grad=True)


def grads(*ts):
    return [t.grad for t in ts]


# -- Tensor surface ----------------------------------------------------------------

@case
def tensor_props(T):
    x = T.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return [list(x.shape), x.dim(), x.ndim, x.numel(), x.stride(), x.storage_offset(),
            x.is_contiguous(), x.dtype, str(x.device), x.requires_grad, x.is_leaf, x.grad_fn,
            x.output_nr, x._version, x.tolist(), x.size(1), x.size(-1), x.stride(0), len(x),
            x.element_size()]


@case
def tensor_item_bool_float(T):
    x = T.tensor([2.5])
    return [x.item(), float(x), int(x), bool(x), bool(T.tensor(0.0)), T.tensor(7).item()]


@case
def tensor_item_error(T):
    return T.tensor([1.0, 2.0]).item()


@case
def tensor_bool_error(T):
    return bool(T.tensor([1.0, 2.0]))


@case
def tensor_float_error(T):
    return float(T.tensor([1.0, 2.0]))


@case
def tensor_len_0d(T):
    return len(T.tensor(1.0))


@case
def tensor_iter(T):
    return list(iter(T.tensor([[1, 2], [3, 4]])))


@case
def tensor_numpy_requires_grad(T):
    return leaf(T).numpy()


@case
def tensor_dtypes_defaults(T):
    return [T.tensor([1, 2]).dtype, T.tensor([1.0]).dtype, T.tensor([True]).dtype,
            T.tensor([1, 2.5]).dtype, T.tensor([True, 2]).dtype, T.tensor(3).dtype,
            T.zeros(2).dtype, T.arange(3).dtype, T.arange(0.0, 1.0, 0.5).dtype,
            T.full((2,), 3).dtype, T.full((2,), 3.0).dtype, T.full((2,), True).dtype,
            T.ones(2, dtype=T.float64).dtype, T.linspace(0, 1, 3).dtype, T.eye(2).dtype]


@case
def tensor_repr(T):
    return [repr(T.tensor([1.0, 2.0], requires_grad=True)),
            repr(T.tensor([1.0, 2.0], requires_grad=True) * 2),
            repr(T.tensor([1, 2])), repr(T.tensor([1.0, 2.0], dtype=T.float64)),
            repr(T.tensor(3.0)), repr(T.zeros(0)), repr(T.tensor([True, False])),
            repr(T.zeros(2, 3)), repr(T.tensor([1.5, 1e10])), repr(T.tensor([1e-5, 1.0])),
            repr(T.tensor([1, 2], dtype=T.int32)), repr(T.zeros(0, 3)),
            repr(T.tensor([0.1, 0.25])), repr(T.tensor([1.0, 2.0], dtype=T.float16)),
            repr(T.tensor([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]])),
            repr(T.tensor([float("nan"), 1.0, float("inf")])),
            repr(T.arange(2000).float()), repr(T.tensor([], dtype=T.int64)),
            repr(T.tensor([-1.5, 2.25])), repr(T.arange(30).float() / 7)]


@case
def factories(T):
    return [T.zeros(2, 3), T.ones((2,)), T.full((2, 2), 1.5), T.arange(5), T.arange(1, 7, 2),
            T.linspace(0, 1, 5), T.eye(3), T.eye(2, 3), T.zeros_like(T.ones(2, dtype=T.int32)),
            T.ones_like(T.zeros(3)), T.full_like(T.zeros(2), 7.0), T.empty(2, 3).shape,
            T.tensor([[1, 2], [3, 4]], dtype=T.float64), T.as_tensor([1.0, 2.0]),
            T.zeros(2, requires_grad=True)]


@case
def factory_int_requires_grad(T):
    return T.ones(3, dtype=T.long, requires_grad=True)


@case
def factory_negative_dim(T):
    return T.zeros(2, -1)


@case
def from_numpy_shares(T):
    import numpy as np
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = T.from_numpy(a)
    a[0, 0] = 42.0
    u = T.from_numpy(a[:, 1:])
    return [t, t.storage_offset(), u.storage_offset(), u.stride(), u]


@case
def as_tensor_dtype(T):
    return [T.as_tensor([1, 2], dtype=T.float64), T.as_tensor(T.tensor([1, 2]), dtype=T.float32)]


@case
def random_shapes(T):
    T.manual_seed(0)
    a = T.rand(2, 3)
    b = T.randn(4)
    c = T.randint(0, 5, (3, 2))
    return [list(a.shape), a.dtype, bool(((a >= 0) & (a < 1)).all()), list(b.shape), c.dtype,
            list(c.shape), bool(((c >= 0) & (c < 5)).all())]


@case
def requires_grad_setter(T):
    x = T.tensor([1.0, 2.0])
    x.requires_grad = True
    y = x.requires_grad_(False)
    return [x.requires_grad, y is x, x.is_leaf]


@case
def requires_grad_int_error(T):
    return T.ones(3, dtype=T.long).requires_grad_()


@case
def requires_grad_int_setter_error(T):
    x = T.ones(3, dtype=T.long)
    x.requires_grad = True


@case
def requires_grad_nonleaf_false(T):
    return (leaf(T) * 2).requires_grad_(False)


@case
def requires_grad_nonleaf_true(T):
    y = leaf(T) * 2
    y.requires_grad = True
    return y


@case
def grad_setter_ok(T):
    x = leaf(T)
    x.grad = T.ones(2, 3)
    g1 = x.grad
    x.grad = None
    return [g1, x.grad]


@case
def grad_setter_bad_shape(T):
    x = leaf(T)
    x.grad = T.ones(3)


@case
def grad_setter_bad_dtype(T):
    x = leaf(T)
    x.grad = T.ones(2, 3, dtype=T.float64)


@case
def grad_setter_bad_type(T):
    x = leaf(T)
    x.grad = 3


# -- ops forward / backward -------------------------------------------------------

def _unary(name, vals=X, dtype=None):
    def f(T):
        x = leaf(T, vals, dtype)
        y = getattr(x, name)()
        y.backward(T.ones_like(y) * T.tensor([0.5, -2.0, 1.5], dtype=y.dtype))
        return [y, x.grad, x._version, y._version]
    f.__name__ = "unary_" + name + ("" if dtype is None else "_f64")
    return case(f)


for _n in ["neg", "abs", "exp", "sin", "cos", "tanh", "sigmoid", "relu"]:
    _unary(_n)
    _unary(_n, dtype="float64")
for _n in ["log", "log1p", "sqrt", "rsqrt"]:
    _unary(_n, POS)


def _binary(name, op):
    def f(T):
        a = leaf(T, X)
        b = leaf(T, Y)
        y = op(a, b)
        y.sum().backward()
        return [y, a.grad, b.grad]
    f.__name__ = "binary_" + name
    return case(f)


_binary("add", lambda a, b: a + b)
_binary("sub", lambda a, b: a - b)
_binary("mul", lambda a, b: a * b)
_binary("div", lambda a, b: a / b)
_binary("pow", lambda a, b: a.abs() ** b)
_binary("maximum", lambda a, b: a.maximum(b))
_binary("minimum", lambda a, b: a.minimum(b))
_binary("add_alpha", lambda a, b: a.add(b, alpha=2.5))
_binary("sub_alpha", lambda a, b: a.sub(b, alpha=0.5))


@case
def binary_where_fn(T):
    a = leaf(T, X)
    b = leaf(T, Y)
    y = T.where(a > b, a, b)
    y.sum().backward()
    return [y, a.grad, b.grad, y.grad_fn]


@case
def where_scalar(T):
    a = leaf(T, X)
    y = T.where(a > 0, a, 0.0)
    y.sum().backward()
    return [y, a.grad]


@case
def maximum_ties(T):
    a = leaf(T, [1.0, 2.0, 3.0])
    b = leaf(T, [1.0, 5.0, 0.0])
    y = T.maximum(a, b)
    (y * T.tensor([1.0, 2.0, 3.0])).sum().backward()
    return [y, a.grad, b.grad]


@case
def broadcast_grads(T):
    a = leaf(T, [[1.0], [2.0]])
    b = leaf(T, [0.5, -1.0, 2.0])
    y = a * b + a / (b + 3) - b
    y.sum().backward()
    return [y, a.grad, b.grad]


@case
def scalar_ops(T):
    a = leaf(T, X)
    ys = [a + 2, 2 + a, a - 2, 2 - a, a * 3, 3 * a, a / 4, 4 / a, a ** 2, 2 ** a, -a, a ** 3]
    T.stack(ys).sum().backward()
    return [ys, a.grad, [type(y.grad_fn).__name__ for y in ys]]


@case
def pow_zero_exponent(T):
    a = leaf(T, [0.0, 1.0, 2.0])
    y = a ** 0
    y.sum().backward()
    return [y, a.grad]


@case
def pow_tensor_zero_base(T):
    a = leaf(T, [0.0, 1.0, 2.0])
    b = leaf(T, [2.0, 0.0, 1.5])
    y = a ** b
    y.sum().backward()
    return [y, a.grad, b.grad]


@case
def clamp_variants(T):
    a = leaf(T, X)
    y1 = a.clamp(-1, 1)
    y2 = a.clamp(min=0)
    y3 = a.clamp(max=0.5)
    y4 = T.clamp(a, min=-0.5, max=1.5)
    (y1 + y2 * 2 + y3 * 3 + y4 * 4).sum().backward()
    return [y1, y2, y3, y4, a.grad, y1.grad_fn, y2.grad_fn]


@case
def clamp_no_bounds(T):
    return leaf(T).clamp()


@case
def promotion(T):
    i = T.tensor([1, 2, 3])
    i32 = T.tensor([1, 2, 3], dtype=T.int32)
    f = T.tensor([1.0, 2.0, 3.0])
    d = T.tensor([1.0, 2.0, 3.0], dtype=T.float64)
    b = T.tensor([True, False, True])
    u = T.tensor([1, 2, 3], dtype=T.uint8)
    i8 = T.tensor([1, 2, 3], dtype=T.int8)
    h = T.tensor([1.0, 2.0, 3.0], dtype=T.float16)
    return [(i + f).dtype, (i + d).dtype, (f + d).dtype, (i32 + i).dtype, (b + b).dtype,
            (b + i).dtype, (u + i8).dtype, (i + 2.5).dtype, (i32 * 2).dtype, (f * 2).dtype,
            (h + 1.0).dtype, (i / 2).dtype, (i / i).dtype, (f + T.tensor(2.0, dtype=T.float64)).dtype,
            (i + T.tensor(2.0)).dtype, (b + 1).dtype, (b + 1.5).dtype, (h + i).dtype,
            (u + 1).dtype, (h + d).dtype, (i32 + T.tensor(5)).dtype, i / 2, (f + True).dtype]


@case
def comparisons(T):
    a = T.tensor(X)
    b = T.tensor(Y)
    return [a > b, a >= 0.5, a < b, a <= b, a == b, a != 0.25, (a > b).dtype, (a > b).requires_grad]


@case
def comparisons_grad(T):
    a = leaf(T)
    r = a > 0
    return [r.requires_grad, r.grad_fn]


@case
def broadcast_error(T):
    return leaf(T, [1.0, 2.0, 3.0, 4.0]) * T.ones(3)


@case
def broadcast_error_2d(T):
    return T.ones(2, 4) + T.ones(3)


@case
def add_non_tensor(T):
    try:
        T.ones(2) + "x"
    except TypeError:
        return "TypeError"


@case
def mul_fn_non_tensor(T):
    return T.mul(T.ones(2), "x")


@case
def reductions(T):
    a = leaf(T, X)
    ys = [a.sum(), a.sum(0), a.sum(1, keepdim=True), a.sum((0, 1)), a.mean(), a.mean(0),
          a.mean(-1, keepdim=True), a.prod(), a.prod(1), a.amax(), a.amax(0), a.amin(1),
          a.var(), a.var(0), a.std(), a.std(1, keepdim=True), a.logsumexp(1), a.logsumexp(0, keepdim=True),
          a.var(1, unbiased=False), a.std(0, correction=0)]
    sum(y.sum() * (i + 1) for i, y in enumerate(ys)).backward()
    return [ys, a.grad, [type(y.grad_fn).__name__ for y in ys]]


@case
def prod_with_zero(T):
    a = leaf(T, [[1.0, 0.0, 3.0], [2.0, 4.0, 0.5]])
    b = leaf(T, [[1.0, 0.0, 3.0], [0.0, 4.0, 0.0]])
    (a.prod() + b.prod(1).sum()).backward()
    return [a.grad, b.grad]


@case
def max_min(T):
    a = leaf(T, [[1.0, 5.0, 5.0], [2.0, -1.0, 0.5]])
    m = a.max()
    v, i = a.max(1)
    mn = a.min(0)
    k = a.max(dim=0, keepdim=True)
    (m + v.sum() * 2 + mn.values.sum() * 3 + k[0].sum() * 4 + a.min()).backward()
    return [m, v, i, mn.values, mn.indices, k.values, k.indices, a.grad, m.grad_fn, v.grad_fn,
            mn.values.grad_fn, i.requires_grad]


@case
def amax_ties(T):
    a = leaf(T, [[1.0, 5.0, 5.0], [2.0, -1.0, 2.0]])
    (a.amax(1).sum() + a.amin()).backward()
    return a.grad


@case
def argmax_argmin(T):
    a = T.tensor(X)
    return [a.argmax(), a.argmax(1), a.argmin(0, keepdim=True), T.argmax(a, dim=1)]


@case
def softmax_family(T):
    a = leaf(T, X)
    s = a.softmax(1)
    ls = a.log_softmax(0)
    s2 = T.softmax(a, dim=-1)
    (s * T.tensor(Y)).sum().backward(retain_graph=True)
    g1 = a.grad.clone()
    (ls * T.tensor(Y)).sum().backward()
    return [s, ls, s2, g1, a.grad, s.grad_fn, ls.grad_fn]


@case
def mean_int_error(T):
    return T.tensor([1, 2, 3]).mean()


@case
def sum_int_dtype(T):
    return [T.tensor([1, 2], dtype=T.int32).sum(), T.tensor([True, True]).sum(), T.tensor([1.0]).sum(dtype=T.float64)]


@case
def reduction_bad_dim(T):
    return T.ones(2, 3).sum(2)


@case
def matmul_family(T):
    a = leaf(T, X)
    b = leaf(T, [[1.0, 2.0], [0.5, -1.0], [2.0, 0.25]])
    v = leaf(T, [1.0, -2.0, 0.5])
    w = leaf(T, [0.5, 1.5])
    c = a @ b
    d = a.mm(b)
    e = a @ v
    f = v @ v
    g = w @ a
    A3 = leaf(T, [[[1.0, 2.0], [3.0, 4.0]], [[0.5, 0.0], [1.0, -1.0]]])
    B3 = leaf(T, [[[1.0], [2.0]], [[-1.0], [0.5]]])
    h = T.bmm(A3, B3)
    k = A3 @ B3
    m = A3 @ w
    (c.sum() + d.sum() * 2 + e.sum() * 3 + f * 4 + g.sum() * 5 + h.sum() * 6 + k.sum() + m.sum()).backward()
    return [c, e, f, g, h, m, a.grad, b.grad, v.grad, w.grad, A3.grad, B3.grad, c.grad_fn,
            e.grad_fn, f.grad_fn, h.grad_fn, d.grad_fn]


@case
def matmul_batched_broadcast(T):
    A = leaf(T, [[[1.0, 2.0, 0.5]], [[3.0, 4.0, -1.0]]])
    B = leaf(T, [[1.0, 2.0], [0.5, -1.0], [2.0, 0.25]])
    y = A @ B
    y.sum().backward()
    return [y, A.grad, B.grad]


@case
def mm_shape_error(T):
    return T.ones(2, 3) @ T.ones(2, 3)


@case
def mm_vector_error(T):
    return T.ones(2, 3).mm(T.ones(3))


@case
def bmm_dim_error(T):
    return T.bmm(T.ones(2, 3), T.ones(3, 2))


@case
def dot_size_error(T):
    return T.ones(3) @ T.ones(4)


@case
def matmul_0d_error(T):
    return T.matmul(T.tensor(1.0), T.ones(2))


@case
def cat_stack(T):
    a = leaf(T, X)
    b = leaf(T, Y)
    c = T.cat([a, b])
    d = T.cat([a, b], dim=1)
    e = T.stack([a, b])
    f = T.stack([a, b], dim=2)
    (c.sum() + (d * 2).sum() + (e * T.tensor([1.0, 3.0]).reshape(2, 1, 1)).sum() + f[..., 1].sum()).backward()
    return [c, d, e, f, a.grad, b.grad, c.grad_fn, e.grad_fn]


@case
def cat_size_error(T):
    return T.cat([T.ones(2, 3), T.ones(3, 2)])


@case
def cat_ndim_error(T):
    return T.cat([T.ones(2, 3), T.ones(3)])


@case
def cat_empty_list(T):
    return T.cat([])


@case
def stack_size_error(T):
    return T.stack([T.ones(2), T.ones(3)])


@case
def cat_promotes(T):
    return T.cat([T.ones(2, dtype=T.int64), T.ones(2)])


@case
def gather_index_select(T):
    a = leaf(T, X)
    idx = T.tensor([[0, 2, 2], [1, 1, 0]])
    g = a.gather(1, idx)
    s = a.index_select(1, T.tensor([2, 0, 2]))
    s0 = T.index_select(a, 0, T.tensor([1]))
    (g.sum() + (s * 2).sum() + (s0 * 3).sum()).backward()
    return [g, s, s0, a.grad, g.grad_fn, s.grad_fn]


@case
def gather_bad_index(T):
    return T.ones(2, 3).gather(1, T.tensor([[0, 5, 1], [0, 0, 0]]))


@case
def index_select_float_index(T):
    return T.ones(2, 3).index_select(0, T.tensor([0.0]))


@case
def clone_contiguous_to(T):
    a = leaf(T, X)
    c = a.clone()
    k = a.contiguous()
    d = a.double()
    e = a.to(T.float64)
    f = a.float()
    l = a.long()
    (c.sum() + d.sum() * 2 + e.sum() * 3 + k.sum()).backward()
    return [c, k is a, d, e, f is a, l, a.grad, c.grad_fn, d.grad_fn, l.requires_grad]


@case
def reshape_family(T):
    a = leaf(T, X)
    r = a.reshape(3, 2)
    v = a.view(-1)
    fl = a.flatten()
    u = a.unsqueeze(1)
    s = u.squeeze(1)
    t = a.t()
    tt = a.T
    p = a.permute(1, 0)
    tr = a.transpose(0, 1)
    e = T.tensor([[1.0], [2.0]], requires_grad=True)
    ex = e.expand(2, 3)
    (r.sum() + v[1] * 2 + fl[0] * 3 + u.sum() + s.sum() + (t * T.tensor(Y).t()).sum() + tt.sum()
     + p.sum() + tr.sum() + (ex * T.tensor(Y)).sum()).backward()
    return [r, v, fl, u.shape, s, t, tt, p, tr, ex, a.grad, e.grad, r.grad_fn, t.grad_fn, tt.grad_fn,
            p.grad_fn, tr.grad_fn, u.grad_fn, s.grad_fn, ex.grad_fn]


@case
def reshape_bad(T):
    return T.ones(2, 3).reshape(4, 2)


@case
def view_two_infer(T):
    return T.ones(2, 3).view(-1, -1)


@case
def getitem_basic_adv(T):
    a = leaf(T, X)
    y1 = a[0]
    y2 = a[:, 1:]
    y3 = a[T.tensor([1, 1, 0])]
    y4 = a[a > 0]
    (y1.sum() + (y2 * 2).sum() + (y3 * 3).sum() + (y4 * 4).sum()).backward()
    return [y1, y2, y3, y4, a.grad]


@case
def nn_functional(T):
    F = T.nn.functional
    x = leaf(T, X)
    w = leaf(T, [[0.5, -1.0, 2.0], [1.0, 0.25, -0.5], [0.0, 1.5, 1.0], [-2.0, 0.5, 0.75]])
    b = leaf(T, [0.1, -0.2, 0.3, 0.0])
    h = F.linear(x, w, b)
    h2 = F.linear(x, w)
    r = F.relu(h)
    tgt = T.tensor([2, 0])
    ce = F.cross_entropy(r, tgt)
    nll = F.nll_loss(F.log_softmax(h2, dim=1), tgt, reduction="sum")
    mse = F.mse_loss(h, T.tensor([[1.0, 2.0, 3.0, 4.0], [0.0, -1.0, 1.0, 0.5]]))
    bce = F.binary_cross_entropy(h.sigmoid(), T.tensor([[1.0, 0.0, 1.0, 0.0], [0.5, 0.5, 1.0, 0.0]]))
    (ce + nll + mse + bce).backward()
    return [h, h2, ce, nll, mse, bce, x.grad, w.grad, b.grad, h.grad_fn, h2.grad_fn, ce.grad_fn,
            mse.grad_fn, bce.grad_fn, r.grad_fn]


@case
def loss_reductions(T):
    F = T.nn.functional
    x = leaf(T, X)
    y = T.tensor(Y)
    outs = [F.mse_loss(x, y, reduction="none"), F.mse_loss(x, y, reduction="sum"),
            F.nll_loss(x, T.tensor([1, 2]), reduction="none"),
            F.nll_loss(x, T.tensor([1, -100])),
            F.cross_entropy(x, T.tensor([0, 2]), reduction="sum"),
            F.binary_cross_entropy(x.sigmoid(), T.tensor(POS) / 2, reduction="none")]
    sum(o.sum() for o in outs).backward()
    return [outs, x.grad]


@case
def nll_target_oob(T):
    return T.nn.functional.nll_loss(T.zeros(2, 3), T.tensor([0, 3]))


@case
def bce_range_error(T):
    return T.nn.functional.binary_cross_entropy(T.tensor([1.5]), T.tensor([1.0]))


@case
def mse_bad_reduction(T):
    return T.nn.functional.mse_loss(T.ones(2), T.ones(2), reduction="avg")


# -- in-place on non-views ---------------------------------------------------------

@case
def inplace_plain(T):
    x = T.tensor([1.0, 2.0, 3.0])
    v = [x._version]
    x.add_(1); v.append(x._version)
    x.sub_(T.tensor([0.5, 0.5, 0.5])); v.append(x._version)
    x.mul_(2); v.append(x._version)
    x.div_(4); v.append(x._version)
    x += 1; v.append(x._version)
    x -= 1; v.append(x._version)
    x *= 3; v.append(x._version)
    x /= 2; v.append(x._version)
    x.add_(T.ones(3), alpha=2); v.append(x._version)
    y = x.clone()
    x.zero_(); v.append(x._version)
    y.fill_(5); y.copy_(T.tensor([7, 8, 9])); 
    return [x, y, v, y._version]


@case
def inplace_leaf_error(T):
    x = leaf(T)
    x.add_(1)


@case
def inplace_leaf_error_unchanged(T):
    x = leaf(T)
    try:
        x.mul_(2)
    except RuntimeError as e:
        return [str(e).replace("torch.", "cyautograd."), x, x._version]


@case
def inplace_leaf_iadd_error(T):
    x = leaf(T)
    x += 1


@case
def inplace_nograd_sgd(T):
    p = leaf(T)
    (p * p).sum().backward()
    with T.no_grad():
        p -= 0.1 * p.grad
        p.add_(p.grad, alpha=-0.1)
    return [p, p._version, p.requires_grad, p.is_leaf, p.grad_fn]


@case
def inplace_nonleaf_graph(T):
    a = leaf(T)
    b = leaf(T, Y)
    y = a * 2
    y.add_(b)
    y.mul_(b)
    y.sub_(a, alpha=0.5)
    y.div_(3)
    y.sum().backward()
    return [y, y._version, y.grad_fn, a.grad, b.grad]


@case
def inplace_mul_tensor_saves_old(T):
    a = leaf(T)
    b = leaf(T, Y)
    y = a + 0
    y.mul_(b)
    y.mul_(y.detach() * 0 + 2)
    y.sum().backward()
    return [a.grad, b.grad]


@case
def inplace_zero_fill_copy(T):
    a = leaf(T)
    b = leaf(T, Y)
    y = a * 1
    y.zero_()
    z = a * 1
    z.fill_(2.0)
    w = a * 1
    w.copy_(b)
    (y.sum() + z.sum() + (w * 3).sum()).backward()
    return [y, z, w, a.grad, b.grad, y.grad_fn, z.grad_fn, w.grad_fn]


@case
def inplace_copy_broadcast_dtype(T):
    x = T.zeros(2, 3)
    x.copy_(T.tensor([1, 2, 3]))
    y = T.zeros(2, dtype=T.int64)
    y.copy_(T.tensor([1.7, -2.7]))
    return [x, y, x._version]


@case
def inplace_shape_error(T):
    x = T.zeros(3)
    try:
        x.add_(T.ones(2, 3))
    except RuntimeError as e:
        return [str(e), x, x._version]


@case
def inplace_dtype_error(T):
    x = T.zeros(3, dtype=T.int64)
    try:
        x.add_(1.5)
    except RuntimeError as e:
        return [str(e), x, x._version]


@case
def inplace_saved_version_error(T):
    x = leaf(T)
    y = x * 2
    z = y * y
    y.add_(1)
    z.sum().backward()


@case
def inplace_saved_leaf_version_error(T):
    x = leaf(T)
    w = T.ones(2, 3)
    y = x * w
    w.add_(1)
    y.sum().backward()


@case
def inplace_saved_output_version_error(T):
    x = leaf(T)
    y = x.exp()
    y.mul_(2)
    y.sum().backward()


# -- engine -----------------------------------------------------------------------

@case
def backward_twice_error(T):
    x = leaf(T)
    y = (x * x).sum()
    y.backward()
    y.backward()


@case
def backward_twice_no_saved(T):
    x = leaf(T)
    y = (x + 1).sum()
    y.backward()
    y.backward()
    return x.grad


@case
def backward_retain_accumulates(T):
    x = leaf(T)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    g1 = x.grad.clone()
    y.backward()
    return [g1, x.grad]


@case
def backward_nonscalar_error(T):
    (leaf(T) * 2).backward()


@case
def backward_no_grad_error(T):
    T.ones(3).sum().backward()


@case
def backward_grad_shape_error(T):
    (leaf(T) * 2).backward(T.ones(3))


@case
def backward_grad_dtype_cast(T):
    x = leaf(T)
    (x * 2).backward(T.ones(2, 3, dtype=T.float64))
    return x.grad


@case
def backward_grad_type_error(T):
    (leaf(T) * 2).backward(3)


@case
def backward_int_scalar_error(T):
    x = leaf(T)
    T.autograd.backward([x.sum()], [None])
    return x.grad


@case
def autograd_backward_multi(T):
    x = leaf(T)
    a = x * 2
    b = x.exp()
    T.autograd.backward([a, b], [T.ones(2, 3), T.full((2, 3), 0.5)])
    return x.grad


@case
def backward_inputs(T):
    x = leaf(T)
    w = leaf(T, Y)
    y = (x * w).sum()
    y.backward(inputs=[w])
    return [x.grad, w.grad]


@case
def backward_inputs_nonleaf(T):
    x = leaf(T)
    h = x * 2
    y = (h * h).sum()
    y.backward(inputs=[h, x])
    return [x.grad, h.grad]


@case
def backward_inputs_empty(T):
    leaf(T).sum().backward(inputs=[])


@case
def grad_basic(T):
    x = leaf(T)
    w = leaf(T, Y)
    y = (x * w).sum()
    gx, gw = T.autograd.grad(y, [x, w])
    return [gx, gw, x.grad, w.grad, gx.requires_grad]


@case
def grad_outputs(T):
    x = leaf(T)
    y = x * x
    (g,) = T.autograd.grad(y, x, grad_outputs=T.full((2, 3), 2.0))
    return g


@case
def grad_unused_error(T):
    x = leaf(T)
    z = leaf(T, Y)
    T.autograd.grad((x * 2).sum(), [x, z])


@case
def grad_unused_allowed(T):
    x = leaf(T)
    z = leaf(T, Y)
    return T.autograd.grad((x * 2).sum(), [x, z], allow_unused=True)


@case
def grad_materialize(T):
    x = leaf(T)
    z = leaf(T, Y)
    return T.autograd.grad((x * 2).sum(), [x, z], materialize_grads=True)


@case
def grad_input_no_grad_error(T):
    x = leaf(T)
    T.autograd.grad((x * 2).sum(), [T.ones(2)])


@case
def grad_nonleaf_input(T):
    x = leaf(T)
    h = x.exp()
    y = (h * 3).sum()
    return T.autograd.grad(y, h)


@case
def grad_only_needed_nodes(T):
    # the x branch must not run: x.grad stays None
    x = leaf(T)
    w = leaf(T, Y)
    y = (x.exp() * w).sum()
    (g,) = T.autograd.grad(y, w)
    return [g, x.grad]


@case
def double_backward(T):
    x = leaf(T, [0.5, 1.0, 2.0], T.float64)
    y = (x ** 3).sum()
    (g,) = T.autograd.grad(y, x, create_graph=True)
    (gg,) = T.autograd.grad(g.sum(), x)
    return [g, gg, g.requires_grad, g.grad_fn is not None]


@case
def double_backward_ops(T):
    x = leaf(T, POS, T.float64)
    w = leaf(T, Y, T.float64)
    y = ((x * w).sin() + x.exp() / (w * w + 1) + x.log() * x.sqrt() + x.tanh() * w.sigmoid()).sum()
    gx, gw = T.autograd.grad(y, [x, w], create_graph=True)
    (gx.sum() + (gw * gw).sum()).backward()
    return [gx, gw, x.grad, w.grad]


@case
def create_graph_backward_grad(T):
    x = leaf(T, [1.0, 2.0], T.float64)
    y = (x * x * x).sum()
    y.backward(create_graph=True)
    g = x.grad
    return [g, g.requires_grad, g.grad_fn]


@case
def retain_graph_default_create(T):
    x = leaf(T, [1.0, 2.0], T.float64)
    y = (x * x).sum()
    T.autograd.grad(y, x, create_graph=True)
    return T.autograd.grad(y, x)


@case
def next_functions(T):
    a = leaf(T)
    b = T.ones(2, 3)
    y = a * b
    z = y + a
    return [[(None if f is None else type(f).__name__, n) for f, n in z.grad_fn.next_functions],
            [(None if f is None else type(f).__name__, n) for f, n in y.grad_fn.next_functions],
            z.grad_fn.next_functions[1][0] is y.grad_fn.next_functions[0][0],
            z.grad_fn.name(), a.grad_fn, z.is_leaf, y.output_nr]


@case
def accumulate_grad_variable(T):
    a = leaf(T)
    y = a * 2
    acc = y.grad_fn.next_functions[0][0]
    return [acc.variable is a, acc.name(), type(acc).__name__]


@case
def sequence_order(T):
    a = leaf(T, [1.0])
    b = a * 2
    c = a * 3
    return [c.grad_fn._sequence_nr() > b.grad_fn._sequence_nr()]


# -- grad modes ----------------------------------------------------------------

@case
def no_grad_modes(T):
    x = leaf(T)
    with T.no_grad():
        y = x * 2
        inner = T.is_grad_enabled()
        with T.enable_grad():
            z = x * 2
    T.set_grad_enabled(False)
    w = x * 2
    T.set_grad_enabled(True)
    with T.set_grad_enabled(False):
        v = x * 2
    @T.no_grad()
    def f(t):
        return t * 2
    u = f(x)
    return [y.requires_grad, inner, z.requires_grad, w.requires_grad, v.requires_grad,
            u.requires_grad, T.is_grad_enabled(), y.grad_fn, z.grad_fn]


@case
def inference_mode_tensors(T):
    with T.inference_mode():
        t = T.ones(3)
        x = leaf(T) * 2
        inside = [t.is_inference(), x.requires_grad, T.is_grad_enabled(), T.is_inference_mode_enabled()]
        t.add_(1)
    n = T.ones(3)
    return [inside, t, n.is_inference(), T.is_inference_mode_enabled(), T.is_grad_enabled()]


@case
def inference_version_error(T):
    with T.inference_mode():
        t = T.ones(3)
    return t._version


@case
def inference_inplace_error(T):
    with T.inference_mode():
        t = T.ones(3)
    t.add_(1)


@case
def inference_requires_grad_error(T):
    with T.inference_mode():
        t = T.ones(3)
    t.requires_grad_()


@case
def inference_save_error(T):
    with T.inference_mode():
        t = T.ones(2, 3)
    x = leaf(T)
    return x * t


@case
def inference_mode_false(T):
    with T.inference_mode(False):
        t = T.ones(3)
    return [t.is_inference(), t._version]


# -- detach / data -------------------------------------------------------------

@case
def detach_and_data(T):
    x = leaf(T)
    d = x.detach()
    dd = x.data
    d.add_(1)
    v1 = x._version
    dd.mul_(2)
    return [x, d.requires_grad, dd.requires_grad, v1, x._version, d._version, dd._version,
            d.is_leaf, x.detach().grad_fn]


@case
def factory_dtype_str_error(T):
    return T.tensor([1.0], dtype="float64")


@case
def bad_args_messages(T):
    out = []
    for f in (lambda: T.exp(3), lambda: T.sum([1, 2]), lambda: T.matmul(T.ones(2), 3),
              lambda: T.cat([T.ones(2), 3]), lambda: T.nn.functional.linear(1, T.ones(2, 2)),
              lambda: T.ones(2).add_("a"), lambda: T.ones(2).mul_([1, 2]),
              lambda: T.ones(2).clamp("a"), lambda: T.ones(2, dtype=T.long).softmax(0),
              lambda: T.ones(0).max()):
        try:
            f()
            out.append("no error")
        except Exception as e:  # noqa: BLE001
            out.append(type(e).__name__ + ": " + str(e).split("\n")[0].replace("torch.", "cyautograd."))
    return out



@case
def multi_output_and_more_ops(T):
    x = leaf(T)
    u = x.unbind(1)
    s = x.split(2, dim=1)
    sw = x.split([1, 2], dim=1)
    c = x.chunk(2, 0)
    m = x.masked_fill(T.tensor(X) > 0, 0.5)
    q = x.square()
    cs = x.cumsum(1)
    n2 = x.norm()
    n1 = x.norm(p=1, dim=1)
    ninf = T.tensor(X, requires_grad=True).norm(p=float("inf"))
    (u[0].sum() + u[2].sum() * 2 + s[1].sum() * 3 + sw[0].sum() + c[1].sum() * 4 + m.sum()
     + q.sum() + cs.sum() + n2 + n1.sum() + ninf).backward()
    return [u, s, sw, c, m, q, cs, n2, n1, x.grad, [t.output_nr for t in u], [t.output_nr for t in s]]


@case
def unbind_unused_outputs_grad(T):
    x = leaf(T)
    a, b, c = x.unbind(1)
    b.sum().backward()
    return x.grad


@case
def grad_empty_inputs(T):
    x = leaf(T)
    return T.autograd.grad(x.sum(), [])


@case
def rounding_ops_zero_grad(T):
    x = T.tensor([1.5, -2.5, 0.25], requires_grad=True)
    ys = [x.floor(), x.ceil(), x.trunc(), x.round()]
    sum(y.sum() for y in ys).backward()
    return [ys, x.grad]


@case
def relu_backward_nan_inf(T):
    """threshold_backward: the gradient passes where the result is NaN and
    is 0 (not NaN) where an infinite gradient meets a zero result."""
    out = []
    for dt in (T.float32, T.float64):
        x = T.tensor([[float("nan"), -1.0, 0.0], [2.0, -0.0, 5.0]], dtype=dt, requires_grad=True)
        y = T.relu(x)
        y.backward(T.tensor([[1.0, float("inf"), float("inf")], [3.0, float("-inf"), 4.0]], dtype=dt))
        out += [y, x.grad]
        x2 = T.tensor([[1.0, -2.0], [0.0, 3.0]], dtype=dt, requires_grad=True)
        T.nn.functional.relu(x2.t()).sum().backward()
        out.append(x2.grad)
    return out


@case
def sum_small_float(T):
    """Full sums of 1-7 floats (summed in C) and just past that (numpy),
    with signed zeros, infinities and NaN."""
    out = []
    for dt in (T.float32, T.float64):
        for v in ([-0.0], [-0.0, -0.0], [1.0, 1e-8, 1e-8, 1e-8], [3e38, 3e38], [float("inf"), -float("inf")],
                  [float("nan"), 1.0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], [0.1] * 8, [[1.5, 2.5], [3.5, 4.5]]):
            x = T.tensor(v, dtype=dt, requires_grad=True)
            s = x.sum()
            s.backward()
            out += [s, x.grad, type(s.grad_fn).__name__]
    return out


@case
def large_linear_relu_step(T):
    """Sizes past the small-array paths: a 300x300 linear output (matmul),
    its 300x300 bias-gradient reduction (numpy's), relu's backward on 90000
    elements with zeros in the result."""
    import numpy as np
    rng = np.random.default_rng(7)
    x = T.tensor(rng.standard_normal((300, 50)).astype(np.float32))
    w = T.tensor(rng.standard_normal((300, 50)).astype(np.float32) / 8, requires_grad=True)
    b = T.tensor(rng.standard_normal(300).astype(np.float32), requires_grad=True)
    h = T.relu(T.nn.functional.linear(x, w, b))
    (h * h).mean().backward()
    return [h.sum(), w.grad, b.grad, (h == 0).sum()]
