"""The deprecated hook form of weight normalization, as torch.nn.utils.weight_norm:
``weight`` is recomputed from ``weight_g`` (magnitude) and ``weight_v`` (direction) by a
forward pre-hook.  The parametrization form is nn.utils.parametrizations.weight_norm."""
import warnings

from cyautograd.nn.parameter import Parameter

__all__ = ["WeightNorm", "weight_norm", "remove_weight_norm"]


def _T():
    import cyautograd
    return cyautograd


def norm_except_dim(v, pow=2, dim=0):
    """The ``pow``-norm of ``v`` over every dimension but ``dim``, kept as size-1
    dimensions (``dim=-1``: the norm of the whole tensor, 0-d), as torch.norm_except_dim."""
    if dim == -1:
        return v.norm(pow)
    dim = dim % max(v.dim(), 1)
    others = tuple(d for d in range(v.dim()) if d != dim)
    if not others:
        return v.abs() if pow != 0 else (v != 0).to(v.dtype)
    return v.norm(pow, dim=others, keepdim=True)


def _weight_norm(v, g, dim=0):
    """``v * (g / ||v||)`` with the norm over every dimension but ``dim``.  As torch's: the
    fused kernel's one node (WeightNormInterfaceBackward0) when ``dim`` is the first or the
    last dimension, else the composite's nodes (``dim=-1``, the whole-tensor norm,
    included)."""
    def composite(v, g):
        return v * (g / norm_except_dim(v, 2, dim))
    if dim == 0 or (dim != -1 and dim == v.dim() - 1):
        from cyautograd.nn._named_nodes import named_composite
        return named_composite("WeightNormInterfaceBackward0", composite, v, g)
    return composite(v, g)


class WeightNorm:
    def __init__(self, name, dim):
        if dim is None:
            dim = -1
        self.name = name
        self.dim = dim

    def compute_weight(self, module):
        g = getattr(module, self.name + "_g")
        v = getattr(module, self.name + "_v")
        return _weight_norm(v, g, self.dim)

    @staticmethod
    def apply(module, name, dim):
        warnings.warn("`torch.nn.utils.weight_norm` is deprecated in favor of "
                      "`torch.nn.utils.parametrizations.weight_norm`.", FutureWarning,
                      stacklevel=3)
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError("Cannot register two weight_norm hooks on the same "
                                   f"parameter {name}")
        if dim is None:
            dim = -1
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        del module._parameters[name]
        module.register_parameter(name + "_g", Parameter(norm_except_dim(weight, 2, dim).data))
        module.register_parameter(name + "_v", Parameter(weight.data))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + "_g"]
        del module._parameters[self.name + "_v"]
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name="weight", dim=0):
    """Weight normalization by a forward pre-hook (deprecated in torch for
``nn.utils.parametrizations.weight_norm``): the parameter ``name`` is replaced by
``name_g`` (the magnitude, its norm over every dimension but ``dim``; ``dim=None``: the
whole tensor's) and ``name_v`` (the direction), and recomputed as ``g * v / ||v||``
before every forward.  Warns FutureWarning, as torch.

>>> m = torch.nn.utils.weight_norm(torch.nn.Linear(3, 2)); sorted(m.state_dict())
"""
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name="weight"):
    """Undoes ``weight_norm``: ``name`` is a plain Parameter again, holding
the current ``g * v / ||v||``.

>>> m = torch.nn.utils.remove_weight_norm(torch.nn.utils.weight_norm(torch.nn.Linear(3, 2))); sorted(m.state_dict())
"""
    for k, hook in module._forward_pre_hooks.items():
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[k]
            return module
    raise ValueError(f"weight_norm of '{name}' not found in {module}")
