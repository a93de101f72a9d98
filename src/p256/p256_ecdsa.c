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

/* add_n, the fault check pp_p256_ecdsa_sign_check and the signing glue
 * pp_p256_ecdsa_sign: ecc/ecc_ecdsa_glue.h over this curve. */
#define ECC(name) pp_p256_##name
#define ECC_FE pp_p256_fe
#define ECC_SC pp_p256_sc
#define ECC_POINT pp_p256_point
#define ECC_SZ 32u
#define ECC_N_BE p256_n_be
#include "ecc/ecc_ecdsa_glue.h"

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
