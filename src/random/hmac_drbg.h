/*
 * hmac_drbg.h -- HMAC_DRBG, NIST SP 800-90A Rev. 1 section 10.1.2.
 *
 * Contract:
 *  - The DRBG mechanism only: it never reads an entropy source itself. The
 *    caller (src/random/pp_random.c for the library RNG, or a test) passes
 *    entropy in. hash_alg is any built hash: SHA-1, SHA-224/256/384/512,
 *    SHA-512/224, SHA-512/256 (RFC 6979 runs it over the message hash);
 *    security strength 256 bits (192 for SHA-224 and SHA-512/224, 128 for
 *    SHA-1, SP 800-57 part 1 table 3).
 *  - instantiate (10.1.2.3): entropy_len must be >= security_strength/8
 *    (32 bytes; 24, 16) and <= PP_HMAC_DRBG_MAX_INPUT; nonce and
 *    personalization are optional (NULL allowed with length 0). Errors:
 *    PSA_ERROR_NOT_SUPPORTED (hash not built),
 *    PSA_ERROR_INVALID_ARGUMENT (lengths).
 *  - reseed (10.1.2.4): same entropy length rule; PSA_ERROR_BAD_STATE when
 *    not instantiated. Resets the reseed counter to 1.
 *  - generate (10.1.2.5): out_len <= PP_HMAC_DRBG_MAX_REQUEST bytes
 *    (2^16; SP 800-90A table 2 allows 2^19 bits), else
 *    PSA_ERROR_INVALID_ARGUMENT. Returns PP_HMAC_DRBG_RESEED_REQUIRED
 *    (= PSA_ERROR_INSUFFICIENT_ENTROPY) without output when
 *      - more than reseed_interval generate calls happened since the last
 *        (re)seed (10.1.2.5 step 1), or
 *      - prediction resistance is on and this generate is not the first
 *        one since the last reseed (9.3.1 step 7: with prediction
 *        resistance every request must be preceded by a reseed; note that
 *        instantiate alone does not count, as in the CAVP "PR" vectors).
 *    The caller then reseeds (entropy + additional input) and calls
 *    generate again with no additional input (9.3.1 step 7.4).
 *    PSA_ERROR_BAD_STATE when not instantiated.
 *  - uninstantiate wipes the whole state.
 *  - Constant time: K and V are secrets and never drive a branch or an
 *    index; only lengths do. The caller owns thread safety.
 *  - Outputs may not alias inputs.
 */
#ifndef PICOPSA_HMAC_DRBG_H
#define PICOPSA_HMAC_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>

/* Largest generate request in bytes (2^16). */
#define PP_HMAC_DRBG_MAX_REQUEST 65536u
/* Largest entropy / nonce / personalization / additional input accepted,
 * in bytes (SP 800-90A allows 2^35 bits; 2^16 bytes is plenty here). */
#define PP_HMAC_DRBG_MAX_INPUT 65536u
/* Entropy bytes needed for the 256-bit security strength. */
#define PP_HMAC_DRBG_MIN_ENTROPY 32u
/* Status returned by generate when a reseed must happen first. */
#define PP_HMAC_DRBG_RESEED_REQUIRED PSA_ERROR_INSUFFICIENT_ENTROPY

typedef struct {
    /* K, kept as the two chaining values of HMAC(K, .) (inner: after
     * K ^ ipad, outer: after K ^ opad; 8 words each, SHA-256 uses the
     * first 32 bytes of each), so a generate with an unchanged K does not
     * compress the two key blocks again. */
    uint64_t keyed_state[2][8];
    uint8_t value[64];          /* V (outlen bytes used) */
    uint64_t reseed_counter;    /* generate calls since the last (re)seed, + 1 */
    uint64_t reseed_interval;   /* max generate calls between reseeds */
    uint32_t hash_alg;          /* PSA_ALG_SHA_*; 0 = not instantiated */
    uint32_t out_len;           /* hash output length in bytes */
    uint32_t prediction_resistance; /* 1: reseed before every generate */
    uint32_t reseeded;          /* 1: reseed happened since the last generate */
} pp_hmac_drbg;

/* Instantiate. Sets reseed_interval = PICOPSA_DRBG_RESEED_INTERVAL and
 * prediction resistance = PICOPSA_DRBG_PREDICTION_RESISTANCE (config.h);
 * change them with the setters below. */
psa_status_t pp_hmac_drbg_instantiate(pp_hmac_drbg *drbg, psa_algorithm_t hash_alg,
                                      const uint8_t *entropy, size_t entropy_len,
                                      const uint8_t *nonce, size_t nonce_len,
                                      const uint8_t *personalization, size_t pers_len);

psa_status_t pp_hmac_drbg_reseed(pp_hmac_drbg *drbg,
                                 const uint8_t *entropy, size_t entropy_len,
                                 const uint8_t *additional, size_t add_len);

psa_status_t pp_hmac_drbg_generate(pp_hmac_drbg *drbg, uint8_t *out, size_t out_len,
                                   const uint8_t *additional, size_t add_len);

void pp_hmac_drbg_uninstantiate(pp_hmac_drbg *drbg);

/* interval is 1..2^48 (SP 800-90A table 2); other values are clamped. */
void pp_hmac_drbg_set_reseed_interval(pp_hmac_drbg *drbg, uint64_t interval);
void pp_hmac_drbg_set_prediction_resistance(pp_hmac_drbg *drbg, int enabled);

#endif /* PICOPSA_HMAC_DRBG_H */
