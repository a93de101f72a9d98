/*
 * poly1305_armv7em.c -- the radix-2^32 Poly1305 block loop of poly1305.c
 * (RFC 8439 2.5.1) in Thumb-2 assembly for ARMv7E-M / ARMv8-M Mainline
 * with the DSP extension (Cortex-M4/M7/M33: UMULL/UMLAL/MLA in one cycle,
 * operand-independent); PP_POLY1305_ARMV7EM in poly1305.c.
 *
 * pp_poly1305_armv7em_blocks(h, r, m, n, hibit), n >= 1: the same
 * arithmetic as poly1305.c's radix-2^32 C loop, word for word (h[0..4] in
 * and out, r[0..3] clamped, n 16-byte blocks of m, unaligned allowed,
 * each with hibit 2^128): h += m; the four columns of h * r with the
 * products at 2^128 and above folded through s_j = r_j + r_j / 4
 * (UMULL/UMLAL into a 64-bit accumulator, the high word carried into the
 * next column), d4 = h4 r0 + carry (MLA), then (d4 >> 2) * 5 back into h0.
 *
 * Registers: h0..h4 in r0..r4, the accumulator in r5/r6 (roles swapped
 * from column to column), five coefficients in r7..r11, the end of m in
 * r12, the message pointer in lr. The coefficients of column 0 (r0 s3 s2
 * s1) and column 1 (r1 r0 s3 s2 s1) are one LDM of the frame's table
 * (r0 r1 s3 s2 s1, then r2 r3); column 2 needs r2 in place of s1 and
 * column 3 r3 in place of s2, one LDR each: 7 words loaded a block, where
 * a row per column took 19 (83 -> 65 cycles a block on the model).
 * Frame: the table T[7] at 0, hibit at 28, h's address at 32, the new
 * h0..h2 at 36..44 (52 B + 36 B of saved registers). No branch but the
 * block loop, no address from secret data; the frame is zeroed on return
 * (PP_FRAME_WIPE, src/common/pp_armv7m_asm.h).
 * UMAAL (a*b + lo + hi) would save nothing here: each column starts from
 * one carry word, so the zeroed high word it would replace is still a
 * MOVS, and the products are already one cycle each (UMULL/UMLAL).
 * Cortex-M4 model (tools/cyclemodel): 65 cycles a block, 4.1 c/B.
 */
#include <stddef.h>
#include <stdint.h>

#include "common/pp_armv7m_asm.h"

#if defined(__GNUC__) && defined(__ARM_FEATURE_DSP) && defined(__ARM_ARCH_ISA_THUMB) && \
    __ARM_ARCH_ISA_THUMB >= 2 && !defined(__ARM_BIG_ENDIAN)

void pp_poly1305_armv7em_blocks(uint32_t h[5], const uint32_t r[4], const uint8_t *m, size_t n,
                                uint32_t hibit);

__asm__(
    ".pushsection .text.pp_poly1305_armv7em_blocks,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    PP_ARMV7M_FRAME_WIPE
    ".p2align 2\n"
    ".global pp_poly1305_armv7em_blocks\n"
    ".hidden pp_poly1305_armv7em_blocks\n"
    ".type pp_poly1305_armv7em_blocks, %function\n"
    ".thumb_func\n"
    "pp_poly1305_armv7em_blocks:\n"
    "push {r4-r11, lr}\n"
    "sub sp, sp, #52\n"
    "ldr r12, [sp, #88]\n"           /* hibit, the fifth argument */
    "str r12, [sp, #28]\n"
    "str r0, [sp, #32]\n"
    "add r12, r2, r3, lsl #4\n"      /* the end of m */
    "mov lr, r2\n"
    /* The table: r4..r7 = r0..r3, r8..r10 = s1..s3; T = r0 r1 s3 s2 s1 r2 r3. */
    "ldmia r1, {r4-r7}\n"
    "add r8, r5, r5, lsr #2\n"
    "add r9, r6, r6, lsr #2\n"
    "add r10, r7, r7, lsr #2\n"
    "str r4, [sp, #0]\n"
    "str r5, [sp, #4]\n"
    "str r10, [sp, #8]\n"
    "str r9, [sp, #12]\n"
    "str r8, [sp, #16]\n"
    "str r6, [sp, #20]\n"
    "str r7, [sp, #24]\n"
    "ldmia r0, {r0-r4}\n"
    "1:\n"
    /* h += m + hibit 2^128 */
    "ldr r7, [lr, #0]\n"
    "ldr r8, [lr, #4]\n"
    "ldr r9, [lr, #8]\n"
    "ldr r10, [lr, #12]\n"
    "ldr r11, [sp, #28]\n"
    "adds r0, r0, r7\n"
    "adcs r1, r1, r8\n"
    "adcs r2, r2, r9\n"
    "adcs r3, r3, r10\n"
    "adc r4, r4, r11\n"
    "add lr, lr, #16\n"
    /* r7 = r0, r8 = r1, r9 = s3, r10 = s2, r11 = s1 */
    "ldmia sp, {r7-r11}\n"
    /* column 0: h0 r0 + h1 s3 + h2 s2 + h3 s1 */
    "umull r5, r6, r0, r7\n"
    "umlal r5, r6, r1, r9\n"
    "umlal r5, r6, r2, r10\n"
    "umlal r5, r6, r3, r11\n"
    "str r5, [sp, #36]\n"
    /* column 1: carry + h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1 */
    "movs r5, #0\n"
    "umlal r6, r5, r0, r8\n"
    "umlal r6, r5, r1, r7\n"
    "umlal r6, r5, r2, r9\n"
    "umlal r6, r5, r3, r10\n"
    "umlal r6, r5, r4, r11\n"
    "str r6, [sp, #40]\n"
    /* column 2 (r11 = r2): carry + h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2 */
    "ldr r11, [sp, #20]\n"
    "movs r6, #0\n"
    "umlal r5, r6, r0, r11\n"
    "umlal r5, r6, r1, r8\n"
    "umlal r5, r6, r2, r7\n"
    "umlal r5, r6, r3, r9\n"
    "umlal r5, r6, r4, r10\n"
    "str r5, [sp, #44]\n"
    /* column 3 (r10 = r3): carry + h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3; d4 */
    "ldr r10, [sp, #24]\n"
    "movs r5, #0\n"
    "umlal r6, r5, r0, r10\n"
    "umlal r6, r5, r1, r11\n"
    "umlal r6, r5, r2, r8\n"
    "umlal r6, r5, r3, r7\n"
    "umlal r6, r5, r4, r9\n"
    "mla r5, r4, r7, r5\n"           /* d4 = h4 r0 + carry (< 2^32) */
    "ldr r0, [sp, #36]\n"
    "ldr r1, [sp, #40]\n"
    "ldr r2, [sp, #44]\n"
    /* (d4 >> 2) * 5 into h0, h4 = d4 & 3 + carry */
    "lsrs r7, r5, #2\n"
    "add r7, r7, r7, lsl #2\n"
    "and r4, r5, #3\n"
    "adds r0, r0, r7\n"
    "adcs r1, r1, #0\n"
    "adcs r2, r2, #0\n"
    "adcs r3, r6, #0\n"
    "adc r4, r4, #0\n"
    "cmp lr, r12\n"
    "bne 1b\n"
    "ldr r12, [sp, #32]\n"
    "stmia r12, {r0-r4}\n"
    /* Zero the frame (13 words) and the scratch registers. */
    "PP_FRAME_WIPE 13\n"
    "add sp, sp, #52\n"
    "pop {r4-r11, pc}\n"
    ".size pp_poly1305_armv7em_blocks, .-pp_poly1305_armv7em_blocks\n"
    ".purgem PP_FRAME_WIPE\n"
    ".popsection\n");

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_poly1305_armv7em_unused;
#endif
