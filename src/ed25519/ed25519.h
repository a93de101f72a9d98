/*
 * ed25519.h -- Ed25519 and Ed25519ph signatures (RFC 8032 sec. 5.1).
 *
 * Contract:
 *  - Keys: the 32-byte private key is the RFC 8032 seed ("secret key");
 *    the public key is the 32-byte encoding of A = [s]B (5.1.5).
 *  - Signing (5.1.6) is deterministic and constant time in the seed and
 *    in the nonce; callers pass the public key they hold next to the seed
 *    (it must be pp_ed25519_public_key(seed), as the PSA key store keeps).
 *  - Ed25519ph signs the 64-byte SHA-512 of the message with
 *    dom2(1, "") (5.1, empty context, as PSA_ALG_ED25519PH requires).
 *  - Verification rules (5.1.7, the "cofactorless" equation with strict
 *    encodings; how they differ from OpenSSL's and libsodium's, case by
 *    case: docs/ed25519.md sec. 2), all enforced here:
 *      1. the signature is exactly 64 bytes (the caller checks the length);
 *      2. S must be canonical, S < L; otherwise reject (no malleability);
 *      3. A must decode per 5.1.3: y < p, on the curve, not (x = 0 with
 *         sign bit 1); small-order A is accepted, as in RFC 8032;
 *      4. R is never decoded: we compute R' = [S]B - [k]A with
 *         k = SHA-512(dom || R || A || M) mod L, encode R' canonically and
 *         compare the 32 bytes with R. So a non-canonical R (y >= p, or
 *         x = 0 with the sign bit) can never match and is rejected, and a
 *         small-order R is accepted exactly when the equation holds
 *         without the cofactor 8.
 *    Verification is variable time: all its inputs are public.
 *  - Returns 0 on success, nonzero on failure; no allocation; secrets on
 *    the stack are wiped.
 *  - Signing returns nonzero, with sig wiped, when the fault countermeasure
 *    (PICOPSA_SIGN_FAULT_CHECK, default 1) finds that its two computations
 *    of the signature, or the copy released, differ: a fault happened, and
 *    the faulty signature would reveal the key (ed25519_fault.h). With the
 *    knob at 0 signing always returns 0.
 */
#ifndef PICOPSA_ED25519_H
#define PICOPSA_ED25519_H

#include <stddef.h>
#include <stdint.h>

#define PP_ED25519_SEED_SIZE 32u
#define PP_ED25519_PUBLIC_KEY_SIZE 32u
#define PP_ED25519_SIGNATURE_SIZE 64u
#define PP_ED25519PH_HASH_SIZE 64u

#define PP_ED25519_EXPANDED_SIZE 64u

/* pk = encoding of [clamp(SHA-512(seed)[0..32])]B (RFC 8032 5.1.5). */
void pp_ed25519_public_key(uint8_t pk[32], const uint8_t seed[32]);

/* RFC 8032 5.1.5 steps 1-2, done once per key so that signing skips them:
 * expanded = SHA-512(seed) with its lower half clamped, i.e. the secret
 * scalar s (bytes 0..31) and the nonce prefix (32..63); pk from it.
 * The expanded key is as secret as the seed. */
void pp_ed25519_expand(uint8_t expanded[64], const uint8_t seed[32]);
void pp_ed25519_public_key_expanded(uint8_t pk[32], const uint8_t expanded[64]);

/* 0 when pk passes the decoding rules of 5.1.3 (rule 3 above), else -1. */
int pp_ed25519_public_key_check(const uint8_t pk[32]);

/* Decoded-key cache (PICOPSA_ED25519_CACHE_DECODED_KEY): decoding A costs
 * a square root, about 8% of a verification on hosts, so a key store may
 * keep A's canonical x coordinate (PP_ED25519_X_SIZE bytes) next to pk
 * and pass it to the *_verify_cached functions, which trust it.
 *  - pp_ed25519_public_key_decode: the check above, and x on success;
 *  - pp_ed25519_public_key_expanded_with_x: pk and x from the expanded
 *    secret (constant time; x is public). */
#define PP_ED25519_X_SIZE 32u
int pp_ed25519_public_key_decode(uint8_t x[32], const uint8_t pk[32]);
void pp_ed25519_public_key_expanded_with_x(uint8_t pk[32], uint8_t x[32],
                                           const uint8_t expanded[64]);

/* The two entry points every backend defines: ph = 0 is PureEdDSA
 * Ed25519 over msg (NULL when msg_len is 0), ph = 1 Ed25519ph over the
 * 64-byte SHA-512 prehash in msg (msg_len 64), empty context. Signing
 * takes the expanded key (pp_ed25519_expand) and returns 0, or nonzero
 * with sig wiped when the fault check failed (above); verification takes
 * A as pk and, when x is not NULL, its cached x (see below: the same
 * rules minus the decoding of A, which the cache's writer did). One entry
 * each keeps the backends' code small; the named forms below are
 * wrappers. */
int pp_ed25519_sign_ex(uint8_t sig[64], const uint8_t expanded[64], const uint8_t pk[32],
                       const uint8_t *tag, unsigned ph, const uint8_t *msg, size_t msg_len);

/* With PICOPSA_SIGN_FAULT_CHECK: the key tag binds the expanded secret to
 * the public key, the first PP_ED25519_KEY_TAG_SIZE bytes of
 * SHA-512(expanded || pk), written next to them at import (ed25519_psa.c).
 * Given to pp_ed25519_sign_ex (tag non-NULL), the signer recomputes it
 * from the bytes it signed with, through the same pointers, after its
 * second computation: a fault of a pointer to the key (or of the key's
 * bytes) that both computations share makes them agree on a wrong
 * signature, which with the correct one reveals the secret scalar; the tag
 * check refuses it (ed25519_fault.h). tag NULL (a caller that holds the
 * key on its own stack, tests) skips only this check. */
#define PP_ED25519_KEY_TAG_SIZE 16u
void pp_ed25519_key_tag(uint8_t tag[PP_ED25519_KEY_TAG_SIZE], const uint8_t expanded[64],
                        const uint8_t pk[32]);
int pp_ed25519_verify_ex(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *x,
                         unsigned ph, const uint8_t *msg, size_t msg_len);

/* PureEdDSA Ed25519 (5.1.6) and Ed25519ph from the seed. */
int pp_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32],
                    const uint8_t *msg, size_t msg_len);
int pp_ed25519ph_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pk[32],
                      const uint8_t prehash[64]);

/* The same signatures from the expanded key (pp_ed25519_expand). */
static inline int pp_ed25519_sign_expanded(uint8_t sig[64], const uint8_t expanded[64],
                                           const uint8_t pk[32], const uint8_t *msg,
                                           size_t msg_len)
{
    return pp_ed25519_sign_ex(sig, expanded, pk, NULL, 0, msg, msg_len);
}
static inline int pp_ed25519ph_sign_expanded(uint8_t sig[64], const uint8_t expanded[64],
                                             const uint8_t pk[32], const uint8_t prehash[64])
{
    return pp_ed25519_sign_ex(sig, expanded, pk, NULL, 1, prehash, 64);
}

static inline int pp_ed25519_verify(const uint8_t sig[64], const uint8_t pk[32],
                                    const uint8_t *msg, size_t msg_len)
{
    return pp_ed25519_verify_ex(sig, pk, NULL, 0, msg, msg_len);
}
static inline int pp_ed25519ph_verify(const uint8_t sig[64], const uint8_t pk[32],
                                      const uint8_t prehash[64])
{
    return pp_ed25519_verify_ex(sig, pk, NULL, 1, prehash, 64);
}

/* Verification with A given as pk and its cached x (see above). */
static inline int pp_ed25519_verify_cached(const uint8_t sig[64], const uint8_t pk[32],
                                           const uint8_t x[32], const uint8_t *msg,
                                           size_t msg_len)
{
    return pp_ed25519_verify_ex(sig, pk, x, 0, msg, msg_len);
}
static inline int pp_ed25519ph_verify_cached(const uint8_t sig[64], const uint8_t pk[32],
                                             const uint8_t x[32], const uint8_t prehash[64])
{
    return pp_ed25519_verify_ex(sig, pk, x, 1, prehash, 64);
}

/* The software backend and field arithmetic this build uses (picopsa/config.h
 * PICOPSA_ED25519_BACKEND, PICOPSA_ED25519_FIELD), e.g. "fast, radix 2^51",
 * "fast, radix 2^32 UMAAL"; "none (configured out)" without
 * PSA_WANT_ECC_TWISTED_EDWARDS_255. A static string. */
const char *pp_ed25519_backend_name(void);

#endif /* PICOPSA_ED25519_H */
