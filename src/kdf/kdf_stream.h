/*
 * kdf_stream.h -- the output stream shared by the block-wise KDFs of
 * src/kdf (pbkdf2.c, tls12_prf.c, sp800_108.c): the PRF produces one
 * hLen-byte block at a time, when the stream reaches it; the caller draws
 * any number of bytes per call and the next call continues inside the
 * block where the last one stopped (PSA Crypto API 1.2 10.6.3:
 * psa_key_derivation_output_bytes may be called many times, with any
 * lengths).
 *
 * Contract:
 *  - pp_kdf_stream_init(s, block_len) with 1 <= block_len <=
 *    PP_HASH_MAX_SIZE starts a stream with no block yet; the first draw
 *    calls refill. len == 0 means "never set up".
 *  - pp_kdf_stream_draw copies len bytes to out, calling refill(kdf,
 *    inputs) whenever block[] is used up; refill writes the next block
 *    into block[] (its own stream). Length limits are the caller's.
 *  - block[] holds secret output: the owner wipes it with its context.
 *    Copies have public lengths only (constant time).
 *  - pp_kdf_absorb is pp_hmac_update that skips empty inputs, so NULL
 *    with length 0 never reaches the hash.
 */
#ifndef PICOPSA_KDF_STREAM_H
#define PICOPSA_KDF_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "hash/pp_hash.h"
#include "mac/hmac.h"

typedef struct {
    uint8_t block[PP_HASH_MAX_SIZE];
    uint8_t len;    /* bytes per block (hLen); 0: not set up */
    uint8_t used;   /* bytes of block[] already drawn; len: refill first */
} pp_kdf_stream;

/* Two public byte strings a block is computed over each time (TLS 1.2:
 * label and seed; SP 800-108: label and context). */
typedef struct {
    const uint8_t *first;
    size_t first_len;
    const uint8_t *second;
    size_t second_len;
} pp_kdf_inputs;

typedef void (*pp_kdf_refill_fn)(void *kdf, const void *inputs);

void pp_kdf_stream_init(pp_kdf_stream *s, size_t block_len);
void pp_kdf_stream_draw(pp_kdf_stream *s, uint8_t *out, size_t len, pp_kdf_refill_fn refill,
                        void *kdf, const void *inputs);
/* pp_kdf_stream_draw with inputs = the pp_kdf_inputs {first, second}. */
void pp_kdf_stream_draw_over(pp_kdf_stream *s, uint8_t *out, size_t len, pp_kdf_refill_fn refill,
                             void *kdf, const uint8_t *first, size_t first_len,
                             const uint8_t *second, size_t second_len);
void pp_kdf_absorb(pp_hmac_ctx *ctx, const uint8_t *in, size_t len);

#endif /* PICOPSA_KDF_STREAM_H */
