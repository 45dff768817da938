"""cyautograd.linalg: torch.linalg's everyday functions (norm, vector_norm,
matrix_norm, inv, det, solve, cross, svdvals), with torch's node names
(LinalgVectorNormBackward0, LinalgInvExBackward0, LinalgDetBackward0,
LinalgSolveExBackward0). See NOTE [ Extra ops are custom Functions ] in
ops/extra.py: numpy forward on plain arrays, differentiable backward."""
import math

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.function import Function
from cyautograd.grad_mode import is_grad_enabled
from cyautograd.ops.extra import (_a, _check_tensor, _named, _reduce_dims, _w, _write_out,
                                  cross as _cross)
from cyautograd.tensor import Tensor
from cyautograd.ops import _xp
from cyautograd.ops.extra import _anydev, _darr, _dw

__all__ = ["norm", "vector_norm", "matrix_norm", "inv", "inv_ex", "det", "solve", "cross", "svdvals"]


def _dev_linalg(name, A, fn):
    """fn(xp, a) of A's device array through the namespace's linalg
    extension; a singular matrix raises torch's words (the standard leaves a
    failed factorisation to the library: an error, or non-finite values)."""
    a = _darr(A)
    xp = _xp.backend.namespace(a)
    try:
        r = fn(xp, a)
    except Exception as e:  # noqa: BLE001 - the namespace's own LinAlgError
        if "singular" not in str(e).lower():
            raise
        r = None
    if r is None or (name != "det" and not bool(xp.all(xp.isfinite(r)))):
        if name == "solve":
            raise RuntimeError("linalg.solve: The solver failed because the input matrix is singular.")
        raise RuntimeError(f"linalg.{name}: The diagonal element {A.shape[-1]} is zero, the inversion could not "
                           "be completed because the input matrix is singular.")
    return r


def _float_check(name, A):
    if not A.dtype.is_floating_point:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as input. "
                           f"Got {A.dtype._cname}")


@_named("LinalgVectorNormBackward0", saved=("self", "result"), attrs={
    "ord": lambda n: n.info[0], "dim": lambda n: None if n.info[1] is None else tuple(n.info[1]),
    "keepdim": lambda n: bool(n.info[2])})
class _VectorNorm(Function):
    @staticmethod
    def forward(ctx, x, ord, dims, keepdim):
        if _anydev(x):   # NOTE [ Device backends ]: the linalg extension's vector_norm
            xp = _xp.backend.namespace(_darr(x))
            res = _dw(_xp.cast(xp.linalg.vector_norm(_darr(x), axis=dims, keepdims=keepdim, ord=ord), x.dtype.np))
            ctx.save_for_backward(x, res)
            ctx.info = (ord, dims, keepdim)
            return res
        a = _a(x)
        ax = dims
        with np.errstate(all="ignore"):
            aa = np.abs(a)
            if ord == math.inf:
                r = aa.max(axis=ax, keepdims=keepdim, initial=0) if a.size == 0 else aa.max(axis=ax, keepdims=keepdim)
            elif ord == -math.inf:
                r = aa.min(axis=ax, keepdims=keepdim)
            elif ord == 0:
                r = (a != 0).sum(axis=ax, keepdims=keepdim).astype(a.dtype)
            elif ord == 1:
                r = aa.sum(axis=ax, keepdims=keepdim)
            elif ord == 2:
                acc = np.float64 if a.dtype == np.float32 else a.dtype
                r = np.sqrt((aa.astype(acc) ** 2).sum(axis=ax, keepdims=keepdim))
            else:
                acc = np.float64 if a.dtype == np.float32 else a.dtype
                r = (aa.astype(acc) ** ord).sum(axis=ax, keepdims=keepdim) ** (1.0 / ord)
        res = _w(r, a.dtype)
        # the result is saved as an output (as torch's vector_norm saves it),
        # not stashed detached: a backward with create_graph (double backward,
        # forward-over-reverse) differentiates through it
        ctx.save_for_backward(x, res)
        ctx.info = (ord, dims, keepdim)
        return res

    @staticmethod
    def backward(ctx, g):
        x, r = ctx.saved_tensors
        ord, dims, keepdim = ctx.info
        if ord != 0 and not _anydev(x):
            # torch's norm_backward op for op: its graph under create_graph,
            # and its operand order, so its gradient's layout (self.sgn() *
            # grad follows a permuted self; grad * self.sgn() did not)
            from cyautograd.ops.reduction import _norm_backward_tensor
            return _norm_backward_tensor(g, x, r, ord, dims, keepdim), None, None, None
        if not keepdim:
            if dims is None:
                g = g.reshape((1,) * x.dim())
                r = r.reshape((1,) * x.dim())
            else:
                for d in sorted(dims):
                    g = g.unsqueeze(d)
                    r = r.unsqueeze(d)
        if ord == 0:
            return None, None, None, None
        if ord == 1:
            return g * x.sign(), None, None, None
        if ord in (math.inf, -math.inf):
            hit = (x.abs() == r).to(x.dtype)
            cnt = hit.sum(dim=dims, keepdim=True) if dims is not None else hit.sum().reshape((1,) * x.dim())
            return g * x.sign() * hit / cnt, None, None, None
        safe = r.masked_fill(r == 0, 1)
        if ord == 2:
            return (g * x / safe).masked_fill(r == 0, 0), None, None, None
        w = x.sign() * x.abs().pow(ord - 1) / safe.pow(ord - 1)
        return (g * w).masked_fill(r == 0, 0), None, None, None


def _norm_dtype_check(name, dtype, self_dtype):
    """torch's check_linalg_norm_dtype."""
    if not (dtype.is_floating_point or dtype.is_complex):
        raise RuntimeError(f"linalg.{name}: dtype should be floating point or complex, but got {dtype._cname}")
    if _D.promote_types(self_dtype, dtype) is not dtype:
        raise RuntimeError(f"linalg.{name}: the dtype of the input ({self_dtype._cname}) should be convertible "
                           f"without narrowing to the specified dtype ({dtype._cname})")


def _torch_norm(input, p="fro", dim=None, keepdim=False, dtype=None, out=None):
    """torch.norm's dispatch (torch/functional.py) for the forms the vector
    norm kernel (ops/reduction.pyx's norm) does not take: 'fro' over at most
    two dims and every number are vector_norm ('fro' as 2), any other string
    (or 'fro' over more dims) is matrix_norm over `dim` (all dims when None),
    whose checks then word the errors ('nuc' of a 1-d input, a 3-d input)."""
    _dim = None if dim is None else ([dim] if isinstance(dim, int) else dim)
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, int) or len(dim) <= 2):
            return vector_norm(input, 2, _dim, keepdim, dtype=dtype, out=out)
        if _dim is None:
            _dim = list(range(input.dim()))
        return matrix_norm(input, p, _dim, keepdim, dtype=dtype, out=out)
    return vector_norm(input, 2.0 if p is None else p, _dim, keepdim, dtype=dtype, out=out)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    _check_tensor(x, "linalg_vector_norm", "input")
    if not x.dtype.is_floating_point:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. "
                           f"Got {x.dtype._cname}")
    if dtype is not None:
        _norm_dtype_check("vector_norm", dtype, x.dtype)
        x = x.to(dtype)
    if out is not None:
        return _write_out("linalg_vector_norm", vector_norm(x.detach(), ord, dim, keepdim), out, x)
    dims = _reduce_dims(dim, x.dim())
    if ord < 0 and x.numel() == 0 or (ord == math.inf and x.numel() == 0 and dims is None):
        raise RuntimeError(f"linalg.vector_norm cannot compute the {ord} norm on an empty tensor because "
                           f"the operation does not have an identity")
    return _VectorNorm.apply(x, float(ord), dims, bool(keepdim))


@_named("LinalgSvdBackward0")
class _Svdvals(Function):
    @staticmethod
    def forward(ctx, A):
        if _anydev(A):   # NOTE [ Device backends ]
            xp = _xp.backend.namespace(_darr(A))
            U, S, Vh = xp.linalg.svd(_darr(A), full_matrices=False)
            ctx.uv = (_dw(U), _dw(Vh))
            return _dw(S)
        U, S, Vh = np.linalg.svd(_a(A), full_matrices=False)
        ctx.uv = (U, Vh)
        return _w(S, _a(A).dtype)

    @staticmethod
    def backward(ctx, g):
        U, Vh = ctx.uv
        u, vh = (U, Vh) if isinstance(U, Tensor) else (_w(U), _w(Vh))
        return (u * g.unsqueeze(-2)).matmul(vh)


def svdvals(A, *, driver=None, out=None):
    _check_tensor(A, "linalg_svdvals", "A")
    if A.dim() < 2:
        raise RuntimeError(f"linalg.svd: The input tensor A must have at least 2 dimensions.")
    if A.dtype is _D.float16:
        raise NotImplementedError("\"linalg_svd_cpu\" not implemented for 'Half'")
    _float_check("svd", A)
    if _may_need_grad(A):
        # as torch's svdvals (_linalg_svd with compute_uv when A may need a
        # gradient): S of the full decomposition, whose node keeps U and Vh as
        # outputs, so that its gradient is differentiable again (double
        # backward, forward-over-reverse) and forward AD has svd's formula.
        # _Svdvals' backward reads U and Vh as constants: first order only.
        from cyautograd.ops.linalg2 import svd
        return svd(A, full_matrices=False)[1]
    return _Svdvals.apply(A)


def _may_need_grad(A):
    from cyautograd.grad_mode import is_grad_enabled
    if A.requires_grad and is_grad_enabled():
        return True
    from cyautograd.autograd import forward_ad
    return forward_ad._current_level >= 0


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    _check_tensor(A, "linalg_matrix_norm", "input")
    # torch's order: a string ord first, then A, then dim (a 2-tuple, wrapped,
    # two different dims)
    if isinstance(ord, str) and ord not in ("fro", "nuc"):
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    if A.dim() < 2:
        raise RuntimeError(f"linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    _float_check("matrix_norm", A)
    dim = [dim] if isinstance(dim, int) else list(dim)
    if len(dim) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join([str(d) for d in dim]))
    n = A.dim()
    for d in dim:
        if not -n <= d < n:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
    d0, d1 = [(d + n) % n for d in dim]
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({d0}, {d1})")
    if dtype is not None:
        _norm_dtype_check("matrix_norm", dtype, A.dtype)
        A = A.to(dtype)
    if out is not None:
        return _write_out("linalg_matrix_norm", matrix_norm(A.detach(), ord, (d0, d1), keepdim), out, A)
    if ord == "fro":
        return vector_norm(A, 2, (d0, d1), keepdim)
    if ord in ("nuc", 2, -2):
        B = A.movedim((d0, d1), (-2, -1))
        s = svdvals(B)
        r = s.sum(-1) if ord == "nuc" else (s.amax(-1) if ord == 2 else s.amin(-1))
        if keepdim:
            r = r.unsqueeze(-1).unsqueeze(-1).movedim((-2, -1), (d0, d1)) if True else r
        return r
    if ord in (1, -1, math.inf, -math.inf):
        sum_dim, max_dim = (d0, d1) if ord in (1, -1) else (d1, d0)
        s = A.abs().sum(dim=sum_dim, keepdim=keepdim)
        if not keepdim and max_dim > sum_dim:
            max_dim -= 1
        return s.amax(dim=max_dim, keepdim=keepdim) if ord > 0 else s.amin(dim=max_dim, keepdim=keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    _check_tensor(A, "linalg_norm", "input")
    if out is not None:      # (linalg.norm's own out= dtype words: NOTE [ out= dtype checks of the linalg functions ])
        from cyautograd._out import check_out
        check_out("linalg_norm", out, (A,))
        return _write_out("linalg_norm", _norm(A.detach(), ord, dim, keepdim, dtype), out, A)
    return _norm(A, ord, dim, keepdim, dtype)


def _norm(A, ord, dim, keepdim, dtype, out=None):
    if isinstance(ord, str):
        if dim is None and A.dim() != 2:
            raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                               f"Got {A.dim()}D.")
        return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype, out=out)
    if ord is None:
        return vector_norm(A, 2, dim, keepdim, dtype=dtype, out=out)
    if dim is None:
        if A.dim() == 2:
            return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype, out=out)
        if A.dim() != 1:
            raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                               f"Got {A.dim()}D.")
    if isinstance(dim, (tuple, list)) and len(dim) == 2:
        return matrix_norm(A, ord, dim, keepdim, dtype=dtype, out=out)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype, out=out)


def _square_check(name, A):
    if A.dim() < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")


def _singular_pivot(a):
    """The 1-based index of the first zero pivot of an LU factorisation, as torch reports it."""
    try:
        from scipy.linalg import lu_factor
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            lu, _ = lu_factor(a, check_finite=False)
        z = np.nonzero(np.diag(lu) == 0)[0]
        return int(z[0]) + 1 if z.size else a.shape[-1]
    except Exception:  # noqa: BLE001 - scipy is optional
        return a.shape[-1]


@_named("LinalgInvExBackward0", saved=("inverse",))
class _Inv(Function):
    @staticmethod
    def forward(ctx, A):
        if _anydev(A):   # NOTE [ Device backends ]
            res = _dw(_dev_linalg("inv", A, lambda xp, a: xp.linalg.inv(a)))
            ctx.save_for_backward(res)
            return res
        a = _a(A)
        try:
            r = np.linalg.inv(a)
        except np.linalg.LinAlgError:
            flat = a.reshape((-1,) + a.shape[-2:])
            for k, m in enumerate(flat):
                try:
                    np.linalg.inv(m)
                except np.linalg.LinAlgError:
                    where = f"(Batch element {k}): " if a.ndim > 2 else ""
                    from cyautograd.ops.linalg2 import LinAlgError
                    raise LinAlgError(f"linalg.inv: {where}The diagonal element {_singular_pivot(m)} is zero, "
                                       f"the inversion could not be completed because the input matrix is "
                                       f"singular.") from None
            raise
        res = _w(r, a.dtype)
        ctx.save_for_backward(res)   # an output: differentiable in a double backward
        return res

    @staticmethod
    def backward(ctx, g):
        iT = ctx.saved_tensors[0].transpose(-2, -1)
        return -iT.matmul(g).matmul(iT)


def inv(A, *, out=None):
    _check_tensor(A, "linalg_inv", "A")
    _square_check("inv", A)
    _float_check("inv", A)
    if out is not None:
        return _write_out("linalg_inv", inv(A.detach()), out, A)
    return _Inv.apply(A)


def inv_ex(A, *, check_errors=False, out=None):
    from cyautograd.return_types import linalg_inv_ex
    from cyautograd.creation import zeros
    return linalg_inv_ex(inv(A), zeros(tuple(A.shape[:-2]), dtype=_D.int32, device=A.device))


@_named("LinalgDetBackward0", saved=("A", "result"))
class _Det(Function):
    @staticmethod
    def forward(ctx, A):
        if _anydev(A):   # NOTE [ Device backends ]
            res = _dw(_dev_linalg("det", A, lambda xp, a: xp.linalg.det(a)))
            ctx.save_for_backward(A, res)
            return res
        a = _a(A)
        r = np.linalg.det(a)
        res = _w(r, a.dtype)
        ctx.save_for_backward(A, res)   # the result as an output: differentiable in a double backward
        return res

    @staticmethod
    def backward(ctx, g):
        A, d = ctx.saved_tensors
        if _anydev(A):   # NOTE [ Device backends ]
            if bool((d.detach() != 0).all()):
                return (g * d).unsqueeze(-1).unsqueeze(-1) * _Inv.apply(A).transpose(-2, -1)
            raise RuntimeError("linalg.det: the gradient at a singular matrix of a device tensor is not "
                               "routed through the device namespace yet (cyautograd issue 14)")
        a = _a(A)
        try:
            np.linalg.inv(a)
        except np.linalg.LinAlgError:
            # singular: the adjugate through the SVD (A = U S Vh, adj(A)^T = U diag(prod_{j!=i} s_j) Vh * det(U Vh))
            U, S, Vh = np.linalg.svd(a)
            n = S.shape[-1]
            prods = np.stack([np.prod(np.delete(S, i, axis=-1), axis=-1) for i in range(n)], -1)
            sign = np.linalg.det(U) * np.linalg.det(Vh)
            adjT = (U * prods[..., None, :]) @ Vh * sign[..., None, None]
            return g.unsqueeze(-1).unsqueeze(-1) * _w(adjT, a.dtype)
        # invertible: g * det * A^-T with differentiable ops (double backward works through it)
        return (g * d).unsqueeze(-1).unsqueeze(-1) * _Inv.apply(A).transpose(-2, -1)


def det(A, *, out=None):
    _check_tensor(A, "linalg_det", "A")
    _square_check("det", A)
    _float_check("det", A)
    if out is not None:
        return _write_out("linalg_det", det(A.detach()), out, A)
    return _Det.apply(A)


@_named("LinalgSolveExBackward0")
class _Solve(Function):
    @staticmethod
    def forward(ctx, A, B, vec):
        if _anydev(A, B):   # NOTE [ Device backends ]
            _xp.same_device(_darr(A), _darr(B))
            xb = _darr(B)
            xp = _xp.backend.namespace(xb)

            def f(xp, a):
                x = xp.linalg.solve(a, xp.expand_dims(xb, axis=-1) if vec else xb)
                return x[..., 0] if vec else x
            res = _dw(_dev_linalg("solve", A, f))
            ctx.save_for_backward(A, res)
            ctx.vec = vec
            return res
        a, b = _a(A), _a(B)
        try:
            x = np.linalg.solve(a, b[..., None] if vec else b)
        except np.linalg.LinAlgError:
            from cyautograd.ops.linalg2 import LinAlgError
            raise LinAlgError("linalg.solve: The solver failed because the input matrix is singular.") from None
        if vec:
            x = x[..., 0]
        res = _w(x, np.result_type(a, b))
        ctx.save_for_backward(A, res)   # the solution as an output: differentiable in a double backward
        ctx.vec = vec
        return res

    @staticmethod
    def backward(ctx, g):
        A, X = ctx.saved_tensors
        vec = ctx.vec
        gB = _Solve.apply(A.transpose(-2, -1), g, vec)
        if vec:
            gA = -(gB.unsqueeze(-1) * X.unsqueeze(-2))
        else:
            gA = -gB.matmul(X.transpose(-2, -1))
        n = ctx.needs_input_grad
        return gA if n[0] else None, gB if n[1] else None, None


def solve(A, B, *, left=True, out=None):
    _check_tensor(A, "linalg_solve", "A")
    _check_tensor(B, "linalg_solve", "B", 2)
    _square_check("solve", A)
    if A.dtype != B.dtype:
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found A of type "
                           f"{A.dtype._cname} and B of type {B.dtype._cname} instead")
    _float_check("solve", A)
    if not left:
        return solve(A.transpose(-2, -1), B.transpose(-2, -1), out=out).transpose(-2, -1)
    vec = B.dim() == 1 or (B.dim() == A.dim() - 1 and tuple(B.shape) == tuple(A.shape[:-1]))
    n = A.shape[-1]
    if (B.shape[-1] if vec else B.shape[-2]) != n:
        b_shape = f"{B.shape[-1]}x1" if vec else f"{B.shape[-2]}x{B.shape[-1]}"
        raise RuntimeError(f"linalg.solve: Incompatible shapes of A and B for the equation AX = B "
                           f"({A.shape[-2]}x{A.shape[-1]} and {b_shape})")
    if out is not None:
        return _write_out("linalg_solve", solve(A.detach(), B.detach()), out, A, B)
    return _Solve.apply(A, B, vec)


def cross(input, other, *, dim=-1, out=None):
    return _cross(input, other, dim, out=out)


# the decompositions and matrix functions of ops/linalg2.py (svd, slogdet, pinv,
# cholesky, eigh, qr, matrix_power, matrix_exp, multi_dot, ...)
from cyautograd.ops.linalg2 import LINALG_FUNCS as _L2  # noqa: E402

globals().update(_L2)
__all__ += list(_L2)
del _L2

# the LU factorizations (ops/linalg_lu.py: lu_factor, lu_factor_ex, lu, lu_solve)
from cyautograd.ops.linalg_lu import LINALG_FUNCS as _LU  # noqa: E402

globals().update(_LU)
__all__ += list(_LU)
del _LU

# NOTE [ out= of the linalg functions ]
# These took out= and dropped it (out stayed as it was: a silent wrong answer),
# or had no out= where torch's have one (lstsq, matmul). Each now goes through
# _out.with_out (NOTE [ out= ] in _out.py): torch's out checks, the result
# computed as without out=, then written into out (resized as torch's resize_output).
from cyautograd._out import with_out as _with_out  # noqa: E402

for _n in ("cholesky", "cholesky_ex", "cond", "eigh", "eigvalsh", "inv_ex", "lu", "lu_factor", "lu_factor_ex",
           "matrix_power", "matrix_rank", "pinv", "qr", "slogdet", "solve_ex", "svd", "svdvals", "vecdot",
           "lstsq", "matmul"):
    globals()[_n] = _with_out("linalg_" + _n, globals()[_n])
del _n


def _lu_of_saved_A(node):
    # torch's det/slogdet save the LU factorization of A (LU, pivots); here it
    # is factored again from the saved A when read. torch's CPU kernel factors
    # a row-major A as the column-major matrix its memory is, A^T (the same
    # determinant), so its LU is A^T's
    from cyautograd.ops.linalg_lu import lu_factor
    A = node.saved_tensors[0].detach()
    return lu_factor(A.mT if A.is_contiguous() else A)


def _install_lu_saved():
    from cyautograd.ops._saved_attrs import set_saved
    from cyautograd.ops.linalg2 import _Slogdet
    set_saved(_Det._backward_cls, {"LU": lambda n: _lu_of_saved_A(n)[0], "pivots": lambda n: _lu_of_saved_A(n)[1]})
    set_saved(_Slogdet._backward_cls, {"LU": lambda n: _lu_of_saved_A(n)[0], "pivots": lambda n: _lu_of_saved_A(n)[1],
                                       "sign": lambda n: n.saved_tensors[0].detach().slogdet()[0]})


_install_lu_saved()
