/*
 * psa_not_supported.c -- the parts of Crypto API 1.2 that picopsa does not
 * build: unauthenticated ciphers (10.4) and AEAD (10.5) when none is
 * configured, key derivation (10.6) when no KDF (HKDF, PBKDF2, the TLS 1.2
 * PRFs, SP 800-108) is configured, key agreement (10.9) without
 * PSA_WANT_ALG_ECDH, and PAKE (PAKE extension 1.2).
 *
 * Layout: one section per API chapter, a banner with the chapter number
 * and an `#if PP_NS_<CHAPTER>` block (its `#endif` names the macro), switched
 * on by its line in the list below (1: always stubbed; an expression: stubbed when that mechanism is
 * configured out). The issue that implements a chapter deletes its
 * section and its line; the helpers are guarded by the sections that use
 * them, so they go with the last user. docs/api-support.md is checked
 * against these sections (tools/structure/check_api_support.py, ctest
 * api_support): a function of an always-stubbed section must be listed
 * under a NOT_SUPPORTED heading there, and nothing else may be.
 *
 * Each function still behaves like the API: BAD_STATE before
 * psa_crypto_init, INVALID_ARGUMENT for NULL buffers with a length or an
 * algorithm of the wrong category, INVALID_HANDLE for a key id that does
 * not exist, BAD_STATE for calls on an operation that was never set up
 * (none can be), and only then PSA_ERROR_NOT_SUPPORTED. Outputs are wiped.
 */
#include "core/pp_core.h"
#include "core/pp_derivation.h"
#include "cipher/cipher.h"   /* PP_CIPHER_BUILT */
#include "aead/aead.h"       /* PP_AEAD_BUILT */

#include <string.h>

#define BUFFER_IS_BAD(ptr, len) ((ptr) == NULL && (len) != 0)

/* The stubbed chapters. */
#define PP_NS_CIPHER (!PP_CIPHER_BUILT)         /* 10.4 Unauthenticated ciphers, none built */
#define PP_NS_AEAD (!PP_AEAD_BUILT)             /* 10.5 AEAD, none built */
#define PP_NS_KEY_DERIVATION (!PP_KDF_BUILT)    /* 10.6 Key derivation, no KDF built */
#define PP_NS_KEY_AGREEMENT (!PSA_WANT_ALG_ECDH) /* 10.9 Key agreement, no ECDH built */
#define PP_NS_KEY_AGREEMENT_STEP (!PP_KDF_BUILT) /* 10.9 psa_key_derivation_key_agreement */
#define PP_NS_KEY_ENCAPSULATION (!PSA_WANT_ALG_ML_KEM) /* 10.10 (Crypto API 1.3), no ML-KEM */
#define PP_NS_PAKE 1                            /* PAKE extension 1.2 */

/* ===== helpers (each built while a section uses it) ================= */

#if PP_NS_CIPHER || PP_NS_AEAD || PP_NS_KEY_AGREEMENT || PP_NS_KEY_ENCAPSULATION || PP_NS_PAKE
/* Common tail: the key must exist, then the mechanism is not built. */
static psa_status_t key_exists_then_not_supported(psa_key_id_t key)
{
    pp_key_slot *slot;
    psa_status_t status = pp_slot_get(key, &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_slot_unlock(slot);
    return PSA_ERROR_NOT_SUPPORTED;
}
#endif

#if PP_NS_CIPHER || PP_NS_AEAD || PP_NS_KEY_AGREEMENT
/* One-shot functions with a key, an algorithm, an input and an output. */
static psa_status_t one_shot(psa_key_id_t key, int alg_ok, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS && (output_length == NULL || BUFFER_IS_BAD(input, input_length) ||
                                  BUFFER_IS_BAD(output, output_size) || !alg_ok)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = key_exists_then_not_supported(key);
    }
    return pp_fail_output(status, output, output_size, output_length);
}
#endif

#if PP_NS_CIPHER || PP_NS_AEAD || PP_NS_PAKE
/* Setup of an operation that would use a key. */
static psa_status_t keyed_setup(psa_algorithm_t *operation_alg, psa_key_id_t key, int alg_ok)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (*operation_alg != 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (!alg_ok) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return key_exists_then_not_supported(key);
}
#endif

#if PP_NS_CIPHER || PP_NS_AEAD || PP_NS_KEY_DERIVATION || PP_NS_KEY_AGREEMENT_STEP || PP_NS_PAKE
/* Any step of an operation: setup never succeeds, so it is inactive. */
static psa_status_t inactive_step(int args_ok)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    return args_ok ? PSA_ERROR_BAD_STATE : PSA_ERROR_INVALID_ARGUMENT;
}
#endif

/* ===== 10.4 Unauthenticated ciphers ================================ */
#if PP_NS_CIPHER

psa_status_t psa_cipher_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length)
{
    return one_shot(key, PSA_ALG_IS_CIPHER(alg), input, input_length, output, output_size,
                    output_length);
}

psa_status_t psa_cipher_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length)
{
    return one_shot(key, PSA_ALG_IS_CIPHER(alg), input, input_length, output, output_size,
                    output_length);
}

psa_cipher_operation_t psa_cipher_operation_init(void)
{
    psa_cipher_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_cipher_encrypt_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                      psa_algorithm_t alg)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return keyed_setup(&operation->alg, key, PSA_ALG_IS_CIPHER(alg));
}

psa_status_t psa_cipher_decrypt_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                      psa_algorithm_t alg)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return keyed_setup(&operation->alg, key, PSA_ALG_IS_CIPHER(alg));
}

psa_status_t psa_cipher_generate_iv(psa_cipher_operation_t *operation, uint8_t *iv,
                                    size_t iv_size, size_t *iv_length)
{
    return pp_fail_output(inactive_step(operation != NULL && iv_length != NULL &&
                                        !BUFFER_IS_BAD(iv, iv_size)),
                          iv, iv_size, iv_length);
}

psa_status_t psa_cipher_set_iv(psa_cipher_operation_t *operation, const uint8_t *iv,
                               size_t iv_length)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(iv, iv_length));
}

psa_status_t psa_cipher_update(psa_cipher_operation_t *operation, const uint8_t *input,
                               size_t input_length, uint8_t *output, size_t output_size,
                               size_t *output_length)
{
    return pp_fail_output(inactive_step(operation != NULL && output_length != NULL &&
                                        !BUFFER_IS_BAD(input, input_length) &&
                                        !BUFFER_IS_BAD(output, output_size)),
                          output, output_size, output_length);
}

psa_status_t psa_cipher_finish(psa_cipher_operation_t *operation, uint8_t *output,
                               size_t output_size, size_t *output_length)
{
    return pp_fail_output(inactive_step(operation != NULL && output_length != NULL &&
                                        !BUFFER_IS_BAD(output, output_size)),
                          output, output_size, output_length);
}

psa_status_t psa_cipher_abort(psa_cipher_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(operation, 0, sizeof(*operation));
    return PSA_SUCCESS;
}

#endif /* PP_NS_CIPHER */

/* ===== 10.5 AEAD =================================================== */
#if PP_NS_AEAD

psa_status_t psa_aead_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *plaintext,
                              size_t plaintext_length, uint8_t *ciphertext,
                              size_t ciphertext_size, size_t *ciphertext_length)
{
    int ok = PSA_ALG_IS_AEAD(alg) && !BUFFER_IS_BAD(nonce, nonce_length) &&
             !BUFFER_IS_BAD(additional_data, additional_data_length);
    return one_shot(key, ok, plaintext, plaintext_length, ciphertext, ciphertext_size,
                    ciphertext_length);
}

psa_status_t psa_aead_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *ciphertext,
                              size_t ciphertext_length, uint8_t *plaintext,
                              size_t plaintext_size, size_t *plaintext_length)
{
    int ok = PSA_ALG_IS_AEAD(alg) && !BUFFER_IS_BAD(nonce, nonce_length) &&
             !BUFFER_IS_BAD(additional_data, additional_data_length);
    return one_shot(key, ok, ciphertext, ciphertext_length, plaintext, plaintext_size,
                    plaintext_length);
}

psa_aead_operation_t psa_aead_operation_init(void)
{
    psa_aead_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_aead_encrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return keyed_setup(&operation->alg, key, PSA_ALG_IS_AEAD(alg));
}

psa_status_t psa_aead_decrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return keyed_setup(&operation->alg, key, PSA_ALG_IS_AEAD(alg));
}

psa_status_t psa_aead_set_lengths(psa_aead_operation_t *operation, size_t ad_length,
                                  size_t plaintext_length)
{
    (void)ad_length;
    (void)plaintext_length;
    return inactive_step(operation != NULL);
}

psa_status_t psa_aead_generate_nonce(psa_aead_operation_t *operation, uint8_t *nonce,
                                     size_t nonce_size, size_t *nonce_length)
{
    return pp_fail_output(inactive_step(operation != NULL && nonce_length != NULL &&
                                        !BUFFER_IS_BAD(nonce, nonce_size)),
                          nonce, nonce_size, nonce_length);
}

psa_status_t psa_aead_set_nonce(psa_aead_operation_t *operation, const uint8_t *nonce,
                                size_t nonce_length)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(nonce, nonce_length));
}

psa_status_t psa_aead_update_ad(psa_aead_operation_t *operation, const uint8_t *input,
                                size_t input_length)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(input, input_length));
}

psa_status_t psa_aead_update(psa_aead_operation_t *operation, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length)
{
    return pp_fail_output(inactive_step(operation != NULL && output_length != NULL &&
                                        !BUFFER_IS_BAD(input, input_length) &&
                                        !BUFFER_IS_BAD(output, output_size)),
                          output, output_size, output_length);
}

psa_status_t psa_aead_finish(psa_aead_operation_t *operation, uint8_t *ciphertext,
                             size_t ciphertext_size, size_t *ciphertext_length, uint8_t *tag,
                             size_t tag_size, size_t *tag_length)
{
    psa_status_t status = inactive_step(operation != NULL && ciphertext_length != NULL &&
                                        tag_length != NULL &&
                                        !BUFFER_IS_BAD(ciphertext, ciphertext_size) &&
                                        !BUFFER_IS_BAD(tag, tag_size));
    pp_fail_output(status, tag, tag_size, tag_length);
    return pp_fail_output(status, ciphertext, ciphertext_size, ciphertext_length);
}

psa_status_t psa_aead_verify(psa_aead_operation_t *operation, uint8_t *plaintext,
                             size_t plaintext_size, size_t *plaintext_length,
                             const uint8_t *tag, size_t tag_length)
{
    return pp_fail_output(inactive_step(operation != NULL && plaintext_length != NULL &&
                                        !BUFFER_IS_BAD(plaintext, plaintext_size) &&
                                        !BUFFER_IS_BAD(tag, tag_length)),
                          plaintext, plaintext_size, plaintext_length);
}

psa_status_t psa_aead_abort(psa_aead_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(operation, 0, sizeof(*operation));
    return PSA_SUCCESS;
}

#endif /* PP_NS_AEAD */

/* ===== 10.6 Key derivation ========================================= */
#if PP_NS_KEY_DERIVATION

psa_key_derivation_operation_t psa_key_derivation_operation_init(void)
{
    psa_key_derivation_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_key_derivation_setup(psa_key_derivation_operation_t *operation,
                                      psa_algorithm_t alg)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (operation->alg != 0) {
        return PSA_ERROR_BAD_STATE;
    }
    if (!PSA_ALG_IS_KEY_DERIVATION(alg) && !PSA_ALG_IS_KEY_AGREEMENT(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t psa_key_derivation_get_capacity(const psa_key_derivation_operation_t *operation,
                                             size_t *capacity)
{
    if (capacity != NULL) {
        *capacity = 0;
    }
    return inactive_step(operation != NULL && capacity != NULL);
}

psa_status_t psa_key_derivation_set_capacity(psa_key_derivation_operation_t *operation,
                                             size_t capacity)
{
    (void)capacity;
    return inactive_step(operation != NULL);
}

psa_status_t psa_key_derivation_input_bytes(psa_key_derivation_operation_t *operation,
                                            psa_key_derivation_step_t step,
                                            const uint8_t *data, size_t data_length)
{
    (void)step;
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(data, data_length));
}

psa_status_t psa_key_derivation_input_integer(psa_key_derivation_operation_t *operation,
                                              psa_key_derivation_step_t step, uint64_t value)
{
    (void)step;
    (void)value;
    return inactive_step(operation != NULL);
}

psa_status_t psa_key_derivation_input_key(psa_key_derivation_operation_t *operation,
                                          psa_key_derivation_step_t step, psa_key_id_t key)
{
    (void)step;
    (void)key;
    return inactive_step(operation != NULL);
}

psa_status_t psa_key_derivation_output_bytes(psa_key_derivation_operation_t *operation,
                                             uint8_t *output, size_t output_length)
{
    return pp_fail_output(inactive_step(operation != NULL &&
                                        !BUFFER_IS_BAD(output, output_length)),
                          output, output_length, NULL);
}

psa_status_t psa_key_derivation_output_key(const psa_key_attributes_t *attributes,
                                           psa_key_derivation_operation_t *operation,
                                           psa_key_id_t *key)
{
    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    return inactive_step(attributes != NULL && operation != NULL && key != NULL);
}

psa_status_t psa_key_derivation_output_key_custom(const psa_key_attributes_t *attributes,
                                                  psa_key_derivation_operation_t *operation,
                                                  const psa_custom_key_parameters_t *custom,
                                                  const uint8_t *custom_data,
                                                  size_t custom_data_length,
                                                  psa_key_id_t *key)
{
    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    return inactive_step(attributes != NULL && operation != NULL && custom != NULL &&
                         key != NULL && !BUFFER_IS_BAD(custom_data, custom_data_length));
}

psa_status_t psa_key_derivation_verify_bytes(psa_key_derivation_operation_t *operation,
                                             const uint8_t *expected_output,
                                             size_t output_length)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(expected_output, output_length));
}

psa_status_t psa_key_derivation_verify_key(psa_key_derivation_operation_t *operation,
                                           psa_key_id_t expected)
{
    (void)expected;
    return inactive_step(operation != NULL);
}

psa_status_t psa_key_derivation_abort(psa_key_derivation_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(operation, 0, sizeof(*operation));
    return PSA_SUCCESS;
}

#endif /* PP_NS_KEY_DERIVATION */

/* ===== 10.9 Key agreement ========================================== */
#if PP_NS_KEY_AGREEMENT

psa_status_t psa_key_agreement(psa_key_id_t private_key, const uint8_t *peer_key,
                               size_t peer_key_length, psa_algorithm_t alg,
                               const psa_key_attributes_t *attributes, psa_key_id_t *key)
{
    psa_status_t status = pp_core_check_initialized();
    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (attributes == NULL || key == NULL || BUFFER_IS_BAD(peer_key, peer_key_length) ||
        !PSA_ALG_IS_KEY_AGREEMENT(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return key_exists_then_not_supported(private_key);
}

psa_status_t psa_raw_key_agreement(psa_algorithm_t alg, psa_key_id_t private_key,
                                   const uint8_t *peer_key, size_t peer_key_length,
                                   uint8_t *output, size_t output_size, size_t *output_length)
{
    return one_shot(private_key, PSA_ALG_IS_RAW_KEY_AGREEMENT(alg), peer_key, peer_key_length,
                    output, output_size, output_length);
}

#endif /* PP_NS_KEY_AGREEMENT */

/* ===== 10.9 Key agreement: the key derivation step ================= */
#if PP_NS_KEY_AGREEMENT_STEP

psa_status_t psa_key_derivation_key_agreement(psa_key_derivation_operation_t *operation,
                                              psa_key_derivation_step_t step,
                                              psa_key_id_t private_key, const uint8_t *peer_key,
                                              size_t peer_key_length)
{
    (void)step;
    (void)private_key;
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(peer_key, peer_key_length));
}

#endif /* PP_NS_KEY_AGREEMENT_STEP */

/* ===== 10.10 Key encapsulation (Crypto API 1.3) ==================== */
#if PP_NS_KEY_ENCAPSULATION

psa_status_t psa_encapsulate(psa_key_id_t key, psa_algorithm_t alg,
                             const psa_key_attributes_t *attributes, psa_key_id_t *output_key,
                             uint8_t *ciphertext, size_t ciphertext_size,
                             size_t *ciphertext_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (output_key != NULL) {
        *output_key = PSA_KEY_ID_NULL;
    }
    if (status == PSA_SUCCESS &&
        (attributes == NULL || output_key == NULL || ciphertext_length == NULL ||
         BUFFER_IS_BAD(ciphertext, ciphertext_size) || !PSA_ALG_IS_KEY_ENCAPSULATION(alg))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = key_exists_then_not_supported(key);
    }
    if (ciphertext_length == NULL) {
        return status;
    }
    return pp_fail_output(status, ciphertext, ciphertext_size, ciphertext_length);
}

psa_status_t psa_decapsulate(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *ciphertext,
                             size_t ciphertext_length, const psa_key_attributes_t *attributes,
                             psa_key_id_t *output_key)
{
    psa_status_t status = pp_core_check_initialized();
    if (output_key != NULL) {
        *output_key = PSA_KEY_ID_NULL;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (attributes == NULL || output_key == NULL || BUFFER_IS_BAD(ciphertext, ciphertext_length) ||
        !PSA_ALG_IS_KEY_ENCAPSULATION(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return key_exists_then_not_supported(key);
}

#endif /* PP_NS_KEY_ENCAPSULATION */

/* ===== PAKE extension 1.2 ========================================== */
#if PP_NS_PAKE

psa_pake_cipher_suite_t psa_pake_cipher_suite_init(void)
{
    psa_pake_cipher_suite_t cipher_suite;
    memset(&cipher_suite, 0, sizeof(cipher_suite));
    return cipher_suite;
}

psa_algorithm_t psa_pake_cs_get_algorithm(const psa_pake_cipher_suite_t *cipher_suite)
{
    return cipher_suite->algorithm;
}

void psa_pake_cs_set_algorithm(psa_pake_cipher_suite_t *cipher_suite, psa_algorithm_t alg)
{
    cipher_suite->algorithm = alg;
}

psa_pake_primitive_t psa_pake_cs_get_primitive(const psa_pake_cipher_suite_t *cipher_suite)
{
    return cipher_suite->primitive;
}

void psa_pake_cs_set_primitive(psa_pake_cipher_suite_t *cipher_suite,
                               psa_pake_primitive_t primitive)
{
    cipher_suite->primitive = primitive;
}

uint32_t psa_pake_cs_get_key_confirmation(const psa_pake_cipher_suite_t *cipher_suite)
{
    return cipher_suite->key_confirmation;
}

void psa_pake_cs_set_key_confirmation(psa_pake_cipher_suite_t *cipher_suite,
                                      uint32_t key_confirmation)
{
    cipher_suite->key_confirmation = key_confirmation;
}

psa_pake_operation_t psa_pake_operation_init(void)
{
    psa_pake_operation_t operation;
    memset(&operation, 0, sizeof(operation));
    return operation;
}

psa_status_t psa_pake_setup(psa_pake_operation_t *operation, psa_key_id_t password_key,
                            const psa_pake_cipher_suite_t *cipher_suite)
{
    if (operation == NULL || cipher_suite == NULL) {
        psa_status_t status = pp_core_check_initialized();
        return status != PSA_SUCCESS ? status : PSA_ERROR_INVALID_ARGUMENT;
    }
    return keyed_setup(&operation->alg, password_key, PSA_ALG_IS_PAKE(cipher_suite->algorithm));
}

psa_status_t psa_pake_set_role(psa_pake_operation_t *operation, psa_pake_role_t role)
{
    (void)role;
    return inactive_step(operation != NULL);
}

psa_status_t psa_pake_set_user(psa_pake_operation_t *operation, const uint8_t *user_id,
                               size_t user_id_len)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(user_id, user_id_len));
}

psa_status_t psa_pake_set_peer(psa_pake_operation_t *operation, const uint8_t *peer_id,
                               size_t peer_id_len)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(peer_id, peer_id_len));
}

psa_status_t psa_pake_set_context(psa_pake_operation_t *operation, const uint8_t *context,
                                  size_t context_len)
{
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(context, context_len));
}

psa_status_t psa_pake_output(psa_pake_operation_t *operation, psa_pake_step_t step,
                             uint8_t *output, size_t output_size, size_t *output_length)
{
    (void)step;
    return pp_fail_output(inactive_step(operation != NULL && output_length != NULL &&
                                        !BUFFER_IS_BAD(output, output_size)),
                          output, output_size, output_length);
}

psa_status_t psa_pake_input(psa_pake_operation_t *operation, psa_pake_step_t step,
                            const uint8_t *input, size_t input_length)
{
    (void)step;
    return inactive_step(operation != NULL && !BUFFER_IS_BAD(input, input_length));
}

psa_status_t psa_pake_get_shared_key(psa_pake_operation_t *operation,
                                     const psa_key_attributes_t *attributes, psa_key_id_t *key)
{
    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    return inactive_step(operation != NULL && attributes != NULL && key != NULL);
}

psa_status_t psa_pake_abort(psa_pake_operation_t *operation)
{
    if (operation == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memset(operation, 0, sizeof(*operation));
    return PSA_SUCCESS;
}

#endif /* PP_NS_PAKE */

/* ISO C needs a declaration in every translation unit, also once every
 * section is gone. */
typedef int pp_not_supported_unused_t;
