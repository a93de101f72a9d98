/*
 * dispatch_key_agreement.c -- raw key agreement (PSA 1.2 10.9) routed to
 * the driver of the private key's curve: Montgomery (X25519) and, once the
 * P-256 family exists, SECP_R1 256. The front ends (psa_key_agreement.c,
 * psa_key_derivation.c) have checked the API shape and the key policy.
 */
#include "dispatch/pp_dispatch.h"
#include "dispatch/pp_drivers.h"

#if PSA_WANT_ALG_ECDH

psa_status_t pp_dispatch_key_agreement(const psa_key_attributes_t *attributes,
                                       const uint8_t *key_buffer, size_t key_buffer_size,
                                       psa_algorithm_t alg, const uint8_t *peer_key,
                                       size_t peer_key_length, uint8_t *shared_secret,
                                       size_t shared_secret_size, size_t *shared_secret_length)
{
    psa_key_type_t type = attributes->type;
    psa_ecc_family_t family;
    (void)key_buffer;
    (void)key_buffer_size;
    (void)peer_key;
    (void)peer_key_length;
    (void)shared_secret;
    (void)shared_secret_length;

    if (alg == PSA_ALG_FFDH) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (alg != PSA_ALG_ECDH || !PSA_KEY_TYPE_IS_ECC_KEY_PAIR(type)) {
        /* Spec 10.9.3: ECDH needs an ECC key pair; other algorithms are
         * not key agreements of this key. */
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    family = PSA_KEY_TYPE_ECC_GET_FAMILY(type);
    /* Seam for accelerators (issue 11): an accelerator's key_agreement is
     * tried here before the software family. */
#if PP_DRIVER_X25519
    if (family == PSA_ECC_FAMILY_MONTGOMERY) {
        if (shared_secret_size < PSA_RAW_KEY_AGREEMENT_OUTPUT_SIZE(type, attributes->bits)) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
        return pp_x25519_key_agreement(attributes, key_buffer, key_buffer_size, alg, peer_key,
                                       peer_key_length, shared_secret, shared_secret_size,
                                       shared_secret_length);
    }
#endif
    /* ---- P-256 ECDH (src/p256/p256_psa.c): the peer key is validated
     * there (on the curve, not the identity, coordinates < p). */
#if PP_DRIVER_P256 || PP_DRIVER_P384
    if (family == PSA_ECC_FAMILY_SECP_R1) {
        if (shared_secret_size < PSA_RAW_KEY_AGREEMENT_OUTPUT_SIZE(type, attributes->bits)) {
            return PSA_ERROR_BUFFER_TOO_SMALL;
        }
#if PP_DRIVER_P384 && !PICOPSA_P384_VERIFY_ONLY
        /* ---- P-384 ECDH (src/p384/p384_psa.c), the same validation. */
        if (!PP_DRIVER_P256 || attributes->bits == 384u) {
            return pp_p384_key_agreement(attributes, key_buffer, key_buffer_size, alg, peer_key,
                                         peer_key_length, shared_secret, shared_secret_size,
                                         shared_secret_length);
        }
#endif
#if PP_DRIVER_P256
        return pp_p256_key_agreement(attributes, key_buffer, key_buffer_size, alg, peer_key,
                                     peer_key_length, shared_secret, shared_secret_size,
                                     shared_secret_length);
#endif
    }
#endif
    (void)family;
    (void)shared_secret_size;
    return PSA_ERROR_NOT_SUPPORTED;
}

#else
typedef int pp_dispatch_key_agreement_disabled;
#endif /* PSA_WANT_ALG_ECDH */
