# cython: language_level=3
from libc.stdint cimport int64_t
from cyautograd.tensor cimport Tensor
from cyautograd.graph cimport Node
from cyautograd.version_counter cimport VersionCounter

# torch::autograd::SavedVariable: a tensor saved for backward with the
# version it had then. See NOTE [ Saved outputs without cycles ].
cdef class SavedVariable:
    cdef Tensor tensor_          # a saved input, kept as it is (None for outputs)
    cdef object data_            # a saved output's array (no Tensor: no cycle)
    cdef VersionCounter vc_      # the counter whose value was recorded
    cdef int64_t saved_version_  # vc_'s value at save time
    cdef Node grad_fn_           # grad_fn of a saved non-leaf input, for the message
    cdef Py_ssize_t output_nr_   # output_nr at save time
    cdef bint is_output_         # saved an output of the node that saves it
    cdef bint requires_grad_     # the saved tensor required grad
    cdef bint released_          # freed after backward
    cdef object weak_grad_fn_    # weakref to a view's grad_fn (is_inplace_on_view), or None
    cdef object packed_          # what a saved-tensor pack hook returned (hooks_ set)
    cdef object unpack_hook_     # the unpack hook, or None when no hooks were active
    cdef object leaf_            # with hooks: the saved leaf (its gradients go there)
    cdef dict fw_grad_           # a saved output's ForwardGrad while a dual level is open, or None

    cdef object unpack(self, Node saved_for, bint as_tensor)
    cdef object unpack_user(self, Node saved_for, bint as_tensor)
    cdef int _check_not_detached(self) except -1
    cdef int check_unpack(self, Node saved_for) except -1
    cdef void release(self) noexcept
    cdef void set_inplace_on_view(self, Node view_grad_fn)
    cdef Tensor _unpack_with_hook(self, Node saved_for)

cdef SavedVariable save_variable(Tensor t, bint is_output)
cdef bint fw_level_open() noexcept
cdef object err_backward_twice()
cdef unsigned long saved_hooks_epoch() noexcept
cdef object saved_hooks_state()
cdef void restore_saved_hooks_state(object snap) except *
