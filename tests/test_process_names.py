"""The process-level names (issue 15) on paths the differential cases cannot
run on torch in the test process: a compiled module's and function's calls
(torch would start its compiler there, whose threads outlive the test)."""
import cyautograd as C


def test_compiled_module_computes_what_the_module_computes():
    C.manual_seed(0)
    lin = C.nn.Linear(3, 2)
    m = C.compile(lin)
    x = C.tensor([[1.0, -2.0, 0.5]])
    y = m(x)
    assert y.tolist() == lin(x).tolist()
    y.sum().backward()
    assert lin.weight.grad.tolist() == [[1.0, -2.0, 0.5], [1.0, -2.0, 0.5]]
    assert m.weight is lin.weight and m.training
    m.eval()
    assert not lin.training
    assert list(m.state_dict()) == ["_orig_mod.weight", "_orig_mod.bias"]


def test_compiled_function_and_decorator_forms():
    f = C.compile(lambda v: v * 3)
    assert f(C.tensor(2.0)).item() == 6.0

    @C.compile(fullgraph=True)
    def g(v):
        return v + 1
    assert g(C.tensor(1.0)).item() == 2.0
    assert C.compiler.is_compiling() is False
