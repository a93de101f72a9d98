/*
 * bn_engine.h -- the Montgomery engines that bignum's exponentiations
 * consume (picopsa_bn_engine_t, <picopsa/driver.h>, docs/drivers.md),
 * declared here by their consumer so that the seam points downward: the
 * drivers' engines are bound to this interface in bn_engine.c, straight
 * from PICOPSA_DRIVER_LIST, below the dispatch layer (no file of
 * src/bignum includes a dispatch or core header; tools/check_includes.py).
 *
 * Contract:
 *  - Exists only in a build that names drivers (PP_BN_ENGINE, bignum.h);
 *    a driver-less build declares, compiles and links none of it.
 *  - Numbers are little-endian 32-bit words, `words` of them (the
 *    modulus's), `bits` the modulus's public bit length; m odd,
 *    m_prime = -m^-1 mod 2^32 (HAC 14.32), r1 = R mod m, r2 = R^2 mod m.
 *  - pp_bn_engine_begin: the engine of one exponentiation, the first in
 *    list order whose size range takes `bits` and whose begin accepts
 *    (PSA_ERROR_NOT_SUPPORTED passes to the next). NULL with *status
 *    PSA_SUCCESS: the software multiplies; NULL with another *status: an
 *    engine's begin failed (the operation fails with it). The caller ends
 *    a returned engine with its `end` (if any).
 *  - pp_bn_engine_mod_exp_public: z = x^e mod m as one engine operation,
 *    public data only (the caller never passes a secret operand);
 *    PSA_ERROR_NOT_SUPPORTED: no engine took it, z untouched.
 *  - Timing: list walk and size checks depend on public sizes only.
 */
#ifndef PICOPSA_BN_ENGINE_H
#define PICOPSA_BN_ENGINE_H

#include "bignum/bignum.h"

#if PP_BN_ENGINE
const picopsa_bn_engine_t *pp_bn_engine_begin(const uint32_t *m, uint32_t m_prime,
                                              const uint32_t *r1, size_t words, size_t bits,
                                              int secret, psa_status_t *status);
psa_status_t pp_bn_engine_mod_exp_public(uint32_t *z, const uint32_t *x, uint64_t e,
                                         const uint32_t *m, uint32_t m_prime,
                                         const uint32_t *r2, size_t words, size_t bits);
#endif /* PP_BN_ENGINE */

#endif /* PICOPSA_BN_ENGINE_H */
