/*
 * chacha20_x86.c -- ChaCha20 eight blocks at a time on x86-64 (RFC 8439
 * 2.3); see chacha20_simd.h for the contract. Two builds of one kernel
 * (chacha20_x86_kernel.h): AVX2, whose rotations by 16 and 8 are byte
 * shuffles and by 12 and 7 two shifts and an OR; and AVX-512VL on the same
 * 256-bit vectors, with VPROLD and 32 vector registers (no spills). On
 * AVX-512 CPUs runs of 16 blocks go through a 512-bit form of the rounds
 * (chacha20_xor16_avx512), and tails of up to four blocks through the
 * rows form (chacha20_rows4_avx512). A tail (pp_chacha20_x86_tail) is one
 * call into a stack buffer: the kernels once per call, not once for the
 * whole steps, again for an odd step and block by block for the rest.
 */
#include "chacha20/chacha20_simd.h"

#include "common/pp_cpu_x86.h"
#include "common/pp_util.h"

#if PP_CHACHA20_X86

#include <string.h>

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

size_t pp_chacha20_x86_step(int kernel)
{
    return kernel == 2 ? 1024u : 512u;
}

/* Up to four blocks in one 512-bit vector per row (RFC 8439 2.3's
 * 4 x 4 matrix; 128-bit lane j holds block s[12] + j): the diagonal
 * round rotates rows 1-3 by one, two and three words (VPSHUFD) and back.
 * Its latency is one block's, against a full eight-lane step for the
 * column kernels, so short tails and the AEAD's first two blocks take it.
 * The 4 x 4 transpose of 128-bit lanes leaves block j's 64 bytes whole. */
#define QR4(a, b, c, d)                                           \
    do {                                                          \
        a = _mm512_add_epi32(a, b);                               \
        d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 16);         \
        c = _mm512_add_epi32(c, d);                               \
        b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 12);         \
        a = _mm512_add_epi32(a, b);                               \
        d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 8);          \
        c = _mm512_add_epi32(c, d);                               \
        b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 7);          \
    } while (0)

__attribute__((target("avx512f"))) static void chacha20_rows4_avx512(const uint32_t s[16],
                                                                    uint8_t ks[256])
{
    const __m512i a0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)s));
    const __m512i b0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(s + 4)));
    const __m512i c0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(s + 8)));
    const __m512i d0 = _mm512_add_epi32(
        _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(s + 12))),
        _mm512_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0));
    __m512i a = a0, b = b0, c = c0, d = d0, t0, t1, t2, t3;
    unsigned i;

    for (i = 0; i < 10; i++) {
        QR4(a, b, c, d);
        b = _mm512_shuffle_epi32(b, (_MM_PERM_ENUM)0x39);
        c = _mm512_shuffle_epi32(c, (_MM_PERM_ENUM)0x4e);
        d = _mm512_shuffle_epi32(d, (_MM_PERM_ENUM)0x93);
        QR4(a, b, c, d);
        b = _mm512_shuffle_epi32(b, (_MM_PERM_ENUM)0x93);
        c = _mm512_shuffle_epi32(c, (_MM_PERM_ENUM)0x4e);
        d = _mm512_shuffle_epi32(d, (_MM_PERM_ENUM)0x39);
    }
    a = _mm512_add_epi32(a, a0);
    b = _mm512_add_epi32(b, b0);
    c = _mm512_add_epi32(c, c0);
    d = _mm512_add_epi32(d, d0);
    t0 = _mm512_shuffle_i32x4(a, b, 0x44); /* a0 a1 b0 b1 */
    t1 = _mm512_shuffle_i32x4(c, d, 0x44); /* c0 c1 d0 d1 */
    t2 = _mm512_shuffle_i32x4(a, b, 0xee); /* a2 a3 b2 b3 */
    t3 = _mm512_shuffle_i32x4(c, d, 0xee); /* c2 c3 d2 d3 */
    _mm512_storeu_si512((void *)ks, _mm512_shuffle_i32x4(t0, t1, 0x88));
    _mm512_storeu_si512((void *)(ks + 64), _mm512_shuffle_i32x4(t0, t1, 0xdd));
    _mm512_storeu_si512((void *)(ks + 128), _mm512_shuffle_i32x4(t2, t3, 0x88));
    _mm512_storeu_si512((void *)(ks + 192), _mm512_shuffle_i32x4(t2, t3, 0xdd));
}

#undef QR4

/* out = in ^ buf over len bytes, 64 (kernel 2) or 32 bytes a step. */
__attribute__((target("avx512f"))) static void xor_avx512(const uint8_t *in, const uint8_t *buf,
                                                          uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; len - i >= 64u; i += 64u) {
        _mm512_storeu_si512((void *)(out + i),
                            _mm512_xor_si512(_mm512_loadu_si512((const void *)(in + i)),
                                             _mm512_loadu_si512((const void *)(buf + i))));
    }
    for (; i < len; i++) {
        out[i] = (uint8_t)(in[i] ^ buf[i]);
    }
}

__attribute__((target("avx2"))) static void xor_avx2(const uint8_t *in, const uint8_t *buf,
                                                     uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; len - i >= 32u; i += 32u) {
        _mm256_storeu_si256((__m256i *)(void *)(out + i),
                            _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(in + i)),
                                             _mm256_loadu_si256((const __m256i *)(const void *)(buf + i))));
    }
    for (; i < len; i++) {
        out[i] = (uint8_t)(in[i] ^ buf[i]);
    }
}

/* One kernel call for the whole tail: the keystream of up to 4 blocks
 * (kernel 2, rows form), 8 or 16 blocks into buf, XORed into the len
 * bytes; the portable forms took up to seven serial blocks. The lanes
 * past the tail (their counters may wrap past 2^32 - 1) are computed,
 * never used, and wiped with buf. */
void pp_chacha20_x86_tail(int kernel, const uint32_t s[16], const uint8_t *in, uint8_t *out,
                          size_t len, uint8_t ks[64])
{
    static const uint8_t zero[1024];
    uint8_t buf[1024];
    size_t used = 512u, last = (len - 1u) & ~(size_t)63;

    if (kernel == 2 && len <= 256u) {
        chacha20_rows4_avx512(s, buf);
        used = 256u;
    } else if (kernel == 2 && len > 512u) {
        chacha20_xor16_avx512(s, zero, buf, 1);
        used = 1024u;
    } else if (kernel == 2) {
        chacha20_xor8_avx512vl(s, zero, buf, 1);
    } else {
        chacha20_xor8_avx2(s, zero, buf, 1);
    }
    if (kernel == 2) {
        xor_avx512(in, buf, out, len);
    } else {
        xor_avx2(in, buf, out, len);
    }
    if ((len & 63u) != 0) {
        memcpy(ks, buf + last, 64);
    }
    pp_wipe(buf, used);
}

#elif !PP_CHACHA20_NEON

void pp_chacha20_simd_restrict(int limit)
{
    (void)limit;
}

#endif /* PP_CHACHA20_X86 */
