/*
 * p384_point.c -- P-384 group law and scalar multiplication (contract in
 * p384_point.h).
 *
 * Addition is the complete projective formula of Renes, Costello and
 * Batina, "Complete addition formulas for prime order elliptic curves"
 * (EUROCRYPT 2016), algorithm 4 (12M + 2 m_b) for a = -3 (its mixed form,
 * algorithm 5, for the comb's affine entries); doubling the projective
 * tangent formula (7M + 3S), whose one exceptional input, the identity,
 * is handled by a mask; both as in src/p256/p256_point.c (the same
 * sequence over this field: the code is kept separate so that P-256
 * keeps its inlined field).
 *
 * Fixed base (key generation, signing): one Lim-Lee comb of
 * h = PICOPSA_P384_COMB_TEETH teeth and spacing s = ceil(384/h)
 * (p384_tables.h), each mixed addition of an entry selected by a full
 * masked scan, its sum discarded by masked moves for a zero digit. Variable base (ECDH): signed 4-bit digits in [-8, 8] (branch-free
 * Booth recoding) over 0..8 P, 4 doublings and one masked-scan addition
 * (masked negation) per digit. Verification: u2*Q by a width-5 NAF (odd
 * multiples Q..15Q) and u1*G by the comb share one chain of 384
 * doublings, zero digits skipped and Jacobian formulas with branches
 * (public inputs only).
 */
#include <string.h>

#include "common/pp_util.h"
#include "p384/p384_point.h"
#include "p384/p384_tables.h"

#if PSA_WANT_ECC_SECP_R1_384

#define COMB_ENTRIES ((1u << PICOPSA_P384_COMB_TEETH) - 1u)
#define NDIGITS 96u   /* 4-bit windows of a 384-bit scalar */
#define fe_mul pp_p384_fe_mul
#define fe_sqr pp_p384_fe_sqr
#define fe_add pp_p384_fe_add
#define fe_sub pp_p384_fe_sub

/* RCB algorithm 4 (12M + 2 m_b, a = -3); q_affine (a public constant of
 * the call site): q has Z = 1 and is not the identity (a comb entry), so
 * Z1 Z2 = Z1 and the two (A1 + Z1)(A2 + Z2) - A1 A2 - Z1 Z2 terms are
 * A2 Z1 + A1: one product and six additions fewer (RCB's mixed addition,
 * algorithm 5). As P-256's (src/p256/p256_point.c). */
static void point_add(pp_p384_point *r, const pp_p384_point *p, const pp_p384_point *q,
                      int q_affine)
{
    pp_p384_fe t0, t1, t2, t3, t4, x3, y3, z3;
    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    if (q_affine) {
        t2 = p->z;
    } else {
        fe_mul(&t2, &p->z, &q->z);
    }
    fe_add(&t3, &p->x, &p->y);
    fe_add(&t4, &q->x, &q->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);
    if (q_affine) {
        fe_mul(&t4, &q->y, &p->z);
        fe_add(&t4, &t4, &p->y);         /* Y1 Z2 + Y2 Z1 */
        fe_mul(&y3, &q->x, &p->z);
        fe_add(&y3, &y3, &p->x);         /* X1 Z2 + X2 Z1 */
    } else {
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
    }
    fe_mul(&z3, &p384_b_mont, &t2);
    fe_sub(&x3, &y3, &z3);
    fe_add(&z3, &x3, &x3);
    fe_add(&x3, &x3, &z3);
    fe_sub(&z3, &t1, &x3);
    fe_add(&x3, &t1, &x3);
    fe_mul(&y3, &p384_b_mont, &y3);
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

void pp_p384_point_add(pp_p384_point *r, const pp_p384_point *p, const pp_p384_point *q)
{
    point_add(r, p, q, 0);
}

/* 2P in projective coordinates for a = -3 (P-384's a, SP 800-186
 * 3.2.1.4), from the affine tangent (lambda = (3 x^2 - 3) / 2y,
 * x = X/Z, y = Y/Z), P-256's formula (src/p256/p256_point.c):
 *   w = 3 (X - Z)(X + Z), s' = 2 Y Z, 4 B = 2 X (Y s'), h = w^2 - 8 B,
 *   X3 = h s', Y3 = w (4 B - h) - 2 (Y s')^2, Z3 = s'^3,
 * 7M + 3S against RCB algorithm 6's 8M + 3S + 2 m_b. Its only exception
 * is s' = 0: Y = 0 (a point of order 2; P-384's order is prime, cofactor
 * 1, it has none) or Z = 0, the identity (0 : Y : 0), which the formula
 * maps to (0 : 0 : 0); a masked move of Y keeps it the identity. So it is
 * valid for every point, with no branch. */
void pp_p384_point_dbl(pp_p384_point *r, const pp_p384_point *p)
{
    pp_p384_fe w, s, ys, b, h, t, x3, y3, z3;
    uint32_t inf = pp_ct_barrier_u32(pp_p384_fe_is_zero(&p->z));
    fe_sub(&t, &p->x, &p->z);
    fe_add(&w, &p->x, &p->z);
    fe_mul(&w, &w, &t);
    fe_add(&t, &w, &w);
    fe_add(&w, &w, &t);              /* w = 3 (X - Z)(X + Z) */
    fe_mul(&s, &p->y, &p->z);
    fe_add(&s, &s, &s);              /* s' = 2 Y Z */
    fe_mul(&ys, &p->y, &s);          /* Y s' */
    fe_mul(&b, &p->x, &ys);          /* 2 B */
    fe_add(&b, &b, &b);              /* 4 B */
    fe_sqr(&h, &w);
    fe_sub(&h, &h, &b);
    fe_sub(&h, &h, &b);              /* h = w^2 - 8 B */
    fe_mul(&x3, &h, &s);             /* X3 = h s' */
    fe_sub(&t, &b, &h);
    fe_mul(&y3, &w, &t);             /* w (4 B - h) */
    fe_sqr(&t, &ys);
    fe_add(&t, &t, &t);              /* 2 (Y s')^2 */
    fe_sub(&y3, &y3, &t);
    fe_sqr(&t, &s);
    fe_mul(&z3, &t, &s);             /* Z3 = s'^3 */
    pp_p384_fe_cmov(&y3, &p->y, inf);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

static void set_identity(pp_p384_point *r)
{
    memset(r, 0, sizeof(*r));
    r->y = pp_p384_fe_one;
}

/* Comb digit of column i: bits i, i + s, i + 2s, ... of k (i public). */
static uint32_t comb_digit(const pp_p384_sc *k, unsigned i)
{
    uint32_t d = 0;
    unsigned t;
    for (t = 0; t < PICOPSA_P384_COMB_TEETH; t++) {
        unsigned pos = i + t * P384_COMB_SPACING;
        if (pos < 384u) {   /* public: the position, not the bit */
            d |= pp_p384_sc_bit(k, pos) << t;
        }
    }
    return d;
}

/* r = entry d of the comb (d = 0: the identity), every entry read: the
 * OR of every entry under its mask (exactly one mask is set, none for
 * d = 0). */
static void comb_select(pp_p384_point *r, uint32_t d)
{
    pp_p384_limb acc[2 * PP_P384_LIMBS];
    uint32_t j;
    unsigned k;
    memset(acc, 0, sizeof(acc));
    for (j = 1; j <= COMB_ENTRIES; j++) {
        pp_p384_limb m = (pp_p384_limb)0 - (pp_p384_limb)(pp_ct_barrier_u32(pp_ct_mask_eq_u32(d, j)) & 1u);
        const pp_p384_affine *e = &p384_comb[j - 1u];
        for (k = 0; k < PP_P384_LIMBS; k++) {
            acc[k] |= e->x.v[k] & m;
            acc[PP_P384_LIMBS + k] |= e->y.v[k] & m;
        }
    }
    memcpy(r->x.v, acc, sizeof(r->x.v));
    memcpy(r->y.v, acc + PP_P384_LIMBS, sizeof(r->y.v));
    memset(&r->z, 0, sizeof(r->z));
    /* d = 0: y = 1 (the identity (0 : 1 : 0)); else Z = 1. */
    pp_p384_fe_cmov(&r->y, &pp_p384_fe_one, pp_ct_barrier_u32(pp_ct_mask_zero_u32(d)));
    pp_p384_fe_cmov(&r->z, &pp_p384_fe_one, pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d)));
    pp_wipe(acc, sizeof(acc));
}

void pp_p384_mul_base(pp_p384_point *r, const pp_p384_sc *k)
{
    pp_p384_point acc, t;
    uint32_t m;
    int i;
    set_identity(&acc);
    for (i = P384_COMB_SPACING - 1; i >= 0; i--) {
        uint32_t d = comb_digit(k, (unsigned)i);
        pp_p384_point_dbl(&acc, &acc);
        comb_select(&t, d);
        /* Mixed addition (the entry is affine); a zero digit selects no
         * entry, so its sum is discarded by masked moves. */
        point_add(&t, &acc, &t, 1);
        m = pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d));
        pp_p384_fe_cmov(&acc.x, &t.x, m);
        pp_p384_fe_cmov(&acc.y, &t.y, m);
        pp_p384_fe_cmov(&acc.z, &t.z, m);
    }
    *r = acc;
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
}

/* 4-bit window w (0..95) of k. */
static uint32_t nibble(const pp_p384_sc *k, unsigned w)
{
    return (uint32_t)(k->v[(4u * w) / PICOPSA_P384_LIMB_BITS] >>
                      ((4u * w) % PICOPSA_P384_LIMB_BITS)) & 0xfu;
}

/* Signed 4-bit digits of k (Booth recoding, no branch): k = sum of
 * digit[w] 16^w with digit[w] in [-8, 8]; 97 digits (the last is the final
 * carry, 0 or 1). Each digit is stored as magnitude | (sign << 4). */
static void signed_digits(uint8_t digit[NDIGITS + 1u], const pp_p384_sc *k)
{
    uint32_t carry = 0;
    unsigned w;
    for (w = 0; w < NDIGITS; w++) {
        uint32_t v = nibble(k, w) + carry;     /* 0 .. 16 */
        uint32_t neg = (v + 7u) >> 4;          /* 1 when v >= 9: digit v - 16 */
        uint32_t mag = v ^ (pp_ct_barrier_u32(0u - neg) & (v ^ (16u - v)));   /* secret mask */
        digit[w] = (uint8_t)(mag | (neg << 4));
        carry = neg;
    }
    digit[NDIGITS] = (uint8_t)carry;
}

/* r = table[|d|] negated when d < 0; every entry read (table[0] is the
 * identity, table[j] = j P). */
static void select_signed(pp_p384_point *r, const pp_p384_point table[9], uint32_t d)
{
    pp_p384_fe ny;
    uint32_t mag = d & 0xfu, j;
    *r = table[0];
    for (j = 1; j < 9u; j++) {
        uint32_t m = pp_ct_barrier_u32(pp_ct_mask_eq_u32(mag, j));
        pp_p384_fe_cmov(&r->x, &table[j].x, m);
        pp_p384_fe_cmov(&r->y, &table[j].y, m);
        pp_p384_fe_cmov(&r->z, &table[j].z, m);
    }
    memset(&ny, 0, sizeof(ny));
    pp_p384_fe_sub(&ny, &ny, &r->y);
    pp_p384_fe_cmov(&r->y, &ny, pp_ct_barrier_u32(0u - ((d >> 4) & 1u)));
    pp_wipe(&ny, sizeof(ny));
}

void pp_p384_mul(pp_p384_point *r, const pp_p384_sc *k, const pp_p384_point *p)
{
    pp_p384_point table[9], acc, t;
    uint8_t digit[NDIGITS + 1u];
    uint32_t j, top;
    int w, i;
    set_identity(&table[0]);
    table[1] = *p;
    for (j = 2; j < 9u; j++) {
        if ((j & 1u) == 0) {
            pp_p384_point_dbl(&table[j], &table[j / 2u]);
        } else {
            pp_p384_point_add(&table[j], &table[j - 1u], p);
        }
    }
    signed_digits(digit, k);
    acc = table[0];
    top = pp_ct_barrier_u32(0u - (uint32_t)digit[NDIGITS]);
    pp_p384_fe_cmov(&acc.x, &table[1].x, top);
    pp_p384_fe_cmov(&acc.y, &table[1].y, top);
    pp_p384_fe_cmov(&acc.z, &table[1].z, top);
    for (w = (int)NDIGITS - 1; w >= 0; w--) {
        for (i = 0; i < 4; i++) {
            pp_p384_point_dbl(&acc, &acc);
        }
        select_signed(&t, table, digit[w]);
        pp_p384_point_add(&acc, &acc, &t);
    }
    *r = acc;
    pp_wipe(table, sizeof(table));
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
    pp_wipe(digit, sizeof(digit));
}

/* ---- verification: Jacobian coordinates, variable time ---------------
 * (X : Y : Z) stands for (X / Z^2, Y / Z^3), Z = 0 for the identity. The
 * formulas (Bernstein-Lange, Explicit-Formulas Database) are faster than
 * the complete ones but have exceptional cases, handled here by branches:
 * legitimate only because every input of verification is public. */

/* dbl-2001-b (a = -3): 3M + 5S. The identity (Z = 0) stays the identity;
 * P-384 has no point of order 2 (Y = 0). */
static void jac_dbl(pp_p384_point *r, const pp_p384_point *p)
{
    pp_p384_fe delta, gamma, beta, alpha, t, x3;
    fe_sqr(&delta, &p->z);
    fe_sqr(&gamma, &p->y);
    fe_mul(&beta, &p->x, &gamma);
    fe_sub(&t, &p->x, &delta);
    fe_add(&alpha, &p->x, &delta);
    fe_mul(&t, &t, &alpha);
    fe_add(&alpha, &t, &t);
    fe_add(&alpha, &alpha, &t);           /* 3 (X - delta)(X + delta) */
    fe_add(&beta, &beta, &beta);
    fe_add(&beta, &beta, &beta);          /* 4 beta */
    fe_sqr(&x3, &alpha);
    fe_sub(&x3, &x3, &beta);
    fe_sub(&x3, &x3, &beta);              /* alpha^2 - 8 beta */
    fe_add(&t, &p->y, &p->z);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &gamma);
    fe_sub(&r->z, &t, &delta);            /* 2 Y Z */
    fe_sqr(&gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);
    fe_add(&gamma, &gamma, &gamma);       /* 8 gamma^2 */
    fe_sub(&t, &beta, &x3);
    fe_mul(&t, &alpha, &t);
    fe_sub(&r->y, &t, &gamma);
    r->x = x3;
}

/* r = p + q; q affine (Z = 1, madd-2007-bl) when q_affine, else
 * add-2007-bl. r may alias p. */
static void jac_add(pp_p384_point *r, const pp_p384_point *p, const pp_p384_point *q, int q_affine)
{
    pp_p384_fe zz, u1, s1, h, rr, i, v, t;
    if (pp_p384_fe_is_zero(&p->z) != 0) {   /* public: the identity */
        *r = *q;
        if (q_affine) {
            r->z = pp_p384_fe_one;
        }
        return;
    }
    if (!q_affine && pp_p384_fe_is_zero(&q->z) != 0) {
        *r = *p;
        return;
    }
    fe_sqr(&zz, &p->z);                   /* Z1Z1 */
    fe_mul(&h, &q->x, &zz);               /* U2 */
    fe_mul(&rr, &q->y, &p->z);
    fe_mul(&rr, &rr, &zz);                /* S2 */
    if (q_affine) {
        u1 = p->x;
        s1 = p->y;
    } else {
        fe_sqr(&zz, &q->z);               /* Z2Z2 */
        fe_mul(&u1, &p->x, &zz);
        fe_mul(&s1, &p->y, &q->z);
        fe_mul(&s1, &s1, &zz);
    }
    fe_sub(&h, &h, &u1);                  /* H = U2 - U1 */
    fe_sub(&rr, &rr, &s1);                /* S2 - S1 */
    if (pp_p384_fe_is_zero(&h) != 0) {    /* public: same x */
        if (pp_p384_fe_is_zero(&rr) != 0) {
            jac_dbl(r, p);                /* p == q */
        } else {
            memset(r, 0, sizeof(*r));     /* p == -q: the identity */
            r->x = pp_p384_fe_one;
            r->y = pp_p384_fe_one;
        }
        return;
    }
    fe_add(&rr, &rr, &rr);
    fe_add(&i, &h, &h);
    fe_sqr(&i, &i);                       /* I = (2H)^2 */
    fe_mul(&v, &u1, &i);                  /* V */
    fe_mul(&zz, &h, &i);                  /* J */
    if (q_affine) {
        fe_mul(&t, &p->z, &h);
    } else {
        fe_mul(&t, &p->z, &q->z);
        fe_mul(&t, &t, &h);
    }
    fe_add(&r->z, &t, &t);                /* 2 Z1 Z2 H */
    fe_sqr(&t, &rr);
    fe_sub(&t, &t, &zz);
    fe_sub(&t, &t, &v);
    fe_sub(&t, &t, &v);                   /* X3 = rr^2 - J - 2V */
    fe_sub(&v, &v, &t);
    fe_mul(&v, &rr, &v);
    fe_mul(&s1, &s1, &zz);
    fe_add(&s1, &s1, &s1);
    fe_sub(&r->y, &v, &s1);               /* Y3 = rr (V - X3) - 2 S1 J */
    r->x = t;
}

/* Width-5 NAF of k, VARIABLE TIME (verification's public scalars only):
 * k = sum naf[i] 2^i, every nonzero digit odd in [-15, 15] and followed by
 * at least four zeros, so about 384 / 6 additions instead of the 4-bit
 * signed window's 90. P-256's recoding (src/p256/p256_point.c) over 12
 * words. */
static void wnaf5(int8_t naf[385], const pp_p384_sc *k)
{
    uint8_t be[48];
    uint32_t w[13];
    int i, j;
    pp_p384_sc_to_bytes(be, k);
    for (j = 0; j < 12; j++) {
        w[j] = (uint32_t)be[47 - 4 * j] | ((uint32_t)be[46 - 4 * j] << 8) |
               ((uint32_t)be[45 - 4 * j] << 16) | ((uint32_t)be[44 - 4 * j] << 24);
    }
    w[12] = 0;
    for (i = 0; i < 385; i++) {
        int d = 0;
        if ((w[0] & 1u) != 0) {
            d = (int)(w[0] & 31u);
            if (d >= 16) {
                uint32_t c = (uint32_t)(32 - d);   /* k += 32 - d: low five bits 0 */
                d -= 32;
                for (j = 0; j < 13 && c != 0; j++) {
                    w[j] += c;
                    c = w[j] < c ? 1u : 0u;
                }
            } else {
                w[0] -= (uint32_t)d;
            }
        }
        naf[i] = (int8_t)d;
        for (j = 0; j < 12; j++) {
            w[j] = (w[j] >> 1) | (w[j + 1] << 31);
        }
        w[12] >>= 1;
    }
}

void pp_p384_mul2_vartime(pp_p384_point *r, const pp_p384_sc *u1, const pp_p384_sc *u2,
                          const pp_p384_point *q)
{
    /* table[j] = (2j + 1) Q (Jacobian), j = 0..7; Q affine (decoded, Z = 1). */
    pp_p384_point table[8], acc, t;
    int8_t naf[385];
    int b, have = 0;
    uint32_t j;
    table[0] = *q;
    jac_dbl(&t, q);
    for (j = 1; j < 8u; j++) {
        jac_add(&table[j], &table[j - 1u], &t, 0);
    }
    wnaf5(naf, u2);
    memset(&acc, 0, sizeof(acc));
    for (b = 384; b >= 0; b--) {
        if (have) {
            jac_dbl(&acc, &acc);
        }
        if (naf[b] != 0) {
            int d = naf[b];
            t = table[(d < 0 ? -d : d) / 2];
            if (d < 0) {
                pp_p384_fe ny;
                memset(&ny, 0, sizeof(ny));
                fe_sub(&t.y, &ny, &t.y);
            }
            jac_add(&acc, &acc, &t, 0);
            have = 1;
        }
        if (b < P384_COMB_SPACING) {
            uint32_t d = comb_digit(u1, (unsigned)b);
            if (d != 0) {
                t.x = p384_comb[d - 1u].x;
                t.y = p384_comb[d - 1u].y;
                t.z = pp_p384_fe_one;
                jac_add(&acc, &acc, &t, 1);
                have = 1;
            }
        }
        have = have && pp_p384_fe_is_zero(&acc.z) == 0;
    }
    /* Jacobian -> projective (X Z : Y : Z^3): same x = X / Z^2, y = Y / Z^3. */
    {
        pp_p384_fe z2;
        fe_sqr(&z2, &acc.z);
        fe_mul(&r->x, &acc.x, &acc.z);
        r->y = acc.y;
        fe_mul(&r->z, &z2, &acc.z);
    }
}

int pp_p384_point_decode(pp_p384_point *r, const uint8_t in[97])
{
    pp_p384_fe lhs, rhs, t;
    uint32_t ok;
    if (in[0] != 0x04) {
        return -1;
    }
    ok = pp_p384_fe_from_bytes(&r->x, in + 1);
    ok &= pp_p384_fe_from_bytes(&r->y, in + 49);
    r->z = pp_p384_fe_one;
    /* y^2 == x^3 - 3x + b */
    fe_sqr(&lhs, &r->y);
    fe_sqr(&rhs, &r->x);
    fe_mul(&rhs, &rhs, &r->x);
    fe_add(&t, &r->x, &r->x);
    fe_add(&t, &t, &r->x);
    fe_sub(&rhs, &rhs, &t);
    fe_add(&rhs, &rhs, &p384_b_mont);
    ok &= pp_p384_fe_eq(&lhs, &rhs);
    return ok == 0xffffffffu ? 0 : -1;
}

uint32_t pp_p384_point_encode_xy(uint8_t x[48], uint8_t *y, const pp_p384_point *p)
{
    pp_p384_fe zi, t;
    uint32_t ok = ~pp_p384_fe_is_zero(&p->z);
    pp_p384_fe_inv(&zi, &p->z);   /* 0 -> 0: the identity encodes as zeros */
    fe_mul(&t, &p->x, &zi);
    pp_p384_fe_to_bytes(x, &t);
    if (y != NULL) {
        fe_mul(&t, &p->y, &zi);
        pp_p384_fe_to_bytes(y, &t);
    }
    pp_wipe(&zi, sizeof(zi));
    pp_wipe(&t, sizeof(t));
    return ok;
}

#endif /* PSA_WANT_ECC_SECP_R1_384 */
