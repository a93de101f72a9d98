/*
 * test_psa_keys.c -- key attributes, key management and key policy:
 *  - attribute accessors, id/lifetime coupling, reset;
 *  - import/export/copy/destroy/purge/generate of raw (HMAC, RAW_DATA) keys
 *    and RSA keys (made by OpenSSL), with the spec's status codes;
 *  - usage flags incl. the implied SIGN_HASH -> SIGN_MESSAGE and
 *    VERIFY_HASH -> VERIFY_MESSAGE, permitted algorithms incl. the
 *    PSA_ALG_ANY_HASH wildcard and PSA_ALG_AT_LEAST_THIS_LENGTH_MAC, and
 *    the policy intersection of psa_copy_key;
 *  - slot exhaustion -> PSA_ERROR_INSUFFICIENT_MEMORY, and recovery;
 *  - usage flags with a bit the spec does not define are
 *    PSA_ERROR_INVALID_ARGUMENT (spec 9.6) in import, generate (raw,
 *    Ed25519) and copy, and no slot is used up by the rejected calls.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/evp.h>
#include <openssl/bn.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

#include "core/pp_core.h"   /* pp_policy_permits / pp_policy_intersect */
#include "dispatch/pp_key_buffer.h"   /* PP_RAW_KEY_MAX_BYTES */
#include "test_util.h"

static const uint8_t *msg_abc(void)
{
    return (const uint8_t *)"abc";
}

static psa_key_id_t import_raw(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                               const uint8_t *data, size_t len, psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0x1234;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), want);
    if (want != PSA_SUCCESS) {
        CHECK(id == PSA_KEY_ID_NULL);
    }
    return id;
}

static void test_attributes(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_attributes_t zero = psa_key_attributes_init();

    CHECK(psa_get_key_type(&attr) == PSA_KEY_TYPE_NONE);
    CHECK(psa_get_key_bits(&attr) == 0);
    CHECK(psa_get_key_lifetime(&attr) == PSA_KEY_LIFETIME_VOLATILE);
    CHECK(psa_get_key_id(&attr) == PSA_KEY_ID_NULL);
    CHECK(psa_get_key_usage_flags(&attr) == 0);
    CHECK(psa_get_key_algorithm(&attr) == PSA_ALG_NONE);
    CHECK(memcmp(&attr, &zero, sizeof(attr)) == 0);

    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_HMAC(PSA_ALG_SHA_256));
    CHECK(psa_get_key_type(&attr) == PSA_KEY_TYPE_HMAC);
    CHECK(psa_get_key_bits(&attr) == 256);
    CHECK(psa_get_key_usage_flags(&attr) == PSA_KEY_USAGE_SIGN_MESSAGE);
    CHECK(psa_get_key_algorithm(&attr) == PSA_ALG_HMAC(PSA_ALG_SHA_256));

    /* Spec 9.3: setting an id makes the key persistent; a volatile
     * lifetime drops the id. */
    psa_set_key_id(&attr, 42);
    CHECK(psa_get_key_id(&attr) == 42);
    CHECK(psa_get_key_lifetime(&attr) == PSA_KEY_LIFETIME_PERSISTENT);
    psa_set_key_lifetime(&attr, PSA_KEY_LIFETIME_VOLATILE);
    CHECK(psa_get_key_id(&attr) == PSA_KEY_ID_NULL);
    CHECK(psa_get_key_lifetime(&attr) == PSA_KEY_LIFETIME_VOLATILE);

    psa_reset_key_attributes(&attr);
    CHECK(memcmp(&attr, &zero, sizeof(attr)) == 0);
}

static void test_import_export_raw(void)
{
    uint8_t key[PP_RAW_KEY_MAX_BYTES + 1], out[PP_RAW_KEY_MAX_BYTES + 8];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    size_t out_len = 99;
    psa_key_id_t id, id2;
    size_t i;

    test_rng_bytes(key, sizeof(key));
    id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_SIGN_HASH,
                    PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 40, PSA_SUCCESS);
    CHECK(id != PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_get_key_attributes(id, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_type(&attr) == PSA_KEY_TYPE_HMAC);
    CHECK(psa_get_key_bits(&attr) == 320);
    CHECK(psa_get_key_lifetime(&attr) == PSA_KEY_LIFETIME_VOLATILE);
    CHECK(psa_get_key_id(&attr) == id);
    CHECK(psa_get_key_algorithm(&attr) == PSA_ALG_HMAC(PSA_ALG_SHA_256));
    /* Implied usage (spec 9.5.2) is part of the key's policy. */
    CHECK(psa_get_key_usage_flags(&attr) ==
          (PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_SIGN_MESSAGE));

    CHECK_STATUS(psa_export_key(id, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == 40);
    CHECK_MEM(out, key, 40);
    CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_HMAC, 320) == 40);
    /* One byte short: BUFFER_TOO_SMALL, output wiped, length 0. */
    memset(out, 0xaa, sizeof(out));
    CHECK_STATUS(psa_export_key(id, out, 39, &out_len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(out_len == 0);
    for (i = 0; i < 39 && out[i] == 0; i++) {
    }
    CHECK(i == 39);
    /* No public part to a symmetric key. */
    CHECK_STATUS(psa_export_public_key(id, out, sizeof(out), &out_len),
                 PSA_ERROR_INVALID_ARGUMENT);

    /* Without EXPORT usage: NOT_PERMITTED. */
    id2 = import_raw(PSA_KEY_TYPE_RAW_DATA, 0, 0, key, 16, PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id2, out, sizeof(out), &out_len), PSA_ERROR_NOT_PERMITTED);
    CHECK(out_len == 0);
    CHECK_STATUS(psa_destroy_key(id2), PSA_SUCCESS);

    /* Sizes: empty is invalid, over PP_RAW_KEY_MAX_BYTES (what a slot
     * takes) unsupported, the maximum itself fine; a declared size must
     * match. */
    import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, 0, PSA_ERROR_INVALID_ARGUMENT);
    import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, PP_RAW_KEY_MAX_BYTES + 1, PSA_ERROR_NOT_SUPPORTED);
    id2 = import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, PP_RAW_KEY_MAX_BYTES, PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id2), PSA_SUCCESS);
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 128);
    id2 = 0;
    CHECK_STATUS(psa_import_key(&attr, key, 17, &id2), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_import_key(&attr, key, 16, &id2), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id2), PSA_SUCCESS);

    /* Types that are not built, and no type at all. */
    import_raw(PSA_KEY_TYPE_ARIA, 0, 0, key, 16, PSA_ERROR_NOT_SUPPORTED);
    import_raw(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_K1), 0, 0, key, 32,
               PSA_ERROR_NOT_SUPPORTED);
    import_raw(PSA_KEY_TYPE_NONE, 0, 0, key, 16, PSA_ERROR_INVALID_ARGUMENT);

    /* Persistent keys: NOT_SUPPORTED without an ITS backend, else stored
     * (test_storage_keys has the rest). */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_id(&attr, 7);
#if PP_ITS_BUILT
    (void)psa_destroy_key(7);   /* a leftover of an earlier run */
    CHECK_STATUS(psa_import_key(&attr, key, 16, &id2), PSA_SUCCESS);
    CHECK(id2 == 7);
    CHECK_STATUS(psa_destroy_key(7), PSA_SUCCESS);
#else
    CHECK_STATUS(psa_import_key(&attr, key, 16, &id2), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id2 == PSA_KEY_ID_NULL);
#endif

    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

static void test_destroy_purge(void)
{
    static const uint8_t key[16] = {1, 2, 3};
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t mac[32];
    size_t mac_len;
    psa_key_id_t id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_MESSAGE,
                                 PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 16, PSA_SUCCESS);
    psa_key_id_t id2;

    /* Purge leaves a volatile key usable. */
    CHECK_STATUS(psa_purge_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 16, mac, sizeof(mac),
                                 &mac_len), PSA_SUCCESS);

    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CHECK_STATUS(psa_get_key_attributes(id, &attr), PSA_ERROR_INVALID_HANDLE);
    CHECK(psa_get_key_type(&attr) == PSA_KEY_TYPE_NONE);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 16, mac, sizeof(mac),
                                 &mac_len), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_destroy_key(id), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_purge_key(id), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_destroy_key(PSA_KEY_ID_NULL), PSA_SUCCESS);

    /* A new key does not get the destroyed key's id back. */
    id2 = import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, 16, PSA_SUCCESS);
    CHECK(id2 != id);
    CHECK_STATUS(psa_get_key_attributes(id, &attr), PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_destroy_key(id2), PSA_SUCCESS);
}

static void test_generate_raw(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t a[64], b[64];
    size_t a_len = 0, b_len = 0;
    psa_key_id_t id1 = 0, id2 = 0;

    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    CHECK_STATUS(psa_generate_key(&attr, &id1), PSA_SUCCESS);
    CHECK_STATUS(psa_generate_key(&attr, &id2), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id1, a, sizeof(a), &a_len), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id2, b, sizeof(b), &b_len), PSA_SUCCESS);
    CHECK(a_len == 32 && b_len == 32);
    CHECK(memcmp(a, b, 32) != 0);
    CHECK_STATUS(psa_get_key_attributes(id1, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_bits(&attr) == 256);
    CHECK_STATUS(psa_destroy_key(id1), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id2), PSA_SUCCESS);

    /* No size, a size that is not whole bytes, too big, a public key. */
    psa_reset_key_attributes(&attr);   /* drop the id read back above */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 0);
    CHECK_STATUS(psa_generate_key(&attr, &id1), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 12);
    CHECK_STATUS(psa_generate_key(&attr, &id1), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 8 * (PP_RAW_KEY_MAX_BYTES + 1));
    CHECK_STATUS(psa_generate_key(&attr, &id1), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_PUBLIC_KEY);
    psa_set_key_bits(&attr, 1024);
    CHECK_STATUS(psa_generate_key(&attr, &id1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(id1 == PSA_KEY_ID_NULL);
}

/* Usage flags and permitted algorithms through the MAC front end. */
static void test_usage_and_alg_policy(void)
{
    static const uint8_t key[32] = {9, 8, 7};
    static const uint8_t msg[3] = {'a', 'b', 'c'};
    const psa_algorithm_t hmac256 = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    uint8_t mac[64];
    size_t mac_len;
    psa_key_id_t id;

    /* SIGN_HASH implies SIGN_MESSAGE, which a MAC needs. */
    id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_HASH, hmac256, key, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, hmac256, msg, 3, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    /* ... but not VERIFY_MESSAGE. */
    CHECK_STATUS(psa_mac_verify(id, hmac256, msg, 3, mac, mac_len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* VERIFY_HASH implies VERIFY_MESSAGE only. */
    id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_VERIFY_HASH, hmac256, key, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_mac_verify(id, hmac256, msg, 3, mac, mac_len), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, hmac256, msg, 3, mac, sizeof(mac), &mac_len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* Exact algorithm: another hash or a shorter tag is not permitted; the
     * full-length truncation is the same algorithm (spec 10.3.1). */
    id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_MESSAGE, hmac256, key, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_384), msg, 3, mac, sizeof(mac),
                                 &mac_len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(hmac256, 16), msg, 3, mac,
                                 sizeof(mac), &mac_len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(hmac256, 32), msg, 3, mac,
                                 sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == 32);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* AT_LEAST_THIS_LENGTH: 16 and longer, not 15. */
    id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_MESSAGE,
                    PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 16), key, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(hmac256, 16), msg, 3, mac,
                                 sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == 16);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(hmac256, 20), msg, 3, mac,
                                 sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == 20);
    CHECK_STATUS(psa_mac_compute(id, hmac256, msg, 3, mac, sizeof(mac), &mac_len), PSA_SUCCESS);
    CHECK(mac_len == 32);
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_TRUNCATED_MAC(hmac256, 15), msg, 3, mac,
                                 sizeof(mac), &mac_len), PSA_ERROR_NOT_PERMITTED);
    /* The wildcard itself is a policy, not an algorithm to use. */
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 16), msg, 3, mac,
                                 sizeof(mac), &mac_len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* A key with no permitted algorithm can do nothing. */
    id = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_NONE, key, 32,
                    PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(id, hmac256, msg, 3, mac, sizeof(mac), &mac_len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* The policy functions directly, for the sign/verify wildcards too. */
static void test_policy_functions(void)
{
    const psa_key_type_t rsa = PSA_KEY_TYPE_RSA_KEY_PAIR;
    const psa_algorithm_t pss_any = PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH);
    const psa_algorithm_t hmac256 = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    psa_algorithm_t out = 1;

    CHECK(pp_policy_permits(pss_any, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), rsa));
    CHECK(pp_policy_permits(pss_any, PSA_ALG_RSA_PSS(PSA_ALG_SHA_512), rsa));
    CHECK(!pp_policy_permits(pss_any, PSA_ALG_RSA_PSS_ANY_SALT(PSA_ALG_SHA_256), rsa));
    CHECK(!pp_policy_permits(pss_any, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), rsa));
    CHECK(pp_policy_permits(PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH),
                            PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_384), rsa));
    /* ... and PKCS#1 v1.5 with ANY_HASH also permits the raw scheme (spec
     * 9.5.3), which PSS with ANY_HASH has no counterpart of. */
    CHECK(pp_policy_permits(PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH),
                            PSA_ALG_RSA_PKCS1V15_SIGN_RAW, rsa));
    CHECK(!pp_policy_permits(PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256),
                             PSA_ALG_RSA_PKCS1V15_SIGN_RAW, rsa));
    CHECK(!pp_policy_permits(pss_any, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, rsa));
    /* A standalone key agreement permits it with any KDF, not the reverse. */
    CHECK(pp_policy_permits(PSA_ALG_ECDH, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH,
                                                                PSA_ALG_HKDF(PSA_ALG_SHA_256)),
                            PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)));
    CHECK(!pp_policy_permits(PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, PSA_ALG_HKDF(PSA_ALG_SHA_256)),
                             PSA_ALG_ECDH, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)));
    CHECK(!pp_policy_permits(PSA_ALG_FFDH, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH,
                                                                 PSA_ALG_HKDF(PSA_ALG_SHA_256)),
                             PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)));
    CHECK(!pp_policy_permits(PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), PSA_ALG_RSA_PSS(PSA_ALG_SHA_384),
                             rsa));
    CHECK(!pp_policy_permits(PSA_ALG_NONE, PSA_ALG_NONE, rsa));
    CHECK(pp_policy_permits(PSA_ALG_ED25519PH, PSA_ALG_ED25519PH,
                            PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)));
    CHECK(!pp_policy_permits(PSA_ALG_PURE_EDDSA, PSA_ALG_ED25519PH,
                             PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)));

    CHECK(pp_usage_with_implied(PSA_KEY_USAGE_SIGN_HASH) ==
          (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_SIGN_MESSAGE));
    CHECK(pp_usage_with_implied(PSA_KEY_USAGE_VERIFY_HASH) ==
          (PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_VERIFY_MESSAGE));
    CHECK(pp_usage_with_implied(PSA_KEY_USAGE_SIGN_MESSAGE) == PSA_KEY_USAGE_SIGN_MESSAGE);

    /* Intersections (psa_copy_key). */
    CHECK(pp_policy_intersect(pss_any, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), rsa, &out) &&
          out == PSA_ALG_RSA_PSS(PSA_ALG_SHA_256));
    CHECK(pp_policy_intersect(PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), pss_any, rsa, &out) &&
          out == PSA_ALG_RSA_PSS(PSA_ALG_SHA_256));
    CHECK(!pp_policy_intersect(PSA_ALG_RSA_PSS(PSA_ALG_SHA_256),
                               PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), rsa, &out));
    CHECK(pp_policy_intersect(PSA_ALG_NONE, pss_any, rsa, &out) && out == PSA_ALG_NONE);
    CHECK(pp_policy_intersect(PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 16),
                              PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 24),
                              PSA_KEY_TYPE_HMAC, &out) &&
          out == PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 24));
    CHECK(pp_policy_intersect(PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 16),
                              PSA_ALG_TRUNCATED_MAC(hmac256, 20), PSA_KEY_TYPE_HMAC, &out) &&
          out == PSA_ALG_TRUNCATED_MAC(hmac256, 20));
    CHECK(!pp_policy_intersect(PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 16),
                               PSA_ALG_TRUNCATED_MAC(hmac256, 10), PSA_KEY_TYPE_HMAC, &out));
}

static void test_copy(void)
{
    static const uint8_t key[32] = {5, 4, 3, 2, 1};
    static const uint8_t msg[3] = {'x', 'y', 'z'};
    const psa_algorithm_t hmac256 = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t mac1[32], mac2[32];
    size_t len1 = 0, len2 = 0;
    psa_key_id_t src, no_copy, dst = 0;

    no_copy = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_SIGN_MESSAGE, hmac256, key, 32,
                         PSA_SUCCESS);
    CHECK_STATUS(psa_copy_key(no_copy, &attr, &dst), PSA_ERROR_NOT_PERMITTED);
    CHECK(dst == PSA_KEY_ID_NULL);

    src = import_raw(PSA_KEY_TYPE_HMAC,
                     PSA_KEY_USAGE_COPY | PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_EXPORT,
                     PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(hmac256, 16), key, 32, PSA_SUCCESS);
    /* Target policy: sign only (no export), one exact truncation. */
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_TRUNCATED_MAC(hmac256, 20));
    CHECK_STATUS(psa_copy_key(src, &attr, &dst), PSA_SUCCESS);
    CHECK(dst != PSA_KEY_ID_NULL && dst != src);
    CHECK_STATUS(psa_get_key_attributes(dst, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_usage_flags(&attr) == PSA_KEY_USAGE_SIGN_MESSAGE);
    CHECK(psa_get_key_algorithm(&attr) == PSA_ALG_TRUNCATED_MAC(hmac256, 20));
    CHECK(psa_get_key_type(&attr) == PSA_KEY_TYPE_HMAC);
    CHECK(psa_get_key_bits(&attr) == 256);
    /* Same key material: same tag. */
    CHECK_STATUS(psa_mac_compute(src, PSA_ALG_TRUNCATED_MAC(hmac256, 20), msg, 3, mac1,
                                 sizeof(mac1), &len1), PSA_SUCCESS);
    CHECK_STATUS(psa_mac_compute(dst, PSA_ALG_TRUNCATED_MAC(hmac256, 20), msg, 3, mac2,
                                 sizeof(mac2), &len2), PSA_SUCCESS);
    CHECK(len1 == 20 && len2 == 20);
    CHECK_MEM(mac1, mac2, 20);
    CHECK_STATUS(psa_mac_compute(dst, hmac256, msg, 3, mac2, sizeof(mac2), &len2),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_export_key(dst, mac2, sizeof(mac2), &len2), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(dst), PSA_SUCCESS);
    /* The source is untouched by destroying the copy. */
    CHECK_STATUS(psa_mac_compute(src, PSA_ALG_TRUNCATED_MAC(hmac256, 20), msg, 3, mac2,
                                 sizeof(mac2), &len2), PSA_SUCCESS);
    CHECK_MEM(mac1, mac2, 20);

    /* Mismatched type or size, disjoint algorithms. */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RAW_DATA);
    CHECK_STATUS(psa_copy_key(src, &attr, &dst), PSA_ERROR_INVALID_ARGUMENT);
    psa_reset_key_attributes(&attr);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_copy_key(src, &attr, &dst), PSA_ERROR_INVALID_ARGUMENT);
    psa_reset_key_attributes(&attr);
    psa_set_key_algorithm(&attr, PSA_ALG_HMAC(PSA_ALG_SHA_512));
    CHECK_STATUS(psa_copy_key(src, &attr, &dst), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(dst == PSA_KEY_ID_NULL);

    CHECK_STATUS(psa_destroy_key(src), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(no_copy), PSA_SUCCESS);
}

/* Every usage flag Crypto API 1.2 defines (spec 9.5.2). */
#define ALL_DEFINED_USAGE                                                                  \
    (PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_COPY | PSA_KEY_USAGE_CACHE | PSA_KEY_USAGE_ENCRYPT | \
     PSA_KEY_USAGE_DECRYPT | PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |         \
     PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_DERIVE |                \
     PSA_KEY_USAGE_VERIFY_DERIVATION)

static void test_undefined_usage_flags(void)
{
    static const uint8_t key[32] = {9, 8, 7};
    const psa_algorithm_t hmac256 = PSA_ALG_HMAC(PSA_ALG_SHA_256);
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id, src, dst;
    unsigned bit;

    CHECK(ALL_DEFINED_USAGE == 0x0000ff07u);   /* spec appendix B values */
    /* The case: every bit set on an HMAC key. */
    import_raw(PSA_KEY_TYPE_HMAC, 0xffffffffu, hmac256, key, 32, PSA_ERROR_INVALID_ARGUMENT);
    /* Each undefined bit alone, and next to valid flags. */
    for (bit = 0; bit < 32; bit++) {
        psa_key_usage_t flag = (psa_key_usage_t)1u << bit;
        if ((flag & ALL_DEFINED_USAGE) != 0) {
            continue;
        }
        import_raw(PSA_KEY_TYPE_HMAC, flag, hmac256, key, 32, PSA_ERROR_INVALID_ARGUMENT);
        import_raw(PSA_KEY_TYPE_RAW_DATA, flag | PSA_KEY_USAGE_EXPORT, PSA_ALG_NONE, key, 16,
                   PSA_ERROR_INVALID_ARGUMENT);
    }
    /* All defined flags together are fine. */
    id = import_raw(PSA_KEY_TYPE_HMAC, ALL_DEFINED_USAGE, hmac256, key, 32, PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* Generation: a raw key and an Ed25519 key. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 256);
    psa_set_key_algorithm(&attr, hmac256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | 0x00010000u);
    id = 0x55;
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(id == PSA_KEY_ID_NULL);
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
    psa_set_key_bits(&attr, 255);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | 0x80000000u);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(id == PSA_KEY_ID_NULL);

    /* Copy: the target's usage argument is checked too. */
    src = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_COPY | PSA_KEY_USAGE_SIGN_MESSAGE, hmac256,
                     key, 32, PSA_SUCCESS);
    psa_reset_key_attributes(&attr);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | 0x00000008u);
    dst = 0x55;
    CHECK_STATUS(psa_copy_key(src, &attr, &dst), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(dst == PSA_KEY_ID_NULL);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    CHECK_STATUS(psa_copy_key(src, &attr, &dst), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(dst), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(src), PSA_SUCCESS);
}

static void test_slot_exhaustion(void)
{
    static const uint8_t key[16] = {0};
    psa_key_id_t ids[PICOPSA_KEY_SLOT_COUNT];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t extra = 0;
    size_t i, j;

    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        ids[i] = import_raw(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_COPY, 0, key, 16, PSA_SUCCESS);
        for (j = 0; j < i; j++) {
            CHECK(ids[j] != ids[i]);
        }
    }
    import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, 16, PSA_ERROR_INSUFFICIENT_MEMORY);
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_generate_key(&attr, &extra), PSA_ERROR_INSUFFICIENT_MEMORY);
    psa_reset_key_attributes(&attr);
    CHECK_STATUS(psa_copy_key(ids[0], &attr, &extra), PSA_ERROR_INSUFFICIENT_MEMORY);
    CHECK(extra == PSA_KEY_ID_NULL);
    /* No key was lost on the way. */
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        CHECK_STATUS(psa_get_key_attributes(ids[i], &attr), PSA_SUCCESS);
    }
    /* Free one: room for exactly one more. */
    CHECK_STATUS(psa_destroy_key(ids[3 % PICOPSA_KEY_SLOT_COUNT]), PSA_SUCCESS);
    ids[3 % PICOPSA_KEY_SLOT_COUNT] = import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, 16, PSA_SUCCESS);
    import_raw(PSA_KEY_TYPE_HMAC, 0, 0, key, 16, PSA_ERROR_INSUFFICIENT_MEMORY);
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        CHECK_STATUS(psa_destroy_key(ids[i]), PSA_SUCCESS);
    }
    /* All free again. */
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        ids[i] = import_raw(PSA_KEY_TYPE_RAW_DATA, 0, 0, key, 16, PSA_SUCCESS);
    }
    for (i = 0; i < PICOPSA_KEY_SLOT_COUNT; i++) {
        CHECK_STATUS(psa_destroy_key(ids[i]), PSA_SUCCESS);
    }
}

/* ---- RSA keys (the RSA family through the core) ---------------------- */

/* DER RSAPrivateKey of a fresh OpenSSL key, malloc'd. */
static uint8_t *openssl_rsa_der(int bits, int public_only, size_t *len)
{
    EVP_PKEY *pkey = EVP_RSA_gen((unsigned int)bits);
    uint8_t *der = NULL;
    int n;
    if (pkey == NULL) {
        abort();
    }
    n = public_only ? i2d_RSAPublicKey(EVP_PKEY_get0_RSA(pkey), &der)
                    : i2d_RSAPrivateKey(EVP_PKEY_get0_RSA(pkey), &der);
    EVP_PKEY_free(pkey);
    if (n <= 0) {
        abort();
    }
    *len = (size_t)n;
    return der;
}

/* Slot tiers: PP_LARGE_SLOT_COUNT slots hold RSA keys, the others only
 * small keys; small keys take small slots first (src/core/key_slots.c). */
static void test_large_slots(const uint8_t *rsa_der, size_t rsa_der_len)
{
    static const uint8_t raw[16] = {7};
    psa_key_id_t rsa_ids[PICOPSA_KEY_SLOT_COUNT], raw_ids[PICOPSA_KEY_SLOT_COUNT];
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t extra = 0;
    size_t i, small_count = PP_SMALL_SLOT_COUNT, large_count = PP_LARGE_SLOT_COUNT;

    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    /* Every small slot taken by raw keys leaves every large slot free. */
    for (i = 0; i < small_count; i++) {
        raw_ids[i] = import_raw(PSA_KEY_TYPE_HMAC, 0, 0, raw, 16, PSA_SUCCESS);
    }
    for (i = 0; i < large_count; i++) {
        rsa_ids[i] = 0;
        CHECK_STATUS(psa_import_key(&attr, rsa_der, rsa_der_len, &rsa_ids[i]), PSA_SUCCESS);
    }
    /* Full: neither kind fits now. */
    CHECK_STATUS(psa_import_key(&attr, rsa_der, rsa_der_len, &extra),
                 PSA_ERROR_INSUFFICIENT_MEMORY);
    import_raw(PSA_KEY_TYPE_HMAC, 0, 0, raw, 16, PSA_ERROR_INSUFFICIENT_MEMORY);
    if (small_count > 0) {
        /* A free small slot does not take an RSA key. */
        CHECK_STATUS(psa_destroy_key(raw_ids[0]), PSA_SUCCESS);
        CHECK_STATUS(psa_import_key(&attr, rsa_der, rsa_der_len, &extra),
                     PSA_ERROR_INSUFFICIENT_MEMORY);
        raw_ids[0] = import_raw(PSA_KEY_TYPE_HMAC, 0, 0, raw, 16, PSA_SUCCESS);
    }
    /* A free large slot takes either. */
    CHECK_STATUS(psa_destroy_key(rsa_ids[0]), PSA_SUCCESS);
    rsa_ids[0] = import_raw(PSA_KEY_TYPE_HMAC, 0, 0, raw, 16, PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(rsa_ids[0]), PSA_SUCCESS);
    CHECK_STATUS(psa_import_key(&attr, rsa_der, rsa_der_len, &rsa_ids[0]), PSA_SUCCESS);
    for (i = 0; i < large_count; i++) {
        CHECK_STATUS(psa_destroy_key(rsa_ids[i]), PSA_SUCCESS);
    }
    for (i = 0; i < small_count; i++) {
        CHECK_STATUS(psa_destroy_key(raw_ids[i]), PSA_SUCCESS);
    }
    printf("slot tiers checked: %zu large, %zu small\n", large_count, small_count);
}

/* psa_generate_key_custom: the exponent reaches the RSA family (checked
 * by OpenSSL on the exported public key); the default is 65537. */
static void test_rsa_custom_exponent(void)
{
    /* 65539: odd and above 2^16 as FIPS 186-5 A.1.1 requires. */
    static const uint8_t e_65539[3] = {1, 0, 3};
    static const uint8_t e_padded[4] = {0, 1, 0, 1};
    const uint8_t *exps[3] = {NULL, e_65539, e_padded};
    const size_t exp_lens[3] = {0, 3, 4};
    const unsigned long want_e[3] = {65537, 65539, 65537};
    size_t i;
    for (i = 0; i < 3; i++) {
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_custom_key_parameters_t custom = PSA_CUSTOM_KEY_PARAMETERS_INIT;
        uint8_t pub[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
        const uint8_t *p = pub;
        size_t pub_len = 0;
        psa_key_id_t id = 0;
        RSA *rsa;
        psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
        psa_set_key_bits(&attr, 1024);
        if (!CHECK_STATUS(psa_generate_key_custom(&attr, &custom, exps[i], exp_lens[i], &id),
                          PSA_SUCCESS)) {
            continue;
        }
        CHECK_STATUS(psa_export_public_key(id, pub, sizeof(pub), &pub_len), PSA_SUCCESS);
        rsa = d2i_RSAPublicKey(NULL, &p, (long)pub_len);
        CHECK(rsa != NULL);
        if (rsa != NULL) {
            CHECK(BN_get_word(RSA_get0_e(rsa)) == want_e[i]);
            CHECK(RSA_bits(rsa) == 1024);
            RSA_free(rsa);
        }
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

/* PSS with the message hashed inside: SHA-384, or SHA-256 where the
 * configuration leaves SHA-384 out (configs/rsa_only.h). */
#if PSA_WANT_ALG_SHA_384
#define TEST_PSS_HASH PSA_ALG_SHA_384
#else
#define TEST_PSS_HASH PSA_ALG_SHA_256
#endif

static void test_rsa_keys(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    size_t der_len = 0, out_len = 0, pub_len = 0, sig_len = 0;
    uint8_t *der = openssl_rsa_der(1024, 0, &der_len);
    uint8_t out[PSA_EXPORT_KEY_PAIR_MAX_SIZE], pub[PSA_EXPORT_PUBLIC_KEY_MAX_SIZE];
    uint8_t hash[32] = {1}, sig[PSA_SIGNATURE_MAX_SIZE];
    psa_key_id_t pair = 0, public_key = 0;
    psa_status_t status;

    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH));
    status = psa_import_key(&attr, der, der_len, &pair);
#if !PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
    /* Configured out: the key type is not supported (only then; a built
     * RSA that answers NOT_SUPPORTED fails below). */
    CHECK_STATUS(status, PSA_ERROR_NOT_SUPPORTED);
    CHECK(pair == 0);
    printf("RSA configured out: import NOT_SUPPORTED, RSA key tests skipped\n");
    OPENSSL_free(der);
    return;
#endif
    CHECK_STATUS(status, PSA_SUCCESS);
    CHECK_STATUS(psa_get_key_attributes(pair, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_bits(&attr) == 1024);
    CHECK(psa_get_key_usage_flags(&attr) ==
          (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_EXPORT));

    /* Export gives back the DER; size macros are large enough. */
    CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, 1024) >= der_len);
    CHECK_STATUS(psa_export_key(pair, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == der_len);
    CHECK_MEM(out, der, der_len);
    CHECK_STATUS(psa_export_public_key(pair, pub, sizeof(pub), &pub_len), PSA_SUCCESS);
    CHECK(pub_len > 0 && pub_len <= PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_PUBLIC_KEY,
                                                                       1024));

    /* ANY_HASH wildcard: PSS with any specific hash, nothing else. */
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_SUCCESS);
    CHECK(sig_len == 128);
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_NOT_PERMITTED);
    /* The wildcard is a policy, not an algorithm to sign with. */
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    /* The hash length must match the algorithm's hash. */
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 31, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(sig_len == 0);
#if !PSA_WANT_ALG_SHA_384
    /* SHA-384 configured out: PSS over it is not supported. */
    CHECK_STATUS(psa_sign_message(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_384), hash, 32, sig,
                                  sizeof(sig), &sig_len), PSA_ERROR_NOT_SUPPORTED);
#endif
    CHECK_STATUS(psa_sign_message(pair, PSA_ALG_RSA_PSS(TEST_PSS_HASH), hash, 32, sig,
                                  sizeof(sig), &sig_len), PSA_SUCCESS);
    /* No VERIFY usage on this key. */
    CHECK_STATUS(psa_verify_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 32, sig, sig_len),
                 PSA_ERROR_NOT_PERMITTED);

    /* The exported public key imports as a public key and verifies. */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_PUBLIC_KEY);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH));
    CHECK_STATUS(psa_import_key(&attr, pub, pub_len, &public_key), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(public_key, PSA_ALG_RSA_PSS(TEST_PSS_HASH), hash, 32, sig,
                                    sig_len), PSA_SUCCESS);
    sig[5] ^= 1;
    CHECK_STATUS(psa_verify_message(public_key, PSA_ALG_RSA_PSS(TEST_PSS_HASH), hash, 32, sig,
                                    sig_len), PSA_ERROR_INVALID_SIGNATURE);
    /* A public key cannot sign; its export needs no EXPORT usage. */
    CHECK_STATUS(psa_sign_hash(public_key, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_export_key(public_key, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == pub_len);
    CHECK_MEM(out, pub, pub_len);

    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);

    /* PKCS#1 v1.5 with ANY_HASH permits the raw scheme too (spec 9.5.3). */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_ANY_HASH));
    CHECK_STATUS(psa_import_key(&attr, der, der_len, &pair), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, hash, 20, sig, sizeof(sig),
                               &sig_len), PSA_SUCCESS);
    CHECK(sig_len == 128);
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_512), hash, 32, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);

    /* Declared size must match; truncated DER is rejected. */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, 2048);
    CHECK_STATUS(psa_import_key(&attr, der, der_len, &pair), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 0);
    CHECK_STATUS(psa_import_key(&attr, der, der_len - 1, &pair), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(pair == PSA_KEY_ID_NULL);

    CHECK_STATUS(psa_destroy_key(public_key), PSA_SUCCESS);
    test_large_slots(der, der_len);
    test_rsa_custom_exponent();
    OPENSSL_free(der);
}

/* ---- Ed25519 keys (the Ed25519 family through the core) ----------------- */

static void test_ed25519_keys(void)
{
    /* RFC 8032 7.1, TEST 1 (empty message). */
    static const char secret_hex[] =
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    static const char public_hex[] =
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    static const char sig_hex[] =
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";
    const psa_key_type_t pair_type = PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS);
    const psa_key_type_t pub_type = PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS);
    uint8_t secret[32], public_key[32], want_sig[64], sig[PSA_SIGNATURE_MAX_SIZE], out[64];
    uint8_t prehash[64] = {7};
    size_t sig_len = 0, out_len = 0;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t pair = 0, pub = 0, ph = 0, gen = 0;
    psa_status_t status;

    test_hex_to(secret_hex, secret, sizeof(secret));
    test_hex_to(public_hex, public_key, sizeof(public_key));
    test_hex_to(sig_hex, want_sig, sizeof(want_sig));

    psa_set_key_type(&attr, pair_type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE |
                                   PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    status = psa_import_key(&attr, secret, 32, &pair);
#if !PSA_WANT_ECC_TWISTED_EDWARDS_255
    /* Configured out: the key type is not supported (only then). */
    CHECK_STATUS(status, PSA_ERROR_NOT_SUPPORTED);
    CHECK(pair == 0);
    printf("Ed25519 configured out: import NOT_SUPPORTED, Ed25519 key tests skipped\n");
    return;
#endif
    CHECK_STATUS(status, PSA_SUCCESS);
    CHECK_STATUS(psa_get_key_attributes(pair, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_bits(&attr) == 255);
    CHECK_STATUS(psa_export_key(pair, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == 32);
    CHECK_MEM(out, secret, 32);
    CHECK_STATUS(psa_export_public_key(pair, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == 32);
    CHECK_MEM(out, public_key, 32);
    CHECK_STATUS(psa_sign_message(pair, PSA_ALG_PURE_EDDSA, NULL, 0, sig, sizeof(sig), &sig_len),
                 PSA_SUCCESS);
    CHECK(sig_len == PSA_SIGN_OUTPUT_SIZE(pair_type, 255, PSA_ALG_PURE_EDDSA));
    CHECK_MEM(sig, want_sig, 64);
    CHECK_STATUS(psa_verify_message(pair, PSA_ALG_PURE_EDDSA, NULL, 0, sig, 64), PSA_SUCCESS);
    /* A copy (COPY usage) signs the same: Ed25519 is deterministic. */
    {
        psa_key_attributes_t copy_attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t copy = 0;
        uint8_t sig2[64];
        size_t sig2_len = 0;
        CHECK_STATUS(psa_copy_key(pair, &copy_attr, &copy), PSA_ERROR_NOT_PERMITTED);
        psa_reset_key_attributes(&attr);
        psa_set_key_type(&attr, pair_type);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_COPY);
        psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
        CHECK_STATUS(psa_import_key(&attr, secret, 32, &ph), PSA_SUCCESS);
        psa_set_key_usage_flags(&copy_attr, PSA_KEY_USAGE_SIGN_MESSAGE);
        psa_set_key_algorithm(&copy_attr, PSA_ALG_PURE_EDDSA);
        CHECK_STATUS(psa_copy_key(ph, &copy_attr, &copy), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(ph), PSA_SUCCESS);
        CHECK_STATUS(psa_sign_message(copy, PSA_ALG_PURE_EDDSA, NULL, 0, sig2, sizeof(sig2),
                                      &sig2_len), PSA_SUCCESS);
        CHECK(sig2_len == 64);
        CHECK_MEM(sig2, want_sig, 64);
        CHECK_STATUS(psa_destroy_key(copy), PSA_SUCCESS);
        ph = 0;
    }
    /* Policy: PureEdDSA only; PureEdDSA is not a sign-hash algorithm. */
    CHECK_STATUS(psa_sign_message(pair, PSA_ALG_ED25519PH, NULL, 0, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_PURE_EDDSA, prehash, 64, sig, sizeof(sig),
                               &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    /* RSA algorithms do not fit an Edwards key. */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, pair_type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PSS(PSA_ALG_SHA_512));
    CHECK_STATUS(psa_import_key(&attr, secret, 32, &ph), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(ph, PSA_ALG_RSA_PSS(PSA_ALG_SHA_512), prehash, 64, sig,
                               sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(ph), PSA_SUCCESS);

    /* Ed25519ph through sign_hash (64-byte SHA-512 prehash) and through
     * sign_message (the core passes the message whole); SIGN_HASH implies
     * SIGN_MESSAGE. */
    psa_set_key_algorithm(&attr, PSA_ALG_ED25519PH);
    CHECK_STATUS(psa_import_key(&attr, secret, 32, &ph), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(ph, PSA_ALG_ED25519PH, prehash, 64, sig, sizeof(sig), &sig_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(ph, PSA_ALG_ED25519PH, prehash, 64, sig, sig_len), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(ph, PSA_ALG_ED25519PH, prehash, 32, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_message(ph, PSA_ALG_ED25519PH, msg_abc(), 3, sig, sizeof(sig),
                                  &sig_len), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(ph, PSA_ALG_ED25519PH, msg_abc(), 3, sig, sig_len),
                 PSA_SUCCESS);
    /* The message path hashes with SHA-512: the same signature verifies as
     * a hash signature over SHA-512("abc"). */
    CHECK_STATUS(psa_hash_compute(PSA_ALG_SHA_512, msg_abc(), 3, prehash, sizeof(prehash),
                                  &out_len), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(ph, PSA_ALG_ED25519PH, prehash, 64, sig, sig_len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(ph), PSA_SUCCESS);

    /* Public key: verifies, cannot sign, exports without EXPORT usage. */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, pub_type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    CHECK_STATUS(psa_import_key(&attr, public_key, 32, &pub), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_PURE_EDDSA, NULL, 0, want_sig, 64), PSA_SUCCESS);
    want_sig[63] ^= 0x10;
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_PURE_EDDSA, NULL, 0, want_sig, 64),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_sign_message(pub, PSA_ALG_PURE_EDDSA, NULL, 0, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_export_key(pub, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK_MEM(out, public_key, 32);
    /* Wrong sizes. */
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_import_key(&attr, public_key, 32, &ph), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 0);
    CHECK_STATUS(psa_import_key(&attr, public_key, 31, &ph), PSA_ERROR_INVALID_ARGUMENT);

    /* Generated key: sign with the pair, verify with its exported public key. */
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, pair_type);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    CHECK_STATUS(psa_generate_key(&attr, &gen), PSA_SUCCESS);
    CHECK_STATUS(psa_sign_message(gen, PSA_ALG_PURE_EDDSA, msg_abc(), 3, sig, sizeof(sig),
                                  &sig_len), PSA_SUCCESS);
    CHECK_STATUS(psa_export_public_key(gen, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
    psa_reset_key_attributes(&attr);
    psa_set_key_type(&attr, pub_type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    CHECK_STATUS(psa_import_key(&attr, out, out_len, &pub), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_message(pub, PSA_ALG_PURE_EDDSA, msg_abc(), 3, sig, sig_len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(gen), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
}

int main(void)
{
    test_rng_seed(0x6b657973);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);   /* idempotent */
    test_attributes();
    test_import_export_raw();
    test_destroy_purge();
    test_generate_raw();
    test_usage_and_alg_policy();
    test_policy_functions();
    test_copy();
    test_undefined_usage_flags();
    test_slot_exhaustion();
    test_rsa_keys();
    test_ed25519_keys();
    return test_report("psa_keys");
}
