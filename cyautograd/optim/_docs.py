"""Docstrings of cyautograd.optim and optim.lr_scheduler, attached by
cyautograd/_docs.py (NOTE [ Where docstrings live ])."""

_PARAMS = """    params (iterable): the parameters to optimize (``model.parameters()``), or
        dicts of parameter groups with their own options."""
_COMMON = """    weight_decay (float): L2 penalty added to the gradient.
    maximize (bool): maximize the objective instead of minimizing.
    foreach, differentiable, fused, capturable: accepted for torch's signature."""


def _opt(name, what, args, example_args="lr=0.1"):
    return f"""{what}

Args:
{_PARAMS}
{args}
{_COMMON}

>>> m = torch.nn.Linear(2, 1); opt = torch.optim.{name}(m.parameters(), {example_args}); m(torch.ones(1, 2)).sum().backward(); opt.step()"""


def _sched(name, what, args, example_args):
    return f"""{what} Call ``step()`` once per epoch (after the optimizer's ``step()``).

Args:
    optimizer (Optimizer): the optimizer whose ``lr`` is set.
{args}
    last_epoch (int): the index of the last epoch, to resume (-1: start).

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); s = torch.optim.lr_scheduler.{name}(opt, {example_args}); opt.step(); s.step(); s.get_last_lr()"""


DOCS = {
    "optim.Optimizer": """Base class of the optimizers (SGD, Adam, ...): holds ``param_groups`` (lists
of parameters with their options: ``lr``, ...) and per-parameter ``state``.
A subclass implements ``step()``; the training loop is ``zero_grad()``,
``loss.backward()``, ``step()``.

Args:
    params (iterable): the parameters, or dicts of parameter groups.
    defaults (dict): the default options of the groups.

>>> opt = torch.optim.SGD([torch.zeros(2, requires_grad=True)], lr=0.1); opt.param_groups[0]['lr']""",
    "optim.Optimizer.step": """Performs one update of every parameter from its ``.grad`` (parameters
without a gradient are skipped). ``closure``, a function that re-evaluates
the model and returns the loss, is called first when given; its loss is returned.

>>> w = torch.ones(2, requires_grad=True); opt = torch.optim.SGD([w], lr=0.1); (w * w).sum().backward(); opt.step(); w""",
    "optim.Optimizer.zero_grad": """Resets the gradients of all optimized parameters: to None
(``set_to_none=True``, the default) or to zeros.

>>> w = torch.ones(2, requires_grad=True); opt = torch.optim.SGD([w], lr=0.1); w.sum().backward(); opt.zero_grad(); w.grad""",
    "optim.Optimizer.add_param_group": """Adds a parameter group (a dict with ``"params"`` and optional options; the
others take the defaults), e.g. to train layers unfrozen later.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); opt.add_param_group({'params': [torch.zeros(2, requires_grad=True)], 'lr': 0.01})""",
    "optim.Optimizer.state_dict": """The optimizer's state (per-parameter buffers such as momentum, by index)
and its parameter groups' options, as a dict for ``load_state_dict``.

>>> torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1).state_dict()""",
    "optim.Optimizer.load_state_dict": """Restores state and group options saved by ``state_dict()`` (the groups must
match in number and sizes).

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); opt.load_state_dict(opt.state_dict())""",
    "optim.Optimizer.register_step_pre_hook": """Registers ``hook(optimizer, args, kwargs)``, run before every ``step()``
(it may return new ``(args, kwargs)``). Returns a removable handle.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); h = opt.register_step_pre_hook(lambda o, a, k: None); h.remove()""",
    "optim.Optimizer.register_step_post_hook": """Registers ``hook(optimizer, args, kwargs)``, run after every ``step()``.
Returns a removable handle.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); h = opt.register_step_post_hook(lambda o, a, k: None); h.remove()""",
    "optim.Optimizer.register_state_dict_pre_hook": """Registers ``hook(optimizer)``, run before ``state_dict()`` builds its result.
Returns a removable handle.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); h = opt.register_state_dict_pre_hook(lambda o: None); h.remove()""",
    "optim.Optimizer.register_state_dict_post_hook": """Registers ``hook(optimizer, state_dict)``, run on the result of
``state_dict()``; it may return a replacement. Returns a removable handle.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); h = opt.register_state_dict_post_hook(lambda o, sd: None); h.remove()""",
    "optim.Optimizer.register_load_state_dict_pre_hook": """Registers ``hook(optimizer, state_dict)``, run before ``load_state_dict()``;
it may return a replacement state dict. Returns a removable handle.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); h = opt.register_load_state_dict_pre_hook(lambda o, sd: None); h.remove()""",
    "optim.Optimizer.register_load_state_dict_post_hook": """Registers ``hook(optimizer)``, run after ``load_state_dict()``. Returns a
removable handle.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1); h = opt.register_load_state_dict_post_hook(lambda o: None); h.remove()""",
    "optim.SGD": _opt("SGD", "Stochastic gradient descent, with optional momentum (heavy ball or Nesterov) "
                      "as torch.optim.SGD: ``p -= lr * (g + weight_decay * p)`` with momentum buffers.",
                      """    lr (float): the learning rate.
    momentum (float): the momentum factor (0: plain SGD).
    dampening (float): dampening of the momentum.
    nesterov (bool): use Nesterov momentum.""", "lr=0.1, momentum=0.9"),
    "optim.Adam": _opt("Adam", "Adam: per-parameter steps from running averages of the gradient and its "
                       "square, bias-corrected, as torch.optim.Adam.",
                       """    lr (float): the learning rate.
    betas (tuple of floats): the decay rates of the two running averages.
    eps (float): added to the denominator.
    amsgrad (bool): use the maximum of past squared averages (AMSGrad).
    decoupled_weight_decay (bool): decay the weights directly (as AdamW).""", "lr=1e-3"),
    "optim.AdamW": _opt("AdamW", "AdamW: Adam with decoupled weight decay (``p -= lr * weight_decay * p`` "
                        "before the Adam step), as torch.optim.AdamW.",
                        """    lr (float): the learning rate.
    betas (tuple of floats): the decay rates of the two running averages.
    eps (float): added to the denominator.
    amsgrad (bool): use the maximum of past squared averages (AMSGrad).""", "lr=1e-3, weight_decay=0.01"),
    "optim.Adagrad": _opt("Adagrad", "Adagrad: steps scaled by the root of the accumulated squared gradients, "
                          "as torch.optim.Adagrad.",
                          """    lr (float): the learning rate.
    lr_decay (float): the learning rate decay per step.
    initial_accumulator_value (float): the start of the accumulator.
    eps (float): added to the denominator.""", "lr=0.1"),
    "optim.RMSprop": _opt("RMSprop", "RMSprop: steps scaled by the root of a running average of squared "
                          "gradients, as torch.optim.RMSprop.",
                          """    lr (float): the learning rate.
    alpha (float): the smoothing constant of the running average.
    eps (float): added to the denominator.
    momentum (float): the momentum factor.
    centered (bool): normalize by the estimated variance of the gradient.""", "lr=0.01"),
    # -- lr_scheduler --------------------------------------------------------
    "optim.lr_scheduler.LRScheduler": """Base class of the learning rate schedulers: at construction it records
each group's ``initial_lr``; every ``step()`` sets each group's ``lr`` to
``get_lr()`` for the next epoch.

>>> issubclass(torch.optim.lr_scheduler.StepLR, torch.optim.lr_scheduler.LRScheduler)""",
    "optim.lr_scheduler.LRScheduler.step": """Advances one epoch and sets the learning rates of the optimizer's groups
(``epoch``, deprecated in torch, sets the epoch directly).

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); s = torch.optim.lr_scheduler.StepLR(opt, 1); opt.step(); s.step()""",
    "optim.lr_scheduler.LRScheduler.get_lr": """The learning rates for the current epoch, by the scheduler's rule (one per
group); call ``get_last_lr()`` to read what was set.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); torch.optim.lr_scheduler.StepLR(opt, 1).get_last_lr()""",
    "optim.lr_scheduler.LRScheduler.get_last_lr": """The learning rates the last ``step()`` (or the constructor) set, one per group.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); torch.optim.lr_scheduler.StepLR(opt, 1).get_last_lr()""",
    "optim.lr_scheduler.LRScheduler.state_dict": """The scheduler's state (everything but the optimizer) as a dict.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); torch.optim.lr_scheduler.StepLR(opt, 1).state_dict()['last_epoch']""",
    "optim.lr_scheduler.LRScheduler.load_state_dict": """Restores the state saved by ``state_dict()``.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); s = torch.optim.lr_scheduler.StepLR(opt, 1); s.load_state_dict(s.state_dict())""",
    "optim.lr_scheduler.LambdaLR.state_dict": """The scheduler's state as a dict; ``lr_lambda`` is saved only when it is a
callable object (not a function or lambda), as torch.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 0.9 ** e).state_dict()['last_epoch']""",
    "optim.lr_scheduler.LambdaLR.load_state_dict": """Restores the state saved by ``state_dict()``.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); s = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 1.); s.load_state_dict(s.state_dict())""",
    "optim.lr_scheduler.StepLR": _sched("StepLR", "Multiplies the learning rate by ``gamma`` every ``step_size`` epochs.",
                                        """    step_size (int): the period.
    gamma (float): the factor.""", "step_size=1, gamma=0.5"),
    "optim.lr_scheduler.MultiStepLR": _sched("MultiStepLR", "Multiplies the learning rate by ``gamma`` at each epoch "
                                             "listed in ``milestones``.", """    milestones (list of ints): the epochs.
    gamma (float): the factor.""", "milestones=[1, 3]"),
    "optim.lr_scheduler.ExponentialLR": _sched("ExponentialLR", "Multiplies the learning rate by ``gamma`` every epoch.",
                                               "    gamma (float): the factor.", "gamma=0.9"),
    "optim.lr_scheduler.LambdaLR": _sched("LambdaLR", "Sets the learning rate to ``initial_lr * lr_lambda(epoch)``.",
                                          "    lr_lambda (function or list): the factor per epoch (one per group).",
                                          "lambda e: 0.9 ** e"),
    "optim.lr_scheduler.MultiplicativeLR": _sched("MultiplicativeLR", "Multiplies the learning rate by "
                                                  "``lr_lambda(epoch)`` every epoch.",
                                                  "    lr_lambda (function or list): the factor per epoch.",
                                                  "lambda e: 0.95"),
    "optim.lr_scheduler.ConstantLR": _sched("ConstantLR", "Multiplies the learning rate by ``factor`` until "
                                            "epoch ``total_iters``, then restores it.",
                                            """    factor (float): the factor.
    total_iters (int): the epochs it lasts.""", "factor=0.5, total_iters=2"),
    "optim.lr_scheduler.LinearLR": _sched("LinearLR", "Scales the learning rate by a factor going linearly "
                                          "from ``start_factor`` to ``end_factor`` over ``total_iters`` epochs.",
                                          """    start_factor, end_factor (float): the factors.
    total_iters (int): the epochs of the ramp.""", "start_factor=0.5, total_iters=4"),
    "optim.lr_scheduler.CosineAnnealingLR": _sched("CosineAnnealingLR", "Anneals the learning rate from its "
                                                   "initial value to ``eta_min`` along a half cosine over ``T_max`` epochs.",
                                                   """    T_max (int): the epochs of a half period.
    eta_min (float): the lowest learning rate.""", "T_max=10"),
    "optim.lr_scheduler.OneCycleLR": _sched("OneCycleLR", "The 1cycle policy: the learning rate rises from "
                                            "``max_lr / div_factor`` to ``max_lr`` and falls to "
                                            "``max_lr / (div_factor * final_div_factor)`` over ``total_steps`` "
                                            "(momentum moves the other way). Step it after every batch, not epoch.",
                                            """    max_lr (float or list): the peak learning rate.
    total_steps (int): the steps of the cycle (or ``epochs * steps_per_epoch``).
    pct_start (float): the fraction of the cycle spent rising.
    anneal_strategy (str): ``"cos"`` or ``"linear"``.""", "max_lr=1., total_steps=10"),
}
