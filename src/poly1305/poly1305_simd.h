/*
 * poly1305_simd.h -- Poly1305 (RFC 8439 2.5) eight blocks a step on
 * x86-64: AVX-512 IFMA (VPMADD52LUQ/HUQ in radix 2^44), else AVX2 (or the
 * same code with AVX-512VL's registers) in radix 2^26, chosen at run time
 * (common/pp_cpu_x86.h); the portable loop of poly1305.c is always built
 * and tested.
 *
 *  - PICOPSA_POLY1305_SIMD = 0 builds none of it; not built at -Os, with
 *    the radix-2^26 code, on other targets or other compilers
 *    (PP_POLY1305_X86 = 0).
 *  - pp_poly1305_x86_blocks(h, r, m, n): h (radix 2^44, as poly1305.c
 *    keeps it, partly reduced) absorbs 128 n bytes of whole blocks, each
 *    with the 2^128 bit: h = (((h + m_1) r + m_2) r + ...) r mod 2^130 - 5,
 *    computed as eight interleaved Horner chains in r^8 (chain j takes
 *    blocks 8k + j; IFMA: radix 2^44 in the eight 64-bit lanes of a ZMM
 *    register; AVX2: radix 2^26 in 64-bit lanes, VPMULUDQ), combined at
 *    the end by r^8 .. r. Worth it from PP_POLY1305_X86_MIN_BLOCKS blocks
 *    (the powers of r cost seven multiplications per call, three and one
 *    vector one with IFMA; see the macro).
 *  - Secret: r, h and the message; constant time: vector multiplications,
 *    additions, shifts and masks, the loop count from n alone.
 *  - pp_poly1305_x86_available(): AVX2 present and not capped.
 *    pp_poly1305_simd_restrict(limit) caps the choice from then on (0: the
 *    one-block loop, 1: at most AVX2, 2: at most AVX-512VL, 3: no cap), so
 *    tests run every path in one process; not for applications.
 *    pp_poly1305_x86_name(): the path a long call takes now. Valgrind
 *    reports no AVX-512 by CPUID, so the ct tests check the AVX2 build.
 */
#ifndef PICOPSA_POLY1305_SIMD_H
#define PICOPSA_POLY1305_SIMD_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>
#include <picopsa/primitives.h>

#include "common/pp_cpu_x86.h"

#if PICOPSA_POLY1305_SIMD && PP_CPU_X86 && !PP_POLY1305_RADIX26 && !defined(__OPTIMIZE_SIZE__)
#define PP_POLY1305_X86 1
#else
#define PP_POLY1305_X86 0
#endif

/* 128 bytes: the IFMA path pays from one chunk of eight blocks (128 B:
 * a little faster than the one-block loop here, 192 B 20%); the radix-2^26
 * AVX2 / AVX-512VL paths take only calls of three chunks or more (384
 * bytes), the one-block multiplication does one or two chunks for them. */
#define PP_POLY1305_X86_MIN_BLOCKS 8u

#if PP_POLY1305_X86
int pp_poly1305_x86_available(void);
void pp_poly1305_x86_blocks(uint64_t h[3], const uint64_t r[3], const uint8_t *m, size_t n);
const char *pp_poly1305_x86_name(void);
#endif
void pp_poly1305_simd_restrict(int limit);

#endif /* PICOPSA_POLY1305_SIMD_H */
