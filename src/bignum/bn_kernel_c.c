/*
 * bn_kernel_c.c -- the portable C kernel of the bignum core (bn_kernel.h
 * has the contract of each function): the row, the three-row reduction and
 * product passes, the final subtraction and the squaring's doubling.
 * Compiled for PICOPSA_BN_KERNEL_C, as the fallback of the x86-64 kernel
 * (CPUs without BMI2 + ADX), and for the UMAAL kernel in unoptimised builds,
 * where MUL_ADD2 and the row step are one UMAAL instruction. Constant time:
 * loop counts depend on n only; no branch on limb values.
 */
#include "bignum/bn_kernel.h"

#ifndef PP_BN_UMAAL_ASM

#define W PP_BN_LIMB_BITS

/* The row (bn_kernel.h). */
pp_limb pp_bn_c_row(pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
{
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL
    /* unoptimised UMAAL build: one UMAAL per limb, unrolled by 4 */
    pp_limb carry = 0;
    size_t j = 0;
    for (; j + 4u <= n; j += 4u) {
        pp_limb t0 = t[j], t1 = t[j + 1u], t2 = t[j + 2u], t3 = t[j + 3u];
        UMAAL_STEP(t0, carry, a, b[j]);
        UMAAL_STEP(t1, carry, a, b[j + 1u]);
        UMAAL_STEP(t2, carry, a, b[j + 2u]);
        UMAAL_STEP(t3, carry, a, b[j + 3u]);
        t[j] = t0;
        t[j + 1u] = t1;
        t[j + 2u] = t2;
        t[j + 3u] = t3;
    }
    for (; j < n; j++) {
        pp_limb tj = t[j];
        UMAAL_STEP(tj, carry, a, b[j]);
        t[j] = tj;
    }
    return carry;
#else
    pp_limb carry = 0;
    size_t j;
    for (j = 0; j < n; j++) {
        pp_dlimb p = (pp_dlimb)a * b[j] + t[j] + carry;
        t[j] = (pp_limb)p;
        carry = (pp_limb)(p >> W);
    }
    return carry;
#endif
}

/* Three reduction rows in one pass: each limb of t is loaded and stored
 * once for three products (u1 is known after t[1] got u0's products, u2
 * after t[2] got those of u0 and u1). */
void pp_bn_c_reduce3(pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *top)
{
    pp_limb u0 = t[0] * m0inv, u1, u2, c0 = 0, c1 = 0, c2 = 0, tv;
    pp_dlimb sum;
    size_t k;
    tv = t[0];
    MUL_ADD2(tv, c0, u0, m[0]); /* tv == 0 */
    tv = t[1];
    MUL_ADD2(tv, c0, u0, m[1]);
    u1 = tv * m0inv;
    MUL_ADD2(tv, c1, u1, m[0]); /* tv == 0 */
    tv = t[2];
    MUL_ADD2(tv, c0, u0, m[2]);
    MUL_ADD2(tv, c1, u1, m[1]);
    u2 = tv * m0inv;
    MUL_ADD2(tv, c2, u2, m[0]); /* tv == 0 */
    for (k = 3; k < n; k++) {
        tv = t[k];
        MUL_ADD2(tv, c0, u0, m[k]);
        MUL_ADD2(tv, c1, u1, m[k - 1u]);
        MUL_ADD2(tv, c2, u2, m[k - 2u]);
        t[k] = tv;
    }
    /* t[n] += u1 m[n-1] + u2 m[n-2] + c0 + top; t[n+1] += u2 m[n-1] + c1;
     * t[n+2] += c2; carries ripple up. */
    tv = t[n];
    MUL_ADD2(tv, c1, u1, m[n - 1u]);
    MUL_ADD2(tv, c2, u2, m[n - 2u]);
    sum = (pp_dlimb)tv + c0 + *top;
    t[n] = (pp_limb)sum;
    tv = t[n + 1u];
    MUL_ADD2(tv, c2, u2, m[n - 1u]);
    sum = (pp_dlimb)tv + c1 + (pp_limb)(sum >> W);
    t[n + 1u] = (pp_limb)sum;
    sum = (pp_dlimb)t[n + 2u] + c2 + (pp_limb)(sum >> W);
    t[n + 2u] = (pp_limb)sum;
    *top = (pp_limb)(sum >> W);
}

void pp_bn_c_mul3(pp_limb *t, const pp_limb *b, pp_limb x0, pp_limb x1, pp_limb x2, size_t len,
                  pp_limb c0, pp_limb c1)
{
    pp_limb c2 = 0, tv;
    size_t k;
    tv = t[1];
    MUL_ADD2(tv, c0, x0, b[1]);
    MUL_ADD2(tv, c1, x1, b[0]);
    t[1] = tv;
    for (k = 2; k < len; k++) {
        tv = t[k];
        MUL_ADD2(tv, c0, x0, b[k]);
        MUL_ADD2(tv, c1, x1, b[k - 1u]);
        MUL_ADD2(tv, c2, x2, b[k - 2u]);
        t[k] = tv;
    }
    tv = c0;
    MUL_ADD2(tv, c1, x1, b[len - 1u]);
    MUL_ADD2(tv, c2, x2, b[len - 2u]);
    t[len] = tv;
    tv = c1;
    MUL_ADD2(tv, c2, x2, b[len - 1u]);
    t[len + 1u] = tv;
    t[len + 2u] = c2;
}

void pp_bn_c_final_sub(pp_limb *r, const pp_limb *t, pp_limb top, const pp_limb *m, size_t n,
                       pp_limb *diff)
{
    pp_limb borrow = pp_bn_sub(diff, t, m, n);
    /* t < m exactly when the subtraction borrowed and there is no top bit
     * (top = 1 forces a borrow, since t - m < 2^(wn)). */
    pp_limb keep_t = (pp_limb)0 - (borrow ^ top);
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = diff[i] ^ (keep_t & (diff[i] ^ t[i]));
    }
}

/* The cross-product sum is < a^2 / 2, so no bit falls out of the doubling. */
void pp_bn_c_double_diag(pp_limb *t, const pp_limb *a, size_t n)
{
    pp_limb carry = 0;
    size_t i;
    {
        pp_limb shifted_out = 0;
        for (i = 0; i < n; i++) {
            pp_limb lo = t[2u * i], hi = t[2u * i + 1u];
            pp_limb lo2 = (lo << 1) | shifted_out;
            pp_limb hi2 = (hi << 1) | (lo >> (W - 1));
            pp_dlimb p = (pp_dlimb)a[i] * a[i] + lo2 + carry;
            pp_dlimb s;
            shifted_out = hi >> (W - 1);
            t[2u * i] = (pp_limb)p;
            s = (pp_dlimb)hi2 + (pp_limb)(p >> W);
            t[2u * i + 1u] = (pp_limb)s;
            carry = (pp_limb)(s >> W);
        }
    }
}

#endif /* !PP_BN_UMAAL_ASM */
