/*
 * cmac.c -- AES-CMAC, NIST SP 800-38B / RFC 4493 (see cmac.h for the
 * contract).
 *
 * The context keeps the last (up to 16) message bytes unchained: whether
 * the final block is complete (K1) or padded (K2) is only known at finish,
 * so a full buffer is chained only once more data arrives (RFC 4493 2.4
 * notes the same). Whole blocks in the middle of a long update are
 * chained straight from the input, without a copy, and in one backend
 * call where the key's backend has a CBC-MAC pass (aes.h).
 */
#include <picopsa/config.h>

#include <string.h>

#include "common/pp_util.h"
#include "mac/cmac.h"

/* SP 800-38B 5.3: R_128 = 0^120 || 10000111. */
#define CMAC_RB 0x87u

/* Doubling in GF(2^128) (SP 800-38B 6.1 steps 2-3, RFC 4493 2.3): out =
 * in << 1, then Rb folded in when the bit shifted out was 1. The bit
 * becomes an all-ones/all-zero mask, so the key-dependent choice is
 * arithmetic, not a branch. */
static void cmac_double(uint8_t out[PP_CMAC_BLOCK], const uint8_t in[PP_CMAC_BLOCK])
{
    uint32_t mask = 0u - pp_ct_barrier_u32((uint32_t)in[0] >> 7);
    unsigned i;

    for (i = 0; i + 1u < PP_CMAC_BLOCK; i++) {
        out[i] = (uint8_t)(((uint32_t)in[i] << 1) | ((uint32_t)in[i + 1u] >> 7));
    }
    out[PP_CMAC_BLOCK - 1u] =
        (uint8_t)(((uint32_t)in[PP_CMAC_BLOCK - 1u] << 1) ^ (CMAC_RB & mask));
}

/* C_i = CIPH_K(C_{i-1} xor M_i) (SP 800-38B 6.2 step 6). */
static void cmac_chain(pp_cmac_ctx *ctx, const uint8_t block[PP_CMAC_BLOCK])
{
    unsigned i;

    for (i = 0; i < PP_CMAC_BLOCK; i++) {
        ctx->chain[i] = (uint8_t)(ctx->chain[i] ^ block[i]);
    }
    pp_aes_ecb_encrypt(&ctx->key, ctx->chain, ctx->chain, 1);
}

psa_status_t pp_cmac_setup(pp_cmac_ctx *ctx, const uint8_t *key, size_t key_len)
{
    uint8_t l[PP_CMAC_BLOCK];
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    status = pp_aes_set_key(&ctx->key, key, key_len);
    if (status != PSA_SUCCESS) {
        pp_cmac_wipe(ctx);
        return status;
    }
    /* SP 800-38B 6.1: L = CIPH_K(0^128), K1 = dbl(L), K2 = dbl(K1). */
    memset(l, 0, sizeof(l));
    pp_aes_ecb_encrypt(&ctx->key, l, l, 1);
    cmac_double(ctx->k1, l);
    cmac_double(ctx->k2, ctx->k1);
    pp_wipe(l, sizeof(l));
    ctx->ready = 1;
    return PSA_SUCCESS;
}

void pp_cmac_one_block(const pp_cmac_ctx *ctx, const uint8_t in[PP_CMAC_BLOCK],
                       uint8_t mac[PP_CMAC_BLOCK])
{
    unsigned i;
    for (i = 0; i < PP_CMAC_BLOCK; i++) {
        mac[i] = (uint8_t)(in[i] ^ ctx->k1[i]);   /* the complete last block: K1 */
    }
    pp_aes_ecb_encrypt(&ctx->key, mac, mac, 1);   /* C_1 = CIPH_K(0 xor M_1') */
}

void pp_cmac_update(pp_cmac_ctx *ctx, const uint8_t *in, size_t len)
{
    size_t take;

    if (ctx->ready == 0 || len == 0) {
        return;
    }
    /* Top up the buffered block. */
    take = PP_CMAC_BLOCK - ctx->buf_len;
    if (take > len) {
        take = len;
    }
    memcpy(ctx->buf + ctx->buf_len, in, take);
    ctx->buf_len += (uint32_t)take;
    in += take;
    len -= take;
    if (len == 0) {
        return;
    }
    /* More data follows a full buffer: it is not the last block. Keep the
     * final 1..16 input bytes back for finish. */
    cmac_chain(ctx, ctx->buf);
    if (len > PP_CMAC_BLOCK) {
        size_t whole = (len - 1u) / PP_CMAC_BLOCK;   /* all but the last 1..16 bytes */
        if (pp_aes_cbc_mac_fused(&ctx->key, ctx->chain, in, whole)) {
            in += whole * PP_CMAC_BLOCK;
            len -= whole * PP_CMAC_BLOCK;
        }
    }
    while (len > PP_CMAC_BLOCK) {
        cmac_chain(ctx, in);
        in += PP_CMAC_BLOCK;
        len -= PP_CMAC_BLOCK;
    }
    memcpy(ctx->buf, in, len);
    ctx->buf_len = (uint32_t)len;
}

psa_status_t pp_cmac_finish(pp_cmac_ctx *ctx, uint8_t mac[PP_CMAC_BLOCK])
{
    const uint8_t *subkey = ctx->k1;
    psa_status_t status;
    unsigned i;

    if (ctx->ready == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    /* SP 800-38B 6.2 steps 2-4: a complete last block (the empty message
     * counts as incomplete, n = 1) takes K1; otherwise pad with 10^j and
     * take K2. buf_len is a function of the public length only. */
    if (ctx->buf_len != PP_CMAC_BLOCK) {
        ctx->buf[ctx->buf_len] = 0x80;
        memset(ctx->buf + ctx->buf_len + 1u, 0, PP_CMAC_BLOCK - 1u - ctx->buf_len);
        subkey = ctx->k2;
    }
    for (i = 0; i < PP_CMAC_BLOCK; i++) {
        ctx->buf[i] = (uint8_t)(ctx->buf[i] ^ subkey[i]);
    }
    cmac_chain(ctx, ctx->buf);
    /* Step 7 with Tlen = 128: the caller truncates. */
    memcpy(mac, ctx->chain, PP_CMAC_BLOCK);
    status = pp_aes_status(&ctx->key);
    if (status != PSA_SUCCESS) {
        pp_wipe(mac, PP_CMAC_BLOCK);
    }
    pp_cmac_wipe(ctx);
    return status;
}

void pp_cmac_wipe(pp_cmac_ctx *ctx)
{
    pp_aes_wipe(&ctx->key);
    pp_wipe(ctx, sizeof(*ctx));
}

psa_status_t pp_cmac_compute(const uint8_t *key, size_t key_len,
                             const uint8_t *in, size_t in_len, uint8_t mac[PP_CMAC_BLOCK])
{
    pp_cmac_ctx ctx;
    psa_status_t status = pp_cmac_setup(&ctx, key, key_len);

    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_cmac_update(&ctx, in, in_len);
    return pp_cmac_finish(&ctx, mac);
}
