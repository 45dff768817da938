"""Divergence classes the program fuzzer (tests/fuzz) found, one case per
class member, run against torch and cyautograd (issue 12)."""
import itertools

import numpy as np

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def chain(t, depth=8):
    """The graph under t.grad_fn as a flat list of node names, depth first."""
    out = []

    def rec(fn, d):
        if fn is None:
            out.append(None)
            return
        out.append(type(fn).__name__)
        if d < depth:
            for f, _ in fn.next_functions:
                rec(f, d + 1)

    rec(t.grad_fn, 0)
    return out


def state(t):
    return {"v": t, "ver": t._version, "view": t._is_view(), "leaf": t.is_leaf,
            "rg": t.requires_grad, "graph": chain(t)}


def arange(T, shape, rg=False, dtype=None):
    n = int(np.prod(shape))
    v = (np.arange(n, dtype=np.float64) * 0.37 - 1.1).reshape(shape)
    return T.tensor(v, dtype=dtype or T.float32, requires_grad=rg)


# -- matmul of each rank pairing keeps torch's composite graph ------------------

MATMUL_SHAPES = [((3,), (3,)), ((3,), (3, 4)), ((2, 3), (3,)), ((2, 3), (3, 4)), ((2, 5, 3), (3, 4)),
                 ((5, 3), (2, 3, 4)), ((2, 5, 3), (2, 3, 4)), ((3,), (2, 3, 4)), ((2, 5, 3), (3,)),
                 ((2, 2, 5, 3), (2, 3, 4)), ((1, 5, 3), (2, 3, 4)), ((2, 5, 3), (1, 3, 4)),
                 ((2, 1, 5, 3), (3, 3, 4)), ((0, 5, 3), (3, 2)), ((2, 5, 3), (2, 4, 4)), ((2, 5, 3), (4,)),
                 ((5, 3), (2, 4, 4)), ((3,), (4, 2))]


def _matmul_case(sa, sb, ra, rb, noncontig):
    def fn(T):
        a = arange(T, sa, ra)
        b = arange(T, sb, rb)
        x = a.transpose(-1, -2).contiguous().transpose(-1, -2) if noncontig and a.ndim > 1 else a
        r = x @ b
        out = state(r)
        if ra or rb:
            r.sum().backward()
            out["ga"] = a.grad
            out["gb"] = b.grad
        return out
    return fn


for (sa, sb), ra, rb, nc in itertools.product(MATMUL_SHAPES, [True, False], [True, False], [False, True]):
    if nc and len(sa) == 1:
        continue
    name = f"matmul_{'x'.join(map(str, sa))}_{'x'.join(map(str, sb))}_{int(ra)}{int(rb)}{'_nc' if nc else ''}"
    CASES[name] = _matmul_case(sa, sb, ra, rb, nc)


@case
def matmul_vector_matrix_under_no_grad_bumps_version(T):
    a, b = arange(T, (3,), True), arange(T, (3, 4), True)
    with T.no_grad():
        r = a @ b
    return state(r)


@case
def matmul_double_backward_batched(T):
    a, b = arange(T, (2, 5, 3), True), arange(T, (3, 4), True)
    (g,) = T.autograd.grad((a @ b).pow(2).sum(), [a], create_graph=True)
    g.sum().backward()
    return {"g": g, "ga": a.grad, "gb": b.grad}


@case
def mv_wrong_ranks(T):
    return T.mv(arange(T, (2, 3)), arange(T, (3, 4)))


@case
def matmul_folded_size_mismatch(T):
    return arange(T, (2, 5, 3), True) @ arange(T, (4, 2))


@case
def matmul_batched_vector_size_mismatch(T):
    return arange(T, (2, 5, 3)) @ arange(T, (4,))


@case
def matmul_batch_broadcast_mismatch(T):
    return arange(T, (2, 5, 3)) @ arange(T, (3, 3, 4))


# -- reshape: view / alias / copy as torch ---------------------------------------

RESHAPES = {
    "contig": lambda x: x.reshape(2, 12),
    "contig_flat": lambda x: x.flatten(),
    "step_alias": lambda x: x[::2].reshape(2, 2, 3),
    "step_copy": lambda x: x[::2].reshape(12),
    "t_alias": lambda x: x.t().reshape(6, 4),
    "t_copy": lambda x: x.t().reshape(24),
    "t_flatten": lambda x: x.t().flatten(),
    "expand_copy": lambda x: x[:, :1].expand(4, 5).reshape(20),
    "expand_alias": lambda x: x[:, :1].expand(4, 5).reshape(4, 5, 1),
}


def _reshape_case(f, rg):
    def fn(T):
        x = arange(T, (4, 6), rg)
        r = f(x)
        out = state(r)
        out["base_is_x"] = r._base is x
        if rg:
            (r * arange(T, tuple(r.shape))).sum().backward()
            out["g"] = x.grad
        return out
    return fn


for _k, _f in RESHAPES.items():
    CASES[f"reshape_{_k}"] = _reshape_case(_f, True)
    CASES[f"reshape_{_k}_nograd"] = _reshape_case(_f, False)
