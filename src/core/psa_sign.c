/*
 * psa_sign.c -- asymmetric signatures (spec 10.7): psa_sign_hash,
 * psa_verify_hash, psa_sign_message, psa_verify_message.
 *
 * This front end checks what needs no key (the argument pointers, the
 * algorithm's category and the ANY_HASH wildcard) and the key's policy,
 * then hands the slot's attributes and key buffer to the dispatch layer
 * (src/dispatch/dispatch_sign.c), which checks the key-dependent rules
 * and calls the family (docs/ARCHITECTURE.md, "Which layer checks what").
 *
 * The signature buffer may overlap the hash or message (spec 5.4.4): this
 * layer writes it only to wipe it on an error; the dispatch layer hashes
 * a message into a local digest, and each family consumes its input
 * before writing the signature.
 */
#include "core/pp_core.h"
#include "dispatch/pp_dispatch.h"

/* Algorithm shape checks that need no key. */
static psa_status_t check_sign_alg(psa_algorithm_t alg, int message)
{
    if (message ? !PSA_ALG_IS_SIGN_MESSAGE(alg) : !PSA_ALG_IS_SIGN_HASH(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (PSA_ALG_IS_SIGN_HASH(alg) && PSA_ALG_SIGN_GET_HASH(alg) == PSA_ALG_ANY_HASH) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* a policy wildcard, not an algorithm */
    }
    if (message && PSA_ALG_IS_SIGN_HASH(alg) && PSA_ALG_SIGN_GET_HASH(alg) == PSA_ALG_NONE) {
        return PSA_ERROR_INVALID_ARGUMENT;   /* raw schemes sign hashes only */
    }
    return PSA_SUCCESS;
}

static psa_status_t sign_common(psa_key_id_t key, psa_algorithm_t alg, int message,
                                const uint8_t *input, size_t input_length,
                                uint8_t *signature, size_t signature_size,
                                size_t *signature_length)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS &&
        (signature_length == NULL || (signature == NULL && signature_size != 0) ||
         (input == NULL && input_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = check_sign_alg(alg, message);
    }
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_for_use(key, message ? PSA_KEY_USAGE_SIGN_MESSAGE :
                                     PSA_KEY_USAGE_SIGN_HASH, alg, &slot);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, signature, signature_size, signature_length);
    }
    status = pp_dispatch_signature(PP_DISPATCH_SIGN | (message ? PP_DISPATCH_MESSAGE : 0u),
                                   &slot->attr, slot->material, slot->material_len, alg, input,
                                   input_length, signature, signature_size, signature_length,
                                   NULL, 0);
    pp_slot_unlock(slot);
    return pp_fail_output(status, signature, signature_size, signature_length);
}

static psa_status_t verify_common(psa_key_id_t key, psa_algorithm_t alg, int message,
                                  const uint8_t *input, size_t input_length,
                                  const uint8_t *signature, size_t signature_length)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS && ((signature == NULL && signature_length != 0) ||
                                  (input == NULL && input_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = check_sign_alg(alg, message);
    }
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_for_use(key, message ? PSA_KEY_USAGE_VERIFY_MESSAGE :
                                     PSA_KEY_USAGE_VERIFY_HASH, alg, &slot);
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_dispatch_signature(message ? PP_DISPATCH_MESSAGE : 0u, &slot->attr,
                                   slot->material, slot->material_len, alg, input, input_length,
                                   NULL, 0, NULL, signature, signature_length);
    pp_slot_unlock(slot);
    return status;
}

psa_status_t psa_sign_hash(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *hash,
                           size_t hash_length, uint8_t *signature, size_t signature_size,
                           size_t *signature_length)
{
    return sign_common(key, alg, 0, hash, hash_length, signature, signature_size,
                       signature_length);
}

psa_status_t psa_verify_hash(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *hash,
                             size_t hash_length, const uint8_t *signature,
                             size_t signature_length)
{
    return verify_common(key, alg, 0, hash, hash_length, signature, signature_length);
}

psa_status_t psa_sign_message(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                              size_t input_length, uint8_t *signature, size_t signature_size,
                              size_t *signature_length)
{
    return sign_common(key, alg, 1, input, input_length, signature, signature_size,
                       signature_length);
}

psa_status_t psa_verify_message(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, const uint8_t *signature,
                                size_t signature_length)
{
    return verify_common(key, alg, 1, input, input_length, signature, signature_length);
}
