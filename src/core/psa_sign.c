/*
 * psa_sign.c -- asymmetric signatures (spec 10.7): psa_sign_hash,
 * psa_verify_hash, psa_sign_message, psa_verify_message.
 *
 * Hash-and-sign message functions hash with pp_hash_compute and then take
 * the sign_hash path; PureEdDSA and Ed25519ph messages go to the Ed25519
 * family whole (RFC 8032 5.1.6 hashes the message itself).
 *
 * The signature buffer may overlap the hash or message (spec 5.4.4): this
 * layer writes it only after the family has returned (or wipes it on an
 * error), the message path hashes into a local digest first, and each
 * family consumes its input before writing the signature.
 */
#include "core/pp_core.h"
#include "hash/pp_hash.h"

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

static psa_status_t check_hash_length(psa_algorithm_t alg, size_t hash_length)
{
    psa_algorithm_t hash = PSA_ALG_SIGN_GET_HASH(alg);
    if (hash != PSA_ALG_NONE && hash_length != PSA_HASH_LENGTH(hash)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

static int rsa_sign_alg(psa_algorithm_t alg)
{
    return PSA_ALG_IS_RSA_PKCS1V15_SIGN(alg) || PSA_ALG_IS_RSA_PSS(alg);
}

/* Sign (sign != 0) or verify a hash with the family of the slot's key. */
static psa_status_t dispatch_hash(const pp_key_slot *slot, psa_algorithm_t alg, int sign,
                                  const uint8_t *hash, size_t hash_length,
                                  uint8_t *sig_out, size_t sig_size, size_t *sig_len,
                                  const uint8_t *sig_in, size_t sig_in_len)
{
    psa_key_type_t type = slot->attr.type;
    psa_status_t status = check_hash_length(alg, hash_length);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (pp_key_type_is_rsa(type) && rsa_sign_alg(alg)) {
        return sign ? pp_rsa_sign_hash(type, slot->material, slot->material_len, alg, hash,
                                       hash_length, sig_out, sig_size, sig_len) :
                      pp_rsa_verify_hash(type, slot->material, slot->material_len, alg, hash,
                                         hash_length, sig_in, sig_in_len);
    }
    if (pp_key_type_is_eddsa(type) && PSA_ALG_IS_HASH_EDDSA(alg)) {
        if (alg != PSA_ALG_ED25519PH) {
            return PSA_ERROR_NOT_SUPPORTED;   /* Ed448ph */
        }
        return sign ? pp_eddsa_sign_hash(type, slot->material, slot->material_len, alg, hash,
                                         hash_length, sig_out, sig_size, sig_len) :
                      pp_eddsa_verify_hash(type, slot->material, slot->material_len, alg, hash,
                                           hash_length, sig_in, sig_in_len);
    }
    /* Only keys of built families exist in the store, so anything else
     * is an algorithm that does not fit the key (e.g. ECDSA with Ed25519). */
    return PSA_ERROR_INVALID_ARGUMENT;
}

/* The message path: Ed25519 takes the message, the others a digest. */
static psa_status_t dispatch_message(const pp_key_slot *slot, psa_algorithm_t alg, int sign,
                                     const uint8_t *input, size_t input_length,
                                     uint8_t *sig_out, size_t sig_size, size_t *sig_len,
                                     const uint8_t *sig_in, size_t sig_in_len)
{
    uint8_t digest[PP_HASH_MAX_SIZE];
    psa_algorithm_t hash = PSA_ALG_SIGN_GET_HASH(alg);
    psa_key_type_t type = slot->attr.type;
    psa_status_t status;

    if (pp_key_type_is_eddsa(type) && (alg == PSA_ALG_PURE_EDDSA || alg == PSA_ALG_ED25519PH)) {
        return sign ? pp_eddsa_sign_message(type, slot->material, slot->material_len, alg, input,
                                            input_length, sig_out, sig_size, sig_len) :
                      pp_eddsa_verify_message(type, slot->material, slot->material_len, alg,
                                              input, input_length, sig_in, sig_in_len);
    }
    if (alg == PSA_ALG_PURE_EDDSA || PSA_ALG_IS_HASH_EDDSA(alg)) {
        return pp_key_type_is_eddsa(type) ? PSA_ERROR_NOT_SUPPORTED : PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_hash_compute(hash, input, input_length, digest);
    if (status == PSA_SUCCESS) {
        status = dispatch_hash(slot, alg, sign, digest, PSA_HASH_LENGTH(hash), sig_out,
                               sig_size, sig_len, sig_in, sig_in_len);
    }
    pp_wipe(digest, sizeof(digest));
    return status;
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
    if (!PSA_KEY_TYPE_IS_KEY_PAIR(slot->attr.type)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (message) {
        status = dispatch_message(slot, alg, 1, input, input_length, signature, signature_size,
                                  signature_length, NULL, 0);
    } else {
        status = dispatch_hash(slot, alg, 1, input, input_length, signature, signature_size,
                               signature_length, NULL, 0);
    }
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
    if (!PSA_KEY_TYPE_IS_ASYMMETRIC(slot->attr.type)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    } else if (message) {
        status = dispatch_message(slot, alg, 0, input, input_length, NULL, 0, NULL, signature,
                                  signature_length);
    } else {
        status = dispatch_hash(slot, alg, 0, input, input_length, NULL, 0, NULL, signature,
                               signature_length);
    }
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
