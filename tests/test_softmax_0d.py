"""softmax/log_softmax of a 0-d tensor compute x - max(x) as torch does, so
inf and nan give nan (they used to give 1 / 0 regardless of the value); found
by the fuzzer (seed 10834)."""
import math

import pytest

import cyautograd as cy

try:
    import torch
except ImportError:
    torch = None

VALUES = [math.inf, -math.inf, math.nan, 2.0, -0.0, 0.0, 1e30]


def _run(T, v, dtype, log):
    x = T.tensor(v, dtype=getattr(T, dtype), requires_grad=True)
    y = x.log_softmax(0) if log else x.softmax(0)
    y.backward()
    return [y.item(), x.grad.item(), str(y.dtype).split(".")[-1], type(y.grad_fn).__name__, y.dim()]


def _same(a, b):
    return all((isinstance(p, float) and math.isnan(p) and math.isnan(q)) or p == q for p, q in zip(a, b))


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("v", VALUES)
def test_0d_softmax(v, dtype, log):
    got = _run(cy, v, dtype, log)
    finite = math.isfinite(v)
    want_val = (0.0 if log else 1.0) if finite else math.nan
    assert _same(got[:2], [want_val, 0.0 if finite else math.nan])
    assert got[2:] == [dtype, "LogSoftmaxBackward0" if log else "SoftmaxBackward0", 0]
    if torch is not None:
        assert _same(got, _run(torch, v, dtype, log))
