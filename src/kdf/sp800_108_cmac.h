/*
 * sp800_108_cmac.h -- the SP 800-108r1 KDF in counter mode with AES-CMAC
 * (section 4.1, with the Appendix B "key control" mitigation) in the exact
 * form of PSA Crypto API 1.2 sec. 10.6.1, PSA_ALG_SP800_108_COUNTER_CMAC,
 * as a stream for the PSA key-derivation operation:
 *
 *   K_0 = CMAC(K_IN, Label || 0x00 || Context || [L]_4)
 *   K_i = CMAC(K_IN, [i]_4 || Label || 0x00 || Context || [L]_4 || K_0),  i = 1, 2, ...
 *
 * with [x]_4 the big-endian 32-bit encoding and L the output length in
 * bits. Against the HMAC variant (sp800_108.h): the K_0 term, 16-byte
 * blocks, and K_IN an AES key (128, 192 or 256 bits) that the PSA front
 * end takes from a key only (10.6.1: "must be input using
 * psa_key_derivation_input_key()"). Capacity: the same 2^29 - 1 bytes and
 * L = 8 * capacity at the first output as the HMAC variant (10.6.1 gives
 * both the same text).
 *
 * Contract:
 *  - pp_sp800_108_cmac_setup keys AES-CMAC with K_IN (not kept beyond the
 *    CMAC context): INVALID_ARGUMENT for a key that is not 16, 24 or 32
 *    bytes (pp_cmac_setup).
 *  - pp_sp800_108_cmac_start fixes total_len (bytes; L = 8 * total_len)
 *    and computes K_0 over label and context, before the first output;
 *    total_len above PP_SP800_108_MAX_BYTES: INVALID_ARGUMENT. Once only:
 *    BAD_STATE after start or before setup.
 *  - pp_sp800_108_cmac_output continues the stream for any lengths;
 *    INSUFFICIENT_DATA, writing nothing, past total_len bytes; BAD_STATE
 *    before start. Every call passes the label and context start saw (the
 *    PSA operation keeps them); out must not overlap them.
 *  - The label check is pp_sp800_108_label_ok (sp800_108.h), the same rule.
 *  - Secrets: K_IN, K_0 and the stream; constant time in all of them
 *    (AES-CMAC is; the counter, L, label and context are public).
 *    pp_sp800_108_cmac_wipe erases the context.
 */
#ifndef PICOPSA_SP800_108_CMAC_H
#define PICOPSA_SP800_108_CMAC_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <picopsa/config.h>

#include "kdf/kdf_stream.h"
#include "mac/cmac.h"

#ifndef PP_SP800_108_MAX_BYTES
/* 10.6.1: initial capacity 2^29 - 1 bytes, so L = 8 * cap fits 32 bits. */
#define PP_SP800_108_MAX_BYTES 0x1FFFFFFFu
#endif

typedef struct {
    pp_cmac_ctx cmac;            /* keyed with K_IN, nothing absorbed: cloned per block */
    pp_kdf_stream stream;        /* K_index, 16-byte blocks */
    uint8_t k0[PP_CMAC_BLOCK];   /* K_0 (start) */
    uint32_t index;              /* i of the K_i in stream.block; 0 before the first */
    uint32_t left;               /* bytes of the L/8 not yet output */
    uint8_t length_be[4];        /* [L]_4 */
    uint8_t started;
} pp_sp800_108_cmac_ctx;

psa_status_t pp_sp800_108_cmac_setup(pp_sp800_108_cmac_ctx *ctx, const uint8_t *key,
                                     size_t key_len);
psa_status_t pp_sp800_108_cmac_start(pp_sp800_108_cmac_ctx *ctx, size_t total_len,
                                     const uint8_t *label, size_t label_len,
                                     const uint8_t *context, size_t context_len);
psa_status_t pp_sp800_108_cmac_output(pp_sp800_108_cmac_ctx *ctx, const uint8_t *label,
                                      size_t label_len, const uint8_t *context,
                                      size_t context_len, uint8_t *out, size_t len);
void pp_sp800_108_cmac_wipe(pp_sp800_108_cmac_ctx *ctx);

#endif /* PICOPSA_SP800_108_CMAC_H */
