/*
 * test_ossl_rsa.c -- OpenSSL as the RSA reference (see test_ossl_rsa.h).
 */
#include "test_ossl_rsa.h"

#include <openssl/rsa.h>

int test_ossl_rsa_raw(EVP_PKEY *pkey, int use_private, const uint8_t *in, size_t k, uint8_t *out)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    size_t out_len = k;
    int ok = ctx != NULL &&
             (use_private ? EVP_PKEY_decrypt_init(ctx) : EVP_PKEY_encrypt_init(ctx)) > 0 &&
             EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) > 0 &&
             (use_private ? EVP_PKEY_decrypt(ctx, out, &out_len, in, k)
                          : EVP_PKEY_encrypt(ctx, out, &out_len, in, k)) > 0 &&
             out_len == k;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}
