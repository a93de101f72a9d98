/*
 * psa_crypto_init.c -- library initialisation (spec 8.1).
 *
 * psa_crypto_init() seeds the library RNG; it is idempotent. Until it has
 * succeeded, every function that the spec says needs an initialised library
 * returns PSA_ERROR_BAD_STATE (checked through pp_core_check_initialized).
 */
#include "core/pp_core.h"
#include "random/pp_random.h"

#include <picopsa/port.h>

static uint8_t library_initialized;

/* The flag goes 0 -> 1 once and is read by every API call, from any
 * thread with PICOPSA_THREADS: an acquire load / release store (GCC and
 * Clang builtins, a plain access on x86 and Arm), or the RNG mutex with
 * other compilers. pp_random_init() serialises concurrent psa_crypto_init
 * calls itself (idempotent under PICOPSA_MUTEX_RANDOM), so racing callers
 * all return PSA_SUCCESS and the DRBG is instantiated once. */
static uint8_t initialized_load(void)
{
#if PICOPSA_THREADS && defined(__GNUC__)
    return __atomic_load_n(&library_initialized, __ATOMIC_ACQUIRE);
#elif PICOPSA_THREADS
    uint8_t value;
    picopsa_port_mutex_lock(PICOPSA_MUTEX_RANDOM);
    value = library_initialized;
    picopsa_port_mutex_unlock(PICOPSA_MUTEX_RANDOM);
    return value;
#else
    return library_initialized;
#endif
}

static void initialized_store_one(void)
{
#if PICOPSA_THREADS && defined(__GNUC__)
    __atomic_store_n(&library_initialized, (uint8_t)1, __ATOMIC_RELEASE);
#elif PICOPSA_THREADS
    picopsa_port_mutex_lock(PICOPSA_MUTEX_RANDOM);
    library_initialized = 1;
    picopsa_port_mutex_unlock(PICOPSA_MUTEX_RANDOM);
#else
    library_initialized = 1;
#endif
}

psa_status_t pp_core_check_initialized(void)
{
    return initialized_load() ? PSA_SUCCESS : PSA_ERROR_BAD_STATE;
}

psa_status_t pp_core_check_setup(const psa_algorithm_t *operation_alg)
{
    if (!initialized_load()) {
        return PSA_ERROR_BAD_STATE;
    }
    if (operation_alg == NULL) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return *operation_alg != 0 ? PSA_ERROR_BAD_STATE : PSA_SUCCESS;
}

psa_status_t psa_crypto_init(void)
{
    psa_status_t status;
    if (initialized_load()) {
        return PSA_SUCCESS;
    }
    status = pp_random_init();
    if (status != PSA_SUCCESS) {
        return status;
    }
    initialized_store_one();
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
