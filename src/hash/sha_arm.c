/*
 * sha_arm.c -- SHA-1 and SHA-256 compression with the ARMv8 Cryptography
 * Extensions (see sha_backend.h), AArch64 Linux. Compiled for the baseline
 * ISA: only these functions carry the target attribute, and they run only
 * when the kernel reports the feature (getauxval(AT_HWCAP): HWCAP_SHA1,
 * HWCAP_SHA2).
 *
 * SHA-256 (FIPS 180-4 6.2.2): SHA256H / SHA256H2 do four rounds on ABCD /
 * EFGH with W + K of a group; SHA256SU0/SU1 extend the schedule:
 *   W[g + 4] = SU1(SU0(W[g], W[g+1]), W[g+2], W[g+3]).
 * SHA-1 (6.1.2): SHA1C / SHA1P / SHA1M do four rounds (Ch, Parity, Maj),
 * SHA1H gives the next E (A rotated by 30); SU0/SU1 extend the schedule.
 * The group index is public: it selects only constants and instructions.
 */
#include "hash/sha_backend.h"

#if PP_SHA_HW_ARM

#include <arm_neon.h>
#include <sys/auxv.h>

#if defined(__clang__)
#define PP_SHA_TARGET __attribute__((target("crypto")))
#else
#define PP_SHA_TARGET __attribute__((target("+crypto")))
#endif

/* Linux arch/arm64 uapi hwcap.h. */
#define PP_HWCAP_SHA1 (1ul << 5)
#define PP_HWCAP_SHA2 (1ul << 6)

static unsigned detect(void)
{
    unsigned long hwcap = getauxval(AT_HWCAP);
    unsigned features = 0;
    if ((hwcap & PP_HWCAP_SHA1) != 0) {
        features |= PP_SHA_HW_SHA1;
    }
    if ((hwcap & PP_HWCAP_SHA2) != 0) {
        features |= PP_SHA_HW_SHA256;
    }
    return features;
}

/* 0: not read yet; else the feature mask | 0x100. */
static unsigned hw_cache;
static unsigned hw_allowed = ~0u;

unsigned pp_sha_hw_features(void)
{
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
    return (pp_sha_hw_features() & mask) != 0u ? "ARMv8 CE" : "portable C";
}

static uint32x4_t load_be(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
static const uint32_t k256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

PP_SHA_TARGET
void pp_sha256_compress_hw(uint32_t state[8], const uint8_t *data, size_t blocks)
{
    uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);
    uint32x4_t m[4];
    size_t g;

    while (blocks-- > 0) {
        const uint32x4_t save0 = abcd, save1 = efgh;
        for (g = 0; g < 4; g++) {
            m[g] = load_be(data + 16 * g);
        }
        for (g = 0; g < 16; g++) {
            const uint32x4_t wk = vaddq_u32(m[g & 3], vld1q_u32(k256 + 4 * g));
            const uint32x4_t prev = abcd;
            if (g < 12) {
                m[g & 3] = vsha256su1q_u32(vsha256su0q_u32(m[g & 3], m[(g + 1) & 3]),
                                           m[(g + 2) & 3], m[(g + 3) & 3]);
            }
            abcd = vsha256hq_u32(abcd, efgh, wk);
            efgh = vsha256h2q_u32(efgh, prev, wk);
        }
        abcd = vaddq_u32(abcd, save0);
        efgh = vaddq_u32(efgh, save1);
        data += 64;
    }
    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}
#endif

#if PSA_WANT_ALG_SHA_1
PP_SHA_TARGET
void pp_sha1_compress_hw(uint32_t state[5], const uint8_t *data, size_t blocks)
{
    /* FIPS 180-4 4.2.1 */
    static const uint32_t k1[4] = { 0x5a827999u, 0x6ed9eba1u, 0x8f1bbcdcu, 0xca62c1d6u };
    uint32x4_t abcd = vld1q_u32(state);
    uint32_t e = state[4];
    uint32x4_t m[4];
    size_t g;

    while (blocks-- > 0) {
        const uint32x4_t save_abcd = abcd;
        const uint32_t save_e = e;
        for (g = 0; g < 4; g++) {
            m[g] = load_be(data + 16 * g);
        }
        for (g = 0; g < 20; g++) {
            const uint32x4_t wk = vaddq_u32(m[g & 3], vdupq_n_u32(k1[g / 5]));
            const uint32_t e_next = vsha1h_u32(vgetq_lane_u32(abcd, 0));
            if (g < 16) {
                m[g & 3] = vsha1su1q_u32(vsha1su0q_u32(m[g & 3], m[(g + 1) & 3], m[(g + 2) & 3]),
                                         m[(g + 3) & 3]);
            }
            if (g < 5) {
                abcd = vsha1cq_u32(abcd, e, wk);
            } else if (g < 10 || g >= 15) {
                abcd = vsha1pq_u32(abcd, e, wk);
            } else {
                abcd = vsha1mq_u32(abcd, e, wk);
            }
            e = e_next;
        }
        abcd = vaddq_u32(abcd, save_abcd);
        e += save_e;
        data += 64;
    }
    vst1q_u32(state, abcd);
    state[4] = e;
}
#endif

#else
typedef int pp_sha_arm_disabled;
#endif
