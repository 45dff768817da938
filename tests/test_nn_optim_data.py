"""Issue 15: nn / optim / utils.data behaviour that is not a single differential
snippet -- generated configurations against live torch, the library generator,
in-process loading, and memory flatness of a Module training loop."""
import gc
import tracemalloc
import warnings

import numpy as np
import pytest

import cyautograd as cy
import harness

nn = cy.nn
F = cy.nn.functional


def _to_torch(T, t, requires_grad=False):
    out = T.tensor(t.detach().numpy())
    return out.requires_grad_() if requires_grad else out


def _close(a, b, rtol):
    a = a.detach().numpy() if hasattr(a, "detach") else np.asarray(a)
    b = b.detach().numpy() if hasattr(b, "detach") else np.asarray(b)
    assert a.shape == b.shape, (a.shape, b.shape)
    scale = max(1.0, float(np.max(np.abs(b)))) if b.size else 1.0
    np.testing.assert_allclose(a, b, rtol=rtol, atol=rtol * scale)


# ------------------------------------------------------------------ generated vs torch
def _conv_configs(n, seed):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        nd = int(rng.integers(1, 3))
        groups = int(rng.choice([1, 1, 2, 3]))
        cin = groups * int(rng.integers(1, 4))
        cout = groups * int(rng.integers(1, 4))
        k = tuple(int(v) for v in rng.integers(1, 4, nd))
        stride = tuple(int(v) for v in rng.integers(1, 3, nd))
        dil = tuple(int(v) for v in rng.integers(1, 3, nd))
        pad = tuple(int(rng.integers(0, kk + 1)) for kk in k)
        size = tuple(int(d * (kk - 1) + 1 + rng.integers(0, 6)) for d, kk in zip(dil, k))
        batch = int(rng.integers(1, 4))
        dtype = str(rng.choice(["float32", "float64"]))
        yield nd, groups, cin, cout, k, stride, dil, pad, size, batch, dtype


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("cfg", list(_conv_configs(40, 0)), ids=lambda c: "x".join(map(str, c[4])))
def test_conv_generated_vs_torch(cfg):
    T = harness.torch_module()
    nd, groups, cin, cout, k, stride, dil, pad, size, batch, dtype = cfg
    rng = np.random.default_rng(hash(cfg) % 2**32)
    x = rng.standard_normal((batch, cin) + size).astype(dtype)
    w = rng.standard_normal((cout, cin // groups) + k).astype(dtype)
    b = rng.standard_normal(cout).astype(dtype)
    g = None
    outs = []
    for lib in (cy, T):
        xs, ws, bs = (lib.tensor(a, requires_grad=True) for a in (x, w, b))
        conv = lib.nn.functional.conv1d if nd == 1 else lib.nn.functional.conv2d
        y = conv(xs, ws, bs, stride=stride, padding=pad, dilation=dil, groups=groups)
        if g is None:
            g = rng.standard_normal(tuple(y.shape)).astype(dtype)
        (y * lib.tensor(g)).sum().backward()
        outs.append([y, xs.grad, ws.grad, bs.grad])
    rtol = 1e-4 if dtype == "float32" else 1e-10
    for a, b_ in zip(*outs):
        _close(a, b_, rtol)


def _pool_configs(n, seed):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        k = tuple(int(v) for v in rng.integers(1, 4, 2))
        stride = tuple(int(v) for v in rng.integers(1, 4, 2))
        pad = tuple(int(rng.integers(0, kk // 2 + 1)) for kk in k)
        size = tuple(int(kk + rng.integers(0, 6)) for kk in k)
        ceil = bool(rng.integers(0, 2))
        yield k, stride, pad, size, ceil


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("cfg", list(_pool_configs(40, 1)), ids=str)
def test_pool_generated_vs_torch(cfg):
    T = harness.torch_module()
    k, stride, pad, size, ceil = cfg
    rng = np.random.default_rng(abs(hash(cfg)) % 2**32)
    # rounded values make ties: the gradient must go where torch sends it
    x = np.round(rng.standard_normal((2, 3) + size) * 2).astype(np.float32)
    outs = []
    for lib in (cy, T):
        res = []
        for fn in ("max", "avg"):
            if fn == "avg" and ceil:
                continue
            xs = lib.tensor(x, requires_grad=True)
            if fn == "max":
                y = lib.nn.functional.max_pool2d(xs, k, stride, pad, ceil_mode=ceil)
            else:
                y = lib.nn.functional.avg_pool2d(xs, k, stride, pad,
                                                 count_include_pad=bool(sum(size) % 2))
            (y * lib.arange(y.numel(), dtype=lib.float32).reshape(tuple(y.shape))).sum() \
                .backward()
            res += [y, xs.grad]
        outs.append(res)
    for a, b_ in zip(*outs):
        _close(a, b_, 1e-5)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("seed", range(12))
def test_optimizer_generated_vs_torch(seed):
    """Random optimizer settings, shapes and gradient streams: 100 steps agree with torch's
    to float32 rounding."""
    T = harness.torch_module()
    rng = np.random.default_rng(seed)
    name = ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad"][seed % 5]
    kw = {"lr": float(rng.uniform(1e-3, 0.1))}
    if name == "SGD":
        kw.update(momentum=float(rng.choice([0.0, 0.5, 0.9])),
                  weight_decay=float(rng.choice([0.0, 0.01])), maximize=bool(rng.integers(2)))
        if kw["momentum"] and rng.integers(2):
            kw["nesterov"] = True
        elif kw["momentum"]:
            kw["dampening"] = float(rng.uniform(0, 0.5))
    elif name in ("Adam", "AdamW"):
        kw.update(betas=(float(rng.uniform(0.5, 0.95)), float(rng.uniform(0.9, 0.999))),
                  amsgrad=bool(rng.integers(2)), weight_decay=float(rng.choice([0.0, 0.1])))
    elif name == "RMSprop":
        kw.update(momentum=float(rng.choice([0.0, 0.9])), centered=bool(rng.integers(2)),
                  alpha=float(rng.uniform(0.8, 0.99)))
    else:
        kw.update(lr_decay=float(rng.choice([0.0, 0.01])),
                  initial_accumulator_value=float(rng.choice([0.0, 0.1])))
    # zero-size parameters: see test_optimizer_zero_size_param
    shapes = [tuple(int(s) for s in rng.integers(1, 6, int(rng.integers(0, 3))))
              for _ in range(3)]
    dtype = ["float32", "float64"][seed % 2]
    p0 = [np.asarray(rng.standard_normal(s), dtype=dtype) for s in shapes]
    grads = [[np.asarray(rng.standard_normal(s) * (1 + k % 5), dtype=dtype) for s in shapes]
             for k in range(100)]
    finals = []
    for lib in (cy, T):
        ps = [lib.nn.Parameter(lib.tensor(a)) for a in p0]
        opt = getattr(lib.optim, name)(ps, **kw)
        for gs in grads:
            for p, g in zip(ps, gs):
                p.grad = lib.tensor(g)
            opt.step()
        finals.append(ps)
    for a, b_ in zip(*finals):
        _close(a, b_, 1e-5 if dtype == "float32" else 1e-12)


@pytest.mark.xfail(reason="core: an in-place op on a zero-size tensor (numpy strides 0) raises "
                   "the internal-overlap error; torch allows it", raises=RuntimeError,
                   strict=False)
@pytest.mark.parametrize("name", ["SGD", "Adam", "RMSprop", "Adagrad"])
def test_optimizer_zero_size_param(name):
    p = nn.Parameter(cy.zeros(0, 3))
    q = nn.Parameter(cy.ones(2))
    kw = {"momentum": 0.9} if name in ("SGD", "RMSprop") else {}
    opt = getattr(cy.optim, name)([p, q], lr=0.1, **kw)
    for _ in range(2):
        p.grad, q.grad = cy.zeros(0, 3), cy.ones(2)
        opt.step()
    assert tuple(p.shape) == (0, 3) and float(q.sum()) < 2


# ------------------------------------------------------------------ library generator
def test_init_follows_manual_seed():
    cy.manual_seed(123)
    a = nn.Linear(5, 4)
    cy.manual_seed(123)
    b = nn.Linear(5, 4)
    assert all(bool((p == q).all()) for p, q in zip(a.parameters(), b.parameters()))
    c = nn.Linear(5, 4)
    assert not bool((a.weight == c.weight).all())
    bound = 1 / np.sqrt(5)
    assert float(a.weight.abs().max()) <= bound and float(a.bias.abs().max()) <= bound


def test_shuffle_follows_manual_seed_and_generator():
    ds = cy.utils.data.TensorDataset(cy.arange(20))
    order = []
    for _ in range(2):
        cy.manual_seed(7)
        order.append([int(i) for (b,) in cy.utils.data.DataLoader(ds, batch_size=4,
                                                                 shuffle=True) for i in b])
    assert order[0] == order[1] and sorted(order[0]) == list(range(20))
    # a numpy Generator (what cyautograd.manual_seed returns) drives the permutation
    g1, g2 = np.random.default_rng(3), np.random.default_rng(3)
    a = [int(i) for (b,) in cy.utils.data.DataLoader(ds, batch_size=5, shuffle=True,
                                                     generator=g1) for i in b]
    b_ = [int(i) for (b,) in cy.utils.data.DataLoader(ds, batch_size=5, shuffle=True,
                                                      generator=g2) for i in b]
    assert a == b_ and sorted(a) == list(range(20))
    s1 = cy.utils.data.random_split(range(10), [0.5, 0.5], generator=np.random.default_rng(1))
    s2 = cy.utils.data.random_split(range(10), [0.5, 0.5], generator=np.random.default_rng(1))
    assert list(s1[0]) == list(s2[0])


def test_dropout_follows_manual_seed():
    x = cy.ones(100)
    cy.manual_seed(5)
    a = F.dropout(x, 0.3)
    cy.manual_seed(5)
    b = F.dropout(x, 0.3)
    assert bool((a == b).all())


def test_num_workers_must_be_zero():
    with pytest.raises(NotImplementedError, match="num_workers must be 0"):
        cy.utils.data.DataLoader([1, 2], num_workers=2)
    with pytest.raises(ValueError, match="num_workers option should be non-negative"):
        cy.utils.data.DataLoader([1, 2], num_workers=-1)


def test_failed_load_state_dict_leaves_parameters():
    m = nn.Linear(2, 3)
    before = [p.detach().clone() for p in m.parameters()]
    versions = [p._version for p in m.parameters()]
    with pytest.raises(RuntimeError, match="size mismatch for weight"):
        m.load_state_dict({"weight": cy.zeros(3, 3), "bias": cy.zeros(3)})
    # torch copies the keys that fit before reporting: bias was loaded
    assert bool((m.weight == before[0]).all())
    assert m.weight._version == versions[0]


def test_optimizer_updates_in_place_under_no_grad():
    p = nn.Parameter(cy.ones(3))
    opt = cy.optim.Adam([p], lr=0.1)
    p.grad = cy.ones(3)
    v = p._version
    opt.step()
    assert p._version > v and p.grad_fn is None and p.is_leaf and p.requires_grad
    assert all(t.grad_fn is None and not t.requires_grad
               for t in opt.state[p].values())


# ------------------------------------------------------------------ memory
def _run_flat(step, steps, warmup):
    gc.collect()
    gc.disable()
    try:
        tracemalloc.start()
        for i in range(steps):
            step(i)
            if i == warmup - 1:
                base, _ = tracemalloc.get_traced_memory()
        end, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        collected = gc.collect()
    finally:
        gc.enable()
    return end - base, collected


@pytest.mark.parametrize("opt_name", ["SGD", "Adam"])
def test_module_training_loop_memory_flat_without_gc(opt_name):
    """A Module + optimizer + DataLoader + scheduler loop makes no reference cycles and
    does not grow (graphs, hooks' state and optimizer state all free by refcount)."""
    cy.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.LayerNorm(16), nn.Dropout(0.1),
                          nn.Linear(16, 4))
    model.register_forward_hook(lambda m, a, o: None)
    model[0].register_full_backward_hook(lambda m, gi, go: None)
    opt = getattr(cy.optim, opt_name)(model.parameters(), lr=0.01)
    sched = cy.optim.lr_scheduler.StepLR(opt, 50)
    ds = cy.utils.data.TensorDataset(cy.randn(64, 8), cy.randint(0, 4, (64,)))
    loader = cy.utils.data.DataLoader(ds, batch_size=16)
    loss_fn = nn.CrossEntropyLoss()
    losses = []

    def step(i):
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
        sched.step()
        losses.append(loss.item())

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        step(-1)  # first-call work (signature parsing, caches) happens before measuring
        growth, collected = _run_flat(step, 250, 50)
    assert collected == 0
    assert growth < 96 * 1024, f"memory grew by {growth} bytes over 200 epochs"
    assert losses[-1] < losses[0]


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_conv_pool_large_vs_torch():
    """Sizes and strides past 256 elements per dim (where a view's geometry holds
    non-cached ints) through conv, pooling and their backward."""
    T = harness.torch_module()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 6, 30, 20)).astype(np.float32)
    w = rng.standard_normal((8, 3, 3, 3)).astype(np.float32)
    outs = []
    for lib in (cy, T):
        xs, ws = lib.tensor(x, requires_grad=True), lib.tensor(w, requires_grad=True)
        F_ = lib.nn.functional
        y = F_.conv2d(xs, ws, padding=1, groups=2)
        z = F_.max_pool2d(y, 2) + F_.avg_pool2d(y, 2)
        (z * z).sum().backward()
        outs.append([z, xs.grad, ws.grad])
    for a, b_ in zip(*outs):
        _close(a, b_, 1e-4)


_ACTS = ["ReLU", "GELU", "Tanh", "Sigmoid", "SiLU", "LeakyReLU", "ELU", "Softplus", "Mish",
         "Hardswish", "Identity"]


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("seed", range(10))
def test_module_stack_generated_vs_torch(seed):
    """Random stacks of Linear / activation / LayerNorm / BatchNorm1d, widths up to a few
    thousand, weights copied across: outputs, input and parameter gradients, running stats."""
    T = harness.torch_module()
    rng = np.random.default_rng(seed)
    widths = [int(rng.choice([1, 3, 17, 64, 2048]))] + \
        [int(rng.choice([2, 16, 33, 1000])) for _ in range(int(rng.integers(1, 4)))]
    spec = []
    for i in range(len(widths) - 1):
        spec.append(("Linear", widths[i], widths[i + 1], bool(rng.integers(2))))
        kind = int(rng.integers(3))
        if kind == 1:
            spec.append(("LayerNorm", widths[i + 1]))
        elif kind == 2:
            spec.append(("BatchNorm1d", widths[i + 1]))
        spec.append((str(rng.choice(_ACTS)),))
    batch = int(rng.integers(2, 9))
    dtype = ["float32", "float64"][seed % 2]
    x = rng.standard_normal((batch, widths[0])).astype(dtype)
    built = []
    for lib in (cy, T):
        layers = []
        for s in spec:
            if s[0] == "Linear":
                layers.append(lib.nn.Linear(s[1], s[2], bias=s[3]))
            elif s[0] in ("LayerNorm", "BatchNorm1d"):
                layers.append(getattr(lib.nn, s[0])(s[1]))
            else:
                layers.append(getattr(lib.nn, s[0])())
        built.append(lib.nn.Sequential(*layers).to(getattr(lib, dtype)))
    ours, theirs = built
    with cy.no_grad():
        for (n, p), (n2, q) in zip(ours.named_parameters(), theirs.named_parameters()):
            assert n == n2
            p.copy_(cy.tensor(rng.standard_normal(tuple(q.shape)) * 0.3))
            q.data.copy_(T.tensor(p.detach().numpy()))
    assert repr(ours) == repr(theirs)
    assert list(ours.state_dict()) == list(theirs.state_dict())
    res = []
    for lib, m in ((cy, ours), (T, theirs)):
        xs = lib.tensor(x, requires_grad=True)
        y = m(xs)
        (y * y).sum().backward()
        res.append([y, xs.grad] + [p.grad for p in m.parameters()] + list(m.buffers()))
    rtol = 2e-4 if dtype == "float32" else 1e-9
    for a, b_ in zip(*res):
        _close(a, b_, rtol)
