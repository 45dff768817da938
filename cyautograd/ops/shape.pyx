# cython: language_level=3
"""Shape and copy ops: clone, contiguous, to, reshape/view/flatten,
transpose/permute/t, (un)squeeze, expand, cat, stack, gather, index_select,
indexing. Until the views issue lands these copy their data."""
from cyautograd._fast cimport cya_tp_new
cimport cython
from cyautograd._fast cimport cya_mem_copy
from cpython.pyport cimport PY_SSIZE_T_MAX
from cpython.tuple cimport PyTuple_GET_ITEM
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad, tensor_dispatch
from cyautograd.tensor import _NO_MEMORY_FORMAT, _parser_reject
from cyautograd.argcheck cimport parser_check, tensor_arg, type_name
from cyautograd.graph cimport new_node, Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.variable cimport note_grad_version
from cyautograd.variable cimport (next_edges1, next_edges2, collect_next_edges, set_history,
                                  gradient_edge, check_inplace, bump_version, rebase_history)
from cyautograd.saved_variable cimport SavedVariable, save_variable, fw_level_open, err_backward_twice
from cyautograd.saved_variable import saved_tensor_of, undefined_saved_tensor
from cyautograd.memory_overlap cimport has_internal_overlap, assert_no_overlap, MEM_OVERLAP_YES
from cyautograd.view_meta cimport make_view, set_view_history, view_replay_enabled, record_view_func
from cyautograd.functions.tensor cimport TensorGeometry, geometry_of, view_to_base_index
from cyautograd._c cimport CYA_CREATION_META_DEFAULT, CYA_CREATION_META_MULTI_OUTPUT_NODE
from cyautograd.ops._common cimport as_array, edge_of, edges_first, grad_needed, wrap_dim, wrap_dims, unbroadcast
from cyautograd.kernels cimport k_np_view, k_strided, k_like_layout

cimport numpy as cnp
import warnings
import numpy as np
from cyautograd._warn import warn_user
from cyautograd.ops._common import NO_DIM as _NO_DIM
cnp.import_array()

cdef object _INT64_MIN = -(1 << 63)
cdef object _INT64_MAX = (1 << 63) - 1
cdef object _U64 = 1 << 64



cdef inline object _npdt(object a):
    return a.dtype if type(a) is np.ndarray else _xp.npdtype(a)


cdef inline bint _is_floating(object arr):
    if cnp.PyArray_CheckExact(arr):
        return (<cnp.dtype>cnp.PyArray_DESCR(<cnp.ndarray>arr)).kind == b'f'
    return _is_floating_xp(arr)   # out of line: keeps this inlinable (hot: every view asks)


cdef bint _is_floating_xp(object arr):
    return _xp.npdtype(arr).kind == "f"
from cyautograd import dtypes as _D
from cyautograd.ops import _xp   # NOTE [ Device backends ] in backend.py

# kinds of ShapeBackward
DEF K_IDENTITY = 0
DEF K_RESHAPE = 1
DEF K_PERMUTE = 2
DEF K_EXPAND = 3
DEF K_CAST = 4
DEF K_INDEX = 5
DEF K_GATHER = 6
DEF K_INDEX_SELECT = 7
DEF K_STRIDED = 8

# basic-index steps and view ops of the *BackwardBackward0 nodes
DEF STEP_SELECT = 0
DEF STEP_SLICE = 1
DEF STEP_UNSQUEEZE = 2
DEF VOP_SELECT = 0
DEF VOP_SLICE = 1
DEF VOP_DIAGONAL = 2
DEF VOP_UNFOLD = 3


cdef class ShapeBackward(Node):
    """Backward of one-input shape ops; each torch node name is a subclass."""
    cdef int kind
    cdef tuple self_shape_          # input shape when self_ndim < 0
    cdef int self_ndim              # ndim of the input shape held in self_dims, or -1
    cdef Py_ssize_t self_dims[8]
    cdef object self_dtype
    cdef object param
    cdef bint released_             # release_variables ran on a node that saves indices

    # NOTE [ Saved indices are released ]
    # torch saves the index tensors of IndexBackward0 (indices),
    # GatherBackward0 (index, self) and IndexSelectBackward0 (index) as
    # SavedVariables: backward without retain_graph frees them, and running
    # the node again raises ERR_BACKWARD_TWICE. We keep the indices as a plain
    # array in `param` (the formula needs only that), so the release is a flag
    # checked before the formula runs. Pure shape nodes (view, select, slice,
    # expand, ...) save no tensor in torch and run any number of times.
    cdef void release_variables(self):
        cdef type cls = type(self)
        if cls is IndexBackward0 or cls is GatherBackward0 or cls is IndexSelectBackward0:
            self.released_ = True

    def _cya_saved_scalars(self):
        """torch's saved sizes/dims/indices of a shape node, derived from
        what the node keeps (NOTE [ Saved values are derived when read ] in
        pointwise.pyx)."""
        return _shape_saved_scalars(self)

    def __getattr__(self, name):
        if name.startswith("_raw_saved_"):
            return _shape_saved_raw(self, name)
        return _saved_getattr(self, name, _shape_saved_scalars(self))

    def __dir__(self):
        names = _saved_dir(self, _shape_saved_scalars(self))
        cls = type(self)
        if cls is IndexSelectBackward0:
            names = sorted(names + ["_raw_saved_index"])
        elif cls is IndexBackward0:
            names = sorted(names + ["_raw_saved_indices"])
        return names

    cdef tuple self_shape(self):
        cdef int i
        if self.self_ndim < 0:
            return self.self_shape_
        return tuple([self.self_dims[i] for i in range(self.self_ndim)])

    cdef list apply(self, list grads):
        if self.released_:   # NOTE [ Saved indices are released ]
            raise err_backward_twice()
        g = grads[0]
        cdef bint is_t = isinstance(g, Tensor)
        self_shape = self.self_shape()
        if self.kind == K_IDENTITY:
            return [g]
        if self.kind == K_RESHAPE:
            if not is_t and type(g) is not np.ndarray:
                return [_xp.reshape(g, self_shape)]
            cls = type(self)
            if cls is UnsqueezeBackward0 or cls is SqueezeBackward0 or cls is SqueezeBackward1 \
                    or cls is SqueezeBackward2 or cls is SqueezeBackward4:
                # torch: grad.squeeze(dim) / unsqueeze_to(grad, ...) -- the
                # gradient itself where no dimension was removed
                if tuple(g.shape) == self_shape:
                    return [g]
                if is_t and type((<Tensor>g).data_) is np.ndarray:
                    return [_squeeze_backward_t(<Tensor>g, self_shape, cls is UnsqueezeBackward0)]
            return [g.reshape(self_shape)]
        if self.kind == K_PERMUTE:
            if is_t and (type(self) is TransposeBackward0 or type(self) is TBackward0):
                # torch: grad.transpose(dim0, dim1) / grad.t()
                sw = [i for i, d in enumerate(self.param) if i != d]
                if type(self) is TBackward0:
                    return [t(g)]
                return [transpose(g, sw[0], sw[1]) if sw else transpose(g, 0, 0)]
            inv = [0] * len(self.param)
            for i, d in enumerate(self.param):
                inv[d] = i
            inv = tuple(inv)
            if not is_t and type(g) is not np.ndarray:
                return [_xp.permute(g, inv)]
            return [g.permute(*inv) if is_t else g.transpose(inv)]
        if self.kind == K_EXPAND:
            return [unbroadcast(g, self_shape)]
        if self.kind == K_CAST:
            return [g.to(_D._FROM_NP[self.self_dtype]) if is_t else g.astype(self.self_dtype)]
        if self.kind == K_INDEX:
            if not is_t and type(g) is not np.ndarray:
                if _xp.is_advanced(self.param):
                    return [_xp.advanced_index_backward(g, self_shape, self.param)]
                return [_xp.index_backward(g, self_shape, self.param)]
            if type(self) is not IndexBackward0 and (not is_t or type((<Tensor>g).data_) is np.ndarray):
                return [_basic_index_backward(g, self_shape, self.param, type(self) is SliceBackward0)]
            if is_t:
                z = g.new_zeros(self_shape)
                return [_index_backward_t(z, self.param, g, type(self) is IndexBackward0)]
            z = np.zeros(self_shape, dtype=g.dtype)
            np.add.at(z, self.param, g)
            if type(self) is IndexBackward0:
                note_grad_version(z, 1)   # torch: zeros(...).index_put_(indices, grad, True)
            return [z]
        if not is_t and type(g) is not np.ndarray and self.kind in (K_GATHER, K_INDEX_SELECT):
            d, idx = self.param   # NOTE [ Device backends ]
            if self.kind == K_GATHER:
                return [_xp.gather_backward(g, self_shape, d, idx)]
            return [_xp.index_add(self_shape, d, idx, g)]
        if self.kind == K_GATHER:
            d, idx = self.param
            if len(self_shape) == 0:
                # a 0-d self: every index is 0, the gradient is the sum
                return [g.sum() if is_t else np.asarray(g.sum(), dtype=g.dtype)]
            if idx.ndim == 0:
                g = g.reshape(1) if is_t else np.asarray(g).reshape(1)
                idx = idx.reshape(1)
            if is_t and type((<Tensor>g).data_) is np.ndarray and not fw_level_open():
                # torch's gather_backward: new_zeros(...).scatter_add_(dim,
                # index, grad) -- version 1, ScatterAddBackward0
                z = wrap_array(np.zeros(self_shape, dtype=(<Tensor>g).data_.dtype))
                z.scatter_add_(d, wrap_array(np.ascontiguousarray(idx, dtype=np.int64)), g)
                return [z]
            if is_t:
                flat = np.ravel_multi_index(_gather_index(idx, d), self_shape) if idx.size else idx
                return [_scatter_flat(g, flat, self_shape)]
            z = np.zeros(self_shape, dtype=g.dtype)
            np.add.at(z, _gather_index(idx, d), g)
            note_grad_version(z, 1)
            return [z]
        if self.kind == K_STRIDED:
            in_geom, view_geom = self.param[0], self.param[1]
            if not is_t and type(g) is not np.ndarray and _xp.is_device(g):   # NOTE [ Device backends ]
                return [_xp.scatter_add_flat(g, view_to_base_index(in_geom, view_geom)
                                             if type(self) is AsStridedBackward0
                                             else _logical_view_index(type(self), self_shape, self.param[2]),
                                             self_shape)]
            if type(self) is AsStridedBackward0 and (not is_t or type((<Tensor>g).data_) is np.ndarray):
                return [_as_strided_backward(g, in_geom, view_geom)]
            idx = view_to_base_index(in_geom, view_geom) if type(self) is AsStridedBackward0 \
                else _logical_view_index(type(self), self_shape, self.param[2])
            if is_t and type((<Tensor>g).data_) is np.ndarray and not fw_level_open():
                # diagonal_backward / unfold_backward: a new tensor; under
                # grad mode its backward is the view op (NOTE [ Backward of
                # basic indexing ])
                z = np.zeros(self_shape, dtype=(<Tensor>g).data_.dtype)
                np.add.at(z.reshape(-1), idx, (<Tensor>g).data_.reshape(-1))
                if type(self) is DiagonalBackward0:
                    return [_with_view_op_history(wrap_array(z), <Tensor>g, DiagonalBackwardBackward0,
                                                  VOP_DIAGONAL, self.param[2])]
                return [_with_view_op_history(wrap_array(z), <Tensor>g, UnfoldBackwardBackward0,
                                              VOP_UNFOLD, self.param[2])]
            if is_t:
                return [_scatter_flat(g, idx, self_shape)]
            z = np.zeros(self_shape, dtype=g.dtype)   # fresh, as torch's
            np.add.at(z.reshape(-1), idx, np.asarray(g).reshape(-1))
            return [z]
        if self.kind == K_INDEX_SELECT:
            d, idx = self.param
            if is_t and type((<Tensor>g).data_) is np.ndarray and not fw_level_open():
                # torch's index_select_backward: zeros(...).index_add_(dim,
                # index, grad) -- version 1, IndexAddBackward0
                z = wrap_array(np.zeros(self_shape, dtype=(<Tensor>g).data_.dtype))
                z.index_add_(d, wrap_array(np.ascontiguousarray(idx, dtype=np.int64).reshape(-1)),
                             g if g.dim() else g.reshape(1))
                return [z]
            if is_t:
                flat = np.arange(_numel(self_shape), dtype=np.int64).reshape(self_shape)
                return [_scatter_flat(g, flat[(slice(None),) * d + (idx,)], self_shape)]
            z = np.zeros(self_shape, dtype=g.dtype)
            np.add.at(z, (slice(None),) * d + (idx,), g)
            note_grad_version(z, 1)
            return [z]
        raise AssertionError("bad kind")


cdef object _logical_view_index(type cls, tuple shape, tuple p):
    """For each element of diagonal(off, d1, d2) / unfold(d, size, step) of
    a tensor of `shape` (C order), the flat C-order index of its input
    element.

    NOTE [ Unfold and diagonal gradients are logical ]
    diagonal_backward and unfold_backward place the gradient by the op's
    parameters into a new tensor of the input's sizes, never through the
    input's strides: an input that repeats addresses (an expand, an
    overlapping unfold) has distinct logical elements at one address, and a
    map through storage addresses sent every gradient element of such an
    input to the last of them. (as_strided's backward is the one that works
    in storage; its node keeps view_to_base_index.)"""
    base = np.arange(_numel(shape), dtype=np.int64).reshape(shape)
    if cls is DiagonalBackward0:
        return np.ascontiguousarray(base.diagonal(p[0], p[1], p[2])).reshape(-1)
    d, sz, stp = p
    if base.ndim == 0:
        return np.zeros(sz, dtype=np.int64)
    n = shape[d]
    vshape = shape[:d] + ((n - sz) // stp + 1,) + shape[d + 1:] + (sz,)
    vst = base.strides[:d] + (base.strides[d] * stp,) + base.strides[d + 1:] + (base.strides[d],)
    return np.ascontiguousarray(np.lib.stride_tricks.as_strided(base, vshape, vst)).reshape(-1)


@cython.final
cdef class CloneBackward0(ShapeBackward):
    pass


@cython.final
cdef class UnsafeViewBackward0(ShapeBackward):
    @property
    def _saved_self_sym_sizes(self):
        return self.self_shape()


@cython.final
cdef class ReshapeAliasBackward0(ShapeBackward):
    pass


@cython.final
cdef class SqueezeBackward4(ShapeBackward):
    pass


@cython.final
cdef class DiagonalBackward0(ShapeBackward):
    pass


@cython.final
cdef class AsStridedBackward0(ShapeBackward):
    pass


@cython.final
cdef class UnfoldBackward0(ShapeBackward):
    pass


@cython.final
cdef class ToCopyBackward0(ShapeBackward):
    pass


@cython.final
cdef class ViewBackward0(ShapeBackward):
    @property
    def _saved_self_sym_sizes(self):
        return self.self_shape()


@cython.final
cdef class PermuteBackward0(ShapeBackward):
    pass


@cython.final
cdef class TransposeBackward0(ShapeBackward):
    pass


@cython.final
cdef class TBackward0(ShapeBackward):
    pass


@cython.final
cdef class UnsqueezeBackward0(ShapeBackward):
    pass


@cython.final
cdef class SqueezeBackward0(ShapeBackward):
    pass


@cython.final
cdef class SqueezeBackward1(ShapeBackward):
    pass


@cython.final
cdef class SqueezeBackward2(ShapeBackward):
    pass


@cython.final
cdef class ExpandBackward0(ShapeBackward):
    @property
    def _saved_self_sym_sizes(self):
        return self.self_shape()


@cython.final
cdef class IndexBackward0(ShapeBackward):
    pass


@cython.final
cdef class SelectBackward0(ShapeBackward):
    pass


@cython.final
cdef class SliceBackward0(ShapeBackward):
    pass


@cython.final
cdef class AliasBackward0(ShapeBackward):
    pass


@cython.final
cdef class GatherBackward0(ShapeBackward):
    # NOTE [ gather saves self and index ]
    # torch's GatherBackward0 saves self and index as SavedVariables (both
    # leaves or inputs: the tensors themselves): an in-place change of
    # either is a version error, and a `.data` assignment reaches backward,
    # whose gather_backward is zeros(self.sizes()).scatter_add_(dim, index,
    # grad) over the live self and index -- scatter_add_'s checks and errors
    # when they no longer fit. param keeps (dim, the index array as recorded)
    # for the common path; a changed self shape or index object takes the
    # Tensor scatter_add_.
    cdef SavedVariable sv_self
    cdef SavedVariable sv_index
    cdef object dim_arg
    cdef bint sparse_grad

    cdef void release_variables(self):
        ShapeBackward.release_variables(self)
        if self.sv_self is not None:
            self.sv_self.release()
            self.sv_index.release()

    @property
    def _saved_self(self):
        return None if self.sv_self is None else self.sv_self.unpack_user(self, True)

    @property
    def _saved_index(self):
        return None if self.sv_index is None else self.sv_index.unpack_user(self, True)

    @property
    def _raw_saved_self(self):
        return undefined_saved_tensor() if self.sv_self is None else self.sv_self

    @property
    def _raw_saved_index(self):
        return undefined_saved_tensor() if self.sv_index is None else self.sv_index

    @property
    def _saved_dim(self):
        # the dim as given; torch's accessor reads the int64 as unsigned (-1
        # shows as 2**64 - 1)
        return self.dim_arg if self.dim_arg >= 0 else self.dim_arg + (1 << 64)

    @property
    def _saved_sparse_grad(self):
        return self.sparse_grad

    cdef list apply(self, list grads):
        cdef bint is_t
        if self.sv_self is not None and not self.released_:
            g = grads[0]
            is_t = isinstance(g, Tensor)
            s = self.sv_self.unpack(self, False)
            ix = self.sv_index.unpack(self, False)
            if tuple(s.shape) != self.self_shape() or ix is not self.param[1]:
                gt = g if is_t else wrap_array(as_array(g))
                # new_zeros(...).scatter_add_(...): version 1, as torch leaves it
                z = wrap_array(np.zeros(tuple(s.shape), dtype=_npdt((<Tensor>gt).data_)))
                z.scatter_add_(self.param[0], wrap_array(ix) if not isinstance(ix, Tensor) else ix, gt)
                return [z if is_t else (<Tensor>z).data_]
        return ShapeBackward.apply(self, grads)


@cython.final
cdef class CppFunction(ShapeBackward):
    """torch's Identity node, the backward of forward AD's primal view
    (unpack_dual): a C++ node without a Python class, so torch shows it as
    ``CppFunction`` named ``torch::autograd::Identity``."""

    cpdef str name(self):
        return "torch::autograd::Identity"


@cython.final
cdef class IndexSelectBackward0(ShapeBackward):
    pass


cdef object _squeeze_backward_t(Tensor g, tuple self_shape, bint unsqueeze_node):
    """unsqueeze's backward (grad.squeeze(dim)) or squeeze's (unsqueeze_to:
    grad.unsqueeze(d) for each removed size-1 dim d, in increasing order)."""
    gs = tuple(g.shape)
    cdef Py_ssize_t i, j = 0
    if unsqueeze_node:
        for i in range(len(gs)):
            if gs[:i] + gs[i + 1:] == self_shape and gs[i] == 1:
                return squeeze(g, i)
        return g.reshape(self_shape)
    removed = []
    for i in range(len(self_shape)):
        if j < len(gs) and gs[j] == self_shape[i] and _tail_fits(self_shape, i + 1, gs, j + 1):
            j += 1
        else:
            removed.append(i)
    if j != len(gs):
        return g.reshape(self_shape)
    for i in removed:
        g = unsqueeze(g, i)
    return g


cdef bint _tail_fits(tuple a, Py_ssize_t i, tuple b, Py_ssize_t j):
    """b[j:] is a[i:] with some of its size-1 entries removed."""
    while i < len(a):
        if j < len(b) and a[i] == b[j]:
            j += 1
        elif a[i] != 1:
            return False
        i += 1
    return j == len(b)


cdef object _index_backward_t(z, index, g, bint impl):
    """The gradient of x[index] as a differentiable op on the Tensor g
    (create_graph): g added into zeros at index -- torch's index_backward
    calls _index_put_impl_ (IndexPutImplBackward0, version 1)."""
    if fw_level_open():
        # through the public method, whose op carries tangents (see fw_level_open);
        # the index is our normalized one, not what torch's parser takes
        from cyautograd._arg_parser import internal_call
        with internal_call():
            return z.index_put_(index if type(index) is tuple else (index,), g, accumulate=True)
    return _index_put(z, index if type(index) is tuple else (index,), g, True,
                      IndexPutImplBackward0 if impl else IndexPutBackward0)


# NOTE [ Backward of basic indexing ]
# torch's basic indexing is a chain of ops applied left to right (int:
# select, slice: slice, None: unsqueeze; inside a tuple a full slice is
# skipped), and its backward runs each op's own backward in reverse:
# select_backward / slice_backward write the gradient into fresh zeros (a
# new tensor, version 0 -- they are ops of their own, not an in-place write
# the autograd layer sees), unsqueeze's backward is grad.squeeze(dim) (a
# view of the gradient), and a chain that applies nothing (x[...]) passes
# the gradient itself. One node here stands for the chain (named after its
# last op), so its backward replays the chain: the gradient has torch's
# version, view-ness and _base on both engine paths, and under create_graph
# each write is a SelectBackwardBackward0 / SliceBackwardBackward0 node
# whose own backward is the forward op again (torch's formula for the
# *_backward ops).


cdef list _index_steps(object idx, tuple shape, bint is_slice_node):
    """[(kind, dim, arg, input shape)] of the chain torch applies for idx."""
    cdef bint in_tuple = type(idx) is tuple
    items = idx if in_tuple else (idx,)
    cdef Py_ssize_t consumed = 0, d = 0, n
    cdef list cur = list(shape), steps = []
    last_slice = None
    for it in items:
        if it is not None and it is not Ellipsis:
            consumed += 1
    for it in items:
        if it is None:
            steps.append((STEP_UNSQUEEZE, d, None, tuple(cur)))
            cur.insert(d, 1)
            d += 1
        elif it is Ellipsis:
            d += len(shape) - consumed
        elif type(it) is slice:
            n = cur[d]
            rng = it.indices(n)
            last_slice = (d, it, tuple(cur))
            if not (in_tuple and rng == (0, n, 1)):
                steps.append((STEP_SLICE, d, it, tuple(cur)))
                cur[d] = len(range(*rng))
            d += 1
        else:
            steps.append((STEP_SELECT, d, it, tuple(cur)))
            del cur[d]
    if not steps and is_slice_node and last_slice is not None:
        # narrow / at::slice over a whole dimension: still a slice op
        steps.append((STEP_SLICE,) + last_slice)
    return steps


cdef object _basic_index_backward(object g, tuple self_shape, object idx, bint is_slice_node):
    cdef int kind
    cdef Py_ssize_t d
    for kind, d, arg, in_shape in reversed(_index_steps(idx, self_shape, is_slice_node)):
        if kind == STEP_UNSQUEEZE:
            g = g.squeeze(d) if isinstance(g, Tensor) else g.squeeze(axis=d)
        else:
            g = _view_op_backward(g, in_shape, (slice(None),) * d + (arg,),
                                  SliceBackwardBackward0 if kind == STEP_SLICE else SelectBackwardBackward0,
                                  kind, (d, arg))
    return g


cdef object _view_op_backward(object g, tuple in_shape, object where, type cls, int op, object args):
    """select_backward / slice_backward: zeros of in_shape with g written
    at `where`; a new tensor (version 0). For a Tensor g under grad mode
    the result's history is cls, whose backward is the view op itself."""
    cdef Tensor tg
    if not isinstance(g, Tensor):
        z = np.zeros(in_shape, dtype=g.dtype)
        z[where] = g
        return z
    tg = <Tensor>g
    if fw_level_open():
        # the composite, whose ops carry tangents (see fw_level_open)
        from cyautograd.creation import zeros as _zeros
        zt = _zeros(in_shape, dtype=tg.dtype)
        zt[where] = tg
        return zt
    z = np.zeros(in_shape, dtype=tg.data_.dtype)
    z[where] = tg.data_
    return _with_view_op_history(wrap_array(z), tg, cls, op, args)


cdef object _with_view_op_history(Tensor out, Tensor g, type cls, int op, object args):
    cdef _ViewOpBackwardBackward fn
    if grad_needed(g):
        fn = new_node(cls)
        fn.op = op
        fn.args = args
        fn.next_edges_ = next_edges1(g)
        set_history(out, fn, 0)
    return out


def diag_backward_2d(Tensor g, tuple shape, int offset):
    """torch's diagonal_backward(grad, shape, offset, 0, 1) of a host Tensor
    gradient of a matrix's diagonal (diag of a matrix, ops/extra.py): a new
    zeros matrix with g on that diagonal; with g requiring grad its node is
    DiagonalBackwardBackward0 (its backward the diagonal view)."""
    z = np.zeros(shape, dtype=g.data_.dtype)
    n = g.data_.shape[0]
    if n:
        z[np.arange(n) + max(-offset, 0), np.arange(n) + max(offset, 0)] = g.data_
    return _with_view_op_history(wrap_array(z), g, DiagonalBackwardBackward0, VOP_DIAGONAL, (offset, 0, 1))


def as_strided_backward(g, TensorGeometry inp, TensorGeometry out):
    """_as_strided_backward for functions/tensor.pyx's regenerated
    AsStridedBackward0 (a view's grad_fn after its base changed)."""
    return _as_strided_backward(g, inp, out)


cdef bint _maybe_overlapping(list sizes, list strides):
    """torch's _maybe_overlapping_memory: walking the dimensions by stride,
    a stride no larger than the span of the smaller ones may overlap."""
    cdef Py_ssize_t span = 0
    for i in sorted(range(len(sizes)), key=lambda k: strides[k]):
        if strides[i] <= span:
            return True
        span += strides[i] * (sizes[i] - 1)
    return False


cdef Py_ssize_t _min_storage_size(list sizes, list strides, Py_ssize_t offset):
    cdef Py_ssize_t n = offset + 1
    for i in range(len(sizes)):
        if sizes[i] == 0:
            return offset
        n += (sizes[i] - 1) * strides[i]
    return n


cdef object _zeros_v1(object sizes, object dt, bint is_t):
    """torch's at::zeros (an empty tensor, then zero_()): version 1."""
    z = np.zeros(sizes, dt)
    if is_t:
        t = wrap_array(z)
        bump_version(t)
        return t
    note_grad_version(z, 1)
    return z


cdef object _as_strided_backward(object g, TensorGeometry inp, TensorGeometry out):
    """torch's as_strided_backward: the gradient lands in a zero "storage"
    tensor laid out by both geometries (scattered with index_add_ when the
    output may overlap itself, else copied through the output's as_strided
    view), is divided by the input's multiplicity when the input may
    overlap, and is returned as the input-shaped as_strided view of that
    storage -- a view, version 1 (2 after the division). On the Tensor path
    the same ops run on Tensors, so create_graph records torch's
    AsStridedBackward0 over CopySlices / IndexAddBackward0."""
    cdef bint is_t = isinstance(g, Tensor)
    cdef list osz = [], ost = [], isz = [], ist = []
    cdef Py_ssize_t i
    cdef int version
    dt = (<Tensor>g).data_.dtype if is_t else g.dtype
    for i in range(len(out.sizes) - 1, -1, -1):
        if out.sizes[i] == 0:
            return _zeros_v1(inp.sizes, dt, is_t)
        if out.sizes[i] == 1:
            g = g.squeeze(i) if is_t else g.squeeze(axis=i)
        elif out.strides[i] == 0:
            g = g.sum(i) if is_t else g.sum(axis=i)
        else:
            osz.insert(0, out.sizes[i])
            ost.insert(0, out.strides[i])
    for i in range(len(inp.sizes) - 1, -1, -1):
        if inp.sizes[i] == 0:
            return _zeros_v1(inp.sizes, dt, is_t)
        if inp.sizes[i] != 1:
            isz.insert(0, inp.sizes[i])
            ist.insert(0, inp.strides[i])
    cdef bint out_ov = _maybe_overlapping(osz, ost), in_ov = _maybe_overlapping(isz, ist)
    cdef Py_ssize_t shared = min(inp.storage_offset, out.storage_offset)
    cdef Py_ssize_t ioff = inp.storage_offset - shared, ooff = out.storage_offset - shared
    cdef Py_ssize_t n = max(_min_storage_size(isz, ist, ioff), _min_storage_size(osz, ost, ooff))
    full = np.arange(n, dtype=np.int64)
    es = np.dtype(np.int64).itemsize
    if is_t:
        storage = wrap_array(np.zeros(n, dt))
        if out_ov:
            oidx = np.lib.stride_tricks.as_strided(full[ooff:], tuple(osz), tuple([v * es for v in ost]))
            storage.index_add_(0, wrap_array(np.ascontiguousarray(oidx).reshape(-1)), g.reshape(-1))
        else:
            as_strided(storage, tuple(osz), tuple(ost), ooff).copy_(g)
        if in_ov:
            iidx = np.lib.stride_tricks.as_strided(full[ioff:], tuple(isz), tuple([v * es for v in ist])).reshape(-1)
            count = np.zeros(n, dt)
            np.add.at(count, iidx, 1)
            storage.div_(wrap_array(count))
        return as_strided(storage, inp.sizes, inp.strides, ioff)
    storage = np.zeros(n, dt)
    oidx = np.lib.stride_tricks.as_strided(full[ooff:], tuple(osz), tuple([v * es for v in ost]))
    np.add.at(storage, oidx.reshape(-1), np.asarray(g).reshape(-1))
    version = 1
    if in_ov:
        iidx = np.lib.stride_tricks.as_strided(full[ioff:], tuple(isz), tuple([v * es for v in ist])).reshape(-1)
        count = np.zeros(n, dt)
        np.add.at(count, iidx, 1)
        with np.errstate(divide="ignore", invalid="ignore"):
            np.divide(storage, count, out=storage)
        version = 2
    note_grad_version(storage, version)
    isize = dt.itemsize
    # a view whose .base is the storage array (the engine wraps it as a view)
    return np.ndarray(inp.sizes, dt, buffer=storage, offset=ioff * isize,
                      strides=tuple([v * isize for v in inp.strides]))




cdef class _ViewOpBackwardBackward(Node):
    """torch's <view op>BackwardBackward0: the backward of a view op's
    backward (a write of the gradient into zeros) with respect to that
    gradient is the view op, applied to the incoming gradient."""
    cdef int op
    cdef object args

    cdef list apply(self, list grads):
        gg = grads[0]
        if gg is None:
            return [None]
        a = self.args
        if self.op == VOP_SELECT:
            if isinstance(gg, Tensor):
                return [getitem(gg, (slice(None),) * a[0] + (a[1],))]
            return [gg[(slice(None),) * a[0] + (a[1],)]]
        if self.op == VOP_SLICE:
            if isinstance(gg, Tensor):
                idx = (slice(None),) * a[0] + (a[1],)
                return [_view(<Tensor>gg, (<Tensor>gg).data_[idx], SliceBackward0, K_INDEX, idx)]
            return [gg[(slice(None),) * a[0] + (a[1],)]]
        if self.op == VOP_DIAGONAL:
            if isinstance(gg, Tensor):
                return [diagonal(gg, a[0], a[1], a[2])]
            return [np.diagonal(gg, a[0], a[1], a[2])]
        if isinstance(gg, Tensor):
            return [unfold(gg, a[0], a[1], a[2])]
        return [(<Tensor>unfold(wrap_array(np.asarray(gg)), a[0], a[1], a[2])).data_]


@cython.final
cdef class SelectBackwardBackward0(_ViewOpBackwardBackward):
    pass


@cython.final
cdef class SliceBackwardBackward0(_ViewOpBackwardBackward):
    pass


@cython.final
cdef class DiagonalBackwardBackward0(_ViewOpBackwardBackward):
    pass


@cython.final
cdef class UnfoldBackwardBackward0(_ViewOpBackwardBackward):
    pass


cdef Py_ssize_t _numel(tuple shape):
    cdef Py_ssize_t n = 1
    for v in shape:
        n *= v
    return n


def _scatter_flat(g, flat, shape):
    """zeros(shape) with the elements of the Tensor g added at the C-order
    flat indices `flat` (one per element of g): the differentiable form of
    the backward of every gather-like op (its own backward is a gather).
    NOTE [ Double backward of gathers ]: torch writes a dedicated formula
    per op (gather: scatter_add_ into zeros, index_select: index_add_,
    diagonal/unfold/select/slice: their own *BackwardBackward0 nodes, see
    NOTE [ Backward of basic indexing ]), and the host paths follow it so
    the gradient has torch's version, view-ness and node. Device tensors
    still reduce to this index_put_(accumulate=True) of a flat index, whose
    backward is the indexing x.reshape(-1)[flat]."""
    cdef Tensor tg = g
    if type(tg.data_) is not np.ndarray:   # NOTE [ Device backends ]
        z = wrap_array(_xp.zeros(tg.data_, (_numel(tuple(shape)),)))
    else:
        z = wrap_array(np.zeros(_numel(tuple(shape)), dtype=tg.data_.dtype))
    index_put_(z, (np.asarray(flat, dtype=np.int64).reshape(-1),), tg.reshape(-1), True)
    return z.reshape(tuple(shape))


cdef tuple _gather_index(idx, int d):
    grids = list(np.indices(idx.shape, sparse=True))
    grids[d] = idx
    return tuple(grids)


cdef bint _index_like(object x):
    """An int (not a bool) or a 0-d integer Tensor: what torch's parser binds to an int."""
    if isinstance(x, (int, np.integer)):
        return not isinstance(x, bool)
    return isinstance(x, Tensor) and (<Tensor>x).data_.ndim == 0 and (<Tensor>x).data_.dtype.kind in "iu"


cdef object _hot_reject(str key, object input, tuple args, dict kwargs):
    """The failure path of the hot methods (view, reshape, flatten, permute,
    chunk, ...), which no guard wraps (NOTE [ Parser replay on the error
    path ]): torch's parser error for method `key` if its parser rejects
    the arguments. Called from an except clause only."""
    if isinstance(input, Tensor):
        from cyautograd._arg_parser import reject
        reject(key, args, kwargs)


cdef Tensor _arg(x, str name):
    if not isinstance(x, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type_name(x)}")
    return x


cdef _no_autograd_dtype(object arr):
    """torch's set_history check (NOTE [ Integral tensors with history ] in variable.pyx):
    an integral or bool tensor that requires grad (it got a grad_fn through
    an in-place op from a float that requires grad, e.g. fill_ of a 0-d
    one) cannot be the input of an op that records history."""
    raise RuntimeError(f"Autograd not support dtype: {_D._FROM_NP[_npdt(arr)]._cname}")


cdef ShapeBackward _shape_node(Tensor t, object arr, type cls, int kind, object param):
    """The node of a one-input shape op, or None when it records nothing."""
    cdef ShapeBackward fn
    if not (grad_needed(t) and _is_floating(arr)):
        if grad_needed(t) and not _is_floating(t.data_):
            _no_autograd_dtype(arr)
        return None
    fn = new_node(cls)
    fn.kind = kind
    x = t.data_
    if cnp.PyArray_CheckExact(x) and cnp.PyArray_NDIM(<cnp.ndarray>x) <= 8:
        fn.self_ndim = cnp.PyArray_NDIM(<cnp.ndarray>x)
        cya_mem_copy(fn.self_dims, cnp.PyArray_DIMS(<cnp.ndarray>x), fn.self_ndim * sizeof(Py_ssize_t))
        fn.self_dtype = <object>cnp.PyArray_DESCR(<cnp.ndarray>x)
    else:
        fn.self_ndim = -1
        fn.self_shape_ = tuple(x.shape)
        fn.self_dtype = x.dtype
    fn.param = param
    fn.next_edges_ = next_edges1(t)
    return fn


cdef Tensor _view(Tensor t, object arr, type cls, int kind, object param):
    """A view op: `arr` views t's memory; the output shares t's storage and
    version counter (see NOTE [ Autograd View Variables ] in view_meta.pyx)."""
    cdef Tensor out = make_view(t, arr, CYA_CREATION_META_DEFAULT)
    _view_record(out, t, _shape_node(t, arr, cls, kind, param), cls, kind, param)
    return out


cdef inline int _view_record(Tensor out, Tensor t, ShapeBackward fn, type cls, int kind,
                             object param) except -1:
    """The view's history (fn: its node, None when t needs no grad) and,
    with view replay on, its view_func -- recorded whether or not t requires
    grad, as torch's, so that _view_func can replay it on a base that does
    (NOTE [ View func replay ] in _private_methods.py)."""
    if fn is not None:
        _view_history(out, t, fn)
    elif view_replay_enabled():
        record_view_func(out, t, ViewReplay(cls, kind, param, out))
    return 0


cdef inline int _view_history(Tensor out, Tensor t, ShapeBackward fn) except -1:
    """set_view_history for a one-output view op of t, and its view_func when
    view replay is on (NOTE [ View replay ] in view_meta.pyx)."""
    set_view_history(out, fn, 0)
    if view_replay_enabled():
        record_view_func(out, t, ViewReplay(type(fn), fn.kind, fn.param, out))
    return 0


@cython.final
cdef class ViewReplay:
    """The view_func of a view made under view replay: rebuilds the view
    over `p` (the view's base, or its replay from the root) with the view's
    geometry and a node of the original op's class and parameters."""
    cdef type cls
    cdef int kind
    cdef object param
    cdef tuple size, stride
    cdef Py_ssize_t offset

    def __init__(self, type cls, int kind, param, Tensor view):
        self.cls = cls
        self.kind = kind
        self.param = param
        self.size = tuple(view.shape)
        self.stride = view.stride()
        self.offset = view.storage_offset()

    def __call__(self, Tensor p not None):
        arr = (<Tensor>as_strided(p, self.size, self.stride, self.offset)).data_
        return _view(p, arr, self.cls, self.kind, self.param)


cdef Tensor _record(Tensor t, object arr, type cls, int kind, object param):
    """A shape op that copies."""
    cdef Tensor out = wrap_array(arr)
    cdef ShapeBackward fn = _shape_node(t, arr, cls, kind, param)
    if fn is not None:
        set_history(out, fn, 0)
    return out


def clone(input, *, memory_format=None):
    cdef Tensor t = _arg(input, "clone")
    x = t.data_
    # memory_format=preserve: torch's empty_like strides (NOTE [ Elementwise output layout ])
    return _record(t, k_like_layout(x.copy(), x) if type(x) is np.ndarray else _xp.copy(x), CloneBackward0,
                   K_IDENTITY, None)


cdef object _NO_MF = _NO_MEMORY_FORMAT


def contiguous(input, *args, memory_format=_NO_MEMORY_FORMAT):
    cdef Tensor t = _arg(input, "contiguous")
    if args or memory_format is not _NO_MF:   # memory_format is keyword-only in torch
        _parser_reject("Tensor.contiguous", args, memory_format)
    if type(t.data_) is not np.ndarray:   # NOTE [ Device backends ]
        if _xp.is_contiguous(t.data_):
            return t
        return _record(t, _xp.contiguous(t.data_), CloneBackward0, K_IDENTITY, None)
    if t.data_.flags.c_contiguous:
        return t
    return _record(t, np.ascontiguousarray(t.data_), CloneBackward0, K_IDENTITY, None)


_TO_SIGNATURES = (
    "but expected one of:\n"
    " * (cyautograd.device device = None, cyautograd.dtype dtype = None, bool non_blocking = False, "
    "bool copy = False, *, cyautograd.memory_format memory_format = None)\n"
    " * (cyautograd.dtype dtype, bool non_blocking = False, bool copy = False, *, "
    "cyautograd.memory_format memory_format = None)\n"
    " * (Tensor tensor, bool non_blocking = False, bool copy = False, *, "
    "cyautograd.memory_format memory_format = None)\n")


cdef bint _is_device_arg(object a):
    return isinstance(a, str) or type(a) is int or type(a).__name__ == "device"


def _to_args(args, kwargs):
    """(dtype, device, copy) of Tensor.to's three signatures, with torch's
    TypeError for any other combination."""
    dtype = _D.canonical(kwargs.pop("dtype", None))
    if args and isinstance(args[0], type) or len(args) > 1 and isinstance(args[1], type):
        args = tuple([_D.canonical(a) for a in args])   # x.to(float), x.to('cpu', int)
    device = kwargs.pop("device", None)
    copy = kwargs.pop("copy", False)
    kwargs.pop("non_blocking", None)
    kwargs.pop("memory_format", None)
    cdef Py_ssize_t n = len(args), i = 0
    ok = not kwargs and (dtype is None or isinstance(dtype, _D.dtype)) and (
        device is None or _is_device_arg(device))
    if ok and n:
        a = args[0]
        if isinstance(a, _D.dtype) and device is None and kwargs == {}:
            dtype, i = a, 1
        elif isinstance(a, Tensor):
            dtype, device, i = a.dtype, a.device, 1
        elif a is None or _is_device_arg(a):
            device, i = a, 1
            if n > 1 and (args[1] is None or isinstance(args[1], _D.dtype)):
                if args[1] is not None:
                    dtype = args[1]
                i = 2
        else:
            ok = False
        rest = args[i:]
        if ok and (len(rest) > 2 or any(type(b) is not bool for b in rest)):
            ok = False
        if ok and len(rest) == 2:
            copy = rest[1]
    if not ok:
        got = ", ".join([_arg_type_name(a) for a in args] +
                        [f"{k}={_arg_type_name(v)}" for k, v in kwargs.items()])
        raise TypeError(f"to() received an invalid combination of arguments - got ({got}), " + _TO_SIGNATURES)
    return dtype, device, copy


cdef str _arg_type_name(object a):
    if isinstance(a, Tensor):
        return "Tensor"
    if isinstance(a, _D.dtype):
        return "cyautograd.dtype"
    if type(a).__name__ == "device":
        return "cyautograd.device"
    return type_name(a)


def to(input, *args, **kwargs):
    cdef Tensor t = _arg(input, "to")
    dtype, device, copy = _to_args(args, kwargs)
    if device is not None or type(t.data_) is not np.ndarray:
        # another device, or a device tensor: NOTE [ Device backends ]
        from cyautograd.ops.device import to_device as _to_device
        from cyautograd import backend as _backend
        r = _to_device(t, _backend.check_device(device), dtype, copy)
        if r is not None:
            return r
    if dtype is None or dtype.np == t.data_.dtype:
        if copy:
            return clone(t)
        return t
    x = t.data_
    if x.dtype.kind == "f":
        # out-of-range and nan casts saturate or wrap silently in torch
        with np.errstate(over="ignore", invalid="ignore"):
            r = x.astype(dtype.np)
    else:
        r = x.astype(dtype.np)
    # _to_copy keeps the layout as empty_like (memory_format=preserve)
    return _record(t, k_like_layout(r, x), ToCopyBackward0, K_CAST, None)


def type_as(input, other):
    tensor_arg(input, "type_as", "input", 1)
    tensor_arg(other, "type_as", "other", 2)
    return to(input, other.dtype)


def float_(input):
    return to(input, _D.float32)


def double_(input):
    return to(input, _D.float64)


def half_(input):
    return to(input, _D.float16)


def long_(input):
    return to(input, _D.int64)


def int_(input):
    return to(input, _D.int32)


def bool_(input):
    return to(input, _D.bool)


def cpu(input):
    return to(input, "cpu")


cdef tuple _shape_arg(tuple args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    return args


cdef tuple _infer_shape(tuple shape, Py_ssize_t numel, str fn="view"):
    """The requested shape with its -1 filled in; torch's errors otherwise."""
    # Fast path: exact ints, at most one -1, a non-empty tensor and a product
    # that fits; anything else (errors included) takes the general path.
    cdef Py_ssize_t i, n = len(shape), infer = -1, v, known = 1
    cdef list out = [0] * n
    for i in range(n):
        o = shape[i]
        if type(o) is not int:
            return _infer_shape_general(shape, numel, fn)
        v = _small_int(o)
        if v == -1 and infer < 0:
            infer = i
        elif v < 0 or (v > 0 and known > PY_SSIZE_T_MAX // v):
            return _infer_shape_general(shape, numel, fn)
        else:
            known *= v
        out[i] = o
    if numel > 0 and known > 0:
        if infer < 0:
            if known == numel:
                return tuple(out)
        elif numel % known == 0:
            out[infer] = numel // known
            return tuple(out)
    return _infer_shape_general(shape, numel, fn)


cdef tuple _infer_shape_general(tuple shape, Py_ssize_t numel, str fn):
    cdef Py_ssize_t i, n = len(shape), infer = -1
    cdef list out = [0] * n
    known = 1    # a Python int: the product may pass int64 before numel() rejects it
    for i in range(n):
        v = shape[i] if type(shape[i]) is int else shape[i].__index__()
        if _small_int(v) == _NOT_SMALL and not _INT64_MIN <= v <= _INT64_MAX:
            raise TypeError(f"{fn}(): argument 'size' failed to unpack the object at pos {i + 1} with error "
                            f"\"Overflow when unpacking long long\"")
        out[i] = v
    for i in range(n):
        v = out[i]
        if v == -1:
            if infer >= 0:
                raise RuntimeError("only one dimension can be inferred")
            infer = i
        elif v < -1:
            raise RuntimeError(f"invalid shape dimension {v} at index {i} of shape [{', '.join([str(v) for v in out])}]")
        else:
            known *= v
    if infer >= 0:
        if known == 0 and numel == 0:
            raise RuntimeError(f"cannot reshape tensor of 0 elements into shape [{', '.join([str(v) for v in out])}] "
                               "because the unspecified dimension size -1 can be any value and is ambiguous")
        if known == 0 or numel % known != 0:
            raise RuntimeError(f"shape '[{', '.join([str(v) for v in out])}]' is invalid for input of size {numel}")
        out[infer] = numel // known
    elif known != numel:
        raise RuntimeError(f"shape '[{', '.join([str(v) for v in out])}]' is invalid for input of size {numel}")
    if numel == 0:
        # only an empty tensor can ask for sizes whose product is too big
        _check_numel_and_strides(out)
    return tuple(out)


cdef void _check_numel_and_strides(list sizes) except *:
    """torch's checks on a new contiguous geometry: c10's safe numel (sizes
    multiplied in order as uint64) and the contiguous strides, each
    max(size, 1) times the next, within int64."""
    p = 1
    ovf = False
    for v in sizes:
        p *= v % _U64
        ovf = ovf or p >= _U64
        p %= _U64
    if ovf or p > _INT64_MAX:
        raise RuntimeError("numel: integer multiplication overflow")
    st = 1
    for v in reversed(sizes[1:]):
        st *= max(v, 1)
        if st > _INT64_MAX:
            raise RuntimeError("Stride calculation overflowed")


cdef object _reshape_view(object x, tuple s):
    """x reshaped without a copy, or None when the strides do not allow it."""
    if cnp.PyArray_CheckExact(x) and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>x):
        return x.reshape(s)
    if not cnp.PyArray_CheckExact(x):
        return _xp.reshape_view(x, s)   # NOTE [ Device backends ]
    try:
        r = x.view()
        r.shape = s
        return r
    except AttributeError:
        return None


def reshape(input, *shape):
    """torch's reshape: a view of a contiguous tensor (ViewBackward0), else
    an alias where strides allow (ReshapeAliasBackward0), else a contiguous
    clone viewed without a view relation (CloneBackward0 + UnsafeViewBackward0)."""
    cdef Tensor t
    try:
        t = _arg(input, "reshape")
        if not shape:       # x.reshape(): the parser's missing-argument error (_hot_reject)
            raise TypeError("reshape() missing 1 required positional arguments: \"shape\"")
        x = t.data_
        s = _shape_arg(shape)
        edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
        s = _infer_shape(s, x.size, "reshape")
        r = _reshape_view(x, s)
        if r is not None:
            if cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>x) if cnp.PyArray_CheckExact(x) else t.is_contiguous():
                return _view(t, r, ViewBackward0, K_RESHAPE, None)
            return _view(t, r, ReshapeAliasBackward0, K_RESHAPE, None)
        return _unsafe_view(clone(t), s)
    except Exception:
        _hot_reject("Tensor.reshape", input, shape, None)
        raise


def _slice(input, dim, start, end):
    """at::slice on one dimension (torch.narrow's op): always a SliceBackward0
    view, even over the whole dimension (indexing makes an alias there)."""
    cdef Tensor t = _arg(input, "slice")
    x = t.data_
    idx = (slice(None),) * dim + (slice(start, end),)
    return _view(t, x[idx], SliceBackward0, K_INDEX, idx)


def _unsafe_view(input, shape):
    """at::_unsafe_view: `input` (contiguous) reshaped to `shape`, sharing its
    memory but not as a view: own version counter, UnsafeViewBackward0."""
    cdef Tensor t = _arg(input, "_unsafe_view")
    x = t.data_
    return _record(t, x.reshape(tuple(shape)) if type(x) is np.ndarray else _xp.reshape(x, tuple(shape)),
                   UnsafeViewBackward0, K_RESHAPE, None)


def _squeeze_dim_(input, dim):
    """t.squeeze_(dim) for a tensor that is not a view (matmul's vector @
    matrix result): the geometry changes in place, the version is bumped and,
    under grad, SqueezeBackward4 becomes its history."""
    cdef Tensor t = _arg(input, "squeeze_")
    x = t.data_
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        arr = _xp.squeeze(x, (d,)) if x.ndim and x.shape[d] == 1 else x[...]
    else:
        arr = x.squeeze(axis=d) if x.ndim and x.shape[d] == 1 else x.view()
    cdef ShapeBackward fn = _shape_node(t, arr, SqueezeBackward4, K_RESHAPE, None)
    check_inplace(t, fn is not None)
    t.data_ = arr
    bump_version(t)
    if fn is not None:
        rebase_history(t, fn)
    return t


# -- in-place view ops: t_, transpose_, unsqueeze_, squeeze_ ------------------------------
# The tensor's own geometry changes (its array becomes a view of the same
# memory in the new shape), the version is bumped once and, under grad, the
# op's node (TBackward1, TransposeBackward1, ...) becomes its history. On a
# view whose history is recorded this would need the view's geometry
# rewritten relative to its base; that case raises instead of answering wrong.

@cython.final
cdef class TBackward1(ShapeBackward):
    pass


@cython.final
cdef class TransposeBackward1(ShapeBackward):
    pass


@cython.final
cdef class UnsqueezeBackward1(ShapeBackward):
    pass


@cython.final
cdef class SqueezeBackward3(ShapeBackward):
    pass


@cython.final
cdef class SqueezeBackward5(ShapeBackward):
    pass


cdef object _geometry_inplace(Tensor t, Tensor r, type cls, int kind, object param, str name):
    arr = r.data_
    cdef ShapeBackward fn = _shape_node(t, arr, cls, kind, param)
    check_inplace(t, fn is not None)
    if fn is not None and t.autograd_meta_ is not None and t.autograd_meta_.c.is_view:
        raise RuntimeError(f"{name}(): an in-place view op on a view whose history is recorded is not "
                           f"supported by cyautograd; use the out-of-place {name[:-1]}()")
    t.data_ = arr
    bump_version(t)
    if fn is not None:
        rebase_history(t, fn)
    return t


def t_(input):
    cdef Tensor x = _arg(input, "t_")
    check_inplace(x, grad_needed(x))   # autograd's check before the kernel's (dims)
    r = t(x.detach())
    if x.data_.ndim < 2:
        return _geometry_inplace(x, r, TBackward1, K_IDENTITY, None, "t_")
    return _geometry_inplace(x, r, TBackward1, K_PERMUTE, (1, 0), "t_")


def transpose_(input, dim0, dim1):
    cdef Tensor x = _arg(input, "transpose_")
    check_inplace(x, grad_needed(x))   # autograd's check before the kernel's (dims)
    r = transpose(x.detach(), dim0, dim1)
    if x.data_.ndim == 0:
        return _geometry_inplace(x, r, TransposeBackward1, K_IDENTITY, None, "transpose_")
    p = list(range(x.data_.ndim))
    d0, d1 = wrap_dim(dim0, x.data_.ndim), wrap_dim(dim1, x.data_.ndim)
    p[d0], p[d1] = p[d1], p[d0]
    return _geometry_inplace(x, r, TransposeBackward1, K_PERMUTE, tuple(p), "transpose_")


def unsqueeze_(input, dim):
    cdef Tensor x = _arg(input, "unsqueeze_")
    check_inplace(x, grad_needed(x))   # autograd's check before the kernel's (dims)
    return _geometry_inplace(x, unsqueeze(x.detach(), dim), UnsqueezeBackward1, K_RESHAPE, None, "unsqueeze_")


def squeeze_(input, dim=None):
    # (x.squeeze_(0, 1): its guard packs the dims, NOTE [ Varargs int lists ])
    cdef Tensor x = _arg(input, "squeeze_")
    check_inplace(x, grad_needed(x))   # autograd's check before the kernel's (dims)
    r = squeeze(x.detach()) if dim is None else squeeze(x.detach(), dim)
    cls = SqueezeBackward3 if dim is None else (SqueezeBackward5 if isinstance(dim, (tuple, list)) else
                                                SqueezeBackward4)
    return _geometry_inplace(x, r, cls, K_RESHAPE, None, "squeeze_")


swapaxes_ = transpose_
swapdims_ = transpose_


# NOTE [ view(dtype) ]
# x.view(dtype) reinterprets x's bytes as torch's view.dtype does: the result
# shares x's memory and version counter but is no autograd view and is not
# differentiable (torch's output_differentiability False: no grad_fn, no
# requires_grad, _base None, as detach() makes). With another element size,
# the last dimension must have stride 1 and, for a larger element, its size,
# the storage offset and every other stride must be divisible by the ratio;
# the last size (and the strides, offset) scale by it.
cdef object _view_dtype(Tensor t, dtype):
    from cyautograd.variable import detach as _detach
    x = t.data_
    cdef object old = _D._FROM_NP[_npdt(x)]
    cdef Py_ssize_t a = _npdt(x).itemsize, b = np.dtype(dtype.np).itemsize, nd = x.ndim, k, ratio
    cdef str what = f"to view {old._cname} as {dtype._cname} (different element sizes)"
    if a != b:
        if nd == 0:
            raise RuntimeError(f"self.dim() cannot be 0 {what}")
        strides = [st // a for st in x.strides]
        if b < a:
            if strides[nd - 1] != 1:
                raise RuntimeError(f"self.stride(-1) must be 1 {what}, but got {strides[nd - 1]}")
        else:
            ratio = b // a
            if x.shape[nd - 1] % ratio:
                raise RuntimeError(f"self.size(-1) must be divisible by {ratio} {what}, but got {x.shape[nd - 1]}")
            off = t.storage_offset()
            if off % ratio:
                raise RuntimeError(f"self.storage_offset() must be divisible by {ratio} {what}, but got {off}")
            if strides[nd - 1] != 1:
                raise RuntimeError(f"self.stride(-1) must be 1 {what}, but got {strides[nd - 1]}")
            for k in range(nd - 1):
                if strides[k] % ratio:
                    raise RuntimeError(f"self.stride({k}) must be divisible by {ratio} {what}, but got {strides[k]}")
    r = _detach(t)
    (<Tensor>r).data_ = x.view(dtype.np)
    return r


def view(input, *shape):
    # (Tensor.view reaches here through view1_impl/view_impl with its own
    # calling convention: no parser replay here, tensor.pyx's method is the entry)
    cdef Tensor t = _arg(input, "view")
    if len(shape) == 1 and type(shape[0]) is not int and isinstance(shape[0], _D.dtype):
        return _view_dtype(t, shape[0])
    try:
        s = _shape_arg(shape)
        edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
        s = _infer_shape(s, t.data_.size)
    except Exception:
        # off the fast path (view_impl answers int sizes in C): torch's
        # parser words a size that is no int (a bool, None, a float list)
        if shape:       # (x.view(()) reaches here with none: its own error stands)
            _hot_reject("Tensor.view", input, shape, None)
        raise
    r = _reshape_view(t.data_, s)
    if r is None:
        raise RuntimeError("view size is not compatible with input tensor's size and stride (at least one "
                           "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
    return _view(t, r, ViewBackward0, K_RESHAPE, None)


def _fw_primal(input):
    """The primal of forward AD's unpack_dual: an alias view of `input`
    whose backward is torch's Identity node (CppFunction)."""
    cdef Tensor t = _arg(input, "_fw_primal")
    x = t.data_
    return _view(t, x.view() if type(x) is np.ndarray else x[...], CppFunction, K_IDENTITY, None)


def view_as(input, other):
    tensor_arg(input, "view_as", "input", 1)
    tensor_arg(other, "view_as", "other", 2)
    return view(input, tuple(other.shape))


def reshape_as(input, other):
    tensor_arg(input, "reshape_as", "input", 1)
    tensor_arg(other, "reshape_as", "other", 2)
    return reshape(input, tuple(other.shape))


def flatten(input, start_dim=0, end_dim=-1):
    cdef Tensor t
    try:
        t = _arg(input, "flatten")
        x = t.data_
        if (start_dim == 0 and end_dim == -1 and cnp.PyArray_CheckExact(x) and
                cnp.PyArray_NDIM(<cnp.ndarray>x) >= 2 and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>x)):
            return view1_impl(t, -1)   # the whole of a contiguous tensor: a 1-D view, made in C
        if x.ndim == 0:
            return reshape(t, (1,))
        s = wrap_dim(start_dim, x.ndim)
        e = wrap_dim(end_dim, x.ndim)
        if s > e:
            raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
        if s == e:
            return t
        n = 1
        for d in range(s, e + 1):
            n *= x.shape[d]
        return reshape(t, tuple(x.shape[:s]) + (n,) + tuple(x.shape[e + 1:]))
    except Exception:
        _hot_reject("Tensor.flatten", input, (start_dim, end_dim), None)
        raise


def unflatten(input, dim, sizes):
    cdef Tensor t = _arg(input, "unflatten")
    x = t.data_
    d = wrap_dim(dim, x.ndim)
    sizes = tuple(sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    try:
        sizes = _infer_shape(sizes, x.shape[d], "unflatten")
    except RuntimeError as e:
        # torch's handle_unflatten_exception: infer_size's "shape '[..]' is
        # invalid" in unflatten's words, any other failure wrapped
        if str(e).startswith("shape '"):
            raise RuntimeError(f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of "
                               f"dim {d} ({x.shape[d]}) in the input tensor") from None
        raise RuntimeError(f"unflatten got an unexpected error:\n{e}") from None
    return reshape(t, tuple(x.shape[:d]) + sizes + tuple(x.shape[d + 1:]))


def permute(input, *dims):
    cdef Tensor t
    try:
        t = _arg(input, "permute")
        if not dims:        # x.permute(): the parser's missing-argument error (_hot_reject)
            raise TypeError("permute() missing 1 required positional arguments: \"dims\"")
        pd = _shape_arg(dims)
        edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
        x = t.data_
        if len(pd) != x.ndim:
            raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match "
                               f"the length of the desired ordering of dimensions i.e. input.dim() = {x.ndim} "
                               f"is not equal to len(dims) = {len(pd)}")
        p = tuple([wrap_dim(d, x.ndim) for d in pd])
        if len(set(p)) != len(p):
            raise RuntimeError("permute(): duplicate dims are not allowed.")
        if not cnp.PyArray_CheckExact(x):
            return _view(t, _xp.permute(x, p), PermuteBackward0, K_PERMUTE, p)
        return _view(t, x.transpose(p), PermuteBackward0, K_PERMUTE, p)
    except Exception:
        _hot_reject("Tensor.permute", input, dims, None)
        raise


def transpose(input, dim0, dim1):
    cdef Tensor t = _arg(input, "transpose")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if x.ndim == 0:
        wrap_dim(dim0, 0)
        wrap_dim(dim1, 0)
        return _view(t, x.view(), TransposeBackward0, K_IDENTITY, None)
    d0 = wrap_dim(dim0, x.ndim)
    d1 = wrap_dim(dim1, x.ndim)
    p = list(range(x.ndim))
    p[d0], p[d1] = p[d1], p[d0]
    p = tuple(p)
    if not cnp.PyArray_CheckExact(x):
        return _view(t, _xp.permute(x, p), TransposeBackward0, K_PERMUTE, p)
    return _view(t, x.transpose(p), TransposeBackward0, K_PERMUTE, p)


swapaxes = transpose
swapdims = transpose


def t(input):
    cdef Tensor x = _arg(input, "t")
    if x.data_.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {x.data_.ndim}D")
    if x.data_.ndim < 2:
        return _view(x, x.data_.view(), TBackward0, K_IDENTITY, None)
    return _view(x, x.data_.T, TBackward0, K_PERMUTE, (1, 0))


cdef _warn_T(int n):
    from cyautograd._warn import warn_once
    if n == 0:
        warn_once("T0", "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases.")
    else:
        warn_once("T", "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
                  "deprecated and it will throw an error in a future release. Consider `x.mT` to transpose "
                  "batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the "
                  "dimensions of a tensor.")


def numpy_T(input):
    cdef Tensor x = _arg(input, "T")
    n = x.data_.ndim
    if n != 2:
        _warn_T(n)
    if n < 2:
        # torch: a PermuteBackward0 view even when nothing moves
        p = tuple(range(n))
        return _view(x, x.data_.view() if type(x.data_) is np.ndarray else x.data_[...],
                     PermuteBackward0, K_PERMUTE if n else K_IDENTITY, p)
    p = tuple(range(n - 1, -1, -1))
    return _view(x, x.data_.transpose(p) if type(x.data_) is np.ndarray else _xp.permute(x.data_, p),
                 PermuteBackward0, K_PERMUTE, p)


def unsqueeze(input, dim):
    cdef Tensor t = _arg(input, "unsqueeze")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    d = wrap_dim(dim, x.ndim + 1)
    if not cnp.PyArray_CheckExact(x):
        return _view(t, _xp.expand_dims(x, d), UnsqueezeBackward0, K_RESHAPE, None)
    shape = list(x.shape)
    strides = list(x.strides)
    shape.insert(d, 1)
    strides.insert(d, strides[d] * shape[d + 1] if d < len(strides) else x.itemsize)
    return _view(t, k_strided(x, tuple(shape), tuple(strides), 0), UnsqueezeBackward0, K_RESHAPE, None)


def squeeze(input, dim=_NO_DIM, *more):
    # x.squeeze(0, 1) is x.squeeze((0, 1)): NOTE [ Varargs int lists ] in
    # _arg_parser.py (torch.squeeze(x, 0, 1), the function, is refused by its guard)
    if more:
        return _squeeze_varargs(input, (dim,) + more)
    cdef Tensor t = _arg(input, "squeeze")
    x = t.data_
    if dim is _NO_DIM:
        dim = None
    elif dim is None:       # NOTE [ An omitted dim is not a None dim ] (ops/reduction.pyx)
        parser_check("Tensor.squeeze", (None,))
        raise TypeError("squeeze(): argument 'dim' (position 1) must be int, not NoneType")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    if dim is None:
        if not cnp.PyArray_CheckExact(x):
            return _view(t, _xp.squeeze(x, tuple([d for d in range(x.ndim) if x.shape[d] == 1])),
                         SqueezeBackward0, K_RESHAPE, None)
        return _view(t, x.squeeze(), SqueezeBackward0, K_RESHAPE, None)
    dims = wrap_dims(dim, x.ndim)     # checked on a 0-d input too (range [-1, 0])
    dims = tuple([d for d in dims if x.shape[d] == 1]) if x.ndim else ()
    return _view(t, x.squeeze(axis=dims) if cnp.PyArray_CheckExact(x) else _xp.squeeze(x, dims), SqueezeBackward1 if not isinstance(dim, (tuple, list)) else SqueezeBackward2, K_RESHAPE, None)


cdef object _squeeze_varargs(object input, tuple dims):
    try:
        return squeeze(input, dims)
    except Exception:
        _hot_reject("Tensor.squeeze", input, dims, None)
        raise


cdef bint _numel_overflows(cnp.npy_intp* dims, Py_ssize_t n) noexcept:
    """c10's safe numel: the product of the sizes, taken in order as uint64
    (a negative size is huge), overflows or exceeds int64."""
    cdef unsigned long long p = 1, d
    cdef Py_ssize_t i
    for i in range(n):
        d = <unsigned long long>dims[i]
        if d != 0 and p > 0xFFFFFFFFFFFFFFFFULL // d:
            return True
        p *= d
    return p > 0x7FFFFFFFFFFFFFFFULL


def expand(input, *sizes):
    cdef Tensor t = _arg(input, "expand")
    if not sizes:
        raise TypeError('expand() missing 1 required positional arguments: "size"')
    args = sizes
    sizes = _shape_arg(sizes)
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef Py_ssize_t n = len(sizes), nd = x.ndim, lead = n - nd, i, s, cur
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp st[64]
    cdef cnp.npy_intp xd_buf[64]
    cdef cnp.npy_intp xs_buf[64]
    cdef cnp.npy_intp* xd = xd_buf
    cdef cnp.npy_intp* xs = xs_buf
    cdef bint exact = cnp.PyArray_CheckExact(x)
    if n < nd:
        _hot_reject("Tensor.expand", input, args, None)
        if n == 1 and not isinstance(sizes[0], Tensor) and (type(sizes[0]) is bool
                                                           or not hasattr(type(sizes[0]), "__index__")):
            # (failure path) torch's parser refuses a lone size that is no int first
            raise TypeError(f"expand(): argument 'size' (position 1) must be tuple of ints, not {type_name(sizes[0])}")
        _int_list_arg(sizes, "expand", "size", 1)
        raise RuntimeError(f"expand({_D._type_string(_D._FROM_NP[_npdt(x)], not exact)}{{[{', '.join([str(s) for s in x.shape])}]}}, size=[{', '.join([str(s) for s in sizes])}]): "
                           "the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)" % (len(sizes), x.ndim))
    if n > 64:
        raise RuntimeError(f"expand: {n} dimensions, at most 64 are supported")
    if exact:
        xd = cnp.PyArray_DIMS(<cnp.ndarray>x)
        xs = cnp.PyArray_STRIDES(<cnp.ndarray>x)
    else:
        xstrides = x.strides if not _xp.is_device(x) else _xp.strides(x)
        for i in range(nd):
            xd[i] = x.shape[i]
            xs[i] = xstrides[i]
    for i in range(n - 1, -1, -1):  # torch checks from the last dimension
        o = <object>PyTuple_GET_ITEM(sizes, i)   # 0 <= i < len(sizes)
        s = _small_int(o) if type(o) is int else _NOT_SMALL
        if s == _NOT_SMALL:
            # a bool, float or int past int64: torch's TypeError; numpy ints pass
            sizes = _int_list_arg(sizes, "expand", "size", 1)
            s = sizes[i]
        if i < lead:
            # over a 0-d tensor torch's expand never reaches the -1 check:
            # the negative size fails its numel (below)
            if s == -1 and nd > 0:
                _hot_reject("Tensor.expand", input, args, None)
                raise RuntimeError(f"The expanded size of the tensor ({s}) isn't allowed in a leading, non-existing dimension {i}")
            if s < 0:
                _hot_reject("Tensor.expand", input, args, None)
                raise RuntimeError("numel: integer multiplication overflow")
            dims[i] = s
            # torch's inferExpandGeometry: a new dimension of size 1 gets the
            # stride that keeps the layout dense (size * stride of the next
            # dimension: ones(2, 3).expand(1, 2, 3) is (6, 3, 1) and still
            # contiguous, which decides matmul's folding); a new dimension that
            # repeats gets 0, as does any new one over a 0-d tensor
            st[i] = dims[i + 1] * st[i + 1] if (s == 1 and nd > 0) else 0
            continue
        cur = xd[i - lead]
        if s == -1:
            s = cur
        elif cur != 1 and s != cur:
            # (the sizes are checked from the last: torch's parser has seen them all)
            _hot_reject("Tensor.expand", input, args, None)
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing size ({cur}) at "
                               f"non-singleton dimension {i}.  Target sizes: [{', '.join([str(v) for v in sizes])}].  "
                               f"Tensor sizes: [{', '.join([str(v) for v in x.shape])}]")
        elif s < 0:
            _hot_reject("Tensor.expand", input, args, None)
            raise RuntimeError("numel: integer multiplication overflow")
        dims[i] = s
        st[i] = 0 if (cur == 1 and s != 1) else xs[i - lead]
    if _numel_overflows(dims, n):
        raise RuntimeError("numel: integer multiplication overflow")
    if exact:
        arr = k_np_view(x, n, dims, st, 0)
    elif _xp.is_device(x):
        arr = _xp.broadcast_to(x, tuple([dims[i] for i in range(n)]))
    else:
        arr = k_strided(x, tuple([dims[i] for i in range(n)]), tuple([st[i] for i in range(n)]), 0)
    return _view(t, arr, ExpandBackward0, K_EXPAND, None)


def expand_as(input, other):
    tensor_arg(input, "expand_as", "input", 1)
    tensor_arg(other, "expand_as", "other", 2)
    return expand(input, tuple(other.shape))


@cython.final
cdef class CatBackward0(Node):
    cdef int dim
    cdef list sizes

    def __getattr__(self, name):
        return _saved_getattr(self, name, [("dim", self.dim)])

    def __dir__(self):
        return _saved_dir(self, [("dim", self.dim)])

    cdef bint computes_every_output(self):
        return True   # torch's cat_tensors_backward: the whole list (NOTE [ Outputs a node computes ])

    cdef list apply(self, list grads):
        g = grads[0]
        out = []
        cdef Py_ssize_t start = 0
        for s in self.sizes:
            if s is None:
                # a skipped legacy empty 1-D input: torch's gradient is
                # zeros({0}) in the gradient's dtype (cat_tensors_backward)
                if type(g) is np.ndarray:
                    out.append(np.zeros((0,), g.dtype))
                elif isinstance(g, Tensor):
                    out.append(g.new_zeros((0,)))
                else:
                    out.append(g.reshape(-1)[:0].copy())
                continue
            sl = (slice(None),) * self.dim + (slice(start, start + s),)
            out.append(g[sl] if type(g) is np.ndarray or isinstance(g, Tensor) else g[sl + (Ellipsis,)])
            start += s
        return out


cdef bint _channels_last(object a):
    """Whether a 4-D/5-D array has channels_last(_3d) strides (C innermost,
    then the spatial dims, then N)."""
    if a.ndim not in (4, 5):
        return False
    order = (1,) + tuple(range(a.ndim - 1, 1, -1)) + (0,)
    cdef Py_ssize_t expect = a.itemsize
    for k in order:
        if a.shape[k] != 1 and a.strides[k] != expect:
            return False
        expect *= a.shape[k]
    return True


def cat(tensors, dim=0, *, out=None):
    cdef Tensor t
    cdef CatBackward0 fn
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"cat(): argument 'tensors' (position 1) must be tuple of Tensors, not {type(tensors).__name__}")
    if len(tensors) == 0:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    for i, x in enumerate(tensors):
        if not isinstance(x, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(x).__name__}")
    for x in tensors:
        edges_first(<Tensor>x)   # NOTE [ Gradient edges before kernel checks ]
    arrs = [(<Tensor>x).data_ for x in tensors]
    rd = _D._FROM_NP[_npdt(arrs[0])]
    for a in arrs[1:]:
        rd = _D.promote_types(rd, _D._FROM_NP[_npdt(a)])
    cdef bint dev = any([type(a) is not np.ndarray for a in arrs])
    if dev:
        _xp.same_device(*arrs)
    for i, a in enumerate(arrs):
        if a.ndim == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    ref = None
    for a in arrs:
        if not (a.ndim == 1 and a.shape[0] == 0):
            ref = a
            break
    if ref is None:
        # every input a legacy empty 1-D tensor: an empty result, with
        # history all the same (torch's CatBackward0 over them)
        r = wrap_array(np.zeros((0,), rd.np))
        if is_grad_enabled_c() and any([tensor_requires_grad(<Tensor>x) for x in tensors]):
            fn = <CatBackward0>new_node(CatBackward0)
            fn.dim = 0
            fn.sizes = [None] * len(arrs)
            fn.next_edges_ = collect_next_edges(tuple(tensors))
            set_history(r, fn, 0)
        return r
    d = wrap_dim(dim, ref.ndim)
    used = []
    for i, a in enumerate(arrs):
        if a.ndim == 1 and a.shape[0] == 0:
            continue
        if a.ndim != ref.ndim:
            raise RuntimeError(f"Tensors must have same number of dimensions: got {ref.ndim} and {a.ndim}")
        for k in range(ref.ndim):
            if k != d and a.shape[k] != ref.shape[k]:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. Expected size "
                                   f"{ref.shape[k]} but got size {a.shape[k]} for tensor number {i} in the list.")
        used.append(a.astype(rd.np, copy=False) if not dev else _xp.cast(a, rd.np))
    if dev:
        r = wrap_array(_xp.concat(used, d))
    else:
        rr = np.concatenate(used, axis=d)
        if not rr.flags.c_contiguous and not _channels_last(rr):
            # torch's cat writes a contiguous result unless its inputs are
            # channels_last (4-D/5-D); numpy's follows its inputs' order
            rr = np.ascontiguousarray(rr)
        r = wrap_array(rr)
    if is_grad_enabled_c() and any([tensor_requires_grad(<Tensor>x) for x in tensors]):
        fn = <CatBackward0>new_node(CatBackward0)
        fn.dim = d
        fn.sizes = [None if (a.ndim == 1 and a.shape[0] == 0) else a.shape[d] for a in arrs]
        fn.next_edges_ = collect_next_edges(tuple(tensors))
        set_history(r, fn, 0)
    return r


concat = cat
concatenate = cat


@cython.final
cdef class StackBackward0(Node):
    cdef int dim

    def __getattr__(self, name):
        return _saved_getattr(self, name, [("dim", self.dim)])

    def __dir__(self):
        return _saved_dir(self, [("dim", self.dim)])
    cdef Py_ssize_t n

    cdef bint computes_every_output(self):
        return True   # torch's stack_tensors_backward: the whole list (NOTE [ Outputs a node computes ])

    cdef list apply(self, list grads):
        g = grads[0]
        if isinstance(g, Tensor):
            return [g.select(self.dim, i) for i in range(self.n)]
        # views of g, as torch's unbind(grad, dim): gradients that share
        # g's memory, so the engine's InputBuffer never sums into one of
        # them in place (a copy here would be stolen and get _version 1)
        return [g[(slice(None),) * self.dim + (i, Ellipsis)] for i in range(self.n)]


def stack(tensors, dim=0, *, out=None):
    cdef StackBackward0 fn
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"stack(): argument 'tensors' (position 1) must be tuple of Tensors, not {type(tensors).__name__}")
    if len(tensors) == 0:
        raise RuntimeError("stack expects a non-empty TensorList")
    for i, x in enumerate(tensors):
        if not isinstance(x, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(x).__name__}")
    for x in tensors:
        edges_first(<Tensor>x)   # NOTE [ Gradient edges before kernel checks ]
    arrs = [(<Tensor>x).data_ for x in tensors]
    for i, a in enumerate(arrs):
        if a.shape != arrs[0].shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got [{', '.join([str(s) for s in arrs[0].shape])}] "
                               f"at entry 0 and [{', '.join([str(s) for s in a.shape])}] at entry {i}")
    d = wrap_dim(dim, arrs[0].ndim + 1)
    rd = _D._FROM_NP[_npdt(arrs[0])]
    for a in arrs[1:]:
        rd = _D.promote_types(rd, _D._FROM_NP[_npdt(a)])
    if any([type(a) is not np.ndarray for a in arrs]):
        _xp.same_device(*arrs)
        r = wrap_array(_xp.stack([_xp.cast(a, rd.np) for a in arrs], d))
    else:
        rr = np.stack([a.astype(rd.np, copy=False) for a in arrs], axis=d)
        if not rr.flags.c_contiguous and not _channels_last(rr):
            # torch's stack is cat of the unsqueezed inputs: a contiguous
            # result unless channels_last; numpy's follows the inputs' order
            rr = np.ascontiguousarray(rr)
        r = wrap_array(rr)
    if is_grad_enabled_c() and any([tensor_requires_grad(<Tensor>x) for x in tensors]):
        fn = <StackBackward0>new_node(StackBackward0)
        fn.dim = d
        fn.n = len(arrs)
        fn.next_edges_ = collect_next_edges(tuple(tensors))
        set_history(r, fn, 0)
    return r


def gather(input, dim, index, *, sparse_grad=False):
    cdef Tensor t = _arg(input, "gather")
    cdef Tensor ti
    if not isinstance(index, Tensor):
        raise TypeError(f"gather(): argument 'index' (position 3) must be Tensor, not {type_name(index)}")
    ti = index
    if _npdt(ti.data_) != np.int64 and _npdt(ti.data_) != np.int32:
        _hot_reject("Tensor.gather", input, (dim, index), None)    # (a dim that is no int first)
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if type(x) is not np.ndarray or type(ti.data_) is not np.ndarray:   # NOTE [ Device backends ]
        d = wrap_dim(dim, x.ndim)
        r = _xp.gather(x, d, ti.data_)
        return _record(t, r, GatherBackward0, K_GATHER, (d, ti.data_))
    idx = ti.data_
    d = wrap_dim(dim, x.ndim)
    if idx.ndim != x.ndim and not (idx.ndim <= 1 and x.ndim <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    for k in range(idx.ndim):
        if k != d and idx.shape[k] > x.shape[k]:
            raise RuntimeError(f"Size does not match at dimension {k} expected index [{', '.join([str(s) for s in idx.shape])}] "
                               f"to be no larger than self [{', '.join([str(s) for s in x.shape])}] apart from dimension {d}")
    # a 0-d input or index counts as one element along dim (torch)
    n = x.shape[d] if x.ndim else 1
    if idx.size and (idx.min() < -n or idx.max() >= n):
        bad = idx.flat[np.flatnonzero((idx < -n) | (idx >= n))[0]]    # the first, in index order
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    if x.ndim == 0:
        r = np.broadcast_to(x, idx.shape).copy()
    elif idx.ndim == 0:
        r = x.reshape(-1)[idx.reshape(1)].reshape(())
    else:
        r = x[_gather_index(idx, d)]
    cdef Tensor out = wrap_array(as_array(r))
    cdef ShapeBackward fn = _shape_node(t, out.data_, GatherBackward0, K_GATHER, (d, idx))
    if fn is not None:
        set_history(out, fn, 0)
        # NOTE [ gather saves self and index ]
        (<GatherBackward0>fn).sv_self = save_variable(t, False)
        (<GatherBackward0>fn).sv_index = save_variable(ti, False)
        (<GatherBackward0>fn).dim_arg = dim
        (<GatherBackward0>fn).sparse_grad = bool(sparse_grad)
    return out


def index_select(input, dim, index):
    try:
        return _index_select(input, dim, index)
    except Exception:
        _hot_reject("Tensor.index_select", input, (dim, index), None)   # a dim that is no int (a Tensor)
        raise


cdef object _index_select(input, dim, index):
    cdef Tensor t = _arg(input, "index_select")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    cdef Tensor ti
    if not isinstance(index, Tensor):
        raise TypeError(f"index_select(): argument 'index' (position 3) must be Tensor, not {type_name(index)}")
    ti = index
    if _npdt(ti.data_).kind not in "iu":
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if ti.data_.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    x = t.data_
    if x.ndim > 1 and ti.data_.size and x.shape[wrap_dim(dim, x.ndim)] == 0:
        # torch's index_select_out_cpu_ (self of 2+ dims): before any index is read
        raise RuntimeError("index_select(): self indexing axis dim should be positive")
    if type(x) is not np.ndarray or type(ti.data_) is not np.ndarray:   # NOTE [ Device backends ]
        d = wrap_dim(dim, x.ndim)
        r, idx = _xp.index_select(x, d, ti.data_)
        return _record(t, r, IndexSelectBackward0, K_INDEX_SELECT, (d, idx))
    d = wrap_dim(dim, x.ndim)
    idx = ti.data_.reshape(-1)
    n = x.shape[d] if x.ndim else 1
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        # torch's index_select_out_cpu_: a self of 2+ dimensions that is empty,
        # or indexed along dimension 1 (its contiguous fast path), checks every
        # index up front and names the first one out of range; the general
        # loop says only "index out of range in self"
        if x.ndim > 1 and (x.size == 0 or d == 1):
            bad = int(idx[(idx < 0) | (idx >= n)][0])
            raise RuntimeError(f"INDICES element is out of DATA bounds, id={bad} axis_dim={n}")
        raise IndexError(f"index out of range in self")
    r = np.take(x, idx, axis=d) if x.ndim else x.reshape(1)[idx].reshape(())
    return _record(t, as_array(r), IndexSelectBackward0, K_INDEX_SELECT, (d, idx.copy()))


def narrow(input, dim, start, length):
    """torch.narrow: a slice of one dimension -- a SliceBackward0 node even
    when it covers the whole dimension (indexing makes an alias then)."""
    if not isinstance(input, Tensor) or not _index_like(dim) or not _index_like(length) or \
            not (_index_like(start) or isinstance(start, Tensor)):
        parser_check("narrow", (input, dim, start, length))
    cdef Tensor t = _arg(input, "narrow")
    x = t.data_
    cdef Py_ssize_t nd = x.ndim, d, n, s, ln
    if nd == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, nd)
    n = x.shape[d]
    so = int(start)
    lo = int(length)
    if not (_INT64_MIN <= so <= _INT64_MAX and _INT64_MIN <= lo <= _INT64_MAX):
        # (off the success path: a start or length past int64 is out of range)
        raise ValueError("Overflow when unpacking long long")   # NOTE [ An int past int64 unpacks as a ValueError ]
    if so < -n or so > n:
        raise IndexError(f"start out of range (expected to be in range of [{-n}, {n}], but got {so})")
    s = so + n if so < 0 else so
    if lo < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if lo > n - s:
        raise RuntimeError(f"start ({s}) + length ({lo}) exceeds dimension size ({n}).")
    ln = lo
    idx = (slice(None),) * d + (slice(s, s + ln),) if d else slice(s, s + ln)
    return _view(t, _slice_view(x, d, slice(s, s + ln)) if type(x) is np.ndarray else _xp.basic_index(x, idx),
                 SliceBackward0, K_INDEX, idx)


cdef object _convert_index(object index):
    """The index with tensors as their arrays. torch indexes with int64,
    int32, bool and (deprecated) uint8 tensors only; a uint8 one is a mask."""
    cdef object a, dt
    if isinstance(index, Tensor):
        a = (<Tensor>index).data_
        dt = _npdt(a)
        if dt == np.int64 or dt == np.bool_ or dt == np.int32:
            return a
        if dt == np.uint8:
            if a.ndim:
                warn_user("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
                          "instead.")
            return a != 0
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    if isinstance(index, tuple):
        return tuple([_convert_index(i) for i in index])
    if isinstance(index, list):
        return [_convert_index(i) for i in index]
    return index


# =============================================================================
# NOTE [ Basic indexing geometry ]
# A view made by basic indexing (ints, slices, None, Ellipsis; narrow, split)
# takes torch's geometry, which numpy's indexing does not always give:
#   * an empty slice: numpy restarts it at 0 (x[2:2] points at x[0], with
#     stride unscaled by the step); torch clamps start into [0, size] and
#     keeps start * stride in the storage offset and stride * step as the
#     stride, so x[2:2].storage_offset() is 2 and a later as_strided reads
#     from there;
#   * None: numpy gives the new dim stride 0; torch's unsqueeze gives it
#     size * stride of the dim it lands before (1 at the end);
#   * a negative step: numpy reverses; torch refuses it (ValueError).
# So the view is built here from x's own geometry by torch's rules (slice():
# wrap negative start/stop once, clamp start into [0, n], stop into
# [start, n]). The offset may point one row past the data for an empty
# view, as torch's does; nothing reads through a zero-size view.
# Callers have validated the index first (numpy's indexing or their own
# checks), so every int here is in range.
# =============================================================================

cdef extern from "Python.h":
    int PySlice_Unpack(object slice, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step) except -1


cdef inline Py_ssize_t _torch_slice(object sl, Py_ssize_t n, Py_ssize_t *step) except -2:
    """torch's slice() bounds of a Python slice over a dim of size n: the
    start (clamped) is returned, step[0] gets the step and the length is
    left in step[1] (step must point at two slots)."""
    cdef Py_ssize_t start, stop
    PySlice_Unpack(sl, &start, &stop, step)
    if step[0] <= 0:
        raise ValueError("step must be greater than zero")
    if start < 0:
        start += n
    if stop < 0:
        stop += n
    if start < 0:
        start = 0
    elif start >= n:
        start = n
    if stop < start:
        stop = start
    elif stop >= n:
        stop = n
    step[1] = (stop - start + step[0] - 1) // step[0]
    return start


cdef object _slice_view(object x, Py_ssize_t d, object sl):
    """x[..., sl] on dim d (an exact ndarray, d in range) with torch's
    geometry (NOTE [ Basic indexing geometry ])."""
    cdef cnp.ndarray a = <cnp.ndarray>x
    cdef int nd = cnp.PyArray_NDIM(a)
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp st[64]
    cdef Py_ssize_t i, start, ss[2]
    for i in range(nd):
        dims[i] = cnp.PyArray_DIMS(a)[i]
        st[i] = cnp.PyArray_STRIDES(a)[i]
    start = _torch_slice(sl, dims[d], ss)
    dims[d] = ss[1]
    st[d] = st[d] * ss[0]
    return k_np_view(x, nd, dims, st, start * cnp.PyArray_STRIDES(a)[d])


cdef object _basic_view(object x, object idx):
    """x[idx] for a basic index (a tuple of, or one of: int, slice, None,
    Ellipsis) already validated, with torch's geometry (NOTE [ Basic
    indexing geometry ])."""
    cdef cnp.ndarray a = <cnp.ndarray>x
    cdef int nd = cnp.PyArray_NDIM(a)
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp st[64]
    cdef Py_ssize_t d = 0, k = 0, consumed = 0, i, n, start, ss[2]
    cdef cnp.npy_intp off = 0
    items = idx if type(idx) is tuple else (idx,)
    for it in items:
        if it is not None and it is not Ellipsis:
            consumed += 1
    for it in items:
        if k >= 64:
            raise IndexError("too many indices")
        if it is None:
            dims[k] = 1
            st[k] = (cnp.PyArray_DIMS(a)[d] * cnp.PyArray_STRIDES(a)[d] if d < nd
                     else cnp.PyArray_ITEMSIZE(a))
            k += 1
        elif it is Ellipsis:
            for i in range(nd - consumed):
                if k >= 64:
                    raise IndexError("too many indices")
                dims[k] = cnp.PyArray_DIMS(a)[d]
                st[k] = cnp.PyArray_STRIDES(a)[d]
                k += 1
                d += 1
            consumed = nd    # a second Ellipsis adds nothing
        elif type(it) is slice:
            n = cnp.PyArray_DIMS(a)[d]
            start = _torch_slice(it, n, ss)
            dims[k] = ss[1]
            st[k] = cnp.PyArray_STRIDES(a)[d] * ss[0]
            off += start * cnp.PyArray_STRIDES(a)[d]
            k += 1
            d += 1
        else:
            n = cnp.PyArray_DIMS(a)[d]
            i = it.__index__()
            if i < 0:
                i += n
            off += i * cnp.PyArray_STRIDES(a)[d]
            d += 1
    while d < nd:
        if k >= 64:
            raise IndexError("too many indices")
        dims[k] = cnp.PyArray_DIMS(a)[d]
        st[k] = cnp.PyArray_STRIDES(a)[d]
        k += 1
        d += 1
    return k_np_view(x, <int>k, dims, st, off)


cdef object getitem_impl(object input, object index):
    """Tensor.__getitem__: an int or a slice on the first dimension goes
    straight to a view; anything else through getitem()."""
    cdef Tensor t = <Tensor>input
    cdef Py_ssize_t i, n
    cdef int nd
    x = t.data_
    if cnp.PyArray_CheckExact(x) and cnp.PyArray_NDIM(<cnp.ndarray>x) >= 1:
        if type(index) is int:
            nd = cnp.PyArray_NDIM(<cnp.ndarray>x)
            n = cnp.PyArray_DIMS(<cnp.ndarray>x)[0]
            i = _small_int(index)
            if i < 0 and i != _NOT_SMALL:
                i += n
            if 0 <= i < n:
                arr = k_np_view(x, nd - 1, cnp.PyArray_DIMS(<cnp.ndarray>x) + 1,
                                  cnp.PyArray_STRIDES(<cnp.ndarray>x) + 1,
                                  i * cnp.PyArray_STRIDES(<cnp.ndarray>x)[0])
                return _view(t, arr, SelectBackward0, K_INDEX, index)
        elif type(index) is slice:
            return _view(t, _slice_view(x, 0, index), SliceBackward0, K_INDEX, index)
    return getitem(input, index)


cdef extern from *:
    """
    /* An int object's value, or PY_SSIZE_T_MIN (no error set) when it does
       not fit in a Py_ssize_t. */
    static inline Py_ssize_t cya_small_int(PyObject *o) {
        Py_ssize_t v = PyLong_AsSsize_t(o);
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return PY_SSIZE_T_MIN;
        }
        return v;
    }
    """
    Py_ssize_t _small_int "cya_small_int"(object o) noexcept
    Py_ssize_t _NOT_SMALL "PY_SSIZE_T_MIN"


cdef object _transposed_2d(Tensor x, type cls):
    """The transpose of a 2-D numpy tensor, made in C, with a `cls` node; None
    for anything else."""
    cdef cnp.npy_intp dims[2]
    cdef cnp.npy_intp strides[2]
    a = x.data_
    if not (cnp.PyArray_CheckExact(a) and cnp.PyArray_NDIM(<cnp.ndarray>a) == 2):
        return None
    dims[0] = cnp.PyArray_DIMS(<cnp.ndarray>a)[1]
    dims[1] = cnp.PyArray_DIMS(<cnp.ndarray>a)[0]
    strides[0] = cnp.PyArray_STRIDES(<cnp.ndarray>a)[1]
    strides[1] = cnp.PyArray_STRIDES(<cnp.ndarray>a)[0]
    return _view(x, k_np_view(a, 2, dims, strides, 0), cls, K_PERMUTE, _T_PERM)


cdef object t_impl(object input):
    """Tensor.t() (a TBackward0 node)."""
    r = _transposed_2d(<Tensor>input, TBackward0)
    return t(input) if r is None else r


cdef tuple _T_PERM = (1, 0)


cdef object view1_impl(object input, object size):
    """Tensor.view(size): one int (x.view(-1)) on a C-contiguous numpy
    tensor is a 1-D view made in C."""
    cdef Tensor x = <Tensor>input
    cdef Py_ssize_t v, numel
    cdef cnp.npy_intp dims[1]
    cdef cnp.npy_intp strides[1]
    a = x.data_
    if type(size) is int and cnp.PyArray_CheckExact(a) and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>a):
        v = _small_int(size)
        numel = cnp.PyArray_SIZE(<cnp.ndarray>a)
        if v == -1 or v == numel:
            dims[0] = numel
            strides[0] = cnp.PyArray_ITEMSIZE(<cnp.ndarray>a)
            return _view(x, k_np_view(a, 1, dims, strides, 0), ViewBackward0, K_RESHAPE, None)
    if isinstance(size, (tuple, list)):
        try:
            return view_impl(input, tuple(size))
        except TypeError:
            # torch's parser words the sequence as given (x.view([1.0, 2.0]): "got (list)")
            _hot_reject("Tensor.view", input, (size,), None)
            raise
    return view_impl(input, (size,))


cdef object view_impl(object input, object shape):
    """Tensor.view(*shape): int sizes on a C-contiguous numpy tensor are
    handled in C; anything else goes through view()."""
    cdef Tensor x = <Tensor>input
    cdef tuple s = <tuple>shape
    cdef Py_ssize_t n = len(s), i, v, known = 1, numel, step
    cdef int infer = -1
    cdef cnp.npy_intp dims[32]
    cdef cnp.npy_intp strides[32]
    a = x.data_
    if n == 0 or n > 32 or not cnp.PyArray_CheckExact(a) or not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>a):
        return view(input, *s)
    for i in range(n):
        o = s[i]
        if type(o) is not int:
            return view(input, *s)
        v = _small_int(o)
        if v < -1:
            return view(input, *s)
        if v == -1:
            if infer >= 0:
                return view(input, *s)
            infer = i
        else:
            if v != 0 and known > PY_SSIZE_T_MAX // v:
                return view(input, *s)    # its product passes int64: view() reports it
            known *= v
        dims[i] = v
    numel = cnp.PyArray_SIZE(<cnp.ndarray>a)
    if numel == 0:
        return view(input, *s)    # sizes after a 0 are unbounded: view() checks them
    if infer >= 0:
        if known == 0 or numel % known != 0:
            return view(input, *s)
        dims[infer] = numel // known
    elif known != numel:
        return view(input, *s)
    step = cnp.PyArray_ITEMSIZE(<cnp.ndarray>a)
    for i in range(n - 1, -1, -1):
        strides[i] = step
        step *= dims[i]
    return _view(x, k_np_view(a, <int>n, dims, strides, 0), ViewBackward0, K_RESHAPE, None)


cdef object numpy_T_impl(object input):
    """Tensor.T (a PermuteBackward0 node, as torch's)."""
    r = _transposed_2d(<Tensor>input, PermuteBackward0)
    return numpy_T(input) if r is None else r


tensor_dispatch().getitem = getitem_impl
tensor_dispatch().t = t_impl
tensor_dispatch().view = view_impl
tensor_dispatch().view1 = view1_impl
tensor_dispatch().numpy_T = numpy_T_impl


cdef bint _seq_as_tuple(object index):
    """torch's (and old numpy's) rule for a non-tuple sequence index: a short
    list holding a tensor, a sequence, a slice, None or Ellipsis is read as a
    tuple of indices (x[[[0, 1], [2, 2]]] is x[[0, 1], [2, 2]])."""
    if isinstance(index, str):
        # a str is a sequence of sequences (its characters)
        return 0 < len(index) < 32
    if isinstance(index, Tensor) or not isinstance(index, list):
        return False
    if len(index) >= 32:
        return False
    for it in index:
        if isinstance(it, (Tensor, list, tuple, slice)) or it is None or it is Ellipsis:
            return True
    return False


cdef bint _plain_index_items(tuple items):
    """Whether every item is one _index_item leaves as it is (the common case)."""
    for it in items:
        if not (it is None or type(it) is int or type(it) is slice or isinstance(it, Tensor)):
            return False
    return True


cdef object _index_item(object it):
    """One item of an index as torch's indexing reads it (python_variable_indexing.cpp):
    a list is data for an index tensor (torch's indexing_tensor_from_data:
    bool when its items are, else int64, floats truncated, with the checked
    conversion's error for a value out of range); an item that is not an
    integer, slice, Ellipsis, None, bool, sequence or tensor is refused."""
    if (it is None or it is Ellipsis or isinstance(it, (Tensor, slice, bool, np.bool_, tuple, np.ndarray))):
        return it
    if isinstance(it, list):
        for e in it:   # the common list of ints: as it is, without numpy's conversion
            if type(e) is not int and type(e) is not bool:
                break
        else:
            return it
        try:
            a = np.asarray(it)
        except Exception:
            return it
        if a.dtype.kind != "f" or a.size == 0:
            return it
        if not (np.isfinite(a).all() and (a >= -2.0 ** 63).all() and (a < 2.0 ** 63).all()):
            raise RuntimeError("value cannot be converted to type int64 without overflow")
        return wrap_array(np.trunc(a).astype(np.int64))
    if hasattr(type(it), "__index__"):
        return it
    if isinstance(it, str):
        # a str is a sequence: torch makes index-tensor data of it, and its tensor factory refuses it
        raise TypeError("new(): invalid data type 'str'")
    tp = type(it)
    name = tp.__name__ if tp.__module__ == "builtins" else f"{tp.__module__}.{tp.__name__}"
    raise IndexError(f"only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                     f"valid indices (got {name})")


def normalize_index(Tensor t, index):
    """The index as torch reads it (a list that is really a tuple becomes a
    tuple), with torch's IndexError when it has more items than t has dims."""
    if isinstance(index, (list, str)) and _seq_as_tuple(index):
        import warnings
        warn_user("Using a non-tuple sequence for multidimensional indexing is deprecated and will be "
                      "changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will "
                      "be interpreted as tensor index, x[torch.tensor(seq)], which will result either in an "
                      "error or a different result")
        index = tuple(index)
    cdef Py_ssize_t nd = t.data_.ndim, used = 0, ellipses = 0
    cdef bint neg_step = False
    items = index if isinstance(index, tuple) else (index,)
    for it in items:
        if it is None or type(it) is bool:
            continue
        if it is Ellipsis:
            ellipses += 1
            continue
        if type(it) is slice and it.step is not None and it.step.__index__() < 0:
            neg_step = True
        if isinstance(it, Tensor):
            dt = _npdt((<Tensor>it).data_)
            used += (<Tensor>it).data_.ndim if dt.kind == "b" or dt == np.uint8 else 1
        else:
            used += 1
    if used > nd:
        if nd == 0 and not isinstance(index, tuple):
            if isinstance(index, slice):
                if neg_step:
                    raise ValueError("step must be greater than zero")
                # the slice kernel's check: after autograd's (NOTE [ Gradient edges before kernel checks ])
                edges_first(t)
                raise IndexError("slice() cannot be applied to a 0-dim tensor.")
            if isinstance(index, (int, np.integer)):
                # torch's applySelect: only index 0 gets the 0-dim advice; any
                # other integer fails its bounds check against a size of 0
                if index != 0:
                    raise IndexError(f"index {int(index)} is out of bounds for dimension 0 with size 0")
                raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"too many indices for tensor of dimension {nd}")
    if not _plain_index_items(items):   # after the count, as torch's applySlicing
        items = tuple([_index_item(it) for it in items])
        index = items if isinstance(index, tuple) else items[0]
    if neg_step:
        _check_steps(items, t.data_.shape, nd - used)
    if ellipses > 1:
        # torch lets every Ellipsis skip the dims the other items leave
        # (applySlicing), so the second and later ones skip the dims past
        # the end: nothing, when nothing follows them
        index = _second_ellipses(items, nd - used)
    return index


cdef _check_steps(tuple items, tuple shape, Py_ssize_t rest):
    """torch applies the items left to right: a negative step fails unless an
    int before it is out of range (numpy's check words that one)."""
    cdef Py_ssize_t d = 0
    for it in items:
        if it is None or type(it) is bool:
            continue
        if it is Ellipsis:
            d += rest
        elif type(it) is slice:
            if it.step is not None and it.step.__index__() < 0:
                raise ValueError("step must be greater than zero")
            d += 1
        elif isinstance(it, Tensor):
            return
        else:
            try:
                i = it.__index__()
            except Exception:
                return
            if d < len(shape) and not -shape[d] <= i < shape[d]:
                return
            d += 1


cdef tuple _second_ellipses(tuple items, Py_ssize_t rest):
    """The index without its second and later Ellipses, or torch's error when
    one of them pushed a later item past the last dim."""
    cdef list out = []
    cdef bint seen = False
    cdef Py_ssize_t d = 0, cur = rest
    for it in items:   # cur: the dims of the view so far (rest + consumed)
        if it is not None and it is not Ellipsis and type(it) is not bool:
            cur += 1
    for it in items:
        if it is Ellipsis:
            d += rest
            if seen:
                continue
            seen = True
        elif it is None:
            if d > cur:
                raise IndexError(f"Dimension out of range (expected to be in range of [{-(cur + 1)}, {cur}], "
                                 f"but got {d})")
            cur += 1
            d += 1
        elif type(it) is not bool:
            if d >= cur:
                raise IndexError(f"Dimension out of range (expected to be in range of [{-cur}, {cur - 1}], "
                                 f"but got {d})")
            if type(it) is slice:
                d += 1
            else:
                cur -= 1
        out.append(it)
    return tuple(out)


cdef bint _int_past_int64(object index):
    """An index (or an item of an index tuple or list) that is a Python int
    outside int64."""
    if type(index) is int:
        return not _INT64_MIN <= index <= _INT64_MAX
    if type(index) is tuple or type(index) is list:
        for e in index:
            if _int_past_int64(e):
                return True
    return False


def getitem(input, index):
    cdef Tensor t = tensor_arg(input, "getitem", "input", 1)
    index = normalize_index(t, index)
    idx = _convert_index(index)
    if type(idx) is tuple:
        steps = _split_basic_advanced(<tuple>idx, t.data_.ndim)
        if steps is not None:   # NOTE [ Basic steps before advanced indexing ]
            v = t
            for step in steps[0]:
                v = getitem(v, step)
            return getitem(v, steps[1])
    x = t.data_
    if type(x) is not np.ndarray:   # NOTE [ Device backends ]
        if _xp.is_advanced(idx):
            return _record(t, _xp.advanced_index(x, idx), IndexBackward0, K_INDEX, idx)
        return _view(t, _xp.basic_index(x, idx), _basic_index_node(idx, x.shape), K_INDEX, idx)
    try:
        r = x[idx]
    except OverflowError:
        raise ValueError("Overflow when unpacking long long") from None
    except IndexError as e:
        msg = str(e)
        if _int_past_int64(index):
            # numpy refuses an int past uint64 as no index at all; torch's
            # THPUtils_unpackLong fails on it (NOTE [ An int past int64 unpacks as a ValueError ])
            raise ValueError("Overflow when unpacking long long") from None
        if "boolean index did not match" in msg:
            _mask_shape_error(idx, x.shape)
        if "out of bounds" not in msg:
            raise
        import re
        bad = _bad_int_item(idx, x.shape)
        if bad is not None:
            raise IndexError(f"index {bad[0]} is out of bounds for dimension {bad[1]} with size {bad[2]}") from None
        r = _advanced_oob(x, idx)   # NOTE [ Advanced index bounds ]
        if isinstance(r, IndexError):
            raise r from None
        if r is not None:
            r, idx = r
        else:
            r = _advanced_oob_error(x, idx)   # NOTE [ Advanced index error numbering ]
            if r is not None:
                raise r from None
            m = re.search(r"index (-?\d+) is out of bounds for axis (\d+) with size (\d+)", msg)
            if m:
                raise IndexError(f"index {m.group(1)} is out of bounds for dimension {m.group(2)} with size {m.group(3)}") from None
            raise
    items = idx if isinstance(idx, tuple) else (idx,)
    if any([isinstance(i, (np.ndarray, list, bool, np.bool_)) or (hasattr(i, "dtype") and not isinstance(i, np.integer)) for i in items]):
        return _record(t, np.array(r, copy=True), IndexBackward0, K_INDEX, idx)
    return _view(t, _basic_view(x, idx), _basic_index_node(idx, x.shape), K_INDEX, idx)


cdef _mask_shape_error(object idx, tuple shape):
    """torch's IndexError for a boolean mask whose shape does not match the
    dimensions it covers (expandTensors' invalid_mask), in the tensor left
    after the basic items were applied (ints select, None unsqueezes,
    slices keep a dimension), as torch masks the sliced tensor; a mask
    reaching past that tensor's last dimension gets size()'s "Dimension
    out of range". Returns None when every mask fits."""
    items = idx if type(idx) is tuple else (idx,)
    cdef list full = [], masks = []
    cdef Py_ssize_t d = 0, consumed = 0, j, n, ss[2]
    for it in items:
        if it is None or it is Ellipsis or type(it) is bool or isinstance(it, np.bool_):
            continue
        consumed += it.ndim if isinstance(it, np.ndarray) and it.dtype == np.bool_ else 1
    for it in items:   # the sliced tensor's sizes; each mask covers its dims
        if it is None or type(it) is bool or isinstance(it, np.bool_):
            full.append(1)
        elif it is Ellipsis:
            n = len(shape) - consumed
            full.extend(shape[d:d + n])
            d += n
        elif type(it) is slice:
            if d < len(shape):
                _torch_slice(it, shape[d], ss)
                full.append(ss[1])
            else:
                full.append(0)
            d += 1
        elif isinstance(it, np.ndarray) and it.dtype == np.bool_:
            masks.append((it, len(full)))
            full.extend(shape[d:d + it.ndim])
            d += it.ndim
        elif isinstance(it, (np.ndarray, list)):
            full.append(shape[d] if d < len(shape) else 0)
            d += 1
        else:
            d += 1
    full.extend(shape[d:])
    n = len(full)
    for m, pos in masks:
        for j in range(m.ndim):
            if pos + j >= n:
                raise IndexError(f"Dimension out of range (expected to be in range of "
                                 f"[{-n}, {n - 1}], but got {pos + j})")
            if m.shape[j] != full[pos + j]:
                raise IndexError(f"The shape of the mask [{', '.join([str(v) for v in m.shape])}] at index {j} "
                                 f"does not match the shape of the indexed tensor "
                                 f"[{', '.join([str(v) for v in full])}] at index {pos + j}")
    return None


cdef object _bad_int_item(object idx, tuple shape):
    """(index, position, size) of the first int item out of range, or None.
    torch's applySlicing names the item's position in the index (every
    item counts: None, Ellipsis, True, tensors), not the tensor's dimension."""
    items = idx if type(idx) is tuple else (idx,)
    cdef Py_ssize_t consumed = 0, d = 0, pos
    for it in items:
        if it is None or it is Ellipsis or type(it) is bool or isinstance(it, np.bool_):
            continue
        consumed += 1 if not (isinstance(it, np.ndarray) and it.dtype == np.bool_) else it.ndim
    for pos, it in enumerate(items):
        if it is None or type(it) is bool or isinstance(it, np.bool_):
            continue
        if it is Ellipsis:
            d += len(shape) - consumed
        elif isinstance(it, (int, np.integer)):
            if d < len(shape) and not -shape[d] <= it < shape[d]:
                return (int(it), pos, shape[d])
            d += 1
        elif isinstance(it, np.ndarray) and it.dtype == np.bool_:
            d += it.ndim
        else:
            d += 1
    return None


# NOTE [ Advanced index bounds ]
# torch's AdvancedIndex refuses an index tensor into a dimension of size 0
# up front, in words without numbers ("index is out of bounds for dimension
# with size 0"), when the indices' broadcast shape has no 0 (no number is a
# valid index into an empty dimension). Every other bound is checked by the
# index kernel element by element, so an indexing whose result is empty
# (another dimension of size 0) checks nothing and succeeds. numpy checks
# every index whatever the result's size; _advanced_oob answers, on that
# error path only, what torch does instead.
cdef object _advanced_oob(object x, object idx):
    """After numpy's x[idx] failed with an out-of-bounds IndexError: torch's
    IndexError for a size-0 indexed dimension, or (the empty result, an
    in-bounds index of the same shapes for the node) where torch checks
    nothing, or None (the numbered message stands)."""
    items = idx if type(idx) is tuple else (idx,)
    shape = tuple(x.shape)
    cdef Py_ssize_t consumed = 0, d = 0
    for it in items:
        if it is None or it is Ellipsis or type(it) is bool or isinstance(it, np.bool_):
            continue
        consumed += it.ndim if isinstance(it, np.ndarray) and it.dtype == np.bool_ else 1
    indexed = []
    arrays = []
    clipped = []
    for it in items:
        if it is None or type(it) is bool or isinstance(it, np.bool_):
            clipped.append(it)
            continue
        if it is Ellipsis:
            d += len(shape) - consumed
            clipped.append(it)
            continue
        if isinstance(it, (list, np.ndarray)):
            a = np.asarray(it)
            if a.dtype == np.bool_:
                indexed.extend(shape[d:d + a.ndim])
                arrays.append(np.empty(int(a.sum()), np.int64))
                d += a.ndim
                clipped.append(it)
                continue
            if a.dtype.kind in "iu" and d < len(shape):
                n = shape[d]
                indexed.append(n)
                arrays.append(a)
                clipped.append(np.clip(a, -n, n - 1) if n > 0 else np.zeros_like(a))
                d += 1
                continue
        clipped.append(it)
        d += 1
    if not arrays:
        return None
    try:
        replacement = np.broadcast_shapes(*[a.shape for a in arrays])
    except ValueError:
        return None
    if 0 in indexed and 0 not in replacement:
        return IndexError("index is out of bounds for dimension with size 0")
    try:
        r = x[tuple(clipped)]
    except IndexError:
        return None
    return (r, tuple(clipped)) if r.size == 0 else None


# NOTE [ Advanced index error numbering ]
# torch's index kernel (AdvancedIndex's Indexer) checks each element of the
# broadcast index tensors in turn, and for one element each index tensor in
# order; its message "index N is out of bounds for dimension J with size S"
# numbers J among the index *tensors* (a boolean mask counts as one per
# dimension it covers), not among the dimensions of self: x[:, t] with t out
# of range says "dimension 0". Integers and slices do not count (integers are
# applied as select() before the kernel and checked there, in their own
# words: _bad_int_item). numpy numbers its axes, so its message is rebuilt.
cdef object _advanced_oob_error(object x, object idx):
    """torch's IndexError for the first out-of-bounds index-tensor element of
    x[idx] (NOTE [ Advanced index error numbering ]), or None."""
    items = idx if type(idx) is tuple else (idx,)
    shape = tuple(x.shape)
    cdef Py_ssize_t consumed = 0, d = 0, j = 0
    for it in items:
        if it is None or it is Ellipsis or type(it) is bool or isinstance(it, np.bool_):
            continue
        consumed += it.ndim if isinstance(it, np.ndarray) and it.dtype == np.bool_ else 1
    arrays = []     # (tensor ordinal, index array, size of its dimension)
    for it in items:
        if it is None or type(it) is bool or isinstance(it, np.bool_):
            continue
        if it is Ellipsis:
            d += len(shape) - consumed
            continue
        if isinstance(it, (list, np.ndarray)):
            a = np.asarray(it)
            if a.ndim == 0 and a.dtype.kind in "iu":   # torch applies it as select()
                d += 1
                continue
            if a.dtype == np.bool_:
                for _ in range(a.ndim):
                    arrays.append((j, np.zeros(int(a.sum()), np.int64), 1))
                    j += 1
                d += a.ndim
                continue
            if a.dtype.kind in "iu" and d < len(shape):
                arrays.append((j, a, shape[d]))
                j += 1
        d += 1
    if not arrays:
        return None
    try:
        bc = np.broadcast_arrays(*[a for _, a, _ in arrays])
    except ValueError:
        return None
    bad = np.stack([((b < -n) | (b >= n)).reshape(-1) for b, (_, _, n) in zip(bc, arrays)]) \
        if bc[0].size else None
    if bad is None or not bad.any():
        return None
    pos = int(np.argmax(bad.any(axis=0)))
    k = int(np.argmax(bad[:, pos]))
    return IndexError(f"index {int(bc[k].reshape(-1)[pos])} is out of bounds for dimension {arrays[k][0]} "
                      f"with size {arrays[k][2]}")


cdef type _basic_index_node(object idx, tuple shape):
    """The node class torch's basic indexing ends with: it applies the index
    items left to right (int: select, slice: slice, None: unsqueeze) and
    names the view after the last one applied. Inside a tuple a slice
    written as covering its whole dimension is skipped; a tuple that applies nothing
    gives an alias."""
    if not isinstance(idx, tuple):
        if idx is None:
            return UnsqueezeBackward0
        if idx is Ellipsis:
            return AliasBackward0
        return SliceBackward0 if isinstance(idx, slice) else SelectBackward0
    cdef Py_ssize_t consumed = 0, d = 0
    for it in idx:
        if it is not None and it is not Ellipsis:
            consumed += 1
    cls = AliasBackward0
    for it in idx:
        if it is None:
            cls = UnsqueezeBackward0
        elif it is Ellipsis:
            d += len(shape) - consumed
        elif isinstance(it, slice):
            # torch skips a slice given as start 0 (or None), a stop at or past
            # the end (or None) and step 1 -- compared before negative wrapping
            if not ((it.start is None or it.start == 0) and (it.step is None or it.step == 1)
                    and (it.stop is None or it.stop >= shape[d])):
                cls = SliceBackward0
            d += 1
        else:
            cls = SelectBackward0
            d += 1
    return cls


def numel(input):
    return tensor_arg(input, "numel", "input", 1).data_.size


# =============================================================================
# Multi-output ops: unbind, split, chunk (copies until the views issue)
# =============================================================================

cdef class MultiOutputBackward(Node):
    """One node for all outputs of unbind/split; output i's gradient is
    placed at its segment, zeros where an output got none."""
    cdef int dim
    cdef list sizes          # segment lengths along dim; None for unbind (stack)
    cdef tuple self_shape
    cdef object self_dtype
    cdef object device_like  # a 0-d array on the input's device (None for numpy)

    def _cya_saved_scalars(self):
        # torch's split_size is the first part's length (chunk's too)
        if type(self) is UnbindBackward0:
            return [("dim", self.dim)]
        if type(self) is SplitBackward0:
            return [("dim", self.dim), ("self_sym_sizes", self.self_shape),
                    ("split_size", self.sizes[0] if self.sizes else 0)]
        return [("dim", self.dim), ("self_sym_sizes", self.self_shape), ("split_sizes", tuple(self.sizes))]

    def __getattr__(self, name):
        return _saved_getattr(self, name, self._cya_saved_scalars())

    def __dir__(self):
        return _saved_dir(self, self._cya_saved_scalars())

    cdef list apply(self, list grads):
        cdef Py_ssize_t i
        is_t = any([isinstance(g, Tensor) for g in grads])
        parts = []
        for i in range(len(grads)):
            g = grads[i]
            if g is None:
                shape = list(self.self_shape)
                if self.sizes is None:
                    del shape[self.dim]
                else:
                    shape[self.dim] = self.sizes[i]
                if self.device_like is not None:   # NOTE [ Device backends ]
                    g = _xp.zeros(self.device_like, shape)
                else:
                    g = np.zeros(tuple(shape), dtype=self.self_dtype)
                if is_t:
                    g = wrap_array(g)
            parts.append(g)
        if is_t:
            from cyautograd.ops.shape import stack as _stack, cat as _cat
            return [_stack(parts, self.dim) if self.sizes is None else _cat(parts, self.dim)]
        if self.device_like is not None:
            return [_xp.stack(parts, self.dim) if self.sizes is None else _xp.concat(parts, self.dim)]
        if self.sizes is None:
            return [np.stack(parts, axis=self.dim)]
        return [np.concatenate(parts, axis=self.dim)]


@cython.final
cdef class UnbindBackward0(MultiOutputBackward):
    pass


@cython.final
cdef class SplitBackward0(MultiOutputBackward):
    pass


@cython.final
cdef class SplitWithSizesBackward0(MultiOutputBackward):
    pass


cdef tuple _multi_output(Tensor t, list arrays, type cls, int dim, list sizes):
    cdef MultiOutputBackward fn = None
    cdef Py_ssize_t i
    if grad_needed(t) and not _is_floating(t.data_):
        _no_autograd_dtype(t.data_)
    outs = [make_view(t, a, CYA_CREATION_META_MULTI_OUTPUT_NODE) for a in arrays]
    if grad_needed(t) and _is_floating(t.data_):
        fn = <MultiOutputBackward>new_node(cls)
        if not cnp.PyArray_CheckExact(t.data_):
            fn.device_like = _xp.zeros(t.data_, ())
        fn.dim = dim
        fn.sizes = sizes
        fn.self_shape = tuple(t.data_.shape)
        fn.self_dtype = t.data_.dtype
        fn.num_inputs_ = len(outs)
        fn.next_edges_ = next_edges1(t)
        for i in range(len(outs)):
            set_view_history(<Tensor>outs[i], fn, i)
    return tuple(outs)


def unbind(input, dim=0):
    cdef Tensor t = _arg(input, "unbind")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if x.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    d = wrap_dim(dim, x.ndim)
    return _multi_output(t, _unbind_arrays(x, d), UnbindBackward0, d, None)


cdef list _unbind_arrays(object x, Py_ssize_t d):
    """The views x[..., i, ...] along d: arrays even when 0-d, never numpy
    scalars (NOTE [ 0-d tensors are views ] in tensor.pyx); made in C for a
    numpy array (d's size and stride dropped, offset i * stride)."""
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp st[64]
    cdef Py_ssize_t nd, i, k = 0, n
    cdef cnp.npy_intp step
    if not cnp.PyArray_CheckExact(x):
        return [x[(slice(None),) * d + (i, Ellipsis)] for i in range(x.shape[d])]
    nd = cnp.PyArray_NDIM(<cnp.ndarray>x)
    for i in range(nd):
        if i != d:
            dims[k] = cnp.PyArray_DIMS(<cnp.ndarray>x)[i]
            st[k] = cnp.PyArray_STRIDES(<cnp.ndarray>x)[i]
            k += 1
    n = cnp.PyArray_DIMS(<cnp.ndarray>x)[d]
    step = cnp.PyArray_STRIDES(<cnp.ndarray>x)[d]
    return [k_np_view(x, <int>(nd - 1), dims, st, i * step) for i in range(n)]


cdef object _split_parser_check(Tensor t, object split_size, object dim):
    """torch's Tensor.split (Python) hands an int split_size (a bool is one)
    to _VF.split and anything else to _VF.split_with_sizes, whose parsers
    reject a bool split_size or a dim that is not an int."""
    if isinstance(split_size, Tensor):
        return
    parser_check("_VF.split" if isinstance(split_size, int) else "split_with_sizes", (t, split_size, dim))


def split(input, split_size_or_sections, dim=0):
    try:
        return _split(input, split_size_or_sections, dim)
    except Exception:
        # the failure path only: torch's parser (of _VF.split or
        # _VF.split_with_sizes) words a split_size that is no int or int list
        if isinstance(input, Tensor):
            _split_parser_check(<Tensor>input, split_size_or_sections, dim)
        raise


cdef object _split(input, split_size_or_sections, dim):
    cdef Tensor t = _arg(input, "split")
    x = t.data_
    if type(dim) is not int or type(split_size_or_sections) is bool:
        _split_parser_check(t, split_size_or_sections, dim)
    if isinstance(split_size_or_sections, Tensor) and (<Tensor>split_size_or_sections).data_.ndim > 0:
        # torch's parser tries split_with_sizes' int list and refuses it
        raise TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not Tensor")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    if x.ndim == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    if not isinstance(split_size_or_sections, (list, tuple)):
        # torch's split: a negative split_size is refused before the dim is wrapped,
        # a zero one after it (it is allowed on a zero-size dimension)
        s = split_size_or_sections.__index__()
        if s > _INT64_MAX or s < _INT64_MIN:   # NOTE [ An int past int64 unpacks as a ValueError ]
            raise ValueError("Overflow when unpacking long long")
        if s < 0:
            raise RuntimeError(f"split expects split_size be non-negative, but got split_size={s}")
    d = wrap_dim(dim, x.ndim)
    n = x.shape[d]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = [s.__index__() for s in split_size_or_sections]
        total = 0
        for s in sizes:
            total += s
        if total != n:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n} (input "
                               f"tensor's size at dimension {d}), but got split_sizes={sizes}")
        cls = SplitWithSizesBackward0
    else:
        if s == 0 and n != 0:
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        # a zero-size dimension splits into one empty piece, as torch's
        sizes = ([s] * (n // s) + ([n % s] if n % s else [])) if n > 0 else [0]
        cls = SplitBackward0
    arrays = []
    start = 0
    cdef bint host = cnp.PyArray_CheckExact(x)
    for s in sizes:
        if host:
            arrays.append(_slice_view(x, d, slice(start, start + s)))
        else:
            arrays.append(_xp.basic_index(x, (slice(None),) * d + (slice(start, start + s),)))
        start += s
    return _multi_output(t, arrays, cls, d, sizes)


def chunk(input, chunks, dim=0):
    cdef Tensor t
    try:
        t = _arg(input, "chunk")
        if type(chunks) is bool:    # an int to Python, not to torch's parser: _hot_reject words it
            raise TypeError("chunk(): argument 'chunks' must be int, not bool")
        if type(chunks) is int and not _INT64_MIN <= chunks <= _INT64_MAX:
            raise ValueError("Overflow when unpacking long long")   # NOTE [ An int past int64 unpacks as a ValueError ]
        if chunks <= 0:
            raise RuntimeError("chunk expects `chunks` to be greater than 0, got: %d" % chunks)
        x = t.data_
        if x.ndim == 0:
            raise RuntimeError("chunk expects at least a 1-dimensional tensor")
        d = wrap_dim(dim, x.ndim)
        n = x.shape[d]
        if n == 0:
            # torch: `chunks` empty pieces, through split_with_sizes
            return split(t, [0] * chunks, d)
        return split(t, -(-n // chunks), d)
    except Exception:
        _hot_reject("Tensor.chunk", input, (chunks, dim), None)
        raise


cdef class IndexPutBackward0(Node):
    """self.index_put_(indices, values): the gradient of self is zero where
    values were written (unless accumulate); values get the indexed gradient."""
    cdef object indices
    cdef bint accumulate
    cdef tuple values_shape
    cdef bint released_     # NOTE [ Saved indices are released ] (torch saves indices)

    cdef void release_variables(self):
        self.released_ = True

    cdef list apply(self, list grads):
        g = grads[0]
        if self.released_:
            raise err_backward_twice()
        if isinstance(g, Tensor):
            return self._apply_tensor(<Tensor>g)
        if type(g) is not np.ndarray:   # NOTE [ Device backends ]
            return [_xp.index_put_backward_self(g, self.indices, self.accumulate)
                    if self.should_compute_output(0) else None,
                    unbroadcast(_xp.advanced_index(g, self.indices), self.values_shape)
                    if self.should_compute_output(1) else None]
        g = np.asarray(g)
        r0 = r1 = None
        if self.should_compute_output(0):
            r0 = g.copy()
            if not self.accumulate:
                r0[self.indices] = 0
        if self.should_compute_output(1):
            r1 = unbroadcast(np.asarray(g[self.indices]), self.values_shape)
        return [r0, r1]

    cdef list _apply_tensor(self, Tensor g):
        """The same formulas as differentiable ops (create_graph)."""
        r0 = r1 = None
        if self.should_compute_output(0):
            if self.accumulate:
                r0 = g
            else:
                r0 = index_put(g, self.indices, wrap_array(np.zeros((), dtype=g.data_.dtype)))
        if self.should_compute_output(1):
            r1 = unbroadcast(getitem(g, self.indices), self.values_shape)
        return [r0, r1]


@cython.final
cdef class IndexPutImplBackward0(IndexPutBackward0):
    """_index_put_impl_'s node (index_backward's write into zeros)."""
    pass


def index_put_(input, indices, values, accumulate=False):
    return _index_put(input, indices, values, accumulate, IndexPutBackward0)


cdef object _index_put(input, indices, values, accumulate, type cls, bint inplace=True):
    """index_put_ (inplace) or index_put: the out-of-place op writes into
    a clone of input made below autograd, so its result is at version 0
    and its node's edges are input's, as torch's autograd kernel of
    index_put (clone().index_put_() runs below it)."""
    cdef str name = "index_put_" if inplace else "index_put"
    cdef Tensor t = _arg(input, name)
    cdef Tensor tv, src = t
    cdef IndexPutBackward0 fn = None
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"{name}(): argument 'indices' (position {1 if inplace else 2}) must be tuple of "
                        f"Tensors, not {type_name(indices)}")
    if not isinstance(values, Tensor):
        raise TypeError(f"{name}(): argument 'values' (position {2 if inplace else 3}) must be Tensor, "
                        f"not {type_name(values)}")
    tv = values
    # autograd's check_inplace comes before the kernel's checks
    rg = is_grad_enabled_c() and (tensor_requires_grad(t) or tensor_requires_grad(tv))
    if inplace:
        check_inplace(t, rg)
    else:
        x = t.data_
        t = wrap_array(k_like_layout(x.copy(), x) if type(x) is np.ndarray else _xp.copy(x))
    x = t.data_
    v = tv.data_
    if not accumulate and v.size == 1:
        _masked_fill_dispatch(x.shape, indices)
    if type(x) is np.ndarray:
        _index_put_mask_shapes(x.shape, indices)   # before uint8's warning, as torch
    idx = _convert_index(tuple(indices))
    if type(x) is not np.ndarray or type(v) is not np.ndarray:   # NOTE [ Device backends ]
        return _index_put_xp(t, tv, tuple(indices), idx, accumulate, rg, src, inplace)
    # torch's _index_put_impl_ order: the overlap checks, then
    # make_index_put_iterator's shape check, then its dtype check
    _index_put_overlap_checks(t, tuple(indices), tv, accumulate)
    cdef bint empty = False
    try:
        try:
            target_shape = x[idx].shape
        except IndexError as e:
            if "boolean index did not match" in str(e):
                _mask_shape_error(idx, x.shape)
            r = _advanced_oob(x, idx) if "out of bounds" in str(e) else None   # NOTE [ Advanced index bounds ]
            if r is None:
                r = _advanced_oob_error(x, idx) if "out of bounds" in str(e) else None
                if r is not None:   # NOTE [ Advanced index error numbering ]
                    raise r from None
                raise
            if isinstance(r, IndexError):
                raise r from None
            target_shape = r[0].shape
            idx = r[1]
            empty = True    # nothing to write, and torch checks no index
        np.broadcast_to(v, target_shape)
    except IndexError as e:
        if "boolean index did not match" in str(e):
            _mask_shape_error(idx, x.shape)
        raise IndexError(str(e).replace("axis", "dimension")) from None
    except ValueError:
        raise RuntimeError(f"shape mismatch: value tensor of shape [{', '.join([str(s) for s in v.shape])}] "
                           f"cannot be broadcast to indexing result of shape "
                           f"[{', '.join([str(s) for s in target_shape])}]") from None
    if v.dtype != x.dtype:
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                           f"{_D._FROM_NP[x.dtype]._cname} for the destination and "
                           f"{_D._FROM_NP[v.dtype]._cname} for the source.")
    if rg:
        fn = new_node(cls)
        fn.indices = tuple([i.copy() if isinstance(i, np.ndarray) else i for i in idx])
        fn.accumulate = accumulate
        fn.values_shape = tuple(v.shape)
        fn.next_edges_ = next_edges2(src, tv)
    if empty:
        pass
    elif v.size and np.may_share_memory(x, v):
        _index_put_sequential(x, idx, v, accumulate)
    elif accumulate:
        np.add.at(x, idx, v)
    else:
        x[idx] = v
    if not inplace:
        if rg:
            set_history(t, fn, 0)
        return t
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


# NOTE [ index_put_ through shared memory ]
# _index_put_impl_ refuses a value that overlaps self only where it can prove
# it (assert_no_overlap: both non-overlapping and dense); an expanded or
# as_strided self (internal overlap: the deprecation warning) or another
# TOO_HARD layout goes ahead, and torch's index kernel then reads each value
# element right before it writes its target, in the indexing result's order:
# a value element that an earlier write changed is read back changed (fuzz
# seed 70739: v13 = v8.as_strided((2,), (0,), 1); v13[[0, 1]] = v8 leaves
# v8[1] == v8[0]). numpy's x[idx] = v reads v whole first (it copies an
# overlapping v), so where the two may share memory the writes replay
# torch's loop, one element at a time (a rare path: only aliasing values).
cdef int _index_put_sequential(object x, object idx, object v, bint accumulate) except -1:
    pos = np.arange(x.size, dtype=np.intp).reshape(x.shape)[idx]
    vb = np.broadcast_to(v, pos.shape)    # a view: each read sees the writes so far
    shape = x.shape
    for k, p in zip(np.ndindex(pos.shape), pos.ravel().tolist()):
        xi = np.unravel_index(p, shape)
        if accumulate:
            x[xi] = x[xi] + vb[k]
        else:
            x[xi] = vb[k]
    return 0


cdef _index_put_mask_shapes(tuple shape, object indices):
    cdef list pre = []
    for it in indices:
        if it is None:
            pre.append(slice(None))
        elif isinstance(it, Tensor) and type((<Tensor>it).data_) is np.ndarray:
            a = (<Tensor>it).data_
            pre.append(a != 0 if a.dtype == np.uint8 else a)
        else:
            return
    if len(pre) > len(shape):
        return
    _mask_shape_error(tuple(pre), shape)


cdef _masked_fill_dispatch(tuple shape, object indices):
    """torch's index_put_ hands a one-element value and a single mask (after
    any number of absent indices) that fits its dims to masked_fill_, which
    refuses a uint8 mask."""
    cdef Py_ssize_t d = 0, j
    mask = None
    for it in indices:
        if it is None or (type(it) is slice and it == slice(None)):
            if mask is None:
                d += 1
            continue
        if mask is not None or not isinstance(it, Tensor) or (<Tensor>it).data_.ndim == 0:
            return
        mask = it
    if mask is None or _npdt((<Tensor>mask).data_) != np.uint8:
        return
    ms = (<Tensor>mask).data_.shape
    if d + len(ms) > len(shape):
        return
    for j in range(len(ms)):
        if ms[j] != shape[d + j]:
            return
    raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with dtype unsigned char")


cdef int _index_put_overlap_checks(Tensor t, tuple indices, Tensor tv, bint accumulate) except -1:
    """_index_put_impl_'s checks (NOTE [ Memory overlap ] in memory_overlap.pyx):
    an expanded self only warns; one boolean mask with a one-element value
    goes to masked_fill_ (the value is read as a number, not checked);
    otherwise the value and every index tensor may not share self's memory
    at all (assert_no_overlap: a full overlap is refused too)."""
    cdef Py_ssize_t n_tensors = 0, n_masks = 0
    if has_internal_overlap(t) == MEM_OVERLAP_YES:
        warn_user("Use of index_put_ on expanded tensors is deprecated. Please clone() the tensor before "
                      "performing this operation. This also applies to advanced indexing e.g. "
                      "tensor[indices] = tensor")
    for i in indices:
        if isinstance(i, Tensor):
            n_tensors += 1
            if _npdt((<Tensor>i).data_).kind == "b" or _npdt((<Tensor>i).data_) == np.uint8:
                n_masks += 1
    if accumulate or not (n_tensors == 1 and n_masks == 1 and tv.data_.size == 1):
        assert_no_overlap(t, tv)
    for i in indices:
        if isinstance(i, Tensor):
            assert_no_overlap(t, <Tensor>i)
    return 0


cdef object _index_put_xp(Tensor t, Tensor tv, tuple indices, object idx, bint accumulate, bint rg,
                          Tensor src, bint inplace):
    """index_put_ of a device tensor: the new values computed through the
    namespace (ops/_xp.py), written in one store; checks, node, one version
    bump and history as the numpy path."""
    cdef IndexPutBackward0 fn = None
    x = t.data_
    v = tv.data_
    if _npdt(v) != _npdt(x):
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                           f"{_D._FROM_NP[_npdt(x)]._cname} for the destination and "
                           f"{_D._FROM_NP[_npdt(v)]._cname} for the source.")
    new = _xp.index_put(x, idx, v, accumulate)
    _index_put_overlap_checks(t, indices, tv, accumulate)
    if rg:
        fn = new_node(IndexPutBackward0)
        fn.indices = idx
        fn.accumulate = accumulate
        fn.values_shape = tuple(v.shape)
        fn.next_edges_ = next_edges2(src, tv)
    x[...] = new
    if not inplace:
        if rg:
            set_history(t, fn, 0)
        return t
    bump_version(t)
    if rg:
        rebase_history(t, fn)
    return t


def index_put(input, indices, values, accumulate=False):
    return _index_put(input, indices, values, accumulate, IndexPutBackward0, False)



# =============================================================================
# Strided views: movedim, diagonal, as_strided, unfold
# =============================================================================

cdef Py_ssize_t _addr(object a):
    return a.__array_interface__["data"][0]


def movedim(input, source, destination):
    cdef Tensor t = _arg(input, "movedim")
    x = t.data_
    if x.ndim == 0:
        # torch wraps the dims against [-1, 0], checks repeats, then returns
        # self.alias() for a 0-d tensor (an AliasBackward0 view)
        _movedim_dims(source, destination, 0)
        return _view(t, x.view() if cnp.PyArray_CheckExact(x) else x[...], AliasBackward0, K_IDENTITY, None)
    if type(source) is int and type(destination) is int:
        order = list(range(x.ndim))
        del order[wrap_dim(source, x.ndim)]
        order.insert(wrap_dim(destination, x.ndim), wrap_dim(source, x.ndim))
        order = tuple(order)
        return _view(t, x.transpose(order) if cnp.PyArray_CheckExact(x) else _xp.permute(x, order),
                     PermuteBackward0, K_PERMUTE, order)
    src, dst = _movedim_dims(source, destination, x.ndim)
    order = [d for d in range(x.ndim) if d not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    order = tuple(order)
    return _view(t, x.transpose(order) if cnp.PyArray_CheckExact(x) else _xp.permute(x, order),
                 PermuteBackward0, K_PERMUTE, order)


moveaxis = movedim


def _movedim_dims(source, destination, Py_ssize_t ndim):
    """movedim's checks: as many source as destination dims, each wrapped
    against ndim (a 0-d tensor's range is [-1, 0]), none repeated."""
    source = list(source) if isinstance(source, (tuple, list)) else [source]
    destination = list(destination) if isinstance(destination, (tuple, list)) else [destination]
    if len(source) != len(destination):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({source} dims) should "
                           f"contain the same number of dims as destination ({destination} dims)")
    src = [wrap_dim(d, ndim) for d in source]
    dst = [wrap_dim(d, ndim) for d in destination]
    if len(set(src)) != len(src):
        raise RuntimeError(f"movedim: repeated dim in `source` ({source})")
    if len(set(dst)) != len(dst):
        raise RuntimeError(f"movedim: repeated dim in `destination` ({destination})")
    return src, dst


def diagonal(input, offset=0, dim1=0, dim2=1):
    cdef Tensor t = _arg(input, "diagonal")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef Py_ssize_t nd = x.ndim, d1, d2, off
    cdef Py_ssize_t n, byte_offset = 0, i, k = 0
    try:
        d1 = wrap_dim(dim1, nd)
        d2 = wrap_dim(dim2, nd)
        off = _int_arg(offset, "diagonal", "offset", 2)
    except Exception:
        # torch's parser has seen every argument first (the function's guard
        # replays it before the call; the method is not guarded)
        _hot_reject("Tensor.diagonal", input, (offset, dim1, dim2), None)
        raise
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp st[64]
    cdef cnp.npy_intp* xd
    cdef cnp.npy_intp* xs
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    if cnp.PyArray_CheckExact(x):
        xd = cnp.PyArray_DIMS(<cnp.ndarray>x)
        xs = cnp.PyArray_STRIDES(<cnp.ndarray>x)
        # compared before any arithmetic: |offset| may be near 2**63
        if off >= 0:
            n = min(xd[d1], xd[d2] - off) if off < xd[d2] else 0
            if n > 0:
                byte_offset = off * xs[d2]
        else:
            n = min(xd[d1] + off, xd[d2]) if off > -xd[d1] else 0
            if n > 0:
                byte_offset = -off * xs[d1]
        if n <= 0:  # torch keeps the storage offset of an empty diagonal
            n = 0
            byte_offset = 0
        for i in range(nd):
            if i != d1 and i != d2:
                dims[k] = xd[i]
                st[k] = xs[i]
                k += 1
        dims[k] = n
        st[k] = xs[d1] + xs[d2]
        arr = k_np_view(x, nd - 1, dims, st, byte_offset)
    else:
        # a device array (NOTE [ Device backends ]): the same geometry, as a
        # view the device backend makes over x's memory
        xst = _xp.strides(x)
        xsh = x.shape
        if off >= 0:
            n = min(xsh[d1], xsh[d2] - off) if off < xsh[d2] else 0
            if n > 0:
                byte_offset = off * xst[d2]
        else:
            n = min(xsh[d1] + off, xsh[d2]) if off > -xsh[d1] else 0
            if n > 0:
                byte_offset = -off * xst[d1]
        if n <= 0:
            n = 0
            byte_offset = 0
        vshape = [xsh[i] for i in range(nd) if i != d1 and i != d2] + [n]
        vst = [xst[i] for i in range(nd) if i != d1 and i != d2] + [xst[d1] + xst[d2]]
        arr = _xp.strided(x, vshape, vst, byte_offset)
    out = make_view(t, arr, CYA_CREATION_META_DEFAULT)
    param = (geometry_of(t), geometry_of(out), (off, d1, d2))
    _view_record(out, t, _shape_node(t, arr, DiagonalBackward0, K_STRIDED, param), DiagonalBackward0, K_STRIDED, param)
    return out


def unfold(input, dimension, size, step):
    cdef Tensor t = _arg(input, "unfold")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    cdef Py_ssize_t nd = x.ndim, d = wrap_dim(_int_arg(dimension, "unfold", "dimension", 1), nd), i
    cdef Py_ssize_t n, sz = _int_arg(size, "unfold", "size", 2), stp = _int_arg(step, "unfold", "step", 3)
    cdef Py_ssize_t isz = x.itemsize if cnp.PyArray_CheckExact(x) else _xp.itemsize(x)
    cdef cnp.npy_intp dims[65]
    cdef cnp.npy_intp st[65]
    if nd > 64:
        raise RuntimeError(f"unfold: {nd} dimensions, at most 64 are supported")
    cdef bint exact = cnp.PyArray_CheckExact(x)
    if exact:
        cya_mem_copy(dims, cnp.PyArray_DIMS(<cnp.ndarray>x), nd * sizeof(cnp.npy_intp))
        cya_mem_copy(st, cnp.PyArray_STRIDES(<cnp.ndarray>x), nd * sizeof(cnp.npy_intp))
    else:
        xst = _xp.strides(x) if _xp.is_device(x) else x.strides
        for i in range(nd):
            dims[i] = x.shape[i]
            st[i] = xst[i]
    n = dims[d] if nd else 1
    if sz > n:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {n} but size is {size}")
    if sz < 0:
        raise RuntimeError(f"size is {size} but must be >= 0")
    if stp <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    dims[nd] = sz
    if nd:
        st[nd] = st[d]
        dims[d] = (n - sz) // stp + 1
        # only overflows when the new dimension has size 1 (step > n - size)
        st[d] = _wrapping_mul(st[d], stp)
    else:
        st[nd] = isz
    if exact:
        arr = k_np_view(x, nd + 1, dims, st, 0)
    elif _xp.is_device(x):
        arr = _xp.strided(x, [dims[i] for i in range(nd + 1)], [st[i] for i in range(nd + 1)], 0)
    else:
        arr = k_strided(x, tuple([dims[i] for i in range(nd + 1)]), tuple([st[i] for i in range(nd + 1)]), 0)
    out = make_view(t, arr, CYA_CREATION_META_DEFAULT)
    param = (geometry_of(t), geometry_of(out), (d, sz, stp))
    _view_record(out, t, _shape_node(t, arr, UnfoldBackward0, K_STRIDED, param), UnfoldBackward0, K_STRIDED, param)
    return out


cdef tuple _int_list_arg(object v, str fn, str name, int pos):
    """A tuple of Python ints from an IntArrayRef argument, torch's TypeErrors
    otherwise (bool is not an int; a value past int64 does not unpack)."""
    if not isinstance(v, (tuple, list)):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be tuple of ints, not {type(v).__name__}")
    out = []
    for i, e in enumerate(v):
        if isinstance(e, (bool, np.bool_)) or not isinstance(e, (int, np.integer)):
            raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be tuple of ints, but found "
                            f"element of type {type(e).__name__} at pos {i}")
        e = int(e)
        if not _INT64_MIN <= e <= _INT64_MAX:
            raise TypeError(f"{fn}(): argument '{name}' failed to unpack the object at pos {i + 1} with error "
                            f"\"Overflow when unpacking long long\"")
        out.append(e)
    return tuple(out)


cdef inline object _int_arg(object v, str fn, str name, int pos):
    """A Python int from an int64 argument, torch's errors otherwise."""
    if type(v) is int and _small_int(v) != _NOT_SMALL:
        return v
    return _int_arg_slow(v, fn, name, pos)


cdef bint _all_small_ints(object seq):
    """seq is a tuple or list of ints that fit in int64 (the common case:
    no per-element checks in Python)."""
    if type(seq) is not tuple and type(seq) is not list:
        return False
    for e in seq:
        if type(e) is not int or _small_int(e) == _NOT_SMALL:
            return False
    return True


cdef object _int_arg_slow(object v, str fn, str name, int pos):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be int, not {type(v).__name__}")
    v = int(v)
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    return v


cdef extern from *:
    """
    /* at::detail::computeStorageNbytes: the bytes a geometry needs (its
       offset included) in uint64, as torch computes them; 0 when some size
       is 0. Returns nonzero when a step overflowed or the result passes
       int64. */
    static int cya_storage_nbytes(int nd, const npy_intp *sizes, const npy_intp *strides,
                                  npy_intp itemsize, npy_intp offset,
                                  unsigned long long *out) {
        unsigned long long size = (unsigned long long)offset + 1ULL, p;
        int ovf = 0, i;
        *out = 0;
        for (i = 0; i < nd; i++) {
            if (sizes[i] == 0) return 0;
            ovf |= __builtin_mul_overflow((unsigned long long)strides[i],
                                          (unsigned long long)sizes[i] - 1ULL, &p);
            ovf |= __builtin_add_overflow(size, p, &size);
        }
        ovf |= __builtin_mul_overflow(size, (unsigned long long)itemsize, &size);
        ovf |= size > 0x7FFFFFFFFFFFFFFFULL;
        *out = size;
        return ovf;
    }
    """
    int cya_storage_nbytes(int nd, const cnp.npy_intp* sizes, const cnp.npy_intp* strides,
                           cnp.npy_intp itemsize, cnp.npy_intp offset,
                           unsigned long long* out) noexcept


cdef inline cnp.npy_intp _wrapping_mul(cnp.npy_intp a, cnp.npy_intp b) noexcept:
    """a * b modulo 2**64, as torch's int64 stride arithmetic does (defined
    behaviour: unsigned). Only a size-1 dimension's stride can get here
    overflowing -- a dimension that never moves through memory."""
    return <cnp.npy_intp>(<unsigned long long>a * <unsigned long long>b)


cdef Py_ssize_t _storage_span(cnp.ndarray store) noexcept:
    """NOTE [ A storage's extent ]: a tensor's storage is the numpy array its
    first owner held: C-ordered for factories, but laid out as its inputs for
    math on views (``x.t().cos()``: F-ordered) and any layout for
    ``from_numpy`` of a strided array. torch's storage of the same tensor
    is the memory block from the first element to the last one, gaps
    included (from_numpy(a[::3]) of 7 elements owns 19). With non-negative
    strides in whole elements the array's data pointer is that block's start,
    so as_strided may address the block by element offsets from it; this
    returns the block's length in elements, or -1 for a layout torch cannot
    have (a negative or non-element stride)."""
    cdef int i, nd = cnp.PyArray_NDIM(store)
    cdef cnp.npy_intp isz = cnp.PyArray_ITEMSIZE(store), s, span = 0
    if cnp.PyArray_IS_C_CONTIGUOUS(store):
        return cnp.PyArray_SIZE(store)
    if cnp.PyArray_SIZE(store) == 0:
        return 0
    for i in range(nd):
        s = cnp.PyArray_STRIDES(store)[i]
        if s < 0 or s % isz:
            return -1
        span += (cnp.PyArray_DIMS(store)[i] - 1) * (s // isz)
    return span + 1


def as_strided(input, size, stride, storage_offset=None):
    """NOTE [ as_strided stays inside the storage ]: torch's checks, in its
    order: negative strides, negative offset, then the storage size
    computeStorageNbytes asks for (overflow included) against the storage's
    bytes. Only then do the sizes and strides reach numpy's C API."""
    cdef Tensor t = _arg(input, "as_strided")
    edges_first(t)   # NOTE [ Gradient edges before kernel checks ]
    x = t.data_
    if _all_small_ints(size) and _all_small_ints(stride):
        size = tuple(size)
        stride = tuple(stride)
    else:
        size = _int_list_arg(size, "as_strided", "size", 1)
        stride = _int_list_arg(stride, "as_strided", "stride", 2)
    cdef Py_ssize_t nd = len(size), i, off, isz = x.itemsize if type(x) is np.ndarray else _xp.itemsize(x)
    cdef unsigned long long need
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp st[64]
    if nd != len(stride):
        raise RuntimeError(f"mismatch in length of strides and shape")
    if nd > 64:
        raise RuntimeError(f"as_strided: {nd} dimensions, at most 64 are supported")
    for i in range(nd):
        dims[i] = size[i]
        st[i] = stride[i]      # in elements until the checks are done
        if st[i] < 0:
            raise RuntimeError(f"as_strided: Negative strides are not supported at the moment, got strides: "
                               f"[{', '.join(map(str, stride))}]")
    off = t.storage_offset() if storage_offset is None else _int_arg(storage_offset, "as_strided", "storage_offset", 3)
    if off < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {off}")
    store = t.storage_
    cdef bint exact = cnp.PyArray_CheckExact(store)
    cdef Py_ssize_t store_size
    if exact:
        store_size = _storage_span(<cnp.ndarray>store)
    elif _xp.is_contiguous(store):   # NOTE [ Device backends ]
        store_size = store.size
    else:
        store_size = -1
    if store_size < 0:
        raise RuntimeError("as_strided on a tensor whose storage is not contiguous is not supported")
    cdef bint ovf = cya_storage_nbytes(<int>nd, dims, st, isz, off, &need)
    for i in range(nd):
        # torch lets a negative size through when another size is 0 (a
        # tensor numpy cannot hold); always its overflow error here
        ovf = ovf or dims[i] < 0
    if ovf:
        raise RuntimeError(f"Storage size calculation overflowed with sizes=[{', '.join(map(str, size))}] "
                           f"and strides=[{', '.join(map(str, stride))}]")
    if need and need > <unsigned long long>(store_size * isz):
        raise RuntimeError(f"setStorage: sizes [{', '.join(map(str, size))}], strides [{', '.join(map(str, stride))}], "
                           f"storage offset {off}, and itemsize {isz} requiring a storage size of "
                           f"{need} are out of bounds for storage of size {store_size * isz}")
    off_o = off
    # an empty view may sit past the storage's end: torch keeps its offset,
    # and so do we (numpy's data pointer is never dereferenced for an empty
    # array) unless the byte offset could wrap the address space; then the
    # pointer stays at the storage's end
    if need == 0 and off > (1 << 60) // isz:
        off = store_size
    for i in range(nd):
        st[i] = _wrapping_mul(st[i], isz)
    if exact:
        arr = k_np_view(store, nd, dims, st, off * isz)
    elif _xp.is_device(store):
        arr = _xp.strided(store, size, [st[i] for i in range(nd)], off * isz)
    else:
        flat = store.reshape(-1)
        arr = k_strided(flat[off:] if off < flat.size else flat[:0], size,
                        tuple([st[i] for i in range(nd)]), 0)
    cdef TensorGeometry geom = TensorGeometry.__new__(TensorGeometry)
    geom.sizes = size
    geom.strides = stride
    geom.storage_offset = off_o
    out = make_view(t, arr, CYA_CREATION_META_DEFAULT)
    param = (geometry_of(t), geom)
    _view_record(out, t, _shape_node(t, arr, AsStridedBackward0, K_STRIDED, param), AsStridedBackward0, K_STRIDED, param)
    return out


def _edges_first(input):
    """edges_first for the ops written in Python (NOTE [ Gradient edges
    before kernel checks ] in ops/_common.pxd)."""
    if isinstance(input, Tensor):
        edges_first(<Tensor>input)


# =============================================================================
# grad_fn._saved_* of the shape nodes
# =============================================================================

cdef object _I64_MAX = 9223372036854775807


cdef object _u64(object v):
    """An int64 saved value as torch's getter returns it: a negative one
    reads as its unsigned 64-bit pattern (x[-1]'s _saved_index is 2**64 - 1)."""
    return v + 18446744073709551616 if v < 0 else v


cdef tuple _index_last_step(object idx, tuple shape):
    """The last view step torch's basic indexing applies for `idx` (NOTE in
    _basic_index_node): (kind, dim, item, the sizes it is applied to), kind
    one of "select", "slice", "unsqueeze", or None when nothing applies."""
    items = idx if isinstance(idx, tuple) else (idx,)
    cdef Py_ssize_t consumed = 0, d = 0
    for it in items:
        if it is not None and it is not Ellipsis:
            consumed += 1
    cur = list(shape)
    last = (None, 0, None, shape)
    for it in items:
        if it is None:
            last = ("unsqueeze", d, None, tuple(cur))
            cur.insert(d, 1)
            d += 1
        elif it is Ellipsis:
            d += len(shape) - consumed
        elif isinstance(it, slice):
            if not ((it.start is None or it.start == 0) and (it.step is None or it.step == 1)
                    and (it.stop is None or (isinstance(it.stop, int) and it.stop >= cur[d]))):
                last = ("slice", d, it, tuple(cur))
                cur[d] = len(range(*it.indices(cur[d])))
            d += 1
        else:
            last = ("select", d, it, tuple(cur))
            cur.pop(d)
    return last


cdef list _shape_saved_scalars(ShapeBackward fn):
    cls = type(fn)
    sizes = fn.self_shape()
    if cls is ViewBackward0 or cls is UnsafeViewBackward0 or cls is ReshapeAliasBackward0 \
            or cls is ExpandBackward0 or cls is SqueezeBackward0:
        return [("self_sym_sizes", sizes)]
    if cls is SqueezeBackward1 or cls is SqueezeBackward2 or cls is SqueezeBackward4 or cls is UnsqueezeBackward0:
        # the squeezed/unsqueezed dims: where the output's sizes and self's part
        out_shape = fn.input_metadata(0)[0]
        if cls is UnsqueezeBackward0:
            if fn.kind == K_INDEX:
                return [("dim", _index_last_step(fn.param, sizes)[1])]
            for i in range(len(out_shape)):
                if tuple(out_shape[:i]) + tuple(out_shape[i + 1:]) == sizes:
                    return [("dim", i)]
            return [("dim", 0)]
        dims = _squeezed_dims(sizes, tuple(out_shape))
        if cls is SqueezeBackward2:
            return [("dim", tuple(dims)), ("self_sym_sizes", sizes)]
        return [("dim", dims[0] if dims else 0), ("self_sym_sizes", sizes)]
    if cls is PermuteBackward0:
        return [("dims", tuple(fn.param) if fn.param is not None else tuple(range(len(sizes))))]
    if cls is TransposeBackward0:
        if fn.param is None:
            return [("dim0", 0), ("dim1", 0)]
        sw = [i for i, d in enumerate(fn.param) if i != d]
        return [("dim0", sw[0], ), ("dim1", sw[1])] if sw else [("dim0", 0), ("dim1", 0)]
    if cls is SelectBackward0 or cls is SliceBackward0:
        kind, d, it, in_sizes = _index_last_step(fn.param, sizes)
        if cls is SelectBackward0:
            return [("dim", d), ("index", _u64(it) if isinstance(it, int) else it), ("self_sym_sizes", in_sizes)]
        if not isinstance(it, slice):
            return [("self_sym_sizes", in_sizes)]
        return [("dim", d), ("end", _I64_MAX if it.stop is None else _u64(it.stop)),
                ("self_sym_sizes", in_sizes), ("start", 0 if it.start is None else _u64(it.start)),
                ("step", 1 if it.step is None else it.step)]
    if cls is DiagonalBackward0:
        off, d1, d2 = fn.param[2]
        return [("dim1", d1), ("dim2", d2), ("offset", _u64(off)), ("self_sym_sizes", sizes)]
    if cls is UnfoldBackward0:
        d, sz, stp = fn.param[2]
        return [("dimension", d), ("self_sym_sizes", sizes), ("size", sz), ("step", stp)]
    if cls is AsStridedBackward0:
        in_geom = <TensorGeometry>fn.param[0]
        view_geom = <TensorGeometry>fn.param[1]
        # torch keeps storage_offset as given: None when left to default
        # (self's own offset, which is what we can tell apart)
        off = view_geom.storage_offset
        return [("size", tuple(view_geom.sizes)),
                ("storage_offset", None if off == in_geom.storage_offset else off),
                ("stride", tuple(view_geom.strides))]
    if cls is IndexSelectBackward0:
        d, idx = fn.param
        return [("dim", d), ("index", lambda: _saved_index_tensor(fn, idx)), ("self_sym_sizes", sizes)]
    if cls is IndexBackward0:
        return [("indices", lambda: _saved_indices(fn, sizes)), ("self_sym_sizes", sizes)]
    return []


cdef object _shape_saved_raw(ShapeBackward fn, str name):
    """grad_fn._raw_saved_<name> of a shape node whose saved index tensors
    are derived when read: index_select's index (a SavedTensor holding it,
    one already freed after backward) and index's indices (torch's tuple of
    SavedTensors, an undefined one for a dim no tensor indexes; the
    backward-twice error once freed, as torch's list getter)."""
    cls = type(fn)
    if cls is IndexSelectBackward0 and name == "_raw_saved_index":
        if fn.released_:
            return saved_tensor_of(None, True)
        return saved_tensor_of(_saved_index_tensor(fn, fn.param[1]))
    if cls is IndexBackward0 and name == "_raw_saved_indices":
        return tuple([saved_tensor_of(t) for t in _saved_indices(fn, fn.self_shape())])
    raise AttributeError(f"'{type(fn).__name__}' object has no attribute '{name}'")


cdef tuple _saved_indices(ShapeBackward fn, tuple sizes):
    """IndexBackward0's saved indices as torch lists them: one entry per
    dim up to the last indexed one, None where no tensor indexes (a full
    slice, a dim an Ellipsis covers), a mask as the bool tensor it is."""
    if fn.released_:   # NOTE [ Saved indices are released ]
        raise err_backward_twice()
    items = fn.param if type(fn.param) is tuple else (fn.param,)
    cdef Py_ssize_t used = 0
    for it in items:
        if it is not Ellipsis and it is not None:
            used += it.ndim if type(it) is np.ndarray and it.dtype == np.bool_ else 1
    out = []
    for it in items:
        if it is Ellipsis:
            out.extend([None] * (len(sizes) - used))
        elif type(it) is slice:
            out.append(None)
        elif type(it) is np.ndarray or type(it) is list:
            a = np.asarray(it)
            out.append(wrap_array(a if a.dtype == np.bool_ else a.astype(np.int64, copy=False)))
        else:
            out.append(None)
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


cdef object _saved_index_tensor(ShapeBackward fn, object idx):
    if fn.released_:   # NOTE [ Saved indices are released ]
        raise err_backward_twice()
    return wrap_array(np.asarray(idx, dtype=np.int64))


cdef list _squeezed_dims(tuple sizes, tuple out_shape):
    """The size-1 dims of `sizes` whose removal leaves `out_shape` (the
    later ones where either of two adjacent 1s would do)."""
    cdef Py_ssize_t i, j
    n, m = len(sizes), len(out_shape)
    # ok[i][j]: sizes[i:] can be squeezed to out_shape[j:]
    ok = [[False] * (m + 1) for _ in range(n + 1)]
    ok[n][m] = True
    for i in range(n - 1, -1, -1):
        for j in range(m, -1, -1):
            ok[i][j] = (sizes[i] == 1 and ok[i + 1][j]) or (j < m and sizes[i] == out_shape[j] and ok[i + 1][j + 1])
    dims = []
    j = 0
    for i in range(n):
        if j < m and sizes[i] == out_shape[j] and ok[i + 1][j + 1]:
            j += 1
        else:
            dims.append(i)
    return dims


cdef object _saved_getattr(Node node, str name, list saved):
    """grad_fn._saved_<name> of a node whose saved values are `saved`
    ([(name, value or a callable making it)]: NOTE [ Saved values are
    derived when read ] in pointwise.pyx)."""
    if name.startswith("_saved_"):
        for n, v in saved:
            if n == name[7:]:
                return v() if callable(v) else v
    raise AttributeError(f"'{type(node).__name__}' object has no attribute '{name}'")


cdef list _saved_dir(Node node, list saved):
    names = set(object.__dir__(node))
    for n, _ in saved:
        names.add("_saved_" + n)
    return sorted(names)


# NOTE [ Basic steps before advanced indexing ]
# torch's indexing (applySlicing) applies the basic items of an index first,
# left to right -- an int selects, a slice slices, None unsqueezes, each a
# view with its own node (here: one getitem per step) -- and then indexes
# that view with the tensors
# (index.Tensor, IndexBackward0), each at the dimension it reaches in the
# view. numpy takes an int beside an array as one more advanced index, so
# x[1, :, idx] would put the indexed dimension first (numpy: (2, 4); torch:
# (4, 2)), and the graph would lose the select/slice/unsqueeze nodes. An
# index mixing both is therefore split in two: the basic steps (each array
# replaced by full slices over the dims it covers), then the arrays over
# the view (ints gone; slices and Nones full slices). A 0-d array or a bool
# item keeps numpy's one-step indexing.

cdef object _split_basic_advanced(tuple idx, Py_ssize_t ndim):
    """([basic step, ...], rest) for an index with both basic steps and
    arrays/lists, else None (NOTE [ Basic steps before advanced indexing ]):
    each step is one item at its dim of the view so far, as torch applies
    them (one view node each)."""
    cdef bint adv = False, steps = False
    for it in idx:   # the common case first: no array at all, nothing to split
        if type(it) is np.ndarray or type(it) is list:
            break
    else:
        return None
    for it in idx:
        if type(it) is np.ndarray or type(it) is list:
            adv = True
        elif it is None or isinstance(it, (int, np.integer)) and type(it) is not bool:
            steps = True
        elif type(it) is slice:
            if not (it.start is None and it.stop is None and it.step is None):
                steps = True
        elif it is not Ellipsis:
            return None   # bools, 0-d arrays, anything else: numpy's one step
    if not (adv and steps):
        return None
    basic, rest = [], []
    full = slice(None)
    for it in idx:
        if type(it) is np.ndarray:
            if it.ndim == 0:
                return None
            if it.dtype == np.bool_:
                basic.extend([full] * it.ndim)
            else:
                basic.append(full)
            rest.append(it)
        elif type(it) is list:
            basic.append(full)
            rest.append(it)
        elif it is Ellipsis:
            basic.append(it)
            rest.append(it)
        elif it is None or type(it) is slice:
            basic.append(it)
            rest.append(full)
        else:   # an int: selected away
            basic.append(it)
    cdef Py_ssize_t consumed = 0, d = 0
    for it in basic:
        if it is not None and it is not Ellipsis:
            consumed += 1
    step_list = []
    for it in basic:
        if it is Ellipsis:
            d += ndim - consumed
        elif type(it) is slice:
            if not (it.start is None and it.stop is None and it.step is None):
                step_list.append((full,) * d + (it,))
            d += 1
        elif it is None:
            step_list.append((full,) * d + (None,))
            d += 1
        else:
            step_list.append((full,) * d + (it,))
    return step_list, tuple(rest)
