/*
 * poly1305_x86.c -- Poly1305 eight blocks a step on x86-64 (RFC 8439
 * 2.5); see poly1305_simd.h for the contract.
 *
 * Two builds of one kernel (poly1305_x86_kernel.h): AVX2, and the same
 * source with AVX-512VL's 32 registers (valgrind, which has no AVX-512,
 * checks the AVX2 build). Eight Horner chains in two vectors a and b:
 * lane j of a holds one
 * 26-bit limb of chain j's accumulator, of b chain 4 + j's (radix 2^26:
 * five limbs, products of 32-bit halves by VPMULUDQ, at most 2^59 per limb
 * sum). A step is a = (a + M) * r^8, b = (b + M') * r^8 with M, M' the next
 * eight blocks (two independent chains hide the multiplication and carry
 * latency); the last eight are added and the chains multiplied by r^8 ..
 * r^1, then summed: sum_i m_i r^(8n - i), as the one-block Horner gives.
 */
#include "poly1305/poly1305_simd.h"

#include "common/pp_util.h"

#if PP_POLY1305_X86

#include <immintrin.h>

#include "poly1305/poly1305_r44.h"

#define PP_AVX2 __attribute__((target("avx2")))
#define M26 0x3ffffffu

static int simd_limit = 3;

/* 0: none (the one-block loop), 1: AVX2, 2: AVX-512VL, 3: AVX-512 IFMA. */
static int x86_level(void)
{
    unsigned f = pp_x86_features();
    int c = (f & PP_X86_AVX512IFMA) != 0 ? 3 : (f & PP_X86_AVX512VL) != 0 ? 2
            : (f & PP_X86_AVX2) != 0 ? 1 : 0;
    int limit = __atomic_load_n(&simd_limit, __ATOMIC_RELAXED);
    return c < limit ? c : limit;
}

int pp_poly1305_x86_available(void)
{
    return x86_level() != 0;
}

void pp_poly1305_simd_restrict(int limit)
{
    __atomic_store_n(&simd_limit, limit < 0 ? 0 : limit > 3 ? 3 : limit, __ATOMIC_RELAXED);
}

const char *pp_poly1305_x86_name(void)
{
    static const char *const names[4] = { "portable C, radix 2^44", "x86-64 AVX2",
                                          "x86-64 AVX-512VL", "x86-64 AVX-512 IFMA" };
    return names[x86_level()];
}

/* h (radix 2^44, h0, h1 < 2^44 after a carry, h2 < 2^43) as five 26-bit
 * limbs (t4 takes the rest, up to 27 bits). */
static void to_r26(uint64_t t[5], const uint64_t h44[3])
{
    uint64_t h0 = h44[0], h1 = h44[1], h2 = h44[2];
    h2 += h1 >> 44;
    h1 &= PP_M44;
    t[0] = h0 & M26;
    t[1] = ((h0 >> 26) | (h1 << 18)) & M26;
    t[2] = (h1 >> 8) & M26;
    t[3] = ((h1 >> 34) | (h2 << 10)) & M26;
    t[4] = h2 >> 16;
}

/* The inverse, by additions (a limb may be a little over 26 bits after
 * the last carry, so its top bit may overlap the next limb's place):
 * h0, h1 below 2^44, h2 the rest (below 2^43). */
static void from_r26(uint64_t h44[3], const uint64_t t[5])
{
    uint64_t x0 = t[0] + (t[1] << 26);
    uint64_t x1 = (x0 >> 44) + (t[2] << 8) + (t[3] << 34);
    h44[0] = x0 & PP_M44;
    h44[1] = x1 & PP_M44;
    h44[2] = (x1 >> 44) + (t[4] << 16);
}

#define KERNEL_TARGET PP_AVX2
#define KERNEL(name) name##_avx2
#include "poly1305/poly1305_x86_kernel.h"
#undef KERNEL_TARGET
#undef KERNEL

#define KERNEL_TARGET __attribute__((target("avx2,avx512f,avx512vl")))
#define KERNEL(name) name##_avx512vl
#include "poly1305/poly1305_x86_kernel.h"
#undef KERNEL_TARGET
#undef KERNEL

/* ---- AVX-512 IFMA: eight Horner chains in radix 2^44 ----
 * VPMADD52LUQ / VPMADD52HUQ (Intel SDM vol. 2, "VPMADD52LUQ") add the low
 * and the high 52 bits of the 104-bit product of two 52-bit lanes to a
 * 64-bit lane. h and r stay in poly1305.c's radix 2^44 (limbs at 2^0,
 * 2^44, 2^88; the products that pass 2^130 fold by 2^132 = 20 mod p, so
 * s_j = 20 r_j < 2^49 takes their place), lane j of the accumulator holds
 * chain j (blocks 8k + j), and a step is h = (h + M) r^8 for the next
 * eight blocks M. The same scheme as OpenSSL's poly1305_blocks_vpmadd52
 * (radix 2^44, powers of r in lanes), written here from the arithmetic. */

#define PP_IFMA __attribute__((target("avx512f,avx512ifma")))

/* h = h * r per lane, partly reduced. In: h_i < 2^52, r limbs with
 * 20 r_j < 2^52 (s = 20 r). d_k = lo_k + hi_k 2^52 at 2^(44k); hi_k 2^52
 * is hi_k 2^8 one limb up, and limb 2's hi at 2^140 = 2^10 * 5 mod p goes
 * to limb 0 times 5 * 2^10. One carry per limb, all three in parallel:
 * out h0 < 2^44 + 2^16, h1 < 2^44 + 2^12, h2 < 2^42 + 2^12. */
PP_IFMA static inline void ifma_mul(__m512i h[3], const __m512i r[3], const __m512i s[3])
{
    const __m512i m44 = _mm512_set1_epi64((long long)PP_M44);
    const __m512i m42 = _mm512_set1_epi64((long long)PP_M42);
    const __m512i z = _mm512_setzero_si512();
    __m512i l0, l1, l2, u0, u1, u2, c0, c1, c2;
    /* Each limb's three products accumulate in the FMA itself (no adds:
     * the kernel is bound by vector throughput, not by this latency). */
    l0 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, h[0], r[0]), h[1], s[2]),
                               h[2], s[1]);
    u0 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h[0], r[0]), h[1], s[2]),
                               h[2], s[1]);
    l1 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, h[0], r[1]), h[1], r[0]),
                               h[2], s[2]);
    u1 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h[0], r[1]), h[1], r[0]),
                               h[2], s[2]);
    l2 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, h[0], r[2]), h[1], r[1]),
                               h[2], r[0]);
    u2 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h[0], r[2]), h[1], r[1]),
                               h[2], r[0]);
    /* lo < 2^54, hi < 2^42: x0 < 2^56, x1, x2 < 2^55. */
    l0 = _mm512_add_epi64(l0, _mm512_add_epi64(_mm512_slli_epi64(u2, 12), _mm512_slli_epi64(u2, 10)));
    l1 = _mm512_add_epi64(l1, _mm512_slli_epi64(u0, 8));
    l2 = _mm512_add_epi64(l2, _mm512_slli_epi64(u1, 8));
    c0 = _mm512_srli_epi64(l0, 44);
    c1 = _mm512_srli_epi64(l1, 44);
    c2 = _mm512_srli_epi64(l2, 42);
    h[0] = _mm512_add_epi64(_mm512_and_si512(l0, m44),
                            _mm512_add_epi64(c2, _mm512_slli_epi64(c2, 2)));
    h[1] = _mm512_add_epi64(_mm512_and_si512(l1, m44), c0);
    h[2] = _mm512_add_epi64(_mm512_and_si512(l2, m42), c1);
}

/* s = 20 r per lane. */
PP_IFMA static inline void ifma_s20(__m512i s[3], const __m512i r[3])
{
    unsigned k;
    for (k = 0; k < 3; k++) {
        s[k] = _mm512_add_epi64(_mm512_slli_epi64(r[k], 4), _mm512_slli_epi64(r[k], 2));
    }
}

/* Eight blocks at m (lane j: block j), limbs of 44, 44, 42 bits, with the
 * 2^128 bit (bit 40 of limb 2). */
PP_IFMA static inline void ifma_load(__m512i t[3], const uint8_t *m)
{
    const __m512i m44 = _mm512_set1_epi64((long long)PP_M44);
    const __m512i ilo = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i ihi = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    __m512i a = _mm512_loadu_si512((const void *)m);        /* lo0 hi0 .. lo3 hi3 */
    __m512i b = _mm512_loadu_si512((const void *)(m + 64)); /* lo4 hi4 .. lo7 hi7 */
    __m512i lo = _mm512_permutex2var_epi64(a, ilo, b);
    __m512i hi = _mm512_permutex2var_epi64(a, ihi, b);
    t[0] = _mm512_and_si512(lo, m44);
    t[1] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44);
    t[2] = _mm512_or_si512(_mm512_srli_epi64(hi, 24), _mm512_set1_epi64((long long)1 << 40));
}

PP_IFMA static void blocks_ifma(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t n)
{
    uint64_t p[4][3], sum[3], cr;
    __m512i a[3], t[3], R[3], S[3], W[3], WS[3];
    unsigned k;

    if (n == 0) {
        return;
    }
    /* r, r^2, r^3, r^4 by the scalar multiplication, then one vector one:
     * (r^4, r^3, r^2, r, r^4, r^3, r^2, r) * (r^4 x 4, 1 x 4) =
     * (r^8, r^7, .., r): lane j holds r^(8 - j), the power chain j needs
     * at the end; lane 0's r^8, broadcast, is the step's multiplier. */
    for (k = 0; k < 3; k++) {
        p[0][k] = r[k];
        p[1][k] = r[k];
    }
    pp_poly1305_mul44(p[1], r);
    for (k = 0; k < 3; k++) {
        p[2][k] = p[1][k];
        p[3][k] = p[1][k];
    }
    /* r^3 = r^2 r and r^4 = r^2 r^2: two independent multiplications. */
    pp_poly1305_mul44(p[2], r);
    pp_poly1305_mul44(p[3], p[1]);
    for (k = 0; k < 3; k++) {
        R[k] = _mm512_setr_epi64((long long)p[3][k], (long long)p[2][k], (long long)p[1][k],
                                 (long long)p[0][k], (long long)p[3][k], (long long)p[2][k],
                                 (long long)p[1][k], (long long)p[0][k]);
        W[k] = _mm512_setr_epi64((long long)p[3][k], (long long)p[3][k], (long long)p[3][k],
                                 (long long)p[3][k], k == 0 ? 1 : 0, k == 0 ? 1 : 0,
                                 k == 0 ? 1 : 0, k == 0 ? 1 : 0);
    }
    ifma_s20(WS, W);
    ifma_mul(R, W, WS); /* R: r^8 .. r^1 */
    for (k = 0; k < 3; k++) {
        W[k] = _mm512_permutexvar_epi64(_mm512_setzero_si512(), R[k]); /* r^8 in every lane */
    }
    ifma_s20(WS, W);
    ifma_s20(S, R);

    /* Chain 0 starts from h, the other seven from 0. */
    for (k = 0; k < 3; k++) {
        a[k] = _mm512_setr_epi64((long long)h[k], 0, 0, 0, 0, 0, 0, 0);
    }
    for (; n > 1; n--) {
        ifma_load(t, m);
        for (k = 0; k < 3; k++) {
            a[k] = _mm512_add_epi64(a[k], t[k]);
        }
        ifma_mul(a, W, WS);
        m += 128;
    }
    ifma_load(t, m);
    for (k = 0; k < 3; k++) {
        a[k] = _mm512_add_epi64(a[k], t[k]);
    }
    ifma_mul(a, R, S);

    /* The eight chains summed (each limb below 2^45, the sum below 2^48),
     * then carried to the form pp_poly1305_mul44 leaves. */
    for (k = 0; k < 3; k++) {
        sum[k] = (uint64_t)_mm512_reduce_add_epi64(a[k]);
    }
    cr = sum[0] >> 44; sum[0] &= PP_M44; sum[1] += cr;
    cr = sum[1] >> 44; sum[1] &= PP_M44; sum[2] += cr;
    cr = sum[2] >> 42; sum[2] &= PP_M42; sum[0] += cr * 5;
    cr = sum[0] >> 44; sum[0] &= PP_M44; sum[1] += cr;
    h[0] = sum[0];
    h[1] = sum[1];
    h[2] = sum[2];

    /* The vectors are not wiped, as in the ChaCha20 kernels
     * (chacha20_x86_kernel.h): a wipe takes their address and keeps them
     * in memory, where they otherwise live in registers. The scalar
     * powers and sums did go through memory. */
    pp_wipe(p, sizeof(p));
    pp_wipe(sum, sizeof(sum));
}

void pp_poly1305_x86_blocks(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t n)
{
    const int level = x86_level();
    if (level == 3) {
        blocks_ifma(h, r, m, n);
    } else if (n >= 3u) {
        if (level == 2) {
            blocks_avx512vl(h, r, m, n);
        } else {
            blocks_avx2(h, r, m, n);
        }
    } else {
        /* Up to sixteen blocks: the radix-2^26 kernels' set-up costs more
         * than they save (here 256 B took 256 ns on AVX-512VL, 219 in the
         * one-block loop; 384 B 274 against 323), so the one-block
         * multiplication. */
        size_t i;
        for (i = 0; i < 8u * n; i++, m += 16) {
            uint64_t t0 = pp_load_le64(m), t1 = pp_load_le64(m + 8);
            h[0] += t0 & PP_M44;
            h[1] += ((t0 >> 44) | (t1 << 20)) & PP_M44;
            h[2] += ((t1 >> 24) & PP_M42) | ((uint64_t)1 << 40);
            pp_poly1305_mul44(h, r);
        }
    }
}

#else

void pp_poly1305_simd_restrict(int limit)
{
    (void)limit;
}

#endif /* PP_POLY1305_X86 */
