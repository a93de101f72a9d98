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

/* The group law (RCB addition, tangent doubling, Jacobian verification
 * formulas): one template for P-256 and P-384, this file's copy over
 * P-384's field. */
#define ECC_FE pp_p384_fe
#define ECC_POINT pp_p384_point
#define ECC_FE_IS_ZERO pp_p384_fe_is_zero
#define ECC_FE_CMOV pp_p384_fe_cmov
#define ECC_FE_ONE pp_p384_fe_one
#define ECC_B_MONT p384_b_mont
#define ECC_POINT_DBL pp_p384_point_dbl
#include "ecc/ecc_a3_group.h"

void pp_p384_point_add(pp_p384_point *r, const pp_p384_point *p, const pp_p384_point *q)
{
    point_add(r, p, q, 0);
}

/* pp_p384_point_dbl: the tangent doubling of ecc/ecc_a3_group.h. */

static void set_identity(pp_p384_point *r)
{
    memset(r, 0, sizeof(*r));
    r->y = pp_p384_fe_one;
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

/* comb_digit, pp_p384_mul_base (the comb) and wnaf5 (verification's
 * recoding): ecc/ecc_a3_mul.h over this curve. */
#define ECC_SC pp_p384_sc
#define ECC_SC_BIT pp_p384_sc_bit
#define ECC_SC_TO_BYTES pp_p384_sc_to_bytes
#define ECC_BITS 384u
#define ECC_WORDS 12
#define ECC_COMB_TEETH PICOPSA_P384_COMB_TEETH
#define ECC_COMB_SPACING P384_COMB_SPACING
#define ECC_MUL_BASE pp_p384_mul_base
#include "ecc/ecc_a3_mul.h"

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

/* Verification: jac_dbl and jac_add (ecc/ecc_a3_group.h), Jacobian
 * formulas with branches on their exceptional cases, public data only. */

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
