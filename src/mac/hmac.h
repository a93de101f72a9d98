/*
 * hmac.h -- HMAC (RFC 2104, FIPS 198-1) over any hash of pp_hash.h.
 *
 * Contract:
 *  - hash_alg is a PSA_ALG_SHA_* or PSA_ALG_SHA3_* value (not
 *    PSA_ALG_HMAC(...)); setup returns the pp_hash_setup() statuses for it,
 *    and PSA_ERROR_NOT_SUPPORTED for PSA_ALG_SHAKE256_512 (an XOF).
 *  - Keys of any length (incl. 0); keys longer than the hash block are
 *    first hashed (FIPS 198-1 step 2). key may be NULL when key_len is 0.
 *  - finish writes the full pp_hash_size(hash_alg)-byte tag and wipes the
 *    context; truncation and tag comparison (pp_ct_memeq) are the
 *    caller's business. abort wipes.
 *  - Constant time in the key and the data (only lengths leak); the key
 *    is not retained, only the two pre-keyed hash states.
 *  - Clone = struct assignment.
 */
#ifndef PICOPSA_HMAC_H
#define PICOPSA_HMAC_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/primitives.h>

typedef picopsa_hmac_context pp_hmac_ctx;

psa_status_t pp_hmac_setup(pp_hmac_ctx *ctx, psa_algorithm_t hash_alg,
                           const uint8_t *key, size_t key_len);
void pp_hmac_update(pp_hmac_ctx *ctx, const uint8_t *in, size_t len);
void pp_hmac_finish(pp_hmac_ctx *ctx, uint8_t *mac);
void pp_hmac_abort(pp_hmac_ctx *ctx);

psa_status_t pp_hmac_compute(psa_algorithm_t hash_alg, const uint8_t *key, size_t key_len,
                             const uint8_t *in, size_t in_len, uint8_t *mac);

#endif /* PICOPSA_HMAC_H */
