/*
 * bignum.h -- fixed-size multi-precision arithmetic for RSA: Montgomery
 * multiplication (CIOS, HAC 14.36 / Koc-Acar-Kaliski 1996), a dedicated
 * Montgomery squaring, and fixed-window exponentiation (HAC 14.94 family,
 * k-ary with a constant-time table scan), and a variable-time inversion for
 * public (blinded) values only.
 *
 * Conventions (every function):
 *  - Numbers are little-endian arrays of pp_limb (least significant limb
 *    first). Sizes are counts of limbs, passed explicitly; n <= PP_BN_MAX_LIMBS.
 *  - Outputs come first. Unless a function says otherwise, an output may
 *    alias any input of the same size (results are built in local scratch).
 *  - A Montgomery modulus m is odd, has n limbs (its top limb may be zero as
 *    long as m < 2^(w*n)); R = 2^(w*n); m0inv = -m^-1 mod 2^w
 *    (pp_bn_mont_m0inv). "Montgomery form" of x is x*R mod m.
 *  - Constant time: everything here runs in time that depends only on the
 *    sizes, EXCEPT functions whose name ends in _vartime (used for public
 *    data only: public exponents, the public modulus).
 *  - No allocation: scratch is on the stack (at most about
 *    (2 * PP_BN_MAX_LIMBS + 2) limbs per call) or in caller work memory.
 */
#ifndef PICOPSA_BIGNUM_H
#define PICOPSA_BIGNUM_H

#include <stddef.h>
#include <stdint.h>
#include <picopsa/config.h>

#if PICOPSA_BN_LIMB_BITS == 64
typedef uint64_t pp_limb;
__extension__ typedef unsigned __int128 pp_dlimb;
#else
typedef uint32_t pp_limb;
typedef uint64_t pp_dlimb;
#endif

#define PP_BN_LIMB_BITS PICOPSA_BN_LIMB_BITS
#define PP_BN_LIMB_BYTES (PICOPSA_BN_LIMB_BITS / 8)
/* Limbs holding `bits` bits. */
#define PP_BN_LIMBS(bits) (((size_t)(bits) + PP_BN_LIMB_BITS - 1u) / PP_BN_LIMB_BITS)
/* Largest operand: a full RSA modulus. */
#define PP_BN_MAX_LIMBS PP_BN_LIMBS(PICOPSA_RSA_MAX_BITS)

/* ---- kernels ---------------------------------------------------------- */

/* The kernel an exponentiation runs. The build has one kernel
 * (PICOPSA_BN_KERNEL, include/picopsa/config.h); with PICOPSA_BN_KERNEL_X86_64
 * it holds the portable C kernel plus MULX/ADX multiplication and the AVX2
 * table scan, which run only where the CPU has them, so there the choice is
 * made at run time, once per process, by pp_bn_kernel_selected().
 *  BASE: the build's own kernel (portable C; UMAAL on Cortex-M; MULX/ADX in
 *    a build for BMI2 + ADX), the portable table scan (AVX2 in a build for
 *    AVX2);
 *  BASE_AVX2: the same with the AVX2 table scan;
 *  ADX / ADX_AVX2: MULX/ADX: fully unrolled Montgomery multiplication and
 *    squaring for n = 8, 16, 24 and 32 limbs, the MULX/ADX row kernel for
 *    other n; portable or AVX2 table scan;
 *  ADX_ROWS: a test hook for pp_bn_mont_mul_kernel / pp_bn_mont_sqr_kernel:
 *    the MULX/ADX row kernel at every n (keeps it covered at those sizes).
 * Pass pp_bn_kernel_selected() or a kernel using a subset of its features
 * (BASE always works); a feature the CPU lacks is an illegal instruction. */
typedef enum {
    PP_BN_KERNEL_BASE = 0,
    PP_BN_KERNEL_BASE_AVX2 = 1,
    PP_BN_KERNEL_ADX = 2,
    PP_BN_KERNEL_ADX_AVX2 = 3,
    PP_BN_KERNEL_ADX_ROWS = 4
} pp_bn_kernel;

/* The fastest kernel this CPU runs. x86-64 kernel: CPUID (microseconds
 * under a hypervisor) on the first call, then a cached answer; thread-safe.
 * Other builds: PP_BN_KERNEL_BASE, at compile time. */
#if PICOPSA_BN_KERNEL == PICOPSA_BN_KERNEL_X86_64
pp_bn_kernel pp_bn_kernel_selected(void);
#else
static inline pp_bn_kernel pp_bn_kernel_selected(void)
{
    return PP_BN_KERNEL_BASE;
}
#endif

/* The kernel pp_bn_kernel_selected() runs on this CPU, for reports:
 * "portable C", "Cortex-M UMAAL", "x86-64 MULX/ADX, AVX2 table scan", ... */
const char *pp_bn_kernel_name(void);

/* ---- conversion ------------------------------------------------------ */

/* r (n limbs) = big-endian in[0..len). Returns 1 when the value fits in n
 * limbs, 0 when it does not (r then holds the low n limbs). Constant time
 * in the bytes; the return value reveals only fit/no fit. */
int pp_bn_from_bytes(pp_limb *r, size_t n, const uint8_t *in, size_t len);
/* out[0..len) = a (n limbs), big-endian, truncated or zero-padded on the
 * left to len bytes. */
void pp_bn_to_bytes(uint8_t *out, size_t len, const pp_limb *a, size_t n);
/* Number of significant bits of a (0 for 0). Variable time: public only. */
size_t pp_bn_bits_vartime(const pp_limb *a, size_t n);

/* ---- additive arithmetic and comparisons ---------------------------- */

void pp_bn_zero(pp_limb *r, size_t n);
void pp_bn_copy(pp_limb *r, const pp_limb *a, size_t n);
/* r = a + b, returns the carry (0/1). */
pp_limb pp_bn_add(pp_limb *r, const pp_limb *a, const pp_limb *b, size_t n);
/* r = a - b, returns the borrow (0/1). */
pp_limb pp_bn_sub(pp_limb *r, const pp_limb *a, const pp_limb *b, size_t n);
/* r = a + (b & mask), returns the carry; mask all-ones or zero. */
pp_limb pp_bn_cond_add(pp_limb *r, const pp_limb *a, const pp_limb *b, pp_limb mask, size_t n);
/* r = mask ? a : r (all limbs touched). */
void pp_bn_cond_copy(pp_limb *r, const pp_limb *a, pp_limb mask, size_t n);
/* All-ones when a < b, else 0. */
pp_limb pp_bn_lt_mask(const pp_limb *a, const pp_limb *b, size_t n);
/* All-ones when a == b, else 0. */
pp_limb pp_bn_eq_mask(const pp_limb *a, const pp_limb *b, size_t n);
/* All-ones when a == 0, else 0. */
pp_limb pp_bn_is_zero_mask(const pp_limb *a, size_t n);
/* All-ones when a == the one-limb value v, else 0. */
pp_limb pp_bn_eq_word_mask(const pp_limb *a, size_t n, pp_limb v);

/* ---- multiplication ------------------------------------------------- */

/* r (an + bn limbs) = a * b. r must not alias a or b. Schoolbook. */
void pp_bn_mul(pp_limb *r, const pp_limb *a, size_t an, const pp_limb *b, size_t bn);

/* ---- Montgomery arithmetic (m odd) ----------------------------------- */

/* -m0^-1 mod 2^w for odd m0 (Newton iteration, HAC 14.94 note / Dusse-Kaliski). */
pp_limb pp_bn_mont_m0inv(pp_limb m0);
/* r = a * b * R^-1 mod m, for a * b < m * R (in particular a, b < m, or
 * a < R and b < m); r < m. */
void pp_bn_mont_mul(pp_limb *r, const pp_limb *a, const pp_limb *b,
                    const pp_limb *m, pp_limb m0inv, size_t n);
/* Work memory, in limbs, of pp_bn_mont_mul_work. */
#define PP_BN_MONT_WORK_LIMBS(n) (3u * (size_t)(n) + 2u)
/* pp_bn_mont_mul with its scratch in caller memory (not wiped: the caller
 * wipes it with its other secrets). work must not alias r, a, b, m. */
void pp_bn_mont_mul_work(pp_limb *r, const pp_limb *a, const pp_limb *b,
                         const pp_limb *m, pp_limb m0inv, size_t n, pp_limb *work);
/* r = a^2 * R^-1 mod m for a < m: the product uses n(n+1)/2 limb
 * multiplications instead of n^2. */
void pp_bn_mont_sqr(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv, size_t n);
/* r (n limbs) = t * R^-1 mod m for t (2n limbs, overwritten) < m * R. */
void pp_bn_mont_reduce(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n);
/* The same with its n limbs of scratch in caller memory (not wiped); work
 * must not alias r, t or m. */
void pp_bn_mont_reduce_work(pp_limb *r, pp_limb *t, const pp_limb *m, pp_limb m0inv, size_t n,
                            pp_limb *work);
/* r = R^2 mod m (the constant that converts into Montgomery form), for m
 * of exactly m_bits bits (public: the search starts at 2^(m_bits - 1) < m,
 * so it costs w*n - m_bits + n + 1 doublings). Constant time in the value
 * of m. r must not alias m. */
void pp_bn_mont_r2(pp_limb *r, const pp_limb *m, pp_limb m0inv, size_t n, size_t m_bits);

/* Work memory, in limbs, for pp_bn_mont_exp with window w, modulus of n
 * limbs and one (nbases = 1) or two bases. */
#define PP_BN_EXP_WORK_LIMBS(w, n, nbases) \
    ((((size_t)1 << (w)) * (size_t)(nbases) + 4u) * (size_t)(n) + 2u)

/* r = a^ea * b^eb in Montgomery form, with a, b (Montgomery form, < m) and
 * secret exponents ea, eb of e_limbs limbs each (b == NULL: r = a^ea).
 * Fixed window k-ary exponentiation (HAC 14.82 with a fixed window): every
 * window costs w squarings and one multiplication per base, whatever its
 * value, and table entries are read by a full constant-time scan. The
 * window is the largest of 1..PICOPSA_RSA_WINDOW_BITS whose table fits in
 * work (work_limbs limbs, see PP_BN_EXP_WORK_LIMBS); the smallest work area
 * is PP_BN_EXP_WORK_LIMBS(1, n, nbases). r1 is R mod m (Montgomery one).
 * kernel: pp_bn_kernel_selected() (see there).
 * r must not alias a, b, r1, or work. Returns the window used, 0 when work
 * is too small. */
unsigned pp_bn_mont_exp(pp_limb *r, const pp_limb *a, const pp_limb *ea,
                        const pp_limb *b, const pp_limb *eb, size_t e_limbs,
                        const pp_limb *r1, const pp_limb *m, pp_limb m0inv, size_t n,
                        pp_limb *work, size_t work_limbs, pp_bn_kernel kernel);

/* pp_bn_mont_mul and pp_bn_mont_sqr with the multiplication kernel of
 * `kernel` (test hooks: they cover every kernel directly). */
void pp_bn_mont_mul_kernel(pp_limb *r, const pp_limb *a, const pp_limb *b,
                           const pp_limb *m, pp_limb m0inv, size_t n, pp_bn_kernel kernel);
void pp_bn_mont_sqr_kernel(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                           size_t n, pp_bn_kernel kernel);

/* r = x^e mod m for a public exponent e (>= 1) with x < m in normal form
 * (not Montgomery), r in normal form; r2 = R^2 mod m. Left-to-right
 * square-and-multiply branching on the bits of e: variable time in e only,
 * constant time in x and m. r must not alias x. kernel: as for
 * pp_bn_mont_exp. */
void pp_bn_mod_exp_public_vartime(pp_limb *r, const pp_limb *x, uint64_t e,
                                  const pp_limb *m, pp_limb m0inv, const pp_limb *r2, size_t n,
                                  pp_bn_kernel kernel);
/* Work memory, in limbs, of pp_bn_mod_exp_public_vartime_work. */
#define PP_BN_PUBLIC_EXP_WORK_LIMBS(n) (5u * (size_t)(n) + 2u)
/* The same with its scratch in caller memory (wiped before returning);
 * work must not alias r, x, m or r2. */
void pp_bn_mod_exp_public_vartime_work(pp_limb *r, const pp_limb *x, uint64_t e,
                                       const pp_limb *m, pp_limb m0inv, const pp_limb *r2,
                                       size_t n, pp_bn_kernel kernel, pp_limb *work);

/* r = a^-1 mod m for odd m > 1 and 0 < a < m (n limbs each, normal form),
 * by a binary extended Euclid (Kaliski's almost inverse). Returns
 * all-ones, or 0 with r = 0 when gcd(a, m) > 1 or a = 0. VARIABLE TIME IN
 * a AND m: for public values only (the RSA private operation inverts a
 * blinded product mod the public n, never anything mod p or q). work:
 * PP_BN_MOD_INV_WORK_LIMBS(n). r may alias a. */
#define PP_BN_MOD_INV_WORK_LIMBS(n) (7u * (size_t)(n) + 2u)
pp_limb pp_bn_mod_inv_vartime(pp_limb *r, const pp_limb *a, const pp_limb *m, pp_limb m0inv,
                              size_t n, pp_limb *work);

/* ---- accelerator seam (docs/drivers.md) ------------------------------- */

/* With accelerator drivers (PICOPSA_DRIVER_LIST), the exponentiations have
 * _engine twins that hand their Montgomery products (and a public
 * exponentiation as a whole) to the drivers' bignum engines, falling back
 * to the software kernels per product; ctx tells the engines the modulus
 * size in bits and whether the data is secret, and keeps the first engine
 * error (PSA_SUCCESS otherwise: the caller sets it so and fails the
 * operation on anything else). The plain functions above never use an
 * engine. A driver-less build has none of this. */
#define PP_BN_ENGINE PICOPSA_DRIVERS
#if PP_BN_ENGINE
#include <psa/error.h>
#include <picopsa/driver.h>
typedef struct {
    size_t bits;          /* the modulus's bit length */
    int secret;           /* 1: a secret operand or exponent (constant-time modes only) */
    psa_status_t status;  /* the first engine error, PSA_SUCCESS otherwise */
    const picopsa_bn_engine_t *eng;   /* the running exponentiation's engine (internal) */
} pp_bn_engine_ctx;
unsigned pp_bn_mont_exp_engine(pp_limb *r, const pp_limb *a, const pp_limb *ea,
                               const pp_limb *b, const pp_limb *eb, size_t e_limbs,
                               const pp_limb *r1, const pp_limb *m, pp_limb m0inv, size_t n,
                               pp_limb *work, size_t work_limbs, pp_bn_kernel kernel,
                               pp_bn_engine_ctx *ctx);
void pp_bn_mod_exp_public_vartime_work_engine(pp_limb *r, const pp_limb *x, uint64_t e,
                                              const pp_limb *m, pp_limb m0inv,
                                              const pp_limb *r2, size_t n, pp_bn_kernel kernel,
                                              pp_limb *work, pp_bn_engine_ctx *ctx);
#endif

#endif /* PICOPSA_BIGNUM_H */
