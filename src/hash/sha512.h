/*
 * sha512.h -- SHA-512 and SHA-384 (FIPS 180-4, sections 5.3.4, 5.3.5, 6.4, 6.5).
 *
 * Contract:
 *  - init / update (any number of times, any lengths incl. 0) / finish.
 *    finish writes ctx->digest_size bytes (64 for SHA-512, 48 for SHA-384)
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
#define PP_SHA512_BLOCK_SIZE 128u

void pp_sha512_init(picopsa_sha512_context *ctx);
void pp_sha384_init(picopsa_sha512_context *ctx);
void pp_sha512_update(picopsa_sha512_context *ctx, const uint8_t *data, size_t len);
void pp_sha512_finish(picopsa_sha512_context *ctx, uint8_t *out);

/* One-shot SHA-512 (64-byte out). */
void pp_sha512(const uint8_t *data, size_t len, uint8_t out[64]);
/* One-shot SHA-384 (48-byte out). */
void pp_sha384(const uint8_t *data, size_t len, uint8_t out[48]);

#endif /* PICOPSA_SHA512_H */
