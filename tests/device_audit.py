"""Issue 14 (2): the generated device audit. Every public op -- the names the
hostile-input sweep walks with dir() (cyautograd, Tensor methods,
nn.functional), so a new op is audited without touching this file -- is
called with simple valid arguments on the CPU and on a "cuda" tensor served
by the test backend (array-api-strict arrays, which refuse numpy conversion
and device mixing). The arguments are found, not listed: each op takes the
first argument template of TEMPLATES that it accepts on the CPU (OVERRIDES
names the few ops no generic template fits). A device run passes when

* it raises nothing where the CPU run did not;
* every tensor in its result is on the device (nothing fell back to numpy
  and came back a CPU tensor);
* its values (and non-tensor results) equal the CPU run's;
* the gradients it sends to its leaf inputs are on the device and equal the
  CPU run's (loss: sum of the float results times fixed weights).

The nn layers (MODULES) are audited the same way: one module made on the
CPU, a deep copy moved with .to("cuda"), the same input; outputs and
parameter gradients compared.

tests/test_device_audit.py holds the outcome to tests/golden/device_audit_known.json
(name -> the stage that failed): a new failure and a fixed entry still
listed both fail, so the list is always the exact set of unrouted ops.
Re-record with `PYTHONPATH=$PWD python tests/device_audit.py --record`.
"""
import copy
import json
import math
import os
import sys
import warnings

import numpy as np

DEBUG = False
HERE = os.path.dirname(os.path.abspath(__file__))
KNOWN_PATH = os.path.join(HERE, "golden", "device_audit_known.json")

# -- argument tokens -------------------------------------------------------------
# values in (0.1, 0.95), all distinct: every unary math op is defined on them
# (log, sqrt, asin, atanh, ...) and sort/median/max have no ties
X = [[0.5, 0.25, 0.875], [0.625, 0.125, 0.75]]
Y = [[0.3, 0.9, 0.45], [0.15, 0.6, 0.35]]
V = [0.2, 0.7, 0.4]
M = [[2.0, 0.5, 0.25], [0.5, 3.0, 0.125], [0.25, 0.125, 1.5]]    # symmetric positive definite
X3 = [[[0.5, 0.25, 0.875, 0.3], [0.625, 0.125, 0.75, 0.45]],
      [[0.2, 0.7, 0.4, 0.9], [0.15, 0.6, 0.35, 0.55]]]           # (2, 2, 4): batch, channels, length
X4 = [[[[0.1 * ((i * 7 + j * 3) % 10) + 0.05 for j in range(4)] for i in range(4)] for _ in range(2)]]  # (1, 2, 4, 4)


class Maker:
    """Builds the argument tokens on one device; every float token is a leaf
    that requires grad (in-place ops get a clone of it, so the leaf still
    receives the gradient)."""

    def __init__(self, C, dev, inplace):
        self.C, self.dev, self.inplace = C, dev, inplace
        self.leaves = []

    def _leaf(self, data, first=False):
        C = self.C
        t = C.tensor(data, dtype=C.float64, device=self.dev, requires_grad=True)
        self.leaves.append(t)
        return t.clone() if self.inplace else t

    def make(self, tok):
        C, dev = self.C, self.dev
        if not isinstance(tok, str) or not tok.startswith("$"):
            if isinstance(tok, tuple):
                return tuple(self.make(t) for t in tok)
            if isinstance(tok, list):
                return [self.make(t) for t in tok]
            return tok
        k = tok[1:]
        data = {"x": X, "y": Y, "z": [[0.4, 0.55, 0.65], [0.85, 0.35, 0.2]], "v": V, "v2": [0.6, 0.3, 0.8],
                "vs": sorted(V),   # boundaries: an unsorted sequence's search result is undefined
                "m": M, "x3": X3, "x4": X4, "w3": [[[0.5, -0.25], [0.125, 0.75]], [[0.3, 0.2], [-0.4, 0.6]]],
                "w4": [[[[0.5, -0.25], [0.125, 0.75]], [[0.3, 0.2], [-0.4, 0.6]]]],
                "b2": [0.1, -0.2], "s": 0.75, "q": [[0.3, -0.6], [0.9, 0.2]],
                "x3t": [[[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]], [[0.8, 0.1], [0.6, 0.3], [0.4, 0.5],
                                                                          [0.2, 0.7]]],
                "w33": [[[0.1 * (i + 2 * j + k) - 0.3 for k in range(3)] for j in range(3)] for i in range(2)],
                "x5": [[[[[0.5, 0.25], [0.875, 0.3]], [[0.625, 0.125], [0.75, 0.45]]]]],
                "w5": [[[[[0.5]]]]], "w4t": [[[[0.5, -0.25], [0.125, 0.75]]], [[[0.3, 0.2], [-0.4, 0.6]]]],
                "e": [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9], [1.0, 1.1, 1.2]],
                "one4": [[[[0.5]]]]}
        if k in data:
            return self._leaf(data[k])
        if k.endswith("c") and k[:-1] in data:     # the same values, a constant
            return C.tensor(data[k[:-1]], dtype=C.float64, device=dev)
        consts = {
            "i": ([[0], [2]], C.int64), "i1": ([0, 2], C.int64), "i2": ([[0, 1, 1], [1, 0, 1]], C.int64),
            "ix": ([[0, 2, 1], [2, 1, 0]], C.int64),
            "mask": ([[True, False, True], [False, True, True]], C.bool),
            "n": ([[3, 5, 6], [1, 2, 7]], C.int64), "nn": ([[2, 3, 4], [1, 2, 3]], C.int64),
            "t2": ([0, 2], C.int64), "pos": ([[0.5, 1.5, 2.0], [3.0, 0.75, 1.25]], C.float64),
            "cls": ([1, 0], C.int64), "tok": ([[1, 3], [0, 2]], C.int64),
            "sgn": ([[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]], C.float64), "r2": ([0, 1], C.int64),
            "pidx": ([[[0, 2], [0, 2]], [[1, 3], [1, 3]]], C.int64), "pidx4": ([[[[3]]]], C.int64),
            "mlt": ([[2, 0, -1], [1, -1, 0]], C.int64),
        }
        data, dt = consts[k]
        return C.tensor(data, dtype=dt, device=dev)


# the templates, tried in order: the first an op accepts on the CPU is its audit
TEMPLATES = [
    ("$x",), ("$x", "$y"), ("$x", 1), ("$x", 0), ("$x", 0.5), ("$x", 2), ("$x", "$y", "$z"),
    ("$x", "$y", 0.5), ("$x", "$v"), ("$m",), ("$m", "$m"), ("$v",), ("$v", "$v2"), ("$x", (1, 0)),
    ("$x", (3, 2)), ("$x", 6), ("$x", (6,)), ("$x", 1, "$i"), ("$x", 1, "$i", "$y"), ("$x", 1, "$i1"),
    ("$x", "$mask"), ("$x", "$mask", 0.5), ("$x", "$i1"), ("$n",), ("$n", "$nn"), ("$n", 2),
    ("$x3",), ("$x3", "$w3"), ("$x4",), ("$x4", "$w4"), ("$x4", 2), ("$x3", 2), ("$x", "$cls"),
    ("$x", [2, 1]), ("$x", "$y", 1), ("$x", 2, 1), ("$x", 1, 2), ("$x", 0, 1), ("$x", 0, 1, 2),
]

# ops no generic template fits, or whose first accepted template is degenerate
OVERRIDES = {
    "scatter": ("$x", 1, "$ix", "$y"), "scatter_": ("$x", 1, "$ix", "$y"),
    "scatter_add": ("$x", 1, "$i2", "$y"), "scatter_add_": ("$x", 1, "$i2", "$y"),
    "scatter_reduce": ("$x", 1, "$i2", "$y", "sum"), "scatter_reduce_": ("$x", 1, "$i2", "$y", "sum"),
    "index_add": ("$x", 1, "$i1", "$q"), "index_add_": ("$x", 1, "$i1", "$q"),
    "index_copy": ("$x", 1, "$i1", "$q"), "index_copy_": ("$x", 1, "$i1", "$q"),
    "index_fill": ("$x", 1, "$i1", 0.5), "index_fill_": ("$x", 1, "$i1", 0.5),
    "index_reduce": ("$x", 1, "$i1", "$q", "prod"), "index_reduce_": ("$x", 1, "$i1", "$q", "prod"),
    "masked_scatter": ("$x", "$mask", "$y"), "masked_scatter_": ("$x", "$mask", "$y"),
    "take_along_dim": ("$x", "$ix", 1), "take": ("$x", "$i1"), "put": ("$x", "$i1", "$b2"),
    "put_": ("$x", "$i1", "$b2"), "gather": ("$x", 1, "$ix"),
    "pow": ("$x", "$y"), "__pow__": ("$x", "$y"), "__rpow__": ("$x", 2.0), "float_power": ("$x", "$y"),
    "remainder": ("$x", "$y"), "fmod": ("$x", "$y"), "floor_divide": ("$xc", "$yc"),
    "__mod__": ("$x", "$y"), "__floordiv__": ("$xc", "$yc"), "__rfloordiv__": ("$xc", 2.0),
    "__rmod__": ("$x", 2.0),
    "unfold": ("$x", 1, 2, 1), "as_strided": ("$x", (2, 2), (1, 1)), "diagonal": ("$x",),
    "narrow": ("$x", 1, 0, 2), "narrow_copy": ("$x", 1, 0, 2), "index_put": ("$x", ("$r2", "$i1"), "$b2"),
    "index_put_": ("$x", ("$r2", "$i1"), "$b2"), "setitem": ("$x", ("$r2", "$i1"), "$b2"),
    "linear": ("$x", "$x"), "bilinear": ("$x", "$y", "$w33"), "conv3d": ("$x5", "$w5"),
    "conv1d": ("$x3", "$w3"), "conv2d": ("$x4", "$w4"), "conv_transpose1d": ("$x3", "$w3"),
    "conv_transpose2d": ("$x4", "$w4t"), "max_unpool1d": ("$w3", "$pidx", 2),
    "max_unpool2d": ("$one4", "$pidx4", 2), "unfold_nn": ("$x4", 2),
    "max_pool1d": ("$x3", 2), "avg_pool1d": ("$x3", 2), "max_pool2d": ("$x4", 2), "avg_pool2d": ("$x4", 2),
    "adaptive_avg_pool1d": ("$x3", 2), "adaptive_max_pool1d": ("$x3", 2),
    "adaptive_avg_pool2d": ("$x4", 2), "adaptive_max_pool2d": ("$x4", 2),
    "lp_pool1d": ("$x3", 2.0, 2), "lp_pool2d": ("$x4", 2.0, 2),
    "embedding": ("$tok", "$e"), "embedding_bag": ("$tok", "$e"), "one_hot": ("$cls",),
    "cross_entropy": ("$x", "$cls"), "nll_loss": ("$x", "$cls"), "multi_margin_loss": ("$x", "$cls"),
    "multilabel_margin_loss": ("$x", "$mlt"), "ctc_loss": None,
    "margin_ranking_loss": ("$v", "$v2", "$v"), "hinge_embedding_loss": ("$x", "$sgn"),
    "soft_margin_loss": ("$x", "$sgn"), "cosine_embedding_loss": ("$x", "$y", "$t2"),
    "triplet_margin_loss": ("$x", "$y", "$z"), "triplet_margin_with_distance_loss": ("$x", "$y", "$z"),
    "gaussian_nll_loss": ("$x", "$y", "$pos"), "poisson_nll_loss": ("$x", "$y"),
    "binary_cross_entropy": ("$x", "$y"), "multilabel_soft_margin_loss": ("$x", "$y"),
    "layer_norm": ("$x", (3,)), "group_norm": ("$x3", 1), "local_response_norm": ("$x3", 2),
    "instance_norm": ("$x3",), "rms_norm": ("$x", (3,)),
    "batch_norm": ("$x", "$v", "$v2"), "pad": ("$x", (1, 1)), "interpolate": ("$x3", None, 2.0),
    "pixel_shuffle": ("$x4", 1), "pixel_unshuffle": ("$x4", 2), "fold": None,
    "grid_sample": None, "affine_grid": None,
    "scaled_dot_product_attention": ("$x3", "$x3", "$x3"), "multi_head_attention_forward": None,
    "glu": ("$x3",), "prelu": ("$x", "$v"), "hardtanh": ("$x",), "threshold": ("$x", 0.3, 0.0),
    "addmm": ("$x", "$x", "$m"), "addmv": ("$v2", "$m", "$v"), "addr": ("$m", "$v", "$v2"),
    "addbmm": ("$q", "$x3", "$x3t"), "baddbmm": ("$w3", "$x3", "$x3t"), "bmm": ("$x3", "$x3t"),
    "diag_embed": ("$x",), "diagflat": ("$v",), "diag": ("$v",), "trace": ("$m",),
    "cross": ("$x", "$y", 1), "dsplit": ("$x3", 2), "kron": ("$v", "$v2"), "cdist": ("$x", "$y"), "dist": ("$x", "$y"),
    "tensordot": ("$x", "$y", 2), "inner": ("$x", "$y"), "outer": ("$v", "$v2"), "ger": ("$v", "$v2"),
    "histc": ("$x",), "bincount": ("$t2",), "bucketize": ("$x", "$vs"), "searchsorted": ("$vs", "$x"),
    "cov": ("$x",), "corrcoef": ("$x",), "cumulative_trapezoid": ("$x",), "trapezoid": ("$x",),
    "lerp": ("$x", "$y", 0.5), "addcmul": ("$x", "$y", "$z"), "addcdiv": ("$x", "$y", "$z"),
    "where": ("$mask", "$x", "$y"), "masked_fill": ("$x", "$mask", 0.5), "masked_select": ("$x", "$mask"),
    "clamp": ("$x", 0.3, 0.7), "clip": ("$x", 0.3, 0.7), "new_full": ("$x", (2,), 0.5),
    "new_tensor": None, "view_as": ("$x", "$y"), "expand_as": ("$v", "$x"), "reshape_as": ("$x", "$y"),
    "type_as": ("$x", "$y"), "to": None, "unflatten": ("$v", 0, (1, 3)),
    "repeat_interleave": ("$x", 2), "block_diag": ("$x", "$y"), "cartesian_prod": ("$v", "$v2"),
    "combinations": ("$v",), "tril_indices": None, "triu_indices": None,
    "chain_matmul": ("$m", "$m"), "matrix_power": ("$m", 2), "matrix_exp": ("$m",),
    "logdet": ("$m",), "slogdet": ("$m",), "det": ("$m",), "inverse": ("$m",), "pinverse": ("$m",),
    "cholesky": ("$m",), "cholesky_inverse": ("$m",), "cholesky_solve": ("$m", "$m"),
    "lu": ("$m",), "qr": ("$m",), "svd": ("$m",), "geqrf": ("$m",),
    "triangular_solve": ("$m", "$m"), "lstsq": ("$m", "$m"), "orgqr": None, "ormqr": None,
    "lu_solve": None, "lu_unpack": None, "symeig": ("$m",), "eig": None,
    "nanquantile": ("$x", 0.5), "quantile": ("$x", 0.5), "kthvalue": ("$x", 2), "topk": ("$x", 2),
    "mode": ("$x",), "renorm": ("$x", 2, 0, 1.0), "polygamma": (1, "$x"), "mvlgamma": ("$x", 1),
    "ldexp": ("$x", "$n"), "bitwise_left_shift": ("$n", "$nn"), "bitwise_right_shift": ("$n", "$nn"),
    "__lshift__": ("$n", "$nn"), "__rshift__": ("$n", "$nn"), "__ilshift__": ("$n", "$nn"),
    "__irshift__": ("$n", "$nn"), "gcd": ("$n", "$nn"), "lcm": ("$n", "$nn"),
    "heaviside": ("$xc", "$yc"), "histogram": ("$xc",), "atanh_": ("$xc",), "hypot": ("$x", "$y"), "nextafter": ("$x", "$y"),
    "copysign": ("$x", "$y"), "xlogy": ("$x", "$y"), "isin": ("$x", "$v"),
    "unique_consecutive": ("$x",), "index_select": ("$x", 1, "$i1"),
    "stft": None, "istft": None, "meshgrid": ("$v", "$v2"), "broadcast_tensors": ("$x", "$v"),
    "atleast_1d": ("$x",), "tensor_split": ("$x", 2, 1), "split": ("$x", 2, 1),
    "hsplit": ("$x", 3), "vsplit": ("$x", 2), "chunk": ("$x", 2, 1),
    "softmax": ("$x", 1), "log_softmax": ("$x", 1), "softmin": ("$x", 1), "gumbel_softmax": None,
    "normalize": ("$x",), "cosine_similarity": ("$x", "$y"), "pairwise_distance": ("$x", "$y"),
    "pdist": ("$x",), "kl_div": ("$x", "$y"), "huber_loss": ("$x", "$y"), "smooth_l1_loss": ("$x", "$y"),
    "l1_loss": ("$x", "$y"), "mse_loss": ("$x", "$y"), "binary_cross_entropy_with_logits": ("$x", "$y"),
    "rnn_tanh_cell": None, "rnn_relu_cell": None, "gru_cell": None, "lstm_cell": None,
    "select_scatter": ("$x", "$v", 0, 0), "slice_scatter": ("$x", "$y"),
    "diagonal_scatter": ("$x", "$b2", 0), "broadcast_to": ("$v", (2, 3)), "expand": ("$v", (2, 3)), "as_strided_scatter": None,
    "__getitem__": ("$x", ("$r2", "$i1")), "__setitem__": ("$x", ("$r2", "$i1"), "$b2"),
    "einsum": ("ij,kj->ik", "$x", "$y"), "unravel_index": ("$i1", (2, 3)),
    "Tensor.where": ("$x", "$mask", "$y"), "Tensor.polygamma": ("$x", 1), "Tensor.polygamma_": ("$x", 1),
    "functional.unfold": ("$x4", 2),
    "sum_to_size": ("$x", (1, 3)), "std_mean": ("$x",), "var_mean": ("$x",), "aminmax": ("$x",),
    "frexp": ("$x",), "nan_to_num": ("$x",), "logcumsumexp": ("$x", 1), "cummax": ("$x", 1),
    "cummin": ("$x", 1), "diff": ("$x",), "gradient": ("$x",), "rot90": ("$x",), "vander": ("$v",),
    "logaddexp": ("$x", "$y"), "logaddexp2": ("$x", "$y"), "atan2": ("$x", "$y"), "arctan2": ("$x", "$y"),
    "fmax": ("$x", "$y"), "fmin": ("$x", "$y"), "clamp_min": ("$x", 0.3), "clamp_max": ("$x", 0.7),
    "rrelu": ("$x",), "celu": ("$x",), "elu": ("$x",), "selu": ("$x",), "softshrink": ("$x",),
    "hardshrink": ("$x",), "tanhshrink": ("$x",), "softsign": ("$x",), "mish": ("$x",),
    "hardswish": ("$x",), "hardsigmoid": ("$x",), "relu6": ("$x",), "logsigmoid": ("$x",),
    "cat": (["$x", "$y"],), "concat": (["$x", "$y"],), "concatenate": (["$x", "$y"],), "stack": (["$x", "$y"],),
    "hstack": (["$x", "$y"],), "vstack": (["$x", "$y"],), "dstack": (["$x", "$y"],),
    "column_stack": (["$x", "$y"],), "row_stack": (["$x", "$y"],),
    "count_nonzero": ("$x",), "argsort": ("$x",), "msort": ("$x",), "sort": ("$x",),
    # torch.* forms of the functionals (every argument positional, as their bindings take them)
    "top.batch_norm": ("$x", "$v", "$v2", None, None, True, 0.1, 1e-5, False),
    "top.instance_norm": ("$x3", None, None, None, None, True, 0.1, 1e-5, False),
    "top.native_batch_norm": ("$x", "$v", "$v2", None, None, True, 0.1, 1e-5),
    "top.native_layer_norm": ("$x", (3,), "$v", "$v2", 1e-5),
    "top.native_group_norm": ("$x3", None, None, 2, 2, 4, 1, 1e-5),
    "top.native_channel_shuffle": ("$x4", 2), "top.embedding": ("$e", "$tok"),
    "top.poisson_nll_loss": ("$x", "$y", True, False, 1e-8, 1),
    "top.convolution": ("$x4", "$w4", None, (1, 1), (0, 0), (1, 1), False, (0, 0), 1),
    "top.dropout": ("$x", 0.5, True), "top.dropout_": ("$x", 0.5, True),
    "top.feature_dropout": ("$x3", 0.5, True), "top.feature_dropout_": ("$x3", 0.5, True),
    "top.alpha_dropout": ("$x", 0.5, True), "top.alpha_dropout_": ("$x", 0.5, True),
    "top.feature_alpha_dropout": ("$x3", 0.5, True), "top.feature_alpha_dropout_": ("$x3", 0.5, True),
    "top.native_dropout": ("$x", 0.5, True),
    "split_with_sizes": ("$x", [1, 2], 1), "unsafe_split_with_sizes": ("$x", [1, 2], 1),
    "split_with_sizes_copy": ("$x", [1, 2], 1), "expand_copy": ("$v", (2, 3)),
    "as_strided_copy": ("$x", (2, 2), (1, 1)),
}

# linalg: every public function of cyautograd.linalg, with its arguments
LINALG = {
    "inv": ("$m",), "det": ("$m",), "slogdet": ("$m",), "solve": ("$m", "$v"), "cholesky": ("$m",),
    "qr": ("$m",), "svd": ("$m",), "svdvals": ("$m",), "eigh": ("$m",), "eigvalsh": ("$m",),
    "norm": ("$x",), "vector_norm": ("$x",), "matrix_norm": ("$x",), "pinv": ("$m",),
    "matrix_rank": ("$m",), "matrix_power": ("$m", 2), "cross": ("$x", "$y"), "lstsq": ("$m", "$m"),
    "multi_dot": (["$m", "$m"],), "inv_ex": ("$m",), "cholesky_ex": ("$m",), "solve_ex": ("$m", "$v"),
    "lu_factor": ("$m",), "lu": ("$m",), "lu_solve": None, "lu_factor_ex": ("$m",), "ldl_factor": ("$m",),
    "ldl_factor_ex": ("$m",), "ldl_solve": None, "matrix_exp": ("$m",), "solve_triangular": ("$m", "$m", {"upper": True}),
    "cond": ("$m",), "vecdot": ("$x", "$y"), "tensorinv": None, "tensorsolve": None,
    "householder_product": None, "eig": None, "eigvals": None, "diagonal": ("$m",),
    "vander": ("$v",), "matmul": ("$m", "$m"),
}

# never audited, with the reason: what they answer is host-side by design,
# or they create/mutate process state rather than compute on a tensor
EXEMPT = {
    "numpy": "the host copy itself: a device tensor raises torch's message (test_device_strict)",
    "__array__": "numpy's conversion: refused on a device, as torch's", "__array_wrap__": "numpy protocol",
    "__dlpack__": "test_dlpack", "__dlpack_device__": "test_dlpack", "cpu": "moves to the host by design",
    "to": "device moves: test_device_strict", "cuda": "device moves: test_device_strict",
    "data_ptr": "an address", "const_data_ptr": "an address", "mutable_data_ptr": "an address",
    "to_dlpack": "a capsule: test_dlpack", "storage": "host storage view", "untyped_storage": "host storage view",
    "storage_offset": "geometry", "__reduce_ex__": "pickling: serialization tests",
    "__deepcopy__": "copy protocol", "__setstate__": "pickling", "tolist": "host values by design",
    "item": "host value by design", "__index__": "host value", "__int__": "host value",
    "__float__": "host value", "__bool__": "host value", "__complex__": "host value",
    "from_numpy": "host arrays by design", "as_tensor": "factory", "asarray": "factory", "tensor": "factory",
    "save": "file IO", "load": "file IO", "get_include": "build paths", "from_dlpack": "test_dlpack",
    "pin_memory": "host memory", "is_pinned": "host memory", "share_memory_": "host memory",
    "backward": "the engine: test_device_strict", "register_hook": "hooks: test_device_strict",
    "set_": "storage", "resize_": "storage", "resize_as_": "storage", "new_tensor": "factory",
    "apply_": "a Python callable per element (host by definition)", "map_": "host callable",
    "get_device": "the device index itself (-1 on the CPU by definition)",
    "manual_seed": "process state", "seed": "process state", "set_rng_state": "process state",
    "set_printoptions": "process state (a tensor as the precision breaks every later repr)",
    "use_deterministic_algorithms": "process state", "are_deterministic_algorithms_enabled": "process state",
    "is_deterministic_algorithms_warn_only_enabled": "process state",
    "set_deterministic_debug_mode": "process state", "get_deterministic_debug_mode": "process state",
    "set_float32_matmul_precision": "process state", "get_float32_matmul_precision": "process state",
    "set_default_tensor_type": "process state", "is_autocast_enabled": "process state",
    "compile": "returns its argument's computation (NOTE [ compile ])",
    # process-wide settings and queries (no tensor argument): their getters/setters
    "get_num_threads": "process state", "set_num_threads": "process state",
    "get_num_interop_threads": "process state", "set_num_interop_threads": "process state",
    "init_num_threads": "process state", "get_default_dtype": "process state",
    "set_default_dtype": "process state", "get_default_device": "process state",
    "set_default_device": "process state", "get_rng_state": "process state", "initial_seed": "process state",
    "is_grad_enabled": "process state", "is_inference_mode_enabled": "process state",
    "is_anomaly_enabled": "process state", "is_anomaly_check_nan_enabled": "process state",
    "set_anomaly_enabled": "process state", "is_warn_always_enabled": "process state",
    "set_warn_always": "process state", "set_flush_denormal": "process state",
    "autocast_increment_nesting": "process state", "autocast_decrement_nesting": "process state",
    "clear_autocast_cache": "process state", "is_autocast_cache_enabled": "process state",
    "set_autocast_cache_enabled": "process state", "get_autocast_dtype": "process state",
    "set_autocast_dtype": "process state", "set_autocast_enabled": "process state",
    "compiled_with_cxx11_abi": "build information", "is_vulkan_available": "build information",
    "get_device_module": "a module, no computation", "can_cast": "dtype rules, no tensor",
    "promote_types": "dtype rules, no tensor", "broadcast_shapes": "shape arithmetic, no tensor",
    "from_file": "file IO", "frombuffer": "host buffers by design",
    "array_module": "the backend's namespace, no computation", "device_of": "a device query",
    "__array_priority__": "numpy protocol",
    # removed from torch: raise torch's explanation whatever the arguments
    "eig": "removed API", "lstsq": "removed API", "solve": "removed API", "symeig": "removed API",
    "matrix_rank": "removed API", "reinforce": "removed API",
    # sparse layouts only: a strided tensor (every tensor here) raises torch's refusal
    "indices": "sparse only", "values": "sparse only", "crow_indices": "sparse only",
    "col_indices": "sparse only", "ccol_indices": "sparse only", "row_indices": "sparse only",
    "coalesce": "sparse only", "is_coalesced": "sparse only",
}
# factories: no tensor argument; their device= placement is test_device_strict's
for _f in ("zeros", "ones", "empty", "full", "arange", "range", "linspace", "logspace", "eye", "rand", "randn",
           "randint", "randperm", "scalar_tensor", "empty_strided", "empty_permuted", "tril_indices",
           "triu_indices", "hann_window", "hamming_window", "bartlett_window", "blackman_window",
           "kaiser_window"):
    EXEMPT[_f] = "factory"
for _dev in ("cpu", "gpu", "ipu", "xla"):
    for _w in ("get_autocast_%s_dtype", "set_autocast_%s_dtype", "is_autocast_%s_enabled",
               "set_autocast_%s_enabled"):
        EXEMPT[_w % _dev] = "process state"

# random ops: compared by shape, dtype and device only (the streams differ)
RANDOM_WORDS = ("rand", "bernoulli", "multinomial", "normal", "dropout", "poisson", "exponential",
                "geometric", "cauchy", "uniform", "random", "rrelu", "gumbel", "fractional")

# nn layers: (name, constructor, input tokens)
MODULES = [
    ("Linear", lambda nn: nn.Linear(3, 2), ("$x",)),
    ("Bilinear", lambda nn: nn.Bilinear(3, 3, 2), ("$x", "$y")),
    ("Conv1d", lambda nn: nn.Conv1d(2, 3, 2), ("$x3",)),
    ("Conv2d", lambda nn: nn.Conv2d(2, 2, 2), ("$x4",)),
    ("ConvTranspose1d", lambda nn: nn.ConvTranspose1d(2, 2, 2), ("$x3",)),
    ("ConvTranspose2d", lambda nn: nn.ConvTranspose2d(2, 2, 2), ("$x4",)),
    ("MaxPool1d", lambda nn: nn.MaxPool1d(2), ("$x3",)),
    ("MaxPool2d", lambda nn: nn.MaxPool2d(2), ("$x4",)),
    ("AvgPool1d", lambda nn: nn.AvgPool1d(2), ("$x3",)),
    ("AvgPool2d", lambda nn: nn.AvgPool2d(2), ("$x4",)),
    ("AdaptiveAvgPool2d", lambda nn: nn.AdaptiveAvgPool2d(1), ("$x4",)),
    ("Embedding", lambda nn: nn.Embedding(4, 3), ("$tok",)),
    ("EmbeddingBag", lambda nn: nn.EmbeddingBag(4, 3), ("$tok",)),
    ("LayerNorm", lambda nn: nn.LayerNorm(3), ("$x",)),
    ("BatchNorm1d", lambda nn: nn.BatchNorm1d(3), ("$x",)),
    ("BatchNorm2d", lambda nn: nn.BatchNorm2d(2), ("$x4",)),
    ("GroupNorm", lambda nn: nn.GroupNorm(1, 2), ("$x3",)),
    ("RNN", lambda nn: nn.RNN(4, 3, batch_first=True), ("$x3",)),
    ("LSTM", lambda nn: nn.LSTM(4, 3, batch_first=True), ("$x3",)),
    ("GRU", lambda nn: nn.GRU(4, 3, batch_first=True), ("$x3",)),
    ("RNNCell", lambda nn: nn.RNNCell(3, 2), ("$x",)),
    ("LSTMCell", lambda nn: nn.LSTMCell(3, 2), ("$x",)),
    ("GRUCell", lambda nn: nn.GRUCell(3, 2), ("$x",)),
    ("MultiheadAttention", lambda nn: nn.MultiheadAttention(4, 2, batch_first=True), ("$x3", "$x3", "$x3")),
    ("TransformerEncoderLayer", lambda nn: nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0, batch_first=True),
     ("$x3",)),
    ("TransformerDecoderLayer", lambda nn: nn.TransformerDecoderLayer(4, 2, 8, dropout=0.0, batch_first=True),
     ("$x3", "$x3")),
    ("CrossEntropyLoss", lambda nn: nn.CrossEntropyLoss(), ("$x", "$cls")),
    ("MSELoss", lambda nn: nn.MSELoss(), ("$x", "$y")),
    ("PReLU", lambda nn: nn.PReLU(), ("$x",)),
    ("Flatten", lambda nn: nn.Flatten(), ("$x3",)),
    ("Unflatten", lambda nn: nn.Unflatten(1, (1, 3)), ("$x",)),
    ("PixelShuffle", lambda nn: nn.PixelShuffle(1), ("$x4",)),
    ("Upsample", lambda nn: nn.Upsample(scale_factor=2), ("$x3",)),
]


# -- running ---------------------------------------------------------------------

def _tensors(x, C, out):
    if isinstance(x, C.Tensor):
        out.append(x)
    elif isinstance(x, (list, tuple)):
        for y in x:
            _tensors(y, C, out)
    elif isinstance(x, dict):
        for y in x.values():
            _tensors(y, C, out)
    return out


def _plain(x, C):
    """Values of a result, with every tensor reduced to host data; the
    device check happens before this."""
    if isinstance(x, C.Tensor):
        arr = x.detach().cpu().numpy() if x.numel() else np.zeros(tuple(x.shape))
        return ("T", str(x.dtype), tuple(x.shape), arr)
    if isinstance(x, (list, tuple)):
        return [_plain(y, C) for y in x]
    if isinstance(x, dict):
        return {k: _plain(v, C) for k, v in x.items()}
    if isinstance(x, (float, np.floating)):
        return round(float(x), 9) if math.isfinite(x) else repr(float(x))
    if isinstance(x, (C.device,)):
        return "device"      # compared by the device check, not the value
    if callable(x) or type(x).__module__.startswith("cyautograd.") and not isinstance(x, C.dtype):
        return type(x).__name__
    return x


def _has_tensor(p):
    if isinstance(p, tuple) and p and p[0] == "T":
        return True
    if isinstance(p, (list, tuple)):
        return any(_has_tensor(q) for q in p)
    if isinstance(p, dict):
        return any(_has_tensor(q) for q in p.values())
    return False


def _same(a, b, loose):
    if isinstance(a, tuple) and a and a[0] == "T":
        if not (isinstance(b, tuple) and b and b[0] == "T" and a[1:3] == b[1:3]):
            return False
        if loose:
            return True
        x, y = a[3], b[3]
        if x.dtype.kind in "fc":
            return bool(np.allclose(x, y, rtol=1e-9, atol=1e-12, equal_nan=True))
        return bool(np.array_equal(x, y))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(p, q, loose) for p, q in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k], loose) for k in a)
    return a == b or (loose and type(a) is type(b))


def _weights(C, t, dev):
    n = t.numel()
    w = [math.cos(0.7 * i + 0.3) for i in range(n)]
    return C.tensor(w, dtype=t.dtype, device=dev).reshape(tuple(t.shape))


class _State:
    """The process state a successful call may set, restored after it."""

    def __init__(self, C):
        self.C = C
        self.dtype = C.get_default_dtype()
        self.grad = C.is_grad_enabled()

    def restore(self):
        self.C.set_default_dtype(self.dtype)
        self.C.set_grad_enabled(self.grad)


def run_once(C, fn, tokens, dev, inplace, random):
    """Call fn with the tokens made on dev; (result, grads) as host data, or
    raise with the stage that failed ("call", "device", "grad-device")."""
    mk = Maker(C, dev, inplace)
    kwargs = {}
    if tokens and isinstance(tokens[-1], dict):      # keyword arguments last
        kwargs, tokens = tokens[-1], tokens[:-1]
    args = mk.make(tuple(tokens))
    if random:
        C.manual_seed(0)
    res = fn(*args, **kwargs)
    if hasattr(res, "__next__"):      # Tensor.__iter__
        res = list(res)
    outs = _tensors(res, C, [])
    if dev != "cpu":
        for t in outs:
            if not t.is_cuda:
                raise _Stage("device", "a result tensor is on the host")
    loss = None
    for t in outs:
        if t.requires_grad and t.dtype.is_floating_point and t.numel():
            term = (t * _weights(C, t, dev)).sum()
            loss = term if loss is None else loss + term
    grads = None
    if loss is not None:
        loss.backward()
        grads = [g.grad for g in mk.leaves]
        if dev != "cpu":
            for g in grads:
                if g is not None and not g.is_cuda:
                    raise _Stage("grad-device", "a gradient is on the host")
    return _plain(res, C), (None if grads is None else _plain(grads, C))


class _Stage(Exception):
    def __init__(self, stage, msg):
        super().__init__(msg)
        self.stage = stage


def public_ops():
    """(qualified name, callable getter, inplace, tokens or None) for every
    audited op."""
    import inspect

    import cyautograd as C
    sys.path.insert(0, HERE)
    import test_hostile_inputs as H
    ops = []
    for ns, name, kind in H.public_names():
        # linalg: its own list below, with the arguments each function needs
        # nn and optim: constructors (a layer's ops are the functional ones audited here)
        if ns in ("autograd", "linalg", "nn", "optim") or kind == "property" or name in EXEMPT:
            continue
        if ns == "top":
            get = (lambda n: lambda: getattr(C, n))(name)
        elif ns == "functional":
            get = (lambda n: lambda: getattr(C.nn.functional, n))(name)
        elif ns == "special":
            get = (lambda n: lambda: getattr(C.special, n))(name)
        else:
            get = (lambda n: lambda: getattr(C.Tensor, n))(name)
        v = get()
        if ns == "top" and inspect.isclass(v):
            continue      # dtypes, devices, Size, Generator, ...: no computation
        bare = name.strip("_")
        inplace = name.endswith("_") and not name.endswith("__") or (
            name.startswith("__i") and name.endswith("__") and name not in ("__index__", "__init__", "__iter__",
                                                                           "__invert__"))
        if name in ("__setitem__", "setitem"):
            inplace = True
        key = next((k for k in (f"{ns}.{name}", name, bare) if k in OVERRIDES), None)
        ops.append((f"{ns}.{name}", get, inplace, OVERRIDES[key] if key is not None else False))
    for name, toks in LINALG.items():
        if hasattr(C.linalg, name):
            ops.append((f"linalg.{name}", (lambda n: lambda: getattr(C.linalg, n))(name), False, toks))
    return ops


def _is_random(qname):
    n = qname.split(".", 1)[1].lower()
    return any(w in n for w in RANDOM_WORDS)


def audit_one(C, qname, get, inplace, tokens):
    """'ok', 'skip' (no template fits on the CPU) or the stage that failed on
    the device: 'raises', 'device', 'value', 'grad-device', 'grad'."""
    fn = get()
    random = _is_random(qname)
    state = _State(C)
    cands = [tokens] if tokens else ([] if tokens is None else TEMPLATES)
    chosen = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for toks in cands:
            try:
                want = run_once(C, fn, toks, "cpu", inplace, random)
            except Exception as e:   # noqa: BLE001 - a template the op does not take
                if DEBUG:
                    print("cpu", qname, toks, type(e).__name__, str(e)[:150])
                continue
            finally:
                state.restore()
            chosen = toks
            break
        if chosen is None:
            return "skip", None
        try:
            got = run_once(C, fn, chosen, "cuda", inplace, random)
        except _Stage as e:
            return e.stage, chosen
        except Exception as e:   # noqa: BLE001 - the op is not routed
            if DEBUG:
                import traceback
                tbs = traceback.extract_tb(e.__traceback__)
                tb = tbs[-1]
                while tb.filename.endswith("tensor.pyx") and len(tbs) > 1:
                    tbs.pop()
                    tb = tbs[-1]
                print("dev", qname, type(e).__name__, str(e)[:120].replace("\n", " "),
                      f"@{os.path.basename(tb.filename)}:{tb.lineno}")
            return "raises", chosen
        finally:
            state.restore()
    if not _same(got[0], want[0], random):
        return "value", chosen
    if want[1] is not None and not _same(got[1], want[1], random):
        return "grad", chosen
    return "ok", chosen


def audit_module(C, name, ctor, tokens):
    nn = C.nn
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        C.manual_seed(0)
        try:
            m = ctor(nn).double()
        except Exception:   # noqa: BLE001
            return "skip"
        md = copy.deepcopy(m)
        try:
            md = md.to("cuda")
        except Exception:   # noqa: BLE001
            return "raises"
        results = []
        for mod, dev in ((m, "cpu"), (md, "cuda")):
            mk = Maker(C, dev, False)
            args = mk.make(tuple(tokens))
            try:
                out = mod(*args)
            except Exception:   # noqa: BLE001
                if dev == "cpu":
                    return "skip"
                return "raises"
            outs = _tensors(out, C, [])
            if dev != "cpu" and not all(t.is_cuda for t in outs):
                return "device"
            loss = None
            for t in outs:
                if t.requires_grad and t.dtype.is_floating_point:
                    term = (t * _weights(C, t, dev)).sum()
                    loss = term if loss is None else loss + term
            grads = []
            if loss is not None:
                try:
                    loss.backward()
                except Exception:   # noqa: BLE001
                    if dev == "cpu":
                        return "skip"
                    return "raises"
                grads = [p.grad for p in mod.parameters()] + [t.grad for t in mk.leaves]
                if dev != "cpu" and not all(g is None or g.is_cuda for g in grads):
                    return "grad-device"
            results.append((_plain(out, C), _plain(grads, C)))
    if not _same(results[0][0], results[1][0], False):
        return "value"
    if not _same(results[0][1], results[1][1], False):
        return "grad"
    return "ok"


def audit():
    """{qualified name: outcome} over every op and module (strict backend;
    CuPy with CYAUTOGRAD_DEVICE_SUITE=cupy, NOTE [ The device suite on a real GPU ])."""
    import cyautograd as C
    from cyautograd import backend
    prev = backend._test_provider_cls
    rng = C.get_rng_state()       # the random ops reseed; the rest of the suite keeps its stream
    real = os.environ.get("CYAUTOGRAD_DEVICE_SUITE") == "cupy"
    backend.use_test_backend(None if real else "array_api_strict")
    try:
        out = {}
        for qname, get, inplace, tokens in public_ops():
            out[qname] = audit_one(C, qname, get, inplace, tokens)[0]
        for name, ctor, tokens in MODULES:
            out["nn." + name] = audit_module(C, name, ctor, tokens)
        return out
    finally:
        C.set_rng_state(rng)
        backend._test_provider_cls = prev
        backend._provider = backend._provider_error = None


def failures(result):
    return {k: v for k, v in sorted(result.items()) if v not in ("ok", "skip")}


def load_known():
    with open(KNOWN_PATH) as f:
        return json.load(f)


def record():
    res = audit()
    with open(KNOWN_PATH, "w") as f:
        json.dump(failures(res), f, indent=1, sort_keys=True)
        f.write("\n")
    return res


if __name__ == "__main__":
    import collections
    import time
    t0 = time.time()
    DEBUG = "-d" in sys.argv
    res = record() if "--record" in sys.argv else audit()
    fails = failures(res)
    print(collections.Counter(res.values()), f"{time.time() - t0:.1f}s")
    if "--json" in sys.argv:       # every outcome, for a run on a real GPU
        with open(sys.argv[sys.argv.index("--json") + 1], "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)
    if "-v" in sys.argv:
        for k, v in sorted(res.items()):
            if v != "ok":
                print(f"{v:12s} {k}")
