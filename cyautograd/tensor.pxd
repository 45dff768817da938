# cython: language_level=3
from cyautograd._fast cimport cya_tp_new
cimport numpy as cnp
from cyautograd._c cimport cya_autograd_meta_t
from cyautograd.version_counter cimport VersionCounter
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.graph cimport Node
from cyautograd.grad_mode cimport is_inference_mode_c
from cpython.object cimport PyObject

# torch's TensorImpl plus the Python surface of torch.Tensor.
#
# Invariants:
#   - data_ is an ndarray (numpy or cupy) viewing this tensor's elements,
#     never a numpy scalar (NOTE [ 0-d tensors are views ] in tensor.pyx);
#     storage_ is the array that owns the memory every view of it shares,
#     and storage offsets and strides are in elements relative to it.
#   - version_counter_ is None for inference tensors, and for a normal
#     tensor until something needs the counter object (version 0 until then;
#     see NOTE [ Version Counter Sharing ]): use version_counter_of().
#   - autograd_meta_ is None until the tensor needed autograd
#     (see NOTE [ Lazy AutogradMeta ] in variable.pyx).
cdef class Tensor:
    cdef object data_                       # ndarray of this tensor's elements
    cdef object storage_                    # ndarray owning the shared memory
    cdef VersionCounter version_counter_    # shared with views and detach(); lazily made; None if inference
    cdef AutogradMeta autograd_meta_        # None until materialize_autograd_meta
    cdef bint is_inference_                 # made under inference_mode
    cdef object __weakref__
    cdef PyObject *dict_                    # custom attributes (x.foo = 1): NULL until the first one
    #                                         (NOTE [ Lazy instance dict ] in tensor.pyx)

# Function pointers the higher modules install at import, so that Tensor's
# methods can reach ops and autograd code without a cimport cycle (the role
# of ATen's dispatcher and VariableHooksInterface).
ctypedef object (*binary_fn)(object, object)
ctypedef object (*unary_fn)(object)
ctypedef bint (*tensor_pred)(object) noexcept

cdef struct TensorDispatch:
    binary_fn add
    binary_fn sub
    binary_fn mul
    binary_fn truediv
    binary_fn pow
    binary_fn matmul
    binary_fn rsub
    binary_fn rtruediv
    binary_fn rpow
    binary_fn iadd
    binary_fn isub
    binary_fn imul
    binary_fn itruediv
    binary_fn eq
    binary_fn ne
    binary_fn lt
    binary_fn le
    binary_fn gt
    binary_fn ge
    unary_fn neg
    binary_fn getitem
    binary_fn view            # view(self, shape_args_tuple)
    binary_fn view1           # view(self, one_shape_arg)
    unary_fn t
    unary_fn numpy_T
    unary_fn grad_fn          # VariableHooks::grad_fn for differentiable views
    tensor_pred view_base_requires_grad   # a view requires grad when its base does

cdef extern from *:
    """
    /* Whether wrap_array can take `o` as it is: an exact numpy ndarray that
       is 0-d or has no zero-size dimension (array_of handles the rest).
       Without numpy's C-API table, which not every module cimporting this
       file imports: the ndarray type is looked up once per module, and the
       dims are read from the struct (PyArray_NDIM/DIMS are field reads). */
    static PyTypeObject *cya_ndarray_tp = NULL;
    static inline int cya_plain_result_array(PyObject *o) {
        int d, nd;
        npy_intp *dims;
        if (cya_ndarray_tp == NULL) {
            PyObject *m = PyImport_ImportModule("numpy");
            PyObject *t = m ? PyObject_GetAttrString(m, "ndarray") : NULL;
            Py_XDECREF(m);
            if (t == NULL || !PyType_Check(t)) { Py_XDECREF(t); PyErr_Clear(); return 0; }
            cya_ndarray_tp = (PyTypeObject *)t;   /* one reference kept for the process */
        }
        if (Py_TYPE(o) != cya_ndarray_tp) return 0;
        nd = PyArray_NDIM((PyArrayObject *)o);
        dims = PyArray_DIMS((PyArrayObject *)o);
        for (d = 0; d < nd; d++)
            if (dims[d] == 0) return 0;
        return 1;
    }
    """
    bint cya_plain_result_array(object o) noexcept

cdef TensorDispatch* tensor_dispatch() noexcept
cdef int functorch_layers() noexcept   # NOTE [ Functorch transform depth ]
cdef object array_of(object arr)

cdef inline Tensor wrap_array(object arr):
    """A fresh tensor over `arr` (no copy): its own storage and version
    counter. A numpy scalar (what numpy math returns for 0-d results) becomes
    a 0-d array here, the one place results are wrapped."""
    cdef Tensor t = <Tensor>cya_tp_new(Tensor)
    # the common case (a non-empty ndarray, or a 0-d one) inline: array_of
    # is a call into another module on every op's result
    if not cya_plain_result_array(arr):
        arr = array_of(arr)
    t.data_ = arr
    t.storage_ = arr
    if is_inference_mode_c():
        t.is_inference_ = True
    return t

cdef inline VersionCounter version_counter_of(Tensor t):
    """The tensor's counter, made on first need; None for inference tensors."""
    if t.version_counter_ is None and not t.is_inference_:
        t.version_counter_ = <VersionCounter>cya_tp_new(VersionCounter)
    return t.version_counter_

cdef inline bint tensor_requires_grad(Tensor t) noexcept:
    """requires_grad: a leaf's flag, having a grad_fn, or (for a view) a base
    that requires grad, as DifferentiableViewMeta::requires_grad."""
    cdef AutogradMeta m = t.autograd_meta_
    if m is None:
        return False
    if m.c.requires_grad or m.grad_fn_ is not None:
        return True
    return m.c.is_view and tensor_dispatch().view_base_requires_grad(t)
