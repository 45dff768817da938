# cython: language_level=3
"""Reductions: sum, mean, prod, max/min, amax/amin, var/std, softmax,
log_softmax, logsumexp."""
from cyautograd._fast cimport cya_tp_new
from cyautograd.argcheck cimport parser_check, type_name
cimport cython
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.graph cimport new_node, Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.variable cimport next_edges1, next_edges2, gradient_edge, set_history, note_grad_version, bump_version
from cyautograd.saved_variable cimport SavedVariable, save_variable, fw_level_open
from cyautograd.ops.pointwise cimport BinaryNode
from cyautograd.kernels cimport (k_unary, k_mul, k_filled, k_reduce2d, k_broadcast_to, k_strided, k_sum_small, k_reduce_layout, k_ti_layout, K_EXP, K_LOG, K_ADD, K_MAX,
                                 fp_quiet_begin, fp_quiet_end)
from cyautograd.ops._common cimport as_array, xp_of, grad_needed, edges_first, wrap_dims, wrap_dim

cimport numpy as cnp
import numpy as np
import warnings

from cyautograd._warn import warn_invalid_dof
cnp.import_array()
from cyautograd import dtypes as _D
from cyautograd.ops import _xp   # NOTE [ Device backends ] in backend.py
cdef object _ndarray = np.ndarray
import builtins
_builtin_max = builtins.max


# NOTE [ Silent acceptance in the hot reductions ]
# The hot reductions (max, min, sum, ...) are not guarded by a replay of
# torch's parser (cyautograd/_arg_parser.py's HOT_METHODS), and Python binds
# their arguments loosely: any truthy keepdim keeps dims, a Tensor "dim" is
# the other operand whatever follows it. torch's parser rejects those calls,
# so these ops test, where they read the argument, for what torch's parser
# takes (a bool keepdim: two pointer compares on the success path) and
# replay the parser only when the test fails.
cdef object _check_keepdim(str name, object input, object dim, object keepdim):
    if isinstance(keepdim, np.bool_):
        return
    parser_check(name, (input, dim, keepdim))
    raise TypeError(f"{name}(): argument 'keepdim' (position 3) must be bool, not {type_name(keepdim)}")


# NOTE [ A dim list past int64 ]
# torch's parser unpacks an `int[1]? dim` list item by item: an item past
# int64 fails as a TypeError naming the argument and the item's position,
# while a plain int past int64 is THPUtils_unpackLong's ValueError (wrap_dim's
# own). The hot reductions bind their dims themselves (no parser replay), so
# sum, mean, amax and amin turn wrap_dim's ValueError for a list item into
# the parser's TypeError on their failure path (nothing on the success path).
cdef object _dim_list_overflow(str name, object dim):
    if isinstance(dim, (list, tuple)):
        for i, d in enumerate(dim):
            if isinstance(d, (int, np.integer)) and not isinstance(d, bool) and \
                    not -(1 << 63) <= int(d) < (1 << 63):
                raise TypeError(f"{name}(): argument 'dim' failed to unpack the object at pos {i + 1} with error "
                                f"\"Overflow when unpacking long long\"") from None


# NOTE [ An omitted dim is not a None dim ]
# torch's max/min/prod/squeeze take "no dim" only as an omitted argument:
# x.max(None) matches no signature of its parser, while ours, binding
# `dim=None`, answered the full reduction (a silent wrong answer). So their
# dim defaults to _NO_DIM, and a None that reaches them was given: torch's
# parser error. (sum, mean, amax take an `int[1]? dim`: None is theirs.)
from cyautograd.ops._common import NO_DIM as _NO_DIM


cdef object _none_dim(str name, object input, object keepdim, object rest=None):
    """x.<name>(None, ...): torch's parser error for the method (the
    function's guard rejects torch.<name>(x, None) before the call)."""
    kw = {} if keepdim is False else {"keepdim": keepdim}
    if rest:
        kw.update(rest)
    parser_check("Tensor." + name, (None,), kw)
    raise TypeError(f"{name}(): argument 'dim' (position 1) must be int, not NoneType")


def _np_alias(dim, keepdim, axis, keepdims):
    """numpy's names torch's argument parser also accepts: axis for dim,
    keepdims for keepdim."""
    if axis is not None:
        if dim is not None and dim != ():
            raise TypeError("argument 'dim' given by name ('axis') and position")
        dim = axis
    if keepdims is not None:
        keepdim = keepdims
    return dim, keepdim


cdef tuple _unsqueezed_shape(tuple shape, tuple dims):
    out = list(shape)
    for d in sorted(dims):
        out.insert(d, 1)
    return tuple(out)


cdef class ReduceNode(BinaryNode):
    cdef tuple self_shape      # input shape
    cdef tuple dims            # reduced dims (wrapped), or None for all
    cdef bint keepdim
    cdef object self_dtype
    cdef bint no_dim           # amax/amin called without dims (torch's dim=[])
    cdef bint dim_none         # sum/mean given dim=None: torch's saved dim is None, not ()

    def _cya_saved_scalars(self):
        """torch's saved dim/keepdim/sizes of a reduction, derived from
        what the node keeps (NOTE [ Saved values are derived when read ] in
        pointwise.pyx)."""
        cls = type(self).__name__
        sizes = self.self_shape
        dims = self.dims
        numel = 1
        for n in sizes:
            numel *= n
        dim1 = dims[0] if dims else 0
        dimt = None if self.dim_none else () if dims is None else dims
        if cls == "SumBackward0":
            return [("self_sym_sizes", sizes)]
        if cls in ("SumBackward1", "LogsumexpBackward0", "AmaxBackward0", "AminBackward0", "NansumBackward0"):
            out = [("dim", dimt), ("keepdim", self.keepdim)]
            return out + [("self_sym_sizes", sizes)] if cls == "SumBackward1" else out
        if cls == "MeanBackward0":
            return [("self_sym_numel", numel), ("self_sym_sizes", sizes)]
        if cls == "MeanBackward1":
            return [("dim", dimt), ("keepdim", self.keepdim), ("self_sym_numel", numel), ("self_sym_sizes", sizes)]
        if cls == "ProdBackward1":
            return [("dim", dim1), ("keepdim", self.keepdim)]
        if cls in ("MaxBackward0", "MinBackward0"):
            return [("dim", dim1), ("keepdim", self.keepdim), ("self_sym_sizes", sizes)]
        if cls in ("VarBackward0", "StdBackward0"):
            # torch's var()/std() without dim record the defaults (None)
            if dims is None and self.scalar == 1:
                return [("correction", None), ("dim", None), ("keepdim", self.keepdim)]
            return [("correction", self.scalar), ("dim", dims), ("keepdim", self.keepdim)]
        if cls in ("SoftmaxBackward0", "LogSoftmaxBackward0", "CumsumBackward0"):
            return [("dim", dim1)]
        if cls == "LinalgVectorNormBackward0":
            # torch keeps ord as given: the default 2 is an int
            o = self.scalar
            return [("dim", dims), ("keepdim", self.keepdim),
                    ("ord", int(o) if isinstance(o, float) and o.is_integer() else o)]
        return BinaryNode._cya_saved_scalars(self)

    cdef tuple rdims(self):
        """The reduced dims as axes of the input: none for a 0-d input
        (torch accepts dim 0 / -1 there; numpy has no axis to name)."""
        if self.dims is not None and not self.self_shape:
            return ()
        return self.dims

    cdef object restore(self, object g):
        """Unsqueeze the reduced dims of g (restore_reduced_dims) and expand."""
        cdef bint dev = type(g) is not np.ndarray and not isinstance(g, Tensor)
        if not self.self_shape:   # a 0-d input reduced over "dim 0": nothing to restore
            return g.reshape(()) if not dev else _xp.reshape(g, ())
        if not self.keepdim and self.dims:
            shape = list(self.self_shape)
            for d in self.rdims():
                shape[d] = 1
            g = g.reshape(tuple(shape)) if not dev else _xp.reshape(g, tuple(shape))
        elif not self.dims and not self.keepdim:
            # a full reduction (dims None, or torch's empty dim list)
            g = g.reshape((1,) * len(self.self_shape)) if not dev else _xp.reshape(g, (1,) * len(self.self_shape))
        return g

    cdef object restore_live(self, object g, object s):
        """restore(g) against the input as it is now (s): torch's reduction
        formulas (prod, norm, var/std, amax/amin, logsumexp backward) read
        the saved self's rank when they run, not the recorded shape.

        NOTE [ Reduction formulas read the live self ]
        A `.data` assignment may give the saved self another rank before
        backward. torch then unsqueezes the gradient by the new rank:
        nothing for a 0-d self, a kept dim or a full reduction (its 0-d
        gradient broadcasts against self), else each reduced dim, wrapped
        against the new rank (IndexError 'Dimension out of range' past it);
        the engine's shape check then names the result's shape. Restoring
        by the recorded shape gave a [1, ..., 1, n] gradient instead (or
        numpy's AxisError). The recorded dims are wrapped, so a negative
        dim is checked as its recorded non-negative value. amax/amin, norm
        and logsumexp restore by the gradient's rank instead: restore_out."""
        cdef Py_ssize_t nd = len(s.shape)
        if nd == len(self.self_shape):
            return self.restore(g)
        if nd == 0 or self.keepdim or not self.dims:
            return g
        for d in sorted(self.dims):
            wrap_dim(d, nd)
        return self.unsqueeze_t(g) if isinstance(g, Tensor) else g.reshape(
            _unsqueezed_shape(tuple(g.shape), self.dims))

    cdef object restore_out(self, object g, object s, bint zero_d_passes):
        """restore(g) as torch's amax/amin (restore_reduced_dims), norm and
        logsumexp formulas do when the saved self has another rank (NOTE
        [ Reduction formulas read the live self ]): the reduced dims are
        unsqueezed by the gradient's own rank, not self's; a full
        reduction's 0-d gradient stays 0-d; with zero_d_passes (norm,
        logsumexp) a 0-d self takes the gradient as it is."""
        cdef Py_ssize_t nd = len(s.shape)
        if nd == len(self.self_shape):
            return self.restore(g)
        if (zero_d_passes and nd == 0) or self.keepdim or not self.dims or self.no_dim:
            return g
        return self.restore(g)

    cdef object unsqueeze_t(self, object g):
        """torch's unsqueeze_multiple(grad, dim) of a Tensor gradient (the
        formulas on Tensors, create_graph): each reduced dim unsqueezed
        without keepdim; a full reduction's 0-d gradient, or a 0-d self's,
        as it is (it broadcasts). No ViewBackward0 under create_graph."""
        if not self.keepdim and self.self_shape and self.dims:
            for d in sorted(self.dims):
                g = g.unsqueeze(d)
        return g

    cdef object expand(self, object g):
        if (cnp.PyArray_CheckExact(g) and cnp.PyArray_NDIM(<cnp.ndarray>g) == 0
                and self.dims is None and not self.keepdim):
            # the common case (x.sum().backward()): a full reduction's 0-d
            # gradient, broadcast with zero strides as k_broadcast_to would,
            # without its per-dimension Python work
            return k_strided(g, self.self_shape, (0,) * len(self.self_shape), 0)
        if isinstance(g, Tensor):
            # torch's sum_backward: unsqueeze each reduced dim (in increasing
            # order), then expand; a full reduction's 0-d gradient expands
            # as it is (UnsqueezeBackward0/ExpandBackward0 under create_graph)
            if self.self_shape and not self.keepdim and self.dims:
                for d in sorted(self.rdims()):
                    g = g.unsqueeze(d)
            return g.expand(self.self_shape)
        if type(g) is not np.ndarray and not isinstance(g, np.generic):
            return _xp.expand_reduced(g, self.self_shape, self.dims, self.keepdim)
        if isinstance(g, np.generic):
            g = np.asarray(g)
        if self.dims is not None or self.keepdim:   # a full reduction's 0-d gradient broadcasts as is
            g = self.restore(g)
        return k_broadcast_to(g, self.self_shape)


@cython.final
cdef class SumBackward0(ReduceNode):
    cdef list apply(self, list grads):
        return [self.expand(grads[0])]


@cython.final
cdef class SumBackward1(ReduceNode):
    cdef list apply(self, list grads):
        return [self.expand(grads[0])]


@cython.final
cdef class MeanBackward0(ReduceNode):
    cdef list apply(self, list grads):
        n = int(np.prod(self.self_shape)) if self.self_shape else 1
        # expand, then divide: a fresh gradient as torch's mean_backward
        return [self.expand(grads[0]) / n]


@cython.final
cdef class MeanBackward1(ReduceNode):
    cdef list apply(self, list grads):
        n = 1
        # dims None: an empty dim list, which reduces everything
        for d in (self.rdims() if self.dims is not None else range(len(self.self_shape))):
            n *= self.self_shape[d]
        return [self.expand(grads[0]) / n]


cdef class ProdBackward0(ReduceNode):
    # sv0: self, sv1: result
    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        r = self.v1(g)   # unpacked (version-checked) as torch's apply does
        if type(g) is not np.ndarray and not isinstance(g, (Tensor, np.generic)):
            return [_xp.prod_backward(self.expand(g), s, self.dims)]   # NOTE [ Device backends ]
        return [_prod_backward(self, g, s, r)]


@cython.final
cdef class ProdBackward1(ProdBackward0):
    pass


cdef object _prod_backward(ReduceNode node, object g, object s, object r):
    """torch's prod_backward: a 0-d input passes the gradient through; no
    zero in the input: grad * (result / input) (so an overflowed or
    underflowed result shows, as in torch); zeros: the exclusive products
    (prod_safe_zeros_backward), except that a full reduction over two or
    more zeros outside grad mode is plain zeros (torch's shortcut, which
    differs from the products where an inf or NaN meets the zeros)."""
    cdef bint tensor = isinstance(g, Tensor)
    if not node.self_shape:
        # torch returns grad itself (no view of it: NOTE [ Gradients as torch
        # returns them ] in engine.pyx reads numpy's view-ness); AccumulateGrad
        # then copies the engine's root (NOTE [ The version of a leaf's first
        # gradient ])
        if tensor:
            return g if (<Tensor>g).data_.ndim == 0 else node.restore(g)
        g = np.asarray(g)
        return g if g.ndim == 0 else g.reshape(())
    if not tensor and len(s.shape) == 0:
        return g   # torch: a 0-d input passes grad through (NOTE [ Reduction formulas read the live self ])
    # torch's prod_backward: a Tensor grad and result unsqueezed at dim
    # (ReduceNode.unsqueeze_t), a full reduction's kept 0-d
    gk = node.unsqueeze_t(g) if tensor else node.restore_live(np.asarray(g), s)
    rk = node.unsqueeze_t(r) if tensor else node.restore_live(r, s)
    if tensor:
        nzero = int((s == 0).sum())
    else:
        nzero = int(np.count_nonzero(s == 0))
    if nzero == 0:
        if tensor:
            return gk * (rk / s)
        with np.errstate(all="ignore"):
            return (gk * (rk / s)).astype(s.dtype, copy=False)
    if node.dims is None:
        # a host array gradient: the engine runs without create_graph, so
        # outside grad mode
        if nzero > 1 and not (tensor and is_grad_enabled_c()):
            return s.new_zeros(tuple(s.shape)) if tensor else np.zeros(s.shape, s.dtype)
        if tensor:   # torch: on input.contiguous().view(-1), then view_as(input)
            return _prod_safe_zeros(gk, s.contiguous().view(-1), 0).view_as(s)
        flat = s.reshape(-1)
        return _prod_safe_zeros(gk.reshape(()), flat, 0).reshape(tuple(s.shape))
    return _prod_safe_zeros(gk, s, node.dims[0])


cdef object _prod_safe_zeros(object g, object x, int d):
    """torch's prod_safe_zeros_backward: g times the product of the other
    elements along d, from exclusive cumulative products from the left and
    from the right (exact where x has zeros)."""
    if isinstance(x, Tensor):
        if x.numel() == 0:
            return g.expand_as(x)
        n = x.shape[d]
        if n == 1:
            return g if g.dim() == x.dim() else g.expand_as(x)
        ones_size = list(x.shape)
        ones_size[d] = 1
        from cyautograd import ones as _ones, cat as _cat
        ones = _ones(tuple(ones_size), dtype=x.dtype)
        pre = _cat([ones, x.narrow(d, 0, n - 1)], d).cumprod(d)
        post = _cat([ones, x.narrow(d, 1, n - 1).flip(d)], d).cumprod(d).flip(d)
        return g * (pre * post)
    if x.size == 0 or x.shape[d] == 1:
        return np.broadcast_to(g, x.shape).astype(x.dtype)
    # torch's CPU cumprod accumulates float32/float16 in double and rounds
    # each prefix (so an overflowed prefix later times 0 is 0, not NaN)
    acc = np.float64 if x.dtype.itemsize < 8 else x.dtype
    with np.errstate(all="ignore"):
        xm = np.moveaxis(x, d, -1)
        ones = np.ones(xm.shape[:-1] + (1,), x.dtype)
        pre = np.concatenate([ones, np.cumprod(xm[..., :-1], axis=-1, dtype=acc).astype(x.dtype)], axis=-1)
        post = np.concatenate([np.cumprod(xm[..., ::-1][..., :-1], axis=-1, dtype=acc).astype(x.dtype)[..., ::-1],
                               ones], axis=-1)
        return (g * np.moveaxis(pre * post, -1, d)).astype(x.dtype, copy=False)


cdef class MaxBackward1(ReduceNode):
    # full reduction: evenly distribute among ties; sv0 self, sv1 result
    cdef list apply(self, list grads):
        # torch's evenly_distribute_backward: a NaN result shares the
        # gradient among the NaN elements
        g = grads[0]
        s = self.v0(g)
        r = self.v1(g)
        xp = xp_of(g)
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is np.ndarray:
            # torch's evenly_distribute_backward: new_zeros(...).masked_fill_
            # (mask, grad / mask.sum()) -- version 1, MaskedFillBackward1
            mask = s.isnan() if bool(r.isnan()) else (s == r)
            z = wrap_array(np.zeros(tuple(s.shape), (<Tensor>g).data_.dtype))
            z.masked_fill_(mask, g / mask.sum())
            return [z]
        if isinstance(g, Tensor):
            mask = s.isnan() if bool(r.isnan()) else (s == r)
            cnt = mask.sum()
            return [xp.where(mask, g / cnt, xp.zeros_like(s))]
        if type(g) is not np.ndarray and not isinstance(g, np.generic):
            return [_xp.max_backward_all(g, s, r)]   # NOTE [ Device backends ]
        mask = np.isnan(s) if np.isnan(r) else (s == r)
        cnt = mask.sum()
        # torch: new_zeros(...).masked_fill_(mask, ...), contiguous whatever
        # self's layout (numpy's where follows the mask's)
        out = k_reduce_layout(np.where(mask, g / cnt, 0).astype(s.dtype, copy=False), s)
        note_grad_version(out, 1)
        return [out]


cdef bint _scatter_index_fits(object ik, tuple shape, Py_ssize_t d, object src):
    """Whether ik is an index scatter_(d, ik, src) into zeros(shape) takes
    as numpy's put_along_axis does: int64, shape's rank and shape (src's
    too), every value in [0, shape[d]).

    NOTE [ Saved indices may have changed ]
    A node's saved index output (max/min(dim)'s indices) is the tensor
    itself, so a `.data` assignment or a write through `.data` reaches
    backward: torch's scatter_ then checks the dtype, ranks, sizes and
    bounds (a negative index is out of bounds, where numpy wraps it). The
    arrays fast path checks here and leaves anything else to the Tensor
    scatter_, whose checks raise torch's errors."""
    cdef cnp.ndarray a
    cdef const long long* p
    cdef Py_ssize_t i, n, size
    if type(ik) is not np.ndarray or ik.dtype != np.int64 or ik.ndim != len(shape):
        return False
    ish = tuple(ik.shape)
    if ish[:d] != shape[:d] or ish[d + 1:] != shape[d + 1:] or tuple(np.shape(src)) != ish:
        return False
    a = np.ascontiguousarray(ik)
    n = cnp.PyArray_SIZE(a)
    size = shape[d]
    p = <const long long*>cnp.PyArray_DATA(a)
    for i in range(n):
        if p[i] < 0 or p[i] >= size:
            return False
    return True


cdef class MaxBackward0(ReduceNode):
    # with dim: gradient to the selected index; sv0 indices
    cdef list apply(self, list grads):
        g = grads[0]
        if g is None:
            return [None]
        if not self.self_shape and (isinstance(g, Tensor) and fw_level_open()
                                    or not isinstance(g, Tensor) and type(g) is not np.ndarray):
            # a 0-d input: the one element was selected (the paths below give
            # torch's version 2 on the host; these two have no scatter)
            return [g.reshape(()) if isinstance(g, Tensor) else g]
        idx = self.sv0.unpack(self, False)
        d = self.dims[0]
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is np.ndarray and not fw_level_open():
            # torch's value_selecting_reduction_backward: zeros(...).scatter_
            # (dim, indices, grad) -- version 2 as torch leaves it,
            # ScatterBackward0 under create_graph
            gk = g if self.keepdim or len(self.self_shape) == 0 else g.unsqueeze(d)
            ik = idx if self.keepdim or len(self.self_shape) == 0 else np.expand_dims(idx, d)
            z = wrap_array(np.zeros(self.self_shape, (<Tensor>g).data_.dtype))
            bump_version(z)
            z.scatter_(d, wrap_array(np.ascontiguousarray(ik, dtype=np.int64)), gk)
            return [z]
        if isinstance(g, Tensor):
            # create_graph / forward AD: g times a one-hot mask of the selected
            # indices, differentiable in g (no scatter op exists)
            gk = g if self.keepdim else g.unsqueeze(d)
            ik = idx if self.keepdim else np.expand_dims(idx, d)
            n = self.self_shape[d]
            ar = [1] * len(self.self_shape)
            ar[d] = n
            mask = (np.arange(n).reshape(ar) == ik).astype(g.detach().numpy().dtype)
            return [wrap_array(mask) * gk]
        if type(g) is not np.ndarray:   # NOTE [ Device backends ]
            return [_xp.max_backward_dim(g, idx, self.self_shape, d, self.keepdim)]
        z = np.zeros(self.self_shape, dtype=self.self_dtype)
        if len(self.self_shape) == 0:
            z[...] = g
        else:
            gk = g if self.keepdim else np.expand_dims(g, d)
            ik = idx if self.keepdim else np.expand_dims(idx, d)
            if not _scatter_index_fits(ik, self.self_shape, d, gk):
                # NOTE [ Saved indices may have changed ]: torch's scatter_
                # checks (and errors) on the Tensor path
                z = wrap_array(z)
                bump_version(z)
                z.scatter_(d, wrap_array(np.asarray(ik)), wrap_array(np.asarray(gk)))
                note_grad_version((<Tensor>z).data_, 2)
                return [(<Tensor>z).data_]
            np.put_along_axis(z, ik, gk, axis=d)
        note_grad_version(z, 2)   # as torch's value_selecting_reduction_backward leaves it
        return [z]


cdef class AmaxBackward0(ReduceNode):
    # sv0 self, sv1 result; ties share the gradient evenly
    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        r = self.restore_out(self.v1(g), s, False)
        gk = self.restore_out(g, s, False)
        mask = (r == s)   # torch: restore_reduced_dims(result) == self (a broadcast error names them so)
        # torch's scale_grad_by_count: (grad / count) * mask, so a slice whose
        # result is NaN (no element equals it) gets NaN everywhere
        if isinstance(g, Tensor):
            cnt = mask.sum(dim=self.rdims(), keepdim=True)
            return [(gk / cnt) * mask]
        if type(g) is not np.ndarray:
            return [_xp.amax_backward(gk, s, r, self.dims)]   # NOTE [ Device backends ]
        # dim=[] (no_dim) sums all of the live self (NOTE [ Reduction formulas read the live self ])
        # each step in TensorIterator's layout of its operands (NOTE [ Elementwise
        # output layout ]): numpy's K order places size-1 dimensions elsewhere
        mask = k_ti_layout(as_array(mask), r, s, None)
        cnt = k_reduce_layout(mask.sum(axis=None if self.no_dim else self.rdims(), keepdims=True), mask)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = k_ti_layout(as_array(gk / cnt), gk, cnt, None)
            return [k_ti_layout(as_array((q * mask).astype(s.dtype, copy=False)), q, mask, None)]


@cython.final
cdef class MinBackward1(MaxBackward1):
    pass


@cython.final
cdef class MinBackward0(MaxBackward0):
    pass


@cython.final
cdef class AminBackward0(AmaxBackward0):
    pass


cdef object ops_where(c, a, b):
    from cyautograd.ops.pointwise import where
    return where(c, a, b)


@cython.final
cdef class VarBackward0(ReduceNode):
    # sv0 self; scalar: correction
    cdef list apply(self, list grads):
        g = grads[0]
        if isinstance(g, Tensor):   # NOTE [ var/std formulas on Tensors ]
            return [_var_backward_t(self, g, self.v0(g))]
        s = self.v0(g)
        return [_var_backward(self, self.restore_live(g, s), s)]


@cython.final
cdef class StdBackward0(ReduceNode):
    # sv0 self, sv1 result; scalar: correction
    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        if isinstance(g, Tensor):   # NOTE [ var/std formulas on Tensors ]
            r = self.v1(g)
            zero = r == 0
            if fw_level_open():
                # forward AD differentiates this formula in g (the double
                # vjp): a safe denominator where r is 0 keeps that 0, not 0/0
                gv = (g / (r * 2).masked_fill(zero, 1)).masked_fill(zero, 0)
            else:
                gv = (g / (r * 2)).masked_fill_(zero, 0)
            return [_var_backward_t(self, gv, s)]
        r = self.restore_live(self.v1(g), s)
        gk = self.restore_live(g, s)
        # torch's std_backward: var_backward(grad / (2 result)), with 0 where
        # the result is 0 (a constant slice), not 0/0
        if type(g) is not np.ndarray and not isinstance(g, np.generic):   # NOTE [ Device backends ]
            gv = _xp.std_backward_scale(gk, r)
        else:
            with np.errstate(divide="ignore", invalid="ignore"):
                gv = np.where(r == 0, 0, gk / (r * 2)).astype(s.dtype, copy=False)
        return [_var_backward(self, gv, s)]


cdef object _np_mean(object x, object dims, bint keepdim, object npd):
    """numpy's mean, NaN over empty slices without numpy's "Mean of empty
    slice" warning (torch's mean is quiet)."""
    if x.size:
        return x.mean(axis=dims, keepdims=keepdim, dtype=npd)
    r = np.add.reduce(x, axis=dims, keepdims=keepdim, dtype=npd or x.dtype)
    return np.full_like(r, np.nan)


# NOTE [ var/std formulas on Tensors ]
# A Tensor gradient (create_graph, forward AD) takes torch's var_backward /
# std_backward op for op, so the gradient's graph is torch's: std's
# (grad / (result * 2)).masked_fill_(result == 0, 0) on the reduced shape;
# var's grad unsqueezed at each reduced dim (only without keepdim and for a
# self of 2+ dims), then (2 / dof) * grad * (self - self.mean(dim, True)),
# self.mean() for a full reduction (whose 0-d grad broadcasts as it is).
# The ndarray path below computes the same values.

cdef object _var_backward_t(ReduceNode node, object g, object s):
    cdef bint full = node.dims is None or not node.self_shape or len(node.dims) == 0
    if full:
        mean = s.mean()
        n = _count(node.self_shape, None)
        dof = float(n) - float(node.scalar)
        if dof <= 0:
            return g * ops_where(s == mean, float("nan"), float("inf")).to(s.dtype)
        return (2.0 / dof) * g * (s - mean)
    if not node.keepdim and len(node.self_shape) > 1:
        for d in sorted(node.dims):
            g = g.unsqueeze(d)
    dof = float(_count(node.self_shape, node.dims)) - float(node.scalar)
    return (2.0 / dof if dof != 0 else float("inf")) * g * (s - s.mean(dim=node.dims, keepdim=True))


cdef object _var_backward(ReduceNode node, object gk, object s):
    """torch's var_backward, gk the gradient with the reduced dims restored.
    A full reduction (or a 0-d input) without degrees of freedom
    (numel <= correction) is grad * (NaN where self equals its mean, else
    inf) -- constants, not a function of self; otherwise
    (2 / (n - correction)) * grad * (self - mean) in double arithmetic, so
    n == correction over a dim gives inf and n < correction a negative
    factor, as torch's."""
    cdef bint tensor = isinstance(gk, Tensor)
    cdef bint dev = not tensor and type(gk) is not np.ndarray and not isinstance(gk, np.generic)
    # the live self's shape (NOTE [ Reduction formulas read the live self ])
    cdef tuple shape = tuple(s.shape)
    cdef bint full = node.dims is None or not shape
    dims = node.rdims() if not full else None
    if dims is not None and len(dims) == 0:
        dims = None   # an empty dim list reduces everything (torch's var(dim=[]))
    if tensor:
        mean = s.mean(dim=dims, keepdim=True) if dims is not None else s.mean()
    elif dev:
        mean = _xp.mean_keep(s, dims)   # NOTE [ Device backends ]
    else:
        mean = _np_mean(s, dims, True, None)
    n = _count(shape, node.rdims() if not full else None)
    dof = float(n) - float(node.scalar)
    if full and dof <= 0:
        if tensor:
            c = ops_where(s == mean, float("nan"), float("inf"))
            return gk * c.to(s.dtype)
        xp = np if not dev else xp_of(s)
        c = xp.where(s == mean, float("nan"), float("inf"))
        with np.errstate(invalid="ignore"):
            return gk * (c.astype(s.dtype) if not dev else c)
    factor = 2.0 / dof if dof != 0 else float("inf")
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return factor * gk * (s - mean)


cdef object _count(tuple shape, tuple dims):
    n = 1
    if dims is None:
        for s in shape:
            n *= s
    else:
        for d in dims:
            n *= shape[d]
    return n


cdef inline object _sumk(object a, int d):
    if isinstance(a, Tensor):
        return a.sum(dim=d, keepdim=True)
    return np.add.reduce(a, axis=d, keepdims=True)


cdef class _DataBackwardBackward(BinaryNode):
    """_softmax_backward_data / _log_softmax_backward_data's own backward:
    sv0 the gradient the backward got, sv1 the forward's output; scalar: dim."""

    cdef list apply(self, list grads):
        gg = grads[0]
        if gg is None:
            return [None, None]
        g = self.v0(gg)
        y = self.v1(gg)
        d = self.scalar
        r0 = r1 = None
        if type(self) is SoftmaxBackwardDataBackward0:
            if self.should_compute_output(0):
                r0 = y * (gg - _sumk(gg * y, d))
            if self.should_compute_output(1):
                r1 = g * gg - _sumk(y * g, d) * gg - g * _sumk(y * gg, d)
        else:
            e = y.exp() if isinstance(y, Tensor) else np.exp(y)
            if self.should_compute_output(0):
                r0 = gg - _sumk(gg * e, d)
            if self.should_compute_output(1):
                r1 = -_sumk(g, d) * e * gg
        return [r0, r1]


@cython.final
cdef class SoftmaxBackwardDataBackward0(_DataBackwardBackward):
    pass


@cython.final
cdef class LogSoftmaxBackwardDataBackward0(_DataBackwardBackward):
    pass


cdef object _data_backward_t(type cls, Tensor g, Tensor y, int d, object value):
    cdef BinaryNode fn
    out = wrap_array(as_array(np.asarray(value, dtype=g.data_.dtype)))
    if is_grad_enabled_c() and (tensor_requires_grad(g) or tensor_requires_grad(y)):
        fn = <BinaryNode>new_node(cls)
        fn.scalar = d
        fn.next_edges_ = next_edges2(g, y)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(g, False)
        fn.sv1 = save_variable(y, False)
    return out


@cython.final
cdef class SoftmaxBackward0(ReduceNode):
    # sv0 result
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        d = self.dims[0]
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is np.ndarray and not fw_level_open():
            # _softmax_backward_data: SoftmaxBackwardDataBackward0 under grad
            # mode (NOTE [ Double backward of activations ] in pointwise.pyx)
            gd = (<Tensor>g).data_
            rd = (<Tensor>r).data_
            gr = k_mul(gd, rd)
            return [_data_backward_t(SoftmaxBackwardDataBackward0, g, r, d,
                                     rd * (gd - np.add.reduce(gr, axis=d, keepdims=True)))]
        if isinstance(g, Tensor):
            return [r * (g - (g * r).sum(dim=d, keepdim=True))]
        if type(g) is not np.ndarray:
            return [_xp.softmax_backward(g, r, d, False)]   # NOTE [ Device backends ]
        gr = k_mul(g, r)
        return [r * (g - (k_reduce2d(K_ADD, gr, d, True) if gr.ndim == 2
                          else np.add.reduce(gr, axis=d, keepdims=True)))]


@cython.final
cdef class LogSoftmaxBackward0(ReduceNode):
    # sv0 result
    cdef list apply(self, list grads):
        g = grads[0]
        r = self.v0(g)
        d = self.dims[0]
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is np.ndarray and not fw_level_open():
            gd = (<Tensor>g).data_
            rd = (<Tensor>r).data_
            return [_data_backward_t(LogSoftmaxBackwardDataBackward0, g, r, d,
                                     gd - np.exp(rd) * np.add.reduce(gd, axis=d, keepdims=True))]
        if isinstance(g, Tensor):
            return [g - r.exp() * g.sum(dim=d, keepdim=True)]
        if type(g) is not np.ndarray:
            return [_xp.softmax_backward(g, r, d, True)]   # NOTE [ Device backends ]
        return [g - k_unary(K_EXP, r) * (k_reduce2d(K_ADD, g, d, True) if g.ndim == 2
                                          else np.add.reduce(g, axis=d, keepdims=True))]


@cython.final
cdef class LogsumexpBackward0(ReduceNode):
    # sv0 self, sv1 result
    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        if isinstance(g, Tensor):   # torch's logsumexp_backward
            return [self.unsqueeze_t(g) * (s - self.unsqueeze_t(self.v1(g))).exp()]
        r = self.restore_out(self.v1(g), s, True)
        gk = self.restore_out(g, s, True)
        if type(g) is not np.ndarray:
            return [gk * _xp.exp_diff(s, r)]   # NOTE [ Device backends ]
        return [gk * np.exp(s - r)]


cdef Tensor _input(object x, str name):
    if not isinstance(x, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type_name(x)}")
    return x


cdef ReduceNode _make(type cls, Tensor t, tuple dims, bint keepdim, Tensor out):
    cdef ReduceNode fn
    cdef char k
    x = out.data_
    if cnp.PyArray_CheckExact(x):
        k = (<cnp.dtype>cnp.PyArray_DESCR(<cnp.ndarray>x)).kind
        if k != b'f' and k != b'c':
            _no_autograd_dtype(x.dtype)   # NOTE [ Integral tensors with history ] in variable.pyx
    elif _xp.npdtype(x).kind not in "fc":
        _no_autograd_dtype(_xp.npdtype(x))
    fn = new_node(cls)
    fn.self_shape = tuple(t.data_.shape)
    fn.self_dtype = t.data_.dtype
    fn.dims = dims
    fn.keepdim = keepdim
    fn.next_edges_ = next_edges1(t)
    set_history(out, fn, 0)
    return fn


cdef inline Tensor _reduced(object r, object x):
    """A reduction's result r (an array the op created from its input x) as
    a Tensor in torch's layout: NOTE [ Reduction output layout ] in
    kernels.pyx."""
    return wrap_array(k_reduce_layout(r, x))


cdef _no_autograd_dtype(npd):
    """torch's set_history check: an op asked for an integral/bool result
    of an input that requires grad has no derivative to record."""
    raise RuntimeError(f"Autograd not support dtype: {_D._FROM_NP[np.dtype(npd)]._cname}")


cdef object _np_dtype(dtype):
    if dtype is None:
        return None
    return _D.canonical(dtype).np


cdef object _reduce_xp(Tensor t, object x, object dim, bint keepdim, object dtype, bint is_mean, bint dim_none):
    """sum/mean of a device tensor through the namespace (ops/_xp.py); the
    nodes as the numpy path makes them."""
    cdef tuple dims = None
    if not (dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0)) and x.ndim:
        dims = wrap_dims(dim, x.ndim)
    r = (_xp.mean if is_mean else _xp.sum)(x, dims, keepdim, _np_dtype(dtype))
    cdef Tensor out = wrap_array(r)
    if grad_needed(t):
        if is_mean:
            _make(MeanBackward0 if dim is None else MeanBackward1, t, dims, keepdim, out).dim_none = dim_none
        else:
            _make(SumBackward0 if dim is None else SumBackward1, t, dims, keepdim, out).dim_none = dim_none
    return out


# NOTE [ A given dim=None is a dim list ]
# torch's sum and mean have an overload without dim (SumBackward0,
# MeanBackward0) and one with an optional dim list; a dim=None that is given
# (x.sum(dim=None), x.mean(None, True)) picks the second: the full reduction
# recorded as SumBackward1/MeanBackward1 with its saved dim None (an empty
# list saves ()). So their dim defaults to _NO_DIM and a given None becomes
# the empty list, marked dim_none on the node.
cdef object _NO_DIM_C = _NO_DIM


def sum(input, dim=_NO_DIM, keepdim=False, *, dtype=None, axis=None, keepdims=None):
    cdef bint dim_none = dim is None   # NOTE [ A given dim=None is a dim list ]
    if dim is _NO_DIM_C:
        dim = None
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    if keepdim is not False and keepdim is not True:   # NOTE [ Silent acceptance in the hot reductions ]
        _check_keepdim("sum", input, dim, keepdim)
    if dim_none:
        if dim is None:
            dim = ()
        else:
            dim_none = False   # an axis given by name
    cdef Tensor t = _input(input, "sum")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if dim is None and dtype is None and not keepdim:
        r = k_sum_small(x)
        if r is not None:
            out = wrap_array(r)
            if grad_needed(t):
                _make(SumBackward0, t, None, False, out)
            return out
    if type(x) is not np.ndarray:
        try:
            return _reduce_xp(t, x, dim, keepdim, dtype, False, dim_none)
        except ValueError:
            _dim_list_overflow("sum", dim)   # NOTE [ A dim list past int64 ]
            raise
    npd = _np_dtype(dtype)
    if npd is not None and npd.kind not in "fc" and grad_needed(t):
        _no_autograd_dtype(npd)
    if npd is None and x.dtype.kind in "biu":
        npd = np.int64
    tok = fp_quiet_begin()   # NOTE [ Quiet floating point ]: inf - inf, float16 overflow
    try:
        return _sum_np(t, x, dim, keepdim, npd, dim_none)
    except ValueError:
        _dim_list_overflow("sum", dim)   # NOTE [ A dim list past int64 ]
        raise
    finally:
        fp_quiet_end(tok)


cdef _sum_np(Tensor t, x, dim, keepdim, npd, bint dim_none):
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
        r = x.sum(dtype=npd)
        if keepdim:
            r = np.asarray(r).reshape((1,) * x.ndim)
        out = _reduced(as_array(r), x)
        if grad_needed(t):
            _make(SumBackward0 if dim is None else SumBackward1, t, None, keepdim, out).dim_none = dim_none
        return out
    dims = wrap_dims(dim, x.ndim)
    r = x.sum(axis=dims, keepdims=keepdim, dtype=npd) if x.ndim else x.sum(dtype=npd)
    out = _reduced(as_array(r), x)
    if grad_needed(t):
        _make(SumBackward1, t, dims if x.ndim else None, keepdim, out)
    return out


def mean(input, dim=_NO_DIM, keepdim=False, *, dtype=None, axis=None, keepdims=None):
    cdef bint dim_none = dim is None   # NOTE [ A given dim=None is a dim list ]
    if dim is _NO_DIM_C:
        dim = None
    if not isinstance(input, Tensor):
        # torch's parser has two visible mean signatures: a call with dim
        # fits both, so its error lists them (NOTE [ Argument parser errors ])
        parser_check("mean", (input,) if dim is None else (input, dim, keepdim),
                     None if dtype is None else {"dtype": dtype})
    tok = fp_quiet_begin()   # NOTE [ Quiet floating point ]
    try:
        return _mean_impl(input, dim, keepdim, dtype, axis, keepdims, dim_none)
    except RuntimeError:
        # (a dim that is no int: torch's parser refuses it before the dtype check)
        if dim is not None and axis is None and keepdims is None:
            parser_check("mean", (input, dim) if keepdim is False else (input, dim, keepdim),
                         None if dtype is None else {"dtype": dtype})
        raise
    except ValueError:
        _dim_list_overflow("mean", dim)   # NOTE [ A dim list past int64 ]
        raise
    finally:
        fp_quiet_end(tok)


def _mean_impl(input, dim, keepdim, dtype, axis, keepdims, dim_none):
    if dim_none:
        if dim is None and axis is None:
            dim = ()
        else:
            dim_none = False   # an axis given by name
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    cdef Tensor t = _input(input, "mean")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if type(x) is not np.ndarray:
        if _xp.npdtype(x).kind != "f" and dtype is None:
            raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                               f"floating point or complex dtype. Got: {t.dtype._cname}")
        return _reduce_xp(t, x, dim, keepdim, dtype, True, dim_none)
    if x.dtype.kind != "f" and dtype is None:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {_D._FROM_NP[x.dtype]._cname}")
    npd = _np_dtype(dtype)
    if npd is not None and npd.kind not in "fc":
        raise RuntimeError("mean(): could not infer output dtype. Optional dtype must be either a "
                           f"floating point or complex dtype. Got: {_D._FROM_NP[np.dtype(npd)]._cname}")
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
        # an empty dim list reduces everything as no dim does (MeanBackward1)
        if x.size == 0:   # numpy warns "Mean of empty slice"; torch gives nan quietly
            r = np.asarray(np.nan, dtype=npd or x.dtype)
        else:
            r = x.mean(dtype=npd)
        if keepdim:
            r = np.asarray(r).reshape((1,) * x.ndim)
        out = _reduced(as_array(r).astype(npd or x.dtype, copy=False), x)
        if grad_needed(t):
            _make(MeanBackward0 if dim is None else MeanBackward1, t, None, keepdim, out).dim_none = dim_none
        return out
    dims = wrap_dims(dim, x.ndim)
    if not isinstance(keepdim, (bool, np.bool_)):
        raise TypeError(f"mean(): argument 'keepdim' (position 2) must be bool, not {type(keepdim).__name__}")
    if x.ndim:
        r = _np_mean(x, dims, keepdim, npd)
    else:
        r = x.mean(dtype=npd)
    out = _reduced(as_array(r).astype(npd or x.dtype, copy=False), x)
    if grad_needed(t):
        _make(MeanBackward1, t, dims if x.ndim else (), keepdim, out)
    return out


def prod(input, dim=_NO_DIM, keepdim=False, *, dtype=None, axis=None, keepdims=None):
    if dim is _NO_DIM:
        dim = None
    elif dim is None:       # NOTE [ An omitted dim is not a None dim ]
        _none_dim("prod", input, keepdim, None if dtype is None else {"dtype": dtype})
    if keepdim is not False and keepdim is not True and dim is not None:
        _check_keepdim("prod", input, dim, keepdim)   # NOTE [ Silent acceptance in the hot reductions ]
    tok = fp_quiet_begin()   # NOTE [ Quiet floating point ]
    try:
        return _prod_impl(input, dim, keepdim, dtype, axis, keepdims)
    finally:
        fp_quiet_end(tok)


def _prod_impl(input, dim, keepdim, dtype, axis, keepdims):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    cdef Tensor t = _input(input, "prod")
    cdef ReduceNode fn
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        d = None if dim is None else wrap_dim(dim, x.ndim)
        out = wrap_array(_xp.prod(x, d, keepdim and d is not None, _np_dtype(dtype)))
        if grad_needed(t):
            fn = _make(ProdBackward0 if d is None else ProdBackward1, t, None if d is None else (d,),
                       keepdim and d is not None, out)
            fn.sv0 = save_variable(t, False)
            fn.sv1 = save_variable(out, True)
        return out
    npd = _np_dtype(dtype)
    if npd is not None and npd.kind not in "fc" and grad_needed(t):
        _no_autograd_dtype(npd)
    if npd is None and x.dtype.kind in "biu":
        npd = np.int64
    if dim is None:
        out = _reduced(as_array(x.prod(dtype=npd)), x)
        if grad_needed(t):
            fn = _make(ProdBackward0, t, None, False, out)
            fn.sv0 = save_variable(t, False)
            fn.sv1 = save_variable(out, True)
        return out
    d = wrap_dim(dim, x.ndim)
    out = _reduced(as_array(x.prod(axis=d, keepdims=keepdim, dtype=npd) if x.ndim else x.prod(dtype=npd)), x)
    if grad_needed(t):
        fn = _make(ProdBackward1, t, (d,), keepdim, out)
        fn.sv0 = save_variable(t, False)
        fn.sv1 = save_variable(out, True)
    return out


def _minmax(input, dim, keepdim, bint is_max, str name):
    cdef Tensor t = _input(input, name)
    cdef MaxBackward1 fn1
    cdef MaxBackward0 fn0
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if dim is None:
        if x.size == 0:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                               "Specify the reduction dim with the 'dim' argument.")
        r = (x.max() if is_max else x.min()) if type(x) is _ndarray else _xp.minmax_all(x, is_max)
        out = _reduced(as_array(r), x)
        if grad_needed(t):
            fn1 = <MaxBackward1>new_node(MaxBackward1) if is_max else <MinBackward1>new_node(MinBackward1)
            fn1.self_shape = tuple(x.shape)
            fn1.next_edges_ = next_edges1(t)
            set_history(out, fn1, 0)
            fn1.sv0 = save_variable(t, False)
            fn1.sv1 = save_variable(out, True)
        return out
    d = wrap_dim(dim, x.ndim)
    if x.ndim and x.shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        if x.ndim:
            out, ind = _xp.minmax_dim(x, d, keepdim, is_max)
        else:
            out, ind = _xp.copy(x), _xp.zeros(x, (), np.int64)
        out = wrap_array(out)
        ind = wrap_array(ind)
    elif x.ndim:
        idx = np.argmax(x, axis=d, keepdims=True) if is_max else np.argmin(x, axis=d, keepdims=True)
        vals = np.take_along_axis(x, idx, axis=d)
        if not keepdim:
            idx = np.squeeze(idx, d)
            vals = np.squeeze(vals, d)
    else:
        idx = np.zeros((), np.int64)
        vals = x.copy()
    if type(x) is _ndarray:
        out = _reduced(as_array(vals), x)
        ind = _reduced(as_array(idx).astype(np.int64), x)
    if grad_needed(t):
        fn0 = <MaxBackward0>new_node(MaxBackward0) if is_max else <MinBackward0>new_node(MinBackward0)
        fn0.self_shape = tuple(x.shape)
        fn0.self_dtype = x.dtype
        fn0.dims = (d,)
        fn0.keepdim = keepdim or x.ndim == 0
        fn0.next_edges_ = next_edges1(t)
        fn0.num_inputs_ = 2
        set_history(out, fn0, 0)
        fn0.sv0 = save_variable(ind, False)
    return (_RT_MAX if is_max else _RT_MIN)(out, ind)


from cyautograd.return_types import max as _RT_MAX, min as _RT_MIN   # NOTE [ Return types are structseqs ]


def max(input, dim=_NO_DIM, keepdim=False, *, out=None, axis=None, keepdims=None):
    if dim is _NO_DIM:
        dim = None
    elif dim is None:       # NOTE [ An omitted dim is not a None dim ]
        _none_dim("max", input, keepdim)
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    if isinstance(dim, Tensor):
        if keepdim is not False:    # max(input, other) takes nothing more (NOTE [ Silent acceptance in the hot reductions ])
            parser_check("max", (input, dim, keepdim))
        from cyautograd.ops.pointwise import maximum
        return maximum(input, dim)
    if dim is not None and keepdim is not False and keepdim is not True:
        _check_keepdim("max", input, dim, keepdim)
    return _minmax(input, dim, keepdim, True, "max")


def min(input, dim=_NO_DIM, keepdim=False, *, out=None, axis=None, keepdims=None):
    if dim is _NO_DIM:
        dim = None
    elif dim is None:       # NOTE [ An omitted dim is not a None dim ]
        _none_dim("min", input, keepdim)
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    if isinstance(dim, Tensor):
        if keepdim is not False:    # min(input, other) takes nothing more (NOTE [ Silent acceptance in the hot reductions ])
            parser_check("min", (input, dim, keepdim))
        from cyautograd.ops.pointwise import minimum
        return minimum(input, dim)
    if dim is not None and keepdim is not False and keepdim is not True:
        _check_keepdim("min", input, dim, keepdim)
    return _minmax(input, dim, keepdim, False, "min")


cdef _check_arg_empty(x, dim, str name):
    if x.size == 0:
        if dim is None:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0.")
        d = wrap_dim(dim, x.ndim)
        if x.ndim and x.shape[d] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")


def argmax(input, dim=None, keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    cdef Tensor t = _input(input, "argmax")
    x = t.data_
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        if _xp.npdtype(x).kind == "b":
            raise RuntimeError("argmax(): does not support bool input")
        _check_arg_empty(x, dim, "argmax")
        return wrap_array(_xp.argminmax(x, None if dim is None else wrap_dim(dim, x.ndim), keepdim, True))
    if x.dtype.kind == "b":
        raise RuntimeError("argmax(): does not support bool input")
    _check_arg_empty(x, dim, "argmax")
    if dim is None:
        r = np.asarray(np.argmax(x))
        if keepdim:
            r = r.reshape((1,) * x.ndim)
        return _reduced(r.astype(np.int64), x)
    return _reduced(as_array(np.argmax(x, axis=wrap_dim(dim, x.ndim), keepdims=keepdim)).astype(np.int64), x)


def argmin(input, dim=None, keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    cdef Tensor t = _input(input, "argmin")
    x = t.data_
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        if _xp.npdtype(x).kind == "b":
            raise RuntimeError("argmin(): does not support bool input")
        _check_arg_empty(x, dim, "argmin")
        return wrap_array(_xp.argminmax(x, None if dim is None else wrap_dim(dim, x.ndim), keepdim, False))
    if x.dtype.kind == "b":
        raise RuntimeError("argmin(): does not support bool input")
    _check_arg_empty(x, dim, "argmin")
    if dim is None:
        r = np.asarray(np.argmin(x))
        if keepdim:
            r = r.reshape((1,) * x.ndim)
        return _reduced(r.astype(np.int64), x)
    return _reduced(as_array(np.argmin(x, axis=wrap_dim(dim, x.ndim), keepdims=keepdim)).astype(np.int64), x)


# NOTE [ amin/amax of signed zeros ]
# -0.0 == 0.0, so which zero amin/amax return is the reduction's order
# (torch's binary_kernel_reduce_vec; numpy's SIMD minimum picks otherwise).
# Two combines: the scalar one (min/max_impl) keeps the accumulator on a
# tie, the vector one (Vectorized minimum/maximum) takes the new operand.
# - One contiguous run per output (the reduced dims trailing a C-contiguous
#   array): the output starts at the identity; full blocks of 4 vectors (128
#   bytes) go through four vector accumulators (per lane: the last element
#   equal to the lane's extreme), folded as vop(vop(a0, a1), vop(a2, a3)),
#   then the lanes by the scalar combine (the first lane wins a tie), then
#   the tail element by element (scalar). Fewer than 128 bytes: all scalar,
#   the first zero wins.
# - Outputs contiguous after the reduced dims (an outer reduction): each
#   column of outputs within full 128-byte groups is reduced by the vector
#   combine (its last zero wins), the remaining columns by the scalar one
#   (the first zero).
# - Any other layout: element by element (the first zero), as TensorIterator
#   reduces a strided run.
# The gradient is not affected (amin/amax split it evenly among all
# elements equal to the result, both zeros included); min/max(dim) take the
# first index, as numpy's argmin. Checked against torch for every length to
# 300 (cases_fuzz2.amin_amax_signed_zeros).
cdef object _zero_signs_in_order(x, r, tuple dims, bint keepdim, bint is_max):
    zero = x == 0
    neg = np.signbit(x)
    if not (zero & neg).any() or (zero <= neg).all():
        return r   # the zeros of x have one sign: nothing to choose (numpy keeps it)
    # size-1 dims drop out (TensorIterator coalesces across them)
    big = [d for d in range(x.ndim) if x.shape[d] != 1]
    dims = tuple([big.index(d) for d in dims if d in big])
    if not dims:
        return r   # each output is its one element: numpy's result already
    x = x.reshape(tuple([x.shape[d] for d in big])) if len(big) != x.ndim else x
    cdef Py_ssize_t nd = x.ndim, isz = x.dtype.itemsize, nred = len(dims), i, j
    cdef Py_ssize_t chunk = 128 // isz
    # TensorIterator's order: the dims by decreasing stride (memory order)
    st = x.strides
    perm = sorted(range(nd), key=lambda d: -abs(st[d]))
    xp = x.transpose(perm)
    red = [perm.index(d) for d in dims]
    red_set = set(red)
    sp = xp.strides
    shp = xp.shape
    kept = [i for i in range(nd) if i not in red_set]
    # the reduced elements of each output, in iteration order, on the last axis
    xm = xp.transpose(kept + sorted(red)).reshape(tuple([shp[i] for i in kept]) + (-1,))
    L = nd - 1
    if L in red_set and sp[L] == isz:
        # an inner reduction: runs of the contiguous trailing reduced dims
        run = shp[L]
        j = L - 1
        while j >= 0 and j in red_set and sp[j] == sp[j + 1] * shp[j + 1]:
            run *= shp[j]
            j -= 1
        runs = xm.reshape(xm.shape[:-1] + (-1, run))
        zr = _inner_run_zero(runs, chunk, 32 // isz, is_max)   # each run's zero (or a non-zero)
        has = (runs == 0).any(-1)
        z = np.take_along_axis(zr, has.argmax(-1)[..., None], -1)[..., 0]
    else:
        zero = xm == 0
        z = np.take_along_axis(xm, zero.argmax(-1)[..., None], -1)[..., 0]
        rs = sorted(red)
        if L not in red_set and sp[L] == isz and nred and rs == list(range(rs[0], rs[0] + nred)):
            # an outer reduction over one coalesced reduced block: columns of
            # outputs in full 128-byte groups take the last zero
            inner = 1
            i = L
            while i >= 0 and i not in red_set and (i == L or sp[i] == sp[i + 1] * shp[i + 1]):
                inner *= shp[i]
                i -= 1
            coalesced = True
            for k in rs[:-1]:
                if sp[k] != sp[k + 1] * shp[k + 1]:
                    coalesced = False
            full = (inner // chunk) * chunk
            if full and coalesced:
                last = xm.shape[-1] - 1 - zero[..., ::-1].argmax(-1)
                zl = np.take_along_axis(xm, last[..., None], -1)[..., 0]
                cols = np.arange(z.size).reshape(z.shape) % inner < full
                z = np.where(cols, zl, z)
    # back to the output's dim order and shape (its size-1 dims)
    inv = np.argsort([perm[i] for i in kept]) if kept else []
    z = np.transpose(z, inv) if len(kept) > 1 else z
    r = np.asarray(r).copy()
    z = z.reshape(r.shape)
    m = r == 0
    r[m] = z[m]
    return r


cdef object _inner_run_zero(xr, Py_ssize_t chunk, Py_ssize_t w, bint is_max):
    """The zero each output's contiguous run (last axis of xr) reduces to."""
    cdef Py_ssize_t n = xr.shape[-1], nblk = n // chunk
    tail = xr[..., nblk * chunk:]
    tz = tail == 0
    tail_first = np.take_along_axis(tail, tz.argmax(-1)[..., None], -1)[..., 0] if tail.shape[-1] else None
    if nblk == 0:
        return tail_first
    blk = xr[..., :nblk * chunk].reshape(xr.shape[:-1] + (nblk, 4, w))
    ext = blk.max(-3) if is_max else blk.min(-3)            # each lane's extreme
    hit = blk == ext[..., None, :, :]
    last = nblk - 1 - hit[..., ::-1, :, :].argmax(-3)      # its last occurrence
    lane = np.take_along_axis(blk, last[..., None, :, :], -3)[..., 0, :, :]
    a0, a1, a2, a3 = lane[..., 0, :], lane[..., 1, :], lane[..., 2, :], lane[..., 3, :]
    if is_max:
        v01 = np.where(a1 >= a0, a1, a0)
        v23 = np.where(a3 >= a2, a3, a2)
        v = np.where(v23 >= v01, v23, v01)
        first = v.argmax(-1)
    else:
        v01 = np.where(a1 <= a0, a1, a0)
        v23 = np.where(a3 <= a2, a3, a2)
        v = np.where(v23 <= v01, v23, v01)
        first = v.argmin(-1)
    b = np.take_along_axis(v, first[..., None], -1)[..., 0]
    if tail_first is None:
        return b
    return np.where(b == 0, b, tail_first)


def _amaxmin(input, dim, keepdim, bint is_max):
    name = "amax" if is_max else "amin"
    cdef Tensor t = _input(input, name)
    cdef AmaxBackward0 fn
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef bint no_dim = dim is None or dim == () or dim == []
    if x.size == 0 and x.ndim:
        # torch's zero_numel_check_dims runs before the dims are wrapped and
        # deduplicated: each dim in the order given, named as given
        if no_dim:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                               "Specify the reduction dim with the 'dim' argument.")
        for d in (dim if isinstance(dim, (list, tuple)) else (dim,)):
            if x.shape[wrap_dim(d, x.ndim)] == 0:
                raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    dims = tuple(range(x.ndim)) if no_dim else wrap_dims(dim, x.ndim)
    if x.ndim == 0:
        dims = ()
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        r = _xp.amaxmin(x, dims if x.ndim else None, keepdim, is_max)
    else:
        r = (np.amax if is_max else np.amin)(x, axis=dims, keepdims=keepdim)
        if x.dtype.kind == "f" and x.size and dims and not r.all():   # a zero in the result
            r = _zero_signs_in_order(x, r, dims, keepdim, is_max)
    out = _reduced(as_array(r), x)
    if grad_needed(t):
        fn = <AmaxBackward0>new_node(AmaxBackward0) if is_max else <AminBackward0>new_node(AminBackward0)
        fn.self_shape = tuple(x.shape)
        fn.dims = dims
        fn.keepdim = keepdim
        fn.no_dim = no_dim
        fn.next_edges_ = next_edges1(t)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(t, False)
        fn.sv1 = save_variable(out, True)
    return out


def amax(input, dim=(), keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    if keepdim is not False and keepdim is not True:   # NOTE [ Silent acceptance in the hot reductions ]
        _check_keepdim("amax", input, dim, keepdim)
    try:
        return _amaxmin(input, dim, keepdim, True)
    except ValueError:
        _dim_list_overflow("amax", dim)   # NOTE [ A dim list past int64 ]
        raise


def amin(input, dim=(), keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    if keepdim is not False and keepdim is not True:   # NOTE [ Silent acceptance in the hot reductions ]
        _check_keepdim("amin", input, dim, keepdim)
    try:
        return _amaxmin(input, dim, keepdim, False)
    except ValueError:
        _dim_list_overflow("amin", dim)   # NOTE [ A dim list past int64 ]
        raise


# NOTE [ var/std over one dim: Welford's order ]
# torch's CPU var/std over a dim (more than one output) run Welford's
# update over each output's reduced elements in order (WelfordOps, in
# acc_type double): delta = x - mean; mean += delta / n; m2 += delta * (x -
# mean); var = m2 / max(0, n - correction). numpy's two-pass var rounds
# differently in the last bits, and a later tie-break (min/max's index,
# sort) can then pick another element (seed 47082). Over one dim the update
# runs here in C (_welford_m2), bit-exact with torch, up to torch's grain
# size (32768 reduced elements per output: beyond it torch splits an
# output's reduction across threads and combines). The all-reduce (torch's
# std_var_all_cpu, a two-pass) and multi-dim reductions keep numpy's
# two-pass.
DEF _WELFORD_MAX = 32767


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
cdef void _welford_m2_loop(const double[:, ::1] a, double[::1] mean, double[::1] m2) noexcept nogil:
    """a: (n, m), the n reduced elements of m outputs; the outputs' updates
    are independent, so the inner loop runs across them (no division
    latency chain)."""
    cdef Py_ssize_t i, k, m = a.shape[1], n = a.shape[0]
    cdef double delta, v, inv
    for k in range(n):
        inv = <double>(k + 1)
        for i in range(m):
            v = a[k, i]
            delta = v - mean[i]
            mean[i] = mean[i] + delta / inv
            m2[i] = m2[i] + delta * (v - mean[i])


cdef object _welford_var(xa, Py_ssize_t axis, correction, bint keepdim):
    xs = np.moveaxis(xa, axis, 0)
    shape = xs.shape[1:]
    cdef Py_ssize_t n = xs.shape[0]
    a = np.ascontiguousarray(xs.reshape(n, -1), dtype=np.float64)
    mean = np.zeros(a.shape[1], np.float64)
    m2 = np.zeros(a.shape[1], np.float64)
    _welford_m2_loop(a, mean, m2)
    dof = n - correction
    r = (m2 / (dof if dof > 0 else 0)).reshape(shape)
    return np.expand_dims(r, axis) if keepdim else r


def _var_std(input, dim, unbiased, keepdim, correction, bint is_std):
    cdef Tensor t = _input(input, "std" if is_std else "var")
    cdef ReduceNode fn
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef bint dev = type(x) is not _ndarray   # NOTE [ Device backends ]
    if (_xp.npdtype(x) if dev else x.dtype).kind != "f":
        raise RuntimeError("std and var only support floating point and complex dtypes")
    if isinstance(dim, bool):
        unbiased, dim = dim, None
    if correction is None:
        correction = 1 if (unbiased is None or unbiased) else 0
    dims = None if dim is None else wrap_dims(dim, x.ndim)
    # an empty dim list reduces everything (the node keeps dims (): torch's
    # var_backward then takes the dim branch, with a reduced size of 1)
    axes = dims if dims else None
    # torch's CPU var/std accumulate float16/float32 in double (Welford over
    # acc_type): float32 squares of values near 1e20 would overflow to inf
    if dev:
        out = wrap_array(_xp.var_std(x, axes, correction, keepdim, is_std))
        if grad_needed(t):
            fn = _make(StdBackward0 if is_std else VarBackward0, t, dims, keepdim, out)
            fn.scalar = correction
            fn.sv0 = save_variable(t, False)
            if is_std:
                fn.sv1 = save_variable(out, True)
        return out
    xa = x.astype(np.float64) if x.dtype.itemsize < 8 else x
    out_numel = 1
    if axes is not None:
        for i in range(x.ndim):
            if i not in axes:
                out_numel *= x.shape[i]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"), warnings.catch_warnings():
        if warn_invalid_dof("std" if is_std else "var", x.size, out_numel, correction):
            warnings.simplefilter("ignore", RuntimeWarning)   # numpy's own dof warning
        if axes is not None and len(axes) == 1 and out_numel > 1 and 2 <= x.shape[axes[0]] <= _WELFORD_MAX:
            r = _welford_var(xa, axes[0], correction, keepdim)
        else:
            r = xa.var(axis=axes, ddof=correction, keepdims=keepdim) if not (x.ndim == 0) else xa.var(ddof=correction)
        if is_std:
            r = np.sqrt(r)
    out = _reduced(as_array(r).astype(x.dtype, copy=False), x)
    if grad_needed(t):
        fn = _make(StdBackward0 if is_std else VarBackward0, t, dims, keepdim, out)
        fn.scalar = correction
        fn.sv0 = save_variable(t, False)
        if is_std:
            fn.sv1 = save_variable(out, True)
    return out


def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    return _var_std(input, dim, unbiased, keepdim, correction, False)


def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    return _var_std(input, dim, unbiased, keepdim, correction, True)


def _softmax_common(input, dim, dtype, bint log):
    cdef Tensor t = _input(input, "log_softmax" if log else "softmax")
    cdef ReduceNode fn
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef bint dev = type(x) is not _ndarray   # NOTE [ Device backends ]
    if dtype is not None:
        if not isinstance(dtype, _D.dtype):     # torch's parser: a ScalarType (not a number)
            raise TypeError(f"{'log_softmax' if log else 'softmax'}(): argument 'dtype' must be torch.dtype, "
                            f"not {type_name(dtype)}")
        x = x.astype(dtype.np) if not dev else _xp.cast(x, dtype.np)
    if dim is None:
        dim = 0 if x.ndim in (0, 1, 3) else 1
    d = wrap_dim(dim, x.ndim)
    if (_xp.npdtype(x) if dev else x.dtype).kind != "f" and x.size != 0:
        # ATen picks the last-dim kernel when dim is the last dimension; an
        # empty input reaches no kernel (an empty result of its dtype)
        kern = "lastdim_kernel_impl" if x.ndim == 0 or d == x.ndim - 1 else "kernel_impl"
        raise NotImplementedError(f"\"{'log_softmax' if log else 'softmax'}_{kern}\" not implemented for "
                                  f"'{_D._FROM_NP[_xp.npdtype(x)]._cname}'")
    if dev:
        out = wrap_array(_xp.softmax(x, d, log))
        if grad_needed(t):
            fn = _make(LogSoftmaxBackward0 if log else SoftmaxBackward0, t, (d,), True, out)
            fn.sv0 = save_variable(out, True)
        return out
    if x.ndim == 0:
        # x - max over the one element, as torch computes it: nan for inf or nan
        r = np.subtract(x, x, out=np.empty_like(x))
        if not log:
            np.exp(r, out=r)
    elif x.size == 0:
        r = x.copy()
    else:
        m = k_reduce2d(K_MAX, x, d, True) if x.ndim == 2 else np.maximum.reduce(x, axis=d, keepdims=True)
        z = x - m
        e = k_unary(K_EXP, z)
        ssum = k_reduce2d(K_ADD, e, d, True) if x.ndim == 2 else np.add.reduce(e, axis=d, keepdims=True)
        r = (z - k_unary(K_LOG, ssum)) if log else (e / ssum)
    r = as_array(r)
    if not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>r):
        # torch's _softmax/_log_softmax write a contiguous output whatever
        # the input's strides; numpy's elementwise steps follow the input's
        r = np.ascontiguousarray(r)
    out = wrap_array(r.astype(x.dtype, copy=False))
    if grad_needed(t):
        fn = _make(LogSoftmaxBackward0 if log else SoftmaxBackward0, t, (d,), True, out)
        fn.sv0 = save_variable(out, True)
    return out


# (_NO_DIM, the omitted dim: torch.softmax(x) without dim is a TypeError; F.softmax picks one)


def softmax(input, dim=_NO_DIM, dtype=None, _stacklevel=3):
    if dim is _NO_DIM or dim is None:
        raise TypeError('softmax() missing 1 required positional arguments: "dim"' if dim is _NO_DIM
                        else "softmax(): argument 'dim' must be int, not NoneType")
    tok = fp_quiet_begin()
    try:
        return _softmax_common(input, dim, dtype, False)
    finally:
        fp_quiet_end(tok)


def log_softmax(input, dim=_NO_DIM, dtype=None, _stacklevel=3):
    if dim is _NO_DIM or dim is None:
        raise TypeError('log_softmax() missing 1 required positional arguments: "dim"' if dim is _NO_DIM
                        else "log_softmax(): argument 'dim' must be int, not NoneType")
    tok = fp_quiet_begin()
    try:
        return _softmax_common(input, dim, dtype, True)
    finally:
        fp_quiet_end(tok)


def logsumexp(input, dim=None, keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    if dim is None:
        raise TypeError('logsumexp() missing 1 required positional arguments: "dim"')
    cdef Tensor t = _input(input, "logsumexp")
    cdef ReduceNode fn
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef bint dev = type(x) is not _ndarray   # NOTE [ Device backends ]
    if (_xp.npdtype(x) if dev else x.dtype).kind != "f":
        x = x.astype(_D.get_default_dtype().np) if not dev else _xp.cast(x, _D.get_default_dtype().np)
    dims = wrap_dims(dim, x.ndim)     # checked on a 0-d input too (range [-1, 0])
    if not x.ndim:
        dims = ()
    elif not dims:
        # an empty dim list reduces everything; torch's logsumexp then fails
        # to write its 0-d result over the keepdim-shaped one where that
        # is not empty (its words)
        if not keepdim and x.size:
            raise RuntimeError("output with shape [] doesn't match the broadcast shape ["
                               + ", ".join(["1"] * x.ndim) + "]")
        dims = tuple(range(x.ndim))
    if dev:
        r = _xp.logsumexp(x, dims, keepdim)
    elif x.size:
        m = np.amax(x, axis=dims, keepdims=True)
        m = np.where(np.isfinite(m), m, 0)
    else:
        m = np.zeros((1,) * x.ndim, x.dtype)
    if not dev:
        with np.errstate(all="ignore"):
            r = np.log(np.exp(x - m).sum(axis=dims, keepdims=True)) + m
        if not keepdim:
            r = np.squeeze(r, axis=dims) if dims else r
    out = _reduced(as_array(r).astype(x.dtype, copy=False) if not dev else r, x)
    if grad_needed(t):
        fn = _make(LogsumexpBackward0, t, dims, keepdim, out)
        fn.sv0 = save_variable(t, False)
        fn.sv1 = save_variable(out, True)
    return out


def all(input, dim=None, keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    return _all_any(_input(input, "all"), dim, keepdim, True, "all")


def any(input, dim=None, keepdim=False, *, axis=None, keepdims=None):
    if axis is not None or keepdims is not None:
        dim, keepdim = _np_alias(dim, keepdim, axis, keepdims)
    return _all_any(_input(input, "any"), dim, keepdim, False, "any")


cdef _all_any(Tensor t, object dim, object keepdim, bint is_all, str name):
    """all/any over everything, one dim, or a list of dims (torch's
    all.dims: an empty list reduces nothing; a 0-d input accepts dims 0 and
    -1, each once)."""
    x = t.data_
    if not isinstance(keepdim, (bool, np.bool_)) or not (
            dim is None or isinstance(dim, (int, np.integer, list, tuple))):
        # no overload of torch's all/any takes these
        got = ", ".join(["Tensor" if isinstance(a, Tensor) else type(a).__name__
                         for a in ((dim,) if dim is not None else ()) + (keepdim,)])
        raise TypeError(f"{name}() received an invalid combination of arguments - got ({got}), "
                        "but expected one of:")
    keepdim = bool(keepdim)
    if dim is None:
        ax = None
        keepdim = False
    elif isinstance(dim, (list, tuple)):
        ax = wrap_dims(dim, x.ndim)
        if not x.ndim:
            ax = ()
    else:
        ax = wrap_dim(dim, x.ndim)
        if not x.ndim:
            ax = None
    if type(x) is not _ndarray:   # NOTE [ Device backends ]
        return wrap_array(_xp.all_any(x, ax, keepdim, is_all))
    r = (np.all if is_all else np.any)(x, axis=ax, keepdims=keepdim)
    # torch's all/any of a uint8 tensor is uint8, of anything else bool
    return _reduced(as_array(r).astype(np.uint8) if x.dtype == np.uint8 else as_array(r), x)


@cython.final
cdef class CumsumBackward0(ReduceNode):
    cdef list apply(self, list grads):
        g = grads[0]
        d = self.dims[0]
        # torch's cumsum_backward: the gradient itself when there is nothing
        # to sum, else the reversed cumulative sum flip(cumsum(flip(g)))
        if g.size <= 1 if type(g) is np.ndarray else (g.numel() <= 1 if isinstance(g, Tensor) else False):
            return [g]
        if g.shape[d] == 1:
            return [g]
        if isinstance(g, Tensor):
            return [g.flip(d).cumsum(d).flip(d)]
        if type(g) is not np.ndarray:
            return [_xp.cumsum_backward(g, d)]   # NOTE [ Device backends ]
        return [np.ascontiguousarray(np.flip(np.cumsum(np.flip(g, d), axis=d), d))]  # fresh, as torch's


_CUM_ACC = {"e": np.dtype(np.float32), "f": np.dtype(np.float64)}


def cumsum(input, dim=None, *, dtype=None, axis=None):
    if axis is not None:
        dim, _ = _np_alias(dim, False, axis, None)
    if dim is None:
        raise TypeError('cumsum() missing 1 required positional arguments: "dim"')
    cdef Tensor t = _input(input, "cumsum")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        d = wrap_dim(dim, x.ndim)
        out = wrap_array(_xp.cumsum(x, d, _np_dtype(dtype)))
        if grad_needed(t):   # NOTE [ Integral tensors with history ] in variable.pyx
            _make(CumsumBackward0, t, (d,), True, out)
        return out
    npd = _np_dtype(dtype)
    if npd is not None and npd.kind not in "fc" and grad_needed(t):
        _no_autograd_dtype(npd)
    if npd is None and x.dtype.kind in "biu":
        npd = np.int64
    d = wrap_dim(dim, x.ndim)
    if x.ndim:
        # torch's CPU scan accumulates in acc_type (float16 -> float32,
        # float32 -> float64) and rounds each running value to the result dtype
        target = np.dtype(npd or x.dtype)
        acc = _CUM_ACC.get(target.char, target)
        with np.errstate(over="ignore", invalid="ignore"):
            r = np.cumsum(x, axis=d, dtype=acc)
            if acc is not target:
                r = r.astype(target)
        if not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>r):
            r = np.ascontiguousarray(r)   # torch's cumsum output is contiguous
    else:
        r = x.astype(npd or x.dtype).copy()
    out = wrap_array(as_array(r))
    if grad_needed(t):   # NOTE [ Integral tensors with history ] in variable.pyx
        _make(CumsumBackward0, t, (d,), True, out)
    return out


cdef object _norm_backward_t(ReduceNode node, object g, object x, object n, double p):
    """torch's norm_backward on a Tensor gradient (create_graph, forward AD),
    op for op so that the gradient's graph is torch's: grad and norm
    unsqueezed at the reduced dims (without keepdim, self not 0-d); p=1:
    self.sgn() * grad; p=2: grad * (self / norm).masked_fill_(norm == 0, 0);
    +-inf: self.sgn() * ((grad / mask.sum(dim, True)) * mask) with mask the
    elements whose magnitude is the norm (or NaN); other p from
    self.abs().pow_(p - 1) (p - 2 from 2 on) and grad / norm.pow(p - 1)
    masked to 0 where the norm is 0 (below 1: self's zeros masked and
    grad * norm.pow(1 - p))."""
    return _norm_backward_tensor(g, x, n, p, node.dims, node.keepdim)


def _norm_backward_tensor(g, x, n, double p, dims, bint keepdim):
    """_norm_backward_t's formula for a reduction over dims (None: all);
    linalg.vector_norm's Function calls it under create_graph."""
    if not keepdim and x.dim() and dims:
        for d in sorted(dims):
            g = g.unsqueeze(d)
            n = n.unsqueeze(d)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if p == 1.0:
            return x.sgn() * g
        if p == 2.0:
            return g * (x / n).masked_fill_(n == 0, 0)
        if p == float("inf") or p == float("-inf"):
            ax = x.abs()
            mask = ax.eq(n).logical_or(ax.isnan())
            dims = dims if dims else tuple(range(x.dim()))
            cnt = mask.sum(dim=dims, keepdim=True) if dims else mask.sum()
            return x.sgn() * ((g / cnt) * mask)
        if p < 1.0:
            scaled = x.sgn() * x.abs().pow_(p - 1).masked_fill_(x == 0, 0)
            return scaled * g * n.pow(1 - p)
        if p < 2.0:
            scaled = x.sgn() * x.abs().pow_(p - 1)
        else:
            scaled = x * x.abs().pow_(p - 2)
        sv = g / n.pow(p - 1)
        sv.masked_fill_(n == 0, 0)
        return scaled * sv


cdef inline object _self_first(object r, object x, object gk):
    """A numpy norm gradient r in the layout of torch's norm_backward for
    p other than 2, whose products start from self (self.sgn() * ...): the
    elementwise layout of (self, grad) (NOTE [ Elementwise output layout ]),
    not numpy's order of the operands as written here."""
    if type(r) is np.ndarray and type(x) is np.ndarray:
        return k_ti_layout(r, x, gk, None)
    return r


@cython.final
cdef class LinalgVectorNormBackward0(ReduceNode):
    # sv0 self, sv1 result; scalar: ord
    cdef list apply(self, list grads):
        g = grads[0]
        x = self.v0(g)
        p = self.scalar
        if isinstance(g, Tensor) and type((<Tensor>g).data_) is np.ndarray and p != 0:
            return [_norm_backward_t(self, g, x, self.v1(g), p)]
        n = self.restore_out(self.v1(g), x, True)
        gk = self.restore_out(g, x, True)
        is_t = isinstance(g, Tensor)
        xp = xp_of(g)
        if p == 2 and is_t and type((<Tensor>g).data_) is np.ndarray:
            # torch's norm_backward: grad * (self / norm).masked_fill_(norm == 0, 0)
            # (differentiated, the division's gradient at norm == 0 is 0/0: NaN
            # double-backward gradients there, as torch's)
            with np.errstate(divide="ignore", invalid="ignore"):
                sc = x / n
            sc.masked_fill_(n == 0, 0.0)
            return [gk * sc]
        if p == 2 and type(g) is np.ndarray:
            with np.errstate(divide="ignore", invalid="ignore"):
                sc = x / n
            return [(gk * np.where(n == 0, 0, sc)).astype(x.dtype, copy=False)]
        if p == 2:
            return [xp.where(n == 0, 0.0 * x, gk * x / xp.where(n == 0, 1.0 + 0.0 * n, n))]
        if p == 1:
            return [_self_first(gk * xp.sign(x), x, gk)]
        dev = not is_t and type(g) is not np.ndarray   # NOTE [ Device backends ]
        if p == float("inf") or p == -float("inf"):   # the elements at the max (min) share g
            ax = x.abs() if is_t else (_xp.abs_(x) if dev else np.abs(x))
            mask = (ax == n)
            cnt = mask.sum(dim=self.rdims(), keepdim=True) if is_t and self.rdims() is not None else (
                mask.sum() if is_t else (_xp.sum_keep(mask, self.rdims()) if dev else
                                         mask.sum(axis=self.rdims(), keepdims=True)))
            if dev:
                mask = _xp.cast(mask, _xp.npdtype(gk))
                return [xp.sign(x) * mask * (gk / _xp.cast(cnt, _xp.npdtype(gk)))]
            return [_self_first(xp.sign(x) * xp.where(mask, gk / cnt, 0.0 * gk), x, gk)]
        ax = x.abs() if is_t else (_xp.abs_(x) if dev else np.abs(x))
        safe_n = xp.where(n == 0, 1.0 + 0.0 * n, n)
        return [_self_first(xp.where(n == 0, 0.0 * x, gk * xp.sign(x) * ax ** (p - 1) / safe_n ** (p - 1)), x, gk)]


def norm(input, p="fro", dim=None, keepdim=False, dtype=None, *, out=None):
    cdef Tensor t = _input(input, "norm")
    cdef ReduceNode fn
    if (dtype is not None or out is not None or (isinstance(p, str) and p != "fro")
            or (dim is not None and p == "fro" and not isinstance(dim, int) and len(dim) > 2)):
        # torch.norm's other forms: its dispatch to linalg's vector_norm / matrix_norm
        from cyautograd.linalg import _torch_norm
        return _torch_norm(input, p, dim, keepdim, dtype, out)
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef bint dev = type(x) is not _ndarray   # NOTE [ Device backends ]
    if (_xp.npdtype(x) if dev else x.dtype).kind != "f":
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. "
                           f"Got {_D._FROM_NP[_xp.npdtype(x)]._cname}")
    if p is None or p == "fro":
        p = 2
    if isinstance(p, str):
        raise RuntimeError(f"norm(): unsupported p={p!r}")
    p = float(p)
    dims = None if dim is None else wrap_dims(dim, x.ndim)
    if dims is not None and x.ndim == 0:
        dims = ()     # dim 0 / -1 of a 0-d input: checked, nothing to reduce
    elif dims == ():
        dims = None   # an empty dim list reduces everything
    if dev:
        out = wrap_array(_xp.vector_norm(x, p, dims, keepdim))
        if grad_needed(t):
            fn = _make(LinalgVectorNormBackward0, t, dims, keepdim, out)
            fn.scalar = p
            fn.sv0 = save_variable(t, False)
            fn.sv1 = save_variable(out, True)
        return out
    ax = np.abs(x)
    extent = x.size
    if dims is not None and x.ndim:
        extent = 1
        for d in dims:
            extent *= x.shape[d]
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        if extent == 1 and p != 0 and not (x.ndim == 0 and dim is not None and not (
                isinstance(dim, (list, tuple)) and len(dim) == 0)):
            # one element per result (and not a 0-d input reduced over its
            # "dim 0"): torch's norm is that element's magnitude, not the
            # root of its square (so float32 1e30 stays 1e30, 1e-30 stays 1e-30)
            r = ax.sum(axis=dims, keepdims=keepdim)
        elif p == float("inf"):
            r = np.amax(ax, axis=dims, keepdims=keepdim)
        elif p == -float("inf"):
            r = np.amin(ax, axis=dims, keepdims=keepdim)
        elif p == 0:
            r = (ax != 0).sum(axis=dims, keepdims=keepdim).astype(x.dtype)
        elif p == 1:
            r = ax.sum(axis=dims, keepdims=keepdim)
        elif p == 2:
            r = np.sqrt((x * x).sum(axis=dims, keepdims=keepdim))
        else:
            r = (ax ** p).sum(axis=dims, keepdims=keepdim) ** (1.0 / p)
    out = _reduced(as_array(r).astype(x.dtype, copy=False), x)
    if grad_needed(t):
        fn = _make(LinalgVectorNormBackward0, t, dims, keepdim, out)
        fn.scalar = p
        fn.sv0 = save_variable(t, False)
        fn.sv1 = save_variable(out, True)
    return out
