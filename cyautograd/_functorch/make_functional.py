"""torch._functorch.make_functional: functorch's (deprecated) stateless
modules. ``make_functional(model)`` returns ``(fmodel, params)`` where
``fmodel(params, *args)`` runs a copy of ``model`` with ``params`` in place of
its parameters; ``make_functional_with_buffers`` does the same with buffers;
``combine_state_for_ensemble`` stacks the state of same-class models for
``vmap``; ``functional_init``/``functional_init_with_buffers`` build
(ensembles of) models and return their state and a function of it.

NOTE [ Stateless copies and tied names ]
As torch's, the functional module holds a deep copy of the model, so the
returned ``params`` (the copy's own parameters, one per distinct tensor, in
``named_parameters()`` order) are not the model's: training them does not
touch ``model``. A tensor registered under several names (parameter tying) is
one entry of ``params`` and is swapped in under every name at call time, by
cyautograd.func.functional_call (tie_weights), which also restores the copy
afterwards, when the call raises too.
"""
import copy

import cyautograd as torch
from cyautograd.func import functional_call

__all__ = ["make_functional", "make_functional_with_buffers", "combine_state_for_ensemble",
           "functional_init", "functional_init_with_buffers", "FunctionalModule",
           "FunctionalModuleWithBuffers"]


def _unique(named):
    """(names, tensors) of the distinct tensors of ``named`` (first name each)."""
    names, tensors, seen = [], [], set()
    for n, t in named:
        if id(t) not in seen:
            seen.add(id(t))
            names.append(n)
            tensors.append(t)
    return tuple(names), tuple(tensors)


class FunctionalModule(torch.nn.Module):
    """The callable :func:`make_functional` returns: ``fmodel(params, *args,
    **kwargs)``."""

    def __init__(self, stateless_model, param_names):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names

    @staticmethod
    def _create_from(model, disable_autograd_tracking=False):
        model_copy = copy.deepcopy(model)
        names, params = _unique(model_copy.named_parameters())
        if disable_autograd_tracking:
            for p in params:
                p.requires_grad_(False)
        return FunctionalModule(model_copy, names), params

    def forward(self, params, *args, **kwargs):
        return functional_call(self.stateless_model, dict(zip(self.param_names, params)), args, kwargs)


class FunctionalModuleWithBuffers(torch.nn.Module):
    """The callable :func:`make_functional_with_buffers` returns:
    ``fmodel(params, buffers, *args, **kwargs)``."""

    def __init__(self, stateless_model, param_names, buffer_names):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names
        self.buffer_names = buffer_names

    @staticmethod
    def _create_from(model, disable_autograd_tracking=False):
        model_copy = copy.deepcopy(model)
        names, params = _unique(model_copy.named_parameters())
        bnames, buffers = _unique(model_copy.named_buffers())
        if disable_autograd_tracking:
            for p in params:
                p.requires_grad_(False)
        return FunctionalModuleWithBuffers(model_copy, names, bnames), params, buffers

    def forward(self, params, buffers, *args, **kwargs):
        state = dict(zip(self.param_names, params))
        state.update(zip(self.buffer_names, buffers))
        return functional_call(self.stateless_model, state, args, kwargs)


def make_functional(model, disable_autograd_tracking=False):
    """``(fmodel, params)`` for a model without buffers (NOTE [ Stateless
    copies and tied names ]); ``disable_autograd_tracking=True`` returns params
    that do not require grad.

    >>> from cyautograd._functorch.make_functional import make_functional
    >>> fmodel, params = make_functional(torch.nn.Linear(3, 2))
    >>> [tuple(p.shape) for p in params], tuple(fmodel(params, torch.ones(4, 3)).shape)
    ([(2, 3), (2,)], (4, 2))
    """
    if len(list(model.buffers())) > 0:
        raise RuntimeError("make_functional(model): `model` has buffers. Please use "
                           "make_functional_with_buffers(model) instead.")
    return FunctionalModule._create_from(model, disable_autograd_tracking=disable_autograd_tracking)


def make_functional_with_buffers(model, disable_autograd_tracking=False):
    """``(fmodel, params, buffers)``; ``fmodel(params, buffers, *args)``."""
    return FunctionalModuleWithBuffers._create_from(model, disable_autograd_tracking=disable_autograd_tracking)


def _stack_detached(per_model):
    return tuple(torch.stack(shards).detach() for shards in zip(*per_model))


def combine_state_for_ensemble(models):
    """``(fmodel, params, buffers)`` for ``vmap``-ensembling ``models`` (same
    class, same training mode): each entry of params/buffers stacks the
    models' tensors along a new first dimension (detached)."""
    if len(models) == 0:
        raise RuntimeError("combine_state_for_ensemble: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("combine_state_for_ensemble: Expected all models to have the same training/eval mode.")
    if not all(type(m) is type(models[0]) for m in models):
        raise RuntimeError("combine_state_for_ensemble: Expected all models to be of the same class.")
    funcs, params, buffers = zip(*[make_functional_with_buffers(m) for m in models])
    return funcs[0], _stack_detached(params), _stack_detached(buffers)


def _v1(model, with_buffers):
    """The original functorch API: (weights, [buffers,] fun, names, [buffer
    names]) where ``fun(weights, [buffers,] data)`` calls a fresh copy of
    ``model`` on the tuple ``data``."""
    wnames, weights = _unique(model.named_parameters())
    if not with_buffers:
        if len(list(model.buffers())) > 0:
            raise RuntimeError("make_functional_deprecated_v1(model): `model` has buffers. Please use "
                               "make_functional_with_buffers_deprecated_v1(model) instead.")

        def fun(weights, data):
            return functional_call(copy.deepcopy(model), dict(zip(wnames, weights)), tuple(data))
        return weights, fun, wnames
    bnames, buffers = _unique(model.named_buffers())

    def fun_b(weights, buffers, data):
        state = dict(zip(wnames, weights))
        state.update(zip(bnames, buffers))
        return functional_call(copy.deepcopy(model), state, tuple(data))
    return weights, buffers, fun_b, wnames, bnames


def _functional_init(model_class, ensemble_shape, device, with_buffers):
    def wrapped(*args, **kwargs):
        if len(ensemble_shape) >= 2:
            raise ValueError("NYI: ensemble_shape with more than 1 element")
        if len(ensemble_shape) == 0:
            # as torch's: one model is the buffer-less v1 API, with_buffers or not
            return _v1(model_class(*args, **kwargs).to(device), False)
        num_models = ensemble_shape[0]
        if num_models <= 0:
            raise ValueError(f"num_models {num_models} should be > 0")
        models = tuple(model_class(*args, **kwargs).to(device) for _ in range(num_models))
        first = _v1(model_class(*args, **kwargs), with_buffers)
        states = [_v1(m, with_buffers) for m in models]
        if not with_buffers:
            return _stack_detached([s[0] for s in states]), first[1], first[2]
        return (_stack_detached([s[0] for s in states]), _stack_detached([s[1] for s in states]),
                first[2], first[3], first[4])
    return wrapped


def functional_init(model_class, ensemble_shape=(), device="cpu"):
    """``functional_init(cls, (B,))(*ctor_args)`` -> ``(weights, fn, names)``
    for ``B`` freshly built models (weights stacked), ``fn(weights, data)``."""
    return _functional_init(model_class, ensemble_shape, device, False)


def functional_init_with_buffers(model_class, ensemble_shape=(), device="cpu"):
    """As :func:`functional_init`, with buffers: ``(weights, buffers, fn,
    weight_names, buffer_names)``, ``fn(weights, buffers, data)``."""
    return _functional_init(model_class, ensemble_shape, device, True)
