# cython: language_level=3
"""Hooks: tensor hooks, retain_grad, Node pre/post hooks and leaves'
post-accumulate-grad hooks (torch/csrc/autograd/python_hook.cpp and the
hook parts of VariableHooks in variable.cpp)."""
cimport cython
from cpython.weakref cimport PyWeakref_NewRef, PyWeakref_GetObject
from cpython.ref cimport PyObject

from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.view_meta cimport make_view
from cyautograd._c cimport CYA_CREATION_META_DEFAULT
from cyautograd.argcheck cimport tensor_arg
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.graph cimport Node, NodeExtras
from cyautograd.variable cimport materialize_autograd_meta, grad_fn_of
from cyautograd.functions.accumulate_grad cimport AccumulateGrad

from collections import OrderedDict

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.utils.hooks import RemovableHandle
# numpy's C API: set_history and the other variable.pxd inlines read array
# types through it (NOTE [ Integral tensors with history ] in variable.pyx)
cimport numpy as _cnp_api
_cnp_api.import_array()

# =============================================================================
# NOTE [ Hook dicts ]
# As torch's Python hooks, every registration point keeps an ordered dict
# {handle id: hook}; a RemovableHandle deletes its entry. A tensor's dict
# (AutogradMeta.cpp_hooks_list_) is wrapped once in a TensorPreHook placed
# on its grad_fn (or, for a leaf, on AutogradMeta.hooks_, which the leaf's
# AccumulateGrad reads: the accumulator is made and dropped with each
# graph). An in-place op gives the tensor a new grad_fn and a fresh dict
# (update_tensor_hooks_on_new_gradfn), so hooks registered before it stay
# with the old value. A call runs a snapshot of the dict's hooks, in
# registration order: a hook removed while they run still runs this time.
#
# Gradients flow through the engine as plain arrays unless create_graph;
# hooks always see Tensors, and what they return is unwrapped again.
# =============================================================================


cdef str hook_name(object hook):
    name = getattr(hook, "__name__", None)
    return name if isinstance(name, str) else "<unknown>"


cdef str _type_string(Tensor t):
    return "cyautograd." + _D._FROM_NP[t.data_.dtype]._legacy


cdef int check_single_result(object original, object result, object hook) except -1:
    """A hook's replacement for one gradient: a Tensor of the same type and size."""
    cdef Tensor o, r
    if result is None:
        return 0
    if original is None:
        raise RuntimeError("can't replace a None gradient with a non-None value")
    if not isinstance(result, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")
    o = original
    r = result
    if o.data_.dtype != r.data_.dtype:
        raise RuntimeError(f"hook '{hook_name(hook)}' has changed the type of value (was "
                           f"{_type_string(o)} got {_type_string(r)})")
    if tuple(o.data_.shape) != tuple(r.data_.shape):
        raise RuntimeError(f"hook '{hook_name(hook)}' has changed the size of value")
    return 0


cdef int check_result(tuple prev, object result, object hook) except -1:
    if not isinstance(result, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(result).__name__}'")
    if len(prev) != len(result):
        raise RuntimeError(f"hook '{hook_name(hook)}' has returned an incorrect number of values "
                           f"(got {len(result)}, but expected {len(prev)})")
    for i in range(len(prev)):
        check_single_result(prev[i], result[i], hook)
    return 0


# NOTE [ A hook's gradient is a view when the engine's is ]
# torch hands a hook the engine's gradient tensor as it is: often a view
# (sum's backward expands a 0-d gradient, view/unsqueeze backward reshape
# or squeeze it), so g._is_view() is True and g._base its base. The engine
# here carries ndarrays; one that views another array's memory (numpy's
# broadcast_to, reshape, transpose) is handed over as a view of a tensor
# over its owner, so _is_view()/_base, and an in-place write's version
# bump of the base, read as torch's.
cdef inline object _wrap(object g):
    if g is None or isinstance(g, Tensor):
        return g
    root = g.base if type(g) is np.ndarray else None
    if root is not None and type(root) is np.ndarray:
        return make_view(wrap_array(root), g, CYA_CREATION_META_DEFAULT)
    return wrap_array(g)


cdef inline object _unwrap_like(object orig, object t):
    """A hook's Tensor back in the engine's form of `orig` (array or Tensor)."""
    if t is None or orig is None or isinstance(orig, Tensor):
        return t
    return (<Tensor>t).data_


@cython.final
cdef class TensorPreHook:
    """A tensor's hook dict, run on input `value_idx` of a node
    (torch's PyFunctionTensorPreHook)."""
    cdef object hooks
    cdef Py_ssize_t value_idx

    cdef list call(self, list inputs):
        cdef list hooks = list(self.hooks.values())
        if not hooks:
            return inputs
        orig = inputs[self.value_idx]
        value = _wrap(orig)
        modified = False
        for hook in hooks:
            res = hook(value)
            if res is None or res is value:
                continue
            check_single_result(value, res, hook)
            value = res
            modified = True
        if not modified:
            return inputs
        inputs = list(inputs)
        inputs[self.value_idx] = _unwrap_like(orig, value)
        return inputs


cdef TensorPreHook _tensor_pre_hook(object hooks, Py_ssize_t value_idx):
    cdef TensorPreHook h = TensorPreHook.__new__(TensorPreHook)
    h.hooks = hooks
    h.value_idx = value_idx
    return h


@cython.final
cdef class RetainGradHook:
    """retain_grad's hook: adds the gradient to its tensor's .grad. It holds
    the tensor weakly (the graph must not keep the tensor alive)."""
    cdef object weak_self

    cdef list call(self, list inputs, Py_ssize_t idx):
        cdef Tensor var
        cdef AutogradMeta m
        g = inputs[idx]
        obj = <object>PyWeakref_GetObject(self.weak_self)
        if obj is None or g is None:
            return inputs
        var = obj
        m = materialize_autograd_meta(var)
        if isinstance(g, Tensor):
            m.grad_ = (<Tensor>g).clone() if m.grad_ is None else m.grad_ + g
        elif m.grad_ is None:
            if type(g) is not np.ndarray and not isinstance(g, np.generic):
                from cyautograd import backend   # a device array: NOTE [ Device backends ]
                m.grad_ = wrap_array(backend.copy(g))
            else:
                m.grad_ = wrap_array(np.array(g, copy=True, order="C"))
        else:
            m.grad_ = m.grad_ + wrap_array(g)
        return inputs


cdef list call_tensor_pre_hooks(Node fn, list inputs):
    """Tensor pre-hooks, then retains_grad hooks (torch's engine order)."""
    cdef NodeExtras x = fn.extras_
    cdef AutogradMeta m
    cdef Py_ssize_t k
    if type(fn) is AccumulateGrad:
        var = (<AccumulateGrad>fn).variable
        if var is not None:
            m = (<Tensor>var).autograd_meta_
            if m is not None and m.hooks_:
                for h in m.hooks_:
                    inputs = (<TensorPreHook>h).call(inputs)
    if x is None:
        return inputs
    if x.tensor_pre_hooks_:
        for h in x.tensor_pre_hooks_:
            inputs = (<TensorPreHook>h).call(inputs)
    if x.retains_grad_hooks_:
        for k, h in list(x.retains_grad_hooks_.items()):
            inputs = (<RetainGradHook>h).call(inputs, k)
    return inputs


cdef list call_pre_hooks(Node fn, list inputs):
    """Node pre-hooks: hook(grad_outputs) may replace grad_outputs."""
    cdef NodeExtras x = fn.extras_
    if x is None or not x.pre_hooks_:
        return inputs
    return _call_node_hooks(x.pre_hooks_, inputs, ())


cdef list call_post_hooks(Node fn, list outputs, list inputs):
    """Node post-hooks: hook(grad_inputs, grad_outputs) may replace grad_inputs."""
    cdef NodeExtras x = fn.extras_
    if x is None or not x.post_hooks_:
        return outputs
    return _call_node_hooks(x.post_hooks_, outputs, (tuple([_wrap(g) for g in inputs]),))


cdef list _call_node_hooks(object hooks, list values, tuple rest):
    """Run a node's hook dict on the tuple of `values` (hook(values, *rest));
    each hook may return a replacement tuple; returns the engine's list."""
    cdef list snapshot = list(hooks.values())
    cur = tuple([_wrap(g) for g in values])
    modified = False
    for hook in snapshot:
        res = hook(cur, *rest)
        if res is None or res is cur:
            continue
        check_result(cur, res, hook)
        cur = res
        modified = True
    if not modified:
        return values
    return [_unwrap_like(o, t) for o, t in zip(values, cur)]


# -- registration ------------------------------------------------------------------

def register_hook(input, hook):
    """Tensor.register_hook: runs hook(grad) when the gradient of self is
    computed; it may return a replacement."""
    cdef Tensor self = tensor_arg(input, "register_hook", "self", 1)
    cdef AutogradMeta m
    cdef Node fn
    if not tensor_requires_grad(self):
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    m = materialize_autograd_meta(self)
    if m.cpp_hooks_list_ is None:
        # as torch: only a fresh dict reads grad_fn (regenerating a view's);
        # a dict left from before a base's in-place op keeps its old node.
        # The dict is in place before grad_fn is read: when reading it fails
        # (a stale multi-output view), the next call registers into the
        # dict, attached to no node, without reading it again (torch's
        # Tensor.register_hook sets _backward_hooks first)
        d = OrderedDict()
        m.cpp_hooks_list_ = d
        fn = grad_fn_of(self)
        if fn is not None:
            x = fn.extras()
            if x.tensor_pre_hooks_ is None:
                x.tensor_pre_hooks_ = []
            x.tensor_pre_hooks_.append(_tensor_pre_hook(d, m.c.output_nr))
            fn.has_hooks_ = True
        else:
            m.hooks_ = [_tensor_pre_hook(d, 0)]
            _mark_accumulator(m)
    handle = RemovableHandle(m.cpp_hooks_list_)
    m.cpp_hooks_list_[handle.id] = hook
    return handle


cdef void _mark_accumulator(AutogradMeta m):
    if m.grad_accumulator_ != NULL:
        (<Node>m.grad_accumulator_).has_hooks_ = True


# engine's transform count, mirrored here by engine's enter/exit (a C call
# there) so that retain_grad reads a C int (NOTE [ Functorch transform depth ])
cdef int _functorch_depth = 0


cdef void set_functorch_depth(int depth) noexcept:
    global _functorch_depth
    _functorch_depth = depth


def retain_grad(input):
    """VariableHooks::retain_grad: a non-leaf's .grad is filled on backward."""
    cdef Tensor self = tensor_arg(input, "retain_grad", "self", 1)
    cdef AutogradMeta m
    cdef Node fn
    cdef RetainGradHook h
    if not tensor_requires_grad(self):
        raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    if _functorch_depth:
        # NOTE [ Functorch transform depth ]; checked before the leaf no-op, as torch
        raise RuntimeError("You are attempting to call Tensor.retain_grad() inside of a function being transformed "
                           "by a functorch transform. This is unsupported, please attempt to use the functorch "
                           "transforms (e.g. grad, vjp, jacrev, jacfwd, hessian) or call retain_grad() outside of "
                           "a function being transformed instead.")
    m = self.autograd_meta_
    # torch's is_leaf here reads the stored grad_fn, without regenerating a
    # view's: a view with no node of its own is a leaf (a no-op), even one
    # whose grad_fn could not be rebuilt
    if m is None or m.grad_fn_ is None:
        return
    if m.c.retains_grad:
        return
    fn = grad_fn_of(self)
    h = RetainGradHook.__new__(RetainGradHook)
    h.weak_self = PyWeakref_NewRef(self, None)
    x = fn.extras()
    if x.retains_grad_hooks_ is None:
        x.retains_grad_hooks_ = {}
    x.retains_grad_hooks_[m.c.output_nr] = h
    fn.has_hooks_ = True
    m.c.retains_grad = 1


def register_post_accumulate_grad_hook(input, hook):
    cdef Tensor self = tensor_arg(input, "register_post_accumulate_grad_hook", "self", 1)
    cdef AutogradMeta m
    if not tensor_requires_grad(self):
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if grad_fn_of(self) is not None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
    m = materialize_autograd_meta(self)
    if m.post_acc_grad_hooks_ is None:
        m.post_acc_grad_hooks_ = OrderedDict()
    handle = RemovableHandle(m.post_acc_grad_hooks_)
    m.post_acc_grad_hooks_[handle.id] = hook
    return handle


cdef object _add_node_hook(Node fn, bint pre, object hook):
    x = fn.extras()
    if pre:
        if x.pre_hooks_ is None:
            x.pre_hooks_ = OrderedDict()
        d = x.pre_hooks_
    else:
        if x.post_hooks_ is None:
            x.post_hooks_ = OrderedDict()
        d = x.post_hooks_
    handle = RemovableHandle(d)
    d[handle.id] = hook
    fn.has_hooks_ = True
    return handle


def register_node_hook(Node fn not None, hook):
    """Node.register_hook: hook(grad_inputs, grad_outputs) after the node runs."""
    return _add_node_hook(fn, False, hook)


def register_node_prehook(Node fn not None, hook):
    """Node.register_prehook: hook(grad_outputs) before the node runs."""
    return _add_node_hook(fn, True, hook)
