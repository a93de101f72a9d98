/*
 * test_psa_cmac.c -- PSA_ALG_CMAC through the MAC API (PSA 1.2 10.3) with
 * AES keys: RFC 4493 section 4 vectors (AES-128), Wycheproof
 * aes_cmac_test.json through psa_mac_verify / psa_mac_compute (invalid tags
 * refused; keys of other sizes refused at import), OpenSSL EVP_MAC "CMAC"
 * cross-checks one-shot and multi-part with random chunks, truncated tags
 * and the at-least-this-length policy, key/algorithm mismatches, and a key
 * destroyed during an operation (spec 9.6.5).
 */
#include <psa/crypto.h>
#include "test_util.h"
#include "json.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#if PSA_WANT_ALG_CMAC
static psa_key_id_t import_aes(const uint8_t *key, size_t len, psa_algorithm_t alg,
                               psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    CHECK_STATUS(psa_import_key(&attr, key, len, &id), want);
    return id;
}

static void openssl_cmac(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len,
                         uint8_t out[16])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    char *cipher = (char *)(key_len == 16 ? "AES-128-CBC" : key_len == 24 ? "AES-192-CBC"
                                                                          : "AES-256-CBC");
    OSSL_PARAM params[2];
    size_t n = 0;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    params[1] = OSSL_PARAM_construct_end();
    CHECK(EVP_MAC_init(ctx, key, key_len, params) == 1);
    CHECK(EVP_MAC_update(ctx, msg, len) == 1);
    CHECK(EVP_MAC_final(ctx, out, &n, 16) == 1);
    CHECK(n == 16);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

/* RFC 4493 4: K = 2b7e1516..., messages of 0, 16, 40 and 64 bytes. */
static void test_rfc4493(void)
{
    static const char *const tags[4] = {
        "bb1d6929e95937287fa37d129b756746", "070a16b46b4d4144f79bdd9dd04a287c",
        "dfa66747de9ae63030ca32611497c827", "51f0bebf7e3b9d92fc49741779363cfe"};
    static const size_t lens[4] = {0, 16, 40, 64};
    uint8_t key[16], msg[64], want[16], tag[16];
    size_t i, n;
    psa_key_id_t id;
    test_hex_to("2b7e151628aed2a6abf7158809cf4f3c", key, sizeof(key));
    test_hex_to("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
                msg, sizeof(msg));
    id = import_aes(key, 16, PSA_ALG_CMAC, PSA_SUCCESS);
    for (i = 0; i < 4; i++) {
        test_hex_to(tags[i], want, sizeof(want));
        CHECK_STATUS(psa_mac_compute(id, PSA_ALG_CMAC, msg, lens[i], tag, sizeof(tag), &n),
                     PSA_SUCCESS);
        CHECK(n == 16);
        CHECK_MEM(tag, want, 16);
        CHECK_STATUS(psa_mac_verify(id, PSA_ALG_CMAC, msg, lens[i], want, 16), PSA_SUCCESS);
        want[15] ^= 1;
        CHECK_STATUS(psa_mac_verify(id, PSA_ALG_CMAC, msg, lens[i], want, 16),
                     PSA_ERROR_INVALID_SIGNATURE);
    }
    psa_destroy_key(id);
}

static void test_wycheproof(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/aes_cmac_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, ran = 0;
    CHECK(root != NULL);
    for (g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        const json_value *tests = json_get(grp, "tests");
        size_t tag_bits = (size_t)json_int(json_get(grp, "tagSize"));
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t kl, ml, tl, n;
            uint8_t *key = test_hex_decode(json_str(json_get(tc, "key")), &kl);
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &ml);
            uint8_t *tag = test_hex_decode(json_str(json_get(tc, "tag")), &tl);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            psa_algorithm_t alg = tag_bits == 128 ? PSA_ALG_CMAC
                                                  : PSA_ALG_TRUNCATED_MAC(PSA_ALG_CMAC, tag_bits / 8);
            uint8_t out[16];
            if (kl != 16 && kl != 24 && kl != 32) {
                CHECK(!valid);
                (void)import_aes(key, kl, alg, PSA_ERROR_INVALID_ARGUMENT);
            } else {
                psa_key_id_t id = import_aes(key, kl, alg, PSA_SUCCESS);
                psa_status_t st = psa_mac_verify(id, alg, msg, ml, tag, tl);
                CHECK_STATUS(st, valid ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE);
                if (valid) {
                    CHECK_STATUS(psa_mac_compute(id, alg, msg, ml, out, sizeof(out), &n),
                                 PSA_SUCCESS);
                    CHECK(n == tl);
                    CHECK_MEM(out, tag, tl);
                }
                psa_destroy_key(id);
            }
            free(key);
            free(msg);
            free(tag);
            ran++;
        }
    }
    CHECK(ran == 311);
    json_free(root);
}

static void test_openssl_cross(void)
{
    static uint8_t msg[700];
    uint8_t key[32], want[16], tag[16];
    size_t round, n;
    for (round = 0; round < 120; round++) {
        size_t kl = 16 + 8 * (round % 3), len = round < 40 ? round : test_rng_range(0, sizeof(msg));
        size_t trunc = 4 + round % 13, done = 0;
        psa_algorithm_t alg = trunc == 16 ? PSA_ALG_CMAC : PSA_ALG_TRUNCATED_MAC(PSA_ALG_CMAC, trunc);
        psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
        psa_key_id_t id;
        test_rng_bytes(key, kl);
        test_rng_bytes(msg, len);
        openssl_cmac(key, kl, msg, len, want);
        /* a policy of at least 4 bytes permits every truncation */
        id = import_aes(key, kl, PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(PSA_ALG_CMAC, 4), PSA_SUCCESS);
        CHECK_STATUS(psa_mac_compute(id, alg, msg, len, tag, sizeof(tag), &n), PSA_SUCCESS);
        CHECK(n == trunc);
        CHECK_MEM(tag, want, trunc);
        CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
        while (done < len) {
            size_t chunk = test_rng_range(0, 40);
            if (chunk > len - done) {
                chunk = len - done;
            }
            CHECK_STATUS(psa_mac_update(&op, msg + done, chunk), PSA_SUCCESS);
            done += chunk;
        }
        CHECK_STATUS(psa_mac_sign_finish(&op, tag, sizeof(tag), &n), PSA_SUCCESS);
        CHECK(n == trunc);
        CHECK_MEM(tag, want, trunc);
        CHECK_STATUS(psa_mac_verify_setup(&op, id, alg), PSA_SUCCESS);
        CHECK_STATUS(psa_mac_update(&op, msg, len), PSA_SUCCESS);
        CHECK_STATUS(psa_mac_verify_finish(&op, want, trunc), PSA_SUCCESS);
        /* a tag of another length is not this MAC */
        CHECK_STATUS(psa_mac_verify(id, alg, msg, len, want, trunc - 1),
                     PSA_ERROR_INVALID_SIGNATURE);
        psa_destroy_key(id);
    }
}

static void test_errors(void)
{
    uint8_t key[32] = {1}, tag[16];
    size_t n;
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = import_aes(key, 16, PSA_ALG_CMAC, PSA_SUCCESS), hmac;
    /* truncations: 3 bytes is below the floor (NOT_SUPPORTED), 17 longer
     * than the block (INVALID_ARGUMENT) */
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(PSA_ALG_CMAC, 3), key, 1, tag,
                                 sizeof(tag), &n), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(PSA_ALG_CMAC, 17), key, 1, tag,
                                 sizeof(tag), &n), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_CMAC, key, 1, tag, 15, &n),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    /* the policy names CMAC, not HMAC */
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 1, tag, sizeof(tag), &n),
                 PSA_ERROR_NOT_PERMITTED);
    /* a key destroyed during the operation (spec 9.6.5) */
    CHECK_STATUS(psa_mac_sign_setup(&op, id, PSA_ALG_CMAC), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, key, 5), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, key, 5), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_mac_sign_finish(&op, tag, sizeof(tag), &n), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);
    /* CMAC with an HMAC key: not compatible */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_algorithm(&attr, PSA_ALG_CMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    CHECK_STATUS(psa_import_key(&attr, key, 16, &hmac), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(hmac, PSA_ALG_CMAC, key, 1, tag, sizeof(tag), &n),
                 PSA_ERROR_INVALID_ARGUMENT);
    psa_destroy_key(hmac);
    /* CBC-MAC is not built */
    id = import_aes(key, 16, PSA_ALG_CBC_MAC, PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_CBC_MAC, key, 16, tag, sizeof(tag), &n),
                 PSA_ERROR_NOT_SUPPORTED);
    psa_destroy_key(id);
}

#endif /* PSA_WANT_ALG_CMAC */

int main(void)
{
    test_rng_seed(0x4493);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
#if PSA_WANT_ALG_CMAC
    test_rfc4493();
    test_wycheproof();
    test_openssl_cross();
    test_errors();
#else
    {
        /* configured out: NOT_SUPPORTED before any key is looked at */
        uint8_t key[16] = {0}, tag[16];
        size_t n;
        CHECK_STATUS(psa_mac_compute(PSA_KEY_ID_NULL, PSA_ALG_CMAC, key, 1, tag, sizeof(tag), &n),
                     PSA_ERROR_NOT_SUPPORTED);
    }
#endif
    return test_report("psa_cmac");
}
