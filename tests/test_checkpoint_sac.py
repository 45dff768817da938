"""Selective activation checkpointing, cyautograd-only properties (the
comparison with torch is test_checkpoint_sac_vs_torch.py): nothing stays
hooked once the contexts exit (the ops' hot paths are untouched), forward AD
and selective checkpointing share the hooks, and the memory a policy keeps
lies between plain checkpointing and none (measured with tracemalloc, which
sees numpy's allocations)."""
import functools
import gc
import tracemalloc

import numpy as np
import pytest

import cyautograd as torch
from cyautograd.autograd import forward_ad
from cyautograd.ops import _common
from cyautograd.utils.checkpoint import (CheckpointPolicy, checkpoint,
                                         create_selective_checkpoint_contexts)


def _hooked():
    # (torch.mm is a Python wrapper for out=, hooked by its code object; relu
    # a C op, hooked by its call slot)
    return [forward_ad._installed is not None, "_cya_fw_" in (torch.mm.__kwdefaults__ or {}),
            _common._fw_vc_is_hooked(torch.relu)]


def _ctx(policy):
    return functools.partial(create_selective_checkpoint_contexts, policy)


def test_hooks_removed_after_forward_and_backward():
    assert forward_ad._installed is None and _hooked() == [False] * 3
    x = torch.randn(4, 4, requires_grad=True)
    out = checkpoint(lambda x: (x @ x).sin().relu().sum(), x, use_reentrant=False,
                     context_fn=_ctx([torch.ops.aten.mm.default]))
    assert forward_ad._installed is None and _hooked() == [False] * 3
    out.backward()
    assert forward_ad._installed is None and _hooked() == [False] * 3
    assert forward_ad._sac_hook is None


def test_hooks_removed_after_an_error_in_the_region():
    x = torch.randn(4, 4, requires_grad=True)

    def bad(x):
        (x @ x).sin()
        raise ValueError("boom")
    with pytest.raises(ValueError, match="boom"):
        checkpoint(bad, x, use_reentrant=False, context_fn=_ctx([torch.ops.aten.mm.default]))
    assert forward_ad._installed is None and _hooked() == [False] * 3

    def bad_policy(ctx, op, *a, **k):
        raise KeyError("policy")
    with pytest.raises(KeyError):
        checkpoint(lambda x: x.sin().sum(), x, use_reentrant=False, context_fn=_ctx(bad_policy))
    assert forward_ad._installed is None and _hooked() == [False] * 3


def test_forward_ad_level_keeps_its_hooks():
    import cyautograd.autograd.forward_ad as fwAD
    x = torch.randn(3, 3, requires_grad=True)
    t = torch.randn(3, 3)
    with fwAD.dual_level():
        d = fwAD.make_dual(torch.randn(3, 3), t)
        out = checkpoint(lambda x: (x @ x).sin().sum(), x, use_reentrant=False,
                         context_fn=_ctx([torch.ops.aten.mm.default]))
        assert _hooked() == [True] * 3   # the level still needs them
        tangent = fwAD.unpack_dual(torch.sin(d)).tangent
        np.testing.assert_allclose(tangent.numpy(), (torch.cos(d.detach()) * t).numpy(), rtol=1e-6)
        out.backward()
    assert forward_ad._installed is None and _hooked() == [False] * 3
    ref = torch.cos(x.detach() @ x.detach())
    want = ref @ x.detach().t() + x.detach().t() @ ref
    np.testing.assert_allclose(x.grad.numpy(), want.numpy(), rtol=1e-5)


def _held_bytes(mode):
    """Bytes kept alive between the forward and the backward of a 4-layer
    MLP (the graph's saved tensors and the SAC cache), and the gradient."""
    rs = np.random.RandomState(0)
    ws = [torch.tensor(rs.randn(256, 256) * 0.05, requires_grad=True) for _ in range(4)]
    x = torch.tensor(rs.randn(512, 256), requires_grad=True)

    def block(h):
        for w in ws:
            h = torch.sin(h @ w).relu()
        return h
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    if mode == "none":
        out = block(x).sum()
    elif mode == "checkpoint":
        out = checkpoint(block, x, use_reentrant=False).sum()
    else:
        out = checkpoint(block, x, use_reentrant=False, context_fn=_ctx([torch.ops.aten.mm.default])).sum()
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    out.backward()
    return held, x.grad.numpy().copy()


def test_memory_between_plain_checkpoint_and_none():
    none, g0 = _held_bytes("none")
    plain, g1 = _held_bytes("checkpoint")
    sac, g2 = _held_bytes("sac")
    np.testing.assert_allclose(g1, g0, rtol=1e-10)
    np.testing.assert_allclose(g2, g0, rtol=1e-10)
    act = 512 * 256 * 8   # one activation
    # no checkpoint keeps per layer the mm output (sin's input) and relu's
    # result (relu's and the next mm's); SAC keeps the 4 mm outputs, plain
    # checkpointing none of them
    print(f"held between forward and backward: none {none}, checkpoint {plain}, SAC(mm) {sac} bytes")
    assert plain < act
    assert 4 * act <= sac < 5 * act
    assert none >= 8 * act
