"""A custom autograd Function (the Legendre polynomial P3 of PyTorch's
tutorial), checked with gradcheck and gradgradcheck, then used to fit sin(x).
Runs unchanged on torch: replace the import."""
import math

import cyautograd as torch


class LegendrePolynomial3(torch.autograd.Function):
    """P3(x) = (5x^3 - 3x) / 2, with its derivative written by hand."""

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


x64 = torch.linspace(-1, 1, 7, dtype=torch.float64, requires_grad=True)
print("gradcheck:", torch.autograd.gradcheck(LegendrePolynomial3.apply, (x64,)))
print("gradgradcheck:", torch.autograd.gradgradcheck(LegendrePolynomial3.apply, (x64,)))
y = LegendrePolynomial3.apply(x64)
print("grad_fn:", type(y.grad_fn).__name__)

dtype = torch.float64
x = torch.linspace(-math.pi, math.pi, 2000, dtype=dtype)
target = torch.sin(x)
a = torch.full((), 0.0, dtype=dtype, requires_grad=True)
b = torch.full((), -1.0, dtype=dtype, requires_grad=True)
c = torch.full((), 0.0, dtype=dtype, requires_grad=True)
d = torch.full((), 0.3, dtype=dtype, requires_grad=True)
lr = 5e-6
for t in range(1000):
    y_pred = a + b * LegendrePolynomial3.apply(c + d * x)
    loss = (y_pred - target).pow(2).sum()
    if t % 200 == 199:
        print(f"step {t + 1:4d}  loss {loss.item():.6f}")
    loss.backward()
    with torch.no_grad():
        for p in (a, b, c, d):
            p -= lr * p.grad
            p.grad = None
print(f"Result: y = {a.item():.5f} + {b.item():.5f} * P3({c.item():.5f} + {d.item():.5f} x)")
