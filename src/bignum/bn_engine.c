/*
 * bn_engine.c -- binds the bignum engines of PICOPSA_DRIVER_LIST's drivers
 * to the interface bignum consumes (bignum/bn_engine.h). The list is read
 * here, below the dispatch layer, rather than through dispatch_accel.c:
 * bignum then depends on the public driver header only, never on a layer
 * above it. Without PICOPSA_DRIVER_LIST this file compiles to nothing.
 */
#include "bignum/bn_engine.h"

#if PP_BN_ENGINE

/* The engines, in list order (a driver without one contributes NULL). The
 * extern declarations match dispatch_accel.c's (the same objects). */
#define PP_BN_ENGINE_DECLARE(name) extern const picopsa_transparent_driver_t name;
PICOPSA_DRIVER_LIST(PP_BN_ENGINE_DECLARE)
#undef PP_BN_ENGINE_DECLARE
#define PP_BN_ENGINE_ADDRESS(name) &name,
static const picopsa_transparent_driver_t *const bn_drivers[] = {
    PICOPSA_DRIVER_LIST(PP_BN_ENGINE_ADDRESS)
};
#undef PP_BN_ENGINE_ADDRESS
#define BN_DRIVER_COUNT (sizeof(bn_drivers) / sizeof(bn_drivers[0]))

/* Whether engine e takes a modulus of `bits` bits. */
static int takes_size(const picopsa_bn_engine_t *e, size_t bits)
{
    return e != NULL && bits >= e->min_bits && bits <= e->max_bits;
}

const picopsa_bn_engine_t *pp_bn_engine_begin(const uint32_t *m, uint32_t m_prime,
                                              const uint32_t *r1, size_t words, size_t bits,
                                              int secret, psa_status_t *status)
{
    size_t i;
    *status = PSA_SUCCESS;
    for (i = 0; i < BN_DRIVER_COUNT; i++) {
        const picopsa_bn_engine_t *e = bn_drivers[i]->bn_engine;
        psa_status_t st;
        if (!takes_size(e, bits) || e->mont_mul == NULL) {
            continue;
        }
        st = (e->begin == NULL) ? PSA_SUCCESS : e->begin(m, m_prime, r1, words, secret);
        if (st == PSA_SUCCESS) {
            return e;
        }
        if (st != PSA_ERROR_NOT_SUPPORTED) {
            *status = st;
            return NULL;
        }
    }
    return NULL;
}

psa_status_t pp_bn_engine_mod_exp_public(uint32_t *z, const uint32_t *x, uint64_t e,
                                         const uint32_t *m, uint32_t m_prime,
                                         const uint32_t *r2, size_t words, size_t bits)
{
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;
    size_t i;
    for (i = 0; i < BN_DRIVER_COUNT && status == PSA_ERROR_NOT_SUPPORTED; i++) {
        const picopsa_bn_engine_t *g = bn_drivers[i]->bn_engine;
        if (takes_size(g, bits) && g->mod_exp_public != NULL) {
            status = g->mod_exp_public(z, x, e, m, m_prime, r2, words);
        }
    }
    return status;
}

#else
/* ISO C needs a declaration in every translation unit. */
typedef int pp_bn_engine_unused_t;
#endif /* PP_BN_ENGINE */
