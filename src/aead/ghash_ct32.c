/*
 * ghash_ct32.c -- portable constant-time GHASH (SP 800-38D 6.3, 6.4) from
 * 32 x 32 -> 32-bit integer multiplications only, see ghash.h
 * (PICOPSA_GHASH_CT32, the default where pointers are 32 bits).
 *
 * The carry-less product of two 32-bit words uses the "holes" of
 * ghash_ct64.c: each operand is split into four parts holding every
 * fourth bit, the integer product of two parts has its partial products on
 * one residue class of bit positions mod 4, a column there sums at most
 * eight of them (a value below 16) and its carries land on the three
 * positions above, which are masked off. A multiplier returning only the
 * low 32 bits of the integer product gives the low half of the 63-bit
 * carry-less product (carries only move up). The high half is the low
 * half of the product of the bit-reversed operands, reversed: with
 * rev(a) * rev(b) = rev63(a * b), bit i of rev32(low(rev(a) * rev(b)))
 * is bit 31 + i of a * b, so the high word is that value shifted right by
 * one (T. Pornin, BearSSL ghash_ctmul32.c, "Constant-Time Mul", 2017,
 * describes the method; this is a fresh implementation).
 *
 * 128 x 128 is two levels of Karatsuba: nine 32 x 32 products, each one
 * low and one reversed multiplication, 18 x 16 = 288 MUL per block. Bit
 * reversal is linear over XOR, so the reversed Karatsuba operands are the
 * XOR combinations of four reversed words (four reversals per block for
 * the data, four per call for H), and nine more reversals give the high
 * halves. On ARMv7-M the reversal is one RBIT instruction.
 *
 * Constant time: no branch and no memory index depends on H, Y or the
 * data. The timing assumption is a 32 x 32 -> 32 multiplier whose latency
 * does not depend on the operands: true of MUL on Cortex-M0+ (single-cycle
 * multiplier option; the 32-cycle iterative option is also data
 * independent), Cortex-M3 (MUL is one cycle, only UMULL/SMULL/UMLAL end
 * early), Cortex-M4/M7/M33 and the RV32M cores we know of; no 32 x 32 ->
 * 64 multiply (UMULL, RV32 MULHU) is used.
 */
#include "aead/ghash.h"
#include "common/pp_util.h"

#define K0 0x11111111u
#define K1 0x22222222u
#define K2 0x44444444u
#define K3 0x88888888u

/* Low 32 bits of the carry-less product of x and y (16 MUL). */
static uint32_t bmul32(uint32_t x, uint32_t y)
{
    uint32_t x0 = x & K0, x1 = x & K1, x2 = x & K2, x3 = x & K3;
    uint32_t y0 = y & K0, y1 = y & K1, y2 = y & K2, y3 = y & K3;
    /* Class c collects the part pairs (i, j) with i + j = c mod 4. */
    uint32_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint32_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint32_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint32_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & K0) | (z1 & K1) | (z2 & K2) | (z3 & K3);
}

/* Bit reversal of a 32-bit word (bit i to bit 31 - i). */
static uint32_t rev32(uint32_t x)
{
#if defined(__GNUC__) && defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2
    /* ARMv6T2 / ARMv7 / ARMv8-M Mainline: RBIT, one cycle. */
    uint32_t r;
    __asm__("rbit %0, %1" : "=r"(r) : "r"(x));
    return r;
#else
    x = ((x & 0x55555555u) << 1) | ((x >> 1) & 0x55555555u);
    x = ((x & 0x33333333u) << 2) | ((x >> 2) & 0x33333333u);
    x = ((x & 0x0F0F0F0Fu) << 4) | ((x >> 4) & 0x0F0F0F0Fu);
#if defined(__GNUC__)
    return __builtin_bswap32(x);
#else
    x = ((x & 0x00FF00FFu) << 8) | ((x >> 8) & 0x00FF00FFu);
    return (x << 16) | (x >> 16);
#endif
#endif
}

/* x = x * h, x and h in ghash.h's form; hk and hr are pp_ghash_operands() of h's
 * words and of their reversals; t is scratch (the caller wipes it). */
static void mul(uint64_t x[2], const uint32_t hk[9], const uint32_t hr[9], uint32_t t[4][9])
{
    uint32_t *a = t[0], *ar = t[1], *lo = t[2], *hi = t[3];
    uint32_t z[8];
    unsigned i;

    pp_ghash_operands(a, (uint32_t)x[1], (uint32_t)(x[1] >> 32), (uint32_t)x[0],
                      (uint32_t)(x[0] >> 32));
    pp_ghash_operands(ar, rev32((uint32_t)x[1]), rev32((uint32_t)(x[1] >> 32)),
                      rev32((uint32_t)x[0]), rev32((uint32_t)(x[0] >> 32)));
    for (i = 0; i < 9u; i++) {
        lo[i] = bmul32(a[i], hk[i]);
        hi[i] = rev32(bmul32(ar[i], hr[i])) >> 1;
    }
    pp_ghash_recombine(lo, hi, z);
    pp_ghash_reduce32(x, z);
}

/* The operands of h and of its reversed words. */
static void key_operands(const uint64_t h[2], uint32_t hk[9], uint32_t hr[9])
{
    pp_ghash_operands(hk, (uint32_t)h[1], (uint32_t)(h[1] >> 32), (uint32_t)h[0],
                      (uint32_t)(h[0] >> 32));
    pp_ghash_operands(hr, rev32((uint32_t)h[1]), rev32((uint32_t)(h[1] >> 32)),
                      rev32((uint32_t)h[0]), rev32((uint32_t)(h[0] >> 32)));
}

void pp_ghash_ct32_mul(uint64_t x[2], const uint64_t h[2])
{
    uint32_t hk[9], hr[9], t[4][9];
    key_operands(h, hk, hr);
    mul(x, hk, hr, t);
    pp_wipe(hk, sizeof hk);
    pp_wipe(hr, sizeof hr);
    pp_wipe(t, sizeof t);
}

void pp_ghash_ct32_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks)
{
    uint32_t hk[9], hr[9], t[4][9];
    size_t i;
    key_operands(h, hk, hr);
    for (i = 0; i < nblocks; i++) {
        y[0] ^= pp_load_be64(in + 16u * i);
        y[1] ^= pp_load_be64(in + 16u * i + 8u);
        mul(y, hk, hr, t);
    }
    pp_wipe(hk, sizeof hk);
    pp_wipe(hr, sizeof hr);
    pp_wipe(t, sizeof t);
}
