/*
 * ctr_drbg.h -- CTR_DRBG with AES-256 and the derivation function, NIST
 * SP 800-90A Rev. 1 sections 10.2.1 and 10.3.2 (Block_Cipher_df, BCC).
 *
 * Contract (the interface, names and statuses mirror hmac_drbg.h, so the
 * library RNG can take either):
 *  - The DRBG mechanism only: it never reads an entropy source itself. The
 *    caller (src/random/pp_random.c for the library RNG, or a test) passes
 *    entropy in. Security strength 256 bits (SP 800-90A table 3, AES-256);
 *    ctr_len = blocklen = 128 (V is incremented mod 2^128), seedlen = 384.
 *  - instantiate (10.2.1.3.2): entropy_len must be >= 32 bytes and
 *    <= PP_CTR_DRBG_MAX_INPUT; nonce and personalization are optional
 *    (NULL allowed with length 0; pp_random.c passes a 16-byte nonce, as
 *    8.6.7 asks) and <= PP_CTR_DRBG_MAX_INPUT each. Error:
 *    PSA_ERROR_INVALID_ARGUMENT (lengths), the state is then wiped.
 *  - reseed (10.2.1.4.2): same entropy length rule, additional input
 *    optional; PSA_ERROR_BAD_STATE when not instantiated. Resets the reseed
 *    counter to 1.
 *  - generate (10.2.1.5.2): out_len <= PP_CTR_DRBG_MAX_REQUEST bytes (2^16;
 *    table 3 allows 2^19 bits), else PSA_ERROR_INVALID_ARGUMENT. Returns
 *    PP_CTR_DRBG_RESEED_REQUIRED (= PSA_ERROR_INSUFFICIENT_ENTROPY) without
 *    output and without a state change when
 *      - more than reseed_interval generate calls happened since the last
 *        (re)seed (10.2.1.5.2 step 1), or
 *      - prediction resistance is on and no reseed happened since the last
 *        generate (9.3.1 step 7; instantiate alone does not count, as in
 *        the CAVP "PR" vectors).
 *    The caller then reseeds (entropy + additional input) and calls
 *    generate again with no additional input (9.3.1 step 7.4).
 *    PSA_ERROR_BAD_STATE when not instantiated. A request of n > 0 bytes
 *    is AES-CTR keystream from V+1 (pp_aes_ctr, at least 4 blocks per
 *    call: the bitsliced AES backend does 4 blocks per pass): a multiple
 *    of 4 blocks straight into out, then the last 1..4 output blocks
 *    together with the 3 blocks of the closing CTR_DRBG_Update.
 *  - uninstantiate wipes the whole state (the AES round keys included).
 *  - Secret: entropy, nonce, personalization, additional input, Key (as
 *    AES round keys) and V. Lengths, the reseed counter and the flags are
 *    public. Constant time: no branch or index depends on a secret; the
 *    128-bit increment of V is a fixed 16-byte carry chain. The caller
 *    owns thread safety.
 *  - Outputs may not alias inputs.
 */
#ifndef PICOPSA_CTR_DRBG_H
#define PICOPSA_CTR_DRBG_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>

#include "aes/aes.h"

/* Largest generate request in bytes (2^16). */
#define PP_CTR_DRBG_MAX_REQUEST 65536u
/* Largest entropy / nonce / personalization / additional input accepted,
 * in bytes each (SP 800-90A allows 2^35 bits with the df; 2^16 bytes keeps
 * the df's 32-bit length field exact). */
#define PP_CTR_DRBG_MAX_INPUT 65536u
/* Entropy bytes needed for the 256-bit security strength. */
#define PP_CTR_DRBG_MIN_ENTROPY 32u
/* Status returned by generate when a reseed must happen first. */
#define PP_CTR_DRBG_RESEED_REQUIRED PSA_ERROR_INSUFFICIENT_ENTROPY

typedef struct {
    pp_aes_key key;             /* Key, kept as its AES-256 round keys */
    uint8_t value[16];          /* V */
    uint64_t reseed_counter;    /* generate calls since the last (re)seed, + 1 */
    uint64_t reseed_interval;   /* max generate calls between reseeds */
    uint32_t instantiated;      /* 1 between instantiate and uninstantiate */
    uint32_t prediction_resistance; /* 1: reseed before every generate */
    uint32_t reseeded;          /* 1: reseed happened since the last generate */
} pp_ctr_drbg;

/* Instantiate. Sets reseed_interval = PICOPSA_DRBG_RESEED_INTERVAL and
 * prediction resistance = PICOPSA_DRBG_PREDICTION_RESISTANCE (config.h);
 * change them with the setters below. */
psa_status_t pp_ctr_drbg_instantiate(pp_ctr_drbg *drbg,
                                     const uint8_t *entropy, size_t entropy_len,
                                     const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *personalization, size_t pers_len);

psa_status_t pp_ctr_drbg_reseed(pp_ctr_drbg *drbg,
                                const uint8_t *entropy, size_t entropy_len,
                                const uint8_t *additional, size_t add_len);

psa_status_t pp_ctr_drbg_generate(pp_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                  const uint8_t *additional, size_t add_len);

void pp_ctr_drbg_uninstantiate(pp_ctr_drbg *drbg);

/* interval is 1..2^48 (SP 800-90A table 3); other values are clamped. */
void pp_ctr_drbg_set_reseed_interval(pp_ctr_drbg *drbg, uint64_t interval);
void pp_ctr_drbg_set_prediction_resistance(pp_ctr_drbg *drbg, int enabled);

#endif /* PICOPSA_CTR_DRBG_H */
