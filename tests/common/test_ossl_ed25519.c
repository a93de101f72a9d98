/*
 * test_ossl_ed25519.c -- see test_ossl_ed25519.h.
 */
#include "test_ossl_ed25519.h"

#include <openssl/evp.h>

int test_ossl_ed25519_verify(const uint8_t pk[32], const uint8_t *msg, size_t msg_len,
                             const uint8_t *sig, size_t sig_len)
{
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = key != NULL && ctx != NULL &&
             EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestVerify(ctx, sig, sig_len, msg, msg_len) == 1;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
    return ok;
}
