"""Issue 15, item 7: a warning issued inside the library names the user's
line (see NOTE [ Warnings point at the caller ] in cyautograd/_warn.py), on
every path that reaches it: through a Tensor method, an operator, a
functional or a helper of the package."""
import sys
import warnings

import pytest

import cyautograd as T


def _here():
    return sys._getframe(1).f_lineno + 1   # the line after the call


def _caught(w):
    assert len(w) >= 1, "no warning"
    return w[0].filename, w[0].lineno


CASES = ["nonleaf_grad", "masked_fill_expanded", "mse_size", "meshgrid", "cross", "index_put_expanded",
         "index_put_method", "softmax_nodim", "out_resize", "scatter_reduce_arg"]


@pytest.mark.parametrize("name", CASES)
def test_warning_names_user_line(name):
    x = T.ones(3, requires_grad=True)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        if name == "nonleaf_grad":
            line = _here()
            (x * 2).grad
        elif name == "masked_fill_expanded":
            line = _here()
            T.zeros(3).expand(2, 3).masked_fill_(T.ones(2, 3) > 0, 1.0)
        elif name == "mse_size":
            line = _here()
            T.nn.functional.mse_loss(T.ones(3), T.ones(2, 3))
        elif name == "meshgrid":
            line = _here()
            T.meshgrid(T.ones(2), T.ones(2))
        elif name == "cross":
            line = _here()
            T.cross(T.ones(2, 3), T.ones(2, 3))
        elif name == "index_put_expanded":
            y = T.zeros(3).expand(2, 3)
            line = _here()
            y[T.tensor([0])] = 1.0
        elif name == "index_put_method":
            line = _here()
            T.zeros(3).expand(2, 3).index_put_((T.tensor([0]),), T.tensor(1.0))
        elif name == "softmax_nodim":
            line = _here()
            T.nn.functional.softmax(T.ones(2, 3))
        elif name == "out_resize":
            line = _here()
            T.cumprod(T.ones(3), 0, out=T.ones(2))
        elif name == "scatter_reduce_arg":
            line = _here()
            T.zeros(3).scatter(0, T.tensor([0]), T.ones(1), reduce="add")
    assert _caught(w) == (__file__, line)
