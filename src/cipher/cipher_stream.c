/*
 * cipher_stream.c -- the segment modes over AES: CTR (SP 800-38A 6.5, a
 * 128-bit big-endian counter), CFB-128 (6.3), OFB (6.4) and CCM* without
 * tag (CTR from A_1, cipher.c). Output = input XOR keystream, byte for
 * byte; pending holds the keystream of the current block, used counts
 * the bytes of it already spent (16: none left).
 * CFB: the register (chain) collects the ciphertext of the current block
 * as it is produced, so it is E's next input when the block is complete.
 */
#include "cipher/cipher_modes.h"
#include "aes/aes.h"
#include "common/pp_util.h"

#include <string.h>

#if PP_CIPHER_SEGMENT_MODES

#define BLOCK PP_CIPHER_BLOCK
#define CHUNK 4u   /* blocks per call of the block function (a bitsliced pass) */

static int is_ctr(psa_algorithm_t alg)
{
    return alg == PSA_ALG_CTR || alg == PSA_ALG_CCM_STAR_NO_TAG;
}

/* The keystream of the next block into pending (and the register moved
 * on: counter + 1, OFB's output fed back). */
static void next_keystream(picopsa_cipher_context *c)
{
    if (is_ctr(c->alg)) {
        static const uint8_t zero[BLOCK] = {0};
        pp_aes_ctr(&c->key.aes, c->chain, zero, c->pending, 1);
    } else {
        pp_aes_ecb_encrypt(&c->key.aes, c->chain, c->pending, 1);
        if (c->alg == PSA_ALG_OFB) {
            memcpy(c->chain, c->pending, BLOCK);
        }
    }
    c->used = 0;
}

/* Bytes out of the current keystream block. */
static size_t spend(picopsa_cipher_context *c, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n = BLOCK - c->used;
    size_t i;
    if (n > len) {
        n = len;
    }
    for (i = 0; i < n; i++) {
        uint8_t x = in[i];
        uint8_t y = (uint8_t)(x ^ c->pending[c->used + i]);
        out[i] = y;
        if (c->alg == PSA_ALG_CFB) {
            c->chain[c->used + i] = c->encrypt ? y : x;   /* the ciphertext byte */
        }
    }
    c->used = (uint8_t)(c->used + n);
    return n;
}

static void xor_block(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    size_t i;
    for (i = 0; i < BLOCK; i++) {
        out[i] = (uint8_t)(a[i] ^ b[i]);
    }
}

#if PSA_WANT_ALG_CFB
/* CFB decryption of whole blocks, CHUNK at a time: P_i = C_i ^ E(C_{i-1})
 * and every C is known, so the E calls run in parallel. The register and
 * the ciphertext are copied before the plaintext overwrites them. */
static void cfb_decrypt_blocks(picopsa_cipher_context *c, const uint8_t *in, uint8_t *out,
                               size_t nblocks)
{
    uint8_t regs[CHUNK * BLOCK];
    while (nblocks != 0) {
        size_t n = nblocks < CHUNK ? nblocks : CHUNK;
        size_t i;
        memcpy(regs, c->chain, BLOCK);
        memcpy(regs + BLOCK, in, (n - 1u) * BLOCK);
        memcpy(c->chain, in + (n - 1u) * BLOCK, BLOCK);
        pp_aes_ecb_encrypt(&c->key.aes, regs, regs, n);
        for (i = 0; i < n; i++) {
            xor_block(out + i * BLOCK, in + i * BLOCK, regs + i * BLOCK);
        }
        in += n * BLOCK;
        out += n * BLOCK;
        nblocks -= n;
    }
    pp_wipe(regs, sizeof(regs));
}
#endif

/* Whole blocks with no keystream pending. */
static void whole_blocks(picopsa_cipher_context *c, const uint8_t *in, uint8_t *out,
                         size_t nblocks)
{
    size_t i;
    if (is_ctr(c->alg)) {
        pp_aes_ctr(&c->key.aes, c->chain, in, out, nblocks);
        return;
    }
#if PSA_WANT_ALG_CFB
    if (c->alg == PSA_ALG_CFB && !c->encrypt) {
        cfb_decrypt_blocks(c, in, out, nblocks);
        return;
    }
#endif
    /* OFB, CFB encryption: serial, one block at a time. */
    for (i = 0; i < nblocks; i++) {
        next_keystream(c);
        c->used = BLOCK;
        xor_block(out, in, c->pending);
        if (c->alg == PSA_ALG_CFB) {
            memcpy(c->chain, out, BLOCK);
        }
        in += BLOCK;
        out += BLOCK;
    }
}

void pp_cipher_stream_update(picopsa_cipher_context *c, const uint8_t *input,
                             size_t input_length, uint8_t *output)
{
    size_t n;
    if (input != output && pp_cipher_overlap(input, input_length, output, input_length)) {
        pp_cipher_move(output, input, input_length);   /* then in place */
        input = output;
    }
    if (c->used < BLOCK) {
        n = spend(c, input, output, input_length);
        input += n;
        output += n;
        input_length -= n;
    }
    n = input_length / BLOCK;
    if (n != 0) {
        whole_blocks(c, input, output, n);
        input += n * BLOCK;
        output += n * BLOCK;
        input_length -= n * BLOCK;
    }
    if (input_length != 0) {
        next_keystream(c);
        (void)spend(c, input, output, input_length);
    }
}

#endif /* any segment mode */
