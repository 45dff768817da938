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
        exts.append(Extension(
            name, [pyx],
            include_dirs=[os.path.join(HERE, "include"), numpy.get_include()],
            define_macros=macros,
            extra_compile_args=COMPILE_ARGS if os.name != "nt" else [],
            extra_link_args=LINK_ARGS if os.name != "nt" else [],
        ))
    return exts


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
        "cyautograd": ["*.pxd", "*.pyx", "*_api.h", "py.typed"],
        "cyautograd.ops": ["*.pxd", "*.pyx"],
        "cyautograd.functions": ["*.pxd", "*.pyx"],
        "cyautograd.include": ["cyautograd/*.h"],
    },
    cmdclass={"build_ext": ParallelBuildExt},
    ext_modules=cythonize(
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
    ),
    zip_safe=False,
)
