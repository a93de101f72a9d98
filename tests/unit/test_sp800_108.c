/*
 * test_sp800_108.c -- SP 800-108r1 counter-mode KDF with HMAC in the PSA
 * Crypto API 1.2 format (PSA_ALG_SP800_108_COUNTER_HMAC, sec. 10.6),
 * src/kdf/sp800_108.h:
 *  - published PSA-format vectors (HMAC-SHA-256, L = 8 * output length):
 *    the two of Mbed TLS's examples/crypto/SP800-108_counter_KDF README
 *    and the four of Oberon PSA Crypto's tests/src/kdf_test.c (typed in
 *    as hex), one call and in pieces;
 *  - OpenSSL's EVP_KDF "KBKDF" (mode counter, mac HMAC, r = 32, with its
 *    default L and 0x00 separator, which give exactly PSA's
 *    [i]_4 || Label || 0x00 || Context || [L]_4) for random hashes, keys,
 *    labels, contexts and lengths, output in random pieces, and over the
 *    key's buffer;
 *  - L is part of every block: the same inputs with another total length
 *    give another stream; at the largest L (2^32 - 8 bits) K_1 equals
 *    OpenSSL's HMAC over the fixed input built by hand;
 *  - statuses: L too large, start twice or before setup, output before
 *    start or past L / 8 bytes (nothing written), a label with 0x00,
 *    a hash that is not built or not a hash.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HMAC
int main(void)
{
    return test_skip("sp800_108", "HMAC configured out");
}
#else

#include "kdf/sp800_108.h"

static const psa_algorithm_t hashes[5] = {PSA_ALG_SHA_1, PSA_ALG_SHA_224, PSA_ALG_SHA_256,
                                          PSA_ALG_SHA_384, PSA_ALG_SHA_512};

static const char *digest_name(psa_algorithm_t hash)
{
    switch (hash) {
    case PSA_ALG_SHA_1: return "SHA1";
    case PSA_ALG_SHA_224: return "SHA224";
    case PSA_ALG_SHA_256: return "SHA256";
    case PSA_ALG_SHA_384: return "SHA384";
    default: return "SHA512";
    }
}

static void ossl_kbkdf(psa_algorithm_t hash, const uint8_t *key, size_t key_len,
                       const uint8_t *label, size_t label_len, const uint8_t *context,
                       size_t context_len, uint8_t *out, size_t len)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "KBKDF", NULL);
    EVP_KDF_CTX *kctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[8];
    char mode[] = "counter", mac[] = "HMAC", digest[8];
    size_t n = 0;
    strcpy(digest, digest_name(hash));
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, mode, 0);
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, mac, 0);
    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key, key_len);
    /* OpenSSL's "salt" is the Label, "info" the Context. */
    if (label_len != 0) {
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)label,
                                                        label_len);
    }
    if (context_len != 0) {
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)context,
                                                        context_len);
    }
    params[n] = OSSL_PARAM_construct_end();
    CHECK(kctx != NULL);
    CHECK(EVP_KDF_derive(kctx, out, len, params) == 1);
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
}

/* total_len bytes in pieces of 1..max_chunk (0: one call). */
static psa_status_t kbkdf(psa_algorithm_t hash, const uint8_t *key, size_t key_len,
                          const uint8_t *label, size_t label_len, const uint8_t *context,
                          size_t context_len, uint8_t *out, size_t len, size_t max_chunk)
{
    pp_sp800_108_ctx ctx;
    size_t done = 0;
    psa_status_t status = pp_sp800_108_setup(&ctx, hash, key, key_len);
    if (status == PSA_SUCCESS) {
        status = pp_sp800_108_label_ok(label, label_len);
    }
    if (status == PSA_SUCCESS) {
        status = pp_sp800_108_start(&ctx, len);
    }
    while (status == PSA_SUCCESS && done < len) {
        size_t n = max_chunk == 0 ? len : test_rng_range(1, max_chunk);
        if (n > len - done) {
            n = len - done;
        }
        status = pp_sp800_108_output(&ctx, label, label_len, context, context_len, out + done, n);
        done += n;
    }
    pp_sp800_108_wipe(&ctx);
    return status;
}

static void test_known(void)
{
    static const char key1[] = "0102030405060708090a0b0c0d0e0d0f0102030405060708090a0b0c0d0e0d0f";
    static const char key32[] =
        "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";
    static const char label1[] = "PSA_ALG_SP800_108_COUNTER Sample";
    static const char context1[] = "Sample key creation via SP 800-108r1 Counter mode";
    static const struct {
        const char *key, *label, *context, *out;
    } v[6] = {
        /* Mbed TLS examples/crypto/SP800-108_counter_KDF/README.md */
        {key1, label1, context1,
         "8158cd6ae750690c2054be1066d2d8f34ab014d07f814cbc7d3e3dca78a93f5d6629b114b42a0464a489"},
        {key1, label1, "",
         "2fe05bd422004fa19a48cd8c9bd2ca8d3987ea6c5abcd5543aedeb04e2b7000cb6eb18c33a3d8967a7d6"},
        /* Oberon PSA Crypto tests/src/kdf_test.c, key 1..32 */
        {key32, "", "", "f8b724820df0efea81c252b67a8860b644d3c37b9fce782458214f14c661c00a"},
        {key32, "label", "", "1ee4549b549c799b2e9c6e4081c3028c03eb730845b179f1c9ce13e0c96b53f7"},
        {key32, "", "context", "3d04c0286189c8bd183d434de3c317c0ae8ca51cf6f77c8bacecd070f61529fe"},
        {key32, "label", "context",
         "86f3aa9a5a7602713f37996c288bc27ba197d5a78957ddc9640443692fb04134"}};
    size_t i, chunk;
    if (!PSA_WANT_ALG_SHA_256) {
        return;
    }
    for (i = 0; i < 6; i++) {
        uint8_t key[32], want[42], out[42];
        size_t len = strlen(v[i].out) / 2;
        CHECK(test_hex_to(v[i].key, key, sizeof(key)) == 32);
        CHECK(test_hex_to(v[i].out, want, sizeof(want)) == len);
        for (chunk = 0; chunk < 45; chunk += 11) {
            memset(out, 0, sizeof(out));
            if (!CHECK_STATUS(kbkdf(PSA_ALG_SHA_256, key, 32, (const uint8_t *)v[i].label,
                                    strlen(v[i].label), (const uint8_t *)v[i].context,
                                    strlen(v[i].context), out, len, chunk), PSA_SUCCESS) ||
                !CHECK_MEM(out, want, len)) {
                fprintf(stderr, "  vector %zu, pieces of up to %zu\n", i, chunk);
            }
        }
    }
}

static void test_openssl(void)
{
    unsigned i;
    for (i = 0; i < 400; i++) {
        psa_algorithm_t hash = hashes[i % 5];
        uint8_t key[200], label[60], context[200], ours[600], theirs[600];
        size_t key_len = test_rng_range(1, i % 4 == 0 ? sizeof(key) : 64);
        size_t label_len = test_rng_range(0, sizeof(label));
        size_t context_len = test_rng_range(0, i % 3 == 0 ? sizeof(context) : 40);
        size_t len = test_rng_range(1, sizeof(ours)), k;
        if (!test_hash_built(hash)) {
            continue;
        }
        test_rng_bytes(key, key_len);
        test_rng_bytes(label, label_len);
        for (k = 0; k < label_len; k++) {
            label[k] |= (uint8_t)(label[k] == 0);   /* PSA: no 0x00 in the label */
        }
        test_rng_bytes(context, context_len);
        ossl_kbkdf(hash, key, key_len, label, label_len, context, context_len, theirs, len);
        CHECK_STATUS(kbkdf(hash, key, key_len, label, label_len, context, context_len, ours, len,
                           test_rng_range(0, 150)), PSA_SUCCESS);
        if (!CHECK_MEM(ours, theirs, len)) {
            fprintf(stderr, "  %s key %zu label %zu context %zu len %zu\n", digest_name(hash),
                    key_len, label_len, context_len, len);
        }
        /* Output over K_IN: setup has consumed it. */
        memcpy(ours, key, key_len);
        CHECK_STATUS(kbkdf(hash, ours, key_len, label, label_len, context, context_len, ours, len,
                           0), PSA_SUCCESS);
        CHECK_MEM(ours, theirs, len);
    }
}

/* L enters every block; the largest L is 2^32 - 8. */
static void test_length(void)
{
    static const uint8_t key[16] = {7, 7, 7}, label[5] = "label", context[4] = {0, 1, 0, 2};
    uint8_t a[64], b[64], msg[4 + 5 + 1 + 4 + 4];
    unsigned int want_len = 0;
    pp_sp800_108_ctx ctx;
    if (!PSA_WANT_ALG_SHA_256) {
        return;
    }
    CHECK_STATUS(kbkdf(PSA_ALG_SHA_256, key, 16, label, 5, context, 4, a, 32, 0), PSA_SUCCESS);
    CHECK_STATUS(kbkdf(PSA_ALG_SHA_256, key, 16, label, 5, context, 4, b, 16, 0), PSA_SUCCESS);
    CHECK(memcmp(a, b, 16) != 0);

    /* K_1 at L = 8 * (2^29 - 1) = 0xfffffff8. */
    memcpy(msg, "\x00\x00\x00\x01", 4);
    memcpy(msg + 4, label, 5);
    msg[9] = 0;
    memcpy(msg + 10, context, 4);
    memcpy(msg + 14, "\xff\xff\xff\xf8", 4);
    CHECK(HMAC(EVP_sha256(), key, 16, msg, sizeof(msg), b, &want_len) != NULL && want_len == 32);
    CHECK_STATUS(pp_sp800_108_setup(&ctx, PSA_ALG_SHA_256, key, 16), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_start(&ctx, PP_SP800_108_MAX_BYTES), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, label, 5, context, 4, a, 32), PSA_SUCCESS);
    CHECK_MEM(a, b, 32);
    pp_sp800_108_wipe(&ctx);
}

static void test_negative(void)
{
    static const uint8_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint8_t out[40];
    pp_sp800_108_ctx ctx;

    CHECK_STATUS(pp_sp800_108_label_ok((const uint8_t *)"ab\0c", 4), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_sp800_108_label_ok((const uint8_t *)"\0", 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_sp800_108_label_ok((const uint8_t *)"abc", 3), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_label_ok(NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_setup(&ctx, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 8),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_sp800_108_start(&ctx, 10), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_sp800_108_setup(&ctx, PSA_ALG_SM3, key, 8), PSA_ERROR_NOT_SUPPORTED);
    if (!PSA_WANT_ALG_SHA_256) {
        return;
    }
    CHECK_STATUS(pp_sp800_108_setup(&ctx, PSA_ALG_SHA_256, key, 8), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_sp800_108_start(&ctx, (size_t)PP_SP800_108_MAX_BYTES + 1),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_sp800_108_start(&ctx, 33), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_start(&ctx, 33), PSA_ERROR_BAD_STATE);
    memset(out, 0x5a, sizeof(out));
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 34), PSA_ERROR_INSUFFICIENT_DATA);
    CHECK(out[0] == 0x5a && out[33] == 0x5a);   /* nothing written */
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 20), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out + 20, 14),
                 PSA_ERROR_INSUFFICIENT_DATA);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out + 20, 13), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 1), PSA_ERROR_INSUFFICIENT_DATA);
    pp_sp800_108_wipe(&ctx);
    CHECK_STATUS(pp_sp800_108_start(&ctx, 1), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 1), PSA_ERROR_BAD_STATE);
    /* L = 0: an empty stream. */
    CHECK_STATUS(pp_sp800_108_setup(&ctx, PSA_ALG_SHA_256, key, 8), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_start(&ctx, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_sp800_108_output(&ctx, NULL, 0, NULL, 0, out, 1), PSA_ERROR_INSUFFICIENT_DATA);
    pp_sp800_108_wipe(&ctx);
}

int main(void)
{
    test_rng_seed(0x800108);
    test_known();
    test_openssl();
    test_length();
    test_negative();
    return test_report("sp800_108");
}
#endif
