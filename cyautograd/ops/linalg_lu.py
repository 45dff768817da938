"""LU and QR factorizations real programs use (issue 15): linalg.lu_factor,
linalg.lu_factor_ex, linalg.lu, linalg.lu_solve, torch.lu, torch.lu_unpack,
torch.lu_solve, torch.triangular_solve and torch.geqrf, each under torch's
node name.

As ops/linalg2.py: LAPACK forwards on the host arrays (scipy's getrf/geqrf,
the routines torch's CPU kernels call, so LU, pivots and the Householder
reflectors are the same numbers), backward formulas in differentiable Tensor
ops, so double backward works.

NOTE [ LU backward ]
For A = P L U (A m x n, k = min(m, n), L m x k unit lower, U k x n upper) the
square part is torch's linalg_lu_backward: with gL, gU the gradients of L
and U,
    phi = (L^H gL).tril(-1) + (gU U^H).triu()
    gA  = P L^{-H} phi U^{-H}.
A wide A = P L [U1 U2] also has U2 = L^{-1} P^T A2: gA2 = P L^{-H} gU2 and
gL gets -L^{-H} gU2 U2^H before the square step (on A1 = P L U1). A tall
A = P [L1; L2] U has L2 = A2 U^{-1} (rows of P^T A below the first n):
gA2 = gL2 U^{-H}, and gU gets -L2^H gL2 U^{-H}. The packed LU of lu_factor
carries gL = gLU.tril(-1) and gU = gLU.triu().
"""

import numpy as np

from cyautograd._warn import warn_once
from cyautograd import dtypes as _D
from cyautograd.function import Function
from cyautograd.ops.extra import _a, _check_tensor, _darr, _dev, _dw, _named, _return_type, _w
from cyautograd.tensor import Tensor

__all__ = ["lu", "lu_unpack", "lu_solve", "triangular_solve", "geqrf"]   # cyautograd.*
LINALG = ["lu_factor", "lu_factor_ex", "lu", "lu_solve"]                  # cyautograd.linalg.*
METHODS = ["lu", "lu_solve", "triangular_solve", "geqrf"]                  # Tensor.*


def _T():
    import cyautograd
    return cyautograd


def _mH(t):
    return t.transpose(-2, -1)


def _solve_tri(A, B, **kw):
    from cyautograd.ops.linalg2 import solve_triangular
    return solve_triangular(A, B, **kw)


def _cname(dt):
    return dt._cname


def _lapack(name, a):
    from scipy.linalg import lapack
    return lapack.get_lapack_funcs((name,), (a,))[0]


def _not_for(A, kernel):
    if not A.dtype.is_floating_point or A.dtype is _D.float16:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_cname(A.dtype)}'")


# ---------------------------------------------------------------- factor
def _nbatch(shape, core=2):
    """The number of matrices (vectors for core=1) in a batch of this shape;
    reshape's -1 cannot tell it when a matrix is empty."""
    n = 1
    for d in shape[:len(shape) - core]:
        n *= d
    return n


def _getrf(a):
    """(LU, 1-based int32 pivots, int32 info) of every matrix of a (..., m, n)."""
    m, n = a.shape[-2:]
    k = min(m, n)
    batch = a.shape[:-2]
    flat = a.reshape((_nbatch(a.shape), m, n))
    lus = np.empty_like(flat)
    pivs = np.empty((flat.shape[0], k), np.int32)
    infos = np.zeros(flat.shape[0], np.int32)
    if flat.shape[0] and m and n:
        getrf = _lapack("getrf", flat[0])
        for i, mat in enumerate(flat):
            lu, piv, info = getrf(mat)
            lus[i] = lu
            pivs[i] = piv[:k] + 1
            infos[i] = max(info, 0)
    elif k:
        pivs[:] = np.arange(1, k + 1, dtype=np.int32)
    return lus.reshape(a.shape), pivs.reshape(batch + (k,)), infos.reshape(batch)


def _perm_matrix(piv, m, dtype):
    """P (..., m, m) with A = P L U from LAPACK's 1-based row swaps."""
    batch = piv.shape[:-1]
    flat = piv.reshape((_nbatch(piv.shape, 1), piv.shape[-1]))
    out = np.zeros((flat.shape[0], m, m), dtype)
    for b, p in enumerate(flat):
        perm = np.arange(m)
        for i, j in enumerate(p):
            j = int(j) - 1
            if 0 <= j < m and i < m:
                perm[i], perm[j] = perm[j], perm[i]
        # rows of P^T A are A[perm]; P = the permutation matrix with P[perm[i], i] = 1
        out[b, perm, np.arange(m)] = 1
    return out.reshape(batch + (m, m))


def _perm_t(pivots, m, like):
    """P as a Tensor of like's dtype and device from 1-based pivots (a
    Tensor or an array); a device's pivots are read on the host, P made
    there and moved (NOTE [ LU on the device ] in ops/_xp.py)."""
    if isinstance(pivots, Tensor):
        pivots = pivots.detach().cpu().numpy()
    elif type(pivots) is not np.ndarray:
        from cyautograd import backend
        pivots = np.asarray(backend.to_host(pivots))
    P = _w(_perm_matrix(pivots, m, like.dtype.np))
    return P if like.is_cpu else P.to(like.device)


def _unpack(LU, k):
    """L (m x k, unit lower) and U (k x n) of a packed LU Tensor, differentiable."""
    T = _T()
    m = LU.shape[-2]
    L = LU[..., :, :k].tril(-1) + T.eye(m, k, dtype=LU.dtype, device=LU.device)
    U = LU[..., :k, :].triu()
    return L, U


def _lu_backward(P, L, U, gL, gU):
    """NOTE [ LU backward ]: gA of A = P L U."""
    T = _T()
    m, k = L.shape[-2], L.shape[-1]
    n = U.shape[-1]
    if gL is None:
        gL = T.zeros_like(L)
    if gU is None:
        gU = T.zeros_like(U)
    if m == n:
        return P.matmul(_lu_square_backward(L, U, gL, gU))
    if m < n:          # wide: A = P L [U1 U2]
        U2, gU2 = U[..., :, k:], gU[..., :, k:]
        gA2 = P.matmul(_solve_tri(_mH(L), gU2, upper=True, unitriangular=True))
        gL = gL - _solve_tri(_mH(L), gU2.matmul(_mH(U2)), upper=True, unitriangular=True)
        gA1 = P.matmul(_lu_square_backward(L, U[..., :, :k], gL, gU[..., :, :k]))
        return T.cat([gA1, gA2], -1)
    # tall: A = P [L1; L2] U
    L1, L2 = L[..., :k, :], L[..., k:, :]
    gA2 = _solve_tri(_mH(U), gL[..., k:, :], upper=False, left=False)          # gL2 U^{-H}
    gU = gU - _mH(L2).matmul(gA2)
    gA1 = _lu_square_backward(L1, U, gL[..., :k, :], gU)
    return P.matmul(T.cat([gA1, gA2], -2))


def _lu_square_backward(L, U, gL, gU):
    """L^{-H} (tril(L^H gL, -1) + triu(gU U^H)) U^{-H}: the square factors' part of
    NOTE [ LU backward ] (without P)."""
    phi = (_mH(L).matmul(gL)).tril(-1) + (gU.matmul(_mH(U))).triu()
    X = _solve_tri(_mH(L), phi, upper=True, unitriangular=True)
    return _solve_tri(_mH(U), X, upper=False, left=False)


def _factor_checks(A, name, where, arg="A"):
    """The LU factorizations' checks: A a tensor (argument `arg` of `name`), at
    least a matrix (torch's words name it `where`), of a dtype the CPU kernel takes."""
    _check_tensor(A, name, arg)
    if A.dim() < 2:
        raise RuntimeError(f"{where}: Expected tensor with 2 or more dimensions. Got size: "
                           f"{list(A.shape)} instead")
    _not_for(A, "lu_cpu")


@_named("LinalgLuFactorExBackward0")
class _LuFactorEx(Function):
    @staticmethod
    def forward(ctx, A):
        if _dev(A):   # NOTE [ LU on the device ]
            from cyautograd.ops import _xp
            lu, piv, info = _xp.getrf(_darr(A))
            LU, pivots, infos = _dw(lu), _dw(piv), _dw(info)
        else:
            a = _a(A)
            lu, piv, info = _getrf(a)
            LU = _w(lu.astype(a.dtype, copy=False))
            pivots, infos = _w(piv), _w(info)
        ctx.mark_non_differentiable(pivots, infos)
        ctx.save_for_backward(LU)
        ctx.piv = piv
        return LU, pivots, infos

    @staticmethod
    def backward(ctx, gLU, gp, gi):
        LU, = ctx.saved_tensors
        m, n = LU.shape[-2:]
        k = min(m, n)
        L, U = _unpack(LU, k)
        P = _perm_t(ctx.piv, m, LU)
        gL = gLU[..., :, :k].tril(-1)
        gU = gLU[..., :k, :].triu()
        return _lu_backward(P, L, U, gL, gU)

    @staticmethod
    def _jvp(args, out, tans):
        """torch's lu_factor_ex_jvp for a square A (NOTE [ Forward formulas of
        Function-based ops ] in autograd/forward_ad.py): with
        dK = L^{-1} P^T dA U^{-1}, the packed tangent is one matrix,
        L dK.tril(-1) + dK.triu() U -- both products over the whole matrix,
        so where U is singular (dK inf/nan) the nan reaches every entry, as
        torch's; the double-vjp gave the strictly lower part finite. Other
        shapes keep the double-vjp (None)."""
        (A,), (dA,) = args, tans
        LU = out[0]
        m, n = LU.shape[-2:]
        if dA is None or m != n:
            return None
        L, U = _unpack(LU, m)
        P = _perm_t(out[1].detach().cpu().numpy() if isinstance(out[1], Tensor) else out[1], m, LU)
        dK = _solve_tri(L, _mH(P).matmul(dA), upper=False, unitriangular=True)
        dK = _solve_tri(U, dK, upper=True, left=False)
        return L.matmul(dK.tril(-1)) + dK.triu().matmul(U), None, None


def _no_pivot(name, pivot):
    if not pivot:
        raise RuntimeError(f"{name}: LU without pivoting is not implemented on the CPU")


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None):
    """linalg.lu_factor_ex(A, *, pivot=True, check_errors=False, out=None) -> (LU, pivots, info)

    The packed LU factorization of A with partial pivoting (LAPACK getrf), its
    1-based int32 row swaps, and LAPACK's info (k > 0: U[k, k] is zero).

    >>> torch.linalg.lu_factor_ex(torch.tensor([[1., 2.], [2., 4.]])).info
    """
    _factor_checks(A, "linalg_lu_factor_ex", "torch.linalg.lu_factor_ex")
    _no_pivot("linalg.lu_factor", pivot)
    LU, piv, info = _LuFactorEx.apply(A)
    if check_errors:
        _raise_singular("torch.linalg.lu_factor_ex", info)
    return _return_type("linalg_lu_factor_ex", ["LU", "pivots", "info"])((LU, piv, info))


def _raise_singular(name, info):
    flat = info.detach().cpu().numpy().reshape(-1)
    for b, k in enumerate(flat):
        if k > 0:
            where = f"(Batch element {b}): " if info.dim() > 0 else ""
            raise RuntimeError(
                f"{name}: {where}U[{k},{k}] is zero and using it on lu_solve would result in a "
                "division by zero. If you still want to perform the factorization, consider "
                "calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)")


def lu_factor(A, *, pivot=True, out=None):
    """linalg.lu_factor(A, *, pivot=True, out=None) -> (LU, pivots)

    The packed LU factorization of A with partial pivoting; a zero pivot raises
    (use lu_factor_ex or lu for singular matrices).

    >>> LU, pivots = torch.linalg.lu_factor(torch.tensor([[1., 2.], [3., 4.]]))
    """
    _factor_checks(A, "linalg_lu_factor", "torch.lu_factor")
    _no_pivot("linalg.lu_factor", pivot)
    LU, piv, info = _LuFactorEx.apply(A)
    _raise_singular("torch.linalg.lu_factor", info)
    return _return_type("linalg_lu_factor", ["LU", "pivots"])((LU, piv))


@_named("LinalgLuBackward0")
class _Lu(Function):
    @staticmethod
    def forward(ctx, A):
        m, n = A.shape[-2:]
        k = min(m, n)
        if _dev(A):   # NOTE [ LU on the device ]
            from cyautograd.ops import _xp
            lu, piv, _ = _xp.getrf(_darr(A))
            LU = _dw(lu)
            Pt = _perm_t(piv, m, LU)
            Lt, Ut = (t.contiguous() for t in _unpack(LU, k))
        else:
            a = _a(A)
            lu, piv, _ = _getrf(a)
            P = _perm_matrix(piv, m, a.dtype)
            L = np.tril(lu[..., :, :k], -1) + np.eye(m, k, dtype=a.dtype)
            U = np.triu(lu[..., :k, :])
            Pt, Lt, Ut = _w(P), _w(L.astype(a.dtype, copy=False)), _w(U.astype(a.dtype, copy=False))
        ctx.mark_non_differentiable(Pt)
        ctx.save_for_backward(Pt, Lt, Ut)
        return Pt, Lt, Ut

    @staticmethod
    def backward(ctx, gP, gL, gU):
        P, L, U = ctx.saved_tensors
        return _lu_backward(P, L, U, gL, gU)

    @staticmethod
    def _jvp(args, out, tans):
        """torch's linalg_lu_jvp for a square A: dK = L^{-1} P^T dA U^{-1},
        dL = L dK.tril(-1), dU = dK.triu() U, so a singular U's inf/nan
        reach the tangents as torch's (see _LuFactorEx._jvp); P has none."""
        (dA,) = tans
        P, L, U = out
        m, n = L.shape[-2], U.shape[-1]
        if dA is None or m != n:
            return None
        dK = _solve_tri(L, _mH(P).matmul(dA), upper=False, unitriangular=True)
        dK = _solve_tri(U, dK, upper=True, left=False)
        return None, L.matmul(dK.tril(-1)), dK.triu().matmul(U)


def linalg_lu(A, *, pivot=True, out=None):
    """linalg.lu(A, *, pivot=True, out=None) -> (P, L, U)

    The LU decomposition A = P L U with partial pivoting (L unit lower
    triangular, U upper triangular).

    >>> P, L, U = torch.linalg.lu(torch.tensor([[1., 2.], [3., 4.]]))
    """
    _factor_checks(A, "linalg_lu", "linalg.lu")
    _no_pivot("linalg.lu_factor", pivot)
    return _return_type("linalg_lu", ["P", "L", "U"])(_Lu.apply(A))


linalg_lu.__name__ = linalg_lu.__qualname__ = "lu"



def lu(A, pivot=True, get_infos=False, out=None):
    """lu(A, pivot=True, get_infos=False, out=None) -> (LU, pivots[, infos])

    Deprecated in torch for linalg.lu_factor / linalg.lu_factor_ex (warned once);
    never raises for a singular matrix.

    >>> LU, pivots = torch.lu(torch.tensor([[1., 2.], [3., 4.]]))
    """
    warn_once("torch.lu",
               "torch.lu is deprecated in favor of torch.linalg.lu_factor / "
               "torch.linalg.lu_factor_ex and will be removed in a future PyTorch release.\n"
               "LU, pivots = torch.lu(A, compute_pivots)\nshould be replaced with\n"
               "LU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\n"
               "LU, pivots, info = torch.lu(A, compute_pivots, get_infos=True)\n"
               "should be replaced with\n"
               "LU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots)")
    check_errors = not get_infos          # torch's wrapper evaluates this first
    _check_tensor(A, "_lu_with_info", "input")
    if not isinstance(pivot, bool):       # torch's wrapper passes it by keyword
        raise TypeError(f"_lu_with_info(): argument 'pivot' must be bool, not "
                        f"{type(pivot).__name__}")
    _factor_checks(A, "_lu_with_info", "torch.lu_factor", "input")
    _no_pivot("linalg.lu_factor", pivot)
    LU, piv, info = _LuFactorEx.apply(A)
    if not check_errors:
        return _return_type("_lu_with_info", ["LU", "pivots", "info"])((LU, piv, info))
    return (LU, piv)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None):
    """lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None) -> (P, L, U)

    P, L and U from lu_factor's packed LU and pivots.

    >>> P, L, U = torch.lu_unpack(*torch.linalg.lu_factor(torch.tensor([[1., 2.], [3., 4.]])))
    """
    T = _T()
    _check_tensor(LU_data, "lu_unpack", "LU_data")
    _check_tensor(LU_pivots, "lu_unpack", "LU_pivots")
    if LU_data.dim() < 2:
        raise RuntimeError("torch.lu_unpack: Expected tensor with 2 or more dimensions. Got size: "
                           f"{list(LU_data.shape)} instead")
    if LU_pivots.dtype is not _D.int32 or not LU_pivots.is_contiguous():
        raise RuntimeError("torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of "
                           "torch.int32 dtype.\nNote: this function is intended to be used with "
                           "the output produced by torch.linalg.lu_factor")
    m, n = LU_data.shape[-2:]
    k = min(m, n)
    rt = _return_type("lu_unpack", ["P", "L", "U"])
    if unpack_pivots:
        P = _perm_t(LU_pivots, m, LU_data)
    else:
        P = T.empty(0, dtype=LU_data.dtype)
    if not unpack_data:
        return rt((P, T.empty(0, dtype=LU_data.dtype), T.empty(0, dtype=LU_data.dtype)))
    from cyautograd.nn._named_nodes import named_composite
    L, U = named_composite("LuUnpackBackward0", lambda x: _unpack(x, k), LU_data)
    return rt((P, L, U))


# ---------------------------------------------------------------- solves
def _perm_from(LU, pivots):
    return _perm_t(pivots, LU.shape[-2], LU)


def _lu_solve(LU, P, B, left, adjoint):
    k = LU.shape[-1]
    L, U = _unpack(LU, k)
    Pt = _mH(P)
    if left and not adjoint:      # X = U^{-1} L^{-1} P^T B
        Y = _solve_tri(L, Pt.matmul(B), upper=False, unitriangular=True)
        return _solve_tri(U, Y, upper=True)
    if left:                      # A^H X = B: X = P L^{-H} U^{-H} B
        Y = _solve_tri(_mH(U), B, upper=False)
        return P.matmul(_solve_tri(_mH(L), Y, upper=True, unitriangular=True))
    if not adjoint:               # X A = B: X = B U^{-1} L^{-1} P^T
        Y = _solve_tri(U, B, upper=True, left=False)
        return _solve_tri(L, Y, upper=False, left=False, unitriangular=True).matmul(Pt)
    # X A^H = B: X = B P L^{-H} U^{-H}
    Y = _solve_tri(_mH(L), B.matmul(P), upper=True, left=False, unitriangular=True)
    return _solve_tri(_mH(U), Y, upper=False, left=False)


def linalg_lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    """linalg.lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None) -> Tensor

    Solves A X = B (X A = B with left=False; A^H in place of A with adjoint=True)
    from lu_factor's LU and pivots.

    >>> A = torch.tensor([[1., 2.], [3., 4.]])
    >>> torch.linalg.lu_solve(*torch.linalg.lu_factor(A), torch.tensor([[1.], [2.]]))
    """
    _check_tensor(LU, "linalg_lu_solve", "LU")
    _check_tensor(pivots, "linalg_lu_solve", "pivots")
    _check_tensor(B, "linalg_lu_solve", "B")
    if LU.dim() < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor LU must have at least 2 dimensions.")
    if B.dim() < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    if LU.shape[-1] != LU.shape[-2]:
        raise RuntimeError(f"torch.linalg.lu_solve: A must be batches of square matrices, but "
                           f"they are {LU.shape[-2]} by {LU.shape[-1]} matrices")
    n = LU.shape[-1]
    if (left and B.shape[-2] != n) or (not left and B.shape[-1] != n):
        raise RuntimeError(f"linalg.lu_solve: Incompatible shapes of A and B for the equation "
                           f"{'AX = B' if left else 'XA = B'} ({n}x{n} and "
                           f"{B.shape[-2]}x{B.shape[-1]})")
    if LU.dtype != B.dtype:
        raise RuntimeError(f"linalg.lu_solve: Expected LU and B to have the same dtype, but found "
                           f"LU of type {_cname(LU.dtype)} and B of type {_cname(B.dtype)} instead")
    if pivots.dtype is not _D.int32:
        raise RuntimeError("linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32")
    if pivots.shape[-1] != n:
        raise RuntimeError("linalg.lu_solve: Number of pivots per batch should be same as the "
                           "dimension of the matrix")
    _not_for(LU, "lu_solve_cpu")
    P = _perm_from(LU, pivots)
    from cyautograd.nn._named_nodes import named_composite
    return named_composite("LinalgLuSolveBackward0",
                           lambda lu_, b: _lu_solve(lu_, P, b, left, adjoint), LU, B)


linalg_lu_solve.__name__ = linalg_lu_solve.__qualname__ = "lu_solve"


def lu_solve(b, LU_data, LU_pivots, *, out=None):
    """lu_solve(b, LU_data, LU_pivots, *, out=None) -> Tensor (deprecated in torch for
    linalg.lu_solve, whose arguments are reversed; warned once).

    >>> A = torch.tensor([[1., 2.], [3., 4.]])
    >>> torch.lu_solve(torch.tensor([[1.], [2.]]), *torch.linalg.lu_factor(A))
    """
    warn_once("torch.lu_solve", "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be "
               "removed in a future PyTorch release.\nNote that torch.linalg.lu_solve has "
               "its arguments reversed.\nX = torch.lu_solve(B, LU, pivots)\nshould be "
               "replaced with\nX = torch.linalg.lu_solve(LU, pivots, B)")
    return linalg_lu_solve(LU_data, LU_pivots, b)



def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False, *, out=None):
    """triangular_solve(b, A, upper=True, transpose=False, unitriangular=False) ->
    (solution, cloned_coefficient)

    Solves op(A) X = b for a triangular A (deprecated in torch for
    linalg.solve_triangular; warned once).

    >>> torch.triangular_solve(torch.tensor([[3.], [4.]]), torch.tensor([[2., 1.], [0., 4.]]))
    """
    warn_once("torch.triangular_solve", "torch.triangular_solve is deprecated in favor of "
               "torch.linalg.solve_triangularand will be removed in a future PyTorch "
               "release.\ntorch.linalg.solve_triangular has its arguments reversed and "
               "does not return a copy of one of the inputs.\nX = torch.triangular_solve(B, "
               "A).solution\nshould be replaced with\nX = torch.linalg.solve_triangular(A, "
               "B).")
    _check_tensor(b, "triangular_solve", "self")
    _check_tensor(A, "triangular_solve", "A")
    if b.dim() < 2:
        raise RuntimeError(f"torch.triangular_solve: Expected b to have at least 2 dimensions, "
                           f"but it has {b.dim()} dimensions instead")
    if A.dim() < 2:
        raise RuntimeError(f"torch.triangular_solve: Expected A to have at least 2 dimensions, "
                           f"but it has {A.dim()} dimensions instead")
    if b.dtype != A.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type "
                           f"{_cname(b.dtype)} and A of type {_cname(A.dtype)} instead.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"A must be batches of square matrices, but they are {A.shape[-2]} by "
                           f"{A.shape[-1]} matrices")
    if A.shape[-1] != b.shape[-2]:
        raise RuntimeError(f"Incompatible matrix sizes for triangular_solve: each A matrix is "
                           f"{A.shape[-2]} by {A.shape[-1]} but each b matrix is {b.shape[-2]} "
                           f"by {b.shape[-1]}")
    _not_for(A, "triangular_solve_cpu")

    def f(bb, AA):
        T = _T()
        batch = T.broadcast_shapes(tuple(bb.shape[:-2]), tuple(AA.shape[:-2]))
        Ab = AA.expand(batch + tuple(AA.shape[-2:]))
        bb = bb.expand(batch + tuple(bb.shape[-2:]))
        M = _mH(Ab) if transpose else Ab
        X = _solve_tri(M, bb, upper=bool(upper) != bool(transpose),
                       unitriangular=bool(unitriangular))
        return X, Ab.clone()
    from cyautograd.nn._named_nodes import named_composite
    r = named_composite("TriangularSolveBackward0", f, b, A)
    return _return_type("triangular_solve", ["solution", "cloned_coefficient"])(r)


# ---------------------------------------------------------------- geqrf
@_named("GeqrfBackward0")
class _Geqrf(Function):
    @staticmethod
    def forward(ctx, A):
        a = _a(A)
        m, n = a.shape[-2:]
        k = min(m, n)
        flat = a.reshape((_nbatch(a.shape), m, n))
        qr = np.empty_like(flat)
        taus = np.zeros((flat.shape[0], k), a.dtype)
        if flat.shape[0] and m and n:
            geqrf = _lapack("geqrf", flat[0])
            for i, mat in enumerate(flat):
                q, tau, _, _ = geqrf(mat)
                qr[i] = q
                taus[i] = tau[:k]
        return _w(qr.reshape(a.shape)), _w(taus.reshape(a.shape[:-2] + (k,)))

    @staticmethod
    def backward(ctx, ga, gtau):
        raise NotImplementedError("the derivative for 'geqrf' is not implemented.")


def geqrf(input, *, out=None):
    """geqrf(input, *, out=None) -> (a, tau)

    LAPACK's geqrf: the QR factorization as R above the diagonal of ``a`` and the
    Householder reflectors below it, with their scalars ``tau`` (no derivative, as
    torch's).

    >>> torch.geqrf(torch.tensor([[1., 2.], [3., 4.]]))
    """
    _check_tensor(input, "geqrf", "self")
    if input.dim() < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    _not_for(input, "geqrf_cpu")
    return _return_type("geqrf", ["a", "tau"])(_Geqrf.apply(input))


# the names each namespace gets (hooked by cyautograd/__init__.py and linalg.py)
TOP = {"lu": lu, "lu_unpack": lu_unpack, "lu_solve": lu_solve,
       "triangular_solve": triangular_solve, "geqrf": geqrf}
LINALG_FUNCS = {"lu_factor": lu_factor, "lu_factor_ex": lu_factor_ex, "lu": linalg_lu,
                "lu_solve": linalg_lu_solve}
TENSOR_METHODS = {"lu": lu, "lu_solve": lu_solve, "triangular_solve": triangular_solve,
                  "geqrf": geqrf}
