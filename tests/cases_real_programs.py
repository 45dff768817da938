"""Real-program idioms (issue 15): the snippets tutorials, courses and
textbooks write -- training loops over a DataLoader, optimizers with
schedulers, state_dict round trips through save/load, module hooks,
attention/transformer and recurrent layers, conv nets, einsum-heavy math,
custom autograd Functions -- each a small complete program written once and
run unchanged on both libraries (``T`` is torch or cyautograd). A case returns
what the program would print or keep: losses per step, learning rates,
final parameters, gradients, hook captures, state_dict keys.

Sizes are tiny (the suite runs in seconds); values come from manual_seed
(both libraries' generators give the same streams) or the deterministic
_fill/_x helpers."""
import copy
import io
import math

from cases_nn import _fill, _x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _data(T, n=24, d=4, classes=3, seed=0):
    X = _x(T, (n, d), seed)
    y = (T.arange(n) * 7 + seed) % classes
    return X, y


def _mlp(T, d=4, h=8, c=3):
    return _fill(T, T.nn.Sequential(T.nn.Linear(d, h), T.nn.ReLU(), T.nn.Linear(h, c)))


def _train(T, model, opt, loader, loss_fn, epochs=2, sched=None, clip=None):
    hist = []
    for _ in range(epochs):
        model.train()
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            if clip is not None:
                hist.append(float(T.nn.utils.clip_grad_norm_(model.parameters(), clip)))
            opt.step()
            hist.append(loss.item())
        if sched is not None:
            sched.step()
            hist.append(sched.get_last_lr())
    return hist


# ============================================================== training loops
@case
def mlp_sgd_steplr_dataloader(T):
    T.manual_seed(0)
    X, y = _data(T)
    ds = T.utils.data.TensorDataset(X, y)
    g = T.Generator().manual_seed(3)
    loader = T.utils.data.DataLoader(ds, batch_size=5, shuffle=True, generator=g)
    model = _mlp(T)
    opt = T.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True, weight_decay=1e-3)
    sched = T.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    hist = _train(T, model, opt, loader, T.nn.CrossEntropyLoss(), 3, sched)
    return [hist, list(model.parameters()), len(loader)]


@case
def adam_cosine_clip(T):
    X, y = _data(T, seed=1)
    loader = T.utils.data.DataLoader(T.utils.data.TensorDataset(X, y), batch_size=8)
    model = _mlp(T)
    opt = T.optim.Adam(model.parameters(), lr=1e-2, betas=(0.8, 0.99), amsgrad=True)
    sched = T.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=3, eta_min=1e-4)
    hist = _train(T, model, opt, loader, T.nn.CrossEntropyLoss(label_smoothing=0.1), 3, sched, clip=0.5)
    return [hist, list(model.parameters())]


@case
def adamw_onecycle(T):
    X, y = _data(T, seed=2)
    loader = T.utils.data.DataLoader(T.utils.data.TensorDataset(X, y), batch_size=6, drop_last=True)
    model = _mlp(T)
    opt = T.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.05)
    sched = T.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.05, total_steps=8)
    hist = []
    for xb, yb in loader:
        for _ in range(2):
            opt.zero_grad(set_to_none=True)
            loss = T.nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            sched.step()
            hist += [loss.item(), sched.get_last_lr()[0], opt.param_groups[0]["betas"][0]]
    return [hist, list(model.parameters())]


@case
def rmsprop_adagrad_lambda_exponential(T):
    X, y = _data(T, seed=3)
    res = []
    for make, mk_sched in [
            (lambda p: T.optim.RMSprop(p, lr=1e-2, alpha=0.9, momentum=0.5, centered=True),
             lambda o: T.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)),
            (lambda p: T.optim.Adagrad(p, lr=0.1, lr_decay=0.01, weight_decay=0.01),
             lambda o: T.optim.lr_scheduler.LambdaLR(o, lambda ep: 1.0 / (1 + ep)))]:
        model = _mlp(T)
        opt = make(model.parameters())
        sched = mk_sched(opt)
        loader = T.utils.data.DataLoader(T.utils.data.TensorDataset(X, y), batch_size=12)
        res += [_train(T, model, opt, loader, T.nn.CrossEntropyLoss(), 2, sched), list(model.parameters())]
    return res


@case
def gradient_accumulation(T):
    X, y = _data(T, n=16, seed=4)
    model = _mlp(T)
    opt = T.optim.SGD(model.parameters(), lr=0.05)
    accum = 4
    losses = []
    for i, (xb, yb) in enumerate(T.utils.data.DataLoader(T.utils.data.TensorDataset(X, y), batch_size=2)):
        loss = T.nn.functional.cross_entropy(model(xb), yb) / accum
        loss.backward()
        losses.append(loss.item())
        if (i + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
    return [losses, list(model.parameters())]


@case
def eval_loop_accuracy(T):
    X, y = _data(T, seed=5)
    model = _mlp(T)
    model.eval()
    correct, total, loss_sum = 0, 0, 0.0
    with T.no_grad():
        for xb, yb in T.utils.data.DataLoader(T.utils.data.TensorDataset(X, y), batch_size=7):
            out = model(xb)
            loss_sum += T.nn.functional.cross_entropy(out, yb, reduction="sum").item()
            pred = out.argmax(dim=1)
            correct += (pred == yb).sum().item()
            total += yb.size(0)
    return [correct, total, loss_sum / total, 100.0 * correct / total, model.training]


@case
def random_split_drop_last_dict_collate(T):
    T.manual_seed(1)
    X, y = _data(T, n=20, seed=6)

    class DictDS(T.utils.data.Dataset):
        def __len__(self):
            return len(X)

        def __getitem__(self, i):
            return {"x": X[i], "y": y[i], "idx": i}
    tr, va = T.utils.data.random_split(DictDS(), [15, 5], generator=T.Generator().manual_seed(42))
    batches = [[b["x"], b["y"], b["idx"]] for b in
               T.utils.data.DataLoader(tr, batch_size=4, shuffle=True, drop_last=True,
                                       generator=T.Generator().manual_seed(7))]
    return [len(tr), len(va), list(va.indices), batches]


@case
def polynomial_fit_manual_sgd(T):
    # the "learning PyTorch with examples" fit of sin by a cubic, updates by hand
    x = T.linspace(-math.pi, math.pi, 200, dtype=T.float64)
    y = T.sin(x)
    a, b, c, d = (T.tensor(v, dtype=T.float64, requires_grad=True) for v in (0.1, -0.2, 0.3, 0.05))
    lr = 1e-6
    hist = []
    for t in range(30):
        y_pred = a + b * x + c * x ** 2 + d * x ** 3
        loss = (y_pred - y).pow(2).sum()
        if t % 10 == 9:
            hist.append(loss.item())
        loss.backward()
        with T.no_grad():
            for p in (a, b, c, d):
                p -= lr * p.grad
                p.grad = None
    return [hist, a, b, c, d]


@case
def freeze_and_param_groups(T):
    X, y = _data(T, seed=7)
    model = _mlp(T)
    for p in model[0].parameters():
        p.requires_grad_(False)
    opt = T.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1)
    head2 = _fill(T, T.nn.Linear(3, 2), 5)
    opt.add_param_group({"params": head2.parameters(), "lr": 0.01, "momentum": 0.9})
    hist = []
    for _ in range(3):
        opt.zero_grad()
        out = head2(model(X))
        loss = out.pow(2).mean() + T.nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
        hist.append(loss.item())
    return [hist, [g["lr"] for g in opt.param_groups], [len(g["params"]) for g in opt.param_groups],
            list(model.parameters()), list(head2.parameters()), model[0].weight.grad,
            sorted(opt.state_dict()["state"].keys())]


@case
def warmup_lambda_and_linear(T):
    model = _mlp(T)
    opt = T.optim.SGD(model.parameters(), lr=0.1)
    warm = 3
    sched = T.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm))
    lrs = []
    for _ in range(6):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    opt2 = T.optim.SGD(model.parameters(), lr=0.1)
    lin = T.optim.lr_scheduler.LinearLR(opt2, start_factor=0.25, total_iters=4)
    for _ in range(6):
        opt2.step()
        lin.step()
        lrs.append(opt2.param_groups[0]["lr"])
    return [lrs, sched.state_dict()["last_epoch"], sched.last_epoch]


# ============================================================== persistence
@case
def checkpoint_resume_save_load(T):
    X, y = _data(T, seed=8)
    model = _mlp(T)
    opt = T.optim.Adam(model.parameters(), lr=1e-2)
    sched = T.optim.lr_scheduler.StepLR(opt, 2, 0.5)

    def step():
        opt.zero_grad()
        loss = T.nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
        sched.step()
        return loss.item()
    first = [step() for _ in range(3)]
    buf = io.BytesIO()
    T.save({"epoch": 3, "model": model.state_dict(), "optimizer": opt.state_dict(),
            "scheduler": sched.state_dict(), "loss": first[-1]}, buf)
    cont = [step() for _ in range(2)]
    buf.seek(0)
    ck = T.load(buf, weights_only=True)
    model2 = _mlp(T)
    for p in model2.parameters():
        T.nn.init.zeros_(p)
    model, opt = model2, T.optim.Adam(model2.parameters(), lr=1e-2)
    sched = T.optim.lr_scheduler.StepLR(opt, 2, 0.5)
    r = model.load_state_dict(ck["model"])
    opt.load_state_dict(ck["optimizer"])
    sched.load_state_dict(ck["scheduler"])
    resumed = [step() for _ in range(2)]
    return [first, cont, resumed, ck["epoch"], ck["loss"], list(r.missing_keys), list(r.unexpected_keys),
            sorted(ck["optimizer"]["state"][0].keys()), ck["optimizer"]["param_groups"][0]["lr"]]


@case
def best_model_deepcopy_early_stopping(T):
    X, y = _data(T, seed=9)
    model = _mlp(T)
    opt = T.optim.SGD(model.parameters(), lr=0.5)
    best, best_state, bad, log = float("inf"), None, 0, []
    for epoch in range(8):
        opt.zero_grad()
        loss = T.nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
        val = T.nn.functional.cross_entropy(model(X * 0.9), y).item()
        log.append(val)
        if val < best - 1e-4:
            best, best_state, bad = val, copy.deepcopy(model.state_dict()), 0
        else:
            bad += 1
            if bad >= 2:
                break
    model.load_state_dict(best_state)
    return [log, best, list(model.parameters()), epoch]


@case
def load_state_dict_strict_false(T):
    a = _mlp(T)
    b = T.nn.Sequential(T.nn.Linear(4, 8), T.nn.ReLU(), T.nn.Linear(8, 3), T.nn.Linear(3, 1))
    r = b.load_state_dict(a.state_dict(), strict=False)
    try:
        b.load_state_dict(a.state_dict())
        err = None
    except RuntimeError as e:
        err = str(e)
    sd = a.state_dict()
    sd["0.weight"] = T.zeros(2, 2)
    try:
        a.load_state_dict(sd)
        err2 = None
    except RuntimeError as e:
        err2 = str(e)
    return [sorted(r.missing_keys), sorted(r.unexpected_keys), err, err2, list(b[0].parameters())]


# ============================================================== hooks, init, utils
@case
def hooks_capture_activations(T):
    model = _fill(T, T.nn.Sequential(T.nn.Linear(4, 5), T.nn.Tanh(), T.nn.Linear(5, 2)))
    acts, grads, order = {}, {}, []

    def save(name):
        def hook(mod, inp, out):
            acts[name] = out.detach()
            order.append(("fwd", name, type(mod).__name__, len(inp)))
        return hook

    def pre(mod, inp):
        order.append(("pre", type(mod).__name__))
        return (inp[0] * 2,)

    def bwd(mod, gin, gout):
        order.append(("bwd", type(mod).__name__, len(gin), len(gout)))
        grads[type(mod).__name__] = [g for g in gout]

    hs = [model[i].register_forward_hook(save(f"l{i}")) for i in range(3)]
    hs.append(model[0].register_forward_pre_hook(pre))
    hs.append(model[2].register_full_backward_hook(bwd))
    x = _x(T, (3, 4), 1, requires_grad=True)
    out = model(x)
    out.sum().backward()
    for h in hs:
        h.remove()
    out2 = model(x)
    return [acts["l0"], acts["l1"], acts["l2"], order, grads["Linear"], x.grad, out2]


@case
def apply_init_and_param_vector(T):
    T.manual_seed(4)
    model = T.nn.Sequential(T.nn.Linear(3, 4), T.nn.ReLU(), T.nn.Linear(4, 2))

    def init(m):
        if isinstance(m, T.nn.Linear):
            T.nn.init.xavier_uniform_(m.weight, gain=T.nn.init.calculate_gain("relu"))
            T.nn.init.constant_(m.bias, 0.01)
    model.apply(init)
    vec = T.nn.utils.parameters_to_vector(model.parameters())
    T.nn.utils.vector_to_parameters(vec * 2, model.parameters())
    n = sum(p.numel() for p in model.parameters() if p.requires_grad)
    return [vec, list(model.parameters()), n, repr(model)]


@case
def buffers_train_eval_dropout(T):
    class Net(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = T.nn.Linear(4, 4)
            self.bn = T.nn.BatchNorm1d(4, momentum=0.2)
            self.drop = T.nn.Dropout(0.5)
            self.register_buffer("steps", T.zeros((), dtype=T.long))

        def forward(self, x):
            if self.training:
                self.steps += 1
            return self.drop(T.relu(self.bn(self.fc(x))))
    T.manual_seed(11)
    net = _fill(T, Net())
    x = _x(T, (6, 4), 2)
    tr = [net(x) for _ in range(2)]
    net.eval()
    ev = net(x)
    return [tr, ev, net.steps, net.bn.running_mean, net.bn.running_var, net.bn.num_batches_tracked,
            list(net.state_dict().keys()), net.training, net.drop.training]


# ============================================================== layers: attention, RNNs, convs
@case
def transformer_encoder_train(T):
    T.manual_seed(5)
    layer = T.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0,
                                         batch_first=True)
    enc = _fill(T, T.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False))
    x = _x(T, (2, 5, 8), 3)
    mask = T.tensor([[False] * 5, [False, False, False, True, True]])
    opt = T.optim.Adam(enc.parameters(), lr=1e-3)
    hist = []
    for _ in range(2):
        opt.zero_grad()
        out = enc(x, src_key_padding_mask=mask)
        loss = out[:, 0].pow(2).mean()
        loss.backward()
        opt.step()
        hist.append(loss.item())
    return [hist, out, [n for n, _ in enc.named_parameters()][:8]]


@case
def multihead_attention_masks(T):
    mha = _fill(T, T.nn.MultiheadAttention(embed_dim=6, num_heads=2, batch_first=True))
    q = _x(T, (2, 3, 6), 1, requires_grad=True)
    kv = _x(T, (2, 4, 6), 2)
    causal = T.triu(T.ones(3, 4, dtype=T.bool), diagonal=1)
    out, w = mha(q, kv, kv, attn_mask=causal)
    out2, w2 = mha(q, kv, kv, need_weights=True, average_attn_weights=False,
                   key_padding_mask=T.tensor([[False, False, False, True], [False] * 4]))
    (out.sum() + out2.pow(2).sum()).backward()
    return [out, w, out2, w2, q.grad, mha.in_proj_weight.grad]


@case
def attention_from_scratch(T):
    q = _x(T, (2, 4, 8), 1, requires_grad=True)
    k = _x(T, (2, 4, 8), 2, requires_grad=True)
    v = _x(T, (2, 4, 8), 3, requires_grad=True)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    mask = T.tril(T.ones(4, 4)) == 0
    scores = scores.masked_fill(mask, float("-inf"))
    attn = T.softmax(scores, dim=-1)
    out = attn @ v
    ref = T.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
    (out * _x(T, (2, 4, 8), 4)).sum().backward()
    return [out, attn, (out - ref).abs().max() < 1e-5, q.grad, k.grad, v.grad]


@case
def lstm_sequence_classifier(T):
    class Model(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = T.nn.Embedding(10, 4, padding_idx=0)
            self.lstm = T.nn.LSTM(4, 5, num_layers=2, batch_first=True)
            self.fc = T.nn.Linear(5, 2)

        def forward(self, x):
            out, (h, c) = self.lstm(self.emb(x))
            return self.fc(h[-1]), out, c
    m = _fill(T, Model())
    x = T.tensor([[1, 2, 3, 0], [4, 5, 0, 0], [6, 7, 8, 9]])
    y = T.tensor([0, 1, 1])
    opt = T.optim.SGD(m.parameters(), lr=0.5)
    hist = []
    for _ in range(3):
        opt.zero_grad()
        logits, out, c = m(x)
        loss = T.nn.functional.cross_entropy(logits, y)
        loss.backward()
        T.nn.utils.clip_grad_value_(m.parameters(), 0.1)
        opt.step()
        hist.append(loss.item())
    return [hist, logits, out, c, m.emb.weight.grad]


@case
def gru_rnn_packed(T):
    gru = _fill(T, T.nn.GRU(3, 4, batch_first=True, bidirectional=True))
    rnn = _fill(T, T.nn.RNN(3, 4, nonlinearity="relu"), 1)
    x = _x(T, (3, 5, 3), 1, requires_grad=True)
    lengths = T.tensor([5, 3, 2])
    packed = T.nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=True)
    pout, h = gru(packed)
    out, lens = T.nn.utils.rnn.pad_packed_sequence(pout, batch_first=True)
    r_out, r_h = rnn(x.transpose(0, 1))
    (out.sum() + h.pow(2).sum() + r_out.mean()).backward()
    return [out, lens, h, r_out, r_h, x.grad]


@case
def conv_net_train(T):
    class Net(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.features = T.nn.Sequential(
                T.nn.Conv2d(1, 4, 3, padding=1), T.nn.BatchNorm2d(4), T.nn.ReLU(),
                T.nn.MaxPool2d(2), T.nn.Conv2d(4, 6, 3, stride=1), T.nn.ReLU(),
                T.nn.AdaptiveAvgPool2d((1, 1)))
            self.classifier = T.nn.Sequential(T.nn.Flatten(), T.nn.Dropout(0.0), T.nn.Linear(6, 3))

        def forward(self, x):
            return self.classifier(self.features(x))
    net = _fill(T, Net())
    X = _x(T, (4, 1, 8, 8), 1)
    y = T.tensor([0, 1, 2, 1])
    opt = T.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    hist = []
    for _ in range(3):
        opt.zero_grad()
        loss = T.nn.CrossEntropyLoss()(net(X), y)
        loss.backward()
        opt.step()
        hist.append(loss.item())
    net.eval()
    with T.no_grad():
        pred = net(X).argmax(1)
    return [hist, pred, list(net.parameters()), net.features[1].running_var]


@case
def conv_autoencoder(T):
    enc = T.nn.Sequential(T.nn.Conv2d(1, 3, 3, stride=2, padding=1), T.nn.LeakyReLU(0.1),
                          T.nn.Conv2d(3, 4, 3, stride=2, padding=1))
    dec = T.nn.Sequential(T.nn.ConvTranspose2d(4, 3, 3, stride=2, padding=1, output_padding=1),
                          T.nn.SiLU(), T.nn.ConvTranspose2d(3, 1, 3, stride=2, padding=1, output_padding=1),
                          T.nn.Sigmoid())
    model = _fill(T, T.nn.Sequential(enc, dec))
    x = _x(T, (2, 1, 8, 8), 2).sigmoid()
    opt = T.optim.Adam(model.parameters(), lr=1e-2)
    hist = []
    for _ in range(3):
        opt.zero_grad()
        recon = model(x)
        loss = T.nn.functional.binary_cross_entropy(recon, x) + T.nn.functional.mse_loss(recon, x)
        loss.backward()
        opt.step()
        hist.append(loss.item())
    return [hist, recon, enc(x).shape]


@case
def residual_prenorm_block(T):
    class Block(T.nn.Module):
        def __init__(self, d):
            super().__init__()
            self.ln = T.nn.LayerNorm(d)
            self.ff = T.nn.Sequential(T.nn.Linear(d, 2 * d), T.nn.GELU(approximate="tanh"),
                                      T.nn.Linear(2 * d, d))

        def forward(self, x):
            return x + self.ff(self.ln(x))
    model = _fill(T, T.nn.Sequential(*[Block(6) for _ in range(2)], T.nn.LayerNorm(6)))
    x = _x(T, (2, 3, 6), 1, requires_grad=True)
    out = model(x)
    out.pow(2).mean().backward()
    return [out, x.grad, model[0].ln.weight.grad, len(list(model.modules()))]


@case
def embedding_bag_text_classifier(T):
    bag = _fill(T, T.nn.EmbeddingBag(10, 4, mode="mean"))
    fc = _fill(T, T.nn.Linear(4, 2), 2)
    text = T.tensor([1, 2, 4, 5, 4, 3, 2, 9])
    offsets = T.tensor([0, 4])
    logits = fc(bag(text, offsets))
    loss = T.nn.functional.cross_entropy(logits, T.tensor([1, 0]))
    loss.backward()
    return [logits, loss, bag.weight.grad]


# ============================================================== math-heavy code
@case
def einsum_heavy(T):
    a = _x(T, (2, 3, 4), 1, requires_grad=True)
    b = _x(T, (2, 4, 5), 2, requires_grad=True)
    w = _x(T, (3, 5), 3, requires_grad=True)
    bmm = T.einsum("bij,bjk->bik", a, b)
    bil = T.einsum("bik,ik->b", bmm, w)
    outer = T.einsum("i,j->ij", w[0], w[1])
    tr = T.einsum("ii", outer[:3, :3])
    attn = T.einsum("bhqd,bhkd->bhqk", a.reshape(2, 1, 3, 4), a.reshape(2, 1, 3, 4)).softmax(-1)
    ell = T.einsum("...ij,...jk", a, b)
    tot = bil.sum() + tr + attn.pow(2).sum() + ell.mean() + T.einsum("bij->", a)
    tot.backward()
    # values and gradients here; the graphs' node names are einsum_graph_names'
    return [[t.detach() for t in (bmm, bil, outer, tr, attn, ell)], a.grad, b.grad, w.grad]


def _graph(fn):
    """The whole graph under fn, depth first: (name, depth) rows."""
    rows, stack = [], [(fn, 0)]
    while stack:
        f, d = stack.pop()
        if f is None:
            continue
        rows.append((f.name().replace("torch::autograd::", ""), d))
        stack.extend((g, d + 1) for g, _ in reversed(f.next_functions))
    return rows


@case
def einsum_graph_names(T):
    # torch's native einsum decomposes into diagonal/movedim, unsqueeze and permute
    # per operand, then sum (keepdim), mul or permute/reshape/bmm/view/permute per
    # pair, then a final view (or a sum for one operand): the whole graph, the
    # values and the gradients, over the common equation shapes
    res = []
    eqs = [("i,j->ij", [(3,), (4,)]), ("ij,jk->ik", [(2, 3), (3, 4)]), ("i,i->", [(3,), (3,)]),
           ("i,i->i", [(3,), (3,)]), ("ii", [(3, 3)]), ("ii->i", [(3, 3)]), ("ij->ji", [(2, 3)]),
           ("ij->", [(2, 3)]), ("ij->i", [(2, 3)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 4)]),
           ("bhqd,bhkd->bhqk", [(2, 2, 3, 4), (2, 2, 5, 4)]), ("...ij,...jk", [(2, 2, 3), (3, 4)]),
           ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]), ("bik,ik->b", [(2, 3, 5), (3, 5)]),
           ("iij->ji", [(3, 3, 2)]), ("ij,ij->ij", [(2, 3), (1, 3)]), ("ab,cd->", [(2, 3), (4, 5)]),
           ("a...,...->a...", [(2, 1, 3), (4, 3)]), ("ijk,ikj->", [(2, 3, 4), (2, 4, 3)]),
           ("i,j,k->", [(2,), (3,), (4,)]), ("iji->j", [(3, 2, 3)]), ("Ab,bA->A", [(2, 3), (3, 2)]),
           ("...->", [(2, 3)]), ("ij,kj->ik", [(1, 3), (4, 3)]), ("i,->i", [(3,), ()]), (",->", [(), ()])]
    for k, (eq, shapes) in enumerate(eqs):
        ops = [_x(T, s, k + j, dtype="float64", requires_grad=True) for j, s in enumerate(shapes)]
        r = T.einsum(eq, *ops)
        (r * (T.arange(r.numel(), dtype=r.dtype).reshape(r.shape) + 1)).sum().backward()
        res.append([eq, _graph(r.grad_fn), r.detach(), [o.grad for o in ops]])
    return res


# the gaps these programs found and this suite leaves (expected to fail, strictly)
KNOWN_GAPS = {}


@case
def knn_cdist_topk(T):
    train = _x(T, (10, 3), 1)
    labels = T.arange(10) % 3
    test = _x(T, (4, 3), 2)
    d = T.cdist(test, train)
    vals, idx = d.topk(3, dim=1, largest=False)
    votes = labels[idx]
    pred = T.mode(votes, dim=1).values
    onehot = T.nn.functional.one_hot(votes, 3).sum(1)
    return [d, vals, idx, pred, onehot, T.bincount(votes.flatten(), minlength=3)]


class _Cube:
    @staticmethod
    def make(T):
        class Cube(T.autograd.Function):
            @staticmethod
            def forward(ctx, x, k):
                ctx.save_for_backward(x)
                ctx.k = k
                return k * x ** 3

            @staticmethod
            def backward(ctx, g):
                x, = ctx.saved_tensors
                return g * 3 * ctx.k * x ** 2, None
        return Cube


@case
def custom_function_gradcheck_in_model(T):
    Cube = _Cube.make(T)
    x = _x(T, (3, 2), 1, "float64", requires_grad=True)
    ok = T.autograd.gradcheck(lambda t: Cube.apply(t, 0.5), (x,))
    lin = _fill(T, T.nn.Linear(2, 2).double())
    out = Cube.apply(lin(x), 2.0).sum()
    g, = T.autograd.grad(out, x, create_graph=True)
    g.sum().backward()
    return [ok, out, g, x.grad, type(out.grad_fn).__name__, lin.weight.grad]


@case
def seeded_reproducibility(T):
    def run():
        T.manual_seed(123)
        model = T.nn.Sequential(T.nn.Linear(3, 4), T.nn.Dropout(0.3), T.nn.Linear(4, 1))
        x = T.randn(5, 3)
        noise = T.rand(5, 1)
        idx = T.randperm(5)
        return [model(x[idx]) + noise, list(model.parameters()), T.randint(0, 10, (4,)),
                T.normal(0.0, 1.0, (2,)), T.multinomial(T.tensor([0.2, 0.5, 0.3]), 4, replacement=True)]
    a, b = run(), run()
    return [a, all(bool((u == v).all()) for u, v in zip(a[:1] + a[2:], b[:1] + b[2:]))]


@case
def save_load_tensors_and_nested(T):
    x = T.arange(12.0).reshape(3, 4)
    obj = {"w": x, "view": x[1:, ::2], "list": [T.tensor([1, 2]), 3.5, "s"], "tuple": (T.ones(2, dtype=T.float64),),
           "param": T.nn.Parameter(T.zeros(2))}
    buf = io.BytesIO()
    T.save(obj, buf)
    buf.seek(0)
    back = T.load(buf)
    back["w"][0, 0] = 100.0      # the view was saved sharing w's storage
    return [back["w"], back["view"], back["view"].stride(), back["list"], back["tuple"],
            type(back["param"]).__name__, back["param"].requires_grad, sorted(back)]


@case
def float_of_requires_grad_warns(T):
    # `float(loss)` in a loop: torch warns (once; every time under set_warn_always), pointing
    # at the user's line; int(), bool(), item() and no_grad do not warn
    import warnings
    x = T.ones(1, requires_grad=True)
    T.set_warn_always(True)
    try:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            vals = [float(x), float(x * 2), complex(x).real, int(x), bool(x), x.item()]
            with T.no_grad():
                vals.append(float(x))
    finally:
        T.set_warn_always(False)
    return [vals, [[str(m.message).split(" (Triggered internally")[0], m.category.__name__, m.filename == __file__]
                   for m in w]]


@case
def reduce_lr_on_plateau(T):
    X, y = _data(T, seed=10)
    model = _mlp(T)
    opt = T.optim.SGD([{"params": model[0].parameters()}, {"params": model[2].parameters(), "lr": 0.05}],
                      lr=0.2)
    sched = T.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=1, cooldown=1,
                                                   min_lr=[0.01, 0.02], threshold=0.05)
    log = []
    for epoch in range(10):
        opt.zero_grad()
        loss = T.nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
        val = 1.0 + 0.1 * (epoch % 3)          # a plateauing validation loss
        sched.step(T.tensor(val) if epoch % 2 else val)
        log.append([sched.get_last_lr(), sched.num_bad_epochs, sched.cooldown_counter, sched.best,
                    sched.last_epoch])
    mx = T.optim.lr_scheduler.ReduceLROnPlateau(T.optim.Adam(model.parameters(), lr=1e-3), "max",
                                                threshold_mode="abs", patience=0)
    for v in (0.5, 0.5, 0.6, 0.6):
        mx.step(v)
    sd = sched.state_dict()
    errs = []
    for kw in ({"factor": 1.0}, {"mode": "avg"}, {"threshold_mode": "x"}, {"min_lr": [0.1]}):
        try:
            T.optim.lr_scheduler.ReduceLROnPlateau(opt, **kw)
        except ValueError as e:
            errs.append(str(e))
    return [log, mx.get_last_lr(), sorted(k for k in sd if not k.startswith("_")), errs,
            isinstance(sched, T.optim.lr_scheduler.LRScheduler)]
