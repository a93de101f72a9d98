/*
 * sha_backend.h -- hardware SHA compression functions and their run-time
 * choice (the dispatch issue's backend pattern: the portable C is always
 * built and tested; a faster path runs when the CPU has it).
 *
 *  - x86-64, SHA-384/512/512_224/512_256: the unrolled C compression
 *    compiled a second time for BMI2 (RORX), CPUID leaf 7 EBX bit 8.
 *  - x86-64 (GCC/Clang): the SHA extensions (SHA-NI: SHA1RNDS4, SHA256RNDS2
 *    and the message-schedule helpers, with SSSE3/SSE4.1) for SHA-1 and
 *    SHA-224/256: CPUID leaf 7 EBX bit 29 (SHA), leaf 1 ECX bits 9 (SSSE3)
 *    and 19 (SSE4.1). Intel SDM vol. 2, "SHA Extensions".
 *  - AArch64 (GCC/Clang, Linux): the ARMv8 Cryptography Extensions SHA1C/P/M
 *    and SHA256H/H2/SU0/SU1: getauxval(AT_HWCAP) HWCAP_SHA1, HWCAP_SHA2.
 *  - PICOPSA_SHA_HW = 0 (config.h) builds none of it: the portable C runs
 *    everywhere (make test's "hardware hash off" configuration).
 *
 * Contract: pp_sha_hw_features() is the PP_SHA_HW_* mask of the paths this
 * CPU runs, read once per process (thread-safe: relaxed atomics, every
 * thread stores the same value). pp_sha_hw_restrict(mask) keeps only the
 * paths in mask (tests run the portable and the hardware code in one
 * process; not for applications). The compression functions take whole
 * 64-byte blocks; they branch and index on nothing but the block count
 * (the instructions themselves are constant time).
 */
#ifndef PICOPSA_SHA_BACKEND_H
#define PICOPSA_SHA_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#define PP_SHA_HW_SHA1 0x1u
#define PP_SHA_HW_SHA256 0x2u
#define PP_SHA_HW_SHA512 0x4u   /* x86-64: the BMI2 build of the C SHA-512 */

#if PICOPSA_SHA_HW && defined(__x86_64__) && defined(__GNUC__)
#define PP_SHA_HW_X86 1
#else
#define PP_SHA_HW_X86 0
#endif
#if PICOPSA_SHA_HW && defined(__aarch64__) && defined(__GNUC__) && defined(__linux__)
#define PP_SHA_HW_ARM 1
#else
#define PP_SHA_HW_ARM 0
#endif

#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
unsigned pp_sha_hw_features(void);
void pp_sha_hw_restrict(unsigned mask);
void pp_sha1_compress_hw(uint32_t state[5], const uint8_t *data, size_t blocks);
void pp_sha256_compress_hw(uint32_t state[8], const uint8_t *data, size_t blocks);
/* "x86-64 SHA-NI", "ARMv8 CE" or "portable C" for the hash of mask. */
const char *pp_sha_hw_name(unsigned mask);
#endif

#endif /* PICOPSA_SHA_BACKEND_H */
