/*
 * sp800_108_cmac.c -- SP 800-108r1 4.1 counter-mode KDF with AES-CMAC and
 * the K_0 term, in PSA's fixed-input format (PSA Crypto API 1.2 10.6.1;
 * contract in sp800_108_cmac.h). One K_i is computed when the stream
 * reaches it, from a clone of the keyed CMAC context.
 */
#include "kdf/sp800_108_cmac.h"

#include <string.h>

#include "common/pp_util.h"

#if PSA_WANT_ALG_SP800_108_COUNTER_CMAC

psa_status_t pp_sp800_108_cmac_setup(pp_sp800_108_cmac_ctx *ctx, const uint8_t *key,
                                     size_t key_len)
{
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    status = pp_cmac_setup(&ctx->cmac, key, key_len);
    if (status != PSA_SUCCESS) {
        return status;   /* pp_cmac_setup wiped the CMAC context */
    }
    pp_kdf_stream_init(&ctx->stream, PP_CMAC_BLOCK);
    return PSA_SUCCESS;
}

/* h absorbs Label || 0x00 || Context || [L]_4, the fixed input of 10.6.1
 * (after [i]_4 for K_i, alone for K_0). */
static void absorb_fixed(const pp_sp800_108_cmac_ctx *ctx, pp_cmac_ctx *h, const uint8_t *label,
                         size_t label_len, const uint8_t *context, size_t context_len)
{
    static const uint8_t separator = 0x00;
    pp_cmac_update(h, label, label_len);
    pp_cmac_update(h, &separator, 1);
    pp_cmac_update(h, context, context_len);
    pp_cmac_update(h, ctx->length_be, sizeof(ctx->length_be));
}

psa_status_t pp_sp800_108_cmac_start(pp_sp800_108_cmac_ctx *ctx, size_t total_len,
                                     const uint8_t *label, size_t label_len,
                                     const uint8_t *context, size_t context_len)
{
    pp_cmac_ctx h;

    if (ctx->stream.len == 0 || ctx->started) {
        return PSA_ERROR_BAD_STATE;
    }
    if (total_len > PP_SP800_108_MAX_BYTES) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    pp_store_be32(ctx->length_be, (uint32_t)total_len << 3);   /* L < 2^32 */
    ctx->left = (uint32_t)total_len;
    /* K_0 = CMAC(K_IN, Label || 0x00 || Context || [L]_4) */
    h = ctx->cmac;
    absorb_fixed(ctx, &h, label, label_len, context, context_len);
    pp_aes_status_keep(&ctx->cmac.key, pp_cmac_finish(&h, ctx->k0));   /* finish wipes h */
    ctx->started = 1;
    return pp_aes_status(&ctx->cmac.key);   /* an AES accelerator's error (aes.h) */
}

/* stream.block = K_{index + 1}. A pp_kdf_refill_fn; inputs: label and
 * context. */
static void next_block(void *kdf, const void *inputs)
{
    pp_sp800_108_cmac_ctx *ctx = (pp_sp800_108_cmac_ctx *)kdf;
    const pp_kdf_inputs *in = (const pp_kdf_inputs *)inputs;
    uint8_t counter[4];
    pp_cmac_ctx h = ctx->cmac;

    ctx->index++;
    pp_store_be32(counter, ctx->index);
    pp_cmac_update(&h, counter, sizeof(counter));
    absorb_fixed(ctx, &h, in->first, in->first_len, in->second, in->second_len);
    pp_cmac_update(&h, ctx->k0, sizeof(ctx->k0));
    pp_aes_status_keep(&ctx->cmac.key, pp_cmac_finish(&h, ctx->stream.block));
}

psa_status_t pp_sp800_108_cmac_output(pp_sp800_108_cmac_ctx *ctx, const uint8_t *label,
                                      size_t label_len, const uint8_t *context,
                                      size_t context_len, uint8_t *out, size_t len)
{
    if (!ctx->started) {
        return PSA_ERROR_BAD_STATE;
    }
    if (len > ctx->left) {
        return PSA_ERROR_INSUFFICIENT_DATA;
    }
    ctx->left -= (uint32_t)len;
    pp_kdf_stream_draw_over(&ctx->stream, out, len, next_block, ctx, label, label_len, context,
                            context_len);
    if (pp_aes_status(&ctx->cmac.key) != PSA_SUCCESS) {   /* an AES accelerator's error */
        pp_wipe(out, len);
        return pp_aes_status(&ctx->cmac.key);
    }
    return PSA_SUCCESS;
}

void pp_sp800_108_cmac_wipe(pp_sp800_108_cmac_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));
}

#else
typedef int pp_sp800_108_cmac_disabled;
#endif /* PSA_WANT_ALG_SP800_108_COUNTER_CMAC */
