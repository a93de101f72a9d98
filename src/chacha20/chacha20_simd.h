/*
 * chacha20_simd.h -- the wide ChaCha20 kernels (RFC 8439 2.3, eight blocks
 * at a time on x86-64, four with AArch64 NEON) and their choice, in the
 * pattern of aes/aes_hw.h:
 * the portable chacha20.c is always built and tested; this path runs when
 * the CPU has it.
 *
 *  - x86-64 (GCC/Clang): AVX2 (CPUID leaf 7 EBX bit 5), or better AVX-512F
 *    + VL (bits 16, 31) on 256-bit vectors, each with the OS saving its
 *    state (chacha20_x86.c). Only chacha20_x86.c's kernels carry target
 *    attributes; the rest of the library keeps the baseline ISA.
 *  - PICOPSA_CHACHA20_SIMD = 0 builds none of it; not built at -Os, on
 *    other targets, or with other compilers (PP_CHACHA20_X86 = 0).
 *
 * Contract:
 *  - pp_chacha20_x86_xor8(kernel, s, in, out, n), kernel = 1 (AVX2) or 2
 *    (AVX-512VL) as pp_chacha20_x86_kernel() answered, XORs blocks
 *    s[12] .. s[12] + 8n - 1
 *    of state s into 512 n bytes; the caller has checked that the counter
 *    does not pass 2^32 - 1 on the way (chacha20.c does it for the whole
 *    call) and advances s[12] itself. in == out is allowed, partial overlap
 *    is not.
 *  - Secret: the key words of s, the nonce, the data and the keystream.
 *    Constant time: vector additions, XORs, shifts and byte shuffles with
 *    constant masks; no branch or index on anything but n.
 *  - pp_chacha20_x86_step(kernel): the bytes of one step of that kernel
 *    (512; 1024 for kernel 2, whose 16-block form takes two steps at
 *    once). chacha20.c gives xor8 whole steps only, so one call costs one
 *    kernel call.
 *  - pp_chacha20_x86_tail(kernel, s, in, out, len, ks), 0 < len <= the
 *    step: blocks s[12] .. s[12] + ceil(len / 64) - 1 XORed into len bytes
 *    by ONE kernel call (the unused lanes are computed and dropped), the
 *    last block's keystream copied to ks when len is not a multiple of 64
 *    (the caller keeps its unused end, as chacha20.c keeps ctx->ks). Same
 *    rules as xor8 (room checked by the caller, in == out allowed).
 *  - pp_chacha20_x86_kernel() is the best kernel this CPU runs, 0 for none
 *    (common/pp_cpu_x86.h: CPUID once per process).
 *    pp_chacha20_simd_restrict(limit) caps its answer from then on (0: the
 *    portable forms, 1: at most AVX2, 2: no cap), so tests run every form
 *    in one process; not for applications.
 */
#ifndef PICOPSA_CHACHA20_SIMD_H
#define PICOPSA_CHACHA20_SIMD_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#include "common/pp_cpu_x86.h"

#if PICOPSA_CHACHA20_SIMD && PP_CPU_X86 && !defined(__OPTIMIZE_SIZE__)
#define PP_CHACHA20_X86 1
#else
#define PP_CHACHA20_X86 0
#endif

#if PP_CHACHA20_X86
int pp_chacha20_x86_kernel(void);
void pp_chacha20_x86_xor8(int kernel, const uint32_t s[16], const uint8_t *in, uint8_t *out,
                          size_t n);
size_t pp_chacha20_x86_step(int kernel);
void pp_chacha20_x86_tail(int kernel, const uint32_t s[16], const uint8_t *in, uint8_t *out,
                          size_t len, uint8_t ks[64]);
#endif

/* AArch64 (GCC/Clang, little endian): NEON, four blocks a step
 * (chacha20_neon.c). pp_chacha20_neon_xor4(s, in, out, n) XORs blocks
 * s[12] .. s[12] + 4n - 1 into 256 n bytes under the same rules as
 * pp_chacha20_x86_xor8 (the caller checked the counter room and advances
 * s[12]; in == out allowed); pp_chacha20_neon_enabled() is 0 after
 * pp_chacha20_simd_restrict(0), else 1. Constant time: vector additions,
 * XORs, shifts and lane permutations, the loop count from n alone. */
#if PICOPSA_CHACHA20_SIMD && defined(__aarch64__) && defined(__ARM_NEON) && \
    defined(__GNUC__) && !defined(__ARM_BIG_ENDIAN) && !defined(__OPTIMIZE_SIZE__)
#define PP_CHACHA20_NEON 1
int pp_chacha20_neon_enabled(void);
void pp_chacha20_neon_xor4(const uint32_t s[16], const uint8_t *in, uint8_t *out, size_t n);
#else
#define PP_CHACHA20_NEON 0
#endif
void pp_chacha20_simd_restrict(int limit);

#endif /* PICOPSA_CHACHA20_SIMD_H */
