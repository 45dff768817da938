"""The Tensor methods that torch writes in Python (torch/_tensor.py).

NOTE [ Tensor methods torch writes in Python ]
torch.Tensor's backward, __len__, __iter__, __array__, __dlpack__,
__dlpack_device__, is_shared, share_memory_ and unflatten are plain Python
functions of torch/_tensor.py, not C methods of TensorBase, and that shows
where they fail:
* an unbound call with a self that is not a Tensor runs the body, which fails
  on the first attribute it reads from self -- ``Tensor.__len__(None)`` is
  "'NoneType' object has no attribute 'dim'", an AttributeError (a C method
  descriptor checks self first: a TypeError); ``Tensor.backward(x)`` hands
  self on to torch.autograd.backward, which takes a sequence of tensors;
* their arity errors are Python's, naming ``Tensor.__array__()``;
* their bodies check before the native op parses anything (unflatten's
  "sizes must be non-empty").
Ours are the cdef class's methods (or ops), so install() puts these functions
in Tensor's type dict in their place, with torch's signatures; on a Tensor
they call the method they replace. (__iadd__ and __isub__ are C in torch,
its add_ and sub_ with a TypeError turned into NotImplemented: x.__iadd__(2, y)
binds add_'s deprecated alpha-first overload, NOTE [ The deprecated
alpha-first overloads ] in ops/pointwise.pyx; their one-argument form is
the slot's own. __rtruediv__ is torch's __rdiv__, self.reciprocal() * other
with a TypeError turned into NotImplemented; a number still takes the slot.) A dict entry written from C does not
touch the type's C slots, so len(x) and iter(x) still take the cdef class's
own slot functions (a Python subclass of Tensor, nn.Parameter, looks the
dunder up and calls these, with the same answers).
"""
from cyautograd import _arg_parser, engine as _engine
from cyautograd.tensor import Tensor, _register_method_override

__all__ = ["install"]


def _foreign(self, name, attr):
    """A non-Tensor `self` of the unbound method `name`: torch's body reads
    `attr` from it first (an AttributeError for everything but a look-alike,
    which gets the descriptor's own TypeError)."""
    getattr(self, attr)
    raise TypeError(f"descriptor '{name}' for 'Tensor' objects doesn't apply to a "
                    f"'{type(self).__name__}' object")


def _make():
    d = Tensor.__dict__

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        if isinstance(self, Tensor):
            return _engine._tensor_backward(self, gradient, retain_graph, create_graph, inputs)
        return _engine.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    len_ = d["__len__"]

    def __len__(self):
        if not isinstance(self, Tensor):
            _foreign(self, "__len__", "dim")
        return len_(self)

    iter_ = d["__iter__"]

    def __iter__(self):
        if not isinstance(self, Tensor):
            _foreign(self, "__iter__", "dim")
        return iter_(self)

    array_ = d["__array__"]

    # copy= is numpy 2's protocol (torch's __array__ lacks it, and numpy warns)
    def __array__(self, dtype=None, *, copy=None):
        if not isinstance(self, Tensor):
            _foreign(self, "__array__", "numpy")
        return array_(self, dtype, copy)

    dlpack_ = d["__dlpack__"]

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        if not isinstance(self, Tensor):
            _foreign(self, "__dlpack__", "requires_grad")
        return dlpack_(self, stream=stream, max_version=max_version,
                       dl_device=dl_device, copy=copy)

    dlpack_device_ = d["__dlpack_device__"]

    def __dlpack_device__(self):
        if not isinstance(self, Tensor):
            _foreign(self, "__dlpack_device__", "device")
        return dlpack_device_(self)

    is_shared_ = d["is_shared"]

    def is_shared(self):
        if not isinstance(self, Tensor):
            _foreign(self, "is_shared", "_typed_storage")
        return is_shared_(self)

    share_memory__ = d["share_memory_"]

    def share_memory_(self):
        if not isinstance(self, Tensor):
            _foreign(self, "share_memory_", "_typed_storage")
        return share_memory__(self)

    unflatten_ = d["unflatten"]

    def unflatten(self, dim, sizes):
        if not sizes:
            raise RuntimeError("unflatten: sizes must be non-empty")
        if not isinstance(self, Tensor):    # torch's super().unflatten(dim, sizes)
            raise TypeError("super(type, obj): obj must be an instance or subtype of type")
        try:
            return unflatten_(self, dim, sizes)
        except Exception:
            _arg_parser.reject("TensorBase.unflatten", (dim, sizes))
            raise

    def _inplace_dunder(name, method):
        slot = d[name]

        def f(self, *args, **kwargs):
            if not isinstance(self, Tensor):
                raise TypeError(f"descriptor '{name}' for 'torch._C.TensorBase' objects doesn't apply to a "
                                f"'{_arg_parser.tp_name(self)}' object")
            if len(args) == 1 and not kwargs:
                return slot(self, args[0])
            try:
                return d[method](self, *args, **kwargs)
            except TypeError:
                return NotImplemented
        f.__name__ = name
        return f

    rtruediv_ = d["__rtruediv__"]

    def __rtruediv__(self, other):
        # torch's __rdiv__ (torch/_tensor.py): self.reciprocal() * other, a TypeError
        # there NotImplemented; `other / self` takes other's own __truediv__ first, so
        # a Tensor `other` arrives here only from an explicit call
        if isinstance(other, Tensor) and isinstance(self, Tensor):
            return self.reciprocal() * other
        try:
            return rtruediv_(self, other)
        except TypeError:
            if not isinstance(self, Tensor):
                raise
            return NotImplemented

    out = {}
    for f in (__rtruediv__, _inplace_dunder("__iadd__", "add_"), _inplace_dunder("__isub__", "sub_"), backward, __len__, __iter__, __array__, __dlpack__, __dlpack_device__, is_shared,
              share_memory_, unflatten):
        g = d[f.__name__]
        f.__doc__ = getattr(g, "__doc__", None)
        f.__module__, f.__qualname__ = "cyautograd", "Tensor." + f.__name__
        out[f.__name__] = f
    return out


def install():
    """Replace the methods (NOTE [ Tensor methods torch writes in Python ]);
    called once, after the argument-parser guards are installed."""
    for name, f in _make().items():
        _register_method_override(name, f)
