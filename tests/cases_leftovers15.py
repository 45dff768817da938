"""Snippets run against both torch and cyautograd for issue 15's leftovers:
zero-size strides, F.embedding's EmbeddingBackward0 (padding_idx, max_norm,
scale_grad_by_freq), layer_norm's NativeLayerNormBackward0 (with double
backward), nn.utils.rnn packing. Outputs, gradients, grad_fn names,
versions and errors are compared (tests/harness.py)."""
import random

from cases_nn import _err, _fill, _x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _gf(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__


# ============================================================== zero-size strides
_ZS_FACTORIES = ["zeros", "empty", "ones", "randn", "full", "Tensor"]
_ZS_OPS = ["t", "transpose", "permute", "unsqueeze", "slice", "expand", "flatten", "contiguous",
           "mul", "sum", "reshape", "cat", "select", "narrow", "squeeze", "movedim", "detach",
           "add_", "diagonal", "unbind"]


def _zs_shape(rng):
    nd = rng.randint(1, 4)
    shape = [rng.choice([0, 1, 2, 3, 5]) for _ in range(nd)]
    shape[rng.randrange(nd)] = 0
    return shape


def _zs_make(T, kind, shape):
    if kind == "full":
        return T.full(shape, 2.0)
    if kind == "Tensor":
        return T.Tensor(*shape)
    return getattr(T, kind)(*shape)


def _zs_apply(T, x, op, rng):
    nd = x.dim()
    d = rng.randrange(nd)
    e = rng.randrange(nd)
    if op == "t":
        return x.t() if nd <= 2 else x.transpose(0, 1)
    if op == "transpose":
        return x.transpose(d, e)
    if op == "permute":
        p = list(range(nd))
        rng.shuffle(p)
        return x.permute(*p)
    if op == "unsqueeze":
        return x.unsqueeze(rng.randrange(nd + 1))
    if op == "slice":
        return x[(slice(None),) * d + (slice(1, None),)]
    if op == "expand":
        return x.unsqueeze(0).expand(4, *x.shape)
    if op == "flatten":
        return x.flatten()
    if op == "contiguous":
        return x.contiguous()
    if op == "mul":
        return x * 2
    if op == "sum":
        return x.sum(d)
    if op == "reshape":
        return x.reshape(-1, 1)
    if op == "cat":
        return T.cat([x, x], d)
    if op == "select":
        return x.select(d, 0) if x.shape[d] > 0 else x
    if op == "narrow":
        return x.narrow(d, 0, min(1, x.shape[d]))
    if op == "squeeze":
        return x.squeeze()
    if op == "movedim":
        return x.movedim(d, e)
    if op == "detach":
        return x.detach()
    if op == "add_":
        return x.add_(1)
    if op == "diagonal":
        return x.diagonal(0, d, e) if d != e else x
    if op == "unbind":
        parts = x.unbind(d)
        return parts[0] if parts else x
    raise AssertionError(op)


def _zs_prog(seed):
    def run(T):
        rng = random.Random(seed)
        res = []
        for _ in range(6):
            shape = _zs_shape(rng)
            x = _zs_make(T, rng.choice(_ZS_FACTORIES), shape)
            chain = [[list(x.shape), list(x.stride()), x.storage_offset(), x.is_contiguous()]]
            for _ in range(rng.randint(1, 4)):
                if x.dim() == 0:
                    break
                op = rng.choice(_ZS_OPS)
                x = _zs_apply(T, x, op, rng)
                chain.append([op, list(x.shape), list(x.stride()), x.storage_offset(),
                              x.is_contiguous()])
            res.append(chain)
        return res
    return run


for _s in range(12):
    CASES[f"zero_size_strides_gen{_s}"] = _zs_prog(_s)


@case
def zero_size_strides_fixed(T):
    r = []
    for x in [T.zeros(0, 3), T.zeros(2, 0, 3), T.empty(3, 0), T.zeros(0, 3).t(),
              T.zeros(0, 3)[:, 1:], T.zeros(4, 0, 2).transpose(0, 2), T.ones(2, 3)[:0],
              T.zeros(0, 1, 3).expand(0, 4, 3), T.zeros(2, 3, 0).permute(2, 0, 1).contiguous(),
              T.zeros(0), T.tensor([]), T.zeros(0, 3).view(3, 0), T.zeros(2, 0).mm(T.zeros(0, 3)),
              T.zeros(0, 2).mm(T.zeros(2, 3)), T.zeros(0, 3, dtype=T.float64),
              T.zeros(0, 3, dtype=T.int64).t(), T.arange(0).reshape(0, 5),
              T.zeros(3, 0, requires_grad=True) * 2]:
        r.append([list(x.shape), list(x.stride()), x.storage_offset(), x.is_contiguous()])
    return r


# ============================================================== embedding
def _emb_weight(T, n=6, d=3, dtype="float32", seed=0):
    return _x(T, (n, d), seed, dtype, scale=3.0, requires_grad=True)


def _emb_prog(idx_shape, dtype, kw, idx_dtype="int64", seed=0):
    def run(T):
        F = T.nn.functional
        n = 6
        w = _emb_weight(T, n, 3, dtype, seed)
        k = 1
        for s in idx_shape:
            k *= s
        idx = ((T.arange(k) * 7 + seed) % n).reshape(idx_shape).to(getattr(T, idx_dtype))
        w0 = w._version
        o = F.embedding(idx, w, **kw)
        res = [o.detach(), _gf(o), [type(f).__name__ if f is not None else None
                                    for f, _ in o.grad_fn.next_functions], w._version - w0]
        g = _x(T, tuple(o.shape), 5, dtype, requires_grad=True)
        gw, = T.autograd.grad(o, w, g, create_graph=True)
        res += [gw, _gf(gw)]
        gg = T.autograd.grad((gw * gw).sum(), g)[0]
        res.append(gg)
        return res
    return run


for _dt in ("float32", "float64"):
    for _ks, _kw in {"plain": {}, "pad": dict(padding_idx=2), "padneg": dict(padding_idx=-1),
                     "freq": dict(scale_grad_by_freq=True),
                     "pad_freq": dict(padding_idx=0, scale_grad_by_freq=True),
                     "maxnorm": dict(max_norm=2.0), "maxnorm_p1": dict(max_norm=1.5, norm_type=1.0),
                     "maxnorm_pad": dict(max_norm=3.0, padding_idx=1)}.items():
        for _shape in [(5,), (2, 7), (0,), (2, 0, 3), ()]:
            CASES[f"embedding_{_ks}_{_dt}_{'x'.join(map(str, _shape)) or 'scalar'}"] = \
                _emb_prog(_shape, _dt, _kw)
CASES["embedding_int32_indices"] = _emb_prog((3, 4), "float32", {"padding_idx": 3}, "int32")


@case
def embedding_sparse_forward(T):
    # torch's gradient is a sparse tensor then (cyautograd's is dense): the forward is compared
    w = _emb_weight(T)
    o = T.nn.functional.embedding(T.tensor([[1, 2], [2, 5]]), w, sparse=True)
    return [o, _gf(o)]


@case
def embedding_big_generated(T):
    F = T.nn.functional
    w = _x(T, (300, 17), 1, "float64", requires_grad=True)
    idx = ((T.arange(2000) * 7919) % 300).reshape(40, 50)
    o = F.embedding(idx, w, padding_idx=5, scale_grad_by_freq=True)
    (o * _x(T, (40, 50, 17), 3, "float64")).sum().backward()
    return [_summ(o), _summ(w.grad)]


@case
def embedding_module(T):
    m = T.nn.Embedding(6, 3, padding_idx=1, max_norm=1.0)
    _fill(T, m)
    v = m.weight._version
    idx = T.tensor([[1, 3, 3], [0, 5, 1]])
    o = m(idx)
    (o * _x(T, (2, 3, 3), 2)).sum().backward()
    e = T.nn.Embedding.from_pretrained(T.arange(12.).reshape(4, 3), freeze=False, padding_idx=0,
                                       scale_grad_by_freq=True)
    o2 = e(T.tensor([0, 2, 2]))
    o2.sum().backward()
    return [repr(m), o, _gf(o), m.weight._version - v, m.weight.grad, repr(e), o2, e.weight.grad]


@case
def embedding_saved_indices_modified(T):
    w = _emb_weight(T)
    i = T.tensor([[0, 2, 2], [4, 1, 2]])
    o = T.nn.functional.embedding(i, w)
    i.add_(1)
    o.sum().backward()


@case
def embedding_renorm_version_without_change(T):
    w = _x(T, (5, 3), 0, scale=0.1)
    v = w._version
    T.nn.functional.embedding(T.tensor([1, 1]), w, max_norm=1.0)
    return [w._version - v, w]


for _n, _f in {
    "float_indices": lambda T: T.nn.functional.embedding(T.tensor([1.0]), _emb_weight(T)),
    "weight_1d": lambda T: T.nn.functional.embedding(T.tensor([1]), T.zeros(3)),
    "weight_3d": lambda T: T.nn.functional.embedding(T.tensor([1]), T.zeros(2, 3, 3)),
    "index_high": lambda T: T.nn.functional.embedding(T.tensor([6]), _emb_weight(T)),
    "index_negative": lambda T: T.nn.functional.embedding(T.tensor([-1]), _emb_weight(T)),
    "padding_out_of_range": lambda T: T.nn.functional.embedding(T.tensor([1]), _emb_weight(T),
                                                                padding_idx=6),
    "padding_negative_out_of_range": lambda T: T.nn.functional.embedding(
        T.tensor([1]), _emb_weight(T), padding_idx=-7),
    "empty_weight": lambda T: T.nn.functional.embedding(T.tensor([0]), T.zeros(0, 3)),
    "renorm_index_high": lambda T: T.nn.functional.embedding(T.tensor([7, 9]), _emb_weight(T),
                                                             max_norm=1.0),
    "renorm_float_indices": lambda T: T.nn.functional.embedding(T.tensor([1.0]), _emb_weight(T),
                                                                max_norm=1.0),
    "renorm_1d_weight": lambda T: T.nn.functional.embedding(T.tensor([1]), T.zeros(3), max_norm=1.0),
    "renorm_long_weight": lambda T: T.nn.functional.embedding(
        T.tensor([1]), T.zeros(3, 2, dtype=T.int64), max_norm=1.0),
    "module_padding_out_of_range": lambda T: T.nn.Embedding(3, 2, padding_idx=3),
}.items():
    CASES[f"embedding_error_{_n}"] = _err(_f)


# ============================================================== layer_norm
def _nf(t):
    return [type(f).__name__ if f is not None else None for f, _ in t.grad_fn.next_functions]


def _summ(t):
    """A big tensor as a checksum summary (sum and position-weighted sum of the
    magnitudes, the first and last elements), a small one as itself: the
    golden data stays small."""
    if t is None or t.numel() <= 512:
        return t
    f = t.detach().double().reshape(-1)
    w = (f.new_ones(f.shape).cumsum(0) % 17) + 1
    a = f.abs()     # sums of magnitudes: well conditioned (normalized data sums to ~0)
    flat = t.detach().reshape(-1)
    return [list(t.shape), float(a.sum()), float((a * w).sum()), flat[:64], flat[-64:]]


def _ln_prog(shape, n, dtype, affine, x_rg=True, noncontig=False, double=True):
    """layer_norm's output, node, edges, gradients and (double=True) the
    gradients of the squared gradients (create_graph). Not compared: torch's
    double backward with a bias and no weight (it raises its internal 'Expected
    a proper Tensor but got None'), its float32 rounding noise where the exact
    gradient is 0 (normalized size 1) and, with an input that does not require
    grad, the gradient for grad_output (torch's is None, the exact one is not)."""
    def run(T):
        F = T.nn.functional
        ns = tuple(shape[len(shape) - n:])
        x = _x(T, shape, 0, dtype, scale=2.0)
        if noncontig:
            x = _x(T, tuple(reversed(shape)), 0, dtype, scale=2.0).permute(
                *reversed(range(len(shape))))
        x = x.detach().requires_grad_(x_rg)
        w = _x(T, ns, 1, dtype, 1.0, requires_grad=True) if "w" in affine else None
        b = _x(T, ns, 2, dtype, 1.0, requires_grad=True) if "b" in affine else None
        o = F.layer_norm(x, ns, w, b, eps=1e-5)
        res = [_summ(o), _gf(o), _nf(o)]
        ins = [t for t in (x, w, b) if t is not None and t.requires_grad]
        g = _x(T, shape, 3, dtype, requires_grad=True)
        gs = T.autograd.grad(o, ins, g, create_graph=True)
        res += [[_summ(t), _gf(t)] for t in gs]
        if double:
            s = sum((t * t).sum() for t in gs)
            res += [_summ(t) for t in T.autograd.grad(s, ins + ([g] if x_rg else []),
                                                      allow_unused=True)]
        return res
    return run


for _dt in ("float32", "float64"):
    for _shape, _n in [((2, 3, 4), 1), ((2, 3, 4), 2), ((2, 3, 4), 3), ((7,), 1), ((0, 4), 1),
                       ((3, 0), 1), ((5, 1), 1), ((40, 300), 1)]:
        for _aff in ("", "w", "b", "wb"):
            if _dt == "float32" and _shape == (5, 1):
                continue
            CASES[f"layer_norm_{_dt}_{'x'.join(map(str, _shape))}_n{_n}_{_aff or 'none'}"] = \
                _ln_prog(_shape, _n, _dt, _aff,
                         double=_aff != "b" and (_dt == "float64" or _shape != (40, 300)))
CASES["layer_norm_noncontiguous"] = _ln_prog((3, 4, 5), 2, "float64", "wb", noncontig=True)
CASES["layer_norm_params_only"] = _ln_prog((3, 4), 1, "float64", "wb", x_rg=False)


@case
def layer_norm_module(T):
    res = []
    for kw in [{}, dict(elementwise_affine=False), dict(bias=False), dict(eps=1e-3)]:
        m = T.nn.LayerNorm((3, 4), **kw)
        _fill(T, m)
        x = _x(T, (2, 3, 4), 4, requires_grad=True)
        o = m(x)
        (o * _x(T, (2, 3, 4), 5)).sum().backward()
        res += [repr(m), o, _gf(o), _nf(o), x.grad, [[n, p.grad] for n, p in m.named_parameters()]]
    return res


@case
def layer_norm_float16_with_float32_params(T):
    x = _x(T, (2, 5), 0, "float16")
    o = T.nn.functional.layer_norm(x, (5,), T.ones(5), T.zeros(5))
    return [o, o.dtype]


@case
def layer_norm_saved_input_modified(T):
    x = _x(T, (2, 5), 0, requires_grad=True) * 1
    o = T.nn.functional.layer_norm(x, (5,))
    x.add_(1)
    o.sum().backward()


for _n, _f in {
    "shape": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (4,)),
    "empty_shape": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), ()),
    "weight_shape": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,), T.ones(2)),
    "bias_shape": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,), None, T.ones(2)),
    "long_input": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3, dtype=T.int64), (3,)),
    "weight_double": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,),
                                                          T.ones(3, dtype=T.float64)),
    "input_double_weight_float": lambda T: T.nn.functional.layer_norm(
        T.zeros(2, 3, dtype=T.float64), (3,), T.ones(3)),
    "params_differ": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,), T.ones(3),
                                                          T.ones(3, dtype=T.float64)),
    "params_differ_double": lambda T: T.nn.functional.layer_norm(
        T.zeros(2, 3, dtype=T.float64), (3,), T.ones(3), T.ones(3, dtype=T.float64)),
    "wrong_dtype_and_shape": lambda T: T.nn.functional.layer_norm(
        T.zeros(2, 3, dtype=T.float64), (3,), T.ones(2)),
}.items():
    CASES[f"layer_norm_error_{_n}"] = _err(_f)


# ============================================================== nn.utils.rnn packing
def _pk_x(T, shape, seed=0, dtype="float32"):
    return _x(T, shape, seed, dtype, scale=1.0, requires_grad=True)


def _pk_prog(build):
    """build(T, R) -> list of results; R is T.nn.utils.rnn."""
    def run(T):
        return build(T, T.nn.utils.rnn)
    return run


def _pk_roundtrip(lengths, batch_first, enforce_sorted, total_length=None, padding_value=0.0,
                  trailing=(2,)):
    def build(T, R):
        tmax = max(lengths)
        shape = ((len(lengths), tmax) if batch_first else (tmax, len(lengths))) + trailing
        x = _pk_x(T, shape)
        p = R.pack_padded_sequence(x, lengths, batch_first=batch_first,
                                   enforce_sorted=enforce_sorted)
        o, ln = R.pad_packed_sequence(p, batch_first=batch_first, padding_value=padding_value,
                                      total_length=total_length)
        (o * _x(T, tuple(o.shape), 4)).sum().backward()
        return [p.data, _gf(p.data), _nf(p.data), p.batch_sizes, p.sorted_indices,
                p.unsorted_indices, o, _gf(o), ln, x.grad]
    return build


for _i, (_lens, _bf, _es, _tl, _pv, _tr) in enumerate([
        ([5, 3, 2], False, True, None, 0.0, (2,)), ([5, 3, 2], True, True, 7, -1.0, (2,)),
        ([2, 5, 3], False, False, None, 0.0, (2,)), ([2, 5, 3], True, False, 6, 0.5, (2, 3)),
        ([1], False, True, None, 0.0, (3,)), ([4, 4, 4], True, False, None, 0.0, ()),
        ([3, 1, 3, 2, 3], False, False, None, 0.0, (2,)), ([7, 7, 2, 2, 1], True, True, None, 0.0, (1,))]):
    CASES[f"pack_roundtrip_{_i}"] = _pk_prog(_pk_roundtrip(_lens, _bf, _es, _tl, _pv, _tr))


@case
def pack_generated_lengths(T):
    rng = random.Random(5)
    R = T.nn.utils.rnn
    res = []
    for _ in range(6):
        b = rng.randint(1, 9)
        lens = [rng.randint(1, 12) for _ in range(b)]
        seqs = [_pk_x(T, (n, 3), i) for i, n in enumerate(lens)]
        p = R.pack_sequence(seqs, enforce_sorted=False)
        o, ln = R.pad_packed_sequence(p, batch_first=True)
        un = R.unpack_sequence(p)
        (o.sum() + sum((u * u).sum() for u in un)).backward()
        res.append([p.data, p.batch_sizes, p.sorted_indices, o, ln, un, [s.grad for s in seqs]])
    return res


@case
def pad_sequence_variants(T):
    R = T.nn.utils.rnn
    seqs = [_pk_x(T, (3, 2), 0), _pk_x(T, (1, 2), 1), _pk_x(T, (4, 2), 2)]
    res = []
    for bf in (False, True):
        for side in ("right", "left"):
            o = R.pad_sequence(seqs, batch_first=bf, padding_value=-2.0, padding_side=side)
            res += [o, _gf(o)]
    o = R.pad_sequence(seqs)
    (o * o).sum().backward()
    res += [[s.grad for s in seqs], R.pad_sequence(_x(T, (3, 2), 0)),
            R.pad_sequence([T.tensor([1, 2]), T.tensor([3])])]
    return res


@case
def unpad_sequence_transposes_in_place(T):
    R = T.nn.utils.rnn
    x = _x(T, (4, 2, 3), 0)
    v = x._version
    parts = R.unpad_sequence(x, T.tensor([4, 2]))
    return [parts, list(x.shape), x._version - v]


@case
def packed_sequence_methods(T):
    R = T.nn.utils.rnn
    p = R.pack_sequence([_x(T, (3, 2), 0), _x(T, (1, 2), 1)], enforce_sorted=False)
    res = [p.is_cuda, p.is_pinned(), type(p).__name__, isinstance(p, tuple), len(p)]
    for name in ("double", "float", "half", "long", "int", "short", "char", "byte", "cpu"):
        q = getattr(p, name)()
        res += [name, q.data, q.batch_sizes, q.sorted_indices]
    res += [p.to(T.float64).data, p.to(T.float32) is p, R.invert_permutation(T.tensor([3, 0, 2, 1])),
            R.invert_permutation(None), repr(p)[:15]]
    return res


def _pk_rnn(cls, kw, lens, batch_first=False, enforce_sorted=False, with_h=False, dtype="float32"):
    def run(T):
        R = T.nn.utils.rnn
        m = getattr(T.nn, cls)(3, 4, batch_first=batch_first, **kw)
        if dtype == "float64":
            m = m.double()
        _fill(T, m)
        tmax = max(lens)
        shape = (len(lens), tmax, 3) if batch_first else (tmax, len(lens), 3)
        x = _pk_x(T, shape, 0, dtype)
        p = R.pack_padded_sequence(x, lens, batch_first=batch_first, enforce_sorted=enforce_sorted)
        hx = None
        hs = []
        if with_h:
            d = (2 if kw.get("bidirectional") else 1) * kw.get("num_layers", 1)
            hsz = kw.get("proj_size", 0) or 4
            h0 = _pk_x(T, (d, len(lens), hsz), 7, dtype)
            hs = [h0]
            hx = h0
            if cls == "LSTM":
                c0 = _pk_x(T, (d, len(lens), 4), 8, dtype)
                hs.append(c0)
                hx = (h0, c0)
        out, h = m(p, hx)
        hl = list(h) if isinstance(h, tuple) else [h]
        loss = (out.data * _x(T, tuple(out.data.shape), 9, dtype)).sum()
        for i, t in enumerate(hl):
            loss = loss + (t * _x(T, tuple(t.shape), 10 + i, dtype)).sum()
        loss.backward()
        padded, ln = R.pad_packed_sequence(out, batch_first=batch_first)
        return [type(out).__name__, out.data, _gf(out.data), out.batch_sizes, out.sorted_indices,
                [[t, _gf(t)] for t in hl], padded, ln, x.grad, [t.grad for t in hs],
                [[n, p_.grad] for n, p_ in m.named_parameters()]]
    return run


for _cls in ("RNN", "LSTM", "GRU"):
    for _cn, _kw in {"1l": {}, "2l_bi": dict(num_layers=2, bidirectional=True),
                     "nobias": dict(bias=False), "bi": dict(bidirectional=True)}.items():
        CASES[f"packed_{_cls.lower()}_{_cn}"] = _pk_rnn(_cls, _kw, [2, 5, 3, 5, 1])
        CASES[f"packed_{_cls.lower()}_{_cn}_hx_bf"] = _pk_rnn(_cls, _kw, [4, 2, 2], batch_first=True,
                                                              with_h=True)
    CASES[f"packed_{_cls.lower()}_sorted"] = _pk_rnn(_cls, {}, [5, 3, 3, 1], enforce_sorted=True)
    CASES[f"packed_{_cls.lower()}_float64"] = _pk_rnn(_cls, dict(num_layers=2), [3, 6, 1, 6],
                                                      dtype="float64", with_h=True)
CASES["packed_lstm_proj"] = _pk_rnn("LSTM", dict(proj_size=2, bidirectional=True), [3, 1, 4],
                                    with_h=True)
CASES["packed_rnn_relu"] = _pk_rnn("RNN", dict(nonlinearity="relu", num_layers=2), [3, 1, 4])

for _n, _f in {
    "unsorted": lambda T: T.nn.utils.rnn.pack_padded_sequence(T.zeros(5, 3, 2), [3, 5, 2]),
    "zero_length": lambda T: T.nn.utils.rnn.pack_padded_sequence(T.zeros(5, 3, 2), [5, 3, 0]),
    "negative_length": lambda T: T.nn.utils.rnn.pack_padded_sequence(T.zeros(5, 3, 2), [5, 3, -1]),
    "lengths_count": lambda T: T.nn.utils.rnn.pack_padded_sequence(T.zeros(5, 3, 2), [5, 3]),
    "lengths_2d": lambda T: T.nn.utils.rnn.pack_padded_sequence(T.zeros(5, 3, 2), [[5, 3, 2]]),
    "empty": lambda T: T.nn.utils.rnn.pack_padded_sequence(T.zeros(5, 0, 2), []),
    "total_length": lambda T: T.nn.utils.rnn.pad_packed_sequence(
        T.nn.utils.rnn.pack_sequence([T.ones(3), T.ones(2)]), total_length=2),
    "pad_empty": lambda T: T.nn.utils.rnn.pad_sequence([]),
    "pad_trailing": lambda T: T.nn.utils.rnn.pad_sequence([T.ones(2, 2), T.ones(2, 3)]),
    "pad_side": lambda T: T.nn.utils.rnn.pad_sequence([T.ones(2)], padding_side="middle"),
    "pack_sequence_unsorted": lambda T: T.nn.utils.rnn.pack_sequence([T.ones(1, 2), T.ones(3, 2)]),
    "rnn_hidden_batch": lambda T: T.nn.RNN(2, 3)(
        T.nn.utils.rnn.pack_sequence([T.ones(3, 2), T.ones(2, 2)]), T.zeros(1, 3, 3)),
    "rnn_input_size": lambda T: T.nn.GRU(4, 3)(
        T.nn.utils.rnn.pack_sequence([T.ones(3, 2), T.ones(2, 2)])),
    "rnn_dtype": lambda T: T.nn.GRU(2, 3)(
        T.nn.utils.rnn.pack_sequence([T.ones(3, 2, dtype=T.float64), T.ones(2, 2, dtype=T.float64)])),
}.items():
    CASES[f"pack_error_{_n}"] = _err(_f)


for _n, _f in {
    "embedding_weight_int": lambda T: T.nn.functional.embedding(T.tensor([1]), 5),
    "embedding_indices_int": lambda T: T.nn.functional.embedding(1, T.zeros(3, 2)),
    "embedding_weight_padding": lambda T: T.nn.functional.embedding(T.tensor([1]), 5, -1),
    "embedding_renorm_weight_int": lambda T: T.nn.functional.embedding(T.tensor([1]), 5, max_norm=1.0),
    "layer_norm_input_str": lambda T: T.nn.functional.layer_norm("s", (3,)),
    "layer_norm_shape_tensor": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), T.zeros(3)),
    "layer_norm_shape_float": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), 3.0),
    "layer_norm_shape_float_element": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3.0,)),
    "layer_norm_weight_str": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,), "s"),
    "layer_norm_bias_int": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,), None, 5),
    "layer_norm_eps_str": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), (3,), eps="a"),
    "layer_norm_shape_list_and_size": lambda T: [
        T.nn.functional.layer_norm(T.ones(2, 3), [3]), T.nn.functional.layer_norm(T.ones(2, 3), T.Size([3])),
        T.nn.functional.layer_norm(T.ones(2, 3), (3,), eps=1)],
    "layer_norm_shape_int": lambda T: T.nn.functional.layer_norm(T.zeros(2, 3), 3),
}.items():
    CASES[f"argtypes_{_n}"] = _err(_f) if not _n.endswith("size") else _f
