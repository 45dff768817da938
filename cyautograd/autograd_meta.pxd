# cython: language_level=3
from cpython.ref cimport PyObject
from cyautograd._c cimport cya_autograd_meta_t
from cyautograd.graph cimport Node

# torch::autograd::AutogradMeta. A tensor has one only once it needed
# autograd; see NOTE [ Lazy AutogradMeta ] in variable.pyx.
cdef class AutogradMeta:
    cdef cya_autograd_meta_t c        # requires_grad / retains_grad / is_view / output_nr
    cdef object grad_                 # Tensor or None: the accumulated gradient
    cdef Node grad_fn_                # None on leaves
    cdef PyObject* grad_accumulator_  # the leaf's AccumulateGrad, not owned (NULL if none);
    #                                   see NOTE [ Weak grad accumulator ] in variable.pyx
    cdef list hooks_                  # a leaf's TensorPreHooks, run by its AccumulateGrad (may be None)
    cdef object cpp_hooks_list_       # the dict of hooks registered since grad_fn_ was set
    #                                   (see NOTE [ Hook dicts ] in python_hook.pyx; may be None)
    cdef object post_acc_grad_hooks_  # post-accumulate-grad hooks {handle id: hook} (may be None)
    cdef object retains_grad_fn_      # the node holding our retain_grad hook (may be None)
    cdef object name_                 # str or None
    cdef dict fw_grad_                # ForwardGrad: {level: tangent Tensor}; None until a tangent
    #                                   is set (see NOTE [ Forward grad layout ] in autograd/forward_ad.py)

cdef AutogradMeta new_autograd_meta()
