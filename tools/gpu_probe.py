"""Questions only a GPU answers (tools/gpu_check.sh runs it after the suite):
how CuPy treats float32 subnormals, whether our device eigh picks the same
eigenvector signs as torch's CUDA kernel, and frexp of subnormals on both."""
import numpy as np

import cyautograd as C


def main():
    import cupy as cp
    sub = cp.array([-1e-40, 1e-45, 1e-38], dtype=cp.float32)
    print("cupy float32 subnormals: x != 0", (sub != 0).get().tolist(), "x * 2", (sub * 2).get().tolist())
    x = C.tensor([3.0, -1e-40, 1e38, 0.1], device="cuda")
    m, e = C.frexp(x)
    print("ours frexp f32", m.tolist(), e.tolist())
    M = [[2.0, 0.5, 0.25], [0.5, 3.0, 0.125], [0.25, 0.125, 1.5]]
    for dt in ("float32", "float64"):
        q = C.linalg.eigh(C.tensor(M, dtype=getattr(C, dt), device="cuda")).eigenvectors.cpu().numpy()
        qc = C.linalg.eigh(C.tensor(M, dtype=getattr(C, dt))).eigenvectors.numpy()
        line = f"eigh {dt}: ours cuda vs ours cpu column signs {np.sign((q * qc).sum(0)).tolist()}"
        try:
            import torch
            m2, e2 = torch.frexp(torch.tensor([3.0, -1e-40, 1e38, 0.1], device="cuda"))
            qt = torch.linalg.eigh(torch.tensor(M, dtype=getattr(torch, dt), device="cuda")).eigenvectors.cpu().numpy()
            line += f"; vs torch cuda {np.sign((q * qt).sum(0)).tolist()}, max diff {float(np.abs(q - qt).max()):.2e}"
            if dt == "float32":
                print("torch frexp f32 cuda", m2.tolist(), e2.tolist())
        except ImportError:
            pass
        print(line)


if __name__ == "__main__":
    main()
