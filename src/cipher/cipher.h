/*
 * cipher.h -- the unauthenticated ciphers of PSA 1.2 10.4: over the AES
 * block function (src/aes/aes.h) ECB, CBC with and without PKCS#7 padding
 * (SP 800-38A 6.1, 6.2; RFC 5652 6.3), CTR (6.5), CFB-128 (6.3), OFB (6.4)
 * and CCM* without a tag (IEEE 802.15.4 B.4.1: CTR from counter block 1),
 * XTS (IEEE 1619-2007 5, SP 800-38E; cipher_xts.c) with ciphertext
 * stealing; PSA_ALG_STREAM_CIPHER with ChaCha20 and XChaCha20
 * (src/chacha20).
 *
 * Contract:
 *  - Internal: the cipher front end (src/core/psa_cipher.c) has checked
 *    the API shape, the policy and, through the dispatch layer
 *    (pp_dispatch_cipher_setup), that alg fits the key type and is built.
 *    The state rules (IV before data, finish once) are the front end's.
 *  - Secret: the key, the key schedule, plaintexts, the chaining value and
 *    keystream held in picopsa_cipher_context. Lengths, alg and the
 *    PKCS#7 verdict (which the caller returns) are public.
 *  - Constant time: the modes branch on lengths only; PKCS#7 padding is
 *    checked without a branch or index on the padding bytes; the XTS
 *    tweak is doubled in GF(2^128) with a mask, not a branch. The one
 *    verdict on key bytes is XTS's Key1 == Key2 refusal at setup (a
 *    pp_ct_memeq flag; the status says it).
 *  - Buffers: input and output may overlap in any way (PSA 1.2 5.4.4);
 *    the result equals the one with separate buffers. An update writes
 *    exactly pp_cipher_update_length() bytes, which the caller has room for.
 *  - pp_cipher_finish() and pp_cipher_abort() wipe the context.
 */
#ifndef PICOPSA_CIPHER_H
#define PICOPSA_CIPHER_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>
#include <picopsa/primitives.h>

/* Some cipher is built: else the cipher API is psa_not_supported.c's
 * (src/core/psa_cipher.c, the dispatch rule and these files build to
 * nothing). */
#define PP_CIPHER_BUILT                                                          \
    (PSA_WANT_ALG_ECB_NO_PADDING || PSA_WANT_ALG_CBC_NO_PADDING || PSA_WANT_ALG_CBC_PKCS7 || \
     PSA_WANT_ALG_CTR || PSA_WANT_ALG_CFB || PSA_WANT_ALG_OFB || PSA_WANT_ALG_CCM_STAR_NO_TAG || \
     PSA_WANT_ALG_STREAM_CIPHER || PSA_WANT_ALG_XTS)

/* alg and key_type: a built pair (the dispatch layer has checked it);
 * key: an AES key of 16, 24 or 32 bytes or a (X)ChaCha20 key of 32, else
 * INVALID_ARGUMENT; for XTS Key1 || Key2 of 32, 48 or 64 bytes with
 * Key1 != Key2, else INVALID_ARGUMENT (cipher_xts.c says why). */
psa_status_t pp_cipher_setup(picopsa_cipher_context *c, psa_algorithm_t alg,
                             psa_key_type_t key_type, const uint8_t *key, size_t key_length,
                             int encrypt);
/* The IV length the operation generates (PSA_CIPHER_IV_LENGTH): 0 (ECB),
 * 13 (CCM*), 16 (other AES modes, the XTS tweak too), 12 (ChaCha20), 24
 * (XChaCha20). */
size_t pp_cipher_iv_length(const picopsa_cipher_context *c);
/* iv_length must be pp_cipher_iv_length(c) (> 0), or 16 for ChaCha20 (the
 * 32-bit little-endian counter || nonce form, PSA 1.2 10.4.1
 * PSA_ALG_STREAM_CIPHER), else INVALID_ARGUMENT. */
psa_status_t pp_cipher_set_iv(picopsa_cipher_context *c, const uint8_t *iv, size_t iv_length);
/* Bytes the next update of input_length bytes writes: whole blocks for
 * ECB and CBC (PKCS#7 decryption keeps the last block back for finish),
 * whole blocks for XTS but never the last 16..31 bytes so far (the final
 * block and a partial one go out together at finish, stolen), input_length
 * for the other modes. */
size_t pp_cipher_update_length(const picopsa_cipher_context *c, size_t input_length);
/* INVALID_ARGUMENT (nothing written) when ChaCha20's 32-bit block counter
 * would run out (RFC 8439 2.3: 256 GiB per key and nonce). */
psa_status_t pp_cipher_update(picopsa_cipher_context *c, const uint8_t *input,
                              size_t input_length, uint8_t *output);
/* Final output into out (at most PP_CIPHER_FINISH_MAX bytes), *out_length
 * set: PKCS#7 encryption pads (16 bytes), PKCS#7 decryption checks and
 * strips the padding (PSA_ERROR_INVALID_PADDING; out is then wiped); XTS
 * writes its held-back 16..31 bytes. ECB and CBC without padding need a
 * whole number of blocks, PKCS#7 decryption a positive one, XTS 16 bytes
 * or more: else PSA_ERROR_INVALID_ARGUMENT (PSA 1.2 10.4,
 * psa_cipher_finish). The context is wiped in every case. */
#define PP_CIPHER_FINISH_MAX (PSA_WANT_ALG_XTS ? 32u : 16u)
psa_status_t pp_cipher_finish(picopsa_cipher_context *c, uint8_t out[PP_CIPHER_FINISH_MAX],
                              size_t *out_length);
void pp_cipher_abort(picopsa_cipher_context *c);

#endif /* PICOPSA_CIPHER_H */
