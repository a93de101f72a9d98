/*
 * chacha20_x86.c -- ChaCha20 eight blocks at a time on x86-64 (RFC 8439
 * 2.3); see chacha20_simd.h for the contract. Two builds of one kernel
 * (chacha20_x86_kernel.h): AVX2, whose rotations by 16 and 8 are byte
 * shuffles and by 12 and 7 two shifts and an OR; and AVX-512VL on the same
 * 256-bit vectors, with VPROLD and 32 vector registers (no spills; no
 * 512-bit instruction, so no frequency licence change).
 */
#include "chacha20/chacha20_simd.h"

#include "common/pp_cpu_x86.h"
#include "common/pp_util.h"

#if PP_CHACHA20_X86

#include <immintrin.h>

static int simd_limit = 2;

int pp_chacha20_x86_kernel(void)
{
    /* 0: the portable forms; 1: AVX2; 2: AVX-512F + VL (pp_cpu_x86.h). */
    unsigned f = pp_x86_features();
    int c = (f & PP_X86_AVX512VL) != 0 ? 2 : (f & PP_X86_AVX2) != 0 ? 1 : 0;
    int limit = __atomic_load_n(&simd_limit, __ATOMIC_RELAXED);
    return c < limit ? c : limit;
}

void pp_chacha20_simd_restrict(int limit)
{
    __atomic_store_n(&simd_limit, limit < 0 ? 0 : limit > 2 ? 2 : limit, __ATOMIC_RELAXED);
}

#define KERNEL_NAME chacha20_xor8_avx2
#define KERNEL_TARGET __attribute__((target("avx2"))) static
/* Rotations by 16 and 8 move whole bytes: one shuffle; the others shift. */
#define ROTL(v, n)                                                                           \
    ((n) == 16 ? _mm256_shuffle_epi8((v), _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, \
                                                           9, 14, 15, 12, 13, 2, 3, 0, 1, 6, \
                                                           7, 4, 5, 10, 11, 8, 9, 14, 15, 12, \
                                                           13))                              \
     : (n) == 8 ? _mm256_shuffle_epi8((v), _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, \
                                                            10, 15, 12, 13, 14, 3, 0, 1, 2, \
                                                            7, 4, 5, 6, 11, 8, 9, 10, 15, 12, \
                                                            13, 14))                         \
                : _mm256_or_si256(_mm256_slli_epi32((v), (n)), _mm256_srli_epi32((v), 32 - (n))))
#include "chacha20/chacha20_x86_kernel.h"
#undef KERNEL_NAME
#undef KERNEL_TARGET
#undef ROTL

#define KERNEL_NAME chacha20_xor8_avx512vl
#define KERNEL_TARGET __attribute__((target("avx2,avx512f,avx512vl"))) static
#define ROTL(v, n) _mm256_rol_epi32((v), (n))
#include "chacha20/chacha20_x86_kernel.h"
#undef KERNEL_NAME
#undef KERNEL_TARGET
#undef ROTL

void pp_chacha20_x86_xor8(int kernel, const uint32_t s[16], const uint8_t *in, uint8_t *out,
                          size_t n)
{
    if (kernel == 2) {
        chacha20_xor8_avx512vl(s, in, out, n);
    } else {
        chacha20_xor8_avx2(s, in, out, n);
    }
}

#else

void pp_chacha20_simd_restrict(int limit)
{
    (void)limit;
}

#endif /* PP_CHACHA20_X86 */
