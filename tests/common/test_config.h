/*
 * test_config.h -- what the configuration under test builds, for tests that
 * cover several mechanisms: they test what is built and check that what is
 * configured out answers PSA_ERROR_NOT_SUPPORTED (PSA Crypto API 1.2: the
 * status of an algorithm or key type the implementation does not support,
 * docs/configuration.md: a PSA_WANT_* set to 0). Tests
 * whose whole subject is configured out call test_skip() (test_util.h).
 */
#ifndef PICOPSA_TEST_CONFIG_H
#define PICOPSA_TEST_CONFIG_H

#include <picopsa/config.h>
#include <psa/crypto.h>

/* 1 if the hash alg (PSA_ALG_SHA_1, _224/256/384/512, _512_224/_512_256,
 * PSA_ALG_SHA3_*, PSA_ALG_SHAKE256_512) is built. */
static inline int test_hash_built(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_224: return PSA_WANT_ALG_SHA_224;
    case PSA_ALG_SHA_256: return PSA_WANT_ALG_SHA_256;
    case PSA_ALG_SHA_384: return PSA_WANT_ALG_SHA_384;
    case PSA_ALG_SHA_512: return PSA_WANT_ALG_SHA_512;
    case PSA_ALG_SHA_1: return PSA_WANT_ALG_SHA_1;
    case PSA_ALG_SHA_512_224: return PSA_WANT_ALG_SHA_512_224;
    case PSA_ALG_SHA_512_256: return PSA_WANT_ALG_SHA_512_256;
    case PSA_ALG_SHA3_224: return PSA_WANT_ALG_SHA3_224;
    case PSA_ALG_SHA3_256: return PSA_WANT_ALG_SHA3_256;
    case PSA_ALG_SHA3_384: return PSA_WANT_ALG_SHA3_384;
    case PSA_ALG_SHA3_512: return PSA_WANT_ALG_SHA3_512;
    case PSA_ALG_SHAKE256_512: return PSA_WANT_ALG_SHAKE256_512;
    default: return 0;
    }
}

/* 1 if the cipher alg (the block modes, PSA_ALG_XTS, PSA_ALG_STREAM_CIPHER)
 * is built; a product header may keep a few modes (configs/lorawan_node.h:
 * ECB and CTR). */
static inline int test_cipher_built(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_ECB_NO_PADDING: return PSA_WANT_ALG_ECB_NO_PADDING;
    case PSA_ALG_CBC_NO_PADDING: return PSA_WANT_ALG_CBC_NO_PADDING;
    case PSA_ALG_CBC_PKCS7: return PSA_WANT_ALG_CBC_PKCS7;
    case PSA_ALG_CTR: return PSA_WANT_ALG_CTR;
    case PSA_ALG_CFB: return PSA_WANT_ALG_CFB;
    case PSA_ALG_OFB: return PSA_WANT_ALG_OFB;
    case PSA_ALG_CCM_STAR_NO_TAG: return PSA_WANT_ALG_CCM_STAR_NO_TAG;
    case PSA_ALG_XTS: return PSA_WANT_ALG_XTS;
    case PSA_ALG_STREAM_CIPHER: return PSA_WANT_ALG_STREAM_CIPHER;
    default: return 0;
    }
}

/* The families, for the #if around a test whose whole subject is one. */
#define TEST_HAVE_RSA (PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY)
#define TEST_HAVE_RSA_KEY_PAIR (PSA_WANT_KEY_TYPE_RSA_KEY_PAIR)
#define TEST_HAVE_ED25519 (PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA)

#endif /* PICOPSA_TEST_CONFIG_H */
