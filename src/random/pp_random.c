/*
 * pp_random.c -- the library RNG (see pp_random.h): one DRBG seeded and
 * reseeded from picopsa_port_entropy(). PICOPSA_DRBG_MECHANISM picks it at
 * build time: HMAC_DRBG (hmac_drbg.h) or CTR_DRBG over AES-256
 * (ctr_drbg.h). Only the selected mechanism is referenced, so the other
 * one is never linked from here.
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
#include "random/pp_random.h"

/* ---- the selected mechanism, behind five calls -------------------------- */
/* Both mechanisms have the same contract shape (statuses, the 2^16-byte
 * request limit, RESEED_REQUIRED = INSUFFICIENT_ENTROPY, the reseed and
 * prediction-resistance rules of SP 800-90A 9.3.1), so everything below
 * this block is shared. */
#if PICOPSA_DRBG_MECHANISM == PICOPSA_DRBG_CTR
#include "random/ctr_drbg.h"

#define RANDOM_MIN_ENTROPY PP_CTR_DRBG_MIN_ENTROPY
#define RANDOM_MAX_REQUEST PP_CTR_DRBG_MAX_REQUEST
#define RANDOM_RESEED_REQUIRED PP_CTR_DRBG_RESEED_REQUIRED

static pp_ctr_drbg pp_random_drbg;

static int drbg_ready(void)
{
    return pp_random_drbg.instantiated != 0;
}

/* SP 800-90A 10.2.1.3.2: the derivation function takes entropy, nonce and
 * personalization. */
static psa_status_t drbg_instantiate(const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *pers, size_t pers_len)
{
    return pp_ctr_drbg_instantiate(&pp_random_drbg, entropy, entropy_len, nonce, nonce_len,
                                   pers, pers_len);
}

static psa_status_t drbg_reseed(const uint8_t *entropy, size_t entropy_len)
{
    return pp_ctr_drbg_reseed(&pp_random_drbg, entropy, entropy_len, NULL, 0);
}

static psa_status_t drbg_generate(uint8_t *out, size_t len)
{
    return pp_ctr_drbg_generate(&pp_random_drbg, out, len, NULL, 0);
}

static void drbg_uninstantiate(void)
{
    pp_ctr_drbg_uninstantiate(&pp_random_drbg);
}

#else /* PICOPSA_DRBG_HMAC */
#include "random/hmac_drbg.h"

/* PICOPSA_DRBG_HASH holds a cast, which #if cannot evaluate: check it as an
 * integer constant expression instead (a negative array size fails). */
typedef char pp_random_drbg_hash_must_be_sha256_or_sha512
    [((PICOPSA_DRBG_HASH == PSA_ALG_SHA_256 && PSA_WANT_ALG_SHA_256) ||
      (PICOPSA_DRBG_HASH == PSA_ALG_SHA_512 && PSA_WANT_ALG_SHA_512)) ? 1 : -1];

#define RANDOM_MIN_ENTROPY PP_HMAC_DRBG_MIN_ENTROPY
#define RANDOM_MAX_REQUEST PP_HMAC_DRBG_MAX_REQUEST
#define RANDOM_RESEED_REQUIRED PP_HMAC_DRBG_RESEED_REQUIRED

static pp_hmac_drbg pp_random_drbg;

static int drbg_ready(void)
{
    return pp_random_drbg.hash_alg != 0;
}

static psa_status_t drbg_instantiate(const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *pers, size_t pers_len)
{
    return pp_hmac_drbg_instantiate(&pp_random_drbg, PICOPSA_DRBG_HASH, entropy, entropy_len,
                                    nonce, nonce_len, pers, pers_len);
}

static psa_status_t drbg_reseed(const uint8_t *entropy, size_t entropy_len)
{
    return pp_hmac_drbg_reseed(&pp_random_drbg, entropy, entropy_len, NULL, 0);
}

static psa_status_t drbg_generate(uint8_t *out, size_t len)
{
    return pp_hmac_drbg_generate(&pp_random_drbg, out, len, NULL, 0);
}

static void drbg_uninstantiate(void)
{
    pp_hmac_drbg_uninstantiate(&pp_random_drbg);
}
#endif

/* ---- the library RNG ----------------------------------------------------- */

/* Entropy input = security strength (256 bits); SP 800-90A 8.6.7 lets the
 * nonce come from the same source: half the strength (128 bits) more. */
#define RANDOM_ENTROPY_BYTES RANDOM_MIN_ENTROPY
#define RANDOM_NONCE_BYTES (RANDOM_MIN_ENTROPY / 2u)

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

    if (drbg_ready()) {
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
    status = drbg_instantiate(seed, RANDOM_ENTROPY_BYTES,
                              seed + RANDOM_ENTROPY_BYTES, RANDOM_NONCE_BYTES,
                              (const uint8_t *)personalization, sizeof(personalization) - 1u);
    pp_wipe(seed, sizeof(seed));
    if (status != PSA_SUCCESS) {
        drbg_uninstantiate();
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
    status = drbg_reseed(entropy, sizeof(entropy));
    pp_wipe(entropy, sizeof(entropy));
    return status;
}

static psa_status_t random_bytes_locked(uint8_t *out, size_t len)
{
    size_t done = 0;
    psa_status_t status = PSA_SUCCESS;

    if (!drbg_ready()) {
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
        if (chunk > RANDOM_MAX_REQUEST) {
            chunk = RANDOM_MAX_REQUEST;
        }
        status = drbg_generate(out + done, chunk);
        if (status == RANDOM_RESEED_REQUIRED) {
            /* 9.3.1 step 7: reseed (interval reached or prediction
             * resistance), then generate without additional input. */
            status = random_reseed_from_port();
            if (status == PSA_SUCCESS) {
                status = drbg_generate(out + done, chunk);
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
    drbg_uninstantiate();
    random_unlock();
}
