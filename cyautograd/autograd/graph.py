"""cyautograd.autograd.graph, shaped like torch.autograd.graph: the Node
base class and saved-tensor hooks (NOTE [ Saved tensor hooks ] in
saved_variable.pyx)."""
from cyautograd.graph import Node  # noqa: F401
from cyautograd.saved_variable import (_pop_saved_tensors_hooks, _push_saved_tensors_hooks,
                                       _set_hooks_disabled)


class saved_tensors_hooks:
    """Context manager: every tensor saved for backward inside it goes
    through pack_hook(tensor) -> object, and comes back through
    unpack_hook(object) -> tensor when it is needed."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *args):
        _pop_saved_tensors_hooks()


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors are kept on the CPU and moved back to their device
    when unpacked (on the CPU this keeps them as they are)."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return (tensor.device, tensor.cpu())

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


class disable_saved_tensors_hooks:
    """Context manager in which registering saved-tensor hooks raises
    RuntimeError(error_message)."""

    def __init__(self, error_message):
        self.error_message = error_message

    def __enter__(self):
        self.prev = _set_hooks_disabled(self.error_message)

    def __exit__(self, *args):
        _set_hooks_disabled(self.prev)
