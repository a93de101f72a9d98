/*
 * rsa_key.c -- RSA key material: validation, internal layout, cached
 * Montgomery constants (see rsa.h). Placeholder until the bignum core lands.
 */
#include "rsa/rsa.h"

psa_status_t pp_rsa_key_load(uint8_t *material, size_t material_size, size_t *material_len,
                             const pp_rsa_key_parts *parts, int is_pair, size_t *bits)
{
    (void)material; (void)material_size; (void)material_len; (void)parts; (void)is_pair; (void)bits;
    return PSA_ERROR_NOT_SUPPORTED;
}

size_t pp_rsa_key_modulus_bytes(const uint8_t *material)
{
    (void)material;
    return 0;
}

size_t pp_rsa_key_bits(const uint8_t *material)
{
    (void)material;
    return 0;
}

int pp_rsa_key_is_pair(const uint8_t *material)
{
    (void)material;
    return 0;
}

psa_status_t pp_rsa_key_get_component(const uint8_t *material, int which,
                                      uint8_t *out, size_t out_size, size_t *out_len)
{
    (void)material; (void)which; (void)out; (void)out_size; (void)out_len;
    return PSA_ERROR_NOT_SUPPORTED;
}
