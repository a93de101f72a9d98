/*
 * ct_psa_cmac.c -- PSA_ALG_CMAC through the MAC front end is constant time
 * in the key and the message: under valgrind memcheck the AES key is
 * secret before psa_import_key and the message before each call; compute,
 * multi-part sign (odd chunks), verify of a right and a wrong tag (only the
 * status is declassified) and a truncated tag run for every key size.
 */
#include <psa/crypto.h>

#include <string.h>

#include "ct.h"
#include "test_util.h"

#if !PSA_WANT_ALG_CMAC
int main(void)
{
    return test_skip("ct_psa_cmac", "CMAC configured out");
}
#else

static psa_status_t declassified(psa_status_t status)
{
    CT_PUBLIC(&status, sizeof(status));
    return status;
}

static void one_key(size_t key_len)
{
    uint8_t key[32], msg[100], tag[16], tag2[16], wrong[16];
    size_t n = 0, done;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_mac_operation_t op = PSA_MAC_OPERATION_INIT;
    psa_key_id_t id = 0;
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(msg, sizeof(msg));
    psa_set_key_type(&attr, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_VERIFY_MESSAGE);
    psa_set_key_algorithm(&attr, PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(PSA_ALG_CMAC, 8));
    CT_SECRET(key, sizeof(key));
    CHECK_STATUS(psa_import_key(&attr, key, key_len, &id), PSA_SUCCESS);
    CT_SECRET(msg, sizeof(msg));
    CHECK_STATUS(psa_mac_compute(id, PSA_ALG_CMAC, msg, sizeof(msg), tag, sizeof(tag), &n),
                 PSA_SUCCESS);
    CHECK_STATUS(psa_mac_sign_setup(&op, id, PSA_ALG_CMAC), PSA_SUCCESS);
    for (done = 0; done < sizeof(msg); done += 7) {
        size_t chunk = sizeof(msg) - done < 7 ? sizeof(msg) - done : 7;
        CHECK_STATUS(psa_mac_update(&op, msg + done, chunk), PSA_SUCCESS);
    }
    CHECK_STATUS(psa_mac_sign_finish(&op, tag2, sizeof(tag2), &n), PSA_SUCCESS);
    CT_PUBLIC(tag, sizeof(tag));
    CT_PUBLIC(tag2, sizeof(tag2));
    CHECK_MEM(tag, tag2, 16);
    memcpy(wrong, tag, sizeof(wrong));
    wrong[3] ^= 0x10;
    CHECK_STATUS(declassified(psa_mac_verify(id, PSA_ALG_CMAC, msg, sizeof(msg), tag, 16)),
                 PSA_SUCCESS);
    CHECK_STATUS(declassified(psa_mac_verify(id, PSA_ALG_CMAC, msg, sizeof(msg), wrong, 16)),
                 PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(declassified(psa_mac_verify(id, PSA_ALG_TRUNCATED_MAC(PSA_ALG_CMAC, 8), msg,
                                             sizeof(msg), tag, 8)), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    CT_PUBLIC(key, sizeof(key));
    CT_PUBLIC(msg, sizeof(msg));
}

int main(void)
{
    test_rng_seed(0xc3ac);
    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    one_key(16);
    one_key(24);
    one_key(32);
    return test_report("ct_psa_cmac");
}

#endif /* PSA_WANT_ALG_CMAC */
