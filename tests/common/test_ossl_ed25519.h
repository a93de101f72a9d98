/*
 * test_ossl_ed25519.h -- OpenSSL as the Ed25519 reference for the tests.
 *
 * test_ossl_ed25519_verify: OpenSSL's verdict (EVP, RFC 8032 5.1.7 PureEdDSA)
 * on sig[0..sig_len) over msg under the 32-byte public key pk: 1 when it
 * verifies, 0 when OpenSSL rejects it (or cannot set up the check).
 */
#ifndef PICOPSA_TEST_OSSL_ED25519_H
#define PICOPSA_TEST_OSSL_ED25519_H

#include <stddef.h>
#include <stdint.h>

int test_ossl_ed25519_verify(const uint8_t pk[32], const uint8_t *msg, size_t msg_len,
                             const uint8_t *sig, size_t sig_len);

#endif /* PICOPSA_TEST_OSSL_ED25519_H */
