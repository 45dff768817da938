"""Build script: one extension per .pyx, so every .pxd is cimportable.

Build modes, chosen by environment variables:

- default: a release build (-O2, no debug info), extensions compiled in
  parallel (one job per core);
- ``CYAUTOGRAD_DEBUG=1``: debug info and ``CYA_DEBUG`` invariant checks, with
  Cython's runtime checks (boundscheck, wraparound, nonecheck,
  initializedcheck) on;
- ``CYAUTOGRAD_SANITIZE=1``: everything ``CYAUTOGRAD_DEBUG`` does, compiled
  and linked with AddressSanitizer and UndefinedBehaviorSanitizer. Python is
  not instrumented, so the process must preload the runtime; see
  ``tools/sanitize.sh``, which builds this mode in a scratch copy and runs the
  test suite under it.
"""
import glob
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
SANITIZE = os.environ.get("CYAUTOGRAD_SANITIZE", "0") == "1"
DEBUG = SANITIZE or os.environ.get("CYAUTOGRAD_DEBUG", "0") == "1"
ANNOTATE = os.environ.get("CYAUTOGRAD_ANNOTATE", "0") == "1"

if SANITIZE:
    COMPILE_ARGS = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                    "-fno-sanitize-recover=all"]
    LINK_ARGS = ["-fsanitize=address,undefined"]
elif DEBUG:
    COMPILE_ARGS, LINK_ARGS = ["-O1", "-g"], []
else:
    COMPILE_ARGS, LINK_ARGS = ["-O2", "-g0"], []


def extensions():
    macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
              ("CYA_DEBUG", "1" if DEBUG else "0")]
    exts = []
    for pyx in sorted(glob.glob("cyautograd/**/*.pyx", recursive=True)):
        name = pyx[:-4].replace(os.sep, ".")
        # the random kernels must round as torch's build does: no contraction
        # of a * b + c but where written (fmaf), and no errno/trapping so that
        # the float32 Box-Muller vectorises (NOTE [ torch's CPU random streams ])
        extra = (["-ffp-contract=off", "-fno-math-errno", "-fno-trapping-math"]
                 if name == "cyautograd._mt19937" else [])
        exts.append(Extension(
            name, [pyx],
            include_dirs=[os.path.join(HERE, "include"), numpy.get_include()],
            define_macros=macros,
            extra_compile_args=COMPILE_ARGS + extra if os.name != "nt" else [],
            extra_link_args=LINK_ARGS if os.name != "nt" else [],
        ))
    return exts


def with_api_header(ext_modules):
    """Copy the C-API header Cython generates beside cyautograd/capi.pyx
    (``cyautograd/capi_api.h``) to ``include/cyautograd/``, so it installs with
    the other headers and ``get_include()`` needs no folder but ours and numpy's."""
    src = os.path.join(HERE, "cyautograd", "capi_api.h")
    dst = os.path.join(HERE, "include", "cyautograd", "capi_api.h")
    if os.path.exists(src):
        with open(src, "rb") as f:
            text = f.read()
        old = None
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                old = f.read()
        if old != text:   # rewritten only when changed: no rebuilds of its includers
            with open(dst, "wb") as f:
                f.write(text)
    return ext_modules


class ParallelBuildExt(build_ext):
    """build_ext compiling extensions in parallel, one job per core, unless
    --parallel/-j says otherwise (pip gives no way to pass it)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1


setup(
    packages=find_packages(include=["cyautograd", "cyautograd.*"]) + ["cyautograd.include"],
    package_dir={"cyautograd.include": "include"},
    package_data={
        "": ["*.pyi"],   # type stubs, in every subpackage that has them
        "cyautograd": ["*.pxd", "*.pyx", "py.typed"],
        "cyautograd.ops": ["*.pxd", "*.pyx"],
        "cyautograd.functions": ["*.pxd", "*.pyx"],
        "cyautograd.include": ["cyautograd/*.h"],
    },
    # the generated C (kept in the sdist, so it builds without regenerating) and
    # annotation pages stay out of the wheel; capi_api.h installs under include/
    exclude_package_data={"": ["*.c", "*.html"], "cyautograd": ["*_api.h"]},
    cmdclass={"build_ext": ParallelBuildExt},
    ext_modules=with_api_header(cythonize(
        extensions(),
        language_level=3,
        annotate=ANNOTATE,
        nthreads=os.cpu_count() or 1,
        compiler_directives={
            "embedsignature": True,
            "boundscheck": True,
            "wraparound": True,
            "initializedcheck": True,
            "nonecheck": DEBUG,
            "cdivision": False,
        },
    )),
    zip_safe=False,
)
