"""cyautograd.ops.aten, shaped like torch.ops.aten: one OpOverloadPacket per
op name (``cyautograd.ops.aten.mm``), whose attributes are its overloads
(``.default``, ``.Tensor``, ``.Scalar``, ...).

NOTE [ Op identity ]
torch names an op by its ATen overload (torch.ops.aten.mul.Tensor); what a
selective-checkpoint policy receives (NOTE [ Selective activation
checkpointing ] in utils/checkpoint.py) is such an object, and user code
compares it with ``op in [torch.ops.aten.mm.default, ...]`` or uses it as a
dict key. cyautograd has one implementation per op name and no overloads,
so an overload here is identified by its packet: ``aten.add.Tensor ==
aten.add.Scalar`` and both hash alike, while each keeps its own name for
printing (``str(op)`` is torch's ``aten.add.Tensor``). The objects are made
on first access and interned, so ``is`` works too. Calling one runs the
cyautograd op of that name.
"""

__all__ = ["OpOverload", "OpOverloadPacket"]

# hooked names whose ATen op is named otherwise
ATEN_NAMES = {
    "truediv": "div", "rtruediv": "div", "rpow": "pow", "iadd": "add_", "isub": "sub_", "imul": "mul_",
    "itruediv": "div_", "view1": "view", "numpy_T": "permute", "negative": "neg", "reshape": "view",
    "reshape_as": "view", "view_as": "view", "flatten": "view", "unflatten": "view", "expand_as": "expand",
    "swapaxes": "transpose", "movedim": "permute", "to": "_to_copy", "float": "_to_copy",
    "double": "_to_copy", "half": "_to_copy", "int": "_to_copy", "long": "_to_copy", "bool": "_to_copy",
    "type_as": "_to_copy", "cpu": "_to_copy", "square": "pow", "getitem": "index", "chunk": "split",
    "softmax": "_softmax", "log_softmax": "_log_softmax", "norm": "linalg_vector_norm",
    "nll_loss": "nll_loss_forward", "subtract": "sub", "multiply": "mul", "divide": "div",
    # torch.tensor(data) / x.new_tensor(data) build the tensor outside dispatch, then lift_fresh it
    "tensor": "lift_fresh", "new_tensor": "lift_fresh",
}


def aten_name(name):
    """The ATen op name of a cyautograd op or Tensor operator hook name
    (``truediv`` -> ``div``)."""
    return ATEN_NAMES.get(name, name)


_packets = {}


class OpOverloadPacket:
    """All the overloads of one op name (``torch.ops.aten.mm``)."""

    __slots__ = ("_qualified_op_name", "__name__", "_overloads")

    def __init__(self, name):
        self._qualified_op_name = f"aten::{name}"
        self.__name__ = name
        self._overloads = {}

    def __getattr__(self, overload):
        if overload.startswith("__"):
            raise AttributeError(overload)
        op = self._overloads.get(overload)
        if op is None:
            op = self._overloads[overload] = OpOverload(self, overload)
        return op

    def __repr__(self):
        return f"<OpOverloadPacket(op='aten.{self.__name__}')>"

    def __str__(self):
        return f"aten.{self.__name__}"

    def __call__(self, *args, **kwargs):
        return _resolve(self.__name__)(*args, **kwargs)


class OpOverload:
    """One overload of an op (``torch.ops.aten.mm.default``); equal to every
    other overload of its packet (NOTE [ Op identity ])."""

    __slots__ = ("overloadpacket", "_overloadname", "__name__")

    def __init__(self, packet, overload):
        self.overloadpacket = packet
        self._overloadname = overload
        self.__name__ = f"{packet.__name__}.{overload}"

    def name(self):
        """torch's ``aten::mm`` / ``aten::add.Tensor``."""
        base = self.overloadpacket._qualified_op_name
        return base if self._overloadname == "default" else f"{base}.{self._overloadname}"

    def __eq__(self, other):
        if isinstance(other, OpOverload):
            return other.overloadpacket is self.overloadpacket
        return NotImplemented

    def __hash__(self):
        return hash(("aten", self.overloadpacket.__name__))

    def __repr__(self):
        return f"<OpOverload(op='aten.{self.overloadpacket.__name__}', overload='{self._overloadname}')>"

    def __str__(self):
        return f"aten.{self.__name__}"

    def __call__(self, *args, **kwargs):
        return _resolve(self.overloadpacket.__name__)(*args, **kwargs)


def _resolve(name):
    import cyautograd
    f = getattr(cyautograd, name, None)
    if f is None:
        from cyautograd.nn import functional as F
        f = getattr(F, name, None)
    if f is None:
        raise RuntimeError(f"aten::{name}: cyautograd has no op of this name")
    return f


def _packet(name):
    p = _packets.get(name)
    if p is None:
        p = _packets[name] = OpOverloadPacket(name)
    return p


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _packet(name)
