/*
 * ct_kdf_ecjpake.c -- PSA_ALG_TLS12_ECJPAKE_TO_PMS is constant time in the
 * EC J-PAKE point K: under valgrind memcheck with x and y marked secret
 * (the 0x04 format byte and the length are public), input_bytes, a
 * DERIVE-key input, output_bytes and verify_bytes (right and wrong) must
 * not branch or index memory on them. Output declassified and checked
 * against SHA-256(Gx) (test_kdf_ecjpake.c).
 */
#include <psa/crypto.h>

#include <string.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS
int main(void)
{
    return test_skip("ct_kdf_ecjpake", "PSA_WANT_ALG_TLS12_ECJPAKE_TO_PMS configured out");
}
#else

#define ALG PSA_ALG_TLS12_ECJPAKE_TO_PMS

static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

int main(void)
{
    static const char g[] = "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
                            "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
    static const char pms[] = "40577091d962d2c36217b8e1a3c7eee4a08d3c1ad4debaacc9fa2e259ff45118";
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t key = PSA_KEY_ID_NULL;
    uint8_t k[65], want[32], out[32];
    int variant;

    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    CHECK(test_hex_to(g, k, sizeof(k)) == 65);
    CHECK(test_hex_to(pms, want, sizeof(want)) == 32);
    psa_set_key_type(&attr, PSA_KEY_TYPE_DERIVE);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, ALG);
    CT_SECRET(k + 1, 64);
    CHECK_STATUS(psa_import_key(&attr, k, sizeof(k), &key), PSA_SUCCESS);
    for (variant = 0; variant < 4; variant++) {
        CHECK_STATUS(psa_key_derivation_setup(&op, ALG), PSA_SUCCESS);
        if (variant == 0) {
            CHECK_STATUS(declassified(psa_key_derivation_input_bytes(
                             &op, PSA_KEY_DERIVATION_INPUT_SECRET, k, sizeof(k))),
                         PSA_SUCCESS);
        } else {
            CHECK_STATUS(declassified(psa_key_derivation_input_key(
                             &op, PSA_KEY_DERIVATION_INPUT_SECRET, key)),
                         PSA_SUCCESS);
        }
        if (variant < 2) {
            CHECK_STATUS(declassified(psa_key_derivation_output_bytes(&op, out, sizeof(out))),
                         PSA_SUCCESS);
            CT_PUBLIC(out, sizeof(out));
            CHECK_MEM(out, want, sizeof(out));
        } else {
            memcpy(out, want, sizeof(out));
            out[31] = (uint8_t)(out[31] ^ (variant == 3));
            CHECK_STATUS(declassified(psa_key_derivation_verify_bytes(&op, out, sizeof(out))),
                         variant == 2 ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE);
        }
        CT_PUBLIC(&op, sizeof(op));   /* the error flag of a mismatch is the verdict */
        CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    }
    psa_destroy_key(key);
    CT_PUBLIC(k, sizeof(k));
    return test_report("ct_kdf_ecjpake");
}
#endif
