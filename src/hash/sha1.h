/*
 * sha1.h -- SHA-1 (FIPS 180-4, sections 4.1.1, 5.3.1, 6.1).
 *
 * SHA-1 is broken for collision resistance (new signatures must not use
 * it); it is here for RSA-OAEP, HMAC-SHA-1 (RFC 6238 TOTP) and verifying
 * old signatures (PSA Crypto API 1.2 10.2: PSA_ALG_SHA_1).
 *
 * Contract: as sha256.h -- init / update (any lengths, data may be NULL
 * when len is 0) / finish (writes 20 bytes, wipes the context); constant
 * time in the data; messages below 2^61 bytes; clone by struct assignment.
 */
#ifndef PICOPSA_SHA1_H
#define PICOPSA_SHA1_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/primitives.h>

#define PP_SHA1_DIGEST_SIZE 20u
#define PP_SHA1_BLOCK_SIZE 64u

/* FIPS 180-4 6.1.2: one compression of block into the chaining value
 * state, through the backend the context functions use (as
 * pp_sha256_compress_block). */
void pp_sha1_compress_block(uint32_t state[5], const uint8_t block[64]);

void pp_sha1_init(picopsa_sha1_context *ctx);
void pp_sha1_update(picopsa_sha1_context *ctx, const uint8_t *data, size_t len);
void pp_sha1_finish(picopsa_sha1_context *ctx, uint8_t *out);

/* One-shot SHA-1 (20-byte out). */
void pp_sha1(const uint8_t *data, size_t len, uint8_t out[20]);

#endif /* PICOPSA_SHA1_H */
