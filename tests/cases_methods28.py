"""Tensor methods torch has that cyautograd lacked until session 28
(ops/tensor_methods.py): the in-place forms and aliases, hardshrink, prelu,
mvlgamma, adjoint, short, as_strided_/as_strided_scatter, resize/resize_as,
the real-dtype conj surface, predicates, the sparse refusals and the removed
APIs. Cases are generated over dtypes, 0-d/zero-size/non-contiguous/view
inputs, requires_grad and bad arguments; values, dtypes, _version, grad_fn
names, gradients and errors are compared with torch (tests/harness.py)."""
import warnings

CASES = {}


def _gf(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__


def _try(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - errors are observables
        return [type(e).__name__, str(e)]


_DTYPES = ("float32", "float64", "int64", "int32", "uint8", "bool")


def _base(T, dt, layout):
    """A self of dtype dt in a layout; (self, the tensor whose _version shows a view's write)."""
    d = getattr(T, dt)
    vals = [[3, 0, 5], [1, 6, 2]] if dt != "bool" else [[1, 0, 1], [0, 1, 1]]
    b = T.tensor(vals, dtype=d)
    if layout == "contig":
        return b, b
    if layout == "zero_d":
        x = T.tensor(5 if dt != "bool" else 1, dtype=d)
        return x, x
    if layout == "zero_size":
        x = T.ones(0, 3, dtype=d)
        return x, x
    if layout == "transposed":
        return b.t(), b
    if layout == "view":
        return b[1], b
    raise AssertionError(layout)


def _other(T, kind, dt):
    if kind == "int":
        return 2
    if kind == "float":
        return 2.5
    if kind == "same":
        d = getattr(T, dt)
        return T.tensor([1, 2, 1] if dt != "bool" else [1, 1, 0], dtype=d)
    if kind == "float_t":
        return T.tensor([1.5, 2.0, 0.5])
    if kind == "bool_t":
        return T.tensor([True, False, True])
    raise AssertionError(kind)


_BINARY_INPLACE = ["bitwise_and_", "bitwise_or_", "bitwise_xor_", "bitwise_left_shift_", "bitwise_right_shift_",
                   "logical_and_", "logical_or_", "logical_xor_", "floor_divide_", "arctan2_", "multiply_",
                   "subtract_", "true_divide_", "divide_"]
_UNARY_INPLACE = ["bitwise_not_", "logical_not_"]


def _run_inplace(T, name, dt, layout, okind, extra=None):
    x, owner = _base(T, dt, layout)
    args = () if okind is None else (_other(T, okind, dt),)
    v0 = owner._version
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = _try(lambda: getattr(x, name)(*args, **(extra or {})))
    return {"r": r, "same": r is x if isinstance(r, T.Tensor) else None, "x": x,
            "version": owner._version - v0}


for _name in _BINARY_INPLACE:
    for _dt in _DTYPES:
        for _ok in ("int", "float", "same", "float_t"):
            for _lay in (("contig", "zero_d", "transposed", "view") if _ok == "same" else ("contig",)):
                def _c(T, _name=_name, _dt=_dt, _ok=_ok, _lay=_lay):
                    return _run_inplace(T, _name, _dt, _lay, _ok)
                CASES[f"inplace_{_name}{_dt}_{_ok}_{_lay}"] = _c
    for _lay in ("zero_size",):
        def _c(T, _name=_name, _lay=_lay):
            return _run_inplace(T, _name, "int64", _lay, "int")
        CASES[f"inplace_{_name}int64_int_{_lay}"] = _c

for _name in _UNARY_INPLACE:
    for _dt in _DTYPES:
        for _lay in ("contig", "zero_d", "zero_size", "transposed", "view"):
            def _c(T, _name=_name, _dt=_dt, _lay=_lay):
                return _run_inplace(T, _name, _dt, _lay, None)
            CASES[f"inplace_{_name}{_dt}_{_lay}"] = _c

for _dt in _DTYPES:
    for _lay in ("contig", "zero_d", "zero_size", "transposed", "view"):
        for _kw in ({}, {"dtype": "float64"}, {"dtype": "same"}):
            def _c(T, _dt=_dt, _lay=_lay, _kw=_kw):
                kw = {k: getattr(T, _dt if v == "same" else v) for k, v in _kw.items()}
                return _run_inplace(T, "cumsum_", _dt, _lay, None, dict(dim=0, **kw))
            CASES[f"inplace_cumsum_{_dt}_{_lay}_{'_'.join(_kw.values()) or 'nodtype'}"] = _c
    for _mode in ("floor", "trunc", "bad"):
        for _ok in ("int", "same"):
            def _c(T, _dt=_dt, _mode=_mode, _ok=_ok):
                return {"div_": _run_inplace(T, "div_", _dt, "contig", _ok, {"rounding_mode": _mode}),
                        "divide_": _run_inplace(T, "divide_", _dt, "view", _ok, {"rounding_mode": _mode})}
            CASES[f"inplace_div_rounding_{_dt}_{_mode}_{_ok}"] = _c
    for _p in (1, 2, 0, 2.0):
        def _c(T, _dt=_dt, _p=_p):
            return {"inplace": _run_inplace(T, "mvlgamma_", _dt, "contig", None, {"p": 2}),
                    "inplace_nop": _run_inplace(T, "mvlgamma_", _dt, "zero_size", None),
                    "inplace_p": _try(lambda: _base(T, _dt, "view")[0].add(3).mvlgamma_(_p)),
                    "method": _try(lambda: _base(T, _dt, "contig")[0].mvlgamma(_p)),
                    "method_kw": _try(lambda: _base(T, _dt, "zero_d")[0].mvlgamma(p=_p))}
        CASES[f"mvlgamma_{_dt}_{_p}"] = _c


# -- in-place on tensors that need a gradient: leaf refusal, CopySlices on views, gradients ----

_GRAD_INPLACE = [("arctan2_", lambda T: (T.tensor([0.5, -1.0, 2.0]),)),
                 ("multiply_", lambda T: (T.tensor([0.5, -1.0, 2.0], requires_grad=True),)),
                 ("subtract_", lambda T: (3,)),
                 ("true_divide_", lambda T: (T.tensor([0.5, -1.0, 2.0]),)),
                 ("divide_", lambda T: (2,)),
                 ("floor_divide_", lambda T: (2,)),
                 ("logical_not_", lambda T: ()),
                 ("logical_and_", lambda T: (T.tensor([1.0, 0.0, 1.0]),)),
                 ("cumsum_", lambda T: (0,)),
                 ("mvlgamma_", lambda T: (1,)),
                 ("bitwise_not_", lambda T: ()),
                 ("as_strided_", lambda T: ((2,), (1,), 1))]

for _name, _args in _GRAD_INPLACE:
    for _where in ("leaf", "nonleaf", "view_of_nonleaf", "no_grad_leaf"):
        for _dt in ("float32", "float64"):
            def _c(T, _name=_name, _args=_args, _where=_where, _dt=_dt):
                d = getattr(T, _dt)
                leaf = T.tensor([1.5, 2.5, 3.5, 4.5], dtype=d, requires_grad=True)
                args = tuple(a.to(d) if isinstance(a, T.Tensor) and a.is_floating_point() else a
                             for a in _args(T))
                if _where == "leaf":
                    x = leaf
                    args = tuple(a if not isinstance(a, T.Tensor) or a.shape[0] != 3 else T.cat([a, a[:1]])
                                 for a in args)
                elif _where == "nonleaf":
                    x = (leaf * 2)[:3].clone()
                else:
                    x = (leaf * 2)[1:]
                if _where == "no_grad_leaf":
                    if _name != "as_strided_":
                        args = tuple(T.cat([a, a[:1]]) if isinstance(a, T.Tensor) else a for a in args)
                    with T.no_grad():
                        r = _try(lambda: getattr(leaf, _name)(*args))
                    return {"r": r, "leaf": leaf, "version": leaf._version}
                v0 = x._version
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    r = _try(lambda: getattr(x, _name)(*args))
                out = {"r": r, "x": x, "version": x._version - v0, "gf": _gf(x)}
                if isinstance(r, T.Tensor) and r.requires_grad and r.is_floating_point():
                    out["grad"] = _try(lambda: T.autograd.grad((r * T.arange(r.numel(), dtype=d).reshape(
                        r.shape).add(1)).sum(), [leaf] + [a for a in args if isinstance(a, T.Tensor)
                                                         and a.requires_grad], allow_unused=True))
                return out
            CASES[f"grad_inplace_{_name}_{_where}_{_dt}"] = _c


# -- hardshrink, prelu, adjoint, short, mvlgamma gradients -------------------------------------

for _dt in _DTYPES:
    for _lay in ("contig", "zero_d", "zero_size", "transposed", "view"):
        for _lam in (None, 2, -1.0, 2.5, "a", True):
            def _c(T, _dt=_dt, _lay=_lay, _lam=_lam):
                x = _base(T, _dt, _lay)[0]
                if x.is_floating_point():
                    x = (x - 3).requires_grad_()
                r = _try(lambda: x.hardshrink() if _lam is None else x.hardshrink(_lam))
                out = {"r": r, "gf": _gf(r) if isinstance(r, T.Tensor) else None}
                if isinstance(r, T.Tensor) and r.requires_grad:
                    out["grad"] = T.autograd.grad((r * r).sum(), x)
                return out
            CASES[f"hardshrink_{_dt}_{_lay}_{_lam}"] = _c
        def _c(T, _dt=_dt, _lay=_lay):
            x = _base(T, _dt, _lay)[0]
            return {"adjoint": _try(lambda: x.adjoint()), "short": _try(lambda: x.short()),
                    "short_v": _try(lambda: x.short()._version), "signed": x.is_signed(),
                    "conj_is": x.conj() is x, "rc": x.resolve_conj() is x, "rn": x.resolve_neg() is x,
                    "is_conj": x.is_conj(), "is_neg": x.is_neg(), "real_is": x.real is x,
                    "imag": _try(lambda: x.imag), "nonzero": _try(lambda: x.is_nonzero()),
                    "same": x.is_same_size(x.reshape(-1)), "set_to": x.is_set_to(x.view(x.shape)),
                    "set_to_clone": x.is_set_to(x.clone()), "dense_dim": x.dense_dim(),
                    "sparse_dim": x.sparse_dim(), "to_dense": x.to_dense() is x,
                    "dim_order": _try(lambda: x.dim_order()),
                    "dim_order_amb": _try(lambda: x.dim_order(ambiguity_check=True)),
                    "nzs": _try(lambda: x.nonzero_static(size=3)),
                    "nzs_fill": _try(lambda: x.nonzero_static(size=1, fill_value=-5)),
                    "nzs_neg": _try(lambda: x.nonzero_static(size=-1)),
                    "nes": _try(lambda: list(x.new_empty_strided((2, 3), (1, 2)).stride())),
                    "nes_dt": _try(lambda: x.new_empty_strided((2,), (1,), dtype=T.float64).dtype),
                    "props": [getattr(x, n) for n in ("is_meta", "is_quantized", "is_nested", "is_sparse_csr",
                                                     "is_mkldnn", "is_mps", "is_xpu", "is_xla", "is_ipu",
                                                     "is_maia", "is_mtia", "is_vulkan")],
                    "distributed": x.is_distributed(),
                    "cdp": x.const_data_ptr() == x.data_ptr()}
            CASES[f"misc_{_dt}_{_lay}"] = _c

for _shape in ((4,), (2, 3), (2, 3, 2), ()):
    for _w in ("one", "per_channel", "zero_d", "two_d", "double", "int"):
        def _c(T, _shape=_shape, _w=_w):
            n = 1
            for s in _shape:
                n *= s
            x = (T.arange(n, dtype=T.float32) - n / 2).reshape(_shape).requires_grad_()
            c = _shape[1] if len(_shape) > 1 else 1
            w = {"one": lambda: T.tensor([0.25]), "per_channel": lambda: T.linspace(0.1, 0.9, c),
                 "zero_d": lambda: T.tensor(0.3), "two_d": lambda: T.ones(c, 1) * 0.5,
                 "double": lambda: T.tensor([0.25], dtype=T.float64),
                 "int": lambda: T.tensor([1])}[_w]().requires_grad_(_w != "int")
            r = _try(lambda: x.prelu(w))
            out = {"r": r, "gf": _gf(r) if isinstance(r, T.Tensor) else None,
                   "int_input": _try(lambda: T.tensor([1, -2]).prelu(T.tensor([1])))}
            if isinstance(r, T.Tensor):
                out["next"] = [None if f is None else type(f).__name__ for f, _ in r.grad_fn.next_functions]
                out["grad"] = T.autograd.grad((r * r).sum(), (x, w))
            return out
        CASES[f"prelu_{len(_shape)}d_{_w}"] = _c


def _mvlgamma_grad(T):
    x = T.tensor([2.5, 3.0, 4.5], dtype=T.float64, requires_grad=True)
    r = x.mvlgamma(3)
    return {"r": r, "g": T.autograd.grad(r.sum(), x)}


CASES["mvlgamma_grad"] = _mvlgamma_grad


# -- as_strided_scatter, resize, resize_as -----------------------------------------------------

for _geom in (((2,), (1,), None), ((2,), (2,), None), ((2,), (2,), 1), ((2,), (2,), 3), ((3,), (1,), None),
              ((2, 2), (1, 2), 0), ((2,), (-1,), 0)):
    for _src in ("float", "int", "wrong_size", "grad"):
        def _c(T, _geom=_geom, _src=_src):
            x = T.tensor([[1., 2.], [3., 4.]]).requires_grad_(_src == "grad")
            size, stride, off = _geom
            n = 1
            for s in size:
                n *= s
            src = {"float": lambda: T.arange(n, dtype=T.float32).reshape(size) + 10,
                   "int": lambda: T.arange(n).reshape(size) + 10,
                   "wrong_size": lambda: T.ones(n + 1),
                   "grad": lambda: (T.arange(n, dtype=T.float32).reshape(size) + 10).requires_grad_()}[_src]()
            r = _try(lambda: x.t().as_strided_scatter(src, size, stride, off) if off is not None
                     else x.t().as_strided_scatter(src, size, stride))
            out = {"r": r}
            if isinstance(r, T.Tensor) and r.requires_grad:
                out["gf"] = _gf(r)
                out["grad"] = T.autograd.grad((r * T.arange(4.).reshape(2, 2)).sum(), (x, src))
            return out
        CASES[f"as_strided_scatter_{_geom}_{_src}"] = _c

for _sizes in ((6,), (3, 2), (2, 3), (7,), ((3, 2),), (-1,)):
    for _src in ("plain", "leaf", "nonleaf", "transposed"):
        def _c(T, _sizes=_sizes, _src=_src):
            b = T.arange(6.).reshape(2, 3)
            x = {"plain": lambda: b, "leaf": lambda: b.clone().requires_grad_(),
                 "nonleaf": lambda: b.clone().requires_grad_() * 2, "transposed": lambda: b.t()}[_src]()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                r = _try(lambda: x.resize(*_sizes))
                r2 = _try(lambda: x.resize_as(T.ones(*_sizes)) if _sizes[0] not in ((3, 2), -1) else None)
            out = {"r": r, "r2": r2}
            if isinstance(r, T.Tensor):
                out["gf"] = _gf(r)
                out["alias"] = r._base is not None
                r[(0,) * r.dim()] = 100 if not r.requires_grad else 0
                out["x_after"] = x.detach()
            return out
        CASES[f"resize_{_sizes}_{_src}"] = _c


def _resize_warns(T):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        T.ones(2, 3).resize(6)
        T.ones(2, 3).resize_as(T.ones(3, 2))
        T.ones(2).volatile
    return [str(m.message) for m in w]


CASES["resize_warns"] = _resize_warns


def _resize_inplace_grad(T):
    leaf = T.ones(2, 3, requires_grad=True)
    return {"leaf": _try(lambda: leaf.resize_(6)), "nonleaf": _try(lambda: (leaf * 1).resize_(6)),
            "same": _try(lambda: (leaf * 1).resize_(2, 3)),
            "as_": _try(lambda: (leaf * 1).resize_as_(T.ones(6))),
            "detached": _try(lambda: leaf.detach().resize_(2)),
            "no_grad": _try(lambda: leaf.detach().resize_as_(T.ones(3, 2)))}


CASES["resize_inplace_requires_grad"] = _resize_inplace_grad


# -- map2_, as_strided_ geometry, removed APIs, sparse refusals --------------------------------

def _map2(T):
    f = lambda a, b, c: a + b * c  # noqa: E731
    return {"ok": _try(lambda: T.ones(2, 3).map2_(T.arange(3.), T.tensor([[2.], [3.]]), f)),
            "int": _try(lambda: T.ones(3, dtype=T.int64).map2_(T.ones(3, dtype=T.int64), T.ones(3, dtype=T.int64), f)),
            "bad": _try(lambda: T.ones(3).map2_(T.ones(2), T.ones(3), f)),
            "grad": _try(lambda: T.ones(3, requires_grad=True).map2_(T.ones(3), T.ones(3), f)),
            "grad2": _try(lambda: T.ones(3).map2_(T.ones(3), T.ones(3, requires_grad=True), f)),
            "not_tensor": _try(lambda: T.ones(3).map2_(1, T.ones(3), f))}


CASES["map2_"] = _map2


for _geom in (((2,), (1,), None), ((2,), (2,), 1), ((2,), (1,), 5), ((2,), (-1,), None), ((2, 2), (1, 1), 0),
              ((0,), (1,), 0)):
    def _c(T, _geom=_geom):
        b = T.arange(4.)
        v = b[1:]
        out = {}
        for nm, x in (("base", T.arange(4.)), ("view", v)):
            size, stride, off = _geom
            r = _try(lambda: x.as_strided_(size, stride) if off is None else x.as_strided_(size, stride, off))
            out[nm] = {"r": r, "x": x, "v": x._version, "stride": list(x.stride()), "off": x.storage_offset()}
        return out
    CASES[f"as_strided__{_geom}"] = _c


def _removed(T):
    x = T.ones(2, 2)
    out = {n: _try(lambda: getattr(x, n)(x)) for n in ("solve", "lstsq", "reinforce")}
    out.update({n: _try(lambda: getattr(x, n)()) for n in (
        "eig", "symeig", "crow_indices", "col_indices", "ccol_indices", "row_indices", "indices", "values",
        "is_coalesced", "coalesce")})
    return out


CASES["removed_and_sparse_refusals"] = _removed


def _bad_args(T):
    x = T.ones(2, 3)
    return {"same_size": _try(lambda: x.is_same_size(3)), "set_to": _try(lambda: x.is_set_to(3)),
            "nzs_pos": _try(lambda: x.nonzero_static(2)), "nes_missing": _try(lambda: x.new_empty_strided((2,))),
            "adjoint_1d": _try(lambda: T.ones(3).adjoint()),
            "nonzero_empty": _try(lambda: T.ones(0).is_nonzero()),
            "nonzero_nan": _try(lambda: T.tensor(float("nan")).is_nonzero()),
            "nonzero_0": _try(lambda: T.tensor([0.]).is_nonzero()),
            "prelu_0d": _try(lambda: T.tensor(1.).prelu(T.tensor([0.5, 1.]))),
            "cumsum_dim": _try(lambda: x.cumsum_(5)), "dim_order_z": _try(lambda: T.zeros(()).dim_order()),
            "dim_order_perm": _try(lambda: T.zeros(2, 3, 4).permute(2, 0, 1).dim_order()),
            "dim_order_unit": _try(lambda: T.zeros(2, 1, 4).permute(2, 0, 1).dim_order()),
            "dim_order_exp": _try(lambda: T.zeros(3, 4).expand(2, 3, 4).dim_order()),
            "conj_grad": _try(lambda: _gf(T.ones(2, requires_grad=True).conj()))}


CASES["bad_args_and_edges"] = _bad_args


# -- the fidelity issue's leftovers: scatter(reduce=) with grad, masked_scatter's edges,
#    addbmm_ on a broadcast self, resize_ of a view -------------------------------------------

def _nf(fn):
    return [(None if f is None else type(f).__name__, k) for f, k in fn.next_functions]


for _red in ("add", "multiply"):
    for _src in ("tensor", "value"):
        for _who in ("both", "self", "src", "inplace"):
            def _c(T, _red=_red, _src=_src, _who=_who):
                x = T.tensor([1., 2., 3.], requires_grad=_who in ("both", "self", "inplace"))
                s = T.tensor([4., 5., 6.], requires_grad=_who in ("both", "src"))
                src = s if _src == "tensor" else 2.0
                idx = T.tensor([0, 1, 0])
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    if _who == "inplace":
                        r = x * 1
                        v0 = r._version
                        r.scatter_(0, idx, src, reduce=_red)
                        v = r._version - v0
                    else:
                        r = x.scatter(0, idx, src, reduce=_red)
                        v = None
                out = {"r": r, "v": v, "gf": _gf(r)}
                if r.grad_fn is not None:
                    out["next"] = _nf(r.grad_fn)
                    out["bw"] = _try(lambda: r.sum().backward())
                return out
            CASES[f"leftover_scatter_reduce_{_red}_{_src}_{_who}"] = _c

for _mshape in ((3,), (1, 3), (2, 3)):
    for _who in ("both", "self", "src", "nonleaf"):
        def _c(T, _mshape=_mshape, _who=_who):
            x = T.zeros(2, 3, requires_grad=_who in ("both", "self", "nonleaf"))
            xs = x * 2 if _who == "nonleaf" else x
            s = T.arange(1., 7.).requires_grad_(_who in ("both", "src"))
            m = T.tensor([True, False, True]).expand(_mshape) if len(_mshape) > 1 else T.tensor([True, False, True])
            r = _try(lambda: xs.masked_scatter(m, s))
            out = {"r": r}
            if isinstance(r, T.Tensor) and r.grad_fn is not None:
                out["next"] = _nf(r.grad_fn)
                out["grads"] = T.autograd.grad((r * T.arange(6.).view(2, 3)).sum(),
                                               [t for t in (x, s) if t.requires_grad])
            out["few"] = _try(lambda: T.zeros(2, 3).masked_scatter(T.ones(3, dtype=T.bool), T.ones(5)))
            return out
        CASES[f"leftover_masked_scatter_{len(_mshape)}_{_mshape[0]}_{_who}"] = _c

for _shape in ((), (1,), (2, 2), (1, 2), (2, 1), (3, 3), (0,)):
    for _who in ("plain", "view", "nonleaf", "leaf"):
        def _c(T, _shape=_shape, _who=_who):
            b1 = T.ones(3, 2, 1).requires_grad_(_who == "nonleaf")
            b2 = T.arange(6.).view(3, 1, 2)
            base = T.zeros(8)
            if _who == "view":
                n = 1
                for s in _shape:
                    n *= s
                a = base[:n].view(_shape)
            elif _who in ("nonleaf", "leaf"):
                leaf = T.zeros(_shape, requires_grad=True)
                a = leaf * 1 if _who == "nonleaf" else leaf
            else:
                a = T.zeros(_shape)
            v0 = a._version
            r = _try(lambda: a.addbmm_(b1, b2, beta=2))
            out = {"r": r, "shape": list(a.shape), "v": a._version - v0, "base": base}
            if _who == "nonleaf" and isinstance(r, T.Tensor):
                out["gf"] = _gf(a)
                out["next"] = _nf(a.grad_fn)
                out["grads"] = T.autograd.grad((a * T.arange(4.).view(2, 2)).sum(), (leaf, b1))
            return out
        CASES[f"leftover_addbmm__{len(_shape)}d_{'x'.join(map(str, _shape))}_{_who}"] = _c


for _view in ("row", "tail", "transposed", "narrow"):
    for _sizes in ((2,), (3,), (0,), (2, 2), (1, 3)):
        def _c(T, _view=_view, _sizes=_sizes):
            x = T.arange(6.).view(2, 3)
            v = {"row": lambda: x[1], "tail": lambda: x.view(-1)[2:], "transposed": lambda: x.t(),
                 "narrow": lambda: x.view(-1)[1:4]}[_view]()
            r = _try(lambda: v.resize_(*_sizes))
            # (a grown storage's new elements are uninitialised in torch: the shape only)
            out = {"r": list(r.shape) if isinstance(r, T.Tensor) else r, "shape": list(v.shape), "stride": list(v.stride()), "off": v.storage_offset(),
                   "v": v._version, "x_v": x._version}
            if isinstance(r, T.Tensor) and v.numel():
                v.view(-1)[0] = 100
            out["x"] = x
            return out
        CASES[f"leftover_resize__view_{_view}_{'x'.join(map(str, _sizes))}"] = _c


def _multigammaln(T):
    """torch.special.multigammaln is torch.mvlgamma: integral inputs promoted, no domain check."""
    x = T.tensor([0.2, 1.0, 3.5], dtype=T.float64, requires_grad=True)
    r = T.special.multigammaln(x, 2)
    return {"r": r, "int": _try(lambda: T.special.multigammaln(T.tensor([3, 4]), 2)),
            "bool": _try(lambda: T.special.multigammaln(T.tensor([True]), 1)),
            "p_float": _try(lambda: T.special.multigammaln(T.tensor([3.]), 2.0)),
            "p0": _try(lambda: T.special.multigammaln(T.tensor([3.]), 0)),
            "grad": T.autograd.grad(r[2], x)}


CASES["special_multigammaln"] = _multigammaln


def _functional_twins(T):
    """F.hardshrink / F.prelu are torch.hardshrink / torch.prelu: the same nodes and checks."""
    F = T.nn.functional
    x = T.tensor([[-1., 0.2, 2.], [0.4, -3., 0.]], requires_grad=True)
    w = T.tensor([0.1, 0.2, 0.3], requires_grad=True)
    h = F.hardshrink(x, 0.5)
    p = F.prelu(x, w)
    return {"h": h, "p": p, "hg": T.autograd.grad(h.sum(), x),
            "pg": T.autograd.grad((p * p).sum(), (x, w)),
            "p1d": _try(lambda: F.prelu(T.tensor([1., -2., 3.]), T.tensor([0.1, 0.2, 0.3]))),
            "pdt": _try(lambda: F.prelu(T.tensor([1., -2.]), T.tensor([0.1], dtype=T.float64))),
            "module": T.nn.PReLU(3)(x).grad_fn}


CASES["functional_twins"] = _functional_twins
