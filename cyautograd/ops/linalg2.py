"""torch.linalg's decompositions and the matrix products real programs use
beyond cyautograd/linalg.py: svd, slogdet, pinv, cholesky, eigh, qr,
matrix_power, matrix_exp, multi_dot, solve_triangular, vecdot, and the
top-level addmv/addr/baddbmm/addbmm, logdet, pinverse, chain_matmul.

As ops/extra.py (NOTE [ Extra ops are custom Functions ]): numpy/LAPACK
forwards on plain arrays, backward formulas written with differentiable
Tensor ops (torch's FunctionsManual formulas: svd_backward, pinv_backward,
cholesky_backward, linalg_eig_backward, linalg_qr_backward), each under
torch's node name. The ``linalg.*`` names are attached to cyautograd.linalg
by the import at the end of cyautograd/linalg.py.
"""
import builtins as _b
import math

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.function import Function
from cyautograd.ops.extra import _a, _check_tensor, _named as _named_x, _return_type, _sum_to, _tname, _w
from cyautograd.ops.extra import _anydev, _composite, _dargs, _darr, _dw
from cyautograd.ops import _xp
from cyautograd.tensor import Tensor

__all__ = []          # top-level (cyautograd.*) names
LINALG = []           # cyautograd.linalg.* names
FUNCTION_ONLY = set()


def _info(A, k):
    """The int32 ``info`` of the *_ex functions, on A's device."""
    t = _w(np.full(tuple(A.shape[:-2]), k, np.int32))
    return t if A.is_cpu else t.to(A.device)


def _named(node, saved=(), attrs=None):
    def deco(cls):
        cls = _named_x(node, saved, attrs)(cls)
        cls._backward_cls.__module__ = "cyautograd.ops.linalg2"
        return cls
    return deco


def _top(f, method=True):
    __all__.append(f.__name__)
    if not method:
        FUNCTION_ONLY.add(f.__name__)
    return f


def _la(f):
    LINALG.append(f.__name__)
    return f


class _LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: a linear-algebra function failed (a singular
    or not positive-definite input); a RuntimeError.

    >>> try:
    ...     torch.linalg.cholesky(-torch.eye(2))
    ... except torch.linalg.LinAlgError as e:
    ...     print(e)
    """


_LinAlgError.__module__ = "cyautograd.linalg"
LinAlgError = _LinAlgError


def _O():
    from cyautograd import _ops
    return _ops


def _mT(t):
    return t.transpose(-2, -1)


def _float_check(name, A):
    if not A.dtype.is_floating_point or A.dtype is _D.float16:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype._cname}")


def _matrix_check(name, A, square=False, arg="A", floats=True):
    _check_tensor(A, f"linalg_{name}", arg)
    if A.dim() < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor {arg} must have at least 2 dimensions.")
    if square and A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.{name}: {arg} must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")
    if floats:
        _float_check(name, A)


# -- products: addmv, addr, baddbmm, addbmm ---------------------------------------------

def _scal(v, name, arg):
    if isinstance(v, Tensor):
        if v.numel() != 1:
            raise TypeError(f"{name}(): argument '{arg}' must be Number, not Tensor")
        return v.item()
    # a bool is a Scalar to torch's parser (True acts as 1)
    if not isinstance(v, (bool, int, float, np.number, np.bool_)):
        raise TypeError(f"{name}(): argument '{arg}' must be Number, not {_tname(v)}")
    return bool(v) if isinstance(v, np.bool_) else v


def _beta_in(x, beta):
    a = _a(x)
    return np.zeros_like(a) if beta == 0 else a * np.asarray(beta, a.dtype)


def _argsize(node, i, d):
    # a saved factor's size (torch keeps it beside the tensor; None here
    # where the factor was not saved)
    t = node.saved_tensors[i]
    return None if t is None else t.shape[d]


def _product_fn(node, fwd, grads, dev_fwd, kernel=None, names=("mat1", "mat2"), attrs=None):
    """dev_fwd(m1, m2): the product from routed Tensor ops (device tensors);
    kernel(x, a1, a2, beta, alpha): the host result from the arrays, where
    the op has its own (addr's dtype promotion); names: torch's saved names
    of the two factors."""
    @_named(node, saved=names, attrs=dict({"beta": lambda n: n.ab[0], "alpha": lambda n: n.ab[1]}, **(attrs or {})))
    class _P(Function):
        @staticmethod
        def forward(ctx, x, m1, m2, beta, alpha):
            # as torch's generated nodes: the input is never saved (its
            # gradient needs its shape only), each factor only for the
            # other's gradient -- a tensor not saved cannot raise a version
            # error or reach a pack hook
            need = ctx.needs_input_grad
            ctx.save_for_backward(m1 if need[2] else None, m2 if need[1] else None)
            ctx.xshape = tuple(x.shape)
            ctx.ab = (beta, alpha)
            if _anydev(x, m1, m2):   # NOTE [ Device backends ]
                def f(x, m1, m2):
                    # beta == 0 ignores input (nan in it does not propagate)
                    prod = dev_fwd(m1, m2) * alpha
                    return (prod if beta == 0 else x * beta + prod).to(m1.dtype).expand(tuple(prod.shape))
                return _composite(f, x, m1, m2)
            a1, a2 = _a(m1), _a(m2)
            if kernel is not None:
                return _w(kernel(_a(x), a1, a2, beta, alpha))
            prod = fwd(a1, a2)
            bi = _beta_in(x, beta)
            with np.errstate(all="ignore"):
                r = bi + prod * np.asarray(alpha, a1.dtype)
            return _w(np.broadcast_to(r, np.broadcast_shapes(bi.shape, prod.shape)).astype(a1.dtype))

        @staticmethod
        def backward(ctx, g):
            m1, m2 = ctx.saved_tensors
            beta, alpha = ctx.ab
            gx = g1 = g2 = None
            if ctx.needs_input_grad[0]:
                gx = _sum_to(g * beta if beta != 1 else g, ctx.xshape)
            if ctx.needs_input_grad[1]:
                g1 = grads[0](g, m1, m2) * alpha if alpha != 1 else grads[0](g, m1, m2)
            if ctx.needs_input_grad[2]:
                g2 = grads[1](g, m1, m2) * alpha if alpha != 1 else grads[1](g, m1, m2)
            return gx, g1, g2, None, None
    return _P


_Addmv = _product_fn("AddmvBackward0", lambda m, v: m @ v,
                     (lambda g, m, v: g.unsqueeze(1) * v.unsqueeze(0), lambda g, m, v: _mT(m).mv(g)),
                     lambda m, v: m.mv(v), names=("mat", "vec"))
def _addr_kernel(x, u, v, beta, alpha):
    """torch's addr kernel: over the common dtype of (input expanded, vec1,
    vec2) -- all three dimensioned, so a 0-d input promotes as a tensor --
    beta * input + (alpha * vec1) * vec2 in that dtype (beta == 0: the
    input is ignored, nan in it does not propagate); over bool,
    (beta && input) || (alpha && vec1 && vec2)."""
    npd = _D.promote_types(_D.promote_types(_D._FROM_NP[x.dtype], _D._FROM_NP[u.dtype]),
                           _D._FROM_NP[v.dtype]).np
    x, u, v = x.astype(npd, copy=False), u.astype(npd, copy=False), v.astype(npd, copy=False)
    shape = (u.shape[0], v.shape[0])
    if npd == np.bool_:
        p = bool(alpha) & (u[:, None] & v[None, :])
        r = p if not beta else (x & bool(beta)) | p
        return np.array(np.broadcast_to(r, shape), copy=True)
    with np.errstate(all="ignore"):
        p = (u * np.asarray(alpha).astype(npd))[:, None] * v[None, :]
        r = p if beta == 0 else np.asarray(beta).astype(npd) * x + p
    return np.array(np.broadcast_to(r, shape), dtype=npd, copy=True)


_Addr = _product_fn("AddrBackward0", lambda u, v: np.outer(u, v),
                    (lambda g, u, v: g.mv(v), lambda g, u, v: _mT(g).mv(u)),
                    lambda u, v: u.unsqueeze(1) * v.unsqueeze(0), _addr_kernel, names=("vec1", "vec2"))
_Baddbmm = _product_fn("BaddbmmBackward0", lambda a, b: a @ b,
                       (lambda g, a, b: g.bmm(_mT(b)), lambda g, a, b: _mT(a).bmm(g)),
                       lambda a, b: a.bmm(b), names=("batch1", "batch2"))
_Addbmm = _product_fn("AddbmmBackward0", lambda a, b: (a @ b).sum(0) if a.shape[0] else
                      np.zeros((a.shape[1], b.shape[2]), a.dtype),
                      (lambda g, a, b: g.unsqueeze(0).expand(b.shape[0], g.shape[0], g.shape[1]).bmm(_mT(b)),
                       lambda g, a, b: _mT(a).bmm(g.unsqueeze(0).expand(a.shape[0], g.shape[0], g.shape[1]))),
                      lambda a, b: a.bmm(b).sum(0), names=("batch1", "batch2"),
                      attrs={"batch1_sym_argsize_0": lambda n: _argsize(n, 0, 0),
                             "batch1_sym_argsize_1": lambda n: _argsize(n, 0, 1),
                             "batch2_sym_argsize_2": lambda n: _argsize(n, 1, 2)})


def _bcast_check(name, x, shape):
    try:
        if np.broadcast_shapes(tuple(x.shape), shape) != shape:
            raise ValueError
    except ValueError:
        x.detach().expand(shape)        # torch's expand_size: expand's own words
        raise RuntimeError(f"The expanded size of the tensor ({shape[-1] if shape else 0}) must match the existing "
                           f"size ({x.shape[-1] if x.dim() else 0}) at non-singleton dimension "
                           f"{len(shape) - 1}.  Target sizes: {list(shape)}.  Tensor sizes: {list(x.shape)}") \
            from None


def _write(name, r, out, *ins):
    from cyautograd.ops.extra import _write_out
    return _write_out(name, r, out, *ins)


@_top
def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    """addmv(input, mat, vec, *, beta=1, alpha=1, out=None) -> Tensor

    ``beta * input + alpha * (mat @ vec)`` for a matrix ``mat`` (n x m) and a
    vector ``vec`` (m); ``input`` broadcasts to (n,). With ``beta=0`` ``input``
    is ignored (nan in it does not propagate). Also a Tensor method
    (in place ``x.addmv_(mat, vec)``).

    >>> torch.addmv(torch.ones(2), torch.eye(2), torch.tensor([1., 2.]), alpha=2)
    """
    for t, nm, p in ((input, "input", 1), (mat, "mat", 2), (vec, "vec", 3)):
        _check_tensor(t, "addmv", nm, p)
    beta, alpha = _scal(beta, "addmv", "beta"), _scal(alpha, "addmv", "alpha")
    if mat.dim() != 2 or vec.dim() != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got {input.dim()}, {mat.dim()}, {vec.dim()}")
    if mat.shape[1] != vec.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({mat.shape[0]}), mat ({mat.shape[0]}x{mat.shape[1]}), "
                           f"vec ({vec.shape[0]})")
    _bcast_check("addmv", input, (mat.shape[0],))
    if not (input.dtype == mat.dtype == vec.dtype):
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {input.dtype._cname}, "
                           f"{mat.dtype._cname}, and {vec.dtype._cname}")
    if out is not None:
        return _write("addmv", addmv(input.detach(), mat.detach(), vec.detach(), beta=beta, alpha=alpha),
                      out, input, mat, vec)
    return _Addmv.apply(input, mat, vec, beta, alpha)


def addmv_meta(input, mat, vec, **kwargs):
    """addmv's meta function (its checks of self too: at most 1-D, of mat's
    rows or one element); the result's size (NOTE [ Structured in-place
    kernels refuse a broadcast self ], ops/extra.py)."""
    if not (mat.dim() == 2 and vec.dim() == 1 and input.dim() <= 1):
        raise RuntimeError(f"vector + matrix @ vector expected, got {input.dim()}, {mat.dim()}, {vec.dim()}")
    if not (mat.shape[1] == vec.shape[0] and (mat.shape[0] == input.numel() or input.numel() == 1)):
        raise RuntimeError(f"size mismatch, got input ({_size_at(input, 0)}), mat ({mat.shape[0]}x{mat.shape[1]}), "
                           f"vec ({vec.shape[0]})")
    return (mat.shape[0],)


def addr_inplace_checks(input, vec1, vec2, **kwargs):
    """addr_'s checks (build_addr_iter with self as its output: self is not
    expanded): 1-D vectors, then a 2-D self of their lengths."""
    if vec1.dim() != 1:
        raise RuntimeError(f"addr: Expected 1-D argument vec1, but got {vec1.dim()}-D")
    if vec2.dim() != 1:
        raise RuntimeError(f"addr: Expected 1-D argument vec2, but got {vec2.dim()}-D")
    if input.dim() != 2:
        raise RuntimeError(f"2D tensor expected, got {input.dim()}D tensor for input")
    if input.shape[0] != vec1.shape[0] or input.shape[1] != vec2.shape[0]:
        raise RuntimeError(f"size mismatch, input: {list(input.shape)}, v1: {list(vec1.shape)}, "
                           f"v2: {list(vec2.shape)}")
    return tuple(input.shape)


def baddbmm_meta(input, batch1, batch2, **kwargs):
    """baddbmm's meta function: self expanded to the result's size, the
    batches' checks; the result's size."""
    size = _bmm_result_size(batch1, batch2, True)
    _bcast_check("baddbmm", input, size)
    if input.dtype != batch1.dtype:
        from cyautograd.ops.linalg import ctype_name
        raise RuntimeError(f"Input dtypes must be the same, got: input {ctype_name(input.dtype.np)}, batch1: "
                           f"{ctype_name(batch1.dtype.np)}, batch2: {ctype_name(batch2.dtype.np)}")
    _bmm_checks("baddbmm", batch1, batch2)
    return size


@_top
def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    """addr(input, vec1, vec2, *, beta=1, alpha=1, out=None) -> Tensor

    ``beta * input + alpha * outer(vec1, vec2)``; ``input`` broadcasts to
    (len(vec1), len(vec2)). Also a Tensor method (in place ``x.addr_(v1, v2)``).

    >>> torch.addr(torch.zeros(2, 3), torch.tensor([1., 2.]), torch.tensor([1., 0., -1.]))
    """
    for t, nm, p in ((input, "input", 1), (vec1, "vec1", 2), (vec2, "vec2", 3)):
        _check_tensor(t, "addr", nm, p)
    beta, alpha = _scal(beta, "addr", "beta"), _scal(alpha, "addr", "alpha")
    if vec1.dim() != 1:
        raise RuntimeError(f"addr: Expected 1-D argument vec1, but got {vec1.dim()}-D")
    if vec2.dim() != 1:
        raise RuntimeError(f"addr: Expected 1-D argument vec2, but got {vec2.dim()}-D")
    _bcast_check("addr", input, (vec1.shape[0], vec2.shape[0]))
    # torch's check_addr_scalar, on the common dtype, beta's then alpha's
    rd = _D.promote_types(_D.promote_types(input.dtype, vec1.dtype), vec2.dtype)
    for v, nm in ((beta, "beta"), (alpha, "alpha")):
        if isinstance(v, bool) and rd is not _D.bool:
            raise RuntimeError(f"Boolean {nm} only supported for Boolean results.")
        if not (rd.is_floating_point or rd.is_complex) and not isinstance(v, (bool, int, np.integer)):
            raise RuntimeError(f"For integral input tensors, argument {nm} must not be a floating point number.")
    if out is not None:
        return _write("addr", addr(input.detach(), vec1.detach(), vec2.detach(), beta=beta, alpha=alpha),
                      out, input, vec1, vec2)
    return _Addr.apply(input, vec1, vec2, beta, alpha)


def _size_at(t, d):
    """t.size(d) with c10's errors for a dim out of range (IndexError)."""
    n = t.dim()
    if n == 0:
        raise IndexError(f"Dimension specified as {d} but tensor has no dimensions")
    if not -n <= d < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
    return t.shape[d]


def _bmm_result_size(b1, b2, batched):
    """The result size that addbmm/baddbmm expand input to before any other
    check (torch's expand_size(self, {batch1.size(0), batch1.size(1),
    batch2.size(2)})): a batch of too few dims fails there, an IndexError."""
    head = (_size_at(b1, 0),) if batched else ()
    return head + (_size_at(b1, 1), _size_at(b2, 2))


def _bmm_checks(name, b1, b2):
    if b1.dim() != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if b2.dim() != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    if name == "baddbmm" and (b2.shape[0] != b1.shape[0] or b2.shape[1] != b1.shape[2]):
        # (torch's common_checks_baddbmm_bmm)
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: [{b1.shape[0]}, "
                           f"{b1.shape[2]}] but got: [{b2.shape[0]}, {b2.shape[1]}].")
    if b1.shape[0] != b2.shape[0]:
        raise RuntimeError(f"batch1 and batch2 must have same number of batches, got {b1.shape[0]} and "
                           f"{b2.shape[0]}")
    if b1.shape[2] != b2.shape[1]:
        raise RuntimeError(f"Incompatible matrix sizes for bmm ({b1.shape[1]}x{b1.shape[2]} and "
                           f"{b2.shape[1]}x{b2.shape[2]})")


@_top
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    """baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None) -> Tensor

    ``beta * input + alpha * bmm(batch1, batch2)``: batched (b x n x m) @
    (b x m x p), ``input`` broadcast to (b x n x p). Also a Tensor method
    (in place ``x.baddbmm_(b1, b2)``).

    >>> torch.baddbmm(torch.zeros(2, 1, 1), torch.ones(2, 1, 3), torch.ones(2, 3, 1)).shape
    """
    for t, nm, p in ((input, "input", 1), (batch1, "batch1", 2), (batch2, "batch2", 3)):
        _check_tensor(t, "baddbmm", nm, p)
    beta, alpha = _scal(beta, "baddbmm", "beta"), _scal(alpha, "baddbmm", "alpha")
    baddbmm_meta(input, batch1, batch2)
    if batch1.dtype != batch2.dtype and batch1.numel() and batch2.shape[2]:
        from cyautograd.ops.linalg import bmm_dtype_error
        raise RuntimeError(bmm_dtype_error(_darr(batch1) if _anydev(batch1) else _a(batch1),
                                           _darr(batch2) if _anydev(batch2) else _a(batch2), True))
    if out is not None:
        return _write("baddbmm", baddbmm(input.detach(), batch1.detach(), batch2.detach(), beta=beta,
                                         alpha=alpha), out, input, batch1, batch2)
    return _Baddbmm.apply(input, batch1, batch2, beta, alpha)


@_top
def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    """addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None) -> Tensor

    ``beta * input + alpha * sum_i batch1[i] @ batch2[i]`` (the batched products
    summed over the batch), ``input`` broadcast to (n x p). Also a Tensor method
    (in place ``x.addbmm_(b1, b2)``).

    >>> torch.addbmm(torch.zeros(1, 1), torch.ones(2, 1, 3), torch.ones(2, 3, 1))
    """
    for t, nm, p in ((input, "input", 1), (batch1, "batch1", 2), (batch2, "batch2", 3)):
        _check_tensor(t, "addbmm", nm, p)
    beta, alpha = _scal(beta, "addbmm", "beta"), _scal(alpha, "addbmm", "alpha")
    _bcast_check("addbmm", input, _bmm_result_size(batch1, batch2, False))
    _bmm_checks("addbmm", batch1, batch2)
    if not (input.dtype == batch1.dtype == batch2.dtype):   # its per-batch addmm_'s meta check
        from cyautograd.ops.linalg import addmm_dtype_error
        raise RuntimeError(addmm_dtype_error(input.dtype.np, batch1.dtype.np, batch2.dtype.np))
    if out is not None:
        return _write("addbmm", addbmm(input.detach(), batch1.detach(), batch2.detach(), beta=beta,
                                       alpha=alpha), out, input, batch1, batch2)
    return _Addbmm.apply(input, batch1, batch2, beta, alpha)


# -- determinants -----------------------------------------------------------------------

@_named("LinalgSlogdetBackward0", saved=("A",))
class _Slogdet(Function):
    @staticmethod
    def forward(ctx, A):
        if _anydev(A):   # NOTE [ Device backends ]: the linalg extension
            xp = _xp.backend.namespace(_darr(A))
            sign, logabs = xp.linalg.slogdet(_darr(A))
            s, la = _dw(sign), _dw(logabs)
        else:
            a = _a(A)
            sign, logabs = np.linalg.slogdet(a)
            s, la = _w(np.asarray(sign, a.dtype)), _w(np.asarray(logabs, a.dtype))
        # torch's sign output has a grad_fn but never a gradient
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(A)
        return s, la

    @staticmethod
    def backward(ctx, gs, gl):
        if gl is None:
            return None
        A, = ctx.saved_tensors
        from cyautograd import linalg
        # d logabsdet / dA = A^{-T}: solve(A^T, g I)
        return gl.unsqueeze(-1).unsqueeze(-1) * _mT(linalg.inv(A))


def _slogdet_impl(A, name, rtname, fields=("sign", "logabsdet")):
    _check_tensor(A, name, "A")
    _matrix_check("slogdet", A, square=True)
    s, la = _Slogdet.apply(A)
    return _return_type(rtname, list(fields))(s, la)


@_la
def slogdet(A, *, out=None):
    """linalg.slogdet(A, *, out=None) -> (Tensor sign, Tensor logabsdet)

    The sign and the log of the absolute value of the determinant of a square
    matrix (or batch), a named tuple; ``det = sign * exp(logabsdet)`` without
    overflow. The gradient flows through ``logabsdet``.

    >>> torch.linalg.slogdet(torch.tensor([[2., 0.], [0., -3.]]))
    """
    return _slogdet_impl(A, "linalg_slogdet", "linalg_slogdet")


def _slogdet_top(input):
    """slogdet(input) -> (Tensor sign, Tensor logabsdet)

    Alias of ``torch.linalg.slogdet``. Also a Tensor method.

    >>> torch.slogdet(torch.tensor([[2., 0.], [0., -3.]]))
    """
    return _slogdet_impl(input, "slogdet", "slogdet")


_slogdet_top.__name__ = _slogdet_top.__qualname__ = "slogdet"


@_top
def logdet(input):
    """logdet(input) -> Tensor

    The log of the determinant of a square matrix (or batch): nan for a negative
    determinant, -inf for a zero one. A composite of ``slogdet`` and ``where``
    as in torch. Also a Tensor method.

    >>> torch.logdet(torch.tensor([[2., 0.], [0., 3.]]))
    """
    _check_tensor(input, "logdet")
    _matrix_check("slogdet", input, square=True)
    s, la = _Slogdet.apply(input)
    from cyautograd import tensor as _t
    return _O().where(s == -1, _t(math.nan, dtype=input.dtype), la)


# -- svd, pinv --------------------------------------------------------------------------

def _svd_backward(gU, gS, gVh, U, S, Vh):
    """torch's svd_backward (real case)."""
    m, n = U.shape[-2], Vh.shape[-1]
    if gU is None and gVh is None:
        return (U.matmul(gS.unsqueeze(-1) * Vh) if m >= n else (U * gS.unsqueeze(-2)).matmul(Vh))

    def skew(X):
        return X - _mT(X)
    UhgU = skew(_mT(U).matmul(gU)) if gU is not None else None
    VhgV = skew(Vh.matmul(_mT(gVh))) if gVh is not None else None
    S2 = S * S
    E = S2.unsqueeze(-2) - S2.unsqueeze(-1)
    k = S.shape[-1]
    from cyautograd import eye
    E = E + eye(k, dtype=E.dtype, device=E.device)       # diagonal set to 1 (it is 0 before)
    if gU is not None and gVh is not None:
        gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
    elif gU is not None:
        gA = (UhgU / E) * S.unsqueeze(-2)
    else:
        gA = S.unsqueeze(-1) * (VhgV / E)
    if gS is not None:
        gA = gA + gS.diag_embed()
    if m > n and gU is not None:
        gA = U.matmul(gA)
        gUSinv = gU / S.unsqueeze(-2)
        gA = gA + gUSinv - U.matmul(_mT(U).matmul(gUSinv))
        gA = gA.matmul(Vh)
    elif m < n and gVh is not None:
        gA = gA.matmul(Vh)
        SinvgVh = gVh / S.unsqueeze(-1)
        gA = gA + SinvgVh - SinvgVh.matmul(_mT(Vh)).matmul(Vh)
        gA = U.matmul(gA)
    else:
        gA = U.matmul(gA.matmul(Vh)) if m >= n else U.matmul(gA).matmul(Vh)
    return gA


@_named("LinalgSvdBackward0")
class _Svd(Function):
    @staticmethod
    def forward(ctx, A, full):
        if _anydev(A):   # NOTE [ Device backends ]: the linalg extension
            xp = _xp.backend.namespace(_darr(A))
            U, S, Vh = (_dw(t) for t in xp.linalg.svd(_darr(A), full_matrices=full))
        else:
            a = _a(A)
            u, s, vh = np.linalg.svd(a, full_matrices=full)
            U, S, Vh = _w(u, a.dtype), _w(s, a.dtype), _w(vh, a.dtype)
        ctx.save_for_backward(U, S, Vh)
        ctx.full = full
        return U, S, Vh

    @staticmethod
    def backward(ctx, gU, gS, gVh):
        U, S, Vh = ctx.saved_tensors
        k = S.shape[-1]
        if ctx.full:
            U = U.narrow(-1, 0, k)
            Vh = Vh.narrow(-2, 0, k)
            gU = gU.narrow(-1, 0, k) if gU is not None else None
            gVh = gVh.narrow(-2, 0, k) if gVh is not None else None
        return _svd_backward(gU, gS, gVh, U, S, Vh), None


@_la
def svd(A, full_matrices=True, *, driver=None, out=None):
    """linalg.svd(A, full_matrices=True, *, driver=None, out=None) -> (Tensor U, Tensor S, Tensor Vh)

    The singular value decomposition ``A = U @ diag(S) @ Vh`` of a matrix (or
    batch), singular values in descending order, a named tuple. The singular
    vectors are unique only up to sign: compare sign-invariant quantities.
    Gradients follow torch's svd_backward (they are defined when the singular
    values are distinct).

    >>> U, S, Vh = torch.linalg.svd(torch.tensor([[3., 0.], [4., 5.]])); S
    """
    _matrix_check("svd", A)
    U, S, Vh = _Svd.apply(A, bool(full_matrices))
    return _return_type("linalg_svd", ["U", "S", "Vh"])(U, S, Vh)


def _svd_top(input, some=True, compute_uv=True, *, out=None):
    """svd(input, some=True, compute_uv=True, *, out=None) -> (Tensor U, Tensor S, Tensor V)

    The (deprecated) torch.svd: ``input = U @ diag(S) @ V.mT`` (``V``, not
    ``Vh``); ``some=True`` gives the reduced decomposition; with
    ``compute_uv=False`` U and V are zero-filled. Also a Tensor method.

    >>> torch.svd(torch.tensor([[3., 0.], [4., 5.]])).S
    """
    _check_tensor(input, "svd")
    _matrix_check("svd", input)
    U, S, Vh = _Svd.apply(input, not some)
    rt = _return_type("svd", ["U", "S", "V"])
    if not compute_uv:
        from cyautograd import zeros
        m, n = input.shape[-2], input.shape[-1]
        lead = tuple(input.shape[:-2])
        return rt(zeros(lead + (m, m), dtype=input.dtype, device=input.device), S,
                  zeros(lead + (n, n), dtype=input.dtype, device=input.device))
    return rt(U, S, _mT(Vh))


_svd_top.__name__ = _svd_top.__qualname__ = "svd"


@_named("LinalgPinvBackward0")
class _Pinv(Function):
    @staticmethod
    def forward(ctx, A, rtol, atol, hermitian):
        # rtol, atol: float64 arrays, 0-d or batched (NOTE [ Batched tolerances ])
        if _anydev(A):   # NOTE [ Device backends ] (scalar tolerances only: pinv routes the rest)
            P = _dw(_xp.pinv(_darr(A), float(rtol), float(atol)))
            ctx.save_for_backward(A, P)
            return P
        a = _a(A)
        if hermitian:
            # torch's hermitian path: eigh of the lower triangle, singular
            # values the eigenvalues' magnitudes
            w, u = np.linalg.eigh(a) if a.size else (np.zeros(a.shape[:-1], a.dtype), a.copy())
            s = np.abs(w)
            vh = np.swapaxes(u, -1, -2)
        else:
            u, s, vh = np.linalg.svd(a, full_matrices=False)
            w = s
        smax = s.max(axis=-1, keepdims=True) if s.shape[-1] else np.zeros(s.shape[:-1] + (1,), a.dtype)
        tol = _tolerance(s, smax, atol, rtol)
        with np.errstate(all="ignore"):
            sinv = np.where(s > tol, 1 / w, 0).astype(a.dtype)
        r = np.swapaxes(vh, -1, -2) @ (sinv[..., None] * np.swapaxes(u, -1, -2))
        P = _w(r, a.dtype)
        ctx.save_for_backward(A, P)
        return P

    @staticmethod
    def backward(ctx, g):
        A, P = ctx.saved_tensors
        return _pinv_backward(g, P, A), None, None, None


def _pinv_backward(g, P, A):
    """torch's pinv_backward: the gradient of A from that of P = pinv(A)."""
    m, n = A.shape[-2], A.shape[-1]
    Ph = _mT(P)
    gh = _mT(g)
    if m <= n:
        K = gh.matmul(P)
        KPh = K.matmul(Ph)
        return (-_mT(P.matmul(K)) + KPh - A.matmul(P).matmul(KPh)
                + Ph.matmul(P).matmul(gh - K.matmul(A)))
    K = P.matmul(gh)
    PhK = Ph.matmul(K)
    return (-_mT(K.matmul(P)) + (gh - A.matmul(K)).matmul(P).matmul(Ph)
            + PhK - PhK.matmul(P).matmul(A))


# NOTE [ Batched tolerances ]
# linalg.pinv and linalg.matrix_rank take atol/rtol (and the NumPy-style
# positional rcond/tol) as floats or as Tensors; a Tensor tolerance is one
# per matrix, broadcast against the batch: the threshold is
# max(atol[..., None], rtol[..., None] * max(S)) with S the singular values
# (hermitian=True: the magnitudes of eigvalsh's eigenvalues of the lower
# triangle), so a tolerance of shape (3,) over 3 matrices gives one rank per
# matrix and one of shape (3, 1) a (3, 3) table. Without rtol, the default
# eps * max(m, n) applies exactly where atol is not > 0, elementwise (a
# negative or NaN atol keeps it). Shapes that do not broadcast fail in
# torch's words, naming the operands in that order (rtol * max(S), then
# atol against it, then S against the threshold). The arrays are float64
# (_tolerances), the comparison in the singular values' precision.

def _tol_arg(t, name, arg):
    """One tolerance as a float64 array (a Tensor that requires grad is
    refused by pinv: torch's derivative table has no formula for it)."""
    if isinstance(t, Tensor):
        if name == "pinv":
            from cyautograd.grad_mode import is_grad_enabled
            if t.requires_grad and is_grad_enabled():
                raise RuntimeError(f"The function 'linalg_{name}' is not differentiable with respect to argument "
                                   f"'{arg}'. This input cannot have requires_grad True.")
        return np.asarray(t.detach().cpu().numpy(), dtype=np.float64)
    return np.asarray(float(t), dtype=np.float64)


def _tolerances(name, A, atol, rtol):
    """(atol, rtol) as float64 arrays: torch's defaults (NOTE [ Batched tolerances ])."""
    a = np.zeros((), np.float64) if atol is None else _tol_arg(atol, name, "atol")
    if rtol is not None:
        return a, _tol_arg(rtol, name, "rtol")
    m, n = A.shape[-2], A.shape[-1]
    default = np.finfo(A.dtype.np).eps * _b.max(m, n) if A.dtype.is_floating_point else 0.0
    if atol is None:
        return a, np.asarray(default, np.float64)
    with np.errstate(invalid="ignore"):
        return a, np.where(a > 0, 0.0, default)


def _tolerance(s, smax, atol, rtol):
    """max(atol[..., None], rtol[..., None] * smax), checked to broadcast
    with the singular values s as torch's ops do."""
    from cyautograd.ops.extra import infer_size
    at, rt = atol.reshape(atol.shape + (1,)), rtol.reshape(rtol.shape + (1,))
    infer_size(s.shape, infer_size(at.shape, infer_size(rt.shape, smax.shape)))
    with np.errstate(all="ignore"):
        return np.maximum(at, rt * smax)


_NO_TOL = object()


@_la
def pinv(A, rcond=_NO_TOL, hermitian=False, *, atol=None, rtol=None, out=None):
    """linalg.pinv(A, *, atol=None, rtol=None, hermitian=False, out=None) -> Tensor

    The Moore-Penrose pseudo-inverse, through the SVD: singular values below
    ``max(atol, rtol * max(S))`` are treated as zero (``rtol`` defaults to
    ``eps * max(m, n)`` when neither is given). ``linalg.pinv(A, rcond,
    hermitian=False)`` (torch's NumPy-style overload) is ``atol=0, rtol=rcond``.

    >>> torch.linalg.pinv(torch.tensor([[1., 2.], [2., 4.]]))
    """
    _check_tensor(A, "linalg_pinv", "input")
    if A.dim() < 2 or A.dtype not in (_D.float32, _D.float64):
        raise RuntimeError(f"linalg.pinv({A.dtype._cname}{{{list(A.shape)}}}): expected a tensor with 2 or more "
                           "dimensions of float, double, cfloat or cdouble types")
    if rcond is not _NO_TOL:     # pinv(A, rcond): atol=0, rtol=rcond
        atol, rtol = 0.0, rcond
    atol, rtol = _tolerances("pinv", A, atol, rtol)
    if hermitian and A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.eigh: A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")
    hermitian = bool(hermitian)
    if _anydev(A) and (atol.ndim or rtol.ndim or hermitian):
        # (the device kernel takes scalar tolerances and the SVD path): the
        # host computes, the result goes back, differentiably
        return _Pinv.apply(A.cpu(), rtol, atol, hermitian).to(A.device)
    return _Pinv.apply(A, rtol, atol, hermitian)


@_top
def pinverse(input, rcond=1e-15):
    """pinverse(input, rcond=1e-15) -> Tensor

    The pseudo-inverse (``linalg.pinv(input, rtol=rcond)``). Also a Tensor method.

    >>> torch.pinverse(torch.tensor([[1., 2.], [2., 4.]]))
    """
    _check_tensor(input, "pinverse")
    return pinv(input, rtol=rcond)


# -- cholesky, eigh, qr -----------------------------------------------------------------

def _not_pd(name, a):
    flat = a.reshape((-1,) + a.shape[-2:])
    for b, mat in enumerate(flat):
        for k in range(1, mat.shape[-1] + 1):
            try:
                np.linalg.cholesky(mat[:k, :k])
            except np.linalg.LinAlgError:
                pre = f"(Batch element {b}): " if a.ndim > 2 else ""
                raise _LinAlgError(f"linalg.{name}: {pre}The factorization could not be completed because the input "
                                   f"is not positive-definite (the leading minor of order {k} is not "
                                   f"positive-definite).") from None
    raise _LinAlgError(f"linalg.{name}: The factorization could not be completed because the input is not "
                       f"positive-definite.")  # pragma: no cover


def _chol_np(a, name):
    lo = np.tril(a)
    sym = lo + np.swapaxes(np.tril(a, -1), -1, -2)    # LAPACK reads the lower triangle only
    try:
        return np.linalg.cholesky(sym)
    except np.linalg.LinAlgError:
        _not_pd(name, sym)


def _chol_fn(node):
    @_named(node, saved=("L",), attrs={"upper": "upper"})
    class _C(Function):
        @staticmethod
        def forward(ctx, A, upper, name):
            if _anydev(A):   # NOTE [ Device backends ]: the linalg extension, lower triangle read
                from cyautograd.grad_mode import no_grad
                with no_grad():
                    Ad = A.detach()
                    sym = Ad.tril() + _mT(Ad.tril(-1))
                xp = _xp.backend.namespace(_darr(sym))
                try:
                    L = xp.linalg.cholesky(_darr(sym))
                except Exception as e:  # noqa: BLE001 - the namespace's LinAlgError
                    raise _LinAlgError(f"linalg.{name}: The factorization could not be completed because the "
                                       f"input is not positive-definite.") from e
                if not bool(xp.all(xp.isfinite(L))):
                    raise _LinAlgError(f"linalg.{name}: The factorization could not be completed because the "
                                       f"input is not positive-definite.")
                Lt = _dw(L)
                ctx.save_for_backward(Lt)
                ctx.upper = upper
                return _mT(Lt).clone() if upper else Lt
            a = _a(A)
            L = _chol_np(a, name)
            out = _w(np.swapaxes(L, -1, -2)) if upper else _w(L, a.dtype)
            # the result saved as an output (U with upper=True, not a detached
            # L): the double backward then sees L's dependence on A
            ctx.save_for_backward(out)
            ctx.upper = upper
            return out

        @staticmethod
        def _jvp(args, out, tans):
            if node == "CholeskyBackward0":   # the deprecated torch.cholesky has no forward formula
                from cyautograd.autograd.forward_ad import _NOT_YET
                raise NotImplementedError(_NOT_YET.format("cholesky"))
            # torch's cholesky_jvp: dL = L pi(L^-1 dA L^-T), pi(X) = tril(X) - diag(X)/2,
            # reading the whole tangent (the op reads one triangle of A)
            from cyautograd import linalg
            upper, dA = args[1], tans[0]
            L = _mT(out) if upper else out
            dL = linalg.solve_triangular(L, dA, upper=False, left=True)
            dL = linalg.solve_triangular(_mT(L), dL, upper=True, left=False)
            dL = dL.tril() - dL.diagonal(0, -2, -1).mul(0.5).diag_embed()
            dL = L.matmul(dL)
            return _mT(dL) if upper else dL

        @staticmethod
        def backward(ctx, g):
            L, = ctx.saved_tensors
            if ctx.upper:
                L = _mT(L)
            from cyautograd import linalg
            gL = _mT(g) if ctx.upper else g
            gA = _mT(L).matmul(gL).tril()
            gA = 0.5 * (gA + _mT(gA.tril(-1)))
            Linv = linalg.inv(L)
            return _mT(Linv).matmul(gA).matmul(Linv), None, None
    return _C


_CholeskyEx = _chol_fn("LinalgCholeskyExBackward0")
_Cholesky = _chol_fn("CholeskyBackward0")


@_la
def cholesky(A, *, upper=False, out=None):
    """linalg.cholesky(A, *, upper=False, out=None) -> Tensor

    The Cholesky factor ``L`` (lower triangular, ``A = L @ L.mT``; ``U = L.mT``
    with ``upper=True``) of a symmetric positive-definite matrix (only its lower
    triangle is read). A matrix that is not positive-definite raises
    ``torch.linalg.LinAlgError`` naming the failing leading minor.

    >>> torch.linalg.cholesky(torch.tensor([[4., 2.], [2., 3.]]))
    """
    _matrix_check("cholesky", A, square=True)
    return _CholeskyEx.apply(A, bool(upper), "cholesky")


@_la
def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    """linalg.cholesky_ex(A, *, upper=False, check_errors=False, out=None) -> (Tensor L, Tensor info)

    ``linalg.cholesky`` that reports failure in ``info`` (0: success, k: the
    leading minor of order k is not positive-definite) instead of raising,
    unless ``check_errors=True``.

    >>> torch.linalg.cholesky_ex(torch.tensor([[4., 2.], [2., 3.]])).info
    """
    _matrix_check("cholesky", A, square=True)
    rt = _return_type("linalg_cholesky_ex", ["L", "info"])
    try:
        L = _CholeskyEx.apply(A, bool(upper), "cholesky")
        info = _info(A, 0)
    except _LinAlgError as e:
        if check_errors:
            raise
        import re
        k = int(re.search(r"order (\d+)", str(e)).group(1))
        from cyautograd import zeros
        L = zeros(tuple(A.shape), dtype=A.dtype)
        info = _info(A, k)
    return rt(L, info)


def _cholesky_top(input, upper=False, *, out=None):
    """cholesky(input, upper=False, *, out=None) -> Tensor

    The (deprecated) torch.cholesky: ``linalg.cholesky`` with ``upper`` as a
    positional flag (it warns, as torch does). Also a Tensor method.

    >>> torch.cholesky(torch.tensor([[4., 2.], [2., 3.]]))
    """
    from cyautograd._warn import warn_user
    _check_tensor(input, "cholesky")
    warn_user("torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future "
              "PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\n"
              "and\nU = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH\n"
              "This transform will produce equivalent results for all valid (symmetric positive definite) inputs.")
    _matrix_check("cholesky", input, square=True)
    return _Cholesky.apply(input, bool(upper), "cholesky")


_cholesky_top.__name__ = _cholesky_top.__qualname__ = "cholesky"


@_named("LinalgEighBackward0")
class _Eigh(Function):
    @staticmethod
    def forward(ctx, A, uplo):
        if _anydev(A):   # NOTE [ Device backends ]: the linalg extension (which reads both
            # triangles: the one UPLO names is mirrored first, as LAPACK reads only it)
            from cyautograd.grad_mode import no_grad
            with no_grad():
                Ad = A.detach()
                sym = Ad.tril() + _mT(Ad.tril(-1)) if uplo == "L" else Ad.triu() + _mT(Ad.triu(1))
            xp = _xp.backend.namespace(_darr(sym))
            L, V = xp.linalg.eigh(_darr(sym))
            Lt, Vt = _dw(L), _dw(V)
        else:
            a = _a(A)
            L, V = np.linalg.eigh(a, UPLO=uplo)
            Lt, Vt = _w(L, a.dtype), _w(V, a.dtype)
        ctx.save_for_backward(Lt, Vt)
        return Lt, Vt

    @staticmethod
    def backward(ctx, gL, gV):
        L, V = ctx.saved_tensors
        if gV is None:
            return (V * gL.unsqueeze(-2)).matmul(_mT(V)), None
        VhgV = _mT(V).matmul(gV)
        VhgV = 0.5 * (VhgV - _mT(VhgV))
        from cyautograd import eye
        n = L.shape[-1]
        E = L.unsqueeze(-2) - L.unsqueeze(-1)
        I_ = eye(n, dtype=L.dtype, device=L.device)
        E = E + I_
        ret = (VhgV / E) * (1 - I_)
        if gL is not None:
            ret = ret + gL.diag_embed()
        return V.matmul(ret).matmul(_mT(V)), None

    @staticmethod
    def _jvp(args, out, tans):
        # torch's linalg_eig_jvp (hermitian): dP = V^T dA V, dL = diag(dP),
        # dV = V (dP / E) with E_ij = L_j - L_i off the diagonal -- the whole
        # tangent, whichever triangle the op read
        from cyautograd import eye
        L, V = out
        dP = _mT(V).matmul(tans[0]).matmul(V)
        n = L.shape[-1]
        I_ = eye(n, dtype=L.dtype)
        E = L.unsqueeze(-2) - L.unsqueeze(-1) + I_
        return dP.diagonal(0, -2, -1), V.matmul((dP / E) * (1 - I_))


def _uplo(UPLO, name):
    if not isinstance(UPLO, str):
        raise TypeError(f"linalg_{name}(): argument 'UPLO' must be str, not {_tname(UPLO)}")
    if UPLO.upper() not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    return UPLO.upper()


@_la
def eigh(A, UPLO="L", *, out=None):
    """linalg.eigh(A, UPLO='L', *, out=None) -> (Tensor eigenvalues, Tensor eigenvectors)

    The eigenvalues (ascending) and orthonormal eigenvectors (columns) of a
    symmetric matrix, reading its lower (``UPLO='L'``) or upper triangle. The
    eigenvectors are unique only up to sign.

    >>> torch.linalg.eigh(torch.tensor([[2., 1.], [1., 2.]])).eigenvalues
    """
    _matrix_check("eigh", A, square=True)
    L, V = _Eigh.apply(A, _uplo(UPLO, "eigh"))
    return _return_type("linalg_eigh", ["eigenvalues", "eigenvectors"])(L, V)


@_la
def eigvalsh(A, UPLO="L", *, out=None):
    """linalg.eigvalsh(A, UPLO='L', *, out=None) -> Tensor

    The eigenvalues (ascending) of a symmetric matrix (``eigh`` without the vectors).

    >>> torch.linalg.eigvalsh(torch.tensor([[2., 1.], [1., 2.]]))
    """
    _matrix_check("eigvalsh", A, square=True)
    return _Eigh.apply(A, _uplo(UPLO, "eigvalsh"))[0]


def _qr_backward_tall(gQ, gR, Q, R):
    """A = QR with m >= n (reduced): gA = (gQ + Q copyltu(M)) R^{-T}, M = R gR^T - gQ^T Q."""
    from cyautograd import linalg
    M = 0
    if gR is not None:
        M = R.matmul(_mT(gR))
    if gQ is not None:
        M = M - _mT(gQ).matmul(Q)
    if isinstance(M, int):
        return None
    copyltu = M.tril(-1) + _mT(M.tril(-1)) + M.diagonal(0, -2, -1).diag_embed()
    b = Q.matmul(copyltu)
    if gQ is not None:
        b = b + gQ
    return b.matmul(_mT(linalg.inv(R)))


@_named("LinalgQrBackward0")
class _Qr(Function):
    @staticmethod
    def forward(ctx, A, mode):
        if _anydev(A):   # NOTE [ Device backends ]: the linalg extension
            xp = _xp.backend.namespace(_darr(A))
            Q, R = (_dw(t) for t in xp.linalg.qr(_darr(A), mode="complete" if mode == "complete" else "reduced"))
        else:
            a = _a(A)
            q, r = np.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")
            Q, R = _w(q, a.dtype), _w(r, a.dtype)
        ctx.save_for_backward(Q, R)
        ctx.mode = mode
        if mode == "r":
            from cyautograd import zeros
            return zeros(0, dtype=A.dtype, device=A.device), R
        return Q, R

    @staticmethod
    def backward(ctx, gQ, gR):
        Q, R = ctx.saved_tensors
        m, n = Q.shape[-2], R.shape[-1]
        if ctx.mode == "r":
            raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. "
                               "Please use linalg.qr(A, mode='reduced') if you are going to differentiate through "
                               "linalg.qr.")
        if ctx.mode == "complete" and m > n:
            raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and "
                               "nrows > ncols.")
        if m >= n:
            return _qr_backward_tall(gQ, gR, Q, R), None
        # wide: A = [X | Y], R = [U | V], X = Q U
        U = R.narrow(-1, 0, m)
        gU = gR.narrow(-1, 0, m) if gR is not None else None
        gV = gR.narrow(-1, m, n - m) if gR is not None else None
        from cyautograd import zeros
        gQ2 = gQ if gQ is not None else zeros(tuple(Q.shape), dtype=Q.dtype)
        A = Q.matmul(R)
        Y = A.narrow(-1, m, n - m)
        if gV is not None:
            gQ2 = gQ2 + Y.matmul(_mT(gV))
        gX = _qr_backward_tall(gQ2, gU, Q, U)
        gY = Q.matmul(gV) if gV is not None else zeros(tuple(Y.shape), dtype=Q.dtype)
        return _O().cat([gX, gY], -1), None


@_la
def qr(A, mode="reduced", *, out=None):
    """linalg.qr(A, mode='reduced', *, out=None) -> (Tensor Q, Tensor R)

    The QR decomposition ``A = Q @ R`` (Q with orthonormal columns, R upper
    triangular); ``mode`` is ``'reduced'``, ``'complete'`` or ``'r'`` (Q empty).
    Signs follow LAPACK's Householder convention, as torch's.

    >>> torch.linalg.qr(torch.tensor([[1., 2.], [3., 4.]])).R
    """
    _matrix_check("qr", A)
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), "
                           f"'r', or 'complete'")
    Q, R = _Qr.apply(A, mode)
    return _return_type("linalg_qr", ["Q", "R"])(Q, R)


def _qr_top(input, some=True, *, out=None):
    """qr(input, some=True, *, out=None) -> (Tensor Q, Tensor R)

    The (deprecated) torch.qr: ``linalg.qr`` with ``some=False`` for the
    complete decomposition. Also a Tensor method.

    >>> torch.qr(torch.tensor([[1., 2.], [3., 4.]])).R
    """
    _check_tensor(input, "qr")
    _matrix_check("qr", input)
    Q, R = _Qr.apply(input, "reduced" if some else "complete")
    return _return_type("qr", ["Q", "R"])(Q, R)


_qr_top.__name__ = _qr_top.__qualname__ = "qr"


# -- matrix functions -------------------------------------------------------------------

@_la
def matrix_power(A, n, *, out=None):
    """linalg.matrix_power(A, n, *, out=None) -> Tensor

    ``A`` (square, or a batch) to the integer power ``n`` by repeated squaring;
    ``n = 0`` gives the identity, a negative ``n`` the power of the inverse.

    >>> torch.linalg.matrix_power(torch.tensor([[1., 1.], [0., 1.]]), 3)
    """
    _check_tensor(A, "linalg_matrix_power", "A")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"linalg_matrix_power(): argument 'n' (position 2) must be int, not {_tname(n)}")
    if A.dim() < 2:
        raise RuntimeError(f"linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")
    n = int(n)
    if n == 0:
        from cyautograd import eye
        r = A.clone()
        r.copy_(eye(A.shape[-1], dtype=A.dtype).expand(tuple(A.shape)))
        return r
    if n < 0:
        from cyautograd import linalg
        A = linalg.inv(A)
        n = -n
    if n == 1:
        return A.clone()
    if n == 2:
        return A.matmul(A)
    if n == 3:
        return A.matmul(A).matmul(A)
    z = result = None
    while n > 0:
        bit = n % 2
        n //= 2
        z = A if z is None else z.matmul(z)
        if bit == 1:
            result = z if result is None else result.matmul(z)
    return result


def _matrix_power_top(input, n):
    """matrix_power(input, n) -> Tensor

    Alias of ``torch.linalg.matrix_power``. Also a Tensor method.

    >>> torch.matrix_power(torch.tensor([[1., 1.], [0., 1.]]), 2)
    """
    return matrix_power(input, n)


_matrix_power_top.__name__ = _matrix_power_top.__qualname__ = "matrix_power"


def _expm_np(a):
    try:
        from scipy.linalg import expm
        return expm(a)
    except ImportError:  # pragma: no cover - scipy is optional
        # scaling and squaring with a Taylor series
        nrm = np.abs(a).sum(axis=-2).max(axis=-1, initial=0) if a.size else 0
        s = int(_b.max(0, math.ceil(math.log2(nrm + 1e-300)) + 1)) if np.all(nrm > 0) else 0
        x = a / (2 ** s)
        term = np.broadcast_to(np.eye(a.shape[-1], dtype=a.dtype), a.shape).copy()
        res = term.copy()
        for k in range(1, 20):
            term = term @ x / k
            res = res + term
        for _ in range(s):
            res = res @ res
        return res


@_named("LinalgMatrixExpBackward0")
class _MatrixExp(Function):
    @staticmethod
    def forward(ctx, A):
        ctx.save_for_backward(A)
        if _anydev(A):   # NOTE [ Device backends ]
            return _dw(_xp.matrix_exp(_darr(A)))
        a = _a(A)
        if a.size:
            flat = a.reshape((-1,) + a.shape[-2:])
            r = np.stack([_expm_np(m) for m in flat]).reshape(a.shape)
        else:
            r = a.copy()
        ctx.save_for_backward(A)
        return _w(r.astype(a.dtype))

    @staticmethod
    def backward(ctx, g):
        A, = ctx.saved_tensors
        # the Fréchet derivative: exp([[A^T, G], [0, A^T]]) holds it in its top-right block
        n = A.shape[-1]
        At = _mT(A)
        from cyautograd import zeros
        z = zeros(tuple(A.shape), dtype=A.dtype, device=A.device)
        O = _O()
        big = O.cat([O.cat([At, g], -1), O.cat([z, At], -1)], -2)
        return matrix_exp(big).narrow(-2, 0, n).narrow(-1, n, n)


@_la
def matrix_exp(A):
    """linalg.matrix_exp(A) -> Tensor

    The matrix exponential of a square matrix (or batch): ``sum_k A**k / k!``.

    >>> torch.linalg.matrix_exp(torch.tensor([[0., 1.], [0., 0.]]))
    """
    _check_tensor(A, "linalg_matrix_exp", "A")
    _matrix_check("matrix_exp", A, square=True)
    return _MatrixExp.apply(A)


def _matrix_exp_top(input):
    """matrix_exp(input) -> Tensor

    Alias of ``torch.linalg.matrix_exp``. Also a Tensor method.

    >>> torch.matrix_exp(torch.zeros(2, 2))
    """
    return matrix_exp(input)


_matrix_exp_top.__name__ = _matrix_exp_top.__qualname__ = "matrix_exp"


@_la
def multi_dot(tensors, *, out=None):
    """linalg.multi_dot(tensors, *, out=None) -> Tensor

    The product of two or more matrices in one call (the first may be a 1-d row
    vector and the last a 1-d column vector, as in ``matmul``).

    >>> torch.linalg.multi_dot([torch.ones(3), torch.ones(3, 2), torch.ones(2)])
    """
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"linalg_multi_dot(): argument 'tensors' (position 1) must be tuple of Tensors, "
                        f"not {_tname(tensors)}")
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    for i, t in enumerate(tensors):
        _check_tensor(t, "linalg_multi_dot", "tensors")
        if 0 < i < n - 1 and t.dim() != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {t.dim()}D")
    first, last = tensors[0], tensors[-1]
    if first.dim() not in (1, 2):
        raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got {first.dim()}D")
    if last.dim() not in (1, 2):
        raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got {last.dim()}D")
    for i in range(1, n):
        t = tensors[i]
        if t.dtype != first.dtype:
            from cyautograd.ops.linalg import ctype_name
            raise RuntimeError(f"multi_dot(): all tensors must have be the same dtype but tensor 0 is "
                               f"{ctype_name(first.dtype.np)} and tensor {i} {ctype_name(t.dtype.np)}")
    ms = list(tensors)
    out_shape = []
    if first.dim() == 1:
        ms[0] = first.unsqueeze(0)
    else:
        out_shape.append(first.shape[0])
    if last.dim() == 1:
        ms[-1] = last.unsqueeze(-1)
    else:
        out_shape.append(last.shape[1])
    for i in range(n - 1):
        if ms[i].shape[1] != ms[i + 1].shape[0]:
            raise RuntimeError(f"multi_dot(): tensors {i} and {i + 1} with shapes {list(ms[i].shape)} and "
                               f"{list(ms[i + 1].shape)} cannot be multiplied")
    if out is not None:
        return _multi_dot_out(ms, tuple(out_shape), first, out)
    r = ms[0]
    for m in ms[1:]:
        r = r.mm(m)
    return r.view(tuple(out_shape))


def _multi_dot_out(ms, out_shape, first, out):
    """linalg.multi_dot(..., out=out): out of the tensors' dtype exactly, resized
    to the result's shape, then written by mm's out= (two or three matrices:
    its requires_grad check names mm)."""
    from cyautograd._out import check_out, _write_one
    from cyautograd.ops.linalg import ctype_name
    if not isinstance(out, Tensor):
        raise TypeError(f"linalg_multi_dot(): argument 'out' must be Tensor, not {type(out).__name__}")
    if out.dtype != first.dtype:
        raise RuntimeError(f"multi_dot(): expected out tensor to have dtype {ctype_name(first.dtype.np)} but got "
                           f"{ctype_name(out.dtype.np)}")
    check_out("mm" if len(ms) <= 3 else "linalg_multi_dot", out, ms)
    from cyautograd.grad_mode import no_grad
    with no_grad():
        r = ms[0]
        for m in ms[1:]:
            r = r.mm(m)
    return _write_one(r.view(out_shape), out)


@_top
def chain_matmul(*matrices, out=None):
    """chain_matmul(*matrices, out=None) -> Tensor

    The (deprecated) product of two or more 2-d matrices: ``linalg.multi_dot``
    (it warns, as torch does).

    >>> torch.chain_matmul(torch.eye(2), torch.ones(2, 2), torch.eye(2))
    """
    from cyautograd._warn import warn_user
    for i, m in enumerate(matrices):     # the parser of _VF.chain_matmul(TensorList), before its warning
        if not isinstance(m, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(m).__name__}")
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"chain_matmul(): argument 'out' must be Tensor, not {type(out).__name__}")
    warn_user("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
              "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple "
              "parameters.")
    for i, m in enumerate(matrices):
        if isinstance(m, Tensor) and m.dim() != 2:    # one matrix too (torch checks, then clones)
            raise RuntimeError(f"Tensor dimension is {m.dim()}, expected 2 instead.")
    if len(matrices) == 1:
        if out is not None:
            # chain_matmul_out of one matrix: resize_output, then out.copy_ (recorded, with copy_'s checks)
            from cyautograd._out import resize_output
            resize_output(out, tuple(matrices[0].shape))
            return out.copy_(matrices[0])
        return matrices[0].clone()
    return multi_dot(list(matrices), out=out)


FUNCTION_ONLY.add("chain_matmul")


@_la
def vecdot(x, y, *, dim=-1, out=None):
    """linalg.vecdot(x, y, *, dim=-1, out=None) -> Tensor

    The dot product of ``x`` and ``y`` (broadcast) along ``dim``: ``(x * y).sum(dim)``.

    >>> torch.linalg.vecdot(torch.tensor([[1., 2.], [3., 4.]]), torch.tensor([1., 1.]))
    """
    _check_tensor(x, "linalg_vecdot", "x")
    _check_tensor(y, "linalg_vecdot", "y")
    if x.dtype != y.dtype:
        raise RuntimeError(f"linalg.vecdot: Expected x and y to have the same dtype, but found x of type "
                           f"{x.dtype._cname} and y of type {y.dtype._cname} instead")
    return (x * y).sum(dim)


@_la
def matrix_rank(A, tol=_NO_TOL, hermitian=False, *, atol=None, rtol=None, out=None):
    """linalg.matrix_rank(A, *, atol=None, rtol=None, hermitian=False, out=None) -> Tensor

    The numerical rank: the number of singular values above
    ``max(atol, rtol * max(S))`` (``rtol`` defaults to ``eps * max(m, n)``), int64.
    ``linalg.matrix_rank(A, tol, hermitian=False)`` (torch's NumPy-style
    overload) is ``atol=tol, rtol=0``.

    >>> torch.linalg.matrix_rank(torch.tensor([[1., 2.], [2., 4.]]))
    """
    # (torch's matrix_rank checks the rank, then svdvals/eigvalsh the dtype)
    _check_tensor(A, "linalg_matrix_rank", "input")
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if tol is _NO_TOL and rtol is None and A.dtype not in (_D.float32, _D.float64):
        # (no tol given: the default rtol is the dtype's eps, torch's _get_epsilon)
        raise RuntimeError("This function doesn't handle types other than float and double")
    if hermitian:       # eigvalsh's checks
        if A.shape[-1] != A.shape[-2]:
            raise RuntimeError(f"linalg.eigh: A must be batches of square matrices, but they are "
                               f"{A.shape[-2]} by {A.shape[-1]} matrices")
        if not A.dtype.is_floating_point or A.dtype is _D.float16:
            raise NotImplementedError(f"\"linalg_eigh_cpu\" not implemented for '{A.dtype._cname}'")
    elif A.dtype is _D.float16:
        raise NotImplementedError("\"linalg_svd_cpu\" not implemented for 'Half'")
    else:
        _float_check("svd", A)
    if tol is not _NO_TOL:       # matrix_rank(A, tol): atol=tol, rtol=0
        atol, rtol = tol, 0.0
    atol, rtol = _tolerances("matrix_rank", A, atol, rtol)
    if _anydev(A) and not (atol.ndim or rtol.ndim or hermitian):   # NOTE [ Device backends ]
        return _dw(_xp.matrix_rank(_darr(A.detach()), float(rtol), float(atol)))
    dev = A.device
    a = _a(A.detach().cpu())
    lead = a.shape[:-2]
    if not a.size:
        s = np.zeros(lead + (0,), a.dtype)
    elif hermitian:
        s = np.abs(np.linalg.eigvalsh(a))
    else:
        s = np.linalg.svd(a, compute_uv=False)
    smax = s.max(axis=-1, keepdims=True) if s.shape[-1] else np.zeros(s.shape[:-1] + (1,), a.dtype)
    r = _w(np.asarray((s > _tolerance(s, smax, atol, rtol)).sum(axis=-1), dtype=np.int64))
    return r if dev.type == "cpu" else r.to(dev)


@_la
def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """linalg.diagonal(A, *, offset=0, dim1=-2, dim2=-1) -> Tensor

    ``torch.diagonal`` with the matrix dimensions last by default (a view).

    >>> torch.linalg.diagonal(torch.arange(4.).view(2, 2))
    """
    _check_tensor(A, "linalg_diagonal", "A")
    return A.diagonal(offset, dim1, dim2)


@_la
def matmul(input, other, *, out=None):
    """linalg.matmul(input, other, *, out=None) -> Tensor

    Alias of ``torch.matmul``.

    >>> torch.linalg.matmul(torch.eye(2), torch.ones(2))
    """
    return _O().matmul(input, other) if out is None else _O().matmul(input, other, out=out)


@_la
def vander(x, *, N=None):
    """linalg.vander(x, *, N=None) -> Tensor

    The Vandermonde matrix with increasing powers ``x**0, x**1, ..., x**(N-1)``
    along the last dimension (``x`` may be batched).

    >>> torch.linalg.vander(torch.tensor([1., 2., 3.]))
    """
    _check_tensor(x, "linalg_vander", "x")
    if x.dtype is _D.bool:
        raise RuntimeError("linalg.vander supports floating point, complex, and integer tensors, but got Bool")
    if x.dim() < 1:
        raise RuntimeError("linalg.vander: x must have at least one dimension")
    n = x.shape[-1] if N is None else N
    if n <= 1:
        if n < 1:
            raise RuntimeError("N must be greater than 1.")
        from cyautograd import ones
        return ones(tuple(x.shape) + (1,), dtype=x.dtype, device=x.device)
    O = _O()
    dt = _D.promote_types(x.dtype, _D.int64) if not x.dtype.is_floating_point else x.dtype
    from cyautograd import ones
    rest = O.cumprod(x.unsqueeze(-1).expand(tuple(x.shape) + (n - 1,)), -1)
    return O.cat([ones(tuple(x.shape) + (1,), dtype=dt, device=x.device), rest.to(dt) if rest.dtype != dt else rest], -1)


def _trsm(a, b, upper, left, unit):
    """X with tri(a) X = b (left) or X tri(a) = b, batches broadcast: BLAS
    trsm on each matrix, the routine torch's CPU kernel calls. It is plain
    substitution and never checks the diagonal: a singular triangle gives
    inf and nan, as torch's, where a general solver would raise."""
    from scipy.linalg.blas import get_blas_funcs
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.empty(b.shape, np.result_type(a.dtype, b.dtype))
    if out.size == 0:
        return out
    trsm = get_blas_funcs("trsm", (a[(0,) * len(batch)], out))
    with np.errstate(all="ignore"):
        for i in np.ndindex(*batch):
            out[i] = trsm(1.0, a[i], b[i], side=0 if left else 1, lower=0 if upper else 1,
                          diag=1 if unit else 0)
    return out


@_named("LinalgSolveTriangularBackward0")
class _SolveTri(Function):
    @staticmethod
    def forward(ctx, A, B, upper, left, unitriangular):
        ctx.info = (upper, left, unitriangular)
        if _anydev(A, B):   # NOTE [ Device backends ]
            Xt = _dw(_xp.solve_triangular(_darr(A), _darr(B), upper, left, unitriangular))
            ctx.save_for_backward(A, Xt)
            return Xt
        a, b = _a(A), _a(B)
        Xt = _w(_trsm(a, b, upper, left, unitriangular).astype(a.dtype, copy=False))
        ctx.save_for_backward(A, Xt)
        ctx.info = (upper, left, unitriangular)
        return Xt

    @staticmethod
    def backward(ctx, g):
        A, X = ctx.saved_tensors
        upper, left, unit = ctx.info
        # gB = solve_triangular(A^T, g, !upper, left); gA = -gB X^T (left) or -X^T gB (right), masked to the triangle
        gB = solve_triangular(_mT(A), g, upper=not upper, left=left, unitriangular=unit)
        gA = None
        if ctx.needs_input_grad[0]:
            gA = -gB.matmul(_mT(X)) if left else -_mT(X).matmul(gB)
            gA = gA.triu(1 if unit else 0) if upper else gA.tril(-1 if unit else 0)
        return gA, gB if ctx.needs_input_grad[1] else None, None, None, None


@_la
def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    """linalg.solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None) -> Tensor

    Solves ``A X = B`` (``X A = B`` with ``left=False``) for a triangular ``A``
    (its upper or lower triangle; a unit diagonal assumed with ``unitriangular``).

    >>> torch.linalg.solve_triangular(torch.tensor([[2., 1.], [0., 4.]]), torch.tensor([[3.], [4.]]), upper=True)
    """
    _check_tensor(A, "linalg_solve_triangular", "A")
    _check_tensor(B, "linalg_solve_triangular", "B")
    _matrix_check("solve_triangular", A, square=True, floats=False)
    if B.dim() < 2:
        raise RuntimeError("linalg.solve_triangular: The input tensor B must have at least 2 dimensions.")
    n = A.shape[-1]
    if (left and B.shape[-2] != n) or (not left and B.shape[-1] != n):
        raise RuntimeError(f"linalg.solve_triangular: Incompatible shapes of A and B for the equation "
                           f"{'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                           f"{B.shape[-2]}x{B.shape[-1]})")
    if not A.dtype.is_floating_point or A.dtype is _D.float16:    # the CPU kernel's dispatch, after the checks
        raise NotImplementedError(f"\"triangular_solve_cpu\" not implemented for '{A.dtype._cname}'")
    if out is not None:     # (out= was dropped: out stayed as it was)
        return _write("linalg_solve_triangular", _SolveTri.apply(A.detach(), B.detach(), bool(upper), bool(left),
                                                                 bool(unitriangular)), out, A, B)
    return _SolveTri.apply(A, B, bool(upper), bool(left), bool(unitriangular))


@_la
def cond(A, p=None, *, out=None):
    """linalg.cond(A, p=None, *, out=None) -> Tensor

    The condition number of ``A`` in the norm ``p`` (default 2: the ratio of the
    largest to the smallest singular value; others: ``norm(A, p) * norm(inv(A), p)``).

    >>> torch.linalg.cond(torch.tensor([[1., 0.], [0., 4.]]))
    """
    from cyautograd import linalg
    # NOTE [ linalg.cond's order of checks ]
    # torch's two overloads check in different orders. A number p (None is
    # 2): the rank, then p in {+-1, +-2, +-inf}, then an empty input answers
    # zeros of the batch shape, then +-2 goes through svdvals (any shape)
    # and +-1/+-inf need square matrices ("ord=1", "ord=1.000000" for a
    # float, "ord=inf"). A string p: square matrices first (the rank check
    # inside it words itself "linalg.cond(ord=fro)"), then p in {fro, nuc},
    # then the empty answer. Off the 2-norm, a singular matrix's inverse is
    # inf (inv_ex, its info masking the inverse in place) rather than an error.
    _check_tensor(A, "linalg_cond", "A")
    if isinstance(p, str):
        where = f"linalg.cond(ord={p})"
        if A.dim() < 2:
            raise RuntimeError(f"{where}: The input tensor A must have at least 2 dimensions.")
        if A.shape[-1] != A.shape[-2]:
            raise RuntimeError(f"{where}: A must be batches of square matrices, but they are "
                               f"{A.shape[-2]} by {A.shape[-1]} matrices")
        if p not in ("fro", "nuc"):
            raise RuntimeError(f"linalg.cond got an invalid norm type: {p}")
        if A.numel() == 0:
            return _cond_empty(A)
        return _cond_by_inverse(A, p)
    if A.dim() < 2:
        raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
    if p is None:
        p = 2
    pv = float(p)
    if _b.abs(pv) not in (1.0, 2.0, math.inf):
        raise RuntimeError(f"linalg.cond got an invalid norm type: {_cond_ord(p)}")
    if A.numel() == 0:
        return _cond_empty(A)
    if _b.abs(pv) == 2.0:
        s = linalg.svdvals(A)
        r = s.narrow(-1, 0, 1) / s.narrow(-1, s.shape[-1] - 1, 1) if pv != -2 else \
            s.narrow(-1, s.shape[-1] - 1, 1) / s.narrow(-1, 0, 1)
        return r.squeeze(-1)
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.cond(ord={_cond_ord(p, True)}): A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")
    return _cond_by_inverse(A, p)


def _cond_ord(p, fixed=False):
    """p as torch's messages print a Scalar: an int (a bool is one) plainly;
    a float as C++ streams it (%g), or with `fixed` as std::to_string does
    (six decimals; +-inf as inf)."""
    if isinstance(p, Tensor):
        p = p.item()
    if isinstance(p, (bool, int, np.integer, np.bool_)):
        return str(int(p))
    v = float(p)
    if math.isinf(v) or math.isnan(v) or not fixed:
        return f"{v:g}"
    return f"{v:.6f}"


def _cond_empty(A):
    from cyautograd import zeros
    dt = A.dtype
    return zeros(tuple(A.shape[:-2]), dtype=dt, device=A.device)


def _cond_by_inverse(A, p):
    from cyautograd import linalg, eye
    if p == "nuc":     # (torch's nuclear norm meets the dtype check first, in the SVD)
        _float_check("svd", A)
    a = A.detach().cpu().numpy()
    if a.dtype.kind == "f":
        flat = a.reshape((-1,) + a.shape[-2:])
        sing = np.array([np.linalg.matrix_rank(m) < m.shape[-1] if np.isfinite(m).all() else False
                         for m in flat], dtype=bool).reshape(a.shape[:-2])
    else:
        sing = np.zeros(a.shape[:-2], dtype=bool)
    if sing.any():
        # a singular matrix's inverse is inf (torch: inv_ex's info masks it):
        # the inverse of the others, an identity standing in for it
        m = _w(sing).to(A.device).unsqueeze(-1).unsqueeze(-1)
        inverse, info = linalg.inv_ex(A.masked_fill(m, 0) + eye(A.shape[-1], dtype=A.dtype, device=A.device) * m)
        info = info + m.squeeze(-1).squeeze(-1).to(info.dtype)
    else:
        inverse, info = linalg.inv_ex(A)
    inverse.masked_fill_(info.unsqueeze(-1).unsqueeze(-1) > 0, math.inf)
    return linalg.matrix_norm(A, p) * linalg.matrix_norm(inverse, p)


# -- cholesky_solve, cholesky_inverse, solve_ex, lstsq ---------------------------------------

def _chol_A(L, upper):
    return _mT(L).matmul(L) if upper else L.matmul(_mT(L))


@_named("CholeskySolveBackward0")
class _CholeskySolve(Function):
    @staticmethod
    def forward(ctx, B, L, upper):
        if _anydev(B, L):   # NOTE [ Device backends ]
            Xt = _dw(_xp.cholesky_solve(_darr(B), _darr(L), upper))
            ctx.save_for_backward(B, L)
            ctx.upper = upper
            ctx.X = Xt.detach()
            return Xt
        b, l = _a(B), _a(L)
        lt = np.triu(l) if upper else np.tril(l)
        A = np.swapaxes(lt, -1, -2) @ lt if upper else lt @ np.swapaxes(lt, -1, -2)
        with np.errstate(all="ignore"):
            X = np.linalg.solve(A, b) if A.shape[-1] else b.copy()
        Xt = _w(X.astype(b.dtype))
        ctx.save_for_backward(B, L)
        ctx.upper = upper
        ctx.X = Xt.detach()
        return Xt

    @staticmethod
    def backward(ctx, g):
        from cyautograd.grad_mode import is_grad_enabled
        B, L = ctx.saved_tensors
        upper = ctx.upper
        X = _CholeskySolve.apply(B, L, upper) if is_grad_enabled() else ctx.X
        c = cholesky_solve(g, L, upper)
        gB = c if ctx.needs_input_grad[0] else None
        gL = None
        if ctx.needs_input_grad[1]:
            ct = c.matmul(_mT(X))
            ct = ct + _mT(ct)
            gL = -L.matmul(ct) if upper else -ct.matmul(L)
        return gB, gL, None


@_top
def cholesky_solve(input, input2, upper=False, *, out=None):
    """cholesky_solve(input, input2, upper=False, *, out=None) -> Tensor

    Solves ``A X = input`` given the Cholesky factor ``input2`` of ``A`` (lower,
    ``A = L @ L.mT``; upper with ``upper=True``). Also a Tensor method.

    >>> L = torch.linalg.cholesky(torch.tensor([[4., 2.], [2., 3.]]))
    >>> torch.cholesky_solve(torch.tensor([[1.], [2.]]), L)
    """
    _check_tensor(input, "cholesky_solve")
    _check_tensor(input2, "cholesky_solve", "input2", 2)
    if input.dim() < 2:
        raise RuntimeError(f"b should have at least 2 dimensions, but has {input.dim()} dimensions instead")
    if input2.dim() < 2:
        raise RuntimeError(f"u should have at least 2 dimensions, but has {input2.dim()} dimensions instead")
    if input.dtype != input2.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type {input.dtype._cname} "
                           f"and A of type {input2.dtype._cname} instead.")
    _float_check("cholesky_solve", input2)
    if input2.shape[-1] != input2.shape[-2]:
        raise RuntimeError(f"A must be batches of square matrices, but they are {input2.shape[-2]} by "
                           f"{input2.shape[-1]} matrices")
    if input.shape[-2] != input2.shape[-1]:
        raise RuntimeError(f"Incompatible matrix sizes for cholesky_solve: each A matrix is "
                           f"{input2.shape[-1]} by {input2.shape[-1]} but each b matrix is {input.shape[-2]} by "
                           f"{input.shape[-1]}")
    r = _CholeskySolve.apply(input, input2, bool(upper))
    return r if out is None else _write("cholesky_solve", r.detach(), out, input, input2)


@_named("CholeskyInverseBackward0")
class _CholeskyInverse(Function):
    @staticmethod
    def forward(ctx, L, upper):
        if _anydev(L):   # NOTE [ Device backends ]
            r = _dw(_xp.cholesky_inverse(_darr(L), upper))
            ctx.save_for_backward(L)
            ctx.upper = upper
            ctx.inv = r.detach()
            return r
        l = _a(L)
        lt = np.triu(l) if upper else np.tril(l)
        A = np.swapaxes(lt, -1, -2) @ lt if upper else lt @ np.swapaxes(lt, -1, -2)
        with np.errstate(all="ignore"):
            inv = np.linalg.inv(A) if A.shape[-1] else A.copy()
        r = _w(inv.astype(l.dtype))
        ctx.save_for_backward(L)
        ctx.upper = upper
        ctx.inv = r.detach()
        return r

    @staticmethod
    def backward(ctx, g):
        from cyautograd.grad_mode import is_grad_enabled
        L, = ctx.saved_tensors
        inv = _CholeskyInverse.apply(L, ctx.upper) if is_grad_enabled() else ctx.inv
        ct = g + _mT(g)
        ct = inv.matmul(ct.matmul(inv))
        return (-L.matmul(ct) if ctx.upper else -ct.matmul(L)), None

    @staticmethod
    def _jvp(args, out, tans):
        # torch's cholesky_inverse_jvp: K + K^T, K = -X dC X C^T... on the
        # factor as given (C = F^T lower, F upper)
        F, upper = args
        dF = tans[0]
        CF = F if upper else _mT(F)
        dCF = _mT(dF) if upper else dF
        p = -out.matmul(dCF).matmul(out).matmul(CF)
        return p + _mT(p)


@_top
def cholesky_inverse(input, upper=False, *, out=None):
    """cholesky_inverse(input, upper=False, *, out=None) -> Tensor

    The inverse of ``A`` from its Cholesky factor ``input`` (lower, ``A = L @
    L.mT``; upper with ``upper=True``). Also a Tensor method.

    >>> L = torch.linalg.cholesky(torch.tensor([[4., 2.], [2., 3.]]))
    >>> torch.cholesky_inverse(L)
    """
    _check_tensor(input, "cholesky_inverse")
    if input.dim() < 2:
        raise RuntimeError(f"cholesky_inverse: The input tensor input must have at least 2 dimensions.")
    _float_check("cholesky_inverse", input)
    if input.shape[-1] != input.shape[-2]:
        raise RuntimeError(f"cholesky_inverse: A must be batches of square matrices, but they are "
                           f"{input.shape[-2]} by {input.shape[-1]} matrices")
    r = _CholeskyInverse.apply(input, bool(upper))
    return r if out is None else _write("cholesky_inverse", r.detach(), out, input)


@_la
def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    """linalg.solve_ex(A, B, *, left=True, check_errors=False, out=None) -> (Tensor result, Tensor info)

    ``linalg.solve`` that also returns ``info`` (int32 zeros: a singular ``A``
    raises here whatever ``check_errors`` says, as the LU pivot check does in
    ``linalg.solve``).

    >>> torch.linalg.solve_ex(torch.tensor([[2., 0.], [0., 4.]]), torch.tensor([2., 4.])).result
    """
    from cyautograd import linalg
    r = linalg.solve(A, B, left=left)
    info = _info(A, 0)
    return _return_type("linalg_solve_ex", ["result", "info"])(r, info)


@_named("LinalgLstsqBackward0")
class _Lstsq(Function):
    @staticmethod
    def forward(ctx, A, B, rcond):
        if _anydev(A, B):   # NOTE [ Device backends ]
            ctx.save_for_backward(A, B)
            ctx.rcond = rcond
            P = pinv(A.detach(), rtol=rcond) if rcond is not None else pinv(A.detach())
            return _composite(lambda p, b: p.matmul(b), P, B)
        a, b = _a(A), _a(B)
        P = _a(pinv(A.detach(), rtol=rcond) if rcond is not None else pinv(A.detach()))
        X = P @ b
        ctx.save_for_backward(A, B)
        ctx.rcond = rcond
        return _w(X.astype(a.dtype))

    @staticmethod
    def backward(ctx, g):
        A, B = ctx.saved_tensors
        P = pinv(A)
        gA = gB = None
        if ctx.needs_input_grad[0]:
            gA = _pinv_backward(g.matmul(_mT(B)), P, A)
        if ctx.needs_input_grad[1]:
            gB = _mT(P).matmul(g)
        return gA, gB, None


@_la
def lstsq(A, B, rcond=None, *, driver=None):
    """linalg.lstsq(A, B, rcond=None, *, driver=None) -> (solution, residuals, rank, singular_values)

    The least-squares solution of ``A X = B`` (minimum norm), through the
    pseudo-inverse; as torch's default CPU driver ('gelsy') ``residuals`` and
    ``singular_values`` are empty and ``rank`` is computed.

    >>> torch.linalg.lstsq(torch.tensor([[1., 0.], [1., 1.], [1., 2.]]), torch.tensor([[1.], [2.], [2.]])).solution
    """
    _matrix_check("lstsq", A, arg="A")
    _check_tensor(B, "linalg_lstsq", "B")
    if B.dim() < 1:
        raise RuntimeError("torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() and "
                           "(input.dim() - other.dim()) <= 1")
    if A.dtype != B.dtype:
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
                           f"input's dtype {A.dtype} and other's dtype {B.dtype}")
    vec = B.dim() == A.dim() - 1
    Bm = B.unsqueeze(-1) if vec else B
    if Bm.shape[-2] != A.shape[-2]:
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    X = _Lstsq.apply(A, Bm, rcond)
    if vec:
        X = X.squeeze(-1)
    rank = matrix_rank(A.detach())
    from cyautograd import zeros
    return _return_type("linalg_lstsq", ["solution", "residuals", "rank", "singular_values"])(
        X, zeros(0, dtype=A.dtype, device=A.device), rank, zeros(0, dtype=A.dtype, device=A.device))


# torch.* forms of the linalg functions
slogdet_top = _top(_slogdet_top)
svd_top = _top(_svd_top)
cholesky_top = _top(_cholesky_top)
qr_top = _top(_qr_top)
matrix_power_top = _top(_matrix_power_top)
matrix_exp_top = _top(_matrix_exp_top)

TOP = {"addmv": addmv, "addr": addr, "baddbmm": baddbmm, "addbmm": addbmm, "logdet": logdet,
       "pinverse": pinverse, "chain_matmul": chain_matmul, "slogdet": _slogdet_top, "svd": _svd_top,
       "cholesky": _cholesky_top, "qr": _qr_top, "matrix_power": _matrix_power_top,
       "matrix_exp": _matrix_exp_top, "cholesky_solve": cholesky_solve, "cholesky_inverse": cholesky_inverse}
LINALG_FUNCS = {n: globals()[n] for n in LINALG}
LINALG_FUNCS["LinAlgError"] = LinAlgError
