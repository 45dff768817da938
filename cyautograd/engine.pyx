# cython: language_level=3
"""The backward engine (torch/csrc/autograd/engine.cpp) and autograd.grad."""
cimport cython
from cpython.list cimport PyList_GET_SIZE, PyList_GET_ITEM
from cpython.ref cimport PyObject
from libc.stdint cimport uint64_t

import warnings
from operator import index as _operator_index
from collections.abc import Mapping as _Mapping

_warned_create_graph = False


def _warn_always_enabled():
    import cyautograd
    return cyautograd.is_warn_always_enabled()

# NOTE [ Functorch transform depth ]
# torch refuses Tensor.backward()/autograd.backward() while a functorch
# transform's layer is active ("backward() called inside a functorch
# transform"), and so Tensor.requires_grad_() (torch.autograd.functional's
# APIs call it) and Tensor.retain_grad(). The transforms (cyautograd.func:
# grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, vmap, linearize,
# functionalize) count themselves in and out around the user's function (not
# around their own bookkeeping, which makes its fresh leaves with
# tensor._requires_grad_internal); backward() checks the count (a C int read:
# free on the common path), requires_grad_() reads it through
# _functorch_depth_now and retain_grad() through python_hook's C mirror. Process-wide, as func's own nesting level.
cdef int _functorch_depth = 0


def _functorch_depth_now():
    return _functorch_depth


def _enter_functorch_transform():
    global _functorch_depth
    _functorch_depth += 1
    set_functorch_depth(_functorch_depth)


def _exit_functorch_transform():
    global _functorch_depth
    _functorch_depth -= 1
    set_functorch_depth(_functorch_depth)


cdef int _backward_in_transform() except -1:
    raise RuntimeError("backward() called inside a functorch transform. This is not supported, please use "
                       "functorch.grad or functorch.vjp instead or call backward() outside of functorch "
                       "transforms.")
import numpy as np
cimport numpy as cnp
cnp.import_array()

from cyautograd.tensor cimport Tensor, wrap_array, tensor_requires_grad
from cyautograd.argcheck cimport tensor_arg
from cyautograd.autograd_meta cimport AutogradMeta
from cyautograd.graph cimport (Node, NodeExtras, Edge, make_edge, anomaly_enabled, anomaly_check_nan,
                               swap_exec_filter, swap_anomaly_current_node)
from cyautograd.grad_mode cimport grad_mode_state
from cyautograd._formula_mode cimport set_formula_mode
from cyautograd._c cimport cya_grad_mode_t, CYA_CREATION_META_DEFAULT
from cyautograd.view_meta cimport make_view
from cyautograd.variable cimport (gradient_edge, grad_fn_of, note_grad_version, grad_version, forget_grad_versions,
                                  note_root_grad, note_implicit_root_grad)
from cyautograd.tensor cimport version_counter_of
from cyautograd.tensor import _requires_grad_internal as _set_requires_grad_internal
from cpython.ref cimport Py_REFCNT
from cyautograd.functions.accumulate_grad cimport AccumulateGrad
from cyautograd.kernels cimport k_add, k_ones_like, fp_quiet_begin, fp_quiet_end
from cyautograd.python_hook cimport call_tensor_pre_hooks, call_pre_hooks, call_post_hooks, set_functorch_depth
from cyautograd.saved_variable cimport saved_hooks_state, saved_hooks_epoch, restore_saved_hooks_state
from cyautograd.python_hook import retain_grad as _retain_grad

from cyautograd import dtypes as _D
from cyautograd import backend   # NOTE [ Device backends ]

# =============================================================================
# NOTE [ Engine ]
# Mirrors torch's Engine::execute for one thread. The graph is walked once
# to count, for every node, how many edges point to it (its dependencies).
# A node is ready when all its dependencies have delivered (or chosen not to
# deliver) a gradient; ready nodes run largest sequence_nr first (see NOTE [
# Sequence Number ] in graph.pyx). Each node's incoming gradients are summed
# in its input buffer. Nothing recurses, so graph depth is bounded only by
# memory.
#
# Gradients flow as plain arrays when create_graph is False (no autograd
# work at all inside backward) and as Tensors recorded under grad mode when
# create_graph is True, so the same node formulas serve double backward.
#
# With `inputs` (autograd.grad, or backward(inputs=...)) only the nodes on a
# path to an input run: every ancestor of a needed node is needed, so a
# needed node's dependencies all come from nodes that run.
#
# The dependency count, input buffer and ready order of each node live on
# the node (exec_deps_, exec_buffer_, exec_order_), where torch keeps them in
# its GraphTask's maps: no dict lookup per edge. exec_id_ names the
# execution (GraphTask) that holds those fields. When an execution meets a
# node that another one still running holds — it is a backward called from
# a hook of that one, or runs in another thread while that one waits in
# numpy without the GIL — it keeps its state for that node in its own dict
# (GraphTask.other), so executions never see each other's counts. Every
# held node is reset when its execution ends, normally or not, so no
# gradient outlives it in a buffer.
# =============================================================================

cdef Py_ssize_t _exec_counter = 0

# NOTE [ Current graph task ]
# The GraphTask running on this thread (a borrowed pointer: _execute's local
# `task` owns it and restores the previous value when it returns, so nested
# backward calls from hooks see their own task). It is what
# autograd.graph.register_multi_grad_hook asks for through
# _current_graph_task_id and _will_engine_execute_node, as torch's does.
cdef extern from *:
    """
    #if defined(_MSC_VER)
    static __declspec(thread) PyObject *cya_current_graph_task = NULL;
    #else
    static __thread PyObject *cya_current_graph_task = NULL;
    #endif
    """
    PyObject *cya_current_graph_task

# NOTE [ Checkpoint validity ]
# torch's engine keeps a thread-local checkpoint_valid flag: an execution
# that captures gradients for given inputs (autograd.grad, or
# backward(inputs=...)) runs only part of the graph, which the reentrant
# checkpoint cannot serve, so it clears the flag for its duration (and for
# every execution nested in it) and puts the previous value back when it
# ends, also when it raises (CheckpointValidGuard). The reentrant
# checkpoint's backward reads it through autograd._is_checkpoint_valid().
cdef extern from *:
    """
    #if defined(_MSC_VER)
    static __declspec(thread) int cya_checkpoint_invalid = 0;
    #else
    static __thread int cya_checkpoint_invalid = 0;
    #endif
    """
    int cya_checkpoint_invalid

# NOTE [ Profiler hook ]
# autograd.profiler sets _profiling while a profile() is active; the engine
# then times each node's apply with a monotonic clock and hands (node, start,
# end) to _profile_record, and the whole execution as (None, start, end).
# When off, the cost is one test of a C int per node that runs and two per
# backward.
cdef extern from "<time.h>" nogil:
    ctypedef long time_t
    struct timespec:
        time_t tv_sec
        long tv_nsec
    int clock_gettime(int clk_id, timespec *tp)
    int CLOCK_MONOTONIC

cdef bint _profiling = False
cdef object _profile_record = None


cdef inline long long _now_ns() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return <long long>ts.tv_sec * 1000000000 + ts.tv_nsec


def _set_profiler(record):
    """Turn the engine's per-node timing on (record(node, start_ns, end_ns)
    is called after each apply) or off (record is None)."""
    global _profiling, _profile_record
    _profile_record = record
    _profiling = record is not None


def _profiler_now_ns():
    """The clock the engine's node timings use (CLOCK_MONOTONIC, in ns)."""
    return _now_ns()


def _current_graph_task_id():
    """The id of the backward execution running on this thread, -1 if none."""
    if cya_current_graph_task == NULL:
        return -1
    return (<GraphTask>cya_current_graph_task).eid


def _is_checkpoint_valid():
    """False while a backward execution for given inputs (autograd.grad or
    backward(inputs=...)) runs on this thread (NOTE [ Checkpoint validity ])."""
    return cya_checkpoint_invalid == 0


def _queue_callback(callback):
    """Engine::queue_callback (``Variable._execution_engine.queue_callback``):
    run ``callback()`` once the backward execution running on this thread has
    run every node, before backward returns (NOTE [ Final callbacks ])."""
    if cya_current_graph_task == NULL:
        raise RuntimeError("Final callbacks can only be installed during backward pass.")
    cdef GraphTask task = <GraphTask>cya_current_graph_task
    if task.final_callbacks is None:
        task.final_callbacks = []
    task.final_callbacks.append(callback)


def _will_engine_execute_node(node):
    """Whether the running backward will execute node (torch's
    torch._C._will_engine_execute_node): with inputs (autograd.grad or
    backward(inputs=...)) the nodes on a path to an input and the inputs'
    own nodes; otherwise every node reachable from the roots."""
    # torch's order and words: the argument's type first, then whether a
    # backward runs (its helper, _get_should_execute_nodes, names itself)
    if not isinstance(node, Node):
        raise RuntimeError(f"_will_engine_execute_node expects an grad_fn, but got {type(node).__name__}")
    if cya_current_graph_task == NULL:
        raise RuntimeError("_get_should_execute_nodes should only be called during the backward pass")
    cdef GraphTask task = <GraphTask>cya_current_graph_task
    if not task.counted(<Node>node):
        return False
    if task.needed is None:
        return True
    if type(node) is AccumulateGrad and not task.accumulate_grad:
        raise RuntimeError("A leaf node was passed to _will_engine_execute_node but we are currently "
                           "running autograd.grad(). This is currently not supported.")
    return node in task.needed or node in task.captures


@cython.final
cdef class _NodeState:
    """A node's state in a GraphTask that could not hold the node's fields."""
    cdef Py_ssize_t deps
    cdef uint64_t order
    cdef list buffer


@cython.final
cdef class GraphTask:
    """One execution of the graph: which nodes it counted and their state."""
    cdef Py_ssize_t eid
    cdef list held          # nodes whose exec_* fields are this task's
    cdef dict other         # node -> _NodeState, for nodes another task holds (or None)
    cdef uint64_t next_order
    cdef object needed      # with capture edges: the nodes that run (else None)
    cdef set should_execute # with capture edges: needed and capturing nodes (else None)
    cdef dict captures      # with capture edges: capture node -> [(input_nr, index)]
    cdef bint accumulate_grad   # backward() (True) or autograd.grad (False)
    cdef list final_callbacks   # queue_callback's callables (None until one is queued)

    cdef inline bint counted(self, Node fn):
        return fn.exec_id_ == self.eid or (self.other is not None and fn in self.other)

    cdef void count(self, Node fn):
        """First sight of fn: hold it, or keep its state aside."""
        if fn.exec_id_ == 0:
            fn.exec_id_ = self.eid
            fn.exec_deps_ = 0
            fn.exec_buffer_ = None
            self.held.append(fn)
        else:
            if self.other is None:
                self.other = {}
            self.other[fn] = _NodeState.__new__(_NodeState)

    cdef inline _NodeState aside(self, Node fn):
        return <_NodeState>self.other[fn]

    cdef inline Py_ssize_t add_deps(self, Node fn, Py_ssize_t k):
        """Change fn's dependency count by k; the new count."""
        cdef _NodeState st
        if fn.exec_id_ == self.eid:
            fn.exec_deps_ += k
            return fn.exec_deps_
        st = self.aside(fn)
        st.deps += k
        return st.deps

    cdef inline list buffer(self, Node fn):
        """fn's input buffer, made on first use."""
        cdef _NodeState st
        cdef list buf
        if fn.exec_id_ == self.eid:
            if fn.exec_buffer_ is None:
                fn.exec_buffer_ = [None] * fn.num_inputs_
            return fn.exec_buffer_
        st = self.aside(fn)
        if st.buffer is None:
            st.buffer = [None] * fn.num_inputs_
        return st.buffer

    cdef inline list take_buffer(self, Node fn):
        """fn's input buffer, which the task forgets (None if never made)."""
        cdef list buf
        cdef _NodeState st
        if fn.exec_id_ == self.eid:
            buf = fn.exec_buffer_
            fn.exec_buffer_ = None
        else:
            st = self.aside(fn)
            buf = st.buffer
            st.buffer = None
        return buf

    cdef inline uint64_t order(self, Node fn):
        return fn.exec_order_ if fn.exec_id_ == self.eid else self.aside(fn).order

    cdef void make_ready(self, list heap, Node fn):
        """Queue fn: larger sequence_nr first, then first come (a binary heap
        of nodes; no tuple per entry)."""
        if fn.exec_id_ == self.eid:
            fn.exec_order_ = self.next_order
        else:
            self.aside(fn).order = self.next_order
        self.next_order += 1
        heap.append(fn)
        cdef Py_ssize_t i = len(heap) - 1, p
        while i > 0:
            p = (i - 1) >> 1
            if not self.runs_before(<Node>heap[i], <Node>heap[p]):
                break
            heap[i], heap[p] = heap[p], heap[i]
            i = p

    cdef Node next_ready(self, list heap):
        cdef Node top = heap[0]
        last = heap.pop()
        cdef Py_ssize_t n = len(heap), i = 0, c
        if n == 0:
            return top
        heap[0] = last
        while True:
            c = 2 * i + 1
            if c >= n:
                break
            if c + 1 < n and self.runs_before(<Node>heap[c + 1], <Node>heap[c]):
                c += 1
            if not self.runs_before(<Node>heap[c], <Node>heap[i]):
                break
            heap[i], heap[c] = heap[c], heap[i]
            i = c
        return top

    cdef inline bint runs_before(self, Node a, Node b):
        if a.sequence_nr_ != b.sequence_nr_:
            return a.sequence_nr_ > b.sequence_nr_
        return self.order(a) < self.order(b)

    cdef void release(self):
        cdef Node fn
        for fn in self.held:
            fn.exec_id_ = 0
            fn.exec_deps_ = 0
            fn.exec_buffer_ = None
        self.held = None
        self.other = None
        self.needed = None
        self.should_execute = None
        self.captures = None
        self.final_callbacks = None


cdef GraphTask _new_graph_task():
    global _exec_counter
    cdef GraphTask task = GraphTask.__new__(GraphTask)
    _exec_counter += 1
    task.eid = _exec_counter
    task.held = []
    return task


cdef inline object _to_array(object g):
    if type(g) is np.ndarray:
        return g
    if isinstance(g, np.generic):
        return np.asarray(g)
    return g


cdef str _shape_repr(shape):
    return "cyautograd.Size([" + ", ".join([str(s) for s in shape]) + "])"


cdef str _shape_list(shape):
    return "[" + ", ".join([str(s) for s in shape]) + "]"


cdef object _sum_to(object g, tuple shape):
    """Reduce a broadcast gradient back to `shape`, or None if impossible."""
    gshape = tuple(g.shape)
    cdef Py_ssize_t lead = len(gshape) - len(shape)
    cdef Py_ssize_t i
    if lead < 0:
        return None
    axes = list(range(lead))
    for i in range(len(shape)):
        if shape[i] == gshape[lead + i]:
            continue
        if shape[i] == 1:
            axes.append(lead + i)
        else:
            return None
    # at::sum_to's aliasing (NOTE [ Gradients as torch returns them ]): a
    # 0-d target is a fresh full sum; only dropping leading dims views
    if len(shape) == 0 and (isinstance(g, (Tensor, np.generic)) or type(g) is np.ndarray):
        return g.sum() if isinstance(g, Tensor) else _to_array(g.sum())
    if isinstance(g, Tensor):
        if axes:
            g = g.sum(dim=tuple(axes), keepdim=True)
        return g.reshape(shape) if lead > 0 else g
    if type(g) is not np.ndarray and not isinstance(g, np.generic):
        from cyautograd.ops import _xp   # a device gradient: NOTE [ Device backends ]
        return _xp.sum_to(g, tuple(axes), shape)
    if axes:
        g = _to_array(g.sum(axis=tuple(axes), keepdims=True))
    return g.reshape(shape) if lead > 0 else g


cdef inline object _dtype_of(object g):
    if cnp.PyArray_CheckExact(g):
        return <object>cnp.PyArray_DESCR(<cnp.ndarray>g)
    return g.dtype


cdef object _validate(Node fn, list outputs, set should_execute):
    """validate_outputs: count, shape (summing broadcast grads) and dtype.
    With capture edges (should_execute not None), torch's formulas leave a
    gradient for a node that neither runs nor captures undefined (NOTE [
    Outputs a node computes ] in graph.pyx): one our formula computed anyway
    is dropped unchecked, so validate_outputs and the post hooks never see
    it -- except from a node whose torch formula computes it too (cat's, a
    custom Function's: validated and seen by the post hooks as torch's). The
    engine routes gradients only to nodes that run."""
    cdef tuple edges = fn.next_edges_
    cdef Py_ssize_t n = fn.num_next_edges(), i, nr
    cdef Node nf
    cdef tuple meta
    if len(outputs) != n:
        raise RuntimeError(f"function {fn.name()} returned an incorrect number of gradients "
                           f"(expected {n}, got {len(outputs)})")
    for i in range(n):
        g = outputs[i]
        if g is None:
            continue
        nf = edges[2 * i]
        if nf is None:
            continue
        if should_execute is not None and nf not in should_execute and not fn.computes_every_output():
            outputs[i] = None
            continue
        nr = edges[2 * i + 1]
        if not isinstance(g, Tensor):
            g = _to_array(g)
            outputs[i] = g
        if (nr == 0 and nf.in_dtype0_ is not None and _dtype_of(g) is nf.in_dtype0_
                and nf.input_shape_matches(0, g)):
            continue
        meta = nf.input_metadata(nr)
        if meta is None or meta[0] is None:
            continue
        shape = meta[0]
        if tuple(g.shape) != tuple(shape):
            r = _sum_to(g, tuple(shape))
            if r is None:
                raise RuntimeError(
                    f"Function {fn.name()} returned an invalid gradient at index {i} - got "
                    f"{_shape_list(g.shape)} but expected shape compatible with {_shape_list(shape)}")
            g = r
        if g.dtype != meta[1]:
            if isinstance(g, Tensor):
                want = _D._FROM_NP[backend.np_dtype(meta[1])]
                if g.dtype is not want:
                    g = g.to(want)
            elif type(g) is not np.ndarray:
                g = backend.namespace(g).astype(g, meta[1])   # NOTE [ Device backends ]
            else:
                g = g.astype(meta[1])
        outputs[i] = g
    return outputs


cdef object _root_grad_shape(Node fn, Py_ssize_t nr, object g, Py_ssize_t i):
    """validate_outputs on the root edges: a root gradient is checked (and
    summed to) the shape its edge recorded -- which differs from the output's
    own after `.data` replaced it."""
    cdef tuple meta
    if g is None:
        return g
    if nr == 0 and fn.in_dtype0_ is not None and fn.input_shape_matches(0, g):
        return g
    meta = fn.input_metadata(nr)
    if meta is None or meta[0] is None:
        return g
    shape = tuple(meta[0])
    if tuple(g.shape) == shape:
        return g
    r = _sum_to(g, shape)
    if r is None:
        raise RuntimeError(f"invalid gradient at index {i} - got {_shape_list(g.shape)} but expected shape "
                           f"compatible with {_shape_list(shape)}")
    return r


cdef object _root_grad_dtype(Node fn, Py_ssize_t nr, object g):
    cdef tuple meta
    if g is None:
        return g
    arr = (<Tensor>g).data_ if isinstance(g, Tensor) else g
    if nr == 0 and fn.in_dtype0_ is not None and _dtype_of(arr) is fn.in_dtype0_:
        return g
    meta = fn.input_metadata(nr)
    if meta is None or meta[1] is None or arr.dtype == meta[1]:
        return g
    if isinstance(g, Tensor):
        return g.to(_D._FROM_NP[meta[1]])
    return arr.astype(meta[1])


cdef inline object _accumulate(object a, object b):
    if a is None:
        return b
    return k_add(a, b)


cdef object _accumulate_buffer(list buf, Py_ssize_t nr, object b):
    """InputBuffer::accumulate: with grad mode off, a gradient the buffer
    alone holds (its own dense memory, no other reference, no view of it)
    takes the sum in place -- one version bump, as torch's old_var.add_(var)
    (NOTE [ Versions of gradient arrays ] in variable.pyx); else a fresh sum."""
    cdef Py_ssize_t ver
    a = buf[nr]
    if a is None:
        buf[nr] = b
        return None
    if (type(a) is np.ndarray and type(b) is np.ndarray and a.base is None
            and a.shape == b.shape and a.dtype == b.dtype and a.dtype.kind in "fc"
            and a.flags.writeable and (a.flags.c_contiguous or a.flags.f_contiguous)):
        # references to a: the buffer slot and this local, plus the version
        # table's when a formula noted a version for it
        ver = grad_version(a)
        if Py_REFCNT(a) == (3 if ver else 2):
            np.add(a, b, out=a)
            note_grad_version(a, ver + 1)
            return None
    buf[nr] = k_add(a, b)
    return None


cdef class _Capture:
    cdef Node fn
    cdef Py_ssize_t input_nr
    cdef Py_ssize_t out_index


# NOTE [ A formula's broadcast error ]
# A backward formula whose saved tensor's .data was replaced by another
# shape may meet operands that do not broadcast (seed 36662: sin's
# grad * self.cos()); torch's kernel then raises TensorIterator's
# RuntimeError (the formulas' operand order is torch's, so "tensor a" is the
# same operand). Our kernels (k_binary) and numpy's operators raise numpy's
# ValueError instead -- the forward ops rely on that: they catch it to take
# their inputs' gradient edges before raising torch's error (NOTE [ Gradient
# edges before kernel checks ]) -- so a built-in node's apply gets torch's
# error here, on the failure path only (a custom Function's own error is
# its own).
cdef int _raise_torch_broadcast_error(Node fn, object exc) except -1:
    from cyautograd.function import BackwardCFunction
    if isinstance(fn, BackwardCFunction):
        return 0
    msg = str(exc)
    if not msg.startswith("operands could not be broadcast together with shapes "):
        return 0
    try:
        shapes = [tuple(int(d) for d in sh.strip("()").split(",") if d)
                  for sh in msg[len("operands could not be broadcast together with shapes "):].split()]
    except ValueError:
        return 0   # numpy's "remapped shapes" form (an out= or a reduction): not a plain broadcast
    # TensorIterator's compute_shape: the shape so far (tensor a) with each
    # next operand (tensor b) in turn, as numpy lists them
    cdef Py_ssize_t n, i
    xs = shapes[0] if shapes else ()
    for ys in shapes[1:]:
        n = max(len(xs), len(ys))
        xs2 = (1,) * (n - len(xs)) + xs
        ys2 = (1,) * (n - len(ys)) + ys
        for i in range(n - 1, -1, -1):
            if xs2[i] != ys2[i] and xs2[i] != 1 and ys2[i] != 1:
                raise RuntimeError(f"The size of tensor a ({xs2[i]}) must match the size of tensor b "
                                   f"({ys2[i]}) at non-singleton dimension {i}") from None
        xs = tuple([q if p == 1 else p for p, q in zip(xs2, ys2)])
    return 0


cdef void _print_forward_stack(Node fn):
    """See NOTE [ Anomaly mode ] in graph.pyx. Called while the node's error
    propagates: a warning that itself raises (a warnings filter set to
    "error") is written to stderr instead, as torch's, so the node's error is
    the one that reaches the caller."""
    trace = None if fn.extras_ is None else fn.extras_.anomaly_trace_
    if trace is None:
        _anomaly_warn("Error detected in " + fn.name() + ". No forward pass information available. Enable "
                      "detect anomaly during forward pass for more information.")
    else:
        _anomaly_warn("Error detected in " + fn.name() + ". Traceback of forward call that caused the "
                      "error:\n" + trace)
    # the nodes whose backward made this one, innermost first
    cdef Node parent = None if fn.extras_ is None else fn.extras_.anomaly_parent_
    while parent is not None:
        trace = None if parent.extras_ is None else parent.extras_.anomaly_trace_
        if trace is None:
            _anomaly_warn("Error detected in " + parent.name() + ". No forward pass information available. "
                          "Enable detect anomaly during forward pass for more information.")
        else:
            _anomaly_warn("\n\nPrevious calculation was induced by " + parent.name() + ". Traceback of forward "
                          "call that induced the previous calculation:\n" + trace)
        parent = None if parent.extras_ is None else parent.extras_.anomaly_parent_


cdef void _anomaly_warn(str msg):
    try:
        warnings.warn(msg, UserWarning)
    except Exception as e:  # noqa: BLE001 - the node's own error is what propagates
        import sys
        sys.stderr.write(f"{type(e).__name__}: {e}\n")


cdef int _check_nan(Node fn, list outputs) except -1:
    for i in range(len(outputs)):
        g = outputs[i]
        if g is None:
            continue
        a = (<Tensor>g).data_ if isinstance(g, Tensor) else g
        if a.dtype.kind == "f" and np.isnan(a).any():
            raise RuntimeError(f"Function '{fn.name()}' returned nan values in its {i}th output.")
    return 0


cdef list _apply_node(Node fn, list inputs, bint create_graph):
    """fn.apply(inputs); under create_graph with the formula flag on, so
    that a formula's arithmetic with Python scalars makes torch's
    Scalar-overload nodes (NOTE [ Scalar overloads inside backward
    formulas ] in _formula_mode.pyx)."""
    if not create_graph:
        return fn.apply(inputs)
    cdef int prev = set_formula_mode(1)
    try:
        return fn.apply(inputs)
    finally:
        set_formula_mode(prev)


cdef list _execute(list root_edges, list root_grads, bint keep_graph, bint create_graph,
                   list capture_edges, bint accumulate_grad):
    """Run the graph from root_edges; returns the captured gradients (one per
    capture edge) when capture_edges is given."""
    global cya_current_graph_task, cya_checkpoint_invalid
    cdef GraphTask task = _new_graph_task()
    cdef PyObject *prev_task = cya_current_graph_task
    cdef int prev_checkpoint_invalid = cya_checkpoint_invalid
    cdef long long t0
    cdef long long t_exec = _now_ns() if _profiling else 0
    cdef list stack = []
    cdef list ready = []
    cdef Node fn, nf
    cdef Edge e
    cdef Py_ssize_t i, n, nr
    cdef tuple ne
    cdef object needed = None
    cdef dict captures = None
    cdef list captured = None
    cdef list buf
    cdef cya_grad_mode_t* gm = grad_mode_state()
    cdef int prev_grad_mode = gm.grad_enabled
    cdef list inputs, outputs
    cdef bint anomaly, in_apply
    # NOTE [ The engine restores the saved tensor hooks state ] in saved_variable.pyx
    cdef object hooks_state = saved_hooks_state()
    cdef unsigned long hooks_epoch = saved_hooks_epoch()
    cdef object prev_filter = None
    cdef bint filter_set = False
    cdef object prev_node = None

    try:
        # graph root: a virtual node whose next edges are the roots. A node
        # is pushed when first counted.
        for e in root_edges:
            fn = e.function
            if fn is not None and not task.counted(fn):
                task.count(fn)
                stack.append(fn)
        while stack:
            fn = stack.pop()
            ne = fn.next_edges_
            for i in range(0, len(ne), 2):
                nf = ne[i]
                if nf is None:
                    continue
                if not task.counted(nf):
                    task.count(nf)
                    stack.append(nf)
                task.add_deps(nf, 1)
        for e in root_edges:
            if e.function is not None:
                task.add_deps(e.function, 1)

        if capture_edges is not None:
            captures = {}
            captured = [None] * len(capture_edges)
            for i in range(len(capture_edges)):
                e = capture_edges[i]
                if e.function is not None:
                    captures.setdefault(e.function, []).append((e.input_nr, i))
            needed = _needed_nodes(root_edges, captures, accumulate_grad)
            task.needed = needed
            task.captures = captures
            task.accumulate_grad = accumulate_grad
            task.should_execute = set(needed)
            task.should_execute.update(captures)
        cya_current_graph_task = <PyObject*>task
        # NOTE [ Outputs a node computes ] in graph.pyx (None: every edge)
        prev_filter = swap_exec_filter(task.should_execute)
        filter_set = True
        if capture_edges is not None:
            cya_checkpoint_invalid = 1

        # deliver the root gradients
        for i in range(len(root_edges)):
            e = root_edges[i]
            fn = e.function
            if fn is None:
                continue
            # validate_outputs(root_edges, inputs): each root gradient in the
            # dtype its edge expects (a leaf's .grad keeps the leaf's dtype)
            g = root_grads[i]
            root_grads[i] = _root_grad_dtype(fn, e.input_nr, _root_grad_shape(fn, e.input_nr, g, i))
            if root_grads[i] is not g and not create_graph and cnp.PyArray_CheckExact(root_grads[i]):
                # NOTE [ A converted root gradient ]
                # validate_outputs replaced the user's gradient by a new
                # tensor (cast to the edge's dtype, summed to its recorded
                # shape), which torch's caller keeps in its inputs list: a
                # leaf fed directly copies it (version 1), but a view of it
                # (a view node's formula) is stolen, sharing its fresh
                # version counter -- torch never asks who holds a view's
                # base. Registered as a root gradient of its own for that.
                note_root_grad(root_grads[i], wrap_array(root_grads[i]))
            g = None
            buf = task.buffer(fn)
            _accumulate_buffer(buf, e.input_nr, root_grads[i])
            if task.add_deps(fn, -1) == 0:
                task.make_ready(ready, fn)

        gm.grad_enabled = create_graph
        anomaly = anomaly_enabled()   # NOTE [ Anomaly mode ] in graph.pyx
        quiet = fp_quiet_begin()  # NOTE [ Quiet floating point ] in kernels.pyx
        try:
            while ready:
                fn = task.next_ready(ready)
                inputs = task.take_buffer(fn)
                if inputs is None:
                    inputs = [None] * fn.num_inputs_
                if captures is not None:
                    # torch's evaluate_function: a node that also runs is
                    # captured before its tensor pre-hooks (they run with
                    # the node); one that only captures runs them first
                    # backward(inputs=...) (accumulate_grad) only selects
                    # what runs: nothing is captured, so no extra reference
                    # keeps AccumulateGrad from stealing the gradient
                    caps = captures.get(fn) if not accumulate_grad else None
                    if fn not in needed:
                        if fn.has_hooks_:
                            inputs = call_tensor_pre_hooks(fn, inputs)
                        if caps is not None:
                            for (nr, idx) in caps:
                                captured[idx] = _accumulate(captured[idx], inputs[nr])
                        continue
                    if caps is not None:
                        for (nr, idx) in caps:
                            captured[idx] = _accumulate(captured[idx], inputs[nr])
                if fn.has_hooks_:
                    inputs = call_tensor_pre_hooks(fn, inputs)
                n = 0
                for g in inputs:
                    if g is not None:
                        n = 1
                        break
                if n == 0 and type(fn) is not AccumulateGrad:
                    outputs = [None] * fn.num_next_edges()
                else:
                    # drop our references to gradients before apply: see NOTE [
                    # Stealing the incoming gradient ] in accumulate_grad.pyx
                    g = None
                    outputs = None
                    buf = None
                    in_apply = False
                    try:
                        if fn.has_hooks_:
                            inputs = call_pre_hooks(fn, inputs)
                        if captures is not None:
                            # its formulas may skip an edge to a node that
                            # does not execute, but unpack every saved
                            # variable first (NOTE [ Outputs a node computes ])
                            fn.check_saved_variables()
                        in_apply = True
                        if anomaly:
                            # nodes the backward makes name fn as their parent
                            # (NOTE [ Anomaly mode ] in graph.pyx)
                            prev_node = swap_anomaly_current_node(fn)
                        if _profiling:
                            t0 = _now_ns()
                            outputs = _apply_node(fn, inputs, create_graph)
                            _profile_record(fn, t0, _now_ns())
                        elif create_graph:
                            outputs = _apply_node(fn, inputs, True)
                        else:
                            outputs = fn.apply(inputs)
                        in_apply = False
                        if anomaly:
                            swap_anomaly_current_node(prev_node)
                        # NOTE [ Validate, post hooks, then release ]
                        # torch's call_function validates the node's
                        # gradients (count, shape: summed to the edge's
                        # recorded shape, dtype) before its post hooks, which
                        # so see them validated (their replacements are only
                        # checked against those, not validated again), and
                        # evaluate_function frees the saved values after
                        # call_function returns: a node whose gradient fails
                        # validation keeps them, and the next backward
                        # through it raises the same error, not the
                        # freed-graph one (seed 41874)
                        outputs = _validate(fn, outputs, task.should_execute)
                        if fn.has_hooks_:
                            outputs = call_post_hooks(fn, outputs, inputs)
                        if not keep_graph:
                            fn.release_variables()
                        if anomaly and anomaly_check_nan():
                            _check_nan(fn, outputs)
                    except BaseException as exc:
                        if anomaly:
                            if in_apply:
                                swap_anomaly_current_node(prev_node)
                            _print_forward_stack(fn)
                        if in_apply and type(exc) is ValueError:
                            _raise_torch_broadcast_error(fn, exc)
                        raise
                # as torch's per-node ThreadLocalStateGuard: what the node
                # (its hooks included) did to grad mode or the saved tensor
                # hooks stack does not reach the next node
                gm.grad_enabled = create_graph
                if saved_hooks_epoch() != hooks_epoch:
                    restore_saved_hooks_state(hooks_state)
                    hooks_epoch = saved_hooks_epoch()
                # the node's inputs are consumed (torch moves them into
                # apply): an output that is an input again may then be
                # accumulated into in place by the next buffer
                inputs = None
                ne = fn.next_edges_
                n = fn.num_next_edges()
                for i in range(n):
                    nf = ne[2 * i]
                    if nf is None:
                        continue
                    if captures is not None and nf not in needed and nf not in captures:
                        # torch's should_execute: a node that neither runs
                        # nor captures is never queued, so its tensor
                        # pre-hooks do not fire
                        outputs[i] = None
                        continue
                    g = outputs[i]
                    # moved into the buffer, as torch's engine moves each
                    # output: a buffer may then own it (_accumulate_buffer)
                    outputs[i] = None
                    if g is not None:
                        nr = ne[2 * i + 1]
                        buf = task.buffer(nf)
                        _accumulate_buffer(buf, nr, g)
                        g = None
                    if task.add_deps(nf, -1) == 0:
                        task.make_ready(ready, nf)
        finally:
            fp_quiet_end(quiet)
            gm.grad_enabled = prev_grad_mode
            if saved_hooks_epoch() != hooks_epoch:
                restore_saved_hooks_state(hooks_state)
        # NOTE [ Final callbacks ]
        # As torch's GraphTask::exec_post_processing: after the last node,
        # with this task still current (a callback may queue another, which
        # runs in turn), only when every node ran without raising.
        # DistributedDataParallel waits for its gradient all-reduces here.
        if task.final_callbacks is not None:
            i = 0
            while i < len(task.final_callbacks):
                task.final_callbacks[i]()
                i += 1
    finally:
        cya_current_graph_task = prev_task
        cya_checkpoint_invalid = prev_checkpoint_invalid
        if filter_set:
            swap_exec_filter(prev_filter)
        task.release()
        if prev_task == NULL and capture_edges is None:
            forget_grad_versions()
        if t_exec != 0 and _profiling:
            _profile_record(None, t_exec, _now_ns())
    return captured


# NOTE [ Reentrant backward depth ]
# A backward called from inside a running backward (a custom Function's
# backward, a hook, the reentrant checkpoint) nests one more execution on
# this thread's stack. As torch's engine (MAX_DEPTH, its reentrant worker
# threads), once that nesting is _MAX_REENTRANT_DEPTH deep the execution
# runs on a fresh thread instead, which starts with an empty stack (and
# Python recursion count) and carries the caller's thread-local state: grad
# and inference mode, the saved tensor hooks, checkpoint validity, and the
# caller's execution as its parent (so nested bookkeeping stays nested). The
# caller waits for it; a raised exception passes through unchanged.
cdef extern from *:
    """
    #if defined(_MSC_VER)
    static __declspec(thread) int cya_reentrant_depth = 0;
    #else
    static __thread int cya_reentrant_depth = 0;
    #endif
    """
    int cya_reentrant_depth

cdef int _MAX_REENTRANT_DEPTH = 60


cdef list _run_execute(list root_edges, list root_grads, bint keep_graph, bint create_graph,
                       list capture_edges, bint accumulate_grad):
    """_execute, nested on this thread or, past the reentrant depth limit, on
    a fresh one (NOTE [ Reentrant backward depth ])."""
    global cya_reentrant_depth
    if cya_current_graph_task == NULL:
        return _execute(root_edges, root_grads, keep_graph, create_graph, capture_edges, accumulate_grad)
    if cya_reentrant_depth < _MAX_REENTRANT_DEPTH:
        cya_reentrant_depth += 1
        try:
            return _execute(root_edges, root_grads, keep_graph, create_graph, capture_edges, accumulate_grad)
        finally:
            cya_reentrant_depth -= 1
    return _execute_on_thread(root_edges, root_grads, keep_graph, create_graph, capture_edges,
                              accumulate_grad)


cdef list _execute_on_thread(list root_edges, list root_grads, bint keep_graph, bint create_graph,
                             list capture_edges, bint accumulate_grad):
    """_execute on a fresh thread (NOTE [ Reentrant backward depth ]). Its own
    function: the worker closure makes Cython allocate a scope object on
    every call of the function that defines it, which _run_execute, called
    by every backward, must not pay."""
    import threading
    cdef cya_grad_mode_t* gm = grad_mode_state()
    state = (gm.grad_enabled, gm.inference_mode, saved_hooks_state(), cya_checkpoint_invalid,
             <object>cya_current_graph_task)
    box = [None, None]

    def worker():
        global cya_current_graph_task, cya_checkpoint_invalid
        cdef cya_grad_mode_t* wgm = grad_mode_state()
        wgm.grad_enabled = state[0]
        wgm.inference_mode = state[1]
        restore_saved_hooks_state(state[2])
        cya_checkpoint_invalid = state[3]
        cya_current_graph_task = <PyObject*>state[4]   # the parent execution, alive while the caller waits
        try:
            box[0] = _execute(root_edges, root_grads, keep_graph, create_graph, capture_edges,
                              accumulate_grad)
        except BaseException as e:   # noqa: B036 - handed to the waiting caller
            box[1] = e
        finally:
            cya_current_graph_task = NULL
            restore_saved_hooks_state(None)

    th = threading.Thread(target=worker, name="cyautograd reentrant backward")
    th.start()
    th.join()
    if box[1] is not None:
        err = box[1]
        box[1] = None
        raise err
    return box[0]


cdef object _needed_nodes(list root_edges, dict captures, bint accumulate_grad):
    """Nodes that must run: those with a path to a capture node (exec_info)."""
    cdef Node fn, nf
    cdef Edge e
    cdef Py_ssize_t i
    cdef tuple ne
    needed = set()
    order = []
    seen = set()
    stack = [(e.function, False) for e in root_edges if e.function is not None]
    while stack:
        fn, done = stack.pop()
        if done:
            order.append(fn)
            continue
        if fn in seen:
            continue
        seen.add(fn)
        stack.append((fn, True))
        ne = fn.next_edges_
        for i in range(0, len(ne), 2):
            if ne[i] is not None and ne[i] not in seen:
                stack.append((ne[i], False))
    for fn in order:  # post-order: children first
        if accumulate_grad and fn in captures:
            # backward(inputs=...): an input's own node runs too, a leaf's
            # AccumulateGrad or a non-leaf's grad_fn (torch's init_to_execute
            # marks every output edge's function needed), so it releases its
            # saved variables as any node that ran
            needed.add(fn)
            continue
        ne = fn.next_edges_
        for i in range(0, len(ne), 2):
            nf = ne[i]
            if nf is not None and (nf in needed or nf in captures):
                needed.add(fn)
                break
    return needed


# NOTE [ The order of backward's argument checks ]
# torch.autograd.backward/grad turn grad_tensors into a tuple (None: one None
# per output), then _make_grads walks zip(outputs, grads) -- the pairs up to
# the shorter of the two -- checking per pair that the output is a Tensor (or
# a GradientEdge: AssertionError) and then the gradient's type (TypeError
# "gradients can be either Tensors or None"), its shape and dtype. Only then
# does the engine compare the counts: "got 2 tensors and 1 gradients" when
# there are fewer gradients than outputs; extra gradients were dropped by the
# zip. So a bad gradient type is reported before a count mismatch, and an
# output that is not a Tensor only where it has a gradient partner.
cdef list _make_grads(tuple outputs, tuple grads, bint create_graph):
    cdef list result = []
    cdef Py_ssize_t i
    cdef Tensor out, g
    for i in range(min(len(outputs), len(grads))):
        if not isinstance(outputs[i], Tensor):
            result.append(_make_edge_grad(outputs[i], grads[i], i, create_graph))
            continue
        out = outputs[i]
        grad = grads[i]
        if grad is None:
            if tensor_requires_grad(out):
                if out.data_.size != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                # (a float numpy array answers in C, without the method call)
                if not (cnp.PyArray_CheckExact(out.data_)
                        and (<cnp.dtype>cnp.PyArray_DESCR(<cnp.ndarray>out.data_)).kind == b'f') \
                        and not out.is_floating_point():
                    raise RuntimeError("grad can be implicitly created only for real scalar outputs "
                                       f"but got {out.dtype!r}")
                arr = k_ones_like(out.data_)
                if not create_graph:
                    note_implicit_root_grad(arr)
                result.append(wrap_array(arr) if create_graph else arr)
            else:
                result.append(None)
        elif isinstance(grad, Tensor):
            g = grad
            if g.data_.shape != out.data_.shape:
                raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of "
                                   f"{_shape_repr(g.data_.shape)} and output[{i}] has a shape of "
                                   f"{_shape_repr(out.data_.shape)}.")
            if not create_graph:
                note_root_grad(g.data_, g)   # NOTE [ The version of a leaf's first gradient ]
            result.append(g if create_graph else g.data_)
        else:
            raise TypeError("gradients can be either Tensors or None, but got " + type(grad).__name__)
    return result


# NOTE [ GradientEdge outputs and inputs ]
# torch.autograd.grad/backward take a GradientEdge (node, output_nr) --
# torch.autograd.graph.get_gradient_edge(t) -- wherever they take a tensor:
# as an input, the gradient flowing into that edge is captured (even after
# the tensor was modified in place, which moves the tensor to a new node);
# as an output, the backward starts at that edge, its shape and dtype read
# from the node's input metadata (torch's _make_grads, out.node._input_metadata).
cdef object _GradientEdge = None


cdef bint _is_edge(object o):
    """isinstance(o, torch.autograd.graph.GradientEdge); asked of non-tensors only."""
    global _GradientEdge
    if _GradientEdge is None:
        from cyautograd.autograd.graph import GradientEdge
        _GradientEdge = GradientEdge
    return isinstance(o, _GradientEdge)


cdef Edge _edge_of(object ge):
    if not isinstance(ge.node, Node):
        raise TypeError(f"GradientEdge.node must be a graph Node, not {type(ge.node).__name__}")
    return make_edge(<Node>ge.node, ge.output_nr)


cdef object _make_edge_grad(object out, object grad, Py_ssize_t i, bint create_graph):
    """_make_grads for a GradientEdge output."""
    cdef Node fn
    cdef tuple meta
    if not _is_edge(out):
        raise AssertionError("Expected output to be a torch.Tensor")
    fn = _edge_of(out).function
    meta = fn.input_metadata(out.output_nr)
    if meta is None or meta[0] is None:
        raise RuntimeError(f"output[{i}] is a GradientEdge whose node records no input metadata")
    shape = tuple(meta[0])
    dt = meta[1] if meta[1] is not None else np.dtype(np.float32)
    if grad is None:
        for d in shape:
            if d != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
        if dt.kind != "f":
            raise RuntimeError("grad can be implicitly created only for real scalar outputs "
                               f"but got {_D._FROM_NP[dt]!r}")
        arr = np.ones(shape, dtype=dt)
        if not create_graph:
            note_implicit_root_grad(arr)
        return wrap_array(arr) if create_graph else arr
    if isinstance(grad, Tensor):
        if tuple((<Tensor>grad).data_.shape) != shape:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of "
                               f"{_shape_repr((<Tensor>grad).data_.shape)} and output[{i}] has a shape of "
                               f"{_shape_repr(shape)}.")
        return grad if create_graph else (<Tensor>grad).data_
    raise TypeError("gradients can be either Tensors or None, but got " + type(grad).__name__)


cdef tuple _as_tensor_tuple(obj, bint outputs, str who="grad"):
    """torch.autograd's `(x,) if is_tensor_like(x) or a GradientEdge else
    tuple(x)` (so None raises "'NoneType' object is not iterable"); inputs
    may also be a dict (its values; grad() returns a dict then). Outputs get
    the elements are checked by _make_grads, in order with their gradients;
    the inputs' element types where the engine reads them (_check_input), in
    order with their requires_grad."""
    if isinstance(obj, Tensor):
        return (obj,)
    if _is_edge(obj):
        return (obj,)
    if not outputs:
        if type(obj) is dict:
            return tuple(obj.values())
        if isinstance(obj, _Mapping):
            raise TypeError(f"`inputs` argument to `{who}()` must be a dict, not {type(obj).__name__}. "
                            "Other Mapping types are not supported.")
    return tuple(obj)


cdef _check_grad_count(tuple outs, list root_grads):
    """The engine's count check, after _make_grads (NOTE [ The order of
    backward's argument checks ])."""
    if len(root_grads) != len(outs):
        raise RuntimeError(f"got {len(outs)} tensors and {len(root_grads)} gradients")


cdef _check_input(object t):
    if not isinstance(t, Tensor) and not _is_edge(t):
        raise RuntimeError(f"all inputs have to be Tensors or GradientEdges, but got {type(t).__name__}")


# NOTE [ The engine's flags are bytes ]
# torch.autograd.backward/grad hand retain_graph, create_graph and
# allow_unused to the C engine's run_backward, which reads them with
# CPython's "b" format (an unsigned char through __index__): a str or float
# there is a TypeError, a negative or huge int an OverflowError -- after
# the gradients were made, before any node runs. A bool costs two compares.
cdef object _byte_flag(object v):
    if v is True or v is False:
        return v
    i = _operator_index(v)
    if i < -0x8000000000000000 or i > 0x7FFFFFFFFFFFFFFF:
        raise OverflowError("Python int too large to convert to C long")
    if i < 0:
        raise OverflowError("unsigned byte integer is less than minimum")
    if i > 255:
        raise OverflowError("unsigned byte integer is greater than maximum")
    return i != 0


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
             grad_variables=None, inputs=None):
    """Computes the sum of gradients of `tensors` w.r.t. graph leaves."""
    cdef tuple outs = _as_tensor_tuple(tensors, True)
    cdef Py_ssize_t i
    cdef Tensor t
    if grad_variables is not None:
        grad_tensors = grad_variables
    if inputs is not None:
        ins = _as_tensor_tuple(inputs, False, "backward")
        if len(ins) == 0:
            raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    else:
        ins = None
    if grad_tensors is None:
        grads = (None,) * len(outs)
    elif isinstance(grad_tensors, Tensor):
        grads = (grad_tensors,)
    else:
        grads = tuple(grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    root_grads = _make_grads(outs, grads, create_graph)
    if _functorch_depth:
        _backward_in_transform()
    retain_graph = _byte_flag(retain_graph)      # NOTE [ The engine's flags are bytes ]
    create_graph = _byte_flag(create_graph)
    _check_grad_count(outs, root_grads)
    global _warned_create_graph
    if create_graph and (not _warned_create_graph or _warn_always_enabled()):
        # torch warns once per process (TORCH_WARN_ONCE): every time while
        # set_warn_always(True) is in effect
        _warned_create_graph = True
        warnings.warn(
            "Using backward() with create_graph=True will create a reference cycle between the "
            "parameter and its gradient which can cause a memory leak. We recommend using "
            "autograd.grad when creating the graph to avoid this. If you have to use this function, "
            "make sure to reset the .grad fields of your parameters to None after use to break the "
            "cycle and avoid the leak.", UserWarning, stacklevel=3)
    root_edges = _root_edges(outs)
    if ins is None:
        _run_execute(root_edges, root_grads, retain_graph, create_graph, None, True)
        return
    cap_edges = []
    for inp in ins:
        _check_input(inp)      # before it meets a typed variable
        if not isinstance(inp, Tensor):
            cap_edges.append(_edge_of(inp))
            continue
        # as torch's run_backward: every input retains its grad (a no-op on
        # leaves), so a non-leaf input's .grad is filled by its retains-grad
        # hook and it reports retains_grad afterwards
        _retain_grad(inp)
        cap_edges.append(_input_edge(inp))
    try:
        _run_execute(root_edges, root_grads, retain_graph, create_graph, cap_edges, True)
    finally:
        if cya_current_graph_task == NULL:
            forget_grad_versions()


cdef list _root_edges(tuple outs):
    """The gradient edges of the tensors backward starts from."""
    cdef list edges = []
    cdef Py_ssize_t i
    for i in range(len(outs)):
        if not isinstance(outs[i], Tensor):
            edges.append(_edge_of(outs[i]))   # NOTE [ GradientEdge outputs and inputs ]
            continue
        if not tensor_requires_grad(<Tensor>outs[i]):
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
        edges.append(gradient_edge(<Tensor>outs[i]))
    return edges


cdef Edge _input_edge(Tensor t):
    if not tensor_requires_grad(t):
        raise RuntimeError("One of the differentiated Tensors does not require grad")
    return gradient_edge(t)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Computes and returns the sum of gradients of outputs w.r.t. inputs."""
    cdef tuple outs = _as_tensor_tuple(outputs, True)
    cdef tuple ins = _as_tensor_tuple(inputs, False)
    cdef Py_ssize_t i
    cdef Tensor t
    if materialize_grads and allow_unused is False:
        raise ValueError("Expected allow_unused to be True or not passed when materialize_grads=True, "
                         "but got: allow_unused=False.")
    if allow_unused is None:
        allow_unused = materialize_grads
    if len(ins) == 0:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    if grad_outputs is None:
        gouts = (None,) * len(outs)
    elif isinstance(grad_outputs, Tensor):
        gouts = (grad_outputs,)
    else:
        gouts = tuple(grad_outputs)
    if retain_graph is None:
        retain_graph = create_graph
    if is_grads_batched:
        return _grad_batched(outs, ins, gouts, retain_graph, create_graph, allow_unused, materialize_grads)
    root_grads = _make_grads(outs, gouts, create_graph)
    gouts = gouts[:len(root_grads)]
    retain_graph = _byte_flag(retain_graph)      # NOTE [ The engine's flags are bytes ]
    create_graph = _byte_flag(create_graph)
    allow_unused = _byte_flag(allow_unused)
    _check_grad_count(outs, root_grads)
    root_edges = _root_edges(outs)
    cap_edges = []
    for inp in ins:
        _check_input(inp)      # before it meets a typed variable
        cap_edges.append(_input_edge(inp) if isinstance(inp, Tensor) else _edge_of(inp))
    try:
        captured = _run_execute(root_edges, root_grads, retain_graph, create_graph, cap_edges, False)
    except BaseException:
        if cya_current_graph_task == NULL:
            forget_grad_versions()
        raise
    cdef dict known = None if create_graph else _known_arrays(gouts)
    cdef cya_grad_mode_t* gm = grad_mode_state()
    cdef int prev_grad_mode
    result = []
    for i in range(len(ins)):
        g = captured[i]
        if g is None:
            if materialize_grads:
                if not isinstance(ins[i], Tensor):
                    raise RuntimeError("materialize_grads cannot be used when the given input is a GradientEdge")
                # torch: zeros_like(input, requires_grad=create_graph), a new leaf
                t = wrap_array(np.zeros_like((<Tensor>ins[i]).data_))
                if create_graph:
                    _set_requires_grad_internal(t, True)
                result.append(t)
                continue
            elif not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {i} appears to not have been used in the graph. "
                    "Set allow_unused=True if this is the desired behavior.")
            else:
                result.append(None)
                continue
        if isinstance(g, Tensor):
            result.append(g)
        else:
            # the views are made as torch's backward made them: grad mode off
            prev_grad_mode = gm.grad_enabled
            gm.grad_enabled = 0
            try:
                result.append(_wrap_grad(_to_array(g), known))
            finally:
                gm.grad_enabled = prev_grad_mode
    if cya_current_graph_task == NULL:
        forget_grad_versions()
    if type(inputs) is dict:
        return dict(zip(inputs.keys(), result))
    return tuple(result)


cdef Py_ssize_t _first_index(tuple seq, object item):
    # list.index's answer for a tuple of tensors: the first entry that is item
    cdef Py_ssize_t k
    for k in range(len(seq)):
        if seq[k] is item:
            return k
    return -1


def _grad_batched(tuple outs, tuple ins, tuple gouts, retain_graph, create_graph, allow_unused,
                  materialize_grads):
    """is_grads_batched=True: the first dimension of every grad_output is a
    batch; torch vmaps the backward over it, here it is a loop whose
    results are stacked (a None where no batch entry reached an input)."""
    from cyautograd import stack
    cdef Py_ssize_t n = -1, b, i
    # torch's _make_grads(is_grads_batched=True) first: each grad_output's
    # first entry against its output (the message strips the batch dimension
    # off that entry once more, as torch's _calculate_shape does), an absent
    # one for a scalar output made from ones (unbatched); then vmap's checks
    # of the batch dimensions
    batched = []
    for i in range(min(len(outs), len(gouts))):
        go = gouts[i]
        if isinstance(go, Tensor) and isinstance(outs[i], Tensor):
            if (<Tensor>go).data_.ndim == 0:
                raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
            if (<Tensor>go).data_.shape[1:] != (<Tensor>outs[i]).data_.shape:
                raise RuntimeError(
                    "If `is_grads_batched=True`, we interpret the first dimension of each grad_output as "
                    "the batch dimension. The sizes of the remaining dimensions are expected to match the "
                    "shape of corresponding output, but a mismatch was detected: grad_output["
                    f"{_first_index(gouts, go)}] has a shape of {_shape_repr((<Tensor>go).data_.shape[2:])} "
                    f"and output[{_first_index(outs, outs[i])}] has a shape of "
                    f"{_shape_repr((<Tensor>outs[i]).data_.shape)}. If you only want some tensors in "
                    "`grad_output` to be considered batched, consider using vmap.")
        elif go is None and isinstance(outs[i], Tensor):
            made = _make_grads((outs[i],), (None,), True)[0]
            if made is not None:
                go = made
        batched.append(go)
    gouts = tuple(batched) + gouts[len(batched):]
    sizes = []
    for go in gouts:
        if isinstance(go, Tensor):
            if (<Tensor>go).data_.ndim == 0:
                raise ValueError("vmap(vjp, in_dims=0, ...)(<inputs>): Got in_dim=0 for some input, but that "
                                 "input is a Tensor of dimensionality 0 so expected in_dim to satisfy "
                                 "0 <= in_dim < 0.")
            sizes.append((<Tensor>go).data_.shape[0])
    if sizes and any(sz != sizes[0] for sz in sizes):
        raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                         f"{sizes} for the mapped dimension")
    if sizes:
        n = sizes[0]
    if n < 0:
        raise RuntimeError("autograd.grad with is_grads_batched=True needs batched grad_outputs")
    per = []
    for b in range(n):
        gb = tuple([go[b] if isinstance(go, Tensor) else go for go in gouts])
        per.append(grad(outs, ins, gb, True if b < n - 1 else retain_graph, create_graph,
                        True, allow_unused, False, materialize_grads))
    result = []
    for i in range(len(ins)):
        col = [r[i] for r in per]
        if all(c is None for c in col):
            result.append(None)
            continue
        col = [c if c is not None else wrap_array(np.zeros_like((<Tensor>ins[i]).data_)) for c in col]
        result.append(stack(col))
    return tuple(result)


# NOTE [ Gradients as torch returns them ]
# Without create_graph gradients flow through the engine as plain arrays,
# but autograd.grad returns them as torch's formulas left them: the very
# grad_outputs tensor where it flowed through unchanged (AddBackward0,
# CloneBackward0, ...), a view where a formula ends in a view (SumBackward0's
# expand, ViewBackward0's view, TBackward0, ...), else a fresh tensor. The
# formulas keep numpy's view-ness equal to torch's: an array that views
# another is exactly a gradient torch has as a view, so wrapping maps
#   an array that is a grad_output's own array -> that tensor itself;
#   an array that views another (its owner)    -> a view whose _base is the
#       tensor over the owner: a grad_output (its root base) or one
#       tensor made once per owner;
#   any other array                            -> a fresh tensor.
cdef dict _known_arrays(tuple gouts):
    """{id(array): tensor} for the grad_outputs: each one's own array, and
    the owner of its memory mapped to its root base (what _base names)."""
    cdef dict known = {}
    cdef Tensor t
    for go in gouts:
        if not isinstance(go, Tensor):
            continue
        t = <Tensor>go
        known.setdefault(id(t.data_), t)
        root = t._base
        if root is None:
            root = t
        known.setdefault(id(_owner((<Tensor>root).data_)), root)
    return known


cdef inline object _owner(object arr):
    """The array whose memory arr views (arr itself if it owns its data)."""
    while type(arr) is np.ndarray and type(arr.base) is np.ndarray:
        arr = arr.base
    return arr


cdef Tensor _wrap_grad(object arr, dict known):
    cdef Tensor t = known.get(id(arr))
    if t is not None:
        return t
    owner = _owner(arr)
    if owner is arr:
        t = wrap_array(arr)
        known[id(arr)] = t
        _set_version(t, grad_version(arr))
        return t
    base = known.get(id(owner))
    if base is None:
        base = wrap_array(owner)
        known[id(owner)] = base
        _set_version(<Tensor>base, grad_version(owner))
    t = make_view(<Tensor>base, arr, CYA_CREATION_META_DEFAULT)
    known[id(arr)] = t
    return t


cdef inline void _set_version(Tensor t, Py_ssize_t version):
    if version:
        version_counter_of(t).c.version = version


def _tensor_backward(input, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    cdef Tensor self = tensor_arg(input, "backward", "self", 1)
    if inputs is None and not create_graph and (gradient is None or isinstance(gradient, Tensor)):
        # Tensor.backward's common form, without backward()'s argument handling
        outs = (self,)
        root_grads = _make_grads(outs, (gradient,), False)
        if _functorch_depth:
            _backward_in_transform()
        keep = False if retain_graph is None else _byte_flag(retain_graph)   # NOTE [ The engine's flags are bytes ]
        _run_execute(_root_edges(outs), root_grads, keep, False, None, True)
        return
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)
