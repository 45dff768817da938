"""Snippets run against both torch and cyautograd (issue 15: optim, lr_scheduler,
utils.data, and an end-to-end training loop).  Each takes the module (torch or
cyautograd) and returns what to compare."""
from cases_nn import _err, _fill, _x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _params(T, dtype="float32"):
    return [T.nn.Parameter(_x(T, (5, 3), 0, dtype)), T.nn.Parameter(_x(T, (4,), 1, dtype)),
            T.nn.Parameter(_x(T, (), 2, dtype))]


def _run_opt(T, cls, kw, steps=100, dtype="float32", sched=None, groups=False):
    """`steps` updates from the same start and the same gradient sequence."""
    ps = _params(T, dtype)
    if groups:
        opt = getattr(T.optim, cls)([{"params": ps[:2]}, {"params": ps[2:], "lr": 0.003}], **kw)
    else:
        opt = getattr(T.optim, cls)(ps, **kw)
    s = getattr(T.optim.lr_scheduler, sched[0])(opt, **sched[1]) if sched else None
    for k in range(steps):
        for i, p in enumerate(ps):
            p.grad = _x(T, tuple(p.shape), 10 + 3 * k + i, dtype, scale=1.0 + (k % 7))
        opt.step()
        if s is not None:
            s.step()
    return ps, opt


_OPT = [
    ("SGD", dict(lr=0.1)),
    ("SGD", dict(lr=0.1, momentum=0.9)),
    ("SGD", dict(lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("SGD", dict(lr=0.05, momentum=0.9, dampening=0.1, maximize=True)),
    ("Adam", dict(lr=0.01)),
    ("Adam", dict(lr=0.01, betas=(0.5, 0.9), eps=1e-6, weight_decay=0.1)),
    ("Adam", dict(lr=0.01, amsgrad=True, maximize=True)),
    ("AdamW", dict(lr=0.01)),
    ("AdamW", dict(lr=0.02, weight_decay=0.3, amsgrad=True)),
    ("RMSprop", dict(lr=0.01)),
    ("RMSprop", dict(lr=0.01, momentum=0.9, centered=True, weight_decay=0.1)),
    ("RMSprop", dict(lr=0.01, alpha=0.5, maximize=True)),
    ("Adagrad", dict(lr=0.1)),
    ("Adagrad", dict(lr=0.1, lr_decay=0.01, weight_decay=0.1, initial_accumulator_value=0.5)),
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


@case
def opt_param_groups(T):
    ps, opt = _run_opt(T, "SGD", dict(lr=0.1, momentum=0.5), steps=10, groups=True)
    return [[p.detach() for p in ps], opt.state_dict()["param_groups"], repr(opt)]


@case
def opt_repr(T):
    ps = _params(T)
    return [repr(getattr(T.optim, c)(ps, lr=0.5)) for c in
            ("SGD", "Adam", "AdamW", "RMSprop", "Adagrad")]


@case
def opt_add_param_group(T):
    ps = _params(T)
    opt = T.optim.Adam(ps[:1], lr=0.1)
    opt.add_param_group({"params": ps[1], "betas": (0.8, 0.9)})
    for p in ps[:2]:
        p.grad = T.ones_like(p)
    opt.step()
    return [opt.state_dict()["param_groups"], [p.detach() for p in ps[:2]]]


@case
def opt_state_dict_roundtrip(T):
    ps, opt = _run_opt(T, "Adam", dict(lr=0.01, amsgrad=True), steps=5)
    sd = opt.state_dict()
    ps2 = [T.nn.Parameter(p.detach().clone()) for p in ps]
    opt2 = T.optim.Adam(ps2, lr=0.5)
    opt2.load_state_dict(sd)
    for o, qs in ((opt, ps), (opt2, ps2)):
        for p in qs:
            p.grad = T.ones_like(p)
        o.step()
    return [[p.detach() for p in ps], [p.detach() for p in ps2],
            opt2.state_dict()["param_groups"], sorted(opt2.state_dict()["state"][0].keys())]


CASES["opt_load_groups_err"] = _err(lambda T: T.optim.SGD(_params(T), lr=0.1).load_state_dict(
    {"state": {}, "param_groups": []}))
CASES["opt_load_size_err"] = _err(lambda T: T.optim.SGD(_params(T), lr=0.1).load_state_dict(
    {"state": {}, "param_groups": [{"lr": 0.1, "params": [0]}]}))
CASES["opt_empty_err"] = _err(lambda T: T.optim.SGD([], lr=0.1))
CASES["opt_tensor_err"] = _err(lambda T: T.optim.SGD(T.zeros(2, requires_grad=True), lr=0.1))
CASES["opt_nonleaf_err"] = _err(lambda T: T.optim.SGD([T.zeros(2, requires_grad=True) * 2]))
CASES["opt_not_tensor_err"] = _err(lambda T: T.optim.SGD([1.0], lr=0.1))
CASES["opt_lr_err"] = _err(lambda T: T.optim.SGD(_params(T), lr=-0.1))
CASES["opt_momentum_err"] = _err(lambda T: T.optim.SGD(_params(T), lr=0.1, momentum=-1))
CASES["opt_nesterov_err"] = _err(lambda T: T.optim.SGD(_params(T), lr=0.1, nesterov=True))
CASES["opt_betas_err"] = _err(lambda T: T.optim.Adam(_params(T), betas=(1.0, 0.9)))
CASES["opt_eps_err"] = _err(lambda T: T.optim.Adam(_params(T), eps=-1.0))
CASES["opt_set_err"] = _err(lambda T: T.optim.SGD(set(_params(T)), lr=0.1))
CASES["opt_overlap_err"] = _err(lambda T: _overlap(T))
CASES["opt_group_type_err"] = _err(lambda T: T.optim.SGD(_params(T), lr=0.1).add_param_group(3))


def _overlap(T):
    ps = _params(T)
    opt = T.optim.SGD(ps, lr=0.1)
    opt.add_param_group({"params": ps[0]})


@case
def opt_zero_grad(T):
    ps = _params(T)
    opt = T.optim.SGD(ps, lr=0.1)
    for p in ps:
        p.grad = T.ones_like(p)
    opt.zero_grad(set_to_none=False)
    zeros = [p.grad for p in ps]
    opt.zero_grad()
    return [zeros, [p.grad is None for p in ps]]


@case
def opt_skip_none_grads(T):
    ps = _params(T)
    opt = T.optim.Adam(ps, lr=0.1)
    ps[1].grad = T.ones_like(ps[1])
    opt.step()
    return [[p.detach() for p in ps], sorted(opt.state_dict()["state"].keys())]


@case
def opt_closure(T):
    ps = _params(T)
    opt = T.optim.SGD(ps, lr=0.1)
    seen = []

    def closure():
        opt.zero_grad()
        loss = sum((p * p).sum() for p in ps)
        loss.backward()
        seen.append(T.is_grad_enabled())
        return loss
    loss = opt.step(closure)
    return [loss.detach(), seen, [p.detach() for p in ps]]


@case
def opt_step_hooks(T):
    ps = _params(T)
    opt = T.optim.SGD(ps, lr=0.1)
    log = []
    h1 = opt.register_step_pre_hook(lambda o, a, k: log.append(("pre", o is opt, len(a))))
    h2 = opt.register_step_post_hook(lambda o, a, k: log.append(("post", o is opt)))
    for p in ps:
        p.grad = T.ones_like(p)
    opt.step()
    h1.remove()
    opt.step()
    h2.remove()
    opt.step()
    return [log, [p.detach() for p in ps]]


# ============================================================== lr_scheduler
_SCHED = [
    ("StepLR", dict(step_size=3, gamma=0.5)),
    ("MultiStepLR", dict(milestones=[2, 5, 5, 9], gamma=0.3)),
    ("ExponentialLR", dict(gamma=0.9)),
    ("CosineAnnealingLR", dict(T_max=7, eta_min=0.001)),
    ("LambdaLR", dict(lr_lambda=lambda e: 1.0 / (e + 1))),
    ("LinearLR", dict(start_factor=0.25, total_iters=6)),
    ("LinearLR", dict(start_factor=1.0, end_factor=0.1, total_iters=4)),
    ("OneCycleLR", dict(max_lr=0.5, total_steps=25)),
    ("OneCycleLR", dict(max_lr=[0.5, 0.2], total_steps=25, anneal_strategy="linear",
                        three_phase=True)),
    ("ConstantLR", dict(factor=0.5, total_iters=3)),
    ("MultiplicativeLR", dict(lr_lambda=lambda e: 0.95)),
]

for _i, (_name, _kw) in enumerate(_SCHED):
    def _mks(name=_name, kw=_kw):
        def f(T):
            ps = _params(T)
            opt = T.optim.SGD([{"params": ps[:2]}, {"params": ps[2:], "lr": 0.3}], lr=0.1,
                              momentum=0.9)
            s = getattr(T.optim.lr_scheduler, name)(opt, **kw)
            lrs, moms = [s.get_last_lr()], []
            for _ in range(24):
                opt.step()
                s.step()
                lrs.append(s.get_last_lr())
                moms.append([g["momentum"] for g in opt.param_groups])
            sd = {k: v for k, v in s.state_dict().items()
                  if k not in ("lr_lambdas", "_get_lr_called_within_step", "_is_initial",
                               "milestones", "_schedule_phases", "_anneal_func_type")}
            return [lrs, moms, sorted(sd)]
        return f
    CASES[f"sched_{_name}_{_i}"] = _mks()


@case
def sched_adam_onecycle_betas(T):
    ps, opt = _run_opt(T, "Adam", dict(lr=0.01), steps=20,
                       sched=("OneCycleLR", dict(max_lr=0.05, total_steps=20)))
    return [[p.detach() for p in ps], opt.param_groups[0]["betas"], opt.param_groups[0]["lr"]]


@case
def sched_warn_order(T):
    import warnings
    ps = _params(T)
    opt = T.optim.SGD(ps, lr=0.1)
    s = T.optim.lr_scheduler.StepLR(opt, 2)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        s.step()
    return [str(x.message) for x in w]


CASES["sched_not_optimizer_err"] = _err(lambda T: T.optim.lr_scheduler.StepLR(3, 2))
CASES["sched_onecycle_total_err"] = _err(
    lambda T: T.optim.lr_scheduler.OneCycleLR(T.optim.SGD(_params(T), lr=0.1), 0.1))
CASES["sched_onecycle_steps_err"] = _err(lambda T: _onecycle_past_end(T))
CASES["sched_linear_factor_err"] = _err(
    lambda T: T.optim.lr_scheduler.LinearLR(T.optim.SGD(_params(T), lr=0.1), start_factor=0))
CASES["sched_resume_err"] = _err(
    lambda T: T.optim.lr_scheduler.StepLR(T.optim.SGD(_params(T), lr=0.1), 2, last_epoch=3))


def _onecycle_past_end(T):
    opt = T.optim.SGD(_params(T), lr=0.1)
    s = T.optim.lr_scheduler.OneCycleLR(opt, 0.1, total_steps=3)
    for _ in range(4):
        opt.step()
        s.step()


# ============================================================== utils.data
def _ds(T):
    return T.utils.data.TensorDataset(_x(T, (7, 2)), T.arange(7))


@case
def data_loader_sequential(T):
    DL = T.utils.data.DataLoader
    ds = _ds(T)
    return [list(DL(ds, batch_size=3)), list(DL(ds, batch_size=3, drop_last=True)),
            len(DL(ds, batch_size=3)), len(DL(ds, batch_size=3, drop_last=True)),
            list(DL(ds)), len(ds), ds[2], list(DL(ds, batch_size=None))[:2]]


@case
def data_loader_shuffle(T):
    DL = T.utils.data.DataLoader
    T.manual_seed(1)
    batches = list(DL(_ds(T), batch_size=2, shuffle=True))
    seen = sorted(int(i) for b in batches for i in b[1])
    return [seen, [len(b[1]) for b in batches], [list(b[0].shape) for b in batches]]


@case
def data_collate(T):
    DL = T.utils.data.DataLoader
    import collections
    Point = collections.namedtuple("Point", ["x", "y"])
    samples = [{"a": i, "b": float(i) / 2, "c": T.ones(2) * i, "d": (i, [i, i + 1]),
                "s": f"s{i}", "p": Point(i, T.tensor(float(i)))} for i in range(4)]
    b = next(iter(DL(samples, batch_size=4)))
    return [b["a"], b["b"], b["c"], b["d"], b["s"], type(b["p"]).__name__, b["p"].x, b["p"].y,
            next(iter(DL([True, False], batch_size=2))),
            next(iter(DL([[1, 2], [3, 4]], batch_size=2)))]


CASES["data_collate_ragged_err"] = _err(
    lambda T: next(iter(T.utils.data.DataLoader([[1, 2], [3]], batch_size=2))))
CASES["data_collate_type_err"] = _err(
    lambda T: next(iter(T.utils.data.DataLoader([object(), object()], batch_size=2))))
CASES["data_batch_size_err"] = _err(lambda T: T.utils.data.DataLoader([1], batch_size=0))
CASES["data_sampler_shuffle_err"] = _err(
    lambda T: T.utils.data.DataLoader([1, 2], shuffle=True, sampler=[0, 1]))
CASES["data_batch_sampler_err"] = _err(
    lambda T: T.utils.data.DataLoader([1, 2], batch_size=2, batch_sampler=[[0, 1]]))
CASES["data_drop_last_err"] = _err(
    lambda T: T.utils.data.BatchSampler(range(3), 2, drop_last=1))
CASES["data_tensor_dataset_err"] = _err(
    lambda T: T.utils.data.TensorDataset(T.zeros(3), T.zeros(4)))
CASES["data_random_split_err"] = _err(lambda T: T.utils.data.random_split(range(10), [3, 3]))
CASES["data_dataset_getitem_err"] = _err(lambda T: T.utils.data.Dataset()[0])
CASES["data_iterable_shuffle_err"] = _err(
    lambda T: T.utils.data.DataLoader(_Stream(T), shuffle=True))


def _Stream(T):
    class Stream(T.utils.data.IterableDataset):
        def __iter__(self):
            return iter(range(7))
    return Stream()


@case
def data_iterable(T):
    DL = T.utils.data.DataLoader
    s = _Stream(T)
    return [list(DL(s, batch_size=3)), list(DL(s, batch_size=3, drop_last=True)),
            list(DL(s, batch_size=None))[:3]]


@case
def data_samplers(T):
    D = T.utils.data
    bs = D.BatchSampler(D.SequentialSampler(range(7)), 3, False)
    T.manual_seed(0)
    rs = list(D.RandomSampler(range(6)))
    rs_n = list(D.RandomSampler(range(4), num_samples=10))
    rs_r = list(D.RandomSampler(range(4), replacement=True, num_samples=40))
    custom = list(D.DataLoader(_ds(T), batch_sampler=[[6, 0], [3]]))
    return [list(bs), len(bs), len(D.BatchSampler(range(7), 3, True)),
            list(D.BatchSampler(range(7), 3, True)), sorted(rs), len(rs_n),
            sorted(set(rs_n)), len(rs_r), all(0 <= i < 4 for i in rs_r),
            list(D.SequentialSampler([5, 6])), custom]


@case
def data_random_split(T):
    D = T.utils.data
    T.manual_seed(0)
    a, b, c = D.random_split(range(10), [0.33, 0.33, 0.34])
    d, e = D.random_split(range(11), [0.5, 0.5])
    f, g = D.random_split(_ds(T), [5, 2])
    return [[len(a), len(b), len(c)], sorted(list(a) + list(b) + list(c)), [len(d), len(e)],
            type(f).__name__, len(g), sorted(int(f[i][1]) for i in range(5)) +
            sorted(int(g[i][1]) for i in range(2)) != [], [type(x).__name__ for x in (a, d)]]


@case
def data_subset_concat(T):
    D = T.utils.data
    ds = _ds(T)
    sub = D.Subset(ds, [6, 1, 3])
    cat = ds + sub
    return [len(sub), sub[0], len(cat), cat[8], cat[-1], list(D.DataLoader(sub, batch_size=2))]


# ============================================================== end to end
def _train(T, opt_name, opt_kw, steps=30, batch_size=8):
    """A small MLP classifier trained with nn + optim + DataLoader (+ a scheduler) from the same
    weights and data in both libraries; returns the per-step losses and the final weights."""
    nn = T.nn
    model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 16), nn.Tanh(),
                          nn.Linear(16, 3))
    _fill(T, model)
    x = _x(T, (48, 4))
    y = (_x(T, (48,), 3).abs() * 1.49).long()
    loader = T.utils.data.DataLoader(T.utils.data.TensorDataset(x, y), batch_size=batch_size)
    opt = getattr(T.optim, opt_name)(model.parameters(), **opt_kw)
    sched = T.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
    loss_fn = nn.CrossEntropyLoss()
    losses = []
    step = 0
    while step < steps:
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
            losses.append(loss.item())
            step += 1
            if step == steps:
                break
    model.eval()
    with T.no_grad():
        acc = (model(x).argmax(1) == y).float().mean()
    return [losses, acc, [p.detach() for p in model.parameters()]]


CASES["e2e_mlp_sgd"] = lambda T: _train(T, "SGD", dict(lr=0.2, momentum=0.9))
CASES["e2e_mlp_adam"] = lambda T: _train(T, "Adam", dict(lr=0.01))
CASES["e2e_mlp_adamw"] = lambda T: _train(T, "AdamW", dict(lr=0.01, weight_decay=0.1))
CASES["e2e_mlp_rmsprop"] = lambda T: _train(T, "RMSprop", dict(lr=0.005, momentum=0.5))
