"""The deprecated hook form of spectral normalization, as torch.nn.utils.spectral_norm:
``weight = weight_orig / sigma``, sigma the largest singular value estimated by power
iteration on the buffers ``weight_u``/``weight_v`` (refined in place in training mode) by
a forward pre-hook.  The parametrization form is nn.utils.parametrizations.spectral_norm.

torch also registers a state_dict hook (recording the format version in the state dict's
metadata) and a load pre-hook (converting state dicts of the pre-1.0 format, which lack
``weight_v``); nn.Module has no such hooks here yet, so neither is registered: state dicts
of the current format save and load the same keys and values as torch's."""
from cyautograd.grad_mode import no_grad
from cyautograd.nn.parameter import Parameter

__all__ = ["SpectralNorm", "spectral_norm", "remove_spectral_norm"]


def _T():
    import cyautograd
    return cyautograd


def _normalize(x, eps):
    from cyautograd.nn import functional as F
    return F.normalize(x, dim=0, eps=eps)


class SpectralNorm:
    _version = 1

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        weight_mat = weight
        if self.dim != 0:
            weight_mat = weight_mat.permute(self.dim, *[d for d in range(weight_mat.dim())
                                                        if d != self.dim])
        return weight_mat.reshape(weight_mat.size(0), -1)

    def compute_weight(self, module, do_power_iteration):
        T = _T()
        weight = getattr(module, self.name + "_orig")
        u = getattr(module, self.name + "_u")
        v = getattr(module, self.name + "_v")
        weight_mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with no_grad():
                for _ in range(self.n_power_iterations):
                    v.copy_(_normalize(T.mv(weight_mat.t(), u), self.eps))
                    u.copy_(_normalize(T.mv(weight_mat, v), self.eps))
                # the buffers change in place at the next forward: the graph keeps copies
                u = u.clone()
                v = v.clone()
        sigma = T.dot(u, T.mv(weight_mat, v))
        return weight / sigma

    def remove(self, module):
        with no_grad():
            weight = self.compute_weight(module, do_power_iteration=False)
        delattr(module, self.name)
        delattr(module, self.name + "_u")
        delattr(module, self.name + "_v")
        delattr(module, self.name + "_orig")
        module.register_parameter(self.name, Parameter(weight.detach()))

    def __call__(self, module, inputs):
        setattr(module, self.name,
                self.compute_weight(module, do_power_iteration=module.training))

    @staticmethod
    def apply(module, name, n_power_iterations, dim, eps):
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError("Cannot register two spectral_norm hooks on the same "
                                   f"parameter {name}")
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = module._parameters[name]
        if weight is None:
            raise ValueError(f"`SpectralNorm` cannot be applied as parameter `{name}` is None")
        with no_grad():
            weight_mat = fn.reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            u = _normalize(weight.new_empty(h).normal_(0, 1), fn.eps)
            v = _normalize(weight.new_empty(w).normal_(0, 1), fn.eps)
        delattr(module, fn.name)
        module.register_parameter(fn.name + "_orig", weight)
        setattr(module, fn.name, weight.data)
        module.register_buffer(fn.name + "_u", u)
        module.register_buffer(fn.name + "_v", v)
        module.register_forward_pre_hook(fn)
        return fn


def _default_dim(module):
    nn = _T().nn
    transposed = tuple(getattr(nn, n) for n in ("ConvTranspose1d", "ConvTranspose2d",
                                                 "ConvTranspose3d") if hasattr(nn, n))
    return 1 if isinstance(module, transposed) else 0


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Spectral normalization by a forward pre-hook: ``name`` becomes
``name_orig / sigma``, sigma its largest singular value (of the weight as a matrix with
``dim`` first; default 0, 1 for transposed convolutions) estimated by
``n_power_iterations`` power iterations per training-mode forward on the buffers
``name_u``/``name_v`` (started from normal draws of the default generator).

>>> m = torch.nn.utils.spectral_norm(torch.nn.Linear(3, 2)); sorted(m.state_dict())
"""
    if dim is None:
        dim = _default_dim(module)
    SpectralNorm.apply(module, name, n_power_iterations, dim, eps)
    return module


def remove_spectral_norm(module, name="weight"):
    """Undoes ``spectral_norm``: ``name`` is a plain Parameter again, holding
the current normalized weight (no further power iteration).

>>> m = torch.nn.utils.remove_spectral_norm(torch.nn.utils.spectral_norm(torch.nn.Linear(3, 2))); sorted(m.state_dict())
"""
    for k, hook in module._forward_pre_hooks.items():
        if isinstance(hook, SpectralNorm) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[k]
            return module
    raise ValueError(f"spectral_norm of '{name}' not found in {module}")
