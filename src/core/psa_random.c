/*
 * psa_random.c -- psa_generate_random (spec 10.10.1) over the library
 * HMAC_DRBG (src/random/pp_random.h).
 */
#include "core/pp_core.h"
#include "random/pp_random.h"

psa_status_t psa_generate_random(uint8_t *output, size_t output_size)
{
    psa_status_t status = pp_core_check_initialized();
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (output == NULL && output_size != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_random_bytes(output, output_size);
    return pp_fail_output(status, output, output_size, NULL);
}
