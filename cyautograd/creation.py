"""Tensor factories: tensor, as_tensor, from_numpy, zeros, ones, ... and the
random generator behind manual_seed."""
import builtins
import math
import numbers

import numpy as np

from cyautograd import dtypes as D
from cyautograd.tensor import Tensor, _rebuild  # noqa: F401
from cyautograd.variable import _variable_data  # noqa: F401
from cyautograd.tensor import _requires_grad_internal as _rg_internal  # noqa: E402

# one engine per cuda index (cyautograd.cuda.manual_seed); made on first
# use from the host generator's seed, as torch seeds every device with manual_seed
_device_rng = {}
_device_seed = [None]


def manual_seed(seed):
    """Seeds the default generator (torch's mt19937 stream: see NOTE [
    Generators ] in random.py) and every cuda device's; returns the default one."""
    # torch.manual_seed (torch/random.py) takes int(seed) first: int()'s own
    # errors for what has no integer value, a float or a numeric str truncated
    seed = int(seed)
    from cyautograd.random import manual_seed as _ms
    g = _ms(seed)
    _seed_device(seed, "all")
    return g


def _seed_device(seed, which):
    """cuda.manual_seed (which None: the current device) / manual_seed_all."""
    from cyautograd._mt19937 import MT19937
    if which == "all":
        _device_rng.clear()
        _device_seed[0] = seed
        return
    from cyautograd import backend
    idx = backend.current_device() if backend.is_available() else 0
    _device_rng[idx] = MT19937(seed & 0xFFFFFFFFFFFFFFFF)


def _device_gen(dev):
    """The engine for random values made for device dev: the host's for
    the CPU, a per-index one for cuda (values are drawn on the host and
    copied: the same values on every backend; torch's cuda Philox streams
    are not reproduced)."""
    from cyautograd.random import default_generator
    if dev is None or dev.type == "cpu":
        return default_generator._impl
    from cyautograd import backend
    from cyautograd._mt19937 import MT19937
    idx = backend.index_of(dev)
    g = _device_rng.get(idx)
    if g is None:
        from cyautograd.random import _nondeterministic_seed
        g = _device_rng[idx] = MT19937(_nondeterministic_seed() if _device_seed[0] is None
                                       else _device_seed[0] & 0xFFFFFFFFFFFFFFFF)
    return g


def initial_seed():
    from cyautograd.random import initial_seed as _is
    return _is()


def _gen(generator, fname, device=None):
    """The engine a random factory draws from: generator='s, else the cuda
    device's own (values drawn on the host and copied), else the default
    generator's."""
    if generator is None and device is not None and device.type == "cuda":
        return _device_gen(device)
    from cyautograd.random import _engine
    return _engine(generator, fname)


def _wrap(arr, requires_grad=False, device=None):
    """A new leaf over host array `arr`, copied to `device` (a checked
    device, see _check_device) when that is not the CPU."""
    from cyautograd.variable import _wrap_array
    if requires_grad and arr.dtype.kind != "f":
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    if device is not None and device.type != "cpu":
        from cyautograd import backend
        arr = backend.from_host(arr, device)
    t = _wrap_array(arr)
    if requires_grad:
        _rg_internal(t)
        from cyautograd.func import _note_inner_leaf
        _note_inner_leaf(t)   # made inside a grad-like transform: its own
    return t


def _check_device(device):
    """The device argument of a factory parsed and checked as torch's (a
    cuda device without a working backend raises torch's error before
    anything is made)."""
    if device is None:
        device = _DEFAULT_DEVICE[0]
        if device is None:
            return None
    from cyautograd import backend
    return backend.check_device(device)


# torch.set_default_device: None or a non-cpu device (a cpu default is None, so
# that factories keep their host fast paths); read by _check_device
_DEFAULT_DEVICE = [None]


def _walk_kinds(x, kinds):
    """The scalar kinds of nested Python data, added to `kinds` (a module-level
    recursion: a nested closure calling itself is a reference cycle per call,
    which a loop under gc.disable() would pile up)."""
    if isinstance(x, Tensor):
        kinds.add(x.dtype)
    elif isinstance(x, np.generic) and x.dtype.kind in "biuf":
        # a numpy scalar keeps its dtype (np.float64(0.5) -> float64), as torch's
        # infer_scalar_type; mixed with Python numbers the types promote
        kinds.add(D.from_numpy_dtype(x.dtype))
    elif isinstance(x, (bool, np.bool_)):
        kinds.add("b")
    elif isinstance(x, (int, np.integer)):
        kinds.add("i")
    elif isinstance(x, (float, np.floating)):
        kinds.add("f")
    elif isinstance(x, np.ndarray):
        kinds.add(D.from_numpy_dtype(x.dtype))
    elif isinstance(x, (list, tuple)):
        for y in x:
            _walk_kinds(y, kinds)
    elif isinstance(x, complex):
        raise TypeError("complex tensors are not supported")
    elif isinstance(x, str):
        raise ValueError("too many dimensions 'str'")
    else:
        raise RuntimeError(f"Could not infer dtype of {type(x).__name__}")


def _infer_dtype(data):
    """torch's dtype inference for nested Python data."""
    kinds = set()
    _walk_kinds(data, kinds)
    result = None
    for k in kinds:
        d = {"b": D.bool, "i": D.int64, "f": D.get_default_dtype()}.get(k, k) if isinstance(k, str) else k
        result = d if result is None else D.promote_types(result, d)
    return result or D.get_default_dtype()


def _to_nested(data):
    if isinstance(data, Tensor):
        return data.detach().cpu().numpy()
    if isinstance(data, (list, tuple)):
        return [_to_nested(x) for x in data]
    return data


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """Copies data into a new leaf tensor (torch.tensor)."""
    device = _check_device(device)
    dtype = _check_dtype(dtype)
    if not isinstance(data, (Tensor, np.ndarray, list, tuple)) and hasattr(data, "__dlpack__"):
        # another library's tensor (torch, CuPy, ...): copied as torch copies
        # a numpy array (torch.tensor(np_array))
        from cyautograd.utils.dlpack import _foreign_to_host
        data = _foreign_to_host(data)
    if isinstance(data, Tensor):
        if device is None and not data.is_cpu:
            device = data.device
        arr = data.detach().cpu().numpy().copy()
        if dtype is not None:
            arr = arr.astype(dtype.np)
        return _wrap(arr, requires_grad, device)
    if isinstance(data, np.ndarray):
        D.from_numpy_dtype(data.dtype)
        arr = np.array(data, dtype=None if dtype is None else dtype.np, copy=True)
        return _wrap(arr, requires_grad, device)
    given = dtype is not None
    if isinstance(data, str):
        raise TypeError("new(): invalid data type 'str'")
    if dtype is None:
        dtype = _infer_dtype(data)
    nested = _to_nested(data)
    _check_ragged(nested)
    try:
        with np.errstate(over="ignore", invalid="ignore"):   # 1e300 -> float16 is inf, quietly
            arr = np.array(nested, dtype=dtype.np)
    except OverflowError:
        if dtype.np.kind in "iub" and _int_past_int64(nested):
            # NOTE [ An int past int64 unpacks as a ValueError ] (_arg_parser.py)
            raise ValueError("Overflow when unpacking long long") from None
        raise RuntimeError(f"value cannot be converted to type {dtype.name} without overflow") from None
    except (TypeError, ValueError):
        if given:
            if isinstance(nested, str):
                raise TypeError("new(): invalid data type 'str'") from None
            _check_scalars(nested, dtype.np.kind)
            if dtype.np.kind in "iub":      # a nan or inf to an integer type
                raise RuntimeError(f"value cannot be converted to type {dtype.name} without overflow") from None
        raise
    # NOTE [ Scalars of a given dtype ]: with a dtype given, no inference
    # walked the data, and numpy converts what torch refuses (None to nan or
    # False): walk it where that may have happened -- a nan in a float
    # result, any bool result -- for torch's error
    if given and ((arr.dtype.kind == "f" and arr.size and np.isnan(arr).any()) or arr.dtype.kind == "b"):
        if isinstance(nested, str):
            raise TypeError("new(): invalid data type 'str'")
        _check_scalars(nested, arr.dtype.kind)
    return _wrap(arr, requires_grad, device)


def _check_scalars(x, kind):
    """torch's errors for a scalar of nested data that its tensor() with a
    dtype of `kind` cannot convert (a module-level recursion, as _walk_kinds)."""
    if isinstance(x, (list, tuple)):
        for y in x:
            _check_scalars(y, kind)
    elif isinstance(x, (Tensor, np.ndarray, bool, int, float, np.number, np.bool_)):
        return
    elif kind in "fc":
        raise TypeError(f"must be real number, not {type(x).__name__}")
    else:
        raise TypeError(f"'{type(x).__name__}' object cannot be interpreted as an integer")


def _check_ragged(x, depth=0):
    if isinstance(x, list) and x and isinstance(x[0], list):
        n = len(x[0])
        for i, y in enumerate(x):
            if not isinstance(y, list) or len(y) != n:
                raise ValueError(f"expected sequence of length {n} at dim {depth + 1} (got {len(y) if isinstance(y, list) else 0})")
            _check_ragged(y, depth + 1)


def as_tensor(data, *, dtype=None, device=None):
    dtype = _check_dtype(dtype, "as_tensor")
    if isinstance(data, Tensor):
        if device is not None:
            return data.to(device, dtype)
        if dtype is None or data.dtype is dtype:
            return data
        return data.to(dtype)
    if (isinstance(data, np.ndarray) and (dtype is None or data.dtype == dtype.np)
            and (device is None or _check_device(device).type == "cpu")):
        return from_numpy(data)
    return tensor(data, dtype=dtype, device=device)


def from_numpy(ndarray):
    """A tensor sharing memory with `ndarray` (storage offset 0 at its first element)."""
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(ndarray).__name__})")
    D.from_numpy_dtype(ndarray.dtype)
    if not ndarray.dtype.isnative:
        raise ValueError("given numpy array has byte order different from the native byte order. "
                         "Conversion between byte orders is currently not supported.")
    from cyautograd.variable import _wrap_array
    # a view of our own (an exact ndarray over the same memory): the tensor
    # keeps its geometry when `ndarray` is reshaped (a.shape = ...) and is
    # its own storage, as torch's from_numpy makes a new StorageImpl; writes
    # through either side stay visible to the other
    return _wrap_array(ndarray.view(np.ndarray))


def _size(size, fname="zeros"):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    out = []
    for s in size:
        if type(s) is not int:
            s = _size_item(s, fname)
        if s < 0:
            raise RuntimeError(f"{fname}: Dimension size must be non-negative.")
        out.append(int(s))
    return tuple(out)


def _check_dtype(dtype, fname="tensor"):
    dtype = D.canonical(dtype)
    if dtype is not None and not isinstance(dtype, D.dtype):
        raise TypeError(f"{fname}(): argument 'dtype' must be cyautograd.dtype, not {type(dtype).__name__}")
    return dtype


def _dt(dtype):
    return (_check_dtype(dtype, "zeros") or D.get_default_dtype()).np


def _storage_check(shape, npdt):
    """The byte count of a new tensor of `shape` (sizes not negative), or
    torch's error where it passes int64 (numpy's would be a ValueError)."""
    nbytes = np.dtype(npdt).itemsize
    for s in shape:
        nbytes *= s
    if nbytes >= 1 << 63:
        raise RuntimeError(f"Storage size calculation overflowed with sizes={list(shape)}")
    return nbytes


def _alloc(make, shape, npdt, *fill):
    """``make(shape, *fill, npdt)`` with torch's errors for sizes no allocator
    can give: the byte count overflowing int64, or the allocation failing."""
    nbytes = _storage_check(shape, npdt)
    try:
        return make(shape, *fill, npdt)
    except (MemoryError, ValueError):
        raise RuntimeError("[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate "
                           f"memory: you tried to allocate {nbytes} bytes. Error code 12 (Cannot allocate memory)"
                           ) from None


def _size_item(s, fname):
    """A size item that is not an int: what torch's int-list parsing takes
    (anything with __index__ but a bool: numpy ints, 0-d integral tensors),
    else a TypeError (the public functions' guards then give torch's parser
    words, NOTE [ Parser replay on the error path ])."""
    if isinstance(s, Tensor):
        if s.dim() == 0 and not s.is_floating_point() and s.dtype is not D.bool:
            return int(s.item())
    elif not isinstance(s, (bool, float)) and hasattr(type(s), "__index__"):
        return s.__index__()
    raise TypeError(f"{fname}(): argument 'size' must be tuple of ints, but found element of type "
                    f"{type(s).__name__}")


def _size_arg(size, size_kw, fname):
    """A factory's size given positionally (ints or one sequence) or as
    ``size=`` (torch's ``zeros(size=(2, 3))``)."""
    if size_kw is not None:
        if size:
            raise TypeError(f"{fname}() got multiple values for argument 'size'")
        size = (size_kw,)
    return _size(size, fname)


def zeros(*size, dtype=None, device=None, requires_grad=False, out=None, layout=None, **kw):
    device = _check_device(device)
    shape = _size_arg(size, kw.pop("size", None), "zeros")
    _no_extra(kw, "zeros")
    return _out(_wrap(_alloc(np.zeros, shape, _dt(dtype)), requires_grad, device), out)


def ones(*size, dtype=None, device=None, requires_grad=False, out=None, layout=None, **kw):
    device = _check_device(device)
    shape = _size_arg(size, kw.pop("size", None), "ones")
    _no_extra(kw, "ones")
    return _out(_wrap(_alloc(np.ones, shape, _dt(dtype)), requires_grad, device), out)


def empty(*size, dtype=None, device=None, requires_grad=False, out=None, layout=None, memory_format=None,
          pin_memory=False, **kw):
    device = _check_device(device)
    shape = _size_arg(size, kw.pop("size", None), "empty")
    _no_extra(kw, "empty")
    return _out(_wrap(_alloc(np.zeros, shape, _dt(dtype)), requires_grad, device), out)


def _no_extra(kw, fname):
    if kw:
        raise TypeError(f"{fname}() got an unexpected keyword argument '{next(iter(kw))}'")


def _int_past_int64(data):
    """A Python int outside int64 somewhere in (nested lists of) data."""
    if type(data) is int:
        return not -(1 << 63) <= data < (1 << 63)
    if isinstance(data, (list, tuple)):
        return any(_int_past_int64(e) for e in data)
    return False


def full(size, fill_value, *, dtype=None, device=None, requires_grad=False):
    device = _check_device(device)
    dtype = _check_dtype(dtype, "full")
    if dtype is None:
        dtype = D.scalar_dtype(fill_value)
        if type(fill_value) is int and dtype is D.int64 and not -(1 << 63) <= fill_value < (1 << 63):
            # (a Python int past int64 is a uint64 Scalar to torch, its int64
            # fill failing; past uint64 or below int64 it is no Scalar at all)
            if not -(1 << 63) <= fill_value < (1 << 64):
                raise OverflowError("int too big to convert" if fill_value > 0
                                    else "can't convert negative int to unsigned")
            raise RuntimeError("value cannot be converted to type int64_t without overflow")
    elif isinstance(fill_value, (int, float)) and device is None:
        from cyautograd.ops.pointwise import checked_scalar
        fill_value = checked_scalar(np.dtype(dtype.np), fill_value)   # full is fill_: Scalar::to<T>
    return _wrap(_alloc(np.full, _size((size,)), dtype.np, fill_value), requires_grad, device)


def _like(t, dtype):
    return (t.dtype if dtype is None else _check_dtype(dtype, "zeros_like")).np


def _like_layout(arr, t):
    """arr in the strides of torch's empty_like(t) (memory_format=preserve:
    t's own when dense, else dense in t's stride order)."""
    if not t.is_cpu:
        return arr
    from cyautograd.kernels import _like_layout as layout
    return layout(arr, t.detach().numpy())


def _tensor_arg(x, fname):
    """torch's argument parser: a *_like's input must be a Tensor (NOTE [ No
    None through a typed argument ] in argcheck.pxd)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"{fname}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
    return x


def zeros_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    _tensor_arg(input, "zeros_like")
    return _wrap(_like_layout(np.zeros(tuple(input.shape), _like(input, dtype)), input), requires_grad,
                 _like_device(input, device))


def ones_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    _tensor_arg(input, "ones_like")
    return _wrap(_like_layout(np.ones(tuple(input.shape), _like(input, dtype)), input), requires_grad,
                 _like_device(input, device))


def empty_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    _tensor_arg(input, "empty_like")
    return zeros_like(input, dtype=dtype, device=device, requires_grad=requires_grad)


def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    _tensor_arg(input, "full_like")
    return _wrap(_like_layout(np.full(tuple(input.shape), fill_value, _like(input, dtype)), input), requires_grad,
                 _like_device(input, device))


def _dense_order(t):
    """The visiting order of empty_like(t) when it keeps t's strides (t
    non-overlapping and dense but not contiguous), else None."""
    if t.is_contiguous():
        return None
    shape, strides = tuple(t.shape), tuple(t.stride())
    from cyautograd.random import _visit_order
    perm = _visit_order(shape, strides)
    if perm is None:
        return None
    expected = 1
    for d in reversed(perm):
        if shape[d] != 1 and strides[d] != expected:
            return None
        expected *= shape[d]
    return perm


def _random_like(input, kind, args, dtype, device, requires_grad, fname):
    """rand_like / randn_like: torch's empty_like(input) (input's layout when
    dense) filled by the sampler, in that layout's memory order."""
    _tensor_arg(input, fname)
    dt = _check_dtype(dtype, fname) or input.dtype
    dev = _like_device(input, device)
    from cyautograd.random import _draw
    perm = _dense_order(input)
    arr = _draw(_gen(None, fname, dev), tuple(input.shape), dt, kind, args, perm, perm is None)
    return _wrap(arr, requires_grad, dev)


def rand_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None, layout=None,
              pin_memory=False):
    _tensor_arg(input, "rand_like")
    if not (dtype or input.dtype).is_floating_point:
        raise NotImplementedError(f"\"check_uniform_bounds\" not implemented for '{(dtype or input.dtype)._cname}'")
    return _random_like(input, "uniform", (0.0, 1.0), dtype, device, requires_grad, "rand_like")


def randn_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None, layout=None,
               pin_memory=False):
    _tensor_arg(input, "randn_like")
    if not (dtype or input.dtype).is_floating_point:
        raise NotImplementedError(f"\"normal_kernel_cpu\" not implemented for '{(dtype or input.dtype)._cname}'")
    return _random_like(input, "normal", (0.0, 1.0), dtype, device, requires_grad, "randn_like")


def _c_scalar(v):
    """A number as torch's C++ messages print a Scalar (an ostream: 6
    significant digits, 1.0 as 1)."""
    return f"{v:g}" if isinstance(v, (float, np.floating)) else str(v)


def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False):
    device = _check_device(device)
    # a Python int past int64 is a uint64 Scalar to torch's parser, past
    # uint64 (or below int64) none at all; an integral range cannot hold it
    given = (start,) if end is None else (start, end, step)
    for v in given:
        if type(v) is int and not -(1 << 63) <= v < (1 << 64):
            raise OverflowError("int too big to convert" if v > 0 else "can't convert negative int to unsigned")
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if dtype is None and all(type(v) is int for v in vals) and builtins.max(vals) >= 1 << 63:
        raise RuntimeError("value cannot be converted to type int64_t without overflow")
    if not (vals[2] > 0 or vals[2] < 0):     # (a nan step too, as torch's)
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(vals[0]) and math.isfinite(vals[1])):
        raise RuntimeError(f"unsupported range: {_c_scalar(vals[0])} -> {_c_scalar(vals[1])}")
    if (end - start) / step < 0:
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    dtype = _check_dtype(dtype, "arange")
    if dtype is None:
        dtype = D.int64 if all(isinstance(v, (int, np.integer)) for v in vals) else D.get_default_dtype()
    if all(isinstance(v, (int, np.integer)) for v in vals):
        n = -(-(int(vals[1]) - int(vals[0])) // int(vals[2]))
    else:
        n = math.ceil((vals[1] - vals[0]) / vals[2])
    if n >= 1 << 63:
        raise RuntimeError("invalid size, possible overflow?")
    _storage_check((n,), dtype.np)
    if dtype is D.float32 or dtype is D.float64:
        # torch's kernel rounding (see _mt19937.arange_fill): the length as numpy's
        import cyautograd
        from cyautograd._mt19937 import arange_fill
        out = np.empty(len(np.arange(*vals, dtype=np.float64)), dtype.np)
        arange_fill(out, float(vals[0]), float(vals[2]), 32768, cyautograd.get_num_threads())
        return _wrap(out, requires_grad, device)
    return _wrap(np.arange(*vals, dtype=np.float64).astype(dtype.np) if dtype.is_floating_point
                 else np.arange(*vals).astype(dtype.np), requires_grad, device)


def linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False):
    device = _check_device(device)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    dt = _check_dtype(dtype, "linspace") or D.get_default_dtype()
    _storage_check((int(steps),), dt.np)
    return _wrap(_linspace_values(start, end, int(steps), dt), requires_grad, device)


def _linspace_values(start, end, steps, dt):
    """torch's CPU linspace values, rounding as its kernel rounds (fused
    start + step * i below the halfway index, end - step * (steps - 1 - i)
    from it; see _mt19937.linspace_fill)."""
    from cyautograd._mt19937 import linspace_fill
    start = start.item() if isinstance(start, Tensor) else start
    end = end.item() if isinstance(end, Tensor) else end
    if dt is D.float32 or dt is D.float64:
        out = np.empty(steps, dt.np)
        linspace_fill(out, float(start), float(end))
        return out
    if dt is D.float16:
        h = np.float16
        s, e = h(start), h(end)
        if steps <= 1:
            return np.full(steps, s, np.float16)
        step = h(h(e - s) / h(steps - 1))
        i = np.arange(steps)
        half = steps // 2
        lo = (s + (step * i.astype(np.float16)).astype(np.float16)).astype(np.float16)
        hi = (e - (step * (steps - i - 1).astype(np.float16)).astype(np.float16)).astype(np.float16)
        return np.where(i < half, lo, hi).astype(np.float16)
    if dt.is_floating_point or dt is D.bool:
        return np.linspace(start, end, steps).astype(dt.np)
    # integers: start/end cast to the dtype, the steps in float64, truncated back
    info = np.iinfo(dt.np)
    for v in (start, end):
        if not info.min <= v <= info.max:
            raise RuntimeError(f"value cannot be converted to type {np.dtype(dt.np).name}_t without overflow")
    out = np.empty(steps, np.int64)
    linspace_fill(out, float(np.array(start).astype(dt.np)), float(np.array(end).astype(dt.np)))
    return out.astype(dt.np)


def eye(n, m=None, *, dtype=None, device=None, requires_grad=False):
    device = _check_device(device)
    if n < 0:
        raise RuntimeError(f"n must be greater or equal to 0, got {n}")
    if m is None:
        m = n
    if m < 0:
        raise RuntimeError(f"m must be greater or equal to 0, got {m}")
    if int(n) * int(m) >= 1 << 63:
        raise RuntimeError("numel: integer multiplication overflow")
    return _wrap(_alloc(lambda shape, npdt: np.eye(shape[0], shape[1], dtype=npdt), (int(n), int(m)), _dt(dtype)),
                 requires_grad, device)


def rand(*size, generator=None, dtype=None, device=None, requires_grad=False, out=None, layout=None,
         pin_memory=False, **kw):
    device = _check_device(device)
    shape = _size_arg(size, kw.pop("size", None), "rand")
    _no_extra(kw, "rand")
    dt = _check_dtype(dtype, "rand") or D.get_default_dtype()
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"check_uniform_bounds\" not implemented for '{dt._cname}'")
    _storage_check(shape, dt.np)
    from cyautograd.random import _draw
    arr = _draw(_gen(generator, "rand", device), shape, dt, "uniform", (0.0, 1.0))
    return _out(_wrap(arr, requires_grad, device), out)


def randn(*size, generator=None, dtype=None, device=None, requires_grad=False, out=None, layout=None,
           pin_memory=False, **kw):
    device = _check_device(device)
    shape = _size_arg(size, kw.pop("size", None), "randn")
    _no_extra(kw, "randn")
    dt = _check_dtype(dtype, "randn") or D.get_default_dtype()
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"normal_kernel_cpu\" not implemented for '{dt._cname}'")
    _storage_check(shape, dt.np)
    from cyautograd.random import _draw
    arr = _draw(_gen(generator, "randn", device), shape, dt, "normal", (0.0, 1.0))
    return _out(_wrap(arr, requires_grad, device), out)


def _out(t, out):
    if out is None:
        return t
    if not isinstance(out, Tensor):
        raise TypeError(f"argument 'out' must be Tensor, not {type(out).__name__}")
    out.data = t.to(out.dtype) if t.dtype != out.dtype else t
    return out


def randint(*args, size=None, generator=None, dtype=None, device=None, requires_grad=False, out=None,
            low=None, high=None, layout=None, pin_memory=False):
    """randint(high, size) or randint(low, high, size), as torch's overloads."""
    args = list(args)
    if size is None and args and isinstance(args[-1], (tuple, list)):
        size = args.pop()
    if high is not None:
        args = args + [high] if low is None else [low, high]
    elif low is not None:
        args = [low] + args
    if size is None or len(args) not in (1, 2):
        got = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"randint() received an invalid combination of arguments - got ({got}), but expected one "
                        f"of:\n * (int high, tuple of ints size, *, torch.Generator generator, Tensor out, "
                        f"torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, bool "
                        f"requires_grad)\n * (int low, int high, tuple of ints size, *, torch.Generator "
                        f"generator, Tensor out, torch.dtype dtype, torch.layout layout, torch.device device, "
                        f"bool pin_memory, bool requires_grad)\n")
    lo, hi = (0, args[0]) if len(args) == 1 else (args[0], args[1])
    lo, hi = int(lo), int(hi)
    if lo >= hi:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={lo} >= to={hi}")
    shape = _size((size,) if isinstance(size, int) else tuple(size), "randint")
    device = _check_device(device)
    from cyautograd.random import _draw, _random_range
    dt = _check_dtype(dtype, "randint") or D.int64
    rng, base = _random_range(dt, lo, hi)
    arr = _draw(_gen(generator, "randint", device), shape, dt, "from_to", (rng, base))
    return _out(_wrap(arr, requires_grad, device), out)


def randint_like(input, low=0, high=None, *, dtype=None, device=None, requires_grad=False, memory_format=None,
                 generator=None):
    if high is None:
        # torch's randint_like(input, Tensor high) overload: a 0-d tensor only
        if isinstance(low, Tensor) and low.dim() != 0:
            raise RuntimeError("high must be a scalar tensor and on CPU")
        low, high = 0, low
    return randint(low, high, tuple(input.shape), dtype=dtype or input.dtype, requires_grad=requires_grad,
                   generator=generator, device=_like_device(input, device))


def randperm(n, *, generator=None, dtype=None, device=None, requires_grad=False, out=None, layout=None,
             pin_memory=False):
    if n < 0:
        raise RuntimeError(f"n must be non-negative, got{n}")
    device = _check_device(device)
    dt = (_check_dtype(dtype, "randperm") or D.int64).np
    _storage_check((int(n),), dt)
    arr = _gen(generator, "randperm", device).randperm(int(n)).astype(dt)
    return _out(_wrap(arr, requires_grad, device), out)


def _like_device(t, device):
    """A *_like / new_* factory's device: the argument, else t's."""
    if device is not None:
        return _check_device(device)
    return None if t.is_cpu else t.device


def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
    return tensor(data, dtype=dtype or self.dtype, requires_grad=requires_grad,
                  device=_like_device(self, device))


def new_zeros(self, *size, dtype=None, device=None, requires_grad=False, **kw):
    if not size and "size" not in kw:
        raise TypeError('new_zeros() missing 1 required positional arguments: "size"')
    return zeros(*size, dtype=dtype or self.dtype, requires_grad=requires_grad,
                 device=_like_device(self, device), **kw)


def new_ones(self, *size, dtype=None, device=None, requires_grad=False, **kw):
    if not size and "size" not in kw:
        raise TypeError('new_ones() missing 1 required positional arguments: "size"')
    return ones(*size, dtype=dtype or self.dtype, requires_grad=requires_grad,
                device=_like_device(self, device), **kw)


def new_empty(self, *size, dtype=None, device=None, requires_grad=False, **kw):
    if not size and "size" not in kw:
        raise TypeError('new_empty() missing 1 required positional arguments: "size"')
    return zeros(*size, dtype=dtype or self.dtype, requires_grad=requires_grad,
                 device=_like_device(self, device), **kw)


def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
    return full(size, fill_value, dtype=dtype or self.dtype, requires_grad=requires_grad,
                device=_like_device(self, device))


def is_tensor(obj):
    return isinstance(obj, Tensor)


def numel(t):
    return t.numel()


builtins_abs = builtins.abs
