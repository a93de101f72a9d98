/*
 * sha512.h -- SHA-512, SHA-384, SHA-512/224, SHA-512/256 (FIPS 180-4,
 * sections 5.3.4-5.3.6, 6.4-6.7).
 *
 * Contract:
 *  - init / update (any number of times, any lengths incl. 0) / finish.
 *    finish writes ctx->digest_size bytes (64, 48, 28 or 32)
 *    and wipes the context; it must be set up again before reuse.
 *  - data may be NULL when len is 0.
 *  - Constant time in the data: timing depends only on lengths.
 *  - Clone a running hash by struct assignment.
 *  - Ed25519 (RFC 8032) calls these directly.
 */
#ifndef PICOPSA_SHA512_H
#define PICOPSA_SHA512_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/primitives.h>

#define PP_SHA512_DIGEST_SIZE 64u
#define PP_SHA384_DIGEST_SIZE 48u
#define PP_SHA512_224_DIGEST_SIZE 28u
#define PP_SHA512_256_DIGEST_SIZE 32u
#define PP_SHA512_BLOCK_SIZE 128u

/* FIPS 180-4 6.4.2: one compression of block into the chaining value
 * state, through the backend the context functions use (as
 * pp_sha256_compress_block). */
void pp_sha512_compress_block(uint64_t state[8], const uint8_t block[128]);

void pp_sha512_init(picopsa_sha512_context *ctx);
void pp_sha384_init(picopsa_sha512_context *ctx);
/* SHA-512/224 and SHA-512/256 (FIPS 180-4 6.6, 6.7): SHA-512 with their
 * IVs, truncated. */
void pp_sha512_224_init(picopsa_sha512_context *ctx);
void pp_sha512_256_init(picopsa_sha512_context *ctx);
void pp_sha512_update(picopsa_sha512_context *ctx, const uint8_t *data, size_t len);
void pp_sha512_finish(picopsa_sha512_context *ctx, uint8_t *out);

/* One-shot SHA-512 (64-byte out). */
void pp_sha512(const uint8_t *data, size_t len, uint8_t out[64]);
/* One-shot SHA-384 (48-byte out). */
void pp_sha384(const uint8_t *data, size_t len, uint8_t out[48]);

#endif /* PICOPSA_SHA512_H */
