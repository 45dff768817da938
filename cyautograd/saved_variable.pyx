# cython: language_level=3
"""SavedVariable: torch/csrc/autograd/saved_variable.cpp."""
from cyautograd._fast cimport cya_tp_new
cimport cython
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad, version_counter_of
from cyautograd.autograd_meta cimport AutogradMeta, new_autograd_meta
from cyautograd.graph cimport Node
from cyautograd.version_counter cimport VersionCounter

from cpython.weakref cimport PyWeakref_NewRef

import re as _re

from cyautograd import dtypes as _D

# =============================================================================
# NOTE [ Saved outputs without cycles ]
# Mirrors torch's SavedVariable. A node that saves one of its own forward
# outputs (exp saves its result) must not hold that output Tensor: the
# output holds the node as grad_fn, and the pair would be a reference cycle
# that only the cyclic GC frees. So an output is saved as its array plus
# version counter, and unpack() builds a fresh Tensor whose grad_fn is the
# node being run. Inputs are saved as the Tensor itself.
#
# An output of an in-place op on a view is different (is_inplace_on_view):
# the op's node is not in the graph itself but runs inside the base's
# CopySlices, so the unpacked tensor's grad_fn is the view's grad_fn after
# the rebase (AsStridedBackward0, leading to CopySlices), held weakly as
# torch does (the view's grad_fn reaches this node through CopySlices).
#
# Invariants:
#   - exactly one of tensor_ / data_ is set until release();
#   - unpack() checks vc_ against saved_version_ on every call, so an
#     in-place change after saving is caught at backward.
# =============================================================================

_ERR_BACKWARD_TWICE = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


cdef object err_backward_twice():
    return RuntimeError(_ERR_BACKWARD_TWICE)


@cython.final
@cython.freelist(512)
cdef class SavedVariable:
    """A tensor saved for backward (factory-made)."""

    cdef object unpack(self, Node saved_for, bint as_tensor):
        cdef Tensor t
        cdef AutogradMeta m
        if self.released_:
            raise RuntimeError(_ERR_BACKWARD_TWICE)
        if self.vc_ is not None and self.vc_.c.version != self.saved_version_:
            raise RuntimeError(self._version_message(saved_for))
        if not as_tensor:
            return self.data_ if self.tensor_ is None else self.tensor_.data_
        if self.tensor_ is not None:
            return self.tensor_
        t = wrap_array(self.data_)
        t.version_counter_ = self.vc_
        if self.requires_grad_:
            m = new_autograd_meta()
            m.grad_fn_ = saved_for
            if self.weak_grad_fn_ is not None:
                fn = self.weak_grad_fn_()
                if fn is not None:
                    m.grad_fn_ = fn
            m.c.output_nr = self.output_nr_
            t.autograd_meta_ = m
        return t

    def _version_message(self, Node saved_for):
        arr = self.data_ if self.tensor_ is None else self.tensor_.data_
        desc = "[cyautograd.%s [%s]]" % (_D._FROM_NP[arr.dtype]._legacy,
                                         ", ".join([str(s) for s in arr.shape]))
        if self.is_output_:
            fn = saved_for
        else:
            fn = self.grad_fn_ if self.tensor_ is None else self.tensor_.grad_fn
        if fn is not None:
            # torch names the node without its "Backward<N>" suffix here
            desc += ", which is output %d of %s," % (self.output_nr_, _re.sub(r"Backward\d*$", "", fn.name()))
        return ("one of the variables needed for gradient computation has been modified by an "
                "inplace operation: %s is at version %d; expected version %d instead. Hint: enable "
                "anomaly detection to find the operation that failed to compute its gradient, with "
                "cyautograd.autograd.set_detect_anomaly(True, check_nan=False)."
                % (desc, self.vc_.c.version, self.saved_version_))

    cdef void set_inplace_on_view(self, Node view_grad_fn):
        self.weak_grad_fn_ = PyWeakref_NewRef(view_grad_fn, None)
        self.output_nr_ = 0

    cdef void release(self) noexcept:
        self.released_ = True
        self.tensor_ = None
        self.data_ = None

    @property
    def released(self):
        return self.released_


cdef SavedVariable save_variable(Tensor t, bint is_output):
    cdef SavedVariable s = <SavedVariable>cya_tp_new(SavedVariable)
    cdef AutogradMeta m = t.autograd_meta_
    if t.is_inference_:
        raise RuntimeError(
            "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
            "inference mode in computation tracked by autograd. To work around this, you can make "
            "a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` "
            "instead of `torch.inference_mode()`.")
    s.vc_ = version_counter_of(t)
    s.saved_version_ = s.vc_.c.version
    s.is_output_ = is_output
    if m is not None:
        s.output_nr_ = m.c.output_nr
        s.requires_grad_ = m.c.requires_grad or m.grad_fn_ is not None
        if not is_output:
            s.grad_fn_ = m.grad_fn_
    if is_output:
        s.data_ = t.data_
    else:
        s.tensor_ = t
    return s
