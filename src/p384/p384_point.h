/*
 * p384_point.h -- the P-384 group (y^2 = x^3 - 3x + b over GF(p),
 * SP 800-186 3.2.1.4): projective points, complete addition (Renes,
 * Costello, Batina 2016, algorithm 4 for a = -3) and the projective
 * tangent doubling (7M + 3S, the identity kept by a mask: valid for every
 * point of this prime-order curve), scalar multiplication and point
 * validation.
 *
 * Points are projective (X : Y : Z) with coordinates in the Montgomery
 * domain of p384_field.h; the identity is (0 : 1 : 0); addition is
 * complete (any two inputs, the identity and P + P included) and doubling
 * keeps the identity by a masked move, so no routine needs a branch.
 *
 * Constant time: pp_p384_point_add/_dbl, pp_p384_mul_base (fixed-base
 * comb, every table entry read for each digit) and pp_p384_mul (variable
 * base, signed 4-bit windows, every entry read) take the same path for
 * every scalar and point. pp_p384_mul2_vartime (verification, public
 * inputs only) branches on its scalars' digits and on exceptional cases.
 * Outputs may alias inputs.
 */
#ifndef PICOPSA_P384_POINT_H
#define PICOPSA_P384_POINT_H

#include "p384/p384_field.h"

typedef struct {
    pp_p384_fe x, y, z;
} pp_p384_point;

typedef struct {
    pp_p384_fe x, y;
} pp_p384_affine;

void pp_p384_point_add(pp_p384_point *r, const pp_p384_point *a, const pp_p384_point *b);
void pp_p384_point_dbl(pp_p384_point *r, const pp_p384_point *a);

/* r = k * G, k any 384-bit value (constant time). */
void pp_p384_mul_base(pp_p384_point *r, const pp_p384_sc *k);
/* r = k * P, k any value < 2^384 (constant time in k and P). */
void pp_p384_mul(pp_p384_point *r, const pp_p384_sc *k, const pp_p384_point *p);
/* r = u1 * G + u2 * Q, Q affine (Z = 1, as pp_p384_point_decode gives it;
 * r is projective). VARIABLE TIME: public scalars and point only
 * (Jacobian formulas with branches on exceptional cases). */
void pp_p384_mul2_vartime(pp_p384_point *r, const pp_p384_sc *u1, const pp_p384_sc *u2,
                          const pp_p384_point *q);

/* 04 || x || y (SEC 1 2.3.3, uncompressed, 97 bytes) -> point with Z = 1.
 * Returns 0 when x, y < p and the point is on the curve (so not the
 * identity, which has no such encoding), -1 otherwise. Public data only
 * (branches on the verdict). */
int pp_p384_point_decode(pp_p384_point *r, const uint8_t in[97]);
/* Affine x and y (canonical, big-endian, 48 bytes; y may be NULL) of a
 * point, with a constant-time inversion. Returns all-ones when the point
 * is not the identity, 0 when it is (outputs then 0). */
uint32_t pp_p384_point_encode_xy(uint8_t x[48], uint8_t *y, const pp_p384_point *p);

/* ECDSA fault check (p384_ecdsa.c; here for the point type): all-ones
 * when sig = r || s (96 bytes), made with the nonce k_bytes and
 * R = pt = k G, is consistent with d, its public key pub and
 * e = bits2int(hash) mod n: s k == e + r d, r == x(R) mod n,
 * (k + d) G == R + Q, and sig unchanged while checked. Constant time;
 * 0 otherwise. With PICOPSA_SIGN_FAULT_CHECK only. */
uint32_t pp_p384_ecdsa_sign_check(const uint8_t *sig, const pp_p384_point *pt,
                                  const uint8_t d[48], const uint8_t pub[97],
                                  const pp_p384_sc *e, const uint8_t k_bytes[48]);

#endif /* PICOPSA_P384_POINT_H */
