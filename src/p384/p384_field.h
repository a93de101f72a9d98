/*
 * p384_field.h -- arithmetic modulo the P-384 prime
 * p = 2^384 - 2^128 - 2^96 + 2^32 - 1 (field elements) and modulo the
 * group order n (scalars), FIPS 186-5 / SP 800-186 3.2.1.4.
 *
 * Representation: 384-bit little-endian limb vectors, PICOPSA_P384_LIMB_BITS
 * 64 (unsigned __int128 products, hosts: 6 limbs) or 32 (uint64_t
 * products, MCUs: 12 limbs). Field elements (pp_p384_fe) live in the
 * Montgomery domain, a*2^384 mod p, fully reduced (< p). Multiplication is
 * word-serial Montgomery (CIOS); p's form gives -p^-1 = 1 mod 2^32 and
 * 2^32 + 1 mod 2^64, so the quotient digit costs a shift and an add.
 * Scalars (pp_p384_sc) are plain integers < n.
 *
 * Contract: every function here is constant time in the values of its
 * operands (fixed loops, no data-dependent branches or indices; the final
 * conditional subtraction is a mask through pp_ct_barrier). Outputs may
 * alias inputs. Only pp_p384_fe_from_bytes / pp_p384_sc_from_bytes return
 * a range verdict, as a mask the caller may declassify.
 */
#ifndef PICOPSA_P384_FIELD_H
#define PICOPSA_P384_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include <picopsa/config.h>

#if PICOPSA_P384_LIMB_BITS == 64
__extension__ typedef unsigned __int128 pp_p384_dlimb;
typedef uint64_t pp_p384_limb;
#define PP_P384_LIMBS 6
/* One 64-bit word of a constant (hi, lo 32-bit halves). */
#define PP_P384_L(hi, lo) ((((uint64_t)(hi)) << 32) | (uint64_t)(lo))
#else
typedef uint64_t pp_p384_dlimb;
typedef uint32_t pp_p384_limb;
#define PP_P384_LIMBS 12
#define PP_P384_L(hi, lo) (uint32_t)(lo), (uint32_t)(hi)
#endif

typedef struct {
    pp_p384_limb v[PP_P384_LIMBS];
} pp_p384_fe;

typedef pp_p384_fe pp_p384_sc;

/* ---- field, Montgomery domain ---- */
extern const pp_p384_fe pp_p384_fe_one;   /* 2^384 mod p: 1 in the domain */
void pp_p384_fe_mul(pp_p384_fe *r, const pp_p384_fe *a, const pp_p384_fe *b);
void pp_p384_fe_sqr(pp_p384_fe *r, const pp_p384_fe *a);
void pp_p384_fe_add(pp_p384_fe *r, const pp_p384_fe *a, const pp_p384_fe *b);
void pp_p384_fe_sub(pp_p384_fe *r, const pp_p384_fe *a, const pp_p384_fe *b);
/* r = a^-1 (a^(p-2), Fermat; 0 maps to 0). */
void pp_p384_fe_inv(pp_p384_fe *r, const pp_p384_fe *a);
/* 48 big-endian bytes -> domain. Returns all-ones when the value is < p
 * (r is then valid), 0 otherwise (r = the value mod p, converted). */
uint32_t pp_p384_fe_from_bytes(pp_p384_fe *r, const uint8_t in[48]);
/* domain -> 48 big-endian bytes of the canonical value. */
void pp_p384_fe_to_bytes(uint8_t out[48], const pp_p384_fe *a);
/* All-ones when a == 0 / a == b, else 0. */
uint32_t pp_p384_fe_is_zero(const pp_p384_fe *a);
uint32_t pp_p384_fe_eq(const pp_p384_fe *a, const pp_p384_fe *b);
/* r = mask ? a : r (mask all-ones or 0). */
void pp_p384_fe_cmov(pp_p384_fe *r, const pp_p384_fe *a, uint32_t mask);

/* ---- scalars mod n, plain integers ---- */
/* 48 big-endian bytes; all-ones when 1 <= value < n, else 0. */
uint32_t pp_p384_sc_from_bytes(pp_p384_sc *r, const uint8_t in[48]);
/* bits2int(in) mod n for any length (SEC 1 4.1.3 step 5, RFC 6979
 * 2.3.2/2.3.4, FIPS 186-5 6.4.1 step 4): the leftmost 384 bits of in
 * (all of a shorter hash), reduced mod n. */
void pp_p384_sc_from_hash(pp_p384_sc *r, const uint8_t *in, size_t len);
void pp_p384_sc_to_bytes(uint8_t out[48], const pp_p384_sc *a);
void pp_p384_sc_mul(pp_p384_sc *r, const pp_p384_sc *a, const pp_p384_sc *b);
void pp_p384_sc_add(pp_p384_sc *r, const pp_p384_sc *a, const pp_p384_sc *b);
/* r = a^-1 mod n (a^(n-2), public exponent); a != 0. */
void pp_p384_sc_inv(pp_p384_sc *r, const pp_p384_sc *a);
/* r = x mod n for the canonical 48 big-endian bytes of a field element
 * (x < p < 2n). */
void pp_p384_sc_from_fe_bytes(pp_p384_sc *r, const uint8_t x[48]);
/* Bit i (0..383) of a scalar (i public). */
static inline uint32_t pp_p384_sc_bit(const pp_p384_sc *a, unsigned i)
{
    return (uint32_t)(a->v[i / PICOPSA_P384_LIMB_BITS] >> (i % PICOPSA_P384_LIMB_BITS)) & 1u;
}

#endif /* PICOPSA_P384_FIELD_H */
