"""Fit y = sin(x) on [-pi, pi] with a cubic a + b x + c x^2 + d x^3 by
gradient descent, with autograd computing the gradients (the classic first
autograd program). Runs unchanged on torch: replace the import."""
import math

import cyautograd as torch

dtype = torch.float64
x = torch.linspace(-math.pi, math.pi, 2000, dtype=dtype)
y = torch.sin(x)

# fixed starting values (not the random generator), so every run prints the same
a = torch.tensor(0.1, dtype=dtype, requires_grad=True)
b = torch.tensor(-0.2, dtype=dtype, requires_grad=True)
c = torch.tensor(0.05, dtype=dtype, requires_grad=True)
d = torch.tensor(0.01, dtype=dtype, requires_grad=True)

learning_rate = 1e-6
for t in range(1500):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum()
    if t % 250 == 249:
        print(f"step {t + 1:4d}  loss {loss.item():.6f}")
    loss.backward()
    with torch.no_grad():
        for p in (a, b, c, d):
            p -= learning_rate * p.grad
            p.grad = None

print(f"Result: y = {a.item():.5f} + {b.item():.5f} x + {c.item():.5f} x^2 + {d.item():.5f} x^3")
