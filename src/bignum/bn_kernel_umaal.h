/*
 * bn_kernel_umaal.h -- the part of the Cortex-M4/M7 kernel (bn_kernel_umaal.c)
 * that bignum.c inlines: the final subtraction (SBCS chains) and the
 * squaring's doubling (ADCS) and diagonal (UMAAL), short passes whose call
 * overhead would cost ~0.35% of an RSA-2048 private operation and ~1% of a
 * key import on Cortex-M4 as functions of their own. Contracts: those of
 * pp_bn_c_final_sub and pp_bn_c_double_diag in bn_kernel.h. Constant time:
 * every branch depends on n only. Included by bignum.c only.
 */
#ifndef PICOPSA_BN_KERNEL_UMAAL_H
#define PICOPSA_BN_KERNEL_UMAAL_H

#include "bignum/bn_kernel.h"

#ifdef PP_BN_UMAAL_ASM

/* ARMv7-M carry chains: one SBCS per limb; the loops keep C alive with
 * TEQ (which leaves C alone) and run over pointer ranges, singles first
 * (n % 4 limbs), then blocks of four through LDM/STM. Branches depend on
 * n only. Between ARM_SBC_HEAD and ARM_SBC_MID one limb, between
 * ARM_SBC_MID and ARM_SBC_TAIL four; the tail leaves -borrow in %[mask]. */
#define ARM_SBC_HEAD                                                                \
    "cmp %[t], %[t]\n\t" /* C = 1: no borrow in */                                  \
    "teq %[t], %[mid]\n\t"                                                          \
    "beq 2f\n\t"                                                                    \
    "1:\n\t"
#define ARM_SBC_MID                                                                 \
    "teq %[t], %[mid]\n\t"                                                          \
    "bne 1b\n\t"                                                                    \
    "2:\n\t"                                                                        \
    "teq %[t], %[end]\n\t"                                                          \
    "beq 4f\n\t"                                                                    \
    "3:\n\t"
#define ARM_SBC_TAIL                                                                \
    "teq %[t], %[end]\n\t"                                                          \
    "bne 3b\n\t"                                                                    \
    "4:\n\t"                                                                        \
    "sbc %[mask], %[mask], %[mask]\n\t"

/* All-ones when t < m (n limbs), else 0. */
static inline pp_limb lt_mask_asm(const pp_limb *t, const pp_limb *m, size_t n)
{
    const pp_limb *mid = t + (n & 3u), *end = t + n;
    pp_limb mask;
    __asm__ volatile(ARM_SBC_HEAD
                     "ldr r4, [%[t]], #4\n\t"
                     "ldr r5, [%[m]], #4\n\t"
                     "sbcs r4, r4, r5\n\t"
                     ARM_SBC_MID
                     "ldmia %[t]!, {r4, r5, r6, r7}\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "sbcs r4, r4, r8\n\t"
                     "sbcs r5, r5, r9\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "sbcs r6, r6, r8\n\t"
                     "sbcs r7, r7, r9\n\t"
                     ARM_SBC_TAIL
                     : [t] "+r"(t), [m] "+r"(m), [mask] "=&r"(mask)
                     : [mid] "r"(mid), [end] "r"(end)
                     : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
    return mask;
}

/* r = t - (m & sel) (n limbs); r may be t. */
static inline void sub_masked_asm(pp_limb *r, const pp_limb *t, const pp_limb *m, pp_limb sel,
                           size_t n)
{
    const pp_limb *mid = t + (n & 3u), *end = t + n;
    pp_limb borrow;
    __asm__ volatile(ARM_SBC_HEAD
                     "ldr r4, [%[t]], #4\n\t"
                     "ldr r5, [%[m]], #4\n\t"
                     "and r5, r5, %[sel]\n\t"
                     "sbcs r4, r4, r5\n\t"
                     "str r4, [%[r]], #4\n\t"
                     ARM_SBC_MID
                     "ldmia %[t]!, {r4, r5, r6, r7}\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "and r8, r8, %[sel]\n\t"
                     "and r9, r9, %[sel]\n\t"
                     "sbcs r4, r4, r8\n\t"
                     "sbcs r5, r5, r9\n\t"
                     "ldmia %[m]!, {r8, r9}\n\t"
                     "and r8, r8, %[sel]\n\t"
                     "and r9, r9, %[sel]\n\t"
                     "sbcs r6, r6, r8\n\t"
                     "sbcs r7, r7, r9\n\t"
                     "stmia %[r]!, {r4, r5, r6, r7}\n\t"
                     ARM_SBC_TAIL
                     : [t] "+r"(t), [m] "+r"(m), [r] "+r"(r), [mask] "=&r"(borrow)
                     : [mid] "r"(mid), [end] "r"(end), [sel] "r"(sel)
                     : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
    (void)borrow;
}

/* r = t - m when t (n limbs plus the bit top) >= m, else t (t < 2m): compare,
 * then subtract m masked: two passes without a store of the difference. */
static inline void pp_bn_umaal_final_sub(pp_limb *r, const pp_limb *t, pp_limb top,
                                         const pp_limb *m, size_t n)
{
    pp_limb keep_t = lt_mask_asm(t, m, n) ^ ((pp_limb)0 - top);
    sub_masked_asm(r, t, m, ~keep_t, n);
}

#if PICOPSA_BN_DEDICATED_SQR
/* t (2n limbs) = 2 t + sum a_i^2 2^(2wi): the doubling is an ADCS chain
 * through t (C carries the shifted-out bit), the diagonal goes in through
 * UMAAL, whose carry stays in a register (UMAAL with zero operands adds
 * two limbs without touching the flags). One limb of a per step, singles
 * (n odd) first, then pairs. */
static inline void pp_bn_umaal_double_diag(pp_limb *t, const pp_limb *a, size_t n)
{
    const pp_limb *mid = a + (n & 1u), *end = a + n;
    pp_limb carry = 0, zero;
    __asm__ volatile(
        "mov %[zero], #0\n\t"
        "cmn %[zero], #0\n\t" /* C = 0 */
        "teq %[a], %[mid]\n\t"
        "beq 2f\n\t"
        "1:\n\t"
        "ldmia %[t], {r4, r5}\n\t"
        "ldr r8, [%[a]], #4\n\t"
        "adcs r4, r4, r4\n\t"
        "adcs r5, r5, r5\n\t"
        "umaal r4, %[carry], r8, r8\n\t"
        "umaal r5, %[carry], %[zero], %[zero]\n\t"
        "stmia %[t]!, {r4, r5}\n\t"
        "teq %[a], %[mid]\n\t"
        "bne 1b\n\t"
        "2:\n\t"
        "teq %[a], %[end]\n\t"
        "beq 4f\n\t"
        "3:\n\t"
        "ldmia %[t], {r4, r5, r6, r7}\n\t"
        "ldmia %[a]!, {r8, r9}\n\t"
        "adcs r4, r4, r4\n\t"
        "adcs r5, r5, r5\n\t"
        "adcs r6, r6, r6\n\t"
        "adcs r7, r7, r7\n\t"
        "umaal r4, %[carry], r8, r8\n\t"
        "umaal r5, %[carry], %[zero], %[zero]\n\t"
        "umaal r6, %[carry], r9, r9\n\t"
        "umaal r7, %[carry], %[zero], %[zero]\n\t"
        "stmia %[t]!, {r4, r5, r6, r7}\n\t"
        "teq %[a], %[end]\n\t"
        "bne 3b\n\t"
        "4:\n\t"
        : [t] "+r"(t), [a] "+r"(a), [carry] "+r"(carry), [zero] "=&r"(zero)
        : [mid] "r"(mid), [end] "r"(end)
        : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
}
#endif

#endif /* PP_BN_UMAAL_ASM */

#endif /* PICOPSA_BN_KERNEL_UMAAL_H */
