/*
 * pbkdf2_cmac.c -- PBKDF2 with AES-CMAC-PRF-128 (RFC 8018 5.2, RFC 4615;
 * contract in pbkdf2_cmac.h).
 */
#include "kdf/pbkdf2_cmac.h"

#include <string.h>

#include "common/pp_util.h"

#if PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128

/* RFC 8018 5.2 step 1: at most 2^32 - 1 blocks. */
#define LAST_BLOCK 0xFFFFFFFFu

/* RFC 4615 3 steps 1-2: the AES-128 key of the PRF. */
static psa_status_t prf_key(const uint8_t *vk, size_t vk_len, uint8_t k[PP_CMAC_BLOCK])
{
    static const uint8_t zero[PP_CMAC_BLOCK] = {0};
    if (vk_len == PP_CMAC_BLOCK) {   /* a public length */
        memcpy(k, vk, PP_CMAC_BLOCK);
        return PSA_SUCCESS;
    }
    /* a 16-byte key: an error only from an AES accelerator */
    return pp_cmac_compute(zero, sizeof(zero), vk, vk_len, k);
}

void pp_aes_cmac_prf_128(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                         uint8_t out[PP_CMAC_BLOCK])
{
    uint8_t k[PP_CMAC_BLOCK];
    (void)prf_key(key, key_len, k);
    (void)pp_cmac_compute(k, sizeof(k), msg, msg_len, out);
    pp_wipe(k, sizeof(k));
}

psa_status_t pp_pbkdf2_cmac_setup(pp_pbkdf2_cmac_ctx *ctx, const uint8_t *password,
                                  size_t password_len, uint64_t iterations)
{
    uint8_t k[PP_CMAC_BLOCK];
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    if (iterations == 0) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* RFC 8018: c is positive */
    }
    if (iterations > LAST_BLOCK) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = prf_key(password, password_len, k);
    if (status == PSA_SUCCESS) {
        status = pp_cmac_setup(&ctx->salted, k, sizeof(k));
    }
    pp_wipe(k, sizeof(k));
    if (status != PSA_SUCCESS) {
        return status;
    }
    ctx->iterations = (uint32_t)iterations;
    pp_kdf_stream_init(&ctx->stream, PP_CMAC_BLOCK);
    return PSA_SUCCESS;
}

void pp_pbkdf2_cmac_salt(pp_pbkdf2_cmac_ctx *ctx, const uint8_t *salt, size_t salt_len)
{
    pp_cmac_update(&ctx->salted, salt, salt_len);
}

/* stream.block = T_{index + 1}; a pp_kdf_refill_fn. */
static void next_block(void *kdf, const void *unused)
{
    pp_pbkdf2_cmac_ctx *ctx = (pp_pbkdf2_cmac_ctx *)kdf;
    uint8_t u[PP_CMAC_BLOCK], counter[4];
    pp_cmac_ctx h = ctx->salted;   /* clone: S stays absorbed for T_{i+1} */
    uint8_t *t = ctx->stream.block;
    uint32_t j;
    size_t k;

    (void)unused;
    ctx->index++;
    pp_store_be32(counter, ctx->index);   /* INT(i) */
    pp_cmac_update(&h, counter, sizeof(counter));
    /* U_1; finish wipes h; an accelerator error of the clone is kept in
     * the parent for pp_pbkdf2_cmac_output */
    pp_aes_status_keep(&ctx->salted.key, pp_cmac_finish(&h, u));
    memcpy(t, u, sizeof(u));
    for (j = 1; j < ctx->iterations; j++) {
        pp_cmac_one_block(&ctx->salted, u, u);   /* U_j = AES-CMAC(K, U_{j-1}) */
        for (k = 0; k < sizeof(u); k++) {
            t[k] ^= u[k];
        }
    }
    pp_wipe(u, sizeof(u));
}

psa_status_t pp_pbkdf2_cmac_output(pp_pbkdf2_cmac_ctx *ctx, uint8_t *out, size_t len)
{
    const pp_kdf_stream *s = &ctx->stream;
    psa_status_t status;
    uint64_t left;

    if (s->len == 0) {
        return PSA_ERROR_BAD_STATE;
    }
    left = (uint64_t)(LAST_BLOCK - ctx->index) * s->len + (uint64_t)(s->len - s->used);
    if ((uint64_t)len > left) {
        return PSA_ERROR_INSUFFICIENT_DATA;
    }
    pp_kdf_stream_draw(&ctx->stream, out, len, next_block, ctx, NULL);
    status = pp_aes_status(&ctx->salted.key);   /* an AES accelerator's error (aes.h) */
    if (status != PSA_SUCCESS) {
        pp_wipe(out, len);
    }
    return status;
}

void pp_pbkdf2_cmac_wipe(pp_pbkdf2_cmac_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));
}

#else
typedef int pp_pbkdf2_cmac_disabled;
#endif /* PSA_WANT_ALG_PBKDF2_AES_CMAC_PRF_128 */
