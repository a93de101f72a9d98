/*
 * mlkem_poly.h -- the arithmetic of ML-KEM (FIPS 203 sections 2.4, 4.2.1,
 * 4.3): Z_q with q = 3329, polynomials of R_q = Z_q[X]/(X^256 + 1) as
 * int16_t[256], the NTT (Alg. 9, 10), MultiplyNTTs (Alg. 11, 12),
 * Compress/Decompress (4.2.1, eq. 4.7, 4.8), ByteEncode/ByteDecode (Alg. 5,
 * 6) and SamplePolyCBD (Alg. 8). Used by mlkem.c only (and its tests).
 *
 * Contract:
 *  - Coefficients are signed int16_t representatives of Z_q; each function
 *    states the range it takes and gives. Ranges are what keep the int16 /
 *    int32 arithmetic free of overflow; they are checked exhaustively or by
 *    random tests in tests/unit/test_mlkem.c.
 *  - Montgomery form uses R = 2^16: pp_mlkem_mont_reduce(a) = a R^-1 mod q.
 *    pp_mlkem_basemul_acc and pp_mlkem_poly_basemul_acc accumulate the NTT
 *    products times R^-1; pp_mlkem_invntt multiplies by R / 128, so
 *    invntt(sum of basemuls) is the plain FIPS 203 result, and
 *    pp_mlkem_poly_tomont (times R) undoes the factor in the NTT domain.
 *  - Constant time: every function runs in time that depends only on the
 *    public parameters (d, eta); no branch or memory index depends on a
 *    coefficient. Reductions are Barrett / Montgomery by multiply and shift
 *    and compression multiplies by a rounded 2^35 / q instead of dividing.
 *  - The code assumes two's complement and arithmetic right shifts of
 *    negative signed values (gcc, clang and every target picopsa builds
 *    for), as the rest of the library does (fe25519_invert.c).
 *  - No aliasing between distinct pointer arguments unless stated.
 */
#ifndef PICOPSA_MLKEM_POLY_H
#define PICOPSA_MLKEM_POLY_H

#include <stddef.h>
#include <stdint.h>

#define PP_MLKEM_N 256
#define PP_MLKEM_Q 3329
/* ByteEncode_12 of one polynomial (FIPS 203 Alg. 5 with d = 12). */
#define PP_MLKEM_POLY_BYTES 384

/* a R^-1 mod q in (-q, q) for |a| <= q 2^15. */
int16_t pp_mlkem_mont_reduce(int32_t a);
/* The representative of a mod q in [-(q-1)/2, (q-1)/2], any int16 a. */
int16_t pp_mlkem_barrett(int16_t a);
/* The representative of a mod q in [0, q), any int16 a. */
int16_t pp_mlkem_freeze(int16_t a);

/* In place NTT (Alg. 9) of |f_i| < q; output in [-(q-1)/2, (q-1)/2]. */
void pp_mlkem_ntt(int16_t f[PP_MLKEM_N]);
/* In place NTT^-1 (Alg. 10) times R; input |f_i| < 2^14; output in
 * (-q, q). */
void pp_mlkem_invntt(int16_t f[PP_MLKEM_N]);
/* Every coefficient to [-(q-1)/2, (q-1)/2] / to [0, q). */
void pp_mlkem_poly_reduce(int16_t f[PP_MLKEM_N]);
void pp_mlkem_poly_freeze(int16_t f[PP_MLKEM_N]);
/* f = f R mod q (|f_i| any), result in (-q, q). */
void pp_mlkem_poly_tomont(int16_t f[PP_MLKEM_N]);
/* f = f R^-1 mod q (|f_i| any), result in (-q, q). */
void pp_mlkem_poly_frommont(int16_t f[PP_MLKEM_N]);

/* BaseCaseMultiply (Alg. 12) of the pair i (0..127) of two NTT-domain
 * polynomials, times R^-1, added to acc[0], acc[1]: (a0 + a1 X)(b0 + b1 X)
 * with |a0|, |a1|, |b0|, |b1| < 2^12 (ByteDecode_12 values 0..4095 may be
 * used as they are: ByteDecode_12 reduces mod q, which the arithmetic does
 * anyway). acc enters with |acc_j| <= 2^15 - 1 - 2q and leaves reduced to
 * [-(q-1)/2, (q-1)/2]. */
void pp_mlkem_basemul_acc(int16_t acc[2], int16_t a0, int16_t a1, int16_t b0, int16_t b1,
                          unsigned i);
/* The two 12-bit values of one pair of a ByteEncode_12 string (3 bytes). */
void pp_mlkem_load_pair12(const uint8_t p[3], int16_t *x0, int16_t *x1);
/* acc += MultiplyNTTs(a, b) R^-1 (Alg. 11), a as coefficients and b as a
 * ByteEncode_12 string, pair by pair as pp_mlkem_basemul_acc (same
 * ranges). */
void pp_mlkem_poly_basemul_acc(int16_t acc[PP_MLKEM_N], const int16_t a[PP_MLKEM_N],
                               const uint8_t b[PP_MLKEM_POLY_BYTES]);

/* Compress_d (eq. 4.7) of x in [0, q), 1 <= d <= 11. */
uint16_t pp_mlkem_compress(int16_t x, unsigned d);
/* Decompress_d (eq. 4.8) of y in [0, 2^d), 1 <= d <= 11; result in [0, q). */
int16_t pp_mlkem_decompress(uint16_t y, unsigned d);

/* ByteEncode_d / ByteDecode_d (Alg. 5, 6) of eight values: 8 d bits =
 * d bytes, 1 <= d <= 12. Encode takes values < 2^d (the caller freezes or
 * compresses first); decode gives values < 2^d (not reduced mod q). */
void pp_mlkem_encode8(uint8_t *out, const uint16_t v[8], unsigned d);
void pp_mlkem_decode8(uint16_t v[8], const uint8_t *in, unsigned d);
/* ByteEncode_12 of a whole polynomial with coefficients in [0, q). */
void pp_mlkem_poly_tobytes(uint8_t out[PP_MLKEM_POLY_BYTES], const int16_t f[PP_MLKEM_N]);

/* f += SamplePolyCBD_eta(PRF_eta(s, nonce)) (Alg. 8 over the PRF of 4.1:
 * SHAKE256(s || nonce), 64 eta bytes), eta 2 or 3; f_i changes by at most
 * eta. Secret s; constant time in it. */
void pp_mlkem_cbd_add(int16_t f[PP_MLKEM_N], unsigned eta, const uint8_t s[32], uint8_t nonce);

#endif /* PICOPSA_MLKEM_POLY_H */
