/*
 * pp_drivers.h -- the software drivers behind the dispatch layer: the
 * entry points of picopsa's own algorithm families, declared with the
 * function types of <picopsa/driver.h> (so the compiler checks that each
 * family implements the contract written there), and the sizes of their
 * key buffers.
 *
 * Only src/dispatch, the families' PSA glue files and white-box tests
 * include this header. Each block exists only when its family is built
 * (PSA_WANT_*): a call to a configured-out family does not compile.
 */
#ifndef PICOPSA_PP_DRIVERS_H
#define PICOPSA_PP_DRIVERS_H

#include <picopsa/config.h>
#include <picopsa/driver.h>

/* Which families are built: a family exists when one of its key types is. */
#define PP_DRIVER_EDDSA PSA_WANT_ECC_TWISTED_EDWARDS_255
#define PP_DRIVER_RSA PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY   /* a pair needs it (config_check.h) */
#define PP_DRIVER_X25519 PSA_WANT_ECC_MONTGOMERY_255
#define PP_DRIVER_P256 PSA_WANT_ECC_SECP_R1_256

/* ---------------------------------------------------------------------- */
/* Twisted Edwards (Ed25519), src/ed25519/ed25519_psa.c                    */
/* Key buffer: key pair = 32-byte seed, 32-byte public key, 64-byte        */
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

#if PP_DRIVER_EDDSA
picopsa_driver_import_key_t pp_eddsa_import_key;
picopsa_driver_generate_key_t pp_eddsa_generate_key;
/* Pair: the 32-byte seed; public key: the 32-byte encoding. */
picopsa_driver_export_key_t pp_eddsa_export_key;
picopsa_driver_export_key_t pp_eddsa_export_public_key;
#if PSA_WANT_ALG_PURE_EDDSA
/* alg is PSA_ALG_PURE_EDDSA (RFC 8032 5.1.6 hashes the message itself). */
picopsa_driver_sign_message_t pp_eddsa_sign_message;
picopsa_driver_verify_message_t pp_eddsa_verify_message;
#endif
/* alg is PSA_ALG_ED25519PH; the hash is the 64-byte SHA-512 prehash
 * (psa_sign_message with Ed25519ph: the dispatch layer computes it). */
#if PSA_WANT_ALG_ED25519PH
picopsa_driver_sign_hash_t pp_eddsa_sign_hash;
picopsa_driver_verify_hash_t pp_eddsa_verify_hash;
#endif
#endif

/* ---------------------------------------------------------------------- */
/* Montgomery (X25519), src/x25519/x25519_psa.c                            */
/* Key buffer: key pair = 32-byte private key as imported, 32-byte public  */
/* key = 64 bytes; public key = the 32-byte u coordinate.                  */
/* ---------------------------------------------------------------------- */
#define PP_X25519_KEY_PAIR_MATERIAL_SIZE 64u
#define PP_X25519_PUBLIC_MATERIAL_SIZE 32u

#if PP_DRIVER_X25519
picopsa_driver_import_key_t pp_x25519_import_key;
picopsa_driver_generate_key_t pp_x25519_generate_key;
/* Pair: the 32-byte private key; public key: the 32-byte u. */
picopsa_driver_export_key_t pp_x25519_export_key;
picopsa_driver_export_key_t pp_x25519_export_public_key;
#if PSA_WANT_ALG_ECDH
/* alg is PSA_ALG_ECDH, the key a pair, shared_secret_size >= 32
 * (dispatch layer); the all-zero secret is PSA_ERROR_INVALID_ARGUMENT. */
picopsa_driver_key_agreement_t pp_x25519_key_agreement;
#endif
#endif

/* ---------------------------------------------------------------------- */
/* P-256 (SECP_R1, 256 bits), src/p256/p256_psa.c                          */
/* Key buffer: key pair = the 32-byte scalar d, then the public key        */
/* 04 || x || y (65 bytes) = 97 bytes; public key = the 65-byte point.     */
/* ---------------------------------------------------------------------- */
#define PP_P256_KEY_PAIR_MATERIAL_SIZE 97u
#define PP_P256_PUBLIC_MATERIAL_SIZE 65u

#if PP_DRIVER_P256
picopsa_driver_import_key_t pp_p256_import_key;
picopsa_driver_generate_key_t pp_p256_generate_key;
/* Pair: d, 32 bytes big-endian; public key: 04 || x || y. */
picopsa_driver_export_key_t pp_p256_export_key;
picopsa_driver_export_key_t pp_p256_export_public_key;
#if PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA
/* ECDSA(hash), ECDSA_ANY, DETERMINISTIC_ECDSA(hash); raw r || s. */
picopsa_driver_sign_hash_t pp_p256_sign_hash;
picopsa_driver_verify_hash_t pp_p256_verify_hash;
#endif
#if PSA_WANT_ALG_ECDH
/* PSA_ALG_ECDH with a P-256 key pair; peer_key is 04 || x || y; the
 * secret is the 32-byte x coordinate. */
picopsa_driver_key_agreement_t pp_p256_key_agreement;
#endif
#endif

/* ---------------------------------------------------------------------- */
/* RSA, src/rsa/rsa_psa.c                                                  */
/* Key buffer: the RSA family's own layout (limbs + cached per-key         */
/* constants), at most PP_RSA_KEY_MATERIAL_SIZE bytes (src/rsa/rsa.h,      */
/* from PICOPSA_RSA_MAX_BITS).                                             */
/* ---------------------------------------------------------------------- */
#if PP_DRIVER_RSA
picopsa_driver_import_key_t pp_rsa_import_key;
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
picopsa_driver_generate_key_t pp_rsa_generate_key;
#endif
picopsa_driver_export_key_t pp_rsa_export_key;
picopsa_driver_export_key_t pp_rsa_export_public_key;
#if PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS
/* PKCS#1 v1.5 (incl. _RAW), PSS, PSS_ANY_SALT. */
picopsa_driver_sign_hash_t pp_rsa_sign_hash;
picopsa_driver_verify_hash_t pp_rsa_verify_hash;
#endif
#if PSA_WANT_ALG_RSA_PKCS1V15_CRYPT || PSA_WANT_ALG_RSA_OAEP
/* PKCS#1 v1.5 and OAEP. */
picopsa_driver_asymmetric_encrypt_t pp_rsa_asymmetric_encrypt;
picopsa_driver_asymmetric_decrypt_t pp_rsa_asymmetric_decrypt;
#endif
#endif

#endif /* PICOPSA_PP_DRIVERS_H */
