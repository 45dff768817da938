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
    "optim.Adamax": _opt("Adamax", "Adamax: Adam with the infinity norm (a running maximum of "
                         "``|grad|``) in the denominator, as torch.optim.Adamax.",
                         """    lr (float): the learning rate.
    betas (tuple): the decay rates of the running average and of the running maximum.
    eps (float): added to ``|grad|``.""", "lr=0.01"),
    "optim.NAdam": _opt("NAdam", "NAdam: Adam with Nesterov momentum (a momentum schedule decaying "
                        "with ``momentum_decay``), as torch.optim.NAdam.",
                        """    lr (float): the learning rate.
    betas (tuple): the decay rates of the running averages.
    eps (float): added to the denominator.
    momentum_decay (float): the decay of the momentum schedule.
    decoupled_weight_decay (bool): AdamW-style weight decay.""", "lr=0.01"),
    "optim.RAdam": _opt("RAdam", "RAdam: Adam with the variance of the adaptive rate rectified (plain "
                        "momentum steps while too few gradients were seen), as torch.optim.RAdam.",
                        """    lr (float): the learning rate.
    betas (tuple): the decay rates of the running averages.
    eps (float): added to the denominator.
    decoupled_weight_decay (bool): AdamW-style weight decay.""", "lr=0.01"),
    "optim.Adadelta": _opt("Adadelta", "Adadelta: steps of the ratio of running RMS of past updates to "
                           "running RMS of gradients, as torch.optim.Adadelta.",
                           """    lr (float): scales the update (default 1).
    rho (float): the decay rate of the running averages.
    eps (float): added inside the square roots.""", "lr=1.0"),
    "optim.ASGD": _opt("ASGD", "Averaged SGD: SGD with a decaying step and a running average of the "
                       "iterates (``state['ax']``) from step ``t0`` on, as torch.optim.ASGD.",
                       """    lr (float): the learning rate.
    lambd (float): the decay term.
    alpha (float): the power of the step-size decay.
    t0 (float): the step at which averaging starts.""", "lr=0.01"),
    "optim.Rprop": _opt("Rprop", "Resilient backpropagation: per-element step sizes grown by "
                        "``etas[1]`` while the gradient keeps its sign and shrunk by ``etas[0]`` "
                        "when it flips; only the gradient's sign is used, as torch.optim.Rprop.",
                        """    lr (float): the initial step size.
    etas (tuple): the (decrease, increase) factors.
    step_sizes (tuple): the (minimum, maximum) step size.""", "lr=0.01"),
    "optim.LBFGS": """L-BFGS, as torch.optim.LBFGS: each ``step(closure)`` runs up to ``max_iter``
quasi-Newton iterations over all parameters flattened into one vector, re-evaluating
``closure`` (which must zero the gradients, compute the loss, call ``backward()`` and
return the loss) for each. One parameter group only.

Args:
    params (iterable): the parameters to optimize.
    lr (float): the step length (default 1).
    max_iter (int): iterations per ``step``.
    max_eval (int): closure evaluations per ``step`` (default ``max_iter * 5 // 4``).
    tolerance_grad (float): stop when the largest gradient entry is at most this.
    tolerance_change (float): stop when the loss or the step changes less.
    history_size (int): the number of curvature pairs kept.
    line_search_fn (str): ``None`` (fixed step) or ``"strong_wolfe"``.

>>> w = torch.zeros(2, requires_grad=True); opt = torch.optim.LBFGS([w], line_search_fn="strong_wolfe"); opt.step(lambda: (opt.zero_grad(), ((w - 1) ** 2).sum().backward())[0] or ((w - 1) ** 2).sum()); w""",
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
    "optim.lr_scheduler.PolynomialLR": _sched("PolynomialLR", "Decays the learning rate to 0 over "
                                              "``total_iters`` epochs as ``(1 - epoch / total_iters) ** power``.",
                                              """    total_iters (int): the epochs of the decay.
    power (float): the power of the polynomial.""", "total_iters=4, power=2.0"),
    "optim.lr_scheduler.CosineAnnealingWarmRestarts": _sched(
        "CosineAnnealingWarmRestarts", "SGDR: cosine annealing from the initial learning rate to "
        "``eta_min`` over ``T_0`` epochs, then a restart; each period ``T_mult`` times longer. "
        "``step(epoch)`` may take a fractional epoch.",
        """    T_0 (int): the epochs of the first period.
    T_mult (int): the factor by which periods grow.
    eta_min (float): the lowest learning rate.""", "T_0=5"),
    "optim.lr_scheduler.CyclicLR": _sched(
        "CyclicLR", "Cycles the learning rate between ``base_lr`` and ``max_lr`` (triangular, "
        "halving triangular, exponential range or a custom ``scale_fn``); momentum cycles the "
        "other way. Step it after every batch.",
        """    base_lr, max_lr (float or list): the bounds of the cycle.
    step_size_up, step_size_down (int): the iterations of the rising and falling halves.
    mode (str): ``"triangular"``, ``"triangular2"`` or ``"exp_range"``.""",
        "base_lr=0.01, max_lr=0.1, step_size_up=4"),
    "optim.lr_scheduler.CyclicLR.scale_fn": """The amplitude factor of the cycle at ``x`` (the cycle
number, or the iteration for ``scale_mode="iterations"``): the custom ``scale_fn`` if given,
else the mode's.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1., momentum=0.9); torch.optim.lr_scheduler.CyclicLR(opt, 0.1, 1., mode="triangular2").scale_fn(3)""",
    "optim.lr_scheduler.SequentialLR": """Runs schedulers one after another: ``schedulers[i]`` from epoch
``milestones[i - 1]`` on (each restarted from the optimizer's initial learning rates at its
milestone). Warm-up then decay is the usual use.

Args:
    optimizer (Optimizer): the optimizer of all the schedulers.
    schedulers (list): the schedulers, in order.
    milestones (list): the epochs at which the next one takes over (one fewer than schedulers).
    last_epoch (int): the index of the last epoch.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); L = torch.optim.lr_scheduler; s = L.SequentialLR(opt, [L.LinearLR(opt, 0.1, total_iters=2), L.ExponentialLR(opt, 0.9)], milestones=[2]); opt.step(); s.step(); s.get_last_lr()""",
    "optim.lr_scheduler.SequentialLR.recursive_undo": """Steps every (nested) scheduler's ``last_epoch`` back by
one: undoes the step each made at its construction.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); L = torch.optim.lr_scheduler; s = L.SequentialLR(opt, [L.StepLR(opt, 2), L.StepLR(opt, 3)], [2]); s.recursive_undo(); s._schedulers[1].last_epoch""",
    "optim.lr_scheduler.ChainedScheduler": """Steps several schedulers of one optimizer together: their
effects on the learning rate compound every epoch.

Args:
    schedulers (list): the schedulers, stepped in order.
    optimizer (Optimizer): their optimizer (default: the first scheduler's).

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); L = torch.optim.lr_scheduler; s = L.ChainedScheduler([L.ConstantLR(opt, 0.5, total_iters=2), L.ExponentialLR(opt, 0.9)]); opt.step(); s.step(); s.get_last_lr()""",
    "optim.lr_scheduler.ReduceLROnPlateau": """Multiplies the learning rates by ``factor`` when a metric has
not improved for ``patience`` epochs: ``step(metric)`` after each evaluation.

Args:
    optimizer (Optimizer): the optimizer whose ``lr`` is set.
    mode (str): ``"min"`` (lower is better) or ``"max"``.
    factor (float): the reduction factor (< 1).
    patience (int): the epochs without improvement tolerated.
    threshold (float), threshold_mode (str): what counts as an improvement (``"rel"`` or ``"abs"``).
    cooldown (int): the epochs to wait after a reduction.
    min_lr (float or list): the lowest learning rates.
    eps (float): smaller reductions are skipped.

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); s = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0); s.step(1.); s.step(1.); s.get_last_lr()""",
    "optim.lr_scheduler.ReduceLROnPlateau.in_cooldown": """Whether the scheduler waits out the cooldown after a
reduction (bad epochs are not counted meanwhile).

>>> opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.); torch.optim.lr_scheduler.ReduceLROnPlateau(opt).in_cooldown""",
}
