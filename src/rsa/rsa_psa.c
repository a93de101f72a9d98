/*
 * rsa_psa.c -- PSA glue of the RSA family (the pp_rsa_* functions of
 * core/pp_dispatch.h). Placeholder so the library links: every entry point
 * returns PSA_ERROR_NOT_SUPPORTED until the DER and padding modules land.
 */
#include "core/pp_dispatch.h"

psa_status_t pp_rsa_import(psa_key_type_t type, size_t requested_bits,
                           const uint8_t *data, size_t data_len,
                           uint8_t *key, size_t key_size, size_t *key_len,
                           size_t *bits)
{
    (void)type; (void)requested_bits; (void)data; (void)data_len;
    (void)key; (void)key_size; (void)key_len; (void)bits;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_generate(psa_key_type_t type, size_t bits, uint32_t e,
                             uint8_t *key, size_t key_size, size_t *key_len)
{
    (void)type; (void)bits; (void)e; (void)key; (void)key_size; (void)key_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                           uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                              psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                              uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)hash; (void)hash_len;
    (void)sig; (void)sig_size; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                const uint8_t *sig, size_t sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)hash; (void)hash_len;
    (void)sig; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_encrypt(psa_key_type_t type, const uint8_t *key, size_t key_len,
                            psa_algorithm_t alg, const uint8_t *input, size_t input_len,
                            const uint8_t *salt, size_t salt_len,
                            uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)input; (void)input_len;
    (void)salt; (void)salt_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_decrypt(psa_key_type_t type, const uint8_t *key, size_t key_len,
                            psa_algorithm_t alg, const uint8_t *input, size_t input_len,
                            const uint8_t *salt, size_t salt_len,
                            uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)input; (void)input_len;
    (void)salt; (void)salt_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}
