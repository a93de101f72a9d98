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
 *    ghash_ct64.c (portable, always built): 32x32 -> 64 carry-less
 *    products from ordinary integer multiplications of operands whose set
 *    bits are four apart ("holes": a column of at most eight partial
 *    products cannot carry into the next bit of its class), Karatsuba up
 *    to 128x128. It is constant time where the integer multiplier is
 *    (x86-64, AArch64, Cortex-M4/M7 UMULL, RV32M MUL/MULHU); Cortex-M3's
 *    UMULL ends early on small operands and is not.
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

/* H^1 .. H^8 and hw (1: the PCLMULQDQ path, ghash_x86.c): the public
 * mirror in picopsa/primitives.h. */
typedef picopsa_ghash_key pp_ghash_key;

/* Set the hash key from the 16 bytes of H, choosing the backend (the
 * PCLMULQDQ one when pp_ghash_hw_available()). */
void pp_ghash_set_key(pp_ghash_key *k, const uint8_t h[16]);
/* SP 800-38D 6.4: absorb nblocks whole 16-byte blocks into y. */
void pp_ghash_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks);
void pp_ghash_wipe(pp_ghash_key *k);

/* Portable backend (ghash_ct64.c): x = x * h. */
void pp_ghash_ct64_mul(uint64_t x[2], const uint64_t h[2]);
void pp_ghash_ct64_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks);

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
