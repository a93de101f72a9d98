/*
 * configs/p384_secure_boot.h -- picopsa for a boot loader that verifies
 * P-384 ECDSA image signatures (the MCUboot "ECDSA P-384 over SHA-384"
 * case; CNSA 1.0 sizes): psa_import_key of a P-384 public key,
 * psa_hash_compute with SHA-384 and psa_verify_hash / psa_verify_message
 * with PSA_ALG_ECDSA(PSA_ALG_SHA_384), and nothing else.
 *
 * PICOPSA_P384_VERIFY_ONLY leaves out everything that needs d: P-384 key
 * pairs are NOT_SUPPORTED (import, generate), and no signing, key
 * generation or ECDH code is linked (docs/p256.md "P-384"). SHA-256 and
 * HMAC stay for the DRBG that psa_crypto_init seeds (config_check.h says
 * why HMAC must be 1); SHA-384 runs on sha512.c.
 *
 * It is a host configuration of make test (step 10: every test must pass
 * or require NOT_SUPPORTED of what is out), an MCU config cell whose
 * src/p384 text and verify cycles have budgets (tools/budgets.txt), and a
 * size-test row (no byte of another family is linked).
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/p384_secure_boot.h"' (repository
 * root on the include path) or, with CMake,
 * -DPICOPSA_CONFIG_FILE=<path>/configs/p384_secure_boot.h.
 */
#ifndef PICOPSA_CONFIGS_P384_SECURE_BOOT_H
#define PICOPSA_CONFIGS_P384_SECURE_BOOT_H

/* Hashes: SHA-384 for the image, SHA-256 for the DRBG. */
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

/* P-384 ECDSA verification only. */
#define PSA_WANT_ECC_SECP_R1_384 1
#define PICOPSA_P384_VERIFY_ONLY 1
#define PSA_WANT_ALG_ECDSA 1
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 0
#define PSA_WANT_ECC_SECP_R1_256 0
#define PSA_WANT_ALG_ECDH 0

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
#define PSA_WANT_ALG_ML_KEM 0
#define PSA_WANT_ALG_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ML_DSA 0
#define PSA_WANT_ALG_HASH_ML_DSA 0
#define PSA_WANT_ALG_DETERMINISTIC_HASH_ML_DSA 0
#define PSA_WANT_ALG_LMS 0
#define PSA_WANT_ALG_HSS 0
#define PSA_WANT_KEY_TYPE_AES 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0
#define PSA_WANT_ALG_CMAC 0
#define PSA_WANT_ALG_CCM 0
#define PSA_WANT_ALG_GCM 0
#define PSA_WANT_ALG_CHACHA20_POLY1305 0
#define PSA_WANT_ALG_XCHACHA20_POLY1305 0

/* Key store: a few public keys of 97 B (04 || x || y); the slots are
 * sized by the raw-key limit, 128 B as in ed25519_only.h (the HMAC tests
 * use keys up to 65 B). */
#define PICOPSA_KEY_SLOT_COUNT 4
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_P384_SECURE_BOOT_H */
