/*
 * keccak.c -- Keccak-f[1600] and the sponge (FIPS 202 3.2, 3.3, 4, 5.1),
 * portable 64-bit form. See keccak.h for the contract.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/pp_util.h"
#include "hash/keccak.h"

/* iota's round constants RC[ir] (FIPS 202 3.2.5, algorithm 5 and 6). */
static const uint64_t pp_keccak_rc[24] = {
    0x0000000000000001u, 0x0000000000008082u, 0x800000000000808Au, 0x8000000080008000u,
    0x000000000000808Bu, 0x0000000080000001u, 0x8000000080008081u, 0x8000000000008009u,
    0x000000000000008Au, 0x0000000000000088u, 0x0000000080008009u, 0x000000008000000Au,
    0x000000008000808Bu, 0x800000000000008Bu, 0x8000000000008089u, 0x8000000000008003u,
    0x8000000000008002u, 0x8000000000000080u, 0x000000000000800Au, 0x800000008000000Au,
    0x8000000080008081u, 0x8000000000008080u, 0x0000000080000001u, 0x8000000080008008u,
};

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* One round: theta (3.2.1), rho (3.2.2) and pi (3.2.3) fused into the
 * lane moves of B[y, 2x + 3y] = ROT(A[x, y], r[x, y]), chi (3.2.4), iota
 * (3.2.5). Every index and rotation count is a constant. */
#define PP_KECCAK_ROUND(a, rc)                                                     \
    do {                                                                           \
        uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];                         \
        uint64_t c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];                         \
        uint64_t c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];                         \
        uint64_t c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];                         \
        uint64_t c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];                         \
        uint64_t d0 = c4 ^ ROL64(c1, 1), d1 = c0 ^ ROL64(c2, 1);                   \
        uint64_t d2 = c1 ^ ROL64(c3, 1), d3 = c2 ^ ROL64(c4, 1);                   \
        uint64_t d4 = c3 ^ ROL64(c0, 1);                                           \
        uint64_t b[25];                                                            \
        b[0] = a[0] ^ d0;                                                          \
        b[10] = ROL64(a[1] ^ d1, 1);                                               \
        b[20] = ROL64(a[2] ^ d2, 62);                                              \
        b[5] = ROL64(a[3] ^ d3, 28);                                               \
        b[15] = ROL64(a[4] ^ d4, 27);                                              \
        b[16] = ROL64(a[5] ^ d0, 36);                                              \
        b[1] = ROL64(a[6] ^ d1, 44);                                               \
        b[11] = ROL64(a[7] ^ d2, 6);                                               \
        b[21] = ROL64(a[8] ^ d3, 55);                                              \
        b[6] = ROL64(a[9] ^ d4, 20);                                               \
        b[7] = ROL64(a[10] ^ d0, 3);                                               \
        b[17] = ROL64(a[11] ^ d1, 10);                                             \
        b[2] = ROL64(a[12] ^ d2, 43);                                              \
        b[12] = ROL64(a[13] ^ d3, 25);                                             \
        b[22] = ROL64(a[14] ^ d4, 39);                                             \
        b[23] = ROL64(a[15] ^ d0, 41);                                             \
        b[8] = ROL64(a[16] ^ d1, 45);                                              \
        b[18] = ROL64(a[17] ^ d2, 15);                                             \
        b[3] = ROL64(a[18] ^ d3, 21);                                              \
        b[13] = ROL64(a[19] ^ d4, 8);                                              \
        b[14] = ROL64(a[20] ^ d0, 18);                                             \
        b[24] = ROL64(a[21] ^ d1, 2);                                              \
        b[9] = ROL64(a[22] ^ d2, 61);                                              \
        b[19] = ROL64(a[23] ^ d3, 56);                                             \
        b[4] = ROL64(a[24] ^ d4, 14);                                              \
        for (unsigned y_ = 0; y_ < 25; y_ += 5) {                                  \
            uint64_t e0 = b[y_], e1 = b[y_ + 1], e2 = b[y_ + 2];                   \
            uint64_t e3 = b[y_ + 3], e4 = b[y_ + 4];                               \
            a[y_] = e0 ^ (~e1 & e2);                                               \
            a[y_ + 1] = e1 ^ (~e2 & e3);                                           \
            a[y_ + 2] = e2 ^ (~e3 & e4);                                           \
            a[y_ + 3] = e3 ^ (~e4 & e0);                                           \
            a[y_ + 4] = e4 ^ (~e0 & e1);                                           \
        }                                                                          \
        a[0] ^= (rc);                                                              \
    } while (0)

void pp_keccak_f1600(uint64_t a[25])
{
    /* Two rounds per iteration (FIPS 202 3.3, ir = 0 .. 23). */
    for (unsigned ir = 0; ir < 24; ir += 2) {
        PP_KECCAK_ROUND(a, pp_keccak_rc[ir]);
        PP_KECCAK_ROUND(a, pp_keccak_rc[ir + 1]);
    }
}

void pp_keccak_init(pp_keccak_ctx *ctx, size_t rate, uint8_t suffix)
{
    memset(ctx->a, 0, sizeof(ctx->a));
    ctx->rate = (uint32_t)rate;     /* < 200 */
    ctx->pos = 0;
    ctx->out_len = 0;
    ctx->suffix = suffix;
    ctx->squeezing = 0;
}

/* XOR one byte into the state at byte offset i (public): the state bytes
 * are the lanes in little-endian order (FIPS 202 B.1). */
static void xor_byte(uint64_t a[25], size_t i, uint8_t v)
{
    a[i >> 3] ^= (uint64_t)v << (8u * (unsigned)(i & 7u));
}

void pp_keccak_absorb(pp_keccak_ctx *ctx, const uint8_t *in, size_t len)
{
    const size_t rate = ctx->rate;
    size_t pos = ctx->pos;

    /* Finish a partial block byte by byte. */
    while (len > 0 && pos != 0) {
        xor_byte(ctx->a, pos, *in++);
        len--;
        if (++pos == rate) {
            pp_keccak_f1600(ctx->a);
            pos = 0;
        }
    }
    /* Whole blocks a lane at a time. */
    while (len >= rate) {
        for (size_t i = 0; i < rate / 8u; i++) {
            ctx->a[i] ^= pp_load_le64(in + 8u * i);
        }
        pp_keccak_f1600(ctx->a);
        in += rate;
        len -= rate;
    }
    while (len > 0) {
        xor_byte(ctx->a, pos++, *in++);
        len--;
    }
    ctx->pos = (uint32_t)pos;       /* <= rate */
}

void pp_keccak_squeeze(pp_keccak_ctx *ctx, uint8_t *out, size_t len)
{
    const size_t rate = ctx->rate;
    size_t pos = ctx->pos;

    if (!ctx->squeezing) {
        /* Suffix and pad10*1 (FIPS 202 5.1, 6.1, 6.2): the suffix byte
         * carries the first pad bit, 0x80 at the block's end the last. */
        xor_byte(ctx->a, pos, ctx->suffix);
        xor_byte(ctx->a, rate - 1u, 0x80u);
        pp_keccak_f1600(ctx->a);
        ctx->squeezing = 1;
        pos = 0;
    }
    while (len > 0) {
        if (pos == rate) {
            pp_keccak_f1600(ctx->a);
            pos = 0;
        }
        if ((pos & 7u) == 0 && len >= 8u && rate - pos >= 8u) {
            pp_store_le64(out, ctx->a[pos >> 3]);
            out += 8;
            pos += 8;
            len -= 8;
        } else {
            *out++ = (uint8_t)(ctx->a[pos >> 3] >> (8u * (unsigned)(pos & 7u)));
            pos++;
            len--;
        }
    }
    ctx->pos = (uint32_t)pos;       /* <= rate */
}

void pp_keccak_wipe(pp_keccak_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));
}
