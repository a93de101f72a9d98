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
 */
#include "chacha20/chacha20.h"

#include <string.h>

#include "common/pp_util.h"

void pp_chacha20_rounds(uint32_t out[16], const uint32_t in[16])
{
    uint32_t x[16];
    unsigned i;

    for (i = 0; i < 16; i++)
        x[i] = in[i];
    for (i = 0; i < 10; i++) {
        /* RFC 8439 2.3.1 inner_block: a column round, then a diagonal one. */
        pp_chacha20_quarter_round(x, 0, 4, 8, 12);
        pp_chacha20_quarter_round(x, 1, 5, 9, 13);
        pp_chacha20_quarter_round(x, 2, 6, 10, 14);
        pp_chacha20_quarter_round(x, 3, 7, 11, 15);
        pp_chacha20_quarter_round(x, 0, 5, 10, 15);
        pp_chacha20_quarter_round(x, 1, 6, 11, 12);
        pp_chacha20_quarter_round(x, 2, 7, 8, 13);
        pp_chacha20_quarter_round(x, 3, 4, 9, 14);
    }
    for (i = 0; i < 16; i++)
        out[i] = x[i];
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

psa_status_t pp_chacha20_xor(pp_chacha20_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t k[16];
    size_t i, n;

    if (len == 0)
        return PSA_SUCCESS;
    if (len > ctx->avail) {
        /* Blocks this call generates; block s[12] + blocks - 1 must be at
         * most 2^32 - 1. Checked before any output (all or nothing). */
        size_t blocks = (len - ctx->avail - 1) / PP_CHACHA20_BLOCK_SIZE + 1;
        if (!ctx->live || (uint64_t)(blocks - 1) > (uint64_t)(0xffffffffu - ctx->s[12]))
            return PSA_ERROR_INVALID_ARGUMENT;
    }

    /* The rest of the previous call's last block. */
    n = len < ctx->avail ? len : ctx->avail;
    for (i = 0; i < n; i++)
        out[i] = (uint8_t)(in[i] ^ ctx->ks[PP_CHACHA20_BLOCK_SIZE - ctx->avail + i]);
    ctx->avail = (uint8_t)(ctx->avail - n);
    in += n;
    out += n;
    len -= n;

    /* Whole blocks, a word at a time; in == out is fine (each word is read
     * before the same word is written). */
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
}

void pp_chacha20_wipe(pp_chacha20_ctx *ctx)
{
    /* live = 0 afterwards: a wiped context refuses instead of XORing the
     * all-zero state's keystream (which is zero). */
    pp_wipe(ctx, sizeof(*ctx));
}
