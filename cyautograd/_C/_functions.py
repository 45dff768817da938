"""``cyautograd._C._functions``: torch's ``torch._C._functions``.

The node classes (``AccumulateGrad``, ``MulBackward0``, ``Error``, ...; every
graph node class cyautograd defines, by torch's name) for ``isinstance`` and
``type(...) is`` checks, and the two callable helper functions PyTorch's own
code uses: ``DelayedError(msg, num_inputs)`` (outputs whose backward raises
``msg``) and ``UndefinedGrad()`` (outputs whose backward gives an undefined,
None, gradient).

>>> x = torch.ones(2, requires_grad=True)
>>> type((x * 2).grad_fn.next_functions[0][0]) is torch._C._functions.AccumulateGrad
True
"""
from cyautograd.function import Error, Function, _delayed_error
from cyautograd.functions.accumulate_grad import AccumulateGrad
from cyautograd.grad_mode import enable_grad
from cyautograd.tensor import Tensor

# the two helpers; the node classes (AccumulateGrad, Error,
# UndefinedGradBackward, MulBackward0, ...) are attributes too, as torch's
__all__ = ["DelayedError", "UndefinedGrad"]


def _check_inputs(n, inputs):
    if len(inputs) != n:
        raise TypeError(f"expected {n} arguments, got {len(inputs)} instead")
    for i, a in enumerate(inputs):
        if a is not None and not isinstance(a, Tensor):
            raise TypeError(f"argument {i} is not a Variable")


class DelayedError:
    """``DelayedError(msg, num_inputs)``: called on ``num_inputs`` tensors
    (or None), gives back tensors sharing their data whose backward raises
    ``RuntimeError(msg)`` -- an ``Error`` node -- where an input requires
    grad (whatever the grad mode, as torch's C++ functions); None stays None.
    One input gives one tensor, several a tuple. It is how a backward that
    cannot be differentiated again fails only if someone tries.

    >>> x = torch.ones(2, requires_grad=True)
    >>> y = torch._C._functions.DelayedError("not twice", 1)(x)
    >>> y.grad_fn.name()
    'cyautograd::autograd::Error'
    >>> try:
    ...     y.sum().backward()
    ... except RuntimeError as e:
    ...     print(e)
    not twice
    """

    def __init__(self, *args):
        if len(args) != 2:
            raise RuntimeError(f"Requires two arguments, got {len(args)}")
        msg, n = args
        if not isinstance(msg, str):
            raise RuntimeError("argument 'msg' must be a string")
        if type(n) is not int:
            raise RuntimeError("argument 'num_inputs' must be an int")
        self.msg = msg
        self.num_inputs = n

    def __call__(self, *inputs):
        _check_inputs(self.num_inputs, inputs)
        outs = _delayed_error(self.msg, inputs)
        if outs is inputs:
            # none requires grad: fresh tensors over the same data, as
            # torch's (never the inputs themselves)
            outs = tuple(None if a is None else a.detach() for a in inputs)
        return outs[0] if len(outs) == 1 else outs


class _UndefinedGradFn(Function):
    @staticmethod
    def forward(ctx, *xs):
        outs = tuple(None if x is None else x.clone() for x in xs)
        return outs[0] if len(outs) == 1 else outs

    @staticmethod
    def backward(ctx, *grads):
        return (None,) * len(grads)


UndefinedGradBackward = _UndefinedGradFn._backward_cls
UndefinedGradBackward.__name__ = UndefinedGradBackward.__qualname__ = "UndefinedGradBackward"
UndefinedGradBackward.__module__ = __name__


def _undefined_grad_name(self):
    """The node's C++-style name, as torch's
    (``torch::autograd::UndefinedGradBackward``), in our namespace.

    >>> y = torch._C._functions.UndefinedGrad()(torch.ones(1, requires_grad=True))
    >>> y.grad_fn.name()
    'cyautograd::autograd::UndefinedGradBackward'
    """
    return "cyautograd::autograd::UndefinedGradBackward"


UndefinedGradBackward.name = _undefined_grad_name
UndefinedGradBackward.__doc__ = """The node of ``UndefinedGrad()``'s outputs: its backward gives every input
an undefined (None) gradient.

>>> y = torch._C._functions.UndefinedGrad()(torch.ones(1, requires_grad=True))
>>> type(y.grad_fn).__name__
'UndefinedGradBackward'
"""


class UndefinedGrad:
    """``UndefinedGrad()``: called on tensors, gives back copies (clones)
    whose backward passes an undefined gradient (None) on -- torch's way
    (``gradcheck``'s ``check_undefined_grad``) of checking that a backward
    copes with gradients that are not there. The copies get the node
    ``UndefinedGradBackward`` whatever the grad mode.

    >>> x = torch.ones(2, requires_grad=True)
    >>> y = torch._C._functions.UndefinedGrad()(x * 2)
    >>> type(y.grad_fn).__name__
    'UndefinedGradBackward'
    >>> torch.autograd.grad(y.sum(), x, allow_unused=True)
    (None,)
    """

    def __init__(self, *args):
        if args:
            raise RuntimeError(f"Requires zero arguments, got {len(args)}")

    def __call__(self, *inputs):
        _check_inputs(1, inputs)
        with enable_grad():
            return _UndefinedGradFn.apply(*inputs)


def _node_classes():
    from cyautograd.graph import Node
    out = {}
    todo = [Node]
    while todo:
        c = todo.pop()
        for s in c.__subclasses__():
            todo.append(s)
            n = s.__name__
            if not n.startswith("_") and n not in out:
                out[n] = s
    return out


def __getattr__(name):
    # the other node classes by torch's name (MulBackward0, ...), found
    # among the graph.Node subclasses the first time one is asked for
    cls = _node_classes().get(name)
    if cls is None:
        raise AttributeError(f"module 'cyautograd._C._functions' has no attribute '{name}'")
    return cls
