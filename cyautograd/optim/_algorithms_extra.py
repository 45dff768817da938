"""Adamax, NAdam, RAdam, Adadelta, ASGD and Rprop, as torch.optim's single-tensor
(CPU, non-foreach) updates.  See NOTE [ Optimizer update arithmetic ] in optimizer.py:
the per-parameter scalar state (``step``, NAdam's ``mu_product``, ASGD's ``eta``/``mu``)
lives in 0-d float32 tensors as in torch, so the doubles read back from it carry
torch's float32 rounding."""
from cyautograd.optim.optimizer import Optimizer, _addcdiv_, _addcmul_, _lerp_, _use_grad
from cyautograd.tensor import Tensor

__all__ = ["Adamax", "NAdam", "RAdam", "Adadelta", "ASGD", "Rprop"]


def _T():
    import cyautograd
    return cyautograd


def _scalar(value):
    T = _T()
    return T.tensor(float(value), dtype=T.float32)


def _zeros_like(p):
    return _T().zeros_like(p)


def _check(cond, msg):
    if not cond:
        raise ValueError(msg)


def _check_lr(lr):
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")
    _check(0.0 <= lr, f"Invalid learning rate: {lr}")


def _check_betas(betas):
    _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
    _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")


def _lr(group):
    lr = group["lr"]
    return lr.item() if isinstance(lr, Tensor) else lr


def _no_sparse(p, name):
    if getattr(p.grad, "is_sparse", False):
        raise RuntimeError(f"{name} does not support sparse gradients")


def _grad(p, group):
    return p.grad if not group["maximize"] else -p.grad


class _Defaults(Optimizer):
    """Fills the flags torch's __setstate__ defaults in (old pickles lack them)."""
    _flag_defaults = (("foreach", None), ("maximize", False), ("differentiable", False),
                      ("capturable", False))

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for k, v in self._flag_defaults:
                group.setdefault(k, v)
            for p in group["params"]:
                p_state = self.state.get(p, [])
                for key in self._scalar_state:
                    if len(p_state) != 0 and not isinstance(p_state[key], Tensor):
                        p_state[key] = _scalar(p_state[key])

    _scalar_state = ("step",)


class Adamax(_Defaults):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False, capturable=False):
        _check_lr(lr)
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check_betas(betas)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize, differentiable=differentiable,
                        capturable=capturable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            eps, wd, lr = group["eps"], group["weight_decay"], _lr(group)
            for p in group["params"]:
                if p.grad is None:
                    continue
                _no_sparse(p, "Adamax")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _scalar(0.0)
                    state["exp_avg"] = _zeros_like(p)
                    state["exp_inf"] = _zeros_like(p)
                grad = _grad(p, group)
                exp_avg, exp_inf, step_t = state["exp_avg"], state["exp_inf"], state["step"]
                step_t.add_(1)
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                _lerp_(exp_avg, grad, 1 - beta1)
                exp_inf.copy_(exp_inf.mul_(beta2).maximum(grad.abs().add_(eps)))
                clr = lr / (1 - beta1 ** step_t.item())
                _addcdiv_(p, exp_avg, exp_inf, value=-clr)
        return loss


class NAdam(_Defaults):
    _flag_defaults = _Defaults._flag_defaults + (("decoupled_weight_decay", False),)
    _scalar_state = ("step", "mu_product")

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 momentum_decay=4e-3, decoupled_weight_decay=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False):
        _check_lr(lr)
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check_betas(betas)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        _check(0.0 <= momentum_decay, f"Invalid momentum_decay value: {momentum_decay}")
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                        momentum_decay=momentum_decay,
                        decoupled_weight_decay=decoupled_weight_decay, maximize=maximize,
                        foreach=foreach, capturable=capturable, differentiable=differentiable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            eps, wd, lr = group["eps"], group["weight_decay"], _lr(group)
            momentum_decay = group["momentum_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                _no_sparse(p, "NAdam")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _scalar(0.0)
                    state["mu_product"] = _scalar(1.0)
                    state["exp_avg"] = _zeros_like(p)
                    state["exp_avg_sq"] = _zeros_like(p)
                grad = _grad(p, group)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                mu_product, step_t = state["mu_product"], state["step"]
                step_t.add_(1)
                step = step_t.item()
                bias_correction2 = 1 - beta2 ** step
                if wd != 0:
                    if group["decoupled_weight_decay"]:
                        p.mul_(1 - lr * wd)
                    else:
                        grad = grad.add(p, alpha=wd)
                mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
                mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
                mu_product.mul_(mu)
                _lerp_(exp_avg, grad, 1 - beta1)
                _addcmul_(exp_avg_sq.mul_(beta2), grad, grad, value=1 - beta2)
                denom = exp_avg_sq.div(bias_correction2).sqrt()
                mu_product_value = mu_product.item()
                mu_product_next = mu_product_value * mu_next
                denom.add_(eps)
                _addcdiv_(p, grad, denom, value=-lr * (1.0 - mu) / (1.0 - mu_product_value))
                _addcdiv_(p, exp_avg, denom, value=(-lr * mu_next) / (1.0 - mu_product_next))
        return loss


class RAdam(_Defaults):
    _flag_defaults = _Defaults._flag_defaults + (("decoupled_weight_decay", False),)

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False,
                 capturable=False, differentiable=False):
        _check_lr(lr)
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check_betas(betas)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                        maximize=maximize, foreach=foreach, capturable=capturable,
                        decoupled_weight_decay=decoupled_weight_decay,
                        differentiable=differentiable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            eps, wd, lr = group["eps"], group["weight_decay"], _lr(group)
            for p in group["params"]:
                if p.grad is None:
                    continue
                _no_sparse(p, "RAdam")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _scalar(0.0)
                    state["exp_avg"] = _zeros_like(p)
                    state["exp_avg_sq"] = _zeros_like(p)
                grad = _grad(p, group)
                exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], \
                    state["step"]
                step_t.add_(1)
                step = step_t.item()
                if wd != 0:
                    if group["decoupled_weight_decay"]:
                        p.mul_(1 - lr * wd)
                    else:
                        grad = grad.add(p, alpha=wd)
                _lerp_(exp_avg, grad, 1 - beta1)
                _addcmul_(exp_avg_sq.mul_(beta2), grad, grad, value=1 - beta2)
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                bias_corrected_exp_avg = exp_avg / bias_correction1
                rho_inf = 2 / (1 - beta2) - 1
                rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
                if rho_t > 5.0:
                    rect = ((rho_t - 4) * (rho_t - 2) * rho_inf
                            / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
                    adaptive_lr = (bias_correction2 ** 0.5) / exp_avg_sq.sqrt().add_(eps)
                    p.add_(bias_corrected_exp_avg * lr * adaptive_lr * rect, alpha=-1.0)
                else:
                    p.add_(bias_corrected_exp_avg * lr, alpha=-1.0)
        return loss


class Adadelta(_Defaults):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                 capturable=False, maximize=False, differentiable=False):
        _check_lr(lr)
        _check(0.0 <= rho <= 1.0, f"Invalid rho value: {rho}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
                        capturable=capturable, foreach=foreach, differentiable=differentiable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            rho, eps, wd, lr = group["rho"], group["eps"], group["weight_decay"], _lr(group)
            for p in group["params"]:
                if p.grad is None:
                    continue
                _no_sparse(p, "Adadelta")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _scalar(0.0)
                    state["square_avg"] = _zeros_like(p)
                    state["acc_delta"] = _zeros_like(p)
                square_avg, acc_delta = state["square_avg"], state["acc_delta"]
                state["step"].add_(1)
                grad = _grad(p, group)
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                _addcmul_(square_avg.mul_(rho), grad, grad, value=1 - rho)
                std = square_avg.add(eps).sqrt_()
                delta = acc_delta.add(eps).sqrt_()
                delta.div_(std).mul_(grad)
                _addcmul_(acc_delta.mul_(rho), delta, delta, value=1 - rho)
                p.add_(delta, alpha=-lr)
        return loss


class ASGD(_Defaults):
    _scalar_state = ("step", "eta", "mu")

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0,
                 foreach=None, maximize=False, differentiable=False, capturable=False):
        _check_lr(lr)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay,
                        foreach=foreach, maximize=maximize, differentiable=differentiable,
                        capturable=capturable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lambd, alpha, t0 = group["lambd"], group["alpha"], group["t0"]
            wd, lr = group["weight_decay"], _lr(group)
            for p in group["params"]:
                if p.grad is None:
                    continue
                _no_sparse(p, "ASGD")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _scalar(0.0)
                    state["eta"] = _scalar(lr)
                    state["mu"] = _scalar(1.0)
                    state["ax"] = _zeros_like(p)
                grad = _grad(p, group)
                mu, ax, eta, step_t = state["mu"], state["ax"], state["eta"], state["step"]
                step_t.add_(1)
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                eta_value = eta.item()
                p.mul_(1 - lambd * eta_value)
                p.add_(grad, alpha=-eta_value)
                if mu.item() != 1:
                    ax.add_(p.sub(ax).mul_(mu))
                else:
                    ax.copy_(p)
                step = step_t.item()
                eta.fill_(lr / ((1 + lambd * lr * step) ** alpha))
                mu.fill_(1 / max(1, step - t0))
        return loss


class Rprop(_Defaults):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        _check_lr(lr)
        _check(0.0 < etas[0] < 1.0 < etas[1], f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, capturable=capturable)
        super().__init__(params, defaults)

    @_use_grad
    def step(self, closure=None):
        T = _T()
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            etaminus, etaplus = group["etas"]
            step_size_min, step_size_max = group["step_sizes"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                _no_sparse(p, "Rprop")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _scalar(0.0)
                    state["prev"] = _zeros_like(p)
                    state["step_size"] = T.full_like(p.grad, _lr(group))
                grad = _grad(p, group)
                prev, step_size = state["prev"], state["step_size"]
                state["step"].add_(1)
                sign = grad.mul(prev).sign()
                sign[sign.gt(0)] = etaplus
                sign[sign.lt(0)] = etaminus
                sign[sign.eq(0)] = 1
                step_size.mul_(sign).clamp_(step_size_min, step_size_max)
                grad = grad.clone()
                grad[sign.eq(etaminus)] = 0
                _addcmul_(p, grad.sign(), step_size, value=-1)
                prev.copy_(grad)
        return loss
