"""out= as torch's (issue 15's audit found most top-level functions without it).

NOTE [ out= ]
torch's rules for ``f(..., out=t)``, in order:
  1. ``t`` must be a Tensor (a tuple of Tensors for the functions that return
     several: sort, topk, max(dim), ...);
  2. while grad mode is on, no argument (and not ``t``) may require grad:
     "f(): functions with out=... arguments don't support automatic
     differentiation, but one of the arguments requires grad.";
  3. the result's dtype must be castable to ``t``'s (c10::canCast: no complex to
     real, no floating to integral, nothing but bool to bool): "result type Float
     can't be cast to the desired output type Long";
  4. a ``t`` of another shape is resized (silently when it has no elements,
     with torch's deprecation warning otherwise), then the result is written in
     (one version bump) and ``t`` is returned.
``write_out`` is the one place these rules live; ops/extra.py and
ops/pointwise.pyx hand their out= to it, and ``install`` gives every top-level
function torch accepts out= for (and that had none here) a keyword-only
``out`` that computes the result without it and writes it with ``write_out``.
Only the module attribute (``cyautograd.sin``) is wrapped: Tensor methods and
the library's internal calls keep the direct function.
"""
from cyautograd._warn import warn_user
from cyautograd.grad_mode import is_grad_enabled, no_grad
from cyautograd.tensor import Tensor


def _tname(x):
    return "NoneType" if x is None else type(x).__name__


def _can_cast(src, dst):
    """c10::canCast (every dtype here is real)"""
    if src.is_floating_point and not dst.is_floating_point:
        return False
    if str(src) != str(dst) and str(dst).endswith(".bool"):
        return False
    return True


def _requires_grad(inputs):
    for t in inputs:
        if isinstance(t, Tensor) and t.requires_grad:
            return True
        if isinstance(t, (list, tuple)) and _requires_grad(t):
            return True
    return False


_SINGLE_OUT = {}


def _single_out(name):
    """True if every out= of torch's `name` is one Tensor (its parser then
    names a list or tuple given as out, not its items)."""
    single = _SINGLE_OUT.get(name)
    if single is None:
        from cyautograd._arg_signatures import SIGNATURES
        sigs = SIGNATURES.get(name, ())
        single = _SINGLE_OUT[name] = bool(sigs) and all("TensorList" not in t for t in sigs) and \
            any("Tensor out=None" in t for t in sigs)
    return single


def check_out(name, out, inputs):
    """rules 1 and 2 of NOTE [ out= ] (before anything is computed)"""
    differentiable = name not in _NOT_DIFFERENTIABLE
    if name == "floor_divide":
        # (torch's floor_divide out= checks its out's requires_grad only, not the inputs')
        inputs = ()
    if isinstance(out, (tuple, list)) and _single_out(name):
        # torch's parser: one signature names the argument, several are listed
        from cyautograd._arg_parser import reject
        reject(name, tuple(inputs), {"out": out})
        raise TypeError(f"{_ERROR_NAME.get(name, name)}(): argument 'out' must be Tensor, not {_tname(out)}")
    name = _ERROR_NAME.get(name, name)
    outs = out if isinstance(out, (tuple, list)) else (out,)
    for o in outs:
        if not isinstance(o, Tensor):
            raise TypeError(f"{name}(): argument 'out' must be Tensor, not {_tname(o)}")
    # (an op without a derivative formula checks no requires_grad, not even out's)
    if differentiable and is_grad_enabled() and _requires_grad(tuple(inputs) + tuple(outs)):
        raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic "
                           "differentiation, but one of the arguments requires grad.")


# NOTE [ out= dtype checks of the linalg functions ]
# Rule 3 of NOTE [ out= ] is TensorIterator's; torch.linalg's functions check
# their out's dtype themselves, each in its own words:
#   "exact": structured kernels (inv, det, solve, cholesky, svd, ...) and
#       the matmul/cross they run: out's dtype must BE the result's
#       ("Expected out tensor to have dtype float, but got double instead",
#       the C++ type names);
#   "castable": composites that check c10::canCast with their own prefix
#       ("linalg.pinv: Expected result to be safely castable from Float
#       dtype, but got result with dtype Long");
#   "norm": linalg.norm and linalg.matrix_norm want the result's dtype
#       exactly ("linalg.matrix_norm expected out tensor dtype Float but got: Double");
#   "vecdot", "scalar": vecdot's and triangular_solve's exact checks.
# (tuple outs: each item against its result, in order.)
_CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half", "bfloat16": "c10::BFloat16",
              "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool", "complex64": "c10::complex<float>",
              "complex128": "c10::complex<double>"}
_EXACT = ("linalg_inv linalg_inv_ex linalg_det linalg_vector_norm linalg_solve linalg_solve_ex "
          "linalg_cholesky linalg_cholesky_ex linalg_svdvals linalg_svd linalg_eigvalsh linalg_eigh "
          "linalg_qr linalg_slogdet linalg_lu linalg_lu_factor linalg_lu_factor_ex linalg_matmul "
          "matmul cross").split()
_OUT_DTYPE_RULES = dict({n: ("exact", None) for n in _EXACT},
                        linalg_pinv=("castable", "linalg.pinv"), linalg_cond=("castable", "linalg.cond"),
                        linalg_matrix_rank=("castable", "torch.linalg.matrix_rank"),
                        linalg_matrix_power=("castable", "matrix_power"),
                        linalg_matrix_norm=("norm", "linalg.matrix_norm"), linalg_norm=("norm", "linalg.norm"),
                        linalg_vecdot=("vecdot", None), linalg_solve_triangular=("scalar", None))


def _cpp(dt):
    return _CPP_NAMES.get(str(dt).rpartition(".")[2], dt._cname)


def check_out_dtype(name, rdt, out):
    """Raise name's own out= dtype error (NOTE [ out= dtype checks of the
    linalg functions ]) for a result of dtype rdt written into out."""
    rule = _OUT_DTYPE_RULES.get(name)
    if rule is None:
        return
    kind, prefix = rule
    odt = out.dtype
    if kind == "castable":
        if not _can_cast(rdt, odt):
            raise RuntimeError(f"{prefix}: Expected result to be safely castable from {rdt._cname} dtype, "
                               f"but got result with dtype {odt._cname}")
    elif odt != rdt:
        if kind == "exact":
            raise RuntimeError(f"Expected out tensor to have dtype {_cpp(rdt)}, but got {_cpp(odt)} instead")
        if kind == "norm":
            raise RuntimeError(f"{prefix} expected out tensor dtype {rdt._cname} but got: {odt._cname}")
        if kind == "vecdot":
            raise RuntimeError(f"linalg.vecdot: Expected out of dtype{rdt._cname} but found {odt._cname}")
        raise RuntimeError(f"expected scalar type {rdt._cname} but found {odt._cname}")


def _write_one(result, out, name=None):
    if name is not None:
        check_out_dtype(name, result.dtype, out)
    if not _can_cast(result.dtype, out.dtype):
        raise RuntimeError(f"result type {result.dtype._cname} can't be cast to the desired "
                           f"output type {out.dtype._cname}")
    resize_output(out, tuple(result.shape))
    with no_grad():
        out.copy_(result)
    return out


def resize_output(out, shape):
    """at::native::resize_output: out resized to shape (no version bump), with
    torch's deprecation warning when it had elements."""
    if tuple(out.shape) != tuple(shape):
        result_shape = shape
        if out.numel() != 0:
            warn_user(f"An output with one or more elements was resized since it had shape "
                      f"{list(out.shape)}, which does not match the required output shape "
                      f"{list(result_shape)}. This behavior is deprecated, and in a future "
                      "PyTorch release outputs will not be resized unless they have zero "
                      "elements. You can explicitly reuse an out tensor t by resizing it, "
                      "inplace, to zero elements with t.resize_(0).")
        # resize_ (storage only), then the one write that bumps the version
        import cyautograd
        out.data = cyautograd.empty(tuple(result_shape), dtype=out.dtype, device=out.device)


def write_out(name, result, out, inputs):
    """NOTE [ out= ]: result (a Tensor, or a tuple of them) written into out."""
    check_out(name, out, inputs)
    if isinstance(result, tuple):
        if not isinstance(out, (tuple, list)) or len(out) != len(result):
            raise TypeError(f"{name}(): argument 'out' must be tuple of Tensors, not "
                            f"{_tname(out)}")
        for r, o in zip(result, out):      # (every item's dtype before any write)
            check_out_dtype(name, r.dtype, o)
        written = tuple(_write_one(r, o) for r, o in zip(result, out))
        return type(result)(written) if hasattr(result, "_names") else written
    if isinstance(out, (tuple, list)):
        raise TypeError(f"{name}(): argument 'out' must be Tensor, not {_tname(out)}")
    return _write_one(result, out, name)


# the top-level functions torch accepts out= for (checked against torch 2.13 by
# tests/cases_issue15_names.py), that had none here
OUT_FUNCTIONS = """abs all amax amin any arange bitwise_and bitwise_left_shift bitwise_not
bitwise_or bitwise_right_shift bitwise_xor bmm ceil clamp clip conj_physical cos cummax cummin
cumsum dot eq exp eye floor floor_divide frac full gather ge gt index_select le linspace log
log10 log1p log2 logical_and logical_not logical_or logical_xor logsumexp lt matmul
matrix_power maximum minimum mm mv ne neg negative nonzero pow reciprocal remainder round rsqrt
sigmoid sign sin sqrt square std tan tanh trunc var where sum mean prod max min cumprod nansum
exp2 expm1 softmax log_softmax addmm addcmul addcdiv lerp atan2 sinh cosh asin acos atan erf
cross diag tril triu histc cat stack hstack vstack nan_to_num clamp_min clamp_max fmod hypot
logaddexp argmax argmin sort topk median mode kthvalue outer masked_select""".split()
_FACTORIES = frozenset(("arange", "eye", "full", "linspace"))
# the functions whose existing out= did not write into out (wrapped all the same)
_BROKEN_OUT = frozenset(("cat", "stack", "max", "min"))
# no derivative formula: torch checks nothing about requires_grad for their out=
_NOT_DIFFERENTIABLE = frozenset("""eq ne lt le gt ge logical_and logical_or logical_xor
logical_not bitwise_and bitwise_or bitwise_xor bitwise_not bitwise_left_shift
bitwise_right_shift histc argmax argmin all any nonzero""".split())
# composites whose error names the op they decompose into (floor_divide: its
# Python-registered kernel's qualified name)
_ERROR_NAME = {"outer": "mul", "square": "pow", "floor_divide": "aten::floor_divide"}


def with_out(name, fn):
    """fn with torch's keyword-only out= (NOTE [ out= ])."""
    factory = name in _FACTORIES

    def f(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        ename = name
        if name in ("max", "min") and len(args) > 1 and isinstance(args[1], Tensor):
            ename = name + "imum"        # the binary overload is maximum/minimum's
        check_out(ename, out, args + tuple(kwargs.values()))
        if factory and kwargs.get("dtype") is None and isinstance(out, Tensor):
            kwargs["dtype"] = out.dtype        # a factory makes out's dtype
        return write_out(name, fn(*args, **kwargs), out, ())
    # the wrapped function's name, docstring and signature plus out=, without a
    # __wrapped__ (that attribute marks a live forward-AD hook)
    for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(f, attr, getattr(fn, attr, None))
    import inspect
    try:
        sig = inspect.signature(fn)
        params = [p for p in sig.parameters.values() if p.kind is not p.VAR_KEYWORD]
        params.append(inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None))
        f.__signature__ = sig.replace(parameters=params)
    except (TypeError, ValueError):
        pass
    f.__wrapped_out__ = fn
    return f


def _accepts_out(fn):
    import inspect
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return True
    return "out" in sig.parameters or any(p.kind is p.VAR_KEYWORD
                                          for p in sig.parameters.values())


def install(top):
    for name in OUT_FUNCTIONS:
        fn = getattr(top, name, None)
        if fn is not None and (name in _BROKEN_OUT or not _accepts_out(fn)):
            setattr(top, name, with_out(name, fn))
