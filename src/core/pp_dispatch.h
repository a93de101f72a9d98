/*
 * pp_dispatch.h -- the contract between the PSA API layer (src/core) and the
 * algorithm families (src/ed25519, src/rsa, ...).
 *
 * The core validates arguments, looks up and locks the key slot, checks the
 * usage policy and the permitted algorithm, and then calls one of the
 * functions below with the slot's *key material* (never a key id). The
 * family owns the layout of that material: at import it turns the PSA
 * export format into whatever internal form it wants (e.g. RSA caches its
 * Montgomery constants there), and at export it turns it back.
 *
 * Conventions for every function here:
 *  - Return PSA status codes exactly as the PSA Crypto API 1.2 names them.
 *  - `key` / `key_len` is the slot buffer written by the family's import or
 *    generate function; `bits` is the key size the family reported then.
 *  - On error, outputs may hold garbage: the core wipes them. On error the
 *    family must not have changed the slot.
 *  - Output buffer sizes have NOT been checked by the core (the family knows
 *    its sizes): return PSA_ERROR_BUFFER_TOO_SMALL when they do not fit.
 *  - The algorithm `alg` has already been checked against the key's policy
 *    and is a valid algorithm of the right category for this key type, but
 *    the family must still reject variants it does not implement with
 *    PSA_ERROR_NOT_SUPPORTED (e.g. an unsupported hash inside PSS).
 *  - Random numbers come from pp_random_bytes() (src/random/pp_random.h).
 *  - No allocation; secrets on the stack are wiped with pp_wipe() before
 *    returning.
 */
#ifndef PICOPSA_PP_DISPATCH_H
#define PICOPSA_PP_DISPATCH_H

#include <psa/crypto.h>

/* ---------------------------------------------------------------------- */
/* Twisted Edwards (Ed25519), src/ed25519/ed25519_psa.c                    */
/* Key material: key pair = 32-byte seed, 32-byte public key, 64-byte      */
/* expanded secret (clamped scalar, nonce prefix) = 128 bytes; public key */
/* = the 32-byte encoding. With PICOPSA_ED25519_CACHE_DECODED_KEY both    */
/* end with the public key's 32-byte x coordinate (160 / 64 bytes).       */
/* ---------------------------------------------------------------------- */
#if PICOPSA_ED25519_CACHE_DECODED_KEY
#define PP_EDDSA_KEY_PAIR_MATERIAL_SIZE 160u
#define PP_EDDSA_PUBLIC_MATERIAL_SIZE 64u
#else
#define PP_EDDSA_KEY_PAIR_MATERIAL_SIZE 128u
#define PP_EDDSA_PUBLIC_MATERIAL_SIZE 32u
#endif

psa_status_t pp_eddsa_import(psa_key_type_t type, size_t requested_bits,
                             const uint8_t *data, size_t data_len,
                             uint8_t *key, size_t key_size, size_t *key_len,
                             size_t *bits);
psa_status_t pp_eddsa_generate(psa_key_type_t type, size_t bits,
                               uint8_t *key, size_t key_size, size_t *key_len);
psa_status_t pp_eddsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                             uint8_t *out, size_t out_size, size_t *out_len);
psa_status_t pp_eddsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                    uint8_t *out, size_t out_size, size_t *out_len);
/* alg is PSA_ALG_PURE_EDDSA or PSA_ALG_ED25519PH (message functions). */
psa_status_t pp_eddsa_sign_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                   psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                   uint8_t *sig, size_t sig_size, size_t *sig_len);
psa_status_t pp_eddsa_verify_message(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                     psa_algorithm_t alg, const uint8_t *msg, size_t msg_len,
                                     const uint8_t *sig, size_t sig_len);
/* alg is PSA_ALG_ED25519PH; hash is the 64-byte SHA-512 prehash. */
psa_status_t pp_eddsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                uint8_t *sig, size_t sig_size, size_t *sig_len);
psa_status_t pp_eddsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                  const uint8_t *sig, size_t sig_len);

/* ---------------------------------------------------------------------- */
/* RSA, src/rsa/rsa_psa.c                                                  */
/* Key material: the RSA family's own internal layout (limbs + cached      */
/* per-key constants), at most PP_RSA_KEY_MATERIAL_MAX bytes (defined in   */
/* src/rsa/rsa.h from PICOPSA_RSA_MAX_BITS).                               */
/* ---------------------------------------------------------------------- */
psa_status_t pp_rsa_import(psa_key_type_t type, size_t requested_bits,
                           const uint8_t *data, size_t data_len,
                           uint8_t *key, size_t key_size, size_t *key_len,
                           size_t *bits);
/* e == 0 means the default 65537. */
psa_status_t pp_rsa_generate(psa_key_type_t type, size_t bits, uint32_t e,
                             uint8_t *key, size_t key_size, size_t *key_len);
psa_status_t pp_rsa_export(psa_key_type_t type, const uint8_t *key, size_t key_len,
                           uint8_t *out, size_t out_size, size_t *out_len);
psa_status_t pp_rsa_export_public(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                  uint8_t *out, size_t out_size, size_t *out_len);
/* PKCS#1 v1.5 (incl. _RAW), PSS, PSS_ANY_SALT. */
psa_status_t pp_rsa_sign_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                              psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                              uint8_t *sig, size_t sig_size, size_t *sig_len);
psa_status_t pp_rsa_verify_hash(psa_key_type_t type, const uint8_t *key, size_t key_len,
                                psa_algorithm_t alg, const uint8_t *hash, size_t hash_len,
                                const uint8_t *sig, size_t sig_len);
/* PKCS#1 v1.5 and OAEP; salt is the OAEP label. */
psa_status_t pp_rsa_encrypt(psa_key_type_t type, const uint8_t *key, size_t key_len,
                            psa_algorithm_t alg, const uint8_t *input, size_t input_len,
                            const uint8_t *salt, size_t salt_len,
                            uint8_t *out, size_t out_size, size_t *out_len);
psa_status_t pp_rsa_decrypt(psa_key_type_t type, const uint8_t *key, size_t key_len,
                            psa_algorithm_t alg, const uint8_t *input, size_t input_len,
                            const uint8_t *salt, size_t salt_len,
                            uint8_t *out, size_t out_size, size_t *out_len);

#endif /* PICOPSA_PP_DISPATCH_H */
