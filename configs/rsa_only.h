/*
 * configs/rsa_only.h -- picopsa for a product that uses RSA only (PKCS#1
 * v1.5 and PSS signatures, PKCS#1 v1.5 and OAEP encryption, with SHA-256):
 * no Ed25519, no SHA-512.
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/rsa_only.h"' (with the repository
 * root on the include path) or, with CMake,
 * -DPICOPSA_CONFIG_FILE=<path>/configs/rsa_only.h; then the library and the
 * application see the same settings. Read first by picopsa/config.h:
 * anything not set here keeps its default there (docs/configuration.md).
 *
 * Why a header: the PSA entry points choose the family from the key type at
 * run time, so a linker can never drop Ed25519 from an image that calls
 * them; only PSA_WANT_* = 0 does. The size test (tests/size/, `make test`)
 * fails if any Ed25519 or SHA-512 byte is linked into an RSA app built with
 * this header.
 *
 * This is the configuration of the "RSA only" image of docs/footprint.md.
 * Only PSA_WANT_* and sizes are set here: the bignum kernel and windows keep
 * their per-target defaults from picopsa/config.h.
 */
#ifndef PICOPSA_CONFIGS_RSA_ONLY_H
#define PICOPSA_CONFIGS_RSA_ONLY_H

/* Hashes: SHA-256 (signatures, MGF1, OAEP labels, the DRBG). Add SHA-384 or
 * SHA-512 here (and PSA_WANT_ALG_SHA_512 with it) if your RSA hash is one. */
#define PSA_WANT_ALG_SHA_224 0
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 0
#define PSA_WANT_ALG_SHA_512 0

/* HMAC: the DRBG's core (must stay 1). */
#define PSA_WANT_ALG_HMAC 1
#define PSA_WANT_KEY_TYPE_HMAC 1
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256

/* Ed25519: out (no src/ed25519 code, no SHA-512 is linked). */
#define PSA_WANT_ALG_PURE_EDDSA 0
#define PSA_WANT_ALG_ED25519PH 0
#define PSA_WANT_ECC_TWISTED_EDWARDS_255 0

/* RSA: every key type and scheme; leave out the schemes you do not use. */
#define PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 1
#define PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 1
#define PSA_WANT_ALG_RSA_PKCS1V15_SIGN 1
#define PSA_WANT_ALG_RSA_PSS 1
#define PSA_WANT_ALG_RSA_PKCS1V15_CRYPT 1
#define PSA_WANT_ALG_RSA_OAEP 1

/* X25519, ECDH and key derivation (issue 15): out. */
#define PSA_WANT_ECC_MONTGOMERY_255 0
#define PSA_WANT_ALG_ECDH 0
#define PSA_WANT_ALG_HKDF 0
#define PSA_WANT_ALG_HKDF_EXTRACT 0
#define PSA_WANT_ALG_HKDF_EXPAND 0
#define PSA_WANT_KEY_TYPE_DERIVE 0
/* ML-KEM (issue 26): out (no src/mlkem code is linked). */
#define PSA_WANT_ALG_ML_KEM 0
/* ML-DSA (issue 27): out (no src/mldsa code is linked). */
#define PSA_WANT_ALG_ML_DSA 0
/* LMS / HSS verification: out (no src/lms code is linked). */
#define PSA_WANT_ALG_LMS 0
#define PSA_WANT_ALG_HSS 0
/* P-256: out (no src/p256 code is linked). */
#define PSA_WANT_ECC_SECP_R1_256 0
#define PSA_WANT_ECC_SECP_R1_384 0
#define PSA_WANT_ALG_ECDSA 0
#define PSA_WANT_ALG_DETERMINISTIC_ECDSA 0

/* Ciphers and AEAD (AES, ChaCha20): out; a product that encrypts sets
 * PSA_WANT_KEY_TYPE_AES / _CHACHA20 to 1 (the modes follow their key type;
 * docs/cipher.md, docs/aead.md). */
#define PSA_WANT_KEY_TYPE_AES 0
#define PSA_WANT_KEY_TYPE_CHACHA20 0
#define PSA_WANT_KEY_TYPE_XCHACHA20 0

/* Sizes: RSA up to 4096 bits. A product with RSA-2048 keys only should set
 * PICOPSA_RSA_MAX_BITS 2048: each large slot shrinks from 3448 to 1784 B and
 * the private-operation work area with it. Large slots: 2 on MCUs (the
 * config.h default); set PICOPSA_KEY_SLOT_LARGE_COUNT to the RSA keys you
 * keep at once. */
#define PICOPSA_RSA_MAX_BITS 4096
#define PICOPSA_RSA_MIN_BITS 1024
#define PICOPSA_KEY_SLOT_COUNT 8
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_RSA_ONLY_H */
