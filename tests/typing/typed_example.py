"""A small program written against cyautograd's stubs; tests/test_stubs.py
runs `mypy --strict` on it (and runs it). Every annotation here must hold."""
from typing import Any

import cyautograd as torch
from cyautograd import Tensor, nn, optim


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x: Tensor) -> Tensor:
        out: Tensor = self.fc(x)
        return out.relu()


def loss_of(pred: Tensor, target: Tensor) -> Tensor:
    return ((pred - target) ** 2).mean()


def train(steps: int) -> float:
    torch.manual_seed(0)
    net = Net()
    opt = optim.SGD(net.parameters(), lr=0.1)
    x = torch.randn(8, 3)
    y = torch.zeros(8, 1)
    loss = loss_of(net(x), y)
    for _ in range(steps):
        opt.zero_grad()
        loss = loss_of(net(x), y)
        loss.backward()
        opt.step()
    value: Any = loss.item()
    return float(value)


def grads() -> tuple[Tensor, ...]:
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = torch.ones(3, dtype=torch.float64)
    with torch.no_grad():
        c = a * 2
    assert not c.requires_grad
    y: Tensor = (a * a).sum() + a.exp().sum()
    g = torch.autograd.grad(y, (a,))
    shape: torch.Size = g[0].shape
    n: int = shape[0] + a.dim() + a.numel()
    version: int = a._version
    dt: torch.dtype = b.dtype
    flag: bool = a.is_leaf and a.grad is None and dt == torch.float64
    assert flag and n == 7 and version == 0
    return g


if __name__ == "__main__":
    print(train(3), grads())
