/*
 * ghash_ct64.c -- portable constant-time GHASH (SP 800-38D 6.3, 6.4), see
 * ghash.h, and the routing between it and the PCLMULQDQ path.
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

/* Reduce the 256-bit carry-less product w3:w2:w1:w0 (w3 most significant)
 * of two elements in the big-endian form to x (ghash.h). First the shift
 * by one that turns the reversed product into GCM's order; then, with w3
 * holding degrees 0..63 (bit 63 = x^0) down to w0 holding 192..255, fold
 * degree 128 + d onto d using x^128 = 1 + x + x^2 + x^7: a factor x^s is a
 * right shift by s in this order, and the bits shifted out of a word
 * belong to the next one (left shift by 64 - s). w0 is folded first (into
 * w2, w1), then w1 (into w3, w2); the bits w0 adds to w1 sit at its top
 * seven positions and are shifted out entirely by the second fold. */
static void reduce(uint64_t x[2], uint64_t w3, uint64_t w2, uint64_t w1, uint64_t w0)
{
    w3 = (w3 << 1) | (w2 >> 63);
    w2 = (w2 << 1) | (w1 >> 63);
    w1 = (w1 << 1) | (w0 >> 63);
    w0 <<= 1;
    w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
    w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
    w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
    w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
    x[0] = w3;
    x[1] = w2;
}

void pp_ghash_ct64_mul(uint64_t x[2], const uint64_t h[2])
{
    uint64_t hh, hl, lh, ll, mh, ml;
    clmul64(x[0], h[0], &hh, &hl);
    clmul64(x[1], h[1], &lh, &ll);
    clmul64(x[0] ^ x[1], h[0] ^ h[1], &mh, &ml);
    mh ^= hh ^ lh;
    ml ^= hl ^ ll;
    reduce(x, hh, hl ^ mh, lh ^ ml, ll);
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
    pp_ghash_ct64_blocks(k->h[0], y, in, nblocks);
}

void pp_ghash_wipe(pp_ghash_key *k)
{
    pp_wipe(k, sizeof *k);
}
