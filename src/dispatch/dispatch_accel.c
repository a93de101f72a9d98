/*
 * dispatch_accel.c -- the transparent accelerator drivers of
 * PICOPSA_DRIVER_LIST (dispatch/pp_accel.h, docs/drivers.md): matching a
 * call against each driver's declared mechanisms, trying the drivers in
 * list order, and the two helpers <picopsa/driver.h> offers drivers.
 * Without PICOPSA_DRIVER_LIST this file compiles to nothing.
 */
#include "dispatch/pp_accel.h"

#if PICOPSA_DRIVERS
#include "common/pp_util.h"
#include "dispatch/pp_dispatch.h"

/* The list: declare every driver, then take their addresses in order. */
#define PP_ACCEL_DECLARE(name) extern const picopsa_transparent_driver_t name;
PICOPSA_DRIVER_LIST(PP_ACCEL_DECLARE)
#undef PP_ACCEL_DECLARE
#define PP_ACCEL_ADDRESS(name) &name,
static const picopsa_transparent_driver_t *const accel_drivers[] = {
    PICOPSA_DRIVER_LIST(PP_ACCEL_ADDRESS)
};
#undef PP_ACCEL_ADDRESS
#define ACCEL_COUNT (sizeof(accel_drivers) / sizeof(accel_drivers[0]))

/* Whether driver d declares (type, alg, bits); see picopsa_driver_mechanism_t. */
static int takes(const picopsa_transparent_driver_t *d, const psa_key_attributes_t *attributes,
                 psa_algorithm_t alg)
{
    size_t i;
    for (i = 0; i < d->mechanism_count; i++) {
        const picopsa_driver_mechanism_t *m = &d->mechanisms[i];
        int alg_ok = m->alg == PSA_ALG_NONE || m->alg == alg ||
                     ((m->alg & PSA_ALG_HASH_MASK) == (PSA_ALG_ANY_HASH & PSA_ALG_HASH_MASK) &&
                      (m->alg & ~PSA_ALG_HASH_MASK) == (alg & ~PSA_ALG_HASH_MASK) &&
                      alg != PSA_ALG_NONE);
        if (m->key_type == attributes->type && alg_ok && attributes->bits >= m->min_bits &&
            attributes->bits <= m->max_bits) {
            return 1;
        }
    }
    return 0;
}

/* A driver's success is believed only with a length that fits the buffer
 * it was given: a larger one would make the front end report bytes it
 * does not own (the caller then reads past its buffer, or the slot past
 * its key buffer). Such a driver is broken or attacked, so the call fails
 * with CORRUPTION_DETECTED ("an internal inconsistency or tampering was
 * detected", PSA 1.2 error codes), not a fallback, and the output it may
 * have overrun is wiped as far as we own it. */
static psa_status_t bounded(psa_status_t status, uint8_t *output, size_t size, size_t *length)
{
    if (status == PSA_SUCCESS && *length > size) {
        pp_wipe(output, size);
        *length = 0;
        status = PSA_ERROR_CORRUPTION_DETECTED;
    }
    return status;
}

psa_status_t pp_accel_signature(unsigned op, const psa_key_attributes_t *attributes,
                                const uint8_t *key_buffer, size_t key_buffer_size,
                                psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                uint8_t *signature, size_t signature_size,
                                size_t *signature_length, const uint8_t *sig_in,
                                size_t sig_in_length)
{
    int sign = (op & PP_DISPATCH_SIGN) != 0;
    int message = (op & PP_DISPATCH_MESSAGE) != 0;
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    size_t i;
    for (i = 0; i < ACCEL_COUNT && status == PSA_ERROR_NOT_SUPPORTED; i++) {
        const picopsa_transparent_driver_t *d = accel_drivers[i];
        picopsa_driver_sign_t *s = message ? d->sign_message : d->sign_hash;
        picopsa_driver_verify_t *v = message ? d->verify_message : d->verify_hash;
        if (!takes(d, attributes, alg) || (sign ? s == NULL : v == NULL)) {
            continue;
        }
        status = sign ? s(attributes, key_buffer, key_buffer_size, alg, input, input_length,
                          signature, signature_size, signature_length)
                      : v(attributes, key_buffer, key_buffer_size, alg, input, input_length,
                          sig_in, sig_in_length);
    }
    return sign ? bounded(status, signature, signature_size, signature_length) : status;
}

psa_status_t pp_accel_asymmetric_crypt(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, int encrypt, const uint8_t *input,
                                       size_t input_length, const uint8_t *salt,
                                       size_t salt_length, uint8_t *output, size_t output_size,
                                       size_t *output_length)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    size_t i;
    for (i = 0; i < ACCEL_COUNT && status == PSA_ERROR_NOT_SUPPORTED; i++) {
        const picopsa_transparent_driver_t *d = accel_drivers[i];
        picopsa_driver_asymmetric_crypt_t *f =
            encrypt ? d->asymmetric_encrypt : d->asymmetric_decrypt;
        if (f != NULL && takes(d, attributes, alg)) {
            status = f(attributes, key_buffer, key_buffer_size, alg, input, input_length, salt,
                       salt_length, output, output_size, output_length);
        }
    }
    return bounded(status, output, output_size, output_length);
}

psa_status_t pp_accel_generate_key(const psa_key_attributes_t *attributes,
                                   const uint8_t *custom_data, size_t custom_data_length,
                                   uint8_t *key_buffer, size_t key_buffer_size,
                                   size_t *key_buffer_length)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    size_t i;
    for (i = 0; i < ACCEL_COUNT && status == PSA_ERROR_NOT_SUPPORTED; i++) {
        const picopsa_transparent_driver_t *d = accel_drivers[i];
        if (d->generate_key != NULL && takes(d, attributes, PSA_ALG_NONE)) {
            status = d->generate_key(attributes, custom_data, custom_data_length, key_buffer,
                                     key_buffer_size, key_buffer_length);
        }
    }
    return bounded(status, key_buffer, key_buffer_size, key_buffer_length);
}

psa_status_t pp_accel_cipher(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                             size_t key_buffer_size, psa_algorithm_t alg, int encrypt,
                             const uint8_t *iv, size_t iv_length, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    size_t i;
    for (i = 0; i < ACCEL_COUNT && status == PSA_ERROR_NOT_SUPPORTED; i++) {
        const picopsa_transparent_driver_t *d = accel_drivers[i];
        if (!takes(d, attributes, alg)) {
            continue;
        }
        if (encrypt && d->cipher_encrypt != NULL) {
            status = d->cipher_encrypt(attributes, key_buffer, key_buffer_size, alg, iv,
                                       iv_length, input, input_length, output, output_size,
                                       output_length);
        } else if (!encrypt && d->cipher_decrypt != NULL) {
            status = d->cipher_decrypt(attributes, key_buffer, key_buffer_size, alg, input,
                                       input_length, output, output_size, output_length);
        }
    }
    return bounded(status, output, output_size, output_length);
}

psa_status_t pp_accel_cipher_setup(void *context, uint8_t *driver,
                                   const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, int encrypt)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    size_t i;
    for (i = 0; i < ACCEL_COUNT && status == PSA_ERROR_NOT_SUPPORTED; i++) {
        const picopsa_transparent_driver_t *d = accel_drivers[i];
        picopsa_driver_cipher_setup_t *setup =
            encrypt ? d->cipher_encrypt_setup : d->cipher_decrypt_setup;
        if (setup == NULL || d->cipher_set_iv == NULL || d->cipher_update == NULL ||
            d->cipher_finish == NULL || d->cipher_abort == NULL || !takes(d, attributes, alg)) {
            continue;
        }
        status = setup(context, attributes, key_buffer, key_buffer_size, alg);
        if (status == PSA_SUCCESS) {
            *driver = (uint8_t)(i + 1u);
        } else {
            pp_wipe(context, PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE);   /* nothing of it is kept */
        }
    }
    return status;
}

psa_status_t pp_accel_cipher_set_iv(uint8_t driver, void *context, const uint8_t *iv,
                                    size_t iv_length)
{
    return accel_drivers[driver - 1u]->cipher_set_iv(context, iv, iv_length);
}

psa_status_t pp_accel_cipher_update(uint8_t driver, void *context, const uint8_t *input,
                                    size_t input_length, uint8_t *output, size_t output_size,
                                    size_t *output_length)
{
    psa_status_t status = accel_drivers[driver - 1u]->cipher_update(
        context, input, input_length, output, output_size, output_length);
    return bounded(status, output, output_size, output_length);
}

psa_status_t pp_accel_cipher_finish(uint8_t driver, void *context, uint8_t *output,
                                    size_t output_size, size_t *output_length)
{
    psa_status_t status =
        accel_drivers[driver - 1u]->cipher_finish(context, output, output_size, output_length);
    return bounded(status, output, output_size, output_length);
}

void pp_accel_cipher_abort(uint8_t driver, void *context)
{
    (void)accel_drivers[driver - 1u]->cipher_abort(context);
    pp_wipe(context, PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE);
}

psa_status_t picopsa_driver_export_key(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       int public_only, uint8_t *data, size_t data_size,
                                       size_t *data_length)
{
    return pp_dispatch_export(attributes, key_buffer, key_buffer_size, public_only, data,
                              data_size, data_length);
}

psa_status_t picopsa_driver_import_key(const psa_key_attributes_t *attributes,
                                       const uint8_t *data, size_t data_length,
                                       uint8_t *key_buffer, size_t key_buffer_size,
                                       size_t *key_buffer_length)
{
    size_t bits = 0;
    return pp_dispatch_import_key(attributes, data, data_length, key_buffer, key_buffer_size,
                                  key_buffer_length, &bits);
}

#else
/* ISO C needs a declaration in every translation unit. */
typedef int pp_accel_unused_t;
#endif /* PICOPSA_DRIVERS */
