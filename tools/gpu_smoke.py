"""A first look at the device path on a real GPU (tools/gpu_check.sh runs it):
what the cuda module reports, one training loop run on the CPU and on the
device from the same start (losses and gradients compared), and a large
product timed on both, so a run that silently stayed on the host shows."""
import time

import numpy as np

import cyautograd as C


def mlp_run(dev, steps=20):
    g = np.random.default_rng(0)
    w1 = C.tensor(g.standard_normal((64, 128)) * 0.1, dtype=C.float32, device=dev, requires_grad=True)
    w2 = C.tensor(g.standard_normal((128, 10)) * 0.1, dtype=C.float32, device=dev, requires_grad=True)
    x = C.tensor(g.standard_normal((256, 64)), dtype=C.float32, device=dev)
    y = C.tensor(g.integers(0, 10, 256), device=dev)
    opt = C.optim.SGD([w1, w2], lr=0.1, momentum=0.9)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = C.nn.functional.cross_entropy(C.relu(x @ w1) @ w2, y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert w1.grad.device == C.device(dev if dev != "cuda" else "cuda:0")
    return np.array(losses), w1.detach().cpu().numpy()


def timed_mm(dev, n=2048, reps=3):
    a = C.randn(n, n, device=dev, requires_grad=True)
    b = C.randn(n, n, device=dev)
    best = float("inf")
    for _ in range(reps):
        C.cuda.synchronize() if dev != "cpu" else None
        t0 = time.perf_counter()
        (a @ b).sum().backward()
        if dev != "cpu":
            C.cuda.synchronize()
        best = min(best, time.perf_counter() - t0)
    return best


def main():
    from cyautograd import backend
    print("cuda.is_available", C.cuda.is_available(), "device_count", C.cuda.device_count(),
          "provider", backend.provider_name())
    t = C.ones(3, device="cuda", requires_grad=True)
    print(repr(t * 2), (t * 2).sum().item())
    lc, wc = mlp_run("cpu")
    ld, wd = mlp_run("cuda")
    print("MLP 20 SGD steps: loss cpu", lc[[0, -1]], "cuda", ld[[0, -1]],
          "max |loss diff|", float(np.abs(lc - ld).max()), "max |w1 diff|", float(np.abs(wc - wd).max()))
    print(f"2048^3 mm fwd+bwd: cpu {timed_mm('cpu', reps=2) * 1e3:.1f} ms, "
          f"cuda {timed_mm('cuda') * 1e3:.2f} ms")
    try:
        import torch
        if torch.cuda.is_available():
            a = torch.randn(2048, 2048, device="cuda", requires_grad=True)
            b = torch.randn(2048, 2048, device="cuda")
            best = float("inf")
            for _ in range(5):
                torch.cuda.synchronize()
                t0 = time.perf_counter()
                (a @ b).sum().backward()
                torch.cuda.synchronize()
                best = min(best, time.perf_counter() - t0)
            print(f"torch {torch.__version__} cuda 2048^3 mm fwd+bwd: {best * 1e3:.2f} ms")
    except ImportError:
        pass
    dlpack_round_trips()


def _ptr(x):
    return x.data_ptr() if hasattr(x, "data_ptr") else x.data.ptr


def dlpack_round_trips():
    """Zero-copy both ways with CuPy and torch on the device: the same
    address, and a write through one side seen by the other."""
    try:
        import cupy as cp
    except ImportError:
        print("dlpack: no cupy here")
        return
    a = C.arange(6.0, device="cuda")
    c = cp.from_dlpack(a)
    b = C.from_dlpack(cp.arange(4.0))
    c[0] = 7.0
    print("dlpack cupy<-cy same memory", c.data.ptr == a.data_ptr(), "write seen", a[0].item() == 7.0,
          "cy<-cupy on", b.device)
    try:
        import torch
    except ImportError:
        return
    if torch.cuda.is_available():
        t = torch.from_dlpack(a)
        u = C.from_dlpack(torch.arange(3.0, device="cuda"))
        t[1] = 9.0
        print("dlpack torch<-cy same memory", t.data_ptr() == a.data_ptr(), "write seen", a[1].item() == 9.0,
              "cy<-torch on", u.device, u.tolist())


if __name__ == "__main__":
    main()
