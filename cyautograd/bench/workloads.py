"""What the suite measures: one Row per metadata operation or autograd
pattern, grouped in categories, each written once for the torch API (run on
cyautograd and on torch) and, where the library has the concept, for MyGrad
and HIPS autograd; plus the floor each row is compared with (a bare numpy
call, a bare Cython attribute read, or the same math written by hand in
numpy)."""
import numpy as np

CATEGORIES = [
    ("reads", "metadata reads"),
    ("version", "version bump"),
    ("views", "view creation"),
    ("view_inplace", "view + in-place"),
    ("hooks", "hook dispatch"),
    ("nodes", "node creation"),
    ("engine", "engine"),
    ("training", "training step"),
    ("floors", "floors"),
    ("device", "on the device backend (cli.run_device_rows)"),
]


class Row:
    """make(T) builds the workload for the torch API module T (cyautograd or
    torch); mygrad(mg) / hips(anp, grad) build it for MyGrad / HIPS
    autograd; floor() builds the floor. Each returns a callable or a
    (statement, namespace) pair."""

    def __init__(self, category, key, name, make=None, floor=None, floor_name=None, mygrad=None,
                 hips=None):
        self.category, self.key, self.name = category, key, name
        self.make, self.floor, self.floor_name = make, floor, floor_name
        self.mygrad, self.hips = mygrad, hips


def _vec(T, requires_grad=False):
    return T.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=requires_grad)


def _mat(T, requires_grad=True):
    return T.tensor(np.arange(16, dtype=np.float32).reshape(4, 4) / 16, requires_grad=requires_grad)


def _mg_vec(mg, constant=False):
    return mg.tensor([1.0, 2.0, 3.0, 4.0], constant=constant)


def _mg_mat(mg):
    return mg.tensor(np.arange(16, dtype=np.float32).reshape(4, 4) / 16)


# -- floors ------------------------------------------------------------------------

def cython_attribute_read():
    from cyautograd.bench._floor import Slot
    return "s.value", {"s": Slot(1)}


def numpy_mul():
    a = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    b = np.array([0.5, 1.5, -1.0, 2.0], np.float32)
    return "a * b", {"a": a, "b": b}


# -- metadata reads ------------------------------------------------------------------

def _read(stmt):
    def make(T):
        x = _vec(T, True)
        y = x * 2
        v = y[1:]
        y.sum().backward(retain_graph=True)
        return stmt, {"x": x, "y": y, "v": v}
    return make


def _mg_read(stmt):
    def make(mg):
        x = _mg_vec(mg)
        y = x * 2
        v = y[1:]
        y.sum().backward()
        y = x * 2
        v = y[1:]
        return stmt, {"x": x, "y": y, "v": v}
    return make


READ = dict(floor=cython_attribute_read, floor_name="Cython attribute read")
ROWS = [
    Row("reads", "version", "y._version (non-leaf)", _read("y._version"), **READ),
    Row("reads", "grad_fn_leaf", "x.grad_fn (leaf)", _read("x.grad_fn"), mygrad=_mg_read("x.creator"), **READ),
    Row("reads", "grad_fn", "y.grad_fn (non-leaf)", _read("y.grad_fn"), mygrad=_mg_read("y.creator"), **READ),
    Row("reads", "grad_fn_view", "v.grad_fn (view)", _read("v.grad_fn"), mygrad=_mg_read("v.creator"), **READ),
    Row("reads", "is_leaf", "y.is_leaf", _read("y.is_leaf"), **READ),
    Row("reads", "requires_grad", "y.requires_grad", _read("y.requires_grad"),
        mygrad=_mg_read("y.constant"), **READ),
    Row("reads", "grad", "x.grad (leaf)", _read("x.grad"), mygrad=_mg_read("x.grad"), **READ),
]


# -- version bump ------------------------------------------------------------------------

def _np_add_inplace():
    a = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    return "a += 1", {"a": a}


def _np_sgd():
    p = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    g = np.array([0.1, 0.2, 0.3, 0.4], np.float32)
    return "p -= lr * g", {"p": p, "g": g, "lr": 0.01}


def _add_plain(T):
    return "x.add_(1)", {"x": _vec(T)}


def _add_no_grad(T):
    return "with T.no_grad():\n    p.add_(1)", {"T": T, "p": _vec(T, True)}


def _sgd(T):
    return ("with T.no_grad():\n    p.sub_(lr * g)",
            {"T": T, "p": _vec(T, True), "g": T.tensor([0.1, 0.2, 0.3, 0.4]), "lr": 0.01})


def _mg_add_plain(mg):
    return "x += 1", {"x": _mg_vec(mg, True)}


def _mg_add_no_grad(mg):
    return "with mg.no_autodiff:\n    p += 1", {"mg": mg, "p": _mg_vec(mg)}


def _mg_sgd(mg):
    return ("with mg.no_autodiff:\n    p -= lr * g",
            {"mg": mg, "p": _mg_vec(mg), "g": mg.tensor([0.1, 0.2, 0.3, 0.4], constant=True), "lr": 0.01})


ROWS += [
    Row("version", "add_plain", "x.add_(1), plain (4,)", _add_plain, _np_add_inplace, "numpy a += 1",
        mygrad=_mg_add_plain),
    Row("version", "add_no_grad", "p.add_(1) on a leaf under no_grad", _add_no_grad, _np_add_inplace,
        "numpy a += 1", mygrad=_mg_add_no_grad),
    Row("version", "sgd", "p.sub_(lr*g) under no_grad (SGD)", _sgd, _np_sgd, "numpy p -= lr*g",
        mygrad=_mg_sgd),
]


# -- view creation ----------------------------------------------------------------------
# (name, torch-API statement on x, numpy statement on a, MyGrad statement on x or None)
VIEWS = [
    ("select", "x[0]", "a[0]", "x[0]"),
    ("slice", "x[1:3]", "a[1:3]", "x[1:3]"),
    ("view", "x.view(-1)", "a.reshape(-1)", "x.reshape(-1)"),
    ("reshape", "x.reshape(2, 8)", "a.reshape(2, 8)", "x.reshape(2, 8)"),
    ("t", "x.t()", "a.T", "x.T"),
    ("T", "x.T", "a.T", "x.T"),
    ("mT", "x.mT", "a.swapaxes(-2, -1)", "mg.swapaxes(x, -2, -1)"),
    ("transpose", "x.transpose(0, 1)", "a.swapaxes(0, 1)", "mg.swapaxes(x, 0, 1)"),
    ("permute", "x.permute(1, 0)", "a.transpose(1, 0)", "x.transpose(1, 0)"),
    ("movedim", "x.movedim(0, 1)", "np.moveaxis(a, 0, 1)", "mg.moveaxis(x, 0, 1)"),
    ("flatten", "x.flatten()", "a.reshape(-1)", None),
    ("unsqueeze", "x.unsqueeze(0)", "a[None]", "mg.expand_dims(x, 0)"),
    ("squeeze", "x1.squeeze(0)", "a1.squeeze(0)", "mg.squeeze(x1, 0)"),
    ("expand", "x.expand(2, 4, 4)", "np.broadcast_to(a, (2, 4, 4))", "mg.broadcast_to(x, (2, 4, 4))"),
    ("narrow", "x.narrow(0, 1, 2)", "a[1:3]", None),
    ("diagonal", "x.diagonal()", "a.diagonal()", None),
    ("as_strided", "x.as_strided((2, 2), (4, 1))", "as_strided(a, (2, 2), (16, 4))", None),
    ("unfold", "x.unfold(0, 2, 1)", "sliding_window_view(a, 2, axis=0)", None),
    ("split", "x.split(2)", "np.split(a, 2)", None),
    ("chunk", "x.chunk(2)", "np.array_split(a, 2)", None),
    ("unbind", "x.unbind()", "list(a)", None),
    ("detach", "x.detach()", "a.view()", None),
]


def _view_row(name, stmt, np_stmt, mg_stmt, requires_grad=True):
    def make(T):
        x = _mat(T, requires_grad)
        return stmt, {"x": x, "x1": x.unsqueeze(0)}

    def floor():
        a = np.arange(16, dtype=np.float32).reshape(4, 4) / 16
        return np_stmt, {"a": a, "a1": a[None], "np": np,
                         "as_strided": np.lib.stride_tricks.as_strided,
                         "sliding_window_view": np.lib.stride_tricks.sliding_window_view}

    def mygrad(mg):
        x = _mg_mat(mg)
        return mg_stmt, {"x": x, "x1": mg.expand_dims(x, 0), "mg": mg}

    label = stmt.replace("x1.", "x.") + ("" if requires_grad else ", plain")
    return Row("views", name + ("" if requires_grad else "_plain"), label, make, floor, "numpy " + np_stmt,
               mygrad=mygrad if (mg_stmt and requires_grad) else None)


ROWS += [_view_row(*v) for v in VIEWS]
ROWS += [_view_row(*VIEWS[0], requires_grad=False), _view_row(*VIEWS[2], requires_grad=False)]


# -- view + in-place --------------------------------------------------------------------

def _inplace_view(read):
    def make(T):
        x = _mat(T)
        return f"b = x * 1\nv = b[0]\nv.mul_(2)\n{read}", {"x": x}
    return make


def _mg_inplace_view(read):
    def make(mg):
        return f"b = x * 1\nv = b[0]\nv *= 2\n{read}", {"x": _mg_mat(mg)}
    return make


def _np_inplace_view():
    a = np.arange(16, dtype=np.float32).reshape(4, 4) / 16
    return "b = a * 1\nv = b[0]\nv *= 2", {"a": a}


ROWS += [
    Row("view_inplace", "copyslices", "b=x*1; b[0].mul_(2); b.grad_fn (CopySlices)",
        _inplace_view("b.grad_fn"), _np_inplace_view, "numpy b=a*1; b[0]*=2",
        mygrad=_mg_inplace_view("b.creator")),
    Row("view_inplace", "regenerate", "... then v.grad_fn (AsStridedBackward0)",
        _inplace_view("b.grad_fn\nv.grad_fn"), _np_inplace_view, "numpy b=a*1; b[0]*=2",
        mygrad=_mg_inplace_view("b.creator\nv.creator")),
]


# -- hook dispatch ----------------------------------------------------------------------

def _hooked_backward(n):
    def make(T):
        x = _vec(T, True)
        for _ in range(n):
            x.register_hook(lambda g: None)
        return lambda: (x * 2).sum().backward()
    return make


def _np_mul_sum_backward():
    a = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    g = np.zeros(4, np.float32)
    return "y = (a * 2).sum()\ng += np.ones_like(a) * 2", {"a": a, "g": g, "np": np}


def _hooked_chain(retain):
    def make(T):
        x = _vec(T, True)

        def hook(g):
            return None

        def run():
            h = x
            for _ in range(50):
                h = h * 1.0001
                if retain:
                    h.retain_grad()
                else:
                    h.register_hook(hook)
            h.sum().backward()
        return run
    return make


def _np_chain(n, size=4):
    """n elementwise ops forward and n backward, by hand in numpy."""
    x = np.linspace(1.0, 2.0, size).astype(np.float32)
    w = np.full(size, 1.0001, np.float32)

    def run():
        y = x
        for i in range(n // 2):
            y = y * w
            y = y + w
        g = np.ones_like(y)
        for i in range(n // 2):
            g = g * w
        return g
    return run


ROWS += [
    Row("hooks", f"leaf_hooks_{n}", f"(x*2).sum().backward(), {n} hooks on x", _hooked_backward(n),
        _np_mul_sum_backward, "numpy by hand")
    for n in (0, 1, 10, 100)
] + [
    Row("hooks", "chain_hooks", "50-op chain, a hook on each, fwd+bwd", _hooked_chain(False),
        lambda: _np_chain(50), "numpy by hand"),
    Row("hooks", "chain_retain", "50-op chain, retain_grad each, fwd+bwd", _hooked_chain(True),
        lambda: _np_chain(50), "numpy by hand"),
]


# -- node creation ----------------------------------------------------------------------

def _binary(stmt, shape=(4,)):
    def make(T):
        a = T.tensor(np.linspace(1, 2, int(np.prod(shape))).reshape(shape).astype(np.float32),
                     requires_grad=True)
        b = T.tensor(np.linspace(-1, 1, int(np.prod(shape))).reshape(shape).astype(np.float32),
                     requires_grad=True)
        return stmt, {"a": a, "b": b, "T": T}
    return make


def _np_binary(stmt, shape=(4,)):
    def make():
        a = np.linspace(1, 2, int(np.prod(shape))).reshape(shape).astype(np.float32)
        b = np.linspace(-1, 1, int(np.prod(shape))).reshape(shape).astype(np.float32)
        return stmt, {"a": a, "b": b, "np": np}
    return make


def _mg_binary(stmt, shape=(4,)):
    def make(mg):
        a = mg.tensor(np.linspace(1, 2, int(np.prod(shape))).reshape(shape).astype(np.float32))
        b = mg.tensor(np.linspace(-1, 1, int(np.prod(shape))).reshape(shape).astype(np.float32))
        return stmt, {"a": a, "b": b, "mg": mg}
    return make


def _custom_function(T):
    class Scale(T.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    return "Scale.apply(x)", {"Scale": Scale, "x": _vec(T, True)}


ROWS += [
    Row("nodes", "mul", "a*b with grad, (4,)", _binary("a * b"), numpy_mul, "numpy a*b",
        mygrad=_mg_binary("a * b")),
    Row("nodes", "add", "a+b with grad, (4,)", _binary("a + b"), _np_binary("a + b"), "numpy a+b",
        mygrad=_mg_binary("a + b")),
    Row("nodes", "exp", "a.exp() with grad, (4,)", _binary("a.exp()"), _np_binary("np.exp(a)"),
        "numpy exp", mygrad=_mg_binary("mg.exp(a)")),
    Row("nodes", "sum", "a.sum() with grad, (4,)", _binary("a.sum()"), _np_binary("a.sum()"),
        "numpy sum", mygrad=_mg_binary("a.sum()")),
    Row("nodes", "matmul", "a@b with grad, (4,4)", _binary("a @ b", (4, 4)), _np_binary("a @ b", (4, 4)),
        "numpy a@b", mygrad=_mg_binary("a @ b", (4, 4))),
    Row("nodes", "custom_function", "custom Function apply, with grad", _custom_function,
        numpy_mul, "numpy a*b"),
]


# -- engine -----------------------------------------------------------------------------

def _chain_run(x, w, n):
    """forward+backward through n elementwise ops (alternating * and +)."""
    def run():
        y = x
        for i in range(n // 2):
            y = y * w
            y = y + w
        y.sum().backward()
    return run


def chain(n, size=4):
    def make(T):
        return _chain_run(T.tensor(np.linspace(1.0, 2.0, size).astype(np.float32), requires_grad=True),
                          T.tensor(np.full(size, 1.0001, np.float32)), n)
    return make


def mg_chain(n, size=4):
    def make(mg):
        return _chain_run(mg.tensor(np.linspace(1.0, 2.0, size).astype(np.float32)),
                          mg.tensor(np.full(size, 1.0001, np.float32), constant=True), n)
    return make


def hips_chain(n, size=4):
    def make(anp, grad):
        x = np.linspace(1.0, 2.0, size).astype(np.float32)
        w = np.full(size, 1.0001, np.float32)

        def f(x):
            y = x
            for i in range(n // 2):
                y = y * w
                y = y + w
            return anp.sum(y)
        df = grad(f)
        return lambda: df(x)
    return make


def _fan_in(T):
    x = _vec(T, True)
    ws = [T.tensor([1.0 + i / 100] * 4) for i in range(100)]
    return lambda: T.stack([x * w for w in ws]).sum().backward()


def _mg_fan_in(mg):
    x = _mg_vec(mg)
    ws = [mg.tensor([1.0 + i / 100] * 4, constant=True) for i in range(100)]
    return lambda: mg.stack([x * w for w in ws]).sum().backward()


def _hips_fan_in(anp, grad):
    x = np.array([1.0, 2.0, 3.0, 4.0])
    ws = [np.array([1.0 + i / 100] * 4) for i in range(100)]
    df = grad(lambda x: anp.sum(anp.stack([x * w for w in ws])))
    return lambda: df(x)


def _np_fan_in():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    ws = [np.array([1.0 + i / 100] * 4) for i in range(100)]

    def run():
        np.stack([x * w for w in ws]).sum()
        g = np.zeros(4)
        for w in ws:
            g += w
        return g
    return run


ROWS += [
    Row("engine", f"chain_{n}", f"{n}-op chain fwd+bwd, (4,)", chain(n), (lambda n=n: _np_chain(n)),
        "numpy by hand", mygrad=mg_chain(n), hips=hips_chain(n))
    for n in (10, 100, 1000)
] + [
    Row("engine", "fan_in_100", "fan-in: stack of 100 x*w_i, sum, bwd", _fan_in, _np_fan_in,
        "numpy by hand", mygrad=_mg_fan_in, hips=_hips_fan_in),
]


# -- training step ----------------------------------------------------------------------

def _mlp_init(batch, sizes, seed=0):
    rng = np.random.default_rng(seed)
    arrays = []
    for i in range(len(sizes) - 1):
        w = rng.standard_normal((sizes[i + 1], sizes[i])).astype(np.float32) / np.float32(np.sqrt(sizes[i]))
        arrays += [w, np.zeros(sizes[i + 1], np.float32)]
    x = rng.standard_normal((batch, sizes[0])).astype(np.float32)
    y = rng.integers(0, sizes[-1], batch)
    return arrays, x, y


def mlp(batch, sizes):
    """One SGD step of a ReLU MLP with cross-entropy loss, torch API."""
    def make(T):
        arrays, xa, ya = _mlp_init(batch, sizes)
        params = [T.tensor(a, requires_grad=True) for a in arrays]
        x, y = T.tensor(xa), T.tensor(ya)
        F = T.nn.functional

        def step():
            h = x
            for i in range(0, len(params) - 2, 2):
                h = F.relu(F.linear(h, params[i], params[i + 1]))
            loss = F.cross_entropy(F.linear(h, params[-2], params[-1]), y)
            for p in params:
                p.grad = None
            loss.backward()
            with T.no_grad():
                for p in params:
                    p -= 0.01 * p.grad
        return step
    return make


def mg_mlp(batch, sizes):
    def make(mg):
        from mygrad.nnet.activations import relu
        from mygrad.nnet.losses import softmax_crossentropy
        arrays, x, y = _mlp_init(batch, sizes)
        params = [mg.tensor(a) for a in arrays]

        def step():
            h = x
            for i in range(0, len(params) - 2, 2):
                h = relu(mg.matmul(h, params[i].T) + params[i + 1])
            loss = softmax_crossentropy(mg.matmul(h, params[-2].T) + params[-1], y)
            loss.backward()
            with mg.no_autodiff:
                for p in params:
                    p -= 0.01 * p.grad
        return step
    return make


def hips_mlp(batch, sizes):
    def make(anp, grad):
        arrays, x, y = _mlp_init(batch, sizes)
        params = list(arrays)

        def loss(ps):
            h = x
            for i in range(0, len(ps) - 2, 2):
                h = anp.maximum(anp.dot(h, ps[i].T) + ps[i + 1], 0.0)
            z = anp.dot(h, ps[-2].T) + ps[-1]
            m = anp.max(z, axis=1, keepdims=True)
            lse = anp.log(anp.sum(anp.exp(z - m), axis=1)) + m[:, 0]
            return anp.mean(lse - z[np.arange(batch), y])
        dloss = grad(loss)

        def step():
            gs = dloss(params)
            for i in range(len(params)):
                params[i] = params[i] - 0.01 * gs[i]
        return step
    return make


def numpy_mlp(batch, sizes):
    """The same step written by hand in numpy: the floor for training."""
    def make():
        arrays, x, y = _mlp_init(batch, sizes)
        Ws, bs = arrays[0::2], arrays[1::2]
        lr = np.float32(0.01)

        def step():
            hs = [x]
            h = x
            for i in range(len(Ws)):
                z = h @ Ws[i].T + bs[i]
                h = np.maximum(z, 0) if i < len(Ws) - 1 else z
                hs.append(h)
            e = np.exp(h - h.max(1, keepdims=True))
            g = e / e.sum(1, keepdims=True)
            g[np.arange(batch), y] -= 1
            g /= batch
            for i in range(len(Ws) - 1, -1, -1):
                if i < len(Ws) - 1:
                    g = g * (hs[i + 1] > 0)
                gW = g.T @ hs[i]
                gb = g.sum(0)
                g = g @ Ws[i]
                Ws[i] -= lr * gW
                bs[i] -= lr * gb
        return step
    return make


ROWS += [
    Row("training", "mlp_small", "MLP step 32x64-64-10", mlp(32, [64, 64, 10]), numpy_mlp(32, [64, 64, 10]),
        "numpy by hand", mygrad=mg_mlp(32, [64, 64, 10]), hips=hips_mlp(32, [64, 64, 10])),
    Row("training", "mlp_large", "MLP step 256x1024-1024-10", mlp(256, [1024, 1024, 10]),
        numpy_mlp(256, [1024, 1024, 10]), "numpy by hand", mygrad=mg_mlp(256, [1024, 1024, 10]),
        hips=hips_mlp(256, [1024, 1024, 10])),
]


# -- nn.Module and optimizer steps (issue 15) ---------------------------------------------

_OPT_SIZES = [64, 64, 10]


def _opt_step(name, **kw):
    """One optimizer.step() over an MLP's parameters with fixed gradients, torch API.
    torch runs its foreach implementation (the one its optimizers pick on GPUs);
    cyautograd's update is one Python loop of in-place ops per parameter."""
    def make(T):
        arrays, _, _ = _mlp_init(32, _OPT_SIZES)
        params = [T.nn.Parameter(T.tensor(a)) for a in arrays]
        for p in params:
            p.grad = T.ones_like(p) * 0.01
        extra = {"foreach": True} if T.__name__ == "torch" else {}
        opt = getattr(T.optim, name)(params, lr=1e-3, **kw, **extra)
        return opt.step
    return make


def _np_opt_step(name):
    """The same update written by hand in numpy, in place."""
    def make():
        arrays, _, _ = _mlp_init(32, _OPT_SIZES)
        grads = [np.full_like(a, 0.01) for a in arrays]
        bufs = [np.zeros_like(a) for a in arrays]
        sqs = [np.zeros_like(a) for a in arrays]
        state = {"t": 0}

        def sgd():
            for p, g, b in zip(arrays, grads, bufs):
                b *= 0.9
                b += g
                p -= 1e-3 * b

        def adam():
            state["t"] += 1
            t = state["t"]
            for p, g, m, v in zip(arrays, grads, bufs, sqs):
                m += 0.1 * (g - m)
                v *= 0.999
                v += 0.001 * g * g
                p -= (1e-3 / (1 - 0.9 ** t)) * m / (np.sqrt(v) / np.sqrt(1 - 0.999 ** t) + 1e-8)
        return sgd if name == "SGD" else adam
    return make


def module_step(batch, sizes):
    """nn.Sequential MLP forward, CrossEntropyLoss, zero_grad and backward, torch API."""
    def make(T):
        arrays, xa, ya = _mlp_init(batch, sizes)
        nn = T.nn
        layers = []
        for i in range(len(sizes) - 1):
            layers.append(nn.Linear(sizes[i], sizes[i + 1]))
            if i < len(sizes) - 2:
                layers.append(nn.ReLU())
        model = nn.Sequential(*layers)
        with T.no_grad():
            for p, a in zip(model.parameters(), arrays):
                p.copy_(T.tensor(a))
        x, y = T.tensor(xa), T.tensor(ya)
        loss_fn = nn.CrossEntropyLoss()

        def step():
            model.zero_grad()
            loss_fn(model(x), y).backward()
        return step
    return make


ROWS += [
    Row("training", "optim_sgd", "SGD(momentum=0.9).step(), MLP 64-64-10 params",
        _opt_step("SGD", momentum=0.9), _np_opt_step("SGD"), "numpy by hand"),
    Row("training", "optim_adam", "Adam.step(), MLP 64-64-10 params", _opt_step("Adam"),
        _np_opt_step("Adam"), "numpy by hand"),
    Row("training", "module_fwd_bwd", "nn.Sequential MLP fwd+bwd 32x64-64-10",
        module_step(32, [64, 64, 10]), numpy_mlp(32, [64, 64, 10]), "numpy by hand (+update)"),
]


# -- floors -----------------------------------------------------------------------------

ROWS += [
    Row("floors", "cython_read", "bare Cython attribute read", floor=cython_attribute_read,
        floor_name="Cython attribute read"),
    Row("floors", "numpy_mul", "bare numpy a*b, (4,)", floor=numpy_mul, floor_name="numpy a*b"),
]


# -- scaling ----------------------------------------------------------------------------

SCALING_CHAIN = (10, 100, 1000, 10000)
SCALING_SIZE = (4, 100, 10_000, 1_000_000)
SCALING_SIZE_CHAIN = 10   # ops in the chain used for the size sweep
