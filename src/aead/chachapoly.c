/*
 * chachapoly.c -- ChaCha20-Poly1305 (RFC 8439 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha-03), see chachapoly.h for the contract.
 *
 * Poly1305 keeps its own partial block, so the AAD and the ciphertext are
 * fed as they come; only the two zero pads (2.8: pad16) need the running
 * lengths.
 */
#include <picopsa/config.h>

#include <string.h>

#include "aead/chachapoly.h"
#include "common/pp_util.h"

enum { CP_NONE = 0, CP_AAD = 1, CP_DATA = 2 };

static const uint8_t zeros[16];

void pp_chachapoly_wipe(pp_chachapoly_ctx *ctx)
{
    pp_wipe(ctx, sizeof(*ctx));   /* the ChaCha20 state (ctx->cipher) included */
}

psa_status_t pp_chachapoly_start(pp_chachapoly_ctx *ctx, const uint8_t key[32],
                                 const uint8_t *nonce, size_t nonce_len, int encrypt)
{
    uint8_t block0[PP_CHACHA20_BLOCK_SIZE];
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    if (nonce_len == PP_CHACHA20_NONCE_SIZE) {
        pp_chacha20_init(&ctx->cipher, key, 0, nonce);
    } else if (nonce_len == PP_XCHACHA20_NONCE_SIZE) {
        /* draft-irtf-cfrg-xchacha-03 2.3: ChaCha20 under the HChaCha20
         * subkey, counter 0; the AEAD on top is unchanged (its A.3.1). */
        pp_xchacha20_init(&ctx->cipher, key, nonce);
    } else {
        pp_chachapoly_wipe(ctx);
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* 2.6: the one-time key is the first 32 bytes of block 0; the rest of
     * the block is discarded, so the payload starts at block 1 (2.8). */
    memset(block0, 0, sizeof(block0));
    status = pp_chacha20_xor(&ctx->cipher, block0, block0, sizeof(block0));
    if (status == PSA_SUCCESS) {
        pp_poly1305_init(&ctx->mac, block0);
        ctx->encrypt = (uint8_t)(encrypt != 0);
        ctx->state = CP_AAD;
    } else {
        pp_chachapoly_wipe(ctx);
    }
    pp_wipe(block0, sizeof(block0));
    return status;
}

psa_status_t pp_chachapoly_update_ad(pp_chachapoly_ctx *ctx, const uint8_t *ad, size_t len)
{
    if (ctx->state != CP_AAD) {
        return PSA_ERROR_BAD_STATE;
    }
    if (len == 0) {
        /* ad may be NULL; pp_poly1305_update would memcpy from it. */
        return PSA_SUCCESS;
    }
    pp_poly1305_update(&ctx->mac, ad, len);
    ctx->ad_len += len;
    return PSA_SUCCESS;
}

/* 2.8: zero bytes up to the next multiple of 16 of a string of length n. */
static void pad16(pp_chachapoly_ctx *ctx, uint64_t n)
{
    size_t rem = (size_t)(n & 15u);

    if (rem != 0) {
        pp_poly1305_update(&ctx->mac, zeros, 16u - rem);
    }
}

psa_status_t pp_chachapoly_update(pp_chachapoly_ctx *ctx, const uint8_t *in, uint8_t *out,
                                  size_t len)
{
    psa_status_t status;

    if (ctx->state != CP_AAD && ctx->state != CP_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    /* The ChaCha20 limit checked here first, so a refused call has not
     * MACed its ciphertext either (ctx unchanged). */
    if ((uint64_t)len > PP_CHACHAPOLY_MAX_DATA - ctx->data_len) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (ctx->state == CP_AAD) {
        pad16(ctx, ctx->ad_len);
        ctx->state = CP_DATA;
    }
    if (len == 0) {
        return PSA_SUCCESS;
    }
    /* The MAC covers the ciphertext: decryption reads it before the XOR
     * overwrites it (in == out), encryption after the XOR made it. */
    if (!ctx->encrypt) {
        pp_poly1305_update(&ctx->mac, in, len);
    }
    status = pp_chacha20_xor(&ctx->cipher, in, out, len);
    if (status != PSA_SUCCESS) {
        /* Not reached: the limit above is the keystream's own. */
        pp_chachapoly_wipe(ctx);
        return status;
    }
    if (ctx->encrypt) {
        pp_poly1305_update(&ctx->mac, out, len);
    }
    ctx->data_len += len;
    return PSA_SUCCESS;
}

/* 2.8: pad the AAD (when no payload call came) and the ciphertext, append
 * le64(AAD length) || le64(ciphertext length), and finish Poly1305. */
static psa_status_t compute_tag(pp_chachapoly_ctx *ctx, uint8_t t[16], int encrypt)
{
    uint8_t lens[16];

    if (ctx->state != CP_AAD && ctx->state != CP_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    if ((int)ctx->encrypt != encrypt) {
        return PSA_ERROR_BAD_STATE;
    }
    if (ctx->state == CP_AAD) {
        pad16(ctx, ctx->ad_len);
    }
    pad16(ctx, ctx->data_len);
    pp_store_le64(lens, ctx->ad_len);
    pp_store_le64(lens + 8, ctx->data_len);
    pp_poly1305_update(&ctx->mac, lens, sizeof(lens));
    pp_poly1305_finish(&ctx->mac, t);
    return PSA_SUCCESS;
}

psa_status_t pp_chachapoly_finish(pp_chachapoly_ctx *ctx, uint8_t tag[PP_CHACHAPOLY_TAG_SIZE])
{
    psa_status_t status = compute_tag(ctx, tag, 1);

    if (status == PSA_SUCCESS) {
        pp_chachapoly_wipe(ctx);
    }
    return status;
}

psa_status_t pp_chachapoly_verify(pp_chachapoly_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[PP_CHACHAPOLY_TAG_SIZE];
    psa_status_t status = compute_tag(ctx, t, 0);

    if (status != PSA_SUCCESS) {
        return status;
    }
    if (tag_len != PP_CHACHAPOLY_TAG_SIZE) {
        status = PSA_ERROR_INVALID_SIGNATURE;
    } else {
        /* The verdict becomes the status through a mask, not a branch. */
        status = (psa_status_t)pp_ct_fail_unless_equal(pp_ct_memeq(t, tag, tag_len),
                                                       (int32_t)PSA_ERROR_INVALID_SIGNATURE);
    }
    pp_wipe(t, sizeof(t));
    pp_chachapoly_wipe(ctx);
    return status;
}
