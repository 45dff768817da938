"""The pieces real programs use that issue 15's audit found missing, run
against torch (tests/harness.py): torch.linalg.lu / lu_factor(_ex) / lu_solve,
torch.lu / lu_unpack / lu_solve / triangular_solve / geqrf; max_pool3d,
avg_pool3d, the adaptive 3-D pools and their modules; conv_transpose3d and
ConvTranspose3d; grid_sample and affine_grid; the Lazy modules. Values,
gradients (and second derivatives of the factorizations), grad_fn names and
errors are compared, on hand-written cases and on configurations generated
from a fixed seed."""
import random

from cases_nn import _fill, _x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _gf(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__


def _err(fn):
    def run(T):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                fn(T)
            except Exception as e:  # noqa: BLE001 - the error is the observable
                return [type(e).__name__, str(e)]
        return "no error"
    return run


def _quiet(fn):
    def run(T):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(T)
    return run


def _w(T, y, seed=9):
    return _x(T, tuple(y.shape), seed, str(y.dtype).split(".")[-1], scale=1.0)


def _flat(out):
    if isinstance(out, (tuple, list)):
        r = []
        for o in out:
            r += _flat(o)
        return r
    return [out]


def _run(T, f, inputs):
    """outputs (value, grad_fn, dtype), then every input's gradient after a fixed
    weighted sum of the float outputs that require grad."""
    outs = _flat(f(T, *inputs))
    loss = None
    for i, o in enumerate(outs):
        if isinstance(o, T.Tensor) and o.is_floating_point() and o.requires_grad:
            term = (o * _w(T, o, 9 + i)).sum()
            loss = term if loss is None else loss + term
    if loss is not None:
        loss.backward()
    res = [[o.detach(), _gf(o)] if isinstance(o, T.Tensor) else o for o in outs]
    return res + [x.grad for x in inputs if isinstance(x, T.Tensor) and x.requires_grad]


def _mat(T, shape, seed, dtype, diag=3.0):
    """a well-conditioned matrix (batch): sines plus diag on the diagonal"""
    x = _x(T, shape, seed, dtype)
    m, n = shape[-2], shape[-1]
    return (x + diag * T.eye(m, n, dtype=x.dtype)).detach().requires_grad_()


# ============================================================== LU / QR
_LU_SHAPES = {"sq": (3, 3), "wide": (3, 5), "tall": (5, 3), "batch": (2, 4, 4), "one": (1, 1),
              "batch_wide": (2, 2, 3)}
for _sn, _shape in _LU_SHAPES.items():
    for _dt in ("float32", "float64"):
        CASES[f"lu_factor_{_sn}_{_dt}"] = lambda T, s=_shape, dt=_dt: _run(
            T, lambda T, A: T.linalg.lu_factor(A), [_mat(T, s, 1, dt)])
        CASES[f"lu_factor_ex_{_sn}_{_dt}"] = lambda T, s=_shape, dt=_dt: _run(
            T, lambda T, A: T.linalg.lu_factor_ex(A), [_mat(T, s, 2, dt)])
        CASES[f"linalg_lu_{_sn}_{_dt}"] = lambda T, s=_shape, dt=_dt: _run(
            T, lambda T, A: T.linalg.lu(A), [_mat(T, s, 3, dt)])
        CASES[f"lu_unpack_{_sn}_{_dt}"] = lambda T, s=_shape, dt=_dt: _run(
            T, lambda T, A: T.lu_unpack(*T.linalg.lu_factor(A)), [_mat(T, s, 4, dt)])
        CASES[f"torch_lu_{_sn}_{_dt}"] = _quiet(lambda T, s=_shape, dt=_dt: _run(
            T, lambda T, A: T.lu(A, get_infos=True), [_mat(T, s, 5, dt)]))
        CASES[f"geqrf_{_sn}_{_dt}"] = lambda T, s=_shape, dt=_dt: list(
            T.geqrf(_mat(T, s, 6, dt).detach()))


@case
def lu_pivoting_rows(T):
    # rows that force pivoting, and a singular matrix (lu_factor_ex reports info)
    A = T.tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 9.0]], requires_grad=True)
    r = _run(T, lambda T, A: T.linalg.lu(A), [A])
    S = T.tensor([[1.0, 2.0], [2.0, 4.0]])
    return r + [list(T.linalg.lu_factor_ex(S)), list(T.linalg.lu(S))]


for _dt in ("float32", "float64"):
    for _left in (True, False):
        for _adj in (True, False):
            def _c(T, dt=_dt, left=_left, adj=_adj):
                A = _mat(T, (2, 3, 3), 1, dt)
                B = _x(T, (2, 3, 2) if left else (2, 2, 3), 2, dt, requires_grad=True)
                return _run(T, lambda T, A, B: T.linalg.lu_solve(*T.linalg.lu_factor(A), B,
                                                                 left=left, adjoint=adj), [A, B])
            CASES[f"lu_solve_left{int(_left)}_adj{int(_adj)}_{_dt}"] = _c

CASES["lu_solve_deprecated"] = _quiet(lambda T: _run(
    T, lambda T, A, b: T.lu_solve(b, *T.linalg.lu_factor(A)),
    [_mat(T, (3, 3), 1, "float64"), _x(T, (3, 1), 2, "float64", requires_grad=True)]))

for _dt in ("float32", "float64"):
    for _up in (True, False):
        for _tr in (True, False):
            for _unit in (True, False):
                def _c(T, dt=_dt, up=_up, tr=_tr, unit=_unit):
                    A = _mat(T, (3, 3), 3, dt)
                    b = _x(T, (2, 3, 2), 4, dt, requires_grad=True)   # batch broadcast
                    return _run(T, lambda T, A, b: T.triangular_solve(
                        b, A, upper=up, transpose=tr, unitriangular=unit), [A, b])
                CASES[f"triangular_solve_u{int(_up)}_t{int(_tr)}_unit{int(_unit)}_{_dt}"] = \
                    _quiet(_c)


@case
def lu_double_backward(T):
    A = _mat(T, (3, 3), 7, "float64")
    LU, piv = T.linalg.lu_factor(A)
    g, = T.autograd.grad((LU * _w(T, LU)).sum(), A, create_graph=True)
    gg, = T.autograd.grad((g * g).sum(), A)
    P, L, U = T.linalg.lu(A)
    h, = T.autograd.grad((L * L).sum() + (U * _w(T, U)).sum(), A, create_graph=True)
    hh, = T.autograd.grad(h.sum(), A)
    B = _x(T, (3, 2), 1, "float64", requires_grad=True)
    X = T.linalg.lu_solve(LU, piv, B)
    k, = T.autograd.grad((X * X).sum(), B, create_graph=True)
    kk = T.autograd.grad(k.sum(), [A, B])
    return [g.detach(), gg, h.detach(), hh, k.detach(), list(kk)]


@case
def geqrf_grad_err(T):
    a, tau = T.geqrf(_mat(T, (3, 3), 1, "float32"))
    out = [_gf(a), _gf(tau)]
    try:
        a.sum().backward()
    except Exception as e:  # noqa: BLE001
        out += [type(e).__name__, str(e)]
    return out


CASES["lu_factor_singular_err"] = _err(lambda T: T.linalg.lu_factor(T.zeros(2, 2)))
CASES["lu_factor_batch_singular_err"] = _err(
    lambda T: T.linalg.lu_factor(T.stack([T.eye(2), T.zeros(2, 2)])))
CASES["lu_factor_ex_check_err"] = _err(
    lambda T: T.linalg.lu_factor_ex(T.zeros(3, 3), check_errors=True))
CASES["lu_factor_dim_err"] = _err(lambda T: T.linalg.lu_factor(T.zeros(3)))
CASES["lu_factor_int_err"] = _err(lambda T: T.linalg.lu_factor(T.zeros(3, 3, dtype=T.long)))
CASES["lu_factor_nopivot_err"] = _err(lambda T: T.linalg.lu_factor(T.eye(2), pivot=False))
CASES["linalg_lu_dim_err"] = _err(lambda T: T.linalg.lu(T.ones(3)))
CASES["linalg_lu_nopivot_err"] = _err(lambda T: T.linalg.lu(T.eye(2), pivot=False))
CASES["torch_lu_singular_ok"] = _quiet(lambda T: list(T.lu(T.zeros(2, 2))))
CASES["lu_solve_square_err"] = _err(lambda T: T.linalg.lu_solve(
    T.ones(2, 3), T.ones(2, dtype=T.int32), T.ones(2, 1)))
CASES["lu_solve_pivots_n_err"] = _err(lambda T: T.linalg.lu_solve(
    T.eye(2), T.ones(3, dtype=T.int32), T.ones(2, 1)))
CASES["lu_solve_B_dim_err"] = _err(lambda T: T.linalg.lu_solve(
    T.eye(2), T.ones(2, dtype=T.int32), T.ones(2)))
CASES["lu_solve_dtype_err"] = _err(lambda T: T.linalg.lu_solve(
    T.eye(2), T.ones(2, dtype=T.int32), T.ones(2, 2, dtype=T.float64)))
CASES["lu_solve_pivots_dtype_err"] = _err(lambda T: T.linalg.lu_solve(
    T.eye(2), T.ones(2), T.ones(2, 1)))
CASES["lu_solve_shape_err"] = _err(lambda T: T.linalg.lu_solve(
    T.eye(2), T.ones(2, dtype=T.int32), T.ones(3, 1)))
CASES["lu_solve_right_shape_err"] = _err(lambda T: T.linalg.lu_solve(
    T.eye(2), T.ones(2, dtype=T.int32), T.ones(2, 1), left=False))
CASES["triangular_solve_b_dim_err"] = _err(lambda T: T.triangular_solve(T.ones(3), T.eye(3)))
CASES["triangular_solve_A_dim_err"] = _err(
    lambda T: T.triangular_solve(T.ones(3, 1), T.eye(3)[0]))
CASES["triangular_solve_square_err"] = _err(
    lambda T: T.triangular_solve(T.ones(3, 1), T.ones(3, 4)))
CASES["triangular_solve_size_err"] = _err(lambda T: T.triangular_solve(T.ones(3, 1), T.eye(2)))
CASES["triangular_solve_dtype_err"] = _err(
    lambda T: T.triangular_solve(T.ones(3, 1, dtype=T.float64), T.eye(3)))
CASES["geqrf_dim_err"] = _err(lambda T: T.geqrf(T.ones(3)))
CASES["geqrf_int_err"] = _err(lambda T: T.geqrf(T.ones(3, 3, dtype=T.long)))
CASES["lu_unpack_pivots_err"] = _err(lambda T: T.lu_unpack(T.eye(2), T.tensor([1, 2])))
CASES["lu_unpack_no_data"] = lambda T: list(T.lu_unpack(
    T.eye(2), T.tensor([1, 2], dtype=T.int32), unpack_data=False))
CASES["where_lu_names"] = lambda T: [
    [n, hasattr(T, n), hasattr(T.Tensor, n)] for n in
    ("lu", "lu_unpack", "lu_solve", "triangular_solve", "geqrf")] + [
    [n, hasattr(T.linalg, n)] for n in ("lu", "lu_factor", "lu_factor_ex", "lu_solve",
                                        "solve_triangular")]


# ============================================================== 3-D pools
def _inp(T, shape, seed=0, dtype="float32"):
    return _x(T, shape, seed, dtype, requires_grad=True)


_POOL3 = {
    "max_k2": lambda T, x: T.nn.functional.max_pool3d(x, 2),
    "max_k3_s2_p1": lambda T, x: T.nn.functional.max_pool3d(x, 3, 2, 1),
    "max_dil_ceil": lambda T, x: T.nn.functional.max_pool3d(x, (2, 2, 1), (1, 2, 2), 0,
                                                             dilation=(2, 1, 1), ceil_mode=True),
    "max_indices": lambda T, x: T.nn.functional.max_pool3d(x, 2, 1, return_indices=True),
    "avg_k2": lambda T, x: T.nn.functional.avg_pool3d(x, 2),
    "avg_pad_nocount": lambda T, x: T.nn.functional.avg_pool3d(x, 3, 2, 1,
                                                               count_include_pad=False),
    "avg_pad_count": lambda T, x: T.nn.functional.avg_pool3d(x, (3, 1, 3), 1, (1, 0, 1)),
    "avg_divisor": lambda T, x: T.nn.functional.avg_pool3d(x, 2, divisor_override=3),
    "adaptive_avg": lambda T, x: T.nn.functional.adaptive_avg_pool3d(x, (2, 3, 2)),
    "adaptive_avg_none": lambda T, x: T.nn.functional.adaptive_avg_pool3d(x, (None, 2, 1)),
    "adaptive_avg_one": lambda T, x: T.nn.functional.adaptive_avg_pool3d(x, 1),
    "adaptive_max": lambda T, x: T.nn.functional.adaptive_max_pool3d(x, (2, 3, 2)),
    "adaptive_max_idx": lambda T, x: T.nn.functional.adaptive_max_pool3d(x, 2,
                                                                         return_indices=True),
    "module_max": lambda T, x: T.nn.MaxPool3d(2, stride=1, padding=1)(x),
    "module_avg": lambda T, x: T.nn.AvgPool3d((1, 2, 2))(x),
    "module_adaptive_avg": lambda T, x: T.nn.AdaptiveAvgPool3d(3)(x),
    "module_adaptive_max": lambda T, x: T.nn.AdaptiveMaxPool3d((1, 2, 3), return_indices=True)(x),
}
for _n, _f in _POOL3.items():
    for _dt in ("float32", "float64"):
        CASES[f"pool3d_{_n}_{_dt}"] = lambda T, f=_f, dt=_dt: _run(
            T, f, [_inp(T, (2, 2, 5, 4, 5), 0, dt)])
    CASES[f"pool3d_{_n}_unbatched"] = lambda T, f=_f: _run(T, f, [_inp(T, (2, 4, 5, 4), 1)])

CASES["pool3d_reprs"] = lambda T: [repr(m) for m in (
    T.nn.MaxPool3d(2), T.nn.MaxPool3d((1, 2, 3), 1, 0, 1, True, True), T.nn.AvgPool3d(3, 2, 1),
    T.nn.AdaptiveAvgPool3d((1, None, 2)), T.nn.AdaptiveMaxPool3d(2))]
CASES["pool3d_dim_err"] = _err(lambda T: T.nn.functional.max_pool3d(T.zeros(2, 3, 4), 2))
CASES["pool3d_pad_err"] = _err(lambda T: T.nn.functional.max_pool3d(T.zeros(1, 1, 4, 4, 4), 2,
                                                                    padding=2))
CASES["avgpool3d_pad_err"] = _err(lambda T: T.nn.functional.avg_pool3d(T.zeros(1, 1, 4, 4, 4), 2,
                                                                       padding=2))
CASES["adaptive3d_size_err"] = _err(
    lambda T: T.nn.functional.adaptive_avg_pool3d(T.zeros(1, 1, 4, 4, 4), (2, 2)))


def _gen_pool_cases():
    rng = random.Random(1503)
    for i in range(12):
        k = tuple(rng.randint(1, 3) for _ in range(3))
        s = tuple(rng.randint(1, 3) for _ in range(3))
        p = tuple(rng.randint(0, kk // 2) for kk in k)
        shape = (rng.randint(1, 2), rng.randint(1, 3)) + tuple(
            rng.randint(kk + 1, kk + 4) for kk in k)
        kind = rng.choice(["max", "avg", "adaptive_avg", "adaptive_max"])
        dt = rng.choice(["float32", "float64"])
        if kind == "max":
            ceil = rng.random() < 0.5
            f = (lambda T, x, k=k, s=s, p=p, ceil=ceil:
                 T.nn.functional.max_pool3d(x, k, s, p, ceil_mode=ceil))
        elif kind == "avg":
            cnt = rng.random() < 0.5
            f = (lambda T, x, k=k, s=s, p=p, cnt=cnt:
                 T.nn.functional.avg_pool3d(x, k, s, p, count_include_pad=cnt))
        else:
            o = tuple(rng.randint(1, n) for n in shape[2:])
            f = (lambda T, x, o=o, kind=kind:
                 getattr(T.nn.functional, kind + "_pool3d")(x, o))
        CASES[f"gen_pool3d_{i}_{kind}"] = (lambda T, f=f, shape=shape, dt=dt, i=i:
                                           _run(T, f, [_inp(T, shape, i, dt)]))


_gen_pool_cases()


# ============================================================== conv_transpose3d
_CT3 = {
    "plain": dict(),
    "stride_pad": dict(stride=2, padding=1),
    "outpad": dict(stride=(2, 1, 2), padding=(1, 0, 0), output_padding=(1, 0, 1)),
    "groups_dil": dict(groups=2, dilation=(1, 2, 1)),
}
for _n, _kw in _CT3.items():
    for _dt in ("float32", "float64"):
        def _c(T, kw=_kw, dt=_dt):
            x = _inp(T, (1, 2, 3, 4, 3), 0, dt)
            w = _inp(T, (2, 2 // kw.get("groups", 1) * 2, 2, 3, 2), 1, dt)
            b = _inp(T, (w.shape[1] * kw.get("groups", 1),), 2, dt)
            return _run(T, lambda T, x, w, b: T.nn.functional.conv_transpose3d(x, w, b, **kw),
                        [x, w, b])
        CASES[f"conv_transpose3d_{_n}_{_dt}"] = _c


@case
def ConvTranspose3d_module(T):
    m = T.nn.ConvTranspose3d(2, 3, (2, 3, 2), stride=2, padding=(0, 1, 0))
    _fill(T, m)
    x = _inp(T, (1, 2, 3, 3, 2))
    y = m(x, output_size=(7, 6, 5))
    (y * _w(T, y)).sum().backward()
    T.manual_seed(0)
    m2 = T.nn.ConvTranspose3d(2, 4, 2, groups=2, bias=False)
    return [y.detach(), _gf(y), x.grad, [[n, p.grad] for n, p in m.named_parameters()], repr(m),
            list(m.state_dict().keys()), repr(m2), m2.weight.detach(), m(x[0]).shape]


CASES["ConvTranspose3d_outsize_err"] = _err(
    lambda T: T.nn.ConvTranspose3d(2, 3, 2, stride=2)(T.zeros(1, 2, 3, 3, 3), output_size=(9, 9, 9)))
CASES["conv_transpose3d_channels_err"] = _err(
    lambda T: T.nn.functional.conv_transpose3d(T.zeros(1, 3, 2, 2, 2), T.zeros(2, 2, 2, 2, 2)))
CASES["ConvTranspose3d_padmode_err"] = _err(
    lambda T: T.nn.ConvTranspose3d(2, 2, 2, padding_mode="reflect"))


# ============================================================== affine_grid / grid_sample
def _theta(T, nd, n, seed, dtype):
    base = T.eye(nd, nd + 1, dtype=getattr(T, dtype)) * 0.8
    t = base + _x(T, (n, nd, nd + 1), seed, dtype, scale=0.3)
    return t.detach().requires_grad_()


for _nd, _size in ((2, (2, 3, 4, 5)), (3, (2, 1, 3, 4, 2))):
    for _ac in (True, False):
        for _dt in ("float32", "float64"):
            CASES[f"affine_grid_{_nd}d_ac{int(_ac)}_{_dt}"] = (
                lambda T, nd=_nd, size=_size, ac=_ac, dt=_dt: _run(
                    T, lambda T, th: T.nn.functional.affine_grid(th, size, align_corners=ac),
                    [_theta(T, nd, 2, 1, dt)]))

CASES["affine_grid_default_align"] = _quiet(lambda T: _run(
    T, lambda T, th: T.nn.functional.affine_grid(th, [1, 1, 2, 3]), [_theta(T, 2, 1, 3, "float32")]))
CASES["affine_grid_unit_size"] = _quiet(lambda T: _run(
    T, lambda T, th: T.nn.functional.affine_grid(th, [1, 1, 1, 3], align_corners=True),
    [_theta(T, 2, 1, 3, "float32")]))
CASES["affine_grid_int_err"] = _err(lambda T: T.nn.functional.affine_grid(
    T.zeros(1, 2, 3, dtype=T.long), [1, 1, 2, 2], align_corners=False))
CASES["affine_grid_shape_err"] = _err(lambda T: T.nn.functional.affine_grid(
    T.zeros(1, 3, 3), [1, 1, 2, 2], align_corners=False))
CASES["affine_grid_shape3_err"] = _err(lambda T: T.nn.functional.affine_grid(
    T.zeros(1, 2, 3), [1, 1, 2, 2, 2], align_corners=False))
CASES["affine_grid_size_err"] = _err(lambda T: T.nn.functional.affine_grid(
    T.zeros(1, 2, 3), [1, 2, 3], align_corners=False))
CASES["affine_grid_zero_err"] = _err(lambda T: T.nn.functional.affine_grid(
    T.zeros(1, 2, 3), [1, 1, 0, 2], align_corners=False))


def _grid(T, shape, seed, dtype, scale=1.2):
    return _x(T, shape, seed, dtype, scale=scale).detach().requires_grad_()


for _mode in ("bilinear", "nearest"):
    for _pm in ("zeros", "border", "reflection"):
        for _ac in (True, False):
            def _c2(T, mode=_mode, pm=_pm, ac=_ac):
                x = _inp(T, (2, 3, 4, 5), 0, "float64")
                g = _grid(T, (2, 3, 2, 2), 1, "float64")
                return _run(T, lambda T, x, g: T.nn.functional.grid_sample(
                    x, g, mode=mode, padding_mode=pm, align_corners=ac), [x, g])
            CASES[f"grid_sample_2d_{_mode}_{_pm}_ac{int(_ac)}"] = _c2
            if _mode == "nearest":   # bicubic is 2-D only (its 3-D error is a case below)
                CASES[f"grid_sample_2d_bicubic_{_pm}_ac{int(_ac)}"] = (
                    lambda T, c=_c2: c(T, "bicubic"))

            def _c3(T, mode=_mode, pm=_pm, ac=_ac):
                x = _inp(T, (1, 2, 3, 4, 3), 0, "float32")
                g = _grid(T, (1, 2, 2, 3, 3), 2, "float32")
                return _run(T, lambda T, x, g: T.nn.functional.grid_sample(
                    x, g, mode=mode, padding_mode=pm, align_corners=ac), [x, g])
            CASES[f"grid_sample_3d_{_mode}_{_pm}_ac{int(_ac)}"] = _c3


@case
def grid_sample_affine_pipeline(T):
    # the spatial-transformer idiom: affine_grid then grid_sample, gradient to theta
    th = _theta(T, 2, 2, 5, "float32")
    x = _inp(T, (2, 1, 5, 6), 3)
    g = T.nn.functional.affine_grid(th, x.shape, align_corners=False)
    y = T.nn.functional.grid_sample(x, g, align_corners=False)
    (y * _w(T, y)).sum().backward()
    return [y.detach(), _gf(y), _gf(g), th.grad, x.grad]


CASES["grid_sample_default_align"] = _quiet(lambda T: _run(
    T, lambda T, x, g: T.nn.functional.grid_sample(x, g),
    [_inp(T, (1, 1, 3, 3)), _grid(T, (1, 2, 2, 2), 1, "float32")]))
CASES["grid_sample_mode_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(1, 1, 2, 2), T.zeros(1, 1, 1, 2), mode="cubic", align_corners=False))
CASES["grid_sample_padmode_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(1, 1, 2, 2), T.zeros(1, 1, 1, 2), padding_mode="wrap", align_corners=False))
CASES["grid_sample_dim_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(1, 1, 2, 2), T.zeros(1, 1, 1, 1, 2), align_corners=False))
CASES["grid_sample_batch_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(2, 1, 2, 2), T.zeros(1, 1, 1, 2), align_corners=False))
CASES["grid_sample_last_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(1, 1, 2, 2), T.zeros(1, 1, 1, 3), align_corners=False))
CASES["grid_sample_dtype_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(1, 1, 2, 2), T.zeros(1, 1, 1, 2, dtype=T.float64), align_corners=False))
CASES["grid_sample_3d_bicubic_err"] = _err(lambda T: T.nn.functional.grid_sample(
    T.zeros(1, 1, 2, 2, 2), T.zeros(1, 1, 1, 1, 3), mode="bicubic", align_corners=False))


def _gen_grid_cases():
    rng = random.Random(2207)
    for i in range(10):
        nd = rng.choice([2, 3])
        sp = tuple(rng.randint(1, 5) for _ in range(nd))
        osp = tuple(rng.randint(1, 4) for _ in range(nd))
        N, C = rng.randint(1, 2), rng.randint(1, 3)
        mode = rng.choice(["bilinear", "nearest"])
        pm = rng.choice(["zeros", "border", "reflection"])
        ac = rng.random() < 0.5
        scale = rng.choice([0.9, 1.5, 3.0])
        dt = rng.choice(["float32", "float64"])

        def c(T, nd=nd, sp=sp, osp=osp, N=N, C=C, mode=mode, pm=pm, ac=ac, scale=scale, dt=dt,
              i=i):
            x = _inp(T, (N, C) + sp, i, dt)
            g = _grid(T, (N,) + osp + (nd,), i + 1, dt, scale)
            return _run(T, lambda T, x, g: T.nn.functional.grid_sample(
                x, g, mode=mode, padding_mode=pm, align_corners=ac), [x, g])
        CASES[f"gen_grid_sample_{i}_{nd}d_{mode}_{pm}"] = c


_gen_grid_cases()


def _gen_bicubic_cases():
    # bicubic: 16 taps each padded on its own, so sizes 1..6 and grids reaching
    # well outside (scale 3) exercise every padding branch; some grids on the knots
    rng = random.Random(2208)
    for i in range(12):
        sp = (rng.randint(1, 6), rng.randint(1, 6))
        osp = (rng.randint(1, 4), rng.randint(1, 4))
        N, C = rng.randint(1, 2), rng.randint(1, 3)
        pm = ("zeros", "border", "reflection")[i % 3]
        ac = i % 2 == 0
        scale = rng.choice([0.9, 1.5, 3.0])
        dt = rng.choice(["float32", "float64"])
        knots = i % 4 == 3

        def c(T, sp=sp, osp=osp, N=N, C=C, pm=pm, ac=ac, scale=scale, dt=dt, i=i, knots=knots):
            x = _inp(T, (N, C) + sp, i, dt)
            g = _grid(T, (N,) + osp + (2,), i + 1, dt, scale)
            if knots:
                g = (g.detach() * 2).round().div(2).requires_grad_()
            return _run(T, lambda T, x, g: T.nn.functional.grid_sample(
                x, g, mode="bicubic", padding_mode=pm, align_corners=ac), [x, g])
        CASES[f"gen_grid_sample_bicubic_{i}_{pm}_ac{int(ac)}"] = c


_gen_bicubic_cases()


# ============================================================== lazy modules
_LAZY = {
    "LazyLinear": (lambda T: T.nn.LazyLinear(3), (2, 4)),
    "LazyLinear_nobias_3d": (lambda T: T.nn.LazyLinear(2, bias=False), (2, 3, 5)),
    "LazyConv1d": (lambda T: T.nn.LazyConv1d(4, 3, padding=1), (2, 3, 6)),
    "LazyConv2d": (lambda T: T.nn.LazyConv2d(4, 3, stride=2), (1, 2, 5, 5)),
    "LazyConv2d_groups_unbatched": (lambda T: T.nn.LazyConv2d(4, 2, groups=2), (2, 4, 4)),
    "LazyConv3d": (lambda T: T.nn.LazyConv3d(2, 2, bias=False), (1, 3, 3, 3, 3)),
    "LazyConvTranspose1d": (lambda T: T.nn.LazyConvTranspose1d(3, 3, stride=2), (1, 2, 4)),
    "LazyConvTranspose2d": (lambda T: T.nn.LazyConvTranspose2d(2, 2), (1, 3, 3, 3)),
    "LazyConvTranspose3d": (lambda T: T.nn.LazyConvTranspose3d(2, 2, stride=2), (1, 2, 2, 2, 2)),
    "LazyBatchNorm1d": (lambda T: T.nn.LazyBatchNorm1d(), (4, 3)),
    "LazyBatchNorm2d": (lambda T: T.nn.LazyBatchNorm2d(momentum=0.3), (2, 3, 2, 2)),
    "LazyBatchNorm3d": (lambda T: T.nn.LazyBatchNorm3d(affine=False), (2, 2, 2, 2, 2)),
}
for _n, (_ctor, _shape) in _LAZY.items():
    def _c(T, ctor=_ctor, shape=_shape):
        T.manual_seed(4)
        m = ctor(T)
        before = [repr(m), type(m).__name__, [[n, repr(p)] for n, p in m.named_parameters()],
                  list(m.state_dict().keys()), m.has_uninitialized_params()]
        x = _inp(T, shape)
        y = m(x)
        (y * _w(T, y)).sum().backward()
        return before + [repr(m), type(m).__name__, y.detach(), _gf(y), x.grad,
                         [[n, p.detach(), p.grad, type(p).__name__] for n, p in
                          m.named_parameters()],
                         [[n, b] for n, b in m.named_buffers()], list(m.state_dict().keys()),
                         hasattr(m, "has_uninitialized_params"), m(x).shape]
    CASES[f"lazy_{_n}"] = _c


@case
def lazy_in_sequential_with_optimizer(T):
    T.manual_seed(2)
    net = T.nn.Sequential(T.nn.LazyLinear(4), T.nn.ReLU(), T.nn.LazyLinear(1))
    x = _x(T, (5, 3), 1)
    net(x)                      # initialize before building the optimizer, as torch advises
    opt = T.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(3):
        opt.zero_grad()
        net(x).pow(2).mean().backward()
        opt.step()
    return [repr(net), [p.detach() for p in net.parameters()]]


@case
def lazy_uninitialized_access(T):
    m = T.nn.LazyLinear(3)
    out = [repr(m.weight), type(m.weight).__name__, isinstance(m.weight, T.nn.Parameter),
           m.weight.requires_grad]
    for f in (lambda: m.weight.shape, lambda: m.weight.size()):
        try:
            f()
            out.append("no error")
        except Exception as e:  # noqa: BLE001
            out += [type(e).__name__, str(e)]
    return out


CASES["lazy_conv_groups_err"] = _err(lambda T: T.nn.LazyConv2d(4, 2, groups=2)(T.zeros(1, 3, 4, 4)))
CASES["where_lazy_names"] = lambda T: [[n, hasattr(T.nn, n)] for n in (
    "LazyLinear", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d",
    "LazyConvTranspose2d", "LazyConvTranspose3d", "LazyBatchNorm1d", "LazyBatchNorm2d",
    "LazyBatchNorm3d", "MaxPool3d", "AvgPool3d", "AdaptiveAvgPool3d", "AdaptiveMaxPool3d",
    "ConvTranspose3d", "UninitializedParameter", "UninitializedBuffer")] + [
    [n, hasattr(T.nn.functional, n)] for n in (
        "max_pool3d", "avg_pool3d", "adaptive_avg_pool3d", "adaptive_max_pool3d",
        "conv_transpose3d", "grid_sample", "affine_grid")] + [
    [n, hasattr(T.nn.parameter, n)] for n in ("UninitializedParameter", "UninitializedBuffer")]


# ============================================================== average pools: ceil_mode, padding, errors
# torch's divisor: the window clipped to the padded input (count_include_pad) or
# to the input, a ceil_mode window hanging past the padding counting less;
# avg_pool1d is torch's composite over avg_pool2d (SqueezeBackward1)
def _gen_avg_pool_cases():
    rng = random.Random(2209)
    for i in range(24):
        nd = (1, 2, 3)[i % 3]
        k = tuple(rng.randint(1, 3) for _ in range(nd))
        st = tuple(rng.randint(1, 3) for _ in range(nd))
        pd = tuple(rng.randint(0, kk // 2) for kk in k)
        sp = tuple(rng.randint(kk, kk + 4) for kk in k)
        ceil, cip = rng.random() < 0.6, rng.random() < 0.5
        div = rng.choice([None, None, 3]) if nd > 1 else None
        batch = rng.random() < 0.7
        dt = rng.choice(["float32", "float64"])

        def c(T, nd=nd, k=k, st=st, pd=pd, sp=sp, ceil=ceil, cip=cip, div=div, batch=batch, dt=dt, i=i):
            f = getattr(T.nn.functional, f"avg_pool{nd}d")
            x = _inp(T, ((2,) if batch else ()) + (3,) + sp, i, dt)
            extra = () if nd == 1 else (div,)
            return _run(T, lambda T, x: f(x, k if i % 2 else k[0], st, pd if i % 4 else pd[0], ceil, cip,
                                          *extra), [x])
        CASES[f"gen_avg_pool{nd}d_{i}"] = c


_gen_avg_pool_cases()
for _i, _a in enumerate([
        lambda T, x: (x, 2, 1, 2), lambda T, x: (x, 0), lambda T, x: (x, 5), lambda T, x: (x, 2, -1),
        lambda T, x: (x, 2, 1, -1), lambda T, x: (x[0, 0, 0], 2), lambda T, x: (x[0, 0], 2),
        lambda T, x: (x, (2, 0)), lambda T, x: (x[None], 2, 0), lambda T, x: (x, 2, None, 0, False, True, 0)]):
    CASES[f"avg_pool2d_err_{_i}"] = _err(
        lambda T, a=_a: T.nn.functional.avg_pool2d(*a(T, T.arange(16.).reshape(1, 1, 4, 4))))
for _i, _a in enumerate([
        lambda T, x: (x, (2, 2)), lambda T, x: (x[None], 2), lambda T, x: (x[0, 0], 2), lambda T, x: (x, 2, 0),
        lambda T, x: (x, 2, 1, (1, 1)), lambda T, x: (x, 5), lambda T, x: (x, 0), lambda T, x: (x, 2, (1, 1))]):
    CASES[f"avg_pool1d_err_{_i}"] = _err(
        lambda T, a=_a: T.nn.functional.avg_pool1d(*a(T, T.arange(16.).reshape(1, 4, 4))))
CASES["avg_pool3d_divisor_err"] = _err(lambda T: T.nn.functional.avg_pool3d(
    T.zeros(1, 1, 2, 2, 2), 2, 1, 0, True, True, 0))


@case
def avg_pool_modules(T):
    # AvgPool1d/2d/3d: one _AvgPoolNd base as torch's, reprs and attributes
    ms = [T.nn.AvgPool1d(3, 2, 1, True, False), T.nn.AvgPool2d((2, 3), 1, (1, 1), True, False, None),
          T.nn.AvgPool3d(2, 1, 1, False, True, 2)]
    xs = [_inp(T, (2, 3, 7), 1), _inp(T, (2, 3, 5, 6), 2), _inp(T, (1, 2, 4, 5, 5), 3)]
    r = []
    for m, x in zip(ms, xs):
        x.requires_grad_()
        y = m(x)
        (y * _w(T, y)).sum().backward()
        r += [repr(m), [c.__name__ for c in type(m).__mro__], sorted(k for k in vars(m) if not k.startswith("_")),
              y.detach(), _gf(y), x.grad]
    return r
