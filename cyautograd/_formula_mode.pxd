# cython: language_level=3
# NOTE [ Scalar overloads inside backward formulas ] (_formula_mode.pyx)
cdef int formula_mode() noexcept nogil
cdef int set_formula_mode(int enabled) noexcept nogil
