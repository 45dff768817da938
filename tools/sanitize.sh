#!/usr/bin/env bash
# Build cyautograd with AddressSanitizer + UndefinedBehaviorSanitizer (and
# Cython's boundscheck/wraparound/nonecheck/initializedcheck) in a scratch copy
# of the source tree, then run the test suite against that build. Any
# sanitizer report aborts the process, which fails the run.
#
#   tools/sanitize.sh                 # whole suite
#   tools/sanitize.sh -k views -x     # extra arguments go to pytest
#
# CYA_SANITIZE_DIR=/some/dir reuses a build folder between runs (incremental).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${CYA_SANITIZE_DIR:-$(mktemp -d -t cya-sanitize.XXXXXX)}
mkdir -p "$work"

# copy the sources (not the release build's .c/.so: Cython would reuse .c
# files generated with other directives)
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) \
        | (cd "$work" && tar -xpf -)
else
    (cd "$src" && tar --exclude='*.so' --exclude='*.c' --exclude=build -cf - .) | (cd "$work" && tar -xpf -)
fi

cd "$work"
echo "sanitizer build in $work"
CYAUTOGRAD_SANITIZE=1 python setup.py -q build_ext --inplace >build.log 2>&1 || { tail -50 build.log; exit 1; }

# The hostile-input sweep compares with torch's recorded codes: torch run under
# the preloaded ASan allocator (capped, may return null) answers huge requests
# differently, so it is not the reference there.
# Python is not instrumented: preload the runtimes, and let every Python
# object come from malloc so ASan sees use-after-free of Python objects too.
LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
PYTHONMALLOC=malloc \
ASAN_OPTIONS="detect_leaks=0:max_allocation_size_mb=8192:abort_on_error=1:halt_on_error=1:allocator_may_return_null=1:detect_odr_violation=0:${ASAN_OPTIONS:-}" \
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}" \
CYAUTOGRAD_SANITIZED=1 \
CYA_HOSTILE_GOLDEN_ONLY=1 \
PYTHONPATH="$work" \
    python -m pytest -p no:cacheprovider --capture=sys "$@"
