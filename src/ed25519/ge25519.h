/*
 * ge25519.h -- the Ed25519 group: points of the twisted Edwards curve
 * -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19) (RFC 8032 sec. 5.1).
 *
 * Contract:
 *  - Coordinates (Hisil-Wong-Carter-Dawson 2008, "Twisted Edwards curves
 *    revisited", HWCD below): ge25519_p3 is extended (X:Y:Z:T), x = X/Z,
 *    y = Y/Z, xy = T/Z. The formulas are complete on this curve (a = -1,
 *    d non-square), so no input needs special-casing.
 *  - pp_ge25519_scalarmult_base and pp_ge25519_p3_tobytes are constant time:
 *    secrets drive no branch and no table index (table rows are selected
 *    by scanning every entry with masks).
 *  - Functions whose names end in _vartime run in time that depends on
 *    their inputs: use them only on public data (verification).
 *  - Encodings are RFC 8032 5.1.2: 32 bytes, y little-endian with the
 *    low bit of x in bit 255.
 */
#ifndef PICOPSA_GE25519_H
#define PICOPSA_GE25519_H

#include <stddef.h>
#include <stdint.h>

#include "curve25519/fe25519.h"

typedef struct {
    fe25519 X, Y, Z, T;
} ge25519_p3;

typedef struct {
    fe25519 X, Y, Z;
} ge25519_p2;

/* h = [a]B for the base point B and a 32-byte little-endian scalar
 * a < 2^255 (both clamped private scalars and values reduced mod L
 * qualify). Constant time. Uses the comb table of
 * PICOPSA_ED25519_BASE_TABLES sub-tables. */
void pp_ge25519_scalarmult_base(ge25519_p3 *h, const uint8_t a[32]);

/* Encode a point (one field inversion). Constant time. s may overlap *h:
 * every coordinate is read before the first byte of s is written (the
 * signer encodes R into R's own storage). */
void pp_ge25519_p3_tobytes(uint8_t s[32], const ge25519_p3 *h);
void pp_ge25519_p2_tobytes(uint8_t s[32], const ge25519_p2 *h);
/* The encoding and, in x_bytes, the canonical x coordinate (the part of
 * the decoded point that costs a square root to recover). Constant time. */
void pp_ge25519_p3_tobytes_with_x(uint8_t s[32], uint8_t x_bytes[32], const ge25519_p3 *h);
/* h = (x, y) from a trusted cache (y from the encoding, x canonical, as
 * pp_ge25519_p3_tobytes_with_x or a checked pp_ge25519_frombytes gave them):
 * no validation, one multiplication. */
void pp_ge25519_from_affine_bytes(ge25519_p3 *h, const uint8_t y_encoding[32],
                               const uint8_t x_bytes[32]);
/* The same encoding with a VARIABLE-TIME inversion on hosts (safegcd that
 * stops early): public points only (verification). MCUs use the
 * constant-time one. */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
void pp_ge25519_p2_tobytes_vartime(uint8_t s[32], const ge25519_p2 *h);
#else
#define pp_ge25519_p2_tobytes_vartime pp_ge25519_p2_tobytes
#endif

/* Decode per RFC 8032 5.1.3. Returns 0 on success, -1 when the encoding
 * is rejected: y not canonical (y >= p), no x on the curve for y, or x = 0
 * with the sign bit set. Small-order points are accepted (RFC 8032 does
 * not exclude them). Constant time up to the final verdict. */
int pp_ge25519_frombytes(ge25519_p3 *h, const uint8_t s[32]);

/* h = -p. */
void pp_ge25519_p3_neg(ge25519_p3 *h, const ge25519_p3 *p);

/* r = [a]A + [b]B, a and b 32-byte little-endian scalars < 2^256 - 2^250.
 * VARIABLE TIME (ge25519.c: wNAF digit arrays on hosts, sliding windows
 * recoded on the fly on MCUs): for verification, where every input is
 * public. r may alias A (A is read only before r is written). */
void pp_ge25519_double_scalarmult_vartime(ge25519_p2 *r, const uint8_t a[32],
                                       const ge25519_p3 *A, const uint8_t b[32]);

#endif /* PICOPSA_GE25519_H */
