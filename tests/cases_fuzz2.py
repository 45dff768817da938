"""Divergence classes of the program fuzzer's fresh seed range 10000:12000 and
of the last pinned CI seeds (issue 12), each checked at its root: live against
torch where it is installed, and against golden data recorded from torch."""
import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def err(f):
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


def arange(T, shape, rg=False, dtype=None):
    n = int(np.prod(shape))
    v = (np.arange(n, dtype=np.float64) * 0.37 - 1.1).reshape(shape)
    return T.tensor(v, dtype=dtype or T.float32, requires_grad=rg)


# -- backward twice without retain_graph ----------------------------------------
# torch raises ERR_BACKWARD_TWICE exactly for nodes that saved a tensor (a
# scalar operand of mul/div is a saved 0-d tensor, index tensors are saved),
# and never for nodes that saved none (views, add, fmod(Tensor, Scalar), ...)

def _ops(T):
    idx = T.tensor([[0, 1], [2, 0]])
    return {
        "mul_scalar": lambda x: x * 1, "rmul_scalar": lambda x: 2 * x, "div_scalar": lambda x: x / 2,
        "mul_": lambda x: x.clone().mul_(3), "div_": lambda x: x.clone().div_(3), "add_scalar": lambda x: x + 1,
        "sub_scalar": lambda x: x - 1, "neg": lambda x: -x, "gather": lambda x: x.gather(1, idx),
        "take_along_dim": lambda x: x.take_along_dim(x.argsort(1), 1), "pow0": lambda x: x ** 0,
        "pow2": lambda x: x ** 2, "index_list": lambda x: x[[0, 1, 1]], "index_mask": lambda x: x[x > 0],
        "index_mixed": lambda x: x[0, [2, 1]], "select": lambda x: x[0], "slice": lambda x: x[:, 1:],
        "view": lambda x: x.view(-1), "expand": lambda x: x[0].expand(2, 3), "index_select":
        lambda x: x.index_select(1, T.tensor([0, 2])), "median": lambda x: x.median(),
        "fmod_scalar": lambda x: x.fmod(2), "fmod_tensor": lambda x: x.fmod(T.full((3,), 2.0)),
        "remainder_scalar": lambda x: x.remainder(2), "addcmul_self_only": lambda x: T.addcmul(x, x.detach(), T.ones(3)),
        "addcmul_t1": lambda x: T.addcmul(T.ones(3), x, T.ones(3)),
        "index_add_self_only": lambda x: x.index_add(0, T.tensor([0]), T.ones(1, 3)),
        "index_add_source": lambda x: T.zeros(3, 3).index_add(0, T.tensor([0, 2]), x),
        "sum": lambda x: x.sum(), "mean": lambda x: x.mean(), "clone": lambda x: x.clone(),
        "sort": lambda x: x.sort(1)[0], "cumsum": lambda x: x.cumsum(0), "relu": lambda x: x.relu(),
    }


def _backward_twice(name):
    def fn(T):
        x = T.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
        y = _ops(T)[name](x)
        y.sum().backward()
        first = x.grad.clone()
        return [first, err(lambda: y.sum().backward()), x.grad]
    return fn


for _name in ("mul_scalar", "rmul_scalar", "div_scalar", "mul_", "div_", "add_scalar", "sub_scalar", "neg",
              "gather", "take_along_dim", "pow0", "pow2", "index_list", "index_mask", "index_mixed", "select",
              "slice", "view", "expand", "index_select", "median", "fmod_scalar", "fmod_tensor",
              "remainder_scalar", "addcmul_self_only", "addcmul_t1", "index_add_self_only", "index_add_source",
              "sum", "mean", "clone", "sort", "cumsum", "relu"):
    CASES["backward_twice_" + _name] = _backward_twice(_name)


@case
def backward_twice_through_a_saved_scalar_under_a_view(T):
    """seed 10326: pow(x, 0) frees self; a later backward through it raises."""
    v3 = arange(T, (2, 3), True)
    v4 = v3 ** 0
    v10 = v4 @ arange(T, (3,))
    v11 = v10[...]
    v4.sum().backward()
    return [v3.grad, err(lambda: v11.backward(arange(T, (2,))))]


@case
def backward_twice_inputs_through_index(T):
    """seed 11134: backward(inputs=[nonleaf]) still runs the index node, which was freed."""
    a = arange(T, (1, 4, 3), True)
    b = arange(T, (3, 4), True)
    c = T.matmul(a, b)
    d = c[[[0, 0], [0, 0]]]
    d.sum().backward()
    return [a.grad, err(lambda: d.sum().backward(retain_graph=True, inputs=[c]))]


@case
def backward_twice_saved_tensor_access(T):
    x = arange(T, (3,), True)
    y = x * 2
    z = x.gather(0, T.tensor([2, 0]))
    y.sum().backward()
    z.sum().backward()
    return [err(lambda: y.grad_fn(T.ones(3))), err(lambda: z.grad_fn(T.ones(2))), x.grad]


@case
def double_backward_of_binary_overloads(T):
    """each overload of a two-operand op uses its own formula (and node) under create_graph."""
    out = []
    for f in (lambda a, b: T.xlogy(a, b), lambda a, b: T.xlogy(a, 2.5), lambda a, b: T.xlogy(2.5, b),
              lambda a, b: T.fmod(a, b), lambda a, b: T.fmod(a, 1.5), lambda a, b: T.copysign(a, -2.0),
              lambda a, b: T.float_power(a, 2.0), lambda a, b: T.float_power(2.0, b)):
        a = (arange(T, (4,)).abs() + 0.5).requires_grad_()
        b = (arange(T, (4,)).abs() + 0.7).requires_grad_()
        y = f(a, b)
        gs = T.autograd.grad(y.sum(), [a, b], create_graph=True, allow_unused=True)
        s = sum((g * g).sum() for g in gs if g is not None and g.requires_grad)
        out.append([y, list(gs), [type(g.grad_fn).__name__ if g is not None and g.grad_fn else None for g in gs],
                    T.autograd.grad(s, [a, b], allow_unused=True) if isinstance(s, T.Tensor) else None])
    return out


# -- messages and small edges ---------------------------------------------------

@case
def repr_names_the_node_class(T):
    x = arange(T, (2, 3), True).clone()
    x[0] = 1.0
    y = arange(T, (2, 3), True).clone()
    y.copy_(T.ones(2, 3))
    z = arange(T, (3, 4), True)
    a, b = z.chunk(2, -1)
    w = T.where(b > 0, b, arange(T, (2,), True))
    w.copy_(b)
    return [repr(x), repr(y), str(w), repr(x[0]), str(y.t())]


@case
def version_message_names_bool_as_torch(T):
    """seeds 10745/11785: a bool saved tensor is CPUBoolType (torch leaves it untranslated)."""
    class F(T.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(b)
            return a * 1

        @staticmethod
        def backward(ctx, g):
            ctx.saved_tensors
            return g, None

    out = []
    for dt in (T.bool, T.float32, T.float64, T.int64, T.uint8, T.int8, T.int16, T.int32, T.float16):
        x = T.ones(2, requires_grad=True)
        m = T.ones(2, dtype=dt)
        y = F.apply(x, m)
        m.zero_()
        out.append(err(lambda: y.sum().backward()))
    return out


@case
def bmm_mixed_dtypes(T):
    """seeds 10736/11484: torch's bmm reads batch2's dtype for its result; a
    product of >= 400 multiply-adds reports the dtypes the other way round."""
    out = []
    for sa, sb in [((274, 3), (3, 3, 2)), ((2, 3), (3, 3, 2)), ((2, 3), (5, 3, 300)), ((300,), (2, 300, 2)),
                   ((1, 1, 400), (1, 400, 1)), ((1, 1, 399), (1, 399, 1)), ((0, 1, 3), (0, 3, 1)),
                   ((2, 0, 3), (2, 3, 2)), ((2, 1, 0), (2, 0, 2)), ((2, 1, 3), (2, 3, 0)), ((0, 3), (0, 3, 2)),
                   ((2, 1, 3), (2, 4, 2)), ((4, 274, 3), (3, 2))]:
        for da, db in [(T.float32, T.float64), (T.float64, T.float32)]:
            out.append(err(lambda: T.matmul(T.ones(sa, dtype=da), T.ones(sb, dtype=db))))
            if len(sa) == 3 and len(sb) == 3:
                out.append(err(lambda: T.bmm(T.ones(sa, dtype=da), T.ones(sb, dtype=db))))
    return out


@case
def amin_amax_name_the_empty_dim_as_given(T):
    """seed 11760."""
    x = T.ones(3, 0)
    y = T.ones(2, 0, 0)
    return [err(lambda: x.amin(-1)), err(lambda: x.amax(1)), err(lambda: x.amin((0, -1))),
            err(lambda: x.amax((-1, 0))), err(lambda: y.amin((2, 1))), err(lambda: y.amax((-2, 2))),
            err(lambda: x.max(-1)), err(lambda: x.argmin(-1))]


@case
def int_index_of_a_0d_tensor(T):
    """seed 11325: only index 0 gets the 0-dim advice."""
    b = arange(T, (1,)).argmax(-1)
    s = T.tensor(3.0, requires_grad=True)
    out = [err(lambda: b[-1]), err(lambda: b[0]), err(lambda: s[1]), err(lambda: s[np.int64(-2)]),
           err(lambda: s[(0,)]), err(lambda: s[True]), err(lambda: s[...])]

    def setit(i):
        d = s.detach().clone()
        d[i] = 1.0
        return d
    out += [err(lambda: setit(-1)), err(lambda: setit(0)), err(lambda: setit(2))]
    return out


@case
def mean_of_none_lists_its_signatures(T):
    """seed 11354."""
    return [err(lambda: T.mean(None, 0, False)), err(lambda: T.mean(None)), err(lambda: T.sum(None, 0, False)),
            err(lambda: T.mean(None, dtype=T.float32))]


# -- a leaf's first gradient: stolen or copied (AccumulateGrad) -----------------

def _leaf(T):
    return T.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)


def _first_grad(name):
    def fn(T):
        fs = {
            "sum": lambda x: x.sum(), "mul": lambda x: (x * 2).sum(), "direct": lambda x: x.backward(T.ones(2, 3)),
            "view": lambda x: x.view(-1).backward(T.ones(6)), "mean": lambda x: x.mean(),
            "t": lambda x: x.t().backward(T.ones(3, 2)), "t_of_t": lambda x: x.t().backward(T.ones(2, 3).t()),
            "gather": lambda x: x.gather(1, T.tensor([[0], [1]])).sum(), "slice": lambda x: x[:, 1:].sum(),
            "index": lambda x: x[[0]].sum(), "clone": lambda x: x.clone().backward(T.ones(2, 3)),
            "mul_root": lambda x: (x * 1).backward(T.ones(2, 3)), "reshape": lambda x: x.reshape(3, 2).backward(T.ones(3, 2)),
            "sumdim": lambda x: x.sum(0).sum(), "square": lambda x: (x * x).sum(),
        }
        x = _leaf(T)
        r = fs[name](x)
        if r is not None:
            r.backward()
        return [x.grad, x.grad._version, x.grad._is_view()]
    return fn


for _name in ("sum", "mul", "direct", "view", "mean", "t", "t_of_t", "gather", "slice", "index", "clone",
              "mul_root", "reshape", "sumdim", "square"):
    CASES["first_grad_" + _name] = _first_grad(_name)


@case
def stolen_grad_aliases_the_users_gradient(T):
    """seed 882: a view formula hands AccumulateGrad a view of the user's
    gradient; torch keeps it, so the next accumulation writes into it."""
    v2 = T.tensor([1., 2., 3.], requires_grad=True)
    v5 = v2.view(-1)
    v12 = T.tensor([0.5, 0.25, 2.])
    v5.backward(v12, retain_graph=True)
    first = [v2.grad._version, v12._version]
    v5.sum().backward()
    d = T.tensor([[1., 2.]], requires_grad=True)
    g4 = T.ones(2)
    d.view(2).backward(g4)
    (d * 1).sum().backward()
    return [first, v2.grad, v12, v12._version, v2.grad._version, g4, g4._version]


@case
def first_grad_after_data_changed_the_leaf_shape(T):
    """seeds 1891/11114: the copy into the leaf's (new) shape broadcasts, or fails with copy_'s words."""
    out = []
    for new_shape in [(1,), (4, 3), (2, 3, 4, 3), (3, 4, 1)]:
        a = arange(T, (3, 4, 3), True)
        b = arange(T, (3, 3, 2), True)
        y = a @ b
        a.data = arange(T, new_shape)
        out.append(err(lambda: y.backward(arange(T, (3, 4, 2)))))
        out.append(None if a.grad is None else [a.grad, a.grad._version])
    return out


# -- gradient versions and layouts torch's formulas leave ----------------------

def _cg_version(name):
    def fn(T):
        fs = {"sort": lambda x: x.sort(1)[0], "topk": lambda x: x.topk(2)[0], "kthvalue": lambda x: x.kthvalue(2, 1)[0],
              "cummax": lambda x: x.cummax(1)[0], "cummin": lambda x: x.cummin(1)[0], "median": lambda x: x.median(),
              "median_dim": lambda x: x.median(1)[0], "msort": lambda x: x.msort(), "trace": lambda x: x[:, :2].trace(),
              "repeat": lambda x: x.repeat(2, 1), "repeat_lead": lambda x: x.repeat(2, 2, 1), "repeat_ones": lambda x: x.repeat(1, 1),
              "stack": lambda x: T.stack([x, x]), "mean": lambda x: x.mean(), "mean_dim": lambda x: x.mean(1)}
        out = []
        for cg in (True, False):
            x = T.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
            w = T.tensor([[1.0, 2.0, 0.5], [3.0, 1.0, 2.0]], requires_grad=True)
            y = fs[name](x * w)
            g, = T.autograd.grad((y * y).sum(), x, create_graph=cg)
            out.append([g, g._version, g._is_view(), type(g.grad_fn).__name__ if g.grad_fn else None])
            if cg:
                out.append(T.autograd.grad(g.sum(), [x, w]))
        return out
    return fn


for _name in ("sort", "topk", "kthvalue", "cummax", "cummin", "median", "median_dim", "msort", "trace", "repeat",
              "repeat_lead", "repeat_ones", "mean", "mean_dim"):
    CASES["grad_version_" + _name] = _cg_version(_name)


@case
def median_splits_the_gradient_over_ties(T):
    x = T.tensor([1.0, 3.0, 2.0, 2.0, 5.0], requires_grad=True)
    x.median().backward()
    y = T.tensor([[2.0, 2.0], [2.0, 1.0]], requires_grad=True)
    y.median().backward()
    return [x.grad, y.grad, x.grad._version]


# -- addmm/linear save each operand only for the other's gradient --------------

def _addmm_case(kind):
    def fn(T):
        out = []
        for ri in (True, False):
            for r1 in (True, False):
                for r2 in (True, False):
                    for mod in (None, 1, 2):
                        a = T.ones(2, 2, requires_grad=ri)
                        b = T.full((2, 3), 0.5, requires_grad=r1)
                        c = T.full((3, 2), 2.0, requires_grad=r2)
                        ops = [a * 1 if ri else a.clone(), b * 1 if r1 else b.clone(), c * 1 if r2 else c.clone()]
                        if kind == "addmm":
                            y = T.addmm(ops[0], ops[1], ops[2])
                        else:
                            y = T.nn.functional.linear(ops[1], ops[2].t(), ops[0][0])
                        if not y.requires_grad:
                            continue
                        if mod is not None:
                            with T.no_grad():
                                ops[mod].add_(1)
                        r = err(lambda: y.sum().backward())
                        # the saved mat2 of linear is w.t() in torch: compare
                        # the error type and whether one was raised
                        out.append([type(y.grad_fn).__name__, r[0] if kind == "linear" else r,
                                    a.grad, b.grad, c.grad])
        return out
    return fn


CASES["addmm_saves_for_the_other_gradient"] = _addmm_case("addmm")
CASES["linear_saves_for_the_other_gradient"] = _addmm_case("linear")


@case
def backward_twice_through_copy_slices(T):
    """seed 11114: torch's CopySlices drops its fn on release, saved tensors or not."""
    out = []
    for f in (lambda x, s, v: x.__setitem__((slice(None), 0), s), lambda x, s, v: x.__setitem__(0, v),
              lambda x, s, v: x.__setitem__(0, 5.0), lambda x, s, v: x[0].add_(v), lambda x, s, v: x[0].mul_(2),
              lambda x, s, v: x[0].zero_(), lambda x, s, v: x[0].fill_(s), lambda x, s, v: x.add_(1),
              lambda x, s, v: x.copy_(v.detach().expand(2, 3))):
        a = T.ones(2, 3, requires_grad=True)
        s = T.tensor(2.0, requires_grad=True)
        v = T.ones(3, requires_grad=True)
        x = a + 0
        f(x, s, v)
        x.sum().backward()
        out.append([type(x.grad_fn).__name__, err(lambda: x.sum().backward()), a.grad])
    return out


# -- in-place: the output's shape is checked before its dtype ------------------

@case
def inplace_shape_error_before_cast_error(T):
    """seeds 10096/11497 (add_/mul_), 10530 (index_put): TensorIterator's
    compute_shape runs before compute_types; index_put_ checks overlap, then
    shape, then dtype."""
    i = T.tensor([3, 1, 2]).max(0)[1]
    n = T.ones(1, 5, 4, dtype=T.int64).narrow(-1, 1, 1)
    x = T.ones(4)
    return [err(lambda: i.add_(T.ones(1, requires_grad=True))),
            err(lambda: n.mul_(T.ones(1, 1, 5, 1, dtype=T.float64))),
            err(lambda: T.ones(3, dtype=T.int64).add_(T.ones(3))),
            err(lambda: T.ones(3, dtype=T.int64).add_(T.ones(2, 3))),
            err(lambda: x.__setitem__([2, 2], T.ones(1, 3, dtype=T.float64))),
            err(lambda: x.__setitem__([2, 2], T.ones(2, dtype=T.float64))),
            err(lambda: x.index_put_((T.tensor([0, 1]),), T.ones(3))),
            err(lambda: x.index_put_((T.tensor([0, 1]),), x[:2]))]


# -- in-place writes through overlapping views (seeds 647, 1455) --------------

@case
def inplace_through_overlapping_views(T):
    """TensorIterator updates an element once per occurrence in the view."""
    out = []
    for f in (lambda v: v.unfold(0, 2, 1).add_(True), lambda v: v.unfold(0, 2, 1).mul_(2),
              lambda v: v.view(-1).as_strided((2, 2), (2, 2), 0).div_(np.float64(0.78)),
              lambda v: v.unfold(0, 2, 1).sub_(T.ones(2, 2, 2), alpha=2),
              lambda v: v.view(-1).as_strided((3, 2), (1, 1)).add_(T.arange(6.).reshape(3, 2)),
              lambda v: v.unfold(0, 2, 1).add_(1.5), lambda v: v.unfold(0, 2, 2).add_(1),
              lambda v: v.unfold(0, 2, 1).__iadd__(1)):
        a = T.arange(6.).reshape(3, 2).requires_grad_()
        b = a * 1
        f(b)
        b.sum().backward()
        out.append([b, a.grad, b._version])
    x = T.arange(6.)
    with T.inference_mode():
        x.as_strided((2, 2), (2, 2), 0).div_(2.0)
    return out + [x]


@case
def as_strided_backward_of_an_empty_view(T):
    """seed 11473: torch's as_strided_backward returns at::zeros (version 1) for an empty view."""
    out = []
    for args in [((0,), (1,)), ((0, 2), (1, 1)), ((2, 2), (3, 1))]:
        for cg in (True, False):
            v = T.tensor([1., 2., 3., 4., 5., 6.], requires_grad=True)
            y = v.as_strided(*args)
            g, = T.autograd.grad((y * 2).sum(), [v], create_graph=cg)
            out.append([g, g._version, g._is_view()])
    v2 = T.tensor([1., 2., 3.], requires_grad=True)
    v3 = v2[0:0]
    with T.inference_mode():
        v3.mul_(0)
    g, = T.autograd.grad(v3.cumsum(-1).sum(), [v2], create_graph=True)
    return out + [g, g._version]


# -- fresh seeds 12000:14000 and 20000:22000, pinned seeds 1094/11341 ----------

@case
def as_strided_over_a_storage_that_is_not_c_ordered(T):
    """seeds 1094, 12088: math on a transposed tensor keeps its layout (an
    F-ordered storage); as_strided addresses that storage by element offsets,
    bounded by the storage's extent, gaps of a strided from_numpy included."""
    x = arange(T, (276, 4), rg=True)
    y = x.T.cos()
    a = y.as_strided((), (), 722)
    b = y.as_strided((2, 3), (1, 4), 5)
    (a + b.sum()).backward()
    s = T.from_numpy(np.arange(20.)[::3])
    return [y.stride(), a, b, b.grad_fn, x.grad.sum(), s.as_strided((2,), (5,), 13),
            err(lambda: s.as_strided((2,), (5,), 14)), err(lambda: y.as_strided((3,), (1,), 1104))]


def _invalid_multi_output_view(T):
    a = arange(T, (2, 3), rg=True)
    b = a * 1
    v = b.unbind(0)[0]
    b.mul_(2)
    return v


@case
def rebase_error_before_kernel_checks(T):
    """seeds 11341, 12746, 20155, 20607, 20983: the autograd kernel collects
    gradient edges (rebuilding an invalidated view's grad_fn, which raises)
    before the kernel checks dims, shapes and dtypes; matmul's own 0-d check
    and ops without history (detach) come first / never raise."""
    V = lambda: _invalid_multi_output_view(T)  # noqa: E731
    out = [err(lambda: V().softmax(2)), err(lambda: V().log_softmax(-3)), err(lambda: V().sum(3)),
           err(lambda: V().bitwise_not()), err(lambda: T.matmul(arange(T, (2, 3)), V()[:2])),
           err(lambda: V() @ T.ones(2)), err(lambda: T.mv(arange(T, (2, 2)), V())),
           err(lambda: T.mm(V().unsqueeze(0), T.ones(2, 2))), err(lambda: T.bmm(V()[None, None], T.ones(1, 2, 2))),
           err(lambda: T.matmul(V()[0], T.ones(2))), err(lambda: V().detach().sum())]
    with T.no_grad():
        out.append(err(lambda: V().softmax(2)))
    return out


@case
def requires_grad_of_an_invalidated_view(T):
    """seed 13892: requires_grad_ asks C++ is_leaf() (the stored grad_fn, not a
    rebuilt one): a non-leaf view gets the leaf error, not the rebase error;
    repr prints grad_fn=<Invalid> where the grad_fn cannot be rebuilt."""
    v = _invalid_multi_output_view(T)
    a = arange(T, (3,), rg=True)
    w = a.unbind(0)[0]
    with T.no_grad():
        a.mul_(2)
    return [err(lambda: [v.requires_grad_(False), None][1]), err(lambda: [v.requires_grad_(True), None][1]),
            err(lambda: setattr(v, "requires_grad", False)), err(lambda: [w.requires_grad_(False), None][1]),
            err(lambda: repr(w)), err(lambda: repr(v)), err(lambda: w.is_leaf)]


@case
def inplace_meta_checks_before_the_overlap_check(T):
    """seed 12494: a structured kernel's argument checks (neg/relu of bool,
    integer base to a negative scalar power, clamp's result type) run before
    TensorIterator's memory-overlap check; shape and cast checks after it."""
    E = lambda dt: T.ones(3, dtype=dt).expand(2, 3)  # noqa: E731
    return [err(lambda: E(T.bool).neg_()), err(lambda: E(T.int64).pow_(-1)), err(lambda: E(T.bool).relu_()),
            err(lambda: E(T.bool).clamp_(0, 1)), err(lambda: E(T.int64).pow_(T.tensor(-1))),
            err(lambda: E(T.float32).neg_()), err(lambda: E(T.float32).add_(T.ones(4))),
            err(lambda: E(T.int64).div_(2)), err(lambda: E(T.int64).sqrt_())]


@case
def stack_gradients_are_views_of_one_gradient(T):
    """seeds 20131, 20678, 21241: StackBackward0 hands out unbind views of its
    gradient, so an accumulation into them is a fresh sum (_version 0)."""
    out = []
    for dim in (0, 1, -1):
        x = arange(T, (3, 3, 3), rg=True, dtype=T.float64)
        y = T.stack([x, x], dim)
        g, = T.autograd.grad((y - y * 2).sum(), [x])
        out.append([g, g._version, g._is_view()])
    x = arange(T, (2, 2), rg=True)
    T.stack([x, x * 2, x]).sum().backward()
    return out + [x.grad, x.grad._version]


@case
def expand_strides_of_new_dimensions(T):
    """seed 21537: a new dimension of size 1 takes the stride that keeps the
    layout dense (torch's inferExpandGeometry), so matmul folds it into mm."""
    v = arange(T, (279, 2)).as_strided((3, 2), (3, 0), 324)
    return [T.ones(4, 3)[:, :2].expand(1, 4, 2).stride(), T.ones(4, 3)[:, :2].expand(2, 1, 4, 2).stride(),
            T.ones(3, 1).expand(2, 3, 4).stride(), T.ones(()).expand(1, 1).stride(),
            T.ones(2, 3).expand(1, 1, 2, 3).stride(), T.ones(2, 3).expand(1, 1, 2, 3).is_contiguous(),
            T.ones(0, 3).expand(1, 0, 3).stride(), err(lambda: v.expand(1, 3, 2) @ v),
            (arange(T, (2, 3), rg=True).expand(1, 2, 3) @ T.ones(3, 2)).grad_fn]


def _chain(fn, d=0):
    if fn is None or d > 3:
        return ""
    return fn.name() + "(" + ",".join(_chain(f, d + 1) for f, _ in fn.next_functions if f is not None) + ")"


@case
def linear_paths(T):
    """linear as at::native::linear: 0-d refused, addmm for 2-D input with a
    bias, _flatten_nd_linear for a contiguous input with a fusable bias,
    else matmul(input, weight.t()) then add_ (version 1); weight.t() always."""
    out = []
    for xs, ws, bs in [((2, 3), (4, 3), (4,)), ((7, 2, 3), (4, 3), (4,)), ((7, 2, 3), (4, 3), (2, 4)),
                       ((3,), (4, 3), (4,)), ((3,), (4, 3), ()), ((2, 3), (3,), None), ((3,), (3,), ()),
                       ((6, 7, 2, 3), (4, 3), (1, 4)), ((7, 2, 3), (4, 3), (1, 1, 4)), ((2, 3), (4, 5), (4,)),
                       ((2, 3), (4, 3), (5,)), ((2, 3), (3,), (1,)), ((2, 3), (2, 4, 3), None), ((), (4, 3), None),
                       ((2, 3), (4, 3), (3, 4)), ((3,), (4, 3), (2, 4)), ((0, 3), (4, 3), (4,))]:
        for nc in (False, True):
            def f():
                x = arange(T, xs, rg=True)
                if nc and len(xs) >= 2:
                    x = x.transpose(0, -1).contiguous().transpose(0, -1)
                b = None if bs is None else arange(T, bs, rg=True)
                r = T.nn.functional.linear(x, arange(T, ws, rg=True), b)
                return [r, r._version, _chain(r.grad_fn), r.stride()]
            out.append(err(f))
    return out


@case
def elementwise_output_strides_follow_tensoriterator(T):
    """seed 12088: an elementwise result over expanded / permuted operands is
    laid out by TensorIterator's rule (fast setup, else the insertion sort
    by the operands' strides), and clone / to keep empty_like's layout, so
    an as_strided read of the result sees torch's elements."""
    a = arange(T, (4, 1, 3)).expand(2, 4, 1, 3)
    b = arange(T, (1, 1), dtype=T.float64)
    z = arange(T, (2, 3, 4)).permute(2, 0, 1)
    w = arange(T, (4, 2, 3))
    e = arange(T, (3, 1)).expand(3, 4).t()
    g = arange(T, (2, 1, 3)).permute(1, 0, 2)
    s = arange(T, (3, 8))[:, ::2]
    cl = arange(T, (2, 3, 4, 5)).permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
    i = arange(T, (1, 1, 3), dtype=T.int64).expand(2, 3, 3)
    results = [T.rsub(a, b), a + b, b - a, z + w, w + z, z * 2, g * 2, -g, e.exp(), e > 0, T.maximum(e, e.t().t()),
               T.where(z > 0, z, 1.0), z.clamp(min=0.5), T.logical_not(z), s / 3, cl + cl, cl + 1,
               i * arange(T, (3, 3), dtype=T.float64).t(), i / 2, i.sqrt(), (z + w).sum(0), T.ones(2, 0, 3).permute(2, 1, 0) + 1,
               a.clone(), a.double(), s.t().clone(), cl[..., ::2].double(), g.clone(), T.zeros_like(e), T.ones_like(cl[..., ::2])]
    out = [[r.stride(), r.is_contiguous()] for r in results]
    r = T.rsub(a, b)
    out.append(r.as_strided((3,), (3,), 13))
    out.append((z + w).as_strided((2, 5), (5, 1), 3))
    return out


# -- session 24 (h24a): values, gradients, overlap -----------------------------

@case
def stolen_grad_keeps_the_recorded_shape(T):
    """seed 5096: the leaf's .data took another shape after its accumulator
    recorded the old one; a gradient of the recorded shape whose strides obey
    the leaf's layout is stolen as it is (torch's obeys_layout_contract looks
    at the gradient's dims only), else copied (broadcast) into the new shape."""
    out = []
    for shp0, shp in [((1,), (1, 3, 4)), ((1, 3), (2, 3)), ((3, 1), (3, 4)), ((1, 4), (3, 4)), ((2, 1), (2, 3)),
                      ((1,), (2, 1))]:
        v = arange(T, shp0, True)
        w = arange(T, shp0, True)
        y = v * w
        v.data = arange(T, shp)
        for f in [lambda: v.sum(), lambda: (v * 2).sum(), lambda: v.exp().sum()]:
            v.grad = None
            out.append(err(lambda: f().backward()))
            out.append(None if v.grad is None else [v.grad, v.grad._version])
        out.append(y)
    return out


@case
def float_values_into_integer_tensors(T):
    """seeds 2496/3972: setitem, copy_ and fill_ of a 0-d or n-d tensor convert
    as copy_ (C's truncating cast: NaN/inf/out of range to int32/int64's
    minimum, 0 for narrower types); a number converts as Scalar::to<T>, with
    the overflow error naming the C type (setitem of a number into float16
    overflows to inf)."""
    out = []
    for d in (T.int64, T.int32, T.int16, T.int8, T.uint8, T.bool, T.float16, T.float32, T.float64):
        for val in (float("nan"), float("inf"), -float("inf"), 1e20, -3.7, 300.5, -255, -256, 2 ** 63 - 1, 2.0 ** 63,
                    70000, 1e300, True):
            x = T.zeros((2,), dtype=d)
            for f in (lambda: x.__setitem__(Ellipsis, T.tensor(val)), lambda: x.__setitem__(0, T.tensor(val)),
                      lambda: x.copy_(T.tensor([val, val])), lambda: x.__setitem__(0, val), lambda: x.fill_(val),
                      lambda: x.fill_(T.tensor(val)), lambda: x[0].copy_(T.tensor(val)),
                      lambda: T.full((2,), val, dtype=d)):
                x.zero_()
                r = err(f)
                out.append([r[0], r[1] if r[0] != "ok" else x if r[1] is None or r[1] is x else r[1]])
    return out


def _seq_cases(T):
    def mk(shape, dt):
        n = int(np.prod(shape))
        return T.tensor((np.arange(n) * 0.37 - 1.1).reshape(shape), dtype=getattr(T, dt))

    def run(shape, dt, f):
        x = mk(shape, dt)
        return err(lambda: (f(x), x)[1])
    out = []
    for n in (3, 5, 17, 40):
        for dt in ("float32", "float64", "int64", "bool"):
            num = dt != "bool"
            fs = [
                ((3, n), lambda x: x.add_(x[:, 1:2]), num),
                ((n, 3), lambda x: x.add_(x[..., 1]), num),
                ((n, 3), lambda x: x.mul_(x[:, 0:1].t()[:, :3]) if n >= 3 else None, num),
                ((n + 1,), lambda x: x.unfold(0, 2, 1).add_(1), num),
                ((n, 3), lambda x: x.sub_(x[:, 2:3], alpha=2), num),
                ((n, 3), lambda x: x.t()[1:].copy_(x[:, 0]), True),
                ((n, 3), lambda x: x.add_(x[:, 1:2].double()), num),
                ((n, 3), lambda x: x.add_(x[1:2, 1:2]), num),
                ((n, 4), lambda x: x.__setitem__((slice(None), slice(None, None, 2)), x[:, 1:2]), True),
                ((n, 4), lambda x: x.copy_(x[:, 1][:, None].expand(n, 4)), True),
                ((n + 2,), lambda x: x.unfold(0, 3, 1).copy_(T.arange(3).to(x.dtype)), True),
                ((n + 1,), lambda x: x.unfold(0, 2, 1).neg_(), dt in ("float32", "float64", "int64")),
                ((4, n), lambda x: x.clamp_(min=x[:, 1:2]), num),
                ((n, n), lambda x: x.copy_(x.t()), True),
                ((n, n), lambda x: x.add_(x.t()), num),
                ((4, n), lambda x: x.t().copy_(x[:, 1].double()), True),
                ((n + 1,), lambda x: x.unfold(0, 2, 1).mul_(2), num),
            ]
            for shape, f, ok in fs:
                if ok:
                    out.append(run(shape, dt, f))
    for dt in (T.float32, T.float64, T.int64, T.int32):
        for n in (9, 17, 33):
            x = T.arange(2 * n, dtype=dt).reshape(2, n) % 5 + 1
            x[0, 1] = 0.5 if dt.is_floating_point else 0
            out.append(err(lambda: x.pow_(x[:, 1:2])))
    return out


@case
def inplace_reads_what_it_already_wrote(T):
    """seeds 2507/3493/21072/21109: an in-place op or copy_ whose input is
    another view of the written tensor (a column, a broadcast view, an
    unfold) reads the elements its loop already wrote, in TensorIterator's
    order (NOTE [ Sequential in-place writes ]), under every grad mode."""
    out = _seq_cases(T)
    x = T.tensor((np.arange(16) * 0.37 - 1.1).reshape(4, 4), dtype=T.float32).tanh()
    with T.inference_mode():
        y = x.clone()
        y[:].mul_(y.select(1, 0))
        out.append(y)
    z = T.tensor(np.arange(5) * 0.37 - 1.1, dtype=T.float32, requires_grad=True)
    with T.no_grad():
        z.unfold(0, 2, 1).mul_(3)
    out.append(z.detach())
    return out


@case
def maximum_gradients_carry_masked_fill_version(T):
    """seed 21930: maximum/minimum's formula is where(...).masked_fill_(...):
    each gradient is at version 1, and maximum(x, x)'s two summed in place
    reach 2; fmax/fmin's are fresh."""
    out = []
    for op in ("maximum", "minimum", "fmax", "fmin"):
        x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = T.tensor([3.0, 2.0, 1.0], requires_grad=True)
        gx, gy = T.autograd.grad(getattr(T, op)(x, y).sum(), [x, y])
        out.append([gx, gy, gx._version, gy._version])
        gx, = T.autograd.grad(getattr(T, op)(x, x).sum(), [x])
        out.append([gx, gx._version])
        getattr(T, op)(x, y).sum().backward()
        out.append([x.grad, y.grad, x.grad._version, y.grad._version])
        gx, gy = T.autograd.grad(getattr(T, op)(x * 1, y).sum(), [x, y], create_graph=True)
        out.append([gx, gy, gx._version, gy._version])
        w = T.tensor([[0.5, 2.0], [1.0, 1.0]], requires_grad=True)
        v = T.logsumexp(w, -1, keepdim=True)
        m = getattr(T, op)(v, v)
        g1, g2 = T.autograd.grad(m.sum(), [m, v])
        out.append([g1, g2, g1._version, g2._version])
    return out


@case
def unsqueeze_strides_and_overlap(T):
    """seeds 5397/4389: x[None] takes unsqueeze's strides (size * stride of
    the next dim), not 0, and sum's gradient of a full reduction is the 0-d
    gradient expanded (every stride 0): both decide overlap checks. seed
    2887: the next edges (a multi-output view's invalidated grad_fn) are
    collected before the kernel's overlap check."""
    out = []
    a = T.tensor(2.0)
    b = T.zeros(3, 2)
    out.append([a.unsqueeze(0).stride(), a[None].stride(), a[None, None].stride(), b[None].stride(),
                b[:, None].stride(), b[..., None].stride(), b[0][None].stride(), b[:, 0][:, None].stride(),
                b[None, :, None].stride(), a[..., None].stride(), b[1:2, None].stride(), b[None, 0].stride(),
                b[None, ..., None, ::2].stride()])
    v5 = T.tensor(2.0)
    v12 = v5[None]
    v13 = T.narrow(v12, 0, 0, 1)
    out.append(err(lambda: v13.__setitem__(slice(0, None, 2), v12)))
    v2 = T.ones((1, 3), dtype=T.float64, requires_grad=True)
    g6, = T.autograd.grad(v2.sum(), [v2], create_graph=True)
    g7, = T.autograd.grad(v2.sum(1), [v2], T.ones(1), create_graph=True)
    g8, = T.autograd.grad(v2.sum(1, keepdim=True), [v2], T.ones(1, 1), create_graph=True)
    out.append([g6.stride(), g7.stride(), g8.stride()])
    with T.inference_mode():
        with T.inference_mode(False):
            out.append(err(lambda: g6.__setitem__(slice(0, None, 2), g6)))
    out.append(g6)
    for k in range(3):
        v8 = arange(T, (1, 1, 5), True)
        v9 = arange(T, (5, 2), True)
        v10 = v8 @ v9
        v12, = T.unbind(v10, -3)
        with T.no_grad():
            v12.exp_()
        v23 = T.narrow(v10, -2, -1, 1)
        out.append(err([lambda: v23.clone().add_(v12), lambda: v10[0].add_(v12), lambda: v23.copy_(v12)][k]))
    return out


def _grad_layout(g):
    if g is None:
        return None
    return [g, g.stride(), g._is_view(), g._base is not None, g._version,
            None if g.grad_fn is None else type(g.grad_fn).__name__]


def _colmajor(T, r, c):
    """An (r, c) leaf with strides (1, r): the transpose of a contiguous one."""
    return arange(T, (c, r)).t().requires_grad_()


@case
def mm_gradient_of_a_column_major_operand(T):
    """seeds 3643, 4594, 5009, 15759: mm's backward returns the gradient of an
    operand that was column-major at forward time (strides (1, size0)) as
    the transpose of a fresh product -- a view (_base set; TBackward0 under
    create_graph) -- and a fresh product otherwise; AccumulateGrad steals
    the view into a column-major leaf (its strides, version 0, not a view)
    and clones into the leaf's layout when it cannot (a hook keeps it, or
    create_graph)."""
    out = []
    for cg in (False, True):
        a = _colmajor(T, 3, 2)
        w = _colmajor(T, 2, 4)
        gs = T.autograd.grad((T.mm(a, w) * 2).sum(), [a, w], create_graph=cg)
        out.append([_grad_layout(g) for g in gs])
        a = arange(T, (3, 2), rg=True)
        w = arange(T, (2, 4), rg=True)
        gs = T.autograd.grad((a @ w * 2).sum(), [a, w], create_graph=cg)
        out.append([_grad_layout(g) for g in gs])
        # vector @ matrix (unsqueeze -> mm); a (1, 1) operand is column-major too
        v = arange(T, (2,))
        w = _colmajor(T, 2, 4)
        out.append(_grad_layout(T.autograd.grad((v @ w).sum(), w, create_graph=cg)[0]))
        v = arange(T, (1,), rg=True)
        w = _colmajor(T, 1, 4)
        out.append([_grad_layout(g) for g in T.autograd.grad((v @ w).sum(), [v, w], create_graph=cg)])
        for shape in ((1, 1), (3, 1), (1, 3)):
            a = arange(T, shape, rg=True)
            g = T.autograd.grad((a @ T.ones(shape[1], 4)).sum(), a, create_graph=cg)[0]
            out.append(_grad_layout(g))
        # a batch folded into mm: the matrix operand's gradient
        x = arange(T, (5, 3, 2), rg=True)
        w = _colmajor(T, 2, 4)
        out.append([_grad_layout(g) for g in T.autograd.grad((x @ w).sum(), [x, w], create_graph=cg)])
        # addmm: alpha 1 hands the view on; another alpha multiplies it (mul.Scalar)
        b = T.ones(4)
        a = _colmajor(T, 3, 2)
        w = _colmajor(T, 2, 4)
        for alpha, beta in ((1, 1), (2, 1), (1, 0.5)):
            gs = T.autograd.grad(T.addmm(b, a, w, alpha=alpha, beta=beta).sum(), [a, w], create_graph=cg)
            out.append([_grad_layout(g) for g in gs])
        # linear: mat2 is weight.t(), column-major for a row-major weight
        x = _colmajor(T, 3, 2)
        w = _colmajor(T, 4, 2)
        bb = T.ones(4, requires_grad=True)
        gs = T.autograd.grad(T.nn.functional.linear(x, w, bb).sum(), [x, w], create_graph=cg)
        out.append([_grad_layout(g) for g in gs])
        # bmm has no such branch
        x = arange(T, (2, 2, 3)).transpose(1, 2).requires_grad_()
        gs = T.autograd.grad(T.bmm(x, T.ones(2, 2, 4)).sum(), [x], create_graph=cg)
        out.append([_grad_layout(g) for g in gs])
    # AccumulateGrad: a column-major leaf and a row-major one
    for mk in (lambda: _colmajor(T, 3, 2), lambda: arange(T, (3, 2), rg=True)):
        a = mk()
        (a @ T.ones(2, 4)).sum().backward()
        out.append(_grad_layout(a.grad))
        a = mk()
        kept = []
        a.register_hook(kept.append)
        (a @ T.ones(2, 4)).sum().backward()
        out.append([_grad_layout(a.grad), kept[0], kept[0].stride()])
        a = mk()
        g, = T.autograd.grad((a @ T.ones(2, 4)).sum(), [a], create_graph=True)
        a.backward(g.detach().t().contiguous().t(), create_graph=True)
        out.append(_grad_layout(a.grad))
        a.grad = None
    return out


@case
def copy_backward_passes_the_gradient_on(T):
    """seed 5009: CopyBackwards hands src the gradient itself when the dtype
    is src's (grad.to(src_options) returns it: a view stays a view, a user's
    gradient is that tensor), a fresh cast otherwise; self's gradient is
    zeros_like(grad) (0 where grad is inf or NaN), outside the graph."""
    out = []
    for shp, src_shp in (((), ()), ((3,), (3,)), ((2, 3), (2, 3)), ((2, 3), (3,))):
        v = T.zeros(shp)
        s = T.ones(src_shp, requires_grad=True)
        v.copy_(s)
        gv, gs = T.autograd.grad(v.sum(), [v, s], retain_graph=True)
        out.append([_grad_layout(gv), _grad_layout(gs), gv is gs])
        go = T.full(shp, 2.0)
        gs, = T.autograd.grad(v, [s], go)
        out.append([_grad_layout(gs), gs is go])
        v = T.zeros(shp, dtype=T.float64)
        v.copy_(s)
        out.append(_grad_layout(T.autograd.grad(v.sum(), [s])[0]))
    a = T.ones(3, requires_grad=True)
    s = T.ones(3, requires_grad=True)
    b = a * 1
    b.copy_(s)
    b.backward(T.tensor([float("inf"), float("nan"), 1.0]))
    out.append([a.grad, s.grad])
    b = a * 1
    b.copy_(s)
    ga, gs = T.autograd.grad(b, [a, s], T.ones(3, requires_grad=True) * 2, create_graph=True)
    return out + [[_grad_layout(ga), ga.requires_grad, _grad_layout(gs)]]


@case
def copy_slices_into_an_overlapping_view(T):
    """seed 25179: CopySlices writes fn's gradient back through the view's
    geometry with copy_; an in-place op on an expanded view raises copy_'s
    internal-overlap error in backward whenever the base's gradient is
    wanted (also with inputs= and under create_graph), not otherwise."""
    out = []
    for kw in ({}, {"inputs": "a"}, {"create_graph": True}):
        a = T.tensor(0.5, dtype=T.float64, requires_grad=True)
        b = T.rsub(T.arange(3.0, dtype=T.float64), a)
        b.expand(2, 3).fill_(-0.783)
        if "inputs" in kw:
            out.append(err(lambda: b.sum().backward(inputs=[a])))
        else:
            out.append(err(lambda: T.autograd.grad(b.sum(), [a], **kw)))
    # fill_ with a tensor value refuses the expanded view already in forward
    w = T.tensor(1.5, requires_grad=True)
    out.append(err(lambda: T.ones(3).expand(2, 3).fill_(w)))
    # fill_ with a tensor value: self's gradient is zeros even for inf / NaN
    x = arange(T, (3,), rg=True)
    v = T.tensor(2.0, requires_grad=True)
    z = x * 1
    z.fill_(v)
    gx, gv = T.autograd.grad(z, [x, v], T.tensor([float("inf"), float("nan"), 1.0]))
    return out + [gx, gv]


@case
def backward_inputs_steals_the_gradient(T):
    """seed 16178: backward(inputs=[leaf]) selects what runs but captures
    nothing, so AccumulateGrad steals a view of the user's gradient as in
    a plain backward: .grad aliases it, and a later accumulation bumps the
    user's tensor's version."""
    out = []
    for inputs in (False, True):
        x = arange(T, (2, 3, 5)).requires_grad_()
        v = x.view(2, 15)
        go = T.ones(2, 15)
        if inputs:
            v.backward(go, inputs=[x])
        else:
            v.backward(go)
        out.append([go._version, x.grad._version, x.grad.data_ptr() == go.data_ptr()])
        v.sum().backward(retain_graph=True)
        out.append([go._version, x.grad._version, go])
    return out


@case
def add_with_alpha_checks_other_first(T):
    """seed 22907: add(x, other, alpha=...) refuses a non-Tensor, non-number
    other with the parser's error before alpha is looked at (as sub)."""
    x = T.ones(2)
    return [err(lambda: T.add(x, None, alpha=0.5)), err(lambda: T.add(x, "a", alpha=2)),
            err(lambda: T.add(x, [1.0], alpha=2)), err(lambda: T.sub(x, None, alpha=2)),
            err(lambda: T.add(x, None)), T.add(x, 2, alpha=3), T.add(x, T.ones(2), alpha=0.5)]


@case
def maximum_unpacks_other_first(T):
    """seed 23321: MaximumBackward0/MinimumBackward0 unpack `other` before
    `self` (torch's generated order), so when both were modified in place
    the version error names other (here a tensor without a grad_fn)."""
    out = []
    for f in ("maximum", "minimum"):
        a = T.tensor(2.0, requires_grad=True)
        x = a * 1
        y = T.tensor(3.0)
        z = getattr(T, f)(x, y)
        x.add_(1)
        y.add_(1)
        out.append(err(lambda: z.backward()))
        b = T.tensor(3.0, requires_grad=True)
        x = T.tensor(2.0)
        y = b * 1
        z = getattr(T, f)(x, y)
        x.add_(1)
        y.add_(1)
        out.append(err(lambda: z.backward()))
    return out


@case
def summed_gradient_stolen_after_data_changed_shape(T):
    """seed 25983: a leaf's gradient summed in place in the input buffer
    (two uses: version 1) is still stolen -- the version table's reference
    does not count as another owner -- so after `.data` took another shape
    .grad keeps the recorded one, as torch's."""
    out = []
    for uses in (1, 2, 3):
        x = arange(T, (3,), rg=True)
        w = T.tensor([0.5], requires_grad=True)
        y = sum([w * (k + 1) for k in range(uses)][1:], w * 1)
        w.data = T.ones(2, 3, 3)
        (x.neg() - y).sum().backward()
        out.append([w.grad, w.grad._version])
    x = T.tensor([0.5], requires_grad=True)
    (T.where(x > 0, x, x) * 2).sum().backward()
    return out + [[x.grad, x.grad._version]]


# -- seeds 26000:50000 (session 25) ---------------------------------------------

@case
def pow_bool_exponent_tensor_backward(T):
    """seed 40802: pow_backward_self computes exponent - 1, which a bool
    exponent tensor refuses (sub_check); a Python bool exponent is
    PowBackward0 and differentiates."""
    out = []
    for e in (lambda: T.tensor(True), lambda: T.tensor([True, False]), lambda: True, lambda: T.tensor(1)):
        x = arange(T, (2,), True)
        out.append(err(lambda: (x.abs() ** e()).sum().backward()))
        out.append(x.grad)
        y = arange(T, (2,), True)
        z = y.clone()
        out.append(err(lambda: z.pow_(e()).sum().backward()))
        out.append(y.grad)
    w = arange(T, (2,), True)
    out.append(err(lambda: (T.tensor([2.0, 3.0]) ** T.tensor([True, False])).sum()))
    b = T.tensor([True, False])
    out.append(err(lambda: T.autograd.grad((w.abs() ** b).sum(), [w], create_graph=True)))
    return out


@case
def copyslices_writes_into_a_self_overlapping_view(T):
    """seed 38578: CopySlices copies fn's gradient into grad_slice, the
    view's geometry over a fresh buffer; copy_ refuses a view that
    provably repeats an address (a stride-0 dimension of size > 1) and
    writes one that merely may overlap (an unfold)."""
    out = []
    for k in range(4):
        v5 = arange(T, (5,), True) * 2
        v6 = [lambda: v5.as_strided((2,), (0,), 3), lambda: v5.as_strided((1, 2), (0, 1), 1),
              lambda: v5.unfold(0, 3, 1), lambda: v5.as_strided((2, 2), (1, 0), 0)][k]()
        with T.no_grad():
            with T.enable_grad():
                v6.mul_(v6) if k == 2 else v6.copy_(v6)
        v13 = arange(T, (5,))
        out.append(err(lambda: v5.backward(v13, retain_graph=True)))
    return out


@case
def movedim_of_a_zero_dim_tensor(T):
    """seed 27812: movedim wraps dims against [-1, 0] on a 0-d tensor,
    checks repeats, and returns an alias (AliasBackward0 view)."""
    out = []
    a = T.tensor(2.0, requires_grad=True)
    for args in ((0, 0), (-1, 0), ((0,), (0,)), ((), ()), (1, 0), (0, -2), ((0, 0), (0, 0)), ((0,), (0, 0))):
        r = err(lambda: a.movedim(*args))
        out.append(r if r[0] != "ok" else [r[1], r[1]._is_view(), r[1]._base is a])
    b = T.moveaxis(a, 0, -1)
    b.backward()
    out.append([b, a.grad])
    c = T.tensor(3)
    out.append(c.argmax(-1).movedim(0, 0))
    return out


@case
def layouts_of_stack_softmax_cumsum_outputs(T):
    """seeds 31285, 36601: stack (cat of the unsqueezed inputs), softmax,
    log_softmax and cumsum write contiguous outputs whatever the inputs'
    strides, so a later reshape/flatten of them is a view (ViewBackward0),
    not a copy (UnsafeViewBackward0)."""
    out = []
    v2 = arange(T, (2, 2, 3), True)
    v5 = v2.permute(2, 1, 0).clone()
    s = T.stack([v5, v5])
    out.append([v5.stride(), s.stride(), T.floor(T.rsub(s, -3)).reshape(2, 12).grad_fn.name(),
                T.stack([v5, v5], 2).stride(), T.stack([v5.mT, v5.mT], -1).stride()])
    w = arange(T, (2, 4, 3), True, T.float64)
    v = w.as_strided((3, 3), (2, 3), 12)
    for f in (lambda x, d: x.softmax(d), lambda x, d: x.log_softmax(d), lambda x, d: x.cumsum(d)):
        for d in (0, 1):
            r = f(v, d)
            out.append([r.stride(), r.flatten().grad_fn.name(), f(w.transpose(0, 2), d).stride(),
                        f(w[:, ::2], d).stride()])
    q = arange(T, (2, 3, 2, 2)).permute(0, 2, 3, 1)
    out.append([T.stack([q[0], q[1]]).stride(), T.stack([q, q], 1).stride()])
    return out


@case
def inplace_write_into_self_overlapping_output_past_grain_size(T):
    """seed 29190: an in-place op on an unfold (its output repeats
    addresses) of GRAIN_SIZE (32768) elements or more is replayed in
    torch's loop order too (one thread: the whole range one chunk), not
    computed from numpy's snapshot."""
    nt = T.get_num_threads()
    T.set_num_threads(1)
    try:
        out = []
        for shape, k, f in (((4, 258), 49, lambda v: v.mul_(v)), ((2, 20000), 2, lambda v: v.add_(1.5)),
                            ((3, 12000), 3, lambda v: v.mul_(1.25))):
            n = shape[0] * shape[1]
            v1 = T.tensor(np.linspace(-1.01, 1.02, n).reshape(shape), dtype=T.float32)
            v3 = v1.unfold(-1, k, 1)
            with T.no_grad():
                f(v3)
            out.append([v1[:, :5], v1[:, -5:], v1.isinf().sum(), v1.isnan().sum(), v1[:, ::997]])
        x = T.tensor(np.linspace(-1, 1, 70000).reshape(35000, 2), dtype=T.float32)
        x.add_(x[:, 1:2])
        out.append([x[:3], x[-3:], x[::997]])
        return out
    finally:
        T.set_num_threads(nt)


@case
def add_sub_of_a_non_number_before_alpha_and_sub_checks(T):
    """seeds 31905, 41250, 41072: the parser refuses a non-Tensor,
    non-number operand before alpha_check and before sub_check (bool - None
    is Python's TypeError, not the bool-subtraction error)."""
    x = arange(T, (2,), True)
    b = T.tensor([True, False])
    return [err(lambda: T.add(x, None, alpha=0.5)), err(lambda: T.add(x, None, alpha=2)),
            err(lambda: T.add(x, "a", alpha=2)), err(lambda: T.sub(x, None, alpha=2)),
            err(lambda: b - None), err(lambda: T.sub(b, None)), err(lambda: None - b),
            err(lambda: b - 1j), err(lambda: b - True), err(lambda: T.sub(b, b)), err(lambda: x - None)]


@case
def cat_of_zero_dim_and_legacy_empty_tensors(T):
    """seeds 37097, 48316, 47024: cat refuses a 0-d input by position before
    its dimension checks; when every input is a skipped legacy empty 1-D
    tensor the result still has CatBackward0 history (dim unchecked), and a
    skipped input's gradient is zeros({0}), not None."""
    def res(f):
        r = err(f)
        return r if r[0] != "ok" else [r[1], r[1].is_leaf, r[1].grad_fn.name() if r[1].grad_fn else None]
    a = T.ones(0, requires_grad=True)
    b = T.ones(0, dtype=T.float64)
    z = T.tensor(1.0)
    out = [res(f) for f in (lambda: T.cat([a, b]), lambda: T.cat([b, b]), lambda: T.cat([a, b], 1),
                            lambda: T.cat([z, a]), lambda: T.cat([a, z]), lambda: T.cat([T.ones(2), z, z]),
                            lambda: T.cat([T.ones(2, 2), T.ones(3)]), lambda: T.cat([T.ones(2, 2), z]))]
    r = T.cat([a, a])
    r.sum().backward()
    out.append(a.grad)
    a2 = T.ones(0, requires_grad=True)
    c = arange(T, (3,), True, T.float64)
    T.cat([a2, c, a2]).sum().backward()
    out.append([a2.grad, c.grad])
    a3 = T.ones(0, requires_grad=True)
    out.append(T.autograd.grad(T.cat([a3, c]).sum(), [a3], create_graph=True))
    return out


@case
def multi_output_view_names_in_the_rebase_error(T):
    """seeds 33139, 40755, 40808: the error for a view of a multi-output
    view whose base changed in place names the view op after its node,
    "Backward0" dropped and another overload's number kept (squeeze.dim is
    Squeeze1, squeeze.dims Squeeze2)."""
    fs = [lambda c: c.unsqueeze(0).squeeze(0), lambda c: c.unsqueeze(0).squeeze(),
          lambda c: c.unsqueeze(0).squeeze((0,)), lambda c: c.transpose(0, 1), lambda c: c[0:1],
          lambda c: c.select(0, 1), lambda c: c.t(), lambda c: c.expand(2, 4, 2), lambda c: c.diagonal(),
          lambda c: c.split(1)[0], lambda c: c.unsqueeze(1), lambda c: c.permute(1, 0), lambda c: c.unbind(0)[1],
          lambda c: c.as_strided((2,), (1,)), lambda c: c[...], lambda c: c.unfold(0, 2, 1)]
    out = []
    x = arange(T, (4, 3), True)
    for f in fs:
        y = x.clone()
        v = f(y.chunk(2, -1)[0])
        with T.no_grad():
            y.add_(0)
        out.append(err(lambda: v.grad_fn))
    return out


@case
def expand_message_names_a_bool_tensor_as_torch(T):
    """seeds 37486, 46935: expand's too-few-sizes error prints the tensor's
    type as torch's toString does: torch.<Legacy>Tensor for the eight legacy
    types, CPUBoolType for bool (also reached through setitem)."""
    out = []
    for dt in (T.bool, T.float32, T.float64, T.int64, T.uint8, T.float16, T.int8, T.int16, T.int32):
        out.append(err(lambda: T.ones(2, dtype=dt).expand(())))
    x = T.zeros(())
    with T.no_grad():
        out.append(err(lambda: x.__setitem__(Ellipsis, T.ones(2, dtype=T.bool))))
    return out


@case
def stale_multi_output_view_reported_before_bool_subtraction(T):
    """seeds 27334, 46776: the autograd wrapper collects the operands'
    gradient edges before the kernel's sub_check, so a multi-output view
    whose base changed in place raises its own error first."""
    out = []
    for f in (lambda v: T.rsub(v, True), lambda v: v - T.tensor(True), lambda v: T.tensor([True, False]) - v,
              lambda v: T.sub(v, True, alpha=2), lambda v: True - v):
        v6 = arange(T, (3, 2), True)
        v7, v8, v9 = T.unbind(v6, -2)
        with T.no_grad():
            v8.mul_(True)
        out.append(err(lambda: f(v9)))
        with T.no_grad():
            out.append(err(lambda: f(v9)))
    return out


@case
def invalid_gradient_keeps_the_saved_values(T):
    """seed 41874: torch validates a node's gradients (validate_outputs)
    before its post hooks run and before its saved values are freed, so a
    gradient of the wrong shape (a leaf's .data replaced after its
    accumulator recorded the old shape) raises the same error on every
    backward, never the freed-graph one; post hooks see the validated
    gradients (summed to the recorded shapes, cast to the recorded dtypes),
    and a gradient for an edge that does not run under inputs= is dropped
    unchecked (None to the post hooks)."""
    out = []
    v1 = T.tensor(0.7, dtype=T.float64, requires_grad=True)
    v2 = arange(T, (2, 1), True)
    v2.expand(2, 2, 3)
    v2.data = arange(T, (3,))
    v5 = v1 / v2
    seen = []
    v5.grad_fn.register_prehook(lambda go: seen.append("pre"))
    v5.grad_fn.register_hook(lambda gi, go: seen.append([None if g is None else list(g.shape) for g in gi]))
    out.append(err(lambda: T.autograd.grad(v5.sum(), [v2, v5], allow_unused=True)))
    out.append(err(lambda: v5.sum().backward()))
    out.append(err(lambda: v5.sum().backward()))
    out.append(err(lambda: v5.sum().backward(inputs=[v1])))
    out.append(err(lambda: v5.sum().backward()))
    out.append([seen, v1.grad.tolist() if v1.grad is not None else None])
    a = T.ones(3, requires_grad=True)
    b = T.ones(2, 3, dtype=T.float64, requires_grad=True)
    y = a * b
    y.grad_fn.register_hook(lambda gi, go: seen.append([(list(g.shape), str(g.dtype).split(".")[-1]) for g in gi]))
    y.sum().backward()
    out.append(seen[-1])
    return out


@case
def zero_dim_leaf_steals_a_gradient_of_its_recorded_shape(T):
    """seed 40778: a leaf whose .data became 0-d takes a gradient of more
    dims when torch's obeys_layout_contract, reading strides past the
    leaf's own (1 for the first, 0 after), says it may: (n,) and (n, 1)
    contiguous gradients are stolen as they are, others copied into the
    0-d leaf (copy_'s broadcast error); the same for leaves whose data
    lost trailing dims."""
    out = []
    for shp, new in [((3,), ()), ((1,), ()), ((1, 3), ()), ((3, 1), ()), ((2, 3), ()), ((2, 1, 3), ()),
                     ((3, 1), (3,)), ((2, 3), (3,)), ((1, 3), (3,)), ((3, 1), (1,)), ((3,), (2,)),
                     ((1, 1, 4), (4,)), ((4, 1, 1), (4,)), ((2, 2), (2, 2, 1))]:
        x = arange(T, shp, True)
        y = x * 2
        x.data = arange(T, new)

        def run():
            y.backward(T.ones(shp), retain_graph=True)
            return [list(x.grad.shape), x.grad._version, x.grad.tolist()]
        out.append(err(run))
    v1 = arange(T, (1, 3), True, T.float64)
    v3 = arange(T, (3,), True, T.float64)
    v4 = v3 * v1
    v3.data = T.tensor(1.5, dtype=T.float64)
    out.append(err(lambda: v4.sum().backward(retain_graph=True)))
    out.append([v1.grad.tolist(), v3.grad.tolist()])
    return out


@case
def formulas_on_an_operand_replaced_through_data_raise_torch_errors(T):
    """seeds 36662, 47595: a backward formula whose saved tensor's .data was
    replaced by another shape raises what torch's formula raises there: the
    kernels' broadcast error (TensorIterator's "size of tensor a ... must
    match"), transpose's dimension range and bmm's/mm's size checks for the
    matrix products -- never numpy's ValueError / AxisError; a gradient of
    another shape is judged by validate_outputs."""
    ops = [T.sin, T.cos, T.log, T.abs, T.relu, T.tanh, T.sigmoid, T.exp, lambda x: x ** 2,
           lambda x: x.pow(3.0), lambda x: x * x, lambda x: 1 / x, T.square, T.rsqrt, T.log1p,
           lambda x: x.clamp(0, 1), lambda x: x * T.ones(4, 3, 2), lambda x: x.sum(), lambda x: x.mean(),
           lambda x: x.softmax(-1), lambda x: x.amax(-1), lambda x: x.cumsum(0),
           lambda x: T.where(x > 0, x, x * 2), lambda x: T.atan2(x, T.ones(4, 3, 2)),
           lambda x: T.maximum(x, T.zeros(4, 3, 2)), lambda x: T.addcmul(T.zeros(4, 3, 2), x, x)]
    out = []
    for f in ops:
        for new in [(1, 5), (3,), ()]:
            def run():
                x = T.full((4, 3, 2), 0.5, requires_grad=True)
                y = f(x)
                x.data = T.full(new, 0.25)
                y.backward(T.ones(y.shape))
                return [list(x.grad.shape), x.grad.tolist()]
            out.append(err(run))

    def mm_case(ash, bsh, newa=None, newb=None, batched=False, rgb=True):
        a = T.ones(ash, requires_grad=True)
        b = T.ones(bsh, requires_grad=rgb)
        y = T.bmm(a, b) if batched else T.mm(a, b)
        if newa is not None:
            a.data = T.ones(newa)
        if newb is not None:
            b.data = T.ones(newb)
        y.sum().backward()
        return [None if t.grad is None else list(t.grad.shape) for t in (a, b)]
    for args, kw in [(((5, 3, 4), (5, 4, 4)), dict(newb=(3,), batched=True, rgb=False)),
                     (((5, 3, 4), (5, 4, 4)), dict(newb=(4, 4), batched=True, rgb=False)),
                     (((5, 3, 4), (5, 4, 4)), dict(newb=(5, 4, 2), batched=True, rgb=False)),
                     (((5, 3, 4), (5, 4, 4)), dict(newb=(2, 4, 4), batched=True, rgb=False)),
                     (((5, 3, 4), (5, 4, 4)), dict(newa=(5, 3, 2), batched=True)),
                     (((5, 3, 4), (5, 4, 4)), dict(newa=(), batched=True)),
                     (((5, 3, 4), (5, 4, 4)), dict(newb=(5, 2, 4), batched=True, rgb=False)),
                     (((3, 4), (4, 2)), dict(newb=(3,), rgb=False)),
                     (((3, 4), (4, 2)), dict(newb=(2, 4, 2), rgb=False)),
                     (((3, 4), (4, 2)), dict(newb=(4, 5), rgb=False)),
                     (((3, 4), (4, 2)), dict(newa=(3, 5))),
                     (((3, 4), (4, 2)), dict(newa=(2, 3, 4))),
                     (((3, 4), (4, 2)), dict(newb=(5, 2), rgb=False))]:
        out.append(err(lambda: mm_case(*args, **kw)))
    return out


@case
def leaf_grad_aliases_a_view_of_the_root_gradient(T):
    """seeds 27124, 33157, 40250, 45921: AccumulateGrad steals a gradient
    nothing else holds; a view formula's result (view, t, reshape) of the
    user's gradient is such a one, so .grad aliases the user's tensor and
    its version counter, and a later in-place op on the gradient shows in
    .grad -- with backward(inputs=...) too. A root gradient that
    validate_outputs converted (another dtype, summed to the shape the
    edge recorded) is a new tensor the caller's list keeps: a leaf fed it
    directly copies it (version 1), a view of it is stolen (version 0)."""
    out = []

    def snap(x, g):
        return [x.grad.tolist(), x.grad._version, g._version, list(x.grad.shape), str(x.grad.dtype).split(".")[-1]]

    def v1():
        x = arange(T, (2, 3), True)
        g = arange(T, (3, 2))
        x.t().backward(g, inputs=[x])
        g.div_(2)
        return snap(x, g)

    def v2():
        x = arange(T, (6,), True)
        g = arange(T, (2, 3))
        y = x.view(2, 3)
        y.backward(g, inputs=[x])
        g.div_(2)
        return snap(x, g)

    def v3():
        x = arange(T, (6,), True)
        g = arange(T, (2, 3))
        T.autograd.backward([x.view(2, 3)], [g])
        g.mul_(3)
        return snap(x, g)

    def v4():
        x = arange(T, (3,), True)
        g = arange(T, (3,))
        (x * 1).backward(g, inputs=[x])
        g.div_(2)
        return snap(x, g)

    def v5():
        x = arange(T, (3,), True)
        g = arange(T, (3,))
        x.backward(g)
        g.div_(2)
        return snap(x, g)

    def v6():
        x = arange(T, (3,), True)
        g = arange(T, (3,), dtype=T.float64)
        x.view(3).backward(g)
        g.div_(2)
        return snap(x, g)

    def v7():
        x = arange(T, (3,), True)
        g = arange(T, (3,), dtype=T.float64)
        x.backward(g)
        return snap(x, g)

    def v8():
        x = arange(T, (3,), True)
        g = arange(T, (3,), dtype=T.float64)
        x.backward(g, inputs=[x])
        return snap(x, g)

    def v9():
        x = arange(T, (3,), True)
        g = arange(T, (1, 3))
        y = x.view(3)
        y.data = T.ones(1, 3)
        y.backward(g)
        g.div_(2)
        return snap(x, g)

    def v10():
        x = arange(T, (3,), True)
        y = x.view(3)
        g = arange(T, (3,))
        T.autograd.grad(y, [x], g, retain_graph=True)
        y.backward(g)
        g.div_(2)
        return snap(x, g)
    for f in (v1, v2, v3, v4, v5, v6, v7, v8, v9, v10):
        out.append(err(f))
    return out


@case
def copy_slices_gradient_has_version_two(T):
    """seed 33157: CopySlices' gradient for the base is torch's
    new_empty_strided(base).copy_(grad) with fn's gradient copy_'d into the
    view's slice: version 2, as autograd.grad returns it (through a
    pass-through node: clone, add) and as a leaf steals it."""
    out = []

    def c1():
        x = arange(T, (4,), True)
        y = x * 1
        y[1:3].mul_(2)
        g, = T.autograd.grad(y.sum(), [x])
        return [g.tolist(), g._version]

    def c2():
        x = arange(T, (4,), True)
        y = x + 0
        y[1:3].mul_(2)
        y.sum().backward()
        return [x.grad.tolist(), x.grad._version]

    def c3():
        x = arange(T, (4,), True)
        y = x.clone()
        y[::2].zero_()
        y.sum().backward()
        return [x.grad.tolist(), x.grad._version]

    def c4():
        x = arange(T, (2, 3), True)
        y = x.clone()
        y.t()[1].mul_(2)
        g, = T.autograd.grad(y.sum(), [x])
        return [g.tolist(), g._version, list(g.stride())]

    def c5():
        x = arange(T, (2, 3), True)
        y = x.clone()
        y[0].mul_(2)
        y.t().sum().backward()
        return [x.grad.tolist(), x.grad._version]

    def c6():
        v3 = arange(T, (2,), True)
        v7 = arange(T, (1,))
        v11 = (v3 + v7)[::3]
        v11.zero_()
        v17 = T.add(T.square(v3), arange(T, (2,), True, T.float64), alpha=-1)
        gs = T.autograd.grad(v11.sum(), [v11, v3, v17], allow_unused=True)
        return [None if g is None else [g.tolist(), g._version] for g in gs]

    def c7():
        # seed 40233: fn gets a fresh clone of the slice, which add_'s
        # other receives as it is: not a view
        v2 = arange(T, (4, 5), True)
        v4 = T.add(arange(T, (1, 5), True), v2)
        v22 = v2.sin().squeeze()
        v22.add_(v4)
        g, = T.autograd.grad(v22.sum(), [v4])
        return [g.tolist(), g._version, g._is_view()]
    for f in (c1, c2, c3, c4, c5, c6, c7):
        out.append(err(f))
    return out


# -- matrix products: mixed-dtype messages and saved-operand order (seeds 35704, 43904) --
# each entry point's own check (addmm's meta compares self with mat2 first; bmm's
# message depends on the kernel its operands' sizes and strides pick; dot/vdot
# share "dot"; tensordot/inner/multi_dot theirs); the version error after both
# operands changed names the one torch unpacks first (mm/bmm: mat2)

def _mixed_products(T):
    F, D, L = T.float32, T.float64, T.int64
    f, d = T.ones(3, 4), T.ones(4, 5, dtype=D)
    v, vd = T.ones(4), T.ones(4, dtype=D)
    b3, b3d = T.ones(2, 3, 4), T.ones(2, 4, 5, dtype=D)
    cases = {
        "mm": lambda: T.mm(f, d), "mm_r": lambda: T.mm(d.t(), f.t()), "matmul22": lambda: T.matmul(f, d),
        "matmul11": lambda: T.matmul(v, vd), "matmul12": lambda: T.matmul(v, d), "matmul21": lambda: T.matmul(f, vd),
        "matmul13": lambda: v @ T.ones(3, 4, 5, dtype=D), "matmul31": lambda: b3 @ vd, "matmul33": lambda: b3 @ b3d,
        "bmm": lambda: T.bmm(b3, b3d), "mv": lambda: T.mv(f, vd), "dot": lambda: T.dot(v, vd),
        "vdot": lambda: T.vdot(v, vd), "linear": lambda: T.nn.functional.linear(f, T.ones(5, 4, dtype=D)),
        "linear1d": lambda: T.nn.functional.linear(v, T.ones(5, 4, dtype=D)),
        "linear3d": lambda: T.nn.functional.linear(b3, T.ones(5, 4, dtype=D)),
        "addmv": lambda: T.addmv(T.ones(3), f, vd), "addmv_self": lambda: T.addmv(T.ones(3, dtype=D), f, v),
        "mm_int": lambda: T.mm(f, T.ones(4, 5, dtype=L)), "matmul_int": lambda: T.matmul(T.ones(3, 4, dtype=L), d),
        "mm_half": lambda: T.mm(f, T.ones(4, 5, dtype=T.float16)), "mm_i32": lambda: T.mm(T.ones(2, 2, dtype=T.int32), f[:2, :2]),
        "mm_u8": lambda: T.mm(T.ones(2, 2, dtype=T.uint8), f[:2, :2]), "mm_bool": lambda: T.mm(T.ones(2, 2, dtype=T.bool), f[:2, :2]),
        "einsum": lambda: T.einsum("ij,jk->ik", f, d), "tensordot": lambda: T.tensordot(f, d, 1),
        "tensordot_bad_dim": lambda: T.tensordot(f, d, ([0], [3])),
        "multi_dot": lambda: T.linalg.multi_dot([f, d]),
        "multi_dot_2": lambda: T.linalg.multi_dot([f, T.ones(4, 4), T.ones(4, 5, dtype=L)]),
        "inner": lambda: T.inner(f, T.ones(5, 4, dtype=D)), "inner_shape": lambda: T.inner(f, T.ones(5, 5, dtype=D)),
    }
    for s, a, b in [(F, F, D), (F, D, F), (D, F, F), (D, F, D), (F, D, D), (D, D, F)]:
        k = "".join("f" if t == F else "d" for t in (s, a, b))
        cases[f"addmm_{k}"] = lambda s=s, a=a, b=b: T.addmm(T.ones(3, 5, dtype=s), T.ones(3, 4, dtype=a),
                                                                    T.ones(4, 5, dtype=b))
        cases[f"addmm_shape_{k}"] = lambda s=s, a=a, b=b: T.addmm(T.ones(3, 5, dtype=s), T.ones(3, 4, dtype=a),
                                                                          T.ones(3, 5, dtype=b))
        cases[f"linear_bias_{k}"] = lambda s=s, a=a, b=b: T.nn.functional.linear(
            T.ones(2, 3, 4, dtype=a), T.ones(5, 4, dtype=b), T.ones(5, dtype=s))
        for n in (2, 20):
            cases[f"baddbmm_{n}_{k}"] = lambda s=s, a=a, b=b, n=n: T.baddbmm(
                T.ones(2, 3, n, dtype=s), T.ones(2, 3, n, dtype=a), T.ones(2, n, n, dtype=b))
            cases[f"addbmm_{n}_{k}"] = lambda s=s, a=a, b=b, n=n: T.addbmm(
                T.ones(3, n, dtype=s), T.ones(2, 3, n, dtype=a), T.ones(2, n, n, dtype=b))
    return cases


@case
def matmul_family_mixed_dtype_messages(T):
    return {k: err(lambda f=f: f().dtype) for k, f in _mixed_products(T).items()}


@case
def bmm_mixed_dtype_message_follows_its_kernel(T):
    out = {}
    for n in (4, 20, 134):
        for step in (1, 2):
            a = T.ones(3, 1, n * step)[:, :, ::step]
            b = T.ones(3, n, 4, dtype=T.float64)
            v = T.ones(n * step)[::step]
            out[f"{n}_{step}"] = [err(lambda: T.bmm(a, b)), err(lambda: T.bmm(b.mT, a.mT)), err(lambda: v @ b),
                                  err(lambda: b.mT @ v), err(lambda: T.bmm(a.contiguous(), b.mT.contiguous().mT)),
                                  err(lambda: T.bmm(T.ones(3, 4, n).long(), b))]
    return out


def _version_error_names(T, f, sa, sb):
    a = T.ones(*sa, requires_grad=True)
    b = T.full(sb, 2.0, requires_grad=True)
    a1, b1 = a * 1, b * 1
    packed = []
    with T.autograd.graph.saved_tensors_hooks(lambda t: packed.append(list(t.shape)) or t, lambda t: t):
        f(a1, b1)
    r = f(a1, b1)
    with T.no_grad():
        a1.add_(1)
        b1.add_(1)
    e = err(lambda: r.sum().backward())
    if e[0] != "ok":
        e[1] = e[1][e[1].index("Tensor ["):e[1].index("]") + 1]   # the tensor it names
    return [packed, e]


@case
def products_save_and_unpack_operands_in_torchs_order(T):
    ops = {
        "mm": (T.mm, (2, 3), (3, 4)), "matmul22": (T.matmul, (2, 3), (3, 4)), "bmm": (T.bmm, (2, 2, 3), (2, 3, 4)),
        "mv": (T.mv, (2, 3), (3,)), "dot": (T.dot, (3,), (3,)), "vdot": (T.vdot, (3,), (3,)),
        "matmul12": (T.matmul, (3,), (3, 4)), "matmul33": (T.matmul, (2, 2, 3), (2, 3, 4)),
        "addmm": (lambda a, b: T.addmm(T.ones(2, 4), a, b), (2, 3), (3, 4)),
        "outer": (T.outer, (3,), (4,)),
        "baddbmm": (lambda a, b: T.baddbmm(T.ones(2, 2, 4, requires_grad=True), a, b), (2, 2, 3), (2, 3, 4)),
        "addbmm": (lambda a, b: T.addbmm(T.ones(2, 4, requires_grad=True), a, b), (2, 2, 3), (2, 3, 4)),
        "addmv": (lambda a, b: T.addmv(T.ones(2, requires_grad=True), a, b), (2, 3), (3,)),
        "addr": (lambda a, b: T.addr(T.ones(3, 4, requires_grad=True), a, b), (3,), (4,)),
    }
    out = {k: _version_error_names(T, *v) for k, v in ops.items()}
    # the factors' gradients when only some inputs require grad (a factor is
    # saved only for the other's gradient)
    for rg in [(1, 1, 1), (1, 0, 1), (1, 1, 0), (0, 1, 0), (0, 0, 1)]:
        for name, f, ss in [("addbmm", T.addbmm, ((2, 4), (3, 2, 3), (3, 3, 4))),
                            ("baddbmm", T.baddbmm, ((3, 2, 4), (3, 2, 3), (3, 3, 4))),
                            ("addmv", T.addmv, ((2,), (2, 3), (3,))), ("addr", T.addr, ((3, 4), (3,), (4,)))]:
            ts = [T.arange(float(np.prod(s))).reshape(s).requires_grad_(bool(r)) for s, r in zip(ss, rg)]
            f(*ts, beta=2, alpha=3).sum().backward()
            out[f"{name}_{rg}"] = [t.grad for t in ts]
    return out


# -- printing: torch's formatter digits on generated values (seed 47304) -----------
# the fuzzer accepts a printed last digit that moved with a value's rounding
# (runner.printed_rounding_only); here the values are identical on both
# sides, so every digit, mode (fixed/scientific/int), width and suffix must
# be torch's: float16/32/64, ints, bools, 0-d, empty, large (summarised),
# nan/inf, signed zeros, requires_grad and grad_fn suffixes

def _print_values(T):
    rng = np.random.default_rng(1)
    yield T.tensor(673.12945, dtype=T.float32)
    yield T.tensor([], dtype=T.float32)
    yield T.zeros(0, 3)
    yield T.tensor(True)
    yield T.tensor([True, False])
    yield T.tensor(3)
    yield T.tensor([1, -20, 300])
    yield T.tensor([1e10, 1])
    yield T.tensor([float("nan"), float("inf"), -float("inf"), 1.5])
    yield T.tensor([0.1, 0.25], requires_grad=True)
    yield T.tensor([0.1, 0.25], requires_grad=True) * 2
    for v in ([1e-5, 1.0], [1e-4, 1.0], [123456.7, 1.0], [1e8, 1.0], -0.0, [0.0, -0.0]):
        yield T.tensor(v)
    yield T.tensor(1e-10, dtype=T.float64)
    yield T.arange(2000.).reshape(40, 50)
    for _ in range(250):
        n = int(rng.integers(1, 8))
        scale = 10.0 ** rng.integers(-9, 10)
        kind = rng.integers(0, 6)
        v = rng.standard_normal(n) * scale
        if kind == 1:
            v = np.round(v)
        if kind == 2:
            v[rng.integers(0, n)] = np.nan
        if kind == 3:
            v = np.round(v * 1e4) / 1e4 + 0.00005
        dt = [T.float32, T.float64, T.float16][int(rng.integers(0, 3))] if kind != 4 else T.int64
        if kind == 4:
            v = np.clip(v, -1e15, 1e15)
        t = T.tensor(v, dtype=dt)
        if kind == 5 and n == 1:
            t = t[0]
        if dt != T.int64 and rng.integers(0, 2):
            t.requires_grad_()
        yield t


@case
def print_formatter_sweep(T):
    return [str(t).replace(T.__name__ + ".", "torch.") for t in _print_values(T)]


# -- amin/amax of signed zeros (seed 46271) ------------------------------------
# NOTE [ amin/amax of signed zeros ] (ops/reduction.pyx): which zero comes
# back follows torch's reduction order; the gradient splits evenly among all
# the zeros; min/max(dim) pick the first index

def _zero_sign_patterns(n, rng):
    yield "one_neg", np.where(np.arange(n) == rng.integers(0, n), -0.0, 0.0)
    yield "one_pos", np.where(np.arange(n) == rng.integers(0, n), 0.0, -0.0)
    yield "first_neg", np.where(np.arange(n) == 0, -0.0, 0.0)
    v = rng.choice([0.0, -0.0, 1.0, 2.0], n)
    yield "mixed_pos", v
    yield "mixed_neg", -v
    v = rng.choice([0.0, -0.0], n)
    yield "random_zeros", v
    v = rng.choice([0.0, -0.0, 3.0, np.nan], n) if n > 3 else np.zeros(n)
    yield "with_nan", v


def _signs(t):
    """A result's zero signs as text ('-' a negative zero or sign bit, '+'
    else), one character per element (compact golden data)."""
    return "".join("-" if b else "+" for b in np.signbit(t.detach().numpy()).reshape(-1))


@case
def amin_amax_signed_zeros(T):
    rng = np.random.default_rng(7)
    out = {}
    for n in list(range(1, 70)) + [95, 96, 127, 128, 129, 200, 255, 256, 300]:
        for pname, v in _zero_sign_patterns(n, rng):
            for dt in (T.float32, T.float64):
                x = T.tensor(v, dtype=dt)
                rows = [x.amin(), x.amax(), x[None].expand(2, n).contiguous().amin(1),
                        x[:, None].expand(n, 2).contiguous().amax(0), x[::2].amin() if n > 1 else x.amin(),
                        x.reshape(1, n, 1).amin((1, 2)), x.min(0), x.max(0)]
                out[f"{n}_{pname}_{str(dt)[-2:]}"] = " ".join(
                    _signs(r) if isinstance(r, T.Tensor) else _signs(r[0]) + str(r[1].item()) for r in rows)
    # outer reductions (outputs contiguous: groups of 128 bytes of columns
    # reduce by the vector combine), multi-dim and strided layouts
    for n in (1, 2, 3, 5, 17, 40):
        for cols in (3, 16, 33, 70):
            v = rng.choice([0.0, -0.0, 1.0], (2, n, cols))
            for dt in (T.float32, T.float64):
                x = T.tensor(v, dtype=dt)
                rows = [x.amin(1), x.amax(1), x.amin(0), x.amin((0, 1)), x.amax((1, 2)), x.amin(2),
                        x.transpose(1, 2).amin(2), x[:, ::2].amax(1), x.amin((0, 2))]
                out[f"outer_{n}_{cols}_{str(dt)[-2:]}"] = " ".join(_signs(r) for r in rows)
    # the gradient: all tied zeros share it
    x = T.tensor([0.0, -0.0, 1.0, -0.0], requires_grad=True)
    x.amin().backward()
    y = T.tensor([[0.0, -0.0], [-0.0, 0.0], [2.0, 0.0]], requires_grad=True)
    y.amax(0).sum().backward()
    out["grads"] = [x.grad, y.grad]
    return out


# -- var/std over one dim: Welford's order (seed 47082) ----------------------------
# NOTE [ var/std over one dim: Welford's order ]: bit-exact with torch, so a
# min's index over std values that tie to the last bit is torch's

@case
def var_std_over_a_dim_round_as_torch(T):
    rng = np.random.default_rng(0)
    out = {}
    for n in list(range(1, 40)) + [64, 65, 100]:
        for shape, ax in (((n, 7), 0), ((7, n), 1), ((3, n, 2), 1)):
            x = rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4)
            for dt in (T.float64, T.float32):
                t = T.tensor(x, dtype=dt)
                out[f"{n}_{len(shape)}{ax}_{str(dt)[-2:]}"] = " ".join(
                    float.hex(v) for c in (0, 1, 2) for v in
                    t.var(ax, correction=c).reshape(-1).tolist() + t.std(ax, keepdim=True, correction=c).reshape(-1).tolist())
    v = T.tensor([[2.461271450213833, 0.3671556745323572], [0.36715567453235737, 0.3671556745323573]],
                 dtype=T.float64)
    out["min_index_after_std"] = T.stack([v, v * 1.5]).std(0).min(1)
    return out


@case
def bmm_backward_after_data_changed_rank(T):
    """(seed 47595) bmm's saved operand swapped by .data for another rank:
    torch's formulas raise transpose's or bmm's error."""
    out = {}
    for which in ("self", "mat2"):
        for shape in ((3,), (4, 4), (1, 5, 4, 4)):
            a = T.ones(5, 3, 4, requires_grad=(which == "mat2"))
            b = T.ones(5, 4, 4, requires_grad=(which == "self"))
            r = T.bmm(a, b)
            (b if which == "self" else a).data = T.ones(shape)
            out[f"{which}_{len(shape)}"] = err(lambda: r.sum().backward())
    return out


def _first_inputs_chain(n, depth=5):
    out = []
    while n is not None and len(out) < depth:
        out.append(n.name().split("::")[-1])
        n = n.next_functions[0][0] if n.next_functions else None
    return out


@case
def copy_slices_gradients_are_fresh_tensors(T):
    """seeds 50685, 59387, 59088, 66670: CopySlices hands fn a clone of the
    gradient's slice (a gradient fn passes through -- copy_'s src, add's
    other -- is no view) and returns the base's gradient as a fresh tensor
    at version 2 (result.copy_(grad), grad_slice.copy_(res[0])), through
    autograd.grad, backward and create_graph; fn's undefined gradient (a
    custom Function's None) leaves the base's gradient undefined."""
    def meta(g):
        return None if g is None else [g, g._is_view(), g._version, list(g.stride())]

    out = []
    for k in range(4):
        for how in ("sum", "gout", "backward", "create_graph"):
            x = arange(T, (2, 3), True)
            v = arange(T, [(), (3,), (2,), (3,)][k], True)
            y = x.clone()
            if k == 0:
                y[1, 2] = v
            elif k == 1:
                y[0] = v
            elif k == 2:
                y[:, 1] *= v
            else:
                y[1] += v
            go = arange(T, (2, 3), how == "create_graph")
            if how == "sum":
                gs = T.autograd.grad(y.sum(), [x, v])
            elif how == "backward":
                y.backward(go)
                gs = (x.grad, v.grad)
            else:
                gs = T.autograd.grad(y, [x, v], go, create_graph=how == "create_graph")
            out.append([meta(g) for g in gs])
            if how == "create_graph":
                out.append([_first_inputs_chain(g.grad_fn) for g in gs])
                out.append(T.autograd.grad((gs[0] * gs[0]).sum() + gs[1].sum(), [go]))

    class F(T.autograd.Function):
        @staticmethod
        def forward(ctx, a, w):
            a.mul_(2)
            ctx.mark_dirty(a)
            return a

        @staticmethod
        def backward(ctx, g):
            return None, g.sum()

    for how in ("backward", "grad"):
        a = arange(T, (2, 3), True)
        w = T.tensor(1.5, requires_grad=True)
        b = a * 1
        F.apply(b[0], w)
        if how == "backward":
            b.sum().backward()
            out.append([a.grad, w.grad])
        else:
            out.append(T.autograd.grad(b.sum(), [a, w], allow_unused=True))
    return out


@case
def zero_dim_selecting_and_prod_gradients(T):
    """seed 66670: a 0-d input's gradient through prod (full and over a dim)
    is the incoming gradient itself, through mode/kthvalue/sort/cummax/
    cummin a fresh zeros().scatter_ at version 2, never a view of it."""
    ops = [lambda x: x.prod(), lambda x: x.prod(0), lambda x: x.prod(-1, keepdim=True),
           lambda x: x.mode(0)[0], lambda x: x.kthvalue(1, 0)[0], lambda x: x.kthvalue(1, 0, keepdim=True)[0],
           lambda x: x.sort(0)[0], lambda x: x.cummax(0)[0], lambda x: x.cummin(0)[0], lambda x: x.max(0)[0]]
    out = []
    for f in ops:
        x = T.tensor(0.7, requires_grad=True)
        y = f(x)
        r = []
        for how in range(3):
            go = T.tensor(2.0, requires_grad=how == 2)
            if how == 0:
                g, = T.autograd.grad(y.relu(), [x], retain_graph=True)
            else:
                g, = T.autograd.grad(y, [x], go, retain_graph=True, create_graph=how == 2)
            r.append([g.detach(), g._is_view(), g._version,
                      None if g.grad_fn is None else g.grad_fn.name()])
            if how == 2:
                r.append(T.autograd.grad(g * 3, [go]))
        out.append(r)
    return out


@case
def alpha_check_after_edges_and_broadcast_rsub_edges_first(T):
    """seeds 54980, 61729, 62989: add/sub's alpha_check runs after the
    autograd wrapper's gradient edges (a stale multi-output view's error) and
    after broadcasting (the size error); rsub with a Tensor other collects
    (input, other)'s edges before sub's kernel checks."""
    b5 = T.tensor([True, False, True, True, False])
    b2 = T.tensor([True, False])
    out = [err(lambda: T.add(b5 + b5, b2, alpha=0.5)), err(lambda: T.add(b5 + b5, b2[:1], alpha=0.5)),
           err(lambda: T.sub(b5.long(), b2.long(), alpha=0.5)), err(lambda: T.sub(b5, b2, alpha=0.5)),
           err(lambda: T.rsub(b5.long(), b2.long(), alpha=0.5)), err(lambda: T.add(b5.long(), 2, alpha=0.5))]
    for k in range(5):
        v6 = arange(T, (1, 3, 3), True, T.float64)
        v9, = v6.split(1, -3)
        with T.inference_mode():
            v6[0] = 3
        other = [arange(T, (3, 4), True, T.float64), T.tensor([True]), T.ones(3, dtype=T.long),
                 T.ones(3, dtype=T.long), T.ones(3, 4)][k]
        out.append(err(lambda: T.rsub(v9, other, alpha=[1, 1, 0.5, 1, 1][k]) if k != 3
                       else T.add(other, v9.long(), alpha=0.5)))
        out.append(err(lambda: T.add(v9, other, alpha=0.5) if k != 2 else T.sub(v9, other, alpha=0.5)))
    v2 = arange(T, (4,), True)
    v4, v5, v6, v7 = v2.unbind(-1)
    v10 = T.logical_not(v7)[None]
    with T.no_grad():
        v4[...] = 3
    out.append(err(lambda: T.rsub(v7, v10)))
    with T.no_grad():
        out.append(err(lambda: T.rsub(v7, v10)))
    return out


@case
def unfold_and_diagonal_gradients_of_an_input_that_repeats_addresses(T):
    """seed 77402: unfold_backward / diagonal_backward place the gradient by
    the op's parameters in a tensor of the input's sizes; an expanded (or
    overlapping-unfolded) input has several logical elements at one address,
    and each gets its own gradient (NOTE [ Unfold and diagonal gradients are
    logical ]); under create_graph the gradient's own backward is the view op."""
    out = []
    w = arange(T, (2, 1), True)
    ops = [lambda x: x.diagonal(), lambda x: x.diagonal(1), lambda x: x.t().diagonal(-1),
           lambda x: x.unfold(1, 2, 1), lambda x: x.unfold(0, 1, 1), lambda x: x.unfold(1, 1, 2),
           lambda x: x.unfold(1, 2, 1).unfold(2, 2, 1), lambda x: x.unfold(1, 2, 1).diagonal(0, 1, 2),
           lambda x: x.as_strided((2, 2), (1, 0), 0)]
    for mk in (lambda: (w * 2).expand(2, 3), lambda: (w * 2).expand(2, 3).unfold(1, 2, 1)[:, :, 0],
               lambda: w.expand(2, 3)):
        for f in ops:
            x = mk()
            try:
                y = f(x)
            except RuntimeError as e:
                out.append(str(e))
                continue
            wt = T.arange(y.numel(), dtype=T.float32).reshape(y.shape)
            gx, gw = T.autograd.grad((y * wt).sum(), [x, w], retain_graph=True)
            r = [gx, gw]
            go = T.ones(y.shape, requires_grad=True)
            g2, = T.autograd.grad(y, [x], go * wt, create_graph=True)
            r += [g2, None if g2.grad_fn is None else g2.grad_fn.name(), g2._version,
                  T.autograd.grad((g2 * T.arange(g2.numel()).reshape(g2.shape)).sum(), [go])]
            out.append(r)
    return out


@case
def out_of_place_index_put_is_one_op_at_version_0(T):
    """seed 79919: index_put (out of place, and the IndexPutBackward0
    formula under create_graph) writes into a clone made below autograd:
    version 0, its node's edges are input's own, the input is untouched; the
    in-place form still bumps and checks."""
    out = []
    idx = T.tensor([0, 0])
    for acc in (False, True):
        for rg in (False, True):
            x = arange(T, (2, 3), rg)
            v = arange(T, (3,), True)
            y = x.index_put((idx,), v, acc)
            z = T.index_put(x, (idx, T.tensor([2, 1])), T.tensor(5.0), accumulate=acc)
            out.append([y, y._version, x._version, y._is_view(), z, z._version,
                        [None if f is None else f.name() for f, _ in y.grad_fn.next_functions]])
            out.append(T.autograd.grad((y * arange(T, (2, 3))).sum(), [v] + ([x] if rg else [])))
            w = arange(T, (2, 1), True)
            u = w.cumsum(1)
            u[[0, 0]] = 0
            g, = T.autograd.grad(T.square(u).sum(), [w], create_graph=True)
            out.append([g, g._version, g.grad_fn.name(), T.autograd.grad(g.sum(), [w])])
    x = arange(T, (2, 3))
    out.append(err(lambda: x.index_put((idx,), T.ones(3, dtype=T.float64))))
    out.append(err(lambda: x.index_put((idx,), T.ones(4))))
    out.append(err(lambda: x.index_put(idx, T.ones(3))))
    out.append(err(lambda: x.index_put((idx,), 1.0)))
    out.append(err(lambda: x.index_put_(idx, T.ones(3))))
    out.append(err(lambda: x.index_put_((idx,), 1.0)))
    xe = arange(T, (1, 3)).expand(2, 3)
    out.append([xe.index_put((idx,), xe[1]), x.index_put((T.tensor([1]),), x[0]), x])
    with T.no_grad():
        y = arange(T, (2, 3), True).index_put((idx,), T.ones(3))
    out.append([y, y._version, y.requires_grad])
    return out


def _gname(t):
    return None if t.grad_fn is None else t.grad_fn.name().split("::")[-1]


@case
def inplace_ops_on_an_integral_tensor_with_history(T):
    """seed 77442: an int64 tensor gets history from a float that requires
    grad (CopySlices); an in-place op on it records its node (torch's
    rebase_history checks no dtype), unless the op's formula saves self:
    the autograd kernel's clone of self refuses ("Autograd not support
    dtype") before the kernel's own checks, the tensor unchanged
    (NOTE [ Integral tensors with history ]); out-of-place ops refuse."""
    ops = [lambda v: v.clamp_(min=-0.5), lambda v: v.clamp_(min=1), lambda v: v.clamp_(max=T.tensor(2)),
           lambda v: v.clamp_min_(1), lambda v: v.clip_(0, 1), lambda v: v.add_(1), lambda v: v.add_(0.5),
           lambda v: v.mul_(2), lambda v: v.mul_(T.ones(5, dtype=T.long)), lambda v: v.div_(2),
           lambda v: v.pow_(2), lambda v: v.abs_(), lambda v: v.neg_(), lambda v: v.sign_(), lambda v: v.sin_(),
           lambda v: v.exp_(), lambda v: v.relu_(), lambda v: v.square_(), lambda v: v.sub_(1),
           lambda v: v.fill_(3), lambda v: v.zero_(), lambda v: v.masked_fill_(v > 1, 7),
           lambda v: v.copy_(T.ones(5, dtype=T.long)), lambda v: v.fmod_(2), lambda v: v.remainder_(2),
           lambda v: v.floor_(), lambda v: v.round_(), lambda v: v.trunc_(),
           lambda v: v.addcmul_(v.detach(), v.detach()), lambda v: v.addcdiv_(v.detach(), v.detach()),
           lambda v: v.lerp_(T.ones(5), 0.5), lambda v: T.maximum(v, v), lambda v: v.__setitem__(0, 9),
           lambda v: v.index_fill_(0, T.tensor([0]), 9), lambda v: v.scatter_(0, T.tensor([0]), 9),
           lambda v: v.index_add_(0, T.tensor([0]), T.ones(1, dtype=T.long)),
           lambda v: v.put_(T.tensor([0]), T.tensor([9])), lambda v: v.masked_scatter_(v > 1, T.arange(5)),
           lambda v: v.index_copy_(0, T.tensor([0]), T.tensor([9])), lambda v: v.clone(), lambda v: v.sum(),
           lambda v: v * 2, lambda v: v.float(), lambda v: v.sigmoid_(), lambda v: v.log_(),
           lambda v: v.atan2_(v), lambda v: v.hypot_(v), lambda v: v.nan_to_num_(), lambda v: v.erf_(),
           lambda v: v.sgn_(), lambda v: v.tril_() if v.dim() == 2 else v.view(1, 5).tril_(),
           lambda v: v.mul_(T.tensor(2)), lambda v: v.fill_(T.tensor(3)), lambda v: v.detach_()]
    out = []
    for f in ops:
        v1 = T.tensor(0.5, dtype=T.float64, requires_grad=True)
        v2 = T.arange(5)
        v2[1::2] = v1
        r = err(lambda: f(v2))
        if r[0] == "ok" and isinstance(r[1], T.Tensor):
            r = ["ok", r[1].dtype, r[1] is v2, _gname(r[1])]
        out.append([r, v2.detach(), v2._version, v2.requires_grad, _gname(v2)])
    with T.no_grad():
        v2 = T.arange(5)
        v2[1::2] = T.tensor(0.5, requires_grad=True)
        out.append([v2.requires_grad, v2.clamp_(min=1), err(lambda: v2.clamp_(min=-0.5))])
    return out


@case
def expand_of_a_zero_dim_tensor_with_negative_sizes(T):
    """seed 79640: over a 0-d tensor torch's expand does not check -1 in a
    new leading dimension; the negative size fails the result's numel
    ("numel: integer multiplication overflow"); over a 1-d tensor the -1
    check stands."""
    out = []
    for shp, args in [((), (3, -1)), ((), (-1,)), ((), (2, 3, -1)), ((), (-1, 3)), ((1,), (3, -1, 1)),
                      ((1,), (-1, 3)), ((), (-2, 3)), ((), (3, -2)), ((2,), (-1, -1)), ((), (-1, -1)),
                      ((), (2, 1)), ((1,), (-1,))]:
        x = T.ones(shp, requires_grad=True)
        out.append(err(lambda: x.expand(*args)))
        out.append(err(lambda: x.expand(args)))
    return out


@case
def broadcast_gradient_through_an_integral_operand_is_a_view(T):
    """seed 83082: grad * other with an int64 (or bool) other is computed in
    grad's float dtype as torch's promotion gives (NOTE [ Float beats
    integral in kernels ]), so the engine's sum_to of a broadcast gradient
    is the view it is in torch, not a fresh float64 result cast back."""
    out = []
    for dt in (T.long, T.bool, T.int32):
        for fdt in (T.float32, T.float64):
            x1 = T.tensor([0.5], dtype=fdt, requires_grad=True)
            b = T.tensor([[3, 1], [0, 2], [16777217, 1]]).to(dt)
            for f in (lambda: b * x1, lambda: x1 * b, lambda: x1 / (b.to(T.long) + 1) if dt != T.bool else x1 / 2,
                      lambda: T.mul(b, x1[0])):
                for cg in (False, True):
                    g, = T.autograd.grad(f().sum(), [x1], create_graph=cg)
                    out.append([g, g.dtype, g._is_view(), g._version, g._base is not None and list(g._base.shape)])
    return out


@case
def zero_size_gradients_are_not_views(T):
    """seeds 40937, 41486: a formula's fresh zero-size gradient is no view
    (torch allocates it), in autograd.grad, .grad and a custom Function's
    result; a zero-size tensor keeps torch's strides (sizes clamped to 1)."""
    out = []

    class Times3(T.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 3

        @staticmethod
        def backward(ctx, g):
            r = g * 3
            out.append([r._is_view(), r.stride()])
            return r

    def info(g):
        return [list(g.shape), g._is_view(), g.stride(), g._version]

    for shape in [(0,), (0, 3, 2), (2, 0, 3), (3, 0)]:
        w = T.rand(3, 2, 4, requires_grad=True).mean()
        x = arange(T, (2,) + shape[1:], True)
        v = T.narrow(x * 1, 0, 1, 0) if shape[0] == 0 else T.zeros(shape, requires_grad=True) * 1
        y = (w * v).sqrt()
        out.append(info(T.autograd.grad(y.sum(), [v], retain_graph=True)[0]))
        out.append(info(T.autograd.grad(y.sum(), [y], retain_graph=True)[0]))
        out.append(info(T.autograd.grad((w * v.mT if v.dim() > 1 else w * v).sum(), [v])[0]))
        z = Times3.apply(v)
        out.append(info(T.autograd.grad(z.sum(), [v])[0]))
        leaf = T.zeros(shape, requires_grad=True)
        (leaf * w).sum().backward()
        out.append(info(leaf.grad))
        out.append([T.zeros(shape).stride(), T.zeros(shape).mT.stride() if len(shape) > 1 else None,
                    T.empty(shape).contiguous().stride()])
    return out


@case
def inplace_on_view_saved_output_names_the_views_grad_fn(T):
    """seed 90506: the version error of an output saved by an in-place op on
    a view names the view's grad_fn made then (AsStridedBackward0) while it
    lives, else the node it was saved for."""
    out = []
    for k in range(4):
        v1 = arange(T, (5,), True)
        v3 = T.logsumexp(v1, 0, keepdim=False)
        v4 = v3[None]
        [v4.exp_, v4.sigmoid_, v4.tanh_, v4.exp_][k]()
        if k < 3:
            v3[...] = v4          # keeps the view's grad_fn alive (copy_'s edge)
        else:
            v3.mul_(2)            # nothing holds it
        out.append(err(lambda: v3.sum().backward(create_graph=k == 1)))
    return out


@case
def gradients_for_given_inputs_skip_edges_to_nodes_that_do_not_run(T):
    """seed 61034: with inputs (autograd.grad, backward(inputs=...)) a
    node computes only the gradients whose edge leads to a node that runs
    (task_should_compute_output): pow's bool-exponent error in an unneeded
    branch does not raise, post hooks see None; saved variables are still
    unpacked first, so a modified one raises; CopySlices' fn computes the
    slice's gradient; a nested backward in a hook runs unfiltered."""
    out = []
    b = T.tensor(True)
    # pow with a bool exponent tensor: its base's gradient raises when computed
    x = arange(T, (1, 1, 3), True, T.float64)
    y = x.abs() ** b
    out.append(err(lambda: y.sum().backward(inputs=[y], retain_graph=True)))
    out.append(err(lambda: T.autograd.grad(y.sum(), [y], retain_graph=True)))
    out.append(err(lambda: y.sum().backward(retain_graph=True)))
    out.append(err(lambda: T.autograd.grad(y.sum(), [x])))
    # two branches; the error sits in the one not asked for
    a = arange(T, (3,), True)
    e = arange(T, (3,), True)
    p = a.abs() ** (e > 0)
    q = (a * e + p).sum()
    out.append(err(lambda: T.autograd.grad(q, [e], retain_graph=True)))
    out.append(err(lambda: T.autograd.grad(q, [a], retain_graph=True)))
    class Both(T.autograd.Function):
        @staticmethod
        def forward(ctx, u, v):
            return u * v

        @staticmethod
        def backward(ctx, g):
            seen.append(list(ctx.needs_input_grad))
            return g * 2, g * 3

    # post hooks of multi-input nodes see None for an edge not asked for
    # (a node that computes every gradient, cat's, a custom Function's, shows
    # them all)
    seen = []
    for make in (lambda u, v: u * v, lambda u, v: u / (v + 5), lambda u, v: u @ v.t(),
                 lambda u, v: T.addmm(u[:, :2], u, v.t()[:, :2]), lambda u, v: u.abs() ** v,
                 lambda u, v: T.where(u > 0, u, v), lambda u, v: T.maximum(u, v),
                 lambda u, v: T.cat([u, v]), lambda u, v: T.stack([u, v]), lambda u, v: u + v,
                 lambda u, v: T.nn.functional.mse_loss(u, v), lambda u, v: u.masked_fill(v > 0, v.sum()),
                 lambda u, v: T.lerp(u, v, 0.3), lambda u, v: T.atan2(u, v + 7),
                 lambda u, v: u - v, lambda u, v: T.add(u, v, alpha=2), lambda u, v: T.rsub(u, v),
                 lambda u, v: T.minimum(u, v), lambda u, v: T.clamp(u, v, v + 1), lambda u, v: u % (v.abs() + 1),
                 lambda u, v: T.fmod(u, v.abs() + 1), lambda u, v: T.hypot(u, v), lambda u, v: (u.abs() + 1) ** v,
                 lambda u, v: T.addcmul(u, u, v), lambda u, v: T.addcdiv(u, u, v.abs() + 1),
                 lambda u, v: T.lerp(u, v, v.sigmoid()), lambda u, v: T.dist(u, v), lambda u, v: T.dot(u[0], v[0]),
                 lambda u, v: T.mv(u, v[0]), lambda u, v: T.bmm(u[None], v.t()[None]),
                 lambda u, v: T.index_put(u, (T.tensor([0, 1]),), v[0]),
                 lambda u, v: u.index_add(0, T.tensor([1, 0]), v), lambda u, v: u.scatter(1, T.tensor([[0], [2]]), v),
                 lambda u, v: T.nn.functional.linear(u, v, v[0, :2]),
                 lambda u, v: T.nn.functional.binary_cross_entropy(u.sigmoid(), v.sigmoid()),
                 lambda u, v: T.nn.functional.smooth_l1_loss(u, v), lambda u, v: T.xlogy(u.abs(), v.abs() + 1),
                 lambda u, v: T.copysign(u, v), lambda u, v: T.logaddexp(u, v),
                 lambda u, v: T.cross(u, v, dim=1), lambda u, v: T.kron(u, v),
                 lambda u, v: T.einsum("ij,ij->i", u, v), lambda u, v: T.cdist(u, v),
                 lambda u, v: T.nn.functional.cosine_similarity(u, v), lambda u, v: Both.apply(u, v)):
        u = arange(T, (2, 3), True)
        v = arange(T, (2, 3), True) * 1
        r = make(u, v)
        r.grad_fn.register_hook(lambda gi, go: seen.append([None if g is None else g.detach() for g in gi]))
        out.append(err(lambda: T.autograd.grad(r.sum(), [u], retain_graph=True)))
        out.append(err(lambda: T.autograd.grad(r.sum(), [v], retain_graph=True)))
        out.append(err(lambda: r.sum().backward(inputs=[u])))
    out.append(seen)
    # a saved operand modified in place still raises for either input
    a = arange(T, (2,), True)
    c = arange(T, (2,), True) * 2
    y = a * c
    c.add_(1)
    out.append(err(lambda: T.autograd.grad(y.sum(), [a], retain_graph=True)))
    out.append(err(lambda: y.sum().backward(inputs=[a], retain_graph=True)))
    # CopySlices: the slice's gradient flows through fn for either input
    for k in range(3):
        leaf = arange(T, (4,), True)
        w = arange(T, (4,), True)
        base = leaf.clone()
        v = base[1:3]
        [lambda: v.mul_(w[:2]), lambda: v.copy_(w[2:] * 3), lambda: v.pow_(w[:2].abs())][k]()
        out.append(err(lambda: T.autograd.grad(base.sum(), [leaf], retain_graph=True)))
        out.append(err(lambda: T.autograd.grad(base.sum(), [w], retain_graph=True)))
        out.append(err(lambda: base.sum().backward(inputs=[leaf], retain_graph=True)))
        out.append([leaf.grad, w.grad])
    # a backward nested in a hook of a filtered backward computes every edge
    nested = []
    m = arange(T, (3,), True)
    n = arange(T, (3,), True)

    def hook(g):
        mm = arange(T, (3,), True)
        nn = arange(T, (3,), True)
        with T.enable_grad():
            nested.append(err(lambda: (mm * nn.abs() ** T.tensor(True)).sum().backward()))
            (mm * nn).sum().backward()
        nested.append([mm.grad, nn.grad])
        return g
    z = m * n
    z.register_hook(hook)
    out.append(T.autograd.grad(z.sum(), [m]))
    out.append(nested)
    return out


@case
def accumulating_into_a_grad_with_history_is_in_place(T):
    """A backward without create_graph accumulates into a .grad that a
    create_graph backward left with history in place, as torch's
    `variable_grad += new_grad`: the same tensor, one version more, its
    grad_fn kept (also through CopySlices and a hook-visible .grad)."""
    out = []
    w = arange(T, (2,), True)
    (w * w).sum().backward(create_graph=True)
    g0 = w.grad
    out.append([w.grad, w.grad._version, type(w.grad.grad_fn).__name__])
    (w * 2).sum().backward()
    out.append([w.grad, w.grad is g0, w.grad._version, type(w.grad.grad_fn).__name__])
    out.append(T.autograd.grad(w.grad.sum(), [w]))
    w2 = arange(T, (3,), True)
    o = w2 * 1
    v = o[:2]
    v.mul_(w2[1:])
    o.sum().backward(create_graph=True, retain_graph=True)
    g1 = w2.grad
    o.sum().backward(retain_graph=True)
    out.append([w2.grad, w2.grad is g1, w2.grad._version, type(w2.grad.grad_fn).__name__])
    leaf = arange(T, (2,), True)
    leaf.grad = arange(T, (2,), True) * 1
    (leaf * 3).sum().backward()
    out.append([leaf.grad, leaf.grad._version, type(leaf.grad.grad_fn).__name__, leaf.grad.requires_grad])
    return out


@case
def pow_rounds_as_torchs_kernel(T):
    """seed 50347: float32 pow rounded by numpy's SIMD pow differed from
    torch's C pow in the last bit (sin of the result then differed in the
    third digit). Compared bit for bit (as int views): tensor ** tensor,
    tensor ** each special-cased and a general exponent, number ** tensor,
    float32/float64, contiguous, transposed and broadcast operands, sizes
    below one vector step (torch's scalar loop), and the gradients whose
    formulas are only pow and products."""
    out = []
    # (float64's vector step is 16 elements: SLEEF's pow from there on)
    for dt, it, sizes in ((T.float32, T.int32, (4, 7, 31)), (T.float64, T.int64, (4, 7, 15))):
        for n in sizes:
            v = ((np.arange(n, dtype=np.float64) * 0.7311 + 1.3) % 3.7) + 0.01
            e = np.sin(np.arange(n, dtype=np.float64) * 1.37) * 4.3
            x = T.tensor(v, dtype=dt, requires_grad=True)
            y = T.tensor(e, dtype=dt)
            res = [x ** y, 2.7 ** y, 0.3 ** y, x ** y[:1], x ** y[0]]
            for s in (2, 3, -2, -1, -0.5, 1.7, 0.3, 4, -3, 2.5, 1 / 3, -3.3):
                res.append(x ** s)
            for r in res:
                out.append(r.detach().view(it))
            (g,) = T.autograd.grad((x ** 1.7).sum(), x)
            out.append(g.view(it))
            (g,) = T.autograd.grad((x ** -3.3).sum(), x)
            out.append(g.view(it))
        m = T.tensor(((np.arange(12.0) * 0.37) % 2.9 + 0.1).reshape(3, 4), dtype=dt)
        out.append((m.t() ** 1.7).view(it))
        out.append((m.t() ** m[:, :1].t()).view(it))
        out.append((m[:, ::2] ** -3.3).view(it))
    return out


@case
def reduction_backward_reads_live_self_after_data_rank_change(T):
    """prod / norm / var / std / amax / amin / logsumexp backward after a
    `.data` assignment gives the saved self another rank: torch's formulas
    unsqueeze the gradient by the live self's rank (prod, var, std) or by
    the gradient's own (amax/amin, norm, logsumexp), keep a full
    reduction's gradient 0-d, and the engine's shape check then names the
    shape; ours restored by the recorded shape ([1, 6]-shaped gradients,
    numpy's AxisError)."""
    ops = {
        "prod": lambda x: x.prod(), "prod_dim": lambda x: x.prod(1), "norm": lambda x: x.norm(),
        "norm_dim": lambda x: x.norm(dim=1), "norm1": lambda x: x.norm(p=1), "std": lambda x: x.std(),
        "std_dim": lambda x: x.std(1), "var": lambda x: x.var(), "var_dim": lambda x: x.var(1),
        "logsumexp": lambda x: x.logsumexp(1), "amax": lambda x: x.amax(1), "amin_all": lambda x: x.amin(),
        "amax_dims": lambda x: x.amax((0, 1)), "vector_norm": lambda x: T.linalg.vector_norm(x, 3),
    }
    out = []
    for name, f in ops.items():
        for shape in ((1, 1, 5), (3, 2), (6,), ()):
            x = arange(T, (2, 3), True)
            y = f(x)
            x.data = arange(T, shape) + 0.05
            out.append([name, shape, err(lambda: (y.sum().backward(), x.grad)[1])])
    return out


@case
def selecting_backward_checks_saved_indices(T):
    """seed 68211: max/min(dim)'s backward scatters the gradient at its saved
    indices, the indices tensor itself, so a `.data` assignment reaches it;
    torch's scatter_ then checks dtype, rank, sizes and bounds (a negative
    index is out of bounds where numpy wrapped it, -4 named instead of -2),
    and takes an int32 index (torch 2.13's scatter/gather accept int32 and
    int64: 'scatter(): Expected dtype int32/int64 for index' for every
    scatter variant). take_along_dim names int64 Long."""
    news = {"neg": lambda: T.tensor([[-2, -4, 1, 0, 1]]), "big": lambda: T.tensor([[0, 5, 1, 0, 1]]),
            "narrow": lambda: T.tensor([[0, 1, 1]]), "rank": lambda: T.tensor([0, 1, 1, 0, 1]),
            "float": lambda: T.tensor([[0.0, 1, 1, 0, 1]]), "int32": lambda: T.tensor([[0, 1, 1, 0, 1]], dtype=T.int32),
            "ok": lambda: T.tensor([[1, 1, 0, 0, 1]]), "rank3": lambda: T.tensor([[[0, 1, 1, 0, 1]]]),
            "wide": lambda: T.tensor([[0, 1, 1, 0, 1, 1]])}
    out = []
    for op in ("max", "min", "median"):
        for keep in (True, False):
            for k, f in news.items():
                x = arange(T, (2, 5), True)
                v, i = getattr(x, op)(-2, keepdim=keep)
                new = f()
                i.data = new if keep or k in ("rank", "rank3") else new.reshape(-1)
                out.append([op, keep, k, err(lambda: (v.sum().backward(), x.grad)[1])])
    x = arange(T, (2, 3), True)
    s = arange(T, (2, 3), True)
    for idt in (T.int32, T.int64, T.float32, T.int16):
        i = T.tensor([[1, 0, 1], [0, 0, 1]], dtype=idt)
        for f in (lambda: x.scatter(0, i, s), lambda: x.scatter(0, i, 2.5), lambda: x.scatter_add(0, i, s),
                  lambda: x.scatter_reduce(0, i, s, "amax"), lambda: x.gather(0, i),
                  lambda: T.take_along_dim(x, i, 0), lambda: x.detach().clone().scatter_(1, i, s.detach())):
            out.append(err(lambda: T.autograd.grad(f().sum(), [x, s], allow_unused=True)
                           if f().requires_grad else f()))
    return out


@case
def linear_saved_geometry_and_alpha(T):
    """F.linear with a bias over its paths (2-D addmm, a flattened N-d input
    viewed back, a 1-D input, a 0-d or broadcast bias: matmul + add_): the
    nodes' saved fields as torch shows them -- AddmmBackward0's
    mat1/mat2 sizes and strides (a stride tuple only for an operand whose
    gradient is needed, else ()), ViewBackward0/ExpandBackward0's
    self_sym_sizes, add/sub/rsub's alpha -- and the gradients."""
    F = T.nn.functional
    out = []
    cases = [((3,), (2, 3), (2,)), ((4, 3), (2, 3), (2,)), ((4, 3), (2, 3), ()), ((4, 3), (2, 3), (1,)),
             ((5, 4, 3), (2, 3), (2,)), ((3,), (2, 3), ()), ((3,), (3,), ()), ((4, 3), (3,), ()),
             ((4, 3), (2, 3), (4, 2)), ((4, 3), (2, 3), (1, 2)), ((5, 4, 3), (2, 3), (4, 2)), ((3,), (2, 3), (1,)),
             ((0, 3), (2, 3), (2,))]
    for xs, ws, bs in cases:
        for rg in ((True, True, True), (True, False, False), (False, True, False), (False, False, True)):
            x = arange(T, xs, rg[0]) if xs[0] else T.zeros(xs, requires_grad=rg[0])
            w = arange(T, ws, rg[1]) * 0.5 if rg[1] else arange(T, ws) * 0.5
            w = w.detach().requires_grad_(rg[1])
            b = arange(T, bs, rg[2])
            y = F.linear(x, w, b)
            fn = y.grad_fn
            info = [type(fn).__name__, list(y.shape)]
            for a in sorted(dir(fn)):
                if a.startswith("_saved_"):
                    v = getattr(fn, a)
                    info.append([a, list(v.shape) if isinstance(v, T.Tensor) else v])
            info.append(T.autograd.grad(y.sum(), [t for t in (x, w, b) if t.requires_grad]))
            out.append(info)
    v = arange(T, (2, 3), True)
    for f in (lambda: v + v, lambda: v + 1, lambda: T.add(v, v, alpha=2), lambda: T.add(v, 2, alpha=3),
              lambda: v - v, lambda: v - 1, lambda: T.sub(v, v, alpha=2.5), lambda: 1 - v,
              lambda: T.rsub(v, v, alpha=2), lambda: T.rsub(v, 2, alpha=3), lambda: v.view(6),
              lambda: v[:1].expand(4, 3), lambda: v.t().reshape(6)):
        fn = f().grad_fn
        out.append([type(fn).__name__, [[a, getattr(fn, a)] for a in sorted(dir(fn)) if a.startswith("_saved_")]])
    return out


@case
def addr_promotes_as_tensoriterator(T):
    """torch.addr over mixed dtypes: the result is the common dtype of the
    (expanded) input and both vectors -- a 0-d input promotes as a tensor
    --, beta and alpha are checked on it (a bool one needs a bool result, a
    float one a floating result, in that order), bool is
    (beta && input) || (alpha && vec1 && vec2), the product is
    beta * input + (alpha * vec1) * vec2; a bool beta/alpha is a Scalar
    (addmv, baddbmm take it as 1); gradients of mixed float dtypes."""
    out = []
    dts = ("float32", "float64", "int64", "int32", "bool", "float16", "uint8")
    for sd in dts:
        for vd in dts:
            for beta, alpha in ((1, 1), (2, 3), (0.5, 1), (1, 0.5), (True, False), (0, 1), (2.5, 2.5)):
                s = T.ones(2, 3, dtype=getattr(T, sd))
                a = T.tensor([1, 2], dtype=getattr(T, vd))
                b = T.tensor([1, 0, 3], dtype=getattr(T, vd))
                out.append(err(lambda: T.addr(s, a, b, beta=beta, alpha=alpha)))
    for d1 in dts[:5]:
        for d2 in dts[:5]:
            a = T.tensor([1, 2], dtype=getattr(T, d1))
            b = T.tensor([1, 0, 3], dtype=getattr(T, d2))
            out.append(err(lambda: T.addr(T.ones(2, 3), a, b)))
            out.append(err(lambda: T.ones(2, 3, dtype=getattr(T, d1)).addr_(a, b)))
    out.append(err(lambda: T.addr(T.tensor(2.0, dtype=T.float64), T.ones(2), T.ones(2))))
    out.append(err(lambda: T.addr(T.tensor(2.0), T.ones(2, dtype=T.long), T.ones(2, dtype=T.long))))
    out.append(err(lambda: T.addmv(T.ones(2), T.eye(2), T.ones(2), beta=True)))
    out.append(err(lambda: T.baddbmm(T.ones(1, 2, 2), T.ones(1, 2, 2), T.ones(1, 2, 2), alpha=True)))
    for xd, vd in (("float32", "float64"), ("float64", "float32"), ("float32", "float32")):
        x = arange(T, (2, 3), True, getattr(T, xd))
        u = arange(T, (2,), True, getattr(T, vd))
        v = arange(T, (3,), True, getattr(T, vd))
        y = T.addr(x, u, v, beta=0.5, alpha=2)
        out.append([y, type(y.grad_fn).__name__, T.autograd.grad((y * y).sum(), [x, u, v])])
    return out


@case
def lu_forward_ad_of_singular_matrices(T):
    """Forward AD of linalg.lu_factor(_ex)/linalg.lu/torch.lu: torch's
    formulas (dK = L^{-1} P^T dA U^{-1}; the packed LU tangent
    L dK.tril(-1) + dK.triu() U as one sum, dL = L dK.tril(-1), dU =
    dK.triu() U), so a singular U's inf/nan reach every entry of the packed
    tangent (ours left its lower part finite) and L's as torch's."""
    fw = T.autograd.forward_ad
    mats = ([[1.0, 2.0], [2.0, 4.0]], [[0.0, 0.0], [0.0, 0.0]], [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 1.0, 1.0]],
            [[0.0, 1.0], [0.0, 1.0]], [[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [0.0, 0.0]])
    out = []
    for A in mats + (None,):
        if A is None:
            A = T.tensor([mats[2], [[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]]], dtype=T.float64)
        else:
            A = T.tensor(A, dtype=T.float64)
        n = A.shape[-1]
        t = T.ones_like(A) * 0.1 + T.eye(n, dtype=T.float64) * 0.3
        with fw.dual_level():
            d = fw.make_dual(A, t)
            LU, piv, info = T.linalg.lu_factor_ex(d)
            P, L, U = T.linalg.lu(d)
            LU2, piv2 = T.lu(d)
            out.append([fw.unpack_dual(x).tangent for x in (LU, L, U, LU2)] + [fw.unpack_dual(P).tangent, info])
    return out


@case
def cumprod_backward_reads_saved_result(T):
    """cumprod saves self and its result as torch does (cumprod_backward(grad,
    self, dim, result)): after self's .data changes, the gradient is
    reversed_cumsum(result * grad) / self with the recorded result (ours
    recomputed the cumprod of the new self); an in-place change of the
    result is torch's version error; double backward at a zero."""
    out = []
    x = arange(T, (2, 3), True)
    y = x.cumprod(1)
    x.data = arange(T, (2, 3)) + 2.0
    y.sum().backward()
    out.append(x.grad)
    x = arange(T, (2, 3), True)
    y = x.cumprod(1)
    y.mul_(2)
    out.append(err(lambda: y.sum().backward()))
    x = T.tensor([[1.0, 2, 0, 3]], dtype=T.float64, requires_grad=True)
    (g,) = T.autograd.grad(x.cumprod(1).sum(), x, create_graph=True)
    out.append([g, T.autograd.grad(g.sum(), x)])
    x = arange(T, (3, 4), True, T.float64)
    (g,) = T.autograd.grad((x.cumprod(0) * arange(T, (3, 4), dtype=T.float64)).sum(), x, create_graph=True)
    out.append([g, T.autograd.grad((g * g).sum(), x)])
    return out


@case
def dist_backward_reads_saved_result(T):
    """dist saves its result as torch does (norm_backward(grad, self -
    other, p, result)): after self's .data changes the gradient divides by
    the recorded norm, for each p; an in-place change of the result is
    torch's version error."""
    out = []
    for p in (2, 1, 3, float("inf"), 0.5):
        x = arange(T, (2, 3), True)
        y = T.dist(x, x.detach() * 0.5, p)
        x.data = arange(T, (2, 3)) * 0.5 + 2.0
        y.backward()
        out.append(x.grad)
    x = arange(T, (2, 3), True)
    y = T.dist(x, x.detach() * 0.5)
    y.mul_(2)
    out.append(err(lambda: y.backward()))
    return out


@case
def gather_saves_self_and_index(T):
    """GatherBackward0 saves self and index as torch does: an in-place
    change of either is torch's version error, `.data` assignments reach
    backward (zeros(self.sizes()).scatter_add_(dim, index, grad) over the
    live tensors: scatter_add_'s errors, or its result), and the node shows
    _saved_self/_saved_index/_saved_dim/_saved_sparse_grad."""
    out = []
    for shape in ((1, 1, 5), (3, 2), (6,), (), (2, 4)):
        x = arange(T, (2, 3), True)
        y = x.gather(1, T.tensor([[0], [1]]))
        x.data = arange(T, shape)
        out.append(err(lambda: (y.sum().backward(), x.grad)[1]))
    for new in (T.tensor([[2], [0]]), T.tensor([[5], [0]]), T.tensor([[-1], [0]]), T.tensor([[0, 1], [1, 2]]),
                T.tensor([0, 1]), T.tensor([[0.0], [1.0]])):
        x = arange(T, (2, 3), True)
        i = T.tensor([[0], [1]])
        y = x.gather(1, i)
        i.data = new
        out.append(err(lambda: (y.sum().backward(), x.grad)[1]))
    x = arange(T, (2, 3), True)
    i = T.tensor([[0], [1]])
    y = x.gather(-1, i)
    with T.no_grad():
        x.mul_(2)
    out.append(err(lambda: y.sum().backward()))
    x = arange(T, (2, 3), True)
    y = x.gather(-1, i)
    i.add_(1)
    out.append(err(lambda: y.sum().backward()))
    y = x.gather(-1, i)
    out.append([[a, getattr(y.grad_fn, a)] for a in sorted(dir(y.grad_fn)) if a.startswith("_saved_")])
    out.append(err(lambda: (y.sum().backward(), y.grad_fn._saved_self)[1]))
    return out


# -- reduction output layout (fuzz seed 102724) -----------------------------------
# torch allocates a reduction's result fresh and contiguous (keepdim too), so its
# strides, is_contiguous() and a later contiguous() (self, no CloneBackward0) do
# not follow the input's layout; cumulative ops, softmax and sort/topk have their
# own rules. A generated sweep: every reduction x permuted, transposed, sliced,
# expanded, unit-dim, empty and contiguous inputs x dim/keepdim variations, with
# the values and the strides of the gradient of the (non-leaf) input view.

_LAYOUT_INPUTS = {   # name -> (the leaf's shape, the view taken of it)
    "permuted": ((3, 4, 5), lambda b: b.permute(2, 0, 1)),
    "transposed": ((4, 5), lambda b: b.t()),
    "sliced": ((4, 6), lambda b: b[:, ::2]),
    "rows": ((6, 5), lambda b: b[1:5]),
    "expanded": ((4, 1), lambda b: b.expand(4, 5)),
    "unit_dims": ((4, 1, 3), lambda b: b.transpose(0, 2)),
    "empty": ((3, 0, 2), lambda b: b.permute(1, 2, 0)),
    "vector_strided": ((8,), lambda b: b[::2]),
    "contiguous": ((2, 3, 4), lambda b: b),
}


def _first(y):
    return y[0] if isinstance(y, tuple) else y


# op name -> (fn(T, x, dim, keepdim), dim kinds: "n" None, "i" int, "t" tuple; keepdim taken; differentiable)
_LAYOUT_OPS = {
    "sum": (lambda T, x, d, k: x.sum(dim=d, keepdim=k), "nit", True, True),
    "mean": (lambda T, x, d, k: x.mean(dim=d, keepdim=k), "nit", True, True),
    "nansum": (lambda T, x, d, k: x.nansum(dim=d, keepdim=k), "nit", True, True),
    "nanmean": (lambda T, x, d, k: x.nanmean(dim=d, keepdim=k), "nit", True, True),
    "amax": (lambda T, x, d, k: x.amax(dim=() if d is None else d, keepdim=k), "nit", True, True),
    "amin": (lambda T, x, d, k: x.amin(dim=() if d is None else d, keepdim=k), "nit", True, True),
    "prod": (lambda T, x, d, k: x.prod() if d is None else x.prod(d, keepdim=k), "ni", True, True),
    "std": (lambda T, x, d, k: x.std(dim=d, keepdim=k), "nit", True, True),
    "var": (lambda T, x, d, k: x.var(dim=d, keepdim=k, correction=0), "nit", True, True),
    "std_mean": (lambda T, x, d, k: T.std_mean(x, dim=d, keepdim=k), "nit", True, True),
    "var_mean": (lambda T, x, d, k: T.var_mean(x, dim=d, keepdim=k), "nit", True, True),
    "logsumexp": (lambda T, x, d, k: x.logsumexp(d, keepdim=k), "it", True, True),
    "norm": (lambda T, x, d, k: x.norm(dim=d, keepdim=k), "nit", True, True),
    "vector_norm": (lambda T, x, d, k: T.linalg.vector_norm(x, 3, dim=d, keepdim=k), "nit", True, True),
    "max": (lambda T, x, d, k: x.max() if d is None else x.max(d, keepdim=k), "ni", True, True),
    "min": (lambda T, x, d, k: x.min() if d is None else x.min(d, keepdim=k), "ni", True, True),
    "argmax": (lambda T, x, d, k: x.argmax(d, keepdim=k), "ni", True, False),
    "argmin": (lambda T, x, d, k: x.argmin(d, keepdim=k), "ni", True, False),
    "median": (lambda T, x, d, k: x.median() if d is None else x.median(d, keepdim=k), "ni", True, True),
    "nanmedian": (lambda T, x, d, k: x.nanmedian() if d is None else x.nanmedian(d, keepdim=k), "ni", True, True),
    "mode": (lambda T, x, d, k: x.mode(d, keepdim=k), "i", True, True),
    "kthvalue": (lambda T, x, d, k: x.kthvalue(1, d, keepdim=k), "i", True, True),
    "aminmax": (lambda T, x, d, k: T.aminmax(x, dim=d, keepdim=k), "ni", True, False),
    "any": (lambda T, x, d, k: (x > 0).any() if d is None else (x > 0).any(d, keepdim=k), "nit", True, False),
    "all": (lambda T, x, d, k: (x > 0).all() if d is None else (x > 0).all(d, keepdim=k), "nit", True, False),
    "count_nonzero": (lambda T, x, d, k: T.count_nonzero(x > 0, dim=d), "nit", False, False),
    "cumsum": (lambda T, x, d, k: x.cumsum(d), "i", False, True),
    "cumprod": (lambda T, x, d, k: x.cumprod(d), "i", False, True),
    "logcumsumexp": (lambda T, x, d, k: x.logcumsumexp(d), "i", False, True),
    "cummax": (lambda T, x, d, k: x.cummax(d), "i", False, True),
    "cummin": (lambda T, x, d, k: x.cummin(d), "i", False, True),
    "softmax": (lambda T, x, d, k: x.softmax(d), "i", False, True),
    "log_softmax": (lambda T, x, d, k: x.log_softmax(d), "i", False, True),
    "sort": (lambda T, x, d, k: x.sort(d), "i", False, True),
    "argsort": (lambda T, x, d, k: x.argsort(d), "i", False, False),
    "topk": (lambda T, x, d, k: x.topk(1, d), "i", False, True),
}


def _dense_strides(t):
    """t's strides where they decide where its elements lie: None for a
    size-1 dimension, and for every dimension of an empty tensor (those of a
    backward formula's result are an open gap: reduction_layout_grad_unit_dims)."""
    if t.numel() == 0:
        return None
    return [s if n > 1 else None for s, n in zip(t.stride(), t.shape)]


# torch bugs and tie orders the sweep leaves out: median/nanmedian(dim) of an
# expanded input read memory outside it (values that are not in the row);
# kthvalue/topk pick among equal values by their quickselect's order
# (open); the gradient of cummax/cummin of an empty input is torch's self
# itself, requiring grad (ours has its geometry, without history: open)
_LAYOUT_SKIP = {("median", "expanded"), ("nanmedian", "expanded"), ("kthvalue", "expanded"),
                ("topk", "expanded"), ("cummax", "empty"), ("cummin", "empty")}


def _digest(T, t):
    """t's values, in full when small, else as its dtype, shape, grad_fn and
    two weighted sums, rounded (keeps the golden data small; a softmax
    gradient's sums are rounding noise about 0)."""
    if t.numel() <= 4:
        return t
    w = T.arange(t.numel(), dtype=T.float64).reshape(t.shape)
    v = t.detach().double()
    return [str(t.dtype), list(t.shape), None if t.grad_fn is None else t.grad_fn.name(),
            round(float(v.sum()), 4), round(float((v * w).sum()), 4)]


def _layout_observe(T, y):
    outs = list(y) if isinstance(y, tuple) else [y]
    return [[o.stride(), o.is_contiguous(), o.contiguous() is o, _digest(T, o)] for o in outs]


def _layout_sweep(name):
    fn, kinds, takes_keepdim, diff = _LAYOUT_OPS[name]

    def case_fn(T):
        out = []
        for iname, (shape, view) in _LAYOUT_INPUTS.items():
            if (name, iname) in _LAYOUT_SKIP:
                continue
            nd = view(arange(T, shape)).dim()
            dims = ([None] if "n" in kinds else []) + (list(range(nd)) + [-1] if "i" in kinds else [])
            if "t" in kinds and nd > 1:
                dims.append((0, nd - 1))
            for d in dims:
                for k in ((False, True) if takes_keepdim else (False,)):
                    def one():
                        xv = view(arange(T, shape, diff))   # a non-leaf view when differentiable
                        y = fn(T, xv, d, k)
                        rec = _layout_observe(T, y)
                        if diff:
                            y0 = _first(y)
                            g, = T.autograd.grad(y0, xv, T.ones(y0.shape))
                            rec.append([_dense_strides(g), g.is_contiguous(), _digest(T, g)])
                        return rec
                    out.append([iname, d, k, err(one)])
        return out
    return case_fn


for _name in _LAYOUT_OPS:
    CASES["reduction_layout_" + _name] = _layout_sweep(_name)


@case
def reduction_layout_grad_unit_dims(T):
    """Open gap (known_gaps in test_fuzz2_classes_vs_torch.py): the strides
    of size-1 and empty dimensions in the gradients of reduction formulas
    (amax, logsumexp, prod, std, var, norm, cummax) where the input has a
    size-1 dimension or no elements: torch's TensorIterator places a size-1
    dimension by its operands' strides, numpy's formulas elsewhere."""
    out = []
    for shape, view in (((4, 1, 3), lambda b: b.transpose(0, 2)), ((3, 0, 2), lambda b: b.permute(1, 2, 0))):
        for f in (lambda x: x.amax(0), lambda x: x.amax(1), lambda x: x.logsumexp(1), lambda x: x.prod(),
                  lambda x: x.std(1), lambda x: x.var(), lambda x: x.norm(), lambda x: x.cummax(1)[0]):
            def one():
                xv = view(arange(T, shape, True))
                y = f(xv)
                g, = T.autograd.grad(y, xv, T.ones(y.shape))
                return g.stride()
            out.append(err(one))
    return out


@case
def reduction_result_contiguous_returns_self(T):
    """seed 102724: amax of a transposed input, then contiguous(): torch's
    result is fresh and contiguous, so contiguous() returns it (AmaxBackward0),
    where a result laid out as the input was cloned (CloneBackward0)."""
    v1 = arange(T, (2, 2, 1), True)
    v3 = v1.transpose(-3, 2)
    v23 = v3.amax(0, keepdim=True)
    v24 = v23.contiguous()
    return [v23.stride(), v24 is v23, v24.grad_fn.name(), v24]


@case
def sum_mean_given_dim_none_record_the_dim_overload(T):
    """NOTE [ A given dim=None is a dim list ]: x.sum(dim=None) is torch's
    sum.dim_IntList (SumBackward1, saved dim None), x.sum() SumBackward0,
    x.sum(dim=[]) SumBackward1 with saved dim (); mean alike."""
    out = []
    for f in (lambda x: x.sum(), lambda x: x.sum(dim=None), lambda x: x.sum(None, True), lambda x: T.sum(x, None),
              lambda x: x.sum(dim=[]), lambda x: x.sum(dim=None, dtype=T.float64), lambda x: x.mean(),
              lambda x: x.mean(dim=None), lambda x: x.mean(None, True), lambda x: T.mean(x, dim=None),
              lambda x: x.mean(dim=[])):
        x = arange(T, (2, 3), True)
        y = f(x)
        saved = [[a, getattr(y.grad_fn, a)] for a in sorted(dir(y.grad_fn)) if a.startswith("_saved_")]
        y.sum().backward()
        out.append([y, y.grad_fn.name(), saved, x.grad])
    return out


_EXTRA_POINTWISE = ("sgn", "frac", "exp2", "expm1", "erf", "erfc", "erfinv", "lgamma", "digamma", "atan", "asin",
                    "acos", "sinh", "cosh", "asinh", "atanh", "nan_to_num", "i0", "deg2rad", "rad2deg",
                    "abs", "exp", "sigmoid", "tanh")   # (sinc's gradient layout: open)


@case
def extra_pointwise_ops_keep_the_input_layout(T):
    """An elementwise op's result in TensorIterator's layout: a permuted
    input gives a permuted result (the extra modules' ops copied numpy's
    result in C order), and the gradient likewise."""
    out = []
    for name in _EXTRA_POINTWISE:
        x = (arange(T, (3, 4, 5)) * 0.05 + 0.2).requires_grad_()
        xv = x.permute(2, 0, 1)
        y = getattr(xv, name)()
        g, = T.autograd.grad(y, xv, T.ones(y.shape))
        out.append([name, y.stride(), y.contiguous() is y, y, g.stride()])
    return out


@case
def norm_gradient_follows_self(T):
    """norm_backward's products start from self (self.sgn() * grad): a
    permuted input's gradient is permuted, for every p."""
    out = []
    for p in (1, 2, 3, 0.5, float("inf"), float("-inf")):
        for dim in (1, (0, 2), None):
            for f in (lambda xv: xv.norm(p, dim=dim), lambda xv: T.linalg.vector_norm(xv, p, dim=dim)):
                xv = arange(T, (3, 4, 5), True).permute(2, 0, 1)
                y = f(xv)
                g, = T.autograd.grad(y, xv, T.ones(y.shape))
                out.append([y.stride(), g.stride(), g])
    return out


@case
def version_error_names_other_first_under_given_inputs(T):
    """seed 113199: autograd.grad with inputs unpacks every saved variable of
    a node before its formulas, in torch's order (torchgen sorts them by
    name: other before self), so with both modified the error names other."""
    out = []
    for op in (lambda a, b: a * b, lambda a, b: a / b, T.maximum, T.minimum):
        for which in ("both", "self", "other"):
            v2 = T.tensor(0.3, dtype=T.float64, requires_grad=True)
            v5 = v2 * 1
            v8 = T.ones(1, 4, requires_grad=True)
            v9 = v8 * 1
            v11 = op(v9, v5)
            v5.zero_()
            v9.zero_()
            inputs = [v2, v8] if which == "both" else [v8] if which == "self" else [v2]
            out.append(err(lambda: T.autograd.grad(v11.sum(), inputs, retain_graph=True)))
    return out


@case
def version_error_names_saved_inputs_before_outputs(T):
    """seed 124131: a node's saved inputs unpack before its saved outputs
    (logsumexp's self before its result), whatever their names."""
    out = []
    for f in (lambda v: T.logsumexp(v, 0), lambda v: v.exp(), lambda v: v.norm(), lambda v: v.prod()):
        for grad_inputs in (False, True):
            v2 = arange(T, (2, 4), True)
            v4 = v2.select(1, 2)
            v5 = f(v4)
            v5.exp_() if v5.grad_fn.name() != "ExpBackward0" else v5.mul_(1)
            with T.inference_mode():
                v2.zero_()
            v7 = v5 * 2
            out.append(err(lambda: T.autograd.grad(v7.sum(), [v2], create_graph=True) if grad_inputs
                           else v7.sum().backward()))
    return out


# -- elementwise output layouts (NOTE [ Elementwise output layout ]) ----------
# A generated sweep over elementwise ops and the input layouts of
# _LAYOUT_INPUTS (plus a 0-d input): the result's strides (torch's
# TensorIterator lays it out as its operands: a permuted input makes a
# permuted result; masked_fill's clone is contiguous) and the gradient's
# (each formula's operand order decides it). Open, left out of the
# observation: the strides of an empty result (every dimension, as
# _dense_strides) and of a gradient's size-1 dimensions (torch's formulas
# place them by their operands, the numpy ones here elsewhere). The other
# operand of a binary op is laid out as the input ("same"), contiguous
# ("contig") or a 0-d tensor ("scalar").

def _pw_un(name):
    special = {
        "clamp_min": lambda T, x: x.clamp_min(0.1), "clamp_max": lambda T, x: x.clamp_max(0.1),
        "clamp": lambda T, x: x.clamp(-0.1, 0.3), "logit": lambda T, x: (x * 0.3 + 0.5).logit(),
        "bitwise_not": lambda T, x: (x > 0).bitwise_not(), "hardshrink": lambda T, x: x.hardshrink(0.2),
        "abs_": lambda T, x: x.clone().abs_(), "float": lambda T, x: x.double().float(),
        "softmax": lambda T, x: x.softmax(0), "nan_to_num": lambda T, x: T.nan_to_num(x / 0.0),
    }
    return special.get(name, lambda T, x: getattr(T, name)(x))


def _pw_bin(name):
    special = {
        "lerp": lambda T, x, y: T.lerp(x, y, 0.3), "lerp_tensor": lambda T, x, y: T.lerp(x, y, y),
        "where": lambda T, x, y: T.where(x > 0, x, y), "masked_fill": lambda T, x, y: x.masked_fill(y > 0.2, 0.5),
        "addcmul": lambda T, x, y: T.addcmul(x, x, y), "addcdiv": lambda T, x, y: T.addcdiv(x, x, y + 3),
        "igamma": lambda T, x, y: T.igamma(x.abs() + 0.1, y.abs() + 0.1),
        "ldexp": lambda T, x, y: T.ldexp(x, y.long()),
        "logical_and": lambda T, x, y: T.logical_and(x > 0, y),
        "pow_scalar": lambda T, x, y: x.abs() ** 1.7, "rpow": lambda T, x, y: 1.7 ** x,
    }
    return special.get(name, lambda T, x, y: getattr(T, name)(x, y))


_PW_UNARY = ("abs cos exp log1p sqrt rsqrt reciprocal sigmoid tanh relu sign signbit sinc logit frac trunc "
             "floor round neg square digamma erfinv isnan isinf isneginf isposinf isreal logical_not bitwise_not "
             "nan_to_num clamp_min clamp_max clamp hardshrink abs_ float softmax").split()
_PW_BINARY = ("add sub mul div floor_divide remainder fmod pow pow_scalar rpow atan2 hypot maximum minimum fmax fmin "
              "copysign nextafter xlogy heaviside logaddexp ldexp float_power lerp lerp_tensor where masked_fill "
              "addcmul addcdiv igamma eq lt logical_and").split()
_PW_INPUTS = dict(_LAYOUT_INPUTS, zero_dim=((), lambda b: b))
# open: the gradients of clamp (min and max), of pow and float_power
# with a tensor exponent and of nextafter are contiguous for a permuted
# input here, laid out as self by torch's formulas
_PW_GRAD_OPEN = {"clamp", "pow", "float_power", "nextafter"}


def _pw_observe(T, y, xv, grad_layout):
    rec = [None if y.numel() == 0 else y.stride(), y.is_contiguous(), _digest(T, y.detach())]
    if y.requires_grad:
        def grad():
            g, = T.autograd.grad(y, xv, T.ones(y.shape))
            return [_dense_strides(g) if grad_layout else None, _digest(T, g)]
        rec.append(err(grad))
    return rec


def _pw_sweep(name, binary):
    fn = _pw_bin(name) if binary else _pw_un(name)

    def case_fn(T):
        out = []
        for iname, (shape, view) in _PW_INPUTS.items():
            for yk in (("same", "contig", "scalar") if binary else (None,)):
                def one():
                    xv = view(arange(T, shape, True))   # a non-leaf view
                    if not binary:
                        return _pw_observe(T, fn(T, xv), xv, name not in _PW_GRAD_OPEN)
                    y = view(arange(T, shape)) * 0.7 + 0.2
                    y = y.contiguous() if yk == "contig" else T.tensor(0.4) if yk == "scalar" else y
                    return _pw_observe(T, fn(T, xv, y), xv, name not in _PW_GRAD_OPEN)
                out.append([iname, yk, err(one)])
        return out
    return case_fn


for _name in _PW_UNARY:
    CASES["pointwise_layout_" + _name] = _pw_sweep(_name, False)
for _name in _PW_BINARY:
    CASES["pointwise_layout_" + _name] = _pw_sweep(_name, True)
