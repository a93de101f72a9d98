/*
 * ct_rsa_unpad.c -- constant-time check of the two RSA decryption
 * unpadding routines (pp_rsa_pkcs1v15_decrypt_decode, pp_rsa_oaep_decode)
 * under valgrind memcheck: the decrypted block EM is marked secret, so any
 * branch or memory index that depends on it is reported. Run on valid
 * blocks (short, long, empty message) and on blocks with each kind of
 * padding defect; the verdict and the length are declassified only after
 * the call, as the PSA API returns them.
 */
#include "test_config.h"
#include "test_util.h"
#if !(TEST_HAVE_RSA)
/* The whole subject of this test is configured out. */
int main(void)
{
    return test_skip("ct_rsa_unpad", "RSA configured out (PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 0)");
}
#else

#include <string.h>

#include "test_util.h"
#include "ct.h"
#include "rsa/rsa_padding.h"
#include "hash/pp_hash.h"
#include "random/pp_random.h"

#define K 256u /* 2048-bit modulus */

static void run_v15(const uint8_t *em_in, psa_status_t want, size_t want_len)
{
    uint8_t em[K], out[K];
    size_t out_len = 0;
    psa_status_t st;

    memcpy(em, em_in, K);
    CT_SECRET(em, K);
    st = pp_rsa_pkcs1v15_decrypt_decode(em, K, out, sizeof(out), &out_len);
    CT_PUBLIC(&st, sizeof(st));
    CT_PUBLIC(&out_len, sizeof(out_len));
    CT_PUBLIC(out, sizeof(out));
    CHECK_STATUS(st, want);
    CHECK(out_len == want_len);
}

static void run_oaep(const uint8_t *em_in, const uint8_t *label, size_t label_len,
                     psa_status_t want, size_t want_len)
{
    uint8_t em[K], out[K];
    size_t out_len = 0;
    psa_status_t st;

    memcpy(em, em_in, K);
    CT_SECRET(em, K);
    st = pp_rsa_oaep_decode(PSA_ALG_SHA_256, label, label_len, em, K, out, sizeof(out), &out_len);
    CT_PUBLIC(&st, sizeof(st));
    CT_PUBLIC(&out_len, sizeof(out_len));
    CT_PUBLIC(out, sizeof(out));
    CHECK_STATUS(st, want);
    CHECK(out_len == want_len);
}

/* Unmasked OAEP block -> masked EM (the encoder's MGF1 steps). */
static void oaep_mask(uint8_t *em)
{
    pp_rsa_mgf1_xor(PSA_ALG_SHA_256, em + 1, 32, em + 33, K - 33);
    pp_rsa_mgf1_xor(PSA_ALG_SHA_256, em + 33, K - 33, em + 1, 32);
}

int main(void)
{
    uint8_t em[K], bad[K], msg[200], label[5] = { 1, 2, 3, 4, 5 };
    size_t lens[3] = { 0, 16, K - 11 };
    size_t i;

    CHECK(CT_UNDER_VALGRIND());
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    test_rng_seed(0x43545253ull);
    test_rng_bytes(msg, sizeof(msg));

    /* PKCS#1 v1.5: valid blocks of several message lengths. */
    for (i = 0; i < 3; i++) {
        uint8_t long_msg[K];
        test_rng_bytes(long_msg, lens[i]);
        CHECK_STATUS(pp_rsa_pkcs1v15_encrypt_encode(long_msg, lens[i], em, K), PSA_SUCCESS);
        run_v15(em, PSA_SUCCESS, lens[i]);
    }
    /* Defects: first byte, block type, short PS, no separator. */
    CHECK_STATUS(pp_rsa_pkcs1v15_encrypt_encode(msg, 16, em, K), PSA_SUCCESS);
    memcpy(bad, em, K); bad[0] = 1; run_v15(bad, PSA_ERROR_INVALID_PADDING, 0);
    memcpy(bad, em, K); bad[1] = 1; run_v15(bad, PSA_ERROR_INVALID_PADDING, 0);
    memcpy(bad, em, K); bad[5] = 0; run_v15(bad, PSA_ERROR_INVALID_PADDING, 0);
    memcpy(bad, em, K); memset(bad + 2, 0x5a, K - 2); run_v15(bad, PSA_ERROR_INVALID_PADDING, 0);

    /* OAEP (SHA-256): valid blocks, then defects planted before masking. */
    for (i = 0; i < 3; i++) {
        size_t len = (i == 2) ? K - 66 : lens[i];
        uint8_t long_msg[K];
        test_rng_bytes(long_msg, len);
        CHECK_STATUS(pp_rsa_oaep_encode(PSA_ALG_SHA_256, label, sizeof(label), long_msg, len, em, K),
                     PSA_SUCCESS);
        run_oaep(em, label, sizeof(label), PSA_SUCCESS, len);
    }
    memset(em, 0, K);
    test_rng_bytes(em + 1, 32);
    pp_hash_compute(PSA_ALG_SHA_256, label, sizeof(label), em + 33);
    em[K - 17] = 0x01;
    memcpy(em + K - 16, msg, 16);
    memcpy(bad, em, K); oaep_mask(bad); run_oaep(bad, label, sizeof(label), PSA_SUCCESS, 16);
    memcpy(bad, em, K); bad[0] = 1; oaep_mask(bad);
    run_oaep(bad, label, sizeof(label), PSA_ERROR_INVALID_PADDING, 0);
    memcpy(bad, em, K); bad[40] ^= 1; oaep_mask(bad);
    run_oaep(bad, label, sizeof(label), PSA_ERROR_INVALID_PADDING, 0);
    memcpy(bad, em, K); bad[K - 17] = 0x02; oaep_mask(bad);
    run_oaep(bad, label, sizeof(label), PSA_ERROR_INVALID_PADDING, 0);
    memcpy(bad, em, K); memset(bad + 65, 0, K - 65); oaep_mask(bad);
    run_oaep(bad, label, sizeof(label), PSA_ERROR_INVALID_PADDING, 0);
    return test_report("ct_rsa_unpad");
}
#endif /* TEST_HAVE_RSA */
