# cython: language_level=3
"""at::MemoryOverlap: the checks an in-place op makes before writing."""
cimport cython
cimport numpy as cnp

from cyautograd.tensor cimport Tensor

cnp.import_array()

# =============================================================================
# NOTE [ Memory overlap ]
# Mirrors aten/src/ATen/MemoryOverlap.cpp. An in-place op reads its inputs
# while it writes self, element by element; if the two share memory in any
# way other than "the very same elements in the same order" the result
# depends on the loop order (numpy copies, torch's loops do not), so torch
# refuses:
#   - internal overlap of the written-to tensor: a dimension of size > 1 with
#     stride 0 (an expanded tensor) is YES; a non-overlapping and dense tensor
#     (its elements fill a block of memory exactly, in some dimension order;
#     every zero-size tensor) is NO; anything else is TOO_HARD and allowed.
#   - overlap status of an output and an input: the same tensor is FULL;
#     different storages, or a zero-size side, are NO; if either is not
#     non-overlapping and dense it is TOO_HARD (allowed: torch does not
#     look further); otherwise their memory blocks [begin, begin + numel *
#     itemsize) decide: equal blocks are FULL when the strides are equal too
#     (the same elements in the same order) and PARTIAL otherwise;
#     intersecting blocks are PARTIAL, disjoint ones NO.
# assert_no_partial_overlap raises on PARTIAL (every TensorIterator op,
# copy_); assert_no_overlap also on FULL (index_put_'s values and indices).
# "Same storage" is identity of Tensor.storage_, the array every view of a
# tensor shares (torch compares StorageImpls the same way: two from_numpy
# calls over one array are different storages).
# Cost: an in-place op between tensors of different storages pays one
# pointer comparison; the geometry is only looked at for the same storage.
# =============================================================================

cdef enum:
    MAX_DIMS = 64    # numpy's NPY_MAXDIMS (2.x); other array modules are checked against it

cdef str _INTERNAL_MSG = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation.")
cdef str _PARTIAL_MSG = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
    "a single memory location. Please clone() the tensor before performing the operation.")


cdef struct Geom:
    Py_ssize_t ndim
    Py_ssize_t itemsize
    Py_ssize_t numel
    Py_ssize_t addr                  # address of the first element
    Py_ssize_t dims[MAX_DIMS]
    Py_ssize_t strides[MAX_DIMS]     # bytes


cdef int _geom(object x, Geom* g) except -1:
    """The geometry of an ndarray (numpy through the C API; another array
    module's through its shape/strides/data.ptr)."""
    cdef Py_ssize_t i, n
    cdef cnp.ndarray a
    if cnp.PyArray_CheckExact(x):
        a = <cnp.ndarray>x
        n = cnp.PyArray_NDIM(a)
        g.ndim = n
        g.itemsize = cnp.PyArray_ITEMSIZE(a)
        g.addr = <Py_ssize_t>cnp.PyArray_DATA(a)
        for i in range(n):
            g.dims[i] = cnp.PyArray_DIMS(a)[i]
            g.strides[i] = cnp.PyArray_STRIDES(a)[i]
    else:
        # a device array: its geometry from the backend (NOTE [ Device backends ])
        from cyautograd import backend
        shape = tuple(x.shape)
        strides, addr, _ = backend.geometry(x)
        n = len(shape)
        if n > MAX_DIMS or len(strides) != n:
            raise RuntimeError(f"memory overlap: unsupported array geometry {shape} {strides}")
        g.ndim = n
        g.itemsize = backend.np_dtype(x.dtype).itemsize
        g.addr = addr
        for i in range(n):
            g.dims[i] = shape[i]
            g.strides[i] = strides[i]
    g.numel = 1
    for i in range(g.ndim):
        g.numel *= g.dims[i]
    return 0


cdef bint _non_overlapping_and_dense(Geom* g) noexcept:
    """is_non_overlapping_and_dense: zero-size (contiguous), or the
    dimensions of size >= 2, ordered by stride, have the strides of a
    contiguous tensor (itemsize, then running products of the sizes)."""
    cdef Py_ssize_t st[MAX_DIMS]
    cdef Py_ssize_t sz[MAX_DIMS]
    cdef Py_ssize_t n = 0, i, j, require, ks, kz
    if g.numel == 0:
        return True
    for i in range(g.ndim):
        if g.dims[i] >= 2:
            # insertion sort by stride (a handful of dims)
            ks = g.strides[i]
            kz = g.dims[i]
            j = n
            while j > 0 and st[j - 1] > ks:
                st[j] = st[j - 1]
                sz[j] = sz[j - 1]
                j -= 1
            st[j] = ks
            sz[j] = kz
            n += 1
    require = g.itemsize
    for i in range(n):
        if st[i] != require:
            return False
        require *= sz[i]
    return True


cdef MemOverlap has_internal_overlap(Tensor t) except *:
    cdef Geom g
    cdef Py_ssize_t i
    cdef bint zero_stride = False
    x = t.data_
    if cnp.PyArray_CheckExact(x):
        # the common case (contiguous, no zero stride on a dimension of
        # size > 1) without copying the geometry
        for i in range(cnp.PyArray_NDIM(<cnp.ndarray>x)):
            if cnp.PyArray_STRIDES(<cnp.ndarray>x)[i] == 0 and cnp.PyArray_DIMS(<cnp.ndarray>x)[i] > 1:
                zero_stride = True
                break
        if not zero_stride and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>x):
            return MEM_OVERLAP_NO
    _geom(x, &g)
    if _non_overlapping_and_dense(&g):
        return MEM_OVERLAP_NO
    for i in range(g.ndim):
        if g.strides[i] == 0 and g.dims[i] > 1:
            return MEM_OVERLAP_YES
    return MEM_OVERLAP_TOO_HARD


cdef int assert_no_internal_overlap(Tensor t) except -1:
    if has_internal_overlap(t) == MEM_OVERLAP_YES:
        raise RuntimeError(_INTERNAL_MSG)
    return 0


cdef MemOverlapStatus get_overlap_status(Tensor a, Tensor b) except *:
    if a is b:
        return OVERLAP_STATUS_FULL
    if a.storage_ is not b.storage_:
        return OVERLAP_STATUS_NO
    return _same_storage_status(a.data_, b.data_)


cdef MemOverlapStatus _same_storage_status(object x, object y) except *:
    cdef Geom ga, gb
    cdef Py_ssize_t i, a_end, b_end
    _geom(x, &ga)
    _geom(y, &gb)
    if ga.numel == 0 or gb.numel == 0:
        return OVERLAP_STATUS_NO
    if not _non_overlapping_and_dense(&ga) or not _non_overlapping_and_dense(&gb):
        return OVERLAP_STATUS_TOO_HARD
    a_end = ga.addr + ga.numel * ga.itemsize
    b_end = gb.addr + gb.numel * gb.itemsize
    if ga.addr == gb.addr and a_end == b_end:
        # torch compares the strides in elements, as IntArrayRefs
        if ga.ndim != gb.ndim:
            return OVERLAP_STATUS_PARTIAL
        for i in range(ga.ndim):
            if ga.strides[i] * gb.itemsize != gb.strides[i] * ga.itemsize:
                return OVERLAP_STATUS_PARTIAL
        return OVERLAP_STATUS_FULL
    if ga.addr < b_end and gb.addr < a_end:
        return OVERLAP_STATUS_PARTIAL
    return OVERLAP_STATUS_NO


cdef int assert_no_partial_overlap(Tensor a, Tensor b) except -1:
    if a is b or a.storage_ is not b.storage_:
        return 0
    if _same_storage_status(a.data_, b.data_) == OVERLAP_STATUS_PARTIAL:
        raise RuntimeError(_PARTIAL_MSG)
    return 0


cdef int assert_no_overlap(Tensor a, Tensor b) except -1:
    cdef MemOverlapStatus s = get_overlap_status(a, b)
    if s == OVERLAP_STATUS_PARTIAL or s == OVERLAP_STATUS_FULL:
        raise RuntimeError(_PARTIAL_MSG)
    return 0


def _has_internal_overlap(Tensor t not None):
    """For tests: 0 NO, 1 YES, 2 TOO_HARD (at::has_internal_overlap)."""
    return <int>has_internal_overlap(t)


def _overlap_status(Tensor a not None, Tensor b not None):
    """For tests: 0 NO, 1 FULL, 2 PARTIAL, 3 TOO_HARD (at::get_overlap_status)."""
    return <int>get_overlap_status(a, b)
