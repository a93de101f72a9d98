/*
 * p256_point.c -- P-256 group law and scalar multiplication (contract in
 * p256_point.h).
 *
 * Addition and doubling are the complete projective formulas of Renes,
 * Costello and Batina, "Complete addition formulas for prime order
 * elliptic curves" (EUROCRYPT 2016), algorithm 4 (12M + 2 m_b) and
 * algorithm 6 (8M + 3S + 2 m_b) for a = -3, written out step by step.
 *
 * Fixed base (key generation, signing): one Lim-Lee comb of
 * h = PICOPSA_P256_COMB_TEETH teeth and spacing s = ceil(256/h)
 * (p256_tables.h): s doublings and s additions, each addition of a table
 * entry selected by a full scan with masks. Variable base (ECDH): signed
 * 4-bit digits in [-8, 8] (Booth recoding without a branch) over a table
 * of 0..8 P, 4 doublings and one masked-scan addition (with a masked
 * negation) per digit: half the table, and stack, of unsigned windows.
 * Verification: u2*Q by the same signed digits and u1*G by the comb share
 * one chain of 256 doublings; zero digits are skipped (public scalars).
 */
#include <string.h>

#include "common/pp_util.h"
#include "p256/p256_point.h"
#include "p256/p256_tables.h"

#if PSA_WANT_ECC_SECP_R1_256

#if PICOPSA_P256_COMB_TEETH < 4 || PICOPSA_P256_COMB_TEETH > 8
#error "PICOPSA_P256_COMB_TEETH must be 4..8"
#endif

#define COMB_ENTRIES ((1u << PICOPSA_P256_COMB_TEETH) - 1u)
#define fe_mul pp_p256_fe_mul
#define fe_add pp_p256_fe_add
#define fe_sub pp_p256_fe_sub

void pp_p256_point_add(pp_p256_point *r, const pp_p256_point *p, const pp_p256_point *q)
{
    pp_p256_fe t0, t1, t2, t3, t4, x3, y3, z3;
    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    fe_mul(&t2, &p->z, &q->z);
    fe_add(&t3, &p->x, &p->y);
    fe_add(&t4, &q->x, &q->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);
    fe_add(&t4, &p->y, &p->z);
    fe_add(&x3, &q->y, &q->z);
    fe_mul(&t4, &t4, &x3);
    fe_add(&x3, &t1, &t2);
    fe_sub(&t4, &t4, &x3);
    fe_add(&x3, &p->x, &p->z);
    fe_add(&y3, &q->x, &q->z);
    fe_mul(&x3, &x3, &y3);
    fe_add(&y3, &t0, &t2);
    fe_sub(&y3, &x3, &y3);
    fe_mul(&z3, &p256_b_mont, &t2);
    fe_sub(&x3, &y3, &z3);
    fe_add(&z3, &x3, &x3);
    fe_add(&x3, &x3, &z3);
    fe_sub(&z3, &t1, &x3);
    fe_add(&x3, &t1, &x3);
    fe_mul(&y3, &p256_b_mont, &y3);
    fe_add(&t1, &t2, &t2);
    fe_add(&t2, &t1, &t2);
    fe_sub(&y3, &y3, &t2);
    fe_sub(&y3, &y3, &t0);
    fe_add(&t1, &y3, &y3);
    fe_add(&y3, &t1, &y3);
    fe_add(&t1, &t0, &t0);
    fe_add(&t0, &t1, &t0);
    fe_sub(&t0, &t0, &t2);
    fe_mul(&t1, &t4, &y3);
    fe_mul(&t2, &t0, &y3);
    fe_mul(&y3, &x3, &z3);
    fe_add(&y3, &y3, &t2);
    fe_mul(&x3, &t3, &x3);
    fe_sub(&x3, &x3, &t1);
    fe_mul(&z3, &t4, &z3);
    fe_mul(&t1, &t3, &t0);
    fe_add(&z3, &z3, &t1);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

void pp_p256_point_dbl(pp_p256_point *r, const pp_p256_point *p)
{
    pp_p256_fe t0, t1, t2, t3, x3, y3, z3;
    pp_p256_fe_sqr(&t0, &p->x);
    pp_p256_fe_sqr(&t1, &p->y);
    pp_p256_fe_sqr(&t2, &p->z);
    fe_mul(&t3, &p->x, &p->y);
    fe_add(&t3, &t3, &t3);
    fe_mul(&z3, &p->x, &p->z);
    fe_add(&z3, &z3, &z3);
    fe_mul(&y3, &p256_b_mont, &t2);
    fe_sub(&y3, &y3, &z3);
    fe_add(&x3, &y3, &y3);
    fe_add(&y3, &x3, &y3);
    fe_sub(&x3, &t1, &y3);
    fe_add(&y3, &t1, &y3);
    fe_mul(&y3, &x3, &y3);
    fe_mul(&x3, &x3, &t3);
    fe_add(&t3, &t2, &t2);
    fe_add(&t2, &t2, &t3);
    fe_mul(&z3, &p256_b_mont, &z3);
    fe_sub(&z3, &z3, &t2);
    fe_sub(&z3, &z3, &t0);
    fe_add(&t3, &z3, &z3);
    fe_add(&z3, &z3, &t3);
    fe_add(&t3, &t0, &t0);
    fe_add(&t0, &t3, &t0);
    fe_sub(&t0, &t0, &t2);
    fe_mul(&t0, &t0, &z3);
    fe_add(&y3, &y3, &t0);
    fe_mul(&t0, &p->y, &p->z);
    fe_add(&t0, &t0, &t0);
    fe_mul(&z3, &t0, &z3);
    fe_sub(&x3, &x3, &z3);
    fe_mul(&z3, &t0, &t1);
    fe_add(&z3, &z3, &z3);
    fe_add(&z3, &z3, &z3);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

static void set_identity(pp_p256_point *r)
{
    memset(r, 0, sizeof(*r));
    r->y = pp_p256_fe_one;
}

/* Comb digit of column i: bits i, i + s, i + 2s, ... of k (i public). */
static uint32_t comb_digit(const pp_p256_sc *k, unsigned i)
{
    uint32_t d = 0;
    unsigned t;
    for (t = 0; t < PICOPSA_P256_COMB_TEETH; t++) {
        unsigned pos = i + t * P256_COMB_SPACING;
        if (pos < 256u) {   /* public: the position, not the bit */
            d |= pp_p256_sc_bit(k, pos) << t;
        }
    }
    return d;
}

/* r = entry d of the comb (d = 0: the identity), every entry read. */
static void comb_select(pp_p256_point *r, uint32_t d)
{
    uint32_t j;
    set_identity(r);
    for (j = 1; j <= COMB_ENTRIES; j++) {
        uint32_t m = pp_ct_barrier_u32(pp_ct_mask_eq_u32(d, j));
        pp_p256_fe_cmov(&r->x, &p256_comb[j - 1u].x, m);
        pp_p256_fe_cmov(&r->y, &p256_comb[j - 1u].y, m);
    }
    /* Z = 1 for an entry, 0 for the identity (d = 0): one move, not one per entry. */
    pp_p256_fe_cmov(&r->z, &pp_p256_fe_one, pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d)));
}

void pp_p256_mul_base(pp_p256_point *r, const pp_p256_sc *k)
{
    pp_p256_point acc, t;
    int i;
    set_identity(&acc);
    for (i = P256_COMB_SPACING - 1; i >= 0; i--) {
        uint32_t d = comb_digit(k, (unsigned)i);
        pp_p256_point_dbl(&acc, &acc);
        comb_select(&t, d);
        pp_p256_point_add(&acc, &acc, &t);
    }
    *r = acc;
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
}

/* 4-bit window w (0..63) of k. */
static uint32_t nibble(const pp_p256_sc *k, unsigned w)
{
    return (uint32_t)(k->v[(4u * w) / PICOPSA_P256_LIMB_BITS] >>
                      ((4u * w) % PICOPSA_P256_LIMB_BITS)) & 0xfu;
}

/* Signed 4-bit digits of k (Booth recoding, no branch): k = sum of
 * digit[w] 16^w with digit[w] in [-8, 8]; 65 digits (the last is the final
 * carry, 0 or 1). Each digit is stored as magnitude | (sign << 4). */
static void signed_digits(uint8_t digit[65], const pp_p256_sc *k)
{
    uint32_t carry = 0;
    unsigned w;
    for (w = 0; w < 64u; w++) {
        uint32_t v = nibble(k, w) + carry;     /* 0 .. 16 */
        uint32_t neg = (v + 7u) >> 4;          /* 1 when v >= 9: digit v - 16 */
        uint32_t mag = v ^ ((0u - neg) & (v ^ (16u - v)));
        digit[w] = (uint8_t)(mag | (neg << 4));
        carry = neg;
    }
    digit[64] = (uint8_t)carry;
}

/* r = table[|d|] negated when d < 0; every entry read (table[0] is the
 * identity, table[j] = j P). */
static void select_signed(pp_p256_point *r, const pp_p256_point table[9], uint32_t d)
{
    pp_p256_fe ny;
    uint32_t mag = d & 0x1fu, j;
    *r = table[0];
    mag &= 0xfu;
    for (j = 1; j < 9u; j++) {
        uint32_t m = pp_ct_barrier_u32(pp_ct_mask_eq_u32(mag, j));
        pp_p256_fe_cmov(&r->x, &table[j].x, m);
        pp_p256_fe_cmov(&r->y, &table[j].y, m);
        pp_p256_fe_cmov(&r->z, &table[j].z, m);
    }
    memset(&ny, 0, sizeof(ny));
    pp_p256_fe_sub(&ny, &ny, &r->y);
    pp_p256_fe_cmov(&r->y, &ny, pp_ct_barrier_u32(0u - ((d >> 4) & 1u)));
}

/* table[j] = j P for j = 0..8 (table[0] the identity). */
static void multiples(pp_p256_point table[9], const pp_p256_point *p)
{
    uint32_t j;
    set_identity(&table[0]);
    table[1] = *p;
    for (j = 2; j < 9u; j++) {
        if ((j & 1u) == 0) {
            pp_p256_point_dbl(&table[j], &table[j / 2u]);
        } else {
            pp_p256_point_add(&table[j], &table[j - 1u], p);
        }
    }
}

void pp_p256_mul(pp_p256_point *r, const pp_p256_sc *k, const pp_p256_point *p)
{
    pp_p256_point table[9], acc, t;
    uint8_t digit[65];
    int w, i;
    multiples(table, p);
    signed_digits(digit, k);
    acc = table[0];
    pp_p256_fe_cmov(&acc.x, &table[1].x, pp_ct_barrier_u32(0u - (uint32_t)digit[64]));
    pp_p256_fe_cmov(&acc.y, &table[1].y, pp_ct_barrier_u32(0u - (uint32_t)digit[64]));
    pp_p256_fe_cmov(&acc.z, &table[1].z, pp_ct_barrier_u32(0u - (uint32_t)digit[64]));
    for (w = 63; w >= 0; w--) {
        for (i = 0; i < 4; i++) {
            pp_p256_point_dbl(&acc, &acc);
        }
        select_signed(&t, table, digit[w]);
        pp_p256_point_add(&acc, &acc, &t);
    }
    *r = acc;
    pp_wipe(table, sizeof(table));
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
    pp_wipe(digit, sizeof(digit));
}

void pp_p256_mul2_vartime(pp_p256_point *r, const pp_p256_sc *u1, const pp_p256_sc *u2,
                          const pp_p256_point *q)
{
    pp_p256_point table[9], acc, t;
    uint8_t digit[65];
    int b;
    multiples(table, q);
    signed_digits(digit, u2);
    acc = digit[64] != 0 ? table[1] : table[0];
    for (b = 255; b >= 0; b--) {
        pp_p256_point_dbl(&acc, &acc);
        if ((b & 3) == 0) {
            uint32_t d = digit[b / 4];
            if ((d & 0xfu) != 0) {
                t = table[d & 0xfu];
                if ((d >> 4) != 0) {
                    pp_p256_fe ny;
                    memset(&ny, 0, sizeof(ny));
                    pp_p256_fe_sub(&t.y, &ny, &t.y);
                }
                pp_p256_point_add(&acc, &acc, &t);
            }
        }
        if (b < P256_COMB_SPACING) {
            uint32_t d = comb_digit(u1, (unsigned)b);
            if (d != 0) {
                t.x = p256_comb[d - 1u].x;
                t.y = p256_comb[d - 1u].y;
                t.z = pp_p256_fe_one;
                pp_p256_point_add(&acc, &acc, &t);
            }
        }
    }
    *r = acc;
}

int pp_p256_point_decode(pp_p256_point *r, const uint8_t in[65])
{
    pp_p256_fe lhs, rhs, t;
    uint32_t ok;
    if (in[0] != 0x04) {
        return -1;
    }
    ok = pp_p256_fe_from_bytes(&r->x, in + 1);
    ok &= pp_p256_fe_from_bytes(&r->y, in + 33);
    r->z = pp_p256_fe_one;
    /* y^2 == x^3 - 3x + b */
    pp_p256_fe_sqr(&lhs, &r->y);
    pp_p256_fe_sqr(&rhs, &r->x);
    pp_p256_fe_mul(&rhs, &rhs, &r->x);
    pp_p256_fe_add(&t, &r->x, &r->x);
    pp_p256_fe_add(&t, &t, &r->x);
    pp_p256_fe_sub(&rhs, &rhs, &t);
    pp_p256_fe_add(&rhs, &rhs, &p256_b_mont);
    ok &= pp_p256_fe_eq(&lhs, &rhs);
    return ok == 0xffffffffu ? 0 : -1;
}

uint32_t pp_p256_point_encode_xy(uint8_t x[32], uint8_t *y, const pp_p256_point *p)
{
    pp_p256_fe zi, t;
    uint32_t ok = ~pp_p256_fe_is_zero(&p->z);
    pp_p256_fe_inv(&zi, &p->z);   /* 0 -> 0: the identity encodes as zeros */
    pp_p256_fe_mul(&t, &p->x, &zi);
    pp_p256_fe_to_bytes(x, &t);
    if (y != NULL) {
        pp_p256_fe_mul(&t, &p->y, &zi);
        pp_p256_fe_to_bytes(y, &t);
    }
    pp_wipe(&zi, sizeof(zi));
    pp_wipe(&t, sizeof(t));
    return ok;
}

#endif /* PSA_WANT_ECC_SECP_R1_256 */
