/*
 * test_review_kdf.c -- review finding R6 (docs/reviews/issues11-16.md):
 * a key derivation set up with PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, kdf)
 * accepts its SECRET from psa_key_derivation_input_key (a DERIVE key whose
 * policy names the agreement algorithm), skipping the agreement.
 * psa_key_derivation.c:225 refuses that for input_bytes only, citing spec
 * 10.6.4 ("an agreement's secret comes from
 * psa_key_derivation_key_agreement"), but input_key passes from_key = 1
 * (line 361), so the same rule does not hold for keys; the resulting
 * operation also counts as "secret from a key or an agreement" and may
 * derive keys.
 *
 * Fixed (docs/reviews/issues11-16.md, Status): a reproduced finding
 * prints "REVIEW FINDING reproduced" and fails the test (exit 1).
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

#if PSA_WANT_ALG_ECDH && PSA_WANT_ALG_HKDF && PSA_WANT_ALG_SHA_256 && PSA_WANT_KEY_TYPE_DERIVE
#define KA_ALG PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, PSA_ALG_HKDF(PSA_ALG_SHA_256))

int main(void)
{
    static const uint8_t secret[32] = "a DERIVE key, not an agreement";
    psa_key_attributes_t a = psa_key_attributes_init();
    psa_key_derivation_operation_t op = psa_key_derivation_operation_init();
    psa_key_id_t key = 0;
    psa_status_t st;
    int findings = 0;

    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_type(&a, PSA_KEY_TYPE_DERIVE);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&a, KA_ALG);
    CHECK_STATUS(psa_import_key(&a, secret, sizeof(secret), &key), PSA_SUCCESS);

    /* The byte form is refused (the code's own rule) ... */
    CHECK_STATUS(psa_key_derivation_setup(&op, KA_ALG), PSA_SUCCESS);
    CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, secret,
                                                sizeof(secret)),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);

    /* ... the key form is not. */
    CHECK_STATUS(psa_key_derivation_setup(&op, KA_ALG), PSA_SUCCESS);
    st = psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, key);
    if (st == PSA_SUCCESS) {
        uint8_t out[16];
        CHECK_STATUS(psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO,
                                                    (const uint8_t *)"x", 1),
                     PSA_SUCCESS);
        if (psa_key_derivation_output_bytes(&op, out, sizeof(out)) == PSA_SUCCESS) {
            printf("REVIEW FINDING reproduced: R6: KEY_AGREEMENT derivation took its SECRET "
                   "from psa_key_derivation_input_key and produced output\n");
            findings++;
        }
    } else {
        CHECK_STATUS(st, PSA_ERROR_INVALID_ARGUMENT);
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);

    if (test_failed != 0) {
        return test_report("review_kdf");
    }
    if (findings != 0) {
        return 1;   /* a reproduced finding is a failure (fixed: docs/reviews) */
    }
    return test_report("review_kdf");
}
#else
int main(void)
{
    return test_skip("review_kdf", "ECDH, HKDF-SHA-256 or DERIVE keys not built");
}
#endif
