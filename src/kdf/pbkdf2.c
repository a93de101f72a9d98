/*
 * pbkdf2.c -- PBKDF2-HMAC, RFC 8018 5.2 (see pbkdf2.h for the contract).
 *
 *   T_i = U_1 ^ U_2 ^ ... ^ U_c,  U_1 = PRF(P, S || INT(i)),
 *   U_j = PRF(P, U_{j-1}),        DK = T_1 || T_2 || ... (first dkLen bytes)
 *
 * One T_i is computed at a time, when the stream reaches it.
 */
#include "kdf/pbkdf2.h"

#include <string.h>

#include "common/pp_util.h"

#if PSA_WANT_ALG_HMAC

/* RFC 8018 5.2 step 1: at most 2^32 - 1 blocks. */
#define LAST_BLOCK 0xFFFFFFFFu

/* The two message blocks of the iterations: the largest block of a hash
 * with a chaining value that is built (SHA-512's 128 bytes, else 64). */
#if PSA_WANT_ALG_SHA_384 || PSA_WANT_ALG_SHA_512 || PSA_WANT_ALG_SHA_512_224 || \
    PSA_WANT_ALG_SHA_512_256
#define PP_PBKDF2_HASH_BLOCK 128u
#else
#define PP_PBKDF2_HASH_BLOCK 64u
#endif

psa_status_t pp_pbkdf2_setup(pp_pbkdf2_ctx *ctx, psa_algorithm_t hash_alg,
                             const uint8_t *password, size_t password_len, uint64_t iterations)
{
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    if (iterations == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (iterations > PP_PBKDF2_MAX_ITERATIONS) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (PSA_ALG_IS_HASH(hash_alg) && hash_alg != PSA_ALG_ANY_HASH &&
        !pp_hash_has_chaining(hash_alg)) {
        /* The key schedule below is two chaining values: a hash without
         * one (SHA-3) or not built is refused, not computed wrongly. */
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = pp_hmac_setup(&ctx->salted, hash_alg, password, password_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* Setup absorbed exactly one padded key block into each hash: their
     * chaining values are the whole key schedule of U_2..U_c. */
    pp_hash_save_chaining(&ctx->salted.inner, ctx->inner);
    pp_hash_save_chaining(&ctx->salted.outer, ctx->outer);
    ctx->hash = hash_alg;
    ctx->iterations = (uint32_t)iterations;
    pp_kdf_stream_init(&ctx->stream, pp_hash_size(hash_alg));   /* the first output computes T_1 */
    return PSA_SUCCESS;
}

void pp_pbkdf2_salt(pp_pbkdf2_ctx *ctx, const uint8_t *salt, size_t salt_len)
{
    if (salt_len != 0) {
        pp_hmac_update(&ctx->salted, salt, salt_len);
    }
}

/* stream.block = T_{index + 1} (RFC 8018 5.2 step 3); a pp_kdf_refill_fn.
 * U_1 comes from the salted HMAC; U_2..U_c from pp_hash_hmac_iterate, two
 * compressions each over two message blocks padded here once. */
static void next_block(void *kdf, const void *unused)
{
    pp_pbkdf2_ctx *ctx = (pp_pbkdf2_ctx *)kdf;
    uint8_t inner_block[PP_PBKDF2_HASH_BLOCK], outer_block[PP_PBKDF2_HASH_BLOCK], counter[4];
    pp_hmac_ctx h = ctx->salted;   /* clone: S stays absorbed for T_{i+1} */
    uint8_t *t = ctx->stream.block;
    const size_t n = ctx->stream.len;

    (void)unused;
    ctx->index++;
    pp_store_be32(counter, ctx->index);   /* INT(i), big-endian */
    pp_hmac_update(&h, counter, sizeof(counter));
    pp_hmac_finish(&h, inner_block);      /* U_1; finish wipes h */
    memcpy(t, inner_block, n);
    if (ctx->iterations > 1) {
        pp_hash_pad_after_block(ctx->hash, inner_block, n);
        pp_hash_pad_after_block(ctx->hash, outer_block, n);
        pp_hash_hmac_iterate(ctx->hash, ctx->inner, ctx->outer, inner_block, outer_block,
                             ctx->iterations - 1u, t);
    }
    pp_wipe(inner_block, sizeof(inner_block));
    pp_wipe(outer_block, sizeof(outer_block));
}

psa_status_t pp_pbkdf2_output(pp_pbkdf2_ctx *ctx, uint8_t *out, size_t len)
{
    const pp_kdf_stream *s = &ctx->stream;
    uint64_t left;

    if (s->len == 0) {
        return PSA_ERROR_BAD_STATE;   /* never set up, or wiped */
    }
    /* Bytes of the stream not yet output: the rest of the block and the
     * blocks after index, up to the last one. */
    left = (uint64_t)(LAST_BLOCK - ctx->index) * s->len + (uint64_t)(s->len - s->used);
    if ((uint64_t)len > left) {
        return PSA_ERROR_INSUFFICIENT_DATA;
    }
    pp_kdf_stream_draw(&ctx->stream, out, len, next_block, ctx, NULL);
    return PSA_SUCCESS;
}

void pp_pbkdf2_wipe(pp_pbkdf2_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));
}

psa_status_t pp_pbkdf2(psa_algorithm_t hash_alg, const uint8_t *password, size_t password_len,
                       const uint8_t *salt, size_t salt_len, uint64_t iterations, uint8_t *dk,
                       size_t dk_len)
{
    pp_pbkdf2_ctx ctx;
    psa_status_t status = pp_pbkdf2_setup(&ctx, hash_alg, password, password_len, iterations);
    if (status == PSA_SUCCESS) {
        pp_pbkdf2_salt(&ctx, salt, salt_len);
        status = pp_pbkdf2_output(&ctx, dk, dk_len);
    }
    pp_pbkdf2_wipe(&ctx);
    return status;
}

#else
typedef int pp_pbkdf2_disabled;
#endif /* PSA_WANT_ALG_HMAC */
