# cython: language_level=3
# Allocation helpers for the hot paths (private: not part of the cimport API).

cdef extern from *:
    """
    /* tp_new with empty arguments, without Cython's vectorcall shim:
       the fast way to make an extension object whose __cinit__ takes no
       arguments. */
    static PyObject *cya_empty_args = NULL;
    static inline PyObject *cya_tp_new(PyObject *t) {
        if (cya_empty_args == NULL) {
            cya_empty_args = PyTuple_New(0);
            if (cya_empty_args == NULL) return NULL;
        }
        return ((PyTypeObject *)t)->tp_new((PyTypeObject *)t, cya_empty_args, NULL);
    }
    """
    object cya_tp_new(object t)
