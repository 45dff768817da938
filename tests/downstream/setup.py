"""Builds cya_fused against an installed cyautograd: cimport finds its .pxd
files beside the installed package, the C compiler its headers (and
numpy's) in get_include()."""
import os

import cyautograd
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    packages=["cya_fused"],
    ext_modules=cythonize(
        [Extension("cya_fused._fused", ["cya_fused/_fused.pyx"],
                   include_dirs=cyautograd.get_include(),
                   define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")])],
        language_level=3,
        # the folder holding the installed cyautograd package (also right
        # for an editable install, which sys.path alone does not show Cython)
        include_path=[os.path.dirname(os.path.dirname(cyautograd.__file__))]),
)
