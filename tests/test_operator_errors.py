"""Operators that decline an operand raise CPython's error with torch's type
name ('Tensor'), though Tensor's tp_name is "cyautograd.Tensor"
(NOTE [ Operator errors name 'Tensor' ] in tensor.pyx)."""
import operator

import pytest

import cyautograd as cy

try:
    import torch
except ImportError:  # the expected words are CPython's, spelled out below
    torch = None

OPS = [("+", operator.add), ("-", operator.sub), ("*", operator.mul), ("/", operator.truediv),
       ("** or pow()", operator.pow), ("@", operator.matmul)]
INPLACE = [("+=", operator.iadd), ("-=", operator.isub), ("*=", operator.imul), ("/=", operator.itruediv)]


class Opaque:
    pass


def _err(f, *args):
    with pytest.raises(TypeError) as e:
        f(*args)
    return str(e.value)


# an in-place operator has the tensor on the left only
CASES = [(s, o, True) for s, o in OPS + INPLACE] + [(s, o, False) for s, o in OPS]


@pytest.mark.parametrize("sym,op,left", CASES)
@pytest.mark.parametrize("other", [None, Opaque(), object()], ids=["None", "Opaque", "object"])
def test_declined_operand_message(sym, op, left, other):
    x = cy.ones(2)
    got = _err(op, x, other) if left else _err(op, other, x)
    name = type(other).__name__
    want = (f"unsupported operand type(s) for {sym}: 'Tensor' and '{name}'" if left
            else f"unsupported operand type(s) for {sym}: '{name}' and 'Tensor'")
    assert got == want
    if torch is not None:
        t = torch.ones(2)
        assert got == (_err(op, t, other) if left else _err(op, other, t))
    assert x._version == 0 and x.tolist() == [1.0, 1.0]


def test_type_reads_as_cyautograd_tensor():
    x = cy.ones(1)
    assert type(x) is cy.Tensor and type(x).__module__ == "cyautograd"
    assert str(type(x)) == "<class 'cyautograd.Tensor'>"
