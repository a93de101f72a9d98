/*
 * fe25519_mul_v6m.c -- the radix-2^32 field product and squaring on ARMv6-M
 * (Cortex-M0/M0+), whose only multiplier is MULS (32 x 32 -> low 32 bits):
 * gcc and clang call libgcc's 64 x 64 __aeabi_lmul for every 32 x 32 -> 64
 * product of the portable C and keep its 64-bit temporaries on the stack
 * (6.8 k cycles per product at -Os, half of a signature in __aeabi_lmul).
 * fe25519.c's pp_fe25519_mul and pp_fe25519_sq are these functions on
 * ARMv6-M; same result words as the portable C (h = lo + 38 hi with the
 * same carries).
 *
 * Word product (c:lo) = a * b + lo + c from four 16 x 16 -> 32 MULS with an
 * ADDS/ADCS chain (MOVS #imm keeps C, ARMv6-M ARM A6.7.40); it never
 * overflows. ARMv6-M has eight low registers and the step needs seven, so
 * the operand g (or f) lives in the frame (SP-relative loads), r1 points at
 * the columns, the multiplier word sits in r8.
 *  - Product: operand scanning (HAC 14.12), row i adds f[i] * g to
 *    r[i..i+8]; the eight products of a row unrolled, the rows a loop.
 *  - Squaring (HAC 14.16): the 28 cross products once (unrolled), the 16
 *    columns doubled, the 8 squares added.
 *  - Fold (shared: the squaring branches into the product's): h = lo +
 *    38 hi (2^256 = 38 mod p) with the same step, the carry (< 2^6) times
 *    38 through an ADDS/ADCS chain and the last carry times 38 into h[0]
 *    (the sum wrapped below 2^11), as fe25519.c's portable fold_product.
 * No branch or address depends on the data (the row loop counts rows).
 * h may alias f or g (written last). Cortex-M0+ (TRM DDI 0484C 3.3,
 * single-cycle MULS): product about 2.3 k cycles, squaring about 1.5 k;
 * 3.1 KB of code (only linked with Ed25519). Frame: the operand (8 words)
 * at sp+0, the columns (16 words) at sp+32, the output pointer at sp+96;
 * r4-r9 saved.
 */
#include <stdint.h>

#include "curve25519/fe25519.h"

#if defined(__ARM_ARCH_6M__) && defined(__GNUC__)

void pp_fe25519_mul_v6m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
void pp_fe25519_sq_v6m(uint32_t h[8], const uint32_t f[8]);

__asm__(
    ".pushsection .text.pp_fe25519_mul_v6m,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    /* (cout:r4) = r2 * r3 + r4 + cin; clobbers r0, r2, r3, r7. The carry
     * alternates between r5 and r6 (no move per product). The two middle
     * products are added separately (a 33-bit sum would need a carry). */
    ".macro PP_V6M_STEP cin, cout\n"
    "lsrs \\cout, r2, #16\n"
    "uxth r2, r2\n"
    "lsrs r7, r3, #16\n"
    "uxth r3, r3\n"
    "movs r0, r2\n"
    "muls r0, r3\n"          /* al * bl */
    "muls r3, \\cout\n"     /* ah * bl */
    "muls r2, r7\n"          /* al * bh */
    "muls \\cout, r7\n"     /* ah * bh */
    "lsls r7, r3, #16\n"
    "lsrs r3, r3, #16\n"
    "adds r0, r7\n"
    "adcs \\cout, r3\n"
    "lsls r7, r2, #16\n"
    "lsrs r2, r2, #16\n"
    "adds r0, r7\n"
    "adcs \\cout, r2\n"     /* (cout:r0) = a * b */
    "movs r3, #0\n"
    "adds r4, r0\n"
    "adcs \\cout, r3\n"
    "adds r4, \\cin\n"
    "adcs \\cout, r3\n"
    ".endm\n"
    /* r[i + k] += f[i] * g[k] + carry; r1 = &r[i] */
    ".macro PP_V6M_PRODUCT k, cin, cout\n"
    "ldr r3, [sp, #(4 * \\k)]\n"
    "ldr r4, [r1, #(4 * \\k)]\n"
    "mov r2, r8\n"
    "PP_V6M_STEP \\cin, \\cout\n"
    "str r4, [r1, #(4 * \\k)]\n"
    ".endm\n"
    /* fold: (c:r[k]) = r[8+k] * 38 + r[k] + c */
    ".macro PP_V6M_FOLD k, cin, cout\n"
    "ldr r2, [sp, #(32 + 4 * (8 + \\k))]\n"
    "movs r3, #38\n"
    "ldr r4, [sp, #(32 + 4 * \\k)]\n"
    "PP_V6M_STEP \\cin, \\cout\n"
    "str r4, [sp, #(32 + 4 * \\k)]\n"
    ".endm\n"
    /* squaring, off-diagonal row i: r[2i+1..i+7] += f[i] * f[i+1..7] */
    ".macro PP_V6M_SQ_ROW i\n"
    "ldr r2, [sp, #(4 * \\i)]\n"
    "mov r8, r2\n"
    "movs r5, #0\n"
    ".set pp_j, \\i + 1\n"
    ".rept 7 - \\i\n"
    "ldr r3, [sp, #(4 * pp_j)]\n"
    "ldr r4, [sp, #(32 + 4 * (\\i + pp_j))]\n"
    "mov r2, r8\n"
    "PP_V6M_STEP r5, r6\n"
    "movs r5, r6\n"
    "str r4, [sp, #(32 + 4 * (\\i + pp_j))]\n"
    ".set pp_j, pp_j + 1\n"
    ".endr\n"
    "str r5, [sp, #(32 + 4 * (\\i + 8))]\n"
    ".endm\n"
    /* squaring, diagonal: (c:r[2i+1]:r[2i]) += f[i]^2 + c */
    ".macro PP_V6M_SQ_DIAG i\n"
    "ldr r2, [sp, #(4 * \\i)]\n"
    "movs r3, r2\n"
    "ldr r4, [sp, #(32 + 8 * \\i)]\n"
    "PP_V6M_STEP r5, r6\n"
    "str r4, [sp, #(32 + 8 * \\i)]\n"
    "ldr r4, [sp, #(32 + 8 * \\i + 4)]\n"
    "adds r4, r6\n"
    "movs r5, #0\n"
    "adcs r5, r5\n"
    "str r4, [sp, #(32 + 8 * \\i + 4)]\n"
    ".endm\n"
    /* h = f^2: the 28 cross products once, doubled, plus the 8 squares
     * (HAC 14.16), then the multiplication's fold. Same frame, f copied
     * to sp+0. */
    ".global pp_fe25519_sq_v6m\n"
    ".type pp_fe25519_sq_v6m, %function\n"
    ".thumb_func\n"
    "pp_fe25519_sq_v6m:\n"
    "push {r4-r7, lr}\n"
    "mov r4, r8\n"
    "mov r5, r9\n"
    "push {r4, r5}\n"
    "sub sp, sp, #100\n"
    "str r0, [sp, #96]\n"
    "mov r2, r1\n"
    "mov r1, sp\n"
    "ldm r2!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "ldm r2!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "movs r3, #0\n"
    "movs r4, #0\n"
    "movs r5, #0\n"
    "movs r6, #0\n"
    "stm r1!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "PP_V6M_SQ_ROW 0\n"
    "PP_V6M_SQ_ROW 1\n"
    "PP_V6M_SQ_ROW 2\n"
    "PP_V6M_SQ_ROW 3\n"
    "PP_V6M_SQ_ROW 4\n"
    "PP_V6M_SQ_ROW 5\n"
    "PP_V6M_SQ_ROW 6\n"
    /* double the 16 columns (the square < 2^512: no carry out) */
    "add r0, sp, #32\n"
    "mov r1, r0\n"
    "ldm r1!, {r2-r5}\n"
    "adds r2, r2\n"
    "adcs r3, r3\n"
    "adcs r4, r4\n"
    "adcs r5, r5\n"
    "stm r0!, {r2-r5}\n"
    ".rept 3\n"
    "ldm r1!, {r2-r5}\n"
    "adcs r2, r2\n"
    "adcs r3, r3\n"
    "adcs r4, r4\n"
    "adcs r5, r5\n"
    "stm r0!, {r2-r5}\n"
    ".endr\n"
    "movs r5, #0\n"
    "PP_V6M_SQ_DIAG 0\n"
    "PP_V6M_SQ_DIAG 1\n"
    "PP_V6M_SQ_DIAG 2\n"
    "PP_V6M_SQ_DIAG 3\n"
    "PP_V6M_SQ_DIAG 4\n"
    "PP_V6M_SQ_DIAG 5\n"
    "PP_V6M_SQ_DIAG 6\n"
    "PP_V6M_SQ_DIAG 7\n"
    "b .Lpp_v6m_fold\n"
    ".size pp_fe25519_sq_v6m, .-pp_fe25519_sq_v6m\n"
    ".global pp_fe25519_mul_v6m\n"
    ".type pp_fe25519_mul_v6m, %function\n"
    ".thumb_func\n"
    "pp_fe25519_mul_v6m:\n"
    "push {r4-r7, lr}\n"
    "mov r4, r8\n"
    "mov r5, r9\n"
    "push {r4, r5}\n"
    "sub sp, sp, #100\n"
    "str r0, [sp, #96]\n"
    "mov r9, r1\n"
    "mov r1, sp\n"
    "ldm r2!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "ldm r2!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    "movs r3, #0\n"
    "movs r4, #0\n"
    "movs r5, #0\n"
    "movs r6, #0\n"
    "stm r1!, {r3-r6}\n"
    "stm r1!, {r3-r6}\n"
    /* rows: r[i..i+7] += f[i] * g, r[i+8] = the carry; a loop over i (the
     * branch depends on the row count only), products unrolled */
    "add r1, sp, #32\n"
    "1:\n"
    "mov r2, r9\n"
    "ldm r2!, {r3}\n"
    "mov r9, r2\n"
    "mov r8, r3\n"
    "movs r5, #0\n"
    "PP_V6M_PRODUCT 0, r5, r6\n"
    "PP_V6M_PRODUCT 1, r6, r5\n"
    "PP_V6M_PRODUCT 2, r5, r6\n"
    "PP_V6M_PRODUCT 3, r6, r5\n"
    "PP_V6M_PRODUCT 4, r5, r6\n"
    "PP_V6M_PRODUCT 5, r6, r5\n"
    "PP_V6M_PRODUCT 6, r5, r6\n"
    "PP_V6M_PRODUCT 7, r6, r5\n"
    "str r5, [r1, #32]\n"
    "adds r1, #4\n"
    "add r0, sp, #64\n"
    "cmp r1, r0\n"
    "beq 2f\n"
    "b 1b\n"                 /* the row is beyond B<c>'s 256 bytes */
    "2:\n"
    ".Lpp_v6m_fold:\n"
    "movs r5, #0\n"
    "PP_V6M_FOLD 0, r5, r6\n"
    "PP_V6M_FOLD 1, r6, r5\n"
    "PP_V6M_FOLD 2, r5, r6\n"
    "PP_V6M_FOLD 3, r6, r5\n"
    "PP_V6M_FOLD 4, r5, r6\n"
    "PP_V6M_FOLD 5, r6, r5\n"
    "PP_V6M_FOLD 6, r5, r6\n"
    "PP_V6M_FOLD 7, r6, r5\n"

    "movs r3, #38\n"
    "muls r5, r3\n"          /* c * 38 < 2^11 */
    "ldr r0, [sp, #96]\n"
    "add r1, sp, #32\n"
    "ldm r1!, {r2, r3, r4, r6}\n"
    "adds r2, r5\n"
    "movs r5, #0\n"         /* keeps C */
    "adcs r3, r5\n"
    "adcs r4, r5\n"
    "adcs r6, r5\n"
    "stm r0!, {r2, r3, r4, r6}\n"
    "ldm r1!, {r2, r3, r4, r6}\n"
    "adcs r2, r5\n"
    "adcs r3, r5\n"
    "adcs r4, r5\n"
    "adcs r6, r5\n"
    "stm r0!, {r2, r3, r4, r6}\n"
    "adcs r5, r5\n"         /* the last carry */
    "movs r3, #38\n"
    "muls r5, r3\n"
    "subs r0, #32\n"
    "ldr r2, [r0]\n"
    "adds r2, r5\n"
    "str r2, [r0]\n"
    "add sp, sp, #100\n"
    "pop {r4, r5}\n"
    "mov r8, r4\n"
    "mov r9, r5\n"
    "pop {r4-r7, pc}\n"
    ".size pp_fe25519_mul_v6m, .-pp_fe25519_mul_v6m\n"
    ".purgem PP_V6M_SQ_DIAG\n"
    ".purgem PP_V6M_SQ_ROW\n"
    ".purgem PP_V6M_FOLD\n"
    ".purgem PP_V6M_PRODUCT\n"
    ".purgem PP_V6M_STEP\n"
    ".popsection\n");

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_fe25519_mul_v6m_unused;
#endif
