# cython: language_level=3
from cyautograd.graph cimport Node
from cyautograd.tensor cimport Tensor

# torch::autograd::AccumulateGrad: the node at the end of every path to a
# leaf; adds the incoming gradient into variable.grad. Held weakly by the
# leaf (AutogradMeta.grad_accumulator_) and strongly by the graph.
cdef class AccumulateGrad(Node):
    cdef readonly Tensor variable   # the leaf whose .grad this node fills
    cdef object dtype_at_creation   # the leaf's dtype when made (set_data resets on change)
