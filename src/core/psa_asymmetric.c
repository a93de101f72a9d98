/*
 * psa_asymmetric.c -- asymmetric encryption (spec 10.8): RSA PKCS#1 v1.5
 * and OAEP. This front end checks the argument pointers, the algorithm's
 * category, the PKCS#1 v1.5 no-label rule and the key's policy; the
 * dispatch layer (src/dispatch/dispatch_asymmetric.c) the key-dependent
 * rules, and the RSA family the sizes of its scheme (docs/ARCHITECTURE.md,
 * "Which layer checks what"). The OAEP label travels as `salt`.
 * Input, label and output may overlap (spec 5.4.4): the RSA family reads
 * every input before it writes the output, and this layer writes the
 * output only after the family returns.
 */
#include "core/pp_core.h"
#include "dispatch/pp_dispatch.h"

/* pp_fail_output for the decrypt path, without a branch on the status:
 * the padding verdict of RSA decryption is secret until it is returned
 * (Bleichenbacher 1998, Manger 2001), so the output is wiped and the
 * length zeroed under a mask, on success and failure alike; the status is
 * the last thing that depends on the verdict. out_len is not NULL here. */
static psa_status_t ct_finish_output(psa_status_t status, uint8_t *out, size_t out_size,
                                     size_t *out_len)
{
    uint32_t ok = pp_ct_barrier_u32(pp_ct_mask_eq_u32((uint32_t)status, (uint32_t)PSA_SUCCESS));
    uint8_t keep = (uint8_t)ok;
    size_t i;

    for (i = 0; i < out_size; i++) {
        out[i] &= keep;
    }
    *out_len &= (size_t)0 - (size_t)(ok & 1u);
    return status;
}

static psa_status_t crypt_common(psa_key_id_t key, psa_algorithm_t alg, int encrypt,
                                 const uint8_t *input, size_t input_length,
                                 const uint8_t *salt, size_t salt_length,
                                 uint8_t *output, size_t output_size, size_t *output_length)
{
    pp_key_slot *slot;
    psa_status_t status = pp_core_check_initialized();
    if (status == PSA_SUCCESS &&
        (output_length == NULL || (output == NULL && output_size != 0) ||
         (input == NULL && input_length != 0) || (salt == NULL && salt_length != 0))) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS && !PSA_ALG_IS_ASYMMETRIC_ENCRYPTION(alg)) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS && alg == PSA_ALG_RSA_PKCS1V15_CRYPT && salt_length != 0) {
        status = PSA_ERROR_INVALID_ARGUMENT;   /* spec 10.8.2: no label in v1.5 */
    }
    if (status == PSA_SUCCESS) {
        status = pp_slot_get_for_use(key, encrypt ? PSA_KEY_USAGE_ENCRYPT : PSA_KEY_USAGE_DECRYPT,
                                     alg, &slot);
    }
    if (status != PSA_SUCCESS) {
        return pp_fail_output(status, output, output_size, output_length);
    }
    status = pp_dispatch_asymmetric_crypt(&slot->attr, slot->material, slot->material_len, alg,
                                          encrypt, input, input_length, salt, salt_length,
                                          output, output_size, output_length);
    pp_slot_unlock(slot);
    if (!encrypt) {
        return ct_finish_output(status, output, output_size, output_length);
    }
    return pp_fail_output(status, output, output_size, output_length);
}

psa_status_t psa_asymmetric_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                    size_t input_length, const uint8_t *salt,
                                    size_t salt_length, uint8_t *output, size_t output_size,
                                    size_t *output_length)
{
    return crypt_common(key, alg, 1, input, input_length, salt, salt_length, output,
                        output_size, output_length);
}

psa_status_t psa_asymmetric_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                    size_t input_length, const uint8_t *salt,
                                    size_t salt_length, uint8_t *output, size_t output_size,
                                    size_t *output_length)
{
    return crypt_common(key, alg, 0, input, input_length, salt, salt_length, output,
                        output_size, output_length);
}
