/*
 * test_x25519.c -- X25519 (RFC 7748) in picopsa:
 *  - RFC 7748 sec. 5.2 vectors and the 1- and 1,000-iteration results
 *    (the 1,000,000-iteration one is in test_x25519_slow.c), through
 *    pp_x25519 directly (white box);
 *  - RFC 7748 sec. 6.1 (Alice and Bob) through the PSA API: import,
 *    export, export_public, psa_raw_key_agreement both ways;
 *  - every Wycheproof x25519_test.json case through psa_raw_key_agreement
 *    (valid and acceptable cases give the listed secret, the all-zero
 *    secrets of low-order public keys are refused);
 *  - OpenSSL cross-checks: random private keys (public keys and shared
 *    secrets equal both ways) and psa_generate_key pairs;
 *  - the spec's errors: sizes, X448, key types, policy, buffers, peer key
 *    length, algorithm category, outputs wiped on error;
 *  - psa_key_agreement (1.2) into DERIVE / RAW_DATA / HMAC keys.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "json.h"
#include "test_util.h"

#if !PSA_WANT_ECC_MONTGOMERY_255 || !PSA_WANT_ALG_ECDH
int main(void)
{
    static const uint8_t key[32] = {1};
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    psa_set_key_type(&attr, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY));
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
#if !PSA_WANT_ECC_MONTGOMERY_255
    CHECK_STATUS(psa_import_key(&attr, key, sizeof(key), &id), PSA_ERROR_NOT_SUPPORTED);
#else
    CHECK_STATUS(psa_import_key(&attr, key, sizeof(key), &id), PSA_SUCCESS);
    {
        uint8_t out[32];
        size_t len = 1;
        CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, key, 32, out, sizeof(out), &len),
                     PSA_ERROR_NOT_SUPPORTED);
    }
#endif
    if (test_report("x25519") != 0) {
        return 1;
    }
    return test_skip("x25519", "PSA_WANT_ECC_MONTGOMERY_255 or PSA_WANT_ALG_ECDH is 0");
}
#else

#include "x25519/x25519.h"

#define X_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)
#define X_PUBLIC PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_MONTGOMERY)

static void hex(const char *h, uint8_t *out, size_t n)
{
    if (test_hex_to(h, out, n) != n) {
        abort();
    }
}

static psa_key_id_t import(psa_key_type_t type, psa_key_usage_t usage, psa_algorithm_t alg,
                           const uint8_t *data, size_t len)
{
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0;
    psa_set_key_type(&attr, type);
    psa_set_key_usage_flags(&attr, usage);
    psa_set_key_algorithm(&attr, alg);
    CHECK_STATUS(psa_import_key(&attr, data, len, &id), PSA_SUCCESS);
    return id;
}

/* ---- RFC 7748 sec. 5.2 (white box: pp_x25519) -------------------------- */
static void test_rfc7748_function(void)
{
    static const char *const vectors[2][3] = {
        {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
         "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
         "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
        /* u has bit 255 set: it must be masked (RFC 7748 sec. 5). */
        {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
         "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
         "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"}};
    uint8_t k[32], u[32], want[32], out[32], k_copy[32];
    size_t i;
    for (i = 0; i < 2; i++) {
        hex(vectors[i][0], k, 32);
        hex(vectors[i][1], u, 32);
        hex(vectors[i][2], want, 32);
        memcpy(k_copy, k, 32);
        CHECK(pp_x25519(out, k, u) == 0);
        CHECK_MEM(out, want, 32);
        CHECK_MEM(k, k_copy, 32);   /* the caller's scalar is not clamped in place */
        /* out may alias the scalar and u */
        memcpy(out, k, 32);
        CHECK(pp_x25519(out, out, u) == 0);
        CHECK_MEM(out, want, 32);
        memcpy(out, u, 32);
        CHECK(pp_x25519(out, k, out) == 0);
        CHECK_MEM(out, want, 32);
    }
}

/* RFC 7748 sec. 5.2: k = u = 9, then k, u = X25519(k, u), k. */
static void test_rfc7748_iterations(void)
{
    uint8_t k[32] = {9}, u[32] = {9}, r[32], want[32];
    unsigned i;
    for (i = 1; i <= 1000; i++) {
        CHECK(pp_x25519(r, k, u) == 0);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == 1) {
            hex("422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079", want, 32);
            CHECK_MEM(k, want, 32);
        }
    }
    hex("684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51", want, 32);
    CHECK_MEM(k, want, 32);
}

/* ---- RFC 7748 sec. 6.1 through the PSA API ------------------------------- */
static void test_rfc7748_dh_psa(void)
{
    uint8_t a_sk[32], a_pk[32], b_sk[32], b_pk[32], k[32], out[64];
    size_t len = 0;
    psa_key_id_t alice, bob;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;

    hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a", a_sk, 32);
    hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a", a_pk, 32);
    hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb", b_sk, 32);
    hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", b_pk, 32);
    hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", k, 32);

    alice = import(X_PAIR, PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_EXPORT, PSA_ALG_ECDH, a_sk, 32);
    bob = import(X_PAIR, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, b_sk, 32);
    CHECK_STATUS(psa_get_key_attributes(alice, &attr), PSA_SUCCESS);
    CHECK(psa_get_key_bits(&attr) == 255);
    CHECK(psa_get_key_type(&attr) == X_PAIR);
    CHECK(PSA_EXPORT_KEY_OUTPUT_SIZE(X_PAIR, 255) == 32);
    CHECK(PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(X_PAIR, 255) == 32);
    CHECK(PSA_RAW_KEY_AGREEMENT_OUTPUT_SIZE(X_PAIR, 255) == 32);

    CHECK_STATUS(psa_export_public_key(alice, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, a_pk, 32);
    CHECK_STATUS(psa_export_public_key(bob, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK_MEM(out, b_pk, 32);
    CHECK_STATUS(psa_export_key(alice, out, sizeof(out), &len), PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, a_sk, 32);   /* the imported bytes, not clamped */
    CHECK_STATUS(psa_export_key(bob, out, sizeof(out), &len), PSA_ERROR_NOT_PERMITTED);

    memset(out, 0, sizeof(out));
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, alice, b_pk, 32, out, 32, &len),
                 PSA_SUCCESS);
    CHECK(len == 32);
    CHECK_MEM(out, k, 32);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, bob, a_pk, 32, out, sizeof(out), &len),
                 PSA_SUCCESS);
    CHECK_MEM(out, k, 32);
    /* Spec 5.4.4: the output may be the peer key's buffer. */
    memcpy(out, a_pk, 32);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, bob, out, 32, out, 32, &len), PSA_SUCCESS);
    CHECK_MEM(out, k, 32);

    /* The public key alone. */
    {
        psa_key_id_t pub = import(X_PUBLIC, 0, 0, a_pk, 32);
        CHECK_STATUS(psa_export_key(pub, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK_MEM(out, a_pk, 32);
        CHECK_STATUS(psa_export_public_key(pub, out, sizeof(out), &len), PSA_SUCCESS);
        CHECK_MEM(out, a_pk, 32);
        /* A public key cannot agree (spec 10.9.3: a key pair). */
        CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
        pub = import(X_PUBLIC, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, a_pk, 32);
        memset(out, 0x55, sizeof(out));
        len = 7;
        CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, pub, b_pk, 32, out, 32, &len),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK(len == 0);
        CHECK_STATUS(psa_destroy_key(pub), PSA_SUCCESS);
    }

    /* psa_key_agreement (1.2): the secret as a new key. */
    {
        static const psa_key_type_t types[] = {PSA_KEY_TYPE_DERIVE, PSA_KEY_TYPE_RAW_DATA,
                                               PSA_KEY_TYPE_HMAC};
        size_t i;
        for (i = 0; i < 3; i++) {
            psa_key_attributes_t ka = PSA_KEY_ATTRIBUTES_INIT;
            psa_key_id_t shared = 5;
            psa_set_key_type(&ka, types[i]);
            psa_set_key_usage_flags(&ka, PSA_KEY_USAGE_EXPORT);
            CHECK_STATUS(psa_key_agreement(alice, b_pk, 32, PSA_ALG_ECDH, &ka, &shared),
                         PSA_SUCCESS);
            CHECK_STATUS(psa_export_key(shared, out, sizeof(out), &len), PSA_SUCCESS);
            CHECK(len == 32);
            CHECK_MEM(out, k, 32);
            CHECK_STATUS(psa_get_key_attributes(shared, &attr), PSA_SUCCESS);
            CHECK(psa_get_key_bits(&attr) == 256);
            CHECK_STATUS(psa_destroy_key(shared), PSA_SUCCESS);
        }
        {
            psa_key_attributes_t ka = PSA_KEY_ATTRIBUTES_INIT;
            psa_key_id_t shared = 5;
            psa_set_key_type(&ka, PSA_KEY_TYPE_DERIVE);
            psa_set_key_bits(&ka, 128);   /* not the secret's size */
            CHECK_STATUS(psa_key_agreement(alice, b_pk, 32, PSA_ALG_ECDH, &ka, &shared),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK(shared == PSA_KEY_ID_NULL);
            psa_set_key_bits(&ka, 0);
            psa_set_key_type(&ka, X_PAIR);   /* not an agreement output type (spec 10.9.2) */
            CHECK_STATUS(psa_key_agreement(alice, b_pk, 32, PSA_ALG_ECDH, &ka, &shared),
                         PSA_ERROR_INVALID_ARGUMENT);
            psa_set_key_type(&ka, PSA_KEY_TYPE_DERIVE);
            CHECK_STATUS(psa_key_agreement(alice, b_pk, 31, PSA_ALG_ECDH, &ka, &shared),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_key_agreement(alice, b_pk, 32, PSA_ALG_HKDF(PSA_ALG_SHA_256), &ka,
                                           &shared), PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_key_agreement(alice, b_pk, 32, PSA_ALG_ECDH, &ka, NULL),
                         PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_key_agreement(0x777, b_pk, 32, PSA_ALG_ECDH, &ka, &shared),
                         PSA_ERROR_INVALID_HANDLE);
        }
    }
    CHECK_STATUS(psa_destroy_key(alice), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(bob), PSA_SUCCESS);
}

/* ---- the spec's errors ----------------------------------------------------- */
static void test_errors(void)
{
    uint8_t sk[32], pk[33], out[32];
    size_t len = 0;
    psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t id = 0, key;

    memset(sk, 0x42, sizeof(sk));
    memset(pk, 0x09, sizeof(pk));
    psa_set_key_type(&attr, X_PAIR);
    psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
    /* Sizes: 255 bits / 32 bytes; X448 is not built. */
    CHECK_STATUS(psa_import_key(&attr, sk, 31, &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_import_key(&attr, sk, 0, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 256);
    CHECK_STATUS(psa_import_key(&attr, sk, 32, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 448);
    CHECK_STATUS(psa_import_key(&attr, sk, 32, &id), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_NOT_SUPPORTED);
    psa_set_key_bits(&attr, 0);
    {
        uint8_t x448[56] = {1};
        CHECK_STATUS(psa_import_key(&attr, x448, 56, &id), PSA_ERROR_NOT_SUPPORTED);
    }
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);   /* bits 0 */
    psa_set_key_bits(&attr, 254);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    psa_set_key_bits(&attr, 255);
    psa_set_key_type(&attr, X_PUBLIC);
    CHECK_STATUS(psa_generate_key(&attr, &id), PSA_ERROR_INVALID_ARGUMENT);
    CHECK(id == 0);
    psa_set_key_type(&attr, X_PAIR);
    CHECK_STATUS(psa_import_key(&attr, sk, 32, &id), PSA_SUCCESS);

    /* Export buffers. */
    CHECK_STATUS(psa_export_public_key(id, out, 31, &len), PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(len == 0);

    /* Agreement arguments. */
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 31, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 33, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 0, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    memset(out, 0x77, sizeof(out));
    len = 3;
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 32, out, 31, &len),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(len == 0);
    {
        static const uint8_t zero[31];
        CHECK_MEM(out, zero, 31);   /* wiped */
    }
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, NULL, 32, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 32, NULL, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 32, out, 32, NULL),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* Not a raw key agreement: a KDF, an agreement with a KDF, a hash. */
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_HKDF(PSA_ALG_SHA_256), id, pk, 32, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH,
                                                             PSA_ALG_HKDF(PSA_ALG_SHA_256)),
                                       id, pk, 32, out, 32, &len), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_SHA_256, id, pk, 32, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    /* FFDH is a raw agreement the key policy does not permit here. */
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_FFDH, id, pk, 32, out, 32, &len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, 0x777, pk, 32, out, 32, &len),
                 PSA_ERROR_INVALID_HANDLE);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 32, out, 32, &len), PSA_SUCCESS);
    CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);

    /* Policy: DERIVE usage and the algorithm. */
    key = import(X_PAIR, PSA_KEY_USAGE_EXPORT, PSA_ALG_ECDH, sk, 32);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, key, pk, 32, out, 32, &len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
    key = import(X_PAIR, PSA_KEY_USAGE_DERIVE, PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH,
                                                                    PSA_ALG_HKDF(PSA_ALG_SHA_256)),
                 sk, 32);
    /* An agreement+KDF policy does not permit the raw agreement. */
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, key, pk, 32, out, 32, &len),
                 PSA_ERROR_NOT_PERMITTED);
    CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
    /* A key of another type. */
    key = import(PSA_KEY_TYPE_DERIVE, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, sk, 32);
    CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, key, pk, 32, out, 32, &len),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(psa_destroy_key(key), PSA_SUCCESS);
}

/* ---- Wycheproof ---------------------------------------------------------- */
static void test_wycheproof(void)
{
    json_value *root = json_parse_file(test_data_path("vectors/wycheproof/x25519_test.json"));
    const json_value *groups = json_get(root, "testGroups");
    size_t g, t, ran = 0, zero = 0;
    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        CHECK(strcmp(json_str(json_get(json_at(groups, g), "curve")), "curve25519") == 0);
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            const json_value *flags = json_get(tc, "flags");
            uint8_t sk[32], pk[32], want[32], out[32];
            size_t len = 0, f;
            int zero_secret = 0;
            psa_key_id_t id;
            psa_status_t status;
            hex(json_str(json_get(tc, "private")), sk, 32);
            hex(json_str(json_get(tc, "public")), pk, 32);
            hex(json_str(json_get(tc, "shared")), want, 32);
            for (f = 0; f < json_len(flags); f++) {
                zero_secret |= strcmp(json_str(json_at(flags, f)), "ZeroSharedSecret") == 0;
            }
            /* Only valid and acceptable cases exist in this file. */
            CHECK(strcmp(json_str(json_get(tc, "result")), "invalid") != 0);
            id = import(X_PAIR, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, sk, 32);
            memset(out, 0xa5, sizeof(out));
            status = psa_raw_key_agreement(PSA_ALG_ECDH, id, pk, 32, out, 32, &len);
            if (zero_secret) {
                /* RFC 7748 sec. 6.1: the all-zero secret is refused. */
                static const uint8_t zeros[32];
                if (!CHECK_STATUS(status, PSA_ERROR_INVALID_ARGUMENT)) {
                    fprintf(stderr, "  tcId %lld\n", json_int(json_get(tc, "tcId")));
                }
                CHECK_MEM(want, zeros, 32);
                CHECK(len == 0);
                zero++;
            } else {
                if (!CHECK_STATUS(status, PSA_SUCCESS) || !CHECK_MEM(out, want, 32)) {
                    fprintf(stderr, "  tcId %lld\n", json_int(json_get(tc, "tcId")));
                }
            }
            CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
            ran++;
        }
    }
    CHECK(ran == 518);
    CHECK(zero == 31);
    json_free(root);
}

/* ---- OpenSSL cross-checks -------------------------------------------------- */
static EVP_PKEY *ossl_private(const uint8_t sk[32])
{
    return EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
}

static void ossl_derive(EVP_PKEY *priv, const uint8_t peer[32], uint8_t out[32])
{
    EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(priv, NULL);
    size_t len = 32;
    CHECK(pub != NULL && ctx != NULL);
    CHECK(EVP_PKEY_derive_init(ctx) == 1);
    CHECK(EVP_PKEY_derive_set_peer(ctx, pub) == 1);
    CHECK(EVP_PKEY_derive(ctx, out, &len) == 1 && len == 32);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pub);
}

static void test_openssl(void)
{
    unsigned i;
    for (i = 0; i < 300; i++) {
        uint8_t sk[32], peer_sk[32], pk[32], peer_pk[32], ours[32], theirs[32];
        size_t len = 0;
        psa_key_id_t id, peer;
        EVP_PKEY *o, *op;
        test_rng_bytes(sk, 32);
        test_rng_bytes(peer_sk, 32);
        if (i == 0) {
            memset(sk, 0xff, 32);   /* clamping edge cases */
        } else if (i == 1) {
            memset(sk, 0, 32);
        }
        o = ossl_private(sk);
        op = ossl_private(peer_sk);
        CHECK(o != NULL && op != NULL);
        len = 32;
        CHECK(EVP_PKEY_get_raw_public_key(op, peer_pk, &len) == 1);
        /* Half the keys come from the PSA import, half from generation. */
        if (i % 2 == 0) {
            id = import(X_PAIR, PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_EXPORT, PSA_ALG_ECDH, sk, 32);
        } else {
            psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
            psa_set_key_type(&attr, X_PAIR);
            psa_set_key_bits(&attr, 255);
            psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_DERIVE | PSA_KEY_USAGE_EXPORT);
            psa_set_key_algorithm(&attr, PSA_ALG_ECDH);
            CHECK_STATUS(psa_generate_key(&attr, &id), PSA_SUCCESS);
            CHECK_STATUS(psa_export_key(id, sk, 32, &len), PSA_SUCCESS);
            EVP_PKEY_free(o);
            o = ossl_private(sk);
        }
        len = 32;
        CHECK(EVP_PKEY_get_raw_public_key(o, theirs, &len) == 1);
        CHECK_STATUS(psa_export_public_key(id, pk, 32, &len), PSA_SUCCESS);
        CHECK_MEM(pk, theirs, 32);
        CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, id, peer_pk, 32, ours, 32, &len),
                     PSA_SUCCESS);
        ossl_derive(op, pk, theirs);
        CHECK_MEM(ours, theirs, 32);
        /* Our peer key into OpenSSL's agreement, and the reverse direction. */
        peer = import(X_PAIR, PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH, peer_sk, 32);
        CHECK_STATUS(psa_raw_key_agreement(PSA_ALG_ECDH, peer, pk, 32, theirs, 32, &len),
                     PSA_SUCCESS);
        CHECK_MEM(ours, theirs, 32);
        ossl_derive(o, peer_pk, theirs);
        CHECK_MEM(ours, theirs, 32);
        CHECK_STATUS(psa_destroy_key(id), PSA_SUCCESS);
        CHECK_STATUS(psa_destroy_key(peer), PSA_SUCCESS);
        EVP_PKEY_free(o);
        EVP_PKEY_free(op);
    }
}

int main(void)
{
    test_rng_seed(0x25519);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_rfc7748_function();
    test_rfc7748_iterations();
    test_rfc7748_dh_psa();
    test_errors();
    test_wycheproof();
    test_openssl();
    return test_report("x25519");
}
#endif
