/*
 * fw_fe25519_muls.c -- the ARMv6-M multiply-accumulate step of the field
 * product (src/ed25519/fe25519_muls.h) against the compiler's 64-bit
 * arithmetic (libgcc's __aeabi_lmul: an independent implementation), on the
 * carry edge cases and a pseudo-random sequence. Cortex-M0+ builds only.
 */
#include "fw_tests.h"

#if defined(__ARM_ARCH_6M__) && defined(__GNUC__)

#include "ed25519/fe25519_muls.h"

static int fw_umaal_case(uint32_t lo, uint32_t hi, uint32_t a, uint32_t b)
{
    const uint64_t want = (uint64_t)a * b + lo + hi;
    uint32_t l = lo, h = hi;
    pp_fe25519_umaal_muls(&l, &h, a, b);
    return l == (uint32_t)want && h == (uint32_t)(want >> 32);
}

FW_TEST(fw_45_fe25519_umaal_muls)
{
    static const uint32_t edge[] = {0u, 1u, 0xFFFFu, 0x10000u, 0x8000FFFFu, 0xFFFF0000u,
                                    0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    const unsigned n = (unsigned)(sizeof(edge) / sizeof(edge[0]));
    unsigned bad = 0;
    /* Every combination of edge operands and addends: the mid-product carry,
     * both addend carries and the 2^64 - 1 maximum. */
    for (unsigned i = 0; i < n; i++) {
        for (unsigned j = 0; j < n; j++) {
            for (unsigned k = 0; k < n; k += 3u) {
                bad += !fw_umaal_case(edge[k], edge[n - 1u - k], edge[i], edge[j]);
            }
        }
    }
    fw_check_int((long)bad, 0, "umaal_muls: edge operands");
    uint32_t x = 0x2545F491u;
    bad = 0;
    for (unsigned i = 0; i < 2000u; i++) {
        uint32_t v[4];
        for (unsigned w = 0; w < 4u; w++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            v[w] = x;
        }
        bad += !fw_umaal_case(v[0], v[1], v[2], v[3]);
    }
    fw_check_int((long)bad, 0, "umaal_muls: 2000 pseudo-random cases");
}

#endif
