"""Run PyTorch's own test methods with ``torch`` bound to torch or to cyautograd.

Issues 12/13: the project is judged on PyTorch's test suite run against
``import cyautograd as torch``. This runner executes the test methods of a
PyTorch test file (test/test_autograd.py, test/autograd/test_functional.py,
test/functorch/test_eager_transforms.py, ... -- fetched from a PyTorch mirror,
never committed here) in a fresh process per backend, with its own small
TestCase (assertEqual over numpy, assertRaisesRegex, parametrize/subtest,
dtypes, device="cpu") in place of torch.testing._internal, and compares the
outcomes per test (pass / fail with exception type and words / skip /
unsupported: a name the file imports that cyautograd lacks). A crash of the
interpreter is recorded and the run goes on with the next test.

    python tools/torch_suite_runner.py drive /path/test_autograd.py TestAutograd TestAutogradForwardMode
    python tools/torch_suite_runner.py compare test_autograd      # torch passes that cyautograd fails
    python tools/torch_suite_runner.py all /dir/with/the/files    # every file of SUITES found there

Sources: test_autograd.py, autograd/test_functional.py and
functorch/test_eager_transforms.py come from the torch_npu mirror
(``fetch github:Ascend/pytorch``, read with ``git show HEAD:test/...``);
test/autograd/test_node_lifecycle.py from pytorch/pytorch (the stored-file
reader; the whole repository is too large to fetch).

Environment: BACKENDS=torch,cyautograd (default both), ONLY=<regex of test
ids>, RUN_CWD=<cwd of the workers>; set PYTHONPATH to the checkout whose
cyautograd should run. Results go to <file>.<backend>.jsonl under
the temporary directory (torch_suite_results/) unless RESULTS_DIR is set. Under cyautograd, ``torch`` and
``torch.*`` (and ``functorch``) imports are aliased to cyautograd modules; a
file adapted for another device (torch_npu) has its device names mapped to
"cpu".
"""
import ast
import contextlib
import gc
import importlib
import importlib.abc
import importlib.machinery
import itertools
import json
import math
import os
import re
import signal
import subprocess
import sys
import traceback
import types
import unittest
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))


def _results_dir():
    import tempfile
    return os.environ.get("RESULTS_DIR", os.path.join(tempfile.gettempdir(), "torch_suite_results"))


# ----------------------------------------------------------------- aliasing
class _AliasLoader(importlib.abc.Loader):
    def __init__(self, mod):
        self.mod = mod

    def create_module(self, spec):
        return self.mod

    def exec_module(self, module):
        pass


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname == "functorch" or fullname.startswith("functorch."):
            mod = _functorch_module(fullname)
            return None if mod is None else importlib.machinery.ModuleSpec(fullname, _AliasLoader(mod))
        if fullname != "torch" and not fullname.startswith("torch."):
            return None
        rest = fullname[len("torch"):]
        target_name = "cyautograd" + rest
        try:
            mod = importlib.import_module(target_name)
        except ImportError:
            # attribute chain
            obj = sys.modules["cyautograd"]
            for part in rest.split(".")[1:]:
                obj = getattr(obj, part, None)
                if obj is None:
                    return None
            if not isinstance(obj, types.ModuleType):
                return None
            mod = obj
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(mod))


def _functorch_module(fullname):
    """The standalone ``functorch`` package is torch.func's transforms behind
    FutureWarnings (torch._functorch.deprecated) and the make_functional
    family; ``functorch.experimental`` adds functionalize and
    replace_all_batch_norm_modules_."""
    func = importlib.import_module("cyautograd.func")
    if fullname == "functorch":
        mf = importlib.import_module("cyautograd._functorch.make_functional")
        dep = importlib.import_module("cyautograd._functorch.deprecated")
        mod = types.ModuleType("functorch")
        mod.__dict__.update({k: v for k, v in vars(func).items() if not k.startswith("__")})
        mod.__dict__.update({k: getattr(mf, k) for k in mf.__all__})
        mod.__dict__.update({k: getattr(dep, k) for k in dep.__all__})
        return mod
    if fullname == "functorch.experimental":
        mod = types.ModuleType(fullname)
        mod.functionalize = func.functionalize
        mod.replace_all_batch_norm_modules_ = func.replace_all_batch_norm_modules_
        return mod
    return None


def install_alias():
    import cyautograd
    sys.modules["torch"] = cyautograd
    for name, m in list(sys.modules.items()):
        if name.startswith("cyautograd."):
            sys.modules.setdefault("torch" + name[len("cyautograd"):], m)
    sys.meta_path.insert(0, _AliasFinder())


# ------------------------------------------------------------- missing names
class Unsupported(Exception):
    pass


class _Missing:
    def __init__(self, name):
        self._name = name

    def __getattr__(self, a):
        if a.startswith("__"):
            raise AttributeError(a)
        raise Unsupported("missing " + self._name + "." + a)

    def __call__(self, *a, **k):
        raise Unsupported("missing " + self._name)

    def __iter__(self):
        raise Unsupported("missing " + self._name)

    def __enter__(self):
        raise Unsupported("missing " + self._name)

    def __exit__(self, *a):
        return False

    def __mro_entries__(self, bases):
        return (_MissingBase,)


class _LenientModule:
    """torch seen by class bodies (decorator arguments): absent names are _Missing."""
    def __init__(self, mod):
        object.__setattr__(self, "_m", mod)

    def __getattr__(self, a):
        try:
            v = getattr(self._m, a)
        except AttributeError:
            return _LenientMissing("torch." + a)
        if isinstance(v, types.ModuleType):
            return _LenientModule(v)
        return v


class _LenientMissing(_Missing):
    def __getattr__(self, a):
        if a.startswith("__"):
            raise AttributeError(a)
        return _LenientMissing(self._name + "." + a)

    def __call__(self, *a, **k):
        return _LenientMissing(self._name + "()")

    def __bool__(self):
        return False


class _MissingBase:
    def __init__(self, *a, **k):
        raise Unsupported("missing base class")


# ----------------------------------------------------------- test utilities
def build_support(torch):
    ns = {}

    def _is_tensor(x):
        return isinstance(x, torch.Tensor)

    def _np(x):
        import numpy as np
        if _is_tensor(x):
            x = x.detach()
            if x.is_complex() if hasattr(x, "is_complex") else False:
                return np.asarray(x.resolve_conj().cpu().numpy() if hasattr(x, "resolve_conj") else x.cpu().numpy())
            try:
                return np.asarray(x.cpu().numpy())
            except Exception:
                return np.asarray(x.tolist())
        return np.asarray(x)

    def _tol(x):
        if _is_tensor(x):
            s = str(x.dtype).split(".")[-1]
            return {"float64": (1e-7, 1e-7), "float32": (1.3e-6, 1e-5), "float16": (1e-3, 1e-5),
                    "bfloat16": (1.6e-2, 1e-5), "complex128": (1e-7, 1e-7),
                    "complex64": (1.3e-6, 1e-5)}.get(s, (0, 0))
        if isinstance(x, float):
            return (1e-7, 1e-7)
        return (0, 0)

    own = getattr(torch, "__name__", "torch") == "cyautograd"

    def _own_names(regex):
        # DESIGN.md: cyautograd's messages keep torch's words, but where torch
        # names its own types or functions (torch.Size, torch.float32) they name
        # cyautograd's. A test's pattern naming torch.X therefore matches either
        # spelling; everything else in the pattern is checked as written.
        if not own or not isinstance(regex, str):
            return regex
        return re.sub(r"(?<![A-Za-z0-9_])torch(?=\\?\.)", "(?:torch|cyautograd)", regex)

    class TestCase(unittest.TestCase):
        precision = 1e-5
        rel_tol = 0

        def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
            return super().assertRaisesRegex(expected_exception, _own_names(expected_regex), *args, **kwargs)

        def assertWarnsRegex(self, expected_warning, expected_regex, *args, **kwargs):
            return super().assertWarnsRegex(expected_warning, _own_names(expected_regex), *args, **kwargs)

        def assertEqual(self, x, y, msg=None, *, atol=None, rtol=None, equal_nan=True,
                        exact_dtype=True, exact_device=False, exact_layout=False,
                        exact_stride=False, exact_is_coalesced=False, **kw):
            import numpy as np
            if isinstance(msg, (int, float)) and not isinstance(msg, bool):
                atol = msg
                msg = None
            if _is_tensor(x) or _is_tensor(y):
                if _is_tensor(x) and _is_tensor(y):
                    if tuple(x.shape) != tuple(y.shape):
                        raise self.failureException(
                            f"shape mismatch {tuple(x.shape)} vs {tuple(y.shape)} {msg or ''}")
                    if exact_dtype and x.dtype != y.dtype:
                        raise self.failureException(f"dtype mismatch {x.dtype} vs {y.dtype} {msg or ''}")
                elif _is_tensor(x) and isinstance(y, (list, tuple)) and not any(_is_tensor(e) for e in y):
                    pass
                elif _is_tensor(y) and isinstance(x, (list, tuple)) and not any(_is_tensor(e) for e in x):
                    pass
                elif isinstance(x, (int, float, bool, complex)) or isinstance(y, (int, float, bool, complex)):
                    t = x if _is_tensor(x) else y
                    if t.numel() != 1:
                        raise self.failureException("number vs tensor with numel != 1")
                else:
                    raise self.failureException(f"cannot compare {type(x)} and {type(y)}")
                a, b = _np(x), _np(y)
                tx, ty = _tol(x), _tol(y)
                r = rtol if rtol is not None else max(tx[0], ty[0])
                at = atol if atol is not None else max(tx[1], ty[1])
                if a.size == 1 and b.size == 1:
                    a, b = a.reshape(()), b.reshape(())
                if a.shape != b.shape:
                    raise self.failureException(f"shape mismatch {a.shape} vs {b.shape}")
                if a.dtype == bool or b.dtype == bool:
                    ok = np.array_equal(a.astype(bool), b.astype(bool))
                else:
                    ok = np.allclose(a.astype(complex if np.iscomplexobj(a) or np.iscomplexobj(b) else float),
                                     b, rtol=r, atol=at, equal_nan=equal_nan) if a.size else True
                if not ok:
                    raise self.failureException(f"tensors differ {msg or ''}\n{a}\n{b}")
                return
            if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)) and not (
                    type(x).__name__ == "Size" or type(y).__name__ == "Size"):
                if len(x) != len(y):
                    raise self.failureException(f"length mismatch {len(x)} vs {len(y)} {msg or ''}")
                for a, b in zip(x, y):
                    self.assertEqual(a, b, msg, atol=atol, rtol=rtol, equal_nan=equal_nan,
                                     exact_dtype=exact_dtype)
                return
            if isinstance(x, dict) and isinstance(y, dict):
                self.assertEqual(sorted(x.keys(), key=str), sorted(y.keys(), key=str), msg)
                for k in x:
                    self.assertEqual(x[k], y[k], msg, atol=atol, rtol=rtol)
                return
            if isinstance(x, float) or isinstance(y, float):
                if isinstance(x, (int, float)) and isinstance(y, (int, float)):
                    if (math.isnan(x) and math.isnan(y)) or x == y:
                        return
                    at = atol if atol is not None else 1e-7
                    r = rtol if rtol is not None else 1e-7
                    if abs(x - y) <= at + r * abs(y):
                        return
                    raise self.failureException(f"{x} != {y} {msg or ''}")
            if isinstance(x, (list, tuple)) or isinstance(y, (list, tuple)):
                if tuple(x) != tuple(y):
                    raise self.failureException(f"{x} != {y} {msg or ''}")
                return
            if x != y:
                raise self.failureException(f"{x!r} != {y!r} {msg or ''}")

        def assertNotEqual(self, x, y, msg=None, **kw):
            try:
                self.assertEqual(x, y, msg, **kw)
            except self.failureException:
                return
            raise self.failureException(f"{x} == {y}")

        def assertExpectedInline(self, actual, expect, skip=0):
            import textwrap
            a = textwrap.dedent(actual).strip()
            e = textwrap.dedent(expect).strip()
            if a != e:
                raise self.failureException(f"expected inline:\n{e}\nactual:\n{a}")

        def assertExpected(self, s, subname=None):
            raise unittest.SkipTest("assertExpected needs expect files")

        def assertExpectedRaisesInline(self, exc_type, callable, expect, *args, **kwargs):
            try:
                callable(*args, **kwargs)
            except exc_type as e:
                self.assertExpectedInline(str(e), expect)
                return
            raise self.failureException("did not raise")

        def assertNotWarn(self, callable, msg=""):
            with warnings.catch_warnings(record=True) as ws:
                warnings.simplefilter("always")
                callable()
            if ws:
                raise self.failureException(f"warned: {[str(w.message) for w in ws]}")

        @contextlib.contextmanager
        def assertWarnsOnceRegex(self, category, regex=""):
            with warnings.catch_warnings(record=True) as ws:
                warnings.simplefilter("always")
                yield
            pat = re.compile(regex)
            if not any(issubclass(w.category, category) and pat.search(str(w.message)) for w in ws):
                raise self.failureException(f"no warning {regex}: {[str(w.message) for w in ws]}")

        def assertLeaksNoCudaTensors(self, name=None):
            return contextlib.nullcontext()

        def compare_with_numpy(self, *a, **k):
            raise Unsupported("compare_with_numpy")

        def assertTrueIn(self, *a):
            pass

    ns["TestCase"] = TestCase

    def identity_deco_factory(*a, **k):
        if len(a) == 1 and callable(a[0]) and not k and not isinstance(a[0], str):
            return a[0]
        return lambda f: f

    for n in ["skipIfTorchDynamo", "xfailIfTorchDynamo", "skipIfNoLapack", "slowTest", "skipIfMPS",
              "onlyCPU", "skipMeta", "skipIfWindows", "skipIfXpu", "skipCUDANonDefaultStreamIf",
              "skipIfSlowGradcheckEnv", "expectedFailureMPS", "skipIfRocm", "skipIfTorchInductor",
              "markDynamoStrictTest", "skipIfNoSciPy", "onlyNativeDeviceTypes", "skipIfCrossRef",
              "skipIfNoTorchVision", "dtypesIfMPS", "dtypesIfPRIVATEUSE1", "dtypesIfCUDA",
              "skipIfTorchDynamo", "unMarkDynamoStrictTest", "xfailIfS390X", "skipIfS390X",
              "skipCUDAIfNoMagma", "skipIfNotRocm", "serialTest", "suppress_warnings"]:
        ns[n] = identity_deco_factory

    def _skipper(reason):
        def deco_factory(*a, **k):
            def deco(f):
                def w(*aa, **kk):
                    raise unittest.SkipTest(reason)
                w.__name__ = getattr(f, "__name__", "x")
                return w
            if len(a) == 1 and callable(a[0]) and not isinstance(a[0], str):
                return deco(a[0])
            return deco
        return deco_factory

    for n in ["onlyCUDA", "onlyPRIVATEUSE1", "deviceCountAtLeast", "onlyMPS", "skipIfTorchDynamoNotCompile",
              "onlyXPU", "largeTensorTest"]:
        ns[n] = _skipper(n)
    ns["expectedFailureIf"] = lambda cond: (lambda f: f)

    class subtest:
        def __init__(self, arg_values, name=None, decorators=None):
            self.arg_values = arg_values
            self.name = name
            self.decorators = decorators or []

    ns["subtest"] = subtest

    def parametrize(arg_str, arg_values, name_fn=None):
        names = [s.strip() for s in arg_str.split(",")]

        def deco(f):
            inner = getattr(f, "_h_params", [])
            f2 = f
            f2._h_params = [(names, list(arg_values))] + inner
            return f2
        return deco

    ns["parametrize"] = parametrize

    def dtypes(*ds, **k):
        def deco(f):
            f._h_dtypes = list(ds)
            return f
        return deco

    ns["dtypes"] = dtypes
    ns["instantiate_parametrized_tests"] = lambda cls: cls
    ns["instantiate_device_type_tests"] = lambda *a, **k: None
    ns["run_tests"] = lambda *a, **k: None
    ns["TEST_PRIVATEUSE1"] = False
    ns["TEST_CUDA"] = False
    ns["TEST_WITH_TORCHDYNAMO"] = False
    ns["TEST_WITH_ROCM"] = False
    ns["IS_WINDOWS"] = False
    ns["IS_MACOS"] = False
    ns["TEST_CUDA_GRAPH"] = False

    @contextlib.contextmanager
    def disable_gc():
        if gc.isenabled():
            try:
                gc.disable()
                yield
            finally:
                gc.enable()
        else:
            yield

    ns["disable_gc"] = disable_gc

    @contextlib.contextmanager
    def set_warn_always_context(new_val):
        old = torch.is_warn_always_enabled()
        torch.set_warn_always(new_val)
        try:
            yield
        finally:
            torch.set_warn_always(old)

    ns["set_warn_always_context"] = set_warn_always_context

    def gradcheck(fn, inputs, **kwargs):
        default_values = {"check_batched_grad": True, "fast_mode": True}
        for key, value in default_values.items():
            kwargs[key] = kwargs.get(key, value)
        return torch.autograd.gradcheck(fn, inputs, **kwargs)

    def gradgradcheck(fn, inputs, grad_outputs=None, **kwargs):
        default_values = {"check_batched_grad": True, "fast_mode": True}
        for key, value in default_values.items():
            kwargs[key] = kwargs.get(key, value)
        return torch.autograd.gradgradcheck(fn, inputs, grad_outputs, **kwargs)

    ns["gradcheck"] = gradcheck
    ns["gradgradcheck"] = gradgradcheck

    def mask_not_all_zeros(shape):
        assert len(shape) > 0
        while True:
            result = torch.randn(shape).gt(0)
            if result.sum() > 0:
                return result

    ns["mask_not_all_zeros"] = mask_not_all_zeros
    import enum

    class HardwareClassification(enum.Enum):
        # a TestCase's hw_classification tag (test/autograd/test_node_lifecycle.py):
        # which machines a test class is for; everything runs on the CPU here
        GENERIC = enum.auto()

    ns["HardwareClassification"] = HardwareClassification
    ns["floating_types_and"] = lambda *a: (torch.float32, torch.float64) + tuple(a)
    ns["get_all_fp_dtypes"] = lambda *a, **k: [torch.float32, torch.float64]
    return ns


OVERRIDE_MODULES = ("torch.testing._internal", "common_utils", "torch_npu")


def load_namespace(path, backend):
    if backend == "cyautograd":
        install_alias()
    import torch
    src = open(path).read()
    src = (src.replace("torch_npu.npu", "torch.cuda").replace("torch.npu", "torch.cuda")
           .replace('"npu"', '"cpu"').replace("'npu'", "'cpu'").replace(".npu()", ".cuda()"))
    tree = ast.parse(src)
    ns = {"__name__": "suite_" + os.path.basename(path)[:-3], "__builtins__": __builtins__}
    support = build_support(torch)
    ns.update(support)
    ns["device_is_910A"] = False
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mod = getattr(node, "module", None) or ""
            names = [a.asname or a.name for a in node.names]
            if isinstance(node, ast.ImportFrom) and any(mod.startswith(m) for m in OVERRIDE_MODULES):
                for a in node.names:
                    n = a.asname or a.name
                    if n not in support:
                        ns[n] = _Missing(n)
                continue
            code = compile(ast.Module(body=[node], type_ignores=[]), path, "exec")
            try:
                exec(code, ns)
            except Exception:
                if isinstance(node, ast.ImportFrom):
                    for a in node.names:
                        one = ast.ImportFrom(module=node.module, names=[a], level=node.level)
                        try:
                            exec(compile(ast.fix_missing_locations(ast.Module(body=[one], type_ignores=[])),
                                         path, "exec"), ns)
                        except Exception:
                            pass
                for a in node.names:
                    n = (a.asname or a.name).split(".")[0]
                    if n not in ns:
                        ns[n] = _Missing(n)
            continue
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "__name__":
            continue
        code = compile(ast.Module(body=[node], type_ignores=[]), path, "exec")
        real = ns.get("torch")
        if isinstance(node, ast.ClassDef) and isinstance(real, types.ModuleType):
            ns["torch"] = _LenientModule(real)
        try:
            exec(code, ns)
        except Exception as e:
            names = []
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            for n in names:
                ns[n] = _Missing(n)
        finally:
            if isinstance(node, ast.ClassDef):
                ns["torch"] = real
    return ns


def list_tests(ns, classes):
    out = []
    for cname in classes:
        cls = ns.get(cname)
        if not isinstance(cls, type):
            continue
        for m in sorted(dir(cls)):
            if m.startswith("test"):
                out.append(cname + "." + m)
    return out


def _alarm(signum, frame):
    raise TimeoutError("test timed out")


def run_one(ns, tid, torch):
    cname, mname = tid.split(".")
    cls = ns[cname]
    fn = getattr(cls, mname)
    import inspect
    params = getattr(fn, "_h_params", [])
    dts = getattr(fn, "_h_dtypes", None)
    sig = inspect.signature(fn)
    combos = [dict()]
    for names, values in params:
        new = []
        for c in combos:
            for v in values:
                sub = None
                if type(v).__name__ == "subtest":
                    sub = v
                    v = v.arg_values
                    if sub.name and "logging_tensor" in sub.name:
                        continue
                if len(names) == 1:
                    d = {names[0]: v}
                else:
                    d = dict(zip(names, v))
                new.append({**c, **d})
        combos = new
    extra = {}
    if "device" in sig.parameters:
        extra["device"] = "cpu"
    if "devices" in sig.parameters:
        extra["devices"] = ["cpu"]
    dlist = [None]
    if "dtype" in sig.parameters:
        dlist = dts or [torch.float32]
    inst = cls(mname)
    nsub = 0
    for combo in combos:
        for dt in dlist:
            kw = dict(combo)
            kw.update(extra)
            if dt is not None:
                kw["dtype"] = dt
            inst.setUp()
            try:
                getattr(inst, mname)(**kw)
                nsub += 1
            finally:
                try:
                    inst.tearDown()
                except Exception:
                    pass
                inst.doCleanups()
    return nsub


def worker(backend, path, out, tids):
    ns = load_namespace(path, backend)
    import torch
    f = open(out, "a")
    signal.signal(signal.SIGALRM, _alarm)
    for tid in tids:
        f.write(json.dumps({"start": tid}) + "\n")
        f.flush()
        res = {"id": tid}
        warnings.resetwarnings()
        warnings.simplefilter("default")
        try:
            signal.alarm(60)
            try:
                run_one(ns, tid, torch)
            finally:
                signal.alarm(0)
            res["r"] = "pass"
        except unittest.SkipTest as e:
            res["r"] = "skip"
            res["msg"] = str(e)[:300]
        except Unsupported as e:
            res["r"] = "unsupported"
            res["msg"] = str(e)[:300]
        except BaseException as e:  # noqa
            if isinstance(e, KeyboardInterrupt):
                raise
            res["r"] = "fail"
            res["type"] = type(e).__name__
            res["msg"] = str(e)[:600]
            tb = traceback.extract_tb(e.__traceback__)
            res["where"] = [f"{os.path.basename(t.filename)}:{t.lineno}:{t.name}" for t in tb[-4:]]
        # restore common global state
        try:
            torch.set_grad_enabled(True)
        except Exception:
            pass
        f.write(json.dumps(res) + "\n")
        f.flush()
    f.close()


def drive(path, classes, backends=("torch", "cyautograd"), only=None):
    os.makedirs(_results_dir(), exist_ok=True)
    base = os.path.basename(path)[:-3]
    # list tests with torch (namespace the same)
    ns = None
    tids = None
    code = ("import sys; sys.path.insert(0, %r); import torch_suite_runner as runner; "
            "ns = runner.load_namespace(%r, 'torch'); import json; print(json.dumps(runner.list_tests(ns, %r)))") % (HERE, path, list(classes))
    p = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True,
                       cwd=os.environ.get("RUN_CWD", os.getcwd()))
    tids = json.loads(p.stdout.strip().splitlines()[-1])
    if only:
        tids = [t for t in tids if re.search(only, t)]
    for be in backends:
        out = os.path.join(_results_dir(), f"{base}.{be}.jsonl")
        if os.path.exists(out):
            os.remove(out)
        remaining = list(tids)
        while remaining:
            subprocess.run([sys.executable, "-W", "ignore", os.path.join(HERE, "torch_suite_runner.py"), "worker", be,
                            path, out] + remaining, cwd=os.environ.get("RUN_CWD", os.getcwd()),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=3600)
            done = set()
            started = None
            for line in open(out):
                d = json.loads(line)
                if "start" in d:
                    started = d["start"]
                else:
                    done.add(d["id"])
                    started = None
            if started is not None and started not in done:
                with open(out, "a") as fo:
                    fo.write(json.dumps({"id": started, "r": "crash"}) + "\n")
                done.add(started)
            remaining = [t for t in remaining if t not in done]
    return tids


# the test classes run per file (session 28: 812 tests, torch passes 741)
SUITES = {
    "test_autograd.py": ["TestAutograd", "TestAutogradForwardMode", "TestAutogradInferenceMode",
                         "TestAutogradDeviceType", "TestAllowMutationOnSaved", "TestMultithreadAutograd",
                         "TestNestedCheckpoint", "TestSelectiveActivationCheckpoint",
                         "TestAutogradForwardModeBatchedGrad"],
    "test_functional.py": ["TestAutogradFunctional"],
    "test_eager_transforms.py": ["TestSliceArgnums", "TestGradTransform", "TestAutogradFunction", "TestJac",
                                "TestHessian", "TestJvp", "TestLinearize", "TestHelpers", "TestComposability",
                                "TestMakeFunctional", "TestVmapJvpInplaceView", "TestAutogradFunctionVmapAPI"],
    "test_node_lifecycle.py": ["TestNodeLifecycle", "TestLeafNodeLifecycle", "TestSharedGradFn",
                               "TestChainLifecycle", "TestSavedVariableLifecycle"],
}


def compare(base):
    """Print the outcome counts and every test torch passes that cyautograd does not."""
    import collections
    rdir = _results_dir()

    def load(p):
        r = {}
        for line in open(p):
            d = json.loads(line)
            if "r" in d:
                r[d["id"]] = d
        return r
    t = load(os.path.join(rdir, f"{base}.torch.jsonl"))
    c = load(os.path.join(rdir, f"{base}.cyautograd.jsonl"))
    cnt = collections.Counter((t[k]["r"], c.get(k, {}).get("r")) for k in t)
    print(dict(cnt))
    tp = [k for k in t if t[k]["r"] == "pass"]
    print("torch passes", len(tp), "cyautograd passes", sum(c.get(k, {}).get("r") == "pass" for k in tp))
    for k in tp:
        d = c.get(k, {})
        if d.get("r") != "pass":
            print(k, d.get("r"), d.get("type"), d.get("msg", "")[:200].replace("\n", " "))


if __name__ == "__main__":
    if sys.argv[1] == "worker":
        worker(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif sys.argv[1] == "drive":
        only = os.environ.get("ONLY")
        bes = tuple(os.environ.get("BACKENDS", "torch,cyautograd").split(","))
        drive(sys.argv[2], sys.argv[3:], backends=bes, only=only)
    elif sys.argv[1] == "compare":
        compare(sys.argv[2])
    elif sys.argv[1] == "all":
        only = os.environ.get("ONLY")
        bes = tuple(os.environ.get("BACKENDS", "torch,cyautograd").split(","))
        for fname, classes in SUITES.items():
            path = os.path.join(sys.argv[2], fname)
            if os.path.exists(path):
                drive(path, classes, backends=bes, only=only)
                compare(fname[:-3])
