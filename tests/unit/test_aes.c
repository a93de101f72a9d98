/*
 * test_aes.c -- the AES primitive (src/aes/aes.h):
 *  - FIPS 197 appendix C.1-C.3 (AES-128/192/256, encrypt and decrypt);
 *  - random ECB/CBC/CTR cross-checks against OpenSSL EVP, 1..40 blocks,
 *    in place equal to separate buffers;
 *  - bad key lengths.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "aes/aes.h"
#include "aes/aes_hw.h"
#include "test_util.h"

static void ossl(const EVP_CIPHER *c, const uint8_t *key, const uint8_t *iv, int dec,
                 const uint8_t *in, uint8_t *out, size_t len)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    CHECK(EVP_CipherInit_ex(ctx, c, NULL, key, iv, dec ? 0 : 1) == 1);
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    CHECK(EVP_CipherUpdate(ctx, out, &l1, in, (int)len) == 1);
    CHECK(EVP_CipherFinal_ex(ctx, out + l1, &l2) == 1);
    CHECK((size_t)(l1 + l2) == len);
    EVP_CIPHER_CTX_free(ctx);
}

static void run_all(void)
{
    static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                   0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const uint8_t ct[3][16] = {
        {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a},
        {0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0, 0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91},
        {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf, 0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89}};
    uint8_t key[32], buf[640], a[640], b[640], iv[16], iv2[16];
    pp_aes_key k;
    size_t i, n, t;

    for (i = 0; i < 32; i++) key[i] = (uint8_t)i;
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(pp_aes_set_key(&k, key, 16 + 8 * i), PSA_SUCCESS);
        pp_aes_ecb_encrypt(&k, pt, buf, 1);
        CHECK_MEM(buf, ct[i], 16);
        pp_aes_ecb_decrypt(&k, buf, buf, 1);
        CHECK_MEM(buf, pt, 16);
    }
    CHECK_STATUS(pp_aes_set_key(&k, key, 0), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_aes_set_key(&k, key, 17), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_aes_set_key(&k, key, 64), PSA_ERROR_INVALID_ARGUMENT);

    for (t = 0; t < 3; t++) {
        const EVP_CIPHER *ecb = t == 0 ? EVP_aes_128_ecb() : t == 1 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
        const EVP_CIPHER *cbc = t == 0 ? EVP_aes_128_cbc() : t == 1 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
        const EVP_CIPHER *ctr = t == 0 ? EVP_aes_128_ctr() : t == 1 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
        for (n = 1; n <= 40; n++) {
            for (i = 0; i < 32; i++) key[i] = (uint8_t)(i * 7 + n * 13 + t);
            for (i = 0; i < 16 * n; i++) buf[i] = (uint8_t)(i * 31 + n);
            for (i = 0; i < 16; i++) iv[i] = (uint8_t)(0xf0 + i * n);
            CHECK_STATUS(pp_aes_set_key(&k, key, 16 + 8 * t), PSA_SUCCESS);
            pp_aes_ecb_encrypt(&k, buf, a, n);
            ossl(ecb, key, NULL, 0, buf, b, 16 * n);
            CHECK_MEM(a, b, 16 * n);
            pp_aes_ecb_decrypt(&k, a, a, n);
            CHECK_MEM(a, buf, 16 * n);
            memcpy(iv2, iv, 16);
            pp_aes_cbc_encrypt(&k, iv2, buf, a, n);
            ossl(cbc, key, iv, 0, buf, b, 16 * n);
            CHECK_MEM(a, b, 16 * n);
            CHECK_MEM(iv2, a + 16 * (n - 1), 16);
            memcpy(iv2, iv, 16);
            pp_aes_cbc_decrypt(&k, iv2, a, a, n);
            CHECK_MEM(a, buf, 16 * n);
            memcpy(iv2, iv, 16);
            iv2[15] = 0xfe; iv2[14] = 0xff;
            memcpy(b + 600, iv2, 16);
            memcpy(a, buf, 16 * n);
            pp_aes_ctr(&k, iv2, a, a, n);
            ossl(ctr, key, b + 600, 0, buf, b, 16 * n);
            CHECK_MEM(a, b, 16 * n);
        }
    }
    pp_aes_wipe(&k);
}

/* Both paths of aes.c: the hardware one where this CPU has it, then the
 * portable backend (pp_aes_hw_restrict(0) makes pp_aes_set_key choose it). */
int main(void)
{
#if PP_AES_HW_X86
    printf("AES-NI %s\n", pp_aes_hw_available() ? "present: hardware path, then portable backend"
                                                 : "absent: portable backend only");
    run_all();
    pp_aes_hw_restrict(0);
#endif
    run_all();
    return test_report("aes");
}
