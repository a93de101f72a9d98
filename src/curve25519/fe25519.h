/*
 * fe25519.h -- arithmetic in GF(p), p = 2^255 - 19 (RFC 7748 sec. 4.1,
 * RFC 8032 sec. 5.1), shared by Ed25519 (src/ed25519) and X25519
 * (src/x25519).
 *
 * Contract:
 *  - fe25519 is an unsigned, partially reduced limb vector: the value is
 *    sum(v[i] * 2^offset(i)) mod p and limbs may exceed their nominal width
 *    by a few bits between operations. Three representations, chosen by
 *    PICOPSA_ED25519_FIELD (picopsa/config.h):
 *      PICOPSA_FIELD_RADIX51: 5 limbs of 51 bits in uint64_t, products in
 *         unsigned __int128 (64-bit hosts);
 *      PICOPSA_FIELD_RADIX32 and _RADIX32_UMAAL: 8 limbs of 32 bits
 *         (radix 2^32), any 256-bit value, carries out of bit 256 folded
 *         back as 38; products by the UMAAL pattern, in C or (_UMAAL)
 *         as ARMv7E-M assembly;
 *      PICOPSA_FIELD_RADIX25: 10 limbs alternating 26/25 bits in
 *         uint32_t, products in uint64_t (ref10's radix 2^25.5), for cores
 *         whose 32x32->64 multiply-accumulate is weak.
 *  - Bounds for the 51 and 25.5 radices ("tight" = output of
 *    mul/sq/sub/frombytes, limbs at most a few units over their nominal
 *    width): add takes tight inputs (no carry); mul/sq accept operands that
 *    are the sum of up to two tight values; sub accepts a subtrahend that is
 *    a sum of up to four tight values and returns a tight result. Radix 2^32
 *    has no bounds: every operation takes and returns any 256-bit value.
 *  - Every function is constant time: no branch and no memory index depends
 *    on limb values. pp_fe25519_cmov/cswap use masks, never branches.
 *  - Outputs may alias inputs.
 *  - FE25519_CONST(w0,w1,w2,w3) builds a constant initialiser from the
 *    four little-endian 64-bit words of a canonical value (used by the
 *    generated ge25519_tables.h), so tables are representation-independent.
 */
#ifndef PICOPSA_FE25519_H
#define PICOPSA_FE25519_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <picopsa/config.h>

/* The radix-2^32 representation, with C or with UMAAL assembly products. */
#define PP_FE25519_RADIX32                                                        \
    (PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32 ||                            \
     PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL)

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51

typedef uint64_t fe25519_limb;
#define FE25519_LIMBS 5
typedef struct {
    fe25519_limb v[FE25519_LIMBS];
} fe25519;

#define FE25519_M51 ((((uint64_t)1) << 51) - 1u)
#define FE25519_CONST(w0, w1, w2, w3)                                             \
    {{((uint64_t)(w0)) & FE25519_M51,                                             \
      ((((uint64_t)(w0)) >> 51) | (((uint64_t)(w1)) << 13)) & FE25519_M51,        \
      ((((uint64_t)(w1)) >> 38) | (((uint64_t)(w2)) << 26)) & FE25519_M51,        \
      ((((uint64_t)(w2)) >> 25) | (((uint64_t)(w3)) << 39)) & FE25519_M51,        \
      (((uint64_t)(w3)) >> 12) & FE25519_M51}}

#elif PP_FE25519_RADIX32 /* radix 2^32 */

typedef uint32_t fe25519_limb;
#define FE25519_LIMBS 8
typedef struct {
    fe25519_limb v[FE25519_LIMBS];
} fe25519;

#define FE25519_CONST(w0, w1, w2, w3)                                             \
    {{(uint32_t)(w0), (uint32_t)(((uint64_t)(w0)) >> 32),                         \
      (uint32_t)(w1), (uint32_t)(((uint64_t)(w1)) >> 32),                         \
      (uint32_t)(w2), (uint32_t)(((uint64_t)(w2)) >> 32),                         \
      (uint32_t)(w3), (uint32_t)(((uint64_t)(w3)) >> 32)}}

#else /* radix 2^25.5 */

typedef uint32_t fe25519_limb;
#define FE25519_LIMBS 10
typedef struct {
    fe25519_limb v[FE25519_LIMBS];
} fe25519;

#define FE25519_M26 ((((uint64_t)1) << 26) - 1u)
#define FE25519_M25 ((((uint64_t)1) << 25) - 1u)
#define FE25519_CONST(w0, w1, w2, w3)                                             \
    {{(uint32_t)(((uint64_t)(w0)) & FE25519_M26),                                 \
      (uint32_t)((((uint64_t)(w0)) >> 26) & FE25519_M25),                         \
      (uint32_t)(((((uint64_t)(w0)) >> 51) | (((uint64_t)(w1)) << 13)) & FE25519_M26), \
      (uint32_t)((((uint64_t)(w1)) >> 13) & FE25519_M25),                         \
      (uint32_t)((((uint64_t)(w1)) >> 38) & FE25519_M26),                         \
      (uint32_t)(((uint64_t)(w2)) & FE25519_M25),                                 \
      (uint32_t)((((uint64_t)(w2)) >> 25) & FE25519_M26),                         \
      (uint32_t)(((((uint64_t)(w2)) >> 51) | (((uint64_t)(w3)) << 13)) & FE25519_M25), \
      (uint32_t)((((uint64_t)(w3)) >> 12) & FE25519_M26),                         \
      (uint32_t)((((uint64_t)(w3)) >> 38) & FE25519_M25)}}

#endif

/* h = 0, h = 1. */
void pp_fe25519_0(fe25519 *h);
void pp_fe25519_1(fe25519 *h);

/* The small operations are inline: they sit in every group formula and a
 * call would cost as much as the work. */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51

/* h = f + g (no carry: see the bounds above). */
static inline void pp_fe25519_add(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    h->v[0] = f->v[0] + g->v[0];
    h->v[1] = f->v[1] + g->v[1];
    h->v[2] = f->v[2] + g->v[2];
    h->v[3] = f->v[3] + g->v[3];
    h->v[4] = f->v[4] + g->v[4];
}

/* h = f - g, carried to tight limbs. f + 8p - g stays non-negative for a
 * subtrahend below 2^54 per limb (a sum of up to four tight values). */
static inline void pp_fe25519_sub(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint64_t h0 = f->v[0] + 0x3fffffffffff68u - g->v[0];
    uint64_t h1 = f->v[1] + 0x3ffffffffffff8u - g->v[1];
    uint64_t h2 = f->v[2] + 0x3ffffffffffff8u - g->v[2];
    uint64_t h3 = f->v[3] + 0x3ffffffffffff8u - g->v[3];
    uint64_t h4 = f->v[4] + 0x3ffffffffffff8u - g->v[4];
    h1 += h0 >> 51;
    h0 &= FE25519_M51;
    h2 += h1 >> 51;
    h1 &= FE25519_M51;
    h3 += h2 >> 51;
    h2 &= FE25519_M51;
    h4 += h3 >> 51;
    h3 &= FE25519_M51;
    h0 += 19u * (h4 >> 51);
    h4 &= FE25519_M51;
    h->v[0] = h0;
    h->v[1] = h1;
    h->v[2] = h2;
    h->v[3] = h3;
    h->v[4] = h4;
}

#elif PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL

/* Radix 2^32 on ARMv7E-M: out-of-line Thumb-2 functions in fe25519.c (LDM,
 * one ADDS/ADCS or SUBS/SBCS chain in registers, STM); they compute what the
 * portable radix-2^32 code below computes. Values are any 256-bit number; a
 * carry out of bit 256 re-enters as 38 (2^256 = 38 mod p), a borrow takes
 * 38 off. Aliasing h with f or g is fine. */
void pp_fe25519_add(fe25519 *h, const fe25519 *f, const fe25519 *g);
void pp_fe25519_sub(fe25519 *h, const fe25519 *f, const fe25519 *g);
/* s = f + g and d = f - g in one call (the X25519 ladder's three pairs;
 * Cortex-M4 only): one call and one register save instead of two. s must
 * not alias f or g (it is written before the difference reads them); d
 * may. Built with PSA_WANT_ECC_MONTGOMERY_255 only. */
void pp_fe25519_addsub(fe25519 *s, fe25519 *d, const fe25519 *f, const fe25519 *g);

#elif PP_FE25519_RADIX32

/* Radix 2^32: values are any 256-bit number (not reduced below p); a carry
 * out of bit 256 re-enters as 38 (2^256 = 38 mod p). */
static inline void pp_fe25519_add(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[8];
    uint64_t c = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        c += (uint64_t)f->v[i] + g->v[i];
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    c *= 38u;
    for (i = 0; i < 8; i++) {
        c += t[i];
        h->v[i] = (uint32_t)c;
        c >>= 32;
    }
    /* A second carry means the sum wrapped to below 38: no third one. */
    h->v[0] += 38u * (uint32_t)c;
}

static inline void pp_fe25519_sub(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[8];
    uint64_t d;
    uint32_t borrow = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        d = (uint64_t)f->v[i] - g->v[i] - borrow;
        t[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    /* A borrow left t = f - g + 2^256 = f - g + 38 (mod p): take 38 off. */
    borrow *= 38u;
    for (i = 0; i < 8; i++) {
        d = (uint64_t)t[i] - borrow;
        h->v[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    /* Borrowing again means t < 38, so h[0] >= 2^32 - 76: no third borrow. */
    h->v[0] -= 38u * borrow;
}

#else

static inline void pp_fe25519_add(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    unsigned i;
    for (i = 0; i < 10; i++) {
        h->v[i] = f->v[i] + g->v[i];
    }
}

/* f + 8p - g, then one carry pass; the limbs of 8p are 8 (2^26 - 19) for
 * limb 0, then 8 (2^25 - 1) (odd) and 8 (2^26 - 1) (even). */
static inline void pp_fe25519_sub(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t0 = f->v[0] + 0x1fffff68u - g->v[0], t1 = f->v[1] + 0xffffff8u - g->v[1];
    uint32_t t2 = f->v[2] + 0x1ffffff8u - g->v[2], t3 = f->v[3] + 0xffffff8u - g->v[3];
    uint32_t t4 = f->v[4] + 0x1ffffff8u - g->v[4], t5 = f->v[5] + 0xffffff8u - g->v[5];
    uint32_t t6 = f->v[6] + 0x1ffffff8u - g->v[6], t7 = f->v[7] + 0xffffff8u - g->v[7];
    uint32_t t8 = f->v[8] + 0x1ffffff8u - g->v[8], t9 = f->v[9] + 0xffffff8u - g->v[9];
    t1 += t0 >> 26;
    h->v[0] = t0 & 0x3ffffffu;
    t2 += t1 >> 25;
    h->v[1] = t1 & 0x1ffffffu;
    t3 += t2 >> 26;
    h->v[2] = t2 & 0x3ffffffu;
    t4 += t3 >> 25;
    h->v[3] = t3 & 0x1ffffffu;
    t5 += t4 >> 26;
    h->v[4] = t4 & 0x3ffffffu;
    t6 += t5 >> 25;
    h->v[5] = t5 & 0x1ffffffu;
    t7 += t6 >> 26;
    h->v[6] = t6 & 0x3ffffffu;
    t8 += t7 >> 25;
    h->v[7] = t7 & 0x1ffffffu;
    t9 += t8 >> 26;
    h->v[8] = t8 & 0x3ffffffu;
    h->v[9] = t9 & 0x1ffffffu;
    h->v[0] += 19u * (t9 >> 25);
}

#endif

/* h = f when move == 1, unchanged when move == 0 (move must be 0 or 1).
 * Out of line (fe25519.c): only point decoding and negation use it. */
void pp_fe25519_cmov(fe25519 *h, const fe25519 *f, uint32_t move);

/* Swap f and g when swap == 1, leave them when swap == 0 (0 or 1). */
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX32_UMAAL
/* Thumb-2 in fe25519.c: four words of each by LDM, EOR/AND/EOR/EOR, STM;
 * 92 cycles instead of 140 for the C loop below at -Os. */
void pp_fe25519_cswap(fe25519 *f, fe25519 *g, uint32_t swap);
#else
static inline void pp_fe25519_cswap(fe25519 *f, fe25519 *g, uint32_t swap)
{
    const fe25519_limb mask = (fe25519_limb)0 - (fe25519_limb)swap;
    unsigned i;
    for (i = 0; i < FE25519_LIMBS; i++) {
        const fe25519_limb x = mask & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}
#endif

/* h = f * c for a small constant c < 2^17 (the X25519 ladder's a24 =
 * 121665, RFC 7748 sec. 5), tight; one carry pass instead of a full
 * product. Built with PSA_WANT_ECC_MONTGOMERY_255 only. */
void pp_fe25519_mul_small(fe25519 *h, const fe25519 *f, uint32_t c);
/* h = g + f * c for c < 2^17 (the ladder's AA + a24 E) in one pass: on
 * Cortex-M4 (_RADIX32_UMAAL) one UMAAL per word with g as the addend and
 * one fold of the carry as 38; elsewhere pp_fe25519_mul_small then add.
 * Built with PSA_WANT_ECC_MONTGOMERY_255 only; h may alias f or g. */
void pp_fe25519_mul_small_add(fe25519 *h, const fe25519 *f, uint32_t c, const fe25519 *g);

/* h = -f, tight (fe25519.c, out of line like pp_fe25519_cmov). */
void pp_fe25519_neg(fe25519 *h, const fe25519 *f);
/* h = f * g, h = f^2, h = f^(2^n) (n >= 1); all tight. */
void pp_fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g);
void pp_fe25519_sq(fe25519 *h, const fe25519 *f);
void pp_fe25519_sq_n(fe25519 *h, const fe25519 *f, unsigned n);
/* h = 1/f = f^(p-2) (0 maps to 0). Fixed addition chain: constant time. */
void pp_fe25519_invert(fe25519 *h, const fe25519 *f);
#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
/* h = 1/f (0 maps to 0) by Bernstein-Yang safegcd (fe25519_invert.c):
 * _safegcd runs a fixed 590 divsteps without branches (constant time);
 * _vartime branches on f and stops early: VARIABLE TIME, public f only. */
void pp_fe25519_invert_safegcd(fe25519 *h, const fe25519 *f);
void pp_fe25519_invert_vartime(fe25519 *h, const fe25519 *f);
#endif
/* h = f^((p-5)/8) = f^(2^252-3), the core of the square root of RFC 8032
 * 5.1.3 step 3. */
void pp_fe25519_pow22523(fe25519 *h, const fe25519 *f);
/* 32-byte little-endian canonical encoding (value fully reduced mod p). */
void pp_fe25519_tobytes(uint8_t s[32], const fe25519 *f);
/* Decode 32 bytes, ignoring bit 255 (RFC 8032 5.1.3 step 1 takes it as the
 * x sign). Values in [p, 2^255) are accepted and reduced: callers that need
 * canonical input check with pp_fe25519_bytes_are_canonical(). */
void pp_fe25519_frombytes(fe25519 *h, const uint8_t s[32]);
/* 1 when the low 255 bits of s encode a value < p, else 0. */
int pp_fe25519_bytes_are_canonical(const uint8_t s[32]);
/* 1 when f == 0 mod p, else 0. */
int pp_fe25519_iszero(const fe25519 *f);
/* Least significant bit of the canonical value ("negative" in RFC 8032). */
int pp_fe25519_isnegative(const fe25519 *f);

#endif /* PICOPSA_FE25519_H */
