"""cyautograd: PyTorch's autograd metadata layer over numpy arrays.

``import cyautograd as torch`` runs code written for torch's tensor/autograd
API with the same gradients, versions, grad_fn names and error messages.
"""
import os as _os
import builtins as _builtins
import importlib.util as _ilu

# NOTE [ Importing the source tree ]
# The package is mostly compiled extensions. Imported from an unbuilt source
# checkout (python run in the repository root), the first compiled import would
# die with "No module named 'cyautograd.tensor'", which says nothing about the
# cause; find it before anything imports an extension, as numpy does. (An
# extension found outside this folder, e.g. through another checkout's
# editable install, would be mixed with these sources: the same mistake.)
_here = _os.path.dirname(_os.path.abspath(__file__))
_spec = _ilu.find_spec("cyautograd.tensor")
if _spec is None or _spec.origin is None or \
        _os.path.dirname(_os.path.abspath(_spec.origin)) != _here:
    raise ImportError(
        "cyautograd's compiled extensions are missing: you are importing cyautograd from its "
        f"source tree ({_here}) without building it. "
        "Install it with `pip install .` (or `pip install -e .` to keep editing the source), "
        "then run Python from another folder; or build in place with "
        "`python setup.py build_ext --inplace`.")
del _spec, _ilu

from cyautograd import dtypes as _dtypes
from cyautograd.dtypes import (bool, double, dtype, float, float16, float32,  # noqa: F401,A004
                               float64, get_default_dtype, half, int, int8, int16, int32,
                               int64, long, promote_types, set_default_dtype, short, uint8)
from cyautograd.tensor import Size, Tensor, device  # noqa: F401
from cyautograd.grad_mode import (enable_grad, inference_mode, is_grad_enabled,  # noqa: F401
                                  is_inference_mode_enabled, no_grad, set_grad_enabled)
from cyautograd import _ops
from cyautograd._ops import *  # noqa: F401,F403
from cyautograd._ops import (abs, all, any, max, min, pow, round, sum)  # noqa: F401,A004
from cyautograd.dtypes import bool, double, float, half, int, long  # noqa: F811,A004,E402
from cyautograd.creation import (arange, as_tensor, empty, empty_like, eye,  # noqa: F401
                                 from_numpy, full, full_like, initial_seed, is_tensor,
                                 linspace, manual_seed, ones, ones_like, rand, rand_like,
                                 randint, randn, randn_like, randperm, tensor, zeros,
                                 zeros_like)
from cyautograd.creation import randint_like  # noqa: F401,E402
from cyautograd import autograd, distributed, func, linalg, nn, optim  # noqa: F401,E402
from cyautograd.func import vmap  # noqa: F401,E402  (torch.vmap is torch.func.vmap)
from cyautograd import random, return_types, testing, accelerator  # noqa: F401,E402
from cyautograd._legacy import (BoolTensor, ByteTensor, CharTensor, DoubleTensor,  # noqa: F401,E402
                                 FloatTensor, HalfTensor, IntTensor, LongTensor, ShortTensor)
from cyautograd.random import (Generator, bernoulli, default_generator, get_rng_state,  # noqa: F401,E402
                               multinomial, normal, poisson, seed, set_rng_state)
from cyautograd._numeric import finfo, iinfo  # noqa: F401,E402
from cyautograd._tensor_str import set_printoptions  # noqa: F401,E402
from cyautograd.serialization import load, save  # noqa: F401,E402
from cyautograd import serialization  # noqa: F401,E402
import math as _math  # noqa: E402

inf = _math.inf
nan = _math.nan
pi = _math.pi
e = _math.e
newaxis = None
from cyautograd.utils import data as _utils_data  # noqa: F401,E402  (torch.utils.data after import)
import sys as _sys
_tensor_mod = _sys.modules["cyautograd.tensor"]
from cyautograd.ops import _common as _common_mod

__version__ = "0.1.0"

_tensor_mod._set_ops(_ops)
_tensor_mod._set_functorch_depth_fn(_sys.modules["cyautograd.engine"]._functorch_depth_now)
_common_mod._set_ops(_ops)
# every functional op is also a Tensor method (x.isnan(), x.index_put(...)),
# as torch's method table; the hot ones are defined on Tensor directly
# Functional names that are not Tensor methods in torch (internal helpers and
# functions only torch.* has), kept off the Tensor type.
_NOT_METHODS = frozenset((
    "array_module", "device_of", "getitem", "setitem", "numpy_T", "variable_data", "set_data", "cat", "concat",
    "stack", "linear", "rsub", "zeros_like", "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes",
    "broadcast_tensors", "cdist", "column_stack", "dstack", "einsum", "hstack", "meshgrid", "row_stack",
    "std_mean", "var_mean", "vstack"))
from cyautograd.ops import extra2 as _extra2  # noqa: E402
_NOT_METHODS = _NOT_METHODS | _extra2.FUNCTION_ONLY
# Tensor.where's self is the input (torch.where(condition, self, y)), not the condition
_tensor_mod._register_methods({"where": _ops._where_method})
_tensor_mod._register_methods({k: v for k, v in vars(_ops).items()
                               if callable(v) and not k.startswith("_") and not isinstance(v, type)
                               and k not in _NOT_METHODS})
# the random samplers and Tensor.new are methods only
from cyautograd import random as _random  # noqa: E402
_tensor_mod._register_methods({k: getattr(_random, k) for k in (
    "uniform_", "normal_", "bernoulli_", "random_", "exponential_", "geometric_", "cauchy_", "log_normal_",
    "bernoulli", "multinomial")})
from cyautograd.ops.extra import _new  # noqa: E402
# torch.ops.aten.<op>.<overload> (NOTE [ Op identity ] in ops/aten.py); the
# classes as torch._ops has them, set after the Tensor method table is built
from cyautograd.ops import aten as _aten  # noqa: E402
_ops.OpOverload = _aten.OpOverload
_ops.OpOverloadPacket = _aten.OpOverloadPacket
_tensor_mod._register_methods({"new": _new})
# the in-place forms and Tensor-only methods of ops/extra2.py (fmod_, put_, fill_diagonal_, ...)
_tensor_mod._register_methods(_extra2.METHODS)
# the Tensor-only methods and in-place aliases of ops/tensor_methods.py (bitwise_and_, cumsum_, conj, ...)
from cyautograd.ops import tensor_methods as _tensor_methods  # noqa: E402
_tensor_mod._register_methods(_tensor_methods.METHODS)
_tensor_mod._register_method_override("addbmm_", _tensor_methods.addbmm_)   # NOTE [ addbmm_ resizes self ]
from cyautograd import special  # noqa: F401,E402
from cyautograd import distributions  # noqa: F401,E402
from cyautograd import _C  # noqa: F401,E402  (torch._C's autograd names)
from cyautograd import profiler  # noqa: F401,E402


from cyautograd.graph import is_anomaly_check_nan_enabled, is_anomaly_enabled  # noqa: F401,E402


_warn_always = [False]


def set_warn_always(b):
    """When True, warnings that torch issues once per process are issued
    every time (a flag read by code that warns once)."""
    if type(b) is not _builtins.bool:
        raise RuntimeError(f"setWarnOnlyOnce expects a bool, but got {type(b).__name__}")
    _warn_always[0] = b


def is_warn_always_enabled():
    """Whether set_warn_always(True) is in effect."""
    return _warn_always[0]


def is_inference(input):
    """Whether ``input`` is an inference tensor (made under inference_mode)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"is_inference(): argument 'input' (position 1) must be Tensor, "
                        f"not {type(input).__name__}")
    return input.is_inference()


def result_type(tensor1, tensor2):
    return _dtypes.result_type(tensor1, tensor2)


def is_floating_point(input):
    if not isinstance(input, Tensor):
        raise TypeError(f"is_floating_point(): argument 'input' (position 1) must be Tensor, "
                        f"not {type(input).__name__}")
    return input.is_floating_point()


def split(tensor, split_size_or_sections, dim=0):
    # torch.split is Python over the method: what is not a Tensor fails (or
    # not) as its own ``split`` attribute does (an AttributeError for None)
    return tensor.split(split_size_or_sections, dim)


def get_include():
    """The folders a downstream extension's ``include_dirs`` needs: this
    package's C headers (``cyautograd/*.h``, including the generated
    ``cyautograd/capi_api.h``) and numpy's; nothing else. Returns a list; see
    docs/embedding.md."""
    import numpy
    inside = _os.path.join(_here, "include")   # installed: cyautograd/include/cyautograd/*.h
    headers = inside if _os.path.isdir(_os.path.join(inside, "cyautograd")) else \
        _os.path.join(_os.path.dirname(_here), "include")   # built in place: <checkout>/include
    return [headers, numpy.get_include()]


from cyautograd import cuda  # noqa: E402,F401
# NOTE [ torch.cpu is a module ] (cyautograd/cpu/__init__.py): the attribute is the package,
# replacing the function the star import of _ops brought in (Tensor.cpu stays the method)
import importlib as _importlib  # noqa: E402
cpu = _importlib.import_module("cyautograd.cpu")
del _importlib
from cyautograd.utils.dlpack import from_dlpack  # noqa: E402,F401


def is_complex(input):
    """Whether input's dtype is complex (never, for this library's dtypes)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"is_complex(): argument 'input' (position 1) must be Tensor, "
                        f"not {type(input).__name__}")
    return False


def numel(input):
    if not isinstance(input, Tensor):
        raise TypeError(f"numel(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    return input.numel()


def set_default_device(device):
    """Record the default device (torch.set_default_device); as in torch's CPU
    build, a cuda default is accepted here and fails where a factory uses it."""
    from cyautograd import creation as _creation
    if device is None:
        _creation._DEFAULT_DEVICE[0] = None
        return
    d = device if isinstance(device, globals()["device"]) else globals()["device"](device)
    _creation._DEFAULT_DEVICE[0] = None if d.type == "cpu" else d


def get_default_device():
    from cyautograd import creation as _creation
    d = _creation._DEFAULT_DEVICE[0]
    if d is None:
        return globals()["device"]("cpu")
    if d.index is None:   # as torch: the index of a tensor made there (raises without a GPU)
        return tensor([]).device
    return d


_num_threads = [_os.cpu_count() or 1]


def set_num_threads(num):
    """The number of threads for intra-op work (recorded; numpy's BLAS reads
    its own setting: threadpoolctl is used when installed)."""
    num = _thread_count(num, "set_num_threads")
    _num_threads[0] = num
    try:
        import threadpoolctl
        threadpoolctl.threadpool_limits(num)
    except ImportError:
        pass


def get_num_threads():
    return _num_threads[0]


def _thread_count(num, fname):
    """torch's checks of a thread count, in its order and words: an int (not
    a bool), a C int, positive."""
    import numpy
    if isinstance(num, _builtins.bool) or not isinstance(num, (_builtins.int, numpy.integer)):
        raise RuntimeError(f"{fname} expects an int, but got {type(num).__name__}")
    num = _builtins.int(num)
    if not -(1 << 63) <= num < (1 << 63):
        raise ValueError("Overflow when unpacking long long")
    if not -(1 << 31) <= num < (1 << 31):
        raise ValueError("Overflow when unpacking long")
    if num <= 0:
        raise RuntimeError(f"{fname} expects a positive integer")
    return num


_interop_set = [False]


def set_num_interop_threads(num):
    """Record the inter-op thread count; as torch, only once per process."""
    num = _thread_count(num, "set_num_interop_threads")
    if _interop_set[0]:
        raise RuntimeError("Error: cannot set number of interop threads after parallel work has started or "
                           "set_num_interop_threads called")
    _interop_set[0] = True
    _num_threads.append(num)


def get_num_interop_threads():
    return _num_threads[-1]


def typename(obj):
    """The type of obj as a string: a tensor's legacy type name
    (``"torch.FloatTensor"``), otherwise the qualified class name.

    >>> torch.typename(torch.ones(2))
    """
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    qualname = ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    if module in {"", "builtins"}:
        return qualname
    return f"{module}.{qualname}"


def is_storage(obj):
    """Whether obj is a storage (``untyped_storage()`` or ``storage()``).

    >>> torch.is_storage(torch.ones(2).untyped_storage())
    """
    from cyautograd.storage import TypedStorage, UntypedStorage
    return type(obj) in (TypedStorage, UntypedStorage)


from cyautograd._flags import (are_deterministic_algorithms_enabled,  # noqa: E402,F401
                               get_deterministic_debug_mode, get_float32_matmul_precision,
                               is_deterministic_algorithms_warn_only_enabled, set_default_tensor_type,
                               set_deterministic_debug_mode, set_float32_matmul_precision,
                               use_deterministic_algorithms)
from cyautograd import amp, backends, compiler, version  # noqa: E402,F401
from cyautograd.compiler import compile  # noqa: E402,F401,A004
from cyautograd.amp import autocast  # noqa: E402,F401
from cyautograd.amp.autocast_mode import is_autocast_enabled  # noqa: E402,F401

# torch.utils.checkpoint is there after `import torch`
from cyautograd.utils import checkpoint as _utils_checkpoint  # noqa: E402,F401
del _utils_checkpoint

# docstrings from the tables beside the code (NOTE [ Where docstrings live ] in _docs.py)
from cyautograd import _docs as _docs_mod  # noqa: E402
_docs_mod.attach()
del _docs_mod

# issue 15's audit: the in-place aliases, conj_physical and top-level names it found missing (after the
# docstring tables: the out= wrappers copy the docstrings they wrap)
from cyautograd import _names15 as _names15_mod  # noqa: E402
_names15_mod.install(_sys.modules[__name__])
del _names15_mod

# session 28's audit: torch's top-level functions that were missing (NOTE [ Top-level aliases of
# functionals ] in _names28.py)
from cyautograd import _names28 as _names28_mod  # noqa: E402
_names28_mod.install(_sys.modules[__name__])
del _names28_mod

# torch's argument-parser errors on the failure path of the public callables
# (NOTE [ Parser replay on the error path ] in _arg_parser.py)
from cyautograd import _arg_parser as _arg_parser_mod  # noqa: E402
_arg_parser_mod.install()
del _arg_parser_mod

# the methods torch writes in Python, with their unbound-call and arity errors
# (NOTE [ Tensor methods torch writes in Python ] in _python_methods.py)
from cyautograd import _python_methods as _python_methods_mod  # noqa: E402
_python_methods_mod.install()
del _python_methods_mod
# Tensor._view_func(_unsafe), _is_zerotensor (_private_methods.py)
from cyautograd import _private_methods as _private_methods_mod  # noqa: E402
_private_methods_mod.install()
del _private_methods_mod
