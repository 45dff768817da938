"""cyautograd.func, shaped like torch.func (functorch's function transforms).

NOTE [ Function transforms over the tape ]
torch.func runs transforms with "levels" of wrapped tensors inside the
dispatcher. cyautograd has one reverse-mode engine, so the transforms here are
built from it:

* ``grad``/``grad_and_value``/``vjp``/``jacrev`` run the function on fresh
  leaves (or on views of inputs that already carry history, so transforms
  nest and compose with ordinary autograd) and take ``autograd.grad``; the
  graph is kept (``create_graph``) only when something outside can still
  differentiate the result: an enclosing transform, or an input that
  requires grad. At the outermost level the results are detached, as
  torch.func's are.
* ``jvp``/``jacfwd`` use forward-mode AD (cyautograd.autograd.forward_ad),
  as torch.func does, also over functions that take reverse-mode gradients
  (``hessian`` = jacfwd(jacrev), ``jvp(grad(f))``: forward-over-reverse): the
  reverse transforms inside keep the level's tangents through their fresh
  leaves and detached results. Nested inside another transform or an open
  dual level (torch's forward AD has one level) they fall back to the
  double-backward trick (NOTE [ Forward mode by double backward ] in
  cyautograd/autograd/functional.py).
* ``vmap`` is a Python loop over the mapped dimension: each call of the
  function sees one slice, results are stacked along ``out_dims``. It gives
  torch's results for functions without data-dependent side effects, costs a
  call per batch element, and allows things torch's vmap refuses (``.item()``,
  data-dependent control flow). ``randomness``: "error" raises torch's error
  when the function draws from the global generator, "different" lets each
  slice draw its own numbers, "same" replays the generator's state for
  every slice.

Inputs and outputs may be pytrees: nested tuples, lists and dicts of Tensors.
"""
import functools

import cyautograd as torch
from cyautograd.tensor import Tensor
from cyautograd import engine as _engine
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

__all__ = ["grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian",
           "functional_call", "vmap", "linearize", "stack_module_state"]

# depth of enclosing grad-like transforms (see NOTE above)
_level = [0]


def _call_in_layer(func, *args, **kwargs):
    """``func(*args, **kwargs)`` as the user's function under a transform:
    inside it, backward(), requires_grad_() and retain_grad() raise torch's
    errors (NOTE [ Functorch transform depth ] in engine.pyx). The transforms'
    own bookkeeping runs outside."""
    _engine._enter_functorch_transform()
    try:
        return func(*args, **kwargs)
    finally:
        _engine._exit_functorch_transform()


# ---- pytrees: tuples, lists, dicts (insertion order) and leaves -----------

def _flatten(tree):
    """(leaves, spec) for nested tuples/lists/dicts."""
    if isinstance(tree, (tuple, list)) and not hasattr(tree, "_fields"):
        leaves, specs = [], []
        for x in tree:
            lv, sp = _flatten(x)
            leaves += lv
            specs.append(sp)
        return leaves, (type(tree), None, specs)
    if isinstance(tree, tuple):   # namedtuple
        leaves, specs = [], []
        for x in tree:
            lv, sp = _flatten(x)
            leaves += lv
            specs.append(sp)
        return leaves, (type(tree), "namedtuple", specs)
    if isinstance(tree, dict):
        leaves, specs = [], []
        for x in tree.values():
            lv, sp = _flatten(x)
            leaves += lv
            specs.append(sp)
        return leaves, (dict, list(tree.keys()), specs)
    return [tree], None


def _unflatten(leaves, spec):
    it = iter(leaves)

    def build(sp):
        if sp is None:
            return next(it)
        kind, keys, subs = sp
        vals = [build(s) for s in subs]
        if kind is dict:
            return dict(zip(keys, vals))
        if keys == "namedtuple":
            return kind(*vals)
        return kind(vals)
    return build(spec)


def _spec_repr(spec, indent=0):
    """torch.utils._pytree.TreeSpec's repr (children after the first on
    their own lines, indented)."""
    if spec is None:
        return "*"
    kind, keys, subs = spec
    head = f"TreeSpec({kind.__name__}, {keys if kind is dict else None}, ["
    body = ""
    if subs:
        indent += 2
        body = _spec_repr(subs[0], indent) + ("," if len(subs) > 1 else "")
        body += ",".join("\n" + " " * indent + _spec_repr(c, indent) for c in subs[1:])
    return head + body + "])"


def _spec_pprint(spec):
    """torch.utils._pytree.treespec_pprint: a leaf is *, containers as
    Python would print them."""
    if spec is None:
        return "*"
    kind, keys, subs = spec
    items = [_spec_pprint(c) for c in subs]
    if kind is dict:
        return "{" + ", ".join(f"{k!r}: {v}" for k, v in zip(keys, items)) + "}"
    if kind is list:
        return "[" + ", ".join(items) + "]"
    if len(items) == 1:
        return "(" + items[0] + ",)"
    return "(" + ", ".join(items) + ")"


# ---- grad -----------------------------------------------------------------

def _assert_tensor_outputs(out_leaves, api):
    """torch.func's assert_non_empty_tensor_output: at least one output, and
    only Tensors (a lone None counts as no output)."""
    if len(out_leaves) < 1 or (len(out_leaves) == 1 and out_leaves[0] is None):
        raise RuntimeError(f"{api}: Expected f to be a function that has non-empty output "
                           f"(got output = {out_leaves})")
    for o in out_leaves:
        if not isinstance(o, Tensor):
            raise RuntimeError(f"{api}: expected f(*primals) to return only tensors, got unsupported "
                               f"type {type(o)}")


_NO_SAVED_HOOKS = ("torch.func.{grad, vjp, jacrev, hessian} don't yet support saved tensor hooks. "
                   "Please open an issue with your use case.")


def _no_saved_tensor_hooks(fn):
    """torch.func's doesnt_support_saved_tensors_hooks: the reverse-mode
    transforms refuse saved tensor hooks, active when they start or entered
    inside the function they run."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with torch.autograd.graph.disable_saved_tensors_hooks(_NO_SAVED_HOOKS):
            return fn(*args, **kwargs)
    return wrapper


def _check_aux(aux):
    """torch.func's has_aux outputs are pytrees of Tensors only."""
    for leaf in _flatten(aux)[0]:
        if not isinstance(leaf, Tensor):
            raise RuntimeError(f"Expected tensors, got unsupported type {type(leaf)}")


def _check_argnums(argnums, nargs):
    def one(a, in_tuple):
        if not isinstance(a, int):
            if in_tuple:
                raise RuntimeError(f"argnum must be int, got: {type(a)}")
            raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(a)}")
        if not -nargs <= a < nargs:
            raise RuntimeError(f"Got argnum={a}, but only {nargs} positional inputs")
        return a % nargs if nargs else a
    if isinstance(argnums, tuple):
        if len(argnums) == 0:
            raise RuntimeError("argnums must be non-empty")
        got = tuple(one(a, True) for a in argnums)
        # as torch's _slice_argnums: the normalized argnums must not repeat
        if len(set(got)) != len(got):
            raise RuntimeError(f"argnums elements must be unique, got {got}")
        return got
    return one(argnums, False)


# fresh leaves made by _lift: {id: (weakref, serial)}; a transform counts
# the leaves made after it started (by the transforms it runs) as its own
_fresh = {}
_serial = [0]


def _note_fresh(leaf):
    import weakref
    _serial[0] += 1
    k = id(leaf)
    _fresh[k] = (weakref.ref(leaf, lambda r, k=k: _fresh.pop(k, None)), _serial[0])


def _note_inner_leaf(leaf):
    """A leaf a factory made with requires_grad=True (creation._wrap):
    inside a grad-like transform it belongs to that transform's level, as
    torch's does (a tensor created inside grad/vjp/jacrev is wrapped at the
    transform's level): a result whose history reaches only such leaves is
    a plain tensor once the transform returns (_finish, given the serial
    the transform started at). vmap has no level of its own: a leaf made
    under vmap alone stays an ordinary leaf."""
    if _level[0] > 0:
        _note_fresh(leaf)


def _is_inner(t, inner_ids, since):
    if id(t) in inner_ids:
        return True
    e = _fresh.get(id(t)) if since is not None else None
    return e is not None and e[0]() is t and e[1] > since


def _tangent(t):
    """t's tangent at the open dual level (None without one)."""
    from cyautograd.autograd import forward_ad as fwAD
    if fwAD._current_level < 0 or not isinstance(t, Tensor):
        return None
    return fwAD._fw_grad(t, fwAD._current_level)


def _detach(t, keep_tangent_graph=False):
    """t.detach() that keeps t's tangent at an open dual level: a transform
    run inside forward-mode AD (jvp(grad(f)), jacfwd(jacrev(f)): forward-
    over-reverse) hands the tangent of its result outwards, as torch.func's
    transforms do."""
    r = t.detach()
    g = _tangent(t)
    if g is not None and r.dtype.is_floating_point:
        from cyautograd.autograd import forward_ad as fwAD
        r = fwAD.make_dual(r, g if keep_tangent_graph else g.detach())
    return r


def _lift(x, keep, inner=None):
    """The tensor the transformed function sees: a fresh leaf, or (when the
    caller's tensor requires grad and grad mode is on) a view that keeps its
    history, so the transform composes with ordinary autograd. A tensor
    with a tangent (an enclosing forward-mode level) keeps it: the fresh
    leaf is made dual (and appended to `inner`, the transform's own leaves)."""
    if not isinstance(x, Tensor):
        raise ValueError(f"Thing passed to transform API must be Tensor, got {type(x)}")
    if keep and x.requires_grad:
        return x.view_as(x)
    leaf = _rg_internal(x.detach())
    _note_fresh(leaf)
    g = _tangent(x)
    if g is None:
        return leaf
    if inner is not None:
        inner.append(leaf)
    from cyautograd.autograd import forward_ad as fwAD
    return fwAD.make_dual(leaf, g)


def _needs_graph(leaves=()):
    # the graph of a transform's results is kept whenever grad mode is on:
    # whether anything outside can use it is decided afterwards (_finish)
    return torch.is_grad_enabled() or _level[0] > 0


def _reaches_outer(t, inner_ids, since=None):
    """Whether tensor t's history reaches a leaf that requires grad other
    than this transform's own inputs (an enclosing transform's input, a
    captured parameter, a caller's tensor)."""
    if not t.requires_grad:
        return False
    if t.grad_fn is None:
        return not _is_inner(t, inner_ids, since)
    seen = set()
    stack = [t.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        var = getattr(fn, "variable", None) if type(fn).__name__ == "AccumulateGrad" else None
        if var is not None:
            if not _is_inner(var, inner_ids, since):
                return True
            continue
        for nf, _ in fn.next_functions:
            stack.append(nf)
    return False


def _finish(tree, lifted, keep, since=None):
    """Detach each result tensor that nothing outside the transform can
    differentiate (torch.func's results at the outermost level are plain
    tensors; inside other transforms or over inputs that require grad they
    keep their history)."""
    leaves, spec = _flatten(tree)
    if not keep:
        return _unflatten([_detach(t) if isinstance(t, Tensor) else t for t in leaves], spec)
    inner = {id(t) for t in lifted}
    return _unflatten([_detach(t, True) if isinstance(t, Tensor) and not _reaches_outer(t, inner, since) else t
                       for t in leaves], spec)


def _maybe_detach(tree, keep):
    if keep:
        return tree
    leaves, spec = _flatten(tree)
    return _unflatten([_detach(t) if isinstance(t, Tensor) else t for t in leaves], spec)


def grad_and_value(func, argnums=0, has_aux=False):
    """Like :func:`grad`, but the returned function gives ``(gradient,
    value)`` — with ``has_aux``, ``(gradient, (value, aux))``."""
    @functools.wraps(func)
    @_no_saved_tensor_hooks
    def wrapper(*args, **kwargs):
        nums = _check_argnums(argnums, len(args))
        sel = nums if isinstance(nums, tuple) else (nums,)
        diff_leaves_all = []
        specs = []
        args = list(args)
        outer = []
        for a in sel:
            leaves, spec = _flatten(args[a])
            outer += leaves
        keep = _needs_graph(outer)
        inner = []
        since = _serial[0]   # leaves made from here on are this transform's
        for a in sel:
            leaves, spec = _flatten(args[a])
            lifted = [_lift(t, keep, inner) for t in leaves]
            diff_leaves_all.append(lifted)
            specs.append(spec)
            args[a] = _unflatten(lifted, spec)
        _level[0] += 1
        try:
            with torch.enable_grad():
                out = _call_in_layer(func, *args, **kwargs)
            if has_aux:
                if not (isinstance(out, tuple) and len(out) == 2):
                    raise RuntimeError("grad_and_value(f)(*args): output of function f should be a tuple: "
                                       "(output, aux) if has_aux is True")
                out, aux = out
                _check_aux(aux)
            if not isinstance(out, Tensor):
                raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, "
                                   f"got {type(out)}")
            if out.dim() != 0:
                raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, "
                                   f"got tensor with {out.dim()} dims. Maybe you wanted to use the vjp or "
                                   "jacrev APIs instead?")
            flat = [t for group in diff_leaves_all for t in group]
            if out.requires_grad:
                with torch.enable_grad():
                    gs = torch.autograd.grad(out, flat, create_graph=keep, allow_unused=True)
            else:
                gs = (None,) * len(flat)
            gs = [torch.zeros_like(t) if g is None else g for g, t in zip(gs, flat)]
        finally:
            _level[0] -= 1
        grads, k = [], 0
        for group, spec in zip(diff_leaves_all, specs):
            grads.append(_unflatten(gs[k:k + len(group)], spec))
            k += len(group)
        g = tuple(grads) if isinstance(nums, tuple) else grads[0]
        flat_lifted = [t for group in diff_leaves_all for t in group] + inner
        g = _finish(g, flat_lifted, keep, since)
        value = _finish(out, flat_lifted, keep, since)
        if has_aux:
            return g, (value, _finish(aux, flat_lifted, keep, since))
        return g, value
    return wrapper


def grad(func, argnums=0, has_aux=False):
    """Transform ``func`` (returning a scalar Tensor) into a function that
    returns its gradient with respect to the argument(s) ``argnums`` (an
    int, or a tuple of ints for a tuple of gradients); each argument may be a
    pytree of Tensors. With ``has_aux``, func returns ``(output, aux)`` and
    the new function ``(gradient, aux)``. Transforms nest:
    ``grad(grad(f))`` is the second derivative."""
    gv = grad_and_value(func, argnums, has_aux)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        g, value = gv(*args, **kwargs)
        if has_aux:
            return g, value[1]
        return g
    return wrapper


# ---- vjp / jvp --------------------------------------------------------------

@_no_saved_tensor_hooks
def vjp(func, *primals, has_aux=False):
    """Run ``func(*primals)`` and return ``(output, vjp_fn)``; ``vjp_fn(
    cotangents)`` (shaped like the output pytree) returns a tuple with one
    vector-Jacobian product per primal. With ``has_aux``, func returns
    ``(output, aux)`` and so does this, as ``(output, vjp_fn, aux)``."""
    leaves, spec = _flatten(primals)
    keep = _needs_graph(leaves)
    inner = []
    since = _serial[0]   # leaves made from here on are this transform's
    lifted = [_lift(t, keep, inner) for t in leaves]
    _level[0] += 1
    try:
        with torch.enable_grad():
            out = _call_in_layer(func, *_unflatten(lifted, spec))
    finally:
        _level[0] -= 1
    if has_aux:
        if not (isinstance(out, tuple) and len(out) == 2):
            raise RuntimeError("vjp(f, *primals): output of function f should be a tuple: (output, aux) "
                               "if has_aux is True")
        out, aux = out
        _check_aux(aux)
    out_leaves, out_spec = _flatten(out)
    _assert_tensor_outputs(out_leaves, "vjp(f, *primals)")

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        ct_leaves, ct_spec = _flatten(cotangents)
        if _spec_repr(ct_spec) != _spec_repr(out_spec):
            raise RuntimeError("Expected pytree structure of cotangents to be the same as pytree structure "
                               f"of outputs to the function. cotangents: {_spec_pprint(ct_spec)}, primal "
                               f"output: {_spec_pprint(out_spec)}")
        for c, o in zip(ct_leaves, out_leaves):
            if tuple(c.shape) != tuple(o.shape):
                raise RuntimeError(f"Mismatch in shape: grad_output[0] has a shape of {c.shape} and "
                                   f"output[0] has a shape of {o.shape}.")
        pairs = [(o, c) for o, c in zip(out_leaves, ct_leaves) if o.requires_grad]
        # the products are recorded for an outer level only if grad mode is
        # on now: under no_grad (at the outermost level) they are plain
        # tensors, as torch's
        inner_keep = (keep or _needs_graph(ct_leaves)) and _needs_graph()
        if pairs:
            with torch.enable_grad():
                gs = torch.autograd.grad([o for o, _ in pairs], lifted, [c for _, c in pairs],
                                         retain_graph=retain_graph,
                                         create_graph=inner_keep if create_graph is None else create_graph,
                                         allow_unused=True)
        else:
            gs = (None,) * len(lifted)
        gs = [torch.zeros_like(t) if g is None else g for g, t in zip(gs, lifted)]
        return tuple(_finish(_unflatten(gs, spec), lifted + inner, inner_keep, since))

    result = (_finish(out, lifted + inner, keep, since), vjp_fn)
    if has_aux:
        return result + (_finish(aux, lifted + inner, keep, since),)
    return result


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """``(func(*primals), J @ tangents)``: the Jacobian-vector product, by
    forward-mode AD (or the double-backward trick where forward AD cannot
    run; NOTE [ Function transforms over the tape ]). ``primals`` and
    ``tangents`` are tuples of the same structure. ``strict=True`` is
    refused as in torch. Forward grad mode is on while it runs, whatever
    it is outside (``forward_ad._set_fwd_grad_enabled``), as torch's."""
    from cyautograd.autograd import forward_ad as fwAD
    with fwAD._set_fwd_grad_enabled(True):
        return _jvp(func, primals, tangents, strict, has_aux)


def _jvp(func, primals, tangents, strict, has_aux):
    if not isinstance(primals, tuple):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals to be a tuple. E.g. it should be "
                           "valid to call f(*primals).")
    if strict:
        raise RuntimeError("jvp(f, primals, tangents): strict mode is not yet supported")
    p_leaves, p_spec = _flatten(primals)
    t_leaves, t_spec = _flatten(tangents)
    if len(p_leaves) != len(t_leaves) or _spec_repr(p_spec) != _spec_repr(t_spec):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals and tangents to have the same "
                           f"python structure. For example, if primals is a tuple of 3 tensors, tangents "
                           f"also must be. Got primals with structure {_spec_repr(p_spec)} and tangents "
                           f"with structure {_spec_repr(t_spec)}")
    if not p_leaves:
        raise RuntimeError("jvp(f, primals, tangents): Expected primals to contain at least one Tensor.")
    for p, t in zip(p_leaves, t_leaves):
        if not isinstance(p, Tensor) or not isinstance(t, Tensor):
            bad = p if not isinstance(p, Tensor) else t
            raise RuntimeError(f"jvp(f, primals, tangents): expected primals and tangents to only contain "
                               f"Tensors, got {type(bad)}")
        if tuple(p.shape) != tuple(t.shape):
            raise RuntimeError("Trying to set a forward gradient that has a different size than that of the "
                               "original Tensor, this is not supported. Tensor is of size "
                               f"{list(p.shape)} while the given forward gradient is of size {list(t.shape)}.")
    keep = _needs_graph(p_leaves + t_leaves)
    if _level[0] == 0:
        r = _jvp_forward_ad(func, p_leaves, p_spec, t_leaves, has_aux, keep)
        if r is not None:
            return r
    lifted = [_lift(t, keep) for t in p_leaves]
    _level[0] += 1
    try:
        with torch.enable_grad():
            out = _call_in_layer(func, *_unflatten(lifted, p_spec))
            if has_aux:
                if not (isinstance(out, tuple) and len(out) == 2):
                    raise RuntimeError("jvp(f, primals, tangents): output of function f should be a tuple: "
                                       "(output, aux) if has_aux is True")
                out, aux = out
                _check_aux(aux)
            out_leaves, out_spec = _flatten(out)
            _assert_tensor_outputs(out_leaves, "jvp(f, primals, tangents)")
            diff_out = [o for o in out_leaves if o.requires_grad]
            u = [_rg_internal(torch.zeros_like(o)) for o in diff_out]
            if diff_out:
                gi = torch.autograd.grad(diff_out, lifted, u, create_graph=True, allow_unused=True)
            else:
                gi = (None,) * len(lifted)
            keep_pairs = [(g, t) for g, t in zip(gi, t_leaves) if g is not None and g.requires_grad]
            if keep_pairs and u:
                res = torch.autograd.grad([g for g, _ in keep_pairs], u, [t for _, t in keep_pairs],
                                          create_graph=keep, allow_unused=True)
            else:
                res = (None,) * len(u)
    finally:
        _level[0] -= 1
    it = iter(res)
    tan_out = []
    for o in out_leaves:
        r = next(it) if o.requires_grad else None
        tan_out.append(torch.zeros_like(o).detach() if r is None else r)
    result = (_finish(out, lifted, keep), _finish(_unflatten(tan_out, out_spec), lifted + u, keep))
    if has_aux:
        return result + (_finish(aux, lifted, keep),)
    return result


def _jvp_forward_ad(func, p_leaves, p_spec, t_leaves, has_aux, keep):
    """jvp by forward-mode AD: func runs on dual tensors (fresh leaves, or
    views of inputs that require grad, so the results compose with ordinary
    autograd). None where forward AD cannot run (an open dual level, or func
    takes a reverse-mode gradient with create_graph): the caller falls back."""
    from cyautograd.autograd import forward_ad as fwAD
    if fwAD._current_level >= 0:
        return None
    # inputs keep their history only where it leads outside (no fresh
    # leaves: forward AD needs no reverse graph of its own)
    lifted = [t.view_as(t) if keep and t.requires_grad else t.detach() for t in p_leaves]
    since = _serial[0]
    try:
        with fwAD.dual_level():
            duals = [fwAD.make_dual(x, t) if x.dtype.is_floating_point else x for x, t in zip(lifted, t_leaves)]
            out = _call_in_layer(func, *_unflatten(duals, p_spec))
            if has_aux:
                if not (isinstance(out, tuple) and len(out) == 2):
                    raise RuntimeError("jvp(f, primals, tangents): output of function f should be a tuple: "
                                       "(output, aux) if has_aux is True")
                out, aux = out
                _check_aux(aux)
            out_leaves, out_spec = _flatten(out)
            _assert_tensor_outputs(out_leaves, "jvp(f, primals, tangents)")
            tan_out = []
            for o in out_leaves:
                tg = fwAD.unpack_dual(o).tangent
                tan_out.append(torch.zeros_like(o).detach() if tg is None else tg)
    except fwAD._ForwardOverReverse:
        return None
    result = (_finish(out, lifted, keep, since), _finish(_unflatten(tan_out, out_spec), lifted, keep, since))
    if has_aux:
        return result + (_finish(aux, lifted, keep, since),)
    return result


# ---- Jacobians and Hessians ---------------------------------------------------

def _jac(func, argnums, has_aux, forward, chunk_size=None):
    @functools.wraps(func)
    def wrapper(*args):
        nums = _check_argnums(argnums, len(args))
        sel = nums if isinstance(nums, tuple) else (nums,)
        args = list(args)
        in_leaves, in_specs = [], []
        for a in sel:
            lv, sp = _flatten(args[a])
            in_leaves.append(lv)
            in_specs.append(sp)
        flat_in = [t for g in in_leaves for t in g]
        for t in flat_in:
            if not isinstance(t, Tensor):
                raise ValueError(f"Thing passed to transform API must be Tensor, got {type(t)}")

        def f_flat(*xs):
            # the function of the selected leaves only
            new_args, k = list(args), 0
            for a, lv, sp in zip(sel, in_leaves, in_specs):
                new_args[a] = _unflatten(list(xs[k:k + len(lv)]), sp)
                k += len(lv)
            return func(*new_args)

        aux_box = []

        def f_out(*xs):
            out = f_flat(*xs)
            if has_aux:
                if not (isinstance(out, tuple) and len(out) == 2):
                    name = "jacfwd" if forward else "jacrev"
                    raise RuntimeError(f"{name}(f, ...)(*args): output of function f should be a tuple: "
                                       "(output, aux) if has_aux is True")
                out, aux = out
                _check_aux(aux)
                aux_box[:] = [aux, xs]
            return out

        if forward:
            # columns J e_k, one JVP per input element
            cols = []   # per input leaf: list over k of output-leaf tuples
            out = None
            for j, x in enumerate(flat_in):
                per = []
                for k in range(x.numel()):
                    e = torch.zeros(x.numel(), dtype=x.dtype)
                    e[k] = 1
                    tans = tuple(e.reshape(tuple(x.shape)) if jj == j else torch.zeros_like(y)
                                 for jj, y in enumerate(flat_in))
                    out, tan = jvp(f_out, tuple(flat_in), tans)
                    per.append(_flatten(tan)[0])
                cols.append(per)
            if out is None:
                out = _maybe_detach(f_out(*flat_in), False)
            out_leaves, out_spec = _flatten(out)
            # jac[o][j] of shape out.shape + in.shape
            jac = [[(torch.stack([c[oi].reshape(-1) for c in cols[j]], dim=-1) if cols[j]
                     else torch.zeros((o.numel(), 0), dtype=o.dtype)).reshape(tuple(o.shape) + tuple(x.shape))
                    for j, x in enumerate(flat_in)] for oi, o in enumerate(out_leaves)]
        else:
            out, vjp_fn = vjp(f_out, *flat_in)
            out_leaves, out_spec = _flatten(out)
            jac = []
            for oi, o in enumerate(out_leaves):
                rows = [[] for _ in flat_in]
                for k in range(o.numel()):
                    cts = []
                    for oj, o2 in enumerate(out_leaves):
                        c = torch.zeros(o2.numel(), dtype=o2.dtype)
                        if oj == oi:
                            c[k] = 1
                        cts.append(c.reshape(tuple(o2.shape)))
                    gs = vjp_fn(_unflatten(cts, out_spec))
                    for r, g in zip(rows, gs):
                        r.append(g.reshape(-1))
                jac.append([(torch.stack(r, dim=0) if r else torch.zeros((0, x.numel()), dtype=x.dtype))
                            .reshape(tuple(o.shape) + tuple(x.shape)) for r, x in zip(rows, flat_in)])
        # regroup: output pytree of (argnums structure of input pytrees)
        per_out = []
        for row in jac:
            groups, k = [], 0
            for lv, sp in zip(in_leaves, in_specs):
                groups.append(_unflatten(row[k:k + len(lv)], sp))
                k += len(lv)
            per_out.append(tuple(groups) if isinstance(nums, tuple) else groups[0])
        result = _unflatten(per_out, out_spec)
        if has_aux:
            return result, (_finish(aux_box[0], aux_box[1], _needs_graph()) if aux_box else None)
        return result
    return wrapper


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    """Transform ``func`` into a function returning its Jacobian with
    respect to ``argnums``, by reverse mode (one vector-Jacobian product per
    output element). Each Jacobian leaf has shape ``output.shape +
    input.shape``; the result follows the output pytree, then the argnums
    structure. ``chunk_size`` is accepted (the products always run one at a
    time here)."""
    if chunk_size is not None and not (isinstance(chunk_size, int) and chunk_size > 0):
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")
    return _jac(func, argnums, has_aux, forward=False, chunk_size=chunk_size)


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """Like :func:`jacrev`, by forward mode: one Jacobian-vector product per
    input element, each by the double-backward trick."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. "
                           f"Got {randomness}")
    return _jac(func, argnums, has_aux, forward=True)


def hessian(func, argnums=0):
    """The Hessian of a scalar function, as ``jacfwd(jacrev(func, argnums),
    argnums)`` (torch's forward-over-reverse composition)."""
    return jacfwd(jacrev(func, argnums), argnums)


# ---- functional_call -----------------------------------------------------------

def _resolve(module, path):
    *prefix, name = path.split(".")
    owner = module
    for p in prefix:
        owner = getattr(owner, p)
    return owner, name


def _swap(owner, name, value):
    """Put value in place of owner.<name>; return a function that undoes it.
    Duck-typed: modules that keep ``_parameters``/``_buffers`` dicts (as
    torch's nn.Module does) are edited there, anything else by setattr."""
    for store in ("_parameters", "_buffers"):
        d = getattr(owner, store, None)
        if isinstance(d, dict) and name in d:
            old = d[name]
            d[name] = value

            def undo(d=d, old=old):
                d[name] = old
            return undo
    missing = object()
    old = getattr(owner, name, missing)
    setattr(owner, name, value)

    def undo():
        if old is missing:
            delattr(owner, name)
        else:
            setattr(owner, name, old)
    return undo


def _named_tensors(module):
    names = []
    for meth in ("named_parameters", "named_buffers"):
        f = getattr(module, meth, None)
        if f is not None:
            try:
                names += [n for n, _ in f(remove_duplicate=False)]
            except TypeError:
                names += [n for n, _ in f()]
    return names


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *,
                    tie_weights=True, strict=False):
    """Call ``module(*args, **kwargs)`` with some of its parameters and
    buffers replaced, for the duration of the call, by the tensors in
    ``parameter_and_buffer_dicts`` (a dict from dotted names like
    ``"layer.weight"`` to tensors, or a sequence of such dicts with disjoint
    keys). The module is restored afterwards, also when the call raises.

    ``module`` is duck-typed: anything callable whose attributes can be
    reached by the dotted names; ``named_parameters``/``named_buffers`` are
    used (if present) for ``strict`` (every parameter and buffer must be
    given, and no other key) and for ``tie_weights`` (a tensor registered
    under two names is replaced under both when either is given)."""
    if isinstance(parameter_and_buffer_dicts, dict):
        params = dict(parameter_and_buffer_dicts)
    elif isinstance(parameter_and_buffer_dicts, (list, tuple)):
        params = {}
        dup = []
        for d in parameter_and_buffer_dicts:
            for k, v in d.items():
                if k in params and k not in dup:
                    dup.append(k)
                params[k] = v
        if dup:
            raise ValueError(f"{dup} appeared in multiple dictionaries; behavior of functional call "
                             "is ambiguous")
    else:
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but "
                         f"got {type(parameter_and_buffer_dicts)}")
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    kwargs = kwargs or {}
    if tie_weights and hasattr(module, "named_parameters"):
        # names under which the same tensor object is registered
        groups = {}
        for meth in ("named_parameters", "named_buffers"):
            f = getattr(module, meth, None)
            if f is None:
                continue
            try:
                items = list(f(remove_duplicate=False))
            except TypeError:
                items = list(f())
            for n, t in items:
                groups.setdefault(id(t), []).append(n)
        for names in groups.values():
            given = [n for n in names if n in params]
            if given:
                vals = [params[n] for n in given]
                if any(v is not vals[0] for v in vals[1:]):
                    raise ValueError(f"functional_call got multiple values for keys {given}, which are tied. "
                                     "Consider using tie_weights=False")
                for n in names:
                    params.setdefault(n, vals[0])
    if strict:
        names = set(_named_tensors(module))
        missing = sorted(names - set(params))
        unexpected = sorted(set(params) - names)
        if missing or unexpected:
            msgs = []
            if unexpected:
                msgs.append("Unexpected key(s): " + ", ".join(repr(k) for k in unexpected) + ".")
            if missing:
                msgs.append("Missing key(s): " + ", ".join(repr(k) for k in missing) + ".")
            raise RuntimeError("Error(s) in reparametrizing for {}:\n\t{}".format(
                type(module).__name__, "\n\t".join(msgs)))
    undos = []
    try:
        for path, value in params.items():
            owner, name = _resolve(module, path)
            undos.append(_swap(owner, name, value))
        return module(*args, **kwargs)
    finally:
        for undo in reversed(undos):
            undo()


# ---- vmap -------------------------------------------------------------------

def _rng_state():
    from cyautograd.random import default_generator
    return default_generator._impl.get_state()


def _set_rng_state(state):
    from cyautograd.random import default_generator
    default_generator._impl.set_state(state)


def _fname(func):
    return getattr(func, "__name__", repr(func))


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """Vectorise ``func`` over a dimension of its inputs.

    ``in_dims`` says, per positional argument (an int for all of them, or a
    tuple/pytree prefix matching the arguments; ``None`` for an unmapped
    argument), which dimension is mapped; every mapped tensor must have the
    same size there. ``out_dims`` places the new dimension in each output
    (``None``: the output is the same for every slice and is returned once).
    Implemented as a loop (NOTE [ Function transforms over the tape ]): the
    results equal torch's, nested vmaps and other transforms compose.
    """
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. "
                           f"Got {randomness}")
    if chunk_size is not None and not (isinstance(chunk_size, int) and chunk_size > 0):
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got {chunk_size})")
    name = _fname(func)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if not isinstance(in_dims, (int, tuple)) or isinstance(in_dims, bool):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to be int "
                             "or a (potentially nested) tuple matching the structure of inputs, got: "
                             f"{type(in_dims)}.")
        if len(args) == 0:
            raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, or "
                             "you are trying to vmap over a function with no inputs. The latter is "
                             "unsupported.")
        leaves, spec = _flatten(tuple(args))
        # broadcast in_dims (a prefix of the args' structure) to the leaves
        if isinstance(in_dims, int):
            dims = [in_dims] * len(leaves)
        else:
            dims = []
            if len(in_dims) != len(args):
                raise ValueError(
                    f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with the "
                    f"structure of `inputs`. in_dims has structure {_spec_repr(_flatten(in_dims)[1])} but "
                    f"inputs has structure {_spec_repr(spec)}.")
            for d, a in zip(in_dims, args):
                n = len(_flatten(a)[0])
                if isinstance(d, (tuple, list, dict)):
                    dl = _flatten(d)[0]
                    if len(dl) != n:
                        raise ValueError(
                            f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with "
                            f"the structure of `inputs`. in_dims has structure {_spec_repr(_flatten(in_dims)[1])}"
                            f" but inputs has structure {_spec_repr(spec)}.")
                    dims += dl
                else:
                    dims += [d] * n
        size = None
        sizes = []
        norm = []
        for x, d in zip(leaves, dims):
            if d is None:
                norm.append(None)
                continue
            if not isinstance(d, int):
                raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims must be int or "
                                 f"None, got {type(d)}")
            if not isinstance(x, Tensor):
                raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input "
                                 f"but the input is of type {type(x)}. We cannot vmap over non-Tensor "
                                 "arguments, please use None as the respective in_dim")
            nd = x.dim()
            if not -nd <= d < nd:
                raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for some "
                                 f"input, but that input is a Tensor of dimensionality {nd} so expected in_dim "
                                 f"to satisfy -{nd} <= in_dim < {nd}.")
            d = d % nd
            norm.append(d)
            sizes.append(x.shape[d])
        if not sizes:
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): at least one input must be "
                             "batched; found no Tensor inputs to vmap over (or all in_dims were None).")
        if any(s != sizes[0] for s in sizes):
            raise ValueError("vmap: Expected all tensors to have the same size in the mapped dimension, got "
                             f"sizes {sizes} for the mapped dimension")
        size = sizes[0]
        results = []
        # the slices of mapped inputs that need no gradient: torch's batched
        # tensors of this level, which a gradient never reaches outside it
        # (one the function sets requires_grad on gives results that are
        # plain tensors once vmap returns)
        own = []
        state0 = _rng_state() if randomness != "different" else None
        for b in range(size):
            sliced = [x if d is None else x.select(d, b) for x, d in zip(leaves, norm)]
            own += [s for s, x, d in zip(sliced, leaves, norm) if d is not None and not x.requires_grad]
            if randomness == "same":
                _set_rng_state(state0)
            out = _call_in_layer(func, *_unflatten(sliced, spec), **kwargs)
            if randomness == "error" and _rng_state() != state0:
                raise RuntimeError("vmap: called random operation while in randomness error mode. Please "
                                   "either use the 'same' or 'different' randomness flags on vmap or perform "
                                   "the randomness operation out of vmap")
            results.append(out)
        if size == 0:
            raise ValueError("vmap: cannot run a function over a mapped dimension of size 0 (torch cannot "
                             "either: it needs one call to learn the output structure)")
        out_leaves0, out_spec = _flatten(results[0])
        if isinstance(out_dims, int) or out_dims is None:
            odims = [out_dims] * len(out_leaves0)
        elif isinstance(out_dims, tuple):
            od_leaves, od_spec = _flatten(out_dims)
            if isinstance(results[0], tuple) and len(out_dims) == len(results[0]):
                odims = []
                for d, o in zip(out_dims, results[0]):
                    odims += [d] * len(_flatten(o)[0]) if not isinstance(d, tuple) else list(d)
            elif len(od_leaves) == 1 and out_spec is None:
                odims = od_leaves
            else:
                raise ValueError(
                    f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not compatible with the "
                    f"structure of `outputs`. out_dims has structure {_spec_repr(od_spec)} but outputs has "
                    f"structure {_spec_repr(out_spec)}.")
        else:
            raise ValueError(f"vmap({name}, ..., out_dims={out_dims}): out_dims must be an int, None or a "
                             f"python collection of ints representing where in the outputs the vmapped "
                             f"dimension should appear.")
        per_leaf = list(zip(*[_flatten(r)[0] for r in results]))
        stacked = []
        for k, (vals, d) in enumerate(zip(per_leaf, odims)):
            if d is None:
                stacked.append(vals[0])
                continue
            for v in vals:
                if not isinstance(v, Tensor):
                    raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type "
                                     f"{type(v)}. Did you mean to set out_dims= to None for output?")
            nd = vals[0].dim() + 1
            if not -nd <= d < nd:
                raise IndexError(f"Dimension out of range (expected to be in range of [{-nd}, {nd - 1}], "
                                 f"but got {d})")
            stacked.append(torch.stack(list(vals), dim=d % nd))
        own_ids = {id(s) for s in own}
        stacked = [_detach(t) if isinstance(t, Tensor) and t.requires_grad and not _reaches_outer(t, own_ids)
                   else t for t in stacked]
        return _unflatten(stacked, out_spec)
    return wrapper


def linearize(func, *primals):
    """Return ``(func(*primals), jvp_fn)`` where ``jvp_fn(*tangents)`` is the
    Jacobian-vector product at ``primals`` (each call runs the
    double-backward JVP again; torch traces the linearised function once)."""
    out = _finish(_call_in_layer(func, *primals), [], False)

    def jvp_fn(*tangents):
        return jvp(func, primals, tangents)[1]
    return out, jvp_fn


def stack_module_state(models):
    """Stack the parameters and buffers of same-class modules along a new
    leading dimension: returns ``(params, buffers)`` dicts from names to
    stacked tensors (parameters as fresh leaves that require grad), ready for
    ``vmap(functional_call(...))`` ensembling. Duck-typed like
    :func:`functional_call`."""
    models = list(models)
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    modes = [getattr(m, "training", True) for m in models]
    if not (all(modes) or not any(modes)):
        raise RuntimeError("stack_module_state: Expected all models to have the same training/eval mode.")
    if not all(type(m) is type(models[0]) for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")

    def stacked(tensors, name):
        rg = [t.requires_grad for t in tensors]
        if any(rg) and not all(rg):
            raise RuntimeError(f"Expected {name} from each model to have the same .requires_grad")
        if any(rg):
            return torch.stack([t.detach() for t in tensors]).requires_grad_()
        return torch.stack(list(tensors))

    def collect(meth):
        dicts = [dict(getattr(m, meth)()) if hasattr(m, meth) else {} for m in models]
        return {k: stacked(tuple(d[k] for d in dicts), k) for k in dicts[0]}
    return collect("named_parameters"), collect("named_buffers")


def replace_all_batch_norm_modules_(root):
    """Turn off running statistics in place in every batch-norm module of
    ``root`` (itself included): ``running_mean``, ``running_var`` and
    ``num_batches_tracked`` become None and ``track_running_stats`` False, so
    the modules normalise with batch statistics under ``vmap``. Returns
    ``root``.

    >>> m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.BatchNorm1d(4))
    >>> torch.func.replace_all_batch_norm_modules_(m)[1].running_mean is None
    True
    """
    from cyautograd.nn.modules import _BatchNorm

    def strip(m):
        if isinstance(m, _BatchNorm) and m.track_running_stats:
            m.running_mean = None
            m.running_var = None
            m.num_batches_tracked = None
            m.track_running_stats = False
    strip(root)
    for m in root.modules():
        strip(m)
    return root


def debug_unwrap(tensor, *, recurse=True):
    """The tensor under a transform's wrapper. Transforms here run over the
    ordinary tape (NOTE [ Function transforms over the tape ]) and wrap
    nothing, so this is the tensor itself.

    >>> x = torch.ones(2)
    >>> torch.func.debug_unwrap(x) is x
    True
    """
    return tensor


from cyautograd.func._functionalize import functionalize  # noqa: E402

__all__ += ["replace_all_batch_norm_modules_", "debug_unwrap", "functionalize"]
