/*
 * chacha20.c -- ChaCha20 (RFC 8439 2.3, 2.4), HChaCha20 and XChaCha20
 * (draft-irtf-cfrg-xchacha-03 2.2, 2.3); see chacha20.h for the contract.
 *
 * One portable block function shared by everything: the 20 rounds run on a
 * local copy of the state that the compiler keeps in registers (every index
 * is a constant once the quarter rounds are inlined). Whole 64-byte blocks
 * are XORed a 32-bit word at a time straight from the block's words; only
 * the partial block at the end of a call goes through ctx->ks, whose
 * unused bytes the next call consumes first.
 *
 * PP_CHACHA20_WIDE (default: on where the compiler auto-vectorises plain C
 * -- SSE2 or NEON targets, not at -Os): runs of 4 blocks go through a
 * second, still plain-C form that keeps word i of 4 consecutive blocks
 * side by side (x[i][lane]), so each quarter-round step is one 4-lane
 * operation the optimiser turns into vector instructions (gcc -O2 on
 * x86-64: about 1.8 times the one-block speed). Microcontrollers keep the
 * one-block form only: smaller, and fastest without vector registers.
 * On x86-64 with AVX2 or AVX-512VL, runs of 8 blocks (16 with AVX-512) go
 * through chacha20_x86.c (chacha20_simd.h; PICOPSA_CHACHA20_SIMD) and the
 * tail of a call in one more kernel call (AVX-512: every tail; AVX2: two
 * blocks or more), on AArch64 runs of 4 blocks through chacha20_neon.c.
 * With PICOPSA_CHACHA20_ARMV7M (Cortex-M3/M4/M7/M33) every keystream block
 * of pp_chacha20_xor comes from the Thumb-2 kernel of chacha20_armv7m.c,
 * the partial last block too (run over ctx->ks), and HChaCha20's rounds
 * (pp_chacha20_rounds: the kernel's block minus its input).
 */
#include "chacha20/chacha20.h"

#include <string.h>

#include "chacha20/chacha20_armv7m.h"
#include "chacha20/chacha20_simd.h"
#include "common/pp_util.h"

#ifndef PP_CHACHA20_WIDE
#if (defined(__SSE2__) || defined(__ARM_NEON)) && !defined(__OPTIMIZE_SIZE__)
#define PP_CHACHA20_WIDE 1
#else
#define PP_CHACHA20_WIDE 0
#endif
#endif

/* RFC 8439 2.3.1 inner_block: a column round, then a diagonal one, with
 * the quarter round qr of the one-block or the four-block form. */
#define INNER_BLOCK(qr, x)       \
    do {                         \
        qr(x, 0, 4, 8, 12);      \
        qr(x, 1, 5, 9, 13);      \
        qr(x, 2, 6, 10, 14);     \
        qr(x, 3, 7, 11, 15);     \
        qr(x, 0, 5, 10, 15);     \
        qr(x, 1, 6, 11, 12);     \
        qr(x, 2, 7, 8, 13);      \
        qr(x, 3, 4, 9, 14);      \
    } while (0)

void pp_chacha20_rounds(uint32_t out[16], const uint32_t in[16])
{
#if PP_CHACHA20_ARMV7M
    /* The Thumb-2 kernel's keystream of one zero block is rounds(in) + in
     * (little-endian words): subtracting in leaves the rounds, without a
     * second copy of them in C (HChaCha20 is the only caller). */
    uint32_t k[16];
    unsigned i;

    memset(k, 0, sizeof(k));
    pp_chacha20_armv7m_xor(in, (const uint8_t *)k, (uint8_t *)k, 1);
    for (i = 0; i < 16; i++)
        out[i] = k[i] - in[i];
    pp_wipe(k, sizeof(k));
#else
    uint32_t x[16];
    unsigned i;

    for (i = 0; i < 16; i++)
        x[i] = in[i];
    for (i = 0; i < 10; i++)
        INNER_BLOCK(pp_chacha20_quarter_round, x);
    for (i = 0; i < 16; i++)
        out[i] = x[i];
    /* x is not wiped: it lives in registers (a pp_wipe would force it to
     * memory on every block); the result is in out, which callers wipe. */
#endif
}

/* RFC 8439 2.3: words 0-3 "expand 32-byte k", 4-11 the key (little endian). */
static void setup(uint32_t s[16], const uint8_t key[32])
{
    unsigned i;
    s[0] = 0x61707865u;
    s[1] = 0x3320646eu;
    s[2] = 0x79622d32u;
    s[3] = 0x6b206574u;
    for (i = 0; i < 8; i++)
        s[4 + i] = pp_load_le32(key + 4 * i);
}

void pp_chacha20_init(pp_chacha20_ctx *ctx, const uint8_t key[32], uint32_t counter,
                      const uint8_t nonce[12])
{
    setup(ctx->s, key);
    ctx->s[12] = counter;
    ctx->s[13] = pp_load_le32(nonce);
    ctx->s[14] = pp_load_le32(nonce + 4);
    ctx->s[15] = pp_load_le32(nonce + 8);
    ctx->avail = 0;
    ctx->live = 1;
}

psa_status_t pp_chacha20_init_iv(pp_chacha20_ctx *ctx, const uint8_t key[32],
                                 const uint8_t *iv, size_t iv_len)
{
    if (iv_len == PP_CHACHA20_NONCE_SIZE) {
        pp_chacha20_init(ctx, key, 0, iv);
    } else if (iv_len == PP_CHACHA20_IV16_SIZE) {
        pp_chacha20_init(ctx, key, pp_load_le32(iv), iv + 4);
    } else {
        pp_chacha20_wipe(ctx);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

void pp_hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16])
{
    uint32_t x[16];
    unsigned i;

    /* Every input is read before out (which may alias them) is written. */
    setup(x, key);
    for (i = 0; i < 4; i++)
        x[12 + i] = pp_load_le32(nonce + 4 * i);
    pp_chacha20_rounds(x, x);
    /* No feed-forward: rows 0 and 3 are the subkey (draft 2.2). */
    for (i = 0; i < 4; i++) {
        pp_store_le32(out + 4 * i, x[i]);
        pp_store_le32(out + 16 + 4 * i, x[12 + i]);
    }
    pp_wipe(x, sizeof(x));
}

void pp_xchacha20_init(pp_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[24])
{
    uint8_t subkey[32], n12[12];

    memset(n12, 0, 4);
    memcpy(n12 + 4, nonce + 16, 8);
    pp_hchacha20(subkey, key, nonce);
    pp_chacha20_init(ctx, subkey, 0, n12);
    pp_wipe(subkey, sizeof(subkey));
    pp_wipe(n12, sizeof(n12));
}

#if !PP_CHACHA20_ARMV7M
/* RFC 8439 2.3: keystream block s[12] into k, then the counter moves on.
 * The caller has checked that block s[12] exists (ctx->live). */
static void next_block(pp_chacha20_ctx *ctx, uint32_t k[16])
{
    unsigned i;
    pp_chacha20_rounds(k, ctx->s);
    for (i = 0; i < 16; i++)
        k[i] += ctx->s[i];
    ctx->s[12]++;
    ctx->live = (uint8_t)(ctx->s[12] != 0);  /* public: the counter */
}
#endif

#if PP_CHACHA20_WIDE
/* RFC 8439 2.1 on words a, b, c, d of four blocks at once. */
static inline void quarter_round4(uint32_t x[16][4], unsigned a, unsigned b, unsigned c,
                                  unsigned d)
{
    unsigned l;
    for (l = 0; l < 4; l++) {
        x[a][l] += x[b][l]; x[d][l] = pp_chacha20_rotl(x[d][l] ^ x[a][l], 16);
        x[c][l] += x[d][l]; x[b][l] = pp_chacha20_rotl(x[b][l] ^ x[c][l], 12);
        x[a][l] += x[b][l]; x[d][l] = pp_chacha20_rotl(x[d][l] ^ x[a][l], 8);
        x[c][l] += x[d][l]; x[b][l] = pp_chacha20_rotl(x[b][l] ^ x[c][l], 7);
    }
}

/* Blocks s[12] .. s[12] + 3 XORed into 256 bytes; the caller has checked
 * that they exist, so s[12] + lane does not wrap. */
static void xor_4_blocks(pp_chacha20_ctx *ctx, const uint8_t *in, uint8_t *out)
{
    uint32_t x[16][4];
    unsigned i, l;

    for (i = 0; i < 16; i++)
        for (l = 0; l < 4; l++)
            x[i][l] = ctx->s[i] + (i == 12 ? l : 0u);
    for (i = 0; i < 10; i++)
        INNER_BLOCK(quarter_round4, x);
    for (i = 0; i < 16; i++)
        for (l = 0; l < 4; l++)
            x[i][l] += ctx->s[i] + (i == 12 ? l : 0u);
    for (l = 0; l < 4; l++)
        for (i = 0; i < 16; i++)
            pp_store_le32(out + 64 * l + 4 * i, pp_load_le32(in + 64 * l + 4 * i) ^ x[i][l]);
    pp_wipe(x, sizeof(x));
    ctx->s[12] += 4;
    ctx->live = (uint8_t)(ctx->s[12] != 0);
}
#endif

psa_status_t pp_chacha20_xor(pp_chacha20_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
#if !PP_CHACHA20_ARMV7M
    uint32_t k[16];
#endif
    size_t i, n;

    if (len == 0)
        return PSA_SUCCESS;
    if (len > ctx->avail) {
        /* This call generates blocks s[12] .. s[12] + more; the last must
         * be at most 2^32 - 1. Checked before any output (all or nothing). */
        uint64_t more = (uint64_t)((len - ctx->avail - 1) / PP_CHACHA20_BLOCK_SIZE);
        uint64_t room = (uint64_t)UINT32_MAX - (uint64_t)ctx->s[12];
        if (!ctx->live || more > room)
            return PSA_ERROR_INVALID_ARGUMENT;
    }

    /* The rest of the previous call's last block (on x86-64 8 bytes a
     * step: there a whole kept block is the next call's 64 bytes, see
     * pp_chacha20_first_block). */
    n = len < ctx->avail ? len : ctx->avail;
    i = 0;
#if PP_CHACHA20_X86
    for (; n - i >= 8u; i += 8u)
        pp_store_le64(out + i, pp_load_le64(in + i) ^
                                   pp_load_le64(ctx->ks + PP_CHACHA20_BLOCK_SIZE - ctx->avail + i));
#endif
    for (; i < n; i++)
        out[i] = (uint8_t)(in[i] ^ ctx->ks[PP_CHACHA20_BLOCK_SIZE - ctx->avail + i]);
    ctx->avail = (uint8_t)(ctx->avail - n);
    in += n;
    out += n;
    len -= n;

    /* Whole blocks, a word at a time; in == out is fine (each word is read
     * before the same word is written). */
#if PP_CHACHA20_X86
    {
        /* Whole steps (chacha20_x86.c), then a tail of two blocks or more
         * in one more kernel call (pp_chacha20_x86_tail); the room was
         * checked above. */
        const int kernel = pp_chacha20_x86_kernel();
        if (kernel != 0) {
            const size_t step = pp_chacha20_x86_step(kernel);
            size_t whole = len - len % step;
            if (whole != 0) {
                pp_chacha20_x86_xor8(kernel, ctx->s, in, out, whole / 512u);
                ctx->s[12] += (uint32_t)(whole / PP_CHACHA20_BLOCK_SIZE);
                ctx->live = (uint8_t)(ctx->s[12] != 0);
                in += whole;
                out += whole;
                len -= whole;
            }
            if (len > PP_CHACHA20_BLOCK_SIZE || (len != 0 && kernel == 2)) {
                /* With AVX2 alone one block is faster in the portable code
                 * below (about 130 ns against 240 for an eight-lane call). */
                pp_chacha20_x86_tail(kernel, ctx->s, in, out, len, ctx->ks);
                ctx->s[12] += (uint32_t)((len + PP_CHACHA20_BLOCK_SIZE - 1u) / PP_CHACHA20_BLOCK_SIZE);
                ctx->live = (uint8_t)(ctx->s[12] != 0);
                ctx->avail = (uint8_t)((PP_CHACHA20_BLOCK_SIZE - len % PP_CHACHA20_BLOCK_SIZE) %
                                       PP_CHACHA20_BLOCK_SIZE);
                return PSA_SUCCESS;
            }
        }
    }
#endif
#if PP_CHACHA20_NEON
    if (len >= 4 * PP_CHACHA20_BLOCK_SIZE && pp_chacha20_neon_enabled()) {
        /* Four blocks a step (chacha20_neon.c); the room was checked above. */
        size_t steps = len / (4 * PP_CHACHA20_BLOCK_SIZE);
        pp_chacha20_neon_xor4(ctx->s, in, out, steps);
        ctx->s[12] += (uint32_t)(4u * steps);
        ctx->live = (uint8_t)(ctx->s[12] != 0);
        in += steps * 4 * PP_CHACHA20_BLOCK_SIZE;
        out += steps * 4 * PP_CHACHA20_BLOCK_SIZE;
        len -= steps * 4 * PP_CHACHA20_BLOCK_SIZE;
    }
#endif
#if PP_CHACHA20_WIDE
    for (; len >= 4 * PP_CHACHA20_BLOCK_SIZE; len -= 4 * PP_CHACHA20_BLOCK_SIZE) {
        xor_4_blocks(ctx, in, out);
        in += 4 * PP_CHACHA20_BLOCK_SIZE;
        out += 4 * PP_CHACHA20_BLOCK_SIZE;
    }
#endif
#if PP_CHACHA20_ARMV7M
    /* Whole blocks, then the partial one, through the Thumb-2 kernel: the
     * tail is copied into ks, zero-padded and encrypted in place, so ks
     * ends with the keystream the next call consumes first. */
    if (len >= PP_CHACHA20_BLOCK_SIZE) {
        size_t blocks = len / PP_CHACHA20_BLOCK_SIZE;
        pp_chacha20_armv7m_xor(ctx->s, in, out, blocks);
        ctx->s[12] += (uint32_t)blocks;
        ctx->live = (uint8_t)(ctx->s[12] != 0);
        in += blocks * PP_CHACHA20_BLOCK_SIZE;
        out += blocks * PP_CHACHA20_BLOCK_SIZE;
        len -= blocks * PP_CHACHA20_BLOCK_SIZE;
    }
    if (len > 0) {
        memcpy(ctx->ks, in, len);
        memset(ctx->ks + len, 0, PP_CHACHA20_BLOCK_SIZE - len);
        pp_chacha20_armv7m_xor(ctx->s, ctx->ks, ctx->ks, 1);
        ctx->s[12]++;
        ctx->live = (uint8_t)(ctx->s[12] != 0);
        memcpy(out, ctx->ks, len);
        memset(ctx->ks, 0, len);
        ctx->avail = (uint8_t)(PP_CHACHA20_BLOCK_SIZE - len);
    }
    return PSA_SUCCESS;
#else
    for (; len >= PP_CHACHA20_BLOCK_SIZE; len -= PP_CHACHA20_BLOCK_SIZE) {
        next_block(ctx, k);
        for (i = 0; i < 16; i++)
            pp_store_le32(out + 4 * i, pp_load_le32(in + 4 * i) ^ k[i]);
        in += PP_CHACHA20_BLOCK_SIZE;
        out += PP_CHACHA20_BLOCK_SIZE;
    }

    /* A partial block: keep its unused keystream for the next call. */
    if (len > 0) {
        next_block(ctx, k);
        for (i = 0; i < 16; i++)
            pp_store_le32(ctx->ks + 4 * i, k[i]);
        for (i = 0; i < len; i++)
            out[i] = (uint8_t)(in[i] ^ ctx->ks[i]);
        ctx->avail = (uint8_t)(PP_CHACHA20_BLOCK_SIZE - len);
    }
    pp_wipe(k, sizeof(k));
    return PSA_SUCCESS;
#endif
}

psa_status_t pp_chacha20_first_block(pp_chacha20_ctx *ctx, uint8_t first[64])
{
    psa_status_t status;
#if PP_CHACHA20_X86
    if (pp_chacha20_x86_kernel() != 0 && ctx->avail == 0 && ctx->live && ctx->s[12] != UINT32_MAX) {
        /* One kernel call (the rows form with AVX-512) makes both blocks
         * for about the price of one: keep the second as the unused end
         * of the last block (ctx->ks), so a message of up to 64 bytes
         * after it needs no keystream call of its own. */
        static const uint8_t zero[2 * PP_CHACHA20_BLOCK_SIZE];
        uint8_t two[2 * PP_CHACHA20_BLOCK_SIZE];
        status = pp_chacha20_xor(ctx, zero, two, sizeof(two));
        memcpy(first, two, PP_CHACHA20_BLOCK_SIZE);
        memcpy(ctx->ks, two + PP_CHACHA20_BLOCK_SIZE, PP_CHACHA20_BLOCK_SIZE);
        ctx->avail = PP_CHACHA20_BLOCK_SIZE;
        pp_wipe(two, sizeof(two));
        return status;
    }
#endif
    memset(first, 0, PP_CHACHA20_BLOCK_SIZE);
    status = pp_chacha20_xor(ctx, first, first, PP_CHACHA20_BLOCK_SIZE);
    return status;
}

const char *pp_chacha20_backend_name(void)
{
#if PP_CHACHA20_X86
    switch (pp_chacha20_x86_kernel()) {
    case 2:
        return "x86-64 AVX-512";
    case 1:
        return "x86-64 AVX2";
    default:
        break;
    }
#endif
#if PP_CHACHA20_NEON
    if (pp_chacha20_neon_enabled())
        return "AArch64 NEON";
#endif
    if (PP_CHACHA20_ARMV7M)
        return "ARMv7-M Thumb-2";
    return PP_CHACHA20_WIDE ? "portable C, 4 lanes" : "portable C";
}

void pp_chacha20_wipe(pp_chacha20_ctx *ctx)
{
    /* live = 0 afterwards: a wiped context refuses instead of XORing the
     * all-zero state's keystream (which is zero). */
    pp_wipe(ctx, sizeof(*ctx));
}
