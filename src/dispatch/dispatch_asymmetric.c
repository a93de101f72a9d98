/*
 * dispatch_asymmetric.c -- asymmetric encryption (PSA 1.2 10.8) routed to
 * the RSA family: PKCS#1 v1.5 and OAEP.
 *
 * Checked here, once, in this order (docs/ARCHITECTURE.md): the algorithm
 * fits the key type and, to decrypt, the key is a pair
 * (INVALID_ARGUMENT); the scheme is built and OAEP's hash is a built hash
 * (NOT_SUPPORTED; the ANY_HASH wildcard: INVALID_ARGUMENT); an encryption
 * output has PSA_ASYMMETRIC_ENCRYPT_OUTPUT_SIZE bytes (BUFFER_TOO_SMALL).
 * The decryption's sizes (ciphertext length, plaintext room for the
 * padding) are the family's: they depend on the scheme, and the family
 * checks them before the private operation. Everything here is public
 * (type, size, algorithm).
 */
#include "dispatch/pp_dispatch.h"
#include "dispatch/pp_drivers.h"
#include "dispatch/pp_accel.h"
#include "hash/pp_hash.h"

#define PP_DISPATCH_RSA_CRYPT \
    (PP_DRIVER_RSA && (PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_OAEP))

/* PSA_SUCCESS when a built driver takes alg for this key. */
static psa_status_t crypt_checks(const psa_key_attributes_t *attributes, psa_algorithm_t alg,
                                 int encrypt)
{
#if PP_DRIVER_RSA
    psa_key_type_t type = attributes->type;
    if (!PSA_KEY_TYPE_IS_RSA(type) ||
        (alg != PSA_ALG_RSA_PKCS1V15_CRYPT && !PSA_ALG_IS_RSA_OAEP(alg)) ||
        (!encrypt && !PSA_KEY_TYPE_IS_KEY_PAIR(type))) {
        /* Only RSA keys encrypt; keys of unbuilt families never exist. */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (alg == PSA_ALG_RSA_PKCS1V15_CRYPT) {
        return PSA_WANT_ALG_RSA_PKCS1V15_CRYPT ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED;
    }
    if (!PSA_WANT_ALG_RSA_OAEP) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (PSA_ALG_RSA_OAEP_GET_HASH(alg) == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* a policy wildcard, not an algorithm */
    }
    return pp_hash_size(PSA_ALG_RSA_OAEP_GET_HASH(alg)) != 0 ? PSA_SUCCESS
                                                             : PSA_ERROR_NOT_SUPPORTED;
#else
    (void)attributes; (void)alg; (void)encrypt;
    return PSA_ERROR_INVALID_ARGUMENT;   /* only RSA keys encrypt, and none exist */
#endif
}

psa_status_t pp_dispatch_asymmetric_crypt(const psa_key_attributes_t *attributes,
                                          const uint8_t *key_buffer, size_t key_buffer_size,
                                          psa_algorithm_t alg, int encrypt, const uint8_t *input,
                                          size_t input_length, const uint8_t *salt,
                                          size_t salt_length, uint8_t *output,
                                          size_t output_size, size_t *output_length)
{
    psa_status_t status = crypt_checks(attributes, alg, encrypt);
    if (status == PSA_SUCCESS && encrypt &&
        output_size < PSA_ASYMMETRIC_ENCRYPT_OUTPUT_SIZE(attributes->type, attributes->bits, alg)) {
        status = PSA_ERROR_BUFFER_TOO_SMALL;
    }
#if PP_DISPATCH_RSA_CRYPT
    if (status == PSA_SUCCESS) {
        /* Accelerator drivers first (docs/drivers.md); the software
         * family runs when none takes the call. */
#if PICOPSA_DRIVERS
        status = pp_accel_asymmetric_crypt(attributes, key_buffer, key_buffer_size, alg, encrypt,
                                           input, input_length, salt, salt_length, output,
                                           output_size, output_length);
        if (status == PSA_ERROR_NOT_SUPPORTED)
#endif
        status = (encrypt ? pp_rsa_asymmetric_encrypt : pp_rsa_asymmetric_decrypt)(
            attributes, key_buffer, key_buffer_size, alg, input, input_length, salt, salt_length,
            output, output_size, output_length);
    }
#else
    (void)key_buffer; (void)key_buffer_size; (void)input; (void)input_length;
    (void)salt; (void)salt_length; (void)output; (void)output_length;
#endif
    return status;
}
