/*
 * configs/everything.h -- every mechanism picopsa has: the default
 * configuration of picopsa/config.h, written out. Building with this header
 * gives the same library as building without one (tests/size checks that
 * the preprocessor sees the same settings on the host and on Cortex-M4).
 *
 * Start here to write a product's own header: copy it, set to 0 what the
 * product does not use. An image that calls psa_sign_message() links every
 * family whose PSA_WANT_* is 1 (the family is chosen from the key type at
 * run time): with both on, an Ed25519-only app carries RSA + bignum (~11 KB
 * on Cortex-M4) and an RSA-only app carries Ed25519 + SHA-512 (~11 KB). The
 * ready-made alternatives: configs/ed25519_only.h, configs/rsa_only.h.
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/everything.h"' (repository root on the
 * include path) or, with CMake, -DPICOPSA_CONFIG_FILE=<path>/configs/everything.h.
 * Settings whose default depends on the target (key slots sized for RSA,
 * the raw-key size PICOPSA_HMAC_MAX_KEY_BYTES: 1024 on 64-bit hosts, 128 on
 * MCUs; Ed25519 tables, exponentiation window, backends; the mechanisms
 * on by default only on hosted OSes: SHA-1, SHA-512/t, SHA-3, CMAC, XTS,
 * ML-KEM (PSA_WANT_ALG_ML_KEM), ML-DSA (PSA_WANT_ALG_ML_DSA), LMS / HSS (PSA_WANT_ALG_LMS, _HSS), P-384
 * (PSA_WANT_ECC_SECP_R1_384)) are left to config.h.
 */
#ifndef PICOPSA_CONFIGS_EVERYTHING_H
#define PICOPSA_CONFIGS_EVERYTHING_H

#define PSA_WANT_ALG_SHA_224 1
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 1
#define PSA_WANT_ALG_SHA_512 1

#define PSA_WANT_ALG_HMAC 1
#define PSA_WANT_KEY_TYPE_HMAC 1
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256

#define PSA_WANT_ALG_PURE_EDDSA 1
#define PSA_WANT_ALG_ED25519PH 1
#define PSA_WANT_ECC_TWISTED_EDWARDS_255 1

#define PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 1
#define PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 1
#define PSA_WANT_ALG_RSA_PKCS1V15_SIGN 1
#define PSA_WANT_ALG_RSA_PSS 1
#define PSA_WANT_ALG_RSA_PKCS1V15_CRYPT 1
#define PSA_WANT_ALG_RSA_OAEP 1

#define PSA_WANT_ECC_MONTGOMERY_255 1
#define PSA_WANT_ALG_ECDH 1
#define PSA_WANT_ALG_HKDF 1
#define PSA_WANT_ALG_HKDF_EXTRACT 1
#define PSA_WANT_ALG_HKDF_EXPAND 1
#define PSA_WANT_KEY_TYPE_DERIVE 1
#define PICOPSA_HKDF_MAX_INFO_BYTES 128
#define PSA_WANT_ECC_SECP_R1_256 1
#define PSA_WANT_ALG_ECDSA 1
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 1

#define PICOPSA_RSA_MAX_BITS 4096
#define PICOPSA_RSA_MIN_BITS 1024
#define PICOPSA_KEY_SLOT_COUNT 8

#endif /* PICOPSA_CONFIGS_EVERYTHING_H */
