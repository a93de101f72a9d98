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
 *  - Called from the thread that calls the PSA API, with the RNG mutex
 *    held when PICOPSA_THREADS is 1; need not be reentrant.
 *
 *   void picopsa_port_mutex_lock(unsigned int mutex);
 *   void picopsa_port_mutex_unlock(unsigned int mutex);
 *
 *  - Only with PICOPSA_THREADS = 1 (picopsa/config.h). mutex is one of the
 *    PICOPSA_MUTEX_* below (0 .. PICOPSA_MUTEX_COUNT-1): a small fixed set,
 *    so a port can keep them in a static array, created before the first
 *    PSA call (or lazily, race-free).
 *  - lock blocks until the calling thread owns that mutex, and cannot
 *    fail (wait forever; if the RTOS call reports an error, that is a
 *    fatal fault of the system). unlock releases it. Never recursive:
 *    picopsa never locks a mutex it holds and never holds two at once.
 *  - What runs under a lock: a slot-table scan, one DRBG request of at
 *    most 64 KB; no sign, decrypt or key generation. With persistent
 *    storage (PICOPSA_ITS_BACKEND other than NONE) PICOPSA_MUTEX_KEY_STORE
 *    is also held across the storage I/O: loading a persistent key (ITS
 *    read and the key's import, e.g. an RSA key's Montgomery constants),
 *    storing one (export and ITS write: file I/O, or flash programming and
 *    possibly a sector erase) and removing one, and every psa_its_* call.
 *    Those sections can take milliseconds.
 *  - Not called from interrupt context unless the PSA API is.
 *
 *   int picopsa_port_fork_detected(void);
 *
 *  - Only with PICOPSA_FORK_DETECT = 1. Called with the RNG mutex held
 *    before every draw: return nonzero on the first call in each process
 *    (the first call ever, and the first call in a child after fork()),
 *    else 0. It must be cheap: it runs on every random request.
 *
 * Provided implementations: ports/linux/entropy_linux.c (getrandom()),
 * ports/linux/threads_linux.c (pthread mutexes, MADV_WIPEONFORK fork
 * detection). A bare-metal integrator writes picopsa_port_entropy (see
 * ports/baremetal/README.md; PICOPSA_THREADS and PICOPSA_FORK_DETECT
 * default to 0 there). If nobody defines a function the configuration
 * needs, the link fails with "undefined reference to `picopsa_port_...'"
 * -- by design: there is no silent fallback.
 */
#ifndef PICOPSA_PORT_H
#define PICOPSA_PORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int picopsa_port_entropy(uint8_t *buf, size_t len);

/* The library's mutexes (PICOPSA_THREADS = 1). */
#define PICOPSA_MUTEX_RANDOM 0u      /* the DRBG state (src/random/pp_random.c) */
#define PICOPSA_MUTEX_KEY_STORE 1u   /* key slots, lock counts, volatile ids */
#define PICOPSA_MUTEX_COUNT 2u

void picopsa_port_mutex_lock(unsigned int mutex);
void picopsa_port_mutex_unlock(unsigned int mutex);

/* Nonzero on the first call in a new process (PICOPSA_FORK_DETECT = 1). */
int picopsa_port_fork_detected(void);

#ifdef __cplusplus
}
#endif

#endif /* PICOPSA_PORT_H */
