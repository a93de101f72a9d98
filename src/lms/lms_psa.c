/*
 * lms_psa.c -- the LMS / HSS software driver: the pp_lms_* entry points of
 * dispatch/pp_drivers.h with the contract of <picopsa/driver.h>, for the
 * key types and algorithms of the Crypto API 1.3 PQC extension 2.5
 * (PSA_KEY_TYPE_LMS_PUBLIC_KEY / _HSS_PUBLIC_KEY, PSA_ALG_LMS / _HSS).
 * Compiled with PSA_WANT_ALG_LMS or PSA_WANT_ALG_HSS.
 *
 * Key buffer: the key data itself, RFC 8554 3's encoded lms_public_key or
 * hss_public_key (the extension's key format, 2.5.1), checked in full at
 * import (lms.h: typecodes known and of one family, length, 1 <= L <= 8):
 * a malformed key is INVALID_ARGUMENT (spec 9.6.1 psa_import_key, "the
 * key data is not correctly formatted"), as is key_bits other than 0 or
 * the key's hash length ("the key size is nonzero, and is incompatible
 * with the key data"). Export (both functions) returns the buffer.
 *
 * Verification (spec 10.7.4 psa_verify_message): any failure, a
 * malformed signature included, is INVALID_SIGNATURE. All data here is
 * public: the code is not constant time (lms.h).
 */
#include <psa/crypto.h>

#include <string.h>

#include "dispatch/pp_drivers.h"
#include "lms/lms.h"

#if PP_DRIVER_LMS

static size_t key_bits_of(psa_key_type_t type, const uint8_t *data, size_t len)
{
    return type == PSA_KEY_TYPE_HSS_PUBLIC_KEY ? pp_hss_public_key_bits(data, len)
                                               : pp_lms_public_key_bits(data, len);
}

psa_status_t pp_lms_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                               size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                               size_t *key_buffer_length, size_t *bits)
{
    size_t b = key_bits_of(attributes->type, data, data_length);
    if (b == 0 || (attributes->bits != 0 && attributes->bits != b)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (key_buffer_size < data_length) {
        return PSA_ERROR_INSUFFICIENT_MEMORY;
    }
    memmove(key_buffer, data, data_length);
    *key_buffer_length = data_length;
    *bits = b;
    return PSA_SUCCESS;
}

psa_status_t pp_lms_export_key(const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                               size_t key_buffer_size, uint8_t *data, size_t data_size,
                               size_t *data_length)
{
    if (key_bits_of(attributes->type, key_buffer, key_buffer_size) != attributes->bits) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    if (data_size < key_buffer_size) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    memcpy(data, key_buffer, key_buffer_size);
    *data_length = key_buffer_size;
    return PSA_SUCCESS;
}

psa_status_t pp_lms_verify_message(const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                   const uint8_t *signature, size_t signature_length)
{
    int rc;
    (void)alg;   /* the dispatch layer matched it to the key type */
    (void)attributes;
#if PSA_WANT_ALG_HSS
    if (attributes->type == PSA_KEY_TYPE_HSS_PUBLIC_KEY) {
        rc = pp_hss_verify(key_buffer, key_buffer_size, input, input_length, signature,
                           signature_length);
    } else
#endif
    {
#if PSA_WANT_ALG_LMS
        rc = pp_lms_verify(key_buffer, key_buffer_size, input, input_length, signature,
                           signature_length);
#else
        rc = -1;
#endif
    }
    return rc == 0 ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE;
}

#else
typedef int pp_lms_psa_unused_t;
#endif /* PP_DRIVER_LMS */
