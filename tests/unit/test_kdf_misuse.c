/*
 * test_kdf_misuse.c -- the PSA Crypto API 1.2 key derivation rules (sec.
 * 10.6, 10.9) with HKDF: every misuse the spec names gets its status, and
 * the operation is left in the state the spec says:
 *  - setup: bad algorithms (INVALID_ARGUMENT / NOT_SUPPORTED) leave it
 *    inactive; setup on an active operation is BAD_STATE and leaves it
 *    as it was (10.6.3 setup: "the operation object is unchanged");
 *  - step order (SALT after SECRET, repeated steps, inputs after output,
 *    output before SECRET/INFO): BAD_STATE; steps the algorithm does not
 *    have (INFO in HKDF_EXTRACT, SALT in HKDF_EXPAND, LABEL, COST via
 *    input_integer, SECRET bytes in a key agreement): INVALID_ARGUMENT;
 *  - after any other error (INVALID_SIGNATURE included, appendix E.1.2)
 *    the operation is in the error state: BAD_STATE until abort, after
 *    which it can be set up again;
 *  - capacity: defaults, set_capacity may only lower it (a higher one is
 *    INVALID_ARGUMENT and no error state), exceeding it is
 *    INSUFFICIENT_DATA with the capacity dropped to 0 (no error state);
 *  - keys: input_key needs DERIVE (or VERIFY_DERIVATION, which then forbids
 *    output), the permitted algorithm, a DERIVE key for SECRET and RAW_DATA
 *    for the others; output_key needs the secret from a key, a supported
 *    type and size; verify_bytes / verify_key (secret from bytes too);
 * The whole state machine, table-driven, is test_kdf_state.c.
 *  - key agreement inside the derivation (X25519 + HKDF), its policy rules.
 */
#include <psa/crypto.h>

#include <stdlib.h>
#include <string.h>

#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HKDF || !PSA_WANT_ALG_HKDF_EXTRACT || !PSA_WANT_ALG_HKDF_EXPAND || \
    !PSA_WANT_ALG_SHA_256
int main(void)
{
    return test_skip("kdf_misuse", "HKDF or SHA-256 is configured out");
}
#else

#define HKDF256 PSA_ALG_HKDF(PSA_ALG_SHA_256)
#define SALT PSA_KEY_DERIVATION_INPUT_SALT
#define SECRET PSA_KEY_DERIVATION_INPUT_SECRET
#define INFO PSA_KEY_DERIVATION_INPUT_INFO

static const uint8_t ikm[22] = {0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b,
                                0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b};
static const uint8_t salt[13] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const uint8_t info[10] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9};
/* RFC 5869 A.1 OKM (42 bytes). */
static const uint8_t okm[42] = {
    0x3c, 0xb2, 0x5f, 0x25, 0xfa, 0xac, 0xd5, 0x7a, 0x90, 0x43, 0x4f, 0x64, 0xd0, 0x36,
    0x2f, 0x2a, 0x2d, 0x2d, 0x0a, 0x90, 0xcf, 0x1a, 0x5a, 0x4c, 0x5d, 0xb0, 0x2d, 0x56,
    0xec, 0xc4, 0xc5, 0xbf, 0x34, 0x00, 0x72, 0x08, 0xd5, 0xb8, 0x87, 0x18, 0x58, 0x65};

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

/* The operation is in the error state: every call but abort is BAD_STATE. */
static void check_error_state(psa_key_derivation_operation_t *op)
{
    uint8_t out[4];
    size_t capacity = 1;
    CHECK_STATUS(psa_key_derivation_get_capacity(op, &capacity), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_set_capacity(op, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, INFO, info, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_output_bytes(op, out, sizeof(out)), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_verify_bytes(op, out, sizeof(out)), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_setup(op, HKDF256), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_abort(op), PSA_SUCCESS);
    /* Aborted: usable again. */
    CHECK_STATUS(psa_key_derivation_setup(op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(op), PSA_SUCCESS);
}

static void full_inputs(psa_key_derivation_operation_t *op)
{
    CHECK_STATUS(psa_key_derivation_setup(op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, SECRET, ikm, sizeof(ikm)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, INFO, info, sizeof(info)), PSA_SUCCESS);
}

/* As full_inputs with the secret from a DERIVE key. */
static void key_inputs(psa_key_derivation_operation_t *op, psa_key_id_t secret)
{
    CHECK_STATUS(psa_key_derivation_setup(op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(op, INFO, info, sizeof(info)), PSA_SUCCESS);
}

static void test_setup(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    size_t capacity = 0;

    /* Not a key derivation (inactive afterwards: a valid setup works). */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SHA_256), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_ECDH), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HMAC(PSA_ALG_SHA_256)),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_setup(NULL, HKDF256), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF(PSA_ALG_ANY_HASH)),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Known but not built. */
#if PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_TLS12_ECJPAKE_TO_PMS), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);   /* test_kdf_ecjpake */
#else
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_TLS12_ECJPAKE_TO_PMS),
                 PSA_ERROR_NOT_SUPPORTED);
#endif
#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_PBKDF2_AES_CMAC_PRF_128), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);   /* test_pbkdf2_cmac */
#else
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_PBKDF2_AES_CMAC_PRF_128),
                 PSA_ERROR_NOT_SUPPORTED);
#endif
#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);   /* test_sp800_108_cmac */
#else
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_SP800_108_COUNTER_CMAC),
                 PSA_ERROR_NOT_SUPPORTED);
#endif
    /* The TLS 1.2 PRF with a hash RFC 5246 does not name (10.6.1). */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_TLS12_PRF(PSA_ALG_SHA_512)),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF(PSA_ALG_SM3)),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_KEY_AGREEMENT(PSA_ALG_FFDH, HKDF256)),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_ERROR_BAD_STATE);

    /* Capacities (RFC 5869 limits; 10.6.3 get_capacity). */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
    CHECK(capacity == 255u * 32u);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, NULL), PSA_ERROR_INVALID_ARGUMENT);
    /* Setup on an active operation: BAD_STATE, the operation unchanged
     * (10.6.3 setup; until eabf8a5 it entered the error state). */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
    CHECK(capacity == 255u * 32u);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    if (test_hash_built(PSA_ALG_SHA_512)) {
        CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_512)),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
        CHECK(capacity == 64u);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    } else {   /* configs/cnsa_node.h: SHA-384 without SHA-512 */
        CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_512)),
                     PSA_ERROR_NOT_SUPPORTED);
    }
    if (test_hash_built(PSA_ALG_SHA_384)) {
        CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF_EXPAND(PSA_ALG_SHA_384)),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
        CHECK(capacity == 255u * 48u);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
}

static void test_step_order(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    uint8_t out[42];

    /* SALT after SECRET. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, ikm, sizeof(ikm)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)),
                 PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    /* SALT twice. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)),
                 PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    /* SECRET twice. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, ikm, sizeof(ikm)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, ikm, sizeof(ikm)),
                 PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    /* INFO twice. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)),
                 PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    /* Output before SECRET, and before INFO. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, ikm, sizeof(ikm)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    /* Inputs after output. */
    full_inputs(&op);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 10), PSA_SUCCESS);
    CHECK_MEM(out, okm, 10);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, 1), PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    /* The error state wipes nothing the caller sees, and an output
     * buffer of a failed call is wiped. */
    memset(out, 0x5a, sizeof(out));
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 8), PSA_ERROR_BAD_STATE);
    {
        static const uint8_t zero[8];
        CHECK_MEM(out, zero, 8);
    }
    /* Steps the algorithm does not have. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256)),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF_EXPAND(PSA_ALG_SHA_256)),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_LABEL, info, 3),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_integer(&op, PSA_KEY_DERIVATION_INPUT_COST, 1000),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, NULL, 3), PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    /* Too long an info for this build. */
    {
        static uint8_t long_info[PICOPSA_HKDF_MAX_INFO_BYTES + 1];
        CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, long_info, sizeof(long_info)),
                     PSA_ERROR_INSUFFICIENT_MEMORY);
        check_error_state(&op);
        CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, long_info, sizeof(long_info) - 1),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    /* Inactive operation: BAD_STATE, nothing else. */
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, ikm, 3), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 3), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
}

static void test_capacity(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    uint8_t out[42];
    size_t capacity = 0;

    full_inputs(&op);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 42), PSA_SUCCESS);
    /* Higher: INVALID_ARGUMENT, "the operation object remains valid and its
     * capacity remains unchanged" (10.6.3; until eabf8a5 the error state). */
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 43), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
    CHECK(capacity == 42);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 42), PSA_SUCCESS);
    CHECK_MEM(out, okm, 42);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    full_inputs(&op);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 42), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 40), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
    CHECK(capacity == 2);
    /* More than the capacity: INSUFFICIENT_DATA, capacity 0, no output,
     * and the operation is not in the error state. */
    memset(out, 0x33, sizeof(out));
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 3), PSA_ERROR_INSUFFICIENT_DATA);
    {
        static const uint8_t zero[3];
        CHECK_MEM(out, zero, 3);
    }
    CHECK_STATUS(psa_key_derivation_get_capacity(&op, &capacity), PSA_SUCCESS);
    CHECK(capacity == 0);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 0), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* The whole capacity in one go and then nothing. */
    full_inputs(&op);
    {
        uint8_t *all = malloc(255u * 32u);
        CHECK(all != NULL);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, all, 255u * 32u), PSA_SUCCESS);
        CHECK_MEM(all, okm, 42);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_INSUFFICIENT_DATA);
        free(all);
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* verify_bytes: match, mismatch (error state), and too long. */
    full_inputs(&op);
    CHECK_STATUS(psa_key_derivation_verify_bytes(&op, okm, 20), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 22), PSA_SUCCESS);
    CHECK_MEM(out, okm + 20, 22);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    full_inputs(&op);
    memcpy(out, okm, 42);
    out[20] ^= 1;
    CHECK_STATUS(psa_key_derivation_verify_bytes(&op, out, 21), PSA_ERROR_INVALID_SIGNATURE);
    /* A mismatch is an error like any other: the error state (10.6.3
     * verify_bytes; 1.2.0 removed the special treatment of
     * INVALID_SIGNATURE, appendix E.1.2; until eabf8a5 it stayed active). */
    check_error_state(&op);
    full_inputs(&op);
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 10), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_verify_bytes(&op, okm, 11), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
}

static void test_keys(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t secret, derived = 1, other;
    uint8_t out[64];
    size_t len = 0;

    secret = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, HKDF256, ikm, sizeof(ikm));
    /* input_key + output_key: the same bytes as output_bytes. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RAW_DATA);
    psa_set_key_bits(&attr, 16 * 8);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 16);
    CHECK_MEM(out, okm, 16);
    CHECK_STATUS(psa_destroy_key(derived), PSA_SUCCESS);
    /* HMAC and DERIVE keys next, then the rest as bytes. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
    psa_set_key_bits(&attr, 8 * 8);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 8);
    CHECK_MEM(out, okm + 16, 8);
    CHECK_STATUS(psa_destroy_key(derived), PSA_SUCCESS);
    /* Sizes: 0 bits, not whole bytes, public key types, unsupported. */
    psa_set_key_bits(&attr, 0);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(derived == PSA_KEY_ID_NULL);
    check_error_state(&op);

    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_bits(&attr, 12);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY));
    psa_set_key_bits(&attr, 255);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, 2048);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_NOT_SUPPORTED);
    check_error_state(&op);
    /* Custom production parameters: none are defined for these types. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_bits(&attr, 128);
    {
        psa_custom_key_parameters_t custom = PSA_CUSTOM_KEY_PARAMETERS_INIT;
        custom.flags = 1;
        CHECK_STATUS(psa_key_derivation_output_key_custom(&attr, &op, &custom, NULL, 0, &derived),
                     PSA_ERROR_INVALID_ARGUMENT);
    }
    check_error_state(&op);
#if PSA_WANT_ECC_MONTGOMERY_255
    /* An X25519 pair: its private key is the next 32 bytes. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY));
    psa_set_key_bits(&attr, 255);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, okm, 32);
    CHECK_STATUS(psa_destroy_key(derived), PSA_SUCCESS);
    /* Only 10 bytes left: INSUFFICIENT_DATA, no key. */
    CHECK_STATUS(psa_key_derivation_set_capacity(&op, 10), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived),
                 PSA_ERROR_INSUFFICIENT_DATA);
    CHECK(derived == PSA_KEY_ID_NULL);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
#endif

    /* Symmetric cipher keys (10.6.3: bits/8 bytes of the stream, as
     * output_bytes + psa_import_key): AES-128 and -256 are the stream's
     * next bytes; AES-64 is refused by the import (INVALID_ARGUMENT), a
     * size that is not whole bytes before anything is drawn. */
#if PSA_WANT_KEY_TYPE_AES
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 16);
    CHECK_MEM(out, okm, 16);
    CHECK_STATUS(psa_destroy_key(derived), PSA_SUCCESS);
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, okm + 16, 26);   /* the vector's 42 bytes end here */
    CHECK_STATUS(psa_destroy_key(derived), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_bits(&attr, 64);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(derived == PSA_KEY_ID_NULL);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, secret), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    psa_set_key_bits(&attr, 0);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
#endif

    /* output_key from a secret given as bytes: NOT_PERMITTED. */
    full_inputs(&op);
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_bits(&attr, 128);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_ERROR_NOT_PERMITTED);
    check_error_state(&op);

    /* input_key policy: usage, algorithm, key type per step. */
    other = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_EXPORT, HKDF256, ikm, sizeof(ikm));
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, other), PSA_ERROR_NOT_PERMITTED);
    check_error_state(&op);
    CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);
    other = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, PSA_ALG_HKDF(PSA_ALG_SHA_512), ikm,
                   sizeof(ikm));
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, other), PSA_ERROR_NOT_PERMITTED);
    check_error_state(&op);
    CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);
    other = import(PSA_KEY_TYPE_RAW_DATA, PSA_KEY_USAGE_DERIVE, HKDF256, ikm, sizeof(ikm));
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, other), PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    /* A RAW_DATA key as SALT and INFO is fine; a DERIVE key there is not. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SALT, other), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, INFO, secret), PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, 0x777), PSA_ERROR_INVALID_HANDLE);
    check_error_state(&op);

    /* VERIFY_DERIVATION only: verification yes, output no. */
    other = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_VERIFY_DERIVATION, HKDF256, ikm,
                   sizeof(ikm));
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_key(&op, SECRET, other), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_verify_bytes(&op, okm, 16), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_ERROR_NOT_PERMITTED);
    check_error_state(&op);
    CHECK_STATUS(psa_destroy_key(other), PSA_SUCCESS);

    /* verify_key: a PASSWORD_HASH key with VERIFY_DERIVATION and the
     * operation's algorithm (10.6.3 verify_key). */
    {
        psa_key_id_t expected = import(PSA_KEY_TYPE_PASSWORD_HASH,
                                       PSA_KEY_USAGE_VERIFY_DERIVATION, HKDF256, okm, 32);
        psa_key_id_t no_usage = import(PSA_KEY_TYPE_PASSWORD_HASH, PSA_KEY_USAGE_EXPORT, HKDF256,
                                       okm, 32);
        psa_key_id_t raw = import(PSA_KEY_TYPE_RAW_DATA, PSA_KEY_USAGE_VERIFY_DERIVATION, HKDF256,
                                  okm, 32);
        key_inputs(&op, secret);
        CHECK_STATUS(psa_key_derivation_verify_key(&op, expected), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        key_inputs(&op, secret);
        CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, 1), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_verify_key(&op, expected), PSA_ERROR_INVALID_SIGNATURE);
        /* the error state after a mismatch (appendix E.1.2) */
        check_error_state(&op);
        key_inputs(&op, secret);
        CHECK_STATUS(psa_key_derivation_verify_key(&op, no_usage), PSA_ERROR_NOT_PERMITTED);
        check_error_state(&op);
        key_inputs(&op, secret);
        CHECK_STATUS(psa_key_derivation_verify_key(&op, raw), PSA_ERROR_INVALID_ARGUMENT);
        check_error_state(&op);
        /* Secret as bytes: verify_key works "under the same conditions as
         * psa_key_derivation_verify_bytes()" (10.6.3, the note under
         * input_key; until eabf8a5 NOT_PERMITTED). */
        full_inputs(&op);
        CHECK_STATUS(psa_key_derivation_verify_key(&op, expected), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_verify_bytes(&op, okm + 32, 10), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(expected), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(no_usage), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(raw), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_destroy_key(secret), PSA_SUCCESS);
}

#if PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH
/* X25519 + HKDF: the agreement's secret feeds HKDF as SECRET. */
static void test_key_agreement(void)
{
    static const uint8_t a_sk[32] = {
        0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
        0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
    static const uint8_t b_pk[32] = {
        0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
        0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};
    const psa_algorithm_t ka = PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, HKDF256);
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    uint8_t shared[32], want[42], out[42];
    size_t len = 0;
    psa_key_id_t raw_key, alice, derived = 0, no_derive;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;

    /* The expected output: HKDF over the raw agreement. */
    raw_key = import(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), PSA_KEY_USAGE_DERIVE,
                     PSA_ALG_ECDH, a_sk, 32);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, raw_key, b_pk, 32, shared, 32, &len),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, shared, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, want, sizeof(want)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* A raw-ECDH policy permits ECDH with any KDF (spec 9.5.3). */
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, raw_key, b_pk, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_output_bytes(&op, out, sizeof(out)), PSA_SUCCESS);
    CHECK_MEM(out, want, sizeof(want));
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    alice = import(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), PSA_KEY_USAGE_DERIVE, ka,
                   a_sk, 32);
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SALT, salt, sizeof(salt)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, INFO, info, sizeof(info)), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, b_pk, 32), PSA_SUCCESS);
    /* A secret from an agreement may become a key. */
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_bits(&attr, 42 * 8);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_EXPORT);
    CHECK_STATUS(psa_key_derivation_output_key(&attr, &op, &derived), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(derived, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK_MEM(out, want, sizeof(want));
    CHECK_STATUS(psa_destroy_key(derived), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* Misuse: SECRET as bytes in an agreement, the agreement twice, a
     * step other than SECRET, an operation without agreement, a key whose
     * policy is another KDF, no DERIVE usage, a bad peer key. */
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, SECRET, shared, 32),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, b_pk, 32), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, b_pk, 32),
                 PSA_ERROR_BAD_STATE);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SALT, alice, b_pk, 32),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, b_pk, 32),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH,
                                                                     PSA_ALG_HKDF(PSA_ALG_SHA_512))),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, b_pk, 32),
                 PSA_ERROR_NOT_PERMITTED);
    check_error_state(&op);
    no_derive = import(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY), PSA_KEY_USAGE_EXPORT,
                       ka, a_sk, 32);
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, no_derive, b_pk, 32),
                 PSA_ERROR_NOT_PERMITTED);
    check_error_state(&op);
    CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, b_pk, 31),
                 PSA_ERROR_INVALID_ARGUMENT);
    check_error_state(&op);
    {
        static const uint8_t low_order[32] = {0};   /* u = 0: the all-zero secret */
        CHECK_STATUS(psa_key_derivation_setup(&op, ka), PSA_SUCCESS);
        CHECK_STATUS(psa_key_derivation_key_agreement(&op, SECRET, alice, low_order, 32),
                     PSA_ERROR_INVALID_ARGUMENT);
        check_error_state(&op);
    }
    /* Raw ECDH is not a derivation. */
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_ECDH), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(no_derive), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(alice), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(raw_key), PSA_SUCCESS);
}
#endif

int main(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    test_rng_seed(0x10060);
    /* Before psa_crypto_init: BAD_STATE; abort works. */
    CHECK_STATUS(psa_key_derivation_setup(&op, HKDF256), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_setup();
    test_step_order();
    test_capacity();
    test_keys();
#if PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH
    test_key_agreement();
#endif
    return test_report("kdf_misuse");
}
#endif
