/*
 * bn_kernel.h -- the contract between the portable algorithms of the
 * bignum core (bignum.c) and its kernels, private to src/bignum. The build
 * has one kernel, PICOPSA_BN_KERNEL (include/picopsa/config.h):
 *  - bn_kernel_c.c: portable C. Compiled for PICOPSA_BN_KERNEL_C, as the
 *    fallback of PICOPSA_BN_KERNEL_X86_64, and for PICOPSA_BN_KERNEL_UMAAL
 *    in unoptimised builds (there MUL_ADD2 and the row step are one UMAAL);
 *  - bn_kernel_umaal.c: Cortex-M4/M7 Thumb-2 assembly (PICOPSA_BN_KERNEL_UMAAL,
 *    optimised builds: PP_BN_UMAAL_ASM), and bn_kernel_umaal.h: its short
 *    passes that bignum.c inlines;
 *  - bn_kernel_x86_64.c: MULX/ADX Montgomery kernels, the AVX2 table scan
 *    and the CPUID choice (PICOPSA_BN_KERNEL_X86_64: PP_BN_X86_64).
 * A kernel file that the configuration leaves out compiles to nothing.
 * Every primitive is constant time: loop counts and branches depend on the
 * (public) sizes only, never on limb values. Sizes in limbs, little-endian
 * limb arrays as everywhere in bignum.h.
 */
#ifndef PICOPSA_BN_KERNEL_H
#define PICOPSA_BN_KERNEL_H

#include "bignum/bignum.h"
#include "common/pp_util.h"

#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL && defined(__OPTIMIZE__)
#define PP_BN_UMAAL_ASM 1
#endif
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
#define PP_BN_X86_64 1
/* The AVX2 table scan: always taken (n a multiple of 4) in a build for
 * AVX2, else compiled for run-time selection. */
#if defined(__AVX2__)
#define PP_BN_SCAN_AVX2_BUILTIN 1
#else
#define PP_BN_SCAN_AVX2_RUNTIME 1
#endif
#endif

/* All-ones when x != 0, else 0 (no branch). */
static inline pp_limb limb_mask_nonzero(pp_limb x)
{
    return (pp_limb)0 - ((x | ((pp_limb)0 - x)) >> (PP_BN_LIMB_BITS - 1));
}

/* x through the optimisation barrier (pp_util.h). */
static inline pp_limb limb_barrier(pp_limb x)
{
#if PP_BN_LIMB_BITS == 64
    return (pp_limb)pp_ct_barrier_u64((uint64_t)x);
#else
    return (pp_limb)pp_ct_barrier_u32((uint32_t)x);
#endif
}

/* The mask of table entry i for a secret index: all-ones when i == index.
 * It goes through the barrier so that the compiler cannot know that it is
 * 0 or all-ones: clang (-O2 with AVX2: -mavx2, -march=x86-64-v3, haswell,
 * native) otherwise compiles "entry & mask" in the scans below into a
 * compare-and-jump per entry that loads only the selected entry (issue 9).
 * Used by bignum.c's scans and the AVX2 scan of bn_kernel_x86_64.c. */
static inline pp_limb entry_mask(size_t i, pp_limb index)
{
    return limb_barrier(~limb_mask_nonzero((pp_limb)i ^ index));
}

#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL
/* UMAAL RdLo, RdHi, Rn, Rm: RdHi:RdLo = Rn * Rm + RdLo + RdHi, one
 * instruction per limb step (ARMv7E-M, Cortex-M4/M7). */
#define UMAAL_STEP(lo, carry, a, bj) \
    __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(carry) : "r"(a), "r"(bj))
#endif

/* hi:lo = a * b + lo + hi (cannot overflow): UMAAL on ARMv7E-M. */
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL
#define MUL_ADD2(lo, hi, a, b) UMAAL_STEP(lo, hi, a, b)
#else
#define MUL_ADD2(lo, hi, a, b)                                      \
    do {                                                            \
        pp_dlimb p_ = (pp_dlimb)(a) * (b) + (lo) + (hi);            \
        (lo) = (pp_limb)p_;                                         \
        (hi) = (pp_limb)(p_ >> PP_BN_LIMB_BITS);                                  \
    } while (0)
#endif

#ifndef PP_BN_UMAAL_ASM
/* ---- bn_kernel_c.c ---------------------------------------------------- */
/* The row: t[0..n) += a * b[0..n), returns the carry limb (HAC 14.12's
 * inner loop). */
pp_limb pp_bn_c_row(pp_limb *t, const pp_limb *b, pp_limb a, size_t n);
/* Three Montgomery reduction steps in one pass over t[0..n+3) (n >= 3):
 * adds (u0 + u1 2^w + u2 2^2w) m with u0..u2 chosen to clear t[0..2].
 * *top: carry into t[n] in, carry out of t[n+2] out; t[0..2] are left
 * undefined (never read again). */
void pp_bn_c_reduce3(pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *top);
/* Three rows of a schoolbook product in one pass, from k = 1 (the caller
 * did k = 0 and passes its carries c0, c1): t[k] += x0 b[k] + x1 b[k - 1]
 * + x2 b[k - 2] for the terms that exist, len >= 2, t[len..len+2] assigned. */
void pp_bn_c_mul3(pp_limb *t, const pp_limb *b, pp_limb x0, pp_limb x1, pp_limb x2, size_t len,
                  pp_limb c0, pp_limb c1);
/* r = t - m when t (n limbs plus the bit top) >= m, else t; t < 2m. r may
 * be t; diff: n limbs of scratch. */
void pp_bn_c_final_sub(pp_limb *r, const pp_limb *t, pp_limb top, const pp_limb *m, size_t n,
                       pp_limb *diff);
/* t (2n limbs) = 2 t + sum a_i^2 2^(2wi) (the squaring's doubling and
 * diagonal; nothing falls out since t < a^2 / 2). */
void pp_bn_c_double_diag(pp_limb *t, const pp_limb *a, size_t n);
#endif

#ifdef PP_BN_UMAAL_ASM
/* ---- bn_kernel_umaal.c: same contracts as the C kernel's --------------- */
pp_limb pp_bn_umaal_row(pp_limb *t, const pp_limb *b, pp_limb a, size_t n);
/* pp_bn_c_reduce3 with top passed and returned. */
pp_limb pp_bn_umaal_reduce3(pp_limb *t, const pp_limb *m, size_t n, pp_limb m0inv,
                            pp_limb top);
/* pp_bn_c_mul3 with tp = t + 1 and s = {x0, x1, x2, c0, c1}. */
void pp_bn_umaal_mul3(pp_limb *tp, const pp_limb *b, size_t len, const pp_limb *s);
/* pp_bn_umaal_final_sub (pp_bn_c_final_sub without the scratch) and
 * pp_bn_umaal_double_diag are static inline in bn_kernel_umaal.h. */
/* One column of four limbs of the table scan: out[0..4) = OR over the
 * entries of entry[0..4) AND masks[i], entry i at table + i * stride bytes. */
void pp_bn_arm_scan4(pp_limb *out, const pp_limb *table, size_t entries, const pp_limb *masks,
                     size_t stride);
#endif

#ifdef PP_BN_X86_64
/* ---- bn_kernel_x86_64.c ---------------------------------------------- */
/* The row of pp_bn_c_row with MULX/ADCX/ADOX (BMI2 + ADX). */
pp_limb pp_bn_adx_row(pp_limb *t, const pp_limb *b, pp_limb a, size_t n);
/* 1 when n is 8, 16, 24 or 32: then t (2n + 2 limbs) = a * b * R^-1
 * unreduced (< 2m; limbs n..2n, limb 2n the top bit); else 0. */
int pp_bn_adx_mont_mul_fixed(pp_limb *t, const pp_limb *a, const pp_limb *b, const pp_limb *m,
                             pp_limb m0inv, size_t n);
/* The same for a^2 R^-1: t[n..2n) plus *top. */
int pp_bn_adx_mont_sqr_fixed(pp_limb *t, pp_limb *top, const pp_limb *a, const pp_limb *m,
                             pp_limb m0inv, size_t n);
/* 1 when n has a fixed-size kernel: then r = pp_bn_c_final_sub(t, top). */
int pp_bn_adx_final_sub_fixed(pp_limb *r, const pp_limb *t, pp_limb top, const pp_limb *m,
                              size_t n, pp_limb *diff);
#if defined(PP_BN_SCAN_AVX2_RUNTIME) || defined(PP_BN_SCAN_AVX2_BUILTIN)
/* out = table[index] (entries of n limbs, n a multiple of 4) reading every
 * entry, with AVX2. */
void pp_bn_avx2_table_lookup(pp_limb *out, const pp_limb *table, size_t entries, pp_limb index,
                             size_t n);
#endif
#endif

#endif /* PICOPSA_BN_KERNEL_H */
