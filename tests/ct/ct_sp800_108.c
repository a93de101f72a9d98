/*
 * ct_sp800_108.c -- the SP 800-108 counter-mode HMAC KDF
 * (src/kdf/sp800_108.h) is constant time in K_IN: under valgrind memcheck
 * with the key marked secret (shorter and longer than the hash block),
 * setup and the stream in uneven pieces must not branch or index memory
 * on it. The declassified output must equal OpenSSL's KBKDF.
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
    return test_skip("ct_sp800_108", "HMAC configured out");
}
#else

#include "kdf/sp800_108.h"

static void ossl_kbkdf(const char *md, const uint8_t *key, size_t key_len, const uint8_t *label,
                       size_t label_len, const uint8_t *context, size_t context_len,
                       uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "KBKDF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[7];
    char mode[] = "counter", mac[] = "HMAC", digest[8];
    strcpy(digest, md);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, mode, 0);
    params[1] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, mac, 0);
    params[2] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key, key_len);
    params[4] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)label, label_len);
    params[5] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)context,
                                                  context_len);
    params[6] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL && EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

int main(void)
{
    static const psa_algorithm_t hashes[2] = {PSA_ALG_SHA_256, PSA_ALG_SHA_512};
    static const size_t key_lens[2] = {32, 170};
    static const uint8_t label[9] = "ct label";
    uint8_t key[170], context[50], out[130], want[130];
    size_t h, k;

    test_rng_seed(0x800108c7);
    CHECK(CT_UNDER_VALGRIND());
    for (h = 0; h < 2; h++) {
        if (!test_hash_built(hashes[h])) {
            continue;
        }
        for (k = 0; k < 2; k++) {
            pp_sp800_108_ctx ctx;
            test_rng_bytes(key, key_lens[k]);
            test_rng_bytes(context, sizeof(context));
            ossl_kbkdf(h == 0 ? "SHA256" : "SHA512", key, key_lens[k], label, 8, context,
                       sizeof(context), want, sizeof(want));
            CT_SECRET(key, key_lens[k]);
            CHECK_STATUS(pp_sp800_108_setup(&ctx, hashes[h], key, key_lens[k]), PSA_SUCCESS);
            CHECK_STATUS(pp_sp800_108_start(&ctx, sizeof(out)), PSA_SUCCESS);
            CHECK_STATUS(pp_sp800_108_output(&ctx, label, 8, context, sizeof(context), out, 3),
                         PSA_SUCCESS);
            CHECK_STATUS(pp_sp800_108_output(&ctx, label, 8, context, sizeof(context), out + 3,
                                             sizeof(out) - 3), PSA_SUCCESS);
            pp_sp800_108_wipe(&ctx);
            CT_PUBLIC(out, sizeof(out));
            CT_PUBLIC(key, key_lens[k]);
            CHECK_MEM(out, want, sizeof(out));
        }
    }
    return test_report("ct_sp800_108");
}
#endif
