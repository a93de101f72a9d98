/*
 * test_keys.h -- key attribute helpers for the PSA API tests.
 *
 * Contract: test code only. test_key_attr(type, bits, usage, alg) returns
 * volatile key attributes with those four fields set; test_key_import(...)
 * imports data with them, CHECKs the status against `want` and returns the
 * key id (0 when the import failed).
 */
#ifndef PICOPSA_TEST_KEYS_H
#define PICOPSA_TEST_KEYS_H

#include <psa/crypto.h>

#include "test_util.h"

static inline psa_key_attributes_t test_key_attr(psa_key_type_t type, size_t bits,
                                                 psa_key_usage_t usage, psa_algorithm_t alg)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&a, type);
    psa_set_key_bits(&a, bits);
    psa_set_key_usage_flags(&a, usage);
    psa_set_key_algorithm(&a, alg);
    return a;
}

static inline psa_key_id_t test_key_import(psa_key_type_t type, size_t bits,
                                           psa_key_usage_t usage, psa_algorithm_t alg,
                                           const uint8_t *data, size_t len, psa_status_t want)
{
    psa_key_attributes_t a = test_key_attr(type, bits, usage, alg);
    psa_key_id_t id = 0;
    CHECK_STATUS(psa_import_key(&a, data, len, &id), want);
    return id;
}

#endif /* PICOPSA_TEST_KEYS_H */
