"""Names issue 15's audit found missing or behaving unlike torch's
(tests/cases_issue15_names.py): the in-place unary aliases torch has
(``arccosh_``, ``arcsinh_``, ``arctanh_``), ``conj_physical(_)`` for real
tensors, torch's top-level in-place functions that were only Tensor methods
here, and torch's refusal to differentiate ``acosh_``/``asinh_``/``atanh_`` (at backward)."""
from cyautograd.function import Function
from cyautograd.grad_mode import is_grad_enabled
from cyautograd.ops.extra import _named
from cyautograd.ops.pointwise import _inplace_via
from cyautograd.tensor import Tensor



def _no_derivative_node(base):
    """The node torch records for the in-place form of `base` (AcoshBackward1
    for acosh_): the op runs and is recorded, and a backward through it
    raises torch's NotImplementedError."""
    msg = f"the derivative for 'inplace version of {base}' is not implemented."

    @_named(base[0].upper() + base[1:] + "Backward1")
    class _NoDerivative(Function):
        @staticmethod
        def forward(ctx, x):
            return getattr(x, base)()

        @staticmethod
        def backward(ctx, g):
            raise NotImplementedError(msg)
    return _NoDerivative


def _no_derivative_inplace(name, base, method):
    """torch has no derivative formula for the in-place forms of these: the leaf
    check runs first, the op is recorded with a node whose backward raises."""
    node = _NODES.get(base)
    if node is None:
        node = _NODES[base] = _no_derivative_node(base)

    def f(self):
        if isinstance(self, Tensor) and is_grad_enabled() and self.requires_grad:
            return _inplace_via(self, node.apply)
        return method(self)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"In-place ``{base}``; torch has no derivative for it: a backward through its "
                 f"result raises.\n\n>>> torch.tensor([0.5, 0.25]).{name}()\n")
    return f


_NODES = {}


@_named("ConjPhysicalBackward0")
class _ConjPhysical(Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()     # real dtypes only here: the conjugate is the value

    @staticmethod
    def backward(ctx, g):
        return g


@_named("ConjPhysicalBackward1")
class _ConjPhysicalInplace(Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return g


def conj_physical(input):
    """conj_physical(input) -> Tensor: the elementwise conjugate, a copy (every
    dtype here is real).

    >>> torch.conj_physical(torch.tensor([1.0, -2.0]))
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"conj_physical(): argument 'input' (position 1) must be Tensor, "
                        f"not {type(input).__name__}")
    return _ConjPhysical.apply(input)


def conj_physical_(self):
    """In-place ``conj_physical`` (a no-op on the values of a real tensor).

    >>> torch.tensor([1.0, -2.0]).conj_physical_()
    """
    return _inplace_via(self, _ConjPhysicalInplace.apply)


def install(top):
    """Put the names on cyautograd (``top``) and on Tensor."""
    T = top.Tensor
    methods = {"conj_physical": conj_physical, "conj_physical_": conj_physical_}
    for name, base in (("acosh_", "acosh"), ("asinh_", "asinh"), ("atanh_", "atanh")):
        methods[name] = _no_derivative_inplace(name, base, getattr(T, name))
    methods["arccosh_"] = _no_derivative_inplace("arccosh_", "acosh", getattr(T, "acosh_"))
    methods["arcsinh_"] = _no_derivative_inplace("arcsinh_", "asinh", getattr(T, "asinh_"))
    methods["arctanh_"] = _no_derivative_inplace("arctanh_", "atanh", getattr(T, "atanh_"))
    for name, f in methods.items():
        top._tensor_mod._register_method_override(name, f)
        setattr(top, name, f)
    # torch's out= on every top-level function that takes it (NOTE [ out= ] in _out.py)
    from cyautograd import _out
    _out.install(top)
    # the LU/QR factorizations (ops/linalg_lu.py)
    from cyautograd.ops import linalg_lu
    for name, f in linalg_lu.TOP.items():
        setattr(top, name, f)
    top._tensor_mod._register_methods(linalg_lu.TENSOR_METHODS)
    # the unique family's native names (NOTE [ The unique family ] in ops/extra.py)
    from cyautograd.ops import extra
    top._unique = extra._unique
    top._unique2 = extra._unique2
    from cyautograd import _VF
    top._VF = _VF
    # torch's top-level in-place functions that were only Tensor methods here
    for name in ("deg2rad_", "erfc_", "fix_", "i0_", "logit_", "rad2deg_", "sinc_"):
        if not hasattr(top, name):
            setattr(top, name, getattr(T, name))
