/*
 * rsa_core.c -- RSA public and private operations (see rsa.h).
 * Placeholder until the bignum core lands.
 */
#include "rsa/rsa.h"

psa_status_t pp_rsa_public_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    (void)material; (void)in; (void)out;
    return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t pp_rsa_private_op(const uint8_t *material, const uint8_t *in, uint8_t *out)
{
    (void)material; (void)in; (void)out;
    return PSA_ERROR_NOT_SUPPORTED;
}
