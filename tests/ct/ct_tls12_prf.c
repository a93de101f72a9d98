/*
 * ct_tls12_prf.c -- the TLS 1.2 PRF and the PSK premaster secret
 * (src/kdf/tls12_prf.h) are constant time in the secrets: under valgrind
 * memcheck with the PSK, the other secret and the PRF secret marked
 * secret, pp_tls12_psk_premaster and the P_SHA256 / P_SHA384 stream (in
 * uneven pieces) must not branch or index memory on them. The
 * declassified master secret must equal OpenSSL's TLS1-PRF over the
 * premaster built by hand.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HMAC
int main(void)
{
    return test_skip("ct_tls12_prf", "HMAC configured out");
}
#else

#include "kdf/tls12_prf.h"

static void ossl_prf(psa_algorithm_t hash, const uint8_t *secret, size_t secret_len,
                     const uint8_t *seed, size_t seed_len, uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "TLS1-PRF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[4];
    char digest[8];
    strcpy(digest, hash == PSA_ALG_SHA_256 ? "SHA256" : "SHA384");
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, (void *)secret,
                                                  secret_len);
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)seed, seed_len);
    params[3] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL && EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

int main(void)
{
    static const psa_algorithm_t hashes[2] = {PSA_ALG_SHA_256, PSA_ALG_SHA_384};
    static const uint8_t label[13] = "master secret";
    uint8_t psk[40], other[32], randoms[64], seed[13 + 64], pms[4 + 32 + 40], ref[4 + 32 + 40];
    uint8_t out[100], want[100];
    size_t h, pms_len = 0;

    test_rng_seed(0x5246c7);
    CHECK(CT_UNDER_VALGRIND());
    for (h = 0; h < 2; h++) {
        pp_tls12_prf_ctx ctx;
        if (!test_hash_built(hashes[h])) {
            continue;
        }
        test_rng_bytes(psk, sizeof(psk));
        test_rng_bytes(other, sizeof(other));
        test_rng_bytes(randoms, sizeof(randoms));
        ref[0] = 0;
        ref[1] = 32;
        memcpy(ref + 2, other, 32);
        ref[34] = 0;
        ref[35] = 40;
        memcpy(ref + 36, psk, 40);
        memcpy(seed, label, 13);
        memcpy(seed + 13, randoms, 64);
        ossl_prf(hashes[h], ref, sizeof(ref), seed, sizeof(seed), want, sizeof(want));

        CT_SECRET(psk, sizeof(psk));
        CT_SECRET(other, sizeof(other));
        CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, other, 32, psk, 40),
                     PSA_SUCCESS);
        CHECK(pms_len == sizeof(pms));
        CHECK_STATUS(pp_tls12_prf_setup(&ctx, hashes[h], pms, pms_len), PSA_SUCCESS);
        CHECK_STATUS(pp_tls12_prf_output(&ctx, label, 13, randoms, 64, out, 5), PSA_SUCCESS);
        CHECK_STATUS(pp_tls12_prf_output(&ctx, label, 13, randoms, 64, out + 5, 60), PSA_SUCCESS);
        CHECK_STATUS(pp_tls12_prf_output(&ctx, label, 13, randoms, 64, out + 65, 35), PSA_SUCCESS);
        pp_tls12_prf_wipe(&ctx);
        CT_PUBLIC(out, sizeof(out));
        CT_PUBLIC(pms, sizeof(pms));
        CT_PUBLIC(psk, sizeof(psk));
        CT_PUBLIC(other, sizeof(other));
        CHECK_MEM(pms, ref, sizeof(ref));
        CHECK_MEM(out, want, sizeof(out));

        /* Plain PSK: the zeros stand in for the other secret. */
        CT_SECRET(psk, sizeof(psk));
        CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, NULL, 0, psk, 36),
                     PSA_SUCCESS);
        CT_PUBLIC(pms, pms_len);
        CT_PUBLIC(psk, sizeof(psk));
        CHECK(pms_len == 76 && pms[1] == 36 && pms[2] == 0 && pms[37] == 0 && pms[39] == 36);
        CHECK_MEM(pms + 40, psk, 36);
    }
    return test_report("ct_tls12_prf");
}
#endif
