# cython: language_level=3
"""AccumulateGrad (torch/csrc/autograd/functions/accumulate_grad.h)."""
cimport cython
from libc.stdint cimport UINT64_MAX
from cpython.ref cimport PyObject
from cyautograd.graph cimport Node
from cyautograd._fast cimport cya_tp_new, cya_mem_equal
from cyautograd.tensor cimport Tensor, wrap_array, version_counter_of, array_of
from cyautograd.argcheck cimport tensor_arg
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.version_counter cimport VersionCounter
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.kernels cimport k_into_ok, k_binary_into, K_ADD
from cyautograd.memory_overlap cimport assert_no_internal_overlap

cimport numpy as cnp
from cpython.ref cimport Py_REFCNT
import numpy as np
cnp.import_array()


# NOTE [ Stealing the incoming gradient ]
# As torch's AccumulateGrad, a leaf's first gradient takes over the incoming
# buffer instead of copying it when nothing else can see that buffer: an
# exact, C-contiguous, writeable ndarray that owns its data, of the leaf's
# dtype, referenced only by the engine's input list and our local (the
# engine drops its own temporaries before calling apply). Anything else is
# copied, so later in-place accumulation never reaches another owner. A
# device array is taken over on the same terms, its ownership and layout
# asked of its backend (backend.owns_dense): no copy kernel, and .grad's
# version is 0 as on torch's CUDA.
cdef inline bint _sole_ref(object g):
    """Only the engine's list and the caller hold g -- and the version table
    (NOTE [ Versions of gradient arrays ] in variable.pyx), when a formula or
    the input buffer's in-place sum noted a version for it (seed 25983)."""
    cdef Py_ssize_t n = Py_REFCNT(g)
    return n <= 2 or (n == 3 and _noted_version(g) != 0)


cdef bint _can_steal(object g, object like):
    if not cnp.PyArray_CheckExact(g):
        return False
    if not _sole_ref(g):
        return False
    cdef cnp.ndarray a = <cnp.ndarray>g
    if not cnp.PyArray_CheckExact(like):
        return False
    if not (cnp.PyArray_BASE(a) == NULL and cnp.PyArray_IS_C_CONTIGUOUS(a) and
            cnp.PyArray_ISWRITEABLE(a) and cnp.PyArray_DESCR(a) is cnp.PyArray_DESCR(<cnp.ndarray>like)):
        return False
    # a C-contiguous gradient of a C-contiguous leaf's shape obeys its layout
    # (the common case, decided in C); otherwise -- a permuted or expanded
    # leaf, or a gradient of another shape than the leaf's (its .data was
    # replaced) -- torch steals it only when its strides obey the leaf's layout
    # (numpy calls every zero-size array C-contiguous, whatever its strides:
    # a zero-size leaf's strides are compared by _obeys_layout, as torch's)
    return (cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>like) and cnp.PyArray_SIZE(<cnp.ndarray>like) != 0 and
            cnp.PyArray_NDIM(a) == cnp.PyArray_NDIM(<cnp.ndarray>like) and
            cya_mem_equal(cnp.PyArray_DIMS(a), cnp.PyArray_DIMS(<cnp.ndarray>like),
                          cnp.PyArray_NDIM(a) * sizeof(cnp.npy_intp))) or _obeys_layout(g, like)


# NOTE [ The version of a leaf's first gradient ]
# torch's AccumulateGrad (accumulate_grad.h) sets a leaf's first gradient
# outside grad mode in one of two ways, and .grad._version shows which:
#   - it steals the incoming tensor when nothing else holds it and its
#     strides obey the leaf's layout: .grad is that tensor (detached), with
#     its version counter -- the count a formula's in-place op left (1 after
#     scatter_add_/index_put_ into zeros, noted in NOTE [ Versions of gradient
#     arrays ]), or the counter of the user's gradient that a view formula
#     (view/reshape/t) aliased: later accumulation then writes through to
#     that user tensor and bumps its version, as in torch. torch decides by
#     the gradient tensor's own use count, not its storage's: an expand or
#     view of the engine's implicit ones (a 0-d leaf's p.sum(), whose
#     SumBackward0 expands to (); p.view(1).sum()) is stolen too, at the
#     ones' version 0, and two leaves stealing views of the same ones share
#     memory and version counter (a later accumulation into one shows in
#     the other, as in torch); the ones themselves (p.backward(), a 0-d
#     prod's gradient) are held by the engine's root and copied;
#   - otherwise clone_obey_contract copies it: new_empty_strided(leaf's
#     geometry).copy_(grad), version 1 (a leaf that is not dense: clone(),
#     version 0); a gradient whose shape differs from the leaf's (its .data
#     was replaced) is broadcast into the leaf's shape by that copy_, with
#     copy_'s error when it cannot be.
cdef dict _grad_versions = None
cdef dict _root_grads = None


cdef int _load_registries() except -1:
    global _grad_versions, _root_grads
    from cyautograd.variable import _grad_versions_dict
    _grad_versions, _root_grads = _grad_versions_dict()
    return 0


cdef inline Tensor _alias_grad(Tensor g, object arr):
    """A Tensor over `arr` (memory of g's) sharing g's storage and version
    counter, as a detach of g would."""
    cdef Tensor t = <Tensor>cya_tp_new(Tensor)
    t.data_ = arr
    t.storage_ = g.storage_
    t.version_counter_ = version_counter_of(g)
    return t


cdef object _stealable_view(object g):
    """For an exact ndarray view `g` that only the engine's list and the
    caller hold: walk its bases. A user's root gradient, or the engine's
    implicit one -> (the Tensor over it,);
    a chain of arrays nothing else holds, ending in an owner -> (None, owner);
    anything else (someone can see the memory) -> None."""
    cdef PyObject* b = cnp.PyArray_BASE(<cnp.ndarray>g)
    if _root_grads is None:
        _load_registries()
    while b != NULL:
        obj = <object>b
        if _root_grads:
            entry = _root_grads.get(id(obj))
            if entry is not None and entry[0] is obj:
                if entry[1] is None:
                    # the engine's implicit root: every leaf stealing a view
                    # of it shares one storage and version counter, as in torch
                    entry = _root_grads[id(obj)] = (obj, wrap_array(obj))
                return (entry[1],)
        # held by its view's base pointer and `obj` only
        if not cnp.PyArray_CheckExact(obj) or Py_REFCNT(obj) > 2:
            return None
        b = cnp.PyArray_BASE(<cnp.ndarray>obj)
        if b == NULL:
            return (None, obj)
    return None


cdef inline Py_ssize_t _noted_version(object arr):
    if _grad_versions is None:
        _load_registries()
    if not _grad_versions:
        return 0
    entry = _grad_versions.get(id(arr))
    if entry is None or entry[0] is not arr:
        return 0
    return entry[1]


cdef bint _dense(object a):
    """torch's is_non_overlapping_and_dense for an ndarray."""
    if a.flags.c_contiguous or a.flags.f_contiguous:
        return True
    dims = sorted([(abs(st), n) for st, n in zip(a.strides, a.shape) if n != 1])
    expect = a.itemsize
    for st, n in dims:
        if st != expect:
            return False
        expect *= n
    return True


# torch.autograd.enforce_grad_layout_policy: with enforcement off, a
# stealable gradient is stolen whatever its strides (_obeys_layout answers
# yes); the copies made when it cannot be stolen still take the leaf's
# layout. Process-wide here (torch's is per thread; the engine runs a
# backward on the calling thread).
cdef bint _layout_enforced = True


def _set_grad_layout_enforcement_enabled(bint enabled):
    """torch._C._set_grad_layout_enforcement_enabled."""
    global _layout_enforced
    _layout_enforced = enabled


def _is_grad_layout_enforcement_enabled():
    """torch._C._is_grad_layout_enforcement_enabled."""
    return _layout_enforced


cdef bint _obeys_layout(object g, object var):
    """torch's obeys_layout_contract(grad, variable) for ndarrays. It looks
    at the gradient's dimensions only, by index: a gradient whose shape is
    not the leaf's (the leaf's .data was replaced after the graph recorded
    its shape) obeys when those strides agree, and is then stolen as it is.
    With layout enforcement off, every gradient obeys."""
    if not _layout_enforced:
        return True
    if (cnp.PyArray_CheckExact(g) and cnp.PyArray_SIZE(<cnp.ndarray>g) == 0
            and cnp.PyArray_BASE(<cnp.ndarray>g) == NULL):
        # a fresh zero-size result's all-zero strides read as torch's
        # contiguous ones (NOTE [ Strides of zero-size tensors ]); an expand
        # (a view) keeps its zero strides, which do not obey
        g = array_of(g)
    if not _dense(var):
        return g.flags.c_contiguous
    # NOTE [ Strides past a leaf's dims ]
    # A gradient of more dims than the leaf (whose .data was replaced by a
    # tensor of fewer dims) is compared by torch against strides read past
    # the leaf's own: the unused slots of its inline sizes-and-strides
    # storage, copied from the new data's tensor. A tensor starts as 1-d
    # (stride 1 in slot 0, zeros after) and an op's result is resized from
    # there, so those slots read 1 in slot 0 of a 0-d leaf and 0 elsewhere:
    # a 0-d leaf takes a contiguous (n,) or (n, 1) gradient as it is (seed
    # 40778) and copies (raising copy_'s broadcast error) a (2, 3) one.
    cdef Py_ssize_t i, nd = var.ndim, n
    cdef object gst = g.strides, vst = var.strides, gsh = g.shape
    cdef Py_ssize_t gi = g.itemsize, vi = var.itemsize, vs
    for i in range(g.ndim):
        n = gsh[i]
        if n != 1:
            vs = vst[i] // vi if i < nd else (1 if i == 0 else 0)
            if gst[i] // gi != vs:
                return False
        elif gst[i] == 0:
            return False
    return True


cdef Tensor _clone_obey_contract(object g, Tensor var):
    """NOTE [ The version of a leaf's first gradient ]: the copy path."""
    cdef Tensor t
    cdef VersionCounter vc
    if g.shape != var.data_.shape:
        # copy_'s broadcast (and its error) into the leaf's shape
        t = wrap_array(np.empty(var.data_.shape, dtype=var.data_.dtype))
        t.copy_(wrap_array(g))
        return t
    if type(g) is np.ndarray and type(var.data_) is np.ndarray and var.data_.size == 0:
        # a zero-size leaf is dense (torch: contiguous): new_empty_strided
        # takes its strides as they are, which numpy's copies would not
        t = wrap_array(_empty_zero_size_like(var.data_, g.dtype))
    elif type(g) is np.ndarray and type(var.data_) is np.ndarray and not var.data_.flags.c_contiguous \
            and _dense(var.data_):
        # torch's new_empty_strided(variable's sizes and strides).copy_(grad):
        # a column-major (or otherwise permuted) dense leaf keeps its layout
        t = wrap_array(_copy_like(g, var.data_))
    else:
        t = wrap_array(g.copy() if type(g) is np.ndarray or not _is_device(g) else _backend_copy(g))
    if _dense(var.data_) if type(var.data_) is np.ndarray else True:
        vc = version_counter_of(t)
        vc.c.version = 1
    return t


cdef object _empty_zero_size_like(object like, object dtype):
    """An empty array of zero-size `like`'s shape and strides (in elements)."""
    isz = like.dtype.itemsize
    return np.ndarray(like.shape, dtype, buffer=np.empty(0, dtype),
                      strides=tuple([st // isz * dtype.itemsize for st in like.strides]))


cdef object _copy_like(object g, object like):
    """g's values in a new array with the strides of `like`, a dense ndarray
    of g's shape (numpy's order 'K' reproduces a dense layout exactly)."""
    r = np.empty_like(like, dtype=g.dtype)
    np.copyto(r, g)
    return r


cdef bint _is_device(object g):
    from cyautograd import backend
    return backend.is_device_array(g)


cdef bint _device_can_steal(object g, object like) except -1:
    """NOTE [ Stealing the incoming gradient ] for device arrays: g owns its
    memory (no view of another array) and is C-contiguous, of a C-contiguous
    leaf's dtype and shape (the caller has checked that only the engine's list
    and its local hold g)."""
    if type(g) is np.ndarray or type(like) is np.ndarray or not _is_device(g) or not _is_device(like):
        return False
    from cyautograd import backend
    return (g.dtype == like.dtype and tuple(g.shape) == tuple(like.shape) and g.size != 0
            and backend.owns_dense(g) and backend.geometry(like)[2])


cdef object _backend_copy(object g):
    from cyautograd import backend
    return backend.copy(g)


# NOTE [ The gradient layout contract warning ]
# torch's AccumulateGrad checks the .grad it leaves after accumulating into
# an existing one (CHECK_RESULT: `variable_grad += new_grad` outside grad
# mode, `variable_grad + new_grad` under it) against the leaf's layout
# (obeys_layout_contract) and warns when it does not obey: a .grad the user
# set in another layout (a contiguous one for a transposed leaf) keeps it.
# TORCH_WARN_ONCE: each of the two sites warns once per process.
cdef bint _warned_layout[2]
_warned_layout[0] = False
_warned_layout[1] = False


cdef int _check_result_layout(Tensor g, Tensor var, int site) except -1:
    cdef object a = g.data_, p = var.data_
    if cnp.PyArray_CheckExact(a) and cnp.PyArray_CheckExact(p):
        if (cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>a) and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>p)
                and cnp.PyArray_SIZE(<cnp.ndarray>p) != 0
                and cnp.PyArray_NDIM(<cnp.ndarray>a) == cnp.PyArray_NDIM(<cnp.ndarray>p)
                and cya_mem_equal(cnp.PyArray_DIMS(<cnp.ndarray>a), cnp.PyArray_DIMS(<cnp.ndarray>p),
                                  cnp.PyArray_NDIM(<cnp.ndarray>a) * sizeof(cnp.npy_intp))):
            return 0    # the common case: both contiguous, one shape
    elif not (type(a) is np.ndarray and type(p) is np.ndarray):
        return 0
    if _obeys_layout(a, p):
        return 0
    _warned_layout[site] = True
    from cyautograd._warn import warn_user

    def dims(x):
        return "[" + ", ".join([str(int(n)) for n in x]) + "]"
    warn_user("grad and param do not obey the gradient layout contract. This is not an error, but may impair "
              "performance.\ngrad.sizes() = %s, strides() = %s\nparam.sizes() = %s, strides() = %s"
              % (dims(g.shape), dims(g.stride()), dims(var.shape), dims(var.stride())))
    return 0


@cython.final
@cython.no_gc_clear
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class AccumulateGrad(Node):
    """AccumulateGrad(variable)"""

    def __dealloc__(self):
        # See NOTE [ Weak grad accumulator ] in variable.pyx
        cdef AutogradMeta m
        if self.variable is not None:
            m = self.variable.autograd_meta_
            if m is not None and m.grad_accumulator_ == <PyObject*>self:
                m.grad_accumulator_ = NULL

    def __init__(self, variable):
        # the engine makes these with new_node (variable.pyx); from Python,
        # as torch's Python binding, only with the leaf it accumulates into
        cdef Tensor v = tensor_arg(variable, "AccumulateGrad", "variable", 1)
        Node.__init__(self)
        self.sequence_nr_ = UINT64_MAX
        self.variable = v
        self.dtype_at_creation = v.data_.dtype
        self.set_input_metadata_from(0, v.data_)

    cdef list apply(self, list grads):
        cdef object new_grad = grads[0]
        cdef Tensor var = self.variable
        cdef AutogradMeta m
        cdef Tensor g, t
        cdef VersionCounter vc
        cdef Py_ssize_t n
        if new_grad is None:
            return []
        if var is None:  # made by AccumulateGrad.__new__ alone: nothing to accumulate into
            raise RuntimeError("AccumulateGrad has no variable to accumulate into")
        m = var.autograd_meta_
        if m is None or not m.c.requires_grad:
            # torch: a leaf whose requires_grad was turned off after the graph
            # was built gets nothing (its hooks ran already)
            return []
        if is_grad_enabled_c():
            if not isinstance(new_grad, Tensor):  # a Python call: grad_fn(array)
                raise TypeError(f"AccumulateGrad expected a Tensor gradient, got {type(new_grad).__name__}")
            # create_graph: new_grad is a Tensor; keep the graph (torch clones).
            if m.grad_ is None:
                # torch's clone_obey_contract: new_empty_strided(the leaf's
                # sizes and strides) when the leaf is dense, copy_'ed into:
                # grad_fn CopyBackwards
                if (type(var.data_) is np.ndarray and var.data_.size == 0
                        and type((<Tensor>new_grad).data_) is np.ndarray):
                    t = wrap_array(_empty_zero_size_like(var.data_, (<Tensor>new_grad).data_.dtype))
                    m.grad_ = t.copy_(new_grad)
                elif (type(var.data_) is np.ndarray and not var.data_.flags.c_contiguous
                        and _dense(var.data_) and type((<Tensor>new_grad).data_) is np.ndarray):
                    t = wrap_array(np.empty_like(var.data_, dtype=(<Tensor>new_grad).data_.dtype))
                    m.grad_ = t.copy_(new_grad)
                else:
                    m.grad_ = (<Tensor>new_grad).new_zeros(var.data_.shape).copy_(new_grad)
            else:
                m.grad_ = m.grad_ + new_grad
                if not _warned_layout[1]:
                    _check_result_layout(m.grad_, var, 1)
        else:
            if m.grad_ is None:
                # NOTE [ The version of a leaf's first gradient ]
                if type(new_grad) is Tensor:
                    g = <Tensor>new_grad
                    new_grad = g.data_
                    if (Py_REFCNT(g) <= 2 and not g.is_inference_ and type(new_grad) is np.ndarray
                            and type(var.data_) is np.ndarray and new_grad.dtype == var.data_.dtype
                            and _obeys_layout(new_grad, var.data_)):
                        # only the engine's list and `g` hold it: steal it,
                        # sharing its storage and version counter (detach)
                        m.grad_ = _alias_grad(g, new_grad)
                    else:
                        m.grad_ = _clone_obey_contract(new_grad, var)
                elif _can_steal(new_grad, var.data_):
                    m.grad_ = wrap_array(new_grad)
                    n = _noted_version(new_grad)
                    if n:
                        vc = version_counter_of(m.grad_)
                        vc.c.version = n
                elif (cnp.PyArray_CheckExact(new_grad) and Py_REFCNT(new_grad) <= 2
                      and cnp.PyArray_CheckExact(var.data_) and new_grad.dtype == var.data_.dtype
                      and cnp.PyArray_ISWRITEABLE(<cnp.ndarray>new_grad)
                      and _obeys_layout(new_grad, var.data_)
                      and (owner := _stealable_view(new_grad)) is not None):
                    # a view formula's result (view/reshape/t of the gradient)
                    if owner[0] is not None:
                        # ... of the user's gradient: .grad aliases it, version counter and all
                        m.grad_ = _alias_grad(<Tensor>owner[0], new_grad)
                    else:
                        m.grad_ = wrap_array(new_grad)
                        n = _noted_version(new_grad) or _noted_version(owner[1])
                        if n:
                            vc = version_counter_of(m.grad_)
                            vc.c.version = n
                elif (cnp.PyArray_CheckExact(new_grad) and _sole_ref(new_grad)
                      and cnp.PyArray_CheckExact(var.data_) and new_grad.shape != var.data_.shape
                      and new_grad.dtype == var.data_.dtype and _obeys_layout(new_grad, var.data_)):
                    # the leaf's .data was replaced by another shape after its
                    # accumulator recorded the old one: torch steals the
                    # gradient of the recorded shape (an expand of the root
                    # gradient is stealable too; its values are what counts)
                    m.grad_ = wrap_array(new_grad if cnp.PyArray_ISWRITEABLE(<cnp.ndarray>new_grad)
                                         else new_grad.copy())
                    n = _noted_version(new_grad)
                    if n:
                        vc = version_counter_of(m.grad_)
                        vc.c.version = n
                elif _sole_ref(new_grad) and _device_can_steal(new_grad, var.data_):
                    # a device gradient nothing else holds, of the leaf's
                    # dtype, shape and (dense) layout: taken over, as torch's
                    # CUDA AccumulateGrad takes it (no copy kernel)
                    m.grad_ = wrap_array(new_grad)
                    n = _noted_version(new_grad)
                    if n:
                        vc = version_counter_of(m.grad_)
                        vc.c.version = n
                else:
                    # a device array copies through its backend (NOTE [ Device backends ])
                    m.grad_ = _clone_obey_contract(new_grad, var)
            else:
                if type(new_grad) is Tensor:
                    new_grad = (<Tensor>new_grad).data_
                g = m.grad_
                # (two numpy arrays compare their dims in C: .shape builds two tuples)
                if not (cnp.PyArray_CheckExact(new_grad) and cnp.PyArray_CheckExact(g.data_)
                        and cnp.PyArray_SAMESHAPE(<cnp.ndarray>new_grad, <cnp.ndarray>g.data_)) \
                        and new_grad.shape != g.data_.shape:
                    # torch's `variable_grad += new_grad`: add_'s broadcast and error
                    g.add_(wrap_array(new_grad))
                else:
                    # torch's `variable_grad += new_grad` with grad mode off,
                    # also into a .grad that has history (a create_graph
                    # backward's): the same tensor, one version more, its
                    # grad_fn kept
                    if cnp.PyArray_CheckExact(g.data_) and not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>g.data_):
                        # torch's `variable_grad += new_grad` refuses a .grad
                        # whose elements share memory (an expanded gradient
                        # stolen with layout enforcement off), .grad unchanged
                        assert_no_internal_overlap(g)
                    if k_into_ok(K_ADD, g.data_, new_grad):
                        k_binary_into(K_ADD, g.data_, new_grad)   # numpy's loop, no ufunc dispatch
                    else:
                        g.data_ += new_grad
                    if not g.is_inference_:
                        vc = version_counter_of(g)
                        vc.c.version += 1
                if not _warned_layout[0]:
                    _check_result_layout(g, var, 0)
        if m.post_acc_grad_hooks_:
            for hook in list(m.post_acc_grad_hooks_.values()):
                r = hook(var)
                if r is not None:
                    # torch's PyFunctionTensorPostAccGradHooks: a non-Tensor
                    # result fails its type check first
                    if not isinstance(r, Tensor):
                        raise TypeError(f"expected Variable, but hook returned '{type(r).__name__}'")
                    raise RuntimeError("Tensor post accumulate grad hooks should return None.")
        return []

    cpdef str name(self):
        return "torch::autograd::AccumulateGrad"
