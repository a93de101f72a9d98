/*
 * poly1305_x86_kernel.h -- the body of the eight-block Poly1305 absorption
 * (see poly1305_x86.c), included by poly1305_x86.c once per instruction set
 * with KERNEL_TARGET (its target attribute) and KERNEL(name) (the name of
 * each function in that build). Not a header of its own: no guard,
 * nothing else includes it. With AVX-512VL the same code has 32 vector
 * registers: 16 KiB about 15% faster here, the accumulators and powers no
 * longer spilled.
 */

/* d = h * (r, with s = 5 r) per lane, then the carries back to limbs of
 * about 26 bits. */
KERNEL_TARGET static inline void KERNEL(mul_r26)(__m256i h[5], const __m256i r[5],
                                                const __m256i s[5])
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
KERNEL_TARGET static inline void KERNEL(load_blocks)(__m256i t[5], const uint8_t *m)
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
KERNEL_TARGET static inline void KERNEL(powers)(__m256i r[5], __m256i s[5], const uint64_t p0[5],
                                               const uint64_t p1[5], const uint64_t p2[5],
                                               const uint64_t p3[5])
{
    unsigned k;
    for (k = 0; k < 5; k++) {
        r[k] = _mm256_set_epi64x((long long)p3[k], (long long)p2[k], (long long)p1[k],
                                 (long long)p0[k]);
        s[k] = _mm256_add_epi64(r[k], _mm256_slli_epi64(r[k], 2));
    }
}

KERNEL_TARGET static void KERNEL(blocks)(uint64_t h[3], const uint64_t r[3], const uint8_t *m,
                                         size_t n)
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
    KERNEL(powers)(R, S, p26[7], p26[7], p26[7], p26[7]);
    for (; n > 1; n--) {
        KERNEL(load_blocks)(ma, m);
        KERNEL(load_blocks)(mb, m + 64);
        for (k = 0; k < 5; k++) {
            a[k] = _mm256_add_epi64(a[k], ma[k]);
            b[k] = _mm256_add_epi64(b[k], mb[k]);
        }
        KERNEL(mul_r26)(a, R, S);
        KERNEL(mul_r26)(b, R, S);
        m += 128;
    }
    KERNEL(load_blocks)(ma, m);
    KERNEL(load_blocks)(mb, m + 64);
    for (k = 0; k < 5; k++) {
        a[k] = _mm256_add_epi64(a[k], ma[k]);
        b[k] = _mm256_add_epi64(b[k], mb[k]);
    }
    /* Lane j of a holds blocks 8k + j: r^(8 - j); of b, 8k + 4 + j: r^(4 - j). */
    KERNEL(powers)(R, S, p26[7], p26[6], p26[5], p26[4]);
    KERNEL(mul_r26)(a, R, S);
    KERNEL(powers)(R, S, p26[3], p26[2], p26[1], p26[0]);
    KERNEL(mul_r26)(b, R, S);

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

