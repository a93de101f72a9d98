/*
 * fe25519_muls.h -- the radix-2^32 field product's multiply-accumulate step
 * for cores whose only multiplier is MULS (32 x 32 -> low 32 bits): ARMv6-M
 * (Cortex-M0/M0+/M1, ARMv6-M ARM A6.7.44), where gcc and clang otherwise
 * call libgcc's 64 x 64 __aeabi_lmul for every 32 x 32 -> 64 product.
 *
 * (hi:lo) = a * b + lo + hi from four 16 x 16 -> 32 products (schoolbook on
 * 16-bit halves, HAC 14.12 with base 2^16), carries through ADDS/ADCS:
 * straight-line code, no branch or address depends on the operands. MULS takes a fixed time on both multiplier
 * options of the Cortex-M0+ (TRM DDI 0484C 3.3: 1 or 32 cycles). The result
 * never overflows: (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1.
 *
 * GCC/Clang inline assembly for ARMv6-M: included by fe25519.c (its UMAAL()
 * step) on ARMv6-M, and by the firmware test tests/firmware/fw_fe25519_muls.c.
 */
#ifndef PICOPSA_FE25519_MULS_H
#define PICOPSA_FE25519_MULS_H

#include <stdint.h>

/* Inlined even at -Os: a call per product would cost more than the step. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void pp_fe25519_umaal_muls(uint32_t *lo, uint32_t *hi, uint32_t a, uint32_t b)
{
    /* Thumb-1 assembly: the same computation in C with 64-bit temporaries
     * made gcc keep them on the stack (6,813 cycles per field product at
     * -Os, 3,496 with this block). MOVS #imm leaves C unchanged (ARMv6-M
     * ARM A6.7.40), so the carries chain through it. 26 cycles. */
    uint32_t ah, bh, ll;
    /* gcc passes Thumb-1 inline assembly in divided syntax unless
     * -masm-syntax-unified: switch for the block, then back. */
    __asm__(".syntax unified\n\t"
            "lsrs %[ah], %[a], #16\n\t"
            "uxth %[a], %[a]\n\t"
            "lsrs %[bh], %[b], #16\n\t"
            "uxth %[b], %[b]\n\t"
            "movs %[ll], %[a]\n\t"
            "muls %[ll], %[b]\n\t"   /* al * bl */
            "muls %[b], %[ah]\n\t"   /* ah * bl */
            "muls %[a], %[bh]\n\t"   /* al * bh */
            "muls %[ah], %[bh]\n\t"  /* ah * bh */
            "adds %[a], %[b]\n\t"    /* mid = al*bh + ah*bl, carry out */
            "movs %[bh], #0\n\t"
            "adcs %[bh], %[bh]\n\t"
            "lsls %[bh], %[bh], #16\n\t"
            "adds %[ah], %[bh]\n\t"  /* the mid carry has weight 2^48 */
            "lsls %[b], %[a], #16\n\t"
            "lsrs %[a], %[a], #16\n\t"
            "adds %[ll], %[b]\n\t"
            "adcs %[ah], %[a]\n\t"   /* (ah:ll) = a * b */
            "movs %[b], #0\n\t"
            "adds %[lo], %[ll]\n\t"
            "adcs %[ah], %[b]\n\t"
            "adds %[lo], %[hi]\n\t"
            "adcs %[ah], %[b]\n\t"
            "movs %[hi], %[ah]\n\t"
            ".syntax divided"
            : [lo] "+l"(*lo), [hi] "+l"(*hi), [a] "+l"(a), [b] "+l"(b), [ah] "=&l"(ah),
              [bh] "=&l"(bh), [ll] "=&l"(ll)
            :
            : "cc");
}

#endif /* PICOPSA_FE25519_MULS_H */
