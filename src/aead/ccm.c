/*
 * ccm.c -- AES-CCM, NIST SP 800-38C / RFC 3610 (see ccm.h for the
 * contract).
 *
 * The MAC input is B0 || encoded AAD length || AAD || zero pad || payload
 * || zero pad (SP 800-38C A.2); the payload is encrypted with Ctr_1,
 * Ctr_2, ... and the tag is MSB_Tlen(Y_r) xor MSB_Tlen(S_0) (6.1). One
 * buffer serves both padded strings: the AAD string is flushed when its
 * declared length is reached, before the payload starts.
 */
#include <picopsa/config.h>

#include <string.h>

#include "aead/ccm.h"
#include "common/pp_util.h"

enum { CCM_NONE = 0, CCM_KEYED = 1, CCM_AAD = 2, CCM_DATA = 3 };

/* Y_i = CIPH_K(B_i xor Y_{i-1}) for one block. */
static void mac_block(pp_ccm_ctx *ctx, const uint8_t block[PP_CCM_BLOCK])
{
    unsigned i;

    for (i = 0; i < PP_CCM_BLOCK; i++) {
        ctx->mac[i] = (uint8_t)(ctx->mac[i] ^ block[i]);
    }
    pp_aes_ecb_encrypt(&ctx->key, ctx->mac, ctx->mac, 1);
}

/* The same over n whole blocks: the backend's CBC-MAC pass where it has
 * one, else CBC encryption with IV = Y, which leaves the last ciphertext
 * block, the new Y, in ctx->mac (aes.h); the other ciphertext blocks go to
 * a scratch buffer, one batch per backend call. */
static void mac_blocks(pp_ccm_ctx *ctx, const uint8_t *in, size_t n)
{
    uint8_t scratch[PP_CCM_BATCH * PP_CCM_BLOCK];

    if (pp_aes_cbc_mac_fused(&ctx->key, ctx->mac, in, n)) {
        return;
    }
    while (n > 0) {
        size_t k = n < PP_CCM_BATCH ? n : PP_CCM_BATCH;
        pp_aes_cbc_encrypt(&ctx->key, ctx->mac, in, scratch, k);
        in += k * PP_CCM_BLOCK;
        n -= k;
    }
    pp_wipe(scratch, sizeof(scratch));
}

/* The counter block's 128-bit big-endian increment, as pp_aes_ctr does it
 * (public: the nonce and the block index). */
static void ctr_next(uint8_t ctr[PP_CCM_BLOCK])
{
    unsigned i = PP_CCM_BLOCK, carry = 1;
    while (i-- > 0) {
        unsigned v = ctr[i] + carry;
        ctr[i] = (uint8_t)v;
        carry = v >> 8;
    }
}

/* Whole payload blocks with the MAC block and the counter block in one
 * AES pass of two blocks (SP 800-38C 6.1 steps 4 and 5 share the cipher
 * calls): a bitsliced core computes two (ct32) or four (ct64) blocks a
 * pass, so the counter block costs nothing beside the serial CBC-MAC,
 * which otherwise takes one whole pass per block on its own. Encryption
 * MACs P_i and makes S_i together; decryption needs S_i before P_i, so
 * its MAC runs one block behind: the pass for block i MACs P_{i-1}, and
 * the last plaintext block is MACed alone at the end. in == out allowed. */
static void paired_blocks(pp_ccm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
    uint8_t pair[2u * PP_CCM_BLOCK], prev[PP_CCM_BLOCK];
    size_t b;
    unsigned i;
    for (b = 0; b < n; b++, in += PP_CCM_BLOCK, out += PP_CCM_BLOCK) {
        size_t lanes = 2;
        if (ctx->encrypt) {
            for (i = 0; i < PP_CCM_BLOCK; i++) pair[i] = (uint8_t)(ctx->mac[i] ^ in[i]);
        } else if (b != 0) {
            for (i = 0; i < PP_CCM_BLOCK; i++) pair[i] = (uint8_t)(ctx->mac[i] ^ prev[i]);
        } else {
            lanes = 1; /* the first block of a decryption: its keystream only */
        }
        memcpy(pair + (lanes - 1u) * PP_CCM_BLOCK, ctx->ctr, PP_CCM_BLOCK);
        pp_aes_ecb_encrypt(&ctx->key, pair, pair, lanes);
        if (lanes == 2) {
            memcpy(ctx->mac, pair, PP_CCM_BLOCK);
        }
        for (i = 0; i < PP_CCM_BLOCK; i++) {
            uint8_t y = (uint8_t)(in[i] ^ pair[(lanes - 1u) * PP_CCM_BLOCK + i]);
            prev[i] = y;
            out[i] = y;
        }
        ctr_next(ctx->ctr);
    }
    if (!ctx->encrypt && n != 0) {
        mac_block(ctx, prev);
    }
    pp_wipe(pair, sizeof(pair));
    pp_wipe(prev, sizeof(prev));
}

/* Zero-pad the buffered partial block and MAC it (A.2.2, A.2.3). */
static void mac_flush(pp_ccm_ctx *ctx)
{
    if (ctx->buf_len != 0) {
        memset(ctx->buf + ctx->buf_len, 0, PP_CCM_BLOCK - ctx->buf_len);
        mac_block(ctx, ctx->buf);
        ctx->buf_len = 0;
    }
}

/* Append bytes to the MAC string through buf, MACing whole blocks
 * straight from the input when buf is empty. */
static void mac_absorb(pp_ccm_ctx *ctx, const uint8_t *in, size_t len)
{
    while (len > 0) {
        size_t take;
        if (ctx->buf_len == 0 && len >= PP_CCM_BLOCK) {
            size_t n = len / PP_CCM_BLOCK;
            mac_blocks(ctx, in, n);
            in += n * PP_CCM_BLOCK;
            len -= n * PP_CCM_BLOCK;
            continue;
        }
        take = PP_CCM_BLOCK - ctx->buf_len;
        if (take > len) {
            take = len;
        }
        memcpy(ctx->buf + ctx->buf_len, in, take);
        ctx->buf_len = (uint8_t)(ctx->buf_len + take);
        in += take;
        len -= take;
        if (ctx->buf_len == PP_CCM_BLOCK) {
            mac_block(ctx, ctx->buf);
            ctx->buf_len = 0;
        }
    }
}

void pp_ccm_wipe(pp_ccm_ctx *ctx)
{
    pp_aes_wipe(&ctx->key);
    pp_wipe(ctx, sizeof(*ctx));
}

psa_status_t pp_ccm_setup(pp_ccm_ctx *ctx, const uint8_t *key, size_t key_len,
                          size_t tag_len, int encrypt)
{
    psa_status_t status;

    memset(ctx, 0, sizeof(*ctx));
    /* SP 800-38C A.1: Tlen in {32, 48, ..., 128} bits. */
    if (tag_len < PP_CCM_TAG_MIN || tag_len > PP_CCM_TAG_MAX || (tag_len & 1u) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_aes_set_key(&ctx->key, key, key_len);
    if (status != PSA_SUCCESS) {
        pp_ccm_wipe(ctx);
        return status;
    }
    ctx->tag_len = (uint8_t)tag_len;
    ctx->encrypt = (uint8_t)(encrypt != 0);
    ctx->state = CCM_KEYED;
    return PSA_SUCCESS;
}

/* Big-endian v into the last n bytes of p (n <= 8: the rest stays 0). */
static void store_be_tail(uint8_t *p, size_t n, uint64_t v)
{
    while (n-- > 0) {
        p[n] = (uint8_t)v;
        v >>= 8;
    }
}

/* SP 800-38C A.2.2: the AAD length a as 2, 6 or 10 bytes into buf. */
static void encode_ad_len(pp_ccm_ctx *ctx, uint64_t a)
{
    if (a < 0xff00u) {
        store_be_tail(ctx->buf, 2, a);
        ctx->buf_len = 2;
    } else if (a <= 0xffffffffu) {
        ctx->buf[0] = 0xff;
        ctx->buf[1] = 0xfe;
        store_be_tail(ctx->buf + 2, 4, a);
        ctx->buf_len = 6;
    } else {
        ctx->buf[0] = 0xff;
        ctx->buf[1] = 0xff;
        store_be_tail(ctx->buf + 2, 8, a);
        ctx->buf_len = 10;
    }
}

psa_status_t pp_ccm_start(pp_ccm_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                          uint64_t ad_len, uint64_t data_len)
{
    uint8_t b0[PP_CCM_BLOCK];
    size_t q;

    if (ctx->state != CCM_KEYED) {
        return PSA_ERROR_BAD_STATE;
    }
    if (nonce_len < PP_CCM_NONCE_MIN || nonce_len > PP_CCM_NONCE_MAX) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* A.1: q = 15 - n octets hold Q, so Q < 2^(8q) (q >= 8: any uint64). */
    q = 15u - nonce_len;
    if (q < 8u && (data_len >> (8u * q)) != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* A.2.1: B0 = flags || N || [Q]_8q, flags = Adata | [(t-2)/2]_3 | [q-1]_3. */
    memset(b0, 0, sizeof(b0));
    b0[0] = (uint8_t)(((ad_len != 0) ? 0x40u : 0u) | (((ctx->tag_len - 2u) / 2u) << 3) |
                      (q - 1u));
    memcpy(b0 + 1, nonce, nonce_len);
    store_be_tail(b0 + 1 + nonce_len, q < 8u ? q : 8u, data_len);
    memset(ctx->mac, 0, sizeof(ctx->mac));
    mac_block(ctx, b0);
    /* A.3: Ctr_i = [q-1]_8 || N || [i]_8q; S_0 masks the tag, the payload
     * starts at Ctr_1. The 128-bit increment of pp_aes_ctr never reaches
     * the nonce bytes: Q < 2^(8q) needs fewer than 2^(8q) blocks. */
    memset(ctx->ctr, 0, sizeof(ctx->ctr));
    ctx->ctr[0] = (uint8_t)(q - 1u);
    memcpy(ctx->ctr + 1, nonce, nonce_len);
    pp_aes_ecb_encrypt(&ctx->key, ctx->ctr, ctx->s0, 1);
    ctx->ctr[PP_CCM_BLOCK - 1u] = 1;
    pp_wipe(b0, sizeof(b0));

    ctx->buf_len = 0;
    if (ad_len != 0) {
        encode_ad_len(ctx, ad_len);
    }
    ctx->ad_left = ad_len;
    ctx->data_left = data_len;
    ctx->state = CCM_AAD;
    return PSA_SUCCESS;
}

psa_status_t pp_ccm_update_ad(pp_ccm_ctx *ctx, const uint8_t *ad, size_t len)
{
    if (ctx->state != CCM_AAD) {
        return PSA_ERROR_BAD_STATE;
    }
    if ((uint64_t)len > ctx->ad_left) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (len == 0) {
        return PSA_SUCCESS;
    }
    mac_absorb(ctx, ad, len);
    ctx->ad_left -= len;
    if (ctx->ad_left == 0) {
        mac_flush(ctx);
    }
    return PSA_SUCCESS;
}

/* One payload byte through the current keystream block; the plaintext
 * byte joins the MAC block. x is read before out is written (in == out). */
static void data_byte(pp_ccm_ctx *ctx, const uint8_t *in, uint8_t *out)
{
    uint8_t x = *in;
    uint8_t y = (uint8_t)(x ^ ctx->ks[ctx->buf_len]);

    *out = y;
    ctx->buf[ctx->buf_len] = ctx->encrypt ? x : y;
    ctx->buf_len++;
    if (ctx->buf_len == PP_CCM_BLOCK) {
        mac_block(ctx, ctx->buf);
        ctx->buf_len = 0;
    }
}

psa_status_t pp_ccm_update(pp_ccm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    if (ctx->state != CCM_AAD && ctx->state != CCM_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    if (ctx->ad_left != 0 || (uint64_t)len > ctx->data_left) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    ctx->state = CCM_DATA;
    ctx->data_left -= len;

    /* Finish the block a previous call began. */
    while (len > 0 && ctx->buf_len != 0) {
        data_byte(ctx, in++, out++);
        len--;
    }
    /* Whole blocks. A software AES key: the MAC and counter blocks share
     * each pass (paired_blocks). AES-NI: the fused pass below. A driver's
     * engine: batches, encryption MACing the plaintext before CTR
     * overwrites it, decryption the plaintext CTR has just made. */
    if (!ctx->key.hw && len >= PP_CCM_BLOCK) {
        size_t n = len / PP_CCM_BLOCK;
        paired_blocks(ctx, in, out, n);
        in += n * PP_CCM_BLOCK;
        out += n * PP_CCM_BLOCK;
        len -= n * PP_CCM_BLOCK;
    }
    if (len >= PP_CCM_BLOCK &&
        pp_aes_ccm_fused(&ctx->key, ctx->mac, ctx->ctr, in, out, len / PP_CCM_BLOCK,
                         ctx->encrypt)) {
        /* AES-NI: each CBC-MAC block and its CTR block in the same rounds
         * (aes_x86.c), so the payload costs about the CBC-MAC alone. */
        size_t n = len / PP_CCM_BLOCK;
        in += n * PP_CCM_BLOCK;
        out += n * PP_CCM_BLOCK;
        len -= n * PP_CCM_BLOCK;
    }
    while (len >= PP_CCM_BLOCK) {
        size_t n = len / PP_CCM_BLOCK;
        if (n > PP_CCM_BATCH) {
            n = PP_CCM_BATCH;
        }
        if (ctx->encrypt) {
            mac_blocks(ctx, in, n);
            pp_aes_ctr(&ctx->key, ctx->ctr, in, out, n);
        } else {
            pp_aes_ctr(&ctx->key, ctx->ctr, in, out, n);
            mac_blocks(ctx, out, n);
        }
        in += n * PP_CCM_BLOCK;
        out += n * PP_CCM_BLOCK;
        len -= n * PP_CCM_BLOCK;
    }
    /* A tail: the keystream of its block is kept for the next call. */
    if (len > 0) {
        memset(ctx->ks, 0, sizeof(ctx->ks));
        pp_aes_ctr(&ctx->key, ctx->ctr, ctx->ks, ctx->ks, 1);
        while (len-- > 0) {
            data_byte(ctx, in++, out++);
        }
    }
    return PSA_SUCCESS;
}

/* 6.1 steps 4-8: the full T xor S_0 into t; the caller keeps Tlen bytes. */
static psa_status_t compute_tag(pp_ccm_ctx *ctx, uint8_t t[PP_CCM_BLOCK], int encrypt)
{
    unsigned i;

    if (ctx->state != CCM_AAD && ctx->state != CCM_DATA) {
        return PSA_ERROR_BAD_STATE;
    }
    if ((int)ctx->encrypt != encrypt) {
        return PSA_ERROR_BAD_STATE;
    }
    if (ctx->ad_left != 0 || ctx->data_left != 0) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    mac_flush(ctx);
    /* The last CBC-MAC block went through AES here: an accelerator's error
     * on it (aes.h: pp_aes_status, sticky in the key) must be reported now,
     * before finish / verify wipe the key and with it the error (a tag of
     * wiped blocks was returned as PSA_SUCCESS; test_driver_aes). */
    {
        psa_status_t engine = pp_aes_status(&ctx->key);
        if (engine != PSA_SUCCESS) {
            return engine;
        }
    }
    for (i = 0; i < PP_CCM_BLOCK; i++) {
        t[i] = (uint8_t)(ctx->mac[i] ^ ctx->s0[i]);
    }
    return PSA_SUCCESS;
}

psa_status_t pp_ccm_finish(pp_ccm_ctx *ctx, uint8_t *tag)
{
    uint8_t t[PP_CCM_BLOCK];
    psa_status_t status = compute_tag(ctx, t, 1);

    if (status != PSA_SUCCESS) {
        return status;
    }
    memcpy(tag, t, ctx->tag_len);
    pp_wipe(t, sizeof(t));
    pp_ccm_wipe(ctx);
    return PSA_SUCCESS;
}

psa_status_t pp_ccm_verify(pp_ccm_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[PP_CCM_BLOCK];
    psa_status_t status = compute_tag(ctx, t, 0);

    if (status != PSA_SUCCESS) {
        return status;
    }
    /* The tag length is public; the comparison of its bytes is not: the
     * verdict becomes the status through a mask, without a branch. */
    if (tag_len != ctx->tag_len) {
        status = PSA_ERROR_INVALID_SIGNATURE;
    } else {
        status = (psa_status_t)pp_ct_fail_unless_equal(pp_ct_memeq(t, tag, tag_len),
                                                       (int32_t)PSA_ERROR_INVALID_SIGNATURE);
    }
    pp_wipe(t, sizeof(t));
    pp_ccm_wipe(ctx);
    return status;
}
