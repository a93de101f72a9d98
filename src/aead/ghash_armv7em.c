/*
 * ghash_armv7em.c -- GHASH's 32 x 32 -> 64 carry-less products in Thumb-2
 * for ARMv7E-M (Cortex-M4/M7; PICOPSA_GHASH_ARMV7EM, the default there),
 * see ghash.h.
 *
 * pp_ghash_armv7em_mul9(out, a, b): for i = 0..8, out[i] and out[9 + i]
 * are the low and high words of the carry-less product of a[i] and b[i],
 * by ghash_ct64.c's method (each operand split into the four bit classes
 * mod 4, sixteen UMULL, the four products of a class XORed and masked):
 * 76 instructions per product, registers r0-r12 and lr all live, the
 * three pointers and the count in a 16-byte frame. The nine operand pairs
 * are ghash.h's two-level Karatsuba (pp_ghash_operands), the 256-bit
 * product pp_ghash_recombine of the low and high words, reduced in C
 * (pp_ghash_reduce32).
 *
 * Constant time: straight-line code but for the loop on the constant
 * count 9; every address sp- or pointer-relative. UMULL on the Cortex-M4
 * and M7 is single-cycle whatever the operands (not on the M3, where it
 * ends early: this file is built only for ARMv7E-M, config_check.h).
 * tools/aead/check_ghash_armv7m.py checks it under unicorn against the C
 * (ghash_ct64.c built for the same core) and compares instruction and
 * memory traces for different secrets.
 */
#include "aead/ghash.h"
#include "common/pp_util.h"

#if PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_ARMV7EM

void pp_ghash_armv7em_mul9(uint32_t out[18], const uint32_t a[9], const uint32_t b[9]);

__asm__(
    ".pushsection .text.pp_ghash_armv7em_mul9,\"ax\",%progbits\n"
    ".syntax unified\n"
    ".thumb\n"
    ".p2align 2\n"
    ".global pp_ghash_armv7em_mul9\n"
    ".hidden pp_ghash_armv7em_mul9\n"
    ".type pp_ghash_armv7em_mul9, %function\n"
    ".thumb_func\n"
    "pp_ghash_armv7em_mul9:\n"
    "push {r4-r11, lr}\n"
    "sub sp, sp, #16\n"
    "str r0, [sp, #0]\n"
    "str r1, [sp, #4]\n"
    "str r2, [sp, #8]\n"
    "movs r3, #9\n"
    "str r3, [sp, #12]\n"
    "1:\n"
    "ldr r12, [sp, #4]\n"
    "ldr r0, [r12], #4\n"
    "str r12, [sp, #4]\n"
    "ldr lr, [sp, #8]\n"
    "ldr r4, [lr], #4\n"
    "str lr, [sp, #8]\n"
    "and r3, r0, #0x88888888\n"
    "and r2, r0, #0x44444444\n"
    "and r1, r0, #0x22222222\n"
    "and r0, r0, #0x11111111\n"
    "and r7, r4, #0x88888888\n"
    "and r6, r4, #0x44444444\n"
    "and r5, r4, #0x22222222\n"
    "and r4, r4, #0x11111111\n"
    "umull r8, r9, r0, r4\n"
    "umull r12, lr, r1, r7\n"
    "eor r8, r8, r12\n"
    "eor r9, r9, lr\n"
    "umull r12, lr, r2, r6\n"
    "eor r8, r8, r12\n"
    "eor r9, r9, lr\n"
    "umull r12, lr, r3, r5\n"
    "eor r8, r8, r12\n"
    "eor r9, r9, lr\n"
    "and r8, r8, #0x11111111\n"
    "and r9, r9, #0x11111111\n"
    "umull r10, r11, r0, r5\n"
    "umull r12, lr, r1, r4\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "umull r12, lr, r2, r7\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "umull r12, lr, r3, r6\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "and r10, r10, #0x22222222\n"
    "and r11, r11, #0x22222222\n"
    "orr r8, r8, r10\n"
    "orr r9, r9, r11\n"
    "umull r10, r11, r0, r6\n"
    "umull r12, lr, r1, r5\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "umull r12, lr, r2, r4\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "umull r12, lr, r3, r7\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "and r10, r10, #0x44444444\n"
    "and r11, r11, #0x44444444\n"
    "orr r8, r8, r10\n"
    "orr r9, r9, r11\n"
    "umull r10, r11, r0, r7\n"
    "umull r12, lr, r1, r6\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "umull r12, lr, r2, r5\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "umull r12, lr, r3, r4\n"
    "eor r10, r10, r12\n"
    "eor r11, r11, lr\n"
    "and r10, r10, #0x88888888\n"
    "and r11, r11, #0x88888888\n"
    "orr r8, r8, r10\n"
    "orr r9, r9, r11\n"
    "ldr r12, [sp, #0]\n"
    "str r9, [r12, #36]\n"
    "str r8, [r12], #4\n"
    "str r12, [sp, #0]\n"
    "ldr r3, [sp, #12]\n"
    "subs r3, r3, #1\n"
    "str r3, [sp, #12]\n"
    "bne 1b\n"
    "add sp, sp, #16\n"
    "pop {r4-r11, pc}\n"
    ".size pp_ghash_armv7em_mul9, .-pp_ghash_armv7em_mul9\n"
    ".popsection\n");

/* x = x * h; hk = pp_ghash_operands() of h's words, t scratch. */
static void mul(uint64_t x[2], const uint32_t hk[9], uint32_t t[27])
{
    uint32_t z[8];
    pp_ghash_operands(t, (uint32_t)x[1], (uint32_t)(x[1] >> 32), (uint32_t)x[0],
                      (uint32_t)(x[0] >> 32));
    pp_ghash_armv7em_mul9(t + 9, t, hk);
    pp_ghash_recombine(t + 9, t + 18, z);
    pp_ghash_reduce32(x, z);
}

void pp_ghash_armv7em_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks)
{
    uint32_t hk[9], t[27];
    size_t i;
    pp_ghash_operands(hk, (uint32_t)h[1], (uint32_t)(h[1] >> 32), (uint32_t)h[0],
                      (uint32_t)(h[0] >> 32));
    for (i = 0; i < nblocks; i++) {
        y[0] ^= pp_load_be64(in + 16u * i);
        y[1] ^= pp_load_be64(in + 16u * i + 8u);
        mul(y, hk, t);
    }
    pp_wipe(hk, sizeof hk);
    pp_wipe(t, sizeof t);
}

#endif /* PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_ARMV7EM */
