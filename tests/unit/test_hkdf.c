/*
 * test_hkdf.c -- HKDF (RFC 5869) through the PSA key derivation API:
 *  - RFC 5869 appendix A test cases 1-3 (SHA-256) with PSA_ALG_HKDF, and
 *    the same PRK / OKM split over PSA_ALG_HKDF_EXTRACT and
 *    PSA_ALG_HKDF_EXPAND;
 *  - every Wycheproof hkdf_sha256/384/512_test.json case: valid ones give
 *    the OKM (in one output, and in uneven pieces), SizeTooLarge ones
 *    exceed the capacity (PSA_ERROR_INSUFFICIENT_DATA);
 *  - OpenSSL's HKDF (EVP_PKEY_HKDF) for random inputs and lengths;
 *  - the white-box one-shot pp_hkdf against the same vectors.
 * The API's misuse rules are in test_kdf_misuse.c.
 */
#include <psa/crypto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "json.h"
#include "test_config.h"
#include "test_util.h"

#if !PSA_WANT_ALG_HKDF || !PSA_WANT_ALG_HKDF_EXTRACT || !PSA_WANT_ALG_HKDF_EXPAND
int main(void)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
#if !PSA_WANT_ALG_HKDF
    CHECK_STATUS(psa_key_derivation_setup(&op, PSA_ALG_HKDF(PSA_ALG_SHA_256)),
                 PSA_ERROR_NOT_SUPPORTED);
#endif
    psa_key_derivation_abort(&op);
    if (test_report("hkdf") != 0) {
        return 1;
    }
    return test_skip("hkdf", "an HKDF variant is configured out");
}
#else

#include "kdf/hkdf.h"

static void hex(const char *h, uint8_t *out, size_t n)
{
    if (test_hex_to(h, out, n) != n) {
        abort();
    }
}

/* HKDF through the operation; chunk 0: one output call. */
static psa_status_t psa_hkdf(psa_algorithm_t alg, const uint8_t *salt, size_t salt_len,
                             int with_salt, const uint8_t *ikm, size_t ikm_len,
                             const uint8_t *info, size_t info_len, uint8_t *okm, size_t okm_len,
                             size_t chunk)
{
    psa_key_derivation_operation_t op = psa_key_derivation_operation_init();
    psa_status_t status = psa_key_derivation_setup(&op, alg);
    size_t done = 0;
    int info_first = PSA_ALG_IS_HKDF(alg) && chunk % 2 == 1;
    if (status == PSA_SUCCESS && with_salt) {
        status = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, salt,
                                                salt_len);
    }
    /* HKDF's INFO may come before the secret (10.6.1 PSA_ALG_HKDF: "at any
     * time after setup"); HKDF_EXPAND's must follow it ("in the order
     * above"), as must every input of HKDF_EXTRACT. */
    if (status == PSA_SUCCESS && info_first) {
        status = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, info,
                                                info_len);
    }
    if (status == PSA_SUCCESS) {
        status = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SECRET, ikm,
                                                ikm_len);
    }
    if (status == PSA_SUCCESS && !PSA_ALG_IS_HKDF_EXTRACT(alg) && !info_first) {
        status = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, info,
                                                info_len);
    }
    while (status == PSA_SUCCESS && done < okm_len) {
        size_t n = chunk == 0 ? okm_len : chunk;
        if (n > okm_len - done) {
            n = okm_len - done;
        }
        status = psa_key_derivation_output_bytes(&op, okm + done, n);
        done += n;
    }
    CHECK_STATUS(psa_key_derivation_abort(&op), PSA_SUCCESS);
    return status;
}

/* RFC 5869 appendix A.1-A.3 (SHA-256). */
static void test_rfc5869(void)
{
    static const struct {
        const char *ikm, *salt, *info, *prk, *okm;
    } v[3] = {
        {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c",
         "f0f1f2f3f4f5f6f7f8f9",
         "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
         "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
        {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
         "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
         "404142434445464748494a4b4c4d4e4f",
         "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
         "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
         "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
         "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
         "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
         "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
         "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
         "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
         "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
         "cc30c58179ec3e87c14c01d5c1f3434f1d87"},
        {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "",
         "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
         "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"}};
    size_t i, chunk;
    for (i = 0; i < 3; i++) {
        uint8_t ikm[80], salt[80], info[80], prk[32], okm[82], out[82];
        size_t ikm_len = strlen(v[i].ikm) / 2, salt_len = strlen(v[i].salt) / 2;
        size_t info_len = strlen(v[i].info) / 2, okm_len = strlen(v[i].okm) / 2;
        hex(v[i].ikm, ikm, ikm_len);
        hex(v[i].salt, salt, salt_len);
        hex(v[i].info, info, info_len);
        hex(v[i].prk, prk, 32);
        hex(v[i].okm, okm, okm_len);
        for (chunk = 0; chunk < 34; chunk += (chunk < 3 ? 1 : 15)) {
            memset(out, 0, sizeof(out));
            CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF(PSA_ALG_SHA_256), salt, salt_len, 1, ikm, ikm_len,
                                  info, info_len, out, okm_len, chunk), PSA_SUCCESS);
            CHECK_MEM(out, okm, okm_len);
        }
        /* Test 3 has an empty salt: omitting the step is the same. */
        if (salt_len == 0) {
            CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF(PSA_ALG_SHA_256), NULL, 0, 0, ikm, ikm_len, info,
                                  info_len, out, okm_len, 0), PSA_SUCCESS);
            CHECK_MEM(out, okm, okm_len);
        }
        /* EXTRACT gives the PRK (and no more: its capacity is HashLen). */
        CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256), salt, salt_len, 1, ikm,
                              ikm_len, NULL, 0, out, 32, 0), PSA_SUCCESS);
        CHECK_MEM(out, prk, 32);
        CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256), salt, salt_len, 1, ikm,
                              ikm_len, NULL, 0, out, 32, 5), PSA_SUCCESS);
        CHECK_MEM(out, prk, 32);
        CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF_EXTRACT(PSA_ALG_SHA_256), salt, salt_len, 1, ikm,
                              ikm_len, NULL, 0, out, 33, 0), PSA_ERROR_INSUFFICIENT_DATA);
        /* EXPAND from the PRK gives the OKM. */
        for (chunk = 0; chunk < 3; chunk++) {
            CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF_EXPAND(PSA_ALG_SHA_256), NULL, 0, 0, prk, 32, info,
                                  info_len, out, okm_len, chunk), PSA_SUCCESS);
            CHECK_MEM(out, okm, okm_len);
        }
        /* The one-shot module function. */
        CHECK_STATUS(pp_hkdf(PSA_ALG_SHA_256, salt, salt_len, ikm, ikm_len, info, info_len, out,
                             okm_len), PSA_SUCCESS);
        CHECK_MEM(out, okm, okm_len);
    }
}

static psa_algorithm_t hash_of_file(const char *name)
{
    if (strstr(name, "sha256")) {
        return PSA_ALG_SHA_256;
    }
    if (strstr(name, "sha384")) {
        return PSA_ALG_SHA_384;
    }
    return PSA_ALG_SHA_512;
}

static void test_wycheproof_file(const char *name, size_t expected_tests)
{
    char path[128];
    json_value *root;
    const json_value *groups;
    psa_algorithm_t hash = hash_of_file(name);
    size_t g, t, ran = 0;
    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    root = json_parse_file(test_data_path(path));
    groups = json_get(root, "testGroups");
    for (g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (t = 0; t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            size_t ikm_len = 0, salt_len = 0, info_len = 0, okm_len = 0;
            uint8_t *ikm = test_hex_decode(json_str(json_get(tc, "ikm")), &ikm_len);
            uint8_t *salt = test_hex_decode(json_str(json_get(tc, "salt")), &salt_len);
            uint8_t *info = test_hex_decode(json_str(json_get(tc, "info")), &info_len);
            uint8_t *okm = test_hex_decode(json_str(json_get(tc, "okm")), &okm_len);
            size_t size = (size_t)json_int(json_get(tc, "size"));
            int valid = strcmp(json_str(json_get(tc, "result")), "valid") == 0;
            uint8_t *out = malloc(size + 1);
            psa_status_t status;
            long long id = json_int(json_get(tc, "tcId"));
            CHECK(out != NULL);
            if (info_len > PICOPSA_HKDF_MAX_INFO_BYTES) {
                /* Longer info than this build keeps (config.h). */
                CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF(hash), salt, salt_len, 1, ikm, ikm_len, info,
                                      info_len, out, size, 0), PSA_ERROR_INSUFFICIENT_MEMORY);
            } else if (valid) {
                CHECK(okm_len == size);
                status = psa_hkdf(PSA_ALG_HKDF(hash), salt, salt_len, 1, ikm, ikm_len, info,
                                  info_len, out, size, 0);
                if (!CHECK_STATUS(status, PSA_SUCCESS) || !CHECK_MEM(out, okm, size)) {
                    fprintf(stderr, "  %s tcId %lld\n", name, id);
                }
                status = psa_hkdf(PSA_ALG_HKDF(hash), salt, salt_len, 1, ikm, ikm_len, info,
                                  info_len, out, size, 1 + (size_t)id % 70);
                if (!CHECK_STATUS(status, PSA_SUCCESS) || !CHECK_MEM(out, okm, size)) {
                    fprintf(stderr, "  %s tcId %lld (pieces)\n", name, id);
                }
                CHECK_STATUS(pp_hkdf(hash, salt, salt_len, ikm, ikm_len, info, info_len, out,
                                     size), PSA_SUCCESS);
                CHECK_MEM(out, okm, size);
            } else {
                /* SizeTooLarge: more than 255 * HashLen bytes. */
                CHECK(size > 255u * PSA_HASH_LENGTH(hash));
                CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF(hash), salt, salt_len, 1, ikm, ikm_len, info,
                                      info_len, out, size, 0), PSA_ERROR_INSUFFICIENT_DATA);
                CHECK_STATUS(pp_hkdf(hash, salt, salt_len, ikm, ikm_len, info, info_len, out,
                                     size), PSA_ERROR_INVALID_ARGUMENT);
            }
            free(ikm);
            free(salt);
            free(info);
            free(okm);
            free(out);
            ran++;
        }
    }
    CHECK(ran == expected_tests);
    json_free(root);
}

static void ossl_hkdf(const EVP_MD *md, const uint8_t *salt, size_t salt_len,
                      const uint8_t *ikm, size_t ikm_len, const uint8_t *info,
                      size_t info_len, uint8_t *out, size_t len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    CHECK(ctx != NULL);
    CHECK(EVP_PKEY_derive_init(ctx) == 1);
    CHECK(EVP_PKEY_CTX_set_hkdf_md(ctx, md) == 1);
    CHECK(EVP_PKEY_CTX_set1_hkdf_salt(ctx, salt, (int)salt_len) == 1);
    CHECK(EVP_PKEY_CTX_set1_hkdf_key(ctx, ikm, (int)ikm_len) == 1);
    CHECK(EVP_PKEY_CTX_add1_hkdf_info(ctx, info, (int)info_len) == 1);
    CHECK(EVP_PKEY_derive(ctx, out, &len) == 1);
    EVP_PKEY_CTX_free(ctx);
}

static void test_openssl(void)
{
    static const psa_algorithm_t hashes[] = {PSA_ALG_SHA_224, PSA_ALG_SHA_256, PSA_ALG_SHA_384,
                                             PSA_ALG_SHA_512};
    unsigned i;
    for (i = 0; i < 400; i++) {
        psa_algorithm_t hash = hashes[i % 4];
        const EVP_MD *md = hash == PSA_ALG_SHA_224   ? EVP_sha224()
                           : hash == PSA_ALG_SHA_256 ? EVP_sha256()
                           : hash == PSA_ALG_SHA_384 ? EVP_sha384()
                                                     : EVP_sha512();
        uint8_t salt[200], ikm[200], info[PICOPSA_HKDF_MAX_INFO_BYTES + 1], ours[600], theirs[600];
        size_t salt_len = test_rng_range(1, sizeof(salt)), ikm_len = test_rng_range(1, 200);
        size_t info_len = test_rng_range(0, PICOPSA_HKDF_MAX_INFO_BYTES);
        size_t len = test_rng_range(1, sizeof(ours));
        if (!test_hash_built(hash)) {
            continue;
        }
        test_rng_bytes(salt, salt_len);
        test_rng_bytes(ikm, ikm_len);
        test_rng_bytes(info, info_len);
        ossl_hkdf(md, salt, salt_len, ikm, ikm_len, info, info_len, theirs, len);
        CHECK_STATUS(psa_hkdf(PSA_ALG_HKDF(hash), salt, salt_len, 1, ikm, ikm_len, info, info_len,
                              ours, len, test_rng_range(0, 80)), PSA_SUCCESS);
        CHECK_MEM(ours, theirs, len);
    }
}

int main(void)
{
    test_rng_seed(0x5869);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_rfc5869();
    if (PSA_WANT_ALG_SHA_256) {
        test_wycheproof_file("hkdf_sha256_test.json", 86);
    }
    if (PSA_WANT_ALG_SHA_384) {
        test_wycheproof_file("hkdf_sha384_test.json", 83);
    }
    if (PSA_WANT_ALG_SHA_512) {
        test_wycheproof_file("hkdf_sha512_test.json", 83);
    }
    test_openssl();
    return test_report("hkdf");
}
#endif
