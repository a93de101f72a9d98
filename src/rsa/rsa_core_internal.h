/*
 * rsa_core_internal.h -- the key material layout shared by rsa_key.c,
 * rsa_core.c and rsa_keygen.c (nothing outside the RSA core reads it; the
 * formats code goes through rsa.h).
 *
 * Layout (byte offsets; limbs stored in native order, read with memcpy so
 * the slot buffer needs no alignment):
 *   0   header: magic "RSA", limb bits, bits (u32), n limbs (u16),
 *       half limbs (u16), is_pair (u8), e (u64 at 16), -n^-1, -p^-1, -q^-1
 *       mod 2^w (u64 at 24, 32, 40); the other bytes are zero
 *   64  n, R^2 mod n                          (n limbs each)
 *       key pair only: d                      (n limbs)
 *       p, q, dp, dq, qinv, R^2 mod p, R^2 mod q   (half limbs each)
 * The half size h is the limb count of the larger prime; p and q are
 * zero-extended to it.
 */
#ifndef PICOPSA_RSA_CORE_INTERNAL_H
#define PICOPSA_RSA_CORE_INTERNAL_H

#include "bignum/bignum.h"
#include "rsa/rsa.h"

#define PP_RSA_HEADER_BYTES 64u
/* Largest half (prime) size in limbs. */
#define PP_RSA_HALF_MAX_LIMBS (PP_BN_MAX_LIMBS / 2u + 1u)

typedef struct {
    size_t bits;
    size_t n_limbs;
    size_t h_limbs;
    int is_pair;
    uint64_t e;
    pp_limb n0inv, p0inv, q0inv;
} pp_rsa_header;

/* Limb fields of the material. */
typedef enum {
    PP_RSA_F_N, PP_RSA_F_R2N, PP_RSA_F_D,
    PP_RSA_F_P, PP_RSA_F_Q, PP_RSA_F_DP, PP_RSA_F_DQ, PP_RSA_F_QINV,
    PP_RSA_F_R2P, PP_RSA_F_R2Q
} pp_rsa_field;

/* Decode the header; returns 0 when the material is not RSA material of
 * this build (wrong magic or limb size). */
int pp_rsa_header_read(const uint8_t *material, pp_rsa_header *h);
/* Copy one field into dst (n_limbs or h_limbs limbs, see the layout). */
void pp_rsa_field_read(pp_limb *dst, const uint8_t *material, const pp_rsa_header *h,
                       pp_rsa_field field);
/* Byte offset of a field in the material (tests corrupt fields with it). */
size_t pp_rsa_field_offset(const pp_rsa_header *h, pp_rsa_field field);
/* Limb count of a field. */
size_t pp_rsa_field_limbs(const pp_rsa_header *h, pp_rsa_field field);

/* ---- key generation internals (rsa_keygen.c), exposed for the tests ---- */

/* Rounds of Miller-Rabin for a probable prime of `bits` bits (FIPS 186-5
 * Table B.1: 5 for 1024-bit primes, 4 for 1536 and 2048; 8 below 1024). */
unsigned pp_rsa_mr_rounds(size_t prime_bits);

/* One Miller-Rabin round (FIPS 186-5 B.3.1) on the odd candidate w (hl
 * limbs, exactly w_bits bits, w_bits >= 65) with the base derived from `random` (hl limbs, any value;
 * the base is random * R mod w). Returns all-ones when w passes (probably
 * prime), 0 when it is proved composite. Constant time in w and random:
 * the trailing zero count a of w - 1 is handled with masks over a fixed 64
 * squarings (a >= 64 counts as composite, probability 2^-63). kernel:
 * pp_bn_kernel_selected() (bignum.h). */
pp_limb pp_rsa_miller_rabin_round(const pp_limb *w, size_t w_bits, const pp_limb *random, size_t hl,
                                  pp_bn_kernel kernel);

/* x mod m for x of `limbs` limbs and 1 < m < 2^32, constant
 * time in x (Barrett reduction on 8-bit steps, no division instruction
 * on secret data). */
uint32_t pp_rsa_residue_u32(const pp_limb *x, size_t limbs, uint32_t m);

#endif /* PICOPSA_RSA_CORE_INTERNAL_H */
