/*
 * ct_p384.c -- P-384 is constant time in its secrets, checked under
 * valgrind memcheck (tests/ct/ct.h), as ct_p256.c does for P-256. With the
 * private scalar d (and everything derived from it) and the nonce k
 * marked secret:
 *  - key generation's work: the range verdict of a candidate
 *    (pp_p384_sc_from_bytes, declassified: generation branches on it) and
 *    d -> public key (pp_p384_public_key_ct: comb scan, Fermat inversion);
 *  - the RFC 6979 nonce: HMAC_DRBG seeded with secret d gives k (secret);
 *  - signing with secret d and k (pp_p384_ecdsa_sign_k: k G, k^-1, the
 *    scalar products) and its fault check (pp_p384_ecdsa_sign_check);
 *  - ECDH with a secret d (pp_p384_ecdh: the signed-window scan of the
 *    variable-base multiplication).
 * Declassified results are checked against OpenSSL (signature verified,
 * public key and shared secret equal).
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>

#include <psa/crypto.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ECC_SECP_R1_384 || !PSA_WANT_ALG_ECDSA || !PSA_WANT_ALG_ECDH
int main(void)
{
    return test_skip("ct_p384", "P-384, ECDSA or ECDH configured out");
}
#else

#include "p384/p384.h"
#include "p384/p384_field.h"
#include "p384/p384_point.h"
#include "random/hmac_drbg.h"

static int ossl_public(const uint8_t d[48], uint8_t pub[97])
{
    EC_GROUP *grp = EC_GROUP_new_by_curve_name(NID_secp384r1);
    EC_POINT *pt = grp != NULL ? EC_POINT_new(grp) : NULL;
    BIGNUM *bn = BN_bin2bn(d, 48, NULL);
    int ok = pt != NULL && bn != NULL && EC_POINT_mul(grp, pt, bn, NULL, NULL, NULL) == 1 &&
             EC_POINT_point2oct(grp, pt, POINT_CONVERSION_UNCOMPRESSED, pub, 97, NULL) == 97;
    BN_free(bn);
    EC_POINT_free(pt);
    EC_GROUP_free(grp);
    return ok;
}

static int ossl_verify(const uint8_t pub[97], const uint8_t h[48], const uint8_t sig[96])
{
    ECDSA_SIG *es = ECDSA_SIG_new();
    unsigned char *der = NULL;
    int der_len, ok = 0;
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    OSSL_PARAM params[3];
    ECDSA_SIG_set0(es, BN_bin2bn(sig, 48, NULL), BN_bin2bn(sig + 48, 48, NULL));
    der_len = i2d_ECDSA_SIG(es, &der);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"secp384r1", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, 97);
    params[2] = OSSL_PARAM_construct_end();
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (ctx != NULL && EVP_PKEY_fromdata_init(ctx) == 1 &&
        EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params) == 1) {
        EVP_PKEY_CTX_free(ctx);
        ctx = EVP_PKEY_CTX_new(key, NULL);
        ok = ctx != NULL && der_len > 0 && EVP_PKEY_verify_init(ctx) == 1 &&
             EVP_PKEY_verify(ctx, der, (size_t)der_len, h, 48) == 1;
    }
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(key);
    OPENSSL_free(der);
    ECDSA_SIG_free(es);
    return ok;
}

static void draw_scalar(uint8_t d[48])
{
    pp_p384_sc t;
    do {
        test_rng_bytes(d, 48);
    } while (pp_p384_sc_from_bytes(&t, d) != 0xffffffffu);
}

int main(void)
{
    uint8_t d[48], k[48], h1[48], pub[97], ossl_pub[97], sig[96], peer_d[48], peer[97];
    uint8_t shared[48], shared2[48];
    pp_p384_sc t;
    uint32_t ok;
    int round, rc;

    test_rng_seed(0xc7384);
    CHECK(CT_UNDER_VALGRIND());
    for (round = 0; round < 2; round++) {
        pp_hmac_drbg drbg;
        draw_scalar(d);
        test_rng_bytes(h1, 48);
        h1[0] &= 0x7f;   /* < n, as bits2octets gives */

        CT_SECRET(d, 48);
        ok = pp_p384_sc_from_bytes(&t, d);
        CT_PUBLIC(&ok, sizeof(ok));
        CHECK(ok == 0xffffffffu);
        ok = pp_p384_public_key_ct(pub, d);
        CT_PUBLIC(&ok, sizeof(ok));
        CT_PUBLIC(pub, 97);
        CHECK(ok == 0xffffffffu);
        CT_PUBLIC(d, 48);
        CHECK(ossl_public(d, ossl_pub) && memcmp(pub, ossl_pub, 97) == 0);

        CT_SECRET(d, 48);
        CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_384, d, 48, h1, 48, NULL, 0),
                     PSA_SUCCESS);
        CHECK_STATUS(pp_hmac_drbg_generate(&drbg, k, 48, NULL, 0), PSA_SUCCESS);
        pp_hmac_drbg_uninstantiate(&drbg);
        ok = pp_p384_sc_from_bytes(&t, k);
        CT_PUBLIC(&ok, sizeof(ok));
        if (ok != 0xffffffffu) {
            CT_PUBLIC(d, 48);
            continue;
        }

        pp_p384_ecdsa_sign_k(sig, d, h1, k);
        CT_PUBLIC(sig, 96);
#if PICOPSA_SIGN_FAULT_CHECK
        {
            pp_p384_point rk;
            pp_p384_sc e;
            pp_p384_sc_from_hash(&e, h1, 48);
            (void)pp_p384_sc_from_bytes(&t, k);
            pp_p384_mul_base(&rk, &t);
            ok = pp_p384_ecdsa_sign_check(sig, &rk, d, pub, &e, k);
            CT_PUBLIC(&ok, sizeof(ok));
            CHECK(ok == 0xffffffffu);
        }
#endif
        CT_PUBLIC(d, 48);
        CHECK(ossl_verify(pub, h1, sig));

        draw_scalar(peer_d);
        CHECK(ossl_public(peer_d, peer));
        CT_SECRET(d, 48);
        rc = pp_p384_ecdh(shared, d, peer);
        CT_PUBLIC(&rc, sizeof(rc));
        CT_PUBLIC(shared, 48);
        CT_PUBLIC(d, 48);
        CHECK(rc == 0);
        CHECK(pp_p384_ecdh(shared2, peer_d, pub) == 0);
        CHECK_MEM(shared, shared2, 48);
    }
    return test_report("ct_p384");
}
#endif
