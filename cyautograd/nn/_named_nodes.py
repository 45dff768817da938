"""One torch-named node for a composite functional (issue 15's audit).

NOTE [ Composite functionals get torch's node ]
The functionals written over the existing ops (NOTE [ Composite functionals ]
in functional.py) used to leave the node of their last op as ``grad_fn``
(``MulBackward0`` for gelu, ``AddBackward0`` for conv2d and batch_norm);
programs and tests that read ``type(y.grad_fn).__name__`` saw names torch
never gives. ``named_composite(name, fn)`` runs ``fn`` (the composite) as the
forward of one custom Function whose backward class is called ``name``:

* forward builds the composite's graph on detached aliases of the inputs
  (with grad mode on) and keeps it on the node; the output it returns is
  detached, so the caller's graph has exactly one node here, with one edge per
  tensor input, as torch's.
* backward (plain) walks that kept graph with autograd.grad (retain_graph, so
  a ``retain_graph=True`` caller can run backward again); the graph is freed
  with the node, by reference counting.
* backward under create_graph re-runs the composite on the saved inputs
  entered through identity nodes (the ``_Alias`` of functional.py) so the
  gradient's own graph reaches the caller's inputs: double backward works as
  it did.

Gradients and values are those of the composite, unchanged; only the node
(and its name) is torch's. Without grad (no input requires grad, or grad mode
off) ``fn`` is called directly: no Function overhead on the inference path.
"""
from cyautograd.function import Function
from cyautograd.grad_mode import enable_grad, is_grad_enabled
from cyautograd.tensor import Tensor
from cyautograd.saved_variable import _resume_saved_tensors_hooks, _suspend_saved_tensors_hooks
from cyautograd.tensor import _detached_leaf as _leaf_of

_CLASSES = {}


def _alias():
    from cyautograd.nn.functional import _Alias
    return _Alias


def _grad(outs, inputs, grads, create):
    import cyautograd
    pairs = [(o, g) for o, g in zip(outs, grads) if g is not None and o.requires_grad]
    if not pairs or not inputs:
        return [None] * len(inputs)
    return list(cyautograd.autograd.grad([o for o, _ in pairs], inputs, [g for _, g in pairs],
                                         retain_graph=True, create_graph=create,
                                         allow_unused=True))


class _Composite(Function):
    @staticmethod
    def forward(ctx, fn, zero_unused, *inputs):
        ctx.fn = fn
        ctx.zero_unused = zero_unused
        ctx.save_for_backward(*inputs)
        ctx._cya_attrs = getattr(fn, "_saved_attrs", None)
        # the inner graph is this node's own working: torch's one node saves
        # only through save_for_backward, so saved-tensor hooks (checkpoint's
        # among them) do not see the inner graph's saves - with them, a
        # checkpointed region would recompute for the nested autograd.grad of
        # backward as for a second graph task
        hooks = _suspend_saved_tensors_hooks()
        try:
            with enable_grad():
                leaves = [_leaf_of(t) if isinstance(t, Tensor) and n and
                          t.is_floating_point() else t
                          for t, n in zip(inputs, ctx.needs_input_grad[2:])]
                out = fn(*leaves)
        finally:
            _resume_saved_tensors_hooks(hooks)
        outs = out if isinstance(out, tuple) else (out,)
        ctx.leaves = leaves
        ctx.outs = outs
        ctx.single = not isinstance(out, tuple)
        res = tuple(o.detach() if isinstance(o, Tensor) else o for o in outs)
        for o in res:
            if isinstance(o, Tensor) and not o.is_floating_point():
                ctx.mark_non_differentiable(o)
        return res[0] if ctx.single else res

    @staticmethod
    def backward(ctx, *grads):
        need = ctx.needs_input_grad[2:]
        create = is_grad_enabled()
        bb = _BACKWARD_OPS.get(type(ctx).__name__)
        if create and bb is not None and not ctx.zero_unused and len(grads) == 1 and grads[0] is not None:
            # NOTE [ A composite's backward is an op ]
            name, layout = bb
            xs = ctx.saved_tensors
            slots = [xs[i] if i is not None and i < len(xs) and xs[i] is not None else _none_slot(xs)
                     for i in layout]
            got = iter(_backward_op(name).apply(ctx.fn, need, layout, xs, grads[0], *slots))
            return (None, None) + tuple(next(got) if k else None for k in need)
        if create and type(ctx).__name__ == "SiluBackward0" and grads[0] is not None and need[0]:
            # torch's infinitely_differentiable_silu_backward, its ops in its
            # order: grad * sigmoid * (1.0 + input * (1.0 - sigmoid)); its
            # 1.0 - sigmoid is a tensor subtraction (SubBackward0), 1.0 + ...
            # add.Scalar (AddBackward1)
            from cyautograd._formula_mode import _swap_formula_mode
            x = ctx.saved_tensors[0]
            prev = _swap_formula_mode(True)   # a built-in formula's arithmetic (_formula_mode.pyx)
            try:
                sg = x.sigmoid()
                return None, None, grads[0] * sg * (x * (x.new_ones(()) - sg) + 1.0)
            finally:
                _swap_formula_mode(prev)
        formula = getattr(ctx.fn, "_create_graph", None)
        if create and formula is not None and len(grads) == 1 and grads[0] is not None:
            # torch's backward is a composite formula: its ops, in its order
            # (_formula_mode.pyx names the Scalar overloads' nodes)
            from cyautograd._formula_mode import _swap_formula_mode
            prev = _swap_formula_mode(True)
            try:
                got = formula(grads[0], need, *ctx.saved_tensors)
            finally:
                _swap_formula_mode(prev)
            return (None, None) + tuple(got)
        if create:
            # double backward: the gradient must be a function of the caller's inputs
            saved = ctx.saved_tensors
            with enable_grad():
                A = _alias()
                xs = [A.apply(t) if k else t for t, k in zip(saved, need)]
                out = ctx.fn(*xs)
            outs = out if isinstance(out, tuple) else (out,)
            inputs = [x for x, k in zip(xs, need) if k]
        else:
            outs = ctx.outs
            inputs = [x for x, k in zip(ctx.leaves, need) if k]
        outs_f = [o for o in outs if isinstance(o, Tensor)]
        gs = [g for o, g in zip(outs, grads) if isinstance(o, Tensor)]
        got = _grad(outs_f, inputs, gs, create)
        if ctx.zero_unused:
            # torch's node gives a zero gradient where the composite has no path
            # (grid_sample's grid under mode='nearest')
            src = [t for t, k in zip(ctx.saved_tensors, need) if k]
            got = [z if z is not None else src[i].new_zeros(src[i].shape) if src[i] is not None
                   else None for i, z in enumerate(got)]
        got = iter(got)
        return (None, None) + tuple(next(got) if k else None for k in need)


# NOTE [ A composite's backward is an op ]
# Where torch's backward formula is itself an op with a derivative
# (gelu_backward, softplus_backward, ...), the gradient computed under
# create_graph has that op's node as grad_fn -- GeluBackwardBackward0 with
# edges (grad_output, self) -- not the nodes of the formula's arithmetic. For
# those composites (_BACKWARD_OPS: the forward node's name -> the backward
# op's node name and its layout) the backward runs as one custom Function of
# that name over (grad_output, *slots): the layout names, for each of torch's
# tensor arguments of the backward op after grad_output, the composite's input
# it is (an index), or None for one that never requires grad (batch_norm's
# save_mean): such a slot, and an absent input, is an empty tensor, a
# (None, 0) edge as torch's. Inputs the backward op does not take as tensors
# (conv's bias) travel in a tuple, not as edges. Its forward is the
# composite's vector-Jacobian product on detached copies, its backward the
# product's own vjp, taken by a re-entrant autograd.grad through identity
# nodes as layer_norm's double backward (NOTE [ layer_norm is one node ] in
# functional.py). Values are the composite's, as before. Only create_graph
# reaches this: the first-order backward is unchanged.
_SELF = (0,)
_BACKWARD_OPS = {
    "GeluBackward0": ("GeluBackwardBackward0", _SELF),
    "SoftplusBackward0": ("SoftplusBackwardBackward0", _SELF),
    "LeakyReluBackward0": ("LeakyReluBackwardBackward0", _SELF),
    "EluBackward0": ("EluBackwardBackward0", _SELF),
    "CeluBackward0": ("EluBackwardBackward0", _SELF),
    "HardswishBackward0": ("HardswishBackwardBackward0", _SELF),
    "HardtanhBackward0": ("HardtanhBackwardBackward0", _SELF),
    "ThresholdBackward0": ("ThresholdBackwardBackward0", _SELF),
    "LogSigmoidBackward0": ("LogSigmoidBackwardBackward0", _SELF),
    "SmoothL1LossBackward0": ("SmoothL1LossBackwardBackward0", (0, 1)),
    "HuberLossBackward0": ("HuberLossBackwardBackward0", (0, 1)),
    "ConvolutionBackward0": ("ConvolutionBackwardBackward0", (0, 1)),
    "MaxPool2DWithIndicesBackward0": ("MaxPool2DWithIndicesBackwardBackward0", _SELF),
    "AvgPool2DBackward0": ("AvgPool2DBackwardBackward0", _SELF),
    "AdaptiveAvgPool2DBackward0": ("AdaptiveAvgPool2DBackwardBackward0", _SELF),
    "AdaptiveMaxPool2DBackward0": ("AdaptiveMaxPool2DBackwardBackward0", _SELF),
    # native_batch_norm_backward(grad_out, input, weight, running_mean,
    # running_var, save_mean, save_invstd, ...): torch's node has five edges,
    # grad_out, input, weight and the two saved statistics
    "NativeBatchNormBackward0": ("NativeBatchNormBackwardBackward0", (0, 1, None, None)),
}
_BACKWARD_CLASSES = {}


def _none_slot(xs):
    """An empty tensor standing for an argument that never requires grad."""
    for t in xs:
        if isinstance(t, Tensor):
            return t.new_empty((0,))
    import cyautograd
    return cyautograd.empty(0)


_NOT_DIFFERENTIABLE = {"HardsigmoidBackward0": "hardsigmoid_backward"}
_NOT_IMPLEMENTED = {}


def _not_implemented(op):
    c = _NOT_IMPLEMENTED.get(op)
    if c is None:
        def forward(ctx, value, *ins):
            return value[0]

        def backward(ctx, *grads):
            raise RuntimeError(f"derivative for aten::{op} is not implemented")
        c = type("_NotImplemented", (Function,), {"forward": staticmethod(forward),
                                                   "backward": staticmethod(backward)})
        c._backward_cls.__name__ = c._backward_cls.__qualname__ = "NotImplemented"
        c._backward_cls.__module__ = "cyautograd.nn.functional"
        _NOT_IMPLEMENTED[op] = c
    return c


def _first_grads(fn, need, g, xs, create):
    """The composite's gradients w.r.t. the inputs in `need`, given output
    gradient g; xs are the inputs (requiring grad where needed). A composite
    whose derivative differs from torch's backward formula at a kink (elu's
    second derivative is zero at 0, its first is the negative side's) carries
    that formula as ``fn._vjp(g, *xs)``, differentiable, one gradient per input."""
    vjp = getattr(fn, "_vjp", None)
    if vjp is not None:
        with enable_grad():
            got = vjp(g, *xs)
        return [t for t, k in zip(got, need) if k]
    with enable_grad():
        out = fn(*xs)
    outs = out if isinstance(out, tuple) else (out,)
    return _grad([outs[0]], [x for x, k in zip(xs, need) if k], [g], create)


class _BackwardOp(Function):
    @staticmethod
    def forward(ctx, fn, need, layout, xs, g, *slots):
        ctx.fn = fn
        ctx.need = need
        ctx.layout = layout
        # the composite's inputs that are not slots (no edge): held as they are
        ctx.xs = tuple(None if k in layout else x for k, x in enumerate(xs))
        ctx.present = tuple(i is not None and i < len(xs) and xs[i] is not None for i in layout)
        ctx.save_for_backward(g, *slots)
        ctx._cya_attrs = getattr(fn, "_saved_attrs", None)
        leaves = [_leaf_of(x) if isinstance(x, Tensor) and k and x.is_floating_point() else x
                  for x, k in zip(xs, need)]
        got = _first_grads(fn, need, g.detach(), leaves, False)
        return tuple(t.detach() if isinstance(t, Tensor) else t for t in got)

    @staticmethod
    def backward(ctx, *ggs):
        saved = ctx.saved_tensors
        want = ctx.needs_input_grad[4:]
        create = is_grad_enabled()
        A = _alias()
        with enable_grad():
            ts = [A.apply(t) if k and t is not None else t for t, k in zip(saved, want)]
            g, xs = ts[0], list(ctx.xs)
            for j, i in enumerate(ctx.layout):
                if ctx.present[j]:
                    xs[i] = ts[1 + j]
            xs = [x if k or not isinstance(x, Tensor) or not x.is_floating_point() or x.requires_grad
                  else _leaf_of(x) for x, k in zip(xs, ctx.need)]
            firsts = _first_grads(ctx.fn, ctx.need, g, xs, True)
        inputs = [t for t, k in zip(ts, want) if k]
        # torch's formula gives zeros where there is no dependence
        # (leaky_relu_backward's self: zeros_like(grad)), never None
        got = iter([z if z is not None else t.new_zeros(t.shape)
                    for z, t in zip(_grad(firsts, inputs, list(ggs), create), inputs)])
        return (None, None, None, None) + tuple(next(got) if k else None for k in want)


# nodes torch gives _saved_self and saved scalars (_saved_min_val and
# _saved_max_val; _saved_threshold)
_SAVES_SELF_AND_BOUNDS = frozenset({"HardtanhBackward0", "HardtanhBackwardBackward0",
                                    "ThresholdBackward0", "ThresholdBackwardBackward0"})


def _saved_props(cls):
    from cyautograd.nn.functional import _saved_attr_properties
    _saved_attr_properties(cls)


def _backward_op(name):
    c = _BACKWARD_CLASSES.get(name)
    if c is None:
        c = type("_" + name, (_BackwardOp,), {})
        c._backward_cls.__name__ = name
        c._backward_cls.__qualname__ = name
        c._backward_cls.__module__ = "cyautograd.nn.functional"
        if name in _SAVES_SELF_AND_BOUNDS:
            _saved_props(c._backward_cls)
        _BACKWARD_CLASSES[name] = c
    return c


def _cls(name):
    c = _CLASSES.get(name)
    if c is None:
        c = type("_" + name, (_Composite,), {})
        c._backward_cls.__name__ = name
        c._backward_cls.__qualname__ = name
        c._backward_cls.__module__ = "cyautograd.nn.functional"
        if name == "NativeGroupNormBackward0":
            _group_norm_saved(c._backward_cls)
        _CLASSES[name] = c
    return c


def _group_norm_saved(cls):
    """torch's NativeGroupNormBackward0 saved attributes: N, C, HxW, group,
    eps, input, weight (None when absent), result1/result2 (the per-group
    mean and rstd, recomputed from the saved input here, without torch's
    grad_fn on them)."""
    def attr(key):
        return property(lambda node: node._cya_attrs[key])

    for key in ("N", "C", "HxW", "group", "eps"):
        setattr(cls, "_saved_" + key, attr(key))
    cls._saved_input = property(lambda node: node.saved_tensors[0])
    cls._saved_weight = property(lambda node: node.saved_tensors[1] if node._cya_attrs["has_weight"]
                                 else None)

    def stats(node):
        a = node._cya_attrs
        x = node.saved_tensors[0].detach().reshape(a["N"], a["group"], -1)
        mean = x.mean(-1)
        var = ((x - mean.unsqueeze(-1)) ** 2).mean(-1)
        return mean, (var + a["eps"]).rsqrt()
    cls._saved_result1 = property(lambda node: stats(node)[0])
    cls._saved_result2 = property(lambda node: stats(node)[1])


def _with_vjp(fn, vjp):
    fn._vjp = vjp
    return fn


def _elu_vjp(alpha, scale=1.0, input_scale=1.0):
    """torch's elu_backward (is_result false) as differentiable ops: the
    negative side's slope for x <= 0, whose own slope is taken only where
    x < 0 (elu_double_backward)."""
    def vjp(g, x):
        import cyautograd as T
        xn = T.where(x < 0, x, x.new_zeros(()))
        neg = g * (alpha * scale * input_scale) * (xn * input_scale).exp()
        return (T.where(x <= 0, neg, g * scale),)
    return vjp


# NOTE [ Pointwise activations are one node ]
# elu, selu, celu, hardtanh (relu6), hardswish, hardsigmoid, logsigmoid and
# mish get torch's node (EluBackward0, ...) from one custom Function over the
# input whose forward is the composite run without grad and whose backward is
# torch's backward formula (``vjp``) on the saved input -- no composite graph
# is built or walked, so the first-order path costs no more than the bare
# composite did. Under create_graph the backward is torch's backward op (NOTE [ A
# composite's backward is an op ]): the same formula, taken differentiably,
# as one node (EluBackwardBackward0, ...) whose own backward differentiates it.
class _Pointwise(Function):
    @staticmethod
    def forward(ctx, fn, x):
        ctx.fn = fn
        ctx.save_for_backward(x)
        ctx._cya_attrs = getattr(fn, "_saved_attrs", None)
        return fn(x)

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        name = type(ctx).__name__
        if is_grad_enabled():
            if name in _NOT_DIFFERENTIABLE:
                gx = ctx.fn._vjp(g.detach(), x.detach())[0]
                ins = [t for t in (g, x) if t.requires_grad]
                return None, _not_implemented(_NOT_DIFFERENTIABLE[name]).apply((gx,), *ins) \
                    if ins else gx
            if name == "MishBackward0":
                return None, _mish_create_graph(g, x)
            bb, layout = _BACKWARD_OPS[name]
            fn = ctx.fn
            if getattr(ctx, "_cya_attrs", None):
                fn = _with_vjp(lambda *a: fn(*a), fn._vjp)
                fn._saved_attrs = ctx._cya_attrs
            return None, _backward_op(bb).apply(fn, (True,), layout, (x,), g, x)[0]
        fast = getattr(ctx.fn, "_np_vjp", None)
        if fast is not None and x.device.type == "cpu" and g.device.type == "cpu":
            # first order on the host: torch's formula straight on the arrays
            import numpy as np
            from cyautograd.creation import from_numpy
            xa = x.detach().numpy()
            with np.errstate(all="ignore"):
                r = fast(g.detach().numpy(), xa)
            return None, from_numpy(np.asarray(r).astype(xa.dtype, copy=False))
        return None, ctx.fn._vjp(g, x)[0]


_PW_CLASSES = {}


def named_pointwise(name, fn, vjp, input, np_vjp=None):
    """fn(input) with one node called ``name`` whose gradient is vjp(g, x)
    (NOTE [ Pointwise activations are one node ]); np_vjp: the same formula
    on host arrays, for the first-order path."""
    if not is_grad_enabled() or not isinstance(input, Tensor) or not input.requires_grad:
        return fn(input)
    if np_vjp is not None:
        fn = _with_vjp(fn, vjp)
        fn._np_vjp = np_vjp
    c = _PW_CLASSES.get(name)
    if c is None:
        c = type("_" + name, (_Pointwise,), {})
        c._backward_cls.__name__ = c._backward_cls.__qualname__ = name
        c._backward_cls.__module__ = "cyautograd.nn.functional"
        if name in _SAVES_SELF_AND_BOUNDS:
            _saved_props(c._backward_cls)
        _PW_CLASSES[name] = c
    return c.apply(_with_vjp(fn, vjp), input)


def _np_elu(alpha, scale=1.0, input_scale=1.0):
    import numpy as np

    def f(g, x):
        neg = x <= 0
        return np.where(neg, g * (alpha * scale * input_scale) *
                        np.exp(np.where(neg, x, 0) * input_scale), g * scale)
    return f


def _np_hardtanh(lo, hi):
    import numpy as np
    return lambda g, x: np.where((x > lo) & (x < hi), g, 0)


def _np_threshold(th):
    import numpy as np
    return lambda g, x: np.where(x > th, g, 0)


def _np_hardswish(g, x):
    import numpy as np
    return np.where(x <= -3, 0, np.where(x < 3, g * (x / 3 + 0.5), g))


def _np_hardsigmoid(g, x):
    import numpy as np
    return np.where((x > -3) & (x < 3), g / 6, 0)


def _mish_create_graph(g, x):
    # torch's infinitely_differentiable_mish_backward, its ops in its order:
    # grad * (tanh_softplus + input * sigmoid * (1.0 - tanh_softplus ** 2)),
    # softplus as exp().log1p() (Log1PBackward0 over ExpBackward0 in torch's graph)
    from cyautograd._formula_mode import _swap_formula_mode
    prev = _swap_formula_mode(True)
    try:
        ts = x.exp().log1p().tanh()
        return g * (ts + x * x.sigmoid() * (x.new_ones(()) - ts * ts))
    finally:
        _swap_formula_mode(prev)


def _mish_vjp(g, x):
    import cyautograd as T
    ts = T.nn.functional.softplus(x).tanh()
    return (g * (ts + x * x.sigmoid() * (1 - ts * ts)),)


def _hardtanh_vjp(lo, hi):
    def vjp(g, x):
        import cyautograd as T
        return (T.where((x > lo).logical_and(x < hi), g, g.new_zeros(())),)
    return vjp


def _threshold_vjp(th):
    # torch's threshold_backward: the gradient where self > threshold, else 0
    def vjp(g, x):
        import cyautograd as T
        return (T.where(x > th, g, g.new_zeros(())),)
    return vjp


def _hardswish_vjp(g, x):
    # torch's hardswish_backward: 0 up to -3 inclusive, grad * (x / 3 + 0.5)
    # below 3, grad from 3 on; its slope (the double backward) only inside (-3, 3)
    import cyautograd as T
    inside = (x > -3).logical_and(x < 3)
    xm = T.where(inside, x, x.detach())
    return (T.where(x <= -3, g.new_zeros(()), T.where(x < 3, g * (xm / 3 + 0.5), g)),)


def _hardsigmoid_vjp(g, x):
    import cyautograd as T
    return (T.where((x > -3).logical_and(x < 3), g / 6, g.new_zeros(())),)


def _logsigmoid_vjp(g, x):
    # torch's log_sigmoid_backward: z = exp(-|x|), grad * (1 - z / (1 + z)) for
    # x < 0, grad * z / (1 + z) otherwise
    import cyautograd as T
    # (-|x| as where(): abs's slope at 0 is 0, this formula's is not)
    neg = x < 0
    z = T.where(neg, x, -x).exp()
    q = z / (1 + z)
    return (g * T.where(neg, 1 - q, q),)


def result_backward_op(result_op, g, result):
    """An in-place activation's gradient under create_graph (elu_, leaky_relu_):
    torch's backward op over the saved result, one node with edges
    (grad_output, result)."""
    name, vjp = result_op
    return _backward_op(name).apply(_with_vjp(lambda *a: _no_forward(), vjp), (True,), (0,),
                                    (result,), g, result)[0]


def self_backward_op(self_op, g, s, attrs):
    """An in-place activation's gradient under create_graph where torch's
    formula reads the saved input (hardtanh_): its backward op over that
    clone, one node with edges (grad_output, self) and the saved scalars."""
    name, vjp = self_op
    fn = _with_vjp(lambda *a: _no_forward(), vjp)
    fn._saved_attrs = attrs
    return _backward_op(name).apply(fn, (True,), (0,), (s,), g, s)[0]


def _no_forward(*xs):
    raise RuntimeError("a backward op's composite is not run")  # _vjp stands for it


def mse_loss_backward_op(g, x, t, red, need_target):
    """torch's mse_loss_backward under create_graph: one MseLossBackwardBackward0
    node with edges (grad_output, self, target); grad * 2 / n * (self - target)
    (n: the element count for reduction='mean')."""
    def vjp(g, x, t):
        d = x - t
        gs = (g / d.numel() if red == 1 else g) * 2 * d
        return gs, -gs
    need = (True, bool(need_target))
    got = _backward_op("MseLossBackwardBackward0").apply(
        _with_vjp(lambda *a: _no_forward(), vjp), need, (0, 1), (x, t), g, x, t)
    return [got[0], got[1] if need_target else None]


def nll_loss_backward_op(g, x, coef, ndim):
    """torch's nll_loss_backward (nll_loss2d_backward for a 3-D or wider input)
    under create_graph: one node with edges (grad_output, self), the gradient
    coef * grad (coef: the gradient for grad = 1, -weight[target] over the
    total weight where counted); its derivative in self is zero, in grad the
    loss itself."""
    def vjp(g, x):
        return (coef * (g if g.dim() == 0 or ndim == 1 else g.unsqueeze(1)),)
    name = "NllLoss2DBackwardBackward0" if ndim >= 3 else "NllLossBackwardBackward0"
    return _backward_op(name).apply(_with_vjp(lambda *a: _no_forward(), vjp), (True,), (0,),
                                    (x,), g, x)[0]


def bce_backward_create_graph(g, s, t, weight, red, need_self, need_target):
    """binary_cross_entropy's gradients under create_graph, as torch's: the
    input's is the binary_cross_entropy_backward op (one
    BinaryCrossEntropyBackwardBackward0 node, edges grad_output/self/target):
    grad * (self - target) / max((1 - self) * self, 1e-12) * weight, over n for
    'mean'; the target's is torch's composite binary_cross_entropy_target_backward,
    its ops in its order: -logit(self) * grad * weight, / n for 'mean'."""
    import cyautograd as T
    from cyautograd._formula_mode import _swap_formula_mode
    w = None if weight is None else (weight if isinstance(weight, Tensor) else
                                     T.as_tensor(weight))
    gx = gt = None
    if need_self:
        def vjp(g, s, t):
            r = g * (s - t) / ((1 - s) * s).clamp(min=1e-12)
            if w is not None:
                r = r * w
            return (r / s.numel() if red == 1 else r), None
        gx = _backward_op("BinaryCrossEntropyBackwardBackward0").apply(
            _with_vjp(lambda *a: _no_forward(), vjp), (True, False), (0, 1), (s, t), g, s, t)[0]
    if need_target:
        prev = _swap_formula_mode(True)
        try:
            gt = s.logit().neg() * g
            if w is not None:
                gt = gt * w
            if red == 1:
                gt = gt / s.numel()
        finally:
            _swap_formula_mode(prev)
    return [gx, gt]


def _bce_logits_grads(red):
    """torch's binary_cross_entropy_with_logits_backward and _target_backward
    (both composite: differentiable as they stand), for create_graph."""
    def formula(g, need, x, t, w, pw):
        gx = gt = None
        if need[0]:
            if pw is not None:
                tp = pw * t
                gx = (tp + 1 - t) * x.sigmoid() - tp
            else:
                gx = x.sigmoid() - t
            gx = gx * g
            if w is not None:
                gx = gx * w
            if red == "mean":
                gx = gx / x.numel()
        if need[1]:
            if pw is not None:
                import cyautograd as T
                lsg = T.nn.functional.logsigmoid
                gt = lsg(-x) - lsg(x) * pw
            else:
                gt = -x
            gt = gt * g
            if w is not None:
                gt = gt * w
            if red == "mean":
                gt = gt / x.numel()
        return gx, gt, None, None
    return formula


def named_composite(name, fn, *inputs, zero_unused=False):
    """fn(*inputs) with one node called ``name`` (torch's) as its grad_fn;
    zero_unused: an input the composite does not reach gets zeros, not None."""
    if not is_grad_enabled() or not any(isinstance(t, Tensor) and t.requires_grad
                                        for t in inputs) or \
            not all(t is None or isinstance(t, Tensor) for t in inputs):
        # nothing to record, or an argument the composite itself must refuse (with
        # the words and exception type torch's Python wrapper gives)
        return fn(*inputs)
    return _cls(name).apply(fn, zero_unused, *inputs)


# ---------------------------------------------------------------- the functionals
def install(F):
    """Rebind F's composite functionals (cyautograd.nn.functional) to versions
    whose grad_fn is torch's node (NOTE [ Composite functionals get torch's node ])."""
    g = {n: getattr(F, n) for n in (
        "gelu", "silu", "softplus", "leaky_relu", "conv1d", "conv2d", "conv3d",
        "conv_transpose1d", "conv_transpose2d", "max_pool2d", "avg_pool2d",
        "adaptive_avg_pool2d", "adaptive_max_pool2d", "batch_norm",
        "binary_cross_entropy_with_logits", "smooth_l1_loss", "huber_loss", "pad",
        "elu", "selu", "celu", "hardtanh", "threshold", "hardswish", "hardsigmoid", "mish", "logsigmoid")}

    def gelu(input, approximate="none"):
        return named_composite("GeluBackward0", lambda x: g["gelu"](x, approximate), input)

    _SELU_ALPHA, _SELU_SCALE = F._SELU_ALPHA, F._SELU_SCALE

    def _num(v):
        return type(v) in (int, float)

    def _plain(inplace):
        # only a literal "not in-place" takes the named node; anything else goes
        # to the functional itself (its own parsing of `inplace`, its in-place node)
        return inplace is False or inplace is None or (type(inplace) in (int, bool) and not inplace)

    def elu(input, alpha=1.0, inplace=False):
        if not _plain(inplace):
            return g["elu"](input, alpha, inplace)
        return named_pointwise("EluBackward0", lambda x: g["elu"](x, alpha), _elu_vjp(alpha),
                               input, _np_elu(alpha) if _num(alpha) else None)

    def selu(input, inplace=False):
        if not _plain(inplace):
            return g["selu"](input, inplace)
        return named_pointwise("EluBackward0", lambda x: g["selu"](x),
                               _elu_vjp(_SELU_ALPHA, _SELU_SCALE), input,
                               _np_elu(_SELU_ALPHA, _SELU_SCALE))

    def celu(input, alpha=1.0, inplace=False):
        if not _plain(inplace) or not _num(alpha):    # the functional's own checks for the rest
            return g["celu"](input, alpha, inplace)
        if not _plain(inplace):
            return g["celu"](input, alpha, inplace)
        return named_pointwise("CeluBackward0", lambda x: g["celu"](x, alpha),
                               _elu_vjp(alpha, 1.0, 1.0 / alpha if alpha else 0.0), input,
                               _np_elu(alpha, 1.0, 1.0 / alpha) if _num(alpha) and alpha
                               else None)

    def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
        if not _plain(inplace):
            return g["hardtanh"](input, min_val, max_val, inplace)
        fn = lambda x: g["hardtanh"](x, min_val, max_val)  # noqa: E731
        fn._saved_attrs = {"min_val": min_val, "max_val": max_val}
        return named_pointwise("HardtanhBackward0", fn,
                               _hardtanh_vjp(min_val, max_val), input,
                               _np_hardtanh(min_val, max_val) if _num(min_val) and _num(max_val)
                               else None)

    def threshold(input, threshold, value, inplace=False):
        if not _plain(inplace) or not isinstance(input, Tensor):
            return g["threshold"](input, threshold, value, inplace)
        fn = lambda x: g["threshold"](x, threshold, value)  # noqa: E731
        fn._saved_attrs = {"threshold": threshold}
        return named_pointwise("ThresholdBackward0", fn, _threshold_vjp(threshold), input,
                               _np_threshold(threshold) if _num(threshold) else None)

    def hardswish(input, inplace=False):
        if not _plain(inplace):
            return g["hardswish"](input, inplace)
        return named_pointwise("HardswishBackward0", lambda x: g["hardswish"](x), _hardswish_vjp,
                               input, _np_hardswish)

    def hardsigmoid(input, inplace=False):
        if not _plain(inplace):
            return g["hardsigmoid"](input, inplace)
        return named_pointwise("HardsigmoidBackward0", lambda x: g["hardsigmoid"](x),
                               _hardsigmoid_vjp, input, _np_hardsigmoid)

    def mish(input, inplace=False):
        if not _plain(inplace):
            return g["mish"](input, inplace)
        return named_pointwise("MishBackward0", lambda x: g["mish"](x), _mish_vjp, input)

    def logsigmoid(input):
        return named_pointwise("LogSigmoidBackward0", lambda x: g["logsigmoid"](x),
                               _logsigmoid_vjp, input)

    def silu(input, inplace=False):
        if inplace:
            return g["silu"](input, inplace)
        return named_composite("SiluBackward0", lambda x: g["silu"](x), input)

    def softplus(input, beta=1.0, threshold=20.0):
        return named_composite("SoftplusBackward0", lambda x: g["softplus"](x, beta, threshold),
                               input)

    def leaky_relu(input, negative_slope=0.01, inplace=False):
        if inplace:
            return g["leaky_relu"](input, negative_slope, inplace)
        return named_composite("LeakyReluBackward0",
                               lambda x: g["leaky_relu"](x, negative_slope), input)

    def _conv(name):
        f = g[name]

        nd = int(name[-2])

        def conv(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
            # an unbatched input is convolved as a batch of one and squeezed after,
            # as torch's (its grad_fn is then SqueezeBackward1)
            unb = isinstance(input, Tensor) and input.dim() == nd + 1
            y = named_composite("ConvolutionBackward0",
                                lambda x, w, b: f(x, w, b, stride, padding, dilation, groups),
                                input.unsqueeze(0) if unb else input, weight, bias)
            return y.squeeze(0) if unb else y
        conv.__name__ = conv.__qualname__ = name
        return conv

    def _conv_t(name):
        f = g[name]

        nd = int(name[-2])

        def conv_t(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                   dilation=1):
            unb = isinstance(input, Tensor) and input.dim() == nd + 1
            y = named_composite("ConvolutionBackward0",
                                lambda x, w, b: f(x, w, b, stride, padding, output_padding,
                                                  groups, dilation),
                                input.unsqueeze(0) if unb else input, weight, bias)
            return y.squeeze(0) if unb else y
        conv_t.__name__ = conv_t.__qualname__ = name
        return conv_t

    def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                   return_indices=False):
        if return_indices:
            return g["max_pool2d"](input, kernel_size, stride, padding, dilation, ceil_mode, True)
        return named_composite("MaxPool2DWithIndicesBackward0",
                               lambda x: g["max_pool2d"](x, kernel_size, stride, padding,
                                                         dilation, ceil_mode), input)

    def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
                   count_include_pad=True, divisor_override=None):
        return named_composite("AvgPool2DBackward0",
                               lambda x: g["avg_pool2d"](x, kernel_size, stride, padding,
                                                         ceil_mode, count_include_pad,
                                                         divisor_override), input)

    def adaptive_avg_pool2d(input, output_size):
        # torch takes a mean for a 1x1 output (MeanBackward1), the op otherwise
        o = output_size if isinstance(output_size, (tuple, list)) else (output_size, output_size)
        if not isinstance(input, Tensor) or (
                all(type(v) is int for v in o) and tuple(o) == (1, 1)):
            return g["adaptive_avg_pool2d"](input, output_size)
        return named_composite("AdaptiveAvgPool2DBackward0",
                               lambda x: g["adaptive_avg_pool2d"](x, output_size), input)

    def adaptive_max_pool2d(input, output_size, return_indices=False):
        return named_composite("AdaptiveMaxPool2DBackward0",
                               lambda x: g["adaptive_max_pool2d"](x, output_size, return_indices),
                               input)

    def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
                   momentum=0.1, eps=1e-5):
        first = [True]

        def f(x, w, b):
            # the running statistics are updated once, by the forward: a re-run
            # (double backward) computes the batch's statistics without them
            stats = (running_mean, running_var) if first[0] or not training else (None, None)
            first[0] = False
            return g["batch_norm"](x, stats[0], stats[1], w, b, training, momentum, eps)
        return named_composite("NativeBatchNormBackward0", f, input, weight, bias)

    def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None,
                                         reduce=None, reduction="mean", pos_weight=None):
        fn = lambda x, t, w, pw: g["binary_cross_entropy_with_logits"](  # noqa: E731
            x, t, w, size_average, reduce, reduction, pw)
        red = reduction
        if size_average is not None or reduce is not None:
            red = F._legacy_reduction(size_average, reduce, reduction)
        if isinstance(red, str):
            fn._create_graph = _bce_logits_grads(red)
        return named_composite("BinaryCrossEntropyWithLogitsBackward0", fn,
                               input, target, weight, pos_weight)

    def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean",
                       beta=1.0):
        return named_composite(
            "SmoothL1LossBackward0",
            lambda x, t: g["smooth_l1_loss"](x, t, size_average, reduce, reduction, beta),
            input, target)

    def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
        if weight is not None:      # torch's weighted form is composite
            return g["huber_loss"](input, target, reduction, delta, weight)
        return named_composite(
            "HuberLossBackward0",
            lambda x, t: g["huber_loss"](x, t, reduction, delta),
            input, target)

    def pad(input, pad, mode="constant", value=None):
        f = g["pad"]
        if mode == "constant":
            name = "ConstantPadNdBackward0"
        elif mode in ("reflect", "replicate") and isinstance(pad, (tuple, list)) \
                and len(pad) in (2, 4, 6):
            name = ("ReflectionPad" if mode == "reflect" else "ReplicationPad") + \
                f"{len(pad) // 2}DBackward0"
        else:       # circular: torch's is composite too (CopySlices)
            return f(input, pad, mode, value)
        return named_composite(name, lambda x: f(x, pad, mode, value), input)

    new = dict(elu=elu, selu=selu, celu=celu, hardtanh=hardtanh, threshold=threshold, hardswish=hardswish,
               hardsigmoid=hardsigmoid, mish=mish, logsigmoid=logsigmoid, gelu=gelu, silu=silu, softplus=softplus, leaky_relu=leaky_relu,
               conv1d=_conv("conv1d"), conv2d=_conv("conv2d"), conv3d=_conv("conv3d"),
               conv_transpose1d=_conv_t("conv_transpose1d"),
               conv_transpose2d=_conv_t("conv_transpose2d"), max_pool2d=max_pool2d,
               avg_pool2d=avg_pool2d, adaptive_avg_pool2d=adaptive_avg_pool2d,
               adaptive_max_pool2d=adaptive_max_pool2d, batch_norm=batch_norm,
               binary_cross_entropy_with_logits=binary_cross_entropy_with_logits,
               smooth_l1_loss=smooth_l1_loss, huber_loss=huber_loss, pad=pad)
    for name, fn in new.items():
        old = g[name]
        fn.__name__ = fn.__qualname__ = name
        fn.__doc__ = old.__doc__
        fn.__module__ = old.__module__
        fn.__wrapped_composite__ = old
        setattr(F, name, fn)
