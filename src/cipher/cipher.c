/*
 * cipher.c -- setup, IV and routing of the ciphers (cipher.h); the
 * ChaCha20 stream cipher is driven from here (its state is the stream).
 */
#include "cipher/cipher_modes.h"
#include "aes/aes.h"
#include "chacha20/chacha20.h"
#include "common/pp_util.h"

#include <stddef.h>
#include <string.h>

#if PP_CIPHER_ANY

int pp_cipher_is_block_mode(psa_algorithm_t alg)
{
    return alg == PSA_ALG_ECB_NO_PADDING || alg == PSA_ALG_CBC_NO_PADDING ||
           alg == PSA_ALG_CBC_PKCS7;
}

int pp_cipher_overlap(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return a_len != 0 && b_len != 0 && x < y + b_len && y < x + a_len;
}

void pp_cipher_move(uint8_t *dst, const uint8_t *src, size_t len)
{
    size_t i;
    if ((uintptr_t)dst < (uintptr_t)src) {
        for (i = 0; i < len; i++) {
            dst[i] = src[i];
        }
    } else if ((uintptr_t)dst > (uintptr_t)src) {
        for (i = len; i > 0; i--) {
            dst[i - 1] = src[i - 1];
        }
    }
}

psa_status_t pp_cipher_setup(picopsa_cipher_context *c, psa_algorithm_t alg,
                             psa_key_type_t key_type, const uint8_t *key, size_t key_length,
                             int encrypt)
{
    psa_status_t status = PSA_SUCCESS;
    if (alg == PSA_ALG_STREAM_CIPHER) {
        /* The key is kept until the IV comes: ChaCha20's state is built
         * from both (RFC 8439 2.3). */
        if (key_length != sizeof(c->key.chacha.key)) {
            status = PSA_ERROR_INVALID_ARGUMENT;
        } else {
            memcpy(c->key.chacha.key, key, key_length);
        }
#if PSA_WANT_ALG_XTS
    } else if (alg == PSA_ALG_XTS) {
        status = pp_cipher_xts_setup(c, key, key_length);
#endif
    } else {
#if PP_CIPHER_BLOCK_MODES || PP_CIPHER_SEGMENT_MODES
        status = pp_aes_set_key(&c->key.aes, key, key_length);
#else
        status = PSA_ERROR_NOT_SUPPORTED;   /* unreachable: the dispatch layer routes none */
#endif
    }
    if (status != PSA_SUCCESS) {
        /* alg stays 0 (pp_cipher_abort then wipes nothing): whatever a
         * failed key setup wrote goes now, on this (rare) path. */
        pp_wipe(c, sizeof(*c));
        return status;
    }
    c->alg = alg;
    c->key_type = key_type;
    c->encrypt = (uint8_t)(encrypt ? 1 : 0);
    c->used = 0;
    return PSA_SUCCESS;
}

size_t pp_cipher_iv_length(const picopsa_cipher_context *c)
{
    switch (c->alg) {
    case PSA_ALG_ECB_NO_PADDING:
        return 0;
    case PSA_ALG_CCM_STAR_NO_TAG:
        return 13u;
    case PSA_ALG_STREAM_CIPHER:
        return c->key_type == PSA_KEY_TYPE_XCHACHA20 ? PP_XCHACHA20_NONCE_SIZE
                                                     : PP_CHACHA20_NONCE_SIZE;
    default:
        return PP_CIPHER_BLOCK;
    }
}

#if PSA_WANT_ALG_STREAM_CIPHER
/* ChaCha20: 12-byte nonce (counter 0) or 16-byte counter || nonce;
 * XChaCha20: 24-byte nonce. The kept key is wiped once in the state. */
static psa_status_t stream_set_iv(picopsa_cipher_context *c, const uint8_t *iv,
                                  size_t iv_length)
{
    psa_status_t status = PSA_SUCCESS;
    if (c->key_type == PSA_KEY_TYPE_XCHACHA20) {
        if (iv_length != PP_XCHACHA20_NONCE_SIZE) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        pp_xchacha20_init(&c->key.chacha.stream, c->key.chacha.key, iv);
    } else {
        status = pp_chacha20_init_iv(&c->key.chacha.stream, c->key.chacha.key, iv, iv_length);
    }
    if (status == PSA_SUCCESS) {
        pp_wipe(c->key.chacha.key, sizeof(c->key.chacha.key));
    }
    return status;
}
#endif

psa_status_t pp_cipher_set_iv(picopsa_cipher_context *c, const uint8_t *iv, size_t iv_length)
{
    size_t want = pp_cipher_iv_length(c);
#if PSA_WANT_ALG_STREAM_CIPHER
    if (c->alg == PSA_ALG_STREAM_CIPHER) {
        return stream_set_iv(c, iv, iv_length);
    }
#endif
#if PSA_WANT_ALG_XTS
    if (c->alg == PSA_ALG_XTS) {
        return pp_cipher_xts_set_iv(c, iv, iv_length);
    }
#endif
    if (want == 0 || iv_length != want) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (c->alg == PSA_ALG_CCM_STAR_NO_TAG) {
        /* IEEE 802.15.4-2020 B.4.1.3 (= SP 800-38C A.3 with L = 2): A_i =
         * Flags (L - 1 = 1) || nonce || i, encryption from i = 1 (A_0 only
         * encrypts the tag, and there is none). */
        c->chain[0] = 0x01;
        memcpy(c->chain + 1, iv, 13);
        c->chain[14] = 0x00;
        c->chain[15] = 0x01;
    } else {
        memcpy(c->chain, iv, PP_CIPHER_BLOCK);
    }
    /* Block modes: no partial block yet; segment modes: no keystream. */
    c->used = (uint8_t)(pp_cipher_is_block_mode(c->alg) ? 0u : PP_CIPHER_BLOCK);
    return PSA_SUCCESS;
}

size_t pp_cipher_update_length(const picopsa_cipher_context *c, size_t input_length)
{
#if PSA_WANT_ALG_XTS
    if (c->alg == PSA_ALG_XTS) {
        return pp_cipher_xts_update_length(c, input_length);
    }
#endif
#if PP_CIPHER_BLOCK_MODES
    if (pp_cipher_is_block_mode(c->alg)) {
        return pp_cipher_block_update_length(c, input_length);
    }
#endif
    (void)c;
    return input_length;
}

psa_status_t pp_cipher_update(picopsa_cipher_context *c, const uint8_t *input,
                              size_t input_length, uint8_t *output)
{
    if (input_length == 0) {
        return PSA_SUCCESS;
    }
#if PSA_WANT_ALG_STREAM_CIPHER
    if (c->alg == PSA_ALG_STREAM_CIPHER) {
        /* pp_chacha20_xor takes in == out only: other overlaps are laid
         * onto the output first. It refuses when the counter would run
         * out (the front end then wipes the output). */
        if (input != output && pp_cipher_overlap(input, input_length, output, input_length)) {
            pp_cipher_move(output, input, input_length);
            input = output;
        }
        return pp_chacha20_xor(&c->key.chacha.stream, input, output, input_length);
    }
#endif
#if PSA_WANT_ALG_XTS
    if (c->alg == PSA_ALG_XTS) {
        pp_cipher_xts_update(c, input, input_length, output);
        return pp_aes_status(&c->key.aes);
    }
#endif
#if PP_CIPHER_BLOCK_MODES
    if (pp_cipher_is_block_mode(c->alg)) {
        pp_cipher_block_update(c, input, input_length, output);
        return pp_aes_status(&c->key.aes);
    }
#endif
#if PP_CIPHER_SEGMENT_MODES
    pp_cipher_stream_update(c, input, input_length, output);
    return pp_aes_status(&c->key.aes);   /* an accelerator's error (aes.h) */
#else
    return PSA_SUCCESS;
#endif
}

psa_status_t pp_cipher_finish(picopsa_cipher_context *c, uint8_t out[PP_CIPHER_FINISH_MAX],
                              size_t *out_length)
{
    psa_status_t status = PSA_SUCCESS;
    *out_length = 0;
#if PSA_WANT_ALG_XTS
    if (c->alg == PSA_ALG_XTS) {
        status = pp_cipher_xts_finish(c, out, out_length);
        if (status == PSA_SUCCESS) {
            status = pp_aes_status(&c->key.aes);
        }
    }
#endif
#if PP_CIPHER_BLOCK_MODES
    if (pp_cipher_is_block_mode(c->alg)) {
        /* An accelerator's error (aes.h) outranks the result. The result
         * is PKCS#7's padding verdict, secret until returned: decided by
         * the engine's status alone (public), never by a test of it. */
        psa_status_t engine;
        status = pp_cipher_block_finish(c, out, out_length);
        engine = pp_aes_status(&c->key.aes);
        status = engine != PSA_SUCCESS ? engine : status;
    }
#endif
    (void)out;
    pp_cipher_abort(c);
    return status;
}

/* The bytes of c the algorithm can have written, from the start: the
 * header, chain and pending (40 or 56 bytes) and the union member it uses
 * (ChaCha20: the kept key and the stream state, 168 bytes, not the AES key
 * schedule the union is sized for). 0 when inactive: pp_cipher_setup's
 * failure wipes what it wrote, finish and abort leave alg = 0, so an
 * inactive context holds no secret and a second abort costs nothing. */
static size_t live_size(const picopsa_cipher_context *c)
{
    if (c->alg == 0) {
        return 0;
    }
#if PSA_WANT_ALG_STREAM_CIPHER
    if (c->alg == PSA_ALG_STREAM_CIPHER) {
        return offsetof(picopsa_cipher_context, key) + sizeof(c->key.chacha);
    }
#endif
#if PSA_WANT_ALG_XTS
    if (c->alg == PSA_ALG_XTS) {
        return sizeof(*c);   /* Key1 || Key2, then Key1's and Key2's schedules */
    }
#endif
    return offsetof(picopsa_cipher_context, key) + sizeof(c->key.aes);
}

void pp_cipher_abort(picopsa_cipher_context *c)
{
    pp_wipe(c, live_size(c));
}

#endif /* any mode */
