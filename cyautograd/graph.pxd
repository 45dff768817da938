# cython: language_level=3
# Edge and Node (torch/csrc/autograd/edge.h, function.h). They reference each
# other, so they share one module.
from libc.stdint cimport uint64_t
from cyautograd._fast cimport cya_tp_new

cdef class Node

# The rarely used parts of a Node, made on first use so that a node
# without hooks or metadata allocates, initialises and frees fewer fields.
cdef class NodeExtras:
    cdef list tensor_pre_hooks_          # hooks registered on output tensors (may be None)
    cdef dict retains_grad_hooks_        # output_nr -> retain_grad hook (may be None)
    cdef object pre_hooks_                # Node pre-hooks {handle id: hook} (may be None)
    cdef object post_hooks_               # Node post-hooks {handle id: hook} (may be None)
    cdef dict metadata_                  # user metadata (may be None)
    cdef object anomaly_trace_           # forward stack under detect_anomaly
    cdef object anomaly_parent_          # the node whose backward made this one (anomaly mode), or None

# An edge of the graph: the `input_nr`-th input of `function`.
# function is None for an invalid edge (an input that needs no gradient).
cdef class Edge:
    cdef readonly Node function     # the node this edge points to, or None
    cdef readonly Py_ssize_t input_nr  # which input of `function`

cdef Edge make_edge(Node function, Py_ssize_t input_nr)

# The backward function of one forward op. Subclasses override apply().
#
# Inputs of a Node are the gradients of its forward op's outputs; its
# outputs go along next_edges_ to the nodes of the forward op's inputs.
# input metadata (shape, dtype) of each input is recorded when the forward
# op makes its outputs, and the engine validates gradients against it.
cdef class Node:
    cdef readonly uint64_t sequence_nr_   # creation order; see NOTE [ Sequence Number ]
    cdef public tuple next_edges_        # flat (function, input_nr, function, input_nr, ...):
    #                                      one pair per forward input, function None for an
    #                                      input that needs no gradient. See NOTE [ Edges ].
    cdef Py_ssize_t num_inputs_          # number of forward outputs (gradient inputs)
    cdef object in_shape0_               # shape (tuple) of input 0 when in_ndim0_ < 0
    cdef int in_ndim0_                   # ndim of input 0 held in in_dims0_, or -1
    cdef Py_ssize_t in_dims0_[8]         # shape of input 0 (numpy, ndim <= 8)
    cdef object in_dtype0_               # numpy dtype of input 0
    cdef list in_meta_rest_              # [(shape, dtype)] of inputs 1.. (or None)
    cdef bint has_hooks_                 # extras_ holds a non-empty hook list
    cdef NodeExtras extras_              # hooks, metadata; None until needed
    # the engine's state while a backward runs (internal; NOTE [ Engine ] in engine.pyx)
    cdef Py_ssize_t exec_id_             # the execution that counted this node, 0 if none
    cdef Py_ssize_t exec_deps_           # edges into this node that have not delivered yet
    cdef uint64_t exec_order_            # when it became ready (first in, first out on ties)
    cdef list exec_buffer_               # its input buffer, one summed gradient per input
    cdef object __weakref__

    cdef list apply(self, list grads)
    cdef void release_variables(self)
    cdef bint should_compute_output(self, Py_ssize_t i)
    cdef int check_saved_variables(self) except -1
    cdef bint computes_every_output(self)
    cdef Py_ssize_t num_next_edges(self)
    cdef NodeExtras extras(self)
    cpdef str name(self)
    cdef void set_input_metadata(self, Py_ssize_t nr, object shape, object dtype)
    cdef void set_input_metadata_from(self, Py_ssize_t nr, object arr)
    cdef bint input_shape_matches(self, Py_ssize_t nr, object g)
    cdef tuple input_metadata(self, Py_ssize_t nr)

# NOTE [ Outputs a node computes ] in graph.pyx
cdef object swap_exec_filter(object nodes)
cdef int exec_filter_add(Node fn) except -1

cdef uint64_t peek_sequence_nr() noexcept
cdef uint64_t next_sequence_nr() noexcept
cdef int node_created(Node n) except -1   # sequence number; the forward stack under anomaly mode
cdef bint anomaly_enabled() noexcept
cdef bint anomaly_check_nan() noexcept
cdef object swap_anomaly_current_node(object node)   # NOTE [ Anomaly mode ] in graph.pyx

cdef inline Node new_node(object cls):
    """Make a node of class `cls` (a Node subclass) from C: the fast path
    every op uses. Python-level construction goes through Node.__init__."""
    cdef Node n = <Node>cya_tp_new(cls)
    node_created(n)
    n.in_ndim0_ = -1
    n.num_inputs_ = 1
    n.next_edges_ = ()
    return n
