"""cyautograd.autograd.grad_mode, shaped like torch.autograd.grad_mode: the
grad-mode context managers under their torch module path (the classes live
in cyautograd.grad_mode and cyautograd.autograd)."""
from cyautograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from cyautograd.autograd import set_multithreading_enabled  # noqa: F401

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode", "set_multithreading_enabled"]
