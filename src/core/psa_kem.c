/*
 * psa_kem.c -- the key-encapsulation front ends (PSA Crypto API 1.3
 * 10.10.2): psa_encapsulate and psa_decapsulate, with ML-KEM (1.3 PQC
 * extension, beta, 2.2; docs/api-support.md says which text). Built with
 * PSA_WANT_ALG_ML_KEM; otherwise psa_not_supported.c keeps the
 * NOT_SUPPORTED forms.
 *
 * Checked here, once: initialisation (BAD_STATE), argument shape and a
 * key-encapsulation algorithm (PSA_ALG_IS_KEY_ENCAPSULATION, else
 * INVALID_ARGUMENT), the key's policy (PSA_KEY_USAGE_ENCRYPT for
 * encapsulation, PSA_KEY_USAGE_DECRYPT for decapsulation, and the
 * algorithm: NOT_PERMITTED, through pp_slot_get_for_use), the output
 * key's type and size; psa_import_key checks the rest of the output key's
 * attributes (lifetime, id, usage flags). The dispatch layer
 * (dispatch_kem.c) checks the algorithm against the key and the
 * ciphertext buffer; the driver the ciphertext length.
 *
 * The shared secret only lives in a local buffer between the driver and
 * psa_import_key, and is wiped on every path. On an error the ciphertext
 * is wiped, its length 0 and *output_key PSA_KEY_ID_NULL.
 */
#include "core/pp_core.h"
#include "dispatch/pp_dispatch.h"

#if PSA_WANT_ALG_ML_KEM

#define BUFFER_IS_BAD(ptr, len) ((ptr) == NULL && (len) != 0)

/* 10.10.2 attributes: every key-encapsulation algorithm can output
 * PSA_KEY_TYPE_DERIVE or PSA_KEY_TYPE_HMAC, and one whose secret is
 * uniformly pseudorandom also block-cipher keys; ML-KEM's 32-byte K is
 * (PQC 2.2.2), so AES and the other block ciphers too (those not built
 * are NOT_SUPPORTED at import). Any other type "is not valid for the
 * shared secret", and a non-zero key size must be the secret's 256 bits:
 * INVALID_ARGUMENT. */
static psa_status_t check_output_attributes(const psa_key_attributes_t *attributes)
{
    psa_key_type_t type = attributes->type;
    if (type != PSA_KEY_TYPE_DERIVE && type != PSA_KEY_TYPE_HMAC &&
        PSA_BLOCK_CIPHER_BLOCK_LENGTH(type) <= 1u) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    if (attributes->bits != 0 && attributes->bits != PSA_BYTES_TO_BITS(PP_KEM_SHARED_SECRET_SIZE)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

/* The common head: library, pointers, algorithm category, the key with
 * its policy (locked on success), the output key's type and size. */
static psa_status_t kem_begin(psa_key_id_t key, psa_algorithm_t alg, psa_key_usage_t usage,
                              const psa_key_attributes_t *attributes, psa_key_id_t *output_key,
                              int args_ok, pp_key_slot **slot)
{
    psa_status_t status = pp_core_check_initialized();
    if (output_key != NULL) {
        *output_key = PSA_KEY_ID_NULL;
    }
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (!args_ok || attributes == NULL || output_key == NULL ||
        !PSA_ALG_IS_KEY_ENCAPSULATION(alg)) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    status = pp_slot_get_for_use(key, usage, alg, slot);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* After the key (as psa_key_agreement), so a bad key id is reported
     * first; before the work. */
    status = check_output_attributes(attributes);
    if (status != PSA_SUCCESS) {
        pp_slot_unlock(*slot);
    }
    return status;
}

psa_status_t psa_encapsulate(psa_key_id_t key, psa_algorithm_t alg,
                             const psa_key_attributes_t *attributes, psa_key_id_t *output_key,
                             uint8_t *ciphertext, size_t ciphertext_size,
                             size_t *ciphertext_length)
{
    uint8_t secret[PP_KEM_SHARED_SECRET_SIZE];
    size_t secret_length = 0;
    pp_key_slot *slot;
    psa_status_t status;

    if (ciphertext_length != NULL) {
        *ciphertext_length = 0;
    }
    status = kem_begin(key, alg, PSA_KEY_USAGE_ENCRYPT, attributes, output_key,
                       ciphertext_length != NULL && !BUFFER_IS_BAD(ciphertext, ciphertext_size),
                       &slot);
    if (status == PSA_SUCCESS) {
        status = pp_dispatch_encapsulate(&slot->attr, slot->material, slot->material_len, alg,
                                         secret, sizeof(secret), &secret_length, ciphertext,
                                         ciphertext_size, ciphertext_length);
        pp_slot_unlock(slot);
    }
    if (status == PSA_SUCCESS) {
        status = psa_import_key(attributes, secret, secret_length, output_key);
    }
    pp_wipe(secret, sizeof(secret));
    if (ciphertext_length == NULL) {
        return status;
    }
    return pp_fail_output(status, ciphertext, ciphertext_size, ciphertext_length);
}

psa_status_t psa_decapsulate(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *ciphertext,
                             size_t ciphertext_length, const psa_key_attributes_t *attributes,
                             psa_key_id_t *output_key)
{
    uint8_t secret[PP_KEM_SHARED_SECRET_SIZE];
    size_t secret_length = 0;
    pp_key_slot *slot;
    psa_status_t status = kem_begin(key, alg, PSA_KEY_USAGE_DECRYPT, attributes, output_key,
                                    !BUFFER_IS_BAD(ciphertext, ciphertext_length), &slot);

    if (status == PSA_SUCCESS) {
        /* The status says nothing about the ciphertext's validity beyond
         * its length: ML-KEM rejects implicitly (FIPS 203 Alg. 18). */
        status = pp_dispatch_decapsulate(&slot->attr, slot->material, slot->material_len, alg,
                                         ciphertext, ciphertext_length, secret, sizeof(secret),
                                         &secret_length);
        pp_slot_unlock(slot);
    }
    if (status == PSA_SUCCESS) {
        status = psa_import_key(attributes, secret, secret_length, output_key);
    }
    pp_wipe(secret, sizeof(secret));
    return status;
}

#else
typedef int pp_kem_disabled;
#endif /* PSA_WANT_ALG_ML_KEM */
