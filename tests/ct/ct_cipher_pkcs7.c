/*
 * ct_cipher_pkcs7.c -- CBC-PKCS#7 decryption in src/cipher is constant time
 * up to its verdict: under valgrind memcheck the key, IV and ciphertext
 * are secret; pp_cipher_update and pp_cipher_finish run on valid padding
 * of every length 1..16 and on wrong paddings, and only the status, the
 * output length and the output (public by design once returned) are
 * declassified after pp_cipher_finish. A branch or index on a padding
 * byte inside the check fails the test.
 */
#include "cipher/cipher.h"
#include "aes/aes.h"

#include <string.h>

#include "ct.h"
#include "test_util.h"

#if PSA_WANT_ALG_CBC_PKCS7
static void one_case(const uint8_t key[16], const uint8_t iv[16], const uint8_t last[16],
                     int want_ok)
{
    picopsa_cipher_context c;
    pp_aes_key k;
    uint8_t ct[32], block[32], chain[16], out[PP_CIPHER_FINISH_MAX];
    size_t out_len = 0;
    psa_status_t st;
    /* ciphertext of (random block || last) by the raw block function */
    test_rng_bytes(block, 16);
    memcpy(block + 16, last, 16);
    memcpy(chain, iv, 16);
    CHECK_STATUS(pp_aes_set_key(&k, key, 16), PSA_SUCCESS);
    pp_aes_cbc_encrypt(&k, chain, block, ct, 2);
    pp_aes_wipe(&k);

    CT_SECRET(ct, sizeof(ct));
    CHECK_STATUS(pp_cipher_setup(&c, PSA_ALG_CBC_PKCS7, PSA_KEY_TYPE_AES, key, 16, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_cipher_set_iv(&c, iv, 16), PSA_SUCCESS);
    CHECK(pp_cipher_update_length(&c, 32) == 16);
    CHECK_STATUS(pp_cipher_update(&c, ct, 32, block), PSA_SUCCESS);
    st = pp_cipher_finish(&c, out, &out_len);
    CT_PUBLIC(&st, sizeof(st));
    CT_PUBLIC(&out_len, sizeof(out_len));
    CT_PUBLIC(out, sizeof(out));
    CT_PUBLIC(block, sizeof(block));
    CT_PUBLIC(ct, sizeof(ct));
    if (want_ok) {
        CHECK_STATUS(st, PSA_SUCCESS);
        CHECK(out_len == 16u - last[15]);
        CHECK_MEM(out, last, out_len);
    } else {
        CHECK_STATUS(st, PSA_ERROR_INVALID_PADDING);
        CHECK(out_len == 0);
    }
}

#endif

int main(void)
{
#if PSA_WANT_ALG_CBC_PKCS7
    uint8_t key[16], iv[16], last[16];
    unsigned pad;
#endif
    test_rng_seed(0x7c57);
    CHECK(CT_UNDER_VALGRIND());
#if PSA_WANT_ALG_CBC_PKCS7
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(iv, sizeof(iv));
    CT_SECRET(key, sizeof(key));
    CT_SECRET(iv, sizeof(iv));
    for (pad = 1; pad <= 16; pad++) {
        test_rng_bytes(last, sizeof(last));
        memset(last + 16 - pad, (int)pad, pad);
        one_case(key, iv, last, 1);
        last[16 - pad] ^= 0x40;          /* first padding byte wrong */
        one_case(key, iv, last, 0);
    }
    memset(last, 0, sizeof(last));       /* pad byte 0 */
    one_case(key, iv, last, 0);
    memset(last, 17, sizeof(last));      /* pad byte 17 */
    one_case(key, iv, last, 0);
#endif
    return test_report("ct_cipher_pkcs7");
}
