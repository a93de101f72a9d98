/*
 * aead.h -- the AEAD engines behind the PSA AEAD front end (PSA 1.2 10.5):
 * AES-GCM (SP 800-38D, gcm.h), AES-CCM (SP 800-38C, ccm.h),
 * ChaCha20-Poly1305 (RFC 8439 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha-03), chachapoly.h; one interface, aead.c routes.
 *
 * Contract:
 *  - Internal: the front end (src/core/psa_aead.c) has checked the API
 *    shape, the policy, the state machine (nonce before data, AD before
 *    plaintext, lengths before data for CCM, the declared lengths) and,
 *    through pp_aead_setup, that alg fits the key type and is built.
 *  - Secret: the key, the keystream, plaintexts, the tag state. Lengths,
 *    the nonce length and the verdict of pp_aead_verify are public.
 *  - Streaming: every engine writes one output byte per input byte
 *    (pp_aead_update), so finish writes only the tag.
 *  - Buffers: input and output of pp_aead_update may overlap in any way.
 *  - pp_aead_finish, pp_aead_verify and pp_aead_abort wipe the context.
 */
#ifndef PICOPSA_AEAD_H
#define PICOPSA_AEAD_H

#include <stddef.h>
#include <stdint.h>
#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>
#include <picopsa/primitives.h>

/* Some AEAD is built: else the AEAD API is psa_not_supported.c's and the
 * front end, the dispatch rule and aead.c build to nothing. */
#define PP_AEAD_BUILT (PSA_WANT_ALG_GCM || PSA_WANT_ALG_CCM || PSA_WANT_ALG_CHACHA20_POLY1305 || \
                       PSA_WANT_ALG_XCHACHA20_POLY1305)

/* alg: the AEAD algorithm with its tag length (the front end resolved a
 * default-length alg); INVALID_ARGUMENT when it does not fit key_type or
 * the tag length is not one the mode defines (GCM 4, 8, 12..16; CCM 4, 6,
 * ..., 16; ChaCha20-Poly1305 16), NOT_SUPPORTED when the mode is not
 * built; the key length is checked by the engine (INVALID_ARGUMENT). */
psa_status_t pp_aead_setup(picopsa_aead_context *c, psa_algorithm_t alg,
                           psa_key_type_t key_type, const uint8_t *key, size_t key_length,
                           int encrypt);
/* The nonce psa_aead_generate_nonce draws (PSA_AEAD_NONCE_LENGTH). */
size_t pp_aead_nonce_length(const picopsa_aead_context *c);
/* INVALID_ARGUMENT for a nonce length the mode does not take (GCM: 1..
 * any, CCM: 7..13, ChaCha20-Poly1305: 12, XChaCha20-Poly1305: 24). */
psa_status_t pp_aead_set_nonce(picopsa_aead_context *c, const uint8_t *nonce,
                               size_t nonce_length);
/* Both totals, before any AD or data (CCM needs them; the others check
 * them against their limits): INVALID_ARGUMENT when beyond the mode's. */
psa_status_t pp_aead_set_lengths(picopsa_aead_context *c, size_t ad_length,
                                 size_t plaintext_length);
/* 1 when the mode needs pp_aead_set_lengths before AD and data (CCM). */
int pp_aead_needs_lengths(const picopsa_aead_context *c);
psa_status_t pp_aead_update_ad(picopsa_aead_context *c, const uint8_t *ad, size_t length);
/* length bytes out: INVALID_ARGUMENT beyond the mode's message limit. */
psa_status_t pp_aead_update(picopsa_aead_context *c, const uint8_t *input, size_t length,
                            uint8_t *output);
/* Encryption: the tag (tag_length bytes of the alg) into tag. */
psa_status_t pp_aead_finish(picopsa_aead_context *c, uint8_t *tag);
/* Decryption: PSA_SUCCESS or PSA_ERROR_INVALID_SIGNATURE, in constant
 * time in the tags. */
psa_status_t pp_aead_verify(picopsa_aead_context *c, const uint8_t *tag, size_t tag_length);
void pp_aead_abort(picopsa_aead_context *c);

/* ChaCha20-Poly1305 and XChaCha20-Poly1305 in one call, on a context of
 * their own size (about 260 bytes on 32-bit targets, where
 * picopsa_aead_context is sized by GCM's key schedule and GHASH table):
 * the single-part psa_aead_encrypt / _decrypt's direct path. */
#if PSA_WANT_ALG_CHACHA20_POLY1305 || PSA_WANT_ALG_XCHACHA20_POLY1305
#define PP_AEAD_CHACHAPOLY_ONESHOT 1
typedef struct {
    const uint8_t *nonce;
    size_t nonce_length;
    const uint8_t *ad;
    size_t ad_length;
    const uint8_t *input;   /* length bytes; may overlap output in any way */
    size_t length;
    uint8_t *output;        /* length bytes */
    uint8_t *tag;           /* 16 bytes: written (encryption), read (decryption) */
} pp_aead_message;
/* 1 when alg (any tag length) is ChaCha20-Poly1305 or XChaCha20-Poly1305. */
int pp_aead_is_chachapoly(psa_algorithm_t alg);
/* pp_aead_setup's checks for these modes (the key type is the dispatch
 * layer's, pp_dispatch_aead_key_fits): INVALID_ARGUMENT unless the tag
 * length is 16 and the key 32 bytes. */
psa_status_t pp_aead_chachapoly_check(psa_algorithm_t alg, size_t key_length);
/* The message after those checks: INVALID_ARGUMENT for a payload beyond
 * RFC 8439's limit or a nonce other than 12 bytes (24 for XChaCha20),
 * nothing written; else encryption writes output and the tag, decryption
 * writes output and returns PSA_SUCCESS or INVALID_SIGNATURE (the caller
 * releases the output or clears it; *verified = 1 says the status is that
 * verdict, a public flag to branch on instead of the status). The context
 * is wiped in every case. */
psa_status_t pp_aead_chachapoly_oneshot(psa_algorithm_t alg, const uint8_t key[32], int encrypt,
                                        const pp_aead_message *m, int *verified);
#else
#define PP_AEAD_CHACHAPOLY_ONESHOT 0
#endif

#endif /* PICOPSA_AEAD_H */
