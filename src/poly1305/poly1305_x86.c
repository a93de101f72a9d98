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

static int simd_allowed = 1;

int pp_poly1305_x86_available(void)
{
    return (pp_x86_features() & PP_X86_AVX2) != 0 && __atomic_load_n(&simd_allowed, __ATOMIC_RELAXED);
}

void pp_poly1305_simd_restrict(int allow)
{
    __atomic_store_n(&simd_allowed, allow != 0 ? 1 : 0, __ATOMIC_RELAXED);
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

void pp_poly1305_x86_blocks(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t n)
{
    if ((pp_x86_features() & PP_X86_AVX512VL) != 0) {
        blocks_avx512vl(h, r, m, n);
    } else {
        blocks_avx2(h, r, m, n);
    }
}

#else

void pp_poly1305_simd_restrict(int allow)
{
    (void)allow;
}

#endif /* PP_POLY1305_X86 */
