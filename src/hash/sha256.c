/*
 * sha256.c -- SHA-256 / SHA-224, FIPS 180-4 sections 4.1.2, 4.2.2, 5, 6.2, 6.3.
 *
 * The compression function keeps the message schedule in a 16-word ring
 * (FIPS 180-4 6.2.2 step 1 computed in place). With PICOPSA_SHA2_UNROLL
 * (the default except at -Os) it unrolls 16 rounds, renames the working
 * variables instead of shifting them and fuses the schedule into the
 * rounds: fast on 32-bit MCUs and hosts alike without assembly (Cortex-M4:
 * about 2,600 cycles a block, 4.1 KB). Otherwise it runs eight rounds per
 * loop iteration (about 5,000 cycles a block, 1.7 KB).
 * Everything is constant time (no data-dependent branch or index).
 */
#include <picopsa/config.h>

#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha256.h"
#include "hash/sha_backend.h"

/* FIPS 180-4 4.2.2: first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t sha256_round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
/* FIPS 180-4 4.1.2, (4.4)-(4.7); Ch, Maj and the round structure are in
 * sha2_rounds.h, shared with SHA-512. */
#define BSIG0(x) (ROTR32(x, 2) ^ ROTR32(x, 13) ^ ROTR32(x, 22))
#define BSIG1(x) (ROTR32(x, 6) ^ ROTR32(x, 11) ^ ROTR32(x, 25))
#define SSIG0(x) (ROTR32(x, 7) ^ ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR32(x, 17) ^ ROTR32(x, 19) ^ ((x) >> 10))

#define SHA2_WORD uint32_t
#define SHA2_LOAD(p) pp_load_be32(p)
#define SHA2_COMPRESS sha256_compress_c
#define SHA2_CONSTANTS sha256_round_constants
#define SHA2_ROUND_COUNT 64
#include "hash/sha2_rounds.h"

#if !PICOPSA_SHA2_UNROLL
/* Size-optimised form: eight rounds per loop iteration (the renaming period
 * of the working variables). Before each group of eight, one small loop
 * loads (rounds 0-15) or extends in place (16 on) the eight schedule words
 * it needs. The round index is public: it only selects constants and which
 * of the two. */
static void sha256_word(uint32_t w[16], const uint8_t *data, size_t t)
{
    size_t j = t & 15;
    if (t < 16) {
        w[j] = pp_load_be32(data + 4 * j);
    } else {
        w[j] += SSIG1(w[(j + 14) & 15]) + w[(j + 9) & 15] + SSIG0(w[(j + 1) & 15]);
    }
}

#define ROUND_SMALL(a, b, c, d, e, f, g, h, r)                                         \
    do {                                                                               \
        uint32_t t1 = (h) + BSIG1(e) + CH(e, f, g) + ks[r] + ws[r];                \
        (d) += t1;                                                                     \
        (h) = t1 + BSIG0(a) + MAJ(a, b, c);                                            \
    } while (0)

static void sha256_compress_c(uint32_t state[8], const uint8_t *data, size_t blocks)
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, g, h;
    size_t t, r;

    while (blocks-- > 0) {
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];
        for (t = 0; t < 64; t += 8) {
            const uint32_t *ks = sha256_round_constants + t;
            const uint32_t *ws = w + (t & 8);
            for (r = 0; r < 8; r++) {
                sha256_word(w, data, t + r);
            }
            ROUND_SMALL(a, b, c, d, e, f, g, h, 0);
            ROUND_SMALL(h, a, b, c, d, e, f, g, 1);
            ROUND_SMALL(g, h, a, b, c, d, e, f, 2);
            ROUND_SMALL(f, g, h, a, b, c, d, e, 3);
            ROUND_SMALL(e, f, g, h, a, b, c, d, 4);
            ROUND_SMALL(d, e, f, g, h, a, b, c, 5);
            ROUND_SMALL(c, d, e, f, g, h, a, b, 6);
            ROUND_SMALL(b, c, d, e, f, g, h, a, 7);
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        data += 64;
    }
    pp_wipe(w, sizeof(w));
}
#endif /* !PICOPSA_SHA2_UNROLL */

/* The SHA extensions when this CPU has them (sha_backend.h), else C. */
#if PP_SHA_HW_X86 || PP_SHA_HW_ARM
static void sha256_compress(uint32_t state[8], const uint8_t *data, size_t blocks)
{
    if ((pp_sha_hw_features() & PP_SHA_HW_SHA256) != 0u) {
        pp_sha256_compress_hw(state, data, blocks);
        return;
    }
    sha256_compress_c(state, data, blocks);
}
#else
#define sha256_compress sha256_compress_c   /* one backend: no wrapper, no bytes */
#endif

void pp_sha256_compress_block(uint32_t state[8], const uint8_t block[64])
{
    sha256_compress(state, block, 1);
}

void pp_sha256_init(picopsa_sha256_context *ctx)
{
    /* FIPS 180-4 5.3.3 */
    static const uint32_t iv[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(ctx->state, iv, sizeof(iv));
    ctx->length = 0;
    ctx->block_used = 0;
    ctx->digest_size = PP_SHA256_DIGEST_SIZE;
}

void pp_sha224_init(picopsa_sha256_context *ctx)
{
    /* FIPS 180-4 5.3.2 */
    static const uint32_t iv[8] = {
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
        0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
    };
    memcpy(ctx->state, iv, sizeof(iv));
    ctx->length = 0;
    ctx->block_used = 0;
    ctx->digest_size = PP_SHA224_DIGEST_SIZE;
}

void pp_sha256_update(picopsa_sha256_context *ctx, const uint8_t *data, size_t len)
{
    size_t blocks;

    if (len == 0) {
        return;
    }
    ctx->length += (uint64_t)len;

    if (ctx->block_used != 0) {
        size_t take = PP_SHA256_BLOCK_SIZE - ctx->block_used;
        if (take > len) {
            take = len;
        }
        memcpy(ctx->block + ctx->block_used, data, take);
        ctx->block_used += take;
        data += take;
        len -= take;
        if (ctx->block_used < PP_SHA256_BLOCK_SIZE) {
            return;
        }
        sha256_compress(ctx->state, ctx->block, 1);
        ctx->block_used = 0;
    }

    blocks = len / PP_SHA256_BLOCK_SIZE;
    if (blocks != 0) {
        sha256_compress(ctx->state, data, blocks);
        data += blocks * PP_SHA256_BLOCK_SIZE;
        len -= blocks * PP_SHA256_BLOCK_SIZE;
    }
    if (len != 0) {
        memcpy(ctx->block, data, len);
        ctx->block_used = len;
    }
}

void pp_sha256_finish(picopsa_sha256_context *ctx, uint8_t *out)
{
    size_t used = ctx->block_used;
    size_t i;

    /* FIPS 180-4 5.1.1: append 1 bit, zeros, then the 64-bit bit length. */
    ctx->block[used++] = 0x80;
    if (used > PP_SHA256_BLOCK_SIZE - 8) {
        memset(ctx->block + used, 0, PP_SHA256_BLOCK_SIZE - used);
        sha256_compress(ctx->state, ctx->block, 1);
        used = 0;
    }
    memset(ctx->block + used, 0, PP_SHA256_BLOCK_SIZE - 8 - used);
    pp_store_be64(ctx->block + PP_SHA256_BLOCK_SIZE - 8, ctx->length << 3);
    sha256_compress(ctx->state, ctx->block, 1);

    /* 6.3: SHA-224 is the first 7 words. */
    for (i = 0; i < ctx->digest_size / 4; i++) {
        pp_store_be32(out + 4 * i, ctx->state[i]);
    }
    pp_wipe(ctx, sizeof(*ctx));
}

void pp_sha256(const uint8_t *data, size_t len, uint8_t out[32])
{
    picopsa_sha256_context ctx;
    pp_sha256_init(&ctx);
    pp_sha256_update(&ctx, data, len);
    pp_sha256_finish(&ctx, out);
}

void pp_sha224(const uint8_t *data, size_t len, uint8_t out[28])
{
    picopsa_sha256_context ctx;
    pp_sha224_init(&ctx);
    pp_sha256_update(&ctx, data, len);
    pp_sha256_finish(&ctx, out);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int pp_sha256_disabled;
#endif
