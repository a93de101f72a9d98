/*
 * sha3.c -- SHA-3 and SHAKE (FIPS 202 6.1, 6.2). See sha3.h.
 */
#include <stddef.h>
#include <stdint.h>

#include "hash/keccak.h"
#include "hash/sha3.h"

int pp_sha3_init(pp_keccak_ctx *ctx, unsigned bits)
{
    if (bits != 224u && bits != 256u && bits != 384u && bits != 512u) {
        return -1;
    }
    /* SHA3-d = KECCAK[2d](M || 01, d): rate 200 - 2 d / 8 bytes (6.1). */
    pp_keccak_init(ctx, 200u - (size_t)bits / 4u, 0x06u);
    ctx->out_len = (uint32_t)(bits / 8u);
    return 0;
}

void pp_sha3_finish(pp_keccak_ctx *ctx, uint8_t *out)
{
    pp_keccak_squeeze(ctx, out, ctx->out_len);
    pp_keccak_wipe(ctx);
}

int pp_shake_init(pp_keccak_ctx *ctx, unsigned bits)
{
    if (bits != 128u && bits != 256u) {
        return -1;
    }
    /* SHAKEn = KECCAK[2n](M || 1111, d) (6.2). */
    pp_keccak_init(ctx, 200u - (size_t)bits / 4u, 0x1Fu);
    return 0;
}

void pp_shake_squeeze(pp_keccak_ctx *ctx, uint8_t *out, size_t len)
{
    pp_keccak_squeeze(ctx, out, len);
}

int pp_sha3(unsigned bits, const uint8_t *in, size_t len, uint8_t *out)
{
    pp_keccak_ctx ctx;
    if (pp_sha3_init(&ctx, bits) != 0) {
        return -1;
    }
    pp_keccak_absorb(&ctx, in, len);
    pp_sha3_finish(&ctx, out);
    return 0;
}

int pp_shake(unsigned bits, const uint8_t *in, size_t len, uint8_t *out, size_t out_len)
{
    pp_keccak_ctx ctx;
    if (pp_shake_init(&ctx, bits) != 0) {
        return -1;
    }
    pp_keccak_absorb(&ctx, in, len);
    pp_shake_squeeze(&ctx, out, out_len);
    pp_keccak_wipe(&ctx);
    return 0;
}
