"""TensorIterator's CPU loop order, for in-place writes that read memory they
write (NOTE [ Sequential in-place writes ]).

# NOTE [ Sequential in-place writes ]
# torch refuses an in-place op whose output partially overlaps an input only
# when it can prove it (memory_overlap.pyx: PARTIAL); when either side is not
# non-overlapping and dense (TOO_HARD: a column, a broadcast view, an unfold
# with step < size) it goes ahead, and its loops read each input element
# right before writing the output element -- an element written earlier in
# the loop is read back already changed:
#     v = x[..., 1]; x.add_(v)        row 1 adds the already-updated x[0, 1]
#     x.unfold(0, 2, 1).exp_()       the shared elements are exp'd twice
# numpy computes the whole result from a snapshot (it copies an input that
# overlaps the output), so where an input really shares memory with the
# output, or the output repeats addresses, the write replays torch's loop:
#   - the iteration order of TensorIteratorBase: dimensions reordered by the
#     operands' strides (reorder_dimensions: the output's first, a broadcast
#     stride skipped, ties to the smaller size), then coalesced
#     (coalesce_dimensions), dim 0 innermost, the outer dims in order;
#   - per row, VectorizedLoop2d's choice: every operand contiguous along the
#     row, or one input broadcast along it (its value read once at the row's
#     start) runs vectorized_loop -- blocks of 2 * Vectorized<T>::size()
#     elements (add/sub/mul/div and copy: one Vectorized<T>; integral pow has
#     no vectorized loop), all read before any is stored, then the tail one element at a
#     time, the broadcast one read again each time (measured on torch 2.13:
#     x.add_(x[:, 1:2]) on 17 float32 columns adds the old x[:, 1] to 16 of
#     them and the new one to the 17th); any other row runs basic_loop, one
#     element at a time;
#   - Vectorized<T>::size() is 64 bytes (AVX512) or 32 (AVX2/default) over the
#     element size: the CPU capability torch picks (ATEN_CPU_CAPABILITY or
#     the CPU's flags).
# Where torch snapshots anyway it is not replayed: an input of another dtype
# than the output is converted into a temporary first, and add/sub/mul/div
# read a one-element (CPU scalar) operand once before the loop.
#   - more than GRAIN_SIZE (32768) elements with more than one thread
#     (get_num_threads()): TensorIteratorBase::for_each hands the linear
#     iteration range to at::parallel_for, whose OpenMP invoke_parallel gives
#     each of min(threads, ceil(n / GRAIN_SIZE)) threads one chunk of
#     ceil(n / that) iterations; each chunk runs serial_for_each, so a row
#     split by a chunk boundary starts its vectorized blocks afresh at the
#     boundary. The chunks are replayed one after another, in thread order:
#     torch's threads run them at once, so where one chunk reads what another
#     writes torch's result depends on their timing, and this is one of the
#     results it can give (with one thread -- torch.set_num_threads(1) --
#     the whole range is one chunk and the replay is exact).
"""
import os

import numpy as np

GRAIN_SIZE = 32768
_VEC_BYTES = None


def _vec_bytes():
    """Vectorized<T>'s width in bytes for the capability torch's dispatcher picks."""
    global _VEC_BYTES
    if _VEC_BYTES is None:
        cap = os.environ.get("ATEN_CPU_CAPABILITY", "").lower()
        if cap in ("default", "avx2", "avx512"):
            _VEC_BYTES = 64 if cap == "avx512" else 32
        else:
            flags = set()
            try:
                with open("/proc/cpuinfo") as f:
                    for line in f:
                        if line.startswith("flags"):
                            flags = set(line.split(":", 1)[1].split())
                            break
            except OSError:
                pass
            _VEC_BYTES = 64 if {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags else 32
    return _VEC_BYTES


def _reorder(shape, strides):
    """TensorIteratorBase::reorder_dimensions: perm[0] is the innermost dim."""
    ndim = len(shape)
    perm = list(range(ndim - 1, -1, -1))

    def should_swap(d0, d1):
        for st in strides:
            s0, s1 = st[d0], st[d1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 < s1:
                return -1
            if s0 > s1:
                return 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    return insertion_sort_dims(perm, should_swap)


def insertion_sort_dims(perm, should_swap):
    """perm reordered in place by torch's insertion sort over dimensions (as in
    TensorIterator's reorder_dimensions and Tensor.dim_order): each dim moves
    down while should_swap(earlier, it) > 0 and stops at the first < 0."""
    for i in range(1, len(perm)):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            c = should_swap(perm[dim0], perm[dim1])
            if c > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif c < 0:
                break
    return perm


def _coalesce(shape, strides):
    """TensorIteratorBase::coalesce_dimensions over permuted (innermost
    first) shape and per-operand byte strides."""
    shape = list(shape)
    strides = [list(s) for s in strides]
    if len(shape) <= 1:
        return shape, strides
    prev = 0
    for dim in range(1, len(shape)):
        if shape[prev] == 1 or shape[dim] == 1 or all(shape[prev] * s[prev] == s[dim] for s in strides):
            if shape[prev] == 1:
                for s in strides:
                    s[prev] = s[dim]
            shape[prev] *= shape[dim]
        else:
            prev += 1
            if prev != dim:
                for s in strides:
                    s[prev] = s[dim]
                shape[prev] = shape[dim]
    return shape[:prev + 1], [s[:prev + 1] for s in strides]


def _row(fn, o, ins, block):
    n = o.shape[0]
    osz = o.itemsize
    S = 0
    vec = block > 0 and o.strides[0] == osz and all(r.strides[0] == r.itemsize for r in ins)
    if not vec and block > 0 and o.strides[0] == osz:
        for j, r in enumerate(ins):
            if r.strides[0] == 0 and all(q.strides[0] == q.itemsize for m, q in enumerate(ins) if m != j):
                S = j + 1
                vec = True
                break
    i = 0
    if vec:
        b = block // osz
        if n >= b:
            snap = ins[S - 1][:1].copy() if S else None
            while i + b <= n:
                vals = fn(*[snap if m + 1 == S else r[i:i + b].copy() for m, r in enumerate(ins)])
                o[i:i + b] = vals
                i += b
    for k in range(i, n):
        o[k:k + 1] = fn(*[r[k:k + 1] for r in ins])


def sequential_write(fn, out, inputs, vecs=2):
    """Write fn(*inputs) into out elementwise in torch's loop order (NOTE [
    Sequential in-place writes ]). fn maps 1-d arrays (or a one-element
    array for a row's broadcast operand) to out's values; inputs are arrays
    broadcastable to out's shape, read from memory as the loop goes. False,
    and nothing written, where the replay does not apply (negative strides,
    no elements). vecs: Vectorized<T>s per block of
    the op's vectorized loop (2 for cpu_kernel_vec's; add, sub, mul, div and
    copy measure 1 on torch 2.13), 0 for a kernel without one (cpu_kernel)."""
    n = out.size
    if n == 0:
        return False
    arrs = [np.broadcast_to(a, out.shape) for a in inputs]
    ops = [out] + arrs
    for a in ops:
        for st in a.strides:
            if st < 0:
                return False
    shape = out.shape
    perm = _reorder(shape, [a.strides for a in ops])
    pshape = [shape[d] for d in perm]
    cshape, cstrides = _coalesce(pshape, [[a.strides[d] for d in perm] for a in ops])
    if not cshape:
        cshape, cstrides = [1], [[0] for _ in ops]
    rshape = tuple(reversed(cshape))
    views = [np.lib.stride_tricks.as_strided(a, shape=rshape, strides=tuple(reversed(st)),
                                             writeable=(k == 0))
             for k, (a, st) in enumerate(zip(ops, cstrides))]
    block = _vec_bytes() * vecs
    o, ins = views[0], views[1:]
    bounds = _chunk_bounds(n)
    rlen = rshape[-1]
    start = 0
    for idx in np.ndindex(*rshape[:-1]):
        orow = o[idx]
        irows = [r[idx] for r in ins]
        cut = [b - start for b in bounds if start < b < start + rlen]
        if not cut:
            _row(fn, orow, irows, block)
        else:
            # a chunk boundary inside the row: serial_for_each of the next
            # chunk starts a new row segment there
            edges = [0] + cut + [rlen]
            for a, b in zip(edges, edges[1:]):
                _row(fn, orow[a:b], [r[a:b] for r in irows], block)
        start += rlen
    return True


def _chunk_bounds(n):
    """The linear iteration indices where at::parallel_for's chunks after
    the first begin (NOTE [ Sequential in-place writes ]); none where torch
    runs the range serially."""
    if n <= GRAIN_SIZE:
        return []
    import cyautograd
    nt = min(cyautograd.get_num_threads(), -(-n // GRAIN_SIZE))
    if nt <= 1:
        return []
    chunk = -(-n // nt)
    return [chunk * k for k in range(1, nt) if chunk * k < n]


def shares_memory(a, b):
    """Whether two arrays may share an element (numpy's bounded exact check;
    undecided counts as shared)."""
    try:
        return bool(np.shares_memory(a, b, max_work=100000))
    except np.exceptions.TooHardError:
        return True
