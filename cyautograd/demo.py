"""The main job: train a small MLP with cyautograd, then run the benchmark
suite (python -m cyautograd.bench; against torch, MyGrad and HIPS autograd
where installed).

    python -m cyautograd.demo [--quick]
"""
import argparse
import time

import numpy as np

import cyautograd as torch  # the drop-in: the same code runs on torch

F = torch.nn.functional


def make_data(n=512, seed=0):
    """Two interleaved spirals, a small nonlinear 2-class problem."""
    rng = np.random.default_rng(seed)
    t = rng.uniform(0.5, 3.5 * np.pi, n)
    label = rng.integers(0, 2, n)
    r = t / (3.5 * np.pi)
    x = np.stack([r * np.cos(t + np.pi * label), r * np.sin(t + np.pi * label)], 1)
    x += rng.normal(0, 0.03, x.shape)
    return torch.tensor(x.astype(np.float32)), torch.tensor(label)


def train(steps=1500, seed=0, verbose=True):
    torch.manual_seed(seed)
    x, y = make_data(seed=seed)
    sizes = [2, 64, 64, 2]
    params = []
    for i in range(len(sizes) - 1):
        w = torch.randn(sizes[i + 1], sizes[i]) * (2.0 / sizes[i]) ** 0.5
        params += [w.requires_grad_(), torch.zeros(sizes[i + 1], requires_grad=True)]
    lr = 0.5
    t0 = time.perf_counter()
    for step in range(steps + 1):
        h = x
        for i in range(0, len(params) - 2, 2):
            h = F.relu(F.linear(h, params[i], params[i + 1]))
        logits = F.linear(h, params[-2], params[-1])
        loss = F.cross_entropy(logits, y)
        for p in params:
            p.grad = None
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= lr * p.grad
        if verbose and step % (steps // 5) == 0:
            acc = (logits.argmax(1) == y).float().mean().item()
            print(f"step {step:5d}  loss {loss.item():.4f}  accuracy {acc:.3f}")
    dt = time.perf_counter() - t0
    if verbose:
        print(f"{steps} steps in {dt:.2f}s ({dt / steps * 1e6:.0f} us/step)")
    return loss.item()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="a short run (smoke test)")
    args = ap.parse_args(argv)
    print("== training a 2-64-64-2 MLP on two spirals with cyautograd ==")
    train(steps=200 if args.quick else 1500)
    print()
    print("== metadata overhead against torch: python -m cyautograd.bench ==")
    from cyautograd.bench import main as bench
    bench(["--quick"] if args.quick else [])


if __name__ == "__main__":
    main()
