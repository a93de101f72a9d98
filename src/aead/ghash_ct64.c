/*
 * ghash_ct64.c -- portable constant-time GHASH (SP 800-38D 6.3, 6.4), see
 * ghash.h (PICOPSA_GHASH_CT64: 64-bit hosts, Cortex-M4/M7, RV32M), and
 * the routing between the portable backend of PICOPSA_GHASH_BACKEND and
 * the PCLMULQDQ / PMULL paths. The reduction is ghash.h's pp_ghash_reduce.
 *
 * The carry-less product is built from integer multiplications. Each
 * operand is split into four parts holding every fourth bit (masks
 * 0x1111..., 0x2222..., 0x4444..., 0x8888...). The integer product of two
 * parts has its partial products on one residue class of bit positions
 * mod 4; a column there sums at most eight of them for 32-bit operands
 * (eight set bits per part), a value below 16, so its carries land only
 * on the three positions above it, which belong to other classes and are
 * masked off. The parity of the column, the carry-less bit, survives.
 * Nothing is looked up: no table depends on H or the data.
 */
#include <string.h>

#include "aead/ghash.h"
#include "common/pp_util.h"

#define M0 0x1111111111111111u
#define M1 0x2222222222222222u
#define M2 0x4444444444444444u
#define M3 0x8888888888888888u

/* 32 x 32 -> 64-bit carry-less product (16 integer multiplications). */
static uint64_t clmul32(uint32_t a, uint32_t b)
{
    uint64_t a0 = a & (uint32_t)M0, a1 = a & (uint32_t)M1;
    uint64_t a2 = a & (uint32_t)M2, a3 = a & (uint32_t)M3;
    uint64_t b0 = b & (uint32_t)M0, b1 = b & (uint32_t)M1;
    uint64_t b2 = b & (uint32_t)M2, b3 = b & (uint32_t)M3;
    /* Class c collects the part pairs (i, j) with i + j = c mod 4. */
    uint64_t c0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    uint64_t c1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    uint64_t c2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    uint64_t c3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (c0 & M0) | (c1 & M1) | (c2 & M2) | (c3 & M3);
}

/* 64 x 64 -> 128 by Karatsuba: *hi:*lo = a * b. */
static void clmul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint32_t ah = (uint32_t)(a >> 32), al = (uint32_t)a;
    uint32_t bh = (uint32_t)(b >> 32), bl = (uint32_t)b;
    uint64_t l = clmul32(al, bl);
    uint64_t h = clmul32(ah, bh);
    uint64_t m = clmul32(ah ^ al, bh ^ bl) ^ l ^ h;
    *lo = l ^ (m << 32);
    *hi = h ^ (m >> 32);
}

void pp_ghash_ct64_mul(uint64_t x[2], const uint64_t h[2])
{
    uint64_t hh, hl, lh, ll, mh, ml;
    clmul64(x[0], h[0], &hh, &hl);
    clmul64(x[1], h[1], &lh, &ll);
    clmul64(x[0] ^ x[1], h[0] ^ h[1], &mh, &ml);
    mh ^= hh ^ lh;
    ml ^= hl ^ ll;
    pp_ghash_reduce(x, hh, hl ^ mh, lh ^ ml, ll);
}

void pp_ghash_ct64_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks)
{
    size_t i;
    for (i = 0; i < nblocks; i++) {
        y[0] ^= pp_load_be64(in + 16u * i);
        y[1] ^= pp_load_be64(in + 16u * i + 8u);
        pp_ghash_ct64_mul(y, h);
    }
}

/* ---- routing ------------------------------------------------------------ */

void pp_ghash_set_key(pp_ghash_key *k, const uint8_t h[16])
{
    memset(k, 0, sizeof *k);
    k->h[0][0] = pp_load_be64(h);
    k->h[0][1] = pp_load_be64(h + 8);
#if PP_GHASH_HW_X86
    if (pp_ghash_hw_available()) {
        pp_ghash_x86_powers4(k); /* hw = 1; H^5..H^8 when needed */
    }
#endif
#if PP_GHASH_HW_ARM
    if (pp_ghash_arm_available()) {
        k->hw = 1;
        pp_ghash_arm_powers(k);
    }
#endif
}

void pp_ghash_blocks(const pp_ghash_key *k, uint64_t y[2], const uint8_t *in, size_t nblocks)
{
#if PP_GHASH_HW_X86
    if (k->hw) {
        pp_ghash_x86_blocks(k, y, in, nblocks);
        return;
    }
#endif
#if PP_GHASH_HW_ARM
    if (k->hw) {
        pp_ghash_arm_blocks(k, y, in, nblocks);
        return;
    }
#endif
#if PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_ARMV7EM
    pp_ghash_armv7em_blocks(k->h[0], y, in, nblocks);
#elif PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_CT32
    pp_ghash_ct32_blocks(k->h[0], y, in, nblocks);
#else
    pp_ghash_ct64_blocks(k->h[0], y, in, nblocks);
#endif
}

const char *pp_ghash_backend_name(void)
{
#if PP_GHASH_HW_X86
    if (pp_ghash_hw_available()) return "x86-64 PCLMULQDQ";
#endif
#if PP_GHASH_HW_ARM
    if (pp_ghash_arm_available()) return "AArch64 PMULL";
#endif
#if PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_ARMV7EM
    return "ARMv7E-M UMULL";
#elif PICOPSA_GHASH_BACKEND == PICOPSA_GHASH_CT32
    return "ct32, 32x32->32 MUL";
#else
    return "ct64, 32x32->64 MUL";
#endif
}

void pp_ghash_wipe(pp_ghash_key *k)
{
    pp_wipe(k, sizeof *k);
}
