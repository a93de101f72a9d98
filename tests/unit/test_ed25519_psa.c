/*
 * test_ed25519_psa.c -- Ed25519 through the PSA API:
 *  - RFC 8032 vectors: import/export of both key types, psa_sign_message /
 *    psa_verify_message (PureEdDSA and Ed25519ph), psa_sign_hash /
 *    psa_verify_hash (Ed25519ph over the SHA-512 prehash), byte for byte;
 *  - every Wycheproof ed25519_test.json case through psa_verify_message;
 *  - psa_generate_key from the DRBG, cross-checked with OpenSSL;
 *  - policy (usage flags, permitted algorithm, PureEdDSA never via
 *    sign_hash) and the spec's errors for bad lengths, bad key sizes,
 *    invalid public keys, wrong key types and small buffers;
 *  - white box: the driver's signing entry points refuse a public key's
 *    buffer (CORRUPTION_DETECTED, signature untouched) even when the
 *    caller's key-pair check is skipped, so they never read a pair's
 *    expanded secret past the end of a public key.
 */
#include <psa/crypto.h>

#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "json.h"
#include "test_config.h"
#include "test_ossl_ed25519.h"
#include "test_util.h"
#include "dispatch/pp_drivers.h"

#define ED_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define ED_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS)
#define ALL_SIGN_USAGE (PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE | \
                        PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH)

#if !(TEST_HAVE_ED25519)
/* Ed25519 configured out: the whole subject of this test. The honest
 * negative test of the configuration: an Ed25519 key (RFC 8032 7.1 test 1
 * sizes: 32-byte seed or public key) is a key type the library does not
 * support, on import and on generation, and EdDSA is not an algorithm it
 * has (psa_hash_compute of its SHA-512 neither, when that is out too). */
int main(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    uint8_t key[32], out[64];
    size_t len = 0;

    memset(key, 0x4d, sizeof(key));
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_usage_flags(&attr, ALL_SIGN_USAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    psa_set_key_type(&attr, ED_PAIR);
    CHECK_STATUS(psa_import_key(&attr, key, sizeof(key), &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == 0);
    psa_set_key_bits(&attr, 255);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == 0);
    psa_set_key_type(&attr, ED_PUBLIC);
    CHECK_STATUS(psa_import_key(&attr, key, sizeof(key), &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == 0);
#if !PSA_WANT_ALG_SHA_512
    CHECK_STATUS(psa_hash_compute(PSA_ALG_SHA_512, key, sizeof(key), out, sizeof(out), &len),
                 PSA_ERROR_NOT_SUPPORTED);
#endif
    (void)out;
    (void)len;
    return test_skip("ed25519_psa", "Ed25519 configured out (PSA_WANT_ECC_TWISTED_EDWARDS_255 0)");
}
#else

static psa_status_t import(psa_key_type_t type, size_t bits, psa_key_usage_t usage,
                           psa_algorithm_t alg, const uint8_t *data, size_t len,
                           psa_key_id_t *id)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, bits);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    *id = PSA_KEY_ID_NULL;
    return psa_import_key(&attr, data, len, id);
}

static int ossl_verify(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg, size_t len)
{
    return test_ossl_ed25519_verify(pk, msg, len, sig, 64);
}

static void test_rfc8032(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/rfc8032_ed25519.json"));
    const json_value *vectors = json_get(root, "vectors");
    size_t i;

    CHECK(json_len(vectors) == 6);
    for (i = 0; i < json_len(vectors); i++) {
        const json_value *v = json_at(vectors, i);
        uint8_t seed[32], pk[32], want[64], out[64];
        size_t msg_len, out_len;
        uint8_t *msg = test_hex_decode(json_str(json_get(v, "message")), &msg_len);
        int ph = strcmp(json_str(json_get(v, "algorithm")), "Ed25519ph") == 0;
        psa_algorithm_t alg = ph ? PSA_ALG_ED25519PH : PSA_ALG_PURE_EDDSA;
        psa_key_id_t pair, pub;
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;

        test_hex_to(json_str(json_get(v, "secret_key")), seed, 32);
        test_hex_to(json_str(json_get(v, "public_key")), pk, 32);
        test_hex_to(json_str(json_get(v, "signature")), want, 64);

        CHECK_STATUS(import(ED_PAIR, 0, ALL_SIGN_USAGE | PSA_KEY_USAGE_EXPORT, alg, seed, 32,
                            &pair), PSA_SUCCESS);
        CHECK_STATUS(psa_get_key_attributes(pair, &attr), PSA_SUCCESS);
        CHECK(psa_get_key_bits(&attr) == 255);
        CHECK(psa_get_key_type(&attr) == ED_PAIR);
        CHECK_STATUS(psa_export_key(pair, out, sizeof(out), &out_len), PSA_SUCCESS);
        CHECK(out_len == 32);
        CHECK_MEM(out, seed, 32);
        CHECK_STATUS(psa_export_public_key(pair, out, sizeof(out), &out_len), PSA_SUCCESS);
        CHECK(out_len == 32);
        CHECK_MEM(out, pk, 32);

        memset(out, 0, sizeof(out));
        CHECK_STATUS(psa_sign_message(pair, alg, msg, msg_len, out, sizeof(out), &out_len),
                     PSA_SUCCESS);
        CHECK(out_len == 64);
        CHECK_MEM(out, want, 64);
        CHECK_STATUS(psa_verify_message(pair, alg, msg, msg_len, want, 64), PSA_SUCCESS);

        CHECK_STATUS(import(ED_PUBLIC, 255, PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_VERIFY_HASH,
                            alg, pk, 32, &pub), PSA_SUCCESS);
        CHECK_STATUS(psa_verify_message(pub, alg, msg, msg_len, want, 64), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(pub, out, sizeof(out), &out_len), PSA_SUCCESS);
        CHECK(out_len == 32);
        CHECK_MEM(out, pk, 32);
        CHECK_STATUS(psa_export_public_key(pub, out, sizeof(out), &out_len), PSA_SUCCESS);
        CHECK_MEM(out, pk, 32);
        /* Without SIGN usage the policy refuses first; with it, a public key
         * still cannot sign. */
        CHECK_STATUS(psa_sign_message(pub, alg, msg, msg_len, out, sizeof(out), &out_len),
                     PSA_ERROR_NOT_PERMITTED);
        {
            psa_key_id_t pub_sign;
            CHECK_STATUS(import(ED_PUBLIC, 0, ALL_SIGN_USAGE, alg, pk, 32, &pub_sign), PSA_SUCCESS);
            CHECK_STATUS(psa_sign_message(pub_sign, alg, msg, msg_len, out, sizeof(out), &out_len),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_destroy_key(pub_sign), PSA_SUCCESS);
        }

        if (ph) {
            uint8_t prehash[64];
            test_hex_to(json_str(json_get(v, "prehash_sha512")), prehash, 64);
            memset(out, 0, sizeof(out));
            CHECK_STATUS(psa_sign_hash(pair, alg, prehash, 64, out, sizeof(out), &out_len),
                         PSA_SUCCESS);
            CHECK(out_len == 64);
            CHECK_MEM(out, want, 64);
            CHECK_STATUS(psa_verify_hash(pub, alg, prehash, 64, want, 64), PSA_SUCCESS);
            CHECK_STATUS(psa_verify_hash(pair, alg, prehash, 64, want, 64), PSA_SUCCESS);
            prehash[63] ^= 1;
            CHECK_STATUS(psa_verify_hash(pub, alg, prehash, 64, want, 64),
                         PSA_ERROR_INVALID_SIGNATURE);
            /* Wrong hash length. */
            CHECK_STATUS(psa_sign_hash(pair, alg, prehash, 32, out, sizeof(out), &out_len),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_verify_hash(pub, alg, prehash, 63, want, 64),
                         PSA_ERROR_INVALID_ARGUMENT);
        } else {
            /* PureEdDSA is never a sign_hash algorithm. */
            CHECK_STATUS(psa_sign_hash(pair, alg, msg, msg_len, out, sizeof(out), &out_len),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_verify_hash(pub, alg, msg, msg_len, want, 64),
                         PSA_ERROR_INVALID_ARGUMENT);
            /* The key's policy names PureEdDSA: Ed25519ph is not permitted. */
            CHECK_STATUS(psa_verify_message(pub, PSA_ALG_ED25519PH, msg, msg_len, want, 64),
                         PSA_ERROR_NOT_PERMITTED);
        }
        /* Tampered signature and wrong lengths. */
        want[10] ^= 0x40;
        CHECK_STATUS(psa_verify_message(pub, alg, msg, msg_len, want, 64),
                     PSA_ERROR_INVALID_SIGNATURE);
        want[10] ^= 0x40;
        CHECK_STATUS(psa_verify_message(pub, alg, msg, msg_len, want, 63),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_verify_message(pub, alg, msg, msg_len, want, 0),
                     PSA_ERROR_INVALID_SIGNATURE);
        /* Signature buffer too small. */
        CHECK_STATUS(psa_sign_message(pair, alg, msg, msg_len, out, 63, &out_len),
                     PSA_ERROR_BUFFER_TOO_SMALL);

        CHECK_STATUS(psa_destroy_key(pair), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
        free(msg);
    }
    json_free(root);
}

static void test_wycheproof(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/ed25519_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, total = 0, mismatches = 0;

    for (g = 0; g < json_len(groups); g++) {
        const json_value *group = json_at(groups, g);
        const json_value *tests = json_get(group, "tests");
        uint8_t pk[32];
        psa_key_id_t id;
        test_hex_to(json_str(json_get(json_get(group, "publicKey"), "pk")), pk, 32);
        CHECK_STATUS(import(ED_PUBLIC, 255, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA,
                            pk, 32, &id), PSA_SUCCESS);
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t msg_len, sig_len;
            uint8_t *msg = test_hex_decode(json_str(json_get(tc, "msg")), &msg_len);
            uint8_t *sig = test_hex_decode(json_str(json_get(tc, "sig")), &sig_len);
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            psa_status_t status = psa_verify_message(id, PSA_ALG_PURE_EDDSA, msg, msg_len,
                                                     sig, sig_len);
            if (status != (valid ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE)) {
                printf("wycheproof tcId %lld: status %d\n", json_int(json_get(tc, "tcId")),
                       (int)status);
                mismatches++;
            }
            total++;
            free(msg);
            free(sig);
        }
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
    CHECK(total == 151);
    CHECK(mismatches == 0);
    json_free(root);
}

static void test_generate(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t a, b;
    uint8_t pk_a[32], pk_b[32], seed_a[32], seed_b[32], sig[64];
    static const uint8_t msg[] = "generated key";
    size_t len;
    int i;

    psa_set_key_type(&attr, ED_PAIR);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    for (i = 0; i < 8; i++) {
        CHECK_STATUS(psa_generate_key(&attr, &a), PSA_SUCCESS);
        CHECK_STATUS(psa_generate_key(&attr, &b), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(a, seed_a, sizeof(seed_a), &len), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(b, seed_b, sizeof(seed_b), &len), PSA_SUCCESS);
        CHECK(memcmp(seed_a, seed_b, 32) != 0);
        CHECK_STATUS(psa_export_public_key(a, pk_a, sizeof(pk_a), &len), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(b, pk_b, sizeof(pk_b), &len), PSA_SUCCESS);
        CHECK(memcmp(pk_a, pk_b, 32) != 0);
        /* OpenSSL derives the same public key from the exported seed. */
        {
            EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed_a, 32);
            uint8_t pk_ossl[32];
            size_t pk_len = 32;
            CHECK(k != NULL && EVP_PKEY_get_raw_public_key(k, pk_ossl, &pk_len) == 1);
            CHECK_MEM(pk_ossl, pk_a, 32);
            EVP_PKEY_free(k);
        }
        CHECK_STATUS(psa_sign_message(a, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, sizeof(sig),
                                      &len), PSA_SUCCESS);
        CHECK(ossl_verify(sig, pk_a, msg, sizeof(msg)));
        CHECK(!ossl_verify(sig, pk_b, msg, sizeof(msg)));
        /* No VERIFY usage on this key. */
        CHECK_STATUS(psa_verify_message(a, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, 64),
                     PSA_ERROR_NOT_PERMITTED);
        CHECK_STATUS(psa_destroy_key(a), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(b), PSA_SUCCESS);
    }
    /* Sizes other than 255 bits; public keys cannot be generated. */
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_generate_key(&attr, &a), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 448);
    CHECK_STATUS(psa_generate_key(&attr, &a), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_bits(&attr, 255);
    psa_set_key_type(&attr, ED_PUBLIC);
    CHECK_STATUS(psa_generate_key(&attr, &a), PSA_ERROR_INVALID_ARGUMENT);
}

static void test_import_errors(void)
{
    uint8_t buf[64], out[64];
    psa_key_id_t id;
    size_t len;
    memset(buf, 0x42, sizeof(buf));

    /* Wrong lengths and sizes. */
    CHECK_STATUS(import(ED_PAIR, 0, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 31, &id),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(import(ED_PAIR, 0, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 33, &id),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(import(ED_PAIR, 0, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 64, &id),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(import(ED_PAIR, 256, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 32,
                        &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(import(ED_PUBLIC, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 31,
                        &id), PSA_ERROR_INVALID_ARGUMENT);
    /* Ed448 (57 bytes, 448 bits) is not built. */
    CHECK_STATUS(import(ED_PAIR, 0, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 57, &id),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(import(ED_PUBLIC, 448, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 57,
                        &id), PSA_ERROR_NOT_SUPPORTED);

    /* Invalid public keys (RFC 8032 5.1.3): y >= p, off-curve, x = 0 with
     * the sign bit. */
    memset(buf, 0xff, 32);
    buf[0] = 0xee;
    buf[31] = 0x7f; /* y = p + 1 */
    CHECK_STATUS(import(ED_PUBLIC, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 32,
                        &id), PSA_ERROR_INVALID_ARGUMENT);
    memset(buf, 0, 32);
    buf[0] = 2; /* y = 2: not on the curve */
    CHECK_STATUS(import(ED_PUBLIC, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 32,
                        &id), PSA_ERROR_INVALID_ARGUMENT);
    buf[0] = 1;
    buf[31] = 0x80; /* y = 1, x = 0 with sign 1 */
    CHECK_STATUS(import(ED_PUBLIC, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 32,
                        &id), PSA_ERROR_INVALID_ARGUMENT);
    /* The identity itself (small order) is a valid encoding. */
    buf[31] = 0;
    CHECK_STATUS(import(ED_PUBLIC, 0, PSA_KEY_USAGE_VERIFY_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 32,
                        &id), PSA_SUCCESS);
    /* Export needs the EXPORT usage flag; export_public never does. */
    CHECK_STATUS(psa_export_public_key(id, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK_STATUS(psa_export_public_key(id, out, 31, &len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    memset(buf, 7, 32);
    CHECK_STATUS(import(ED_PAIR, 255, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_PURE_EDDSA, buf, 32, &id),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id, out, sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_export_public_key(id, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    /* An algorithm of another family with this key type. */
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256), buf, 32, out,
                                  sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);
    /* Permitted algorithm is PureEdDSA: Ed25519ph is refused. */
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_ED25519PH, buf, 32, out, sizeof(out), &len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* Ed25519ph key used through sign_hash without SIGN_HASH usage. */
    CHECK_STATUS(import(ED_PAIR, 255, PSA_KEY_USAGE_SIGN_MESSAGE, PSA_ALG_ED25519PH, buf, 32, &id),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(id, PSA_ALG_ED25519PH, buf, 64, out, sizeof(out), &len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_ED25519PH, buf, 32, out, sizeof(out), &len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
}

/* pp_eddsa_sign_message / _sign_hash given a public key's material: the
 * dispatch layer never does that (it checks for a pair first); the driver
 * must still not read the 32/64-byte buffer as a 128/160-byte pair. */
static void test_driver_public_buffer(void)
{
    static const uint8_t pk[32] = {0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7,
                                   0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
                                   0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25,
                                   0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a};
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t material[PP_EDDSA_KEY_PAIR_MATERIAL_SIZE];
    uint8_t sig[64], untouched[64];
    size_t material_len = 0, bits = 0, sig_len = 0;
    int as_pair;

    psa_set_key_type(&attr, ED_PUBLIC);
    CHECK_STATUS(pp_eddsa_import_key(&attr, pk, sizeof(pk), material, sizeof(material),
                                     &material_len, &bits), PSA_SUCCESS);
    CHECK(material_len == PP_EDDSA_PUBLIC_MATERIAL_SIZE);
    memset(untouched, 0xa5, sizeof(untouched));
    /* As the public key it is, and mislabelled as a pair. */
    for (as_pair = 0; as_pair < 2; as_pair++) {
        psa_set_key_type(&attr, as_pair ? ED_PAIR : ED_PUBLIC);
#if PSA_WANT_ALG_PURE_EDDSA
        memcpy(sig, untouched, sizeof(sig));
        CHECK_STATUS(pp_eddsa_sign_message(&attr, material, material_len, PSA_ALG_PURE_EDDSA,
                                           pk, sizeof(pk), sig, sizeof(sig), &sig_len),
                     PSA_ERROR_CORRUPTION_DETECTED);
        CHECK_MEM(sig, untouched, sizeof(sig));
#endif
#if PSA_WANT_ALG_ED25519PH
        memcpy(sig, untouched, sizeof(sig));
        CHECK_STATUS(pp_eddsa_sign_hash(&attr, material, material_len, PSA_ALG_ED25519PH,
                                        untouched, sizeof(untouched), sig, sizeof(sig), &sig_len),
                     PSA_ERROR_CORRUPTION_DETECTED);
        CHECK_MEM(sig, untouched, sizeof(sig));
#endif
    }
}

int main(void)
{
    test_rng_seed(0xed25519);
    if (psa_crypto_init() != PSA_SUCCESS) {
        CHECK(0);
        return test_report("ed25519_psa");
    }
    test_rfc8032();
    test_wycheproof();
    test_generate();
    test_import_errors();
    test_driver_public_buffer();
    return test_report("ed25519_psa");
}
#endif /* TEST_HAVE_ED25519 */
