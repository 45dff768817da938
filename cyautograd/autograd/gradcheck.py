"""cyautograd.autograd.gradcheck, shaped like torch.autograd.gradcheck.

Finite-difference checks of the engine's gradients. ``gradcheck`` compares,
for every (output, input) pair, the Jacobian measured by central differences
(perturbing one input element at a time, through ``input.data`` so that the
input's version counter does not move) with the Jacobian the engine builds row
by row from vector-Jacobian products. ``gradgradcheck`` runs ``gradcheck`` on
the function that maps (inputs, grad_outputs) to the first derivatives, so it
checks the backward of every backward.

As in torch, the name ``cyautograd.autograd.gradcheck`` is the *function*
once ``cyautograd.autograd`` is imported (the package re-exports it over the
submodule's name); ``import cyautograd.autograd.gradcheck`` /
``from cyautograd.autograd.gradcheck import GradcheckError`` reach this
module through ``sys.modules``.

Forward mode: ``check_forward_ad`` computes the forward-mode Jacobian column
by column with Jacobian-vector products from forward-mode AD
(cyautograd.autograd.forward_ad: each input made dual with a unit tangent),
as torch does. Where forward AD cannot run (inside an open dual level, or a
function that itself takes a reverse-mode gradient with create_graph, as
``check_fwd_over_rev`` does) the JVP falls back to the "double-backward
trick" of torch.autograd.functional.jvp. Failures use torch's "Jacobian
computed with forward mode mismatch" wording.
"""
import warnings

import numpy as np

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError",
           "get_numerical_jacobian", "get_analytical_jacobian",
           "get_numerical_jacobian_wrt_specific_input"]


class GradcheckError(RuntimeError):
    """Raised by gradcheck and gradgradcheck when a check fails (a
    RuntimeError, so code that catches torch's generic error still works)."""


FAILED_NONDET_MSG = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""

FAST_FAIL_SLOW_OK_MSG = """
Fast gradcheck failed but element-wise differences are small. This means that the
test might've passed in slow_mode!

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck:

If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `fast_mode=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_fast_mode=False`
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_fast_mode=False`
"""


def _torch():
    import cyautograd
    return cyautograd


def _is_tensor(x):
    from cyautograd.tensor import Tensor
    return isinstance(x, Tensor)


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _differentiable_outputs(x):
    return tuple(o for o in _as_tuple(x) if o.requires_grad)


def _diff_inputs(inputs):
    return [t for t in inputs if _is_tensor(t) and t.requires_grad]


def _np(t):
    """A numpy copy of a tensor's values (no autograd)."""
    return np.array(t.detach().numpy(), copy=True)


def _wrap(a, dtype):
    return _torch().tensor(np.asarray(a), dtype=dtype)


def _check_inputs(tupled_inputs):
    any_input_requiring_grad = False
    for idx, inp in enumerate(tupled_inputs):
        if _is_tensor(inp) and inp.requires_grad:
            if inp.dtype != _torch().float64:
                warnings.warn(
                    f"Input #{idx} requires gradient and "
                    "is not a double precision floating point or complex. "
                    "This check will likely fail if all the inputs are "
                    "not of double precision floating point or complex. ",
                    stacklevel=3)
            # (a zero-size tensor has no elements to overlap, whatever its strides)
            if inp.numel() and not all(st > 0 or sz <= 1 for st, sz in zip(inp.stride(), inp.size())):
                raise RuntimeError(
                    f"The {idx}th input has a dimension with stride 0. gradcheck only "
                    "supports inputs that are non-overlapping to be able to "
                    "compute the numerical gradients correctly. You should call "
                    ".contiguous on the input before passing it to gradcheck.")
            any_input_requiring_grad = True
    if not any_input_requiring_grad:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, "
            "but none of them have requires_grad=True.")
    return True


def _check_outputs_same_dtype_and_shape(output1, output2, eps, idx=None):
    on_index = f"on index {idx} " if idx is not None else ""
    if output1.shape != output2.shape:
        raise AssertionError(
            f"Expected `func` to return outputs with the same shape"
            f" when inputs are perturbed {on_index}by {eps}, but got:"
            f" shapes {output1.shape} and {output2.shape}.")
    if output1.dtype != output2.dtype:
        raise AssertionError(
            f"Expected `func` to return outputs with the same dtype"
            f" when inputs are perturbed {on_index}by {eps}, but got:"
            f" dtypes {output1.dtype} and {output2.dtype}.")


def _run(fn, inputs):
    # outputs are cloned so that an output aliasing a perturbed input keeps
    # the value it had when it was computed
    return tuple(o.detach().clone() for o in _as_tuple(fn(*inputs)))


def _perturbable(inp):
    # ``.data`` shares storage but has its own version counter, so moving an
    # element of it is invisible to the input's autograd history (as torch).
    return inp.data.numpy()


def _numerical_jacobian_wrt_input(fn, inputs, k, outputs, eps, inp=None):
    """One Jacobian per output of fn, each (inputs[k].numel(), output.numel()),
    in the output's dtype, by perturbing element by element. ``inp``: the
    tensor whose storage is perturbed (default inputs[k]); fn is always called
    on ``inputs`` as they are, so a tensor that is not among them gives zero
    Jacobians (torch's get_numerical_jacobian_wrt_specific_input)."""
    inp = inputs[k] if inp is None else inp
    arr = _perturbable(inp)
    n_in = inp.numel()
    jacs = [np.zeros((n_in, o.numel()), dtype=_np(o).dtype) for o in outputs]
    for d_idx, idx in enumerate(np.ndindex(*arr.shape)):
        orig = arr[idx].copy()
        arr[idx] = orig - eps
        outa = _run(fn, inputs)
        arr[idx] = orig + eps
        outb = _run(fn, inputs)
        arr[idx] = orig
        for j, (a, b) in enumerate(zip(outa, outb)):
            _check_outputs_same_dtype_and_shape(a, b, eps, idx=idx)
            col = (_np(b) - _np(a)) / (2 * eps)
            jacs[j][d_idx] = col.reshape(-1)
    return jacs


def _get_numerical_jacobian(fn, inputs, outputs, eps):
    """[input][output] numerical Jacobians over the inputs that require grad."""
    return [_numerical_jacobian_wrt_input(fn, inputs, k, outputs, eps)
            for k, t in enumerate(inputs) if _is_tensor(t) and t.requires_grad]


def _vjp_rows(output, diff_inputs, grad_out):
    torch = _torch()
    return torch.autograd.grad(output, diff_inputs, grad_out, retain_graph=True,
                               allow_unused=True)


def _analytical_jacobian(inputs, output, nondet_tol, check_grad_dtypes):
    """Jacobians (input.numel(), output.numel()) of one output, row by row from
    vector-Jacobian products with unit vectors; computed twice to catch a
    non-deterministic ("non-reentrant") backward."""
    torch = _torch()
    diff = _diff_inputs(inputs)
    n_out = output.numel()
    out_np = _np(output)

    def once():
        jacs = [np.zeros((t.numel(), n_out), dtype=_np(t).dtype) for t in diff]
        sizes_ok, types_ok = True, True
        for j in range(n_out):
            go = np.zeros(out_np.size, dtype=out_np.dtype)
            go[j] = 1
            go = _wrap(go.reshape(out_np.shape), output.dtype)
            grads = _vjp_rows(output, diff, go)
            for i, (g, t) in enumerate(zip(grads, diff)):
                if g is None:
                    continue
                if g.size() != t.size():
                    sizes_ok = False
                elif g.dtype != t.dtype:
                    types_ok = False
                jacs[i][:, j] = _np(g).reshape(-1)
        return jacs, sizes_ok, types_ok

    # NB: torch unpacks the (sizes, types) pair of its helper the other way
    # round, so a wrong-sized gradient reports as a dtype mismatch (only when
    # check_grad_dtypes); we keep the observable behaviour.
    j1, types_ok, sizes_ok = once()
    j2, _, _ = once()
    reentrant = all(a.size == 0 or np.abs(a - b).max() <= nondet_tol for a, b in zip(j1, j2))
    if not types_ok and check_grad_dtypes:
        raise GradcheckError("Gradient has dtype mismatch")
    if not sizes_ok:
        raise GradcheckError("Analytical gradient has incorrect size")
    if not reentrant:
        raise GradcheckError(
            "Backward is not reentrant, i.e., running backward with "
            "same input and grad_output multiple times gives different values, "
            "although analytical gradient matches numerical gradient."
            f"The tolerance for nondeterminism was {nondet_tol}." + FAILED_NONDET_MSG)
    return [(j, t.dtype) for j, t in zip(j1, diff)]


def _fw_ad_jvps(func, inputs, k, tangent, outputs, only_k=False):
    """J u of each output in ``outputs`` (the differentiable outputs) for the
    tangent u = ``tangent`` of input k, by forward-mode AD as torch's
    gradcheck computes it: every input that requires grad enters as a dual of
    its detached self (so the function sees no input that requires grad), the
    others with zero tangents; an output without a tangent gives zeros.
    only_k: input k alone is made dual, the others go in as they are (the
    slow-mode recomputation of a fast-mode failure's message, as torch's).
    Raises forward_ad._ForwardOverReverse where forward AD cannot run."""
    from cyautograd.autograd import forward_ad as fwAD
    torch = _torch()
    if fwAD._current_level >= 0:
        raise fwAD._ForwardOverReverse(fwAD._FOR_MSG)
    with fwAD.dual_level():
        duals = []
        for idx, inp in enumerate(inputs):
            if _is_tensor(inp) and inp.requires_grad and (idx == k or not only_k):
                inp = fwAD.make_dual(inp.detach(), tangent if idx == k else torch.zeros_like(inp))
            duals.append(inp)
        raw = _as_tuple(func(*duals))
        floats = [o for o in raw if _is_tensor(o) and (o.is_floating_point() or o.is_complex())]
        jv = []
        for o in floats:
            tg = fwAD.unpack_dual(o).tangent
            jv.append(torch.zeros_like(o).detach() if tg is None else tg.detach().clone())
    return jv


def _fw_ad_select(func_out, outputs):
    """Positions, among func's floating outputs, of ``outputs`` (those that
    require grad): where each differentiable output's JVP sits in what
    _fw_ad_jvps returns."""
    floats = [o for o in _as_tuple(func_out) if _is_tensor(o) and (o.is_floating_point() or o.is_complex())]
    return [i for i, f in enumerate(floats) if f.requires_grad][:len(outputs)]


def _jacobian_from_unit_jvps(inputs, outputs, diff_idx, jvps_of):
    """[output][input] Jacobians (input.numel(), output.numel()), each paired
    with its output's dtype, built column by column: ``jvps_of(k, u)`` gives
    the JVPs (one per entry of ``outputs``) for the unit tangent u of input k.
    The one skeleton of both forward-mode strategies (forward AD proper and
    the double-backward trick)."""
    result = [[None] * len(diff_idx) for _ in outputs]
    for ii, k in enumerate(diff_idx):
        inp = inputs[k]
        n_in = inp.numel()
        cols = [np.zeros((n_in, o.numel()), dtype=_np(o).dtype) for o in outputs]
        for e in range(n_in):
            u = np.zeros(n_in, dtype=_np(inp).dtype)
            u[e] = 1
            for j, jv in enumerate(jvps_of(k, _wrap(u.reshape(tuple(inp.shape)), inp.dtype))):
                cols[j][e] = _np(jv).reshape(-1)
        for j in range(len(outputs)):
            result[j][ii] = (cols[j], outputs[j].dtype)
    return result


def _diff_idx(inputs):
    return [k for k, t in enumerate(inputs) if _is_tensor(t) and t.requires_grad]


def _forward_jacobian(func, inputs, outputs, func_out=None):
    """[output][input] Jacobians (input.numel(), output.numel()) built from
    Jacobian-vector products with unit tangents, each JVP computed by
    forward-mode AD (or the double-backward trick where it cannot run)."""
    if func_out is not None:
        try:
            return _forward_jacobian_fw(func, inputs, outputs, func_out)
        except _fw_not_here():
            pass
    from cyautograd.autograd.forward_ad import _jvp_any as _double_backward_jvp

    def jvps_of(k, u):
        tangents = [None] * len(inputs)
        tangents[k] = u
        return _double_backward_jvp(func, inputs, tangents, diff_only=True)[1]

    return _jacobian_from_unit_jvps(inputs, outputs, _diff_idx(inputs), jvps_of)


def _allclose(a, n, rtol, atol):
    dt = np.promote_types(a.dtype, n.dtype)
    return np.allclose(a.astype(dt), n.astype(dt), rtol=rtol, atol=atol, equal_nan=False)


def _notallclose_msg(analytical, numerical, output_idx, input_idx, is_forward_ad=False):
    mode = "computed with forward mode " if is_forward_ad else ""
    return (f"Jacobian {mode}mismatch for output {output_idx:d} with respect to input {input_idx:d},\n"
            f"numerical:{numerical}\nanalytical:{analytical}\n")


def _check_no_differentiable_outputs(func, inputs, func_out, eps):
    for per_input in _get_numerical_jacobian(func, inputs, func_out, eps):
        for jac in per_input:
            if np.count_nonzero(jac) > 0:
                raise GradcheckError("Numerical gradient for function expected to be zero")
    return True


def _slow_gradcheck(func, func_out, inputs, outputs, eps, rtol, atol, check_grad_dtypes,
                    nondet_tol, use_forward_ad=False):
    func_out = _as_tuple(func_out)
    if not outputs:
        return _check_no_differentiable_outputs(func, inputs, func_out, eps)
    numerical = list(zip(*_get_numerical_jacobian(func, inputs, func_out, eps)))
    numerical = [nj for o, nj in zip(func_out, numerical) if o.requires_grad]
    if use_forward_ad:
        analytical = _forward_jacobian(func, inputs, outputs, func_out)
        for i, n_per_out in enumerate(numerical):
            for j, n in enumerate(n_per_out):
                a, adt = analytical[i][j]
                if not _allclose(a, n, rtol, atol):
                    raise GradcheckError(_notallclose_msg(
                        _wrap(a, outputs[i].dtype), _wrap(n, outputs[i].dtype), i, j,
                        is_forward_ad=True))
        return True
    for i, o in enumerate(outputs):
        analytical = _analytical_jacobian(inputs, o, nondet_tol, check_grad_dtypes)
        for j, ((a, adt), n) in enumerate(zip(analytical, numerical[i])):
            if not _allclose(a, n, rtol, atol):
                raise GradcheckError(_notallclose_msg(_wrap(a, adt), _wrap(n, o.dtype), i, j))
    return True


# ---- fast mode: v^T J u for random unit-ish u (per input) and v (per output)

def _adjusted_atol(atol, u, v):
    # the scalars compared are v^T J u: scale atol as torch does so that an
    # elementwise tolerance on J carries over
    u = u.reshape(-1)
    sum_u = u.sum()
    sum_v = 1.0 if v is None else v.reshape(-1).sum()
    return atol * float(sum_u) * float(sum_v)


def _fw_not_here():
    from cyautograd.autograd.forward_ad import _ForwardOverReverse
    return _ForwardOverReverse


def _forward_jacobian_fw(func, inputs, outputs, func_out, only=None):
    sel = _fw_ad_select(func_out, outputs)
    diff_idx = _diff_idx(inputs)
    if only is not None:
        diff_idx = [diff_idx[only]]

    def jvps_of(k, u):
        jvps = _fw_ad_jvps(func, inputs, k, u, outputs, only is not None)
        return [jvps[pos] for pos in sel]

    return _jacobian_from_unit_jvps(inputs, outputs, diff_idx, jvps_of)


def _fast_gradcheck(func, func_out, inputs, outputs, eps, rtol, atol, check_grad_dtypes,
                    nondet_tol, use_forward_ad=False):
    torch = _torch()
    func_out = _as_tuple(func_out)
    if not outputs:
        return _check_no_differentiable_outputs(func, inputs, func_out, eps)
    rng = np.random.default_rng(0)
    diff_idx = _diff_idx(inputs)
    all_u = []
    for k in diff_idx:
        u = rng.random(inputs[k].numel())
        all_u.append(u / np.linalg.norm(u) if u.size else u)
    all_v = [rng.random(o.numel()).astype(_np(o).dtype) for o in outputs]
    # numerical J u: perturb the whole input along u
    num = []   # [input][output] scalar v^T J u
    for k, u in zip(diff_idx, all_u):
        arr = _perturbable(inputs[k])
        orig = arr.copy()
        du = (u * eps).reshape(arr.shape).astype(arr.dtype)
        arr[...] = orig - du
        outa = _run(func, inputs)
        arr[...] = orig + du
        outb = _run(func, inputs)
        arr[...] = orig
        row = []
        for o_idx, (a, b) in enumerate(zip(outa, outb)):
            _check_outputs_same_dtype_and_shape(a, b, eps)
            if not func_out[o_idx].requires_grad:
                continue
            ju = ((_np(b) - _np(a)) / (2 * eps)).reshape(-1)
            row.append(ju)
        num.append(row)
    diff = [inputs[k] for k in diff_idx]
    # as torch's fast mode: one forward-AD run per input gives J u for every
    # output (a custom Function's jvp runs once per input, not per pair)
    fw_runs = {}
    for j, (o, v) in enumerate(zip(outputs, all_v)):
        if use_forward_ad:
            from cyautograd.autograd.forward_ad import _jvp_any as _double_backward_jvp
        for i, (k, u) in enumerate(zip(diff_idx, all_u)):
            n = float(np.dot(v, num[i][j]))
            if use_forward_ad:
                # as torch: forward mode compares the vectors J u themselves
                u_t = _wrap(u.reshape(tuple(inputs[k].shape)), inputs[k].dtype)
                if k not in fw_runs:
                    try:
                        fw_runs[k] = ("fw", _fw_ad_jvps(func, inputs, k, u_t, outputs))
                    except _fw_not_here():
                        tangents = [None] * len(inputs)
                        tangents[k] = u_t
                        fw_runs[k] = ("db", _double_backward_jvp(func, inputs, tangents, diff_only=True)[1])
                how, jvps = fw_runs[k]
                jv = jvps[_fw_ad_select(func_out, outputs)[j]] if how == "fw" else jvps[j]
                a_vec = _np(jv).reshape(-1)
                n_vec = num[i][j]
                atol_ij = _adjusted_atol(atol, u, None)
                if not np.allclose(a_vec, n_vec, rtol=rtol, atol=atol_ij):
                    raise GradcheckError(
                        _notallclose_msg(_wrap(a_vec, o.dtype), _wrap(n_vec.astype(a_vec.dtype), o.dtype),
                                         j, i, True)
                        + _slow_mode_error(func, inputs, outputs, i, j, rtol, atol, eps, True))
                continue
            else:
                g1 = _vjp_rows(o, diff, _wrap(v.reshape(tuple(o.shape)), o.dtype))
                g2 = _vjp_rows(o, diff, _wrap(v.reshape(tuple(o.shape)), o.dtype))
                for x, y in zip(g1, g2):
                    if x is not None and x.numel() and np.abs(_np(x) - _np(y)).max() > nondet_tol:
                        raise GradcheckError(
                            "Backward is not reentrant, i.e., running backward with "
                            "same input and grad_output multiple times gives different values, "
                            "although analytical gradient matches numerical gradient."
                            f"The tolerance for nondeterminism was {nondet_tol}." + FAILED_NONDET_MSG)
                g = g1[i]
                a = 0.0 if g is None else float(np.dot(_np(g).reshape(-1), u))
            atol_ij = _adjusted_atol(atol, u, v)
            if not np.isclose(a, n, rtol=rtol, atol=atol_ij):
                raise GradcheckError(
                    _notallclose_msg(torch.tensor(a, dtype=o.dtype), torch.tensor(n, dtype=o.dtype),
                                     j, i, use_forward_ad)
                    + _slow_mode_error(func, inputs, outputs, i, j, rtol, atol, eps, use_forward_ad))
    return True


def _slow_mode_error(func, inputs, outputs, input_idx, output_idx, rtol, atol, eps, is_forward_ad):
    func_out = _run(func, inputs)
    numerical = _get_numerical_jacobian(func, inputs, func_out, eps)[input_idx][output_idx]
    if is_forward_ad:
        try:
            analytical = _forward_jacobian_fw(func, inputs, outputs, func_out, only=input_idx)[output_idx][0][0]
        except _fw_not_here():
            analytical = _forward_jacobian(func, inputs, outputs)[output_idx][input_idx][0]
    else:
        analytical = _analytical_jacobian(inputs, outputs[output_idx], float("inf"), False)[input_idx][0]
    dt = outputs[output_idx].dtype
    max_diff = np.abs(numerical - analytical).max() if numerical.size else 0.0
    msg = ("\nThe above quantities relating the numerical and analytical jacobians are computed \n"
           "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more background \n"
           "about fast mode. Below, we recompute numerical and analytical jacobians in slow mode:\n\n"
           f"Numerical:\n {_wrap(numerical, dt)}\n"
           f"Analytical:\n{_wrap(analytical, dt)}\n\n"
           f"The max per-element difference (slow mode) is: {_torch().tensor(max_diff, dtype=dt)}.\n")
    if np.allclose(analytical, numerical, rtol=rtol, atol=atol):
        msg += FAST_FAIL_SLOW_OK_MSG
    return msg


# ---- the extra backward checks

def _test_backward_mul_by_grad_output(outputs, inputs):
    torch = _torch()
    diff = _diff_inputs(inputs)
    if not diff:
        raise GradcheckError("no Tensors requiring grad found in input")
    grads = torch.autograd.grad(outputs, diff, [torch.zeros_like(o) for o in outputs],
                                allow_unused=True)
    for gi, di in zip(grads, diff):
        if gi is None:
            continue
        if not bool(gi.eq(0).all()):
            raise GradcheckError("backward not multiplied by grad_output")
        if gi.dtype != di.dtype:
            raise GradcheckError("grad is incorrect type")
        if gi.device != di.device:
            raise GradcheckError("grad is incorrect device")
        if gi.size() != di.size():
            raise GradcheckError("grad is incorrect size")
    return True


def _undefined_grad():
    """A Function that passes its input through and gives back an undefined
    (None) gradient, like torch._C._functions.UndefinedGrad."""
    from cyautograd.function import Function

    class UndefinedGrad(Function):
        @staticmethod
        def forward(ctx, x):
            return x.clone()

        @staticmethod
        def backward(ctx, g):
            return None

    return UndefinedGrad.apply


def _test_undefined_backward_mode(func, outputs, inputs):
    torch = _torch()
    diff = _diff_inputs(inputs)
    if not diff:
        raise GradcheckError("no Tensors requiring grad found in input")
    undef = _undefined_grad()

    def warn_bc_breaking():
        warnings.warn(
            "Backwards compatibility: New undefined gradient support checking "
            "feature is enabled by default, but it may break existing callers "
            "of this function. If this is true for you, you can call this "
            'function with "check_undefined_grad=False" to disable the feature',
            stacklevel=2)

    def check(output_to_check):
        grads_output = [torch.zeros_like(o) for o in output_to_check]
        try:
            grads_input = torch.autograd.grad(output_to_check, diff, grads_output, allow_unused=True)
        except RuntimeError as e:
            warn_bc_breaking()
            raise GradcheckError(
                "Expected backward function to handle undefined output grads. "
                'Please look at "Notes about undefined output gradients" in '
                '"tools/autograd/derivatives.yaml"') from e
        for gi in grads_input:
            if gi is not None and not bool(gi.eq(0).all()):
                warn_bc_breaking()
                raise GradcheckError(
                    "Expected all input grads to be undefined or zero when all output grads are undefined "
                    'or zero. Please look at "Notes about undefined output gradients" in '
                    '"tools/autograd/derivatives.yaml"')
        return True

    to_check = [[undef(o) for o in _differentiable_outputs(func(*inputs)) if _is_tensor(o)]]
    if len(to_check[0]) > 1:
        for k in range(len(outputs)):
            outs = _differentiable_outputs(func(*inputs))
            to_check.append([undef(o) if idx == k else o for idx, o in enumerate(outs)])
    return all(check(o) for o in to_check)


FAILED_BATCHED_GRAD_MSG = """
gradcheck or gradgradcheck failed while testing batched gradient computation.
This could have been invoked in a number of ways (via a test that calls
gradcheck/gradgradcheck directly or via an autogenerated test).

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `check_batched_grad=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `check_batched_grad=False` and/or `check_batched_gradgrad=False`.

If you're modifying an existing operator that supports batched grad computation,
or wish to make a new operator work with batched grad computation, please read
the following.

To compute batched grads (e.g., jacobians, hessians), we vmap over the backward
computation. The most common failure case is if there is a 'vmap-incompatible
operation' in the backward pass. Please see
NOTE: [How to write vmap-compatible backward formulas]
in the codebase for an explanation of how to fix this.
""".strip()

FAILED_BATCHED_GRAD_MSG_FWD_AD = """
gradcheck failed while testing batched gradient computation with forward-mode AD.
This test is enabled automatically when both `check_batched_grad=True`
and `check_forward_ad=True`, but can be disabled in the following ways
dependong on how the test was invoked (via a test that calls gradcheck
directly or via an autogenerated test).

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `check_batched_forward_grad=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `check_batched_forward_grad=False`
"""


def _get_failed_batched_grad_test_msg(output_idx, input_idx, res, exp, is_forward_ad=False):
    return f"""
For output {output_idx} and input {input_idx}:

{FAILED_BATCHED_GRAD_MSG_FWD_AD if is_forward_ad else FAILED_BATCHED_GRAD_MSG}

Got:
{res}

Expected:
{exp}
""".strip()


_VMAP_RANDOM_MSG = "vmap: called random operation while in randomness error mode"
_LEGACY_VMAP_RANDOM_MSG = ("vmap: We do not yet support calling random operations inside of vmap. "
                           "Please perform random operations outside of vmap as a workaround")


def _compare_batched(fn, batch, msg_of, failed_msg):
    """fn over the stacked ``batch`` through vmap (cyautograd.func.vmap, a
    loop) against fn one example at a time; the first result that differs
    raises GradcheckError(msg_of(result_idx, res, exp)). A RuntimeError
    inside vmap is reported with ``failed_msg`` appended, as torch."""
    torch = _torch()
    from cyautograd.func import vmap
    expected = [fn(b) for b in batch]
    expected = [torch.stack(shards) for shards in zip(*expected)]
    try:
        result = vmap(fn)(torch.stack(batch))
    except RuntimeError as ex:
        msg = str(ex)
        if msg.startswith(_VMAP_RANDOM_MSG):
            # torch's gradcheck runs the legacy vmap (torch._vmap_internals),
            # which has no randomness flag and says so in its own words
            msg = _LEGACY_VMAP_RANDOM_MSG
        raise GradcheckError(f"While computing batched gradients, got: {msg}\n\n{failed_msg}") from ex
    for idx, (res, exp) in enumerate(zip(result, expected)):
        if not bool(torch.allclose(res, exp)):
            raise GradcheckError(msg_of(idx, res, exp))
    return True


def _zeros_expanded(t):
    torch = _torch()
    return torch.zeros([], dtype=t.dtype, device=t.device).expand(t.shape)


def _test_batched_grad(inputs, output, output_idx):
    """vmap'd vector-Jacobian products against one-at-a-time ones, for two
    random grad_outputs (torch's _test_batched_grad)."""
    torch = _torch()
    diff = _diff_inputs(inputs)

    def vjp(v):
        r = torch.autograd.grad(output, diff, v, retain_graph=True, allow_unused=True)
        return tuple(_zeros_expanded(t) if g is None else g for g, t in zip(r, diff))

    return _compare_batched(
        vjp, [torch.randn_like(output) for _ in range(2)],
        lambda idx, res, exp: _get_failed_batched_grad_test_msg(output_idx, idx, res, exp),
        FAILED_BATCHED_GRAD_MSG)


def _test_batched_grad_forward_ad(func, inputs):
    """vmap'd Jacobian-vector products (forward AD, one input dual at a time)
    against one-at-a-time ones, for two random tangents per floating input
    that requires grad (torch's _test_batched_grad_forward_ad; as there, the
    failure message names the output index as both output and input)."""
    torch = _torch()
    from cyautograd.autograd import forward_ad as fwAD
    for input_idx, current_input in enumerate(inputs):
        if not (_is_tensor(current_input) and current_input.requires_grad):
            continue

        def jvp(tangent, input_idx=input_idx, current_input=current_input):
            with fwAD.dual_level():
                dual = fwAD.make_dual(current_input.detach(), tangent)
                inputs_with_dual = tuple(
                    dual if idx == input_idx else (inp.detach() if _is_tensor(inp) else inp)
                    for idx, inp in enumerate(inputs))
                ret = []
                for out in _as_tuple(func(*inputs_with_dual)):
                    if out is None:
                        continue
                    primal_out, tangent_out = fwAD.unpack_dual(out)
                    ret.append(_zeros_expanded(primal_out) if tangent_out is None else tangent_out)
                return tuple(ret)

        if not (current_input.is_floating_point() or current_input.is_complex()):
            continue
        _compare_batched(
            jvp, [torch.randn_like(current_input) for _ in range(2)],
            lambda idx, res, exp: _get_failed_batched_grad_test_msg(idx, idx, res, exp, is_forward_ad=True),
            FAILED_BATCHED_GRAD_MSG_FWD_AD)
    return True


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
              check_batched_grad=False, check_batched_forward_grad=False,
              check_forward_ad=False, check_backward_ad=True, fast_mode=False, masked=None):
    """Check the gradients of ``func`` at ``inputs`` against finite differences.

    For every differentiable output and every input with ``requires_grad``,
    the Jacobian measured by central differences (step ``eps``) must match the
    one the engine computes, element-wise within ``atol + rtol * |numerical|``.
    Inputs should be float64; a lower precision warns, as in torch.

    ``fast_mode`` compares the scalars v^T J u for random u, v instead of the
    whole Jacobians (one backward per output instead of one per output
    element). ``nondet_tol`` bounds the difference allowed between two
    backward passes over the same graph. ``check_undefined_grad`` also checks
    that backward accepts undefined (None) output gradients;
    ``check_batched_grad`` that batched vector-Jacobian products (through
    ``cyautograd.func.vmap``) agree with one-at-a-time ones.
    ``check_forward_ad`` checks Jacobian-vector products; cyautograd computes
    them by the double-backward trick (see the module docstring), so the
    function must be twice differentiable. ``check_batched_forward_grad``
    checks that Jacobian-vector products taken through ``vmap`` over a batch
    of tangents agree with one-at-a-time ones (``vmap`` is a loop here).
    ``masked`` (sparse layouts) is accepted for signature compatibility;
    cyautograd has no sparse tensors.

    Returns True when every check passes. A failure raises
    :class:`GradcheckError` with torch's message (e.g. "Jacobian mismatch for
    output 0 with respect to input 0," followed by the numerical and analytical
    matrices), or returns False when ``raise_exception=False``.
    """
    if not (check_forward_ad or check_backward_ad):
        raise AssertionError("Expected at least one of check_forward_ad or check_backward_ad to be True")
    if check_batched_grad and not check_backward_ad:
        raise AssertionError("Setting check_batched_grad=True requires check_backward_ad to be True")
    if check_batched_forward_grad and not check_forward_ad:
        raise AssertionError("Setting check_batched_forward_grad=True requires check_forward_ad to be True")
    try:
        return _gradcheck_helper(func, inputs, eps, atol, rtol, nondet_tol, check_undefined_grad,
                                 check_grad_dtypes, check_batched_grad, check_batched_forward_grad,
                                 check_forward_ad, check_backward_ad, fast_mode)
    except GradcheckError:
        if raise_exception:
            raise
        return False


def _gradcheck_helper(func, inputs, eps, atol, rtol, nondet_tol, check_undefined_grad,
                      check_grad_dtypes, check_batched_grad, check_batched_forward_grad,
                      check_forward_ad, check_backward_ad, fast_mode):
    tupled_inputs = _as_tuple(inputs)
    _check_inputs(tupled_inputs)
    func_out = func(*tupled_inputs)
    outputs = _differentiable_outputs(func_out)
    check = _fast_gradcheck if fast_mode else _slow_gradcheck
    # as torch's _gradcheck_real_imag: backward mode first (its failure is
    # the one reported when both would fail), then forward mode
    if check_backward_ad:
        check(func, func_out, tupled_inputs, outputs, eps, rtol, atol, check_grad_dtypes,
              nondet_tol)
    if check_forward_ad:
        check(func, func_out, tupled_inputs, outputs, eps, rtol, atol, check_grad_dtypes,
              nondet_tol, use_forward_ad=True)
    if check_batched_forward_grad:
        _test_batched_grad_forward_ad(func, tupled_inputs)
    # the remaining checks need backward AD (as torch's short circuit)
    if not check_backward_ad:
        return True
    if check_batched_grad:
        for i, o in enumerate(outputs):
            _test_batched_grad(tupled_inputs, o, i)
    if outputs:
        _test_backward_mul_by_grad_output(outputs, tupled_inputs)
    if check_undefined_grad and check_backward_ad and outputs:
        _test_undefined_backward_mode(func, outputs, tupled_inputs)
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False,
                  masked=False):
    """Check second derivatives: run :func:`gradcheck` on the function that
    maps ``(*inputs, *grad_outputs)`` to the gradients of ``func``'s
    differentiable outputs (taken with ``create_graph=True``) with respect to
    the inputs that require grad.

    ``grad_outputs`` default to random tensors in [-1, 1) shaped like the
    outputs (non-contiguous ones with ``gen_non_contig_grad_outputs``), which
    require grad, so the check also covers differentiating with respect to the
    incoming gradient. ``check_fwd_over_rev`` checks forward-over-reverse
    (forward-mode AD through the backward graph, as torch), ``check_rev_over_rev``
    reverse-over-reverse. Other arguments as in :func:`gradcheck`.
    """
    torch = _torch()
    if not (check_fwd_over_rev or check_rev_over_rev):
        raise AssertionError("Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True")
    if check_undefined_grad and not check_rev_over_rev:
        raise AssertionError("Setting check_undefined_grad=True requires check_rev_over_rev to be True")
    if check_batched_grad and not check_rev_over_rev:
        raise AssertionError("Setting check_batched_grad=True requires check_rev_over_rev to be True")
    tupled_inputs = _as_tuple(inputs)
    if grad_outputs is None:
        outputs = _differentiable_outputs(func(*tupled_inputs))
        rng = np.random.default_rng(0)
        gos = []
        for x in outputs:
            dt = x.dtype if x.is_floating_point() else torch.float64
            shape = tuple(x.shape)
            if gen_non_contig_grad_outputs and len(shape) > 0:
                big = torch.tensor(rng.uniform(-1, 1, shape + (2,)), dtype=dt)
                g = big[..., 0].detach()
            else:
                g = torch.tensor(rng.uniform(-1, 1, shape), dtype=dt)
            gos.append(g.requires_grad_())
        tupled_grad_outputs = tuple(gos)
    else:
        tupled_grad_outputs = _as_tuple(grad_outputs)
    num_outputs = len(tupled_grad_outputs)
    diff_input_args_indices = {i for i, x in enumerate(tupled_inputs)
                               if _is_tensor(x) and x.requires_grad}
    diff_grad_output_indices = {i for i, x in enumerate(tupled_grad_outputs) if x.requires_grad}

    def new_func(*args):
        input_args = tuple(x.requires_grad_() if i in diff_input_args_indices else x
                           for i, x in enumerate(args[:-num_outputs]))
        outputs = _differentiable_outputs(func(*input_args))
        gouts = tuple(x.requires_grad_() if i in diff_grad_output_indices else x
                      for i, x in enumerate(args[-num_outputs:]))
        diff_input_args = tuple(x for i, x in enumerate(input_args) if i in diff_input_args_indices)
        grad_inputs = torch.autograd.grad(outputs, diff_input_args, gouts, create_graph=True,
                                          allow_unused=True)
        return tuple(g for g in grad_inputs if g is not None)

    return gradcheck(new_func, tupled_inputs + tupled_grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol,
                     check_undefined_grad=check_undefined_grad, check_grad_dtypes=check_grad_dtypes,
                     check_batched_grad=check_batched_grad, fast_mode=fast_mode,
                     check_forward_ad=check_fwd_over_rev, check_backward_ad=check_rev_over_rev,
                     masked=masked)


_DEPRECATED_API = ("`{}` was part of PyTorch's private API and not "
                   "meant to be exposed. We are deprecating it and it will be removed "
                   "in a future version of PyTorch. If you have a specific use for "
                   "this or feature request for this to be a stable API, please file "
                   "us an issue at https://github.com/pytorch/pytorch/issues/new")


def get_numerical_jacobian_wrt_specific_input(fn, input_idx, inputs, outputs, eps, input=None,
                                              is_forward_ad=False):
    """The numerical Jacobians of ``fn(*inputs)`` with respect to one input:
    a tuple with one (input.numel(), output.numel()) tensor per output in
    ``outputs``, by central differences of step ``eps``. ``input`` (default
    ``inputs[input_idx]``) is the tensor perturbed in place; fn still receives
    ``inputs``, so it should be that tensor (or share its storage)."""
    input = inputs[input_idx] if input is None else input
    if not input.requires_grad:
        raise AssertionError("Expected input to have requires_grad=True")
    outputs = _as_tuple(outputs)
    jacs = _numerical_jacobian_wrt_input(fn, tuple(_as_tuple(inputs)), input_idx, outputs, eps, inp=input)
    return tuple(_wrap(j, o.dtype) for j, o in zip(jacs, outputs))


def get_numerical_jacobian(fn, inputs, target=None, eps=1e-3, grad_out=1.0):
    """Deprecated in torch (private API made public by accident): the
    numerical Jacobians of ``fn`` (which takes the inputs as one tuple),
    restricted to its first output, one per tensor of ``target`` (default
    ``inputs``) that requires grad, each (input.numel(), output.numel())."""
    warnings.warn(_DEPRECATED_API.format("get_numerical_jacobian"), FutureWarning, stacklevel=2)
    if grad_out != 1.0:
        raise ValueError("Expected grad_out to be 1.0. get_numerical_jacobian no longer "
                         "supports values of grad_out != 1.0.")

    def fn_pack_inps(*inps):
        return fn(inps)

    inputs = _as_tuple(inputs)
    outputs = _as_tuple(fn_pack_inps(*inputs))
    if any(o.is_complex() for o in outputs):
        raise ValueError("Expected output to be non-complex. get_numerical_jacobian no "
                         "longer supports functions that return complex outputs.")
    target = inputs if target is None else _as_tuple(target)
    idx = [i for i, a in enumerate(target) if _is_tensor(a) and a.requires_grad]
    return tuple(get_numerical_jacobian_wrt_specific_input(fn_pack_inps, i, inputs, outputs, eps,
                                                           input=target[i])[0]
                 for i in idx)


def get_analytical_jacobian(inputs, output, nondet_tol=0.0, grad_out=1.0):
    """Deprecated in torch: (jacobians, reentrant, correct_grad_sizes,
    correct_grad_types) of one output w.r.t. the inputs that require grad."""
    warnings.warn(_DEPRECATED_API.format("get_analytical_jacobian"), FutureWarning, stacklevel=2)
    if grad_out != 1.0:
        raise ValueError("Expected grad_out to be 1.0. get_analytical_jacobian no longer "
                         "supports values of grad_out != 1.0.")
    if output.is_complex():
        raise ValueError("Expected output to be non-complex. get_analytical_jacobian no "
                         "longer supports functions that return complex outputs.")
    inputs = _as_tuple(inputs)
    try:
        jacs = _analytical_jacobian(inputs, output, nondet_tol, False)
        reentrant = True
    except GradcheckError:
        jacs = _analytical_jacobian(inputs, output, float("inf"), False)
        reentrant = False
    return tuple(_wrap(j, dt) for j, dt in jacs), reentrant, True, True
