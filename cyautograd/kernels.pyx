# cython: language_level=3
"""Array kernels: numpy's own ufunc loops, called directly for small
contiguous arrays, and numpy's operators otherwise."""
cimport cython
cimport numpy as cnp
from cpython.contextvars cimport PyContextVar_Set, PyContextVar_Reset, PyContextVar_Get
from libc.stdint cimport uint32_t, uint64_t
from cyautograd._fast cimport cya_mem_equal
from cyautograd._np_alloc cimport cya_np_empty_strided
from cpython.object cimport PyObject
from cpython.ref cimport Py_XDECREF
from cpython.long cimport PyLong_AsLongLongAndOverflow

import operator
import numpy as np

cnp.import_array()
cnp.import_ufunc()

cdef extern from *:
    """
    /* A numpy view of x's memory with the given geometry (strides and
       offset in bytes), writeable when x is; its base collapses to x's
       owner as numpy's own views do. */
    static PyObject *cya_np_view(PyObject *x, int nd, npy_intp *dims, npy_intp *strides,
                                 npy_intp byte_offset) {
        PyArrayObject *a = (PyArrayObject *)x;
        PyArray_Descr *d = PyArray_DESCR(a);
        PyObject *r;
        Py_INCREF(d);
        r = PyArray_NewFromDescr(&PyArray_Type, d, nd, dims, strides,
                                 PyArray_BYTES(a) + byte_offset,
                                 PyArray_FLAGS(a) & NPY_ARRAY_WRITEABLE, NULL);
        if (r == NULL) return NULL;
        Py_INCREF(x);
        if (PyArray_SetBaseObject((PyArrayObject *)r, x) < 0) {
            Py_DECREF(r);
            return NULL;
        }
        return r;
    }
    """
    object cya_np_view(object x, int nd, cnp.npy_intp* dims, cnp.npy_intp* strides,
                       cnp.npy_intp byte_offset)


cdef object k_np_view(object x, int nd, cnp.npy_intp* dims, cnp.npy_intp* strides,
                      cnp.npy_intp byte_offset):
    """A view of the numpy array x (exact ndarray) with this geometry
    (strides and offset in bytes), writeable when x is."""
    return cya_np_view(x, nd, dims, strides, byte_offset)

# =============================================================================
# NOTE [ Small-array fast path ]
# A numpy ufunc call spends ~0.3 us on dispatch (type resolution, override
# checks, output allocation, error-state handling) before its inner loop runs;
# on a shape-(4,) array that is nearly all of it. When both operands are
# exact, aligned, C-contiguous ndarrays of the same shape and dtype (or one is
# a Python scalar of the array's kind), the result dtype is that dtype, so we
# can allocate the output and call the very loop numpy would have chosen,
# found once at import in the ufunc's own loop table. Anything else (other
# dtypes, broadcasting, strides, subclasses, cupy) takes numpy's normal path,
# which gives the same values. The fast path skips numpy's floating-point
# error state: no warnings for division by zero or overflow, as torch.
# =============================================================================

ctypedef void (*loop_t)(char**, cnp.npy_intp*, cnp.npy_intp*, void*) noexcept nogil

DEF NSLOTS = 3   # float32, float64, int64

cdef loop_t _loop_fn[K_NOPS][NSLOTS]
cdef void* _loop_data[K_NOPS][NSLOTS]
cdef int _loop_out[K_NOPS][NSLOTS]     # result typenum (bool for comparisons)
cdef object _ndarray = np.ndarray
cdef object _pyops = [operator.add, operator.sub, operator.mul, operator.truediv, operator.neg,
                      np.exp, np.log, np.sin, np.cos, np.tanh, np.sqrt, np.abs, operator.gt,
                      np.maximum]
cdef int _FLAGS = cnp.NPY_ARRAY_C_CONTIGUOUS | cnp.NPY_ARRAY_ALIGNED


cdef inline int _slot(int typenum) noexcept:
    if typenum == cnp.NPY_FLOAT32:
        return 0
    if typenum == cnp.NPY_FLOAT64:
        return 1
    if typenum == cnp.NPY_INT64:
        return 2
    return -1


cdef void _find_loops(int op, cnp.ufunc uf) except *:
    # Each loop's signature comes from the Python-level `ufunc.types`
    # ("ff->f"; the same order as the C loop table): numpy 2.5's Cython
    # declarations no longer expose the C `types` field.
    cdef int s, i, k, nin = uf.nin, tn
    cdef int[3] typenums = [cnp.NPY_FLOAT32, cnp.NPY_FLOAT64, cnp.NPY_INT64]
    cdef bint ok
    sigs = [[np.dtype(c).num for c in sig.replace("->", "")] for sig in (<object>uf).types]
    if len(sigs) != uf.ntypes:   # a table this code does not understand: no fast path
        sigs = []
    for s in range(NSLOTS):
        tn = typenums[s]
        _loop_fn[op][s] = NULL
        for i in range(len(sigs)):
            ok = len(sigs[i]) == uf.nargs
            for k in range(nin):
                if ok and sigs[i][k] != tn:
                    ok = False
            if ok and uf.functions[i] != NULL:
                _loop_fn[op][s] = <loop_t><void*>uf.functions[i]
                _loop_data[op][s] = uf.data[i]
                _loop_out[op][s] = sigs[i][nin]
                break
        # numpy divides ints by promoting to float: no same-type loop wanted
        if op == K_DIV and tn == cnp.NPY_INT64:
            _loop_fn[op][s] = NULL


cdef void _init() except *:
    ufs = [np.add, np.subtract, np.multiply, np.true_divide, np.negative, np.exp, np.log,
           np.sin, np.cos, np.tanh, np.sqrt, np.absolute, np.greater, np.maximum]
    cdef int op
    for op in range(<int>K_NOPS):
        _find_loops(op, ufs[op])
    # numpy runs transcendental float loops through ArrayMethods whose legacy
    # table entry may be a generic wrapper; keep the fast path to the loops
    # numpy itself marks as plain functions of the same type.


_init()


cdef inline bint _fast_ok(object x) noexcept:
    return (type(x) is _ndarray and
            (cnp.PyArray_FLAGS(<cnp.ndarray>x) & _FLAGS) == _FLAGS)


cdef object _EXACT_INT = 2 ** 53
cdef long long _EXACT_INT_C = 2 ** 53
cdef object _xp_mod = None


cdef inline bint _is_xp(object v):
    """A device array (not numpy's, not a scalar): the namespace fallback."""
    if type(v) is _ndarray or type(v) is float or type(v) is int or type(v) is bool:
        return False
    from cyautograd import backend
    return backend.is_device_array(v)


cdef object _xp_kernels():
    global _xp_mod
    if _xp_mod is None:
        from cyautograd.ops import _xp
        _xp_mod = _xp
    return _xp_mod


cdef bint _scalar_arg(object v, int s, char** arg, float* fbuf, double* dbuf,
                      long long* lbuf) except -1:
    """Point *arg at the Python scalar v converted to slot s's C type (the
    buffers live in the caller's frame); False if v does not fit int64."""
    cdef long long lv
    cdef int overflow = 0
    if s <= 1 and type(v) is int:
        # in C: the Python comparisons made a new int (-2**53) per call
        lv = PyLong_AsLongLongAndOverflow(v, &overflow)
        if overflow or not (-_EXACT_INT_C <= lv <= _EXACT_INT_C):
            return False  # beyond 2**53 the double would round first: numpy's own path
    if s == 0:
        fbuf[0] = <float>(<double>v)
        arg[0] = <char*>fbuf
    elif s == 1:
        dbuf[0] = <double>v
        arg[0] = <char*>dbuf
    else:
        if not (-9223372036854775807 <= v <= 9223372036854775807):
            return False
        lbuf[0] = <long long>v
        arg[0] = <char*>lbuf
    return True


cdef inline bint _exact_c(cnp.ndarray a) noexcept:
    """C-ordered strides exactly (a size-1 dimension's too): the layout
    torch gives an elementwise result of `a` and scalars."""
    cdef int d
    cdef cnp.npy_intp st = cnp.PyArray_ITEMSIZE(a)
    for d in range(cnp.PyArray_NDIM(a) - 1, -1, -1):
        if cnp.PyArray_STRIDES(a)[d] != st and cnp.PyArray_DIMS(a)[d] != 0:
            return False
        st *= cnp.PyArray_DIMS(a)[d]
    return True


# The fast paths below give C-ordered results: torch's layout for operands
# of the result's shape that are contiguous, and for an exactly C-ordered
# array with a scalar; anything else is laid out by k_ti_layout.
cdef object k_binary(int op, object x, object y):
    cdef cnp.ndarray ax, ay, out
    cdef int s, nd
    cdef cnp.npy_intp n
    cdef char* args[3]
    cdef cnp.npy_intp steps[3]
    cdef double dbuf
    cdef float fbuf
    cdef long long lbuf
    cdef loop_t fn
    if _fast_ok(x):
        ax = <cnp.ndarray>x
        s = _slot(cnp.PyArray_TYPE(ax))
        if s >= 0 and _loop_fn[op][s] != NULL:
            fn = _loop_fn[op][s]
            nd = cnp.PyArray_NDIM(ax)
            if _fast_ok(y):
                ay = <cnp.ndarray>y
                if (cnp.PyArray_TYPE(ay) == cnp.PyArray_TYPE(ax) and cnp.PyArray_NDIM(ay) == nd and
                        cya_mem_equal(cnp.PyArray_DIMS(ax), cnp.PyArray_DIMS(ay), nd * sizeof(cnp.npy_intp))):
                    out = cnp.PyArray_EMPTY(nd, cnp.PyArray_DIMS(ax), _loop_out[op][s], 0)
                    n = cnp.PyArray_SIZE(ax)
                    args[0] = cnp.PyArray_BYTES(ax)
                    args[1] = cnp.PyArray_BYTES(ay)
                    args[2] = cnp.PyArray_BYTES(out)
                    steps[0] = cnp.PyArray_ITEMSIZE(ax)
                    steps[1] = steps[0]
                    steps[2] = cnp.PyArray_ITEMSIZE(out)
                    fn(args, &n, steps, _loop_data[op][s])
                    return out
            elif (type(y) is float and s <= 1) or type(y) is int:
                # a Python scalar keeps the array's dtype (torch and NEP 50 agree)
                if not _scalar_arg(y, s, &args[1], &fbuf, &dbuf, &lbuf):
                    return k_ti_layout(_pyops[op](x, y), x, y, None)
                out = cnp.PyArray_EMPTY(nd, cnp.PyArray_DIMS(ax), _loop_out[op][s], 0)
                n = cnp.PyArray_SIZE(ax)
                args[0] = cnp.PyArray_BYTES(ax)
                args[2] = cnp.PyArray_BYTES(out)
                steps[0] = cnp.PyArray_ITEMSIZE(ax)
                steps[1] = 0
                steps[2] = cnp.PyArray_ITEMSIZE(out)
                fn(args, &n, steps, _loop_data[op][s])
                return out if _exact_c(ax) else k_ti_layout(out, x, y, None)
    elif (type(x) is float or type(x) is int) and _fast_ok(y):
        ay = <cnp.ndarray>y
        s = _slot(cnp.PyArray_TYPE(ay))
        if s >= 0 and _loop_fn[op][s] != NULL and (s <= 1 or type(x) is int):
            fn = _loop_fn[op][s]
            if not _scalar_arg(x, s, &args[0], &fbuf, &dbuf, &lbuf):
                return k_ti_layout(_pyops[op](x, y), x, y, None)
            out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(ay), cnp.PyArray_DIMS(ay), _loop_out[op][s], 0)
            n = cnp.PyArray_SIZE(ay)
            args[1] = cnp.PyArray_BYTES(ay)
            args[2] = cnp.PyArray_BYTES(out)
            steps[0] = 0
            steps[1] = cnp.PyArray_ITEMSIZE(ay)
            steps[2] = cnp.PyArray_ITEMSIZE(out)
            fn(args, &n, steps, _loop_data[op][s])
            return out if _exact_c(ay) else k_ti_layout(out, x, y, None)
    if _is_xp(x) or _is_xp(y):
        return _xp_kernels().k_binary(op, x, y)   # NOTE [ Device backends ]
    if type(x) is _ndarray and type(y) is _ndarray:
        # NOTE [ Float beats integral in kernels ]: torch's promotion gives a
        # floating array with an integral or bool one the floating dtype
        # (float32 * int64 is float32); numpy's would widen to float64, and a
        # backward formula's gradient (grad * other, other an int64 operand)
        # then left its node in float64, cast back later as a fresh array
        # (seed 83082) and rounded in float64 meanwhile
        kx = (<cnp.ndarray>x).dtype.kind
        ky = (<cnp.ndarray>y).dtype.kind
        if kx == "f" and ky in "biu":
            y = (<cnp.ndarray>y).astype((<cnp.ndarray>x).dtype)
        elif ky == "f" and kx in "biu":
            x = (<cnp.ndarray>x).astype((<cnp.ndarray>y).dtype)
    tok = fp_quiet_begin()   # NOTE [ Quiet floating point ]
    try:
        r = _pyops[op](x, y)
    finally:
        fp_quiet_end(tok)
    return k_ti_layout(r, x, y, None)   # NOTE [ Elementwise output layout ]


cdef object k_unary(int op, object x):
    cdef cnp.ndarray ax, out
    cdef int s
    cdef cnp.npy_intp n
    cdef char* args[2]
    cdef cnp.npy_intp steps[2]
    if _fast_ok(x):
        ax = <cnp.ndarray>x
        s = _slot(cnp.PyArray_TYPE(ax))
        if s >= 0 and _loop_fn[op][s] != NULL:
            out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(ax), cnp.PyArray_DIMS(ax), _loop_out[op][s], 0)
            n = cnp.PyArray_SIZE(ax)
            args[0] = cnp.PyArray_BYTES(ax)
            args[1] = cnp.PyArray_BYTES(out)
            steps[0] = cnp.PyArray_ITEMSIZE(ax)
            steps[1] = cnp.PyArray_ITEMSIZE(out)
            _loop_fn[op][s](args, &n, steps, _loop_data[op][s])
            return out
    if _is_xp(x):
        return _xp_kernels().k_unary(op, x)   # NOTE [ Device backends ]
    tok = fp_quiet_begin()   # NOTE [ Quiet floating point ]
    try:
        r = _pyops[op](x)
    finally:
        fp_quiet_end(tok)
    return k_ti_layout(r, x, None, None)   # NOTE [ Elementwise output layout ]


cdef object k_add(object x, object y):
    return k_binary(K_ADD, x, y)


cdef object k_sub(object x, object y):
    return k_binary(K_SUB, x, y)


cdef object k_mul(object x, object y):
    return k_binary(K_MUL, x, y)


cdef object k_div(object x, object y):
    return k_binary(K_DIV, x, y)


cdef object k_full(object like, double value):
    """An array of `like`'s shape and dtype filled with value."""
    cdef cnp.ndarray a
    if type(like) is _ndarray:
        a = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(<cnp.ndarray>like), cnp.PyArray_DIMS(<cnp.ndarray>like),
                              cnp.PyArray_TYPE(<cnp.ndarray>like), 0)
        cnp.PyArray_FillWithScalar(a, value)
        return a
    return _xp_kernels().full_like(like, value)   # NOTE [ Device backends ]


cdef object k_filled(tuple shape, object dtype, object value):
    """A new numpy array of `shape` and numpy `dtype` filled with `value`."""
    cdef cnp.npy_intp dims[32]
    cdef int nd = len(shape), i
    cdef cnp.ndarray a
    if nd > 32:
        return np.full(shape, value, dtype=dtype)
    for i in range(nd):
        dims[i] = shape[i]
    a = cnp.PyArray_EMPTY(nd, dims, (<cnp.dtype>dtype).type_num, 0)
    cnp.PyArray_FillWithScalar(a, value)
    return a


# =============================================================================
# NOTE [ Elementwise output layout ]
# torch lays out a fresh elementwise result (TensorIterator's build, in
# aten/src/ATen/TensorIterator.cpp) by these rules, over its operands in
# order (self, other, ...; a Python scalar is a 0-d operand):
#  1. fast setup, when every operand has the result's shape: all contiguous
#     -> contiguous; else all channels-last (4-d) -> channels-last; else all
#     non-overlapping and dense with equal strides -> those strides;
#  2. otherwise (compute_strides, reorder_dimensions) each operand's strides
#     are broadcast to the result's shape (0 where it was broadcast, its own
#     stride on a size-1 dimension of the result) and the dimensions sorted,
#     fastest first, by an insertion sort that starts from C order: two
#     dimensions compare by the first operand whose strides in both are
#     non-zero and differ (equal strides: the one of larger size moves
#     behind); an operand with a zero stride in either, or no decision,
#     passes to the next; a comparison nobody decides neither swaps nor
#     stops the scan. The result is dense in that order, contiguous when the
#     order is C order (a zero size zeroes the strides after it otherwise).
# numpy orders its outputs by a similar rule that differs on conflicts (C
# order wins), ties and size-1 dimensions, so an expanded or permuted
# operand gave other strides than torch's: a later as_strided read other
# elements. k_ti_layout computes torch's strides and copies numpy's result
# into them only where they differ; on the hot path (operands of the
# result's shape, contiguous) it is one pass over the dimensions.
# =============================================================================

DEF TI_MAXOPS = 3
DEF TI_MAXDIMS = 64


cdef inline int _ti_operand(object v, PyObject** arrs, int n, int nd, cnp.npy_intp* dims,
                            bint* same) noexcept:
    """Adds v to arrs when it is an array (a borrowed reference: the caller
    holds v); a scalar is a 0-d operand (not of the result's shape)."""
    if v is None:
        return n
    if type(v) is _ndarray:
        if (cnp.PyArray_NDIM(<cnp.ndarray>v) != nd or
                not cya_mem_equal(cnp.PyArray_DIMS(<cnp.ndarray>v), dims, nd * sizeof(cnp.npy_intp))):
            same[0] = False
        arrs[n] = <PyObject*>v
        return n + 1
    same[0] = False
    return n


cdef inline void _ti_contiguous(int nd, cnp.npy_intp* dims, cnp.npy_intp* tst) noexcept:
    cdef cnp.npy_intp z = 1
    cdef int d
    for d in range(nd - 1, -1, -1):
        tst[d] = z
        z *= dims[d] if dims[d] > 1 else 1


cdef bint _ti_channels_last(cnp.ndarray a) noexcept:
    """torch's is_contiguous(memory_format=channels_last) of a 4-d array."""
    cdef cnp.npy_intp expected = 1, isz = cnp.PyArray_ITEMSIZE(a)
    cdef int k, d
    cdef int order[4]
    order[0] = 1
    order[1] = 3
    order[2] = 2
    order[3] = 0
    for k in range(4):
        d = order[k]
        if cnp.PyArray_DIMS(a)[d] != 1:
            if cnp.PyArray_STRIDES(a)[d] != expected * isz:
                return False
            expected *= cnp.PyArray_DIMS(a)[d]
    return True


cdef bint _ti_dense(cnp.ndarray a) noexcept:
    """torch's is_non_overlapping_and_dense: sorted by stride (sizes below
    2 last), each stride is the product of the smaller dimensions' sizes."""
    cdef int nd = cnp.PyArray_NDIM(a), i, j, p
    cdef cnp.npy_intp* dims = cnp.PyArray_DIMS(a)
    cdef cnp.npy_intp* st = cnp.PyArray_STRIDES(a)
    cdef cnp.npy_intp require = cnp.PyArray_ITEMSIZE(a)
    cdef int perm[TI_MAXDIMS]
    if cnp.PyArray_SIZE(a) == 0:
        return True   # contiguous, as every empty tensor
    for i in range(nd):
        p = i
        j = i - 1
        # insertion: p goes before perm[j] when it sorts first
        while j >= 0 and dims[p] >= 2 and (dims[perm[j]] < 2 or st[p] < st[perm[j]]):
            perm[j + 1] = perm[j]
            j -= 1
        perm[j + 1] = p
    for i in range(nd):
        if dims[perm[i]] < 2:
            return True
        if st[perm[i]] != require:
            return False
        require *= dims[perm[i]]
    return True


cdef void _ti_sort(int n, cnp.npy_intp bst[TI_MAXOPS][TI_MAXDIMS], int nd, cnp.npy_intp* dims,
                   int* perm) noexcept:
    """reorder_dimensions: perm[0] the fastest dimension, perm[nd-1] the
    slowest, by the operands' strides bst (in bytes, broadcast: 0 where an
    operand does not move)."""
    cdef int d, t, dim0, dim1, d0, d1, c, i
    cdef cnp.npy_intp s0, s1
    for d in range(nd):
        perm[d] = nd - 1 - d
    for t in range(1, nd):
        dim1 = t
        for dim0 in range(t - 1, -1, -1):
            d0 = perm[dim0]
            d1 = perm[dim1]
            c = 0
            for i in range(n):
                s0 = bst[i][d0]
                s1 = bst[i][d1]
                if s0 == 0 or s1 == 0:
                    continue
                if s0 < s1:
                    c = -1
                    break
                if s0 > s1 or dims[d0] > dims[d1]:
                    c = 1
                    break
            if c > 0:
                perm[dim0] = d1
                perm[dim1] = d0
                dim1 = dim0
            elif c < 0:
                break


cdef object _ti_relayout(cnp.ndarray o, cnp.npy_intp* tst):
    """o itself when its strides are tst (in elements, a dense layout of
    o's shape), else a copy of o laid out so: a fresh array that owns its
    memory, as torch's fresh result -- not a view of a flat block, which
    autograd.grad would hand back as a view (seeds 40937, 41486)."""
    cdef int d, nd = cnp.PyArray_NDIM(o)
    cdef cnp.npy_intp isz = cnp.PyArray_ITEMSIZE(o)
    for d in range(nd):
        if cnp.PyArray_STRIDES(o)[d] != tst[d] * isz:
            break
    else:
        return o
    for d in range(nd):
        tst[d] *= isz
    r = cya_np_empty_strided(o, nd, cnp.PyArray_DIMS(o), tst)
    cnp.PyArray_CopyInto(<cnp.ndarray>r, o)
    return r


cdef object k_like_layout(object out, object x):
    """out (a fresh copy of x's elements, maybe cast) in the strides torch's
    empty_like(x) gives (memory_format=preserve, as clone and to): x's own
    when x is non-overlapping and dense, else dense in x's stride order
    (infer_dense_strides: the sort of NOTE [ Elementwise output layout ]
    over x alone)."""
    cdef cnp.ndarray o, a
    cdef int nd, d
    cdef cnp.npy_intp nxt
    cdef cnp.npy_intp tst[TI_MAXDIMS]
    cdef cnp.npy_intp bst[TI_MAXOPS][TI_MAXDIMS]
    cdef int perm[TI_MAXDIMS]
    if type(out) is not _ndarray or type(x) is not _ndarray:
        return out
    o = <cnp.ndarray>out
    a = <cnp.ndarray>x
    nd = cnp.PyArray_NDIM(o)
    if nd == 0 or nd > TI_MAXDIMS or nd != cnp.PyArray_NDIM(a):
        return out
    if _ti_dense(a):
        for d in range(nd):
            tst[d] = cnp.PyArray_STRIDES(a)[d] // cnp.PyArray_ITEMSIZE(a)
    else:
        for d in range(nd):
            bst[0][d] = cnp.PyArray_STRIDES(a)[d]
        _ti_sort(1, bst, nd, cnp.PyArray_DIMS(a), perm)
        nxt = 1
        for d in range(nd):
            tst[perm[d]] = nxt
            if cnp.PyArray_DIMS(a)[perm[d]] > 1:
                nxt *= cnp.PyArray_DIMS(a)[perm[d]]
    return _ti_relayout(o, tst)


# NOTE [ Reduction output layout ]
# torch allocates a reduction's result fresh (allocate_reduction_result in
# aten/src/ATen/native/ReduceOpsUtils.h resizes an empty tensor to the result
# shape), so it is contiguous whatever the input's layout, keepdim or not:
# stride[i] = stride[i+1] * max(size[i+1], 1), a size-1 dimension's stride
# included. numpy orders a reduction's output as its input (a permuted input
# gave a permuted result: stride(), is_contiguous() and a later contiguous(),
# which then cloned, differed; fuzz seed 102724) and picks its own strides for
# size-1 dimensions. k_reduce_layout brings numpy's result to torch's strides:
# out itself when they already are; size-1 dimensions only (no element moves)
# by writing out's strides in place, so out must be an array the op created
# (never its input x, which gets a copy); any other difference by one copy
# into a fresh contiguous array (_ti_relayout). On the hot path (a
# C-contiguous result) it is one pass over the dimensions.
cdef object k_reduce_layout(object out, object x):
    cdef cnp.ndarray o
    cdef int nd, d
    cdef bint moves = False, differs = False
    cdef cnp.npy_intp isz
    cdef cnp.npy_intp tst[TI_MAXDIMS]
    if type(out) is not _ndarray:
        return out
    o = <cnp.ndarray>out
    nd = cnp.PyArray_NDIM(o)
    if nd == 0 or nd > TI_MAXDIMS:
        return out
    isz = cnp.PyArray_ITEMSIZE(o)
    _ti_contiguous(nd, cnp.PyArray_DIMS(o), tst)
    for d in range(nd):
        if cnp.PyArray_STRIDES(o)[d] != tst[d] * isz:
            differs = True
            if cnp.PyArray_DIMS(o)[d] != 1:
                moves = True
    if not differs:
        return out
    if moves or out is x:
        return _ti_relayout(o, tst)
    for d in range(nd):
        cnp.PyArray_STRIDES(o)[d] = tst[d] * isz
    cnp.PyArray_UpdateFlags(o, cnp.NPY_ARRAY_C_CONTIGUOUS | cnp.NPY_ARRAY_F_CONTIGUOUS)
    return out


def _reduce_layout(out, x=None):
    """k_reduce_layout for the Python modules (NOTE [ Reduction output layout ])."""
    return k_reduce_layout(out, x)


cdef object k_ti_layout(object out, object x, object y, object z):
    """NOTE [ Elementwise output layout ]: out, numpy's result of an
    elementwise op of the operands x, y, z (arrays of the op's tensors as
    given, before any broadcasting or casting; Python scalars; None for
    absent), in torch's strides: out itself when numpy's already are."""
    cdef cnp.ndarray o, a
    cdef int nd, n = 0, i, k, d, off
    cdef bint same = True, flag
    cdef cnp.npy_intp nxt
    cdef cnp.npy_intp* dims
    cdef PyObject* arrs[TI_MAXOPS]
    cdef cnp.npy_intp tst[TI_MAXDIMS]
    cdef cnp.npy_intp bst[TI_MAXOPS][TI_MAXDIMS]
    cdef int perm[TI_MAXDIMS]
    if type(out) is not _ndarray:
        return out
    o = <cnp.ndarray>out
    nd = cnp.PyArray_NDIM(o)
    if nd == 0 or nd > TI_MAXDIMS:
        return out
    dims = cnp.PyArray_DIMS(o)
    n = _ti_operand(x, arrs, n, nd, dims, &same)
    n = _ti_operand(y, arrs, n, nd, dims, &same)
    n = _ti_operand(z, arrs, n, nd, dims, &same)
    if n == 0:
        return out
    k = -1   # the fast setup's choice: 0 contiguous, 1 channels-last, 2 dense
    if nd == 1:
        k = 0
    elif same:
        flag = True
        for i in range(n):
            flag = flag and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>arrs[i])
        if flag:
            k = 0
        elif nd == 4:
            flag = True
            for i in range(n):
                flag = flag and _ti_channels_last(<cnp.ndarray>arrs[i])
            if flag:
                k = 1
        if k < 0:
            flag = True
            for i in range(n):
                a = <cnp.ndarray>arrs[i]
                flag = flag and _ti_dense(a)
                for d in range(nd):
                    if not flag:
                        break
                    flag = (cnp.PyArray_STRIDES(a)[d] // cnp.PyArray_ITEMSIZE(a) ==
                            cnp.PyArray_STRIDES(<cnp.ndarray>arrs[0])[d] //
                            cnp.PyArray_ITEMSIZE(<cnp.ndarray>arrs[0]))
            if flag:
                k = 2
    if k == 0:
        _ti_contiguous(nd, dims, tst)
    elif k == 1:
        tst[1] = 1
        tst[3] = dims[1]
        tst[2] = tst[3] * dims[3]
        tst[0] = tst[2] * dims[2]
    elif k == 2:
        a = <cnp.ndarray>arrs[0]
        for d in range(nd):
            tst[d] = cnp.PyArray_STRIDES(a)[d] // cnp.PyArray_ITEMSIZE(a)
    else:
        for i in range(n):
            a = <cnp.ndarray>arrs[i]
            off = nd - cnp.PyArray_NDIM(a)
            for d in range(nd):
                if d < off or (cnp.PyArray_DIMS(a)[d - off] == 1 and dims[d] != 1):
                    bst[i][d] = 0
                else:
                    bst[i][d] = cnp.PyArray_STRIDES(a)[d - off]
        _ti_sort(n, bst, nd, dims, perm)
        flag = True
        for d in range(nd):
            flag = flag and perm[d] == nd - 1 - d
        if flag:
            _ti_contiguous(nd, dims, tst)
        else:
            nxt = 1
            for d in range(nd):
                tst[perm[d]] = nxt
                nxt *= dims[perm[d]]
    return _ti_relayout(o, tst)


def _ti_layout(out, x=None, y=None, z=None):
    """k_ti_layout for the Python modules (NOTE [ Elementwise output layout ])."""
    return k_ti_layout(out, x, y, z)


def _like_layout(out, x):
    """k_like_layout for the Python modules (torch's empty_like strides)."""
    return k_like_layout(out, x)


cdef object k_strided(object x, tuple shape, tuple strides, Py_ssize_t byte_offset):
    """A view of x's memory with this geometry (strides and offset in
    bytes), writeable when x is: numpy arrays through the C API (numpy's
    as_strided costs ~3 us in Python), other array modules (CuPy) through
    their as_strided, from x's own start only."""
    cdef cnp.npy_intp dims[32]
    cdef cnp.npy_intp st[32]
    cdef int nd = len(shape), i
    if cnp.PyArray_CheckExact(x) and nd <= 32:
        for i in range(nd):
            dims[i] = shape[i]
            st[i] = strides[i]
        return cya_np_view(x, nd, dims, st, byte_offset)
    if byte_offset != 0:
        raise NotImplementedError("a strided view with an offset of a non-numpy array")
    xp = __import__(type(x).__module__.split(".")[0])
    return xp.lib.stride_tricks.as_strided(x, shape, strides)


cdef object k_broadcast_to(object x, tuple shape):
    """x broadcast to `shape` (a view; np.broadcast_to's rules, checked by
    the caller)."""
    cdef Py_ssize_t nd = len(shape), lead = nd - x.ndim, i
    xs = x.shape
    xst = x.strides
    cdef list st = [0] * nd
    for i in range(lead, nd):
        st[i] = 0 if (xs[i - lead] == 1 and shape[i] != 1) else xst[i - lead]
    return k_strided(x, shape, tuple(st), 0)


cdef object k_ones_like(object x):
    return k_full(x, 1.0)


def _check_loops():
    """Which (op, dtype) pairs take the fast path (used in tests)."""
    names = ["add", "sub", "mul", "div", "neg", "exp", "log", "sin", "cos", "tanh", "sqrt",
             "abs", "gt", "maximum"]
    out = {}
    cdef int op, s
    for op in range(<int>K_NOPS):
        for s in range(NSLOTS):
            out[(names[op], ("float32", "float64", "int64")[s])] = _loop_fn[op][s] != NULL
    return out


def _k_binary(op, x, y):
    return k_binary(op, x, y)


def _k_unary(op, x):
    return k_unary(op, x)


cdef bint k_into_ok(int op, object x, object y):
    """Whether k_binary_into(op, x, y) can write x op y into x: the same
    conditions as the fast path, x writeable, and a result of x's dtype."""
    cdef int s
    if not _fast_ok(x) or not cnp.PyArray_ISWRITEABLE(<cnp.ndarray>x):
        return False
    s = _slot(cnp.PyArray_TYPE(<cnp.ndarray>x))
    if s < 0 or _loop_fn[op][s] == NULL or _loop_out[op][s] != cnp.PyArray_TYPE(<cnp.ndarray>x):
        return False
    if type(y) is float:
        return s != 2
    if type(y) is int:
        if s <= 1:
            return -_EXACT_INT <= y <= _EXACT_INT
        return -9223372036854775807 <= y <= 9223372036854775807
    return (_fast_ok(y) and cnp.PyArray_TYPE(<cnp.ndarray>y) == cnp.PyArray_TYPE(<cnp.ndarray>x)
            and cnp.PyArray_NDIM(<cnp.ndarray>y) == cnp.PyArray_NDIM(<cnp.ndarray>x)
            and cya_mem_equal(cnp.PyArray_DIMS(<cnp.ndarray>x), cnp.PyArray_DIMS(<cnp.ndarray>y),
                             cnp.PyArray_NDIM(<cnp.ndarray>x) * sizeof(cnp.npy_intp)))


cdef void k_binary_into(int op, object x, object y):
    """x = x op y in place; only after k_into_ok(op, x, y). Overlap of y
    with x is fine for these elementwise loops (same index read then written)."""
    cdef cnp.ndarray ax = <cnp.ndarray>x
    cdef int s = _slot(cnp.PyArray_TYPE(ax))
    cdef cnp.npy_intp n = cnp.PyArray_SIZE(ax)
    cdef char* args[3]
    cdef cnp.npy_intp steps[3]
    cdef double dbuf
    cdef float fbuf
    cdef long long lbuf
    args[0] = cnp.PyArray_BYTES(ax)
    args[2] = args[0]
    steps[0] = cnp.PyArray_ITEMSIZE(ax)
    steps[2] = steps[0]
    if type(y) is float or type(y) is int:
        _scalar_arg(y, s, &args[1], &fbuf, &dbuf, &lbuf)
        steps[1] = 0
    else:
        args[1] = cnp.PyArray_BYTES(<cnp.ndarray>y)
        steps[1] = steps[0]
    _loop_fn[op][s](args, &n, steps, _loop_data[op][s])


# =============================================================================
# NOTE [ Small 2-D reductions ]
# numpy's reductions along one axis of a small 2-D array cost 1.5-3 us of
# iterator setup (log_softmax's row max, a bias gradient's column sum), far
# more than the arithmetic. For C-contiguous float32/float64 matrices of up
# to 16384 elements we run the loop ourselves: sums accumulate in double
# (then round once), maxima propagate NaN as numpy's maximum.reduce does.
# Larger ones, where numpy's vectorised loops win, and everything else are
# numpy's.
# =============================================================================

ctypedef fused real_t:
    float
    double


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _reduce2d(const real_t* src, real_t* dst, Py_ssize_t rows, Py_ssize_t cols,
                    int axis, bint is_max) noexcept nogil:
    # one output per outer index; every index stays inside rows*cols
    cdef Py_ssize_t nout = rows if axis == 1 else cols
    cdef Py_ssize_t nin = cols if axis == 1 else rows
    cdef Py_ssize_t ostep = cols if axis == 1 else 1
    cdef Py_ssize_t istep = 1 if axis == 1 else cols
    cdef Py_ssize_t o, k
    cdef const real_t* p
    cdef double acc
    cdef real_t m, v
    for o in range(nout):
        p = src + o * ostep
        if is_max:
            m = p[0]
            for k in range(1, nin):
                v = p[k * istep]
                if v > m or v != v:
                    m = v
                    if v != v:
                        break
            dst[o] = m
        else:
            acc = 0.0
            for k in range(nin):
                acc += p[k * istep]
            dst[o] = <real_t>acc


# threshold_backward without a branch (a branch per element mispredicts on
# random signs: 5x slower than numpy): g's bits ANDed with all-ones where
# not (r <= 0), which also keeps g where r is NaN, and +0.0 elsewhere.
@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _threshold_backward_f(const float* g, const float* r, float* out, Py_ssize_t n) noexcept nogil:
    cdef const uint32_t* gb = <const uint32_t*>g
    cdef uint32_t* ob = <uint32_t*>out
    cdef Py_ssize_t i
    for i in range(n):
        ob[i] = gb[i] & (<uint32_t>0 - <uint32_t>(not (r[i] <= 0)))


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _threshold_backward_d(const double* g, const double* r, double* out, Py_ssize_t n) noexcept nogil:
    cdef const uint64_t* gb = <const uint64_t*>g
    cdef uint64_t* ob = <uint64_t*>out
    cdef Py_ssize_t i
    for i in range(n):
        ob[i] = gb[i] & (<uint64_t>0 - <uint64_t>(not (r[i] <= 0)))


cdef object k_threshold_backward(object g, object r):
    """torch's threshold_backward(g, r, 0): 0 where r <= 0, else g (so g
    passes where r is NaN, and an infinite g becomes 0, not NaN). One pass
    in C for same-shape contiguous float arrays; numpy's where otherwise."""
    cdef cnp.ndarray out
    cdef int tn
    if (_fast_ok(g) and _fast_ok(r) and cnp.PyArray_TYPE(<cnp.ndarray>g) == cnp.PyArray_TYPE(<cnp.ndarray>r)
            and cnp.PyArray_NDIM(<cnp.ndarray>g) == cnp.PyArray_NDIM(<cnp.ndarray>r)
            and cnp.PyArray_CompareLists(cnp.PyArray_DIMS(<cnp.ndarray>g), cnp.PyArray_DIMS(<cnp.ndarray>r),
                                         cnp.PyArray_NDIM(<cnp.ndarray>g))):
        tn = cnp.PyArray_TYPE(<cnp.ndarray>g)
        if tn == cnp.NPY_FLOAT32 or tn == cnp.NPY_FLOAT64:
            out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(<cnp.ndarray>g), cnp.PyArray_DIMS(<cnp.ndarray>g), tn, 0)
            if tn == cnp.NPY_FLOAT32:
                _threshold_backward_f(<float*>cnp.PyArray_DATA(<cnp.ndarray>g), <float*>cnp.PyArray_DATA(<cnp.ndarray>r),
                                      <float*>cnp.PyArray_DATA(out), cnp.PyArray_SIZE(out))
            else:
                _threshold_backward_d(<double*>cnp.PyArray_DATA(<cnp.ndarray>g), <double*>cnp.PyArray_DATA(<cnp.ndarray>r),
                                      <double*>cnp.PyArray_DATA(out), cnp.PyArray_SIZE(out))
            return out
    xp = np if type(g) is _ndarray else __import__(type(g).__module__.split(".")[0])
    # torch's threshold_backward iterates (self, grad): self's layout first
    # (NOTE [ Elementwise output layout ]; a device array passes as it is)
    return k_ti_layout(xp.where(r <= 0, xp.zeros((), dtype=g.dtype), g), r, g, None)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef object k_sum_small(object x):
    """x.sum() of a C-contiguous float32/float64 ndarray of 1 to 7 elements
    as a 0-d array: numpy's pairwise summation adds so few elements left to
    right from 0.0, so this is its result bit for bit, without the ~1 us of
    its reduction machinery. None for anything else."""
    if not cnp.PyArray_CheckExact(x):
        return None
    cdef cnp.ndarray a = <cnp.ndarray>x
    cdef Py_ssize_t n = cnp.PyArray_SIZE(a), i
    cdef int typenum = cnp.PyArray_TYPE(a)
    cdef float accf = 0.0
    cdef double accd = 0.0
    cdef float* pf
    cdef double* pd
    if n < 1 or n > 7 or not cnp.PyArray_IS_C_CONTIGUOUS(a) or (typenum != cnp.NPY_FLOAT and
                                                              typenum != cnp.NPY_DOUBLE):
        return None
    cdef cnp.ndarray out = cnp.PyArray_EMPTY(0, NULL, typenum, 0)
    if typenum == cnp.NPY_FLOAT:
        pf = <float*>cnp.PyArray_DATA(a)
        for i in range(n):
            accf = accf + pf[i]
        (<float*>cnp.PyArray_DATA(out))[0] = accf
    else:
        pd = <double*>cnp.PyArray_DATA(a)
        for i in range(n):
            accd = accd + pd[i]
        (<double*>cnp.PyArray_DATA(out))[0] = accd
    return out


cdef object k_reduce2d(int op, object x, int axis, bint keepdims):
    """np.add.reduce (op K_ADD) or np.maximum.reduce (op K_MAX) of a 2-D
    array along axis 0 or 1. See NOTE [ Small 2-D reductions ]."""
    cdef cnp.ndarray ax, out
    cdef cnp.npy_intp dims[2]
    cdef int tn
    cdef Py_ssize_t rows, cols
    if (_fast_ok(x) and cnp.PyArray_NDIM(<cnp.ndarray>x) == 2
            and cnp.PyArray_SIZE(<cnp.ndarray>x) <= 16384
            and (op == K_ADD or op == K_MAX) and (axis == 0 or axis == 1)):
        ax = <cnp.ndarray>x
        tn = cnp.PyArray_TYPE(ax)
        rows = cnp.PyArray_DIMS(ax)[0]
        cols = cnp.PyArray_DIMS(ax)[1]
        if (tn == cnp.NPY_FLOAT32 or tn == cnp.NPY_FLOAT64) and rows > 0 and cols > 0:
            if keepdims:
                dims[0] = rows if axis == 1 else 1
                dims[1] = cols if axis == 0 else 1
                out = cnp.PyArray_EMPTY(2, dims, tn, 0)
            else:
                dims[0] = rows if axis == 1 else cols
                out = cnp.PyArray_EMPTY(1, dims, tn, 0)
            if tn == cnp.NPY_FLOAT32:
                _reduce2d(<float*>cnp.PyArray_DATA(ax), <float*>cnp.PyArray_DATA(out),
                          rows, cols, axis, op == K_MAX)
            else:
                _reduce2d(<double*>cnp.PyArray_DATA(ax), <double*>cnp.PyArray_DATA(out),
                          rows, cols, axis, op == K_MAX)
            return out
    if op == K_MAX:
        return np.maximum.reduce(x, axis=axis, keepdims=keepdims)
    return np.add.reduce(x, axis=axis, keepdims=keepdims)


def _k_reduce2d(op, x, axis, keepdims):
    return k_reduce2d(op, x, axis, keepdims)


# =============================================================================
# NOTE [ Quiet floating point ]
# torch never warns when arithmetic divides by zero, overflows or makes a
# NaN; numpy does, through its per-context error state. np.errstate costs
# ~1 us per use, too much for every backward call and every softmax, so we
# set numpy's context variable to an all-"ignore" state directly (the same
# thing errstate does inside), falling back to np.errstate should a numpy
# version not have that variable.
#
# Nested uses (an op's kernel inside the engine's backward, which is quiet
# as a whole; an op inside another op) find the variable already holding
# our state: fp_quiet_begin then sets nothing and returns None, which
# fp_quiet_end skips. Reading a context variable is a cached pointer compare
# in CPython; setting and resetting one copies the context's HAMT and makes
# a Token (~1000 instructions a pair, most of a small backward's kernels).
# A user's np.errstate inside (a hook) sets another object, so the ops it
# runs quiet themselves again.
# =============================================================================
cdef object _EXTOBJ_VAR = None
cdef object _QUIET_EXTOBJ = None
try:
    from numpy._core._ufunc_config import _extobj_contextvar as _extobj_var, _make_extobj
    _QUIET_EXTOBJ = _make_extobj(all="ignore")
    _EXTOBJ_VAR = _extobj_var
except (ImportError, TypeError):  # pragma: no cover - other numpy versions
    _EXTOBJ_VAR = None
    _QUIET_EXTOBJ = None


cdef object fp_quiet_begin():
    cdef PyObject *cur = NULL
    if _EXTOBJ_VAR is not None:
        if PyContextVar_Get(_EXTOBJ_VAR, NULL, &cur) == 0 and cur != NULL:
            Py_XDECREF(cur)   # the variable holds its own reference
            if cur == <PyObject*>_QUIET_EXTOBJ:
                return None   # already quiet (see above)
        return PyContextVar_Set(_EXTOBJ_VAR, _QUIET_EXTOBJ)
    e = np.errstate(all="ignore")
    e.__enter__()
    return e


cdef void fp_quiet_end(object token) noexcept:
    if token is None:
        return
    try:
        if _EXTOBJ_VAR is not None:
            PyContextVar_Reset(_EXTOBJ_VAR, token)
        else:
            token.__exit__(None, None, None)
    except Exception:
        pass


def _fp_quiet_check():
    """(used in tests) whether the quiet state silences numpy and is undone."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tok = fp_quiet_begin()
        try:
            np.array([1.0]) / np.array([0.0])
        finally:
            fp_quiet_end(tok)
        try:
            np.array([1.0]) / np.array([0.0])
        except RuntimeWarning:
            return True
    return False


# =============================================================================
# NOTE [ pow as torch's CPU kernel rounds it ]
# numpy's float32/float64 power runs its own SIMD pow (SVML under AVX512),
# whose last bit often differs from the C library's; torch's pow kernels
# call std::pow per element (glibc here) and a SLEEF vector pow over whole
# vectors. So pow runs the C library's pow here, as torch's scalar loop:
#   - tensor ** tensor: powf(float, float) for float32, pow for float64 (a
#     wrapped-number base, 2 ** t, is a float32 tensor to that kernel);
#   - float32 tensor ** Python number: std::pow(float, double), i.e. pow in
#     double with the exponent as given, rounded to float; except over the
#     elements TensorIterator's vectorized_loop covers (in each contiguous
#     inner row of n elements, the first n - n % 32: two AVX512 vectors of
#     16 floats per step), whose SLEEF pow takes the exponent as a float:
#     powf(x, (float)e) there. SLEEF's own rounding (<= 1 ulp) still differs
#     from powf in the last bit of ~2% of those elements: not reproduced.
#     The exponents torch special-cases (2, 3, -2, -1, 0.5, -0.5) never get
#     here (pointwise._pow_scalar).
# float16 and complex stay numpy's (its half loop is powf on floats, as
# torch's Half pow; complex is not C's pow anywhere).
# =============================================================================
cdef extern from "math.h" nogil:
    double c_pow "pow"(double, double)
    float c_powf "powf"(float, float)

DEF POW_VEC_F32 = 32       # 2 * Vectorized<float>::size() (AVX512)
DEF POW_GRAIN = 32768      # at::internal::GRAIN_SIZE: one chunk below it


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _pow_ff(char* a, Py_ssize_t sa, char* b, Py_ssize_t sb, char* o, Py_ssize_t so,
                  Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        (<float*>(o + i * so))[0] = c_powf((<float*>(a + i * sa))[0], (<float*>(b + i * sb))[0])


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _pow_dd(char* a, Py_ssize_t sa, char* b, Py_ssize_t sb, char* o, Py_ssize_t so,
                  Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        (<double*>(o + i * so))[0] = c_pow((<double*>(a + i * sa))[0], (<double*>(b + i * sb))[0])


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _pow_fs(char* a, Py_ssize_t sa, double e, char* o, Py_ssize_t so, Py_ssize_t n,
                  Py_ssize_t nvec) noexcept nogil:
    # the first nvec elements as SLEEF's vector loop (float exponent), the
    # rest as the scalar loop (double exponent)
    cdef Py_ssize_t i
    cdef float ef = <float>e
    for i in range(nvec):
        (<float*>(o + i * so))[0] = c_powf((<float*>(a + i * sa))[0], ef)
    for i in range(nvec, n):
        (<float*>(o + i * so))[0] = <float>c_pow(<double>(<float*>(a + i * sa))[0], e)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void _pow_ds(char* a, Py_ssize_t sa, double e, char* o, Py_ssize_t so, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        (<double*>(o + i * so))[0] = c_pow((<double*>(a + i * sa))[0], e)


cdef object k_pow(object x, object y):
    """x ** y as torch's CPU pow kernel (NOTE [ pow as torch's CPU kernel
    rounds it ]) for x a float32/float64 ndarray and y an ndarray of x's
    dtype (any broadcastable shape) or a Python float/int exponent; None
    for anything else (the caller uses numpy's power). The result is laid
    out as numpy's would be (order K)."""
    cdef cnp.ndarray a, b, o
    cdef int tn
    cdef bint scalar_e = type(y) is float or type(y) is int
    cdef double e = 0.0
    cdef Py_ssize_t n, nvec, total
    cdef char* pa
    cdef char* pb
    cdef char* po
    cdef Py_ssize_t sa, sb, so
    if type(x) is not np.ndarray:
        return None
    a = <cnp.ndarray>x
    tn = cnp.PyArray_TYPE(a)
    if tn != cnp.NPY_FLOAT32 and tn != cnp.NPY_FLOAT64:
        return None
    if scalar_e:
        e = y
    elif type(y) is not np.ndarray or cnp.PyArray_TYPE(<cnp.ndarray>y) != tn:
        return None
    total = cnp.PyArray_SIZE(a)
    if scalar_e and cnp.PyArray_IS_C_CONTIGUOUS(a):
        # the common case in one loop, without an iterator
        o = <cnp.ndarray>np.empty(x.shape, x.dtype)
        n = total
        pa = cnp.PyArray_BYTES(a)
        po = cnp.PyArray_BYTES(o)
        if tn == cnp.NPY_FLOAT32:
            nvec = n - n % POW_VEC_F32 if n <= POW_GRAIN else n
            with nogil:
                _pow_fs(pa, 4, e, po, 4, n, nvec)
        else:
            with nogil:
                _pow_ds(pa, 8, e, po, 8, n)
        return o
    if (not scalar_e and cnp.PyArray_IS_C_CONTIGUOUS(a) and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>y)
            and cnp.PyArray_NDIM(a) == cnp.PyArray_NDIM(<cnp.ndarray>y)
            and cnp.PyArray_CompareLists(cnp.PyArray_DIMS(a), cnp.PyArray_DIMS(<cnp.ndarray>y),
                                         cnp.PyArray_NDIM(a))):
        # two same-shape contiguous operands: one loop, without an iterator
        o = <cnp.ndarray>np.empty(x.shape, x.dtype)
        pa = cnp.PyArray_BYTES(a)
        pb = cnp.PyArray_BYTES(<cnp.ndarray>y)
        po = cnp.PyArray_BYTES(o)
        if tn == cnp.NPY_FLOAT32:
            with nogil:
                _pow_ff(pa, 4, pb, 4, po, 4, total)
        else:
            with nogil:
                _pow_dd(pa, 8, pb, 8, po, 8, total)
        return o
    if scalar_e:
        it = np.nditer([x, None], flags=["external_loop", "zerosize_ok", "refs_ok"],
                       op_flags=[["readonly"], ["writeonly", "allocate"]],
                       op_dtypes=[x.dtype, x.dtype], order="K")
    else:
        it = np.nditer([x, y, None], flags=["external_loop", "zerosize_ok", "refs_ok"],
                       op_flags=[["readonly"], ["readonly"], ["writeonly", "allocate"]],
                       op_dtypes=[x.dtype, x.dtype, x.dtype], order="K")
    with it:
        for ops in it:
            a = <cnp.ndarray>ops[0]
            o = <cnp.ndarray>ops[-1]
            n = cnp.PyArray_SIZE(a)
            pa = cnp.PyArray_BYTES(a)
            po = cnp.PyArray_BYTES(o)
            sa = cnp.PyArray_STRIDE(a, 0) if cnp.PyArray_NDIM(a) else 0
            so = cnp.PyArray_STRIDE(o, 0) if cnp.PyArray_NDIM(o) else 0
            if scalar_e:
                if tn == cnp.NPY_FLOAT32:
                    # vectorized_loop needs contiguous rows of input and output
                    if total > POW_GRAIN:
                        nvec = n
                    elif sa == 4 and so == 4:
                        nvec = n - n % POW_VEC_F32
                    else:
                        nvec = 0
                    with nogil:
                        _pow_fs(pa, sa, e, po, so, n, nvec)
                else:
                    with nogil:
                        _pow_ds(pa, sa, e, po, so, n)
            else:
                b = <cnp.ndarray>ops[1]
                pb = cnp.PyArray_BYTES(b)
                sb = cnp.PyArray_STRIDE(b, 0) if cnp.PyArray_NDIM(b) else 0
                if tn == cnp.NPY_FLOAT32:
                    with nogil:
                        _pow_ff(pa, sa, pb, sb, po, so, n)
                else:
                    with nogil:
                        _pow_dd(pa, sa, pb, sb, po, so, n)
        r = it.operands[-1]
    return r
