/*
 * fw_fe25519_v6m.c -- the ARMv6-M field product and squaring (src/ed25519/
 * fe25519_mul_v6m.c) against a C reference of the portable radix-2^32
 * algorithm (schoolbook 256 x 256 with the compiler's 64-bit arithmetic,
 * i.e. libgcc's __aeabi_lmul, then the same fold h = lo + 38 hi): the
 * result words must be identical, on carry edge cases (all-ones limbs,
 * 2^255 - 19 + small, single high words) and 500 pseudo-random pairs, and
 * with h aliasing f; the squaring (same words as f * f) on the same inputs.
 * Cortex-M0+ builds only; the RFC 8032 vectors
 * (fw_ed25519.c) test it through the signature code.
 */
#include <picopsa/config.h>

#include "fw_tests.h"

#if defined(__ARM_ARCH_6M__) && defined(__GNUC__) && PSA_WANT_ECC_TWISTED_EDWARDS_255

#include <string.h>

void pp_fe25519_mul_v6m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
void pp_fe25519_sq_v6m(uint32_t h[8], const uint32_t f[8]);

static void fw_ref_mul(uint32_t h[8], const uint32_t f[8], const uint32_t g[8])
{
    uint32_t r[16] = {0};
    for (unsigned i = 0; i < 8u; i++) {
        uint64_t c = 0;
        for (unsigned k = 0; k < 8u; k++) {
            c += (uint64_t)f[i] * g[k] + r[i + k];
            r[i + k] = (uint32_t)c;
            c >>= 32;
        }
        r[i + 8] = (uint32_t)c;
    }
    uint64_t c = 0;
    for (unsigned i = 0; i < 8u; i++) {
        c += (uint64_t)r[8 + i] * 38u + r[i];
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    c *= 38u;
    for (unsigned i = 0; i < 8u; i++) {
        c += r[i];
        h[i] = (uint32_t)c;
        c >>= 32;
    }
    h[0] += 38u * (uint32_t)c;
}

static unsigned fw_v6m_case(const uint32_t f[8], const uint32_t g[8])
{
    uint32_t want[8], got[8], alias[8], sq_want[8], sq_got[8];
    fw_ref_mul(want, f, g);
    pp_fe25519_mul_v6m(got, f, g);
    memcpy(alias, f, sizeof(alias));
    pp_fe25519_mul_v6m(alias, alias, g);
    /* The squaring gives the same words as the product f * f. */
    fw_ref_mul(sq_want, f, f);
    memcpy(sq_got, f, sizeof(sq_got));
    pp_fe25519_sq_v6m(sq_got, sq_got);
    return (unsigned)(memcmp(want, got, sizeof(want)) != 0) +
           (unsigned)(memcmp(want, alias, sizeof(want)) != 0) +
           (unsigned)(memcmp(sq_want, sq_got, sizeof(sq_want)) != 0);
}

FW_TEST(fw_45_fe25519_mul_v6m)
{
    static const uint32_t edge[][8] = {
        {0, 0, 0, 0, 0, 0, 0, 0},
        {1, 0, 0, 0, 0, 0, 0, 0},
        {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
         0xFFFFFFFFu, 0xFFFFFFFFu},
        {0xFFFFFFEDu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
         0xFFFFFFFFu, 0x7FFFFFFFu}, /* p */
        {0xFFFFFFF0u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
         0xFFFFFFFFu, 0x7FFFFFFFu}, /* p + 3 */
        {0, 0, 0, 0, 0, 0, 0, 0x80000000u},
        {0xFFFF0000u, 0x0000FFFFu, 0xFFFF0000u, 0x0000FFFFu, 0xFFFF0000u, 0x0000FFFFu,
         0xFFFF0000u, 0x0000FFFFu},
        {0x8000FFFFu, 0x7FFF0000u, 0x8000FFFFu, 0x7FFF0000u, 0x8000FFFFu, 0x7FFF0000u,
         0x8000FFFFu, 0x7FFF0000u},
    };
    const unsigned n = (unsigned)(sizeof(edge) / sizeof(edge[0]));
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        for (unsigned j = 0; j < n; j++) {
            bad += fw_v6m_case(edge[i], edge[j]);
        }
    }
    fw_check_int((long)bad, 0, "fe25519 mul/sq v6m: edge operands");
    uint32_t x = 0x2545F491u;
    bad = 0;
    for (unsigned t = 0; t < 500u; t++) {
        uint32_t f[8], g[8];
        for (unsigned w = 0; w < 16u; w++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            if (w < 8u) {
                f[w] = x;
            } else {
                g[w - 8u] = x;
            }
        }
        bad += fw_v6m_case(f, g);
    }
    fw_check_int((long)bad, 0, "fe25519 mul/sq v6m: 500 pseudo-random pairs");
}

#endif
