/*
 * test_tls12_prf.c -- the TLS 1.2 PRF (RFC 5246 5) and the PSK premaster
 * secret (RFC 4279 2), src/kdf/tls12_prf.h:
 *  - the P_SHA256 and P_SHA384 "test label" vectors published on the IETF
 *    TLS list (typed in as hex), one call and in pieces;
 *  - OpenSSL's EVP_KDF "TLS1-PRF" for random secrets (longer than a
 *    block too), labels, seeds up to 700 bytes (several blocks per HMAC)
 *    and lengths, output in random pieces, and over the secret's buffer;
 *  - the premaster secret byte for byte (plain PSK, an other secret, an
 *    empty one), then PSA_ALG_TLS12_PSK_TO_MS's master secret
 *    PRF(premaster, "master secret", randoms) against OpenSSL;
 *  - negative cases: hashes other than SHA-256/384, a non-hash, a context
 *    never set up, PSK and other secret too long, a small buffer.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HMAC
int main(void)
{
    return test_skip("tls12_prf", "HMAC configured out");
}
#else

#include "kdf/tls12_prf.h"

static void ossl_prf(psa_algorithm_t hash, const uint8_t *secret, size_t secret_len,
                     const uint8_t *label, size_t label_len, const uint8_t *seed, size_t seed_len,
                     uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "TLS1-PRF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[5];
    char digest[8];
    strcpy(digest, hash == PSA_ALG_SHA_256 ? "SHA256" : "SHA384");
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, (void *)secret,
                                                  secret_len);
    /* Repeated seed parameters are concatenated: label, then seed. */
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)label, label_len);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)seed, seed_len);
    params[4] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL);
    CHECK(EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

/* The stream in pieces of 1..max_chunk bytes (0: one call). */
static psa_status_t prf(psa_algorithm_t hash, const uint8_t *secret, size_t secret_len,
                        const uint8_t *label, size_t label_len, const uint8_t *seed,
                        size_t seed_len, uint8_t *out, size_t len, size_t max_chunk)
{
    pp_tls12_prf_ctx ctx;
    size_t done = 0;
    psa_status_t status = pp_tls12_prf_setup(&ctx, hash, secret, secret_len);
    while (status == PSA_SUCCESS && done < len) {
        size_t n = max_chunk == 0 ? len : test_rng_range(1, max_chunk);
        if (n > len - done) {
            n = len - done;
        }
        status = pp_tls12_prf_output(&ctx, label, label_len, seed, seed_len, out + done, n);
        done += n;
    }
    pp_tls12_prf_wipe(&ctx);
    return status;
}

/* The "test label" vectors of the IETF TLS list (2009): secret, seed,
 * label "test label", 100 bytes of P_SHA256 and 148 of P_SHA384. */
static void test_known(void)
{
    static const struct {
        psa_algorithm_t hash;
        const char *secret, *seed, *out;
    } v[2] = {
        {PSA_ALG_SHA_256, "9bbe436ba940f017b17652849a71db35", "a0ba9f936cda311827a6f796ffd5198c",
         "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e"
         "14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5"
         "a72e5a5110fff70187347b66"},
        {PSA_ALG_SHA_384, "b80b733d6ceefcdc71566ea48e5567df", "cd665cf6a8447dd6ff8b27555edb7465",
         "7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cde9ca0faa60be9fe34f82b123"
         "3c9146a0e534cb400fed2700884f9dc236f80edd8bfa961144c9e8d792eca722a7b32fc3d416d473ebc2c5fd"
         "4abfdad05d9184259b5bf8cd4d90fa0d31e2dec479e4f1a26066f2eea9a69236a3e52655c9e9aee691c8f3a2"
         "6854308d5eaa3be85e0990703d73e56f"}};
    static const uint8_t label[] = "test label";
    size_t i, chunk;
    for (i = 0; i < 2; i++) {
        uint8_t secret[16], seed[16], want[148], out[148];
        size_t len = strlen(v[i].out) / 2;
        if (!test_hash_built(v[i].hash)) {
            continue;
        }
        CHECK(test_hex_to(v[i].secret, secret, sizeof(secret)) == 16);
        CHECK(test_hex_to(v[i].seed, seed, sizeof(seed)) == 16);
        CHECK(test_hex_to(v[i].out, want, sizeof(want)) == len);
        for (chunk = 0; chunk < 60; chunk += 7) {
            memset(out, 0, sizeof(out));
            CHECK_STATUS(prf(v[i].hash, secret, 16, label, 10, seed, 16, out, len, chunk),
                         PSA_SUCCESS);
            CHECK_MEM(out, want, len);
        }
    }
}

static void test_openssl(void)
{
    unsigned i;
    for (i = 0; i < 400; i++) {
        psa_algorithm_t hash = i % 2 == 0 ? PSA_ALG_SHA_256 : PSA_ALG_SHA_384;
        uint8_t secret[300], label[40], seed[700], ours[600], theirs[600];
        size_t secret_len = test_rng_range(1, i % 4 == 0 ? sizeof(secret) : 48);
        size_t label_len = test_rng_range(0, sizeof(label));
        size_t seed_len = test_rng_range(0, i % 3 == 0 ? sizeof(seed) : 64);
        size_t len = test_rng_range(1, sizeof(ours));
        if (!test_hash_built(hash)) {
            continue;
        }
        if (label_len + seed_len == 0) {
            seed_len = 1;   /* OpenSSL wants a seed */
        }
        test_rng_bytes(secret, secret_len);
        test_rng_bytes(label, label_len);
        test_rng_bytes(seed, seed_len);
        ossl_prf(hash, secret, secret_len, label, label_len, seed, seed_len, theirs, len);
        CHECK_STATUS(prf(hash, secret, secret_len, label, label_len, seed, seed_len, ours, len,
                         test_rng_range(0, 120)), PSA_SUCCESS);
        if (!CHECK_MEM(ours, theirs, len)) {
            fprintf(stderr, "  hash %08x secret %zu label %zu seed %zu len %zu\n",
                    (unsigned)hash, secret_len, label_len, seed_len, len);
        }
        /* Output over the secret: setup has consumed it. */
        memcpy(ours, secret, secret_len);
        CHECK_STATUS(prf(hash, ours, secret_len, label, label_len, seed, seed_len, ours, len, 0),
                     PSA_SUCCESS);
        CHECK_MEM(ours, theirs, len);
    }
}

static void test_premaster(void)
{
    static const uint8_t psk[3] = {1, 2, 3}, other[2] = {0xab, 0xcd};
    static const uint8_t plain[10] = {0, 3, 0, 0, 0, 0, 3, 1, 2, 3};
    static const uint8_t with_other[9] = {0, 2, 0xab, 0xcd, 0, 3, 1, 2, 3};
    static const uint8_t empty_other[7] = {0, 0, 0, 3, 1, 2, 3};
    uint8_t pms[4 + 2 * PP_TLS12_PSK_MAX_SIZE + 1], big[PP_TLS12_PSK_MAX_SIZE + 1];
    size_t pms_len = 99;
    unsigned i;

    CHECK(PP_TLS12_PSK_MAX_SIZE == PSA_TLS12_PSK_TO_MS_PSK_MAX_SIZE);
    CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, NULL, 0, psk, 3),
                 PSA_SUCCESS);
    CHECK(pms_len == 10 && pms_len == PP_TLS12_PSK_PREMASTER_SIZE(3, 3));
    CHECK_MEM(pms, plain, 10);
    CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, other, 2, psk, 3),
                 PSA_SUCCESS);
    CHECK(pms_len == 9);
    CHECK_MEM(pms, with_other, 9);
    CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, other, 0, psk, 3),
                 PSA_SUCCESS);
    CHECK(pms_len == 7);
    CHECK_MEM(pms, empty_other, 7);
    /* Exactly big enough, one byte short. */
    CHECK_STATUS(pp_tls12_psk_premaster(pms, 10, &pms_len, NULL, 0, psk, 3), PSA_SUCCESS);
    CHECK_STATUS(pp_tls12_psk_premaster(pms, 9, &pms_len, NULL, 0, psk, 3),
                 PSA_ERROR_BUFFER_TOO_SMALL);
    CHECK(pms_len == 0);
    /* PSK limits: 128 bytes accepted, 129 refused; other secret <= 65535. */
    memset(big, 0x77, sizeof(big));
    CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, NULL, 0, big,
                                        PP_TLS12_PSK_MAX_SIZE), PSA_SUCCESS);
    CHECK(pms_len == 4 + 2 * PP_TLS12_PSK_MAX_SIZE && pms[0] == 0 && pms[1] == 128 &&
          pms[129] == 0 && pms[130] == 0 && pms[131] == 128 && pms[132] == 0x77 && pms[259] == 0x77);
    CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, NULL, 0, big,
                                        PP_TLS12_PSK_MAX_SIZE + 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, big, 0x10000, psk, 3),
                 PSA_ERROR_INVALID_ARGUMENT);

    /* PSA_ALG_TLS12_PSK_TO_MS: master secret = PRF(pms, "master secret",
     * ClientHello.random || ServerHello.random), 48 bytes, with the
     * premaster built independently here (RFC 4279 2 by hand). */
    for (i = 0; i < 40; i++) {
        psa_algorithm_t hash = i % 2 == 0 ? PSA_ALG_SHA_256 : PSA_ALG_SHA_384;
        uint8_t key[PP_TLS12_PSK_MAX_SIZE], oth[PP_TLS12_PSK_MAX_SIZE], randoms[64];
        uint8_t ref[4 + 2 * PP_TLS12_PSK_MAX_SIZE];
        uint8_t ms[48], want[48];
        size_t psk_len = test_rng_range(1, sizeof(key)), oth_len = test_rng_range(0, 66);
        int plain_psk = i % 3 == 0;
        size_t ref_len;
        if (!test_hash_built(hash)) {
            continue;
        }
        test_rng_bytes(key, psk_len);
        test_rng_bytes(oth, oth_len);
        test_rng_bytes(randoms, sizeof(randoms));
        if (plain_psk) {
            oth_len = psk_len;
            memset(oth, 0, oth_len);
        }
        ref[0] = 0;
        ref[1] = (uint8_t)oth_len;
        memcpy(ref + 2, oth, oth_len);
        ref[2 + oth_len] = 0;
        ref[3 + oth_len] = (uint8_t)psk_len;
        memcpy(ref + 4 + oth_len, key, psk_len);
        ref_len = 4 + oth_len + psk_len;
        CHECK_STATUS(pp_tls12_psk_premaster(pms, sizeof(pms), &pms_len, plain_psk ? NULL : oth,
                                            oth_len, key, psk_len), PSA_SUCCESS);
        CHECK(pms_len == ref_len);
        CHECK_MEM(pms, ref, ref_len);
        ossl_prf(hash, ref, ref_len, (const uint8_t *)"master secret", 13, randoms, 64, want, 48);
        CHECK_STATUS(prf(hash, pms, pms_len, (const uint8_t *)"master secret", 13, randoms, 64, ms,
                         48, 5), PSA_SUCCESS);
        CHECK_MEM(ms, want, 48);
    }
}

static void test_negative(void)
{
    static const uint8_t secret[4] = {1, 2, 3, 4};
    uint8_t out[8];
    pp_tls12_prf_ctx ctx;
    CHECK_STATUS(pp_tls12_prf_setup(&ctx, PSA_ALG_SHA_1, secret, 4), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_tls12_prf_output(&ctx, NULL, 0, secret, 4, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_tls12_prf_setup(&ctx, PSA_ALG_SHA_512, secret, 4), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_tls12_prf_setup(&ctx, PSA_ALG_SHA_224, secret, 4), PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_tls12_prf_setup(&ctx, PSA_ALG_HMAC(PSA_ALG_SHA_256), secret, 4),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_tls12_prf_setup(&ctx, PSA_ALG_ANY_HASH, secret, 4),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_tls12_prf_setup(&ctx, PSA_ALG_SHA_256, secret, 4),
                 PSA_WANT_ALG_SHA_256 ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_tls12_prf_output(&ctx, NULL, 0, secret, 4, out, 0),
                 PSA_WANT_ALG_SHA_256 ? PSA_SUCCESS : PSA_ERROR_BAD_STATE);
    pp_tls12_prf_wipe(&ctx);
    CHECK_STATUS(pp_tls12_prf_output(&ctx, NULL, 0, secret, 4, out, 1), PSA_ERROR_BAD_STATE);
}

int main(void)
{
    test_rng_seed(0x5246);
    test_known();
    test_openssl();
    test_premaster();
    test_negative();
    return test_report("tls12_prf");
}
#endif
