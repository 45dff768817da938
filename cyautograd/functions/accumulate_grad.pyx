# cython: language_level=3
"""AccumulateGrad (torch/csrc/autograd/functions/accumulate_grad.h)."""
cimport cython
from libc.stdint cimport UINT64_MAX
from cpython.ref cimport PyObject
from cyautograd.graph cimport Node
from cyautograd.tensor cimport Tensor, wrap_array, version_counter_of
from cyautograd.argcheck cimport tensor_arg
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.version_counter cimport VersionCounter
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.kernels cimport k_into_ok, k_binary_into, K_ADD

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
# copied, so later in-place accumulation never reaches another owner.
cdef bint _can_steal(object g, object like):
    if not cnp.PyArray_CheckExact(g):
        return False
    if Py_REFCNT(g) > 2:
        return False
    cdef cnp.ndarray a = <cnp.ndarray>g
    return (cnp.PyArray_BASE(a) == NULL and cnp.PyArray_IS_C_CONTIGUOUS(a) and
            cnp.PyArray_ISWRITEABLE(a) and cnp.PyArray_DESCR(a) is cnp.PyArray_DESCR(<cnp.ndarray>like)
            if cnp.PyArray_CheckExact(like) else False)


cdef bint _is_device(object g):
    from cyautograd import backend
    return backend.is_device_array(g)


cdef object _backend_copy(object g):
    from cyautograd import backend
    return backend.copy(g)


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
        cdef Tensor g
        cdef VersionCounter vc
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
                # torch copies into a fresh buffer: grad_fn CopyBackwards
                m.grad_ = (<Tensor>new_grad).new_zeros(new_grad.shape).copy_(new_grad)
            else:
                m.grad_ = m.grad_ + new_grad
        else:
            if type(new_grad) is Tensor:
                new_grad = (<Tensor>new_grad).data_
            if m.grad_ is None:
                if _can_steal(new_grad, var.data_):
                    m.grad_ = wrap_array(new_grad)
                else:
                    # a device array copies through its backend (NOTE [ Device backends ])
                    m.grad_ = wrap_array(new_grad.copy() if type(new_grad) is np.ndarray
                                         or not _is_device(new_grad) else _backend_copy(new_grad))
            else:
                g = m.grad_
                if g.autograd_meta_ is not None and g.autograd_meta_.grad_fn_ is not None:
                    m.grad_ = wrap_array(g.data_ + new_grad)
                else:
                    if k_into_ok(K_ADD, g.data_, new_grad):
                        k_binary_into(K_ADD, g.data_, new_grad)   # numpy's loop, no ufunc dispatch
                    else:
                        g.data_ += new_grad
                    if not g.is_inference_:
                        vc = version_counter_of(g)
                        vc.c.version += 1
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
