/*
 * poly1305_r44.h -- multiplication mod 2^130 - 5 in radix 2^44 (three
 * limbs of 44, 44 and 42 bits, 64x64 -> 128-bit products), shared by the
 * block loop of poly1305.c and the powers of r that poly1305_x86.c needs.
 *
 * Contract: h = h * r mod 2^130 - 5, partly reduced (h0, h2 below 2^44 and
 * 2^42, h1 at most 2^44 + 2^20), for h of that form and a clamped r or a
 * product of clamped r's in the same form; constant time (multiplications,
 * shifts, masks). Only where unsigned __int128 exists (!PP_POLY1305_RADIX26).
 */
#ifndef PICOPSA_POLY1305_R44_H
#define PICOPSA_POLY1305_R44_H

#include <stdint.h>

__extension__ typedef unsigned __int128 pp_u128;
#define PP_M44 ((uint64_t)0xfffffffffff)
#define PP_M42 ((uint64_t)0x3ffffffffff)

static inline void pp_poly1305_mul44(uint64_t h[3], const uint64_t r[3])
{
    /* 2^132 = 4 * 5 mod p at the 44/44/42 split: s = r * 20. */
    const uint64_t s1 = r[1] * 20, s2 = r[2] * 20;
    pp_u128 d0 = (pp_u128)h[0] * r[0] + (pp_u128)h[1] * s2 + (pp_u128)h[2] * s1;
    pp_u128 d1 = (pp_u128)h[0] * r[1] + (pp_u128)h[1] * r[0] + (pp_u128)h[2] * s2;
    pp_u128 d2 = (pp_u128)h[0] * r[2] + (pp_u128)h[1] * r[1] + (pp_u128)h[2] * r[0];
    uint64_t cr = (uint64_t)(d0 >> 44);
    h[0] = (uint64_t)d0 & PP_M44;
    d1 += cr;
    cr = (uint64_t)(d1 >> 44);
    h[1] = (uint64_t)d1 & PP_M44;
    d2 += cr;
    cr = (uint64_t)(d2 >> 42);
    h[2] = (uint64_t)d2 & PP_M42;
    h[0] += cr * 5;
    cr = h[0] >> 44;
    h[0] &= PP_M44;
    h[1] += cr;
}

#endif /* PICOPSA_POLY1305_R44_H */
