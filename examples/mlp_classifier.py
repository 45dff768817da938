"""A two-layer MLP classifying points of three interleaved spirals, trained
with nn, optim and a DataLoader. Runs unchanged on torch: replace the import.

The data and the initial parameters come from formulas, not the random
generator, so the printed losses are the same on both libraries."""
import math

import cyautograd as torch
from cyautograd import nn
from cyautograd.utils.data import DataLoader, TensorDataset


def spirals(n_per_class=60, classes=3):
    xs, ys = [], []
    for k in range(classes):
        for i in range(n_per_class):
            r = i / n_per_class
            t = k * 4.0 + 4.0 * r + 0.3 * math.sin(7.0 * i + k)
            xs.append([r * math.sin(t), r * math.cos(t)])
            ys.append(k)
    return torch.tensor(xs), torch.tensor(ys)


def deterministic_init(model):
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            n = p.numel()
            p.copy_((torch.arange(n, dtype=torch.float64) * 0.61 + i).sin().reshape(p.shape).float() * 0.5)


X, Y = spirals()
loader = DataLoader(TensorDataset(X, Y), batch_size=30, shuffle=False)
model = nn.Sequential(nn.Linear(2, 32), nn.ReLU(), nn.Linear(32, 3))
deterministic_init(model)
print(model)
opt = torch.optim.Adam(model.parameters(), lr=0.02)
loss_fn = nn.CrossEntropyLoss()

for epoch in range(12):
    total = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()
        total += loss.item() * len(xb)
    if epoch % 3 == 2:
        with torch.no_grad():
            acc = (model(X).argmax(dim=1) == Y).float().mean().item()
        print(f"epoch {epoch + 1:2d}  loss {total / len(X):.4f}  accuracy {acc:.3f}")
