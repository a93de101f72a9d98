/*
 * configs/ed25519_small.h -- picopsa for a product that signs and verifies
 * with Ed25519 only and wants the smallest Ed25519: configs/ed25519_only.h
 * with the small backend (src/ed25519/ed25519_small.c: no precomputed
 * tables, loops, one constant-time scalar multiplication for signing and
 * verification) and the compact SHA-512.
 *
 * Use as configs/ed25519_only.h (-DPICOPSA_CONFIG_FILE=<path>/configs/ed25519_small.h).
 * Figures (Cortex-M4 -Os, docs/ed25519.md "Small backend", docs/configuration.md):
 * Ed25519 + SHA-512 linked text, sign and verify cycles against the fast
 * backend's, stack.
 *
 * The DRBG stays on SHA-256 (psa_crypto_init and key generation as fast as
 * in the default configuration, for +1.7 KB of SHA-256 core); a product
 * that generates keys rarely may set PSA_WANT_ALG_SHA_256 0 and
 * PICOPSA_DRBG_HASH PSA_ALG_SHA_512 (init about 3.2x slower, 1.7 KB less).
 */
#ifndef PICOPSA_CONFIGS_ED25519_SMALL_H
#define PICOPSA_CONFIGS_ED25519_SMALL_H

#include "ed25519_only.h"

#define PICOPSA_ED25519_BACKEND PICOPSA_BACKEND_SMALL
/* The compact SHA-512 and SHA-256 (one round / eight rounds per loop
 * iteration), whatever the optimisation level. */
#define PICOPSA_SHA2_UNROLL 0
#define PICOPSA_SHA512_TINY 1

#endif /* PICOPSA_CONFIGS_ED25519_SMALL_H */
