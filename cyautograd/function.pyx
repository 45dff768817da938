# cython: language_level=3
"""Custom autograd Functions: torch/autograd/function.py and
torch/csrc/autograd/python_function.cpp / custom_function.cpp."""
cimport cython
from cyautograd._formula_mode cimport set_formula_mode

from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.graph cimport Node, new_node
from cyautograd.grad_mode cimport is_grad_enabled_c, set_grad_enabled_c
from cyautograd.variable cimport (differentiable_type_check, integral_history_allowed, collect_next_edges, materialize_autograd_meta, grad_fn_of,
                                  rebase_history, set_gradient_edge, view_hooks, bump_version,
                                  update_tensor_hooks_on_new_gradfn, note_grad_version, tensor_data)
from cyautograd.saved_variable cimport SavedVariable, save_variable, err_backward_twice
from cyautograd.saved_variable import undefined_saved_tensor
from cyautograd.view_meta cimport DifferentiableViewMeta
from cyautograd.functions.accumulate_grad cimport AccumulateGrad
from cyautograd._c cimport (CYA_CREATION_META_IN_CUSTOM_FUNCTION,
                            CYA_CREATION_META_MULTI_OUTPUT_NODE, cya_creation_meta_t)

import functools
import inspect
import warnings

import numpy as np
# numpy's C API: set_history and the other variable.pxd inlines read array
# types through it (NOTE [ Integral tensors with history ] in variable.pyx)
cimport numpy as _cnp_api
_cnp_api.import_array()

# =============================================================================
# NOTE [ Custom Function ]
# Mirrors torch's Function.apply (python_function.cpp, custom_function.cpp).
# The ctx passed to forward *is* the node: an instance of the class
# `<Name>Backward` (a Python subclass of BackwardCFunction made once per
# Function class), so attributes set on ctx are readable on grad_fn.
#
# apply(*args):
#   1. is_executable: grad mode is on and some Tensor argument requires
#      grad. needs_input_grad is per argument (False for non-Tensors).
#   2. forward runs with grad mode off; the node's next edges are those of
#      the Tensor arguments only.
#   3. each Tensor output i (i counts every output, Tensors or not) gets
#      the edge (ctx, i), as _wrap_outputs does: an input returned as is
#      comes back as a no-grad view of itself; a dirty (mark_dirty) input
#      is rebased onto ctx; a non-differentiable output gets no history.
#      Views among the outputs get creation_meta IN_CUSTOM_FUNCTION (or
#      MULTI_OUTPUT_NODE when several outputs are differentiable), so that
#      modifying them in place raises the seed's message.
#   4. save_for_backward's tensors become SavedVariables (outputs saved as
#      outputs, so no reference cycle), checked for version on unpack.
#
# backward: grads arrive as Tensors (None for non-Tensor outputs; zeros for
# undefined Tensor outputs unless set_materialize_grads(False)); the user's
# backward returns one gradient per forward argument, None for non-Tensors.
# =============================================================================


cdef tuple _tuple_attr(str name, object value):
    if value is None or type(value) is tuple:
        return value
    raise RuntimeError(f"autograd internal error: {name} attribute is expected to be a tuple but is "
                       f"{type(value).__name__}")


def _ctx_dirty_tensors(BackwardCFunction ctx not None):
    """What ctx.mark_dirty got (forward_ad's checks after apply)."""
    return ctx.dirty_tensors_


cdef object _no_grad_view_of_self(Tensor t):
    """_view_as_self_with_no_grad: an input returned as is comes back as a
    view of itself made without grad mode."""
    prev = is_grad_enabled_c()
    set_grad_enabled_c(False)
    try:
        return t.view_as(t)
    finally:
        set_grad_enabled_c(prev)


@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class BackwardCFunction(Node):
    """The node (and ctx) of a custom Function call."""
    cdef readonly tuple needs_input_grad
    cdef tuple to_save_              # what save_for_backward got (until apply saves it)
    cdef tuple saved_                # SavedVariables (None entries for None)
    cdef tuple dirty_tensors_
    cdef readonly tuple non_differentiable_
    cdef readonly bint materialize_grads_
    # torch's ctx._materialize_non_diff_grads: False leaves the gradient of a
    # non-differentiable output None even while grads are materialized
    cdef public bint _materialize_non_diff_grads
    cdef list is_var_input_          # per forward argument: was it a Tensor
    cdef list output_info_           # per output: (shape, dtype) of a Tensor output, or None
    cdef bint released_

    def __init__(self, *args, **kwargs):
        Node.__init__(self)
        self.materialize_grads_ = True
        self._materialize_non_diff_grads = True
        self.needs_input_grad = ()

    # -- ctx API --------------------------------------------------------------------

    def save_for_backward(self, *tensors):
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save variables, but argument {i} is of "
                                f"type {type(t).__name__}")
        self.to_save_ = tensors

    def save_for_forward(self, *tensors):
        """Keep tensors for the Function's jvp (forward-mode AD), where
        ctx.saved_tensors returns them."""
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_forward expects all arguments to be tensors; but got {type(t).__name__}")
        self._cya_saved_for_forward = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors_ = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable_ = args

    def set_materialize_grads(self, value):
        self.materialize_grads_ = bool(value)

    # what mark_dirty / mark_non_differentiable / save_for_backward got,
    # readable while forward runs (None once apply has used them, as torch's)
    @property
    def dirty_tensors(self):
        return None if self.output_info_ is not None else self.dirty_tensors_

    @dirty_tensors.setter
    def dirty_tensors(self, value):
        self.dirty_tensors_ = _tuple_attr("dirty_tensors", value)

    @property
    def non_differentiable(self):
        return None if self.output_info_ is not None else self.non_differentiable_

    @non_differentiable.setter
    def non_differentiable(self, value):
        self.non_differentiable_ = _tuple_attr("non_differentiable", value)

    @property
    def to_save(self):
        return None if self.output_info_ is not None else self.to_save_

    @to_save.setter
    def to_save(self, value):
        self.to_save_ = _tuple_attr("to_save", value)

    @property
    def saved_tensors(self):
        cdef SavedVariable sv
        if self.released_:
            raise err_backward_twice()
        if self.saved_ is None:
            return self.to_save_ if self.to_save_ is not None else ()
        out = []
        # torch's own ops made as Functions here (_torch_op) unpack as its
        # formulas do; a user's Function passes its node (NOTE [ A saved
        # non-leaf detached in place ] in saved_variable.pyx)
        strict = type(self)._torch_op
        if strict:
            # NOTE [ Unpack order of Function-made nodes ]
            # torch's formula unpacks its saved inputs sorted by name, then
            # its saved outputs (BinaryNode.check_saved_variables in
            # ops/pointwise.pyx); a Function made for one of torch's ops
            # saves them in the order its backward wants them. Its class's
            # _cya_unpack_order (ops/extra.py's _named; None: the saved
            # order is torch's; a forward may set its own on ctx where what
            # torch saves depends on which inputs require grad) gives
            # torch's, checked first, so that when several were modified in
            # place the error names the same one.
            order = self._cya_unpack_order
            if order is not None:
                for i in order:
                    if i < len(self.saved_) and self.saved_[i] is not None:
                        (<SavedVariable>self.saved_[i]).check_unpack(self)
        for sv in self.saved_:
            out.append(None if sv is None else sv.unpack(self, True) if strict else sv.unpack_user(self, True))
        return tuple(out)

    def _cya_raw_saved(self, Py_ssize_t i):
        """The i-th SavedTensor as grad_fn._raw_saved_<name> reads it: the
        object itself, freed or not (its unpack raises once freed), an
        undefined one for None or a slot never saved."""
        if self.saved_ is None or i >= len(self.saved_) or self.saved_[i] is None:
            return undefined_saved_tensor()
        return self.saved_[i]

    @property
    def _cya_released(self):
        return self.released_

    @property
    def _cya_saved_user(self):
        """saved_tensors as grad_fn._saved_* reads them: torch's getters
        pass the node (no detach_ error)."""
        cdef SavedVariable sv
        if self.released_:
            raise err_backward_twice()
        if self.saved_ is None:
            return self.to_save_ if self.to_save_ is not None else ()
        return tuple([None if sv is None else sv.unpack_user(self, True) for sv in self.saved_])

    @property
    def saved_variables(self):
        """Deprecated name of ``saved_tensors`` (warns, as torch's)."""
        import warnings
        # stacklevel 1: a Cython property has no frame of its own, so this
        # names the caller's line, as torch's warning does
        warnings.warn("'saved_variables' is deprecated; use 'saved_tensors'", DeprecationWarning, stacklevel=1)
        return self.saved_tensors

    cdef void release_variables(self):
        cdef SavedVariable sv
        if self.saved_ is not None:
            for sv in self.saved_:
                if sv is not None:
                    sv.release()
            self.released_ = True

    # -- backward -------------------------------------------------------------------

    cdef bint computes_every_output(self):
        # a user's backward returns every gradient (torch's PyNode, and its
        # own Python Functions: checkpoint's); torch's ops made as Functions
        # here (ops/, nn/) are torch's formulas, which do not (NOTE [ Outputs
        # a node computes ] in graph.pyx). Asked only on that path.
        cls = type(self)
        if cls._torch_op:
            return False
        mod = cls.__module__ or ""
        return not (mod.startswith("cyautograd.ops") or mod.startswith("cyautograd.nn"))

    cdef list apply(self, list grads):
        cls = self._forward_cls
        as_array = False
        args = []
        for i in range(len(grads)):
            g = grads[i]
            info = self.output_info_[i] if i < len(self.output_info_) else None
            if g is None:
                if info is not None and self.materialize_grads_ and (info[2] or self._materialize_non_diff_grads):
                    if len(info) > 3:   # a device output: zeros on its device (NOTE [ Device backends ])
                        from cyautograd.ops import _xp
                        g = wrap_array(_xp.zeros(info[3], info[0]))
                    else:
                        g = wrap_array(np.zeros(info[0], dtype=info[1]))
            elif not isinstance(g, Tensor):
                as_array = True
                g = wrap_array(g)
            args.append(g)
        # as torch's BackwardCFunction.apply: the user's vjp, or else its backward
        backward_fn = cls.backward
        vjp_fn = cls.vjp
        if backward_fn is not Function.backward and vjp_fn is not Function.vjp:
            raise RuntimeError("Implementing both 'backward' and 'vjp' for a custom Function is not allowed. "
                               "You should only implement one of them.")
        # the user's Python: its `grad * 2` is mul.Tensor (NOTE [ Scalar
        # overloads inside backward formulas ] in _formula_mode.pyx)
        cdef int prev_mode = set_formula_mode(0)
        try:
            result = (vjp_fn if vjp_fn is not Function.vjp else backward_fn)(self, *args)
        finally:
            set_formula_mode(prev_mode)
        if not isinstance(result, tuple):
            result = (result,)
        n_in = len(self.is_var_input_)
        if len(result) > n_in and all([r is None for r in result[n_in:]]):
            result = result[:n_in]
        if len(result) != n_in:
            raise RuntimeError(f"function {self.name()} returned an incorrect number of gradients "
                               f"(expected {n_in}, got {len(result)})")
        out = []
        for i in range(n_in):
            r = result[i]
            if not self.is_var_input_[i]:
                if r is not None:
                    raise RuntimeError(f"function {self.name()} returned a gradient different than None "
                                       f"at position {i + 1}, but the corresponding forward input was not "
                                       f"a Variable")
                continue
            if r is None:
                out.append(None)
                continue
            if not isinstance(r, Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(r).__name__})")
            if as_array and not is_grad_enabled_c():
                # the engine runs on arrays: keep the version the formula's
                # in-place ops left on the tensor (NOTE [ Versions of gradient
                # arrays ] in variable.pyx), as torch's .grad/autograd.grad show it
                ver = 0 if (<Tensor>r).is_inference_ else r._version
                if ver:
                    note_grad_version((<Tensor>r).data_, ver)
                out.append((<Tensor>r).data_)
            else:
                out.append(r)
        return out


@cython.final
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class Error(Node):
    """torch's Error node (functions/basic_ops.h): raises its message when
    run. What DelayedError gives its outputs as grad_fn
    (once_differentiable under create_graph)."""
    cdef str msg

    cdef list apply(self, list grads):
        raise RuntimeError(self.msg)

    cpdef str name(self):
        # torch's C++ name (torch::autograd::Error), our namespace
        return "cyautograd::autograd::Error"


def _delayed_error(str msg, tuple inputs):
    """torch's DelayedError(msg, n)(*inputs): each input's tensor_data (None
    stays None), all outputs of one Error node whose next edges are the
    inputs' gradient edges; the inputs themselves when none requires grad."""
    cdef Error err
    cdef Tensor o
    if not any([isinstance(a, Tensor) and tensor_requires_grad(<Tensor>a) for a in inputs]):
        return inputs
    err = <Error>new_node(Error)
    err.msg = msg
    err.next_edges_ = collect_next_edges(inputs)
    err.num_inputs_ = len(inputs)
    outs = []
    for i, a in enumerate(inputs):
        if a is None:
            outs.append(None)
            continue
        o = tensor_data(<Tensor>a)
        set_gradient_edge(o, err, i)
        err.set_input_metadata_from(i, o.data_)
        outs.append(o)
    return tuple(outs)


class FunctionMeta(type):
    """Gives each Function class its node class `<Name>Backward`."""

    def __init__(cls, name, bases, attrs):
        # (_torch_op: set by ops/extra.py's _named for torch's ops; present on
        # every node class so apply's lookup never misses, which costs an
        # AttributeError per call)
        backward_cls = type(name + "Backward", (BackwardCFunction,), {"_forward_cls": cls, "_torch_op": False,
                                                              "_cya_unpack_order": None})
        backward_cls.__module__ = cls.__module__
        cls._backward_cls = backward_cls
        super().__init__(name, bases, attrs)


class Function(metaclass=FunctionMeta):
    """Base class of custom autograd operations: define the staticmethods
    forward(ctx, *args) (or forward(*args) plus setup_context(ctx, inputs,
    output)) and backward(ctx, *grads), and call Cls.apply(*args)."""

    def __init__(self, *args, **kwargs):
        warnings.warn(f"{type(self)} should not be instantiated. Methods on autograd functions are all "
                      f"static, so you should invoke them on the class itself. Instantiating an autograd "
                      f"function will raise an error in a future version of PyTorch.", DeprecationWarning,
                      stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("Legacy autograd function with non-static forward method is deprecated. Please "
                           "use new-style autograd function with static forward method. (Example: "
                           "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                  "with forward mode AD.")

    # torch.func's class API for a Function under vmap: a vmap staticmethod
    # (info, in_dims, *args) -> (outputs, out_dims), or generate_vmap_rule =
    # True. cyautograd's vmap calls the Function once per slice (NOTE [
    # Function transforms over the tape ] in cyautograd/func), so neither is
    # consulted; the defaults are torch's.
    generate_vmap_rule = False

    @staticmethod
    def vmap(info, in_dims, *args):
        raise NotImplementedError("To use autograd.Function with vmap, you must either override the vmap "
                                  "staticmethod or set generate_vmap_rule=True.")

    @classmethod
    def apply(cls, *args, **kwargs):
        if _custom_setup(cls):
            # as torch: setup_context sees the forward's arguments with its
            # defaults applied
            bound = inspect.signature(cls.forward).bind(*args, **kwargs)
            bound.apply_defaults()
            args, kwargs = bound.args, bound.kwargs
            from cyautograd import engine
            if engine._functorch_depth_now():
                if kwargs:
                    from cyautograd.func import _level
                    if _level[0]:
                        # torch's custom_function_call under grad-like
                        # transforms takes positional arguments only (under
                        # vmap alone a keyword argument passes)
                        raise TypeError(f"custom_function_call_grad() got an unexpected keyword argument "
                                        f"'{next(iter(kwargs))}'")
                return _apply(_generated_for_transforms(cls), args, kwargs)
        if kwargs:
            # torch's C++ apply takes positional arguments only: a keyword
            # argument (a keyword-only parameter's default, once bound above,
            # included) is refused before forward runs
            raise TypeError(f"forward() got an unexpected keyword argument '{next(iter(kwargs))}'")
        return _apply(cls, args, kwargs)


def _generated_for_transforms(cls):
    """The Function a functorch transform applies in place of ``cls``: as
    torch's custom_function_call, a class named ``<Name>Generated`` (so its
    node is ``<Name>GeneratedBackward``) with cls's staticmethods, made once
    per class. Only Functions with a separate setup_context get here: torch
    refuses the others under transforms."""
    gen = cls.__dict__.get("_cya_generated")
    if gen is None:
        gen = type(cls.__name__ + "Generated", (cls,), {"__module__": cls.__module__,
                                                          "__qualname__": cls.__qualname__ + "Generated"})
        type.__setattr__(cls, "_cya_generated", gen)
    return gen


from cpython.object cimport PyObject, PyTypeObject


cdef extern from "Python.h":
    # the class attribute as stored in the MRO, no descriptor call; borrowed,
    # NULL when absent (sets no exception)
    PyObject* _PyType_Lookup(PyTypeObject* t, object name)


# Function's own setup_context staticmethod (what a class that does not
# override it finds in its MRO)
cdef object _BASE_SETUP_CONTEXT = Function.__dict__["setup_context"]


cdef bint _custom_setup(object cls) except -1:
    """`cls.setup_context is not Function.setup_context`: whether forward
    leaves ctx to a separate setup_context. A class whose MRO yields
    Function's own staticmethod object (no metaclass but FunctionMeta, whose
    descriptors could come first) is answered without the two attribute
    reads, each a descriptor call, that apply() would otherwise pay twice."""
    if (type(cls) is FunctionMeta
            and _PyType_Lookup(<PyTypeObject*>cls, "setup_context") == <PyObject*>_BASE_SETUP_CONTEXT):
        return False
    return cls.setup_context is not Function.setup_context


def _apply_with_ctx(cls, args, kwargs):
    """(outputs, ctx) of cls.apply(*args, **kwargs): forward_ad runs the
    Function's jvp with the forward's ctx."""
    ctx_out = []
    out = _apply(cls, tuple(args), dict(kwargs), ctx_out)
    return out, ctx_out[0]


# forward_ad's Function.apply (computes the outputs' tangents with the
# Function's jvp) while a dual level is open; None otherwise
cdef object _forward_ad_apply = None


def _set_forward_ad_apply(hook):
    global _forward_ad_apply
    _forward_ad_apply = hook


cdef object _apply(cls, tuple args, dict kwargs, list ctx_out=None):
    if _forward_ad_apply is not None and ctx_out is None:
        return _forward_ad_apply(cls, args, kwargs)
    cdef BackwardCFunction ctx = cls._backward_cls()
    if ctx_out is not None:
        ctx_out.append(ctx)
    cdef Tensor t
    cdef list is_var = []
    cdef list needs = []
    cdef list tensor_args = []
    cdef bint any_rg = False
    cdef bint executable
    for a in args:
        if isinstance(a, Tensor):
            is_var.append(True)
            tensor_args.append(a)
            rg = tensor_requires_grad(<Tensor>a)
            needs.append(rg)
            any_rg = any_rg or rg
        else:
            is_var.append(False)
            needs.append(False)
    executable = is_grad_enabled_c() and any_rg
    ctx.is_var_input_ = is_var
    ctx.needs_input_grad = tuple(needs)
    if executable:
        ctx.next_edges_ = collect_next_edges(tuple(tensor_args))
    custom_setup = _custom_setup(cls)
    prev = is_grad_enabled_c()
    set_grad_enabled_c(False)
    try:
        if custom_setup:
            outputs = cls.forward(*args, **kwargs)
            cls.setup_context(ctx, args, outputs)
        else:
            outputs = cls.forward(ctx, *args, **kwargs)
    finally:
        set_grad_enabled_c(prev)
    return _wrap_outputs(ctx, args, outputs, executable)


cdef object _ndarray = np.ndarray   # (a C global: np.ndarray is a module attribute lookup per use)


cdef object _device_zero(object arr):
    from cyautograd.ops import _xp
    return _xp.zeros(arr, ())


cdef int _set_output_edge(Tensor var, Node fn, Py_ssize_t output_nr) except -1:
    """torch's impl::set_gradient_edge for a custom Function's output: a
    backward view also records its current version as attr_version, so that
    in-place changes made inside forward (before the edge was set) do not
    make its grad_fn getter regenerate (and refuse) the node just set."""
    set_gradient_edge(var, fn, output_nr)
    cdef AutogradMeta m = var.autograd_meta_
    if m is not None and m.c.is_view and (<DifferentiableViewMeta>m).bw_base_ is not None:
        (<DifferentiableViewMeta>m).v.attr_version = (0 if var.version_counter_ is None
                                                      else var.version_counter_.c.version)
    return 0


cdef int _torch_op_history_check(tuple args, tuple raw, set non_diff_ids) except -1:
    """torch's set_history check for the torch ops written as Functions
    (NOTE [ Integral tensors with history ] in variable.pyx): a custom
    Function drops an integral output's history silently, but torch's op
    refuses to record it. The op's first output is its differentiable one
    (values, not indices); the check applies when an integral or bool
    input requires grad (the ops' own dtype= arguments check themselves)."""
    from cyautograd.ops._xp import npdtype
    for o in raw:
        if isinstance(o, Tensor):
            if id(o) in non_diff_ids or npdtype((<Tensor>o).data_).kind in "fc":
                return 0
            for a in args:
                if (isinstance(a, Tensor) and tensor_requires_grad(<Tensor>a)
                        and npdtype((<Tensor>a).data_).kind not in "fc"):
                    differentiable_type_check((<Tensor>o).data_)
            return 0
    return 0


cdef object _wrap_outputs(BackwardCFunction ctx, tuple args, object outputs, bint executable):
    cdef bint is_tuple = isinstance(outputs, tuple)
    cdef tuple raw = outputs if is_tuple else (outputs,)
    cdef Py_ssize_t i, n = len(raw), num_diff = 0
    cdef Tensor var
    cdef AutogradMeta m
    cdef list result = list(raw)
    cdef Node cdata = ctx if executable else None
    input_ids = {id(a) for a in args if isinstance(a, Tensor)}
    dirty = ctx.dirty_tensors_ or ()
    dirty_ids = {id(d) for d in dirty}
    non_diff_ids = {id(d) for d in (ctx.non_differentiable_ or ())}
    out_ids = {id(o) for o in raw if isinstance(o, Tensor)}
    for i in range(len(dirty)):
        d = dirty[i]
        if not isinstance(d, Tensor):
            raise TypeError(f"mark_dirty can only accept variables, but argument {i} is of type "
                            f"{type(d).__name__}")
        bump_version(<Tensor>d)   # as torch's _mark_dirty: the modification counts again
    for d in dirty:
        if id(d) not in out_ids:
            raise RuntimeError("Some elements marked as dirty during the forward method were not returned as "
                               "output. The inputs that are modified inplace must all be outputs of the Function.")
    ctx.num_inputs_ = n
    ctx.output_info_ = [None] * n
    if cdata is not None and getattr(type(ctx), "_torch_op", False):
        _torch_op_history_check(args, raw, non_diff_ids)
    # an in-place torch op on an integral tensor with history records it
    # (NOTE [ Integral tensors with history ] in variable.pyx)
    cdef bint integral_ok = cdata is not None and integral_history_allowed() and getattr(type(ctx), "_torch_op", False)
    for i in range(n):
        o = raw[i]
        if not isinstance(o, Tensor):
            continue
        var = o
        is_input = id(o) in input_ids
        is_modified = id(o) in dirty_ids
        if type(var.data_) is _ndarray:
            is_diff = cdata is not None and id(o) not in non_diff_ids and (var.data_.dtype.kind == "f"
                                                                           or (integral_ok and i == 0))
            ctx.output_info_[i] = (tuple(var.data_.shape), var.data_.dtype, is_diff)
        else:   # a device output: NOTE [ Device backends ]
            from cyautograd import backend as _backend
            is_diff = (cdata is not None and id(o) not in non_diff_ids
                       and _backend.np_dtype(var.data_.dtype).kind == "f")
            ctx.output_info_[i] = (tuple(var.data_.shape), var.data_.dtype, is_diff, _device_zero(var.data_))
        if not is_diff:
            if not tensor_requires_grad(var):
                if is_input and not is_modified:
                    var = _no_grad_view_of_self(var)
            elif is_input:
                var = var.detach()
            elif not var._is_view():
                var.detach_()
        elif is_modified:
            # is_leaf reads the raw grad_fn_ field (as torch's C++ is_leaf):
            # regenerating a dirty view's grad_fn here would raise the view
            # check's "its base ... has been modified" message first
            if ((var.autograd_meta_ is None or var.autograd_meta_.grad_fn_ is None)
                    and tensor_requires_grad(var)):
                raise RuntimeError("a leaf Variable that requires grad has been used in an in-place operation.")
            if not is_input:
                warnings.warn("Only input Tensors should be given to ctx.mark_dirty(). If a Tensor is not an "
                              "input, there is no need to pass it to mark_dirty().", UserWarning)
            if var._is_view() and n > 1:
                raise RuntimeError(
                    "If your Function modifies inplace an input that is a view of another Tensor, your Function "
                    "cannot return more than one Tensor. This is not supported by the current autograd engine. "
                    "You should either make sure the input is not a view (using .clone() for example) or make "
                    "your Function only return one Tensor (potentially splitting it into two Functions: one doing "
                    "the inplace that returns a single Tensor and a second one that does the other operations). "
                    "You can ask on the forum https://discuss.pytorch.org/ if you need help to do this change.")
            m = materialize_autograd_meta(var)
            m.grad_ = None
            m.cpp_hooks_list_ = None
            m.hooks_ = None
            if cdata is not None:
                if var._is_view():
                    view_hooks().handle_view_on_rebase(var)
                    rebase_history(var, cdata)
                else:
                    old = m.grad_fn_
                    m.grad_fn_ = cdata
                    m.c.output_nr = i
                    if old is not None:
                        update_tensor_hooks_on_new_gradfn(var, m, old, cdata)
        elif is_input:
            var = _no_grad_view_of_self(var)
            _set_output_edge(var, cdata, i)
        elif cdata is not None:
            _set_output_edge(var, cdata, i)
        if cdata is not None and is_diff:
            cdata.set_input_metadata_from(i, var.data_)
        if not (is_input and is_modified) and var._is_view():
            (<DifferentiableViewMeta>var.autograd_meta_).v.creation_meta = \
                <cya_creation_meta_t>CYA_CREATION_META_IN_CUSTOM_FUNCTION
        if is_diff:
            num_diff += 1
        result[i] = var
    if num_diff > 1:
        for o in result:
            if isinstance(o, Tensor) and (<Tensor>o)._is_view():
                (<DifferentiableViewMeta>(<Tensor>o).autograd_meta_).v.creation_meta = \
                    <cya_creation_meta_t>CYA_CREATION_META_MULTI_OUTPUT_NODE
    _save_variables(ctx, result)
    return tuple(result) if is_tuple else result[0]


cdef void _save_variables(BackwardCFunction ctx, list outputs):
    to_save = ctx.to_save_
    if to_save is None:
        ctx.saved_ = ()
        return
    saved = []
    out_by_id = {id(o): o for o in outputs if isinstance(o, Tensor)}
    for t in to_save:
        if t is None:
            saved.append(None)
        elif id(t) in out_by_id:
            saved.append(save_variable(<Tensor>t, grad_fn_of(<Tensor>t) is ctx))
        else:
            saved.append(save_variable(<Tensor>t, False))
    ctx.saved_ = tuple(saved)
    ctx.to_save_ = None


def once_differentiable(fn):
    """The backward runs with grad mode off; differentiating its result
    again (create_graph) raises."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        from cyautograd.grad_mode import no_grad
        with no_grad():
            outputs = fn(ctx, *args)
        if not is_grad_enabled_c():
            return outputs
        requires_grad = any([isinstance(a, Tensor) and tensor_requires_grad(<Tensor>a) for a in args])
        if not requires_grad:
            return outputs
        tup = outputs if isinstance(outputs, tuple) else (outputs,)
        # as torch: each output is detached into a fresh leaf that requires
        # grad, and DelayedError makes them outputs of one Error node
        fakes = []
        for o in tup:
            if o is not None:
                o = o.detach()
                o.requires_grad = True
            fakes.append(o)
        wrapped = _delayed_error("trying to differentiate twice a function that was marked with "
                                 "@once_differentiable", tuple(fakes))
        return wrapped if isinstance(outputs, tuple) else wrapped[0]
    return wrapper
