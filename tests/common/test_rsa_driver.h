/*
 * test_rsa_driver.h -- the RSA software driver's key entry points
 * (src/rsa/rsa_psa.c, signatures of picopsa/driver.h) called with a key
 * type and size instead of a full attributes structure, for the white-box
 * DER tests (test_rsa_der, fuzz_rsa_der). Include only where RSA key pairs
 * are built (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR).
 */
#ifndef PICOPSA_TEST_RSA_DRIVER_H
#define PICOPSA_TEST_RSA_DRIVER_H

#include <psa/crypto.h>

#include "dispatch/pp_drivers.h"

static inline psa_key_attributes_t rsa_attr(psa_key_type_t type, size_t bits)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, bits);
    return attr;
}

static inline psa_status_t rsa_import(psa_key_type_t type, size_t bits, const uint8_t *data,
                                      size_t len, uint8_t *key, size_t key_size,
                                      size_t *key_len, size_t *out_bits)
{
    psa_key_attributes_t attr = rsa_attr(type, bits);
    return pp_rsa_import_key(&attr, data, len, key, key_size, key_len, out_bits);
}

static inline psa_status_t rsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                      uint8_t *out, size_t out_size, size_t *out_len)
{
    psa_key_attributes_t attr = rsa_attr(type, 0);
    return pp_rsa_export_key(&attr, key, key_len, out, out_size, out_len);
}

static inline psa_status_t rsa_export_public(psa_key_type_t type, const uint8_t *key,
                                             size_t key_len, uint8_t *out, size_t out_size,
                                             size_t *out_len)
{
    psa_key_attributes_t attr = rsa_attr(type, 0);
    return pp_rsa_export_public_key(&attr, key, key_len, out, out_size, out_len);
}

#endif /* PICOPSA_TEST_RSA_DRIVER_H */
