/*
 * tls12_prf.c -- TLS 1.2 PRF, RFC 5246 5, and the PSK premaster secret of
 * RFC 4279 2 (see tls12_prf.h for the contract). One P_hash block is
 * computed at a time, when the stream reaches it.
 */
#include "kdf/tls12_prf.h"

#include <string.h>

#include "common/pp_util.h"

#if PSA_WANT_ALG_HMAC

psa_status_t pp_tls12_prf_setup(pp_tls12_prf_ctx *ctx, psa_algorithm_t hash_alg,
                                const uint8_t *secret, size_t secret_len)
{
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    if (hash_alg != PSA_ALG_SHA_256 && hash_alg != PSA_ALG_SHA_384) {
        return PSA_ALG_IS_HASH(hash_alg) && hash_alg != PSA_ALG_ANY_HASH
                   ? PSA_ERROR_NOT_SUPPORTED
                   : PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_hmac_setup(&ctx->hmac, hash_alg, secret, secret_len);
    if (status != PSA_SUCCESS) {
        return status;
    }
    pp_kdf_stream_init(&ctx->stream, pp_hash_size(hash_alg));   /* the first output computes A(1) */
    return PSA_SUCCESS;
}

/* A(i+1) = HMAC(secret, A(i)), A(0) = label || seed; then the block is
 * HMAC(secret, A(i+1) || label || seed). A pp_kdf_refill_fn; inputs:
 * the label and the seed. */
static void next_block(void *kdf, const void *inputs)
{
    pp_tls12_prf_ctx *ctx = (pp_tls12_prf_ctx *)kdf;
    const pp_kdf_inputs *in = (const pp_kdf_inputs *)inputs;
    pp_hmac_ctx h = ctx->hmac;   /* clone: the keyed states stay */
    if (!ctx->started) {
        pp_kdf_absorb(&h, in->first, in->first_len);
        pp_kdf_absorb(&h, in->second, in->second_len);
    } else {
        pp_hmac_update(&h, ctx->a, ctx->stream.len);
    }
    pp_hmac_finish(&h, ctx->a);   /* finish wipes h */
    h = ctx->hmac;
    pp_hmac_update(&h, ctx->a, ctx->stream.len);
    pp_kdf_absorb(&h, in->first, in->first_len);
    pp_kdf_absorb(&h, in->second, in->second_len);
    pp_hmac_finish(&h, ctx->stream.block);
    ctx->started = 1;
}

psa_status_t pp_tls12_prf_output(pp_tls12_prf_ctx *ctx, const uint8_t *label, size_t label_len,
                                 const uint8_t *seed, size_t seed_len, uint8_t *out, size_t len)
{
    if (ctx->stream.len == 0) {
        return PSA_ERROR_BAD_STATE;   /* never set up, or wiped */
    }
    pp_kdf_stream_draw_over(&ctx->stream, out, len, next_block, ctx, label, label_len, seed,
                            seed_len);
    return PSA_SUCCESS;
}

void pp_tls12_prf_wipe(pp_tls12_prf_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));
}

psa_status_t pp_tls12_psk_premaster(uint8_t *pms, size_t pms_size, size_t *pms_len,
                                    const uint8_t *other, size_t other_len, const uint8_t *psk,
                                    size_t psk_len)
{
    size_t o_len = other == NULL ? psk_len : other_len;

    *pms_len = 0;
    if (psk_len > PP_TLS12_PSK_MAX_SIZE || o_len > 0xFFFFu) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (pms_size < PP_TLS12_PSK_PREMASTER_SIZE(o_len, psk_len)) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    /* RFC 4279 2: "uint16 length of other_secret, other_secret, uint16
     * length of the PSK, the PSK"; plain PSK: other_secret is N zeros. */
    pms[0] = (uint8_t)(o_len >> 8);
    pms[1] = (uint8_t)o_len;
    if (other == NULL) {
        memset(pms + 2, 0, o_len);
    } else if (o_len != 0) {
        memcpy(pms + 2, other, o_len);
    }
    pms[2 + o_len] = (uint8_t)(psk_len >> 8);
    pms[3 + o_len] = (uint8_t)psk_len;
    if (psk_len != 0) {
        memcpy(pms + 4 + o_len, psk, psk_len);
    }
    *pms_len = PP_TLS12_PSK_PREMASTER_SIZE(o_len, psk_len);
    return PSA_SUCCESS;
}

#else
typedef int pp_tls12_prf_disabled;
#endif /* PSA_WANT_ALG_HMAC */
