# cython: language_level=3
"""Whether the running code is a built-in backward formula (thread-local).

NOTE [ Scalar overloads inside backward formulas ]
torch's backward formulas are C++: ``grad * 2`` there calls ``mul.Scalar``
(node ``MulBackward1``, one next edge), where Python's ``t * 2`` wraps the 2
as a tensor and calls ``mul.Tensor`` (``MulBackward0``, two next edges, the
second None). cyautograd's formulas are the same Python/Cython code in both
roles, so under ``create_graph=True`` the engine turns this flag on around
the ``apply`` of every built-in node (never a custom Function's backward,
never hooks), and the arithmetic of a tensor with a Python scalar reads it
to make torch's Scalar-overload nodes: ``MulBackward1``, ``DivBackward1``,
``AddBackward1``, ``SubBackward1`` (ops/pointwise.pyx). User code that a
formula reaches -- saved-tensor unpack hooks, so also a non-reentrant
checkpoint's recomputation -- runs with the flag off
(saved_variable.pyx). The flag only names nodes: values, dtypes and
gradients are those of the Tensor overloads. Outside create_graph nothing
reads or writes it.
"""

cdef extern from *:
    """
    static __thread int cya_formula_mode = 0;
    static inline int cya_formula_mode_get(void) { return cya_formula_mode; }
    static inline int cya_formula_mode_swap(int v) { int p = cya_formula_mode; cya_formula_mode = v; return p; }
    """
    int cya_formula_mode_get() noexcept nogil
    int cya_formula_mode_swap(int v) noexcept nogil


cdef int formula_mode() noexcept nogil:
    return cya_formula_mode_get()


cdef int set_formula_mode(int enabled) noexcept nogil:
    """Set the flag; return its previous value (to restore)."""
    return cya_formula_mode_swap(enabled)


def _swap_formula_mode(bint enabled):
    """Set the flag from Python; return the previous value. For built-in
    formulas written as custom Functions (nn/_named_nodes.py), whose
    backward runs with the flag off like any custom Function's: they turn
    it on around their own arithmetic under create_graph.

    >>> from cyautograd._formula_mode import _swap_formula_mode
    >>> _swap_formula_mode(_swap_formula_mode(False))
    False
    """
    return cya_formula_mode_swap(enabled) != 0
