/*
 * dispatch_aead.c -- the key-dependent rules of the AEAD operations (PSA
 * 1.2 10.5), then the engines of src/aead.
 *
 * PSA_ERROR_INVALID_ARGUMENT: alg does not fit the key type (spec 10.5,
 * psa_aead_encrypt_setup: "key is not compatible with alg"): GCM and CCM
 * need a block cipher with 16-byte blocks, ChaCha20-Poly1305 a ChaCha20
 * key, XChaCha20-Poly1305 an XChaCha20 key. PSA_ERROR_NOT_SUPPORTED: a
 * valid pair that is not built: GCM or CCM over ARIA, Camellia or SM4, a
 * mode whose PSA_WANT_ALG_* is 0.
 */
#include "dispatch/pp_dispatch.h"
#include "aead/aead.h"

#if PP_AEAD_BUILT

psa_status_t pp_dispatch_aead_key_fits(psa_key_type_t type, psa_algorithm_t alg)
{
    psa_algorithm_t base = PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg);
    if (base == PSA_ALG_GCM || base == PSA_ALG_CCM) {
        if (PSA_BLOCK_CIPHER_BLOCK_LENGTH(type) != 16u) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
        if (type != PSA_KEY_TYPE_AES) {
            return PSA_ERROR_NOT_SUPPORTED;
        }
    } else if (base == PSA_ALG_CHACHA20_POLY1305 || base == PSA_ALG_XCHACHA20_POLY1305) {
        if (type != (base == PSA_ALG_CHACHA20_POLY1305 ? PSA_KEY_TYPE_CHACHA20
                                                       : PSA_KEY_TYPE_XCHACHA20)) {
            return PSA_ERROR_INVALID_ARGUMENT;
        }
    } else {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    return PSA_SUCCESS;
}

psa_status_t pp_dispatch_aead_setup(picopsa_aead_context *ctx,
                                    const psa_key_attributes_t *attributes,
                                    const uint8_t *key_buffer, size_t key_buffer_size,
                                    psa_algorithm_t alg, int encrypt)
{
    psa_status_t status = pp_dispatch_aead_key_fits(attributes->type, alg);
    if (status != PSA_SUCCESS) {
        return status;
    }
    return pp_aead_setup(ctx, alg, attributes->type, key_buffer, key_buffer_size, encrypt);
}

#endif /* PP_AEAD_BUILT */
