/*
 * dispatch_sign.c -- signatures (PSA 1.2 10.7) routed to the family of the
 * key: Ed25519 (PureEdDSA, Ed25519ph) or RSA (PKCS#1 v1.5, PSS).
 *
 * Checked here, once, in this order (docs/ARCHITECTURE.md): a key pair
 * for signing (INVALID_ARGUMENT); the algorithm fits the key type
 * (INVALID_ARGUMENT); the hash length of sign_hash / verify_hash
 * (INVALID_ARGUMENT); the mechanism and its hash are built
 * (NOT_SUPPORTED); the signature buffer has PSA_SIGN_OUTPUT_SIZE bytes
 * (BUFFER_TOO_SMALL), a signature to verify has that length
 * (INVALID_SIGNATURE).
 *
 * Hash-and-sign messages are hashed here into a local digest, then signed
 * as a hash (the PSA driver interface's fallback for a driver without
 * message entry points); Ed25519 takes the message itself (RFC 8032
 * 5.1.6 hashes it twice). The digest is read only by the family, which
 * consumes it before writing the signature (overlap, spec 5.4.4).
 */
#include "dispatch/pp_dispatch.h"
#include "dispatch/pp_drivers.h"
#include "common/pp_util.h"
#include "hash/pp_hash.h"

enum sign_route { ROUTE_NONE, ROUTE_EDDSA, ROUTE_RSA };

/* Some signature scheme is built (else no driver is ever called here). */
#define PP_SIGN_EDDSA (PP_DRIVER_EDDSA && (PSA_WANT_ALG_PURE_EDDSA || PSA_WANT_ALG_ED25519PH))
#define PP_SIGN_RSA (PP_DRIVER_RSA && (PSA_WANT_ALG_RSA_PKCS1V15_SIGN || PSA_WANT_ALG_RSA_PSS))

/* The family that signs with alg under a key of this type. Only keys of
 * built families exist, and only their routes are compiled. */
static enum sign_route route_of(psa_key_type_t type, psa_algorithm_t alg)
{
#if PP_DRIVER_EDDSA
    if (PSA_KEY_TYPE_IS_ECC(type) &&
        PSA_KEY_TYPE_ECC_GET_FAMILY(type) == PSA_ECC_FAMILY_TWISTED_EDWARDS &&
        (alg == PSA_ALG_PURE_EDDSA || PSA_ALG_IS_HASH_EDDSA(alg))) {
        return ROUTE_EDDSA;
    }
#endif
#if PP_DRIVER_RSA
    if (PSA_KEY_TYPE_IS_RSA(type) &&
        (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) || PSA_ALG_IS_RSA_PSS(alg))) {
        return ROUTE_RSA;
    }
#endif
    (void)type;
    (void)alg;
    return ROUTE_NONE;
}

#if PP_SIGN_EDDSA || PP_SIGN_RSA
/* The signature size of the key (sign: the buffer must hold it; verify:
 * any other length cannot be a valid signature). */
static psa_status_t check_signature_size(const psa_key_attributes_t *attributes,
                                         psa_algorithm_t alg, int sign, size_t size)
{
    size_t expected = PSA_SIGN_OUTPUT_SIZE(attributes->type, attributes->bits, alg);
    if (sign) {
        return size < expected ? PSA_ERROR_BUFFER_TOO_SMALL : PSA_SUCCESS;
    }
    return size != expected ? PSA_ERROR_INVALID_SIGNATURE : PSA_SUCCESS;
}
#endif

/* Sign (sign != 0) or verify a hash. */
static psa_status_t hash_path(int sign, const psa_key_attributes_t *attributes,
                              const uint8_t *key_buffer, size_t key_buffer_size,
                              psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                              uint8_t *sig_out, size_t sig_size, size_t *sig_len,
                              const uint8_t *sig_in, size_t sig_in_len)
{
    psa_algorithm_t hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    enum sign_route route = route_of(attributes->type, alg);
    psa_status_t status = PSA_ERROR_NOT_SUPPORTED;

    if (route == ROUTE_NONE) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* e.g. ECDSA with an Ed25519 key */
    }
    if (hash_alg != PSA_ALG_NONE && hash_length != PSA_HASH_LENGTH(hash_alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
#if PP_DRIVER_EDDSA && PSA_WANT_ALG_ED25519PH
    /* PureEdDSA has no hash path (front end); Ed448ph is not built. */
    if (route == ROUTE_EDDSA && alg == PSA_ALG_ED25519PH) {
        status = check_signature_size(attributes, alg, sign, sign ? sig_size : sig_in_len);
        if (status == PSA_SUCCESS) {
            /* Seam (issue 11): an accelerator is tried here first. */
            status = sign ? pp_eddsa_sign_hash(attributes, key_buffer, key_buffer_size, alg,
                                               hash, hash_length, sig_out, sig_size, sig_len)
                          : pp_eddsa_verify_hash(attributes, key_buffer, key_buffer_size, alg,
                                                 hash, hash_length, sig_in, sig_in_len);
        }
    }
#endif
#if PP_SIGN_RSA
    if (route == ROUTE_RSA &&
        (PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) ? PSA_WANT_ALG_RSA_PKCS1V15_SIGN
                                           : PSA_WANT_ALG_RSA_PSS)) {
        if (hash_alg == PSA_ALG_NONE) {
            /* Only PKCS#1 v1.5 has a raw variant (PSA_ALG_RSA_PKCS1V15_SIGN_RAW). */
            status = PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT;
        } else {
            status = pp_hash_size(hash_alg) != 0 ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED;
        }
        if (status == PSA_SUCCESS) {
            status = check_signature_size(attributes, alg, sign, sign ? sig_size : sig_in_len);
        }
        if (status == PSA_SUCCESS) {
            /* Seam (issue 11): an accelerator is tried here first. */
            status = sign ? pp_rsa_sign_hash(attributes, key_buffer, key_buffer_size, alg, hash,
                                             hash_length, sig_out, sig_size, sig_len)
                          : pp_rsa_verify_hash(attributes, key_buffer, key_buffer_size, alg,
                                               hash, hash_length, sig_in, sig_in_len);
        }
    }
#endif
    (void)sign; (void)key_buffer; (void)key_buffer_size; (void)hash;
    (void)sig_out; (void)sig_size; (void)sig_len; (void)sig_in; (void)sig_in_len;
    return status;
}

/* Sign or verify a message: Ed25519 whole, hash-and-sign through a digest. */
static psa_status_t message_path(int sign, const psa_key_attributes_t *attributes,
                                 const uint8_t *key_buffer, size_t key_buffer_size,
                                 psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                                 uint8_t *sig_out, size_t sig_size, size_t *sig_len,
                                 const uint8_t *sig_in, size_t sig_in_len)
{
    uint8_t digest[PP_HASH_MAX_SIZE];
    psa_algorithm_t hash_alg = PSA_ALG_SIGN_GET_HASH(alg);
    enum sign_route route = route_of(attributes->type, alg);
    psa_status_t status;

    if (route == ROUTE_NONE) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (route == ROUTE_EDDSA) {
        status = PSA_ERROR_NOT_SUPPORTED;   /* Ed448 variants, configured-out schemes */
#if PP_SIGN_EDDSA
        if ((alg == PSA_ALG_PURE_EDDSA && PSA_WANT_ALG_PURE_EDDSA) ||
            (alg == PSA_ALG_ED25519PH && PSA_WANT_ALG_ED25519PH)) {
            status = check_signature_size(attributes, alg, sign, sign ? sig_size : sig_in_len);
            if (status == PSA_SUCCESS) {
                /* Seam (issue 11): an accelerator is tried here first. */
                status = sign ? pp_eddsa_sign_message(attributes, key_buffer, key_buffer_size,
                                                      alg, input, input_length, sig_out,
                                                      sig_size, sig_len)
                              : pp_eddsa_verify_message(attributes, key_buffer,
                                                        key_buffer_size, alg, input,
                                                        input_length, sig_in, sig_in_len);
            }
        }
#endif
        return status;
    }
    status = pp_hash_compute(hash_alg, input, input_length, digest);
    if (status == PSA_SUCCESS) {
        status = hash_path(sign, attributes, key_buffer, key_buffer_size, alg, digest,
                           PSA_HASH_LENGTH(hash_alg), sig_out, sig_size, sig_len, sig_in,
                           sig_in_len);
    }
    pp_wipe(digest, sizeof(digest));
    return status;
}

psa_status_t pp_dispatch_sign_hash(const psa_key_attributes_t *attributes,
                                   const uint8_t *key_buffer, size_t key_buffer_size,
                                   psa_algorithm_t alg, const uint8_t *hash, size_t hash_length,
                                   uint8_t *signature, size_t signature_size,
                                   size_t *signature_length)
{
    if (!PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type)) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* spec 10.7.3: signing needs the private key */
    }
    return hash_path(1, attributes, key_buffer, key_buffer_size, alg, hash, hash_length,
                     signature, signature_size, signature_length, NULL, 0);
}

psa_status_t pp_dispatch_verify_hash(const psa_key_attributes_t *attributes,
                                     const uint8_t *key_buffer, size_t key_buffer_size,
                                     psa_algorithm_t alg, const uint8_t *hash,
                                     size_t hash_length, const uint8_t *signature,
                                     size_t signature_length)
{
    return hash_path(0, attributes, key_buffer, key_buffer_size, alg, hash, hash_length, NULL, 0,
                     NULL, signature, signature_length);
}

psa_status_t pp_dispatch_sign_message(const psa_key_attributes_t *attributes,
                                      const uint8_t *key_buffer, size_t key_buffer_size,
                                      psa_algorithm_t alg, const uint8_t *input,
                                      size_t input_length, uint8_t *signature,
                                      size_t signature_size, size_t *signature_length)
{
    if (!PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return message_path(1, attributes, key_buffer, key_buffer_size, alg, input, input_length,
                        signature, signature_size, signature_length, NULL, 0);
}

psa_status_t pp_dispatch_verify_message(const psa_key_attributes_t *attributes,
                                        const uint8_t *key_buffer, size_t key_buffer_size,
                                        psa_algorithm_t alg, const uint8_t *input,
                                        size_t input_length, const uint8_t *signature,
                                        size_t signature_length)
{
    return message_path(0, attributes, key_buffer, key_buffer_size, alg, input, input_length,
                        NULL, 0, NULL, signature, signature_length);
}
