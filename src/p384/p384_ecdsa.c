/*
 * p384_ecdsa.c -- P-384 key checks, ECDSA (SEC 1 v2 4.1.3 / 4.1.4,
 * FIPS 186-5 6.4) with RFC 6979 or hedged nonces, and the ECDH primitive
 * (SP 800-56A 5.7.1.2). Contract in p384.h.
 *
 * The construction is P-256's (src/p256/p256_ecdsa.c, docs/p256.md):
 * RFC 6979 3.2 is HMAC_DRBG (SP 800-90A 10.1.2) instantiated with
 * entropy int2octets(x) and nonce bits2octets(h1), each candidate
 * T = one 48-byte generate (qlen = 384: the HMAC blocks concatenated and
 * the leftmost 384 bits kept, RFC 6979 3.2 h.2), the retry step
 * (K = HMAC_K(V || 0x00), V = HMAC_K(V)) HMAC_DRBG's update after a
 * generate; the hedged variant adds 32 bytes of the library RNG as the
 * personalization string (RFC 6979 3.6 k'). Same fault countermeasure.
 */
#include <string.h>

#include "common/pp_util.h"
#include "p384/p384.h"
#include "p384/p384_point.h"
#include "random/hmac_drbg.h"
#include "random/pp_random.h"

#if PSA_WANT_ECC_SECP_R1_384

#define SZ 48u
/* More failed candidates than this means a broken DRBG (each fails with
 * probability < 2^-190). */
#define NONCE_TRIES 32

int pp_p384_private_key_check(const uint8_t d[48])
{
    pp_p384_sc s;
    uint32_t ok = pp_p384_sc_from_bytes(&s, d);
    pp_wipe(&s, sizeof(s));
    return ok == 0xffffffffu ? 0 : -1;
}

int pp_p384_public_key_check(const uint8_t pub[97])
{
    pp_p384_point q;
    return pp_p384_point_decode(&q, pub);
}

uint32_t pp_p384_public_key_ct(uint8_t pub[97], const uint8_t d[48])
{
    pp_p384_sc s;
    pp_p384_point q;
    uint32_t ok = pp_p384_sc_from_bytes(&s, d);
    pp_p384_mul_base(&q, &s);
    ok &= pp_p384_point_encode_xy(pub + 1, pub + 1 + SZ, &q);
    pub[0] = 0x04;
    pp_wipe(&s, sizeof(s));
    pp_wipe(&q, sizeof(q));
    return ok;
}

int pp_p384_public_key(uint8_t pub[97], const uint8_t d[48])
{
    return pp_p384_public_key_ct(pub, d) == 0xffffffffu ? 0 : -1;
}

#if PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA
/* sig = r || s for the nonce k_bytes; R = k G (projective) into *pt for
 * the fault check, or a local when pt is NULL. */
static void sign_k(uint8_t sig[96], pp_p384_point *pt, const uint8_t d[48], const uint8_t h1[48],
                   const uint8_t k_bytes[48])
{
    pp_p384_sc x, e, k, r, s;
    pp_p384_point local;
    uint8_t rx[48];
    if (pt == NULL) {
        pt = &local;
    }
    (void)pp_p384_sc_from_bytes(&x, d);         /* the caller checked both ranges */
    (void)pp_p384_sc_from_bytes(&k, k_bytes);
    pp_p384_sc_from_hash(&e, h1, SZ);
    pp_p384_mul_base(pt, &k);
    (void)pp_p384_point_encode_xy(rx, NULL, pt);   /* k != 0: not the identity */
    pp_p384_sc_from_fe_bytes(&r, rx);               /* r = x1 mod n (x1 < p < 2n) */
    /* s = k^-1 (e + r x) mod n (SEC 1 4.1.3 step 6) */
    pp_p384_sc_mul(&s, &r, &x);
    pp_p384_sc_add(&s, &s, &e);
    pp_p384_sc_inv(&k, &k);
    pp_p384_sc_mul(&s, &k, &s);
    pp_p384_sc_to_bytes(sig, &r);
    pp_p384_sc_to_bytes(sig + SZ, &s);
    pp_wipe(&x, sizeof(x));
    pp_wipe(&k, sizeof(k));
    pp_wipe(&s, sizeof(s));
    pp_wipe(&e, sizeof(e));
    pp_wipe(rx, sizeof(rx));
    pp_wipe(&local, sizeof(local));
}

void pp_p384_ecdsa_sign_k(uint8_t sig[96], const uint8_t d[48], const uint8_t h1[48],
                          const uint8_t k_bytes[48])
{
    sign_k(sig, NULL, d, h1, k_bytes);
}

/* n in 48 big-endian bytes (SP 800-186 3.2.1.4). */
static const uint8_t p384_n_be[48] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf, 0x58, 0x1a, 0x0d, 0xb2,
    0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73};

/* rn = r + n (48 big-endian bytes; r < n); returns the carry out (0/1).
 * No branch: the fault check calls it before r is released. */
static uint32_t add_n(uint8_t rn[48], const uint8_t r[48])
{
    uint32_t carry = 0;
    int i;
    for (i = 47; i >= 0; i--) {
        uint32_t sum = (uint32_t)r[i] + p384_n_be[i] + carry;
        rn[i] = (uint8_t)sum;
        carry = sum >> 8;
    }
    return carry;
}

#if PICOPSA_SIGN_FAULT_CHECK
/* All-ones when x(R) mod n == r (48 big-endian bytes, r < n) for a
 * projective R with Z != 0: X == r Z, or X == (r + n) Z when r + n < p
 * (x(R) < p < 2n), the test verification makes, here without a branch. */
static uint32_t x_mod_n_is(const pp_p384_point *pt, const uint8_t r[48])
{
    uint8_t rn[48];
    pp_p384_fe f;
    uint32_t ok1, ok2, carry = add_n(rn, r);
    (void)pp_p384_fe_from_bytes(&f, r);   /* r < n < p */
    pp_p384_fe_mul(&f, &f, &pt->z);
    ok1 = pp_p384_fe_eq(&f, &pt->x);
    ok2 = pp_p384_fe_from_bytes(&f, rn) & pp_ct_mask_zero_u32(carry);
    pp_p384_fe_mul(&f, &f, &pt->z);
    ok2 &= pp_p384_fe_eq(&f, &pt->x);
    pp_wipe(&f, sizeof(f));
    return ~pp_p384_fe_is_zero(&pt->z) & (ok1 | ok2);
}

/* All-ones when a == b as projective points, both with Z != 0. */
static uint32_t point_eq(const pp_p384_point *a, const pp_p384_point *b)
{
    pp_p384_fe u, v;
    uint32_t ok = ~pp_p384_fe_is_zero(&a->z) & ~pp_p384_fe_is_zero(&b->z);
    pp_p384_fe_mul(&u, &a->x, &b->z);
    pp_p384_fe_mul(&v, &b->x, &a->z);
    ok &= pp_p384_fe_eq(&u, &v);
    pp_p384_fe_mul(&u, &a->y, &b->z);
    pp_p384_fe_mul(&v, &b->y, &a->z);
    ok &= pp_p384_fe_eq(&u, &v);
    return ok;
}

/* The fault check of P-256 (docs/p256.md "Fault countermeasure"), every
 * value taken again from its source:
 *   (1) s k == e + r d (mod n);
 *   (2) r == x(R) mod n, checked on R's projective X and Z (X == r Z or
 *       (r + n) Z, Z != 0) where signing inverted Z, encoded x and
 *       reduced it mod n: a computation sharing no step with the one it
 *       checks, so one fault in either cannot make them agree on a wrong
 *       r (issue 21 sec. 3, "checking R against the final state"; a
 *       second inversion cost about 400 field multiplications, this one
 *       two; a fault in R itself is (3)'s);
 *   (3) (k + d) G == R + Q, Q the slot's public key;
 *   (4) sig still holds what (1) and (2) read.
 * All-ones when every check holds. */
uint32_t pp_p384_ecdsa_sign_check(const uint8_t *sig, const pp_p384_point *pt,
                                  const uint8_t d[48], const uint8_t pub[97],
                                  const pp_p384_sc *e, const uint8_t k_bytes[48])
{
    pp_p384_sc k, x, r, s, t, u;
    pp_p384_point a, b;
    uint8_t seen[96];
    uint32_t diff = 0;
    size_t i;
    uint32_t ok = pp_p384_sc_from_bytes(&k, k_bytes);
    memcpy(seen, sig, sizeof(seen));
    ok &= pp_p384_sc_from_bytes(&x, d);
    ok &= pp_p384_sc_from_bytes(&r, seen);
    ok &= pp_p384_sc_from_bytes(&s, seen + SZ);
    pp_p384_sc_mul(&u, &r, &x);
    pp_p384_sc_add(&u, &u, e);
    pp_p384_sc_mul(&t, &s, &k);
    ok &= pp_p384_fe_eq(&t, &u);                         /* (1) */
    ok &= x_mod_n_is(pt, seen);                          /* (2) */
    pp_p384_sc_add(&t, &k, &x);
    pp_p384_mul_base(&a, &t);
    /* Q without the on-curve test (a branch on the verdict): an off-curve
     * Q cannot satisfy (3). */
    ok &= pp_p384_fe_from_bytes(&b.x, pub + 1);
    ok &= pp_p384_fe_from_bytes(&b.y, pub + 1 + SZ);
    b.z = pp_p384_fe_one;
    pp_p384_point_add(&b, &b, pt);
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
 * (RFC 6979 3.2 h.3; skip counts the candidates a zero r or s refused). */
static psa_status_t derive_nonce(pp_hmac_drbg *drbg, uint8_t cand[48], pp_p384_sc *t,
                                 const uint8_t d[48], const uint8_t h1[48], const uint8_t *extra,
                                 size_t extra_len, psa_algorithm_t nonce_hash, int skip)
{
    int tries;
    psa_status_t status = pp_hmac_drbg_instantiate(drbg, nonce_hash, d, SZ, h1, SZ, extra,
                                                   extra_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_hmac_drbg_set_prediction_resistance(drbg, 0);
    status = PSA_ERROR_CORRUPTION_DETECTED;
    for (tries = 0; tries < NONCE_TRIES; tries++) {
        if (pp_hmac_drbg_generate(drbg, cand, SZ, NULL, 0) != PSA_SUCCESS) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
            break;
        }
        if (pp_p384_sc_from_bytes(t, cand) == 0xffffffffu && skip-- == 0) {
            status = PSA_SUCCESS;
            break;
        }
    }
    return status;
}

psa_status_t pp_p384_ecdsa_sign(uint8_t sig[96], const uint8_t d[48], const uint8_t pub[97],
                                const uint8_t *hash, size_t hash_len, psa_algorithm_t nonce_hash,
                                int deterministic)
{
    pp_hmac_drbg drbg;
    pp_p384_sc t;
    uint8_t h1[48], extra[32], cand[48];
#if PICOPSA_SIGN_FAULT_CHECK
    pp_p384_point pt;
    pp_p384_point *rp = &pt;
    uint8_t out[96];
#else
    pp_p384_point *rp = NULL;
    uint8_t *out = sig;
#endif
    const uint8_t *ad = deterministic ? NULL : extra;
    size_t ad_len = deterministic ? 0u : sizeof(extra);
    psa_status_t status;
    int skip;

    if (pp_p384_private_key_check(d) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* The hash is read before sig (which may overlap it) is written. */
    pp_p384_sc_from_hash(&t, hash, hash_len);   /* bits2int(H(m)) mod n */
    pp_p384_sc_to_bytes(h1, &t);                /* bits2octets(h1) */
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
        if (pp_p384_private_key_check(out) == 0 && pp_p384_private_key_check(out + SZ) == 0) {
            break;
        }
#if PICOPSA_SIGN_FAULT_CHECK
        /* A zero r or s (probability 2^-384) must come out again, or it
         * was a fault. */
        sign_k(out, rp, d, h1, cand);
        if (pp_p384_private_key_check(out) == 0 && pp_p384_private_key_check(out + SZ) == 0) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
#endif
    }
#if PICOPSA_SIGN_FAULT_CHECK
    /* A single fault must not release a wrong signature: derive the nonce
     * a second time and compare, read e again, then check what sig holds. */
    if (status == PSA_SUCCESS) {
        uint8_t cand2[48];
        uint32_t ok, diff = 0;
        size_t i;
        status = derive_nonce(&drbg, cand2, &t, d, h1, ad, ad_len, nonce_hash, skip);
        pp_hmac_drbg_uninstantiate(&drbg);
        for (i = 0; i < sizeof(cand); i++) {
            diff |= (uint32_t)(cand[i] ^ cand2[i]);
        }
        ok = pp_ct_mask_zero_u32(diff);
        pp_wipe(cand2, sizeof(cand2));
        pp_p384_sc_from_hash(&t, hash, hash_len);
        memcpy(sig, out, sizeof(out));
        ok &= pp_p384_ecdsa_sign_check(sig, rp, d, pub, &t, cand);
        if (status == PSA_SUCCESS && pp_ct_barrier_u32(ok) != 0xffffffffu) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
    }
#else
    (void)pub;
#endif
    if (status != PSA_SUCCESS) {
        memset(sig, 0, 96);
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

int pp_p384_ecdsa_verify(const uint8_t sig[96], const uint8_t pub[97], const uint8_t *hash,
                         size_t hash_len)
{
    pp_p384_point q;
    pp_p384_fe rf;
    uint8_t rb[48];
    if (pp_p384_point_decode(&q, pub) != 0) {
        return -1;
    }
    {
        pp_p384_sc a, b, w;   /* a = r then u2, b = s then e then u1 */
        /* SEC 1 4.1.4 step 1: r, s in [1, n-1]. */
        if (pp_p384_sc_from_bytes(&a, sig) != 0xffffffffu ||
            pp_p384_sc_from_bytes(&b, sig + SZ) != 0xffffffffu) {
            return -1;
        }
        pp_p384_sc_inv(&w, &b);                    /* w = s^-1 */
        pp_p384_sc_from_hash(&b, hash, hash_len);  /* e */
        pp_p384_sc_mul(&b, &b, &w);                /* u1 = e w */
        pp_p384_sc_mul(&a, &a, &w);                /* u2 = r w */
        pp_p384_mul2_vartime(&q, &b, &a, &q);      /* R = u1 G + u2 Q */
    }
    /* Step 5: R must not be the identity. Step 7, x_R mod n == r, without
     * an inversion: X == r Z, or X == (r + n) Z when r + n < p. */
    if (pp_p384_fe_is_zero(&q.z) != 0) {
        return -1;
    }
    (void)pp_p384_fe_from_bytes(&rf, sig);   /* r < n < p */
    pp_p384_fe_mul(&rf, &rf, &q.z);
    if (pp_p384_fe_eq(&rf, &q.x) != 0) {
        return 0;
    }
    if (add_n(rb, sig) != 0 || pp_p384_fe_from_bytes(&rf, rb) == 0) {
        return -1;   /* r + n >= p: no second candidate */
    }
    pp_p384_fe_mul(&rf, &rf, &q.z);
    return pp_p384_fe_eq(&rf, &q.x) != 0 ? 0 : -1;
}
#endif /* PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA */

#if PSA_WANT_ALG_ECDH
int pp_p384_ecdh(uint8_t shared[48], const uint8_t d[48], const uint8_t peer[97])
{
    pp_p384_point q;
    pp_p384_sc s;
    uint32_t ok;
    size_t i;
    if (pp_p384_point_decode(&q, peer) != 0) {   /* SP 800-56A 5.6.2.3.3 full validation */
        memset(shared, 0, SZ);
        return -1;
    }
    ok = pp_p384_sc_from_bytes(&s, d);
    pp_p384_mul(&q, &s, &q);
    /* The identity cannot come out of a valid d and point (prime order);
     * checked anyway (SP 800-56A 5.7.1.2 step 2). */
    ok &= pp_p384_point_encode_xy(shared, NULL, &q);
    ok = pp_ct_barrier_u32(ok);
    for (i = 0; i < SZ; i++) {   /* zeros on failure, without a branch */
        shared[i] = (uint8_t)(shared[i] & ok);
    }
    pp_wipe(&s, sizeof(s));
    pp_wipe(&q, sizeof(q));
    return (int)(ok & 1u) - 1;
}
#endif /* PSA_WANT_ALG_ECDH */

#endif /* PSA_WANT_ECC_SECP_R1_384 */
