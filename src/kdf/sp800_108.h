/*
 * sp800_108.h -- the SP 800-108r1 KDF in counter mode with HMAC (section
 * 4.1) in the exact form of PSA Crypto API 1.2 sec. 10.6,
 * PSA_ALG_SP800_108_COUNTER_HMAC(hash), as a stream for the PSA
 * key-derivation operation:
 *
 *   K_i = HMAC(K_IN, [i]_4 || Label || 0x00 || Context || [L]_4),  i = 1, 2, ...
 *
 * with [x]_4 the big-endian 32-bit encoding and L the output length in
 * bits. PSA: inputs SECRET (K_IN), LABEL (optional, no 0x00 byte),
 * CONTEXT (optional); L = 8 * capacity when the first output is
 * requested (initial capacity 2^29 - 1 bytes, so L fits in 32 bits). The
 * CMAC variant (PSA_ALG_SP800_108_COUNTER_CMAC) is not here.
 *
 * Contract:
 *  - pp_sp800_108_setup keys HMAC with K_IN (not kept, so output may
 *    later go over its buffer); hash_alg is any
 *    hash of mac/hmac.h, with pp_hmac_setup()'s statuses.
 *  - pp_sp800_108_start fixes the total output length total_len (bytes;
 *    L = 8 * total_len) before the first output; total_len above
 *    PP_SP800_108_MAX_BYTES (L would not fit in 32 bits):
 *    INVALID_ARGUMENT. Once only: BAD_STATE after output started or
 *    before setup.
 *  - pp_sp800_108_output continues the stream where the last call
 *    stopped, for any lengths, and returns INSUFFICIENT_DATA, writing
 *    nothing, when the request goes past total_len bytes (the PRF's
 *    output is L bits, SP 800-108r1 4.1 step 5); BAD_STATE before start.
 *    Label and context are public and held by the caller (the PSA
 *    operation keeps them): every output call passes the same ones, since
 *    each block hashes them again after [i]_4; out must not overlap them.
 *  - pp_sp800_108_label_ok: SUCCESS, or INVALID_ARGUMENT for a label
 *    with a 0x00 byte (PSA: "it must not contain any null bytes"; the
 *    separator would be ambiguous). output does not check it again.
 *  - Secrets: K_IN and the stream; constant time in both (HMAC is; the
 *    counter, L, label and context are public). pp_sp800_108_wipe erases
 *    the context.
 */
#ifndef PICOPSA_SP800_108_H
#define PICOPSA_SP800_108_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>

#include "hash/pp_hash.h"
#include "kdf/kdf_stream.h"
#include "mac/hmac.h"

/* PSA's initial capacity, 2^29 - 1 bytes: the largest L/8 with L in 32
 * bits. (2^29 - 1) / 20 blocks keep i far below 2^32 too. */
#define PP_SP800_108_MAX_BYTES 0x1FFFFFFFu

typedef struct {
    pp_hmac_ctx hmac;                /* keyed with K_IN */
    pp_kdf_stream stream;            /* K_index */
    uint32_t index;                  /* i of the K_i in stream.block; 0 before the first */
    uint32_t left;                   /* bytes of the L/8 not yet output */
    uint8_t length_be[4];            /* [L]_4 */
    uint8_t started;                 /* start called */
} pp_sp800_108_ctx;

psa_status_t pp_sp800_108_setup(pp_sp800_108_ctx *ctx, psa_algorithm_t hash_alg,
                                const uint8_t *key, size_t key_len);
psa_status_t pp_sp800_108_start(pp_sp800_108_ctx *ctx, size_t total_len);
psa_status_t pp_sp800_108_output(pp_sp800_108_ctx *ctx, const uint8_t *label, size_t label_len,
                                 const uint8_t *context, size_t context_len, uint8_t *out,
                                 size_t len);
void pp_sp800_108_wipe(pp_sp800_108_ctx *ctx);

psa_status_t pp_sp800_108_label_ok(const uint8_t *label, size_t label_len);

#endif /* PICOPSA_SP800_108_H */
