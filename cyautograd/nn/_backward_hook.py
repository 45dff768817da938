"""Module full backward hooks, as torch.utils.hooks.BackwardHook.

NOTE [ Full backward hooks ]
A module with full backward hooks has its tensor inputs and its tensor
outputs passed through an identity autograd Function
(``BackwardHookFunction``, whose node is ``BackwardHookFunctionBackward`` as
in torch).  The output node's backward sees the gradients w.r.t. the
module's outputs and keeps them; the input node's backward sees the
gradients w.r.t. the module's inputs and calls the hooks with
``(module, grad_input, grad_output)``, letting them replace grad_input.
When no input requires grad the hooks run from the output node with
``grad_input`` all None, as torch. The hooks run once per pass through the
output node: a backward with retain_graph runs them again, while a gradient
that reaches the input node without passing the output node (double
backward) runs none.  Both tuples have one entry per
positional argument / output, None where that entry is not a tensor.
"""
from cyautograd.function import Function
from cyautograd.grad_mode import is_grad_enabled
from cyautograd.tensor import Tensor


class BackwardHookFunction(Function):
    @staticmethod
    def forward(ctx, hook, is_input, *args):
        ctx.hook = hook
        ctx.is_input = is_input
        ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *grads):
        # the node keeps its hook: a retain_graph backward runs it again, and
        # double backward reaches the input node again (NOTE [ Full backward
        # hooks ]: _on_input_grads then sees no grad_outputs)
        hook = ctx.hook
        if ctx.is_input:
            grads = hook._on_input_grads(grads)
        else:
            hook._on_output_grads(grads)
        return (None, None) + tuple(grads)


class BackwardHook:
    def __init__(self, module, user_hooks):
        self.module = module
        self.user_hooks = user_hooks
        self.grad_outputs = None
        self.n_inputs = 0
        self.input_index = []
        self.n_outputs = 0
        self.output_index = []
        self.inputs_hooked = False

    @staticmethod
    def _pack(indices, values, n):
        res = [None] * n
        for i, v in zip(indices, values):
            res[i] = v
        return tuple(res)

    def _apply(self, args, is_input):
        is_tuple = isinstance(args, tuple)
        items = args if is_tuple else (args,)
        index = [i for i, a in enumerate(items) if isinstance(a, Tensor)]
        if not index or not is_grad_enabled() or not any(items[i].requires_grad for i in index):
            return args, index, len(items), False
        new = BackwardHookFunction.apply(self, is_input, *[items[i] for i in index])
        if not isinstance(new, tuple):
            new = (new,)
        out = list(items)
        for i, t in zip(index, new):
            out[i] = t
        return (tuple(out) if is_tuple else out[0]), index, len(items), True

    def setup_input_hook(self, args):
        args, self.input_index, self.n_inputs, self.inputs_hooked = self._apply(args, True)
        return args

    def setup_output_hook(self, result):
        result, self.output_index, self.n_outputs, _ = self._apply(result, False)
        return result

    def _call_hooks(self, grad_input):
        grad_output = self.grad_outputs
        for hook in self.user_hooks:
            res = hook(self.module, grad_input, grad_output)
            if res is None:
                continue
            if not isinstance(res, tuple):
                res = (res,)
            if len(res) != len(grad_input):
                raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                   f"got {len(res)}, but expected {len(grad_input)}")
            grad_input = res
        return grad_input

    def _on_output_grads(self, grads):
        self.grad_outputs = self._pack(self.output_index, grads, self.n_outputs)
        if not self.inputs_hooked:
            import warnings
            warnings.warn("Full backward hook is firing when gradients are computed with respect "
                          "to module outputs since no inputs require gradients. See "
                          "https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html"
                          "#torch.nn.Module.register_full_backward_hook for more details.",
                          stacklevel=5)
            self._call_hooks((None,) * self.n_inputs)
            self.grad_outputs = None

    def _on_input_grads(self, grads):
        if self.grad_outputs is None:
            # the gradient reached the module's inputs without passing its
            # outputs (double backward through the input node, as torch's
            # BackwardHook): no hook call, the gradients go on unchanged
            return grads
        grad_input = self._pack(self.input_index, grads, self.n_inputs)
        grad_input = self._call_hooks(grad_input)
        self.grad_outputs = None
        return tuple(grad_input[i] for i in self.input_index)
