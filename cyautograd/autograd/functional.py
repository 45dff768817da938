"""cyautograd.autograd.functional, shaped like torch.autograd.functional:
whole-function derivatives (vjp, jvp, jacobian, hessian, vhp, hvp) built on
``autograd.grad``.

NOTE [ Forward mode by double backward ]
``jvp`` and ``hvp`` here use, as torch's do, the double-backward trick rather
than forward-mode AD; ``jacobian(strategy="forward-mode")`` uses forward-mode
AD (cyautograd.autograd.forward_ad) as torch's does -- also over a function
that takes a reverse-mode gradient with create_graph
(``hessian(outer_jacobian_strategy="forward-mode")``, forward-over-reverse) --
falling back to the trick only inside an already open dual level. The trick: for y = f(x), g(u) = J^T u is linear
in u, so differentiating g(u) with respect to a dummy u (zeros that require
grad) against the tangent v gives (J^T)^T v = J v. It costs two reverse
passes and needs the backward of f to be differentiable (every op with a
double backward), which is also why ``strict=True`` can report that a
gradient "is independent of entry i in the grad_outputs".

As in torch, inputs are detached (or viewed, with create_graph=True) before
the function runs, results are detached unless ``create_graph=True``, and a
single-Tensor input/output gives a single Tensor back rather than a tuple.
"""
import cyautograd as torch
from cyautograd.tensor import Tensor

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _as_tuple(inp, arg_name=None, fn_name=None):
    if arg_name is None and fn_name is None:
        if isinstance(inp, tuple):
            return inp
        if isinstance(inp, list):
            return tuple(inp)
        return (inp,)
    is_tuple = isinstance(inp, tuple)
    if not is_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, Tensor):
            if is_tuple:
                raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple "
                                f"of Tensors but the value at index {i} has type {type(el)}.")
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of "
                            f"Tensors but the given {arg_name} has type {type(el)}.")
    return is_tuple, inp


def _unpack(res, to_unpack):
    """Undo the tupling: to_unpack is one flag or (outer, inner) flags."""
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _prepare(inputs, create_graph, need_graph):
    # with create_graph the result must stay connected to the caller's graph
    # (a view keeps the history), otherwise a fresh leaf cuts it
    return tuple(inp.view_as(inp) if create_graph and inp.requires_grad
                 else inp.detach().requires_grad_(need_graph) for inp in inputs)


def _finish(inputs, create_graph):
    if isinstance(inputs[0], Tensor):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_finish(inp, create_graph) for inp in inputs)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = f"Entry {idx} in " if is_other_tuple else ""
            raise RuntimeError(f"{prepend}v has invalid size: should be {el_other.size()} "
                               f"but got {el_v.size()}.")


def _check_requires_grad(inputs, input_type, strict):
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:
            raise RuntimeError(f"The output of the user-provided function is independent of input {i}."
                               " This is not allowed in strict mode.")
        if not inp.requires_grad:
            if input_type == "hessian":
                raise RuntimeError(
                    f"The hessian of the user-provided function with respect to input {i}"
                    " is independent of the input. This is not allowed in strict mode."
                    " You should ensure that your function is thrice differentiable and that"
                    " the hessian depends on the inputs.")
            if input_type == "jacobian":
                raise RuntimeError(
                    "While computing the hessian, found that the jacobian of the user-provided"
                    f" function with respect to input {i} is independent of the input. This is not"
                    " allowed in strict mode. You should ensure that your function is twice"
                    " differentiable and that the jacobian depends on the inputs (this would be"
                    " violated by a linear function for example).")
            if input_type == "grad_inputs":
                raise RuntimeError(
                    f"The gradient with respect to input {i} is independent of the inputs of the"
                    " user-provided function. This is not allowed in strict mode.")
            raise RuntimeError(
                f"Output {i} of the user-provided function does not require gradients."
                " The outputs must be computed in a differentiable manner from the input"
                " when running in strict mode.")


def _grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    """autograd.grad over the outputs that require grad; all None when none do."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    outs, gouts = [], []
    for out, g in zip(outputs, grad_outputs):
        if out is not None and out.requires_grad:
            outs.append(out)
            gouts.append(g)
    if not outs:
        return (None,) * len(inputs)
    return torch.autograd.grad(outs, inputs, gouts, allow_unused=True, create_graph=create_graph,
                               retain_graph=retain_graph)


_STAGE_MSG = {
    "back": "The output of the user-provided function is independent of input {i}. "
            "This is not allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
                  "grad_outputs when using the double backward trick to compute forward mode "
                  "gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. "
                   "This is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry {i} in "
                         "the grad_jacobian. This is not allowed in strict mode as it prevents from "
                         "using the double backward trick to replace forward mode AD.",
}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    res = []
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(_STAGE_MSG[stage].format(i=i))
            g = torch.zeros_like(refs[i])
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(f"The {what} of the user-provided function is independent of input {i}. "
                               "This is not allowed in strict mode when create_graph=True.")
        res.append(g)
    return tuple(res)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """Vector-Jacobian product: returns ``(func(inputs), v^T J)``.

    ``v`` has the outputs' shapes; it may be omitted only when func returns a
    one-element Tensor. With ``strict=True`` an output or input that the
    function does not connect raises instead of giving zeros; with
    ``create_graph=True`` the results can be differentiated again.
    """
    with torch.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _prepare(inputs, create_graph, True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "vjp")
        _check_requires_grad(outputs, "outputs", strict)
        if v is not None:
            _, v = _as_tuple(v, "v", "vjp")
            v = _prepare(v, create_graph, False)
            _validate_v(v, outputs, is_outputs_tuple)
        elif len(outputs) != 1 or outputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the user-provided function returns "
                               "a single Tensor with a single element.")
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        res = _fill_in_zeros(_grad(outputs, inputs, v, create_graph), inputs, strict, create_graph, "back")
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(res, create_graph), is_inputs_tuple))


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """Jacobian-vector product: returns ``(func(inputs), J v)``.

    ``v`` has the inputs' shapes (omit it only for a one-element input).
    Computed by the double-backward trick (NOTE [ Forward mode by double
    backward ]), so func must be twice differentiable.
    """
    with torch.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _prepare(inputs, create_graph, True)
        if v is not None:
            _, v = _as_tuple(v, "v", "jvp")
            v = _prepare(v, create_graph, False)
            _validate_v(v, inputs, is_inputs_tuple)
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided function "
                               "is a single Tensor with a single element.")
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jvp")
        _check_requires_grad(outputs, "outputs", strict)
        grad_outputs = tuple(torch.zeros_like(out).requires_grad_() for out in outputs)
        grad_inputs = _grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        res = _grad(grad_inputs, grad_outputs, v, create_graph)
        res = _fill_in_zeros(res, outputs, strict, create_graph, "back_trick")
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(res, create_graph), is_outputs_tuple))


def _double_backward_jvp(func, inputs, tangents, diff_only=False, _flag=False):
    """(outputs, J v) for inputs that may hold non-Tensors and Tensors that
    do not require grad (their tangent is None). With diff_only, only the
    outputs that require grad are returned, with their JVPs (zeros where an
    output does not depend on the perturbed inputs). Used by gradcheck's
    forward-mode check."""
    with torch.enable_grad():
        inps = [t.detach().requires_grad_() if isinstance(t, Tensor) and t.requires_grad else t
                for t in inputs]
        raw = func(*inps)
        outs = _as_tuple(raw)
        if diff_only:
            outs = tuple(o for o in outs if o.requires_grad)
        diff_in = [t for t in inps if isinstance(t, Tensor) and t.requires_grad]
        tans = [v for t, v in zip(inputs, tangents) if isinstance(t, Tensor) and t.requires_grad]
        pairs = [(t, v) for t, v in zip(diff_in, tans) if v is not None]
        u = tuple(torch.zeros_like(o).requires_grad_() for o in outs)
        gi = _grad(outs, [t for t, _ in pairs], u, create_graph=True)
        keep = [(g, v) for g, (_, v) in zip(gi, pairs) if g is not None and g.requires_grad]
        if keep:
            res = torch.autograd.grad([g for g, _ in keep], u, [v for _, v in keep], allow_unused=True)
        else:
            res = (None,) * len(u)
    jv = tuple(torch.zeros_like(o).detach() if r is None else r.detach() for r, o in zip(res, outs))
    if _flag:
        return tuple(o.detach() for o in outs), jv, isinstance(raw, tuple)
    return outs, jv


def _construct_standard_basis_for(tensors, tensor_numels):
    """The rows of the N x N identity (N = sum(tensor_numels)) split column-wise
    into one (N, numel) chunk per tensor, each with that tensor's dtype (torch's
    helper for vectorized Jacobians: row k is the k-th unit cotangent)."""
    if len(tensors) != len(tensor_numels):
        raise AssertionError(f"Expected tensors and tensor_numels to have the same length, but got "
                             f"{len(tensors)} and {len(tensor_numels)}")
    if len(tensors) == 0:
        raise AssertionError("Expected at least one tensor")
    total = sum(tensor_numels)
    chunks = []
    start = 0
    for t, n in zip(tensors, tensor_numels):
        c = t.new_zeros(total, n)
        if n:
            c[start:start + n] = torch.eye(n, dtype=t.dtype)
        chunks.append(c)
        start += n
    return tuple(chunks)


def _standard_basis(n, like):
    eye = torch.eye(n, dtype=like.dtype) if n else torch.zeros((0, 0), dtype=like.dtype)
    return [eye[k] for k in range(n)]


def _jvp_any(func, inputs, tangents, _flag=False):
    from cyautograd.autograd.forward_ad import _jvp_any as jvp_any
    return jvp_any(func, inputs, tangents, _flag=_flag)


def _jacfwd(func, inputs, strict=False, vectorize=False):
    if strict:
        raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` and `strategy="forward-mode"` '
                           'are not supported together (yet). Please either set `strict=False` or '
                           '`strategy="reverse-mode"`.')
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
    if not vectorize:
        raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                                  "only implemented for `vectorize=True`.")
    # one Jacobian-vector product per input element (torch batches them with
    # vmap; here a loop): column k of J is J e_k
    prepared = tuple(x.detach().requires_grad_() for x in inputs)
    columns = [[] for _ in inputs]   # [input][k] -> tuple over outputs
    outputs = None
    is_outputs_tuple = False
    for j, inp in enumerate(inputs):
        for e in _standard_basis(inp.numel(), inp):
            tangents = [e.reshape(tuple(inp.shape)) if jj == j else None for jj in range(len(inputs))]
            outputs, jv, is_outputs_tuple = _jvp_any(func, prepared, tangents, _flag=True)
            columns[j].append(jv)
    if outputs is None:   # every input is empty: run once for the output shapes
        with torch.enable_grad():
            raw = func(*prepared)
        is_outputs_tuple, outputs = isinstance(raw, tuple), _as_tuple(raw)
    result = []
    for i, out in enumerate(outputs):
        per_input = []
        for j, inp in enumerate(inputs):
            cols = [c[i].reshape(-1) for c in columns[j]]
            if cols:
                jac = torch.stack(cols, dim=1)
            else:
                jac = torch.zeros((out.numel(), 0), dtype=out.dtype)
            per_input.append(jac.reshape(tuple(out.shape) + tuple(inp.shape)))
        result.append(tuple(per_input))
    return _unpack(tuple(result), (is_outputs_tuple, is_inputs_tuple))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of func at inputs.

    For one input and one output the result is a Tensor of shape
    ``output.shape + input.shape``; for tuples, a tuple (per output) of
    tuples (per input). ``strategy="reverse-mode"`` takes one vector-Jacobian
    product per output element; ``"forward-mode"`` one Jacobian-vector product
    per input element (by double backward: NOTE [ Forward mode by double
    backward ]) and, as in torch, needs ``vectorize=True`` and refuses
    ``create_graph``/``strict``. ``vectorize`` asks torch to batch the
    products with vmap; here it runs the same loop (same results).
    """
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If '
                             'your function has more outputs than inputs, "forward-mode" tends to be more '
                             'performant. Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError('torch.autograd.functional.jacobian: `create_graph=True` and '
                                      '`strategy="forward-mode"` are not supported together (yet). Please '
                                      'either set `create_graph=False` or `strategy="reverse-mode"`.')
        return _jacfwd(func, inputs, strict, vectorize)
    with torch.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _prepare(inputs, create_graph, True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict)
        if vectorize and strict:
            raise RuntimeError("torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are "
                               "not supported together. Please either set `strict=False` or "
                               "`vectorize=False`.")
        jac = []
        for i, out in enumerate(outputs):
            rows = [[] for _ in inputs]
            flat = out.reshape(-1)
            for k in range(out.nelement()):
                vj = _grad((flat[k],), inputs, retain_graph=True, create_graph=create_graph)
                for el, (row, g, inp) in enumerate(zip(rows, vj, inputs)):
                    if g is not None:
                        if strict and create_graph and not g.requires_grad:
                            raise RuntimeError(
                                f"The jacobian of the user-provided function is independent of input {i}. "
                                "This is not allowed in strict mode when create_graph=True.")
                        row.append(g)
                    else:
                        if strict:
                            raise RuntimeError(f"Output {i} of the user-provided function is independent "
                                               f"of input {el}. This is not allowed in strict mode.")
                        row.append(torch.zeros_like(inp))
            for row in rows:
                if not row:   # an empty output: torch.stack of nothing
                    raise RuntimeError("stack expects a non-empty TensorList")
            jac.append(tuple(torch.stack(row, dim=0).reshape(tuple(out.shape) + tuple(inp.shape))
                             for row, inp in zip(rows, inputs)))
        jac = _finish(tuple(jac), create_graph)
        return _unpack(jac, (is_outputs_tuple, is_inputs_tuple))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar function: the Jacobian of its gradient.

    For one input the result has shape ``input.shape + input.shape``; for a
    tuple of inputs, a tuple of tuples (H[i][j] for inputs i, j).
    ``outer_jacobian_strategy`` picks how the outer Jacobian is taken
    ("forward-mode" needs ``vectorize=True``, as in torch).
    """
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def single_output(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict)
        if is_out_tuple or not isinstance(out, Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a "
                               "single element")
        return out.squeeze()

    def jac_func(*inp):
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(single_output, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize,
                   strategy=outer_jacobian_strategy)
    return _unpack(res, (is_inputs_tuple, is_inputs_tuple))


def _scalar_function_setup(func, inputs, v, create_graph, strict, name):
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", name)
    inputs = _prepare(inputs, create_graph, True)
    if v is not None:
        _, v = _as_tuple(v, "v", name)
        v = _prepare(v, create_graph, False)
        _validate_v(v, inputs, is_inputs_tuple)
    elif len(inputs) != 1 or inputs[0].nelement() != 1:
        raise RuntimeError("The vector v can only be None if the input to the user-provided function "
                           "is a single Tensor with a single element.")
    outputs = func(*inputs)
    is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", name)
    _check_requires_grad(outputs, "outputs", strict)
    if is_outputs_tuple or not isinstance(outputs[0], Tensor):
        raise RuntimeError(f"The function given to {name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {name} should contain a "
                           "single element")
    jac = _grad(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, "jacobian", strict)
    return is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """Vector-Hessian product of a scalar function: ``(func(inputs), v^T H)``."""
    with torch.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _scalar_function_setup(
            func, inputs, v, create_graph, strict, "vhp")
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        res = _fill_in_zeros(_grad(jac, inputs, v, create_graph), inputs, strict, create_graph,
                             "double_back")
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(res, create_graph), is_inputs_tuple))


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """Hessian-vector product of a scalar function: ``(func(inputs), H v)``,
    by the double-backward trick (equal to vhp for a symmetric Hessian)."""
    with torch.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _scalar_function_setup(
            func, inputs, v, create_graph, strict, "hvp")
        grad_jac = tuple(torch.zeros_like(inp).requires_grad_() for inp in inputs)
        double_back = _grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        res = _fill_in_zeros(_grad(double_back, grad_jac, v, create_graph), inputs, strict,
                             create_graph, "double_back_trick")
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(res, create_graph), is_inputs_tuple))
