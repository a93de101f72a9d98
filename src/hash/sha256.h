/*
 * sha256.h -- SHA-256 and SHA-224 (FIPS 180-4, sections 5.3.2, 5.3.3, 6.2, 6.3).
 *
 * Contract:
 *  - init / update (any number of times, any lengths incl. 0) / finish.
 *    finish writes ctx->digest_size bytes (32 for SHA-256, 28 for SHA-224)
 *    and wipes the context; it must be set up again before reuse.
 *  - data may be NULL when len is 0. out may alias nothing in ctx.
 *  - Constant time in the data: timing depends only on lengths.
 *  - Messages are limited to 2^61 - 1 bytes (the 64-bit bit count).
 *  - Clone a running hash by struct assignment.
 */
#ifndef PICOPSA_SHA256_H
#define PICOPSA_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/primitives.h>

#define PP_SHA256_DIGEST_SIZE 32u
#define PP_SHA224_DIGEST_SIZE 28u
#define PP_SHA256_BLOCK_SIZE 64u

void pp_sha256_init(picopsa_sha256_context *ctx);
void pp_sha224_init(picopsa_sha256_context *ctx);
void pp_sha256_update(picopsa_sha256_context *ctx, const uint8_t *data, size_t len);
void pp_sha256_finish(picopsa_sha256_context *ctx, uint8_t *out);

/* FIPS 180-4 6.2.2: one compression of block into the chaining value
 * state, through the backend the context functions use (SHA-NI, ARMv8 CE
 * or C). For callers that pad a message block themselves (PBKDF2's
 * iterations, pp_hash_compress_after_block). */
void pp_sha256_compress_block(uint32_t state[8], const uint8_t block[64]);

/* One-shot SHA-256 (32-byte out). */
void pp_sha256(const uint8_t *data, size_t len, uint8_t out[32]);
/* One-shot SHA-224 (28-byte out). */
void pp_sha224(const uint8_t *data, size_t len, uint8_t out[28]);

#endif /* PICOPSA_SHA256_H */
