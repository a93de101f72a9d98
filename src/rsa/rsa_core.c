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
#include <string.h>

#include "common/pp_util.h"
#include "random/pp_random.h"
#include "rsa/rsa_core_internal.h"

#define HMAX PP_RSA_HALF_MAX_LIMBS

/* Extra random limbs above n's size so that a random value reduced mod n
 * is within 2^-128 of uniform. */
#define BLIND_EXTRA_LIMBS (128u / PP_BN_LIMB_BITS)

/* The exponentiation's work area, also every other step's scratch (random
 * draws of 2 n limbs, the inversion, the public exponentiations, the
 * Montgomery multiplications), so no callee needs a large stack frame. */
#define EXP_LIMBS PP_BN_EXP_WORK_LIMBS(PICOPSA_RSA_WINDOW_BITS, HMAX, 1)
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define WORK_LIMBS MAX2(EXP_LIMBS, MAX2(PP_BN_MOD_INV_WORK_LIMBS(PP_BN_MAX_LIMBS), \
                                         PP_BN_PUBLIC_EXP_WORK_LIMBS(PP_BN_MAX_LIMBS)))

/* Everything secret of one private operation, wiped in one go. */
typedef struct {
    pp_limb n[PP_BN_MAX_LIMBS];
    pp_limb r2n[PP_BN_MAX_LIMBS];
    pp_limb rinv[PP_BN_MAX_LIMBS]; /* r^-1 mod n */
    pp_limb y[2u * HMAX];          /* x' = x r^e mod n until Garner, then y */
    pp_limb t[2u * HMAX];
    pp_limb m[HMAX], dm[HMAX], r2m[HMAX], r1[HMAX];
    pp_limb xm[HMAX], yp[HMAX], yq[HMAX];
    pp_limb work[WORK_LIMBS];
} private_work;

psa_status_t pp_rsa_public_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    pp_rsa_header h;
    pp_limb x[PP_BN_MAX_LIMBS], n[PP_BN_MAX_LIMBS], r2n[PP_BN_MAX_LIMBS], y[PP_BN_MAX_LIMBS];
    size_t k;

    if (!pp_rsa_header_read(material, &h)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    k = (h.bits + 7u) / 8u;
    (void)pp_bn_from_bytes(x, h.n_limbs, in, k);
    pp_rsa_field_read(n, material, &h, PP_RSA_F_N);
    if (pp_bn_lt_mask(x, n, h.n_limbs) == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_rsa_field_read(r2n, material, &h, PP_RSA_F_R2N);
    pp_bn_mod_exp_public_vartime(y, x, h.e, n, h.n0inv, r2n, h.n_limbs, h.fast);
    pp_bn_to_bytes(out, k, y, h.n_limbs);
    return PSA_SUCCESS;
}

/* Montgomery multiplication with the scratch in the work area. */
#define MONT_MUL(r, a, b, m, m0inv, n) pp_bn_mont_mul_work((r), (a), (b), (m), (m0inv), (n), s->work)

/* One CRT half: result = x'^dm mod m in Montgomery form (x' = s->y). */
static psa_status_t private_half(const uint8_t *material, const pp_rsa_header *h,
                                 private_work *s, int is_p, pp_limb *result)
{
    size_t hl = h->h_limbs;
    pp_limb m0inv = is_p ? h->p0inv : h->q0inv;

    pp_rsa_field_read(s->m, material, h, is_p ? PP_RSA_F_P : PP_RSA_F_Q);
    pp_rsa_field_read(s->dm, material, h, is_p ? PP_RSA_F_DP : PP_RSA_F_DQ);
    pp_rsa_field_read(s->r2m, material, h, is_p ? PP_RSA_F_R2P : PP_RSA_F_R2Q);
    pp_bn_zero(s->t, 2u * hl);
    pp_bn_copy(s->t, s->r2m, hl);
    pp_bn_mont_reduce(s->r1, s->t, s->m, m0inv, hl);             /* R mod m */

    /* x' mod m in Montgomery form: REDC(x') = x' R^-1 (x' < n < m R),
     * then two multiplications by R^2 give x' R. */
    pp_bn_zero(s->t, 2u * hl);
    pp_bn_copy(s->t, s->y, h->n_limbs);
    pp_bn_mont_reduce(s->xm, s->t, s->m, m0inv, hl);
    MONT_MUL(s->xm, s->xm, s->r2m, s->m, m0inv, hl);
    MONT_MUL(s->xm, s->xm, s->r2m, s->m, m0inv, hl);

    if (pp_bn_mont_exp(result, s->xm, s->dm, NULL, NULL, hl, s->r1, s->m, m0inv, hl,
                       s->work, EXP_LIMBS, h->fast) == 0) {
        return PSA_ERROR_CORRUPTION_DETECTED; /* work area too small: a build error */
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
    pp_bn_mont_reduce(r, s->work, s->n, n0inv, nl);
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

    pp_bn_mod_exp_public_vartime_work(s->y, s->t, h->e, s->n, h->n0inv, s->r2n, nl, h->fast,
                                      s->work);                  /* r^e        */
    (void)pp_bn_from_bytes(s->t, nl, in, (h->bits + 7u) / 8u);  /* x          */
    MONT_MUL(s->y, s->t, s->y, s->n, h->n0inv, nl);              /* x r^e R^-1 */
    MONT_MUL(s->y, s->y, s->r2n, s->n, h->n0inv, nl);            /* x r^e      */
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_private_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    pp_rsa_header h;
    private_work s;
    size_t k, hl, i;
    pp_limb in_range, ok, borrow, inv_ok = 0;
    psa_status_t status;
    uint32_t in_range32, ok32, st;

    if (!pp_rsa_header_read(material, &h) || !h.is_pair) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    k = (h.bits + 7u) / 8u;
    hl = h.h_limbs;
    /* x is read from `in` again where needed (in may be out, which is
     * only written at the end) instead of being kept. */
    (void)pp_bn_from_bytes(s.t, h.n_limbs, in, k);
    pp_rsa_field_read(s.n, material, &h, PP_RSA_F_N);
    in_range = pp_bn_lt_mask(s.t, s.n, h.n_limbs);
    pp_rsa_field_read(s.r2n, material, &h, PP_RSA_F_R2N);

    status = blind(&h, &s, in, &inv_ok);                              /* 1.         */
    if (status == PSA_SUCCESS) {
        status = private_half(material, &h, &s, 1, s.yp);        /* y_p R mod p */
    }
    if (status == PSA_SUCCESS) {
        status = private_half(material, &h, &s, 0, s.yq);        /* y_q R mod q */
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(&s, sizeof(s));
        return status;
    }
    /* 3. Garner. q's half left s.m set for q: leave Montgomery form. */
    pp_bn_zero(s.t, 2u * hl);
    pp_bn_copy(s.t, s.yq, hl);
    pp_bn_mont_reduce(s.yq, s.t, s.m, h.q0inv, hl);                /* y_q < q    */
    pp_rsa_field_read(s.m, material, &h, PP_RSA_F_P);
    pp_rsa_field_read(s.r2m, material, &h, PP_RSA_F_R2P);
    pp_bn_mont_mul_work(s.t, s.yq, s.r2m, s.m, h.p0inv, hl, s.work);           /* y_q R mod p */
    borrow = pp_bn_sub(s.yp, s.yp, s.t, hl);                      /* (y_p - y_q) R */
    (void)pp_bn_cond_add(s.yp, s.yp, s.m, (pp_limb)0 - borrow, hl);
    pp_rsa_field_read(s.dm, material, &h, PP_RSA_F_QINV);
    pp_bn_mont_mul_work(s.yp, s.yp, s.dm, s.m, h.p0inv, hl, s.work);           /* h, normal  */
    pp_rsa_field_read(s.m, material, &h, PP_RSA_F_Q);
    pp_bn_mul(s.y, s.m, hl, s.yp, hl);                             /* q h        */
    pp_bn_zero(s.t, 2u * hl);
    pp_bn_copy(s.t, s.yq, hl);
    (void)pp_bn_add(s.y, s.y, s.t, 2u * hl);                       /* y' < n     */

    /* 4. Unblind: y' < n, so its limbs beyond n_limbs are zero and the
     *    first n_limbs hold it. */
    pp_bn_mont_mul_work(s.y, s.y, s.rinv, s.n, h.n0inv, h.n_limbs, s.work); /* y R^-1 */
    pp_bn_mont_mul_work(s.y, s.y, s.r2n, s.n, h.n0inv, h.n_limbs, s.work);  /* x^d    */

    /* 5. Fault check with the public key. */
    pp_bn_mod_exp_public_vartime_work(s.t, s.y, h.e, s.n, h.n0inv, s.r2n, h.n_limbs, h.fast,
                                      s.work);
    (void)pp_bn_from_bytes(s.work, h.n_limbs, in, k);
    ok = pp_bn_eq_mask(s.t, s.work, h.n_limbs) & in_range & inv_ok;

    pp_bn_to_bytes(out, k, s.y, h.n_limbs);
    for (i = 0; i < k; i++) {
        out[i] &= (uint8_t)ok;
    }
    in_range32 = (uint32_t)in_range;
    ok32 = (uint32_t)ok;
    st = pp_ct_select_u32(ok32, (uint32_t)PSA_SUCCESS, (uint32_t)PSA_ERROR_CORRUPTION_DETECTED);
    st = pp_ct_select_u32(in_range32, st, (uint32_t)PSA_ERROR_INVALID_ARGUMENT);
    pp_wipe(&s, sizeof(s));
    return (psa_status_t)(int32_t)st;
}
