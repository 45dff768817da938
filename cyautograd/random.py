"""Random number generation as torch.random: ``Generator`` (manual_seed,
seed, initial_seed, get_state/set_state), the default generator behind
every random factory, and the random tensor ops (bernoulli, multinomial,
normal and the in-place samplers uniform_/normal_/bernoulli_/random_/...).

NOTE [ Generators ]
A Generator owns an ``_mt19937.MT19937``: torch's CPU generator (an mt19937
engine, its seed and the cached Box-Muller sample), drawing torch's own
streams, so a seeded program prints the numbers torch prints (NOTE [ torch's
CPU random streams ] in _mt19937.pyx says how each distribution converts
the draws). ``get_state``/``set_state`` use torch's 5056-byte layout, so
states move between the two libraries. Every sampler draws in torch's order:
a TensorIterator visits a non-contiguous output in the order of its strides
(``_visit_order``), and ``normal_`` takes its 16-wide block path only for
contiguous outputs of 16 or more elements. ``poisson`` is the exception: it
draws from a numpy generator seeded from the engine (torch's sampler is not
reproduced).
"""
import os as _os

import numpy as np

from cyautograd import dtypes as _D
from cyautograd._mt19937 import MT19937 as _MT19937
from cyautograd.function import Function
from cyautograd.grad_mode import is_grad_enabled, no_grad
from cyautograd.tensor import Tensor
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

__all__ = ["Generator", "default_generator", "manual_seed", "seed", "initial_seed", "get_rng_state",
           "set_rng_state", "fork_rng", "bernoulli", "multinomial", "normal", "poisson"]

_MASK64 = (1 << 64) - 1
# at::default_rng_seed_val: the seed of a new torch.Generator()
_DEFAULT_SEED = 67280421310721


def _seed_arg(seed, fname="manual_seed"):
    # Generator.manual_seed takes an integer only (THPUtils_checkLong: not a
    # bool, float or Tensor -- torch.manual_seed's int() converts those first)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise RuntimeError(f"{fname} expected a long, but got {type(seed).__name__}")
    seed = int(seed)
    if seed < -(1 << 63) or seed > _MASK64:
        raise ValueError("Overflow when unpacking long long")
    return seed & _MASK64


def _nondeterministic_seed():
    # c10::detail::getNonDeterministicRandom: 64 bits from /dev/urandom
    return int.from_bytes(_os.urandom(8), "little")


class Generator:
    """torch.Generator: a seedable source of random numbers, passed as
    ``generator=`` to random factories and ops."""

    def __init__(self, device="cpu"):
        from cyautograd.tensor import device as _device
        dev = _device(device) if not isinstance(device, _device) else device
        if dev.type != "cpu":
            raise RuntimeError(f"Device type {dev.type.upper()} is not supported for torch.Generator() api.")
        self._device = dev
        self._impl = _MT19937(_DEFAULT_SEED)

    @property
    def device(self):
        return self._device

    def manual_seed(self, seed):
        """Seed the generator; returns it (so ``g = Generator().manual_seed(0)`` works)."""
        self._impl.manual_seed(_seed_arg(seed))
        return self

    def seed(self):
        """Seed from a non-deterministic source; returns the seed."""
        s = _nondeterministic_seed()
        self._impl.manual_seed(s)
        return s

    def initial_seed(self):
        return self._impl.initial_seed()

    def get_state(self):
        """The generator state as a uint8 tensor in torch's layout (see NOTE [ Generators ])."""
        from cyautograd.creation import _wrap
        return _wrap(np.frombuffer(self._impl.get_state(), dtype=np.uint8).copy())

    def set_state(self, new_state):
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        if new_state.dtype is not _D.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        self._impl.set_state(np.ascontiguousarray(new_state.detach().cpu().numpy().reshape(-1)))
        return self

    def clone_state(self):
        g = Generator(self._device)
        g._impl = self._impl.copy()
        return g

    def __getstate__(self):
        return {"device": str(self._device), "state": self._impl.get_state()}

    def __setstate__(self, st):
        self.__init__(st["device"])
        self._impl.set_state(np.frombuffer(st["state"], dtype=np.uint8))

    def __repr__(self):
        return f"<cyautograd.Generator object at {hex(id(self))}>"


Generator.__module__ = "cyautograd"

default_generator = Generator()
default_generator.manual_seed(_nondeterministic_seed())


def _engine(generator, fname="rand"):
    """The engine for a ``generator=`` argument (None: the default one)."""
    if generator is None:
        return default_generator._impl
    if isinstance(generator, Generator):
        return generator._impl
    raise TypeError(f"{fname}(): argument 'generator' must be torch.Generator, not {type(generator).__name__}")


def manual_seed(seed):
    """Seed the default generator; returns it."""
    return default_generator.manual_seed(int(seed))     # torch/random.py: int(seed) first


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


# -- drawing in torch's order -----------------------------------------------------------------

def _visit_order(shape, strides):
    """The axes permutation a TensorIterator walks an output of this
    geometry in (outermost first): by decreasing stride, so a permuted or
    sliced output is filled in memory order. None: plain C order."""
    if strides is None or len(shape) < 2:
        return None
    perm = sorted(range(len(shape)), key=lambda d: -strides[d])
    return None if perm == list(range(len(shape))) else perm


def _place(flat, shape, perm):
    """Values drawn in visiting order laid out as an array of `shape`."""
    if perm is None:
        return flat.reshape(shape)
    buf = flat.reshape([shape[d] for d in perm])
    return buf.transpose(np.argsort(perm))


def _geometry(t):
    """(visiting order, contiguous) of tensor t as an output of a sampler."""
    if t.is_contiguous():
        return None, True
    return _visit_order(tuple(t.shape), tuple(t.stride())), False


def _draw(eng, shape, dtype, kind, args=(), perm=None, contiguous=True):
    """An array of `shape` and `dtype` (a cyautograd dtype) drawn as torch's
    CPU kernel `kind` draws it for an output whose visiting order is `perm`."""
    n = 1
    for s in shape:
        n *= s
    if n == 0:
        return np.empty(shape, dtype.np)
    npd = dtype.np
    if kind == "uniform":
        # opmath uniforms (float32 for float16) cast to the dtype; a value the
        # cast rounds up to `to` becomes `from`, as torch's kernel clamps
        lo, hi = args
        if dtype is _D.float64:
            flat = np.empty(n, np.float64)
            eng.fill_uniform_f64(flat, lo, hi)
        else:
            flat = np.empty(n, np.float32)
            eng.fill_uniform_f32(flat, lo, hi)
            flat = flat.astype(npd, copy=False)
        if dtype is _D.float16 or lo != 0.0 or hi != 1.0:   # [0, 1) never reaches 1 in float32/64
            top = flat.dtype.type(hi)
            if (flat == top).any():
                flat = np.where(flat == top, flat.dtype.type(lo), flat)
    elif kind == "normal":
        mean, std = args
        if contiguous and n >= 16:
            if dtype is _D.float64:
                flat = np.empty(n, np.float64)
                eng.fill_normal_block_f64(flat, mean, std)
            else:
                flat = np.empty(n, np.float32)
                eng.fill_normal_block_f32(flat, mean, std, dtype is _D.float16)
                flat = flat.astype(npd, copy=False)
        else:
            flat = np.empty(n, np.float64)
            eng.fill_normal_scalar(flat, mean, std)
            flat = flat.astype(npd, copy=False)
    elif kind == "from_to":
        rng, base = args
        flat = np.empty(n, np.int64)
        eng.fill_random_from_to(flat, rng, base)
        flat = flat.astype(npd, copy=False)
    elif kind == "full64":
        flat = np.empty(n, np.uint64)
        eng.fill_random_bits(flat, True, 0)
        flat = flat.view(np.int64).astype(npd, copy=False)
    elif kind == "default":
        wide, modulus = _DEFAULT_RANDOM[dtype]
        flat = np.empty(n, np.uint64)
        eng.fill_random_bits(flat, wide, modulus)
        flat = (flat & np.uint64(1)).astype(np.bool_) if dtype is _D.bool else flat.astype(npd)
    elif kind == "bernoulli":
        flat = np.empty(n, np.uint8)
        eng.fill_bernoulli_scalar(flat, args[0])
        flat = flat.astype(npd, copy=False)
    elif kind == "bernoulli_t":
        p = args[0]
        if perm is not None:
            p = p.transpose(perm)
        p = np.ascontiguousarray(p, np.float64 if p.dtype == np.float64 else np.float32).reshape(-1)
        flat = np.empty(n, np.uint8)
        eng.fill_bernoulli_tensor(flat, p)
        flat = flat.astype(npd, copy=False)
    else:   # exponential, cauchy, log_normal, geometric: float64 draws cast to the dtype
        flat = np.empty(n, np.float64)
        getattr(eng, "fill_" + kind)(flat, *args)
        flat = flat.astype(npd, copy=False)
    return _place(flat, shape, perm)


# uniform_int_distribution<T> (random_() without bounds): (64-bit draws, modulus)
_DEFAULT_RANDOM = {
    _D.float64: (True, (1 << 53) + 1), _D.float32: (False, (1 << 24) + 1), _D.float16: (False, (1 << 11) + 1),
    _D.int64: (True, 1 << 63), _D.int32: (False, 1 << 31), _D.int16: (False, 1 << 15),
    _D.int8: (False, 1 << 7), _D.uint8: (False, 1 << 8), _D.bool: (False, 0),
}


def _random_range(dtype, from_, to):
    """torch's random_(from, to) bounds for dtype: (range, base), after
    moving from/to inward to values the dtype holds (update_from/update_to)."""
    if dtype.is_floating_point:
        digits = {2: 11, 4: 24, 8: 53}[dtype.itemsize]
        cast = dtype.np.type

        def upd_from(f):
            fp1 = int(cast(f + 1))
            if fp1 < f:
                n = max(abs(f + 1).bit_length() - 1, 0)
                f = fp1 + (1 << (n - digits + 1))
            return f

        def upd_to(t):
            tm1 = int(cast(t - 1))
            if tm1 >= t:
                n = max(abs(t - 1).bit_length() - 1, 0)
                t = tm1 - (1 << (n - digits + 1))
            return t
        if to is None:
            to_inc = min(1 << digits, (1 << 63) - 1)
            from_ = upd_from(from_)
            if not from_ < to_inc:
                raise RuntimeError(f"random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' "
                                   f"casted to dtype, but got from={from_} > to_inc={to_inc}")
            return to_inc - from_ + 1, from_
        from_, to = upd_from(from_), upd_to(to)
        if not from_ < to:
            raise RuntimeError(f"random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, "
                               f"but got from={from_} >= to={to}")
        return to - from_, from_
    if to is None:
        to_inc = 1 if dtype is _D.bool else int(np.iinfo(dtype.np).max)
        _check_int_bounds(dtype, from_, to_inc)
        return to_inc - from_ + 1, from_
    _check_int_bounds(dtype, from_, to - 1)
    return to - from_, from_


def _check_int_bounds(dtype, from_, to_inc):
    lo, hi = (0, 1) if dtype is _D.bool else (int(np.iinfo(dtype.np).min), int(np.iinfo(dtype.np).max))
    if not lo <= from_ <= hi:
        raise RuntimeError(f"from is out of bounds for {dtype._cname if hasattr(dtype, '_cname') else dtype}")
    if not lo <= to_inc <= hi:
        raise RuntimeError(f"to - 1 is out of bounds for {dtype._cname if hasattr(dtype, '_cname') else dtype}")


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


def _engine_for(t, generator, fname):
    """The engine a sampler for tensor t draws from: a cuda tensor's values
    come from its device's generator, drawn on the host and copied (as the
    factories' with device=, creation._gen)."""
    if generator is None and not t.is_cpu:
        from cyautograd.creation import _gen
        return _gen(None, fname, t.device)
    return _engine(generator, fname)


def _on_device_of(t, vals):
    """Host-drawn samples `vals` on t's device (NOTE [ Device backends ]:
    an explicit copy through the backend, as the factories make them)."""
    return vals if t.is_cpu else vals.to(t.device)


def _sample_like(self, node, kind, args, fname, generator):
    """self filled in place by sampler `kind`, drawn in torch's order for
    self's geometry; the node `node` records it when self requires grad."""
    from cyautograd.ops.pointwise import _inplace_via
    if not isinstance(self, Tensor):
        raise TypeError(f"{fname}(): argument 'self' must be Tensor, not {type(self).__name__}")
    eng = _engine_for(self, generator, fname)
    perm, contiguous = _geometry(self)
    vals = _on_device_of(self, _wrapv(_draw(eng, tuple(self.shape), self.dtype, kind, args, perm, contiguous),
                                      self.dtype))
    if not (self.requires_grad and is_grad_enabled()):
        # nothing to record (nn.init's case): a plain copy, one version bump
        with no_grad():
            self.copy_(vals)
        return self
    return _inplace_via(self, lambda t: _ZERO[node].apply(t, vals))


# c10's TypeMeta names, as torch's random_ bounds errors print the dtype
_TYPEMETA = {"float64": "double", "float32": "float", "float16": "c10::Half", "int64": "long int",
             "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
             "bool": "bool"}


def _real(v, fname, name):
    """A float argument as torch's parser takes it: a Python or numpy real
    number (a Tensor, str or None is a TypeError)."""
    if isinstance(v, Tensor) and v.dim() == 0:
        return float(v.item())   # a 0-d tensor passes as a number
    if isinstance(v, (bool, int, float, np.integer, np.floating)) and not isinstance(v, Tensor):
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 1 << 64:
            raise TypeError(f"{fname}(): argument '{name}' must be float, not int")
        return float(v)
    raise TypeError(f"{fname}(): argument '{name}' must be float, not {type(v).__name__}")


def _int_arg(v, fname, name):
    if v is None:
        return None
    if isinstance(v, (bool, int, np.integer)) and not isinstance(v, Tensor):
        return int(v)
    raise TypeError(f"{fname}(): argument '{name}' must be int, not {type(v).__name__}")


# the kernel a sampler's dtype dispatch names (its NotImplementedError), or
# the continuous distributions' own check (a RuntimeError naming the dtype)
_FLOAT_KERNELS = {"uniform_": "check_uniform_bounds", "normal_": "normal_kernel_cpu",
                  "log_normal_": "log_normal_cpu"}


def _float_only(self, fname):
    if not self.dtype.is_floating_point:
        if fname in _FLOAT_KERNELS:
            raise NotImplementedError(f"\"{_FLOAT_KERNELS[fname]}\" not implemented for '{self.dtype._cname}'")
        if fname == "exponential_":
            raise RuntimeError("Exponential distribution is a continuous probability distribution. dtype must be a "
                               f"floating point but you specified {self.dtype._cname}")
        if fname == "cauchy_":
            raise RuntimeError("Cauchy distribution is a continuous probability distribution. dtype must be a "
                               f"floating point but you specified {_TYPEMETA[np.dtype(self.dtype.np).name]}")
        raise RuntimeError(f"{fname} expects floating point dtype, but got {self.dtype._cname}")


def uniform_(self, from_=0, to=1, *, generator=None, **kw):
    if "from" in kw:
        from_ = kw.pop("from")
    _float_only(self, "uniform_")
    if from_ > to:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={from_} > to={to}")
    return _sample_like(self, "UniformBackward0", "uniform", (float(from_), float(to)), "uniform_", generator)


def normal_(self, mean=0, std=1, *, generator=None):
    mean, std = _real(mean, "normal_", "mean"), _real(std, "normal_", "std")
    _float_only(self, "normal_")
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {float(std):g}")
    return _sample_like(self, "NormalBackward0", "normal", (float(mean), float(std)), "normal_", generator)


def bernoulli_(self, p=0.5, *, generator=None):
    if isinstance(p, Tensor):
        pa = p.detach().cpu().numpy()
        if pa.dtype.kind != "f":
            # torch: the in-place check on self comes first
            if isinstance(self, Tensor) and self.requires_grad and self.is_leaf and is_grad_enabled():
                raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
            raise NotImplementedError(f"\"bernoulli_tensor_cpu_p_\" not implemented for '{p.dtype._cname}'")
        try:
            pa = np.broadcast_to(pa, tuple(self.shape))
        except ValueError:
            # torch: the in-place check on self, then p expanded to self's shape
            if isinstance(self, Tensor) and self.requires_grad and self.is_leaf and is_grad_enabled():
                raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
            p.expand(tuple(self.shape))
            raise
        return _sample_like(self, "BernoulliBackward1", "bernoulli_t", (pa,), "bernoulli_", generator)
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
    return _sample_like(self, "BernoulliBackward2", "bernoulli", (float(p),), "bernoulli_", generator)


_NOARG = object()


def random_(self, from_=None, to=_NOARG, *, generator=None, **kw):
    """random_(), random_(to), random_(from, to) and random_(from, None) (up to the dtype's max)."""
    if "from" in kw:
        from_ = kw.pop("from")
    from_ = _int_arg(from_, "random_", "from")
    if to is not _NOARG:
        to = _int_arg(to, "random_", "to")
    if from_ is None and to is _NOARG:
        return _sample_like(self, "RandomBackward2", "default", (), "random_", generator)
    if to is _NOARG or from_ is None:
        # random_(to): [0, to)
        from_, to = 0, (from_ if to is _NOARG else to)
        node = "RandomBackward1"
    else:
        node = "RandomBackward0"
    from_ = int(from_)
    if to is None:
        if from_ == -(1 << 63):
            return _sample_like(self, node, "full64", (), "random_", generator)
        rng, base = _random_range(self.dtype, from_, None)
    else:
        to = int(to)
        if from_ >= to:
            raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={from_} >= to={to}")
        rng, base = _random_range(self.dtype, from_, to)
    return _sample_like(self, node, "from_to", (rng, base), "random_", generator)


def exponential_(self, lambd=1.0, *, generator=None):
    _float_only(self, "exponential_")
    if lambd <= 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    return _sample_like(self, "ExponentialBackward0", "exponential", (float(lambd),), "exponential_", generator)


def geometric_(self, p, *, generator=None):
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    return _sample_like(self, "GeometricBackward0", "geometric", (float(p),), "geometric_", generator)


def cauchy_(self, median=0, sigma=1, *, generator=None):
    median, sigma = _real(median, "cauchy_", "median"), _real(sigma, "cauchy_", "sigma")
    _float_only(self, "cauchy_")
    return _sample_like(self, "CauchyBackward0", "cauchy", (float(median), float(sigma)), "cauchy_", generator)


def log_normal_(self, mean=1, std=2, *, generator=None):
    mean, std = _real(mean, "log_normal_", "mean"), _real(std, "log_normal_", "std")
    _float_only(self, "log_normal_")
    if std <= 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std}")
    return _sample_like(self, "LogNormalBackward0", "log_normal", (float(mean), float(std)), "log_normal_",
                        generator)


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
    eng = _engine_for(input, generator, "bernoulli")
    if p is None and input.dtype.np.kind == "b":
        raise NotImplementedError("\"bernoulli_tensor_cpu_p_\" not implemented for 'Bool'")
    if p is not None:
        p = _real(p, "bernoulli", "p")
        return bernoulli_(input.detach().clone(), p, generator=generator)
    pa = input.detach().cpu().numpy()
    if pa.dtype.kind != "f":
        raise NotImplementedError(f"\"bernoulli_tensor_cpu_p_\" not implemented for '{input.dtype._cname}'")
    if pa.size and (not np.all(pa >= 0) or not np.all(pa <= 1)):
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
                           "be improved?  If so, please report an enhancement request to PyTorch.)")
    # torch: empty_like(input) (its layout when dense) .bernoulli_(input)
    perm, _ = _geometry(input)
    vals = _on_device_of(input, _wrapv(_draw(eng, pa.shape, input.dtype, "bernoulli_t", (pa,), perm), input.dtype))
    if out is not None:
        out.copy_(vals)
        return out
    return _Bernoulli.apply(input, vals)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    if not isinstance(input, Tensor):
        raise TypeError(f"multinomial(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    eng = _engine_for(input, generator, "multinomial")
    if input.dim() not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {input.dtype._cname}")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    p = input.detach().cpu().numpy()
    n = p.shape[-1]
    if not replacement and num_samples > n:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if n == 0:
        # rows of no categories: their sums are 0 (and reshape(-1, 0) has no meaning)
        if p.size == 0 and p.ndim == 2 and p.shape[0] == 0:
            rows = np.zeros((0, 0), p.dtype)
        else:
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    else:
        rows = np.ascontiguousarray(p.reshape(-1, n))
    if rows.shape[0] == 0:
        res = np.zeros((0, num_samples), np.int64)
    elif not replacement or num_samples == 1:
        # torch's fast path: argmax / topk of p / q with q ~ Exp(1) drawn in p's dtype
        if rows.size and (not np.all(rows < np.inf) or not np.all(rows >= 0)):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if rows.size and np.any(rows.sum(-1) == 0):
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        q = _draw(eng, rows.shape, input.dtype, "exponential", (1.0,))
        with np.errstate(divide="ignore", invalid="ignore"):
            q = (rows / q).astype(rows.dtype, copy=False)
        if num_samples == 1:
            res = np.argmax(q, axis=-1)[:, None]
        else:
            res = np.argsort(-q, axis=-1, kind="stable")[:, :num_samples]
    else:
        # torch's checks, in its order: NaN fails `p >= 0` and is reported as "< 0"
        if rows.size and not np.all(rows >= 0):
            raise RuntimeError("invalid multinomial distribution (encountering probability entry < 0)")
        if rows.size and not np.all(np.isfinite(rows)):
            raise RuntimeError("invalid multinomial distribution (encountering probability entry = infinity or NaN)")
        cum = np.cumsum(rows.astype(np.float32) if rows.dtype == np.float16 else rows, axis=-1)
        sums = cum[:, -1:].copy()
        if np.any(sums <= 0):
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        cum = np.ascontiguousarray(cum / sums)
        cum[:, -1] = 1
        res = eng.multinomial_replacement(cum, int(num_samples))
    res = np.ascontiguousarray(res, np.int64).reshape(p.shape[:-1] + (num_samples,))
    from cyautograd.creation import _wrap
    t = _on_device_of(input, _wrap(res))
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


def _normal_out(eng, mean, std, size, out):
    """torch.normal(..., out=out) (normal_out): the result's shape from mean's
    and std's (a Tensor mean broadcast with out's own shape), out resized to it,
    drawn in out's dtype (the kernel runs on out: integral outs are refused),
    written once; mean and std are not differentiated through."""
    from cyautograd._out import check_out
    from cyautograd.ops.extra import infer_size
    mt, st = isinstance(mean, Tensor), isinstance(std, Tensor)
    check_out("normal", out, (mean, std))
    if st and std.numel() and bool((std.detach() < 0).any()):
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if not st and not std >= 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {float(std):g}")
    if mt and st:
        shape = infer_size(tuple(mean.shape), tuple(std.shape))
    elif mt:
        shape = infer_size(tuple(mean.shape), tuple(out.shape))
    elif st:
        shape = tuple(std.shape)
    else:
        from cyautograd.creation import _size
        shape = _size((size,) if isinstance(size, int) else tuple(size))
    from cyautograd._out import resize_output
    resize_output(out, tuple(shape))
    dt = out.dtype
    if dt.np.kind not in "fc":
        raise NotImplementedError(f"\"normal_kernel_cpu\" not implemented for '{dt._cname}'")
    from cyautograd.memory_overlap import _has_internal_overlap
    if _has_internal_overlap(out) == 1:
        raise RuntimeError("unsupported operation: more than one element of the written-to tensor refers to a "
                           "single memory location. Please clone() the tensor before performing the operation.")
    npd = dt.np
    if not mt and not st:
        vals = _draw(eng, shape, dt, "normal", (float(mean), float(std)))
    else:
        # normal_(0, std or 1) in out's dtype, then mul_(std) and add_(mean)
        vals = _draw(eng, shape, dt, "normal", (0.0, 1.0 if st else float(std)))
        if st:
            vals = (vals * std.detach().cpu().numpy()).astype(npd, copy=False)
        vals = (vals + (mean.detach().cpu().numpy() if mt else npd.type(mean))).astype(npd, copy=False)
    with _no_grad_out():
        out.copy_(_on_device_of(out, _wrapv(np.asarray(vals, dtype=npd), dt)))
    return out


def _no_grad_out():
    from cyautograd.grad_mode import no_grad
    return no_grad()


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, device=None,
           requires_grad=False, layout=None, pin_memory=False):
    eng = _engine(generator, "normal")
    if out is not None:
        return _normal_out(eng, mean, std, size, out)
    mt, st = isinstance(mean, Tensor), isinstance(std, Tensor)
    if st and std.numel() and bool((std.detach() < 0).any()):
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if not st and not std >= 0:     # nan fails too
        raise RuntimeError(f"normal expects std >= 0.0, but found std {float(std):g}")
    t = mean if mt else std     # the result takes the dtype of mean (else std): float only
    if isinstance(t, Tensor) and t.dtype.np.kind not in "fc":
        raise NotImplementedError(f"\"normal_kernel_cpu\" not implemented for '{t.dtype._cname}'")
    if not mt and not st:
        if size is None:
            raise TypeError("normal() received an invalid combination of arguments - got (float, float), but "
                            "expected (float mean, float std, tuple of ints size, *, torch.Generator generator, "
                            "Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, bool "
                            "pin_memory, bool requires_grad)")
        from cyautograd.creation import _size
        shape = _size((size,) if isinstance(size, int) else tuple(size))
        dt = dtype or _D.get_default_dtype()
        t = _wrapv(_draw(eng, shape, dt, "normal", (float(mean), float(std))), dt)
        if requires_grad:
            _rg_internal(t)
        if out is not None:
            out.data = t
            return out
        return t
    ma = mean.detach().cpu().numpy() if mt else None
    sa = std.detach().cpu().numpy() if st else None
    if mt and st:
        from cyautograd.ops.extra import infer_size
        shape = infer_size(ma.shape, sa.shape)
    else:
        shape = ma.shape if mt else sa.shape
    dt = mean.dtype if mt else std.dtype
    npd = dt.np
    # torch: output = empty(shape).normal_(0, std or 1), then .mul_(std) and .add_(mean),
    # each rounded to the output's dtype
    if mt and not st:
        vals = _draw(eng, shape, dt, "normal", (0.0, float(std)))
        vals = (vals + ma).astype(npd, copy=False)
    else:
        vals = _draw(eng, shape, dt, "normal", (0.0, 1.0))
        vals = (vals * sa).astype(npd, copy=False)
        vals = (vals + (ma if mt else npd.type(mean))).astype(npd, copy=False)
    vals = _on_device_of(mean if mt else std, _wrapv(vals, dt))
    if out is not None:
        out.data = vals
        return out
    if mt and st:
        return _Normal3.apply(mean, std, vals)
    if mt:
        return _Normal1.apply(mean, float(std), vals)
    return _Normal2.apply(float(mean), std, vals)


def poisson(input, generator=None):
    # torch's CPU poisson sampler is not reproduced: numpy's, seeded from the engine
    eng = _engine_for(input, generator, "poisson")
    if input.dtype.np.kind not in "fc":
        raise NotImplementedError(f"\"poisson_cpu\" not implemented for '{input.dtype._cname}'")
    rates = input.detach().cpu().numpy()
    if not np.all(rates >= 0):     # (a nan rate too)
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    g = np.random.Generator(np.random.PCG64(eng.random64()))
    from cyautograd.creation import _wrap
    draws = np.asarray(g.poisson(rates))   # numpy gives a scalar for 0-d
    return _on_device_of(input, _wrap(draws.astype(input.dtype.np)))
