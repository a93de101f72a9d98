/*
 * test_psa_mac.c -- HMAC through psa_mac_*: every case of the Wycheproof
 * files hmac_sha256/384/512_test.json (full-length and truncated tags via
 * PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(h), tagSize / 8)):
 *  - valid: psa_mac_compute and multi-part sign (random splits) give the
 *    tag, psa_mac_verify and multi-part verify succeed;
 *  - invalid: psa_mac_verify and multi-part verify return
 *    PSA_ERROR_INVALID_SIGNATURE and the computed tag differs.
 * OpenSSL's HMAC() is computed for every case too and must agree with the
 * expected result, so the harness itself is checked. Also: RFC 4231
 * test case 2 ("Jefe") for SHA-224, which Wycheproof does not cover.
 * Destroyed keys (issue 9, finding 5; spec 9.6.5 psa_destroy_key): a
 * multi-part sign or verify operation whose key is destroyed fails with
 * PSA_ERROR_BAD_STATE at the next update or finish, its pre-keyed states
 * are wiped at once, it stays failed until psa_mac_abort, and a new key
 * that is handed the destroyed key's id (the volatile id counter wraps)
 * does not revive it.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "test_config.h"
#include "test_util.h"

static psa_key_id_t import_hmac_key(const uint8_t *key, size_t key_len, psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    return id;
}

/* Feed the message to a MAC operation in pieces split at random offsets. */
static psa_status_t update_random_split(psa_mac_operation_t *op, const uint8_t *msg, size_t len)
{
    size_t off = 0;
    while (off < len) {
        size_t piece = test_rng_range(0, len - off);
        psa_status_t status = psa_mac_update(op, msg + off, piece);
        if (status != PSA_SUCCESS) {
            return status;
        }
        off += piece;
    }
    return PSA_SUCCESS;
}

static unsigned long cases_run;

static void run_case(psa_algorithm_t hash_alg, const EVP_MD *md, size_t tag_bytes,
                     const json_value *test)
{
    size_t key_len, msg_len, tag_len, mac_len = 0;
    uint8_t *key = test_hex_decode(json_str(json_get(test, "key")), &key_len);
    uint8_t *msg = test_hex_decode(json_str(json_get(test, "msg")), &msg_len);
    uint8_t *tag = test_hex_decode(json_str(json_get(test, "tag")), &tag_len);
    int valid = strcmp(json_str(json_get(test, "result")), "valid") == 0;
    long long tc_id = json_int(json_get(test, "tcId"));
    psa_algorithm_t alg = PSA_ALG_HMAC(hash_alg);
    psa_status_t want_verify = valid ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE;
    uint8_t mac[PSA_MAC_MAX_SIZE], reference[EVP_MAX_MD_SIZE];
    unsigned int reference_len = 0;
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    psa_key_id_t id;
    unsigned long failed_before = test_failed;

    if (tag_bytes != PSA_HASH_LENGTH(hash_alg)) {
        alg = PSA_ALG_TRUNCATED_MAC(alg, tag_bytes);
    }
    id = import_hmac_key(key, key_len, alg);

    /* The harness agrees with OpenSSL about the expected result. */
    HMAC(md, key, (int)key_len, msg, msg_len, reference, &reference_len);
    CHECK((tag_len == tag_bytes && memcmp(reference, tag, tag_len) == 0) == valid);

    CHECK_STATUS(psa_mac_verify(id, alg, msg, msg_len, tag, tag_len), want_verify);

    CHECK_STATUS(psa_mac_compute(id, alg, msg, msg_len, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == tag_bytes);
    CHECK_MEM(mac, reference, tag_bytes);
    CHECK((mac_len == tag_len && memcmp(mac, tag, tag_len) == 0) == valid);

    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(update_random_split(&op, msg, msg_len), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == tag_bytes);
    CHECK_MEM(mac, reference, tag_bytes);

    CHECK_STATUS(psa_mac_verify_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(update_random_split(&op, msg, msg_len), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify_finish(&op, tag, tag_len), want_verify);

    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    if (test_failed != failed_before) {
        fprintf(stderr, "  ... in tcId %lld (%s)\n", tc_id, valid ? "valid" : "invalid");
    }
    cases_run++;
    free(key);
    free(msg);
    free(tag);
}

static void run_file(const char *file, psa_algorithm_t hash_alg, const EVP_MD *md)
{
    json_value *root = json_parse_file(test_data_path(file));
    const json_value *groups = json_get(root, "testGroups");
    unsigned long before = cases_run;
    size_t g, t;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        size_t tag_bits = (size_t)json_int(json_get(group, "tagSize"));
        for (t = 0; t < json_len(tests); t++) {
            run_case(hash_alg, md, tag_bits / 8, json_at(tests, t));
        }
    }
    /* Every case of the file ran. */
    CHECK((long long)(cases_run - before) == json_int(json_get(root, "numberOfTests")));
    printf("%s: %lu cases\n", file, cases_run - before);
    json_free(root);
}

#if PSA_WANT_ALG_SHA_224
/* RFC 4231 4.3 (test case 2) for HMAC-SHA-224. */
static void test_rfc4231_sha224(void)
{
    static const char want_hex[] = "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44";
    uint8_t want[28], mac[PSA_MAC_MAX_SIZE];
    size_t mac_len = 0;
    const char *msg = "what do ya want for nothing?";
    psa_key_id_t id = import_hmac_key((const uint8_t *)"Jefe", 4, PSA_ALG_HMAC(PSA_ALG_SHA_224));
    test_hex_to(want_hex, want, sizeof(want));
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_224), (const uint8_t *)msg,
                                 strlen(msg), mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == 28);
    CHECK_MEM(mac, want, 28);
    CHECK_STATUS(psa_mac_verify(id, PSA_ALG_HMAC(PSA_ALG_SHA_224), (const uint8_t *)msg,
                                strlen(msg), want, 28), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}
#endif

#if PSA_WANT_ALG_SHA_256
/* 1 when every byte of the operation's HMAC context is zero (wiped). */
static int hmac_state_wiped(const psa_mac_operation_t *op)
{
    const uint8_t *p = (const uint8_t *)&op->u.hmac;
    size_t i;
    for (i = 0; i < sizeof(op->u.hmac); i++) {
        if (p[i] != 0) {
            return 0;
        }
    }
    return 1;
}

static void test_destroyed_key(void)
{
    static const uint8_t key_a[20] = "0123456789abcdefghij";
    static const uint8_t key_b[20] = "ABCDEFGHIJKLMNOPQRST";
    static const uint8_t msg[3] = {'a', 'b', 'c'};
    const psa_algorithm_t alg = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    uint8_t mac[PSA_MAC_MAX_SIZE], tag[PSA_MAC_MAX_SIZE];
    size_t mac_len = 0, tag_len = 0;
    unsigned long tries;
    psa_key_id_t id, other = PSA_KEY_ID_NULL;

    /* Sign: destroyed between two updates. */
    id = import_hmac_key(key_a, sizeof(key_a), alg);
    CHECK_STATUS(psa_mac_compute(id, alg, msg, sizeof(msg), tag, sizeof(tag), &tag_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, 1), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg + 1, 2), PSA_ERROR_BAD_STATE);
    CHECK(hmac_state_wiped(&op));
    /* Error state: finish and update keep failing, no tag comes out. */
    memset(mac, 0xAA, sizeof(mac));
    mac_len = 99;
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_ERROR_BAD_STATE);
    CHECK(mac_len == 0);
    CHECK(memcmp(mac, tag, tag_len) != 0);
    CHECK_STATUS(psa_mac_update(&op, msg, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);
    /* The aborted operation object is reusable. */
    id = import_hmac_key(key_a, sizeof(key_a), alg);
    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == tag_len);
    CHECK_MEM(mac, tag, tag_len);

    /* Sign: destroyed right before finish (no update in between). */
    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_ERROR_BAD_STATE);
    CHECK(mac_len == 0);
    CHECK(hmac_state_wiped(&op));
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);

    /* Verify: a correct tag is not accepted after the destroy. */
    id = import_hmac_key(key_a, sizeof(key_a), alg);
    CHECK_STATUS(psa_mac_verify_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify_finish(&op, tag, tag_len), PSA_ERROR_BAD_STATE);
    CHECK(hmac_state_wiped(&op));
    CHECK_STATUS(psa_mac_verify_finish(&op, tag, tag_len), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);

    /* A reissued id: create and destroy keys until the id counter wraps
     * round to the destroyed key's id, now naming key_b. The operation
     * must still fail at finish (the cheap update check cannot tell). */
    id = import_hmac_key(key_a, sizeof(key_a), alg);
    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    for (tries = 0; tries < 0x10000ul + 16u; tries++) {
        other = import_hmac_key(key_b, sizeof(key_b), alg);
        if (other == id) {
            break;
        }
        CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);
    }
    CHECK(other == id);
    (void)psa_mac_update(&op, msg, sizeof(msg));   /* may pass: same id, key checked at finish */
    mac_len = 99;
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_ERROR_BAD_STATE);
    CHECK(mac_len == 0);
    CHECK(hmac_state_wiped(&op));
    CHECK_STATUS(psa_mac_abort(&op), PSA_SUCCESS);
    /* The new key itself works normally under that id. */
    CHECK_STATUS(psa_mac_sign_setup(&op, other, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify(other, alg, msg, sizeof(msg), mac, mac_len), PSA_SUCCESS);
    CHECK(memcmp(mac, tag, tag_len) != 0);
    CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);
}
#endif

/* HMAC over a hash the configuration leaves out is not supported: by
 * psa_mac_compute, psa_mac_verify and psa_mac_sign_setup on a key that
 * permits it. Runs nothing when every SHA-2 is built. */
static void test_configured_out(void)
{
    static const psa_algorithm_t hashes[4] = { PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384,
                                               PSA_ALG_SHA_512 };
    static const uint8_t key[32] = { 0x4b };
    uint8_t mac[64];
    size_t h, mac_len = 0;

    for (h = 0; h < 4; h++) {
        psa_algorithm_t alg = PSA_ALG_HMAC(hashes[h]);
        psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
        psa_key_id_t id;
        if (test_hash_built(hashes[h])) {
            continue;
        }
        id = import_hmac_key(key, sizeof(key), alg);
        CHECK_STATUS(psa_mac_compute(id, alg, key, 3, mac, sizeof(mac), &mac_len), PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(psa_mac_verify(id, alg, key, 3, mac, 32), PSA_ERROR_NOT_SUPPORTED);
        CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_ERROR_NOT_SUPPORTED);
        psa_mac_abort(&op);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

int main(void)
{
    test_rng_seed(0x4d4143);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    /* Hashes left out by the configuration are skipped, and say so. */
#if PSA_WANT_ALG_SHA_256
    run_file("vectors/wycheproof/hmac_sha256_test.json", PSA_ALG_SHA_256, EVP_sha256());
#else
    printf("SHA-256 not built: hmac_sha256_test.json skipped\n");
#endif
#if PSA_WANT_ALG_SHA_384
    run_file("vectors/wycheproof/hmac_sha384_test.json", PSA_ALG_SHA_384, EVP_sha384());
#else
    printf("SHA-384 not built: hmac_sha384_test.json skipped\n");
#endif
#if PSA_WANT_ALG_SHA_512
    run_file("vectors/wycheproof/hmac_sha512_test.json", PSA_ALG_SHA_512, EVP_sha512());
#else
    printf("SHA-512 not built: hmac_sha512_test.json skipped\n");
#endif
#if PSA_WANT_ALG_SHA_224
    test_rfc4231_sha224();
#else
    printf("SHA-224 not built: RFC 4231 case skipped\n");
#endif
#if PSA_WANT_ALG_SHA_256
    test_destroyed_key();
#endif
    test_configured_out();
    return test_report("psa_mac");
}
