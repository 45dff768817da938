# cython: language_level=3
# numpy allocation helpers shared by tensor.pyx and kernels.pyx (private:
# not part of the cimport API).
cimport numpy as cnp

cdef extern from *:
    """
    /* A fresh numpy array of x's dtype and dims that owns its memory (no
       base), laid out with the given strides in bytes: numpy allocates
       prod(dims) * itemsize bytes, so the strides must describe a dense
       layout (any order) of dims. They are written after the allocation:
       numpy zeroes a zero-size array's strides (which then have no element
       to reach), and torch's views of an empty result keep its strides. */
    static PyObject *cya_np_empty_strided(PyObject *x, int nd, npy_intp *dims, npy_intp *strides) {
        PyArray_Descr *d = PyArray_DESCR((PyArrayObject *)x);
        PyObject *r;
        int i;
        Py_INCREF(d);
        r = PyArray_NewFromDescr(&PyArray_Type, d, nd, dims, NULL, NULL, 0, NULL);
        if (r == NULL) return NULL;
        for (i = 0; i < nd; i++) PyArray_STRIDES((PyArrayObject *)r)[i] = strides[i];
        PyArray_UpdateFlags((PyArrayObject *)r, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_F_CONTIGUOUS | NPY_ARRAY_ALIGNED);
        return r;
    }
    """
    object cya_np_empty_strided(object x, int nd, cnp.npy_intp* dims, cnp.npy_intp* strides)
