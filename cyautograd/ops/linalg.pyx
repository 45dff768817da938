# cython: language_level=3
"""matmul, mm, bmm, dot, mv and linear (addmm)."""
from cyautograd._fast cimport cya_tp_new
from cyautograd.argcheck cimport type_name
cimport cython
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.graph cimport new_node, Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.variable cimport next_edges2, next_edges3, set_history
from cyautograd.saved_variable cimport save_variable, SavedVariable
from cyautograd.saved_variable import undefined_saved_tensor
from cyautograd.ops.pointwise cimport BinaryNode
from cyautograd.kernels cimport k_reduce2d, K_ADD, fp_quiet_begin, fp_quiet_end
from cyautograd.ops._common cimport as_array, edge_of, edges_first, unbroadcast
from cyautograd.tensor cimport tensor_dispatch

cimport numpy as cnp
import numpy as np
from cyautograd.ops import _xp   # NOTE [ Device backends ] in backend.py
cnp.import_array()
from cyautograd import dtypes as _D
from cyautograd.ops import shape as _shape


cdef object _mm(object a, object b):
    """a @ b. For small 2-D arrays numpy's dot is the cheaper call; for large
    ones matmul, as dot zeroes its output before BLAS writes it (a second
    pass over a 4 MB weight gradient)."""
    if (type(a) is np.ndarray and type(b) is np.ndarray and a.ndim == 2 and b.ndim == 2
            and a.shape[0] * b.shape[1] < 65536):
        return np.dot(a, b)
    return a @ b


cdef object _as_tensor(object x):
    return x if isinstance(x, Tensor) else wrap_array(x)


cdef object _mT(object x):
    if isinstance(x, Tensor):
        return x.transpose(-2, -1)
    return np.swapaxes(x, -1, -2)


# NOTE [ mm's gradient for a column-major operand ]
# torch's mm_mat1_backward / mm_mat2_backward (FunctionsManual.cpp) look at
# the strides an operand had at forward time: a column-major one (strides
# (1, size0), torch's exact test, size-1 dimensions included) gets its
# gradient "as column-order for efficiency": mat1's is mat2.mm(grad.t()).t(),
# mat2's grad.t().mm(mat1).t() -- the transpose of a fresh product, so a
# VIEW of it. autograd.grad and tensor hooks then see a view (with _base, and
# TBackward0 under create_graph); AccumulateGrad steals it when it obeys the
# leaf's layout (a column-major leaf: .grad has its strides, version 0), its
# detach dropping the view-ness. Any other operand gets the fresh
# grad.mm(mat2.t()) / mat1.t().mm(grad). The forward records the test as two
# flags (C reads of the strides, nothing on the row-major path); mm, matmul's
# paths through mm (vector @ matrix, folded batches), linear and addmm reach
# it; bmm's formula has no such branch.
cdef inline bint _dense_along(object x, int d):
    """A 2-D ndarray stored densely with dim d innermost: strides[d] is one
    item and strides[1 - d] is sizes[d] items (torch's layout test)."""
    cdef cnp.ndarray a
    if not cnp.PyArray_CheckExact(x) or cnp.PyArray_NDIM(<cnp.ndarray>x) != 2:
        return False
    a = <cnp.ndarray>x
    cdef cnp.npy_intp isz = cnp.PyArray_ITEMSIZE(a)
    return (cnp.PyArray_STRIDES(a)[d] == isz
            and cnp.PyArray_STRIDES(a)[1 - d] == cnp.PyArray_DIMS(a)[d] * isz)


cdef inline bint _col_major(object x):
    return _dense_along(x, 0)


cdef inline bint _row_major(object x):
    """The transpose of a 2-D ndarray is column-major (torch's test)."""
    return _dense_along(x, 1)


cdef class MatmulBackward(BinaryNode):
    """Backward of a (batched) matrix product; named as torch's node for the
    same shapes (MmBackward0, DotBackward0, MvBackward0, BmmBackward0, ...)."""
    cdef tuple a_shape
    cdef tuple b_shape
    cdef bint a_col       # NOTE [ mm's gradient for a column-major operand ]
    cdef bint b_col

    def _cya_saved_scalars(self):
        # mm saves each operand's sizes and strides for its own gradient
        # (strides only where that operand requires grad, else torch's
        # empty list); ours are the row- or column-major layout the node
        # recorded (NOTE [ Saved values are derived when read ] in pointwise.pyx)
        if type(self) is not MmBackward0:
            return []
        return [("mat2_sym_sizes", self.b_shape),
                ("mat2_sym_strides", _mm_strides(self.b_shape, self.b_col) if self.next_edges_[2] is not None else ()),
                ("self_sym_sizes", self.a_shape),
                ("self_sym_strides", _mm_strides(self.a_shape, self.a_col) if self.next_edges_[0] is not None else ())]

    cdef list apply(self, list grads):
        g = grads[0]
        # an operand is saved only for the other's gradient; unpacked in
        # torch's order (the pack order of _save_operands: mm/bmm mat2
        # first), so a version error after both changed names torch's tensor
        if type(self) is MmBackward0 or type(self) is BmmBackward0:
            b = self.v1(g) if self.sv1 is not None else None
            a = self.v0(g) if self.sv0 is not None else None
        else:
            a = self.v0(g) if self.sv0 is not None else None
            b = self.v1(g) if self.sv1 is not None else None
        if a is None and b is None:
            return [None, None]
        a_nd = len(self.a_shape)
        b_nd = len(self.b_shape)
        if not cnp.PyArray_CheckExact(g) and not isinstance(g, Tensor):
            # a device gradient (_matmul_xp: no broadcasting): NOTE [ Device backends ]
            return _xp.matmul_backward(g, a, b, self.should_compute_output(0), self.should_compute_output(1))
        cdef bint need0 = b is not None and self.should_compute_output(0)
        cdef bint need1 = a is not None and self.should_compute_output(1)
        if (not isinstance(g, Tensor) and a_nd == b_nd and (a_nd == 2 or type(self) is BmmBackward0)
                and ((a is not None and a.shape != self.a_shape) or (b is not None and b.shape != self.b_shape))):
            # NOTE [ A matrix product's operand replaced through .data ]
            # An operand whose .data was replaced by another shape after the
            # forward: torch's formula (grad.mm(mat2.t()), grad.bmm(mat2.
            # transpose(1, 2)), ...) runs on it as it is now, and its ops
            # raise their own errors (transpose's dimension range, bmm's and
            # mm's size checks; seed 47595) or give a gradient of another
            # shape for validate_outputs to judge. The Tensor formulas below
            # are those, with those ops' checks; numpy's would leak AxisError.
            r = self._tensor_formula(wrap_array(g), None if a is None else wrap_array(a),
                                     None if b is None else wrap_array(b), need0, need1)
            return [None if x is None else (<Tensor>x).data_ for x in r]
        if a_nd == 1 and b_nd == 1:
            return [g * b if need0 else None, g * a if need1 else None]
        if a_nd == 2 and b_nd == 1 and not isinstance(g, Tensor):
            # mv: fresh gradients (ger and mv), as torch's MvBackward0
            return [np.multiply.outer(g, b) if need0 else None,
                    _mT(a) @ g if need1 else None]
        if a_nd == 2 and b_nd == 1:
            # the same under create_graph: grad.ger(vec) is
            # grad.reshape(n, 1) * vec (MulBackward0), self.t().mv(grad) is
            # an MvBackward0 -- fresh tensors, not views of a matrix product
            return [g.reshape((g.shape[0], 1)) * b if need0 else None,
                    mv(a.t(), g) if need1 else None]
        if isinstance(g, Tensor) and a_nd == b_nd and (a_nd == 2 or type(self) is BmmBackward0):
            return self._tensor_formula(g, a, b, need0, need1)
        if a_nd == 2 and b_nd == 2 and (self.a_col or self.b_col):
            # NOTE [ mm's gradient for a column-major operand ]
            return [(np.transpose(_mm(b, np.transpose(g))) if self.a_col else _mm(g, _mT(b))) if need0 else None,
                    (np.transpose(_mm(np.transpose(g), a)) if self.b_col else _mm(_mT(a), g)) if need1 else None]
        # promote 1-D operands as matmul does, then undo
        if a_nd == 1:
            if a is not None:
                a = a.reshape((1,) + tuple(self.a_shape))
            g = g.reshape(tuple(g.shape[:-1]) + (1, g.shape[-1]))
        if b_nd == 1:
            if b is not None:
                b = b.reshape(tuple(self.b_shape) + (1,))
            g = g.reshape(tuple(g.shape) + (1,))
        r0 = r1 = None
        if need0:
            r0 = _reshaped(unbroadcast(_mm(g, _mT(b)), _promoted(self.a_shape, True)), self.a_shape)
        if need1:
            r1 = _reshaped(unbroadcast(_mm(_mT(a), g), _promoted(self.b_shape, False)), self.b_shape)
        return [r0, r1]

    cdef list _tensor_formula(self, Tensor g, Tensor a, Tensor b, bint need0, bint need1):
        """torch's formulas for mm and bmm on Tensors (under create_graph,
        and for an operand replaced through .data): mm's grad.mm(mat2.t())
        and self.t().mm(grad), bmm's grad.bmm(mat2.transpose(1, 2)) and
        self.transpose(1, 2).bmm(grad) -- not matmul's reshapes."""
        if len(self.a_shape) == 2:
            # NOTE [ mm's gradient for a column-major operand ]
            return [(mm(b, g.t()).t() if self.a_col else mm(g, b.t())) if need0 else None,
                    (mm(g.t(), a).t() if self.b_col else mm(a.t(), g)) if need1 else None]
        return [bmm(g, b.transpose(1, 2)) if need0 else None, bmm(a.transpose(1, 2), g) if need1 else None]


@cython.final
cdef class MmBackward0(MatmulBackward):
    pass


cdef tuple _mm_strides(tuple shape, bint col_major):
    return (1, shape[0]) if col_major else (shape[1], 1)


cdef object _saved_dim1(SavedVariable sv):
    """Size 1 of a saved 2-D operand, also once released (torch's sizes
    outlive the tensor)."""
    if sv is None:
        return None
    if sv.tensor_ is not None:
        return sv.tensor_.shape[1]
    return sv.data_.shape[1] if sv.data_ is not None else None


@cython.final
cdef class DotBackward0(MatmulBackward):
    pass


@cython.final
cdef class MvBackward0(MatmulBackward):
    pass


@cython.final
cdef class BmmBackward0(MatmulBackward):
    pass


cdef inline object _reshaped(object g, tuple shape):
    """g in `shape`; g itself when it has it (a reshape would make a view
    where torch's gradient is fresh)."""
    return g if tuple(g.shape) == shape else g.reshape(shape)


cdef tuple _promoted(tuple shape, bint left):
    if len(shape) == 1:
        return (1,) + shape if left else shape + (1,)
    return shape


cdef str _dims(shape):
    return "x".join([str(s) for s in shape])


# the result selective checkpointing hands the next matmul kernel instead of
# computing it (NOTE [ Selective activation checkpointing ] in
# utils/checkpoint.py); None whenever no cached op is being replayed
cdef object _sac_pre = None


def _sac_precompute(cached):
    """Hand (a Tensor) or withdraw (None) the cached output of the op about
    to be replayed; the kernel takes it once."""
    global _sac_pre
    _sac_pre = None if cached is None else (<Tensor?>cached).data_


cdef bint _sac_fits(x, y, shape) except -1:
    """Whether the pending cached result is the one this product gives (its
    shape and dtype); a mismatch computes (the checkpoint's own checks then
    report the nondeterminism)."""
    r = _sac_pre
    return type(r) is np.ndarray and tuple(r.shape) == tuple(shape) and r.dtype == x.dtype


cdef object _sac_take():
    global _sac_pre
    r = _sac_pre
    _sac_pre = None
    return r


cdef object _matmul_core(Tensor ta, Tensor tb, type name):
    x = ta.data_
    y = tb.data_
    if not cnp.PyArray_CheckExact(x) or not cnp.PyArray_CheckExact(y):   # (no np.ndarray lookups)
        return _matmul_xp(ta, tb, name)
    # one descriptor object is one dtype (no .dtype reads and comparison)
    if cnp.PyArray_DESCR(<cnp.ndarray>x) is not cnp.PyArray_DESCR(<cnp.ndarray>y) and x.dtype != y.dtype:
        if name is not BmmBackward0 or not _bmm_has_no_work(x, y):
            raise RuntimeError(_dtype_error(x, y, name))
        x = x.astype(y.dtype)   # NOTE [ bmm and operand dtypes ]
    # not under fp_quiet: numpy's matmul takes ~0.35 us longer with a
    # non-default error state, a fifth of the whole op at small sizes; an
    # overflowing product still warns numpy's RuntimeWarning (torch: quiet)
    if _sac_pre is not None and _sac_fits(x, y, x.shape[:-1] + y.shape[-1:] if y.ndim >= 2 else x.shape[:-1]):
        r = _sac_take()   # NOTE [ Selective activation checkpointing ]: a cached result
    else:
        try:
            r = np.matmul(x, y)
        except ValueError:
            raise RuntimeError(_matmul_error(x, y)) from None
    out = wrap_array(as_array(r))
    cdef MatmulBackward fn
    if is_grad_enabled_c() and (tensor_requires_grad(ta) or tensor_requires_grad(tb)):
        fn = new_node(name)
        fn.a_shape = tuple(x.shape)
        fn.b_shape = tuple(y.shape)
        if name is MmBackward0:
            fn.a_col = _col_major(x)
            fn.b_col = _col_major(y)
        fn.next_edges_ = next_edges2(ta, tb)
        set_history(out, fn, 0)
        _save_operands(fn, ta, tb, name)
    return out


cdef void _save_operands(MatmulBackward fn, Tensor ta, Tensor tb, type name) except *:
    """Both operands, in torch's order (the pack order saved-tensor hooks
    see): mm/bmm save mat2 before self (their formulas name mat2 first),
    mv/dot self first.
    Each only when the other's gradient is needed, as torch's generated code
    saves (self for mat2's gradient, mat2 for self's): an in-place change of
    an operand nobody differentiates through is then no version error."""
    if name is MmBackward0 or name is BmmBackward0:
        if tensor_requires_grad(ta):
            fn.sv1 = save_variable(tb, False)
        if tensor_requires_grad(tb):
            fn.sv0 = save_variable(ta, False)
    else:
        if tensor_requires_grad(tb):
            fn.sv0 = save_variable(ta, False)
        if tensor_requires_grad(ta):
            fn.sv1 = save_variable(tb, False)


# NOTE [ bmm and operand dtypes ]
# torch's CPU bmm never compares its operands' dtypes itself: its output
# takes batch2's dtype, and only a kernel that reads data fails. An empty
# result or a contraction of size 0 reads nothing, so mixed dtypes pass and
# the result has batch2's dtype. Otherwise a small product
# (contraction * rows * cols < 400: the naive kernel, dispatched on batch1)
# says "expected scalar type <batch1> but found <batch2>"; a larger one goes
# to the batched blas kernel, which says the reverse, when the result (bmm:
# batch2's dtype, baddbmm: its input's, batch1's) is of a
# float/complex dtype wider than 16 bits and each operand's matrices are
# row- or column-major (_items_contiguous_or_transposed: a 1-d operand of
# step 2 is neither), else it is split along the batch into mm's, whose
# check says "expected m1 and m2 to have the same dtype, but got: <batch1>
# != <batch2>" (c10's C++ type names).

cdef bint _bmm_has_no_work(x, y) except -1:
    """Shapes valid for a matmul that reaches bmm, and nothing to read."""
    k2 = y.shape[0] if y.ndim == 1 else y.shape[-2]
    if x.shape[-1] != k2:
        return False
    try:
        shape = np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
    except ValueError:
        return False
    rows = x.shape[-2] if x.ndim >= 2 else 1
    cols = y.shape[-1] if y.ndim >= 2 else 1
    n = rows * cols
    for d in shape:
        n *= d
    return n == 0 or x.shape[-1] == 0


cdef bint _items_contiguous_or_transposed(x):
    """Whether each matrix of a 3-d bmm operand is row- or column-major with
    room for its rows (torch's test for handing bmm to the batched blas
    kernel), from its element strides."""
    st = x.strides
    cdef Py_ssize_t isz = x.dtype.itemsize
    s1 = st[1] // isz
    s2 = st[2] // isz
    return (s2 == 1 and s1 >= x.shape[2]) or (s1 == 1 and s2 >= x.shape[1])


def bmm_dtype_error(x, y, bint baddbmm):
    """The message of bmm (baddbmm: of baddbmm, whose input has batch1's
    dtype) for 3-d operand arrays (or HostMeta) of different dtypes, by the
    kernel that reads them: NOTE [ bmm and operand dtypes ]."""
    cdef str a = _D._FROM_NP[x.dtype]._cname
    cdef str b = _D._FROM_NP[y.dtype]._cname
    if x.shape[-1] * x.shape[-2] * y.shape[-1] < 400:
        return f"expected scalar type {a} but found {b}"
    rt = x.dtype if baddbmm else y.dtype   # the result's
    if (rt.kind in "fc" and rt.itemsize > 2 and _items_contiguous_or_transposed(x)
            and _items_contiguous_or_transposed(y)):
        return f"expected scalar type {b} but found {a}"
    if baddbmm:   # split into addmm_'s of each batch
        return addmm_dtype_error(x.dtype, x.dtype, y.dtype)
    return f"expected m1 and m2 to have the same dtype, but got: {_ctype(x)} != {_ctype(y)}"


cdef str _dtype_error(x, y, type name):
    """The message of the kernel matmul reaches (dot, addmv, mm, bmm), each
    checking shapes first except dot."""
    cdef str a = _D._FROM_NP[x.dtype]._cname
    cdef str b = _D._FROM_NP[y.dtype]._cname
    if name is DotBackward0:
        return f"dot : expected both vectors to have same dtype, but found {a} and {b}"
    k2 = y.shape[0] if y.ndim == 1 else y.shape[-2]
    if x.shape[-1] != k2 or (name is BmmBackward0 and x.shape[:-2] != y.shape[:-2]):
        return _matmul_error(x, y)
    if name is MvBackward0:
        return f"addmv input tensors must have the same dtype, but got {b}, {a}, and {b}"
    if name is BmmBackward0:
        return bmm_dtype_error(x, y, False)
    return f"expected m1 and m2 to have the same dtype, but got: {_ctype(x)} != {_ctype(y)}"


cdef object _matmul_xp(Tensor ta, Tensor tb, type name):
    """_matmul_core for device tensors (2-d operands: mm) through the
    namespace (ops/_xp.py)."""
    x = ta.data_
    y = tb.data_
    # torch's generated device check names the CUDA kernel's wrapper and argument
    if name is MmBackward0:
        _xp.check_args("wrapper_CUDA_mm", ("self", x), ("mat2", y))
    elif name is BmmBackward0:
        _xp.check_args("wrapper_CUDA_bmm", ("self", x), ("mat2", y))
    elif name is DotBackward0:
        _xp.check_args("wrapper_CUDA__dot", ("self", x), ("tensor", y))
    else:   # mv is addmv_ into a result on the matrix's device
        _xp.check_args("wrapper_CUDA_addmv_", ("self", x), ("mat", x), ("vec", y))
    if _xp.npdtype(x) != _xp.npdtype(y):
        raise RuntimeError(_dtype_error(_xp.HostMeta(x), _xp.HostMeta(y), name))
    k2 = y.shape[0] if y.ndim == 1 else y.shape[-2]
    if x.shape[-1] != k2 or (name is BmmBackward0 and x.shape[:-2] != y.shape[:-2]):
        raise RuntimeError(_matmul_error(x, y))
    out = wrap_array(_xp.matmul_nd(x, y))
    cdef MatmulBackward fn
    if is_grad_enabled_c() and (tensor_requires_grad(ta) or tensor_requires_grad(tb)):
        fn = new_node(name)
        fn.a_shape = tuple(x.shape)
        fn.b_shape = tuple(y.shape)
        fn.next_edges_ = next_edges2(ta, tb)
        set_history(out, fn, 0)
        _save_operands(fn, ta, tb, name)
    return out


# the C++ type names c10's typeid prints (addmm_impl_cpu_'s "expected m1 and m2" check)
cdef dict _CTYPES = {"float16": "c10::Half", "bfloat16": "c10::BFloat16", "float32": "float",
                     "float64": "double", "int8": "signed char", "uint8": "unsigned char",
                     "int16": "short int", "int32": "int", "int64": "long int", "bool": "bool",
                     "complex64": "c10::complex<float>", "complex128": "c10::complex<double>"}


cdef str _ctype(x):
    return _CTYPES.get(x.dtype.name, x.dtype.name)


def ctype_name(npdtype):
    """c10's C++ name of a numpy dtype ("float", "long int", ...), as
    messages that print a tensor's TypeMeta say it."""
    return _CTYPES.get(npdtype.name, npdtype.name)


def addmm_dtype_error(self_dtype, mat1_dtype, mat2_dtype):
    """The message of addmm's meta function (addmm, linear with a bias, the
    per-batch addmm of baddbmm/addbmm) for operands of mixed numpy dtypes:
    self is compared with mat2 first, then mat1 with mat2 -- before any
    dimension or shape check. None when all three agree."""
    if self_dtype != mat2_dtype:
        return (f"self and mat2 must have the same dtype, but got {_D._FROM_NP[self_dtype]._cname} "
                f"and {_D._FROM_NP[mat2_dtype]._cname}")
    if mat1_dtype != mat2_dtype:
        return (f"mat1 and mat2 must have the same dtype, but got {_D._FROM_NP[mat1_dtype]._cname} "
                f"and {_D._FROM_NP[mat2_dtype]._cname}")
    return None


cdef str _matmul_error(x, y):
    if x.ndim == 1 and y.ndim == 1:
        return (f"inconsistent tensor size, expected tensor [{x.shape[0]}] and src [{y.shape[0]}] to have "
                f"the same number of elements, but got {x.shape[0]} and {y.shape[0]} elements respectively")
    if x.ndim <= 2 and y.ndim <= 2:
        xs = x.shape if x.ndim == 2 else (1,) + x.shape
        ys = y.shape if y.ndim == 2 else y.shape + (1,)
        if x.ndim == 2 and y.ndim == 1:
            return f"size mismatch, got input ({x.shape[0]}), mat ({_dims(x.shape)}), vec ({y.shape[0]})"
        return f"mat1 and mat2 shapes cannot be multiplied ({_dims(xs)} and {_dims(ys)})"
    return (f"Expected size for first two dimensions of batch2 tensor to be: "
            f"[{x.shape[0] if x.ndim > 2 else 1}, {x.shape[-1]}] but got: [{y.shape[0] if y.ndim > 2 else 1}, {y.shape[-2] if y.ndim > 1 else y.shape[0]}].")


cdef Tensor _tensor_arg(x, str fname, str argname, int pos):
    if not isinstance(x, Tensor):
        raise TypeError(f"{fname}(): argument '{argname}' (position {pos}) must be Tensor, not {type_name(x)}")
    return x


cdef bint _should_fold(Tensor a, Tensor b, Py_ssize_t an, Py_ssize_t bn):
    """Whether matmul folds the batch of the larger operand into a matrix and
    calls mm/mv instead of bmm (at::native's should_fold): when the smaller
    operand requires grad, or when the fold needs no copy."""
    cdef bint larger = an >= bn
    if type(a.data_) is not np.ndarray or type(b.data_) is not np.ndarray:
        t1 = _xp.HostMeta(a.data_ if larger else b.data_, not larger)   # NOTE [ Device backends ]
    else:
        t1 = a.data_ if larger else np.swapaxes(b.data_, -1, -2)
    cdef Py_ssize_t dim_t1 = t1.ndim
    cdef Py_ssize_t dim_t2 = bn if larger else an
    if not (dim_t1 >= 3 and dim_t2 <= 2):
        return False
    if tensor_requires_grad(b if larger else a):
        return True
    if an == 2:
        return False
    if t1.size == 0:
        return True
    shape = t1.shape
    strides = t1.strides
    for i in range(dim_t1 - 2):
        if strides[i] != strides[i + 1] * shape[i + 1]:
            return False
    return True


def matmul(input, other):
    """torch.matmul, decomposed exactly as ATen's composite matmul so the graph
    (node names, versions, views) is torch's: dot, mv, mm; vector @ matrix is
    unsqueeze -> mm -> squeeze_ (version 1, SqueezeBackward4); a batched
    operand is folded into mm/mv or expanded and reshaped for bmm, the result
    an _unsafe_view."""
    cdef Tensor a = _tensor_arg(input, "matmul", "input", 1)
    cdef Tensor b = _tensor_arg(other, "matmul", "other", 2)
    # (numpy arrays: the dims in C, without two .ndim attribute reads)
    cdef Py_ssize_t an = cnp.PyArray_NDIM(<cnp.ndarray>a.data_) if cnp.PyArray_CheckExact(a.data_) else a.data_.ndim
    cdef Py_ssize_t bn = cnp.PyArray_NDIM(<cnp.ndarray>b.data_) if cnp.PyArray_CheckExact(b.data_) else b.data_.ndim
    if an == 0 or bn == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {an}D and {bn}D")
    edges_first(a)   # NOTE [ Gradient edges before kernel checks ]: the ops matmul calls
    edges_first(b)
    if an == 1 and bn == 1:
        return dot(a, b)
    if an == 2 and bn == 1:
        return mv(a, b)
    if an == 2 and bn == 2:
        return _matmul_core(a, b, MmBackward0)
    if an == 1 and bn == 2:
        return _shape._squeeze_dim_(mm(_shape.unsqueeze(a, 0), b), 0)
    if _should_fold(a, b, an, bn):
        transpose = bn > an
        t1 = _shape.transpose(b, -2, -1) if transpose else a
        t2 = (_shape.t(a) if an == 2 else a) if transpose else b
        sizes1 = tuple(t1.shape)
        out_shape = sizes1[:-1]
        folded = 1
        for s in out_shape:
            folded *= s
        t1_folded = _shape.reshape(t1, (folded, sizes1[-1]))
        if t2.ndim == 2:
            out_shape = out_shape + (t2.shape[1],)
            output = _shape._unsafe_view(mm(t1_folded, t2), out_shape)
            return _shape.contiguous(_shape.transpose(output, -2, -1)) if transpose else output
        return _shape._unsafe_view(mv(t1_folded, t2), out_shape)
    sa = tuple(a.data_.shape)
    sb = tuple(b.data_.shape)
    n = sa[-2] if an > 1 else 1
    m1 = sa[-1]
    batch1 = sa[:max(an - 2, 0)]
    m2 = sb[-2] if bn > 1 else sb[0]
    p = sb[-1] if bn > 1 else 1
    batch2 = sb[:max(bn - 2, 0)]
    if an == 3 and bn == 3 and batch1[0] != batch2[0]:
        if batch1[0] == 1 and tensor_requires_grad(a):
            return matmul(_shape.squeeze(a, 0), b)
        if batch2[0] == 1 and tensor_requires_grad(b):
            return matmul(a, _shape.squeeze(b, 0))
    batch = _infer_size(batch1, batch2)
    nb = 1
    for s in batch:
        nb *= s
    a_exp = _shape.reshape(_shape.expand(a, batch + (n, m1)), (nb, n, m1))
    if bn == 1:
        b_exp = _shape.unsqueeze(_shape.reshape(_shape.expand(b, batch + (m2,)), (nb, m2)), 2)
    else:
        b_exp = _shape.reshape(_shape.expand(b, batch + (m2, p)), (nb, m2, p))
    out_shape = batch + ((n,) if an > 1 else ()) + ((p,) if bn > 1 else ())
    r = bmm(a_exp, b_exp)
    if bn == 1:
        r = _shape.squeeze(r, -1)
    return _shape._unsafe_view(r, out_shape)


cdef tuple _infer_size(tuple a, tuple b):
    """Broadcast two batch shapes, with torch's error."""
    cdef Py_ssize_t na = len(a), nb = len(b), n = max(na, nb), i
    out = [0] * n
    for i in range(n - 1, -1, -1):
        off = n - 1 - i
        sa = a[na - 1 - off] if na - 1 - off >= 0 else 1
        sb = b[nb - 1 - off] if nb - 1 - off >= 0 else 1
        if sa != sb and sa != 1 and sb != 1:
            raise RuntimeError(f"The size of tensor a ({sa}) must match the size of tensor b ({sb}) "
                               f"at non-singleton dimension {i}")
        out[i] = sa if sb == 1 else sb
    return tuple(out)


cdef object _matmul_op(object a, object b):
    if not isinstance(b, Tensor):
        return NotImplemented
    return matmul(a, b)


tensor_dispatch().matmul = _matmul_op


def mm(input, mat2):
    cdef Tensor a = _tensor_arg(input, "mm", "input", 1)
    cdef Tensor b = _tensor_arg(mat2, "mm", "mat2", 2)
    edges_first(a)
    edges_first(b)
    if a.data_.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if b.data_.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    return _matmul_core(a, b, MmBackward0)


def bmm(input, mat2):
    cdef Tensor a = _tensor_arg(input, "bmm", "input", 1)
    cdef Tensor b = _tensor_arg(mat2, "bmm", "mat2", 2)
    edges_first(a)
    edges_first(b)
    if a.data_.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if b.data_.ndim != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    if a.data_.shape[0] != b.data_.shape[0] or a.data_.shape[2] != b.data_.shape[1]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{a.data_.shape[0]}, {a.data_.shape[2]}] but got: [{b.data_.shape[0]}, {b.data_.shape[1]}].")
    return _matmul_core(a, b, BmmBackward0)


def dot(input, other):
    cdef Tensor a = _tensor_arg(input, "dot", "input", 1)
    cdef Tensor b = _tensor_arg(other, "dot", "tensor", 2)
    edges_first(a)
    edges_first(b)
    if a.data_.ndim != 1 or b.data_.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.data_.ndim}D and {b.data_.ndim}D tensors")
    return _matmul_core(a, b, DotBackward0)


def mv(input, vec):
    cdef Tensor a = _tensor_arg(input, "mv", "input", 1)
    cdef Tensor b = _tensor_arg(vec, "mv", "vec", 2)
    edges_first(a)
    edges_first(b)
    # torch's mv: the result is empty({mat.size(0)}), then addmv's check (self,
    # mat, vec dims), before any numpy broadcasting
    if a.data_.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    if a.data_.ndim != 2 or b.data_.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {a.data_.ndim}, {b.data_.ndim}")
    return _matmul_core(a, b, MvBackward0)


@cython.final
cdef object _transpose_2d(object g):
    """g.T for a 2-D gradient; when g is itself the transpose of an array
    that owns its data, that array (same memory, same layout), so that
    AccumulateGrad can take it without a copy."""
    cdef cnp.ndarray r, b
    if isinstance(g, Tensor):
        return g.t()
    if type(g) is not np.ndarray:
        return _xp.transpose2d(g)   # NOTE [ Device backends ]
    r = np.transpose(g)
    base = <object>cnp.PyArray_BASE(r) if cnp.PyArray_BASE(r) != NULL else None
    if type(base) is np.ndarray:
        b = <cnp.ndarray>base
        if (cnp.PyArray_NDIM(b) == 2 and cnp.PyArray_DATA(b) == cnp.PyArray_DATA(r)
                and cnp.PyArray_DIMS(b)[0] == cnp.PyArray_DIMS(r)[0]
                and cnp.PyArray_DIMS(b)[1] == cnp.PyArray_DIMS(r)[1]
                and cnp.PyArray_STRIDES(b)[0] == cnp.PyArray_STRIDES(r)[0]
                and cnp.PyArray_STRIDES(b)[1] == cnp.PyArray_STRIDES(r)[1]):
            return b
    return r


@cython.final
cdef class TBackward0(Node):
    """w.t() inside linear (torch's addmm(bias, x, w.t())): the weight's
    gradient passes through a transpose."""

    cdef list apply(self, list grads):
        return [_transpose_2d(grads[0])]


@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class AddmmBackward0(BinaryNode):
    # out = bias + x @ w.T (linear) = addmm(bias, x, w.t()) as torch: sv0: x,
    # sv1: w; edges: bias, x, and mat2 = w.t() through a TBackward0 node
    cdef tuple bias_shape
    cdef bint x_col       # NOTE [ mm's gradient for a column-major operand ]:
    cdef bint w_row       # mat1 = x column-major; mat2 = w.t() column-major (w row-major)
    # x's and w's sizes and strides (in elements), for torch's saved
    # mat1_sym_sizes/strides and mat2_sym_sizes/strides (of w.t()); geom is
    # False where the operands were no host arrays
    cdef Py_ssize_t geo[8]
    cdef bint geom

    @property
    def _saved_mat1_sym_sizes(self):
        return (self.geo[0], self.geo[1]) if self.geom else None

    @property
    def _saved_mat1_sym_strides(self):
        # torch saves mat1's strides for mat1's gradient only: () otherwise
        # (mat2 = w is saved exactly when x requires grad)
        return ((self.geo[2], self.geo[3]) if self.geom else None) if self.sv1 is not None else ()

    @property
    def _saved_mat2_sym_sizes(self):
        return (self.geo[5], self.geo[4]) if self.geom else None

    @property
    def _saved_mat2_sym_strides(self):
        return ((self.geo[7], self.geo[6]) if self.geom else None) if self.sv0 is not None else ()

    @property
    def _saved_mat2(self):
        if self.sv1 is None:
            return None
        return self.sv1.unpack_user(self, True).t()   # torch saves mat2 = w.t()

    @property
    def _raw_saved_mat2(self):
        # the saved weight itself (its hooks are the ones backward unpacks
        # through); torch's holds w.t(), a view of it
        return undefined_saved_tensor() if self.sv1 is None else self.sv1

    @property
    def _saved_alpha(self):
        return 1

    @property
    def _saved_beta(self):
        return 1

    def _cya_saved_pairs(self):
        return [("mat1", self.sv0)]

    cdef list apply(self, list grads):
        g = grads[0]
        # each operand was saved only for the other's gradient
        x = self.v0(g) if self.sv0 is not None else None
        w = self.v1(g) if self.sv1 is not None else None
        rb = rx = rw = None
        if type(g) is not np.ndarray and not isinstance(g, Tensor):   # NOTE [ Device backends ]
            return _xp.addmm_backward(g, x, w, self.bias_shape, self.should_compute_output(0),
                                      self.should_compute_output(1), self.should_compute_output(2))
        if self.should_compute_output(0):
            if not isinstance(g, Tensor) and len(self.bias_shape) == 1 and g.ndim == 2:
                rb = k_reduce2d(K_ADD, g, 0, False)
            else:
                rb = unbroadcast(g, self.bias_shape)
        # NOTE [ mm's gradient for a column-major operand ]: mat1 = x's is
        # (mat2 @ g.T).T = (w.T @ g.T).T when x was column-major, else g @ w;
        # mat2 = w.t()'s is (g.T @ x).T when w was row-major (w.t()
        # column-major: the common case), else x.T @ g
        if isinstance(g, Tensor):
            if self.should_compute_output(1):
                rx = w.t().mm(g.t()).t() if self.x_col else _mm(g, w)
            if self.should_compute_output(2):
                rw = g.t().mm(x).t() if self.w_row else x.t().mm(g)
            return [rb, rx, rw]
        if self.should_compute_output(1):
            rx = np.transpose(_mm(np.transpose(w), np.transpose(g))) if self.x_col else _mm(g, w)
        if self.should_compute_output(2):
            rw = np.transpose(_mm(np.transpose(g), x)) if self.w_row else _mm(np.transpose(x), g)
        return [rb, rx, rw]


def linear(input, weight, bias=None):
    cdef Tensor x = _tensor_arg(input, "linear", "input", 1)
    cdef Tensor w = _tensor_arg(weight, "linear", "weight", 2)
    cdef Tensor b
    cdef AddmmBackward0 fn
    cdef Py_ssize_t xd = x.data_.ndim, wd = w.data_.ndim, i, rows = 1
    # NOTE [ linear's paths ]: at::native::linear, path for path, since each
    # leaves its own graph, versions and errors: 0-d operands refused first;
    # 2-D input with a bias is addmm(bias, input, weight.t()) (fused below);
    # a contiguous input with a contiguous bias of one non-unit dimension
    # (1-D, or 1-D once squeezed: torch's "bias likely fusable") is
    # flattened to 2-D, addmm'ed and viewed back (_flatten_nd_linear:
    # ViewBackward0 over AddmmBackward0); anything else is
    # matmul(input, weight.t()) and then an in-place add_ of the bias
    # (AddBackward0, the output's _version 1). weight.t() is always taken,
    # so a 1-D weight gets its TBackward0 and a 3-D one t()'s error.
    if xd == 0 or wd == 0:
        raise RuntimeError(f"both arguments to linear need to be at least 1D, but they are {xd}D and {wd}D")
    if bias is None:
        return matmul(x, w.t())
    b = bias
    if xd != 2:
        if ((b.data_.ndim == 1 or sum([d != 1 for d in b.data_.shape]) == 1) and b.is_contiguous()
                and x.is_contiguous()):
            sizes = tuple(x.data_.shape)
            for i in range(xd - 1):
                rows *= sizes[i]
            r = linear(x.reshape(rows, sizes[xd - 1]), w, b)
            return r.view(sizes[:xd - 1] + (r.shape[1],))
        return matmul(x, w.t()).add_(b)
    if wd != 2:
        w.t()   # t()'s error for a weight of more than 2 dimensions
        raise RuntimeError(f"mat2 must be a matrix, got {wd}-D tensor")
    xa = x.data_
    wa = w.data_
    cdef bint dev = type(xa) is not np.ndarray or type(wa) is not np.ndarray or type(b.data_) is not np.ndarray
    if dev:   # NOTE [ Device backends ]
        _xp.check_args("wrapper_CUDA_addmm", ("self", b.data_), ("mat1", xa), ("mat2", wa))
        xa = _xp.HostMeta(xa)
        wa = _xp.HostMeta(wa)
    if xa.dtype != wa.dtype or xa.dtype != _xp.npdtype(b.data_):
        raise RuntimeError(addmm_dtype_error(_xp.npdtype(b.data_), xa.dtype, wa.dtype))
    if xa.shape[1] != wa.shape[1]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({_dims(xa.shape)} and {wa.shape[1]}x{wa.shape[0]})")
    try:
        if dev:
            xa = x.data_
            wa = w.data_
            r = _xp.linear(xa, wa, b.data_)
        elif _sac_pre is not None and _sac_fits(xa, wa, (xa.shape[0], wa.shape[0])):
            r = _sac_take()   # NOTE [ Selective activation checkpointing ]: a cached result
        else:
            r = _mm(xa, wa.T)
            r += b.data_
    except ValueError:
        # addmm expands the bias to the result's shape: expand's error
        b.expand(xa.shape[0], wa.shape[0])
        raise RuntimeError(f"The size of tensor a ({b.data_.shape[-1]}) must match the size of tensor b ({r.shape[-1]}) at non-singleton dimension 1") from None
    out = wrap_array(r)
    if is_grad_enabled_c() and (tensor_requires_grad(x) or tensor_requires_grad(w) or tensor_requires_grad(b)):
        fn = <AddmmBackward0>new_node(AddmmBackward0)
        fn.bias_shape = tuple(b.data_.shape)
        fn.x_col = _col_major(xa)
        fn.w_row = _row_major(wa)
        if cnp.PyArray_CheckExact(xa) and cnp.PyArray_CheckExact(wa):
            fn.geom = True
            fn.geo[0] = cnp.PyArray_DIMS(<cnp.ndarray>xa)[0]
            fn.geo[1] = cnp.PyArray_DIMS(<cnp.ndarray>xa)[1]
            fn.geo[2] = cnp.PyArray_STRIDES(<cnp.ndarray>xa)[0] // cnp.PyArray_ITEMSIZE(<cnp.ndarray>xa)
            fn.geo[3] = cnp.PyArray_STRIDES(<cnp.ndarray>xa)[1] // cnp.PyArray_ITEMSIZE(<cnp.ndarray>xa)
            fn.geo[4] = cnp.PyArray_DIMS(<cnp.ndarray>wa)[0]
            fn.geo[5] = cnp.PyArray_DIMS(<cnp.ndarray>wa)[1]
            fn.geo[6] = cnp.PyArray_STRIDES(<cnp.ndarray>wa)[0] // cnp.PyArray_ITEMSIZE(<cnp.ndarray>wa)
            fn.geo[7] = cnp.PyArray_STRIDES(<cnp.ndarray>wa)[1] // cnp.PyArray_ITEMSIZE(<cnp.ndarray>wa)
        ne = next_edges3(b, x, w)
        if ne[4] is not None:
            tn = <TBackward0>new_node(TBackward0)
            tn.next_edges_ = ne[4:]
            if cnp.PyArray_CheckExact(wa):
                tn.in_ndim0_ = 2                      # the shape of w.t()
                tn.in_dims0_[0] = cnp.PyArray_DIMS(<cnp.ndarray>wa)[1]
                tn.in_dims0_[1] = cnp.PyArray_DIMS(<cnp.ndarray>wa)[0]
                tn.in_dtype0_ = <object>cnp.PyArray_DESCR(<cnp.ndarray>wa)
            else:
                tn.set_input_metadata_from(0, wa.T)
            ne = ne[:4] + (tn, 0)
        fn.next_edges_ = ne
        set_history(out, fn, 0)
        # torch's addmm saves mat1 only for mat2's gradient and mat2 only for
        # mat1's: an in-place change of an operand nobody differentiates
        # through is no version error (as _save_operands for mm)
        if tensor_requires_grad(w):
            fn.sv0 = save_variable(x, False)
        if tensor_requires_grad(x):
            fn.sv1 = save_variable(w, False)
    return out
