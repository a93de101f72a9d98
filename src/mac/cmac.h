/*
 * cmac.h -- AES-CMAC (NIST SP 800-38B, RFC 4493) for 128/192/256-bit keys,
 * over the AES block interface of aes/aes.h.
 *
 * Contract:
 *  - Internal to picopsa: the MAC front end calls these; nothing here
 *    checks PSA policy. Only setup (and the one-shot) can fail: a key
 *    length other than 16, 24 or 32 bytes gives PSA_ERROR_INVALID_ARGUMENT
 *    and leaves the context wiped (not set up).
 *  - finish writes the full 16-byte tag (SP 800-38B 6.2 step 7 with
 *    Tlen = 128); truncation to Tlen bits and a constant-time tag
 *    comparison (pp_ct_memeq) are the caller's business.
 *  - Secret: the key, its AES round keys, the subkeys K1/K2 (SP 800-38B
 *    6.1), the chaining value and the buffered message bytes. Message
 *    lengths and the chunking of update calls are public.
 *  - Constant time in the key and the message: no branch or index depends
 *    on them. The subkey doubling selects Rb with a mask built from the
 *    top bit of L (no branch on it); only lengths drive the control flow.
 *  - update accepts any chunking (including len 0 and in == NULL with
 *    len 0); the tag does not depend on how the message was split.
 *  - finish and wipe erase the whole context; update or finish on a
 *    context that is not set up (never set up, finished, wiped, failed
 *    setup) does nothing and writes no tag.
 *  - Clone = struct assignment. Aliasing: mac must not lie inside the
 *    context; the one-shot allows mac == in (the tag is written after the
 *    whole message has been read).
 */
#ifndef PICOPSA_CMAC_H
#define PICOPSA_CMAC_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>

#include "aes/aes.h"

#define PP_CMAC_BLOCK 16u    /* AES block = tag length in bytes */

/* The public mirror in picopsa/primitives.h (the PSA MAC operation embeds
 * it): key = the AES round keys of K; k1 / k2 = the subkeys for a complete
 * / padded last block; chain = C_{i-1} of SP 800-38B 6.2 step 6; buf =
 * message bytes not yet chained, buf_len 0..16 (kept until more data
 * comes, so the last block is known at finish); ready = 1 between setup
 * and finish/wipe. */
typedef picopsa_cmac_context pp_cmac_ctx;

psa_status_t pp_cmac_setup(pp_cmac_ctx *ctx, const uint8_t *key, size_t key_len);
void pp_cmac_update(pp_cmac_ctx *ctx, const uint8_t *in, size_t len);
/* PSA_SUCCESS, or an AES accelerator's error (aes.h: pp_aes_status), mac
 * then wiped; without drivers always PSA_SUCCESS. */
psa_status_t pp_cmac_finish(pp_cmac_ctx *ctx, uint8_t mac[PP_CMAC_BLOCK]);
void pp_cmac_wipe(pp_cmac_ctx *ctx);

/* The tag of exactly one complete block under a set-up context, which is
 * left as it is (SP 800-38B 6.2 with n = 1: CIPH_K(M_1 xor K1)); mac may
 * equal in. PBKDF2's iterations U_j = PRF(K, U_{j-1}) (kdf/pbkdf2_cmac.c)
 * take it instead of a clone of the whole context. */
void pp_cmac_one_block(const pp_cmac_ctx *ctx, const uint8_t in[PP_CMAC_BLOCK],
                       uint8_t mac[PP_CMAC_BLOCK]);

/* One-shot: setup, update, finish. On a bad key length mac is untouched. */
psa_status_t pp_cmac_compute(const uint8_t *key, size_t key_len,
                             const uint8_t *in, size_t in_len, uint8_t mac[PP_CMAC_BLOCK]);

#endif /* PICOPSA_CMAC_H */
