"""Docstrings of Tensor methods that are not functions of the ``cyautograd``
namespace (those are in _torch_docs.py; the methods and properties of the
cdef class itself have theirs in tensor.pyx). Attached by cyautograd/_docs.py
(NOTE [ Where docstrings live ])."""

DOCS = {
    "Tensor.cuda": """A copy of this tensor on a CUDA device (``device``, default the current
one); the tensor itself when it is already there. Raises when no GPU backend
is available.

>>> torch.ones(2).cuda() if torch.cuda.is_available() else None""",
}
