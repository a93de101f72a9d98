/*
 * pp_random.c -- the library RNG (see pp_random.h): one HMAC_DRBG seeded
 * and reseeded from picopsa_port_entropy().
 *
 * The DRBG state below is one of the two globals the architecture allows.
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

psa_status_t pp_random_init(void)
{
    static const char personalization[] = PICOPSA_DRBG_PERSONALIZATION;
    uint8_t seed[RANDOM_ENTROPY_BYTES + RANDOM_NONCE_BYTES];
    psa_status_t status;

    if (pp_random_drbg.hash_alg != 0) {
        return PSA_SUCCESS;
    }
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

psa_status_t pp_random_bytes(uint8_t *out, size_t len)
{
    size_t done = 0;
    psa_status_t status = PSA_SUCCESS;

    if (pp_random_drbg.hash_alg == 0) {
        return PSA_ERROR_BAD_STATE;
    }
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

void pp_random_free(void)
{
    pp_hmac_drbg_uninstantiate(&pp_random_drbg);
}
