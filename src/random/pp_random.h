/*
 * pp_random.h -- the library RNG: one HMAC_DRBG (hmac_drbg.h) seeded from
 * the port entropy source (picopsa/port.h).
 *
 * Contract:
 *  - The DRBG state is the only global of this module (see ARCHITECTURE.md).
 *  - pp_random_init(): idempotent. Reads security_strength * 3/2 bits
 *    (48 bytes) from picopsa_port_entropy() as entropy input + nonce
 *    (SP 800-90A 8.6.7: the nonce may come from the entropy source) and
 *    instantiates with the personalization string PICOPSA_DRBG_PERSONALIZATION.
 *    PSA_ERROR_INSUFFICIENT_ENTROPY when the port fails.
 *  - pp_random_bytes(): any length (split into PP_HMAC_DRBG_MAX_REQUEST
 *    chunks); PSA_ERROR_BAD_STATE before init; reseeds automatically from
 *    the port every PICOPSA_DRBG_RESEED_INTERVAL requests, and before every
 *    request when PICOPSA_DRBG_PREDICTION_RESISTANCE is 1;
 *    PSA_ERROR_INSUFFICIENT_ENTROPY when the port fails (out is then
 *    zeroed). len 0 succeeds and reads nothing.
 *  - pp_random_free(): uninstantiate and wipe; init may be called again.
 *  - PICOPSA_THREADS: each call holds PICOPSA_MUTEX_RANDOM for its whole
 *    duration (one request is one critical section), so the functions may
 *    be called from any thread.
 *  - PICOPSA_FORK_DETECT: pp_random_bytes() asks picopsa_port_fork_detected()
 *    first and, in a new process, reseeds from the port (32 bytes) before
 *    its first output; a failed reseed returns INSUFFICIENT_ENTROPY and is
 *    retried by the next call. pp_random_init() arms the detector.
 */
#ifndef PICOPSA_PP_RANDOM_H
#define PICOPSA_PP_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>

psa_status_t pp_random_init(void);
psa_status_t pp_random_bytes(uint8_t *out, size_t len);
void pp_random_free(void);

#endif /* PICOPSA_PP_RANDOM_H */
