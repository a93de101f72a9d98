/*
 * picopsa/port.h -- what the platform must provide to picopsa.
 *
 * Contract (for integrators):
 *
 *   int picopsa_port_entropy(uint8_t *buf, size_t len);
 *
 *  - Fill buf[0..len) with bytes from a true entropy source and return 0,
 *    or return nonzero (and picopsa reports PSA_ERROR_INSUFFICIENT_ENTROPY).
 *  - Every byte must carry full entropy (8 bits per byte): if the hardware
 *    source is weaker (e.g. a ring-oscillator TRNG with 0.5 bit/bit, or raw
 *    ADC noise), condition it first (e.g. hash 2x the raw bits per output
 *    byte) -- picopsa does not condition. A health-tested source per NIST
 *    SP 800-90B (repetition count + adaptive proportion tests) is expected.
 *  - len is at most 64 bytes per call in this library; requests may arrive
 *    at any time picopsa needs to (re)seed: psa_crypto_init() and then every
 *    PICOPSA_DRBG_RESEED_INTERVAL random requests (every request with
 *    PICOPSA_DRBG_PREDICTION_RESISTANCE).
 *  - Never return constant, counter or clock-derived data: every key
 *    picopsa generates is only as strong as this function.
 *  - Called from the thread that calls the PSA API; need not be reentrant.
 *
 * Provided implementations: ports/linux/entropy_linux.c (getrandom()).
 * A bare-metal integrator writes this one function (see
 * ports/baremetal/README.md). If nobody defines it, the link fails with
 * "undefined reference to `picopsa_port_entropy'" -- by design: there is no
 * silent fallback.
 */
#ifndef PICOPSA_PORT_H
#define PICOPSA_PORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int picopsa_port_entropy(uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_PORT_H */
