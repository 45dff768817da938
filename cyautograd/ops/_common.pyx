# cython: language_level=3
"""Operand preparation and polymorphic helpers shared by the op modules."""
cimport cython
cimport numpy as cnp
from cyautograd.tensor cimport Tensor, wrap_array
from cyautograd.kernels cimport k_like_layout

import numpy as np
from cyautograd import dtypes as _D

cnp.import_array()

cdef object _ndarray = np.ndarray

_OPS = None


def _set_ops(ns):
    global _OPS
    _OPS = ns


cdef object ops_ns():
    return _OPS


cdef object as_array_slow(object r):
    if isinstance(r, np.generic):
        return np.asarray(r)
    return r


cdef object xp_of(object g):
    """The namespace for a backward formula: numpy for arrays, the
    differentiable ops for Tensors (create_graph)."""
    if isinstance(g, Tensor):
        return _OPS
    if type(g) is np.ndarray or isinstance(g, np.generic):
        return np
    return _OPS.array_module(g)


cdef object _scalar_types = (bool, int, float, np.bool_, np.integer, np.floating)


cdef object broadcast_error(object x, object y):
    xs, ys = tuple(x.shape), tuple(y.shape)
    n = max(len(xs), len(ys))
    xs2 = (1,) * (n - len(xs)) + xs
    ys2 = (1,) * (n - len(ys)) + ys
    for i in range(n - 1, -1, -1):
        if xs2[i] != ys2[i] and xs2[i] != 1 and ys2[i] != 1:
            return RuntimeError(f"The size of tensor a ({xs2[i]}) must match the size of tensor b "
                                f"({ys2[i]}) at non-singleton dimension {i}")
    return RuntimeError("shape mismatch")


cdef object promote_result(object a, object b):
    return _D.result_type(a, b)


cdef Tensor to_tensor(object x, Tensor like):
    if isinstance(x, Tensor):
        return x
    if isinstance(x, _scalar_types):
        return wrap_array(np.asarray(x))
    raise TypeError(f"expected Tensor as element 1 in argument 0, but got {type(x).__name__}")


cdef object scalar_array(object v, object npd):
    """A Python/numpy scalar as a 0-d array of dtype `npd`, as torch converts a
    wrapped number: an int outside a small integral dtype wraps around
    (uint8 + 300 adds 44), an int outside int64 raises OverflowError."""
    if type(v) is int and (v < -0x8000000000000000 or v > 0xFFFFFFFFFFFFFFFF):
        raise OverflowError("int too big to convert" if v > 0 else "can't convert negative int to unsigned")
    if type(v) is int and npd.kind in "iu":
        info = np.iinfo(npd)
        if v < info.min or v > info.max:
            v = v % (1 << (8 * npd.itemsize))
            if npd.kind == "i" and v > info.max:
                v -= 1 << (8 * npd.itemsize)
    return np.asarray(v, dtype=npd)


cdef tuple prep_binary(object a, object b, str opname):
    """(ta, tb, x, y, out_dtype): operands as Tensors (None for a scalar) and
    arrays already converted to the torch result dtype (a converted array
    in the layout of torch's x.to(dtype), the operand TensorIterator then
    orders the result by: NOTE [ Elementwise output layout ])."""
    cdef Tensor ta = None, tb = None
    if isinstance(a, Tensor):
        ta = a
    elif not isinstance(a, _scalar_types):
        return None
    if isinstance(b, Tensor):
        tb = b
    elif not isinstance(b, _scalar_types):
        return None
    if ((ta is not None and type(ta.data_) is not _ndarray)
            or (tb is not None and type(tb.data_) is not _ndarray)):
        # NOTE [ Device backends ]: device operands of torch's result dtype
        # on one device (mixed devices raise torch's TensorIterator error)
        from cyautograd.ops import _xp
        x, y, rd = _xp.operands(a, None if ta is None else ta.data_, b, None if tb is None else tb.data_)
        return (ta, tb, x, y, rd)
    rd = _D.result_type(a, b)
    npd = rd.np
    if ta is not None:
        x = ta.data_
        if x.dtype != npd:
            x = k_like_layout(x.astype(npd), x)
    else:
        x = scalar_array(a, npd)
    if tb is not None:
        y = tb.data_
        if y.dtype != npd:
            y = k_like_layout(y.astype(npd), y)
    else:
        y = scalar_array(b, npd)
    return (ta, tb, x, y, rd)


cdef object unbroadcast(object g, object shape):
    """Sum `g` down to `shape` (at::sum_to)."""
    gshape = tuple(g.shape)
    shape = tuple(shape)
    if gshape == shape:
        return g
    # as at::sum_to, also in what aliases what (NOTE [ Gradients as torch
    # returns them ] in engine.pyx): a 0-d target is a fresh full sum, the
    # keepdim sum is fresh, and only dropping leading dims makes a view
    if len(shape) == 0 and (isinstance(g, (Tensor, np.generic)) or type(g) is np.ndarray):
        return g.sum() if isinstance(g, Tensor) else as_array(g.sum())
    lead = len(gshape) - len(shape)
    axes = list(range(lead))
    for i in range(len(shape)):
        if shape[i] == 1 and gshape[lead + i] != 1:
            axes.append(lead + i)
    if isinstance(g, Tensor):
        if axes:
            g = g.sum(dim=tuple(axes), keepdim=True)
        return g.reshape(shape) if lead > 0 else g
    if type(g) is not np.ndarray and not isinstance(g, np.generic):
        from cyautograd.ops import _xp   # a device array: NOTE [ Device backends ]
        return _xp.sum_to(g, tuple(axes), shape)
    if axes:
        g = as_array(g.sum(axis=tuple(axes), keepdims=True))
    return g.reshape(shape) if lead > 0 else g


cdef Py_ssize_t wrap_dim(object dim, Py_ssize_t ndim) except -1:
    cdef Py_ssize_t d
    cdef Py_ssize_t n = ndim if ndim > 0 else 1
    # a plain int (the common case) skips the isinstance tuple, whose
    # np.integer is a module attribute lookup on every call
    if type(dim) is not int and (not isinstance(dim, (int, np.integer)) or type(dim) is bool):
        # a bool is an int to Python, never to torch's parser (THPUtils_checkLong)
        raise TypeError(f"dim must be an int, got {type(dim).__name__}")
    try:
        d = dim
    except OverflowError:
        raise ValueError("Overflow when unpacking long long") from None
    if d < -n or d >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
    return d + n if d < 0 else d


cdef tuple wrap_dims(object dim, Py_ssize_t ndim):
    if isinstance(dim, (list, tuple)):
        wrapped = [wrap_dim(d, ndim) for d in dim]
        seen = set()
        for d in wrapped:
            if d in seen:
                # torch names the (wrapped) dim, as dim_list_to_bitset does
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
            seen.add(d)
        return tuple(sorted(seen))
    return (wrap_dim(dim, ndim),)


# =============================================================================
# Forward-mode AD support (cyautograd.autograd.forward_ad): the raw tangent
# slot of AutogradMeta, the forward ViewInfo of a view, tangent layouts, and
# the swap of Tensor's dispatch table for trampolines into forward_ad while a
# dual level is open (NOTE [ Forward AD dispatch ] in autograd/forward_ad.py).
# =============================================================================
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.view_meta cimport DifferentiableViewMeta, make_view
from cyautograd.variable cimport materialize_autograd_meta
from cyautograd.tensor cimport TensorDispatch, tensor_dispatch, binary_fn, unary_fn


def _fw_grads(Tensor t not None):
    """The tensor's ForwardGrad {level: tangent}, or None."""
    cdef AutogradMeta m = t.autograd_meta_
    return None if m is None else m.fw_grad_


def _fw_store(Tensor t not None, Py_ssize_t level, tangent):
    """Store (tangent a Tensor) or drop (None) the raw tangent at `level`."""
    cdef AutogradMeta m = t.autograd_meta_
    if tangent is None:
        if m is not None and m.fw_grad_ is not None:
            m.fw_grad_.pop(level, None)
            if not m.fw_grad_:
                m.fw_grad_ = None
        return
    if not isinstance(tangent, Tensor):
        raise TypeError("a tangent must be a Tensor")
    m = materialize_autograd_meta(t)
    if m.fw_grad_ is None:
        m.fw_grad_ = {}
    m.fw_grad_[level] = tangent


def _fw_view_info(Tensor t not None):
    """(base, view_fn) of the tensor's forward ViewInfo, or None when it is
    not a forward-differentiable view (NOTE [ Forward view info ])."""
    cdef AutogradMeta m = t.autograd_meta_
    cdef DifferentiableViewMeta dm
    if m is None or not m.c.is_view:
        return None
    dm = <DifferentiableViewMeta>m
    if dm.v.shared_view_info:
        return None if dm.bw_base_ is None else (dm.bw_base_, dm.bw_view_fn_)
    if dm.fw_base_ is None:
        return None
    return (dm.fw_base_, dm.fw_view_fn_)


def _fw_drop_view_info(Tensor t not None):
    """Make a fresh view forward-non-differentiable (make_dual's result,
    unpack_dual's primal): keep its backward ViewInfo, no forward one."""
    cdef AutogradMeta m = t.autograd_meta_
    cdef DifferentiableViewMeta dm
    if m is None or not m.c.is_view:
        return
    dm = <DifferentiableViewMeta>m
    dm.v.shared_view_info = 0
    dm.fw_base_ = None
    dm.fw_view_fn_ = None


cdef object _fw_hook = None   # callable(name, original, args) while a level is open


@cython.final
cdef class _BinaryOp:
    cdef binary_fn f
    cdef readonly str name

    def __call__(self, a, b):
        return self.f(a, b)


@cython.final
cdef class _UnaryOp:
    cdef unary_fn f
    cdef readonly str name

    def __call__(self, a):
        return self.f(a)


cdef TensorDispatch _fw_saved
cdef bint _fw_swapped = False
cdef dict _fw_orig = {}

cdef object _fw_tr_add(object a, object b):
    return _fw_hook("add", _fw_orig["add"], (a, b))

cdef object _fw_tr_sub(object a, object b):
    return _fw_hook("sub", _fw_orig["sub"], (a, b))

cdef object _fw_tr_mul(object a, object b):
    return _fw_hook("mul", _fw_orig["mul"], (a, b))

cdef object _fw_tr_truediv(object a, object b):
    return _fw_hook("truediv", _fw_orig["truediv"], (a, b))

cdef object _fw_tr_pow(object a, object b):
    return _fw_hook("pow", _fw_orig["pow"], (a, b))

cdef object _fw_tr_matmul(object a, object b):
    return _fw_hook("matmul", _fw_orig["matmul"], (a, b))

cdef object _fw_tr_rsub(object a, object b):
    return _fw_hook("rsub", _fw_orig["rsub"], (a, b))

cdef object _fw_tr_rtruediv(object a, object b):
    return _fw_hook("rtruediv", _fw_orig["rtruediv"], (a, b))

cdef object _fw_tr_rpow(object a, object b):
    return _fw_hook("rpow", _fw_orig["rpow"], (a, b))

cdef object _fw_tr_iadd(object a, object b):
    return _fw_hook("iadd", _fw_orig["iadd"], (a, b))

cdef object _fw_tr_isub(object a, object b):
    return _fw_hook("isub", _fw_orig["isub"], (a, b))

cdef object _fw_tr_imul(object a, object b):
    return _fw_hook("imul", _fw_orig["imul"], (a, b))

cdef object _fw_tr_itruediv(object a, object b):
    return _fw_hook("itruediv", _fw_orig["itruediv"], (a, b))

cdef object _fw_tr_getitem(object a, object b):
    return _fw_hook("getitem", _fw_orig["getitem"], (a, b))

cdef object _fw_tr_view(object a, object b):
    return _fw_hook("view", _fw_orig["view"], (a, b))

cdef object _fw_tr_view1(object a, object b):
    return _fw_hook("view1", _fw_orig["view1"], (a, b))

cdef object _fw_tr_eq(object a, object b):
    return _fw_hook("eq", _fw_orig["eq"], (a, b))

cdef object _fw_tr_ne(object a, object b):
    return _fw_hook("ne", _fw_orig["ne"], (a, b))

cdef object _fw_tr_lt(object a, object b):
    return _fw_hook("lt", _fw_orig["lt"], (a, b))

cdef object _fw_tr_le(object a, object b):
    return _fw_hook("le", _fw_orig["le"], (a, b))

cdef object _fw_tr_gt(object a, object b):
    return _fw_hook("gt", _fw_orig["gt"], (a, b))

cdef object _fw_tr_ge(object a, object b):
    return _fw_hook("ge", _fw_orig["ge"], (a, b))

cdef object _fw_tr_neg(object a):
    return _fw_hook("neg", _fw_orig["neg"], (a,))

cdef object _fw_tr_t(object a):
    return _fw_hook("t", _fw_orig["t"], (a,))

cdef object _fw_tr_numpy_T(object a):
    return _fw_hook("numpy_T", _fw_orig["numpy_T"], (a,))


def _fw_dispatch_originals():
    """{name: callable}: the dispatch table's differentiable entries."""
    cdef TensorDispatch* d = tensor_dispatch()
    cdef _BinaryOp b
    cdef _UnaryOp u
    src = d[0] if not _fw_swapped else _fw_saved
    r = {}
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.add; b.name = "add"; r["add"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.sub; b.name = "sub"; r["sub"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.mul; b.name = "mul"; r["mul"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.truediv; b.name = "truediv"; r["truediv"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.pow; b.name = "pow"; r["pow"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.matmul; b.name = "matmul"; r["matmul"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.rsub; b.name = "rsub"; r["rsub"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.rtruediv; b.name = "rtruediv"; r["rtruediv"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.rpow; b.name = "rpow"; r["rpow"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.iadd; b.name = "iadd"; r["iadd"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.isub; b.name = "isub"; r["isub"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.imul; b.name = "imul"; r["imul"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.itruediv; b.name = "itruediv"; r["itruediv"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.getitem; b.name = "getitem"; r["getitem"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.view; b.name = "view"; r["view"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.view1; b.name = "view1"; r["view1"] = b
    # the comparison operators (x > 0.5): selective checkpointing reports
    # them as torch's modes see them (gt.Scalar / gt.Tensor)
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.eq; b.name = "eq"; r["eq"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.ne; b.name = "ne"; r["ne"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.lt; b.name = "lt"; r["lt"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.le; b.name = "le"; r["le"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.gt; b.name = "gt"; r["gt"] = b
    b = _BinaryOp.__new__(_BinaryOp); b.f = src.ge; b.name = "ge"; r["ge"] = b
    u = _UnaryOp.__new__(_UnaryOp); u.f = src.neg; u.name = "neg"; r["neg"] = u
    u = _UnaryOp.__new__(_UnaryOp); u.f = src.t; u.name = "t"; r["t"] = u
    u = _UnaryOp.__new__(_UnaryOp); u.f = src.numpy_T; u.name = "numpy_T"; r["numpy_T"] = u
    return r


def _fw_swap_dispatch(hook):
    """Install (hook callable) or remove (None) the forward-AD trampolines in
    Tensor's dispatch table; see NOTE [ Forward AD dispatch ]."""
    global _fw_hook, _fw_swapped, _fw_saved, _fw_orig
    cdef TensorDispatch* d = tensor_dispatch()
    if hook is None:
        if _fw_swapped:
            d[0] = _fw_saved
            _fw_swapped = False
        _fw_hook = None
        return
    if not _fw_swapped:
        _fw_orig = _fw_dispatch_originals()
        _fw_saved = d[0]
        d.add = _fw_tr_add
        d.sub = _fw_tr_sub
        d.mul = _fw_tr_mul
        d.truediv = _fw_tr_truediv
        d.pow = _fw_tr_pow
        d.matmul = _fw_tr_matmul
        d.rsub = _fw_tr_rsub
        d.rtruediv = _fw_tr_rtruediv
        d.rpow = _fw_tr_rpow
        d.iadd = _fw_tr_iadd
        d.isub = _fw_tr_isub
        d.imul = _fw_tr_imul
        d.itruediv = _fw_tr_itruediv
        d.getitem = _fw_tr_getitem
        d.view = _fw_tr_view
        d.view1 = _fw_tr_view1
        d.eq = _fw_tr_eq
        d.ne = _fw_tr_ne
        d.lt = _fw_tr_lt
        d.le = _fw_tr_le
        d.gt = _fw_tr_gt
        d.ge = _fw_tr_ge
        d.neg = _fw_tr_neg
        d.t = _fw_tr_t
        d.numpy_T = _fw_tr_numpy_T
        _fw_swapped = True
    _fw_hook = hook


cdef extern from *:
    """
    static int cya_fw_type_dict_set(PyObject *type, PyObject *name, PyObject *value) {
        PyTypeObject *t = (PyTypeObject *)type;
        int r = PyDict_SetItem(t->tp_dict, name, value);
        PyType_Modified(t);
        return r;
    }
    """
    int cya_fw_type_dict_set(object type, object name, object value) except -1


def _fw_set_tensor_method(str name, value):
    """Write an entry of Tensor's (static) type dict and tell the method cache."""
    cya_fw_type_dict_set(Tensor, name, value)


def _fw_storage_numel(Tensor t not None):
    """Elements in the storage the tensor views (forward-AD layout checks);
    -1 when that storage is not contiguous (as_strided cannot view it)."""
    if not t.storage_.flags.c_contiguous:
        return -1
    return t.storage_.size


def _fw_storage_key(Tensor t not None):
    """(shape, element strides) of the storage the tensor views: two tensors
    with the same key and geometry lay their elements out identically."""
    st = t.storage_
    isz = st.itemsize
    return (tuple(st.shape), tuple([s // isz for s in st.strides]))


def _fw_view_over(Tensor src not None, Tensor like not None):
    """A view of src's storage with like's sizes, strides and storage offset
    (in elements), for a storage as_strided cannot view (F-ordered: a result
    of math on transposed operands). Returns None where the storage is not
    one dense block or is not a numpy array."""
    st = src.storage_
    if type(st) is not np.ndarray or not (st.flags.c_contiguous or st.flags.f_contiguous):
        return None
    isz = st.itemsize
    flat = np.lib.stride_tricks.as_strided(st, (st.size,), (isz,))
    off = like.storage_offset()
    shape = tuple(like.shape)
    strides = tuple([s * isz for s in like.stride()])
    need = 1 + sum([(n - 1) * s for n, s in zip(shape, like.stride())]) if all(shape) else 0
    if off < 0 or off + need > st.size:
        return None
    arr = np.lib.stride_tricks.as_strided(flat[off:], shape, strides)
    return make_view(src, arr, 0)


def _fw_new_with_same_meta(Tensor self not None, Tensor like not None):
    """Zeros of like's dtype laid out exactly as self: a storage of the
    shape and order of self's, viewed with self's geometry; None where
    that layout cannot be rebuilt."""
    st = self.storage_
    if type(st) is not np.ndarray:
        return None
    new = wrap_array(np.zeros_like(st, dtype=like.data_.dtype))
    if _fw_storage_key(new) != _fw_storage_key(self):
        return None
    return _fw_view_over(new, self)


# -- forward-AD hooks on the op objects themselves (NOTE [ Forward AD dispatch ]
# in autograd/forward_ad.py): a differentiable op's call slot is redirected
# while a level is open, so every reference to the op -- a name imported
# before the level, a bound method, an attribute of a module -- runs the
# forward-aware path. Outside a level nothing here is installed.
cdef extern from *:
    """
    static PyObject *cya_fw_vc_hook = NULL;   /* owned: hook(entry, args, kwargs) */
    static PyObject *cya_fw_vc_table = NULL;  /* owned dict: PyLong(address) -> entry */

    /* The address of a callable's vectorcall slot (the vectorcall protocol:
       tp_vectorcall_offset), or NULL when its type has none. */
    static vectorcallfunc *cya_fw_vc_slot(PyObject *f) {
        PyTypeObject *tp = Py_TYPE(f);
        if (!PyType_HasFeature(tp, Py_TPFLAGS_HAVE_VECTORCALL) || tp->tp_vectorcall_offset <= 0)
            return NULL;
        return (vectorcallfunc *)((char *)f + tp->tp_vectorcall_offset);
    }

    /* What a hooked op's slot points at while a level is open: hand the call
       to the Python hook with the op's table entry (name, original caller). */
    static PyObject *cya_fw_trampoline(PyObject *f, PyObject *const *args, size_t nargsf,
                                       PyObject *kwnames) {
        PyObject *key, *entry, *tup, *kw, *r;
        Py_ssize_t n = PyVectorcall_NARGS(nargsf), i, nk;
        if (cya_fw_vc_hook == NULL || cya_fw_vc_table == NULL) {
            PyErr_SetString(PyExc_SystemError, "forward AD trampoline called with no hook installed");
            return NULL;
        }
        key = PyLong_FromVoidPtr(f);
        if (key == NULL) return NULL;
        entry = PyDict_GetItemWithError(cya_fw_vc_table, key);   /* borrowed */
        Py_DECREF(key);
        if (entry == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_SystemError, "forward AD trampoline: op not in the table");
            return NULL;
        }
        Py_INCREF(entry);   /* keep it alive across the call */
        tup = PyTuple_New(n);
        if (tup == NULL) { Py_DECREF(entry); return NULL; }
        for (i = 0; i < n; i++) {
            Py_INCREF(args[i]);
            PyTuple_SET_ITEM(tup, i, args[i]);   /* steals the new reference */
        }
        kw = PyDict_New();
        if (kw == NULL) { Py_DECREF(tup); Py_DECREF(entry); return NULL; }
        nk = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
        for (i = 0; i < nk; i++) {
            if (PyDict_SetItem(kw, PyTuple_GET_ITEM(kwnames, i), args[n + i]) < 0) {
                Py_DECREF(kw); Py_DECREF(tup); Py_DECREF(entry);
                return NULL;
            }
        }
        r = PyObject_CallFunctionObjArgs(cya_fw_vc_hook, entry, tup, kw, NULL);
        Py_DECREF(kw);
        Py_DECREF(tup);
        Py_DECREF(entry);
        return r;
    }

    /* Call through a saved (original) vectorcall with a tuple and a dict, as
       PyVectorcall_Call does with the slot's current value. */
    static PyObject *cya_fw_vc_call(void *vcp, PyObject *f, PyObject *args, PyObject *kwargs) {
        vectorcallfunc vc = (vectorcallfunc)vcp;
        Py_ssize_t n = PyTuple_GET_SIZE(args), nk, i = 0, pos = 0;
        PyObject **stack, *kwnames, *k, *v, *r;
        nk = kwargs == NULL ? 0 : PyDict_GET_SIZE(kwargs);
        if (nk == 0)
            return vc(f, &PyTuple_GET_ITEM(args, 0), (size_t)n, NULL);
        stack = (PyObject **)PyMem_Malloc((size_t)(n + nk) * sizeof(PyObject *));
        if (stack == NULL) return PyErr_NoMemory();
        kwnames = PyTuple_New(nk);
        if (kwnames == NULL) { PyMem_Free(stack); return NULL; }
        for (i = 0; i < n; i++) stack[i] = PyTuple_GET_ITEM(args, i);   /* borrowed: args outlives the call */
        i = 0;
        while (PyDict_Next(kwargs, &pos, &k, &v)) {
            if (i >= nk) break;
            Py_INCREF(k);
            PyTuple_SET_ITEM(kwnames, i, k);
            stack[n + i] = v;   /* borrowed: kwargs outlives the call */
            i++;
        }
        r = vc(f, stack, (size_t)n, kwnames);
        Py_DECREF(kwnames);
        PyMem_Free(stack);
        return r;
    }

    static int cya_fw_vc_has_slot(PyObject *f) {
        vectorcallfunc *slot = cya_fw_vc_slot(f);
        return slot != NULL && *slot != NULL;
    }

    static int cya_fw_vc_hooked(PyObject *f) {
        vectorcallfunc *slot = cya_fw_vc_slot(f);
        return slot != NULL && *slot == cya_fw_trampoline;
    }

    /* Point f's slot at the trampoline (hook=1, returning the original as an
       opaque address) or back at `orig` (hook=0). */
    static int cya_fw_vc_swap(PyObject *f, int hook, void **orig) {
        vectorcallfunc *slot = cya_fw_vc_slot(f);
        if (slot == NULL || *slot == NULL) {
            PyErr_SetString(PyExc_TypeError, "forward AD: the op has no vectorcall slot");
            return -1;
        }
        if (hook) {
            if (*slot != cya_fw_trampoline) { *orig = (void *)*slot; *slot = cya_fw_trampoline; }
        } else {
            *slot = (vectorcallfunc)*orig;
        }
        return 0;
    }

    static int cya_fw_vc_set_hook(PyObject *hook, PyObject *table) {
        PyObject *oh = cya_fw_vc_hook, *ot = cya_fw_vc_table;
        Py_XINCREF(hook);
        Py_XINCREF(table);
        cya_fw_vc_hook = hook;
        cya_fw_vc_table = table;
        Py_XDECREF(oh);
        Py_XDECREF(ot);
        return 0;
    }
    """
    bint cya_fw_vc_hooked(object f)
    int cya_fw_vc_swap(object f, int hook, void** orig) except -1
    int cya_fw_vc_set_hook(object hook, object table) except -1
    object cya_fw_vc_call(void* vc, object f, object args, object kwargs)
    bint cya_fw_vc_has_slot(object f)


@cython.final
cdef class _VcOriginal:
    """A C-implemented op called through its original vectorcall (what its
    slot held before the level hooked it): the forward-AD path runs the op
    through this, never through the hooked slot."""
    cdef object func
    cdef void* vc
    cdef readonly str name

    @property
    def __name__(self):
        return self.name

    def __call__(self, *args, **kwargs):
        return cya_fw_vc_call(self.vc, self.func, args, kwargs)


def _fw_vc_hookable(f):
    """Whether f's calls go through a vectorcall slot that can be hooked."""
    return cya_fw_vc_has_slot(f)


def _fw_vc_hook(f, str name):
    """Point f's call slot at the forward-AD trampoline; returns the
    _VcOriginal that calls it as before."""
    cdef _VcOriginal o = _VcOriginal.__new__(_VcOriginal)
    cdef void* orig = NULL
    if cya_fw_vc_hooked(f):
        raise RuntimeError(f"forward AD: {name} is hooked already")
    cya_fw_vc_swap(f, 1, &orig)
    o.func = f
    o.vc = orig
    o.name = name
    return o


def _fw_vc_unhook(_VcOriginal o not None):
    """Give the op its original call slot back."""
    cdef void* orig = o.vc
    if cya_fw_vc_hooked(o.func):
        cya_fw_vc_swap(o.func, 0, &orig)


def _fw_vc_is_hooked(f):
    return cya_fw_vc_hooked(f)


def _fw_vc_set_hook(hook, table):
    """Install (a callable and the {id(op): entry} dict) or clear (None,
    None) what the trampoline calls."""
    cya_fw_vc_set_hook(hook, table)

class _NoDim:
    """The default of a dim that may only be omitted (NOTE [ An omitted dim
    is not a None dim ], ops/reduction.pyx); prints as the None it stands for."""
    __slots__ = ()

    def __repr__(self):
        return "None"


NO_DIM = _NoDim()


def _sac_array(Tensor t not None):
    """The array a tensor's elements live in (selective checkpointing writes
    a cached op output's values into the recomputed output without touching
    its version: NOTE [ Selective activation checkpointing ] in
    utils/checkpoint.py)."""
    return t.data_


def _bw_view_info(Tensor t not None):
    """(base, view_fn) of the tensor's backward ViewInfo (base: the root),
    or None when it is not a backward-differentiable view."""
    cdef AutogradMeta m = t.autograd_meta_
    cdef DifferentiableViewMeta dm
    if m is None or not m.c.is_view:
        return None
    dm = <DifferentiableViewMeta>m
    return None if dm.bw_base_ is None else (dm.bw_base_, dm.bw_view_fn_)
