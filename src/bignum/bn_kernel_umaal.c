/*
 * bn_kernel_umaal.c -- the Cortex-M4/M7 kernel of the bignum core
 * (PICOPSA_BN_KERNEL_UMAAL, optimised builds; ARMv7E-M Thumb-2, 32-bit
 * limbs), as assembly functions: the row and the three-row reduction and
 * product passes (UMAAL), and a column of the table scan (LDM); the final
 * subtraction and the squaring's doubling, which bignum.c inlines, are in
 * bn_kernel_umaal.h. Contracts: those of the C kernel in bn_kernel.h.
 * Constant time: every branch depends on n (or the public entry count)
 * only; every table entry is read. Unoptimised builds (-O0 keeps the frame
 * pointer in r7, which the inline assembly of bn_kernel_umaal.h clobbers)
 * run bn_kernel_c.c with UMAAL steps instead.
 */
#include "bignum/bn_kernel.h"

#ifdef PP_BN_UMAAL_ASM

/* The row in assembly: n % 4 single limbs, then blocks of four through
 * LDM/STM (5.75 cycles per limb in the cycle model, against about 8 for
 * gcc -Os's code of the C loop below). Branches depend on n only. */
__asm__(
    ".section .text.pp_bn_umaal_row,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_umaal_row\n\t"
    ".hidden pp_bn_umaal_row\n\t"
    ".type pp_bn_umaal_row, %function\n\t"
    ".thumb_func\n"
    "pp_bn_umaal_row:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "mov r12, #0\n\t"
    "ands lr, r3, #3\n\t"
    "beq 2f\n"
    "1:\n\t"
    "ldr r4, [r1], #4\n\t"
    "ldr r8, [r0]\n\t"
    "umaal r8, r12, r2, r4\n\t"
    "str r8, [r0], #4\n\t"
    "subs lr, lr, #1\n\t"
    "bne 1b\n"
    "2:\n\t"
    "lsrs r3, r3, #2\n\t"
    "beq 4f\n"
    "3:\n\t"
    "ldm r1!, {r4, r5, r6, r7}\n\t"
    "ldm r0, {r8, r9, r10, r11}\n\t"
    "umaal r8, r12, r2, r4\n\t"
    "umaal r9, r12, r2, r5\n\t"
    "umaal r10, r12, r2, r6\n\t"
    "umaal r11, r12, r2, r7\n\t"
    "stm r0!, {r8, r9, r10, r11}\n\t"
    "subs r3, r3, #1\n\t"
    "bne 3b\n"
    "4:\n\t"
    "mov r0, r12\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_umaal_row, .-pp_bn_umaal_row\n\t"
    ".text\n");

/* pp_bn_c_reduce3 in assembly, a real function so that the loop has all
 * 14 registers: u0..u2 (r4-r6), their carry chains (r7-r9), three limbs of
 * m in rotation (r10-r12: step A loads m[k] into r10 with m[k-1] in r12 and
 * m[k-2] in r11, B and C rotate), t's limb (lr), the pointers (r0, r1) and
 * the count (r2). 3 UMAAL and 3 single loads/stores per limb, 3 limbs per
 * loop turn; the branches depend on n only. Returns the carry out. t[0..2]
 * are left as they are (never read again). */
#define UMAAL_ROWS3_STEP_A                                                          \
    "ldr r10, [r1], #4\n\t"                                                         \
    "ldr lr, [r0]\n\t"                                                              \
    "umaal lr, r7, r4, r10\n\t"                                                     \
    "umaal lr, r8, r5, r12\n\t"                                                     \
    "umaal lr, r9, r6, r11\n\t"                                                     \
    "str lr, [r0], #4\n\t"
#define UMAAL_ROWS3_STEP_B                                                          \
    "ldr r11, [r1], #4\n\t"                                                         \
    "ldr lr, [r0]\n\t"                                                              \
    "umaal lr, r7, r4, r11\n\t"                                                     \
    "umaal lr, r8, r5, r10\n\t"                                                     \
    "umaal lr, r9, r6, r12\n\t"                                                     \
    "str lr, [r0], #4\n\t"
#define UMAAL_ROWS3_STEP_C                                                          \
    "ldr r12, [r1], #4\n\t"                                                         \
    "ldr lr, [r0]\n\t"                                                              \
    "umaal lr, r7, r4, r12\n\t"                                                     \
    "umaal lr, r8, r5, r11\n\t"                                                     \
    "umaal lr, r9, r6, r10\n\t"                                                     \
    "str lr, [r0], #4\n\t"
__asm__(
    ".section .text.pp_bn_umaal_reduce3,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_umaal_reduce3\n\t"
    ".hidden pp_bn_umaal_reduce3\n\t"
    ".type pp_bn_umaal_reduce3, %function\n\t"
    ".thumb_func\n"
    "pp_bn_umaal_reduce3:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    /* k = 0..2: u_i = t_i m0inv once the earlier rows reached t_i */
    "ldr lr, [r0], #4\n\t"
    "ldr r10, [r1], #4\n\t"
    "mul r4, lr, r3\n\t"
    "mov r7, #0\n\t"
    "umaal lr, r7, r4, r10\n\t"
    "ldr lr, [r0], #4\n\t"
    "ldr r11, [r1], #4\n\t"
    "umaal lr, r7, r4, r11\n\t"
    "mul r5, lr, r3\n\t"
    "mov r8, #0\n\t"
    "umaal lr, r8, r5, r10\n\t"
    "ldr lr, [r0], #4\n\t"
    "ldr r12, [r1], #4\n\t"
    "umaal lr, r7, r4, r12\n\t"
    "umaal lr, r8, r5, r11\n\t"
    "mul r6, lr, r3\n\t"
    "mov r9, #0\n\t"
    "umaal lr, r9, r6, r10\n\t"
    /* k = 3..n-1 */
    "subs r2, r2, #6\n\t"  /* n - 3 limbs, minus one turn */
    "blo 3f\n"
    "1:\n\t"
    UMAAL_ROWS3_STEP_A UMAAL_ROWS3_STEP_B UMAAL_ROWS3_STEP_C
    "subs r2, r2, #3\n\t"
    "bhs 1b\n"
    "3:\n\t"
    "adds r2, r2, #3\n\t"  /* 0..2 limbs left */
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_A
    "cmp r2, #1\n\t"
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_B
    "4:\n\t"
    /* t[n] += u1 m[n-1] + u2 m[n-2] + c0 + top; t[n+1] += u2 m[n-1] + c1;
     * t[n+2] += c2; UMAAL by zero adds a carry without the flags */
    "ldr r10, [r1, #-4]\n\t"
    "ldr r11, [r1, #-8]\n\t"
    "ldr lr, [r0]\n\t"
    "ldr r3, [sp, #36]\n\t"
    "mov r12, #0\n\t"
    "umaal lr, r8, r5, r10\n\t"
    "umaal lr, r9, r6, r11\n\t"
    "umaal lr, r7, r12, r12\n\t"
    "umaal lr, r3, r12, r12\n\t"
    "str lr, [r0], #4\n\t"
    "ldr lr, [r0]\n\t"
    "umaal lr, r9, r6, r10\n\t"
    "umaal lr, r8, r12, r12\n\t"
    "add r7, r7, r3\n\t"
    "umaal lr, r7, r12, r12\n\t"
    "str lr, [r0], #4\n\t"
    "ldr lr, [r0]\n\t"
    "add r8, r8, r7\n\t"
    "umaal lr, r9, r12, r12\n\t"
    "umaal lr, r8, r12, r12\n\t"
    "str lr, [r0]\n\t"
    "add r0, r8, r9\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_umaal_reduce3, .-pp_bn_umaal_reduce3\n\t"
    ".text\n");

/* pp_bn_c_mul3 from k = 1 in assembly (registers as in
 * pp_bn_umaal_reduce3, b in place of m): tp = t + 1, s = {x0, x1, x2, c0,
 * c1}, len >= 2. */
__asm__(
    ".section .text.pp_bn_umaal_mul3,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_umaal_mul3\n\t"
    ".hidden pp_bn_umaal_mul3\n\t"
    ".type pp_bn_umaal_mul3, %function\n\t"
    ".thumb_func\n"
    "pp_bn_umaal_mul3:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "ldm r3, {r4, r5, r6, r7, r8}\n\t"
    "mov r9, #0\n\t"
    /* k = 1: x0 b[1] + x1 b[0] */
    "ldr r11, [r1], #4\n\t"
    "ldr r12, [r1], #4\n\t"
    "ldr lr, [r0]\n\t"
    "umaal lr, r7, r4, r12\n\t"
    "umaal lr, r8, r5, r11\n\t"
    "str lr, [r0], #4\n\t"
    /* k = 2..len-1 */
    "subs r2, r2, #5\n\t" /* len - 2 limbs, minus one turn */
    "blo 3f\n"
    "1:\n\t"
    UMAAL_ROWS3_STEP_A UMAAL_ROWS3_STEP_B UMAAL_ROWS3_STEP_C
    "subs r2, r2, #3\n\t"
    "bhs 1b\n"
    "3:\n\t"
    "adds r2, r2, #3\n\t"
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_A
    "cmp r2, #1\n\t"
    "beq 4f\n\t"
    UMAAL_ROWS3_STEP_B
    "4:\n\t"
    /* t[len] = c0 + x1 b[len-1] + x2 b[len-2], t[len+1] = x2 b[len-1] + c1,
     * t[len+2] = c2 (fresh limbs) */
    "ldr r10, [r1, #-4]\n\t"
    "ldr r11, [r1, #-8]\n\t"
    "mov lr, r7\n\t"
    "umaal lr, r8, r5, r10\n\t"
    "umaal lr, r9, r6, r11\n\t"
    "str lr, [r0], #4\n\t"
    "mov lr, r8\n\t"
    "umaal lr, r9, r6, r10\n\t"
    "str lr, [r0], #4\n\t"
    "str r9, [r0]\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_umaal_mul3, .-pp_bn_umaal_mul3\n\t"
    ".text\n");

/* One column of four limbs of bignum.c's table scan in assembly: out[0..4)
 * = OR over the entries of entry[0..4) AND masks[i], entry i at
 * table + i * stride bytes. Every entry is read with LDM whatever the
 * masks; the loop count is the (public) number of entries. */
__asm__(
    ".section .text.pp_bn_arm_scan4,\"ax\",%progbits\n\t"
    ".syntax unified\n\t"
    ".thumb\n\t"
    ".p2align 2\n\t"
    ".global pp_bn_arm_scan4\n\t"
    ".hidden pp_bn_arm_scan4\n\t"
    ".type pp_bn_arm_scan4, %function\n\t"
    ".thumb_func\n"
    "pp_bn_arm_scan4:\n\t"
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n\t"
    "ldr r12, [sp, #36]\n\t"
    "mov r8, #0\n\t"
    "mov r9, #0\n\t"
    "mov r10, #0\n\t"
    "mov r11, #0\n"
    "1:\n\t"
    "ldr lr, [r3], #4\n\t"
    "ldm r1, {r4, r5, r6, r7}\n\t"
    "add r1, r1, r12\n\t"
    "and r4, r4, lr\n\t"
    "and r5, r5, lr\n\t"
    "and r6, r6, lr\n\t"
    "and r7, r7, lr\n\t"
    "orr r8, r8, r4\n\t"
    "orr r9, r9, r5\n\t"
    "orr r10, r10, r6\n\t"
    "orr r11, r11, r7\n\t"
    "subs r2, r2, #1\n\t"
    "bne 1b\n\t"
    "stm r0, {r8, r9, r10, r11}\n\t"
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n\t"
    ".size pp_bn_arm_scan4, .-pp_bn_arm_scan4\n\t"
    ".text\n");

#endif /* PP_BN_UMAAL_ASM */
