/*
 * sha1.c -- SHA-1, FIPS 180-4 sections 4.1.1, 4.2.1, 5.1.1, 5.3.1, 6.1.
 *
 * Portable compression: the message schedule in a 16-word ring (6.1.3's
 * alternative method), five variables renamed through the macro arguments
 * instead of shifted. On x86-64 the SHA extensions replace it when the
 * CPU has them (sha_x86.c, chosen at run time; sha_backend.h).
 * Constant time: no data-dependent branch or index.
 */
#include <picopsa/config.h>

#if PSA_WANT_ALG_SHA_1

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha1.h"
#include "hash/sha_backend.h"

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* FIPS 180-4 4.1.1 (4.1): Ch, Parity, Maj; 4.2.1 constants. */
#define F_CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F_PARITY(b, c, d) ((b) ^ (c) ^ (d))
#define F_MAJ(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))

/* W[t] for t >= 16 in place in the ring (6.1.2 step 1). */
#define W_NEXT(t) \
    (w[(t) & 15] = ROTL32(w[((t) + 13) & 15] ^ w[((t) + 8) & 15] ^ w[((t) + 2) & 15] ^ w[(t) & 15], 1))

#define STEP(a, b, c, d, e, f, k, wt)                              \
    do {                                                           \
        (e) += ROTL32(a, 5) + f(b, c, d) + (k) + (wt);             \
        (b) = ROTL32(b, 30);                                       \
    } while (0)

/* Five steps with the variables renamed each step. */
#define FIVE(t, f, k, W)                                           \
    do {                                                           \
        STEP(a, b, c, d, e, f, k, W((t) + 0));                     \
        STEP(e, a, b, c, d, f, k, W((t) + 1));                     \
        STEP(d, e, a, b, c, f, k, W((t) + 2));                     \
        STEP(c, d, e, a, b, f, k, W((t) + 3));                     \
        STEP(b, c, d, e, a, f, k, W((t) + 4));                     \
    } while (0)

#define W_LOAD(t) (w[t] = pp_load_be32(data + 4 * (t)))

static void sha1_compress_c(uint32_t state[5], const uint8_t *data, size_t blocks)
{
    uint32_t w[16];
    uint32_t a, b, c, d, e;
    size_t t;

    while (blocks-- > 0) {
        a = state[0]; b = state[1]; c = state[2]; d = state[3]; e = state[4];
        FIVE(0, F_CH, 0x5a827999u, W_LOAD);
        FIVE(5, F_CH, 0x5a827999u, W_LOAD);
        FIVE(10, F_CH, 0x5a827999u, W_LOAD);
        STEP(a, b, c, d, e, F_CH, 0x5a827999u, W_LOAD(15));
        /* t = 16..19: the variables are renamed by one step. */
        STEP(e, a, b, c, d, F_CH, 0x5a827999u, W_NEXT(16));
        STEP(d, e, a, b, c, F_CH, 0x5a827999u, W_NEXT(17));
        STEP(c, d, e, a, b, F_CH, 0x5a827999u, W_NEXT(18));
        STEP(b, c, d, e, a, F_CH, 0x5a827999u, W_NEXT(19));
        for (t = 20; t < 40; t += 5) {
            FIVE(t, F_PARITY, 0x6ed9eba1u, W_NEXT);
        }
        for (t = 40; t < 60; t += 5) {
            FIVE(t, F_MAJ, 0x8f1bbcdcu, W_NEXT);
        }
        for (t = 60; t < 80; t += 5) {
            FIVE(t, F_PARITY, 0xca62c1d6u, W_NEXT);
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d; state[4] += e;
        data += 64;
    }
    /* The schedule holds message-derived words (HMAC keys). */
    pp_wipe(w, sizeof(w));
}

/* The SHA extensions when this CPU has them (sha_backend.h), else C. */
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
static void sha1_compress(uint32_t state[5], const uint8_t *data, size_t blocks)
{
    if ((pp_sha_hw_features() & PP_SHA_HW_SHA1) != 0u) {
        pp_sha1_compress_hw(state, data, blocks);
        return;
    }
    sha1_compress_c(state, data, blocks);
}
#else
#define sha1_compress sha1_compress_c
#endif

void pp_sha1_compress_block(uint32_t state[5], const uint8_t block[64])
{
    sha1_compress(state, block, 1);
}

void pp_sha1_init(picopsa_sha1_context *ctx)
{
    /* FIPS 180-4 5.3.1 */
    static const uint32_t iv[5] = { 0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u,
                                    0xc3d2e1f0u };
    memcpy(ctx->state, iv, sizeof(iv));
    ctx->length = 0;
    ctx->block_used = 0;
}

void pp_sha1_update(picopsa_sha1_context *ctx, const uint8_t *data, size_t len)
{
    size_t blocks;

    if (len == 0) {
        return;
    }
    ctx->length += (uint64_t)len;
    if (ctx->block_used != 0) {
        size_t take = PP_SHA1_BLOCK_SIZE - ctx->block_used;
        if (take > len) {
            take = len;
        }
        memcpy(ctx->block + ctx->block_used, data, take);
        ctx->block_used += take;
        data += take;
        len -= take;
        if (ctx->block_used < PP_SHA1_BLOCK_SIZE) {
            return;
        }
        sha1_compress(ctx->state, ctx->block, 1);
        ctx->block_used = 0;
    }
    blocks = len / PP_SHA1_BLOCK_SIZE;
    if (blocks != 0) {
        sha1_compress(ctx->state, data, blocks);
        data += blocks * PP_SHA1_BLOCK_SIZE;
        len -= blocks * PP_SHA1_BLOCK_SIZE;
    }
    if (len != 0) {
        memcpy(ctx->block, data, len);
        ctx->block_used = len;
    }
}

void pp_sha1_finish(picopsa_sha1_context *ctx, uint8_t *out)
{
    size_t used = ctx->block_used;
    size_t i;

    /* FIPS 180-4 5.1.1: 1 bit, zeros, the 64-bit bit length. */
    ctx->block[used++] = 0x80;
    if (used > PP_SHA1_BLOCK_SIZE - 8) {
        memset(ctx->block + used, 0, PP_SHA1_BLOCK_SIZE - used);
        sha1_compress(ctx->state, ctx->block, 1);
        used = 0;
    }
    memset(ctx->block + used, 0, PP_SHA1_BLOCK_SIZE - 8 - used);
    pp_store_be64(ctx->block + PP_SHA1_BLOCK_SIZE - 8, ctx->length << 3);
    sha1_compress(ctx->state, ctx->block, 1);
    for (i = 0; i < 5; i++) {
        pp_store_be32(out + 4 * i, ctx->state[i]);
    }
    pp_wipe(ctx, sizeof(*ctx));
}

void pp_sha1(const uint8_t *data, size_t len, uint8_t out[20])
{
    picopsa_sha1_context ctx;
    pp_sha1_init(&ctx);
    pp_sha1_update(&ctx, data, len);
    pp_sha1_finish(&ctx, out);
}

#else
typedef int pp_sha1_disabled;
#endif
