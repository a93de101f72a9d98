/*
 * psa/crypto_sizes.h -- buffer-size macros of the PSA Certified Crypto API
 * 1.2 (the "support macros" of each chapter of section 10 and 9.6).
 *
 * Contract:
 *  - Each macro returns a size that is sufficient for the mechanisms picopsa
 *    builds (SHA-1, SHA-2, SHA-3, HMAC, Ed25519, RSA up to PICOPSA_RSA_MAX_BITS) and the
 *    spec's exact value where the spec fixes one (hash, MAC, signature sizes).
 *    For mechanisms picopsa does not build the macros still give the spec's
 *    natural value, or 0 where the spec allows "unsupported".
 *  - *_MAX_SIZE macros are compile-time constants, derived from
 *    picopsa/config.h, usable to size static buffers.
 *  - Every argument is evaluated possibly more than once: pass no side
 *    effects.
 *  - Included by psa/crypto.h; never include it directly.
 */
#ifndef PSA_CRYPTO_SIZES_H
#define PSA_CRYPTO_SIZES_H

#include "crypto_values.h"
#include <picopsa/config.h>

#define PSA_BITS_TO_BYTES(bits)   ((size_t)(((bits) + 7u) / 8u))
#define PSA_BYTES_TO_BITS(bytes)  ((size_t)(bytes) * 8u)
/* Largest key size the API can express (spec 9.2.1, psa_set_key_bits). */
#define PSA_MAX_KEY_BITS          0xfff8u

/* ===== Hash (spec 10.2.4) ============================================ */
#define PSA_HASH_LENGTH(alg)                                                   \
    ((size_t)(PSA_ALG_GET_HASH(alg) == PSA_ALG_MD2 ? 16u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD4 ? 16u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD5 ? 16u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_RIPEMD160 ? 20u :               \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_1 ? 20u :                   \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_224 ? 28u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_256 ? 32u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_384 ? 48u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512 ? 64u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_224 ? 28u :             \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_256 ? 32u :             \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_224 ? 28u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_256 ? 32u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_384 ? 48u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_512 ? 64u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SM3 ? 32u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHAKE256_512 ? 64u : 0u))

/* Input block size (spec 10.2.4); 0 when unknown. */
#define PSA_HASH_BLOCK_LENGTH(alg)                                             \
    ((size_t)(PSA_ALG_GET_HASH(alg) == PSA_ALG_MD2 ? 16u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD4 ? 64u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD5 ? 64u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_RIPEMD160 ? 64u :               \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_1 ? 64u :                   \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_224 ? 64u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_256 ? 64u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_384 ? 128u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512 ? 128u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_224 ? 128u :            \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_256 ? 128u :            \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_224 ? 144u :               \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_256 ? 136u :               \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_384 ? 104u :               \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA3_512 ? 72u :                \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SM3 ? 64u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHAKE256_512 ? 136u : 0u))

/* Largest digest of a built hash. SHA-512 is always there when Ed25519 is;
 * 64 keeps one ABI across configurations. */
#define PSA_HASH_MAX_SIZE 64u
#define PSA_HASH_BLOCK_MAX_SIZE_ 144u   /* SHA3-224 rate */

/* Hash suspend/resume (spec 10.2.5): picopsa implements it for SHA-1 and
 * the SHA-2 hashes (SHA-3 and SHAKE256/512: NOT_SUPPORTED, no format); the
 * field sizes are the spec's for every hash. */
#define PSA_HASH_SUSPEND_ALGORITHM_FIELD_LENGTH ((size_t)4)
/* Spec 10.2.5 "hash suspend state": field sizes per hash; 0 for hashes
 * that have no defined suspend format (SHA-3, SM3, SHAKE). */
#define PSA_HASH_SUSPEND_INPUT_LENGTH_FIELD_LENGTH(alg)                        \
    ((size_t)(PSA_ALG_GET_HASH(alg) == PSA_ALG_MD2 ? 1u :                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD4 ||                          \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD5 ||                          \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_RIPEMD160 ||                    \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_1 ||                        \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_224 ||                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_256 ? 8u :                  \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_384 ||                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512 ||                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_224 ||                  \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_256 ? 16u : 0u))
#define PSA_HASH_SUSPEND_HASH_STATE_FIELD_LENGTH(alg)                          \
    ((size_t)(PSA_ALG_GET_HASH(alg) == PSA_ALG_MD2 ? 64u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD4 ||                          \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_MD5 ? 16u :                     \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_RIPEMD160 ||                    \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_1 ? 20u :                   \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_224 ||                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_256 ? 32u :                 \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_384 ||                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512 ||                      \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_224 ||                  \
              PSA_ALG_GET_HASH(alg) == PSA_ALG_SHA_512_256 ? 64u : 0u))
/* 0 for hashes without a suspend format (spec 10.2.5). */
#define PSA_HASH_SUSPEND_OUTPUT_SIZE(alg)                                      \
    ((size_t)(PSA_HASH_SUSPEND_HASH_STATE_FIELD_LENGTH(alg) == 0u ? 0u :       \
              PSA_HASH_SUSPEND_ALGORITHM_FIELD_LENGTH +                        \
              PSA_HASH_SUSPEND_INPUT_LENGTH_FIELD_LENGTH(alg) +                \
              PSA_HASH_SUSPEND_HASH_STATE_FIELD_LENGTH(alg) +                  \
              PSA_HASH_BLOCK_LENGTH(alg) - 1u))
#define PSA_HASH_SUSPEND_OUTPUT_MAX_SIZE ((size_t)(4u + 16u + 64u + 128u - 1u))

/* ===== MAC (spec 10.3.5) ============================================= */
/* Tag length: the truncation if any, else the full length of the base
 * MAC (HMAC: the hash length; block-cipher MACs: the block length). */
#define PSA_MAC_LENGTH(key_type, key_bits, alg)                                \
    ((size_t)(((alg) & PSA_ALG_MAC_TRUNCATION_MASK) != 0 ?                     \
              PSA_MAC_TRUNCATED_LENGTH(alg) :                                  \
              PSA_ALG_IS_HMAC(alg) ? PSA_HASH_LENGTH(PSA_ALG_HMAC_GET_HASH(alg)) : \
              PSA_ALG_IS_BLOCK_CIPHER_MAC(alg) ?                               \
                  PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) : ((void)(key_bits), 0u)))
#define PSA_MAC_MAX_SIZE PSA_HASH_MAX_SIZE

/* ===== Unauthenticated ciphers (spec 10.4.6) ========================= */
/* Not built: picopsa returns NOT_SUPPORTED, the macros follow the spec. */
#define PSA_BLOCK_CIPHER_BLOCK_MAX_SIZE 16u
#define PSA_CIPHER_IV_LENGTH(key_type, alg)                                    \
    ((size_t)(PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) > 1u &&                  \
              ((alg) == PSA_ALG_CTR || (alg) == PSA_ALG_CFB ||                 \
               (alg) == PSA_ALG_OFB || (alg) == PSA_ALG_XTS ||                 \
               (alg) == PSA_ALG_CBC_NO_PADDING || (alg) == PSA_ALG_CBC_PKCS7) ? \
              PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) :                        \
              (alg) == PSA_ALG_CCM_STAR_NO_TAG ? 13u :                         \
              (key_type) == PSA_KEY_TYPE_CHACHA20 && (alg) == PSA_ALG_STREAM_CIPHER ? 12u : \
              (key_type) == PSA_KEY_TYPE_XCHACHA20 && (alg) == PSA_ALG_STREAM_CIPHER ? 24u : 0u))
#define PSA_CIPHER_IV_MAX_SIZE 24u
#define PSA_CIPHER_ENCRYPT_OUTPUT_SIZE(key_type, alg, input_length)            \
    ((size_t)(PSA_CIPHER_IV_LENGTH(key_type, alg) +                            \
              ((alg) == PSA_ALG_CBC_PKCS7 ?                                    \
               ((size_t)(input_length) / PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) + 1u) * \
                   PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) :                   \
               (size_t)(input_length))))
#define PSA_CIPHER_ENCRYPT_OUTPUT_MAX_SIZE(input_length)                       \
    ((size_t)((input_length) + PSA_CIPHER_IV_MAX_SIZE + PSA_BLOCK_CIPHER_BLOCK_MAX_SIZE))
#define PSA_CIPHER_DECRYPT_OUTPUT_SIZE(key_type, alg, input_length)            \
    ((size_t)(input_length) > PSA_CIPHER_IV_LENGTH(key_type, alg) ?            \
     (size_t)(input_length) - PSA_CIPHER_IV_LENGTH(key_type, alg) : (size_t)0)
#define PSA_CIPHER_DECRYPT_OUTPUT_MAX_SIZE(input_length) ((size_t)(input_length))
#define PSA_CIPHER_UPDATE_OUTPUT_SIZE(key_type, alg, input_length)             \
    ((size_t)(PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) > 1u ?                   \
              (size_t)(input_length) + PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) : \
              (size_t)(input_length)) + ((void)(alg), 0u))
#define PSA_CIPHER_UPDATE_OUTPUT_MAX_SIZE(input_length)                        \
    ((size_t)(input_length) + PSA_BLOCK_CIPHER_BLOCK_MAX_SIZE)
/* XTS keeps the last full block and a partial one for ciphertext
 * stealing: finish writes up to two blocks less a byte. */
#define PSA_CIPHER_FINISH_OUTPUT_SIZE(key_type, alg)                           \
    ((size_t)((alg) == PSA_ALG_CBC_PKCS7 ? PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) : \
              (alg) == PSA_ALG_XTS && PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) > 1u ? \
                  2u * PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) - 1u : 0u))
#define PSA_CIPHER_FINISH_OUTPUT_MAX_SIZE (2u * PSA_BLOCK_CIPHER_BLOCK_MAX_SIZE - 1u)

/* ===== AEAD (spec 10.5.6) ============================================ */
/* Not built: picopsa returns NOT_SUPPORTED, the macros follow the spec. */
#define PSA_AEAD_TAG_LENGTH(key_type, key_bits, alg)                           \
    ((size_t)(PSA_ALG_IS_AEAD(alg) ?                                           \
              (((alg) & PSA_ALG_AEAD_TAG_LENGTH_MASK) >> PSA_AEAD_TAG_LENGTH_OFFSET) : \
              ((void)(key_type), (void)(key_bits), 0u)))
#define PSA_AEAD_TAG_MAX_SIZE 16u
#define PSA_AEAD_NONCE_LENGTH(key_type, alg)                                   \
    ((size_t)(PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) == 16u ?                 \
              (PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_CCM ? 13u : \
               PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_GCM ? 12u : 0u) : \
              (key_type) == PSA_KEY_TYPE_CHACHA20 &&                           \
                  PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_CHACHA20_POLY1305 ? 12u : \
              (key_type) == PSA_KEY_TYPE_XCHACHA20 &&                          \
                  PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_XCHACHA20_POLY1305 ? 24u : 0u))
#define PSA_AEAD_NONCE_MAX_SIZE 24u
#define PSA_AEAD_ENCRYPT_OUTPUT_SIZE(key_type, alg, plaintext_length)          \
    ((size_t)(PSA_AEAD_TAG_LENGTH(key_type, 0, alg) != 0u ?                    \
              (size_t)(plaintext_length) + PSA_AEAD_TAG_LENGTH(key_type, 0, alg) : 0u))
#define PSA_AEAD_ENCRYPT_OUTPUT_MAX_SIZE(plaintext_length)                     \
    ((size_t)(plaintext_length) + PSA_AEAD_TAG_MAX_SIZE)
#define PSA_AEAD_DECRYPT_OUTPUT_SIZE(key_type, alg, ciphertext_length)         \
    ((size_t)(PSA_AEAD_TAG_LENGTH(key_type, 0, alg) != 0u &&                   \
              (size_t)(ciphertext_length) > PSA_AEAD_TAG_LENGTH(key_type, 0, alg) ? \
              (size_t)(ciphertext_length) - PSA_AEAD_TAG_LENGTH(key_type, 0, alg) : 0u))
#define PSA_AEAD_DECRYPT_OUTPUT_MAX_SIZE(ciphertext_length) ((size_t)(ciphertext_length))
#define PSA_AEAD_UPDATE_OUTPUT_SIZE(key_type, alg, input_length)               \
    ((size_t)(PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) > 1u ?                   \
              (size_t)(input_length) + PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) - 1u : \
              (size_t)(input_length)) + ((void)(alg), 0u))
#define PSA_AEAD_UPDATE_OUTPUT_MAX_SIZE(input_length)                          \
    ((size_t)(input_length) + PSA_BLOCK_CIPHER_BLOCK_MAX_SIZE - 1u)
#define PSA_AEAD_FINISH_OUTPUT_SIZE(key_type, alg)                             \
    ((size_t)(PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) > 1u ?                   \
              PSA_BLOCK_CIPHER_BLOCK_LENGTH(key_type) - 1u : 0u) + ((void)(alg), 0u))
#define PSA_AEAD_FINISH_OUTPUT_MAX_SIZE (PSA_BLOCK_CIPHER_BLOCK_MAX_SIZE - 1u)
#define PSA_AEAD_VERIFY_OUTPUT_SIZE(key_type, alg) PSA_AEAD_FINISH_OUTPUT_SIZE(key_type, alg)
#define PSA_AEAD_VERIFY_OUTPUT_MAX_SIZE PSA_AEAD_FINISH_OUTPUT_MAX_SIZE

/* ===== Key derivation (spec 10.6.4) ================================== */
#define PSA_TLS12_PSK_TO_MS_PSK_MAX_SIZE 128u
#define PSA_TLS12_ECJPAKE_TO_PMS_OUTPUT_SIZE 32u

/* ===== Asymmetric signature (spec 10.7.5) ============================ */
/* RSA: the modulus length. ECC: r || s, two field elements (EdDSA: R || S,
 * 64 bytes for Ed25519, 114 for Ed448). LMS / HSS: 0, signing is not
 * supported (1.3 PQC extension 2.5.2). */
#define PSA_ECC_SIGNATURE_SIZE_(key_bits)                                      \
    ((key_bits) == 448u ? (size_t)114 : (size_t)(2u * PSA_BITS_TO_BYTES(key_bits)))
/* ML-DSA (1.3 PQC extension 2.3.2; FIPS 204 Table 2): 2420, 3309, 4627
 * bytes for key_bits 128, 192, 256, whatever the variant. */
#define PSA_ML_DSA_SIGNATURE_SIZE_(key_bits)                                   \
    ((key_bits) == 128u ? 2420u : (key_bits) == 192u ? 3309u : (key_bits) == 256u ? 4627u : 0u)
#define PSA_SIGN_OUTPUT_SIZE(key_type, key_bits, alg)                          \
    ((size_t)(PSA_KEY_TYPE_IS_RSA(key_type) ? PSA_BITS_TO_BYTES(key_bits) :    \
              PSA_KEY_TYPE_IS_ECC(key_type) ? PSA_ECC_SIGNATURE_SIZE_(key_bits) : \
              PSA_KEY_TYPE_IS_ML_DSA(key_type) ? PSA_ML_DSA_SIGNATURE_SIZE_(key_bits) : \
              ((void)(alg), 0u)))

#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
#define PSA_RSA_MAX_BYTES_ ((size_t)(PICOPSA_RSA_MAX_BITS / 8))
#else
#define PSA_RSA_MAX_BYTES_ ((size_t)0)
#endif
#define PSA_MAX_OF_(a, b) ((a) > (b) ? (a) : (b))

/* ECC: 64 bytes (Ed25519, P-256), P-384's r || s 96 bytes when built. */
#if PSA_WANT_ECC_SECP_R1_384
#define PSA_ECC_SIGNATURE_MAX_ ((size_t)96)
#else
#define PSA_ECC_SIGNATURE_MAX_ ((size_t)64)
#endif
#if PSA_WANT_ALG_ML_DSA
#define PSA_ML_DSA_SIGNATURE_MAX_ ((size_t)4627)   /* ML-DSA-87 */
#else
#define PSA_ML_DSA_SIGNATURE_MAX_ ((size_t)0)
#endif
#define PSA_SIGNATURE_MAX_SIZE                                                 \
    PSA_MAX_OF_(PSA_MAX_OF_(PSA_RSA_MAX_BYTES_, PSA_ECC_SIGNATURE_MAX_), PSA_ML_DSA_SIGNATURE_MAX_)

/* ===== Asymmetric encryption (spec 10.8.4) =========================== */
#define PSA_ASYMMETRIC_ENCRYPT_OUTPUT_SIZE(key_type, key_bits, alg)            \
    ((size_t)(PSA_KEY_TYPE_IS_RSA(key_type) ? PSA_BITS_TO_BYTES(key_bits) :    \
              ((void)(alg), 0u)))
#define PSA_ASYMMETRIC_ENCRYPT_OUTPUT_MAX_SIZE PSA_RSA_MAX_BYTES_
/* Sufficient for PKCS#1 v1.5 and OAEP: the message is shorter than n. */
#define PSA_ASYMMETRIC_DECRYPT_OUTPUT_SIZE(key_type, key_bits, alg)            \
    ((size_t)(PSA_KEY_TYPE_IS_RSA(key_type) ? PSA_BITS_TO_BYTES(key_bits) :    \
              ((void)(alg), 0u)))
#define PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE PSA_RSA_MAX_BYTES_

/* ===== Key agreement (spec 10.9.4) =================================== */
/* ECDH: one field element (X25519: 32 bytes, RFC 7748; the x coordinate
 * on Weierstrass curves). MAX_SIZE also covers FFDH, which is not built. */
#define PSA_RAW_KEY_AGREEMENT_OUTPUT_SIZE(key_type, key_bits)                  \
    ((size_t)(PSA_KEY_TYPE_IS_ECC_KEY_PAIR(key_type) ||                        \
              PSA_KEY_TYPE_IS_DH_KEY_PAIR(key_type) ? PSA_BITS_TO_BYTES(key_bits) : 0u))
#define PSA_RAW_KEY_AGREEMENT_OUTPUT_MAX_SIZE ((size_t)1024)

/* ===== Key encapsulation (Crypto API 1.3 10.10.3) ==================== */
/* ML-KEM (1.3 PQC extension 2.2.2): c is 32 (du k + dv) bytes, 768, 1088
 * and 1568 for ML-KEM-512/768/1024; 0 for anything else (ECIES is not
 * built: 10.10.3 allows 0 for a recognised, unsupported combination). */
#define PSA_ENCAPSULATE_CIPHERTEXT_SIZE(key_type, key_bits, alg)               \
    ((size_t)((alg) == PSA_ALG_ML_KEM && PSA_KEY_TYPE_IS_ML_KEM(key_type) ?    \
              ((key_bits) == 512u ? 768u : (key_bits) == 768u ? 1088u :        \
               (key_bits) == 1024u ? 1568u : 0u) : 0u))
#if PSA_WANT_ALG_ML_KEM
#define PSA_ENCAPSULATE_CIPHERTEXT_MAX_SIZE ((size_t)1568)
#else
#define PSA_ENCAPSULATE_CIPHERTEXT_MAX_SIZE ((size_t)0)
#endif

/* ===== PAKE (PAKE extension 1.2, 2.8) ================================ */
/* Not built: 0 means "unsupported", as the extension allows. */
#define PSA_PAKE_OUTPUT_SIZE(alg, primitive, output_step)                      \
    ((size_t)((void)(alg), (void)(primitive), (void)(output_step), 0u))
#define PSA_PAKE_INPUT_SIZE(alg, primitive, input_step)                        \
    ((size_t)((void)(alg), (void)(primitive), (void)(input_step), 0u))
#define PSA_PAKE_OUTPUT_MAX_SIZE ((size_t)0)
#define PSA_PAKE_INPUT_MAX_SIZE ((size_t)0)

/* ===== Key export (spec 9.6.5, key formats 9.7) ====================== */
/* DER INTEGER of up to `bytes` magnitude bytes: tag, up to 3 length bytes,
 * a possible leading 0x00, the magnitude. */
#define PSA_DER_INTEGER_MAX_SIZE_(bytes) ((size_t)(bytes) + 5u)
/* RSAPublicKey ::= SEQUENCE { n, e } (RFC 8017 A.1.1); e no longer than n. */
#define PSA_KEY_EXPORT_RSA_PUBLIC_KEY_MAX_SIZE(key_bits)                       \
    (4u + 2u * PSA_DER_INTEGER_MAX_SIZE_(PSA_BITS_TO_BYTES(key_bits)))
/* RSAPrivateKey ::= SEQUENCE { 0, n, e, d, p, q, dp, dq, qinv }
 * (RFC 8017 A.1.2): three modulus-sized integers, five half-sized ones. */
#define PSA_KEY_EXPORT_RSA_KEY_PAIR_MAX_SIZE(key_bits)                         \
    (4u + 3u + 3u * PSA_DER_INTEGER_MAX_SIZE_(PSA_BITS_TO_BYTES(key_bits)) +   \
     5u * PSA_DER_INTEGER_MAX_SIZE_(PSA_BITS_TO_BYTES(key_bits) / 2u + 1u))
/* ECC (spec 9.7.3/9.7.4): key pair = the private scalar / seed; public key
 * = Weierstrass 04||x||y, Montgomery and Edwards the encoded u / y. */
#define PSA_ECC_PUBLIC_KEY_SIZE_(key_type, key_bits)                           \
    (PSA_KEY_TYPE_ECC_GET_FAMILY(key_type) == PSA_ECC_FAMILY_MONTGOMERY ||     \
     PSA_KEY_TYPE_ECC_GET_FAMILY(key_type) == PSA_ECC_FAMILY_TWISTED_EDWARDS ? \
     (key_bits) == 448u && PSA_KEY_TYPE_ECC_GET_FAMILY(key_type) ==            \
         PSA_ECC_FAMILY_TWISTED_EDWARDS ? (size_t)57 : PSA_BITS_TO_BYTES(key_bits) : \
     1u + 2u * PSA_BITS_TO_BYTES(key_bits))
#define PSA_ECC_KEY_PAIR_SIZE_(key_type, key_bits)                             \
    ((key_bits) == 448u && PSA_KEY_TYPE_ECC_GET_FAMILY(key_type) ==            \
     PSA_ECC_FAMILY_TWISTED_EDWARDS ? (size_t)57 : PSA_BITS_TO_BYTES(key_bits))

/* ML-KEM (1.3 PQC extension 2.2.1): a pair exports the 64-byte seed
 * d || z, a public key (and the public part of a pair) the encapsulation
 * key ek, 384 k + 32 bytes with k = key_bits / 256 (FIPS 203 Table 3:
 * 800, 1184, 1568); 0 for another key_bits. */
#define PSA_ML_KEM_BITS_OK_(key_bits)                                          \
    ((key_bits) == 512u || (key_bits) == 768u || (key_bits) == 1024u)
#define PSA_ML_KEM_PUBLIC_KEY_SIZE_(key_bits)                                  \
    (PSA_ML_KEM_BITS_OK_(key_bits) ? 384u * ((key_bits) / 256u) + 32u : 0u)
#define PSA_ML_KEM_KEY_PAIR_SIZE_(key_bits) (PSA_ML_KEM_BITS_OK_(key_bits) ? 64u : 0u)

/* ML-DSA (1.3 PQC extension 2.3.1): a pair exports the 32-byte seed xi,
 * a public key pk = rho || t1, 32 + 320 k bytes (FIPS 204 Table 2: 1312,
 * 1952, 2592 for key_bits 128, 192, 256); 0 for another key_bits. */
#define PSA_ML_DSA_BITS_OK_(key_bits)                                          \
    ((key_bits) == 128u || (key_bits) == 192u || (key_bits) == 256u)
#define PSA_ML_DSA_PUBLIC_KEY_SIZE_(key_bits)                                  \
    ((key_bits) == 128u ? 1312u : (key_bits) == 192u ? 1952u : (key_bits) == 256u ? 2592u : 0u)
#define PSA_ML_DSA_KEY_PAIR_SIZE_(key_bits) (PSA_ML_DSA_BITS_OK_(key_bits) ? 32u : 0u)

/* LMS / HSS public keys (1.3 PQC extension 2.5.1): RFC 8554 3's
 * lms_public_key, 24 + key_bits / 8 bytes; hss_public_key adds u32 L. */
#define PSA_LMS_BITS_OK_(key_bits) ((key_bits) == 192u || (key_bits) == 256u)
#define PSA_LMS_PUBLIC_KEY_SIZE_(key_type, key_bits)                           \
    (!PSA_LMS_BITS_OK_(key_bits) ? 0u :                                        \
     (key_type) == PSA_KEY_TYPE_LMS_PUBLIC_KEY ? 24u + (key_bits) / 8u :       \
     (key_type) == PSA_KEY_TYPE_HSS_PUBLIC_KEY ? 28u + (key_bits) / 8u : 0u)
#define PSA_KEY_TYPE_IS_LMS_OR_HSS_(key_type)                                  \
    ((key_type) == PSA_KEY_TYPE_LMS_PUBLIC_KEY || (key_type) == PSA_KEY_TYPE_HSS_PUBLIC_KEY)

#define PSA_EXPORT_KEY_OUTPUT_SIZE(key_type, key_bits)                         \
    ((size_t)(PSA_KEY_TYPE_IS_LMS_OR_HSS_(key_type) ?                          \
                  PSA_LMS_PUBLIC_KEY_SIZE_(key_type, key_bits) :               \
              (key_type) == PSA_KEY_TYPE_ML_KEM_KEY_PAIR ?                     \
                  PSA_ML_KEM_KEY_PAIR_SIZE_(key_bits) :                        \
              (key_type) == PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY ?                   \
                  PSA_ML_KEM_PUBLIC_KEY_SIZE_(key_bits) :                      \
              (key_type) == PSA_KEY_TYPE_ML_DSA_KEY_PAIR ?                     \
                  PSA_ML_DSA_KEY_PAIR_SIZE_(key_bits) :                        \
              (key_type) == PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY ?                   \
                  PSA_ML_DSA_PUBLIC_KEY_SIZE_(key_bits) :                      \
              (key_type) == PSA_KEY_TYPE_RSA_KEY_PAIR ?                        \
                  PSA_KEY_EXPORT_RSA_KEY_PAIR_MAX_SIZE(key_bits) :             \
              (key_type) == PSA_KEY_TYPE_RSA_PUBLIC_KEY ?                      \
                  PSA_KEY_EXPORT_RSA_PUBLIC_KEY_MAX_SIZE(key_bits) :           \
              PSA_KEY_TYPE_IS_ECC_KEY_PAIR(key_type) ?                         \
                  PSA_ECC_KEY_PAIR_SIZE_(key_type, key_bits) :                 \
              PSA_KEY_TYPE_IS_ECC_PUBLIC_KEY(key_type) ?                       \
                  PSA_ECC_PUBLIC_KEY_SIZE_(key_type, key_bits) :               \
              PSA_KEY_TYPE_IS_DH(key_type) ? PSA_BITS_TO_BYTES(key_bits) :     \
              PSA_KEY_TYPE_IS_UNSTRUCTURED(key_type) ? PSA_BITS_TO_BYTES(key_bits) : 0u))

#define PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(key_type, key_bits)                  \
    ((size_t)(PSA_KEY_TYPE_IS_LMS_OR_HSS_(key_type) ?                          \
                  PSA_LMS_PUBLIC_KEY_SIZE_(key_type, key_bits) :               \
              PSA_KEY_TYPE_IS_ML_KEM(key_type) ?                               \
                  PSA_ML_KEM_PUBLIC_KEY_SIZE_(key_bits) :                      \
              PSA_KEY_TYPE_IS_ML_DSA(key_type) ?                               \
                  PSA_ML_DSA_PUBLIC_KEY_SIZE_(key_bits) :                      \
              PSA_KEY_TYPE_IS_RSA(key_type) ?                                  \
                  PSA_KEY_EXPORT_RSA_PUBLIC_KEY_MAX_SIZE(key_bits) :           \
              PSA_KEY_TYPE_IS_ECC(key_type) ?                                  \
                  PSA_ECC_PUBLIC_KEY_SIZE_(key_type, key_bits) :               \
              PSA_KEY_TYPE_IS_DH(key_type) ? PSA_BITS_TO_BYTES(key_bits) : 0u))

/* Largest asymmetric exports of the families that are built. */
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR
#define PSA_RSA_KEY_PAIR_EXPORT_MAX_ PSA_KEY_EXPORT_RSA_KEY_PAIR_MAX_SIZE(PICOPSA_RSA_MAX_BITS)
#else
#define PSA_RSA_KEY_PAIR_EXPORT_MAX_ ((size_t)0)
#endif
#if PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY
#define PSA_RSA_PUBLIC_EXPORT_MAX_ PSA_KEY_EXPORT_RSA_PUBLIC_KEY_MAX_SIZE(PICOPSA_RSA_MAX_BITS)
#else
#define PSA_RSA_PUBLIC_EXPORT_MAX_ ((size_t)0)
#endif
#if PSA_WANT_ALG_ML_KEM
#define PSA_ML_KEM_KEY_PAIR_EXPORT_MAX_ ((size_t)64)
#define PSA_ML_KEM_PUBLIC_EXPORT_MAX_ ((size_t)1568)   /* ML-KEM-1024 ek */
#else
#define PSA_ML_KEM_KEY_PAIR_EXPORT_MAX_ ((size_t)0)
#define PSA_ML_KEM_PUBLIC_EXPORT_MAX_ ((size_t)0)
#endif
#if PSA_WANT_ALG_ML_DSA
#define PSA_ML_DSA_PUBLIC_EXPORT_MAX_ ((size_t)2592)   /* ML-DSA-87 pk */
#else
#define PSA_ML_DSA_PUBLIC_EXPORT_MAX_ ((size_t)0)
#endif
/* ECC: a 32-byte private key (Curve25519, P-256), 48 bytes with P-384;
 * the public key is 32 bytes, P-256's uncompressed point 65 bytes, P-384's
 * 97 bytes (spec 9.7.3, 9.7.4). */
#if PSA_WANT_ECC_SECP_R1_384
#define PSA_ECC_PUBLIC_EXPORT_MAX_ ((size_t)97)
#define PSA_ECC_KEY_PAIR_EXPORT_MAX_ ((size_t)48)
#elif PSA_WANT_ECC_SECP_R1_256
#define PSA_ECC_PUBLIC_EXPORT_MAX_ ((size_t)65)
#define PSA_ECC_KEY_PAIR_EXPORT_MAX_ ((size_t)32)
#else
#define PSA_ECC_PUBLIC_EXPORT_MAX_ ((size_t)32)
#define PSA_ECC_KEY_PAIR_EXPORT_MAX_ ((size_t)32)
#endif
#define PSA_EXPORT_KEY_PAIR_MAX_SIZE                                           \
    PSA_MAX_OF_(PSA_MAX_OF_(PSA_RSA_KEY_PAIR_EXPORT_MAX_, PSA_ML_KEM_KEY_PAIR_EXPORT_MAX_), \
                PSA_ECC_KEY_PAIR_EXPORT_MAX_)
/* LMS / HSS: the 60-byte hss_public_key with n = 32. */
#if PSA_WANT_ALG_LMS || PSA_WANT_ALG_HSS
#define PSA_LMS_PUBLIC_EXPORT_MAX_ ((size_t)60)
#else
#define PSA_LMS_PUBLIC_EXPORT_MAX_ ((size_t)0)
#endif
#define PSA_EXPORT_PUBLIC_KEY_MAX_SIZE                                         \
    PSA_MAX_OF_(PSA_MAX_OF_(PSA_MAX_OF_(PSA_RSA_PUBLIC_EXPORT_MAX_, PSA_ML_KEM_PUBLIC_EXPORT_MAX_), \
                            PSA_ML_DSA_PUBLIC_EXPORT_MAX_),                    \
                PSA_MAX_OF_(PSA_ECC_PUBLIC_EXPORT_MAX_, PSA_LMS_PUBLIC_EXPORT_MAX_))
/* Crypto API 1.3 addition (like psa_generate_key_custom): either kind. */
#define PSA_EXPORT_ASYMMETRIC_KEY_MAX_SIZE                                     \
    PSA_MAX_OF_(PSA_EXPORT_KEY_PAIR_MAX_SIZE, PSA_EXPORT_PUBLIC_KEY_MAX_SIZE)

#endif /* PSA_CRYPTO_SIZES_H */
