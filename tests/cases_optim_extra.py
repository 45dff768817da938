"""Snippets run against both torch and cyautograd (issue 15, the rest of torch.optim and
utils.data real programs use): Adamax, NAdam, RAdam, Adadelta, ASGD, Rprop and LBFGS
over 100 steps, their argument checks and state_dicts; the ReduceLROnPlateau,
SequentialLR, ChainedScheduler, CosineAnnealingWarmRestarts, CyclicLR and PolynomialLR
schedules; WeightedRandomSampler and the seeded index streams of every sampler (our
Generator reproduces torch's streams, so the indices themselves are compared)."""
from cases_nn import _err, _x
from cases_optim import _params, _run_opt

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


_OPT = [
    ("Adamax", dict(lr=0.01)),
    ("Adamax", dict(lr=0.02, betas=(0.5, 0.9), eps=1e-3, weight_decay=0.1, maximize=True)),
    ("NAdam", dict(lr=0.01)),
    ("NAdam", dict(lr=0.01, weight_decay=0.1, momentum_decay=0.01)),
    ("NAdam", dict(lr=0.02, weight_decay=0.2, decoupled_weight_decay=True, maximize=True)),
    ("RAdam", dict(lr=0.01)),
    ("RAdam", dict(lr=0.01, betas=(0.8, 0.9), weight_decay=0.1)),
    ("RAdam", dict(lr=0.01, weight_decay=0.3, decoupled_weight_decay=True, maximize=True)),
    ("Adadelta", dict()),
    ("Adadelta", dict(lr=0.5, rho=0.5, eps=1e-4, weight_decay=0.1, maximize=True)),
    ("ASGD", dict(lr=0.01)),
    ("ASGD", dict(lr=0.02, lambd=1e-2, alpha=0.5, t0=20, weight_decay=0.1)),
    ("ASGD", dict(lr=0.01, t0=0, maximize=True)),
    ("Rprop", dict(lr=0.01)),
    ("Rprop", dict(lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2), maximize=True)),
]

for _i, (_cls, _kw) in enumerate(_OPT):
    for _dt in ("float32", "float64"):
        def _mk(cls=_cls, kw=_kw, dt=_dt):
            def f(T):
                ps, opt = _run_opt(T, cls, kw, dtype=dt)
                sd = opt.state_dict()
                return [[p.detach() for p in ps], sd["param_groups"],
                        [[k, v] for k, v in sorted(sd["state"].items())]]
            return f
        CASES[f"opt_{_cls}_{_i}_{_dt}"] = _mk()

for _cls in ("Adamax", "NAdam", "RAdam", "Adadelta", "ASGD", "Rprop"):
    def _mkg(cls=_cls):
        def f(T):
            ps, opt = _run_opt(T, cls, dict(lr=0.01), steps=20, groups=True)
            return [[p.detach() for p in ps], opt.state_dict()["param_groups"], repr(opt)]
        return f
    CASES[f"opt_groups_{_cls}"] = _mkg()

    def _mkr(cls=_cls):
        def f(T):
            # state_dict -> a fresh optimizer -> both keep stepping the same way
            ps, opt = _run_opt(T, cls, dict(lr=0.01), steps=5)
            ps2 = [T.nn.Parameter(p.detach().clone()) for p in ps]
            opt2 = getattr(T.optim, cls)(ps2, lr=0.5)
            opt2.load_state_dict(opt.state_dict())
            for o, qs in ((opt, ps), (opt2, ps2)):
                for k in range(3):
                    for p in qs:
                        p.grad = _x(T, tuple(p.shape), 50 + k)
                    o.step()
            sd = opt2.state_dict()
            return [[p.detach() for p in ps2], [p.detach() for p in ps], sd["param_groups"],
                    [[k, v] for k, v in sorted(sd["state"].items())]]
        return f
    CASES[f"opt_roundtrip_{_cls}"] = _mkr()

_BAD = {
    "Adamax": [dict(lr=-1.0), dict(eps=-1.0), dict(betas=(1.0, 0.9)), dict(betas=(0.9, -0.1)),
               dict(weight_decay=-1)],
    "NAdam": [dict(lr=-0.5), dict(eps=-1e-3), dict(betas=(-0.1, 0.9)), dict(betas=(0.9, 1.0)),
              dict(weight_decay=-0.1), dict(momentum_decay=-1)],
    "RAdam": [dict(lr=-2), dict(eps=-1.0), dict(betas=(1.5, 0.9)), dict(weight_decay=-1)],
    "Adadelta": [dict(lr=-1.0), dict(rho=1.5), dict(rho=-0.1), dict(eps=-1.0),
                 dict(weight_decay=-1)],
    "ASGD": [dict(lr=-1.0), dict(weight_decay=-1)],
    "Rprop": [dict(lr=-1.0), dict(etas=(1.5, 2.0)), dict(etas=(0.5, 0.9)), dict(etas=(0, 1.2))],
    "LBFGS": [dict(lr=-1.0)],
}
for _cls, _kws in _BAD.items():
    for _j, _kw in enumerate(_kws):
        CASES[f"opt_err_{_cls}_{_j}"] = _err(
            lambda T, cls=_cls, kw=_kw: getattr(T.optim, cls)(_params(T), **kw))
for _cls in ("Adamax", "NAdam", "RAdam", "Adadelta", "ASGD", "Rprop", "LBFGS"):
    CASES[f"opt_err_tensor_lr_{_cls}"] = _err(
        lambda T, cls=_cls: getattr(T.optim, cls)(_params(T), lr=T.tensor([0.1, 0.2])))
CASES["opt_err_LBFGS_groups"] = _err(lambda T: T.optim.LBFGS(
    [{"params": _params(T)[:1]}, {"params": _params(T)[1:]}]))
CASES["opt_err_LBFGS_line_search"] = _err(lambda T: _lbfgs(T, "backtracking", "float64"))


@case
def opt_defaults_extra(T):
    ps = _params(T)
    return [sorted((k, repr(v)) for k, v in getattr(T.optim, c)(ps).defaults.items())
            for c in ("Adamax", "NAdam", "RAdam", "Adadelta", "ASGD", "Rprop", "LBFGS")]


@case
def opt_closure_extra(T):
    out = []
    for cls in ("Adamax", "NAdam", "RAdam", "Adadelta", "ASGD", "Rprop"):
        ps = _params(T)
        opt = getattr(T.optim, cls)(ps, lr=0.1)

        def closure():
            opt.zero_grad()
            loss = sum((p * p).sum() for p in ps)
            loss.backward()
            return loss
        losses = [opt.step(closure).detach() for _ in range(5)]
        out.append([losses, [p.detach() for p in ps]])
    return out


# ------------------------------------------------------------------ LBFGS
def _lbfgs(T, ls, dt, steps=5, **kw):
    """Rosenbrock in 8 dimensions; each step a closure-driven L-BFGS call."""
    x = T.nn.Parameter(_x(T, (8,), 0, dt) * 0.5 - 1)
    opt = T.optim.LBFGS([x], line_search_fn=ls, **kw)

    def closure():
        opt.zero_grad()
        loss = (100 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2).sum()
        loss.backward()
        return loss
    losses = [opt.step(closure).detach() for _ in range(steps)]
    st = opt.state_dict()["state"][0]
    return [losses, x.detach(), st["func_evals"], st["n_iter"], sorted(st), st["d"], st["t"],
            len(st["old_dirs"]), st["H_diag"], st["prev_loss"], opt.state_dict()["param_groups"]]


def _lsq(T, ls, dt, steps=6, **kw):
    """A least-squares fit with a quartic penalty over two parameters (one 0-d)."""
    w = T.nn.Parameter(_x(T, (6,), 0, dt))
    b = T.nn.Parameter(_x(T, (), 1, dt))
    A, y = _x(T, (20, 6), 2, dt), _x(T, (20,), 3, dt)
    opt = T.optim.LBFGS([w, b], line_search_fn=ls, **kw)

    def closure():
        opt.zero_grad()
        r = A @ w + b - y
        loss = (r * r).sum() + ((w * w) ** 2).sum()
        loss.backward()
        return loss
    losses = [opt.step(closure).detach() for _ in range(steps)]
    st = opt.state_dict()["state"][0]
    return [losses, w.detach(), b.detach(), st["func_evals"], st["n_iter"]]


# float32 runs take 3 steps (12-15 iterations): L-BFGS on Rosenbrock amplifies the last-bit
# differences of float32 sums (numpy's and torch's summation orders differ) by ~10x per
# iteration, so longer float32 runs agree only to ~1e-3 (and float64 ones to ~1e-9 after
# ~60 iterations); the default float64 run goes to convergence.
_LB = [
    (None, "float32", dict(max_iter=4)),
    (None, "float32", dict(lr=0.5, max_iter=5, history_size=3)),
    (None, "float64", dict(max_iter=4)),
    (None, "float64", dict(lr=0.5, max_iter=5, history_size=3)),
    ("strong_wolfe", "float32", dict(max_iter=4)),
    ("strong_wolfe", "float32", dict(lr=0.5, max_iter=5, history_size=3)),
    ("strong_wolfe", "float64", dict(max_iter=4)),
    ("strong_wolfe", "float64", dict()),
    ("strong_wolfe", "float64", dict(max_iter=30, max_eval=12, tolerance_change=1e-5)),
    ("strong_wolfe", "float64", dict(history_size=2, max_iter=8, steps=2)),
]
for _i, (_ls, _dt, _kw) in enumerate(_LB):
    CASES[f"lbfgs_rosen_{_i}"] = lambda T, ls=_ls, dt=_dt, kw=_kw: _lbfgs(
        T, ls, dt, **{"steps": 3 if dt == "float32" or kw else 5, **kw})
CASES["lbfgs_lsq_fixed"] = lambda T: _lsq(T, None, "float64")
CASES["lbfgs_lsq_wolfe"] = lambda T: _lsq(T, "strong_wolfe", "float64")
CASES["lbfgs_lsq_wolfe_f32"] = lambda T: _lsq(T, "strong_wolfe", "float32", steps=1,
                                              max_iter=3)


@case
def lbfgs_converged_returns_early(T):
    x = T.nn.Parameter(T.zeros(3))
    opt = T.optim.LBFGS([x])
    calls = []

    def closure():
        calls.append(1)
        opt.zero_grad()
        loss = (x * x).sum()
        loss.backward()
        return loss
    loss = opt.step(closure)
    return [loss.detach(), len(calls), sorted(opt.state_dict()["state"][0])]


# ------------------------------------------------------------------ lr_scheduler
def _sgd(T):
    ps = _params(T)
    return T.optim.SGD([{"params": ps[:2]}, {"params": ps[2:], "lr": 0.3}], lr=0.1,
                       momentum=0.9)


def _sched_run(T, make, steps=24, metric=None):
    opt = _sgd(T)
    s = make(T, opt)
    lrs, moms = [s.get_last_lr()], []
    for k in range(steps):
        opt.step()
        if metric is None:
            s.step()
        else:
            s.step(metric(k))
        lrs.append(s.get_last_lr())
        moms.append([g["momentum"] for g in opt.param_groups])
    return [lrs, moms, [g["lr"] for g in opt.param_groups]]


_SCHED = {
    "poly": lambda T, o: T.optim.lr_scheduler.PolynomialLR(o, total_iters=6, power=2.0),
    "poly_default": lambda T, o: T.optim.lr_scheduler.PolynomialLR(o),
    "warm_restarts": lambda T, o: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(
        o, T_0=5, eta_min=0.001),
    "warm_restarts_mult": lambda T, o: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(
        o, T_0=3, T_mult=2),
    "sequential": lambda T, o: T.optim.lr_scheduler.SequentialLR(
        o, [T.optim.lr_scheduler.LinearLR(o, start_factor=0.1, total_iters=4),
            T.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)], milestones=[5]),
    "sequential3": lambda T, o: T.optim.lr_scheduler.SequentialLR(
        o, [T.optim.lr_scheduler.ConstantLR(o, factor=0.5, total_iters=2),
            T.optim.lr_scheduler.CosineAnnealingLR(o, T_max=6),
            T.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)], milestones=[3, 10]),
    "chained": lambda T, o: T.optim.lr_scheduler.ChainedScheduler(
        [T.optim.lr_scheduler.ConstantLR(o, factor=0.1, total_iters=2),
         T.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)]),
    "chained_opt": lambda T, o: T.optim.lr_scheduler.ChainedScheduler(
        [T.optim.lr_scheduler.StepLR(o, 3, 0.5), T.optim.lr_scheduler.PolynomialLR(o, 10)],
        optimizer=o),
    "cyclic": lambda T, o: T.optim.lr_scheduler.CyclicLR(o, 0.01, 0.1, step_size_up=4),
    "cyclic2": lambda T, o: T.optim.lr_scheduler.CyclicLR(
        o, [0.01, 0.02], [0.1, 0.3], step_size_up=3, step_size_down=5, mode="triangular2"),
    "cyclic_exp": lambda T, o: T.optim.lr_scheduler.CyclicLR(
        o, 0.01, 0.1, step_size_up=2, mode="exp_range", gamma=0.9, cycle_momentum=False),
    "cyclic_fn": lambda T, o: T.optim.lr_scheduler.CyclicLR(
        o, 0.01, 0.1, step_size_up=2, scale_fn=lambda x: 0.5 ** x, scale_mode="iterations"),
}
for _name, _make in _SCHED.items():
    CASES[f"sched_{_name}"] = lambda T, make=_make: _sched_run(T, make)

_PLATEAU = {
    "default": (dict(), lambda k: 1.0),
    "patience": (dict(patience=2, factor=0.5), lambda k: 10.0 - min(k, 5)),
    "cooldown": (dict(patience=1, cooldown=2, factor=0.5, min_lr=[0.01, 0.05]),
                 lambda k: 3.0),
    "max_abs": (dict(mode="max", threshold=0.5, threshold_mode="abs", patience=0),
                lambda k: float(k % 4)),
    "max_rel": (dict(mode="max", patience=1, min_lr=0.02), lambda k: 1.0 + 0.00001 * k),
    "eps": (dict(patience=0, factor=0.9, eps=0.01), lambda k: 1.0),
}
for _name, (_kw, _metric) in _PLATEAU.items():
    CASES[f"sched_plateau_{_name}"] = lambda T, kw=_kw, metric=_metric: _sched_run(
        T, lambda T, o: T.optim.lr_scheduler.ReduceLROnPlateau(o, **kw), metric=metric)


@case
def sched_plateau_tensor_metric_and_state(T):
    opt = _sgd(T)
    s = T.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=1)
    for k in range(5):
        s.step(T.tensor(2.0))
    sd = s.state_dict()
    s2 = T.optim.lr_scheduler.ReduceLROnPlateau(_sgd(T), mode="max")
    s2.load_state_dict(sd)
    return [s.get_last_lr(), sorted(k for k in sd if not k.startswith("_")),
            [sd[k] for k in ("best", "num_bad_epochs", "cooldown_counter", "last_epoch",
                             "mode", "min_lrs", "mode_worse")],
            s2.mode, s2.mode_worse, s2._is_better(1.0, 2.0)]


@case
def sched_state_dicts(T):
    out = []
    for name in ("poly", "warm_restarts_mult", "sequential", "chained", "cyclic"):
        opt = _sgd(T)
        s = _SCHED[name](T, opt)
        for _ in range(4):
            opt.step()
            s.step()
        sd = s.state_dict()
        opt2 = _sgd(T)
        s2 = _SCHED[name](T, opt2)
        s2.load_state_dict(sd)
        for g, g2 in zip(opt.param_groups, opt2.param_groups):
            g2["lr"] = g["lr"]
        for _ in range(4):
            opt.step()
            s.step()
            opt2.step()
            s2.step()
        keys = sorted(k for k in sd if k not in ("_get_lr_called_within_step", "_is_initial"))
        out.append([keys, s.get_last_lr(), s2.get_last_lr(), s2.last_epoch])
    return out


@case
def sched_warn_get_lr(T):
    import warnings
    opt = _sgd(T)
    out = []
    for make in (lambda: T.optim.lr_scheduler.StepLR(opt, 2),
                 lambda: T.optim.lr_scheduler.PolynomialLR(opt),
                 lambda: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, 3)):
        s = make()
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            s.get_lr()
            opt.step()
            s.step()
        out.append([str(x.message) for x in w])
    return out


@case
def sched_plateau_epoch_warning(T):
    import warnings
    s = T.optim.lr_scheduler.ReduceLROnPlateau(_sgd(T))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        s.step(1.0, epoch=5)
    return [[str(x.message) for x in w], s.last_epoch]


@case
def sched_warm_restarts_epochs(T):
    opt = _sgd(T)
    s = T.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.01)
    import warnings
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for e in (0, 1, 2.5, 3, 8, 9, 20, 21.5, 2):
            s.step(e)
            out.append([s.get_last_lr(), s.T_cur, s.T_i, s.last_epoch])
    return out


_SCHED_ERR = {
    "plateau_factor": lambda T: T.optim.lr_scheduler.ReduceLROnPlateau(_sgd(T), factor=1.0),
    "plateau_opt": lambda T: T.optim.lr_scheduler.ReduceLROnPlateau(3),
    "plateau_mode": lambda T: T.optim.lr_scheduler.ReduceLROnPlateau(_sgd(T), mode="mid"),
    "plateau_tmode": lambda T: T.optim.lr_scheduler.ReduceLROnPlateau(
        _sgd(T), threshold_mode="x"),
    "plateau_min_lrs": lambda T: T.optim.lr_scheduler.ReduceLROnPlateau(
        _sgd(T), min_lr=[0.1]),
    "plateau_new_group": lambda T: _plateau_new_group(T),
    "warm_T0": lambda T: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(_sgd(T), 0),
    "warm_T0_float": lambda T: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(_sgd(T), 2.0),
    "warm_Tmult": lambda T: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(
        _sgd(T), 2, T_mult=0),
    "warm_eta": lambda T: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(
        _sgd(T), 2, eta_min="0"),
    "warm_neg_epoch": lambda T: T.optim.lr_scheduler.CosineAnnealingWarmRestarts(
        _sgd(T), 2).step(-1),
    "seq_empty": lambda T: T.optim.lr_scheduler.SequentialLR(_sgd(T), [], []),
    "seq_milestones": lambda T: _seq(T, [1, 2]),
    "seq_other_opt": lambda T: _seq_other(T, "SequentialLR"),
    "seq_plateau": lambda T: _with_plateau(T, "SequentialLR"),
    "seq_not_sched": lambda T: T.optim.lr_scheduler.SequentialLR(_sgd(T), [3], []),
    "chain_empty": lambda T: T.optim.lr_scheduler.ChainedScheduler([]),
    "chain_other_opt": lambda T: _seq_other(T, "ChainedScheduler"),
    "chain_plateau": lambda T: _with_plateau(T, "ChainedScheduler"),
    "cyclic_mode": lambda T: T.optim.lr_scheduler.CyclicLR(_sgd(T), 0.1, 1.0, mode="x"),
    "cyclic_momentum": lambda T: T.optim.lr_scheduler.CyclicLR(
        T.optim.Adadelta(_params(T)), 0.1, 1.0),
    "cyclic_len": lambda T: T.optim.lr_scheduler.CyclicLR(_sgd(T), [0.1], 1.0),
}


def _plateau_new_group(T):
    opt = T.optim.SGD(_params(T)[:1], lr=0.1)
    s = T.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0, min_lr=[0.0])
    opt.add_param_group({"params": _params(T)[1:]})
    s.step(1.0)
    s.step(1.0)


def _seq(T, milestones):
    o = _sgd(T)
    L = T.optim.lr_scheduler
    return L.SequentialLR(o, [L.StepLR(o, 2), L.StepLR(o, 3)], milestones)


def _seq_other(T, kind):
    o, o2 = _sgd(T), _sgd(T)
    L = T.optim.lr_scheduler
    scheds = [L.StepLR(o, 2), L.StepLR(o2, 3)]
    if kind == "SequentialLR":
        return L.SequentialLR(o, scheds, [2])
    return L.ChainedScheduler(scheds)


def _with_plateau(T, kind):
    o = _sgd(T)
    L = T.optim.lr_scheduler
    scheds = [L.StepLR(o, 2), L.ReduceLROnPlateau(o)]
    if kind == "SequentialLR":
        return L.SequentialLR(o, scheds, [2])
    return L.ChainedScheduler(scheds)


for _name, _fn in _SCHED_ERR.items():
    CASES[f"sched_err_{_name}"] = _err(_fn)


@case
def sched_e2e_adam_plateau_and_sequential(T):
    """Adam under a warm-up -> cosine SequentialLR, then ReduceLROnPlateau on the loss."""
    ps = _params(T)
    opt = T.optim.NAdam(ps, lr=0.05)
    L = T.optim.lr_scheduler
    seq = L.SequentialLR(opt, [L.LinearLR(opt, start_factor=0.2, total_iters=3),
                               L.CosineAnnealingWarmRestarts(opt, T_0=4)], milestones=[3])
    plateau = L.ReduceLROnPlateau(opt, patience=1, factor=0.5)
    losses = []
    for k in range(30):
        opt.zero_grad()
        loss = sum(((p - 0.3) ** 2).sum() for p in ps)
        loss.backward()
        opt.step()
        if k < 12:
            seq.step()
        else:
            plateau.step(loss)
        losses.append(loss.detach())
    return [losses, [p.detach() for p in ps], opt.param_groups[0]["lr"]]


# ------------------------------------------------------------------ samplers
@case
def sampler_streams(T):
    D = T.utils.data
    g = T.Generator().manual_seed(3)
    out = [list(D.RandomSampler(range(10), generator=g)),
           list(D.RandomSampler(range(10), generator=g)),
           list(D.RandomSampler(range(5), replacement=True, num_samples=70,
                                generator=T.Generator().manual_seed(1))),
           list(D.RandomSampler(range(4), num_samples=11, generator=T.Generator().manual_seed(2))),
           list(D.SubsetRandomSampler([10, 20, 30, 40, 50], generator=T.Generator().manual_seed(4))),
           list(D.WeightedRandomSampler([0.1, 0.9, 0.4, 0.0], 40,
                                        generator=T.Generator().manual_seed(5))),
           list(D.WeightedRandomSampler(T.tensor([1.0, 2.0, 3.0, 4.0, 5.0]), 4, replacement=False,
                                        generator=T.Generator().manual_seed(6))),
           list(D.WeightedRandomSampler((3, 1), 6, generator=T.Generator().manual_seed(7)))]
    T.manual_seed(7)
    out += [list(D.RandomSampler(range(8))), list(D.SubsetRandomSampler(range(6))),
            list(D.WeightedRandomSampler([1, 2, 3], 9)),
            list(D.RandomSampler(range(3), replacement=True))]
    ws = D.WeightedRandomSampler([1, 2], 5, generator=T.Generator().manual_seed(0))
    out += [len(ws), ws.weights, ws.num_samples, ws.replacement, len(D.SubsetRandomSampler([1, 2]))]
    return out


@case
def sampler_in_dataloader(T):
    D = T.utils.data
    ds = D.TensorDataset(_x(T, (9, 2)), T.arange(9))
    g = T.Generator().manual_seed(11)
    dl = D.DataLoader(ds, batch_size=4, sampler=D.WeightedRandomSampler(
        [1.0] * 4 + [5.0] * 5, 10, generator=g))
    dl2 = D.DataLoader(ds, batch_sampler=D.BatchSampler(
        D.SubsetRandomSampler([0, 2, 4, 6, 8], generator=T.Generator().manual_seed(1)), 2, False))
    dl3 = D.DataLoader(ds, batch_size=3, shuffle=True, generator=T.Generator().manual_seed(9))
    return [[b[1] for b in dl], [b[1] for b in dl2], [b[1] for b in dl3], len(dl), len(dl2)]


@case
def sampler_weighted_distribution(T):
    # 4000 draws: frequencies follow the weights (and are torch's exact counts)
    s = T.utils.data.WeightedRandomSampler([1.0, 3.0, 0.0, 6.0], 4000,
                                           generator=T.Generator().manual_seed(0))
    idx = list(s)
    return [[idx.count(i) for i in range(4)], 2 not in idx]


_SAMPLER_ERR = {
    "w_num0": lambda T: T.utils.data.WeightedRandomSampler([1, 2], 0),
    "w_num_bool": lambda T: T.utils.data.WeightedRandomSampler([1, 2], True),
    "w_num_float": lambda T: T.utils.data.WeightedRandomSampler([1, 2], 2.0),
    "w_repl": lambda T: T.utils.data.WeightedRandomSampler([1, 2], 2, replacement=1),
    "w_2d": lambda T: T.utils.data.WeightedRandomSampler([[1, 2]], 2),
    "w_0d": lambda T: T.utils.data.WeightedRandomSampler(3.0, 2),
    "w_neg": lambda T: list(T.utils.data.WeightedRandomSampler([-1, 2], 3)),
    "w_nan": lambda T: list(T.utils.data.WeightedRandomSampler([1, float("nan")], 3)),
    "w_inf": lambda T: list(T.utils.data.WeightedRandomSampler([1, float("inf")], 3)),
    "w_zero": lambda T: list(T.utils.data.WeightedRandomSampler([0, 0], 3)),
    "w_empty": lambda T: list(T.utils.data.WeightedRandomSampler([], 3)),
    "w_too_many": lambda T: list(T.utils.data.WeightedRandomSampler([1, 2], 3, False)),
    "w_neg_norepl": lambda T: list(T.utils.data.WeightedRandomSampler([1, -2], 1, False)),
    "r_repl": lambda T: T.utils.data.RandomSampler(range(3), replacement=1),
    "r_num": lambda T: T.utils.data.RandomSampler(range(3), num_samples=0),
    "r_num_float": lambda T: T.utils.data.RandomSampler(range(3), num_samples=1.5),
    "r_empty": lambda T: T.utils.data.RandomSampler([]),
    "b_size": lambda T: T.utils.data.BatchSampler(range(3), 0, False),
    "b_size_bool": lambda T: T.utils.data.BatchSampler(range(3), True, False),
}
for _name, _fn in _SAMPLER_ERR.items():
    CASES[f"sampler_err_{_name}"] = _err(_fn)


def _mn(T, shape, n, repl, fill=1.0):
    return list(T.multinomial(T.full(shape, fill), n, repl).shape)


# multinomial's edges the samplers reach: empty categories, no rows, NaN/inf weights
for _i, (_shape, _n, _repl, _fill) in enumerate([
        ((0,), 3, True, 1.0), ((2, 0), 2, True, 1.0), ((0, 0), 2, True, 1.0),
        ((0, 3), 2, True, 1.0), ((0, 3), 2, False, 1.0), ((2, 0), 1, False, 1.0),
        ((3,), 2, True, float("nan")), ((2, 3), 2, True, float("inf")),
        ((3,), 2, False, float("nan")), ((3,), 1, True, -1.0)]):
    # (harness.run records an exception's type and words as the result)
    CASES[f"multinomial_edge_{_i}"] = lambda T, s=_shape, n=_n, r=_repl, f=_fill: _mn(T, s, n, r, f)
