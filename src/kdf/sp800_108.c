/*
 * sp800_108.c -- SP 800-108r1 4.1 counter-mode KDF with HMAC, in PSA's
 * fixed-input format (see sp800_108.h for the contract). One K_i is
 * computed at a time, when the stream reaches it.
 */
#include "kdf/sp800_108.h"

#include <string.h>

#include "common/pp_util.h"

#if PSA_WANT_ALG_HMAC

psa_status_t pp_sp800_108_setup(pp_sp800_108_ctx *ctx, psa_algorithm_t hash_alg,
                                const uint8_t *key, size_t key_len)
{
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    status = pp_hmac_setup(&ctx->hmac, hash_alg, key, key_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_kdf_stream_init(&ctx->stream, pp_hash_size(hash_alg));   /* the first output computes K_1 */
    return PSA_SUCCESS;
}

psa_status_t pp_sp800_108_start(pp_sp800_108_ctx *ctx, size_t total_len)
{
    if (ctx->stream.len == 0 || ctx->started) {
        return PSA_ERROR_BAD_STATE;
    }
    if (total_len > PP_SP800_108_MAX_BYTES) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* [L]_4 with L = 8 * total_len < 2^32. */
    pp_store_be32(ctx->length_be, (uint32_t)total_len << 3);
    ctx->left = (uint32_t)total_len;
    ctx->started = 1;
    return PSA_SUCCESS;
}

psa_status_t pp_sp800_108_label_ok(const uint8_t *label, size_t label_len)
{
    size_t i;
    for (i = 0; i < label_len; i++) {
        if (label[i] == 0) {   /* public data: a branch is fine */
            return PSA_ERROR_INVALID_ARGUMENT;
        }
    }
    return PSA_SUCCESS;
}

/* stream.block = K_{index + 1} = HMAC(K_IN, [i]_4 || Label || 0x00 ||
 * Context || [L]_4). A pp_kdf_refill_fn; inputs: label and context. */
static void next_block(void *kdf, const void *inputs)
{
    static const uint8_t separator = 0x00;
    pp_sp800_108_ctx *ctx = (pp_sp800_108_ctx *)kdf;
    const pp_kdf_inputs *in = (const pp_kdf_inputs *)inputs;
    uint8_t counter[4];
    pp_hmac_ctx h = ctx->hmac;   /* clone: the keyed states stay for K_{i+1} */

    ctx->index++;
    pp_store_be32(counter, ctx->index);
    pp_hmac_update(&h, counter, sizeof(counter));
    pp_kdf_absorb(&h, in->first, in->first_len);
    pp_hmac_update(&h, &separator, 1);
    pp_kdf_absorb(&h, in->second, in->second_len);
    pp_hmac_update(&h, ctx->length_be, sizeof(ctx->length_be));
    pp_hmac_finish(&h, ctx->stream.block);   /* finish wipes h */
}

psa_status_t pp_sp800_108_output(pp_sp800_108_ctx *ctx, const uint8_t *label, size_t label_len,
                                 const uint8_t *context, size_t context_len, uint8_t *out,
                                 size_t len)
{
    if (!ctx->started) {
        return PSA_ERROR_BAD_STATE;   /* start fixes L first */
    }
    if (len > ctx->left) {
        return PSA_ERROR_INSUFFICIENT_DATA;
    }
    ctx->left -= (uint32_t)len;
    pp_kdf_stream_draw_over(&ctx->stream, out, len, next_block, ctx, label, label_len, context,
                            context_len);
    return PSA_SUCCESS;
}

void pp_sp800_108_wipe(pp_sp800_108_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));
}

#else
typedef int pp_sp800_108_disabled;
#endif /* PSA_WANT_ALG_HMAC */
