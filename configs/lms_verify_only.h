/*
 * configs/lms_verify_only.h -- picopsa for a secure-boot verifier: LMS and
 * HSS signature verification (RFC 8554, NIST SP 800-208) through
 * psa_import_key / psa_verify_message, and nothing else: SHA-256 (which
 * LMS hashes with, and which the DRBG that psa_crypto_init seeds runs on),
 * HMAC for the DRBG; no Ed25519, RSA, P-256, X25519, ML-KEM, ciphers or
 * key derivation.
 *
 * Use: -DPICOPSA_CONFIG_FILE=<path>/configs/lms_verify_only.h (CMake) or
 * -DPICOPSA_CONFIG_FILE='"configs/lms_verify_only.h"' with the repository
 * root on the include path, for the library and the application alike.
 * Anything not set here keeps its default in picopsa/config.h.
 *
 * Only the SHA-256 parameter sets (n = 32 and SHA-256/192, n = 24): the
 * SHAKE256 sets would link Keccak (about 3.4 KB of Cortex-M4 text); set
 * PICOPSA_LMS_SHAKE 1 for them. The text LMS costs beyond SHA-256 is in
 * docs/lms.md (the tests/size app app_lms.c, Cortex-M4 -Os), and the size
 * test checks that no byte of another family is linked.
 */
#ifndef PICOPSA_CONFIGS_LMS_VERIFY_ONLY_H
#define PICOPSA_CONFIGS_LMS_VERIFY_ONLY_H

/* Hashes: SHA-256 only. */
#define PSA_WANT_ALG_SHA_1 0
#define PSA_WANT_ALG_SHA_224 0
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 0
#define PSA_WANT_ALG_SHA_512 0
#define PSA_WANT_ALG_SHA3_224 0
#define PSA_WANT_ALG_SHA3_256 0
#define PSA_WANT_ALG_SHA3_384 0
#define PSA_WANT_ALG_SHA3_512 0
#define PSA_WANT_ALG_SHAKE256_512 0

/* HMAC: the DRBG's core (must stay 1). */
#define PSA_WANT_ALG_HMAC 1
#define PSA_WANT_KEY_TYPE_HMAC 1
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256

/* LMS and HSS verification, SHA-256 sets (guarded: the size test's
 * variants tests/size/lms_none.h and lms_shake.h set them first). */
#ifndef PSA_WANT_ALG_LMS
#define PSA_WANT_ALG_LMS 1
#endif
#ifndef PSA_WANT_ALG_HSS
#define PSA_WANT_ALG_HSS 1
#endif
#ifndef PICOPSA_LMS_SHAKE
#define PICOPSA_LMS_SHAKE 0
#endif

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
#define PSA_WANT_ALG_ECDH 0
#define PSA_WANT_ALG_HKDF 0
#define PSA_WANT_ALG_HKDF_EXTRACT 0
#define PSA_WANT_ALG_HKDF_EXPAND 0
#define PSA_WANT_KEY_TYPE_DERIVE 0
#define PSA_WANT_ALG_ML_KEM 0
/* ML-DSA (issue 27): out (no src/mldsa code is linked). */
#define PSA_WANT_ALG_ML_DSA 0
#define PSA_WANT_ECC_SECP_R1_256 0
#define PSA_WANT_ECC_SECP_R1_384 0
#define PSA_WANT_ALG_ECDSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 0
#define PSA_WANT_KEY_TYPE_AES 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0

/* Key store: a few public keys of at most 60 B (an HSS key with n = 32);
 * the slots are sized by the raw-key limit, 128 B as in ed25519_only.h
 * (the HMAC tests use keys up to 65 B; 64 would do for LMS alone). */
#define PICOPSA_KEY_SLOT_COUNT 4
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_LMS_VERIFY_ONLY_H */
