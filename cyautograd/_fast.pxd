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


cdef extern from *:
    """
    #include <string.h>
    /* memcmp/memcpy of dimension or stride arrays. A 0-d ndarray has NULL
       dims and strides, and passing NULL to memcmp/memcpy is undefined even
       for a zero length (UBSan reports it), so a zero length never calls them. */
    static inline int cya_mem_equal(const void *a, const void *b, size_t n) {
        return n == 0 || memcmp(a, b, n) == 0;
    }
    static inline void cya_mem_copy(void *dst, const void *src, size_t n) {
        if (n) memcpy(dst, src, n);
    }
    """
    bint cya_mem_equal(const void* a, const void* b, size_t n) noexcept nogil
    void cya_mem_copy(void* dst, const void* src, size_t n) noexcept nogil
