/*
 * pp_accel.h -- the build-time list of transparent accelerator drivers
 * (PICOPSA_DRIVER_LIST, <picopsa/driver.h>, docs/drivers.md) as the
 * dispatch layer uses them (the bignum engines are bound below dispatch,
 * in bignum/bn_engine.c). Everything here exists only when
 * the build names drivers (PICOPSA_DRIVERS): a driver-less build has no
 * declaration, no call and no byte of it.
 *
 * Each function tries the drivers in list order, skipping those that do
 * not declare the mechanism or lack the entry point; a driver's
 * PSA_ERROR_NOT_SUPPORTED passes the call on; the first other status is
 * returned. PSA_ERROR_NOT_SUPPORTED
 * from these functions means "no driver took it: run the software".
 */
#ifndef PICOPSA_PP_ACCEL_H
#define PICOPSA_PP_ACCEL_H

#include <picopsa/config.h>

#if PICOPSA_DRIVERS
#include <picopsa/driver.h>

/* The signature entry points of pp_dispatch_signature's op
 * (PP_DISPATCH_SIGN, PP_DISPATCH_MESSAGE: sign_message / verify_message,
 * else sign_hash / verify_hash). */
psa_status_t pp_accel_signature(unsigned op, const psa_key_attributes_t *attributes,
                                const uint8_t *key_buffer, size_t key_buffer_size,
                                psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                uint8_t *signature, size_t signature_size,
                                size_t *signature_length, const uint8_t *sig_in,
                                size_t sig_in_length);
psa_status_t pp_accel_asymmetric_crypt(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, int encrypt, const uint8_t *input,
                                       size_t input_length, const uint8_t *salt,
                                       size_t salt_length, uint8_t *output, size_t output_size,
                                       size_t *output_length);
psa_status_t pp_accel_generate_key(const psa_key_attributes_t *attributes,
                                   const uint8_t *custom_data, size_t custom_data_length,
                                   uint8_t *key_buffer, size_t key_buffer_size,
                                   size_t *key_buffer_length);
/* psa_cipher_encrypt / psa_cipher_decrypt (picopsa_driver_cipher_encrypt_t,
 * _decrypt_t): encrypt uses iv and writes the ciphertext only, decrypt
 * gets IV || ciphertext in input (iv unused). */
psa_status_t pp_accel_cipher(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                             size_t key_buffer_size, psa_algorithm_t alg, int encrypt,
                             const uint8_t *iv, size_t iv_length, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length);
/* The multipart operation (psa_cipher_operation_t's driver and
 * driver_ctx): setup sets *driver to 1 + the index of the driver that took
 * it (left 0 on NOT_SUPPORTED: the software's); the other steps go to that
 * driver, update and finish with their length bounded by output_size;
 * abort calls the driver's abort and wipes context. */
psa_status_t pp_accel_cipher_setup(void *context, uint8_t *driver,
                                   const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, int encrypt);
psa_status_t pp_accel_cipher_set_iv(uint8_t driver, void *context, const uint8_t *iv,
                                    size_t iv_length);
psa_status_t pp_accel_cipher_update(uint8_t driver, void *context, const uint8_t *input,
                                    size_t input_length, uint8_t *output, size_t output_size,
                                    size_t *output_length);
psa_status_t pp_accel_cipher_finish(uint8_t driver, void *context, uint8_t *output,
                                    size_t output_size, size_t *output_length);
void pp_accel_cipher_abort(uint8_t driver, void *context);

#endif /* PICOPSA_DRIVERS */

#endif /* PICOPSA_PP_ACCEL_H */
