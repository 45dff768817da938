"""The kernel fast paths give numpy's values (bitwise for elementwise loops)."""
import numpy as np
import pytest

import cyautograd as cy
from cyautograd import kernels as K

RNG = np.random.default_rng(7)
BIN = [(0, np.add), (1, np.subtract), (2, np.multiply), (3, np.true_divide)]
UN = [(4, np.negative), (5, np.exp), (6, np.log), (7, np.sin), (8, np.cos), (9, np.tanh),
      (10, np.sqrt), (11, np.abs)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 4, 17, 1000])
@pytest.mark.filterwarnings("ignore:divide by zero")
def test_elementwise_bitwise(dtype, n):
    a = RNG.uniform(0.1, 3, n).astype(dtype)
    b = RNG.uniform(0.1, 3, n).astype(dtype)
    for op, f in BIN:
        assert np.array_equal(K._k_binary(op, a, b), f(a, b))
        assert np.array_equal(K._k_binary(op, a, 1.5), f(a, 1.5))
        assert np.array_equal(K._k_binary(op, 1.5, a), f(1.5, a))
        # Python ints with float arrays: exact as doubles up to 2**53; beyond,
        # numpy's own path (the double would round before the cast)
        for i in (3, -7, 0, 2 ** 53, 2 ** 53 + 1, -(2 ** 60), 2 ** 70):
            assert np.array_equal(K._k_binary(op, a, i), f(a, i)), (op, i)
            assert np.array_equal(K._k_binary(op, i, a), f(i, a)), (op, i)
        assert K._k_binary(op, a, b).dtype == dtype
    for op, f in UN:
        assert np.array_equal(K._k_unary(op, a), f(a))


def test_int64_and_fallbacks():
    a = np.arange(6, dtype=np.int64)
    assert np.array_equal(K._k_binary(0, a, 3), a + 3)
    assert K._k_binary(0, a, 3).dtype == np.int64
    # broadcasting, strides and mixed dtypes take numpy's path
    m = RNG.standard_normal((3, 4)).astype(np.float32)
    assert np.array_equal(K._k_binary(2, m, m[0]), m * m[0])
    assert np.array_equal(K._k_binary(2, m.T, m.T), m.T * m.T)
    assert np.array_equal(K._k_binary(0, m, m.astype(np.float64)), m + m.astype(np.float64))
    # a 0-d operand gives a 0-d array, not a numpy scalar
    z = np.array(2.0, np.float32)
    assert type(K._k_binary(2, z, z)) is np.ndarray


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(1, 1), (3, 4), (32, 10), (5, 1)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("keepdims", [True, False])
def test_reduce2d(dtype, shape, axis, keepdims):
    a = RNG.standard_normal(shape).astype(dtype)
    s = K._k_reduce2d(0, a, axis, keepdims)
    m = K._k_reduce2d(13, a, axis, keepdims)
    ref = np.add.reduce(a.astype(np.float64), axis=axis, keepdims=keepdims)
    assert s.dtype == dtype and s.shape == ref.shape
    np.testing.assert_allclose(s, ref, rtol=1e-6, atol=1e-6)
    assert np.array_equal(m, np.maximum.reduce(a, axis=axis, keepdims=keepdims))


def test_reduce2d_nan_propagates():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]], np.float32)
    assert np.array_equal(K._k_reduce2d(13, a, 1, False), np.maximum.reduce(a, axis=1), equal_nan=True)
    assert np.array_equal(K._k_reduce2d(13, a, 0, False), np.maximum.reduce(a, axis=0), equal_nan=True)


def test_fp_quiet_silences_and_restores():
    # NOTE [ Quiet floating point ]: on inside, numpy's own state after
    assert K._fp_quiet_check()


def test_small_sum_is_numpys_result_bit_for_bit():
    """sum() of 1-7 floats is added in C (kernels.k_sum_small); numpy's
    pairwise sum adds so few left to right, so the results are identical."""
    rng = np.random.default_rng(3)
    for n in range(1, 10):
        for dt in (np.float32, np.float64):
            for _ in range(300):
                a = (rng.standard_normal(n) * 10.0 ** rng.integers(-4, 5, n)).astype(dt)
                got = cy.tensor(a).sum().numpy()
                assert got.dtype == dt and got.tobytes() == a.sum().tobytes(), (n, dt, a)
