/*
 * p256_point.h -- the P-256 group (y^2 = x^3 - 3x + b over GF(p),
 * SP 800-186 3.2.1.3): projective points, complete addition (Renes,
 * Costello, Batina 2016, algorithm 4 for a = -3), doubling by the
 * projective tangent formula (7M + 3S, the identity kept by a mask),
 * scalar multiplication and point validation.
 *
 * Points are projective (X : Y : Z) with coordinates in the Montgomery
 * domain of p256_field.h; the identity is (0 : 1 : 0) and the formulas are
 * valid for every input (the addition is complete: the identity and P + P
 * included; the doubling keeps the identity by a mask), so no routine
 * needs a special case.
 *
 * Constant time: pp_p256_point_add/_dbl, pp_p256_mul_base (fixed-base
 * comb, every table entry read for each digit) and pp_p256_mul
 * (variable base, signed 4-bit windows, every entry read) take the same
 * path for every scalar and point. pp_p256_mul2_vartime (verification,
 * public inputs only) branches on its scalars' digits.
 * Outputs may alias inputs.
 */
#ifndef PICOPSA_P256_POINT_H
#define PICOPSA_P256_POINT_H

#include "p256/p256_field.h"

typedef struct {
    pp_p256_fe x, y, z;
} pp_p256_point;

typedef struct {
    pp_p256_fe x, y;
} pp_p256_affine;

void pp_p256_point_add(pp_p256_point *r, const pp_p256_point *a, const pp_p256_point *b);
void pp_p256_point_dbl(pp_p256_point *r, const pp_p256_point *a);

/* r = k * G, k any 256-bit value (constant time). */
void pp_p256_mul_base(pp_p256_point *r, const pp_p256_sc *k);
#if PICOPSA_P256_LIMB_BITS == 64 && PICOPSA_P256_COMB_TEETH == 8
/* The one-table comb (ecc/ecc_a3_mul.h) that the two-table pp_p256_mul_base
 * replaces there: a test hook (test_p256_field compares both). */
void pp_p256_mul_base_comb1(pp_p256_point *r, const pp_p256_sc *k);
#endif
#if PP_P256_X86
/* Test hook: on = 1 makes the comb scans SSE2 (else the CPU's choice
 * again); returns 1 when SSE2 is now in use (0 in an AVX2 build, which
 * has no SSE2 scan). Not for concurrent use with P-256 work in flight. */
int pp_p256_comb_scan_force_sse2(int on);
#endif
/* r = k * P, k any 256-bit value (constant time in k and P). */
void pp_p256_mul(pp_p256_point *r, const pp_p256_sc *k, const pp_p256_point *p);
/* r = u1 * G + u2 * Q, Q affine (Z = 1, as pp_p256_point_decode gives it;
 * r is projective like every other output). VARIABLE TIME: public scalars
 * and point only (Jacobian formulas with branches on exceptional cases). */
void pp_p256_mul2_vartime(pp_p256_point *r, const pp_p256_sc *u1, const pp_p256_sc *u2,
                          const pp_p256_point *q);

/* 04 || x || y (SEC 1 2.3.3, uncompressed) -> point with Z = 1. Returns 0
 * when x, y < p and the point is on the curve (so not the identity, which
 * has no such encoding), -1 otherwise. Public data only (branches on the
 * verdict). */
int pp_p256_point_decode(pp_p256_point *r, const uint8_t in[65]);
/* Affine x and y (canonical, big-endian; y may be NULL) of a point, with
 * a constant-time inversion. Returns all-ones when the point is not the
 * identity, 0 when it is (outputs then 0). */
uint32_t pp_p256_point_encode_xy(uint8_t x[32], uint8_t *y, const pp_p256_point *p);

/* ECDSA fault check (p256_ecdsa.c; here for the point type): all-ones
 * when sig = r || s (64 bytes), made with the nonce k_bytes and
 * R = pt = k G, is consistent with d, its public key pub and
 * e = bits2int(hash) mod n: s k == e + r d, r == x(R) mod n,
 * (k + d) G == R + Q, and sig unchanged while checked. Constant time;
 * 0 otherwise. */
uint32_t pp_p256_ecdsa_sign_check(const uint8_t *sig, const pp_p256_point *pt,
                                  const uint8_t d[32], const uint8_t pub[65],
                                  const pp_p256_sc *e, const uint8_t k_bytes[32]);

#endif /* PICOPSA_P256_POINT_H */
