/*
 * chachapoly.h -- ChaCha20-Poly1305 (RFC 8439 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha-03 2.3 with the RFC 8439 2.8 AEAD on top), as
 * a streaming context for the PSA multipart AEAD API (PSA 1.2 10.5,
 * PSA_ALG_CHACHA20_POLY1305 with a CHACHA20 key; XChaCha20-Poly1305 with
 * an XCHACHA20 key, PSA 1.2 10.5 / the XChaCha20 key type).
 *
 * Contract:
 *  - Internal to picopsa: nothing here checks PSA policy.
 *  - Order of calls: pp_chachapoly_start (key, 12-byte nonce, or a 24-byte
 *    nonce for XChaCha20, and the direction), pp_chachapoly_update_ad any
 *    number of times, pp_chachapoly_update any number of times with any
 *    lengths, then pp_chachapoly_finish (encrypt) or pp_chachapoly_verify
 *    (decrypt). No lengths are needed up front (a PSA front end checks the
 *    totals of psa_aead_set_lengths itself, if it was called).
 *  - The construction (RFC 8439 2.8): the one-time Poly1305 key is the
 *    first 32 bytes of ChaCha20 block 0 (2.6); the payload is encrypted
 *    from block 1; Poly1305 runs over AAD || pad16 || ciphertext || pad16 ||
 *    le64(AAD length) || le64(ciphertext length). The tag is 16 bytes.
 *  - Errors: an AAD call after the payload began, or any call on a
 *    context that was not started (or was finished/wiped):
 *    PSA_ERROR_BAD_STATE. A nonce of another length:
 *    PSA_ERROR_INVALID_ARGUMENT (ctx wiped). A payload beyond 2^38 - 64
 *    bytes (RFC 8439 2.8: the 32-bit block counter from 1):
 *    PSA_ERROR_INVALID_ARGUMENT, ctx unchanged, nothing written. verify:
 *    PSA_ERROR_INVALID_SIGNATURE on a mismatch (pp_ct_memeq, the verdict
 *    turned into the status without a branch) or a tag length other than
 *    16. The multipart decryption releases plaintext before the tag is
 *    checked (PSA allows it for multipart); a one-shot front end wipes its
 *    output when verify fails.
 *  - Secret: key, one-time key, keystream, nonce (treated as secret),
 *    AAD, payload, the Poly1305 state. Public: lengths, chunking, state.
 *  - Constant time: ChaCha20 and Poly1305 are (chacha20.h, poly1305.h);
 *    control flow here depends on lengths only.
 *  - Aliasing: in == out is allowed for pp_chachapoly_update; any other
 *    overlap is not. Buffers must not point into ctx.
 *  - Plain data (no pointers): a PSA operation struct can embed it; clone
 *    by struct copy. finish, verify and wipe erase the whole context.
 */
#ifndef PICOPSA_CHACHAPOLY_H
#define PICOPSA_CHACHAPOLY_H

#include <stddef.h>
#include <stdint.h>
#include <picopsa/primitives.h>

#include <psa/error.h>

#include "chacha20/chacha20.h"
#include "poly1305/poly1305.h"

#define PP_CHACHAPOLY_TAG_SIZE 16u
/* RFC 8439 2.8: (2^32 - 1) blocks of 64 bytes after the one-time key. */
#define PP_CHACHAPOLY_MAX_DATA ((((uint64_t)1) << 38) - 64u)

/* The public mirror in picopsa/primitives.h: the ChaCha20 stream, the
 * Poly1305 state, the AAD and payload byte counts, the direction, state
 * (0 none, 1 AAD, 2 payload). */
typedef picopsa_chachapoly_context pp_chachapoly_ctx;

/* nonce_len 12 (ChaCha20-Poly1305) or 24 (XChaCha20-Poly1305). */
psa_status_t pp_chachapoly_start(pp_chachapoly_ctx *ctx, const uint8_t key[32],
                                 const uint8_t *nonce, size_t nonce_len, int encrypt);
psa_status_t pp_chachapoly_update_ad(pp_chachapoly_ctx *ctx, const uint8_t *ad, size_t len);
/* Writes exactly len bytes to out. */
psa_status_t pp_chachapoly_update(pp_chachapoly_ctx *ctx, const uint8_t *in, uint8_t *out,
                                  size_t len);
psa_status_t pp_chachapoly_finish(pp_chachapoly_ctx *ctx, uint8_t tag[PP_CHACHAPOLY_TAG_SIZE]);
psa_status_t pp_chachapoly_verify(pp_chachapoly_ctx *ctx, const uint8_t *tag, size_t tag_len);
void pp_chachapoly_wipe(pp_chachapoly_ctx *ctx);

#endif /* PICOPSA_CHACHAPOLY_H */
