/*
 * ed25519_psa.c -- PSA glue for Ed25519 (pp_eddsa_* of core/pp_dispatch.h).
 * Temporary stubs so the core links; the real implementation follows.
 */
#include <psa/crypto.h>

#include "core/pp_dispatch.h"

psa_status_t pp_eddsa_import(psa_key_type_t type, size_t requested_bits,
                             const uint8_t *data, size_t data_len,
                             uint8_t *key, size_t key_size, size_t *key_len,
                             size_t *bits)
{
    (void)type; (void)requested_bits; (void)data; (void)data_len;
    (void)key; (void)key_size; (void)key_len; (void)bits;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_generate(psa_key_type_t type, size_t bits,
                               uint8_t *key, size_t key_size, size_t *key_len)
{
    (void)type; (void)bits; (void)key; (void)key_size; (void)key_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                             uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                    uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)type; (void)key; (void)key_len; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_sign_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                   psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                   uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)msg; (void)msg_len;
    (void)sig; (void)sig_size; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_verify_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                     psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                     const uint8_t *sig, size_t sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)msg; (void)msg_len;
    (void)sig; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                uint8_t *sig, size_t sig_size, size_t *sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)hash; (void)hash_len;
    (void)sig; (void)sig_size; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_eddsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                  const uint8_t *sig, size_t sig_len)
{
    (void)type; (void)key; (void)key_len; (void)alg; (void)hash; (void)hash_len;
    (void)sig; (void)sig_len;
    return PSA_ERROR_NOT_SUPPORTED;
}
