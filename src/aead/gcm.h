/*
 * gcm.h -- AES-GCM (NIST SP 800-38D), the authenticated encryption of the
 * PSA AEAD API (PSA_ALG_GCM), as a streaming context and one-shot helpers.
 *
 * Contract:
 *  - Internal to picopsa: the AEAD front end calls these; nothing here
 *    checks PSA policy or PSA's tag-length set.
 *  - Secret: the key, its schedule, H = E_K(0^128) and its powers, the IV
 *    and J0 (treated as secret, although GCM's IV is usually public), the
 *    AAD, the plaintext, the keystream and the GHASH state. Lengths and the
 *    state of the context are public.
 *  - Constant time: AES through aes.h (constant time in every backend),
 *    GHASH through ghash.h; the counter (SP 800-38D 6.2 inc32) is
 *    incremented by arithmetic. No branch or index depends on a secret.
 *    The tag is compared with pp_ct_memeq and the verdict status formed
 *    with masks: it is the only secret-derived value the caller should
 *    make public.
 *  - Sequence: pp_gcm_init (or pp_gcm_init_key), then any number of
 *    pp_gcm_aad calls, then any number of pp_gcm_encrypt/decrypt calls (any
 *    chunk sizes; AAD after the first data call fails), then pp_gcm_finish
 *    or pp_gcm_verify, which wipe the context. A call out of this order, or
 *    on a wiped or never initialised (all-zero) context, returns
 *    PSA_ERROR_BAD_STATE and changes nothing. pp_gcm_abort wipes it at any
 *    time.
 *  - Limits (SP 800-38D 5.2.1.1): IV of 1 to 2^61 - 1 bytes (a 12-byte IV
 *    gives J0 = IV || 0^31 || 1, any other length the GHASH-derived J0 of
 *    7.1 step 2), AAD at most 2^61 - 1 bytes in total, plaintext at most
 *    2^39 - 256 bits (2^36 - 32 bytes) in total. A call that would exceed a
 *    limit, or an IV of length 0, returns PSA_ERROR_INVALID_ARGUMENT and
 *    processes nothing (the context stays usable, except pp_gcm_init*,
 *    which leave it wiped).
 *  - Aliasing: in == out is allowed for encrypt and decrypt (the
 *    ciphertext is hashed before decryption overwrites it); partial
 *    overlap is not. The IV, AAD and tag may be anywhere.
 *  - A zero length may come with a NULL pointer (AAD, input, output).
 *  - The context is plain data (no pointers, 1.2 KB on 64-bit hosts), so
 *    a PSA operation struct can embed it; it holds its own copy of the
 *    key schedule (pp_gcm_init's k must not point into c).
 */
#ifndef PICOPSA_GCM_H
#define PICOPSA_GCM_H

#include <stddef.h>
#include <stdint.h>
#include <picopsa/primitives.h>

#include <psa/error.h>

#include "aes/aes.h"
#include "aead/ghash.h"

#define PP_GCM_TAG_MAX 16u
#define PP_GCM_TAG_MIN 4u

/* The public mirror in picopsa/primitives.h (the AEAD operation embeds
 * it): the AES key schedule, the GHASH key, the GHASH state y, the AAD and
 * data byte counts, the next counter block (inc32 of the last), E_K(J0)
 * (the tag mask, 7.1 step 6), the keystream of the current partial block,
 * the partial GHASH block, state (0 none, 1 AAD, 2 data) and fast_ctr
 * (1: 12-byte IV, pp_aes_ctr cannot carry). */
typedef picopsa_gcm_context pp_gcm_ctx;

/* Start a message under the key schedule k (copied into c). */
psa_status_t pp_gcm_init(pp_gcm_ctx *c, const pp_aes_key *k, const uint8_t *iv, size_t iv_len);
/* The same with the key bytes (16, 24 or 32, else INVALID_ARGUMENT). */
psa_status_t pp_gcm_init_key(pp_gcm_ctx *c, const uint8_t *key, size_t key_len,
                             const uint8_t *iv, size_t iv_len);
psa_status_t pp_gcm_aad(pp_gcm_ctx *c, const uint8_t *aad, size_t len);
psa_status_t pp_gcm_encrypt(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len);
psa_status_t pp_gcm_decrypt(pp_gcm_ctx *c, const uint8_t *in, uint8_t *out, size_t len);
/* The full 16-byte tag (7.1 step 6); the caller truncates. Wipes c. */
psa_status_t pp_gcm_finish(pp_gcm_ctx *c, uint8_t tag[16]);
/* Compare the computed tag's first tag_len bytes (4..16, else
 * INVALID_ARGUMENT) with tag in constant time: PSA_SUCCESS or
 * PSA_ERROR_INVALID_SIGNATURE. Wipes c either way. */
psa_status_t pp_gcm_verify(pp_gcm_ctx *c, const uint8_t *tag, size_t tag_len);
void pp_gcm_abort(pp_gcm_ctx *c);

/* One-shot (SP 800-38D 7.1, 7.2): len bytes in -> out, tag of tag_len
 * (4..16) bytes. Decryption returns PSA_ERROR_INVALID_SIGNATURE with out
 * all zero when the tag does not verify (decided without a branch on the
 * comparison). Uses a context on the stack (wiped). */
psa_status_t pp_gcm_encrypt_oneshot(const pp_aes_key *k, const uint8_t *iv, size_t iv_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    uint8_t *out, size_t len, uint8_t *tag, size_t tag_len);
psa_status_t pp_gcm_decrypt_oneshot(const pp_aes_key *k, const uint8_t *iv, size_t iv_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    uint8_t *out, size_t len, const uint8_t *tag,
                                    size_t tag_len);

#endif /* PICOPSA_GCM_H */
