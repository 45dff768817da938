# cython: language_level=3
# Hook dispatch for the engine (see NOTE [ Hook dicts ] in python_hook.pyx).
from cyautograd.graph cimport Node

cdef list call_tensor_pre_hooks(Node fn, list inputs)
cdef list call_pre_hooks(Node fn, list inputs)
cdef list call_post_hooks(Node fn, list outputs, list inputs)
cdef void set_functorch_depth(int depth) noexcept   # engine's count (NOTE [ Functorch transform depth ])
