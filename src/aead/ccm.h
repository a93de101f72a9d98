/*
 * ccm.h -- AES-CCM (NIST SP 800-38C, RFC 3610): CBC-MAC then CTR, over the
 * AES block interface of aes/aes.h, as a streaming context for the PSA
 * multipart AEAD API (PSA 1.2 10.5, PSA_ALG_CCM and its shortened tags).
 *
 * Contract:
 *  - Internal to picopsa: nothing here checks PSA policy or operation
 *    state beyond what the mode itself needs.
 *  - Order of calls: pp_ccm_setup (key, tag length, direction), then
 *    pp_ccm_start (nonce and the two lengths: CCM puts them in B0 before
 *    the first byte is MACed, SP 800-38C A.2.1, so they come up front, as
 *    psa_aead_set_lengths gives them), then pp_ccm_update_ad any number of
 *    times until the declared AAD length is reached, then pp_ccm_update
 *    any number of times with any lengths until the declared payload
 *    length is reached, then pp_ccm_finish (encrypt) or pp_ccm_verify
 *    (decrypt). CBC-MAC and CTR run together in pp_ccm_update; a partial
 *    block is kept between calls.
 *  - Parameters (SP 800-38C A.1, RFC 3610 2): nonce 7..13 bytes, so
 *    L = q = 15 - nonce_len bytes of length field; tag 4, 6, 8, 10, 12,
 *    14 or 16 bytes; payload < 2^(8q) bytes. Anything else:
 *    PSA_ERROR_INVALID_ARGUMENT.
 *  - Length rules, all PSA_ERROR_INVALID_ARGUMENT with ctx unchanged (no
 *    byte consumed, nothing written): an update_ad beyond the declared AAD
 *    length; an update before all declared AAD was given; an update beyond
 *    the declared payload length; a finish/verify before all declared AAD
 *    and payload were given. A call out of order (no setup, no start,
 *    start twice, AAD after payload began) gives PSA_ERROR_BAD_STATE.
 *  - Direction: setup(encrypt = 1) makes update encrypt and finish write
 *    the tag; setup(encrypt = 0) makes update decrypt and verify compare
 *    the tag (pp_ct_memeq, constant time) and answer
 *    PSA_ERROR_INVALID_SIGNATURE on a mismatch or a tag of another length.
 *    The multipart decryption releases plaintext before the tag is
 *    checked (PSA 1.2 10.5 allows it for the multipart API); a one-shot
 *    front end must wipe its output when verify fails.
 *  - Secret: the key and round keys, the CBC-MAC state, the keystream,
 *    the nonce (treated as secret: it costs nothing), AAD and payload.
 *    Public: lengths, chunking, tag length, direction, state.
 *  - Constant time: AES is (aes.h); the mode adds XORs and copies whose
 *    control flow depends on lengths only.
 *  - Aliasing: in == out is allowed for pp_ccm_update; any other overlap
 *    is not. Buffers must not point into ctx.
 *  - Plain data (no pointers): a PSA operation struct can embed it; clone
 *    by struct copy. finish, verify and wipe erase the whole context (a
 *    failed verify too); call pp_ccm_wipe to abort.
 *  - Work per call: with a software AES key each whole payload block's
 *    CBC-MAC block and counter block go through the bitsliced core in one
 *    pass of two blocks (the MAC is serial by nature; the counter block
 *    rides along); with an AES-NI key the CTR keystream is generated in
 *    batches of up to PP_CCM_BATCH blocks and the CBC-MAC runs one batch
 *    per backend call. The AAD's MAC runs one batch per call.
 */
#ifndef PICOPSA_CCM_H
#define PICOPSA_CCM_H

#include <stddef.h>
#include <stdint.h>
#include <picopsa/primitives.h>

#include <psa/error.h>

#include "aes/aes.h"

#define PP_CCM_BLOCK 16u
#define PP_CCM_NONCE_MIN 7u
#define PP_CCM_NONCE_MAX 13u
#define PP_CCM_TAG_MIN 4u
#define PP_CCM_TAG_MAX 16u
#define PP_CCM_BATCH 8u      /* blocks per AES backend call */

/* The public mirror in picopsa/primitives.h (the AEAD operation embeds
 * it): the key schedule, the CBC-MAC chaining value Y_i, the next counter
 * block, S_0 = CIPH_K(Ctr_0) (masks the tag), the current MAC block and
 * keystream block, the declared AAD and payload bytes not yet given,
 * buf_len (0..15), the tag length, the direction, state (0 none, 1
 * keyed, 2 AAD, 3 payload). */
typedef picopsa_ccm_context pp_ccm_ctx;

/* key_len 16, 24 or 32; tag_len 4..16 even. On failure ctx is wiped. */
psa_status_t pp_ccm_setup(pp_ccm_ctx *ctx, const uint8_t *key, size_t key_len,
                          size_t tag_len, int encrypt);
/* SP 800-38C A.2: B0 from the nonce, the tag length and payload length,
 * then the encoded AAD length. On a bad nonce or length ctx is unchanged. */
psa_status_t pp_ccm_start(pp_ccm_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                          uint64_t ad_len, uint64_t data_len);
psa_status_t pp_ccm_update_ad(pp_ccm_ctx *ctx, const uint8_t *ad, size_t len);
/* Writes exactly len bytes to out. */
psa_status_t pp_ccm_update(pp_ccm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
/* Encryption: writes ctx->tag_len bytes. */
psa_status_t pp_ccm_finish(pp_ccm_ctx *ctx, uint8_t *tag);
/* Decryption: PSA_SUCCESS or PSA_ERROR_INVALID_SIGNATURE. */
psa_status_t pp_ccm_verify(pp_ccm_ctx *ctx, const uint8_t *tag, size_t tag_len);
void pp_ccm_wipe(pp_ccm_ctx *ctx);

#endif /* PICOPSA_CCM_H */
