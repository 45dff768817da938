"""Build script: one extension per .pyx, so every .pxd is cimportable."""
import glob
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
DEBUG = os.environ.get("CYAUTOGRAD_DEBUG", "0") == "1"
ANNOTATE = os.environ.get("CYAUTOGRAD_ANNOTATE", "0") == "1"


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
            extra_compile_args=["-O2"] if os.name != "nt" else [],
        ))
    return exts


setup(
    packages=["cyautograd", "cyautograd.ops", "cyautograd.functions",
              "cyautograd.autograd", "cyautograd.nn", "cyautograd.utils", "cyautograd.bench",
              "cyautograd.include"],
    package_dir={"cyautograd.include": "include"},
    package_data={
        "cyautograd": ["*.pxd", "*.pyx", "*_api.h", "py.typed"],
        "cyautograd.ops": ["*.pxd", "*.pyx"],
        "cyautograd.functions": ["*.pxd", "*.pyx"],
        "cyautograd.include": ["cyautograd/*.h"],
    },
    ext_modules=cythonize(
        extensions(),
        language_level=3,
        annotate=ANNOTATE,
        nthreads=os.cpu_count() or 1,
        compiler_directives={
            "embedsignature": True,
            "boundscheck": DEBUG or True,
            "wraparound": True,
            "initializedcheck": True,
            "nonecheck": False,
            "cdivision": False,
        },
    ),
    zip_safe=False,
)
