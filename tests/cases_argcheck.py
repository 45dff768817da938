"""Issue 11: None and wrong types where a Tensor is expected. Every one of
these segfaulted (a typed Cython argument or cast took the object as a Tensor
unchecked); torch raises TypeError (AttributeError where its Python layer
reads .size() first). Each case returns [exception type, message] per call,
compared with torch word for word."""
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


_UNARY = ["neg", "negative", "isnan", "isinf", "isfinite", "logical_not", "bitwise_not", "nonzero",
          "detach", "detach_", "zero_", "exp", "abs", "sum", "clone"]
_BINARY = ["equal", "allclose", "isclose"]
_LIKE = ["zeros_like", "ones_like", "empty_like", "rand_like", "randn_like"]
_BAD = [None, "abc", [1.0, 2.0], 3]


@case
def unary_functions_reject_non_tensors(T):
    return [[_err(lambda: getattr(T, f)(b)) for b in _BAD] for f in _UNARY]


@case
def binary_functions_reject_non_tensors(T):
    return [[[_err(lambda: getattr(T, f)(b, _x(T))), _err(lambda: getattr(T, f)(_x(T), b))]
             for b in _BAD] for f in _BINARY]


@case
def like_factories_reject_non_tensors(T):
    return [[_err(lambda: getattr(T, f)(b)) for b in _BAD] for f in _LIKE] + \
        [_err(lambda: T.full_like(b, 1.0)) for b in _BAD] + \
        [_err(lambda: T.is_floating_point(b)) for b in _BAD]


@case
def as_methods_reject_non_tensors(T):
    # methods: torch counts `other` as position 1, the functional form as 2
    return [[_err(lambda: getattr(_x(T), f)(b))[0] for b in _BAD]
            for f in ("expand_as", "reshape_as", "view_as", "type_as")]


@case
def unbound_tensor_methods_reject_non_tensors(T):
    # torch: "descriptor 'dim' for 'torch._C.TensorBase' objects doesn't apply
    # to a 'NoneType' object"; we name our type: compare type and shape
    out = []
    for m in ("dim", "numel", "size", "stride", "storage_offset", "is_contiguous", "item",
              "tolist", "data_ptr", "element_size", "retain_grad", "detach", "requires_grad_"):
        for b in (None, "abc", 3):
            e = _err(lambda: getattr(T.Tensor, m)(b))
            out.append([e[0], e[1].startswith(f"descriptor '{m}' for "),
                        e[1].endswith(f"objects doesn't apply to a '{type(b).__name__}' object")])
    return out


@case
def losses_reject_non_tensors(T):
    F = T.nn.functional
    p = lambda: T.tensor([0.25, 0.5, 0.75])  # noqa: E731
    logits = lambda: T.tensor([[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])  # noqa: E731
    tgt = lambda: T.tensor([0, 2])  # noqa: E731
    out = []
    for b in _BAD:
        out += [_err(lambda: F.mse_loss(p(), b)), _err(lambda: F.mse_loss(b, p())),
                _err(lambda: F.binary_cross_entropy(b, p())), _err(lambda: F.binary_cross_entropy(p(), b)),
                _err(lambda: F.nll_loss(b, tgt())), _err(lambda: F.nll_loss(logits(), b)),
                _err(lambda: F.cross_entropy(b, tgt())), _err(lambda: F.cross_entropy(logits(), b))]
    # a weight that is not a Tensor (a list, an array) was cast unchecked
    out += [_err(lambda: F.nll_loss(logits(), tgt(), weight=[1.0, 2.0, 3.0])),
            _err(lambda: F.nll_loss(logits(), tgt(), weight="abc")),
            _err(lambda: F.binary_cross_entropy(p(), p(), weight=[1.0, 2.0, 3.0])),
            _err(lambda: F.cross_entropy(logits(), tgt(), weight=[1.0, 2.0, 3.0]))]
    return out


@case
def in_place_and_copy_reject_non_tensors(T):
    x = T.ones(2)
    out = [_err(lambda: x.copy_(b)) for b in _BAD]   # a number is copied in (3)
    out += [_err(lambda: T.Tensor.copy_(b, x))[0] for b in _BAD]
    out += [x.tolist(), x._version]
    return out


@case
def failed_calls_leave_tensors_alone(T):
    x = _x(T)
    y = x * 2
    for f in _UNARY + _BINARY:
        _err(lambda: getattr(T, f)(None))
    _err(lambda: T.nn.functional.nll_loss(y, T.tensor([0, 1]), weight=[1.0, 2.0, 3.0]))
    y.sum().backward()
    return [x._version, y._version, x.grad, x.requires_grad]
