/*
 * test_ossl_rsa.h -- OpenSSL as the RSA reference for the tests.
 *
 * test_ossl_rsa_raw: the raw RSA permutation (RSA_NO_PADDING) of OpenSSL,
 * private (decryption) or public (encryption), k bytes in and out.
 * Returns 1 on success, 0 when OpenSSL refuses (e.g. input >= n).
 */
#ifndef PICOPSA_TEST_OSSL_RSA_H
#define PICOPSA_TEST_OSSL_RSA_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>

int test_ossl_rsa_raw(EVP_PKEY *pkey, int use_private, const uint8_t *in, size_t k, uint8_t *out);

#endif /* PICOPSA_TEST_OSSL_RSA_H */
