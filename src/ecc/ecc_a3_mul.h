/*
 * ecc_a3_mul.h -- the scalar-multiplication drivers shared by P-256 and
 * P-384: the Lim-Lee comb for k G (constant time) and the width-5 NAF
 * recoding of verification's public u2. A template, not an interface,
 * like ecc/ecc_a3_group.h: included once by each curve's point file after
 * its set_identity, comb_select (the constant-time table scan, per curve:
 * P-256 has assembly and host variants) and ecc_a3_group.h's point_add,
 * with, besides that header's names,
 *   ECC_SC, ECC_SC_BIT(k, i), ECC_SC_TO_BYTES  scalar type, bit i, bytes;
 *   ECC_BITS (256u, 384u), ECC_WORDS (8, 12: ECC_BITS / 32, an int);
 *   ECC_COMB_TEETH, ECC_COMB_SPACING  the comb's h and s = ceil(ECC_BITS/h);
 *   ECC_MUL_BASE          the name of the k G function to define.
 * It defines static comb_digit (public column index i), ECC_MUL_BASE
 * (constant time: every digit's entry read by comb_select, a mixed
 * addition, masked moves) and static wnaf5 (VARIABLE TIME: public scalars
 * only). Each curve compiles its own copy (P-256's object code is the
 * same as before the code moved here).
 */
#ifndef PICOPSA_ECC_A3_MUL_H
#define PICOPSA_ECC_A3_MUL_H

/* Comb digit of column i: bits i, i + s, i + 2s, ... of k (i public). */
static uint32_t comb_digit(const ECC_SC *k, unsigned i)
{
    uint32_t d = 0;
    unsigned t;
    for (t = 0; t < ECC_COMB_TEETH; t++) {
        unsigned pos = i + t * ECC_COMB_SPACING;
        if (pos < ECC_BITS) {   /* public: the position, not the bit */
            d |= ECC_SC_BIT(k, pos) << t;
        }
    }
    return d;
}

void ECC_MUL_BASE(ECC_POINT *r, const ECC_SC *k)
{
    ECC_POINT acc, t;
    uint32_t m;
    int i;
    set_identity(&acc);
    for (i = ECC_COMB_SPACING - 1; i >= 0; i--) {
        uint32_t d = comb_digit(k, (unsigned)i);
        ECC_POINT_DBL(&acc, &acc);
        comb_select(&t, d);
        /* Mixed addition (the entry is affine); a zero digit selects no
         * entry, so its sum is discarded by masked moves. */
        point_add(&t, &acc, &t, 1);
        m = pp_ct_barrier_u32(pp_ct_mask_nonzero_u32(d));
        ECC_FE_CMOV(&acc.x, &t.x, m);
        ECC_FE_CMOV(&acc.y, &t.y, m);
        ECC_FE_CMOV(&acc.z, &t.z, m);
    }
    *r = acc;
    pp_wipe(&acc, sizeof(acc));
    pp_wipe(&t, sizeof(t));
}

/* Width-5 NAF of k, VARIABLE TIME (verification's public scalars only):
 * k = sum naf[i] 2^i, every nonzero digit odd in [-15, 15] and followed by
 * at least four zeros, so about ECC_BITS / 6 additions instead of the
 * signed 4-bit window's ECC_BITS / 4. */
static void wnaf5(int8_t naf[ECC_BITS + 1u], const ECC_SC *k)
{
    uint8_t be[ECC_BITS / 8u];
    uint32_t w[ECC_WORDS + 1];
    int i, j;
    ECC_SC_TO_BYTES(be, k);
    for (j = 0; j < ECC_WORDS; j++) {
        w[j] = (uint32_t)be[4 * ECC_WORDS - 1 - 4 * j] |
               ((uint32_t)be[4 * ECC_WORDS - 2 - 4 * j] << 8) |
               ((uint32_t)be[4 * ECC_WORDS - 3 - 4 * j] << 16) |
               ((uint32_t)be[4 * ECC_WORDS - 4 - 4 * j] << 24);
    }
    w[ECC_WORDS] = 0;
    for (i = 0; i < 32 * ECC_WORDS + 1; i++) {
        int d = 0;
        if ((w[0] & 1u) != 0) {
            d = (int)(w[0] & 31u);
            if (d >= 16) {
                uint32_t c = (uint32_t)(32 - d);   /* k += 32 - d: low five bits 0 */
                d -= 32;
                for (j = 0; j < ECC_WORDS + 1 && c != 0; j++) {
                    w[j] += c;
                    c = w[j] < c ? 1u : 0u;
                }
            } else {
                w[0] -= (uint32_t)d;
            }
        }
        naf[i] = (int8_t)d;
        for (j = 0; j < ECC_WORDS; j++) {
            w[j] = (w[j] >> 1) | (w[j + 1] << 31);
        }
        w[ECC_WORDS] >>= 1;
    }
}

#endif /* PICOPSA_ECC_A3_MUL_H */
