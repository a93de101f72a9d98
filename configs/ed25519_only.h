/*
 * configs/ed25519_only.h -- picopsa for a product that signs and verifies
 * with Ed25519 only (fast backend, today's code): no RSA, no bignum.
 *
 * Use: -DPICOPSA_CONFIG_FILE='"configs/ed25519_only.h"' (with the repository
 * root on the include path) or, with CMake,
 * -DPICOPSA_CONFIG_FILE=<path>/configs/ed25519_only.h; then the library and
 * the application see the same settings. Read first by picopsa/config.h:
 * anything not set here keeps its default there (docs/configuration.md).
 *
 * Why a header and not "just call only Ed25519": psa_sign_message() and
 * friends choose the family from the key type at run time, so a linker can
 * never drop RSA from an image that calls them. Only PSA_WANT_* = 0 does;
 * the size test (tests/size/, `make test`) fails if any RSA or bignum byte
 * is linked into an Ed25519 app built with this header.
 *
 * The DRBG runs on SHA-256, not on SHA-512 (the only hash Ed25519 itself
 * needs), deliberately: measured on Cortex-M4 -Os (arm-none-eabi-gcc 12.2,
 * QEMU + cycle model, tests/firmware with PICOPSA_FW_CONFIG_FILE):
 *
 *                      psa_crypto_init   psa_generate_key   flash (text)
 *   DRBG on SHA-256     96,734 cycles     514,705 cycles    +1,756 B (SHA-256 core)
 *   DRBG on SHA-512    312,317 cycles     622,135 cycles         0
 *
 * Signing and verification do not draw random bytes (RFC 8032 signatures are
 * deterministic): 504,191 and 1,175,137 cycles either way. HMAC-SHA-512 in
 * the compact -Os SHA-512 costs 3.2x the cycles of HMAC-SHA-256 at init
 * (3.4 ms more at 64 MHz) and about 107,000 more per random draw; the price
 * is the SHA-256 core (image of every psa_* function: 24,096 against
 * 22,380 B after issue 10; the tests/size Ed25519 app: +1,748 B). A flash-bound product
 * that generates keys rarely may set PSA_WANT_ALG_SHA_256 0 and
 * PICOPSA_DRBG_HASH PSA_ALG_SHA_512 below (the "Ed25519 only" image of
 * docs/footprint.md before issue 10).
 *
 * The small Ed25519 backend is configs/ed25519_small.h (this header plus
 * PICOPSA_ED25519_BACKEND PICOPSA_BACKEND_SMALL): about 5 KB less
 * Ed25519 text for about 5x the signing cycles (docs/ed25519.md).
 *
 * Only PSA_WANT_* and sizes are set here: the backends (field arithmetic,
 * tables) keep their per-target defaults from picopsa/config.h.
 */
#ifndef PICOPSA_CONFIGS_ED25519_ONLY_H
#define PICOPSA_CONFIGS_ED25519_ONLY_H

/* Hashes: SHA-512 for Ed25519, SHA-256 for the DRBG. */
#define PSA_WANT_ALG_SHA_224 0
#define PSA_WANT_ALG_SHA_256 1
#define PSA_WANT_ALG_SHA_384 0
#define PSA_WANT_ALG_SHA_512 1

/* HMAC: the DRBG's core (must stay 1); also the PSA MAC API over the hashes above. */
#define PSA_WANT_ALG_HMAC 1
#define PSA_WANT_KEY_TYPE_HMAC 1
#define PICOPSA_DRBG_HASH PSA_ALG_SHA_256

/* Ed25519: pure EdDSA and Ed25519ph (~0.3 KB; set 0 if you never prehash). */
#define PSA_WANT_ALG_PURE_EDDSA 1
#define PSA_WANT_ALG_ED25519PH 1
#define PSA_WANT_ECC_TWISTED_EDWARDS_255 1

/* RSA: out (no src/rsa, no src/bignum code is linked). */
#define PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 0
#define PSA_WANT_KEY_TYPE_RSA_KEY_PAIR 0
#define PSA_WANT_ALG_RSA_PKCS1V15_SIGN 0
#define PSA_WANT_ALG_RSA_PSS 0
#define PSA_WANT_ALG_RSA_PKCS1V15_CRYPT 0
#define PSA_WANT_ALG_RSA_OAEP 0

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

/* Key store: 8 slots of 128 B (an Ed25519 pair with its cached expanded
 * key); 1384 B of .bss on Cortex-M4. Lower the count to the keys you keep. */
#define PICOPSA_KEY_SLOT_COUNT 8
#define PICOPSA_HMAC_MAX_KEY_BYTES 128

#endif /* PICOPSA_CONFIGS_ED25519_ONLY_H */
