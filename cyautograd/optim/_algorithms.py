"""SGD, Adam, AdamW, RMSprop and Adagrad, as torch.optim's single-tensor updates.
See NOTE [ Optimizer update arithmetic ] in optimizer.py."""
from cyautograd.optim.optimizer import (Optimizer, _addcdiv_, _addcmul_, _lerp_, _scalar_values,
                                        _use_grad, required)

__all__ = ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad"]


def _T():
    import cyautograd
    return cyautograd


def _zeros_like(p):
    return _T().zeros_like(p)


def _step_tensor():
    T = _T()
    return T.tensor(0.0, dtype=T.float32)


def _check(cond, msg):
    if not cond:
        raise ValueError(msg)


def _check_tensor_lr(lr):
    """torch's first check of a Tensor lr, before its value is compared (a
    Tensor of several elements has no truth value)."""
    from cyautograd.tensor import Tensor
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False,
                 *, maximize=False, foreach=None, differentiable=False, fused=None):
        _check_tensor_lr(lr)
        if lr < 0.0:       # (torch's SGD test: a NaN lr passes it)
            raise ValueError(f"Invalid learning rate: {lr}")
        _check(momentum >= 0.0, f"Invalid momentum value: {momentum}")
        _check(weight_decay >= 0.0, f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening,
                        weight_decay=weight_decay, nesterov=nesterov, maximize=maximize,
                        foreach=foreach, differentiable=differentiable, fused=fused)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("nesterov", False)
            group.setdefault("maximize", False)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr = group["lr"]
            momentum = group["momentum"]
            dampening = group["dampening"]
            wd = group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad if not group["maximize"] else -p.grad
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = grad.detach().clone()
                        state["momentum_buffer"] = buf
                    else:
                        buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                    if group["nesterov"]:
                        grad = grad.add(buf, alpha=momentum)
                    else:
                        grad = buf
                p.add_(grad, alpha=-lr)
        return loss


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        from cyautograd.tensor import Tensor
        if isinstance(lr, Tensor) and foreach and not capturable:
            raise ValueError("lr as a Tensor is not supported for capturable=False and foreach=True")
        _check_tensor_lr(lr)
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
        _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        maximize=maximize, foreach=foreach, capturable=capturable,
                        differentiable=differentiable, fused=fused,
                        decoupled_weight_decay=decoupled_weight_decay)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
            amsgrad = group["amsgrad"]
            params, states = [], []
            for p in group["params"]:
                if p.grad is None:
                    continue
                if p.grad.is_sparse if hasattr(p.grad, "is_sparse") else False:
                    raise RuntimeError("Adam does not support sparse gradients, please consider "
                                       "SparseAdam instead")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _step_tensor()
                    state["exp_avg"] = _zeros_like(p)
                    state["exp_avg_sq"] = _zeros_like(p)
                    if amsgrad:
                        state["max_exp_avg_sq"] = _zeros_like(p)
                params.append(p)
                states.append(state)
            # every step count first, then all read at once: a device step's
            # .item() is a synchronisation, one per group instead of per parameter
            step_ts = [state["step"] for state in states]
            for step_t in step_ts:
                step_t.add_(1)
            for p, state, step in zip(params, states, _scalar_values(step_ts)):
                grad = p.grad if not group["maximize"] else -p.grad
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                if wd != 0:
                    if group["decoupled_weight_decay"]:
                        p.mul_(1 - lr * wd)
                    else:
                        grad = grad.add(p, alpha=wd)
                _lerp_(exp_avg, grad, 1 - beta1)
                _addcmul_(exp_avg_sq.mul_(beta2), grad, grad, value=1 - beta2)
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                step_size = lr / bias_correction1
                bias_correction2_sqrt = bias_correction2 ** 0.5
                if amsgrad:
                    mx = state["max_exp_avg_sq"]
                    mx.copy_(mx.maximum(exp_avg_sq))
                    denom = (mx.sqrt() / bias_correction2_sqrt).add_(eps)
                else:
                    denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
                _addcdiv_(p, exp_avg, denom, value=-step_size)
        return loss


class AdamW(Adam):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False, foreach=None, capturable=False,
                 differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach,
                         maximize=maximize, capturable=capturable,
                         differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group["decoupled_weight_decay"] = True


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False):
        _check_tensor_lr(lr)
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= momentum, f"Invalid momentum value: {momentum}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        _check(0.0 <= alpha, f"Invalid alpha value: {alpha}")
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                        weight_decay=weight_decay, capturable=capturable, foreach=foreach,
                        maximize=maximize, differentiable=differentiable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, alpha, eps = group["lr"], group["alpha"], group["eps"]
            wd, momentum, centered = group["weight_decay"], group["momentum"], group["centered"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _step_tensor()
                    state["square_avg"] = _zeros_like(p)
                    if momentum > 0:
                        state["momentum_buffer"] = _zeros_like(p)
                    if centered:
                        state["grad_avg"] = _zeros_like(p)
                grad = p.grad if not group["maximize"] else -p.grad
                square_avg = state["square_avg"]
                state["step"].add_(1)
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                _addcmul_(square_avg.mul_(alpha), grad, grad, value=1 - alpha)
                if centered:
                    grad_avg = state["grad_avg"]
                    _lerp_(grad_avg, grad, 1 - alpha)
                    avg = _addcmul_(square_avg.clone(), grad_avg, grad_avg, value=-1).sqrt_()
                else:
                    avg = square_avg.sqrt()
                avg = avg.add_(eps)
                if momentum > 0:
                    buf = state["momentum_buffer"]
                    _addcdiv_(buf.mul_(momentum), grad, avg)
                    p.add_(buf, alpha=-lr)
                else:
                    _addcdiv_(p, grad, avg, value=-lr)
        return loss


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
                 eps=1e-10, foreach=None, *, maximize=False, differentiable=False, fused=None):
        _check_tensor_lr(lr)
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= lr_decay, f"Invalid lr_decay value: {lr_decay}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        _check(0.0 <= initial_accumulator_value,
               f"Invalid initial_accumulator_value value: {initial_accumulator_value}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)
        T = _T()
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = _step_tensor()
                state["sum"] = T.full_like(p, initial_accumulator_value)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, lr_decay, wd, eps = group["lr"], group["lr_decay"], group["weight_decay"], \
                group["eps"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                step_t = state["step"]
                step_t.add_(1)
                step = step_t.item()
                grad = p.grad if not group["maximize"] else -p.grad
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                clr = lr / (1 + (step - 1) * lr_decay)
                state_sum = state["sum"]
                _addcmul_(state_sum, grad, grad, value=1)
                std = state_sum.sqrt().add_(eps)
                _addcdiv_(p, grad, std, value=-clr)
        return loss

