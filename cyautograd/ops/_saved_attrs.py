"""grad_fn._saved_<name> / _raw_saved_<name> of Function-made nodes.

NOTE [ Saved attributes of Function-made nodes ]
torch's generated nodes expose every field derivatives.yaml saves: a tensor
as ``_saved_<name>`` (unpacked: the backward-twice error once freed, None for
an undefined one) and ``_raw_saved_<name>`` (the SavedTensor object itself,
never None: an undefined one unpacks to None and refuses register_hooks);
scalars, int lists, optionals and strings as ``_saved_<name>`` alone, which
outlive backward. The ops made as custom Functions (ops/extra*.py, the named
composites of nn/_named_nodes.py) keep what their formulas need through
save_for_backward and ctx attributes; ``set_saved`` gives their backward
class torch's names as class properties (so dir(grad_fn) lists them) that
read those fields when accessed -- the forward does nothing more (NOTE [
Saved values are derived when read ] in pointwise.pyx). A tensor torch saves
that the node does not keep (layer_norm's mean/rstd, logsigmoid's buffer) is
derived from the saved inputs when read; its raw object then holds that
derived tensor (one already freed after backward).
"""
from cyautograd.saved_variable import saved_tensor_of
from cyautograd.tensor import Tensor


def _unpacked(node, i):
    if node._cya_released:
        # torch's words for a freed tensor; an undefined one still reads None
        return node._cya_raw_saved(i).unpack()
    st = node.saved_tensors
    return st[i] if i < len(st) else None


def set_saved(cls, tensors=None, scalars=None):
    """tensors: {torch's name: index into ctx.saved_tensors, or a function
    node -> Tensor/None deriving it}; scalars: {torch's name: function
    node -> value}. Both become properties of `cls` (a backward class)."""
    for name, src in (tensors or {}).items():
        if isinstance(src, int):
            setattr(cls, "_saved_" + name, property(lambda node, i=src: _unpacked(node, i)))
            setattr(cls, "_raw_saved_" + name, property(lambda node, i=src: node._cya_raw_saved(i)))
        else:
            def get(node, f=src):
                return f(node)   # (reading ctx.saved_tensors raises once freed)

            def raw(node, f=src):
                if node._cya_released:
                    return saved_tensor_of(None, True)
                v = f(node)
                return saved_tensor_of(v if isinstance(v, Tensor) else None)
            setattr(cls, "_saved_" + name, property(get))
            setattr(cls, "_raw_saved_" + name, property(raw))
    for name, f in (scalars or {}).items():
        setattr(cls, "_saved_" + name, property(f))


def attr(key, default=None):
    """A scalar read from ctx._cya_attrs (what the op recorded of its
    arguments), `default` where the op recorded none."""
    def get(node):
        a = getattr(node, "_cya_attrs", None)
        return a.get(key, default) if a else default
    return get


def add_raw(cls, names):
    """_raw_saved_<name> for tensors a class already exposes as _saved_<name>
    properties (derived or by position): the object holding what _saved_
    reads."""
    for name in names:
        prop = getattr(cls, "_saved_" + name)

        def raw(node, prop=prop):
            if node._cya_released:
                return saved_tensor_of(None, True)
            v = prop.__get__(node)
            return saved_tensor_of(v if isinstance(v, Tensor) else None)
        setattr(cls, "_raw_saved_" + name, property(raw))
