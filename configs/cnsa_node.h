/*
 * configs/cnsa_node.h -- a device held to NSA's Commercial National
 * Security Algorithm suite 1.0 (CNSSP 15): AES-256, SHA-384, ECDH and
 * ECDSA over P-384, nothing smaller. The TLS 1.3 / DTLS 1.3 shape of it:
 * TLS_AES_256_GCM_SHA384 record protection, ECDHE and ECDSA certificates
 * on secp384r1, the HKDF-SHA-384 key schedule.
 *
 * What it calls, and through which PSA mechanism:
 *  - key exchange: PSA_ALG_ECDH on PSA_ECC_FAMILY_SECP_R1 384 bits, raw
 *    or into psa_key_derivation_key_agreement;
 *  - signatures: PSA_ALG_ECDSA(PSA_ALG_SHA_384) and its deterministic form
 *    (RFC 6979, with the single-fault check of the ECDSA glue);
 *  - key schedule: PSA_ALG_HKDF / _EXTRACT / _EXPAND with SHA-384, HMAC;
 *  - record protection and stored data: PSA_ALG_GCM with AES-256;
 *  - random values: a CTR_DRBG on AES-256 (SP 800-90A 10.2).
 * SHA-256 stays: the key store's and the DRBG seeding's needs
 * (config_check.h says why HMAC must be 1).
 *
 * It is also the image that measures P-384 signing, key generation and
 * ECDH on the MCUs (tools/embedded's config cells, budgets in
 * tools/budgets.txt; P-384 is off in the default MCU cells).
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/cnsa_node.h"' (repository root on
 * the include path) or, with CMake, -DPICOPSA_CONFIG_FILE=<path>/configs/cnsa_node.h.
 */
#ifndef PICOPSA_CONFIGS_CNSA_NODE_H
#define PICOPSA_CONFIGS_CNSA_NODE_H

/* Hashes: SHA-384 (on sha512.c) and SHA-256. */
#define PSA_WANT_ALG_SHA_1 0
#define PSA_WANT_ALG_SHA_224 0
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 1
#define PSA_WANT_ALG_SHA_512 0
#define PSA_WANT_ALG_SHA_512_224 0
#define PSA_WANT_ALG_SHA_512_256 0
#define PSA_WANT_ALG_SHA3_224 0
#define PSA_WANT_ALG_SHA3_256 0
#define PSA_WANT_ALG_SHA3_384 0
#define PSA_WANT_ALG_SHA3_512 0
#define PSA_WANT_ALG_SHAKE256_512 0
#define PSA_WANT_ALG_HMAC 1
#define PSA_WANT_KEY_TYPE_HMAC 1
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256

/* P-384: ECDSA (hedged and deterministic) and ECDH. */
#define PSA_WANT_ECC_SECP_R1_384 1
#define PSA_WANT_ALG_ECDSA 1
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 1
#define PSA_WANT_ALG_ECDH 1
#define PSA_WANT_ECC_SECP_R1_256 0

/* The key schedule: HKDF. */
#define PSA_WANT_ALG_HKDF 1
#define PSA_WANT_ALG_HKDF_EXTRACT 1
#define PSA_WANT_ALG_HKDF_EXPAND 1
#define PSA_WANT_KEY_TYPE_DERIVE 1
#define PSA_WANT_ALG_PBKDF2_HMAC 0
#define PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 0
#define PSA_WANT_ALG_TLS12_PRF 0
#define PSA_WANT_ALG_TLS12_PSK_TO_MS 0
#define PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS 0
#define PSA_WANT_ALG_SP800_108_COUNTER_HMAC 0
#define PSA_WANT_ALG_SP800_108_COUNTER_CMAC 0

/* AES-256-GCM; the random generator runs on the same AES core. */
#define PSA_WANT_KEY_TYPE_AES 1
#define PSA_WANT_ALG_GCM 1
#define PICOPSA_DRBG_MECHANISM PICOPSA_DRBG_CTR
#define PSA_WANT_ALG_ECB_NO_PADDING 0
#define PSA_WANT_ALG_CBC_NO_PADDING 0
#define PSA_WANT_ALG_CBC_PKCS7 0
#define PSA_WANT_ALG_CTR 0
#define PSA_WANT_ALG_CFB 0
#define PSA_WANT_ALG_OFB 0
#define PSA_WANT_ALG_XTS 0
#define PSA_WANT_ALG_CCM_STAR_NO_TAG 0
#define PSA_WANT_ALG_CCM 0
#define PSA_WANT_ALG_CMAC 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0
#define PSA_WANT_ALG_STREAM_CIPHER 0
#define PSA_WANT_ALG_CHACHA20_POLY1305 0
#define PSA_WANT_ALG_XCHACHA20_POLY1305 0

/* Everything else: out. */
#define PSA_WANT_ALG_PURE_EDDSA 0
#define PSA_WANT_ALG_ED25519PH 0
#define PSA_WANT_ECC_TWISTED_EDWARDS_255 0
#define PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 0
#define PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0
#define PSA_WANT_ALG_RSA_PKCS1V15_SIGN 0
#define PSA_WANT_ALG_RSA_PSS 0
#define PSA_WANT_ALG_RSA_PKCS1V15_CRYPT 0
#define PSA_WANT_ALG_RSA_OAEP 0
#define PSA_WANT_ECC_MONTGOMERY_255 0
#define PSA_WANT_ALG_ML_KEM 0
#define PSA_WANT_ALG_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ML_DSA 0
#define PSA_WANT_ALG_HASH_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA 0
#define PSA_WANT_ALG_LMS 0
#define PSA_WANT_ALG_HSS 0

/* Key store: a device key pair, a peer key, the handshake and traffic
 * secrets of one session: 8 slots; the raw-key limit stays 128 B as in
 * ed25519_only.h (the HMAC tests use keys up to 65 B). */
#define PICOPSA_KEY_SLOT_COUNT 8
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_CNSA_NODE_H */
