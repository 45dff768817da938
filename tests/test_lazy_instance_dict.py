"""NOTE [ Lazy instance dict ] (tensor.pyx): Tensor's instance dict is switched
on only when a program first needs one, so that CPython specializes method
calls on tensors until then; the switch must change nothing observable."""
import os
import subprocess
import sys
import textwrap

import cyautograd

_PROG = textwrap.dedent("""
    import copy, dis, gc, pickle, sys
    import cyautograd as c
    T = sys.modules["cyautograd.tensor"]
    out = []
    x = c.ones(2, requires_grad=True)
    def f(t):
        for _ in range(20):
            t.sum()
    f(x)
    # the specialised method load: LOAD_METHOD_NO_DICT in 3.11, LOAD_ATTR_METHOD_NO_DICT from 3.12
    out.append(any(i.opname in ("LOAD_METHOD_NO_DICT", "LOAD_ATTR_METHOD_NO_DICT")
                   for i in dis.get_instructions(f, adaptive=True)))
    out.append(T._instance_dict_enabled())
    # reads, descriptor writes, pickling, deepcopy, failed deletes: still off
    x.grad = None; x.requires_grad_(True); out.append(x._backward_hooks)
    out.append(pickle.loads(pickle.dumps(x)).tolist()); copy.deepcopy(x)
    try:
        x.foo
    except AttributeError as e:
        out.append(str(e))
    try:
        del x.foo
    except AttributeError as e:
        out.append(str(e))
    p = c.nn.Parameter(c.ones(1)); p.extra = 3; out.append(p.extra)
    out.append(T._instance_dict_enabled())
    # a custom attribute switches it on, for every tensor
    x.foo = 1
    out.append(T._instance_dict_enabled())
    out += [x.foo, dict(x.__dict__), dict(c.ones(1).__dict__), pickle.loads(pickle.dumps(x)).foo,
            copy.deepcopy(x).foo, hasattr(c.ones(1), "foo")]
    y = c.ones(1); y.me = y; del y; gc.collect()
    print(repr(out))
""")

_SLOTS = textwrap.dedent("""
    import gc, sys
    import cyautograd as c
    T = sys.modules["cyautograd.tensor"]
    class S(c.Tensor):
        __slots__ = ()
    s = S.__new__(S); s.foo = 2; s.me = s
    r = [T._instance_dict_enabled(), s.foo, sorted(s.__dict__)]
    del s; gc.collect()
    print(repr(r))
""")


def _run(prog):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(cyautograd.__file__)))
    r = subprocess.run([sys.executable, "-P", "-c", prog], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return eval(r.stdout)


def test_switch_is_lazy_and_invisible():
    out = _run(_PROG)
    msg = "'cyautograd.Tensor' object has no attribute 'foo'"
    assert out == [True, False, None, [1.0, 1.0], msg, msg, 3, False,
                   True, 1, {"foo": 1}, {}, 1, 1, False]


def test_slots_subclass_gets_a_dict():
    assert _run(_SLOTS) == [True, 2, ["foo", "me"]]
