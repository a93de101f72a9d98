/*
 * fe25519.c -- GF(2^255 - 19) arithmetic (see fe25519.h for the contract).
 *
 * Both representations share the generic limb code (add, sub, carry,
 * encoding); only mul and sq are specialised. Reduction uses
 * 2^255 = 19 (mod p): a product limb that lands at or above 2^255 is
 * folded back multiplied by 19 (Bernstein, "Curve25519", sec. 4).
 */
#include "ed25519/fe25519.h"

#include <string.h>

#include "common/pp_util.h"

#if PICOPSA_ED25519_FE51

#define FE_LIMBS 5
typedef uint64_t fe_limb;
#define FE_WIDTH(i) 51u
__extension__ typedef unsigned __int128 fe_wide;

#else

#define FE_LIMBS 10
typedef uint32_t fe_limb;
/* Even limbs carry 26 bits, odd limbs 25 (offsets ceil(25.5 * i)). */
#define FE_WIDTH(i) (26u - ((unsigned)(i) & 1u))
typedef uint64_t fe_wide;

#endif

#define FE_MASK(i) ((fe_limb)((((fe_wide)1) << FE_WIDTH(i)) - 1u))

void fe25519_0(fe25519 *h)
{
    memset(h, 0, sizeof(*h));
}

void fe25519_1(fe25519 *h)
{
    memset(h, 0, sizeof(*h));
    h->v[0] = 1;
}

/* One carry pass over wide accumulators: every limb back to its width,
 * the carry out of the top limb folded into limb 0 times 19, and one more
 * step into limb 1 so that limb 0 is tight too. */
static void fe_carry_wide(fe25519 *h, fe_wide *t)
{
    unsigned i;
    fe_wide c;
    for (i = 0; i + 1 < FE_LIMBS; i++) {
        c = t[i] >> FE_WIDTH(i);
        t[i] &= FE_MASK(i);
        t[i + 1] += c;
    }
    c = t[FE_LIMBS - 1] >> FE_WIDTH(FE_LIMBS - 1);
    t[FE_LIMBS - 1] &= FE_MASK(FE_LIMBS - 1);
    t[0] += c * 19u;
    c = t[0] >> FE_WIDTH(0);
    t[0] &= FE_MASK(0);
    t[1] += c;
    for (i = 0; i < FE_LIMBS; i++) {
        h->v[i] = (fe_limb)t[i];
    }
}

void fe25519_neg(fe25519 *h, const fe25519 *f)
{
    fe25519 zero;
    fe25519_0(&zero);
    fe25519_sub(h, &zero, f);
}

#if PICOPSA_ED25519_FE51

#define M(a, b) ((fe_wide)(a) * (b))

/* Carry the five 128-bit column sums of a product back to 51-bit limbs;
 * the carry out of the top limb re-enters limb 0 times 19 (2^255 = 19). */
static inline void carry_product(fe25519 *h, fe_wide t0, fe_wide t1, fe_wide t2, fe_wide t3,
                                 fe_wide t4)
{
    uint64_t h0, h1, h2, h3, h4;
    t1 += (uint64_t)(t0 >> 51);
    h0 = (uint64_t)t0 & FE25519_M51;
    t2 += (uint64_t)(t1 >> 51);
    h1 = (uint64_t)t1 & FE25519_M51;
    t3 += (uint64_t)(t2 >> 51);
    h2 = (uint64_t)t2 & FE25519_M51;
    t4 += (uint64_t)(t3 >> 51);
    h3 = (uint64_t)t3 & FE25519_M51;
    h0 += 19u * (uint64_t)(t4 >> 51);
    h4 = (uint64_t)t4 & FE25519_M51;
    h1 += h0 >> 51;
    h0 &= FE25519_M51;
    h->v[0] = h0;
    h->v[1] = h1;
    h->v[2] = h2;
    h->v[3] = h3;
    h->v[4] = h4;
}

void fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    const uint64_t g1_19 = 19u * g1, g2_19 = 19u * g2, g3_19 = 19u * g3, g4_19 = 19u * g4;

    carry_product(h,
                  M(f0, g0) + M(f1, g4_19) + M(f2, g3_19) + M(f3, g2_19) + M(f4, g1_19),
                  M(f0, g1) + M(f1, g0) + M(f2, g4_19) + M(f3, g3_19) + M(f4, g2_19),
                  M(f0, g2) + M(f1, g1) + M(f2, g0) + M(f3, g4_19) + M(f4, g3_19),
                  M(f0, g3) + M(f1, g2) + M(f2, g1) + M(f3, g0) + M(f4, g4_19),
                  M(f0, g4) + M(f1, g3) + M(f2, g2) + M(f3, g1) + M(f4, g0));
}

void fe25519_sq(fe25519 *h, const fe25519 *f)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t f0_2 = 2u * f0, f1_2 = 2u * f1;
    const uint64_t f3_19 = 19u * f3, f4_19 = 19u * f4;

    carry_product(h,
                  M(f0, f0) + M(f1_2, f4_19) + M(2u * f2, f3_19),
                  M(f0_2, f1) + M(2u * f2, f4_19) + M(f3, f3_19),
                  M(f0_2, f2) + M(f1, f1) + M(2u * f3, f4_19),
                  M(f0_2, f3) + M(f1_2, f2) + M(f4, f4_19),
                  M(f0_2, f4) + M(f1_2, f3) + M(f2, f2));
}

#else /* radix 2^25.5: 10 x 10 products, odd x odd limbs doubled */

#define M(a, b) ((uint64_t)(a) * (b))

void fe25519_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    const uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
    const uint32_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    const uint32_t g5 = g->v[5], g6 = g->v[6], g7 = g->v[7], g8 = g->v[8], g9 = g->v[9];
    const uint32_t f1_2 = 2u * f1, f3_2 = 2u * f3, f5_2 = 2u * f5, f7_2 = 2u * f7, f9_2 = 2u * f9;
    const uint32_t g1_19 = 19u * g1, g2_19 = 19u * g2, g3_19 = 19u * g3, g4_19 = 19u * g4;
    const uint32_t g5_19 = 19u * g5, g6_19 = 19u * g6, g7_19 = 19u * g7, g8_19 = 19u * g8;
    const uint32_t g9_19 = 19u * g9;
    uint64_t t[10];

    t[0] = M(f0, g0) + M(f1_2, g9_19) + M(f2, g8_19) + M(f3_2, g7_19) + M(f4, g6_19) +
           M(f5_2, g5_19) + M(f6, g4_19) + M(f7_2, g3_19) + M(f8, g2_19) + M(f9_2, g1_19);
    t[1] = M(f0, g1) + M(f1, g0) + M(f2, g9_19) + M(f3, g8_19) + M(f4, g7_19) +
           M(f5, g6_19) + M(f6, g5_19) + M(f7, g4_19) + M(f8, g3_19) + M(f9, g2_19);
    t[2] = M(f0, g2) + M(f1_2, g1) + M(f2, g0) + M(f3_2, g9_19) + M(f4, g8_19) +
           M(f5_2, g7_19) + M(f6, g6_19) + M(f7_2, g5_19) + M(f8, g4_19) + M(f9_2, g3_19);
    t[3] = M(f0, g3) + M(f1, g2) + M(f2, g1) + M(f3, g0) + M(f4, g9_19) +
           M(f5, g8_19) + M(f6, g7_19) + M(f7, g6_19) + M(f8, g5_19) + M(f9, g4_19);
    t[4] = M(f0, g4) + M(f1_2, g3) + M(f2, g2) + M(f3_2, g1) + M(f4, g0) +
           M(f5_2, g9_19) + M(f6, g8_19) + M(f7_2, g7_19) + M(f8, g6_19) + M(f9_2, g5_19);
    t[5] = M(f0, g5) + M(f1, g4) + M(f2, g3) + M(f3, g2) + M(f4, g1) +
           M(f5, g0) + M(f6, g9_19) + M(f7, g8_19) + M(f8, g7_19) + M(f9, g6_19);
    t[6] = M(f0, g6) + M(f1_2, g5) + M(f2, g4) + M(f3_2, g3) + M(f4, g2) +
           M(f5_2, g1) + M(f6, g0) + M(f7_2, g9_19) + M(f8, g8_19) + M(f9_2, g7_19);
    t[7] = M(f0, g7) + M(f1, g6) + M(f2, g5) + M(f3, g4) + M(f4, g3) +
           M(f5, g2) + M(f6, g1) + M(f7, g0) + M(f8, g9_19) + M(f9, g8_19);
    t[8] = M(f0, g8) + M(f1_2, g7) + M(f2, g6) + M(f3_2, g5) + M(f4, g4) +
           M(f5_2, g3) + M(f6, g2) + M(f7_2, g1) + M(f8, g0) + M(f9_2, g9_19);
    t[9] = M(f0, g9) + M(f1, g8) + M(f2, g7) + M(f3, g6) + M(f4, g5) +
           M(f5, g4) + M(f6, g3) + M(f7, g2) + M(f8, g1) + M(f9, g0);
    fe_carry_wide(h, t);
}

void fe25519_sq(fe25519 *h, const fe25519 *f)
{
    const uint32_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint32_t f5 = f->v[5], f6 = f->v[6], f7 = f->v[7], f8 = f->v[8], f9 = f->v[9];
    const uint32_t f0_2 = 2u * f0, f1_2 = 2u * f1, f2_2 = 2u * f2, f3_2 = 2u * f3, f4_2 = 2u * f4;
    const uint32_t f5_2 = 2u * f5, f6_2 = 2u * f6, f7_2 = 2u * f7, f8_2 = 2u * f8, f9_2 = 2u * f9;
    const uint32_t f5_19 = 19u * f5, f6_19 = 19u * f6, f7_19 = 19u * f7, f8_19 = 19u * f8;
    const uint32_t f9_19 = 19u * f9;
    uint64_t t[10];

    /* Cross terms f_i f_j (i < j) appear twice; odd x odd pairs once more. */
    t[0] = M(f0, f0) + (M(f1_2, f9_19) << 1) + M(f2_2, f8_19) + (M(f3_2, f7_19) << 1) +
           M(f4_2, f6_19) + M(f5_2, f5_19);
    t[1] = M(f0_2, f1) + M(f2_2, f9_19) + M(f3_2, f8_19) + M(f4_2, f7_19) + M(f5_2, f6_19);
    t[2] = M(f0_2, f2) + M(f1_2, f1) + (M(f3_2, f9_19) << 1) + M(f4_2, f8_19) +
           (M(f5_2, f7_19) << 1) + M(f6, f6_19);
    t[3] = M(f0_2, f3) + M(f1_2, f2) + M(f4_2, f9_19) + M(f5_2, f8_19) + M(f6_2, f7_19);
    t[4] = M(f0_2, f4) + (M(f1_2, f3) << 1) + M(f2, f2) + (M(f5_2, f9_19) << 1) +
           M(f6_2, f8_19) + M(f7_2, f7_19);
    t[5] = M(f0_2, f5) + M(f1_2, f4) + M(f2_2, f3) + M(f6_2, f9_19) + M(f7_2, f8_19);
    t[6] = M(f0_2, f6) + (M(f1_2, f5) << 1) + M(f2_2, f4) + M(f3_2, f3) +
           (M(f7_2, f9_19) << 1) + M(f8, f8_19);
    t[7] = M(f0_2, f7) + M(f1_2, f6) + M(f2_2, f5) + M(f3_2, f4) + M(f8_2, f9_19);
    t[8] = M(f0_2, f8) + (M(f1_2, f7) << 1) + M(f2_2, f6) + (M(f3_2, f5) << 1) +
           M(f4, f4) + M(f9_2, f9_19);
    t[9] = M(f0_2, f9) + M(f1_2, f8) + M(f2_2, f7) + M(f3_2, f6) + M(f4_2, f5);
    fe_carry_wide(h, t);
}

#endif

#undef M

void fe25519_sq_n(fe25519 *h, const fe25519 *f, unsigned n)
{
    fe25519_sq(h, f);
    while (--n > 0) {
        fe25519_sq(h, h);
    }
}

/* z^(2^250 - 1) and z^11, the common prefix of the two exponentiations
 * below (the addition chain of Bernstein et al., "High-speed high-security
 * signatures", sec. 5). */
static void fe_pow_2_250_1(fe25519 *z_250_0, fe25519 *z11, const fe25519 *z)
{
    fe25519 t, z9, z_5_0, z_10_0, z_20_0, z_50_0, z_100_0;

    fe25519_sq(&t, z);                 /* 2 */
    fe25519_sq_n(&z9, &t, 2);          /* 8 */
    fe25519_mul(&z9, &z9, z);          /* 9 */
    fe25519_mul(z11, &z9, &t);         /* 11 */
    fe25519_sq(&t, z11);               /* 22 */
    fe25519_mul(&z_5_0, &t, &z9);      /* 2^5 - 1 */
    fe25519_sq_n(&t, &z_5_0, 5);
    fe25519_mul(&z_10_0, &t, &z_5_0);  /* 2^10 - 1 */
    fe25519_sq_n(&t, &z_10_0, 10);
    fe25519_mul(&z_20_0, &t, &z_10_0); /* 2^20 - 1 */
    fe25519_sq_n(&t, &z_20_0, 20);
    fe25519_mul(&t, &t, &z_20_0);      /* 2^40 - 1 */
    fe25519_sq_n(&t, &t, 10);
    fe25519_mul(&z_50_0, &t, &z_10_0); /* 2^50 - 1 */
    fe25519_sq_n(&t, &z_50_0, 50);
    fe25519_mul(&z_100_0, &t, &z_50_0); /* 2^100 - 1 */
    fe25519_sq_n(&t, &z_100_0, 100);
    fe25519_mul(&t, &t, &z_100_0);     /* 2^200 - 1 */
    fe25519_sq_n(&t, &t, 50);
    fe25519_mul(z_250_0, &t, &z_50_0); /* 2^250 - 1 */
}

void fe25519_invert(fe25519 *h, const fe25519 *f)
{
    fe25519 t, z11;
    fe_pow_2_250_1(&t, &z11, f);
    fe25519_sq_n(&t, &t, 5);           /* 2^255 - 32 */
    fe25519_mul(h, &t, &z11);          /* 2^255 - 21 = p - 2 */
}

void fe25519_pow22523(fe25519 *h, const fe25519 *f)
{
    fe25519 t, z11;
    fe_pow_2_250_1(&t, &z11, f);
    fe25519_sq_n(&t, &t, 2);           /* 2^252 - 4 */
    fe25519_mul(h, &t, f);             /* 2^252 - 3 */
}

/* Fully reduce into [0, p): carry, then subtract p exactly when
 * value + 19 >= 2^255 (q below), without a branch. */
static void fe_reduce(fe_limb r[FE_LIMBS], const fe25519 *f)
{
    fe_wide t[FE_LIMBS];
    fe25519 c;
    fe_limb q;
    unsigned i;

    for (i = 0; i < FE_LIMBS; i++) {
        t[i] = f->v[i];
    }
    fe_carry_wide(&c, t);
    q = (fe_limb)((c.v[0] + 19u) >> FE_WIDTH(0));
    for (i = 1; i < FE_LIMBS; i++) {
        q = (fe_limb)((c.v[i] + q) >> FE_WIDTH(i));
    }
    c.v[0] += (fe_limb)(19u * q);
    for (i = 0; i + 1 < FE_LIMBS; i++) {
        c.v[i + 1] += c.v[i] >> FE_WIDTH(i);
        c.v[i] &= FE_MASK(i);
    }
    c.v[FE_LIMBS - 1] &= FE_MASK(FE_LIMBS - 1); /* drops the 2^255 of p */
    for (i = 0; i < FE_LIMBS; i++) {
        r[i] = c.v[i];
    }
}

void fe25519_tobytes(uint8_t s[32], const fe25519 *f)
{
    fe_limb r[FE_LIMBS];
    uint64_t acc = 0;
    unsigned bits = 0, i;
    size_t out = 0;

    fe_reduce(r, f);
    for (i = 0; i < FE_LIMBS; i++) {
        acc |= (uint64_t)r[i] << bits;
        bits += FE_WIDTH(i);
        while (bits >= 8u) {
            s[out++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8u;
        }
    }
    s[31] = (uint8_t)acc; /* the last 7 bits; bit 255 is 0 */
}

void fe25519_frombytes(fe25519 *h, const uint8_t s[32])
{
    /* Limb i holds bits [offset, offset + width): every limb fits in one
     * 32-bit (10 limbs) or 64-bit (5 limbs) window starting at byte
     * offset/8, except the last 51-bit limb, read from its top-aligned word. */
    unsigned i, offset = 0;
    for (i = 0; i < FE_LIMBS; i++) {
#if PICOPSA_ED25519_FE51
        unsigned byte = offset / 8u;
        unsigned shift = offset % 8u;
        if (byte > 24u) { /* only the last limb: offset 204 */
            shift += (byte - 24u) * 8u;
            byte = 24u;
        }
        h->v[i] = (pp_load_le64(s + byte) >> shift) & FE_MASK(i);
#else
        h->v[i] = (pp_load_le32(s + offset / 8u) >> (offset % 8u)) & FE_MASK(i);
#endif
        offset += FE_WIDTH(i);
    }
}

int fe25519_bytes_are_canonical(const uint8_t s[32])
{
    /* Non-canonical means 2^255 - 19 <= value < 2^255: bytes 1..30 all
     * 0xff, byte 31 (without bit 7) 0x7f and byte 0 >= 0xed. */
    uint32_t high_all_ones = (uint32_t)((s[31] & 0x7fu) ^ 0x7fu);
    unsigned i;
    for (i = 1; i < 31; i++) {
        high_all_ones |= (uint32_t)(s[i] ^ 0xffu);
    }
    return (int)(1u & ~(pp_ct_mask_zero_u32(high_all_ones) &
                        ~pp_ct_mask_lt_u32((uint32_t)s[0], 0xedu)));
}

int fe25519_iszero(const fe25519 *f)
{
    uint8_t s[32];
    uint32_t acc = 0;
    unsigned i;
    fe25519_tobytes(s, f);
    for (i = 0; i < 32; i++) {
        acc |= s[i];
    }
    return (int)(1u & pp_ct_mask_zero_u32(acc));
}

int fe25519_isnegative(const fe25519 *f)
{
    uint8_t s[32];
    fe25519_tobytes(s, f);
    return s[0] & 1;
}
