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

/* add_n, the fault check pp_p384_ecdsa_sign_check and the signing glue
 * pp_p384_ecdsa_sign: ecc/ecc_ecdsa_glue.h over this curve. */
#define ECC(name) pp_p384_##name
#define ECC_FE pp_p384_fe
#define ECC_SC pp_p384_sc
#define ECC_POINT pp_p384_point
#define ECC_SZ 48u
#define ECC_N_BE p384_n_be
#include "ecc/ecc_ecdsa_glue.h"

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
