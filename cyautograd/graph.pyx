# cython: language_level=3
"""Edge and Node: the backward graph (torch/csrc/autograd/edge.h, function.h)."""
from cyautograd._fast cimport cya_tp_new
cimport cython
cimport numpy as cnp
from libc.stdint cimport uint64_t
from cyautograd._fast cimport cya_mem_equal
from cpython.ref cimport PyObject
from cpython.set cimport PySet_Contains
import threading

cnp.import_array()

# =============================================================================
# NOTE [ Sequence Number ]
# Mirrors torch/csrc/autograd/function.h. Every Node takes the next value of a
# counter when it is made, so a node made later (further downstream in the
# forward pass) has a larger number. The engine runs ready nodes largest
# number first, which is torch's order; AccumulateGrad takes UINT64_MAX so a
# leaf's gradient is accumulated as soon as it is ready.
# =============================================================================
cdef uint64_t _next_sequence_nr = 0


cdef uint64_t peek_sequence_nr() noexcept:
    return _next_sequence_nr


cdef uint64_t next_sequence_nr() noexcept:
    global _next_sequence_nr
    _next_sequence_nr += 1
    return _next_sequence_nr - 1


# =============================================================================
# NOTE [ Anomaly mode ]
# torch's AnomalyMode: a process-wide switch (not per thread). While on,
# every node records the Python stack of the forward call that made it;
# when a node fails in backward the engine warns with that stack before the
# error propagates, and (check_nan) a node whose output holds a NaN raises.
# Off, a node pays one test of a C global.
#
# A node made while the engine (in anomaly mode) runs another node's backward
# - double backward's nodes - records that node as its parent (torch's
# assign_parent); a failure then also warns with each parent's forward stack
# ("Previous calculation was induced by ..."), innermost first. The engine
# tells which node runs through swap_anomaly_current_node, per thread.
# =============================================================================
cdef bint _anomaly_enabled = False
cdef bint _anomaly_check_nan = True
_anomaly_tls = threading.local()


cdef object swap_anomaly_current_node(object node):
    prev = getattr(_anomaly_tls, "node", None)
    _anomaly_tls.node = node
    return prev


cdef bint anomaly_enabled() noexcept:
    return _anomaly_enabled


cdef bint anomaly_check_nan() noexcept:
    return _anomaly_check_nan


def _set_anomaly_enabled(bint enabled, bint check_nan=True):
    global _anomaly_enabled, _anomaly_check_nan
    _anomaly_enabled = enabled
    _anomaly_check_nan = check_nan


def is_anomaly_enabled():
    return bool(_anomaly_enabled)


def is_anomaly_check_nan_enabled():
    return bool(_anomaly_check_nan)


cdef int node_created(Node n) except -1:
    global _next_sequence_nr
    n.sequence_nr_ = _next_sequence_nr
    _next_sequence_nr += 1
    if _anomaly_enabled:
        import traceback
        x = n.extras()
        x.anomaly_trace_ = "".join(traceback.format_stack())
        x.anomaly_parent_ = getattr(_anomaly_tls, "node", None)
    return 0


# =============================================================================
# NOTE [ Outputs a node computes ]
# torch's engine, running for given inputs (autograd.grad, or
# backward(inputs=...)), marks in its GraphTask's exec_info the nodes that
# execute: those on a path to an input, and the inputs' own. A node's
# formula asks task_should_compute_output(i) before computing its i-th
# gradient, and that is false for an edge to a node that does not execute,
# so the gradient is never computed: its errors do not raise (pow's bool
# exponent), its post hooks see None. Its saved variables are still
# unpacked first (each formula's prologue), so a freed or modified one
# still raises. A few formulas compute every gradient regardless (cat's,
# stack's, a user's custom Function: computes_every_output), and their post
# hooks see them all.
#
# The engine hands the set of executing nodes (needed and capturing) to
# this module for the duration of such an execution (swap_exec_filter, a
# thread-local borrowed pointer: the engine's GraphTask owns the set, and
# restores the previous one when it ends, so nested executions see their
# own). Plain backward() sets none: should_compute_output then tests only
# the edge, one NULL test more. A node whose formula computes a gradient
# without asking is still correct: the engine drops what no executing node
# takes before its post hooks run (_validate in engine.pyx), as if it had
# not been computed.
# =============================================================================
cdef extern from *:
    """
    #if defined(_MSC_VER)
    static __declspec(thread) PyObject *cya_exec_filter = NULL;
    #else
    static __thread PyObject *cya_exec_filter = NULL;
    #endif
    """
    PyObject *cya_exec_filter


cdef object swap_exec_filter(object nodes):
    """Make `nodes` (a set the caller keeps alive, or None) this thread's
    executing nodes; the previous set (or None), for the caller to restore."""
    global cya_exec_filter
    prev = <object>cya_exec_filter if cya_exec_filter != NULL else None
    cya_exec_filter = NULL if nodes is None else <PyObject*>nodes
    return prev


cdef int exec_filter_add(Node fn) except -1:
    """Count fn among the executing nodes of the running execution for
    given inputs, if one runs (CopySlices' fn: see there)."""
    if cya_exec_filter != NULL and fn is not None:
        (<set>cya_exec_filter).add(fn)
    return 0


@cython.final
@cython.freelist(512)
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class Edge:
    """Edge(function, input_nr): the input_nr-th input of a Node."""

    def __init__(self, function, input_nr):
        self.function = function
        self.input_nr = input_nr

    def is_valid(self):
        return self.function is not None

    def __repr__(self):
        return f"Edge(function={self.function!r}, input_nr={self.input_nr})"


cdef Edge make_edge(Node function, Py_ssize_t input_nr):
    cdef Edge e = <Edge>cya_tp_new(Edge)
    e.function = function
    e.input_nr = input_nr
    return e


@cython.final
cdef class NodeExtras:
    """Hook lists and metadata of a Node (see graph.pxd)."""
    pass


# =============================================================================
# NOTE [ Edges ]
# torch's Node keeps next_edges_ as a vector of Edge structs. We keep them as
# one flat tuple of (function, input_nr) pairs: building a graph node then
# allocates one tuple, not a tuple plus an Edge object per input. Edge
# objects are made only for the Python API (gradient_edge, next_edges).
# =============================================================================


@cython.trashcan(True)
@cython.binding(False)  # NOTE [ Unbound methods check self ] in tensor.pyx
cdef class Node:
    """Base class of every backward function: the ``grad_fn`` of a tensor made by
    a recorded op (``MulBackward0``, ...), as torch.autograd.graph.Node.
    ``next_functions`` links it to the nodes of its inputs; hooks registered on
    it run during backward.

    >>> (torch.ones(2, requires_grad=True) * 2).grad_fn.name()

    Freeing a long graph recurses through Node -> next_edges_ -> Node; the
    trashcan bounds the C stack depth of that recursion."""

    def __init__(self, *args, **kwargs):
        # Python-level construction; ops make nodes with new_node() instead
        # (no __cinit__: it would cost a Python-style call per node).
        node_created(self)
        self.num_inputs_ = 1
        self.in_ndim0_ = -1
        self.next_edges_ = ()

    cdef list apply(self, list grads):
        raise NotImplementedError(f"{self.name()} does not implement apply")

    cdef void release_variables(self):
        pass

    cdef bint should_compute_output(self, Py_ssize_t i):
        """torch's task_should_compute_output: whether the i-th forward
        input's gradient is wanted -- a valid edge, and, while a backward for
        given inputs runs, an edge to a node that executes (NOTE [ Outputs a
        node computes ])."""
        cdef object nf = self.next_edges_[2 * i]
        if nf is None:
            return False
        if cya_exec_filter == NULL:
            return True
        return PySet_Contains(<object>cya_exec_filter, nf) == 1

    cdef int check_saved_variables(self) except -1:
        """Raise what unpacking each saved variable would (freed, or
        modified in place): torch's formulas unpack every saved variable
        before they ask which outputs to compute (NOTE [ Outputs a node
        computes ]). A node without SavedVariables has nothing to check."""
        return 0

    cdef bint computes_every_output(self):
        """Whether the node's formula computes every gradient without asking
        should_compute_output, as torch's does (cat's and stack's over their
        whole list, a user's custom Function): those gradients are validated
        and shown to the post hooks as torch's. Other nodes' gradients for an
        edge that should not be computed are dropped before (NOTE [ Outputs a
        node computes ])."""
        return False

    cdef NodeExtras extras(self):
        if self.extras_ is None:
            self.extras_ = NodeExtras.__new__(NodeExtras)
        return self.extras_

    cdef Py_ssize_t num_next_edges(self):
        return 0 if self.next_edges_ is None else len(self.next_edges_) >> 1

    cpdef str name(self):
        """The node's name, e.g. ``"MulBackward0"``.

        >>> (torch.ones(2, requires_grad=True) * 2).grad_fn.name()
        """
        return type(self).__name__

    cdef void set_input_metadata_from(self, Py_ssize_t nr, object arr):
        """Record input nr's shape and dtype from an output array; numpy
        shapes of input 0 are kept as C integers (no tuple made)."""
        cdef int nd, i
        cdef cnp.npy_intp* dims
        if nr == 0 and cnp.PyArray_CheckExact(arr):
            nd = cnp.PyArray_NDIM(<cnp.ndarray>arr)
            if nd <= 8:
                dims = cnp.PyArray_DIMS(<cnp.ndarray>arr)
                for i in range(nd):
                    self.in_dims0_[i] = dims[i]
                self.in_ndim0_ = nd
                self.in_dtype0_ = <object>cnp.PyArray_DESCR(<cnp.ndarray>arr)
                return
        self.set_input_metadata(nr, arr.shape, arr.dtype)

    cdef bint input_shape_matches(self, Py_ssize_t nr, object g):
        cdef tuple m
        if nr == 0 and self.in_ndim0_ >= 0 and cnp.PyArray_CheckExact(g):
            return (cnp.PyArray_NDIM(<cnp.ndarray>g) == self.in_ndim0_ and
                    cya_mem_equal(cnp.PyArray_DIMS(<cnp.ndarray>g), self.in_dims0_,
                                  self.in_ndim0_ * sizeof(Py_ssize_t)))
        m = self.input_metadata(nr)
        if m is None or m[0] is None:
            return True
        return tuple(g.shape) == tuple(m[0])

    cdef void set_input_metadata(self, Py_ssize_t nr, object shape, object dtype):
        if nr == 0:
            self.in_ndim0_ = -1
            self.in_shape0_ = shape
            self.in_dtype0_ = dtype
            return
        if self.in_meta_rest_ is None:
            self.in_meta_rest_ = []
        while len(self.in_meta_rest_) < nr:
            self.in_meta_rest_.append(None)
        self.in_meta_rest_[nr - 1] = (shape, dtype)

    cdef tuple input_metadata(self, Py_ssize_t nr):
        cdef int i
        if nr == 0:
            if self.in_ndim0_ >= 0:
                return (tuple([self.in_dims0_[i] for i in range(self.in_ndim0_)]), self.in_dtype0_)
            return (self.in_shape0_, self.in_dtype0_)
        if self.in_meta_rest_ is None or nr - 1 >= len(self.in_meta_rest_):
            return None
        return self.in_meta_rest_[nr - 1]

    # Python surface --------------------------------------------------------

    @property
    def _input_metadata(self):
        """One record per gradient this node takes (per output of its forward
        op): ``shape`` (a Size), ``dtype``, ``device``, ``is_nested_tensor``
        and ``is_cpp_nested_tensor`` (torch's _InputMetadata).

        >>> (torch.ones(2, requires_grad=True) * 2).grad_fn._input_metadata[0].shape
        cyautograd.Size([2])
        """
        from cyautograd.autograd.graph import _InputMetadata
        cdef Py_ssize_t k
        return tuple([_InputMetadata(self.input_metadata(k)) for k in range(self.num_inputs_)])

    def _sequence_nr(self):
        return self.sequence_nr_

    def _set_sequence_nr(self, sequence_nr):
        """Sets the node's sequence number (the engine runs a ready node
        with a higher one first), as torch's Node::set_sequence_nr."""
        if not isinstance(sequence_nr, int):
            raise TypeError("an integer is required")
        if sequence_nr < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if sequence_nr >= 2 ** 64:
            raise OverflowError("int too big to convert")
        self.sequence_nr_ = sequence_nr

    @property
    def next_functions(self):
        """One ``(node, input_nr)`` pair per input of the forward op: the node
        its gradient flows to (``AccumulateGrad`` for a leaf, None when that
        input needs no gradient) and which of that node's inputs it is.

        >>> (torch.ones(2, requires_grad=True) * 2).grad_fn.next_functions
        """
        cdef tuple ne = self.next_edges_
        if ne is None:
            return ()
        return tuple([(ne[i], ne[i + 1]) for i in range(0, len(ne), 2)])

    @property
    def next_edges(self):
        """The edges as Edge objects (``function``, ``input_nr``), the same
        pairs as ``next_functions``.

        >>> (torch.ones(2, requires_grad=True) * 2).grad_fn.next_edges
        """
        return tuple([make_edge(f, n) for f, n in self.next_functions])

    @property
    def metadata(self):
        """A dict for the user's own data about this node (kept with the node;
        anomaly mode stores the forward traceback here).

        >>> (torch.ones(2, requires_grad=True) * 2).grad_fn.metadata
        """
        cdef NodeExtras x = self.extras()
        if x.metadata_ is None:
            x.metadata_ = {}
        return x.metadata_

    def register_hook(self, fn):
        """Registers ``fn(grad_inputs, grad_outputs)``, run after this node
        computed its gradients; it may return replacement ``grad_inputs``.
        Returns a handle whose ``remove()`` unregisters it.

        >>> y = torch.ones(2, requires_grad=True) * 2; h = y.grad_fn.register_hook(lambda gi, go: None); y.sum().backward()
        """
        from cyautograd.python_hook import register_node_hook
        return register_node_hook(self, fn)

    def register_prehook(self, fn):
        """Registers ``fn(grad_outputs)``, run before this node computes; it may
        return replacement ``grad_outputs``. Returns a removable handle.

        >>> y = torch.ones(2, requires_grad=True) * 2; h = y.grad_fn.register_prehook(lambda go: None); y.sum().backward()
        """
        from cyautograd.python_hook import register_node_prehook
        return register_node_prehook(self, fn)

    def _input_metadata_shape(self, nr):
        m = self.input_metadata(nr)
        return None if m is None else m[0]

    def __call__(self, *grads):
        # from Python, as torch's node call: one Tensor (or None) per input;
        # apply's formulas trust what the engine gives them, nothing else
        from cyautograd.tensor import Tensor
        if len(grads) != self.num_inputs_:
            raise TypeError(f"expected {self.num_inputs_} arguments, got {len(grads)} instead")
        for i in range(len(grads)):
            if grads[i] is not None and not isinstance(grads[i], Tensor):
                raise TypeError(f"argument {i} is not a Variable")
        out = self.apply(list(grads))
        # torch's node call returns the one gradient itself, else a tuple
        return out[0] if len(out) == 1 else tuple(out)

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"
