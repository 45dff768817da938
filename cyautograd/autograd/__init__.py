"""cyautograd.autograd, shaped like torch.autograd."""
import cyautograd as torch  # noqa: F401  (torch/autograd/__init__.py imports torch: torch.autograd.torch is torch)
from cyautograd.engine import backward, grad  # noqa: F401
from cyautograd.autograd import anomaly_mode, forward_ad, function, functional, graph, profiler  # noqa: F401
from cyautograd.autograd.anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from cyautograd.function import Function, once_differentiable  # noqa: F401
from cyautograd.graph import Node  # noqa: F401
from cyautograd.grad_mode import (enable_grad, inference_mode, no_grad,  # noqa: F401
                                  set_grad_enabled)
# as in torch, the function shadows its submodule's name in this package
# (``cyautograd.autograd.gradcheck`` is the function; the module stays in
# sys.modules for ``from cyautograd.autograd.gradcheck import GradcheckError``)
from cyautograd.autograd.gradcheck import gradcheck, gradgradcheck  # noqa: F401,E402

from cyautograd.autograd.graph import Variable  # noqa: F401,E402
from cyautograd.engine import _is_checkpoint_valid  # noqa: F401,E402
# torch.autograd.SavedTensor (torch._C._autograd.SavedTensor): the type of
# grad_fn._raw_saved_* and ctx-saved tensors; not constructible from Python
from cyautograd.saved_variable import SavedVariable as SavedTensor  # noqa: F401,E402


class set_multithreading_enabled:
    """Context manager (or plain call) turning multithreaded backward on or
    off. cyautograd's engine always runs a backward on the calling thread, so
    this records the setting (for code that saves and restores it) and
    changes nothing else."""

    _enabled = True

    def __init__(self, mode):
        if type(mode) is not bool:   # torch._C._set_multithreading_enabled's parser takes a bool only
            from cyautograd._arg_parser import tp_name
            raise TypeError(f"set_multithreading_enabled(): argument 'enabled' (position 1) must be bool, "
                            f"not {tp_name(mode)}")
        self.prev = set_multithreading_enabled._enabled
        set_multithreading_enabled._enabled = bool(mode)
        self.mode = bool(mode)

    def __enter__(self):
        return None

    def __exit__(self, *args):
        set_multithreading_enabled._enabled = self.prev

    def clone(self):
        return self.__class__(self.mode)


def is_multithreading_enabled():
    """Whether multithreaded backward is on (set_multithreading_enabled)."""
    return set_multithreading_enabled._enabled


def variable(*args, **kwargs):
    """The pre-0.4 constructor, refused as torch refuses it: use
    ``cyautograd.tensor(...)``."""
    raise RuntimeError("torch.autograd.variable(...) is deprecated, use torch.tensor(...) instead")


def _calculate_shape(output, grad, is_grads_batched):
    """(output's shape, grad's shape) as torch's grad-shape messages print
    them: the grad's without its batch dimension when ``is_grads_batched``; a
    GradientEdge output's from its node's input metadata."""
    from cyautograd.autograd.graph import GradientEdge
    from cyautograd.tensor import Size
    if isinstance(output, GradientEdge):
        if is_grads_batched:
            raise RuntimeError("Batched grads are not supported with GradientEdge")
        return Size(output.node._input_metadata[output.output_nr].shape), grad.shape
    return output.shape, (grad.shape[1:] if is_grads_batched else grad.shape)


def kineto_available():
    """False: cyautograd's profiler has no Kineto tracer (NOTE in
    cyautograd/profiler)."""
    return False


from cyautograd.autograd import grad_mode  # noqa: F401,E402
from cyautograd.autograd.grad_mode import enforce_grad_layout_policy, _force_original_view_tracking  # noqa: F401,E402
from cyautograd.autograd.grad_mode import _unsafe_preserve_version_counter  # noqa: F401,E402
# torch.autograd.is_view_replay_enabled is torch._C._is_view_replay_enabled
from cyautograd._C import _is_view_replay_enabled as is_view_replay_enabled  # noqa: F401,E402

__all__ = ["backward", "grad", "Function", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "gradcheck", "gradgradcheck", "functional", "graph", "Variable",
           "set_multithreading_enabled", "enforce_grad_layout_policy"]
