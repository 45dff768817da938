"""Random number generation as torch.random: ``Generator`` (manual_seed,
seed, initial_seed, get_state/set_state), the default generator behind
every random factory, and the random tensor ops (bernoulli, multinomial,
normal and the in-place samplers uniform_/normal_/bernoulli_/random_/...).

NOTE [ Generators ]
A Generator owns a numpy ``PCG64`` bit generator. The streams differ from
torch's Philox/MT19937 ones, so seeded values differ from torch's; what
matches is the behaviour code relies on: the same seed gives the same
sequence, ``get_state``/``set_state`` round-trip through a uint8 tensor
(45 bytes here, 5056 in torch), ``manual_seed`` returns the generator, and
every factory takes ``generator=``. The default generator's numpy state
lives in ``creation._rng[0]`` (the one place the factories draw from).
"""
import os as _os

import numpy as np

from cyautograd import dtypes as _D
from cyautograd.function import Function
from cyautograd.tensor import Tensor

__all__ = ["Generator", "default_generator", "manual_seed", "seed", "initial_seed", "get_rng_state",
           "set_rng_state", "fork_rng", "bernoulli", "multinomial", "normal", "poisson"]

_MASK64 = (1 << 64) - 1


def _seed_arg(seed, fname="manual_seed"):
    if isinstance(seed, Tensor):
        seed = seed.item()
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        if isinstance(seed, float) and seed == int(seed):
            seed = int(seed)
        else:
            raise RuntimeError(f"{fname} expected a long, but got {type(seed).__name__}")
    seed = int(seed)
    if seed < -(1 << 63) or seed > _MASK64:
        raise RuntimeError("Overflow when unpacking long long")
    return seed & _MASK64


class Generator:
    """torch.Generator: a seedable source of random numbers, passed as
    ``generator=`` to random factories and ops."""

    def __init__(self, device="cpu"):
        from cyautograd.tensor import device as _device
        dev = _device(device) if not isinstance(device, _device) else device
        if dev.type != "cpu":
            raise RuntimeError(f"Device type {dev.type.upper()} is not supported for torch.Generator() api.")
        self._device = dev
        self._default = False
        self._seed = 67280421310721
        self._gen = np.random.Generator(np.random.PCG64(self._seed))

    # the numpy generator draws come from
    def _np(self):
        if self._default:
            from cyautograd import creation
            return creation._rng[0]
        return self._gen

    def _set_np(self, gen):
        if self._default:
            from cyautograd import creation
            creation._rng[0] = gen
        else:
            self._gen = gen

    @property
    def device(self):
        return self._device

    def manual_seed(self, seed):
        """Seed the generator; returns it (so ``g = Generator().manual_seed(0)`` works)."""
        s = _seed_arg(seed)
        self._seed = s
        self._set_np(np.random.Generator(np.random.PCG64(s)))
        return self

    def seed(self):
        """Seed from a non-deterministic source; returns the seed."""
        s = int.from_bytes(_os.urandom(8), "little") & ((1 << 63) - 1)
        self.manual_seed(s)
        return s

    def initial_seed(self):
        return self._seed

    def get_state(self):
        """The generator state as a uint8 tensor (see NOTE [ Generators ])."""
        st = self._np().bit_generator.state
        s = st["state"]
        raw = (int(s["state"]).to_bytes(16, "little") + int(s["inc"]).to_bytes(16, "little") +
               bytes([int(st["has_uint32"])]) + int(st["uinteger"]).to_bytes(4, "little") +
               int(self._seed).to_bytes(8, "little"))
        from cyautograd.creation import _wrap
        return _wrap(np.frombuffer(raw, dtype=np.uint8).copy())

    def set_state(self, new_state):
        if not isinstance(new_state, Tensor) or new_state.dtype is not _D.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        raw = bytes(new_state.detach().numpy().reshape(-1).tobytes())
        if len(raw) != 45:
            raise RuntimeError(f"Expected either a PhiloxCudaState or a CPUGeneratorImplState of size 45 but "
                               f"found the input RNG state size to be {len(raw)}")
        bg = np.random.PCG64()
        bg.state = {"bit_generator": "PCG64",
                    "state": {"state": int.from_bytes(raw[:16], "little"), "inc": int.from_bytes(raw[16:32], "little")},
                    "has_uint32": raw[32], "uinteger": int.from_bytes(raw[33:37], "little")}
        self._seed = int.from_bytes(raw[37:45], "little")
        self._set_np(np.random.Generator(bg))
        return self

    def clone_state(self):
        g = Generator(self._device)
        g.set_state(self.get_state())
        return g

    def __getstate__(self):
        return {"device": str(self._device), "state": self.get_state().numpy().tobytes()}

    def __setstate__(self, st):
        self.__init__(st["device"])
        from cyautograd.creation import _wrap
        self.set_state(_wrap(np.frombuffer(st["state"], dtype=np.uint8).copy()))

    def __repr__(self):
        return f"<cyautograd.Generator object at {hex(id(self))}>"


Generator.__module__ = "cyautograd"

default_generator = Generator()
default_generator._default = True


def _init_default():
    s = int.from_bytes(_os.urandom(8), "little") & ((1 << 63) - 1)
    default_generator.manual_seed(s)


_init_default()


def _np_gen(generator, fname="rand"):
    """The numpy generator for a ``generator=`` argument (None: the default one)."""
    if generator is None:
        from cyautograd import creation
        return creation._rng[0]
    if isinstance(generator, Generator):
        return generator._np()
    raise TypeError(f"{fname}(): argument 'generator' must be torch.Generator, not {type(generator).__name__}")


def manual_seed(seed):
    """Seed the default generator; returns it."""
    return default_generator.manual_seed(seed)


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


class fork_rng:
    """Context manager (and decorator) restoring the default generator's state on exit."""

    def __init__(self, devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
        self.enabled = enabled

    def __enter__(self):
        if self.enabled:
            self._state = get_rng_state()
        return None

    def __exit__(self, *exc):
        if self.enabled:
            set_rng_state(self._state)
        return False


# -- random tensor ops -----------------------------------------------------------------------

def _named(name):
    def deco(cls):
        cls._backward_cls.__name__ = name
        cls._backward_cls.__qualname__ = name
        return cls
    return deco


def _zero_grad_fn(node):
    """A sampler whose output does not depend differentiably on its input:
    torch records the node (so the result is not a leaf) and its gradient is zero."""
    @_named(node)
    class _Z(Function):
        @staticmethod
        def forward(ctx, x, values):
            return values

        @staticmethod
        def backward(ctx, g):
            return g * 0, None
    return _Z


_ZERO = {n: _zero_grad_fn(n) for n in ("UniformBackward0", "NormalBackward0", "BernoulliBackward1",
                                       "BernoulliBackward2", "RandomBackward2", "RandomBackward1",
                                       "RandomBackward0", "ExponentialBackward0", "GeometricBackward0",
                                       "CauchyBackward0", "LogNormalBackward0")}


def _wrapv(arr, dtype):
    from cyautograd.creation import _wrap
    return _wrap(np.ascontiguousarray(np.asarray(arr).astype(dtype.np, copy=False)).reshape(np.shape(arr)))


def _sample_like(self, node, draw, fname):
    from cyautograd.ops.pointwise import _inplace_via
    if not isinstance(self, Tensor):
        raise TypeError(f"{fname}(): argument 'self' must be Tensor, not {type(self).__name__}")
    shape = tuple(self.shape)
    vals = _wrapv(draw(shape), self.dtype)
    return _inplace_via(self, lambda t: _ZERO[node].apply(t, vals))


def _float_only(self, fname):
    if not self.dtype.is_floating_point:
        raise RuntimeError(f"{fname} expects floating point dtype, but got {self.dtype._cname}"
                           if fname != "uniform_" else
                           f"\"check_uniform_bounds\" not implemented for '{self.dtype._cname}'")


def uniform_(self, from_=0, to=1, *, generator=None, **kw):
    if "from" in kw:
        from_ = kw.pop("from")
    _float_only(self, "uniform_")
    if from_ > to:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={from_} > to={to}")
    g = _np_gen(generator, "uniform_")
    return _sample_like(self, "UniformBackward0", lambda s: g.uniform(from_, to, s), "uniform_")


def normal_(self, mean=0, std=1, *, generator=None):
    _float_only(self, "normal_")
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
    g = _np_gen(generator, "normal_")
    return _sample_like(self, "NormalBackward0", lambda s: g.normal(mean, std, s), "normal_")


def bernoulli_(self, p=0.5, *, generator=None):
    g = _np_gen(generator, "bernoulli_")
    if isinstance(p, Tensor):
        pa = p.detach().numpy()
        return _sample_like(self, "BernoulliBackward1", lambda s: g.random(s) < np.broadcast_to(pa, s),
                            "bernoulli_")
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
    return _sample_like(self, "BernoulliBackward2", lambda s: g.random(s) < p, "bernoulli_")


def random_(self, from_=None, to=None, *, generator=None, **kw):
    if "from" in kw:
        from_ = kw.pop("from")
    g = _np_gen(generator, "random_")
    if from_ is not None and to is None:
        from_, to = 0, from_
        node = "RandomBackward1"
    elif from_ is None:
        node = "RandomBackward2"
        if self.dtype.is_floating_point:
            to = 1 << {2: 11, 4: 24, 8: 53}[self.dtype.itemsize]
        elif self.dtype is _D.bool:
            to = 2
        else:
            to = int(np.iinfo(self.dtype.np).max) + 1
        from_ = 0
    else:
        node = "RandomBackward0"
    if from_ >= to:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={from_} >= to={to}")
    return _sample_like(self, node, lambda s: g.integers(from_, to, s), "random_")


def exponential_(self, lambd=1.0, *, generator=None):
    _float_only(self, "exponential_")
    if lambd <= 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    g = _np_gen(generator, "exponential_")
    return _sample_like(self, "ExponentialBackward0", lambda s: g.exponential(1.0 / lambd, s), "exponential_")


def geometric_(self, p, *, generator=None):
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    g = _np_gen(generator, "geometric_")
    return _sample_like(self, "GeometricBackward0", lambda s: g.geometric(p, s), "geometric_")


def cauchy_(self, median=0, sigma=1, *, generator=None):
    _float_only(self, "cauchy_")
    g = _np_gen(generator, "cauchy_")
    return _sample_like(self, "CauchyBackward0", lambda s: median + sigma * g.standard_cauchy(s), "cauchy_")


def log_normal_(self, mean=1, std=2, *, generator=None):
    _float_only(self, "log_normal_")
    if std <= 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std}")
    g = _np_gen(generator, "log_normal_")
    return _sample_like(self, "LogNormalBackward0", lambda s: g.lognormal(mean, std, s), "log_normal_")


@_named("BernoulliBackward0")
class _Bernoulli(Function):
    @staticmethod
    def forward(ctx, p, vals):
        return vals

    @staticmethod
    def backward(ctx, g):
        return g * 0, None


def bernoulli(input, p=None, *, generator=None, out=None):
    if not isinstance(input, Tensor):
        raise TypeError(f"bernoulli(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    g = _np_gen(generator, "bernoulli")
    if p is not None:
        return bernoulli_(input.detach().clone(), p, generator=generator)
    pa = input.detach().numpy()
    if pa.size and (not np.all(pa >= 0) or not np.all(pa <= 1)):
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
                           "be improved?  If so, please report an enhancement request to PyTorch.)")
    vals = _wrapv(g.random(pa.shape) < pa, input.dtype)
    if out is not None:
        out.copy_(vals)
        return out
    return _Bernoulli.apply(input, vals)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    if not isinstance(input, Tensor):
        raise TypeError(f"multinomial(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    g = _np_gen(generator, "multinomial")
    if input.dim() not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {input.dtype._cname}")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    p = input.detach().numpy().astype(np.float64)
    n = p.shape[-1]
    if not replacement and num_samples > n:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if not np.all(np.isfinite(p)) or np.any(p < 0):
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    rows = p.reshape(-1, n)
    sums = rows.sum(-1)
    if np.any(sums <= 0):
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    res = np.empty((rows.shape[0], num_samples), np.int64)
    for i, (r, s) in enumerate(zip(rows, sums)):
        q = r / s
        if not replacement and np.count_nonzero(q) < num_samples:
            raise RuntimeError("invalid multinomial distribution (with replacement=False, not enough non-negative "
                               "category to sample)")
        res[i] = g.choice(n, size=num_samples, replace=bool(replacement), p=q)
    res = res.reshape(p.shape[:-1] + (num_samples,))
    from cyautograd.creation import _wrap
    t = _wrap(res)
    if out is not None:
        out.data = t
        return out
    return t


def _normal_node(name, grad):
    @_named(name)
    class _N(Function):
        @staticmethod
        def forward(ctx, mean, std, vals):
            ctx.mean_val = None if isinstance(mean, Tensor) else mean
            ctx.save_for_backward(mean if isinstance(mean, Tensor) else None,
                                  std if isinstance(std, Tensor) else None, vals)
            return vals

        @staticmethod
        def backward(ctx, g):
            return grad(ctx, g)
    return _N


def _sum_to(g, shape):
    from cyautograd.ops.extra import _sum_to as s
    return s(g, shape)


# torch's derivatives.yaml gives normal's mean and std zero gradients (no
# reparameterisation: sample with mean + std * randn for that)
def _g1(ctx, g):
    m, s, v = ctx.saved_tensors
    return _sum_to(g * 0, m.shape), None, None


def _g2(ctx, g):
    m, s, v = ctx.saved_tensors
    return None, _sum_to(g * 0, s.shape), None


def _g3(ctx, g):
    m, s, v = ctx.saved_tensors
    n = ctx.needs_input_grad
    return (_sum_to(g * 0, m.shape) if n[0] else None, _sum_to(g * 0, s.shape) if n[1] else None, None)


_Normal1 = _normal_node("NormalBackward1", _g1)
_Normal2 = _normal_node("NormalBackward2", _g2)
_Normal3 = _normal_node("NormalBackward3", _g3)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, device=None,
           requires_grad=False, layout=None, pin_memory=False):
    g = _np_gen(generator, "normal")
    mt, st = isinstance(mean, Tensor), isinstance(std, Tensor)
    if st and std.numel() and bool((std.detach() < 0).any()):
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if not st and std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
    if not mt and not st:
        if size is None:
            raise TypeError("normal() received an invalid combination of arguments - got (float, float), but "
                            "expected (float mean, float std, tuple of ints size, *, torch.Generator generator, "
                            "Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool "
                            "pin_memory, bool requires_grad)")
        from cyautograd.creation import _size
        shape = _size((size,) if isinstance(size, int) else tuple(size))
        dt = dtype or _D.get_default_dtype()
        t = _wrapv(g.normal(mean, std, shape), dt)
        if requires_grad:
            t.requires_grad_(True)
        if out is not None:
            out.data = t
            return out
        return t
    ma = mean.detach().numpy() if mt else np.asarray(mean)
    sa = std.detach().numpy() if st else np.asarray(std)
    if mt and st:
        shape = np.broadcast_shapes(ma.shape, sa.shape)
    else:
        shape = ma.shape if mt else sa.shape
    dt = mean.dtype if mt else std.dtype
    vals = _wrapv(ma + sa * g.standard_normal(shape), dt)
    if out is not None:
        out.data = vals
        return out
    if mt and st:
        return _Normal3.apply(mean, std, vals)
    if mt:
        return _Normal1.apply(mean, float(std), vals)
    return _Normal2.apply(float(mean), std, vals)


def poisson(input, generator=None):
    g = _np_gen(generator, "poisson")
    from cyautograd.creation import _wrap
    return _wrap(g.poisson(input.detach().numpy()).astype(input.dtype.np))
