"""cyautograd.autograd, shaped like torch.autograd."""
from cyautograd.engine import backward, grad  # noqa: F401
from cyautograd.autograd import anomaly_mode, function, functional, graph  # noqa: F401
from cyautograd.autograd.anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from cyautograd.function import Function, once_differentiable  # noqa: F401
from cyautograd.graph import Node  # noqa: F401
from cyautograd.grad_mode import (enable_grad, inference_mode, no_grad,  # noqa: F401
                                  set_grad_enabled)
# as in torch, the function shadows its submodule's name in this package
# (``cyautograd.autograd.gradcheck`` is the function; the module stays in
# sys.modules for ``from cyautograd.autograd.gradcheck import GradcheckError``)
from cyautograd.autograd.gradcheck import gradcheck, gradgradcheck  # noqa: F401,E402

__all__ = ["backward", "grad", "Function", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "gradcheck", "gradgradcheck", "functional", "graph"]
