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
#define PP_DRIVER_P384 PSA_WANT_ECC_SECP_R1_384
#define PP_DRIVER_MLKEM PSA_WANT_ALG_ML_KEM
#define PP_DRIVER_LMS (PSA_WANT_ALG_LMS || PSA_WANT_ALG_HSS)
#define PP_DRIVER_MLDSA PSA_WANT_ALG_ML_DSA

/* ---------------------------------------------------------------------- */
/* Fixed-size key families (Ed25519, X25519, P-256; next P-384, ML-KEM,    */
/* ML-DSA): src/dispatch/dispatch_fixed_key.c. Built only with one of     */
/* them (0 bytes otherwise).                                               */
/* ---------------------------------------------------------------------- */
#define PP_FIXED_KEY (PP_DRIVER_EDDSA || PP_DRIVER_X25519 || PP_DRIVER_P256 || PP_DRIVER_P384 || \
                      PP_DRIVER_MLKEM || PP_DRIVER_MLDSA)

#if PP_FIXED_KEY
/* The key buffer of one key size of such a family: a pair's buffer starts
 * with its export format (private_size bytes: a seed, a scalar) and holds
 * its public export at public_offset; a public key's buffer starts with
 * its export format (public_size bytes); whatever a family derives
 * (public key, expanded secret, cached coordinates) fills the rest, up to
 * pair_material / public_material bytes. The export formats are the
 * spec's (PSA 1.2 9.7.3, 9.7.4). */
typedef struct {
    uint16_t bits;             /* the key size */
    uint16_t private_size;     /* a pair's export */
    uint16_t public_size;      /* the public export */
    uint16_t public_offset;    /* the public export inside a pair's buffer */
    uint16_t pair_material;    /* key buffer lengths */
    uint16_t public_material;
} pp_fixed_key_layout;

/* Import (after the family's NOT_SUPPORTED check for the sizes of the
 * family it does not build): attributes->bits 0 or l->bits and data of
 * the export length of the type, else INVALID_ARGUMENT; a key buffer of
 * the material length, else INSUFFICIENT_MEMORY; then the data is copied
 * to the start of the key buffer (data may be that very place: see
 * generation), *key_buffer_length and *bits are set, and the family
 * validates and completes the buffer in place (wiping it when it refuses
 * a secret). */
psa_status_t pp_fixed_key_import(const pp_fixed_key_layout *l,
                                 const psa_key_attributes_t *attributes, const uint8_t *data,
                                 size_t data_length, uint8_t *key_buffer, size_t key_buffer_size,
                                 size_t *key_buffer_length, size_t *bits);
/* Generation of a pair, for every fixed-size family (none has a
 * generate_key entry point of its own): the private part is private_size
 * random bytes drawn where a pair's buffer keeps it, then imported in
 * place by the family's import_key, which derives the rest; a draw the
 * import refuses (INVALID_ARGUMENT: P-256's d outside [1, n-1]) is drawn
 * again (rejection sampling, FIPS 186-5 A.4.2), up to 64 times. A size
 * other than l->bits gets the family's import answer for it
 * (NOT_SUPPORTED for Ed448, X448, other SECP_R1 curves; INVALID_ARGUMENT
 * otherwise); a short buffer INSUFFICIENT_MEMORY; an RNG error is
 * returned. On an error the buffer is wiped. The dispatch layer has ruled
 * out public key types and custom data. */
psa_status_t pp_fixed_key_generate(const pp_fixed_key_layout *l,
                                   picopsa_driver_import_key_t *import_key,
                                   const psa_key_attributes_t *attributes, uint8_t *key_buffer,
                                   size_t key_buffer_size, size_t *key_buffer_length);
/* The layout among ls[0..n) of a key: the one of attributes->bits, or
 * with bits 0 (a public key only) the one whose public export is
 * data_length bytes; NULL when none is (9.6.1: the data gives the size of
 * a public key; a pair's private part may not tell). */
const pp_fixed_key_layout *pp_fixed_key_find(const pp_fixed_key_layout *ls, size_t n,
                                             const psa_key_attributes_t *attributes,
                                             size_t data_length);
/* l when a slot's buffer has the length of l for the key's type, else
 * NULL (a corrupted slot; l NULL gives NULL). */
const pp_fixed_key_layout *pp_fixed_key_check_buffer(const pp_fixed_key_layout *l,
                                                     const psa_key_attributes_t *attributes,
                                                     size_t key_buffer_size);
/* Export (public_only: the public key of a pair or a public key): a key
 * buffer of the wrong length for its type is CORRUPTION_DETECTED, a short
 * output BUFFER_TOO_SMALL. A fixed-size family has no export entry points
 * of its own: the dispatch layer calls this with the family's layout
 * (picopsa_driver_export_key_t plus the layout and public_only). */
psa_status_t pp_fixed_key_export(const pp_fixed_key_layout *l,
                                 const psa_key_attributes_t *attributes, const uint8_t *key_buffer,
                                 size_t key_buffer_size, int public_only, uint8_t *data,
                                 size_t data_size, size_t *data_length);
#endif

/* ---------------------------------------------------------------------- */
/* Twisted Edwards (Ed25519), src/ed25519/ed25519_psa.c                    */
/* Key buffer: key pair = 32-byte seed, 32-byte public key, 64-byte        */
/* expanded secret (clamped scalar, nonce prefix) = 128 bytes; public key */
/* = the 32-byte encoding. With PICOPSA_ED25519_CACHE_DECODED_KEY both    */
/* end with the public key's 32-byte x coordinate (160 / 64 bytes). With */
/* PICOPSA_SIGN_FAULT_CHECK a pair ends with the 16-byte key tag of the   */
/* fault countermeasure (ed25519.h), +16 bytes.                           */
/* ---------------------------------------------------------------------- */
#if PICOPSA_SIGN_FAULT_CHECK
#define PP_EDDSA_KEY_TAG_BYTES_ 16u
#else
#define PP_EDDSA_KEY_TAG_BYTES_ 0u
#endif
#if PICOPSA_ED25519_CACHE_DECODED_KEY
#define PP_EDDSA_KEY_PAIR_MATERIAL_SIZE (160u + PP_EDDSA_KEY_TAG_BYTES_)
#define PP_EDDSA_PUBLIC_MATERIAL_SIZE 64u
#else
#define PP_EDDSA_KEY_PAIR_MATERIAL_SIZE (128u + PP_EDDSA_KEY_TAG_BYTES_)
#define PP_EDDSA_PUBLIC_MATERIAL_SIZE 32u
#endif

#if PP_DRIVER_EDDSA
picopsa_driver_import_key_t pp_eddsa_import_key;
/* Pair: the 32-byte seed; public key: the 32-byte encoding.
 * Export and generation: pp_fixed_key_export / _generate with this layout. */
extern const pp_fixed_key_layout pp_eddsa_key_layout;
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
/* Pair: the 32-byte private key; public key: the 32-byte u.
 * Export and generation: pp_fixed_key_export / _generate with this layout. */
extern const pp_fixed_key_layout pp_x25519_key_layout;
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
/* Pair: d, 32 bytes big-endian; public key: 04 || x || y.
 * Export and generation: pp_fixed_key_export / _generate with this layout. */
extern const pp_fixed_key_layout pp_p256_key_layout;
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
/* P-384 (SECP_R1, 384 bits), src/p384/p384_psa.c                          */
/* Key buffer: key pair = the 48-byte scalar d, then the public key        */
/* 04 || x || y (97 bytes) = 145 bytes; public key = the 97-byte point.    */
/* ---------------------------------------------------------------------- */
#define PP_P384_KEY_PAIR_MATERIAL_SIZE 145u
#define PP_P384_PUBLIC_MATERIAL_SIZE 97u

#if PP_DRIVER_P384
picopsa_driver_import_key_t pp_p384_import_key;
/* Pair: d, 48 bytes big-endian; public key: 04 || x || y.
 * Export and generation: pp_fixed_key_export / _generate with this layout. */
extern const pp_fixed_key_layout pp_p384_key_layout;
#if PSA_WANT_ALG_ECDSA || PSA_WANT_ALG_DETERMINISTIC_ECDSA
/* ECDSA(hash), ECDSA_ANY, DETERMINISTIC_ECDSA(hash); raw r || s (96 B).
 * PICOPSA_P384_VERIFY_ONLY: verification only (no P-384 pair exists). */
#if !PICOPSA_P384_VERIFY_ONLY
picopsa_driver_sign_hash_t pp_p384_sign_hash;
#endif
picopsa_driver_verify_hash_t pp_p384_verify_hash;
#endif
#if PSA_WANT_ALG_ECDH && !PICOPSA_P384_VERIFY_ONLY
/* PSA_ALG_ECDH with a P-384 key pair; peer_key is 04 || x || y; the
 * secret is the 48-byte x coordinate. */
picopsa_driver_key_agreement_t pp_p384_key_agreement;
#endif
#endif
/* The SECP_R1 driver of a key of `bits` bits (0: an import without a
 * size, told by data_length): P-384 for 384 bits, else P-256 (which
 * answers NOT_SUPPORTED for the sizes it does not build); P-384 for every
 * size when P-256 is not built. */
#define PP_SECP_R1_IS_384(attributes, data_length)                              \
    ((attributes)->bits != 0 ? (attributes)->bits == 384u                      \
     : PSA_KEY_TYPE_IS_ECC_KEY_PAIR((attributes)->type) ? (data_length) == 48u \
                                                         : (data_length) == 97u)

/* ---------------------------------------------------------------------- */
/* ML-KEM-512/768/1024 (FIPS 203), src/mlkem/mlkem_psa.c                   */
/* Key buffer: key pair = the 64-byte seed d || z (its export format),     */
/* then the decapsulation key dk (768 k + 96 bytes, FIPS 203 Alg. 16),     */
/* which holds ek at dk + 384 k; public key = ek (384 k + 32 bytes).       */
/* k = key_bits / 256. Pair: 1696 / 2464 / 3232 bytes; public: 800 / 1184  */
/* / 1568 bytes.                                                           */
/* ---------------------------------------------------------------------- */
#define PP_MLKEM_PAIR_MATERIAL_SIZE(k) (64u + 768u * (k) + 96u)
#define PP_MLKEM_PUBLIC_MATERIAL_SIZE(k) (384u * (k) + 32u)
#define PP_MLKEM_KEY_PAIR_MATERIAL_MAX PP_MLKEM_PAIR_MATERIAL_SIZE(4u)

#if PP_DRIVER_MLKEM
/* Pair: the seed, key_bits required (a seed does not tell the parameter
 * set); public key: ek, passed through the FIPS 203 7.2 checks. */
picopsa_driver_import_key_t pp_mlkem_import_key;
/* The layout of key_bits 512 / 768 / 1024, else NULL. Export and
 * generation: pp_fixed_key_export / _generate with it. */
const pp_fixed_key_layout *pp_mlkem_key_layout(size_t bits);
/* alg is PSA_ALG_ML_KEM and the key an ML-KEM key (a pair for
 * decapsulation), the ciphertext buffer holds
 * PSA_ENCAPSULATE_CIPHERTEXT_SIZE and the secret 32 bytes (dispatch
 * layer). */
picopsa_driver_encapsulate_t pp_mlkem_encapsulate;
picopsa_driver_decapsulate_t pp_mlkem_decapsulate;
#endif

/* ---------------------------------------------------------------------- */
/* ML-DSA-44/65/87 (FIPS 204), src/mldsa/mldsa_psa.c                       */
/* Key buffer: key pair = the 32-byte seed xi (its export format), then    */
/* sk (skEncode, FIPS 204 Alg. 24), then pk; public key = pk (pkEncode,    */
/* Alg. 22). Pair: 3904 / 6016 / 7520 bytes; public: 1312 / 1952 / 2592.   */
/* ---------------------------------------------------------------------- */
#define PP_MLDSA_PAIR_MATERIAL_SIZE(sk, pk) (32u + (sk) + (pk))
#define PP_MLDSA_KEY_PAIR_MATERIAL_MAX PP_MLDSA_PAIR_MATERIAL_SIZE(4896u, 2592u)

#if PP_DRIVER_MLDSA
/* Pair: the seed, key_bits required (a seed does not tell the parameter
 * set); public key: pk, key_bits 0 taken from its length. */
picopsa_driver_import_key_t pp_mldsa_import_key;
/* The layout of key_bits 128 / 192 / 256, else NULL. */
const pp_fixed_key_layout *pp_mldsa_key_layout(size_t bits);
/* Both the message entry points (alg PSA_ALG_ML_DSA or
 * PSA_ALG_DETERMINISTIC_ML_DSA, the message, an empty context) and the
 * hash ones (a HashML-DSA algorithm, a hash of its length): the key an
 * ML-DSA key (a pair to sign), the signature buffer of
 * PSA_SIGN_OUTPUT_SIZE (dispatch layer). */
picopsa_driver_sign_t pp_mldsa_sign;
picopsa_driver_verify_t pp_mldsa_verify;
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

/* ---------------------------------------------------------------------- */
/* LMS / HSS public keys (RFC 8554, SP 800-208), src/lms/lms_psa.c         */
/* Key buffer: the key's export format, RFC 8554 3's lms_public_key        */
/* (24 + n bytes) or hss_public_key (28 + n), n = key_bits / 8: at most    */
/* 60 bytes. Public keys only (1.3 PQC extension 2.5).                     */
/* ---------------------------------------------------------------------- */
#define PP_LMS_KEY_MATERIAL_MAX 60u

#if PP_DRIVER_LMS
/* A public key of either type, checked in full (lms.h); key_bits 0 or the
 * key's hash length (192 / 256), else INVALID_ARGUMENT. */
picopsa_driver_import_key_t pp_lms_import_key;
/* The key buffer as it is (both export functions: a public key). */
picopsa_driver_export_key_t pp_lms_export_key;
/* alg is PSA_ALG_LMS with an LMS key or PSA_ALG_HSS with an HSS key
 * (dispatch layer); any signature length: the signature encodes its
 * parameter sets (RFC 8554 5.4.1, 6.2). */
picopsa_driver_verify_message_t pp_lms_verify_message;
#endif

#endif /* PICOPSA_PP_DRIVERS_H */
