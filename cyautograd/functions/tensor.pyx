# cython: language_level=3
"""CopySlices and AsStridedBackward0 (torch/csrc/autograd/functions/tensor.cpp)."""
cimport cython
from cyautograd.graph cimport Node, exec_filter_add
from cyautograd.tensor cimport Tensor
from cyautograd.variable cimport note_grad_version

cimport numpy as cnp
import numpy as np
cnp.import_array()


@cython.final
cdef class TensorGeometry:
    """TensorGeometry(sizes, strides, storage_offset)"""

    def __init__(self, sizes, strides, storage_offset):
        self.sizes = tuple(sizes)
        self.strides = tuple(strides)
        self.storage_offset = storage_offset

    def __repr__(self):
        return f"TensorGeometry(sizes={self.sizes}, strides={self.strides}, storage_offset={self.storage_offset})"


cdef TensorGeometry geometry_of(object tensor):
    """sizes, strides and storage offset (in elements) of a tensor.
    NOTE [ Geometry tuples hold their own ints ]: the tuples are built from
    Python lists, never with PyTuple_SET_ITEM. (They once were, from a local
    Cython inferred to be a C npy_intp: Py_INCREF touched one temporary int
    and SET_ITEM stole another that Cython then released, so every size or
    stride above 256 -- past CPython's small-int cache -- was a freed object.)"""
    cdef Tensor t = tensor
    cdef TensorGeometry g
    cdef int i, nd
    cdef Py_ssize_t isz
    cdef cnp.npy_intp* dims
    cdef cnp.npy_intp* strs
    cdef list sizes, strides
    x = t.data_
    st = t.storage_
    if not (cnp.PyArray_CheckExact(x) and cnp.PyArray_CheckExact(st)):
        if type(x) is not np.ndarray and type(st) is not np.ndarray:
            return _device_geometry(x, st)
        return TensorGeometry(t.shape, t.stride(), t.storage_offset())
    nd = cnp.PyArray_NDIM(<cnp.ndarray>x)
    isz = cnp.PyArray_ITEMSIZE(<cnp.ndarray>x)
    dims = cnp.PyArray_DIMS(<cnp.ndarray>x)
    strs = cnp.PyArray_STRIDES(<cnp.ndarray>x)
    g = TensorGeometry.__new__(TensorGeometry)
    # tuple displays for the common ranks (Cython builds them in one step)
    if nd == 1:
        g.sizes = (dims[0],)
        g.strides = (strs[0] // isz,)
    elif nd == 2:
        g.sizes = (dims[0], dims[1])
        g.strides = (strs[0] // isz, strs[1] // isz)
    elif nd == 3:
        g.sizes = (dims[0], dims[1], dims[2])
        g.strides = (strs[0] // isz, strs[1] // isz, strs[2] // isz)
    else:
        sizes = [dims[i] for i in range(nd)]
        strides = [strs[i] // isz for i in range(nd)]
        g.sizes = tuple(sizes)
        g.strides = tuple(strides)
    g.storage_offset = (cnp.PyArray_BYTES(<cnp.ndarray>x) - cnp.PyArray_BYTES(<cnp.ndarray>st)) // isz
    return g


cdef TensorGeometry _device_geometry(object x, object st):
    """geometry_of for a device array x over storage array st: one geometry
    read of each (t.stride() and t.storage_offset() would make three; each is
    host work per call on a GPU backend: NOTE [ Device backends ])."""
    from cyautograd import backend
    strides, addr, _ = backend.geometry(x)
    isz = backend.np_dtype(x.dtype).itemsize
    saddr = addr if st is x else backend.geometry(st)[1]
    return TensorGeometry(tuple(x.shape), [s // isz for s in strides], (addr - saddr) // isz)


cdef object _addresses(TensorGeometry g):
    """Storage index of every element, in C order (an int64 array of g.sizes)."""
    addr = np.full(g.sizes, g.storage_offset, dtype=np.int64)
    for k in range(len(g.sizes)):
        shape = [1] * len(g.sizes)
        shape[k] = g.sizes[k]
        addr = addr + (np.arange(g.sizes[k], dtype=np.int64) * g.strides[k]).reshape(shape)
    return addr


cdef object view_to_base_index(TensorGeometry base, TensorGeometry view):
    """For each element of `view` (C order), the flat C-order index of the
    element of `base` at the same storage location."""
    baddr = _addresses(base).reshape(-1)
    vaddr = _addresses(view).reshape(-1)
    if baddr.size == 0 or vaddr.size == 0:
        return np.zeros(vaddr.size, dtype=np.int64)
    lo = min(baddr.min(), vaddr.min())
    hi = max(baddr.max(), vaddr.max())
    lut = np.full(hi - lo + 1, -1, dtype=np.int64)
    lut[baddr - lo] = np.arange(baddr.size, dtype=np.int64)
    idx = lut[vaddr - lo]
    if idx.size and idx.min() < 0:
        raise RuntimeError("as_strided: the view reaches memory outside its base")
    return idx


cdef object _xp():
    from cyautograd.ops import _xp as xp
    return xp


cdef object _shape_ops():
    # cyautograd.ops.shape cimports this module; its Tensor ops are reached
    # at run time (create_graph only)
    from cyautograd.ops import shape
    return shape


@cython.final
cdef class AsStridedBackward0(Node):
    """grad of view = base.as_strided(view geometry): scattered back into a
    zero gradient of the base's shape (summing where view elements alias)."""

    cdef list apply(self, list grads):
        g = grads[0]
        if type(g) is np.ndarray or isinstance(g, np.generic) or (
                isinstance(g, Tensor) and type((<Tensor>g).data_) is np.ndarray):
            # torch's as_strided_backward (a view of a zero storage): see
            # _as_strided_backward in ops/shape.pyx
            return [_shape_ops().as_strided_backward(np.asarray(g) if not isinstance(g, Tensor) else g,
                                                     self.self_geometry, self.view_geometry)]
        idx = view_to_base_index(self.self_geometry, self.view_geometry)
        if isinstance(g, Tensor):
            # create_graph: see NOTE [ Double backward of gathers ] in ops/shape.pyx
            return [_shape_ops()._scatter_flat(g, idx, self.self_geometry.sizes)]
        if type(g) is not np.ndarray and not isinstance(g, np.generic):
            return [_xp().scatter_add_flat(g, idx, self.self_geometry.sizes)]   # NOTE [ Device backends ]
        g = np.asarray(g)
        n = 1
        for s in self.self_geometry.sizes:
            n *= s
        out = np.zeros(n, dtype=g.dtype)
        np.add.at(out, idx, g.reshape(-1))
        return [out.reshape(self.self_geometry.sizes)]


@cython.final
cdef class CopySlices(Node):
    """The base's grad_fn after `fn` modified a view of it in place: the
    gradient outside the view passes through, the slice goes through fn."""

    cpdef str name(self):
        # torch's C++ name (torch::autograd::CopySlices), our namespace
        return "cyautograd::autograd::CopySlices"

    cdef list apply(self, list grads):
        g = grads[0]
        if g is None:
            return [None] * self.num_next_edges()
        if self.fn is None:
            # released (torch's CopySlices::release_variables drops fn, saved
            # tensors or not): a second backward through it raises
            from cyautograd.saved_variable import _ERR_BACKWARD_TWICE
            raise RuntimeError(_ERR_BACKWARD_TWICE)
        if self.should_compute_output(0):
            # torch's workaround: the engine's walk for given inputs does not
            # enter CopySlices, so fn's own edge 0 (the view's history before
            # the in-place op) is not marked executing; fn computes the
            # slice's gradient exactly when the base's is wanted (NOTE [
            # Outputs a node computes ] in graph.pyx)
            exec_filter_add(<Node>self.fn.next_edges_[0])
        if isinstance(g, Tensor):
            return self._apply_tensor(<Tensor>g)
        if type(g) is not np.ndarray and not isinstance(g, np.generic):
            # a device gradient: NOTE [ Device backends ]
            idx = view_to_base_index(self.base_geom, self.view_geom)
            flat, grad_slice = _xp().slice_of(g, idx, self.view_geom.sizes)
            res = self.fn.apply([grad_slice])
            self._check_slice_writable()
            return _xp().put_slice(flat, idx, res, self.view_geom.sizes, self.base_geom.sizes)
        g = np.asarray(g)
        # NOTE [ CopySlices' arrays ]: torch's CopySlices::apply makes
        #   result = new_empty_strided(base).copy_(grad)       (version 1)
        #   res = fn(grad_slice.clone(Contiguous))
        #   grad_slice.copy_(res[0]); grad_inputs[0] = result  (version 2)
        # so fn gets an array of its own (a gradient fn passes through
        # unchanged -- CopyBackwards' src, AddBackward0's other -- is not a
        # view), the base's gradient is a fresh tensor at version 2 (NOTE [
        # Gradients as torch returns them ] in engine.pyx reads numpy's
        # view-ness, NOTE [ Versions of gradient arrays ] the version), and
        # an undefined res[0] (a custom Function's None) leaves the base's
        # gradient undefined, not zero-filled.
        result = np.array(g, copy=True, order="C")
        flat = result.reshape(-1)      # C-contiguous: flat aliases result
        idx = view_to_base_index(self.base_geom, self.view_geom)
        grad_slice = np.empty(self.view_geom.sizes, dtype=result.dtype)
        np.take(flat, idx, out=grad_slice.reshape(-1))
        res = self.fn.apply([grad_slice])
        r0 = res[0]
        if r0 is None:
            out = [None]
        else:
            self._check_slice_writable()
            flat[idx] = np.broadcast_to(np.asarray(r0), self.view_geom.sizes).reshape(-1)
            note_grad_version(result, 2)
            out = [result]
        out.extend(res[1:])
        return out

    cdef int _check_slice_writable(self) except -1:
        """torch writes fn's gradient, when it has one, into grad_slice (the
        view's geometry over a fresh base-shaped buffer) with copy_, whose TensorIterator
        refuses an output that provably repeats an address (has_internal_overlap
        is Yes: a stride-0 dimension of size > 1 -- as_strided(..., (0,)),
        an expanded view). A view that merely may overlap (an unfold) is
        written, the last write winning, as result[idx] = ... does here."""
        cdef Py_ssize_t i
        if not self.should_compute_output(0):
            return 0
        sizes = self.view_geom.sizes
        strides = self.view_geom.strides
        if 0 in sizes:
            return 0
        for i in range(len(sizes)):
            if strides[i] == 0 and sizes[i] > 1:
                raise RuntimeError(
                    "unsupported operation: more than one element of the written-to tensor refers to a "
                    "single memory location. Please clone() the tensor before performing the operation.")
        return 0

    cdef list _apply_tensor(self, Tensor g):
        """torch's steps with Tensor ops (NOTE [ CopySlices' arrays ]), so
        under create_graph the gradients' graphs are torch's: the slice fn
        gets is CloneBackward0 <- AsStridedBackward0 <- CopyBackwards, the
        base's gradient is CopySlices over that CopyBackwards."""
        from cyautograd.ops.extra2 import empty_strided
        result = empty_strided(self.base_geom.sizes, self.base_geom.strides, dtype=g.dtype, device=g.device)
        result.copy_(g)
        grad_slice = result.as_strided(self.view_geom.sizes, self.view_geom.strides,
                                       self.view_geom.storage_offset - self.base_geom.storage_offset)
        sl = grad_slice.contiguous()
        if sl is grad_slice:
            sl = grad_slice.clone()
        res = self.fn.apply([sl])
        r0 = res[0]
        if r0 is None:
            out = [None]
        else:
            self._check_slice_writable()
            if not isinstance(r0, Tensor):
                r0 = result.new_tensor(np.asarray(r0))
            grad_slice.copy_(r0)
            out = [result]
        out.extend(res[1:])
        return out

    cdef void release_variables(self):
        if self.fn is not None:
            self.fn.release_variables()
            self.fn = None
