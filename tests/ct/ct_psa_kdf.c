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
 * declassified (CT_PUBLIC) before they are checked: PBKDF2 against
 * OpenSSL's PKCS5_PBKDF2_HMAC, the others against the same derivation
 * run first with public inputs (test_kdf_psa checks those against
 * OpenSSL).
 */
#include <psa/crypto.h>

#include <string.h>

#include <openssl/evp.h>

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

/* Mark data secret and import it as a key of this type and policy. */
static psa_key_id_t secret_key(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                               uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = psa_key_attributes_init();
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_algorithm(&attr, alg);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_type(&attr, type);
    CT_SECRET(data, len);
    if (!CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS)) {
        id = PSA_KEY_ID_NULL;
    }
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
    CT_SECRET(salt + 8, sizeof(salt) - 8);
    k_pw = secret_key(PSA_KEY_TYPE_PASSWORD, PSA_KEY_USAGE_DERIVE, alg, pw, pw_len);
    k_hash = secret_key(PSA_KEY_TYPE_PASSWORD_HASH, PSA_KEY_USAGE_VERIFY_DERIVATION, alg, stored,
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

/* The TLS 1.2 and SP 800-108 cases: each derivation runs twice, first
 * with public inputs (the reference: test_kdf_psa checks these paths
 * against OpenSSL), then with the secrets marked; the declassified
 * outputs must agree. key_step (or 0): that step comes from a key of
 * key_type in the second run. */
typedef struct {
    psa_key_derivation_step_t step;
    uint8_t *data;
    size_t len;
    int secret;
} ct_input;

static void derive_twice(psa_algorithm_t alg, size_t cap, ct_input *in, size_t n,
                         psa_key_derivation_step_t key_step, psa_key_type_t key_type,
                         size_t out_len)
{
    uint8_t ref[128], out[128];
    int pass;
    for (pass = 0; pass < 2; pass++) {
        psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
        psa_key_id_t key = PSA_KEY_ID_NULL;
        size_t i;
        CHECK_STATUS(psa_key_derivation_setup(&op, alg), PSA_SUCCESS);
        if (cap != 0) {
            CHECK_STATUS(psa_key_derivation_set_capacity(&op, cap), PSA_SUCCESS);
        }
        for (i = 0; i < n; i++) {
            if (pass == 1 && in[i].secret) {
                CT_SECRET(in[i].data, in[i].len);
            }
            if (pass == 1 && in[i].step == key_step) {
                key = secret_key(key_type, PSA_KEY_USAGE_DERIVE, alg, in[i].data, in[i].len);
                CHECK_STATUS(psa_key_derivation_input_key(&op, key_step, key), PSA_SUCCESS);
            } else {
                CHECK_STATUS(psa_key_derivation_input_bytes(&op, in[i].step, in[i].data,
                                                            in[i].len), PSA_SUCCESS);
            }
        }
        draw(&op, pass == 0 ? ref : out, out_len);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        psa_destroy_key(key);
    }
    CT_PUBLIC(out, out_len);
    CHECK_MEM(out, ref, out_len);
    for (; n > 0; n--) {
        CT_PUBLIC(in[n - 1].data, in[n - 1].len);
    }
}

static void tls12_sp800_cases(void)
{
    uint8_t seed[64], secret[48], other[32], key[32];
    uint8_t label[14] = "key expansion", ms[14] = "master secret";
    uint8_t kb_label[6] = "label", kb_context[8] = "context";
    ct_input prf[3] = {{PSA_KEY_DERIVATION_INPUT_SEED, NULL, 64, 0},
                       {PSA_KEY_DERIVATION_INPUT_SECRET, NULL, 48, 1},
                       {PSA_KEY_DERIVATION_INPUT_LABEL, NULL, 13, 0}};
    ct_input psk[4] = {{PSA_KEY_DERIVATION_INPUT_SEED, NULL, 64, 0},
                       {PSA_KEY_DERIVATION_INPUT_OTHER_SECRET, NULL, 32, 1},
                       {PSA_KEY_DERIVATION_INPUT_SECRET, NULL, 48, 1},
                       {PSA_KEY_DERIVATION_INPUT_LABEL, NULL, 13, 0}};
    ct_input kb[3] = {{PSA_KEY_DERIVATION_INPUT_SECRET, NULL, 32, 1},
                      {PSA_KEY_DERIVATION_INPUT_LABEL, NULL, 5, 0},
                      {PSA_KEY_DERIVATION_INPUT_CONTEXT, NULL, 7, 0}};
    test_rng_bytes(seed, sizeof(seed));
    test_rng_bytes(secret, sizeof(secret));
    test_rng_bytes(other, sizeof(other));
    test_rng_bytes(key, sizeof(key));
    prf[0].data = seed;
    prf[1].data = secret;
    prf[2].data = label;
    psk[0].data = seed;
    psk[1].data = other;
    psk[2].data = secret;
    psk[3].data = ms;
    kb[0].data = key;
    kb[1].data = kb_label;
    kb[2].data = kb_context;
    /* The TLS secret as bytes, then as a DERIVE key. */
    derive_twice(PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), 0, prf, 3, 0, 0, 104);
    derive_twice(PSA_ALG_TLS12_PRF(PSA_ALG_SHA_256), 0, prf, 3, PSA_KEY_DERIVATION_INPUT_SECRET,
                 PSA_KEY_TYPE_DERIVE, 104);
    /* PSK and other secret (RFC 4279 2's premaster is built from both). */
    derive_twice(PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256), 0, psk, 4, 0, 0, 48);
    derive_twice(PSA_ALG_TLS12_PSK_TO_MS(PSA_ALG_SHA_256), 0, psk, 4,
                 PSA_KEY_DERIVATION_INPUT_SECRET, PSA_KEY_TYPE_DERIVE, 48);
    /* SP 800-108, L = 8 * 80: the key as bytes, then as an HMAC key. */
    derive_twice(PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256), 80, kb, 3, 0, 0, 80);
    derive_twice(PSA_ALG_SP800_108_COUNTER_HMAC(PSA_ALG_SHA_256), 80, kb, 3,
                 PSA_KEY_DERIVATION_INPUT_SECRET, PSA_KEY_TYPE_HMAC, 80);
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
    tls12_sp800_cases();
    return test_report("ct_psa_kdf");
}
#endif
