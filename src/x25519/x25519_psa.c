/*
 * x25519_psa.c -- the X25519 software driver: the pp_x25519_* entry points
 * of dispatch/pp_drivers.h with the signatures and contract of
 * <picopsa/driver.h> (PSA Certified Crypto API 1.2 sec. 9.2 key types
 * ECC_KEY_PAIR/PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY), 9.6, 10.9).
 * Compiled only when PSA_WANT_ECC_MONTGOMERY_255 is set.
 *
 * Key material (the slot buffer):
 *  - key pair: the 32-byte private key as imported (or generated) followed
 *    by its 32-byte public key X25519(k, 9), computed once at creation;
 *    the private key is clamped at every use (RFC 7748 sec. 5), so export
 *    returns exactly the imported bytes;
 *  - public key: the 32-byte u coordinate. Every 32-byte string is a valid
 *    X25519 public key (RFC 7748 sec. 5 takes any u, bit 255 masked), so
 *    import checks only the length; a low-order peer key shows up as the
 *    all-zero shared secret, which key agreement rejects.
 * Formats (spec 9.7.3/9.7.4): 32-byte little-endian strings as in RFC 7748.
 *
 * Checked here: sizes (255 bits; 448 bits / 56 bytes is X448:
 * PSA_ERROR_NOT_SUPPORTED; anything else PSA_ERROR_INVALID_ARGUMENT), the
 * key buffer layout (CORRUPTION_DETECTED), export buffer sizes, the peer
 * key length and the all-zero shared secret (PSA_ERROR_INVALID_ARGUMENT,
 * RFC 7748 sec. 6.1). The dispatch layer has checked that a key agreement
 * uses a key pair with PSA_ALG_ECDH and that the output holds 32 bytes.
 */
#include <psa/crypto.h>

#include <string.h>

#include "common/pp_util.h"
#include "dispatch/pp_drivers.h"
#include "x25519/x25519.h"

#if PP_DRIVER_X25519

#define X25519_BITS 255u
#define X448_BITS 448u
#define X448_KEY_BYTES 56u

static int is_key_pair(psa_key_type_t type)
{
    return PSA_KEY_TYPE_IS_ECC_KEY_PAIR(type);
}

/* The key buffers (pp_fixed_key_layout): a pair starts with its private
 * key, a public key is u (the export formats; export and generation
 * are the dispatch layer's pp_fixed_key_export / _generate with this
 * layout). */
const pp_fixed_key_layout pp_x25519_key_layout = {
    X25519_BITS, PP_X25519_KEY_SIZE, PP_X25519_KEY_SIZE, PP_X25519_KEY_SIZE,
    PP_X25519_KEY_PAIR_MATERIAL_SIZE, PP_X25519_PUBLIC_MATERIAL_SIZE
};

psa_status_t pp_x25519_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                                  size_t data_length, uint8_t *key_buffer,
                                  size_t key_buffer_size, size_t *key_buffer_length,
                                  size_t *bits)
{
    psa_status_t status;
    if (attributes->bits == X448_BITS || (attributes->bits == 0 && data_length == X448_KEY_BYTES)) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    status = pp_fixed_key_import(&pp_x25519_key_layout, attributes, data, data_length, key_buffer,
                                 key_buffer_size, key_buffer_length, bits);
    if (status == PSA_SUCCESS && is_key_pair(attributes->type)) {
        pp_x25519_public_key(key_buffer + PP_X25519_KEY_SIZE, key_buffer);
    }
    return status;
}

#if PSA_WANT_ALG_ECDH
psa_status_t pp_x25519_key_agreement(const psa_key_attributes_t *attributes,
                                     const uint8_t *key_buffer, size_t key_buffer_size,
                                     psa_algorithm_t alg, const uint8_t *peer_key,
                                     size_t peer_key_length, uint8_t *shared_secret,
                                     size_t shared_secret_size, size_t *shared_secret_length)
{
    uint8_t peer[PP_X25519_KEY_SIZE];
    uint32_t zero;
    unsigned i;
    (void)alg;
    (void)attributes;
    (void)shared_secret_size;
    /* A pair's buffer (the dispatch layer checked the type): the scalar
     * read below stays in bounds whatever the caller did. */
    if (key_buffer_size != PP_X25519_KEY_PAIR_MATERIAL_SIZE) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    /* Spec 10.9: the peer key is in the public key export format. */
    if (peer_key_length != PP_X25519_KEY_SIZE) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    /* Spec 5.4.4: the output may overlap the peer key; read it first. */
    memcpy(peer, peer_key, PP_X25519_KEY_SIZE);
    /* RFC 7748 sec. 6.1: a low-order peer key gives the all-zero secret,
     * which must not be used. Whether it is zero depends on the peer key
     * only (the clamped scalar is a multiple of the cofactor), but it is
     * computed from the secret output, so the verdict is made with masks
     * (all ones: refused) and only the returned status tells it. The
     * output is all zero then anyway; the mask clears it regardless. */
    zero = pp_ct_barrier_u32(0u - (uint32_t)(pp_x25519(shared_secret, key_buffer, peer) != 0));
    for (i = 0; i < PP_X25519_KEY_SIZE; i++) {
        shared_secret[i] = (uint8_t)(shared_secret[i] & ~zero);
    }
    *shared_secret_length = PP_X25519_KEY_SIZE & (size_t)~zero;
    return (psa_status_t)(int32_t)((uint32_t)PSA_ERROR_INVALID_ARGUMENT & zero);
}
#endif

#endif /* PP_DRIVER_X25519 */
