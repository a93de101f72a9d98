/*
 * configs/pqc_node.h -- post-quantum only: ML-KEM-512/768/1024 key
 * encapsulation (FIPS 203) and ML-DSA-44/65/87 pure signatures, hedged
 * and deterministic (FIPS 204), through the PSA 1.3 PQC extension, with
 * SHA-256, HMAC (the HMAC_DRBG) and the Keccak they need; nothing
 * classical beside them. For a device that agrees keys and signs with the
 * NIST PQC schemes alone (or a test of what they cost on an MCU: the
 * firmware app measures ML-KEM-768 and ML-DSA-65, tests/firmware/fw_mlkem.c
 * and fw_mldsa.c, on tools/embedded's config cells, budgets in
 * tools/budgets.txt; ML-DSA runs with PICOPSA_MLDSA_SMALL_STACK, the MCU
 * default). Also a host configuration of make test (step 10).
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/pqc_node.h"' (repository root on
 * the include path) or, with CMake, -DPICOPSA_CONFIG_FILE=<path>/configs/pqc_node.h.
 */
#ifndef PICOPSA_CONFIGS_PQC_NODE_H
#define PICOPSA_CONFIGS_PQC_NODE_H

/* Hashes: SHA-256 only. */
#define PSA_WANT_ALG_SHA_1 0
#define PSA_WANT_ALG_SHA_224 0
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 0
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

/* No cipher, no AEAD: the random generator is HMAC_DRBG. */
#define PSA_WANT_KEY_TYPE_AES 0
#define PSA_WANT_ALG_ECB_NO_PADDING 0
#define PSA_WANT_ALG_CTR 0
#define PSA_WANT_ALG_CMAC 0
#define PSA_WANT_ALG_CBC_NO_PADDING 0
#define PSA_WANT_ALG_CBC_PKCS7 0
#define PSA_WANT_ALG_CFB 0
#define PSA_WANT_ALG_OFB 0
#define PSA_WANT_ALG_XTS 0
#define PSA_WANT_ALG_CCM_STAR_NO_TAG 0
#define PSA_WANT_ALG_CCM 0
#define PSA_WANT_ALG_GCM 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0
#define PSA_WANT_ALG_STREAM_CIPHER 0
#define PSA_WANT_ALG_CHACHA20_POLY1305 0
#define PSA_WANT_ALG_XCHACHA20_POLY1305 0

/* Everything else: out (HashML-DSA would need SHA-512 and friends). */
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
#define PSA_WANT_ALG_ECDH 0
#define PSA_WANT_ECC_SECP_R1_256 0
#define PSA_WANT_ECC_SECP_R1_384 0
#define PSA_WANT_ALG_ECDSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 0
#define PSA_WANT_ALG_HKDF 0
#define PSA_WANT_ALG_HKDF_EXTRACT 0
#define PSA_WANT_ALG_HKDF_EXPAND 0
#define PSA_WANT_ALG_PBKDF2_HMAC 0
#define PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 0
#define PSA_WANT_ALG_TLS12_PRF 0
#define PSA_WANT_ALG_TLS12_PSK_TO_MS 0
#define PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS 0
#define PSA_WANT_ALG_SP800_108_COUNTER_HMAC 0
#define PSA_WANT_ALG_SP800_108_COUNTER_CMAC 0
#define PSA_WANT_KEY_TYPE_DERIVE 0
#define PSA_WANT_ALG_ML_KEM 1
#define PSA_WANT_ALG_ML_DSA 1
#define PSA_WANT_ALG_DETERMINISTIC_ML_DSA 1
#define PSA_WANT_ALG_HASH_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA 0
#define PSA_WANT_ALG_LMS 0
#define PSA_WANT_ALG_HSS 0

/* Key store: 8 slots; the large ones (PICOPSA_KEY_SLOT_LARGE_COUNT, 2 on
 * MCUs) are sized by src/dispatch/pp_key_buffer.h for the largest key
 * material enabled, here an ML-DSA-87 pair (its expanded key and public
 * key beside the seed). The HMAC tests use keys up to 65 B: raw-key limit
 * 128 B. */
#define PICOPSA_KEY_SLOT_COUNT 8
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_PQC_NODE_H */
