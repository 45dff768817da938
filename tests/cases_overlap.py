"""Issue 11 item 5 (silent wrong results and lost writes), run against torch
and cyautograd: in-place ops between overlapping views, 0-d element views,
copy_ into an integer tensor, root gradients of another dtype, from_numpy
geometry. Every case returns what a user could observe: values, versions,
requires_grad, grad_fn names, errors (by the harness) and warnings."""
import warnings

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _caught(fn):
    """fn()'s result, or its error, plus the warnings it gave (torch's
    'Triggered internally at' suffix removed)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = ["ok", fn()]
        except Exception as e:  # noqa: BLE001 - the error is the observable
            r = [type(e).__name__, str(e).replace("torch.", "cyautograd.")]
    msgs = sorted({str(x.message).split(" (Triggered internally")[0] for x in w
                   if "create_graph=True" not in str(x.message)})
    return r + [msgs]


def _after(T, t, op):
    """Run op; then t's values and version (an error leaves both unchanged)."""
    r = _caught(op)
    return [r, t, t._version]


# -- partial overlap: refused -------------------------------------------------

@case
def shifted_add_(T):
    b = T.arange(6.)
    return _after(T, b, lambda: b[1:].add_(b[:-1]))


@case
def shifted_sub_mul_div_(T):
    out = []
    for name in ("sub_", "mul_", "div_"):
        b = T.arange(1., 7.)
        out.append(_after(T, b, lambda: getattr(b[1:], name)(b[:-1])))
    return out


@case
def shifted_iadd(T):
    b = T.arange(6.)

    def op():
        v = b[1:]
        v += b[:-1]
    return _after(T, b, op)


@case
def shifted_copy_(T):
    b = T.arange(6.)
    return _after(T, b, lambda: b[1:].copy_(b[:-1]))


@case
def shifted_setitem(T):
    b = T.arange(6.)
    return _after(T, b, lambda: b.__setitem__(slice(1, None), b[:-1]))


@case
def transposed_add_(T):
    m = T.arange(9.).reshape(3, 3)
    return _after(T, m, lambda: m.add_(m.t()))


@case
def transposed_copy_(T):
    m = T.arange(9.).reshape(3, 3)
    return _after(T, m, lambda: m.copy_(m.t()))


@case
def element_into_whole(T):
    b = T.arange(6.)
    return [_after(T, b, lambda: b.add_(b[0])), _after(T, b, lambda: b.add_(b[:1])),
            _after(T, b, lambda: b[1:3].add_(b[2]))]


@case
def tensor_operands_of_unary_family(T):
    out = []
    for op in (lambda b: b[1:].clamp_(b[:-1]), lambda b: b[1:].clamp_(min=b[:-1]),
               lambda b: b[1:].clamp_(max=b[:-1]), lambda b: b[1:].pow_(b[:-1])):
        b = T.arange(6.)
        out.append(_after(T, b, lambda: op(b)))
    return out


@case
def bool_mask_overlapping_self(T):
    b = T.tensor([True, False, True, True])
    return _after(T, b, lambda: b[1:].masked_fill_(b[:-1], False))


@case
def index_put_values_share_self(T):
    out = []
    for accumulate in (False, True):
        b = T.arange(6.)
        out.append(_after(T, b, lambda: b.index_put_((T.tensor([0, 1]),), b[3:5], accumulate=accumulate)))
        b = T.arange(6.)
        out.append(_after(T, b, lambda: b.index_put_((T.tensor([1, 2]),), b[1:3], accumulate=accumulate)))
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b.__setitem__(T.tensor([1, 2]), b[:2])))
    return out


@case
def index_put_index_shares_self(T):
    b = T.arange(6)
    return _after(T, b, lambda: b.__setitem__(b[:2], 5))


@case
def index_put_bool_mask_one_value(T):
    # goes through masked_fill_ (the value is read as a number): allowed
    out = []
    for accumulate in (False, True):
        b = T.arange(6.)
        m = T.tensor([True, False, True, False, False, False])
        out.append(_after(T, b, lambda: b.index_put_((m,), b[1], accumulate=accumulate)))
    return out


# -- what stays allowed ---------------------------------------------------------

@case
def full_overlap_allowed(T):
    out = []
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b.add_(b)))
    out.append(_after(T, b, lambda: b.add_(b.view(2, 3).view(6))))
    out.append(_after(T, b, lambda: b.mul_(b.detach())))
    out.append(_after(T, b, lambda: b.copy_(b)))
    out.append(_after(T, b, lambda: b.copy_(b.view(6))))
    out.append(_after(T, b, lambda: b[1].add_(b[1])))
    return out


@case
def disjoint_views_allowed(T):
    out = []
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b[:3].add_(b[3:])))
    out.append(_after(T, b, lambda: b[1].add_(b[2])))
    out.append(_after(T, b, lambda: b[:3].copy_(b[3:])))
    out.append(_after(T, b, lambda: b.__setitem__(slice(0, 2), b[4:])))
    return out


@case
def non_dense_views_too_hard_allowed(T):
    # torch only compares dense tensors; interleaved views pass
    b = T.arange(6.)
    return _after(T, b, lambda: b[::2].add_(b[1::2]))


@case
def setitem_scalar_and_broadcast_values(T):
    out = []
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b.__setitem__(slice(2, None), b[2])))        # fill_: allowed
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b.__setitem__(slice(2, 4), b[3:4])))      # expanded: allowed
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b.__setitem__(slice(1, 4), b[:3].view(1, 3))))  # leading 1s: checked
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b[2:4].copy_(b[3:4])))                    # copy_: checked
    b = T.arange(6.)
    out.append(_after(T, b, lambda: b.__setitem__(slice(0, 2), T.ones(3))))
    return out


@case
def fill_and_zero_on_expanded_allowed(T):
    out = []
    for op in (lambda e: e.fill_(2), lambda e: e.zero_(), lambda e: e.fill_(T.tensor(3.))):
        base = T.zeros(1)
        out.append(_after(T, base, lambda: op(base.expand(3))))
    return out


@case
def zero_size_expanded_allowed(T):
    base = T.zeros(0, 1)
    return _after(T, base, lambda: base.expand(0, 3).add_(1))


# -- internal overlap -----------------------------------------------------------

@case
def expanded_written_to(T):
    out = []
    for op in (lambda e: e.add_(1), lambda e: e.mul_(T.ones(3)), lambda e: e.neg_(),
               lambda e: e.relu_(), lambda e: e.clamp_(0, 1), lambda e: e.pow_(2),
               lambda e: e.exp_(), lambda e: e.copy_(T.ones(3)), lambda e: e.sigmoid_()):
        base = T.zeros(1)
        out.append(_after(T, base, lambda: op(base.expand(3))))
    base = T.zeros(1)
    e = base.expand(3)
    out.append(_after(T, base, lambda: e.copy_(e)))   # the same tensor: nothing to copy
    return out


@case
def expanded_masked_fill_and_index_put_warn(T):
    out = []
    base = T.zeros(1)
    out.append(_after(T, base, lambda: base.expand(3).masked_fill_(T.tensor([True, False, True]), 1.)))
    base = T.zeros(1)
    out.append(_after(T, base, lambda: base.expand(3).index_put_((T.tensor([1]),), T.tensor(3.))))
    return out


# -- with autograd: the leaf check first; a failed op changes nothing ------------

@case
def leaf_view_error_before_overlap(T):
    x = T.zeros(4, requires_grad=True)
    return [_caught(lambda: x[1:].add_(x[:-1])), _caught(lambda: x.expand(2, 4).add_(1)), x._version]


@case
def failed_op_leaves_graph_and_grad(T):
    x = T.arange(5., requires_grad=True)
    y = x * 2
    y.sum().backward(retain_graph=True)
    g0 = x.grad.clone()
    r = [_caught(lambda: y[1:].add_(y[:-1])), _caught(lambda: y[1:].copy_(y[:-1])),
         _caught(lambda: y.add_(y[0]))]
    before = [y, y._version, type(y.grad_fn).__name__, x.grad]
    (y * y).sum().backward()
    return r + before + [x.grad - g0]


@case
def overlapping_op_with_grad_records_nothing(T):
    x = T.ones(4, requires_grad=True)
    y = x * 1
    v = y[1:]
    r = _caught(lambda: v.mul_(y[:-1]))
    return [r, y._version, v._version, type(y.grad_fn).__name__, type(v.grad_fn).__name__]


# -- copy_ into a tensor that cannot require grad ----------------------------------

@case
def int_copy_from_float_requiring_grad(T):
    i = T.zeros(3, dtype=T.int64)
    f = T.tensor([1.5, 2.5, -1.5], requires_grad=True)
    i.copy_(f)
    j = T.zeros(3, dtype=T.int64)
    j[1:].copy_(f[1:])
    k = T.zeros(3, dtype=T.bool)
    k.copy_(f)
    return [i, i.requires_grad, i.grad_fn is None, i._version, j, j.requires_grad, k, k.requires_grad]


@case
def float_copy_from_int_keeps_history(T):
    x = T.ones(3, requires_grad=True)
    y = x * 1
    y.copy_(T.tensor([1, 2, 3]))
    y.sum().backward()
    return [y, x.grad]


@case
def int_setitem_from_float_requiring_grad(T):
    i = T.zeros(4, dtype=T.int32)
    f = T.tensor([0.5, 7.5], requires_grad=True)
    i[1:3] = f
    return [i, i.requires_grad]


# -- 0-d element views -------------------------------------------------------------

@case
def elements_are_views(T):
    t = T.arange(3.)
    items = list(t)
    items[0].add_(5)
    a, b, c = t
    b.fill_(7)
    u = t.unbind()
    u[2].mul_(10)
    return [t, t._version, [e._is_view() for e in items], [tuple(e.shape) for e in u],
            [e.stride() for e in u], [e.storage_offset() for e in u], [str(e) for e in t]]


@case
def unbind_dim1_elements_write_through(T):
    t = T.arange(6.).view(2, 3)
    cols = t.unbind(1)
    cols[1][0] = 100.
    rows = t.unbind(0)
    for e in rows[1]:
        e.add_(1)
    return [t, t._version, [c._version for c in cols]]


@case
def element_views_with_grad(T):
    x = T.tensor([1., 2., 3.], requires_grad=True)
    y = x * 1
    a, b, c = y
    b.mul_(3)
    y.sum().backward()
    return [y, x.grad, type(b.grad_fn).__name__, b._version, y._version]


@case
def zero_dim_results_are_arrays(T):
    t = T.arange(4.)
    s = t.sum()
    e = t[1] * 2
    m = t.max()
    d = T.tensor(2.) + 1
    return [[x.stride() for x in (s, e, m, d)], [str(x) for x in (s, e, m, d)], [x.dim() for x in (s, e, m, d)]]


# -- root gradients of another dtype ---------------------------------------------------

@case
def backward_root_grad_cast_to_leaf_dtype(T):
    out = []
    x = T.ones(3, requires_grad=True)
    x.backward(T.ones(3, dtype=T.float64))
    out.append(x.grad)
    x = T.ones(3, dtype=T.float64, requires_grad=True)
    x.backward(T.full((3,), 0.5, dtype=T.float16))
    out.append(x.grad)
    x = T.ones(3, requires_grad=True)
    x.backward(T.ones(3, dtype=T.int64))
    out.append(x.grad)
    x = T.ones(3, requires_grad=True)
    (x * 2).backward(T.ones(3, dtype=T.float64))
    out.append(x.grad)
    x = T.ones(2, requires_grad=True)
    out.append(list(T.autograd.grad(x, x, T.ones(2, dtype=T.float64))))
    out.append(list(T.autograd.grad(x * 1, x, T.ones(2, dtype=T.float64))))
    return out


# -- from_numpy keeps its own geometry --------------------------------------------------

@case
def from_numpy_reshaped_array(T):
    a = np.arange(6.)
    t = T.from_numpy(a)
    a.shape = (2, 3)
    a[0, 1] = 7.
    t[2] = 9.
    return [t, tuple(t.shape), t.stride(), a.tolist()]


@case
def from_numpy_resize_refused(T):
    a = np.arange(6.)
    t = T.from_numpy(a)
    r = _caught(lambda: a.resize((3,)))
    return [r[0], t, a.tolist()]


@case
def from_numpy_twice_are_different_storages(T):
    a = np.arange(6.)
    t = T.from_numpy(a)
    u = T.from_numpy(a)
    return [_caught(lambda: t[:2].add_(u[3:5])), t, u]


@case
def setitem_into_expanded(T):
    out = []
    for value in (1., T.tensor(2.), T.tensor([1., 2.])):
        base = T.zeros(1)
        e = base.expand(3)
        out.append(_after(T, base, lambda: e.__setitem__(slice(0, 2), value)))
    return out


@case
def setitem_full_slices_copy_into_self(T):
    w = T.zeros(2, 3, requires_grad=True)
    z = w * 1
    s = T.ones(1, 1, 3, requires_grad=True)
    z[0:2] = s
    z2 = w * 1
    z2[...] = T.full((2, 3), 2.)
    z3 = w * 1
    z3[:, 1:] = 4.
    (z.sum() + z2.sum() + z3.sum()).backward()
    src = T.arange(12.).view(3, 4).t()[None]
    x = T.zeros(2, 4, 3)
    x[1:] = src
    return [z, z2, z3, s.grad, w.grad, x, [type(v.grad_fn).__name__ for v in (z, z2, z3)],
            [v._version for v in (z, z2, z3)]]
