"""Device behaviour without a GPU, compared with torch's CPU build: device
parsing, equality, repr and errors; cuda requests failing with torch's words;
the cuda module; to()/cpu()/cuda()/get_device()/is_cpu/is_cuda. Each case
takes the module (torch or cyautograd) and returns plain data."""
import pickle


def _r(f):
    """An observable: the value, or the error's type and words."""
    try:
        v = f()
    except Exception as e:  # noqa: BLE001 - errors are observables
        return "raises " + type(e).__name__ + ": " + str(e).replace("torch.", "cyautograd.")
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return repr(v).replace("torch.", "cyautograd.")


DEVICE_STRINGS = ["cpu", "cuda", "cuda:0", "cuda:1", "cuda:7", "cpu:0", "cpu:1", "meta", "mps",
                  "xpu:3", "cuda:-1", "cuda:01", "cuda: 1", " cuda", "cuda ", "gpu", "gpu:0", "CUDA",
                  "cuda:x", "", "cuda:1:2", "cuda:", ":0", "cuda:99999999999",
                  "cpu:-0", "cuda:+1", "cuda1", "privateuseone:2", "xla"]

INDEXED = [("cuda", 2), ("cpu", 0), ("cuda", -1), ("cuda:1", 1), ("cuda", None), ("cuda", 1.0),
           ("cuda", "1"), ("cuda", True), ("cpu", None), ("meta", 0)]


def _parse_all(T):
    return {s: _r(lambda: T.device(s)) for s in DEVICE_STRINGS}


def _parse_indexed(T):
    return {f"{a!r},{b!r}": _r(lambda: T.device(a, b)) for a, b in INDEXED}


def _bad_constructor_args(T):
    return [_r(lambda: T.device(None)), _r(lambda: T.device()), _r(lambda: T.device("cuda", 1, 2)),
            _r(lambda: T.device(1.5)), _r(lambda: T.device(0)), _r(lambda: T.device(-1)),
            _r(lambda: T.device(type="cuda", index=3)), _r(lambda: T.device(b"cpu")),
            _r(lambda: T.device(T.device("cuda:1")))]


def _equality_hash_str(T):
    d = T.device
    return [d("cuda") == d("cuda:0"), d("cuda") == "cuda", d("cpu") == "cpu", d("cpu:0") == d("cpu"),
            d("cuda", 1) == d("cuda:1"), d("cuda") != d("cuda"), hash(d("cuda")) == hash(d("cuda", None)),
            str(d("cuda", 3)), str(d("cpu")), d("cuda:2").type, d("cuda:2").index, d("cuda").index,
            repr(pickle.loads(pickle.dumps(d("cuda:1")))), len({d("cuda"), d("cuda", None), d("cuda:0")})]


def _immutable(T):
    d = T.device("cpu")
    return [_r(lambda: setattr(d, "type", "cuda")).replace("torch.device", "cyautograd.device"),
            _r(lambda: setattr(d, "index", 1)).replace("torch.device", "cyautograd.device")]


FACTORIES = {
    "zeros": lambda T, dev: T.zeros(2, device=dev),
    "ones": lambda T, dev: T.ones(2, 3, device=dev),
    "empty": lambda T, dev: T.empty(2, device=dev),
    "full": lambda T, dev: T.full((2,), 1.5, device=dev),
    "tensor": lambda T, dev: T.tensor([1.0, 2.0], device=dev),
    "as_tensor": lambda T, dev: T.as_tensor([1.0, 2.0], device=dev),
    "arange": lambda T, dev: T.arange(3, device=dev),
    "linspace": lambda T, dev: T.linspace(0, 1, 3, device=dev),
    "eye": lambda T, dev: T.eye(2, device=dev),
    "rand": lambda T, dev: T.rand(2, device=dev),
    "randn": lambda T, dev: T.randn(2, device=dev),
    "randint": lambda T, dev: T.randint(0, 5, (2,), device=dev),
    "randperm": lambda T, dev: T.randperm(3, device=dev),
    "zeros_like": lambda T, dev: T.zeros_like(T.ones(2), device=dev),
    "ones_like": lambda T, dev: T.ones_like(T.ones(2), device=dev),
    "full_like": lambda T, dev: T.full_like(T.ones(2), 2.0, device=dev),
    "empty_like": lambda T, dev: T.empty_like(T.ones(2), device=dev),
    "rand_like": lambda T, dev: T.rand_like(T.ones(2), device=dev),
    "randn_like": lambda T, dev: T.randn_like(T.ones(2), device=dev),
    "new_zeros": lambda T, dev: T.ones(2).new_zeros(2, device=dev),
    "new_ones": lambda T, dev: T.ones(2).new_ones(2, device=dev),
    "new_full": lambda T, dev: T.ones(2).new_full((2,), 3.0, device=dev),
    "new_empty": lambda T, dev: T.ones(2).new_empty(2, device=dev),
    "new_tensor": lambda T, dev: T.ones(2).new_tensor([1.0], device=dev),
}


def _factories(T):
    out = {}
    for name, f in sorted(FACTORIES.items()):
        for dev in ("cuda", "cuda:1", "cpu", "cpu:0", "gpu", 0):
            def make(f=f, dev=dev):
                t = f(T, dev)
                return f"{t.device} {t.is_cpu} {t.is_cuda} {t.get_device()} {tuple(t.shape)}"
            out[f"{name}/{dev}"] = _r(make)
        out[f"{name}/device-object"] = _r(lambda f=f: f(T, T.device("cuda")))
    return out


def _methods(T):
    x = T.ones(2, requires_grad=True)
    return {
        "to_cuda": _r(lambda: x.to("cuda")), "to_cuda_1": _r(lambda: x.to("cuda:1")),
        "to_int": _r(lambda: x.to(1)), "to_gpu": _r(lambda: x.to("gpu")),
        "to_cuda_dtype": _r(lambda: x.to("cuda", T.float64)),
        "to_device_kw": _r(lambda: x.to(device="cuda")),
        "to_cpu": _r(lambda: x.to("cpu") is x), "to_cpu_obj": _r(lambda: x.to(T.device("cpu")) is x),
        "to_cpu_copy": _r(lambda: x.to("cpu", copy=True) is x),
        "to_cpu_dtype": _r(lambda: x.to("cpu", T.float64).grad_fn.name()),
        "to_none": _r(lambda: x.to(None) is x),
        "to_other": _r(lambda: x.to(T.ones(1, dtype=T.int64)).dtype),
        "to_flags": _r(lambda: x.to(T.float32, True, True) is x),
        "cpu": _r(lambda: x.cpu() is x), "cpu_device": _r(lambda: str(x.cpu().device)),
        "cuda": _r(lambda: x.cuda()), "cuda_1": _r(lambda: x.cuda(1)),
        "cuda_cpu": _r(lambda: x.cuda("cpu")), "cuda_none": _r(lambda: x.cuda(None)),
        "cuda_kw": _r(lambda: x.cuda(device="cuda:0", non_blocking=False)),
        "get_device": x.get_device(), "is_cpu": x.is_cpu, "is_cuda": x.is_cuda,
        "device": repr(x.device), "device_str": str(x.device),
        "device_index": _r(lambda: T.ones(1, device="cpu:1").device),
    }


def _cuda_module(T):
    c = T.cuda
    return {
        "is_available": _r(c.is_available), "device_count": _r(c.device_count),
        "current_device": _r(c.current_device), "synchronize": _r(c.synchronize),
        "manual_seed": _r(lambda: c.manual_seed(0)), "manual_seed_all": _r(lambda: c.manual_seed_all(0)),
        "is_initialized": _r(c.is_initialized),
    }


CASES = {
    "device_parse": _parse_all,
    "device_parse_indexed": _parse_indexed,
    "device_bad_args": _bad_constructor_args,
    "device_equality": _equality_hash_str,
    "device_immutable": _immutable,
    "device_factories": _factories,
    "device_methods": _methods,
    "device_cuda_module": _cuda_module,
}
