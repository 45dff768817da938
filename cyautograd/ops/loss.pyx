# cython: language_level=3
"""Loss functions with fused backward nodes: mse_loss, nll_loss,
binary_cross_entropy."""
from cyautograd._fast cimport cya_tp_new
cimport cython
from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.argcheck cimport tensor_arg
from cyautograd.graph cimport new_node, Node, Edge, make_edge
from cyautograd.grad_mode cimport is_grad_enabled_c
from cyautograd.variable cimport next_edges2, set_history
from cyautograd.saved_variable cimport save_variable, SavedVariable, err_backward_twice
from cyautograd.ops.pointwise cimport BinaryNode
from cyautograd.ops._common cimport as_array, edge_of, xp_of, broadcast_error

cimport numpy as cnp
import numpy as np
from cyautograd._warn import warn_user
cnp.import_array()
from cyautograd import dtypes as _D
from cyautograd.ops import _xp   # NOTE [ Device backends ] in backend.py

cdef dict _RED = {"none": 0, "mean": 1, "sum": 2}


cdef int _reduction(str reduction) except -1:
    r = _RED.get(reduction)
    if r is None:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return r


cdef object _reduce_grad(object g, int red, object n):
    if red == 1:
        return g / n
    return g


@cython.final
cdef class MseLossBackward0(BinaryNode):
    cdef int red

    def _cya_saved_scalars(self):
        return [("reduction", self.red)]

    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        t = self.v1(g)
        if isinstance(g, Tensor) and is_grad_enabled_c():
            # create_graph: torch's mse_loss_backward op, one node
            # (NOTE [ A composite's backward is an op ] in nn/_named_nodes.py)
            from cyautograd.nn._named_nodes import mse_loss_backward_op
            return mse_loss_backward_op(g, s, t, self.red, self.should_compute_output(1))
        d = s - t
        n = d.size if not isinstance(d, Tensor) else d.numel()
        gs = _reduce_grad(g, self.red, n) * 2 * d
        return [gs, -gs if self.should_compute_output(1) else None]


cdef Tensor _sized(object x):
    """torch.nn.functional's Python reads x.size() before any C code sees x:
    a non-Tensor fails there, with its AttributeError (NOTE [ No None through
    a typed argument ])."""
    if isinstance(x, Tensor):
        return <Tensor>x
    raise AttributeError(f"'{type(x).__name__}' object has no attribute 'size'")


cdef tuple _promoted_operands(Tensor x, Tensor y, str kernel):
    """NOTE [ Pointwise losses compute in the promoted dtype ]
    torch's mse_loss (and smooth_l1_loss) run a TensorIterator binary op over
    the broadcast operands: the loss has result_type(input, target) (an integral
    input with a floating target is a floating loss, float32 with float64 is
    float64), and the kernel, dispatched on that dtype, takes floating types
    only. The broadcast comes first (F.mse_loss broadcasts in Python). Off the
    common path: called only when the two arrays differ in dtype or are not
    floating."""
    xa = x.data_
    ya = y.data_
    try:
        np.broadcast_shapes(xa.shape, ya.shape)
    except ValueError:
        raise broadcast_error(xa, ya) from None
    rd = _D.result_type(x, y)
    if not rd.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{rd._cname}'")
    return xa.astype(rd.np, copy=False), ya.astype(rd.np, copy=False)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    cdef Tensor x = _sized(input), y = _sized(target)
    cdef MseLossBackward0 fn
    if size_average is not None or reduce is not None:   # torch's legacy reduction (its truth tests)
        from cyautograd.nn.functional import _legacy_reduction
        reduction = _legacy_reduction(size_average, reduce, reduction)
    cdef int red = _reduction(reduction)
    xa = x.data_
    ya = y.data_
    cdef bint dev = type(xa) is not np.ndarray or type(ya) is not np.ndarray
    if dev:   # NOTE [ Device backends ]
        d = _xp.loss_diff(xa, ya)
    else:
        if xa.dtype is not ya.dtype or xa.dtype.kind != "f":
            xa, ya = _promoted_operands(x, y, "mse_cpu")
        try:
            d = xa - ya
        except ValueError:
            raise broadcast_error(xa, ya) from None
    if tuple(d.shape) != tuple(x.data_.shape):
        import warnings
        warn_user(f"Using a target size ({y.shape}) that is different to the input size ({x.shape}). "
                      "This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.")
    sq = d * d
    if dev:
        out = wrap_array(_xp.reduce_loss(sq, red, _xp.npdtype(x.data_)))
    else:
        r = sq if red == 0 else (sq.mean() if red == 1 else sq.sum())
        out = wrap_array(as_array(r).astype(xa.dtype, copy=False))
    if is_grad_enabled_c() and (tensor_requires_grad(x) or tensor_requires_grad(y)):
        fn = <MseLossBackward0>new_node(MseLossBackward0)
        fn.red = red
        fn.next_edges_ = next_edges2(x, y)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(x, False)
        fn.sv1 = save_variable(y, False)
    return out


@cython.final
cdef class NllLossBackward0(BinaryNode):
    # sv0: target; scalar: (reduction, ignore_index, total_weight); sv1: weight or None
    cdef int red
    cdef long ignore_index
    cdef object total_weight
    cdef tuple self_shape
    cdef bint fast       # 2-D input, no weight, no ignored or negative target
    cdef SavedVariable svx   # self, as torch's node saves it (its double backward's edge)

    cdef void release_variables(self):
        BinaryNode.release_variables(self)
        if self.svx is not None:
            self.svx.release()

    def _cya_saved_pairs(self):
        return [("self", self.svx), ("target", self.sv0), ("weight", self.sv1)]

    def _cya_saved_scalars(self):
        # ignore_index as torch's int64 getter reads it (-100: 2**64 - 100);
        # total_weight a 0-d tensor of the input's dtype (NOTE [ Saved values
        # are derived when read ] in pointwise.pyx)
        ii = self.ignore_index
        return [("ignore_index", ii + 18446744073709551616 if ii < 0 else ii), ("reduction", self.red),
                ("total_weight", lambda: _nll_total_weight(self))]

    cdef list apply(self, list grads):
        g = grads[0]
        tgt = self.sv0.unpack(self, False)
        if self.fast and not isinstance(g, Tensor):
            z = np.zeros(self.self_shape, dtype=g.dtype)
            n = self.self_shape[0]
            coef = -g / n if self.red == 1 else -g
            z[np.arange(n), tgt] = coef
            return [z, None]
        w = None if self.sv1 is None else self.sv1.unpack(self, False)
        is_t = isinstance(g, Tensor)
        if not is_t and type(g) is not np.ndarray:   # NOTE [ Device backends ]
            return [_xp.nll_backward(g, tgt, w, self.self_shape, self.red, self.ignore_index,
                                     self.total_weight), None]
        # a Tensor g (create_graph, forward AD): the gradient is linear in g,
        # so build it for g = 1 and multiply by g, keeping its graph
        ga = np.ones(tuple(g.shape), dtype=g.detach().numpy().dtype) if is_t else g
        shape = self.self_shape
        z = np.zeros(shape, dtype=ga.dtype)
        if len(shape) == 1:
            tflat = tgt.reshape(1)
            gm = z.reshape(1, -1)
        else:
            tflat = tgt
            gm = z
        valid = tflat != self.ignore_index
        safe = np.where(valid, tflat, 0)
        wv = np.ones(safe.shape, ga.dtype) if w is None else w[safe].astype(ga.dtype)
        wv = np.where(valid, wv, 0)
        if self.red == 0:
            coef = -wv * ga
        elif self.red == 1:
            coef = -wv * (ga / self.total_weight) if self.total_weight != 0 else -wv * ga * np.nan
        else:
            coef = -wv * ga
        if len(shape) <= 2:
            rows = np.arange(gm.shape[0])
            np.add.at(gm, (rows, safe.reshape(-1) if gm.ndim == 2 else safe), coef.reshape(-1) if gm.ndim == 2 else coef)
        else:
            idx = np.expand_dims(safe, 1)
            np.put_along_axis(gm, idx, np.expand_dims(coef, 1), axis=1)
        r = z.reshape(shape)
        if is_t and is_grad_enabled_c() and self.svx is not None:
            # create_graph: torch's nll_loss_backward op, one node with edges
            # (grad_output, self) (NOTE [ A composite's backward is an op ])
            from cyautograd.nn._named_nodes import nll_loss_backward_op
            return [nll_loss_backward_op(g, self.svx.unpack(self, True), wrap_array(r),
                                         len(shape)), None]
        if is_t:
            r = wrap_array(r) * (g if g.dim() == 0 or len(shape) == 1 else g.unsqueeze(1))
        return [r, None]


cdef _nll_nd_sizes(xa, ta):
    """torch's nll_loss_nd checks, which come before every other (failure
    paths only): the input's rank, then the batch sizes (a 0-d target's
    read as 0, as torch's sizes()[0] of an empty size list reads)."""
    if xa.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {xa.ndim})")
    tb = ta.shape[0] if ta.ndim else 0
    if xa.ndim != 1 and xa.shape[0] != tb:
        raise ValueError(f"Expected input batch_size ({xa.shape[0]}) to match target batch_size ({tb}).")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    cdef Tensor x = tensor_arg(input, "nll_loss_nd", "input", 1)
    cdef Tensor t = tensor_arg(target, "nll_loss_nd", "target", 2)
    if weight is not None:
        tensor_arg(weight, "nll_loss_nd", "weight", 3)
    cdef NllLossBackward0 fn
    cdef int red = _reduction(reduction)
    xa = x.data_
    ta = t.data_
    cdef bint dev = (type(xa) is not np.ndarray or type(ta) is not np.ndarray or
                     (weight is not None and type((<Tensor>weight).data_) is not np.ndarray))
    if dev:   # NOTE [ Device backends ]
        _xp.check_args("wrapper_CUDA_nll_loss_forward", ("self", xa), ("target", ta),
                       ("weight", None if weight is None else (<Tensor>weight).data_))
        ta = _xp.HostMeta(ta)
    if xa.ndim <= 2 and ta.ndim > 1 and xa.ndim >= 1 and (xa.ndim == 1 or ta.shape[0] == xa.shape[0]):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if ta.dtype != np.int64 and ta.dtype != np.uint8:
        _nll_nd_sizes(xa, ta)    # torch's nll_loss_nd checks the sizes before the kernel the dtype
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got "
                           f"{_D._FROM_NP[ta.dtype]._cname}")
    if xa.ndim < 1 or xa.ndim > 2 and ta.ndim != xa.ndim - 1:
        _nll_nd_sizes(xa, ta)
        raise ValueError(f"Expected input batch_size to match target batch_size")
    if xa.ndim >= 2 and (ta.shape[0] if ta.ndim else 0) != xa.shape[0]:
        _nll_nd_sizes(xa, ta)
    C = xa.shape[1] if xa.ndim >= 2 else xa.shape[0]
    if not x.dtype.is_floating_point:   # the kernel's dispatch (floating types only), after the checks above
        raise NotImplementedError(f"\"{'nll_loss_out_frame' if xa.ndim <= 2 else 'nll_loss2d_forward_out_frame'}\" "
                                  f"not implemented for '{x.dtype._cname}'")
    if dev:
        r, total_w = _xp.nll_loss(xa, t.data_, None if weight is None else (<Tensor>weight).data_,
                                  ignore_index, red, C)
        return _nll_record(wrap_array(r), x, t, weight, red, ignore_index, total_w, tuple(xa.shape))
    if (xa.ndim == 2 and ta.ndim == 1 and weight is None and red != 0 and ta.size
            and np.minimum.reduce(ta) >= 0 and np.maximum.reduce(ta) < C
            and not (0 <= ignore_index < C and np.any(ta == ignore_index))):
        # common case: every target counts, weight 1
        picked = xa[np.arange(xa.shape[0]), ta]
        r = -np.add.reduce(picked)
        if red == 1:
            r = r / xa.shape[0]
        out = wrap_array(as_array(r).astype(xa.dtype, copy=False))
        if is_grad_enabled_c() and tensor_requires_grad(x):
            fn = <NllLossBackward0>new_node(NllLossBackward0)
            fn.red = red
            fn.fast = True
            fn.ignore_index = ignore_index
            fn.total_weight = xa.shape[0]
            fn.self_shape = tuple(xa.shape)
            fn.next_edges_ = next_edges2(x, None)
            set_history(out, fn, 0)
            fn.sv0 = save_variable(t, False)
            fn.svx = save_variable(x, False)
        return out
    valid = ta != ignore_index
    if np.any(valid & ((ta < 0) | (ta >= C))):
        bad = ta[valid & ((ta < 0) | (ta >= C))].reshape(-1)[0]
        raise IndexError(f"Target {bad} is out of bounds.")
    safe = np.where(valid, ta, 0)
    wa = None if weight is None else (<Tensor>weight).data_
    wv = (np.ones(safe.shape, xa.dtype) if wa is None else wa[safe].astype(xa.dtype))
    wv = np.where(valid, wv, 0).astype(xa.dtype)
    if xa.ndim == 1:
        picked = xa[safe]
    elif xa.ndim == 2:
        picked = xa[np.arange(xa.shape[0]), safe]
    else:
        picked = np.take_along_axis(xa, np.expand_dims(safe, 1), axis=1).squeeze(1)
    losses = -wv * picked
    total_w = wv.sum()
    if red == 0:
        r = losses
    elif red == 2:
        r = losses.sum()
    else:
        r = losses.sum() / total_w if total_w != 0 else np.asarray(np.nan, xa.dtype)
    return _nll_record(wrap_array(as_array(r).astype(xa.dtype, copy=False)), x, t, weight, red,
                       ignore_index, total_w, tuple(xa.shape))


cdef object _nll_record(Tensor out, Tensor x, Tensor t, object weight, int red, object ignore_index,
                        object total_w, tuple self_shape):
    """nll_loss's NllLossBackward0 (host and device paths alike)."""
    cdef NllLossBackward0 fn
    if is_grad_enabled_c() and tensor_requires_grad(x):
        fn = <NllLossBackward0>new_node(NllLossBackward0)
        fn.red = red
        fn.ignore_index = ignore_index
        fn.total_weight = total_w
        fn.self_shape = self_shape
        fn.next_edges_ = next_edges2(x, None)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(t, False)
        fn.svx = save_variable(x, False)
        if weight is not None:
            fn.sv1 = save_variable(weight, False)
    return out


cdef object _nll_total_weight(NllLossBackward0 fn):
    # a saved tensor in torch's node: the backward-twice error once freed
    if fn.sv0 is not None and fn.sv0.released_:
        raise err_backward_twice()
    return wrap_array(np.asarray(fn.total_weight, dtype=fn.input_metadata(0)[1]))


@cython.final
cdef class BinaryCrossEntropyBackward0(BinaryNode):
    cdef int red
    cdef object weight

    def _cya_saved_scalars(self):
        # torch's functional expands weight to the input's shape before the op
        return [("reduction", self.red), ("weight", lambda: None if self.weight is None else wrap_array(
            np.broadcast_to(np.asarray(self.weight), tuple(self.sv0.unpack(self, True).shape))))]

    cdef list apply(self, list grads):
        g = grads[0]
        s = self.v0(g)
        t = self.v1(g)
        if isinstance(g, Tensor) and is_grad_enabled_c():
            # create_graph: torch's binary_cross_entropy_backward op (one node) and its
            # composite target formula (NOTE [ A composite's backward is an op ])
            from cyautograd.nn._named_nodes import bce_backward_create_graph
            return bce_backward_create_graph(g, s, t, self.weight, self.red,
                                             self.should_compute_output(0),
                                             self.should_compute_output(1))
        xp = xp_of(g)
        n = s.size if not isinstance(s, Tensor) else s.numel()
        gg = _reduce_grad(g, self.red, n)
        denom = (1 - s) * s
        if isinstance(denom, Tensor):
            denom = denom.clamp(min=1e-12)
        elif type(denom) is not np.ndarray:   # NOTE [ Device backends ]
            r = gg * (s - t) / _xp.clamp_scalars(denom, 1e-12, None)
            if self.weight is not None:
                r = r * self.weight
            return [r, gg * _xp.bce_log_term(s) if self.should_compute_output(1) else None]
        else:
            denom = np.maximum(denom, 1e-12)
        r = gg * (s - t) / denom
        if self.weight is not None:
            r = r * self.weight
        r1 = None
        if self.should_compute_output(1):
            lg = xp.log(1 - s) - xp.log(s) if isinstance(s, Tensor) else np.maximum(np.log1p(-s), -100) - np.maximum(np.log(s), -100)
            r1 = gg * lg
        return [r, r1]


cdef _bce_dtypes(Tensor x, Tensor t):
    """torch's binary_cross_entropy is a TensorIterator over (input, target) that
    wants one dtype ("Found dtype Long but expected Float", the input's being
    expected), then a floating-only kernel."""
    if x.dtype is not t.dtype:
        raise RuntimeError(f"Found dtype {t.dtype._cname} but expected {x.dtype._cname}")
    if not x.dtype.is_floating_point:
        raise NotImplementedError(f"\"binary_cross_entropy\" not implemented for '{x.dtype._cname}'")


cdef _bce_range_error(xa, ta):
    """The kernel checks input then target, element by element (nan fails both
    comparisons): the first element out of [0, 1] names its operand."""
    bad_x = np.flatnonzero(~((xa >= 0) & (xa <= 1)))
    bad_t = np.flatnonzero(~((ta >= 0) & (ta <= 1)))
    if bad_x.size and (not bad_t.size or bad_x[0] <= bad_t[0]):
        raise RuntimeError("all elements of input should be between 0 and 1")
    raise RuntimeError("all elements of target should be between 0 and 1")


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    cdef Tensor x = _sized(input), t = _sized(target)
    if weight is not None:
        _sized(weight)
    cdef BinaryCrossEntropyBackward0 fn
    cdef int red = _reduction(reduction)
    xa = x.data_
    ta = t.data_
    if tuple(xa.shape) != tuple(ta.shape):
        raise ValueError(f"Using a target size ({t.shape}) that is different to the input size ({x.shape}) is deprecated. "
                         "Please ensure they have the same size.")
    if type(xa) is not np.ndarray or type(ta) is not np.ndarray:   # NOTE [ Device backends ]
        wa = None if weight is None else (<Tensor>weight).data_
        out = wrap_array(_xp.bce(xa, ta, wa, red))
        if is_grad_enabled_c() and (tensor_requires_grad(x) or tensor_requires_grad(t)):
            fn = <BinaryCrossEntropyBackward0>new_node(BinaryCrossEntropyBackward0)
            fn.red = red
            fn.weight = wa
            fn.next_edges_ = next_edges2(x, t)
            set_history(out, fn, 0)
            fn.sv0 = save_variable(x, False)
            fn.sv1 = save_variable(t, False)
        return out
    if xa.dtype is not ta.dtype or xa.dtype.kind != "f":
        _bce_dtypes(x, t)
    if (xa.size and not (xa.min() >= 0 and xa.max() <= 1)) or (ta.size and not (ta.min() >= 0 and ta.max() <= 1)):
        _bce_range_error(xa, ta)
    with np.errstate(divide="ignore"):
        l = -(ta * np.maximum(np.log(xa), -100) + (1 - ta) * np.maximum(np.log1p(-xa), -100))
    wa = None if weight is None else (<Tensor>weight).data_   # checked by _sized above
    if wa is not None:
        l = l * wa
    r = l if red == 0 else (l.mean() if red == 1 else l.sum())
    out = wrap_array(as_array(r).astype(xa.dtype, copy=False))
    if is_grad_enabled_c() and (tensor_requires_grad(x) or tensor_requires_grad(t)):
        fn = <BinaryCrossEntropyBackward0>new_node(BinaryCrossEntropyBackward0)
        fn.red = red
        fn.weight = wa
        fn.next_edges_ = next_edges2(x, t)
        set_history(out, fn, 0)
        fn.sv0 = save_variable(x, False)
        fn.sv1 = save_variable(t, False)
    return out
