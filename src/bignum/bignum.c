/*
 * bignum.c -- fixed-size constant-time multi-precision arithmetic (see
 * bignum.h for the conventions): the portable algorithms. The kernels they
 * are built on (the row t += a * b, three-row passes, final subtraction,
 * table scans; bn_kernel.h) are in bn_kernel_c.c, bn_kernel_umaal.c and
 * bn_kernel_x86_64.c.
 */
#include "bignum/bignum.h"

#include <string.h>

#include "bignum/bn_kernel.h"
#include "bignum/bn_kernel_umaal.h"
#include "common/pp_util.h"

#define W PP_BN_LIMB_BITS

/* ---- conversion ------------------------------------------------------ */

int pp_bn_from_bytes(pp_limb *r, size_t n, const uint8_t *in, size_t len)
{
    size_t k;
    uint8_t overflow = 0;
    memset(r, 0, n * sizeof(pp_limb));
    /* k counts bytes from the least significant end. */
    for (k = 0; k < len; k++) {
        uint8_t byte = in[len - 1u - k];
        size_t limb = k / PP_BN_LIMB_BYTES;
        if (limb < n) {
            r[limb] |= (pp_limb)byte << (8u * (k % PP_BN_LIMB_BYTES));
        } else {
            overflow |= byte;
        }
    }
    return (int)(pp_ct_mask_zero_u32(overflow) & 1u);
}

void pp_bn_to_bytes(uint8_t *out, size_t len, const pp_limb *a, size_t n)
{
    size_t k;
    for (k = 0; k < len; k++) {
        size_t limb = k / PP_BN_LIMB_BYTES;
        uint8_t byte = 0;
        if (limb < n) {
            byte = (uint8_t)(a[limb] >> (8u * (k % PP_BN_LIMB_BYTES)));
        }
        out[len - 1u - k] = byte;
    }
}

size_t pp_bn_bits_vartime(const pp_limb *a, size_t n)
{
    size_t i = n;
    while (i > 0 && a[i - 1u] == 0) {
        i--;
    }
    if (i == 0) {
        return 0;
    }
    {
        pp_limb top = a[i - 1u];
        size_t bits = (i - 1u) * W;
        while (top != 0) {
            bits++;
            top >>= 1;
        }
        return bits;
    }
}

/* ---- additive arithmetic and comparisons ---------------------------- */

void pp_bn_zero(pp_limb *r, size_t n)
{
    memset(r, 0, n * sizeof(pp_limb));
}

void pp_bn_copy(pp_limb *r, const pp_limb *a, size_t n)
{
    /* r == a or disjoint (memmove is not in the freestanding subset) */
    if (r != a) {
        memcpy(r, a, n * sizeof(pp_limb));
    }
}

pp_limb pp_bn_add(pp_limb *r, const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb carry = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb s = (pp_dlimb)a[i] + b[i] + carry;
        r[i] = (pp_limb)s;
        carry = (pp_limb)(s >> W);
    }
    return carry;
}

pp_limb pp_bn_sub(pp_limb *r, const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb borrow = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb d = (pp_dlimb)a[i] - b[i] - borrow;
        r[i] = (pp_limb)d;
        /* A negative difference wraps: its top half is all ones. */
        borrow = (pp_limb)(d >> W) & 1u;
    }
    return borrow;
}

pp_limb pp_bn_cond_add(pp_limb *r, const pp_limb *a, const pp_limb *b, pp_limb mask, size_t n)
{
    pp_limb carry = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb s = (pp_dlimb)a[i] + (b[i] & mask) + carry;
        r[i] = (pp_limb)s;
        carry = (pp_limb)(s >> W);
    }
    return carry;
}

void pp_bn_cond_copy(pp_limb *r, const pp_limb *a, pp_limb mask, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] ^= mask & (r[i] ^ a[i]);
    }
}

pp_limb pp_bn_lt_mask(const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb borrow = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        pp_dlimb d = (pp_dlimb)a[i] - b[i] - borrow;
        borrow = (pp_limb)(d >> W) & 1u;
    }
    return (pp_limb)0 - borrow;
}

pp_limb pp_bn_eq_mask(const pp_limb *a, const pp_limb *b, size_t n)
{
    pp_limb diff = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        diff |= a[i] ^ b[i];
    }
    return ~limb_mask_nonzero(diff);
}

pp_limb pp_bn_is_zero_mask(const pp_limb *a, size_t n)
{
    pp_limb acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc |= a[i];
    }
    return ~limb_mask_nonzero(acc);
}

pp_limb pp_bn_eq_word_mask(const pp_limb *a, size_t n, pp_limb v)
{
    pp_limb diff = a[0] ^ v;
    size_t i;
    for (i = 1; i < n; i++) {
        diff |= a[i];
    }
    return ~limb_mask_nonzero(diff);
}

/* ---- multiplication ------------------------------------------------- */

void pp_bn_mul(pp_limb *r, const pp_limb *a, size_t an, const pp_limb *b, size_t bn)
{
    size_t i, j;
    memset(r, 0, (an + bn) * sizeof(pp_limb));
    for (i = 0; i < an; i++) {
        pp_limb carry = 0;
        pp_limb ai = a[i];
        for (j = 0; j < bn; j++) {
            pp_dlimb p = (pp_dlimb)ai * b[j] + r[i + j] + carry;
            r[i + j] = (pp_limb)p;
            carry = (pp_limb)(p >> W);
        }
        r[i + bn] = carry;
    }
}

/* ---- Montgomery arithmetic ------------------------------------------ */

pp_limb pp_bn_mont_m0inv(pp_limb m0)
{
    /* For odd m0, x = m0 is an inverse mod 2^3; each Newton step
     * x <- x * (2 - m0 * x) doubles the number of correct bits. */
    pp_limb x = m0;
    unsigned i;
    for (i = 0; i < 5u; i++) {
        x = x * ((pp_limb)2 - m0 * x);
    }
    return (pp_limb)0 - x;
}

/* ---- kernel primitives ---------------------------------------------------
 * Every Montgomery routine below is built on one primitive, a row:
 * t[0..n) += a * b[0..n), returning the carry limb (HAC 14.12 inner loop),
 * and, for the portable and UMAAL kernels, three-row passes. The wrappers
 * pick the build's kernel (bn_kernel.h) at compile time. */

/* r = t - m when t (n limbs plus the bit `top`) >= m, else t. Requires
 * t < 2m, so one subtraction reduces fully (HAC 14.32 step 3). t and r
 * may be the same array. */
static inline void final_subtract(pp_limb *r, const pp_limb *t, pp_limb top,
                                  const pp_limb *m, size_t n, pp_limb *diff)
{
#ifdef PP_BN_UMAAL_ASM
    (void)diff;
    pp_bn_umaal_final_sub(r, t, top, m, n);
#else
    pp_bn_c_final_sub(r, t, top, m, n, diff);
#endif
}

/* The multiplication kernel an operation runs: ROW_ADX = MULX/ADX (the
 * fixed-size Montgomery multiplication where n has one, else MULX/ADX rows),
 * ROW_ADX_ROWS = MULX/ADX rows only (a test hook, so that both stay
 * covered), ROW_C = the portable one (C, or UMAAL on Cortex-M). A build for
 * BMI2 + ADX (-march=native, -mbmi2 -madx) always uses MULX/ADX; otherwise
 * the exponentiations take the caller's pp_bn_kernel (pp_bn_kernel_selected())
 * and the other entry points run the portable kernel. */
typedef enum { ROW_C, ROW_ADX, ROW_ADX_ROWS } row_kind;

static row_kind select_row(void)
{
#if defined(PP_BN_X86_64) && defined(__BMI2__) && defined(__ADX__)
    return ROW_ADX;
#else
    return ROW_C;
#endif
}

/* The multiplication kernel of a pp_bn_kernel. */
static row_kind row_of(pp_bn_kernel kernel)
{
    switch (kernel) {
#ifdef PP_BN_X86_64
    case PP_BN_KERNEL_ADX:
    case PP_BN_KERNEL_ADX_AVX2:
        return ROW_ADX;
    case PP_BN_KERNEL_ADX_ROWS:
        return ROW_ADX_ROWS;
#endif
    default:
        return select_row();
    }
}

const char *pp_bn_kernel_name(void)
{
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_UMAAL
    return "Cortex-M UMAAL";
#elif PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
    switch (pp_bn_kernel_selected()) {
    case PP_BN_KERNEL_ADX_AVX2:
        return "x86-64 MULX/ADX, AVX2 table scan";
    case PP_BN_KERNEL_ADX:
    case PP_BN_KERNEL_ADX_ROWS:
        return "x86-64 MULX/ADX";
    case PP_BN_KERNEL_BASE_AVX2:
        return "portable C, AVX2 table scan";
    default:
        return "portable C";
    }
#else
    return "portable C";
#endif
}

static inline pp_limb row_dispatch(row_kind kind, pp_limb *t, const pp_limb *b, pp_limb a, size_t n)
{
#if defined(PP_BN_X86_64)
    if (kind != ROW_C) {
        return pp_bn_adx_row(t, b, a, n);
    }
    return pp_bn_c_row(t, b, a, n);
#elif defined(PP_BN_UMAAL_ASM)
    (void)kind;
    return pp_bn_umaal_row(t, b, a, n);
#else
    (void)kind;
    return pp_bn_c_row(t, b, a, n);
#endif
}
#define row(t, b, a, n) row_dispatch(row, (t), (b), (a), (n))

/* The hot loops take their scratch (SCRATCH_LIMBS(n)) from the caller, so
 * the exponentiation keeps it in its work area and wipes it once. */
#define SCRATCH_LIMBS(n) (3u * (n) + 2u)

static void mont_mul_rows3(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch);

/* The row-triple kernels below run for ROW_C; builds without the
 * MULX/ADX kernel have nothing else, so there the choice is made at
 * compile time and the HAC 14.36 row loop is not built in. */
#ifdef PP_BN_X86_64
#define ROWS3(row) ((row) == ROW_C)
#else
#define ROWS3(row) ((void)(row), 1)
#endif

static void mont_mul_scratch(pp_limb *r, const pp_limb *a, const pp_limb *b,
                             const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch,
                             row_kind row)
{
    if (ROWS3(row)) {
        mont_mul_rows3(r, a, b, m, m0inv, n, scratch);
        return;
    }
    /* Word-by-word Montgomery multiplication (HAC 14.36) on a 2n+2 limb
     * window that slides up one limb per step instead of shifting:
     * t += a_i * b * 2^(wi), then t += u * m * 2^(wi) with
     * u = t_i * m0inv clears limb i. After n steps t / R = a b R^-1 sits in
     * limbs n..2n and is < 2m. */
    pp_limb *t = scratch;
    size_t i;
#ifdef PP_BN_X86_64
    if (row == ROW_ADX && pp_bn_adx_mont_mul_fixed(t, a, b, m, m0inv, n)) {
        (void)pp_bn_adx_final_sub_fixed(r, t + n, t[2u * n], m, n, scratch + 2u * n + 2u);
        return;
    }
#endif
    memset(t, 0, (2u * n + 2u) * sizeof(pp_limb));
    for (i = 0; i < n; i++) {
        pp_limb c = row(t + i, b, a[i], n);
        pp_dlimb s = (pp_dlimb)t[i + n] + c;
        t[i + n] = (pp_limb)s;
        t[i + n + 1u] += (pp_limb)(s >> W);
        c = row(t + i, m, t[i] * m0inv, n);
        s = (pp_dlimb)t[i + n] + c;
        t[i + n] = (pp_limb)s;
        t[i + n + 1u] += (pp_limb)(s >> W);
    }
    final_subtract(r, t + n, t[2u * n], m, n, scratch + 2u * n + 2u);
}

/* Three reduction steps in one pass over t[0..n+3) (n >= 3), see
 * pp_bn_c_reduce3. */
static inline void reduce_three_rows(pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n,
                                     pp_limb *top)
{
#ifdef PP_BN_UMAAL_ASM
    *top = pp_bn_umaal_reduce3(t, m, n, m0inv, *top);
#else
    pp_bn_c_reduce3(t, m, m0inv, n, top);
#endif
}

static void mont_reduce_scratch(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv,
                                size_t n, pp_limb *diff, row_kind row)
{
    /* Word-by-word Montgomery reduction (HAC 14.32): clear one low limb per
     * step by adding u * m * 2^(w i); the carry out of the top is kept. */
    pp_limb top = 0;
    size_t i = 0;
    if (ROWS3(row)) {
        /* Portable and UMAAL kernels: three steps per pass, the n % 3
         * left over one at a time below. */
        for (; i + 3u <= n; i += 3u) {
            reduce_three_rows(t + i, m, m0inv, n, &top);
        }
    }
    for (; i < n; i++) {
        pp_limb carry = row(t + i, m, t[i] * m0inv, n);
        pp_dlimb s = (pp_dlimb)t[i + n] + carry + top;
        t[i + n] = (pp_limb)s;
        top = (pp_limb)(s >> W);
    }
    final_subtract(r, t + n, top, m, n, diff);
}

/* Three rows of a schoolbook product in one pass, see pp_bn_c_mul3. */
static inline void mul_three_rows(pp_limb *t, const pp_limb *b, pp_limb x0, pp_limb x1,
                                  pp_limb x2, size_t len, pp_limb c0, pp_limb c1)
{
#ifdef PP_BN_UMAAL_ASM
    pp_limb s[5];
    s[0] = x0;
    s[1] = x1;
    s[2] = x2;
    s[3] = c0;
    s[4] = c1;
    pp_bn_umaal_mul3(t + 1, b, len, s);
#else
    pp_bn_c_mul3(t, b, x0, x1, x2, len, c0, c1);
#endif
}

/* Portable/UMAAL Montgomery multiplication, separated (HAC 14.36 split as
 * in Koc-Acar-Kaliski's SOS): the product by row triples, then the
 * reduction by row triples; the n % 3 rows left over go one at a time. */
static void mont_mul_rows3(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch)
{
    pp_limb *t = scratch;
    size_t i;
    memset(t, 0, (2u * n + 2u) * sizeof(pp_limb));
    for (i = 0; i + 3u <= n; i += 3u) {
        pp_limb c0 = 0, tv = t[i];
        MUL_ADD2(tv, c0, a[i], b[0]);
        t[i] = tv;
        mul_three_rows(t + i, b, a[i], a[i + 1u], a[i + 2u], n, c0, 0);
    }
    for (; i < n; i++) {
        t[i + n] = row_dispatch(ROW_C, t + i, b, a[i], n);
    }
    mont_reduce_scratch(r, t, m, m0inv, n, scratch + 2u * n + 2u, ROW_C);
}

#if !PICOPSA_BN_DEDICATED_SQR && !defined(PP_BN_X86_64)
/* Squaring through the multiplication (PICOPSA_BN_DEDICATED_SQR 0; builds
 * with the MULX/ADX kernel keep its fixed-size squaring). */
#define BN_SQR_VIA_MUL 1
#define mont_sqr_scratch(r, a, m, m0inv, n, scratch, row) \
    mont_mul_scratch(r, a, a, m, m0inv, n, scratch, row)
#else
static void mont_sqr_scratch(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                             size_t n, pp_limb *scratch, row_kind row)
{
    /* a^2 = sum a_i^2 2^(2wi) + 2 * sum_{i<j} a_i a_j 2^(w(i+j)) (HAC 14.16):
     * the cross products once, doubled by a shift, then the diagonal. */
    pp_limb *t = scratch;
    size_t i;
#ifdef PP_BN_X86_64
    pp_limb top;
    if (row == ROW_ADX && pp_bn_adx_mont_sqr_fixed(t, &top, a, m, m0inv, n)) {
        (void)pp_bn_adx_final_sub_fixed(r, t + n, top, m, n, scratch + 2u * n + 2u);
        return;
    }
#endif
    memset(t, 0, 2u * n * sizeof(pp_limb));
    i = 0;
    if (ROWS3(row)) {
        /* rows i, i + 1, i + 2 in one pass: a_i a_{i+1}, a_i a_{i+2}, then
         * a_i a_{i+3} + a_{i+1} a_{i+2}, then the three rows over
         * a[i+3..] aligned (a_{i+2}'s starts two limbs later) */
        for (; i + 5u <= n; i += 3u) {
            pp_limb c0 = 0, c1 = 0, tv = t[2u * i + 1u];
            MUL_ADD2(tv, c0, a[i], a[i + 1u]);
            t[2u * i + 1u] = tv;
            tv = t[2u * i + 2u];
            MUL_ADD2(tv, c0, a[i], a[i + 2u]);
            t[2u * i + 2u] = tv;
            tv = t[2u * i + 3u];
            MUL_ADD2(tv, c0, a[i], a[i + 3u]);
            MUL_ADD2(tv, c1, a[i + 1u], a[i + 2u]);
            t[2u * i + 3u] = tv;
            mul_three_rows(t + 2u * i + 3u, a + i + 3u, a[i], a[i + 1u], a[i + 2u],
                           n - 3u - i, c0, c1);
        }
    }
    for (; i + 1u < n; i++) {
        t[i + n] = row(t + 2u * i + 1u, a + i + 1u, a[i], n - 1u - i);
    }
    /* Double and add the diagonal in one pass. */
#ifdef PP_BN_UMAAL_ASM
    pp_bn_umaal_double_diag(t, a, n);
#else
    pp_bn_c_double_diag(t, a, n);
#endif
    mont_reduce_scratch(r, t, m, m0inv, n, scratch + 2u * n, row);
}
#endif /* BN_SQR_VIA_MUL */

void pp_bn_mont_mul(pp_limb *r, const pp_limb *a, const pp_limb *b,
                    const pp_limb *m, pp_limb m0inv, size_t n)
{
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_mul_scratch(r, a, b, m, m0inv, n, scratch, select_row());
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

void pp_bn_mont_mul_work(pp_limb *r, const pp_limb *a, const pp_limb *b,
                         const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *work)
{
    mont_mul_scratch(r, a, b, m, m0inv, n, work, select_row());
}

void pp_bn_mont_sqr(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv, size_t n)
{
#ifndef BN_SQR_VIA_MUL
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_sqr_scratch(r, a, m, m0inv, n, scratch, select_row());
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
#else
    pp_bn_mont_mul(r, a, a, m, m0inv, n);
#endif
}

void pp_bn_mont_mul_kernel(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_bn_kernel kernel)
{
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_mul_scratch(r, a, b, m, m0inv, n, scratch, row_of(kernel));
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

void pp_bn_mont_sqr_kernel(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                           size_t n, pp_bn_kernel kernel)
{
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    mont_sqr_scratch(r, a, m, m0inv, n, scratch, row_of(kernel));
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

void pp_bn_mont_reduce(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n)
{
    pp_limb diff[PP_BN_MAX_LIMBS];
    mont_reduce_scratch(r, t, m, m0inv, n, diff, select_row());
    pp_wipe(diff, n * sizeof(pp_limb));
}

void pp_bn_mont_reduce_work(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n,
                            pp_limb *work)
{
    mont_reduce_scratch(r, t, m, m0inv, n, work, select_row());
}

void pp_bn_mont_r2(pp_limb *r, const pp_limb *m, pp_limb m0inv, size_t n, size_t m_bits)
{
    /* Doubling with a constant-time conditional subtraction from
     * 2^(m_bits - 1) < m gives 2^(wn + n) = R * 2^n mod m; log2(w)
     * Montgomery squarings then map R * 2^s to R * 2^(2s), ending at
     * R * 2^(wn) = R^2 (mod m). The loop counts depend on n and m_bits
     * only, never on the value of m. */
    pp_limb diff[PP_BN_MAX_LIMBS];
    pp_limb scratch[SCRATCH_LIMBS(PP_BN_MAX_LIMBS)];
    size_t i;
    unsigned s;
    pp_bn_zero(r, n);
    r[(m_bits - 1u) / W] = (pp_limb)1 << ((m_bits - 1u) % W);
    for (i = m_bits - 1u; i < (size_t)W * n + n; i++) {
        pp_limb carry = pp_bn_add(r, r, r, n);
        pp_limb borrow = pp_bn_sub(diff, r, m, n);
        /* Subtract when 2r >= m: a carry out, or no borrow. */
        pp_limb use_diff = (pp_limb)0 - (carry | (borrow ^ 1u));
        pp_bn_cond_copy(r, diff, use_diff, n);
    }
    for (s = 1; s < W; s <<= 1) {
        mont_sqr_scratch(r, r, m, m0inv, n, scratch, select_row());
    }
    pp_wipe(diff, n * sizeof(pp_limb));
    pp_wipe(scratch, SCRATCH_LIMBS(n) * sizeof(pp_limb));
}

/* ---- exponentiation -------------------------------------------------- */

/* The Montgomery products of the exponentiations go through MMUL / MSQR:
 * the software kernels, or, in a build that names accelerator drivers
 * (PP_BN_ENGINE), their bignum engines first (bignum/bn_engine.h). A
 * driver-less build preprocesses to the code it had before the seam. */
#if PP_BN_ENGINE
#include "bignum/bn_engine.h"
#if PICOPSA_BN_LIMB_BITS != 32
#error "bignum engines take 32-bit words (config_check.h)"
#endif
#define ENG_DECL , pp_bn_engine_ctx *ctx
#define ENG_PASS , ctx
/* r = a b R^-1 mod m by the exponentiation's engine (ctx->eng, chosen by
 * engine_begin), or by the software: without an engine, or when it
 * declines this product (NOT_SUPPORTED). Another status fails the
 * operation: it is kept in ctx (the first one) and the product computed in
 * software anyway, so the exponentiation runs to its end the same way. */
static void engine_mul(pp_limb *r, const pp_limb *a, const pp_limb *b, const pp_limb *m,
                       pp_limb m0inv, size_t n, pp_limb *scratch, row_kind row,
                       pp_bn_engine_ctx *ctx, int square)
{
    if (ctx != NULL && ctx->eng != NULL) {
        psa_status_t st = ctx->eng->mont_mul(r, a, b, m, m0inv, n, ctx->secret);
        if (st == PSA_SUCCESS) {
            return;
        }
        if (st != PSA_ERROR_NOT_SUPPORTED && ctx->status == PSA_SUCCESS) {
            ctx->status = st;
        }
    }
    if (square) {
        mont_sqr_scratch(r, a, m, m0inv, n, scratch, row);
    } else {
        mont_mul_scratch(r, a, b, m, m0inv, n, scratch, row);
    }
}

/* The engine of one exponentiation modulo m (r1 = R mod m), and its end. */
static void engine_begin(pp_bn_engine_ctx *ctx, const pp_limb *m, pp_limb m0inv,
                         const pp_limb *r1, size_t n)
{
    psa_status_t st;
    /* After an engine error the operation has failed: no engine again, so
     * a stalled peripheral costs one timeout, not one per exponentiation. */
    if (ctx == NULL || ctx->status != PSA_SUCCESS) {
        return;
    }
    ctx->eng = pp_bn_engine_begin(m, m0inv, r1, n, ctx->bits, ctx->secret, &st);
    if (st != PSA_SUCCESS && ctx->status == PSA_SUCCESS) {
        ctx->status = st;
    }
}
static void engine_end(pp_bn_engine_ctx *ctx)
{
    if (ctx != NULL && ctx->eng != NULL) {
        if (ctx->eng->end != NULL) {
            ctx->eng->end();
        }
        ctx->eng = NULL;
    }
}
#define MMUL(r, a, b) engine_mul(r, a, b, m, m0inv, n, scratch, row, ctx, 0)
#define MSQR(r, a) engine_mul(r, a, a, m, m0inv, n, scratch, row, ctx, 1)
#define MONT_EXP_FN pp_bn_mont_exp_engine
#define PUBLIC_EXP_FN pp_bn_mod_exp_public_vartime_work_engine
#else
#define ENG_DECL
#define ENG_PASS
#define MMUL(r, a, b) mont_mul_scratch(r, a, b, m, m0inv, n, scratch, row)
#define MSQR(r, a) mont_sqr_scratch(r, a, m, m0inv, n, scratch, row)
#define MONT_EXP_FN pp_bn_mont_exp
#define PUBLIC_EXP_FN pp_bn_mod_exp_public_vartime_work
#endif


/* Bits pos .. pos + count - 1 of e (e_limbs limbs; bits beyond are 0).
 * pos and count are public; the value is secret and never branched on. */
static pp_limb exponent_bits(const pp_limb *e, size_t e_limbs, size_t pos, unsigned count)
{
    size_t limb = pos / W;
    unsigned offset = (unsigned)(pos % W);
    pp_limb v = e[limb] >> offset;
    if (offset + count > W && limb + 1u < e_limbs) {
        v |= e[limb + 1u] << (W - offset);
    }
    return v & (((pp_limb)1 << count) - 1u);
}

/* out = table[index] reading every entry (constant-time scan), so neither
 * the memory addresses nor the branches depend on index. kernel: the
 * exponentiation's (PP_BN_KERNEL_*_AVX2 selects the AVX2 scan where it is
 * compiled for run-time selection and n is a multiple of 4; a build for
 * AVX2 always takes it for such n). */
static void table_lookup(pp_limb *out, const pp_limb *table, size_t entries,
                         pp_limb index, size_t n, pp_bn_kernel kernel)
{
    size_t i, j;
    pp_limb masks[(size_t)1 << 6];
#if defined(PP_BN_SCAN_AVX2_RUNTIME)
    if ((kernel == PP_BN_KERNEL_BASE_AVX2 || kernel == PP_BN_KERNEL_ADX_AVX2) && n % 4u == 0) {
        pp_bn_avx2_table_lookup(out, table, entries, index, n);
        return;
    }
#elif defined(PP_BN_SCAN_AVX2_BUILTIN)
    if (n % 4u == 0) {
        pp_bn_avx2_table_lookup(out, table, entries, index, n);
        return;
    }
#endif
    (void)kernel;
    /* Limb-major, four accumulators in registers: no read-modify-write of
     * out per entry (about half the instructions on Cortex-M and SSE2). */
    for (i = 0; i < entries; i++) {
        masks[i] = entry_mask(i, index);
    }
    j = 0;
#ifdef PP_BN_UMAAL_ASM
    for (j = 0; j + 4u <= n; j += 4u) {
        pp_bn_arm_scan4(out + j, table + j, entries, masks, n * sizeof(pp_limb));
    }
#endif
    for (; j + 4u <= n; j += 4u) {
        pp_limb a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        const pp_limb *e = table + j;
        for (i = 0; i < entries; i++, e += n) {
            pp_limb m = masks[i];
            a0 |= e[0] & m;
            a1 |= e[1] & m;
            a2 |= e[2] & m;
            a3 |= e[3] & m;
        }
        out[j] = a0;
        out[j + 1u] = a1;
        out[j + 2u] = a2;
        out[j + 3u] = a3;
    }
    for (; j < n; j++) {
        pp_limb a = 0;
        for (i = 0; i < entries; i++) {
            a |= table[i * n + j] & masks[i];
        }
        out[j] = a;
    }
}

/* table[i] = base^i (Montgomery form) for i < 2^w. */
static void build_table(pp_limb *table, unsigned w, const pp_limb *base, const pp_limb *r1,
                        const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *scratch, row_kind row
                        ENG_DECL)
{
    size_t i, entries = (size_t)1 << w;
    pp_bn_copy(table, r1, n);
    pp_bn_copy(table + n, base, n);
    for (i = 2; i < entries; i++) {
        if ((i & 1u) == 0) {
            MSQR(table + i * n, table + (i / 2u) * n);
        } else {
            MMUL(table + i * n, table + (i - 1u) * n, base);
        }
    }
}

unsigned MONT_EXP_FN(pp_limb *r, const pp_limb *a, const pp_limb *ea,
                        const pp_limb *b, const pp_limb *eb, size_t e_limbs,
                        const pp_limb *r1, const pp_limb *m, pp_limb m0inv, size_t n,
                        pp_limb *work, size_t work_limbs, pp_bn_kernel kernel ENG_DECL)
{
    unsigned nbases = (b != NULL) ? 2u : 1u;
    unsigned w = PICOPSA_RSA_WINDOW_BITS;
    size_t entries, bits, windows, k;
    unsigned top_bits, s;
    pp_limb *table_a, *table_b, *entry, *scratch;
    row_kind row = row_of(kernel);

    while (w > 0 && PP_BN_EXP_WORK_LIMBS(w, n, nbases) > work_limbs) {
        w--;
    }
    if (w == 0) {
        return 0;
    }
    entries = (size_t)1 << w;
    table_a = work;
    table_b = work + entries * n;
    entry = work + entries * n * nbases;
    scratch = entry + n;
#if PP_BN_ENGINE
    engine_begin(ctx, m, m0inv, r1, n);
#endif
    build_table(table_a, w, a, r1, m, m0inv, n, scratch, row ENG_PASS);
    if (b != NULL) {
        build_table(table_b, w, b, r1, m, m0inv, n, scratch, row ENG_PASS);
    }

    bits = e_limbs * W;
    windows = (bits + w - 1u) / w;
    top_bits = (unsigned)(bits - (windows - 1u) * w);

    /* The top window seeds the accumulator. */
    table_lookup(r, table_a, entries, exponent_bits(ea, e_limbs, (windows - 1u) * w, top_bits), n, kernel);
    if (b != NULL) {
        table_lookup(entry, table_b, entries, exponent_bits(eb, e_limbs, (windows - 1u) * w, top_bits), n, kernel);
        MMUL(r, r, entry);
    }
    for (k = windows - 1u; k > 0; k--) {
        size_t pos = (k - 1u) * w;
        for (s = 0; s < w; s++) {
            MSQR(r, r);
        }
        table_lookup(entry, table_a, entries, exponent_bits(ea, e_limbs, pos, w), n, kernel);
        MMUL(r, r, entry);
        if (b != NULL) {
            table_lookup(entry, table_b, entries, exponent_bits(eb, e_limbs, pos, w), n, kernel);
            MMUL(r, r, entry);
        }
    }
#if PP_BN_ENGINE
    engine_end(ctx);
#endif
    pp_wipe(work, PP_BN_EXP_WORK_LIMBS(w, n, nbases) * sizeof(pp_limb));
    return w;
}

#if PP_BN_ENGINE
unsigned pp_bn_mont_exp(pp_limb *r, const pp_limb *a, const pp_limb *ea,
                        const pp_limb *b, const pp_limb *eb, size_t e_limbs,
                        const pp_limb *r1, const pp_limb *m, pp_limb m0inv, size_t n,
                        pp_limb *work, size_t work_limbs, pp_bn_kernel kernel)
{
    return pp_bn_mont_exp_engine(r, a, ea, b, eb, e_limbs, r1, m, m0inv, n, work, work_limbs,
                                 kernel, NULL);
}
#endif

void pp_bn_mod_exp_public_vartime(pp_limb *r, const pp_limb *x, uint64_t e,
                                  const pp_limb *m, pp_limb m0inv, const pp_limb *r2, size_t n,
                                  pp_bn_kernel kernel)
{
    pp_limb work[PP_BN_PUBLIC_EXP_WORK_LIMBS(PP_BN_MAX_LIMBS)];
    pp_bn_mod_exp_public_vartime_work(r, x, e, m, m0inv, r2, n, kernel, work);
}

void PUBLIC_EXP_FN(pp_limb *r, const pp_limb *x, uint64_t e,
                                       const pp_limb *m, pp_limb m0inv, const pp_limb *r2,
                                       size_t n, pp_bn_kernel kernel, pp_limb *work ENG_DECL)
{
    /* x^e = x^(e-1) * x: run square-and-multiply on e - 1 in Montgomery form
     * and let the last Montgomery multiplication by the plain x also leave
     * the Montgomery domain (saves the conversion back). */
    pp_limb *xm = work;
    pp_limb *acc = work + n;
    pp_limb *scratch = work + 2u * n;
    uint64_t e1 = e - 1u;
    int bit;
    row_kind row = row_of(kernel);
    if (e1 == 0) {
        pp_bn_copy(r, x, n);
        return;
    }
#if PP_BN_ENGINE
    /* Public data only: a whole modular exponentiation engine may take it. */
    if (ctx != NULL && !ctx->secret) {
        psa_status_t st = pp_bn_engine_mod_exp_public(r, x, e, m, m0inv, r2, n, ctx->bits);
        if (st == PSA_SUCCESS) {
            return;
        }
        if (st != PSA_ERROR_NOT_SUPPORTED && ctx->status == PSA_SUCCESS) {
            ctx->status = st;
        }
    }
    /* The engine needs R mod m: REDC(R^2) = 1 * R^2 * R^-1, in software. */
    if (ctx != NULL) {
        pp_bn_zero(acc, n);
        acc[0] = 1;
        mont_mul_scratch(acc, acc, r2, m, m0inv, n, scratch, row);
        engine_begin(ctx, m, m0inv, acc, n);
    }
#endif
    MMUL(xm, x, r2);
    pp_bn_copy(acc, xm, n);
    bit = 63;
    while (((e1 >> bit) & 1u) == 0) {
        bit--;
    }
    for (bit = bit - 1; bit >= 0; bit--) {
        MSQR(acc, acc);
        if ((e1 >> bit) & 1u) {
            MMUL(acc, acc, xm);
        }
    }
    MMUL(r, acc, x);
#if PP_BN_ENGINE
    engine_end(ctx);
#endif
    pp_wipe(work, (2u * n + SCRATCH_LIMBS(n)) * sizeof(pp_limb)); /* xm, acc, scratch */
}

#if PP_BN_ENGINE
void pp_bn_mod_exp_public_vartime_work(pp_limb *r, const pp_limb *x, uint64_t e,
                                       const pp_limb *m, pp_limb m0inv, const pp_limb *r2,
                                       size_t n, pp_bn_kernel kernel, pp_limb *work)
{
    pp_bn_mod_exp_public_vartime_work_engine(r, x, e, m, m0inv, r2, n, kernel, work, NULL);
}
#endif

/* ---- inversion of public values (variable time) ---------------------- */

/* a (len limbs) >>= s and a (len limbs) <<= s, 0 < s < w, in place; the
 * left shift's caller knows nothing falls out. */
static void shr_bits_vartime(pp_limb *a, size_t len, unsigned s)
{
    size_t i;
    for (i = 0; i + 1u < len; i++) {
        a[i] = (a[i] >> s) | (a[i + 1u] << (W - s));
    }
    a[len - 1u] >>= s;
}

static void shl_bits_vartime(pp_limb *a, size_t len, unsigned s)
{
    size_t i;
    for (i = len - 1u; i > 0; i--) {
        a[i] = (a[i] << s) | (a[i - 1u] >> (W - s));
    }
    a[0] <<= s;
}

/* -1, 0, 1 as a <, ==, > b (len limbs). */
static int cmp_vartime(const pp_limb *a, const pp_limb *b, size_t len)
{
    size_t i = len;
    while (i > 0) {
        i--;
        if (a[i] != b[i]) {
            return a[i] > b[i] ? 1 : -1;
        }
    }
    return 0;
}

pp_limb pp_bn_mod_inv_vartime(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                              size_t n, pp_limb *work)
{
    /* Kaliski's almost Montgomery inverse (IEEE Trans. Computers 44(8),
     * 1995), a binary extended Euclid with the invariants
     *   m = u * x2 + v * x1,  a * x1 = -u * 2^k,  a * x2 = v * 2^k  (mod m),
     * starting from u = m, v = a, x1 = 0, x2 = 1, k = 0. Halving u doubles
     * x2, halving v doubles x1 (trailing zeros go up to w - 1 at a time);
     * of two odd u, v the larger is replaced by the difference and its
     * coefficient by the sum of both. It stops at u == v = gcd(a, m); for
     * gcd 1, a^-1 = x2 * 2^-k, with x1, x2 <= m throughout and k <= 2 w n.
     * Kept short (issue 5): plain subtract, add and shift passes. */
    pp_limb *u = work, *v = work + n, *x1 = work + 2u * n, *x2 = work + 3u * n;
    pp_limb *big = v, *small, *grow, *other = x1;
    size_t len = n, cl = 1, k = 0;
    int c;

    pp_bn_copy(u, m, n);
    pp_bn_copy(v, a, n);
    pp_bn_zero(x1, n);
    pp_bn_zero(x2, n);
    x2[0] = 1;
    if (pp_bn_is_zero_mask(v, n) != 0) {
        pp_bn_zero(r, n);
        return 0;
    }
    for (;;) {
        /* make big (nonzero) odd; coefficients gain a limb at most per shift
         * or addition, limbs at and above cl are zero. */
        while ((big[0] & 1u) == 0) {
            unsigned tz = 1;
            while (tz < W - 1u && ((big[0] >> tz) & 1u) == 0) {
                tz++;
            }
            shr_bits_vartime(big, len, tz);
            cl = (cl < n) ? cl + 1u : n;
            shl_bits_vartime(other, cl, tz);
            k += tz;
        }
        while (len > 1u && u[len - 1u] == 0 && v[len - 1u] == 0) {
            len--;
        }
        while (cl > 1u && x1[cl - 1u] == 0 && x2[cl - 1u] == 0) {
            cl--;
        }
        c = cmp_vartime(u, v, len);
        if (c == 0) {
            break;
        }
        big = (c > 0) ? u : v;
        small = (c > 0) ? v : u;
        grow = (c > 0) ? x1 : x2;
        other = (c > 0) ? x2 : x1;
        (void)pp_bn_sub(big, big, small, len);
        cl = (cl < n) ? cl + 1u : n;
        (void)pp_bn_add(grow, grow, other, cl);
    }
    if (len != 1u || u[0] != 1u) {
        pp_bn_zero(r, n);
        return 0; /* gcd(a, m) > 1 */
    }
    /* x2 * 2^-k: Montgomery multiplications (each divides by R = 2^(wn))
     * by 2^(wn - step), step = min(k, wn) (u is free now). k >= 1 here
     * (gcd 1 and a < m take a subtraction step), and x2 <= m, 2^(wn - step)
     * <= R / 2 meet the input bound of the first, whose output is < m. */
    while (k > 0) {
        size_t step = (k < W * n) ? k : W * n;
        pp_bn_zero(u, n);
        u[(W * n - step) / W] = (pp_limb)1 << ((W * n - step) % W);
        mont_mul_scratch(x2, x2, u, m, m0inv, n, work + 4u * n, select_row());
        k -= step;
    }
    pp_bn_copy(r, x2, n);
    return ~(pp_limb)0;
}
