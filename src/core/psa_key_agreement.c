/*
 * psa_key_agreement.c -- the key agreement front ends (PSA Crypto API 1.2
 * sec. 10.9): psa_raw_key_agreement and psa_key_agreement. The agreement
 * step of a key derivation (psa_key_derivation_key_agreement) lives with
 * the derivation operation in psa_key_derivation.c and shares
 * pp_core_key_agreement below. Built with PSA_WANT_ALG_ECDH; otherwise
 * psa_not_supported.c keeps the NOT_SUPPORTED forms.
 *
 * Checked here: initialisation, argument shape, a raw agreement algorithm
 * (PSA_ALG_IS_RAW_KEY_AGREEMENT, else INVALID_ARGUMENT), the private key's
 * policy (PSA_KEY_USAGE_DERIVE and the algorithm, NOT_PERMITTED); the
 * dispatch layer checks key type, curve and output size
 * (dispatch_key_agreement.c).
 */
#include "core/pp_core.h"
#include "core/pp_derivation.h"
#include "dispatch/pp_dispatch.h"

#include <string.h>

#if PSA_WANT_ALG_ECDH

psa_status_t pp_core_key_agreement(psa_key_id_t private_key, psa_algorithm_t policy_alg,
                                   const uint8_t *peer_key, size_t peer_key_length,
                                   uint8_t *output, size_t output_size, size_t *output_length)
{
    pp_key_slot *slot;
    psa_status_t status = pp_slot_get_for_use(private_key, PSA_KEY_USAGE_DERIVE, policy_alg,
                                              &slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    status = pp_dispatch_key_agreement(&slot->attr, slot->material, slot->material_len,
                                       PSA_ALG_KEY_AGREEMENT_GET_BASE(policy_alg), peer_key,
                                       peer_key_length, output, output_size, output_length);
    pp_slot_unlock(slot);
    return status;
}

psa_status_t psa_raw_key_agreement(psa_algorithm_t alg, psa_key_id_t private_key,
                                   const uint8_t *peer_key, size_t peer_key_length,
                                   uint8_t *output, size_t output_size, size_t *output_length)
{
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS &&
        (output_length == NULL || (peer_key == NULL && peer_key_length != 0) ||
         (output == NULL && output_size != 0) || !PSA_ALG_IS_RAW_KEY_AGREEMENT(alg))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = pp_core_key_agreement(private_key, alg, peer_key, peer_key_length, output,
                                       output_size, output_length);
    }
    return pp_fail_output(status, output, output_size, output_length);
}

psa_status_t psa_key_agreement(psa_key_id_t private_key, const uint8_t *peer_key,
                               size_t peer_key_length, psa_algorithm_t alg,
                               const psa_key_attributes_t *attributes, psa_key_id_t *key)
{
    uint8_t secret[PP_SHARED_SECRET_MAX_SIZE];
    size_t secret_length = 0;
    psa_status_t status = pp_core_check_initialized();

    if (key != NULL) {
        *key = PSA_KEY_ID_NULL;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (attributes == NULL || key == NULL || (peer_key == NULL && peer_key_length != 0) ||
        !PSA_ALG_IS_RAW_KEY_AGREEMENT(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_core_key_agreement(private_key, alg, peer_key, peer_key_length, secret,
                                   sizeof(secret), &secret_length);
    /* 10.9.2 psa_key_agreement: the key type "must be one of
     * PSA_KEY_TYPE_DERIVE, PSA_KEY_TYPE_RAW_DATA, PSA_KEY_TYPE_HMAC, or
     * PSA_KEY_TYPE_PASSWORD", otherwise INVALID_ARGUMENT ("not valid for
     * key agreement output": PASSWORD_HASH and PEPPER hold raw bytes too,
     * but are not agreement outputs); psa_import_key checks the rest of
     * the attributes (bits 0 or the secret's size). Checked after the
     * private key, so a bad key id is reported first. */
    if (status == PSA_SUCCESS && attributes->type != PSA_KEY_TYPE_DERIVE &&
        attributes->type != PSA_KEY_TYPE_RAW_DATA && attributes->type != PSA_KEY_TYPE_HMAC &&
        attributes->type != PSA_KEY_TYPE_PASSWORD) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = psa_import_key(attributes, secret, secret_length, key);
    }
    pp_wipe(secret, sizeof(secret));
    return status;
}

#else
typedef int pp_key_agreement_disabled;
#endif /* PSA_WANT_ALG_ECDH */
