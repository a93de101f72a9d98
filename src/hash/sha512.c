/*
 * sha512.c -- SHA-512 / SHA-384 / SHA-512/224 / SHA-512/256, FIPS 180-4
 * sections 4.1.3, 4.2.3, 5, 6.4-6.7.
 *
 * Same structure as sha256.c (PICOPSA_SHA2_UNROLL selects the unrolled or
 * the compact compression function; Cortex-M4: about 12,000 cycles a block
 * at -O2 in 13 KB of text, or 19,600 at -Os in 0.8 KB plus the 640-byte
 * round constants). 64-bit arithmetic only; the compiler splits it on
 * 32-bit targets. Constant time.
 */
#include <picopsa/config.h>

#if PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512 || PSA_WANT_ALG_SHA_512_224 || \
    PSA_WANT_ALG_SHA_512_256

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha512.h"
#include "hash/sha_backend.h"

/* The BMI2 build of the unrolled compression (x86-64 hosts whose baseline
 * ISA lacks BMI2; a -mbmi2 / x86-64-v3 build has it everywhere already). */
#if PP_SHA_HW_X86 && PICOPSA_SHA2_UNROLL && !defined(__BMI2__)
#define PP_SHA512_BMI2 1
#else
#define PP_SHA512_BMI2 0
#endif

/* FIPS 180-4 4.2.3: first 64 bits of the fractional parts of the cube
 * roots of the first 80 primes. */
static const uint64_t sha512_round_constants[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
/* FIPS 180-4 4.1.3, (4.10)-(4.13); Ch, Maj and the round structure are in
 * sha2_rounds.h, shared with SHA-256. */
#define BSIG0(x) (ROTR64(x, 28) ^ ROTR64(x, 34) ^ ROTR64(x, 39))
#define BSIG1(x) (ROTR64(x, 14) ^ ROTR64(x, 18) ^ ROTR64(x, 41))
#define SSIG0(x) (ROTR64(x, 1) ^ ROTR64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROTR64(x, 19) ^ ROTR64(x, 61) ^ ((x) >> 6))

#define SHA2_WORD uint64_t
#define SHA2_LOAD(p) pp_load_be64(p)
#define SHA2_COMPRESS sha512_compress_c
#define SHA2_CONSTANTS sha512_round_constants
#define SHA2_ROUND_COUNT 80
#include "hash/sha2_rounds.h"

#if PP_SHA512_BMI2
/* The same unrolled C compiled for BMI2 (RORX: a rotate into another
 * register, no flags): 64-bit rotates are most of SHA-512's work, and this
 * measured ~20% faster on Zen 4 than the baseline-ISA build. Chosen at run
 * time (sha_backend.h, CPUID leaf 7 EBX bit 8). */
#undef SHA2_COMPRESS
#define SHA2_COMPRESS sha512_compress_bmi2
#define SHA2_ATTR __attribute__((target("bmi2")))
#include "hash/sha2_rounds.h"
#undef SHA2_ATTR
#endif

#if !PICOPSA_SHA2_UNROLL
static void sha512_compress_c(uint64_t state[8], const uint8_t *data, size_t blocks);
#endif

#if PP_SHA512_BMI2
static void sha512_compress(uint64_t state[8], const uint8_t *data, size_t blocks)
{
    if ((pp_sha_hw_features() & PP_SHA_HW_SHA512) != 0u) {
        sha512_compress_bmi2(state, data, blocks);
        return;
    }
    sha512_compress_c(state, data, blocks);
}
#else
#define sha512_compress sha512_compress_c   /* one backend: no wrapper, no bytes */
#endif

#if !PICOPSA_SHA2_UNROLL
/* Size-optimised form: one round per loop iteration. The working
 * variables live in v[8] and are renamed by rotating the index of a
 * (round t finds a at v[-t mod 8]) instead of being shifted; the schedule
 * word is loaded (rounds 0-15) or extended in place (16 on). On 32-bit
 * cores eight rounds of 64-bit arithmetic do not fit in registers anyway,
 * so the loop costs few cycles over the unrolled forms and a fraction of
 * their code. The round index is public: it only selects constants, slots
 * and which of load or extend. */
#if PICOPSA_SHA512_TINY && defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns"))) /* the shift: no memmove */
#endif
static void sha512_compress_c(uint64_t state[8], const uint8_t *data, size_t blocks)
{
    uint64_t w[16];
    uint64_t v[8];
    size_t t;

    while (blocks-- > 0) {
        memcpy(v, state, sizeof(v));
        for (t = 0; t < 80; t++) {
            const size_t j = t & 15;
            uint64_t t1;
#if PICOPSA_SHA512_TINY
            uint64_t t2;
            size_t i;
#else
            const size_t r = (size_t)0 - t; /* v[(r + i) & 7] is variable i (a = 0) */
#endif
            if (t < 16) {
                w[j] = pp_load_be64(data + 8 * j);
            } else {
                w[j] += SSIG1(w[(j + 14) & 15]) + w[(j + 9) & 15] + SSIG0(w[(j + 1) & 15]);
            }
#if PICOPSA_SHA512_TINY
            /* The variables shifted by one slot instead (v[i] is always
             * variable i): fixed offsets, 140 B less code on Cortex-M4 for
             * about 15% more cycles a block. Maj(a, b, c) as
             * b ^ ((a ^ b) & (b ^ c)): 12 B less than MAJ here. */
            t1 = v[7] + BSIG1(v[4]) + CH(v[4], v[5], v[6]) + sha512_round_constants[t] + w[j];
            t2 = BSIG0(v[0]) + (v[1] ^ ((v[0] ^ v[1]) & (v[1] ^ v[2])));
            for (i = 7; i > 0; i--) {
                v[i] = v[i - 1];
            }
            v[4] += t1;
            v[0] = t1 + t2;
#else
#define V(i) v[(r + (i)) & 7]
            t1 = V(7) + BSIG1(V(4)) + CH(V(4), V(5), V(6)) + sha512_round_constants[t] + w[j];
            V(3) += t1;
            V(7) = t1 + BSIG0(V(0)) + MAJ(V(0), V(1), V(2));
#undef V
#endif
        }
        for (t = 0; t < 8; t++) {
            state[t] += v[t];
        }
        data += 128;
    }
    /* The schedule and working variables hold message-derived words. */
    pp_wipe(w, sizeof(w));
    pp_wipe(v, sizeof(v));
}
#endif /* !PICOPSA_SHA2_UNROLL */

/* FIPS 180-4 5.3.5 (SHA-512) and 5.3.4 (SHA-384). */
static const uint64_t sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};
static const uint64_t sha384_iv[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull,
};

#if PSA_WANT_ALG_SHA_512_224
/* FIPS 180-4 5.3.6.1 (the IVs of SHA-512/t, 5.3.6, t = 224). */
static const uint64_t sha512_224_iv[8] = {
    0x8c3d37c819544da2ull, 0x73e1996689dcd4d6ull, 0x1dfab7ae32ff9c82ull, 0x679dd514582f9fcfull,
    0x0f6d2b697bd44da8ull, 0x77e36f7304c48942ull, 0x3f9d85a86a1d36c8ull, 0x1112e6ad91d692a1ull,
};
#endif
#if PSA_WANT_ALG_SHA_512_256
/* FIPS 180-4 5.3.6.2 (t = 256). */
static const uint64_t sha512_256_iv[8] = {
    0x22312194fc2bf72cull, 0x9f555fa3c84c64c2ull, 0x2393b86b6f53b151ull, 0x963877195940eabdull,
    0x96283ee2a88effe3ull, 0xbe5e1e2553863992ull, 0x2b0199fc2c85b8aaull, 0x0eb72ddc81c52ca2ull,
};
#endif

/* SHA-512 and SHA-384 differ only in the IV and the digest size (6.5):
 * one body, kept out of line so that -Os does not copy it into both. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void sha512_start(picopsa_sha512_context *ctx, const uint64_t iv[8], uint32_t digest_size)
{
    memcpy(ctx->state, iv, sizeof(ctx->state));
    ctx->length_hi = 0;
    ctx->length_lo = 0;
    ctx->block_used = 0;
    ctx->digest_size = digest_size;
}

void pp_sha512_compress_block(uint64_t state[8], const uint8_t block[128])
{
    sha512_compress(state, block, 1);
}

void pp_sha512_init(picopsa_sha512_context *ctx)
{
    sha512_start(ctx, sha512_iv, PP_SHA512_DIGEST_SIZE);
}

void pp_sha384_init(picopsa_sha512_context *ctx)
{
    sha512_start(ctx, sha384_iv, PP_SHA384_DIGEST_SIZE);
}

#if PSA_WANT_ALG_SHA_512_224
void pp_sha512_224_init(picopsa_sha512_context *ctx)
{
    sha512_start(ctx, sha512_224_iv, PP_SHA512_224_DIGEST_SIZE);
}
#endif

#if PSA_WANT_ALG_SHA_512_256
void pp_sha512_256_init(picopsa_sha512_context *ctx)
{
    sha512_start(ctx, sha512_256_iv, PP_SHA512_256_DIGEST_SIZE);
}
#endif

#if !PICOPSA_SHA512_TINY
void pp_sha512_update(picopsa_sha512_context *ctx, const uint8_t *data, size_t len)
{
    size_t blocks;

    if (len == 0) {
        return;
    }
    ctx->length_lo += (uint64_t)len;
    if (ctx->length_lo < (uint64_t)len) {
        ctx->length_hi++;   /* carry into the high word of the byte count */
    }

    if (ctx->block_used != 0) {
        size_t take = PP_SHA512_BLOCK_SIZE - ctx->block_used;
        if (take > len) {
            take = len;
        }
        memcpy(ctx->block + ctx->block_used, data, take);
        ctx->block_used += take;
        data += take;
        len -= take;
        if (ctx->block_used < PP_SHA512_BLOCK_SIZE) {
            return;
        }
        sha512_compress(ctx->state, ctx->block, 1);
        ctx->block_used = 0;
    }

    blocks = len / PP_SHA512_BLOCK_SIZE;
    if (blocks != 0) {
        sha512_compress(ctx->state, data, blocks);
        data += blocks * PP_SHA512_BLOCK_SIZE;
        len -= blocks * PP_SHA512_BLOCK_SIZE;
    }
    if (len != 0) {
        memcpy(ctx->block, data, len);
        ctx->block_used = len;
    }
}

void pp_sha512_finish(picopsa_sha512_context *ctx, uint8_t *out)
{
    size_t used = ctx->block_used;
    size_t i;

    /* FIPS 180-4 5.1.2: 1 bit, zeros, 128-bit bit length. */
    ctx->block[used++] = 0x80;
    if (used > PP_SHA512_BLOCK_SIZE - 16) {
        memset(ctx->block + used, 0, PP_SHA512_BLOCK_SIZE - used);
        sha512_compress(ctx->state, ctx->block, 1);
        used = 0;
    }
    memset(ctx->block + used, 0, PP_SHA512_BLOCK_SIZE - 16 - used);
    pp_store_be64(ctx->block + PP_SHA512_BLOCK_SIZE - 16,
                  (ctx->length_hi << 3) | (ctx->length_lo >> 61));
    pp_store_be64(ctx->block + PP_SHA512_BLOCK_SIZE - 8, ctx->length_lo << 3);
    sha512_compress(ctx->state, ctx->block, 1);

#else
/* PICOPSA_SHA512_TINY: the same context, filled one byte at a time (the
 * length counters and block_used as above, so suspend/resume in pp_hash.c
 * is unchanged), and the padding fed through it: a few cycles a byte over
 * the block copies above (the compression is ~150 a byte) for about half
 * their code. */
void pp_sha512_update(picopsa_sha512_context *ctx, const uint8_t *data, size_t len)
{
    while (len-- > 0) {
        ctx->block[ctx->block_used++] = *data++;
        if (++ctx->length_lo == 0) {
            ctx->length_hi++;
        }
        if (ctx->block_used == PP_SHA512_BLOCK_SIZE) {
            sha512_compress(ctx->state, ctx->block, 1);
            ctx->block_used = 0;
        }
    }
}

void pp_sha512_finish(picopsa_sha512_context *ctx, uint8_t *out)
{
    /* FIPS 180-4 5.1.2: 1 bit, zeros, 128-bit bit length. */
    const uint64_t hi = (ctx->length_hi << 3) | (ctx->length_lo >> 61), lo = ctx->length_lo << 3;
    uint8_t pad = 0x80;
    size_t i;

    do {
        pp_sha512_update(ctx, &pad, 1);
        pad = 0;
    } while (ctx->block_used != PP_SHA512_BLOCK_SIZE - 16);
    pp_store_be64(ctx->block + PP_SHA512_BLOCK_SIZE - 16, hi);
    pp_store_be64(ctx->block + PP_SHA512_BLOCK_SIZE - 8, lo);
    sha512_compress(ctx->state, ctx->block, 1);

#endif
    /* 6.5-6.7: the leftmost digest_size bytes (SHA-512/224 ends half-way
     * through word 3). */
    for (i = 0; i < ctx->digest_size / 8; i++) {
        pp_store_be64(out + 8 * i, ctx->state[i]);
    }
#if PSA_WANT_ALG_SHA_512_224
    if ((ctx->digest_size & 7u) != 0) {
        pp_store_be32(out + 8 * i, (uint32_t)(ctx->state[i] >> 32));
    }
#endif
    pp_wipe(ctx, sizeof(*ctx));
}

void pp_sha512(const uint8_t *data, size_t len, uint8_t out[64])
{
    picopsa_sha512_context ctx;
    pp_sha512_init(&ctx);
    pp_sha512_update(&ctx, data, len);
    pp_sha512_finish(&ctx, out);
}

void pp_sha384(const uint8_t *data, size_t len, uint8_t out[48])
{
    picopsa_sha512_context ctx;
    pp_sha384_init(&ctx);
    pp_sha512_update(&ctx, data, len);
    pp_sha512_finish(&ctx, out);
}

#else
typedef int pp_sha512_disabled;
#endif
