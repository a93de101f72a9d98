/*
 * mldsa_poly.h -- the polynomial layer of ML-DSA (FIPS 204): arithmetic in
 * Z_q, q = 8380417, of R_q = Z_q[X]/(X^256 + 1) (section 2.3), the NTT
 * (Alg. 41, 42), the rounding functions (Alg. 35-40), the samplers
 * (Alg. 29-34) and the bit packings (Alg. 16-21). Used by mldsa.c (and its
 * tests) only.
 *
 * Contract:
 *  - A polynomial is int32_t[256] (pp_mldsa_poly). Each function states the
 *    coefficient range it takes and gives; those ranges keep the int32 /
 *    int64 arithmetic free of overflow.
 *  - Montgomery form uses R = 2^32. pp_mldsa_ntt maps plain coefficients
 *    to the plain NTT domain (the zetas carry R); pp_mldsa_poly_mul_acc
 *    accumulates a * b * R^-1; pp_mldsa_invntt multiplies by R, so
 *    invntt(mul_acc(..)) gives the plain FIPS 204 product.
 *  - Constant time: the arithmetic, NTT, rounding, hint computation and
 *    packing run in time that depends only on the parameter set; no branch
 *    and no memory index depends on a coefficient. The samplers differ:
 *    pp_mldsa_rej_ntt_poly reads public rho only; pp_mldsa_sample_in_ball
 *    branches on c-tilde, which the signer treats as public (mldsa.c says
 *    why); pp_mldsa_rej_bounded_poly branches on which half-bytes of the
 *    SHAKE256 stream are rejected (>= 15 for eta 2, >= 9 for eta 4): that
 *    pattern is independent of the accepted coefficients, which are the
 *    secret (each accepted half-byte is uniform on its accepted range
 *    whatever was rejected), so it reveals nothing of s1, s2; the
 *    coefficient values themselves are computed without branches.
 *  - Two's complement and arithmetic right shifts of negative values are
 *    assumed, as in the rest of the library.
 */
#ifndef PICOPSA_MLDSA_POLY_H
#define PICOPSA_MLDSA_POLY_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#define PP_MLDSA_N 256
#define PP_MLDSA_Q 8380417
#define PP_MLDSA_D 13

typedef struct {
    int32_t c[PP_MLDSA_N];
} pp_mldsa_poly;

/* a * R^-1 mod q in (-q, q), for |a| < 2^31 q. */
int32_t pp_mldsa_mont_reduce(int64_t a);
/* |a| < 2^31 - 2^22 -> a mod q in [-6283008, 6283008]. */
void pp_mldsa_poly_reduce(pp_mldsa_poly *a);
/* (-q, q) -> [0, q). */
void pp_mldsa_poly_caddq(pp_mldsa_poly *a);
/* Alg. 41: in |a| < q, out |a| < 9q. */
void pp_mldsa_ntt(pp_mldsa_poly *a);
/* Alg. 42 times R: in |a| < q (reduce first), out |a| < q. */
void pp_mldsa_invntt(pp_mldsa_poly *a);
/* acc = (first ? 0 : acc) + a * b * R^-1, coefficient-wise (|a b| < 2^31 q). */
void pp_mldsa_poly_mul_acc(pp_mldsa_poly *acc, const pp_mldsa_poly *a, const pp_mldsa_poly *b,
                           int first);
void pp_mldsa_poly_add(pp_mldsa_poly *r, const pp_mldsa_poly *a);
void pp_mldsa_poly_sub(pp_mldsa_poly *r, const pp_mldsa_poly *a);
/* a times 2^d (Alg. 44's t1 * 2^d), in place. */
void pp_mldsa_poly_shift_d(pp_mldsa_poly *a);

/* Alg. 35 on [0, q): t1 into a1, t0 (in (-2^12, 2^12]) into a0. */
void pp_mldsa_power2round(pp_mldsa_poly *a1, pp_mldsa_poly *a0, const pp_mldsa_poly *a);
/* Alg. 36 on one coefficient in [0, q): r1 returned, r0 in *r0. gamma2 is
 * (q-1)/88 or (q-1)/32. */
int32_t pp_mldsa_decompose(int32_t *r0, int32_t a, int32_t gamma2);
/* Alg. 40 (public h and r in [0, q)). */
int32_t pp_mldsa_use_hint(int32_t a, unsigned h, int32_t gamma2);
/* All-ones when some |a_i| >= bound, else 0 (|a_i| < 2^31, bound > 0). */
uint32_t pp_mldsa_poly_exceeds(const pp_mldsa_poly *a, int32_t bound);

/* Alg. 30 RejNTTPoly(rho || s || r): A[r][s] of ExpandA (Alg. 32). */
void pp_mldsa_rej_ntt_poly(pp_mldsa_poly *a, const uint8_t rho[32], unsigned r, unsigned s);
/* Alg. 31 RejBoundedPoly(rho' || IntegerToBytes(nonce, 2)): ExpandS (Alg. 33). */
void pp_mldsa_rej_bounded_poly(pp_mldsa_poly *a, const uint8_t rhoprime[64], unsigned nonce,
                               unsigned eta);
/* ExpandMask's polynomial (Alg. 34, step 4): rho'' || IntegerToBytes(nonce, 2);
 * gamma1_bits 17 or 19. */
void pp_mldsa_expand_mask_poly(pp_mldsa_poly *a, const uint8_t rhopp[64], unsigned nonce,
                               unsigned gamma1_bits);
/* Alg. 29 SampleInBall(c-tilde) with tau nonzero coefficients. */
void pp_mldsa_sample_in_ball(pp_mldsa_poly *c, const uint8_t *ctilde, size_t ctilde_len,
                             unsigned tau);

/* BitPack / SimpleBitPack (Alg. 16, 17) of 256 values of `bits` bits:
 * each coefficient c is written as (neg ? off - c : c). out gets 32 bits
 * bytes. The inverse (Alg. 18, 19) reads the same layout. */
void pp_mldsa_pack(uint8_t *out, const pp_mldsa_poly *a, unsigned bits, int32_t off, int neg);
void pp_mldsa_unpack(pp_mldsa_poly *a, const uint8_t *in, unsigned bits, int32_t off, int neg);

#endif /* PICOPSA_MLDSA_POLY_H */
