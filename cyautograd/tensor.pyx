# cython: language_level=3
"""Tensor: storage, geometry, version counter and the Python surface of torch.Tensor."""
from cyautograd._fast cimport cya_tp_new
from cyautograd._np_alloc cimport cya_np_empty_strided
cimport cython
cimport numpy as cnp
from cpython.object cimport Py_EQ, Py_NE, Py_LT, Py_LE, Py_GT, Py_GE
from cpython.object cimport PyTypeObject
from libc.stdint cimport int64_t, intptr_t

import numpy as np
from cyautograd._warn import warn_once, warn_user

from cyautograd.version_counter cimport VersionCounter, version_bump
from cyautograd.autograd_meta cimport AutogradMeta, new_autograd_meta
from cyautograd.graph cimport Node
from cyautograd.grad_mode cimport is_grad_enabled_c, is_inference_mode_c

from cyautograd import dtypes as _D
from cyautograd._tensor_str import tensor_repr
from cyautograd import backend as _backend
from cyautograd._device import device, CPU as _CPU
_D_device = device

cnp.import_array()


cdef object _unsupported_operand(Tensor self, object other, str sym, str forward, str reflected, int mode):
    """NOTE [ Operator errors name 'Tensor' ]
    Tensor's tp_name is "cyautograd.Tensor" (so its __module__ is cyautograd,
    as torch.Tensor's is torch), and CPython's own "unsupported operand"
    error would print that name; torch's Tensor is a heap type whose name
    prints as 'Tensor'. So when an operator declines (NotImplemented), the
    error is raised here in CPython's words with torch's name -- unless the
    other operand's type has the method Python (or numpy, calling back) may
    still try: the reflected one when self is on the left, the forward one
    when self is on the right. mode: 0
    self on the left, 1 reflected (self on the right), 2 in-place."""
    t = type(other)
    if t is not Tensor and hasattr(t, forward if mode == 1 else reflected):
        return NotImplemented
    name = (<bytes>(<PyTypeObject*>t).tp_name).decode()
    if mode == 1:
        raise TypeError(f"unsupported operand type(s) for {sym}: '{name}' and 'Tensor'")
    raise TypeError(f"unsupported operand type(s) for {sym}: 'Tensor' and '{name}'")


# =============================================================================
# NOTE [ Version Counter Sharing ]
# Mirrors c10/core/TensorImpl.h NOTE [ Version Counter Sharing ].
#
# Q: Why is the version counter on the Tensor and not in AutogradMeta?
# A: AutogradMeta is created lazily (a tensor that never needs autograd has
#    none), but every tensor must count its in-place updates from its birth:
#    a tensor saved for backward may be modified through a view or a
#    detach() that never touched autograd. Creating the counter lazily on
#    first bump would also race with a reader in another thread that already
#    copied the (absent) counter into a new view.
#
# Invariants:
#   - a view and its base hold the *same* VersionCounter object;
#   - the object is made on first need (a bump, a save, a view, a detach):
#     until then the version is 0 and nothing shares it. Creation happens
#     under the GIL with no release between the check and the store, so two
#     threads cannot make two counters for one tensor;
#   - x.detach() shares x's counter (tensor_data in variable.cpp);
#   - x.data and set_data() never share it (variable_data);
#   - inference tensors have none (version_counter_ is None), and reading
#     _version or bumping raises torch's error;
#   - every in-place op bumps it exactly once, with grad mode on or off.
# =============================================================================

cdef TensorDispatch _dispatch

# =============================================================================
# NOTE [ 0-d tensors are views ]
# A 0-d tensor is backed by a 0-d ndarray, never a numpy scalar (np.float32
# and friends): a scalar owns a copy of its value, so a "view" over one loses
# every write (x[0].add_(1), unbind(), iteration, `a, b = t`) and breaks
# whatever expects an array (device_of, data_ptr, strides). Two rules keep it:
#   - views are made with basic indexing that always returns an array
#     (`a[i, ...]`, k_np_view), and make_view refuses a scalar (an internal
#     error, so a producer that breaks the rule fails loudly in tests);
#   - results are wrapped by wrap_array, which turns a numpy scalar (numpy
#     math on 0-d arrays returns scalars) into a fresh 0-d array (array_of).
# =============================================================================
cdef object _ndarray_type = np.ndarray
cdef object _np_generic = np.generic


# =============================================================================
# NOTE [ Strides of zero-size tensors ]
# numpy (2.x) gives every freshly allocated zero-size array all-zero strides;
# torch gives a new empty tensor contiguous strides computed with each size
# clamped to 1 (zeros(2, 0, 3).stride() == (3, 3, 1)), and its views keep
# them (zeros(0, 3).t().stride() == (1, 3)). numpy's views keep whatever
# strides their base has, so the fix is made once, where results are
# wrapped: a zero-size array with all-zero strides is re-described (no
# allocation, base kept) with torch's strides; views made from it then read
# as torch's. An array that owns its (empty) memory is re-made as a fresh
# array that owns its own, not a view of the old one: the engine takes a
# gradient array with a base for a view (_wrap_grad), and torch's empty
# gradient made by a formula is no view (seeds 40937, 41486).
# =============================================================================
cdef object _torch_strided_empty(object arr):
    cdef Py_ssize_t nd = cnp.PyArray_NDIM(<cnp.ndarray>arr), i
    cdef cnp.npy_intp *st = cnp.PyArray_STRIDES(<cnp.ndarray>arr)
    cdef cnp.npy_intp *sh = cnp.PyArray_DIMS(<cnp.ndarray>arr)
    for i in range(nd):
        if st[i] != 0:
            return arr
    cdef Py_ssize_t step = cnp.PyArray_ITEMSIZE(<cnp.ndarray>arr)
    cdef cnp.npy_intp tst[64]
    if cnp.PyArray_BASE(<cnp.ndarray>arr) == NULL and nd <= 64:
        for i in range(nd - 1, -1, -1):
            tst[i] = step
            step *= sh[i] if sh[i] > 1 else 1
        r = cya_np_empty_strided(arr, nd, sh, tst)
        if not cnp.PyArray_ISWRITEABLE(<cnp.ndarray>arr):
            cnp.PyArray_CLEARFLAGS(<cnp.ndarray>r, cnp.NPY_ARRAY_WRITEABLE)
        return r
    strides = [0] * nd
    for i in range(nd - 1, -1, -1):
        strides[i] = step
        step *= sh[i] if sh[i] > 1 else 1
    return np.ndarray(arr.shape, arr.dtype, buffer=arr, strides=tuple(strides))


cdef object array_of(object arr):
    """`arr`, or the 0-d array of a numpy scalar; a fresh zero-size array gets
    torch's strides (NOTE [ Strides of zero-size tensors ])."""
    if type(arr) is _ndarray_type:
        if cnp.PyArray_NDIM(<cnp.ndarray>arr) != 0 and cnp.PyArray_SIZE(<cnp.ndarray>arr) == 0:
            return _torch_strided_empty(arr)
        return arr
    if isinstance(arr, _np_generic):
        return np.asarray(arr)
    return arr


cdef TensorDispatch* tensor_dispatch() noexcept:
    return &_dispatch


cdef bint _no_view_base(object t) noexcept:
    return False


cdef object _plain_grad_fn(object t):
    cdef AutogradMeta m = (<Tensor>t).autograd_meta_
    return None if m is None else m.grad_fn_


cdef object _getitem_py(object t, object index):
    return _ops.getitem(t, index)


cdef object _view_py(object t, object shape):
    return _ops.view(t, *shape)


cdef object _view1_py(object t, object size):
    return _ops.view(t, size)


cdef object _NO_ARG = object()


cdef object _t_py(object t):
    return _ops.t(t)


cdef object _numpy_T_py(object t):
    return _ops.numpy_T(t)


# until cyautograd.view_meta and the op modules install theirs
_dispatch.view_base_requires_grad = _no_view_base
_dispatch.grad_fn = _plain_grad_fn
_dispatch.getitem = _getitem_py
_dispatch.view = _view_py
_dispatch.view1 = _view1_py
_dispatch.t = _t_py
_dispatch.numpy_T = _numpy_T_py


_ops = None  # the functional namespace (cyautograd._ops), set by _set_ops
# engine._functorch_depth_now (NOTE [ Functorch transform depth ]), set by
# cyautograd/__init__.py once the engine is imported
_functorch_depth_now = None


def _set_ops(ns):
    global _ops
    _ops = ns


def _set_functorch_depth_fn(fn):
    global _functorch_depth_now
    _functorch_depth_now = fn


_REQUIRES_GRAD_IN_TRANSFORM = (
    "You are attempting to call Tensor.requires_grad_() (or perhaps using torch.autograd.functional.* APIs) "
    "inside of a function being transformed by a functorch transform. This is unsupported, please attempt to "
    "use the functorch transforms (e.g. grad, vjp, jacrev, jacfwd, hessian) or call requires_grad_() outside "
    "of a function being transformed instead.")


def _requires_grad_internal(Tensor t, requires_grad=True):
    """``t.requires_grad_(requires_grad)`` for cyautograd's own code that
    stands for torch's C++ (factories' requires_grad=, Variable(), the
    transforms' fresh leaves, forward AD's helpers): torch refuses only the
    user's requires_grad_() inside a transform (NOTE [ Functorch transform
    depth ]). Returns ``t``."""
    _set_requires_grad(t, requires_grad, False)
    return t


cdef inline object _dtype_of(Tensor t):
    if type(t.data_) is _ndarray_type:
        return _D._FROM_NP[t.data_.dtype]
    return _D._FROM_NP[_np_dtype(t.data_)]


cdef object _shape_str(shape):
    return "[" + ", ".join([str(s) for s in shape]) + "]"


# the default of the memory_format keywords (contiguous, is_contiguous): no
# value a caller can pass, as cyautograd has no torch.memory_format objects
_NO_MEMORY_FORMAT = object()
cdef object _NO_MF = _NO_MEMORY_FORMAT


def _parser_reject(str key, tuple args, memory_format):
    """torch's parser error for a call of `key` with positional `args` or a
    memory_format that no signature takes (failure paths only)."""
    from cyautograd._arg_parser import check
    check(key, args, {} if memory_format is _NO_MEMORY_FORMAT else {"memory_format": memory_format})
    raise TypeError(f"{key.rpartition('.')[2]}(): argument 'memory_format' must be torch.memory_format, "
                    f"not {type(memory_format).__name__}")


_tuple_getitem = tuple.__getitem__


def _matrix_transpose(Tensor t, str name):
    """Tensor.mT/mH (tensors are real, so both transpose): torch's errors
    below 2 dimensions, and a 0-d tensor returned as it is, warned once."""
    cdef Py_ssize_t n = t.data_.ndim
    if n == 0:
        warn_once("Tensor." + name, f"Tensor.{name} is deprecated on 0-D tensors. " +
                  ("This function is the identity in these cases." if name == "mT" else "Consider using x.conj()."))
        return t
    if n < 2:
        raise RuntimeError(f"tensor.{name} is only supported on matrices or batches of matrices. Got {n}-D tensor.")
    return _ops.transpose(t, -2, -1)


class Size(tuple):
    """torch.Size: a tuple of ints that prints as torch's."""

    def __new__(cls, seq=()):
        # torch's THPSize_pynew: ints, or what converts to one (a 0-d integral
        # Tensor, a numpy integer); anything else is refused by item
        t = tuple.__new__(cls, seq)
        for o in t:
            if type(o) is not int:
                return tuple.__new__(cls, [_size_item(o, i) for i, o in enumerate(t)])
        return t

    def __repr__(self):
        return "cyautograd.Size([" + ", ".join([str(s) for s in self]) + "])"

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return int(n)

    def __reduce__(self):
        # as torch's: Size(tuple), not copyreg's reconstructor
        return (Size, (tuple(self),))

    # slicing, concatenation and repetition give a Size, as torch's
    def __getitem__(self, i):
        cdef Py_ssize_t k, n
        if type(i) is int:           # the common case, without tuple.__getitem__'s lookup
            n = len(<tuple>self)
            if -n <= i < n:
                k = i
                return (<tuple>self)[k + n if k < 0 else k]
            return _tuple_getitem(self, i)     # tuple's errors
        if type(i) is slice:
            return Size(_tuple_getitem(self, i))
        return _tuple_getitem(self, i)

    def __add__(self, other):
        if not isinstance(other, tuple):
            raise TypeError(f"can only concatenate tuple (not {type(other).__name__}) to cyautograd.Size")
        return Size(tuple.__add__(self, other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple.__add__(other, self))

    def __mul__(self, n):
        if not hasattr(n, "__index__"):
            raise TypeError(f"can't multiply sequence by non-int of type '{type(n).__name__}'")
        return Size(tuple.__mul__(self, n))

    __rmul__ = __mul__


# the shape of a tensor is ints already: made without Size.__new__'s check
cdef object _tuple_new = tuple.__new__


def _size_item(o, Py_ssize_t i):
    """One item of torch.Size(...), as torch's THPSize_pynew keeps or converts
    it: an int (a subclass or a numpy integer included) is kept as it is, a
    bool becomes its int and a one-element integral (or bool) Tensor its int; anything
    else is torch's TypeError, named by the type's tp_name."""
    if type(o) is bool:
        return int(o)
    if isinstance(o, (int, np.integer)) and not isinstance(o, np.bool_):
        return o        # (torch's Size keeps any int here; printing a huge one fails)
    if isinstance(o, Tensor) and (<Tensor>o).data_.size == 1 and (<Tensor>o).data_.dtype.kind in "biu":
        return int(o)   # a one-element integral tensor is an index
    from cyautograd._arg_parser import tp_name
    raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{tp_name(o)}')")


def _legacy_data(x, str fname="new"):
    """torch's legacy constructor (Tensor(data), x.new(data)) takes data only
    as a sequence: a number or None there is its TypeError, not a 0-d tensor."""
    if isinstance(x, str):
        raise TypeError(f"{fname}(): invalid data type 'str'")
    if isinstance(x, np.generic) or isinstance(x, dict) or not hasattr(type(x), "__getitem__"):
        from cyautograd._arg_parser import tp_name
        raise TypeError(f"{fname}(): data must be a sequence (got {tp_name(x)})")


# NOTE [ Unbound methods check self ]
# With Cython 3's default binding=True, a cdef class's def methods are
# cyfunctions, and an unbound call -- Tensor.dim(None), Node.name("x") --
# hands the object to the method as `self` unchecked: its fields are then
# read from memory that is not a Tensor, a segfault (cython/cython#1903,
# still open). binding=False makes them CPython method descriptors, which
# check the type of self first and raise torch's own TypeError ("descriptor
# 'dim' for 'Tensor' objects doesn't apply to a 'NoneType' object"); calling
# them bound is no slower. Every cdef class with def/cpdef methods reachable
# from Python carries it.
@cython.freelist(512)
@cython.binding(False)


cdef class Tensor:
    """Tensor(data=None): a multi-dimensional array with autograd metadata.

    Made by factories (tensor, zeros, ...) and ops; the legacy constructor
    Tensor(data) makes a tensor of the default dtype (``Tensor(2, 3)``: an
    uninitialized 2x3 one). Every op of the ``cyautograd`` namespace is also a
    method (``x.add(y)`` is ``torch.add(x, y)``).

    >>> torch.Tensor([1., 2.])
    """

    def __init__(self, *args):
        if len(args) == 0:
            arr = np.empty((0,), dtype=_D.get_default_dtype().np)
        elif len(args) == 1 and (type(args[0]) is bool or not isinstance(args[0], int)):
            _legacy_data(args[0])
            arr = np.array(args[0], dtype=_D.get_default_dtype().np)
        else:
            try:
                arr = np.empty(tuple(args), dtype=_D.get_default_dtype().np)
            except (ValueError, MemoryError):
                # torch's parser first (an int past int64), then empty(): a negative
                # size, then the byte count, then the allocation
                from cyautograd.ops.extra import _new_parse
                _new_parse(args)
                for v in args:
                    if v < 0:
                        raise RuntimeError(f"Trying to create tensor with negative dimension {v}: {list(args)}")
                from cyautograd.creation import _alloc
                arr = _alloc(np.empty, tuple(args), _D.get_default_dtype().np)
        arr = array_of(arr)
        self.data_ = arr
        self.storage_ = arr
        if is_inference_mode_c():
            self.is_inference_ = True
        else:
            self.version_counter_ = <VersionCounter>cya_tp_new(VersionCounter)

    def _cya_init(self, Tensor data not None, requires_grad):
        """Alias `data` as torch's _make_subclass does (Parameter, Buffer): its
        detach(), so the storage, the version counter and inference-ness are
        shared."""
        self.data_ = data.data_
        self.storage_ = data.storage_
        self.is_inference_ = data.is_inference_
        self.version_counter_ = version_counter_of(data)
        if requires_grad:
            _set_requires_grad(self, True, False)

    # -- geometry ------------------------------------------------------------

    @property
    def shape(self):
        """The size of every dimension, a ``Size`` (a tuple of ints); the same as ``size()``.

        >>> torch.zeros(2, 3).shape
        """
        return _tuple_new(Size, self.data_.shape)

    def size(self, dim=None):
        """The shape as a ``Size``, or with ``dim`` the length of that one dimension
        (negative ``dim`` counts from the end).

        >>> torch.zeros(2, 3).size(-1)
        """
        if dim is None:
            return _tuple_new(Size, self.data_.shape)
        return self.data_.shape[_wrap_dim(dim, self.data_.ndim, "size")]

    def dim(self):
        """The number of dimensions (0 for a scalar tensor); also ``ndim``.

        >>> torch.zeros(2, 3).dim()
        """
        return self.data_.ndim

    def ndimension(self):
        """Alias of ``dim()``: the number of dimensions.

        >>> torch.zeros(2, 3).ndimension()
        """
        return self.data_.ndim

    @property
    def ndim(self):
        """The number of dimensions, as ``dim()``.

        >>> torch.zeros(2, 3).ndim
        """
        return self.data_.ndim

    def numel(self):
        """The number of elements (the product of the shape).

        >>> torch.zeros(2, 3).numel()
        """
        return self.data_.size

    def nelement(self):
        """Alias of ``numel()``: the number of elements.

        >>> torch.zeros(2, 3).nelement()
        """
        return self.data_.size

    def element_size(self):
        """The size of one element in bytes (4 for float32).

        >>> torch.zeros(2).element_size()
        """
        return _np_dtype(self.data_).itemsize

    @property
    def itemsize(self):
        """The size of one element in bytes, as ``element_size()``.

        >>> torch.zeros(2, dtype=torch.float64).itemsize
        """
        return _np_dtype(self.data_).itemsize

    @property
    def nbytes(self):
        """The bytes the elements take: ``numel() * element_size()`` (the view, not its storage).

        >>> torch.zeros(2, 3).nbytes
        """
        return _np_dtype(self.data_).itemsize * self.data_.size

    def stride(self, dim=None):
        """The step, in elements, between neighbours along each dimension (a tuple), or
        along dimension ``dim`` when given. Views share storage with other strides.

        >>> torch.zeros(2, 3).t().stride()
        """
        isz = _np_dtype(self.data_).itemsize
        strides = (self.data_.strides if type(self.data_) is _ndarray_type
                   else _backend.geometry(self.data_)[0])
        st = tuple([s // isz for s in strides])
        if dim is None:
            return st
        return st[_wrap_dim(dim, self.data_.ndim, "stride")]

    def storage_offset(self):
        """The index, in elements, of this tensor's first element in its storage
        (non-zero for many views).

        >>> torch.arange(6)[2:].storage_offset()
        """
        return (_data_address(self.data_) - _data_address(self.storage_)) // _np_dtype(self.data_).itemsize

    def data_ptr(self):
        """The address of the first element, an int (for comparing storages, as torch's).

        >>> x = torch.zeros(3); x.data_ptr() == x[0:].data_ptr()
        """
        return _data_address(self.data_)

    def is_contiguous(self, *args, memory_format=_NO_MEMORY_FORMAT):
        """Whether the elements lie in row-major (C) order without gaps.
        ``memory_format`` is keyword-only, as torch's; cyautograd has no memory
        formats, so any given value fails as torch's parser fails on it.

        >>> torch.zeros(2, 3).t().is_contiguous()
        """
        if args or memory_format is not _NO_MF:
            _parser_reject("Tensor.is_contiguous", args, memory_format)
        if type(self.data_) is _ndarray_type:
            return bool(self.data_.flags.c_contiguous)
        return _backend.geometry(self.data_)[2]

    @property
    def dtype(self):
        """The element type, a ``cyautograd.dtype`` such as ``torch.float32``.

        >>> torch.tensor([1, 2]).dtype
        """
        return _dtype_of(self)

    @property
    def _cya_dtype(self):
        return _dtype_of(self)

    @property
    def device(self):
        """The device the elements live on: ``device(type='cpu')`` for numpy
        storage, ``device(type='cuda', index=N)`` on a GPU.

        >>> torch.zeros(2).device
        """
        return _device_of(self.data_)

    @property
    def is_cuda(self):
        """Whether the tensor lives on a cuda device.

        >>> torch.zeros(2).is_cuda
        """
        return type(self.data_) is not _ndarray_type and _device_of(self.data_).type == "cuda"

    @property
    def is_cpu(self):
        """Whether the tensor lives on the CPU (numpy storage).

        >>> torch.zeros(2).is_cpu
        """
        return type(self.data_) is _ndarray_type or _device_of(self.data_).type == "cpu"

    def get_device(self):
        """The cuda index of the tensor's device; -1 on the CPU.

        >>> torch.zeros(2).get_device()
        """
        if type(self.data_) is _ndarray_type:
            return -1
        d = _device_of(self.data_)
        return -1 if d.type == "cpu" else d.index

    def cuda(self, device=None, non_blocking=False, memory_format=None):
        """A copy on a cuda device (``device``, default the current one); the tensor
        itself when it is already there. Without a usable GPU it raises torch's
        error ("Torch not compiled with CUDA enabled").

        >>> torch.ones(2).cuda() if torch.cuda.is_available() else None
        """
        if type(non_blocking) is not bool:
            raise TypeError(f"cuda(): argument 'non_blocking' (position 2) must be bool, not "
                            f"{type(non_blocking).__name__}")
        if device is None:
            device = _backend.check_device("cuda")
        else:
            device = _backend.check_device(device)
            if device.type != "cuda":
                raise RuntimeError("Invalid device, must be cuda device")
        return _ops.to(self, device)

    def cpu(self, *, memory_format=None):
        """This tensor on the CPU: the tensor itself when it is there, else a copy
        (differentiable: ``ToCopyBackward0`` sends the gradient back).

        >>> torch.ones(2).cpu()
        """
        return _ops.to(self, _CPU)

    @property
    def is_leaf(self):
        """True for a tensor that no recorded op made: user-created tensors and any
        tensor that does not require grad. Only leaves get ``.grad`` by default.

        >>> torch.ones(2, requires_grad=True).is_leaf
        """
        cdef AutogradMeta m = self.autograd_meta_
        return m is None or self.grad_fn is None

    def is_floating_point(self):
        """Whether the dtype is a floating point type (float16/32/64).

        >>> torch.tensor([1.]).is_floating_point()
        """
        return _np_dtype(self.data_).kind == "f"

    def is_complex(self):
        """Whether the dtype is complex; always False (there are no complex dtypes).

        >>> torch.zeros(1).is_complex()
        """
        return False

    def is_inference(self):
        """Whether this is an inference tensor (made under ``inference_mode()``).

        >>> torch.zeros(1).is_inference()
        """
        return self.is_inference_

    @property
    def is_sparse(self):
        """Always False: every tensor is strided (dense).

        >>> torch.zeros(1).is_sparse
        """
        return False

    @property
    def layout(self):
        """The memory layout; always ``torch.strided`` (shown as the string ``"cyautograd.strided"``).

        >>> torch.zeros(1).layout
        """
        return "cyautograd.strided"

    def type(self, dtype=None, non_blocking=False, **kwargs):
        """With no argument, the legacy type name (``"cyautograd.FloatTensor"``);
        with ``dtype`` (a dtype or such a name), the tensor converted to it, as ``to(dtype)``.

        >>> torch.zeros(1).type()
        """
        if dtype is None:
            return "cyautograd." + _dtype_of(self)._legacy
        if isinstance(dtype, str):
            name = dtype[11:] if dtype.startswith("cyautograd.") else (
                dtype[6:] if dtype.startswith("torch.") else None)
            for d in _D._FROM_NP.values():
                if name is not None and d._legacy == name:
                    return _ops.to(self, d)
            raise ValueError(f"invalid type: '{dtype}'")
        if isinstance(dtype, type):
            legacy = getattr(type(dtype), "__instancecheck__", None) and getattr(dtype, "dtype", None)
            if isinstance(legacy, _D.dtype):   # x.type(torch.DoubleTensor)
                return _ops.to(self, legacy)
            raise ValueError(f"invalid type: '{dtype.__name__}'")
        if not isinstance(dtype, _D.dtype):
            raise TypeError("dtype must be a type, str, or dtype object")
        return _ops.to(self, dtype)

    # -- autograd metadata ---------------------------------------------------

    @property
    def requires_grad(self):
        """Whether autograd records ops on this tensor so that gradients flow to it.
        Settable on leaves only (setting it on a non-leaf raises, as in torch).

        >>> x = torch.zeros(2); x.requires_grad = True; x.requires_grad
        """
        cdef AutogradMeta m = self.autograd_meta_
        if m is None:
            return False
        if m.c.requires_grad:
            return True
        # the stored grad_fn, never a regenerated one: like torch's
        # DifferentiableViewMeta::requires_grad this must not raise for a view
        # whose base was modified in place (only grad_fn/is_leaf regenerate)
        return tensor_requires_grad(self)

    @requires_grad.setter
    def requires_grad(self, value):
        if value is not True and value is not False:   # torch's setter takes a bool only (PyBool_Check)
            raise RuntimeError("requires_grad must be a bool")
        _set_requires_grad(self, value, True)

    @requires_grad.deleter
    def requires_grad(self):
        # torch's setter sees the NULL value of a deletion as a non-bool
        raise RuntimeError("requires_grad must be a bool")

    @property
    def volatile(self):
        """Removed in torch 0.4 (use ``torch.no_grad()``): always False, with
        torch's UserWarning; setting it only warns.

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     torch.zeros(2).volatile
        False
        """
        warn_user("volatile was removed (Variable.volatile is always False)")
        return False

    @volatile.setter
    def volatile(self, value):
        warn_user("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.")

    @volatile.deleter
    def volatile(self):
        # torch's setter sees a deletion as a NULL value, and warns the same
        warn_user("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.")

    def _use_count(self):
        """torch's TensorImpl use count: 1 for this tensor plus one for each
        autograd structure holding it -- its AccumulateGrad node, each saved
        variable that saved it, each view's base slot, a ``.grad`` slot --
        while Python references to it do not count (they share the one
        object, as torch's PyObject holds the impl once). A debugging aid:
        it walks the garbage collector's referrers.

        >>> a = torch.ones(2, requires_grad=True); b = a * a; a._use_count()
        4
        """
        import gc
        from cyautograd.functions.accumulate_grad import AccumulateGrad
        from cyautograd.saved_variable import SavedVariable
        from cyautograd.autograd_meta import AutogradMeta
        from cyautograd.view_meta import DifferentiableViewMeta
        holders = (AccumulateGrad, SavedVariable, AutogradMeta, DifferentiableViewMeta)
        return 1 + sum(1 for r in gc.get_referrers(self) if isinstance(r, holders))

    def requires_grad_(self, requires_grad=True):
        """Sets ``requires_grad`` in place (default True) and returns this tensor.

        >>> torch.zeros(2).requires_grad_()
        """
        if requires_grad is not True and requires_grad is not False:
            from cyautograd._arg_parser import check   # torch's parser takes a bool only
            check("Tensor.requires_grad_", (requires_grad,))
        if _functorch_depth_now is not None and _functorch_depth_now():
            raise RuntimeError(_REQUIRES_GRAD_IN_TRANSFORM)
        _set_requires_grad(self, requires_grad, False)
        return self

    @property
    def grad_fn(self):
        """The autograd ``Node`` that made this tensor (e.g. ``<MulBackward0>``), or
        None for a leaf. Its ``next_functions`` walk the graph backwards.

        >>> (torch.ones(2, requires_grad=True) * 2).grad_fn
        """
        cdef AutogradMeta m = self.autograd_meta_
        if m is None:
            return None
        if m.c.is_view:
            return _dispatch.grad_fn(self)
        return m.grad_fn_

    @property
    def output_nr(self):
        """The index of this tensor among the outputs of its ``grad_fn`` (0 for a leaf).

        >>> torch.ones(2, requires_grad=True).unbind()[1].output_nr
        """
        cdef AutogradMeta m = self.autograd_meta_
        return 0 if m is None else m.c.output_nr

    @property
    def _version(self):
        if self.version_counter_ is None:
            if self.is_inference_:
                raise RuntimeError("Inference tensors do not track version counter.")
            return 0
        return self.version_counter_.c.version

    @property
    def grad(self):
        """The gradient accumulated by ``backward()``: None until a backward reaches this
        leaf (or a tensor that called ``retain_grad()``), then a tensor of the same
        shape. Settable and deletable; reading it on a non-leaf warns, as torch.

        >>> x = torch.ones(2, requires_grad=True); (x * 3).sum().backward(); x.grad
        """
        cdef AutogradMeta m = self.autograd_meta_
        if m is None:
            return None
        # the stored grad_fn (VariableHooks::is_leaf): reading .grad of a view
        # whose base changed in place must not regenerate (and raise)
        if m.grad_ is None and not m.c.retains_grad and m.grad_fn_ is not None:
            import warnings
            warn_user(_NONLEAF_GRAD_WARNING)
        return m.grad_

    @grad.setter
    def grad(self, value):
        _check_and_set_grad(self, value)

    @grad.deleter
    def grad(self):
        cdef AutogradMeta m = self.autograd_meta_
        if m is not None:
            m.grad_ = None

    @property
    def retains_grad(self):
        """Whether ``retain_grad()`` was called on this non-leaf, so ``backward()``
        fills its ``.grad``.

        >>> y = torch.ones(2, requires_grad=True) * 2; y.retain_grad(); y.retains_grad
        """
        cdef AutogradMeta m = self.autograd_meta_
        # VariableHooks::retains_grad: the flag alone, no grad_fn regeneration
        return m is not None and bool(m.c.retains_grad)

    @property
    def name(self):
        """The name of this tensor (named tensors are not supported: None).

        >>> torch.zeros(1).name
        """
        cdef AutogradMeta m = self.autograd_meta_
        return None if m is None else m.name_

    def retain_grad(self):
        """Makes ``backward()`` fill ``.grad`` of this non-leaf tensor too (leaves get
        it anyway). Returns None.

        >>> x = torch.ones(2, requires_grad=True); y = x * 2; y.retain_grad(); y.sum().backward(); y.grad
        """
        return _ops.retain_grad(self)

    def register_hook(self, hook):
        """Registers ``hook(grad) -> Tensor or None``, called with this tensor's gradient
        each time one is computed; a returned tensor replaces the gradient. Returns a
        handle whose ``remove()`` unregisters the hook.

        >>> x = torch.ones(2, requires_grad=True); h = x.register_hook(lambda g: g * 2); x.sum().backward(); x.grad
        """
        return _ops.register_hook(self, hook)

    def register_post_accumulate_grad_hook(self, hook):
        """Registers ``hook(tensor)`` on a leaf, called after its ``.grad``
        has been accumulated in a backward (e.g. to step an optimizer per
        parameter). Returns a removable handle.

        >>> x = torch.ones(2, requires_grad=True); h = x.register_post_accumulate_grad_hook(lambda t: print(t.grad)); x.sum().backward()
        """
        return _ops.register_post_accumulate_grad_hook(self, hook)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Computes the gradient of this tensor with respect to the graph's leaves and
        accumulates it into their ``.grad`` (torch.autograd.backward on this tensor).

        Args:
            gradient (Tensor, optional): the gradient of some scalar with respect to
                this tensor; needed unless this tensor has one element.
            retain_graph (bool, optional): keep the graph's saved tensors for another
                backward (default: ``create_graph``).
            create_graph (bool): record the backward itself, for higher-order gradients.
            inputs (Tensor or sequence of Tensors, optional): accumulate only into these.

        >>> x = torch.tensor([1., 2.], requires_grad=True); (x ** 2).sum().backward(); x.grad
        """
        return _ops.backward(self, gradient, retain_graph, create_graph, inputs)

    def detach(self):
        """A new tensor sharing this one's data, cut from the graph (``requires_grad``
        False, no ``grad_fn``). In-place changes to either are seen by both.

        >>> torch.ones(2, requires_grad=True).detach().requires_grad
        """
        return _ops.detach(self)

    def detach_(self):
        """Detaches this tensor from the graph in place: it becomes a leaf that does
        not require grad. Returns it.

        >>> y = torch.ones(2, requires_grad=True) * 2; y.detach_().grad_fn is None
        """
        return _ops.detach_(self)

    @property
    def data(self):
        """This tensor's data as a new tensor outside autograd (shares storage, never
        requires grad, version changes are not tracked). Assigning ``x.data = t``
        swaps the data under ``x`` keeping its autograd identity.

        >>> torch.ones(2, requires_grad=True).data
        """
        return _ops.variable_data(self)

    @data.setter
    def data(self, new_data):
        _ops.set_data(self, new_data)

    @data.deleter
    def data(self):
        raise RuntimeError("Deleting tensor data is not allowed. Delete tensor instead!")

    @property
    def _grad_fn(self):
        """``grad_fn`` under its old name; assigning None detaches this tensor
        in place (``detach_()``), as torch's.

        >>> y = torch.ones(2, requires_grad=True) * 2; y._grad_fn = None; y.requires_grad
        """
        return self.grad_fn

    @_grad_fn.setter
    def _grad_fn(self, value):
        if value is not None:
            raise RuntimeError("_grad_fn can be only set to None")
        _ops.detach_(self)

    @_grad_fn.deleter
    def _grad_fn(self):
        raise RuntimeError("Deletion of _grad_fn not allowed. Detach tensor instead!")

    @property
    def _backward_hooks(self):
        # torch's register_hook keeps its Python hooks in this dict; here
        # they live in the autograd metadata, so this is only the attribute
        # code may assign (None until then), kept in the instance dict.
        # A dict assigned here is not called by backward (nor is torch's
        # unless register_hook wired it to the grad_fn).
        d = cya_td_peek(self)
        return None if d is None else d.get("_backward_hooks")

    @_backward_hooks.setter
    def _backward_hooks(self, value):
        getattr(self, "__dict__")["_backward_hooks"] = value

    @_backward_hooks.deleter
    def _backward_hooks(self):
        raise RuntimeError("Deletion of _backwards_hooks not allowed!")

    @property
    def _base(self):
        return _ops._base(self)

    def _is_view(self):
        return _ops._is_view(self)

    # -- conversion ----------------------------------------------------------

    # numpy defers `np_scalar * tensor` and `ndarray * tensor` to our
    # reflected operators (binop_should_defer), as it does for torch's Tensor
    __array_priority__ = 1000

    def numpy(self, *, force=False):
        """The elements as a numpy array sharing this tensor's memory. As torch, it
        refuses a tensor that requires grad (call ``detach()`` first) and a cuda
        tensor (``force=True`` copies to the host).

        >>> torch.arange(3).numpy()
        """
        # torch (tensor_numpy.cpp): a device tensor is refused first (force=True
        # copies it to the host); requires_grad only while grad mode is on
        if type(self.data_) is not _ndarray_type:
            if force:
                return np.array(_host(self.data_), copy=True)
            _refuse_numpy(self.data_)
        if not force and is_grad_enabled_c() and tensor_requires_grad(self):
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. "
                               "Use tensor.detach().numpy() instead.")
        return self.data_

    def __array__(self, dtype=None, copy=None):
        a = self.data_
        if type(a) is not _ndarray_type:
            _refuse_numpy(a)
        if is_grad_enabled_c() and tensor_requires_grad(self):
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. "
                               "Use tensor.detach().numpy() instead.")
        if dtype is not None and a.dtype != dtype:
            return a.astype(dtype)
        if copy:
            return a.copy()
        return a

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """The DLPack capsule of this tensor's memory (zero-copy); see NOTE
        [ DLPack and the version counter ] in utils/dlpack.py."""
        from cyautograd.utils.dlpack import dlpack
        return dlpack(self, self.data_, stream, max_version, dl_device, copy)

    def __dlpack_device__(self):
        from cyautograd.utils.dlpack import dlpack_device
        return dlpack_device(self, self.data_)

    def tolist(self):
        """The elements as (nested) Python lists of Python numbers; a scalar tensor gives a number.

        >>> torch.tensor([[1, 2], [3, 4]]).tolist()
        """
        return _host(self.data_).tolist()

    def item(self):
        """The value of a one-element tensor as a Python number.

        >>> torch.tensor([2.5]).item()
        """
        if self.data_.size != 1:
            raise RuntimeError(f"a Tensor with {self.data_.size} elements cannot be converted to Scalar")
        return _host(self.data_).reshape(()).item()

    def __float__(self):
        if self.data_.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if tensor_requires_grad(self) and is_grad_enabled_c():
            # torch's TORCH_WARN_ONCE in THPVariable_float_scalar (complex() comes here too);
            # int(), bool() and item() do not warn
            warn_once("float_requires_grad", "Converting a tensor with requires_grad=True to a scalar "
                      "may lead to unexpected behavior.\nConsider using tensor.detach() first.")
        return float(_host(self.data_).reshape(()).item())

    def __int__(self):
        if self.data_.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(_host(self.data_).reshape(()).item())

    def __index__(self):
        if _np_dtype(self.data_).kind not in "iub" or self.data_.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(_host(self.data_).reshape(()).item())

    def __bool__(self):
        n = self.data_.size
        if n == 0:
            raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
        if n > 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(_host(self.data_).reshape(()).item())

    def __len__(self):
        if self.data_.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.data_.shape[0]

    def __iter__(self):
        if self.data_.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(_ops.unbind(self, 0))

    def __hash__(self):
        return id(self)

    def __repr__(self):
        cdef AutogradMeta m = self.autograd_meta_
        invalid = False
        try:
            fn = self.grad_fn
        except RuntimeError:
            # as torch's _tensor_str: a view whose grad_fn cannot be rebuilt
            # after an in-place change of its base prints grad_fn=<Invalid>
            fn = None
            invalid = True
        leaf_rg = m is not None and fn is None and m.c.requires_grad
        arr = self.data_
        dev = _device_of(arr)
        if dev.type != "cpu":
            arr = _host(arr)
        # torch's _tensor_str names the node by its Python class, not name():
        # CopySlices/CopyBackwards print without the "torch::autograd::" prefix
        # (only a class named CppFunction falls back to name()'s last part)
        fn_name = "Invalid" if invalid else None
        if fn is not None:
            fn_name = type(fn).__name__
            if fn_name == "CppFunction":
                fn_name = fn.name().rsplit("::", 1)[-1]
        return tensor_repr(self, arr, _dtype_of(self), _D.get_default_dtype(),
                           fn_name, leaf_rg, str(dev))

    def __format__(self, spec):
        if self.data_.ndim == 0:
            return self.item().__format__(spec)
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return object.__format__(self, spec)

    def __reduce_ex__(self, proto):
        d = cya_td_peek(self)
        state = dict(d) if d else None
        if type(self.data_) is _ndarray_type and type(self.storage_) is _ndarray_type:
            # custom attributes travel with the tensor, as torch's _rebuild_from_type_v2
            # state; the whole storage travels, so a view keeps its offset and strides
            # (NOTE [ Copying a storage ])
            buf, s_geo, s_lo = _storage_bytes(self.storage_)
            return (_rebuild, (buf, bool(self.requires_grad), state, None,
                               (s_geo, _layout(self.data_, s_lo))))
        # a device tensor pickles its values from the host and its device
        return (_rebuild, (np.array(_host(self.data_), copy=True), bool(self.requires_grad), state,
                           str(_device_of(self.data_))))

    def __deepcopy__(self, memo):
        if not self.is_leaf:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment.  If you were "
                               "attempting to deepcopy a module, this may be because of a "
                               "torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        if id(self) in memo:
            return memo[id(self)]
        # torch's Tensor.__deepcopy__: a new leaf set_ over a deep copy of the
        # whole storage at the same offset and strides (tensors sharing a
        # storage in one deepcopy share the copy, NOTE [ Copying a storage ]),
        # version 1 (set_ bumped it), the same requires_grad, the gradient
        # deep-copied, the subclass and the instance __dict__ kept
        cdef Tensor t
        if type(self.data_) is _ndarray_type and type(self.storage_) is _ndarray_type:
            storages = memo.get("torch")    # (torch's storage copy reads memo.get first)
            if storages is None:
                storages = memo["torch"] = {}
            ent = storages.get(id(self.storage_))
            if ent is None:
                buf, s_geo, s_lo = _storage_bytes(self.storage_)
                # the original is kept alive with its copy, so its id stays unique
                ent = storages[id(self.storage_)] = (self.storage_, buf, _view_of_bytes(buf, s_geo), s_lo)
            t = Tensor.__new__(type(self)) if type(self) is not Tensor else <Tensor>cya_tp_new(Tensor)
            t.data_ = _view_of_bytes(ent[1], _layout(self.data_, ent[3]))
            t.storage_ = ent[2]
            _set_rebuilt(t)
        else:
            t = wrap_array(_backend.copy(self.data_))
            if type(self) is not Tensor:
                sub = Tensor.__new__(type(self))
                sub._cya_init(t, False)
                t = sub
        memo[id(self)] = t
        if self.autograd_meta_ is not None and self.autograd_meta_.c.requires_grad:
            t.requires_grad_(True)
        g = self.grad
        if g is not None:
            t.grad = g.__deepcopy__(memo)
        d = cya_td_peek(self)
        if d:
            import copy as _copy
            getattr(t, "__dict__").update(_copy.deepcopy(d, memo))
        return t

    # -- operators: the hot ones go through the C dispatch table -------------

    def __add__(self, other):
        r = _dispatch.add(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "+", "__add__", "__radd__", 0)

    def __radd__(self, other):
        r = _dispatch.add(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "+", "__add__", "__radd__", 1)

    def __sub__(self, other):
        r = _dispatch.sub(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "-", "__sub__", "__rsub__", 0)

    def __rsub__(self, other):
        r = _dispatch.rsub(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "-", "__sub__", "__rsub__", 1)

    def __mul__(self, other):
        r = _dispatch.mul(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "*", "__mul__", "__rmul__", 0)

    def __rmul__(self, other):
        r = _dispatch.mul(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "*", "__mul__", "__rmul__", 1)

    def __truediv__(self, other):
        r = _dispatch.truediv(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "/", "__truediv__", "__rtruediv__", 0)

    def __rtruediv__(self, other):
        r = _dispatch.rtruediv(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "/", "__truediv__", "__rtruediv__", 1)

    def __pow__(self, other, mod):
        r = _dispatch.pow(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "** or pow()", "__pow__", "__rpow__", 0)

    def __rpow__(self, other, mod):
        r = _dispatch.rpow(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "** or pow()", "__pow__", "__rpow__", 1)

    def __matmul__(self, other):
        r = _dispatch.matmul(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "@", "__matmul__", "__rmatmul__", 0)

    def __rmatmul__(self, other):
        if not isinstance(other, Tensor):
            r = _unsupported_operand(self, other, "@", "__matmul__", "__rmatmul__", 1)
            if r is NotImplemented:
                return r
        return _ops.matmul(other, self)

    def __iadd__(self, other):
        r = _dispatch.iadd(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "+=", "__add__", "__radd__", 2)

    def __isub__(self, other):
        r = _dispatch.isub(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "-=", "__sub__", "__rsub__", 2)

    def __imul__(self, other):
        r = _dispatch.imul(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "*=", "__mul__", "__rmul__", 2)

    def __itruediv__(self, other):
        r = _dispatch.itruediv(self, other)
        return r if r is not NotImplemented else _unsupported_operand(self, other, "/=", "__truediv__", "__rtruediv__", 2)

    def __neg__(self):
        return _dispatch.neg(self)

    def __pos__(self):
        if _np_dtype(self.data_).kind == "b":
            raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
        return self

    def __abs__(self):
        return _ops.abs(self)

    def __invert__(self):
        kind = _np_dtype(self.data_).kind
        if kind not in "biu":
            raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
        return _ops.logical_not(self) if kind == "b" else _ops.bitwise_not(self)

    def __floordiv__(self, other):
        return _ops.floor_divide(self, other)

    def __rfloordiv__(self, other):
        # a number on the left takes part in type promotion as a number
        # (torch's wrapped scalar), never cast to self's dtype first
        return _ops.floor_divide(other, self)

    def __mod__(self, other):
        return _ops.remainder(self, other)

    def __rmod__(self, other):
        return _ops.remainder(other, self)

    # bitwise on integral tensors, logical on bool ones (torch's bitwise_*)
    def __and__(self, other):
        return _ops.bitwise_and(self, other)

    def __rand__(self, other):
        return _ops.bitwise_and(self, other)

    def __or__(self, other):
        return _ops.bitwise_or(self, other)

    def __ror__(self, other):
        return _ops.bitwise_or(self, other)

    def __xor__(self, other):
        return _ops.bitwise_xor(self, other)

    def __rxor__(self, other):
        return _ops.bitwise_xor(self, other)

    def __lshift__(self, other):
        return _ops.bitwise_left_shift(self, other)

    def __rlshift__(self, other):
        # torch's bitwise_left_shift(Scalar, Tensor): the scalar as a wrapped
        # number (uint8_0d_tensor.__rlshift__(2) stays uint8)
        return _ops.bitwise_left_shift(other, self)

    def __rshift__(self, other):
        return _ops.bitwise_right_shift(self, other)

    def __rrshift__(self, other):
        # torch's bitwise_right_shift(Scalar, Tensor): the scalar as a wrapped
        # number (uint8_0d_tensor.__rrshift__(2) stays uint8)
        return _ops.bitwise_right_shift(other, self)

    def __richcmp__(self, other, int op):
        if op == Py_EQ:
            return _dispatch.eq(self, other)
        if op == Py_NE:
            return _dispatch.ne(self, other)
        if op == Py_LT:
            return _dispatch.lt(self, other)
        if op == Py_LE:
            return _dispatch.le(self, other)
        if op == Py_GT:
            return _dispatch.gt(self, other)
        return _dispatch.ge(self, other)

    def __getitem__(self, index):
        return _dispatch.getitem(self, index)

    def __setitem__(self, index, value):
        _ops.setitem(self, index, value)

    def __contains__(self, element):
        # torch's Tensor.__contains__: whether any element equals it (a number or a Tensor)
        import numbers
        if isinstance(element, (Tensor, numbers.Number)):
            return bool((element == self).any().item())
        raise RuntimeError(f"Tensor.__contains__ only supports Tensor or scalar, but you passed in a {type(element)}.")

    def __delitem__(self, index):
        # (without it Cython's slot raises NotImplementedError for `del x[i]`)
        raise TypeError("Tensor does not support deleting items")


    # -- every other method forwards to the functional op of its name -------






















































    def view(self, size=_NO_ARG, *rest):
        """A view of the same data with another shape (``-1`` infers one size); raises
        when the strides cannot express it (use ``reshape`` then). With a dtype,
        reinterprets the bytes as that dtype.

        >>> torch.arange(6).view(2, 3)
        """
        # x.view(-1) reaches the dispatch without a tuple of its arguments made
        if size is _NO_ARG:
            raise TypeError("view() received an invalid combination of arguments - got (), but expected "
                            "one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n")
        if not rest:
            return _dispatch.view1(self, size)
        return _dispatch.view(self, (size,) + rest)





    def t(self):
        """The transpose of a tensor of at most 2 dimensions, as a view.

        >>> torch.zeros(2, 3).t().shape
        """
        return _dispatch.t(self)












































    # the common form (one operand, no keywords) goes straight to the
    # in-place kernels; anything else (alpha=, errors) through the op
    def add_(self, *args, **kwargs):
        """In-place ``add``: ``self += alpha * other``; returns self.

        >>> torch.ones(2).add_(torch.tensor([1., 2.]), alpha=2)
        """
        if len(args) == 1 and not kwargs:
            r = _dispatch.iadd(self, args[0])
            if r is not NotImplemented:
                return r
        return _ops.add_(self, *args, **kwargs)

    def sub_(self, *args, **kwargs):
        """In-place ``sub``: ``self -= alpha * other``; returns self.

        >>> torch.ones(2).sub_(1)
        """
        if len(args) == 1 and not kwargs:
            r = _dispatch.isub(self, args[0])
            if r is not NotImplemented:
                return r
        return _ops.sub_(self, *args, **kwargs)

    def mul_(self, *args, **kwargs):
        """In-place ``mul``: ``self *= other``; returns self.

        >>> torch.ones(2).mul_(3)
        """
        if len(args) == 1 and not kwargs:
            r = _dispatch.imul(self, args[0])
            if r is not NotImplemented:
                return r
        return _ops.mul_(self, *args, **kwargs)

    def div_(self, *args, **kwargs):
        """In-place ``div``: ``self /= other`` (``rounding_mode`` as ``div``); returns self.

        >>> torch.ones(2).div_(4)
        """
        if len(args) == 1 and not kwargs:
            r = _dispatch.itruediv(self, args[0])
            if r is not NotImplemented:
                return r
        return _ops.div_(self, *args, **kwargs)
























    @property
    def T(self):
        """The tensor with its dimensions reversed, a view (for 2-d, the transpose).

        >>> torch.zeros(2, 3).T.shape
        """
        return _dispatch.numpy_T(self)

    @property
    def mT(self):
        """The transpose of the last two dimensions (batched matrix transpose), a view.
        A 0-d tensor is returned as it is (with torch's deprecation warning, once).

        >>> torch.zeros(4, 2, 3).mT.shape
        """
        return _matrix_transpose(self, "mT")

    @property
    def mH(self):
        """The conjugate transpose of the last two dimensions; tensors are real
        here, so it is ``mT``, with torch's words for its errors.

        >>> torch.zeros(4, 2, 3).mH.shape
        """
        return _matrix_transpose(self, "mH")

    @property
    def H(self):
        """The conjugate transpose of a matrix (2-d only); tensors are real
        here, so it is the transpose, with torch's words for its errors.

        >>> torch.zeros(2, 3).H.shape
        """
        cdef Py_ssize_t n = self.data_.ndim
        if n == 0:
            warn_once("Tensor.H", "Tensor.H is deprecated on 0-D tensors. Consider using x.conj().")
            return self
        if n != 2:
            raise RuntimeError(f"tensor.H is only supported on matrices (2-D tensors). Got {n}-D tensor."
                               + (" For batches of matrices, consider using tensor.mH" if n > 2 else ""))
        return _ops.transpose(self, -2, -1)




cdef extern from *:
    """
    /* Tensor is a static type: its dict is written from C (then the method
       cache is told), and its tp_name is set at import (see below). */
    static int cya_type_dict_set(PyObject *type, PyObject *name, PyObject *value) {
        PyTypeObject *t = (PyTypeObject *)type;
        int r = PyDict_SetItem(t->tp_dict, name, value);
        PyType_Modified(t);
        return r;
    }
    static PyObject *cya_type_dict(PyObject *type) {
        PyObject *d = ((PyTypeObject *)type)->tp_dict;
        Py_INCREF(d);
        return d;
    }
    static void cya_set_tp_name(PyObject *type, const char *name) {
        ((PyTypeObject *)type)->tp_name = name;
        PyType_Modified((PyTypeObject *)type);
    }
    """
    int cya_type_dict_set(object type, object name, object value) except -1
    dict cya_type_dict(object type)
    void cya_set_tp_name(object type, const char* name)


def _register_methods(dict methods):
    """Install Tensor methods that forward to functional ops: every other
    Tensor method is the functional op of the same name with self first
    (torch.Tensor.exp is torch.exp), as torch's method table. They are
    plain entries of the type's dict (no __getattr__), so that attribute
    lookup on a Tensor stays CPython's fast generic path."""
    cdef dict d = cya_type_dict(Tensor)
    for k, v in methods.items():
        if k not in d:
            cya_type_dict_set(Tensor, k, v)


def _register_method_override(str name, object method):
    """Replace Tensor method `name` (the argument-parser guard of
    cyautograd/_arg_parser.py's install(), NOTE [ Parser replay on the
    error path ])."""
    cya_type_dict_set(Tensor, name, method)


# module `cyautograd`, as torch.Tensor's is `torch`: a static type's
# __module__ is its tp_name before the last dot (argcheck.type_name prints
# "Tensor" in argument errors, as torch's parser does)
cya_set_tp_name(Tensor, "cyautograd.Tensor")


def _rebuild(arr, requires_grad, state=None, device=None, geometry=None):
    cdef Tensor t
    if geometry is not None:
        # arr: the bytes of the whole storage; geometry: where the storage and
        # this tensor's elements lie in them (NOTE [ Copying a storage ])
        if type(arr) is not _ndarray_type or arr.dtype != np.uint8 or arr.ndim != 1:
            raise RuntimeError("_rebuild: a storage's bytes must be a 1-d uint8 array")
        buf = np.ascontiguousarray(arr)
        t = <Tensor>cya_tp_new(Tensor)
        t.storage_ = _view_of_bytes(buf, geometry[0])
        t.data_ = _view_of_bytes(buf, geometry[1])
        _set_rebuilt(t)
    else:
        t = wrap_array(arr if device is None else _backend.transfer(arr, _backend.check_device(device)))
    if requires_grad:
        _set_requires_grad(t, True, False)
    if state:
        getattr(t, "__dict__").update(state)
    return t


# NOTE [ Copying a storage ]
# torch's deepcopy and pickle of a tensor copy its whole storage, not only
# its elements: a view comes back as a view of the copied storage with the
# same offset and strides (so storage_offset(), stride() and
# untyped_storage().nbytes() agree), and tensors sharing a storage in one
# deepcopy share its copy (torch keys its memo by storage). Here a storage is
# storage_, an ndarray of any strides, so a copy is the bytes it spans, and
# storage_ and data_ are rebuilt over them from their layouts: (dtype str,
# shape, byte strides, byte offset of element 0 in the copied bytes).

def _wrap_storage_view(view, storage):
    """A tensor over ndarray `view` whose storage is ndarray `storage` (view
    lies in it), made as torch's rebuilds make one (torch.load)."""
    if type(view) is not _ndarray_type or type(storage) is not _ndarray_type:
        raise TypeError("_wrap_storage_view: ndarrays expected")
    cdef Tensor t = <Tensor>cya_tp_new(Tensor)
    t.data_ = view
    t.storage_ = storage
    _set_rebuilt(t)
    return t


cdef void _set_rebuilt(Tensor t):
    # torch rebuilds with set_, which bumps the version: the copy reads version 1
    if is_inference_mode_c():
        t.is_inference_ = True
    else:
        version_bump(version_counter_of(t))


cdef tuple _byte_bounds(arr):
    """[lo, hi) addresses of the bytes arr's elements occupy."""
    cdef intptr_t lo = _data_address(arr)
    cdef intptr_t hi = lo
    if arr.size == 0:
        return lo, lo
    for n, st in zip(arr.shape, arr.strides):
        if st < 0:
            lo += (n - 1) * st
        else:
            hi += (n - 1) * st
    return lo, hi + arr.dtype.itemsize


cdef tuple _layout(arr, intptr_t lo):
    return (arr.dtype.str, tuple(arr.shape), tuple(arr.strides), int(_data_address(arr) - lo))


cdef tuple _storage_bytes(storage):
    """(a uint8 copy of the bytes storage spans, storage's layout in it, its lowest address)."""
    lo, hi = _byte_bounds(storage)
    if hi == lo:
        return np.empty(0, np.uint8), _layout(storage, lo), lo
    # a 1-element view at the lowest element, widened to the span's bytes
    corner = storage[tuple([slice(n - 1, n) if st < 0 else slice(0, 1)
                            for n, st in zip(storage.shape, storage.strides)])]
    raw = np.lib.stride_tricks.as_strided(corner.reshape(1).view(np.uint8),
                                          shape=(hi - lo,), strides=(1,))
    return raw.copy(), _layout(storage, lo), lo


cdef object _view_of_bytes(buf, tuple layout):
    dt, shape, strides, off = layout
    if off < 0 or off > buf.size:
        raise RuntimeError("_rebuild: a tensor's elements lie outside its storage's bytes")
    return np.ndarray(shape, np.dtype(dt), buffer=buf, offset=off, strides=strides)


cdef Py_ssize_t _wrap_dim(object dim, Py_ssize_t ndim, str name) except -1:
    if type(dim) is bool:   # an int to Python, never to torch's parser (THPUtils_checkLong)
        raise TypeError(f"{name}(): argument 'dim' (position 1) must be int, not bool")
    cdef Py_ssize_t d
    try:
        d = dim
    except OverflowError:   # NOTE [ An int past int64 unpacks as a ValueError ] (_arg_parser.py)
        raise ValueError("Overflow when unpacking long long") from None
    cdef Py_ssize_t n = ndim if ndim > 0 else 1
    if d < -n or d >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
    return d + n if d < 0 else d


cdef intptr_t _data_address(object arr) except? -1:
    if type(arr) is np.ndarray:
        return <intptr_t>cnp.PyArray_DATA(<cnp.ndarray>arr)
    return <intptr_t>_backend.geometry(arr)[1]


cdef object _device_of(object arr):
    if type(arr) is np.ndarray:
        return _CPU
    return _backend.device_of(arr)


cdef object _refuse_numpy(object arr):
    """torch's tensor_numpy.cpp: a device tensor never converts implicitly."""
    dev = _device_of(arr)
    if dev.type != "cpu":
        raise TypeError(f"can't convert {dev} device type tensor to numpy. "
                        "Use Tensor.cpu() to copy the tensor to host memory first.")


cdef object _np_dtype(object arr):
    """numpy's dtype of a tensor's array (a device namespace's own dtype
    objects map through the backend)."""
    if type(arr) is np.ndarray:
        return arr.dtype
    return _backend.np_dtype(arr.dtype)


cdef object _host(object arr):
    """arr's values as a numpy array: arr itself on the CPU; device arrays
    are refused here by the callers that must not copy (numpy())."""
    if type(arr) is np.ndarray:
        return arr
    return _backend.to_host(arr)




cdef _set_requires_grad(Tensor self, value, bint from_setter):
    cdef AutogradMeta m = self.autograd_meta_
    cdef bint rg = bool(value)
    if m is not None and m.grad_fn_ is not None:
        # the setter refuses any change on a non-leaf; requires_grad_() only False.
        # Leafness here is torch's C++ is_leaf(): the stored grad_fn_, never
        # regenerated, so a view invalidated by an in-place op on its base
        # gets this error, not the view-rebase one the grad_fn property raises
        if from_setter or not rg:
            raise RuntimeError(_requires_grad_leaf_error(rg))
        return
    if rg and _np_dtype(self.data_).kind != "f":
        raise RuntimeError("only Tensors of floating point and complex dtype can require gradients"
                           if from_setter else
                           "only Tensors of floating point dtype can require gradients")
    if rg and self.is_inference_ and not is_inference_mode_c():
        raise RuntimeError("Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.")
    if m is None:
        if not rg:
            return
        m = new_autograd_meta()
        self.autograd_meta_ = m
    m.c.requires_grad = rg


_NONLEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information.")


cdef str _requires_grad_leaf_error(bint requires_grad):
    msg = "you can only change requires_grad flags of leaf variables."
    if not requires_grad:
        msg += (" If you want to use a computed variable in a subgraph that doesn't require "
                "differentiation use var_no_grad = var.detach().")
    return msg


cdef _check_and_set_grad(Tensor self, value):
    cdef AutogradMeta m = self.autograd_meta_
    cdef Tensor g
    if value is None:
        if m is not None:
            m.grad_ = None
        return
    if not isinstance(value, Tensor):
        raise TypeError("assigned grad expected to be a Tensor or None but got grad of type "
                        + type(value).__name__)
    g = value
    if g is self:
        raise RuntimeError("can't assign Variable as its own grad")
    if _np_dtype(g.data_) != _np_dtype(self.data_):
        raise RuntimeError(
            f"attempting to assign a gradient with dtype '{_c_type_name(g)}' "
            f"to a tensor with grad_dtype '{_dtype_of(self)._cname}'. The gradient must match "
            "the tensor's grad_dtype (defaults to the tensor's dtype). You can set the tensor's "
            "grad_dtype attribute with a specific dtype, or None to allow any dtype. Set grad_dtype "
            "with caution. Diverging the dtypes of a tensor and its gradient may break downstream "
            "systems that assume they match.")
    if _device_of(g.data_) != _device_of(self.data_):
        raise RuntimeError(f"attempting to assign a gradient located on device with index "
                           f"'{_device_of(g.data_)}' to a tensor located on device with index "
                           f"'{_device_of(self.data_)}'. Please ensure that the gradient and the "
                           "tensor are on the same device")
    if g.data_.shape != self.data_.shape:
        raise RuntimeError(f"attempting to assign a gradient of size '{_shape_str(g.data_.shape)}' "
                           f"to a tensor of size '{_shape_str(self.data_.shape)}'. Please ensure "
                           "that the gradient and the tensor are the same size")
    if m is None:
        m = new_autograd_meta()
        self.autograd_meta_ = m
    m.grad_ = g


_C_TYPE_NAMES = {"float16": "c10::Half", "float32": "float", "float64": "double", "int8": "signed char",
                 "int16": "short int", "int32": "int", "int64": "long int", "uint8": "unsigned char",
                 "bool": "bool"}


cdef str _c_type_name(Tensor t):
    return _C_TYPE_NAMES[_np_dtype(t.data_).name]


# NOTE [ Lazy instance dict ]
# torch's tensors take custom attributes (x.foo = 1). Cython's `cdef dict
# __dict__` would give every tensor an empty dict at birth, a dict allocated
# and freed per op result (about 3% of a view's time). Instead `dict_` is a
# plain slot that tp_dictoffset points at: CPython's generic attribute code
# makes the dict on the first assignment, and the wrappers below give the slot
# the ownership Cython gives object fields: dealloc and tp_clear release it,
# tp_traverse visits it (a dict may hold a cycle back to its tensor).
# tp_dictoffset itself stays 0 until a program first needs an instance dict
# (an assignment to a name that is no data descriptor of the type, a read or
# write of __dict__): CPython 3.11 specializes `t.method(...)` (LOAD_METHOD)
# only for a type without instance dicts or an instance whose dict exists, so
# a type with tp_dictoffset and a NULL dict makes every method call on every
# tensor take the generic lookup (~250 instructions each: a.sum() +6%). The
# switch is one-way and changes nothing observable: the slot is NULL in every
# tensor until then, and generic lookups answer the same for a NULL dict and
# for no dict. A subclass made while the switch is off has its own (managed)
# dict unless it has __slots__; such a subclass gets the slot as its dict at
# the switch of its instance, as torch's subclasses always have a __dict__.
cdef extern from *:
    """
    static Py_ssize_t cya_td_off = 0;
    static traverseproc cya_td_traverse0 = NULL;
    static inquiry cya_td_clear0 = NULL;
    static destructor cya_td_dealloc0 = NULL;
    static PyTypeObject *cya_td_type = NULL;
    #define CYA_TD_SLOT(o) ((PyObject **)((char *)(o) + cya_td_off))
    static int cya_td_traverse(PyObject *o, visitproc visit, void *arg) {
        Py_VISIT(*CYA_TD_SLOT(o));
        return cya_td_traverse0(o, visit, arg);
    }
    static int cya_td_clear(PyObject *o) {
        Py_CLEAR(*CYA_TD_SLOT(o));
        return cya_td_clear0(o);
    }
    static void cya_td_dealloc(PyObject *o) {
        if (*CYA_TD_SLOT(o) != NULL) {
            /* the dict's values may run code: untrack first, as CPython's
               subtype_dealloc does (untracking twice is harmless) */
            PyObject_GC_UnTrack(o);
            Py_CLEAR(*CYA_TD_SLOT(o));
        }
        cya_td_dealloc0(o);
    }
    /* switch the instance dict on for o's type (and the tensor type): one-way */
    static void cya_td_enable(PyObject *o) {
        (void)o;
        if (cya_td_type->tp_dictoffset == 0) {
            cya_td_type->tp_dictoffset = cya_td_off;
            PyType_Modified(cya_td_type);
        }
    }
    /* a subclass made with __slots__ (no dict of its own) while the switch is
       off: switch on, and give it the slot as its dict, the tensor type's
       offset (subtype_traverse/clear/dealloc visit a subclass's dict only
       where its offset differs from its base's: one owner, one visit) */
    static int cya_td_subclass(PyObject *cls) {
        PyTypeObject *tp = (PyTypeObject *)cls;
        if (tp->tp_dictoffset == 0 && !(tp->tp_flags & Py_TPFLAGS_MANAGED_DICT)
                && PyType_IsSubtype(tp, cya_td_type)) {
            cya_td_enable((PyObject *)cya_td_type);   /* (an instance of the tensor type) */
            tp->tp_dictoffset = cya_td_off;
            PyType_Modified(tp);
        }
        return 0;
    }
    static PyObject *cya_td_get_dict(PyObject *o, void *ctx) {
        cya_td_enable(o);
        return PyObject_GenericGetDict(o, ctx);
    }
    static int cya_td_set_dict(PyObject *o, PyObject *v, void *ctx) {
        cya_td_enable(o);
        return PyObject_GenericSetDict(o, v, ctx);
    }
    static int cya_td_setattro(PyObject *o, PyObject *name, PyObject *v) {
        PyTypeObject *tp = Py_TYPE(o);
        if (v != NULL && tp->tp_dictoffset == 0 && PyUnicode_Check(name)) {
            PyObject *descr = _PyType_Lookup(tp, name);   /* borrowed */
            if (descr == NULL || Py_TYPE(descr)->tp_descr_set == NULL)
                cya_td_enable(o);
        }
        return PyObject_GenericSetAttr(o, name, v);
    }
    /* the instance dict if o has one (new reference), else None; switches nothing on */
    static PyObject *cya_td_peek(PyObject *o) {
        PyObject **p = _PyObject_GetDictPtr(o);
        PyObject *d = (p != NULL && *p != NULL) ? *p : Py_None;
        Py_INCREF(d);
        return d;
    }
    static int cya_td_enabled(void) { return cya_td_type != NULL && cya_td_type->tp_dictoffset != 0; }
    static PyGetSetDef cya_td_getset = {"__dict__", cya_td_get_dict, cya_td_set_dict, NULL, NULL};
    static int cya_td_install(PyObject *type, Py_ssize_t off) {
        PyTypeObject *t = (PyTypeObject *)type;
        PyObject *descr;
        if (cya_td_off != 0) return 0;
        if (off <= 0 || t->tp_dictoffset != 0 || t->tp_traverse == NULL || t->tp_clear == NULL
                || t->tp_dealloc == NULL || t->tp_setattro != PyObject_GenericSetAttr) {
            PyErr_SetString(PyExc_SystemError, "cyautograd: cannot install the tensor instance dict");
            return -1;
        }
        descr = PyDescr_NewGetSet(t, &cya_td_getset);
        if (descr == NULL) return -1;
        if (PyDict_SetItemString(t->tp_dict, "__dict__", descr) < 0) { Py_DECREF(descr); return -1; }
        Py_DECREF(descr);
        cya_td_off = off;
        cya_td_type = t;
        cya_td_traverse0 = t->tp_traverse; t->tp_traverse = cya_td_traverse;
        cya_td_clear0 = t->tp_clear; t->tp_clear = cya_td_clear;
        cya_td_dealloc0 = t->tp_dealloc; t->tp_dealloc = cya_td_dealloc;
        t->tp_setattro = cya_td_setattro;
        PyType_Modified(t);
        return 0;
    }
    """
    int cya_td_install(object type, Py_ssize_t off) except -1
    object cya_td_peek(object o)
    int cya_td_subclass(object cls) except -1
    bint cya_td_enabled()


cdef int _install_instance_dict() except -1:
    cdef Tensor probe = <Tensor>cya_tp_new(Tensor)
    return cya_td_install(Tensor, <Py_ssize_t>(<char*>&probe.dict_ - <char*><PyObject*>probe))


_install_instance_dict()


def _tensor_init_subclass(cls, **kwargs):
    cya_td_subclass(cls)   # NOTE [ Lazy instance dict ]: a __slots__ subclass
    super(Tensor, cls).__init_subclass__(**kwargs)


cya_type_dict_set(Tensor, "__init_subclass__", classmethod(_tensor_init_subclass))


def _instance_dict_enabled():
    """(used in tests) whether Tensor's instance dict is switched on
    (NOTE [ Lazy instance dict ])."""
    return cya_td_enabled()
