/*
 * psa/crypto_values.h -- numeric encodings of the PSA Certified Crypto API 1.2
 * (appendix B "Specification-defined values"). These are ABI: each value
 * below was checked against that appendix; do not change them.
 */
#ifndef PSA_CRYPTO_VALUES_H
#define PSA_CRYPTO_VALUES_H

#include "crypto_types.h"

/* ===================================================================== */
/* Key types (spec 9.2)                                                   */
/* ===================================================================== */
#define PSA_KEY_TYPE_NONE                   ((psa_key_type_t)0x0000)
#define PSA_KEY_TYPE_VENDOR_FLAG            ((psa_key_type_t)0x8000)
#define PSA_KEY_TYPE_CATEGORY_MASK          ((psa_key_type_t)0x7000)
#define PSA_KEY_TYPE_CATEGORY_RAW           ((psa_key_type_t)0x1000)
#define PSA_KEY_TYPE_CATEGORY_SYMMETRIC     ((psa_key_type_t)0x2000)
#define PSA_KEY_TYPE_CATEGORY_PUBLIC_KEY    ((psa_key_type_t)0x4000)
#define PSA_KEY_TYPE_CATEGORY_KEY_PAIR      ((psa_key_type_t)0x7000)
#define PSA_KEY_TYPE_CATEGORY_FLAG_PAIR     ((psa_key_type_t)0x3000)

#define PSA_KEY_TYPE_IS_VENDOR_DEFINED(type) (((type) & PSA_KEY_TYPE_VENDOR_FLAG) != 0)
#define PSA_KEY_TYPE_IS_UNSTRUCTURED(type)                                     \
    (((type) & PSA_KEY_TYPE_CATEGORY_MASK) == PSA_KEY_TYPE_CATEGORY_RAW ||     \
     ((type) & PSA_KEY_TYPE_CATEGORY_MASK) == PSA_KEY_TYPE_CATEGORY_SYMMETRIC)
#define PSA_KEY_TYPE_IS_ASYMMETRIC(type)                                       \
    (((type) & PSA_KEY_TYPE_CATEGORY_MASK & ~PSA_KEY_TYPE_CATEGORY_FLAG_PAIR) == \
     PSA_KEY_TYPE_CATEGORY_PUBLIC_KEY)
#define PSA_KEY_TYPE_IS_PUBLIC_KEY(type)                                       \
    (((type) & PSA_KEY_TYPE_CATEGORY_MASK) == PSA_KEY_TYPE_CATEGORY_PUBLIC_KEY)
#define PSA_KEY_TYPE_IS_KEY_PAIR(type)                                         \
    (((type) & PSA_KEY_TYPE_CATEGORY_MASK) == PSA_KEY_TYPE_CATEGORY_KEY_PAIR)
#define PSA_KEY_TYPE_KEY_PAIR_OF_PUBLIC_KEY(type)                              \
    ((psa_key_type_t)((type) | PSA_KEY_TYPE_CATEGORY_FLAG_PAIR))
#define PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type)                              \
    ((psa_key_type_t)((type) & ~PSA_KEY_TYPE_CATEGORY_FLAG_PAIR))

#define PSA_KEY_TYPE_RAW_DATA               ((psa_key_type_t)0x1001)
#define PSA_KEY_TYPE_HMAC                   ((psa_key_type_t)0x1100)
#define PSA_KEY_TYPE_DERIVE                 ((psa_key_type_t)0x1200)
#define PSA_KEY_TYPE_PASSWORD               ((psa_key_type_t)0x1203)
#define PSA_KEY_TYPE_PASSWORD_HASH          ((psa_key_type_t)0x1205)
#define PSA_KEY_TYPE_PEPPER                 ((psa_key_type_t)0x1206)
#define PSA_KEY_TYPE_AES                    ((psa_key_type_t)0x2400)
#define PSA_KEY_TYPE_ARIA                   ((psa_key_type_t)0x2406)
#define PSA_KEY_TYPE_DES                    ((psa_key_type_t)0x2301)
#define PSA_KEY_TYPE_CAMELLIA               ((psa_key_type_t)0x2403)
#define PSA_KEY_TYPE_SM4                    ((psa_key_type_t)0x2405)
#define PSA_KEY_TYPE_ARC4                   ((psa_key_type_t)0x2002)
#define PSA_KEY_TYPE_CHACHA20               ((psa_key_type_t)0x2004)
#define PSA_KEY_TYPE_XCHACHA20              ((psa_key_type_t)0x2007)

#define PSA_KEY_TYPE_RSA_PUBLIC_KEY         ((psa_key_type_t)0x4001)
#define PSA_KEY_TYPE_RSA_KEY_PAIR           ((psa_key_type_t)0x7001)
#define PSA_KEY_TYPE_IS_RSA(type)                                              \
    (PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type) == PSA_KEY_TYPE_RSA_PUBLIC_KEY)

#define PSA_KEY_TYPE_ECC_PUBLIC_KEY_BASE    ((psa_key_type_t)0x4100)
#define PSA_KEY_TYPE_ECC_KEY_PAIR_BASE      ((psa_key_type_t)0x7100)
#define PSA_KEY_TYPE_ECC_CURVE_MASK         ((psa_key_type_t)0x00ff)
#define PSA_KEY_TYPE_ECC_KEY_PAIR(curve)                                       \
    ((psa_key_type_t)(PSA_KEY_TYPE_ECC_KEY_PAIR_BASE | (curve)))
#define PSA_KEY_TYPE_ECC_PUBLIC_KEY(curve)                                     \
    ((psa_key_type_t)(PSA_KEY_TYPE_ECC_PUBLIC_KEY_BASE | (curve)))
#define PSA_KEY_TYPE_IS_ECC(type)                                              \
    ((PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type) & ~PSA_KEY_TYPE_ECC_CURVE_MASK) == \
     PSA_KEY_TYPE_ECC_PUBLIC_KEY_BASE)
#define PSA_KEY_TYPE_IS_ECC_KEY_PAIR(type)                                     \
    (((type) & ~PSA_KEY_TYPE_ECC_CURVE_MASK) == PSA_KEY_TYPE_ECC_KEY_PAIR_BASE)
#define PSA_KEY_TYPE_IS_ECC_PUBLIC_KEY(type)                                   \
    (((type) & ~PSA_KEY_TYPE_ECC_CURVE_MASK) == PSA_KEY_TYPE_ECC_PUBLIC_KEY_BASE)
#define PSA_KEY_TYPE_ECC_GET_FAMILY(type)                                      \
    ((psa_ecc_family_t)(PSA_KEY_TYPE_IS_ECC(type) ?                            \
                        ((type) & PSA_KEY_TYPE_ECC_CURVE_MASK) : 0))

#define PSA_ECC_FAMILY_SECP_K1              ((psa_ecc_family_t)0x17)
#define PSA_ECC_FAMILY_SECP_R1              ((psa_ecc_family_t)0x12)
#define PSA_ECC_FAMILY_SECP_R2              ((psa_ecc_family_t)0x1b)
#define PSA_ECC_FAMILY_SECT_K1              ((psa_ecc_family_t)0x27)
#define PSA_ECC_FAMILY_SECT_R1              ((psa_ecc_family_t)0x22)
#define PSA_ECC_FAMILY_SECT_R2              ((psa_ecc_family_t)0x2b)
#define PSA_ECC_FAMILY_BRAINPOOL_P_R1       ((psa_ecc_family_t)0x30)
#define PSA_ECC_FAMILY_FRP                  ((psa_ecc_family_t)0x33)
#define PSA_ECC_FAMILY_MONTGOMERY           ((psa_ecc_family_t)0x41)
#define PSA_ECC_FAMILY_TWISTED_EDWARDS      ((psa_ecc_family_t)0x42)

#define PSA_KEY_TYPE_DH_PUBLIC_KEY_BASE     ((psa_key_type_t)0x4200)
#define PSA_KEY_TYPE_DH_KEY_PAIR_BASE       ((psa_key_type_t)0x7200)
#define PSA_KEY_TYPE_DH_GROUP_MASK          ((psa_key_type_t)0x00ff)
#define PSA_KEY_TYPE_DH_KEY_PAIR(group)                                        \
    ((psa_key_type_t)(PSA_KEY_TYPE_DH_KEY_PAIR_BASE | (group)))
#define PSA_KEY_TYPE_DH_PUBLIC_KEY(group)                                      \
    ((psa_key_type_t)(PSA_KEY_TYPE_DH_PUBLIC_KEY_BASE | (group)))
#define PSA_KEY_TYPE_IS_DH(type)                                               \
    ((PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type) & ~PSA_KEY_TYPE_DH_GROUP_MASK) == \
     PSA_KEY_TYPE_DH_PUBLIC_KEY_BASE)
#define PSA_KEY_TYPE_IS_DH_KEY_PAIR(type)                                      \
    (((type) & ~PSA_KEY_TYPE_DH_GROUP_MASK) == PSA_KEY_TYPE_DH_KEY_PAIR_BASE)
#define PSA_KEY_TYPE_IS_DH_PUBLIC_KEY(type)                                    \
    (((type) & ~PSA_KEY_TYPE_DH_GROUP_MASK) == PSA_KEY_TYPE_DH_PUBLIC_KEY_BASE)
#define PSA_KEY_TYPE_DH_GET_FAMILY(type)                                       \
    ((psa_dh_family_t)(PSA_KEY_TYPE_IS_DH(type) ?                              \
                       ((type) & PSA_KEY_TYPE_DH_GROUP_MASK) : 0))
#define PSA_DH_FAMILY_RFC7919               ((psa_dh_family_t)0x03)

#define PSA_KEY_TYPE_SPAKE2P_PUBLIC_KEY_BASE ((psa_key_type_t)0x4400)
#define PSA_KEY_TYPE_SPAKE2P_KEY_PAIR_BASE   ((psa_key_type_t)0x7400)
#define PSA_KEY_TYPE_SPAKE2P_CURVE_MASK      ((psa_key_type_t)0x00ff)
#define PSA_KEY_TYPE_SPAKE2P_KEY_PAIR(curve)                                   \
    ((psa_key_type_t)(PSA_KEY_TYPE_SPAKE2P_KEY_PAIR_BASE | (curve)))
#define PSA_KEY_TYPE_SPAKE2P_PUBLIC_KEY(curve)                                 \
    ((psa_key_type_t)(PSA_KEY_TYPE_SPAKE2P_PUBLIC_KEY_BASE | (curve)))
#define PSA_KEY_TYPE_IS_SPAKE2P(type)                                          \
    ((PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type) & ~PSA_KEY_TYPE_SPAKE2P_CURVE_MASK) == \
     PSA_KEY_TYPE_SPAKE2P_PUBLIC_KEY_BASE)
#define PSA_KEY_TYPE_IS_SPAKE2P_KEY_PAIR(type)                                 \
    (((type) & ~PSA_KEY_TYPE_SPAKE2P_CURVE_MASK) == PSA_KEY_TYPE_SPAKE2P_KEY_PAIR_BASE)
#define PSA_KEY_TYPE_IS_SPAKE2P_PUBLIC_KEY(type)                               \
    (((type) & ~PSA_KEY_TYPE_SPAKE2P_CURVE_MASK) == PSA_KEY_TYPE_SPAKE2P_PUBLIC_KEY_BASE)
#define PSA_KEY_TYPE_SPAKE2P_GET_FAMILY(type)                                  \
    ((psa_ecc_family_t)(PSA_KEY_TYPE_IS_SPAKE2P(type) ?                        \
                        ((type) & PSA_KEY_TYPE_SPAKE2P_CURVE_MASK) : 0))

/* ML-KEM keys (Crypto API 1.3 PQC extension, beta, 2.2.1): key_bits is
 * the parameter set, 512, 768 or 1024 (FIPS 203 8). */
#define PSA_KEY_TYPE_ML_KEM_KEY_PAIR        ((psa_key_type_t)0x7004)
#define PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY      ((psa_key_type_t)0x4004)
#define PSA_KEY_TYPE_IS_ML_KEM(type)                                           \
    (PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type) == PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY)

/* ML-DSA keys (Crypto API 1.3 PQC extension 2.3.1): key_bits is the
 * security strength of the parameter set, 128 (ML-DSA-44), 192 (ML-DSA-65)
 * or 256 (ML-DSA-87). */
#define PSA_KEY_TYPE_ML_DSA_KEY_PAIR        ((psa_key_type_t)0x7002)
#define PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY      ((psa_key_type_t)0x4002)
#define PSA_KEY_TYPE_IS_ML_DSA(type)                                           \
    (PSA_KEY_TYPE_PUBLIC_KEY_OF_KEY_PAIR(type) == PSA_KEY_TYPE_ML_DSA_PUBLIC_KEY)

/* LMS and HSS public keys (Crypto API 1.3 PQC extension 2.5.1): the
 * parameter set is in the key data; key_bits is the hash output length,
 * 192 (SHA-256/192, SHAKE256/192) or 256 (SHA-256, SHAKE256/256). There
 * are no LMS / HSS key pair types. */
#define PSA_KEY_TYPE_LMS_PUBLIC_KEY         ((psa_key_type_t)0x4007)
#define PSA_KEY_TYPE_HSS_PUBLIC_KEY         ((psa_key_type_t)0x4008)

/* Block size of a block cipher key type, or 1 for stream ciphers. */
#define PSA_BLOCK_CIPHER_BLOCK_LENGTH(type)                                    \
    (((type) & PSA_KEY_TYPE_CATEGORY_MASK) == PSA_KEY_TYPE_CATEGORY_SYMMETRIC ? \
     (1u << (((type) >> 8) & 7)) : 0u)

/* ===================================================================== */
/* Algorithms (spec 10.1)                                                  */
/* ===================================================================== */
#define PSA_ALG_NONE                        ((psa_algorithm_t)0)
#define PSA_ALG_VENDOR_FLAG                 ((psa_algorithm_t)0x80000000)
#define PSA_ALG_CATEGORY_MASK               ((psa_algorithm_t)0x7f000000)
#define PSA_ALG_CATEGORY_HASH               ((psa_algorithm_t)0x02000000)
#define PSA_ALG_CATEGORY_MAC                ((psa_algorithm_t)0x03000000)
#define PSA_ALG_CATEGORY_CIPHER             ((psa_algorithm_t)0x04000000)
#define PSA_ALG_CATEGORY_AEAD               ((psa_algorithm_t)0x05000000)
#define PSA_ALG_CATEGORY_SIGN               ((psa_algorithm_t)0x06000000)
#define PSA_ALG_CATEGORY_ASYMMETRIC_ENCRYPTION ((psa_algorithm_t)0x07000000)
#define PSA_ALG_CATEGORY_KEY_DERIVATION     ((psa_algorithm_t)0x08000000)
#define PSA_ALG_CATEGORY_KEY_AGREEMENT      ((psa_algorithm_t)0x09000000)
#define PSA_ALG_CATEGORY_PAKE               ((psa_algorithm_t)0x0a000000)
/* Crypto API 1.3 (appendix B.1.1): key encapsulation, 10.10. */
#define PSA_ALG_CATEGORY_KEY_ENCAPSULATION  ((psa_algorithm_t)0x0c000000)

#define PSA_ALG_IS_VENDOR_DEFINED(alg)      (((alg) & PSA_ALG_VENDOR_FLAG) != 0)
#define PSA_ALG_IS_HASH(alg)                (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_HASH)
#define PSA_ALG_IS_MAC(alg)                 (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_MAC)
#define PSA_ALG_IS_CIPHER(alg)              (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_CIPHER)
#define PSA_ALG_IS_AEAD(alg)                (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_AEAD)
#define PSA_ALG_IS_SIGN(alg)                (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_SIGN)
#define PSA_ALG_IS_ASYMMETRIC_ENCRYPTION(alg)                                  \
    (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_ASYMMETRIC_ENCRYPTION)
#define PSA_ALG_IS_KEY_AGREEMENT(alg)       (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_KEY_AGREEMENT)
#define PSA_ALG_IS_KEY_DERIVATION(alg)      (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_KEY_DERIVATION)
#define PSA_ALG_IS_PAKE(alg)                (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_PAKE)
#define PSA_ALG_IS_KEY_ENCAPSULATION(alg)                                      \
    (((alg) & PSA_ALG_CATEGORY_MASK) == PSA_ALG_CATEGORY_KEY_ENCAPSULATION)

/* ---- Key encapsulation (Crypto API 1.3 10.10; ML-KEM: 1.3 PQC extension,
 * beta, 2.2.2) ---------------------------------------------------------- */
#define PSA_ALG_ECIES_SEC1                  ((psa_algorithm_t)0x0c000100)
#define PSA_ALG_ML_KEM                      ((psa_algorithm_t)0x0c000200)

/* ---- Hash (spec 10.2) ------------------------------------------------ */
#define PSA_ALG_HASH_MASK                   ((psa_algorithm_t)0x000000ff)
#define PSA_ALG_MD2                         ((psa_algorithm_t)0x02000001)
#define PSA_ALG_MD4                         ((psa_algorithm_t)0x02000002)
#define PSA_ALG_MD5                         ((psa_algorithm_t)0x02000003)
#define PSA_ALG_RIPEMD160                   ((psa_algorithm_t)0x02000004)
#define PSA_ALG_SHA_1                       ((psa_algorithm_t)0x02000005)
#define PSA_ALG_SHA_224                     ((psa_algorithm_t)0x02000008)
#define PSA_ALG_SHA_256                     ((psa_algorithm_t)0x02000009)
#define PSA_ALG_SHA_384                     ((psa_algorithm_t)0x0200000a)
#define PSA_ALG_SHA_512                     ((psa_algorithm_t)0x0200000b)
#define PSA_ALG_SHA_512_224                 ((psa_algorithm_t)0x0200000c)
#define PSA_ALG_SHA_512_256                 ((psa_algorithm_t)0x0200000d)
#define PSA_ALG_SHA3_224                    ((psa_algorithm_t)0x02000010)
#define PSA_ALG_SHA3_256                    ((psa_algorithm_t)0x02000011)
#define PSA_ALG_SHA3_384                    ((psa_algorithm_t)0x02000012)
#define PSA_ALG_SHA3_512                    ((psa_algorithm_t)0x02000013)
#define PSA_ALG_SM3                         ((psa_algorithm_t)0x02000014)
#define PSA_ALG_SHAKE256_512                ((psa_algorithm_t)0x02000015)
#define PSA_ALG_AES_MMO_ZIGBEE              ((psa_algorithm_t)0x02000007)
#define PSA_ALG_ANY_HASH                    ((psa_algorithm_t)0x020000ff)

/* ---- MAC (spec 10.3) ------------------------------------------------- */
#define PSA_ALG_MAC_SUBCATEGORY_MASK        ((psa_algorithm_t)0x00c00000)
#define PSA_ALG_HMAC_BASE                   ((psa_algorithm_t)0x03800000)
#define PSA_ALG_HMAC(hash_alg)              ((psa_algorithm_t)(PSA_ALG_HMAC_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_HMAC_GET_HASH(hmac_alg)     ((psa_algorithm_t)(PSA_ALG_CATEGORY_HASH | ((hmac_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_HMAC(alg)                                                   \
    (((alg) & (PSA_ALG_CATEGORY_MASK | PSA_ALG_MAC_SUBCATEGORY_MASK)) == PSA_ALG_HMAC_BASE)
#define PSA_ALG_MAC_TRUNCATION_MASK         ((psa_algorithm_t)0x003f0000)
#define PSA_MAC_TRUNCATION_OFFSET           16
#define PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG ((psa_algorithm_t)0x00008000)
#define PSA_ALG_TRUNCATED_MAC(mac_alg, mac_length)                             \
    ((psa_algorithm_t)(((mac_alg) & ~(PSA_ALG_MAC_TRUNCATION_MASK |            \
                                      PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG)) | \
                       (((psa_algorithm_t)(mac_length) << PSA_MAC_TRUNCATION_OFFSET) & \
                        PSA_ALG_MAC_TRUNCATION_MASK)))
#define PSA_ALG_FULL_LENGTH_MAC(mac_alg)                                       \
    ((psa_algorithm_t)((mac_alg) & ~(PSA_ALG_MAC_TRUNCATION_MASK |             \
                                     PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG)))
#define PSA_MAC_TRUNCATED_LENGTH(mac_alg)                                      \
    ((size_t)(((mac_alg) & PSA_ALG_MAC_TRUNCATION_MASK) >> PSA_MAC_TRUNCATION_OFFSET))
#define PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(mac_alg, min_mac_length)              \
    ((psa_algorithm_t)(PSA_ALG_TRUNCATED_MAC(mac_alg, min_mac_length) |        \
                       PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG))
#define PSA_ALG_CIPHER_MAC_BASE             ((psa_algorithm_t)0x03c00000)
#define PSA_ALG_CBC_MAC                     ((psa_algorithm_t)0x03c00100)
#define PSA_ALG_CMAC                        ((psa_algorithm_t)0x03c00200)
#define PSA_ALG_IS_BLOCK_CIPHER_MAC(alg)                                       \
    (((alg) & (PSA_ALG_CATEGORY_MASK | PSA_ALG_MAC_SUBCATEGORY_MASK)) == PSA_ALG_CIPHER_MAC_BASE)

/* ---- Unauthenticated ciphers (spec 10.4) ----------------------------- */
#define PSA_ALG_CIPHER_STREAM_FLAG          ((psa_algorithm_t)0x00800000)
#define PSA_ALG_CIPHER_FROM_BLOCK_FLAG      ((psa_algorithm_t)0x00400000)
#define PSA_ALG_IS_STREAM_CIPHER(alg)                                          \
    (((alg) & (PSA_ALG_CATEGORY_MASK | PSA_ALG_CIPHER_STREAM_FLAG)) ==         \
     (PSA_ALG_CATEGORY_CIPHER | PSA_ALG_CIPHER_STREAM_FLAG))
#define PSA_ALG_STREAM_CIPHER               ((psa_algorithm_t)0x04800100)
#define PSA_ALG_CTR                         ((psa_algorithm_t)0x04c01000)
#define PSA_ALG_CFB                         ((psa_algorithm_t)0x04c01100)
#define PSA_ALG_OFB                         ((psa_algorithm_t)0x04c01200)
#define PSA_ALG_CCM_STAR_NO_TAG             ((psa_algorithm_t)0x04c01300)
#define PSA_ALG_XTS                         ((psa_algorithm_t)0x0440ff00)
#define PSA_ALG_ECB_NO_PADDING              ((psa_algorithm_t)0x04404400)
#define PSA_ALG_CBC_NO_PADDING              ((psa_algorithm_t)0x04404000)
#define PSA_ALG_CBC_PKCS7                   ((psa_algorithm_t)0x04404100)

/* ---- AEAD (spec 10.5) ------------------------------------------------ */
#define PSA_ALG_AEAD_FROM_BLOCK_FLAG        ((psa_algorithm_t)0x00400000)
#define PSA_ALG_CCM                         ((psa_algorithm_t)0x05500100)
#define PSA_ALG_GCM                         ((psa_algorithm_t)0x05500200)
#define PSA_ALG_CHACHA20_POLY1305           ((psa_algorithm_t)0x05100500)
#define PSA_ALG_XCHACHA20_POLY1305          ((psa_algorithm_t)0x05100600)
#define PSA_ALG_AEAD_TAG_LENGTH_MASK        ((psa_algorithm_t)0x003f0000)
#define PSA_AEAD_TAG_LENGTH_OFFSET          16
#define PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG ((psa_algorithm_t)0x00008000)
#define PSA_ALG_AEAD_WITH_SHORTENED_TAG(aead_alg, tag_length)                  \
    ((psa_algorithm_t)(((aead_alg) & ~(PSA_ALG_AEAD_TAG_LENGTH_MASK |          \
                                       PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG)) | \
                       (((psa_algorithm_t)(tag_length) << PSA_AEAD_TAG_LENGTH_OFFSET) & \
                        PSA_ALG_AEAD_TAG_LENGTH_MASK)))
#define PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(aead_alg, min_tag_length)   \
    ((psa_algorithm_t)(PSA_ALG_AEAD_WITH_SHORTENED_TAG(aead_alg, min_tag_length) | \
                       PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG))
#define PSA_ALG_IS_AEAD_ON_BLOCK_CIPHER(alg)                                   \
    (((alg) & (PSA_ALG_CATEGORY_MASK | PSA_ALG_AEAD_FROM_BLOCK_FLAG)) ==       \
     (PSA_ALG_CATEGORY_AEAD | PSA_ALG_AEAD_FROM_BLOCK_FLAG))
/* Base algorithm with the tag length field cleared ... */
#define PSA_ALG_AEAD_BASE_(aead_alg)                                           \
    ((psa_algorithm_t)((aead_alg) & ~(PSA_ALG_AEAD_TAG_LENGTH_MASK |           \
                                      PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG)))
/* ... and with its default (full) tag length put back: CCM and GCM 16,
 * ChaCha20-Poly1305 16. */
#define PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(aead_alg)                         \
    (PSA_ALG_AEAD_BASE_(aead_alg) == PSA_ALG_AEAD_BASE_(PSA_ALG_CCM) ? PSA_ALG_CCM : \
     PSA_ALG_AEAD_BASE_(aead_alg) == PSA_ALG_AEAD_BASE_(PSA_ALG_GCM) ? PSA_ALG_GCM : \
     PSA_ALG_AEAD_BASE_(aead_alg) == PSA_ALG_AEAD_BASE_(PSA_ALG_CHACHA20_POLY1305) ? \
         PSA_ALG_CHACHA20_POLY1305 :                                           \
     PSA_ALG_AEAD_BASE_(aead_alg) == PSA_ALG_AEAD_BASE_(PSA_ALG_XCHACHA20_POLY1305) ? \
         PSA_ALG_XCHACHA20_POLY1305 : PSA_ALG_NONE)

/* ---- Key derivation (spec 10.6) -------------------------------------- */
#define PSA_ALG_HKDF_BASE                   ((psa_algorithm_t)0x08000100)
#define PSA_ALG_HKDF(hash_alg)              ((psa_algorithm_t)(PSA_ALG_HKDF_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_HKDF(alg)                (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_HKDF_BASE)
#define PSA_ALG_HKDF_EXTRACT_BASE           ((psa_algorithm_t)0x08000400)
#define PSA_ALG_HKDF_EXTRACT(hash_alg)      ((psa_algorithm_t)(PSA_ALG_HKDF_EXTRACT_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_HKDF_EXTRACT(alg)        (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_HKDF_EXTRACT_BASE)
#define PSA_ALG_HKDF_EXPAND_BASE            ((psa_algorithm_t)0x08000500)
#define PSA_ALG_HKDF_EXPAND(hash_alg)       ((psa_algorithm_t)(PSA_ALG_HKDF_EXPAND_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_HKDF_EXPAND(alg)         (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_HKDF_EXPAND_BASE)
#define PSA_ALG_TLS12_PRF_BASE              ((psa_algorithm_t)0x08000200)
#define PSA_ALG_TLS12_PRF(hash_alg)         ((psa_algorithm_t)(PSA_ALG_TLS12_PRF_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_TLS12_PRF(alg)           (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_TLS12_PRF_BASE)
#define PSA_ALG_TLS12_PSK_TO_MS_BASE        ((psa_algorithm_t)0x08000300)
#define PSA_ALG_TLS12_PSK_TO_MS(hash_alg)   ((psa_algorithm_t)(PSA_ALG_TLS12_PSK_TO_MS_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_TLS12_PSK_TO_MS(alg)     (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_TLS12_PSK_TO_MS_BASE)
#define PSA_ALG_TLS12_ECJPAKE_TO_PMS        ((psa_algorithm_t)0x08000609)
#define PSA_ALG_PBKDF2_HMAC_BASE            ((psa_algorithm_t)0x08800100)
#define PSA_ALG_PBKDF2_HMAC(hash_alg)       ((psa_algorithm_t)(PSA_ALG_PBKDF2_HMAC_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_PBKDF2_HMAC(alg)         (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_PBKDF2_HMAC_BASE)
#define PSA_ALG_PBKDF2_AES_CMAC_PRF_128     ((psa_algorithm_t)0x08800200)
#define PSA_ALG_SP800_108_COUNTER_HMAC_BASE ((psa_algorithm_t)0x08000700)
#define PSA_ALG_SP800_108_COUNTER_HMAC(hash_alg) \
    ((psa_algorithm_t)(PSA_ALG_SP800_108_COUNTER_HMAC_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_SP800_108_COUNTER_HMAC(alg) (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_SP800_108_COUNTER_HMAC_BASE)
#define PSA_ALG_SP800_108_COUNTER_CMAC      ((psa_algorithm_t)0x08000800)
#define PSA_ALG_KEY_DERIVATION_STRETCHING_FLAG ((psa_algorithm_t)0x00800000)
#define PSA_ALG_IS_KEY_DERIVATION_STRETCHING(alg)                              \
    (PSA_ALG_IS_KEY_DERIVATION(alg) && ((alg) & PSA_ALG_KEY_DERIVATION_STRETCHING_FLAG) != 0)

#define PSA_KEY_DERIVATION_INPUT_SECRET     ((psa_key_derivation_step_t)0x0101)
#define PSA_KEY_DERIVATION_INPUT_PASSWORD   ((psa_key_derivation_step_t)0x0102)
#define PSA_KEY_DERIVATION_INPUT_OTHER_SECRET ((psa_key_derivation_step_t)0x0103)
#define PSA_KEY_DERIVATION_INPUT_LABEL      ((psa_key_derivation_step_t)0x0201)
#define PSA_KEY_DERIVATION_INPUT_SALT       ((psa_key_derivation_step_t)0x0202)
#define PSA_KEY_DERIVATION_INPUT_INFO       ((psa_key_derivation_step_t)0x0203)
#define PSA_KEY_DERIVATION_INPUT_SEED       ((psa_key_derivation_step_t)0x0204)
#define PSA_KEY_DERIVATION_INPUT_COST       ((psa_key_derivation_step_t)0x0205)
#define PSA_KEY_DERIVATION_INPUT_CONTEXT    ((psa_key_derivation_step_t)0x0206)
#define PSA_KEY_DERIVATION_UNLIMITED_CAPACITY ((size_t)-1)

/* ---- Asymmetric signature (spec 10.7) -------------------------------- */
#define PSA_ALG_RSA_PKCS1V15_SIGN_BASE      ((psa_algorithm_t)0x06000200)
#define PSA_ALG_RSA_PKCS1V15_SIGN(hash_alg)                                    \
    ((psa_algorithm_t)(PSA_ALG_RSA_PKCS1V15_SIGN_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_RSA_PKCS1V15_SIGN_RAW       PSA_ALG_RSA_PKCS1V15_SIGN_BASE
#define PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg)   (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_RSA_PKCS1V15_SIGN_BASE)
#define PSA_ALG_RSA_PSS_BASE                ((psa_algorithm_t)0x06000300)
#define PSA_ALG_RSA_PSS_ANY_SALT_BASE       ((psa_algorithm_t)0x06001300)
#define PSA_ALG_RSA_PSS(hash_alg)                                              \
    ((psa_algorithm_t)(PSA_ALG_RSA_PSS_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_RSA_PSS_ANY_SALT(hash_alg)                                     \
    ((psa_algorithm_t)(PSA_ALG_RSA_PSS_ANY_SALT_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_RSA_PSS_STANDARD_SALT(alg) (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_RSA_PSS_BASE)
#define PSA_ALG_IS_RSA_PSS_ANY_SALT(alg)    (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_RSA_PSS_ANY_SALT_BASE)
#define PSA_ALG_IS_RSA_PSS(alg)             (PSA_ALG_IS_RSA_PSS_STANDARD_SALT(alg) || PSA_ALG_IS_RSA_PSS_ANY_SALT(alg))

#define PSA_ALG_ECDSA_BASE                  ((psa_algorithm_t)0x06000600)
#define PSA_ALG_ECDSA(hash_alg)             ((psa_algorithm_t)(PSA_ALG_ECDSA_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_ECDSA_ANY                   PSA_ALG_ECDSA_BASE
#define PSA_ALG_DETERMINISTIC_ECDSA_BASE    ((psa_algorithm_t)0x06000700)
#define PSA_ALG_DETERMINISTIC_ECDSA(hash_alg) \
    ((psa_algorithm_t)(PSA_ALG_DETERMINISTIC_ECDSA_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_ECDSA_DETERMINISTIC_FLAG    ((psa_algorithm_t)0x00000100)
#define PSA_ALG_IS_ECDSA(alg)                                                  \
    (((alg) & ~PSA_ALG_HASH_MASK & ~PSA_ALG_ECDSA_DETERMINISTIC_FLAG) == PSA_ALG_ECDSA_BASE)
#define PSA_ALG_IS_DETERMINISTIC_ECDSA(alg) (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_DETERMINISTIC_ECDSA_BASE)
#define PSA_ALG_IS_RANDOMIZED_ECDSA(alg)    (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_ECDSA_BASE)

#define PSA_ALG_PURE_EDDSA                  ((psa_algorithm_t)0x06000800)
#define PSA_ALG_HASH_EDDSA_BASE             ((psa_algorithm_t)0x06000900)
#define PSA_ALG_ED25519PH                   ((psa_algorithm_t)(PSA_ALG_HASH_EDDSA_BASE | (PSA_ALG_SHA_512 & PSA_ALG_HASH_MASK)))
#define PSA_ALG_ED448PH                     ((psa_algorithm_t)(PSA_ALG_HASH_EDDSA_BASE | (PSA_ALG_SHAKE256_512 & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_HASH_EDDSA(alg)          (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_HASH_EDDSA_BASE)

/* LMS and HSS (1.3 PQC extension 2.5.2): message signatures, verification
 * only (psa_verify_message). */
#define PSA_ALG_LMS                         ((psa_algorithm_t)0x06004800)
#define PSA_ALG_HSS                         ((psa_algorithm_t)0x06004900)

/* ML-DSA (1.3 PQC extension 2.3.2): pure ML-DSA signs messages only,
 * hedged or deterministic (FIPS 204 3.4, Alg. 2 step 5); HashML-DSA
 * (FIPS 204 5.4) is a hash-and-sign algorithm. */
#define PSA_ALG_ML_DSA                      ((psa_algorithm_t)0x06004400)
#define PSA_ALG_DETERMINISTIC_ML_DSA        ((psa_algorithm_t)0x06004500)
#define PSA_ALG_HASH_ML_DSA_BASE            ((psa_algorithm_t)0x06004600)
#define PSA_ALG_DETERMINISTIC_HASH_ML_DSA_BASE ((psa_algorithm_t)0x06004700)
#define PSA_ALG_HASH_ML_DSA(hash_alg)                                          \
    ((psa_algorithm_t)(PSA_ALG_HASH_ML_DSA_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_DETERMINISTIC_HASH_ML_DSA(hash_alg)                            \
    ((psa_algorithm_t)(PSA_ALG_DETERMINISTIC_HASH_ML_DSA_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_ML_DSA(alg)              (((alg) & ~(psa_algorithm_t)0x00000100) == PSA_ALG_ML_DSA)
#define PSA_ALG_IS_HASH_ML_DSA(alg)                                            \
    (((alg) & ~PSA_ALG_HASH_MASK & ~(psa_algorithm_t)0x00000100) == PSA_ALG_HASH_ML_DSA_BASE)
#define PSA_ALG_IS_DETERMINISTIC_HASH_ML_DSA(alg)                              \
    (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_DETERMINISTIC_HASH_ML_DSA_BASE)
#define PSA_ALG_IS_HEDGED_HASH_ML_DSA(alg)  (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_HASH_ML_DSA_BASE)

#define PSA_ALG_IS_HASH_AND_SIGN(alg)                                          \
    (PSA_ALG_IS_RSA_PSS(alg) || PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) ||           \
     PSA_ALG_IS_ECDSA(alg) || PSA_ALG_IS_HASH_EDDSA(alg) || PSA_ALG_IS_HASH_ML_DSA(alg))
#define PSA_ALG_IS_SIGN_HASH(alg)           PSA_ALG_IS_HASH_AND_SIGN(alg)
#define PSA_ALG_IS_SIGN_MESSAGE(alg)                                           \
    (PSA_ALG_IS_SIGN_HASH(alg) || (alg) == PSA_ALG_PURE_EDDSA ||               \
     (alg) == PSA_ALG_LMS || (alg) == PSA_ALG_HSS || PSA_ALG_IS_ML_DSA(alg))
#define PSA_ALG_SIGN_GET_HASH(alg)                                             \
    (PSA_ALG_IS_HASH_AND_SIGN(alg) ?                                           \
     (((alg) & PSA_ALG_HASH_MASK) == 0 ? PSA_ALG_NONE :                        \
      ((alg) & PSA_ALG_HASH_MASK) | PSA_ALG_CATEGORY_HASH) : PSA_ALG_NONE)

/* ---- Asymmetric encryption (spec 10.8) ------------------------------- */
#define PSA_ALG_RSA_PKCS1V15_CRYPT          ((psa_algorithm_t)0x07000200)
#define PSA_ALG_RSA_OAEP_BASE               ((psa_algorithm_t)0x07000300)
#define PSA_ALG_RSA_OAEP(hash_alg)          ((psa_algorithm_t)(PSA_ALG_RSA_OAEP_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_RSA_OAEP(alg)            (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_RSA_OAEP_BASE)
#define PSA_ALG_RSA_OAEP_GET_HASH(alg)                                         \
    (PSA_ALG_IS_RSA_OAEP(alg) ? (((alg) & PSA_ALG_HASH_MASK) | PSA_ALG_CATEGORY_HASH) : PSA_ALG_NONE)

/* ---- Key agreement (spec 10.9) --------------------------------------- */
#define PSA_ALG_FFDH                        ((psa_algorithm_t)0x09010000)
#define PSA_ALG_ECDH                        ((psa_algorithm_t)0x09020000)
#define PSA_ALG_KEY_AGREEMENT_MASK_         ((psa_algorithm_t)0xffff0000)
#define PSA_ALG_KEY_DERIVATION_MASK_        ((psa_algorithm_t)0xfe00ffff)
#define PSA_ALG_KEY_AGREEMENT(ka_alg, kdf_alg) ((psa_algorithm_t)((ka_alg) | (kdf_alg)))
#define PSA_ALG_KEY_AGREEMENT_GET_BASE(alg)                                    \
    ((psa_algorithm_t)(((alg) & PSA_ALG_KEY_AGREEMENT_MASK_) | PSA_ALG_CATEGORY_KEY_AGREEMENT))
#define PSA_ALG_KEY_AGREEMENT_GET_KDF(alg)                                     \
    ((psa_algorithm_t)(((alg) & PSA_ALG_KEY_DERIVATION_MASK_) | PSA_ALG_CATEGORY_KEY_DERIVATION))
#define PSA_ALG_IS_RAW_KEY_AGREEMENT(alg)                                      \
    (PSA_ALG_IS_KEY_AGREEMENT(alg) &&                                          \
     PSA_ALG_KEY_AGREEMENT_GET_KDF(alg) == PSA_ALG_CATEGORY_KEY_DERIVATION)
/* Crypto API 1.2 name for a raw key agreement (spec 10.9.4). */
#define PSA_ALG_IS_STANDALONE_KEY_AGREEMENT(alg) PSA_ALG_IS_RAW_KEY_AGREEMENT(alg)
#define PSA_ALG_IS_FFDH(alg)                (PSA_ALG_KEY_AGREEMENT_GET_BASE(alg) == PSA_ALG_FFDH)
#define PSA_ALG_IS_ECDH(alg)                (PSA_ALG_KEY_AGREEMENT_GET_BASE(alg) == PSA_ALG_ECDH)

/* ---- PAKE (spec 10.12) ----------------------------------------------- */
#define PSA_ALG_JPAKE_BASE                  ((psa_algorithm_t)0x0a000100)
#define PSA_ALG_JPAKE(hash_alg)             ((psa_algorithm_t)(PSA_ALG_JPAKE_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_IS_JPAKE(alg)               (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_JPAKE_BASE)
#define PSA_ALG_SPAKE2P_HMAC_BASE           ((psa_algorithm_t)0x0a000400)
#define PSA_ALG_SPAKE2P_HMAC(hash_alg)      ((psa_algorithm_t)(PSA_ALG_SPAKE2P_HMAC_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_SPAKE2P_CMAC_BASE           ((psa_algorithm_t)0x0a000500)
#define PSA_ALG_SPAKE2P_CMAC(hash_alg)      ((psa_algorithm_t)(PSA_ALG_SPAKE2P_CMAC_BASE | ((hash_alg) & PSA_ALG_HASH_MASK)))
#define PSA_ALG_SPAKE2P_MATTER              ((psa_algorithm_t)0x0a000609)
#define PSA_ALG_IS_SPAKE2P(alg)                                                \
    (((alg) & ~PSA_ALG_HASH_MASK & ~(psa_algorithm_t)0x00000100) == PSA_ALG_SPAKE2P_HMAC_BASE || \
     (alg) == PSA_ALG_SPAKE2P_MATTER)
#define PSA_ALG_IS_SPAKE2P_HMAC(alg)        (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_SPAKE2P_HMAC_BASE)
#define PSA_ALG_IS_SPAKE2P_CMAC(alg)        (((alg) & ~PSA_ALG_HASH_MASK) == PSA_ALG_SPAKE2P_CMAC_BASE)
#define PSA_ALG_GET_HASH(alg)                                                  \
    (((alg) & PSA_ALG_HASH_MASK) == 0 ? PSA_ALG_NONE :                         \
     (((alg) & PSA_ALG_HASH_MASK) | PSA_ALG_CATEGORY_HASH))

#define PSA_PAKE_ROLE_NONE                  ((psa_pake_role_t)0x00)
#define PSA_PAKE_ROLE_FIRST                 ((psa_pake_role_t)0x01)
#define PSA_PAKE_ROLE_SECOND                ((psa_pake_role_t)0x02)
#define PSA_PAKE_ROLE_CLIENT                ((psa_pake_role_t)0x11)
#define PSA_PAKE_ROLE_SERVER                ((psa_pake_role_t)0x12)
#define PSA_PAKE_STEP_KEY_SHARE             ((psa_pake_step_t)0x01)
#define PSA_PAKE_STEP_ZK_PUBLIC             ((psa_pake_step_t)0x02)
#define PSA_PAKE_STEP_ZK_PROOF              ((psa_pake_step_t)0x03)
#define PSA_PAKE_STEP_CONFIRM               ((psa_pake_step_t)0x04)
#define PSA_PAKE_PRIMITIVE_TYPE_ECC         ((psa_pake_primitive_type_t)0x01)
#define PSA_PAKE_PRIMITIVE_TYPE_DH          ((psa_pake_primitive_type_t)0x02)
#define PSA_PAKE_PRIMITIVE(pake_type, pake_family, pake_bits)                  \
    ((((pake_bits) & 0xffffu) != (pake_bits)) ? (psa_pake_primitive_t)0 :      \
     (psa_pake_primitive_t)(((uint32_t)(pake_type) << 24) |                    \
                            ((uint32_t)(pake_family) << 16) | (uint32_t)(pake_bits)))
#define PSA_PAKE_PRIMITIVE_GET_TYPE(pake_primitive)                            \
    ((psa_pake_primitive_type_t)(((pake_primitive) >> 24) & 0xff))
#define PSA_PAKE_PRIMITIVE_GET_FAMILY(pake_primitive)                          \
    ((psa_pake_family_t)(((pake_primitive) >> 16) & 0xff))
#define PSA_PAKE_PRIMITIVE_GET_BITS(pake_primitive)                            \
    ((size_t)((pake_primitive) & 0xffff))
#define PSA_PAKE_CONFIRMED_KEY              0
#define PSA_PAKE_UNCONFIRMED_KEY            1

/* ---- Algorithm policy helpers ----------------------------------------- */
#define PSA_ALG_IS_WILDCARD(alg)                                               \
    ((PSA_ALG_IS_HASH_AND_SIGN(alg) ? PSA_ALG_SIGN_GET_HASH(alg) == PSA_ALG_ANY_HASH : \
      PSA_ALG_IS_MAC(alg) ? ((alg) & PSA_ALG_MAC_AT_LEAST_THIS_LENGTH_FLAG) != 0 : \
      PSA_ALG_IS_AEAD(alg) ? ((alg) & PSA_ALG_AEAD_AT_LEAST_THIS_LENGTH_FLAG) != 0 : \
      (alg) == PSA_ALG_ANY_HASH))

/* ===================================================================== */
/* Key lifetimes and identifiers (spec 9.3, 9.6)                           */
/* ===================================================================== */
#define PSA_KEY_LIFETIME_VOLATILE           ((psa_key_lifetime_t)0x00000000)
#define PSA_KEY_LIFETIME_PERSISTENT         ((psa_key_lifetime_t)0x00000001)
#define PSA_KEY_PERSISTENCE_VOLATILE        ((psa_key_persistence_t)0x00)
#define PSA_KEY_PERSISTENCE_DEFAULT         ((psa_key_persistence_t)0x01)
#define PSA_KEY_PERSISTENCE_READ_ONLY       ((psa_key_persistence_t)0xff)
#define PSA_KEY_LOCATION_LOCAL_STORAGE      ((psa_key_location_t)0x000000)
#define PSA_KEY_LOCATION_PRIMARY_SECURE_ELEMENT ((psa_key_location_t)0x000001)
#define PSA_KEY_LIFETIME_GET_PERSISTENCE(lifetime)                             \
    ((psa_key_persistence_t)((lifetime) & 0x000000ff))
#define PSA_KEY_LIFETIME_GET_LOCATION(lifetime)                                \
    ((psa_key_location_t)((lifetime) >> 8))
#define PSA_KEY_LIFETIME_IS_VOLATILE(lifetime)                                 \
    (PSA_KEY_LIFETIME_GET_PERSISTENCE(lifetime) == PSA_KEY_PERSISTENCE_VOLATILE)
#define PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(persistence, location)  \
    ((psa_key_lifetime_t)(((psa_key_lifetime_t)(location) << 8) | (persistence)))

#define PSA_KEY_ID_NULL                     ((psa_key_id_t)0)
#define PSA_KEY_ID_USER_MIN                 ((psa_key_id_t)0x00000001)
#define PSA_KEY_ID_USER_MAX                 ((psa_key_id_t)0x3fffffff)
#define PSA_KEY_ID_VENDOR_MIN               ((psa_key_id_t)0x40000000)
#define PSA_KEY_ID_VENDOR_MAX               ((psa_key_id_t)0x7fffffff)

/* ===================================================================== */
/* Key usage flags (spec 9.5)                                              */
/* ===================================================================== */
#define PSA_KEY_USAGE_EXPORT                ((psa_key_usage_t)0x00000001)
#define PSA_KEY_USAGE_COPY                  ((psa_key_usage_t)0x00000002)
#define PSA_KEY_USAGE_CACHE                 ((psa_key_usage_t)0x00000004)
#define PSA_KEY_USAGE_ENCRYPT               ((psa_key_usage_t)0x00000100)
#define PSA_KEY_USAGE_DECRYPT               ((psa_key_usage_t)0x00000200)
#define PSA_KEY_USAGE_SIGN_MESSAGE          ((psa_key_usage_t)0x00000400)
#define PSA_KEY_USAGE_VERIFY_MESSAGE        ((psa_key_usage_t)0x00000800)
#define PSA_KEY_USAGE_SIGN_HASH             ((psa_key_usage_t)0x00001000)
#define PSA_KEY_USAGE_VERIFY_HASH           ((psa_key_usage_t)0x00002000)
#define PSA_KEY_USAGE_DERIVE                ((psa_key_usage_t)0x00004000)
#define PSA_KEY_USAGE_VERIFY_DERIVATION     ((psa_key_usage_t)0x00008000)

#endif /* PSA_CRYPTO_VALUES_H */
