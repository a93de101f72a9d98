/*
 * ecc_ecdsa_glue.h -- the ECDSA signing glue shared by P-256 and P-384
 * (SEC 1 v2 4.1.3, FIPS 186-5 6.4, RFC 6979 3.2 / 3.6 nonces) and the
 * fault countermeasure of issue 21 (docs/p256.md "Fault countermeasure"),
 * written once over the curve the includer names. A template, not an
 * interface: included by one .c file per curve (src/p256/p256_ecdsa.c,
 * src/p384/p384_ecdsa.c), inside its ECDSA section, after it defines
 *   ECC(name)        its prefix pasted to name (pp_p256_##name: the
 *                    curve's sc_/fe_ functions, mul_base, point_add,
 *                    private_key_check, and the names defined here);
 *   ECC_FE, ECC_SC, ECC_POINT  its field element, scalar and point types;
 *   ECC_SZ           the byte length of p and n (32u, 48u);
 *   ECC_N_BE         n as ECC_SZ big-endian bytes (an array);
 *   NONCE_TRIES      DRBG candidates before the nonce gives up;
 *   sign_k(sig, pt, d, h1, k)  r || s for the nonce k, R = k G into *pt
 *                    (a local when pt is NULL).
 * Each curve gets its own copy over its own arithmetic (P-256's object
 * code is the same as before the code moved here). It defines
 *   static add_n(rn, r): rn = r + n, the carry out (verification uses it);
 *   ECC(ecdsa_sign_check) (with PICOPSA_SIGN_FAULT_CHECK): the released
 *     signature checked again, constant time (the curve header's contract);
 *   ECC(ecdsa_sign): the curve header's contract (RFC 6979 or hedged,
 *     PSA_ERROR_CORRUPTION_DETECTED and a wiped output on a fault).
 * Secrets (d, k, their products) flow only through the curve's
 * constant-time arithmetic; branches are on public verdicts only.
 */
#ifndef PICOPSA_ECC_ECDSA_GLUE_H
#define PICOPSA_ECC_ECDSA_GLUE_H

#include <string.h>

#include "common/pp_util.h"
#include "random/hmac_drbg.h"
#include "random/pp_random.h"

/* rn = r + n (ECC_SZ big-endian bytes; r < n); returns the carry out (0/1).
 * No branch: the fault check calls it before r is released. */
static uint32_t add_n(uint8_t rn[ECC_SZ], const uint8_t r[ECC_SZ])
{
    uint32_t carry = 0;
    int i;
    for (i = (int)ECC_SZ - 1; i >= 0; i--) {
        uint32_t sum = (uint32_t)r[i] + ECC_N_BE[i] + carry;
        rn[i] = (uint8_t)sum;
        carry = sum >> 8;
    }
    return carry;
}

#if PICOPSA_SIGN_FAULT_CHECK
/* All-ones when x(R) mod n == r (ECC_SZ big-endian bytes, r < n) for a
 * projective R with Z != 0: X == r Z, or X == (r + n) Z when r + n < p
 * (x(R) < p < 2n), the test verification makes, here without a branch. */
static uint32_t x_mod_n_is(const ECC_POINT *pt, const uint8_t r[ECC_SZ])
{
    uint8_t rn[ECC_SZ];
    ECC_FE f;
    uint32_t ok1, ok2, carry = add_n(rn, r);
    (void)ECC(fe_from_bytes)(&f, r);   /* r < n < p */
    ECC(fe_mul)(&f, &f, &pt->z);
    ok1 = ECC(fe_eq)(&f, &pt->x);
    ok2 = ECC(fe_from_bytes)(&f, rn) & pp_ct_mask_zero_u32(carry);
    ECC(fe_mul)(&f, &f, &pt->z);
    ok2 &= ECC(fe_eq)(&f, &pt->x);
    pp_wipe(&f, sizeof(f));
    return ~ECC(fe_is_zero)(&pt->z) & (ok1 | ok2);
}

/* All-ones when a == b as projective points, both with Z != 0. */
static uint32_t point_eq(const ECC_POINT *a, const ECC_POINT *b)
{
    ECC_FE u, v;
    uint32_t ok = ~ECC(fe_is_zero)(&a->z) & ~ECC(fe_is_zero)(&b->z);
    ECC(fe_mul)(&u, &a->x, &b->z);
    ECC(fe_mul)(&v, &b->x, &a->z);
    ok &= ECC(fe_eq)(&u, &v);
    ECC(fe_mul)(&u, &a->y, &b->z);
    ECC(fe_mul)(&v, &b->y, &a->z);
    ok &= ECC(fe_eq)(&u, &v);
    return ok;
}

/* The fault check of a signature (docs/p256.md "Fault countermeasure"):
 * every value is taken again from its source (sig as released, d, the
 * public key, e read again from the caller's hash, the nonce bytes) and
 *   (1) s k == e + r d (mod n): the scalar arithmetic of s, and e;
 *   (2) r == x(R) mod n, checked on R's projective X and Z (X == r Z
 *       or (r + n) Z, Z != 0) where signing inverted Z, encoded x and
 *       reduced it mod n: the encoding of r by a computation that shares
 *       no step with the one it checks, so one fault in either cannot
 *       make them agree on a wrong r (issue 21 sec. 3: "checking R
 *       against the final state" is the cheaper check it asks for; a
 *       second inversion cost 267 field multiplications, this one four;
 *       a fault in R itself is (3)'s);
 *   (3) (k + d) G == R + Q: R is k G (a second comb) and d is the key
 *       whose public key Q the slot holds (so a d, k or pointer fault
 *       that keeps (1) and (2) consistent still fails here);
 *   (4) sig still holds, at the end, what (1) and (2) read.
 * The nonce itself is checked by the caller (derived again). */
uint32_t ECC(ecdsa_sign_check)(const uint8_t *sig, const ECC_POINT *pt,
                                  const uint8_t d[ECC_SZ], const uint8_t pub[1 + 2 * ECC_SZ],
                                  const ECC_SC *e, const uint8_t k_bytes[ECC_SZ])
{
    ECC_SC k, x, r, s, t, u;
    ECC_POINT a, b;
    uint8_t seen[2 * ECC_SZ];
    uint32_t diff = 0;
    size_t i;
    uint32_t ok = ECC(sc_from_bytes)(&k, k_bytes);
    memcpy(seen, sig, sizeof(seen));
    ok &= ECC(sc_from_bytes)(&x, d);
    ok &= ECC(sc_from_bytes)(&r, seen);
    ok &= ECC(sc_from_bytes)(&s, seen + ECC_SZ);
    ECC(sc_mul)(&u, &r, &x);
    ECC(sc_add)(&u, &u, e);
    ECC(sc_mul)(&t, &s, &k);
    ok &= ECC(fe_eq)(&t, &u);                         /* (1) */
    ok &= x_mod_n_is(pt, seen);                          /* (2) */
    ECC(sc_add)(&t, &k, &x);
    ECC(mul_base)(&a, &t);
    /* Q without the on-curve test (a branch on the verdict): an off-curve
     * Q cannot satisfy (3). */
    ok &= ECC(fe_from_bytes)(&b.x, pub + 1);
    ok &= ECC(fe_from_bytes)(&b.y, pub + 1 + ECC_SZ);
    b.z = ECC(fe_one);
    ECC(point_add)(&b, &b, pt);
    ok &= point_eq(&a, &b);                              /* (3) */
    for (i = 0; i < sizeof(seen); i++) {                 /* (4) */
        diff |= (uint32_t)(seen[i] ^ ((const volatile uint8_t *)sig)[i]);
    }
    ok &= pp_ct_mask_zero_u32(diff);
    pp_wipe(&k, sizeof(k));
    pp_wipe(&x, sizeof(x));
    pp_wipe(&t, sizeof(t));
    pp_wipe(&u, sizeof(u));
    pp_wipe(&a, sizeof(a));
    pp_wipe(&b, sizeof(b));
    return pp_ct_barrier_u32(ok);
}
#endif

/* The nonce: the first DRBG candidate in [1, n-1] after skip others
 * (RFC 6979 3.2 h.3; skip counts the candidates a zero r or s refused).
 * cand receives it; t is scratch (the caller wipes it). */
static psa_status_t derive_nonce(pp_hmac_drbg *drbg, uint8_t cand[ECC_SZ], ECC_SC *t,
                                 const uint8_t d[ECC_SZ], const uint8_t h1[ECC_SZ], const uint8_t *extra,
                                 size_t extra_len, psa_algorithm_t nonce_hash, int skip)
{
    int tries;
    psa_status_t status = pp_hmac_drbg_instantiate(drbg, nonce_hash, d, ECC_SZ, h1, ECC_SZ, extra,
                                                   extra_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* One instantiation, a few generates: no reseed is due. */
    pp_hmac_drbg_set_prediction_resistance(drbg, 0);
    status = PSA_ERROR_CORRUPTION_DETECTED;
    for (tries = 0; tries < NONCE_TRIES; tries++) {
        if (pp_hmac_drbg_generate(drbg, cand, ECC_SZ, NULL, 0) != PSA_SUCCESS) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
            break;
        }
        if (ECC(sc_from_bytes)(t, cand) == 0xffffffffu && skip-- == 0) {
            status = PSA_SUCCESS;
            break;
        }
    }
    return status;
}

psa_status_t ECC(ecdsa_sign)(uint8_t sig[2 * ECC_SZ], const uint8_t d[ECC_SZ], const uint8_t pub[1 + 2 * ECC_SZ],
                                const uint8_t *hash, size_t hash_len, psa_algorithm_t nonce_hash,
                                int deterministic)
{
    pp_hmac_drbg drbg;
    ECC_SC t;
    uint8_t h1[ECC_SZ], extra[32], cand[ECC_SZ];
#if PICOPSA_SIGN_FAULT_CHECK
    /* Checked before release: R kept, the signature built in out. */
    ECC_POINT pt;
    ECC_POINT *rp = &pt;
    uint8_t out[2 * ECC_SZ];
#else
    ECC_POINT *rp = NULL;
    uint8_t *out = sig;
#endif
    const uint8_t *ad = deterministic ? NULL : extra;
    size_t ad_len = deterministic ? 0u : sizeof(extra);
    psa_status_t status;
    int skip;

    if (ECC(private_key_check)(d) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* The hash is read here, before sig (which may overlap it) is written;
     * the fault check reads it again, still before. */
    ECC(sc_from_hash)(&t, hash, hash_len);   /* bits2int(H(m)) mod n */
    ECC(sc_to_bytes)(h1, &t);                /* bits2octets(h1) */
    status = PSA_SUCCESS;
    if (!deterministic) {
        status = pp_random_bytes(extra, sizeof(extra));
    }
    for (skip = 0; status == PSA_SUCCESS; skip++) {
        status = derive_nonce(&drbg, cand, &t, d, h1, ad, ad_len, nonce_hash, skip);
        pp_hmac_drbg_uninstantiate(&drbg);
        if (status != PSA_SUCCESS) {
            break;
        }
        sign_k(out, rp, d, h1, cand);
        /* r and s are public: a zero one means another candidate. */
        if (ECC(private_key_check)(out) == 0 && ECC(private_key_check)(out + ECC_SZ) == 0) {
            break;
        }
#if PICOPSA_SIGN_FAULT_CHECK
        /* A zero r or s (probability 2^-(8 ECC_SZ)) must come out again, or it
         * was a fault (a retry would release the next nonce's signature). */
        sign_k(out, rp, d, h1, cand);
        if (ECC(private_key_check)(out) == 0 && ECC(private_key_check)(out + ECC_SZ) == 0) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
#endif
    }
#if PICOPSA_SIGN_FAULT_CHECK
    /* A single fault must not release a wrong signature (with the right
     * one it gives d): derive the nonce a second time and compare, read
     * e again (before sig, which may overlap the hash, is written), then
     * check what sig holds (ECC(ecdsa_sign_check)). */
    if (status == PSA_SUCCESS) {
        uint8_t cand2[ECC_SZ];
        uint32_t ok, diff = 0;
        size_t i;
        status = derive_nonce(&drbg, cand2, &t, d, h1, ad, ad_len, nonce_hash, skip);
        pp_hmac_drbg_uninstantiate(&drbg);
        for (i = 0; i < sizeof(cand); i++) {
            diff |= (uint32_t)(cand[i] ^ cand2[i]);
        }
        ok = pp_ct_mask_zero_u32(diff);
        pp_wipe(cand2, sizeof(cand2));
        ECC(sc_from_hash)(&t, hash, hash_len);
        memcpy(sig, out, sizeof(out));
        ok &= ECC(ecdsa_sign_check)(sig, rp, d, pub, &t, cand);
        if (status == PSA_SUCCESS && pp_ct_barrier_u32(ok) != 0xffffffffu) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
    }
#else
    (void)pub;
#endif
    if (status != PSA_SUCCESS) {
        memset(sig, 0, 2 * ECC_SZ);
    }
    pp_wipe(&t, sizeof(t));
    pp_wipe(extra, sizeof(extra));
    pp_wipe(cand, sizeof(cand));
    pp_wipe(h1, sizeof(h1));
#if PICOPSA_SIGN_FAULT_CHECK
    pp_wipe(&pt, sizeof(pt));
    pp_wipe(out, sizeof(out));
#endif
    return status;
}

#endif /* PICOPSA_ECC_ECDSA_GLUE_H */
