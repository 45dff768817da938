"""Parameter: a leaf Tensor that requires grad by default."""
from cyautograd.tensor import Tensor, _rebuild


class Parameter(Tensor):
    """Parameter(data=None, requires_grad=True)"""

    def __new__(cls, data=None, requires_grad=True):
        import cyautograd
        if data is None:
            data = cyautograd.empty(0)
        if requires_grad and isinstance(data, Tensor) and not data.is_floating_point():
            # torch's _make_subclass words it with a capital O
            raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                               "gradients")
        p = Tensor.__new__(cls)
        p._cya_init(data, requires_grad)
        return p

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    def __reduce_ex__(self, proto):
        # pickling keeps the class, requires_grad and custom attributes; the
        # data pickles as a tensor (its whole storage, as torch's self.data)
        return (_rebuild_parameter, (self.detach(), bool(self.requires_grad), dict(self.__dict__) or None))

    def __deepcopy__(self, memo):
        # torch's Parameter.__deepcopy__: a clone of the data with the same
        # requires_grad; the gradient is not copied
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.data.clone(), self.requires_grad)
        memo[id(self)] = result
        return result


def _rebuild_parameter(data, requires_grad, state=None):
    # data: a tensor, or the ndarray older pickles hold
    p = Parameter(data if isinstance(data, Tensor) else _rebuild(data, False), requires_grad)
    if state:
        p.__dict__.update(state)
    return p
