"""Divergence classes the program fuzzer (tests/fuzz) found, one case per
class member, run against torch and cyautograd (issue 12)."""
import itertools

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def chain(t, depth=8):
    """The graph under t.grad_fn as a flat list of node names, depth first."""
    out = []

    def rec(fn, d):
        if fn is None:
            out.append(None)
            return
        out.append(type(fn).__name__)
        if d < depth:
            for f, _ in fn.next_functions:
                rec(f, d + 1)

    rec(t.grad_fn, 0)
    return out


def state(t):
    return {"v": t, "ver": t._version, "view": t._is_view(), "leaf": t.is_leaf,
            "rg": t.requires_grad, "graph": chain(t)}


def arange(T, shape, rg=False, dtype=None):
    n = int(np.prod(shape))
    v = (np.arange(n, dtype=np.float64) * 0.37 - 1.1).reshape(shape)
    return T.tensor(v, dtype=dtype or T.float32, requires_grad=rg)


# -- matmul of each rank pairing keeps torch's composite graph ------------------

MATMUL_SHAPES = [((3,), (3,)), ((3,), (3, 4)), ((2, 3), (3,)), ((2, 3), (3, 4)), ((2, 5, 3), (3, 4)),
                 ((5, 3), (2, 3, 4)), ((2, 5, 3), (2, 3, 4)), ((3,), (2, 3, 4)), ((2, 5, 3), (3,)),
                 ((2, 2, 5, 3), (2, 3, 4)), ((1, 5, 3), (2, 3, 4)), ((2, 5, 3), (1, 3, 4)),
                 ((2, 1, 5, 3), (3, 3, 4)), ((0, 5, 3), (3, 2)), ((2, 5, 3), (2, 4, 4)), ((2, 5, 3), (4,)),
                 ((5, 3), (2, 4, 4)), ((3,), (4, 2))]


def _matmul_case(sa, sb, ra, rb, noncontig):
    def fn(T):
        a = arange(T, sa, ra)
        b = arange(T, sb, rb)
        x = a.transpose(-1, -2).contiguous().transpose(-1, -2) if noncontig and a.ndim > 1 else a
        r = x @ b
        out = state(r)
        if ra or rb:
            r.sum().backward()
            out["ga"] = a.grad
            out["gb"] = b.grad
        return out
    return fn


for (sa, sb), ra, rb, nc in itertools.product(MATMUL_SHAPES, [True, False], [True, False], [False, True]):
    if nc and len(sa) == 1:
        continue
    name = f"matmul_{'x'.join(map(str, sa))}_{'x'.join(map(str, sb))}_{int(ra)}{int(rb)}{'_nc' if nc else ''}"
    CASES[name] = _matmul_case(sa, sb, ra, rb, nc)


@case
def matmul_vector_matrix_under_no_grad_bumps_version(T):
    a, b = arange(T, (3,), True), arange(T, (3, 4), True)
    with T.no_grad():
        r = a @ b
    return state(r)


@case
def matmul_double_backward_batched(T):
    a, b = arange(T, (2, 5, 3), True), arange(T, (3, 4), True)
    (g,) = T.autograd.grad((a @ b).pow(2).sum(), [a], create_graph=True)
    g.sum().backward()
    return {"g": g, "ga": a.grad, "gb": b.grad}


@case
def mv_wrong_ranks(T):
    return T.mv(arange(T, (2, 3)), arange(T, (3, 4)))


@case
def matmul_folded_size_mismatch(T):
    return arange(T, (2, 5, 3), True) @ arange(T, (4, 2))


@case
def matmul_batched_vector_size_mismatch(T):
    return arange(T, (2, 5, 3)) @ arange(T, (4,))


@case
def matmul_batch_broadcast_mismatch(T):
    return arange(T, (2, 5, 3)) @ arange(T, (3, 3, 4))


# -- reshape: view / alias / copy as torch ---------------------------------------

RESHAPES = {
    "contig": lambda x: x.reshape(2, 12),
    "contig_flat": lambda x: x.flatten(),
    "step_alias": lambda x: x[::2].reshape(2, 2, 3),
    "step_copy": lambda x: x[::2].reshape(12),
    "t_alias": lambda x: x.t().reshape(6, 4),
    "t_copy": lambda x: x.t().reshape(24),
    "t_flatten": lambda x: x.t().flatten(),
    "expand_copy": lambda x: x[:, :1].expand(4, 5).reshape(20),
    "expand_alias": lambda x: x[:, :1].expand(4, 5).reshape(4, 5, 1),
}


def _reshape_case(f, rg):
    def fn(T):
        x = arange(T, (4, 6), rg)
        r = f(x)
        out = state(r)
        out["base_is_x"] = r._base is x
        if rg:
            (r * arange(T, tuple(r.shape))).sum().backward()
            out["g"] = x.grad
        return out
    return fn


for _k, _f in RESHAPES.items():
    CASES[f"reshape_{_k}"] = _reshape_case(_f, True)
    CASES[f"reshape_{_k}_nograd"] = _reshape_case(_f, False)


# -- indexing ------------------------------------------------------------------

def _gname(t):
    fn = t.grad_fn
    return None if fn is None else fn.name().replace("torch::", "cyautograd::")


SETITEM_INDEXES = {"colon": slice(None), "zero_colon": slice(0, None), "step1": slice(None, None, 1),
                   "past_end": slice(0, 100), "ellipsis": Ellipsis, "colon_colon": (slice(None), slice(None)),
                   "colon_ellipsis": (slice(None), Ellipsis), "row": 1, "rows": slice(1, None),
                   "step2": slice(None, None, 2), "none": None, "col": (slice(None), 2)}
SETITEM_VALUES = {"scalar": lambda T: 1.5, "zero_d": lambda T: T.tensor(2.5), "row": lambda T: arange(T, (4,)),
                  "unit_row": lambda T: arange(T, (1, 4)), "unit_unit": lambda T: arange(T, (1, 1, 4)),
                  "full": lambda T: arange(T, (3, 4)), "bad": lambda T: arange(T, (2,)),
                  "too_many": lambda T: arange(T, (2, 3, 4)), "col": lambda T: arange(T, (3, 1))}


def _setitem_case(index, value, target, rg_value):
    def fn(T):
        leaf = arange(T, (3, 4), True)
        if target == "leaf":
            x = leaf
        elif target == "nonleaf":
            x = leaf * 1
        elif target == "view":
            x = (leaf * 1)[:]
        else:
            x = arange(T, (3, 4))
        v = value(T)
        if rg_value and isinstance(v, T.Tensor):
            v.requires_grad_()
        x[index] = v
        out = {"x": x, "ver": x._version, "gf": _gname(x), "view": x._is_view(), "leaf": x.is_leaf}
        if x.requires_grad:
            x.sum().backward()
            out["g"] = leaf.grad
            if isinstance(v, T.Tensor) and v.requires_grad:
                out["gv"] = v.grad
        return out
    return fn


for (ik, ix), (vk, vv), target in itertools.product(SETITEM_INDEXES.items(), SETITEM_VALUES.items(),
                                                    ["leaf", "nonleaf", "view", "plain"]):
    CASES[f"setitem_{target}_{ik}_{vk}"] = _setitem_case(ix, vv, target, False)
    if target == "nonleaf" and vk != "scalar":
        CASES[f"setitem_{target}_{ik}_{vk}_rg"] = _setitem_case(ix, vv, target, True)


GETITEM = {"zero_d_colon": ((), slice(None)), "zero_d_int": ((), 0), "zero_d_step": ((), slice(None, None, 2)),
           "zero_d_pair": ((), (slice(None), None)), "zero_d_list": ((), [0]), "one_d_pair": ((4,), (0, 0)),
           "one_d_colons": ((4,), (slice(None), slice(None))), "nested_list_1d": ((4,), [[0, 1], [2, 2]]),
           "nested_list_2d": ((2, 3), [[0, 1], [2, 2]]), "nested_one": ((2, 3), [[0, 1]]),
           "list_with_slice": ((2, 3), [0, slice(None)]), "list_with_none": ((2, 3), [None, 0]),
           "three_ints": ((2, 3), (0, 0, 0)), "flat_list": ((2, 3), [0, 1]), "out_of_range": ((2, 3), 5),
           "mask_too_big": ((4,), "mask2d")}


def _getitem_case(shape, index):
    def fn(T):
        x = arange(T, shape, True)
        idx = (arange(T, (2, 2)) > 0) if index == "mask2d" else index
        r = x[idx]
        out = state(r)
        if index == [None, 0]:
            # torch applies None then 0 (SelectBackward0 over UnsqueezeBackward0);
            # ours is one SelectBackward0 view: same values and gradients
            del out["graph"]
            r.sum().backward()
            out["g"] = x.grad
        return out
    return fn


for _k, (_s, _i) in GETITEM.items():
    CASES[f"getitem_{_k}"] = _getitem_case(_s, _i)


NARROWS = [(0, 0, 2), (0, -2, 2), (1, -4, 4), (1, -1, 1), (-1, 3, 1), (1, 4, 0), (1, -5, 1), (1, 2, 3),
           (2, 0, 1), (1, 0, -1), (-3, 0, 1)]


def _narrow_case(dim, start, length):
    def fn(T):
        x = arange(T, (3, 4), True)
        r = x.narrow(dim, start, length)
        out = state(r)
        r.sum().backward()
        out["g"] = x.grad
        return out
    return fn


for _d, _s, _l in NARROWS:
    CASES[f"narrow_{_d}_{_s}_{_l}".replace("-", "m")] = _narrow_case(_d, _s, _l)


@case
def narrow_zero_d(T):
    return T.tensor(1.0).narrow(0, 0, 1)


@case
def select_bad_dim(T):
    return arange(T, (3, 4)).select(3, 0)


@case
def select_zero_d(T):
    return T.tensor(1.0).select(0, 0)


@case
def copyslices_name(T):
    x = arange(T, (3, 4), True)
    y = x * 2
    y[0] = 5
    z = x * 1
    z.copy_(arange(T, (4,)))
    return [_gname(y), _gname(z)]


@case
def copyslices_in_version_message(T):
    x = arange(T, (3,), True)
    y = x * 2
    y[0] = 5
    z = y * y
    y[1] = 3
    try:
        z.sum().backward()
    except RuntimeError as e:
        return str(e).replace("torch::", "cyautograd::")


@case
def copy_broadcast_messages(T):
    out = []
    for dst, src in [((3, 1), (1, 3, 1)), ((3, 4), (3, 2)), ((3, 4), (2, 4)), ((2, 3, 4), (5, 1, 4))]:
        try:
            arange(T, dst).copy_(arange(T, src))
            out.append("ok")
        except RuntimeError as e:
            out.append(str(e))
    return out


@case
def inplace_leaf_error_before_shape_error(T):
    out = []
    for f in [lambda x: x.add_(arange(T, (5,))), lambda x: x.copy_(arange(T, (5,))),
              lambda x: x.mul_(arange(T, (2, 3, 4)))]:
        try:
            f(arange(T, (3, 4), True))
        except RuntimeError as e:
            out.append(str(e))
    return out


@case
def inplace_on_empty_expanded(T):
    x = arange(T, (4, 0, 5)) + arange(T, (1, 0, 1))
    x.sub_(0)
    return state(x)


@case
def masked_fill_on_expanded_tensor_warns_only(T):
    import warnings
    x = arange(T, (1, 3)).expand(2, 3)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        x.masked_fill_(x > 0, 0.5)
    return x


@case
def expand_without_sizes(T):
    return arange(T, (3,)).expand()


# -- grad modes, retain_grad, composite names ------------------------------------

@case
def inference_mode_false_inside_inference_mode(T):
    out = []
    x = arange(T, (3,), True)
    y = x * 2
    with T.inference_mode():
        out.append((T.is_grad_enabled(), T.is_inference_mode_enabled()))
        with T.inference_mode(False):
            out.append((T.is_grad_enabled(), T.is_inference_mode_enabled()))
            y.zero_()
            out.append(type(y.grad_fn).__name__)
            try:
                x.mul_(2)
            except RuntimeError as e:
                out.append(str(e))
            z = T.ones(2)
            out.append(z.is_inference())
        out.append((T.is_grad_enabled(), T.is_inference_mode_enabled()))
    with T.no_grad():
        with T.inference_mode(False):
            out.append((T.is_grad_enabled(), T.is_inference_mode_enabled()))
    out.append((T.is_grad_enabled(), T.is_inference_mode_enabled()))
    return out


@case
def backward_inputs_retains_grad(T):
    x = arange(T, (3,), True)
    y = x * 2
    z = y.exp()
    w = z * 3
    w.sum().backward(inputs=[y, x], retain_graph=True)
    out = [y.retains_grad, x.retains_grad, z.retains_grad, y.grad, x.grad]
    w.sum().backward(inputs=[y])
    out += [y.grad, y.retains_grad]
    return out


@case
def backward_inputs_not_requiring_grad(T):
    x = arange(T, (3,), True)
    n = arange(T, (3,))
    try:
        (x * 2).sum().backward(inputs=[n])
    except RuntimeError as e:
        return str(e)


@case
def autograd_grad_does_not_retain(T):
    x = arange(T, (3,), True)
    y = x * 2
    (g,) = T.autograd.grad((y * y).sum(), [y])
    return [g, y.retains_grad, y.grad]


@case
def rsub_nodes(T):
    a = arange(T, (3,), True)
    b = arange(T, (2, 3), True)
    out = []
    for r in [T.rsub(a, b), T.rsub(a, b, alpha=2), T.rsub(a, 2), 2 - a]:
        out.append(type(r.grad_fn).__name__)
        out.append(r)
    T.rsub(a, b, alpha=2).sum().backward()
    return out + [a.grad, b.grad]


# -- views whose base was modified in place ----------------------------------------

@case
def requires_grad_of_split_view_after_base_inplace(T):
    x = arange(T, (3, 4), True)
    a, b = x.split(2, 1)
    v = x.as_strided((), (), 4)
    with T.no_grad():
        v.mul_(2)
    out = [a.requires_grad, b.requires_grad]
    for f in [lambda: a.is_leaf, lambda: a.grad_fn]:
        try:
            out.append(f())
        except RuntimeError as e:
            out.append(str(e))
    return out


@case
def requires_grad_of_nograd_view_after_base_inplace(T):
    x = arange(T, (3, 4), True)
    y = x * 1
    with T.no_grad():
        v = y[0]
    y.mul_(2)
    out = [v.requires_grad]
    try:
        out.append(v.is_leaf)
    except RuntimeError as e:
        out.append(str(e))
    return out


@case
def bool_subtraction_and_float_alpha(T):
    b = T.tensor([True, False])
    i = T.tensor([1, 2])
    f = T.tensor([1.0, 2.0])
    out = []
    for fn in [lambda: b - b, lambda: b - 1, lambda: 1 - b, lambda: True - b, lambda: f - b, lambda: T.rsub(b, 1),
               lambda: T.sub(b, f), lambda: i.clone().sub_(True), lambda: T.sub(i, i, alpha=0.5),
               lambda: T.add(i, 1, alpha=0.5), lambda: T.add(f, i, alpha=0.5), lambda: T.sub(i, i, alpha=2)]:
        try:
            out.append(fn())
        except RuntimeError as e:
            out.append(str(e))
    return out


@case
def argmax_argmin_bool(T):
    out = []
    for fn in [lambda: T.tensor([True, False]).argmax(), lambda: T.tensor([True, False]).argmin(0),
               lambda: T.tensor([True, False]).max()]:
        try:
            out.append(fn())
        except RuntimeError as e:
            out.append(str(e))
    return out


@case
def softmax_integer_kernel_names(T):
    out = []
    for d in [0, 1, -1, -2]:
        try:
            T.tensor([[1, 2, 3], [4, 5, 6]]).softmax(d)
        except NotImplementedError as e:
            out.append(str(e))
    return out


@case
def T_of_vector_and_scalar_is_a_view(T):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = arange(T, (3,), True).T
        s = T.tensor(2.0, requires_grad=True).T
    return [state(v), state(s), v._base is not None]


@case
def grad_and_retains_grad_of_invalidated_views(T):
    import warnings
    x = arange(T, (3, 4), True)
    a, b = x.chunk(2, 1)
    v = x.as_strided((), (), 4)
    with T.no_grad():
        v.mul_(2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = [a.grad, a.retains_grad, b.requires_grad]
    y = arange(T, (2, 3))
    u, w = y.unbind(0)
    y.add_(arange(T, (2, 3), True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out += [u.grad, u.retains_grad, u.requires_grad]
    return out


@case
def setitem_advanced_value_leading_unit_dims(T):
    x = arange(T, (4,), True) * 1
    v = arange(T, (1, 2), True)
    x[[1, 3]] = v
    x.sum().backward()
    return [x, v.grad, type(x.grad_fn).__name__]


# -- gradients as torch returns them (NOTE [ Gradients as torch returns them ]) --

def _alias(g, named):
    """What autograd.grad gave back: a view (of which named tensor), an alias
    of a grad_output, its version."""
    if g is None:
        return None
    base = g._base
    return {"g": g, "view": g._is_view(), "ver": g._version,
            "base": None if base is None else next((k for k, v in named.items() if v is base), "?"),
            "same": [k for k, v in named.items() if v is g]}


# every program: (shape of the leaf, function of the leaf) -> gradient of its sum
GRAD_PROGRAMS = {
    "sum": ((3,), lambda x: x), "sum0d": ((), lambda x: x), "mean": ((3,), lambda x: x.mean()),
    "view": ((3,), lambda x: x.view(3, 1)), "t": ((3,), lambda x: x.view(3, 1).t()),
    "neg": ((3,), lambda x: -x), "sub": ((3,), lambda x: x - 1), "rsub": ((3,), lambda x: 1 - x),
    "clone": ((3,), lambda x: x.clone()), "to64": ((3,), lambda x: x.double()),
    "expand0d": ((), lambda x: x.expand(3)), "expand21": ((2, 1), lambda x: x.expand(2, 3)),
    "expand3": ((3,), lambda x: x.expand(2, 3)), "bcast": ((2, 1), lambda x: x + np.ones((4, 2, 3))),
    "mv_vec": ((3,), lambda x: x.new_ones(2, 3) @ x), "mv_mat": ((2, 3), lambda x: x @ x.new_ones(3)),
    "vm": ((3,), lambda x: x @ x.new_ones(3, 2)), "bv": ((2, 2, 3), lambda x: x @ x.new_ones(3)),
    "mm_twice": ((2, 3), lambda x: x @ x.t()), "dot_twice": ((3,), lambda x: x @ x),
    "x2x3": ((3,), lambda x: x * 2 + x * 3), "x2x3x4": ((3,), lambda x: x * 2 + x * 3 + x * 4),
    "x_x2": ((3,), lambda x: x + x * 2), "xx": ((3,), lambda x: x + x),
    "min": ((3,), lambda x: x.min()), "max0d": ((), lambda x: x.max()),
    "max_dim": ((2, 3), lambda x: x.max(1)[0]), "min_dim_kd": ((2, 3), lambda x: x.min(1, keepdim=True)[0]),
    "index": ((3,), lambda x: x[[0, 1]]), "select": ((2, 3), lambda x: x[1]),
    "slice": ((2, 3), lambda x: x[:, ::2]), "narrow": ((3,), lambda x: x.narrow(0, 0, 2)),
    "cumsum": ((2, 3), lambda x: x.cumsum(1)), "unfold": ((3,), lambda x: x.unfold(0, 2, 1)),
    "mean_dim": ((2, 3), lambda x: x.mean(1)), "sum_dim": ((2, 3), lambda x: x.sum(1)),
    "permute": ((3,), lambda x: x.view(3, 1).permute(1, 0)), "diag": ((3,), lambda x: x.view(1, 3).diagonal()),
    "flatten": ((3,), lambda x: x.view(3, 1).flatten()), "squeeze": ((3,), lambda x: x.unsqueeze(0).squeeze(0)),
    "relu": ((3,), lambda x: x.relu()), "amax": ((3,), lambda x: x.amax()),
}


def _grad_case(name, shape, f):
    def run(T):
        x = arange(T, shape, True)
        return _alias(T.autograd.grad(f(x).sum(), [x])[0], {})
    run.__name__ = "gradalias_" + name
    return run


for _n, (_s, _f) in GRAD_PROGRAMS.items():
    case(_grad_case(_n, _s, _f))


@case
def gradalias_grad_outputs(T):
    """A grad_output flows through unchanged (the same tensor), through a
    view (a view of it) or through an expand (its _base is the grad_output)."""
    x = arange(T, (3,), True)
    y = x * 2
    go = arange(T, (3,)) + 2
    g0 = T.tensor(1.5)
    gv = go.view(3, 1)
    named = {"go": go, "g0": g0, "gv": gv}
    out = [_alias(T.autograd.grad(y, [y], go)[0], named), _alias(T.autograd.grad(y + 1, [y], go)[0], named),
           _alias(T.autograd.grad(y.view(3, 1), [y], gv)[0], named),
           _alias(T.autograd.grad(y.sum(), [y], g0)[0], named)]
    gx, gy = T.autograd.grad(y.sum(), [x, y], g0)
    named["gy"] = gy
    out += [_alias(gx, named), _alias(gy, named)]
    z = x.view(3, 1)
    gz, gx2 = T.autograd.grad((z * 2).sum(), [z, x])
    named["gz"] = gz
    return out + [_alias(gz, named), _alias(gx2, named)]


@case
def gradalias_backward_inputs_runs_the_input_node(T):
    """backward(inputs=[nonleaf]) runs that tensor's own node, which frees
    its saved tensors: a second backward through it raises."""
    class F(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 3

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * 3

    v = T.tensor(0.5, requires_grad=True)
    y = F.apply(v)
    y.backward(T.tensor(1.0), inputs=[y])
    return [y.grad, v.grad, err(lambda: y.backward())]


@case
def gradalias_unreached_hook_does_not_fire(T):
    calls = []
    a = arange(T, (2, 2), True)
    b = arange(T, (2, 2), True, T.float64)
    c = a + b
    b.register_hook(lambda g: calls.append(g.clone()))
    return [T.autograd.grad(c.sum(), [a]), calls]


def err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


# -- ops at the edges the fuzzer found ----------------------------------------

@case
def ops_dtype_messages(T):
    """Mixed-dtype matmul of every rank pairing names the kernel torch reaches
    (dot, addmv, mm, bmm), shapes checked first except by dot."""
    shapes = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 2)), ((2, 3), (2, 2)),
              ((2, 2, 3), (2, 3, 2)), ((2, 2, 3), (3,)), ((3,), (2, 3, 2)), ((2, 2, 3), (3, 2)),
              ((2, 3), (2, 3, 2)), ((2, 2, 3), (2, 2, 2)), ((3,), (2,))]
    out = []
    for s1, s2 in shapes:
        for d1, d2 in ((T.float32, T.float64), (T.float64, T.float32)):
            out.append(err(lambda: T.matmul(T.ones(s1, dtype=d1), T.ones(s2, dtype=d2)).shape))
    out += [err(lambda: T.bmm(T.ones(2, 2, 3), T.ones(2, 3, 2, dtype=T.float64))),
            err(lambda: T.mv(T.ones(2, 3), T.ones(3, dtype=T.float64))),
            err(lambda: T.dot(T.ones(3), T.ones(2, dtype=T.float64)))]
    return out


@case
def ops_unary_dtype_edges(T):
    """Every unary op the fuzzer draws on bool, int64 and float32 inputs."""
    out = []
    for dt in ("bool", "int64", "float32"):
        x = T.tensor([True, False, True]) if dt == "bool" else T.tensor([1, -2, 0], dtype=getattr(T, dt))
        for op in ("neg", "relu", "square", "abs", "sign", "floor", "ceil", "trunc", "round", "logical_not",
                   "bitwise_not"):
            out.append([dt, op, err(lambda: getattr(T, op)(x))])
        out.append([dt, "~", err(lambda: ~x)])
        out.append([dt, "std", err(lambda: x.std())])
        out.append([dt, "var", err(lambda: x.var(0))])
        for c in ("min=-3", "max=3", "-1, 1", "min=-0.5"):
            out.append([dt, c, err(lambda: eval(f"x.clamp({c})"))])
            out.append([dt, c + "_", err(lambda: eval(f"x.clone().clamp_({c})"))])
    return out


@case
def ops_inplace_and_alpha_edges(T):
    def I():
        return T.tensor([1, -2, 0])

    def B():
        return T.tensor([True, False, True])
    return [err(lambda: I().div_(I())), err(lambda: I().div_(2)), err(lambda: B().div_(-1)),
            err(lambda: T.add(B(), B(), alpha=2)), err(lambda: T.sub(B(), B(), alpha=0.5)),
            err(lambda: T.sub(I(), I(), alpha=0.5)), err(lambda: T.tensor([2, 1, -1, 0]) ** T.tensor([-1, -3, -3, 2])),
            err(lambda: T.tensor([[2], [3]]) ** T.tensor([-1, 2]))]


@case
def ops_setitem_value_dtype(T):
    def si(x, idx, v):
        x[idx] = v
        return x
    leaf = T.ones(1, 4, requires_grad=True)
    return [err(lambda: si(T.ones(3), [0, 2], T.tensor([True, False]))),
            err(lambda: si(T.ones(3), [0, 2], T.tensor([1, 2]))),
            err(lambda: si(T.tensor([1, 2, 3]), [0, 2], T.ones(2))),
            err(lambda: si(T.ones(3), [0, 2], T.tensor(1))),
            err(lambda: si(T.ones(3), slice(0, 2), T.tensor([True, False]))),
            err(lambda: si(T.ones(3), [0, 2], 7)),
            err(lambda: si(leaf, [0, 0], T.tensor(3)))]


@case
def ops_split_chunk_empty(T):
    out = []
    for shape in ((0, 3), (3, 0), (2, 0, 1)):
        z = T.ones(shape, requires_grad=True)
        for d in range(len(shape)):
            for k in (1, 2, 3):
                out.append(err(lambda: [(tuple(p.shape), type(p.grad_fn).__name__) for p in z.split(k, d)]))
                out.append(err(lambda: [(tuple(p.shape), type(p.grad_fn).__name__) for p in z.chunk(k, d)]))
    out += [err(lambda: T.ones(()).split(1)), err(lambda: T.ones(()).chunk(2))]
    return out


# -- issue 12 item 3, misc ----------------------------------------------------

@case
def misc_post_accumulate_hook_results(T):
    out = []
    for ret in (None, 5, (1,), "tensor"):
        x = T.ones(3, requires_grad=True)
        x.register_post_accumulate_grad_hook(lambda t, ret=ret: T.ones(3) if ret == "tensor" else ret)
        out.append(err(lambda: x.sum().backward()))
    return out


@case
def misc_grad_fn_call(T):
    x = arange(T, (3,), True)
    y = (x * 2).sum()
    parts = x.unbind()
    return [err(lambda: y.grad_fn()), err(lambda: y.grad_fn(T.ones(()), T.ones(()))),
            err(lambda: y.grad_fn(T.ones(()))), err(lambda: (x * x).grad_fn(T.ones(3))),
            err(lambda: parts[0].grad_fn(T.ones(()), T.ones(()), T.ones(()))),
            err(lambda: y.grad_fn("x"))]


@case
def misc_gather_0d(T):
    s = T.tensor(3.0, requires_grad=True)
    r = T.gather(s, 0, T.tensor(0))
    return [r, T.autograd.grad(r, [s]), err(lambda: T.gather(s, 0, T.tensor(1)))]


@case
def misc_is_grads_batched(T):
    a = arange(T, (3,), True)
    b = arange(T, (2, 3), True)
    out = [T.autograd.grad(a * a, [a], T.eye(3), is_grads_batched=True),
           T.autograd.grad((a * a).sum(), [a], T.ones(4), is_grads_batched=True),
           T.autograd.grad((b @ a), [a, b], T.eye(2), is_grads_batched=True),
           T.autograd.grad((a * 2, b.sum(1)), [a, b], (T.ones(2, 3), T.ones(2, 2)), is_grads_batched=True)]
    return out


# -- issue 12, exception classes (session 24) --------------------------------

@case
def exc_view_of_leaf_inplace(T):
    """check_inplace's "a view of a leaf Variable" asks only that the view
    requires grad and its base is a leaf: also a view of a plain tensor that
    was given requires_grad_() afterwards (a leaf view), whatever the base."""
    def si(x, idx, v):
        x[idx] = v
    out = []
    base = T.ones(3, 4)
    v = base[...]
    v.requires_grad_()
    out += [v.is_leaf, v._is_view(), err(lambda: v.add_(1)), err(lambda: si(v, [[0, 0], [3, 0]], 1.5))]
    b = T.tensor([True, False, True]).tanh()[:2]
    b.requires_grad_()
    out.append(err(lambda: b.div_(b)))
    base = T.ones(3, 4)
    vv = base[0][1:]
    vv.requires_grad_()
    out.append(err(lambda: vv.mul_(2)))
    x = T.ones(3, requires_grad=True)
    d = (x * 2).detach()[:2]
    d.requires_grad_()
    out.append(err(lambda: d.add_(1)))
    base = T.ones(3, 4)
    f = base[0]
    base.requires_grad_()
    out += [f.requires_grad, err(lambda: f.add_(1))]
    with T.no_grad():
        n = base[1]
    out.append(err(lambda: n.add_(1)))
    with T.no_grad():
        out.append(err(lambda: v.add_(1)))
    out.append([base, v, vv, d, base._version])
    return out


@case
def exc_index_bounds_size0(T):
    """torch's advanced indexing refuses an index into a dimension of size 0
    in words without numbers unless the indices broadcast to nothing; an
    indexing whose result is empty checks no bound at all; masks whose
    shape does not match, index_select, take and put_ on empty tensors."""
    def si(x, i, v):
        x[i] = v
        return x
    z, z2 = T.ones(3, 0), T.ones(0, 3)
    out = [err(lambda: z2[[0, 1]]), err(lambda: z[:, [0]]), err(lambda: z[[0, 1], [0, 0]]),
           err(lambda: z2[T.tensor([0])]), err(lambda: z2[[-1]]), err(lambda: z[[5]]), err(lambda: z2[:, [5]]),
           err(lambda: z2[0]), err(lambda: z[:, 0]), err(lambda: si(T.ones(0, 3), [0], 1.0)),
           err(lambda: si(T.ones(3, 0), (slice(None), [0]), 1.0)), err(lambda: si(T.ones(0, 3), 0, 1.0)),
           err(lambda: T.ones(0, 3).index_put_((T.tensor([0]),), T.tensor(1.0), accumulate=True)),
           err(lambda: T.ones(3)[[3]]), err(lambda: T.ones(3)[[-4]]), err(lambda: T.ones(3, 2)[[0], [2]]),
           err(lambda: si(T.ones(2, 0, 3), (slice(None), [9], [7]), 0.0)),
           err(lambda: z2[T.tensor([True])]), err(lambda: T.ones(3)[T.tensor([True, False])]),
           err(lambda: T.ones(2, 3)[:, T.tensor([True, False])]),
           err(lambda: T.ones(2, 3)[T.ones(2, 2, dtype=T.bool)]),
           err(lambda: T.ones(4, 2, 3)[0, None, :, T.tensor([True, False])]),
           err(lambda: si(T.ones(3), T.tensor([True, False]), 1.0)),
           err(lambda: z2.index_select(0, T.tensor([0]))), err(lambda: T.ones(2, 0).index_select(1, T.tensor([0]))),
           err(lambda: T.ones(0).index_select(0, T.tensor(0))),
           err(lambda: z2.index_select(0, T.tensor([], dtype=T.long))),
           err(lambda: T.ones(0).take(T.tensor([0]))), err(lambda: T.ones(0).take(T.tensor([], dtype=T.long))),
           err(lambda: T.ones(0).put_(T.tensor([0]), T.ones(1))),
           err(lambda: T.ones(0).put(T.tensor([0]), T.ones(1), accumulate=True))]
    g = T.ones(3, 0, requires_grad=True)
    r = g[[5, -7]]
    r.sum().backward()
    y = g * 1
    y[[4]] = 2.0
    y.sum().backward()
    return out + [state(r), state(y), g.grad]


@case
def exc_view_check_before_kernel_checks(T):
    """torch's autograd kernel takes its inputs' gradient edges (a stale
    multi-output view raises its rebase error there) before the op's kernel
    checks dims, indices and shapes; composite ops (narrow, flatten,
    movedim, chunk) check first. In-place view ops run check_inplace first."""
    def stale():
        x = T.ones(2, 3, requires_grad=True)
        v = x.unbind(0)[0]
        with T.no_grad():
            x.mul_(1)
        return v

    def short(f):
        r = err(f)
        return r[:1] + ["VIEW" if "is a view and" in r[1] else r[1]] if r[0] != "ok" else ["ok"]
    ops = [lambda v: v.squeeze(3), lambda v: v.unsqueeze(5), lambda v: v.transpose(0, 4),
           lambda v: v.permute(1, 0), lambda v: v.diagonal(0, 1, 0), lambda v: v.diagonal(0, 0, 0),
           lambda v: v.unfold(3, 1, 1), lambda v: v.unfold(0, 9, 1), lambda v: v.select(2, 0),
           lambda v: v.select(0, 9), lambda v: v[9], lambda v: v[0, 0], lambda v: v.narrow(2, 0, 1),
           lambda v: v.narrow(0, 0, 9), lambda v: v.movedim(3, 0), lambda v: v.flatten(3), lambda v: v.view(7),
           lambda v: v.reshape(7), lambda v: v.expand(2, 2), lambda v: v.unbind(3), lambda v: v.split(1, 3),
           lambda v: v.split(-1), lambda v: v.chunk(0), lambda v: v.index_select(3, T.tensor([0])),
           lambda v: v.index_select(0, T.tensor([9])), lambda v: v.gather(3, T.tensor([0])),
           lambda v: v.as_strided((9,), (1,)), lambda v: v.sum(3), lambda v: v.mean(3), lambda v: v.prod(3),
           lambda v: v.max(3), lambda v: v.amax(3), lambda v: v.argmax(3), lambda v: v.std(3), lambda v: v.var(3),
           lambda v: v.logsumexp(3), lambda v: v.cumsum(3), lambda v: v.norm(dim=3), lambda v: v.softmax(3),
           lambda v: v + T.ones(5), lambda v: T.ones(5) * v, lambda v: v @ T.ones(5), lambda v: T.cat([v, T.ones(5, 5)]),
           lambda v: T.stack([T.ones(5), v]), lambda v: T.where(T.ones(5) > 0, v, v), lambda v: T.maximum(v, T.ones(5)),
           lambda v: v.pow(T.ones(5)), lambda v: v.clamp(T.ones(5)), lambda v: v.masked_fill(T.ones(5) > 0, 1.0),
           lambda v: v.swapaxes(0, 3), lambda v: v.squeeze_(3), lambda v: v.unsqueeze_(5), lambda v: v.t_(),
           lambda v: v[0][:], lambda v: v.unbind(0)[0][:]]
    out = [short(lambda: f(stale())) for f in ops]
    with T.no_grad():
        out += [short(lambda: stale().squeeze(3)), short(lambda: stale().sum(3))]
    clamps = [err(lambda: T.ones(3).clamp(T.ones(5))), err(lambda: T.ones(3).clamp(T.ones(5), T.ones(4))),
              err(lambda: T.ones(3).clamp(None, T.ones(4))), err(lambda: T.ones(3).clamp(T.ones(3, 1), T.ones(4)))]
    return out + clamps


@case
def exc_softmax_empty_integral(T):
    """An empty integral tensor reaches no softmax kernel: an empty result of
    its dtype (a non-empty one names the kernel torch picks)."""
    out = []
    for shp in [(0, 4), (2, 0), (0,), (3,), (2, 3), ()]:
        for dt in [T.int64, T.bool]:
            x = T.ones(shp, dtype=dt)
            for d in (0, -1):
                out.append([err(lambda: x.softmax(d)), err(lambda: x.log_softmax(d)),
                            err(lambda: T.softmax(x, d, dtype=T.float32))])
    return out


@case
def exc_integral_tensor_with_history(T):
    """An integral/bool tensor that got a grad_fn (fill_ of a 0-d float that
    requires grad, through setitem) makes torch refuse the ops that would
    record history with an integral result: views, indexing, unary and
    binary arithmetic; ops with a float result, detach and comparisons pass."""
    v1 = T.tensor(2.0, requires_grad=True)
    i = T.zeros(4, dtype=T.long)
    i[...] = v1.clamp(min=1.9)
    b = T.zeros(2, dtype=T.bool)
    b[0] = v1
    ops = [lambda: i.float(), lambda: i * T.ones(4), lambda: i + 1.5, lambda: i.view(2, 2), lambda: i.detach(),
           lambda: i.reshape(2, 2), lambda: i.unsqueeze(0), lambda: i.expand(2, 4), lambda: i[1:], lambda: i[[0, 1]],
           lambda: i == 1, lambda: i.argmax(), lambda: -i, lambda: i.abs(), lambda: i.contiguous(), lambda: i.t(),
           lambda: i.unbind()[0], lambda: i.split(2)[0], lambda: i.sign(), lambda: i.flatten(), lambda: i.squeeze(),
           lambda: i.select(0, 1), lambda: i.view(2, 2).diagonal(), lambda: i.sum(dtype=T.float32), lambda: i.clone(),
           lambda: i + 1, lambda: i - i, lambda: i.sum(), lambda: i.sqrt(), lambda: b + b, lambda: b.clone(), lambda: b[0]]

    def res(f):
        r = err(f)
        return r if r[0] != "ok" else ["ok", r[1].dtype, r[1].requires_grad]
    return [state(i), state(b)] + [res(f) for f in ops]


@case
def exc_hooks_on_stale_views(T):
    """retain_grad's leaf test reads the stored grad_fn (a view with no node
    of its own is a no-op, even when its grad_fn cannot be rebuilt);
    register_hook's dict is in place before grad_fn is read, so a second
    call after a failed first one succeeds without reading it."""
    out = []
    v1 = T.ones(3, requires_grad=True, dtype=T.float64)
    v5 = T.ones(2, 1, dtype=T.float64)
    v11, v12 = v5.chunk(2, 0)
    v5[1] = v1.split(1, 0)[0]
    out += [err(lambda: v11.retain_grad()), v11.retains_grad, err(lambda: v11.is_leaf)]
    x = T.ones(3, requires_grad=True)
    v4 = x * 3
    v6, = v4.chunk(1, 0)
    with T.no_grad():
        v4.exp_()
    calls = []
    out += [err(lambda: v6.register_hook(lambda g: calls.append(1))),
            err(lambda: v6.register_hook(lambda g: calls.append(2)) is not None),
            err(lambda: v6.retain_grad()), v6.retains_grad]
    v4.sum().backward()
    out += [calls, x.grad]
    return out
