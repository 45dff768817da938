"""Snippets run against both torch and cyautograd (issue 15, nn.utils normalizations and
parametrizations): the hook forms nn.utils.weight_norm / spectral_norm (and their
removal), nn.utils.parametrize (register_parametrization with and without right_inverse,
chains, buffers, assignment, cached, remove_parametrizations, is_parametrized,
type_before_parametrizations and the errors), nn.utils.parametrizations.weight_norm /
spectral_norm / orthogonal (every map, with and without trivialization, square, tall and
wide, assignment), and short training loops over parametrized modules.  spectral_norm draws
its start vectors from the default generator: the same seed gives torch's vectors."""
import warnings

from cases_nn import _err, _fill, _x

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def _lin(T, i=3, o=4, dtype="float32"):
    m = _fill(T, T.nn.Linear(i, o))
    return m.to(getattr(T, dtype))


def _quiet(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn()


def _fwd_bwd(T, m, x):
    y = m(x)
    (y * _x(T, tuple(y.shape), 7, str(y.dtype).split(".")[-1])).sum().backward()
    return [y.detach(), sorted((n, p.grad) for n, p in m.named_parameters())]


# ------------------------------------------------------------------ weight_norm (hook)
for _dim in (0, 1, None):
    for _dt in ("float32", "float64"):
        def _wn(T, dim=_dim, dt=_dt):
            m = _quiet(lambda: T.nn.utils.weight_norm(_lin(T, dtype=dt), dim=dim))
            out = [sorted(m.state_dict()), m.weight_g.detach(), m.weight_v.detach(),
                   m.weight.detach(), type(m.weight.grad_fn).__name__]
            out += _fwd_bwd(T, m, _x(T, (5, 3), 1, dt))
            T.nn.utils.remove_weight_norm(m)
            out += [sorted(m.state_dict()), m.weight.detach(), type(m.weight).__name__,
                    len(m._forward_pre_hooks)]
            return out
        CASES[f"weight_norm_hook_{_dim}_{_dt}"] = _wn


@case
def weight_norm_hook_conv(T):
    out = []
    for dim in (0, 1, 2, -1, None):
        m = _fill(T, T.nn.Conv1d(2, 3, 2))
        m = _quiet(lambda: T.nn.utils.weight_norm(m, dim=dim))
        out += [m.weight_g.shape, type(m.weight.grad_fn).__name__,
                _fwd_bwd(T, m, _x(T, (2, 2, 5), 3))]
    return out


@case
def weight_norm_hook_warning(T):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        T.nn.utils.weight_norm(_lin(T))
    return [(x.category.__name__, str(x.message)) for x in w]


@case
def weight_norm_hook_sgd(T):
    m = _quiet(lambda: T.nn.utils.weight_norm(_lin(T)))
    opt = T.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    losses = []
    for k in range(10):
        opt.zero_grad()
        loss = ((m(_x(T, (6, 3), k)) - 0.5) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
    return [losses, sorted((n, p.detach()) for n, p in m.named_parameters())]


CASES["weight_norm_hook_twice_err"] = _err(lambda T: _quiet(
    lambda: T.nn.utils.weight_norm(T.nn.utils.weight_norm(_lin(T)))))
CASES["weight_norm_hook_remove_err"] = _err(lambda T: T.nn.utils.remove_weight_norm(
    _lin(T), "bias"))


# ------------------------------------------------------------------ spectral_norm (hook)
@case
def spectral_norm_hook(T):
    T.manual_seed(0)
    m = T.nn.utils.spectral_norm(_lin(T, 5, 4))
    out = [sorted(m.state_dict()), m.weight_u.detach(), m.weight_v.detach()]
    out += _fwd_bwd(T, m, _x(T, (2, 5), 1))
    out += [m.weight_u.detach(), m.weight.detach()]
    m.eval()
    out += [m(_x(T, (2, 5), 2)).detach(), m.weight_u.detach()]
    T.nn.utils.remove_spectral_norm(m)
    out += [sorted(m.state_dict()), m.weight.detach()]
    return out


@case
def spectral_norm_hook_conv_transpose(T):
    T.manual_seed(1)
    m = _fill(T, T.nn.ConvTranspose1d(2, 3, 2))
    m = T.nn.utils.spectral_norm(m, n_power_iterations=3)
    return [m.weight_u.shape, m.weight_v.shape, _fwd_bwd(T, m, _x(T, (1, 2, 4), 3))]


CASES["spectral_norm_hook_iters_err"] = _err(
    lambda T: T.nn.utils.spectral_norm(_lin(T), n_power_iterations=0))
CASES["spectral_norm_hook_twice_err"] = _err(
    lambda T: T.nn.utils.spectral_norm(T.nn.utils.spectral_norm(_lin(T))))
CASES["spectral_norm_hook_remove_err"] = _err(
    lambda T: T.nn.utils.remove_spectral_norm(_lin(T)))


# ------------------------------------------------------------------ parametrize
def _symmetric(T):
    class Symmetric(T.nn.Module):
        def forward(self, X):
            return X.triu() + X.triu(1).transpose(-1, -2)

        def right_inverse(self, A):
            return A.triu()
    return Symmetric()


def _scale(T, s):
    class Scale(T.nn.Module):
        def forward(self, X):
            return X * s
    return Scale()


def _square_lin(T):
    return _fill(T, T.nn.Linear(3, 3))


@case
def parametrize_basic(T):
    P = T.nn.utils.parametrize
    m = _square_lin(T)
    cls_before = type(m).__name__
    P.register_parametrization(m, "weight", _symmetric(T))
    out = [cls_before, type(m).__name__, type(m).__mro__[1].__name__, repr(m),
           sorted(m.state_dict()), [n for n, _ in m.named_parameters()], m.weight.detach(),
           P.is_parametrized(m), P.is_parametrized(m, "weight"), P.is_parametrized(m, "bias"),
           P.type_before_parametrizations(m).__name__, isinstance(m, T.nn.Linear),
           m.parametrizations.weight.original.detach(), type(m.weight.grad_fn).__name__]
    out += _fwd_bwd(T, m, _x(T, (2, 3), 1))
    return out


@case
def parametrize_assign_and_remove(T):
    P = T.nn.utils.parametrize
    m = _square_lin(T)
    P.register_parametrization(m, "weight", _symmetric(T))
    orig = m.parametrizations.weight.original
    with T.no_grad():
        m.weight = _x(T, (3, 3), 4)
    out = [m.weight.detach(), orig.detach(), m.parametrizations.weight.original is orig]
    P.remove_parametrizations(m, "weight")
    out += [type(m).__name__, sorted(m.state_dict()), m.weight.detach(),
            type(m.weight).__name__, m.weight is orig, P.is_parametrized(m),
            hasattr(m, "parametrizations")]
    m2 = _square_lin(T)
    P.register_parametrization(m2, "weight", _symmetric(T))
    P.remove_parametrizations(m2, "weight", leave_parametrized=False)
    out += [m2.weight.detach(), type(m2).__name__]
    return out


@case
def parametrize_chain_and_two_names(T):
    P = T.nn.utils.parametrize
    m = _square_lin(T)
    P.register_parametrization(m, "weight", _symmetric(T))
    P.register_parametrization(m, "weight", _scale(T, 2.0))
    P.register_parametrization(m, "bias", _scale(T, -1.0))
    out = [repr(m), sorted(m.state_dict()), m.weight.detach(), m.bias.detach(),
           len(m.parametrizations.weight)]
    out += _fwd_bwd(T, m, _x(T, (4, 3), 2))
    P.remove_parametrizations(m, "bias")
    out += [type(m).__name__, P.is_parametrized(m), sorted(m.state_dict())]
    P.remove_parametrizations(m, "weight")
    out += [type(m).__name__, m.weight.detach()]
    return out


@case
def parametrize_buffer(T):
    P = T.nn.utils.parametrize
    m = T.nn.BatchNorm1d(3)
    with T.no_grad():
        m.running_var.copy_(T.tensor([1.0, 2.0, 3.0]))
    P.register_parametrization(m, "running_var", _scale(T, 3.0))
    return [sorted(m.state_dict()), m.running_var, [n for n, _ in m.named_buffers()],
            type(m.parametrizations.running_var.original).__name__]


@case
def parametrize_cached(T):
    P = T.nn.utils.parametrize
    m = _square_lin(T)
    calls = []

    class Counting(T.nn.Module):
        def forward(self, X):
            calls.append(1)
            return X * 2
    P.register_parametrization(m, "weight", Counting())
    n0 = len(calls)
    with P.cached():
        a = m.weight
        b = m.weight
        with P.cached():
            c = m.weight
    d = m.weight
    return [n0, len(calls), a is b, a is c, a is d]


@case
def parametrize_train_mode_and_sgd(T):
    P = T.nn.utils.parametrize
    m = _square_lin(T)
    m.eval()
    s = _symmetric(T)
    P.register_parametrization(m, "weight", s)
    mode = s.training
    m.train()
    opt = T.optim.Adam(m.parameters(), lr=0.05)
    losses = []
    for k in range(10):
        opt.zero_grad()
        loss = ((m(_x(T, (5, 3), k)) - 0.2) ** 2).sum()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
    return [mode, losses, m.weight.detach(), (m.weight - m.weight.T).abs().max()]


@case
def parametrize_deepcopy(T):
    import copy
    P = T.nn.utils.parametrize
    m = _square_lin(T)
    P.register_parametrization(m, "weight", _symmetric(T))
    m2 = copy.deepcopy(m)
    with T.no_grad():
        m2.parametrizations.weight.original.add_(1)
    return [type(m2).__name__, m.weight.detach(), m2.weight.detach()]


def _pickle(T):
    import pickle
    m = _square_lin(T)
    T.nn.utils.parametrize.register_parametrization(m, "weight", _symmetric(T))
    pickle.dumps(m)


def _no_inverse(T):
    m = _square_lin(T)
    T.nn.utils.parametrize.register_parametrization(m, "weight", _scale(T, 2.0))
    with T.no_grad():
        m.weight = T.zeros(3, 3)


def _reshape(T):
    class Flat(T.nn.Module):
        def forward(self, X):
            return X.reshape(-1)
    return Flat()


def _to_double(T):
    class Dbl(T.nn.Module):
        def forward(self, X):
            return X.double()
    return Dbl()


def _second_bad(T):
    m = _square_lin(T)
    P = T.nn.utils.parametrize
    P.register_parametrization(m, "weight", _symmetric(T))
    P.register_parametrization(m, "weight", _reshape(T))


def _not_tensor(T):
    class Bad(T.nn.Module):
        def forward(self, X):
            return 3
    T.nn.utils.parametrize.register_parametrization(_square_lin(T), "weight", Bad())


CASES["parametrize_err_name"] = _err(lambda T: T.nn.utils.parametrize.register_parametrization(
    T.nn.ReLU(), "weight", _symmetric(T)))
CASES["parametrize_err_shape"] = _err(lambda T: T.nn.utils.parametrize.register_parametrization(
    _square_lin(T), "weight", _reshape(T)))
CASES["parametrize_err_dtype"] = _err(lambda T: T.nn.utils.parametrize.register_parametrization(
    _square_lin(T), "weight", _to_double(T)))
CASES["parametrize_err_second_shape"] = _err(_second_bad)
CASES["parametrize_err_not_tensor"] = _err(_not_tensor)
CASES["parametrize_err_remove"] = _err(lambda T: T.nn.utils.parametrize.remove_parametrizations(
    T.nn.ReLU(), "weight"))
CASES["parametrize_err_no_right_inverse"] = _err(_no_inverse)
CASES["parametrize_err_pickle"] = _err(_pickle)
CASES["parametrize_unsafe_shape"] = lambda T: list(
    T.nn.utils.parametrize.register_parametrization(_square_lin(T), "weight", _reshape(T),
                                                    unsafe=True).weight.shape)


# ------------------------------------------------------------------ parametrizations
for _dim in (0, 1, None):
    def _pwn(T, dim=_dim):
        PZ = T.nn.utils.parametrizations
        m = PZ.weight_norm(_lin(T), dim=dim)
        pl = m.parametrizations.weight
        out = [repr(m), sorted(m.state_dict()), pl.original0.detach(), pl.original1.detach(),
               m.weight.detach(), type(m.weight.grad_fn).__name__]
        out += _fwd_bwd(T, m, _x(T, (5, 3), 1))
        T.nn.utils.parametrize.remove_parametrizations(m, "weight")
        out += [sorted(m.state_dict()), m.weight.detach(), type(m).__name__]
        return out
    CASES[f"parametrizations_weight_norm_{_dim}"] = _pwn


@case
def parametrizations_spectral_norm(T):
    PZ = T.nn.utils.parametrizations
    T.manual_seed(0)
    m = PZ.spectral_norm(_lin(T, 5, 4))
    pl = m.parametrizations.weight
    out = [repr(m), sorted(m.state_dict()), pl[0]._u, pl[0]._v, m.weight.detach()]
    out += _fwd_bwd(T, m, _x(T, (2, 5), 1))
    m.eval()
    out += [m(_x(T, (2, 5), 2)).detach(), pl[0]._u]
    T.manual_seed(2)
    c = PZ.spectral_norm(_fill(T, T.nn.Conv2d(2, 3, 2)), n_power_iterations=2)
    out += [c.parametrizations.weight[0].dim, _fwd_bwd(T, c, _x(T, (1, 2, 4, 4), 3))]
    T.manual_seed(3)
    ct = PZ.spectral_norm(_fill(T, T.nn.ConvTranspose2d(2, 3, 2)))
    out += [ct.parametrizations.weight[0].dim, ct.parametrizations.weight[0]._u.shape]
    b = PZ.spectral_norm(_fill(T, T.nn.Linear(3, 2)), name="bias")
    out += [b.bias.detach()]
    return out


CASES["parametrizations_spectral_err_name"] = _err(
    lambda T: T.nn.utils.parametrizations.spectral_norm(_lin(T), name="nope"))
CASES["parametrizations_spectral_err_dim"] = _err(
    lambda T: T.nn.utils.parametrizations.spectral_norm(_lin(T), dim=2))
CASES["parametrizations_spectral_err_iters"] = _err(
    lambda T: T.nn.utils.parametrizations.spectral_norm(_lin(T), n_power_iterations=0))


# ------------------------------------------------------------------ orthogonal
def _full_rank(T, m, seed=0):
    # _fill's sinusoids give rank-2 matrices, whose QR completion is LAPACK's rounding noise
    w = m.weight
    with T.no_grad():
        w.copy_(_x(T, tuple(w.shape), seed, str(w.dtype).split(".")[-1]) * 0.1
                + 2 * T.eye(*w.shape, dtype=w.dtype))
    return m


def _orth(T, shape, omap, triv, assign, dt="float64"):
    T.manual_seed(0)
    m = _full_rank(T, _fill(T, T.nn.Linear(shape[1], shape[0])).to(getattr(T, dt)), 3)
    T.nn.utils.parametrizations.orthogonal(m, orthogonal_map=omap, use_trivialization=triv)
    out = [m.weight.detach(), sorted(m.state_dict()), repr(m)]
    out += _fwd_bwd(T, m, _x(T, (2, shape[1]), 1, dt))
    if assign:
        # a well-conditioned target (a rank-deficient one leaves LAPACK's reflectors to
        # rounding noise, which differs between LAPACK builds)
        with T.no_grad():
            m.weight = _x(T, shape, 5, dt) * 0.1 + 2 * T.eye(*shape, dtype=getattr(T, dt))
        out += [m.weight.detach(), m.parametrizations.weight.original.detach()]
    return out


for _shape in ((3, 3), (4, 3), (3, 5)):
    for _omap in (None, "matrix_exp", "cayley", "householder"):
        for _triv in (True, False):
            _name = f"orthogonal_{_shape[0]}x{_shape[1]}_{_omap}_{'triv' if _triv else 'direct'}"
            CASES[_name] = lambda T, s=_shape, o=_omap, t=_triv: _orth(T, s, o, t, True)


def _orth_train(T, dt, steps):
    T.manual_seed(0)
    m = _full_rank(T, _fill(T, T.nn.Linear(4, 4)).to(getattr(T, dt)))
    T.nn.utils.parametrizations.orthogonal(m)
    opt = T.optim.SGD(m.parameters(), lr=0.05)
    losses = []
    for k in range(steps):
        opt.zero_grad()
        loss = ((m(_x(T, (3, 4), k, dt)) - 0.3) ** 2).sum()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
    eye = T.eye(4, dtype=getattr(T, dt))
    return [losses, m.weight.detach(), bool((m.weight @ m.weight.T - eye).abs().max() < 1e-5)]


# float32: 3 steps (matrix_exp's float32 rounding differs from torch's Pade kernel by an
# ulp, ~1e-5 after 10 steps); float64: 10
CASES["orthogonal_training_float32"] = lambda T: _orth_train(T, "float32", 3)
CASES["orthogonal_training_float64"] = lambda T: _orth_train(T, "float64", 10)


CASES["orthogonal_err_1d"] = _err(lambda T: T.nn.utils.parametrizations.orthogonal(
    _lin(T), "bias"))
CASES["orthogonal_err_name"] = _err(lambda T: T.nn.utils.parametrizations.orthogonal(
    _lin(T), "nope"))
CASES["orthogonal_err_map"] = _err(lambda T: T.nn.utils.parametrizations.orthogonal(
    _lin(T), orthogonal_map="qr"))
CASES["orthogonal_err_assign_shape"] = _err(lambda T: _orth_assign_bad(T))


def _orth_assign_bad(T):
    m = T.nn.utils.parametrizations.orthogonal(_fill(T, T.nn.Linear(3, 3)))
    with T.no_grad():
        m.weight = T.zeros(2, 3)
