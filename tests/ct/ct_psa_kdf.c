/*
 * ct_psa_kdf.c -- the PSA key derivation front end (src/core/
 * psa_key_derivation.c) is constant time in its secrets for PBKDF2-HMAC,
 * the TLS 1.2 PRF, TLS 1.2 PSK-to-MS and SP 800-108 counter HMAC: under
 * valgrind memcheck the password, the salt (it may carry a pepper), the
 * TLS secret, the PSK and the other secret, the SP 800-108 key and the
 * stored password hash are marked secret (CT_SECRET) -- as bytes and,
 * before psa_import_key, as keys -- then the input steps, the streamed
 * output (uneven pieces), output_key, verify_bytes and verify_key (right
 * and wrong values: the constant-time compare and the branch-free verdict
 * and error state) run. Only outputs and statuses, public by design, are
 * declassified (CT_PUBLIC) before they are checked against OpenSSL.
 */
#include <psa/crypto.h>

#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "ct.h"
#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_PBKDF2_HMAC || !PSA_WANT_ALG_TLS12_PRF || !PSA_WANT_ALG_TLS12_PSK_TO_MS || \
    !PSA_WANT_ALG_SP800_108_COUNTER_HMAC || !PSA_WANT_ALG_SHA_256
int main(void)
{
    return test_skip("ct_psa_kdf", "PBKDF2, the TLS 1.2 PRFs, SP 800-108 or SHA-256 configured out");
}
#else

static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

/* Uneven pieces across block boundaries. */
static void draw(psa_key_derivation_operation_t *op, uint8_t *out, size_t len)
{
    size_t a = len / 3, b = len / 2;
    CHECK_STATUS(psa_key_derivation_output_bytes(op, out, a), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(op, out + a, b), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(op, out + a + b, len - a - b), PSA_SUCCESS);
}

#define PBKDF2_ALG(h) PSA_ALG_PBKDF2_HMAC(h)

/* PBKDF2 with a secret password (bytes or a PASSWORD key) and a secret
 * second salt piece; then verification against a secret hash. */
static void pbkdf2_case(psa_algorithm_t hash, const EVP_MD *md, size_t pw_len)
{
    psa_algorithm_t alg = PBKDF2_ALG(hash);
    uint8_t pw[150], salt[24], out[100], want[100], stored[32];
    psa_key_id_t k_pw, k_hash;
    int as_key;
    test_rng_bytes(pw, pw_len);
    test_rng_bytes(salt, sizeof(salt));
    CHECK(PKCS5_PBKDF2_HMAC((const char *)pw, (int)pw_len, salt, (int)sizeof(salt), 3, md,
                            (int)sizeof(want), want) == 1);
    memcpy(stored, want, sizeof(stored));
    CT_SECRET(pw, pw_len);
    CT_SECRET(salt + 8, sizeof(salt) - 8);
    CT_SECRET(stored, sizeof(stored));
    k_pw = import(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, alg, pw, pw_len);
    k_hash = import(PSA_KEY_TYPE_PASSWORD_HASH, PSA_KEY_USAGE_VERIFY_DERIVATION, alg, stored,
                    sizeof(stored));
    for (as_key = 0; as_key < 2; as_key++) {
        int round;
        for (round = 0; round < 4; round++) {
            psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
            CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST, 3),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, salt,
                                                        8), PSA_SUCCESS);
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT,
                                                        salt + 8, sizeof(salt) - 8),
                         PSA_SUCCESS);
            if (as_key) {
                CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_PASSWORD,
                                                          k_pw), PSA_SUCCESS);
            } else {
                CHECK_STATUS(psa_key_derivation_input_bytes(&op,
                                                            PSA_KEY_DERIVATION_INPUT_PASSWORD, pw,
                                                            pw_len), PSA_SUCCESS);
            }
            if (round == 0) {
                draw(&op, out, sizeof(out));
                CT_PUBLIC(out, sizeof(out));
                CHECK_MEM(out, want, sizeof(out));
            } else if (round == 1) {
                CHECK_STATUS(declassified(psa_key_derivation_verify_key(&op, k_hash)),
                             PSA_SUCCESS);
            } else if (round == 2) {
                CHECK_STATUS(declassified(psa_key_derivation_verify_bytes(&op, stored, 32)),
                             PSA_SUCCESS);
            } else {
                uint8_t wrong[32];
                memcpy(wrong, stored, sizeof(wrong));
                wrong[5] ^= 0x10;
                CHECK_STATUS(declassified(psa_key_derivation_verify_bytes(&op, wrong, 32)),
                             PSA_ERROR_INVALID_SIGNATURE);
                /* The error state is the verdict (set without a branch),
                 * public like the status: declassify the object to see it. */
                CT_PUBLIC(&op, sizeof(op));
                CHECK_STATUS(psa_key_derivation_verify_key(&op, k_hash), PSA_ERROR_BAD_STATE);
            }
            CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        }
    }
    /* output_key from the PASSWORD key: an HMAC key of the stream. */
    {
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t derived = PSA_KEY_ID_NULL;
        uint8_t material[32];
        size_t len = 0;
        psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
        psa_set_key_bits(&attr, 256);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
        psa_set_key_algorithm(&attr, PSA_ALG_HMAC(PSA_ALG_SHA_256));
        CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST, 3),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, salt,
                                                    sizeof(salt)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_PASSWORD, k_pw),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(derived, material, sizeof(material), &len), PSA_SUCCESS);
        CT_PUBLIC(material, sizeof(material));
        CHECK_MEM(material, want, 32);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        psa_destroy_key(derived);
    }
    psa_destroy_key(k_pw);
    psa_destroy_key(k_hash);
    CT_PUBLIC(pw, pw_len);
    CT_PUBLIC(salt, sizeof(salt));
}

static void ossl_tls1_prf(const uint8_t *secret, size_t secret_len, const uint8_t *label,
                          size_t label_len, const uint8_t *seed, size_t seed_len, uint8_t *out,
                          size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "TLS1-PRF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[5];
    char digest[] = "SHA256";
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, (void *)secret,
                                                  secret_len);
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)label, label_len);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)seed, seed_len);
    params[4] = OSSL_PARAM_construct_end();
    CHECK(EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

/* TLS 1.2 PRF (secret secret, as a DERIVE key too) and PSK_TO_MS (PSK
 * and other secret secret). */
static void tls12_cases(void)
{
    psa_algorithm_t prf = PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256);
    psa_algorithm_t psk_alg = PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256);
    uint8_t seed[64], secret[48], other[32], pms[4 + 32 + 48], out[104], want[104];
    static const uint8_t label[] = "key expansion";
    psa_key_id_t k;
    int as_key;
    test_rng_bytes(seed, sizeof(seed));
    test_rng_bytes(secret, sizeof(secret));
    test_rng_bytes(other, sizeof(other));
    ossl_tls1_prf(secret, sizeof(secret), label, 13, seed, sizeof(seed), want, sizeof(want));
    CT_SECRET(secret, sizeof(secret));
    k = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, prf, secret, sizeof(secret));
    for (as_key = 0; as_key < 2; as_key++) {
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        CHECK_STATUS(psa_key_derivation_setup(&op, prf), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SEED, seed,
                                                    sizeof(seed)), PSA_SUCCESS);
        if (as_key) {
            CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k),
                         PSA_SUCCESS);
        } else {
            CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET,
                                                        secret, sizeof(secret)), PSA_SUCCESS);
        }
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL, label,
                                                    13), PSA_SUCCESS);
        draw(&op, out, sizeof(out));
        CT_PUBLIC(out, sizeof(out));
        CHECK_MEM(out, want, sizeof(out));
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    psa_destroy_key(k);
    CT_PUBLIC(secret, sizeof(secret));

    /* RFC 4279 2 premaster: len(other) || other || len(psk) || psk. */
    pms[0] = 0;
    pms[1] = sizeof(other);
    memcpy(pms + 2, other, sizeof(other));
    pms[2 + sizeof(other)] = 0;
    pms[3 + sizeof(other)] = sizeof(secret);
    memcpy(pms + 4 + sizeof(other), secret, sizeof(secret));
    ossl_tls1_prf(pms, sizeof(pms), (const uint8_t *)"master secret", 13, seed, sizeof(seed),
                  want, 48);
    CT_SECRET(secret, sizeof(secret));
    CT_SECRET(other, sizeof(other));
    {
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        CHECK_STATUS(psa_key_derivation_setup(&op, psk_alg), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SEED, seed,
                                                    sizeof(seed)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_OTHER_SECRET,
                                                    other, sizeof(other)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, secret,
                                                    sizeof(secret)), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL,
                                                    (const uint8_t *)"master secret", 13),
                     PSA_SUCCESS);
        draw(&op, out, 48);
        CT_PUBLIC(out, 48);
        CHECK_MEM(out, want, 48);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    CT_PUBLIC(secret, sizeof(secret));
    CT_PUBLIC(other, sizeof(other));
}

/* SP 800-108 with a secret HMAC key. */
static void sp800_case(void)
{
    psa_algorithm_t alg = PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256);
    uint8_t key[32], out[80], want[80];
    static const uint8_t label[5] = "label", context[7] = "context";
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "KBKDF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[7];
    char mode[] = "counter", mac[] = "HMAC", digest[] = "SHA256";
    psa_key_id_t k;
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    test_rng_bytes(key, sizeof(key));
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, mode, 0);
    params[1] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, mac, 0);
    params[2] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key, sizeof(key));
    params[4] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)label, 5);
    params[5] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)context, 7);
    params[6] = OSSL_PARAM_construct_end();
    CHECK(EVP_KDF_derive(kctx, want, sizeof(want), params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
    CT_SECRET(key, sizeof(key));
    k = import(PSA_KEY_TYPE_HMAC, PSA_KEY_USAGE_DERIVE, alg, key, sizeof(key));
    CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, sizeof(out)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL, label, 5),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_CONTEXT, context,
                                                7), PSA_SUCCESS);
    draw(&op, out, sizeof(out));
    CT_PUBLIC(out, sizeof(out));
    CHECK_MEM(out, want, sizeof(out));
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(k);
    CT_PUBLIC(key, sizeof(key));
}

int main(void)
{
    test_rng_seed(0x6b6466c7);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    pbkdf2_case(PSA_ALG_SHA_256, EVP_sha256(), 13);
    pbkdf2_case(PSA_ALG_SHA_256, EVP_sha256(), 150);
    if (test_hash_built(PSA_ALG_SHA_1)) {
        pbkdf2_case(PSA_ALG_SHA_1, EVP_sha1(), 20);
    }
    if (test_hash_built(PSA_ALG_SHA_512)) {
        pbkdf2_case(PSA_ALG_SHA_512, EVP_sha512(), 130);
    }
    tls12_cases();
    sp800_case();
    return test_report("ct_psa_kdf");
}
#endif
