/*
 * test_hmac_long_keys.c -- HMAC keys of every length a slot takes (issue 21,
 * section 2; RFC 2104 section 2: a key longer than the block is hashed
 * first). For every built hash and key lengths around the block sizes (64,
 * 128) and up to PP_RAW_KEY_MAX_BYTES (dispatch/pp_key_buffer.h):
 * psa_mac_compute, multi-part sign, psa_mac_verify and multi-part verify
 * agree with OpenSSL's HMAC() and refuse a tag with one bit flipped. Also:
 * one byte over the limit is NOT_SUPPORTED (import and generation), a
 * generated key of the largest size and a key derived with
 * psa_key_derivation_output_key of PICOPSA_HMAC_MAX_KEY_BYTES MAC as OpenSSL
 * does with their exported bytes, and a persistent key of the largest size
 * survives psa_purge_key (reloaded from the store). With the 64-bit host
 * defaults the limit is at least 1 KiB. (Wycheproof's HMAC files have keys
 * of at most 65 bytes; test_psa_mac runs them.)
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <string.h>

#include "dispatch/pp_key_buffer.h"
#include "test_config.h"
#include "test_util.h"

#define MSG_LEN 181u

static const struct {
    psa_algorithm_t alg;
    const char *name;
} hashes[] = {
    {PSA_ALG_SHA_1, "SHA1"},         {PSA_ALG_SHA_224, "SHA224"},
    {PSA_ALG_SHA_256, "SHA256"},     {PSA_ALG_SHA_384, "SHA384"},
    {PSA_ALG_SHA_512, "SHA512"},     {PSA_ALG_SHA_512_224, "SHA512-224"},
    {PSA_ALG_SHA_512_256, "SHA512-256"},
};

static uint8_t key_bytes[PP_RAW_KEY_MAX_BYTES + 1];

static psa_key_id_t import_hmac(const uint8_t *key, size_t len, psa_algorithm_t alg,
                                psa_key_id_t persistent_id, psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, alg);
    if (persistent_id != PSA_KEY_ID_NULL) {
        psa_set_key_id(&attr, persistent_id);
    }
    CHECK_STATUS(psa_import_key(&attr, key, len, &id), want);
    return id;
}

/* Every MAC path of key `id` against OpenSSL over the same key bytes. */
static void check_mac(psa_key_id_t id, psa_algorithm_t alg, const uint8_t *key, size_t key_len,
                      const EVP_MD *md)
{
    uint8_t msg[MSG_LEN], mac[PSA_MAC_MAX_SIZE], ref[EVP_MAX_MD_SIZE];
    unsigned int ref_len = 0;
    size_t mac_len = 0, cut;
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;

    test_rng_bytes(msg, sizeof(msg));
    CHECK(HMAC(md, key, (int)key_len, msg, sizeof(msg), ref, &ref_len) != NULL);

    CHECK_STATUS(psa_mac_compute(id, alg, msg, sizeof(msg), mac, sizeof(mac), &mac_len),
                 PSA_SUCCESS);
    CHECK(mac_len == ref_len);
    CHECK_MEM(mac, ref, ref_len);

    cut = test_rng_range(0, sizeof(msg));
    CHECK_STATUS(psa_mac_sign_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, cut), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg + cut, sizeof(msg) - cut), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_finish(&op, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == ref_len);
    CHECK_MEM(mac, ref, ref_len);

    CHECK_STATUS(psa_mac_verify(id, alg, msg, sizeof(msg), ref, ref_len), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, cut), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg + cut, sizeof(msg) - cut), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify_finish(&op, ref, ref_len), PSA_SUCCESS);

    ref[test_rng_range(0, ref_len - 1)] ^= (uint8_t)(1u << test_rng_range(0, 7));
    CHECK_STATUS(psa_mac_verify(id, alg, msg, sizeof(msg), ref, ref_len),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_mac_verify_setup(&op, id, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_update(&op, msg, sizeof(msg)), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify_finish(&op, ref, ref_len), PSA_ERROR_INVALID_SIGNATURE);
}

/* Key lengths around the block sizes and up to the limit. */
static void test_lengths(void)
{
    static const size_t lengths[] = {1,   20,  63,  64,  65,   127,  128,  129,  144,
                                     200, 255, 256, 520, 1023, 1024, 1025, 2048, 0};
    size_t h, i;
    for (h = 0; h < sizeof(hashes) / sizeof(hashes[0]); h++) {
        psa_algorithm_t alg = PSA_ALG_HMAC(hashes[h].alg);
        const EVP_MD *md = EVP_get_digestbyname(hashes[h].name);
        if (!test_hash_built(hashes[h].alg)) {
            continue;
        }
        CHECK(md != NULL);
        for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
            /* 0 stands for the limit itself. */
            size_t len = lengths[i] != 0 ? lengths[i] : PP_RAW_KEY_MAX_BYTES;
            unsigned long failed_before = test_failed;
            psa_key_id_t id;
            if (len > PP_RAW_KEY_MAX_BYTES) {
                continue;
            }
            test_rng_bytes(key_bytes, len);
            id = import_hmac(key_bytes, len, alg, PSA_KEY_ID_NULL, PSA_SUCCESS);
            check_mac(id, alg, key_bytes, len, md);
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
            if (test_failed != failed_before) {
                fprintf(stderr, "  ... HMAC-%s, %zu-byte key\n", hashes[h].name, len);
            }
        }
    }
}

/* The limit: one byte more is NOT_SUPPORTED (spec 9.6.1, 9.6.3: key size
 * not supported), the limit itself generated and used. */
static void test_limit(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_algorithm_t alg = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    size_t len = 0;

#if defined(__SIZEOF_INT128__) && !defined(PICOPSA_CONFIG_FILE)
    CHECK(PP_RAW_KEY_MAX_BYTES >= 1024);   /* the host defaults: at least 1 KiB */
#endif
    CHECK(PP_RAW_KEY_MAX_BYTES >= PICOPSA_HMAC_MAX_KEY_BYTES);
    import_hmac(key_bytes, PP_RAW_KEY_MAX_BYTES + 1, alg, PSA_KEY_ID_NULL,
                PSA_ERROR_NOT_SUPPORTED);

    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_bits(&attr, 8 * (PP_RAW_KEY_MAX_BYTES + 1));
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == PSA_KEY_ID_NULL);
    psa_set_key_bits(&attr, 8 * PP_RAW_KEY_MAX_BYTES);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id, key_bytes, sizeof(key_bytes), &len), PSA_SUCCESS);
    CHECK(len == PP_RAW_KEY_MAX_BYTES);
    if (PSA_WANT_ALG_SHA_256) {
        check_mac(id, alg, key_bytes, len, EVP_sha256());
    }
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* psa_key_derivation_output_key of the longest derived HMAC key. */
static void test_derived(void)
{
#if PSA_WANT_ALG_HKDF && PSA_WANT_ALG_SHA_256
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t secret = PSA_KEY_ID_NULL, id = PSA_KEY_ID_NULL;
    psa_algorithm_t alg = PSA_ALG_HMAC(PSA_ALG_SHA_512);
    static const uint8_t ikm[40] = {1, 2, 3};
    size_t want = PICOPSA_HMAC_MAX_KEY_BYTES, len = 0;

    if (want > 255u * 32u) {
        want = 255u * 32u;   /* HKDF-SHA-256's capacity */
    }
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, PSA_ALG_HKDF(PSA_ALG_SHA_256));
    CHECK_STATUS(psa_import_key(&attr, ikm, sizeof(ikm), &secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF(PSA_ALG_SHA_256)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT,
                                                (const uint8_t *)"salt", 4),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, secret),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO,
                                                (const uint8_t *)"info", 4),
                 PSA_SUCCESS);
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 8 * want);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                       PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id, key_bytes, sizeof(key_bytes), &len), PSA_SUCCESS);
    CHECK(len == want);
    if (PSA_WANT_ALG_SHA_512) {
        check_mac(id, alg, key_bytes, len, EVP_sha512());
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(secret), PSA_SUCCESS);
#endif
}

/* A persistent key of the largest size: stored, purged, reloaded. */
static void test_persistent(void)
{
#if PICOPSA_ITS_BACKEND != PICOPSA_ITS_NONE
    psa_algorithm_t alg = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    psa_key_id_t id;
    if (!PSA_WANT_ALG_SHA_256) {
        return;
    }
    (void)psa_destroy_key(0x2121u);   /* a left-over of an interrupted run */
    test_rng_bytes(key_bytes, PP_RAW_KEY_MAX_BYTES);
    id = import_hmac(key_bytes, PP_RAW_KEY_MAX_BYTES, alg, 0x2121u, PSA_SUCCESS);
    CHECK(id == 0x2121u);
    CHECK_STATUS(psa_purge_key(id), PSA_SUCCESS);
    check_mac(id, alg, key_bytes, PP_RAW_KEY_MAX_BYTES, EVP_sha256());
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
#endif
}

int main(void)
{
    test_rng_seed(0x21a);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    if (!PSA_WANT_ALG_HMAC) {
        return test_skip("hmac_long_keys", "HMAC not built");
    }
    test_lengths();
    test_limit();
    test_derived();
    test_persistent();
    printf("raw key limit %u B, PICOPSA_HMAC_MAX_KEY_BYTES %u\n", (unsigned)PP_RAW_KEY_MAX_BYTES,
           (unsigned)PICOPSA_HMAC_MAX_KEY_BYTES);
    return test_report("hmac_long_keys");
}
