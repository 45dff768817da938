"""save/load speak torch's zip format (NOTE [ torch's file format ] in
cyautograd/serialization.py): files torch.save wrote load here, and files
written here load in torch, both with weights_only; a torch-written file
is kept in tests/golden/torch_saved.pt for machines without torch
(``python tests/test_serialization_torch_format.py --record`` rewrites it)."""
import collections
import io
import os
import pickletools
import sys
import zipfile

import numpy as np
import pytest

import cyautograd as cy
import harness

GOLDEN_PT = os.path.join(harness.GOLDEN_DIR, "torch_saved.pt")


def _sample(T):
    """The object both libraries write: a state_dict, views sharing storage, every dtype, odd shapes."""
    base = T.arange(12.).reshape(3, 4)
    sd = collections.OrderedDict(weight=T.arange(6.).reshape(2, 3) / 8, bias=T.tensor([0.5, -0.25]))
    return {"sd": sd, "base": base, "col": base[:, 1], "t": base.t(), "step": base.reshape(-1)[::3],
            "f16": T.tensor([1.5, -2.0], dtype=T.float16), "f64": T.tensor([[1e-300, 3.25]], dtype=T.float64),
            "i8": T.tensor([-3, 7], dtype=T.int8), "u8": T.tensor([255, 0], dtype=T.uint8),
            "i16": T.tensor([300], dtype=T.int16), "i32": T.tensor([-70000], dtype=T.int32),
            "i64": T.tensor([2 ** 40]), "b": T.tensor([True, False]), "zero_d": T.tensor(3.5),
            "empty": T.ones(0, 3), "p": T.nn.Parameter(T.ones(2)), "p_frozen": T.nn.Parameter(T.zeros(1), False),
            "rg": T.ones(2, requires_grad=True), "dt": T.float16, "size": T.Size([2, 3]), "dev": T.device("cpu"),
            "list": [T.tensor([1, 2]), (3, "s", None)], "n": 7}


def _plain(obj):
    """A library-neutral description: values, dtypes, shapes, strides, flags, types."""
    if hasattr(obj, "detach") and hasattr(obj, "stride"):
        # (a zero-size tensor's strides are left out: this library reports them as numpy does)
        return ("tensor", type(obj).__name__, str(obj.dtype).split(".")[-1], tuple(obj.shape),
                tuple(obj.stride()) if obj.numel() else None,
                bool(obj.requires_grad), np.asarray(obj.detach().numpy()).tolist())
    if isinstance(obj, dict):
        return (type(obj).__name__, {k: _plain(v) for k, v in obj.items()})
    if isinstance(obj, (list, tuple)) and type(obj).__name__ in ("list", "tuple"):
        return (type(obj).__name__, [_plain(v) for v in obj])
    if type(obj).__name__ == "Size":
        return ("Size", tuple(obj))
    if type(obj).__name__ == "device":
        return ("device", str(obj))
    if type(obj).__name__ == "dtype":
        return ("dtype", str(obj).split(".")[-1])
    return obj


def _check_shared(obj):
    """The views still share one buffer with base after loading."""
    obj["base"][1, 1] = 100
    assert float(obj["col"][1]) == 100 and float(obj["t"][1, 1]) == 100 and float(obj["step"][1]) == 3.0


def test_own_round_trip_and_layout():
    buf = io.BytesIO()
    cy.save(_sample(cy), buf)
    raw = buf.getvalue()
    zf = zipfile.ZipFile(io.BytesIO(raw))
    names = zf.namelist()
    assert names[0] == "archive/data.pkl" and "archive/version" in names and "archive/byteorder" in names
    for info in zf.infolist():   # storages start on 64-byte boundaries, stored uncompressed
        assert info.compress_type == zipfile.ZIP_STORED
        start = info.header_offset + 30 + len(info.filename) + int.from_bytes(raw[info.header_offset + 28:
                                                                                  info.header_offset + 30], "little")
        assert start % 64 == 0, info.filename
    globs = {arg for op, arg, _ in pickletools.genops(zf.read("archive/data.pkl")) if op.name == "GLOBAL"}
    assert {"torch._utils _rebuild_tensor_v2", "torch._utils _rebuild_parameter", "torch FloatStorage",
            "torch float16", "torch Size", "torch device", "collections OrderedDict"} <= globs
    assert not any("cyautograd" in g or "numpy" in g for g in globs)
    # base, col, t and step share one storage record
    n_storages = sum(1 for n in names if "/data/" in n)
    assert n_storages == 17
    got = cy.load(io.BytesIO(raw))
    assert _plain(got) == _plain(_sample(cy))
    _check_shared(got)


def test_reads_golden_torch_file():
    got = cy.load(GOLDEN_PT)
    assert _plain(got) == _plain(_sample(cy))
    _check_shared(got)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
@pytest.mark.parametrize("weights_only", [True, False])
def test_torch_reads_ours(weights_only):
    T = harness.torch_module()
    buf = io.BytesIO()
    cy.save(_sample(cy), buf)
    buf.seek(0)
    got = T.load(buf, weights_only=weights_only)
    assert _plain(got) == _plain(_sample(T))
    _check_shared(got)


@pytest.mark.skipif(not harness.HAVE_TORCH, reason="torch not installed")
def test_we_read_torch_live_and_golden_is_current(tmp_path):
    T = harness.torch_module()
    f = tmp_path / "x.pt"
    T.save(_sample(T), f)
    got = cy.load(f)
    assert _plain(got) == _plain(_sample(cy))
    assert _plain(cy.load(GOLDEN_PT)) == _plain(T.load(GOLDEN_PT))


def test_weights_only_refuses_other_globals():
    buf = io.BytesIO()
    cy.save(cy.nn.Linear(2, 2), buf)
    buf.seek(0)
    with pytest.raises(Exception, match="Weights only load failed"):
        cy.load(buf)
    buf.seek(0)
    m = cy.load(buf, weights_only=False)
    assert type(m).__name__ == "Linear"


if __name__ == "__main__" and "--record" in sys.argv:
    import torch
    torch.save(_sample(torch), GOLDEN_PT)
