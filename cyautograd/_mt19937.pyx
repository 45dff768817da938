# cython: language_level=3, boundscheck=False, wraparound=False
"""torch's CPU random engine, value for value: the mt19937 stream of
``at::CPUGeneratorImpl`` and the sampling kernels of ATen's CPU distribution
code, so that ``manual_seed(s)`` followed by any random factory gives the
numbers torch gives.

NOTE [ torch's CPU random streams ]
The engine is the 32-bit Mersenne Twister (mt19937), seeded from the low 32
bits of the 64-bit seed by the reference init_genrand recurrence (the full
seed is kept for ``initial_seed``). ``random64`` is two draws, the first in
the high word. Conversions (ATen's TransformationHelper/DistributionsHelper):

- uniform float32/float16: the low 24/11 bits of one draw times 2^-24/2^-11,
  then ``x * (to - from) + from``; float64: the low 53 bits of ``random64``
  times 2^-53.
- normal, scalar path (fewer than 16 elements or a non-contiguous output):
  Box-Muller in double, ``u1, u2`` two float64 uniforms,
  ``r = sqrt(-2 log1p(-u2))``, ``theta = 2 pi u1``; returns ``r cos theta``
  and caches ``r sin theta`` in the generator (it is part of get_state) for
  the next scalar draw.
- normal, block path (16 or more contiguous elements): every element first
  gets a uniform (of the dtype's width), then each block of 16 is turned
  into normals pairwise (j, j + 8) with ``u1 = 1 - data[j]``; a ragged tail
  redraws 16 fresh uniforms for the last 16 elements. float32 (and float16,
  which computes in float32) uses the AVX2 cephes-style log/sincos of
  ATen's avx_mathfun.h, re-derived here in scalar C with the fused
  multiply-adds the compiler forms there; float64 uses libm.
- random_(from, to): ``draw % range + from`` with a 32-bit draw when the
  range is below 2^28, else a 64-bit one.
- bernoulli(p scalar or float64 p): a float64 uniform < p; a float32 p
  tensor: a float32 uniform (24 bits) < p.
- randperm(n): for n < 2^32 / 20, r = arange(n) and r[i] swaps with
  r[i + draw32 % (n - i)]; above, the inside-out Fisher-Yates with 64-bit
  draws.
These are torch's x86-64 AVX2 builds' numbers (the kernels torch picks on a
machine with AVX2; torch's MKL bernoulli on Intel CPUs is not reproduced).
"""
cimport numpy as cnp
from libc.stdint cimport uint32_t, uint64_t, int64_t
from libc.string cimport memcpy, memset

import numpy as np

cnp.import_array()

cdef extern from *:
    """
    #include <math.h>
    #include <stdint.h>
    #include <string.h>

    #define CYA_MT_N 624
    #define CYA_MT_M 397

    typedef struct {
        uint64_t seed;
        int left;
        int seeded;
        uint32_t next;
        uint32_t state[CYA_MT_N];
        int has_next_double;
        double next_double;
        int has_next_float;
        float next_float;
    } cya_mt;

    static void cya_mt_seed(cya_mt *g, uint64_t seed) {
        int j;
        g->seed = seed;
        g->seeded = 1;
        g->state[0] = (uint32_t)(seed & 0xffffffffu);
        for (j = 1; j < CYA_MT_N; j++)
            g->state[j] = (uint32_t)(1812433253u * (g->state[j - 1] ^ (g->state[j - 1] >> 30)) + (uint32_t)j);
        g->left = 1;
        g->next = 0;
        g->has_next_double = 0;
        g->next_double = 0.0;
        g->has_next_float = 0;
        g->next_float = 0.0f;
    }

    /* the twist: regenerate all 624 words (word k mixes k, k + 1 and k + 397, cyclically) */
    #define CYA_MT_TWIST(a, b, c) ((c) ^ ((((a) & 0x80000000u) | ((b) & 0x7fffffffu)) >> 1) ^ \
                                   (((b) & 1u) ? 0x9908b0dfu : 0u))
    static void cya_mt_refill(cya_mt *g) {
        uint32_t *s = g->state;
        int k;
        for (k = 0; k < CYA_MT_N - CYA_MT_M; k++)
            s[k] = CYA_MT_TWIST(s[k], s[k + 1], s[k + CYA_MT_M]);
        for (; k < CYA_MT_N - 1; k++)
            s[k] = CYA_MT_TWIST(s[k], s[k + 1], s[k + CYA_MT_M - CYA_MT_N]);
        s[CYA_MT_N - 1] = CYA_MT_TWIST(s[CYA_MT_N - 1], s[0], s[CYA_MT_M - 1]);
        g->left = CYA_MT_N;
        g->next = 0;
    }

    static inline uint32_t cya_mt_u32(cya_mt *g) {
        uint32_t y;
        if (--g->left == 0) cya_mt_refill(g);
        y = g->state[g->next++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        return y;
    }

    static inline uint64_t cya_mt_u64(cya_mt *g) {
        uint64_t hi = cya_mt_u32(g);
        uint64_t lo = cya_mt_u32(g);
        return (hi << 32) | lo;
    }

    static inline double cya_unif_d(cya_mt *g) {
        return (double)(cya_mt_u64(g) & ((1ull << 53) - 1)) * (1.0 / 9007199254740992.0);
    }

    static inline float cya_unif_f(cya_mt *g) {
        return (float)(cya_mt_u32(g) & ((1u << 24) - 1)) * (1.0f / 16777216.0f);
    }

    /* at::normal_distribution<double> (the scalar Box-Muller with a cache) */
    static inline double cya_normal_d(cya_mt *g, double mean, double std) {
        double ret, u1, u2, r, theta;
        if (g->has_next_double) {
            g->has_next_double = 0;
            return fma(g->next_double, std, mean);
        }
        u1 = cya_unif_d(g);
        u2 = cya_unif_d(g);
        r = sqrt(-2.0 * log1p(-u2));
        theta = 2.0 * 3.14159265358979323846 * u1;
        g->next_double = r * sin(theta);
        g->has_next_double = 1;
        ret = r * cos(theta);
        return fma(ret, std, mean);
    }

    /* ---- NormalFill16<float> of torch's AVX2 build: Box-Muller over the
       pairs (j, j + 8) with the cephes-style float32 log and sincos of
       ATen's avx_mathfun.h (julien pommier's polynomials), re-derived here
       lane by lane without branches (so that the compiler can vectorise
       the 8 lanes). The multiply-adds that build fuses are written as fmaf
       (one rounding); every other operation rounds alone. ---- */
    typedef union { float f; uint32_t u; } cya_fu;
    /* bit casts as macros: a helper function would not inline into the
       differently-optimised copy below, and would stop the vectoriser */
    #define cya_f2u(x) (((cya_fu){.f = (x)}).u)
    #define cya_u2f(x) (((cya_fu){.u = (x)}).f)

    #define CYA_NORMAL16_F_DEFINE(NAME, ATTRS) ATTRS static void NAME(float *d, float mean, float std) { \
        int j; \
        _Pragma("GCC unroll 1") \
        for (j = 0; j < 8; j++) {   /* kept a loop: the vectoriser turns it into one 8-wide pass */ \
            float u1 = 1.0f - d[j], u2 = d[j + 8]; \
            /* log(u1): NaN for u1 <= 0, denormals cut to the least normal */ \
            uint32_t invalid = (u1 > 0.0f) ? 0u : 0xffffffffu; \
            float x = (u1 > 1.17549435e-38f) ? u1 : 1.17549435e-38f; \
            uint32_t b = cya_f2u(x); \
            float e = (float)((int32_t)(b >> 23) - 0x7f) + 1.0f; \
            x = cya_u2f((b & ~0x7f800000u) | 0x3f000000u);   /* mantissa in [0.5, 1) */ \
            float below = (x < 0.707106781186547524f) ? 1.0f : 0.0f; \
            float xlow = (x < 0.707106781186547524f) ? x : 0.0f; \
            x = x - 1.0f; \
            e = e - below; \
            x = x + xlow; \
            float z = x * x; \
            float y = fmaf(7.0376836292E-2f, x, -1.1514610310E-1f); \
            y = fmaf(y, x, 1.1676998740E-1f); \
            y = fmaf(y, x, -1.2420140846E-1f); \
            y = fmaf(y, x, 1.4249322787E-1f); \
            y = fmaf(y, x, -1.6668057665E-1f); \
            y = fmaf(y, x, 2.0000714765E-1f); \
            y = fmaf(y, x, -2.4999993993E-1f); \
            y = fmaf(y, x, 3.3333331174E-1f); \
            y = y * x; \
            y = fmaf(y, z, e * -2.12194440e-4f);   /* the build fuses y * z into this add */ \
            y = fmaf(-z, 0.5f, y); \
            x = x + y; \
            x = fmaf(e, 0.693359375f, x); \
            float logu = cya_u2f(cya_f2u(x) | invalid); \
            float radius = sqrtf(-2.0f * logu); \
 \
            /* sin and cos of theta = 2 pi u2 (theta >= 0 here, but the sign is kept as there) */ \
            float theta = 6.28318530717958647692f * u2; \
            uint32_t sign_sin = cya_f2u(theta) & 0x80000000u; \
            float ax = cya_u2f(cya_f2u(theta) & 0x7fffffffu); \
            int32_t q = (int32_t)(ax * 1.27323954473516f);   /* octant, truncated */ \
            q = (q + 1) & ~1; \
            float yq = (float)q; \
            sign_sin ^= ((uint32_t)(q & 4)) << 29; \
            uint32_t sign_cos = ((uint32_t)(~(q - 2) & 4)) << 29; \
            int sine_poly = (q & 2) == 0; \
            ax = fmaf(yq, -0.78515625f, ax); \
            ax = fmaf(yq, -2.4187564849853515625e-4f, ax); \
            ax = fmaf(yq, -3.77489497744594108e-8f, ax); \
            z = ax * ax; \
            float pc = fmaf(2.443315711809948E-005f, z, -1.388731625493765E-003f); \
            pc = fmaf(pc, z, 4.166664568298827E-002f); \
            pc = pc * z; \
            pc = fmaf(pc, z, -(z * 0.5f)); \
            pc = pc + 1.0f; \
            float ps = fmaf(-1.9515295891E-4f, z, 8.3321608736E-3f); \
            ps = fmaf(ps, z, -1.6666654611E-1f); \
            ps = ps * z; \
            ps = fmaf(ps, ax, ax); \
            float sn = cya_u2f(cya_f2u(sine_poly ? ps : pc) ^ sign_sin); \
            float cs = cya_u2f(cya_f2u(sine_poly ? pc : ps) ^ sign_cos); \
 \
            d[j] = fmaf(radius * cs, std, mean); \
            d[j + 8] = fmaf(radius * sn, std, mean); \
        } \
    }

    /* compiled twice: plainly, and (gcc on x86-64) for AVX2 with FMA where
       the CPU has them, vectorised, fmaf one instruction; both give the same
       bits: fmaf is exact either way and nothing else may contract (setup.py
       builds this module with -ffp-contract=off; its -fno-math-errno and
       -fno-trapping-math change no result). */
    CYA_NORMAL16_F_DEFINE(cya_normal16_f_generic, )
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
    CYA_NORMAL16_F_DEFINE(cya_normal16_f_avx2,
        __attribute__((target("avx2,fma"), optimize("O3"))))
    static int cya_have_avx2 = -1;
    static void cya_normal16_f(float *d, float mean, float std) {
        if (cya_have_avx2 < 0) {
            __builtin_cpu_init();
            cya_have_avx2 = (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) ? 1 : 0;
        }
        if (cya_have_avx2) cya_normal16_f_avx2(d, mean, std);
        else cya_normal16_f_generic(d, mean, std);
    }
    #else
    static void cya_normal16_f(float *d, float mean, float std) {
        cya_normal16_f_generic(d, mean, std);
    }
    #endif

    /* uniform_(lo, hi) in float32: x * (hi - lo) + lo fused, as torch's
       build fuses it; an FMA copy where the CPU has one (fmaf is otherwise
       a libm call per element) */
    static inline void cya_fill_uniform_f32_body(cya_mt *g, float *d, Py_ssize_t n, float lo, float span) {
        Py_ssize_t i;
        for (i = 0; i < n; i++) d[i] = fmaf(cya_unif_f(g), span, lo);
    }
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
    __attribute__((target("fma")))
    static void cya_fill_uniform_f32_fma(cya_mt *g, float *d, Py_ssize_t n, float lo, float span) {
        cya_fill_uniform_f32_body(g, d, n, lo, span);
    }
    static void cya_fill_uniform_f32(cya_mt *g, float *d, Py_ssize_t n, float lo, float span) {
        if (cya_have_avx2 < 0) {
            __builtin_cpu_init();
            cya_have_avx2 = (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) ? 1 : 0;
        }
        if (cya_have_avx2) cya_fill_uniform_f32_fma(g, d, n, lo, span);
        else cya_fill_uniform_f32_body(g, d, n, lo, span);
    }
    #else
    static void cya_fill_uniform_f32(cya_mt *g, float *d, Py_ssize_t n, float lo, float span) {
        cya_fill_uniform_f32_body(g, d, n, lo, span);
    }
    #endif

    /* NormalFill16<double> (scalar, libm) */
    static void cya_normal16_d(double *d, double mean, double std) {
        int j;
        for (j = 0; j < 8; j++) {
            double u1 = 1.0 - d[j], u2 = d[j + 8];
            double radius = sqrt(-2.0 * log(u1));
            double theta = 2.0 * 3.14159265358979323846 * u2;
            d[j] = fma(radius * cos(theta), std, mean);
            d[j + 8] = fma(radius * sin(theta), std, mean);
        }
    }
    """
    ctypedef struct cya_mt:
        uint64_t seed
        int left
        int seeded
        uint32_t next
        uint32_t state[624]
        int has_next_double
        double next_double
        int has_next_float
        float next_float
    void cya_mt_seed(cya_mt *g, uint64_t seed) nogil
    uint32_t cya_mt_u32(cya_mt *g) nogil
    uint64_t cya_mt_u64(cya_mt *g) nogil
    double cya_unif_d(cya_mt *g) nogil
    float cya_unif_f(cya_mt *g) nogil
    double cya_normal_d(cya_mt *g, double mean, double std) nogil
    void cya_normal16_f(float *d, float mean, float std) nogil
    void cya_normal16_d(double *d, double mean, double std) nogil
    void cya_fill_uniform_f32(cya_mt *g, float *d, Py_ssize_t n, float lo, float span) nogil

cdef extern from "math.h" nogil:
    double log1p(double)
    double log(double)
    double tan(double)
    double exp(double)
    double ceil(double)
    double fma(double, double, double)
    float fmaf(float, float, float)

# torch's state tensor (CPUGeneratorImplState, 5056 bytes): the legacy pod
# {uint64 seed; int left; int seeded; uint64 next; uint64 state[624];
#  double normal_x, normal_y, normal_rho; int normal_is_valid;} (5048 with
# padding), then float next_float_normal_sample and bool its validity
STATE_SIZE = 5056
cdef Py_ssize_t _OFF_STATE = 24
cdef Py_ssize_t _OFF_NORMAL_Y = 24 + 8 * 624 + 8
cdef Py_ssize_t _OFF_NORMAL_VALID = 24 + 8 * 624 + 24
cdef Py_ssize_t _OFF_FLOAT = 5048
cdef Py_ssize_t _OFF_FLOAT_VALID = 5052


cdef inline void _check_out(cnp.ndarray out, object dt) except *:
    if out.dtype != dt or not cnp.PyArray_IS_C_CONTIGUOUS(out) or not cnp.PyArray_ISWRITEABLE(out):
        raise TypeError(f"expected a writeable contiguous {dt} array")


cdef class MT19937:
    """MT19937(seed=67280421310721)
    --
    torch's CPU generator state: the mt19937 engine, its seed and the cached
    normal samples; the fill_* methods are ATen's CPU sampling kernels over
    contiguous numpy buffers (NOTE [ torch's CPU random streams ])."""
    cdef cya_mt g

    def __init__(self, seed=67280421310721):
        cya_mt_seed(&self.g, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))

    def manual_seed(self, seed):
        """Reseed (drops the cached normals, as torch's set_current_seed)."""
        cya_mt_seed(&self.g, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))

    def initial_seed(self):
        return self.g.seed

    def copy(self):
        cdef MT19937 r = MT19937.__new__(MT19937)
        r.g = self.g
        return r

    def random(self):
        """One 32-bit draw (CPUGeneratorImpl::random)."""
        return cya_mt_u32(&self.g)

    def random64(self):
        return cya_mt_u64(&self.g)

    def get_state(self):
        """torch's 5056-byte state layout, as bytes."""
        cdef bytearray b = bytearray(STATE_SIZE)
        cdef unsigned char *p = b
        cdef uint64_t v
        cdef int i, valid
        cdef float f
        cdef double d
        memcpy(p, &self.g.seed, 8)
        memcpy(p + 8, &self.g.left, 4)
        memcpy(p + 12, &self.g.seeded, 4)
        v = self.g.next
        memcpy(p + 16, &v, 8)
        for i in range(624):
            v = self.g.state[i]
            memcpy(p + _OFF_STATE + 8 * i, &v, 8)
        if self.g.has_next_double:
            d = self.g.next_double
            memcpy(p + _OFF_NORMAL_Y, &d, 8)
            valid = 1
            memcpy(p + _OFF_NORMAL_VALID, &valid, 4)
        if self.g.has_next_float:
            f = self.g.next_float
            memcpy(p + _OFF_FLOAT, &f, 4)
            p[_OFF_FLOAT_VALID] = 1
        return bytes(b)

    def set_state(self, const unsigned char[::1] raw):
        """Restore from torch's layout (raises torch's error for a bad engine)."""
        cdef cya_mt n
        cdef uint64_t v
        cdef int i, valid
        cdef const unsigned char *p
        if raw.shape[0] != STATE_SIZE:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {STATE_SIZE} but found the "
                               f"input RNG state size to be {raw.shape[0]}")
        p = &raw[0]
        memset(&n, 0, sizeof(cya_mt))
        memcpy(&n.seed, p, 8)
        memcpy(&n.left, p + 8, 4)
        memcpy(&n.seeded, p + 12, 4)
        memcpy(&v, p + 16, 8)
        n.next = <uint32_t>v
        for i in range(624):
            memcpy(&v, p + _OFF_STATE + 8 * i, 8)
            n.state[i] = <uint32_t>v
        if not (n.seeded != 0 and 0 < n.left <= 624 and n.next <= 624):
            raise RuntimeError("Invalid mt19937 state")
        n.seeded = 1
        memcpy(&valid, p + _OFF_NORMAL_VALID, 4)
        n.has_next_double = valid != 0
        if valid:
            memcpy(&n.next_double, p + _OFF_NORMAL_Y, 8)
        n.has_next_float = p[_OFF_FLOAT_VALID] != 0
        if n.has_next_float:
            memcpy(&n.next_float, p + _OFF_FLOAT, 4)
        self.g = n

    # -- kernels: each fills a contiguous buffer in element order ----------------------

    def fill_uniform_f32(self, cnp.ndarray out, float lo, float hi):
        """float32 uniform_(lo, hi) (x * (hi - lo) + lo, fused as torch's AVX2 build)."""
        _check_out(out, np.float32)
        cdef float *d = <float *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef float span = hi - lo
        with nogil:
            if lo == 0.0 and span == 1.0:
                for i in range(n):
                    d[i] = cya_unif_f(&self.g)
            else:
                cya_fill_uniform_f32(&self.g, d, n, lo, span)

    def fill_uniform_bits(self, cnp.ndarray out, int bits):
        """float32 buffer of (draw32 & (2^bits - 1)) * 2^-bits (float16's 11-bit uniforms)."""
        _check_out(out, np.float32)
        cdef float *d = <float *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef uint32_t mask = (1u << bits) - 1
        cdef float scale = 1.0 / (1 << bits)
        with nogil:
            for i in range(n):
                d[i] = <float>(cya_mt_u32(&self.g) & mask) * scale

    def fill_uniform_f64(self, cnp.ndarray out, double lo, double hi):
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef double span = hi - lo
        with nogil:
            if lo == 0.0 and span == 1.0:
                for i in range(n):
                    d[i] = cya_unif_d(&self.g)
            else:
                for i in range(n):
                    d[i] = fma(cya_unif_d(&self.g), span, lo)

    def fill_normal_scalar(self, cnp.ndarray out, double mean, double std):
        """normal_distribution<double> per element (float64 buffer; the caller casts)."""
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        with nogil:
            for i in range(n):
                d[i] = cya_normal_d(&self.g, mean, std)

    def fill_normal_block_f32(self, cnp.ndarray out, float mean, float std, bint per_block=False):
        """The 16-wide float path. per_block: float16's order (each block of
        16 float32 uniforms drawn just before it is transformed, no draws for
        a ragged tail's head), else float32's (all uniforms first)."""
        _check_out(out, np.float32)
        cdef float *d = <float *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, k, n = out.size
        if n < 16:
            raise ValueError("the block path needs at least 16 elements")
        with nogil:
            if not per_block:
                for i in range(n):
                    d[i] = cya_unif_f(&self.g)
            i = 0
            while i + 16 <= n:
                if per_block:
                    for k in range(16):
                        d[i + k] = cya_unif_f(&self.g)
                cya_normal16_f(d + i, mean, std)
                i += 16
            if n % 16:
                for i in range(n - 16, n):
                    d[i] = cya_unif_f(&self.g)
                cya_normal16_f(d + n - 16, mean, std)

    def fill_normal_block_f64(self, cnp.ndarray out, double mean, double std):
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        if n < 16:
            raise ValueError("the block path needs at least 16 elements")
        with nogil:
            for i in range(n):
                d[i] = cya_unif_d(&self.g)
            i = 0
            while i + 16 <= n:
                cya_normal16_d(d + i, mean, std)
                i += 16
            if n % 16:
                for i in range(n - 16, n):
                    d[i] = cya_unif_d(&self.g)
                cya_normal16_d(d + n - 16, mean, std)

    def fill_random_from_to(self, cnp.ndarray out, uint64_t rng, int64_t base):
        """int64 buffer of draw % rng + base (32-bit draws below 2^28, else 64-bit)."""
        _check_out(out, np.int64)
        cdef int64_t *d = <int64_t *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        with nogil:
            if rng >= (1ull << 28):
                for i in range(n):
                    d[i] = <int64_t>(cya_mt_u64(&self.g) % rng + <uint64_t>base)
            else:
                for i in range(n):
                    d[i] = <int64_t>(cya_mt_u32(&self.g) % rng + <uint64_t>base)

    def fill_random_bits(self, cnp.ndarray out, int wide, uint64_t modulus):
        """uint64 buffer of draw % modulus (modulus 0: the draw itself); wide: 64-bit draws."""
        _check_out(out, np.uint64)
        cdef uint64_t *d = <uint64_t *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef uint64_t v
        with nogil:
            for i in range(n):
                v = cya_mt_u64(&self.g) if wide else cya_mt_u32(&self.g)
                d[i] = v % modulus if modulus else v

    def fill_bernoulli_scalar(self, cnp.ndarray out, double p):
        """uint8 buffer of (float64 uniform < p)."""
        _check_out(out, np.uint8)
        cdef unsigned char *d = <unsigned char *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        with nogil:
            for i in range(n):
                d[i] = cya_unif_d(&self.g) < p

    def fill_bernoulli_tensor(self, cnp.ndarray out, cnp.ndarray p):
        """uint8 buffer; p a contiguous float64 array (float64 uniforms) or
        float32 array (float32 uniforms), one per element."""
        _check_out(out, np.uint8)
        cdef unsigned char *d = <unsigned char *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef double *pd
        cdef float *pf
        if p.size != n or not cnp.PyArray_IS_C_CONTIGUOUS(p):
            raise ValueError("p must be contiguous and of the output's size")
        if p.dtype == np.float64:
            pd = <double *>cnp.PyArray_DATA(p)
            with nogil:
                for i in range(n):
                    d[i] = cya_unif_d(&self.g) < pd[i]
        elif p.dtype == np.float32:
            pf = <float *>cnp.PyArray_DATA(p)
            with nogil:
                for i in range(n):
                    d[i] = cya_unif_f(&self.g) < pf[i]
        else:
            raise TypeError("p must be float32 or float64")

    def fill_exponential(self, cnp.ndarray out, double lambd):
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef double f = -1.0 / lambd
        with nogil:
            for i in range(n):
                d[i] = f * log1p(-cya_unif_d(&self.g))

    def fill_cauchy(self, cnp.ndarray out, double median, double sigma):
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        with nogil:
            for i in range(n):
                d[i] = fma(sigma, tan(3.14159265358979323846 * (cya_unif_d(&self.g) - 0.5)), median)

    def fill_log_normal(self, cnp.ndarray out, double mean, double std):
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        with nogil:
            for i in range(n):
                d[i] = exp(cya_normal_d(&self.g, mean, std))

    def fill_geometric(self, cnp.ndarray out, double p):
        _check_out(out, np.float64)
        cdef double *d = <double *>cnp.PyArray_DATA(out)
        cdef Py_ssize_t i, n = out.size
        cdef double lq = log1p(-p)
        with nogil:
            for i in range(n):
                d[i] = ceil(log(cya_unif_d(&self.g)) / lq)

    def randperm(self, int64_t n):
        """int64 array: torch's CPU randperm(n)."""
        cdef cnp.ndarray out = np.empty(n, np.int64)
        cdef int64_t *r = <int64_t *>cnp.PyArray_DATA(out)
        cdef int64_t i, z, t
        with nogil:
            if n < 214748364:  # numeric_limits<uint32_t>::max() / 20
                for i in range(n):
                    r[i] = i
                for i in range(n - 1):
                    z = <int64_t>(cya_mt_u32(&self.g) % <uint64_t>(n - i))
                    t = r[i]
                    r[i] = r[z + i]
                    r[z + i] = t
            else:
                for i in range(n):
                    z = <int64_t>(cya_mt_u64(&self.g) % <uint64_t>(i + 1))
                    r[i] = r[z]
                    r[z] = i
        return out

    def multinomial_replacement(self, cnp.ndarray cum, int64_t n_sample):
        """Samples per row of `cum` (2-D contiguous float32/float64 array of
        normalised cumulative sums, last entry set to 1): binary search of a
        float64 uniform, as torch's multinomial kernel with replacement."""
        cdef Py_ssize_t rows = cum.shape[0], cats = cum.shape[1], i
        cdef cnp.ndarray out = np.empty((rows, n_sample), np.int64)
        cdef int64_t *r = <int64_t *>cnp.PyArray_DATA(out)
        cdef int64_t j, lo, hi, mid
        cdef double u
        cdef double *cd = NULL
        cdef float *cf = NULL
        if not cnp.PyArray_IS_C_CONTIGUOUS(cum) or cum.ndim != 2 or cats < 1:
            raise ValueError("cum must be a contiguous 2-D array")
        if cum.dtype == np.float64:
            cd = <double *>cnp.PyArray_DATA(cum)
        elif cum.dtype == np.float32:
            cf = <float *>cnp.PyArray_DATA(cum)
        else:
            raise TypeError("cum must be float32 or float64")
        with nogil:
            for i in range(rows):
                for j in range(n_sample):
                    u = cya_unif_d(&self.g)
                    lo = 0
                    hi = cats
                    while hi - lo > 0:
                        mid = lo + (hi - lo) // 2
                        if (cd[i * cats + mid] if cd != NULL else <double>cf[i * cats + mid]) < u:
                            lo = mid + 1
                        else:
                            hi = mid
                    r[i * n_sample + j] = lo
        return out


def linspace_fill(cnp.ndarray out, double start, double end):
    """torch's CPU linspace kernel into a contiguous float32/float64/int64
    buffer: ``start + step * i`` below the halfway index and
    ``end - step * (steps - 1 - i)`` from it, each a fused multiply-add as
    torch's build compiles them (integer outputs compute in float64 and
    truncate). Here because this module is built without contraction and
    calls libm's fma."""
    cdef Py_ssize_t i, n = out.size, half = out.size // 2
    cdef float fs, fe, fstep
    cdef double dstep
    cdef float *pf
    cdef double *pd
    cdef int64_t *pi
    if not cnp.PyArray_IS_C_CONTIGUOUS(out) or not cnp.PyArray_ISWRITEABLE(out):
        raise TypeError("expected a writeable contiguous array")
    if n == 0:
        return
    if out.dtype == np.float32:
        pf = <float *>cnp.PyArray_DATA(out)
        fs = <float>start
        fe = <float>end
        if n == 1:
            pf[0] = fs
            return
        fstep = (fe - fs) / <float>(n - 1)
        for i in range(n):
            pf[i] = fmaf(fstep, <float>i, fs) if i < half else fmaf(-fstep, <float>(n - i - 1), fe)
    elif out.dtype == np.float64 or out.dtype == np.int64:
        if out.dtype == np.int64:   # an integer output: start/end already truncated by the caller
            pi = <int64_t *>cnp.PyArray_DATA(out)
        pd = <double *>cnp.PyArray_DATA(out) if out.dtype == np.float64 else NULL
        dstep = (end - start) / <double>(n - 1) if n > 1 else 0.0
        for i in range(n):
            if n == 1:
                v = start
            elif i < half:
                v = fma(dstep, <double>i, start)
            else:
                v = fma(-dstep, <double>(n - i - 1), end)
            if pd != NULL:
                pd[i] = v
            else:
                pi[i] = <int64_t>v
    else:
        raise TypeError("float32, float64 or int64 only")


def arange_fill(cnp.ndarray out, double start, double step, Py_ssize_t grain=32768, Py_ssize_t threads=1):
    """torch's CPU arange kernel into a contiguous float32/float64 buffer:
    the accumulate type is float64; whole pairs of SIMD vectors (8 float32
    or 4 float64 lanes) start from base = start + step * i (fused) cast to
    the dtype, and lane k is base + k * step in float64 (fused), cast; the
    tail is start + step * i (fused), cast. Ranges above `grain` split into
    at::parallel_for's chunks over `threads`, each with its own vectors."""
    cdef Py_ssize_t n = out.size, b, e, chunk, tasks, idx, k, vec, nv
    cdef float *pf = NULL
    cdef double *pd = NULL
    cdef double base
    cdef float basef
    if not cnp.PyArray_IS_C_CONTIGUOUS(out) or not cnp.PyArray_ISWRITEABLE(out):
        raise TypeError("expected a writeable contiguous array")
    if out.dtype == np.float32:
        pf = <float *>cnp.PyArray_DATA(out)
        vec = 8
    elif out.dtype == np.float64:
        pd = <double *>cnp.PyArray_DATA(out)
        vec = 4
    else:
        raise TypeError("float32 or float64 only")
    if n == 0:
        return
    tasks = 1
    if n > grain and threads > 1:
        tasks = min(threads, (n + grain - 1) // grain)
    chunk = (n + tasks - 1) // tasks
    b = 0
    while b < n:
        e = min(n, b + chunk)
        idx = b
        nv = b + ((e - b) // (2 * vec)) * (2 * vec)
        while idx < nv:
            base = fma(step, <double>idx, start)
            if pf != NULL:
                basef = <float>base
                for k in range(vec):
                    pf[idx + k] = <float>fma(<double>k, step, <double>basef)
            else:
                for k in range(vec):
                    pd[idx + k] = fma(<double>k, step, base)
            idx += vec
        while idx < e:
            base = fma(step, <double>idx, start)
            if pf != NULL:
                pf[idx] = <float>base
            else:
                pd[idx] = base
            idx += 1
        b = e
