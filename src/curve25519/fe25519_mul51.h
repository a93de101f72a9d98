/*
 * fe25519_mul51.h -- the radix-2^51 product and square of fe25519.c as
 * inline functions (PICOPSA_FIELD_RADIX51 only), so the X25519 ladder can
 * have them inlined; fe25519.c defines pp_fe25519_mul / pp_fe25519_sq
 * from these, so both callers run the same code. Contract: fe25519.h.
 */
#ifndef PICOPSA_FE25519_MUL51_H
#define PICOPSA_FE25519_MUL51_H

#include "curve25519/fe25519.h"

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51

__extension__ typedef unsigned __int128 pp_fe51_wide;

#define PP_FE51_M(a, b) ((pp_fe51_wide)(a) * (b))

/* Carry the five 128-bit column sums of a product back to 51-bit limbs;
 * the carry out of the top limb re-enters limb 0 times 19 (2^255 = 19). */
static inline void pp_fe51_carry_product(fe25519 *h, pp_fe51_wide t0, pp_fe51_wide t1,
                                         pp_fe51_wide t2, pp_fe51_wide t3, pp_fe51_wide t4)
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

static inline void pp_fe51_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    const uint64_t g1_19 = 19u * g1, g2_19 = 19u * g2, g3_19 = 19u * g3, g4_19 = 19u * g4;

    pp_fe51_carry_product(h,
                  PP_FE51_M(f0, g0) + PP_FE51_M(f1, g4_19) + PP_FE51_M(f2, g3_19) + PP_FE51_M(f3, g2_19) + PP_FE51_M(f4, g1_19),
                  PP_FE51_M(f0, g1) + PP_FE51_M(f1, g0) + PP_FE51_M(f2, g4_19) + PP_FE51_M(f3, g3_19) + PP_FE51_M(f4, g2_19),
                  PP_FE51_M(f0, g2) + PP_FE51_M(f1, g1) + PP_FE51_M(f2, g0) + PP_FE51_M(f3, g4_19) + PP_FE51_M(f4, g3_19),
                  PP_FE51_M(f0, g3) + PP_FE51_M(f1, g2) + PP_FE51_M(f2, g1) + PP_FE51_M(f3, g0) + PP_FE51_M(f4, g4_19),
                  PP_FE51_M(f0, g4) + PP_FE51_M(f1, g3) + PP_FE51_M(f2, g2) + PP_FE51_M(f3, g1) + PP_FE51_M(f4, g0));
}

static inline void pp_fe51_sq(fe25519 *h, const fe25519 *f)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t f0_2 = 2u * f0, f1_2 = 2u * f1;
    const uint64_t f3_19 = 19u * f3, f4_19 = 19u * f4;

    pp_fe51_carry_product(h,
                  PP_FE51_M(f0, f0) + PP_FE51_M(f1_2, f4_19) + PP_FE51_M(2u * f2, f3_19),
                  PP_FE51_M(f0_2, f1) + PP_FE51_M(2u * f2, f4_19) + PP_FE51_M(f3, f3_19),
                  PP_FE51_M(f0_2, f2) + PP_FE51_M(f1, f1) + PP_FE51_M(2u * f3, f4_19),
                  PP_FE51_M(f0_2, f3) + PP_FE51_M(f1_2, f2) + PP_FE51_M(f4, f4_19),
                  PP_FE51_M(f0_2, f4) + PP_FE51_M(f1_2, f3) + PP_FE51_M(f2, f2));
}

#endif /* PICOPSA_FIELD_RADIX51 */

#endif /* PICOPSA_FE25519_MUL51_H */
