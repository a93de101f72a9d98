/*
 * ghash_ct32.c -- portable constant-time GHASH (SP 800-38D 6.3, 6.4) from
 * 32 x 32 -> 32-bit integer multiplications only, see ghash.h
 * (PICOPSA_GHASH_CT32: Cortex-M0/M0+/M3, ARMv8-M, other 32-bit targets
 * without a constant-time long multiply).
 *
 * The carry-less products use the "holes" of ghash_ct64.c: each operand
 * is split into g parts, part k holding the bits whose position is k mod
 * g; the integer product of two parts has its partial products on one
 * residue class mod g, and when no column there sums 2^g or more of them,
 * the bits of the class are the carry-less ones (in base 2^g the digits
 * never carry), the carries landing on the g - 1 positions above, which
 * belong to the other classes and are masked off. A multiplier that keeps
 * only the low 32 bits of the integer product loses nothing below bit 32
 * (carries only move up). Two ways to the 63-bit product of 32-bit words:
 *
 *  - where a bit reversal is one instruction (RBIT, Thumb-2: Cortex-M3,
 *    M33), g = 4 on whole words (at most eight partial products a column):
 *    the low half directly, the high half as the low half of the product
 *    of the bit-reversed operands, reversed: with rev(a) * rev(b) =
 *    rev63(a * b), bit i of rev32(low(rev(a) * rev(b))) is bit 31 + i of
 *    a * b, so the high word is that value shifted right by one (T. Pornin,
 *    BearSSL ghash_ctmul32.c, 2017, describes the method; this is a fresh
 *    implementation): 2 x 16 MUL per 32 x 32 product;
 *  - elsewhere (Cortex-M0+, RV32, hosts), where a reversal costs some
 *    twenty instructions, Karatsuba once more down to 16 x 16 products,
 *    which fit a 32-bit result whole, with g = 3 (parts of at most six
 *    bits, so at most six partial products a column, below 8): 3 x 9 MUL
 *    per 32 x 32 product and no reversal (M0+ -Os AES-128-GCM 566 -> 537
 *    c/B against the reversed form; on the Cortex-M4 model the reversed
 *    form wins, 102 against 135 c/B of GHASH).
 *
 * 128 x 128 is two levels of Karatsuba over the 32 x 32 products (nine of
 * them, ghash.h's pp_ghash_operands / pp_ghash_recombine): 288 MUL per
 * block in the first form, 243 in the second. Bit reversal is linear over
 * XOR, so the reversed Karatsuba operands are XOR combinations of four
 * reversed words (four RBIT per block for the data, four per call for H).
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

#if defined(__GNUC__) && defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2
#define PP_GHASH_CT32_RBIT 1
#else
#define PP_GHASH_CT32_RBIT 0
#endif

#if PP_GHASH_CT32_RBIT

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

/* Bit reversal (bit i to bit 31 - i): RBIT, one cycle. */
static uint32_t rev32(uint32_t x)
{
    uint32_t r;
    __asm__("rbit %0, %1" : "=r"(r) : "r"(x));
    return r;
}

/* H's Karatsuba operands and those of its reversed words. */
typedef struct {
    uint32_t k[9], r[9];
} hkey;

static void key_operands(const uint64_t h[2], hkey *hk)
{
    pp_ghash_operands(hk->k, (uint32_t)h[1], (uint32_t)(h[1] >> 32), (uint32_t)h[0],
                      (uint32_t)(h[0] >> 32));
    pp_ghash_operands(hk->r, rev32((uint32_t)h[1]), rev32((uint32_t)(h[1] >> 32)),
                      rev32((uint32_t)h[0]), rev32((uint32_t)(h[0] >> 32)));
}

/* lo, hi = the nine 32 x 32 products of x's operands with H's. */
static void products(const uint64_t x[2], const hkey *hk, uint32_t lo[9], uint32_t hi[9],
                     uint32_t t[18])
{
    unsigned i;
    pp_ghash_operands(t, (uint32_t)x[1], (uint32_t)(x[1] >> 32), (uint32_t)x[0],
                      (uint32_t)(x[0] >> 32));
    pp_ghash_operands(t + 9, rev32((uint32_t)x[1]), rev32((uint32_t)(x[1] >> 32)),
                      rev32((uint32_t)x[0]), rev32((uint32_t)(x[0] >> 32)));
    for (i = 0; i < 9u; i++) {
        lo[i] = bmul32(t[i], hk->k[i]);
        hi[i] = rev32(bmul32(t[9 + i], hk->r[i])) >> 1;
    }
}

#else /* !PP_GHASH_CT32_RBIT */

/* Carry-less product of two 16-bit values (31 bits, 9 MUL), classes mod
 * 3: class c collects the part pairs (i, j) with i + j = c mod 3. */
static uint32_t bmul16(uint32_t x, uint32_t y)
{
    uint32_t x0 = x & 0x9249u, x1 = x & 0x2492u, x2 = x & 0x4924u;
    uint32_t y0 = y & 0x9249u, y1 = y & 0x2492u, y2 = y & 0x4924u;
    uint32_t z0 = (x0 * y0) ^ (x1 * y2) ^ (x2 * y1);
    uint32_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y2);
    uint32_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0);
    return (z0 & 0x49249249u) | (z1 & 0x92492492u) | (z2 & 0x24924924u);
}

typedef struct {
    uint32_t k[9];
} hkey;

static void key_operands(const uint64_t h[2], hkey *hk)
{
    pp_ghash_operands(hk->k, (uint32_t)h[1], (uint32_t)(h[1] >> 32), (uint32_t)h[0],
                      (uint32_t)(h[0] >> 32));
}

/* lo, hi = the nine 32 x 32 products of x's operands with H's, each from
 * three 16 x 16 ones (Karatsuba: a1 b1 x^32 + (a0 b0 ^ a1 b1 ^
 * (a0 ^ a1)(b0 ^ b1)) x^16 + a0 b0). */
static void products(const uint64_t x[2], const hkey *hk, uint32_t lo[9], uint32_t hi[9],
                     uint32_t t[18])
{
    unsigned i;
    pp_ghash_operands(t, (uint32_t)x[1], (uint32_t)(x[1] >> 32), (uint32_t)x[0],
                      (uint32_t)(x[0] >> 32));
    for (i = 0; i < 9u; i++) {
        uint32_t a = t[i], b = hk->k[i];
        uint32_t a0 = a & 0xFFFFu, a1 = a >> 16, b0 = b & 0xFFFFu, b1 = b >> 16;
        uint32_t p0 = bmul16(a0, b0), p1 = bmul16(a1, b1);
        uint32_t p2 = bmul16(a0 ^ a1, b0 ^ b1) ^ p0 ^ p1;
        lo[i] = p0 ^ (p2 << 16);
        hi[i] = p1 ^ (p2 >> 16);
    }
}

#endif /* PP_GHASH_CT32_RBIT */

/* Scratch of one product (the caller wipes it). */
typedef struct {
    uint32_t t[18], lo[9], hi[9], z[8];
} scratch;

/* x = x * H. */
static void mul(uint64_t x[2], const hkey *hk, scratch *s)
{
    products(x, hk, s->lo, s->hi, s->t);
    pp_ghash_recombine(s->lo, s->hi, s->z);
    pp_ghash_reduce32(x, s->z);
}

void pp_ghash_ct32_mul(uint64_t x[2], const uint64_t h[2])
{
    hkey hk;
    scratch s;
    key_operands(h, &hk);
    mul(x, &hk, &s);
    pp_wipe(&hk, sizeof hk);
    pp_wipe(&s, sizeof s);
}

void pp_ghash_ct32_blocks(const uint64_t h[2], uint64_t y[2], const uint8_t *in, size_t nblocks)
{
    hkey hk;
    scratch s;
    size_t i;
    key_operands(h, &hk);
    for (i = 0; i < nblocks; i++) {
        y[0] ^= pp_load_be64(in + 16u * i);
        y[1] ^= pp_load_be64(in + 16u * i + 8u);
        mul(y, &hk, &s);
    }
    pp_wipe(&hk, sizeof hk);
    pp_wipe(&s, sizeof s);
}
