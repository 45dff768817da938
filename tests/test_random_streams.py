"""Seeded random streams are torch's, bit for bit (issue 15): every case of
cases_random.py gives the same bytes as torch 2.13's CPU generator, live
where torch is installed and always against golden digests recorded from
torch (``python tests/test_random_streams.py --record``)."""
import hashlib
import json
import os
import sys

import numpy as np
import pytest

import harness
from cases_random import CASES

GOLDEN = os.path.join(harness.GOLDEN_DIR, "random_streams.json")


def reduce(x, T):
    """Exact plain data: tensors by dtype, shape, a digest of their bytes and their first values."""
    if isinstance(x, T.Tensor):
        arr = np.ascontiguousarray(x.detach().cpu().numpy())
        head = arr.reshape(-1)[:4]
        return {"dtype": str(x.dtype).split(".")[-1], "shape": list(x.shape),
                "sha": hashlib.sha256(arr.tobytes()).hexdigest()[:32],
                "head": [repr(v) for v in head.tolist()],
                "grad_fn": None if x.grad_fn is None else type(x.grad_fn).__name__}
    if isinstance(x, T.Generator):
        return "generator"
    if isinstance(x, (list, tuple)):
        return [reduce(y, T) for y in x]
    if isinstance(x, (bool, int, str)) or x is None:
        return x
    raise TypeError(f"cannot reduce {type(x)}")


def run(name, T):
    try:
        return {"ok": reduce(CASES[name](T), T)}
    except Exception as e:  # noqa: BLE001 - errors are observables
        return {"raises": type(e).__name__, "msg": harness.normalize_msg(str(e))}


def _golden():
    if not os.path.exists(GOLDEN):
        return {}
    with open(GOLDEN) as f:
        return json.load(f)


_G = _golden()


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name):
    import cyautograd
    assert name in _G, f"no golden data for {name}: run python tests/test_random_streams.py --record"
    assert run(name, cyautograd) == _G[name]


def _torch_uses_mkl_bernoulli():
    """torch's bernoulli_(float p) (and so dropout) draws from MKL's own stream
    on Intel CPUs when built with MKL; elsewhere it is the mt19937 kernel
    reproduced here. On such machines those cases compare with golden data only."""
    try:
        with open("/proc/cpuinfo") as f:
            intel = "GenuineIntel" in f.read(4096)
    except OSError:
        intel = False
    return intel and harness.HAVE_TORCH and harness.torch_module().backends.mkl.is_available()


_SCALAR_BERNOULLI = ("dropout_", "bernoulli_p_", "bernoulli_tensor_", "noncontig_")


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_live_torch(name):
    import cyautograd
    if name.startswith(_SCALAR_BERNOULLI) and _torch_uses_mkl_bernoulli():
        pytest.skip("torch draws bernoulli_(p) from MKL on this Intel CPU (see _torch_uses_mkl_bernoulli)")
    assert run(name, cyautograd) == run(name, harness.torch_module())


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_golden_is_current():
    T = harness.torch_module()
    assert sorted(_G) == sorted(CASES)
    for name in ("global_mix_0", "randn_42_(64, 64)_float32", "state_1", "loader_0"):
        assert run(name, T) == _G[name], name


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("seed", [0, 5, 2 ** 40 + 1])
def test_state_moves_between_libraries(seed):
    """A state torch wrote draws torch's continuation here, and the other way."""
    import cyautograd
    T = harness.torch_module()
    g = T.Generator().manual_seed(seed)
    T.randn(5, generator=g)
    st = g.get_state()
    h = cyautograd.Generator().set_state(cyautograd.tensor(st.numpy()))
    assert np.array_equal(cyautograd.randn(37, generator=h).numpy(), T.randn(37, generator=g).numpy())
    back = T.Generator().set_state(T.from_numpy(h.get_state().numpy()))
    assert np.array_equal(T.rand(9, generator=back).numpy(), cyautograd.rand(9, generator=h).numpy())


def test_set_state_errors():
    import cyautograd as T
    g = T.Generator()
    with pytest.raises(TypeError, match="RNG state must be a torch.ByteTensor"):
        g.set_state(T.zeros(10))
    with pytest.raises(RuntimeError, match="Expected a CPUGeneratorImplState of size 5056 but found the input "
                                           "RNG state size to be 10"):
        g.set_state(T.zeros(10, dtype=T.uint8))
    st = g.get_state()
    st[8:12] = 0
    before = g.get_state()
    with pytest.raises(RuntimeError, match="Invalid mt19937 state"):
        g.set_state(st)
    assert T.equal(g.get_state(), before)


def test_engine_is_the_reference_mt19937():
    """The raw stream is the reference mt19937 (numpy's legacy seeding is init_genrand too)."""
    from cyautograd._mt19937 import MT19937
    for seed in [0, 1, 5489, 2 ** 32 - 1, 2 ** 32 + 7]:
        m = MT19937(seed)
        want = np.random.RandomState(seed & 0xFFFFFFFF).randint(0, 2 ** 32, size=2000, dtype=np.uint64)
        assert [m.random() for _ in range(2000)] == want.tolist()


def record():
    import torch
    torch.set_num_threads(1)
    data = {name: run(name, torch) for name in sorted(CASES)}
    with open(GOLDEN, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__" and "--record" in sys.argv:
    record()
