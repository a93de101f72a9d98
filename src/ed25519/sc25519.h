/*
 * sc25519.h -- scalars modulo the Ed25519 group order
 * L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 sec. 5.1).
 *
 * Contract:
 *  - Scalars are 32-byte little-endian strings; outputs are fully reduced
 *    (< L). Reduction is Barrett's (HAC 14.42) on 32-bit words with 64-bit
 *    products, so it is portable and fast on 32-bit MCUs.
 *  - pp_sc25519_reduce and pp_sc25519_muladd are constant time (they handle the
 *    secret nonce and private scalar); pp_sc25519_is_canonical runs on public
 *    signature bytes but is constant time too.
 *  - Outputs may alias inputs.
 */
#ifndef PICOPSA_SC25519_H
#define PICOPSA_SC25519_H

#include <stddef.h>
#include <stdint.h>

/* out = in mod L, for a 64-byte little-endian in (a SHA-512 output). */
void pp_sc25519_reduce(uint8_t out[32], const uint8_t in[64]);

/* out = (a * b + c) mod L, for 32-byte a, b, c with a * b + c < 2^512. */
void pp_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                    const uint8_t c[32]);

/* 1 when s < L (RFC 8032 5.1.7 step 1 rejects S >= L), else 0. */
int pp_sc25519_is_canonical(const uint8_t s[32]);

#endif /* PICOPSA_SC25519_H */
