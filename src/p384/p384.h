/*
 * p384.h -- P-384 keys, ECDSA and the ECDH primitive on byte strings
 * (SEC 1 v2 4.1, FIPS 186-5 6.4, RFC 6979, SP 800-56A 5.7.1.2).
 *
 * Formats: a private key is the 48-byte big-endian scalar d, 1 <= d < n;
 * a public key the 97-byte uncompressed point 04 || x || y (SEC 1 2.3.3);
 * a signature r || s, 48 bytes each (PSA Crypto API 1.2 10.7.4: the raw
 * format); an ECDH shared secret the 48-byte x coordinate.
 *
 * Constant time: everything that touches d or the nonce k (key
 * derivation, signing, ECDH). Signing retries a nonce candidate outside
 * [1, n-1] and a zero r or s: the branch reveals only that a discarded
 * candidate failed. Verification and point decoding work on public data
 * (verification uses a variable-time double-scalar multiplication).
 * Inputs are read before outputs are written; outputs may alias inputs.
 */
#ifndef PICOPSA_P384_H
#define PICOPSA_P384_H

#include <stddef.h>
#include <stdint.h>

#include <psa/error.h>
#include <psa/crypto_values.h>
#include <picopsa/config.h>

#define PP_P384_SCALAR_SIZE 48u
#define PP_P384_PUBLIC_KEY_SIZE 97u
#define PP_P384_SIGNATURE_SIZE 96u

/* 0 when 1 <= d < n (constant time in d; the verdict is returned). */
int pp_p384_private_key_check(const uint8_t d[48]);
/* 0 when pub is 04 || x || y with x, y < p on the curve, else -1. */
int pp_p384_public_key_check(const uint8_t pub[97]);
/* pub = 04 || d*G; d valid (checked: -1 otherwise). */
int pp_p384_public_key(uint8_t pub[97], const uint8_t d[48]);
/* The same without a branch: all-ones when d was valid, else 0. */
uint32_t pp_p384_public_key_ct(uint8_t pub[97], const uint8_t d[48]);

/* ECDSA signature of a hash of any length (bits2int: its leftmost 384
 * bits, all of a shorter one). deterministic != 0: RFC 6979 with HMAC
 * over nonce_hash (the signature's hash algorithm); 0: hedged, the same
 * construction with 32 bytes of pp_random_bytes as RFC 6979 3.6
 * "additional data" k', over nonce_hash. pub is d's public key (from the
 * key slot). With PICOPSA_SIGN_FAULT_CHECK the result is checked before
 * release as P-256's is (docs/p256.md "Fault countermeasure"): a failed
 * check wipes sig and returns PSA_ERROR_CORRUPTION_DETECTED. Errors:
 * PSA_ERROR_INVALID_ARGUMENT (d out of range), PSA_ERROR_NOT_SUPPORTED
 * (nonce_hash not an HMAC_DRBG hash), the RNG's. */
psa_status_t pp_p384_ecdsa_sign(uint8_t sig[96], const uint8_t d[48], const uint8_t pub[97],
                                const uint8_t *hash, size_t hash_len, psa_algorithm_t nonce_hash,
                                int deterministic);
/* The signature for a given nonce: sig = r || s with k = k_bytes and
 * h1 = bits2octets(H(m)) (48 bytes, < n); d and k in [1, n-1] (not
 * checked). Constant time in d and k. */
void pp_p384_ecdsa_sign_k(uint8_t sig[96], const uint8_t d[48], const uint8_t h1[48],
                          const uint8_t k_bytes[48]);
/* 0 when sig is a valid signature of hash under pub, else -1. */
int pp_p384_ecdsa_verify(const uint8_t sig[96], const uint8_t pub[97], const uint8_t *hash,
                         size_t hash_len);

/* ECDH (SP 800-56A 5.7.1.2): shared = x(d * peer). Returns -1 when peer
 * is not a valid public key or d is out of range (shared then zeros);
 * the d verdict is computed without a branch. */
int pp_p384_ecdh(uint8_t shared[48], const uint8_t d[48], const uint8_t peer[97]);

#endif /* PICOPSA_P384_H */
