/*
 * psa/crypto.h -- PSA Certified Crypto API 1.2 (IHI 0086, issue 1), the
 * picopsa implementation. This is the one header applications include.
 *
 * Contract:
 *  - Declares every function of Crypto API 1.2 and of the 1.2 PAKE
 *    extension (AES 0058), plus psa_generate_key_custom() and
 *    psa_key_derivation_output_key_custom() (Crypto API 1.3; the first
 *    carries the RSA public exponent) and the 1.3 key-encapsulation
 *    functions psa_encapsulate() / psa_decapsulate() (10.10; ML-KEM from
 *    the 1.3 PQC extension). Every declared function links.
 *  - What picopsa builds (see docs/api-support.md): SHA-224/256/384/512,
 *    HMAC, random, Ed25519 (PURE_EDDSA, ED25519PH), RSA (PKCS#1 v1.5, PSS,
 *    OAEP), volatile keys. Everything else validates its arguments and then
 *    returns PSA_ERROR_NOT_SUPPORTED.
 *  - Every function except the *_init() functions, the attribute accessors
 *    and the abort functions returns PSA_ERROR_BAD_STATE before
 *    psa_crypto_init() has succeeded (spec 8.1).
 *  - On error every output buffer is wiped and every *_length output is 0,
 *    with one exception: a bad tag (PSA_ERROR_INVALID_SIGNATURE) in
 *    psa_aead_decrypt() clears the plaintext bytes it wrote and leaves the
 *    rest of the buffer, which it never writes, as it was; psa_aead_verify()
 *    writes no plaintext and leaves its buffer so too. (Clearing the rest
 *    without branching on the verdict would cost every authentic open a
 *    memset of the whole buffer.)
 *  - Threads (PICOPSA_THREADS = 1 in picopsa/config.h, the default on
 *    Linux, through the port's mutex hook): concurrent calls behave as if
 *    made one at a time, except (spec 5.6, "Concurrent calls") one
 *    operation object used by two calls at once, and psa_destroy_key()
 *    overlapping another call on the same key (picopsa then removes the
 *    id at once and wipes the key when the other call ends). With
 *    PICOPSA_THREADS = 0 (the MCU default) calls must be serialised by
 *    the caller.
 *  - fork() (PICOPSA_FORK_DETECT = 1, the default on Linux): a child
 *    reseeds the RNG before its first random byte, so it never repeats
 *    the parent's random output or keys. Keys created before the fork
 *    exist in both processes, as all memory does.
 */
#ifndef PSA_CRYPTO_H
#define PSA_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#include "crypto_types.h"
#include "crypto_values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Library management (spec 8) ================================== */
#define PSA_CRYPTO_API_VERSION_MAJOR 1
#define PSA_CRYPTO_API_VERSION_MINOR 2

psa_status_t psa_crypto_init(void);

/* ===== Structures (spec 9.1, 10.x) =================================== */
typedef struct psa_key_attributes_s psa_key_attributes_t;
typedef struct psa_hash_operation_s psa_hash_operation_t;
typedef struct psa_mac_operation_s psa_mac_operation_t;
typedef struct psa_cipher_operation_s psa_cipher_operation_t;
typedef struct psa_aead_operation_s psa_aead_operation_t;
typedef struct psa_key_derivation_s psa_key_derivation_operation_t;
typedef struct psa_pake_cipher_suite_s psa_pake_cipher_suite_t;
typedef struct psa_pake_operation_s psa_pake_operation_t;
typedef struct psa_custom_key_parameters_s psa_custom_key_parameters_t;

#ifdef __cplusplus
}
#endif

#include "crypto_struct.h"
#include "crypto_sizes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===== Key attributes (spec 9.1) ===================================== */
psa_key_attributes_t psa_key_attributes_init(void);
psa_status_t psa_get_key_attributes(psa_key_id_t key, psa_key_attributes_t *attributes);
void psa_reset_key_attributes(psa_key_attributes_t *attributes);

void psa_set_key_type(psa_key_attributes_t *attributes, psa_key_type_t type);
psa_key_type_t psa_get_key_type(const psa_key_attributes_t *attributes);
void psa_set_key_bits(psa_key_attributes_t *attributes, size_t bits);
size_t psa_get_key_bits(const psa_key_attributes_t *attributes);
void psa_set_key_lifetime(psa_key_attributes_t *attributes, psa_key_lifetime_t lifetime);
psa_key_lifetime_t psa_get_key_lifetime(const psa_key_attributes_t *attributes);
void psa_set_key_id(psa_key_attributes_t *attributes, psa_key_id_t id);
psa_key_id_t psa_get_key_id(const psa_key_attributes_t *attributes);
void psa_set_key_usage_flags(psa_key_attributes_t *attributes, psa_key_usage_t usage_flags);
psa_key_usage_t psa_get_key_usage_flags(const psa_key_attributes_t *attributes);
void psa_set_key_algorithm(psa_key_attributes_t *attributes, psa_algorithm_t alg);
psa_algorithm_t psa_get_key_algorithm(const psa_key_attributes_t *attributes);

/* ===== Key management (spec 9.6) ===================================== */
psa_status_t psa_import_key(const psa_key_attributes_t *attributes,
                            const uint8_t *data, size_t data_length,
                            psa_key_id_t *key);
psa_status_t psa_generate_key(const psa_key_attributes_t *attributes, psa_key_id_t *key);
/* Crypto API 1.3 9.6.4 (extension): custom_data is the RSA public exponent
 * as a big-endian integer (empty = 65537); flags must be 0. */
psa_custom_key_parameters_t psa_custom_key_parameters_init(void);
psa_status_t psa_generate_key_custom(const psa_key_attributes_t *attributes,
                                     const psa_custom_key_parameters_t *custom,
                                     const uint8_t *custom_data, size_t custom_data_length,
                                     psa_key_id_t *key);
psa_status_t psa_copy_key(psa_key_id_t source_key, const psa_key_attributes_t *attributes,
                          psa_key_id_t *target_key);
psa_status_t psa_destroy_key(psa_key_id_t key);
psa_status_t psa_purge_key(psa_key_id_t key);
psa_status_t psa_export_key(psa_key_id_t key, uint8_t *data, size_t data_size,
                            size_t *data_length);
psa_status_t psa_export_public_key(psa_key_id_t key, uint8_t *data, size_t data_size,
                                   size_t *data_length);

/* ===== Message digests (spec 10.2) =================================== */
psa_status_t psa_hash_compute(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              uint8_t *hash, size_t hash_size, size_t *hash_length);
psa_status_t psa_hash_compare(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              const uint8_t *hash, size_t hash_length);
psa_hash_operation_t psa_hash_operation_init(void);
psa_status_t psa_hash_setup(psa_hash_operation_t *operation, psa_algorithm_t alg);
psa_status_t psa_hash_update(psa_hash_operation_t *operation, const uint8_t *input,
                             size_t input_length);
psa_status_t psa_hash_finish(psa_hash_operation_t *operation, uint8_t *hash, size_t hash_size,
                             size_t *hash_length);
psa_status_t psa_hash_verify(psa_hash_operation_t *operation, const uint8_t *hash,
                             size_t hash_length);
psa_status_t psa_hash_abort(psa_hash_operation_t *operation);
psa_status_t psa_hash_suspend(psa_hash_operation_t *operation, uint8_t *hash_state,
                              size_t hash_state_size, size_t *hash_state_length);
psa_status_t psa_hash_resume(psa_hash_operation_t *operation, const uint8_t *hash_state,
                             size_t hash_state_length);
psa_status_t psa_hash_clone(const psa_hash_operation_t *source_operation,
                            psa_hash_operation_t *target_operation);

/* ===== MAC (spec 10.3) =============================================== */
psa_status_t psa_mac_compute(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                             size_t input_length, uint8_t *mac, size_t mac_size,
                             size_t *mac_length);
psa_status_t psa_mac_verify(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                            size_t input_length, const uint8_t *mac, size_t mac_length);
psa_mac_operation_t psa_mac_operation_init(void);
psa_status_t psa_mac_sign_setup(psa_mac_operation_t *operation, psa_key_id_t key,
                                psa_algorithm_t alg);
psa_status_t psa_mac_verify_setup(psa_mac_operation_t *operation, psa_key_id_t key,
                                  psa_algorithm_t alg);
psa_status_t psa_mac_update(psa_mac_operation_t *operation, const uint8_t *input,
                            size_t input_length);
psa_status_t psa_mac_sign_finish(psa_mac_operation_t *operation, uint8_t *mac, size_t mac_size,
                                 size_t *mac_length);
psa_status_t psa_mac_verify_finish(psa_mac_operation_t *operation, const uint8_t *mac,
                                   size_t mac_length);
psa_status_t psa_mac_abort(psa_mac_operation_t *operation);

/* ===== Unauthenticated ciphers (spec 10.4): NOT_SUPPORTED =========== */
psa_status_t psa_cipher_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length);
psa_status_t psa_cipher_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length);
psa_cipher_operation_t psa_cipher_operation_init(void);
psa_status_t psa_cipher_encrypt_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                      psa_algorithm_t alg);
psa_status_t psa_cipher_decrypt_setup(psa_cipher_operation_t *operation, psa_key_id_t key,
                                      psa_algorithm_t alg);
psa_status_t psa_cipher_generate_iv(psa_cipher_operation_t *operation, uint8_t *iv,
                                    size_t iv_size, size_t *iv_length);
psa_status_t psa_cipher_set_iv(psa_cipher_operation_t *operation, const uint8_t *iv,
                               size_t iv_length);
psa_status_t psa_cipher_update(psa_cipher_operation_t *operation, const uint8_t *input,
                               size_t input_length, uint8_t *output, size_t output_size,
                               size_t *output_length);
psa_status_t psa_cipher_finish(psa_cipher_operation_t *operation, uint8_t *output,
                               size_t output_size, size_t *output_length);
psa_status_t psa_cipher_abort(psa_cipher_operation_t *operation);

/* ===== AEAD (spec 10.5): NOT_SUPPORTED =============================== */
psa_status_t psa_aead_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *plaintext,
                              size_t plaintext_length, uint8_t *ciphertext,
                              size_t ciphertext_size, size_t *ciphertext_length);
psa_status_t psa_aead_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *ciphertext,
                              size_t ciphertext_length, uint8_t *plaintext,
                              size_t plaintext_size, size_t *plaintext_length);
psa_aead_operation_t psa_aead_operation_init(void);
psa_status_t psa_aead_encrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg);
psa_status_t psa_aead_decrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg);
psa_status_t psa_aead_set_lengths(psa_aead_operation_t *operation, size_t ad_length,
                                  size_t plaintext_length);
psa_status_t psa_aead_generate_nonce(psa_aead_operation_t *operation, uint8_t *nonce,
                                     size_t nonce_size, size_t *nonce_length);
psa_status_t psa_aead_set_nonce(psa_aead_operation_t *operation, const uint8_t *nonce,
                                size_t nonce_length);
psa_status_t psa_aead_update_ad(psa_aead_operation_t *operation, const uint8_t *input,
                                size_t input_length);
psa_status_t psa_aead_update(psa_aead_operation_t *operation, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length);
psa_status_t psa_aead_finish(psa_aead_operation_t *operation, uint8_t *ciphertext,
                             size_t ciphertext_size, size_t *ciphertext_length, uint8_t *tag,
                             size_t tag_size, size_t *tag_length);
psa_status_t psa_aead_verify(psa_aead_operation_t *operation, uint8_t *plaintext,
                             size_t plaintext_size, size_t *plaintext_length,
                             const uint8_t *tag, size_t tag_length);
psa_status_t psa_aead_abort(psa_aead_operation_t *operation);

/* ===== Key derivation (spec 10.6): NOT_SUPPORTED ===================== */
psa_key_derivation_operation_t psa_key_derivation_operation_init(void);
psa_status_t psa_key_derivation_setup(psa_key_derivation_operation_t *operation,
                                      psa_algorithm_t alg);
psa_status_t psa_key_derivation_get_capacity(const psa_key_derivation_operation_t *operation,
                                             size_t *capacity);
psa_status_t psa_key_derivation_set_capacity(psa_key_derivation_operation_t *operation,
                                             size_t capacity);
psa_status_t psa_key_derivation_input_bytes(psa_key_derivation_operation_t *operation,
                                            psa_key_derivation_step_t step,
                                            const uint8_t *data, size_t data_length);
psa_status_t psa_key_derivation_input_integer(psa_key_derivation_operation_t *operation,
                                              psa_key_derivation_step_t step, uint64_t value);
psa_status_t psa_key_derivation_input_key(psa_key_derivation_operation_t *operation,
                                          psa_key_derivation_step_t step, psa_key_id_t key);
psa_status_t psa_key_derivation_output_bytes(psa_key_derivation_operation_t *operation,
                                             uint8_t *output, size_t output_length);
psa_status_t psa_key_derivation_output_key(const psa_key_attributes_t *attributes,
                                           psa_key_derivation_operation_t *operation,
                                           psa_key_id_t *key);
/* Crypto API 1.3 (extension, like psa_generate_key_custom). */
psa_status_t psa_key_derivation_output_key_custom(const psa_key_attributes_t *attributes,
                                                  psa_key_derivation_operation_t *operation,
                                                  const psa_custom_key_parameters_t *custom,
                                                  const uint8_t *custom_data,
                                                  size_t custom_data_length,
                                                  psa_key_id_t *key);
psa_status_t psa_key_derivation_verify_bytes(psa_key_derivation_operation_t *operation,
                                             const uint8_t *expected_output,
                                             size_t output_length);
psa_status_t psa_key_derivation_verify_key(psa_key_derivation_operation_t *operation,
                                           psa_key_id_t expected);
psa_status_t psa_key_derivation_abort(psa_key_derivation_operation_t *operation);

/* ===== Asymmetric signature (spec 10.7) ============================== */
psa_status_t psa_sign_message(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                              size_t input_length, uint8_t *signature, size_t signature_size,
                              size_t *signature_length);
psa_status_t psa_verify_message(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, const uint8_t *signature,
                                size_t signature_length);
psa_status_t psa_sign_hash(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *hash,
                           size_t hash_length, uint8_t *signature, size_t signature_size,
                           size_t *signature_length);
psa_status_t psa_verify_hash(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *hash,
                             size_t hash_length, const uint8_t *signature,
                             size_t signature_length);

/* ===== Asymmetric encryption (spec 10.8) ============================= */
psa_status_t psa_asymmetric_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                    size_t input_length, const uint8_t *salt,
                                    size_t salt_length, uint8_t *output, size_t output_size,
                                    size_t *output_length);
psa_status_t psa_asymmetric_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                    size_t input_length, const uint8_t *salt,
                                    size_t salt_length, uint8_t *output, size_t output_size,
                                    size_t *output_length);

/* ===== Key agreement (spec 10.9): NOT_SUPPORTED ====================== */
psa_status_t psa_key_agreement(psa_key_id_t private_key, const uint8_t *peer_key,
                               size_t peer_key_length, psa_algorithm_t alg,
                               const psa_key_attributes_t *attributes, psa_key_id_t *key);
psa_status_t psa_raw_key_agreement(psa_algorithm_t alg, psa_key_id_t private_key,
                                   const uint8_t *peer_key, size_t peer_key_length,
                                   uint8_t *output, size_t output_size, size_t *output_length);
psa_status_t psa_key_derivation_key_agreement(psa_key_derivation_operation_t *operation,
                                              psa_key_derivation_step_t step,
                                              psa_key_id_t private_key, const uint8_t *peer_key,
                                              size_t peer_key_length);

/* ===== Key encapsulation (Crypto API 1.3 10.10.2) ==================== */
/* ML-KEM (1.3 PQC extension, beta, 2.2) with PSA_WANT_ALG_ML_KEM;
 * otherwise the NOT_SUPPORTED forms. */
psa_status_t psa_encapsulate(psa_key_id_t key, psa_algorithm_t alg,
                             const psa_key_attributes_t *attributes, psa_key_id_t *output_key,
                             uint8_t *ciphertext, size_t ciphertext_size,
                             size_t *ciphertext_length);
psa_status_t psa_decapsulate(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *ciphertext,
                             size_t ciphertext_length, const psa_key_attributes_t *attributes,
                             psa_key_id_t *output_key);

/* ===== Random (spec 10.10) =========================================== */
psa_status_t psa_generate_random(uint8_t *output, size_t output_size);

/* ===== PAKE (PAKE extension 1.2, AES 0058): NOT_SUPPORTED ============ */
psa_pake_cipher_suite_t psa_pake_cipher_suite_init(void);
psa_algorithm_t psa_pake_cs_get_algorithm(const psa_pake_cipher_suite_t *cipher_suite);
void psa_pake_cs_set_algorithm(psa_pake_cipher_suite_t *cipher_suite, psa_algorithm_t alg);
psa_pake_primitive_t psa_pake_cs_get_primitive(const psa_pake_cipher_suite_t *cipher_suite);
void psa_pake_cs_set_primitive(psa_pake_cipher_suite_t *cipher_suite,
                               psa_pake_primitive_t primitive);
uint32_t psa_pake_cs_get_key_confirmation(const psa_pake_cipher_suite_t *cipher_suite);
void psa_pake_cs_set_key_confirmation(psa_pake_cipher_suite_t *cipher_suite,
                                      uint32_t key_confirmation);
psa_pake_operation_t psa_pake_operation_init(void);
psa_status_t psa_pake_setup(psa_pake_operation_t *operation, psa_key_id_t password_key,
                            const psa_pake_cipher_suite_t *cipher_suite);
psa_status_t psa_pake_set_role(psa_pake_operation_t *operation, psa_pake_role_t role);
psa_status_t psa_pake_set_user(psa_pake_operation_t *operation, const uint8_t *user_id,
                               size_t user_id_len);
psa_status_t psa_pake_set_peer(psa_pake_operation_t *operation, const uint8_t *peer_id,
                               size_t peer_id_len);
psa_status_t psa_pake_set_context(psa_pake_operation_t *operation, const uint8_t *context,
                                  size_t context_len);
psa_status_t psa_pake_output(psa_pake_operation_t *operation, psa_pake_step_t step,
                             uint8_t *output, size_t output_size, size_t *output_length);
psa_status_t psa_pake_input(psa_pake_operation_t *operation, psa_pake_step_t step,
                            const uint8_t *input, size_t input_length);
psa_status_t psa_pake_get_shared_key(psa_pake_operation_t *operation,
                                     const psa_key_attributes_t *attributes, psa_key_id_t *key);
psa_status_t psa_pake_abort(psa_pake_operation_t *operation);

#ifdef __cplusplus
}
#endif

#endif /* PSA_CRYPTO_H */
