/*
 * poly1305.c -- Poly1305 (RFC 8439 2.5), portable and constant time.
 * h = (h + block + hibit*2^128) * r mod 2^130-5 per 16-byte block
 * (RFC 8439 2.5.1); the last partial block gets a 0x01 byte and no hibit.
 */
#include <string.h>

#include "common/pp_util.h"
#include "poly1305/poly1305.h"
#if !PP_POLY1305_RADIX26
#include "poly1305/poly1305_r44.h"
#include "poly1305/poly1305_simd.h"
#endif

/* Radix 2^32 (below) where the core multiplies 32 x 32 -> 64 in one
 * constant-time cycle and there is no __int128: ARMv7E-M / ARMv8-M Main
 * with the DSP extension (Cortex-M4/M7/M33). Cortex-M0+ (no UMULL: each
 * product is a libgcc call) and Cortex-M3 (UMULL terminates early, its
 * timing depends on the operands) keep radix 2^26. The context layout is
 * the radix-2^26 one (r[5], h[5]). PP_POLY1305_RADIX32=1 with
 * PP_POLY1305_RADIX26=1 forces it on any host (test_poly1305_r32.c). */
#ifndef PP_POLY1305_RADIX32
#if PP_POLY1305_RADIX26 && defined(__ARM_FEATURE_DSP)
#define PP_POLY1305_RADIX32 1
#else
#define PP_POLY1305_RADIX32 0
#endif
#endif
#if PP_POLY1305_RADIX32 && !PP_POLY1305_RADIX26
#error "PP_POLY1305_RADIX32 needs the radix-2^26 context (PP_POLY1305_RADIX26)"
#endif
/* The radix-2^32 loop in Thumb-2 assembly (poly1305_armv7em.c, the same
 * arithmetic) on those cores; PP_POLY1305_ARMV7EM=0 keeps the C loop. */
#ifndef PP_POLY1305_ARMV7EM
#if PP_POLY1305_RADIX32 && defined(__GNUC__) && defined(__ARM_FEATURE_DSP) && \
    defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2 && !defined(__ARM_BIG_ENDIAN)
#define PP_POLY1305_ARMV7EM 1
#else
#define PP_POLY1305_ARMV7EM 0
#endif
#endif
#if PP_POLY1305_ARMV7EM
void pp_poly1305_armv7em_blocks(uint32_t h[5], const uint32_t r[4], const uint8_t *m, size_t n,
                                uint32_t hibit);
#endif

#if !PP_POLY1305_RADIX26
/* ---- radix 2^44: h, r as 44 + 44 + 42 bits ---- */
#define M44 PP_M44
#define M42 PP_M42

void pp_poly1305_init(pp_poly1305_ctx *c, const uint8_t key[32])
{
    /* Clamp r (RFC 8439 2.5.1): r &= 0x0ffffffc0ffffffc0ffffffc0fffffff. */
    uint64_t t0 = pp_load_le64(key) & 0x0ffffffc0fffffffULL;
    uint64_t t1 = pp_load_le64(key + 8) & 0x0ffffffc0ffffffcULL;
    c->r[0] = t0 & M44;
    c->r[1] = ((t0 >> 44) | (t1 << 20)) & M44;
    c->r[2] = (t1 >> 24) & M42;
    c->h[0] = c->h[1] = c->h[2] = 0;
    c->s[0] = pp_load_le32(key + 16);
    c->s[1] = pp_load_le32(key + 20);
    c->s[2] = pp_load_le32(key + 24);
    c->s[3] = pp_load_le32(key + 28);
    c->used = 0;
}

static void blocks(pp_poly1305_ctx *c, const uint8_t *m, size_t nblocks, uint64_t hibit)
{
    uint64_t h[3];
    h[0] = c->h[0];
    h[1] = c->h[1];
    h[2] = c->h[2];
#if PP_POLY1305_X86
    if (hibit != 0 && nblocks >= PP_POLY1305_X86_MIN_BLOCKS && pp_poly1305_x86_available()) {
        /* Eight blocks a step (poly1305_x86.c); the rest below. */
        size_t chunks = nblocks / 8u;
        pp_poly1305_x86_blocks(h, c->r, m, chunks);
        m += 128u * chunks;
        nblocks -= 8u * chunks;
    }
#endif
    while (nblocks-- > 0) {
        uint64_t t0 = pp_load_le64(m), t1 = pp_load_le64(m + 8);
        h[0] += t0 & M44;
        h[1] += ((t0 >> 44) | (t1 << 20)) & M44;
        h[2] += ((t1 >> 24) & M42) | hibit;
        pp_poly1305_mul44(h, c->r);
        m += 16;
    }
    c->h[0] = h[0];
    c->h[1] = h[1];
    c->h[2] = h[2];
}

static void final_tag(pp_poly1305_ctx *c, uint8_t tag[16])
{
    uint64_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2];
    uint64_t g0, g1, g2, cr, mask, lo, hi;
    pp_u128 acc;
    /* Full carry so that h < 2^130. */
    cr = h1 >> 44; h1 &= M44; h2 += cr;
    cr = h2 >> 42; h2 &= M42; h0 += cr * 5;
    cr = h0 >> 44; h0 &= M44; h1 += cr;
    cr = h1 >> 44; h1 &= M44; h2 += cr;
    cr = h2 >> 42; h2 &= M42; h0 += cr * 5;
    cr = h0 >> 44; h0 &= M44; h1 += cr;
    /* g = h + 5 - 2^130; keep g when it did not borrow (h >= p). */
    g0 = h0 + 5; cr = g0 >> 44; g0 &= M44;
    g1 = h1 + cr; cr = g1 >> 44; g1 &= M44;
    g2 = h2 + cr - ((uint64_t)1 << 42);
    mask = pp_ct_barrier_u64((g2 >> 63) - 1); /* all ones when g2 >= 0 */
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask & M42);
    /* tag = (h + s) mod 2^128 (RFC 8439 2.5.1). */
    lo = h0 | (h1 << 44);
    hi = (h1 >> 20) | (h2 << 24);
    acc = (pp_u128)lo + ((uint64_t)c->s[0] | ((uint64_t)c->s[1] << 32));
    pp_store_le64(tag, (uint64_t)acc);
    acc = (acc >> 64) + hi + ((uint64_t)c->s[2] | ((uint64_t)c->s[3] << 32));
    pp_store_le64(tag + 8, (uint64_t)acc);
}
#define HIBIT ((uint64_t)1 << 40)

#elif PP_POLY1305_RADIX32
/* ---- radix 2^32: h in four words and a small fifth (h4 <= 6 between
 * blocks), r in four words. Clamping leaves r1, r2, r3 multiples of 4, so
 * a product h_i r_j that lands at 2^128 or above (i + j >= 4) folds down
 * exactly: h_i r_j 2^(32(i+j)) = h_i (r_j / 4) 2^130 2^(32(i+j-4)), and
 * 2^130 = 5 mod p, so it adds h_i s_j with s_j = r_j + r_j / 4 four words
 * lower. Twenty 32 x 32 -> 64 products per block (UMULL/UMLAL, one cycle
 * each on Cortex-M4/M7/M33), against twenty-five for radix 2^26. Bounds:
 * h_i < 2^32, r_j < 2^28, s_j < 2^28.33: each column below 2^62.4, d4 =
 * h4 r0 + carry below 2^31.4, so (d4 >> 2) * 5 fits 32 bits. ---- */
void pp_poly1305_init(pp_poly1305_ctx *c, const uint8_t key[32])
{
    /* Clamp r (RFC 8439 2.5.1): r &= 0x0ffffffc0ffffffc0ffffffc0fffffff. */
    c->r[0] = pp_load_le32(key) & 0x0fffffffu;
    c->r[1] = pp_load_le32(key + 4) & 0x0ffffffcu;
    c->r[2] = pp_load_le32(key + 8) & 0x0ffffffcu;
    c->r[3] = pp_load_le32(key + 12) & 0x0ffffffcu;
    c->r[4] = 0;
    c->h[0] = c->h[1] = c->h[2] = c->h[3] = c->h[4] = 0;
    c->s[0] = pp_load_le32(key + 16);
    c->s[1] = pp_load_le32(key + 20);
    c->s[2] = pp_load_le32(key + 24);
    c->s[3] = pp_load_le32(key + 28);
    c->used = 0;
}

static void blocks(pp_poly1305_ctx *c, const uint8_t *m, size_t nblocks, uint32_t hibit)
{
#if PP_POLY1305_ARMV7EM
    if (nblocks > 0)
        pp_poly1305_armv7em_blocks(c->h, c->r, m, nblocks, hibit);
#else
    const uint32_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2], r3 = c->r[3];
    const uint32_t s1 = r1 + (r1 >> 2), s2 = r2 + (r2 >> 2), s3 = r3 + (r3 >> 2);
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];
    while (nblocks-- > 0) {
        uint64_t d0, d1, d2, d3, t;
        uint32_t d4;
        /* h += m + hibit 2^128 */
        t = (uint64_t)h0 + pp_load_le32(m); h0 = (uint32_t)t;
        t = (uint64_t)h1 + pp_load_le32(m + 4) + (t >> 32); h1 = (uint32_t)t;
        t = (uint64_t)h2 + pp_load_le32(m + 8) + (t >> 32); h2 = (uint32_t)t;
        t = (uint64_t)h3 + pp_load_le32(m + 12) + (t >> 32); h3 = (uint32_t)t;
        h4 += (uint32_t)(t >> 32) + hibit;
        /* h * r, the columns at 2^128 and above folded (s_j) */
        d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s3 + (uint64_t)h2 * s2 + (uint64_t)h3 * s1;
        d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 +
             (uint64_t)h4 * s1;
        d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s3 +
             (uint64_t)h4 * s2;
        d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 +
             (uint64_t)h4 * s3;
        d4 = h4 * r0;
        d1 += d0 >> 32; h0 = (uint32_t)d0;
        d2 += d1 >> 32; h1 = (uint32_t)d1;
        d3 += d2 >> 32; h2 = (uint32_t)d2;
        d4 += (uint32_t)(d3 >> 32); h3 = (uint32_t)d3;
        /* The bits from 2^130 on, times 5, back into h0 (2^130 = 5 mod p). */
        t = (uint64_t)h0 + (d4 >> 2) * 5u; h0 = (uint32_t)t;
        t = (uint64_t)h1 + (t >> 32); h1 = (uint32_t)t;
        t = (uint64_t)h2 + (t >> 32); h2 = (uint32_t)t;
        t = (uint64_t)h3 + (t >> 32); h3 = (uint32_t)t;
        h4 = (d4 & 3u) + (uint32_t)(t >> 32);
        m += 16;
    }
    c->h[0] = h0; c->h[1] = h1; c->h[2] = h2; c->h[3] = h3; c->h[4] = h4;
#endif
}

static void final_tag(pp_poly1305_ctx *c, uint8_t tag[16])
{
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];
    uint32_t g0, g1, g2, g3, g4, mask;
    uint64_t t;
    /* Fold once more: h < 2^130 + 5, so h mod p is h or h - p. */
    t = (uint64_t)h0 + (h4 >> 2) * 5u; h0 = (uint32_t)t;
    t = (uint64_t)h1 + (t >> 32); h1 = (uint32_t)t;
    t = (uint64_t)h2 + (t >> 32); h2 = (uint32_t)t;
    t = (uint64_t)h3 + (t >> 32); h3 = (uint32_t)t;
    h4 = (h4 & 3u) + (uint32_t)(t >> 32);
    /* g = h + 5: it reaches 2^130 exactly when h >= p; then keep g
     * (= h - p + 2^130, the same low 128 bits as h - p). */
    t = (uint64_t)h0 + 5u; g0 = (uint32_t)t;
    t = (uint64_t)h1 + (t >> 32); g1 = (uint32_t)t;
    t = (uint64_t)h2 + (t >> 32); g2 = (uint32_t)t;
    t = (uint64_t)h3 + (t >> 32); g3 = (uint32_t)t;
    g4 = h4 + (uint32_t)(t >> 32);
    mask = pp_ct_barrier_u32(0u - (g4 >> 2));
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask);
    h3 = (h3 & ~mask) | (g3 & mask);
    /* tag = (h + s) mod 2^128 (RFC 8439 2.5.1). */
    t = (uint64_t)h0 + c->s[0]; pp_store_le32(tag, (uint32_t)t);
    t = (uint64_t)h1 + c->s[1] + (t >> 32); pp_store_le32(tag + 4, (uint32_t)t);
    t = (uint64_t)h2 + c->s[2] + (t >> 32); pp_store_le32(tag + 8, (uint32_t)t);
    t = (uint64_t)h3 + c->s[3] + (t >> 32); pp_store_le32(tag + 12, (uint32_t)t);
}
#define HIBIT ((uint32_t)1)

#else
/* ---- radix 2^26: five 26-bit limbs ---- */
#define M26 ((uint32_t)0x3ffffff)

void pp_poly1305_init(pp_poly1305_ctx *c, const uint8_t key[32])
{
    /* Clamp r (RFC 8439 2.5.1) while splitting into 26-bit limbs. */
    c->r[0] = pp_load_le32(key) & 0x3ffffff;
    c->r[1] = (pp_load_le32(key + 3) >> 2) & 0x3ffff03;
    c->r[2] = (pp_load_le32(key + 6) >> 4) & 0x3ffc0ff;
    c->r[3] = (pp_load_le32(key + 9) >> 6) & 0x3f03fff;
    c->r[4] = (pp_load_le32(key + 12) >> 8) & 0x00fffff;
    c->h[0] = c->h[1] = c->h[2] = c->h[3] = c->h[4] = 0;
    c->s[0] = pp_load_le32(key + 16);
    c->s[1] = pp_load_le32(key + 20);
    c->s[2] = pp_load_le32(key + 24);
    c->s[3] = pp_load_le32(key + 28);
    c->used = 0;
}

static void blocks(pp_poly1305_ctx *c, const uint8_t *m, size_t nblocks, uint32_t hibit)
{
    const uint32_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2], r3 = c->r[3], r4 = c->r[4];
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];
    while (nblocks-- > 0) {
        uint64_t d0, d1, d2, d3, d4;
        uint32_t cr;
        h0 += pp_load_le32(m) & M26;
        h1 += (pp_load_le32(m + 3) >> 2) & M26;
        h2 += (pp_load_le32(m + 6) >> 4) & M26;
        h3 += (pp_load_le32(m + 9) >> 6) & M26;
        h4 += (pp_load_le32(m + 12) >> 8) | hibit;
        d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 +
             (uint64_t)h4 * s1;
        d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 +
             (uint64_t)h4 * s2;
        d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 +
             (uint64_t)h4 * s3;
        d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 +
             (uint64_t)h4 * s4;
        d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 +
             (uint64_t)h4 * r0;
        cr = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & M26;
        d1 += cr; cr = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & M26;
        d2 += cr; cr = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & M26;
        d3 += cr; cr = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & M26;
        d4 += cr; cr = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & M26;
        h0 += cr * 5; cr = h0 >> 26; h0 &= M26;
        h1 += cr;
        m += 16;
    }
    c->h[0] = h0; c->h[1] = h1; c->h[2] = h2; c->h[3] = h3; c->h[4] = h4;
}

static void final_tag(pp_poly1305_ctx *c, uint8_t tag[16])
{
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];
    uint32_t g0, g1, g2, g3, g4, cr, mask, w0, w1, w2, w3;
    uint64_t f;
    cr = h1 >> 26; h1 &= M26; h2 += cr;
    cr = h2 >> 26; h2 &= M26; h3 += cr;
    cr = h3 >> 26; h3 &= M26; h4 += cr;
    cr = h4 >> 26; h4 &= M26; h0 += cr * 5;
    cr = h0 >> 26; h0 &= M26; h1 += cr;
    /* g = h + 5 - 2^130; select it when it did not borrow. */
    g0 = h0 + 5; cr = g0 >> 26; g0 &= M26;
    g1 = h1 + cr; cr = g1 >> 26; g1 &= M26;
    g2 = h2 + cr; cr = g2 >> 26; g2 &= M26;
    g3 = h3 + cr; cr = g3 >> 26; g3 &= M26;
    g4 = h4 + cr - ((uint32_t)1 << 26);
    mask = pp_ct_barrier_u32((g4 >> 31) - 1);
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask);
    h3 = (h3 & ~mask) | (g3 & mask);
    h4 = (h4 & ~mask) | (g4 & mask);
    w0 = h0 | (h1 << 26);
    w1 = (h1 >> 6) | (h2 << 20);
    w2 = (h2 >> 12) | (h3 << 14);
    w3 = (h3 >> 18) | (h4 << 8);
    f = (uint64_t)w0 + c->s[0]; pp_store_le32(tag, (uint32_t)f);
    f = (uint64_t)w1 + c->s[1] + (f >> 32); pp_store_le32(tag + 4, (uint32_t)f);
    f = (uint64_t)w2 + c->s[2] + (f >> 32); pp_store_le32(tag + 8, (uint32_t)f);
    f = (uint64_t)w3 + c->s[3] + (f >> 32); pp_store_le32(tag + 12, (uint32_t)f);
}
#define HIBIT ((uint32_t)1 << 24)
#endif

void pp_poly1305_update(pp_poly1305_ctx *c, const uint8_t *in, size_t len)
{
    if (len == 0) {
        return;   /* in may be NULL: no memcpy from it (C11 7.24.1p2) */
    }
    if (c->used > 0) {
        size_t take = 16 - c->used;
        if (take > len) {
            take = len;
        }
        memcpy(c->buffer + c->used, in, take);
        c->used += take;
        in += take;
        len -= take;
        if (c->used < 16) {
            return;
        }
        blocks(c, c->buffer, 1, HIBIT);
        c->used = 0;
    }
    if (len >= 16) {
        blocks(c, in, len / 16, HIBIT);
        in += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0) {
        memcpy(c->buffer, in, len);
        c->used = len;
    }
}

void pp_poly1305_finish(pp_poly1305_ctx *c, uint8_t tag[16])
{
    if (c->used > 0) {
        /* Last partial block: append 0x01, zero pad, no 2^128 bit. */
        c->buffer[c->used] = 1;
        memset(c->buffer + c->used + 1, 0, 15 - c->used);
        blocks(c, c->buffer, 1, 0);
    }
    final_tag(c, tag);
    pp_wipe(c, sizeof(*c));
}

void pp_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg, size_t len)
{
    pp_poly1305_ctx c;
    pp_poly1305_init(&c, key);
    pp_poly1305_update(&c, msg, len);
    pp_poly1305_finish(&c, tag);
}
