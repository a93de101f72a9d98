/*
 * test_rsa_psa.c -- the RSA PSA glue on bad input and edge cases, through
 * the PSA API: wrong key types and sizes, private operations on public
 * keys, wrong hash lengths, unsupported hashes, signatures of the wrong
 * length or >= n, ciphertexts of the wrong length or >= n, messages too
 * long, short output buffers (BUFFER_TOO_SMALL rules of rsa_psa.c),
 * PKCS#1 v1.5 RAW signing, the PSS salt rule for small keys, export of
 * public keys and attribute sizes.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <psa/crypto.h>

#include "test_config.h"
#include "test_util.h"

#if !(TEST_HAVE_RSA)
/* RSA configured out: the whole subject of this test. The honest negative
 * test of the configuration: a well-formed RSA key is a key type the
 * library does not support, on import (both types) and on generation. */
int main(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    EVP_PKEY *pkey = EVP_RSA_gen(2048);
    uint8_t priv[4096], pub[1024];
    unsigned char *p = priv;
    size_t priv_len = (size_t)i2d_PrivateKey(pkey, &p), pub_len;

    p = pub;
    pub_len = (size_t)i2d_PublicKey(pkey, &p);
    EVP_PKEY_free(pkey);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH);
    psa_set_key_algorithm(&attr, PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256));
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    CHECK_STATUS(psa_import_key(&attr, priv, priv_len, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == 0);
    psa_set_key_bits(&attr, 2048);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == 0);
    psa_set_key_bits(&attr, 0);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_PUBLIC_KEY);
    CHECK_STATUS(psa_import_key(&attr, pub, pub_len, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK(id == 0);
    return test_skip("rsa_psa", "RSA configured out (PSA_WANT_KEY_TYPE_RSA_PUBLIC_KEY 0)");
}
#else

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *der, size_t len, size_t bits, psa_status_t want)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&attr, type);
    psa_set_key_bits(&attr, bits);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, der, len, &id), want);
    return id;
}

#define ALL_USAGE (PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_VERIFY_HASH | PSA_KEY_USAGE_SIGN_MESSAGE | \
                   PSA_KEY_USAGE_VERIFY_MESSAGE | PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT |     \
                   PSA_KEY_USAGE_EXPORT)

/* n - 1 as a k-byte big-endian string, and n itself. */
static void modulus_bytes(EVP_PKEY *pkey, uint8_t *n, size_t k)
{
    BIGNUM *bn = NULL;
    EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &bn);
    BN_bn2binpad(bn, n, (int)k);
    BN_free(bn);
}

static void test_signatures(EVP_PKEY *pkey, const uint8_t *priv, size_t priv_len,
                            const uint8_t *pub, size_t pub_len, size_t bits)
{
    size_t k = bits / 8;
    psa_algorithm_t alg = PSA_ALG_RSA_PKCS1V15_SIGN(PSA_ALG_SHA_256);
    psa_key_id_t pair = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, alg, priv, priv_len, 0, PSA_SUCCESS);
    psa_key_id_t pubk = import(PSA_KEY_TYPE_RSA_PUBLIC_KEY, ALL_USAGE, alg, pub, pub_len, 0, PSA_SUCCESS);
    uint8_t hash[64], sig[600], n[512];
    size_t sig_len = 0;

    memset(hash, 0x42, sizeof(hash));
    /* Signing with a public key. */
    CHECK_STATUS(psa_sign_hash(pubk, alg, hash, 32, sig, sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    /* Wrong hash length. */
    CHECK_STATUS(psa_sign_hash(pair, alg, hash, 31, sig, sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_sign_hash(pair, alg, hash, 33, sig, sizeof(sig), &sig_len), PSA_ERROR_INVALID_ARGUMENT);
    /* Signature buffer one byte short, then exact. */
    CHECK_STATUS(psa_sign_hash(pair, alg, hash, 32, sig, k - 1, &sig_len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_sign_hash(pair, alg, hash, 32, sig, k, &sig_len), PSA_SUCCESS);
    CHECK(sig_len == k);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, sig, k), PSA_SUCCESS);
    /* Signature of the wrong length (a leading zero added, one byte cut). */
    memmove(sig + 1, sig, k);
    sig[0] = 0;
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, sig, k + 1), PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, sig + 1, k - 1), PSA_ERROR_INVALID_SIGNATURE);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, sig + 1, k), PSA_SUCCESS);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 31, sig + 1, k), PSA_ERROR_INVALID_ARGUMENT);
    /* Signature >= n and = n: invalid signature, not a crash or success. */
    modulus_bytes(pkey, n, k);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, n, k), PSA_ERROR_INVALID_SIGNATURE);
    memset(n, 0xff, k);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, n, k), PSA_ERROR_INVALID_SIGNATURE);
    memset(n, 0, k);
    CHECK_STATUS(psa_verify_hash(pubk, alg, hash, 32, n, k), PSA_ERROR_INVALID_SIGNATURE);
    psa_destroy_key(pair);
    psa_destroy_key(pubk);

    /* Unsupported hash (SM3 is not built) and a hash that is not one. */
    pair = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, PSA_ALG_RSA_PSS(PSA_ALG_SM3), priv, priv_len, 0,
                  PSA_SUCCESS);
    CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SM3), hash, 32, sig, sizeof(sig), &sig_len),
                 PSA_ERROR_NOT_SUPPORTED);
    psa_destroy_key(pair);

    /* PKCS#1 v1.5 RAW: T is the input; OpenSSL's PKCS#1 verify without a
     * digest checks exactly that. Longest input k - 11. */
    pair = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, priv, priv_len, 0,
                  PSA_SUCCESS);
    {
        uint8_t t[512];
        size_t lens[3];
        size_t i;
        lens[0] = 0; lens[1] = 51; lens[2] = k - 11;
        for (i = 0; i < 3; i++) {
            EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
            uint8_t recovered[512];
            size_t rec_len = sizeof(recovered);
            test_rng_bytes(t, lens[i]);
            CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, t, lens[i], sig, sizeof(sig),
                                       &sig_len), PSA_SUCCESS);
            CHECK(ctx != NULL && EVP_PKEY_verify_recover_init(ctx) > 0 &&
                  EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) > 0 &&
                  EVP_PKEY_verify_recover(ctx, recovered, &rec_len, sig, sig_len) == 1);
            CHECK(rec_len == lens[i]);
            CHECK_MEM(recovered, t, lens[i]);
            EVP_PKEY_CTX_free(ctx);
            CHECK_STATUS(psa_verify_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, t, lens[i], sig, sig_len),
                         PSA_SUCCESS);
        }
        /* Empty input given as NULL. */
        CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, NULL, 0, sig, sizeof(sig), &sig_len),
                     PSA_SUCCESS);
        CHECK_STATUS(psa_verify_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, NULL, 0, sig, sig_len), PSA_SUCCESS);
        CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, t, k - 10, sig, sizeof(sig),
                                   &sig_len), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_verify_hash(pair, PSA_ALG_RSA_PKCS1V15_SIGN_RAW, t, k - 10, sig, k),
                     PSA_ERROR_INVALID_SIGNATURE);
    }
    psa_destroy_key(pair);

    /* PSS: two signatures of the same hash differ (random salt). */
    pair = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), priv, priv_len, 0,
                  PSA_SUCCESS);
    {
        uint8_t sig2[600];
        size_t sig2_len = 0;
        CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 32, sig, sizeof(sig),
                                   &sig_len), PSA_SUCCESS);
        CHECK_STATUS(psa_sign_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 32, sig2, sizeof(sig2),
                                   &sig2_len), PSA_SUCCESS);
        CHECK(sig_len == sig2_len && memcmp(sig, sig2, sig_len) != 0);
        CHECK_STATUS(psa_verify_hash(pair, PSA_ALG_RSA_PSS(PSA_ALG_SHA_256), hash, 32, sig2, sig2_len),
                     PSA_SUCCESS);
    }
    psa_destroy_key(pair);
}

static void test_encryption(EVP_PKEY *pkey, const uint8_t *priv, size_t priv_len,
                            const uint8_t *pub, size_t pub_len, size_t bits)
{
    size_t k = bits / 8;
    psa_algorithm_t algs[2];
    size_t a;
    algs[0] = PSA_ALG_RSA_PKCS1V15_CRYPT;
    algs[1] = PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256);

    for (a = 0; a < 2; a++) {
        psa_algorithm_t alg = algs[a];
        size_t max_msg = a == 0 ? k - 11 : k - 66;
        psa_key_id_t pair = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, alg, priv, priv_len, 0, PSA_SUCCESS);
        psa_key_id_t pubk = import(PSA_KEY_TYPE_RSA_PUBLIC_KEY, ALL_USAGE, alg, pub, pub_len, 0, PSA_SUCCESS);
        uint8_t msg[512], ct[600], out[600], n[512];
        size_t ct_len = 0, out_len = 0;

        test_rng_bytes(msg, sizeof(msg));
        /* Empty message given as NULL. */
        CHECK_STATUS(psa_asymmetric_encrypt(pubk, alg, NULL, 0, NULL, 0, ct, sizeof(ct), &ct_len), PSA_SUCCESS);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, ct_len, NULL, 0, out, sizeof(out), &out_len),
                     PSA_SUCCESS);
        CHECK(out_len == 0);
        /* Message too long; longest fits. */
        CHECK_STATUS(psa_asymmetric_encrypt(pubk, alg, msg, max_msg + 1, NULL, 0, ct, sizeof(ct), &ct_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        /* Ciphertext buffer one byte short. */
        CHECK_STATUS(psa_asymmetric_encrypt(pubk, alg, msg, 5, NULL, 0, ct, k - 1, &ct_len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK_STATUS(psa_asymmetric_encrypt(pubk, alg, msg, max_msg, NULL, 0, ct, k, &ct_len), PSA_SUCCESS);
        CHECK(ct_len == k);
        /* Decrypt with the public key. */
        CHECK_STATUS(psa_asymmetric_decrypt(pubk, alg, ct, ct_len, NULL, 0, out, sizeof(out), &out_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        /* Output buffer: must hold the largest possible message (checked
         * before decrypting, whatever this message's length). */
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, ct_len, NULL, 0, out, max_msg - 1, &out_len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, ct_len, NULL, 0, out, max_msg, &out_len),
                     PSA_SUCCESS);
        CHECK(out_len == max_msg);
        CHECK_MEM(out, msg, max_msg);
        /* Short message, buffer of exactly the message length: too small. */
        CHECK_STATUS(psa_asymmetric_encrypt(pubk, alg, msg, 16, NULL, 0, ct, sizeof(ct), &ct_len), PSA_SUCCESS);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, ct_len, NULL, 0, out, 16, &out_len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, ct_len, NULL, 0, out,
                                            PSA_ASYMMETRIC_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits, alg),
                                            &out_len), PSA_SUCCESS);
        CHECK(out_len == 16);
        /* Ciphertext of the wrong length. */
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, k - 1, NULL, 0, out, sizeof(out), &out_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, k + 1, NULL, 0, out, sizeof(out), &out_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        /* Ciphertext == n and all-ones (>= n). */
        modulus_bytes(pkey, n, k);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, n, k, NULL, 0, out, sizeof(out), &out_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        memset(n, 0xff, k);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, n, k, NULL, 0, out, sizeof(out), &out_len),
                     PSA_ERROR_INVALID_ARGUMENT);
        /* Zero ciphertext: decrypts to zero, which is bad padding. */
        memset(n, 0, k);
        CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, n, k, NULL, 0, out, sizeof(out), &out_len),
                     PSA_ERROR_INVALID_PADDING);
        /* PKCS#1 v1.5 takes no label. */
        if (a == 0) {
            CHECK_STATUS(psa_asymmetric_encrypt(pubk, alg, msg, 5, msg, 3, ct, sizeof(ct), &ct_len),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_asymmetric_decrypt(pair, alg, ct, k, msg, 3, out, sizeof(out), &out_len),
                         PSA_ERROR_INVALID_ARGUMENT);
        }
        psa_destroy_key(pair);
        psa_destroy_key(pubk);
    }
    /* OAEP with SHA-512 does not fit a 1024-bit key (k < 2 hLen + 2); with
     * SHA-512 configured out, it is not supported at all. */
    if (bits == 1024) {
        const psa_status_t want = PSA_WANT_ALG_SHA_512 ? PSA_ERROR_INVALID_ARGUMENT : PSA_ERROR_NOT_SUPPORTED;
        psa_key_id_t pubk = import(PSA_KEY_TYPE_RSA_PUBLIC_KEY, ALL_USAGE, PSA_ALG_RSA_OAEP(PSA_ALG_SHA_512),
                                   pub, pub_len, 0, PSA_SUCCESS);
        uint8_t ct[200];
        size_t ct_len;
        CHECK_STATUS(psa_asymmetric_encrypt(pubk, PSA_ALG_RSA_OAEP(PSA_ALG_SHA_512), ct, 0, NULL, 0, ct,
                                            sizeof(ct), &ct_len), want);
        psa_destroy_key(pubk);
        pubk = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, PSA_ALG_RSA_OAEP(PSA_ALG_SHA_512), priv, priv_len,
                      0, PSA_SUCCESS);
        memset(ct, 0x11, 128);
        {
            uint8_t plain[200];
            size_t plain_len;
            CHECK_STATUS(psa_asymmetric_decrypt(pubk, PSA_ALG_RSA_OAEP(PSA_ALG_SHA_512), ct, 128, NULL, 0,
                                                plain, sizeof(plain), &plain_len), want);
        }
        psa_destroy_key(pubk);
    }
}

static void test_keys(const uint8_t *priv, size_t priv_len, const uint8_t *pub, size_t pub_len, size_t bits)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id;
    uint8_t out[4096];
    size_t out_len = 0;

    /* Wrong declared size, public data as a pair, pair data as public. */
    import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, 0, priv, priv_len, bits - 8, PSA_ERROR_INVALID_ARGUMENT);
    import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, 0, pub, pub_len, 0, PSA_ERROR_INVALID_ARGUMENT);
    import(PSA_KEY_TYPE_RSA_PUBLIC_KEY, ALL_USAGE, 0, priv, priv_len, 0, PSA_ERROR_INVALID_ARGUMENT);
    /* Trailing byte. */
    {
        uint8_t longer[4096];
        memcpy(longer, pub, pub_len);
        longer[pub_len] = 0;
        import(PSA_KEY_TYPE_RSA_PUBLIC_KEY, ALL_USAGE, 0, longer, pub_len + 1, 0, PSA_ERROR_INVALID_ARGUMENT);
    }
    /* Right size: the attributes report it; export round trips. */
    id = import(PSA_KEY_TYPE_RSA_KEY_PAIR, ALL_USAGE, 0, priv, priv_len, bits, PSA_SUCCESS);
    CHECK_STATUS(psa_get_key_attributes(id, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_bits(&attr) == bits);
    CHECK_STATUS(psa_export_key(id, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == priv_len && memcmp(out, priv, priv_len) == 0);
    CHECK(out_len <= PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits));
    CHECK_STATUS(psa_export_key(id, out, priv_len - 1, &out_len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_export_public_key(id, out, sizeof(out), &out_len), PSA_SUCCESS);
    CHECK(out_len == pub_len && memcmp(out, pub, pub_len) == 0);
    CHECK(out_len <= PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits));
    CHECK_STATUS(psa_export_public_key(id, out, pub_len - 1, &out_len), PSA_ERROR_BUFFER_TOO_SMALL);
    psa_destroy_key(id);
    psa_reset_key_attributes(&attr);
}

static void test_generate_bad(void)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;

    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_PUBLIC_KEY);
    psa_set_key_bits(&attr, 2048);
    CHECK(psa_generate_key(&attr, &id) != PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_bits(&attr, 512);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_bits(&attr, PICOPSA_RSA_MAX_BITS + 64);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
}

int main(void)
{
    static const unsigned sizes[2] = { 1024, 2048 };
    size_t s;

    test_rng_seed(0x50534152ull);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (s = 0; s < 2; s++) {
        EVP_PKEY *pkey = EVP_RSA_gen(sizes[s]);
        uint8_t priv[4096], pub[1024];
        unsigned char *p = priv;
        size_t priv_len, pub_len;
        priv_len = (size_t)i2d_PrivateKey(pkey, &p);
        p = pub;
        pub_len = (size_t)i2d_PublicKey(pkey, &p);
        test_signatures(pkey, priv, priv_len, pub, pub_len, sizes[s]);
        test_encryption(pkey, priv, priv_len, pub, pub_len, sizes[s]);
        test_keys(priv, priv_len, pub, pub_len, sizes[s]);
        EVP_PKEY_free(pkey);
    }
    test_generate_bad();
    return test_report("rsa_psa");
}
#endif /* TEST_HAVE_RSA */
