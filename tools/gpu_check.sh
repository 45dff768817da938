#!/usr/bin/env bash
# tools/gpu_check.sh OUTDIR: the device suite, the device audit and the
# device bench rows on a machine with a CUDA GPU and CuPy (NOTE [ The device
# suite on a real GPU ] in tests/conftest.py). Builds the extension in place
# first. Each stage has its own time limit and writes its log to OUTDIR as it
# goes, so a stage that runs long costs only itself.
#   PYTHON   the interpreter with cupy (default python3)
#   CSRC     a tarball of generated .c files to compile instead of cythonizing
#   WHEELS   a folder of wheels to install first (array-api-compat, ...)
set -u
OUT=${1:-${OUT:-/tmp/gpu_check}}
PY=${PYTHON:-python3}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
stage() { echo "== $(date +%T) $*"; }
# at most 8 files come back from the device tool: env smoke suite probe bench
# bench_gpu.json audit_cupy.json (the build log only when the build fails)

stage environment
{ nvidia-smi -L; $PY -c "import sys, numpy, cupy, Cython; print(sys.version.split()[0], 'numpy', numpy.__version__,
'cupy', cupy.__version__, 'cython', Cython.__version__)"; $PY -c "import torch; print('torch', torch.__version__,
'cuda', torch.cuda.is_available())"; nproc; } >"$OUT/env.txt" 2>&1
SITE=/tmp/gpu_check_site
if [ -n "${WHEELS:-}" ]; then
    $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$SITE" "$WHEELS"/*.whl \
        >>"$OUT/env.txt" 2>&1 || { stage "wheels failed"; exit 1; }
fi
export PYTHONPATH="$PWD:$SITE${PYTHONPATH:+:$PYTHONPATH}"

stage build
if [ -n "${CSRC:-}" ]; then
    tar xzf "$CSRC" && tar tzf "$CSRC" | xargs touch
fi
$PY setup.py -q build_ext --inplace -j "$(nproc)" >/tmp/gpu_check_build.log 2>&1 ||
    { stage "build failed"; cp /tmp/gpu_check_build.log "$OUT/build.log"; tail -40 "$OUT/build.log"; exit 1; }

stage smoke
timeout 120 $PY tools/gpu_smoke.py >"$OUT/smoke.txt" 2>&1; echo "rc=$?" >>"$OUT/smoke.txt"
cat "$OUT/smoke.txt"

stage "device suite on cupy"
CYAUTOGRAD_DEVICE_SUITE=cupy timeout "${SUITE_S:-200}" $PY -m pytest tests/test_device_strict.py \
    tests/test_device_routes.py tests/test_distributions_device.py \
    tests/test_default_device.py::test_factories_land_on_the_default_device \
    -q -p no:cacheprovider -W ignore -rfEs --tb=short >"$OUT/suite.txt" 2>&1; echo "rc=$?" >>"$OUT/suite.txt"
grep -E "^(FAILED|ERROR)|passed|failed" "$OUT/suite.txt" | cut -c1-300

stage probe
timeout 60 $PY tools/gpu_probe.py >"$OUT/probe.txt" 2>&1; echo "rc=$?" >>"$OUT/probe.txt"
cat "$OUT/probe.txt"

stage "bench device rows"
timeout "${BENCH_S:-150}" $PY -m cyautograd.bench --device cuda --repeat 3 --no-scaling --libs cyautograd,torch \
    --json "$OUT/bench_gpu.json" >"$OUT/bench.txt" 2>&1; echo "rc=$?" >>"$OUT/bench.txt"
tail -3 "$OUT/bench.txt"

stage "device audit on cupy"
CYAUTOGRAD_DEVICE_SUITE=cupy timeout "${AUDIT_S:-120}" $PY tests/device_audit.py -v --json "$OUT/audit_cupy.json" \
    >/tmp/gpu_check_audit.txt 2>&1; echo "rc=$?"
grep -v "^skip" /tmp/gpu_check_audit.txt | head -20
stage done
