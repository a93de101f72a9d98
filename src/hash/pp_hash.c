/*
 * pp_hash.c -- dispatch from psa_algorithm_t to the SHA-1, SHA-2 and SHA-3
 * implementations (see pp_hash.h). Only built hashes are reachable.
 */
#include "hash/pp_hash.h"

#include <string.h>

#include "common/pp_util.h"
#include "hash/sha1.h"
#include "hash/sha3.h"
#include "hash/sha256.h"
#include "hash/sha512.h"

#define PP_HASH_SHA512_CORE (PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512 || \
                             PSA_WANT_ALG_SHA_512_224 || PSA_WANT_ALG_SHA_512_256)
#define PP_HASH_KECCAK (PSA_WANT_ALG_SHA3_224 || PSA_WANT_ALG_SHA3_256 || \
                        PSA_WANT_ALG_SHA3_384 || PSA_WANT_ALG_SHA3_512 || \
                        PSA_WANT_ALG_SHAKE256_512)

/* Which context member a hash uses: 1 = sha256, 2 = sha512, 3 = sha1,
 * 4 = sha3 (the Keccak sponge), 0 = none. */
static int hash_family(psa_algorithm_t alg)
{
    switch (alg) {
#if PSA_WANT_ALG_SHA_224
    case PSA_ALG_SHA_224:
        return 1;
#endif
#if PSA_WANT_ALG_SHA_256
    case PSA_ALG_SHA_256:
        return 1;
#endif
#if PSA_WANT_ALG_SHA_384
    case PSA_ALG_SHA_384:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_512
    case PSA_ALG_SHA_512:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_512_224
    case PSA_ALG_SHA_512_224:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_512_256
    case PSA_ALG_SHA_512_256:
        return 2;
#endif
#if PSA_WANT_ALG_SHA_1
    case PSA_ALG_SHA_1:
        return 3;
#endif
#if PSA_WANT_ALG_SHA3_224
    case PSA_ALG_SHA3_224:
        return 4;
#endif
#if PSA_WANT_ALG_SHA3_256
    case PSA_ALG_SHA3_256:
        return 4;
#endif
#if PSA_WANT_ALG_SHA3_384
    case PSA_ALG_SHA3_384:
        return 4;
#endif
#if PSA_WANT_ALG_SHA3_512
    case PSA_ALG_SHA3_512:
        return 4;
#endif
#if PSA_WANT_ALG_SHAKE256_512
    case PSA_ALG_SHAKE256_512:
        return 4;
#endif
    default:
        return 0;
    }
}

#if PP_HASH_KECCAK
/* The FIPS 202 capacity parameter of a Keccak hash: SHA3-d uses
 * KECCAK[2d] (6.1), SHAKE256 KECCAK[512] (6.2). */
static unsigned keccak_bits(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA3_224:
        return 224;
    case PSA_ALG_SHA3_256:
    case PSA_ALG_SHAKE256_512:
        return 256;
    case PSA_ALG_SHA3_384:
        return 384;
    default:
        return 512;
    }
}
#endif

size_t pp_hash_size(psa_algorithm_t alg)
{
    if (hash_family(alg) == 0) {
        return 0;
    }
    switch (alg) {
#if PSA_WANT_ALG_SHA_1
    case PSA_ALG_SHA_1:
        return 20;
#endif
#if PSA_WANT_ALG_SHA_512_224
    case PSA_ALG_SHA_512_224:
        return 28;
#endif
#if PSA_WANT_ALG_SHA_512_256
    case PSA_ALG_SHA_512_256:
        return 32;
#endif
#if PSA_WANT_ALG_SHA3_224
    case PSA_ALG_SHA3_224:
#endif
    case PSA_ALG_SHA_224:
        return 28;
#if PSA_WANT_ALG_SHA3_256
    case PSA_ALG_SHA3_256:
#endif
    case PSA_ALG_SHA_256:
        return 32;
#if PSA_WANT_ALG_SHA3_384
    case PSA_ALG_SHA3_384:
#endif
    case PSA_ALG_SHA_384:
        return 48;
    default:
        return 64;   /* SHA-512, SHA3-512, SHAKE256/512 */
    }
}

size_t pp_hash_block_size(psa_algorithm_t alg)
{
    switch (hash_family(alg)) {
    case 1:
#if PSA_WANT_ALG_SHA_1
    case 3:
#endif
        return 64;
    case 2:
        return 128;
#if PP_HASH_KECCAK
    case 4:
        /* The sponge rate r = 1600 - 2 c bits (FIPS 202 6.1, 6.2): the
         * block HMAC pads its key to (SP 800-224 / FIPS 198-1 with the
         * "input block size" B of SHA-3 = r / 8, as PSA_HASH_BLOCK_LENGTH). */
        return 200u - keccak_bits(alg) / 4u;
#endif
    default:
        return 0;
    }
}

psa_status_t pp_hash_setup(pp_hash_ctx *ctx, psa_algorithm_t alg)
{
    ctx->alg = 0;
    if (!PSA_ALG_IS_HASH(alg) || alg == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    switch (alg) {
#if PSA_WANT_ALG_SHA_224
    case PSA_ALG_SHA_224:
        pp_sha224_init(&ctx->u.sha256);
        break;
#endif
#if PSA_WANT_ALG_SHA_256
    case PSA_ALG_SHA_256:
        pp_sha256_init(&ctx->u.sha256);
        break;
#endif
#if PSA_WANT_ALG_SHA_384
    case PSA_ALG_SHA_384:
        pp_sha384_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_512
    case PSA_ALG_SHA_512:
        pp_sha512_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_512_224
    case PSA_ALG_SHA_512_224:
        pp_sha512_224_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_512_256
    case PSA_ALG_SHA_512_256:
        pp_sha512_256_init(&ctx->u.sha512);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case PSA_ALG_SHA_1:
        pp_sha1_init(&ctx->u.sha1);
        break;
#endif
    default:
#if PP_HASH_KECCAK
        if (hash_family(alg) == 4) {
            if (alg == PSA_ALG_SHAKE256_512) {
                /* SHAKE256 with a fixed 64-byte output: pp_sha3_finish
                 * squeezes out_len bytes whatever the suffix. */
                (void)pp_shake_init(&ctx->u.sha3, 256);
                ctx->u.sha3.out_len = 64;
            } else {
                (void)pp_sha3_init(&ctx->u.sha3, keccak_bits(alg));
            }
            break;
        }
#endif
        return PSA_ERROR_NOT_SUPPORTED;
    }
    ctx->alg = alg;
    return PSA_SUCCESS;
}

void pp_hash_update(pp_hash_ctx *ctx, const uint8_t *in, size_t len)
{
    switch (hash_family(ctx->alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        pp_sha256_update(&ctx->u.sha256, in, len);
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        pp_sha512_update(&ctx->u.sha512, in, len);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        pp_sha1_update(&ctx->u.sha1, in, len);
        break;
#endif
#if PP_HASH_KECCAK
    case 4:
        pp_keccak_absorb(&ctx->u.sha3, in, len);
        break;
#endif
    default:
        break;
    }
}

void pp_hash_finish(pp_hash_ctx *ctx, uint8_t *out)
{
    switch (hash_family(ctx->alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        pp_sha256_finish(&ctx->u.sha256, out);
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        pp_sha512_finish(&ctx->u.sha512, out);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        pp_sha1_finish(&ctx->u.sha1, out);
        break;
#endif
#if PP_HASH_KECCAK
    case 4:
        pp_sha3_finish(&ctx->u.sha3, out);   /* out_len bytes, then wipes */
        break;
#endif
    default:
        break;
    }
    /* The family's finish wiped the union member it used, and the rest of
     * the union never held data: marking the context inactive is enough. */
    ctx->alg = 0;
}

void pp_hash_abort(pp_hash_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));   /* also sets alg = 0 (inactive) */
}

void pp_hash_save_chaining(const pp_hash_ctx *ctx, uint64_t state[8])
{
    switch (hash_family(ctx->alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        memcpy(state, ctx->u.sha256.state, sizeof(ctx->u.sha256.state));
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        memcpy(state, ctx->u.sha512.state, sizeof(ctx->u.sha512.state));
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        memcpy(state, ctx->u.sha1.state, sizeof(ctx->u.sha1.state));
        break;
#endif
    default:
        break;
    }
}

int pp_hash_has_chaining(psa_algorithm_t alg)
{
    int family = hash_family(alg);
    return family != 0 && family != 4;
}

void pp_hash_pad_after_block(psa_algorithm_t alg, uint8_t *block, size_t msg_len)
{
    /* FIPS 180-4 5.1.1 / 5.1.2: 1 bit, zeros, the bit length of one block
     * plus the message, in the last 8 (SHA-1, SHA-256) or 16 bytes. */
    size_t b = pp_hash_block_size(alg);
    block[msg_len] = 0x80;
    memset(block + msg_len + 1, 0, b - 8 - msg_len - 1);
    pp_store_be64(block + b - 8, (uint64_t)(b + msg_len) << 3);
}

/* pp_store_be32 in a form -Os inlines: on little-endian GCC/Clang a byte
 * swap and one store (unaligned where the core takes it) instead of a
 * call; the digest stores were a fifth of PBKDF2's per-iteration overhead
 * on a Cortex-M4 at -Os. */
static inline void store_be32_inline(uint8_t *p, uint32_t v)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap32(v);
    memcpy(p, &v, 4);
#else
    pp_store_be32(p, v);
#endif
}

/* PBKDF2's F (RFC 8018 5.2 step 3) for hashes with 32-bit words: the
 * chaining values as words once, then per iteration two compressions and
 * the digest into the other block's message bytes; T stays in words (the
 * XOR of the U_j) until the end. `words` state words, n digest bytes. */
static void hmac_iterate32(void (*compress)(uint32_t *, const uint8_t *), size_t words,
                           const uint64_t inner[8], const uint64_t outer[8], uint8_t *inner_block,
                           uint8_t *outer_block, uint32_t count, uint8_t *t, size_t n)
{
    uint32_t si[8], so[8], st[8], acc[8];
    size_t i;
    uint32_t j;
    memcpy(si, inner, words * 4u);
    memcpy(so, outer, words * 4u);
    for (i = 0; i < n / 4u; i++) {
        acc[i] = pp_load_be32(t + 4u * i);
    }
    for (j = 0; j < count; j++) {
        for (i = 0; i < words; i++) {
            st[i] = si[i];
        }
        compress(st, inner_block);
        for (i = 0; i < n / 4u; i++) {
            store_be32_inline(outer_block + 4u * i, st[i]);
        }
        for (i = 0; i < words; i++) {
            st[i] = so[i];
        }
        compress(st, outer_block);
        for (i = 0; i < n / 4u; i++) {
            store_be32_inline(inner_block + 4u * i, st[i]);
            acc[i] ^= st[i];
        }
    }
    for (i = 0; i < n / 4u; i++) {
        pp_store_be32(t + 4u * i, acc[i]);
    }
    pp_wipe(si, sizeof(si));
    pp_wipe(so, sizeof(so));
    pp_wipe(st, sizeof(st));
    pp_wipe(acc, sizeof(acc));
}

#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
static void compress256(uint32_t *state, const uint8_t *block)
{
    pp_sha256_compress_block(state, block);
}
#endif

#if PSA_WANT_ALG_SHA_1
static void compress1(uint32_t *state, const uint8_t *block)
{
    pp_sha1_compress_block(state, block);
}
#endif

#if PP_HASH_SHA512_CORE
/* The big-endian bytes of w, truncated to n (SHA-512/224: 28). */
static void store_words64(uint8_t *out, const uint64_t *w, size_t n)
{
    size_t i;
    for (i = 0; i < n / 8u; i++) {
        pp_store_be64(out + 8u * i, w[i]);
    }
    if ((n & 7u) != 0) {
        pp_store_be32(out + 8u * i, (uint32_t)(w[i] >> 32));
    }
}

/* hmac_iterate32 for the SHA-512 family; T is XORed in bytes at the end
 * of each iteration (64-bit words would need the truncated tail twice). */
static void hmac_iterate64(const uint64_t inner[8], const uint64_t outer[8], uint8_t *inner_block,
                           uint8_t *outer_block, uint32_t count, uint8_t *t, size_t n)
{
    uint64_t st[8];
    size_t i;
    uint32_t j;
    for (j = 0; j < count; j++) {
        memcpy(st, inner, sizeof(st));
        pp_sha512_compress_block(st, inner_block);
        store_words64(outer_block, st, n);
        memcpy(st, outer, sizeof(st));
        pp_sha512_compress_block(st, outer_block);
        store_words64(inner_block, st, n);
        for (i = 0; i < n; i++) {
            t[i] ^= inner_block[i];
        }
    }
    pp_wipe(st, sizeof(st));
}
#endif

void pp_hash_hmac_iterate(psa_algorithm_t alg, const uint64_t inner[8], const uint64_t outer[8],
                          uint8_t *inner_block, uint8_t *outer_block, uint32_t count, uint8_t *t)
{
    size_t n = pp_hash_size(alg);
    switch (hash_family(alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        hmac_iterate32(compress256, 8, inner, outer, inner_block, outer_block, count, t, n);
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        hmac_iterate64(inner, outer, inner_block, outer_block, count, t, n);
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        hmac_iterate32(compress1, 5, inner, outer, inner_block, outer_block, count, t, n);
        break;
#endif
    default:
        break;
    }
}

psa_status_t pp_hash_resume_after_block(pp_hash_ctx *ctx, psa_algorithm_t alg,
                                        const uint64_t state[8])
{
    psa_status_t status;
#if PP_HASH_KECCAK
    if (hash_family(alg) == 4) {
        ctx->alg = 0;   /* a 1600-bit sponge state does not fit state[8] */
        return PSA_ERROR_NOT_SUPPORTED;
    }
#endif
    status = pp_hash_setup(ctx, alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    switch (hash_family(alg)) {
#if PSA_WANT_ALG_SHA_224 || PSA_WANT_ALG_SHA_256
    case 1:
        memcpy(ctx->u.sha256.state, state, sizeof(ctx->u.sha256.state));
        ctx->u.sha256.length = 64;
        break;
#endif
#if PP_HASH_SHA512_CORE
    case 2:
        memcpy(ctx->u.sha512.state, state, sizeof(ctx->u.sha512.state));
        ctx->u.sha512.length_lo = 128;
        break;
#endif
#if PSA_WANT_ALG_SHA_1
    case 3:
        memcpy(ctx->u.sha1.state, state, sizeof(ctx->u.sha1.state));
        ctx->u.sha1.length = 64;
        break;
#endif
    default:
        break;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_hash_compute(psa_algorithm_t alg, const uint8_t *in, size_t len, uint8_t *out)
{
    pp_hash_ctx ctx;
    psa_status_t status = pp_hash_setup(&ctx, alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_hash_update(&ctx, in, len);
    pp_hash_finish(&ctx, out);
    return PSA_SUCCESS;
}
