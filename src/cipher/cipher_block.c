/*
 * cipher_block.c -- ECB, CBC and CBC with PKCS#7 padding (SP 800-38A 6.1,
 * 6.2; RFC 5652 6.3): whole blocks out, a partial block kept in pending.
 * PKCS#7 decryption keeps the last whole block too, since only finish
 * knows which block carries the padding.
 */
#include "cipher/cipher_modes.h"
#include "aes/aes.h"
#include "common/pp_util.h"

#include <string.h>

#if PP_CIPHER_BLOCK_MODES

static void process(picopsa_cipher_context *c, const uint8_t *in, uint8_t *out, size_t nblocks)
{
#if PSA_WANT_ALG_ECB_NO_PADDING
    if (c->alg == PSA_ALG_ECB_NO_PADDING) {
        (c->encrypt ? pp_aes_ecb_encrypt : pp_aes_ecb_decrypt)(&c->key.aes, in, out, nblocks);
        return;
    }
#endif
    (c->encrypt ? pp_aes_cbc_encrypt : pp_aes_cbc_decrypt)(&c->key.aes, c->chain, in, out,
                                                           nblocks);
}

size_t pp_cipher_block_update_length(const picopsa_cipher_context *c, size_t input_length)
{
    size_t total = (size_t)c->used + input_length;
    if (c->alg == PSA_ALG_CBC_PKCS7 && !c->encrypt) {
        return total == 0 ? 0 : (total - 1u) / PP_CIPHER_BLOCK * PP_CIPHER_BLOCK;
    }
    return total / PP_CIPHER_BLOCK * PP_CIPHER_BLOCK;
}

void pp_cipher_block_update(picopsa_cipher_context *c, const uint8_t *input,
                            size_t input_length, uint8_t *output)
{
    uint8_t first[PP_CIPHER_BLOCK];
    size_t out_length = pp_cipher_block_update_length(c, input_length);
    size_t held = c->used;            /* <= 16 <= out_length when out_length > 0 */
    size_t take = out_length - held;  /* input bytes that leave in this call */
    if (out_length == 0) {
        memcpy(c->pending + held, input, input_length);
        c->used = (uint8_t)(held + input_length);
        return;
    }
    /* The tail goes to pending before any output is written (it may be
     * where the output goes). */
    memcpy(first, c->pending, held);
    memcpy(c->pending, input + take, input_length - take);
    c->used = (uint8_t)(input_length - take);
    if (pp_cipher_overlap(input, input_length, output, out_length)) {
        /* Lay the stream out where its output goes, then work in place:
         * the output runs up to `held` bytes ahead of the input. */
        if (output + held != input) {
            pp_cipher_move(output + held, input, take);
        }
        memcpy(output, first, held);
        process(c, output, output, out_length / PP_CIPHER_BLOCK);
    } else {
        if (held != 0) {
            memcpy(first + held, input, PP_CIPHER_BLOCK - held);
            process(c, first, output, 1);
            input += PP_CIPHER_BLOCK - held;
            output += PP_CIPHER_BLOCK;
            take -= PP_CIPHER_BLOCK - held;
        }
        process(c, input, output, take / PP_CIPHER_BLOCK);
    }
    pp_wipe(first, sizeof(first));
}

#if PSA_WANT_ALG_CBC_PKCS7
static const uint8_t zero_block[PP_CIPHER_BLOCK] = {0};

/* RFC 5652 6.3: the last byte n must be 1..16 and the last n bytes all n.
 * Checked with masks over all 16 bytes: nothing branches on or indexes by
 * the padding; only the verdict leaves. */
static psa_status_t unpad(const uint8_t block[16], size_t *length)
{
    uint32_t pad = block[15];
    uint32_t good = pp_ct_mask_nonzero_u32(pad) & ~pp_ct_mask_lt_u32(16u, pad);
    uint32_t i;
    for (i = 0; i < 16u; i++) {
        uint32_t in_pad = ~pp_ct_mask_lt_u32(i, 16u - pad);
        good &= ~(in_pad & pp_ct_mask_nonzero_u32((uint32_t)block[i] ^ pad));
    }
    good = pp_ct_barrier_u32(good);
    *length = (size_t)((16u - (pad & 0x1fu)) & good);
    /* The status by a mask, not a multiplication by 0/1: gcc -Og turned
     * that into a conditional on the verdict (ct_cipher_pkcs7, debug). */
    return (psa_status_t)(int32_t)((uint32_t)PSA_ERROR_INVALID_PADDING &
                                   pp_ct_barrier_u32(~good));
}
#endif

psa_status_t pp_cipher_block_finish(picopsa_cipher_context *c, uint8_t out[16],
                                    size_t *out_length)
{
#if PSA_WANT_ALG_CBC_PKCS7
    if (c->alg == PSA_ALG_CBC_PKCS7) {
        psa_status_t status;
        if (c->encrypt) {
            uint8_t pad = (uint8_t)(PP_CIPHER_BLOCK - c->used);
            memset(c->pending + c->used, pad, pad);
            process(c, c->pending, out, 1);
            *out_length = PP_CIPHER_BLOCK;
            return PSA_SUCCESS;
        }
        if (c->used != PP_CIPHER_BLOCK) {
            return PSA_ERROR_INVALID_ARGUMENT;   /* not a positive number of blocks */
        }
        process(c, c->pending, out, 1);
        status = unpad(out, out_length);
        /* Bad padding: no plaintext leaves (a zero length, wiped bytes),
         * decided without a branch; the caller branches on the status. */
        pp_ct_cond_copy(out, zero_block, PP_CIPHER_BLOCK,
                        (uint8_t)pp_ct_mask_zero_u32((uint32_t)*out_length));
        return status;
    }
#endif
    (void)out;
    *out_length = 0;
    return c->used == 0 ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
}

#endif /* any block mode */
