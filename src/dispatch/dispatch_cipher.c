/*
 * dispatch_cipher.c -- the key-dependent rules of the cipher operations
 * (PSA 1.2 10.4), then the software modes of src/cipher.
 *
 * PSA_ERROR_INVALID_ARGUMENT: alg does not fit the key type (spec 10.4,
 * psa_cipher_encrypt_setup: "key is not compatible with alg"), e.g. a
 * block mode with a ChaCha20 key, a stream cipher with an AES key, any
 * cipher with a non-cipher key. PSA_ERROR_NOT_SUPPORTED: the pair is valid
 * but not built: the other block ciphers (ARIA, Camellia, DES, SM4), a
 * mode or key type whose PSA_WANT_* is 0. The key sizes an AES mode takes
 * (XTS: 256/384/512 bits, the others 128/192/256) are src/cipher's check:
 * INVALID_ARGUMENT, "key is not compatible with alg".
 */
#include "dispatch/pp_dispatch.h"
#include "cipher/cipher.h"
#include "dispatch/pp_accel.h"

#if PP_CIPHER_BUILT

#if PSA_WANT_KEY_TYPE_AES
/* The AES modes this build has. */
static int aes_mode_built(psa_algorithm_t alg)
{
    switch (alg) {
#if PSA_WANT_ALG_ECB_NO_PADDING
    case PSA_ALG_ECB_NO_PADDING:
#endif
#if PSA_WANT_ALG_CBC_NO_PADDING
    case PSA_ALG_CBC_NO_PADDING:
#endif
#if PSA_WANT_ALG_CBC_PKCS7
    case PSA_ALG_CBC_PKCS7:
#endif
#if PSA_WANT_ALG_CTR
    case PSA_ALG_CTR:
#endif
#if PSA_WANT_ALG_CFB
    case PSA_ALG_CFB:
#endif
#if PSA_WANT_ALG_OFB
    case PSA_ALG_OFB:
#endif
#if PSA_WANT_ALG_CCM_STAR_NO_TAG
    case PSA_ALG_CCM_STAR_NO_TAG:
#endif
#if PSA_WANT_ALG_XTS
    case PSA_ALG_XTS:
#endif
        return 1;
    default:
        return 0;
    }
}
#endif

psa_status_t pp_dispatch_cipher_setup(picopsa_cipher_context *ctx,
                                      const psa_key_attributes_t *attributes,
                                      const uint8_t *key_buffer, size_t key_buffer_size,
                                      psa_algorithm_t alg, int encrypt)
{
    psa_key_type_t type = attributes->type;
    if ((type & PSA_KEY_TYPE_CATEGORY_MASK) != PSA_KEY_TYPE_CATEGORY_SYMMETRIC) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* HMAC, DERIVE, RAW_DATA, asymmetric */
    }
    /* Stream ciphers take PSA_ALG_STREAM_CIPHER only, block ciphers
     * every other cipher algorithm (spec 10.4.1). */
    if ((PSA_BLOCK_CIPHER_BLOCK_LENGTH(type) == 1u) != (alg == PSA_ALG_STREAM_CIPHER)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
#if PSA_WANT_KEY_TYPE_AES
    if (type == PSA_KEY_TYPE_AES && aes_mode_built(alg)) {
        return pp_cipher_setup(ctx, alg, type, key_buffer, key_buffer_size, encrypt);
    }
#endif
#if PSA_WANT_ALG_STREAM_CIPHER
    if ((PSA_WANT_KEY_TYPE_CHACHA20 && type == PSA_KEY_TYPE_CHACHA20) ||
        (PSA_WANT_KEY_TYPE_XCHACHA20 && type == PSA_KEY_TYPE_XCHACHA20)) {
        return pp_cipher_setup(ctx, alg, type, key_buffer, key_buffer_size, encrypt);
    }
#endif
    (void)ctx;
    (void)key_buffer;
    (void)key_buffer_size;
    (void)encrypt;
    return PSA_ERROR_NOT_SUPPORTED;
}

#if PICOPSA_DRIVERS
psa_status_t pp_dispatch_cipher_driver(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, int encrypt, const uint8_t *iv,
                                       size_t iv_length, const uint8_t *input,
                                       size_t input_length, uint8_t *output, size_t output_size,
                                       size_t *output_length)
{
    return pp_accel_cipher(attributes, key_buffer, key_buffer_size, alg, encrypt, iv, iv_length,
                           input, input_length, output, output_size, output_length);
}
#endif

#endif /* PP_CIPHER_BUILT */
