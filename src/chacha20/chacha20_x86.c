/*
 * chacha20_x86.c -- ChaCha20 eight blocks at a time on x86-64 (RFC 8439
 * 2.3); see chacha20_simd.h for the contract. Two builds of one kernel
 * (chacha20_x86_kernel.h): AVX2, whose rotations by 16 and 8 are byte
 * shuffles and by 12 and 7 two shifts and an OR; and AVX-512VL on the same
 * 256-bit vectors, with VPROLD and 32 vector registers (no spills). On
 * AVX-512 CPUs runs of 16 blocks go through a 512-bit form of the rounds
 * (chacha20_xor16_avx512).
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

/* Sixteen blocks a step on 512-bit vectors (AVX-512F): the same rounds
 * as the kernel above with 16 lanes; the 16x16 word transpose is the
 * 8x8 one's unpacks inside each 128-bit lane, then a 4x4 transpose of the
 * 128-bit lanes (VSHUFI32X4). */
#define QR16(x, a, b, c, d)                                                  \
    do {                                                                     \
        x[a] = _mm512_add_epi32(x[a], x[b]);                                 \
        x[d] = _mm512_rol_epi32(_mm512_xor_si512(x[d], x[a]), 16);           \
        x[c] = _mm512_add_epi32(x[c], x[d]);                                 \
        x[b] = _mm512_rol_epi32(_mm512_xor_si512(x[b], x[c]), 12);           \
        x[a] = _mm512_add_epi32(x[a], x[b]);                                 \
        x[d] = _mm512_rol_epi32(_mm512_xor_si512(x[d], x[a]), 8);            \
        x[c] = _mm512_add_epi32(x[c], x[d]);                                 \
        x[b] = _mm512_rol_epi32(_mm512_xor_si512(x[b], x[c]), 7);            \
    } while (0)

__attribute__((target("avx512f"))) static void chacha20_xor16_avx512(const uint32_t s[16],
                                                                     const uint8_t *in,
                                                                     uint8_t *out, size_t n)
{
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i in_state[16];
    uint32_t counter = s[12];
    unsigned i, m;

    for (i = 0; i < 16; i++) {
        in_state[i] = _mm512_set1_epi32((int)s[i]);
    }
    for (; n > 0; n--) {
        __m512i x[16], u[16];
        in_state[12] = _mm512_add_epi32(_mm512_set1_epi32((int)counter), lanes);
        for (i = 0; i < 16; i++) {
            x[i] = in_state[i];
        }
        for (i = 0; i < 10; i++) {
            QR16(x, 0, 4, 8, 12);
            QR16(x, 1, 5, 9, 13);
            QR16(x, 2, 6, 10, 14);
            QR16(x, 3, 7, 11, 15);
            QR16(x, 0, 5, 10, 15);
            QR16(x, 1, 6, 11, 12);
            QR16(x, 2, 7, 8, 13);
            QR16(x, 3, 4, 9, 14);
        }
        for (i = 0; i < 16; i++) {
            x[i] = _mm512_add_epi32(x[i], in_state[i]);
        }
        /* Per group g of four words: u[4g + m] holds words 4g..4g+3 of
         * blocks m, m+4, m+8, m+12 (one per 128-bit lane). */
        for (i = 0; i < 16; i += 4) {
            __m512i t0 = _mm512_unpacklo_epi32(x[i], x[i + 1]);
            __m512i t1 = _mm512_unpackhi_epi32(x[i], x[i + 1]);
            __m512i t2 = _mm512_unpacklo_epi32(x[i + 2], x[i + 3]);
            __m512i t3 = _mm512_unpackhi_epi32(x[i + 2], x[i + 3]);
            u[i] = _mm512_unpacklo_epi64(t0, t2);
            u[i + 1] = _mm512_unpackhi_epi64(t0, t2);
            u[i + 2] = _mm512_unpacklo_epi64(t1, t3);
            u[i + 3] = _mm512_unpackhi_epi64(t1, t3);
        }
        for (m = 0; m < 4; m++) {
            /* Lane l of u[m], u[4+m], u[8+m], u[12+m] is block m + 4l. */
            __m512i a = _mm512_shuffle_i32x4(u[m], u[4 + m], 0x44);
            __m512i b = _mm512_shuffle_i32x4(u[m], u[4 + m], 0xee);
            __m512i c = _mm512_shuffle_i32x4(u[8 + m], u[12 + m], 0x44);
            __m512i d = _mm512_shuffle_i32x4(u[8 + m], u[12 + m], 0xee);
            __m512i blk[4];
            unsigned l;
            blk[0] = _mm512_shuffle_i32x4(a, c, 0x88);
            blk[1] = _mm512_shuffle_i32x4(a, c, 0xdd);
            blk[2] = _mm512_shuffle_i32x4(b, d, 0x88);
            blk[3] = _mm512_shuffle_i32x4(b, d, 0xdd);
            for (l = 0; l < 4; l++) {
                const size_t at = 64u * (m + 4u * l);
                _mm512_storeu_si512((void *)(out + at),
                                    _mm512_xor_si512(blk[l], _mm512_loadu_si512((const void *)(in + at))));
            }
        }
        in += 1024;
        out += 1024;
        counter += 16u; /* no wrap inside: the caller checked the room */
    }
    pp_wipe(in_state, sizeof(in_state));
}

#undef QR16

void pp_chacha20_x86_xor8(int kernel, const uint32_t s[16], const uint8_t *in, uint8_t *out,
                          size_t n)
{
    if (kernel == 2) {
        /* Pairs of steps as one 16-block step on 512-bit vectors. */
        size_t pairs = n / 2u;
        if (pairs != 0) {
            uint32_t st[16];
            unsigned i;
            chacha20_xor16_avx512(s, in, out, pairs);
            for (i = 0; i < 16; i++) {
                st[i] = s[i];
            }
            st[12] += (uint32_t)(16u * pairs);
            in += 1024u * pairs;
            out += 1024u * pairs;
            if ((n & 1u) != 0) {
                chacha20_xor8_avx512vl(st, in, out, 1);
            }
            pp_wipe(st, sizeof(st));
        } else {
            chacha20_xor8_avx512vl(s, in, out, n);
        }
    } else {
        chacha20_xor8_avx2(s, in, out, n);
    }
}

#elif !PP_CHACHA20_NEON

void pp_chacha20_simd_restrict(int limit)
{
    (void)limit;
}

#endif /* PP_CHACHA20_X86 */
