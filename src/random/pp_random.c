/*
 * pp_random.c -- the library RNG (see pp_random.h): one HMAC_DRBG seeded
 * and reseeded from picopsa_port_entropy().
 *
 * The DRBG state below is one of the two globals the architecture allows.
 * With PICOPSA_THREADS it is only touched with PICOPSA_MUTEX_RANDOM held;
 * with PICOPSA_FORK_DETECT every draw first asks the port whether this is
 * a new process and then reseeds, so parent and child streams part.
 */
#include <picopsa/config.h>
#include <picopsa/port.h>

#include <string.h>

#include "common/pp_util.h"
#include "random/hmac_drbg.h"
#include "random/pp_random.h"

/* PICOPSA_DRBG_HASH holds a cast, which #if cannot evaluate: check it as an
 * integer constant expression instead (a negative array size fails). */
typedef char pp_random_drbg_hash_must_be_sha256_or_sha512
    [((PICOPSA_DRBG_HASH == PSA_ALG_SHA_256 && PSA_WANT_ALG_SHA_256) ||
      (PICOPSA_DRBG_HASH == PSA_ALG_SHA_512 && PSA_WANT_ALG_SHA_512)) ? 1 : -1];

/* Entropy input = security strength (256 bits); SP 800-90A 8.6.7 lets the
 * nonce come from the same source: half the strength (128 bits) more. */
#define RANDOM_ENTROPY_BYTES PP_HMAC_DRBG_MIN_ENTROPY
#define RANDOM_NONCE_BYTES (PP_HMAC_DRBG_MIN_ENTROPY / 2u)

static pp_hmac_drbg pp_random_drbg;
#if PICOPSA_FORK_DETECT
/* A new process was seen and its reseed has not succeeded yet. */
static uint8_t pp_random_fork_reseed_pending;
#endif

static void random_lock(void)
{
#if PICOPSA_THREADS
    picopsa_port_mutex_lock(PICOPSA_MUTEX_RANDOM);
#endif
}

static void random_unlock(void)
{
#if PICOPSA_THREADS
    picopsa_port_mutex_unlock(PICOPSA_MUTEX_RANDOM);
#endif
}

static psa_status_t random_init_locked(void)
{
    static const char personalization[] = PICOPSA_DRBG_PERSONALIZATION;
    uint8_t seed[RANDOM_ENTROPY_BYTES + RANDOM_NONCE_BYTES];
    psa_status_t status;

    if (pp_random_drbg.hash_alg != 0) {
        return PSA_SUCCESS;
    }
#if PICOPSA_FORK_DETECT
    /* Fresh entropy below: whatever the port says about this process is
     * settled by the instantiation (and its first call arms it). */
    (void)picopsa_port_fork_detected();
    pp_random_fork_reseed_pending = 0;
#endif
    if (picopsa_port_entropy(seed, sizeof(seed)) != 0) {
        pp_wipe(seed, sizeof(seed));
        return PSA_ERROR_INSUFFICIENT_ENTROPY;
    }
    status = pp_hmac_drbg_instantiate(&pp_random_drbg, PICOPSA_DRBG_HASH,
                                      seed, RANDOM_ENTROPY_BYTES,
                                      seed + RANDOM_ENTROPY_BYTES, RANDOM_NONCE_BYTES,
                                      (const uint8_t *)personalization,
                                      sizeof(personalization) - 1u);
    pp_wipe(seed, sizeof(seed));
    if (status != PSA_SUCCESS) {
        pp_hmac_drbg_uninstantiate(&pp_random_drbg);
    }
    return status;
}

psa_status_t pp_random_init(void)
{
    psa_status_t status;
    random_lock();
    status = random_init_locked();
    random_unlock();
    return status;
}

/* SP 800-90A 9.2: fresh entropy from the port, no additional input. */
static psa_status_t random_reseed_from_port(void)
{
    uint8_t entropy[RANDOM_ENTROPY_BYTES];
    psa_status_t status;

    if (picopsa_port_entropy(entropy, sizeof(entropy)) != 0) {
        pp_wipe(entropy, sizeof(entropy));
        return PSA_ERROR_INSUFFICIENT_ENTROPY;
    }
    status = pp_hmac_drbg_reseed(&pp_random_drbg, entropy, sizeof(entropy), NULL, 0);
    pp_wipe(entropy, sizeof(entropy));
    return status;
}

static psa_status_t random_bytes_locked(uint8_t *out, size_t len)
{
    size_t done = 0;
    psa_status_t status = PSA_SUCCESS;

    if (pp_random_drbg.hash_alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
#if PICOPSA_FORK_DETECT
    if (len == 0) {
        return PSA_SUCCESS;   /* reads nothing, like the loop below */
    }
    /* A child of fork() holds a copy of the parent's state: reseed with
     * fresh entropy (SP 800-90A 9.2) before its first output. Kept pending
     * until a reseed succeeds, so a failing port cannot let it slip. */
    if (picopsa_port_fork_detected()) {
        pp_random_fork_reseed_pending = 1;
    }
    if (pp_random_fork_reseed_pending) {
        status = random_reseed_from_port();
        if (status != PSA_SUCCESS) {
            memset(out, 0, len);
            return status;
        }
        pp_random_fork_reseed_pending = 0;
    }
#endif
    while (done < len) {
        size_t chunk = len - done;
        if (chunk > PP_HMAC_DRBG_MAX_REQUEST) {
            chunk = PP_HMAC_DRBG_MAX_REQUEST;
        }
        status = pp_hmac_drbg_generate(&pp_random_drbg, out + done, chunk, NULL, 0);
        if (status == PP_HMAC_DRBG_RESEED_REQUIRED) {
            /* 9.3.1 step 7: reseed (interval reached or prediction
             * resistance), then generate without additional input. */
            status = random_reseed_from_port();
            if (status == PSA_SUCCESS) {
                status = pp_hmac_drbg_generate(&pp_random_drbg, out + done, chunk, NULL, 0);
            }
        }
        if (status != PSA_SUCCESS) {
            /* Never hand out a partial buffer that looks random. */
            memset(out, 0, len);
            return status;
        }
        done += chunk;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_random_bytes(uint8_t *out, size_t len)
{
    psa_status_t status;
    random_lock();
    status = random_bytes_locked(out, len);
    random_unlock();
    return status;
}

void pp_random_free(void)
{
    random_lock();
    pp_hmac_drbg_uninstantiate(&pp_random_drbg);
    random_unlock();
}
