/*
 * ct_p256.c -- P-256 is constant time in its secrets, checked under
 * valgrind memcheck (tests/ct/ct.h). With the private scalar d (and so
 * everything derived from it) and the nonce k marked secret:
 *  - key generation's work: d -> public key (pp_p256_public_key_ct: comb
 *    table scan, inversion for the affine encoding) and the range verdict
 *    of a candidate (pp_p256_sc_from_bytes), which alone is declassified
 *    (generation and RFC 6979 branch on it: reject and draw again);
 *  - the RFC 6979 / hedged nonce: HMAC_DRBG seeded with secret d gives
 *    the candidate k (secret);
 *  - signing with a secret d and k (pp_p256_ecdsa_sign_k: k G, k^-1 by
 *    Fermat, the scalar products) and its fault check
 *    (pp_p256_ecdsa_sign_check: the second comb of k + d, the scalar
 *    identity, the comparisons; PICOPSA_SIGN_FAULT_CHECK);
 *  - ECDH with a secret d (pp_p256_ecdh: the 4-bit window scan of the
 *    variable-base multiplication).
 * Declassified results are checked against OpenSSL (signature verified,
 * shared secret and public key equal), so the run also proves the code did
 * its job.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>

#include <psa/crypto.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ECC_SECP_R1_256 || !PSA_WANT_ALG_ECDSA || !PSA_WANT_ALG_ECDH
int main(void)
{
    return test_skip("ct_p256", "P-256, ECDSA or ECDH configured out");
}
#else

#include "p256/p256.h"
#include "p256/p256_field.h"
#include "p256/p256_point.h"
#include "random/hmac_drbg.h"

/* OpenSSL's public key for d (its own scalar multiplication). */
static int ossl_public(const uint8_t d[32], uint8_t pub[65])
{
    EC_GROUP *grp = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
    EC_POINT *pt = grp != NULL ? EC_POINT_new(grp) : NULL;
    BIGNUM *bn = BN_bin2bn(d, 32, NULL);
    int ok = pt != NULL && bn != NULL && EC_POINT_mul(grp, pt, bn, NULL, NULL, NULL) == 1 &&
             EC_POINT_point2oct(grp, pt, POINT_CONVERSION_UNCOMPRESSED, pub, 65, NULL) == 65;
    BN_free(bn);
    EC_POINT_free(pt);
    EC_GROUP_free(grp);
    return ok;
}

static int ossl_verify(const uint8_t pub[65], const uint8_t h[32], const uint8_t sig[64])
{
    EC_GROUP *grp = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
    EC_POINT *pt = EC_POINT_new(grp);
    BIGNUM *r = BN_bin2bn(sig, 32, NULL), *s = BN_bin2bn(sig + 32, 32, NULL);
    BIGNUM *x = BN_new(), *y = BN_new();
    ECDSA_SIG *es = ECDSA_SIG_new();
    unsigned char *der = NULL;
    int der_len, ok = 0;
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    OSSL_PARAM params[3];
    ECDSA_SIG_set0(es, r, s);
    der_len = i2d_ECDSA_SIG(es, &der);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"prime256v1", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, 65);
    params[2] = OSSL_PARAM_construct_end();
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (ctx != NULL && EVP_PKEY_fromdata_init(ctx) == 1 &&
        EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params) == 1) {
        EVP_PKEY_CTX_free(ctx);
        ctx = EVP_PKEY_CTX_new(key, NULL);
        ok = ctx != NULL && der_len > 0 && EVP_PKEY_verify_init(ctx) == 1 &&
             EVP_PKEY_verify(ctx, der, (size_t)der_len, h, 32) == 1;
    }
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(key);
    OPENSSL_free(der);
    ECDSA_SIG_free(es);
    BN_free(x);
    BN_free(y);
    EC_POINT_free(pt);
    EC_GROUP_free(grp);
    return ok;
}

/* A valid scalar from the test RNG (public draw, then marked secret). */
static void draw_scalar(uint8_t d[32])
{
    pp_p256_sc t;
    do {
        test_rng_bytes(d, 32);
    } while (pp_p256_sc_from_bytes(&t, d) != 0xffffffffu);
}

int main(void)
{
    uint8_t d[32], k[32], h1[32], pub[65], ossl_pub[65], sig[64], peer_d[32], peer[65];
    uint8_t shared[32], shared2[32];
    pp_p256_sc t;
    uint32_t ok;
    int round, rc;

    test_rng_seed(0xc7256);
    CHECK(CT_UNDER_VALGRIND());
    for (round = 0; round < 2; round++) {
        pp_hmac_drbg drbg;
#if PP_P256_X86
        /* Round 1 runs the SSE2 comb scan (CPUs without AVX2; memcheck
         * offers AVX2, so round 0 runs that one, or a -mavx2 build's). */
        (void)pp_p256_comb_scan_force_sse2(round == 1);
#endif
        draw_scalar(d);
        test_rng_bytes(h1, 32);
        h1[0] &= 0x7f;   /* < n, as bits2octets gives */

        /* Key generation: candidate verdict and d -> public key. */
        CT_SECRET(d, 32);
        ok = pp_p256_sc_from_bytes(&t, d);
        CT_PUBLIC(&ok, sizeof(ok));
        CHECK(ok == 0xffffffffu);
        ok = pp_p256_public_key_ct(pub, d);
        CT_PUBLIC(&ok, sizeof(ok));
        CT_PUBLIC(pub, 65);
        CHECK(ok == 0xffffffffu);
        CT_PUBLIC(d, 32);
        CHECK(ossl_public(d, ossl_pub) && memcmp(pub, ossl_pub, 65) == 0);

        /* The RFC 6979 nonce from a secret d (hedged: plus secret extra bytes). */
        CT_SECRET(d, 32);
        CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_256, d, 32, h1, 32, NULL, 0),
                     PSA_SUCCESS);
        CHECK_STATUS(pp_hmac_drbg_generate(&drbg, k, 32, NULL, 0), PSA_SUCCESS);
        pp_hmac_drbg_uninstantiate(&drbg);
        ok = pp_p256_sc_from_bytes(&t, k);
        CT_PUBLIC(&ok, sizeof(ok));
        if (ok != 0xffffffffu) {
            CT_PUBLIC(d, 32);
            continue;   /* probability 2^-32 */
        }

        /* Signing with secret d and k. */
        pp_p256_ecdsa_sign_k(sig, d, h1, k);
        CT_PUBLIC(sig, 64);
#if PICOPSA_SIGN_FAULT_CHECK
        /* The fault check of that signature, d and k still secret. */
        {
            pp_p256_point rk;
            pp_p256_sc e;
            pp_p256_sc_from_hash(&e, h1, 32);
            (void)pp_p256_sc_from_bytes(&t, k);
            pp_p256_mul_base(&rk, &t);
            ok = pp_p256_ecdsa_sign_check(sig, &rk, d, pub, &e, k);
            CT_PUBLIC(&ok, sizeof(ok));
            CHECK(ok == 0xffffffffu);
        }
#endif
        CT_PUBLIC(d, 32);
        CHECK(ossl_verify(pub, h1, sig));

        /* ECDH with a secret d against a public peer. */
        draw_scalar(peer_d);
        CHECK(ossl_public(peer_d, peer));
        CT_SECRET(d, 32);
        rc = pp_p256_ecdh(shared, d, peer);
        CT_PUBLIC(&rc, sizeof(rc));
        CT_PUBLIC(shared, 32);
        CT_PUBLIC(d, 32);
        CHECK(rc == 0);
        CHECK(pp_p256_ecdh(shared2, peer_d, pub) == 0);
        CHECK_MEM(shared, shared2, 32);
    }
    return test_report("ct_p256");
}
#endif
