/*
 * rsa_core.c -- the RSA public and private operations (RFC 8017 5.1.1,
 * 5.1.2, 5.2.1, 5.2.2) on the key material of rsa_key.c.
 *
 * Private operation, per prime m in {p, q} with CRT exponent dm:
 *   1. x_m = x mod m, computed by Montgomery reduction (x < n < m * R).
 *   2. Base blinding with a fresh random r mod m: x' = x_m * r^e.
 *   3. One constant-time two-base exponentiation sharing its squarings:
 *        y_m = x'^dm * r^(m - 2) = x_m^dm * r^(e dm) * r^-1 = x_m^dm,
 *      since e dm = 1 mod (m - 1) and r^(m-2) = r^-1 (Fermat). So the
 *      unblinding inverse costs one extra multiplication per window
 *      instead of an inversion, and never leaks r.
 *   4. Garner: y = y_q + q * ((y_p - y_q) * qinv mod p)   (RFC 8017 5.1.2 2.b)
 *   5. Fault check (Boneh-DeMillo-Lipton / Bellcore): y^e mod n must equal
 *      x; otherwise the output is zeroed and CORRUPTION_DETECTED returned.
 * Everything is constant time: the range check of x and the fault check
 * end in masks, and the status is selected from them without a branch.
 */
#include <string.h>

#include "common/pp_util.h"
#include "random/pp_random.h"
#include "rsa/rsa_core_internal.h"

#define HMAX PP_RSA_HALF_MAX_LIMBS

/* Everything secret of one private operation, wiped in one go. */
typedef struct {
    pp_limb x[PP_BN_MAX_LIMBS];
    pp_limb n[PP_BN_MAX_LIMBS];
    pp_limb r2n[PP_BN_MAX_LIMBS];
    pp_limb check[PP_BN_MAX_LIMBS];
    pp_limb y[2u * HMAX];
    pp_limb t[2u * HMAX];
    pp_limb m[HMAX], dm[HMAX], r2m[HMAX], r1[HMAX], one[HMAX];
    pp_limb xm[HMAX], rnd[HMAX], rm[HMAX], mm2[HMAX];
    pp_limb yp[HMAX], yq[HMAX];
    pp_limb work[PP_BN_EXP_WORK_LIMBS(PICOPSA_RSA_WINDOW_BITS, HMAX, 2)];
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

/* One CRT half: s->yp or s->yq (Montgomery form when mont_out, else
 * normal) = x^dm mod m, blinded as described at the top. */
static psa_status_t private_half(const uint8_t *material, const pp_rsa_header *h,
                                 private_work *s, int is_p, pp_limb *result)
{
    size_t hl = h->h_limbs;
    pp_limb m0inv = is_p ? h->p0inv : h->q0inv;
    psa_status_t status;

    pp_rsa_field_read(s->m, material, h, is_p ? PP_RSA_F_P : PP_RSA_F_Q);
    pp_rsa_field_read(s->dm, material, h, is_p ? PP_RSA_F_DP : PP_RSA_F_DQ);
    pp_rsa_field_read(s->r2m, material, h, is_p ? PP_RSA_F_R2P : PP_RSA_F_R2Q);
    pp_bn_zero(s->one, hl);
    s->one[0] = 1;
    pp_bn_mont_mul(s->r1, s->r2m, s->one, s->m, m0inv, hl); /* R mod m */

    /* 1. x mod m in Montgomery form: REDC(x) = x R^-1, then two
     *    multiplications by R^2 give x R. */
    pp_bn_zero(s->t, 2u * hl);
    pp_bn_copy(s->t, s->x, h->n_limbs);
    pp_bn_mont_reduce(s->xm, s->t, s->m, m0inv, hl);
    pp_bn_mont_mul(s->xm, s->xm, s->r2m, s->m, m0inv, hl);
    pp_bn_mont_mul(s->xm, s->xm, s->r2m, s->m, m0inv, hl);

    /* 2. r = (random < R) * R mod m (nonzero except with probability
     *    ~2^-(bits/2); r = 0 would only fail the final check). */
    status = pp_random_bytes((uint8_t *)s->rnd, hl * sizeof(pp_limb));
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_bn_mont_mul(s->rnd, s->rnd, s->r2m, s->m, m0inv, hl);        /* r        */
    pp_bn_mont_mul(s->rm, s->rnd, s->r2m, s->m, m0inv, hl);         /* r R      */
    pp_bn_mod_exp_public_vartime(s->t, s->rnd, h->e, s->m, m0inv, s->r2m, hl, h->fast); /* r^e */
    pp_bn_mont_mul(s->t, s->t, s->r2m, s->m, m0inv, hl);            /* r^e R    */
    pp_bn_mont_mul(s->xm, s->xm, s->t, s->m, m0inv, hl);            /* x r^e R  */

    /* 3. y = x'^dm * r^(m-2) (Montgomery form). m is odd and > 2. */
    pp_bn_zero(s->t, hl);
    s->t[0] = 2;
    (void)pp_bn_sub(s->mm2, s->m, s->t, hl);
    if (pp_bn_mont_exp(result, s->xm, s->dm, s->rm, s->mm2, hl, s->r1, s->m, m0inv, hl,
                       s->work, sizeof(s->work) / sizeof(pp_limb), h->fast) == 0) {
        return PSA_ERROR_CORRUPTION_DETECTED; /* work area too small: a build error */
    }
    return PSA_SUCCESS;
}

psa_status_t pp_rsa_private_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    pp_rsa_header h;
    private_work s;
    size_t k, hl, i;
    pp_limb in_range, ok, borrow;
    psa_status_t status;
    uint32_t in_range32, ok32, st;

    if (!pp_rsa_header_read(material, &h) || !h.is_pair) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    k = (h.bits + 7u) / 8u;
    hl = h.h_limbs;
    (void)pp_bn_from_bytes(s.x, h.n_limbs, in, k);
    pp_rsa_field_read(s.n, material, &h, PP_RSA_F_N);
    in_range = pp_bn_lt_mask(s.x, s.n, h.n_limbs);

    status = private_half(material, &h, &s, 1, s.yp);            /* y_p R mod p */
    if (status == PSA_SUCCESS) {
        status = private_half(material, &h, &s, 0, s.yq);        /* y_q R mod q */
    }
    if (status != PSA_SUCCESS) {
        pp_wipe(&s, sizeof(s));
        return status;
    }
    /* 4. Garner. q's half left s.m/s.one set for q: leave Montgomery form. */
    pp_bn_mont_mul(s.yq, s.yq, s.one, s.m, h.q0inv, hl);          /* y_q < q    */
    pp_rsa_field_read(s.m, material, &h, PP_RSA_F_P);
    pp_rsa_field_read(s.r2m, material, &h, PP_RSA_F_R2P);
    pp_bn_mont_mul(s.t, s.yq, s.r2m, s.m, h.p0inv, hl);           /* y_q R mod p */
    borrow = pp_bn_sub(s.yp, s.yp, s.t, hl);                      /* (y_p - y_q) R */
    (void)pp_bn_cond_add(s.yp, s.yp, s.m, (pp_limb)0 - borrow, hl);
    pp_rsa_field_read(s.dm, material, &h, PP_RSA_F_QINV);
    pp_bn_mont_mul(s.yp, s.yp, s.dm, s.m, h.p0inv, hl);           /* h, normal  */
    pp_rsa_field_read(s.m, material, &h, PP_RSA_F_Q);
    pp_bn_mul(s.y, s.m, hl, s.yp, hl);                             /* q h        */
    pp_bn_zero(s.t, 2u * hl);
    pp_bn_copy(s.t, s.yq, hl);
    (void)pp_bn_add(s.y, s.y, s.t, 2u * hl);                       /* y < n      */

    /* 5. Fault check with the public key. y < n, so its limbs beyond
     *    n_limbs are zero and the first n_limbs hold it. */
    pp_rsa_field_read(s.r2n, material, &h, PP_RSA_F_R2N);
    pp_bn_zero(s.check, h.n_limbs);
    pp_bn_copy(s.t, s.y, h.n_limbs);
    pp_bn_mod_exp_public_vartime(s.check, s.t, h.e, s.n, h.n0inv, s.r2n, h.n_limbs, h.fast);
    ok = pp_bn_eq_mask(s.check, s.x, h.n_limbs) & in_range;

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
