/*
 * pp_hash.h -- a hash selected by psa_algorithm_t (PSA_ALG_SHA_1, _224, _256,
 * _384, _512, _512_224, _512_256; PSA_ALG_SHA3_224, _256, _384, _512 and
 * PSA_ALG_SHAKE256_512, the first 64 bytes of SHAKE256, FIPS 202 6.2).
 *
 * Contract:
 *  - pp_hash_setup() chooses the algorithm; PSA_ERROR_NOT_SUPPORTED when the
 *    hash is a known hash but not built (PSA_WANT_ALG_SHA_* = 0) or not
 *    implemented (MD5, SM3, ...), PSA_ERROR_INVALID_ARGUMENT when alg is
 *    not a hash algorithm at all (or is PSA_ALG_ANY_HASH).
 *  - setup on a context that is still active leaks nothing only if it is
 *    aborted first (the PSA core aborts before it sets up again).
 *  - update/finish/abort on an inactive context (alg == 0) do nothing
 *    (finish writes nothing); the PSA core tracks operation state itself.
 *  - finish writes pp_hash_size(alg) bytes and wipes the context; abort
 *    wipes it. Clone = struct assignment.
 *  - Constant time in the hashed data.
 */
#ifndef PICOPSA_PP_HASH_H
#define PICOPSA_PP_HASH_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>
#include <picopsa/primitives.h>

typedef picopsa_hash_context pp_hash_ctx;

/* Largest digest (SHA-512, SHA3-512, SHAKE256/512) and block (SHA3-224's
 * rate, 144 bytes; SHA-512's 128) of any hash picopsa can build. */
#define PP_HASH_MAX_SIZE 64u
#define PP_HASH_MAX_BLOCK_SIZE 144u

psa_status_t pp_hash_setup(pp_hash_ctx *ctx, psa_algorithm_t alg);
void pp_hash_update(pp_hash_ctx *ctx, const uint8_t *in, size_t len);
void pp_hash_finish(pp_hash_ctx *ctx, uint8_t *out);
void pp_hash_abort(pp_hash_ctx *ctx);

/* Digest size / block size in bytes (SHA-3: the sponge rate, 72..144); 0 if
 * alg is not a built hash. */
size_t pp_hash_size(psa_algorithm_t alg);
size_t pp_hash_block_size(psa_algorithm_t alg);

/* Chaining value of a context that has absorbed whole blocks only (the
 * keyed states of HMAC): save copies it out (20 bytes for SHA-1, 32 for
 * SHA-224/256, 64 for the SHA-512 family; state must hold PP_HASH_MAX_SIZE bytes and be
 * 8-byte aligned); resume sets ctx up for alg as if it had absorbed
 * exactly one block ending in that chaining value (the HMAC_DRBG caches
 * HMAC(K, .) this way while K is unchanged). resume returns the
 * pp_hash_setup() statuses. Secret state: copies only, no branch on it.
 * SHA-1 and SHA-2 only: a SHA-3 state is the whole 200-byte sponge, which
 * state[8] cannot hold, so save writes nothing and resume returns
 * PSA_ERROR_NOT_SUPPORTED (ctx inactive). A caller checks
 * pp_hash_has_chaining(alg) (1: SHA-1/SHA-2 built, 0 otherwise) first. */
int pp_hash_has_chaining(psa_algorithm_t alg);
void pp_hash_save_chaining(const pp_hash_ctx *ctx, uint64_t state[8]);
psa_status_t pp_hash_resume_after_block(pp_hash_ctx *ctx, psa_algorithm_t alg,
                                        const uint64_t state[8]);

/* PBKDF2's iterations (RFC 8018 5.2 step 3, F) from HMAC's saved keyed
 * chaining values (pp_hash_save_chaining), without a hash context per
 * iteration: two compressions each. pad_after_block writes the FIPS 180-4
 * 5.1 padding of an msg_len-byte message that follows one block into
 * block (pp_hash_block_size(alg) bytes; msg_len a digest length, so it
 * fits). hmac_iterate then runs count iterations: inner_block holds
 * U_{j-1} (pp_hash_size(alg) bytes) and is padded, outer_block is padded;
 * each iteration hashes inner_block from inner into outer_block's message
 * bytes, then outer_block from outer back into inner_block's (U_j), and
 * XORs U_j into t. SHA-1 and SHA-2 only (pp_hash_has_chaining); constant
 * time: copies, XORs and the compression only. */
void pp_hash_pad_after_block(psa_algorithm_t alg, uint8_t *block, size_t msg_len);
void pp_hash_hmac_iterate(psa_algorithm_t alg, const uint64_t inner[8], const uint64_t outer[8],
                          uint8_t *inner_block, uint8_t *outer_block, uint32_t count, uint8_t *t);

/* One-shot: same statuses as pp_hash_setup. */
psa_status_t pp_hash_compute(psa_algorithm_t alg, const uint8_t *in, size_t len, uint8_t *out);

#endif /* PICOPSA_PP_HASH_H */
