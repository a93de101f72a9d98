/*
 * p256_ecdsa.c -- P-256 key checks, ECDSA (SEC 1 v2 4.1.3 / 4.1.4,
 * FIPS 186-5 6.4) with RFC 6979 or hedged nonces, and the ECDH primitive
 * (SP 800-56A 5.7.1.2). Contract in p256.h.
 *
 * Nonces: RFC 6979 3.2 is HMAC_DRBG (SP 800-90A 10.1.2) instantiated with
 * entropy int2octets(x) and nonce bits2octets(h1), each 32-byte candidate
 * T = bits2int of one generate (qlen = 256), and the retry step
 * (K = HMAC_K(V || 0x00), V = HMAC_K(V)) is HMAC_DRBG's update after a
 * generate; so src/random/hmac_drbg.c runs it. The hedged variant adds
 * 32 fresh bytes of the library RNG as the personalization string, which
 * is RFC 6979 3.6's additional data k': a broken RNG degrades it to
 * RFC 6979, not to a repeated or biased nonce.
 */
#include <string.h>

#include "common/pp_util.h"
#include "p256/p256.h"
#include "p256/p256_point.h"
#include "random/hmac_drbg.h"
#include "random/pp_random.h"

#if PSA_WANT_ECC_SECP_R1_256

/* More failed candidates than this means a broken DRBG (each fails with
 * probability < 2^-32). */
#define NONCE_TRIES 32

int pp_p256_private_key_check(const uint8_t d[32])
{
    pp_p256_sc s;
    uint32_t ok = pp_p256_sc_from_bytes(&s, d);
    pp_wipe(&s, sizeof(s));
    return ok == 0xffffffffu ? 0 : -1;
}

int pp_p256_public_key_check(const uint8_t pub[65])
{
    pp_p256_point q;
    return pp_p256_point_decode(&q, pub);
}

uint32_t pp_p256_public_key_ct(uint8_t pub[65], const uint8_t d[32])
{
    pp_p256_sc s;
    pp_p256_point q;
    uint32_t ok = pp_p256_sc_from_bytes(&s, d);
    pp_p256_mul_base(&q, &s);
    ok &= pp_p256_point_encode_xy(pub + 1, pub + 33, &q);
    pub[0] = 0x04;
    pp_wipe(&s, sizeof(s));
    pp_wipe(&q, sizeof(q));
    return ok;
}

int pp_p256_public_key(uint8_t pub[65], const uint8_t d[32])
{
    return pp_p256_public_key_ct(pub, d) == 0xffffffffu ? 0 : -1;
}

#if PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA
/* sig = r || s for the nonce k_bytes; R = k G (projective) into *pt for
 * the fault check, or a local when pt is NULL. */
static void sign_k(uint8_t sig[64], pp_p256_point *pt, const uint8_t d[32], const uint8_t h1[32],
                   const uint8_t k_bytes[32])
{
    pp_p256_sc x, e, k, r, s;
    pp_p256_point local;
    uint8_t rx[32];
    if (pt == NULL) {
        pt = &local;
    }
    (void)pp_p256_sc_from_bytes(&x, d);         /* the caller checked both ranges */
    (void)pp_p256_sc_from_bytes(&k, k_bytes);
    pp_p256_sc_from_hash(&e, h1, 32);
    pp_p256_mul_base(pt, &k);
    (void)pp_p256_point_encode_xy(rx, NULL, pt);   /* k != 0: not the identity */
    pp_p256_sc_from_hash(&r, rx, sizeof(rx));       /* r = x1 mod n (x1 < p < 2n) */
    /* s = k^-1 (e + r x) mod n (SEC 1 4.1.3 step 6) */
    pp_p256_sc_mul(&s, &r, &x);
    pp_p256_sc_add(&s, &s, &e);
    pp_p256_sc_inv(&k, &k);
    pp_p256_sc_mul(&s, &k, &s);
    pp_p256_sc_to_bytes(sig, &r);
    pp_p256_sc_to_bytes(sig + 32, &s);
    pp_wipe(&x, sizeof(x));
    pp_wipe(&k, sizeof(k));
    pp_wipe(&s, sizeof(s));
    pp_wipe(rx, sizeof(rx));
    pp_wipe(&local, sizeof(local));
}

void pp_p256_ecdsa_sign_k(uint8_t sig[64], const uint8_t d[32], const uint8_t h1[32],
                          const uint8_t k_bytes[32])
{
    sign_k(sig, NULL, d, h1, k_bytes);
}

static const uint8_t p256_n_be[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51};

/* rn = r + n (32 big-endian bytes; r < n); returns the carry out (0/1).
 * No branch: the fault check calls it before r is released. */
static uint32_t add_n(uint8_t rn[32], const uint8_t r[32])
{
    uint32_t carry = 0;
    int i;
    for (i = 31; i >= 0; i--) {
        uint32_t sum = (uint32_t)r[i] + p256_n_be[i] + carry;
        rn[i] = (uint8_t)sum;
        carry = sum >> 8;
    }
    return carry;
}

#if PICOPSA_SIGN_FAULT_CHECK
/* All-ones when x(R) mod n == r (32 big-endian bytes, r < n) for a
 * projective R with Z != 0: X == r Z, or X == (r + n) Z when r + n < p
 * (x(R) < p < 2n), the test verification makes, here without a branch. */
static uint32_t x_mod_n_is(const pp_p256_point *pt, const uint8_t r[32])
{
    uint8_t rn[32];
    pp_p256_fe f;
    uint32_t ok1, ok2, carry = add_n(rn, r);
    (void)pp_p256_fe_from_bytes(&f, r);   /* r < n < p */
    pp_p256_fe_mul(&f, &f, &pt->z);
    ok1 = pp_p256_fe_eq(&f, &pt->x);
    ok2 = pp_p256_fe_from_bytes(&f, rn) & pp_ct_mask_zero_u32(carry);
    pp_p256_fe_mul(&f, &f, &pt->z);
    ok2 &= pp_p256_fe_eq(&f, &pt->x);
    pp_wipe(&f, sizeof(f));
    return ~pp_p256_fe_is_zero(&pt->z) & (ok1 | ok2);
}

/* All-ones when a == b as projective points, both with Z != 0. */
static uint32_t point_eq(const pp_p256_point *a, const pp_p256_point *b)
{
    pp_p256_fe u, v;
    uint32_t ok = ~pp_p256_fe_is_zero(&a->z) & ~pp_p256_fe_is_zero(&b->z);
    pp_p256_fe_mul(&u, &a->x, &b->z);
    pp_p256_fe_mul(&v, &b->x, &a->z);
    ok &= pp_p256_fe_eq(&u, &v);
    pp_p256_fe_mul(&u, &a->y, &b->z);
    pp_p256_fe_mul(&v, &b->y, &a->z);
    ok &= pp_p256_fe_eq(&u, &v);
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
uint32_t pp_p256_ecdsa_sign_check(const uint8_t *sig, const pp_p256_point *pt,
                                  const uint8_t d[32], const uint8_t pub[65],
                                  const pp_p256_sc *e, const uint8_t k_bytes[32])
{
    pp_p256_sc k, x, r, s, t, u;
    pp_p256_point a, b;
    uint8_t seen[64];
    uint32_t diff = 0;
    size_t i;
    uint32_t ok = pp_p256_sc_from_bytes(&k, k_bytes);
    memcpy(seen, sig, sizeof(seen));
    ok &= pp_p256_sc_from_bytes(&x, d);
    ok &= pp_p256_sc_from_bytes(&r, seen);
    ok &= pp_p256_sc_from_bytes(&s, seen + 32);
    pp_p256_sc_mul(&u, &r, &x);
    pp_p256_sc_add(&u, &u, e);
    pp_p256_sc_mul(&t, &s, &k);
    ok &= pp_p256_fe_eq(&t, &u);                         /* (1) */
    ok &= x_mod_n_is(pt, seen);                          /* (2) */
    pp_p256_sc_add(&t, &k, &x);
    pp_p256_mul_base(&a, &t);
    /* Q without the on-curve test (a branch on the verdict): an off-curve
     * Q cannot satisfy (3). */
    ok &= pp_p256_fe_from_bytes(&b.x, pub + 1);
    ok &= pp_p256_fe_from_bytes(&b.y, pub + 33);
    b.z = pp_p256_fe_one;
    pp_p256_point_add(&b, &b, pt);
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
static psa_status_t derive_nonce(pp_hmac_drbg *drbg, uint8_t cand[32], pp_p256_sc *t,
                                 const uint8_t d[32], const uint8_t h1[32], const uint8_t *extra,
                                 size_t extra_len, psa_algorithm_t nonce_hash, int skip)
{
    int tries;
    psa_status_t status = pp_hmac_drbg_instantiate(drbg, nonce_hash, d, 32u, h1, 32u, extra,
                                                   extra_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* One instantiation, a few generates: no reseed is due. */
    pp_hmac_drbg_set_prediction_resistance(drbg, 0);
    status = PSA_ERROR_CORRUPTION_DETECTED;
    for (tries = 0; tries < NONCE_TRIES; tries++) {
        if (pp_hmac_drbg_generate(drbg, cand, 32u, NULL, 0) != PSA_SUCCESS) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
            break;
        }
        if (pp_p256_sc_from_bytes(t, cand) == 0xffffffffu && skip-- == 0) {
            status = PSA_SUCCESS;
            break;
        }
    }
    return status;
}

psa_status_t pp_p256_ecdsa_sign(uint8_t sig[64], const uint8_t d[32], const uint8_t pub[65],
                                const uint8_t *hash, size_t hash_len, psa_algorithm_t nonce_hash,
                                int deterministic)
{
    pp_hmac_drbg drbg;
    pp_p256_sc t;
    uint8_t h1[32], extra[32], cand[32];
#if PICOPSA_SIGN_FAULT_CHECK
    /* Checked before release: R kept, the signature built in out. */
    pp_p256_point pt;
    pp_p256_point *rp = &pt;
    uint8_t out[64];
#else
    pp_p256_point *rp = NULL;
    uint8_t *out = sig;
#endif
    const uint8_t *ad = deterministic ? NULL : extra;
    size_t ad_len = deterministic ? 0u : sizeof(extra);
    psa_status_t status;
    int skip;

    if (pp_p256_private_key_check(d) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* The hash is read here, before sig (which may overlap it) is written;
     * the fault check reads it again, still before. */
    pp_p256_sc_from_hash(&t, hash, hash_len);   /* bits2int(H(m)) mod n */
    pp_p256_sc_to_bytes(h1, &t);                /* bits2octets(h1) */
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
        if (pp_p256_private_key_check(out) == 0 && pp_p256_private_key_check(out + 32) == 0) {
            break;
        }
#if PICOPSA_SIGN_FAULT_CHECK
        /* A zero r or s (probability 2^-256) must come out again, or it
         * was a fault (a retry would release the next nonce's signature). */
        sign_k(out, rp, d, h1, cand);
        if (pp_p256_private_key_check(out) == 0 && pp_p256_private_key_check(out + 32) == 0) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
#endif
    }
#if PICOPSA_SIGN_FAULT_CHECK
    /* A single fault must not release a wrong signature (with the right
     * one it gives d): derive the nonce a second time and compare, read
     * e again (before sig, which may overlap the hash, is written), then
     * check what sig holds (pp_p256_ecdsa_sign_check). */
    if (status == PSA_SUCCESS) {
        uint8_t cand2[32];
        uint32_t ok, diff = 0;
        size_t i;
        status = derive_nonce(&drbg, cand2, &t, d, h1, ad, ad_len, nonce_hash, skip);
        pp_hmac_drbg_uninstantiate(&drbg);
        for (i = 0; i < sizeof(cand); i++) {
            diff |= (uint32_t)(cand[i] ^ cand2[i]);
        }
        ok = pp_ct_mask_zero_u32(diff);
        pp_wipe(cand2, sizeof(cand2));
        pp_p256_sc_from_hash(&t, hash, hash_len);
        memcpy(sig, out, sizeof(out));
        ok &= pp_p256_ecdsa_sign_check(sig, rp, d, pub, &t, cand);
        if (status == PSA_SUCCESS && pp_ct_barrier_u32(ok) != 0xffffffffu) {
            status = PSA_ERROR_CORRUPTION_DETECTED;
        }
    }
#else
    (void)pub;
#endif
    if (status != PSA_SUCCESS) {
        memset(sig, 0, 64);
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

int pp_p256_ecdsa_verify(const uint8_t sig[64], const uint8_t pub[65], const uint8_t *hash,
                         size_t hash_len)
{
    /* Few locals in disjoint scopes (Cortex-M stack: under 2 KB). */
    pp_p256_point q;
    pp_p256_fe rf;
    if (pp_p256_point_decode(&q, pub) != 0) {
        return -1;
    }
    {
        pp_p256_sc a, b, w;   /* a = r then u2, b = s then e then u1 */
        /* SEC 1 4.1.4 step 1: r, s in [1, n-1]. */
        if (pp_p256_sc_from_bytes(&a, sig) != 0xffffffffu ||
            pp_p256_sc_from_bytes(&b, sig + 32) != 0xffffffffu) {
            return -1;
        }
        pp_p256_sc_inv(&w, &b);                    /* w = s^-1 */
        pp_p256_sc_from_hash(&b, hash, hash_len);  /* e */
        pp_p256_sc_mul(&b, &b, &w);                /* u1 = e w */
        pp_p256_sc_mul(&a, &a, &w);                /* u2 = r w */
        pp_p256_mul2_vartime(&q, &b, &a, &q);      /* R = u1 G + u2 Q */
    }
    /* Step 5: R must not be the identity (Z = 0). Step 7, x_R mod n == r,
     * without an inversion: X == r Z, or X == (r + n) Z when r + n < p
     * (x_R in [n, p) reduces to x_R - n). */
    if (pp_p256_fe_is_zero(&q.z) != 0) {
        return -1;
    }
    (void)pp_p256_fe_from_bytes(&rf, sig);   /* r < n < p */
    pp_p256_fe_mul(&rf, &rf, &q.z);
    if (pp_p256_fe_eq(&rf, &q.x) != 0) {
        return 0;
    }
    {
        uint8_t rb[32];
        if (add_n(rb, sig) != 0 || pp_p256_fe_from_bytes(&rf, rb) == 0) {
            return -1;   /* r + n >= p: no second candidate */
        }
        pp_p256_fe_mul(&rf, &rf, &q.z);
        return pp_p256_fe_eq(&rf, &q.x) != 0 ? 0 : -1;
    }
}
#endif /* PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA */

#if PSA_WANT_ALG_ECDH
int pp_p256_ecdh(uint8_t shared[32], const uint8_t d[32], const uint8_t peer[65])
{
    pp_p256_point q;
    pp_p256_sc s;
    uint32_t ok;
    size_t i;
    if (pp_p256_point_decode(&q, peer) != 0) {   /* SP 800-56A 5.6.2.3.3 full validation */
        memset(shared, 0, 32);
        return -1;
    }
    ok = pp_p256_sc_from_bytes(&s, d);
    pp_p256_mul(&q, &s, &q);
    /* The identity cannot come out of a valid d and point (prime order);
     * checked anyway (SP 800-56A 5.7.1.2 step 2). */
    ok &= pp_p256_point_encode_xy(shared, NULL, &q);
    ok = pp_ct_barrier_u32(ok);
    for (i = 0; i < 32u; i++) {   /* zeros on failure, without a branch */
        shared[i] = (uint8_t)(shared[i] & ok);
    }
    pp_wipe(&s, sizeof(s));
    pp_wipe(&q, sizeof(q));
    return (int)(ok & 1u) - 1;
}
#endif /* PSA_WANT_ALG_ECDH */

#endif /* PSA_WANT_ECC_SECP_R1_256 */
