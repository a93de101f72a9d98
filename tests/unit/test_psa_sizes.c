/*
 * test_psa_sizes.c -- the buffer-size macros of include/psa/crypto_sizes.h
 * against real outputs of the mechanisms picopsa builds:
 *  - RSA 1024..PICOPSA_RSA_MAX_BITS (keys made by OpenSSL): key pair and
 *    public key exports, PSS signatures, OAEP ciphertexts and the longest
 *    OAEP plaintext fit PSA_EXPORT_KEY_OUTPUT_SIZE,
 *    PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE, PSA_SIGN_OUTPUT_SIZE,
 *    PSA_ASYMMETRIC_{EN,DE}CRYPT_OUTPUT_SIZE and their *_MAX_SIZE; a buffer
 *    of exactly the macro's size is accepted; the key pair macro covers the
 *    worst-case DER encoding computed here independently (RFC 8017 A.1.2,
 *    X.690 8.1.3 length octets);
 *  - Ed25519: exports and signatures have exactly the macro sizes;
 *  - SHA-2 and HMAC: PSA_HASH_LENGTH / PSA_MAC_LENGTH are the exact output
 *    lengths (full and truncated MACs, the truncated tag being the prefix of
 *    OpenSSL's HMAC), one byte less gives PSA_ERROR_BUFFER_TOO_SMALL.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* Bytes of a DER length field for `len` content bytes (X.690 8.1.3). */
static size_t der_length_octets(size_t len)
{
    size_t n = 1;
    if (len >= 0x80) {
        while (len != 0) {
            n++;
            len >>= 8;
        }
    }
    return n;
}

/* Largest DER INTEGER holding a non-negative value of at most `bits` bits:
 * the top bit set forces a leading 0x00 octet (X.690 8.3.2). */
static size_t der_integer_max(size_t bits)
{
    size_t content = bits / 8u + 1u;
    return 1u + der_length_octets(content) + content;
}

/* Worst-case RSAPrivateKey (RFC 8017 A.1.2) of a `bits`-bit modulus with
 * e < 2^32, d < n, and primes (so dp, dq, qinv) of at most bits/2 + 1 bits,
 * a bound wider than any balanced key. */
static size_t rsa_key_pair_der_max(size_t bits)
{
    size_t half = bits / 2u + 1u;
    size_t content = 3u /* version */ + 2u * der_integer_max(bits) + der_integer_max(32) +
                     5u * der_integer_max(half);
    return 1u + der_length_octets(content) + content;
}

/* RSAPublicKey (RFC 8017 A.1.1) with e < 2^32. */
static size_t rsa_public_der_max(size_t bits)
{
    size_t content = der_integer_max(bits) + der_integer_max(32);
    return 1u + der_length_octets(content) + content;
}

#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_SHA_256
static uint8_t *openssl_rsa_der(unsigned bits, size_t *len)
{
    EVP_PKEY *pkey = EVP_RSA_gen(bits);
    uint8_t *der = NULL;
    int n;
    if (pkey == NULL) {
        abort();
    }
    n = i2d_RSAPrivateKey(EVP_PKEY_get0_RSA(pkey), &der);
    EVP_PKEY_free(pkey);
    if (n <= 0) {
        abort();
    }
    *len = (size_t)n;
    return der;
}

static psa_key_id_t import_rsa(const uint8_t *der, size_t der_len, psa_key_usage_t usage,
                               psa_algorithm_t alg)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = PSA_KEY_ID_NULL;
    psa_set_key_type(&attr, PSA_KEY_TYPE_RSA_KEY_PAIR);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, der, der_len, &id), PSA_SUCCESS);
    return id;
}

static void test_rsa_size(unsigned bits)
{
    static uint8_t out[PSA_EXPORT_KEY_PAIR_MAX_SIZE];
    static uint8_t ct[PSA_ASYMMETRIC_ENCRYPT_OUTPUT_MAX_SIZE];
    static uint8_t msg[PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE];
    static uint8_t back[PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE];
    const psa_algorithm_t sign_alg = PSA_ALG_RSA_PSS(PSA_ALG_SHA_256);
    const psa_algorithm_t crypt_alg = PSA_ALG_RSA_OAEP(PSA_ALG_SHA_256);
    const size_t pair_size = PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits);
    const size_t pub_size = PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits);
    const size_t sig_size = PSA_SIGN_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits, sign_alg);
    const size_t ct_size =
        PSA_ASYMMETRIC_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_PUBLIC_KEY, bits, crypt_alg);
    const size_t pt_size =
        PSA_ASYMMETRIC_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, bits, crypt_alg);
    const size_t k = (bits + 7u) / 8u;
    const size_t oaep_max = k - 2u * 32u - 2u;   /* RFC 8017 7.1.1 step 1b */
    uint8_t hash[32];
    size_t der_len = 0, len = 0, sig_len = 0, ct_len = 0;
    uint8_t *der = openssl_rsa_der(bits, &der_len);
    psa_key_id_t signer, crypter;

    printf("RSA-%u: pair export %zu <= %zu (worst case %zu), public %zu\n", bits, der_len,
           pair_size, rsa_key_pair_der_max(bits), pub_size);
    /* The macros: public variants agree, per-size values within the maxima,
     * the key-pair/public bounds cover the worst-case encodings. */
    CHECK(pub_size == PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_PUBLIC_KEY, bits));
    CHECK(pub_size == PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_PUBLIC_KEY, bits));
    CHECK(pair_size <= PSA_EXPORT_KEY_PAIR_MAX_SIZE);
    CHECK(pub_size <= PSA_EXPORT_PUBLIC_KEY_MAX_SIZE);
    CHECK(pair_size <= PSA_EXPORT_ASYMMETRIC_KEY_MAX_SIZE &&
          pub_size <= PSA_EXPORT_ASYMMETRIC_KEY_MAX_SIZE);
    CHECK(pair_size >= rsa_key_pair_der_max(bits));
    CHECK(pub_size >= rsa_public_der_max(bits));
    CHECK(sig_size == k && sig_size <= PSA_SIGNATURE_MAX_SIZE);
    CHECK(ct_size == k && ct_size <= PSA_ASYMMETRIC_ENCRYPT_OUTPUT_MAX_SIZE);
    CHECK(pt_size >= oaep_max && pt_size <= PSA_ASYMMETRIC_DECRYPT_OUTPUT_MAX_SIZE);

    signer = import_rsa(der, der_len, PSA_KEY_USAGE_SIGN_HASH | PSA_KEY_USAGE_EXPORT,
                        PSA_ALG_RSA_PSS(PSA_ALG_ANY_HASH));
    crypter = import_rsa(der, der_len, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT, crypt_alg);

    /* Exports into buffers of exactly the macro's size. */
    CHECK(der_len <= pair_size);
    CHECK_STATUS(psa_export_key(signer, out, pair_size, &len), PSA_SUCCESS);
    CHECK(len == der_len && memcmp(out, der, der_len) == 0);
    CHECK_STATUS(psa_export_public_key(signer, out, pub_size, &len), PSA_SUCCESS);
    CHECK(len > k && len <= pub_size);

    /* Signature: exactly PSA_SIGN_OUTPUT_SIZE bytes, one byte less fails. */
    test_rng_bytes(hash, sizeof(hash));
    CHECK_STATUS(psa_sign_hash(signer, sign_alg, hash, sizeof(hash), out, sig_size, &sig_len),
                 PSA_SUCCESS);
    CHECK(sig_len == sig_size);
    CHECK_STATUS(psa_sign_hash(signer, sign_alg, hash, sizeof(hash), out, sig_size - 1u,
                               &sig_len), PSA_ERROR_BUFFER_TOO_SMALL);

    /* OAEP: the longest message fits, the ciphertext is exactly k bytes and
     * decrypts into a buffer of PSA_ASYMMETRIC_DECRYPT_OUTPUT_SIZE. */
    test_rng_bytes(msg, oaep_max);
    /* (The failing call first: an error wipes the output buffer.) */
    CHECK_STATUS(psa_asymmetric_encrypt(crypter, crypt_alg, msg, oaep_max, NULL, 0, ct,
                                        ct_size - 1u, &len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK_STATUS(psa_asymmetric_encrypt(crypter, crypt_alg, msg, oaep_max, NULL, 0, ct, ct_size,
                                        &ct_len), PSA_SUCCESS);
    CHECK(ct_len == ct_size);
    CHECK_STATUS(psa_asymmetric_decrypt(crypter, crypt_alg, ct, ct_len, NULL, 0, back, pt_size,
                                        &len), PSA_SUCCESS);
    CHECK(len == oaep_max && memcmp(back, msg, oaep_max) == 0);

    CHECK_STATUS(psa_destroy_key(signer), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(crypter), PSA_SUCCESS);
    OPENSSL_free(der);
}
#endif

static void test_rsa_sizes(void)
{
#if PSA_WANT_KEY_TYPE_RSA_KEY_PAIR && PSA_WANT_ALG_SHA_256
    static const unsigned sizes[] = { 1024, 1536, 2048, 3072, 4096 };
    size_t i;
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        if (sizes[i] >= PICOPSA_RSA_MIN_BITS && sizes[i] <= PICOPSA_RSA_MAX_BITS) {
            test_rsa_size(sizes[i]);
        }
    }
    /* The maxima are the largest built key's sizes. */
    CHECK(PSA_EXPORT_KEY_PAIR_MAX_SIZE ==
          PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_RSA_KEY_PAIR, PICOPSA_RSA_MAX_BITS));
#if PSA_WANT_ALG_ML_DSA
    /* ML-DSA-87's 4627 bytes, unless RSA's are longer (PICOPSA_RSA_MAX_BITS > 37016). */
    CHECK(PSA_SIGNATURE_MAX_SIZE ==
          (PICOPSA_RSA_MAX_BITS / 8 > 4627 ? PICOPSA_RSA_MAX_BITS / 8 : 4627));
#else
    CHECK(PSA_SIGNATURE_MAX_SIZE == PICOPSA_RSA_MAX_BITS / 8);
#endif
#else
    printf("RSA or SHA-256 not built: RSA size checks skipped\n");
#endif
    /* The independent DER bounds themselves, checked by hand for 2048 bits:
     * n, d: 02 82 01 01 + 257 = 261; e: 02 05 + 5 = 7; halves (1025 bits):
     * 02 81 81 + 129 = 132; version 3: content 2*261 + 7 + 5*132 + 3 = 1192,
     * 30 82 04 a8 -> 1196. Public: 261 + 7 = 268 -> 272. */
    CHECK(rsa_key_pair_der_max(2048) == 1196);
    CHECK(rsa_public_der_max(2048) == 272);
}

static void test_ed25519_sizes(void)
{
#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA
    const psa_key_type_t pair_type = PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS);
    const psa_key_type_t pub_type = PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS);
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    uint8_t out[PSA_EXPORT_KEY_PAIR_MAX_SIZE], sig[PSA_SIGNATURE_MAX_SIZE];
    const uint8_t msg[3] = { 'a', 'b', 'c' };
    psa_key_id_t id = PSA_KEY_ID_NULL;
    size_t len = 0;

    psa_set_key_type(&attr, pair_type);
    psa_set_key_bits(&attr, 255);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_EXPORT);
    psa_set_key_algorithm(&attr, PSA_ALG_PURE_EDDSA);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
    CHECK_STATUS(psa_export_key(id, out, PSA_EXPORT_KEY_OUTPUT_SIZE(pair_type, 255), &len),
                 PSA_SUCCESS);
    CHECK(len == PSA_EXPORT_KEY_OUTPUT_SIZE(pair_type, 255) && len == 32);
    CHECK_STATUS(psa_export_public_key(id, out, PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(pair_type, 255),
                                       &len), PSA_SUCCESS);
    CHECK(len == PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(pair_type, 255) &&
          len == PSA_EXPORT_KEY_OUTPUT_SIZE(pub_type, 255) && len == 32);
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig,
                                  PSA_SIGN_OUTPUT_SIZE(pair_type, 255, PSA_ALG_PURE_EDDSA), &len),
                 PSA_SUCCESS);
    CHECK(len == PSA_SIGN_OUTPUT_SIZE(pair_type, 255, PSA_ALG_PURE_EDDSA) && len == 64);
    CHECK_STATUS(psa_sign_message(id, PSA_ALG_PURE_EDDSA, msg, sizeof(msg), sig, len - 1u, &len),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(PSA_SIGN_OUTPUT_SIZE(pair_type, 255, PSA_ALG_ED25519PH) == 64);
    CHECK(PSA_SIGNATURE_MAX_SIZE >= 64 && PSA_EXPORT_KEY_PAIR_MAX_SIZE >= 32 &&
          PSA_EXPORT_PUBLIC_KEY_MAX_SIZE >= 32 && PSA_EXPORT_ASYMMETRIC_KEY_MAX_SIZE >= 32);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
#else
    printf("Ed25519 not built: Ed25519 size checks skipped\n");
#endif
}

static const EVP_MD *openssl_md(psa_algorithm_t hash)
{
    switch (hash) {
    case PSA_ALG_SHA_224: return EVP_sha224();
    case PSA_ALG_SHA_256: return EVP_sha256();
    case PSA_ALG_SHA_384: return EVP_sha384();
    default: return EVP_sha512();
    }
}

static void test_hash_mac_sizes(void)
{
    static const psa_algorithm_t hashes[] = {
#if PSA_WANT_ALG_SHA_224
        PSA_ALG_SHA_224,
#endif
#if PSA_WANT_ALG_SHA_256
        PSA_ALG_SHA_256,
#endif
#if PSA_WANT_ALG_SHA_384
        PSA_ALG_SHA_384,
#endif
#if PSA_WANT_ALG_SHA_512
        PSA_ALG_SHA_512,
#endif
    };
    static const size_t truncations[] = { 0, 4, 10, 16, 20 };
    uint8_t key[40], msg[100], out[PSA_MAC_MAX_SIZE + 1], want[EVP_MAX_MD_SIZE];
    size_t i, j, len = 0;
    unsigned want_len = 0;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(msg, sizeof(msg));
    for (i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++) {
        const psa_algorithm_t h = hashes[i];
        const size_t hlen = PSA_HASH_LENGTH(h);
        psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id = PSA_KEY_ID_NULL;

        CHECK(hlen == (size_t)EVP_MD_get_size(openssl_md(h)) && hlen <= PSA_HASH_MAX_SIZE);
        CHECK(PSA_HASH_BLOCK_LENGTH(h) == (size_t)EVP_MD_get_block_size(openssl_md(h)));
        CHECK_STATUS(psa_hash_compute(h, msg, sizeof(msg), out, hlen, &len), PSA_SUCCESS);
        CHECK(len == hlen);
        CHECK_STATUS(psa_hash_compute(h, msg, sizeof(msg), out, hlen - 1u, &len),
                     PSA_ERROR_BUFFER_TOO_SMALL);

        HMAC(openssl_md(h), key, (int)sizeof(key), msg, sizeof(msg), want, &want_len);
        CHECK(want_len == hlen);
        psa_set_key_type(&attr, PSA_KEY_TYPE_HMAC);
        psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_SIGN_MESSAGE | PSA_KEY_USAGE_EXPORT);
        psa_set_key_algorithm(&attr, PSA_ALG_AT_LEAST_THIS_LENGTH_MAC(PSA_ALG_HMAC(h), 4));
        CHECK_STATUS(psa_import_key(&attr, key, sizeof(key), &id), PSA_SUCCESS);
        CHECK_STATUS(psa_export_key(id, out, PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_HMAC,
                                                                        8u * sizeof(key)), &len),
                     PSA_SUCCESS);
        CHECK(len == sizeof(key));
        for (j = 0; j < sizeof(truncations) / sizeof(truncations[0]); j++) {
            psa_algorithm_t alg = truncations[j] == 0 ? PSA_ALG_HMAC(h) :
                                  PSA_ALG_TRUNCATED_MAC(PSA_ALG_HMAC(h), truncations[j]);
            size_t tag = PSA_MAC_LENGTH(PSA_KEY_TYPE_HMAC, 8u * sizeof(key), alg);
            CHECK(tag == (truncations[j] == 0 ? hlen : truncations[j]) && tag <= PSA_MAC_MAX_SIZE);
            CHECK_STATUS(psa_mac_compute(id, alg, msg, sizeof(msg), out, tag, &len), PSA_SUCCESS);
            CHECK(len == tag && memcmp(out, want, tag) == 0);
            CHECK_STATUS(psa_mac_compute(id, alg, msg, sizeof(msg), out, tag - 1u, &len),
                         PSA_ERROR_BUFFER_TOO_SMALL);
        }
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
    }
}

int main(void)
{
    test_rng_seed(0x53495a45ull);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_hash_mac_sizes();
    test_ed25519_sizes();
    test_rsa_sizes();
    return test_report("psa_sizes");
}
