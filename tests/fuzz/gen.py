"""Program generator: from a seed alone, a straight-line autograd program.

A program is a list of steps; each step is Python source that runs with the
module alias ``T`` bound to ``torch`` or to ``cyautograd`` (and ``np`` to
numpy), after PRELUDE.  The generator tracks every variable's shape, dtype,
requires_grad, leaf-ness and storage group so that most steps are valid; a
controlled fraction is made invalid on purpose (errors must match too).

Each step carries
  code  -- its source text,
  touch -- the variables whose state the runner records after it,
  tags  -- feature tags (known-divergence classes owned by other work are
           tagged so they can be excluded with ``exclude=`` and counted apart).
"""
from .prng import SplitMix64

PRELUDE = '''\
import numpy as np
H = []


def mk(shape, salt, dt, rg=False):
    n = 1
    for s in shape:
        n *= s
    i = np.arange(n, dtype=np.int64)
    v = ((i * 7919 + salt * 104729) % 10007).astype(np.float64) / 10007.0 * 4.0 - 2.0
    if dt == "int64":
        v = np.floor(v * 2.5).astype(np.int64)
    elif dt == "bool":
        v = v > 0
    return T.tensor(v.reshape(shape), dtype=getattr(T, dt), requires_grad=rg)


def hrec(tag):
    def hook(g):
        H.append((tag, g.detach().clone()))
    return hook


def hdbl(tag):
    def hook(g):
        H.append((tag, g.detach().clone()))
        return g * 2
    return hook


class FSave(T.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return x * y

    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        return g * y, g * x


class FDirty(T.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


class FView(T.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)[...]

    @staticmethod
    def backward(ctx, g):
        return g * 3


class FIdent(T.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 5


class FNonDiff(T.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        a = x * 3
        b = x > 0
        ctx.mark_non_differentiable(b)
        ctx.save_for_backward(x)
        return a, b

    @staticmethod
    def backward(ctx, ga, gb):
        (x,) = ctx.saved_tensors
        return ga * 3
'''

# Tags of divergence classes owned by other engineers (issue 12 parallel work).
KNOWN_TAGS = {
    "big": "H1/H2: sizes > 256 (TensorGeometry refcount) in CopySlices/unfold/as_strided/diagonal",
    "asneg": "H1/H2: as_strided negative offset / out of bounds",
    "powbool": "H1/H2: x ** True",
    "infview": "H1/H2: inference-mode views",
    "noneargs": "H1/H2: None arguments",
    "overlap": "H3: partially overlapping in-place writes",
    "elem0d": "H3: 0-d elements from unbind/iteration",
    "intcopy": "H3: int.copy_(float requiring grad)",
    "gdtype": "H3: backward gradient dtype cast",
    "fromnumpy": "H3: from_numpy",
    "numerics": "H5: NaN/inf/ties gradients, signs",
    "bitwise": "H5: bitwise operators",
    "promo": "H5: dtype promotion",
    "npleft": "H5: numpy scalar on the left",
    "repr": "repr/str formatting",
}

FLOATS = ("float32", "float64")


class V:
    __slots__ = ("name", "shape", "dtype", "rg", "leaf", "group", "view", "contig", "sticky")

    def __init__(self, name, shape, dtype, rg, leaf, group, view=False, contig=True, sticky=()):
        self.name = name
        self.shape = tuple(shape)
        self.dtype = dtype
        self.rg = rg
        self.leaf = leaf
        self.group = group
        self.view = view
        self.contig = contig
        self.sticky = tuple(sticky)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def isfloat(self):
        return self.dtype in FLOATS


def broadcast(a, b):
    out = []
    for i in range(max(len(a), len(b))):
        x = a[len(a) - 1 - i] if i < len(a) else 1
        y = b[len(b) - 1 - i] if i < len(b) else 1
        if x != y and x != 1 and y != 1:
            return None
        out.append(max(x, y) if x != 0 and y != 0 else 0)
    return tuple(reversed(out))


def promote(a, b):
    order = ["bool", "int64", "float32", "float64"]
    return order[max(order.index(a), order.index(b))]


def indent(code, n):
    return "\n".join("    " * n + line for line in code.split("\n"))


class Gen:
    def __init__(self, seed, exclude=(), min_steps=5, max_steps=40, p_invalid=0.05):
        self.r = SplitMix64(seed)
        self.seed = seed
        self.exclude = set(exclude)
        self.vars = []          # list of V (live, in creation order)
        self.byname = {}
        self.nvar = 0
        self.ngroup = 0
        self.nsalt = 0
        self.steps = []
        self.nsteps = self.r.randint(min_steps, max_steps)
        self.p_invalid = p_invalid

    # -- helpers ---------------------------------------------------------
    def fresh(self, prefix="v"):
        self.nvar += 1
        return f"{prefix}{self.nvar}"

    def salt(self):
        self.nsalt += 1
        return self.seed % 997 + self.nsalt * 13

    def add(self, v):
        self.vars.append(v)
        self.byname[v.name] = v
        return v

    def group_of(self, v):
        return [w.name for w in self.vars if w.group == v.group]

    def pick(self, pred=lambda v: True, recent=True):
        c = [v for v in self.vars if pred(v)]
        if not c:
            return None
        if recent and self.r.chance(0.5):
            c = c[-4:]
        return self.r.choice(c)

    def emit(self, code, touch, tags=()):
        tags = sorted(set(tags))
        self.steps.append({"code": code, "touch": list(dict.fromkeys(touch)), "tags": tags})

    def bad(self):
        return self.r.chance(self.p_invalid)

    def rand_shape(self, rank=None, big_ok=True):
        r = self.r
        if rank is None:
            rank = r.weighted([(0, 1), (1, 3), (2, 4), (3, 2)])
        dims = [r.weighted([(1, 2), (2, 3), (3, 3), (4, 2), (5, 1), (0, 0)]) for _ in range(rank)]
        if rank and big_ok and "big" not in self.exclude and r.chance(0.07) and rank <= 2:
            dims[r.below(rank)] = r.randint(257, 300)
        return tuple(dims)

    def make_leaf(self, shape=None, dtype=None, rg=None, prefix="v"):
        r = self.r
        if shape is None:
            shape = self.rand_shape()
        if dtype is None:
            dtype = r.weighted([("float32", 8), ("float64", 2), ("int64", 2), ("bool", 1)])
        if rg is None:
            rg = dtype in FLOATS and r.chance(0.65)
        name = self.fresh(prefix)
        self.ngroup += 1
        sticky = ("big",) if any(s > 256 for s in shape) else ()
        v = self.add(V(name, shape, dtype, rg, True, self.ngroup, sticky=sticky))
        self.emit(f"{name} = mk({tuple(shape)!r}, {self.salt()}, {dtype!r}, {rg})", [name], sticky)
        return v

    def new_result(self, shape, dtype, rg, prefix="v", sticky=()):
        name = self.fresh(prefix)
        self.ngroup += 1
        sticky = tuple(sticky) + (("big",) if any(s > 256 for s in shape) else ())
        return self.add(V(name, shape, dtype, rg, not rg, self.ngroup, sticky=tuple(sorted(set(sticky)))))

    def new_view(self, base, shape, rg=None, contig=False):
        name = self.fresh()
        v = V(name, shape, base.dtype, base.rg if rg is None else rg, not (base.rg if rg is None else rg),
              base.group, view=True, contig=contig, sticky=base.sticky)
        return self.add(v)

    def scalar(self, dtype):
        r = self.r
        k = r.below(5)
        if k == 0:
            return str(r.randint(-3, 3))
        if k == 1:
            return repr(round(r.uniform(-2.5, 2.5), 3))
        if k == 2:
            return "True" if r.chance(0.5) else "0"
        if k == 3:
            return f"np.float64({round(r.uniform(-2, 2), 3)!r})"
        return f"np.int64({r.randint(-3, 3)})"

    def dimarg(self, v, allow_bad=True):
        if v.ndim == 0:
            d = self.r.choice([0, -1])
        else:
            d = self.r.randint(-v.ndim, v.ndim - 1)
        if allow_bad and self.bad():
            d = v.ndim + 1
        return d

    def bshape(self, shape):
        """A shape that broadcasts against `shape`."""
        r = self.r
        k = r.below(len(shape) + 1)
        out = [s if not r.chance(0.3) else 1 for s in shape[len(shape) - k:]]
        if r.chance(0.15):
            out = [1] + out
        if self.bad() and out:
            out[-1] = out[-1] + 1
        return tuple(out)

    def operand_like(self, shape, dtype, need_float=False):
        """An existing variable or a fresh leaf whose shape broadcasts with shape."""
        r = self.r
        c = [v for v in self.vars if broadcast(v.shape, shape) == tuple(shape)
             and (v.isfloat or not need_float) and (v.dtype == dtype or "promo" not in self.exclude)
             and not ("big" in v.sticky and "big" in self.exclude)]
        if c and r.chance(0.6):
            return r.choice(c)
        dt = dtype
        if "promo" not in self.exclude and r.chance(0.15):
            dt = r.choice(["float32", "float64", "int64"])
        return self.make_leaf(self.bshape(shape), dt)

    # -- step kinds --------------------------------------------------------
    def s_leaf(self):
        self.make_leaf()

    def s_binary(self):
        r = self.r
        a = self.pick()
        if a is None:
            return
        op = r.weighted([("+", 4), ("-", 3), ("*", 4), ("/", 2), ("add", 1), ("mul", 1), ("maximum", 1),
                         ("pow", 1), ("sub", 1), ("rsub", 1)])
        tags = list(a.sticky)
        kind = r.below(4)
        if kind == 0:      # python / numpy scalar
            s = self.scalar(a.dtype)
            if s.startswith("np."):
                tags.append("promo")
            left = r.chance(0.4) and op in "+-*/"
            if left and s.startswith("np."):
                tags.append("npleft")
            if op == "pow":
                if s in ("True", "0"):
                    tags.append("powbool" if s == "True" else "numerics")
                expr = f"{a.name} ** {s}" if not left else f"{s} ** {a.name}"
                tags.append("numerics")
            elif op in ("add", "mul", "sub"):
                expr = f"T.{op}({a.name}, {s})"
            elif op == "maximum":
                expr = f"{a.name}.clamp(min={s})"
                tags.append("numerics")
            elif op == "rsub":
                expr = f"T.rsub({a.name}, {s})"
            else:
                expr = f"{s} {op} {a.name}" if left else f"{a.name} {op} {s}"
            is_float_scalar = "." in s and not s.startswith("np.int")
            if a.dtype == "bool" or (a.dtype == "int64" and (is_float_scalar or op == "/")):
                tags.append("promo")
            dt = a.dtype if a.dtype in FLOATS else ("float32" if is_float_scalar or op == "/" else a.dtype)
            shape = a.shape
            rg = a.rg
        else:
            b = self.operand_like(a.shape, a.dtype)
            tags += list(b.sticky)
            if b.dtype != a.dtype:
                tags.append("promo")
            if a.dtype == "bool" or b.dtype == "bool":
                tags.append("promo")
            shape = broadcast(a.shape, b.shape)
            if shape is None:
                shape = a.shape
            x, y = (a, b) if r.chance(0.7) else (b, a)
            if op in ("add", "sub") and r.chance(0.5):
                expr = f"T.{op}({x.name}, {y.name}, alpha={r.choice([2, -1, 0.5])})"
            elif op in ("add", "mul", "sub", "maximum"):
                expr = f"T.{op}({x.name}, {y.name})"
                if op == "maximum":
                    tags.append("numerics")
            elif op == "rsub":
                expr = f"T.rsub({x.name}, {y.name})"
            elif op == "pow":
                expr = f"{x.name}.abs() ** {y.name}"
                tags.append("numerics")
            else:
                expr = f"{x.name} {op} {y.name}"
            dt = promote(a.dtype, b.dtype)
            if op == "/" and dt not in FLOATS:
                dt = "float32"
            rg = a.rg or b.rg
        v = self.new_result(shape, dt, rg and dt in FLOATS, sticky=tags and [t for t in tags if t == "big"])
        self.emit(f"{v.name} = {expr}", [v.name], tags)

    def s_unary(self):
        r = self.r
        a = self.pick()
        if a is None:
            return
        tags = list(a.sticky)
        fl = [("exp", 2), ("tanh", 2), ("sigmoid", 2), ("sin", 1), ("cos", 1), ("neg", 2), ("relu", 1),
              ("square", 1), ("clamp", 1), ("sqrt", 1), ("log", 1), ("reciprocal", 1), ("abs", 1),
              ("sign", 1), ("floor", 1), ("double", 1), ("float", 1), ("clone", 2), ("contiguous", 1),
              ("logical_not", 1), ("bitwise_not", 1)]
        op = r.weighted(fl)
        dt = a.dtype
        if op in ("sqrt", "log", "reciprocal", "abs", "sign", "relu", "floor"):
            tags.append("numerics")
        if op == "bitwise_not":
            tags.append("bitwise")
        if op == "clamp":
            expr = f"{a.name}.clamp({r.choice(['-0.5', 'min=-1.0', 'max=0.3', '-0.7, 0.9'])})"
        elif op == "double":
            expr = f"{a.name}.double()"
            dt = "float64"
        elif op == "float":
            expr = f"{a.name}.float()"
            dt = "float32"
        elif op == "logical_not":
            expr = f"T.logical_not({a.name})"
            dt = "bool"
        elif r.chance(0.5) and op not in ("contiguous", "clone", "bitwise_not"):
            expr = f"T.{op}({a.name})"
        else:
            expr = f"{a.name}.{op}()"
        if a.dtype not in FLOATS and op in ("exp", "tanh", "sigmoid", "sin", "cos", "sqrt", "log", "reciprocal"):
            dt = "float32"
            tags.append("promo")
        rg = a.rg and dt in FLOATS and op not in ("sign", "floor", "logical_not")
        if op == "contiguous" and a.contig:
            # contiguous() of a contiguous tensor is the tensor itself
            v = self.add(V(self.fresh(), a.shape, a.dtype, a.rg, a.leaf, a.group, a.view, True, a.sticky))
        else:
            v = self.new_result(a.shape, dt, rg, sticky=a.sticky)
        self.emit(f"{v.name} = {expr}", [v.name, a.name], tags)

    def s_reduce(self):
        r = self.r
        a = self.pick()
        if a is None:
            return
        tags = list(a.sticky)
        op = r.weighted([("sum", 4), ("mean", 2), ("prod", 1), ("amax", 1), ("amin", 1), ("maxdim", 2),
                         ("max", 1), ("argmax", 1), ("std", 1), ("logsumexp", 1), ("softmax", 1),
                         ("norm", 1), ("cumsum", 1), ("all", 1)])
        d = self.dimarg(a)
        keep = r.chance(0.4)
        nd = a.ndim
        dd = d % nd if nd else 0

        def red_shape():
            if nd == 0:
                return ()
            s = list(a.shape)
            if keep:
                s[dd] = 1
            else:
                del s[dd]
            return tuple(s)

        rg = a.rg and a.isfloat
        dt = a.dtype
        if op in ("prod", "amax", "amin", "max", "maxdim", "std", "norm"):
            tags.append("numerics")
        if op == "sum":
            if r.chance(0.4):
                expr, shape = f"{a.name}.sum()", ()
                if a.dtype == "bool":
                    dt = "int64"
            else:
                expr, shape = f"{a.name}.sum({d}, keepdim={keep})", red_shape()
                if a.dtype == "bool":
                    dt = "int64"
        elif op == "mean":
            expr, shape = (f"{a.name}.mean()", ()) if r.chance(0.5) else (f"T.mean({a.name}, {d}, {keep})", red_shape())
        elif op == "prod":
            expr, shape = (f"{a.name}.prod()", ()) if r.chance(0.5) else (f"{a.name}.prod({d}, keepdim={keep})", red_shape())
        elif op in ("amax", "amin"):
            expr, shape = f"{a.name}.{op}({d}, keepdim={keep})", red_shape()
        elif op == "max":
            expr, shape = f"{a.name}.{r.choice(['max', 'min'])}()", ()
        elif op == "maxdim":
            v = self.new_result(red_shape(), dt, rg, sticky=a.sticky)
            i = self.new_result(red_shape(), "int64", False)
            fn = r.choice(["max", "min"])
            self.emit(f"{v.name}, {i.name} = {a.name}.{fn}({d}, keepdim={keep})", [v.name, i.name], tags)
            return
        elif op == "argmax":
            expr, shape = f"{a.name}.argmax({d})", red_shape()
            dt, rg = "int64", False
        elif op == "std":
            expr, shape = f"{a.name}.std({d})", red_shape() if not keep else red_shape()
            expr = f"{a.name}.std({d}, keepdim={keep})"
        elif op == "logsumexp":
            expr, shape = f"T.logsumexp({a.name}, {d}, keepdim={keep})", red_shape()
        elif op == "softmax":
            expr, shape = f"{a.name}.softmax({d})", a.shape
        elif op == "cumsum":
            expr, shape = f"{a.name}.cumsum({d})", a.shape
            if a.dtype == "bool":
                dt = "int64"
        elif op == "all":
            expr, shape = f"{a.name}.any()", ()
            dt, rg = "bool", False
        else:
            expr, shape = f"{a.name}.norm()", ()
        v = self.new_result(shape, dt, rg, sticky=a.sticky)
        self.emit(f"{v.name} = {expr}", [v.name], tags)

    def s_matmul(self):
        r = self.r
        ranks = r.choice([(1, 1), (1, 2), (2, 1), (2, 2), (3, 2), (2, 3), (3, 3), (1, 3), (3, 1)])
        a = self.pick(lambda v: v.ndim == ranks[0] and v.isfloat and all(s > 0 for s in v.shape))
        if a is None:
            a = self.make_leaf(self.rand_shape(ranks[0]), r.choice(["float32", "float32", "float64"]))
        k = a.shape[-1]
        bsz = a.shape[0] if a.ndim == 3 else r.randint(1, 3)
        m = r.randint(1, 4)
        if self.bad():
            k += 1
        bshape = {1: (k,), 2: (k, m), 3: (bsz, k, m)}[ranks[1]]
        b = self.pick(lambda v: v.shape == bshape and v.isfloat)
        if b is None:
            b = self.make_leaf(bshape, a.dtype if "promo" in self.exclude or r.chance(0.9) else "float64")
        tags = list(a.sticky) + list(b.sticky)
        if a.dtype != b.dtype:
            tags.append("promo")
        x, y = a.shape, b.shape
        if len(x) == 1 and len(y) == 1:
            shape = ()
        elif len(x) == 1:
            shape = y[:-2] + y[-1:]
        elif len(y) == 1:
            shape = x[:-1]
        else:
            bt = broadcast(x[:-2], y[:-2]) or ()
            shape = bt + (x[-2], y[-1])
        form = r.below(3)
        if form == 0:
            expr = f"{a.name} @ {b.name}"
        elif form == 1:
            expr = f"T.matmul({a.name}, {b.name})"
        else:
            special = {(1, 1): "dot", (2, 1): "mv", (2, 2): "mm", (3, 3): "bmm"}.get(ranks, "matmul")
            expr = f"T.{special}({a.name}, {b.name})"
        v = self.new_result(shape, promote(a.dtype, b.dtype), a.rg or b.rg, sticky=tags)
        self.emit(f"{v.name} = {expr}", [v.name], tags)

    def s_view(self):
        r = self.r
        a = self.pick()
        if a is None:
            return
        tags = list(a.sticky)
        if a.dtype == "bool" and "promo" in self.exclude:
            pass
        kinds = [("narrow", 3), ("select", 3), ("slice", 4), ("full", 2), ("ellipsis", 2), ("none", 1),
                 ("unbind", 2), ("split", 2), ("chunk", 2), ("expand", 2), ("diagonal", 2), ("unfold", 2),
                 ("as_strided", 2), ("view", 2), ("transpose", 2), ("permute", 1), ("unsqueeze", 1),
                 ("squeeze", 1), ("t", 1), ("detach", 2), ("data", 1), ("flatten", 1), ("advidx", 2),
                 ("movedim", 1)]
        k = r.weighted(kinds)
        nd, sh = a.ndim, list(a.shape)
        outs = None      # list of (shape) for multiple outputs
        view = True
        rg = None
        contig = False
        if k in ("narrow", "select", "unbind", "split", "chunk", "unfold") and nd == 0:
            k = "none"
        if k == "narrow":
            d = self.dimarg(a)
            dd = d % nd
            size = sh[dd]
            start = r.randint(-size, size - 1) if size else 0
            st = start % size if size else 0
            length = r.randint(0, size - st)
            if self.bad():
                length = size + 1
            expr = f"{a.name}.narrow({d}, {start}, {length})" if r.chance(0.6) else f"T.narrow({a.name}, {d}, {start}, {length})"
            sh[dd] = length
            shape = tuple(sh)
        elif k == "select":
            d = self.dimarg(a)
            dd = d % nd
            size = sh[dd]
            i = r.randint(-size, size - 1) if size else 0
            if self.bad():
                i = size
            expr = f"{a.name}.select({d}, {i})" if r.chance(0.5) else f"{a.name}[{'' if dd == 0 else ':, ' * dd}{i}]"
            del sh[dd]
            shape = tuple(sh)
        elif k == "slice":
            parts = []
            out = []
            for s in sh[: r.randint(1, max(1, nd))] if nd else []:
                st = r.randint(0, max(0, s - 1)) if r.chance(0.5) else None
                en = r.randint(0, s) if r.chance(0.5) else None
                step = r.choice([None, 1, 2, 3])
                txt = f"{'' if st is None else st}:{'' if en is None else en}{'' if step is None else ':' + str(step)}"
                parts.append(txt)
                s0 = 0 if st is None else st
                s1 = s if en is None else en
                stp = step or 1
                out.append(max(0, (s1 - s0 + stp - 1) // stp))
            if not parts:
                parts = [":"]
                k = "none"
            shape = tuple(out) + tuple(sh[len(out):]) if nd else ()
            expr = f"{a.name}[{', '.join(parts)}]"
        elif k == "full":
            expr = f"{a.name}[{r.choice([':', '0:', '::1', ':, ...'])}]" if nd else f"{a.name}[...]"
            shape = a.shape
        elif k == "ellipsis":
            if nd and r.chance(0.5):
                i = r.randint(0, sh[-1] - 1) if sh[-1] else 0
                expr = f"{a.name}[..., {i}]"
                shape = tuple(sh[:-1])
            else:
                expr = f"{a.name}[...]"
                shape = a.shape
        elif k == "none":
            if r.chance(0.5) or not nd:
                expr = f"{a.name}[None]"
                shape = (1,) + a.shape
            else:
                expr = f"{a.name}[:, None]"
                shape = (sh[0], 1) + tuple(sh[1:])
        elif k in ("unbind", "split", "chunk"):
            d = self.dimarg(a, allow_bad=False)
            dd = d % nd
            size = sh[dd]
            if k == "unbind":
                cnt = size
                if cnt > 6 or cnt == 0:
                    return
                s2 = sh[:dd] + sh[dd + 1:]
                outs = [tuple(s2)] * cnt
                expr = f"{a.name}.unbind({d})" if r.chance(0.5) else f"T.unbind({a.name}, {d})"
                if nd == 1:
                    tags.append("elem0d")
            elif k == "split":
                ss = r.randint(1, max(1, size))
                cnt = (size + ss - 1) // ss if size else 1
                if cnt > 6:
                    return
                outs = []
                for j in range(cnt):
                    s2 = list(sh)
                    s2[dd] = min(ss, size - j * ss) if size else 0
                    outs.append(tuple(s2))
                expr = f"{a.name}.split({ss}, {d})"
            else:
                n = r.randint(1, 4)
                cs = (size + n - 1) // n if size else 0
                cnt = (size + cs - 1) // cs if cs else 1
                if cnt > 6:
                    return
                outs = []
                for j in range(cnt):
                    s2 = list(sh)
                    s2[dd] = min(cs, size - j * cs) if cs else 0
                    outs.append(tuple(s2))
                expr = f"{a.name}.chunk({n}, {d})"
            shape = None
        elif k == "expand":
            new = []
            for s in sh:
                new.append(r.randint(2, 3) if s == 1 and r.chance(0.6) else (s if r.chance(0.7) else -1))
            if r.chance(0.4):
                new = [r.randint(1, 3)] + new
            if self.bad():
                new = new + [2] if new else [2, 2]
            txt = ", ".join(str(s) for s in new)
            expr = f"{a.name}.expand({txt})" if r.chance(0.7) else f"{a.name}.expand(({txt}{',' if len(new) == 1 else ''}))"
            lead = len(new) - nd
            shape = tuple(new[i] if new[i] != -1 else sh[i - lead] for i in range(len(new)))
        elif k == "diagonal":
            if nd < 2:
                return
            d1 = r.randint(0, nd - 1)
            d2 = r.randint(0, nd - 1)
            if d1 == d2 and not self.bad():
                d2 = (d1 + 1) % nd
            off = r.randint(-2, 2)
            n1, n2 = sh[d1], sh[d2]
            ln = max(0, min(n1, n2 - off) if off >= 0 else min(n1 + off, n2))
            rest = [s for i, s in enumerate(sh) if i not in (d1, d2)]
            shape = tuple(rest) + (ln,)
            expr = f"{a.name}.diagonal({off}, {d1}, {d2})" if r.chance(0.6) else f"T.diagonal({a.name}, offset={off}, dim1={d1}, dim2={d2})"
        elif k == "unfold":
            d = self.dimarg(a)
            dd = d % nd
            size = sh[dd]
            w = r.randint(1, max(1, size))
            step = r.randint(1, 3)
            if self.bad():
                w = size + 1
            cnt = (size - w) // step + 1 if size >= w else 0
            sh[dd] = cnt
            shape = tuple(sh) + (w,)
            expr = f"{a.name}.unfold({d}, {w}, {step})"
        elif k == "as_strided":
            if a.view or not a.contig or a.numel == 0:
                return
            n = a.numel
            rank = r.randint(0, 2)
            size, stride = [], []
            for _ in range(rank):
                size.append(r.randint(1, 3))
                stride.append(r.randint(0, 3))
            span = sum((s - 1) * t for s, t in zip(size, stride))
            off = r.randint(0, max(0, n - 1 - span)) if span <= n - 1 else None
            if off is None:
                return
            if self.bad():
                off = r.choice([-1, n])
                tags.append("asneg")
            expr = f"{a.name}.as_strided({tuple(size)!r}, {tuple(stride)!r}, {off})"
            shape = tuple(size)
        elif k == "view":
            if r.chance(0.5) or nd == 0:
                shape = (a.numel,)
                expr = f"{a.name}.{r.choice(['view', 'reshape'])}(-1)"
            else:
                shape = (sh[0], a.numel // sh[0] if sh[0] else 0) if nd > 1 else (1, sh[0])
                if sh[0] == 0:
                    return
                expr = f"{a.name}.{r.choice(['view', 'reshape'])}{shape!r}"
            if "reshape" in expr and not a.contig:
                view = False
        elif k == "transpose":
            if nd < 2:
                return
            d1, d2 = r.randint(-nd, nd - 1), r.randint(-nd, nd - 1)
            sh[d1], sh[d2] = sh[d2], sh[d1]
            shape = tuple(sh)
            expr = f"{a.name}.transpose({d1}, {d2})"
        elif k == "movedim":
            if nd < 1:
                return
            d1, d2 = r.randint(0, nd - 1), r.randint(0, nd - 1)
            x = sh.pop(d1)
            sh.insert(d2, x)
            shape = tuple(sh)
            expr = f"{a.name}.movedim({d1}, {d2})"
        elif k == "permute":
            if nd == 0:
                return
            perm = list(range(nd))
            for i in range(nd - 1, 0, -1):
                j = r.below(i + 1)
                perm[i], perm[j] = perm[j], perm[i]
            shape = tuple(sh[p] for p in perm)
            expr = f"{a.name}.permute({', '.join(map(str, perm))}{',' if nd == 1 else ''})"
        elif k == "unsqueeze":
            d = r.randint(-nd - 1, nd)
            dd = d % (nd + 1)
            sh.insert(dd, 1)
            shape = tuple(sh)
            expr = f"{a.name}.unsqueeze({d})"
        elif k == "squeeze":
            if r.chance(0.5):
                shape = tuple(s for s in sh if s != 1)
                expr = f"{a.name}.squeeze()"
            else:
                d = self.dimarg(a)
                dd = d % nd if nd else 0
                if nd and sh[dd] == 1:
                    del sh[dd]
                shape = tuple(sh)
                expr = f"{a.name}.squeeze({d})"
        elif k == "t":
            if nd > 2:
                return
            shape = tuple(reversed(sh))
            expr = f"{a.name}.{r.choice(['t()', 'T'])}" if nd != 2 or r.chance(0.5) else f"{a.name}.mT"
            if expr.endswith("mT") and nd < 2:
                return
        elif k == "flatten":
            shape = (a.numel,) if nd else (1,)
            expr = f"{a.name}.flatten()"
            if not a.contig:
                view = False
        elif k in ("detach", "data"):
            shape = a.shape
            expr = f"{a.name}.detach()" if k == "detach" else f"{a.name}.data"
            rg = False
            contig = a.contig
        else:   # advanced indexing: a copy, not a view
            if nd == 0:
                return
            s0 = sh[0]
            if s0 == 0:
                return
            form = r.below(4)
            if form == 0:
                idx = f"[{r.randint(0, s0 - 1)}, {r.randint(-s0, s0 - 1)}]"
                shape = (2,) + tuple(sh[1:])
            elif form == 1:
                idx = f"[[{r.randint(0, s0 - 1)}, {r.randint(0, s0 - 1)}], [{r.randint(0, s0 - 1)}, {r.randint(0, s0 - 1)}]]"
                shape = (2, 2) + tuple(sh[1:])
                if nd >= 2:
                    # torch reads a nested list of length ndim as a tuple index
                    shape = None
            elif form == 2:
                idx = f"{a.name} > 0"
                shape = None
            else:
                idx = f"T.tensor([{r.randint(0, s0 - 1)}, {r.randint(0, s0 - 1)}, 0])"
                shape = (3,) + tuple(sh[1:])
            expr = f"{a.name}[{idx}]"
            view = False
            if shape is None:
                shape = (1,)
        if outs is not None:
            names = []
            for s in outs:
                v = self.new_view(a, s)
                names.append(v.name)
            lhs = ", ".join(names) + ("," if len(names) == 1 else "")
            self.emit(f"{lhs} = {expr}", names + [a.name], tags)
            return
        if not view:
            v = self.new_result(shape, a.dtype, a.rg, sticky=a.sticky)
        elif k in ("detach", "data"):
            name = self.fresh()
            v = self.add(V(name, shape, a.dtype, False, True, a.group, view=False, contig=contig, sticky=a.sticky))
        else:
            v = self.new_view(a, shape, rg, contig)
        self.emit(f"{v.name} = {expr}", [v.name, a.name], tags)

    def ctx_wrap(self, code):
        """Wrap in a grad-mode context; returns (code, grad_enabled, tags)."""
        r = self.r
        k = r.weighted([(None, 10), ("no_grad", 3), ("enable_grad", 1), ("inference_mode", 2),
                        ("nested_inf", 1), ("set_grad", 1)])
        if k is None:
            return code, True, []
        if k == "no_grad":
            return "with T.no_grad():\n" + indent(code, 1), False, []
        if k == "enable_grad":
            return "with T.no_grad():\n    with T.enable_grad():\n" + indent(code, 2), True, []
        if k == "set_grad":
            return "with T.set_grad_enabled(False):\n" + indent(code, 1), False, []
        if k == "inference_mode":
            return "with T.inference_mode():\n" + indent(code, 1), False, ["infmode"]
        return ("with T.inference_mode():\n    with T.inference_mode(False):\n" + indent(code, 2),
                True, ["infmode"])

    def s_inplace(self):
        r = self.r
        t = self.pick()
        if t is None:
            return
        tags = list(t.sticky)
        op = r.weighted([("add_", 3), ("mul_", 2), ("sub_", 1), ("div_", 1), ("zero_", 1), ("fill_", 1),
                         ("clamp_", 1), ("exp_", 1), ("neg_", 1), ("copy_", 2), ("masked_fill_", 1),
                         ("setitem", 5), ("data_set", 1), ("requires_grad_", 1), ("detach_", 0)])
        src = None
        if op in ("add_", "mul_", "sub_", "div_", "copy_"):
            if r.chance(0.5) and op != "copy_":
                code = f"{t.name}.{op}({self.scalar(t.dtype)})"
            else:
                src = self.operand_like(t.shape, t.dtype)
                tags += list(src.sticky)
                if src.dtype != t.dtype:
                    tags.append("promo")
                    if op == "copy_" and t.dtype not in FLOATS and src.rg:
                        tags.append("intcopy")
                if src.group == t.group and op == "copy_":
                    tags.append("overlap")
                code = f"{t.name}.{op}({src.name})"
            if op == "div_" and t.dtype not in FLOATS:
                tags.append("promo")
        elif op in ("zero_", "exp_", "neg_"):
            code = f"{t.name}.{op}()"
            if op == "exp_" and t.dtype not in FLOATS:
                tags.append("promo")
        elif op == "fill_":
            code = f"{t.name}.fill_({self.scalar(t.dtype)})"
        elif op == "clamp_":
            code = f"{t.name}.clamp_(min=-0.5)"
            tags.append("numerics")
        elif op == "masked_fill_":
            code = f"{t.name}.masked_fill_({t.name} > 0, {self.scalar(t.dtype)})"
        elif op == "data_set":
            same = r.chance(0.7)
            shape = t.shape if same else self.rand_shape(big_ok=False)
            dt = t.dtype if r.chance(0.8) else r.choice(["float32", "float64", "int64"])
            code = f"{t.name}.data = mk({shape!r}, {self.salt()}, {dt!r})"
            t.shape = shape
            t.dtype = dt
            self.emit(code, self.group_of(t), tags)
            return
        elif op == "requires_grad_":
            flag = r.chance(0.75)
            code = f"{t.name}.requires_grad_({'' if flag else 'False'})"
            if t.leaf and t.isfloat:
                t.rg = flag
            self.emit(code, [t.name], tags)
            return
        else:   # setitem
            sh = list(t.shape)
            nd = len(sh)
            form = r.below(7)
            if nd == 0:
                form = r.choice([1, 5])
            if form == 0:
                i = r.randint(-sh[0], sh[0] - 1) if sh[0] else 0
                idx, vshape = str(i), tuple(sh[1:])
            elif form == 1:
                idx, vshape = r.choice([":", "0:", "...", "::1"]) if nd else "...", tuple(sh)
            elif form == 2:
                a0 = r.randint(0, max(0, sh[0] - 1))
                idx = f"{a0}::{r.randint(1, 2)}"
                st = int(idx.split("::")[1])
                vshape = (max(0, (sh[0] - a0 + st - 1) // st),) + tuple(sh[1:])
            elif form == 3:
                idx, vshape = f"{t.name} > 0", None
            elif form == 4:
                if sh[0] == 0:
                    return
                idx = f"[{r.randint(0, sh[0] - 1)}, {r.randint(0, sh[0] - 1)}]"
                vshape = (2,) + tuple(sh[1:])
                if nd >= 2 and r.chance(0.3):
                    idx = f"[[{r.randint(0, sh[0] - 1)}, 0], [{r.randint(0, sh[1] - 1) if sh[1] else 0}, 0]]"
                    vshape = None
            elif form == 5:
                idx, vshape = "...", tuple(sh)
            else:
                if nd < 2 or sh[1] == 0:
                    return
                idx = f":, {r.randint(0, sh[1] - 1)}"
                vshape = (sh[0],) + tuple(sh[2:])
            if vshape is None or r.chance(0.4):
                val = self.scalar(t.dtype)
            else:
                if r.chance(0.3):
                    vshape = (1,) + vshape    # torch strips leading unit dims
                src = self.operand_like(vshape, t.dtype)
                tags += list(src.sticky)
                if src.dtype != t.dtype:
                    tags.append("promo")
                    if t.dtype not in FLOATS and src.rg:
                        tags.append("intcopy")
                if src.group == t.group:
                    tags.append("overlap")
                val = src.name
            code = f"{t.name}[{idx}] = {val}"
        code, ge, ctags = self.ctx_wrap(code)
        tags += ctags
        if "infmode" in ctags and (t.view or src is not None and src.view):
            tags.append("infview")
        if src is not None and src.rg and ge and t.isfloat:
            if not t.rg:
                t.rg = True
                t.leaf = False
            for w in self.vars:
                if w.group == t.group and not w.view and not t.leaf:
                    if not w.rg:
                        w.rg, w.leaf = True, False
        touch = self.group_of(t) + ([src.name] if src is not None else [])
        self.emit(code, touch, tags)

    def s_hook(self):
        r = self.r
        t = self.pick(lambda v: v.isfloat)
        if t is None:
            return
        k = r.weighted([("rec", 3), ("dbl", 1), ("retain", 3), ("lambda", 1)])
        tag = f"'{t.name}h{len(self.steps)}'"
        if k == "rec":
            code = f"{t.name}.register_hook(hrec({tag}))"
        elif k == "dbl":
            code = f"{t.name}.register_hook(hdbl({tag}))"
        elif k == "lambda":
            code = f"{t.name}.register_hook(lambda g: None)"
        else:
            code = f"{t.name}.retain_grad()"
        self.emit(code, [t.name], t.sticky)

    def s_function(self):
        r = self.r
        a = self.pick(lambda v: v.isfloat)
        if a is None:
            return
        k = r.weighted([("save", 2), ("dirty", 1), ("nondiff", 1), ("view", 1), ("ident", 1)])
        tags = list(a.sticky)
        if k == "save":
            b = self.operand_like(a.shape, a.dtype, need_float=True)
            tags += list(b.sticky)
            shape = broadcast(a.shape, b.shape) or a.shape
            v = self.new_result(shape, promote(a.dtype, b.dtype), a.rg or b.rg, sticky=tags)
            self.emit(f"{v.name} = FSave.apply({a.name}, {b.name})", [v.name, a.name, b.name], tags)
        elif k in ("view", "ident"):
            # a view of the input made inside forward, or the input returned
            # as-is: torch's output is a view (CreationMeta IN_CUSTOM_FUNCTION)
            v = self.new_view(a, a.shape, contig=a.contig)
            fn = "FView" if k == "view" else "FIdent"
            self.emit(f"{v.name} = {fn}.apply({a.name})", [v.name, a.name], tags)
        elif k == "dirty":
            v = self.add(V(self.fresh(), a.shape, a.dtype, a.rg, a.leaf, a.group, a.view, a.contig, a.sticky))
            self.emit(f"{v.name} = FDirty.apply({a.name})", [v.name] + self.group_of(a), tags)
        else:
            v = self.new_result(a.shape, a.dtype, a.rg, sticky=tags)
            m = self.new_result(a.shape, "bool", False)
            self.emit(f"{v.name}, {m.name} = FNonDiff.apply({a.name})", [v.name, m.name], tags)

    def s_backward(self):
        r = self.r
        y = self.pick(lambda v: v.isfloat and v.rg)
        if y is None:
            y = self.pick(lambda v: v.isfloat)
            if y is None:
                return
        tags = list(y.sticky)
        rg_vars = [v for v in self.vars if v.rg and v.isfloat]
        retain = r.chance(0.4)
        k = r.weighted([("sum", 4), ("grad", 3), ("gradient", 1), ("item", 1)])
        target = f"{y.name}.sum()" if y.ndim or r.chance(0.3) else y.name
        args = []
        if retain:
            args.append("retain_graph=True")
        touch = [v.name for v in self.vars if v.isfloat]
        if k in ("sum", "gradient"):
            if k == "gradient":
                target = y.name
                g = self.make_leaf(y.shape, y.dtype if "gdtype" in self.exclude or r.chance(0.85) else "float64", rg=False)
                if g.dtype != y.dtype:
                    tags.append("gdtype")
                args.insert(0, g.name)
            if r.chance(0.25) and rg_vars:
                ins = [self.r.choice(rg_vars).name for _ in range(r.randint(1, 2))]
                args.append(f"inputs=[{', '.join(dict.fromkeys(ins))}]")
            if r.chance(0.15):
                args.append("create_graph=True")
            self.emit(f"{target}.backward({', '.join(args)})", touch, tags)
        elif k == "item":
            name = self.fresh("s")
            self.emit(f"{name} = {y.name}.sum().item()", [name], tags)
        else:
            cand = rg_vars or [y]
            ins = list(dict.fromkeys(self.r.choice(cand).name for _ in range(r.randint(1, 3))))
            if r.chance(0.3):
                args.append("create_graph=True")
            if r.chance(0.4):
                args.append("allow_unused=True")
            names = [self.fresh("g") for _ in ins]
            lhs = ", ".join(names) + ("," if len(names) == 1 else "")
            self.emit(f"{lhs} = T.autograd.grad({target}, [{', '.join(ins)}]{', ' if args else ''}{', '.join(args)})",
                      names + touch, tags)
            for nm, i in zip(names, ins):
                src = self.byname[i]
                self.ngroup += 1
                self.add(V(nm, src.shape, src.dtype, "create_graph=True" in args, False, self.ngroup,
                           sticky=src.sticky))

    def s_misc(self):
        r = self.r
        a = self.pick()
        if a is None:
            return
        k = r.weighted([("repr", 1), ("tolist", 1), ("versionread", 1), ("cat", 2), ("where", 1), ("to", 1)])
        if k == "repr":
            if a.numel > 12:
                return
            name = self.fresh("s")
            self.emit(f"{name} = repr({a.name})", [name], list(a.sticky) + ["repr"])
        elif k == "tolist":
            if a.numel > 12:
                return
            name = self.fresh("s")
            self.emit(f"{name} = {a.name}.tolist()", [name], a.sticky)
        elif k == "versionread":
            name = self.fresh("s")
            self.emit(f"{name} = ({a.name}.is_leaf, {a.name}.requires_grad, {a.name}._version)", [name], a.sticky)
        elif k == "cat":
            b = self.pick(lambda v: v.shape[1:] == a.shape[1:] and v.ndim == a.ndim and v.ndim > 0)
            if b is None:
                return
            tags = list(a.sticky) + list(b.sticky)
            if a.dtype != b.dtype:
                tags.append("promo")
            fn = r.choice(["cat", "stack"])
            if fn == "stack" and a.shape != b.shape:
                return
            shape = ((a.shape[0] + b.shape[0],) + a.shape[1:]) if fn == "cat" else (2,) + a.shape
            v = self.new_result(shape, promote(a.dtype, b.dtype), a.rg or b.rg, sticky=tags)
            self.emit(f"{v.name} = T.{fn}([{a.name}, {b.name}])", [v.name], tags)
        elif k == "where":
            b = self.operand_like(a.shape, a.dtype)
            tags = list(a.sticky) + list(b.sticky)
            if a.dtype != b.dtype:
                tags.append("promo")
            shape = broadcast(a.shape, b.shape) or a.shape
            v = self.new_result(shape, promote(a.dtype, b.dtype), a.rg or b.rg, sticky=tags)
            self.emit(f"{v.name} = T.where({a.name} > 0, {a.name}, {b.name})", [v.name], tags)
        else:
            dt = r.choice(["float32", "float64", "int64"])
            same = dt == a.dtype
            if same:
                v = self.add(V(self.fresh(), a.shape, a.dtype, a.rg, a.leaf, a.group, a.view, a.contig, a.sticky))
            else:
                v = self.new_result(a.shape, dt, a.rg and dt in FLOATS, sticky=a.sticky)
            self.emit(f"{v.name} = {a.name}.to(T.{dt})", [v.name, a.name], a.sticky)

    def generate(self):
        kinds = [(self.s_leaf, 3), (self.s_binary, 6), (self.s_unary, 4), (self.s_reduce, 3),
                 (self.s_matmul, 2), (self.s_view, 8), (self.s_inplace, 6), (self.s_hook, 2),
                 (self.s_function, 1), (self.s_backward, 3), (self.s_misc, 1)]
        self.make_leaf()
        self.make_leaf()
        tries = 0
        while len(self.steps) < self.nsteps and tries < 400:
            tries += 1
            mark = len(self.steps)
            nv = len(self.vars)
            snap = [(v.shape, v.dtype, v.rg, v.leaf) for v in self.vars]
            nvar, ngroup, nsalt = self.nvar, self.ngroup, self.nsalt
            self.r.weighted(kinds)()
            if any(set(s["tags"]) & self.exclude for s in self.steps[mark:]):
                # roll back everything the excluded step did
                del self.steps[mark:]
                for v in self.vars[nv:]:
                    del self.byname[v.name]
                del self.vars[nv:]
                for v, (a, b, c, d) in zip(self.vars, snap):
                    v.shape, v.dtype, v.rg, v.leaf = a, b, c, d
                self.nvar, self.ngroup, self.nsalt = nvar, ngroup, nsalt
        return {"seed": self.seed, "steps": self.steps}


def generate(seed, exclude=()):
    return Gen(seed, exclude).generate()


def script(prog, module="torch", upto=None, show=None):
    """The program as a runnable script."""
    lines = [f"import {module} as T", PRELUDE]
    steps = prog["steps"] if upto is None else prog["steps"][:upto]
    for i, s in enumerate(steps):
        lines.append(f"# step {i}")
        lines.append(s["code"])
    if show:
        lines.append(show)
    return "\n".join(lines) + "\n"
