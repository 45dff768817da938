"""Issue 12 (fuzz class noneargs): torch's argument-parser TypeErrors, word
for word -- "add(): argument 'other' (position 2) must be Tensor, not
NoneType", "narrow() received an invalid combination of arguments - got
(...), but expected one of: ...", "sum() takes from 2 to 3 positional
arguments but 4 were given", ... (NOTE [ Argument parser errors ] in
cyautograd/_arg_parser.py). Each case returns [exception type, message] per
call.

* the ops wired to the parser replay, called with None, strings, floats,
  bools, wrong counts and keyword arguments in every position;
* the replay itself over every recorded signature (`parser_replay_*`):
  torch answers by calling its function, cyautograd by replaying the
  recorded signatures with `_arg_parser.check` on the same arguments; so the
  formatter is checked on far more functions than are wired to it;
* autograd.grad/backward with non-Tensor outputs and inputs (torch checks
  inputs in order, with their requires_grad)."""
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _err(f):
    try:
        f()
    except Exception as e:  # noqa: BLE001 - the exception is the observable
        return [type(e).__name__, str(e).replace("torch.", "cyautograd.")]
    return "no error"


def _x(T):
    return T.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.25]], requires_grad=True)


_JUNK = [None, "abc", 1.5, True, [1.0], (2,)]


@case
def binary_ops_none_and_junk(T):
    out = []
    for f in ("add", "sub", "mul", "div", "rsub", "maximum", "minimum"):
        fn = getattr(T, f)
        for b in _JUNK:
            # (a number first binds in torch's add/sub/mul/div: numbers_as_tensors)
            out.append(_err(lambda: fn(b, _x(T)) if not isinstance(b, (float, bool)) or f in
                            ("rsub", "maximum", "minimum") else None))
            out.append(_err(lambda: fn(_x(T), b) if f in ("maximum", "minimum", "rsub") or b is None
                            or isinstance(b, (str, list, tuple)) else None))
            out.append(_err(lambda: fn(b, b) if not isinstance(b, (float, bool)) else None))
    return out


@case
def binary_ops_keywords(T):
    x = _x(T)
    return [_err(lambda: T.sub(x, None, alpha=0.5)), _err(lambda: T.add(x, None, alpha=2)),
            _err(lambda: T.sub(None, x, alpha=2)), _err(lambda: T.rsub(None, 1.5, alpha=2)),
            _err(lambda: T.rsub(x, None, alpha=2)), _err(lambda: T.div(None, x, rounding_mode="floor")),
            _err(lambda: T.mul(x, None, out=T.zeros(2, 3))), _err(lambda: T.add(None, None, alpha=None))]


@case
def narrow_none_and_junk(T):
    x = _x(T)
    forms = [(None, 0, 0, 1), (None, -2, -1, 1), (x, None, 0, 1), (x, 0, None, 1), (x, 0, 0, None),
             (x, 0.5, 0, 1), (x, 0, 1.5, 1), (x, True, 0, 1), (x, 0, 0, "a"), (None, None, None, None)]
    return [_err(lambda: T.narrow(*f)) for f in forms]


@case
def pow_clamp_where_none_and_junk(T):
    x = _x(T)
    return [_err(lambda: T.pow(None, 2)), _err(lambda: T.pow(None, x)), _err(lambda: T.pow(x, None)),
            _err(lambda: T.pow("a", 2.5)), _err(lambda: T.clamp(None)), _err(lambda: T.clamp(None, 0, 1)),
            _err(lambda: T.clamp(None, max=1)), _err(lambda: T.clamp("a", 0.5)),
            _err(lambda: T.where(None, x, x)), _err(lambda: T.where(None, 1.0, x)),
            _err(lambda: T.where([True], x, 0.0))]


@case
def square_none_and_junk(T):
    return [_err(lambda: T.square(b)) for b in _JUNK]


@case
def grad_and_backward_non_tensor_inputs(T):
    def go(f):
        x = T.ones(2, requires_grad=True)
        y = (x * 2).sum()
        z = T.ones(2)
        return _err(lambda: f(x, y, z))
    return [go(lambda x, y, z: T.autograd.grad(None, [x])),
            go(lambda x, y, z: T.autograd.grad([None], [x])),
            go(lambda x, y, z: T.autograd.grad([y, 3], [x])),
            go(lambda x, y, z: T.autograd.grad(y, None)),
            go(lambda x, y, z: T.autograd.grad(y, [x, None])),
            go(lambda x, y, z: T.autograd.grad(y, [None, x])),
            go(lambda x, y, z: T.autograd.grad(y, [z, None])),
            go(lambda x, y, z: T.autograd.grad(y, [None, z])),
            go(lambda x, y, z: T.autograd.grad(y, [x, 3])),
            go(lambda x, y, z: T.autograd.grad(y, [x, "a"], allow_unused=True)),
            go(lambda x, y, z: y.backward(inputs=[x, None])),
            go(lambda x, y, z: y.backward(inputs=[None])),
            go(lambda x, y, z: T.autograd.backward(None)),
            go(lambda x, y, z: T.autograd.backward([y, None])),
            go(lambda x, y, z: T.autograd.grad(y, 3))]


# -- the replay over every recorded signature ---------------------------------

_FORMS = [((None,), {}), ((None, None), {}), (("x", None), {}), ((None, "x"), {}), (("x", None, None), {}),
          ((None, 1), {}), (("x", 0, None), {}), (("x", 1.5), {}), (("x", "a"), {}), ((None, 0, 1, 1), {}),
          (("x", None), {"alpha": 2}), ((None, 1.5), {}), (("x",), {"foo": 1}), ((), {}), (("x", (1, 2)), {}),
          (("x", [None]), {}), (("x", True), {})]
_MFORMS = [((None,), {}), ((None, None), {}), ((0, None), {}), (("a",), {}), ((1.5,), {}), ((0, None, 1), {}),
           ((), {"foo": None})]
def _replay(T, keys):
    """Every third form per function, starting at a different form for the
    next function: all forms are covered across the table, and the golden
    file stays a few hundred kilobytes."""
    import cyautograd
    from cyautograd._arg_signatures import SIGNATURES
    order = {k: j for j, k in enumerate(sorted(SIGNATURES))}
    out = {}
    for key in keys:
        meth = key.startswith("Tensor.")
        name = key.split(".")[-1]
        for i, (args, kw) in enumerate(_MFORMS if meth else _FORMS):
            if (i + order[key]) % 3:
                continue
            x = T.ones(2, 3)
            a = tuple(x if v == "x" else v for v in args)
            if T is cyautograd:
                from cyautograd._arg_parser import ADAPTERS, SELF_CHECKED, check
                # a torch function written in Python hands its arguments on as ADAPTERS says
                # (SELF_CHECKED ones make the native call themselves: called as they are)
                call = None if key in SELF_CHECKED else ADAPTERS.get(key, lambda a, kw: (a, kw))(a, kw)
                r = _err(lambda: check(key, *call)) if call is not None else \
                    _err(lambda: getattr(T, name)(*a, **kw))
            elif meth:
                # written out as a user writes it (x.abs(None)): CPython names a method of
                # no arguments by its descriptor then (TensorBase.abs), not as a bound method
                src = ", ".join(["x" if v == "x" else repr(v) for v in args] +
                                [f"{k}={v!r}" for k, v in kw.items()])
                call = eval(f"lambda x: x.{name}({src})")     # noqa: S307 - literal forms above
                r = _err(lambda: call(x))
            else:
                # torch.unique_consecutive is Python over the native binding of its name, and
                # unique_dim is only in _VF, as "_VF.split" (Tensor.split's native call)
                # (_arg_parser.PYTHON_FUNCTIONS): the table holds the native one
                # "linalg.linalg_det" is torch._C._linalg.linalg_det (torch.linalg.det)
                ns = key.split(".")[0]
                fn = getattr(T._C._nn, name) if key.startswith("nn.") else \
                    getattr(T._VF, name) if key in _NATIVE_OF_PYTHON or key.startswith("_VF.") else \
                    getattr(getattr(T._C, "_" + ns), name) if ns in ("linalg", "special", "fft") else \
                    getattr(T, name)
                r = _err(lambda: fn(*a, **kw))
            if r == "no error" or r[0] != "TypeError" or \
                    not any(w in r[1] for w in ("argument", "positional", "keyword")):
                r = "no error"      # not the parser's answer: the replay must bind
            out[f"{key}|{i}"] = r
    return out


_PARTS = 6
_NATIVE_OF_PYTHON = frozenset(("unique_consecutive", "unique_dim"))


def _replay_keys(part):
    from cyautograd._arg_signatures import SIGNATURES
    keys = sorted(SIGNATURES)
    return keys[part::_PARTS]


for _p in range(_PARTS):
    def _replay_part(T, _p=_p):
        return _replay(T, _replay_keys(_p))
    _replay_part.__name__ = f"parser_replay_{_p}"
    CASES[_replay_part.__name__] = _replay_part


# -- the public callables, through their error-path guards (NOTE [ Parser
# replay on the error path ] in cyautograd/_arg_parser.py) -------------------------

@case
def guarded_functions(T):
    x = _x(T)
    F = T.nn.functional
    calls = [lambda: T.zeros([1.0]), lambda: T.zeros("abc"), lambda: T.zeros(True), lambda: T.zeros(2, "x"),
             lambda: T.zeros(1.5, 2), lambda: T.ones(x), lambda: T.rand(2, 3.5), lambda: T.randn(None),
             lambda: T.empty((2, None)), lambda: T.permute(x, "a"), lambda: T.permute(x, [1.0, 0]),
             lambda: T.reshape(x, 1.5), lambda: T.flatten(x, "a"), lambda: T.arange(x), lambda: T.arange("a"),
             lambda: T.full_like(x, "a"), lambda: T.chunk(x, "a"),
             lambda: T.roll(x, "a"), lambda: T.cumsum(x, None), lambda: T.logical_and(x, None),
             lambda: T.eq(x, None), lambda: T.where(x > 0, x, None),
             lambda: T.narrow_copy(x, "a", 0, 1), lambda: T.unsqueeze(x, 1.5),
             lambda: F.gelu(x, 1), lambda: F.gelu(x, approximate=1), lambda: F.one_hot(None),
             lambda: F.softplus(x, "a"), lambda: F.hardtanh(x, T.zeros(0, 3)), lambda: F.hardtanh_(x.detach(), 5),
             lambda: F.lp_pool2d(x, x, T.zeros(0, 3))]
    return [_err(c) for c in calls]


@case
def guarded_methods(T):
    x = _x(T)
    calls = [lambda: x.new_zeros("abc"), lambda: x.new_zeros(), lambda: x.new_ones(1.5), lambda: x.new_empty(True),
             lambda: x.new_zeros(2, "x"), lambda: x.resize_(1.5), lambda: x.cumprod_("a"), lambda: x.abs(1),
             lambda: x.abs(foo=1), lambda: x.contiguous(None), lambda: x.contiguous(memory_format=1),
             lambda: x.is_contiguous(1), lambda: x.requires_grad_(None), lambda: x.requires_grad_(1),
             lambda: T.Tensor.new_zeros(None, 2), lambda: T.Tensor.cumsum("a", 0), lambda: x.logical_or("a"),
             lambda: x.index_add(0, None, x), lambda: x.masked_fill(None, 1), lambda: x.sum_to_size("a"),
             lambda: x.repeat(1.5), lambda: x.flip(None), lambda: x.topk("a")]
    return [_err(c) for c in calls]


@case
def python_wrappers(T):
    x = _x(T)
    calls = [lambda: T.atleast_1d(1), lambda: T.atleast_2d(x, 1), lambda: T.atleast_3d([x, None]),
             lambda: T.broadcast_tensors(x, 1), lambda: T.broadcast_tensors(x, foo=1),
             lambda: T.meshgrid(x, "a"), lambda: T.meshgrid([x, 1.5], indexing="ij"),
             lambda: T.broadcast_shapes(x), lambda: T.broadcast_shapes([1.0, 2.0]), lambda: T.broadcast_shapes("abc"),
             lambda: T.broadcast_shapes((2, 3), (4,)), lambda: T.broadcast_shapes((-1,)),
             lambda: T.broadcast_shapes(2, (3, 1), None), lambda: T.einsum(x), lambda: T.einsum("ij", None),
             lambda: T.einsum(x, [0, "a"]), lambda: T.einsum(x, [0, 60]), lambda: T.einsum(1, x),
             lambda: T.einsum("ij,jk", [x, None]), lambda: T.symeig(x), lambda: T.symeig(x, 1, 2, 3),
             lambda: T.eig(None), lambda: T.lstsq(x, x), lambda: T.lstsq(x, x, foo=1)]
    return [_err(c) for c in calls]


@case
def flag_setters(T):
    x = _x(T)
    calls = [lambda: T.autograd.Variable(x, -1), lambda: T.autograd.Variable(x, 2 ** 62),
             lambda: T.autograd.Variable(x, None), lambda: T.autograd.Variable(x, 1.5),
             lambda: T.autograd.Variable(x, True, True), lambda: T.autograd.Variable(x, x),
             lambda: T.set_num_threads(True), lambda: T.set_num_threads(2 ** 40), lambda: T.set_num_threads(2 ** 63),
             lambda: T.set_num_threads(-1), lambda: T.set_num_threads("a"), lambda: T.set_num_interop_threads(-1),
             lambda: T.set_num_interop_threads(None), lambda: T.set_warn_always(1), lambda: T.set_warn_always(None),
             lambda: T.autograd.set_detect_anomaly(None), lambda: T.autograd.set_detect_anomaly(True, 1),
             lambda: T.autograd.set_multithreading_enabled(1), lambda: T.autograd.set_multithreading_enabled(x)]
    return [_err(c) for c in calls]


@case
def hot_methods_and_functional_wrappers(T):
    x = _x(T)
    F = T.nn.functional
    img = T.ones(1, 1, 4, 4)
    calls = [lambda: x.permute("a"), lambda: x.permute(0, "a"), lambda: x.permute(()), lambda: x.reshape(1.5),
             lambda: x.reshape(2, None), lambda: x.flatten("a"), lambda: x.flatten(0, 1.5), lambda: x.chunk("a"),
             lambda: x.chunk(2, None), lambda: x.view(()), lambda: F.max_pool2d(None, 2), lambda: F.max_pool2d(img, "a"),
             lambda: F.max_pool2d(img, 2, return_indices=x), lambda: F.max_pool1d(x, 1.5),
             lambda: F.max_pool2d_with_indices(img, None), lambda: F.layer_norm(x, "a"), lambda: F.layer_norm(None, 3),
             lambda: F.alpha_dropout(None), lambda: F.alpha_dropout(x, 2.0), lambda: F.alpha_dropout(x, 0.5, 1),
             lambda: F.feature_alpha_dropout(x, "a"), lambda: F.silu(None), lambda: F.relu6("a"),
             lambda: F.hardtanh(x, None), lambda: F.glu(T.tensor(1.5), "a"), lambda: F.glu(x, "a"),
             lambda: F.glu(x, 1), lambda: F.glu(x, 5)]
    return [_err(c) for c in calls]


@case
def guards_pickle_by_name(T):
    """The guarded callables stay picklable by name (torch.zeros is)."""
    import pickle
    fs = [T.zeros, T.permute, T.roll, T.atleast_1d, T.Tensor.abs, T.Tensor.new_zeros, T.nn.functional.gelu,
          T.nn.functional.silu]
    return [pickle.loads(pickle.dumps(f)) is f for f in fs]


# -- silent acceptance: calls torch rejects that our ops would answer ------------------
# (NOTE [ Parser guard before the call ] in cyautograd/_arg_parser.py). Each call
# is made after a call of the same shape that binds, so the guard's memory of
# shapes that bind is exercised too; a Tensor bound by value (a 0-d one as a
# Scalar) must not make a many-element one bind.

def _type_only(f):
    r = _err(f)
    return r if r == "no error" else r[0]


@case
def guard_rejects_before_the_call(T):
    import math
    F = T.nn.functional
    x = _x(T)
    it = T.arange(6).reshape(2, 3)
    out = []
    for name in ("cumsum", "argmax", "argmin", "logsumexp", "topk", "kthvalue", "tril", "triu", "diag",
                 "flatten", "roll", "all", "any", "amin", "nansum"):
        m = getattr(x, name)
        out.append([name, _err(lambda: m(1)), _err(lambda: m(True)), _err(lambda: m(True)),
                    _err(lambda: m(0, 10 ** 18))])
    calls = [lambda: T.logical_and(x, x), lambda: T.logical_and(x, 5), lambda: T.logical_or(x, 1.5),
             lambda: T.flip(x, (0,)), lambda: T.flip(x, -1), lambda: x.flip(), lambda: x.sum_to_size(),
             lambda: T.full_like(x, T.tensor(2.0)), lambda: T.full_like(x, x),
             lambda: T.fmod(x, T.tensor(2.0)), lambda: T.fmod(x, x), lambda: T.fmod(x, "a"),
             lambda: T.unique(x, None), lambda: T.unique(x, 5), lambda: x.unique(0, 10 ** 18),
             lambda: T.unique(x, dim=1.5), lambda: x.unique_consecutive(None),
             lambda: T.unique_consecutive(x, dim="a"), lambda: T.unique(x, x, it),
             lambda: x.is_pinned(1.5), lambda: x.is_pinned("abc"), lambda: x.is_pinned(-1),
             lambda: T.allclose(x, it), lambda: T.isclose(it, x), lambda: T.cross(x, it, dim=1),
             lambda: T.cdist(x, it), lambda: T.median(it > 2), lambda: T.trace(it > 2),
             lambda: T.trapezoid(it > 2), lambda: T.poisson(it), lambda: T.normal(x, math.nan),
             lambda: T.clamp(it, x).dtype, lambda: T.clamp_(it.clone(), x),
             lambda: F.elu(it), lambda: F.gelu(it), lambda: F.hardtanh(it > 2),
             lambda: F.softplus(it), lambda: F.rrelu(x, 1.5), lambda: F.rrelu(x, math.nan),
             lambda: F.smooth_l1_loss(x, 5), lambda: F.huber_loss(x, (5,)), lambda: F.kl_div(x, it),
             lambda: F.dropout(x, math.nan), lambda: F.dropout(x, 0.5, 10 ** 18), lambda: F.dropout(it),
             lambda: F.dropout2d(T.tensor(1.5)), lambda: setattr(x.detach(), "requires_grad", None),
             lambda: +(it > 2), lambda: x.size(True), lambda: x.stride(True)]
    out.append([_err(c) for c in calls])
    # the hot callables: torch's exception type (their words are their own checks')
    hot = [lambda: x.sum(True), lambda: x.softmax(True), lambda: x.unsqueeze(True), lambda: x.unbind(True),
           lambda: x.chunk(True), lambda: x.max(0, 10 ** 18), lambda: x.max(x, "abc"), lambda: x.min(0, 5)]
    out.append([_type_only(c) for c in hot])
    return out
