# cython: language_level=3
"""Pointwise ops: arithmetic, unary math, comparisons, where, clamp and the
in-place family, each forward beside its backward node (derivatives.yaml)."""
from cyautograd._fast cimport cya_tp_new
cimport cython
cimport numpy as cnp
from cpython.object cimport PyTypeObject
from cpython.long cimport PyLong_AsLongLongAndOverflow

from cyautograd.version_counter cimport VersionCounter
from cyautograd.argcheck cimport parser_check, tensor_arg, type_name
from cyautograd.tensor cimport (Tensor, wrap_array, tensor_requires_grad, tensor_dispatch, version_counter_of,
                                TensorDispatch)
from cyautograd.graph cimport new_node, Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd._formula_mode cimport formula_mode, set_formula_mode
from cyautograd.functions.accumulate_grad cimport AccumulateGrad
from cyautograd.functions cimport basic_ops
from cyautograd.variable cimport (edge_function, materialize_autograd_meta, next_edges1, next_edges2, next_edges3, collect_next_edges,
                                  gradient_edge, gradient_edge_fast, set_history, check_inplace,
                                  bump_version, rebase_history, grad_fn_of, note_grad_version,
                                  differentiable_type_check, allow_integral_history)
from cyautograd.saved_variable cimport SavedVariable, save_variable, fw_level_open, err_backward_twice
from cyautograd.saved_variable import saved_tensor_of, undefined_saved_tensor
from cyautograd.memory_overlap cimport (assert_no_internal_overlap, assert_no_partial_overlap,
                                       has_internal_overlap, MEM_OVERLAP_YES, MEM_OVERLAP_TOO_HARD)
from cyautograd.kernels cimport (fp_quiet_begin, fp_quiet_end, K_MAX, k_into_ok, k_binary_into, k_binary, k_unary, k_add, k_sub, k_mul, k_div, K_ADD, K_SUB,
                                 K_MUL, K_DIV, K_NEG, K_EXP, K_LOG, K_SIN, K_COS, K_TANH,
                                 K_SQRT, K_ABS, k_threshold_backward, k_ti_layout, k_like_layout, k_pow,
                                 k_reduce_layout)
from cyautograd.ops._common cimport (as_array, xp_of, ops_ns, prep_binary, broadcast_error,
                                     grad_needed, edge_of, edges_first, to_tensor, scalar_array)

import warnings

import numpy as np
from cyautograd._warn import warn_user
from cyautograd import dtypes as _D
from cyautograd import _ti_loop   # NOTE [ Sequential in-place writes ]
from cyautograd.ops import _xp   # NOTE [ Device backends ] in backend.py

cnp.import_array()

cdef object _ndarray = np.ndarray
cdef object _scalars = (bool, int, float, np.bool_, np.integer, np.floating)
cdef object _sub_operands = (Tensor, bool, int, float, complex, np.bool_, np.integer, np.floating,
                             np.complexfloating)



@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class BinaryNode(Node):
    cdef object v0(self, object g):
        return self.sv0.unpack(self, isinstance(g, Tensor))

    cdef object v1(self, object g):
        return self.sv1.unpack(self, isinstance(g, Tensor))

    cdef void release_variables(self):
        if self.sv0 is not None:
            self.sv0.release()
        if self.sv1 is not None:
            self.sv1.release()

    cdef int check_saved_variables(self) except -1:
        # torch's prologue unpacks both before any formula runs (NOTE [
        # Outputs a node computes ] in graph.pyx): torchgen declares a
        # node's saved inputs sorted by name, then its saved outputs, and
        # unpacks in that order -- other before self, mat2 before self, self
        # before result; a version error names the first one modified (seed
        # 113199: autograd.grad through mul names other; 124131: logsumexp's
        # self before its result)
        cdef tuple names
        if self.sv0 is not None and self.sv1 is not None:
            names = _SAVED_NAMES.get(type(self).__name__, _SELF_OTHER)
            if (self.sv1.is_output_, names[1]) < (self.sv0.is_output_, names[0]):
                self.sv1.check_unpack(self)
                self.sv0.check_unpack(self)
                return 0
        if self.sv0 is not None:
            self.sv0.check_unpack(self)
        if self.sv1 is not None:
            self.sv1.check_unpack(self)
        return 0

    def _cya_saved_pairs(self):
        """[(torch's name, SavedVariable or None)] of the tensors this node
        saves (an output saved is always "result"); a two-operand node lists
        both of torch's names, None for an operand it did not need to save
        (mul saves self only when other requires grad), as torch reads None."""
        cdef SavedVariable sv
        cls = type(self).__name__
        names = _SAVED_NAMES.get(cls, ("self", "other"))
        both = cls in _SAVES_BOTH
        out = []
        for k in range(2):
            sv = self.sv0 if k == 0 else self.sv1
            if sv is not None:
                out.append(("result" if sv.is_output_ else names[k], sv))
            elif both:
                out.append((names[k], None))
        return out

    def _cya_saved_scalars(self):
        """[(torch's name, value)] of the non-tensor values torch's node
        saves (NOTE [ Saved values are derived when read ])."""
        return _binary_saved_scalars(self)

    def __getattr__(self, name):
        # grad_fn._saved_<name>: the saved tensor, unpacked (the backward-
        # twice error once freed); grad_fn._raw_saved_<name>: the saved
        # tensor object itself (register_hooks), as torch's SavedTensor
        cdef SavedVariable sv
        if name.startswith("_saved_") or name.startswith("_raw_saved_"):
            raw = name.startswith("_raw_saved_")
            key = name[11:] if raw else name[7:]
            if not raw:
                for n, v in self._cya_saved_scalars():
                    if n == key:
                        return v() if callable(v) else v
            elif (type(self).__name__, key) in _DERIVED_TENSORS:
                return _derived_raw(self, key)
            for n, sv in self._cya_saved_pairs():
                if n == key:
                    if raw:
                        return undefined_saved_tensor() if sv is None else sv
                    return None if sv is None else sv.unpack_user(self, True)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __dir__(self):
        names = set(object.__dir__(self))
        for n, _ in self._cya_saved_pairs():
            names.add("_saved_" + n)
            names.add("_raw_saved_" + n)
        cls = type(self).__name__
        for n, _ in self._cya_saved_scalars():
            names.add("_saved_" + n)
            if (cls, n) in _DERIVED_TENSORS:
                names.add("_raw_saved_" + n)
        return sorted(names)


# tensors torch's node saves that these nodes derive when read (listed by
# _cya_saved_scalars): their _raw_saved_<name> is a SavedTensor holding the
# derived value, one already freed once the node's saved tensors are
cdef frozenset _DERIVED_TENSORS = frozenset({
    ("NllLossBackward0", "total_weight"), ("NllLoss2DBackward0", "total_weight"),
    ("BinaryCrossEntropyBackward0", "weight")})


cdef object _derived_raw(BinaryNode fn, str key):
    cdef SavedVariable sv = fn.sv0
    if sv is not None and sv.released_:
        return saved_tensor_of(None, True)
    for n, v in fn._cya_saved_scalars():
        if n == key:
            v = v() if callable(v) else v
            return saved_tensor_of(v if isinstance(v, Tensor) else None)


# NOTE [ Saved values are derived when read ]
# torch's generated nodes expose every value their formula saved as
# grad_fn._saved_<name>: tensors, and also scalars, int lists, bools and
# optionals (MulBackward0._saved_other, SumBackward1._saved_dim/_keepdim/
# _self_sym_sizes, PowBackward0._saved_exponent, SelectBackward0._saved_index).
# Our nodes keep only what their formulas need, in their own form (wrapped
# dims, a shape tuple, a Python number for a wrapped-number operand), so the
# non-tensor values are computed from those fields when read -- never stored
# on the forward path, which stays as fast as it was. `_cya_saved_scalars`
# lists them, [(name, value or a callable making it)], per node class.
# Where our fields lost what the user wrote (a negative dim we wrapped, a
# default we filled in), the value read is the wrapped/filled one.

cdef object _wrapped_scalar(BinaryNode fn):
    """A Python-number operand as torch saves it: a 0-d tensor of the
    number's own type (a wrapped number: double, int64, bool, complex)."""
    v = _saved_scalar(fn)
    dt = (np.bool_ if isinstance(v, (bool, np.bool_)) else np.int64 if isinstance(v, (int, np.integer))
          else np.complex128 if isinstance(v, (complex, np.complexfloating)) else np.float64)
    return wrap_array(np.asarray(v, dtype=dt))


cdef list _binary_saved_scalars(BinaryNode fn):
    cls = type(fn).__name__
    if cls in ("AddBackward0", "SubBackward0", "RsubBackward0", "RsubBackward1"):
        return [("alpha", 1 if fn.scalar is None else fn.scalar)]
    if cls in ("AddBackward1", "SubBackward1"):
        return []
    if cls in ("MulBackward0", "DivBackward0") and fn.sv0 is None and fn.sv1 is None and fn.scalar is not None:
        # a Python-number operand (NOTE [ A scalar operand is a saved tensor ])
        return [("other", lambda: _wrapped_scalar(fn))]
    if cls == "PowBackward0":
        return [("exponent", fn.scalar)]
    if cls == "PowBackward2":
        return [("self", fn.scalar)]
    if cls == "ClampBackward1":
        return [("max", fn.scalar2), ("min", fn.scalar)]
    return []


# torch's names of the tensors a node saves (sv0, sv1), where not self/other
cdef dict _SAVED_NAMES = {
    "MmBackward0": ("self", "mat2"), "BmmBackward0": ("self", "mat2"), "MvBackward0": ("self", "vec"),
    "DotBackward0": ("self", "tensor"), "AddmmBackward0": ("mat1", "mat2"),
    "MseLossBackward0": ("self", "target"),
    "BinaryCrossEntropyBackward0": ("self", "target"), "PowBackward1": ("self", "exponent"),
    "PowBackward2": ("result", "exponent"), "WhereBackward0": ("condition", "other"),
    "MaskedFillBackward0": ("mask", "value"), "MaskedFillBackward1": ("mask", "value"),
    "MaxBackward0": ("indices", "other"), "MinBackward0": ("indices", "other"),
}


cdef tuple _SELF_OTHER = ("self", "other")


# nodes whose formulas read both operands: torch declares both saved slots
cdef frozenset _SAVES_BOTH = frozenset({
    "MulBackward0", "DivBackward0", "MaximumBackward0", "MinimumBackward0", "MmBackward0", "BmmBackward0",
    "MvBackward0", "DotBackward0", "PowBackward1"})


cdef dict _TENSOR_UNARY = {}


cdef object _un(int op, object x):
    """k_unary for arrays; the differentiable op for Tensors (create_graph)."""
    if isinstance(x, Tensor):
        return _TENSOR_UNARY[op](x)
    return k_unary(op, x)


# =============================================================================
# Binary arithmetic
# =============================================================================

@cython.final
cdef class AddBackward0(BinaryNode):
    @property
    def _saved_alpha(self):
        # torch's saved alpha: as given (an int or a float), 1 by default
        return 1 if self.scalar is None else self.scalar

    cdef list apply(self, list grads):
        g = grads[0]
        if self.scalar is None or self.scalar == 1:
            return [g, g]
        return [g, k_mul(g, self.scalar)]


@cython.final
cdef class SubBackward0(BinaryNode):
    @property
    def _saved_alpha(self):
        # torch's saved alpha: as given (an int or a float), 1 by default
        return 1 if self.scalar is None else self.scalar

    cdef list apply(self, list grads):
        g = grads[0]
        if self.scalar is None or self.scalar == 1:
            return [g, _un(K_NEG, g)]
        return [g, k_mul(g, -self.scalar)]


@cython.final
cdef class RsubBackward0(BinaryNode):
    @property
    def _saved_alpha(self):
        # torch's saved alpha: as given (an int or a float), 1 by default
        return 1 if self.scalar is None else self.scalar

    # torch.rsub(self, other) = other - alpha * self; inputs (self, other)
    cdef list apply(self, list grads):
        g = grads[0]
        if self.scalar is None or self.scalar == 1:
            return [_un(K_NEG, g), g]
        return [k_mul(g, -self.scalar), g]


@cython.final
cdef class RsubBackward1(BinaryNode):
    @property
    def _saved_alpha(self):
        # torch's saved alpha: as given (an int or a float), 1 by default
        return 1 if self.scalar is None else self.scalar

    cdef list apply(self, list grads):
        g = grads[0]
        if self.scalar is None or self.scalar == 1:
            return [_un(K_NEG, g)]
        return [k_mul(g, -self.scalar)]


# torch's Scalar overloads (add/sub/mul/div.Scalar): the nodes a backward
# formula's arithmetic with a Python number makes under create_graph (NOTE [
# Scalar overloads inside backward formulas ] in _formula_mode.pyx). One next
# edge; the number is an attribute (alpha of add/sub is not saved, other of
# mul/div is `_saved_other`), never a saved tensor, so they free nothing.

@cython.final
cdef class AddBackward1(BinaryNode):
    # self + other * alpha (other a Scalar): self: grad
    cdef list apply(self, list grads):
        return [grads[0]]


@cython.final
cdef class SubBackward1(BinaryNode):
    # self - other * alpha (other a Scalar): self: grad
    cdef list apply(self, list grads):
        return [grads[0]]


@cython.final
cdef class MulBackward1(BinaryNode):
    # self * other (other a Scalar): self: grad * other
    cdef list apply(self, list grads):
        return [k_mul(grads[0], self.scalar)]

    @property
    def _saved_other(self):
        return self.scalar


@cython.final
cdef class DivBackward1(BinaryNode):
    # self / other (other a Scalar): self: grad / other
    cdef list apply(self, list grads):
        return [k_div(grads[0], self.scalar)]

    @property
    def _saved_other(self):
        return self.scalar


cdef BinaryNode _scalar_overload_node(int op, Tensor ta, object other):
    """The Scalar-overload node of ta op other (add/sub: alpha never
    changes self's gradient)."""
    cdef BinaryNode fn
    if op == 0:
        fn = <AddBackward1>new_node(AddBackward1)
    elif op == 1:
        fn = <SubBackward1>new_node(SubBackward1)
    elif op == 2:
        fn = <MulBackward1>new_node(MulBackward1)
    else:
        fn = <DivBackward1>new_node(DivBackward1)
    fn.scalar = other
    fn.next_edges_ = next_edges1(ta)
    return fn


# NOTE [ A scalar operand is a saved tensor ]
# torch wraps a Python scalar operand of mul/div (`x * 2`, `x / 2`) into a
# 0-d tensor and saves it as `other` like any tensor operand: backward
# without retain_graph frees it, and a second backward through the node
# raises ERR_BACKWARD_TWICE. We keep the number itself in `scalar`, so
# release_variables marks that with `scalar_released` and the formula checks
# it where it would read the number. (add/sub keep alpha, a Scalar
# attribute, and save no tensor: they never raise.)

cdef inline object _saved_scalar(BinaryNode fn):
    if fn.scalar_released:
        raise err_backward_twice()
    return fn.scalar


cdef object _by_wrapped_number(object g, object s, bint divide):
    """g * s (g / s) for the Python number `s` of a forward `x * 2`: torch
    wrapped it into a tensor there, so its formula is mul.Tensor/div.Tensor
    and, under create_graph, the node MulBackward0/DivBackward0 (never the
    Scalar overload of a formula's own constants: NOTE [ Scalar overloads
    inside backward formulas ] in _formula_mode.pyx)."""
    if not formula_mode():
        return k_div(g, s) if divide else k_mul(g, s)
    set_formula_mode(0)
    try:
        return k_div(g, s) if divide else k_mul(g, s)
    finally:
        set_formula_mode(1)


@cython.final
cdef class MulBackward0(BinaryNode):
    # sv0: self (saved when other needs grad); sv1: other (when self needs grad)
    cdef void release_variables(self):
        BinaryNode.release_variables(self)
        self.scalar_released = True   # NOTE [ A scalar operand is a saved tensor ]

    cdef list apply(self, list grads):
        g = grads[0]
        r0 = r1 = None
        if self.should_compute_output(0):
            r0 = k_mul(g, self.v1(g)) if self.sv1 is not None else _by_wrapped_number(g, _saved_scalar(self), False)
        if self.should_compute_output(1):
            r1 = k_mul(g, self.v0(g))
        return [r0, r1]


@cython.final
cdef class DivBackward0(BinaryNode):
    cdef void release_variables(self):
        BinaryNode.release_variables(self)
        self.scalar_released = True   # NOTE [ A scalar operand is a saved tensor ]

    cdef list apply(self, list grads):
        g = grads[0]
        r0 = r1 = None
        if self.should_compute_output(0):
            r0 = k_div(g, self.v1(g)) if self.sv1 is not None else _by_wrapped_number(g, _saved_scalar(self), True)
        if self.should_compute_output(1):
            o = self.v1(g)
            # torch's div_tensor_other_backward: (self / other) / other, never other * other
            r1 = -g * ((self.v0(g) / o) / o)
        return [r0, r1]


cdef inline bint _fast_pair(object x, object y):
    return (type(x) is _ndarray and type(y) is _ndarray
            and cnp.PyArray_DESCR(<cnp.ndarray>x) is cnp.PyArray_DESCR(<cnp.ndarray>y))


cdef inline bint _keeps_dtype(object x, object s):
    """A Python scalar `s` with array `x` gives x's dtype (torch's wrapped
    numbers): floats with floating arrays, ints with floating or integral."""
    cdef int tn
    if type(x) is not _ndarray:
        return False
    tn = cnp.PyArray_TYPE(<cnp.ndarray>x)
    if type(s) is float:
        return tn == cnp.NPY_FLOAT32 or tn == cnp.NPY_FLOAT64 or tn == cnp.NPY_FLOAT16
    cdef int overflow = 0
    if type(s) is int:
        # the range tests in C (hot: every tensor-int op asks)
        PyLong_AsLongLongAndOverflow(s, &overflow)
        if tn == cnp.NPY_INT64:
            # out of int64's range: prep_binary raises torch's OverflowError
            return overflow == 0
        # ints beyond uint64 / int64 raise in prep_binary, as torch's Scalar conversion
        return (tn == cnp.NPY_FLOAT32 or tn == cnp.NPY_FLOAT64 or tn == cnp.NPY_FLOAT16) and \
            (overflow == 0 or (overflow > 0 and <object>s <= 0xFFFFFFFFFFFFFFFF))
    return False


cdef inline object _compute(int op, object x, object y, object a, object b):
    if type(y) is not _ndarray or (type(x) is _ndarray and
                                   cnp.PyArray_SAMESHAPE(<cnp.ndarray>x, <cnp.ndarray>y)):
        return k_binary(op, x, y)  # cannot fail to broadcast: no try block
    # the try block out of line, so that this common path inlines into _arith
    return _compute_broadcast(op, x, y, a, b)


cdef object _compute_broadcast(int op, object x, object y, object a, object b):
    try:
        return k_binary(op, x, y)
    except ValueError:
        _edges_first2(a, b)   # NOTE [ Gradient edges before kernel checks ]
        raise broadcast_error(x, y) from None


cdef int _edges_first2(object a, object b) except -1:
    """edges_first for the tensor operands of a binary op, in order (on the
    failure path of its kernel: NOTE [ Gradient edges before kernel checks ])."""
    if isinstance(a, Tensor):
        edges_first(<Tensor>a)
    if isinstance(b, Tensor):
        edges_first(<Tensor>b)
    return 0


cdef BinaryNode _binary_node(int op, Tensor ta, Tensor tb, object other, object alpha,
                             bint inplace):
    """The node of ta op tb (tb None: `other` is a scalar). In-place, it is
    made before ta is written and saves a copy of ta's old value where the
    formula needs it."""
    cdef BinaryNode fn
    if op == 0:
        fn = <AddBackward0>new_node(AddBackward0)
        fn.scalar = alpha
    elif op == 1:
        fn = <SubBackward0>new_node(SubBackward0)
        fn.scalar = alpha
    elif op == 2:
        fn = <MulBackward0>new_node(MulBackward0)
        if tb is None:
            fn.scalar = other
        else:
            # torch's order (what saved-tensor hooks see): other (self's
            # formula) before self (other's formula)
            if tensor_requires_grad(ta):
                fn.sv1 = save_variable(tb, False)
            if tensor_requires_grad(tb):
                fn.sv0 = save_variable(_original_self(ta) if inplace else ta, False)
    else:
        fn = <DivBackward0>new_node(DivBackward0)
        if tb is None:
            fn.scalar = other
        else:
            fn.sv1 = save_variable(tb, False)     # torch saves other first
            if tensor_requires_grad(tb):
                fn.sv0 = save_variable(_original_self(ta) if inplace else ta, False)
    fn.next_edges_ = next_edges2(ta, tb)
    return fn


cdef int _check_int_scalar(object v) except -1:
    """torch's Scalar of a Python int: beyond int64 it tries uint64, so too
    large raises 'int too big to convert' and too negative 'can't convert
    negative int to unsigned' (scalar_array words it the same)."""
    if type(v) is int and (v > 0xFFFFFFFFFFFFFFFF or v < -0x8000000000000000):
        raise OverflowError("int too big to convert" if v > 0 else "can't convert negative int to unsigned")
    return 0


cdef inline bint _is_bool_operand(object v):
    if type(v) is Tensor:
        x = (<Tensor>v).data_
        if type(x) is _ndarray:
            return cnp.PyArray_TYPE(<cnp.ndarray>x) == cnp.NPY_BOOL
        return _xp.npdtype(x).kind == "b"
    return type(v) is bool   # a numpy bool is a double scalar to torch (dtypes.scalar_dtype)


cdef _np_bool = np.bool_


cdef int _sub_check(object a, object b) except -1:
    """ATen's sub_check: no subtraction with a bool operand (a Python bool
    counts as a bool tensor)."""
    cdef bint ab = _is_bool_operand(a), bb = _is_bool_operand(b)
    # torch makes the Scalar (argument parsing) before sub_check runs
    _check_int_scalar(a)
    _check_int_scalar(b)
    if ab or bb:
        # the autograd wrapper collects the operands' gradient edges before
        # the kernel's sub_check (a stale multi-output view raises first)
        _edges_first2(a, b)   # NOTE [ Gradient edges before kernel checks ]
    if ab and bb:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                           "Use the `^` or `logical_xor()` operator instead.")
    if ab or bb:
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. "
                           "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    return 0


cdef int _alpha_check(object a, object b, object alpha) except -1:
    """ATen's alpha_check: a floating alpha needs a floating result. It runs
    in the structured kernel's meta after the autograd wrapper collected the
    gradient edges and after TensorIterator broadcast the operands, so a
    stale view's error and the broadcast error come first."""
    if isinstance(alpha, (float, np.floating)) and _D.result_type(a, b).np.kind != "f":
        _edges_first2(a, b)   # NOTE [ Gradient edges before kernel checks ]
        if isinstance(a, Tensor) and isinstance(b, Tensor):
            try:
                np.broadcast_shapes(tuple(a.shape), tuple(b.shape))
            except ValueError:
                raise broadcast_error(a, b) from None
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating point number.")
    return 0


cdef bint _neg_int_exponent(object x, object y):
    return (getattr(x, "dtype", None) is not None and getattr(y, "dtype", None) is not None
            and x.dtype.kind in "iu" and y.dtype.kind in "iu" and bool((y < 0).any()))


cdef object _int_pow_neg(object x, object y):
    """Integer tensor ** integer tensor with negative exponents, as torch's
    kernel: 1 stays 1, -1 alternates sign, anything else is 0 (numpy
    refuses them)."""
    x, y = np.broadcast_arrays(x, y)
    r = np.zeros(x.shape, dtype=np.result_type(x, y))
    pos = y >= 0
    r[pos] = x[pos] ** y[pos]
    neg = ~pos
    r[neg & (x == 1)] = 1
    m1 = neg & (x == -1)
    r[m1] = np.where(y[m1] % 2 == 0, 1, -1)
    return r


cdef object _arith(object a, object b, int op, object alpha):
    """add/sub/mul/div of a tensor and a tensor or scalar (either order)."""
    cdef Tensor ta = None, tb = None, out
    cdef BinaryNode fn
    cdef bint ga = False, gb = False
    if op == 1 and isinstance(b, _sub_operands) and isinstance(a, _sub_operands):
        # sub_check runs in the kernel, after the parser has taken both
        # operands: x - None is the parser's TypeError even for a bool x
        _sub_check(a, b)
    if type(a) is Tensor and type(b) is Tensor:
        ta = <Tensor>a
        tb = <Tensor>b
        x = ta.data_
        y = tb.data_
        if not _fast_pair(x, y):
            if type(x) is not _ndarray or type(y) is not _ndarray:
                return _arith_xp(a, b, op, alpha)
            p = prep_binary(a, b, "")
            x = p[2]
            y = p[3]
    elif (type(a) is Tensor and _keeps_dtype((<Tensor>a).data_, b)
          and (op != 3 or (<Tensor>a).data_.dtype.kind == "f")):
        ta = <Tensor>a
        x = ta.data_
        y = b
    else:
        if _on_device(a) or _on_device(b):
            return _arith_xp(a, b, op, alpha)
        p = prep_binary(a, b, "")
        if p is None:
            return NotImplemented
        ta = p[0]
        tb = p[1]
        x = p[2]
        y = p[3]
    if op == 3 and x.dtype.kind != "f":
        # true division computes in the default float dtype: a Python int
        # operand converts to it directly (1000 / uint8 is 1000 / x, never a
        # wrapped 232 / x)
        fd = _D.get_default_dtype().np
        x = k_like_layout(ta.data_.astype(fd), ta.data_) if ta is not None else np.asarray(a, dtype=fd)
        y = k_like_layout(tb.data_.astype(fd), tb.data_) if tb is not None else np.asarray(b, dtype=fd)
    if op >= 2 and type(x) is _ndarray and cnp.PyArray_TYPE(<cnp.ndarray>x) == cnp.NPY_FLOAT16:
        hs = _half_scalar_value(x, b)   # NOTE [ Half times a scalar ]
    else:
        hs = None
    if hs is not None:
        out = wrap_array(_half_scalar_op(op, x, hs))
    elif alpha is not None and alpha != 1 and type(x) is _ndarray and cnp.PyArray_TYPE(<cnp.ndarray>x) == cnp.NPY_FLOAT16:
        out = wrap_array(_half_alpha_op(op, x, y, alpha))
    elif alpha is not None and alpha != 1:
        yo = y   # NOTE [ Elementwise output layout ]: torch orders by the operand before scaling
        # alpha scales in the operands' result type: for bools torch's add
        # is a or (alpha and b), still bool
        if x.dtype.kind == "b" and getattr(y, "dtype", None) is not None and y.dtype.kind == "b":
            y = np.logical_and(y, bool(alpha))
        else:
            y = y * alpha
        out = wrap_array(k_ti_layout(as_array(_compute(op, x, y, a, b)), x, yo, None))
    else:
        # k_binary lays the result out as torch (NOTE [ Elementwise output layout ])
        out = wrap_array(as_array(_compute(op, x, y, a, b)))
    if not is_grad_enabled_c():
        return out
    ga = ta is not None and tensor_requires_grad(ta)
    gb = tb is not None and tensor_requires_grad(tb)
    if not (ga or gb):
        return out
    if not _differentiable_result(out.data_):
        _no_autograd_dtype(out)
    if ta is None:
        # scalar op tensor: only sub (rsub) and div (reciprocal) reach here
        return _scalar_left(op, a, tb, out)
    if tb is None and formula_mode():
        fn = _scalar_overload_node(op, ta, b)
    else:
        fn = _binary_node(op, ta, tb, b, alpha, False)
    set_history(out, fn, 0)
    return out


cdef inline object _npdt(object a):
    return a.dtype if type(a) is _ndarray else _xp.npdtype(a)


cdef inline bint _on_device(object v):
    return isinstance(v, Tensor) and type((<Tensor>v).data_) is not _ndarray


cdef object _arith_xp(object a, object b, int op, object alpha):
    """_arith for device tensors: the array math through the namespace
    (ops/_xp.py), the node as _arith makes it."""
    cdef Tensor ta = a if isinstance(a, Tensor) else None
    cdef Tensor tb = b if isinstance(b, Tensor) else None
    if (ta is None and not isinstance(a, _scalars)) or (tb is None and not isinstance(b, _scalars)):
        return NotImplemented
    cdef Tensor out = wrap_array(_xp.arith(a, None if ta is None else ta.data_,
                                           b, None if tb is None else tb.data_, op, alpha))
    if not is_grad_enabled_c():
        return out
    if not ((ta is not None and tensor_requires_grad(ta)) or (tb is not None and tensor_requires_grad(tb))):
        return out
    if ta is None:
        return _scalar_left(op, a, tb, out)
    set_history(out, _binary_node(op, ta, tb, b, alpha, False), 0)
    return out


cdef object _scalar_left(int op, object s, Tensor t, Tensor out):
    cdef BinaryNode fn
    if op == 1:
        fn = <RsubBackward1>new_node(RsubBackward1)
    elif op == 3:
        # torch computes s / t as t.reciprocal() * s: the node is MulBackward0
        # whose saved "other" is s; its input is the reciprocal's node.
        return _rdiv(s, t)
    else:
        raise AssertionError("unreachable")
    fn.next_edges_ = next_edges1(t)
    set_history(out, fn, 0)
    return out


cdef object _rdiv(object s, Tensor t):
    return _arith(reciprocal(t), s, 2, None)


# NOTE [ Half times a scalar ]
# torch's CPU mul and div kernels (mul_kernel, div_true_kernel) compute a
# float16 tensor times (or over) a scalar second operand -- a Python number,
# a numpy scalar, a one-element tensor of another dtype (TensorIterator's
# is_scalar(2)) -- in float32 opmath: the scalar's original value (before
# its cast to the common dtype) as a float32, each element widened to
# float32, the result rounded to half once. numpy casts the scalar to half
# first, a second rounding: x * 0.1 differs in the last bit for about a
# third of the values. add and sub cast the scalar to half first, as numpy
# does, and a scalar in the first place (torch.mul(t0d, x)) is cast too,
# so only mul and div with the scalar second take this path (s / x is
# x.reciprocal() * s: rdiv_impl). Measured bit for bit on torch 2.13 over
# 4000 values x 24 scalars (tests/cases_fidelity.py, half_scalar_*).
cdef object _half_scalar_value(object x, object b):
    """b's original value as a float32 when it is a scalar operand of more
    precision than half for x (float16, the op's first operand as
    computed), else None."""
    cdef object v
    if isinstance(b, Tensor):
        v = (<Tensor>b).data_
        if (type(v) is not _ndarray or cnp.PyArray_SIZE(<cnp.ndarray>v) != 1 or v.ndim > x.ndim
                or v.dtype.kind not in "fiub" or cnp.PyArray_TYPE(<cnp.ndarray>v) == cnp.NPY_FLOAT16):
            return None
        v = v.reshape(()).item()
    elif type(b) is float or type(b) is int or type(b) is bool:
        v = b
    elif isinstance(b, (np.floating, np.integer, np.bool_)):
        if isinstance(b, np.float16):
            return None
        v = b.item()
    else:
        return None
    with np.errstate(over="ignore"):
        return np.float32(float(v))


cdef object _half_scalar_op(int op, object x, object s):
    """x * s or x / s (op 2 or 3) in float32, rounded to half once (NOTE
    [ Half times a scalar ]); x's layout kept."""
    with np.errstate(all="ignore"):
        r = np.multiply(x, s, dtype=np.float32) if op == 2 else np.true_divide(x, s, dtype=np.float32)
        return r.astype(np.float16)


cdef object _half_alpha_op(int op, object x, object y, object alpha):
    """x + alpha * y (op 0) or x - alpha * y of float16 x in float32, as
    torch's add kernel: alpha and y as halves, widened, the product and sum
    in float32, rounded to half once (measured bit for bit on torch 2.13)."""
    if isinstance(alpha, np.generic):
        alpha = alpha.item()    # a Scalar: a numpy alpha does not promote
    if not isinstance(alpha, complex) and (65504 < alpha < float("inf") or -float("inf") < alpha < -65504):
        # the kernel converts alpha to the op's type with an overflow check
        raise RuntimeError("value cannot be converted to type c10::Half without overflow")
    with np.errstate(all="ignore"):
        yh = np.asarray(y, dtype=np.float16) if type(y) is not _ndarray else y
        a32 = np.float32(np.float16(alpha))
        p = np.multiply(yh, a32, dtype=np.float32)
        r = np.add(x, p, dtype=np.float32) if op == 0 else np.subtract(x, p, dtype=np.float32)
        return r.astype(np.float16)


cdef object add_impl(object a, object b):
    return _arith(a, b, 0, None)


cdef object sub_impl(object a, object b):
    return _arith(a, b, 1, None)


cdef object rsub_impl(object a, object b):
    # b - a with a a Tensor (b a scalar or a Tensor)
    if isinstance(b, Tensor):
        return _arith(b, a, 1, None)
    if not isinstance(b, _scalars):
        return NotImplemented
    return _arith(b, a, 1, None)


cdef object mul_impl(object a, object b):
    return _arith(a, b, 2, None)


cdef object div_impl(object a, object b):
    return _arith(a, b, 3, None)


cdef object rdiv_impl(object a, object b):
    if not isinstance(b, _scalars):
        return NotImplemented
    if isinstance(a, Tensor) and type((<Tensor>a).data_) is _ndarray:
        # torch's Tensor.__rtruediv__ is self.reciprocal() * other: two
        # roundings (s / x differs from numpy's in the last bit), and the
        # graph MulBackward0 over ReciprocalBackward0
        return _rdiv(b, <Tensor>a)
    return _arith(b, a, 3, None)


cdef object _write_out(str name, object r, object out, object a, object b):
    """The out= form: torch's rules (NOTE [ out= ] in cyautograd/_out.py)."""
    from cyautograd._out import write_out
    return write_out(name, r, out, (a, b))


def add(input, other, *, alpha=1, out=None):
    if not isinstance(input, Tensor):
        _binary_parse_fail("add", input, other, alpha, out)
    if out is not None:
        return _write_out("add", add(input.detach(), other.detach() if isinstance(other, Tensor) else other,
                                     alpha=alpha), out, input, other)
    if alpha != 1:
        if not isinstance(other, (Tensor,) + _scalars):
            # the parser's error before alpha's (as sub)
            _binary_parse_fail("add", input, other, alpha, out)
        _alpha_check(input, other, alpha)
        r = _arith(input, other, 0, alpha)
    else:
        r = _arith(input, other, 0, None)
    if r is NotImplemented:
        _binary_parse_fail("add", input, other, alpha, out)
    return r


def sub(input, other, *, alpha=1, out=None):
    if not isinstance(input, Tensor):
        _binary_parse_fail("sub", input, other, alpha, out)
    if alpha != 1:
        if not isinstance(other, (Tensor,) + _scalars):
            _binary_parse_fail("sub", input, other, alpha, out)
        _sub_check(input, other)   # ATen's sub_check comes before alpha_check
        _alpha_check(input, other, alpha)
    if out is not None:
        return _write_out("sub", sub(input.detach(), other.detach() if isinstance(other, Tensor) else other,
                                     alpha=alpha), out, input, other)
    r = _arith(input, other, 1, alpha if alpha != 1 else None)
    if r is NotImplemented:
        _binary_parse_fail("sub", input, other, alpha, out)
    return r


subtract = sub


def rsub(input, other, *, alpha=1):
    """other - alpha * input. With a Tensor other the node is torch's
    RsubBackward0 over (input, other), not SubBackward0 over (other, input)."""
    cdef BinaryNode fn
    if not isinstance(input, Tensor) or not isinstance(other, (Tensor,) + _scalars):
        _binary_parse_fail("rsub", input, other, alpha, None)
    if not isinstance(other, Tensor):
        return _arith(other, input, 1, None)
    try:
        with _no_grad_ctx():
            out = sub(other, input, alpha=alpha)
    except RuntimeError:
        # the kernel's checks (sub_check, broadcasting, alpha_check) ran
        # outside grad mode: RsubBackward0's wrapper collects (input, other)'s
        # edges before them (NOTE [ Gradient edges before kernel checks ])
        _edges_first2(input, other)
        raise
    if is_grad_enabled_c() and (tensor_requires_grad(<Tensor>input) or tensor_requires_grad(<Tensor>other)):
        fn = <RsubBackward0>new_node(RsubBackward0)
        fn.scalar = None if alpha == 1 else alpha
        fn.next_edges_ = next_edges2(<Tensor>input, <Tensor>other)
        set_history(out, fn, 0)
    return out


def mul(input, other, *, out=None):
    if not isinstance(input, Tensor):
        _binary_parse_fail("mul", input, other, 1, out)
    if out is not None:
        return _write_out("mul", mul(input.detach(), other.detach() if isinstance(other, Tensor) else other),
                          out, input, other)
    r = _arith(input, other, 2, None)
    if r is NotImplemented:
        _binary_parse_fail("mul", input, other, 1, out)
    return r


multiply = mul


def div(input, other, *, rounding_mode=None, out=None):
    if not isinstance(input, Tensor):
        _binary_parse_fail("div", input, other, 1, out, rounding_mode)
    if out is not None:
        return _write_out("div", div(input.detach(), other.detach() if isinstance(other, Tensor) else other,
                                     rounding_mode=rounding_mode), out, input, other)
    if rounding_mode is not None:
        return _rounded_div(input, other, rounding_mode)
    r = _arith(input, other, 3, None)
    if r is NotImplemented:
        _binary_parse_fail("div", input, other, 1, out, rounding_mode)
    return r


divide = div
true_divide = div


cdef _binary_parse_fail(str name, input, other, alpha, out, rounding_mode=None):
    """torch's parser error for a failed add/sub/rsub/mul/div call (the
    keyword arguments the caller gave, defaults left out), else the old
    message."""
    kw = {}
    if not (type(alpha) is int and alpha == 1):
        kw["alpha"] = alpha
    if rounding_mode is not None:
        kw["rounding_mode"] = rounding_mode
    if out is not None:
        kw["out"] = out
    parser_check(name, (input, other), kw)
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type_name(input)}")
    raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not {type_name(other)}")


def _rounded_div(a, b, mode):
    p = prep_binary(a, b, "")
    if mode in ("floor", "trunc") and _npdt(p[2]).kind == "b":
        raise NotImplementedError(f"\"div_{mode}_cpu\" not implemented for 'Bool'")
    if type(p[2]) is not _ndarray:   # NOTE [ Device backends ]
        if mode not in ("trunc", "floor"):
            raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{mode}'")
        _xp.check_int_zero_division(p[3])
        r = _xp.trunc_divide(p[2], p[3]) if mode == "trunc" else _xp.floor_divide(p[2], p[3])
        return _nograd_result(r, (a, b), "DivBackward2")
    if mode in ("trunc", "floor"):
        _check_int_zero_division(p[3])
    with np.errstate(all="ignore"):  # torch never warns on division by zero
        if mode == "trunc":
            r = np.trunc(p[2] / p[3]) if p[2].dtype.kind == "f" else np.fix(p[2] / p[3]).astype(p[2].dtype)
        elif mode == "floor":
            r = np.floor_divide(p[2], p[3])
        else:
            r = None
    if r is None:
        raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{mode}'")
    return _nograd_result(as_array(r), (a, b), "DivBackward2")


cdef object _floor_div_float(object x, object y):
    """torch's div(rounding_mode="floor") of floating arrays."""
    if type(x) is not _ndarray or type(y) is not _ndarray:   # NOTE [ Device backends ]
        return _xp.floor_divide(x, y)
    with np.errstate(all="ignore"):
        return np.floor_divide(x, y)


cdef _check_int_zero_division(object y):
    # NOTE [ integer division by zero ]: torch's integral div/remainder
    # kernels check the divisor and raise RuntimeError("ZeroDivisionError")
    # (numpy returns 0 with a warning); float division gives inf/nan.
    if y.dtype.kind in "iub" and not np.all(y):
        raise RuntimeError("ZeroDivisionError")


def floor_divide(a, b):
    cdef Tensor out
    cdef basic_ops.NotImplemented fn
    p = prep_binary(a, b, "")
    if p is None:
        raise TypeError(f"floor_divide(): argument 'other' (position 2) must be Tensor, not {type_name(b)}")
    x = p[2]
    y = p[3]
    if _npdt(x).kind == "b":
        raise NotImplementedError("\"div_floor_cpu\" not implemented for 'Bool'")
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        _xp.check_int_zero_division(y)
        r = _xp.floor_divide(x, y)
    else:
        _check_int_zero_division(y)
        # float16 over a scalar: div_floor_kernel's float32 opmath with the
        # scalar's original value (NOTE [ Half times a scalar ])
        hs = _half_scalar_value(x, b) if cnp.PyArray_TYPE(<cnp.ndarray>x) == cnp.NPY_FLOAT16 else None
        with np.errstate(all="ignore"):
            try:
                if hs is not None:
                    r = np.floor_divide(x, hs, dtype=np.float32).astype(np.float16)
                else:
                    r = np.floor_divide(x, y)
            except ValueError:
                raise broadcast_error(x, y) from None
    out = wrap_array(k_ti_layout(as_array(r), x, y, None))   # NOTE [ Elementwise output layout ]
    if is_grad_enabled_c() and any(isinstance(t, Tensor) and tensor_requires_grad(<Tensor>t) for t in (a, b)):
        fn = <basic_ops.NotImplemented>new_node(basic_ops.NotImplemented)
        fn.op_name = "aten::floor_divide"
        # NOTE [ Ops without a derivative record NotImplemented ] (ops/extra.py):
        # the edges of the inputs that require grad only
        fn.next_edges_ = collect_next_edges(tuple([t for t in (a, b) if isinstance(t, Tensor)
                                                   and tensor_requires_grad(<Tensor>t)]))
        set_history(out, fn, 0)
    return out


def remainder(a, b):
    cdef Tensor out, ta
    cdef BinaryNode fn
    p = prep_binary(a, b, "")
    if p is None:
        return NotImplemented
    x = p[2]
    y = p[3]
    if _npdt(x).kind == "b":
        raise NotImplementedError("\"remainder_cpu\" not implemented for 'Bool'")
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        _xp.check_int_zero_division(y)
        r = _xp.remainder(x, y)
    else:
        _check_int_zero_division(y)
        with np.errstate(all="ignore"):
            try:
                if x.dtype.kind == "f":
                    # torch's remainder: fmod, then + other where the signs differ;
                    # a zero result keeps the sign of self (numpy's takes other's)
                    r = np.fmod(x, y)
                    adj = (r != 0) & ((y < 0) != (r < 0))
                    if adj.any():
                        r = np.where(adj, r + y, r)
                else:
                    r = np.remainder(x, y)
            except ValueError:
                raise broadcast_error(x, y) from None
    out = wrap_array(k_ti_layout(as_array(r), x, y, None))   # NOTE [ Elementwise output layout ]
    if not is_grad_enabled_c():
        return out
    ga = isinstance(a, Tensor) and tensor_requires_grad(<Tensor>a)
    gb = isinstance(b, Tensor) and tensor_requires_grad(<Tensor>b)
    if not (ga or gb):
        return out
    if not isinstance(b, Tensor):
        fn = <RemainderBackward0>new_node(RemainderBackward0)
        fn.next_edges_ = next_edges1(a)
    else:
        ta = to_tensor(a, None)
        fn = <RemainderBackward1>new_node(RemainderBackward1)
        fn.next_edges_ = next_edges2(ta, b)
        fn.sv0 = save_variable(ta, False)
        fn.sv1 = save_variable(b, False)
    set_history(out, fn, 0)
    return out


cdef object _nograd_result(object arr, tuple inputs, str name):
    """Ops whose gradient is zero or not implemented for grad inputs."""
    for t in inputs:
        if isinstance(t, Tensor) and grad_needed(<Tensor>t):
            return _generic_unary_like(arr, inputs, name)
    return wrap_array(arr)


cdef object _zeros_like(object g):
    """torch's zeros_like(grad): 0 even where grad is inf or NaN (g * 0 is not)."""
    return xp_of(g).zeros_like(g)


cdef class ZeroGradBackward(Node):
    """Ops whose gradient is zero: each torch node name is a subclass."""

    cdef list apply(self, list grads):
        g = grads[0]
        return [_zeros_like(g) if self.should_compute_output(i) else None
                for i in range(self.num_next_edges())]


@cython.final
cdef class FloorBackward0(ZeroGradBackward):
    pass


@cython.final
cdef class CeilBackward0(ZeroGradBackward):
    pass


@cython.final
cdef class TruncBackward0(ZeroGradBackward):
    pass


@cython.final
cdef class RoundBackward0(ZeroGradBackward):
    pass


@cython.final
cdef class DivBackward2(ZeroGradBackward):
    # div(..., rounding_mode=...): torch's div.Tensor_mode node
    pass


@cython.final
cdef class RemainderBackward0(BinaryNode):
    # remainder(Tensor, Scalar): self: grad
    cdef list apply(self, list grads):
        return [grads[0]]


@cython.final
cdef class RemainderBackward1(BinaryNode):
    # remainder(Tensor, Tensor): self: grad; other: -grad * self.div(other, rounding_mode="floor")
    cdef list apply(self, list grads):
        g = grads[0]
        r1 = None
        if self.should_compute_output(1):
            # torch saves both for other's gradient only, and unpacks other
            # first (check_saved_variables)
            o = self.v1(g)
            q = self.v0(g).div(o, rounding_mode="floor") if isinstance(g, Tensor) \
                else _floor_div_float(self.v0(g), o)
            r1 = -g * q
        return [g if self.should_compute_output(0) else None, r1]


cdef dict _ZERO_GRAD_NODES = {c.__name__: c for c in (
    FloorBackward0, CeilBackward0, TruncBackward0, RoundBackward0, DivBackward2)}


cdef object _generic_unary_like(object arr, tuple inputs, str name):
    cdef ZeroGradBackward fn = <ZeroGradBackward>new_node(_ZERO_GRAD_NODES[name])
    cdef Tensor out = wrap_array(arr)
    fn.next_edges_ = collect_next_edges(tuple([t if isinstance(t, Tensor) else None for t in inputs]))
    set_history(out, fn, 0)
    return out


# =============================================================================
# pow
# =============================================================================

@cython.final
cdef class PowBackward0(BinaryNode):
    # self ** scalar; sv0: self
    cdef list apply(self, list grads):
        g = grads[0]
        e = self.scalar
        if e == 0:
            # torch's pow_backward unpacks self before it tests the exponent:
            # a second backward raises even here
            self.v0(g)
            return [_zeros_like(g)]
        return [g * (e * _pow_scalar(self.v0(g), e - 1))]


cdef object _pow_scalar(object x, object e):
    """x ** e as torch's pow(Tensor, Scalar) kernel computes it. For float32
    and float64 it special-cases 2 (x * x), 3 (x * x * x), -2 (1 / (x * x)),
    -1 (reciprocal), 0.5 (sqrt) and -0.5 (rsqrt: so (-0.) ** -0.5 is -inf
    and (-inf) ** -0.5 NaN, where C's pow gives +inf and 0), each rounded
    per operation in the tensor's type; any other exponent is C's pow (NOTE
    [ pow as torch's CPU kernel rounds it ]). float16 is powf with the
    exponent as a half, as numpy's half loop (a Python float is weak to
    numpy: it converts to the array's type)."""
    if type(x) is not _ndarray and not isinstance(x, (Tensor, np.generic)):
        return _xp.pow_scalar(x, e)   # a device array: NOTE [ Device backends ]
    if e == -0.5:
        if isinstance(x, Tensor):
            return x.rsqrt()
        with np.errstate(all="ignore"):
            return 1.0 / np.sqrt(x)
    if isinstance(x, Tensor):
        return x ** e
    cdef str c
    if type(x) is _ndarray and type(e) is not bool:
        c = x.dtype.char
        if c == "f" or c == "d":
            if e == 2 or e == 3 or e == -2 or e == -1 or e == 0.5:
                tok = fp_quiet_begin()
                try:
                    if e == 2:
                        return x * x
                    if e == 3:
                        return x * x * x
                    if e == -2:
                        return 1.0 / (x * x)
                    if e == -1:
                        return 1.0 / x
                    return np.sqrt(x)
                finally:
                    fp_quiet_end(tok)
            return k_pow(x, float(e))
    with np.errstate(all="ignore"):
        return x ** e


cdef object _pow_arrays(object x, object y):
    """x ** y for two arrays of one dtype, as torch's pow(Tensor, Tensor)
    kernel (NOTE [ pow as torch's CPU kernel rounds it ]); numpy's power
    for the types that note leaves to it."""
    r = k_pow(x, y)
    if r is not None:
        return r
    return x ** y


@cython.final
cdef class PowBackward1(BinaryNode):
    # self ** exponent (tensors); sv0: self, sv1: exponent, sv2: result (torch
    # saves it for the exponent's gradient, so modifying the result in place
    # -- e.g. a custom Function's mark_dirty -- fails the version check)
    cdef SavedVariable sv2

    cdef void release_variables(self):
        BinaryNode.release_variables(self)
        if self.sv2 is not None:
            self.sv2.release()

    cdef int check_saved_variables(self) except -1:
        BinaryNode.check_saved_variables(self)
        if self.sv2 is not None:
            self.sv2.check_unpack(self)
        return 0

    def _cya_saved_pairs(self):
        out = BinaryNode._cya_saved_pairs(self)
        if self.sv2 is not None:
            out.append(("result", self.sv2))
        return out

    cdef list apply(self, list grads):
        g = grads[0]
        xp = xp_of(g)
        ex = self.v1(g)   # torch's order: exponent, self, result (check_saved_variables)
        s = self.v0(g)
        res = self.sv2.unpack(self, isinstance(g, Tensor)) if self.sv2 is not None else s ** ex
        r0 = r1 = None
        # torch's pow_backward_self / pow_backward_exponent, in their order
        # of operations: grad * (exponent * self ** (exponent - 1)), and
        # grad * where(self == 0 & exponent >= 0, 0, result * log(self)) with
        # self first cast to the result type (a float32 base with a float64
        # exponent takes the log in double)
        if self.should_compute_output(0):
            if _npdt((<Tensor>ex).data_ if isinstance(ex, Tensor) else ex).kind == "b":
                # a bool exponent tensor: torch's exponent - 1 is sub_check's
                # error (pow_backward_self); a Python bool exponent is PowBackward0
                _sub_check(True, 1)
            if type(s) is _ndarray and type(ex) is _ndarray and s.dtype == ex.dtype:
                with np.errstate(all="ignore"):
                    r0 = np.where(ex == 0, 0.0, g * (ex * _pow_arrays(s, ex - 1)))
            else:
                r0 = xp.where(ex == 0, 0.0, g * (ex * s ** (ex - 1)))
        if self.should_compute_output(1):
            if xp is np:
                sp = s.astype(res.dtype) if s.dtype != res.dtype else s
                with np.errstate(divide="ignore", invalid="ignore"):
                    r1 = g * np.where((s == 0) & (ex >= 0), 0.0, res * np.log(sp))
            elif isinstance(g, Tensor):
                sp = s.to(res.dtype) if s.dtype != res.dtype else s
                r1 = g * xp.where((s == 0) & (ex >= 0), 0.0, res * xp.log(sp))
            else:
                r1 = xp.where((s == 0) & (ex >= 0), 0.0, g * res * xp.log(s))
        return [r0, r1]


@cython.final
cdef class PowBackward2(BinaryNode):
    # scalar ** self; sv0: result
    cdef list apply(self, list grads):
        g = grads[0]
        xp = xp_of(g)
        base = self.scalar
        if base == 0:
            s = self.v1(g)
            # torch: grad * (result * log(base)) masked to 0 where the
            # exponent is >= 0; below, result is inf and log(0) -inf
            return [xp.where(s >= 0, 0.0 * g, g * (self.v0(g) * float("-inf")))]
        # torch's pow_backward_exponent: grad * (result * log(base)), in that order
        return [g * (self.v0(g) * float(np.log(base)))]


cdef object pow_impl(object a, object b):
    cdef Tensor ta, tb, out
    cdef BinaryNode fn
    cdef PowBackward1 fn1
    if isinstance(a, Tensor) and isinstance(b, _scalars) and not isinstance(b, (bool, np.bool_)):
        ta = a
        x = ta.data_
        # a numpy scalar exponent is a wrapped number as a Python one is
        # (float32 ** np.float64(2) stays float32; numpy would promote)
        if isinstance(b, np.floating):
            b = float(b)
        elif isinstance(b, np.integer):
            b = int(b)
        _check_int_scalar(b)
        if _npdt(x).kind in "iub" and type(b) is int and b < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        if _npdt(x).kind != "f" and isinstance(b, float):
            x = x.astype(_D.get_default_dtype().np) if type(x) is _ndarray else _xp.cast(
                x, _D.get_default_dtype().np)
        elif _npdt(x).kind == "b":
            # result_type(bool tensor, int) is int64
            x = x.astype(np.int64) if type(x) is _ndarray else _xp.cast(x, np.dtype(np.int64))
        _scalar_fits(_npdt(x), b)
        r = _pow_scalar(x, b)
        # k_pow allocates C-order: NOTE [ Elementwise output layout ]
        out = wrap_array(k_ti_layout(as_array(r), ta.data_, None, None))
        if grad_needed(ta):
            fn = <PowBackward0>new_node(PowBackward0)
            fn.scalar = b
            fn.next_edges_ = next_edges1(ta)
            set_history(out, fn, 0)
            fn.sv0 = save_variable(ta, False)
        return out
    p = prep_binary(a, b, "")
    if p is None:
        return NotImplemented
    x = p[2]
    y = p[3]
    if p[1] is not None and type(x) is _ndarray and x.dtype == np.bool_:
        # torch's pow kernels over a tensor exponent have no bool case (a
        # scalar bool exponent has its own: x ** True is x)
        raise NotImplementedError("\"pow\" not implemented for 'Bool'")
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        r = _xp.pow_tensors(x, y)
    else:
        try:
            with np.errstate(all="ignore"):
                r = as_array(_int_pow_neg(x, y) if _neg_int_exponent(x, y) else _pow_arrays(x, y))
        except ValueError:
            _edges_first2(a, b)   # NOTE [ Gradient edges before kernel checks ]
            raise broadcast_error(x, y) from None
        if p[1] is not None and r.dtype.kind == "f" and y.size == 1 and y.reshape(-1)[0] == 0.5:
            # NOTE [ A one-element 0.5 exponent is not sqrt ]
            # numpy takes a one-element exponent of 0.5 as sqrt; torch's
            # tensor-exponent kernel is C's pow (a 0-d exponent tensor is no
            # Python scalar, so torch's own sqrt shortcut of x ** 0.5 does
            # not apply). They differ at the two bases where sqrt is not
            # pow: (-0.) ** 0.5 is +0. (sqrt: -0.) and (-inf) ** 0.5 is +inf
            # (sqrt: NaN). Every other exponent numpy specialises (2, -1,
            # 1, 0) agrees with pow at every base.
            r = r + 0.0
            if x.dtype.kind == "f":
                r = np.where(np.isneginf(x), r.dtype.type(np.inf), r)
    if type(x) is _ndarray and x.dtype == np.bool_ and r.dtype != np.bool_:
        r = r.astype(np.bool_)   # numpy's bool ** bool is int8; torch's stays bool
    # NOTE [ Elementwise output layout ]; torch's pow(Scalar, Tensor) writes
    # into an empty({0}) result, which comes out contiguous
    out = wrap_array(k_ti_layout(r, x, y, None) if isinstance(a, Tensor) else k_reduce_layout(r, None))
    ta = p[0]
    tb = p[1]
    ga = ta is not None and grad_needed(ta)
    gb = tb is not None and grad_needed(tb)
    if not (ga or gb):
        return out
    if tb is None:
        # a bool exponent (other scalars took the branch above): torch's
        # PowBackward0, saving True/False (a numpy bool as a float, as torch)
        fn = <PowBackward0>new_node(PowBackward0)
        fn.scalar = b if type(b) is bool else float(b)
        fn.next_edges_ = next_edges1(ta)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(ta, False)
        return out
    if ta is None:
        fn = <PowBackward2>new_node(PowBackward2)
        fn.scalar = a
        fn.next_edges_ = next_edges1(tb)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(out, True)
        fn.sv1 = save_variable(tb, False)
        return out
    fn = <PowBackward1>new_node(PowBackward1)
    fn.next_edges_ = next_edges2(ta, tb)
    set_history(out, fn, 0)
    # torch's order (what saved-tensor pack hooks see): exponent, self, result
    fn.sv1 = save_variable(tb, False)
    fn.sv0 = save_variable(ta, False)
    (<PowBackward1>fn).sv2 = save_variable(out, True)
    return out


cdef dict _CTYPE = {"int8": "int8_t", "uint8": "uint8_t", "int16": "int16_t", "int32": "int",
                    "int64": "int64_t"}


cdef int _scalar_fits(object npd, object b) except -1:
    """torch's pow(Tensor, Scalar) and clamp(Tensor, Scalar) convert the
    scalar to the result's type with an overflow check (integral types, and
    float16)."""
    if npd.kind in "iu":
        info = np.iinfo(npd)
        # c10's checked conversion lets an unsigned type take negatives down
        # to -max (they wrap: uint8 clamp(min=-1) is 255)
        if not ((-info.max if npd.kind == "u" else info.min) <= b <= info.max):
            raise RuntimeError(f"value cannot be converted to type {_CTYPE[npd.name]} without overflow")
    elif npd == np.float16 and (65504 < b < float("inf") or -float("inf") < b < -65504):
        raise RuntimeError("value cannot be converted to type c10::Half without overflow")
    return 0


# by dtype.char (numpy's dtype.name is computed in Python: microseconds)
cdef dict _CTYPE_NAME = {"b": "int8_t", "B": "uint8_t", "h": "int16_t", "i": "int", "l": "int64_t",
                         "q": "int64_t", "e": "c10::Half", "f": "float"}


cdef dict _FMAX = {}
cdef double _INF = float("inf")


cpdef object checked_scalar(object npd, object b):
    """c10::checked_convert of a Python number to a tensor's element type, as
    fill_, full and setitem of a number convert it (Scalar::to<T>): the value
    to write, or torch's overflow error. An integer overflows outside the
    type's range (an unsigned type also takes negatives down to -max, which
    wrap: uint8 fill_(-255) is 1); a float is compared as a double with the
    type's lowest and max (NaN and infinities overflow an integral type;
    2.0**63 does not overflow int64 and converts as C does, to its minimum);
    infinities and NaN never overflow a floating type. bool, float64 and
    complex values are not checked."""
    name = _CTYPE_NAME.get(npd.char)
    if name is None or isinstance(b, (bool, np.bool_)) or isinstance(b, (complex, np.complexfloating)):
        return b
    if npd.kind == "f":
        if type(b) is float or type(b) is int:
            fmax = _FMAX.get(npd.char)
            if fmax is None:
                fmax = _FMAX[npd.char] = float(np.finfo(npd).max)
            f = float(b)
            if f != f or -fmax <= f <= fmax or f == _INF or f == -_INF:
                return b
            raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    if npd.kind in "iu":
        info = np.iinfo(npd)
        if isinstance(b, (float, np.floating)):
            if b != b or not (float(info.min) <= b <= float(info.max)):
                raise RuntimeError(f"value cannot be converted to type {name} without overflow")
            tok = fp_quiet_begin()
            try:
                return np.asarray(b, np.float64).astype(npd)
            finally:
                fp_quiet_end(tok)
        if not ((-info.max if npd.kind == "u" else info.min) <= b <= info.max):
            raise RuntimeError(f"value cannot be converted to type {name} without overflow")
        return np.asarray(b, np.int64).astype(npd)
    if npd.kind == "f":
        f = float(b)
        if f == f and f not in (float("inf"), float("-inf")) and (f if f > 0 else -f) > float(np.finfo(npd).max):
            raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    return b


cdef object rpow_impl(object a, object b):
    # b ** a with a a Tensor
    return pow_impl(b, a)


def pow(input, exponent):
    r = pow_impl(input, exponent)
    if r is NotImplemented:
        parser_check("pow", (input, exponent))
        raise TypeError(f"pow(): argument 'exponent' must be Tensor or Number, not {type_name(exponent)}")
    return r


# =============================================================================
# Unary math
# =============================================================================

# NOTE [ Double backward of activations ]
# torch's tanh/sigmoid/relu backward are ops of their own (tanh_backward,
# sigmoid_backward, threshold_backward) with derivatives of their own, so
# under create_graph the gradient's grad_fn is TanhBackwardBackward0 (and
# so on) with edges to the incoming gradient and to the saved result --
# recorded even when only the result requires grad. The Tensor path here
# computes the value on the arrays and records that one node.
DEF BB_TANH = 0
DEF BB_SIGMOID = 1
DEF BB_THRESHOLD = 2


cdef class _ActBackwardBackward(BinaryNode):
    # sv0: the gradient the backward got, sv1: the forward's result
    cdef int kind

    cdef list apply(self, list grads):
        gg = grads[0]
        if gg is None:
            return [None, None]
        g = self.v0(gg)
        y = self.v1(gg)
        r0 = r1 = None
        if self.kind == BB_TANH:
            if self.should_compute_output(0):
                r0 = gg * (1 - y * y)
            if self.should_compute_output(1):
                r1 = g * (-2 * y * gg)
        elif self.kind == BB_SIGMOID:
            if self.should_compute_output(0):
                r0 = gg * (y * (1 - y))
            if self.should_compute_output(1):
                r1 = g * gg * (-2 * y + 1)
        else:
            if self.should_compute_output(0):
                r0 = xp_of(gg).where(y <= 0, _zeros_like(gg), gg)
            if self.should_compute_output(1):
                r1 = _zeros_like(gg)
        return [r0, r1]


@cython.final
cdef class TanhBackwardBackward0(_ActBackwardBackward):
    pass


@cython.final
cdef class SigmoidBackwardBackward0(_ActBackwardBackward):
    pass


@cython.final
cdef class ThresholdBackwardBackward0(_ActBackwardBackward):
    pass


cdef object _act_backward_t(type cls, int kind, Tensor g, Tensor y, object value):
    """The gradient `value` (an array) as a Tensor whose history, under
    grad mode, is cls over (g, y)."""
    cdef _ActBackwardBackward fn
    out = wrap_array(as_array(value))
    if is_grad_enabled_c() and (tensor_requires_grad(g) or tensor_requires_grad(y)):
        fn = <_ActBackwardBackward>new_node(cls)
        fn.kind = kind
        fn.next_edges_ = next_edges2(g, y)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(g, False)
        fn.sv1 = save_variable(y, False)
    return out


cdef class UnaryNode(BinaryNode):
    """A one-input node; sv0 is its input (_saved_self) or its output
    (_saved_result), as torch names them."""


@cython.final
cdef class NegBackward0(UnaryNode):
    cdef list apply(self, list grads):
        return [_un(K_NEG, grads[0])]


@cython.final
cdef class AbsBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        # torch's abs backward: grad * self.sgn() (SgnBackward0 under create_graph)
        return [g * (s.sgn() if isinstance(s, Tensor) else _sign_np(s))]


@cython.final
cdef class SignBackward0(UnaryNode):
    cdef list apply(self, list grads):
        return [_zeros_like(grads[0])]


@cython.final
cdef class ExpBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [k_mul(g, self.v0(g))]


@cython.final
cdef class LogBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [k_div(g, self.v0(g))]


@cython.final
cdef class Log2Backward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [g / (self.v0(g) * 0.6931471805599453)]


@cython.final
cdef class Log10Backward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [g / (self.v0(g) * 2.302585092994046)]


@cython.final
cdef class Log1PBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [g / (self.v0(g) + 1)]


@cython.final
cdef class SqrtBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [g / (2 * self.v0(g))]


@cython.final
cdef class RsqrtBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        # torch: -0.5 * grad * result.pow(3); the cube first (it may overflow)
        return [-0.5 * g * (r * r * r)]


@cython.final
cdef class ReciprocalBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        # torch: -grad * (result * result); the square first (it may overflow)
        return [-g * (r * r)]


@cython.final
cdef class SinBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [k_mul(g, _un(K_COS, self.v0(g)))]


@cython.final
cdef class CosBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        return [k_mul(g, _un(K_NEG, _un(K_SIN, self.v0(g))))]


@cython.final
cdef class TanBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        return [g * (1 + r * r)]


@cython.final
cdef class TanhBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is _ndarray and not fw_level_open():
            gd = (<Tensor>g).data_
            rd = (<Tensor>r).data_
            return [_act_backward_t(TanhBackwardBackward0, BB_TANH, g, r,
                                    k_mul(gd, k_binary(K_SUB, 1.0, k_mul(rd, rd))))]
        return [k_mul(g, k_binary(K_SUB, 1.0, k_mul(r, r)))]


@cython.final
cdef class SigmoidBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is _ndarray and not fw_level_open():
            gd = (<Tensor>g).data_
            rd = (<Tensor>r).data_
            return [_act_backward_t(SigmoidBackwardBackward0, BB_SIGMOID, g, r,
                                    k_mul(gd, k_mul(rd, k_binary(K_SUB, 1.0, rd))))]
        return [k_mul(g, k_mul(r, k_binary(K_SUB, 1.0, r)))]


@cython.final
cdef class ReluBackward0(UnaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is _ndarray and not fw_level_open():
            return [_act_backward_t(ThresholdBackwardBackward0, BB_THRESHOLD, g, r,
                                    k_threshold_backward((<Tensor>g).data_, (<Tensor>r).data_))]
        if isinstance(g, Tensor):
            return [xp_of(g).where(r <= 0, 0.0, g)]
        if type(g) is not _ndarray:
            xp = xp_of(g)
            return [xp.where(r <= 0, xp.zeros_like(g), g)]
        return [k_threshold_backward(g, r)]


@cython.final
cdef class ClampBackward1(UnaryNode):
    # scalar bounds: scalar = min or None, scalar2 = max or None; sv0: self
    cdef list apply(self, list grads):
        g = grads[0]
        xp = xp_of(g)
        s = self.v0(g)
        if self.scalar is not None and self.scalar2 is not None:
            mask = (s >= self.scalar) & (s <= self.scalar2)
        elif self.scalar is not None:
            mask = s >= self.scalar
        else:
            mask = s <= self.scalar2
        return [xp.where(mask, g, _zeros_like(g))]


@cython.final
cdef class ClampBackward0(UnaryNode):
    # tensor bounds: sv0 self, sv1 min (or None), scalar2 max Tensor SavedVariable
    cdef SavedVariable sv2

    cdef void release_variables(self):
        BinaryNode.release_variables(self)
        if self.sv2 is not None:
            self.sv2.release()

    def _cya_saved_pairs(self):
        return [("self", self.sv0), ("min", self.sv1), ("max", self.sv2)]

    cdef list apply(self, list grads):
        g = grads[0]
        xp = xp_of(g)
        s = self.v0(g)
        lo = None if self.sv1 is None else self.v1(g)
        hi = None if self.sv2 is None else self.sv2.unpack(self, isinstance(g, Tensor))
        mask_self = None
        z = _zeros_like(g)
        if lo is not None and hi is not None:
            mask_self = (s >= lo) & (s <= hi)
        elif lo is not None:
            mask_self = s >= lo
        else:
            mask_self = s <= hi
        r0 = xp.where(mask_self, g, z)
        r1 = None if lo is None else xp.where(s < lo, g, z)
        r2 = None if hi is None else xp.where((s > hi) if lo is None else ((s > hi) & (s >= lo)), g, z)
        if lo is not None and hi is not None:
            # where lo > hi torch returns hi: the gradient goes to max
            r1 = xp.where((s < lo) & (lo <= hi), g, z)
            r2 = xp.where((s > hi) | (lo > hi), g, z)
        return [r0, r1, r2]


# torch's set_history check (NOTE [ Integral tensors with history ] in
# variable.pyx), raised before this file's ops make a node they would drop.
cdef _no_autograd_dtype(Tensor out):
    differentiable_type_check(out.data_)


cdef inline bint _differentiable_result(object x):
    """Whether x's dtype is one autograd records history for (floating or
    complex); C-level on the numpy path (hot: every recorded op asks)."""
    cdef char k
    if cnp.PyArray_CheckExact(x):
        k = (<cnp.dtype>cnp.PyArray_DESCR(<cnp.ndarray>x)).kind
        return k == b'f' or k == b'c'
    return _differentiable_result_xp(x)   # out of line: keeps this inlinable


cdef bint _differentiable_result_xp(object x):
    return _xp.npdtype(x).kind in "fc"


cdef object _unary(object a, object npfn, type cls, int save, bint to_float, str name):
    """save: 0 nothing, 1 the input, 2 the output."""
    cdef Tensor t, out
    cdef UnaryNode fn
    if not isinstance(a, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type_name(a)}")
    t = a
    x = t.data_
    if type(x) is not _ndarray:
        r = _xp.unary(name, x, to_float)   # NOTE [ Device backends ]
    else:
        if to_float and x.dtype.kind != "f":
            x = k_like_layout(x.astype(_D.get_default_dtype().np), x)
        if type(npfn) is int:
            r = k_unary(npfn, x)   # laid out as torch (NOTE [ Elementwise output layout ])
        else:
            tok = fp_quiet_begin()
            try:
                r = npfn(x)
            finally:
                fp_quiet_end(tok)
            r = k_ti_layout(as_array(r), x, None, None)   # NOTE [ Elementwise output layout ]
    out = wrap_array(as_array(r))
    if cls is not None and grad_needed(t):
        if not _differentiable_result(out.data_):
            _no_autograd_dtype(out)
        fn = <UnaryNode>new_node(cls)
        fn.next_edges_ = next_edges1(t)
        set_history(out, fn, 0)
        if save == 1:
            fn.sv0 = save_variable(t, False)
        elif save == 2:
            fn.sv0 = save_variable(out, True)
    return out


cdef object neg_impl(object a):
    cdef Tensor t = tensor_arg(a, "neg", "input", 1)
    if _xp.npdtype(t.data_).kind == "b":
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. "
                           "If you are trying to invert a mask, use the `~` or `logical_not()` "
                           "operator instead.")
    return _unary(a, K_NEG, NegBackward0, 0, False, "neg")


def neg(input):
    return neg_impl(input)


def negative(input):
    tensor_arg(input, "negative", "input", 1)
    return neg_impl(input)


def _sigmoid_arr(x):
    r = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + r), r / (1 + r)).astype(x.dtype, copy=False)


def _rsqrt_np(x):
    return 1.0 / np.sqrt(x)


def _relu_np(x):
    # NOTE [ selection keeps the operand ]: torch's max/min-style kernels
    # (relu, clamp, maximum, minimum) return the first operand unless the
    # other one wins strictly (NaN always wins), so a zero keeps its sign;
    # numpy's maximum/minimum return the second operand on ties, so the
    # operands go to numpy swapped.
    return k_binary(K_MAX, 0.0, x) if x.dtype.kind == "f" else np.maximum(x, 0).astype(x.dtype, copy=False)


def abs(input):
    if isinstance(input, Tensor) and _xp.npdtype((<Tensor>input).data_).kind == "b":
        raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
    return _unary(input, K_ABS, AbsBackward0, 1, False, "abs")


def _sign_np(x):
    """torch's sign: (0 < x) - (x < 0), so sign(nan) and sign(-0.) are +0
    (numpy's sign gives nan and -0.)."""
    if type(x) is not _ndarray:
        return _xp.sign(x)
    if x.dtype.kind == "b":
        return x.copy()
    r = np.greater(x, 0).astype(x.dtype)
    if x.dtype.kind != "u":
        r -= np.less(x, 0)
    return r


def sign(input):
    return _unary(input, _sign_np, SignBackward0, 0, False, "sign")


def exp(input):
    return _unary(input, K_EXP, ExpBackward0, 2, True, "exp")


def log(input):
    return _unary(input, K_LOG, LogBackward0, 1, True, "log")


def log2(input):
    with np.errstate(divide="ignore", invalid="ignore"):
        return _unary(input, np.log2, Log2Backward0, 1, True, "log2")


def log10(input):
    with np.errstate(divide="ignore", invalid="ignore"):
        return _unary(input, np.log10, Log10Backward0, 1, True, "log10")


cdef object _log1p_np(object x):
    """numpy's log1p, with torch's results below twice the smallest normal
    (float32 and float64): torch's vectorised (Sleef) log1p divides x by
    2 + x, so there x / 2 is rounded to the subnormal grid and doubled
    (1e-45 gives 0, float32 2e-38 gives 1.99999987e-38), and a negative x
    whose half rounds to zero gives +0. Signed zeros stay as they are."""
    r = np.log1p(x)
    if x.dtype != np.float32 and x.dtype != np.float64:
        return r
    small = np.abs(x) < 2 * np.finfo(x.dtype).tiny
    if not small.any():
        return r
    r = np.array(r, copy=True)
    xs = x[small] if x.ndim else x
    v = np.asarray(x.dtype.type(0) + (xs / 2) * 2, dtype=x.dtype)
    v = np.where(xs == 0, xs, v)
    if x.ndim:
        r[small] = v
        return r
    return v.reshape(())


def log1p(input):
    with np.errstate(divide="ignore", invalid="ignore"):
        return _unary(input, _log1p_np, Log1PBackward0, 1, True, "log1p")


def sqrt(input):
    return _unary(input, K_SQRT, SqrtBackward0, 2, True, "sqrt")


def rsqrt(input):
    with np.errstate(divide="ignore", invalid="ignore"):
        return _unary(input, _rsqrt_np, RsqrtBackward0, 2, True, "rsqrt")


def reciprocal(input):
    with np.errstate(divide="ignore"):
        return _unary(input, np.reciprocal, ReciprocalBackward0, 2, True, "reciprocal")


def sin(input):
    return _unary(input, K_SIN, SinBackward0, 1, True, "sin")


def cos(input):
    return _unary(input, K_COS, CosBackward0, 1, True, "cos")


def tan(input):
    return _unary(input, np.tan, TanBackward0, 2, True, "tan")


def tanh(input):
    return _unary(input, K_TANH, TanhBackward0, 2, True, "tanh")


def sigmoid(input):
    return _unary(input, _sigmoid_arr, SigmoidBackward0, 2, True, "sigmoid")


def relu(input):
    if isinstance(input, Tensor) and _xp.npdtype((<Tensor>input).data_).kind == "b":
        raise RuntimeError("Boolean inputs not supported for relu")
    return _unary(input, _relu_np, ReluBackward0, 2, False, "relu")


def square(input):
    # torch computes square as pow(input, 2): the node is PowBackward0
    if not isinstance(input, Tensor):
        parser_check("square", (input,))
        raise TypeError(f"square(): argument 'input' (position 1) must be Tensor, not {type_name(input)}")
    if _npdt((<Tensor>input).data_).kind == "b":
        return pow_impl(to_tensor(input, None).to(_D.int64), 2)
    return pow(input, 2)


cdef object _zero_grad_unary(object input, object npfn, str name, str node_name, object decimals=None):
    """Rounding ops: values from numpy, a gradient of zeros as torch's."""
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type_name(input)}")
    x = (<Tensor>input).data_
    k = _npdt(x).kind
    if k == "b" or (decimals is not None and k in "iu"):
        # torch's kernels take no bool; round's decimals overload (decimals
        # given, even 0) takes floating types only: "round_cpu" for decimals
        # != 0, the vectorised kernel's name otherwise
        kern = f"{name}_cpu" if decimals else f"{name}_vml_cpu"
        raise NotImplementedError(f"\"{kern}\" not implemented for '{_D._FROM_NP[_npdt(x)]._cname}'")
    if decimals is None:
        decimals = 0
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        return _nograd_result(_xp.rounding(name, x, decimals), (input,), node_name)
    return _nograd_result(as_array(npfn(x)), (input,), node_name)


def floor(input):
    return _zero_grad_unary(input, np.floor, "floor", "FloorBackward0")


def ceil(input):
    return _zero_grad_unary(input, np.ceil, "ceil", "CeilBackward0")


def trunc(input):
    return _zero_grad_unary(input, np.trunc, "trunc", "TruncBackward0")


def round(input, *, decimals=None):
    # decimals None: torch's round() overload; given (even 0): round.decimals
    return _zero_grad_unary(input, lambda x: np.round(x, decimals or 0), "round", "RoundBackward0", decimals)


def clamp(input, min=None, max=None):
    cdef Tensor t
    cdef UnaryNode fn
    cdef ClampBackward0 fn0
    if not isinstance(input, Tensor):
        parser_check("clamp", (input,) + ((min,) if min is not None else ()) +
                     ((max,) if min is not None and max is not None else ()),
                     {"max": max} if min is None and max is not None else None)
        raise TypeError(f"clamp(): argument 'input' (position 1) must be Tensor, not {type_name(input)}")
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    for bound in (min, max):
        if bound is not None and not isinstance(bound, (Tensor,) + _scalars):
            raise TypeError(f"clamp() received an invalid combination of arguments - got "
                            f"({type(bound).__name__}), but expected one of:\n"
                            " * (Tensor min = None, Tensor max = None)\n"
                            " * (Number min = None, Number max = None)")
        _check_int_scalar(bound)   # torch's Scalar conversion of the bound
    t = input
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        lo = None if min is None else to_tensor(min, t)
        hi = None if max is None else to_tensor(max, t)
        x = t.data_
        if (type(x) is not _ndarray or (lo is not None and _on_device(lo))
                or (hi is not None and _on_device(hi))):   # NOTE [ Device backends ]
            r = _xp.clamp_tensors(x, None if lo is None else (<Tensor>lo).data_,
                                  None if hi is None else (<Tensor>hi).data_)
            out = wrap_array(r)
        else:
            acc = tuple(x.shape)
            for v in (lo, hi):
                if v is not None:
                    try:
                        acc = np.broadcast_shapes(acc, tuple((<Tensor>v).data_.shape))
                    except ValueError:
                        # TensorIterator broadcasts self, min, max in order
                        for e in (t, lo, hi):
                            if e is not None:
                                edges_first(<Tensor>e)   # NOTE [ Gradient edges before kernel checks ]
                        raise _xp.broadcast_error(acc, (<Tensor>v).data_.shape) from None
            r = x
            if lo is not None:
                r = np.maximum((<Tensor>lo).data_, r)  # NOTE [ selection keeps the operand ]
            if hi is not None:
                r = np.minimum((<Tensor>hi).data_, r)
            # torch's result type of input and the bounds (an int tensor clamped by
            # float ones is float; clamp_ then refuses to write it back)
            rd = _D.result_type(t, *[v for v in (lo, hi) if v is not None]).np
            # NOTE [ Elementwise output layout ]: operands self, min, max
            out = wrap_array(k_ti_layout(as_array(r).astype(rd, copy=False), x,
                                         None if lo is None else (<Tensor>lo).data_,
                                         None if hi is None else (<Tensor>hi).data_))
        if is_grad_enabled_c() and (tensor_requires_grad(t) or (lo is not None and tensor_requires_grad(lo))
                                    or (hi is not None and tensor_requires_grad(hi))):
            fn0 = <ClampBackward0>new_node(ClampBackward0)
            fn0.next_edges_ = next_edges3(t, lo, hi)
            set_history(out, fn0, 0)
            fn0.sv0 = save_variable(t, False)
            if lo is not None:
                fn0.sv1 = save_variable(lo, False)
            if hi is not None:
                fn0.sv2 = save_variable(hi, False)
        return out
    x = t.data_
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        out = wrap_array(_xp.clamp_scalars(x, min, max))
        if grad_needed(t):
            fn = <ClampBackward1>new_node(ClampBackward1)
            fn.scalar = min
            fn.scalar2 = max
            fn.next_edges_ = next_edges1(t)
            set_history(out, fn, 0)
            fn.sv0 = save_variable(t, False)
        return out
    # the result type of the tensor and its scalar bounds (wrapped numbers:
    # a float bound makes an integral tensor float, an int bound makes bool
    # int64, a numpy bool is a double); torch's clamp kernels have no bool
    rd = _D.result_type(t, *[v for v in (min, max) if v is not None]).np
    if rd == np.bool_:
        raise NotImplementedError(
            "\"clamp_scalar_cpu\" not implemented for 'Bool'" if min is not None and max is not None else
            "\"clamp_min_scalar_cpu\" not implemented for 'Bool'" if min is not None else
            "\"clamp_max_scalar_cpu\" not implemented for 'Bool'")
    for v in (min, max):
        if v is not None:
            _scalar_fits(rd, v)
    if x.dtype != rd:
        x = x.astype(rd)
    r = x
    # the bounds as the result's type (a negative int bound of an unsigned
    # tensor wraps, as torch converts it)
    if min is not None:
        r = np.maximum(scalar_array(min, rd) if rd.kind in "iu" else min, r)  # NOTE [ selection keeps the operand ]
    if max is not None:
        r = np.minimum(scalar_array(max, rd) if rd.kind in "iu" else max, r)
    out = wrap_array(k_ti_layout(as_array(r).astype(x.dtype, copy=False), t.data_, None, None))
    if grad_needed(t):
        fn = <ClampBackward1>new_node(ClampBackward1)
        fn.scalar = min
        fn.scalar2 = max
        fn.next_edges_ = next_edges1(t)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(t, False)
    return out


clip = clamp


def clamp_min(input, min):
    return clamp(input, min=min)


def clamp_max(input, max):
    return clamp(input, max=max)


# =============================================================================
# maximum / minimum / where
# =============================================================================

@cython.final
cdef class MaximumBackward0(BinaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        # torch's generated code unpacks in its saved order, other first: a
        # version error names other when both were modified (seed 23321)
        o = self.v1(g)
        s = self.v0(g)
        return [_select_grad(g, s, o, s < o), _select_grad(g, s, o, s > o)]


@cython.final
cdef class MinimumBackward0(BinaryNode):
    cdef list apply(self, list grads):
        g = grads[0]
        # torch's generated code unpacks in its saved order, other first: a
        # version error names other when both were modified (seed 23321)
        o = self.v1(g)
        s = self.v0(g)
        return [_select_grad(g, s, o, s > o), _select_grad(g, s, o, s < o)]


cdef object _select_grad(object g, object s, object o, object lose):
    """maximum/minimum's formula for one input, as torch's derivatives.yaml:
    where(self == other, grad / 2, grad).masked_fill_(lose, 0) -- a fresh
    tensor at version 1 (NOTE [ Versions of gradient arrays ]), with
    MaskedFillBackward0 under create_graph."""
    xp = xp_of(g)
    r = xp.where(s == o, g / 2, g)
    if isinstance(r, Tensor):
        return r.masked_fill_(lose, 0)
    r = xp.where(lose, _zeros_like(g), r)
    if type(r) is _ndarray:
        # where(self == other, ...)'s layout: its condition's, which is self's
        # then other's (NOTE [ Elementwise output layout ]); masked_fill_ keeps it
        r = k_ti_layout(r, k_ti_layout(as_array(s == o), s, o, None), g, None)
        note_grad_version(r, 1)
    return r


cdef object _maxmin(object a, object b, bint is_max):
    cdef Tensor ta, tb, out
    cdef BinaryNode fn
    if not isinstance(a, Tensor) or not isinstance(b, Tensor):
        parser_check("maximum" if is_max else "minimum", (a, b))
        raise TypeError(f"{'maximum' if is_max else 'minimum'}(): argument 'other' (position 2) must be Tensor, not "
                        f"{type(b).__name__ if isinstance(a, Tensor) else type(a).__name__}")
    if _on_device(a) or _on_device(b):   # NOTE [ Device backends ]
        out = wrap_array(_xp.maxmin(a, (<Tensor>a).data_, b, (<Tensor>b).data_, is_max))
    else:
        p = prep_binary(a, b, "")
        try:
            # NOTE [ selection keeps the operand ]
            r = np.maximum(p[3], p[2]) if is_max else np.minimum(p[3], p[2])
        except ValueError:
            _edges_first2(a, b)   # NOTE [ Gradient edges before kernel checks ]
            raise broadcast_error(p[2], p[3]) from None
        out = wrap_array(k_ti_layout(as_array(r), p[2], p[3], None))
    ta = a
    tb = b
    if is_grad_enabled_c() and (tensor_requires_grad(ta) or tensor_requires_grad(tb)):
        fn = <MaximumBackward0>new_node(MaximumBackward0) if is_max else <MinimumBackward0>new_node(MinimumBackward0)
        fn.next_edges_ = next_edges2(ta, tb)
        set_history(out, fn, 0)
        fn.sv1 = save_variable(tb, False)     # torch saves other first
        fn.sv0 = save_variable(ta, False)
    return out


def maximum(input, other):
    return _maxmin(input, other, True)


def minimum(input, other):
    return _maxmin(input, other, False)


@cython.final
cdef class WhereBackward0(BinaryNode):
    # sv0: condition
    cdef list apply(self, list grads):
        g = grads[0]
        xp = xp_of(g)
        c = self.v0(g)
        z = 0.0 * g
        if type(g) is _ndarray:
            # torch's where(condition, grad, 0): the condition's layout first
            # (NOTE [ Elementwise output layout ])
            return [k_ti_layout(np.where(c, g, z), c, g, None), k_ti_layout(np.where(c, z, g), c, g, None)]
        return [xp.where(c, g, z), xp.where(c, z, g)]


cdef object _where_broadcast_error(c, x, y):
    """where's operands are broadcast in order (condition, self, other), as
    TensorIterator's infer_size does: the message names the shape so far (a) and
    the operand that does not fit it (b) -- a condition that fits neither is
    named too, not only a mismatch of self and other."""
    shape = tuple(c.shape)
    for arr in (x, y):
        try:
            shape = np.broadcast_shapes(shape, tuple(arr.shape))
        except ValueError:
            return _xp.broadcast_error(shape, arr.shape)
    return broadcast_error(x, y)


def where(condition, input=None, other=None):
    cdef Tensor tc, out
    cdef BinaryNode fn
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    if not isinstance(condition, Tensor):
        parser_check("where", (condition, input, other))
        raise TypeError(f"where(): argument 'condition' (position 1) must be Tensor, not {type_name(condition)}")
    tc = condition
    if _npdt(tc.data_).kind != "b":
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with dtype {tc.dtype._cname}")
    if type(tc.data_) is not _ndarray or _on_device(input) or _on_device(other):
        # device tensors: NOTE [ Device backends ]
        if not (isinstance(input, (Tensor,) + _scalars) and isinstance(other, (Tensor,) + _scalars)):
            raise TypeError("where(): argument 'input' must be Tensor or Number")
        ta = input if isinstance(input, Tensor) else None
        tb = other if isinstance(other, Tensor) else None
        out = wrap_array(_xp.where(tc.data_, input, None if ta is None else (<Tensor>ta).data_,
                                   other, None if tb is None else (<Tensor>tb).data_))
    else:
        p = prep_binary(input, other, "")
        if p is None:
            raise TypeError("where(): argument 'input' must be Tensor or Number")
        try:
            r = np.where(tc.data_, p[2], p[3])
        except ValueError:
            _edges_first2(input, other)   # NOTE [ Gradient edges before kernel checks ]
            raise _where_broadcast_error(tc.data_, p[2], p[3]) from None
        ta = p[0]
        tb = p[1]
        # NOTE [ Elementwise output layout ]: operands condition, self, other
        out = wrap_array(k_ti_layout(as_array(r), tc.data_, p[2], p[3]))
    ga = ta is not None and tensor_requires_grad(ta)
    gb = tb is not None and tensor_requires_grad(tb)
    if is_grad_enabled_c() and (ga or gb):
        fn = <WhereBackward0>new_node(WhereBackward0)
        fn.next_edges_ = next_edges2(ta, tb)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(tc, False)
    return out


def nonzero(input, *, as_tuple=False):
    cdef Tensor t = tensor_arg(input, "nonzero", "input", 1)
    if type(t.data_) is not _ndarray:   # NOTE [ Device backends ]
        r = _xp.nonzero(t.data_, as_tuple)
        return tuple([wrap_array(i) for i in r]) if as_tuple else wrap_array(r)
    if t.data_.ndim == 0:
        # torch's 0-d input counts as one element: (n, 0) indices, or one
        # index tensor of n zeros as a tuple (numpy refuses 0-d nonzero)
        n = 1 if t.data_.item() else 0
        if as_tuple:
            return (wrap_array(np.zeros(n, np.int64)),)
        return wrap_array(np.zeros((n, 0), np.int64))
    idx = np.nonzero(t.data_)
    if as_tuple:
        return tuple([wrap_array(i.astype(np.int64)) for i in idx])
    return wrap_array(np.stack(idx, axis=1).astype(np.int64) if len(idx) else np.zeros((0, 0), np.int64))


# =============================================================================
# Comparisons and logical ops (never differentiable)
# =============================================================================

cdef object _cmp(object a, object b, object npfn):
    if _on_device(a) or _on_device(b):
        if not (isinstance(a, (Tensor,) + _scalars) and isinstance(b, (Tensor,) + _scalars)):
            return NotImplemented
        return wrap_array(_xp.compare(a, (<Tensor>a).data_ if isinstance(a, Tensor) else None,
                                      b, (<Tensor>b).data_ if isinstance(b, Tensor) else None,
                                      npfn.__name__))
    p = prep_binary(a, b, "")
    if p is None:
        return NotImplemented
    try:
        r = npfn(p[2], p[3])
    except ValueError:
        raise broadcast_error(p[2], p[3]) from None
    # NOTE [ Elementwise output layout ]
    return wrap_array(k_ti_layout(as_array(r), p[2], p[3], None))


cdef object eq_impl(object a, object b):
    return _cmp(a, b, np.equal)


cdef object ne_impl(object a, object b):
    return _cmp(a, b, np.not_equal)


cdef object lt_impl(object a, object b):
    return _cmp(a, b, np.less)


cdef object le_impl(object a, object b):
    return _cmp(a, b, np.less_equal)


cdef object gt_impl(object a, object b):
    return _cmp(a, b, np.greater)


cdef object ge_impl(object a, object b):
    return _cmp(a, b, np.greater_equal)


def eq(input, other):
    return _cmp(input, other, np.equal)


def ne(input, other):
    return _cmp(input, other, np.not_equal)


def lt(input, other):
    return _cmp(input, other, np.less)


def le(input, other):
    return _cmp(input, other, np.less_equal)


def gt(input, other):
    return _cmp(input, other, np.greater)


def ge(input, other):
    return _cmp(input, other, np.greater_equal)


greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne


def equal(input, other):
    cdef Tensor a = tensor_arg(input, "equal", "input", 1)
    cdef Tensor b = tensor_arg(other, "equal", "other", 2)
    if type(a.data_) is not _ndarray or type(b.data_) is not _ndarray:   # NOTE [ Device backends ]
        return _xp.equal(a.data_, b.data_)
    return a.data_.shape == b.data_.shape and bool(np.array_equal(a.data_, b.data_))


cdef object _same_dtype_close(Tensor a, Tensor b):
    # torch's isclose compares within one dtype: numpy would promote
    if _npdt(a.data_) != _npdt(b.data_):
        raise RuntimeError(f"{_D._FROM_NP[_npdt(a.data_)]._cname} did not match "
                           f"{_D._FROM_NP[_npdt(b.data_)]._cname}")


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    cdef Tensor a = tensor_arg(input, "allclose", "input", 1)
    cdef Tensor b = tensor_arg(other, "allclose", "other", 2)
    _same_dtype_close(a, b)
    if type(a.data_) is not _ndarray or type(b.data_) is not _ndarray:   # NOTE [ Device backends ]
        return bool(_xp.all_of(_xp.isclose(a.data_, b.data_, rtol, atol, equal_nan)))
    try:
        return bool(np.allclose(a.data_, b.data_, rtol=rtol, atol=atol, equal_nan=equal_nan))
    except ValueError:      # numpy's broadcast failure: torch's (its isclose's sub)
        if a.data_.shape == b.data_.shape:
            raise
        raise broadcast_error(a.data_, b.data_) from None


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    cdef Tensor a = tensor_arg(input, "isclose", "input", 1)
    cdef Tensor b = tensor_arg(other, "isclose", "other", 2)
    _same_dtype_close(a, b)
    if type(a.data_) is not _ndarray or type(b.data_) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.isclose(a.data_, b.data_, rtol, atol, equal_nan))
    try:
        r = np.isclose(a.data_, b.data_, rtol=rtol, atol=atol, equal_nan=equal_nan)
    except ValueError:      # numpy's broadcast failure: torch's (its sub)
        if a.data_.shape == b.data_.shape:
            raise
        raise broadcast_error(a.data_, b.data_) from None
    return wrap_array(r)


def logical_not(input):
    cdef Tensor t = tensor_arg(input, "logical_not", "input", 1)
    if type(t.data_) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.elementwise("logical_not", t.data_))
    return wrap_array(k_ti_layout(as_array(np.logical_not(t.data_)), t.data_, None, None))


def logical_and(input, other):
    return _cmp(input, other, np.logical_and)


def logical_or(input, other):
    return _cmp(input, other, np.logical_or)


def logical_xor(input, other):
    return _cmp(input, other, np.logical_xor)


def bitwise_not(input):
    cdef Tensor t = tensor_arg(input, "bitwise_not", "input", 1)
    if _npdt(t.data_).kind not in "biu":
        # an op without a derivative gets torch's NotImplemented node when its
        # input needs a gradient, edges collected first
        edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
        raise NotImplementedError(f"\"bitwise_not_cpu\" not implemented for '{_D._FROM_NP[_npdt(t.data_)]._cname}'")
    if type(t.data_) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.bitwise_not(t.data_))
    return wrap_array(as_array(np.invert(t.data_)))


def isnan(input):
    cdef Tensor t = tensor_arg(input, "isnan", "input", 1)
    if type(t.data_) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.elementwise("isnan", t.data_))
    return wrap_array(as_array(np.isnan(t.data_)))


def isfinite(input):
    cdef Tensor t = tensor_arg(input, "isfinite", "input", 1)
    if type(t.data_) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.elementwise("isfinite", t.data_))
    return wrap_array(as_array(np.isfinite(t.data_)))


def isinf(input):
    cdef Tensor t = tensor_arg(input, "isinf", "input", 1)
    if type(t.data_) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.elementwise("isinf", t.data_))
    return wrap_array(as_array(np.isinf(t.data_)))


# =============================================================================
# In-place ops. NOTE [ In-place op protocol ]
# Every in-place op follows torch's ADInplaceOrView + VariableType order:
#   1. check_inplace (leaf that requires grad, view+inplace rules), then the
#      kernel's memory-overlap checks (NOTE [ Memory overlap ]);
#   2. compute the new values into a temporary (a failure here leaves
#      everything as it was: data, version, history);
#   3. save what the backward needs from the *old* self;
#   4. write the values into self's storage and bump the version once;
#   5. rebase_history onto the new node (CopySlices for views).
# =============================================================================

cdef object _inplace_write(Tensor self, object values):
    x = self.data_
    # TensorIterator checks the output's shape (compute_shape) before its
    # dtype (compute_types): a shape error wins over a cast error
    if values.shape != x.shape:
        try:
            values = np.broadcast_to(values, x.shape)
        except ValueError:
            raise _output_shape_error(x, values) from None
    if values.dtype != x.dtype:
        if not np.can_cast(values.dtype, x.dtype, "same_kind") and not (
                values.dtype.kind in "biu" and x.dtype.kind in "iuf") and not (
                values.dtype.kind == "b"):
            raise RuntimeError(f"result type {_D._FROM_NP[values.dtype]._cname} can't be cast to the "
                               f"desired output type {_D._FROM_NP[x.dtype]._cname}")
    return values


cdef object _output_shape_error(object x, object values):
    """TensorIterator's error for an input that does not broadcast to the
    (not resized) output."""
    if _broadcastable(values.shape, x.shape):
        return RuntimeError(f"output with shape [{', '.join([str(s) for s in x.shape])}] doesn't match the "
                            f"broadcast shape [{', '.join([str(s) for s in np.broadcast_shapes(values.shape, x.shape)])}]")
    return broadcast_error(x, values)


cdef bint _broadcastable_to(a, b):
    try:
        return np.broadcast_shapes(a, b) == tuple(b)
    except ValueError:
        return False


cdef bint _broadcastable(a, b):
    try:
        np.broadcast_shapes(a, b)
        return True
    except ValueError:
        return False


cdef object _inplace_arith(object self, object other, int op, object alpha):
    """add_/sub_/mul_/div_ (and += -= *= /=). See NOTE [ In-place op protocol ]."""
    cdef Tensor t, to = None
    cdef BinaryNode fn = None
    cdef bint rg
    if not isinstance(self, Tensor):
        raise TypeError("in-place op on a non-Tensor")
    t = self
    if isinstance(other, Tensor):
        to = other
    elif not isinstance(other, _scalars):
        return NotImplemented
    rg = is_grad_enabled_c() and (tensor_requires_grad(t) or (to is not None and tensor_requires_grad(to)))
    # checks first, as torch: autograd's check_inplace, the op's own argument
    # checks, then the kernel's overlap checks, before any shape or dtype error
    check_inplace(t, rg)
    if op == 1:
        _sub_check(t, other)
    if rg and to is not None and to.autograd_meta_ is not None and to.autograd_meta_.c.is_view:
        grad_fn_of(to)   # NOTE [ Edges before the kernel's checks ]
    cdef bint seq = _check_overlap(t, to)
    x = t.data_
    y = to.data_ if to is not None else other
    if type(y) is int and type(x) is _ndarray and x.dtype.kind in "iu":
        y = _wrap_int_scalar(y, x.dtype)
    hs = None
    if alpha is not None and alpha != 1:
        if type(x) is not _ndarray or (to is not None and type(y) is not _ndarray):
            return _inplace_arith_xp(t, to, other, op, alpha, rg, seq)   # scales by alpha itself
        if cnp.PyArray_TYPE(<cnp.ndarray>x) == cnp.NPY_FLOAT16 and (to is None or y.dtype == np.float16):
            hs = alpha    # the product in float32 (_half_alpha_op)
        else:
            y = y * alpha
    elif op >= 2 and type(x) is _ndarray and cnp.PyArray_TYPE(<cnp.ndarray>x) == cnp.NPY_FLOAT16:
        hs = _half_scalar_value(x, other)   # NOTE [ Half times a scalar ]
    if hs is None and not seq and k_into_ok(op, x, y) and not (op == 3 and x.dtype.kind != "f"):
        # fast path: nothing can fail once the checks pass, so the values
        # are computed straight into self's storage
        if rg:
            fn = _binary_node(op, t, to, other, alpha, True)
        k_binary_into(op, x, y)
        bump_version(t)
        if rg:
            rebase_history(t, fn)
        return t
    if type(x) is not _ndarray or (to is not None and type(to.data_) is not _ndarray):
        return _inplace_arith_xp(t, to, other, op, alpha, rg, seq)
    # 1. values, computed in the result dtype then checked against self's
    try:
        if hs is not None:
            vals = _half_scalar_op(op, x, hs) if op >= 2 else _half_alpha_op(op, x, y, hs)
        elif op == 3 and x.dtype.kind != "f":
            vals = x.astype(_D.get_default_dtype().np) / y
        else:
            vals = k_binary(op, x, y)
    except ValueError:
        raise broadcast_error(x, y if to is not None else np.asarray(y)) from None
    vals = as_array(vals)
    if vals.shape != x.shape and not _broadcastable_to(vals.shape, x.shape):
        raise _output_shape_error(x, vals)   # before the cast check, as _inplace_write
    rd = _D.result_type(t, other)
    if op == 3 and rd.np.kind != "f":
        rd = _D.get_default_dtype()   # true division: the default float dtype
    # torch's canCast: only a category change down (floating to integral,
    # anything to bool) is refused; float64 into float32 is a plain cast
    if rd.np != x.dtype and rd.category > _D._FROM_NP[x.dtype].category:
        raise RuntimeError(f"result type {rd._cname} can't be cast to the desired output type "
                           f"{_D._FROM_NP[x.dtype]._cname}")
    vals = _inplace_write(t, vals)
    # 3. node and saved old values
    if rg:
        fn = _binary_node(op, t, to, other, alpha, True)
    # 4. write and bump
    if seq and _sequential_arith(t, to, other, op, alpha):
        pass   # NOTE [ Sequential in-place writes ]
    elif hs is None and has_internal_overlap(t) == MEM_OVERLAP_TOO_HARD and _write_overlapping(x, y, op):
        pass   # NOTE [ In-place writes through overlapping views ]
    else:
        x[...] = vals
    bump_version(t)
    # 5. history
    if rg:
        rebase_history(t, fn)
    return t


# NOTE [ In-place writes through overlapping views ]
# A view whose elements share memory (unfold with step < size, as_strided
# with small strides) passes torch's internal-overlap check (it cannot prove
# the overlap: TOO_HARD). TensorIterator then reads and writes element by
# element, so an element that appears k times in the view is updated k times:
# x.unfold(0, 2, 1).add_(1) adds 2 to every inner element. numpy computes the
# whole result first and stores it once; so where the view really repeats an
# address, the write goes through ufunc.at on the storage, which applies the
# op once per occurrence, in order.
cdef bint _strides_separate(object x) except -1:
    """A sufficient test that x repeats no address, without listing them:
    with its dims of size > 1 ordered by |stride|, each stride passes the
    span of the dims before it (a zero stride fails)."""
    cdef list dims = sorted([(st if st >= 0 else -st, n) for st, n in zip(x.strides, x.shape) if n > 1])
    cdef Py_ssize_t span = 0, st, n
    for st, n in dims:
        if st <= span:
            return False
        span += st * (n - 1)
    return True


cdef bint _write_overlapping(object x, object y, int op) except -1:
    """x op= y elementwise, once per occurrence of each address; False (and
    nothing written) when x repeats no address."""
    cdef Py_ssize_t d, item = x.itemsize
    if x.size < 2 or op < 0 or op > 3:
        return False
    if _strides_separate(x):
        return False
    offs = np.zeros(x.shape, dtype=np.intp)
    for d in range(x.ndim):
        if x.strides[d] < 0 or x.strides[d] % item:
            return False
        sh = [1] * x.ndim
        sh[d] = x.shape[d]
        offs = offs + (np.arange(x.shape[d], dtype=np.intp) * (x.strides[d] // item)).reshape(sh)
    flat = offs.reshape(-1)
    if np.unique(flat).size == flat.size:
        return False
    span = np.lib.stride_tricks.as_strided(x, shape=(int(flat.max()) + 1,), strides=(item,))
    yb = np.broadcast_to(np.asarray(y), x.shape).reshape(-1)
    (np.add, np.subtract, np.multiply, np.true_divide)[op].at(span, flat, yb)
    return True


cdef inline int _check_overlap(Tensor t, Tensor other) except -1:
    """The kernel's checks (TensorIterator's compute_mem_overlaps): self
    written once per element, and no input partially sharing its memory.
    See NOTE [ Memory overlap ] in memory_overlap.pyx. 1 where the write may
    have to replay torch's loop (NOTE [ Sequential in-place writes ]): self
    not contiguous and maybe repeating addresses, or other another view of
    self's storage."""
    assert_no_internal_overlap(t)
    if other is not None:
        assert_no_partial_overlap(t, other)
        if other.storage_ is t.storage_ and other is not t:
            return 1
    if type(t.data_) is _ndarray and not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>t.data_):
        return has_internal_overlap(t) == MEM_OVERLAP_TOO_HARD
    return 0


def _arith_fn(int op, alpha):
    if alpha is None or alpha == 1:
        return lambda a, b: k_binary(op, a, b)
    return lambda a, b: k_binary(op, a, b * alpha)


cdef bint _sequential_arith(Tensor t, Tensor to, object other, int op, object alpha) except -1:
    """add_/sub_/mul_/div_'s write as torch's loop makes it (NOTE [ Sequential
    in-place writes ]); False where numpy's snapshot write is torch's too."""
    x = t.data_
    if type(x) is not _ndarray:
        return False
    if to is None:
        y = other
    else:
        y = to.data_
        if type(y) is not _ndarray:
            return False
        if y.dtype != x.dtype or y.size == 1:
            # converted into a temporary, or read once as a CPU scalar
            y = y.copy()
    selfrep = has_internal_overlap(t) == MEM_OVERLAP_TOO_HARD
    aliased = type(y) is _ndarray and to is not None and y is to.data_ and _ti_loop.shares_memory(x, y)
    if not (selfrep or aliased):
        return False
    if _D.result_type(t, other).np != x.dtype:
        return False   # computed into a temporary output, copied back
    f = _arith_fn(op, alpha)
    if type(y) is not _ndarray:
        return _ti_loop.sequential_write(lambda a: f(a, y), x, [x], 1)   # a number
    return _ti_loop.sequential_write(f, x, [x, y], 1)


cdef object _inplace_arith_xp(Tensor t, Tensor to, object other, int op, object alpha, bint rg, bint seq):
    """_inplace_arith's protocol for device tensors, the values through the
    namespace (ops/_xp.py): checks, node, one write, one bump, history. Where
    the operand already has self's dtype and shape (or is a scalar), the op
    runs straight into self's memory: one namespace call, as torch's one
    kernel (NOTE [ Scalar operands on the device ] in _xp.py); a write that
    may have to replay torch's loop (seq) keeps the computed values."""
    cdef BinaryNode fn = None
    x = t.data_
    xo = None if to is None else to.data_
    rd = _D.result_type(t, other)
    if op == 3 and rd.np.kind != "f":
        rd = _D.get_default_dtype()   # true division: the default float dtype (an int self refuses it)
    y = None if seq else _xp.inplace_operand(x, other, xo, op, alpha, rd)
    if y is None:
        vals = _xp.arith(t, x, other, xo, op, alpha)
        self_dt = t.dtype
        if rd is not self_dt and rd.category > self_dt.category:
            raise RuntimeError(f"result type {rd._cname} can't be cast to the desired output type "
                               f"{self_dt._cname}")
        vals = _xp.fit(vals, x)
    if rg:
        fn = _binary_node(op, t, to, other, alpha, True)
    if y is None:
        x[...] = vals
    else:
        _xp.apply_inplace(x, y, op)
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


cdef Tensor _original_self(Tensor t):
    """The value of self before an in-place op, saved for the formula: a
    clone with history (CloneBackward0), as torch's self.clone(), so that a
    double backward reaches self's earlier history through it."""
    return ops_ns().clone(t)


cdef dict _INT_BOUNDS = {}


cdef object _wrap_int_scalar(object v, object dt):
    """A Python int operand of an in-place op on an integral tensor: torch
    converts it to self's type as C does (wrapping: uint8.add_(300) adds
    44), where numpy refuses an out-of-range Python int."""
    b = _INT_BOUNDS.get(dt)
    if b is None:
        info = np.iinfo(dt)
        b = _INT_BOUNDS[dt] = (int(info.min), int(info.max))
    if b[0] <= v <= b[1]:
        return v
    if not -2 ** 63 <= v < 2 ** 63:
        raise OverflowError("int too big to convert")
    return np.array(v, dtype=np.int64).astype(dt)[()]


cdef object iadd_impl(object a, object b):
    return _inplace_arith(a, b, 0, None)


cdef object isub_impl(object a, object b):
    return _inplace_arith(a, b, 1, None)


cdef object imul_impl(object a, object b):
    return _inplace_arith(a, b, 2, None)


cdef object idiv_impl(object a, object b):
    return _inplace_arith(a, b, 3, None)


cdef _check_method(r, b, str name):
    if r is NotImplemented:
        raise TypeError(f"{name}(): argument 'other' (position 1) must be Tensor, not {type_name(b)}")
    return r


# NOTE [ The deprecated alpha-first overloads ]
# torch's parser still binds x.add_(alpha, other) and x.sub_(alpha, other) --
# the deprecated overloads add_(Scalar alpha, Tensor other) -- with a warning
# (a number binds `other` there too: numbers as tensors); any other second
# positional argument is its TypeError. The extra positional arguments arrive
# in `alpha_first`, empty on the common path.
cdef object _alpha_first(object self, str name, object alpha, tuple rest, object kw_alpha, int op):
    # (x.add_() too: `other` omitted, the parser's error)
    parser_check("Tensor." + name, () if alpha is _NO_OTHER else (alpha,) + rest,
                 None if kw_alpha == 1 else {"alpha": kw_alpha})
    if alpha is _NO_OTHER:
        raise TypeError(f"{name}() missing 1 required positional arguments: \"other\"")
    other = rest[0]
    return _check_method(_inplace_arith(self, other, op, alpha if alpha != 1 else None), other, name)


cdef object _NO_OTHER = object()


def add_(self, other=_NO_OTHER, *alpha_first, alpha=1):
    if alpha_first or other is _NO_OTHER:
        return _alpha_first(self, "add_", other, alpha_first, alpha, 0)
    return _check_method(_inplace_arith(self, other, 0, alpha if alpha != 1 else None), other, "add_")


def sub_(self, other=_NO_OTHER, *alpha_first, alpha=1):
    if alpha_first or other is _NO_OTHER:
        return _alpha_first(self, "sub_", other, alpha_first, alpha, 1)
    return _check_method(_inplace_arith(self, other, 1, alpha if alpha != 1 else None), other, "sub_")


def mul_(self, other):
    return _check_method(_inplace_arith(self, other, 2, None), other, "mul_")


def div_(self, other, *, rounding_mode=None):
    if rounding_mode is not None:
        # the rounded quotient (DivBackward2/3) written into self by the in-place protocol
        return _inplace_via(self, div, other, rounding_mode=rounding_mode)
    return _check_method(_inplace_arith(self, other, 3, None), other, "div_")


@cython.final
cdef class ZeroBackward0(Node):
    cdef list apply(self, list grads):
        return [_zeros_like(grads[0])]


@cython.final
cdef class FillBackward2(Node):
    cdef list apply(self, list grads):
        return [_zeros_like(grads[0])]


@cython.final
cdef class FillBackward3(Node):
    cdef list apply(self, list grads):
        g = grads[0]
        return [_zeros_like(g), g.sum() if type(g) is _ndarray or isinstance(g, Tensor) else _xp.sum(g, None, False, None)]


def _fill(Tensor t not None, value, type node_cls not None):
    cdef Node fn
    cdef Tensor tv = None
    if isinstance(value, Tensor):
        tv = value
        if tv.data_.ndim != 0:
            raise RuntimeError(f"fill_ only supports 0-dimension value tensor but got tensor with {tv.data_.ndim} dimensions.")
        vals = tv.data_
    elif isinstance(value, _scalars):
        vals = value
    else:
        raise TypeError(f"fill_(): argument 'value' (position 1) must be Number, not {type(value).__name__}")
    rg = is_grad_enabled_c() and (tensor_requires_grad(t) or (tv is not None and tensor_requires_grad(tv)))
    check_inplace(t, rg)
    cdef int dc
    if tv is None and type(t.data_) is _ndarray and not (type(vals) is int and vals == 0):
        # the kernel's Scalar::to<T> (checked_scalar); a float into float64,
        # or a finite one in range into float32, needs no look
        dc = cnp.PyArray_TYPE(<cnp.ndarray>t.data_)
        if not ((type(vals) is float and (dc == cnp.NPY_DOUBLE or (
                    dc == cnp.NPY_FLOAT and -3.4028234663852886e+38 <= <double>vals <= 3.4028234663852886e+38)))
                or (type(vals) is int and (dc == cnp.NPY_DOUBLE or dc == cnp.NPY_FLOAT or dc == cnp.NPY_INT64)
                    and -9223372036854775807 <= vals <= 9223372036854775807)):
            vals = checked_scalar(t.data_.dtype, vals)
    if tv is not None and type(vals) is not type(t.data_):
        # a 0-d value on another device is read as a number (torch's fill_
        # takes a CPU scalar tensor for a device self): NOTE [ Device backends ]
        vals = _xp.to_host_scalar(vals)
    if tv is not None:
        # fill_(Tensor) is a copy_ of the value (cloned first when it shares
        # self's storage): self is checked for internal overlap; fill_ of a
        # number is idempotent and not checked (NOTE [ Memory overlap ])
        assert_no_internal_overlap(t)
    if rg:
        if tv is not None:
            fn = <FillBackward3>new_node(FillBackward3)
            fn.next_edges_ = next_edges2(t, tv)
        else:
            fn = new_node(node_cls)
            fn.next_edges_ = next_edges1(t)
    if tv is not None and type(vals) is _ndarray and t.data_.dtype.kind in "iu" and vals.dtype.kind in "fc":
        _write_float_to_int(t.data_, vals)   # fill_(Tensor) is copy_
    elif tv is not None and type(vals) is _ndarray and vals.dtype != t.data_.dtype:
        _write_cast_quiet(t.data_, vals)
    else:
        t.data_[...] = vals
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


cdef bint _sequential_copy(Tensor t, Tensor ts, object vals) except -1:
    """copy_'s write as torch's loop makes it where src shares memory with
    self or self repeats addresses (NOTE [ Sequential in-place writes ]);
    False where numpy's write is torch's too."""
    x = t.data_
    if not ((ts.storage_ is t.storage_ and _ti_loop.shares_memory(x, ts.data_))
            or has_internal_overlap(t) == MEM_OVERLAP_TOO_HARD):
        return False
    if x.dtype.kind in "iu" and vals.dtype.kind in "fc":
        f = _trunc_fn
    else:
        f = _identity_fn
    tok = fp_quiet_begin()
    try:
        return _ti_loop.sequential_write(f, x, [vals], 1)
    finally:
        fp_quiet_end(tok)


def _identity_fn(a):
    return a


def _trunc_fn(a):
    return np.trunc(a.real if a.dtype.kind == "c" else a)


cdef int _write_float_to_int(object x, object vals) except -1:
    """copy_'s conversion of floating values into an integral tensor: C's
    truncating cast, quietly (torch's static_cast on x86: NaN, infinities and
    values out of range become the minimum of int32/int64, and 0 for the
    narrower types, which convert through int32 -- numpy's unsafe cast does
    the same). numpy's `x[...] = v` of a 0-d v would convert it as a Python
    number instead and raise on NaN or infinity."""
    tok = fp_quiet_begin()
    try:
        if vals.dtype.kind == "c":
            vals = vals.real
        np.copyto(x, np.trunc(vals), casting="unsafe")
    finally:
        fp_quiet_end(tok)
    return 0


cdef int _write_cast_quiet(object x, object vals) except -1:
    """x[...] = vals across dtypes without numpy's cast warnings (float32 ->
    float16 overflowing to inf): torch's copy_ casts quietly."""
    tok = fp_quiet_begin()
    try:
        x[...] = vals
    finally:
        fp_quiet_end(tok)
    return 0


def zero_(self):
    return _fill(tensor_arg(self, "zero_", "input", 1), 0, ZeroBackward0)


def fill_(self, value):
    return _fill(tensor_arg(self, "fill_", "input", 1), value, FillBackward2)


@cython.final
cdef class CopyBackwards(Node):
    cdef object src_dtype
    cdef object src_device     # None: src and self share a device (numpy)

    cpdef str name(self):
        # torch's C++ name (torch::autograd::CopyBackwards), our namespace
        return "cyautograd::autograd::CopyBackwards"

    cdef list apply(self, list grads):
        g = grads[0]
        if g is None:
            return [None, None]
        r1 = None
        if self.should_compute_output(1):
            if isinstance(g, Tensor):
                r1 = g.to(self.src_device, _D._FROM_NP[self.src_dtype]) if self.src_device is not None else \
                    g.to(_D._FROM_NP[self.src_dtype])
            elif self.src_device is not None or type(g) is not _ndarray:   # NOTE [ Device backends ]
                r1 = _xp.to_device_dtype(g, self.src_device, self.src_dtype)
            else:
                # torch's grad.to(src_options): the gradient itself when the
                # dtype is src's (a view stays that view), else a fresh cast
                r1 = g.astype(self.src_dtype, copy=False)
        # torch's zeros_like(grad): zeros (not grad * 0, NaN where grad is
        # inf or NaN), outside the graph under create_graph
        if isinstance(g, Tensor):
            r0 = (<Tensor>g).detach().new_zeros(g.shape)
        elif type(g) is _ndarray:
            r0 = np.zeros(g.shape, g.dtype)
        else:
            r0 = g * 0   # a device array: NOTE [ Device backends ]
        return [r0, r1]


def copy_(self, src, non_blocking=False):
    cdef Tensor t = tensor_arg(self, "copy_", "input", 1), ts
    cdef CopyBackwards fn
    if isinstance(src, _scalars):  # torch copies a number in as a 0-d tensor
        src = wrap_array(np.asarray(src))
    if not isinstance(src, Tensor):
        raise TypeError(f"copy_(): argument 'other' (position 1) must be Tensor, not {type_name(src)}")
    if non_blocking is not False and non_blocking is not True:   # the parser's bool, before any check
        parser_check("Tensor.copy_", (src, non_blocking))
    ts = src
    x = t.data_
    vals = ts.data_
    cdef bint dev = type(vals) is not _ndarray or type(x) is not _ndarray   # NOTE [ Device backends ]
    if dev:
        return _copy_xp(t, ts)
    # recorded only into a differentiable self (VariableType's copy_:
    # isDifferentiableType(self)): an int tensor never starts requiring grad
    rg = (is_grad_enabled_c() and (tensor_requires_grad(t) or tensor_requires_grad(ts))
          and x.dtype.kind == "f")
    check_inplace(t, rg)
    # copy_impl: the same tensor, or a view of the very same elements, has
    # nothing to copy (and is not checked for overlap); the version is
    # bumped all the same
    same = t is ts or _same_data(x, vals, t.storage_ is ts.storage_)
    if rg and ts.autograd_meta_ is not None and ts.autograd_meta_.c.is_view:
        # NOTE [ Edges before the kernel's checks ]
        # VariableType collects the next edges (src's grad_fn, regenerated
        # for a view -- raising for a multi-output view modified in place)
        # before the kernel checks memory overlap, so that error wins.
        grad_fn_of(ts)
    if not same:
        assert_no_internal_overlap(t)
        assert_no_partial_overlap(t, ts)
        if vals.shape != x.shape:
            try:
                vals = np.broadcast_to(vals, x.shape) if type(vals) is _ndarray else vals
            except ValueError:
                raise _output_shape_error(x, vals) from None
    if rg:
        fn = <CopyBackwards>new_node(CopyBackwards)
        fn.src_dtype = ts.data_.dtype
        fn.next_edges_ = next_edges2(t, ts)
    if not same:
        if ((ts.storage_ is t.storage_ or not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>x))
                and _sequential_copy(t, ts, vals)):
            pass   # NOTE [ Sequential in-place writes ]
        elif x.dtype.kind in "iu" and vals.dtype.kind in "fc":
            _write_float_to_int(x, vals)
        elif cnp.PyArray_DESCR(<cnp.ndarray>x) is not cnp.PyArray_DESCR(<cnp.ndarray>vals) and x.dtype != vals.dtype:
            _write_cast_quiet(x, vals)
        else:
            x[...] = vals
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


cdef object _copy_xp(Tensor t, Tensor ts):
    """copy_ with a device operand: the values moved to self's device (a
    cross-device copy as torch's), cast and broadcast there; the node's
    gradient for src goes back to src's device and dtype."""
    cdef CopyBackwards fn
    x = t.data_
    rg = (is_grad_enabled_c() and (tensor_requires_grad(t) or tensor_requires_grad(ts))
          and _npdt(x).kind == "f")
    check_inplace(t, rg)
    same = t is ts
    if not same:
        assert_no_internal_overlap(t)
        assert_no_partial_overlap(t, ts)
        vals = _xp.copy_values(x, ts.data_)
    if rg:
        fn = <CopyBackwards>new_node(CopyBackwards)
        fn.src_dtype = _npdt(ts.data_)
        fn.src_device = _xp.device_of(ts.data_)
        fn.next_edges_ = next_edges2(t, ts)
    if not same:
        x[...] = vals
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


cdef bint _same_data(object x, object y, bint same_storage):
    """copy_impl's is_same_data: one storage, one first element, the same
    sizes, strides and dtype."""
    if not same_storage or type(x) is not _ndarray or type(y) is not _ndarray:
        return False
    return (cnp.PyArray_DATA(<cnp.ndarray>x) == cnp.PyArray_DATA(<cnp.ndarray>y)
            and x.shape == y.shape and x.strides == y.strides and x.dtype == y.dtype)


# =============================================================================
# Dispatch table: Tensor's operators call these without a Python call.
# =============================================================================
cdef TensorDispatch* _d = tensor_dispatch()
_d.add = add_impl
_d.sub = sub_impl
_d.rsub = rsub_impl
_d.mul = mul_impl
_d.truediv = div_impl
_d.rtruediv = rdiv_impl
_d.pow = pow_impl
_d.rpow = rpow_impl
_d.iadd = iadd_impl
_d.isub = isub_impl
_d.imul = imul_impl
_d.itruediv = idiv_impl
_d.eq = eq_impl
_d.ne = ne_impl
_d.lt = lt_impl
_d.le = le_impl
_d.gt = gt_impl
_d.ge = ge_impl
_d.neg = neg_impl

_TENSOR_UNARY.update({K_NEG: neg, K_EXP: exp, K_LOG: log, K_SIN: sin, K_COS: cos, K_TANH: tanh,
                      K_SQRT: sqrt, K_ABS: abs})


cdef class MaskedFillBackward0(BinaryNode):
    # masked_fill.Scalar: one next edge (self); sv0: mask.
    # self: grad.masked_fill(mask, 0)
    cdef list apply(self, list grads):
        g = grads[0]
        mask = self.v0(g)
        if isinstance(g, Tensor):   # create_graph: torch's MaskedFillBackward0
            return [masked_fill(g, mask, 0)]
        xp = xp_of(g)
        return [xp.where(mask, 0.0 * g, g)]


@cython.final
cdef class MaskedFillBackward1(MaskedFillBackward0):
    """masked_fill with a Tensor value (torch's masked_fill.Tensor): next
    edges (self, value); value: the sum of grad where mask."""
    cdef list apply(self, list grads):
        g = grads[0]
        xp = xp_of(g)
        mask = self.v0(g)
        z = 0.0 * g
        r1 = None
        if self.should_compute_output(1):
            r1 = xp.where(mask, g, z)
            r1 = r1.sum() if type(g) is _ndarray or isinstance(g, Tensor) else xp.sum(r1)
        return [xp.where(mask, z, g), r1]


def masked_fill(input, mask, value):
    cdef Tensor t, tm, tv = None
    cdef MaskedFillBackward0 fn
    if not isinstance(input, Tensor):
        raise TypeError(f"masked_fill(): argument 'input' (position 1) must be Tensor, not {type_name(input)}")
    if not isinstance(mask, Tensor):
        raise TypeError(f"masked_fill(): argument 'mask' (position 2) must be Tensor, not {type_name(mask)}")
    t = input
    tm = mask
    if _npdt(tm.data_).kind != "b":
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{_D._FROM_NP[_npdt(tm.data_)].name}")
    if isinstance(value, Tensor):
        tv = value
        if tv.data_.ndim != 0:
            raise RuntimeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor "
                               f"with {tv.data_.ndim} dimension(s).")
        v = tv.data_
    elif isinstance(value, _scalars):
        v = value
    else:
        raise TypeError(f"masked_fill() received an invalid combination of arguments - got "
                        f"(Tensor, {type(value).__name__})")
    if type(t.data_) is not _ndarray or type(tm.data_) is not _ndarray or (
            tv is not None and type(v) is not _ndarray):   # NOTE [ Device backends ]
        out = wrap_array(_xp.masked_fill(t.data_, tm.data_, v))
    else:
        try:
            r = np.where(tm.data_, np.asarray(v).astype(t.data_.dtype), t.data_)
        except ValueError:
            edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
            raise broadcast_error(t.data_, tm.data_) from None
        # torch's masked_fill clones self (expanded to the mask's shape) with
        # MemoryFormat::Contiguous, then fills in place: a contiguous result,
        # whatever self's layout (not TensorIterator's), which is what
        # k_reduce_layout makes of np.where's (NOTE [ Reduction output layout ])
        out = wrap_array(k_reduce_layout(as_array(r), None))
    if is_grad_enabled_c() and (tensor_requires_grad(t) or (tv is not None and tensor_requires_grad(tv))):
        fn = <MaskedFillBackward0>new_node(MaskedFillBackward0 if tv is None else MaskedFillBackward1)
        fn.next_edges_ = next_edges1(t) if tv is None else next_edges2(t, tv)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(tm, False)
    return out


# =============================================================================
# In-place variants of out-of-place ops (exp_, relu_, clamp_, ...): the same
# node as the out-of-place op, built on an alias of self that has self's
# gradient edge and a copy of self's old values, so a formula that saves
# self sees the old values and the version check never fires on it.
# See NOTE [ In-place op protocol ].
# =============================================================================

def _inplace_via(self, op, *args, **kwargs):
    return _inplace_via_c(self, op, args, kwargs, False)


cdef object _inplace_via_c(object self, object op, tuple args, dict kwargs, bint masked_fill):
    cdef Tensor t, src, r
    if not isinstance(self, Tensor):
        raise TypeError(f"in-place op expected a Tensor, got {type(self).__name__}")
    t = self
    rg = is_grad_enabled_c() and tensor_requires_grad(t)
    for a in args:
        if isinstance(a, Tensor) and is_grad_enabled_c() and tensor_requires_grad(<Tensor>a):
            rg = True
    try:
        check_inplace(t, rg)
    except RuntimeError:
        # NOTE [ Parse before the in-place checks ]: torch's parser binds the
        # arguments before VariableType's check_inplace, so x.clamp_("abc") on a
        # leaf is the parser's TypeError, not the leaf's RuntimeError
        parser_check("Tensor." + getattr(op, "__name__", "") + "_", args, kwargs or None)
        raise
    # the kernel's overlap checks (NOTE [ Memory overlap ]): every tensor
    # operand is a TensorIterator input; masked_fill_ only warns on an
    # expanded self and takes its value tensor as a number
    if masked_fill:
        if has_internal_overlap(t) == MEM_OVERLAP_YES:
            warn_user("Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor "
                          "before performing this operation. This also applies to advanced indexing e.g. "
                          "tensor[mask] = scalar")
        if isinstance(args[0], Tensor):
            assert_no_partial_overlap(t, <Tensor>args[0])
    else:
        try:
            assert_no_internal_overlap(t)
            for a in args:
                if isinstance(a, Tensor):
                    assert_no_partial_overlap(t, <Tensor>a)
            for a in kwargs.values():
                if isinstance(a, Tensor):
                    assert_no_partial_overlap(t, <Tensor>a)
        except RuntimeError:
            _meta_checks_first(t, op, args, kwargs)
            raise
    cdef bint integral = False, old_ok
    if rg:
        src = wrap_array(t.data_.copy() if type(t.data_) is _ndarray else _xp.copy(t.data_))
        f = edge_function(t)
        if f is not None:
            m = materialize_autograd_meta(src)
            if type(f) is AccumulateGrad:
                # a leaf reaching here is not recorded (check_inplace would have
                # raised), but keep the edge as torch's gradient_edge does
                m.c.requires_grad = 1
            else:
                m.grad_fn_ = f
                m.c.output_nr = t.autograd_meta_.c.output_nr
        # only self's own history makes torch's clone of self refuse; an
        # integral self without it meets the kernel's cast check as before
        integral = f is not None and _npdt(t.data_).kind not in "fc"
    if integral:
        # NOTE [ Integral tensors with history ] (variable.pyx): refused
        # before the kernel where the formula saves self, else recorded
        if _inplace_saves_self(t, op, args):
            differentiable_type_check(t.data_)
        old_ok = allow_integral_history(True)
        try:
            r = op(src, *args, **kwargs)
        finally:
            allow_integral_history(old_ok)
    elif rg:
        r = op(src, *args, **kwargs)
    else:
        with _no_grad_ctx():
            r = op(t.detach(), *args, **kwargs)
    vals = r.data_
    vd = _npdt(vals)
    td = _npdt(t.data_)
    if vd != td and _D._FROM_NP[vd].category > _D._FROM_NP[td].category:
        raise RuntimeError(f"result type {_D._FROM_NP[vd]._cname} can't be cast to the desired "
                           f"output type {_D._FROM_NP[td]._cname}")
    if vd != td and type(vals) is not _ndarray:
        vals = _xp.cast(vals, td)
    if vals.shape != t.data_.shape:
        # the result broadcast beyond self: torch's TensorIterator refuses
        # to resize an in-place output (nothing is written)
        raise RuntimeError(f"output with shape {list(t.data_.shape)} doesn't match the broadcast shape "
                           f"{list(vals.shape)}")
    if masked_fill or type(t.data_) is not _ndarray or not _sequential_via(t, op, args, kwargs):
        t.data_[...] = vals
    bump_version(t)
    if rg and r.autograd_meta_ is not None and r.autograd_meta_.grad_fn_ is not None:
        fn = r.autograd_meta_.grad_fn_
        if type(fn) is basic_ops.NotImplemented and not (<basic_ops.NotImplemented>fn).op_name.endswith("_"):
            # torch's error node names the in-place op ("aten::floor_divide_")
            (<basic_ops.NotImplemented>fn).op_name = (<basic_ops.NotImplemented>fn).op_name + "_"
        elif type(fn).__name__ == "NotImplemented" and isinstance(getattr(fn, "opname", None), str) and \
                not fn.opname.endswith("_"):
            fn.opname = fn.opname + "_"   # the same for extra's Function-made nodes (NOTE [ Ops without a derivative record NotImplemented ])
        if isinstance(fn, BinaryNode):
            # a formula that saved its result saved self after the op, as torch
            _retarget_saved_output((<BinaryNode>fn).sv0, r, t)
            _retarget_saved_output((<BinaryNode>fn).sv1, r, t)
        rebase_history(t, fn)
        if isinstance(fn, BinaryNode) and t.autograd_meta_.c.is_view:
            # see NOTE [ Saved outputs without cycles ] (is_inplace_on_view)
            view_fn = grad_fn_of(t)
            for sv in ((<BinaryNode>fn).sv0, (<BinaryNode>fn).sv1):
                if sv is not None and (<SavedVariable>sv).data_ is t.data_ and view_fn is not None:
                    (<SavedVariable>sv).set_inplace_on_view(view_fn)
    return t


# in-place ops whose derivative formula saves self (derivatives.yaml): the
# autograd kernel clones self before the kernel runs (NOTE [ Integral tensors
# with history ] in variable.pyx); the binary ones save self only for the
# other operand's gradient
cdef frozenset _SAVES_SELF = frozenset([
    "clamp", "clamp_min", "clamp_max", "clip", "abs", "sin", "cos", "log", "log2", "log10", "log1p", "sinh",
    "cosh", "asin", "acos", "atan", "asinh", "acosh", "erf", "erfc", "square", "nan_to_num", "sgn", "atan2",
    "hypot", "xlogy", "pow"])
cdef frozenset _SAVES_SELF_FOR_OTHER = frozenset(["mul", "div", "lerp"])


cdef bint _inplace_saves_self(Tensor t, object op, tuple args) except -1:
    name = getattr(op, "__name__", "")
    if name in _SAVES_SELF:
        return True
    if name in _SAVES_SELF_FOR_OTHER:
        for a in (args[-1:] if name == "lerp" else args[:1]):
            if isinstance(a, Tensor) and tensor_requires_grad(<Tensor>a):
                return True
    return False


cdef bint _sequential_via(Tensor t, object op, tuple args, dict kwargs) except -1:
    """An in-place op's write as torch's loop makes it (NOTE [ Sequential
    in-place writes ]) where self repeats addresses or a tensor argument
    shares memory with it; False (nothing written) where numpy's snapshot
    write is torch's too. The op runs on the elements of each block."""
    cdef Tensor a
    x = t.data_
    aliased = False
    for v in args:
        if isinstance(v, Tensor) and (<Tensor>v).storage_ is t.storage_ and v is not t:
            aliased = True
    for v in kwargs.values():
        if isinstance(v, Tensor) and (<Tensor>v).storage_ is t.storage_:
            return False
    if not aliased and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>x):
        return False
    if not aliased and has_internal_overlap(t) != MEM_OVERLAP_TOO_HARD:
        return False
    pos = []
    ins = [x]
    for k, v in enumerate(args):
        if isinstance(v, Tensor):
            a = <Tensor>v
            if type(a.data_) is not _ndarray:
                return False
            pos.append(k)
            # an operand of another dtype is converted into a temporary first
            ins.append(a.data_ if a.data_.dtype == x.dtype else a.data_.copy())

    def f(*arrs):
        call = list(args)
        for j, k in enumerate(pos):
            call[k] = wrap_array(arrs[j + 1])
        with _no_grad_ctx():
            return (<Tensor>op(wrap_array(arrs[0]), *call, **kwargs)).data_

    tok = fp_quiet_begin()
    try:
        # integral pow is a plain cpu_kernel (no vectorized loop)
        return _ti_loop.sequential_write(f, x, ins, 0 if op is pow and x.dtype.kind in "iub" else 2)
    finally:
        fp_quiet_end(tok)


cdef int _meta_checks_first(Tensor t, object op, tuple args, dict kwargs) except -1:
    """NOTE [ Argument checks before the overlap check ]: a structured
    kernel's meta function checks its arguments (neg of bool, an integer
    base to a negative scalar power, relu of bool, clamp's result type)
    before TensorIterator checks memory overlap; the checks that follow the
    overlap one (shapes, the output cast of other ops) stay after it. For the
    ops whose meta checks those are, the op runs on one element of self
    (no broadcasting can fail on it, no value is written) to raise them."""
    if not (op is neg or op is relu or op is clamp or (op is pow and not isinstance(args[0], Tensor))):
        return 0
    with _no_grad_ctx():
        d = t.detach()
        one = d.reshape(-1) if d.numel() == 0 else d[(0,) * d.dim()]
        r = op(one, *args, **kwargs)
    vd = _npdt((<Tensor>r).data_)
    td = _npdt(t.data_)
    if vd != td and _D._FROM_NP[vd].category > _D._FROM_NP[td].category:
        # clamp's scalar kernel names the output type as C does (see clamp_)
        raise RuntimeError(f"result type {_D._FROM_NP[vd]._cname} can't be cast to the desired output type "
                           f"{_C_TYPE_NAMES.get(td.name, td.name) if op is clamp else _D._FROM_NP[td]._cname}")
    return 0


cdef void _retarget_saved_output(SavedVariable sv, Tensor r, Tensor t):
    cdef VersionCounter vc
    if sv is None or not sv.is_output_ or sv.data_ is not r.data_:
        return
    vc = version_counter_of(t)
    sv.data_ = t.data_
    sv.vc_ = vc
    sv.saved_version_ = vc.c.version


def _no_grad_ctx():
    from cyautograd.grad_mode import no_grad
    return no_grad()


def pow_(self, exponent):
    return _inplace_via(self, pow, exponent)


def neg_(self):
    return _inplace_via(self, neg)


def exp_(self):
    return _inplace_via(self, exp)


def log_(self):
    return _inplace_via(self, log)


def sqrt_(self):
    return _inplace_via(self, sqrt)


def abs_(self):
    return _inplace_via(self, abs)


cdef dict _C_TYPE_NAMES = {"int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
                           "uint8": "unsigned char", "bool": "bool"}


def clamp_(self, min=None, max=None):
    if (isinstance(self, Tensor) and _npdt((<Tensor>self).data_).kind != "f"
            and any(isinstance(v, (float, np.floating)) for v in (min, max))
            and not (is_grad_enabled_c() and tensor_requires_grad(<Tensor>self))):
        # clamp_'s scalar kernel names the output type as C does
        nm = _npdt((<Tensor>self).data_).name
        raise RuntimeError(f"result type {_D.get_default_dtype()._cname} can't be cast to the desired output "
                           f"type {_C_TYPE_NAMES.get(nm, nm)}")
    if max is None:   # passed as the caller did, so a parser replay names what was given
        return _inplace_via(self, clamp, min) if min is not None else _inplace_via(self, clamp)
    return _inplace_via(self, clamp, min, max)


clip_ = clamp_


def relu_(self):
    return _inplace_via(self, relu)


def sigmoid_(self):
    return _inplace_via(self, sigmoid)


def tanh_(self):
    return _inplace_via(self, tanh)


def masked_fill_(self, mask, value):
    return _inplace_via_c(self, masked_fill, (mask, value), {}, True)


# =============================================================================
# Bitwise ops: integral and bool tensors only, no autograd (torch's
# bitwise_and/or/xor and shifts; the `&`, `|`, `^`, `<<`, `>>` operators)
# =============================================================================

cdef object _bitwise(object a, object b, object ufunc, str kernel, str name):
    p = prep_binary(a, b, "")
    if p is None:
        raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not "
                        f"{type(b).__name__ if isinstance(a, Tensor) else type(a).__name__}")
    x = p[2]
    y = p[3]
    if _npdt(x).kind == "f" or (_npdt(x).kind == "b" and kernel in ("lshift", "rshift")):
        # torch's TensorIterator broadcasts the shapes before the kernel picks a dtype
        try:
            np.broadcast_shapes(np.shape(x), np.shape(y))
        except ValueError:
            raise broadcast_error(x, y) from None
        raise NotImplementedError(f"\"{kernel}_cpu\" not implemented for '{p[4]._cname}'")
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.bitwise(kernel, x, y))
    try:
        if kernel == "lshift" or kernel == "rshift":
            r = _shift(x, y, kernel == "lshift")
        else:
            r = ufunc(x, y)
    except ValueError:
        raise broadcast_error(x, y) from None
    return wrap_array(as_array(r))


cdef object _shift(object x, object y, bint left):
    # torch: a shift by the width of the type or more gives 0 (left) or the
    # sign fill (right); C's (and numpy's) shift is undefined there.
    bits = x.dtype.itemsize * 8
    big = (y >= bits) | (y < 0)
    ys = np.where(big, 0, y).astype(x.dtype, copy=False)
    if left:
        return np.where(big, np.zeros((), x.dtype), np.left_shift(x, ys))
    return np.where(big, np.right_shift(x, np.asarray(bits - 1, x.dtype)) if x.dtype.kind == "i"
                    else np.zeros((), x.dtype), np.right_shift(x, ys))


def bitwise_and(input, other):
    return _bitwise(input, other, np.bitwise_and, "bitwise_and", "bitwise_and")


def bitwise_or(input, other):
    return _bitwise(input, other, np.bitwise_or, "bitwise_or", "bitwise_or")


def bitwise_xor(input, other):
    return _bitwise(input, other, np.bitwise_xor, "bitwise_xor", "bitwise_xor")


def bitwise_left_shift(input, other):
    return _bitwise(input, other, None, "lshift", "bitwise_left_shift")


def bitwise_right_shift(input, other):
    return _bitwise(input, other, None, "rshift", "bitwise_right_shift")
