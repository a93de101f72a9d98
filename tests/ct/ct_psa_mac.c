/*
 * ct_psa_mac.c -- the PSA MAC front end is constant time in the key and the
 * message (HMAC over SHA-224/256/384/512 and SHA3-224/256/384/512): under valgrind memcheck the HMAC key bytes are marked secret
 * (CT_SECRET) before psa_import_key, and the message before each call, then
 * psa_mac_compute, psa_mac_verify (one-shot and multi-part, right and
 * wrong tags: the constant-time tag compare and the branch-free verdict),
 * psa_copy_key, psa_export_key and psa_hash_compare run. Only the returned status and the output tag,
 * public by design, are declassified (CT_PUBLIC) before they are checked
 * against OpenSSL.
 */
#include <psa/crypto.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <string.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

static const EVP_MD *openssl_md(psa_algorithm_t hash)
{
    switch (hash) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    case PSA_ALG_SHA3_224: return EVP_sha3_224();
    case PSA_ALG_SHA3_256: return EVP_sha3_256();
    case PSA_ALG_SHA3_384: return EVP_sha3_384();
    case PSA_ALG_SHA3_512: return EVP_sha3_512();
    default: return EVP_sha512();
    }
}

/* Run a verify-like call with the message secret; return its public status. */
static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

static void one_case(psa_algorithm_t hash, size_t key_len, size_t msg_len, size_t tag_len)
{
    uint8_t key[131], msg[200], want[64], tag[64], wrong[64];
    unsigned int want_len = 0;
    size_t tag_out = 0;
    psa_algorithm_t alg = PSA_ALG_HMAC(hash);
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    psa_key_id_t id = 0;

    if (tag_len != PSA_HASH_LENGTH(hash)) {
        alg = PSA_ALG_TRUNCATED_MAC(alg, tag_len);
    }
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(msg, sizeof(msg));
    HMAC(openssl_md(hash), key, (int)key_len, msg, msg_len, want, &want_len);
    memcpy(wrong, want, tag_len);
    wrong[tag_len - 1] ^= 0x80;

    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                   PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_COPY);
    psa_set_key_algorithm(&attr, alg);
    CT_SECRET(key, sizeof(key));
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    CT_SECRET(msg, sizeof(msg));

    CHECK_STATUS(psa_mac_compute(id, alg, msg, msg_len, tag, sizeof(tag), &tag_out),
                 PSA_SUCCESS);
    CT_PUBLIC(tag, sizeof(tag));
    CHECK(tag_out == tag_len);
    CHECK_MEM(tag, want, tag_len);

    CHECK_STATUS(declassified(psa_mac_verify(id, alg, msg, msg_len, want, tag_len)),
                 PSA_SUCCESS);
    CHECK_STATUS(declassified(psa_mac_verify(id, alg, msg, msg_len, wrong, tag_len)),
                 PSA_ERROR_INVALID_SIGNATURE);

    CHECK_STATUS(psa_mac_verify_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, msg_len / 2), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg + msg_len / 2, msg_len - msg_len / 2), PSA_SUCCESS);
    CHECK_STATUS(declassified(psa_mac_verify_finish(&op, wrong, tag_len)),
                 PSA_ERROR_INVALID_SIGNATURE);

    /* A secret message against a public digest (e.g. a password check). */
    {
        uint8_t digest[64];
        unsigned int digest_len = 0;
        CT_PUBLIC(msg, sizeof(msg));
        EVP_Digest(msg, msg_len, digest, &digest_len, openssl_md(hash), NULL);
        CT_SECRET(msg, sizeof(msg));
        CHECK_STATUS(declassified(psa_hash_compare(hash, msg, msg_len, digest, digest_len)),
                     PSA_SUCCESS);
        digest[0] ^= 1;
        CHECK_STATUS(declassified(psa_hash_compare(hash, msg, msg_len, digest, digest_len)),
                     PSA_ERROR_INVALID_SIGNATURE);
    }

    /* Export and copy move the secret bytes without looking at them. */
    {
        uint8_t exported[131];
        size_t exported_len = 0;
        psa_key_attributes_t copy_attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t copy = 0;
        psa_set_key_usage_flags(&copy_attr, PSA_KEY_USAGE_SIGN_MESSAGE);
        psa_set_key_algorithm(&copy_attr, alg);
        CHECK_STATUS(psa_copy_key(id, &copy_attr, &copy), PSA_SUCCESS);
        CHECK_STATUS(psa_mac_compute(copy, alg, msg, msg_len, tag, sizeof(tag), &tag_out),
                     PSA_SUCCESS);
        CT_PUBLIC(tag, sizeof(tag));
        CHECK_MEM(tag, want, tag_len);
        CHECK_STATUS(psa_destroy_key(copy), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(id, exported, sizeof(exported), &exported_len), PSA_SUCCESS);
        CT_PUBLIC(exported, sizeof(exported));
        CT_PUBLIC(key, sizeof(key));
        CHECK(exported_len == key_len);
        CHECK_MEM(exported, key, key_len);
    }

    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(msg, sizeof(msg));
}

int main(void)
{
    static const psa_algorithm_t hashes[8] = {PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384,
                                              PSA_ALG_SHA_512, PSA_ALG_SHA3_224, PSA_ALG_SHA3_256,
                                              PSA_ALG_SHA3_384, PSA_ALG_SHA3_512};
    static const size_t key_lens[] = {1, 32, 64, 65, 128};
    size_t h, k;

    test_rng_seed(0xc7c7);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (h = 0; h < 8; h++) {
        size_t full = PSA_HASH_LENGTH(hashes[h]);
        if (!test_hash_built(hashes[h])) {
            continue;   /* configured out (test_psa_mac checks NOT_SUPPORTED) */
        }
        for (k = 0; k < sizeof(key_lens) / sizeof(key_lens[0]); k++) {
            one_case(hashes[h], key_lens[k], 3 + 47 * k, full);
            one_case(hashes[h], key_lens[k], 131, full / 2);
        }
    }
    return test_report("ct_psa_mac");
}
