/*
 * rsa_core.c -- the RSA public and private operations (RFC 8017 5.1.1,
 * 5.1.2, 5.2.1, 5.2.2) on the key material of rsa_key.c.
 *
 * Private operation:
 *   1. Base blinding mod the public n (Kocher 1996, sec. 10): a fresh
 *      random r per operation, x' = x * r^e mod n.
 *   2. Per prime m in {p, q} with CRT exponent dm: x'_m = x' mod m by
 *      Montgomery reduction, y_m = x'_m^dm by a constant-time fixed-window
 *      exponentiation.
 *   3. Garner: y' = y_q + q * ((y_p - y_q) * qinv mod p) = x^d * r mod n
 *      (RFC 8017 5.1.2 2.b).
 *   4. Unblinding: y = y' * r^-1 mod n. r^-1 comes from the blinded
 *      inversion: with a second random s, t = r * s mod n is uniform and
 *      independent of r, so t may be inverted by a variable-time Euclid
 *      (it works mod the PUBLIC n only, never mod p or q, whose Euclid
 *      trace would reveal the prime); then r^-1 = s * t^-1.
 *   5. Fault check (Boneh-DeMillo-Lipton / Bellcore): y^e mod n must equal
 *      x; otherwise the output is zeroed and CORRUPTION_DETECTED returned.
 * Constant time in the key and in x: the range check of x and the fault
 * check end in masks, and the status is selected from them without a
 * branch. Only t (public by construction) drives branches.
 */
#include <stdint.h>
#include <string.h>

#include "common/pp_util.h"
#include "random/pp_random.h"
#include "rsa/rsa_core_internal.h"

/* Extra random limbs above n's size so that a random value reduced mod n
 * is within 2^-128 of uniform. */
#define BLIND_EXTRA_LIMBS (128u / PP_BN_LIMB_BITS)

/* Everything of one private operation lives in the caller's work area
 * (PP_RSA_PRIVATE_WORK_SIZE, rsa.h), laid out for the key's actual sizes
 * (nl limbs for n, hl for the primes) and wiped in one go at the end:
 * full-size n, R^2 mod n, r^-1; y (x' = x r^e mod n until Garner, then y)
 * and t of 2 hl limbs; the half-size values; then `work`, the scratch of
 * every step (random draws of 2 nl limbs, the inversion, the public
 * exponentiations, Montgomery multiplications and reductions) and the
 * exponentiation's table: the window is the largest whose table fits in
 * what is left. */
typedef struct {
    pp_limb *n, *r2n, *rinv;
    pp_limb *y, *t;
    pp_limb *m, *dm, *r2m, *r1, *xm, *yp, *yq;
    pp_limb *work;
    size_t work_limbs;
#if PP_BN_ENGINE
    pp_bn_engine_ctx eng;   /* accelerator engines: size, secret flag, first error */
#endif
} private_work;

/* The exponentiations, through the accelerator drivers' bignum engines in
 * a build that names drivers (docs/drivers.md; ctx: size, secret flag,
 * first error), else the software alone (ctx is not even evaluated). The
 * fault check (step 5) runs on whatever multiplies, so a wrong product of
 * a faulty engine ends in CORRUPTION_DETECTED like any other fault. */
#if PP_BN_ENGINE
#define RSA_MONT_EXP(r, a, ea, e_limbs, r1, m, m0inv, n, work, work_limbs, ctx)                \
    pp_bn_mont_exp_engine(r, a, ea, NULL, NULL, e_limbs, r1, m, m0inv, n, work, work_limbs, \
                          pp_bn_kernel_selected(), ctx)
#define RSA_PUBLIC_EXP(r, x, e, m, m0inv, r2, n, work, ctx) \
    pp_bn_mod_exp_public_vartime_work_engine(r, x, e, m, m0inv, r2, n, pp_bn_kernel_selected(), work, ctx)
#define RSA_ENGINE_SET(ctx, nbits, is_secret) ((ctx)->bits = (nbits), (ctx)->secret = (is_secret))
#else
#define RSA_MONT_EXP(r, a, ea, e_limbs, r1, m, m0inv, n, work, work_limbs, ctx)     \
    pp_bn_mont_exp(r, a, ea, NULL, NULL, e_limbs, r1, m, m0inv, n, work, work_limbs, \
                   pp_bn_kernel_selected())
#define RSA_PUBLIC_EXP(r, x, e, m, m0inv, r2, n, work, ctx) \
    pp_bn_mod_exp_public_vartime_work(r, x, e, m, m0inv, r2, n, pp_bn_kernel_selected(), work)
#define RSA_ENGINE_SET(ctx, nbits, is_secret) ((void)0)
#endif

/* Limbs before `work` and the least `work` needs besides the table. */
#define FIXED_LIMBS(nl, hl) (3u * (nl) + 11u * (hl))
#define SCRATCH_MIN_LIMBS(nl) PP_BN_MOD_INV_WORK_LIMBS(nl)

psa_status_t pp_rsa_public_op_work(const uint8_t *material, const uint8_t *in, uint8_t *out,
                                   void *work_area, size_t work_size)
{
    pp_rsa_header h;
    pp_limb *x, *n, *r2n, *y;
    size_t k, nl;

    if (!pp_rsa_header_read(material, &h)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    nl = h.n_limbs;
    if (work_area == NULL || ((uintptr_t)work_area % sizeof(pp_limb)) != 0u ||
        work_size / sizeof(pp_limb) < 4u * nl + PP_BN_PUBLIC_EXP_WORK_LIMBS(nl)) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    x = (pp_limb *)work_area;
    n = x + nl;
    r2n = n + nl;
    y = r2n + nl;
    k = (h.bits + 7u) / 8u;
    (void)pp_bn_from_bytes(x, nl, in, k);
    pp_rsa_field_read(n, material, &h, PP_RSA_F_N);
    if (pp_bn_lt_mask(x, n, nl) == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_rsa_field_read(r2n, material, &h, PP_RSA_F_R2N);
#if PP_BN_ENGINE
    {
        pp_bn_engine_ctx eng = { 0, 0, PSA_SUCCESS, NULL };
        RSA_ENGINE_SET(&eng, h.bits, 0);   /* public data only */
        RSA_PUBLIC_EXP(y, x, h.e, n, h.n0inv, r2n, nl, y + nl, &eng);
        if (eng.status != PSA_SUCCESS) {
            return eng.status;             /* nothing written to out */
        }
    }
#else
    pp_bn_mod_exp_public_vartime_work(y, x, h.e, n, h.n0inv, r2n, nl, pp_bn_kernel_selected(),
                                      y + nl);
#endif
    pp_bn_to_bytes(out, k, y, nl);
    return PSA_SUCCESS;
}

/* Montgomery multiplication with the scratch in the work area. */
#define MONT_MUL(r, a, b, m, m0inv, n) pp_bn_mont_mul_work((r), (a), (b), (m), (m0inv), (n), s->work)
#define MONT_REDUCE(r, t, m, m0inv, n) pp_bn_mont_reduce_work((r), (t), (m), (m0inv), (n), s->work)

/* One CRT half: result = x'^dm mod m in Montgomery form (x' = s->y). */
static psa_status_t private_half(const uint8_t *material, const pp_rsa_header *h,
                                 private_work *s, unsigned is_q, pp_limb *result)
{
    size_t hl = h->h_limbs;
    pp_limb m0inv = is_q ? h->q0inv : h->p0inv;

    /* the q fields follow their p fields (rsa_core_internal.h) */
    pp_rsa_field_read(s->m, material, h, (pp_rsa_field)(PP_RSA_F_P + is_q));
    pp_rsa_field_read(s->dm, material, h, (pp_rsa_field)(PP_RSA_F_DP + is_q));
    pp_rsa_field_read(s->r2m, material, h, (pp_rsa_field)(PP_RSA_F_R2P + is_q));
    pp_bn_zero(s->t, 2u * hl);
    pp_bn_copy(s->t, s->r2m, hl);
    MONT_REDUCE(s->r1, s->t, s->m, m0inv, hl);                   /* R mod m */

    /* x' mod m in Montgomery form: REDC(x') = x' R^-1 (x' < n < m R),
     * then two multiplications by R^2 give x' R. */
    pp_bn_zero(s->t, 2u * hl);
    pp_bn_copy(s->t, s->y, h->n_limbs);
    MONT_REDUCE(s->xm, s->t, s->m, m0inv, hl);
    MONT_MUL(s->xm, s->xm, s->r2m, s->m, m0inv, hl);
    MONT_MUL(s->xm, s->xm, s->r2m, s->m, m0inv, hl);

    /* The size an engine sees must be public: the limb length of the
     * primes, not their bit length (read from the secret value). */
    RSA_ENGINE_SET(&s->eng, hl * PP_BN_LIMB_BITS, 1);
    if (RSA_MONT_EXP(result, s->xm, s->dm, hl, s->r1, s->m, m0inv, hl, s->work, s->work_limbs,
                     &s->eng) == 0) {
        return PSA_ERROR_CORRUPTION_DETECTED; /* cannot happen: the size was checked */
    }
    return PSA_SUCCESS;
}

/* A random value mod n, within 2^-128 of uniform: REDC of n + 128 / w
 * random limbs (< 2^(w (2 nl - 1)) <= n R, so REDC applies). */
static psa_status_t random_mod_n(pp_limb *r, private_work *s, size_t nl, pp_limb n0inv)
{
    psa_status_t status;
    pp_bn_zero(s->work, 2u * nl);
    status = pp_random_bytes((uint8_t *)s->work, (nl + BLIND_EXTRA_LIMBS) * sizeof(pp_limb));
    pp_bn_mont_reduce_work(r, s->work, s->n, n0inv, nl, s->work + 2u * nl);
    return status;
}

/* 1.: s->y = x r^e mod n and s->rinv = r^-1 mod n for a fresh random r.
 * Returns all-ones in *inv_ok unless t was not invertible (probability
 * ~2^-(bits/2): r or s shares a prime with n; the caller folds it into
 * the fault mask). */
static psa_status_t blind(const pp_rsa_header *h, private_work *s, const uint8_t *in,
                          pp_limb *inv_ok)
{
    size_t nl = h->n_limbs;
    psa_status_t status;

    status = random_mod_n(s->t, s, nl, h->n0inv);                /* r          */
    if (status == PSA_SUCCESS) {
        status = random_mod_n(s->y, s, nl, h->n0inv);            /* s          */
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* t = r s R^-1 mod n: uniform and independent of r because s R^-1 is.
     * PUBLIC from here: the variable-time inversion only ever sees t. */
    MONT_MUL(s->rinv, s->t, s->y, s->n, h->n0inv, nl);
    *inv_ok = pp_bn_mod_inv_vartime(s->rinv, s->rinv, s->n, h->n0inv, nl, s->work);
    MONT_MUL(s->rinv, s->y, s->rinv, s->n, h->n0inv, nl);        /* s t^-1 R^-1 = r^-1 */

    RSA_ENGINE_SET(&s->eng, h->bits, 1);                         /* r is secret */
    RSA_PUBLIC_EXP(s->y, s->t, h->e, s->n, h->n0inv, s->r2n, nl, s->work, &s->eng); /* r^e */
    (void)pp_bn_from_bytes(s->t, nl, in, (h->bits + 7u) / 8u);  /* x          */
    MONT_MUL(s->y, s->t, s->y, s->n, h->n0inv, nl);              /* x r^e R^-1 */
    MONT_MUL(s->y, s->y, s->r2n, s->n, h->n0inv, nl);            /* x r^e      */
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_private_op_work(const uint8_t *material, const uint8_t *in, uint8_t *out,
                                    void *work_area, size_t work_size)
{
    pp_rsa_header h;
    private_work s;
    pp_limb *area = (pp_limb *)work_area;
    size_t k, nl, hl, i, area_limbs = work_size / sizeof(pp_limb);
    pp_limb in_range, ok, borrow, inv_ok = 0;
    psa_status_t status;
    uint32_t in_range32, ok32, st;

    if (!pp_rsa_header_read(material, &h) || !h.is_pair) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    nl = h.n_limbs;
    hl = h.h_limbs;
    if (area == NULL || ((uintptr_t)work_area % sizeof(pp_limb)) != 0u ||
        area_limbs < FIXED_LIMBS(nl, hl) + SCRATCH_MIN_LIMBS(nl)) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    s.n = area;
    s.r2n = s.n + nl;
    s.rinv = s.r2n + nl;
    s.y = s.rinv + nl;
    s.t = s.y + 2u * hl;
    s.m = s.t + 2u * hl;
    s.dm = s.m + hl;
    s.r2m = s.dm + hl;
    s.r1 = s.r2m + hl;
    s.xm = s.r1 + hl;
    s.yp = s.xm + hl;
    s.yq = s.yp + hl;
    s.work = s.yq + hl;
    s.work_limbs = area_limbs - FIXED_LIMBS(nl, hl);
#if PP_BN_ENGINE
    s.eng.status = PSA_SUCCESS;
    s.eng.eng = NULL;
#endif

    k = (h.bits + 7u) / 8u;
    /* x is read from `in` again where needed (in may be out, which is
     * only written at the end) instead of being kept. */
    (void)pp_bn_from_bytes(s.t, nl, in, k);
    pp_rsa_field_read(s.n, material, &h, PP_RSA_F_N);
    in_range = pp_bn_lt_mask(s.t, s.n, nl);
    pp_rsa_field_read(s.r2n, material, &h, PP_RSA_F_R2N);

    status = blind(&h, &s, in, &inv_ok);                         /* 1.         */
    if (status == PSA_SUCCESS) {
        status = private_half(material, &h, &s, 0, s.yp);        /* y_p R mod p */
    }
    if (status == PSA_SUCCESS) {
        status = private_half(material, &h, &s, 1, s.yq);        /* y_q R mod q */
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(area, area_limbs * sizeof(pp_limb));
        return status;
    }
    /* 3. Garner. q's half left s.m set for q: leave Montgomery form. */
    pp_bn_zero(s.t, 2u * hl);
    pp_bn_copy(s.t, s.yq, hl);
    pp_bn_mont_reduce_work(s.yq, s.t, s.m, h.q0inv, hl, s.work);  /* y_q < q    */
    pp_rsa_field_read(s.m, material, &h, PP_RSA_F_P);
    pp_rsa_field_read(s.r2m, material, &h, PP_RSA_F_R2P);
    pp_bn_mont_mul_work(s.t, s.yq, s.r2m, s.m, h.p0inv, hl, s.work); /* y_q R mod p */
    borrow = pp_bn_sub(s.yp, s.yp, s.t, hl);                     /* (y_p - y_q) R */
    (void)pp_bn_cond_add(s.yp, s.yp, s.m, (pp_limb)0 - borrow, hl);
    pp_rsa_field_read(s.dm, material, &h, PP_RSA_F_QINV);
    pp_bn_mont_mul_work(s.yp, s.yp, s.dm, s.m, h.p0inv, hl, s.work); /* h, normal  */
    pp_rsa_field_read(s.m, material, &h, PP_RSA_F_Q);
    pp_bn_mul(s.y, s.m, hl, s.yp, hl);                            /* q h        */
    pp_bn_zero(s.t, 2u * hl);
    pp_bn_copy(s.t, s.yq, hl);
    (void)pp_bn_add(s.y, s.y, s.t, 2u * hl);                      /* y' < n     */

    /* 4. Unblind: y' < n, so its limbs beyond nl are zero and the first nl
     *    hold it (2 hl >= nl: the larger prime has at least half n's bits). */
    pp_bn_mont_mul_work(s.y, s.y, s.rinv, s.n, h.n0inv, nl, s.work); /* y R^-1 */
    pp_bn_mont_mul_work(s.y, s.y, s.r2n, s.n, h.n0inv, nl, s.work);  /* x^d    */

    /* 5. Fault check with the public key. */
    RSA_ENGINE_SET(&s.eng, h.bits, 1);   /* y is not released yet */
    RSA_PUBLIC_EXP(s.t, s.y, h.e, s.n, h.n0inv, s.r2n, nl, s.work, &s.eng);
    (void)pp_bn_from_bytes(s.work, nl, in, k);
    ok = pp_bn_eq_mask(s.t, s.work, nl) & in_range & inv_ok;
#if PP_BN_ENGINE
    /* An engine error (a public event, like an RNG failure) fails the
     * operation with its status; out is not touched. */
    if (s.eng.status != PSA_SUCCESS) {
        pp_wipe(area, area_limbs * sizeof(pp_limb));
        return s.eng.status;
    }
#endif

    /* Every verdict is all-ones or zero; a flipped bit of one (they live
     * on the stack through the whole operation) must not leave a partial
     * mask, which released the signature with bits cleared and
     * PSA_SUCCESS (fault campaign, docs/fault-injection.md): only
     * all-ones passes. The copy to out is read back for the same reason. */
    /* The masks go through the barrier: clang -O2 turned the masked copy
     * below into a branch on ok32 (ct_rsa_private, make test step 3). */
    in_range32 = pp_ct_barrier_u32(
        pp_ct_mask_zero_u32((uint32_t)~in_range | (uint32_t)(~in_range >> 16 >> 16)));
    ok32 = pp_ct_barrier_u32(
        pp_ct_mask_zero_u32((uint32_t)~ok | (uint32_t)(~ok >> 16 >> 16)) & in_range32);
    {
        uint8_t *yb = (uint8_t *)s.work;   /* work area: at least nl limbs */
        const volatile uint8_t *o = out;
        uint32_t diff = 0;
        pp_bn_to_bytes(yb, k, s.y, nl);
        for (i = 0; i < k; i++) {
            out[i] = (uint8_t)(yb[i] & ok32);
        }
        for (i = 0; i < k; i++) {
            diff |= (uint32_t)(o[i] ^ (uint8_t)(yb[i] & ok32));
        }
        ok32 = pp_ct_barrier_u32(ok32 & pp_ct_mask_zero_u32(diff));
        for (i = 0; i < k; i++) {
            out[i] = (uint8_t)(o[i] & ok32);
        }
    }
    st = pp_ct_select_u32(ok32, (uint32_t)PSA_SUCCESS, (uint32_t)PSA_ERROR_CORRUPTION_DETECTED);
    st = pp_ct_select_u32(in_range32, st, (uint32_t)PSA_ERROR_INVALID_ARGUMENT);
    pp_wipe(area, area_limbs * sizeof(pp_limb));
    return (psa_status_t)(int32_t)st;
}

/* pp_rsa_private_op and pp_rsa_public_op take their work area from the
 * stack, sized by one of two classes: up to 2048 bits, and
 * PICOPSA_RSA_MAX_BITS; one function per class so that a call reserves
 * only its class's area (RSA-2048 keeps its own stack; two classes instead
 * of one per size save text, issue 5). */
#if defined(__GNUC__)
#define RSA_NOINLINE __attribute__((noinline))
#else
#define RSA_NOINLINE
#endif
#define RSA_CLASS_BITS(bits) ((bits) < PICOPSA_RSA_MAX_BITS ? (bits) : PICOPSA_RSA_MAX_BITS)

#define DEFINE_PRIVATE_CLASS(name, bits)                                             \
    static RSA_NOINLINE psa_status_t private_op_##name(const uint8_t *material,       \
                                                       const uint8_t *in, uint8_t *out) \
    {                                                                                  \
        pp_limb area[PP_RSA_PRIVATE_WORK_SIZE(RSA_CLASS_BITS(bits)) / sizeof(pp_limb)]; \
        return pp_rsa_private_op_work(material, in, out, area, sizeof(area));          \
    }
#define DEFINE_PUBLIC_CLASS(name, bits)                                              \
    static RSA_NOINLINE psa_status_t public_op_##name(const uint8_t *material,        \
                                                      const uint8_t *in, uint8_t *out)  \
    {                                                                                  \
        pp_limb area[PP_RSA_PUBLIC_WORK_SIZE(RSA_CLASS_BITS(bits)) / sizeof(pp_limb)]; \
        return pp_rsa_public_op_work(material, in, out, area, sizeof(area));           \
    }
DEFINE_PRIVATE_CLASS(2048, 2048)
DEFINE_PRIVATE_CLASS(max, PICOPSA_RSA_MAX_BITS)
DEFINE_PUBLIC_CLASS(2048, 2048)
DEFINE_PUBLIC_CLASS(max, PICOPSA_RSA_MAX_BITS)

psa_status_t pp_rsa_private_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    if (pp_rsa_key_bits(material) <= 2048u) {
        return private_op_2048(material, in, out);
    }
    return private_op_max(material, in, out);
}

psa_status_t pp_rsa_public_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    if (pp_rsa_key_bits(material) <= 2048u) {
        return public_op_2048(material, in, out);
    }
    return public_op_max(material, in, out);
}
