/*
 * sc25519.c -- arithmetic modulo L (see sc25519.h).
 */
#include "ed25519/sc25519.h"

#include <picopsa/config.h>

#include "common/pp_util.h"

/* L, least significant word first. */
static const uint32_t sc_L[8] = {
    0x5cf5d3edu, 0x5812631au, 0xa2f79cd6u, 0x14def9deu, 0, 0, 0, 0x10000000u
};

#if PICOPSA_ED25519_FIELD == PICOPSA_FIELD_RADIX51
/* 64-bit hosts (the 51-bit field's __int128): the same Barrett reduction
 * with b = 2^64, k = 4 (HAC 14.42), a quarter of the word products. */
__extension__ typedef unsigned __int128 sc_u128;

/* L and mu = floor(2^512 / L), least significant word first. */
static const uint64_t sc_L64[5] = {
    0x5812631a5cf5d3edu, 0x14def9dea2f79cd6u, 0, 0x1000000000000000u, 0
};
static const uint64_t sc_mu64[5] = {
    0xed9ce5a30a2c131bu, 0x2106215d086329a7u, 0xffffffffffffffebu,
    0xffffffffffffffffu, 0x000000000000000fu
};

/* r -= L when r >= L, by masks (r < 3L, 5 words). */
static void sc_cond_sub_L64(uint64_t r[5])
{
    uint64_t diff[5], borrow = 0, keep;
    unsigned i;
    for (i = 0; i < 5; i++) {
        sc_u128 t = (sc_u128)r[i] - sc_L64[i] - borrow;
        diff[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1u;
    }
    keep = (uint64_t)0 - borrow; /* borrow: r < L, keep r */
    for (i = 0; i < 5; i++) {
        r[i] = (r[i] & keep) | (diff[i] & ~keep);
    }
}

/* out = x mod L for a 512-bit x given as 8 words (HAC 14.42). */
static void sc_barrett(uint8_t out[32], const uint64_t x[8])
{
    uint64_t prod[10] = {0}, r2[5] = {0}, r[5], carry, borrow = 0;
    unsigned i, j;

    /* q1 = floor(x / b^3) = x[3..7]; q3 = floor(q1 mu / b^5) = prod[5..9]. */
    for (i = 0; i < 5; i++) {
        carry = 0;
        for (j = 0; j < 5; j++) {
            sc_u128 t = (sc_u128)x[3 + i] * sc_mu64[j] + prod[i + j] + carry;
            prod[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        prod[i + 5] = carry;
    }
    /* r2 = q3 L mod b^5 (L's words 2 and 4 are zero). */
    for (i = 0; i < 5; i++) {
        carry = 0;
        for (j = 0; i + j < 5; j++) {
            sc_u128 t = (sc_u128)prod[5 + i] * sc_L64[j] + r2[i + j] + carry;
            r2[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
    }
    /* r = x mod b^5 - r2 mod b^5, then 0 <= r < 3L: two conditional
     * subtractions (HAC 14.42 steps 3-4). */
    for (i = 0; i < 5; i++) {
        sc_u128 t = (sc_u128)x[i] - r2[i] - borrow;
        r[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1u;
    }
    sc_cond_sub_L64(r);
    sc_cond_sub_L64(r);
    for (i = 0; i < 4; i++) {
        pp_store_le64(out + 8 * i, r[i]);
    }
    pp_wipe(prod, sizeof(prod));
    pp_wipe(r2, sizeof(r2));
    pp_wipe(r, sizeof(r));
}

void pp_sc25519_reduce(uint8_t out[32], const uint8_t in[64])
{
    uint64_t x[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        x[i] = pp_load_le64(in + 8 * i);
    }
    sc_barrett(out, x);
    pp_wipe(x, sizeof(x));
}

void pp_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                    const uint8_t c[32])
{
    uint64_t aw[4], bw[4], x[8] = {0}, carry;
    unsigned i, j;
    for (i = 0; i < 4; i++) {
        aw[i] = pp_load_le64(a + 8 * i);
        bw[i] = pp_load_le64(b + 8 * i);
        x[i] = pp_load_le64(c + 8 * i);
    }
    /* x = a b + c by rows (c < 2^256 cannot carry out of 512 bits). */
    for (i = 0; i < 4; i++) {
        carry = 0;
        for (j = 0; j < 4; j++) {
            sc_u128 t = (sc_u128)aw[i] * bw[j] + x[i + j] + carry;
            x[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        x[i + 4] = carry;
    }
    sc_barrett(out, x);
    pp_wipe(aw, sizeof(aw));
    pp_wipe(bw, sizeof(bw));
    pp_wipe(x, sizeof(x));
}

#else /* 32-bit words */

/* Barrett constant mu = floor(2^512 / L) (HAC 14.42 with b = 2^32, k = 8). */
static const uint32_t sc_mu[9] = {
    0x0a2c131bu, 0xed9ce5a3u, 0x086329a7u, 0x2106215du, 0xffffffebu,
    0xffffffffu, 0xffffffffu, 0xffffffffu, 0x0000000fu
};

/* r -= L when r >= L, by masks: r holds 9 words (r < 3L < 2^288). */
static void sc_cond_sub_L(uint32_t r[9])
{
    uint32_t diff[9];
    uint64_t borrow = 0;
    uint32_t keep;
    unsigned i;
    for (i = 0; i < 9; i++) {
        uint64_t t = (uint64_t)r[i] - (i < 8 ? sc_L[i] : 0u) - borrow;
        diff[i] = (uint32_t)t;
        borrow = (t >> 32) & 1u;
    }
    /* borrow = 1: r < L, keep r. */
    keep = (uint32_t)0 - (uint32_t)borrow;
    for (i = 0; i < 9; i++) {
        r[i] = pp_ct_select_u32(keep, r[i], diff[i]);
    }
}

/* out = x mod L for a 512-bit x given as 16 words (HAC 14.42). */
static void sc_barrett(uint8_t out[32], const uint32_t x[16])
{
    uint32_t q3[9], r[9];
    uint64_t acc, carry;
    unsigned i, j;

    /* q1 = floor(x / b^7) (words 7..15), q3 = floor(q1 * mu / b^9):
     * a full column-wise product, keeping only columns >= 9. The low
     * columns still feed their carries upward. */
    {
        uint32_t prod[18];
        carry = 0;
        for (i = 0; i < 18; i++) {
            uint64_t hi = 0;
            acc = carry;
            for (j = 0; j < 9; j++) {
                if (i >= j && i - j < 9) {
                    uint64_t p = (uint64_t)x[7 + j] * sc_mu[i - j];
                    acc += (uint32_t)p;
                    hi += p >> 32;
                }
            }
            prod[i] = (uint32_t)acc;
            carry = (acc >> 32) + hi;
        }
        for (i = 0; i < 9; i++) {
            q3[i] = prod[9 + i];
        }
        pp_wipe(prod, sizeof(prod));
    }

    /* r = (x mod b^9) - (q3 * L mod b^9) mod b^9. */
    carry = 0;
    {
        uint32_t r2[9];
        uint64_t borrow = 0;
        for (i = 0; i < 9; i++) {
            uint64_t hi = 0;
            acc = carry;
            for (j = 0; j <= i && j < 8; j++) {
                uint64_t p = (uint64_t)sc_L[j] * q3[i - j];
                acc += (uint32_t)p;
                hi += p >> 32;
            }
            r2[i] = (uint32_t)acc;
            carry = (acc >> 32) + hi;
        }
        for (i = 0; i < 9; i++) {
            uint64_t t = (uint64_t)x[i] - r2[i] - borrow;
            r[i] = (uint32_t)t;
            borrow = (t >> 32) & 1u;
        }
        pp_wipe(r2, sizeof(r2));
    }
    /* HAC 14.42 step 4: 0 <= r < 3L, so two conditional subtractions. */
    sc_cond_sub_L(r);
    sc_cond_sub_L(r);
    for (i = 0; i < 8; i++) {
        pp_store_le32(out + 4 * i, r[i]);
    }
    pp_wipe(q3, sizeof(q3));
    pp_wipe(r, sizeof(r));
}

void pp_sc25519_reduce(uint8_t out[32], const uint8_t in[64])
{
    uint32_t x[16];
    unsigned i;
    for (i = 0; i < 16; i++) {
        x[i] = pp_load_le32(in + 4 * i);
    }
    sc_barrett(out, x);
    pp_wipe(x, sizeof(x));
}

void pp_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                    const uint8_t c[32])
{
    uint32_t aw[8], bw[8], x[16];
    uint64_t acc, carry = 0;
    unsigned i, j;
    for (i = 0; i < 8; i++) {
        aw[i] = pp_load_le32(a + 4 * i);
        bw[i] = pp_load_le32(b + 4 * i);
    }
    /* Schoolbook product by columns, c added into the low columns. */
    for (i = 0; i < 16; i++) {
        uint64_t hi = 0;
        acc = carry + (i < 8 ? pp_load_le32(c + 4 * i) : 0u);
        for (j = 0; j < 8; j++) {
            if (i >= j && i - j < 8) {
                uint64_t p = (uint64_t)aw[j] * bw[i - j];
                acc += (uint32_t)p;
                hi += p >> 32;
            }
        }
        x[i] = (uint32_t)acc;
        carry = (acc >> 32) + hi;
    }
    sc_barrett(out, x);
    pp_wipe(aw, sizeof(aw));
    pp_wipe(bw, sizeof(bw));
    pp_wipe(x, sizeof(x));
}

#endif

int pp_sc25519_is_canonical(const uint8_t s[32])
{
    /* s < L iff s - L borrows. */
    uint64_t borrow = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t t = (uint64_t)pp_load_le32(s + 4 * i) - sc_L[i] - borrow;
        borrow = (t >> 32) & 1u;
    }
    return (int)borrow;
}
