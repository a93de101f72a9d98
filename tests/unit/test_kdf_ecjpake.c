/*
 * test_kdf_ecjpake.c -- PSA_ALG_TLS12_ECJPAKE_TO_PMS (PSA Crypto API 1.2
 * 10.6.1; TLS-ECJPAKE 8.7): the premaster secret SHA-256(K.x) of the
 * 65-byte uncompressed P-256 point K.
 *  - K = the P-256 generator: SHA-256(Gx) = 40577091... (Python:
 *    hashlib.sha256(bytes.fromhex(Gx)).hexdigest()), as bytes and as a
 *    DERIVE key; output_bytes, verify_bytes, output_key (256 bits);
 *  - random points (public keys of generated P-256 pairs) against
 *    OpenSSL's SHA-256 of their x;
 *  - statuses: 64 or 66 bytes, a compressed or hybrid prefix, an empty
 *    input: INVALID_ARGUMENT; capacity 32; an output of 1..31 bytes
 *    ("The 32-byte output has to be read in a single call"; the spec
 *    names no status: picopsa's INVALID_ARGUMENT, error state), 33 bytes
 *    or a second read: INSUFFICIENT_DATA; a 128-bit output_key:
 *    INVALID_ARGUMENT; other steps (SALT, LABEL, SEED, ...) INVALID_ARGUMENT;
 *    SECRET twice BAD_STATE; output before SECRET BAD_STATE; a RAW_DATA
 *    key INVALID_ARGUMENT; behind ECDH: setup INVALID_ARGUMENT.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "test_util.h"

#if !PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
int main(void)
{
    return test_skip("kdf_ecjpake", "PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS configured out");
}
#else

#define ALG PSA_ALG_TLS12_ECJPAKE_TO_PMS

static const char G[] = "04"
                        "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
                        "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
static const char PMS_G[] = "40577091d962d2c36217b8e1a3c7eee4a08d3c1ad4debaacc9fa2e259ff45118";

static psa_key_id_t import(psa_key_type_t type, const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, ALG);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

static psa_status_t pms(const uint8_t *k, size_t k_len, uint8_t *out, size_t out_len)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_status_t st = psa_key_derivation_setup(&op, ALG);
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k, k_len);
    }
    if (st == PSA_SUCCESS) {
        st = psa_key_derivation_output_bytes(&op, out, out_len);
    }
    psa_key_derivation_abort(&op);
    return st;
}

static void test_generator(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t k[65], want[32], out[32];
    size_t cap = 0, len = 0;
    psa_key_id_t key, derived = PSA_KEY_ID_NULL;
    CHECK(test_hex_to(G, k, sizeof(k)) == 65);
    CHECK(test_hex_to(PMS_G, want, sizeof(want)) == 32);
    CHECK_STATUS(pms(k, 65, out, 32), PSA_SUCCESS);
    CHECK_MEM(out, want, 32);

    key = import(PSA_KEY_TYPE_DERIVE, k, 65);
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);
    CHECK(cap == PSA_TLS12_ECJPAKE_TO_PMS_OUTPUT_SIZE);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, key),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_verify_bytes(&op, want, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* output_key: a 256-bit key is the whole output. */
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, key),
                 PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_bits(&attr, 256);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, want, 32);
    psa_destroy_key(derived);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* A 128-bit key is not the whole output. */
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, key),
                 PSA_SUCCESS);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(derived == PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(key);
}

static void test_random_points(void)
{
#if PSA_WANT_ECC_SECP_R1_256
    unsigned i;
    for (i = 0; i < 20; i++) {
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t pair = PSA_KEY_ID_NULL;
        uint8_t point[65], ours[32], theirs[32];
        size_t len = 0;
        unsigned int md_len = 0;
        psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1));
        psa_set_key_bits(&attr, 256);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
        psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
        CHECK_STATUS(psa_generate_key(&attr, &pair), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(pair, point, sizeof(point), &len), PSA_SUCCESS);
        CHECK(len == 65);
        psa_destroy_key(pair);
        CHECK(EVP_Digest(point + 1, 32, theirs, &md_len, EVP_sha256(), NULL) == 1);
        CHECK_STATUS(pms(point, 65, ours, 32), PSA_SUCCESS);
        CHECK_MEM(ours, theirs, 32);
    }
#endif
}

static void test_statuses(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    static const psa_key_derivation_step_t others[] = {
        PSA_KEY_DERIVATION_INPUT_SALT, PSA_KEY_DERIVATION_INPUT_LABEL,
        PSA_KEY_DERIVATION_INPUT_SEED, PSA_KEY_DERIVATION_INPUT_INFO,
        PSA_KEY_DERIVATION_INPUT_OTHER_SECRET, PSA_KEY_DERIVATION_INPUT_CONTEXT,
        PSA_KEY_DERIVATION_INPUT_PASSWORD};
    uint8_t k[66], out[40];
    size_t cap = 0, i;
    psa_key_id_t raw;
    CHECK(test_hex_to(G, k, sizeof(k)) == 65);
    k[65] = 0;

    CHECK_STATUS(pms(k, 64, out, 32), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pms(k, 66, out, 32), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pms(k, 0, out, 32), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pms(k + 1, 33, out, 32), PSA_ERROR_INVALID_ARGUMENT);   /* x only */
    k[0] = 0x03;   /* a compressed point's prefix, 65 bytes */
    CHECK_STATUS(pms(k, 65, out, 32), PSA_ERROR_INVALID_ARGUMENT);
    k[0] = 0x06;   /* hybrid */
    CHECK_STATUS(pms(k, 65, out, 32), PSA_ERROR_INVALID_ARGUMENT);
    k[0] = 0x04;

    /* Output lengths: 32 in one call. */
    CHECK_STATUS(pms(k, 65, out, 16), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pms(k, 65, out, 31), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pms(k, 65, out, 33), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k, 65),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_ERROR_BAD_STATE);   /* error */
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k, 65),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 32), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_SUCCESS);   /* still valid */
    CHECK(cap == 0);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* Steps: SECRET only, once, before output. */
    for (i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
        CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, others[i], k, 65),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 32), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k, 65),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, k, 65),
                 PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_SECRET, 1),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* Compatible key type: DERIVE. */
    raw = import(PSA_KEY_TYPE_RAW_DATA, k, 65);
    CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, raw),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    psa_destroy_key(raw);

#if PSA_WANT_ALG_ECDH
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, ALG)),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &cap), PSA_ERROR_BAD_STATE);   /* inactive */
#endif
}

int main(void)
{
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_generator();
    test_random_points();
    test_statuses();
    return test_report("kdf_ecjpake");
}
#endif
