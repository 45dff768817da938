"""RemovableHandle, as torch.utils.hooks."""
import weakref

_next_id = 0


class RemovableHandle:
    """A handle which provides the capability to remove a hook: ``remove()``
    deletes it from the dict it was registered in; used as a context
    manager, the hook is removed on exit."""

    def __init__(self, hooks_dict):
        global _next_id
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = _next_id
        _next_id += 1

    def remove(self):
        hooks_dict = self.hooks_dict_ref()
        if hooks_dict is not None and self.id in hooks_dict:
            del hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


def zero_grads(params, set_to_none=True):
    """Module.zero_grad and Optimizer.zero_grad: each gradient set to None, or
    detached from any graph and zeroed in place (torch's semantics).

    >>> w = torch.ones(2, requires_grad=True); w.sum().backward()
    >>> torch.utils.hooks.zero_grads([w]); w.grad is None
    """
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()
