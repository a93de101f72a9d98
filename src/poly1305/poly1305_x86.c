/*
 * poly1305_x86.c -- Poly1305 four blocks at a time with AVX2 (RFC 8439
 * 2.5); see poly1305_simd.h for the contract.
 *
 * Eight Horner chains in two vectors a and b: lane j of a holds one
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

/* d = h * (r, with s = 5 r) per lane, then the carries back to limbs of
 * about 26 bits. */
PP_AVX2 static inline void mul_r26(__m256i h[5], const __m256i r[5], const __m256i s[5])
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i d0, d1, d2, d3, d4, c, c2;
    d0 = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[0]), _mm256_mul_epu32(h[1], s[4])),
                          _mm256_add_epi64(_mm256_mul_epu32(h[2], s[3]),
                                           _mm256_add_epi64(_mm256_mul_epu32(h[3], s[2]),
                                                            _mm256_mul_epu32(h[4], s[1]))));
    d1 = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[1]), _mm256_mul_epu32(h[1], r[0])),
                          _mm256_add_epi64(_mm256_mul_epu32(h[2], s[4]),
                                           _mm256_add_epi64(_mm256_mul_epu32(h[3], s[3]),
                                                            _mm256_mul_epu32(h[4], s[2]))));
    d2 = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[2]), _mm256_mul_epu32(h[1], r[1])),
                          _mm256_add_epi64(_mm256_mul_epu32(h[2], r[0]),
                                           _mm256_add_epi64(_mm256_mul_epu32(h[3], s[4]),
                                                            _mm256_mul_epu32(h[4], s[3]))));
    d3 = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[3]), _mm256_mul_epu32(h[1], r[2])),
                          _mm256_add_epi64(_mm256_mul_epu32(h[2], r[1]),
                                           _mm256_add_epi64(_mm256_mul_epu32(h[3], r[0]),
                                                            _mm256_mul_epu32(h[4], s[4]))));
    d4 = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[4]), _mm256_mul_epu32(h[1], r[3])),
                          _mm256_add_epi64(_mm256_mul_epu32(h[2], r[2]),
                                           _mm256_add_epi64(_mm256_mul_epu32(h[3], r[1]),
                                                            _mm256_mul_epu32(h[4], r[0]))));
    /* Two carry chains at once (0 -> 1 -> 2 -> 3 and 3 -> 4 -> 0 -> 1),
     * so the latency is four carries, not six; every limb ends below
     * 2^26 but h1 and h4, which may reach 2^26 + 2^7. */
    c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, mask); d1 = _mm256_add_epi64(d1, c);
    c2 = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, mask); d4 = _mm256_add_epi64(d4, c2);
    c = _mm256_srli_epi64(d1, 26); d1 = _mm256_and_si256(d1, mask); d2 = _mm256_add_epi64(d2, c);
    c2 = _mm256_srli_epi64(d4, 26); d4 = _mm256_and_si256(d4, mask);
    d0 = _mm256_add_epi64(d0, _mm256_add_epi64(c2, _mm256_slli_epi64(c2, 2))); /* 2^130 = 5 */
    c = _mm256_srli_epi64(d2, 26); d2 = _mm256_and_si256(d2, mask); d3 = _mm256_add_epi64(d3, c);
    c2 = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, mask); d1 = _mm256_add_epi64(d1, c2);
    c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, mask); d4 = _mm256_add_epi64(d4, c);
    h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;
}

/* Four blocks at m: lane j = block j, five 26-bit limbs, the 2^128 bit in
 * limb 4 (2^24). */
PP_AVX2 static inline void load_blocks(__m256i t[5], const uint8_t *m)
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)m);        /* lo0 hi0 lo1 hi1 */
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(m + 32)); /* lo2 hi2 lo3 hi3 */
    /* unpack gives (0, 2, 1, 3); the permutation puts blocks in order. */
    __m256i lo = _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(a, b), 0xd8);
    __m256i hi = _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(a, b), 0xd8);
    t[0] = _mm256_and_si256(lo, mask);
    t[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
    t[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
    t[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
    t[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), _mm256_set1_epi64x(1 << 24));
}

/* Broadcast, or lane by lane, the limbs of r-powers and their 5x. */
PP_AVX2 static void powers(__m256i r[5], __m256i s[5], const uint64_t p0[5], const uint64_t p1[5],
                           const uint64_t p2[5], const uint64_t p3[5])
{
    unsigned k;
    for (k = 0; k < 5; k++) {
        r[k] = _mm256_set_epi64x((long long)p3[k], (long long)p2[k], (long long)p1[k],
                                 (long long)p0[k]);
        s[k] = _mm256_add_epi64(r[k], _mm256_slli_epi64(r[k], 2));
    }
}

PP_AVX2 void pp_poly1305_x86_blocks(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t n)
{
    uint64_t p44[8][3], p26[8][5], ht[5], sum[5];
    __m256i a[5], b[5], ma[5], mb[5], R[5], S[5];
    unsigned k, j;

    if (n == 0) {
        return;
    }
    /* r^1 .. r^8 (p44[j] = r^(j+1)), in radix 2^26 too. */
    for (k = 0; k < 3; k++) {
        p44[0][k] = r[k];
    }
    for (j = 1; j < 8; j++) {
        for (k = 0; k < 3; k++) {
            p44[j][k] = p44[j - 1][k];
        }
        pp_poly1305_mul44(p44[j], r);
    }
    for (j = 0; j < 8; j++) {
        to_r26(p26[j], p44[j]);
    }
    to_r26(ht, h);

    /* Chain 0 of a starts from h, the other seven from 0. */
    for (k = 0; k < 5; k++) {
        a[k] = _mm256_set_epi64x(0, 0, 0, (long long)ht[k]);
        b[k] = _mm256_setzero_si256();
    }
    powers(R, S, p26[7], p26[7], p26[7], p26[7]);
    for (; n > 1; n--) {
        load_blocks(ma, m);
        load_blocks(mb, m + 64);
        for (k = 0; k < 5; k++) {
            a[k] = _mm256_add_epi64(a[k], ma[k]);
            b[k] = _mm256_add_epi64(b[k], mb[k]);
        }
        mul_r26(a, R, S);
        mul_r26(b, R, S);
        m += 128;
    }
    load_blocks(ma, m);
    load_blocks(mb, m + 64);
    for (k = 0; k < 5; k++) {
        a[k] = _mm256_add_epi64(a[k], ma[k]);
        b[k] = _mm256_add_epi64(b[k], mb[k]);
    }
    /* Lane j of a holds blocks 8k + j: r^(8 - j); of b, 8k + 4 + j: r^(4 - j). */
    powers(R, S, p26[7], p26[6], p26[5], p26[4]);
    mul_r26(a, R, S);
    powers(R, S, p26[3], p26[2], p26[1], p26[0]);
    mul_r26(b, R, S);

    /* Sum the eight chains, carry below 2^26, back to radix 2^44. */
    for (k = 0; k < 5; k++) {
        __m256i t = _mm256_add_epi64(a[k], b[k]);
        __m128i x = _mm_add_epi64(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
        sum[k] = (uint64_t)_mm_cvtsi128_si64(x) + (uint64_t)_mm_extract_epi64(x, 1);
    }
    for (k = 0; k < 4; k++) {
        sum[k + 1] += sum[k] >> 26;
        sum[k] &= M26;
    }
    sum[0] += (sum[4] >> 26) * 5;
    sum[4] &= M26;
    sum[1] += sum[0] >> 26;
    sum[0] &= M26;
    from_r26(h, sum);

    pp_wipe(p44, sizeof(p44));
    pp_wipe(p26, sizeof(p26));
    pp_wipe(ht, sizeof(ht));
    pp_wipe(sum, sizeof(sum));
    pp_wipe(a, sizeof(a));
    pp_wipe(b, sizeof(b));
    pp_wipe(ma, sizeof(ma));
    pp_wipe(mb, sizeof(mb));
    pp_wipe(R, sizeof(R));
    pp_wipe(S, sizeof(S));
}

#else

void pp_poly1305_simd_restrict(int allow)
{
    (void)allow;
}

#endif /* PP_POLY1305_X86 */
