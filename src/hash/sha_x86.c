/*
 * sha_x86.c -- SHA-1 and SHA-256 compression with the x86 SHA extensions
 * (see sha_backend.h). Compiled for the baseline ISA: only these functions
 * carry the target attribute, and they run only when CPUID says so.
 *
 * SHA-256 (FIPS 180-4 6.2.2): SHA256RNDS2 does two rounds on the state
 * split as ABEF / CDGH; four rounds per 128-bit group of W + K. The
 * schedule (step 1) for group g >= 4 is
 *   W[g] = SHA256MSG2(SHA256MSG1(W[g-4], W[g-3]) + (W[g-1]:W[g-2] >> 32), W[g-1]).
 * SHA-1 (6.1.2): SHA1RNDS4 does four rounds (its immediate selects f and K
 * of the 20-round stage), SHA1NEXTE derives E of the next four; the
 * schedule is W[g] = SHA1MSG2(SHA1MSG1(W[g-4], W[g-3]) ^ W[g-2], W[g-1]).
 */
#include "hash/sha_backend.h"

#if PP_SHA_HW_X86

#include <immintrin.h>

#include "common/pp_cpu_x86.h"

#define PP_SHA_TARGET __attribute__((target("sha,ssse3,sse4.1")))

/* SHA-1 and SHA-256 need SHA-NI with SSSE3 (PSHUFB) and SSE4.1; the
 * SHA-512 path is the BMI2 build of the portable rounds (RORX). */
static unsigned detect(void)
{
    unsigned cpu = pp_x86_features(), features = 0;
    if ((cpu & (PP_X86_SHA | PP_X86_SSSE3 | PP_X86_SSE41)) == (PP_X86_SHA | PP_X86_SSSE3 | PP_X86_SSE41)) {
        features |= PP_SHA_HW_SHA1 | PP_SHA_HW_SHA256;
    }
    if ((cpu & PP_X86_BMI2) != 0) {
        features |= PP_SHA_HW_SHA512;
    }
    return features;
}

/* 0: not read yet; else the feature mask | 0x100. */
static unsigned hw_cache;
static unsigned hw_allowed = ~0u;

unsigned pp_sha_hw_features(void)
{
    /* pp_x86_features reads CPUID once per process; this caches the mask. */
    unsigned c = __atomic_load_n(&hw_cache, __ATOMIC_RELAXED);
    if (c == 0) {
        c = detect() | 0x100u;
        __atomic_store_n(&hw_cache, c, __ATOMIC_RELAXED);
    }
    return c & __atomic_load_n(&hw_allowed, __ATOMIC_RELAXED) & 0xffu;
}

void pp_sha_hw_restrict(unsigned mask)
{
    __atomic_store_n(&hw_allowed, mask, __ATOMIC_RELAXED);
}

const char *pp_sha_hw_name(unsigned mask)
{
    if ((pp_sha_hw_features() & mask) == 0u) {
        return "portable C";
    }
    return mask == PP_SHA_HW_SHA512 ? "portable C, BMI2 build" : "x86-64 SHA-NI";
}

#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
static const uint32_t k256[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* Four rounds on group g with message words m (already W + nothing). */
#define R256(g, m)                                                                    \
    do {                                                                              \
        __m128i wk = _mm_add_epi32((m), _mm_load_si128((const __m128i *)(k256 + 4 * (g)))); \
        s1 = _mm_sha256rnds2_epu32(s1, s0, wk);                                       \
        s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(wk, 0x0e));              \
    } while (0)
/* Schedule group g into m0 (= W[g-4] on entry), then its four rounds. */
#define S256(g, m0, m1, m2, m3)                                                       \
    do {                                                                              \
        m0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(m0, m1),         \
                                                _mm_alignr_epi8(m3, m2, 4)), m3);     \
        R256(g, m0);                                                                  \
    } while (0)

PP_SHA_TARGET
void pp_sha256_compress_hw(uint32_t state[8], const uint8_t *data, size_t blocks)
{
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
    __m128i s0, s1, t, save0, save1, m0, m1, m2, m3;

    /* state DCBA / HGFE -> ABEF / CDGH, the instructions' layout. */
    t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)state), 0xb1);
    s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)(state + 4)), 0x1b);
    s0 = _mm_alignr_epi8(t, s1, 8);
    s1 = _mm_blend_epi16(s1, t, 0xf0);

    while (blocks-- > 0) {
        save0 = s0;
        save1 = s1;
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)data), bswap);
        R256(0, m0);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 16)), bswap);
        R256(1, m1);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 32)), bswap);
        R256(2, m2);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 48)), bswap);
        R256(3, m3);
        S256(4, m0, m1, m2, m3);
        S256(5, m1, m2, m3, m0);
        S256(6, m2, m3, m0, m1);
        S256(7, m3, m0, m1, m2);
        S256(8, m0, m1, m2, m3);
        S256(9, m1, m2, m3, m0);
        S256(10, m2, m3, m0, m1);
        S256(11, m3, m0, m1, m2);
        S256(12, m0, m1, m2, m3);
        S256(13, m1, m2, m3, m0);
        S256(14, m2, m3, m0, m1);
        S256(15, m3, m0, m1, m2);
        s0 = _mm_add_epi32(s0, save0);
        s1 = _mm_add_epi32(s1, save1);
        data += 64;
    }

    /* ABEF / CDGH -> DCBA / HGFE. */
    t = _mm_shuffle_epi32(s0, 0x1b);
    s1 = _mm_shuffle_epi32(s1, 0xb1);
    s0 = _mm_blend_epi16(t, s1, 0xf0);
    s1 = _mm_alignr_epi8(s1, t, 8);
    _mm_storeu_si128((__m128i *)(void *)state, s0);
    _mm_storeu_si128((__m128i *)(void *)(state + 4), s1);
}
#endif

#if PSA_WANT_ALG_SHA_1
/* Group g (four rounds) with message m: E of these rounds is in ecur (as
 * E + W by SHA1NEXTE, or the first E + W), the next E is saved in enext. */
#define R1(g, m, ecur, enext, first)                                                  \
    do {                                                                              \
        ecur = (first) ? _mm_add_epi32(ecur, m) : _mm_sha1nexte_epu32(ecur, m);       \
        enext = abcd;                                                                 \
        abcd = _mm_sha1rnds4_epu32(abcd, ecur, (g) / 5);                              \
    } while (0)
#define S1(m0, m1, m2, m3) (m0 = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(m0, m1), m2), m3))

PP_SHA_TARGET
void pp_sha1_compress_hw(uint32_t state[5], const uint8_t *data, size_t blocks)
{
    const __m128i bswap = _mm_set_epi64x(0x0001020304050607ll, 0x08090a0b0c0d0e0fll);
    __m128i abcd, e0, e1, save_abcd, save_e, m0, m1, m2, m3;

    abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)state), 0x1b);
    e0 = _mm_set_epi32((int)state[4], 0, 0, 0);

    while (blocks-- > 0) {
        save_abcd = abcd;
        save_e = e0;
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)data), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 48)), bswap);
        R1(0, m0, e0, e1, 1);
        R1(1, m1, e1, e0, 0);
        R1(2, m2, e0, e1, 0);
        R1(3, m3, e1, e0, 0);
        S1(m0, m1, m2, m3); R1(4, m0, e0, e1, 0);
        S1(m1, m2, m3, m0); R1(5, m1, e1, e0, 0);
        S1(m2, m3, m0, m1); R1(6, m2, e0, e1, 0);
        S1(m3, m0, m1, m2); R1(7, m3, e1, e0, 0);
        S1(m0, m1, m2, m3); R1(8, m0, e0, e1, 0);
        S1(m1, m2, m3, m0); R1(9, m1, e1, e0, 0);
        S1(m2, m3, m0, m1); R1(10, m2, e0, e1, 0);
        S1(m3, m0, m1, m2); R1(11, m3, e1, e0, 0);
        S1(m0, m1, m2, m3); R1(12, m0, e0, e1, 0);
        S1(m1, m2, m3, m0); R1(13, m1, e1, e0, 0);
        S1(m2, m3, m0, m1); R1(14, m2, e0, e1, 0);
        S1(m3, m0, m1, m2); R1(15, m3, e1, e0, 0);
        S1(m0, m1, m2, m3); R1(16, m0, e0, e1, 0);
        S1(m1, m2, m3, m0); R1(17, m1, e1, e0, 0);
        S1(m2, m3, m0, m1); R1(18, m2, e0, e1, 0);
        S1(m3, m0, m1, m2); R1(19, m3, e1, e0, 0);
        /* E of the next block: rotl30(A of round 76) + the saved E. */
        e0 = _mm_sha1nexte_epu32(e0, save_e);
        abcd = _mm_add_epi32(abcd, save_abcd);
        data += 64;
    }
    _mm_storeu_si128((__m128i *)(void *)state, _mm_shuffle_epi32(abcd, 0x1b));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}
#endif

#else
typedef int pp_sha_x86_disabled;
#endif
