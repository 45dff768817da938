"""Seeded random programs whose every number must be torch's, bit for bit
(NOTE [ torch's CPU random streams ] in cyautograd/_mt19937.pyx). Each case
is fn(T) -> a list of results; T is torch or cyautograd. Generated over
seeds, shapes (0-d, zero-size, 1..4096 elements, non-contiguous views) and
dtypes, plus hand-written programs (training-loop idioms, DataLoader
shuffling, state round trips)."""
import math

SHAPES = [(), (0,), (1,), (3,), (15,), (16,), (17,), (2, 8), (5, 7), (33,), (4, 0, 3), (64, 64)]
SEEDS = [0, 1, 42, 2 ** 32 + 3, 123456789]
FLOATS = ["float32", "float64", "float16"]


def _g(T, seed):
    return T.Generator().manual_seed(seed)


def _cases():
    cases = {}

    def add(name, fn):
        assert name not in cases, name
        cases[name] = fn

    for si, seed in enumerate(SEEDS):
        for shape in SHAPES:
            for dt in FLOATS:
                add(f"rand_{seed}_{shape}_{dt}",
                    lambda T, s=seed, sh=shape, d=dt: [T.rand(sh, dtype=getattr(T, d), generator=_g(T, s))])
                add(f"randn_{seed}_{shape}_{dt}",
                    lambda T, s=seed, sh=shape, d=dt: [T.randn(sh, dtype=getattr(T, d), generator=_g(T, s))])
            add(f"randint_{seed}_{shape}",
                lambda T, s=seed, sh=shape: [T.randint(-5, 17, sh, generator=_g(T, s))])
        # global generator: interleaved scalar/block normals share the cached sample
        add(f"global_mix_{seed}", lambda T, s=seed: [
            T.manual_seed(s).initial_seed(), T.randn(3), T.randn(1), T.rand(2), T.randn(20), T.randn(1),
            T.randn(5, dtype=T.float64), T.randint(10, (4,)), T.randn(2, 3)])
    for seed in SEEDS[:3]:
        for n in [0, 1, 2, 3, 10, 100, 1000, 4096]:
            add(f"randperm_{seed}_{n}", lambda T, s=seed, k=n: [T.randperm(k, generator=_g(T, s))])
        for lo, hi in [(0, 2), (0, 10), (-100, 100), (0, 2 ** 28), (0, 2 ** 28 - 1), (-(2 ** 40), 2 ** 40),
                       (3, 2 ** 62)]:
            add(f"randint_range_{seed}_{lo}_{hi}",
                lambda T, s=seed, a=lo, b=hi: [T.randint(a, b, (40,), generator=_g(T, s))])
        for dt in ["int8", "uint8", "int16", "int32", "int64", "float32", "float64", "float16", "bool"]:
            add(f"random_default_{seed}_{dt}",
                lambda T, s=seed, d=dt: [T.empty(50, dtype=getattr(T, d)).random_(generator=_g(T, s))])
            if dt != "bool":
                add(f"random_to_{seed}_{dt}",
                    lambda T, s=seed, d=dt: [T.empty(50, dtype=getattr(T, d)).random_(100, generator=_g(T, s))])
                add(f"random_from_to_{seed}_{dt}",
                    lambda T, s=seed, d=dt: [T.empty(50, dtype=getattr(T, d)).random_(3, 60, generator=_g(T, s))])
                add(f"random_from_{seed}_{dt}",
                    lambda T, s=seed, d=dt: [T.empty(50, dtype=getattr(T, d)).random_(7, None,
                                                                                      generator=_g(T, s))])
            add(f"randint_dtype_{seed}_{dt}",
                lambda T, s=seed, d=dt: [T.randint(0, 2, (30,), dtype=getattr(T, d), generator=_g(T, s))])
        add(f"random_full64_{seed}",
            lambda T, s=seed: [T.empty(20, dtype=T.int64).random_(-2 ** 63, None, generator=_g(T, s))])
        for dt in FLOATS:
            for shape in [(3,), (40,), (6, 7)]:
                add(f"uniform_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).uniform_(-0.3, 0.7, generator=_g(T, s)),
                    T.empty(sh, dtype=getattr(T, d)).uniform_(2.5, 1e3, generator=_g(T, s))])
                add(f"normal_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).normal_(1.5, 0.25, generator=_g(T, s))])
                add(f"exponential_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).exponential_(1.7, generator=_g(T, s))])
                add(f"cauchy_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).cauchy_(0.5, 2.0, generator=_g(T, s))])
                add(f"log_normal_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).log_normal_(0.1, 0.5, generator=_g(T, s))])
                add(f"geometric_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).geometric_(0.3, generator=_g(T, s))])
                add(f"bernoulli_p_{seed}_{dt}_{shape}", lambda T, s=seed, d=dt, sh=shape: [
                    T.empty(sh, dtype=getattr(T, d)).bernoulli_(0.3, generator=_g(T, s)),
                    T.bernoulli(T.linspace(0, 1, math.prod(sh)).reshape(sh).to(getattr(T, d)),
                                generator=_g(T, s))])
        # non-contiguous outputs: TensorIterator order, the scalar normal path
        add(f"noncontig_{seed}", lambda T, s=seed: [
            T.empty(8, 5).t().uniform_(generator=_g(T, s)),
            T.empty(8, 6)[:, ::2].normal_(generator=_g(T, s)),
            T.empty(4, 6, 5).permute(2, 0, 1).normal_(generator=_g(T, s)),
            T.empty(8, 5, dtype=T.float64).t().bernoulli_(0.5, generator=_g(T, s)),
            T.empty(10, 4).t().random_(0, 100, generator=_g(T, s))])
        add(f"like_{seed}", lambda T, s=seed: [
            T.manual_seed(s), T.rand_like(T.ones(5, 7).t()), T.randn_like(T.ones(6, 9).t()),
            T.randn_like(T.ones(40)), T.rand_like(T.ones(3, dtype=T.float64)),
            T.randint_like(T.ones(6), 3, 9)])
        add(f"bernoulli_tensor_{seed}", lambda T, s=seed: [
            T.bernoulli(T.full((30,), 0.4, dtype=T.float64), generator=_g(T, s)),
            T.bernoulli(T.full((30,), 0.4), generator=_g(T, s)),
            T.empty(4, 5).bernoulli_(T.linspace(0, 1, 5), generator=_g(T, s)),
            T.empty(4, 5, dtype=T.float64).bernoulli_(T.linspace(0, 1, 5, dtype=T.float64),
                                                      generator=_g(T, s)),
            T.bernoulli(T.full((3, 4), 0.7), 0.2, generator=_g(T, s))])
        add(f"normal_overloads_{seed}", lambda T, s=seed: [
            T.normal(T.arange(20.), T.ones(20) * 0.5, generator=_g(T, s)),
            T.normal(T.arange(5.), 2.0, generator=_g(T, s)),
            T.normal(1.0, T.ones(3, 7), generator=_g(T, s)),
            T.normal(T.zeros(2, 1), T.ones(1, 9), generator=_g(T, s)),
            T.normal(-1.0, 3.0, (4, 5), generator=_g(T, s)),
            T.normal(0.5, 2.0, size=(2,), generator=_g(T, s), dtype=T.float64)])
        add(f"multinomial_{seed}", lambda T, s=seed: [
            T.multinomial(T.tensor([0.1, 0.2, 0.3, 0.4]), 1, generator=_g(T, s)),
            T.multinomial(T.tensor([0.1, 0.2, 0.3, 0.4]), 4, generator=_g(T, s)),
            T.multinomial(T.tensor([1., 0., 3., 5., 2.]), 3, generator=_g(T, s)),
            T.multinomial(T.tensor([0.1, 0.2, 0.3, 0.4]), 50, replacement=True, generator=_g(T, s)),
            T.multinomial(T.rand(3, 6, generator=_g(T, s + 1)), 20, True, generator=_g(T, s)),
            T.multinomial(T.rand(4, 9, generator=_g(T, s + 1), dtype=T.float64), 5, generator=_g(T, s)),
            T.multinomial(T.ones(7), 1, True, generator=_g(T, s))])
        add(f"dropout_{seed}", lambda T, s=seed: _dropout(T, s))
        add(f"modules_{seed}", lambda T, s=seed: _modules(T, s))
        add(f"loader_{seed}", lambda T, s=seed: _loader(T, s))
        add(f"state_{seed}", lambda T, s=seed: _state(T, s))
    # the other factories whose rounding follows torch's kernels (linspace, arange)
    import random as _pyrandom
    r = _pyrandom.Random(7)
    spans = [(0, 1, 5), (-1, 1, 6), (0, 10, 11), (3, 5, 1), (0, 1, 0), (-2.5, 7.25, 100), (1e-3, 1e3, 33),
             (0, 1, 1000)] + [(round(r.uniform(-10, 10), 3), round(r.uniform(-10, 10), 3), r.randrange(90))
                              for _ in range(12)]
    for i, (a, b, n) in enumerate(spans):
        for dt in ["float32", "float64", "float16", "int64", "int32"]:
            add(f"linspace_{i}_{dt}", lambda T, a=a, b=b, n=n, d=dt: [T.linspace(a, b, n, dtype=getattr(T, d))])
    steps = [(0, 1, 0.1), (0, 10, 1), (-3, 3, 0.25), (0, 5, 0.3), (1, 2, 0.01), (0, 100, 0.7), (0, 12000, 0.37)] + \
        [(a, a + st * r.randrange(60), st) for a, st in ((round(r.uniform(-10, 10), 3), round(r.uniform(0.01, 2), 3))
                                                      for _ in range(12))]
    for i, (a, b, st) in enumerate(steps):
        for dt in ["float32", "float64"]:
            add(f"arange_{i}_{dt}", lambda T, a=a, b=b, st=st, d=dt: [T.arange(a, b, st, dtype=getattr(T, d))])
    for i, kw in enumerate([dict(std=0.02), dict(), dict(mean=0.5, std=1.0, a=0.0, b=0.3),
                            dict(mean=0.0, std=1.0, a=1.5, b=3.0), dict(std=2.0, a=-1.0, b=1.0)]):
        add(f"trunc_normal_{i}", lambda T, kw=kw: [T.manual_seed(3), T.nn.init.trunc_normal_(T.empty(4, 6), **kw),
                                                  T.rand(2)])
    add("seed_values", lambda T: [T.manual_seed(-1).initial_seed(), T.manual_seed(2 ** 63 + 5).initial_seed(),
                                  T.rand(2), T.Generator().initial_seed(), T.rand(3, generator=T.Generator())])
    return cases


def _dropout(T, s):
    T.manual_seed(s)
    x = T.randn(6, 7, requires_grad=True)
    y = T.nn.functional.dropout(x, 0.3)
    y.sum().backward()
    d = T.nn.Dropout(0.5)
    z = d(T.ones(40, dtype=T.float64))
    w = T.ones(3, 20)
    v = w._version
    T.nn.functional.dropout(w, 0.25, inplace=True)
    d.eval()
    return [y, type(y.grad_fn).__name__, x.grad, z, w, w._version - v, d(T.ones(3)),
            T.nn.functional.dropout(T.ones(5, 4).t(), 0.5), T.nn.functional.dropout(T.ones(3), 1.0)]


def _modules(T, s):
    T.manual_seed(s)
    lin = T.nn.Linear(5, 3)
    emb = T.nn.Embedding(4, 3)
    conv = T.nn.Conv2d(2, 3, 3)
    seq = T.nn.Sequential(T.nn.Linear(4, 8), T.nn.ReLU(), T.nn.Linear(8, 2))
    w = T.empty(4, 6)
    T.nn.init.xavier_uniform_(w)
    u = T.empty(3, 5)
    T.nn.init.kaiming_normal_(u, mode="fan_out", nonlinearity="relu")
    n = T.empty(3, 4)
    T.nn.init.normal_(n, 0.0, 0.02)
    return [lin.weight, lin.bias, emb.weight, conv.weight, conv.bias] + list(seq.parameters()) + [w, u, n,
                                                                                                  T.rand(2)]


def _loader(T, s):
    T.manual_seed(s)
    data = T.arange(10.)
    ds = T.utils.data.TensorDataset(data, data * 2)
    out = []
    for xb, yb in T.utils.data.DataLoader(ds, batch_size=4, shuffle=True):
        out.append(xb)
    out.append(T.rand(2))
    g = T.Generator().manual_seed(s + 1)
    for (xb,) in T.utils.data.DataLoader(T.utils.data.TensorDataset(data), batch_size=3, shuffle=True,
                                         generator=g):
        out.append(xb)
    out.append(T.randn(2))
    a, b = T.utils.data.random_split(range(10), [7, 3], generator=T.Generator().manual_seed(s))
    out.append(list(a.indices))
    c, _ = T.utils.data.random_split(range(6), [0.5, 0.5])
    out.append(list(c.indices))
    out.append(list(T.utils.data.RandomSampler(range(7), replacement=True, num_samples=40)))
    out.append(list(T.utils.data.SubsetRandomSampler([3, 5, 8, 9])))
    return out


def _state(T, s):
    g = T.Generator().manual_seed(s)
    T.randn(3, generator=g)       # leaves a cached normal in the state
    st = g.get_state()
    a = T.randn(5, generator=g)
    h = T.Generator()
    h.set_state(st)
    b = T.randn(5, generator=h)
    T.manual_seed(s)
    T.rand(7)
    glob = T.get_rng_state()
    c = T.rand(4)
    T.set_rng_state(glob)
    d = T.rand(4)
    return [st, a, b, c, d, h.initial_seed(), T.initial_seed()]


CASES = _cases()
