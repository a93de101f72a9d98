/*
 * rsa_keygen.c -- RSA key pair generation (see rsa.h).
 * Placeholder until the bignum core lands.
 */
#include "rsa/rsa.h"

psa_status_t pp_rsa_keygen(uint8_t *material, size_t material_size, size_t *material_len,
                           size_t bits, uint32_t e)
{
    (void)material; (void)material_size; (void)material_len; (void)bits; (void)e;
    return PSA_ERROR_NOT_SUPPORTED;
}
