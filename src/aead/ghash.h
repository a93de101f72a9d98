/*
 * ghash.h -- GHASH, the universal hash of GCM (NIST SP 800-38D 6.3, 6.4):
 * Y_i = (Y_{i-1} xor X_i) * H in GF(2^128) with the polynomial
 * x^128 + x^7 + x^2 + x + 1 and GCM's bit order (bit 0 of byte 0 is the
 * coefficient of x^0).
 *
 * Representation: an element is the 128-bit big-endian integer of its 16
 * bytes, kept as two words, [0] = bytes 0..7 and [1] = bytes 8..15 (both
 * big-endian). The carry-less product of two such integers is the bit
 * reversal of the polynomial product, one bit short, so both backends
 * multiply, shift the 256-bit product left by one and reduce with right
 * shifts ("reflected" reduction, Gueron-Kounavis, Intel white paper
 * "Carry-Less Multiplication and Its Usage for Computing the GCM Mode").
 *
 * Contract:
 *  - Internal to picopsa (src/aead/gcm.c is the only caller).
 *  - Secret: H (the hash key, E_K(0^128)), its powers, Y and the data.
 *    Block counts are public.
 *  - Constant time: no branch and no memory index depends on H, Y or the
 *    data in either backend.
 *    Two portable backends, both always compiled (tests cross-check them
 *    in one process; an MCU image links only the one
 *    PICOPSA_GHASH_BACKEND routes to, --gc-sections drops the other):
 *    ghash_ct64.c (PICOPSA_GHASH_CT64, the default on 64-bit hosts and
 *    RV32M):
 *    32x32 -> 64 carry-less products from ordinary integer
 *    multiplications of operands whose set bits are four apart ("holes":
 *    a column of at most eight partial products cannot carry into the
 *    next bit of its class), Karatsuba up to 128x128. It is constant
 *    time where the 32x32 -> 64 multiplier is (x86-64, AArch64,
 *    Cortex-M4/M7 UMULL, RV32M MUL/MULHU); Cortex-M3's UMULL ends early
 *    on small operands and is not.
 *    ghash_ct32.c (PICOPSA_GHASH_CT32, the default on the other 32-bit
 *    targets: Cortex-M0/M0+/M3/M33, RV32 without M): the same holes with 32x32 -> 32 multiplications only: the
 *    high half of each 32x32 product from the bit-reversed operands
 *    where RBIT exists (Thumb-2; BearSSL's ctmul32 method, 288 MUL per
 *    block), else 16x16 Karatsuba leaves (243 MUL). It assumes only that
 *    the 32-bit-result MUL is data independent, which holds on
 *    Cortex-M0+, Cortex-M3 (MUL is single cycle; only the long
 *    multiplies terminate early), M4/M7/M33 and RV32M: on the M3 it is
 *    the constant-time choice, and on the M0+ (MULS only) the fastest.
 *    ghash_armv7em.c (PICOPSA_GHASH_ARMV7EM, the Cortex-M4/M7 default):
 *    ct64's products in Thumb-2 (UMULL, single-cycle on those cores),
 *    the Karatsuba recombination and the reduction in C.
 *    ghash_x86.c (x86-64, PICOPSA_AES_HW): PCLMULQDQ, whose latency does
 *    not depend on its operands; eight blocks per reduction with H^1..H^8.
 *    It also has GCM's one-pass GCTR + GHASH (pp_ghash_x86_gcm) for keys
 *    of the AES-NI path: AESENC, like PCLMULQDQ, has no data-dependent
 *    timing (aes_hw.h).
 *    ghash_arm.c (AArch64 Linux, PICOPSA_AES_HW): PMULL / PMULL2 (the
 *    ARMv8 Cryptography Extensions, HWCAP_PMULL), whose timing does not
 *    depend on the operands either (Arm's data-independent-timing list for
 *    the crypto instructions); four blocks per reduction with H^1..H^4.
 *  - pp_ghash_key is plain data (no pointers): it lives in the GCM
 *    context, which a PSA operation struct embeds. hw records the backend
 *    chosen when the key was set (a public fact): powers [1..3] are
 *    filled for the PCLMULQDQ path (hw = 1) and [4..7] when a long
 *    message first needs them (hw = 2), [1..3] for the PMULL one.
 *  - Aliasing: y and the data must not overlap.
 */
#ifndef PICOPSA_GHASH_H
#define PICOPSA_GHASH_H

#include <stddef.h>
#include <stdint.h>
#include <picopsa/primitives.h>

#include <picopsa/config.h>

#include "aes/aes.h"

#if PICOPSA_AES_HW && defined(__x86_64__) && defined(__GNUC__)
#define PP_GHASH_HW_X86 1
#else
#define PP_GHASH_HW_X86 0
#endif
#if PICOPSA_AES_HW && defined(__aarch64__) && defined(__GNUC__) && defined(__linux__)
#define PP_GHASH_HW_ARM 1
#else
#define PP_GHASH_HW_ARM 0
#endif
#if (PP_GHASH_HW_X86 || PP_GHASH_HW_ARM) && PICOPSA_GHASH_KEY_POWERS < 8
#error "ghash.h: the hardware GHASH paths need H^1..H^8 (picopsa/primitives.h)"
#endif

/* H^1 .. H^8 (H alone without a hardware path) and hw (1: the PCLMULQDQ
 * path, ghash_x86.c): the public mirror in picopsa/primitives.h. */
typedef picopsa_ghash_key pp_ghash_key;

/* Set the hash key from the 16 bytes of H, choosing the backend (the
 * PCLMULQDQ one when pp_ghash_hw_available()). */
void pp_ghash_set_key(pp_ghash_key *k, const uint8_t h[16]);
/* SP 800-38D 6.4: absorb nblocks whole 16-byte blocks into y. */
void pp_ghash_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks);
void pp_ghash_wipe(pp_ghash_key *k);

/* Portable backends (ghash_ct64.c, ghash_ct32.c): x = x * h; y absorbs
 * nblocks blocks with the key h = H. */
void pp_ghash_ct64_mul(uint64_t x[2], const uint64_t h[2]);
void pp_ghash_ct64_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks);
void pp_ghash_ct32_mul(uint64_t x[2], const uint64_t h[2]);
void pp_ghash_ct32_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks);
#if PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_ARMV7EM
/* ghash_armv7em.c (Thumb-2 UMULL products, ARMv7E-M only). */
void pp_ghash_armv7em_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks);
#endif
/* Shared by the portable backends (inline: each has one call). */
/* Reduce the 256-bit carry-less product w3:w2:w1:w0 (w3 most significant)
 * of two elements in the big-endian form to x (ghash.h). First the shift
 * by one that turns the reversed product into GCM's order; then, with w3
 * holding degrees 0..63 (bit 63 = x^0) down to w0 holding 192..255, fold
 * degree 128 + d onto d using x^128 = 1 + x + x^2 + x^7: a factor x^s is a
 * right shift by s in this order, and the bits shifted out of a word
 * belong to the next one (left shift by 64 - s). w0 is folded first (into
 * w2, w1), then w1 (into w3, w2); the bits w0 adds to w1 sit at its top
 * seven positions and are shifted out entirely by the second fold. */
static inline void pp_ghash_reduce(uint64_t x[2], uint64_t w3, uint64_t w2, uint64_t w1,
                                   uint64_t w0)
{
    w3 = (w3 << 1) | (w2 >> 63);
    w2 = (w2 << 1) | (w1 >> 63);
    w1 = (w1 << 1) | (w0 >> 63);
    w0 <<= 1;
    w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
    w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
    w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
    w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
    x[0] = w3;
    x[1] = w2;
}

/* Shared by ghash_ct32.c and ghash_armv7em.c: 128 x 128 from nine 32 x 32
 * products (two levels of Karatsuba). */
/* The nine Karatsuba operands of a 128-bit value w3:w2:w1:w0 (w0 least
 * significant): the two 64-bit halves L = w1:w0, H = w3:w2 and M = L ^ H,
 * each as its low word, high word and their XOR. */
static inline void pp_ghash_operands(uint32_t o[9], uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
    o[0] = w0;
    o[1] = w1;
    o[2] = w0 ^ w1;
    o[3] = w2;
    o[4] = w3;
    o[5] = w2 ^ w3;
    o[6] = w0 ^ w2;
    o[7] = w1 ^ w3;
    o[8] = o[6] ^ o[7];
}

/* The Karatsuba recombination of the nine 32 x 32 -> 64 products
 * lo[i] + hi[i] x^32 (pp_ghash_operands() order) into the 256-bit
 * product z[0..7] (z[0] least significant): per 64-bit half (L, H, M)
 * c0 + (c0 ^ c1 ^ c2) x^32 + c1 x^64, then L + (M ^ L ^ H) x^64 +
 * H x^128. */
static inline void pp_ghash_recombine(const uint32_t lo[9], const uint32_t hi[9], uint32_t z[8])
{
    uint32_t g[3][4];
    unsigned i;
    for (i = 0; i < 3u; i++) {
        const uint32_t *l = lo + 3u * i, *h = hi + 3u * i;
        g[i][0] = l[0];
        g[i][1] = h[0] ^ l[0] ^ l[1] ^ l[2];
        g[i][2] = l[1] ^ h[0] ^ h[1] ^ h[2];
        g[i][3] = h[1];
    }
    for (i = 0; i < 4u; i++)
        g[2][i] ^= g[0][i] ^ g[1][i];
    z[0] = g[0][0];
    z[1] = g[0][1];
    z[2] = g[0][2] ^ g[2][0];
    z[3] = g[0][3] ^ g[2][1];
    z[4] = g[1][0] ^ g[2][2];
    z[5] = g[1][1] ^ g[2][3];
    z[6] = g[1][2];
    z[7] = g[1][3];
}

/* x = the reduced 256-bit product z[0..7] (pp_ghash_recombine's order). */
static inline void pp_ghash_reduce32(uint64_t x[2], const uint32_t z[8])
{
    pp_ghash_reduce(x, ((uint64_t)z[7] << 32) | z[6], ((uint64_t)z[5] << 32) | z[4],
                    ((uint64_t)z[3] << 32) | z[2], ((uint64_t)z[1] << 32) | z[0]);
}

/* picopsa_backend_name(PICOPSA_FAMILY_GHASH): "x86-64 PCLMULQDQ" or
 * "AArch64 PMULL" when this CPU runs that path, else the configured one,
 * "ARMv7E-M UMULL", "ct32, 32x32->32 MUL" or "ct64, 32x32->64 MUL". */
const char *pp_ghash_backend_name(void);

#if PP_GHASH_HW_X86
/* CPUID leaf 1 ECX bits 1 (PCLMULQDQ) and 9 (SSSE3), read once per
 * process; pp_ghash_hw_restrict(0) makes it answer 0 from then on (tests
 * run the portable path in the same process; not for applications),
 * pp_ghash_hw_restrict(1) undoes it. */
int pp_ghash_hw_available(void);
void pp_ghash_hw_restrict(int allow);
/* Fill h[1..7] = H^2..H^8 from h[0] (hw = 2); powers4 only h[1..3] =
 * H^2..H^4 (hw = 1: what pp_ghash_set_key makes, enough for messages of a
 * few blocks); complete adds H^5..H^8 to a hw = 1 key (hw = 2), which
 * pp_ghash_x86_gcm and pp_ghash_vaes512_gcm need. blocks works with
 * either (4 or 8 blocks per reduction). */
void pp_ghash_x86_powers(pp_ghash_key *k);
void pp_ghash_x86_powers4(pp_ghash_key *k);
void pp_ghash_x86_complete(pp_ghash_key *k);
void pp_ghash_x86_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks);
/* GCM's GCTR and GHASH over the ciphertext in one pass, ngroups groups of
 * eight blocks: out = in xor E_K(counters), y absorbs the ciphertext (in
 * when decrypt, out otherwise), ctr advances by inc32 (SP 800-38D 6.2).
 * For a key set by the AES-NI path (ak->hw) and a GHASH key with hw set;
 * in == out allowed. */
void pp_ghash_x86_gcm(const pp_ghash_key *gk, uint64_t y[2], const pp_aes_key *ak,
                      uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t ngroups,
                      int decrypt);
/* The wide pass below that runs: 512 when the AES width in use is
 * VAES-512 (aes_hw.h, pp_aes_hw_level), 256 when it is VAES-256, and the
 * CPU has VPCLMULQDQ; else 0. */
int pp_ghash_x86_wide(void);
/* pp_ghash_x86_gcm for ngroups groups of sixteen blocks with VAES and
 * VPCLMULQDQ, 2 (ymm) or 4 (zmm) blocks per instruction; the same
 * contract, and a key with hw = 2. */
void pp_ghash_vaes256_gcm(const pp_ghash_key *gk, uint64_t y[2], const pp_aes_key *ak,
                          uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t ngroups,
                          int decrypt);
void pp_ghash_vaes512_gcm(const pp_ghash_key *gk, uint64_t y[2], const pp_aes_key *ak,
                          uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t ngroups,
                          int decrypt);
#endif

#if PP_GHASH_HW_ARM
/* getauxval(AT_HWCAP) has HWCAP_PMULL, read once per process;
 * pp_ghash_arm_restrict as pp_ghash_hw_restrict. */
int pp_ghash_arm_available(void);
void pp_ghash_arm_restrict(int allow);
/* Fill h[1..3] = H^2..H^4 from h[0]. */
void pp_ghash_arm_powers(pp_ghash_key *k);
void pp_ghash_arm_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks);
#endif

#endif /* PICOPSA_GHASH_H */
