/*
 * psa_crypto_init.c -- library initialisation (spec 8.1).
 *
 * psa_crypto_init() seeds the library RNG; it is idempotent. Until it has
 * succeeded, every function that the spec says needs an initialised library
 * returns PSA_ERROR_BAD_STATE (checked through pp_core_check_initialized).
 */
#include "core/pp_core.h"
#include "random/pp_random.h"

static uint8_t library_initialized;

psa_status_t pp_core_check_initialized(void)
{
    return library_initialized ? PSA_SUCCESS : PSA_ERROR_BAD_STATE;
}

psa_status_t psa_crypto_init(void)
{
    psa_status_t status;
    if (library_initialized) {
        return PSA_SUCCESS;
    }
    status = pp_random_init();
    if (status != PSA_SUCCESS) {
        return status;
    }
    library_initialized = 1;
    return PSA_SUCCESS;
}

psa_status_t pp_fail_output(psa_status_t status, uint8_t *out, size_t out_size,
                            size_t *out_len)
{
    if (status != PSA_SUCCESS) {
        if (out != NULL && out_size != 0) {
            pp_wipe(out, out_size);
        }
        if (out_len != NULL) {
            *out_len = 0;
        }
    }
    return status;
}
