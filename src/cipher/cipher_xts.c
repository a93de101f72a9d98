/*
 * cipher_xts.c -- XTS-AES (IEEE Std 1619-2007 5.3, 5.4; NIST SP 800-38E),
 * PSA_ALG_XTS of PSA 1.2 10.4.1: the key is Key1 || Key2, two AES keys of
 * one size (PSA_KEY_TYPE_AES of 256, 384 or 512 bits: AES-128-XTS,
 * AES-192-XTS, AES-256-XTS), the IV the 128-bit tweak value i (the data
 * unit number, little-endian, IEEE 1619-2007 5.1). Block j of a data unit:
 *     T_j = E_Key2(i) * alpha^j in GF(2^128),  C_j = E_Key1(P_j ^ T_j) ^ T_j,
 * and a final partial block of m bytes steals the last 16 - m bytes of the
 * block before it (5.3.2 encryption, 5.4.2 decryption). At least 16 bytes
 * of input (PSA 1.2 PSA_ALG_XTS: "at least one full cipher block").
 *
 * The operation is one data unit: psa_cipher_update writes whole blocks
 * but always keeps the last 16..31 bytes (pending; the last full block and
 * any partial one), since only finish knows whether stealing is due;
 * psa_cipher_finish writes those 16..31 bytes. Fewer than 16 bytes in all
 * is INVALID_ARGUMENT at finish (10.4 psa_cipher_finish: "the total input
 * size ... is not valid for this particular algorithm").
 *
 * Key2 is used once, on the tweak: setup keeps Key1 || Key2 (the key
 * union of the context, no second 960-byte schedule), set_iv expands Key2,
 * encrypts the tweak, then expands Key1 in the same place.
 *
 * Constant time: alpha-doubling folds the carry back with a mask (through
 * pp_ct_barrier_u32), never a branch; nothing indexes by a tweak, key or
 * data byte; the branches are on lengths. With AES-NI the blocks go to
 * the backend's fused XTS pass (pp_aes_xts_fused: tweaks in registers,
 * 8 blocks in flight); otherwise 4 blocks per pp_aes_ecb_* call (a ct64
 * pass) with the tweak XORs here.
 */
#include "cipher/cipher_modes.h"
#include "aes/aes.h"
#include "common/pp_util.h"

#include <string.h>

#if PSA_WANT_ALG_XTS

#define BLOCK PP_CIPHER_BLOCK
#define BATCH 4u   /* blocks per pp_aes_ecb_* call: one bitsliced ct64 pass */

/* t := t * alpha (IEEE 1619-2007 5.2): t is the 128-bit little-endian
 * integer t[0] + 2^64 t[1]; the bit shifted out of 2^127 comes back as
 * x^7 + x^2 + x + 1 (0x87). The carry is a tweak bit: a mask, no branch. */
static void xts_double(uint64_t t[2])
{
    uint32_t carry = pp_ct_barrier_u32((uint32_t)0 - (uint32_t)(t[1] >> 63));
    t[1] = (t[1] << 1) | (t[0] >> 63);
    t[0] = (t[0] << 1) ^ (uint64_t)(carry & 0x87u);
}

static void xor16(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    uint64_t x[2], y[2];
    memcpy(x, a, BLOCK);
    memcpy(y, b, BLOCK);
    x[0] ^= y[0];
    x[1] ^= y[1];
    memcpy(out, x, BLOCK);
}

static void load_tweak(uint64_t t[2], const uint8_t b[16])
{
    t[0] = pp_load_le64(b);
    t[1] = pp_load_le64(b + 8);
}

static void store_tweak(uint8_t b[16], const uint64_t t[2])
{
    pp_store_le64(b, t[0]);
    pp_store_le64(b + 8, t[1]);
}

/* A tweak word (the integer of IEEE 1619's little-endian byte order) as
 * the 8 bytes of memory it XORs with, read as a host word: the same on a
 * little-endian host. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TW_WORD(x) (x)
#else
static uint64_t tw_word(uint64_t x)
{
    uint8_t b[8];
    uint64_t w;
    pp_store_le64(b, x);
    memcpy(&w, b, sizeof(w));
    return w;
}
#define TW_WORD(x) tw_word(x)
#endif

static uint64_t word_at(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof(w));
    return w;
}

static void word_to(uint8_t *p, uint64_t w)
{
    memcpy(p, &w, sizeof(w));
}

/* nblocks whole blocks from the tweak in chain, which moves on past them.
 * in == out is allowed (a batch is read before it is written). The
 * tweaks stay in 64-bit words and the XORs are done on host words:
 * building tweaks bytewise and reading them back as vectors cost a
 * store-forwarding stall per block (85% of the time, perf on x86-64). */
static void xts_blocks(picopsa_cipher_context *c, const uint8_t *in, uint8_t *out,
                       size_t nblocks)
{
    uint64_t tw[2 * BATCH];
    uint8_t buf[BATCH * BLOCK];
    uint64_t t0, t1;
    if (pp_aes_xts_fused(&c->key.aes, c->chain, in, out, nblocks, c->encrypt)) {
        return;   /* AES-NI: the tweak in a register beside the rounds */
    }
    t0 = pp_load_le64(c->chain);
    t1 = pp_load_le64(c->chain + 8);
    while (nblocks != 0) {
        size_t k = nblocks < BATCH ? nblocks : BATCH;
        size_t j;
        for (j = 0; j < k; j++) {
            uint32_t carry = pp_ct_barrier_u32((uint32_t)0 - (uint32_t)(t1 >> 63));
            tw[2 * j] = TW_WORD(t0);
            tw[2 * j + 1] = TW_WORD(t1);
            word_to(buf + j * BLOCK, word_at(in + j * BLOCK) ^ tw[2 * j]);
            word_to(buf + j * BLOCK + 8, word_at(in + j * BLOCK + 8) ^ tw[2 * j + 1]);
            /* t := t * alpha, as xts_double */
            t1 = (t1 << 1) | (t0 >> 63);
            t0 = (t0 << 1) ^ (uint64_t)(carry & 0x87u);
        }
        (c->encrypt ? pp_aes_ecb_encrypt : pp_aes_ecb_decrypt)(&c->key.aes, buf, buf, k);
        for (j = 0; j < k; j++) {
            word_to(out + j * BLOCK, word_at(buf + j * BLOCK) ^ tw[2 * j]);
            word_to(out + j * BLOCK + 8, word_at(buf + j * BLOCK + 8) ^ tw[2 * j + 1]);
        }
        in += k * BLOCK;
        out += k * BLOCK;
        nblocks -= k;
    }
    pp_store_le64(c->chain, t0);
    pp_store_le64(c->chain + 8, t1);
    pp_wipe(tw, sizeof(tw));
    pp_wipe(buf, sizeof(buf));
    t0 = t1 = 0;
}

/* One block under the given tweak (the stealing steps). */
static void xts_one(const picopsa_cipher_context *c, const uint8_t in[16], uint8_t out[16],
                    const uint8_t tweak[16])
{
    uint8_t buf[BLOCK];
    xor16(buf, in, tweak);
    (c->encrypt ? pp_aes_ecb_encrypt : pp_aes_ecb_decrypt)(&c->key.aes, buf, buf, 1);
    xor16(out, buf, tweak);
    pp_wipe(buf, sizeof(buf));
}

int pp_cipher_xts_keys_differ(const uint8_t *key, size_t half)
{
    return 1 - pp_ct_memeq(key, key + half, half);
}

psa_status_t pp_cipher_xts_setup(picopsa_cipher_context *c, const uint8_t *key,
                                 size_t key_length)
{
    size_t half = key_length / 2u;
    if (key_length != 32u && key_length != 48u && key_length != 64u) {
        /* PSA 1.2 PSA_KEY_TYPE_AES: XTS keys are 256, 384 or 512 bits;
         * an AES key of another size "is not compatible with alg". */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* Key1 == Key2 is refused, in both directions. The PSA text is
     * silent and IEEE 1619-2007 / SP 800-38E do not forbid it (IEEE 1619
     * vector 1 has two zero keys), but the equal-keys instance is the one
     * Rogaway's XEX analysis does not cover, and FIPS 140-2 IG A.9 /
     * FIPS 140-3 IG C.I require "the check for Key_1 != Key_2 ... BEFORE
     * using the keys in the XTS-AES algorithm to process data". OpenSSL
     * 3.0 refuses such a key for encryption too. Status: 10.4
     * psa_cipher_encrypt_setup, INVALID_ARGUMENT, "key is not compatible
     * with alg". The flag comes from a constant-time comparison; only
     * the verdict, which the status tells anyway, is branched on. */
    if (!pp_cipher_xts_keys_differ(key, half)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memcpy(c->key.xts.keys, key, key_length);
    c->key.xts.half = (uint8_t)half;
    return PSA_SUCCESS;
}

psa_status_t pp_cipher_xts_set_iv(picopsa_cipher_context *c, const uint8_t *iv,
                                  size_t iv_length)
{
    uint8_t keys[64];
    size_t half = c->key.xts.half;
    psa_status_t status;
    if (iv_length != BLOCK) {
        /* PSA 1.2 PSA_ALG_XTS: "an IV that is the same size as the cipher
         * block length"; psa_cipher_set_iv: INVALID_ARGUMENT, "iv_length
         * is not valid for the chosen algorithm". */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    memcpy(keys, c->key.xts.keys, 2u * half);   /* the schedules overwrite them */
    status = pp_aes_set_key(&c->key.aes, keys + half, half);
    if (status == PSA_SUCCESS) {
        /* T_0 = E_Key2(i) (IEEE 1619-2007 5.3.1 step 1) */
        pp_aes_ecb_encrypt(&c->key.aes, iv, c->chain, 1);
        status = pp_aes_status(&c->key.aes);   /* an accelerator's error (aes.h) */
    }
    if (status == PSA_SUCCESS) {
        status = pp_aes_set_key(&c->key.aes, keys, half);
    }
    pp_wipe(keys, sizeof(keys));
    c->used = 0;
    return status;   /* an error only from an accelerator: half is 16, 24 or 32 */
}

size_t pp_cipher_xts_update_length(const picopsa_cipher_context *c, size_t input_length)
{
    size_t blocks = ((size_t)c->used + input_length) / BLOCK;
    return blocks >= 2u ? (blocks - 1u) * BLOCK : 0u;
}

void pp_cipher_xts_update(picopsa_cipher_context *c, const uint8_t *input, size_t input_length,
                          uint8_t *output)
{
    uint8_t first[2 * BLOCK];
    size_t out_length = pp_cipher_xts_update_length(c, input_length);
    size_t held = c->used;                              /* 0..31 */
    size_t lead = held < out_length ? held : out_length; /* held bytes that leave */
    size_t take = out_length - lead;                    /* input bytes that leave */
    if (out_length == 0) {
        memcpy(c->pending + held, input, input_length);
        c->used = (uint8_t)(held + input_length);
        return;
    }
    /* The last held + input_length - out_length bytes of the stream are
     * kept, before any output is written (it may be where they lie). */
    memcpy(first, c->pending, held);
    if (held > out_length) {
        memcpy(c->pending, first + out_length, held - out_length);
        memcpy(c->pending + (held - out_length), input, input_length);
    } else {
        memcpy(c->pending, input + take, input_length - take);
    }
    c->used = (uint8_t)(held + input_length - out_length);
    if (pp_cipher_overlap(input, input_length, output, out_length)) {
        /* Lay the stream out where its output goes, then work in place. */
        pp_cipher_move(output + lead, input, take);
        memcpy(output, first, lead);
        xts_blocks(c, output, output, out_length / BLOCK);
    } else {
        /* The held bytes and the input bytes that complete their block(s)
         * go through a local buffer; the rest straight from the input. */
        size_t mixed = (lead + BLOCK - 1u) / BLOCK * BLOCK;   /* 0, 16 or 32 */
        if (mixed != 0) {
            uint8_t mix[2 * BLOCK];
            memcpy(mix, first, lead);
            memcpy(mix + lead, input, mixed - lead);
            xts_blocks(c, mix, output, mixed / BLOCK);
            pp_wipe(mix, sizeof(mix));
            input += mixed - lead;
            output += mixed;
            take -= mixed - lead;
        }
        xts_blocks(c, input, output, take / BLOCK);
    }
    pp_wipe(first, sizeof(first));
}

psa_status_t pp_cipher_xts_finish(picopsa_cipher_context *c, uint8_t out[PP_CIPHER_FINISH_MAX],
                                  size_t *out_length)
{
    uint8_t t_prev[BLOCK], t_last[BLOCK], x[BLOCK], y[BLOCK];
    uint64_t t[2];
    size_t m;
    *out_length = 0;
    if (c->used < BLOCK) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* under one block in all */
    }
    m = (size_t)c->used - BLOCK;             /* bytes of the partial block */
    if (m == 0) {
        xts_blocks(c, c->pending, out, 1);
        *out_length = BLOCK;
        return PSA_SUCCESS;
    }
    /* The last full block n-1 (tweak T_{n-1}, in chain) and the partial
     * block n (T_n) of 5.3.2 / 5.4.2. Encryption: CC = enc(P_{n-1},
     * T_{n-1}), C_n = CC[0..m), C_{n-1} = enc(P_n || CC[m..16), T_n).
     * Decryption takes the tweaks the other way round: PP = dec(C_{n-1},
     * T_n), P_n = PP[0..m), P_{n-1} = dec(C_n || PP[m..16), T_{n-1}). */
    memcpy(t_prev, c->chain, BLOCK);
    load_tweak(t, c->chain);
    xts_double(t);
    store_tweak(t_last, t);
    xts_one(c, c->pending, x, c->encrypt ? t_prev : t_last);
    memcpy(y, c->pending + BLOCK, m);
    memcpy(y + m, x + m, BLOCK - m);
    memcpy(out + BLOCK, x, m);
    xts_one(c, y, out, c->encrypt ? t_last : t_prev);
    *out_length = BLOCK + m;
    pp_wipe(t_prev, sizeof(t_prev));
    pp_wipe(t_last, sizeof(t_last));
    pp_wipe(x, sizeof(x));
    pp_wipe(y, sizeof(y));
    pp_wipe(t, sizeof(t));
    return PSA_SUCCESS;
}

#endif /* PSA_WANT_ALG_XTS */
