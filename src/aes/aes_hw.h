/*
 * aes_hw.h -- hardware AES (FIPS 197) and its run-time choice, in the
 * pattern of hash/sha_backend.h: the portable backend of aes.h is always
 * built and tested; this path runs when the CPU has it.
 *
 *  - x86-64 (GCC/Clang): AES-NI (AESENC/AESENCLAST/AESDEC/AESDECLAST,
 *    AESKEYGENASSIST, AESIMC) with SSE4.2: CPUID leaf 1 ECX bits 25 (AES)
 *    and 20 (SSE4.2). Intel SDM vol. 2, "AESENC" ff.; Intel white paper
 *    "Advanced Encryption Standard (AES) New Instructions Set" (Gueron).
 *    Only the functions of aes_x86.c carry the target attribute; the rest
 *    of the library is built for the baseline ISA.
 *    The parallel modes (ECB, CTR, CBC decryption, XTS; CFB decryption is
 *    ECB in src/cipher) also have VAES bodies (aes_x86_vaes.c): the same
 *    rounds on 2 blocks per ymm instruction (VAES + AVX2) or 4 per zmm
 *    instruction (VAES + AVX512F/VL/BW), CPUID leaf 7 ECX bit 9 with the
 *    OS's vector state (common/pp_cpu_x86.h). They take whole groups of 16
 *    blocks; the rest of a call runs the AES-NI code. The width is chosen
 *    per call (a public fact), not per key: the round keys are the same.
 *  - AArch64 Linux (GCC/Clang, little endian): the ARMv8 Cryptography
 *    Extensions (AESE/AESMC/AESD/AESIMC, ACLE intrinsics of arm_neon.h),
 *    chosen when getauxval(AT_HWCAP) reports HWCAP_AES (aes_armv8.c; the
 *    pattern of hash/sha_arm.c). Only aes_armv8.c's functions carry the
 *    +crypto target; the rest of the library stays baseline armv8-a. The
 *    x86 path's function set (but pp_aes_hw_ccm and the widths), key
 *    layout and contract.
 *  - PICOPSA_AES_HW = 0 builds none of it (aes_x86.c and aes_armv8.c
 *    compile to nothing): the portable backend runs everywhere. No effect
 *    on other targets.
 *
 * Contract (the same as aes.h's pp_aes_* functions, which call these when
 * pp_aes_hw_available()):
 *  - Secret: the key, the round keys in pp_aes_key, plaintexts and the
 *    keystream. Lengths, block counts and the round count are public.
 *  - Constant time: the AES instructions take the same time for every key
 *    and data value (Intel SDM: no data-dependent latency); the code
 *    branches and indexes on nothing but the block count and round count.
 *    On AArch64 the argument is Arm's: AESE, AESD, AESMC, AESIMC and the
 *    NEON EOR/ADD/CMHI/SSHR/SHL/AND/EXT/REV64 used are in the Arm ARM's
 *    list of data-independent-timing instructions (PSTATE.DIT, FEAT_DIT);
 *    valgrind does not run under qemu-user, so this path has no ct_ test:
 *    its code is branch-free by inspection and its control flow is that
 *    of aes_x86.c, which tests/ct/ct_aes_hw.c checks on the host.
 *    No secret is staged in a stack buffer. The CTR counter is incremented
 *    without a branch on its value (128-bit carry by arithmetic), the XTS
 *    tweak doubled by masks (no branch on its top bit).
 *  - Aliasing: in == out is allowed for every function; partial overlap is
 *    not. ctr and iv are updated in place to their next value.
 *  - pp_aes_hw_set_key() fails only on a key length other than 16, 24, 32:
 *    PSA_ERROR_INVALID_ARGUMENT, k wiped.
 *  - Round key layout in pp_aes_key.rk (960 bytes), as bytes: the FIPS 197
 *    5.2 schedule w[0..4(Nr+1)) at offset 0 (the layout aes_ref.c uses, so
 *    the reference functions accept a key set here), the equivalent
 *    inverse cipher's schedule (FIPS 197 5.3.5: InvMixColumns applied to
 *    round keys 1..Nr-1, by AESIMC) at offset 240, last round key first.
 *    The hardware functions need a key set by pp_aes_hw_set_key().
 *  - pp_aes_hw_available() reads CPUID (pp_x86_features; AArch64:
 *    AT_HWCAP) once per process (relaxed atomics: every thread stores the
 *    same value). pp_aes_hw_restrict(0) makes it answer 0 from then on
 *    (tests run the portable path in the same process; not for
 *    applications); pp_aes_hw_restrict(1) undoes it. x86-64 only:
 *    pp_aes_hw_limit(level) caps the width at PP_AES_X86_AESNI, _VAES256
 *    or _VAES512 (tests run each width on one CPU; 0 is restrict(0));
 *    pp_aes_hw_level() is the width in use, pp_aes_hw_name() its name
 *    ("x86-64 VAES-512", ...); pp_aes_hw_ccm is x86-64's alone.
 */
#ifndef PICOPSA_AES_HW_H
#define PICOPSA_AES_HW_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>
#include <psa/error.h>

#include "aes/aes.h"


#if PICOPSA_AES_HW && defined(__x86_64__) && defined(__GNUC__)
#define PP_AES_HW_X86 1
#else
#define PP_AES_HW_X86 0
#endif
#if PICOPSA_AES_HW && defined(__aarch64__) && defined(__GNUC__) && defined(__linux__) && \
    !defined(__AARCH64EB__)
#define PP_AES_HW_ARM 1
#else
#define PP_AES_HW_ARM 0
#endif
/* Either hardware path: aes.c routes to the functions below. */
#define PP_AES_HW (PP_AES_HW_X86 || PP_AES_HW_ARM)

/* Byte offset of the decryption schedule in pp_aes_key.rk. */
#define PP_AES_HW_DEC_OFFSET 240u

#if PP_AES_HW_X86
/* The widths of pp_aes_hw_level(), in order. */
#define PP_AES_X86_AESNI 1   /* xmm: AES-NI, SSE4.2 */
#define PP_AES_X86_VAES256 2 /* ymm: and VAES, AVX2 */
#define PP_AES_X86_VAES512 3 /* zmm: and AVX512F, VL, BW */
void pp_aes_hw_limit(int level);
int pp_aes_hw_level(void);
const char *pp_aes_hw_name(void);
#endif

#if PP_AES_HW
int pp_aes_hw_available(void);
void pp_aes_hw_restrict(int allow);

psa_status_t pp_aes_hw_set_key(pp_aes_key *k, const uint8_t *key, size_t key_len);
void pp_aes_hw_ecb_encrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks);
void pp_aes_hw_ecb_decrypt(const pp_aes_key *k, const uint8_t *in, uint8_t *out,
                           size_t nblocks);
/* SP 800-38A 6.5: ctr is a 128-bit big-endian counter, incremented once per
 * block (mod 2^128); on return it holds the next unused value. */
void pp_aes_hw_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,
                   uint8_t *out, size_t nblocks);
/* SP 800-38A 6.2: iv is replaced by the last ciphertext block. */
void pp_aes_hw_cbc_encrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                           uint8_t *out, size_t nblocks);
void pp_aes_hw_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16], const uint8_t *in,
                           uint8_t *out, size_t nblocks);
/* IEEE 1619-2007 5.3.1 / 5.4.1 for nblocks whole blocks: block j is
 * E_K(P ^ T) ^ T (D_K for decryption), T = tweak * alpha^j (tweak: the
 * 128-bit little-endian integer); on return tweak holds the next block's. */
void pp_aes_hw_xts(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out,
                   size_t nblocks, int encrypt);
#endif

#if PP_AES_HW_X86
/* SP 800-38C 6.1 / 6.2 over nblocks whole payload blocks: out = in ^
 * E(ctr), ctr incremented as pp_aes_hw_ctr does it, and mac = CIPH(mac ^
 * P) for each plaintext block P (in when encrypt, out otherwise), the
 * CBC-MAC and CTR blocks in the same rounds. in == out allowed. */
void pp_aes_hw_ccm(const pp_aes_key *k, uint8_t mac[16], uint8_t ctr[16], const uint8_t *in,
                   uint8_t *out, size_t nblocks, int encrypt);
/* The CBC-MAC chain mac = CIPH(mac ^ in_j) over nblocks whole blocks, no
 * ciphertext stored (CMAC, CCM's associated data). */
void pp_aes_hw_cbc_mac(const pp_aes_key *k, uint8_t mac[16], const uint8_t *in, size_t nblocks);

/* aes_x86_vaes.c: the same functions at one width (256 or 512), for
 * nblocks a multiple of 16; only pp_aes_hw_* call them, at the width
 * pp_aes_hw_level() allows. */
#define PP_AES_VAES_DECLARE(w)                                                              \
    void pp_aes_vaes##w##_ecb(const pp_aes_key *k, const uint8_t *in, uint8_t *out,         \
                              size_t nblocks, int encrypt);                                 \
    void pp_aes_vaes##w##_ctr(const pp_aes_key *k, uint8_t ctr[16], const uint8_t *in,      \
                              uint8_t *out, size_t nblocks);                                \
    void pp_aes_vaes##w##_cbc_decrypt(const pp_aes_key *k, uint8_t iv[16],                  \
                                      const uint8_t *in, uint8_t *out, size_t nblocks);     \
    void pp_aes_vaes##w##_xts(const pp_aes_key *k, uint8_t tweak[16], const uint8_t *in,    \
                              uint8_t *out, size_t nblocks, int encrypt);
PP_AES_VAES_DECLARE(256)
PP_AES_VAES_DECLARE(512)
#endif

#endif /* PICOPSA_AES_HW_H */
