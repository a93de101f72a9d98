/*
 * dispatch_kem.c -- key encapsulation (Crypto API 1.3 10.10) routed to the
 * driver of the key: ML-KEM keys to the software ML-KEM (1.3 PQC
 * extension 2.2; src/mlkem/mlkem_psa.c). The front end (psa_kem.c) has
 * checked the API shape, the algorithm's category and the key's policy.
 * Built with PSA_WANT_ALG_ML_KEM; otherwise psa_not_supported.c has the
 * NOT_SUPPORTED forms.
 */
#include "dispatch/pp_dispatch.h"
#include "dispatch/pp_drivers.h"

#if PSA_WANT_ALG_ML_KEM

/* 10.10.2, both functions: a key-encapsulation algorithm that is not built
 * (PSA_ALG_ECIES_SEC1, an unknown one) is NOT_SUPPORTED; PSA_ALG_ML_KEM
 * with a key that is not an ML-KEM key, or with a public key for
 * decapsulation ("key is not an asymmetric key pair, that is compatible
 * with alg"), is INVALID_ARGUMENT. */
static psa_status_t kem_checks(const psa_key_attributes_t *attributes, psa_algorithm_t alg,
                               int decapsulate)
{
    if (alg != PSA_ALG_ML_KEM) {
        return PSA_ERROR_NOT_SUPPORTED;
    }
    if (!PSA_KEY_TYPE_IS_ML_KEM(attributes->type) ||
        (decapsulate && !PSA_KEY_TYPE_IS_KEY_PAIR(attributes->type))) {
        return PSA_ERROR_INVALID_ARGUMENT;
    }
    return PSA_SUCCESS;
}

/* Seam for accelerators (issue 11): a driver's KEM entry would be tried
 * in both functions before the software ML-KEM. */
psa_status_t pp_dispatch_encapsulate(const psa_key_attributes_t *attributes,
                                     const uint8_t *key_buffer, size_t key_buffer_size,
                                     psa_algorithm_t alg, uint8_t *shared_secret,
                                     size_t shared_secret_size, size_t *shared_secret_length,
                                     uint8_t *ciphertext, size_t ciphertext_size,
                                     size_t *ciphertext_length)
{
    psa_status_t status = kem_checks(attributes, alg, 0);
    if (status != PSA_SUCCESS) {
        return status;
    }
    /* 10.10.2: PSA_ENCAPSULATE_CIPHERTEXT_SIZE is sufficient. */
    if (ciphertext_size < PSA_ENCAPSULATE_CIPHERTEXT_SIZE(attributes->type, attributes->bits, alg)) {
        return PSA_ERROR_BUFFER_TOO_SMALL;
    }
    if (shared_secret_size < PP_KEM_SHARED_SECRET_SIZE) {
        return PSA_ERROR_CORRUPTION_DETECTED;   /* the front end's buffer */
    }
    return pp_mlkem_encapsulate(attributes, key_buffer, key_buffer_size, alg, shared_secret,
                                shared_secret_size, shared_secret_length, ciphertext,
                                ciphertext_size, ciphertext_length);
}

psa_status_t pp_dispatch_decapsulate(const psa_key_attributes_t *attributes,
                                     const uint8_t *key_buffer, size_t key_buffer_size,
                                     psa_algorithm_t alg, const uint8_t *ciphertext,
                                     size_t ciphertext_length, uint8_t *shared_secret,
                                     size_t shared_secret_size, size_t *shared_secret_length)
{
    psa_status_t status = kem_checks(attributes, alg, 1);
    if (status != PSA_SUCCESS) {
        return status;
    }
    if (shared_secret_size < PP_KEM_SHARED_SECRET_SIZE) {
        return PSA_ERROR_CORRUPTION_DETECTED;
    }
    return pp_mlkem_decapsulate(attributes, key_buffer, key_buffer_size, alg, ciphertext,
                                ciphertext_length, shared_secret, shared_secret_size,
                                shared_secret_length);
}

#else
typedef int pp_dispatch_kem_disabled;
#endif /* PSA_WANT_ALG_ML_KEM */
