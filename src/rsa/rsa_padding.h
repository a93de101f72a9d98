/*
 * rsa_padding.h -- RSA encoding methods of RFC 8017 on byte strings:
 *   MGF1 (B.2.1), EMSA-PKCS1-v1_5 (9.2), EME-PKCS1-v1_5 (7.2),
 *   EMSA-PSS (9.1), EME-OAEP (7.1).
 * They know nothing about keys: the PSA glue (rsa_psa.c) runs the raw RSA
 * operation of rsa.h on the encoded message (EM).
 *
 * Conventions:
 *  - `k` is the modulus length in bytes and every EM here is k bytes, the
 *    exact input/output of pp_rsa_public_op / pp_rsa_private_op. For PSS,
 *    whose encoded message is emLen = ceil((modBits - 1) / 8) bytes, the
 *    functions take modBits and handle the leading zero byte themselves.
 *  - hash_alg is a PSA_ALG_SHA_* value built into the library; others give
 *    PSA_ERROR_NOT_SUPPORTED (PSA_ERROR_INVALID_ARGUMENT if not a hash).
 *  - Encoders and the signature checks work on public data and are
 *    variable time. The two decryption decoders, pp_rsa_pkcs1v15_decrypt_decode
 *    and pp_rsa_oaep_decode, are constant time in the content of the EM
 *    (which is secret: it is the RSA decryption result): no branch and no
 *    memory index depends on it, every padding defect gives the same
 *    PSA_ERROR_INVALID_PADDING after the same work, and the message is
 *    moved to the output with a constant-time shift (see
 *    pp_ct_extract_message, common/pp_ct_extract.h). They overwrite `em`
 *    (caller wipes it).
 *  - Output buffer of a decoder: out_size must be at least the largest
 *    message the padding can carry for this k (k - 11, or k - 2*hLen - 2),
 *    else PSA_ERROR_BUFFER_TOO_SMALL is returned *before* anything is
 *    decoded. Deciding "too small" from the actual message length would
 *    be an oracle on the plaintext length and, combined with the padding
 *    check, a padding oracle (Bleichenbacher 1998, Manger 2001). On
 *    success, out holds the message followed by zero bytes up to that
 *    maximum; on failure, zeros.
 */
#ifndef PICOPSA_RSA_PADDING_H
#define PICOPSA_RSA_PADDING_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>

/* out[0..out_len) ^= MGF1(hash_alg, seed)[0..out_len) (RFC 8017 B.2.1). */
psa_status_t pp_rsa_mgf1_xor(psa_algorithm_t hash_alg, const uint8_t *seed, size_t seed_len,
                             uint8_t *out, size_t out_len);

/* ---- PKCS#1 v1.5 --------------------------------------------------- */

/* EMSA-PKCS1-v1_5 (9.2): em = 00 01 FF..FF 00 || DigestInfo(hash).
 * hash_alg == 0 is PSA_ALG_RSA_PKCS1V15_SIGN_RAW: T is `hash` as given.
 * hash_len must match the hash (INVALID_ARGUMENT); T too long for k
 * (fewer than 8 bytes of FF): INVALID_ARGUMENT. */
psa_status_t pp_rsa_pkcs1v15_sign_encode(psa_algorithm_t hash_alg, const uint8_t *hash,
                                         size_t hash_len, uint8_t *em, size_t k);

/* EMSA-PKCS1-v1_5 verification (8.2.2 step 3-4): compare the RSAVP1
 * output em with the encoding of (hash_alg, hash), without building it in
 * a second buffer and without parsing em. PSA_SUCCESS or
 * PSA_ERROR_INVALID_SIGNATURE (also when the hash cannot be encoded for
 * k); NOT_SUPPORTED / INVALID_ARGUMENT for the hash as in the encoder. */
psa_status_t pp_rsa_pkcs1v15_sign_check(psa_algorithm_t hash_alg, const uint8_t *hash,
                                        size_t hash_len, const uint8_t *em, size_t k);

/* EME-PKCS1-v1_5 encoding (7.2.1 step 2): em = 00 02 PS 00 M with PS
 * nonzero random bytes from pp_random_bytes. msg_len > k - 11:
 * INVALID_ARGUMENT. */
psa_status_t pp_rsa_pkcs1v15_encrypt_encode(const uint8_t *msg, size_t msg_len,
                                            uint8_t *em, size_t k);

/* EME-PKCS1-v1_5 decoding (7.2.2 step 3), constant time (see above). */
psa_status_t pp_rsa_pkcs1v15_decrypt_decode(uint8_t *em, size_t k,
                                            uint8_t *out, size_t out_size, size_t *out_len);

/* ---- PSS ------------------------------------------------------------ */

/* Salt length for signing: the hash length, or the largest that fits if
 * the key is too small for that (PSA Crypto API 1.2, PSA_ALG_RSA_PSS).
 * 0 when not even an empty salt fits. */
size_t pp_rsa_pss_sign_salt_length(size_t hash_len, size_t mod_bits);

/* EMSA-PSS-ENCODE (9.1.1) into the k-byte em, k = ceil(mod_bits / 8).
 * INVALID_ARGUMENT when emLen < hLen + salt_len + 2. */
psa_status_t pp_rsa_pss_encode(psa_algorithm_t hash_alg, const uint8_t *mhash, size_t hash_len,
                               const uint8_t *salt, size_t salt_len,
                               size_t mod_bits, uint8_t *em);

/* salt_len value for pp_rsa_pss_verify: accept any salt length. */
#define PP_RSA_PSS_ANY_SALT ((size_t)-1)

/* EMSA-PSS-VERIFY (9.1.2) of the k-byte em (the RSAVP1 output), which is
 * unmasked in place (overwritten). PSA_SUCCESS or
 * PSA_ERROR_INVALID_SIGNATURE. */
psa_status_t pp_rsa_pss_verify(psa_algorithm_t hash_alg, const uint8_t *mhash, size_t hash_len,
                               uint8_t *em, size_t mod_bits, size_t salt_len);

/* ---- OAEP ----------------------------------------------------------- */

/* Largest message for OAEP with this hash and k; 0 when k < 2 hLen + 2
 * (then encoding and decoding fail with INVALID_ARGUMENT). */
size_t pp_rsa_oaep_max_message(psa_algorithm_t hash_alg, size_t k);

/* EME-OAEP encoding (7.1.1 step 2) with a fresh random seed. */
psa_status_t pp_rsa_oaep_encode(psa_algorithm_t hash_alg,
                                const uint8_t *label, size_t label_len,
                                const uint8_t *msg, size_t msg_len,
                                uint8_t *em, size_t k);

/* EME-OAEP decoding (7.1.2 step 3), constant time (see above). */
psa_status_t pp_rsa_oaep_decode(psa_algorithm_t hash_alg,
                                const uint8_t *label, size_t label_len,
                                uint8_t *em, size_t k,
                                uint8_t *out, size_t out_size, size_t *out_len);

/* ---- overlapping buffers -------------------------------------------- */

/* Inputs of the encoders (hash, message, label, salt) may overlap their
 * output em (PSA Crypto API 1.2, 5.4.4). The encoders therefore read every
 * input completely before they write any byte it could occupy: a label is
 * hashed and a PSS hash computed before em is touched, and the message or
 * hash that ends up verbatim in em is first moved to its final place with
 * pp_rsa_move (memmove is not in the freestanding subset).
 * dst[0..len) = src[0..len) for buffers that may overlap: copies forwards
 * or backwards by the (public) addresses. */
void pp_rsa_move(uint8_t *dst, const uint8_t *src, size_t len);

#endif /* PICOPSA_RSA_PADDING_H */
